"""round.scaling_stochastic and the MX element formats from Python: the
builder, its errors, and kernels lowered with rng-to-llvm and run on the CPU
against the independent model in test/lib (every E8M0 scale)."""

import sys

import numpy as np
import pytest

from kernels import REPO, elementwise_func, jit
from rng_mlir.dialects import func
from rng_mlir.dialects import round as round_
from rng_mlir.ir import (
    BF16Type,
    Context,
    F32Type,
    Float4E2M1FNType,
    Float6E2M3FNType,
    Float6E3M2FNType,
    Float8E4M3FNType,
    Float8E8M0FNUType,
    InsertionPoint,
    IntegerType,
    Location,
    MLIRError,
    Module,
    VectorType,
)

sys.path.insert(0, str(REPO / "test" / "lib"))
import stochastic_rounding_model as model  # noqa: E402

FORMATS = {
    "f4E2M1FN": Float4E2M1FNType, "f6E2M3FN": Float6E2M3FNType,
    "f6E3M2FN": Float6E3M2FNType, "f8E4M3FN": Float8E4M3FNType,
    "bf16": BF16Type,
}
ACCEPTED = ("bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, "
            "f6E2M3FN or f6E3M2FN")


@pytest.fixture(scope="module")
def engine():
    """Per format: out[i] = scaling_stochastic(x[i], scale[i], r[i]) and
    out[i] = stochastic(x[i], r[i]), saturating, i32 random bits."""
    with Context(), Location.unknown():
        module = Module.create()
        i32 = IntegerType.get_signless(32)
        with InsertionPoint(module.body):
            for name, cls in FORMATS.items():
                elementwise_func(
                    f"scaled_{name}",
                    [F32Type.get(), Float8E8M0FNUType.get(), i32], [cls.get()],
                    lambda x, s, r, cls=cls: round_.scaling_stochastic(
                        cls.get(), x, s, r, saturate=True))
                elementwise_func(
                    f"plain_{name}", [F32Type.get(), i32], [cls.get()],
                    lambda x, r, cls=cls: round_.stochastic(
                        cls.get(), x, r, saturate=True))
        yield jit(module)


def out_array(fmt, n):
    return np.zeros(n, model.ALL_FORMATS[fmt].dtype())


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_scaling_matches_the_model_for_every_scale(engine, fmt):
    spec = model.ALL_FORMATS[fmt]
    gen = np.random.default_rng(14)
    scales = np.repeat(np.arange(256, dtype=np.uint8), 64)
    # Quotients around T's range for each scale, plus specials.
    exponent = (gen.integers(-6, 6, len(scales)) + scales.astype(np.int64)
                ).clip(0, 255)
    x_bits = (gen.integers(0, 2, len(scales)).astype(np.uint32) << 31
              | exponent.astype(np.uint32) << 23
              | gen.integers(0, 1 << 23, len(scales)).astype(np.uint32))
    x_bits[::17] = 0x7FC00000
    x_bits[::19] = 0xFF800000
    rbits = gen.integers(0, 2**32, len(scales), dtype=np.uint64).astype(np.uint32)
    out = out_array(fmt, len(scales))
    engine.invoke(f"scaled_{fmt}", x_bits.view(np.float32), scales, rbits, out)
    want = model.stochastic_round(spec, model.scaled_quotient(x_bits, scales),
                                  rbits, 32, True)
    nan = spec.is_nan[want]
    assert np.array_equal(spec.is_nan[out], nan)
    np.testing.assert_array_equal(out[~nan], want[~nan])


@pytest.mark.parametrize("fmt", ["f4E2M1FN", "f6E2M3FN", "f6E3M2FN"])
def test_mx_formats_saturate_and_keep_negative_zero(engine, fmt):
    spec = model.ALL_FORMATS[fmt]
    x = np.array([np.inf, -np.inf, np.nan, -0.0, 0.0, 1e30, -1e30],
                 np.float32)
    out = out_array(fmt, len(x))
    engine.invoke(f"plain_{fmt}", x, np.zeros(len(x), np.uint32), out)
    top, sign = spec.max_finite_bits, spec.sign_bit
    assert list(out) == [top, top | sign, top, sign, 0, top, top | sign]


def test_scaling_builder_and_errors():
    with Context(), Location.unknown():
        f32, i32 = F32Type.get(), IntegerType.get_signless(32)
        e8m0 = Float8E8M0FNUType.get()
        v32 = VectorType.get([32], f32)
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("f", ([v32, e8m0, i32], []))
        with InsertionPoint(f.add_entry_block()):
            x, s, r = f.arguments
            y = round_.scaling_stochastic(
                VectorType.get([32], Float4E2M1FNType.get()), x, s, r,
                saturate=True)
            with pytest.raises(MLIRError, match="'saturate' is required"):
                round_.scaling_stochastic(
                    VectorType.get([32], Float4E2M1FNType.get()), x, s, r)
            with pytest.raises(MLIRError, match=ACCEPTED):
                round_.scaling_stochastic(v32, x, s, r)
            func.return_([])
        assert ("round.scaling_stochastic %arg0, %arg1, %arg2 saturate : "
                "vector<32xf32>, f8E8M0FNU, i32 -> vector<32xf4E2M1FN>"
                in str(module))
        assert y.type == VectorType.get([32], Float4E2M1FNType.get())
