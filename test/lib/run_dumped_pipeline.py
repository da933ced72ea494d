"""Runs a tool with the pipeline that --dump-pass-pipeline printed.

    run_dumped_pipeline.py TOOL DUMP INPUT

DUMP is the standard error of `TOOL ... --dump-pass-pipeline`: a first line
"Pass Manager with N passes:" and the pipeline over the following lines. The
pipeline is joined into one string and given to TOOL as --pass-pipeline on
INPUT; TOOL's output and exit status are passed through.
"""

import subprocess
import sys

if len(sys.argv) != 4:
    sys.exit(__doc__)
tool, dump, source = sys.argv[1:]
with open(dump) as f:
    lines = f.read().splitlines()
start = next(i for i, line in enumerate(lines) if line.startswith("builtin.module("))
pipeline = "".join(line.strip() for line in lines[start:])
sys.exit(subprocess.run([tool, source, "--pass-pipeline=" + pipeline]).returncode)
