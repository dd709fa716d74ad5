# Writes the zone fixtures of ZoneDifferentialTests, from Python's zoneinfo (PEP 615, 495).
# Run once from the package directory, on a machine with the tz database and zic:
#   python3 Tests/PerCoreTests/Fixtures/zones.py
# It copies the zones below from /usr/share/zoneinfo (or $TZDIR) into Fixtures/zoneinfo/fat,
# compiles the same zones from the database's source (tzdata.zi) with `zic -b slim` into
# Fixtures/zoneinfo/slim (few transitions: the POSIX rule after the table does the rest),
# checks that Python reads both alike, and writes Fixtures/zones.tsv:
#   offset  ZONE  INSTANT  OFFSET_SECONDS  ABBREVIATION
#       the offset in force at an instant (seconds since the epoch, UTC): at and one
#       second before each change, at random instants, and far in the future;
#   local   ZONE  LOCAL_SECONDS  KIND  FOLD0  FOLD1
#       a local time (seconds since 1970-01-01 00:00 on the zone's clocks) read as an
#       instant with fold 0 and fold 1: KIND unique (both equal), gap (fold 0 later: the
#       offset before the change) or overlap (fold 0 earlier), around each change's edges.
import datetime, os, random, shutil, struct, subprocess, tempfile, zoneinfo

random.seed(20261127)
here = os.path.dirname(os.path.abspath(__file__))
database = os.environ.get("TZDIR") or "/usr/share/zoneinfo"
zones = ["Asia/Kolkata", "Australia/Adelaide", "Asia/Kathmandu", "Europe/Berlin", "America/New_York",
         "Australia/Sydney", "America/Santiago", "Europe/Dublin", "Pacific/Apia", "America/Nuuk",
         "Australia/Lord_Howe", "America/St_Johns", "Antarctica/Troll", "Africa/Casablanca", "Asia/Tehran",
         "Etc/GMT+5", "Etc/UTC"]
root = os.path.join(here, "zoneinfo")
shutil.rmtree(root, ignore_errors=True)
with tempfile.TemporaryDirectory() as work:
    subprocess.run(["zic", "-b", "slim", "-d", work, os.path.join(database, "tzdata.zi")], check=True)
    for zone in zones:
        for kind, source in (("fat", database), ("slim", work)):
            target = os.path.join(root, kind, zone)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(source, zone), target)

def transitions(path):
    """The 64-bit block's transition times (RFC 8536), to find each zone's changes."""
    data = open(path, "rb").read()
    def counts(at): return struct.unpack(">6l", data[at + 20:at + 44])
    isut, isstd, leap, time, typ, char = counts(0)
    second = 44 + time * 5 + typ * 6 + char + leap * 8 + isstd + isut
    isut, isstd, leap, time, typ, char = counts(second)
    return list(struct.unpack(f">{time}q", data[second + 44:second + 44 + time * 8]))

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
def offset(tz, instant):
    local = (EPOCH + datetime.timedelta(seconds=instant)).astimezone(tz)
    return int(local.utcoffset().total_seconds()), local.tzname()

def readings(tz, local):
    naive = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=local)
    return [int((naive.replace(tzinfo=tz, fold=f) - EPOCH).total_seconds()) for f in (0, 1)]

def future_changes(tz, years):
    """Changes of the rule after the table, found by hours and then to the second."""
    found = []
    for year in years:
        start = int((datetime.datetime(year, 1, 1, tzinfo=datetime.timezone.utc) - EPOCH).total_seconds())
        previous = offset(tz, start)
        for hour in range(1, 366 * 24 + 1):
            t = start + hour * 3600
            now = offset(tz, t)
            if now != previous:
                low, high = t - 3600, t   # offset(low) == previous, offset(high) != previous
                while high - low > 1:
                    middle = (low + high) // 2
                    if offset(tz, middle) == previous: low = middle
                    else: high = middle
                found.append(high)
                previous = now
    return found

lines = ["# kind\tzone\tinstant or local seconds\texpected...; from Python's zoneinfo (zones.py)"]
low, high = -2208988800, 2145916800   # 1900 … 2038
for zone in zones:
    fat = zoneinfo.ZoneInfo.from_file(open(os.path.join(root, "fat", zone), "rb"), key=zone)
    slim = zoneinfo.ZoneInfo.from_file(open(os.path.join(root, "slim", zone), "rb"), key=zone)
    table = [t for t in transitions(os.path.join(root, "fat", zone)) if low <= t < high]
    # 20 of the table's changes at random, and always the first, the last two and those of
    # two hours or more (Apia's skipped day).
    jumps = [t for t in table if abs(offset(fat, t)[0] - offset(fat, t - 1)[0]) >= 7200]
    chosen = sorted(set(table[:1] + table[-2:] + jumps + random.sample(table, min(20, len(table)))))
    chosen += future_changes(fat, [2040, 2077, 2100, 2287, 2999])
    instants = []
    for t in chosen:
        instants += [t - 1, t]
    instants += [random.randint(-5364662400, 4102444800) for _ in range(40)]   # 1800 … 2100
    instants += [4102444800, 7258118400, 16725225600, 253402214400, -62135596800 + 86400]   # 2100, 2200, 2500, 9999-12-31, 0001-01-02
    for t in instants:
        expected = offset(fat, t)
        assert expected == offset(slim, t), (zone, t)
        lines.append(f"offset\t{zone}\t{t}\t{expected[0]}\t{expected[1]}")
    for t in chosen:
        before, after = offset(fat, t - 1)[0], offset(fat, t)[0]
        edges = {t + before, t + after}
        locals_ = set()
        for edge in edges:
            locals_ |= {edge - 1, edge, edge + 1}
        locals_.add(t + (before + after) // 2)
        for local in sorted(locals_):
            fold0, fold1 = readings(fat, local)
            assert [fold0, fold1] == readings(slim, local), (zone, local)
            kind = "unique" if fold0 == fold1 else ("overlap" if fold0 < fold1 else "gap")
            lines.append(f"local\t{zone}\t{local}\t{kind}\t{fold0}\t{fold1}")
open(os.path.join(here, "zones.tsv"), "w").write("\n".join(lines) + "\n")
print(len(lines) - 1, "cases")
