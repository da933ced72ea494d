#!/usr/bin/env python3
"""Seeded mutation fuzzer for rng-opt: parse, verify, our passes, pipelines.

Each input is an MLIR text plus a pass pipeline. Texts come from two
sources: programs generated from vocabulary.py (every rng/round op, in
custom and generic form, over scalars, fixed and scalable vectors, static,
dynamic and unranked tensors, odd integer widths, every small float) and the
.mlir files of test/ (split at `// -----`). Each text then gets 1 to 4
mutations: types and element types replaced, integer and float literals
replaced by extremes, `rounds`/`saturate`/other attributes inserted or
altered, op names swapped, lines deleted, duplicated or swapped, bytes
flipped. Pipelines are our passes and named pipelines with option strings
drawn from the vocabulary and then mutated.

Inputs are run through rng-opt in batches (`--split-input-file`, one
pipeline per batch). A batch whose rng-opt dies on a signal, prints
"LLVM ERROR" / a stack dump, or runs past the time limit is re-run input by
input; each guilty input is a crash or a hang and is written to --out as a
standalone reproducer with the command line to run it.

The run is a pure function of --seed, --count and the test/ corpus, so a
failure is reproduced by re-running the same command.

Exit status: 0 when no crash and no hang was found, 1 otherwise.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vocabulary as V  # noqa: E402

SPLIT = "// -----"
CRASH_MARKERS = ("LLVM ERROR", "PLEASE submit a bug report", "Stack dump",
                 "Assertion", "UNREACHABLE executed")


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------
def pick_head(rng, items):
    """Prefers the first entries of a list (geometric weights)."""
    for item in items:
        if rng.random() < 0.6:
            return item
    return rng.choice(items)


class Program:
    """A function being written: arguments, body lines, fresh SSA names."""

    def __init__(self, rng):
        self.rng = rng
        self.args = []  # (name, type)
        self.lines = []
        self.values = []  # (name, type) usable as operands
        self.counter = 0

    def fresh(self):
        self.counter += 1
        return "%v" + str(self.counter)

    def value_of(self, ty):
        """A value of type `ty`: an existing one, an argument or a constant."""
        same = [n for n, t in self.values if t == ty]
        choice = self.rng.random()
        if same and choice < 0.4:
            return self.rng.choice(same)
        if choice < 0.7:
            name = "%a" + str(len(self.args))
            self.args.append((name, ty))
            self.values.append((name, ty))
            return name
        return self.constant(ty)

    def constant(self, ty):
        name = self.fresh()
        elem = element_type(ty)
        if elem.startswith("f") or elem == "bf16" or elem == "tf32":
            lit = self.rng.choice(V.FLOAT_LITERALS)
            if elem != "f32" and lit.startswith("0x") and \
                    self.rng.random() < 0.9:
                lit = "1.5"  # hexadecimal literals are f32 bit patterns
        elif self.rng.random() < 0.95:
            lit = self.rng.choice(int_literals_for(elem))
        else:
            lit = self.rng.choice(V.INT_LITERALS)
        if ty == elem:
            self.lines.append(f"{name} = arith.constant {lit} : {ty}")
        else:
            self.lines.append(f"{name} = arith.constant dense<{lit}> : {ty}")
        self.values.append((name, ty))
        return name

    def text(self, wrap):
        sig = ", ".join(f"{n}: {t}" for n, t in self.args)
        body = "\n".join("    " + line for line in self.lines)
        rets = [(n, t) for n, t in self.values if not n.startswith("%a")]
        rets = rets[-2:] if rets and self.rng.random() < 0.7 else []
        ret_names = ", ".join(n for n, _ in rets)
        ret_types = ", ".join(t for _, t in rets)
        if wrap == "gpu":
            return (f"gpu.module @kernels {{\n  gpu.func @fuzz({sig}) kernel "
                    f"{{\n{body}\n    gpu.return\n  }}\n}}\n")
        result = f" -> ({ret_types})" if rets else ""
        ret = f"return {ret_names} : {ret_types}" if rets else "return"
        return (f"func.func @fuzz({sig}){result} {{\n{body}\n    {ret}\n}}\n")


def int_literals_for(elem):
    """Literals that fit integer type `elem`: the edges of its range."""
    m = re.match(r"^[su]?i(\d+)$", elem)
    w = int(m.group(1)) if m else 64
    if w == 0:
        return ["0"]
    return [str(v) for v in (0, 1, (1 << (w - 1)) - 1, -(1 << (w - 1)),
                             (1 << w) - 1, -1 if w > 1 else 0)]


def element_type(ty):
    m = re.match(r"^(?:vector|tensor|memref)<(?:[\[\]?*0-9]+x)*([^,>]+)", ty)
    return m.group(1) if m else ty


def with_element(ty, elem):
    old = element_type(ty)
    i = ty.rfind(old)
    return ty[:i] + elem + ty[i + len(old):]


def shaped(shape, elem):
    return shape.replace("{T}", elem)


def write_bit_generator(prog, op):
    """rng.bit_generator: a state tensor, a static output, an algorithm;
    mostly valid, sometimes not (misspelled algorithm, wrong state or
    output type)."""
    rng = prog.rng
    algorithm = pick_head(rng, V.BITGEN_ALGORITHMS)
    state_type = pick_head(rng, V.BITGEN_STATES)
    out_type = pick_head(rng, V.BITGEN_OUTPUTS)
    state = prog.value_of(state_type)
    new_state, output = prog.fresh(), prog.fresh()
    if rng.random() < 0.7:
        line = (f"{new_state}, {output} = {op['name']} {algorithm} {state} : "
                f"{state_type} -> {out_type}")
    else:
        line = (f'{new_state}, {output} = "{op["name"]}"({state}) '
                f"<{{algorithm = #rng<algorithm {algorithm}>}}> : "
                f"({state_type}) -> ({state_type}, {out_type})")
    prog.lines.append(line)
    prog.values += [(new_state, state_type), (output, out_type)]


def write_linear_index(prog, op):
    """rng.linear_index: a static result tensor and an optional base of its
    element type; mostly valid, sometimes not (a dynamic, huge or
    non-tensor result, a base of another type)."""
    rng = prog.rng
    out_type = pick_head(rng, V.LINEAR_INDEX_RESULTS)
    base_type = pick_head(rng, V.LINEAR_INDEX_BASES)
    if base_type == "same":
        base_type = element_type(out_type)
    base = None if base_type == "none" else prog.value_of(base_type)
    result = prog.fresh()
    if rng.random() < 0.7:
        operand = f" {base}" if base else ""
        line = f"{result} = {op['name']}{operand} : {out_type}"
    else:
        line = (f'{result} = "{op["name"]}"({base or ""}) : '
                f"({base_type if base else ''}) -> {out_type}")
    prog.lines.append(line)
    prog.values.append((result, out_type))


def write_op(prog, op):
    rng = prog.rng
    if op["syntax"] == "bitgen":
        write_bit_generator(prog, op)
        return
    if op["syntax"] == "linear_index":
        write_linear_index(prog, op)
        return
    shape = pick_head(rng, V.SHAPES)
    elem = {role: pick_head(rng, V.ROLE_TYPES[role]) for role in V.ROLE_TYPES}
    # Word/seed/offset roles of one op usually agree (as the verifiers ask).
    if op["syntax"] == "philox":
        elem["key"] = elem["word"] if rng.random() < 0.8 else elem["key"]

    scalar_key = rng.random() < 0.5  # both key words alike

    def role_type(role, i):
        if role in ("key", "key32") and scalar_key:
            return elem[role]
        if role in ("seed", "seed32", "state64") and rng.random() < 0.7:
            return elem[role]  # scalar seed (generator state, launch)
        if role == "word" and op["syntax"] == "philox":
            return shaped(shape, elem["word"])
        return shaped(shape, elem[role])

    types = [role_type(r, i) for i, r in enumerate(op["operands"])]
    operands = [prog.value_of(t) for t in types]
    res_types = [shaped(shape, elem[r]) for r in op["results"]]
    if op["syntax"] == "triton":
        # i32 words or f32 floats in the offset's shape.
        res_types = [with_element(types[1], "i32" if r == "word" else "f32")
                     for r in op["results"]]
    if op["syntax"] == "philox":
        res_types = [types[0]] * 4
    results = [prog.fresh() for _ in res_types]
    attrs = []
    if "rounds" in op["attrs"] and rng.random() < 0.3:
        attrs.append(("rounds", pick_head(rng, V.ROUNDS)))
    if "saturate" in op["attrs"] and rng.random() < 0.4:
        attrs.append(("saturate", None))
    # The other attributes, with their typed values (None: unit).
    others = []
    for name in op["attrs"]:
        if name in ("rounds", "saturate"):
            continue
        if rng.random() < (0.95 if name in V.REQUIRED_ATTRS else 0.4):
            others.append((name, pick_head(rng, V.ATTR_VALUES[name])))
    other_text = ", ".join(name if value is None else f"{name} = {value}"
                           for name, value in others)

    lhs = (f"{results[0]}:{len(results)} = " if len(results) > 1
           else f"{results[0]} = ")
    use_custom = op["syntax"] and rng.random() < 0.7
    rounds = dict(attrs).get("rounds")
    if use_custom and op["syntax"] == "philox":
        line = (f"{lhs}{op['name']} {', '.join(operands[:4])} key "
                f"{operands[4]}, {operands[5]}"
                + (f" rounds {rounds}" if rounds else "")
                + f" : {types[0]}, {types[4]}")
    elif use_custom and op["syntax"] == "triton":
        line = (f"{lhs}{op['name']} {operands[0]}, {operands[1]}"
                + (f" rounds {rounds}" if rounds else "")
                + f" : {types[0]}, {types[1]}")
    elif use_custom and op["syntax"] == "round":
        sat = " saturate" if "saturate" in dict(attrs) else ""
        line = (f"{lhs}{op['name']} {operands[0]}, {operands[1]}{sat} : "
                f"{types[0]}, {types[1]} -> {res_types[0]}")
    elif use_custom and op["syntax"] == "template":
        fields = {f"o{i}": v for i, v in enumerate(operands)}
        fields.update({f"t{i}": t for i, t in enumerate(types)})
        fields.update({f"r{i}": t for i, t in enumerate(res_types)})
        fields["rounds"] = f" rounds {rounds}" if rounds else ""
        fields["saturate"] = " saturate" if "saturate" in dict(attrs) else ""
        fields["attrs"] = f" {{{other_text}}}" if others else ""
        line = f"{lhs}{op['name']} " + op["custom"].format(**fields)
    else:
        attr_text = []
        for key, value in attrs:
            if value is None:
                attr_text.append(key)
            elif key == "rounds":
                attr_text.append(f"rounds = {value} : i32")
            else:
                attr_text.append(f"{key} = {value} : f32")
        if others:
            attr_text.append(other_text)
        attr_dict = (" {" + ", ".join(attr_text) + "}") if attr_text else ""
        line = (f'{lhs}"{op["name"]}"({", ".join(operands)}){attr_dict} : '
                f'({", ".join(types)}) -> ({", ".join(res_types)})')
    prog.lines.append(line)
    if len(results) > 1:
        for i, t in enumerate(res_types):
            prog.values.append((f"{results[0]}#{i}", t))
    else:
        prog.values.append((results[0], res_types[0]))


# Ops this rng-opt does not register (work in progress elsewhere) are drawn
# this much less often: a program holding one is rejected as a whole.
UNKNOWN_OP_WEIGHT = 0.03
OP_WEIGHTS = [1.0] * len(V.OPS)


def probe_ops(rng_opt):
    """Lowers the weight of the ops `rng_opt` does not know."""
    for i, op in enumerate(V.OPS):
        text = f'"{op["name"]}"() : () -> ()'
        proc = subprocess.run([rng_opt, "-o", os.devnull],
                              input=text.encode(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=60)
        if b"unregistered operation" in proc.stderr:
            OP_WEIGHTS[i] = UNKNOWN_OP_WEIGHT


def generate(rng):
    prog = Program(rng)
    for _ in range(rng.randint(1, 4)):
        write_op(prog, rng.choices(V.OPS, OP_WEIGHTS)[0])
    wrap = "gpu" if rng.random() < 0.3 else "func"
    return prog.text(wrap)


# A test chunk holding this comment is left out of the corpus: an input on
# which upstream MLIR crashes by itself (printing it, canonicalizing it),
# which every mutant would inherit (docs/upstream/).
NOT_IN_CORPUS = "fuzz: not in the corpus"


def load_corpus(root):
    """Chunks of the .mlir tests under `root`, comments and RUN lines gone."""
    chunks = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        # Not the fuzzer's own tests (its regression tests are extreme on
        # purpose: 10^7-element vectors through the whole pipeline), nor
        # test/Upstream's reproducers of upstream crashes.
        parts = os.path.relpath(dirpath, root).split(os.sep)
        if "Fuzz" in parts or "Upstream" in parts:
            dirnames[:] = []
            continue
        for fname in sorted(filenames):
            if not fname.endswith(".mlir"):
                continue
            with open(os.path.join(dirpath, fname), encoding="utf-8") as f:
                text = f.read()
            for chunk in text.split(SPLIT):
                if NOT_IN_CORPUS in chunk:
                    continue
                lines = [ln for ln in chunk.splitlines()
                         if not ln.lstrip().startswith("//")]
                chunk = "\n".join(lines).strip()
                if chunk and len(chunk) < 20000:
                    chunks.append(chunk + "\n")
    return chunks


# ---------------------------------------------------------------------------
# Mutation
# ---------------------------------------------------------------------------
TYPE_RE = re.compile(
    r"\b(?:vector|tensor|memref)<[^<>]*(?:<[^<>]*>)?[^<>]*>|"
    r"\b(?:[su]?i\d+|index|bf16|f16|f32|f64|tf32|f80|f128|"
    r"f8E\w+|f6E\w+|f4E\w+)\b")
INT_RE = re.compile(r"(?<![\w%#@.])-?\d+(?![\w.x])")
FLOAT_RE = re.compile(r"(?<![\w%#@])-?\d+\.\d*(?:e[+-]?\d+)?")
OPNAME_RE = re.compile(r"\b(?:rng|round)\.\w+")


def sub_one(rng, regex, text, repl):
    matches = list(regex.finditer(text))
    if not matches:
        return text
    m = rng.choice(matches)
    return text[:m.start()] + repl(m.group(0)) + text[m.end():]


def sub_all_same(rng, regex, text, repl):
    """Replaces every occurrence of one matched token (keeps types agreeing)."""
    matches = list(regex.finditer(text))
    if not matches:
        return text
    token = rng.choice(matches).group(0)
    new = repl(token)
    return re.sub(r"(?<![\w<x])" + re.escape(token) + r"(?![\w>])",
                  lambda _: new, text)


def random_type(rng):
    elem = rng.choice(V.SCALAR_TYPES)
    return shaped(rng.choice(V.SHAPES), elem)


def swap_element(rng, token):
    elem = element_type(token)
    return token.replace(elem, rng.choice(V.SCALAR_TYPES), 1)


# Mutation kinds (below) and how often each is drawn: mostly type, literal
# and attribute changes that keep the text parseable; line and byte damage
# less often.
MUTATION_WEIGHTS = [6, 5, 4, 5, 3, 3, 2, 2, 1, 4, 3, 2, 1, 1, 2]


def mutate(rng, text):
    kind = rng.choices(range(len(MUTATION_WEIGHTS)), MUTATION_WEIGHTS)[0]
    lines = text.splitlines()
    if kind == 0:
        return sub_one(rng, TYPE_RE, text, lambda _: random_type(rng))
    if kind == 1:
        return sub_all_same(rng, TYPE_RE, text, lambda t: swap_element(rng, t))
    if kind == 2:
        return sub_all_same(rng, TYPE_RE, text, lambda t: shaped(
            rng.choice(V.SHAPES), element_type(t)))
    if kind == 3:
        return sub_one(rng, INT_RE, text,
                       lambda _: rng.choice(V.INT_LITERALS))
    if kind == 4:
        return sub_one(rng, FLOAT_RE, text,
                       lambda _: rng.choice(V.FLOAT_LITERALS))
    if kind == 5:
        names = [op["name"] for op in V.OPS]
        return sub_one(rng, OPNAME_RE, text, lambda _: rng.choice(names))
    if kind == 6 and lines:  # delete a line
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines) + "\n"
    if kind == 7 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
        return "\n".join(lines) + "\n"
    if kind == 8 and len(lines) > 1:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines) + "\n"
    if kind == 9:  # rounds value or insertion
        if " rounds " in text and rng.random() < 0.7:
            return re.sub(r" rounds -?\w+", " rounds " + rng.choice(V.ROUNDS),
                          text, count=1)
        return sub_one(rng, re.compile(r" : (?=[^\n]*$)", re.M), text,
                       lambda _: f" rounds {rng.choice(V.ROUNDS)} : ")
    if kind == 10:  # attributes into an attr-dict
        snippet = rng.choice(V.ATTR_SNIPPETS)
        if "{" in text and rng.random() < 0.5:
            return sub_one(rng, re.compile(r"\)\s*\{(?=[a-z])"), text,
                           lambda m: m + snippet + ", ")
        return sub_one(rng, re.compile(r"\)(?= : \()"), text,
                       lambda m: m + " {" + snippet + "}")
    if kind == 11:  # saturate on/off
        if " saturate" in text:
            return text.replace(" saturate", "", 1)
        return sub_one(rng, re.compile(r"(?<=round\.stochastic )%\S+, %\S+"),
                       text, lambda m: m + " saturate")
    if kind == 12 and text:  # a random byte
        i = rng.randrange(len(text))
        c = rng.choice("(){}<>[]:,%#@=\"x?*0123456789-.\n ")
        return text[:i] + c + text[i + 1:]
    if kind == 14:  # an attr-dict of the generic form as properties
        return sub_one(rng, re.compile(r"\) \{[^{}\n]*\}(?= : \()"), text,
                       lambda m: ") <" + m[2:] + ">")
    if kind == 13 and text:  # truncate or splice with itself
        i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
        return text[:i] + text[j:] if rng.random() < 0.5 else \
            text[:j] + text[i:j] + text[j:]
    return text


# ---------------------------------------------------------------------------
# Pipelines
# ---------------------------------------------------------------------------
def make_pipeline(rng):
    """A --pass-pipeline string (or None: parse and verify only)."""
    passes = []
    for _ in range(1 if rng.random() < 0.8 else 2):
        p = rng.choice(V.PASSES)
        if not p["name"]:
            continue
        opts = []
        for name, values in p["options"].items():
            if rng.random() < 0.5:
                opts.append(f"{name}={rng.choice(values)}")
        if rng.random() < 0.05:
            opts.append(f"{rng.choice(V.BOGUS_OPTIONS)}=1")
        rng.shuffle(opts)
        text = p["name"] + ("{" + " ".join(opts) + "}" if opts else "")
        if rng.random() < 0.05:  # damage the option string
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice("{}=, '\"") + text[i:]
        if p["anchor"]:
            text = f"{p['anchor']}({text})"
        passes.append(text)
    if not passes:
        return None
    return "builtin.module(" + ",".join(passes) + ")"


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------
# Printer and round-trip flags, one drawn per batch.
EXTRA_FLAGS = [[], [], [], ["--mlir-print-op-generic"], ["--verify-roundtrip"],
               ["--mlir-print-debuginfo"],
               ["--mlir-elide-elementsattrs-if-larger=2"]]


def command(rng_opt, pipeline, split, flags=()):
    cmd = [rng_opt, "-o", os.devnull, "--mlir-disable-threading", *flags]
    if split:
        cmd.append("--split-input-file")
    if pipeline is not None:
        cmd.append("--pass-pipeline=" + pipeline)
    return cmd


def run(cmd, text, timeout):
    """Returns "ok", "crash" or "hang" (plus stderr) for one rng-opt run."""
    try:
        proc = subprocess.run(cmd, input=text.encode("utf-8", "replace"),
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang", ""
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode < 0 or proc.returncode > 1 or \
            any(m in err for m in CRASH_MARKERS):
        return "crash", err
    return "ok", err


def save(out_dir, kind, index, text, pipeline, flags, err):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{kind}-{index}.mlir")
    pipe = f" --pass-pipeline='{pipeline}'" if pipeline else ""
    pipe += "".join(" " + f for f in flags)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"// {kind}: rng-opt %s{pipe}\n{text}")
    if err:
        with open(path + ".stderr", "w", encoding="utf-8") as f:
            f.write(err)
    return path


def python_command(pipeline):
    """The in-process driver: this script as a child over rng_mlir."""
    return [sys.executable, os.path.abspath(__file__), "--child",
            "--pipeline", pipeline or ""]


def child(pipeline):
    """Parses, verifies and runs `pipeline` on each `// -----` chunk of stdin
    through the rng_mlir Python package, as a user's program would. Errors
    must be the documented exceptions; anything else exits 3."""
    from rng_mlir.ir import Context, Location, MLIRError, Module
    from rng_mlir.passmanager import PassManager

    expected = (MLIRError, ValueError, TypeError, RuntimeError)
    text = sys.stdin.buffer.read().decode("utf-8", "replace")
    for chunk in text.split(SPLIT):
        with Context(), Location.unknown():
            try:
                module = Module.parse(chunk)
                module.operation.verify()
                if pipeline:
                    PassManager.parse(pipeline).run(module.operation)
                str(module)
            except expected:
                pass
            except Exception as e:  # noqa: BLE001 - that is the finding
                print(f"unexpected {type(e).__name__}: {e}", file=sys.stderr)
                return 3
    return 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rng-opt", default="rng-opt")
    ap.add_argument("--driver", choices=["rng-opt", "python"],
                    default="rng-opt",
                    help="run inputs through rng-opt, or in-process through "
                    "the rng_mlir Python package (a child Python process "
                    "per batch)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--pipeline", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000,
                    help="number of inputs (text + pipeline)")
    ap.add_argument("--batch", type=int, default=40,
                    help="inputs per rng-opt run (same pipeline)")
    ap.add_argument("--timeout", type=float, default=20.0,
                    help="seconds per input before it counts as a hang")
    ap.add_argument("--corpus", default=os.path.dirname(here),
                    help="directory whose .mlir files seed the mutations")
    ap.add_argument("--out", default="fuzz-findings",
                    help="where reproducers of crashes and hangs go")
    ap.add_argument("--print-inputs", action="store_true",
                    help="print every input instead of running it")
    args = ap.parse_args()
    if args.child:
        return child(args.pipeline)

    def make_command(pipeline, split, flags):
        if args.driver == "python":
            return python_command(pipeline)
        return command(args.rng_opt, pipeline, split, flags)

    if not args.print_inputs:
        probe_ops(args.rng_opt)
    rng = random.Random(args.seed)
    corpus = load_corpus(args.corpus)
    found = {"crash": 0, "hang": 0}
    runs = 0
    start = time.time()
    done = 0
    while done < args.count:
        n = min(args.batch, args.count - done)
        pipeline = make_pipeline(rng)
        flags = rng.choice(EXTRA_FLAGS)
        texts = []
        for _ in range(n):
            base = rng.choice(corpus) if corpus and rng.random() < 0.5 \
                else generate(rng)
            for _ in range(rng.choices([0, 1, 2, 3, 4], [3, 9, 5, 2, 1])[0]):
                base = mutate(rng, base)
            # A separator inside a text would shift every later input.
            texts.append(base.replace(SPLIT, "//"))
        if args.print_inputs:
            for t in texts:
                print(f"// pipeline: {pipeline}\n{t}{SPLIT}")
            done += n
            continue
        batch = ("\n" + SPLIT + "\n").join(texts)
        runs += 1
        status, _ = run(make_command(pipeline, True, flags), batch,
                        args.timeout)
        if status != "ok":
            # Find the guilty inputs one by one.
            for i, t in enumerate(texts):
                runs += 1
                s, err = run(make_command(pipeline, False, flags), t,
                             args.timeout)
                if s != "ok":
                    found[s] += 1
                    path = save(args.out, s, done + i, t, pipeline,
                                flags if args.driver == "rng-opt" else
                                ["(through rng_fuzz.py --driver python)"],
                                err)
                    print(f"{s.upper()}: {path}", flush=True)
        done += n
    if args.print_inputs:
        return 0
    print(f"rng-fuzz: seed {args.seed}: {done} inputs, {runs} {args.driver} "
          f"runs, "
          f"{found['crash']} crashes, {found['hang']} hangs "
          f"({time.time() - start:.0f} s)")
    return 1 if found["crash"] or found["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
