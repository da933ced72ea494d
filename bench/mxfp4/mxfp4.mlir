// An MXFP4 quantizer with stochastic rounding (OCP MX: blocks of 32 f32,
// one E8M0 scale per block, E2M1 elements packed two per byte, element 2j
// in the low nibble of byte j). One thread per block:
//   amax  = max |x_i| over the block (integer max of the magnitude bits)
//   scale = 2^(floor(log2(amax)) - 2)       (E2M1's largest exponent is 2):
//           its E8M0 pattern is amax's f32 exponent field - 2, clamped to
//           0..254
//   q_i   = round.scaling_stochastic(x_i, scale, r_i) saturate -> f4E2M1FN
// with 8 random bits per element: two rng.randint4x (Triton's
// tl.randint4x(seed, offset)) at offsets 2b and 2b+1 for block b, their
// eight words bitcast to vector<32xi8> (lane i = byte i, little-endian).
//
// ABI after convert-gpu-to-nvvm (a 1-D memref is 5 parameters):
//   mxfp4_sr(x: memref<?xvector<4xf32>>, q: memref<?xvector<16xi8>>,
//            s: memref<?xi8>, seed: i32, nblocks: index)
module attributes {gpu.container_module} {
gpu.module @mxfp4 {
  gpu.func @mxfp4_sr(%x: memref<?xvector<4xf32>>, %q: memref<?xvector<16xi8>>,
                     %s: memref<?xi8>, %seed: i32, %nblocks: index) kernel {
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %tid = gpu.thread_id x
    %base = arith.muli %bid, %bdim : index
    %blk = arith.addi %base, %tid : index
    %inside = arith.cmpi ult, %blk, %nblocks : index
    scf.if %inside {
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %first = arith.muli %blk, %c8 : index
      %i1 = arith.addi %first, %c1 : index
      %i2 = arith.addi %i1, %c1 : index
      %i3 = arith.addi %i2, %c1 : index
      %i4 = arith.addi %i3, %c1 : index
      %i5 = arith.addi %i4, %c1 : index
      %i6 = arith.addi %i5, %c1 : index
      %i7 = arith.addi %i6, %c1 : index
      %l0 = memref.load %x[%first] : memref<?xvector<4xf32>>
      %l1 = memref.load %x[%i1] : memref<?xvector<4xf32>>
      %l2 = memref.load %x[%i2] : memref<?xvector<4xf32>>
      %l3 = memref.load %x[%i3] : memref<?xvector<4xf32>>
      %l4 = memref.load %x[%i4] : memref<?xvector<4xf32>>
      %l5 = memref.load %x[%i5] : memref<?xvector<4xf32>>
      %l6 = memref.load %x[%i6] : memref<?xvector<4xf32>>
      %l7 = memref.load %x[%i7] : memref<?xvector<4xf32>>
      %p01 = vector.shuffle %l0, %l1 [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
      %p23 = vector.shuffle %l2, %l3 [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
      %p45 = vector.shuffle %l4, %l5 [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
      %p67 = vector.shuffle %l6, %l7 [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
      %p03 = vector.shuffle %p01, %p23 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<8xf32>, vector<8xf32>
      %p47 = vector.shuffle %p45, %p67 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<8xf32>, vector<8xf32>
      %xv = vector.shuffle %p03, %p47 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>

      // The block scale from amax's exponent field.
      // |x| as bits; for non-negative floats the integer order is the
      // float order (a NaN is above every finite value and Inf).
      %xbits = arith.bitcast %xv : vector<32xf32> to vector<32xi32>
      %absmask = arith.constant dense<2147483647> : vector<32xi32>
      %absbits = arith.andi %xbits, %absmask : vector<32xi32>
      %abits = vector.reduction <maxui>, %absbits : vector<32xi32> into i32
      %c23 = arith.constant 23 : i32
      %c2 = arith.constant 2 : i32
      %c0i = arith.constant 0 : i32
      %c254 = arith.constant 254 : i32
      %field = arith.shrui %abits, %c23 : i32
      %e0 = arith.subi %field, %c2 : i32
      %e1 = arith.maxsi %e0, %c0i : i32
      %e = arith.minsi %e1, %c254 : i32
      %e8 = arith.trunci %e : i32 to i8
      %scale = arith.bitcast %e8 : i8 to f8E8M0FNU
      memref.store %e8, %s[%blk] : memref<?xi8>

      // 32 x 8 random bits: two Philox4x32-10 blocks.
      %b32 = arith.index_cast %blk : index to i32
      %one = arith.constant 1 : i32
      %o0 = arith.muli %b32, %c2 : i32
      %o1 = arith.addi %o0, %one : i32
      %w:4 = "rng.randint4x"(%seed, %o0) : (i32, i32) -> (i32, i32, i32, i32)
      %v:4 = "rng.randint4x"(%seed, %o1) : (i32, i32) -> (i32, i32, i32, i32)
      %words = vector.from_elements %w#0, %w#1, %w#2, %w#3, %v#0, %v#1, %v#2, %v#3 : vector<8xi32>
      %rbits = vector.bitcast %words : vector<8xi32> to vector<32xi8>

      %qv = round.scaling_stochastic %xv, %scale, %rbits saturate
          : vector<32xf32>, f8E8M0FNU, vector<32xi8> -> vector<32xf4E2M1FN>
      %qi = arith.bitcast %qv : vector<32xf4E2M1FN> to vector<32xi4>
      %packed = vector.bitcast %qi : vector<32xi4> to vector<16xi8>
      memref.store %packed, %q[%blk] : memref<?xvector<16xi8>>
    }
    gpu.return
  }
}
}
