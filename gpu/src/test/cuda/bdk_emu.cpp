// Host emulation of the warp intrinsics that ../../main/cuda/bigint_div.cu uses, so that its long
// division kernels (bdk_div_t4 .. t32, and bdr_div_tT_lL with the remainder in registers) run without a GPU: every lane a std::thread, every warp
// intrinsic an exchange through the warp's slots between two barriers, blocks one after the other.
// Checks every quotient and remainder against GMP (mpz_tdiv_qr) on random and adversarial instances
// (divisors just above a power of the base, all-ones limbs, one-limb divisors, top limb 1, u < v,
// u = v, quotients 0 and 1, a zero divisor flagged). Slow (a thread per lane): small batches only.
// Build: g++ -O2 -std=c++20 -pthread bdk_emu.cpp -o bdk_emu -lgmp ; run: ./bdk_emu [seed [quick|l1|reg|all]] (reg: the register kernels only)
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <gmp.h>
#include <string>
#include <thread>
#include <vector>

struct Dim { unsigned x = 0, y = 0, z = 0; };
static thread_local Dim threadIdx, blockIdx;
static Dim blockDim, gridDim;

struct WarpState {
    std::barrier<> bar{32};
    unsigned long long slot[32];
};
static thread_local WarpState* tw;

static unsigned long long exch_all(unsigned long long v, unsigned long long* all) {
    const int lane = threadIdx.x & 31;
    tw->slot[lane] = v;
    tw->bar.arrive_and_wait();
    for (int i = 0; i < 32; i++) all[i] = tw->slot[i];
    tw->bar.arrive_and_wait();
    return 0;
}
static unsigned __ballot_sync(unsigned, bool p) {
    unsigned long long all[32];
    exch_all(p ? 1 : 0, all);
    unsigned b = 0;
    for (int i = 0; i < 32; i++) b |= (unsigned) all[i] << i;
    return b;
}
static int __any_sync(unsigned m, bool p) { return __ballot_sync(m, p) != 0; }
static void __syncwarp(unsigned = 0xffffffffu) { tw->bar.arrive_and_wait(); }
template <class X>
static X shfl_from(X v, int src) {
    unsigned long long all[32];
    exch_all((unsigned long long) v, all);
    return (X) all[src];
}
template <class X>
static X __shfl_sync(unsigned, X v, int src, int width = 32) {
    const int lane = threadIdx.x & 31;
    return shfl_from(v, (lane & ~(width - 1)) + (src % width));
}
template <class X>
static X __shfl_up_sync(unsigned, X v, unsigned d, int width = 32) {
    const int lane = threadIdx.x & 31;
    return shfl_from(v, (lane % width) >= (int) d ? lane - (int) d : lane);
}
template <class X>
static X __shfl_down_sync(unsigned, X v, unsigned d, int width = 32) {
    const int lane = threadIdx.x & 31;
    return shfl_from(v, (lane % width) + (int) d < width ? lane + (int) d : lane);
}
template <class X>
static X __shfl_xor_sync(unsigned, X v, int o, int width = 32) {
    const int lane = threadIdx.x & 31;
    int src = lane ^ o;
    if ((src & ~(width - 1)) != (lane & ~(width - 1))) src = lane;
    return shfl_from(v, src);
}
static int __reduce_max_sync(unsigned, int v) {
    unsigned long long all[32];
    exch_all((unsigned long long) (long long) v, all);
    int m = (int) (long long) all[0];
    for (int i = 1; i < 32; i++) m = std::max(m, (int) (long long) all[i]);
    return m;
}
static unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
    return (unsigned long long) (((unsigned __int128) a * b) >> 64);
}
static int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long) x); }
static int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned) x); }
static int __ffs(int x) { return __builtin_ffs(x); }
using std::max;
using std::min;

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__
unsigned long long bdk_smem[1 << 16];
#define BDK_ALL_VARIANTS 1 // every (T, L) variant of the long division
#include "../../main/cuda/bigint_div.cu"

typedef void (*Kernel)(const u64*, long long, int, const u64*, long long, int, u64*, long long, int, u64*, long long,
                       int, const int*, int, int, u32*, long long);

// Runs kernel over grid x (32 W) lanes, one block after the other.
static void launch(Kernel k, int T, int W, long long count, const u64* u, long long su, int lu, const u64* v,
                   long long sv, int lv, u64* q, long long sq, int lq, u64* r, long long sr, int lr, const int* perm,
                   int ulen, int vlen, u32* flags) {
    const int threads = 32 * W;
    const long long grid = (count * T + threads - 1) / threads;
    blockDim.x = threads;
    gridDim.x = (unsigned) grid;
    if ((size_t) (threads / T) * (ulen + vlen) > sizeof bdk_smem / 8) {
        fprintf(stderr, "emulated shared memory too small\n");
        exit(2);
    }
    for (long long b = 0; b < grid; b++) {
        std::vector<WarpState> warps(W);
        std::vector<std::thread> th;
        for (int t = 0; t < threads; t++) {
            th.emplace_back([&, t] {
                threadIdx.x = t;
                blockIdx.x = (unsigned) b;
                tw = &warps[t / 32];
                k(u, su, lu, v, sv, lv, q, sq, lq, r, sr, lr, perm, ulen, vlen, flags, count);
            });
        }
        for (auto& x : th) x.join();
    }
}

static u64 rng_state;
static u64 rnd() {
    rng_state += 0x9e3779b97f4a7c15ULL;
    u64 z = rng_state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void to_mpz(mpz_t z, const u64* x, int n) { mpz_import(z, n, -1, 8, 0, 0, x); }

static int failures = 0;

// count instances of strides sa / sb, patterns by index; every one against GMP.
static void run(Kernel k, int T, int L, int W, int sa, int sb, int count, bool sorted) {
    std::vector<u64> u((size_t) count * sa), v((size_t) count * sb), q((size_t) count * sa, 7), r((size_t) count * sb, 7);
    std::vector<u32> fl(count, 99);
    int maxNu = 0, maxNv = 0;
    for (int i = 0; i < count; i++) {
        u64* ui = &u[(size_t) i * sa];
        u64* vi = &v[(size_t) i * sb];
        int nu = 1 + (int) (rnd() % sa), nv = 1 + (int) (rnd() % sb);
        for (int j = 0; j < nu; j++) ui[j] = rnd();
        for (int j = 0; j < nv; j++) vi[j] = rnd();
        switch (i % 14) {
            case 1: for (int j = 0; j < nv; j++) vi[j] = j == nv - 1; break;                  // B^k
            case 2: for (int j = 0; j < nv; j++) vi[j] = j == nv - 1 || j == 0; break;        // B^k + 1
            case 3: for (int j = 0; j < nv; j++) vi[j] = ~0ull; for (int j = 0; j < nu; j++) ui[j] = ~0ull; break;
            case 4: vi[nv - 1] = 1; break;                                                     // top limb 1
            case 5: for (int j = 0; j < sb; j++) vi[j] = 0; vi[0] = rnd() | 1; break;          // one limb
            case 6: for (int j = 0; j < sa; j++) ui[j] = j < sb ? vi[j] : 0; break;           // u = v
            case 7: for (int j = 0; j < sa; j++) ui[j] = j < sb ? vi[j] : 0;                   // u = v - 1
                for (int j = 0; j < sa; j++) { if (ui[j]--) break; } break;
            case 8: for (int j = 0; j < sa; j++) ui[j] = 0; break;                             // u = 0
            case 9: for (int j = 0; j < sb; j++) vi[j] = j < nv - 1 ? ~0ull : 0; vi[nv - 1] = 0x8000000000000000ull; break;
            case 10: for (int j = 0; j < sb; j++) vi[j] = j < sb - 1 ? rnd() : 0;             // 2v > u > v
                for (int j = 0; j < sa; j++) ui[j] = j < sb ? vi[j] : 0; ui[0] ^= 1; break;
            case 11: if (i == 11) for (int j = 0; j < sb; j++) vi[j] = 0; break;              // zero divisor: flagged
            case 12: for (int j = 0; j < nv; j++) vi[j] = ~0ull; vi[nv - 1] = 1; break;      // 2 B^k - 1
            case 13: // the add-back step (qhat = q + 1): u = (2^63 - 1, 2^63, 0, 0) B^o, v = (2^63, 0, 1) B^o
                if (sa >= 4 && sb >= 3) {
                    const int o = std::min(sa - 4, sb - 3);
                    for (int j = 0; j < sa; j++) ui[j] = j == o + 2 ? 1ull << 63 : j == o + 3 ? (1ull << 63) - 1 : 0;
                    for (int j = 0; j < sb; j++) vi[j] = j == o ? 1 : j == o + 2 ? 1ull << 63 : 0;
                }
                break;
            default: break;
        }
        int a = sa, b = sb;
        while (a > 0 && ui[a - 1] == 0) a--;
        while (b > 0 && vi[b - 1] == 0) b--;
        maxNu = std::max(maxNu, a);
        maxNv = std::max(maxNv, b);
    }
    std::vector<int> perm(count);
    for (int i = 0; i < count; i++) perm[i] = count - 1 - i; // any permutation: reversed
    const int ulen = std::max(maxNu + 2, maxNv + 2), vlen = std::max(maxNv, 1) + 1;
    launch(k, T, W, count, u.data(), sa, sa, v.data(), sb, sb, q.data(), sa, sa, r.data(), sb, sb,
           sorted ? perm.data() : nullptr, ulen, vlen, fl.data());
    mpz_t A, Bz, Q, R, GQ, GR;
    mpz_inits(A, Bz, Q, R, GQ, GR, NULL);
    int bad = 0;
    for (int i = 0; i < count; i++) {
        to_mpz(A, &u[(size_t) i * sa], sa);
        to_mpz(Bz, &v[(size_t) i * sb], sb);
        if (mpz_sgn(Bz) == 0) {
            if (fl[i] != BD_FAIL) { if (bad++ < 5) printf("  zero divisor %d not flagged (%u)\n", i, fl[i]); }
            continue;
        }
        mpz_tdiv_qr(Q, R, A, Bz);
        to_mpz(GQ, &q[(size_t) i * sa], sa);
        to_mpz(GR, &r[(size_t) i * sb], sb);
        if (fl[i] != 0 || mpz_cmp(Q, GQ) || mpz_cmp(R, GR)) {
            if (bad++ < 5) printf("  MISMATCH T=%d L=%d sa=%d sb=%d instance %d pattern %d flag %u\n", T, L, sa, sb, i, i % 14, fl[i]);
        }
    }
    mpz_clears(A, Bz, Q, R, GQ, GR, NULL);
    printf("T=%2d L=%d W=%d sa=%4d sb=%4d count=%4d %s: %s (%d bad)\n", T, L, W, sa, sb, count, sorted ? "perm" : "ident",
           bad ? "FAIL" : "ok", bad);
    failures += bad;
}

int main(int argc, char** argv) {
    u64 seed = argc > 1 ? strtoull(argv[1], nullptr, 10) : (u64) time(nullptr);
    printf("# bdk_emu seed %llu\n", (unsigned long long) seed);
    rng_state = seed;
    // reciprocal and 3/2 division against 128-bit arithmetic
    int rb = 0;
    for (int t = 0; t < 200000; t++) {
        u64 d1 = rnd() | (1ull << 63), d0 = rnd();
        if (t % 7 == 0) d0 = 0;
        if (t % 11 == 0) d0 = ~0ull;
        if (t % 13 == 0) d1 = 1ull << 63;
        if (t % 17 == 0) d1 = ~0ull;
        const u64 inv = bdk_reciprocal(d1, d0);
        // check: inv = floor((B^3 - 1) / D) - B, i.e. (B + inv) D <= B^3 - 1 < (B + inv + 1) D
        mpz_t D, X, Y;
        mpz_inits(D, X, Y, NULL);
        u64 dd[2] = {d0, d1};
        to_mpz(D, dd, 2);
        mpz_set_ui(X, 1);
        mpz_mul_2exp(X, X, 192);
        mpz_sub_ui(X, X, 1);
        mpz_tdiv_q(X, X, D);
        mpz_set_ui(Y, 1);
        mpz_mul_2exp(Y, Y, 64);
        mpz_sub(X, X, Y);
        u64 want = mpz_get_ui(X);
        if (want != inv && rb++ < 5) printf("  reciprocal mismatch\n");
        u64 n2 = rnd() % d1, n1 = rnd(), n0 = rnd();
        if (t % 5 == 0) { n2 = d1; n1 = d0 ? d0 - 1 : 0; if (!d0) n2 = d1 - 1; }
        u64 nn[3] = {n0, n1, n2};
        to_mpz(X, nn, 3);
        mpz_tdiv_q(X, X, D);
        if (mpz_get_ui(X) != bdk_div3by2(n2, n1, n0, d1, d0, inv) && rb++ < 5) printf("  div3by2 mismatch\n");
        mpz_clears(D, X, Y, NULL);
    }
    printf("reciprocal and 3/2 division, 200000 cases: %s\n", rb ? "FAIL" : "ok");
    failures += rb;
    const int shapes[][2] = {{2, 1}, {3, 1}, {5, 2}, {9, 4}, {16, 8}, {21, 7}, {33, 17}, {40, 33}, {70, 35}, {130, 64}};
    // argv[2]: quick (L > 1 on two shapes), l1 (L = 1, the engine's kernels, on four shapes), reg (the
    // register kernels alone), else all
    const std::string part = argc > 2 ? argv[2] : "all";
    const bool quick = part == "quick" || part == "regquick", l1 = part == "l1";
    struct V { Kernel k; int T, L; };
    const V vs[] = {{bdk_div_t4_l1, 4, 1}, {bdk_div_t4_l2, 4, 2}, {bdk_div_t4_l4, 4, 4}, {bdk_div_t4_l8, 4, 8},
                    {bdk_div_t8_l1, 8, 1}, {bdk_div_t8_l2, 8, 2}, {bdk_div_t8_l4, 8, 4}, {bdk_div_t8_l8, 8, 8},
                    {bdk_div_t16_l1, 16, 1}, {bdk_div_t16_l2, 16, 2}, {bdk_div_t16_l4, 16, 4}, {bdk_div_t16_l8, 16, 8},
                    {bdk_div_t32_l1, 32, 1}, {bdk_div_t32_l2, 32, 2}, {bdk_div_t32_l4, 32, 4}, {bdk_div_t32_l8, 32, 8}};
    for (const V& x : vs) {
        for (auto& s : shapes) {
            if (part == "reg" || part == "regquick" || (quick && (x.L == 1 || (s[0] != 40 && s[0] != 130)))) continue;
            if (l1 && (x.L != 1 || (s[0] != 5 && s[0] != 21 && s[0] != 40 && s[0] != 130))) continue;
            run(x.k, x.T, x.L, 2, s[0], s[1], quick || l1 ? 30 : 70, false);
            run(x.k, x.T, x.L, 1, s[0], s[1], quick || l1 ? 29 : 43, true);
        }
    }
    // the register kernels (bdr_div_tT_lL): divisor strides up to T L (nv = 1 counts as 2)
    const V rs[] = {{bdr_div_t4_l1, 4, 1}, {bdr_div_t4_l2, 4, 2}, {bdr_div_t4_l4, 4, 4}, {bdr_div_t4_l8, 4, 8},
                    {bdr_div_t8_l4, 8, 4}, {bdr_div_t8_l8, 8, 8}, {bdr_div_t16_l4, 16, 4}, {bdr_div_t16_l8, 16, 8},
                    {bdr_div_t32_l4, 32, 4}, {bdr_div_t32_l8, 32, 8}, {bdr_div_t32_l16, 32, 16},
                    {bdr_div_t4_l16, 4, 16}, {bdr_div_t8_l16, 8, 16}, {bdr_div_t16_l16, 16, 16}};
    if (part != "l1") {
        for (const V& x : rs) {
            if (quick && x.T * x.L > 64) continue;
            const int TL = x.T * x.L;
            const int sbs[] = {2, 3, TL / 2 + 1, TL - 1, TL};
            for (int sb : sbs) {
                if (sb > TL || sb < 2 || (quick && sb != 3 && sb != TL)) continue;
                const int sas[] = {1, sb, sb + 1, 2 * sb, 2 * sb + 5};
                for (int sa : sas) {
                    if (quick && sa != 2 * sb + 5) continue;
                    if (!quick) run(x.k, x.T, x.L, 2, sa, sb, 40, false);
                    run(x.k, x.T, x.L, 1, sa, sb, quick ? 28 : 29, true);
                }
            }
        }
    }
    printf("%s: %d failures\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}
