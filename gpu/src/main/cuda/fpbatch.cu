// Batched floating-point (FP64) FFT product of fixed-size unsigned big integers inside one CUDA
// block (modalg gpu layer; issues 15 and 16): many independent products of 2^11 .. 2^15 bits, one
// instance per T threads (several instances per block), every step in shared memory and
// registers in ONE kernel: balanced 16-bit digits, one complex transform of z = a + i b (the two
// operands packed as the real and imaginary parts), the separation of the two spectra and their
// pointwise product, the real-to-complex packing of the product's spectrum, one inverse transform
// of half the length, rounding with the run-time check max |c - rint(c)| <= margin, and the carries.
// An instance whose check fails is flagged; the host redoes it by an exact route (never a wrong
// answer). The device twin of the CPU floating-point route org.modalg.fft.fp (FpFft,
// FpIntegerProduct, FpErrorBound), fused and batched.
//
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT (the data contract of bigint.cu's and bigint_ntt.cu's products)
// ----------------------------------------------------------------------------------------------
// Data. An instance is an unsigned integer of M 64-bit limbs, little-endian by limb. Instance i
// of operand x with stride s (limbs, s >= M) is x[i s .. i s + M - 1]; C receives the full
// product, 2 M limbs at c[i sc ..], sc >= 2 M; limbs between the length and the stride are
// neither read nor written. C must not overlap A or B (A and B may be the same buffer: a square).
//
// fpb_mul_nN_pP(a, sa, b, sb, c, sc, M, count, tw, twLog, flags, errs, margin, failInst)
//     N = 64 .. 8192 (a power of two, the complex transform length), P = 8 or 16 (points per
//     thread). Requires 1 <= M <= N / 8 (so that the 8 M - 1 digits of the product fit N; the host
//     takes the least such N, the kernel is exact for any smaller M too). tw: the roots
//     w_j = exp(-2 pi i j / 2^twLog), j < 2^(twLog - 1), as (re, im) doubles (FpFft.twiddles(twLog)
//     of the fft module, error <= 4u each), twLog >= log2 N. flags[i] (u32) is written for every
//     instance: 1 when the check failed (max |x - rint(x)| > margin over the instance's 8 M
//     coefficients, NaN included) or i == failInst (tests), else 0; when flags[i] = 1 the limbs
//     written to c_i are meaningless and the host must recompute them. errs (may be null): the
//     instance's max |x - rint(x)| as a float (statistics).
// fpb_mul_nN_pPt(same arguments, ptab)
//     The same product with every root read from ptab, the instance tables filled by fpb_tables
//     for (N, P) from the same tw (copies of its roots: the same values, the same bound), laid
//     out so that the threads of a warp read consecutive entries (the roots of pass (Ns, R) at
//     [(r - 1) Ns + k]); the kernels above read tw at strides r k N / (Ns R) 2^twLog / N, up to one
//     L1 wavefront per thread (gpu/BENCHMARKS.md, "FP64 in-block product"). Not yet measured.
// fpb_tables(tw, twLog, logN, lp, out, count)
//     out[i] for i < count = N/2 + fpb_tab_entries(logN, lp) + fpb_tab_entries(logN - 1, lp - 1),
//     lp = log2 P (fpb_tab_value); any grid. Once per (N, P) and context.
//
// Launch. T = N / P threads per instance; blockDim.x = any multiple of 32 with T <= blockDim.x
// <= the kernel's bound (256, or T when larger); the kernel takes ipb = floor(blockDim.x / T)
// instances per block, gridDim.x = ceil(count / ipb). Dynamic shared memory: ipb * FPB_SHARED(N, T)
// bytes = ipb * (16 (N + N/16) + 4 T + 16) (N = 4096: 69.7 KiB per instance; N = 8192: 139 KiB, so
// sm_80 or later and the opt-in attribute above 48 KiB). Arguments are trusted (the host checks).
// ----------------------------------------------------------------------------------------------
//
// Digits. Operand x = sum_j u_j 2^(16 j), u_j in [0, 2^16), L = 4 M chunks. Balanced digits
// d_j = u_j + e_j - 2^16 e_(j+1) with e_0 = 0 and e_(j+1) = [u_j >= 2^15] (a local rule: no carry
// chain), except the top one d_(L-1) = u_(L-1) + e_(L-1), so x = sum_j d_j 2^(16 j) exactly, with
// |d_j| <= 2^15 for j < L - 1 and 0 <= d_(L-1) <= 2^16. Hence ||d||_2^2 <= (L - 1) 2^30 + 2^32 =
// (4 M + 3) 2^30.
//
// EXACTNESS (the proof of the bound). The product's digits c_k = sum_(i+j=k) d_i d'_j, k <= 2L - 2
// < N, are the cyclic convolution of length N of the zero-padded digits (no wrap-around). Let
// u = 2^-53. The computation is the one FpErrorBound (fft module) bounds, with the same three
// paths of one level more each: a complex transform of length N of z = a + i b (n = log2 N
// levels), the separation A_k = (Z_k + conj Z_(N-k))/2, B_k = (Z_k - conj Z_(N-k))/(2i) (one
// addition level), P_k = A_k B_k (one complex product), the packing X_k = E_k + i O_k with
// E_k = (P_k + P_(k+N/2))/2, O_k = (P_k - P_(k+N/2))/2 w^-k (two rounded additions and one product
// by a computed root on every path), an inverse transform of length N/2 (n - 1 levels). So each of
// the three paths has n + 1 additions (3n + 3 in all) and at most 3n + 1 products (FpErrorBound
// counts 3n + 4), as in the fft module's packed route. Every level of the
// transforms below does, on every path, one rounded addition or subtraction and at most one
// complex product by a root: the Stockham passes of radix R <= 16 are decimation-in-frequency
// radix-2 levels in registers (add/subtract, then a product by a 16th root of unity: by 1 and -i
// exactly, by (1 -+ i)/sqrt 2 as an addition and a product by the correctly rounded sqrt 2 / 2, by
// the other 16th roots as a complex product with correctly rounded constants), and the pass's
// twiddle exp(-2 pi i r k / (Ns R)) (a table root, error <= 4u) is applied before the pass's first
// level, where the previous pass's last level (len = 1, root 1) has none (a radix-16 pass: the
// twiddle, then inexact roots after the additions of its first two levels only; radix 8: the
// twiddle and the first level's). Complex products may be
// contracted into FMAs: one FMA per component has normwise relative error <= 2u < sqrt(5) u
// (Jeannerod, Kornerup, Louvet, Muller, Math. Comp. 86 (2017)), so the products' factor of
// Percival's analysis stands. Scalings by powers of two (the factors 1/2 folded into one final
// 1/(4N)) are exact. So FpErrorBound's bound applies: for every coefficient
//     |x_k - c_k| <= ||d||_2 ||d'||_2 E(n) <= (4 M + 3) 2^30 E(n),
//     E(n) = 2 t / (1 - t), t = (3n + 3)(u + 4u) + (3n + 4) sqrt(5) u,
// which is FpErrorBound.bound(2^15, 2^15, 4M + 3, 4M + 3, n). Values (N the least power of two
// >= 8 M): M = 32 (2^11 bits, N = 256): 0.0062; 2^12: 0.0135; 2^13: 0.0296; 2^14: 0.0643;
// M = 512 (2^15 bits, N = 4096): 0.139; M = 855 (N = 8192): 0.2499; M = 1024 (2^16): 0.299.
// The host (GpuFpBatchProduct) takes this kernel only where the bound is below 1/4
// (FpErrorBound.SAFE_ERROR): M <= 855 limbs. Then every x_k is within 1/4 of the integer c_k,
// rint(x_k) = c_k, and the run-time check (margin 1/4 by default: |x_k - rint(x_k)| > 1/4 flags
// the instance) is a guard for the premises (device arithmetic as documented), never the proof.
// |c_k| <= (4 M + 3) 2^30 < 2^43: exact in a double and a 64-bit integer.
//
// Carries. Thread lt owns the 32-bit output words m in [lt Q, lt Q + Q), Q = P / 2; word m is
// S_m = c_(2m) + 2^16 c_(2m+1) (|S_m| < 2^60), split S_m = lo_m + 2^32 hi_m with lo_m in [0, 2^32)
// and |hi_m| < 2^28, and t_m = lo_m + hi_(m-1) (the previous word's hi, read from shared memory).
// Adding a carry-in in {-1, 0, 1} to t_m gives a carry-out floor((t_m + cin) / 2^32) in {-1, 0, 1},
// so each thread's chunk is a function {-1, 0, 1} -> {-1, 0, 1} (three 2-bit fields), an inclusive
// block scan of their compositions (Hillis-Steele, log2 T rounds) gives each chunk its carry-in,
// and the thread writes its words. The top carry is zero (the product fits 2 M limbs).
//
// Transforms: Stockham autosort passes (natural order in and out, in place through registers:
// every thread loads its R-point butterflies, a barrier, then stores), radix P for the forward
// transform and P/2 for the inverse (the remaining levels in one pass of smaller radix); the
// inverse is conj(F(conj X)) (conjugations exact). Shared indices padded by one point every 16
// (FPB_PAD) against bank conflicts of the strided Stockham stores. The upper half of the forward
// transform's input is zero (L <= N / 2): it is neither written nor read (the first pass takes
// zeros there).
//
// The same code (fpb_product) runs on the host in the harness (src/test/cuda/fpbatch_harness.cu,
// mode sim), one simulated thread after the other between barriers, and is checked there and on
// the device bit for bit against a CPU schoolbook.

#ifndef MODALG_FPBATCH_CU
#define MODALG_FPBATCH_CU

typedef unsigned long long u64;
typedef unsigned int u32;

#define FPB_PAD(i) ((i) + ((i) >> 4))
// shared bytes of one instance: the padded points, the chunks' carry functions, two words
#define FPB_SHARED(N, T) (16 * ((N) + (N) / 16) + 4 * (T) + 16)

// The threads an executor runs at this point: on the device the calling thread (none when it is
// idle), on the host every simulated thread of the instance in turn.
// (on the device a loop of at most one trip, which the compiler turns into a branch, so that the
// per-thread state stays in registers across the barriers)
#define FPB_FOR(ex, lt) for (int lt = (ex).lo, lt##_more = 1; lt##_more && lt < (ex).hi; lt++, lt##_more = Ex::HOST)

// carry functions f: {-1, 0, 1} -> {-1, 0, 1} as three 2-bit fields f(x) + 1 at bits 2 (x + 1)
#define FPB_FID ((0u) | (1u << 2) | (2u << 4))

__host__ __device__ __forceinline__ int fpb_fapply(u32 f, int x) {
    return (int) ((f >> (2 * (x + 1))) & 3u) - 1;
}

// g o f
__host__ __device__ __forceinline__ u32 fpb_fcompose(u32 g, u32 f) {
    u32 r = 0;
    for (int x = -1; x <= 1; x++) {
        r |= (u32) (fpb_fapply(g, fpb_fapply(f, x)) + 1) << (2 * (x + 1));
    }
    return r;
}

__host__ __device__ __forceinline__ double2 fpb_c(double x, double y) {
    double2 r;
    r.x = x;
    r.y = y;
    return r;
}

__host__ __device__ __forceinline__ double2 fpb_cmul(double2 a, double2 w) {
    return fpb_c(a.x * w.x - a.y * w.y, a.x * w.y + a.y * w.x);
}

// d exp(-2 pi i e / 16), e in [0, 8) (a compile-time constant after unrolling)
__host__ __device__ __forceinline__ double2 fpb_root16(double2 d, int e) {
    const double C1 = 0.92387953251128674; // cos(pi/8), correctly rounded
    const double S1 = 0.38268343236508978; // sin(pi/8)
    const double R2 = 0.70710678118654757; // sqrt(2)/2
    switch (e) {
        case 0: return d;
        case 1: return fpb_cmul(d, fpb_c(C1, -S1));
        case 2: return fpb_c((d.x + d.y) * R2, (d.y - d.x) * R2);
        case 3: return fpb_cmul(d, fpb_c(S1, -C1));
        case 4: return fpb_c(d.y, -d.x);
        case 5: return fpb_cmul(d, fpb_c(-S1, -C1));
        case 6: return fpb_c((d.y - d.x) * R2, -(d.x + d.y) * R2);
        default: return fpb_cmul(d, fpb_c(-C1, -S1));
    }
}

__host__ __device__ __forceinline__ constexpr int fpb_brev(int i, int logR) {
    int r = 0;
    for (int b = 0; b < logR; b++) {
        r |= ((i >> b) & 1) << (logR - 1 - b);
    }
    return r;
}

__host__ __device__ __forceinline__ constexpr int fpb_log2(int x) {
    return x <= 1 ? 0 : 1 + fpb_log2(x >> 1);
}

// One decimation-in-frequency level of span LEN of an R-point DFT in registers, then the next.
template <int R, int LEN>
struct FpbLevel {
    __host__ __device__ static __forceinline__ void run(double2* u) {
#pragma unroll
        for (int i = 0; i < R; i += 2 * LEN) {
#pragma unroll
            for (int j = 0; j < LEN; j++) {
                const double2 a = u[i + j], b = u[i + j + LEN];
                u[i + j] = fpb_c(a.x + b.x, a.y + b.y);
                u[i + j + LEN] = fpb_root16(fpb_c(a.x - b.x, a.y - b.y), j * (16 / (2 * LEN)));
            }
        }
        FpbLevel<R, LEN / 2>::run(u);
    }
};

template <int R>
struct FpbLevel<R, 0> {
    __host__ __device__ static __forceinline__ void run(double2*) {
    }
};

// The bit-reversal permutation of u[0..R), index I onwards (compile-time indices: registers).
template <int R, int I>
struct FpbPerm {
    __host__ __device__ static __forceinline__ void run(double2* u) {
        constexpr int r = fpb_brev(I, fpb_log2(R));
        if (I < r) {
            const double2 t = u[I];
            u[I] = u[r];
            u[r] = t;
        }
        FpbPerm<R, I + 1>::run(u);
    }
};

template <int R>
struct FpbPerm<R, R> {
    __host__ __device__ static __forceinline__ void run(double2*) {
    }
};

// u[0..R) <- its DFT (sign -1), natural order in and out; R in {1, 2, 4, 8, 16}
template <int R>
__host__ __device__ __forceinline__ void fpb_dft(double2* u) {
    FpbLevel<R, R / 2>::run(u);
    FpbPerm<R, 0>::run(u);
}

// root exp(-2 pi i idx / 2^twLog) for idx < 2^twLog, from the half table (w_(j + half) = -w_j)
__host__ __device__ __forceinline__ double2 fpb_tw(const double2* __restrict__ tw, int idx, int half) {
    if (idx < half) {
#ifdef __CUDA_ARCH__
        return __ldg(&tw[idx]);
#else
        return tw[idx];
#endif
    }
#ifdef __CUDA_ARCH__
    const double2 w = __ldg(&tw[idx - half]);
#else
    const double2 w = tw[idx - half];
#endif
    return fpb_c(-w.x, -w.y);
}

__host__ __device__ __forceinline__ double2 fpb_ld(const double2* __restrict__ p) {
#ifdef __CUDA_ARCH__
    return __ldg(p);
#else
    return *p;
#endif
}

// Per-thread state kept across barriers (registers on the device, one per simulated thread on
// the host).
template <int P>
struct FpbRegs {
    double2 v[P];
    long long t[P / 2];
    u32 f;
};

// One Stockham pass of radix R over n = 2^logn points in s (padded), Ns = 2^logNs points already
// transformed, by T threads of PT points each (n = T PT); roots of this length at table index
// e * tstride, or, when ptab is not null, at ptab[(r - 1) Ns + k] (the pass's own table, read
// coalesced: fpb_tables). zeroTop (first pass only): the points from n/2 on are zero and not read.
template <int R, int PT, class Ex, class Regs>
__host__ __device__ __forceinline__ void fpb_pass(Ex& ex, Regs* regs, double2* s, int logn, int logNs, int T,
                                                  const double2* __restrict__ tw, int tstride, int half,
                                                  bool zeroTop, const double2* __restrict__ ptab) {
    constexpr int LR = fpb_log2(R);
    FPB_FOR (ex, lt) {
        Regs& rg = regs[Ex::HOST ? lt : 0];
        const int quarter = 1 << (logn - LR); // n / R
        const int mulStep = 1 << (logn - logNs - LR); // n / (Ns R)
#pragma unroll
        for (int q = 0; q < PT / R; q++) {
            const int j = lt + q * T;
            const int k = j & ((1 << logNs) - 1);
#pragma unroll
            for (int r = 0; r < R; r++) { // j < n / R: j + r n / R >= n / 2 exactly when r >= R / 2
                rg.v[q * R + r] = zeroTop && r >= R / 2 ? fpb_c(0.0, 0.0) : s[FPB_PAD(j + r * quarter)];
            }
            if (logNs > 0) {
#pragma unroll
                for (int r = 1; r < R; r++) {
                    rg.v[q * R + r] = fpb_cmul(rg.v[q * R + r], ptab ? fpb_ld(&ptab[((r - 1) << logNs) + k])
                                                                      : fpb_tw(tw, r * k * mulStep * tstride, half));
                }
            }
            fpb_dft<R>(&rg.v[q * R]);
        }
    }
    ex.sync();
    FPB_FOR (ex, lt) {
        Regs& rg = regs[Ex::HOST ? lt : 0];
#pragma unroll
        for (int q = 0; q < PT / R; q++) {
            const int j = lt + q * T;
            const int k = j & ((1 << logNs) - 1);
            const int base = ((j - k) << LR) + k;
#pragma unroll
            for (int r = 0; r < R; r++) {
                s[FPB_PAD(base + (r << logNs))] = rg.v[q * R + r];
            }
        }
    }
    ex.sync();
}

// Entries of the pass tables of a transform of 2^logn points in passes of radix 2^lp (then one of
// the remaining levels): (R - 1) Ns per pass with Ns > 1.
__host__ __device__ __forceinline__ constexpr int fpb_tab_entries(int logn, int lp) {
    int total = 0, logNs = 0;
    for (int p = 0; p < logn / lp; p++) {
        total += logNs > 0 ? ((1 << lp) - 1) << logNs : 0;
        logNs += lp;
    }
    if (logn % lp != 0 && logNs > 0) {
        total += ((1 << (logn % lp)) - 1) << logNs;
    }
    return total;
}

// The forward DFT of n = 2^LOGN points in s by T = n / PT threads: passes of radix PT, then one of
// radix 2^(LOGN mod log2 PT). ZT: the upper half of the input is zero (not read). ptab: the pass
// tables (fpb_tab_entries(LOGN, log2 PT) entries, pass after pass) or null (roots from tw).
template <int LOGN, int PT, bool ZT, class Ex, class Regs>
__host__ __device__ __forceinline__ void fpb_fft(Ex& ex, Regs* regs, double2* s, int T, const double2* __restrict__ tw,
                                                 int tstride, int half, const double2* __restrict__ ptab) {
    constexpr int LP = fpb_log2(PT);
    constexpr int FULL = LOGN / LP;
    constexpr int REM = LOGN % LP;
    int logNs = 0;
    int off = 0;
#pragma unroll
    for (int p = 0; p < FULL; p++) {
        fpb_pass<PT, PT>(ex, regs, s, LOGN, logNs, T, tw, tstride, half, ZT && p == 0, ptab ? ptab + off : nullptr);
        off += logNs > 0 ? (PT - 1) << logNs : 0;
        logNs += LP;
    }
    if (REM > 0) {
        fpb_pass<(1 << REM), PT>(ex, regs, s, LOGN, logNs, T, tw, tstride, half, ZT && FULL == 0,
                                 ptab ? ptab + off : nullptr);
    }
}

// The roots of the instance tables of fpb_product<N, P> with pass tables (kernels fpb_mul_nN_pPt):
// out[i] for i < N/2 + fpb_tab_entries(log2 N, log2 P) + fpb_tab_entries(log2 N - 1, log2 P - 1):
// first w_N^k for k < N/2 (the packing's roots), then the forward transform's pass tables, then the
// inverse's; every entry a copy of a root of tw (the roots of 2^twLog, twLog >= log2 N), so the
// error bound is unchanged. Returns false past the end.
__host__ __device__ __forceinline__ bool fpb_tab_value(int i, int logN, int lp, const double2* __restrict__ tw,
                                                       int twLog, double2* out) {
    const int half = 1 << (twLog - 1);
    if (i < (1 << (logN - 1))) {
        *out = fpb_tw(tw, i << (twLog - logN), half);
        return true;
    }
    i -= 1 << (logN - 1);
    for (int inv = 0; inv < 2; inv++) {
        const int logn = logN - inv, l = lp - inv; // the inverse: N/2 points, radix P/2
        const int tstride = 1 << (twLog - logn);
        int logNs = 0;
        const int full = logn / l, rem = logn % l;
        for (int p = 0; p <= full; p++) {
            const int lr = p < full ? l : rem;
            if (lr == 0) {
                break;
            }
            if (logNs > 0) {
                const int cnt = ((1 << lr) - 1) << logNs;
                if (i < cnt) {
                    const int r = (i >> logNs) + 1, k = i & ((1 << logNs) - 1);
                    *out = fpb_tw(tw, r * k * (1 << (logn - logNs - lr)) * tstride, half);
                    return true;
                }
                i -= cnt;
            }
            logNs += lr;
        }
    }
    return false;
}

// The product of one instance: a, b (M limbs, as 64-bit words), c (2 M limbs); s: this instance's
// shared region (FPB_SHARED bytes); returns nothing, writes *flag / *err when lt == 0.
template <int N, int P, class Ex>
__host__ __device__ __forceinline__ void fpb_product(Ex& ex, FpbRegs<P>* regs, const u64* __restrict__ a,
                                                     const u64* __restrict__ b, u64* __restrict__ c, int M,
                                                     double2* s, const double2* __restrict__ tw, int twLog,
                                                     double margin, bool forceFail, u32* flagOut, float* errOut,
                                                     bool write, const double2* __restrict__ ptab) {
    constexpr int T = N / P;
    constexpr int LOGN = fpb_log2(N);
    constexpr int H = N / 2;
    constexpr int Q = P / 2;
    u32* F = (u32*) (s + N + N / 16);
    u32* red = F + T; // red[0]: max error (float bits), red[1]: bad flag
    const int half = 1 << (twLog - 1);
    const int tstride = 1 << (twLog - LOGN);
    const int L = 4 * M;

    // digits: z_j = (d_j, d'_j), zero from L
    FPB_FOR (ex, lt) {
        if (lt == 0) {
            red[0] = 0;
            red[1] = 0;
        }
#pragma unroll
        for (int q = 0; q < (P + 7) / 8; q++) {
            const int l = lt + q * T;
            if (l < M) {
                const u64 x = a[l], xp = l > 0 ? a[l - 1] : 0, y = b[l], yp = l > 0 ? b[l - 1] : 0;
#pragma unroll
                for (int i = 0; i < 4; i++) {
                    const int cx = i == 0 ? (int) (xp >> 63) : (int) ((x >> (16 * i - 1)) & 1);
                    const int cy = i == 0 ? (int) (yp >> 63) : (int) ((y >> (16 * i - 1)) & 1);
                    const bool top = l == M - 1 && i == 3;
                    const int dx = (int) ((x >> (16 * i)) & 0xffff) + cx - (top ? 0 : (int) ((x >> (16 * i + 15)) & 1) << 16);
                    const int dy = (int) ((y >> (16 * i)) & 0xffff) + cy - (top ? 0 : (int) ((y >> (16 * i + 15)) & 1) << 16);
                    s[FPB_PAD(4 * l + i)] = fpb_c((double) dx, (double) dy);
                }
            }
        }
        for (int j = L + lt; j < N / 2; j += T) { // the upper half is never read (zeroTop)
            s[FPB_PAD(j)] = fpb_c(0.0, 0.0);
        }
    }
    ex.sync();

    fpb_fft<LOGN, P, true>(ex, regs, s, T, tw, tstride, half, ptab ? ptab + H : nullptr);

    // separation, pointwise product, packing; group k in [0, H/2] reads Z_k, Z_(N-k), Z_(k+H),
    // Z_(H-k) and writes conj(8 X_k) to s[k] and conj(8 X_(H-k)) to s[H-k] (disjoint groups)
    FPB_FOR (ex, lt) {
        for (int k = lt; k <= H / 2; k += T) {
            const double2 zk = s[FPB_PAD(k)];
            const double2 zm = s[FPB_PAD((N - k) & (N - 1))];
            const double2 zh = s[FPB_PAD(k + H)];
            const double2 zg = s[FPB_PAD(H - k)];
            // 2 A = Z_k + conj Z_(N-k), 2 B = (Z_k - conj Z_(N-k)) / i
            const double2 p0 = fpb_cmul(fpb_c(zk.x + zm.x, zk.y - zm.y), fpb_c(zk.y + zm.y, zm.x - zk.x)); // 4 P_k
            const double2 p1 = fpb_cmul(fpb_c(zh.x + zg.x, zh.y - zg.y), fpb_c(zh.y + zg.y, zg.x - zh.x)); // 4 P_(k+H)
            const double2 wk = ptab ? fpb_ld(&ptab[k]) : fpb_tw(tw, k * tstride, half);
            // 8 E_k = 4 P_k + 4 P_(k+H); 8 O_k = (4 P_k - 4 P_(k+H)) conj(w_k)
            const double2 e = fpb_c(p0.x + p1.x, p0.y + p1.y);
            const double2 o = fpb_cmul(fpb_c(p0.x - p1.x, p0.y - p1.y), fpb_c(wk.x, -wk.y));
            // X = E + i O; store conj X
            s[FPB_PAD(k)] = fpb_c(e.x - o.y, -(e.y + o.x));
            if (k > 0 && k < H / 2) {
                // P_(H-k) = conj P_(k+H), P_(N-k) = conj P_k
                const double2 wg = ptab ? fpb_ld(&ptab[H - k]) : fpb_tw(tw, (H - k) * tstride, half);
                const double2 e2 = fpb_c(p1.x + p0.x, -p1.y - p0.y);
                const double2 o2 = fpb_cmul(fpb_c(p1.x - p0.x, p0.y - p1.y), fpb_c(wg.x, -wg.y));
                s[FPB_PAD(H - k)] = fpb_c(e2.x - o2.y, -(e2.y + o2.x));
            }
        }
    }
    ex.sync();

    fpb_fft<LOGN - 1, P / 2, false>(ex, regs, s, T, tw, 2 * tstride, half,
                                    ptab ? ptab + H + fpb_tab_entries(LOGN, fpb_log2(P)) : nullptr);

    // rounding, check, carries
    const double scale = 1.0 / (4.0 * N);
    FPB_FOR (ex, lt) {
        FpbRegs<P>& rg = regs[Ex::HOST ? lt : 0];
        const int m0 = lt * Q;
        long long hiPrev = 0;
        double err = 0;
        if (m0 > 0) {
            const double2 y = s[FPB_PAD(m0 - 1)];
            const long long c0 = llrint(y.x * scale), c1 = llrint(-y.y * scale);
            hiPrev = (c0 + c1 * 65536) >> 32;
        }
#pragma unroll
        for (int i = 0; i < Q; i++) {
            const double2 y = s[FPB_PAD(m0 + i)];
            const double v0 = y.x * scale, v1 = -y.y * scale;
            const long long c0 = llrint(v0), c1 = llrint(v1);
            err = fmax(err, fmax(fabs(v0 - (double) c0), fabs(v1 - (double) c1)));
            if (!(v0 == v0) || !(v1 == v1)) {
                err = 1e300; // NaN: fmax would drop it
            }
            const long long S = c0 + c1 * 65536;
            rg.t[i] = (S & 0xffffffffll) + hiPrev;
            hiPrev = S >> 32;
        }
        u32 f = 0;
#pragma unroll
        for (int x = -1; x <= 1; x++) {
            long long cy = x;
#pragma unroll
            for (int i = 0; i < Q; i++) {
                cy = (rg.t[i] + cy) >> 32;
            }
            f |= (u32) (cy + 1) << (2 * (x + 1));
        }
        F[lt] = f;
        ex.max_float(&red[0], (float) err);
        if (!(err <= margin)) {
            red[1] = 1;
        }
    }
    ex.sync();
    for (int d = 1; d < T; d <<= 1) {
        FPB_FOR (ex, lt) {
            FpbRegs<P>& rg = regs[Ex::HOST ? lt : 0];
            rg.f = lt >= d ? fpb_fcompose(F[lt], F[lt - d]) : F[lt];
        }
        ex.sync();
        FPB_FOR (ex, lt) {
            F[lt] = regs[Ex::HOST ? lt : 0].f;
        }
        ex.sync();
    }
    FPB_FOR (ex, lt) {
        FpbRegs<P>& rg = regs[Ex::HOST ? lt : 0];
        long long cy = lt > 0 ? fpb_fapply(F[lt - 1], 0) : 0;
        const int m0 = lt * Q;
        u32 w[Q];
#pragma unroll
        for (int i = 0; i < Q; i++) {
            const long long v = rg.t[i] + cy;
            w[i] = (u32) (v & 0xffffffffll);
            cy = v >> 32;
        }
        if (write) { // the L = 4 M output words, in pairs (m0 + i even, L a multiple of 4)
#pragma unroll
            for (int i = 0; i < Q; i += 2) {
                if (m0 + i < L) {
                    c[(m0 + i) / 2] = (u64) w[i] | ((u64) w[i + 1] << 32);
                }
            }
        }
        if (lt == 0) {
            *flagOut = (red[1] != 0 || forceFail) ? 1u : 0u;
            if (errOut) {
                *errOut = ex.float_of(red[0]);
            }
        }
    }
}

#ifdef __CUDACC__
struct FpbDevice {
    static const bool HOST = false;
    int lo, hi; // [lt, lt + 1), empty for threads past the block's instances or the batch (barriers only)
    __device__ __forceinline__ void sync() {
        __syncthreads();
    }
    __device__ __forceinline__ void max_float(u32* p, float v) {
        atomicMax(p, __float_as_uint(v)); // v >= 0 (or +inf): the bits order as the values
    }
    __device__ __forceinline__ float float_of(u32 bits) {
        return __uint_as_float(bits);
    }
};

template <int N, int P>
__device__ __forceinline__ void fpb_mul(const u64* __restrict__ a, long long sa, const u64* __restrict__ b,
                                        long long sb, u64* __restrict__ c, long long sc, int M, long long count,
                                        const double2* __restrict__ tw, int twLog, u32* __restrict__ flags,
                                        float* __restrict__ errs, double margin, long long failInst,
                                        const double2* __restrict__ ptab) {
    extern __shared__ double2 fpb_sh[];
    constexpr int T = N / P;
    const int ipb = blockDim.x / T;
    const int il = threadIdx.x / T;
    const int lt = threadIdx.x - il * T;
    const long long inst = (long long) blockIdx.x * ipb + il;
    const bool active = il < ipb && inst < count;
    const long long ii = active ? inst : 0;
    double2* s = (double2*) ((char*) fpb_sh + (size_t) (active ? il : 0) * FPB_SHARED(N, T));
    FpbDevice ex{lt, active ? lt + 1 : lt};
    FpbRegs<P> regs[1];
    fpb_product<N, P>(ex, regs, a + ii * sa, b + ii * sb, c + ii * sc, M, s, tw, twLog, margin, ii == failInst,
                      flags + ii, errs ? errs + ii : nullptr, active, ptab);
}

#define FPB_KERNEL(N, P, BOUND)                                                                          \
    extern "C" __global__ void __launch_bounds__(BOUND) fpb_mul_n##N##_p##P(                             \
            const u64* __restrict__ a, long long sa, const u64* __restrict__ b, long long sb,              \
            u64* __restrict__ c, long long sc, int M, long long count, const double2* __restrict__ tw,     \
            int twLog, u32* __restrict__ flags, float* __restrict__ errs, double margin, long long failInst) { \
        fpb_mul<N, P>(a, sa, b, sb, c, sc, M, count, tw, twLog, flags, errs, margin, failInst, nullptr);   \
    }                                                                                                    \
    extern "C" __global__ void __launch_bounds__(BOUND) fpb_mul_n##N##_p##P##t(                          \
            const u64* __restrict__ a, long long sa, const u64* __restrict__ b, long long sb,              \
            u64* __restrict__ c, long long sc, int M, long long count, const double2* __restrict__ tw,     \
            int twLog, u32* __restrict__ flags, float* __restrict__ errs, double margin, long long failInst, \
            const double2* __restrict__ ptab) {                                                          \
        fpb_mul<N, P>(a, sa, b, sb, c, sc, M, count, tw, twLog, flags, errs, margin, failInst, ptab);      \
    }

// The instance tables of the fpb_mul_nN_pPt kernels (fpb_tab_value): out[i] for i < count =
// N/2 + fpb_tab_entries(logN, lp) + fpb_tab_entries(logN - 1, lp - 1), lp = log2 P; any grid.
extern "C" __global__ void fpb_tables(const double2* __restrict__ tw, int twLog, int logN, int lp,
                                      double2* __restrict__ out, int count) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x) {
        double2 v;
        if (fpb_tab_value(i, logN, lp, tw, twLog, &v)) {
            out[i] = v;
        }
    }
}

#ifndef FPB_NO_KERNELS // (the harness's host-only build of its sim mode)
FPB_KERNEL(64, 8, 256)
FPB_KERNEL(128, 8, 256)
FPB_KERNEL(256, 8, 256)
FPB_KERNEL(512, 8, 256)
FPB_KERNEL(1024, 8, 256)
FPB_KERNEL(2048, 8, 256)
FPB_KERNEL(4096, 8, 512)
FPB_KERNEL(8192, 8, 1024)
FPB_KERNEL(64, 16, 256)
FPB_KERNEL(128, 16, 256)
FPB_KERNEL(256, 16, 256)
FPB_KERNEL(512, 16, 256)
FPB_KERNEL(1024, 16, 256)
FPB_KERNEL(2048, 16, 256)
FPB_KERNEL(4096, 16, 256)
FPB_KERNEL(8192, 16, 512)
#endif
#endif

#endif
