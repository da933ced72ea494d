#!/usr/bin/env python3
"""Checks a target lowering of round.stochastic bit for bit against the
universal one, on the CPU.

The kernels (`kernels` prints them) are compiled twice into shared
libraries: once with the target pass (convert-round-to-nvvm /
convert-round-to-rocdl) followed by test-rng-emulate-gpu-instructions, which
replaces each NVVM/AMDGPU instruction by a model written from its
documentation, and once with the universal lowering (rng-to-llvm alone).
`compare` runs both on the same inputs and reports every disagreement (and
every disagreement with the independent model of SPEC section 3).

  target_equivalence.py kernels [--formats F,...]
  target_equivalence.py compare TARGET_LIB UNIVERSAL_LIB [--formats F,...]
                                [--count N]

Inputs per (T, W, saturate): each edge-case x of the round tests
(stochastic_rounding_harness.edge_inputs) with all 2^K values of the low K
random bits when K <= 8, else with the random values around its carry
threshold 2^K - t, the extremes and 64 random ones; then N random (x, rbits)
pairs. Random bits above the low K are random. The kernels work on
vector<7xf32>, so the pairing and grouping of the target lowerings always
end in a partial group.
"""

import argparse
import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

import stochastic_rounding_harness as harness  # noqa: E402
import stochastic_rounding_model as model  # noqa: E402

# An odd lane count, so the pairing target patterns see odd tails.
LANES = 7
WIDTHS = harness.WIDTHS


def edge_pairs(fmt, width, saturate, rng):
    """Edge-case x with the random values that matter for each."""
    k = fmt.num_random_bits(width)
    xs = harness.edge_inputs(fmt, rng)
    _, _, t = model.decompose(fmt, xs, k, saturate)
    full = 1 << k
    x_out, r_out = [], []
    for x, ti in zip(xs, t):
        if k <= 8:
            low = np.arange(full, dtype=np.uint64)
        else:
            threshold = full - int(ti)
            chosen = {0, 1, full - 1, full - 2, full // 2}
            chosen |= {v for v in range(threshold - 2, threshold + 2)
                       if 0 <= v < full}
            chosen |= set(rng.integers(0, full, 64).tolist())
            low = np.array(sorted(chosen), dtype=np.uint64)
        high = harness.random_bits(rng, width, len(low)).astype(np.uint64)
        high &= ~np.uint64(full - 1)
        x_out.append(np.full(len(low), x, np.uint32))
        r_out.append((low | high).astype(harness.UINT[width]))
    return np.concatenate(x_out), np.concatenate(r_out)


def compare(target, universal, formats, count, report):
    rng = np.random.default_rng(31337)
    for fmt in formats:
        random_xs = harness.random_inputs(fmt, rng, count)
        random_r64 = harness.random_bits(rng, 64, count)
        for saturate in (False, True):
            for width in WIDTHS:
                ex, er = edge_pairs(fmt, width, saturate, rng)
                xs = np.concatenate([ex, random_xs])
                rs = np.concatenate([er, random_r64.astype(harness.UINT[width])])
                got = target.round(fmt, width, saturate, xs, rs)
                want = universal.round(fmt, width, saturate, xs, rs)
                spec = model.stochastic_round(fmt, xs, rs, width, saturate)
                bad = np.flatnonzero(~harness.same(fmt, got, want))
                off_model = np.flatnonzero(~harness.same(fmt, got, spec))
                examples = [
                    f"x=0x{int(xs[i]):08x} rbits=0x{int(rs[i]):x}: target "
                    f"0x{int(got[i]):0{fmt.width // 4}x}, universal "
                    f"0x{int(want[i]):0{fmt.width // 4}x}, model "
                    f"0x{int(spec[i]):0{fmt.width // 4}x}"
                    for i in np.union1d(bad, off_model)[:5]]
                report.line(
                    f"{fmt.name} i{width} "
                    f"{'saturate' if saturate else 'nonsaturating'}: "
                    f"{len(xs)} inputs, {len(off_model)} off the model",
                    len(bad) + len(off_model), examples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["kernels", "compare"])
    parser.add_argument("libs", nargs="*")
    parser.add_argument("--formats", default=",".join(model.FORMATS))
    parser.add_argument("--count", type=int, default=100_000)
    args = parser.parse_args()
    formats = [model.FORMATS[name] for name in args.formats.split(",")]
    if args.mode == "kernels":
        sys.stdout.write(harness.emit_kernels(formats, LANES))
        return
    target, universal = (harness.Kernels(path, LANES) for path in args.libs)
    report = harness.Report()
    compare(target, universal, formats, args.count, report)
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
