"""Runs the shell command blocks of the README and the docs, as a user would
paste them on a fresh Debian machine, and checks that they work.

    doc_commands.py SOURCE_ROOT BUILD_DIR SCRATCH

Every ```sh block of README.md and docs/*.md is a command a user pastes
from the repository root after the build. Each block:

* must name every LLVM tool by its full LLVM 22 path (/usr/lib/llvm-22/bin/
  llc, ...; Debian's PATH may hold another LLVM's llc) and rng-opt as
  build/bin/rng-opt: checked on the text;
* is run with bash (-e, -o pipefail) in SCRATCH, a copy of the repository
  root made of links (`build` links BUILD_DIR), with PATH=/usr/bin:/bin
  (no LLVM 22 or build directory on it), after the blocks before it in the
  same document (they may use the files those wrote); a block fails if it
  exits non-zero.

A ```mlir block right after `<!-- file: PATH -->` is a file the commands
use: it is written to SCRATCH/PATH, or, when PATH exists in the
repository, must equal it. A block right after `<!-- not run: REASON -->`
is listed with the reason and not run (machine set-up, campaigns of hours,
installs outside the tree); a block that uses /usr/local/cuda is not run
when there is no CUDA toolkit there, nor one that uses build/python_packages
when the build has no Python package.

Prints one line per block and "N run, M not run: ok" (or the failures) at
the end; exits 1 on a failure.
"""

import glob
import os
import re
import shlex
import subprocess
import sys

LLVM_BIN = "/usr/lib/llvm-22/bin"
# Tools that exist in several LLVM versions on Debian: a bare name may run
# another version (llc is LLVM 14 on Debian 12's PATH) or none at all.
LLVM_TOOLS = {"llc", "opt", "llvm-link", "llvm-mc", "llvm-objdump",
              "mlir-opt", "mlir-translate", "mlir-runner", "FileCheck", "clang",
              "ld.lld", "lld"}
MARKER = re.compile(r"^<!--\s*(file|not run):\s*(.*?)\s*-->\s*$")


def blocks(path):
    """(line, language, text, marker) for every fenced block of `path`."""
    lines = open(path).read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        marker = None
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        if k >= 0:
            mm = MARKER.match(lines[k].strip())
            if mm:
                marker = (mm.group(1), mm.group(2))
        out.append((i + 1, m.group(1), "\n".join(lines[i + 1:j]) + "\n",
                    marker))
        i = j + 1
    return out


def commands(text):
    """The program words of a shell block: the first word of each command
    (after variable assignments), joined over continuation lines."""
    joined = re.sub(r"\\\n", " ", text)
    programs = []
    for line in joined.split("\n"):
        line = line.split(" #", 1)[0] if not line.lstrip().startswith("#") \
            else ""
        for part in re.split(r"\|\||&&|[|;]", line):
            try:
                words = shlex.split(part)
            except ValueError:
                words = part.split()
            while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
                words = words[1:]
            if words and words[0] not in ("do", "done", "then", "fi", "for",
                                          "while", "if", "in"):
                programs.append(words[0])
    return programs


def check_text(text):
    """Problems of a block a user pastes on a fresh machine."""
    problems = []
    for program in commands(text):
        name = os.path.basename(program)
        if name in LLVM_TOOLS and program != os.path.join(LLVM_BIN, name):
            problems.append("'%s': use %s/%s (the LLVM 22 tool; Debian's PATH "
                            "has none or another version)" % (program,
                                                              LLVM_BIN, name))
        if name == "rng-opt" and program != "build/bin/rng-opt":
            problems.append("'%s': use build/bin/rng-opt (rng-opt is not on "
                            "PATH after the build)" % program)
    return problems


def make_scratch(root, build, scratch):
    os.makedirs(scratch, exist_ok=True)
    for entry in os.listdir(root):
        if entry in (".git", "build"):
            continue
        link = os.path.join(scratch, entry)
        if not os.path.lexists(link):
            os.symlink(os.path.join(root, entry), link)
    link = os.path.join(scratch, "build")
    if not os.path.lexists(link):
        os.symlink(build, link)


def main(root, build, scratch):
    root, build = os.path.abspath(root), os.path.abspath(build)
    docs = [os.path.join(root, "README.md")] + sorted(
        glob.glob(os.path.join(root, "docs", "*.md")))
    failures, run, skipped = [], 0, 0
    for doc in docs:
        rel = os.path.relpath(doc, root)
        work = os.path.join(scratch, rel.replace("/", "_").replace(".md", ""))
        make_scratch(root, build, work)
        for line, lang, text, marker in blocks(doc):
            where = "%s:%d" % (rel, line)
            if marker and marker[0] == "file":
                target = marker[1]
                source = os.path.join(root, target)
                if os.path.exists(source):
                    if open(source).read() != text:
                        failures.append("%s: the block differs from %s"
                                        % (where, target))
                        print("%s: FAIL (differs from %s)" % (where, target))
                    else:
                        print("%s: shows %s" % (where, target))
                else:
                    dest = os.path.join(work, target)
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    with open(dest, "w") as f:
                        f.write(text)
                    print("%s: writes %s" % (where, target))
                continue
            if lang != "sh":
                continue
            problems = check_text(text)
            if problems:
                failures.append(where)
                print("%s: FAIL (%s)" % (where, "; ".join(problems)))
                continue
            if marker and marker[0] == "not run":
                skipped += 1
                print("%s: not run: %s" % (where, marker[1]))
                continue
            if "/usr/local/cuda" in text and not os.path.isdir(
                    "/usr/local/cuda"):
                skipped += 1
                print("%s: not run: no CUDA toolkit in /usr/local/cuda" % where)
                continue
            if "build/python_packages" in text and not os.path.isdir(
                    os.path.join(build, "python_packages", "rng_mlir")):
                skipped += 1
                print("%s: not run: built without the Python package" % where)
                continue
            env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/"),
                   "LANG": "C.UTF-8"}
            result = subprocess.run(
                ["bash", "-e", "-o", "pipefail", "-c", text], cwd=work,
                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True)
            run += 1
            if result.returncode != 0:
                failures.append("%s: exit status %d" % (where,
                                                        result.returncode))
                print("%s: FAIL (exit status %d)\n%s" % (
                    where, result.returncode,
                    "\n".join("  | " + l
                              for l in result.stdout.splitlines()[-15:])))
            else:
                print("%s: ran (%d lines of output)"
                      % (where, len(result.stdout.splitlines())))
    print("%d run, %d not run: %s" % (run, skipped,
                                      "ok" if not failures else
                                      "%d failures" % len(failures)))
    return not failures


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(2)
    sys.exit(0 if main(*sys.argv[1:]) else 1)
