"""Shared fixtures for the rng_mlir tests."""

import pytest

from rng_mlir.ir import Context, Location


@pytest.fixture
def ctx():
    """A fresh Context with an unknown Location entered."""
    with Context() as context, Location.unknown():
        yield context
