# Writes flashvessels.tsv, the expected figures of FlashRecoveryTests, from the iapws package
# (IAPWS-IF97 as its authors implemented it), not from per's own coefficients: 1,000 random
# boilers blowing down to a flash vessel whose residual warms the make-up in a heat exchanger.
# Run once from the package directory: pip install iapws==1.5.5; python3 Tests/PerCoreTests/Fixtures/flashvessels.py
import random
from iapws.iapws97 import _Region1, _Region2, _TSat_P

random.seed(20261129)
atm = 0.101325
with open("Tests/PerCoreTests/Fixtures/flashvessels.tsv", "w") as out:
    out.write("# boiler barg\tflash barg\tmake-up °C\tapproach K\tflash Ts K\tflash fraction\tsteam kJ/kg\texchanger kJ/kg"
              "; from iapws 1.5.5 (_TSat_P, _Region1, _Region2)\n")
    for _ in range(1000):
        boiler = round(random.uniform(2, 150), 3)
        flash = round(random.uniform(0.05, min(5, boiler - 1)), 3)
        makeup = round(random.uniform(1, 40), 2)
        approach = round(random.uniform(2, 30), 2)
        pb, pf = boiler / 10 + atm, flash / 10 + atm
        hb = _Region1(_TSat_P(pb), pb)["h"]
        ts = _TSat_P(pf)
        hf, hg = _Region1(ts, pf)["h"], _Region2(ts, pf)["h"]
        hm = _Region1(makeup + 273.15, atm)["h"]
        ho = _Region1(makeup + approach + 273.15, pf)["h"]
        fraction = (hb - hf) / (hg - hf)
        out.write(f"{boiler}\t{flash}\t{makeup}\t{approach}\t{float(ts)!r}\t{float(fraction)!r}\t{float(hg - hm)!r}\t{float(hf - ho)!r}\n")
