// Standalone check and timing of the small-prime NTT passes of gpu/src/main/cuda/ntt.cu, without
// Java: build and run with gpu/src/test/cuda/ntt-bench.sh on a host with a CUDA GPU.
//
// For every log2n in [lo, hi] and every prime of the set below it transforms random residues
// (splitmix64 from a printed seed) forward (DIF, natural in, bit-reversed out) and inverse (DIT,
// bit-reversed in, natural out, unscaled) with each pass schedule ("variant"), exactly as
// GpuNtt launches them (pass stages, grid, block, shared memory), and compares every word with
// an independent CPU reference in this program: radix-2 transforms with the products reduced
// by 128-bit division (no Montgomery, no Shoup, no lazy ranges), itself checked against the
// O(n^2) DFT at n = 2^10 and by inverse(forward(x)) = n x. Then it times each variant (CUDA
// events around each whole transform, minimum and median of `reps` after a warm-up) next to a
// device-to-device cudaMemcpy of the same bytes and a copy kernel (16-byte loads and stores; its
// output checked), each one read and one write of the data, so passes = transform time / copy
// time is measured in the same run against both. At the largest length it also times each pass
// alone (repeated in place) and inside whole transforms (events between the launches). Every
// CUDA call's return code is checked. Exit status 0 only if every comparison passed.
//
// Usage: ntt_bench [seed [lo hi [reps]]]   (defaults: seed from the clock, 10 24, 30)
// (runs 11-19 of gpu/BENCHMARKS.md: lo hi = 16 24)
//        ntt_bench profile VARIANT LOG2N   (one forward and one inverse transform between
//        cudaProfilerStart and cudaProfilerStop: ncu --profile-from-start off ntt_bench profile ..)
// Output: a table on stdout, and the same rows as CSV in $OUT/ntt-bench.csv when OUT is set.

#include "ntt.cu"

#include <cuda_profiler_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

typedef unsigned __int128 u128;

static void check(cudaError_t e, const char* what, int line) {
    if (e != cudaSuccess) {
        fprintf(stderr, "CUDA error at line %d: %s: %s (%s)\n", line, what, cudaGetErrorName(e),
                cudaGetErrorString(e));
        exit(2);
    }
}
#define CK(x) check((x), #x, __LINE__)

// ---- host arithmetic (independent of the kernels' Montgomery and Shoup code) --------------
static u64 mulmod(u64 a, u64 b, u64 p) { return (u64) ((u128) a * b % p); }
static u64 addmod(u64 a, u64 b, u64 p) { u64 s = a + b; return s >= p ? s - p : s; }
static u64 submod(u64 a, u64 b, u64 p) { return a >= b ? a - b : a + p - b; }
static u64 powmod(u64 a, u64 e, u64 p) {
    u64 r = 1 % p;
    a %= p;
    while (e) {
        if (e & 1) r = mulmod(r, a, p);
        a = mulmod(a, a, p);
        e >>= 1;
    }
    return r;
}
static bool is_prime(u64 n) { // deterministic Miller-Rabin for n < 2^64
    if (n < 2) return false;
    static const u64 bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    for (u64 b : bases) {
        if (n % b == 0) return n == b;
    }
    u64 d = n - 1;
    int s = 0;
    while (!(d & 1)) { d >>= 1; s++; }
    for (u64 a : bases) {
        u64 x = powmod(a, d, n);
        if (x == 1 || x == n - 1) continue;
        bool composite = true;
        for (int r = 1; r < s; r++) {
            x = mulmod(x, x, n);
            if (x == n - 1) { composite = false; break; }
        }
        if (composite) return false;
    }
    return true;
}
// The largest prime c 2^s + 1 < bound (as NttPrimes.largestBelow).
static u64 largest_below(u64 bound, int s) {
    for (u64 c = (bound - 2) >> s; c > 0; c--) {
        u64 q = (c << s) + 1;
        if (is_prime(q)) return q;
    }
    fprintf(stderr, "no prime below %llu with 2^%d | p - 1\n", bound, s);
    exit(2);
}
// A primitive 2^log2n-th root of unity, as NttPrimes.primitiveRootOfUnity: g = a^((p-1)/2^s)
// for the smallest quadratic non-residue a >= 2 (2^s exactly dividing p - 1), then g^(2^(s-log2n)).
static u64 root_of_unity(u64 p, int log2n) {
    int s = __builtin_ctzll(p - 1);
    u64 a = 2;
    while (powmod(a, (p - 1) / 2, p) != p - 1) a++;
    u64 g = powmod(a, (p - 1) >> s, p);
    for (int i = 0; i < s - log2n; i++) g = mulmod(g, g, p);
    return g;
}
static u64 inverse_mod(u64 a, u64 p) { return powmod(a, p - 2, p); }
static u64 splitmix(u64& state) {
    u64 z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// pw[t] = w^t for t < count.
static std::vector<u64> powers(u64 w, u64 p, size_t count) {
    std::vector<u64> pw(count);
    const size_t chunk = 1 << 14;
#pragma omp parallel for schedule(static)
    for (long long c0 = 0; c0 < (long long) count; c0 += chunk) {
        u64 v = powmod(w, (u64) c0, p);
        for (size_t t = c0; t < std::min(count, (size_t) c0 + chunk); t++) {
            pw[t] = v;
            v = mulmod(v, w, p);
        }
    }
    return pw;
}

// CPU reference, forward: DIF, natural in, bit-reversed out; stage with half-size h takes
// (a, b) -> (a + b, (a - b) w_{2h}^t), w_{2h} = w^(n / 2h), t the offset within the half.
static void cpu_dif(std::vector<u64>& x, const std::vector<u64>& pw, u64 p, int log2n) {
    const size_t n = (size_t) 1 << log2n;
    for (size_t h = n >> 1; h >= 1; h >>= 1) {
        const size_t step = n / (2 * h);
#pragma omp parallel for schedule(static)
        for (long long i = 0; i < (long long) (n >> 1); i++) {
            const size_t t = i & (h - 1);
            const size_t j = ((i - t) << 1) + t;
            const u64 a = x[j], b = x[j + h];
            x[j] = addmod(a, b, p);
            x[j + h] = mulmod(submod(a, b, p), pw[t * step], p);
        }
    }
}

// CPU reference, inverse: DIT, bit-reversed in, natural out, unscaled; (a, b) -> (a + b w, a - b w)
// with w = winv_{2h}^t, half-sizes 1 .. n/2 (pw: powers of the inverse root).
static void cpu_dit(std::vector<u64>& x, const std::vector<u64>& pw, u64 p, int log2n) {
    const size_t n = (size_t) 1 << log2n;
    for (size_t h = 1; h < n; h <<= 1) {
        const size_t step = n / (2 * h);
#pragma omp parallel for schedule(static)
        for (long long i = 0; i < (long long) (n >> 1); i++) {
            const size_t t = i & (h - 1);
            const size_t j = ((i - t) << 1) + t;
            const u64 a = x[j], b = mulmod(x[j + h], pw[t * step], p);
            x[j] = addmod(a, b, p);
            x[j + h] = submod(a, b, p);
        }
    }
}

static unsigned bitrev(unsigned i, int bits) {
    unsigned r = 0;
    for (int k = 0; k < bits; k++) r |= ((i >> k) & 1u) << (bits - 1 - k);
    return r;
}

// ---- device tables and pass schedules (as NttTables and GpuNtt) ---------------------------
struct Tables {
    u64 p, pinv;
    int log2n;
    u64* mont[2];  // [0] forward, [1] inverse: entry h + t = w_{2h}^(+-t) R mod p
    u64* pair[2];  // (w, floor(w 2^64 / p)) interleaved: words 2 (h + t), 2 (h + t) + 1
    u64* shoup[2]; // NttTables.shoupTable: pairs, and from 2^22 points quotients only for the
                   // first pass's entries (the engines')
};

enum TableKind { MONT_TABLE, PAIR_TABLE, SHOUP_TABLE };

static const void* table_of(const Tables& T, TableKind k, int dir) {
    return k == MONT_TABLE ? (const void*) T.mont[dir]
           : k == PAIR_TABLE ? (const void*) T.pair[dir] : (const void*) T.shoup[dir];
}

static std::vector<int> pass_stages(int log2n);

// NttTables' Shoup table with the quotient-only region from 2^qlog points: pairs at words 2i,
// 2i + 1 for i < B, quotients at B + i for i >= B, B = the first pass's stride (n + B words);
// below 2^qlog pairs for every i (2n words).
static std::vector<u64> hybrid(const std::vector<u64>& pr, int log2n, int qlog) {
    const size_t n = (size_t) 1 << log2n;
    if (log2n < qlog) return pr;
    const size_t B = (size_t) 1 << (log2n - pass_stages(log2n)[0]);
    std::vector<u64> h(n + B, 0);
    for (size_t i = 0; i < B; i++) {
        h[2 * i] = pr[2 * i];
        h[2 * i + 1] = pr[2 * i + 1];
    }
    for (size_t i = B; i < n; i++) h[B + i] = pr[2 * i + 1];
    return h;
}

static Tables make_tables(u64 p, int log2n, const std::vector<u64>& pwf, const std::vector<u64>& pwi) {
    Tables T;
    T.p = p;
    T.log2n = log2n;
    u64 inv = 1; // Newton: p^-1 mod 2^64
    for (int i = 0; i < 7; i++) inv *= 2 - p * inv;
    T.pinv = inv;
    const size_t n = (size_t) 1 << log2n;
    for (int dir = 0; dir < 2; dir++) {
        const std::vector<u64>& pw = dir == 0 ? pwf : pwi;
        std::vector<u64> m(n, 0), pr(2 * n, 0);
        for (size_t h = 1; h < n; h <<= 1) {
            const size_t step = n / (2 * h);
#pragma omp parallel for schedule(static)
            for (long long t = 0; t < (long long) h; t++) {
                const u64 w = pw[t * step];
                const u64 q = (u64) (((u128) w << 64) / p);
                m[h + t] = (u64) (((u128) w << 64) % p);
                pr[2 * (h + t)] = w;
                pr[2 * (h + t) + 1] = q;
            }
        }
        CK(cudaMalloc(&T.mont[dir], n * sizeof(u64)));
        CK(cudaMalloc(&T.pair[dir], 2 * n * sizeof(u64)));
        CK(cudaMemcpy(T.mont[dir], m.data(), n * sizeof(u64), cudaMemcpyHostToDevice));
        CK(cudaMemcpy(T.pair[dir], pr.data(), 2 * n * sizeof(u64), cudaMemcpyHostToDevice));
        std::vector<u64> hy = hybrid(pr, log2n, SHOUP_QUOT_LOG2);
        CK(cudaMalloc(&T.shoup[dir], hy.size() * sizeof(u64)));
        CK(cudaMemcpy(T.shoup[dir], hy.data(), hy.size() * sizeof(u64), cudaMemcpyHostToDevice));
    }
    return T;
}

static void free_tables(Tables& T) {
    for (int d = 0; d < 2; d++) {
        CK(cudaFree(T.mont[d]));
        CK(cudaFree(T.pair[d]));
        CK(cudaFree(T.shoup[d]));
    }
}

static std::vector<int> pass_stages(int log2n) { // GpuNtt.passStages
    const int passes = (log2n + 7) / 8;
    std::vector<int> st(passes);
    for (int i = 0; i < passes; i++) st[i] = log2n / passes + (i < log2n % passes ? 1 : 0);
    return st;
}

// A variant: the DIF and DIT kernels of its passes and the table layout they read; dif8 and dit8,
// when set, the three-phase kernels of its passes of 8 stages (32 threads a group).
struct Variant {
    const char* name;
    int log2cols; // log2 of the groups per block (GpuNtt: 3 for the Shoup passes, 4 for the fused)
    const void* dif;
    const void* dit;
    TableKind table;
    const void* dif8;
    const void* dit8;
};

static void run_pass(const void* kernel, u64* data, const void* table, const Tables& T, int s,
                     int m, int rows, int maxLog2cols, bool three) {
    const int log2n = T.log2n;
    const int log2cols = std::min(maxLog2cols, log2n - m);
    const unsigned blocks = 1u << (log2n - m - log2cols);
    const unsigned threads = 1u << (log2cols + (three ? 5 : m / 2));
    const size_t shared = ((size_t) 1 << (log2cols + m)) * sizeof(u64);
    u64 p = T.p, pinv = T.pinv;
    int a_log2n = log2n, a_s = s, a_m = m, a_cols = log2cols;
    void* args[] = {&data, (void*) &table, &p, &pinv, &a_log2n, &a_s, &a_m, &a_cols};
    CK(cudaLaunchKernel(kernel, dim3(blocks, rows), dim3(threads), args, shared, 0));
}

struct PassLaunch {
    const void* kernel;
    const void* table;
    int s, m;
    bool three; // a three-phase kernel (32 threads a group)
};

// The passes of a forward (dir 0) or inverse (dir 1) transform, in launch order (as GpuNtt).
static std::vector<PassLaunch> passes_of(const Variant& v, const Tables& T, int dir) {
    std::vector<int> st = pass_stages(T.log2n);
    std::vector<PassLaunch> out;
    if (dir == 0) {
        int s = 0;
        for (int m : st) {
            const bool three = m == 8 && v.dif8;
            out.push_back({three ? v.dif8 : v.dif, table_of(T, v.table, 0), s, m, three});
            s += m;
        }
    } else {
        int s = T.log2n;
        for (int i = (int) st.size() - 1; i >= 0; i--) {
            s -= st[i];
            const bool three = st[i] == 8 && v.dit8;
            out.push_back({three ? v.dit8 : v.dit, table_of(T, v.table, 1), s, st[i], three});
        }
    }
    return out;
}

static void transform(const Variant& v, u64* data, const Tables& T, int dir, int rows) {
    for (const PassLaunch& pl : passes_of(v, T, dir)) {
        run_pass(pl.kernel, data, pl.table, T, pl.s, pl.m, rows, v.log2cols, pl.three);
    }
}

static void forward(const Variant& v, u64* data, const Tables& T, int rows) { transform(v, data, T, 0, rows); }

static void inverse(const Variant& v, u64* data, const Tables& T, int rows) { transform(v, data, T, 1, rows); }

// ---- variants timed against the engines' kernels (instantiated here, not in ntt.cu) --------
// The three-phase passes under other launch bounds and twiddle prefetches (shoup_pass8's EARLY
// in the strided passes, ES, and in the stride-1 pass, E1).
#define EXP_THREE(SUFFIX, THREADS, BLOCKS, ES, E1)                                              \
    extern "C" __global__ void __launch_bounds__(THREADS, BLOCKS) exp_dif##SUFFIX(u64* data,    \
            const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m, int log2cols) {\
        SHOUP_PASS8(true, ES, E1)                                                               \
    }                                                                                           \
    extern "C" __global__ void __launch_bounds__(THREADS, BLOCKS) exp_dit##SUFFIX(u64* data,    \
            const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m, int log2cols) {\
        SHOUP_PASS8(false, ES, E1)                                                              \
    }
EXP_THREE(_three_e0, 256, 4, 0, 0)
EXP_THREE(_three_e1, 256, 4, 1, 1)
EXP_THREE(_three_e1s2, 256, 4, 1, 2)
EXP_THREE(_three_lb3, 256, 3, 0, 0)
EXP_THREE(_three_lb3_e2, 256, 3, 2, 2)

#define THREE(NAME, LOG2COLS, SUFFIX)                                                          \
    {NAME, LOG2COLS, (const void*) ntt_dif_shoup, (const void*) ntt_dit_shoup, SHOUP_TABLE,      \
     (const void*) exp_dif##SUFFIX, (const void*) exp_dit##SUFFIX}
// shoup: the engines' passes before (two register phases of radix 16 in every pass); three: the
// engines' passes now (GpuNtt: ntt_dif_shoup8 / ntt_dit_shoup8 for 8 stages); the others the
// three-phase passes with other twiddle prefetches (_e0: none; _e1: a phase ahead everywhere;
// _e1s2: and all at the start in the stride-1 pass) or launch bounds (_lb3: three blocks of
// 256 threads, at most 85 registers; _e2: all twiddles at the start). The variants of run 18
// with 16 groups to a block (512 threads) and the earlier runs' (gpu/BENCHMARKS.md) were
// instantiated the same way.
static const Variant VARIANTS[] = {
    {"fused_lb3", 4, (const void*) ntt_dif_fused_lb3, (const void*) ntt_dit_fused_lb3, MONT_TABLE, 0, 0},
    {"shoup", 3, (const void*) ntt_dif_shoup, (const void*) ntt_dit_shoup, SHOUP_TABLE, 0, 0},
    {"three", 3, (const void*) ntt_dif_shoup, (const void*) ntt_dit_shoup, SHOUP_TABLE,
     (const void*) ntt_dif_shoup8, (const void*) ntt_dit_shoup8},
    THREE("three_e0", 3, _three_e0),
    THREE("three_e1", 3, _three_e1),
    THREE("three_e1s2", 3, _three_e1s2),
    THREE("three_lb3", 3, _three_lb3),
    THREE("three_lb3_e2", 3, _three_lb3_e2),
};

// The copy kernel the passes are also measured against: one read and one write of every word,
// 16 bytes a thread (n even).
extern "C" __global__ void copy_words(ulonglong2* __restrict__ out, const ulonglong2* __restrict__ in,
                                      size_t pairs) {
    for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < pairs;
         i += (size_t) gridDim.x * blockDim.x) {
        out[i] = in[i];
    }
}

// One variant's forward and inverse transform of 2^log2n points, once each between
// cudaProfilerStart and cudaProfilerStop (after a warm-up): for ncu --profile-from-start off.
static int profile(const char* name, int l) {
    const Variant* v = 0;
    for (const Variant& c : VARIANTS) if (!strcmp(c.name, name)) v = &c;
    if (!v || l < 9 || l > 26) {
        fprintf(stderr, "profile: unknown variant %s or log2n %d outside [9, 26]\n", name, l);
        return 2;
    }
    const u64 q = largest_below(1ull << 62, 30);
    const size_t n = (size_t) 1 << l;
    const u64 w = root_of_unity(q, l);
    Tables T = make_tables(q, l, powers(w, q, n / 2), powers(inverse_mod(w, q), q, n / 2));
    std::vector<u64> x(n);
    u64 st = 42;
    for (auto& e : x) e = splitmix(st) % q;
    u64* d;
    CK(cudaMalloc(&d, n * sizeof(u64)));
    CK(cudaMemcpy(d, x.data(), n * sizeof(u64), cudaMemcpyHostToDevice));
    forward(*v, d, T, 1);
    inverse(*v, d, T, 1);
    CK(cudaDeviceSynchronize());
    CK(cudaProfilerStart());
    forward(*v, d, T, 1);
    inverse(*v, d, T, 1);
    CK(cudaDeviceSynchronize());
    CK(cudaProfilerStop());
    CK(cudaGetLastError());
    CK(cudaFree(d));
    free_tables(T);
    printf("profiled %s at 2^%d\n", name, l);
    return 0;
}

// ---- micro kernels: one butterfly's instructions, for the SASS counts (cuobjdump -sass) ----
extern "C" __global__ void bfly_fused_mont(u64* x, u64 w, u64 p, u64 pinv) {
    u64 a = x[threadIdx.x], b = x[threadIdx.x + 32];
    dif_bfly(a, b, w, p, p << 1, pinv);
    x[threadIdx.x] = a;
    x[threadIdx.x + 32] = b;
}
extern "C" __global__ void bfly_new_mont(u64* x, u64 w, u64 p, u64 pinv) {
    u64 a = x[threadIdx.x], b = x[threadIdx.x + 32];
    dif_bfly2<TW_MONT>(a, b, w, p, p << 1, pinv);
    x[threadIdx.x] = a;
    x[threadIdx.x + 32] = b;
}
extern "C" __global__ void bfly_new_shoup(u64* x, ulonglong2 w, u64 p, u64 pinv) {
    u64 a = x[threadIdx.x], b = x[threadIdx.x + 32];
    dif_bfly2<TW_PAIR>(a, b, w, p, p << 1, pinv);
    x[threadIdx.x] = a;
    x[threadIdx.x + 32] = b;
}

int main(int argc, char** argv) {
    if (argc > 1 && !strcmp(argv[1], "profile")) { // ntt_bench profile VARIANT LOG2N: for ncu
        return profile(argc > 2 ? argv[2] : "shoup", argc > 3 ? atoi(argv[3]) : 24);
    }
    u64 seed = argc > 1 ? strtoull(argv[1], 0, 10)
                        : (u64) std::chrono::system_clock::now().time_since_epoch().count();
    const int lo = argc > 3 ? atoi(argv[2]) : 10;
    const int hi = argc > 3 ? atoi(argv[3]) : 24;
    const int reps = argc > 4 ? atoi(argv[4]) : 30;
    if (lo < 9 || hi > 26 || lo > hi || reps < 1) {
        fprintf(stderr, "usage: ntt_bench [seed [lo hi [reps]]] with 9 <= lo <= hi <= 26, reps >= 1\n");
        return 2;
    }
    printf("seed %llu, log2n %d..%d, %d timed runs each\n", seed, lo, hi, reps);
    int dev;
    cudaDeviceProp prop;
    CK(cudaGetDevice(&dev));
    CK(cudaGetDeviceProperties(&prop, dev));
    int drv = 0, rtv = 0, clockKHz = 0, memClockKHz = 0, busWidth = 0;
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rtv));
    CK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, dev));
    CK(cudaDeviceGetAttribute(&memClockKHz, cudaDevAttrMemoryClockRate, dev));
    CK(cudaDeviceGetAttribute(&busWidth, cudaDevAttrGlobalMemoryBusWidth, dev));
    printf("device: %s, sm_%d%d, %d SMs, %.1f GiB, SM clock %d MHz, memory %d MHz x %d bit, "
           "driver %d, runtime %d\n",
           prop.name, prop.major, prop.minor, prop.multiProcessorCount,
           prop.totalGlobalMem / (double) (1ull << 30), clockKHz / 1000, memClockKHz / 1000,
           busWidth, drv, rtv);

    // The primes: the three largest below 2^62 with 2^30 | p - 1 (the 62-bit NTT primes the
    // engines project onto), the largest below 2^62 with exactly enough 2-adic order for 2^26
    // points, and a 50-bit one (values far below the lazy bounds' limits).
    std::vector<u64> primes;
    u64 b = 1ull << 62;
    for (int i = 0; i < 3; i++) {
        b = largest_below(b, 30);
        primes.push_back(b);
    }
    primes.push_back(largest_below(1ull << 62, 26));
    primes.push_back(largest_below(1ull << 50, 30));
    printf("primes:");
    for (u64 q : primes) printf(" %llu (2^%d | p-1)", q, __builtin_ctzll(q - 1));
    printf("\n");

    // The CPU reference itself against the O(n^2) DFT at n = 2^10 (forward, bit-reversed).
    {
        const int l = 10;
        const size_t n = 1 << l;
        const u64 q = primes[0];
        const u64 w = root_of_unity(q, l);
        u64 st = seed ^ 0x1234;
        std::vector<u64> x(n), y(n);
        for (auto& e : x) e = splitmix(st) % q;
        y = x;
        cpu_dif(y, powers(w, q, n), q, l);
        for (size_t k = 0; k < n; k++) {
            u64 sum = 0, wk = powmod(w, k, q), wkj = 1;
            for (size_t j = 0; j < n; j++) {
                sum = addmod(sum, mulmod(x[j], wkj, q), q);
                wkj = mulmod(wkj, wk, q);
            }
            if (y[bitrev(k, l)] != sum) {
                fprintf(stderr, "CPU reference differs from the DFT at k = %zu\n", k);
                return 1;
            }
        }
        printf("CPU reference = O(n^2) DFT at n = 2^10: ok\n");
    }

    const Variant* variants = VARIANTS;
    const int nv = sizeof(VARIANTS) / sizeof(VARIANTS[0]);
    for (int vi = 0; vi < nv; vi++) { // registers and local memory of every kernel timed
        const void* ks[] = {variants[vi].dif, variants[vi].dit, variants[vi].dif8, variants[vi].dit8};
        printf("%s:", variants[vi].name);
        for (const void* k : ks) {
            if (!k) continue;
            cudaFuncAttributes fa;
            CK(cudaFuncGetAttributes(&fa, k));
            printf(" %d registers, %zu bytes local;", fa.numRegs, fa.localSizeBytes);
        }
        printf("\n");
    }

    FILE* csv = 0;
    if (getenv("OUT")) {
        std::string path = std::string(getenv("OUT")) + "/ntt-bench.csv";
        csv = fopen(path.c_str(), "w");
        if (csv) fprintf(csv, "device,log2n,variant,direction,min_ms,median_ms,copy_ms,copy_GBps,passes,copy_kernel_ms,passes_kernel,checked\n");
    }

    const size_t nmax = (size_t) 1 << hi;
    u64 *d_x, *d_y;
    CK(cudaMalloc(&d_x, nmax * sizeof(u64)));
    CK(cudaMalloc(&d_y, nmax * sizeof(u64)));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    auto time_ms = [&](auto&& body) {
        std::vector<float> t;
        body(); // warm-up
        CK(cudaDeviceSynchronize());
        for (int r = 0; r < reps; r++) {
            CK(cudaEventRecord(e0));
            body();
            CK(cudaEventRecord(e1));
            CK(cudaEventSynchronize(e1));
            float ms;
            CK(cudaEventElapsedTime(&ms, e0, e1));
            t.push_back(ms);
        }
        CK(cudaGetLastError());
        std::sort(t.begin(), t.end());
        return std::make_pair(t[0], t[t.size() / 2]);
    };

    int failures = 0;
    printf("\n%-6s %-12s %-4s %9s %9s %9s %8s %7s %9s %7s %s\n", "log2n", "variant", "dir", "min_ms",
           "median_ms", "copy_ms", "copyGB/s", "passes", "copyk_ms", "passesk", "check");
    for (int l = lo; l <= hi; l++) {
        const size_t n = (size_t) 1 << l;
        const size_t bytes = n * sizeof(u64);
        // copy bandwidth: D2D of the same bytes (one read, one write)
        auto copy = time_ms([&] { CK(cudaMemcpy(d_y, d_x, bytes, cudaMemcpyDeviceToDevice)); });
        const double copyMs = copy.first;
        const double copyGBps = 2.0 * bytes / (copyMs * 1e-3) / 1e9;
        // the same bytes by a copy kernel (16-byte loads and stores, one pair a thread)
        const size_t pairs = n / 2;
        auto copyk = time_ms([&] {
            copy_words<<<(unsigned) ((pairs + 255) / 256), 256>>>((ulonglong2*) d_y, (const ulonglong2*) d_x, pairs);
        });
        const double copyKMs = copyk.first;
        // the copy kernel's output checked once
        {
            std::vector<u64> a(n), c(n);
            CK(cudaMemcpy(a.data(), d_x, bytes, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(c.data(), d_y, bytes, cudaMemcpyDeviceToHost));
            if (a != c) {
                printf("MISMATCH copy kernel log2n %d\n", l);
                failures++;
            }
        }
        std::vector<int> ok(nv, 1);
        Tables timingTables;
        for (size_t pi = 0; pi < primes.size(); pi++) {
            const u64 q = primes[pi];
            const u64 w = root_of_unity(q, l);
            const u64 wi = inverse_mod(w, q);
            std::vector<u64> pwf = powers(w, q, n / 2), pwi = powers(wi, q, n / 2);
            Tables T = make_tables(q, l, pwf, pwi);
            u64 st = seed + 1000003ull * l + pi;
            std::vector<u64> x(n), z(n);
            for (size_t i = 0; i < n; i++) x[i] = splitmix(st) % q;
            for (size_t i = 0; i < n; i++) z[i] = splitmix(st) % q;
            std::vector<u64> fx = x, iz = z, ifx;
            cpu_dif(fx, pwf, q, l);
            cpu_dit(iz, pwi, q, l);
            ifx = fx;
            cpu_dit(ifx, pwi, q, l);
            const u64 nmod = n % q;
            for (size_t i = 0; i < n; i++) {
                if (ifx[i] != mulmod(x[i], nmod, q)) {
                    fprintf(stderr, "CPU reference: inverse(forward(x)) != n x at %zu (p = %llu)\n", i, q);
                    return 1;
                }
            }
            std::vector<u64> out(n);
            for (int vi = 0; vi < nv; vi++) {
                const Variant& v = variants[vi];
                CK(cudaMemcpy(d_x, x.data(), bytes, cudaMemcpyHostToDevice));
                forward(v, d_x, T, 1);
                CK(cudaGetLastError());
                CK(cudaMemcpy(out.data(), d_x, bytes, cudaMemcpyDeviceToHost));
                size_t bad = n;
                for (size_t i = 0; i < n && bad == n; i++) if (out[i] != fx[i]) bad = i;
                if (bad != n) {
                    printf("MISMATCH forward %s log2n %d p %llu at %zu: %llu != %llu\n", v.name, l, q,
                           bad, out[bad], fx[bad]);
                    ok[vi] = 0;
                }
                inverse(v, d_x, T, 1); // inverse(forward(x)) = n x
                CK(cudaMemcpy(out.data(), d_x, bytes, cudaMemcpyDeviceToHost));
                bad = n;
                for (size_t i = 0; i < n && bad == n; i++) if (out[i] != ifx[i]) bad = i;
                if (bad != n) {
                    printf("MISMATCH inverse(forward) %s log2n %d p %llu at %zu\n", v.name, l, q, bad);
                    ok[vi] = 0;
                }
                CK(cudaMemcpy(d_x, z.data(), bytes, cudaMemcpyHostToDevice));
                inverse(v, d_x, T, 1);
                CK(cudaMemcpy(out.data(), d_x, bytes, cudaMemcpyDeviceToHost));
                bad = n;
                for (size_t i = 0; i < n && bad == n; i++) if (out[i] != iz[i]) bad = i;
                if (bad != n) {
                    printf("MISMATCH inverse %s log2n %d p %llu at %zu: %llu != %llu\n", v.name, l, q,
                           bad, out[bad], iz[bad]);
                    ok[vi] = 0;
                }
            }
            if (pi == 0) {
                timingTables = T;
            } else {
                free_tables(T);
            }
        }
        for (int vi = 0; vi < nv; vi++) {
            const Variant& v = variants[vi];
            if (!ok[vi]) failures++;
            for (int dir = 0; dir < 2; dir++) {
                auto t = time_ms([&] {
                    if (dir == 0) forward(v, d_x, timingTables, 1);
                    else inverse(v, d_x, timingTables, 1);
                });
                printf("%-6d %-12s %-4s %9.4f %9.4f %9.4f %8.0f %7.2f %9.4f %7.2f %s\n", l, v.name,
                       dir ? "inv" : "fwd", t.first, t.second, copyMs, copyGBps, t.first / copyMs,
                       copyKMs, t.first / copyKMs, ok[vi] ? "ok" : "FAILED");
                if (csv) {
                    fprintf(csv, "%s,%d,%s,%s,%.5f,%.5f,%.5f,%.1f,%.3f,%.5f,%.3f,%s\n", prop.name, l, v.name,
                            dir ? "inverse" : "forward", t.first, t.second, copyMs, copyGBps,
                            t.first / copyMs, copyKMs, t.first / copyKMs, ok[vi] ? "ok" : "FAILED");
                }
            }
        }
        if (l == hi) { // each pass alone (repeated in place: values stay in the passes' ranges)
            for (int vi = 0; vi < nv; vi++) {
                const Variant& v = variants[vi];
                for (int dir = 0; dir < 2; dir++) {
                    printf("  passes %-16s %s:", v.name, dir ? "inv" : "fwd");
                    for (const PassLaunch& pl : passes_of(v, timingTables, dir)) {
                        auto t = time_ms([&] { run_pass(pl.kernel, d_x, pl.table, timingTables, pl.s, pl.m, 1, v.log2cols, pl.three); });
                        printf("  s=%d m=%d %.4f ms (%.2f copies)", pl.s, pl.m, t.first, t.first / copyMs);
                        if (csv) {
                            fprintf(csv, "%s,%d,%s,%s pass s=%d m=%d,%.5f,%.5f,%.5f,%.1f,%.3f,%.5f,%.3f,%s\n", prop.name, l,
                                    v.name, dir ? "inverse" : "forward", pl.s, pl.m, t.first, t.second, copyMs,
                                    copyGBps, t.first / copyMs, copyKMs, t.first / copyKMs, ok[vi] ? "ok" : "FAILED");
                        }
                    }
                    printf("\n");
                    // the same passes inside whole transforms: events between the launches,
                    // minimum of each pass over the runs (a pass then starts on its
                    // predecessor's output, as in the transform)
                    const std::vector<PassLaunch> seq = passes_of(v, timingTables, dir);
                    std::vector<cudaEvent_t> ev(seq.size() + 1);
                    for (auto& e : ev) CK(cudaEventCreate(&e));
                    std::vector<float> best(seq.size(), 1e30f);
                    for (int r = 0; r <= reps; r++) {
                        CK(cudaEventRecord(ev[0]));
                        for (size_t i = 0; i < seq.size(); i++) {
                            run_pass(seq[i].kernel, d_x, seq[i].table, timingTables, seq[i].s, seq[i].m, 1,
                                     v.log2cols, seq[i].three);
                            CK(cudaEventRecord(ev[i + 1]));
                        }
                        CK(cudaEventSynchronize(ev[seq.size()]));
                        for (size_t i = 0; r > 0 && i < seq.size(); i++) {
                            float ms;
                            CK(cudaEventElapsedTime(&ms, ev[i], ev[i + 1]));
                            best[i] = std::min(best[i], ms);
                        }
                    }
                    CK(cudaGetLastError());
                    printf("  in sequence %-12s %s:", v.name, dir ? "inv" : "fwd");
                    for (size_t i = 0; i < seq.size(); i++) {
                        printf("  s=%d m=%d %.4f ms (%.2f copies)", seq[i].s, seq[i].m, best[i], best[i] / copyMs);
                        if (csv) {
                            fprintf(csv, "%s,%d,%s,%s in sequence s=%d m=%d,%.5f,,%.5f,%.1f,%.3f,%.5f,%.3f,%s\n", prop.name, l,
                                    v.name, dir ? "inverse" : "forward", seq[i].s, seq[i].m, best[i], copyMs,
                                    copyGBps, best[i] / copyMs, copyKMs, best[i] / copyKMs, ok[vi] ? "ok" : "FAILED");
                        }
                    }
                    printf("\n");
                    for (auto& e : ev) CK(cudaEventDestroy(e));
                }
            }
        }
        free_tables(timingTables);
        fflush(stdout);
    }
    if (csv) fclose(csv);
    CK(cudaFree(d_x));
    CK(cudaFree(d_y));
    printf("\n%s: %d variant(s) failed a comparison (every variant x %zu primes x log2n %d..%d, "
           "forward, inverse(forward), inverse; seed %llu)\n",
           failures ? "FAILED" : "all equal to the CPU reference", failures, primes.size(), lo, hi,
           seed);
    return failures ? 1 : 0;
}
