// RUN: rng-opt %s --split-input-file --verify-diagnostics \
// RUN:   --rng-lower-shard-collectives | FileCheck %s

shard.grid @grid(shape = 2x2)

// all_gather of integers: the process's shard at its offset in zeros, then
// a sum over the group.
// CHECK-LABEL: func.func @all_gather_i32(
// CHECK-SAME:      %[[X:.*]]: tensor<2x6xi32>) -> tensor<4x6xi32>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[L:.*]] = arith.constant 2 : index
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<4x6xi32>
// CHECK:         %[[ZEROS:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[EMPTY]] : tensor<4x6xi32>)
// CHECK:         %[[I:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[OFF:.*]] = arith.muli %[[I]], %[[L]] : index
// CHECK:         %[[OWN:.*]] = tensor.insert_slice %[[X]] into %[[ZEROS]][%[[OFF]], 0] [2, 6] [1, 1] : tensor<2x6xi32> into tensor<4x6xi32>
// CHECK:         %[[SUM:.*]] = shard.all_reduce %[[OWN]] on @grid grid_axes = [0] : tensor<4x6xi32> -> tensor<4x6xi32>
// CHECK:         return %[[SUM]]
func.func @all_gather_i32(%x: tensor<2x6xi32>) -> tensor<4x6xi32> {
  %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0
      : tensor<2x6xi32> -> tensor<4x6xi32>
  return %g : tensor<4x6xi32>
}

// Floats are summed as their bits: bitcast to the integer of their width
// and back. Gather axis 1, grid axis 1.
// CHECK-LABEL: func.func @all_gather_f16_axis_1(
// CHECK-SAME:      %[[X:.*]]: tensor<4x3xf16>) -> tensor<4x6xf16>
// CHECK-DAG:     %[[L:.*]] = arith.constant 3 : index
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[X]] : tensor<4x3xf16> to tensor<4x3xi16>
// CHECK:         %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : i16) outs(%{{.*}} : tensor<4x6xi16>)
// CHECK:         %[[I:.*]] = shard.process_multi_index on @grid axes = [1] : index
// CHECK:         %[[OFF:.*]] = arith.muli %[[I]], %[[L]] : index
// CHECK:         %[[OWN:.*]] = tensor.insert_slice %[[BITS]] into %[[ZEROS]][0, %[[OFF]]] [4, 3] [1, 1] : tensor<4x3xi16> into tensor<4x6xi16>
// CHECK:         %[[SUM:.*]] = shard.all_reduce %[[OWN]] on @grid grid_axes = [1] : tensor<4x6xi16> -> tensor<4x6xi16>
// CHECK:         %[[R:.*]] = arith.bitcast %[[SUM]] : tensor<4x6xi16> to tensor<4x6xf16>
// CHECK:         return %[[R]]
func.func @all_gather_f16_axis_1(%x: tensor<4x3xf16>) -> tensor<4x6xf16> {
  %g = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 1
      : tensor<4x3xf16> -> tensor<4x6xf16>
  return %g : tensor<4x6xf16>
}

// Over both grid axes: the offset is the process's linear index in the
// 2x2 group (as shard.all_slice numbers it) times the shard's size.
// CHECK-LABEL: func.func @all_gather_f64_two_axes(
// CHECK:         %[[IJ:.*]]:2 = shard.process_multi_index on @grid axes = [0, 1] : index, index
// CHECK:         %[[SHAPE:.*]]:2 = shard.grid_shape @grid axes = [0, 1] : index, index
// CHECK:         %[[I:.*]] = affine.apply #{{.*}}()[%[[IJ]]#0, %[[SHAPE]]#1, %[[IJ]]#1]
// CHECK:         %[[OFF:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[%[[OFF]]] [2] [1] : tensor<2xi64> into tensor<8xi64>
// CHECK:         shard.all_reduce %{{.*}} on @grid grid_axes = [0, 1] : tensor<8xi64> -> tensor<8xi64>
// CHECK:         arith.bitcast %{{.*}} : tensor<8xi64> to tensor<8xf64>
func.func @all_gather_f64_two_axes(%x: tensor<2xf64>) -> tensor<8xf64> {
  %g = shard.all_gather %x on @grid grid_axes = [0, 1] gather_axis = 0
      : tensor<2xf64> -> tensor<8xf64>
  return %g : tensor<8xf64>
}

// Elements narrower than 8 bits (FP4, i1) travel zero-extended to i8.
// CHECK-LABEL: func.func @all_gather_f4(
// CHECK:         %[[B:.*]] = arith.bitcast %{{.*}} : tensor<1x3xf4E2M1FN> to tensor<1x3xi4>
// CHECK:         %[[W:.*]] = arith.extui %[[B]] : tensor<1x3xi4> to tensor<1x3xi8>
// CHECK:         tensor.insert_slice %[[W]] into
// CHECK:         %[[S:.*]] = shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<2x3xi8> -> tensor<2x3xi8>
// CHECK:         %[[T:.*]] = arith.trunci %[[S]] : tensor<2x3xi8> to tensor<2x3xi4>
// CHECK:         arith.bitcast %[[T]] : tensor<2x3xi4> to tensor<2x3xf4E2M1FN>
func.func @all_gather_f4(%x: tensor<1x3xf4E2M1FN>) -> tensor<2x3xf4E2M1FN> {
  %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0
      : tensor<1x3xf4E2M1FN> -> tensor<2x3xf4E2M1FN>
  return %g : tensor<2x3xf4E2M1FN>
}

// CHECK-LABEL: func.func @all_gather_i1(
// CHECK:         arith.extui %{{.*}} : tensor<2xi1> to tensor<2xi8>
// CHECK:         shard.all_reduce %{{.*}} : tensor<4xi8> -> tensor<4xi8>
// CHECK:         arith.trunci %{{.*}} : tensor<4xi8> to tensor<4xi1>
func.func @all_gather_i1(%x: tensor<2xi1>) -> tensor<4xi1> {
  %g = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 0
      : tensor<2xi1> -> tensor<4xi1>
  return %g : tensor<4xi1>
}

// all_slice: upstream's lowering, the process's slice at its offset.
// CHECK-LABEL: func.func @all_slice(
// CHECK-SAME:      %[[X:.*]]: tensor<4x6xi32>) -> tensor<2x6xi32>
// CHECK:         %[[I:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         tensor.extract_slice %[[X]][%{{.*}}, 0] [%{{.*}}, %{{.*}}] [1, 1] : tensor<4x6xi32> to tensor<?x?xi32>
// CHECK-NOT:     shard.all_slice
func.func @all_slice(%x: tensor<4x6xi32>) -> tensor<2x6xi32> {
  %s = shard.all_slice %x on @grid grid_axes = [0] slice_axis = 0
      : tensor<4x6xi32> -> tensor<2x6xi32>
  return %s : tensor<2x6xi32>
}

// -----

shard.grid @grid(shape = 2)

func.func @negative_dynamic_shape(%x: tensor<?xi32>) -> tensor<?xi32> {
  // expected-error @+1 {{rng-lower-shard-collectives: cannot lower shard.all_gather from 'tensor<?xi32>' to 'tensor<?xi32>': the shapes must be static}}
  %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0
      : tensor<?xi32> -> tensor<?xi32>
  return %g : tensor<?xi32>
}

// -----

shard.grid @grid(shape = 2)

func.func @negative_index_elements(%x: tensor<2xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{rng-lower-shard-collectives: cannot lower shard.all_gather of 'index' elements: expected signless integers or floats of at most 64 bits}}
  %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0
      : tensor<2xindex> -> tensor<4xindex>
  return %g : tensor<4xindex>
}

// -----

// The gathered axis is static, but MPI's lowering needs the whole grid's
// shape.
shard.grid @grid(shape = 2x?)

func.func @negative_dynamic_grid(%x: tensor<2xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{rng-lower-shard-collectives: cannot lower shard.all_gather on grid @grid of dynamic shape: the grid's shape must be static}}
  %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0
      : tensor<2xi32> -> tensor<4xi32>
  return %g : tensor<4xi32>
}
