"""Checks the output of examples/phobos.mlir and examples/tech_renaissance.mlir
(including its per-rank dropout masks of rng.tr_dropout_sample) against the
independent host model (hash_random_model.py).

    check_hash_examples.py phobos OUTPUT
    check_hash_examples.py tech_renaissance OUTPUT

Prints one line per checked quantity ("ok" or "MISMATCH ...") and a final
"failures: N" line.
"""

import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hash_random_model as model  # noqa: E402
from triton_random_model import MASK32, MASK64, bits_to_f32, f32, f32_to_bits, ulp_distance  # noqa: E402

NUMBER = r"-?(?:\d+\.?\d*(?:e[-+]?\d+)?|inf|nan)"


class Checker:
    def __init__(self):
        self.failures = 0

    def report(self, what, ok, detail=""):
        print("%s: %s%s" % (what, "ok" if ok else "MISMATCH", "" if ok else " " + detail))
        if not ok:
            self.failures += 1

    def close(self, what, got, want, rel=2e-5, abs_=1e-6):
        ok = abs(got - want) <= max(rel * abs(want), abs_)
        self.report(what, ok, "got %r, model %r" % (got, want))

    def exact(self, what, got, want):
        self.report(what, got == want, "got %r, model %r" % (got, want))


def numbers(text):
    return [float(v) for v in re.findall(NUMBER, text)]


def ints(text):
    return [int(v) for v in re.findall(r"-?\d+", text)]


def stats(values):
    """Mean, variance (E[x^2] - E[x]^2), min and max, in binary64."""
    n = len(values)
    mean = sum(values) / n
    var = sum(v * v for v in values) / n - mean * mean
    return mean, var, min(values), max(values)


def check_phobos(lines, c):
    p = f32(0.1)
    p_bits = f32_to_bits(p)
    one = f32_to_bits(1.0)
    rows = 64
    for step in (0, 1):
        kept, total = 0, 0.0
        for row in range(rows):
            for col in range(256):
                counter = ((step + row) * 256 + col) & MASK32
                y = model.hash_dropout(one, p_bits, 1, counter)
                if y:
                    kept += 1
                    total += bits_to_f32(y)
        line = next(x for x in lines if x.startswith("step %d: kept" % step))
        got = numbers(line.split(":", 1)[1])
        c.exact("step %d kept" % step, int(got[0]), kept)
        c.close("step %d sum of y" % step, got[2], total)
    for prefix in ("backward mask differs", "step 1 row i differs"):
        line = next(x for x in lines if x.startswith(prefix))
        c.exact(prefix, ints(line.split(":", 1)[1]), [0])
    for seed in (1, 2, 3):
        uniforms = [bits_to_f32(model.hash_rand(seed, i)) for i in range(256)]
        normals = [bits_to_f32(model.hash_randn(seed, i)) for i in range(256)]
        for kind, values in (("uniform", uniforms), ("normal", normals)):
            line = next(x for x in lines if x.startswith("%s seed %d:" % (kind, seed)))
            got = numbers(line.split(":", 1)[1])
            for name, g, w in zip(("mean", "variance", "min", "max"), got, stats(values)):
                c.close("%s seed %d %s" % (kind, seed, name), g, w)


def vector_after(lines, prefix):
    line = next(x for x in lines if x.startswith(prefix))
    return ints(line[len(prefix):])


def check_tech_renaissance(lines, c):
    ranks = [model.rank_seed(123, r) for r in range(8)]
    c.exact("rank seeds", [v & MASK64 for v in vector_after(lines, "rank seeds of global seed 123, ranks 0..7: ")], ranks)
    c.exact("worker seeds", [v & MASK64 for v in vector_after(lines, "worker seeds of global seed 123, workers 0..3: ")],
            [model.worker_seed(123, w) for w in range(4)])
    for rank in (0, 1):
        start = lines.index(next(x for x in lines if x.startswith("rank %d, seed" % rank)))
        c.exact("rank %d seed" % rank, ints(lines[start].split("seed", 1)[1])[0] & MASK64, ranks[rank])
        block = lines[start + 1:start + 7]
        words = [model.tr_words(ranks[rank], offset) for offset in range(8)]
        want_u = [model.tr_uniform(w[0]) for w in words]
        pairs = [model.tr_normal_pair(w[0], w[1]) for w in words]
        got_u = [v & MASK32 for v in vector_after(block, "  uniform bits ")]
        c.exact("rank %d uniforms" % rank, got_u, want_u)
        for k, name in enumerate(("cos", "sin")):
            got = [v & MASK32 for v in vector_after(block, "  %s bits " % name)]
            want = [pair[k] for pair in pairs]
            worst = max(ulp_distance(g, w) for g, w in zip(got, want)) if len(got) == 8 else 99
            c.report("rank %d normal %s within 3 ulp" % (rank, name), worst <= 3,
                     "(%d ulp)" % worst)
        # The printed floats are the printed bits.
        floats = numbers(next(x for x in block if x.startswith("  uniform (")).split("uniform", 1)[1])
        c.report("rank %d uniform values" % rank,
                 all(math.isclose(a, bits_to_f32(b), rel_tol=1e-5, abs_tol=1e-7)
                     for a, b in zip(floats, want_u)) and len(floats) == 8)
    # Per-rank dropout masks over rotated seeds: step k uses the rank seed
    # rotated k + 1 times, split into zero-extended halves; keep = u >= 0.5.
    p_bits = f32_to_bits(0.5)
    for rank in (0, 1):
        s = ranks[rank]
        for step in range(3):
            s = model.xorshift64star(s)
            i = lines.index(next(x for x in lines
                                 if x.startswith("dropout rank %d, step %d," % (rank, step))))
            what = "rank %d step %d dropout" % (rank, step)
            header = re.search(r"seed (-?\d+), p = 0\.5: kept (\d+) of 16$", lines[i])
            c.exact(what + " seed", int(header.group(1)) & MASK64, s)
            lo, hi = model.tr_seed_halves(s)
            want_u = [model.tr_dropout_sample(lo, hi, offset) for offset in range(16)]
            want_keep = [int(model.tr_keep(u, p_bits)) for u in want_u]
            c.exact(what + " kept count", int(header.group(2)), sum(want_keep))
            c.exact(what + " mask", vector_after(lines[i + 1:i + 2], "  keep "), want_keep)
            c.exact(what + " samples",
                    [v & MASK32 for v in vector_after(lines[i + 2:i + 3], "  sample bits ")],
                    want_u)
    for start in (0, 123):
        i = lines.index("xorshift64* rotations of %d" % start)
        s = start
        for step in range(3):
            s = model.xorshift64star(s)
            got = ints(lines[i + 1 + step].split(":", 1)[1])[0] & MASK64
            c.exact("rotation of %d, step %d" % (start, step), got, s)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("phobos", "tech_renaissance"):
        sys.exit(__doc__)
    with open(sys.argv[2]) as f:
        lines = [line.rstrip("\n") for line in f]
    checker = Checker()
    try:
        {"phobos": check_phobos, "tech_renaissance": check_tech_renaissance}[sys.argv[1]](lines, checker)
    except (StopIteration, ValueError, IndexError, AttributeError) as e:
        print("MISMATCH: output incomplete (%r)" % e)
        checker.failures += 1
    print("failures: %d" % checker.failures)
    sys.exit(1 if checker.failures else 0)
