// rng.linear_index becomes a linalg.generic over its result (all loops
// parallel, identity map, writing into an empty tensor of the result's own
// type, its encoding included) whose body computes the row-major linear
// index from linalg.index: sum over d of index_d * stride_d (strides the
// products of the later sizes, in the element type, wrapping), plus the
// base when there is one. The values are checked by running:
// test/Integration/CPU/Rng/linear-index.test.
// RUN: rng-opt %s --convert-rng-to-arith --split-input-file | FileCheck %s
// RUN: rng-opt %s --convert-rng-to-nvvm --split-input-file | FileCheck %s

// CHECK: #[[MAP2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @rank2_base
// CHECK-SAME: (%[[BASE:.*]]: i32)
// CHECK:      %[[INIT:.*]] = tensor.empty() : tensor<2x3xi32>
// CHECK:      %[[R:.*]] = linalg.generic {indexing_maps = [#[[MAP2]]], iterator_types = ["parallel", "parallel"]} outs(%[[INIT]] : tensor<2x3xi32>)
// CHECK-DAG:    %[[J1:.*]] = linalg.index 1 : index
// CHECK-DAG:    %[[J0:.*]] = linalg.index 0 : index
// CHECK-DAG:    %[[I1:.*]] = arith.index_castui %[[J1]] : index to i32
// CHECK-DAG:    %[[I0:.*]] = arith.index_castui %[[J0]] : index to i32
// CHECK-DAG:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK:        %[[T0:.*]] = arith.muli %[[I0]], %[[C3]] : i32
// CHECK:        %[[E:.*]] = arith.addi %[[I1]], %[[T0]] : i32
// CHECK:        %[[V:.*]] = arith.addi %[[BASE]], %[[E]] : i32
// CHECK:        linalg.yield %[[V]] : i32
// CHECK:      } -> tensor<2x3xi32>
// CHECK:      return %[[R]]
func.func @rank2_base(%base: i32) -> tensor<2x3xi32> {
  %i = rng.linear_index %base : tensor<2x3xi32>
  return %i : tensor<2x3xi32>
}

// -----

// Without a base, the index alone; i64 strides 4 and 12.
// CHECK-LABEL: func.func @rank3_no_base
// CHECK:      linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]{{.*}} outs(%{{.*}} : tensor<2x3x4xi64>)
// CHECK-DAG:    %[[J2:.*]] = linalg.index 2 : index
// CHECK-DAG:    %[[J1:.*]] = linalg.index 1 : index
// CHECK-DAG:    %[[J0:.*]] = linalg.index 0 : index
// CHECK-DAG:    %[[I2:.*]] = arith.index_castui %[[J2]] : index to i64
// CHECK-DAG:    %[[I1:.*]] = arith.index_castui %[[J1]] : index to i64
// CHECK-DAG:    %[[I0:.*]] = arith.index_castui %[[J0]] : index to i64
// CHECK-DAG:    %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG:    %[[C12:.*]] = arith.constant 12 : i64
// CHECK-DAG:    %[[T1:.*]] = arith.muli %[[I1]], %[[C4]] : i64
// CHECK-DAG:    %[[T0:.*]] = arith.muli %[[I0]], %[[C12]] : i64
// CHECK-DAG:    %[[S:.*]] = arith.addi %[[I2]], %[[T1]] : i64
// CHECK:        %[[E:.*]] = arith.addi %[[S]], %[[T0]] : i64
// CHECK-NEXT:   linalg.yield %[[E]] : i64
// CHECK:      } -> tensor<2x3x4xi64>
func.func @rank3_no_base() -> tensor<2x3x4xi64> {
  %i = rng.linear_index : tensor<2x3x4xi64>
  return %i : tensor<2x3x4xi64>
}

// -----

// Rank 0 with a base that is not a constant (so nothing folds): a
// linalg.generic of no loops yielding the base.
// CHECK: #[[MAP0:.*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @rank0_base
// CHECK-SAME: (%[[BASE:.*]]: i64)
// CHECK:      linalg.generic {indexing_maps = [#[[MAP0]]], iterator_types = []} outs(%{{.*}} : tensor<i64>)
// CHECK:        %[[Z:.*]] = arith.constant 0 : i64
// CHECK:        %[[V:.*]] = arith.addi %[[BASE]], %[[Z]] : i64
// CHECK:        linalg.yield %[[V]] : i64
func.func @rank0_base(%base: i64) -> tensor<i64> {
  %i = rng.linear_index %base : tensor<i64>
  return %i : tensor<i64>
}

// -----

// A stride that does not fit the element type wraps: 2^32 + 5 is 5 in i32.
// CHECK-LABEL: func.func @stride_wraps
// CHECK:      linalg.generic
// CHECK-DAG:    %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG:    %[[J0:.*]] = linalg.index 0 : index
// CHECK-DAG:    %[[I0:.*]] = arith.index_castui %[[J0]] : index to i32
// CHECK:        arith.muli %[[I0]], %[[C5]] : i32
func.func @stride_wraps() -> tensor<2x4294967301xi32> {
  %i = rng.linear_index : tensor<2x4294967301xi32>
  return %i : tensor<2x4294967301xi32>
}

// -----

// The result's encoding is kept (the generic's init and result agree).
// CHECK-LABEL: func.func @encoded
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4xi32, "enc">
// CHECK: linalg.generic {{.*}} outs(%[[INIT]] : tensor<4xi32, "enc">)
// CHECK: -> tensor<4xi32, "enc">
func.func @encoded() -> tensor<4xi32, "enc"> {
  %i = rng.linear_index : tensor<4xi32, "enc">
  return %i : tensor<4xi32, "enc">
}
