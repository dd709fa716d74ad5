#!/usr/bin/env bash
# Fuzzes per's core with libFuzzer for a bounded time, four targets in turn:
#   statements  (FuzzStatements.swift): lines of statements run in one session;
#   grammar     (FuzzGrammar.swift):    bytes read as choices that build statements from
#                                       per's grammar, run in one session;
#   saved-sets  (FuzzSavedSets.swift):  bytes read as saved.json, every set recalled
#                                       and used, and what results saved and read back;
#   tzif        (FuzzTZif.swift):       bytes read as a time-zone file, what reads asked
#                                       for offsets and local times.
#   bash Tests/Fuzz/run.sh [SECONDS]     (default 60, split between the targets; CI runs 40)
#   bash Tests/Fuzz/run.sh SECONDS NAME  (one target for all the time)
# Seeds: the transcripts' statements and StatementSeeds/ (inputs that once crashed or
# hung per), GrammarSeeds/ (choices that build statements that once crashed or were
# misread, such as `seen 2.49 1 kg Milk @ Lidl`), and the saved.json files in
# SavedSetsSeeds/ (with the dictionary saved-sets.dict), and the zone files of
# Tests/PerCoreTests/Fixtures/zoneinfo.
# A run stops on an input that takes over 60 s: the instrumented build is several times
# slower than a release build, where every statement answers within a second, and an
# input is up to ten statements.
# A crash leaves its input in .build-fuzz/TARGET/crash-* and the script exits 1; add that
# input to the tests when fixing it.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v swiftc >/dev/null 2>&1 || export PATH="$PATH:/opt/swift/usr/bin"
seconds="${1:-60}"
only="${2:-}"
targets=$([ -n "$only" ] && echo 1 || echo 4)
each=$(( seconds / targets > 0 ? seconds / targets : 1 ))
out=.build-fuzz
mkdir -p "$out/lib"

# The core once, layer by layer in Package.swift's order, each an instrumented static
# library with its module, which the fuzz targets link. `package` declarations are
# shared within one package name, as SwiftPM shares them.
layers="PerNumbers PerUnits PerLanguage PerTools PerSession"
rm -f "$out"/lib/lib*.a "$out"/fuzz-*
for layer in $layers; do
    swiftc -O -sanitize=fuzzer -parse-as-library -package-name per -module-name "$layer" -emit-library -static \
        -I "$out/lib" -emit-module -emit-module-path "$out/lib/$layer.swiftmodule" \
        $(find "Sources/$layer" -name '*.swift' | sort) -o "$out/lib/lib$layer.a" 2>&1 | grep -E "error" || true
    [ -f "$out/lib/lib$layer.a" ] || { echo "the core ($layer) did not build for fuzzing"; exit 1; }
done
# Linked from the top layer down, so each library finds what it uses in the next.
libraries=$(for layer in $layers; do echo "-l$layer"; done | tac | tr '\n' ' ')

build() { # NAME SOURCE
    swiftc -O -sanitize=fuzzer -parse-as-library -I "$out/lib" -L "$out/lib" $libraries \
        "Tests/Fuzz/$2" Tests/TestSupport/SessionLines.swift -o "$out/fuzz-$1" 2>&1 | grep -E "error" || true
    [ -x "$out/fuzz-$1" ] || { echo "the fuzz target $1 did not build"; exit 1; }
}
build statements FuzzStatements.swift
build grammar FuzzGrammar.swift
build saved-sets FuzzSavedSets.swift
build tzif FuzzTZif.swift

# Seeds: one per transcript statement; the saved-sets files as they are.
mkdir -p "$out/statements/corpus" "$out/grammar/corpus" "$out/saved-sets/corpus" "$out/tzif/corpus"
grep -h '^< ' Tests/PerTranscriptTests/Transcripts/*.transcript | cut -c3- | split -l 1 - "$out/statements/corpus/seed-"
cp Tests/Fuzz/StatementSeeds/* "$out/statements/corpus/"
cp Tests/Fuzz/GrammarSeeds/* "$out/grammar/corpus/"
cp Tests/Fuzz/SavedSetsSeeds/*.json "$out/saved-sets/corpus/"
find Tests/PerCoreTests/Fixtures/zoneinfo -type f | while read -r zone; do cp "$zone" "$out/tzif/corpus/$(echo "$zone" | tr / -)"; done

# Swift's backtracer would catch a crash before libFuzzer writes the crash-* file.
export SWIFT_BACKTRACE=enable=no
status=0
run() { # NAME MAX_LEN [LIBFUZZER OPTIONS…]
    local name="$1" length="$2"
    shift 2
    [ -z "$only" ] || [ "$only" = "$name" ] || return 0
    echo "fuzzing $name for $each s"
    (cd "$out/$name" && "../fuzz-$name" -max_total_time="$each" -max_len="$length" -timeout=60 -rss_limit_mb=1024 \
        -artifact_prefix=./ "$@" corpus > fuzz.log 2>&1) || {
        status=1
        echo "fuzz target $name failed; its input is in $out/$name/:"
        ls "$out/$name" | grep -E '^(crash|timeout|oom|leak)-' || true
    }
    grep -E 'Done [0-9]+ runs|ERROR|SUMMARY|Fatal error|deadly signal' "$out/$name/fuzz.log" | tail -5 || true
}
run statements 512
# Whole sessions from the start: libFuzzer would otherwise try 4-byte inputs (one
# statement) for the first minutes.
run grammar 256 -len_control=0
# The file's keys, words and units, so mutations make sets that read.
run saved-sets 4096 -dict="$PWD/Tests/Fuzz/saved-sets.dict"
run tzif 8192
exit $status
