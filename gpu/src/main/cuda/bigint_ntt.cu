// Batched exact product of fixed-size unsigned big integers by a number-theoretic transform inside
// one CUDA block (modalg gpu layer): the FFT product of C. E. Oancea and S. M. Watt, "GPU
// implementations for midsize integer addition and multiplication"
// (../shared/papers/gpu-midsize-integer-add-mul.txt, section 4), made exact for full-entropy
// operands by three 31-bit primes and a CRT done in the kernel (the paper's single-prime fields
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
//     Fills the module's twiddle tables (global memory, 384 KiB). Launch it once per context
//     (module load) before the first product, with any grid and block shape (e.g. <<<96, 256>>>);
//     it is idempotent (every launch writes the same values).
// bnt_mul_d4(a, strideA, b, strideB, c, strideC, M, count)
// bnt_mul_d8(same arguments)
//     c_i = a_i * b_i, the full product: 2 M limbs, so strideC >= 2 M. Both kernels give the same
//     limbs; they differ in the threads per instance.
//
// Launch. Let L = 2^lgL be the least power of two >= 4 M (the transform length: 32-bit digits,
// 2 M per operand, a cyclic convolution of length L >= 4 M - 1 does not wrap around), so
// 4 <= L <= 2^14, and T = min(1024, max(1, L / D)) the threads of one instance (D = 4 or 8, the
// kernel's suffix). blockDim.x = any multiple of 32 in [T, 1024]; the kernel takes
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
// Primes (p = k 2^e + 1; all three below 2^31, so the 32-bit Montgomery product below is exact):
//     p0 = 2113929217 = 63 2^25 + 1 (primitive root 5)
//     p1 = 2013265921 = 15 2^27 + 1 (primitive root 31)
//     p2 = 1811939329 = 27 2^26 + 1 (primitive root 13)
// 2^25 divides every p - 1, so each field has the 2^14-th roots of unity the transforms need.
//
// EXACTNESS (the convolution bound). Every digit is at most 2^32 - 1 and every c_k has at most
// n = 2 M <= 2^13 terms, so
//     0 <= c_k <= n (2^32 - 1)^2 <= 2^13 (2^32 - 1)^2 = 151115727381459902668800 < 2^77,
// while
//     P = p0 p1 p2 = 7711435583600944683209981953 > 2^92.6.
// So n (2^32 - 1)^2 < P for every M <= 4096 (it holds for n up to 418037760 = 2^28.6), and c_k,
// known modulo P by the CRT, is recovered exactly as the unique representative in [0, P): this
// holds for every input, full-entropy and all-ones digits (the extreme case) included. Each
// residue c_k mod p is itself exact: the transform length L >= 4 M > 2 n - 1 makes the cyclic
// convolution the acyclic one, L divides p - 1 and is invertible modulo p. Garner: with r_i the
// residues, y1 = (r1 - r0) p0^-1 mod p1, v = r0 + p0 y1 < p0 p1 < 2^62 (64-bit), y2 = (r2 - v)
// (p0 p1)^-1 mod p2, and c = v + (p0 p1) y2 < P, computed in 128-bit arithmetic (it is below 2^77
// by the bound, so its third 32-bit word is below 2^13). A single 31-bit prime (the paper's
// PrimeField32 with 15-bit digits: n 2^30 needs n < 3 for p = 3221225473) or two (P < 2^62 <
// 2^64 (2^32 - 1)^2) cannot hold the bound for 32-bit digits; 16-bit digits with two primes
// would, but with twice the transform length.
//
// Arithmetic modulo p: residues in [0, p); the Montgomery product bnt_mont(a, b) = a b 2^-32 mod p
// for a b < p 2^32 (exact: see bnt_mont); twiddles are stored multiplied by 2^32 (Montgomery
// form), so bnt_mont(x, w 2^32) = x w. The inverse transform's factor L^-1 and the 2^-32 of the
// pointwise Montgomery product are removed at once by bnt_mont(x, L^-1 2^64 mod p).
//
// Transforms. Forward: decimation in frequency (Gentleman-Sande), natural order in, bit-reversed
// out; inverse: decimation in time (Cooley-Tukey) with the inverse roots, bit-reversed in,
// natural out; no permutation is needed and the pointwise product runs in bit-reversed order.
// Radix 2, one barrier per stage; thread t of an instance takes the butterflies t, t + T, ...
// Twiddle table: tw[h + j] = w_(2h)^j (times 2^32 mod p), for h = 1, 2, .., 2^13 and j < h, with
// w_(2h) = g^((p-1)/(2h)) the primitive 2h-th root; stage h of any length reads it at h + j (no
// stride). The forward transform's first stage, on operands whose upper half is zero, is folded
// into the load (x -> (x, x w^k)); its last stage (h = 1), the pointwise product and the inverse's
// first stage (h = 1) share one pass (the twiddle at h = 1 is 1).
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
// p, p^-1 mod 2^32, 2^96 mod p, a primitive root
template <>
struct BntPrime<0> {
    static constexpr u32 p = 2113929217u, pinv = 2181038081u, r3 = 239209529u, g = 5u;
};
template <>
struct BntPrime<1> {
    static constexpr u32 p = 2013265921u, pinv = 2281701377u, r3 = 317946875u, g = 31u;
};
template <>
struct BntPrime<2> {
    static constexpr u32 p = 1811939329u, pinv = 2483027969u, r3 = 1483943592u, g = 13u;
};

// Garner's constants (Montgomery form where they are multiplied by bnt_mont):
// p0^-1 2^32 mod p1, p0 2^32 mod p2, (p0 p1)^-1 2^32 mod p2, and p0 p1.
#define BNT_C1 671088683u
#define BNT_P0_P2 492131670u
#define BNT_C2 1811939201u
#define BNT_P01 4255901651992313857ull

// Montgomery product a b 2^-32 mod p for a b < p 2^32, p < 2^31 odd: with t = a b and
// m = t p^-1 mod 2^32, m p has the low word of t, so t - m p = (hi(t) - hi(m p)) 2^32 exactly, and
// hi(t) - hi(m p) lies in (-p, p).
__host__ __device__ __forceinline__ u32 bnt_mont(u32 a, u32 b, u32 p, u32 pinv) {
    const u64 t = (u64) a * b;
    const u32 m = (u32) t * pinv;
    const u32 hi = (u32) (t >> 32);
    const u32 mp = (u32) (((u64) m * p) >> 32);
    return hi >= mp ? hi - mp : hi - mp + p;
}

__host__ __device__ __forceinline__ u32 bnt_add(u32 a, u32 b, u32 p) {
    const u32 s = a + b; // < 2^32: a, b < p < 2^31
    return s >= p ? s - p : s;
}

__host__ __device__ __forceinline__ u32 bnt_sub(u32 a, u32 b, u32 p) {
    return a >= b ? a - b : a - b + p;
}

// A 32-bit digit modulo p (2 p < 2^32 < 3 p for the three primes).
__host__ __device__ __forceinline__ u32 bnt_reduce(u32 d, u32 p) {
    const u32 r = d >= 2 * p ? d - 2 * p : d;
    return r >= p ? r - p : r;
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

// Entry idx (1 <= idx < 2^14) of the twiddle table of prime pi in direction dir (0 forward, 1
// inverse): with h the largest power of two <= idx and j = idx - h, w_(2h)^(+-j) 2^32 mod p.
__host__ __device__ inline u32 bnt_tw_entry(int pi, int dir, int idx) {
    const u32 p = pi == 0 ? BntPrime<0>::p : pi == 1 ? BntPrime<1>::p : BntPrime<2>::p;
    const u32 g = pi == 0 ? BntPrime<0>::g : pi == 1 ? BntPrime<1>::g : BntPrime<2>::g;
    if (idx < 1) return 0;
    int h = 1;
    while (2 * h <= idx) h *= 2;
    const int j = idx - h;
    const u32 w = bnt_pow(g, (p - 1) / (2 * (u64) h), p);
    const u64 e = dir == 0 ? (u64) j : (u64) ((2 * h - j) % (2 * h));
    return (u32) (((u64) bnt_pow(w, e, p) << 32) % p);
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

// The cyclic convolution of the operands' digits modulo prime PI, unscaled (times L 2^-32), in
// U (natural order); V is scratch (unused for a square). aw, bw: the operands' 32-bit digits,
// n2 of them; tw, twi: the prime's forward and inverse tables.
template <int PI, class EX>
__host__ __device__ __forceinline__ void bnt_conv(EX& ex, u32* U, u32* V, const u32* __restrict__ aw,
                                                  const u32* __restrict__ bw, bool square, int n2, int lgL,
                                                  int T, const u32* __restrict__ tw, const u32* __restrict__ twi) {
    constexpr u32 p = BntPrime<PI>::p;
    constexpr u32 pinv = BntPrime<PI>::pinv;
    const int H = 1 << (lgL - 1);
    ex.step([&](int lt) { // load, with the first forward stage (the upper halves are zero)
        for (int k = lt; k < H; k += T) {
            const u32 w = tw[H + k];
            const u32 d = k < n2 ? bnt_reduce(aw[k], p) : 0u;
            U[k] = d;
            U[k + H] = bnt_mont(d, w, p, pinv);
            if (!square) {
                const u32 e = k < n2 ? bnt_reduce(bw[k], p) : 0u;
                V[k] = e;
                V[k + H] = bnt_mont(e, w, p, pinv);
            }
        }
    });
    for (int h = H >> 1; h >= 2; h >>= 1) { // forward stages
        ex.step([&](int lt) {
            for (int b = lt; b < H; b += T) {
                const int j = b & (h - 1);
                const int i = 2 * b - j;
                const u32 w = tw[h + j];
                const u32 x = U[i], y = U[i + h];
                U[i] = bnt_add(x, y, p);
                U[i + h] = bnt_mont(bnt_sub(x, y, p), w, p, pinv);
                if (!square) {
                    const u32 x2 = V[i], y2 = V[i + h];
                    V[i] = bnt_add(x2, y2, p);
                    V[i + h] = bnt_mont(bnt_sub(x2, y2, p), w, p, pinv);
                }
            }
        });
    }
    ex.step([&](int lt) { // forward h = 1, pointwise product, inverse h = 1
        for (int b = lt; b < H; b += T) {
            const int i = 2 * b;
            const u32 x = U[i], y = U[i + 1];
            const u32 u0 = bnt_add(x, y, p), u1 = bnt_sub(x, y, p);
            u32 v0 = u0, v1 = u1;
            if (!square) {
                const u32 x2 = V[i], y2 = V[i + 1];
                v0 = bnt_add(x2, y2, p);
                v1 = bnt_sub(x2, y2, p);
            }
            const u32 m0 = bnt_mont(u0, v0, p, pinv), m1 = bnt_mont(u1, v1, p, pinv);
            U[i] = bnt_add(m0, m1, p);
            U[i + 1] = bnt_sub(m0, m1, p);
        }
    });
    for (int h = 2; h <= H; h <<= 1) { // inverse stages
        ex.step([&](int lt) {
            for (int b = lt; b < H; b += T) {
                const int j = b & (h - 1);
                const int i = 2 * b - j;
                const u32 x = U[i];
                const u32 y = bnt_mont(U[i + h], twi[h + j], p, pinv);
                U[i] = bnt_add(x, y, p);
                U[i + h] = bnt_sub(x, y, p);
            }
        });
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
template <class EX>
__host__ __device__ __forceinline__ void bnt_product(EX& ex, const u32* __restrict__ aw, const u32* __restrict__ bw,
                                                     bool square, u32* cw, int M, int T, u32* X, u32* E, u32* F,
                                                     const u32* __restrict__ tables) {
    const int lgL = bnt_lg_len(M);
    const int L = 1 << lgL;
    const int n2 = 2 * M;
    const int n4 = 4 * M;
    u32* Y = X + L;
    u32* Z = Y + L;
    const u32* tw0 = tables;
    const u32* tw1 = tables + 2 * BNT_L_MAX;
    const u32* tw2 = tables + 4 * BNT_L_MAX;

    bnt_conv<0>(ex, X, Y, aw, bw, square, n2, lgL, T, tw0, tw0 + BNT_L_MAX);
    const u32 k0 = bnt_scale<0>(lgL);
    ex.step([&](int lt) { // park the residues modulo p0 in the output words
        for (int k = lt; k < n4; k += T) {
            cw[k] = bnt_mont(X[k], k0, BntPrime<0>::p, BntPrime<0>::pinv);
        }
    });
    bnt_conv<1>(ex, X, Y, aw, bw, square, n2, lgL, T, tw1, tw1 + BNT_L_MAX);
    bnt_conv<2>(ex, Y, Z, aw, bw, square, n2, lgL, T, tw2, tw2 + BNT_L_MAX);
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

__device__ u32 bnt_tw[3 * 2 * BNT_L_MAX]; // [prime][direction][index]

extern "C" __global__ void bnt_init() {
    const int n = 3 * 2 * BNT_L_MAX;
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < n; x += gridDim.x * blockDim.x) {
        const int pi = x / (2 * BNT_L_MAX);
        const int dir = (x / BNT_L_MAX) & 1;
        bnt_tw[x] = bnt_tw_entry(pi, dir, x % BNT_L_MAX);
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

template <int D>
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
    bnt_product(ex, (const u32*) (a + ii * strideA), (const u32*) (b + ii * strideB), square,
                (u32*) (c + ii * strideC), M, T, bnt_sh + (size_t) is * 3 * L, bnt_e + is * T, bnt_f + is * T, bnt_tw);
}

extern "C" __global__ void __launch_bounds__(1024) bnt_mul_d4(const u64* __restrict__ a, long long strideA,
                                                              const u64* __restrict__ b, long long strideB,
                                                              u64* __restrict__ c, long long strideC, int M,
                                                              long long count) {
    bnt_mul<4>(a, strideA, b, strideB, c, strideC, M, count);
}

extern "C" __global__ void __launch_bounds__(1024) bnt_mul_d8(const u64* __restrict__ a, long long strideA,
                                                              const u64* __restrict__ b, long long strideB,
                                                              u64* __restrict__ c, long long strideC, int M,
                                                              long long count) {
    bnt_mul<8>(a, strideA, b, strideB, c, strideC, M, count);
}

#endif
