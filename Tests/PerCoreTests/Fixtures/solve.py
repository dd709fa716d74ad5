# Writes solve.tsv, the expected roots of SolveTests (1,000 equations), from mpmath (at 60 digits), not from
# per: random polynomials (their roots by mpmath.polyroots, the real ones in the range) and
# exponentials a*exp(b*x) + c*x + d = e (convex or concave, so at most two roots: each
# found by mpmath.findroot from a sign change on a fine grid, or at the vertex for a root
# where the sides only touch). Each line: the equation, the range's ends, the roots in it.
# Run once from the package directory: pip install mpmath==1.3.0; python3 Tests/PerCoreTests/Fixtures/solve.py
import random
import mpmath

mpmath.mp.dps = 60
random.seed(20261202)


def dec(x):
    return mpmath.nstr(x, 40, min_fixed=-1000, max_fixed=1000)


def coefficient():
    return random.choice([random.randint(-9, 9), round(random.uniform(-10, 10), 2)]) or 1


def term(c, power):
    sign = "-" if c < 0 else "+"
    body = f"{abs(c)}" + ("" if power == 0 else "*x" if power == 1 else f"*x^{power}")
    return sign, body


def written(coefficients):
    # Highest power first: c0*x^n + ... + cn.
    n = len(coefficients) - 1
    text = ""
    for i, c in enumerate(coefficients):
        if c == 0:
            continue
        sign, body = term(c, n - i)
        text += (("-" if sign == "-" else "") + body) if not text else f" {sign} {body}"
    return text


with open("Tests/PerCoreTests/Fixtures/solve.tsv", "w") as out:
    out.write("# equation\tfrom\tto\troots in from..to (40 digits); from mpmath 1.3.0 at 60 digits\n")
    for case in range(1000):
        low = random.randint(-10, 0)
        high = random.randint(1, 10)
        if case % 2 == 0:
            degree = random.randint(1, 5)
            # Roots chosen first half the time, so that the range holds several.
            if random.random() < 0.5:
                roots = [round(random.uniform(low, high), random.randint(0, 3)) for _ in range(degree)]
                coefficients = [mpmath.mpf(1)]
                for r in roots:
                    coefficients = [a - mpmath.mpf(str(r)) * b for a, b in zip(coefficients + [0], [0] + coefficients)]
                scale = random.choice([1, 2, -3])
                coefficients = [scale * c for c in coefficients]
                numbers = [int(c) if c == int(c) else float(mpmath.nstr(c, 20)) for c in coefficients]
            else:
                numbers = [coefficient() for _ in range(degree + 1)]
            rhs = numbers[-1]
            lhs = numbers[:-1] + [0]
            equation = f"{written(lhs) or '0'} = {-rhs}" if rhs != 0 else f"{written(lhs)} = 0"
            exact = [mpmath.mpf(str(c)) for c in numbers]
            found = mpmath.polyroots(exact, maxsteps=500, extraprec=400) if degree > 0 else []
            # A double root comes back as a pair about 1e-30 off the real axis (the square root
            # of the arithmetic's error): a real part within 1e-20 of it is a root, kept once.
            real = []
            for r in sorted(mpmath.re(r) for r in found if abs(mpmath.im(r)) < mpmath.mpf(10) ** -20):
                if not real or r - real[-1] > mpmath.mpf(10) ** -20:
                    real.append(r)
            inside = [r for r in real if low - mpmath.mpf(10) ** -40 <= r <= high + mpmath.mpf(10) ** -40]
            # A root where the sides only touch (no change of sign) is marked with *.
            slope = lambda r: mpmath.polyval([c * (len(exact) - 1 - i) for i, c in enumerate(exact[:-1])], r)
            inside = [(r, abs(slope(r)) < mpmath.mpf(10) ** -20) for r in inside]
        else:
            a = random.choice([1, 2, 0.5, -1, 3])
            b = random.choice([0.5, 1, -1, 0.25, 2])
            c = random.randint(-5, 5)
            d = random.randint(-10, 10)
            e = random.randint(-10, 10)
            f = lambda x: mpmath.mpf(str(a)) * mpmath.exp(mpmath.mpf(str(b)) * x) + c * x + d - e
            equation = f"{a}*exp({b}*x) + {c}*x + {d} = {e}".replace("+ -", "- ")
            grid = [mpmath.mpf(low) + (high - low) * mpmath.mpf(i) / 20000 for i in range(20001)]
            inside = []
            for x0, x1 in zip(grid, grid[1:]):
                f0, f1 = f(x0), f(x1)
                if f0 == 0:
                    # A zero met on the grid where the slope is 0 too only touches (e^(2x) = 2x + 1 at 0).
                    inside.append((x0, abs(a * b * mpmath.exp(mpmath.mpf(str(b)) * x0) + c) < mpmath.mpf(10) ** -20))
                elif f0 * f1 < 0:
                    inside.append((mpmath.findroot(f, (x0, x1), solver="anderson"), False))
            if f(grid[-1]) == 0:
                inside.append((grid[-1], False))
            # The vertex, where a*b*exp(b*x) + c = 0: a root there only touches, and a grid
            # point meets it only by chance (e^x = x + 1 at 0).
            if c != 0 and -c / (a * b) > 0:
                vertex = mpmath.log(mpmath.mpf(-c) / (mpmath.mpf(str(a)) * mpmath.mpf(str(b)))) / mpmath.mpf(str(b))
                if low < vertex < high and abs(f(vertex)) < mpmath.mpf(10) ** -40 and all(abs(r - vertex) > mpmath.mpf(10) ** -20 for r, _ in inside):
                    inside = sorted(inside + [(vertex, True)], key=lambda root: root[0])
        out.write(f"{equation}\t{low}\t{high}\t{','.join(dec(r) + ('*' if touching else '') for r, touching in inside)}\n")
