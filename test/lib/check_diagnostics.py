#!/usr/bin/env python3
"""Every diagnostic our code can emit has a test.

Scans the sources (lib/, python/src/, tools/, include/: .cpp, .h, .td) for
the statements that report an error or warning to a user:

  * MLIR diagnostics: emitOpError, emitError, emitWarning, emitRemark;
  * pass-option and pipeline-option errors: errorHandler(...), and the
    messages returned by `validate*` functions;
  * Python exceptions raised by the bindings: throw py::*_error(...),
    throw py::key_error/index_error(...), PyErr_SetString(...);
  * C API failures reported through mlirEmitError.

From each statement it takes the string literals (adjacent literals joined,
pieces split where an expression is streamed in) and keys the message by its
longest literal piece, less a leading "<pass-name>: ". A message is tested
when a test holds its key, or a run of its whole words at least
MIN_FRAGMENT characters long: a `-verify-diagnostics` expectation or
FileCheck line under test/, or a pytest `match=`/assertion in python/tests/
(regex escapes are ignored).

Messages that no input can trigger are listed, with the reason, in
diagnostics-allowlist.txt next to this script (`key | reason`).

Usage: check_diagnostics.py SOURCE_ROOT. Prints each untested message with
its file and line and exits 1 if there is one; otherwise prints
"N of N diagnostics tested (K allow-listed)".
"""

import os
import re
import sys

SOURCE_DIRS = ["lib", "python/src", "tools", "include"]
SOURCE_EXTS = (".cpp", ".h", ".td")
TEST_DIRS = ["test", "python/tests"]
TEST_EXTS = (".mlir", ".test", ".py", ".c", ".cpp", ".txt")

EMITTER = re.compile(
    r"\b(?:emitOpError|emitError|emitWarning|emitRemark|errorHandler|"
    r"mlirEmitError|PyErr_SetString|"
    r"py::(?:value_error|type_error|index_error|key_error|"
    r"attribute_error|stop_iteration|buffer_error|import_error|"
    r"reference_cast_error|cast_error))\b\s*\(")
VALIDATOR = re.compile(r"\bstd::string\s+(validate\w*)\s*\(")
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# Keys shorter than this carry no information (e.g. "'" or ": ").
MIN_KEY = 6
# A run of whole words of the key this long identifies the message.
MIN_FRAGMENT = 12
PASS_PREFIX = re.compile(r"^[a-z0-9-]+: ")


def statement_end(text, start):
    """Index of the `;` ending the statement at `start` (outside strings)."""
    i = start
    in_string = False
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "'" and text[i:i + 3] in ("'\"'",):
            i += 2
        elif c == ";":
            return i
        i += 1
    return len(text)


def unescape(s):
    return (s.replace('\\"', '"').replace("\\n", "\n").replace("\\t", "\t")
            .replace("\\\\", "\\"))


def pieces(stmt):
    """The literal pieces of a statement: adjacent literals joined."""
    out = []
    current = None
    last_end = None
    for m in STRING.finditer(stmt):
        between = stmt[last_end:m.start()] if last_end is not None else ""
        if current is not None and between.strip() == "":
            current += unescape(m.group(1))
        else:
            if current is not None:
                out.append(current)
            current = unescape(m.group(1))
        last_end = m.end()
    if current is not None:
        out.append(current)
    return out


def key_of(stmt):
    best = ""
    for p in pieces(stmt):
        p = p.strip(" '\":;,.([{")
        if len(p) > len(best):
            best = p
    best = PASS_PREFIX.sub("", best)
    return best if len(best) >= MIN_KEY else None


def is_tested(key, tests):
    if key in tests:
        return True
    # Word starts: each fragment begins and ends at a word boundary.
    starts = [0] + [m.end() for m in re.finditer(r"\s+", key)]
    for i in starts:
        j = i + MIN_FRAGMENT
        if j > len(key):
            break
        # The shortest whole-word fragment of MIN_FRAGMENT characters.
        end = key.find(" ", j)
        frag = key[i:] if end < 0 else key[i:end]
        if frag in tests:
            return True
    return False


def validator_bodies(text):
    """(offset, body) of each `std::string validate*(...) { ... }`."""
    for m in VALIDATOR.finditer(text):
        brace = text.find("{", m.end())
        depth, i = 0, brace
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        yield brace, text[brace:i]


def diagnostics(root):
    """(key, file, line) of each diagnostic in the sources."""
    found = []
    for d in SOURCE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            dirnames.sort()
            for fname in sorted(filenames):
                if not fname.endswith(SOURCE_EXTS):
                    continue
                path = os.path.join(dirpath, fname)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                rel = os.path.relpath(path, root)
                spans = []
                for m in EMITTER.finditer(text):
                    spans.append((m.start(), text[m.start():statement_end(
                        text, m.end())]))
                for start, body in validator_bodies(text):
                    for r in re.finditer(r"\breturn\b", body):
                        s = start + r.start()
                        spans.append((s, text[s:statement_end(text, s)]))
                for start, stmt in spans:
                    key = key_of(stmt)
                    if key:
                        line = text.count("\n", 0, start) + 1
                        found.append((key, rel, line))
    return found


def test_text(root):
    chunks = []
    for d in TEST_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            for fname in filenames:
                if fname.endswith(TEST_EXTS) and \
                        fname != "diagnostics-allowlist.txt":
                    with open(os.path.join(dirpath, fname),
                              encoding="utf-8", errors="replace") as f:
                        chunks.append(f.read())
    text = "\n".join(chunks)
    # Regex escapes of pytest `match=` and FileCheck patterns: `\(` -> `(`.
    return re.sub(r"\\(.)", r"\1", text)


def load_allowlist(path):
    keys = {}
    if not os.path.exists(path):
        return keys
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            key, _, reason = line.partition(" | ")
            if not reason.strip():
                sys.exit(f"diagnostics-allowlist.txt: '{key}' has no reason")
            keys[key] = reason
    return keys


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    allow = load_allowlist(os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "diagnostics-allowlist.txt"))
    tests = test_text(root)
    diags = diagnostics(root)
    missing = []
    allowed = 0
    used_allow = set()
    for key, rel, line in diags:
        if is_tested(key, tests):
            continue
        if key in allow:
            allowed += 1
            used_allow.add(key)
            continue
        missing.append((key, rel, line))
    for key, rel, line in missing:
        print(f"untested: {rel}:{line}: \"{key}\"")
    for key in sorted(set(allow) - used_allow):
        print(f"stale allow-list entry (tested or gone): \"{key}\"")
    tested = len(diags) - len(missing)
    print(f"{tested} of {len(diags)} diagnostics tested "
          f"({allowed} allow-listed)")
    return 1 if missing or set(allow) - used_allow else 0


if __name__ == "__main__":
    sys.exit(main())
