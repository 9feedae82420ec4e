// Projection onto word-size primes and Chinese remaindering back (Garner), and the carry
// normalization that turns the convolution of 64-bit limbs into the limbs of an integer
// product (modalg gpu layer).
//
// Primes q_j < 2^62, Montgomery arithmetic with R = 2^64 as in ntt.cu. Residue rows: row j at
// res[j * rowStride ..]. Limb vectors: element-major, element i's L limbs at x[i * L ..],
// little-endian unsigned 64-bit.

#include "zp.cuh"

// (sum_l xi[l] 2^(64 l)) mod q for the L limbs of xi; pow[l] = 2^(64 l) R mod q.
__device__ __forceinline__ u64 project_one(const u64* __restrict__ xi, int L,
                                           const u64* __restrict__ pow, u64 q, u64 qinv) {
    u64 acc = 0;
    for (int l = 0; l < L; l++) {
        acc = add_mod(acc, mont_mul(xi[l], pow[l], q, qinv), q);
    }
    return acc;
}

// res[j][i] = (sum_l x[i][l] 2^(64 l)) mod q_j for i < count, j < P.
// limbPow[j * L + l] = 2^(64 l) R mod q_j, so that mont_mul(limb, limbPow) = limb 2^(64 l).
extern "C" __global__ void project_limbs(const u64* __restrict__ x, int L, long long count,
                                         u64* res, long long rowStride,
                                         const u64* __restrict__ primes,
                                         const u64* __restrict__ pinvs,
                                         const u64* __restrict__ limbPow, int P) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) {
        return;
    }
    const u64* xi = x + i * L;
    for (int j = 0; j < P; j++) {
        res[j * rowStride + i] = project_one(xi, L, limbPow + j * L, primes[j], pinvs[j]);
    }
}

// Signed values in sign-magnitude form: value i is sign[i] (-1, 0, 1 as a signed byte) times
// the L limbs at x[i L ..]; res[j][i] = value mod q_j (a negative value's residue negated).
// limbPow rows are powStride apart (powStride >= L).
extern "C" __global__ void project_signed_limbs(const u64* __restrict__ x, int L,
                                                const signed char* __restrict__ sign,
                                                long long count, u64* res, long long rowStride,
                                                const u64* __restrict__ primes,
                                                const u64* __restrict__ pinvs,
                                                const u64* __restrict__ limbPow, int powStride,
                                                int P) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) {
        return;
    }
    const u64* xi = x + i * L;
    const signed char sg = sign[i];
    for (int j = 0; j < P; j++) {
        const u64 q = primes[j];
        u64 r = sg == 0 ? 0 : project_one(xi, L, limbPow + j * powStride, q, pinvs[j]);
        res[j * rowStride + i] = sg < 0 && r != 0 ? q - r : r;
    }
}

#define MAX_PRIMES 40

// Garner's mixed-radix digits of element i: from residues r_j (j < P) of an integer
// 0 <= y < q_0 ... q_{P-1}, v_j = (r_j - (v_0 + v_1 q_0 + ... + v_{j-1} q_0 .. q_{j-2}))
// (q_0 .. q_{j-1})^-1 mod q_j, the bracket by Horner modulo q_j; y = v_0 + q_0 (v_1 + q_1 (v_2
// + ...)). Constants (Montgomery form): qmod[j * P + i] = q_i R mod q_j,
// inv[j] = (q_0 .. q_{j-1})^-1 R mod q_j, one[j] = R mod q_j.
__device__ __forceinline__ void garner_digits(const u64* __restrict__ res, long long rowStride,
                                              long long i, const u64* __restrict__ primes,
                                              const u64* __restrict__ pinvs,
                                              const u64* __restrict__ qmod,
                                              const u64* __restrict__ inv,
                                              const u64* __restrict__ one, int P, u64* v) {
    for (int j = 0; j < P; j++) {
        const u64 q = primes[j];
        const u64 qinv = pinvs[j];
        u64 acc = 0;
        for (int t = j - 1; t >= 0; t--) {
            // acc = acc q_t + v_t mod q_j; v_t may exceed q_j: reduce it by one REDC with R
            acc = add_mod(mont_mul(acc, qmod[j * P + t], q, qinv),
                          mont_mul(v[t], one[j], q, qinv), q);
        }
        v[j] = mont_mul(sub_mod(res[j * rowStride + i], acc, q), inv[j], q, qinv);
    }
}

// y = v_0 + q_0 (v_1 + q_1 (v_2 + ...)) on Lout little-endian limbs at out (Horner; the top
// limbs beyond the product of the primes stay zero). Returns the limbs in use.
__device__ __forceinline__ int garner_horner(const u64* v, const u64* __restrict__ primes, int P,
                                             u64* out, int Lout) {
    for (int l = 0; l < Lout; l++) {
        out[l] = 0;
    }
    out[0] = v[P - 1];
    int used = 1;
    for (int j = P - 2; j >= 0; j--) {
        // out = out q_j + v_j
        u64 carry = v[j];
        const u64 q = primes[j];
        for (int l = 0; l < used; l++) {
            const u64 lo = out[l] * q;
            const u64 hi = __umul64hi(out[l], q);
            const u64 s = lo + carry;
            carry = hi + (s < lo);
            out[l] = s;
        }
        if (carry != 0 && used < Lout) {
            out[used++] = carry;
        }
    }
    return used;
}

// Garner: element i (Lout limbs at y[i Lout ..], Lout >= the limbs of the primes' product) =
// the integer below q_0 ... q_{P-1} with residues res[.][i].
extern "C" __global__ void garner_limbs(const u64* __restrict__ res, long long rowStride,
                                        long long count, u64* y, int Lout,
                                        const u64* __restrict__ primes,
                                        const u64* __restrict__ pinvs,
                                        const u64* __restrict__ qmod,
                                        const u64* __restrict__ inv,
                                        const u64* __restrict__ one, int P) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) {
        return;
    }
    u64 v[MAX_PRIMES];
    garner_digits(res, rowStride, i, primes, pinvs, qmod, inv, one, P, v);
    garner_horner(v, primes, P, y + i * Lout, Lout);
}

// Garner reduced modulo a word-size prime p: out[i] = y mod p for the integer y below the
// primes' product with residues res[.][i], by Horner modulo p on the mixed-radix digits
// (qp[j] = q_j R mod p, rp = R mod p; p odd, p < 2^62). Canonical results in [0, p).
extern "C" __global__ void garner_mod(const u64* __restrict__ res, long long rowStride,
                                      long long count, u64* out,
                                      const u64* __restrict__ primes,
                                      const u64* __restrict__ pinvs,
                                      const u64* __restrict__ qmod,
                                      const u64* __restrict__ inv,
                                      const u64* __restrict__ one, int P, u64 p, u64 pinv,
                                      const u64* __restrict__ qp, u64 rp) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) {
        return;
    }
    u64 v[MAX_PRIMES];
    garner_digits(res, rowStride, i, primes, pinvs, qmod, inv, one, P, v);
    u64 acc = mont_mul(v[P - 1], rp, p, pinv); // v mod p (mont_mul(v, R mod p) = v mod p)
    for (int j = P - 2; j >= 0; j--) {
        acc = add_mod(mont_mul(acc, qp[j], p, pinv), mont_mul(v[j], rp, p, pinv), p);
    }
    out[i] = acc;
}

// The remainder of the two-word value (hi, lo) = hi 2^64 + lo modulo any p in [2, 2^64) (p
// read unsigned: odd or even, prime or not), for (hi, lo) < p 2^64, i.e. hi < p. Moeller and
// Granlund, "Improved division by invariant integers" (IEEE Trans. Computers 60(2), 2011),
// Algorithm 4 (2-by-1 division by a normalized divisor), as the CPU's UnsignedDivider: with
// s = the leading zeros of p, d = p 2^s (top bit set) and v = floor((2^128 - 1) / d) - 2^64, the
// shifted value (hi, lo) 2^s = (u1, u0) is below d 2^64 (so u1 < d, the algorithm's
// precondition), and the algorithm returns r = (u1, u0) mod d exactly: by the paper's Theorem 2
// the candidate remainder u0 - q1 d, read modulo 2^64 in the window [max(2^64 - d, q0) - 2^64,
// max(2^64 - d, q0)), is the true remainder minus at most d (the first correction, taken when r
// > q0 unsigned) or plus at most d (the second, when r >= d). With (u1, u0) = (hi, lo) 2^s and
// d = p 2^s, (u1, u0) mod d = ((hi, lo) mod p) 2^s, so r >> s is the remainder modulo p. Every
// step is 64-bit arithmetic, wrapping exactly where the paper's does.
__device__ __forceinline__ u64 rem_word(u64 hi, u64 lo, u64 d, u64 v, int s) {
    if (s != 0) {
        hi = (hi << s) | (lo >> (64 - s));
        lo <<= s;
    }
    const u64 p0 = v * hi;
    u64 q1 = __umul64hi(v, hi);
    const u64 q0 = p0 + lo;
    q1 += hi + 1 + (q0 < p0 ? 1 : 0);
    u64 r = lo - q1 * d;
    if (r > q0) {
        r += d;
    }
    if (r >= d) {
        r -= d;
    }
    return r >> s;
}

// Garner reduced modulo any word-size modulus 2 <= p < 2^64 (the full word, as FLINT's nmod:
// p read unsigned, odd or even, prime or not): out[i] = y mod p for the integer y below the
// primes' product with residues res[.][i]. Garner's mixed-radix digits v_j < q_j < 2^62 as in
// garner_mod, then Horner modulo p from the top digit: acc = v_{P-1} mod p, acc = (acc q_j +
// v_j) mod p for j = P-2 .. 0. Each step's two-word value is below p 2^64, as rem_word needs:
// acc q_j + v_j <= (p - 1) q_j + q_j - 1 < p q_j < p 2^62. d = p << s, v = its reciprocal and s
// the leading zeros of p (UnsignedDivider's constants). Canonical results in [0, p).
extern "C" __global__ void garner_mod_word(const u64* __restrict__ res, long long rowStride,
                                           long long count, u64* out,
                                           const u64* __restrict__ primes,
                                           const u64* __restrict__ pinvs,
                                           const u64* __restrict__ qmod,
                                           const u64* __restrict__ inv,
                                           const u64* __restrict__ one, int P, u64 d, u64 v,
                                           int s) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) {
        return;
    }
    u64 dig[MAX_PRIMES];
    garner_digits(res, rowStride, i, primes, pinvs, qmod, inv, one, P, dig);
    u64 acc = rem_word(0, dig[P - 1], d, v, s);
    for (int j = P - 2; j >= 0; j--) {
        const u64 q = primes[j];
        const u64 lo = acc * q;
        const u64 hi = __umul64hi(acc, q);
        const u64 sum = lo + dig[j];
        acc = rem_word(hi + (sum < lo ? 1 : 0), sum, d, v, s);
    }
    out[i] = acc;
}

// Garner to the symmetric range: the integer y in (-M/2, M/2) (M = q_0 ... q_{P-1}, LM limbs at
// modulus, floor(M/2) at half) with residues res[.][i], written in sign-magnitude form: sign[i]
// in {-1, 0, 1}, |y| on Lout limbs at mag[i Lout ..] (Lout >= the limbs of |y|).
extern "C" __global__ void garner_signed(const u64* __restrict__ res, long long rowStride,
                                         long long count, u64* mag, int Lout, signed char* sign,
                                         const u64* __restrict__ primes,
                                         const u64* __restrict__ pinvs,
                                         const u64* __restrict__ qmod,
                                         const u64* __restrict__ inv,
                                         const u64* __restrict__ one, int P,
                                         const u64* __restrict__ modulus,
                                         const u64* __restrict__ half, int LM) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) {
        return;
    }
    u64 v[MAX_PRIMES];
    u64 y[MAX_PRIMES];
    garner_digits(res, rowStride, i, primes, pinvs, qmod, inv, one, P, v);
    garner_horner(v, primes, P, y, LM);
    int cmp = 0; // y against floor(M/2), from the top limb
    for (int l = LM - 1; l >= 0 && cmp == 0; l--) {
        cmp = y[l] > half[l] ? 1 : (y[l] < half[l] ? -1 : 0);
    }
    bool zero = true;
    if (cmp > 0) { // negative: |y - M| = M - y
        u64 borrow = 0;
        for (int l = 0; l < LM; l++) {
            const u64 m = modulus[l];
            const u64 d = m - y[l] - borrow;
            borrow = (m < y[l]) || (m - y[l] < borrow) ? 1 : 0;
            y[l] = d;
        }
    }
    u64* out = mag + i * Lout;
    for (int l = 0; l < Lout; l++) {
        const u64 w = l < LM ? y[l] : 0;
        zero = zero && w == 0;
        out[l] = w;
    }
    sign[i] = zero ? 0 : (cmp > 0 ? -1 : 1);
}

// Integer product carry pass, step 1. The convolution coefficient k has 3 limbs c[k][0..3)
// (from garner_limbs with Lout = 3) and weighs 2^(64 k). Limb k of the sum before carries is
// s_k = c[k][0] + c[k-1][1] + c[k-2][2] < 3 2^64: here t_k = low word of s_k plus the high part
// of s_{k-1} (at most 2), with g_k = whether that overflowed (a carry out of limb k) and
// p_k = whether t_k is all ones (a carry in would pass through).
// Output: t[k] and flags[k] = g_k | p_k << 1, for k < n (n = limbs of the product).
__device__ __forceinline__ void limb_sum(const u64* c, long long k, long long count,
                                         u64* lo, u64* hi) {
    u64 s = 0, h = 0;
    for (int w = 0; w < 3; w++) {
        const long long e = k - w;
        if (e >= 0 && e < count) {
            const u64 v = c[e * 3 + w];
            s += v;
            h += (s < v);
        }
    }
    *lo = s;
    *hi = h;
}

extern "C" __global__ void carry_prepare(const u64* __restrict__ c, long long count,
                                         u64* t, unsigned char* flags, long long n) {
    const long long k = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n) {
        return;
    }
    u64 lo, hi, plo, phi = 0;
    limb_sum(c, k, count, &lo, &hi);
    if (k > 0) {
        limb_sum(c, k - 1, count, &plo, &phi);
    }
    const u64 v = lo + phi;
    t[k] = v;
    flags[k] = (unsigned char) ((v < lo ? 1 : 0) | (v == ~0ULL ? 2 : 0));
}

// Carry-lookahead composition: (g, p) of a segment = carry out with carry in 0, and whether a
// carry in passes through. later o earlier = (g_l | p_l & g_e, p_l & p_e).
__device__ __forceinline__ unsigned char compose(unsigned char later, unsigned char earlier) {
    const unsigned char g = (later & 1) | ((later >> 1) & earlier & 1);
    const unsigned char p = (later >> 1) & (earlier >> 1) & 1;
    return (unsigned char) (g | (p << 1));
}

#define CARRY_THREADS 256
#define CARRY_ITEMS 8
#define CARRY_BLOCK (CARRY_THREADS * CARRY_ITEMS)

// Inclusive scan of the threads' aggregates in shared memory (Hillis-Steele, log2 256 steps).
__device__ unsigned char block_scan(unsigned char mine, unsigned char* sh) {
    sh[threadIdx.x] = mine;
    __syncthreads();
    for (int d = 1; d < CARRY_THREADS; d <<= 1) {
        unsigned char v = sh[threadIdx.x];
        if (threadIdx.x >= d) {
            v = compose(v, sh[threadIdx.x - d]);
        }
        __syncthreads();
        sh[threadIdx.x] = v;
        __syncthreads();
    }
    return sh[threadIdx.x];
}

// Step 2: the (g, p) aggregate of each block of CARRY_BLOCK limbs.
extern "C" __global__ void carry_block_aggregates(const unsigned char* flags, long long n,
                                                  unsigned char* blockAgg) {
    __shared__ unsigned char sh[CARRY_THREADS];
    const long long base = (long long) blockIdx.x * CARRY_BLOCK + (long long) threadIdx.x * CARRY_ITEMS;
    unsigned char agg = 2; // the identity: no carry generated, carries pass
    for (int e = 0; e < CARRY_ITEMS; e++) {
        if (base + e < n) {
            agg = compose(flags[base + e], agg);
        }
    }
    const unsigned char all = block_scan(agg, sh);
    if (threadIdx.x == CARRY_THREADS - 1) {
        blockAgg[blockIdx.x] = all;
    }
}

// Step 3 (one thread): carry into each block, in order; blockCarry[b] = carry into block b.
extern "C" __global__ void carry_block_prefix(const unsigned char* blockAgg, long long blocks,
                                              unsigned char* blockCarry) {
    if (blockIdx.x != 0 || threadIdx.x != 0) {
        return;
    }
    unsigned char carry = 0;
    for (long long b = 0; b < blocks; b++) {
        blockCarry[b] = carry;
        const unsigned char a = blockAgg[b];
        carry = (a & 1) | ((a >> 1) & carry);
    }
}

// Step 4: out[k] = t[k] + carry into limb k.
extern "C" __global__ void carry_apply(const u64* t, const unsigned char* flags, long long n,
                                       const unsigned char* blockCarry, u64* out) {
    __shared__ unsigned char sh[CARRY_THREADS];
    const long long base = (long long) blockIdx.x * CARRY_BLOCK + (long long) threadIdx.x * CARRY_ITEMS;
    unsigned char agg = 2;
    for (int e = 0; e < CARRY_ITEMS; e++) {
        if (base + e < n) {
            agg = compose(flags[base + e], agg);
        }
    }
    const unsigned char inclusive = block_scan(agg, sh);
    const unsigned char exclusive = threadIdx.x == 0 ? 2 : sh[threadIdx.x - 1];
    const unsigned char in = blockCarry[blockIdx.x];
    unsigned char carry = (exclusive & 1) | ((exclusive >> 1) & in);
    (void) inclusive;
    for (int e = 0; e < CARRY_ITEMS; e++) {
        const long long k = base + e;
        if (k < n) {
            out[k] = t[k] + carry;
            const unsigned char f = flags[k];
            carry = (f & 1) | ((f >> 1) & carry);
        }
    }
}
