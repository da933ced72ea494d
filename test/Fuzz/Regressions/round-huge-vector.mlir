// Found while fuzzing (probing the fuzzer's vector<65536x...> type with
// larger sizes): the NVVM and ROCDL lowerings of round.stochastic unrolled
// a vector element by element for the packed SR instructions (100,000
// elements: 9 s; 10^7: a timeout, i.e. a hang). Vectors above
// kMaxUnrolledElements (64; 4096 at first, lowered for compile time) now
// take the universal lowering, which computes the same bits
// (test/Integration/CPU/Round/target-equivalence-*) on whole vectors.
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_100a | FileCheck %s
// (gfx950's v_cvt_sr_* are opt-in: unverified-sr-instructions.)
// RUN: rng-opt %s --convert-round-to-rocdl="chipset=gfx950 unverified-sr-instructions=true" | FileCheck %s

// CHECK-LABEL: func @huge
// CHECK-NOT:   vector.extract
// CHECK-NOT:   nvvm.
// CHECK-NOT:   rocdl.
// CHECK-NOT:   llvm.call_intrinsic
// CHECK-NOT:   round.stochastic
// CHECK:       arith.trunci {{.*}} : vector<10000000xi32> to vector<10000000xi16>
func.func @huge(%x: vector<10000000xf32>, %r: vector<10000000xi16>) -> vector<10000000xbf16> {
  %y = round.stochastic %x, %r : vector<10000000xf32>, vector<10000000xi16> -> vector<10000000xbf16>
  return %y : vector<10000000xbf16>
}

// At the limit, the target instructions are still used.
// CHECK-LABEL: func @at_limit
// CHECK:       {{nvvm.convert|llvm.call_intrinsic "llvm.amdgcn.cvt.sr.bf16.f32"}}
func.func @at_limit(%x: vector<64xf32>, %r: vector<64xi16>) -> vector<64xbf16> {
  %y = round.stochastic %x, %r : vector<64xf32>, vector<64xi16> -> vector<64xbf16>
  return %y : vector<64xbf16>
}

// One element more and the universal lowering works on the whole vector.
// CHECK-LABEL: func @above_limit
// CHECK-NOT:   vector.extract
// CHECK-NOT:   nvvm.
// CHECK-NOT:   rocdl.
// CHECK-NOT:   llvm.call_intrinsic
// CHECK:       arith.trunci {{.*}} : vector<65xi32> to vector<65xi16>
func.func @above_limit(%x: vector<65xf32>, %r: vector<65xi16>) -> vector<65xbf16> {
  %y = round.stochastic %x, %r : vector<65xf32>, vector<65xi16> -> vector<65xbf16>
  return %y : vector<65xbf16>
}
