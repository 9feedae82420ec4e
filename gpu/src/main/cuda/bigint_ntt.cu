// Batched exact product of fixed-size unsigned big integers by a number-theoretic transform inside
// one CUDA block (modalg gpu layer): the FFT product of C. E. Oancea and S. M. Watt, "GPU
// implementations for midsize integer addition and multiplication"
// (../shared/papers/gpu-midsize-integer-add-mul.txt, section 4), made exact for full-entropy
// operands by three 30-bit primes and a CRT done in the kernel (the paper's single-prime fields
// cannot hold the convolution bound; see EXACTNESS below).
//
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT (the data contract of bigint.cu's products)
// ----------------------------------------------------------------------------------------------
// Data. An instance is an unsigned integer of M 64-bit limbs, LITTLE-ENDIAN by limb (limb j has
// weight 2^(64 j), a Java long read as unsigned). Instance i of an operand x with stride s (in
// limbs, s >= M) occupies x[i s .. i s + M - 1]; limbs between M and s are neither read nor
// written. A, B and C have their own strides. Out-of-place only: C must not overlap A or B (A and
// B may be the same buffer with the same stride: the product is then a square, and one forward
// transform per prime is saved). count >= 1 instances (64-bit index). 1 <= M <= 4096 (2^18 bits).
//
// bnt_init()
//     Fills the module's twiddle tables (global memory, 1.1 MiB). Launch it once per context
//     (module load) before the first product, with any grid and block shape (e.g. <<<96, 256>>>);
//     it is idempotent (every launch writes the same values).
// bnt_mul_d4(a, strideA, b, strideB, c, strideC, M, count)
// bnt_mul_d8, bnt_mul_d4c, bnt_mul_d8c, bnt_mul_d4l, bnt_mul_d8l (same arguments)
//     c_i = a_i * b_i, the full product: 2 M limbs, so strideC >= 2 M. All six give the same
//     limbs; they differ in the threads per instance (D = 4 or 8) and in the arithmetic: strict
//     residues in [0, p) with Montgomery twiddles (no suffix), the same with two of each radix-4
//     pass's three twiddles computed instead of loaded (c), lazy residues in [0, 2p) with Shoup's
//     twiddle products (l). Measured on an H200 (gpu/BENCHMARKS.md, "In-block NTT product"):
//     bnt_mul_d8l in blocks of about 128 threads is the fastest at every size of 2^11 .. 2^18
//     bits (d4l ties from 2^17); it beats bi_mul32_q8 from 2^12 bits (20x at 2^18) and CGBN at
//     2^15 bits.
//
// Launch. Let L = 2^lgL be the least power of two >= 4 M (the transform length: 32-bit digits,
// 2 M per operand, a cyclic convolution of length L >= 4 M - 1 does not wrap around), so
// 4 <= L <= 2^14, and T = min(1024, max(1, L / D)) the threads of one instance (D = 4 or 8, from
// the kernel's name). blockDim.x = any multiple of 32 in [T, 1024]; the kernel takes
// ipb = floor(blockDim.x / T) instances per block (threads past ipb T idle), so
// gridDim.x = ceil(count / ipb). Dynamic shared memory: ipb * 3 L * 4 bytes (12 L bytes per
// instance: 192 KiB at 2^18 bits); static shared memory 8320 bytes. When static + dynamic exceeds
// 48 KiB the host must first raise the kernel's limit (cuFuncSetAttribute(f,
// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes)); 2^18 bits needs sm_80 or later
// (200.1 KiB in all, against 227 KiB per block on sm_90). All arguments are trusted (no checks in
// the kernels): the host validates M, strides, count, the launch shape and the shared memory.
// ----------------------------------------------------------------------------------------------
//
// Representation. Each operand is read as n = 2 M little-endian 32-bit digits (the limbs' halves),
// so a_i = sum_k d_k 2^(32 k), and the product is sum_k c_k 2^(32 k) with the convolution
// c_k = sum_(i+j=k) d_i e_j (k <= 4 M - 2). The kernel computes c_k modulo three primes by a
// length-L cyclic convolution (forward transforms of both operands, pointwise product, inverse
// transform), recovers each c_k from its three residues by Garner's CRT, and propagates the
// carries of sum_k c_k 2^(32 k) into the 4 M output words.
//
// Primes (p = k 2^e + 1, all three below 2^30, so that 4 p < 2^32: the lazy butterflies' sums fit
// a word, and the Montgomery product of two lazy residues, below 4 p^2 < p 2^32, is exact):
//     p0 = 1004535809 = 479 2^21 + 1 (primitive root 3)
//     p1 =  998244353 = 119 2^23 + 1 (primitive root 3)
//     p2 =  985661441 = 235 2^22 + 1 (primitive root 3)
// 2^21 divides every p - 1, so each field has the 2^14-th roots of unity the transforms need.
//
// EXACTNESS (the convolution bound). Every digit is at most 2^32 - 1 and every c_k has at most
// n = 2 M <= 2^13 terms, so
//     0 <= c_k <= n (2^32 - 1)^2 <= 2^13 (2^32 - 1)^2 = 151115727381459902668800 < 2^77,
// while
//     P = p0 p1 p2 = 988393890385622438779027457 > 2^89.6.
// So n (2^32 - 1)^2 < P for every M <= 4096 (it holds for n up to 53580940 > 2^25.6), and c_k,
// known modulo P by the CRT, is recovered exactly as the unique representative in [0, P): this
// holds for every input, full-entropy and all-ones digits (the extreme case) included. Each
// residue c_k mod p is itself exact: the transform length L >= 4 M > 2 n - 1 makes the cyclic
// convolution the acyclic one, L divides p - 1 and is invertible modulo p. Garner: with r_i the
// residues, y1 = (r1 - r0) p0^-1 mod p1, v = r0 + p0 y1 < p0 p1 < 2^60 (64-bit), y2 = (r2 - v)
// (p0 p1)^-1 mod p2, and c = v + (p0 p1) y2 < P, computed in 128-bit arithmetic (it is below 2^77
// by the bound, so its third 32-bit word is below 2^13). A single 31-bit prime (the paper's
// PrimeField32 with 15-bit digits: n 2^30 needs n < 3 for p = 3221225473) or two (P < 2^62 <
// 2^64 (2^32 - 1)^2) cannot hold the bound for 32-bit digits; 16-bit digits with two primes
// would, but with twice the transform length.
//
// Arithmetic modulo p (all in 32-bit words; x - m for x in [0, 2m) is min(x, x - m) unsigned).
// Strict (kernels without the l suffix): residues in [0, p); the Montgomery product
// bnt_mont(a, b) = a b 2^-32 mod p for a b < p 2^32 (exact: see bnt_mont); twiddles stored
// times 2^32 (Montgomery form), so bnt_mont(x, w 2^32) = x w. Lazy (Harvey's butterflies, the l
// kernels): residues in [0, 2p) between passes; twiddle products by Shoup's method,
// x w - hi(x floor(w 2^32 / p)) p in [0, 2p) for any 32-bit x (so the difference x - y + 2p < 4p
// needs no reduction first); one conditional subtraction of 2p per sum. In both, the pointwise
// product is bnt_mont (lazy inputs below 2p: a b < 4 p^2 < p 2^32), the digits enter reduced
// by Shoup's product by 1, and the inverse transform's factor L^-1 and the 2^-32 of the
// pointwise product are removed at once by bnt_mont(x, L^-1 2^64 mod p), which also ends in
// [0, p) for the CRT.
//
// Transforms. Forward: decimation in frequency (Gentleman-Sande), natural order in, bit-reversed
// out; inverse: decimation in time (Cooley-Tukey) with the inverse roots, bit-reversed in,
// natural out; no permutation is needed and the pointwise product runs in bit-reversed order.
// Radix 4 (two stages per pass, one barrier per pass; see bnt_conv for the schedule): thread t of
// an instance takes the quads t, t + T, .. (two at a time, loads first). Twiddle tables:
// tw[h + j] = w_(2h)^j for h = 1, 2, .., 2^13 and j < h, with w_(2h) = g^((p-1)/(2h)) the
// primitive 2h-th root, in three kinds (Montgomery form, plain, Shoup's quotient); the stage of
// span h of any length reads it at h + j (no stride). The forward transform's first two stages,
// on operands whose upper half is zero, are folded into the load; its last two stages, the
// pointwise product and the inverse's first two share one pass on four consecutive words.
//
// Shared memory per instance: three regions X, Y, Z of L words. Prime p0 is computed in X, Y; its
// residues (scaled) are parked in the instance's own output words in global memory (4 M words,
// exactly the output's size; the block reads them back before it overwrites them with the
// product). Prime p1 in X, Y (residues stay in X); prime p2 in Y, Z (residues in Y).
//
// CRT and carries. One pass (thread t: coefficients t, t + T, ..) computes c_k and stores its
// three 32-bit words in X[k], Y[k], Z[k]. Thread t then owns the output words
// [t Q, t Q + Q) (Q = ceil(4 M / T), rounded up to an odd number so that the threads' strided
// shared accesses hit distinct banks) and sums word k = X[k] + Y[k-1] + Z[k-2] + carry along its
// chunk (the running carry stays below 4); the chunk's final carry e_t <= 3 is added to the
// next chunk's first words, which gives each chunk its carry-out g (0 or 1) and the flag p (all
// words all ones); a segmented block scan of the packed (g, p) flags (as in bigint.cu) gives each
// chunk its carry-in, which is added last. The carry out of the top chunk is zero: the product fits
// 4 M words.
//
// The same code (bnt_product) runs on the host in the harness (src/test/cuda/bigint_ntt_harness.cu,
// mode sim), one simulated thread after the other between barriers, and is checked there and on
// the device bit for bit against a CPU schoolbook.

typedef unsigned long long u64;
typedef unsigned int u32;

#define BNT_LG_MAX 14
#define BNT_L_MAX (1 << BNT_LG_MAX)

template <int PI>
struct BntPrime;
// p, p^-1 mod 2^32, 2^96 mod p, a primitive root, floor(2^32 / p)
template <>
struct BntPrime<0> {
    static constexpr u32 p = 1004535809u, pinv = 3290431489u, r3 = 770143327u, g = 3u, v1 = 4u;
};
template <>
struct BntPrime<1> {
    static constexpr u32 p = 998244353u, pinv = 3296722945u, r3 = 679058953u, g = 3u, v1 = 4u;
};
template <>
struct BntPrime<2> {
    static constexpr u32 p = 985661441u, pinv = 3309305857u, r3 = 862208618u, g = 3u, v1 = 4u;
};

// Garner's constants (Montgomery form where they are multiplied by bnt_mont):
// p0^-1 2^32 mod p1, p0 2^32 mod p2, (p0 p1)^-1 2^32 mod p2, and p0 p1.
#define BNT_C1 665496918u
#define BNT_P0_P2 513347114u
#define BNT_C2 146006092u
#define BNT_P01 1002772198720536577ull

__host__ __device__ __forceinline__ u32 bnt_umin(u32 a, u32 b) {
    return a < b ? a : b;
}

__host__ __device__ __forceinline__ u32 bnt_mulhi(u32 a, u32 b) {
#ifdef __CUDA_ARCH__
    return __umulhi(a, b);
#else
    return (u32) (((u64) a * b) >> 32);
#endif
}

// x - m for x in [0, 2m) as min(x, x - m) (unsigned: x - m wraps above x when x < m < 2^31).
__host__ __device__ __forceinline__ u32 bnt_csub(u32 x, u32 m) {
    return bnt_umin(x, x - m);
}

// Montgomery product a b 2^-32 mod p in [0, p), for a b < p 2^32 (p < 2^30 odd): with t = a b
// and m = t p^-1 mod 2^32, m p has the low word of t, so t - m p = (hi(t) - hi(m p)) 2^32 exactly,
// and hi(t) - hi(m p) + p lies in (0, 2p).
__host__ __device__ __forceinline__ u32 bnt_mont(u32 a, u32 b, u32 p, u32 pinv) {
    const u64 t = (u64) a * b;
    const u32 m = (u32) t * pinv;
    const u32 mp = bnt_mulhi(m, p);
    return bnt_csub((u32) (t >> 32) - mp + p, p);
}

// Shoup's product x w mod p in [0, 2p), for any 32-bit x and w < p with wq = floor(w 2^32 / p):
// q = hi(x wq) is floor(x w / p) or one less, so x w - q p (computed modulo 2^32) lies in [0, 2p).
__host__ __device__ __forceinline__ u32 bnt_shoup(u32 x, u32 w, u32 wq, u32 p) {
    return x * w - bnt_mulhi(x, wq) * p;
}

__host__ __device__ __forceinline__ u32 bnt_add(u32 a, u32 b, u32 p) {
    return bnt_csub(a + b, p); // a, b < p
}

__host__ __device__ __forceinline__ u32 bnt_sub(u32 a, u32 b, u32 p) {
    return bnt_csub(a - b + p, p);
}

// A 32-bit digit modulo p: Shoup's product by 1 (floor(2^32 / p) = v1), in [0, 2p); strict:
// then in [0, p).
template <int PI>
__host__ __device__ __forceinline__ u32 bnt_reduce2(u32 d) {
    return bnt_shoup(d, 1u, BntPrime<PI>::v1, BntPrime<PI>::p);
}

template <int PI>
__host__ __device__ __forceinline__ u32 bnt_reduce(u32 d) {
    return bnt_csub(bnt_reduce2<PI>(d), BntPrime<PI>::p);
}

__host__ __device__ inline u32 bnt_pow(u64 x, u64 e, u32 p) {
    u64 r = 1;
    x %= p;
    while (e) {
        if (e & 1) r = r * x % p;
        x = x * x % p;
        e >>= 1;
    }
    return (u32) r;
}

// Entry idx (1 <= idx < 2^14) of a twiddle table of prime pi in direction dir (0 forward, 1
// inverse): with h the largest power of two <= idx, j = idx - h and w = w_(2h)^(+-j), for kind 0
// w 2^32 mod p (Montgomery form), kind 1 w, kind 2 floor(w 2^32 / p) (Shoup's quotient).
__host__ __device__ inline u32 bnt_tw_entry(int kind, int pi, int dir, int idx) {
    const u32 p = pi == 0 ? BntPrime<0>::p : pi == 1 ? BntPrime<1>::p : BntPrime<2>::p;
    const u32 g = pi == 0 ? BntPrime<0>::g : pi == 1 ? BntPrime<1>::g : BntPrime<2>::g;
    if (idx < 1) return 0;
    int h = 1;
    while (2 * h <= idx) h *= 2;
    const int j = idx - h;
    const u32 w0 = bnt_pow(g, (p - 1) / (2 * (u64) h), p);
    const u64 e = dir == 0 ? (u64) j : (u64) ((2 * h - j) % (2 * h));
    const u64 w = bnt_pow(w0, e, p);
    return kind == 1 ? (u32) w : kind == 0 ? (u32) ((w << 32) % p) : (u32) ((w << 32) / p);
}

// Table layout (32-bit words): the Montgomery-form tables [prime][direction][index] (BNT_L_MAX
// words each), then the lazy tables [prime][direction][index] of pairs (w, floor(w 2^32 / p)),
// interleaved so that one 8-byte load fetches both (2 BNT_L_MAX words each).
#define BNT_TAB(pi, dir) (((pi) * 2 + (dir)) * BNT_L_MAX)
#define BNT_TABP(pi, dir) (6 * BNT_L_MAX + ((pi) * 2 + (dir)) * 2 * BNT_L_MAX)
#define BNT_TAB_WORDS (18 * BNT_L_MAX)

// Word x of the whole table (what bnt_init writes).
__host__ __device__ inline u32 bnt_table_word(int x) {
    if (x < 6 * BNT_L_MAX) {
        const int t = x / BNT_L_MAX;
        return bnt_tw_entry(0, t / 2, t & 1, x % BNT_L_MAX);
    }
    const int y = x - 6 * BNT_L_MAX;
    const int t = y / (2 * BNT_L_MAX);
    return bnt_tw_entry(1 + (y & 1), t / 2, t & 1, (y % (2 * BNT_L_MAX)) / 2);
}

// lg of the transform length: the least L = 2^lg >= 4 M.
__host__ __device__ __forceinline__ int bnt_lg_len(int M) {
    int lg = 2;
    while ((1 << lg) < 4 * M) lg++;
    return lg;
}

// Threads of one instance for the kernel with divisor D.
__host__ __device__ __forceinline__ int bnt_threads(int L, int D) {
    const int t = L / D;
    return t < 1 ? 1 : t > 1024 ? 1024 : t;
}

// L^-1 2^64 mod p: removes the inverse transform's factor L and the pointwise product's 2^-32.
template <int PI>
__host__ __device__ __forceinline__ u32 bnt_scale(int lgL) {
    constexpr u32 p = BntPrime<PI>::p;
    const u32 linv = p - ((p - 1) >> lgL); // L divides p - 1: L (p - (p-1)/L) = 1 mod p
    return bnt_mont(linv, BntPrime<PI>::r3, p, BntPrime<PI>::pinv);
}

#ifdef __CUDA_ARCH__
#define BNT_LDG(p) __ldg(p)
#else
#define BNT_LDG(p) (*(p))
#endif

// A twiddle: w (Montgomery form for the strict arithmetic; plain, with Shoup's quotient q, for
// the lazy one) and its tables.
struct BntW {
    u32 w, q;
};

struct BntTab {
    const u32* w;  // strict: Montgomery form
    const uint2* wq; // lazy: (w, Shoup's quotient)
};

template <bool LZ>
__host__ __device__ __forceinline__ BntW bnt_ldw(const BntTab& t, int idx) {
    BntW r;
    if (LZ) {
        const uint2 v = BNT_LDG(t.wq + idx);
        r.w = v.x;
        r.q = v.y;
    } else {
        r.w = BNT_LDG(t.w + idx);
        r.q = 0u;
    }
    return r;
}

// The butterflies. Strict (LZ false): residues in [0, p), twiddles in Montgomery form. Lazy (LZ
// true, Harvey's): residues in [0, 2p) (2p < 2^31), twiddle products by Shoup's method, whose
// input may be any 32-bit word (so x - y + 2p < 4p < 2^32 needs no reduction before it).
// x w for the load's first stage.
template <int PI, bool LZ>
__host__ __device__ __forceinline__ u32 bnt_mulw(u32 x, BntW w) {
    constexpr u32 p = BntPrime<PI>::p;
    return LZ ? bnt_shoup(x, w.w, w.q, p) : bnt_mont(x, w.w, p, BntPrime<PI>::pinv);
}

// Forward (DIF): (x, y) -> (x + y, (x - y) w).
template <int PI, bool LZ>
__host__ __device__ __forceinline__ void bnt_dif2(u32& x, u32& y, BntW w) {
    constexpr u32 p = BntPrime<PI>::p;
    if (LZ) {
        const u32 s = bnt_csub(x + y, 2 * p);
        y = bnt_shoup(x - y + 2 * p, w.w, w.q, p);
        x = s;
    } else {
        const u32 s = bnt_add(x, y, p);
        y = bnt_mont(bnt_sub(x, y, p), w.w, p, BntPrime<PI>::pinv);
        x = s;
    }
}

// Inverse (DIT): (x, y) -> (x + y w, x - y w).
template <int PI, bool LZ>
__host__ __device__ __forceinline__ void bnt_dit2(u32& x, u32& y, BntW w) {
    constexpr u32 p = BntPrime<PI>::p;
    if (LZ) {
        const u32 t = bnt_shoup(y, w.w, w.q, p);
        y = bnt_csub(x - t + 2 * p, 2 * p);
        x = bnt_csub(x + t, 2 * p);
    } else {
        const u32 t = bnt_mont(y, w.w, p, BntPrime<PI>::pinv);
        y = bnt_sub(x, t, p);
        x = bnt_add(x, t, p);
    }
}

// Twiddle-free butterfly (x, y) -> (x + y, x - y).
template <int PI, bool LZ>
__host__ __device__ __forceinline__ void bnt_bf(u32& x, u32& y) {
    constexpr u32 p = BntPrime<PI>::p;
    if (LZ) {
        const u32 s = bnt_csub(x + y, 2 * p);
        y = bnt_csub(x - y + 2 * p, 2 * p);
        x = s;
    } else {
        const u32 s = bnt_add(x, y, p);
        y = bnt_sub(x, y, p);
        x = s;
    }
}

// Forward stages 2^e and 2^(e-1) in one pass (radix 4) on N independent quads (array P[n], quad
// Q[n]), all loads first so that their latencies overlap: quad q reads i, i + h/2, i + h, i + 3h/2
// (h = 2^e, j = q mod h/2, i = 4 (q - j) + j). TWC (strict only): two of the three twiddles
// derived from the first by two products instead of two loads.
template <int PI, int N, bool TWC, bool LZ>
__host__ __device__ __forceinline__ void bnt_dif4(u32* const* P, const int* Q, int e, const BntTab& tw, BntW w4) {
    constexpr u32 p = BntPrime<PI>::p;
    constexpr u32 pinv = BntPrime<PI>::pinv;
    const int hh = 1 << (e - 1);
    u32 x[N][4];
    BntW wa[N], wb[N], wc[N];
    int at[N];
#pragma unroll
    for (int n = 0; n < N; n++) {
        const int j = Q[n] & (hh - 1);
        at[n] = 4 * (Q[n] - j) + j;
        wa[n] = bnt_ldw<LZ>(tw, 2 * hh + j);
        if (!TWC) {
            wb[n] = bnt_ldw<LZ>(tw, 3 * hh + j);
            wc[n] = bnt_ldw<LZ>(tw, hh + j);
        }
#pragma unroll
        for (int r = 0; r < 4; r++) x[n][r] = P[n][at[n] + r * hh];
    }
    if (TWC) { // w_(4hh)^(j+hh) = w_(4hh)^j w_4 and w_(2hh)^j = (w_(4hh)^j)^2
#pragma unroll
        for (int n = 0; n < N; n++) {
            wb[n].w = bnt_mont(wa[n].w, w4.w, p, pinv);
            wc[n].w = bnt_mont(wa[n].w, wa[n].w, p, pinv);
            wb[n].q = wc[n].q = 0u;
        }
    }
#pragma unroll
    for (int n = 0; n < N; n++) {
        bnt_dif2<PI, LZ>(x[n][0], x[n][2], wa[n]);
        bnt_dif2<PI, LZ>(x[n][1], x[n][3], wb[n]);
        bnt_dif2<PI, LZ>(x[n][0], x[n][1], wc[n]);
        bnt_dif2<PI, LZ>(x[n][2], x[n][3], wc[n]);
    }
#pragma unroll
    for (int n = 0; n < N; n++) {
#pragma unroll
        for (int r = 0; r < 4; r++) P[n][at[n] + r * hh] = x[n][r];
    }
}

// Inverse stages 2^e and 2^(e+1) in one pass on N independent quads: quad q reads i, i + h,
// i + 2h, i + 3h (h = 2^e, j = q mod h, i = 4 (q - j) + j).
template <int PI, int N, bool TWC, bool LZ>
__host__ __device__ __forceinline__ void bnt_dit4(u32* U, const int* Q, int e, const BntTab& twi, BntW w4i) {
    constexpr u32 p = BntPrime<PI>::p;
    constexpr u32 pinv = BntPrime<PI>::pinv;
    const int h = 1 << e;
    u32 x[N][4];
    BntW wa[N], wb[N], wc[N];
    int at[N];
#pragma unroll
    for (int n = 0; n < N; n++) {
        const int j = Q[n] & (h - 1);
        at[n] = 4 * (Q[n] - j) + j;
        wb[n] = bnt_ldw<LZ>(twi, 2 * h + j);
        if (!TWC) {
            wa[n] = bnt_ldw<LZ>(twi, h + j);
            wc[n] = bnt_ldw<LZ>(twi, 3 * h + j);
        }
#pragma unroll
        for (int r = 0; r < 4; r++) x[n][r] = U[at[n] + r * h];
    }
    if (TWC) { // w_(2h)^-j = (w_(4h)^-j)^2 and w_(4h)^-(j+h) = w_(4h)^-j w_4^-1
#pragma unroll
        for (int n = 0; n < N; n++) {
            wa[n].w = bnt_mont(wb[n].w, wb[n].w, p, pinv);
            wc[n].w = bnt_mont(wb[n].w, w4i.w, p, pinv);
            wa[n].q = wc[n].q = 0u;
        }
    }
#pragma unroll
    for (int n = 0; n < N; n++) {
        bnt_dit2<PI, LZ>(x[n][0], x[n][1], wa[n]);
        bnt_dit2<PI, LZ>(x[n][2], x[n][3], wa[n]);
        bnt_dit2<PI, LZ>(x[n][0], x[n][2], wb[n]);
        bnt_dit2<PI, LZ>(x[n][1], x[n][3], wc[n]);
    }
#pragma unroll
    for (int n = 0; n < N; n++) {
#pragma unroll
        for (int r = 0; r < 4; r++) U[at[n] + r * h] = x[n][r];
    }
}

// The cyclic convolution of the operands' digits modulo prime PI, unscaled (times L 2^-32), in
// U (natural order, residues in [0, p) strict, [0, 2p) lazy); V is scratch (unused for a square).
// aw, bw: the operands' 32-bit digits, n2 of them; tw, twi: the prime's forward and inverse
// tables (Montgomery form strict; plain with Shoup's quotients lazy).
//
// Schedule of the stages (exponent e: butterflies of span 2^e; forward e = lgH .. 0, inverse
// e = 0 .. lgH, H = L/2), one barrier per pass: the load does forward e = lgH (the upper halves
// of the operands are zero: x -> (x, x w^k)) and e = lgH - 1 when the middle pass does not; the
// forward stages in between go two per pass (radix 4, one radix-2 pass when their number is odd);
// the middle pass does forward e = 1, 0, the pointwise product and inverse e = 0, 1 on four
// consecutive words (e = 0 only for L = 4); the inverse stages above go two per pass. The
// pointwise product is bnt_mont in both arithmetics (lazy inputs below 2p: a b < 4 p^2 < p 2^32).
template <int PI, bool TWC, bool LZ, class EX>
__host__ __device__ __forceinline__ void bnt_conv(EX& ex, u32* __restrict__ U, u32* __restrict__ V,
                                                  const u32* __restrict__ aw, const u32* __restrict__ bw, bool square,
                                                  int n2, int lgL, int T, const BntTab& tw, const BntTab& twi) {
    constexpr u32 p = BntPrime<PI>::p;
    constexpr u32 pinv = BntPrime<PI>::pinv;
    const int lgH = lgL - 1;
    const int H = 1 << lgH;
    const int L4 = 1 << (lgL - 2);
    const bool mid4 = lgH >= 2;
    const int midTop = mid4 ? 1 : 0;
    const bool load4 = lgH - 1 > midTop;
    const BntW w4 = bnt_ldw<LZ>(tw, 3), w4i = bnt_ldw<LZ>(twi, 3); // the 4th roots of unity (L >= 4)
    auto digit = [&](const u32* __restrict__ d, int k) -> u32 {
        return k < n2 ? (LZ ? bnt_reduce2<PI>(d[k]) : bnt_reduce<PI>(d[k])) : 0u;
    };
    if (load4) {
        ex.step([&](int lt) { // forward e = lgH (folded: upper halves zero) and e = lgH - 1
            const int H2 = H >> 1;
            for (int k = lt; k < H2; k += T) {
                const BntW wa = bnt_ldw<LZ>(tw, H + k);
                BntW wb, wc;
                if (TWC) {
                    wb.w = bnt_mont(wa.w, w4.w, p, pinv);
                    wc.w = bnt_mont(wa.w, wa.w, p, pinv);
                    wb.q = wc.q = 0u;
                } else {
                    wb = bnt_ldw<LZ>(tw, H + H2 + k);
                    wc = bnt_ldw<LZ>(tw, H2 + k);
                }
                {
                    u32 x0 = digit(aw, k), x1 = digit(aw, k + H2);
                    u32 x2 = bnt_mulw<PI, LZ>(x0, wa), x3 = bnt_mulw<PI, LZ>(x1, wb);
                    bnt_dif2<PI, LZ>(x0, x1, wc);
                    bnt_dif2<PI, LZ>(x2, x3, wc);
                    U[k] = x0;
                    U[k + H2] = x1;
                    U[k + H] = x2;
                    U[k + H + H2] = x3;
                }
                if (!square) {
                    u32 x0 = digit(bw, k), x1 = digit(bw, k + H2);
                    u32 x2 = bnt_mulw<PI, LZ>(x0, wa), x3 = bnt_mulw<PI, LZ>(x1, wb);
                    bnt_dif2<PI, LZ>(x0, x1, wc);
                    bnt_dif2<PI, LZ>(x2, x3, wc);
                    V[k] = x0;
                    V[k + H2] = x1;
                    V[k + H] = x2;
                    V[k + H + H2] = x3;
                }
            }
        });
    } else {
        ex.step([&](int lt) { // forward e = lgH only
            for (int k = lt; k < H; k += T) {
                const BntW w = bnt_ldw<LZ>(tw, H + k);
                const u32 d = digit(aw, k);
                U[k] = d;
                U[k + H] = bnt_mulw<PI, LZ>(d, w);
                if (!square) {
                    const u32 d2 = digit(bw, k);
                    V[k] = d2;
                    V[k + H] = bnt_mulw<PI, LZ>(d2, w);
                }
            }
        });
    }
    int e = load4 ? lgH - 2 : lgH - 1;
    while (e > midTop) { // forward stages between
        const int ee = e;
        if (e - 1 > midTop) {
            ex.step([&](int lt) {
                if (!square) { // the two operands' quads together
                    for (int q = lt; q < L4; q += T) {
                        u32* const P[2] = {U, V};
                        const int Q[2] = {q, q};
                        bnt_dif4<PI, 2, TWC, LZ>(P, Q, ee, tw, w4);
                    }
                } else { // two quads together
                    for (int q = lt; q < L4; q += 2 * T) {
                        u32* const P[2] = {U, U};
                        const int Q[2] = {q, q + T};
                        if (q + T < L4) bnt_dif4<PI, 2, TWC, LZ>(P, Q, ee, tw, w4);
                        else bnt_dif4<PI, 1, TWC, LZ>(P, Q, ee, tw, w4);
                    }
                }
            });
            e -= 2;
        } else {
            ex.step([&](int lt) {
                const int h = 1 << ee;
                for (int b = lt; b < H; b += T) {
                    const int j = b & (h - 1);
                    const int i = 2 * b - j;
                    const BntW w = bnt_ldw<LZ>(tw, h + j);
                    bnt_dif2<PI, LZ>(U[i], U[i + h], w);
                    if (!square) bnt_dif2<PI, LZ>(V[i], V[i + h], w);
                }
            });
            e -= 1;
        }
    }
    if (mid4) {
        ex.step([&](int lt) { // forward e = 1, 0; pointwise product; inverse e = 0, 1
            for (int q = lt; q < L4; q += T) {
                const int i = 4 * q;
                const uint4 xu = *reinterpret_cast<const uint4*>(U + i); // 16-byte aligned: L >= 8
                u32 x0 = xu.x, x1 = xu.y, x2 = xu.z, x3 = xu.w;
                bnt_bf<PI, LZ>(x0, x2);
                bnt_dif2<PI, LZ>(x1, x3, w4);
                bnt_bf<PI, LZ>(x0, x1);
                bnt_bf<PI, LZ>(x2, x3);
                if (square) {
                    x0 = bnt_mont(x0, x0, p, pinv);
                    x1 = bnt_mont(x1, x1, p, pinv);
                    x2 = bnt_mont(x2, x2, p, pinv);
                    x3 = bnt_mont(x3, x3, p, pinv);
                } else {
                    const uint4 yv = *reinterpret_cast<const uint4*>(V + i);
                    u32 y0 = yv.x, y1 = yv.y, y2 = yv.z, y3 = yv.w;
                    bnt_bf<PI, LZ>(y0, y2);
                    bnt_dif2<PI, LZ>(y1, y3, w4);
                    bnt_bf<PI, LZ>(y0, y1);
                    bnt_bf<PI, LZ>(y2, y3);
                    x0 = bnt_mont(x0, y0, p, pinv);
                    x1 = bnt_mont(x1, y1, p, pinv);
                    x2 = bnt_mont(x2, y2, p, pinv);
                    x3 = bnt_mont(x3, y3, p, pinv);
                }
                bnt_bf<PI, LZ>(x0, x1);
                bnt_bf<PI, LZ>(x2, x3);
                bnt_bf<PI, LZ>(x0, x2);
                bnt_dit2<PI, LZ>(x1, x3, w4i);
                uint4 r;
                r.x = x0;
                r.y = x1;
                r.z = x2;
                r.w = x3;
                *reinterpret_cast<uint4*>(U + i) = r;
            }
        });
    } else {
        ex.step([&](int lt) { // L = 4: forward e = 0, pointwise product, inverse e = 0
            for (int b = lt; b < H; b += T) {
                const int i = 2 * b;
                u32 x0 = U[i], x1 = U[i + 1];
                bnt_bf<PI, LZ>(x0, x1);
                u32 y0 = x0, y1 = x1;
                if (!square) {
                    y0 = V[i];
                    y1 = V[i + 1];
                    bnt_bf<PI, LZ>(y0, y1);
                }
                x0 = bnt_mont(x0, y0, p, pinv);
                x1 = bnt_mont(x1, y1, p, pinv);
                bnt_bf<PI, LZ>(x0, x1);
                U[i] = x0;
                U[i + 1] = x1;
            }
        });
    }
    e = midTop + 1;
    while (e <= lgH) { // inverse stages above
        const int ee = e;
        if (e + 1 <= lgH) {
            ex.step([&](int lt) {
                for (int q = lt; q < L4; q += 2 * T) { // two quads together
                    const int Q[2] = {q, q + T};
                    if (q + T < L4) bnt_dit4<PI, 2, TWC, LZ>(U, Q, ee, twi, w4i);
                    else bnt_dit4<PI, 1, TWC, LZ>(U, Q, ee, twi, w4i);
                }
            });
            e += 2;
        } else {
            ex.step([&](int lt) {
                const int h = 1 << ee;
                for (int b = lt; b < H; b += T) {
                    const int j = b & (h - 1);
                    const int i = 2 * b - j;
                    bnt_dit2<PI, LZ>(U[i], U[i + h], bnt_ldw<LZ>(twi, h + j));
                }
            });
            e += 1;
        }
    }
}

// Packed carry flags of the segmented scan (bigint.cu): g, p, segment start.
#define BNT_G 1u
#define BNT_P 2u
#define BNT_S 4u
#define BNT_IDENTITY 2u

__host__ __device__ __forceinline__ u32 bnt_carry_op(u32 x, u32 y) {
    if (y & BNT_S) {
        return y;
    }
    return (y & BNT_G) | ((y >> 1) & x & BNT_G) | (x & y & BNT_P) | (x & BNT_S);
}

// The product of one instance. cw: the instance's output as 4 M 32-bit words (also the parking
// place of the residues modulo p0); X: 3 L words of shared memory; E, F: T words each.
template <bool TWC, bool LZ, class EX>
__host__ __device__ __forceinline__ void bnt_product(EX& ex, const u32* __restrict__ aw, const u32* __restrict__ bw,
                                                     bool square, u32* cw, int M, int T, u32* X, u32* E, u32* F,
                                                     const u32* __restrict__ tables) {
    const int lgL = bnt_lg_len(M);
    const int L = 1 << lgL;
    const int n2 = 2 * M;
    const int n4 = 4 * M;
    u32* Y = X + L;
    u32* Z = Y + L;
    // the twiddles: Montgomery form (strict) or plain with Shoup's quotients (lazy)
    const BntTab f0{tables + BNT_TAB(0, 0), (const uint2*) (tables + BNT_TABP(0, 0))};
    const BntTab i0{tables + BNT_TAB(0, 1), (const uint2*) (tables + BNT_TABP(0, 1))};
    const BntTab f1{tables + BNT_TAB(1, 0), (const uint2*) (tables + BNT_TABP(1, 0))};
    const BntTab i1{tables + BNT_TAB(1, 1), (const uint2*) (tables + BNT_TABP(1, 1))};
    const BntTab f2{tables + BNT_TAB(2, 0), (const uint2*) (tables + BNT_TABP(2, 0))};
    const BntTab i2{tables + BNT_TAB(2, 1), (const uint2*) (tables + BNT_TABP(2, 1))};

    bnt_conv<0, TWC, LZ>(ex, X, Y, aw, bw, square, n2, lgL, T, f0, i0);
    const u32 k0 = bnt_scale<0>(lgL);
    ex.step([&](int lt) { // park the residues modulo p0 in the output words
        for (int k = lt; k < n4; k += T) {
            cw[k] = bnt_mont(X[k], k0, BntPrime<0>::p, BntPrime<0>::pinv);
        }
    });
    bnt_conv<1, TWC, LZ>(ex, X, Y, aw, bw, square, n2, lgL, T, f1, i1);
    bnt_conv<2, TWC, LZ>(ex, Y, Z, aw, bw, square, n2, lgL, T, f2, i2);
    const u32 k1 = bnt_scale<1>(lgL);
    const u32 k2 = bnt_scale<2>(lgL);
    ex.step([&](int lt) { // Garner: c_k < 2^77 as three 32-bit words in X[k], Y[k], Z[k]
        constexpr u32 p0 = BntPrime<0>::p, p1 = BntPrime<1>::p, p2 = BntPrime<2>::p;
        for (int k = lt; k < n4; k += T) {
            const u32 r0 = cw[k];
            const u32 r1 = bnt_mont(X[k], k1, p1, BntPrime<1>::pinv);
            const u32 r2 = bnt_mont(Y[k], k2, p2, BntPrime<2>::pinv);
            const u32 r0p1 = r0 >= p1 ? r0 - p1 : r0; // r0 < p0 < 2 p1
            const u32 y1 = bnt_mont(bnt_sub(r1, r0p1, p1), BNT_C1, p1, BntPrime<1>::pinv);
            const u64 v = r0 + (u64) p0 * y1; // < p0 p1
            const u32 r0p2 = r0 >= p2 ? r0 - p2 : r0; // r0 < p0 < 2 p2
            const u32 vp2 = bnt_add(r0p2, bnt_mont(y1, BNT_P0_P2, p2, BntPrime<2>::pinv), p2);
            const u32 y2 = bnt_mont(bnt_sub(r2, vp2, p2), BNT_C2, p2, BntPrime<2>::pinv);
            const u64 lo = BNT_P01 * y2;
#ifdef __CUDA_ARCH__
            const u64 hi = __umul64hi(BNT_P01, (u64) y2);
#else
            const u64 hi = (u64) (((unsigned __int128) BNT_P01 * y2) >> 64);
#endif
            const u64 clo = lo + v;
            const u64 chi = hi + (clo < lo ? 1 : 0); // < 2^13
            X[k] = (u32) clo;
            Y[k] = (u32) (clo >> 32);
            Z[k] = (u32) chi;
        }
    });
    const int Q = ((n4 + T - 1) / T) | 1;
    ex.step([&](int lt) { // chunk sums: word k = X[k] + Y[k-1] + Z[k-2] + carry, in place in X
        const int k0c = lt * Q;
        const int k1c = k0c + Q < n4 ? k0c + Q : n4;
        u64 acc = 0;
        for (int k = k0c; k < k1c; k++) {
            acc += (u64) X[k] + (k >= 1 ? Y[k - 1] : 0u) + (k >= 2 ? Z[k - 2] : 0u);
            X[k] = (u32) acc;
            acc >>= 32;
        }
        E[lt] = (u32) acc; // <= 3
    });
    ex.step([&](int lt) { // the previous chunk's carry: carry-out g and all-ones p per chunk
        const int k0c = lt * Q;
        const int k1c = k0c + Q < n4 ? k0c + Q : n4;
        u32 cy = lt > 0 ? E[lt - 1] : 0u;
        bool ones = true;
        for (int k = k0c; k < k1c; k++) {
            const u64 s = (u64) X[k] + cy;
            X[k] = (u32) s;
            cy = (u32) (s >> 32);
            ones = ones && (u32) s == 0xffffffffu;
        }
        F[lt] = (cy ? BNT_G : 0u) | (ones ? BNT_P : 0u);
    });
    ex.resolve(F); // F[lt] = the chunk's carry-in (0 or 1)
    ex.step([&](int lt) {
        const int k0c = lt * Q;
        const int k1c = k0c + Q < n4 ? k0c + Q : n4;
        u32 cy = F[lt];
        for (int k = k0c; k < k1c && cy; k++) {
            const u32 s = X[k] + 1u;
            X[k] = s;
            cy = s == 0u;
        }
    });
    ex.step([&](int lt) { // coalesced store of the 4 M words
        for (int k = lt; k < n4; k += T) {
            cw[k] = X[k];
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Device side
// ---------------------------------------------------------------------------------------------

#ifdef __CUDACC__

__device__ __align__(16) u32 bnt_tw[BNT_TAB_WORDS]; // BNT_TAB, BNT_TABP

extern "C" __global__ void bnt_init() {
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < BNT_TAB_WORDS; x += gridDim.x * blockDim.x) {
        bnt_tw[x] = bnt_table_word(x);
    }
}

// Inclusive segmented scan of the packed flags over the block's threads (bigint.cu's
// bi_block_scan); *prev: the inclusive value of the thread before. Every thread calls it; ends
// with a barrier.
__device__ __forceinline__ u32 bnt_block_scan(u32 x, u32* prev, u32* wsh) {
    const int lane = threadIdx.x & 31;
    const int w = threadIdx.x >> 5;
    const int nw = blockDim.x >> 5;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const u32 y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) {
            x = bnt_carry_op(y, x);
        }
    }
    if (lane == 31) {
        wsh[w] = x;
    }
    __syncthreads();
    if (w == 0) {
        u32 v = lane < nw ? wsh[lane] : BNT_IDENTITY;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            const u32 y = __shfl_up_sync(0xffffffffu, v, d);
            if (lane >= d) {
                v = bnt_carry_op(y, v);
            }
        }
        wsh[lane] = v;
    }
    __syncthreads();
    const u32 before = w > 0 ? wsh[w - 1] : BNT_IDENTITY;
    if (w > 0) {
        x = bnt_carry_op(before, x);
    }
    const u32 pv = __shfl_up_sync(0xffffffffu, x, 1);
    *prev = lane == 0 ? before : pv;
    __syncthreads();
    return x;
}

// One CUDA thread of an instance: a step is its part of a pass, then a block barrier.
struct BntDevice {
    int lt;
    bool active;
    u32* wsh;

    template <class F>
    __device__ __forceinline__ void step(F f) {
        if (active) {
            f(lt);
        }
        __syncthreads();
    }

    // F[lt] (g, p flags of the chunk) -> the chunk's carry-in, segmented by instance.
    __device__ __forceinline__ void resolve(u32* F) {
        const u32 f = active ? (F[lt] | (lt == 0 ? BNT_S : 0u)) : BNT_S;
        u32 prev;
        bnt_block_scan(f, &prev, wsh);
        if (active) {
            F[lt] = lt == 0 ? 0u : (prev & BNT_G);
        }
        __syncthreads();
    }
};

template <int D, bool TWC, bool LZ>
__device__ __forceinline__ void bnt_mul(const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,
                                        long long strideB, u64* __restrict__ c, long long strideC, int M,
                                        long long count) {
    extern __shared__ u32 bnt_sh[];
    __shared__ u32 wsh[32];
    __shared__ u32 bnt_e[1024];
    __shared__ u32 bnt_f[1024];
    const int lgL = bnt_lg_len(M);
    const int L = 1 << lgL;
    const int T = bnt_threads(L, D);
    const int ipb = blockDim.x / T;
    const int il = threadIdx.x / T;
    const int lt = threadIdx.x - il * T;
    const long long inst = (long long) blockIdx.x * ipb + il;
    const bool active = il < ipb && inst < count;
    const long long ii = active ? inst : 0;
    const int is = active ? il : 0;
    const bool square = a == b && strideA == strideB;
    BntDevice ex{lt, active, wsh};
    bnt_product<TWC, LZ>(ex, (const u32*) (a + ii * strideA), (const u32*) (b + ii * strideB), square,
                (u32*) (c + ii * strideC), M, T, bnt_sh + (size_t) is * 3 * L, bnt_e + is * T, bnt_f + is * T, bnt_tw);
}

#define BNT_MUL_KERNEL(NAME, D, TWC, LZ)                                                                \
    extern "C" __global__ void __launch_bounds__(1024)                                                \
            NAME(const u64* __restrict__ a, long long strideA, const u64* __restrict__ b, long long strideB, \
                 u64* __restrict__ c, long long strideC, int M, long long count) {                   \
        bnt_mul<D, TWC, LZ>(a, strideA, b, strideB, c, strideC, M, count);                            \
    }

BNT_MUL_KERNEL(bnt_mul_d4, 4, false, false)
BNT_MUL_KERNEL(bnt_mul_d8, 8, false, false)
BNT_MUL_KERNEL(bnt_mul_d4c, 4, true, false)
BNT_MUL_KERNEL(bnt_mul_d8c, 8, true, false)
BNT_MUL_KERNEL(bnt_mul_d4l, 4, false, true)
BNT_MUL_KERNEL(bnt_mul_d8l, 8, false, true)

#endif
