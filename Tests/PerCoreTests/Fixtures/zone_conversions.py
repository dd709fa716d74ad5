# Writes Fixtures/zone_conversions.tsv for ZoneConversionTests, from Python's zoneinfo
# (PEP 615, 495), reading the committed fixture database Fixtures/zoneinfo/fat.
# Run from the package directory: python3 Tests/PerCoreTests/Fixtures/zone_conversions.py
#   FROM_ZONE  LOCAL  TO_ZONE  RESULT
# LOCAL is a date and time on FROM_ZONE's clocks; RESULT is that instant on TO_ZONE's
# clocks with its abbreviation and offset in seconds (`2026-03-29 03:30 CEST 7200`), or
# `gap` / `overlap` when FROM_ZONE's clocks skip LOCAL or show it twice.
import datetime, os, random, zoneinfo

random.seed(20261128)
here = os.path.dirname(os.path.abspath(__file__))
zoneinfo.reset_tzpath([os.path.join(here, "zoneinfo", "fat")])
zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago", "Asia/Kolkata",
         "Australia/Adelaide", "Asia/Kathmandu", "America/St_Johns", "Europe/Dublin", "Etc/UTC"]
UTC = datetime.timezone.utc

def kind(zone, local):
    a, b = local.replace(tzinfo=zone, fold=0), local.replace(tzinfo=zone, fold=1)
    if a.utcoffset() == b.utcoffset(): return "unique"
    # A gap: the wall time does not survive a round trip through UTC.
    back = a.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    return "gap" if back != local else "overlap"

rows = []
def add(source, local, target):
    z = zoneinfo.ZoneInfo(source)
    k = kind(z, local)
    if k != "unique":
        rows.append((source, local.strftime("%Y-%m-%d %H:%M"), target, k)); return
    t = local.replace(tzinfo=z).astimezone(zoneinfo.ZoneInfo(target))
    rows.append((source, local.strftime("%Y-%m-%d %H:%M"), target,
                 "%s %s %d" % (t.strftime("%Y-%m-%d %H:%M"), t.tzname(), int(t.utcoffset().total_seconds()))))

for source in zones:
    z = zoneinfo.ZoneInfo(source)
    # Around each change of 2025 to 2027: the local minutes either side, found by hours.
    t = datetime.datetime(2025, 1, 1, tzinfo=UTC)
    while t.year < 2028:
        n = t + datetime.timedelta(hours=1)
        if t.astimezone(z).utcoffset() != n.astimezone(z).utcoffset():
            for wall in (t.astimezone(z), n.astimezone(z)):
                for minutes in (-61, -30, 0, 30, 61):
                    local = (wall + datetime.timedelta(minutes=minutes)).replace(tzinfo=None, second=0)
                    add(source, local, random.choice(zones))
        t = n
    for _ in range(20):
        local = datetime.datetime(random.randint(1990, 2060), random.randint(1, 12), random.randint(1, 28),
                                  random.randint(0, 23), random.randint(0, 59))
        add(source, local, random.choice(zones))

with open(os.path.join(here, "zone_conversions.tsv"), "w") as f:
    for row in rows: f.write("\t".join(row) + "\n")
print(len(rows), "rows")
