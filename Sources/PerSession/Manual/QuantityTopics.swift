import PerUnits
import PerTools
import PerLanguage

/// The manual's topics on quantities: units, conversion and temperature; money, which
/// `help money` shows with its command.
extension ManualTopic {
    static let quantityTopics: [ManualTopic] = [units, dates]

    static var units: ManualTopic {
        let known = UnitGroup.overview
        return ManualTopic("units", "Units and quantities", "500 g, 4 t/h, m2, rad, 2 h 30 min, to lb oz, temperature", [
            .paragraph("Every value is a quantity: an exact (or approximate) number times a unit, or money; a plain number "
                + "has no unit. One grammar reads every number and unit: in expressions, in the arguments of add, need, "
                + "basis, price, qty, unit and convert, and in estimator inputs. Units are exact fractions of base units."),
            .example(["per> 2.49 / 500 g", "4.98 per kg", "per> 3 kg + 200 g", "3.2 kg", "per> 4 t/h * 24 h", "96 t",
                      "per> 9.5 m3/h * 1 day", "228 m3", "per> 3 kg + 200 g to lb", "≈ 7.05479238992 lb"]),
            .heading("Units known, by what they measure"),
            .table(known + [["money", "$ € £ ¥ or an ISO code, before or after a number ('help money')"]]),
            .paragraph("help units DIMENSION lists every name of one group with what it is exactly: help units pressure, "
                + "help units electricity, help units flow. Names are read in any case where no other unit has "
                + "the name (KG, Pa, PA). SI prefixes go before the SI units and L, Wh and eV (kPa, mm, µS, GWh), "
                + "their multiples before B and bit (kB, Mbit), binary ones before B and bit too (KiB, GiB); customary "
                + "units take none."),
            .paragraph("A word after a number that is no unit is refused as an unknown unit, with the units within two "
                + "edits of it, those that fit first (5 stoen: did you mean 'stone'?), and none from further away."),
            .heading("Exact factors"),
            .table([["lb, oz", "453.59237 g, lb/16"],
                    ["US gal, qt, pt, cup, fl oz", "3.785411784 L, gal/4, gal/8, gal/16, gal/128"],
                    ["imp gal, imp pt, imp fl oz", "4.54609 L, gal/8, gal/160 (also uk gal …)"],
                    ["in, inch, ft", "25.4 mm, 12 inch ('in' after a number, where no unit follows it: 5 ft 10 in)"],
                    ["sq ft, sq in, acre, ha", "0.09290304 m², 0.00064516 m², 43560 sq ft = 4046.8564224 m², 10000 m² "
                        + "(also sqft, ft2, sqin, m2, cm2, km2)"],
                    ["cu ft (cuft, ft3)", "0.028316846592 m³ = 28.316846592 L"],
                    ["rad", "180/π degrees: the one factor that is no fraction, so only a conversion between rad and ° "
                        + "rounds"],
                    ["month, year", "year/12, 365 days"],
                    ["°dH, °fH", "0.178325 and 0.0999132 mmol/L"],
                    ["gpg, °Clark (or °e)", "17.1181 and 14.2538 mg/L as CaCO₃; 1 mmol/L = 100.0869 mg/L as CaCO₃"],
                    ["flow", "a mass or volume over a time: kg/h, t/h, m3/h, l/s, l/min, gpm (US gal/min)"]]),
            .heading("Writing units"),
            .list(["A unit follows a number or a closing parenthesis, with or without a space: 500 g, 500g, 4 t/h, "
                    + "(2+3) kg, 2 fl oz, 1 imp gal, 14 °dH, 2 m³. It binds tighter than any operator, so 2.49 / 500 g "
                    + "is 2.49 / (500 g) and 500 g / 2 is 250 g. 3/4 cup, a number glued by / to a whole number before a "
                    + "unit, reads two ways and is refused: write (3/4) cup or 3/(4 cup). A mixed number before a unit is "
                    + "one amount: 1 1/2 cups is 1.5 cups.",
                   "Compound units take /, *, · and whole powers: kg/h, mg/l, €/kg, m/s^2, m³. A unit alone is one of "
                    + "it (kg, lb to g). 'per' is a word for /: 2.49 per 500 g, $3 per lb.",
                   "Multipacks: 6x330 ml, 6×330 ml and 6 × 330 ml are 1980 ml, kept as 6 packs of 330 ml where a "
                    + "product shows it.",
                   "Quantities of one dimension side by side add, as people write them: 2 h 30 min is 2.5 h, 1 lb 4 oz "
                    + "is 1.25 lb, 5 ft 3 inch is 5.25 ft. Two dimensions side by side (2 h 30 kg) are an error.",
                   "A name right after a number is a unit when it is one. Elsewhere a name is a variable if one is "
                    + "defined, else a unit. to, in and per are words of the grammar, not names."]),
            .heading("Arithmetic and conversion"),
            .list(["+ and - need one dimension and give the left operand's unit; * and / combine units and cancel what "
                    + "cancels (500 g / 250 g = 2). A dimensioned value takes whole powers, and roots where they divide "
                    + "its powers: sqrt(16 m^2) = 4 m, cbrt(27 m^3) = 3 m, (4 m^2)^(1/2) = 2 m; an area or volume in one "
                    + "unit has the root of its dimension (sqrt(100 sqft) = 10 ft, sqrt(1 ha) = 100 m). sqrt(2 kg) is "
                    + "refused: it would leave a fractional power of kg. "
                    + "min, max, abs, round, floor and ceil keep the unit (round(2.345 kg, 2) = 2.35 kg).",
                   "EXPR to UNIT (or in) converts, at the lowest precedence: 500 g to lb, 2.49 per 500 g to per 100 g. "
                    + "Across dimensions it is an error naming both. Hardness, mg/l and ppm convert into each other for "
                    + "water, as CaCO₃ (14 °dH to ppm). convert 500 g to lb is another way to write it, showing both sides.",
                   "EXPR to UNIT UNIT … splits a value into whole amounts of each unit but the last, from the largest, "
                    + "and the rest in the last: 5.5 kg to lb oz, 9000 s to h min s, 2 m to ft inch, 100 days to weeks "
                    + "days. The parts add back to the value exactly; one sign stands in front. GNU units' lb;oz is read "
                    + "the same.",
                   "A result keeps the units it was written in. A plain number or money divided by a mass, volume, "
                    + "count, length or area is a price and shows per kg, per L, per item, per m or per m²; to chooses "
                    + "another basis.",
                   "Angles are in degrees (30°, 30 deg) or radians (0.5 rad); sin, cos and tan take either, and a plain "
                    + "number as radians. sin(30°) is exactly 0.5."]),
            .example(["per> 2 h 30 min", "2.5 h", "per> 5.5 kg to lb oz", "≈ 12 lb 2.00679072269 oz",
                      "per> 9000 s to h min s", "2 h 30 min 0 s", "per> 1 lb 4 oz to g", "566.9904625 g"]),
            .example(["per> 1.20 / 1.5 l", "0.8 per L", "per> convert 500 g to lb", "500 g ≈ 1.10231131092 lb",
                      "per> 1 acre to m2", "4046.8564224 m²", "per> cbrt(27 m^3)", "3 m", "per> 1 rad to deg",
                      "≈ 57.2957795131°",
                      "per> 1 kg + 1 l", "          ^", "error: cannot add a mass and a volume"]),
            .heading("Temperature"),
            .paragraph("°C, °F and K (also c, F, degC; C is the coulomb or °C, refused) are points on a scale. The difference of two temperatures is a "
                + "difference, written and shown Δ°C, Δ°F or ΔK; a point plus a difference is a point. Adding two points, scaling one "
                + "(2 * 20 °C) or going below absolute zero is an error. Where an input asks for a difference (cooling dt), "
                + "a temperature written alone is one: dt=18F is 10 K. Inside a compound unit a degree is a difference "
                + "(0.00085 per °F is 0.00153 per ΔK)."),
            .example(["per> 70 °F to °C", "≈ 21.1111111111 °C", "per> 0 °C to K", "273.15 K", "per> 30 °C - 20 °C",
                      "10 Δ°C", "per> 0 K - 1 K", "-1 ΔK"]),
        ])
    }

    static let money = ManualTopic("money", "Money and exchange rates", "$2.49, €, ISO codes, rate", [
        .paragraph("$ € £ ¥ before or after a number ($2.49, 2.49€, €-10), or an ISO code before or after it (EUR 2.49, 2.49 EUR, 300 JPY, CHF, "
            + "CAD, AUD, NZD, SEK, NOK, DKK, PLN, CZK, HUF, CNY, INR, BRL, MXN, ZAR, KRW) make money. Each currency is its "
            + "own dimension. A plain number added to money is that money, as a shopper means it."),
        .example(["per> $2.49 * 3", "$7.47", "per> $2.49 + 0.50", "$2.99", "per> €2.49 per 500 g", "€4.98 per kg"]),
        .paragraph("Two currencies mix only through a rate you set, since per never goes online: rate 1 € = 1.08 $, then "
            + "€10 to $ converts and €1 + $1 is in the left operand's currency. rates lists them; the session and saved "
            + "sets keep them. Without a rate the error says which rate to set, never a made-up figure."),
        .example(["per> rate 1 € = 1.08 $", "1 € = 1.08 $", "per> €10 to $", "$10.80", "per> rates", "1 € = 1.08 $"]),
        .paragraph("Money is shown to its currency's cents, or whole yen, behind ≈ when that rounds, half away from "
            + "zero; the value itself stays exact, so to 6 dp shows every digit. money exact shows every money result "
            + "in full until money cents; money cash 0.05 rounds shown amounts to 0.05 as cash registers do (Swiss "
            + "francs, Dutch and Finnish cash). The session and saved sets keep the mode. An amount too small for a "
            + "cent shows its significant digits, never 0."),
        .example(["per> $19.99 * 1.0825", "≈ $21.64", "per> $19.99 * 1.0825 to 6 dp", "$21.639175", "per> ¥500 / 3", "≈ ¥167",
                  "per> money exact", "money exact", "per> $19.99 * 1.0825", "$21.639175", "per> money cash 0.05",
                  "money cash 0.05", "per> $19.99 * 1.0825", "≈ $21.65"]),
        .paragraph("A price per quantity is not an amount paid and follows the unit-price rule in every mode: 3 "
            + "significant digits and at least the currency's decimals (€0.0332 per g shows as €33.20 per kg, "
            + "¥500 per kg as ¥500 per kg)."),
    ])

    static var dates: ManualTopic {
        ManualTopic("dates", "Dates", "2026-01-31, 24 Dec 2026, 9:00, now, today, time zones, + 30 days, + 1 month, days until", [
            .paragraph("A date is written YYYY-MM-DD with no blanks (2026-01-31); today, yesterday and tomorrow are "
                + "the local date. 2026 - 01 - 01, with blanks, stays arithmetic. The calendar is the Gregorian one, "
                + "carried back before 1582, for years 0001 to 9999; a date has no time zone. A date "
                + "that does not exist (2026-02-30, 2026-13-01, 31 Feb 2026) is refused."),
            .paragraph("A time of day is 9:00, 17:30, 9:00:15, 9am or 5:30 pm, on the 24-hour clock; a date with a "
                + "time is 2026-12-24 18:00 or 2026-12-24T18:00, with seconds and their fraction if need be "
                + "(2026-12-24T18:00:00.5Z), and any date with a time after it (tomorrow 9:00, Dec 24 18:00, "
                + "24 Dec 2026 6 pm); now is the local date and time (per --today DATE or PER_TODAY fix "
                + "today, and now at its first minute, or with a time, now: --today '2026-11-27 09:30'). Times move by hours, minutes and seconds, exactly, and say when "
                + "they pass midnight; the time between two is hours and minutes. 25:00, 9:60 and 9:5 are refused."),
            .example(["per> 9:00 + 8.5 h", "17:30", "per> 17:30 - 9:15", "8 h 15 min", "per> 22:00 + 3 h",
                      "01:00 (next day)", "per> 2026-12-25 18:00 - 2026-12-24 9:00", "1 day 9 h"]),
            .paragraph("Time zones, offline, from the system's database (/usr/share/zoneinfo, or the folder TZDIR "
                + "names), read only when a statement names a zone or uses the clock: a time in a zone is the time "
                + "followed by the zone, 14:30 Europe/Berlin, 2026-12-24 18:00 America/New_York, 9:00 UTC, "
                + "9:00 UTC+05:30, or the zone first, Europe/Berlin 18:00 (18:00 in Berlin, today) (a zone's "
                + "name starts with a capital; an offset after a time is glued to UTC, "
                + "since 17:30 -09:15 and 17:30-09:15 are the time between two times of day). to ZONE shows the same "
                + "instant on that zone's clocks, with its abbreviation and offset as a note (now to Asia/Tokyo, "
                + "t to +05:30). The zone stays with the value (t = 14:30 Europe/Berlin, then t to Asia/Tokyo). "
                + "Daylight saving is honoured; a time of day alone is read on today's date. A local time the "
                + "clocks skip (put forward) or show twice (put back) is refused with both readings; write the "
                + "offset then (2026-10-25 02:30 UTC+02:00). A time without a zone is the local zone's (TZ, else "
                + "/etc/localtime), at the offset it has on that date. Without the database, names are refused "
                + "saying where it was looked for; UTC and offsets still work."),
            .paragraph("Two times in zones subtract to the time between their instants ((14:30 Europe/Berlin) - "
                + "(14:30 America/New_York) is -6 h in winter) and compare by them (<, >); a time in a zone beside "
                + "one without is refused, as the second has no instant: give it a zone (now to UTC). Hours, "
                + "minutes and seconds added pass as time does (2026-03-28 12:00 Europe/Berlin + 24 h is "
                + "2026-03-29 13:00 CEST, the clocks having gone forward); days and longer move the zone's "
                + "calendar (+ 1 day is 12:00 again), the time then refused if the clocks skip it or show it twice. "
                + "A date with a time without a zone, now among them, moves the same way on the local clocks "
                + "(now + 2 h is two hours from now, a note saying when the clocks changed in between or show the "
                + "time reached twice), and two subtract to the time passed and compare (one the clocks skip or show "
                + "twice refused there, with both readings; written alone it is shown as written); a time of day "
                + "alone, on no date, moves as its clock reads."),
            .example(["per> 2026-12-24 9:00 UTC to +05:30", "2026-12-24 14:30", "note: in +05:30 (UTC+5:30)"]),
            .paragraph("Dates as people write them are the same dates:"),
            .list(["2026/12/24 and 2026-1-1: a four-digit year, then a month and a day of one or two digits, with "
                    + "no blanks;",
                   "24 Dec 2026, Dec 24, 2026 (or Dec 24 2026): a day, a month's English name and a four-digit "
                    + "year, the name in full or in three letters (Sept too), in any case;",
                   "December 24, Dec 24: that day of this year (the local date's).",
                   "12/24/2026 and 24/12/2026 stay division, with a note of the date they may mean (read as "
                    + "division; for a date write 2026-12-24). A month's name is a month only next to a day as "
                    + "above: a variable or unit named dec or may reads as before."]),
            .paragraph("They are dates wherever a date is: compared (24 Dec 2026 > 2026-12-01 is true), in days(A, B) "
                + "and days until, with a time (Dec 24, 2026 18:00), in an input's dates (days=24 Dec 2026..31 Dec 2026, "
                + "summer=May 1..Sep 30, blanks and all), and in --json as ISO 8601 (2026-12-24, 2026-12-24T18:00:00; with the offset for a time in a zone, "
                + "or one the local clocks show twice: 2026-10-25T02:30:00+01:00). "
                + "Times of day from one to another are hours a day where an input asks for them (hours=9:00..17:00 "
                + "is 8 h; hours=22:00..06:00 runs past midnight, 8 h too). Elsewhere .. makes no value: the time "
                + "from 9:00 to 17:00 is 17:00 - 9:00, and days(A, B) counts the days from A to B, both ends."),
            .example(["per> 24 Dec 2026 + 1 day", "2026-12-25", "per> 2026/12/24 - 2026-1-1", "357 days",
                      "per> 12/24/2026", "≈ 0.000246791707799", "note: read as division; for a date write 2026-12-24"]),
            .example(["per> 2026-03-01 - 2026-01-01", "59 days", "per> 2026-01-01 + 30 days", "2026-01-31",
                      "per> 2026-01-01 + 2 weeks", "2026-01-15",
                      "per> 2026-01-31 + 1 month", "2026-02-28", "note: 31 February is past the month's end", "per> 2026-03-01 - 2026-01-01 to weeks days",
                      "8 weeks 3 days", "per> weekday(2026-11-25)", "Wednesday", "per> days(2026-05-01, 2026-09-30)",
                      "153 days"]),
            .heading("Exact arithmetic"),
            .list(["A date minus a date is the days between them; a date plus or minus days or weeks is a date. "
                    + "A date moves by whole days only: it has no time of day.",
                   "+ 1 month and + 1 year move the calendar: the same day of the month, or the month's last day "
                    + "when it has fewer, with a note saying so (2026-01-31 + 1 month is 2026-02-28, note: 31 February "
                    + "is past the month's end). Only whole months and years move a date.",
                   "Between two dates months and years are counted on the calendar, as Python's dateutil "
                    + "relativedelta counts them: from the earlier date, a day past a month's end clamped to its last "
                    + "day ((2026-12-24 - 2026-03-15) to months days is 9 months 9 days; to years months days too). "
                    + "To years or to months alone gives the whole count and the rest as a note (an age: "
                    + "(today - 1990-05-17) to years).",
                   "days until 2026-12-25, days since 2026-01-01 and weeks until DATE are the difference from today, "
                    + "never counting both ends (days until tomorrow is 1 day).",
                   "A date is a point on the calendar, not an amount, as a temperature is a point on its scale: a date "
                    + "times a number, a date plus a date, and a date plus a mass are refused.",
                   "weekday(date) is its day of the week (also date to weekday); days(from, to) counts the days "
                    + "from one date to another with both ends included, as seasons do: days(today, tomorrow) is "
                    + "2 days."]),
        ])
    }
}

