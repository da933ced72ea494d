// rng-unroll-vector-sincos (a step of rng-to-nvvm) unrolls math.sincos on
// fixed-size vectors of any rank into scalar math.sincos, keeping the
// fast-math flags; scalars and scalable vectors are left alone.
// RUN: rng-opt %s --rng-unroll-vector-sincos | FileCheck %s

// CHECK-LABEL: func.func @vector_2d(
// CHECK-SAME:      %[[X:.*]]: vector<2x2xf32>
// CHECK:         %[[E0:.*]] = vector.extract %[[X]][0, 0]
// CHECK:         %[[S0:.*]], %[[C0:.*]] = math.sincos %[[E0]] fastmath<afn> : f32
// CHECK:         %[[E1:.*]] = vector.extract %[[X]][0, 1]
// CHECK:         %[[S1:.*]], %[[C1:.*]] = math.sincos %[[E1]] fastmath<afn> : f32
// CHECK:         %[[E2:.*]] = vector.extract %[[X]][1, 0]
// CHECK:         %[[S2:.*]], %[[C2:.*]] = math.sincos %[[E2]] fastmath<afn> : f32
// CHECK:         %[[E3:.*]] = vector.extract %[[X]][1, 1]
// CHECK:         %[[S3:.*]], %[[C3:.*]] = math.sincos %[[E3]] fastmath<afn> : f32
// CHECK-DAG:     %[[SIN:.*]] = vector.from_elements %[[S0]], %[[S1]], %[[S2]], %[[S3]] : vector<2x2xf32>
// CHECK-DAG:     %[[COS:.*]] = vector.from_elements %[[C0]], %[[C1]], %[[C2]], %[[C3]] : vector<2x2xf32>
// CHECK:         return %[[SIN]], %[[COS]]
func.func @vector_2d(%x: vector<2x2xf32>) -> (vector<2x2xf32>, vector<2x2xf32>) {
  %s, %c = math.sincos %x fastmath<afn> : vector<2x2xf32>
  return %s, %c : vector<2x2xf32>, vector<2x2xf32>
}

// CHECK-LABEL: func.func @negative_scalar_and_scalable(
// CHECK:         math.sincos %{{.*}} : f32
// CHECK:         math.sincos %{{.*}} : vector<[4]xf32>
func.func @negative_scalar_and_scalable(%x: f32, %v: vector<[4]xf32>)
    -> (f32, vector<[4]xf32>) {
  %s, %c = math.sincos %x : f32
  %vs, %vc = math.sincos %v : vector<[4]xf32>
  return %s, %vs : f32, vector<[4]xf32>
}
