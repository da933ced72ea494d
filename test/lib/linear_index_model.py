"""Independent model of rng.linear_index (SPEC section 10).

Element (j0, ..., jk) of `rng.linear_index [base] : tensor<d0 x ... x dk x iN>`
is base + its row-major linear index, modulo 2^N. The model does not use the
stride formula of the lowering: it enumerates the positions in row-major
order (itertools.product varies the last dimension fastest) and counts
them, in Python's unbounded integers, wrapping once at the end.
"""

import itertools


def positions(shape):
    """Every position of `shape`, row-major (one empty position for rank
    0; none when a dimension is 0)."""
    return itertools.product(*(range(d) for d in shape))


def linear_index(shape, width, base=0):
    """The values of rng.linear_index over `shape` with `width`-bit elements
    and `base` (an integer, any sign), row-major, as unsigned integers."""
    mask = (1 << width) - 1
    return [(base + count) & mask
            for count, _ in enumerate(positions(shape))]


def self_test():
    # Known answers: the op's documented example and the rank-0 rule.
    assert linear_index((2, 3), 32, 7) == [7, 8, 9, 10, 11, 12]
    assert linear_index((), 64, 5) == [5]
    assert linear_index((0, 3), 32) == []
    # Wrapping at the width.
    assert linear_index((3,), 32, 2**32 - 2) == [2**32 - 2, 2**32 - 1, 0]
    assert linear_index((2,), 64, -1) == [2**64 - 1, 0]
    # Row-major: the last dimension varies fastest.
    assert list(positions((2, 2))) == [(0, 0), (0, 1), (1, 0), (1, 1)]


if __name__ == "__main__":
    self_test()
    print("linear_index_model: self test passed")
