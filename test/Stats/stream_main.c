// Writes a stream of rng_streams.py to stdout, forever, from the kernel's
// object code that `rng_streams.py NAME --object FILE` dumped from the JIT:
// the same machine code the JIT runs, linked into a standalone program so
// that the battery can run where LLVM and the Python package are not
// installed. Its output is byte-for-byte that of `rng_streams.py NAME
// --raw` (docs/Statistics.md checks it).
//
//   cc -O2 stream_main.c NAME.o -o NAME -lm
//   ./NAME WORDS TYPE BITS SEED [OFFSET] | dieharder -g 200 -a
//
// WORDS: values per offset; TYPE: i32, i64 or f32; BITS: the bits of each
// value that enter the stream (32, or fewer for f32: floor(u * 2^BITS)).

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The lowered `func.func @fill(%out: memref<?xT>, %seed: i64, %base: i64)`:
// a memref is passed as its descriptor's fields.
extern void fill(void *allocated, void *aligned, int64_t offset, int64_t size,
                 int64_t stride, int64_t seed, int64_t base);

enum { N = 1 << 20 }; // offsets per call

static uint64_t acc;
static int accBits;
static uint32_t outWords[N * 8];
static size_t outCount;

static void flush(void) {
  if (fwrite(outWords, sizeof(uint32_t), outCount, stdout) != outCount)
    exit(0); // the reader closed the pipe
  outCount = 0;
}

static void put(uint32_t word) {
  outWords[outCount++] = word;
  if (outCount == sizeof(outWords) / sizeof(outWords[0]))
    flush();
}

// Appends the low `bits` bits of v, most significant first.
static void putBits(uint64_t v, int bits) {
  acc = (acc << bits) | (v & ((1ull << bits) - 1));
  accBits += bits;
  if (accBits >= 32) {
    put((uint32_t)(acc >> (accBits - 32)));
    accBits -= 32;
  }
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s WORDS TYPE BITS SEED [OFFSET]\n", argv[0]);
    return 2;
  }
  int k = atoi(argv[1]);
  const char *type = argv[2];
  int bits = atoi(argv[3]);
  int64_t seed = strtoll(argv[4], NULL, 0);
  int64_t base = argc > 5 ? strtoll(argv[5], NULL, 0) : 0;
  size_t width = strcmp(type, "i64") == 0 ? 8 : 4;
  void *planes = malloc((size_t)k * N * width);
  for (;;) {
    fill(planes, planes, 0, (int64_t)k * N, 1, seed, base);
    base += N;
    for (size_t i = 0; i < N; ++i) {
      for (int w = 0; w < k; ++w) {
        size_t at = (size_t)w * N + i;
        if (strcmp(type, "f32") == 0) {
          float u = ((float *)planes)[at];
          putBits((uint64_t)floor((double)u * ldexp(1.0, bits)), bits);
        } else if (width == 8) {
          uint64_t v = ((uint64_t *)planes)[at];
          put((uint32_t)v);
          put((uint32_t)(v >> 32));
        } else {
          put(((uint32_t *)planes)[at]);
        }
      }
    }
    flush();
  }
}
