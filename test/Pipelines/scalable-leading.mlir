// rng-to-llvm lowers scalable vectors whose only scalable dimension is the
// last; others (which upstream's arith-to-llvm would leave behind with exit
// status 0) are refused up front, naming the op and the type.
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-llvm

func.func @leading(%x: vector<[4]x2xi32>) -> vector<[4]x2xi32> {
  // expected-error @+1 {{'rng.lowbias32' op on 'vector<[4]x2xi32>': rng-to-llvm lowers scalable vectors whose only scalable dimension is the last (vector<2x[4]xi32>); upstream's arith-to-llvm (LLVM 22) unrolls leading fixed dimensions only}}
  %r = rng.lowbias32 %x : vector<[4]x2xi32>
  return %r : vector<[4]x2xi32>
}

// -----

func.func @two_scalable(%x: vector<[2]x[4]xf32>, %r: vector<[2]x[4]xi16>) -> vector<[2]x[4]xbf16> {
  // expected-error @+1 {{'round.stochastic' op on 'vector<[2]x[4]xf32>'}}
  %y = round.stochastic %x, %r : vector<[2]x[4]xf32>, vector<[2]x[4]xi16> -> vector<[2]x[4]xbf16>
  return %y : vector<[2]x[4]xbf16>
}

// -----

// The scalable dimension last: lowered.
func.func @trailing(%x: vector<2x[4]xi32>) -> vector<2x[4]xi32> {
  %r = rng.lowbias32 %x : vector<2x[4]xi32>
  return %r : vector<2x[4]xi32>
}
