# Writes pi.txt, π to 2,600 decimals from mpmath (1.3.0, at 2,700 digits), not from per: the
# reference for π past the bits per keeps at hand (RealFunctions' cache grows as asked).
import mpmath

mpmath.mp.dps = 2700
with open("pi.txt", "w") as out:
    out.write(mpmath.nstr(+mpmath.pi, 2601, strip_zeros=False) + "\n")
