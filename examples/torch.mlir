// PyTorch's CUDA random numbers on the CPU, bit for bit (SPEC §9.2;
// docs/PyTorchRandom.md): what these eager calls return on an H200 or H100
// (132 multiprocessors, 2048 threads each), in this order,
//
//   torch.cuda.manual_seed(42)                # generator (seed 42, offset 0)
//   a = torch.rand(16, device="cuda")
//   b = torch.randn(8, device="cuda")
//   x = torch.arange(1, 17, dtype=torch.float32, device="cuda")
//   y, keep = torch.native_dropout(x, 0.5, True)   # F.dropout(x, 0.5)
//   r = torch.randint(0, 10, (16,), device="cuda")
//
//   build/bin/rng-opt --rng-to-llvm examples/torch.mlir |
//     mlir-runner -e main -entry-point-result=void \
//       -shared-libs=<llvm-lib>/libmlir_c_runner_utils.so,<llvm-lib>/libmlir_runner_utils.so
//
// Each call is a function on tensors that takes the generator's seed and
// offset and returns its result and the advanced offset, as PyTorch's
// generator does: S = rng.torch_threads of the element count, the element
// index from rng.linear_index (row-major), then the offset plus
// rng.torch_offset_increment (U = 4 for every call here). x is a fresh
// 16-element f32 tensor, so PyTorch's dropout vector width is 4.
//
// It prints torch's values (those of test/lib/torch_random_model.py, which
// matches torch 2.11 bit for bit; test/Integration/CPU/Rng/example-torch.test
// checks them):
//   rand:    0.61296, 0.0100588, 0.398414, 0.0403084, 0.156267, 0.482473,
//            0.736247, 0.405982, 0.5189, 0.286711, 0.24158, 0.922839,
//            0.829914, 0.0341879, 0.387894, 0.08239 (offset 0 -> 4),
//            and their f32 bit patterns
//   randn:   0.139138, -0.108216, -0.717422, 0.756649, 0.371488, -1.00494,
//            0.00829469, 0.327658 (offset 4 -> 8): the CPU's accurate
//            log/sin/cos; torch's (cuRAND's sin.approx, cos.approx) are
//            within 2^-20 * s of them (s the Box-Muller radius, SPEC §9.1),
//            and rng-to-nvvm gives torch's bits
//   dropout: y = 0 0 0 0 10 12 14 16 0 20 22 24 26 0 0 0, keep = y != 0
//            (offset 8 -> 12)
//   randint: 1 7 7 1 1 6 9 4 6 7 8 7 3 5 1 0 (offset 12 -> 16)

// torch.rand(16): uniform_(0, 1) on a fresh f32 tensor.
func.func @rand(%seed: i64, %offset: i64) -> (tensor<16xf32>, i64) {
  %n = arith.constant 16 : i64
  %S = rng.torch_threads %n {multiprocessors = 132,
                             threads_per_multiprocessor = 2048} : i64
  %e = rng.linear_index : tensor<16xi64>
  %from = arith.constant 0.0 : f32
  %to = arith.constant 1.0 : f32
  %u = rng.torch_uniform %seed, %offset, %S, %e, %from, %to
      : (i64, i64, i64, tensor<16xi64>, f32, f32) -> tensor<16xf32>
  %inc = rng.torch_offset_increment %n, %S {unroll = 4 : i32} : i64
  %next = arith.addi %offset, %inc : i64
  return %u, %next : tensor<16xf32>, i64
}

// torch.randn(8): normal_(0, 1) on a fresh f32 tensor.
func.func @randn(%seed: i64, %offset: i64) -> (tensor<8xf32>, i64) {
  %n = arith.constant 8 : i64
  %S = rng.torch_threads %n {multiprocessors = 132,
                             threads_per_multiprocessor = 2048} : i64
  %e = rng.linear_index : tensor<8xi64>
  %mean = arith.constant 0.0 : f32
  %std = arith.constant 1.0 : f32
  %g = rng.torch_normal %seed, %offset, %S, %e, %mean, %std
      : (i64, i64, i64, tensor<8xi64>, f32, f32) -> tensor<8xf32>
  %inc = rng.torch_offset_increment %n, %S {unroll = 4 : i32} : i64
  %next = arith.addi %offset, %inc : i64
  return %g, %next : tensor<8xf32>, i64
}

// torch.native_dropout(x, 0.5, True) of a dense 16-byte aligned f32 tensor
// of 16 elements: vec = 4, the index is the memory index (here row-major).
func.func @dropout(%x: tensor<16xf32>, %seed: i64, %offset: i64)
    -> (tensor<16xf32>, tensor<16xi1>, i64) {
  %n = arith.constant 16 : i64
  %S = rng.torch_threads %n {multiprocessors = 132,
                             threads_per_multiprocessor = 2048} : i64
  %e = rng.linear_index : tensor<16xi64>
  %p = arith.constant 0.5 : f64
  %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %S, %e {vec = 4 : i32}
      : (tensor<16xf32>, f64, i64, i64, i64, tensor<16xi64>)
      -> (tensor<16xf32>, tensor<16xi1>)
  // Dropout advances the offset as U = 4 whatever its vector width.
  %inc = rng.torch_offset_increment %n, %S {unroll = 4 : i32} : i64
  %next = arith.addi %offset, %inc : i64
  return %y, %keep, %next : tensor<16xf32>, tensor<16xi1>, i64
}

// torch.randint(0, 10, (16,)): random_(0, 10) on a fresh i64 tensor; the
// range 10 is below 2^28, so one 32-bit word per element (no `wide`).
func.func @randint(%seed: i64, %offset: i64) -> (tensor<16xi64>, i64) {
  %n = arith.constant 16 : i64
  %S = rng.torch_threads %n {multiprocessors = 132,
                             threads_per_multiprocessor = 2048} : i64
  %e = rng.linear_index : tensor<16xi64>
  %from = arith.constant 0 : i64
  %range = arith.constant 10 : i64
  %r = rng.torch_random %seed, %offset, %S, %e, %from, %range
      : (i64, i64, i64, tensor<16xi64>, i64, i64) -> tensor<16xi64>
  %inc = rng.torch_offset_increment %n, %S {unroll = 4 : i32} : i64
  %next = arith.addi %offset, %inc : i64
  return %r, %next : tensor<16xi64>, i64
}

func.func @print_offsets(%before: i64, %after: i64) {
  vector.print str " (offset "
  vector.print %before : i64 punctuation <no_punctuation>
  vector.print str " -> "
  vector.print %after : i64 punctuation <no_punctuation>
  vector.print str ")\n"
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %i0 = arith.constant 0 : i64
  // torch.cuda.manual_seed(42): seed 42, offset 0.
  %seed = arith.constant 42 : i64
  %offset0 = arith.constant 0 : i64
  vector.print str "torch.cuda.manual_seed(42); H200/H100 (132 x 2048 threads)\n"

  %a, %offset1 = func.call @rand(%seed, %offset0)
      : (i64, i64) -> (tensor<16xf32>, i64)
  vector.print str "torch.rand(16)"
  func.call @print_offsets(%offset0, %offset1) : (i64, i64) -> ()
  %av = vector.transfer_read %a[%c0], %f0 : tensor<16xf32>, vector<16xf32>
  vector.print %av : vector<16xf32>
  vector.print str "bits: "
  %ab = arith.bitcast %av : vector<16xf32> to vector<16xi32>
  %abu = arith.extui %ab : vector<16xi32> to vector<16xi64>
  vector.print %abu : vector<16xi64>

  %b, %offset2 = func.call @randn(%seed, %offset1)
      : (i64, i64) -> (tensor<8xf32>, i64)
  vector.print str "torch.randn(8)"
  func.call @print_offsets(%offset1, %offset2) : (i64, i64) -> ()
  %bv = vector.transfer_read %b[%c0], %f0 : tensor<8xf32>, vector<8xf32>
  vector.print %bv : vector<8xf32>

  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0,
                             11.0, 12.0, 13.0, 14.0, 15.0, 16.0]> : tensor<16xf32>
  %y, %keep, %offset3 = func.call @dropout(%x, %seed, %offset2)
      : (tensor<16xf32>, i64, i64) -> (tensor<16xf32>, tensor<16xi1>, i64)
  vector.print str "torch.native_dropout(arange(1, 17), 0.5, True), vec 4"
  func.call @print_offsets(%offset2, %offset3) : (i64, i64) -> ()
  %yv = vector.transfer_read %y[%c0], %f0 : tensor<16xf32>, vector<16xf32>
  vector.print %yv : vector<16xf32>
  // The mask as 0/1 words: widened as a tensor, since a vector read of a
  // memref of i1 takes packed bits, not the bytes that the tensor's
  // elements are stored in (upstream's lowering).
  vector.print str "keep: "
  %k32 = arith.extui %keep : tensor<16xi1> to tensor<16xi32>
  %z32 = arith.constant 0 : i32
  %kv = vector.transfer_read %k32[%c0], %z32 : tensor<16xi32>, vector<16xi32>
  vector.print %kv : vector<16xi32>

  %r, %offset4 = func.call @randint(%seed, %offset3)
      : (i64, i64) -> (tensor<16xi64>, i64)
  vector.print str "torch.randint(0, 10, (16,))"
  func.call @print_offsets(%offset3, %offset4) : (i64, i64) -> ()
  %rv = vector.transfer_read %r[%c0], %i0 : tensor<16xi64>, vector<16xi64>
  vector.print %rv : vector<16xi64>
  return
}
