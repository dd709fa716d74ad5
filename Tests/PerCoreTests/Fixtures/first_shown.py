# Writes Fixtures/first_shown.tsv for ZoneDifferentialTests.firstShown, from Python's zoneinfo (PEP 615, 495)
# on the committed fixture database (Fixtures/zoneinfo/fat, which zones.py wrote). Run from
# the package directory:
#   python3 Tests/PerCoreTests/Fixtures/first_shown.py
# Each row is a day of 1900 to 2037 whose midnight a zone's clocks skip, and the first
# second of that day they show, found by reading each minute from midnight as an instant
# and back (a time that comes back as written exists), then each second of the minute
# before the first that does; none that day is written as 0, midnight, as
# ZoneRules.firstShown answers for a day the clocks skip whole:
#   ZONE  DAY_NUMBER  SECONDS_AFTER_MIDNIGHT
# A change from a local mean time falls on its odd seconds (Kolkata's day -23376 starts at
# 00:08:50), and one gap is 52 seconds (St John's).
import datetime, os, zoneinfo

here = os.path.dirname(os.path.abspath(__file__))
zoneinfo.reset_tzpath([os.path.join(here, "zoneinfo", "fat")])
zones = ["Asia/Kolkata", "Australia/Adelaide", "Asia/Kathmandu", "Europe/Berlin", "America/New_York",
         "Australia/Sydney", "America/Santiago", "Europe/Dublin", "Pacific/Apia", "America/Nuuk",
         "Australia/Lord_Howe", "America/St_Johns", "Antarctica/Troll", "Africa/Casablanca", "Asia/Tehran",
         "Etc/GMT+5", "Etc/UTC"]
utc = datetime.timezone.utc
epoch = datetime.date(1970, 1, 1)

def exists(naive, zone):
    return naive.replace(tzinfo=zone).astimezone(utc).astimezone(zone).replace(tzinfo=None) == naive

rows = []
for name in zones:
    zone = zoneinfo.ZoneInfo(name)
    day = datetime.date(1900, 1, 1)
    while day.year <= 2037:
        midnight = datetime.datetime(day.year, day.month, day.day)
        if not exists(midnight, zone):
            minute = next((m for m in range(1, 1440) if exists(midnight + datetime.timedelta(minutes=m), zone)), 0)
            # The first second within the minute before (changes from local mean time
            # fall on odd seconds).
            first = next((s for s in range(minute * 60 - 59, minute * 60 + 1)
                          if exists(midnight + datetime.timedelta(seconds=s), zone)), 0) if minute else 0
            rows.append(f"{name}\t{(day - epoch).days}\t{first}")
        day += datetime.timedelta(days=1)
with open(os.path.join(here, "first_shown.tsv"), "w") as out:
    out.write("# ZONE\tDAY_NUMBER\tSECONDS_AFTER_MIDNIGHT (first_shown.py, Python's zoneinfo)\n")
    out.write("\n".join(rows) + "\n")
print(len(rows), "days")
