# Writes deaerators.tsv, the expected figures of DeaeratorTests, from the iapws package
# (IAPWS-IF97 as its authors implemented it), not from per's own coefficients: 1,000 random
# plants, each a deaerator's energy balance with its heating steam and vent.
# Run once from the package directory: pip install iapws==1.5.5; python3 Tests/PerCoreTests/Fixtures/deaerators.py
import random
from iapws.iapws97 import _Region1, _Region2, _TSat_P

random.seed(20261128)
atm = 0.101325
with open("Tests/PerCoreTests/Fixtures/deaerators.tsv", "w") as out:
    out.write("# DA barg\tmake-up kg/h\tmake-up °C\tcondensate kg/h\tcondensate °C\tvent kg/h\tTs K\tsteam kg/h\tvent kW"
              "; from iapws 1.5.5 (_TSat_P, _Region1, _Region2)\n")
    for _ in range(1000):
        gauge = round(random.uniform(0.05, 3), 3)
        p = gauge / 10 + atm
        ts = _TSat_P(p)
        makeup = round(random.uniform(50, 50000), 1)
        makeup_c = round(random.uniform(1, 60), 2)
        condensate = round(random.uniform(0, 50000), 1) if random.random() < 0.8 else 0.0
        condensate_c = round(random.uniform(30, min(99, ts - 273.15 - 0.5)), 2)
        vent = round((makeup + condensate) * random.uniform(0, 0.005), 3)
        hf = _Region1(ts, p)["h"]
        hg = _Region2(ts, p)["h"]
        hm = _Region1(makeup_c + 273.15, p)["h"]
        hc = _Region1(condensate_c + 273.15, p)["h"]
        steam = (makeup * (hf - hm) + condensate * (hf - hc)) / (hg - hf) + vent
        vent_kw = vent * (hg - hm) / 3600
        out.write(f"{gauge}\t{makeup}\t{makeup_c}\t{condensate}\t{condensate_c}\t{vent}\t{float(ts)!r}\t{float(steam)!r}\t{float(vent_kw)!r}\n")
