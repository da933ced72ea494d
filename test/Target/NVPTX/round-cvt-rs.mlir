// round.stochastic through rng-to-nvvm, mlir-translate and llc: on sm_100a
// (PTX 8.7, +ptx87 for llc) the PTX has cvt.rs for bf16 and f16, and with
// unverified-sr-instructions also the 4-wide forms for fp8, fp6 and fp4;
// ptxas -arch=sm_100a accepts both; sm_90 and sm_100 (no `a`) get the
// universal integer lowering and no cvt.rs.

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_100a | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_100a -mattr=+ptx87 -o %t.sm100a.ptx
// RUN: FileCheck %s < %t.sm100a.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.sm100a.ptx -o %t.sm100a.cubin %}

// RUN: rng-opt %s --rng-to-nvvm="chip=sm_100a unverified-sr-instructions=true" \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_100a -mattr=+ptx87 -o %t.optin.ptx
// RUN: FileCheck %s < %t.optin.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.optin.ptx -o %t.optin.cubin %}

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_90 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,UNIVERSAL < %t.sm90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.sm90.ptx -o %t.sm90.cubin %}

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_100 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_100 -o %t.sm100.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,UNIVERSAL < %t.sm100.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_100 %t.sm100.ptx -o %t.sm100.cubin %}

// Four elements: by default two bf16x2 and two f16x2 (with .satfinite);
// the fp8/fp6/fp4 ops are universal.
// RUN: %python %test_lib/count_isa.py 'cvt\.rs[\w.]*' %t.sm100a.ptx \
// RUN:   | FileCheck %s --check-prefix=SM100A
// SM100A:      cvt.rs.bf16x2.f32: 2
// SM100A-NEXT: cvt.rs.satfinite.f16x2.f32: 2
// SM100A-NEXT: total: 4

// Opt-in: also one e4m3x4, e5m2x4, e2m3x4, e3m2x4 and e2m1x4 each.
// RUN: %python %test_lib/count_isa.py 'cvt\.rs[\w.]*' %t.optin.ptx \
// RUN:   | FileCheck %s --check-prefix=OPTIN
// OPTIN:      cvt.rs.bf16x2.f32: 2
// OPTIN-NEXT: cvt.rs.satfinite.e2m1x4.f32: 1
// OPTIN-NEXT: cvt.rs.satfinite.e2m3x4.f32: 1
// OPTIN-NEXT: cvt.rs.satfinite.e3m2x4.f32: 1
// OPTIN-NEXT: cvt.rs.satfinite.e4m3x4.f32: 1
// OPTIN-NEXT: cvt.rs.satfinite.e5m2x4.f32: 1
// OPTIN-NEXT: cvt.rs.satfinite.f16x2.f32: 2
// OPTIN-NEXT: total: 9

// Every chip gets the whole kernel as a PTX entry; only sm_100a uses cvt.rs.
// CHECK:         .visible .entry sr(
// UNIVERSAL-NOT: cvt.rs
// CHECK:         ret;

gpu.module @kernels {
  gpu.func @sr(%x: memref<?xf32>, %r: memref<?xi32>, %r8: memref<?xi8>,
               %bf: memref<?xbf16>, %h: memref<?xf16>,
               %e4: memref<?xf8E4M3FN>, %e5: memref<?xf8E5M2>,
               %mx: memref<?xi8>) kernel {
    %tid = gpu.thread_id x
    %c4 = arith.constant 4 : index
    %i = arith.muli %tid, %c4 : index
    %xv = vector.load %x[%i] : memref<?xf32>, vector<4xf32>
    %rv = vector.load %r[%i] : memref<?xi32>, vector<4xi32>
    %r8v = vector.load %r8[%i] : memref<?xi8>, vector<4xi8>
    %y0 = round.stochastic %xv, %rv : vector<4xf32>, vector<4xi32> -> vector<4xbf16>
    %y1 = round.stochastic %xv, %rv saturate : vector<4xf32>, vector<4xi32> -> vector<4xf16>
    %y2 = round.stochastic %xv, %r8v saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FN>
    %y3 = round.stochastic %xv, %r8v saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E5M2>
    vector.store %y0, %bf[%i] : memref<?xbf16>, vector<4xbf16>
    vector.store %y1, %h[%i] : memref<?xf16>, vector<4xf16>
    vector.store %y2, %e4[%i] : memref<?xf8E4M3FN>, vector<4xf8E4M3FN>
    vector.store %y3, %e5[%i] : memref<?xf8E5M2>, vector<4xf8E5M2>
    // The MX element formats, stored one per byte.
    %y4 = round.stochastic %xv, %rv saturate : vector<4xf32>, vector<4xi32> -> vector<4xf6E2M3FN>
    %y5 = round.stochastic %xv, %rv saturate : vector<4xf32>, vector<4xi32> -> vector<4xf6E3M2FN>
    %y6 = round.stochastic %xv, %r8v saturate : vector<4xf32>, vector<4xi8> -> vector<4xf4E2M1FN>
    %b4 = arith.bitcast %y4 : vector<4xf6E2M3FN> to vector<4xi6>
    %b5 = arith.bitcast %y5 : vector<4xf6E3M2FN> to vector<4xi6>
    %b6 = arith.bitcast %y6 : vector<4xf4E2M1FN> to vector<4xi4>
    %w4 = arith.extui %b4 : vector<4xi6> to vector<4xi8>
    %w5 = arith.extui %b5 : vector<4xi6> to vector<4xi8>
    %w6 = arith.extui %b6 : vector<4xi4> to vector<4xi8>
    %w45 = arith.xori %w4, %w5 : vector<4xi8>
    %w = arith.xori %w45, %w6 : vector<4xi8>
    vector.store %w, %mx[%i] : memref<?xi8>, vector<4xi8>
    gpu.return
  }
}
