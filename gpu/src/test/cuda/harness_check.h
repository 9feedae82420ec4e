// Shared host-side checking pieces of the standalone harnesses of the batched big-integer
// kernels (bigint_harness.cu, bigint_ntt_harness.cu, div_harness.cu): the mismatch counter, a
// parallel loop over instances, the schoolbook product, the 14 input patterns (all-ones limbs,
// zero, one, powers of two, b = ~a, b = -a, runs of all-ones limbs, random), the value modulo
// 2^61 - 1 of a long integer, and the single-block launch shape of bigint.cu's contract (an
// instance takes T threads, a block floor(blockDim / T) instances, each with its shared bytes;
// the one shape GpuBatchedIntegerEngine and GpuNewtonDivision compute in BatchedLaunch); the device
// start, the operands of a check at a padded stride, the check of an all-ones square, a check's
// one-line verdict and a bench's closing lines. Include after harness_common.h.
#pragma once
#include "harness_common.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

static int g_fail = 0;
static size_t g_smemOptin = 0;

static void fail(const char* what, const std::string& where) {
    if (g_fail < 20) printf("MISMATCH %s: %s\n", what, where.c_str());
    g_fail++;
}

// Prints the device line and reads its opt-in shared memory per block into g_smemOptin.
static void start_device() {
    print_device();
    int dev;
    CK(cudaGetDevice(&dev));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, dev));
    g_smemOptin = p.sharedMemPerBlockOptin;
}

// The one-line verdict of a check: "check <what>: ok" when no mismatch came since before, else FAIL.
static void print_check(const std::string& what, int before) {
    printf("check %s: %s\n", what.c_str(), g_fail == before ? "ok" : "FAIL");
    fflush(stdout);
}

// The closing lines of a bench: the copy bandwidth again (print_copy) and the summary lines.
static void print_bench_end(const std::vector<std::string>& summary, void* dst, const void* src, size_t bytes, int reps,
                            const char* unit) {
    print_copy(dst, src, bytes, reps, unit, true);
    for (auto& s : summary) printf("%s\n", s.c_str());
}

// ---- operands at a padded stride ----

// What the limbs between the instances at a padded stride hold (and must still hold after a kernel).
static const u64 SENT = 0xa5a5a5a5deadbeefull;

// count instances of M limbs (X, packed) laid out at stride s >= M, SENT between them.
static std::vector<u64> at_stride(const std::vector<u64>& X, int M, long long count, long long s) {
    std::vector<u64> h(count * s, SENT);
    for (long long i = 0; i < count; i++) memcpy(&h[i * s], &X[i * M], M * 8);
    return h;
}

// A device copy of h (the caller frees it).
static u64* to_device(const std::vector<u64>& h) {
    u64* d;
    CK(cudaMalloc(&d, h.size() * 8));
    CK(cudaMemcpy(d, h.data(), h.size() * 8, cudaMemcpyHostToDevice));
    return d;
}

// Whether instance i of a batch of all-ones squares (2^(64M) - 1)^2 = 2^(128M) - 2^(64M+1) + 1 at
// stride 2M in c is right: limbs 1, 0 .. 0, ~1, ~0 .. ~0 (1, ~1 for M = 1).
static bool all_ones_square_ok(const u64* c, int M, long long i) {
    for (int j = 0; j < 2 * M; j++) {
        u64 want = j == 0 ? 1 : j < M ? 0 : j == M ? ~1ull : ~0ull;
        if (M == 1) want = j == 0 ? 1 : ~1ull;
        if (c[i * 2 * M + j] != want) return false;
    }
    return true;
}

// Below this many instances parallel_for runs in the calling thread (a harness may lower it).
static u64 g_parallelMin = 64;

// body(lo, hi) over [0, n) split across the hardware threads; one thread below g_parallelMin.
static void parallel_for(u64 n, const std::function<void(u64, u64)>& body) {
    unsigned nt = std::max(1u, std::thread::hardware_concurrency());
    if (n < g_parallelMin) nt = 1;
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < nt; t++) {
        u64 lo = n * t / nt, hi = n * (t + 1) / nt;
        ts.emplace_back([=, &body] { body(lo, hi); });
    }
    for (auto& t : ts) t.join();
}

// r (2M limbs) = a b, schoolbook.
static void ref_mul(const u64* a, const u64* b, u64* r, int M) {
    for (int j = 0; j < 2 * M; j++) r[j] = 0;
    for (int x = 0; x < M; x++) {
        unsigned __int128 c = 0;
        u64 ax = a[x];
        for (int y = 0; y < M; y++) {
            unsigned __int128 t = (unsigned __int128) ax * b[y] + r[x + y] + c;
            r[x + y] = (u64) t;
            c = t >> 64;
        }
        r[x + M] = (u64) c;
    }
}

// ---- adversarial data ----

static const int NPAT = 14;
static const char* PAT_NAME[NPAT] = {"random", "ones*ones", "ones,one", "one,ones", "zero,zero", "zero,rand",
                                     "rand,zero", "pow2,pow2", "a,~a", "a,-a", "a,a", "runs,runs",
                                     "ones-top,one", "one,one"};

// Instance i's pattern in the product harnesses (warp, in-block NTT, FP64): all-ones first, then a
// fixed order in which a carry would leak into the next instance, the rest drawn at random.
static int product_pattern_of(u64 i, u64 seed) {
    static const int fixed[] = {1, 2, 8, 9, 8, 1, 4, 3, 8, 12, 11, 7, 13, 10, 5, 6, 0, 9, 8, 2, 11, 1};
    if (i < sizeof(fixed) / sizeof(fixed[0])) return fixed[i];
    u64 r = gen_word(seed ^ 0xabcdefull, i);
    return (r & 1) ? (int) ((r >> 1) % NPAT) : 0;
}

// Instance (a, b) of M limbs with pattern pat, from the data seed s.
static void make_instance(int pat, u64* a, u64* b, int M, u64 s) {
    auto R = [&](u64 k) { return gen_word(s, k); };
    for (int j = 0; j < M; j++) {
        a[j] = R(2 * j);
        b[j] = R(2 * j + 1);
    }
    switch (pat) {
        case 0: break;
        case 1: for (int j = 0; j < M; j++) a[j] = b[j] = ~0ull; break;
        case 2: for (int j = 0; j < M; j++) { a[j] = ~0ull; b[j] = j == 0; } break;
        case 3: for (int j = 0; j < M; j++) { a[j] = j == 0; b[j] = ~0ull; } break;
        case 4: for (int j = 0; j < M; j++) a[j] = b[j] = 0; break;
        case 5: for (int j = 0; j < M; j++) a[j] = 0; break;
        case 6: for (int j = 0; j < M; j++) b[j] = 0; break;
        case 7: {
            for (int j = 0; j < M; j++) a[j] = b[j] = 0;
            u64 ka = R(7777) % (64ull * M), kb = R(7778) % (64ull * M);
            a[ka / 64] = 1ull << (ka % 64);
            b[kb / 64] = 1ull << (kb % 64);
            break;
        }
        case 8: for (int j = 0; j < M; j++) b[j] = ~a[j]; break;
        case 9: { // b = 2^(64 M) - a
            u64 cy = 1;
            for (int j = 0; j < M; j++) { u64 t = ~a[j] + cy; cy = cy && t == 0; b[j] = t; }
            break;
        }
        case 10: for (int j = 0; j < M; j++) b[j] = a[j]; break;
        case 11: // limbs all ones, zero or random in long runs
            for (int j = 0; j < M; j++) {
                u64 r = R(1000003 + j / 5);
                a[j] = (r & 3) == 0 ? a[j] : (r & 3) == 3 ? 0 : ~0ull;
                b[j] = ((r >> 2) & 3) == 0 ? b[j] : ((r >> 2) & 3) == 3 ? 1 : ~0ull;
            }
            break;
        case 12: for (int j = 0; j < M; j++) { a[j] = j == M - 1 ? ~0ull >> 1 : ~0ull; b[j] = j == 0; } break;
        default: for (int j = 0; j < M; j++) a[j] = b[j] = j == 0; break;
    }
}

// ---- the value modulo 2^61 - 1 ----

static const u64 P61 = (1ull << 61) - 1;
static inline u64 mulmod61(u64 x, u64 y) {
    unsigned __int128 t = (unsigned __int128) x * y;
    u64 r = (u64) (t & P61) + (u64) (t >> 61);
    return r >= P61 ? r - P61 : r;
}
// value of limbs[0..n) mod 2^61 - 1 (2^64 = 8 mod p); limb(j) gives limb j.
template <class F>
static u64 fp61(int n, F limb) {
    u64 h = 0;
    for (int j = n - 1; j >= 0; j--) {
        u64 l = limb(j);
        u64 lm = (l & P61) + (l >> 61);
        if (lm >= P61) lm -= P61;
        h = mulmod61(h, 8) + lm;
        if (h >= P61) h -= P61;
    }
    return h;
}

// ---- the single-block launch shape ----

struct Launch {
    int threads = 0, ipb = 0;
    size_t smem = 0;
    long long grid = 0;
    bool ok = false;
};

// count instances of tpi threads and bytesPerInstance shared bytes each, about target threads
// per block, at most maxThreads per block and smemLimit dynamic shared bytes per block: the
// largest instances per block from target / tpi (at most count) down that fits; not ok if none.
static Launch block_shape(int tpi, size_t bytesPerInstance, int maxThreads, size_t smemLimit, int target,
                          long long count) {
    Launch L;
    if (tpi > maxThreads) return L;
    int ipb = std::max(1, target / tpi);
    if (ipb > count) ipb = (int) count;
    for (;; ipb--) {
        if (ipb < 1) return L;
        int threads = (ipb * tpi + 31) / 32 * 32;
        if (threads > maxThreads) continue;
        int eff = threads / tpi; // what the kernel computes: floor(blockDim / T)
        if (eff * bytesPerInstance > smemLimit) continue;
        L.threads = threads;
        L.ipb = eff;
        L.smem = eff * bytesPerInstance;
        break;
    }
    L.grid = (count + L.ipb - 1) / L.ipb;
    L.ok = true;
    return L;
}

// ---- the operands and the check of a bench ----

// count instances of M random limbs for a (seed sA) and b (seed sB) made on the device (dA, dB), and
// their values modulo 2^61 - 1 (fa, fb) computed on the host from the same generator.
static void bench_operands(u64* dA, u64* dB, long long count, int M, u64 sA, u64 sB, std::vector<u64>& fa,
                           std::vector<u64>& fb) {
    device_fill_random(dA, (u64) count * M, sA);
    device_fill_random(dB, (u64) count * M, sB);
    CK(cudaDeviceSynchronize());
    fa.assign(count, 0);
    fb.assign(count, 0);
    parallel_for(count, [&](u64 lo, u64 hi) {
        for (u64 i = lo; i < hi; i++) {
            fa[i] = fp61(M, [&](int j) { return gen_word(sA, i * M + j); });
            fb[i] = fp61(M, [&](int j) { return gen_word(sB, i * M + j); });
        }
    });
}

// The wrong full products among count in c (stride 2M) of the bench operands (bench_operands):
// every one modulo 2^61 - 1, and 32 (the first, the last, others drawn from seed) limb for limb
// against the schoolbook.
static int bench_bad_products(const u64* c, long long count, int M, u64 sA, u64 sB, const std::vector<u64>& fa,
                              const std::vector<u64>& fb, u64 seed) {
    std::atomic<int> bad(0);
    parallel_for(count, [&](u64 lo, u64 hi) {
        for (u64 i = lo; i < hi; i++) {
            u64 fc = fp61(2 * M, [&](int j) { return c[i * 2 * M + j]; });
            if (fc != mulmod61(fa[i], fb[i])) bad++;
        }
    });
    parallel_for(32, [&](u64 lo, u64 hi) {
        std::vector<u64> a(M), b(M), rr(2 * M);
        for (u64 s = lo; s < hi; s++) {
            u64 i = s == 0 ? 0 : s == 1 ? count - 1 : gen_word(seed ^ 0x77, s) % count;
            for (int j = 0; j < M; j++) { a[j] = gen_word(sA, i * M + j); b[j] = gen_word(sB, i * M + j); }
            ref_mul(a.data(), b.data(), rr.data(), M);
            if (memcmp(rr.data(), &c[i * 2 * M], 2 * M * 8) != 0) bad++;
        }
    });
    return (int) bad;
}
