// Records cuRAND's Philox4_32_10 device API (curand_kernel.h, CUDA 13) on
// the GPU, for test/vectors/curand_recorded.json (SPEC 9.1; compared with
// the model test/lib/torch_random_model.py). Not part of check-rng.
//
//   nvcc -O3 -arch=sm_90 test/GPU/curand_record.cu -o curand_record
//   ./curand_record > curand_recorded.json         grid of positions (JSON)
//   ./curand_record bulk FILE N SEED OFFSET        curand_normal2 and
//       curand_normal2_double of subsequences 0 .. N-1 at OFFSET: N float
//       pairs, then N double pairs, raw little-endian, to FILE
//
// Every function is called on a fresh state put at the case's position by
// curand_init(seed, subsequence, offset) followed by skipahead(k) for each
// k of "skips" (positions past 2^64 are reached that way: the counter is
// 128 bits), except "curand_seq": eight consecutive curand() calls.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <curand_kernel.h>
#include <vector>

typedef unsigned long long u64;

struct Case {
  u64 seed, subsequence, offset, skips[3];
};

struct Result {
  unsigned seq[8];
  uint4 w4;
  float uniform;
  float2 normal2;
  double uniform_double;
  double2 uniform2_double;
  double2 normal2_double;
};

__device__ void place(const Case &c, curandStatePhilox4_32_10_t *st) {
  curand_init(c.seed, c.subsequence, c.offset, st);
  for (int i = 0; i < 3; ++i)
    if (c.skips[i])
      skipahead(c.skips[i], st);
}

__global__ void grid_kernel(const Case *cases, Result *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  curandStatePhilox4_32_10_t st;
  Result r;
  place(cases[i], &st);
  for (int k = 0; k < 8; ++k)
    r.seq[k] = curand(&st);
  place(cases[i], &st);
  r.w4 = curand4(&st);
  place(cases[i], &st);
  r.uniform = curand_uniform(&st);
  place(cases[i], &st);
  r.normal2 = curand_normal2(&st);
  place(cases[i], &st);
  r.uniform_double = curand_uniform_double(&st);
  place(cases[i], &st);
  r.uniform2_double = curand_uniform2_double(&st);
  place(cases[i], &st);
  r.normal2_double = curand_normal2_double(&st);
  out[i] = r;
}

__global__ void bulk_kernel(float2 *f, double2 *d, int n, u64 seed, u64 offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, i, offset, &st);
  f[i] = curand_normal2(&st);
  curand_init(seed, i, offset, &st);
  d[i] = curand_normal2_double(&st);
}

static void print_u128(unsigned __int128 v) {
  char buf[64];
  int k = 63;
  buf[k] = 0;
  do {
    buf[--k] = char('0' + int(v % 10));
    v /= 10;
  } while (v);
  printf("%s", buf + k);
}

static unsigned f2u(float x) {
  unsigned u;
  memcpy(&u, &x, 4);
  return u;
}
static u64 d2u(double x) {
  u64 u;
  memcpy(&u, &x, 8);
  return u;
}

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                 \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static int bulk(const char *path, int n, u64 seed, u64 offset) {
  float2 *f;
  double2 *d;
  CHECK(cudaMalloc(&f, sizeof(float2) * n));
  CHECK(cudaMalloc(&d, sizeof(double2) * n));
  bulk_kernel<<<(n + 255) / 256, 256>>>(f, d, n, seed, offset);
  CHECK(cudaGetLastError());
  std::vector<float2> hf(n);
  std::vector<double2> hd(n);
  CHECK(cudaMemcpy(hf.data(), f, sizeof(float2) * n, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hd.data(), d, sizeof(double2) * n, cudaMemcpyDeviceToHost));
  FILE *out = fopen(path, "wb");
  if (!out)
    return 1;
  fwrite(hf.data(), sizeof(float2), n, out);
  fwrite(hd.data(), sizeof(double2), n, out);
  fclose(out);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 6 && !strcmp(argv[1], "bulk"))
    return bulk(argv[2], atoi(argv[3]), strtoull(argv[4], 0, 0),
                strtoull(argv[5], 0, 0));
  const u64 M = ~0ull;
  const u64 seeds[] = {0, 42, 0x100000007ull, 0xDEADBEEFCAFEF00Dull};
  const u64 subs[] = {0, 1, 270335, 1ull << 63, M};
  // Positions: every p mod 4; the carry of the counter's word 0 into word 1
  // (counter 2^32 - 1 = positions 2^34 - 4 .. 2^34 - 1); the top of the
  // 64-bit offset; an arbitrary one.
  const u64 offsets[] = {0, 1, 2, 3, 4, 5, 6, 7,
                         (1ull << 34) - 5, (1ull << 34) - 4, (1ull << 34) - 3,
                         (1ull << 34) - 1, 12345678901ull, M - 7, M - 3, M - 1,
                         M};
  std::vector<Case> cases;
  for (u64 s : seeds)
    for (u64 q : subs) {
      for (u64 o : offsets)
        cases.push_back(Case{s, q, o, {0, 0, 0}});
      // Positions 2^66 - 4 - d: the 128-bit counter's low half reaches
      // 2^64 - 1 and curand4 / the sequence carry into the subsequence
      // words (and wrap all 128 bits for subsequence 2^64 - 1).
      for (u64 d : {0ull, 1ull, 2ull, 3ull, 5ull})
        cases.push_back(Case{s, q, M - d, {M, M, M}});
      // One position between 2^64 and 2^65.
      cases.push_back(Case{s, q, 1ull << 63, {1ull << 63, 6, 0}});
    }
  int n = int(cases.size());
  Case *dc;
  Result *dr;
  CHECK(cudaMalloc(&dc, sizeof(Case) * n));
  CHECK(cudaMalloc(&dr, sizeof(Result) * n));
  CHECK(cudaMemcpy(dc, cases.data(), sizeof(Case) * n, cudaMemcpyHostToDevice));
  grid_kernel<<<(n + 63) / 64, 64>>>(dc, dr, n);
  CHECK(cudaGetLastError());
  std::vector<Result> res(n);
  CHECK(cudaMemcpy(res.data(), dr, sizeof(Result) * n, cudaMemcpyDeviceToHost));
  int dev = 0, rt = 0, drv = 0;
  cudaDeviceProp prop;
  CHECK(cudaGetDevice(&dev));
  CHECK(cudaGetDeviceProperties(&prop, dev));
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  printf("{\"generator\": \"test/GPU/curand_record.cu\", \"device\": \"%s\", "
         "\"cuda_runtime\": %d, \"cuda_driver\": %d, \"nvcc\": \"%d.%d\", "
         "\"cases\": [\n",
         prop.name, rt, drv, __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__);
  for (int i = 0; i < n; ++i) {
    const Case &c = cases[i];
    const Result &r = res[i];
    unsigned __int128 pos = c.offset;
    for (int k = 0; k < 3; ++k)
      pos += c.skips[k];
    printf("{\"seed\": \"%llu\", \"subsequence\": \"%llu\", \"offset\": \"%llu\", "
           "\"skips\": [\"%llu\", \"%llu\", \"%llu\"], \"position\": \"",
           c.seed, c.subsequence, c.offset, c.skips[0], c.skips[1], c.skips[2]);
    print_u128(pos);
    printf("\", \"curand_seq\": [");
    for (int k = 0; k < 8; ++k)
      printf("%s\"%08x\"", k ? ", " : "", r.seq[k]);
    printf("], \"curand4\": [\"%08x\", \"%08x\", \"%08x\", \"%08x\"], ", r.w4.x,
           r.w4.y, r.w4.z, r.w4.w);
    printf("\"uniform\": \"%08x\", \"normal2\": [\"%08x\", \"%08x\"], ",
           f2u(r.uniform), f2u(r.normal2.x), f2u(r.normal2.y));
    printf("\"uniform_double\": \"%016llx\", \"uniform2_double\": [\"%016llx\", "
           "\"%016llx\"], \"normal2_double\": [\"%016llx\", \"%016llx\"]}%s\n",
           d2u(r.uniform_double), d2u(r.uniform2_double.x),
           d2u(r.uniform2_double.y), d2u(r.normal2_double.x),
           d2u(r.normal2_double.y), i + 1 < n ? "," : "");
  }
  printf("]}\n");
  return 0;
}
