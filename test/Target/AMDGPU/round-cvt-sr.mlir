// round.stochastic through rng-to-rocdl, mlir-translate and llc. By default
// every chipset gets the universal lowering (no v_cvt_sr_*; the MX formats
// f4E2M1FN/f6E2M3FN/f6E3M2FN are always universal on AMD). With the opt-in
// unverified-sr-instructions, gfx950 gets v_cvt_sr_bf16_f32,
// v_cvt_sr_f16_f32 and (OCP) v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32; gfx942
// only the fp8/bf8 ones, for the FNUZ formats (the OCP ones are universal
// there); gfx90a none. llc accepts every variant.

// RUN: rng-opt %s --rng-to-rocdl="chipset=gfx950 unverified-sr-instructions=true" \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -mcpu=gfx950 -o %t.gfx950.s
// RUN: FileCheck %s < %t.gfx950.s
// RUN: rng-opt %s --rng-to-rocdl="chipset=gfx942 unverified-sr-instructions=true" \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -mcpu=gfx942 -o %t.gfx942.s
// RUN: FileCheck %s < %t.gfx942.s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx950 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=gfx950 -o %t.gfx950.default.s
// RUN: FileCheck %s < %t.gfx950.default.s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=gfx942 -o %t.gfx942.default.s
// RUN: FileCheck %s < %t.gfx942.default.s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx90a | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=gfx90a -o %t.gfx90a.s
// RUN: FileCheck %s < %t.gfx90a.s

// Every target gets the whole kernel, as an HSA kernel (so the counts below,
// gfx90a's zero included, are of its code).
// CHECK-LABEL: {{^}}sr:
// CHECK:       s_endpgm
// CHECK:       .amdhsa_kernel sr

// Two elements per op: on gfx950 one instruction per element for bf16, f16
// and the OCP fp8/bf8 (the second of each pair writes the high half or
// byte: op_sel), none for the FNUZ formats.
// RUN: %python %test_lib/count_isa.py 'v_cvt_sr_\w+' %t.gfx950.s | FileCheck %s --check-prefix=GFX950
// GFX950: v_cvt_sr_bf16_f32: 2
// GFX950-NEXT: v_cvt_sr_bf8_f32: 2
// GFX950-NEXT: v_cvt_sr_f16_f32: 2
// GFX950-NEXT: v_cvt_sr_fp8_f32: 2
// GFX950-NEXT: total: 8

// gfx942: fp8/bf8 for the FNUZ formats only.
// RUN: %python %test_lib/count_isa.py 'v_cvt_sr_\w+' %t.gfx942.s | FileCheck %s --check-prefix=GFX942
// GFX942: v_cvt_sr_bf8_f32: 2
// GFX942-NEXT: v_cvt_sr_fp8_f32: 2
// GFX942-NEXT: total: 4

// By default: none on gfx950 and gfx942.
// RUN: %python %test_lib/count_isa.py 'v_cvt_sr_\w+' %t.gfx950.default.s | FileCheck %s --check-prefix=GFX90A
// RUN: %python %test_lib/count_isa.py 'v_cvt_sr_\w+' %t.gfx942.default.s | FileCheck %s --check-prefix=GFX90A

// gfx90a: none.
// RUN: %python %test_lib/count_isa.py 'v_cvt_sr_\w+' %t.gfx90a.s | FileCheck %s --check-prefix=GFX90A
// GFX90A: total: 0

gpu.module @kernels {
  gpu.func @sr(%x: memref<?xf32>, %r: memref<?xi32>,
               %bf: memref<?xbf16>, %h: memref<?xf16>,
               %e4: memref<?xf8E4M3FN>, %e5: memref<?xf8E5M2>,
               %u4: memref<?xf8E4M3FNUZ>, %u5: memref<?xf8E5M2FNUZ>,
               %mx: memref<?xi8>) kernel {
    %tid = gpu.thread_id x
    %c2 = arith.constant 2 : index
    %i = arith.muli %tid, %c2 : index
    %xv = vector.load %x[%i] : memref<?xf32>, vector<2xf32>
    %rv = vector.load %r[%i] : memref<?xi32>, vector<2xi32>
    %y0 = round.stochastic %xv, %rv : vector<2xf32>, vector<2xi32> -> vector<2xbf16>
    %y1 = round.stochastic %xv, %rv saturate : vector<2xf32>, vector<2xi32> -> vector<2xf16>
    %y2 = round.stochastic %xv, %rv : vector<2xf32>, vector<2xi32> -> vector<2xf8E4M3FN>
    %y3 = round.stochastic %xv, %rv saturate : vector<2xf32>, vector<2xi32> -> vector<2xf8E5M2>
    %y4 = round.stochastic %xv, %rv : vector<2xf32>, vector<2xi32> -> vector<2xf8E4M3FNUZ>
    %y5 = round.stochastic %xv, %rv saturate : vector<2xf32>, vector<2xi32> -> vector<2xf8E5M2FNUZ>
    vector.store %y0, %bf[%i] : memref<?xbf16>, vector<2xbf16>
    vector.store %y1, %h[%i] : memref<?xf16>, vector<2xf16>
    vector.store %y2, %e4[%i] : memref<?xf8E4M3FN>, vector<2xf8E4M3FN>
    vector.store %y3, %e5[%i] : memref<?xf8E5M2>, vector<2xf8E5M2>
    vector.store %y4, %u4[%i] : memref<?xf8E4M3FNUZ>, vector<2xf8E4M3FNUZ>
    vector.store %y5, %u5[%i] : memref<?xf8E5M2FNUZ>, vector<2xf8E5M2FNUZ>
    // The MX element formats (universal), stored one per byte.
    %y6 = round.stochastic %xv, %rv saturate : vector<2xf32>, vector<2xi32> -> vector<2xf4E2M1FN>
    %y7 = round.stochastic %xv, %rv saturate : vector<2xf32>, vector<2xi32> -> vector<2xf6E2M3FN>
    %b6 = arith.bitcast %y6 : vector<2xf4E2M1FN> to vector<2xi4>
    %b7 = arith.bitcast %y7 : vector<2xf6E2M3FN> to vector<2xi6>
    %w6 = arith.extui %b6 : vector<2xi4> to vector<2xi8>
    %w7 = arith.extui %b7 : vector<2xi6> to vector<2xi8>
    %w = arith.xori %w6, %w7 : vector<2xi8>
    vector.store %w, %mx[%i] : memref<?xi8>, vector<2xi8>
    gpu.return
  }
}
