# Writes calendar_spans.tsv, the expected answers of CalendarDifferenceTests, from Python's
# dateutil.relativedelta (2.9): the years, months and days from the second date to the
# first, counted from the earlier of the two (months from it, a day past a month's end
# clamped to its last day): relativedelta(a, b) when a is the later, -relativedelta(b, a)
# when it is the earlier (relativedelta itself counts a negative span from b).
# Run once from the package directory: python3 Tests/PerCoreTests/Fixtures/calendar_spans.py
import calendar, datetime, random
from dateutil.relativedelta import relativedelta
random.seed(20261127)
lo, hi = datetime.date(1600, 1, 1).toordinal(), datetime.date(2400, 12, 31).toordinal()
def rand_date():
    r = random.random()
    if r < 0.3:    # a month's end
        y = random.randint(1600, 2400); m = random.randint(1, 12)
        return datetime.date(y, m, calendar.monthrange(y, m)[1])
    if r < 0.4:    # around 29 February
        y = random.choice([y for y in range(1600, 2401) if calendar.isleap(y)] + [1700, 1800, 1900, 2100, 2200, 2300])
        return datetime.date(y, 2, random.choice([27, 28] + ([29] if calendar.isleap(y) else [])))
    return datetime.date.fromordinal(random.randint(lo, hi))
lines = ["# a\tb\tyears\tmonths\tdays counted from the earlier, from python-dateutil"]
for i in range(1000):
    b = rand_date()
    r = random.random()
    if r < 0.4:    # near: within two years
        o = b.toordinal() + random.randint(-730, 730)
        a = datetime.date.fromordinal(min(max(o, lo), hi))
    else:
        a = rand_date()
    d = relativedelta(a, b) if a >= b else -relativedelta(b, a)
    lines.append(f"{a}\t{b}\t{d.years}\t{d.months}\t{d.days}")
open("Tests/PerCoreTests/Fixtures/calendar_spans.tsv", "w").write("\n".join(lines) + "\n")

# Then calendar_datetime_spans.tsv: 300 pairs of dates with times of day (to the minute,
# a fifth at midnight, a fifth at the same time of day), counted likewise: months moved
# from the earlier with its time, then the days, hours and minutes left.
def rand_datetime():
    d = rand_date()
    r = random.random()
    t = datetime.time(0, 0) if r < 0.2 else datetime.time(random.randint(0, 23), random.randint(0, 59))
    return datetime.datetime.combine(d, t)
lines = ["# a\tb\tyears\tmonths\tdays\thours\tminutes counted from the earlier, from python-dateutil"]
for i in range(300):
    b = rand_datetime()
    r = random.random()
    if r < 0.5:    # near: within two years
        o = b + datetime.timedelta(minutes=random.randint(-730 * 1440, 730 * 1440))
        a = min(max(o, datetime.datetime(1600, 1, 1)), datetime.datetime(2400, 12, 31, 23, 59))
    else:
        a = rand_datetime()
    if random.random() < 0.2:
        a = a.replace(hour=b.hour, minute=b.minute)
    d = relativedelta(a, b) if a >= b else -relativedelta(b, a)
    lines.append(f"{a:%Y-%m-%d %H:%M}\t{b:%Y-%m-%d %H:%M}\t{d.years}\t{d.months}\t{d.days}\t{d.hours}\t{d.minutes}")
open("Tests/PerCoreTests/Fixtures/calendar_datetime_spans.tsv", "w").write("\n".join(lines) + "\n")
