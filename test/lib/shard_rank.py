"""Binds a process's rank into a partitioned program's text.

After `rng-shard-partition` and `convert-shard-to-mpi`, a process learns its
rank from `mpi.comm_rank` and derives its shard's offsets from it. To run
one rank's code without MPI (on the CPU from Python, or its kernels on one
GPU), `with_rank(text, r)` replaces each `mpi.comm_rank` by the constant r,
as MPI would answer it in process r, and drops the `mpi.comm_world` ops
that fed them; canonicalizing afterwards folds the offsets. Used by
python/tests/test_sharding.py, test/GPU/shard_kernels.py and
bench/shard_scale.py.
"""

import re

_COMM_RANK = re.compile(
    r"%retval(_\d+)?, %rank(_\d+)? = mpi\.comm_rank\(%\w+\) : !mpi\.retval, i32")
_COMM_WORLD = re.compile(r"[ \t]*%\w+ = mpi\.comm_world : !mpi\.comm\n")


def with_rank(text, rank):
    """`text` with every mpi.comm_rank answered by `rank`."""
    text = _COMM_RANK.sub(
        lambda m: "%%rank%s = arith.constant %d : i32" % (m.group(2) or "", rank), text)
    text = _COMM_WORLD.sub("", text)
    if "mpi.comm_rank" in text:
        raise ValueError("an mpi.comm_rank of another form is left")
    return text
