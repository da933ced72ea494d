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
                                [--count N] [--expect nvidia-x4]

With `--expect nvidia-x4` the target lowering is the opt-in one
(unverified-sr-instructions) and is checked against the pair-shared 16-bit
model of PTX cvt.rs x4 instead of the universal lowering (see
nvidia_x4_random16); cases that lowering leaves universal (not saturating,
other formats) are still compared with the universal lowering.

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


X4_FORMATS = ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN")


def bitrev8(v):
    v = np.asarray(v, dtype=np.uint64)
    out = np.zeros_like(v)
    for bit in range(8):
        out |= ((v >> np.uint64(bit)) & np.uint64(1)) << np.uint64(7 - bit)
    return out


def nvidia_x4_random16(fmt, rs, width):
    """The 16 random bits each element gets from the opt-in cvt.rs x4
    lowering under the pair-shared model: lanes are grouped by four within
    each LANES-wide vector (a short last group is padded with zero random
    bits); with o the top 8 of an element's K random bits (K < 8: the K bits
    at the top of the byte), the first element of each pair gets
    o_first << 8 | bitrev8(o_second) and the second o_second << 8 |
    bitrev8(o_first). Written from the documented model, not from the
    lowering."""
    k = fmt.num_random_bits(width)
    r = np.asarray(rs).astype(np.uint64) & np.uint64((1 << k) - 1)
    o = r >> np.uint64(k - 8) if k >= 8 else r << np.uint64(8 - k)
    n = len(o)
    lane = np.arange(n) % LANES
    position = lane % 4
    partner = np.where(position % 2 == 0, np.arange(n) + 1, np.arange(n) - 1)
    # The partner of the last lane of a vector (an odd group) is padding.
    missing = (position % 2 == 0) & ((lane + 1 >= LANES) | (partner >= n))
    other = np.where(missing, np.uint64(0), o[np.minimum(partner, n - 1)])
    return (o << np.uint64(8)) | bitrev8(other)


def compare(target, universal, formats, count, report, expect=None):
    rng = np.random.default_rng(31337)
    for fmt in formats:
        random_xs = harness.random_inputs(fmt, rng, count)
        random_r64 = harness.random_bits(rng, 64, count)
        for saturate in fmt.saturate_modes:
            for width in WIDTHS:
                ex, er = edge_pairs(fmt, width, saturate, rng)
                xs = np.concatenate([ex, random_xs])
                rs = np.concatenate([er, random_r64.astype(harness.UINT[width])])
                got = target.round(fmt, width, saturate, xs, rs)
                if (expect == "nvidia-x4" and saturate
                        and fmt.name in X4_FORMATS):
                    # The opt-in model, from the independent model with
                    # K = 16 and each element's 16 bits of the pair field.
                    r16 = nvidia_x4_random16(fmt, rs, width)
                    want = model.stochastic_round(fmt, xs, r16, 16, True)
                    spec = want
                else:
                    want = universal.round(fmt, width, saturate, xs, rs)
                    spec = model.stochastic_round(fmt, xs, rs, width,
                                                  saturate)
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
    parser.add_argument("--expect", choices=["nvidia-x4"])
    args = parser.parse_args()
    formats = [model.ALL_FORMATS[name] for name in args.formats.split(",")]
    if args.mode == "kernels":
        sys.stdout.write(harness.emit_kernels(formats, LANES))
        return
    target, universal = (harness.Kernels(path, LANES) for path in args.libs)
    report = harness.Report()
    compare(target, universal, formats, args.count, report, args.expect)
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
