# Writes dates.tsv, the expected answers of DateDifferentialTests, from Python's datetime.
# Run once from the package directory: python3 Tests/PerCoreTests/Fixtures/dates.py
# Generates Tests/PerCoreTests/Fixtures/dates.tsv: 5,000 cases from Python's datetime.
import calendar, datetime, random
random.seed(20261126)
lo, hi = datetime.date(1600, 1, 1).toordinal(), datetime.date(2400, 12, 31).toordinal()
def rand_date():
    r = random.random()
    if r < 0.25:   # a month's end
        y = random.randint(1600, 2400); m = random.randint(1, 12)
        return datetime.date(y, m, calendar.monthrange(y, m)[1])
    if r < 0.35:   # around 29 February
        y = random.choice([y for y in range(1600, 2401) if calendar.isleap(y)] + [1700, 1800, 1900, 2100, 2200, 2300])
        return datetime.date(y, 2, random.choice([27, 28] + ([29] if calendar.isleap(y) else [])))
    return datetime.date.fromordinal(random.randint(lo, hi))
def add_months(d, n):
    index = d.year * 12 + d.month - 1 + n
    y, m = divmod(index, 12); m += 1
    last = calendar.monthrange(y, m)[1]
    return datetime.date(y, m, min(d.day, last)), (d.day if d.day > last else 0)
lines = ["# kind\targ1\targ2\texpected\tclamped day (0: none); from Python datetime and calendar.monthrange"]
kinds = ["span", "plusdays", "minusdays", "months", "weekday"]
for i in range(5000):
    kind = kinds[i % 5]
    a = rand_date()
    if kind == "span":
        b = rand_date()
        lines.append(f"span\t{a}\t{b}\t{(a - b).days}\t0")
    elif kind in ("plusdays", "minusdays"):
        while True:
            n = random.choice([random.randint(0, 400), random.randint(0, 300000)])
            o = a.toordinal() + (n if kind == "plusdays" else -n)
            if lo <= o <= hi: break
        lines.append(f"{kind}\t{a}\t{n}\t{datetime.date.fromordinal(o)}\t0")
    elif kind == "months":
        while True:
            n = random.choice([random.randint(-24, 24), random.randint(-9000, 9000)])
            index = a.year * 12 + a.month - 1 + n
            if 1600 * 12 <= index <= 2400 * 12 + 11: break
        r, c = add_months(a, n)
        lines.append(f"months\t{a}\t{n}\t{r}\t{c}")
    else:
        lines.append(f"weekday\t{a}\t-\t{calendar.day_name[a.weekday()]}\t0")
open("Tests/PerCoreTests/Fixtures/dates.tsv", "w").write("\n".join(lines) + "\n")
