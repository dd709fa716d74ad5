# Prints the rows of WrittenDateTests: 300 random (day, month name, year) triples, about a
# quarter of them no date, with Python's datetime deciding which are dates and their ISO text, and
# calendar.monthrange the month's last day. Run once from the package directory:
#   python3 Tests/PerCoreTests/Fixtures/written_dates.py
# and paste its output into the test's table.
import calendar, datetime, random
random.seed(20260418)
full = [calendar.month_name[m] for m in range(1, 13)]
spellings = {m: [full[m - 1], full[m - 1][:3]] + (["Sept"] if m == 9 else []) for m in range(1, 13)}
def cased(word):
    return random.choice([word, word.lower(), word.upper(), word[0] + word[1:].upper()])
for i in range(300):
    month = random.randint(1, 12)
    r = random.random()
    if r < 0.05:
        year = 0
    elif r < 0.25:
        year = random.choice([1600, 1700, 1900, 2000, 2023, 2024, 2025, 2100, 2400, 9999])
    else:
        year = random.randint(1, 9999)
    # Near a month's end, or day 0 or 32, two times in five.
    day = random.choice([0, 29, 30, 31, 32]) if random.random() < 0.4 else random.randint(1, 31)
    try:
        iso = datetime.date(year, month, day).isoformat()
    except ValueError:
        iso = ""
    last = calendar.monthrange(year if year else 2000, month)[1]
    print(f'        ("{cased(random.choice(spellings[month]))}", {month}, {day}, {year}, "{iso}", {last}),')
