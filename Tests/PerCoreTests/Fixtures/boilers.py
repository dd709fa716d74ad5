# Writes boilers.tsv, the expected figures of BlowdownHeatTests, from the iapws package
# (IAPWS-IF97 as its authors implemented it), not from per's own coefficients.
# Run once from the package directory: pip install iapws==1.5.5; python3 Tests/PerCoreTests/Fixtures/boilers.py
import random
from iapws.iapws97 import _Region1, _Region2, _TSat_P

random.seed(20261127)
atm = 0.101325
ts_atm = _TSat_P(atm)
h_atm = _Region1(ts_atm, atm)["h"]
h_steam_atm = _Region2(ts_atm, atm)["h"]
with open("Tests/PerCoreTests/Fixtures/boilers.tsv", "w") as out:
    out.write("# gauge bar\tmake-up °C\tTs K\theat kJ/kg\tflash fraction; from iapws 1.5.5 (_TSat_P, _Region1, _Region2)\n")
    for _ in range(1000):
        gauge = round(random.uniform(0.2, 160), 3)
        makeup = round(random.uniform(1, 60), 2)
        p = gauge / 10 + atm
        ts = _TSat_P(p)
        hf = _Region1(ts, p)["h"]
        heat = hf - _Region1(makeup + 273.15, atm)["h"]
        flash = (hf - h_atm) / (h_steam_atm - h_atm)
        out.write(f"{gauge}\t{makeup}\t{float(ts)!r}\t{float(heat)!r}\t{float(flash)!r}\n")
