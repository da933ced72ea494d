"""Builders for the ``rng`` dialect (counter-based random numbers).

One function per registered ``rng`` op, derived from the registry (see
``rng_mlir.dialects._ods_common``): operands in the op's order, ``rounds=``
as a keyword, result types inferred where the op infers them, else given as
leading types. For example::

    x0, x1, x2, x3 = rng.philox_4x32(c0, c1, c2, c3, k0, k1, rounds=7)
    r = rng.rand(seed, offset)
    u = rng.jax_uniform(F32Type.get(), k0, k1, i)       # result type first
    new_state, out = rng.bit_generator(state_type, out_type, state,
                                       algorithm="philox")
    i = rng.linear_index(tensor_type, base)           # base optional
    w0, w1, w2, w3 = rng.curand4(seed, subsequence, position)
    u = rng.torch_uniform(seed, offset, threads, index, from_, to)
    y, keep = rng.torch_dropout(x, p, seed, offset, threads, index, vec=4)
    n = rng.torch_normal(f16_type, seed, offset, threads, index, mean, std)
                                            # f16/bf16 normals: type first
    S = rng.torch_threads(n, multiprocessors=132,
                          threads_per_multiprocessor=2048)

``algorithm=`` of ``bit_generator`` takes ``"three_fry"``, ``"philox"`` or
``"default"`` (or the attribute ``#rng<algorithm ...>``).
"""

from ._ods_common import populate as _populate

_populate(globals(), "rng")

ALGORITHMS = ("three_fry", "philox", "default")

if "bit_generator" in globals():
    _bit_generator = globals()["bit_generator"]

    def bit_generator(*args, algorithm, **kwargs):
        if isinstance(algorithm, str):
            if algorithm not in ALGORITHMS:
                raise ValueError(
                    f"rng.bit_generator: unknown algorithm '{algorithm}'; "
                    f"expected one of {', '.join(ALGORITHMS)}")
            from ..ir import Attribute
            algorithm = Attribute.parse(f"#rng<algorithm {algorithm}>")
        return _bit_generator(*args, algorithm=algorithm, **kwargs)

    bit_generator.__doc__ = _bit_generator.__doc__
    bit_generator.OPERATION_NAME = _bit_generator.OPERATION_NAME
