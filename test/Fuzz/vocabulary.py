"""What the rng-mlir fuzzer (rng_fuzz.py) writes: ops, types, literals,
attributes, passes, pipelines and option values.

Everything here is data: to fuzz a new op, type, pass or option, add one
entry. An entry that an rng-opt does not know (an op or option of work in
progress) is fine: its inputs are rejected with a diagnostic, and the fuzzer
only requires that rng-opt never crashes or hangs on them.
"""

# ---------------------------------------------------------------------------
# Ops. `operands` lists operand roles; the generator picks a type per role
# (ROLE_TYPES) so that most generated ops are valid before mutation.
# `results` is the number of results, or a role for the result type when the
# custom syntax names it. `syntax` names a custom-form writer in rng_fuzz.py
# (None: generic form only; "template": the `custom` string, with {oN} / {tN}
# the operands and their types, {rN} the result types, {rounds} /
# {saturate} the optional clauses and {attrs} the attr-dict of the other
# attributes). `attrs` are the attributes the op may carry; those other than
# `rounds` and `saturate` take their values from ATTR_VALUES.
# ---------------------------------------------------------------------------
OPS = [
    dict(name="rng.philox_4x32", syntax="philox",
         operands=["word", "word", "word", "word", "key", "key"],
         results=["word"] * 4, attrs=["rounds"]),
    dict(name="rng.randint", syntax="triton", operands=["seed", "offset"],
         results=["word"], attrs=["rounds"]),
    dict(name="rng.randint4x", syntax="triton", operands=["seed", "offset"],
         results=["word"] * 4, attrs=["rounds"]),
    dict(name="rng.rand", syntax="triton", operands=["seed", "offset"],
         results=["float"], attrs=["rounds"]),
    dict(name="rng.rand4x", syntax="triton", operands=["seed", "offset"],
         results=["float"] * 4, attrs=["rounds"]),
    dict(name="rng.randn", syntax="triton", operands=["seed", "offset"],
         results=["float"], attrs=["rounds"]),
    dict(name="rng.randn4x", syntax="triton", operands=["seed", "offset"],
         results=["float"] * 4, attrs=["rounds"]),
    dict(name="round.stochastic", syntax="round", operands=["x", "rbits"],
         results=["target"], attrs=["saturate"]),
    # The seeds' generators (SPEC §5-7), generic form.
    dict(name="rng.lowbias32", syntax="template",
         custom="{o0} : {t0}", operands=["word32"],
         results=["word32"], attrs=[]),
    dict(name="rng.splitmix64", syntax="template",
         custom="{o0} : {t0}", operands=["wide"],
         results=["wide"], attrs=[]),
    dict(name="rng.hash_rand", syntax="template",
         custom="{o0}, {o1} : {t0}, {t1}", operands=["seed32", "word32"],
         results=["f32"], attrs=[]),
    dict(name="rng.hash_randn", syntax="template",
         custom="{o0}, {o1} : {t0}, {t1}", operands=["seed32", "word32"],
         results=["f32"], attrs=[]),
    dict(name="rng.hash_dropout", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3} : {t0}, {t1}, {t2}, {t3}",
         operands=["x", "x", "seed32", "word32"], results=["x"], attrs=[]),
    dict(name="rng.dropout", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3}{rounds} : {t0}, {t1}, {t2}, {t3}",
         operands=["x", "x", "seed", "offset"], results=["x"],
         attrs=["rounds"]),
    dict(name="rng.tr_dropout_sample", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["wide", "wide", "wide"], results=["f32"], attrs=[]),
    dict(name="round.scaling_stochastic", syntax="template",
         custom="{o0}, {o1}, {o2}{saturate} : {t0}, {t1}, {t2} -> {r0}",
         operands=["f32", "scale", "rbits"], results=["target"],
         attrs=["saturate"]),
    # Threefry and the JAX samplers (SPEC §8), generic form.
    dict(name="rng.threefry_2x32", syntax="template",
         custom="{o0}, {o1} key {o2}, {o3}{rounds} : {t0}, {t2}",
         operands=["word32", "word32", "key32", "key32"],
         results=["word32"] * 2,
         attrs=["rounds"]),
    dict(name="rng.jax_fold_in", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t2}",
         operands=["key32", "key32", "offset"], results=["word32"] * 2,
         attrs=[]),
    dict(name="rng.jax_bits", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t2} -> {r0}",
         operands=["key32", "key32", "offset"],
         results=["word"], attrs=[]),
    dict(name="rng.jax_uniform", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t2} -> {r0}",
         operands=["key32", "key32", "offset"], results=["float"],
         attrs=[]),
    dict(name="rng.jax_normal", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t2}",
         operands=["key32", "key32", "offset"], results=["f32"], attrs=[]),
    dict(name="rng.jax_randint", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3}, {o4} : {t0}, {t2}, {t3}",
         operands=["key32", "key32", "offset", "offset", "offset"],
         results=["offset"], attrs=[]),
    # Not elementwise: a 2- or 3-word i64 state tensor and a static output
    # tensor (rng_fuzz.py's writer "bitgen" picks both).
    dict(name="rng.bit_generator", syntax="bitgen", operands=[],
         results=[], attrs=[]),
    # Not elementwise: an optional scalar base and a static result tensor
    # (rng_fuzz.py's writer "linear_index" picks both).
    dict(name="rng.linear_index", syntax="linear_index", operands=[],
         results=[], attrs=[]),
    # cuRAND's device API (SPEC §9.1): seed, subsequence, position; the
    # results are inferred.
    dict(name="rng.curand", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["state64", "wide", "wide"], results=["word32"], attrs=[]),
    dict(name="rng.curand4", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["state64", "wide", "wide"], results=["word32"] * 4,
         attrs=[]),
    dict(name="rng.curand_uniform", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["state64", "wide", "wide"], results=["f32"], attrs=[]),
    dict(name="rng.curand_normal2", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["state64", "wide", "wide"], results=["f32"] * 2,
         attrs=[]),
    dict(name="rng.curand_uniform_double", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["state64", "wide", "wide"], results=["f64"], attrs=[]),
    dict(name="rng.curand_uniform2_double", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["state64", "wide", "wide"], results=["f64"] * 2,
         attrs=[]),
    dict(name="rng.curand_normal2_double", syntax="template",
         custom="{o0}, {o1}, {o2} : {t0}, {t1}, {t2}",
         operands=["state64", "wide", "wide"], results=["f64"] * 2,
         attrs=[]),
    # PyTorch's CUDA random numbers (SPEC §9.2): seed, offset, threads,
    # index, then the op's own; every type spelled.
    dict(name="rng.torch_uniform", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3}, {o4}, {o5}{attrs} : "
                "({t0}, {t1}, {t2}, {t3}, {t4}, {t5}) -> {r0}",
         operands=["state64", "state64", "state64", "wide", "x", "x"],
         results=["x"], attrs=[]),
    dict(name="rng.torch_normal", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3}, {o4}, {o5}{attrs} : "
                "({t0}, {t1}, {t2}, {t3}, {t4}, {t5}) -> {r0}",
         operands=["state64", "state64", "state64", "wide", "acc", "acc"],
         results=["x"], attrs=[]),
    dict(name="rng.torch_bernoulli", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3}, {o4}{attrs} : "
                "({t0}, {t1}, {t2}, {t3}, {t4}) -> {r0}",
         operands=["state64", "state64", "state64", "wide", "acc"],
         results=["bool"], attrs=[]),
    dict(name="rng.torch_random", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3}, {o4}, {o5}{attrs} : "
                "({t0}, {t1}, {t2}, {t3}, {t4}, {t5}) -> {r0}",
         operands=["state64", "state64", "state64", "wide", "state64",
                   "state64"],
         results=["wide"], attrs=["wide"]),
    dict(name="rng.torch_dropout", syntax="template",
         custom="{o0}, {o1}, {o2}, {o3}, {o4}, {o5}{attrs} : "
                "({t0}, {t1}, {t2}, {t3}, {t4}, {t5}) -> ({r0}, {r1})",
         operands=["x", "p64", "state64", "state64", "state64", "wide"],
         results=["x", "bool"], attrs=["vec"]),
    dict(name="rng.torch_threads", syntax="template",
         custom="{o0}{attrs} : {t0}", operands=["wide"], results=["wide"],
         attrs=["multiprocessors", "threads_per_multiprocessor"]),
    dict(name="rng.torch_offset_increment", syntax="template",
         custom="{o0}, {o1}{attrs} : {t0}", operands=["wide", "wide"],
         results=["wide"], attrs=["unroll"]),
]

# Values of the attributes other than `rounds` and `saturate` (None: a unit
# attribute), valid ones first; REQUIRED_ATTRS are written almost always.
ATTR_VALUES = {
    "vec": ["4 : i32", "2 : i32", "8 : i32", "1 : i32", "3 : i32",
            "0 : i32", "16 : i32", "-4 : i32", "4 : i64", "4"],
    "wide": [None],
    "multiprocessors": ["132", "108", "1", "0", "-132", "132 : i32",
                        "9223372036854775807", "72057594037927936"],
    "threads_per_multiprocessor": ["2048", "1536", "256", "255", "0",
                                   "-2048", "65536", "2048 : i16"],
    "unroll": ["4 : i32", "2 : i32", "3 : i32", "0 : i32", "-2 : i32",
               "4 : i64", "1.0 : f32"],
}
REQUIRED_ATTRS = {"multiprocessors", "threads_per_multiprocessor", "unroll"}

# Element types per role, most likely first (the generator prefers the head
# of each list, so most ops verify and reach the passes).
ROLE_TYPES = {
    "word": ["i32", "i32", "i64", "i16"],
    "key": ["i32", "i64"],
    "seed": ["i32", "i64", "i1", "i8", "i16", "i33", "i0"],
    "offset": ["i32", "i64", "i16", "i1"],
    "float": ["f32", "f64", "f16", "bf16"],
    "x": ["f32", "f16", "bf16", "f64"],
    "rbits": ["i32", "i16", "i8", "i1", "i12", "i64", "i3", "i128", "i0"],
    "wide": ["i64", "i64", "i32", "i128"],
    # Operands and results that must be i32 / f32 (the seeds' generators,
    # Threefry and JAX keys): mostly right, sometimes not.
    "word32": ["i32", "i32", "i32", "i64", "i16"],
    "seed32": ["i32", "i32", "i32", "i64", "i1"],
    "key32": ["i32", "i32", "i32", "i64"],
    "f32": ["f32", "f32", "f32", "f16", "f64"],
    # cuRAND's and PyTorch's operands (SPEC §9): i64 generator state and
    # launch (state64: a scalar beside shaped indices most of the time),
    # f32/f64 means and probabilities, f64 drop probabilities, i1 masks.
    "state64": ["i64", "i64", "i64", "i32"],
    "f64": ["f64", "f64", "f64", "f32"],
    "acc": ["f32", "f32", "f64", "f16"],
    "p64": ["f64", "f64", "f64", "f32"],
    "bool": ["i1", "i1", "i1", "i8"],
    "scale": ["f8E8M0FNU", "f8E8M0FNU", "f32", "i8"],
    "target": ["bf16", "f16", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ",
               "f8E5M2FNUZ", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN"],
}

# Every scalar type the mutator substitutes: odd widths, every small float.
SCALAR_TYPES = [
    "i0", "i1", "i2", "i3", "i7", "i8", "i12", "i16", "i31", "i32", "i33",
    "i63", "i64", "i65", "i128", "i256", "i1024", "si32", "ui32", "ui64",
    "si8", "index", "f16", "bf16", "f32", "f64", "tf32", "f80", "f128",
    "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ",
    "f8E4M3", "f8E3M4", "f8E8M0FNU", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN",
    "complex<f32>", "none", "!llvm.ptr", "memref<4xi32>",
]

# Shapes around an element type T: scalars, fixed/scalable vectors,
# static/dynamic/unranked tensors, degenerate sizes.
SHAPES = [
    "{T}", "{T}", "{T}", "vector<4x{T}>", "vector<[4]x{T}>",
    "vector<2x[4]x{T}>", "vector<1x{T}>", "vector<2x3x{T}>",
    "vector<[1]x{T}>", "vector<3x[2]x5x{T}>", "tensor<8x{T}>",
    "tensor<?x{T}>", "tensor<?x?x{T}>", "tensor<2x?x{T}>", "tensor<0x{T}>",
    "tensor<*x{T}>", "tensor<{T}>", "vector<{T}>", "memref<4x{T}>",
    # Huge shapes: 10^6-element vectors (upstream's vector-to-llvm spends
    # ~5 s on a 10^7-element vector program, linear in the size, which a
    # loaded machine would report as a hang) and 10^8-element tensors.
    "vector<1000000x{T}>", "tensor<100000000x{T}>", "vector<4096x{T}>",
    "tensor<4x{T}, #sparse_tensor.encoding<{ map = (d0) -> (d0 : "
    "compressed) }>>", 'tensor<4x{T}, "encoding">', "vector<65536x{T}>",
]

# Integer literals: boundaries of every width and beyond (overflow).
INT_LITERALS = [
    "0", "1", "-1", "2", "7", "127", "128", "-128", "255", "256", "32767",
    "-32768", "65535", "65536", "2147483647", "-2147483648", "2147483648",
    "4294967295", "4294967296", "-4294967296", "9223372036854775807",
    "-9223372036854775808", "9223372036854775808", "18446744073709551615",
    "18446744073709551616", "340282366920938463463374607431768211455",
    "99999999999999999999999999999999999999999999999999", "0x7FFFFFFF",
    "0xFFFFFFFF", "0xFFFFFFFFFFFFFFFF", "0x1FFFFFFFFFFFFFFFF", "-0",
    "0xD2511F53", "0xCD9E8D57", "0x9E3779B9", "0xBB67AE85",
]

FLOAT_LITERALS = [
    "0.0", "-0.0", "1.0", "-1.0", "0.5", "3.4028235e38", "-3.4028235e38",
    "1.0e39", "1.17549435e-38", "1.0e-45", "1.0e-46", "65504.0", "65520.0",
    "448.0", "464.0", "57344.0", "61440.0", "6.0", "7.5", "28.0", "0x7F800000",
    "0xFF800000", "0x7FC00000", "0x7F800001", "0xFFFFFFFF", "0x00000001",
    "0x80000000", "0x7F7FFFFF", "1.0e308", "nan", "inf", "-inf",
]

# `rounds` values: the valid range, its edges, and overflow.
ROUNDS = ["1", "7", "10", "16", "0", "17", "-1", "255", "2147483647",
          "-2147483648", "4294967295", "4294967296", "99999999999999999999"]

# Attribute spellings the mutator inserts into attr-dicts (`{...}`).
ATTR_SNIPPETS = [
    "rounds = 10 : i32", "rounds = 0 : i32", "rounds = 17 : i32",
    "rounds = -1 : i32", "rounds = 2147483647 : i32", "rounds = 7 : i64",
    "rounds = 7 : i8", "rounds = 3.0 : f32", 'rounds = "ten"',
    "rounds = unit", "rounds = [1, 2]", "saturate", "saturate = unit",
    "saturate = true", "saturate = 1 : i32", "p = 0.5 : f32",
    "p = 1.5 : f32", "p = -0.0 : f32", "p = 0x7FC00000 : f32",
    "algorithm = #rng<algorithm philox>", "algorithm = #rng<algorithm foo>",
    "algorithm = 1 : i32", "vec = 4 : i32", "vec = 3 : i32", "vec = 8 : i64",
    "wide", "wide = 1 : i32", "unroll = 2 : i32", "unroll = 5 : i32",
    "multiprocessors = 0", "multiprocessors = 132",
    "threads_per_multiprocessor = 128", "threads_per_multiprocessor = 2048",
]

# rng.bit_generator: algorithms (and misspellings), states and outputs.
BITGEN_ALGORITHMS = ["three_fry", "philox", "default", "three_fry",
                     "philox", "threefry", "PHILOX"]
BITGEN_STATES = ["tensor<2xi64>", "tensor<3xi64>", "tensor<2xi64>",
                 "tensor<4xi64>", "tensor<2xi32>", "tensor<?xi64>",
                 "tensor<1xi64>"]
BITGEN_OUTPUTS = ["tensor<8xi32>", "tensor<i32>", "tensor<3x5xi8>",
                  "tensor<2x3x7xi16>", "tensor<7xi64>", "tensor<0xi32>",
                  "tensor<1x1x1xi64>", "tensor<5x2xi32>", "tensor<?xi32>",
                  "tensor<4xf32>", "tensor<100000000xi32>", "vector<4xi32>"]

# rng.linear_index: results (valid ones first, then huge, zero-size,
# dynamic, non-tensor and wrongly typed ones) and bases (mostly the result's
# element type, sometimes another).
LINEAR_INDEX_RESULTS = ["tensor<2x3xi32>", "tensor<8xi64>", "tensor<i32>",
                        "tensor<1x1xi64>", "tensor<0x3xi32>",
                        "tensor<3x1x5x2xi32>", "tensor<100000000xi32>",
                        "tensor<4294967296x4294967296xi64>",
                        'tensor<4xi32, "encoding">', "tensor<?x3xi32>",
                        "tensor<*xi32>", "tensor<4xi16>", "tensor<4xf32>",
                        "vector<4xi32>", "i32"]
LINEAR_INDEX_BASES = ["same", "same", "none", "i32", "i64", "i16", "f32",
                      "tensor<4xi32>", "index"]

# Passes and named pipelines, each with the options it takes and the values
# to try. `anchor` is where the pass nests in --pass-pipeline ("" for a
# module-level pipeline).
OPTION_BOOLS = ["true", "false", "1", "0", "True", "yes", "maybe", "",
                "2", "-1", "truee"]
# outline-above of convert-rng-to-arith / convert-round-to-arith: always,
# small, the default, never, and values the option parser must reject.
OUTLINE_THRESHOLDS = ["0", "1", "2", "256", "4294967295", "-1", "",
                      "4294967296", "x"]
CHIPS = [
    "sm_90", "sm_100a", "sm_103a", "sm_120", "sm_80", "sm_20", "sm_90a",
    "sm_100", "sm_100f", "sm_999", "sm_80a", "sm_", "sm_-1", "sm_0",
    "sm_99999999999999999999", "SM_90", "sm90", "gfx950", "", "'", "\"",
    "sm_100a sm_90", "sm_100a,sm_90", "a" * 300, "sm_\u0669\u0660",
    "sm_90\\", "{", "}", "sm_100a}", "=",
]
CHIPSETS = [
    "gfx942", "gfx950", "gfx90a", "gfx1250", "gfx1100", "gfx908", "gfx940",
    "gfx999", "gfx", "gfx9", "gfx9999999999999999999", "gfx-1", "GFX942",
    "gfx942:sramecc+:xnack-", "gfx942:xnack+", "sm_90", "", "'", "a" * 300,
    "gfx\u0669\u0664\u0662", "gfx942}", "{", "gfx10-3-generic",
    "gfx9-4-generic",
]
FEATURES = ["", "+ptx87", "+ptx88", "-ptx87", "+ptx60", "+ptx999", "garbage",
            "+ptx87,+ptx88", ",", "+"]

PASSES = [
    dict(name="", options={}, anchor=""),  # parse and verify only
    dict(name="canonicalize", options={}, anchor=""),
    dict(name="cse", options={}, anchor=""),
    dict(name="convert-rng-to-arith",
         options={"fast-math": OPTION_BOOLS,
                  "outline-above": OUTLINE_THRESHOLDS},
         anchor=""),
    dict(name="convert-rng-to-arith",
         options={"fast-math": OPTION_BOOLS,
                  "outline-above": OUTLINE_THRESHOLDS},
         anchor="func.func"),
    dict(name="convert-round-to-arith",
         options={"outline-above": OUTLINE_THRESHOLDS}, anchor=""),
    dict(name="convert-rng-to-nvvm", options={"fast-math": OPTION_BOOLS},
         anchor=""),
    dict(name="convert-round-to-nvvm",
         options={"chip": CHIPS, "unverified-sr-instructions": OPTION_BOOLS},
         anchor=""),
    dict(name="convert-round-to-rocdl",
         options={"chipset": CHIPSETS,
                  "unverified-sr-instructions": OPTION_BOOLS},
         anchor=""),
    dict(name="rng-to-llvm",
         options={"fast-math": OPTION_BOOLS,
                  "outline-above": OUTLINE_THRESHOLDS},
         anchor=""),
    dict(name="rng-approximate-math", options={}, anchor=""),
    dict(name="rng-to-nvvm",
         options={"chip": CHIPS, "features": FEATURES,
                  "keep-gpu-module": OPTION_BOOLS, "fast-math": OPTION_BOOLS,
                  "unverified-sr-instructions": OPTION_BOOLS},
         anchor=""),
    dict(name="rng-to-rocdl",
         options={"chipset": CHIPSETS, "keep-gpu-module": OPTION_BOOLS,
                  "unverified-sr-instructions": OPTION_BOOLS},
         anchor=""),
    # Sharded programs (docs/Sharding.md): the passes that wrap upstream's
    # sharding-propagation, shard-partition and MPI lowering.
    dict(name="rng-shard-partition", options={}, anchor=""),
    dict(name="rng-lower-shard-collectives", options={}, anchor=""),
    dict(name="rng-check-mpi-implementation", options={}, anchor=""),
    dict(name="rng-convert-mpi-to-llvm", options={}, anchor=""),
    dict(name="rng-strip-mpi-metadata", options={}, anchor=""),
    dict(name="rng-shard-to-llvm", options={}, anchor=""),
]

# Option names that no pass has (the option parser must reject them).
BOGUS_OPTIONS = ["chips", "fast_math", "fastmath", "x", "", "chip chip",
                 "rounds"]
