"""Generates and checks the CPU execution test of the Triton-family rng ops.

    triton_random_test.py gen   VECTORS_DIR > test.mlir
    triton_random_test.py check VECTORS_DIR runner-output.txt

`gen` writes a program that runs rng.randint4x, rng.randint, rng.rand,
rng.randn, rng.rand4x and rng.randn4x at run time (seeds and offsets are
arguments of non-inlined functions, so nothing folds) on every case below, in
scalar form (one call per offset), as a 1-D vector holding all offsets of the
case and, for some cases, as 1-D to 3-D tensors, 2-D vectors, 0-D vectors and
tensors, and with one seed per lane; it prints every result as an i32 bit
pattern. `check` compares that output
with the independent Python model (triton_random_model.py) -- integers and
uniforms exactly, normals within 2 ulp of the correctly rounded value -- and,
for the cases recorded from Triton 3.6 (VECTORS_DIR/triton_random.json),
integers and uniforms with Triton's values exactly.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import triton_random_model as model  # noqa: E402

MAX_NORMAL_ULP = 2
NUM_RESULTS = len(model.OUTPUT_KEYS)        # 15 values per offset
ROW = "vector<%dxi32>" % NUM_RESULTS          # one offset's results

INT32_EDGES = [0, 1, 2, -1, -2, 2**31 - 1, -2**31, -2**31 + 1, 65536, 123456789]
INT64_EDGES = [0, 1, 5, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**33 + 6, 2**40 + 12345,
               2**62 + 3, 2**63 - 1, -1, -2, -2**31, -2**32, -2**32 - 1, -2**63,
               0x123456789ABCDEF0]


class Case:
    def __init__(self, name, seeds, seed_width, offsets, offset_width, rounds=10,
                 triton=None, shapes=()):
        self.name = name
        self.seeds = seeds            # one seed (scalar) or one per offset
        self.seed_width = seed_width
        self.offsets = offsets
        self.offset_width = offset_width
        self.rounds = rounds
        self.triton = triton          # the triton_random.json case, if any
        # Shaped forms, each (kind, dims) holding all offsets in row-major
        # order: a 1-D vector always, plus `shapes`.
        self.shapes = [("vector", [len(offsets)])] + list(shapes)

    def seed_at(self, i):
        return self.seeds[0] if len(self.seeds) == 1 else self.seeds[i]

    def expected(self, i):
        return model.all_outputs(self.seed_at(i), self.seed_width, self.offsets[i],
                                 self.offset_width, self.rounds)


def make_cases(vectors_dir):
    cases = []
    for c in model.load_triton_cases(os.path.join(vectors_dir, "triton_random.json")):
        assert c["offset_type"] == "i32"
        # Triton types a Python seed below 2^31 as int32 and one in [2^31, 2^32)
        # as uint32 (zero-extended): i32 and i64 seeds reproduce them.
        width = 32 if c["seed"] < 2**31 else 64
        cases.append(Case("triton_seed_%d" % c["seed"], [c["seed"]], width,
                          c["offsets"], 32, c["rounds"], triton=c))
    json_offsets = cases[0].offsets
    cases += [
        # 64-bit offsets: at and above 2^32, negative, INT64_MIN.
        Case("i64_offsets", [0xDEADBEEF], 64, INT64_EDGES, 64,
             shapes=[("tensor", [18]), ("vector", [3, 6])]),
        Case("i64_offsets_seed123", [123], 32, INT64_EDGES, 64),
        # Negative seeds (sign-extended) and seeds at and above 2^32.
        Case("seed_minus1_i32", [-1], 32, INT32_EDGES, 32),
        Case("seed_negative_i64", [-123456789], 64, INT32_EDGES, 32),
        Case("seed_2pow32", [2**32], 64, INT64_EDGES, 64),
        Case("seed_large_i64", [2**40 + 7], 64, INT32_EDGES, 32),
        Case("seed_int64_max", [2**63 - 1], 64, INT32_EDGES, 32),
        Case("seed_int64_min", [-2**63], 64, INT64_EDGES, 64),
        # Narrow and odd seed widths, sign-extended to 64 bits.
        Case("seed_i1", [-1], 1, INT32_EDGES, 32),
        Case("seed_i8", [-5], 8, INT64_EDGES, 64),
        Case("seed_i16", [-2**15], 16, INT32_EDGES, 32),
        Case("seed_i33", [2**32], 33, INT32_EDGES, 32),  # bit 32 set: negative
        Case("seed_i48", [-3], 48, INT64_EDGES, 64),
        # Other round counts.
        Case("rounds7", [123], 32, json_offsets, 32, rounds=7,
             shapes=[("tensor", [36]), ("vector", [4, 9]), ("tensor", [2, 3, 6])]),
        Case("rounds7_i64", [0xDEADBEEF], 64, INT64_EDGES, 64, rounds=7),
        Case("rounds1", [123], 32, INT32_EDGES, 32, rounds=1),
        Case("rounds16", [-7], 64, INT64_EDGES, 64, rounds=16),
        # One seed per lane.
        Case("per_lane_seeds", [s * 0x9E3779B97F4A7C15 for s in range(-5, 5)], 64,
             INT32_EDGES, 32, shapes=[("tensor", [2, 5])]),
        # 0-D vector and tensor.
        Case("zero_d", [123], 32, [7], 32, shapes=[("vector", []), ("tensor", [])]),
    ]
    return cases


# Names of the printed results, in the order of model.OUTPUT_KEYS.
OPS = [("randint4x", 4, "i32"), ("randint", 1, "i32"), ("rand", 1, "f32"),
       ("randn", 1, "f32"), ("rand4x", 4, "f32"), ("randn4x", 4, "f32")]


def rounds_attr(rounds):
    return "" if rounds == 10 else " rounds %d" % rounds


def kernel_body(seed, offset, seed_type, offset_type, rounds, shape_of):
    """The ops on (%seed, %offset); returns (lines, the NUM_RESULTS i32-typed values)."""
    lines, values = [], []
    for op, count, elem in OPS:
        res = "%" + op
        decl = res + (":%d" % count if count > 1 else "")
        lines.append("  %s = rng.%s %s, %s%s : %s, %s" % (
            decl, op, seed, offset, rounds_attr(rounds), seed_type, offset_type))
        for k in range(count):
            v = res + ("#%d" % k if count > 1 else "")
            if elem == "f32":
                bits = "%%%s_bits%d" % (op, k)
                lines.append("  %s = arith.bitcast %s : %s to %s" % (
                    bits, v, shape_of("f32"), shape_of("i32")))
                v = bits
            values.append(v)
    return lines, values


def scalar_type(width):
    return "i%d" % width


def nested(values, dims):
    """`values` as a row-major dense literal of shape `dims`."""
    if not dims:
        return str(values[0])
    step = len(values) // dims[0]
    return "[%s]" % ", ".join(nested(values[i * step:(i + 1) * step], dims[1:])
                              for i in range(dims[0]))


def gen(vectors_dir):
    cases = make_cases(vectors_dir)
    out = ["// Generated by test/lib/triton_random_test.py; do not edit.", ""]
    kernels = set()
    main = ["func.func @main() {"]
    for ci, case in enumerate(cases):
        st, ot = scalar_type(case.seed_width), scalar_type(case.offset_width)
        n = len(case.offsets)
        per_lane = len(case.seeds) > 1

        # Scalar form: one call per offset.
        kname = "@scalar_%s_%s_r%d" % (st, ot, case.rounds)
        if kname not in kernels:
            kernels.add(kname)
            body, values = kernel_body("%seed", "%offset", st, ot, case.rounds,
                                       lambda e: e)
            out.append("func.func %s(%%seed: %s, %%offset: %s) -> %s {"
                       % (kname, st, ot, ROW))
            out += body
            out.append("  %%all = vector.from_elements %s : %s" % (", ".join(values), ROW))
            out.append("  return %%all : %s" % ROW)
            out.append("}")
            out.append("")
        for i, offset in enumerate(case.offsets):
            s, o = "%%s%d_%d" % (ci, i), "%%o%d_%d" % (ci, i)
            r = "%%r%d_%d" % (ci, i)
            main.append("  %s = arith.constant %d : %s" % (s, model.sext(case.seed_at(i), case.seed_width), st))
            main.append("  %s = arith.constant %d : %s" % (o, model.sext(offset, case.offset_width), ot))
            main.append("  %s = func.call %s(%s, %s) : (%s, %s) -> %s" % (r, kname, s, o, st, ot, ROW))
            main.append('  vector.print str "S%d.%d "' % (ci, i))
            main.append("  vector.print %s : %s" % (r, ROW))

        # Shaped forms: all offsets (and seeds, if per lane) in one value.
        for j, (kind, dims) in enumerate(case.shapes):
            def shaped(elem, kind=kind, dims=dims):
                return "%s<%s>" % (kind, "".join("%dx" % d for d in dims) + elem)
            seed_t = shaped(st) if per_lane else st
            kname = "@%s_%s_%s_r%d_%s%s" % (kind, st, ot, case.rounds,
                                            "x".join(map(str, dims)) or "0d",
                                            "_lanes" if per_lane else "")
            results_t = ", ".join([shaped("i32")] * NUM_RESULTS)
            if kname not in kernels:
                kernels.add(kname)
                body, values = kernel_body("%seed", "%offset", seed_t, shaped(ot),
                                           case.rounds, shaped)
                out.append("func.func %s(%%seed: %s, %%offset: %s) -> (%s) {" % (
                    kname, seed_t, shaped(ot), results_t))
                out += body
                out.append("  return %s : %s" % (", ".join(values), results_t))
                out.append("}")
                out.append("")
            tag = "%d_%d" % (ci, j)
            s, o, r = "%%fs%s" % tag, "%%fo%s" % tag, "%%fr%s" % tag
            if per_lane:
                main.append("  %s = arith.constant dense<%s> : %s" % (
                    s, nested([model.sext(x, case.seed_width) for x in case.seeds], dims), seed_t))
            else:
                main.append("  %s = arith.constant %d : %s" % (s, model.sext(case.seeds[0], case.seed_width), st))
            main.append("  %s = arith.constant dense<%s> : %s" % (
                o, nested([model.sext(x, case.offset_width) for x in case.offsets], dims), shaped(ot)))
            main.append("  %s:%d = func.call %s(%s, %s) : (%s, %s) -> (%s)" % (
                r, NUM_RESULTS, kname, s, o, seed_t, shaped(ot), results_t))
            vector_t = "vector<%s>" % ("".join("%dx" % d for d in dims) + "i32")
            for k, key in enumerate(model.OUTPUT_KEYS):
                v = "%s#%d" % (r, k)
                if kind == "tensor":
                    read = "%%fread%s_%d" % (tag, k)
                    main.append("  %s = vector.transfer_read %s[%s], %%pad : %s, %s" % (
                        read, v, ", ".join(["%c0"] * len(dims)), shaped("i32"), vector_t))
                    v = read
                main.append('  vector.print str "F%d.%d %s "' % (ci, j, key))
                main.append("  vector.print %s : %s" % (v, vector_t))
    main.insert(1, "  %c0 = arith.constant 0 : index")
    main.insert(2, "  %pad = arith.constant 0 : i32")
    main.append("  return")
    main.append("}")
    print("\n".join(out + main))


LINE = re.compile(r"^([SF])(\d+)\.(\d+) (?:(\w+) )?(\(.*\))$")


def check(vectors_dir, output_path):
    failures = model.self_test(os.path.join(vectors_dir, "philox4x32_10_kat.txt"),
                               os.path.join(vectors_dir, "triton_random.json"))
    print("model self-test: %s" % ("OK" if not failures else "FAILED"))
    cases = make_cases(vectors_dir)
    seen = set()
    exact = normals = triton_exact = 0
    worst_ulp = 0

    def compare(case, i, key, got, where):
        nonlocal exact, normals, triton_exact, worst_ulp
        want = case.expected(i)[key]
        if key in model.NORMAL_KEYS:
            ulp = model.ulp_distance(got, want)
            worst_ulp = max(worst_ulp, ulp)
            normals += 1
            if ulp > MAX_NORMAL_ULP:
                failures.append("%s %s: %s offset %d: %08x, model %08x (%d ulp)"
                                % (where, key, case.name, case.offsets[i], got, want, ulp))
            return
        exact += 1
        if got != want:
            failures.append("%s %s: %s offset %d: %08x, model %08x"
                            % (where, key, case.name, case.offsets[i], got, want))
        if case.triton is not None:
            triton_exact += 1
            if got != case.triton[key][i]:
                failures.append("%s %s: %s offset %d: %08x, Triton %08x"
                                % (where, key, case.name, case.offsets[i], got,
                                   case.triton[key][i]))

    with open(output_path) as f:
        for line in f:
            m = LINE.match(line.strip())
            if not m:
                continue
            tag, ci, idx, key, values = m.groups()
            case = cases[int(ci)]
            words = [int(v) & model.MASK32 for v in re.findall(r"-?\d+", values)]
            if tag == "S":
                i = int(idx)
                seen.add((tag, int(ci), i))
                for key, got in zip(model.OUTPUT_KEYS, words):
                    compare(case, i, key, got, "scalar")
            else:
                j = int(idx)
                seen.add((tag, int(ci), j, key))
                kind, dims = case.shapes[j]
                form = "%s<%s>" % (kind, "x".join(map(str, dims)))
                if len(words) != len(case.offsets):
                    failures.append("%s %s: %s: %d values printed" % (form, key, case.name, len(words)))
                for i, got in enumerate(words):
                    compare(case, i, key, got, form)
    expected_lines = set()
    for ci, case in enumerate(cases):
        expected_lines |= {("S", ci, i) for i in range(len(case.offsets))}
        for j in range(len(case.shapes)):
            expected_lines |= {("F", ci, j, key) for key in model.OUTPUT_KEYS}
    missing = expected_lines - seen
    if missing:
        failures.append("%d expected output lines missing, e.g. %s" % (len(missing), sorted(missing)[0]))
    print("cases: %d; exact values checked: %d (%d against Triton's); "
          "normals checked: %d, worst %d ulp" % (len(cases), exact, triton_exact,
                                                normals, worst_ulp))
    for failure in failures[:50]:
        print("FAIL: " + failure)
    print("failures: %d" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "gen":
        gen(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
