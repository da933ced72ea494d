"""The examples in python/examples, against the independent models in
test/lib and Triton's recorded values."""

import importlib.util
import sys

import numpy as np
import pytest

from kernels import EXAMPLES, REPO, load_triton_vectors

sys.path.insert(0, str(REPO / "test" / "lib"))
import stochastic_rounding_model as sr_model  # noqa: E402
import triton_random_model as triton_model  # noqa: E402


def load_example(name):
    spec = importlib.util.spec_from_file_location(
        f"example_{name}", EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def dropout_example():
    return load_example("dropout")


@pytest.fixture(scope="module")
def dropout(dropout_example):
    return dropout_example.Dropout()


def tl_rand(seed, n):
    """tl.rand(seed, arange(n)) for an i32 seed, from the model."""
    words = triton_model.randint4x_numpy(seed, 32, np.arange(n), 32)[0]
    return triton_model.u2f_numpy(words)


def test_dropout_forward_matches_the_model(dropout):
    n, p, seed = 1000, 0.3, 123  # n is not a multiple of the block size
    x = np.random.default_rng(1).standard_normal(n).astype(np.float32)
    y = dropout.forward(x, p, seed)
    keep = tl_rand(seed, n) > np.float32(p)
    scale = np.float32(1.0) - np.float32(p)
    np.testing.assert_array_equal(y, np.where(keep, x / scale, np.float32(0)))
    assert 0.6 < keep.mean() < 0.8


def test_dropout_mask_is_tritons(dropout):
    case = load_triton_vectors()["cases"][0]
    assert case["seed"] == 123
    rand = np.array([int(v, 16) for v in case["rand"]], np.uint32)
    rand = rand.view(np.float32)[:32]  # the offsets 0..31
    assert list(case["offsets"][:32]) == list(range(32))
    for p in (0.2, 0.5, 0.8):
        y = dropout.forward(np.ones(32, np.float32), p, 123)
        np.testing.assert_array_equal(y != 0, rand > np.float32(p))


def test_dropout_backward_recomputes_the_mask(dropout):
    n, p, seed = 777, 0.5, 2024
    x = np.random.default_rng(2).uniform(0.5, 2.0, n).astype(np.float32)
    y = dropout.forward(x, p, seed)
    grad_out = np.random.default_rng(3).uniform(0.5, 2.0, n).astype(np.float32)
    grad_x = dropout.backward(grad_out, p, seed)
    # x and grad_out have no zeros: zeros come from the mask only.
    np.testing.assert_array_equal(grad_x == 0, y == 0)
    kept = y != 0
    np.testing.assert_array_equal(grad_x[kept],
                                  grad_out[kept] / np.float32(1 - p))
    # Another seed, another mask.
    assert not np.array_equal(dropout.forward(x, p, seed + 1) == 0, y == 0)


def test_dropout_blocks_and_tail(dropout):
    x = np.arange(1, 41, dtype=np.float32)
    full = dropout.forward(x, 0.25, 7)
    for n in (1, 15, 16, 17, 33):
        np.testing.assert_array_equal(dropout.forward(x[:n], 0.25, 7), full[:n])


def test_dropout_main(dropout_example, capsys):
    dropout_example.main()
    out = capsys.readouterr().out
    assert "gradient zero exactly where the output is zero: True" in out
    assert "rng.rand" in dropout_example.Dropout().ir


@pytest.fixture(scope="module")
def sr_example():
    return load_example("stochastic_rounding")


def test_stochastic_rounding_matches_the_models(sr_example):
    x = np.random.default_rng(4).standard_normal(2000).astype(np.float32) * 100
    seed = 99
    got = sr_example.StochasticRounder()(x, seed)
    # The random bits: tl.randint(seed, i); the rounding: the SR model.
    bits = triton_model.randint4x_numpy(seed, 32, np.arange(len(x)), 32)[0]
    want = sr_model.stochastic_round(sr_model.FORMATS["bf16"],
                                     x.view(np.uint32), bits, 32, False)
    np.testing.assert_array_equal(got, want)


def test_stochastic_rounding_preserves_the_mean(sr_example):
    x = sr_example.example_data()
    mean = x.astype(np.float64).mean()
    rounded = sr_example.StochasticRounder()(x, seed=5)
    values = sr_example.bf16_to_float32(rounded).astype(np.float64)
    nearest = sr_example.bf16_to_float32(
        sr_example.round_to_nearest_bf16(x)).astype(np.float64)
    # Each result is one of the two bf16 neighbours of x.
    down = x.view(np.uint32) >> 16
    assert np.all((rounded == down) | (rounded == down + 1))
    # Round-to-nearest is biased by about -ulp/4 here; stochastic rounding
    # is unbiased: its mean error is a few 1e-5 (the standard deviation of
    # the mean is below 2^-7 / 2 / 256 = 3.1e-5).
    assert nearest.mean() - mean < -1.5e-3
    assert abs(values.mean() - mean) < 2e-4


def test_stochastic_rounding_main(sr_example, capsys):
    sr_example.main()
    assert "mean after stochastic" in capsys.readouterr().out
