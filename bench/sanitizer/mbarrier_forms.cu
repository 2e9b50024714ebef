// Minimal kernels for what compute-sanitizer reports on the tile matmul
// ukernel (ukernels/cuda/matmul_tile.cu): each uses one of its hand-offs
// through mbarriers and nothing else, checks its own result exactly, and
// is run alone under a tool (`mbarrier_forms KERNEL [LAUNCHES]`).
//
// - `full_two_step`: a thread's cp.async counted on a "full" mbarrier by
//   `cp.async.mbarrier.arrive` (without `.noinc`: it raises the pending
//   count by one, then arrives when the copies land) followed by a plain
//   `mbarrier.arrive`, so the two count the thread once. The tile
//   ukernel's edge K-tiles arrive this way (they may also store zeros with
//   st.shared, which the plain arrive releases).
// - `full_noinc`: the same copy counted by `cp.async.mbarrier.arrive.noinc`
//   alone (the tile ukernel's whole K-tiles).
// - `ring_two_step`, `ring_noinc`: two stages reused over 16 steps; every
//   thread copies into a stage after waiting on its "empty" mbarrier (all
//   threads arrived after reading it) and reads another thread's element
//   after waiting on its "full" one. The tile ukernel's pipeline in small.
// - `ring_ldmatrix_two_step`, `ring_ldmatrix_noinc`: the same ring with the
//   tile ukernel's access kinds, 16-byte `cp.async.cg` copies and
//   `ldmatrix` reads of another warp's chunk.
//
// Every kernel here is correct by the PTX ISA's mbarrier rules; the result
// check says so on the GPU. A report of a tool on one of them is the tool's
// limit, not a bug of the ukernel that uses the same form.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                     \
  do {                                                                               \
    cudaError_t e = (x);                                                             \
    if (e != cudaSuccess) {                                                          \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e)); \
      std::exit(2);                                                                  \
    }                                                                                \
  } while (0)

constexpr int THREADS = 128;
constexpr int STAGES = 2;
constexpr int STEPS = 16;

__device__ __forceinline__ uint32_t smem(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(smem(bar)) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t *bar, uint32_t parity) {
  uint32_t done;
  do {
    asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(smem(bar)), "r"(parity)
                 : "memory");
  } while (!done);
}
__device__ __forceinline__ void copy4(float *dst, const float *src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem(dst)), "l"(src) : "memory");
}
// Counts this thread on `bar` once its earlier cp.async land.
template <bool NOINC> __device__ __forceinline__ void arrive_copies(uint64_t *bar) {
  if constexpr (NOINC) {
    asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"(smem(bar)) : "memory");
  } else {
    asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"r"(smem(bar)) : "memory");
    mbar_arrive(bar);
  }
}

// out[t] = in[(t + 1) % THREADS]: thread t reads what thread t + 1 copied.
template <bool NOINC> __global__ void full_once(const float *in, float *out) {
  __shared__ alignas(16) float buf[THREADS];
  __shared__ alignas(8) uint64_t full;
  const int t = threadIdx.x;
  if (t == 0) mbar_init(&full, THREADS);
  __syncthreads();
  copy4(&buf[t], &in[t]);
  arrive_copies<NOINC>(&full);
  mbar_wait(&full, 0);
  out[t] = buf[(t + 1) % THREADS];
}

// out[t] = sum over steps s of in[s * THREADS + (t + 1) % THREADS].
template <bool NOINC> __global__ void ring(const float *in, float *out) {
  __shared__ alignas(16) float buf[STAGES][THREADS];
  __shared__ alignas(8) uint64_t full[STAGES], empty[STAGES];
  const int t = threadIdx.x;
  if (t < STAGES) {
    mbar_init(&full[t], THREADS);
    mbar_init(&empty[t], THREADS);
  }
  __syncthreads();
  float sum = 0.f;
  for (int s = 0; s < STEPS; s++) {
    const int stage = s % STAGES;
    const uint32_t use = s / STAGES;
    // The stage's previous use must be read by everyone (a fresh barrier's
    // phase of parity 1 counts as complete).
    mbar_wait(&empty[stage], (use & 1) ^ 1);
    copy4(&buf[stage][t], &in[s * THREADS + t]);
    arrive_copies<NOINC>(&full[stage]);
    mbar_wait(&full[stage], use & 1);
    sum += buf[stage][(t + 1) % THREADS];
    mbar_arrive(&empty[stage]);
  }
  out[t] = sum;
}

// The tile ukernel's own access kinds: 16-byte cp.async.cg copies into a
// stage and ldmatrix reads of it (a warp reads the chunk the next warp
// copied). out[t] = the sum over steps of the 8 b16 values lane t of its
// warp receives from `ldmatrix .x4`.
template <bool NOINC> __global__ void ring_ldmatrix(const unsigned short *in, unsigned *out) {
  __shared__ alignas(128) unsigned short buf[STAGES][THREADS * 8];
  __shared__ alignas(8) uint64_t full[STAGES], empty[STAGES];
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  if (t < STAGES) {
    mbar_init(&full[t], THREADS);
    mbar_init(&empty[t], THREADS);
  }
  __syncthreads();
  unsigned sum = 0;
  for (int s = 0; s < STEPS; s++) {
    const int stage = s % STAGES;
    const uint32_t use = s / STAGES;
    mbar_wait(&empty[stage], (use & 1) ^ 1);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem(&buf[stage][t * 8])),
                 "l"(&in[(s * THREADS + t) * 8])
                 : "memory");
    if constexpr (NOINC) {
      asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"(smem(&full[stage])) : "memory");
    } else {
      asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"r"(smem(&full[stage])) : "memory");
      mbar_arrive(&full[stage]);
    }
    mbar_wait(&full[stage], use & 1);
    // Lane l gives the address of row l % 8 of matrix l / 8: 16 bytes each,
    // in the next warp's 512 bytes.
    const int region = ((warp + 1) % (THREADS / 32)) * 256;
    uint32_t r[4];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(smem(&buf[stage][region + lane * 8])));
    for (int i = 0; i < 4; i++) sum += (r[i] & 0xffff) + (r[i] >> 16);
    mbar_arrive(&empty[stage]);
  }
  out[t] = sum;
}

struct Form {
  const char *name;
  bool is_ring;
  void (*kernel)(const float *, float *);
};

static const Form FORMS[] = {
    {"full_two_step", false, full_once<false>},
    {"full_noinc", false, full_once<true>},
    {"ring_two_step", true, ring<false>},
    {"ring_noinc", true, ring<true>},
};

// ldmatrix .x4: lane t gets, of matrix i (row addresses of lanes 8i..8i+7),
// row t / 4, columns 2 (t % 4) and 2 (t % 4) + 1.
static int run_ldmatrix(const char *name, int launches) {
  const bool noinc = std::strcmp(name, "ring_ldmatrix_noinc") == 0;
  if (!noinc && std::strcmp(name, "ring_ldmatrix_two_step") != 0) {
    std::fprintf(stderr, "error: no kernel named '%s'\n", name);
    return 2;
  }
  const int n = STEPS * THREADS * 8;
  std::vector<unsigned short> host(n);
  for (int i = 0; i < n; i++) host[i] = (unsigned short)((i * 13 + 5) % 251);
  std::vector<unsigned> got(THREADS), want(THREADS, 0);
  for (int t = 0; t < THREADS; t++) {
    const int warp = t / 32, lane = t % 32, region = ((warp + 1) % (THREADS / 32)) * 256;
    for (int s = 0; s < STEPS; s++)
      for (int i = 0; i < 4; i++)
        for (int c = 0; c < 2; c++)
          want[t] += host[s * THREADS * 8 + region + (i * 8 + lane / 4) * 8 + 2 * (lane % 4) + c];
  }
  unsigned short *in;
  unsigned *out;
  CHECK(cudaMalloc(&in, n * sizeof(unsigned short)));
  CHECK(cudaMalloc(&out, THREADS * sizeof(unsigned)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(unsigned short), cudaMemcpyHostToDevice));
  int bad_launches = 0;
  for (int l = 0; l < launches; l++) {
    CHECK(cudaMemset(out, 0xff, THREADS * sizeof(unsigned)));
    if (noinc) ring_ldmatrix<true><<<1, THREADS>>>(in, out);
    else ring_ldmatrix<false><<<1, THREADS>>>(in, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), out, THREADS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    if (got != want) bad_launches++;
  }
  std::printf("%s: %d launch(es), %d with a wrong element\n", name, launches, bad_launches);
  return bad_launches ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s KERNEL [LAUNCHES]\nkernels:", argv[0]);
    for (const Form &f : FORMS) std::fprintf(stderr, " %s", f.name);
    std::fprintf(stderr, " ring_ldmatrix_two_step ring_ldmatrix_noinc\n");
    return 2;
  }
  const int launches = argc > 2 ? std::atoi(argv[2]) : 1;
  if (std::strncmp(argv[1], "ring_ldmatrix", 13) == 0) return run_ldmatrix(argv[1], launches);
  const Form *form = nullptr;
  for (const Form &f : FORMS)
    if (std::strcmp(f.name, argv[1]) == 0) form = &f;
  if (!form) {
    std::fprintf(stderr, "error: no kernel named '%s'\n", argv[1]);
    return 2;
  }
  const int n = STEPS * THREADS;
  std::vector<float> host(n), got(THREADS);
  // Small integers: every sum is exact in f32, so the check is equality.
  for (int i = 0; i < n; i++) host[i] = (float)((i * 7 + 3) % 31);
  float *in, *out;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&out, THREADS * sizeof(float)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  int bad_launches = 0;
  for (int l = 0; l < launches; l++) {
    CHECK(cudaMemset(out, 0xff, THREADS * sizeof(float)));
    form->kernel<<<1, THREADS>>>(in, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), out, THREADS * sizeof(float), cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int t = 0; t < THREADS; t++) {
      float want = 0.f;
      const int steps = form->is_ring ? STEPS : 1;
      for (int s = 0; s < steps; s++) want += host[s * THREADS + (t + 1) % THREADS];
      if (got[t] != want) wrong++;
    }
    if (wrong) bad_launches++;
  }
  std::printf("%s: %d launch(es), %d with a wrong element\n", form->name, launches, bad_launches);
  return bad_launches ? 1 : 0;
}
