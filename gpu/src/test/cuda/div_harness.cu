// Standalone harness of the Newton division of ../../main/cuda/bigint_div.cu (no Java): runs the
// same schedule as gpu's GpuNewtonDivision (shinv by Watt's Refine with divisor prefixes and
// PowDiff, the clipped quotient product, the corrections), the products by bigint.cu's bi_mul32 /
// bi_mul kernels, on random and adversarial instances, and checks every quotient and remainder
// against a CPU reference: schoolbook long division (Knuth D, 64-bit limbs) on a sample, and on
// every instance u = q v + r modulo 2^61 - 1 with 0 <= r < v. Then times batches (CUDA events,
// min of reps) next to one bi_mul product of the dividend's size on the same batch.
// Usage: div_harness [check|bench|paper|mixed|grouped|all|kcheck|kcal|kgrid|kfixed|kall|rcal|rfixed|rgrid|rall] [seed]
// [reps=3]  (mixed runs grouped
// after it; the seed is printed). kcheck, kcal, kgrid, kfixed: the schoolbook long division (bdk_div_tT_lL): its
// check phase (every instance against algorithm D, each variant), the calibration (every variant's time per
// step by divisor length), the division paper's table against Newton grouped, the fixed shape u of M / v of
// M/2 limbs against Newton one shape; kall: kcal, kgrid and kfixed in one process. The rule is
// GpuLongDivision's (T by shared memory, L = 1); KNUTH_RULE=cal (kall): the calibration's fastest variant
// per divisor class instead (what run 2 of gpu/BENCHMARKS.md measured). kcheck also checks every register
// kernel (bdr_div_tT_lL) on the shapes it fits and the register rule (KCHECK_SHARED=0: the shared-memory
// kernels only through their rule). rcal, rfixed, rgrid, rall: the register kernels: their calibration
// (fastest per divisor class: the register rule), the fixed shape (the shared-memory rule, each register
// kernel that fits, the register rule) and the division paper's table (the two rules); NEWTON=1 adds Newton.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 div_harness.cu -o div_harness
// DIV_SCHOOL=1 (environment): every product on the schoolbook (the engine's division before the
// NTT products); MIXED_FROM=lb: the mixed and grouped tables from 2^lb bits (default 13).
#include "../../main/cuda/bigint.cu"
#define BDK_ALL_VARIANTS 1 // every (T, L) variant of the long division
#include "../../main/cuda/bigint_div.cu"
#include "../../main/cuda/bigint_ntt.cu"
#include "harness_common.h"
#include "harness_check.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

// ---- bi_mul launches (the rule of GpuBatchedIntegerEngine.kernelName and its shape) ----

static int mul_q(int M) { return M < 16 ? 2 : (M > 128 && M <= 512) ? 4 : 8; }
static bool mul_is32(int M) { return !(M > 128 && M <= 512); }

// The in-block NTT product (bigint_ntt.cu's bnt_mul_d8l) where the engine's product takes it
// (GpuBlockNttProduct.chosenFor: 96 .. 128 limbs and from 150), in its launch shape; DIV_SCHOOL=1
// (environment) keeps every product on the schoolbook (the division before).
static bool g_ntt = true;
static bool ntt_chosen(int M) { return g_ntt && M <= 4096 && (M >= 150 || (M >= 96 && M <= 128)); }

static void launch_ntt(const u64* a, long long sa, const u64* b, long long sb, u64* c, long long sc, int M,
                       long long count) {
    int lgL = 2;
    while ((1 << lgL) < 4 * M) lgL++;
    const int L = 1 << lgL, T = std::min(1024, std::max(1, L / 8));
    const size_t limit = g_smemOptin - 8320, per = (size_t) 12 * L;
    int ipb = (int) std::max<long long>(1, std::min<long long>(count, std::min<long long>(std::max(1, 128 / T), limit / per)));
    int threads = (ipb * T + 31) / 32 * 32;
    while (threads > 1024 || (size_t) (threads / T) * per > limit) {
        ipb--;
        threads = (ipb * T + 31) / 32 * 32;
    }
    ipb = threads / T;
    const size_t smem = ipb * per;
    const unsigned grid = (unsigned) ((count + ipb - 1) / ipb);
    if (smem > 32 * 1024) CK(cudaFuncSetAttribute(bnt_mul_d8l, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem));
    bnt_mul_d8l<<<grid, threads, smem>>>(a, sa, b, sb, c, sc, M, count);
    CKL();
}

static void launch_mul(const u64* a, long long sa, const u64* b, long long sb, u64* c, long long sc, int M,
                       long long count) {
    if (ntt_chosen(M)) {
        launch_ntt(a, sa, b, sb, c, sc, M, count);
        return;
    }
    const int Q = mul_q(M);
    const int T = (M + Q - 1) / Q;
    const int Mp = T * Q;
    const size_t W = (size_t) (2 * Mp + 2 * Q + 2 * (Mp / Q) + 8);
    Launch L = block_shape(T, W * 8, Q == 8 ? 512 : 1024, g_smemOptin - 4224, 128, count);
    if (!L.ok) {
        fprintf(stderr, "no launch shape for M=%d\n", M);
        exit(2);
    }
    const size_t smem = L.smem;
    const int threads = L.threads;
    const unsigned grid = (unsigned) L.grid;
#define BD_MUL(k)                                                                                     \
    do {                                                                                              \
        if (smem > 32 * 1024) CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem)); \
        k<<<grid, threads, smem>>>(a, sa, b, sb, c, sc, M, count);                                    \
    } while (0)
    if (!mul_is32(M)) BD_MUL(bi_mul_q4);
    else if (Q == 2) BD_MUL(bi_mul32_q2);
    else BD_MUL(bi_mul32_q8);
    CKL();
}

// ---- the schedule (GpuNewtonDivision's) ----

static const int G = 2;
static int lw(int l) { return l + G + 1; }
static int ceil_log2(int x) { return x <= 1 ? 0 : 32 - __builtin_clz((unsigned) (x - 1)); }

struct Plan {
    int h, k, Mmax, SW, steps;
};

static Plan plan(int h, int k) {
    Plan p{h, k, 0, h - k + G + 2, ceil_log2(std::max(h - k - 1, 0)) + 2};
    int l = 2;
    for (int i = 0; i < p.steps; i++) {
        int m = std::min(h - k + 1 - l, l), s = std::max(0, k - 2 * l + 1 - G);
        int H = k + l + m - s + G, pv = k + 1 - s, pw = lw(l), hp = H - m;
        int L = pv + pw - (l - G) + 1, lx = L >= hp ? pv + pw : L;
        p.Mmax = std::max(p.Mmax, std::max(std::max(pv, pw), lx));
        l = i < 2 ? l : l + m - 1;
    }
    int M3 = h - k + 1, M4 = std::max(k + 1, h - k + 1);
    p.Mmax = std::max(p.Mmax, std::max(M3, M4));
    return p;
}

struct Bufs {
    u64 *OA, *OB, *PR, *X, *W0, *W1, *QB, *RS;
    u32 *sign, *flags;
};

static const int WARPS = 4;

static unsigned warp_grid(long long count) { return (unsigned) ((count + WARPS - 1) / WARPS); }

static void extract(const u64* src, long long ss, int off, int len, u64* dst, long long sd, int M, long long count) {
    long long total = count * M;
    unsigned grid = (unsigned) std::min<long long>((total + 255) / 256, 1 << 16);
    bd_extract<<<grid, 256>>>(src, ss, off, len, dst, sd, M, count);
    CKL();
}

// q (stride h, h - k + 1 limbs used) and r (stride k + 1) of u (stride h) by v (stride k + 1).
static void divide(const Plan& P, const u64* U, const u64* V, Bufs& b, long long count) {
    const int h = P.h, k = P.k, Mm = P.Mmax, SW = P.SW;
    const unsigned wg = warp_grid(count);
    u64 *Wc = b.W0, *Wn = b.W1;
    bd_init<<<wg, 32 * WARPS>>>(V, k + 1, k, Wc, SW, lw(2), b.flags, count);
    CKL();
    int l = 2;
    for (int i = 0; i < P.steps; i++) {
        const int m = std::min(h - k + 1 - l, l), s = std::max(0, k - 2 * l + 1 - G);
        const int H = k + l + m - s + G, pv = k + 1 - s, pw = lw(l), hp = H - m;
        const int L = pv + pw - (l - G) + 1, lx = L >= hp ? pv + pw : L;
        const int M1 = std::max(pv, pw);
        extract(V, k + 1, s, pv, b.OA, Mm, M1, count);
        extract(Wc, SW, 0, pw, b.OB, Mm, M1, count);
        launch_mul(b.OA, Mm, b.OB, Mm, b.PR, 2 * Mm, M1, count);
        bd_powdiff<<<wg, 32 * WARPS>>>(b.PR, 2 * Mm, 2 * M1, hp, b.X, 2 * Mm, lx, b.sign, b.flags, count);
        CKL();
        const int M2 = std::max(pw, lx);
        extract(Wc, SW, 0, pw, b.OA, Mm, M2, count);
        extract(b.X, 2 * Mm, 0, lx, b.OB, Mm, M2, count);
        launch_mul(b.OA, Mm, b.OB, Mm, b.PR, 2 * Mm, M2, count);
        const int down = i < 2 ? m : 1;
        const int ln = i < 2 ? l : l + m - 1;
        bd_step<<<wg, 32 * WARPS>>>(Wc, SW, pw, b.PR, 2 * Mm, 2 * M2, b.sign, m - down, H - 2 * m + down, Wn, SW,
                                    lw(ln), b.flags, count);
        CKL();
        std::swap(Wc, Wn);
        l = ln;
    }
    // shinv = w / B^g (or B^(h-k) for v = B^k), then q0 = floor(floor(u / B^(k-1)) shinv / B^(h-k+1))
    const int d = k - 1, M3 = h - k + 1;
    extract(U, h, d, h - d, b.OA, Mm, M3, count);
    bd_inverse<<<wg, 32 * WARPS>>>(Wc, SW, G, lw(l), b.OB, Mm, M3, h - k, b.flags, count);
    CKL();
    launch_mul(b.OA, Mm, b.OB, Mm, b.PR, 2 * Mm, M3, count);
    const int lq = 2 * M3 - (h - d), M4 = std::max(k + 1, lq);
    extract(b.PR, 2 * Mm, h - d, lq, b.QB, Mm, M4, count);
    extract(V, k + 1, 0, k + 1, b.OA, Mm, M4, count);
    launch_mul(b.OA, Mm, b.QB, Mm, b.PR, 2 * Mm, M4, count);
    const int lr = std::max(h, 2 * M4) + 1;
    bd_final<<<wg, 32 * WARPS>>>(U, h, h, b.PR, 2 * Mm, 2 * M4, V, k + 1, k + 1, b.QB, Mm, lq, b.RS, lr, lr, b.flags,
                                 count);
    CKL();
}

static void alloc(Bufs& b, const Plan& P, long long count) {
    const long long Mm = P.Mmax, lr = std::max<long long>(P.h, 2 * Mm) + 1;
    CK(cudaMalloc(&b.OA, count * Mm * 8));
    CK(cudaMalloc(&b.OB, count * Mm * 8));
    CK(cudaMalloc(&b.QB, count * Mm * 8));
    CK(cudaMalloc(&b.PR, count * 2 * Mm * 8));
    CK(cudaMalloc(&b.X, count * 2 * Mm * 8));
    CK(cudaMalloc(&b.W0, count * P.SW * 8));
    CK(cudaMalloc(&b.W1, count * P.SW * 8));
    CK(cudaMalloc(&b.RS, count * lr * 8));
    CK(cudaMalloc(&b.sign, count * 4));
    CK(cudaMalloc(&b.flags, count * 4));
}

static void release(Bufs& b) {
    for (void* p : {(void*) b.OA, (void*) b.OB, (void*) b.QB, (void*) b.PR, (void*) b.X, (void*) b.W0, (void*) b.W1,
                    (void*) b.RS, (void*) b.sign, (void*) b.flags})
        CK(cudaFree(p));
}

// ---- CPU reference: Knuth's algorithm D on 64-bit limbs ----

typedef unsigned __int128 u128;

// q (nu - nv + 1 limbs), r (nv limbs) of u (nu limbs) by v (nv limbs, top nonzero), nu >= nv.
static void ref_div(const u64* u, int nu, const u64* v, int nv, u64* q, u64* r) {
    if (nv == 1) {
        u128 rem = 0;
        for (int j = nu - 1; j >= 0; j--) {
            u128 cur = (rem << 64) | u[j];
            q[j] = (u64) (cur / v[0]);
            rem = cur % v[0];
        }
        r[0] = (u64) rem;
        return;
    }
    int sft = __builtin_clzll(v[nv - 1]);
    std::vector<u64> vn(nv), un(nu + 1);
    for (int i = nv - 1; i > 0; i--) vn[i] = (v[i] << sft) | (sft ? v[i - 1] >> (64 - sft) : 0);
    vn[0] = v[0] << sft;
    un[nu] = sft ? u[nu - 1] >> (64 - sft) : 0;
    for (int i = nu - 1; i > 0; i--) un[i] = (u[i] << sft) | (sft ? u[i - 1] >> (64 - sft) : 0);
    un[0] = u[0] << sft;
    for (int j = nu - nv; j >= 0; j--) {
        u128 num = ((u128) un[j + nv] << 64) | un[j + nv - 1];
        u128 qhat = num / vn[nv - 1], rhat = num % vn[nv - 1];
        while (qhat >> 64 || qhat * vn[nv - 2] > ((rhat << 64) | un[j + nv - 2])) {
            qhat--;
            rhat += vn[nv - 1];
            if (rhat >> 64) break;
        }
        u128 borrow = 0, carry = 0;
        for (int i = 0; i < nv; i++) {
            u128 p = qhat * vn[i] + carry;
            carry = p >> 64;
            u128 t = (u128) un[i + j] - (u64) p - borrow;
            un[i + j] = (u64) t;
            borrow = (t >> 64) ? 1 : 0;
        }
        u128 t = (u128) un[j + nv] - (u64) carry - borrow;
        un[j + nv] = (u64) t;
        if (t >> 64) { // add back
            qhat--;
            u128 c = 0;
            for (int i = 0; i < nv; i++) {
                u128 s = (u128) un[i + j] + vn[i] + c;
                un[i + j] = (u64) s;
                c = s >> 64;
            }
            un[j + nv] += (u64) c;
        }
        q[j] = (u64) qhat;
    }
    for (int i = 0; i < nv; i++) r[i] = (un[i] >> sft) | (sft && i + 1 <= nv ? un[i + 1] << (64 - sft) : 0);
}

static u64 mod61(const u64* x, int n) {
    u128 acc = 0;
    for (int j = n - 1; j >= 0; j--) { // acc = acc 2^64 + x_j mod p; 2^64 = 8 mod p
        acc = (acc % P61) * 8 + (x[j] % P61);
    }
    return (u64) (acc % P61);
}

// ---- data ----

static const int NDIVPAT = 12;
static const char* PAT[NDIVPAT] = {"random", "v=B^k", "v=B^k+1", "v=ones", "v=2B^k-1", "v=B^k+B^(k-1)", "u=ones",
                                "u=0", "u<v", "u=v", "u=qv-1", "v_top=1"};

// Instance i: u of h limbs (< B^h), v of exactly k + 1 limbs (top nonzero).
static void make(int pat, u64* u, u64* v, int h, int k, u64 s) {
    for (int j = 0; j < h; j++) u[j] = gen_word(s, 2 * j);
    for (int j = 0; j <= k; j++) v[j] = gen_word(s, 2 * j + 1);
    if (v[k] == 0) v[k] = 1;
    switch (pat) {
        case 1: for (int j = 0; j <= k; j++) v[j] = j == k; break;
        case 2: for (int j = 0; j <= k; j++) v[j] = j == k || j == 0; break;
        case 3: for (int j = 0; j <= k; j++) v[j] = ~0ull; break;
        case 4: for (int j = 0; j <= k; j++) v[j] = j == k ? 1 : ~0ull; break;
        case 5: for (int j = 0; j <= k; j++) v[j] = j >= k - 1; break;
        case 6: for (int j = 0; j < h; j++) u[j] = ~0ull; break;
        case 7: for (int j = 0; j < h; j++) u[j] = 0; break;
        case 8: for (int j = 0; j < h; j++) u[j] = j < k + 1 ? v[j] : 0; if (u[k]) u[k]--; else u[k] = 0; break;
        case 9: for (int j = 0; j < h; j++) u[j] = j < k + 1 ? v[j] : 0; break;
        case 10: { // u = v (B^(h-k-2) + 3) - 1: a quotient with a long run of zeros
            for (int j = 0; j < h; j++) u[j] = 0;
            u128 c = 0;
            for (int j = 0; j <= k; j++) { c += (u128) v[j] * 3; u[j] = (u64) c; c >>= 64; }
            u[k + 1] = (u64) c;
            const int o = h - k - 2;
            c = 0;
            for (int j = 0; j + o < h; j++) {
                c += (u128) u[j + o] + (j <= k ? v[j] : 0);
                u[j + o] = (u64) c;
                c >>= 64;
            }
            for (int j = 0; j < h; j++) { if (u[j]--) break; }
            break;
        }
        case 11: v[k] = 1; break;
        default: break;
    }
}

// Checks q (lq limbs, stride sq) and r (k + 1 limbs, stride sr); full Knuth D on every ref-th instance.
static void check(const std::vector<u64>& hu, const std::vector<u64>& hv, const std::vector<u64>& hq, int lq,
                  const std::vector<u64>& hr, const std::vector<u32>& fl, int h, int k, long long count, int ref,
                  const char* what) {
    std::atomic<int> bad{0}, flagged{0};
    parallel_for(count, [&](long long lo, long long hi) {
        std::vector<u64> q(h + 1), r(k + 1);
        for (long long i = lo; i < hi; i++) {
            const u64* u = &hu[i * h];
            const u64* v = &hv[i * (k + 1)];
            const u64* gq = &hq[i * lq];
            const u64* gr = &hr[i * (k + 1)];
            if (fl[i] & BD_FAIL) { flagged++; continue; }
            // r < v
            int c = 0;
            for (int j = k; j >= 0 && c == 0; j--) c = gr[j] < v[j] ? -1 : gr[j] > v[j] ? 1 : 0;
            bool ok = c < 0;
            // u = q v + r mod 2^61 - 1
            u128 lhs = mod61(u, h), rhs = ((u128) mod61(gq, lq) * mod61(v, k + 1) + mod61(gr, k + 1)) % P61;
            ok = ok && lhs == rhs;
            if (ok && i % ref == 0) {
                int nu = h;
                while (nu > 0 && u[nu - 1] == 0) nu--;
                std::fill(q.begin(), q.end(), 0);
                std::fill(r.begin(), r.end(), 0);
                int nv = k + 1;
                while (nv > 1 && v[nv - 1] == 0) nv--;
                if (nu >= nv) ref_div(u, nu, v, nv, q.data(), r.data());
                else for (int j = 0; j < nu; j++) r[j] = u[j];
                for (int j = 0; j < lq && ok; j++) ok = gq[j] == (j <= h ? q[j] : 0);
                for (int j = 0; j <= k && ok; j++) ok = gr[j] == r[j];
            }
            if (!ok && bad++ < 5) printf("MISMATCH %s instance %lld\n", what, i);
        }
    });
    if (bad || flagged) printf("# %s: %d mismatches, %d flagged for the CPU\n", what, bad.load(), flagged.load());
    g_fail += bad;
    printf("%s: mismatches = %d, flagged = %d (of %lld)\n", what, bad.load(), flagged.load(), count);
}

// One batch: make, upload, divide, download, check; returns the division time (ms) when reps > 0.
static float run_batch(int h, int k, long long count, u64 seed, bool adversarial, int ref, int reps, float* mulMs) {
    Plan P = plan(h, k);
    if (P.Mmax > 4096) { printf("# h=%d k=%d: Mmax %d beyond the product kernels\n", h, k, P.Mmax); return 0; }
    std::vector<u64> hu(count * h), hv(count * (k + 1));
    parallel_for(count, [&](long long lo, long long hi) {
        for (long long i = lo; i < hi; i++)
            make(adversarial ? (int) (i % NDIVPAT) : 0, &hu[i * h], &hv[i * (k + 1)], h, k, seed + i * 7919);
    });
    u64 *U, *V;
    CK(cudaMalloc(&U, count * h * 8));
    CK(cudaMalloc(&V, count * (k + 1) * 8));
    CK(cudaMemcpy(U, hu.data(), count * h * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(V, hv.data(), count * (k + 1) * 8, cudaMemcpyHostToDevice));
    Bufs b;
    alloc(b, P, count);
    divide(P, U, V, b, count);
    CK(cudaDeviceSynchronize());
    const int Mm = P.Mmax, lq = h - k + 1, lr = std::max(h, 2 * std::max(k + 1, lq)) + 1;
    std::vector<u64> hq(count * lq), hr(count * (k + 1)), tq(count * Mm), tr(count * (long long) lr);
    std::vector<u32> fl(count);
    CK(cudaMemcpy(tq.data(), b.QB, count * Mm * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(tr.data(), b.RS, count * lr * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(fl.data(), b.flags, count * 4, cudaMemcpyDeviceToHost));
    for (long long i = 0; i < count; i++) {
        memcpy(&hq[i * lq], &tq[i * Mm], lq * 8);
        memcpy(&hr[i * (k + 1)], &tr[i * lr], (k + 1) * 8);
    }
    char what[160];
    snprintf(what, sizeof what, "%s h=%d k=%d count=%lld", adversarial ? "adversarial" : "random", h, k, count);
    check(hu, hv, hq, lq, hr, fl, h, k, count, ref, what);
    float ms = 0;
    if (reps > 0) {
        ms = min_time_ms(reps, [&] { divide(P, U, V, b, count); });
        // one full product of the dividend's size on the same batch (operands: u and a copy of it,
        // so that the NTT product does not take its square path)
        u64 *C, *U2;
        CK(cudaMalloc(&C, count * 2 * h * 8));
        CK(cudaMalloc(&U2, count * h * 8));
        CK(cudaMemcpy(U2, U, count * h * 8, cudaMemcpyDeviceToDevice));
        *mulMs = min_time_ms(reps, [&] { launch_mul(U, h, U2, h, C, 2 * h, h, count); });
        CK(cudaFree(C));
        CK(cudaFree(U2));
    }
    release(b);
    CK(cudaFree(U));
    CK(cudaFree(V));
    return ms;
}

// The division paper's data (its section 4): u of M - 2 limbs, v of a random 2 .. M/2 limbs, in
// strides M and M/2. As GpuNewtonDivision does, the host shifts every divisor up by whole limbs to
// the longest one's length k + 1 and the dividend by the same limbs (h = the longest shifted
// dividend, at least k + 2), divides, and shifts the remainders back; checked on the original
// operands. Returns the division time (ms, the shifted batch on the device, copies excluded).
static float run_mixed(int M, long long count, u64 seed, int ref, int reps, float* mulMs, int* hOut) {
    const int sb = M / 2;
    std::vector<u64> ou(count * M, 0), ov(count * sb, 0);
    std::vector<int> kv(count);
    parallel_for(count, [&](long long lo, long long hi) {
        for (long long i = lo; i < hi; i++) {
            u64 s = seed + i * 7919;
            for (int j = 0; j < M - 2; j++) ou[i * M + j] = gen_word(s, 2 * j);
            int nv = 2 + (int) (gen_word(s, ~0ull) % (u64) (sb - 1));
            for (int j = 0; j < nv; j++) ov[i * sb + j] = gen_word(s, 2 * j + 1);
            if (ov[i * sb + nv - 1] == 0) ov[i * sb + nv - 1] = 1;
            kv[i] = nv - 1;
        }
    });
    int k = 1, h = 0;
    for (long long i = 0; i < count; i++) k = std::max(k, kv[i]);
    for (long long i = 0; i < count; i++) {
        int nu = M;
        while (nu > 0 && ou[i * M + nu - 1] == 0) nu--;
        h = std::max(h, nu + k - kv[i]);
    }
    h = std::max(h, k + 2);
    *hOut = h;
    Plan P = plan(h, k);
    if (P.Mmax > 4096) { printf("# mixed M=%d: h=%d k=%d, Mmax %d beyond the product kernels\n", M, h, k, P.Mmax); return 0; }
    std::vector<u64> hu(count * h, 0), hv(count * (k + 1), 0);
    parallel_for(count, [&](long long lo, long long hi) {
        for (long long i = lo; i < hi; i++) {
            int d = k - kv[i];
            for (int j = 0; j + d < h && j < M; j++) hu[i * h + j + d] = ou[i * M + j];
            for (int j = 0; j <= kv[i]; j++) hv[i * (k + 1) + j + d] = ov[i * sb + j];
        }
    });
    u64 *U, *V;
    CK(cudaMalloc(&U, count * h * 8));
    CK(cudaMalloc(&V, count * (k + 1) * 8));
    CK(cudaMemcpy(U, hu.data(), count * h * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(V, hv.data(), count * (k + 1) * 8, cudaMemcpyHostToDevice));
    Bufs b;
    alloc(b, P, count);
    divide(P, U, V, b, count);
    CK(cudaDeviceSynchronize());
    const int Mm = P.Mmax, lq = h - k + 1, lr = std::max(h, 2 * std::max(k + 1, lq)) + 1;
    std::vector<u64> tq(count * Mm), tr(count * (long long) lr), hq(count * M, 0), hr(count * sb, 0);
    std::vector<u32> fl(count);
    CK(cudaMemcpy(tq.data(), b.QB, count * Mm * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(tr.data(), b.RS, count * lr * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(fl.data(), b.flags, count * 4, cudaMemcpyDeviceToHost));
    bool qfit = true;
    for (long long i = 0; i < count; i++) {
        for (int j = 0; j < lq; j++) {
            if (j < M) hq[i * M + j] = tq[i * Mm + j];
            else if (tq[i * Mm + j]) qfit = false;
        }
        int d = k - kv[i];
        for (int j = 0; j <= kv[i]; j++) hr[i * sb + j] = tr[i * lr + d + j];
    }
    if (!qfit) { printf("MISMATCH mixed M=%d: a quotient longer than the dividend's stride\n", M); g_fail++; }
    char what[160];
    snprintf(what, sizeof what, "mixed M=%d (shifted to h=%d k=%d) count=%lld", M, h, k, count);
    check(ou, ov, hq, M, hr, fl, M, sb - 1, count, ref, what);
    float ms = 0;
    if (reps > 0) {
        ms = min_time_ms(reps, [&] { divide(P, U, V, b, count); });
        u64 *C, *U2;
        CK(cudaMalloc(&C, count * 2 * (long long) M * 8));
        CK(cudaMalloc(&U2, count * (long long) h * 8));
        CK(cudaMemcpy(U2, U, count * (long long) h * 8, cudaMemcpyDeviceToDevice));
        *mulMs = min_time_ms(reps, [&] { launch_mul(U, h, U2, h, C, 2 * M, M, count); });
        CK(cudaFree(C));
        CK(cudaFree(U2));
    }
    release(b);
    CK(cudaFree(U));
    CK(cudaFree(V));
    return ms;
}

// ---- grouping by shape (GpuNewtonDivision.groups repeats it) ----
//
// Instance i needs k_i = (v's significant limbs) - 1 and n_i = max(2, (u's significant limbs) - k_i)
// (its quotient's length plus one); a group runs as the one shape K = max(1, max k_i), h = K + max n_i.
// Instances fall into classes of (n, k), four per octave of each; the classes, in the order
// (n class, k class) descending, are cut into contiguous groups by dynamic programming over the
// cost model below, so one group (what run_mixed does) is one of the candidates.

static int size_class(int x) {
    if (x < 1) return 0;
    int lg = 31 - __builtin_clz((unsigned) x);
    return 4 * lg + (lg >= 2 ? (x >> (lg - 2)) & 3 : lg == 1 ? 2 * (x & 1) : 0);
}

// Modelled device time (seconds) of count instances of one shape (GpuNewtonDivision.cost): every
// launch T_LAUNCH plus its work: a product count m^2 limb products at T_PRODUCT each (times
// (128 / m)^0.2 above 128 limbs), or count L log2 L T_NTT on the NTT product; a linear kernel count
// T_LINEAR per limb of the step's operands.
static const double T_LAUNCH = 5e-6, T_PRODUCT = 2e-12, T_LINEAR = 2.5e-11, T_NTT = 3.4e-12;
static double plan_cost(int h, int k, long long count) {
    Plan P = plan(h, k);
    auto prod = [&](int m) {
        if (ntt_chosen(m)) {
            int lg = 2;
            while ((1 << lg) < 4 * m) lg++;
            return T_LAUNCH + (double) count * (double) (1 << lg) * lg * T_NTT;
        }
        const double t = m > 128 ? T_PRODUCT * std::pow(128.0 / m, 0.2) : T_PRODUCT;
        return T_LAUNCH + (double) count * m * m * t;
    };
    auto lin = [&](int m) { return T_LAUNCH + (double) count * m * T_LINEAR; };
    double c = lin(P.Mmax); // bd_init
    int l = 2;
    for (int i = 0; i < P.steps; i++) {
        int m = std::min(h - k + 1 - l, l), s = std::max(0, k - 2 * l + 1 - G);
        int H = k + l + m - s + G, pv = k + 1 - s, pw = lw(l), hp = H - m;
        int L = pv + pw - (l - G) + 1, lx = L >= hp ? pv + pw : L;
        const int m1 = std::max(pv, pw), m2 = std::max(pw, lx);
        c += prod(m1) + prod(m2) + 3 * lin(m1) + 3 * lin(m2); // 4 extracts, powdiff, step
        l = i < 2 ? l : l + m - 1;
    }
    const int M3 = h - k + 1, M4 = std::max(k + 1, M3);
    return c + prod(M3) + prod(M4) + 3 * lin(P.Mmax) + 2 * lin(M4);
}

struct Group { int K, N; std::vector<long long> members; };

static std::vector<Group> make_groups(const std::vector<int>& kv, const std::vector<int>& nv) {
    const long long count = (long long) kv.size();
    std::map<std::pair<int, int>, int> index; // (n class, k class) -> class
    struct Cls { int nc, kc, K, N; long long n; };
    std::vector<Cls> cls;
    std::vector<int> of(count);
    for (long long i = 0; i < count; i++) {
        auto key = std::make_pair(size_class(nv[i]), size_class(kv[i]));
        auto it = index.find(key);
        int c;
        if (it == index.end()) { c = (int) cls.size(); index[key] = c; cls.push_back({key.first, key.second, 1, 2, 0}); }
        else c = it->second;
        cls[c].K = std::max(cls[c].K, kv[i]);
        cls[c].N = std::max(cls[c].N, nv[i]);
        cls[c].n++;
        of[i] = c;
    }
    std::vector<int> order(cls.size());
    for (size_t c = 0; c < cls.size(); c++) order[c] = (int) c;
    std::sort(order.begin(), order.end(), [&](int x, int y) {
        return cls[x].nc != cls[y].nc ? cls[x].nc > cls[y].nc : cls[x].kc > cls[y].kc; });
    const int C = (int) order.size();
    std::vector<double> best(C + 1, 1e300);
    std::vector<int> cut(C + 1, 0);
    best[0] = 0;
    for (int j = 1; j <= C; j++) {
        int K = 1, N = 2;
        long long n = 0;
        for (int i = j - 1; i >= 0; i--) { // group = classes order[i .. j-1]
            const Cls& c = cls[order[i]];
            K = std::max(K, c.K);
            N = std::max(N, c.N);
            n += c.n;
            double v = best[i] + plan_cost(K + N, K, n);
            if (v < best[j]) { best[j] = v; cut[j] = i; }
        }
    }
    std::vector<int> groupOf(cls.size());
    std::vector<Group> groups;
    for (int j = C; j > 0; j = cut[j]) {
        Group g{1, 2, {}};
        for (int i = cut[j]; i < j; i++) {
            groupOf[order[i]] = (int) groups.size();
            g.K = std::max(g.K, cls[order[i]].K);
            g.N = std::max(g.N, cls[order[i]].N);
        }
        groups.push_back(g);
    }
    for (long long i = 0; i < count; i++) groups[groupOf[of[i]]].members.push_back(i);
    return groups;
}

// The division paper's data as run_mixed, divided in the groups of make_groups (each its own
// shape, one after the other); checked on the original operands. Returns the time of all groups.
static float run_grouped(int M, long long count, u64 seed, int ref, int reps, int* groupsOut, double* modelOne,
                         double* modelGroups) {
    const int sb = M / 2;
    std::vector<u64> ou(count * M, 0), ov(count * sb, 0);
    std::vector<int> kv(count), nq(count);
    parallel_for(count, [&](long long lo, long long hi) {
        for (long long i = lo; i < hi; i++) {
            u64 s = seed + i * 7919;
            for (int j = 0; j < M - 2; j++) ou[i * M + j] = gen_word(s, 2 * j);
            int nv = 2 + (int) (gen_word(s, ~0ull) % (u64) (sb - 1));
            for (int j = 0; j < nv; j++) ov[i * sb + j] = gen_word(s, 2 * j + 1);
            if (ov[i * sb + nv - 1] == 0) ov[i * sb + nv - 1] = 1;
            kv[i] = nv - 1;
            int nu = M;
            while (nu > 0 && ou[i * M + nu - 1] == 0) nu--;
            nq[i] = std::max(2, nu - kv[i]);
        }
    });
    std::vector<Group> groups = make_groups(kv, nq);
    *groupsOut = (int) groups.size();
    {
        int K = 1, N = 2;
        for (long long i = 0; i < count; i++) { K = std::max(K, kv[i]); N = std::max(N, nq[i]); }
        *modelOne = plan_cost(K + N, K, count);
        *modelGroups = 0;
        for (auto& g : groups) *modelGroups += plan_cost(g.K + g.N, g.K, (long long) g.members.size());
    }
    struct Dev { Plan P; long long n; u64 *U, *V; Bufs b; };
    std::vector<Dev> devs;
    for (auto& g : groups) {
        const int k = g.K, h = g.K + g.N;
        const long long n = (long long) g.members.size();
        Plan P = plan(h, k);
        if (P.Mmax > 4096) { printf("# grouped M=%d: group h=%d k=%d beyond the product kernels\n", M, h, k); return 0; }
        std::vector<u64> hu(n * h, 0), hv(n * (k + 1), 0);
        parallel_for(n, [&](long long lo, long long hi) {
            for (long long x = lo; x < hi; x++) {
                long long i = g.members[x];
                int d = k - kv[i];
                for (int j = 0; j + d < h && j < M; j++) hu[x * h + j + d] = ou[i * M + j];
                for (int j = 0; j <= kv[i]; j++) hv[x * (k + 1) + j + d] = ov[i * sb + j];
            }
        });
        Dev dv{P, n, nullptr, nullptr, {}};
        CK(cudaMalloc(&dv.U, n * h * 8));
        CK(cudaMalloc(&dv.V, n * (k + 1) * 8));
        CK(cudaMemcpy(dv.U, hu.data(), n * h * 8, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(dv.V, hv.data(), n * (k + 1) * 8, cudaMemcpyHostToDevice));
        alloc(dv.b, P, n);
        devs.push_back(dv);
    }
    for (auto& d : devs) divide(d.P, d.U, d.V, d.b, d.n);
    CK(cudaDeviceSynchronize());
    std::vector<u64> hq(count * M, 0), hr(count * sb, 0);
    std::vector<u32> fl(count);
    bool qfit = true;
    for (size_t gi = 0; gi < groups.size(); gi++) {
        const Dev& d = devs[gi];
        const int h = d.P.h, k = d.P.k, Mm = d.P.Mmax, lq = h - k + 1;
        const long long lr = std::max(h, 2 * std::max(k + 1, lq)) + 1, n = d.n;
        std::vector<u64> tq(n * Mm), tr(n * lr);
        std::vector<u32> tf(n);
        CK(cudaMemcpy(tq.data(), d.b.QB, n * Mm * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(tr.data(), d.b.RS, n * lr * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(tf.data(), d.b.flags, n * 4, cudaMemcpyDeviceToHost));
        for (long long x = 0; x < n; x++) {
            long long i = groups[gi].members[x];
            for (int j = 0; j < lq; j++) {
                if (j < M) hq[i * M + j] = tq[x * Mm + j];
                else if (tq[x * Mm + j]) qfit = false;
            }
            int dd = k - kv[i];
            for (int j = 0; j <= kv[i]; j++) hr[i * sb + j] = tr[x * lr + dd + j];
            fl[i] = tf[x];
        }
    }
    if (!qfit) { printf("MISMATCH grouped M=%d: a quotient longer than the dividend's stride\n", M); g_fail++; }
    char what[160];
    snprintf(what, sizeof what, "grouped M=%d (%d groups) count=%lld", M, (int) groups.size(), count);
    check(ou, ov, hq, M, hr, fl, M, sb - 1, count, ref, what);
    for (size_t gi = 0; gi < groups.size(); gi++)
        printf("#   group %zu: h=%d k=%d, %lld instances\n", gi, devs[gi].P.h, devs[gi].P.k, devs[gi].n);
    float ms = 0;
    if (reps > 0) ms = min_time_ms(reps, [&] { for (auto& d : devs) divide(d.P, d.U, d.V, d.b, d.n); });
    for (auto& d : devs) {
        release(d.b);
        CK(cudaFree(d.U));
        CK(cudaFree(d.V));
    }
    return ms;
}

// ---- the schoolbook long division (bigint_div.cu's bdk_div_tT, Knuth's algorithm D) ----
//
// One launch per range of a permutation sorted by the divisor's significant limbs nv, each range
// with its lanes per instance T (the rule knuth_t, or one T for all); shared memory per instance
// (ulen + vlen) limbs from the range's largest nu and nv; warps per block the most of 4, 2, 1 that
// fit the shared memory (GpuLongDivision repeats this launch).

typedef void (*KernelFn)(const u64*, long long, int, const u64*, long long, int, u64*, long long, int, u64*,
                         long long, int, const int*, int, int, u32*, long long);
struct KVar { int T, L; KernelFn k; const char* name; bool reg; };
#define KV_(T, L) {T, L, bdk_div_t##T##_l##L, "t" #T "_l" #L, false}
#define RV_(T, L) {T, L, bdr_div_t##T##_l##L, "reg_t" #T "_l" #L, true}
#define RV0_(T, L) {T, L, bdr0_div_t##T##_l##L, "reg0_t" #T "_l" #L, true}
// 0 .. 15: the shared-memory kernels bdk_div_tT_lL; 16 ..: the register kernels bdr_div_tT_lL (divisors
// of at most T L limbs, no shared memory)
static const int NKV = 34, NKS = 16, NKR = 30; // NKR ..: the first register kernels (bdr0_div_tT_lL), compared only
static const KVar KV[NKV] = {KV_(4, 1), KV_(4, 2), KV_(4, 4), KV_(4, 8), KV_(8, 1), KV_(8, 2), KV_(8, 4), KV_(8, 8),
                             KV_(16, 1), KV_(16, 2), KV_(16, 4), KV_(16, 8), KV_(32, 1), KV_(32, 2), KV_(32, 4), KV_(32, 8),
                             RV_(4, 1), RV_(4, 2), RV_(4, 4), RV_(4, 8), RV_(8, 4), RV_(8, 8), RV_(16, 4), RV_(16, 8),
                             RV_(32, 4), RV_(32, 8), RV_(32, 16), RV_(4, 16), RV_(8, 16), RV_(16, 16),
                             RV0_(4, 8), RV0_(8, 8), RV0_(16, 8), RV0_(32, 8)};
static int g_knuthVar = -1; // -1: the rule (g_ruleVar by the divisor's class); else that variant for all
// The register rule (g_regRule, GpuLongDivision's shape choice): per divisor class c (nv in (2^(c-1), 2^c],
// nv = 1 in class 1) the register kernel g_regVar[c] (-1: the shared-memory rule); kall's rcal sets it
// to the fastest register kernel per instance step.
static bool g_regRule = false;
static int g_regVar[13] = {-1, 16, 16, 17, 18, 19, 21, 23, 25, 26, -1, -1, -1};
static double g_regNs[13];
// the rule: variant per divisor class c = ceil(log2 nv) (1 .. 11 and above), set by kcal's calibration
static int g_ruleVar[13] = {0, 1, 1, 2, 6, 6, 10, 10, 14, 14, 14, 14, 14};
static double g_ruleNs[13]; // the calibration's ns per instance step of the chosen variant

static int nv_class(int nv) {
    int c = 0;
    while ((1 << c) < nv) c++;
    return std::max(1, std::min(12, c));
}

// The lanes of GpuLongDivision.lanes: the fewest of 4, 8, 16, 32 whose block of four warps needs at
// most 64 KiB of shared memory for the range's largest instance (one limb per lane).
static int knuth_occupancy_var(int maxNu, int maxNv) {
    const long long per = 8ll * (std::max(maxNu + 2, maxNv + 2) + std::max(maxNv, 1) + 1);
    int T = 4;
    while (T < 32 && (128 / T) * per > 64 * 1024) T *= 2;
    for (int x = 0; x < NKS; x++) if (KV[x].T == T && KV[x].L == 1) return x;
    return 12;
}

// The variant of a range: g_knuthVar when set; else the calibrated table (g_useCal: kall's kcal, the
// rule of run 2 in gpu/BENCHMARKS.md) or the committed rule (GpuLongDivision's).
static bool g_useCal = false;
static int knuth_range_var(int nvClass, int maxNu, int maxNv) {
    if (g_knuthVar >= 0) return g_knuthVar;
    if (g_regRule && g_regVar[nvClass] >= 0 && maxNv + (maxNv == 1) <= KV[g_regVar[nvClass]].T * KV[g_regVar[nvClass]].L)
        return g_regVar[nvClass];
    if (g_useCal) return g_ruleVar[nvClass];
    return knuth_occupancy_var(maxNu, maxNv);
}

static bool knuth_launch(int var, const u64* U, long long su, int lu, const u64* V, long long sv, int lv, u64* Q,
                         long long sq, int lq, u64* R, long long sr, int lr, const int* perm, int maxNu, int maxNv,
                         u32* flags, long long count) {
    const int ulen = std::max(maxNu + 2, maxNv + 2), vlen = std::max(maxNv, 1) + 1;
    if (KV[var].reg) { // four warps a block, no shared memory; the divisors must fit T L limbs
        if (maxNv + (maxNv == 1) > KV[var].T * KV[var].L) return false;
        const unsigned grid = (unsigned) ((count * KV[var].T + 127) / 128);
        KV[var].k<<<grid, 128>>>(U, su, lu, V, sv, lv, Q, sq, lq, R, sr, lr, perm, ulen, vlen, flags, count);
        CKL();
        return true;
    }
    int W = 4, T = KV[var].T;
    const int L = KV[var].L;
    // the most warps of 4, 2, 1 whose instances' shared memory fits; else more lanes per instance
    while ((size_t) (32 * W / T) * (ulen + vlen) * 8 > g_smemOptin) {
        if (W > 1) W /= 2;
        else if (T < 32) T *= 2;
        else return false;
    }
    int v2 = var;
    for (int x = 0; x < NKS; x++) if (KV[x].T == T && KV[x].L == L) v2 = x;
    const size_t smem = (size_t) (32 * W / T) * (ulen + vlen) * 8;
    const unsigned grid = (unsigned) ((count * T + 32 * W - 1) / (32 * W));
    KernelFn k = KV[v2].k;
    if (smem > 48 * 1024) CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem));
    k<<<grid, 32 * W, smem>>>(U, su, lu, V, sv, lv, Q, sq, lq, R, sr, lr, perm, ulen, vlen, flags, count);
    CKL();
    return true;
}

struct KRange { int var, maxNu, maxNv; long long from, n; };

// The ranges of a permutation sorted by nv (perm, nuOf, nvOf by instance): one per divisor class,
// each with its variant (GpuLongDivision.chunk's launches).
static std::vector<KRange> knuth_ranges(const std::vector<int>& perm, const std::vector<int>& nuOf,
                                        const std::vector<int>& nvOf) {
    std::vector<KRange> out;
    int cls = -1;
    for (long long g = 0; g < (long long) perm.size(); g++) {
        const int i = perm[g], c = nv_class(nvOf[i]);
        if (out.empty() || c != cls) { out.push_back({c, 0, 0, g, 0}); cls = c; }
        KRange& r = out.back();
        r.maxNu = std::max(r.maxNu, nuOf[i]);
        r.maxNv = std::max(r.maxNv, nvOf[i]);
        r.n++;
    }
    for (auto& r : out) r.var = knuth_range_var(r.var, r.maxNu, r.maxNv);
    return out;
}

// Counting sort of the instances by nv (stable).
static std::vector<int> knuth_perm(const std::vector<int>& nvOf, int maxNv) {
    std::vector<long long> start(maxNv + 2, 0);
    for (int x : nvOf) start[x + 1]++;
    for (int x = 1; x <= maxNv + 1; x++) start[x] += start[x - 1];
    std::vector<int> perm(nvOf.size());
    for (size_t i = 0; i < nvOf.size(); i++) perm[start[nvOf[i]]++] = (int) i;
    return perm;
}

static int significant(const u64* x, int n) {
    while (n > 0 && x[n - 1] == 0) n--;
    return n;
}

// Divides the batch (u stride su, v stride sv; q stride su, r stride sv) by the long division on
// the device; checks against the CPU (check: algorithm D on every ref-th, u = q v + r mod 2^61 - 1
// and r < v on all); returns the kernels' time (min of reps) or -1 when a range does not fit.
static float run_knuth(const std::vector<u64>& hu, int su, const std::vector<u64>& hv, int sv, long long count,
                       int ref, int reps, const char* what) {
    std::vector<int> nuOf(count), nvOf(count);
    parallel_for(count, [&](long long lo, long long hi) {
        for (long long i = lo; i < hi; i++) {
            nuOf[i] = significant(&hu[i * su], su);
            nvOf[i] = significant(&hv[i * sv], sv);
        }
    });
    int maxNv = 0;
    for (int x : nvOf) maxNv = std::max(maxNv, x);
    std::vector<int> perm = knuth_perm(nvOf, maxNv);
    std::vector<KRange> ranges = knuth_ranges(perm, nuOf, nvOf);
    u64 *U, *V, *Q, *R;
    int* P;
    u32* F;
    CK(cudaMalloc(&U, count * su * 8));
    CK(cudaMalloc(&V, count * sv * 8));
    CK(cudaMalloc(&Q, count * su * 8));
    CK(cudaMalloc(&R, count * sv * 8));
    CK(cudaMalloc(&P, count * 4));
    CK(cudaMalloc(&F, count * 4));
    CK(cudaMemcpy(U, hu.data(), count * su * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(V, hv.data(), count * sv * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(P, perm.data(), count * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(Q, 0xee, count * su * 8));
    CK(cudaMemset(R, 0xee, count * sv * 8));
    CK(cudaMemset(F, 0xff, count * 4));
    bool ok = true;
    auto go = [&] {
        for (auto& r : ranges)
            ok = ok && knuth_launch(r.var, U, su, su, V, sv, sv, Q, su, su, R, sv, sv, P + r.from, r.maxNu, r.maxNv, F, r.n);
    };
    go();
    CK(cudaDeviceSynchronize());
    float ms = -1;
    if (ok) {
        std::vector<u64> hq(count * su), hr(count * sv);
        std::vector<u32> fl(count);
        CK(cudaMemcpy(hq.data(), Q, count * su * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hr.data(), R, count * sv * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(fl.data(), F, count * 4, cudaMemcpyDeviceToHost));
        char w[200];
        snprintf(w, sizeof w, "knuth %s %s", what, g_knuthVar >= 0 ? KV[g_knuthVar].name : g_regRule ? "register rule" : g_useCal ? "calibrated rule" : "rule");
        check(hu, hv, hq, su, hr, fl, su, sv - 1, count, ref, w);
        ms = reps > 0 ? min_time_ms(reps, go) : 0;
    } else {
        printf("# knuth %s %s: a range does not fit (shared memory, or T L for a register kernel)\n", what, g_knuthVar >= 0 ? KV[g_knuthVar].name : "rule");
    }
    for (void* p : {(void*) U, (void*) V, (void*) Q, (void*) R, (void*) P, (void*) F}) CK(cudaFree(p));
    return ms;
}

// The division paper's data (run_mixed's and run_grouped's generator): u of M - 2 limbs (stride M),
// v of a random 2 .. M/2 limbs (stride M/2).
static void paper_data(int M, long long count, u64 seed, std::vector<u64>& ou, std::vector<u64>& ov) {
    const int sb = M / 2;
    ou.assign(count * M, 0);
    ov.assign(count * sb, 0);
    parallel_for(count, [&](long long lo, long long hi) {
        for (long long i = lo; i < hi; i++) {
            u64 s = seed + i * 7919;
            for (int j = 0; j < M - 2; j++) ou[i * M + j] = gen_word(s, 2 * j);
            int nv = 2 + (int) (gen_word(s, ~0ull) % (u64) (sb - 1));
            for (int j = 0; j < nv; j++) ov[i * sb + j] = gen_word(s, 2 * j + 1);
            if (ov[i * sb + nv - 1] == 0) ov[i * sb + nv - 1] = 1;
        }
    });
}

// The check phase of the long division: run_batch's shapes and adversarial patterns (make), every
// instance against algorithm D, each T; then the paper's data at small sizes with the rule.
static void knuth_check(u64 seed) {
    const int shapes[][2] = {{2, 0}, {3, 0}, {4, 1}, {5, 1}, {6, 2}, {7, 3}, {9, 2}, {12, 5}, {17, 8}, {33, 16},
                             {40, 3}, {64, 31}, {100, 49}, {130, 64}, {257, 100}, {300, 7}, {513, 255},
                             {700, 600}, {1024, 511}, {2048, 1023}, {3000, 1400}, {16, 3}, {16, 7}, {32, 15},
                             {64, 63}, {128, 63}, {256, 127}, {512, 255}, {1024, 255}, {1024, 511}};
    // KCHECK_SHARED=0: the shared-memory variants only through the rule (they are unchanged)
    const bool shared = !getenv("KCHECK_SHARED") || atoi(getenv("KCHECK_SHARED")) != 0;
    for (int var = -2; var < NKV; var++) {
        g_knuthVar = var < 0 ? -1 : var;
        g_regRule = var == -2;
        if (var >= 0 && !KV[var].reg && !shared) continue;
        for (auto& s : shapes) {
            const int h = s[0], k = s[1];
            if (var >= 0 && !KV[var].reg && KV[var].T * KV[var].L < 32 && h > 1024) continue;
            if (var >= 0 && KV[var].reg && k + 1 > KV[var].T * KV[var].L) continue;
            const long long count = h <= 300 ? (var < 0 ? 1000 : 300) : (var < 0 ? 120 : 40);
            for (int adv = 0; adv < 2; adv++) {
                std::vector<u64> hu(count * h), hv(count * (k + 1));
                for (long long i = 0; i < count; i++)
                    make(adv ? (int) (i % NDIVPAT) : 0, &hu[i * h], &hv[i * (k + 1)], h, k, seed + adv + i * 7919);
                char w[80];
                snprintf(w, sizeof w, "%s h=%d k=%d", adv ? "adversarial" : "random", h, k);
                run_knuth(hu, h, hv, k + 1, count, 1, 0, w);
            }
        }
    }
    g_knuthVar = -1;
    for (int rr = 0; rr < 2; rr++) {
        g_regRule = rr == 1;
        for (int M : {4, 8, 16, 32, 64, 128}) {
            std::vector<u64> ou, ov;
            paper_data(M, 4096, seed + M, ou, ov);
            char w[80];
            snprintf(w, sizeof w, "paper-data M=%d", M);
            run_knuth(ou, M, ov, M / 2, 4096, 1, 0, w);
        }
    }
    g_regRule = false;
}

// The register rule's calibration (rcal): for divisors of nv = 2^c limbs (c = 1 .. 9), dividends of
// max(2 nv, 64) limbs as kcal's, every register kernel with nv <= T L <= 4 nv; the fastest per
// instance step becomes g_regVar[c] (GpuLongDivision's register table).
static void reg_calibrate(u64 seed, int reps) {
    printf("# rcal: divisors of nv = 2^c limbs, dividends of max(2 nv, 64) limbs; every register kernel with nv <= T L <= 4 nv; min of %d\n", reps);
    printf("rcal,nv,nu,count,variant,ms,ns_per_instance_step\n");
    for (int c = 1; c <= 9; c++) {
        const int nv = 1 << c, nu = std::max(2 * nv, 64);
        const long long count = std::max<long long>(16384, (1ll << 24) / nu);
        std::vector<u64> hu(count * nu), hv(count * nv);
        parallel_for(count, [&](long long lo, long long hi) {
            for (long long i = lo; i < hi; i++) {
                const u64 s = seed + 31 * c + i * 7919;
                for (int j = 0; j < nu; j++) hu[i * nu + j] = gen_word(s, 2 * j);
                for (int j = 0; j < nv; j++) hv[i * nv + j] = gen_word(s, 2 * j + 1);
                if (hv[i * nv + nv - 1] == 0) hv[i * nv + nv - 1] = 1;
            }
        });
        int best = -1;
        double bestNs = 1e30;
        for (int var = NKS; var < NKR; var++) {
            const int TL = KV[var].T * KV[var].L;
            if (TL < nv || TL > 4 * nv) continue;
            g_knuthVar = var;
            char w[40];
            snprintf(w, sizeof w, "rcal nv=%d", nv);
            const float ms = run_knuth(hu, nu, hv, nv, count, 97, reps, w);
            if (ms <= 0) continue;
            const double ns = ms * 1e6 / ((double) count * (nu - nv + 1));
            printf("rcal,%d,%d,%lld,%s,%.4f,%.5f\n", nv, nu, count, KV[var].name, ms, ns);
            fflush(stdout);
            if (ns < bestNs) { bestNs = ns; best = var; }
        }
        if (best >= 0) { g_regVar[c] = best; g_regNs[c] = bestNs; }
    }
    g_knuthVar = -1;
    printf("# register rule (class c: nv in (2^(c-1), 2^c]):");
    for (int c = 1; c <= 9; c++) printf(" %d:%s(%.4f ns)", c, g_regVar[c] >= 0 ? KV[g_regVar[c]].name : "-", g_regNs[c]);
    printf("\n");
    fflush(stdout);
}


// The rule's calibration: for divisors of nv = 2^c limbs (c = 1 .. 11), dividends of max(2 nv, 64)
// full-entropy limbs, every variant whose chunks are not mostly idle (T L <= 4 nv) nor too many
// (ceil(nv / (T L)) <= 32); the fastest per instance step becomes the rule for the class
// nv in (2^(c-1), 2^c] (GpuLongDivision's table).
static void knuth_calibrate(u64 seed, int reps) {
    printf("# kcal: divisors of nv = 2^c limbs, dividends of max(2 nv, 64) limbs; every variant; min of %d\n", reps);
    printf("cal,nv,nu,count,variant,ms,ns_per_instance_step\n");
    for (int c = 1; c <= 11; c++) {
        const int nv = 1 << c, nu = std::max(2 * nv, 64);
        const long long count = nv >= 1024 ? 4096 : std::max<long long>(16384, (1ll << 22) / nu);
        std::vector<u64> hu(count * nu), hv(count * nv);
        parallel_for(count, [&](long long lo, long long hi) {
            for (long long i = lo; i < hi; i++) {
                const u64 s = seed + 31 * c + i * 7919;
                for (int j = 0; j < nu; j++) hu[i * nu + j] = gen_word(s, 2 * j);
                for (int j = 0; j < nv; j++) hv[i * nv + j] = gen_word(s, 2 * j + 1);
                if (hv[i * nv + nv - 1] == 0) hv[i * nv + nv - 1] = 1;
            }
        });
        int best = -1;
        double bestNs = 1e30;
        for (int var = 0; var < NKS; var++) {
            const int TL = KV[var].T * KV[var].L;
            if (TL > 4 * nv || (nv + TL - 1) / TL > 32) continue;
            g_knuthVar = var;
            char w[40];
            snprintf(w, sizeof w, "cal nv=%d", nv);
            const float ms = run_knuth(hu, nu, hv, nv, count, 97, reps, w);
            if (ms <= 0) continue;
            const double ns = ms * 1e6 / ((double) count * (nu - nv + 1));
            printf("cal,%d,%d,%lld,%s,%.4f,%.5f\n", nv, nu, count, KV[var].name, ms, ns);
            fflush(stdout);
            if (ns < bestNs) { bestNs = ns; best = var; }
        }
        if (best >= 0) { g_ruleVar[c] = best; g_ruleNs[c] = bestNs; }
    }
    g_ruleVar[12] = g_ruleVar[11];
    g_ruleNs[12] = g_ruleNs[11];
    g_knuthVar = -1;
    printf("# rule (class c: nv in (2^(c-1), 2^c]):");
    for (int c = 1; c <= 11; c++) printf(" %d:%s(%.4f ns)", c, KV[g_ruleVar[c]].name, g_ruleNs[c]);
    printf("\n");
    fflush(stdout);
}

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "all";
    u64 seed = argc > 2 ? strtoull(argv[2], nullptr, 10) : (u64) time(nullptr);
    int reps = argc > 3 ? atoi(argv[3]) : 3;
    print_device();
    int dev;
    CK(cudaGetDevice(&dev));
    int optin;
    CK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    g_smemOptin = (size_t) optin;
    g_ntt = !getenv("DIV_SCHOOL");
    bnt_init<<<96, 256>>>();
    CKL();
    CK(cudaDeviceSynchronize());
    printf("# seed %llu; products: %s\n", seed, g_ntt ? "bnt_mul_d8l where GpuBlockNttProduct.chosenFor, else bi_mul*" : "bi_mul* only (DIV_SCHOOL)");
    if (mode == "check" || mode == "all") {
        const int shapes[][2] = {{4, 1}, {5, 1}, {6, 2}, {7, 3}, {9, 2}, {12, 5}, {17, 8}, {33, 16}, {40, 3},
                                 {64, 31}, {100, 49}, {130, 64}, {257, 100}, {300, 7}, {513, 255}, {700, 600},
                                 {1000, 333}, {1024, 511}, {2048, 1023}, {3000, 1400}};
        for (auto& s : shapes) {
            long long count = s[0] <= 300 ? 2000 : 240;
            run_batch(s[0], s[1], count, seed, false, 1, 0, nullptr);
            run_batch(s[0], s[1], count, seed + 1, true, 1, 0, nullptr);
        }
    }
    if (mode == "bench" || mode == "all" || mode == "paper") {
        // bench: 2^14 instances at 2^11 .. 2^16 bits; paper: NumInsts = 2^32 / NumBits, 2^11 .. 2^18 bits
        const bool paper = mode == "paper";
        printf("# %s: u of NumBits, v of NumBits/2 (full-entropy limbs); min of %d; "
               "MUL = one bi_mul product of two NumBits operands on the same batch\n",
               paper ? "paper grid (NumBits x NumInsts = 2^32)" : "2^14 instances", reps);
        printf("%8s %8s %12s %12s %10s\n", "NumBits", "NumInsts", "DIV ms", "MUL ms", "DIV/MUL");
        for (int bits = 1 << 11; bits <= (paper ? 1 << 18 : 1 << 16); bits <<= 1) {
            int h = bits / 64, k = h / 2 - 1;
            long long count = paper ? (1ll << 32) / bits : 1 << 14;
            float mul = 0;
            float div = run_batch(h, k, count, seed + bits, false, 97, reps, &mul);
            printf("%8d %8lld %12.3f %12.3f %10.2f\n", bits, count, div, mul, div / mul);
            fflush(stdout);
        }
    }
    if (mode == "mixed") {
        printf("# mixed (the division paper's data): NumBits x NumInsts = 2^32, u of M - 2 limbs, v of a random "
               "2 .. M/2 limbs, shifted to one divisor length; min of %d; MUL = one bi_mul product of two M-limb "
               "operands\n", reps);
        printf("%8s %8s %6s %12s %12s %10s\n", "NumBits", "NumInsts", "h", "DIV ms", "MUL ms", "DIV/MUL");
        for (int bits = 1 << (getenv("MIXED_FROM") ? atoi(getenv("MIXED_FROM")) : 13); bits <= 1 << 18; bits <<= 1) {
            long long count = (1ll << 32) / bits;
            float mul = 0;
            int h = 0;
            float div = run_mixed(bits / 64, count, seed + bits, 97, reps, &mul, &h);
            printf("%8d %8lld %6d %12.3f %12.3f %10.2f\n", bits, count, h, div, mul, div / mul);
            fflush(stdout);
        }
    }
    if (mode == "grouped" || mode == "mixed") {
        printf("# grouped: the same data as mixed, divided in groups of like shape (make_groups); min of %d; "
               "model = plan_cost in seconds (one shape / the groups)\n", reps);
        printf("%8s %8s %7s %12s %12s %12s\n", "NumBits", "NumInsts", "groups", "DIV ms", "model one", "model grp");
        for (int bits = 1 << (getenv("MIXED_FROM") ? atoi(getenv("MIXED_FROM")) : 13); bits <= 1 << 18; bits <<= 1) {
            long long count = (1ll << 32) / bits;
            int groups = 0;
            double one = 0, grp = 0;
            float div = run_grouped(bits / 64, count, seed + bits, 97, reps, &groups, &one, &grp);
            printf("%8d %8lld %7d %12.3f %12.3f %12.3f\n", bits, count, groups, div, one * 1e3, grp * 1e3);
            fflush(stdout);
        }
    }
    if (mode == "kcheck") knuth_check(seed);
    if (mode == "kcal" || mode == "kall") knuth_calibrate(seed, reps);
    g_useCal = mode == "kall" && getenv("KNUTH_RULE") && std::string(getenv("KNUTH_RULE")) == "cal";
    if (mode == "kgrid" || mode == "kall") {
        // the division paper's table: long division (the rule) against Newton grouped (run_grouped),
        // the same data
        const int from = getenv("MIXED_FROM") ? atoi(getenv("MIXED_FROM")) : 11;
        printf("# kgrid: the division paper's data (u of M - 2 limbs, v of a random 2 .. M/2 limbs), NumBits x "
               "NumInsts = 2^32; long division (bdk_div_tT_lL by the rule, instances sorted by nv) against Newton "
               "grouped; ms = min of %d, kernels only (data on the device)\n", reps);
        printf("%8s %8s %12s %12s %8s %14s\n", "NumBits", "NumInsts", "knuth ms", "newton-grp", "groups", "newton/knuth");
        for (int bits = 1 << from; bits <= 1 << 18; bits <<= 1) {
            const int M = bits / 64;
            const long long count = (1ll << 32) / bits;
            std::vector<u64> ou, ov;
            paper_data(M, count, seed + bits, ou, ov);
            char w[40];
            snprintf(w, sizeof w, "paper M=%d", M);
            const float kn = run_knuth(ou, M, ov, M / 2, count, 97, reps, w);
            ou.clear(); ou.shrink_to_fit(); ov.clear(); ov.shrink_to_fit();
            int groups = 0;
            double one = 0, grp = 0;
            const float nw = run_grouped(M, count, seed + bits, 97, reps, &groups, &one, &grp);
            printf("%8d %8lld %12.3f %12.3f %8d %14.2f\n", bits, count, kn, nw, groups, nw / kn);
            fflush(stdout);
        }
    }
    if (mode == "kfixed" || mode == "kall") {
        // the fixed shape u of M limbs / v of M/2 limbs (run_batch's data at h = M, k = M/2 - 1, as
        // `paper` mode and cgbn_peer's `half`): long division against Newton one shape
        const int from = getenv("MIXED_FROM") ? atoi(getenv("MIXED_FROM")) : 11;
        printf("# kfixed: u of M limbs, v of M/2 limbs (full-entropy), NumBits x NumInsts = 2^32; long division "
               "(the rule) against Newton one shape; ms = min of %d, kernels only\n", reps);
        printf("%8s %8s %12s %12s %10s %14s\n", "NumBits", "NumInsts", "knuth ms", "newton", "MUL", "newton/knuth");
        for (int bits = 1 << from; bits <= 1 << 18; bits <<= 1) {
            const int h = bits / 64, k = h / 2 - 1;
            const long long count = (1ll << 32) / bits;
            std::vector<u64> hu(count * h), hv(count * (k + 1));
            parallel_for(count, [&](long long lo, long long hi) {
                for (long long i = lo; i < hi; i++) make(0, &hu[i * h], &hv[i * (k + 1)], h, k, seed + bits + i * 7919);
            });
            char w[40];
            snprintf(w, sizeof w, "fixed h=%d k=%d", h, k);
            const float kn = run_knuth(hu, h, hv, k + 1, count, 97, reps, w);
            hu.clear(); hu.shrink_to_fit(); hv.clear(); hv.shrink_to_fit();
            float mul = 0;
            const float nw = run_batch(h, k, count, seed + bits, false, 97, reps, &mul);
            printf("%8d %8lld %12.3f %12.3f %10.3f %14.2f\n", bits, count, kn, nw, mul, nw / kn);
            fflush(stdout);
        }
    }
    if (mode == "rcal" || mode == "rall") reg_calibrate(seed, reps);
    if (mode == "rfixed" || mode == "rall") {
        // the fixed shape (kfixed's data): the shared-memory rule, every register kernel with
        // nv <= T L <= 4 nv, and the register rule, one process; Newton one shape with NEWTON=1
        const int from = getenv("MIXED_FROM") ? atoi(getenv("MIXED_FROM")) : 11;
        const int to = getenv("FIXED_TO") ? atoi(getenv("FIXED_TO")) : 16;
        const bool newton = getenv("NEWTON") && atoi(getenv("NEWTON"));
        printf("# rfixed: u of M limbs, v of M/2 limbs (full-entropy), NumBits x NumInsts = 2^32; ms = min of %d, "
               "kernels only; shared = the shared-memory rule (GpuLongDivision before), reg = the register rule\n", reps);
        printf("rfixed,NumBits,NumInsts,kernel,ms\n");
        for (int bits = 1 << from; bits <= 1 << to; bits <<= 1) {
            const int h = bits / 64, k = h / 2 - 1;
            const long long count = (1ll << 32) / bits;
            std::vector<u64> hu(count * h), hv(count * (k + 1));
            parallel_for(count, [&](long long lo, long long hi) {
                for (long long i = lo; i < hi; i++) make(0, &hu[i * h], &hv[i * (k + 1)], h, k, seed + bits + i * 7919);
            });
            char w[40];
            snprintf(w, sizeof w, "fixed h=%d k=%d", h, k);
            for (int var = -2; var < NKV; var++) {
                if (var >= 0 && (!KV[var].reg || KV[var].T * KV[var].L < k + 1 || KV[var].T * KV[var].L > 4 * (k + 1))) continue;
                g_knuthVar = var < 0 ? -1 : var;
                g_regRule = var == -1;
                const float ms = run_knuth(hu, h, hv, k + 1, count, 97, reps, w);
                printf("rfixed,%d,%lld,%s,%.3f\n", bits, count, var == -2 ? "shared" : var == -1 ? "reg" : KV[var].name, ms);
                fflush(stdout);
            }
            g_knuthVar = -1;
            g_regRule = false;
            if (newton) {
                hu.clear(); hu.shrink_to_fit(); hv.clear(); hv.shrink_to_fit();
                float mul = 0;
                const float nw = run_batch(h, k, count, seed + bits, false, 97, reps, &mul);
                printf("rfixed,%d,%lld,newton,%.3f\n", bits, count, nw);
            }
        }
    }
    if (mode == "rgrid" || mode == "rall") {
        // the division paper's data (kgrid's): the shared-memory rule against the register rule;
        // Newton grouped with NEWTON=1
        const int from = getenv("MIXED_FROM") ? atoi(getenv("MIXED_FROM")) : 11;
        const int to = getenv("GRID_TO") ? atoi(getenv("GRID_TO")) : 18;
        const bool newton = getenv("NEWTON") && atoi(getenv("NEWTON"));
        printf("# rgrid: the division paper's data (u of M - 2 limbs, v of a random 2 .. M/2 limbs), NumBits x "
               "NumInsts = 2^32, instances sorted by nv, one launch per divisor class; ms = min of %d, kernels only\n", reps);
        printf("rgrid,NumBits,NumInsts,kernel,ms\n");
        for (int bits = 1 << from; bits <= 1 << to; bits <<= 1) {
            const int M = bits / 64;
            const long long count = (1ll << 32) / bits;
            std::vector<u64> ou, ov;
            paper_data(M, count, seed + bits, ou, ov);
            char w[40];
            snprintf(w, sizeof w, "paper M=%d", M);
            for (int rr = 0; rr < 2; rr++) {
                g_regRule = rr == 1;
                const float ms = run_knuth(ou, M, ov, M / 2, count, 97, reps, w);
                printf("rgrid,%d,%lld,%s,%.3f\n", bits, count, rr ? "reg" : "shared", ms);
                fflush(stdout);
            }
            g_regRule = false;
            if (newton) {
                ou.clear(); ou.shrink_to_fit(); ov.clear(); ov.shrink_to_fit();
                int groups = 0;
                double one = 0, grp = 0;
                const float nw = run_grouped(M, count, seed + bits, 97, reps, &groups, &one, &grp);
                printf("rgrid,%d,%lld,newton-grouped,%.3f\n", bits, count, nw);
            }
        }
    }
    printf("%s: %d failures\n", g_fail ? "FAILED" : "PASSED", g_fail);
    return g_fail ? 1 : 0;
}
