"""Sharded programs from Python (SPEC section 10): the sharding models come
with the package's dialects, rng-shard-partition partitions a program with
our ops into local-size shards, a bad split raises MLIRError with the
model's diagnostic, and every rank's partitioned code, run on the CPU with
its rank given, computes exactly its slice of the unpartitioned result
(checked against Triton's model of rng.rand)."""

import re
import sys

import numpy as np
import pytest

from kernels import REPO, jit
from rng_mlir.ir import MLIRError, Module
from rng_mlir.passmanager import PassManager

sys.path.insert(0, str(REPO / "test" / "lib"))
import triton_random_model as triton  # noqa: E402
from shard_rank import with_rank  # noqa: E402

# A driver for the partitioned @draws: the local type exists only after
# partitioning, so it is added then.
DRIVER = """
func.func @k(%out: memref<LOCALxf32>, %seed: i32) {
  %u = func.call @draws(%seed) : (i32) -> tensor<LOCALxf32>
  bufferization.materialize_in_destination %u in restrict writable %out
      : (tensor<LOCALxf32>, memref<LOCALxf32>) -> ()
  return
}
"""

SHARDED = """
shard.grid @grid(shape = GRID) {sym_visibility = "private"}
func.func @draws(%seed: i32) -> tensor<8x16xf32> {
  %split = shard.sharding @grid split_axes = SPLIT : !shard.sharding
  %ctr0 = rng.linear_index : tensor<8x16xi32>
  %ctr = shard.shard %ctr0 to %split : tensor<8x16xi32>
  %u0 = rng.rand %seed, %ctr : i32, tensor<8x16xi32>
  %u = shard.shard %u0 to %split : tensor<8x16xf32>
  return %u : tensor<8x16xf32>
}
"""


def sharded(grid, split):
    return SHARDED.replace("GRID", grid).replace("SPLIT", split)


def test_partition_gives_local_shards(ctx):
    module = Module.parse(sharded("2x2", "[[0], [1]]"))
    PassManager.parse("builtin.module(rng-shard-partition)").run(module.operation)
    text = str(module)
    assert "func.func @draws(%arg0: i32) -> tensor<4x8xf32>" in text
    assert "rng.rand %arg0, %{0} : i32, tensor<4x8xi32>".format(
        re.search(r"(\d+) = linalg.generic", text).group(1)) in text
    assert text.count("shard.process_multi_index") == 2


def test_uneven_split_is_refused(ctx):
    module = Module.parse(sharded("3", "[[0]]"))
    with pytest.raises(MLIRError, match="does not split evenly over the 3 "
                       "processes of grid axes \\[0\\] of @grid"):
        PassManager.parse("builtin.module(rng-shard-partition)").run(
            module.operation)


@pytest.mark.parametrize("grid,split,shape", [
    ("4", "[[0]]", (4, 1)), ("2", "[[], [0]]", (1, 2)),
    ("2x2", "[[0], [1]]", (2, 2))])
def test_every_rank_computes_its_slice(ctx, grid, split, shape):
    ranks = shape[0] * shape[1]
    local = (8 // shape[0], 16 // shape[1])
    seed = 77
    words = triton.randint4x_numpy(seed, 32, np.arange(128), 32)[0]
    want = triton.u2f_numpy(words).reshape(8, 16)
    for rank in range(ranks):
        module = Module.parse(sharded(grid, split))
        PassManager.parse("builtin.module(rng-shard-partition,"
                          "convert-shard-to-mpi,canonicalize)").run(module.operation)
        # The rank MPI would give this process.
        text = with_rank(str(module), rank)
        assert "mpi." not in text
        text = text.rstrip()[:-1] + DRIVER.replace("LOCAL", "%dx%d" % local) + "}\n"
        out = np.zeros(local, dtype=np.float32)
        jit(Module.parse(text), pipeline="builtin.module(rng-to-llvm,symbol-dce)"
            ).invoke("k", out, np.int32(seed))
        row, col = divmod(rank, shape[1])
        expect = want[row * local[0]:(row + 1) * local[0],
                      col * local[1]:(col + 1) * local[1]]
        assert np.array_equal(out.view(np.uint32), expect.view(np.uint32)), (
            "rank %d of grid %s" % (rank, grid))
