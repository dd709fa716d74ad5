import PerNumbers
import PerUnits
import PerTools
import PerLanguage

/// The manual's estimator topics: how inputs are given and kept, plant planning, and the
/// formulas behind `dose`, `boiler`, `deaerator`, `cooling` and `invest` (their inputs come from their
/// declarations, in the catalogue).
extension ManualTopic {
    static let estimatorTopics: [ManualTopic] = [estimators, planning, tolerances]

    static let tolerances = ManualTopic("tolerances", "Tolerances", "ranges with ±, in expressions and on estimator inputs", [
        .paragraph("A value with ± (or +-) after it is a range, in any expression: (12 ± 0.5 kg) / 3 is "
            + "≈ 4 ± 0.166666666667 kg, every value from 11.5/3 to 12.5/3 kg. The tolerance is an amount (12 kg ± 0.5 kg; a "
            + "plain number is in the value's unit, and a plain value takes the tolerance's: 12 ± 0.5 kg) or a percentage "
            + "of the value (10 t/h ± 5% is 10 ± 0.5 t/h; of a percentage, points). ± binds looser than + - * / and "
            + "tighter than to and the comparisons: 12 kg ± 0.5 kg * 2 is 12 ± 1 kg, 12 ± 0.5 kg to lb converts the range. "
            + "+- is ± only written together between two values (3 + -1 is still 2, and -+-2 is 2); a line that starts "
            + "with it goes on from the last result (10, then +-0.5, is 10 ± 0.5)."),
        .paragraph("A range is exact worst-case interval arithmetic, not a statistic: each result is the smallest range "
            + "that holds every value the calculation gives for values anywhere in its operands' ranges, computed exactly "
            + "from the ends (+ and - end by end, * and / the lowest and highest of the four products, an even power of a "
            + "range around 0 from 0), and it says nothing of which values are likely. It shows as middle ± half the width "
            + "(≈ when either is rounded); --json adds \"low\", \"high\" and \"plus_minus\". A variable keeps its range "
            + "(x = 12 kg ± 0.5 kg, then x / 3), and so does ans."),
        .paragraph("Ranges go through + - * / ^ with a whole exponent, the shop percent, min, max, abs, sqrt, cbrt, "
            + "exp, ln, log, round, floor, ceil and to. Refused, with the reason: dividing by a range that holds 0, or "
            + "raising one to a power that is negative or not whole; a range as an exponent; mod, !, sin and other functions that do "
            + "not only rise; your own functions; a comparison that holds for part of the ranges (one that holds or fails "
            + "for all of them is answered: (1 ± 0.5) < 2 is true); to FORMAT; a range as a command's argument, and "
            + "total or average of a block with one. 1 ± 0.1 ± 0.2 is refused too: add ranges with +."),
        .example(["per> (12 ± 0.5 kg) / 3", "≈ 4 ± 0.166666666667 kg", "per> x = 10 t/h ± 5%", "x = 10 ± 0.5 t/h",
                  "per> x * 8 h to t", "80 ± 4 t", "per> 1 / (1 ± 2)", "            ^", "error: division by a range that holds 0 (-1 to 3): the result has no bound"]),
        .paragraph("On an estimator's input:"),
        .paragraph("An estimator input may carry a tolerance after its value, ± or +-: an amount, a plain number being in "
            + "the unit the value is written in, as in an expression (tds=300 ±20 is ±20 ppm, steam=10 t/h ±0.5 is ±0.5 t/h, "
            + "pressure=100 psig ±5 is 95 to 105 psig), or a percentage of the value as written (steam=10 t/h ±5%; "
            + "pressure=4.9 barg ±2% is 4.802 to 4.998 barg); for an input that is a percentage itself, a percentage is "
            + "points (condensate=60% ±5% is 55% to 65%). A tolerance is for that run only: the kept input is the value."),
        .paragraph("The estimate is run at the value, and at every corner of the tolerances: each tolerant input at its low "
            + "and its high end, in every combination (up to 6 tolerances, 64 corners). Each result then shows the lowest "
            + "and highest it took, and the input whose tolerance alone moves it most; --json gives them as \"ranges\"."),
        .paragraph("This is a worst case, not a statistic: the range holds every value the formulas give inside the "
            + "tolerances when each result moves one way with each input, as the estimators' do; it says nothing of how "
            + "likely the ends are. An end outside the input's range (steam below 0) is refused."),
        .example(["per> boiler steam=10000 ±5% tds=300 ±10%", "boiler: steam 10000 kg/h ±5%, tds 300 ppm ±10%",
                  "  blowdown        1,111.11  kg/h    10% of feedwater (939.56 … 1,297.75 kg/h, most by tds)", "…"]),
    ])

    static let estimators = ManualTopic("estimators", "Estimators", "key=value inputs, kept inputs, results as names", [
        .paragraph("Five estimators take key=value inputs: dose, boiler, deaerator, cooling and invest ('help boiler' lists every "
            + "input with its unit, range and default). A value is a quantity expression of the one grammar, spaces "
            + "allowed (steam=4 t/h, tds=300 ppm, dt=18 °F, water=14 °dH, condensate=30%*2), and may use variables and "
            + "earlier results. A plain number is in the input's own unit; a percentage may be written 60% or 60."),
        .paragraph("Inputs are kept in the session under ESTIMATOR.key (boiler.steam), so a later boiler condensate=70% "
            + "runs again with every other input kept; vars boiler lists them with their defaults, and unset "
            + "boiler.steam forgets one. A required input that is missing is asked for on a terminal, with its unit and "
            + "range, until the answer is valid (an empty answer cancels; an answer that breaks a rule with another "
            + "input gets a caret and is asked again); in a script the statement fails naming every missing input. "
            + "Each estimate prints its results with units, the defaults it used, the conventions behind it, and warnings."),
        .paragraph("Results are quantities, kept after each run under read-only names ESTIMATOR.RESULT:"),
        .table([["dose", "amount (ml, g or pods), load (kg), hardness (mmol/L), scoops"],
                ["boiler", "blowdown, feedwater, makeup (kg/h), blowdown_pct (%), feed_tds, sulphite_dose (ppm), cycles,"],
                ["", "sulphite, internal, amine (kg/day); with pressure= max_cycles, limit_tds, limit_silica, boiler_silica;"],
                ["", "with PRODUCT_pump= PRODUCT_feed (L/h) and PRODUCT_stroke (%); with da_pressure= da_saturation (°C),"],
                ["", "da_steam, vent_loss (kg/h), vent_heat (kW); with flash_pressure= recovered_steam (kg/h),"],
                ["", "recovered_steam_heat, hx_heat, recovered_heat (kW), fuel_saved_year"],
                ["deaerator", "outlet_temp (°C), steam, vent_loss (kg/h), vent_heat (kW), sulphite_dose (ppm), sulphite (kg/day)"],
                ["cooling", "evaporation, drift, bleed, makeup (m³/h), inhibitor (kg/day), biocide (kg a slug),"],
                ["", "half_life (h); with skin_temp= lsi_skin, rsi_skin, psi_skin; with target_alkalinity= or target_lsi="],
                ["", "acid_dose (ppm), acid (kg/day), acid_volume (L/day), tower_alkalinity, ph_acid, lsi_acid, acid_max_cycles"],
                ["invest", "balance, deposited, interest, fees (in the currency given)"]]),
        .example(["per> boiler steam=10000 tds=300 condensate=60%", "…", "per> boiler.sulphite * 1 year to kg",
                  "≈ 1558.73493333 kg"]),
    ])

    static let planning = ManualTopic("planning", "Plant planning", "the year, the seasons, the packs and the cost", [
        .paragraph("boiler and cooling take more inputs, all optional; giving any of the planning ones prints a plan of "
            + "the year under the usual figures."),
        .example(["per> boiler summer_steam=12 t/h winter_steam=5 t/h tds=300 condensate=60% sulphite_pack=25 kg "
                    + "sulphite_price=€45 per 25 kg water_price=€1.20", "…",
                  "  packs       size     a year    to order", "  sulphite    25 kg        53           7",
                  "  cost            a year      a month    per m3 of make-up", "…"]),
        .list(["Seasons: boiler summer_steam= and winter_steam= replace steam; cooling summer_load= and winter_load= "
                + "replace load (the average heat load as % of design, default 100%: it scales evaporation, and so bleed, "
                + "make-up and inhibitor; drift stays). summer_months= (default 6) splits the year, a season having "
                + "days × months/12 days; or summer= gives the summer's days, as a number or as its dates with both ends "
                + "counted (summer=2026-05-01..2026-09-30 is 153 days), and the winter is the rest. days= is the operating "
                + "days a year (default 365), also as dates (days=2026-01-01..2026-12-31, or as people write them, blanks "
                + "and all: days=1 Jan 2026..31 Dec 2026); a dated summer then counts only "
                + "its days within them, with a warning, and none is refused. hours= (hours a day) is also a shift's times "
                + "of day: hours=9:00..17:00 is 8 h, hours=22:00..06:00 (past midnight) 8 h too. Figures per hour and per "
                + "day are at the higher season's steam or load.",
               "The year: water in m³ at 1000 kg/m³ (boiler make-up and blowdown; cooling evaporation, bleed and make-up) "
                + "and every product in kg, a day's rate times the days.",
               "Containers: PRODUCT_pack= is a pack's size, 25 kg or 200 l (with PRODUCT_density= in kg/l, default 1). "
                + "Packs a year and packs to order for stock= days (default 30) at the higher season's rate, both rounded "
                + "up. Products: boiler sulphite, internal, amine; cooling inhibitor, biocide (a slug of "
                + "volume·biocide_dose/1000 kg, biocide_slugs= a week, default 1; biocide needs volume).",
               "Cost: PRODUCT_price= is per pack (€45, with PRODUCT_pack=) or per quantity (€45 per 25 kg, €2.10 per l); "
                + "water_price= per m³ of make-up and sewer_price= per m³ of blowdown or bleed. The cost is of what a "
                + "year uses; a month is a twelfth of it; each line is also shown per m³ of make-up. One currency per "
                + "estimate: that of the first money input in the order help lists them; another needs a rate.",
               "Measured instead of assumed: conductivities in µS/cm. boiler_conductivity= and feed_conductivity= give "
                + "the cycles and replace tds and maxtds; makeup_conductivity=, condensate_conductivity= and "
                + "feed_conductivity= give the condensate return (make-up − feed)/(make-up − condensate), which replaces "
                + "condensate. Cooling: tower_conductivity= and makeup_conductivity= replace cycles.",
               "Scaling (cooling): with the make-up's ph=, calcium= and alkalinity= (mg/l as CaCO₃), tds= and temp=, "
                + "the Langelier index LSI = pH − pHs and the Ryznar index RSI = 2·pHs − pH, with pHs = (9.3 + A + B) − "
                + "(C + D), A = (log₁₀ TDS − 1)/10, B = −13.12·log₁₀(T in K) + 34.55, C = log₁₀ Ca − 0.4, D = log₁₀ "
                + "alkalinity, for the make-up and at the cycled concentration. LSI above 0 forms scale, below 0 is "
                + "corrosive; RSI under 6 forms scale, 6 to 7 little of either, over 7 corrosive. With skin_temp= (°C, "
                + "the heat-exchanger wall) the same indices of the water at the cycles at that temperature: lsi_skin, "
                + "rsi_skin, psi_skin.",
               "Inputs that replace others: the side a statement gives wins and the kept other side is forgotten; "
                + "giving both at once is refused. Giving one input of a group (summer_steam, ph) asks for the rest.",
               "Every plan figure is a result: boiler.sulphite_year (kg), boiler.sulphite_packs_order, cooling.cost_year "
                + "(money), cooling.lsi_cycled; JSON adds PRODUCT_kg_year, PRODUCT_packs_year, PRODUCT_packs_order, "
                + "PRODUCT_cost_year, makeup_m3_year, blowdown_m3_year or bleed_m3_year, evaporation_m3_year, "
                + "water_cost_year, sewer_cost_year, cost_year, cost_month, currency, lsi, rsi, lsi_cycled, rsi_cycled."]),
    ])
}

extension CommandManual {
    static let estimators: [Command: [ManualBlock]] = [
        .estimator(.dose): [
            .example(["per> dose liquid load=full drum=9 soil=heavy water=20gpg",
                      "dose: form liquid, load full, drum 9 kg, soil heavy, water 20 gpg",
                      "  dose   280     ml      281.25 ml, to the nearest 5 ml",
                      "  load     9.00  kg      full drum of 9 kg",
                      "  water    3.42  mmol/L  hard",
                      "…"]),
            .paragraph("After the DETERGO dosing guide: liquid or powder = base × max(0.5, load/4.5 kg) × soil × water, "
                + "rounded to the nearest 5 ml or g (and to half scoops with scoop= grams per scoop). base is the pack's "
                + "dose for 4.5 kg, medium water and normal soil. Soil: light 0.75, normal 1, heavy 1.5. Water: soft "
                + "(under 1.5 mmol/L) 0.8, medium (1.5 to 2.5) 1, hard (2.5 to 3.8) 1.25, very hard (over 3.8) 1.5. Pods: "
                + "1, or 2 for heavy soil, hard water or a load over 6 kg. A load under 1 kg or a quarter drum, or over "
                + "the drum, is warned about."),
            .paragraph("The cost of a wash: price=€12.99 per 2.95 l (or price=€12.99 pack=2.95 l; powder per kg, pods per "
                + "pod) adds the cost per load of the dose as rounded, and with a pack the whole loads in it; loads=4 per "
                + "week adds the cost a month (a twelfth of a 365-day year) and a year, and with a pack (pack=2.95 l, or "
                + "a price per 2.95 l) the weeks it lasts: its whole loads over the loads a week (lasts 9.75 weeks). "
                + "'help basis' compares products per wash."),
        ],
        .estimator(.boiler): [
            .example(["per> boiler steam=10000 tds=300 maxtds=3000 condensate=60%",
                      "boiler: steam 10000 kg/h, tds 300 ppm, maxtds 3000 ppm, condensate 60%",
                      "  blowdown          444.44  kg/h    4.26% of feedwater",
                      "  feedwater      10,444.44  kg/h",
                      "  make-up         4,444.44  kg/h",
                      "  feed TDS          127.66  ppm",
                      "  cycles             23.50          of concentration",
                      "  sulphite dose      17.04  ppm     on feedwater",
                      "  sulphite            4.27  kg/day  128.12 kg per 30 days",
                      "…"]),
            .paragraph("After the WTP chemical estimator, with S steam, c the condensate returned as a share of steam, "
                + "and TDS in ppm: blowdown Bd = S(1−c)·tds/(maxtds − tds); make-up M = S(1−c) + Bd; feedwater F = S + Bd; "
                + "feed TDS M·tds/F; cycles F/Bd; blowdown as % of feedwater 100·Bd/F. Sulphite on feedwater 7.88·o2 + "
                + "sulphite_residual/cycles ppm (7.88 kg Na₂SO₃ per kg O₂, from 2 Na₂SO₃ + O₂ → 2 Na₂SO₄), product "
                + "F·dose·hours/10⁶/strength kg/day; internal treatment Bd·internal_residual·hours/10⁶/strength; amine "
                + "S·amine_dose·hours/10⁶. Results are never named like inputs: the residuals are kept as "
                + "sulphite_residual, internal_residual and amine_dose (sulphite=, internal= and amine= write them), and "
                + "boiler.sulphite is the product a day. tds must be below maxtds. A blowdown above 20% of the feedwater "
                + "is warned about. "
                + "'help planning' tells about the year, seasons, packs and cost."),
            .heading("Limits by drum pressure"),
            .paragraph("With pressure= (gauge; barg, psig, kPa or MPa, or bara and psia; converted to psig exactly), the boiler "
                + "water is checked against the limits of its drum-pressure band. A band holds the pressures above the top of the "
                + "band before it, up to and with its own: 300 psig is in 0–300, 300.0001 psig in 301–450. maxtds, when not "
                + "given, is the band's TDS, and the defaults line says so. The cycles and maxtds are checked, and with the "
                + "make-up's silica= (as SiO₂) and alkalinity= (as CaCO₃) those in the boiler water, make-up value × "
                + "make-up/blowdown, or a measured boiler_conductivity=. Each limit allows cycles × limit / boiler-water value; "
                + "the lowest is max cycles, and each limit passed is warned about. Above 2000 psig no band applies, and a "
                + "warning says so."),
            .table(BoilerWaterLimits.manualRows),
            .paragraph("Sources: the maximum cycles are ABMA's as industrialwateradvisory.com's steam-boiler tools give them; "
                + "TDS is ABMA's; silica is the ASME consensus (CRTD Vol. 34, 1994), total alkalinity and conductivity "
                + "(unneutralised) ABMA's \"Standard Boiler Water Concentrations for Minimizing Carryover\", as the ASME "
                + "guidelines for industrial water-tube boilers reproduce them. Above 1000 psig the table's alkalinity is 0: "
                + "no free hydroxide (coordinated phosphate or all-volatile treatment), which is not a total alkalinity per "
                + "checks."),
            .heading("Deaerator"),
            .paragraph("With da_pressure= (gauge, typically 0.34 barg) and makeup_temp=, the make-up M (at makeup_temp) and the "
                + "condensate C (at condensate_temp=, default 80 °C) are heated to saturation at the deaerator's pressure by "
                + "steam at that pressure, which condenses into them, and the vent V (vent=, % of the feedwater, default 0.1%; "
                + "or vent_flow= in kg/h, at most 10% of the feedwater as vent= is) leaves as saturated steam. Heat in is "
                + "heat out, so the steam is "
                + "D = (M·(h′ − hM) + C·(h′ − hC))/(h″ − h′) + V, with h′ and h″ saturated water and steam at the "
                + "pressure, all by IAPWS-IF97; the vent's heat is V·(h″ − hM). The sulphite then takes up the oxygen the "
                + "deaerator leaves, da_o2= (default 0.007 ppm), for o2: 7.88 ppm Na₂SO₃ a ppm, plus the residual over the "
                + "cycles. o2 given later is the feedwater's oxygen without a deaerator, and forgets it. 'help deaerator' is the "
                + "same deaerator on its own, from its feed."),
            .heading("Flash-vessel heat recovery"),
            .paragraph("With flash_pressure= (gauge, below pressure=) and makeup_temp=, the blowdown Bd drops to the flash "
                + "vessel's pressure and a share x = (h′(boiler) − h′(flash))/(h″ − h′ at the flash pressure) flashes to steam, "
                + "recovered to the feed in place of boiler steam: x·Bd kg/h, worth h″ − h(make-up) a kg. The residual "
                + "(1 − x)·Bd at h′(flash) warms the make-up in a heat exchanger it leaves hx_approach= (default 10 K) above "
                + "makeup_temp; hx_approach= without flash_pressure= is refused, as any input is without the one it serves. "
                + "With fuel_price= the fuel that saves a year is the heat recovered over the days × hours of "
                + "the year, over efficiency= (default 85%). IAPWS-IF97 throughout; Spirax Sarco's worked example (10 bar g, "
                + "184 °C, 228 kW with make-up at 10 °C, flash at 0.5 bar g) is among per's tests."),
            .heading("Feed pumps"),
            .paragraph("PRODUCT_pump= (sulphite, internal or amine; cooling's inhibitor) is the most a metering pump feeds, "
                + "in L/h, ml/min or gal/h. The product's flow is its kg a day over the hours of steaming a day, over "
                + "PRODUCT_density (kg/L, default 1), shown in ml/min and L/h, and the stroke is 100 × flow / the pump's "
                + "maximum. A stroke below 10% (uneven feed) or above 90% (no margin) is warned about."),
        ],
        .estimator(.deaerator): [
            .example(["per> deaerator feed=10 t/h condensate=60% makeup_temp=15",
                      "deaerator: feed 10 t/h, condensate 60%, makeup_temp 15 °C",
                      "  outlet           108.29   °C      at 0.135 MPa absolute: the feedwater leaving it",
                      "  heating steam  1,029.82   kg/h    10.30% of feed, heats make-up at 15 °C and condensate at 80 °C",
                      "  vent              10.00   kg/h    7.29 kW over make-up",
                      "…"]),
            .paragraph("The deaerator of boiler da_pressure=, on its own. The feed F (feedwater through the deaerator) is the "
                + "condensate C = F·condensate (% of the feed, at condensate_temp=, default 80 °C) and the make-up M = F − C "
                + "(at makeup_temp=). Both are heated to saturation at pressure= (gauge, default 0.34 barg) by steam at that "
                + "pressure, which condenses into them, and the vent V (vent=, % of the feed, default 0.1%; or vent_flow= in "
                + "kg/h, at most 10% of the feed) leaves as saturated steam: the steam is D = (M·(h′ − hM) + C·(h′ − hC))/"
                + "(h″ − h′) + V, with h′ and h″ "
                + "saturated water and steam at the pressure, all by IAPWS-IF97, and the vent's heat V·(h″ − hM). The outlet "
                + "is at the saturation temperature. The sulphite takes up the oxygen the deaerator leaves, o2= (default "
                + "0.007 ppm): 7.88 ppm Na₂SO₃ a ppm, plus sulphite_residual= (default 0 ppm) held in the feed; for a boiler's "
                + "residual, give it over the boiler's cycles. The product a day is F·dose·hours/10⁶/sulphite_strength. "
                + "The figures are boiler's for the same plant: feed its feedwater, condensate its condensate's share of it."),
        ],
        .estimator(.cooling): [
            .example(["per> cooling recirc=1000 dt=10 cycles=5 volume=500",
                      "cooling: recirc 1000 m3/h, dt 10 K, cycles 5, volume 500 m3",
                      "  evaporation  15.30  m3/h    367.20 m3/day",
                      "  drift         0.05  m3/h      1.20 m3/day",
                      "  bleed         3.78  m3/h     90.60 m3/day",
                      "  make-up      19.13  m3/h    459.00 m3/day",
                      "  inhibitor     9.18  kg/day",
                      "  biocide      25.00  kg      per slug",
                      "  half-life    90.61  h       of a dose in the system",
                      "…"]),
            .paragraph("Evaporation E = recirc·dt·factor (dt is a temperature difference, so dt=18F is 10 K); drift "
                + "D = recirc·drift_pct (written drift= too); bleed B = E/(C−1) − D; make-up M = E + B + D. If B would "
                + "be negative, drift limits "
                + "the cycles: B is 0 and a warning says so. Inhibitor (B+D)·inhibitor_residual·hours/1000/strength kg/day "
                + "(ppm = g/m³); biocide volume·biocide_dose/1000 kg per slug; half-life t½ = ln 2·volume/(B+D) hours. Flows "
                + "are shown in the unit given and in m³/day. 'help planning' tells about the year, seasons, packs, cost "
                + "and the scaling indices."),
            .heading("Acid feed"),
            .paragraph("target_alkalinity= (ppm as CaCO₃, in the tower water; with the make-up's alkalinity=) or target_lsi= (with "
                + "the scaling inputs) feeds sulphuric acid on the make-up: H₂SO₄ + Ca(HCO₃)₂ → CaSO₄ + 2 CO₂ + 2 H₂O, so a ppm of "
                + "alkalinity as CaCO₃ takes 98.072/100.086 = 0.980 ppm of H₂SO₄. The make-up brings alkalinity·M, bleed and drift "
                + "carry target·M/cycles out, and the acid takes the rest: (alkalinity − target/cycles) ppm of the make-up. The "
                + "product a day is at acid_strength= (written acid=, default 93%), and by volume at acid_density= (default 1.83 "
                + "kg/L). The tower water's pH with acid is Puckorius's equilibrium pH, 1.465·log₁₀(alkalinity) + 4.54, and its "
                + "LSI Carrier's at the cycles with that pH; target_lsi= finds the alkalinity that gives it, in closed form. With "
                + "acid, the cycles allowed are those of the limits other than alkalinity (calcium, silica, chloride, "
                + "conductivity). A target at or above what the tower holds without acid is refused: no acid is needed. So is one "
                + "under 1 ppm of alkalinity, where Puckorius's pH is 4.54, about the end point at which water holds no "
                + "alkalinity (a target_lsi that asks less is refused with the smallest that works)."),
        ],
        .estimator(.invest): [
            .example(["per> invest years=10 initial=10000 monthly=500 rate=6%",
                      "invest: years 10, initial 10000, monthly 500, rate 6%",
                      "  balance    100,133.64    after 10 years",
                      "  deposited   70,000.00    the starting balance and every deposit",
                      "  interest    30,133.64",
                      "  fees             0.00", "…"]),
            .paragraph("After \"Remember to Remember\": month by month the balance grows by i = (1 + r/n)^(n/12) − 1 (rate r "
                + "a year compounded n times), the deposit goes in at the month's end (or start, timing=start), then the "
                + "fee is charged as B·(1 − fee)^(1/12). A negative monthly is a withdrawal, which stops at an empty "
                + "account. Money inputs may carry a currency (initial=€10000), which the results keep."),
        ],
    ]
}
