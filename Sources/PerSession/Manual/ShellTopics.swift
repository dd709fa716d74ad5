import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The manual's topics on running per: the interactive shell, scripts, the kept session,
/// storage, JSON output and limits.
extension ManualTopic {
    static let shellTopics: [ManualTopic] = [shell, scripts, session, storage, json, limits]

    static let shell = ManualTopic("shell", "The interactive shell", "line editing, history, completion, Ctrl-C", [
        .paragraph("On a terminal per edits lines with libedit when the machine has it (loaded at run time; without it, "
            + "or with TERM=dumb, lines are read plainly with the same results)."),
        .list(["Up and Down walk the history, Ctrl-R searches it. History is kept in $PER_HOME/history (1,000 lines; "
                + "--no-history neither reads nor writes it).",
               "Tab completes command names, variables, functions, units of the dimension that fits, estimator keys "
                + "(boiler st⇥ offers steam= and stock=) and their words, type and basis arguments, help topics, and "
                + "saved-set names after recall and forget.",
               "Ctrl-C abandons the line, or cancels a statement that is running (the session stays as it was before "
                + "it); Ctrl-D, quit, exit or Ctrl-\\ leaves.",
               "An error shows a caret under the column it is about, lined up by display width.",
               "Every character typed reaches per as typed (−, ×, ÷, €, °, accented and CJK letters), in a UTF-8 "
                + "locale and under LANG=C alike.",
               "Text that came from a user or a file (product and set names, file names, words echoed in errors) never "
                + "reaches the terminal as a control sequence: names holding a control or format character are refused, "
                + "and anything of the kind that still arrives is shown visibly (^[ for ESC, \\u202E for a bidi "
                + "override). Tables line up by display width, CJK and emoji counting two columns.",
               "Tables fit the terminal's width (or COLUMNS when set; pipes and files get whole lines): the bars go "
                + "first, then long names are cut with …; a number or unit is never cut, and a table that still does "
                + "not fit is printed whole."]),
        .paragraph("Completion of the per command itself (options, --color values, script files) is in completions/ "
            + "of the source: source per.bash from ~/.bashrc; copy _per into a directory on zsh's $fpath before "
            + "compinit; copy per.fish to ~/.config/fish/completions/."),
    ])

    static let scripts = ManualTopic("scripts", "Scripts and pipes", "per -e, script files, stdin, exit status", [
        .paragraph("Without a terminal, per reads statements from standard input and prints only results, so it fits in "
            + "pipelines and scripts. per -e STMT runs statements (repeatable), per FILE… runs script files in one "
            + "session, and - is standard input."),
        .example(["$ printf '3*1.99\\n1/3\\n' | per", "5.97", "≈ 0.333333333333",
                  "$ per -e 'x = 2^10' -e 'x / 3'", "x = 1024", "≈ 341.333333333"]),
        .paragraph("Statements are separated by newlines or ; (also inside one -e), and # starts a comment. Errors go "
            + "to standard error with their place, as prices.per:3:5: error: division by zero; the remaining "
            + "statements still run, and the exit status is 1 if any failed. A script that cannot be read is reported "
            + "and the others still run, with status 66; quit ends the input it is in (the -e statements, one file, "
            + "or standard input)."),
        .paragraph("Inputs are read as streams, a line at a time, so a pipe or an endless file never fills memory: a "
            + "line longer than 100,000 bytes is refused as it arrives, and a UTF-8 byte-order mark at the start is "
            + "ignored. Writing to a closed pipe (per … | head -1) ends quietly with the status the statements earned; "
            + "any other write error (a full disk) is reported and exits 74."),
    ])

    static let session = ManualTopic("session", "The kept session", "restored at start, new, --fresh, undo", [
        .paragraph("The interactive shell keeps its session (variables, functions, rates, estimator inputs, the shopping "
            + "lists with their drafts, deals, bases, currencies and needs, and digits) in $PER_HOME/session.json, rewritten "
            + "atomically once it has changed: when the shell is idle at its prompt, at most every half second while a "
            + "paste is arriving, at exit, and on SIGTERM or SIGHUP. A kill loses at most the last second. It is "
            + "restored the next time the shell starts, with a line saying what it holds."),
        .list(["undo takes back the last statement that changed the session (up to \(UndoHistory.limit) steps, each "
                + "saying what it took back); redo puts it back; a new change forgets what redo had. recall, clear, "
                + "remove, estimator runs and assignments are all steps.",
               "new, or starting with per --fresh, begins empty; the session before is kept as the saved set "
                + "'last session' (recall \"last session\").",
               "Batch runs, -e and script files neither read nor write the session, and keep no undo history, unless "
                + "--session is given.",
               "A session.json that cannot be read is moved aside with a warning and the shell starts empty; one from "
                + "a newer per is left as it is and this session is not kept.",
               "Two shells at once lose nothing: a shell about to replace a session another shell wrote after it "
                + "started first keeps that one as a saved set ('session of DATE') and says so; the next start lists "
                + "such sets."]),
    ])

    static let storage = ManualTopic("storage", "Saved sets and files", "save, recall, where files live, safety", [
        .paragraph("save NAME keeps every variable and estimator input (with their units), the functions, the exchange "
            + "rates, the shopping lists with their types, bases, currencies, deals, drafts and needs, and the last estimate's "
            + "result, stamped with the date and time. saved lists the sets, recall NAME restores one and shows the "
            + "calculation again, forget NAME deletes one. Saving inputs that another set already holds is refused, "
            + "naming that set; a name that exists needs save NAME --replace; a name must not be a number. save NAME "
            + "ESTIMATOR (save t1 cooling) keeps that estimator's inputs alone, and recall NAME puts them in place of its "
            + "inputs, the rest of the session as it was; an estimator's name after the name is always the estimator, so "
            + "a name ending in one is quoted (save \"t1 cooling\")."),
        .paragraph("The files live in $PER_HOME, else $XDG_DATA_HOME/per (only when that is an absolute path), else "
            + "~/.local/share/per: saved.json, session.json, history, prices.csv and rates.csv (rates import). Storage cannot be turned against its user:"),
        .list(["The directory is created 0700 and must be the user's own and writable by no one else, or per refuses "
                + "it. A symbolic link to it is followed only when the link is the user's too and the directory it "
                + "leads to passes the same checks.",
               "Files are 0600 whatever the umask. A write goes to a new temporary file (created exclusively under an "
                + "unpredictable name, never through a link), synced, then renamed over the old file, so a crash never "
                + "leaves half a file. Only regular files are read.",
               "Writers (save, forget, each history line) hold an advisory lock (saved.json.lock, history.lock) for "
                + "their whole read-modify-write, so two shells saving at once both keep their sets and history lines. "
                + "A wait for the lock gives a notice after half a second, Ctrl-C cancels it, and after 5 seconds it "
                + "fails. Reading takes no lock and works in a read-only directory.",
               "saved.json is versioned JSON; a file written by an earlier per is read and upgraded without loss. A set "
                + "that breaks a rule of typed input (an unknown word, a wrong type, a value out of range) is left out "
                + "with a warning naming it, and before a write drops it the file as it was is copied to "
                + "saved.json.corrupt-TIME. A file from a newer per is refused and left as it is. saved.json and "
                + "session.json over 64 MB are refused. A storage problem fails the statement and the session goes on.",
               "The history keeps the last 1,000 lines, one a line (a backslash written \\\\, a line break \\n, another "
                + "control character as \\ooo in octal, so the file never holds an escape sequence); each line is "
                + "merged into the file as it is entered."]),
    ])

    static let json = ManualTopic("json", "JSON output", "per --json: one object per statement", [
        .paragraph("per --json prints one JSON object per statement, one a line, always with \"input\" (the statement "
            + "text) and \"ok\" (true or false). A failure has \"error\" (the message) and \"column\" (1-based, within "
            + "the input). An expression or assignment has \"value\" (the magnitude as displayed, without ≈), \"exact\" "
            + "and, for a quantity, \"unit\" (as displayed: \"kg\", \"per kg\", \"€/kg\"); a value in a list of units "
            + "(80 kg to st lb) adds \"parts\", each part's \"value\" and \"unit\" as the text shows them; an assignment "
            + "adds \"name\". A time of day or a date with a time is ISO 8601 (\"01:00:00\", \"2026-12-24T18:00:00\"); "
            + "a time past midnight (22:00 + 3 h) adds \"days_later\", the days it passed (1; negative before)."),
        .example(["$ per --json -e '1/3' -e '2.49 per 500 g' -e '1/0'",
                  "{\"input\":\"1/3\",\"ok\":true,\"value\":\"0.333333333333\",\"exact\":false}",
                  "{\"input\":\"2.49 per 500 g\",\"ok\":true,\"value\":\"4.98\",\"exact\":true,\"unit\":\"per kg\"}",
                  "{\"input\":\"1/0\",\"ok\":false,\"error\":\"division by zero\",\"code\":\"division_by_zero\",\"column\":2}"]),
        .list(["Estimators: \"estimator\", \"inputs\" (each as used), \"result\" (an object of numbers) and \"warnings\" "
                + "(an array of strings). Result keys: dose amount, unit, load_kg, hardness_mmol_l, band, and with a "
                + "price cost_per_load, loads_per_pack, cost_month, cost_year, currency, and with a pack and loads lasts_weeks; boiler "
                + "blowdown_kg_h, blowdown_pct, feedwater_kg_h, makeup_kg_h, feed_tds, cycles, sulphite_ppm, "
                + "sulphite_kg_day, internal_kg_day, amine_kg_day; cooling evaporation, drift, bleed, makeup (m³/h), "
                + "inhibitor_kg_day, biocide_kg, half_life_h; invest balance, deposited, interest, fees; and the plan's "
                + "keys ('help planning').",
               "compare: \"basis\" (as \"1 kg\") and \"rows\", each with rank, id, name, price, quantity, unit, "
                + "unit_price, shelf_unit_price, deal, deal_applies, deal_quantity and vs_best_pct. add: \"product\". "
                + "convert: \"result\" with value and unit, and \"from\". rates (and rate): \"rates\", the lines as the text shows them, and "
                + "\"rate_table\", each rate with from, to, rate (how many of to one from is worth), date and source "
                + "(null and \"typed\" for a rate set in the session).",
               "plan: \"stores\" (each with store, total, null when it lacks a list, missing lists with their products, "
                + "and picks), \"best_store\", \"split\" and \"split_total\" (null when a list has no price at any "
                + "store, named in \"unmet\"); a pick has list, product, store, packs, cost, leftover, unit, date and deal. "
                + "Observations of the price book (seen, history, worth, where) have \"packs\", null for one pack.",
               "A number outside the range of a JSON double is written as a string. Numbers are never grouped. New "
                + "outputs add keys; existing keys keep their meaning."]),
        .heading("Error codes"),
        .paragraph("Each error carries \"code\", a stable name of what went wrong that scripts can test; it stays the "
            + "same when the wording changes:"),
        .table(ProblemCode.allCases.map { [$0.rawValue, $0.summary] }),
    ])

    static let limits = ManualTopic("limits", "Limits", "what per refuses, and why", [
        .paragraph("Hostile input fails fast with an error: expressions nest at most 200 levels, a statement has at most "
            + "4,000 tokens, a line at most 100,000 bytes, exact numbers at most 4,096 bits a numerator or denominator "
            + "(beyond that, approximate with proven bounds), an approximate result within ±1e100000 (2^2^40 is "
            + "refused at once: a power's size is bounded from its logarithm before it is computed), sin and cos of "
            + "values up to 2^8192 in size, estimator inputs from 1e-1200 to 1e1200 in size, and n! for n up to 3,000. "
            + "In the shell, Ctrl-C cancels any statement still running."),
    ])
}

extension CommandManual {
    static let shell: [Command: [ManualBlock]] = [
        .shell(.undo): [
            .paragraph("undo and redo work in the interactive shell and in batch runs with --session; 'help session' "
                + "tells how the session is kept."),
        ],
        .savedSets(.save): [
            .paragraph("'help storage' tells where the sets are kept and how the file is protected."),
        ],
    ]
}
