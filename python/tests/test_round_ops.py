"""round.stochastic built from Python, lowered with rng-to-llvm and run on the
CPU: against the SPEC's counting property (exhaustive over the random bits)
and against the independent model in test/lib."""

import sys

import numpy as np
import pytest

from kernels import REPO, elementwise_func, jit
from rng_mlir.dialects import round_
from rng_mlir.ir import (
    BF16Type,
    F16Type,
    F32Type,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
    InsertionPoint,
    IntegerType,
    Module,
)

sys.path.insert(0, str(REPO / "test" / "lib"))
import stochastic_rounding_model as model  # noqa: E402

FORMATS = {
    "bf16": BF16Type, "f16": F16Type, "f8E4M3FN": Float8E4M3FNType,
    "f8E5M2": Float8E5M2Type, "f8E4M3FNUZ": Float8E4M3FNUZType,
    "f8E5M2FNUZ": Float8E5M2FNUZType,
}
RBITS_WIDTHS = (8, 16, 32)


def kernel_name(fmt, width, saturate):
    return f"sr_{fmt}_i{width}" + ("_sat" if saturate else "")


@pytest.fixture(scope="module")
def engine():
    """One module with a kernel per (format, rbits width, saturate)."""
    from rng_mlir.ir import Context, Location

    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            for fmt, cls in FORMATS.items():
                for width in RBITS_WIDTHS:
                    for saturate in (False, True):
                        elementwise_func(
                            kernel_name(fmt, width, saturate),
                            [F32Type.get(), IntegerType.get_signless(width)],
                            [cls.get()],
                            lambda x, r, cls=cls, s=saturate:
                                round_.stochastic(cls.get(), x, r, saturate=s))
        yield jit(module)


def run(engine, fmt, width, saturate, x_bits, rbits):
    x = np.ascontiguousarray(np.asarray(x_bits, np.uint32).view(np.float32))
    r = np.ascontiguousarray(np.asarray(rbits).astype(f"uint{width}"))
    out = np.zeros(len(x), model.FORMATS[fmt].dtype())
    engine.invoke(kernel_name(fmt, width, saturate), x, r, out)
    return out


def interesting_inputs(fmt_name, count, seed):
    """Random f32 patterns concentrated near the format's range, plus
    specials."""
    fmt = model.FORMATS[fmt_name]
    gen = np.random.default_rng(seed)
    magnitudes = np.exp2(gen.uniform(np.log2(fmt.min_subnormal()) - 3,
                                     np.log2(fmt.max_finite) + 2, count))
    signs = np.where(gen.random(count) < 0.5, -1.0, 1.0)
    with np.errstate(over="ignore"):  # bf16's range reaches past f32's
        x = (signs * magnitudes).astype(np.float32).view(np.uint32)
    specials = np.array([0x00000000, 0x80000000, 0x7F800000, 0xFF800000,
                         0x7FC00000, 0xFFC00001, 0x00000001, 0x807FFFFF,
                         0x7F7FFFFF, 0xFF7FFFFF], np.uint32)
    with np.errstate(over="ignore"):
        edges = np.array([fmt.max_finite, fmt.next_above_max,
                          fmt.min_normal(), fmt.min_subnormal(),
                          fmt.min_subnormal() / 2], np.float32).view(np.uint32)
    return np.concatenate([x, specials, edges, edges | 0x80000000])


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_stochastic_matches_the_model(engine, fmt):
    spec = model.FORMATS[fmt]
    x_bits = interesting_inputs(fmt, 500, seed=len(fmt))
    gen = np.random.default_rng(7)
    rbits = gen.integers(0, 2**32, len(x_bits), dtype=np.uint64)
    located = model.Located(spec, x_bits)
    for width in RBITS_WIDTHS:
        for saturate in (False, True):
            got = run(engine, fmt, width, saturate, x_bits, rbits)
            want = model.stochastic_round(spec, x_bits, rbits, width, saturate,
                                          located)
            nan = spec.is_nan[want]
            assert np.array_equal(spec.is_nan[got], nan), (width, saturate)
            np.testing.assert_array_equal(got[~nan], want[~nan],
                                          err_msg=f"i{width} sat={saturate}")


def test_bf16_rounds_up_exactly_t_times_in_2_to_the_16(engine):
    """SPEC 3: with K = 16 the result is q + ulp iff t + r >= 2^16, so over
    all 2^16 values of r it rounds up exactly t times and the mean of the
    results is x itself."""
    r = np.arange(1 << 16, dtype=np.uint32)
    for value in [1.0 + 2**-9 + 2**-20, -3.14159, 1e-40, 6.5e37, 0.1]:
        x_bits = np.full(1 << 16, np.float32(value).view(np.uint32))
        out = run(engine, "bf16", 32, False, x_bits, r)
        results = (out.astype(np.uint32) << 16).view(np.float32)
        down = np.float32(value).view(np.uint32) & 0xFFFF0000
        t = int(np.float32(value).view(np.uint32) & 0xFFFF)
        assert set(np.unique(out)) <= {down >> 16, (down >> 16) + 1}
        assert np.count_nonzero(out != down >> 16) == t
        assert np.mean(results.astype(np.float64)) == float(np.float32(value))


def test_model_agrees_with_itself_exactly():
    """The vectorised model against its Fraction version on a few inputs."""
    spec = model.FORMATS["f8E4M3FN"]
    x_bits = interesting_inputs("f8E4M3FN", 40, seed=3)
    for r in (0, 1, 0x7FFFF, 0xFFFFF):
        got = model.stochastic_round(spec, x_bits, np.full(len(x_bits), r), 32,
                                     False)
        for x, g in zip(x_bits, got):
            want = model.exact_stochastic_round(spec, x, r, 20, False)
            assert (want == "nan" and spec.is_nan[g]) or want == g
