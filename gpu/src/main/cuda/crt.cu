// Projection onto word-size primes and Chinese remaindering back (Garner), and the carry
// normalization that turns the convolution of 64-bit limbs into the limbs of an integer
// product (modalg gpu layer).
//
// Primes q_j < 2^62, Montgomery arithmetic with R = 2^64 as in ntt.cu. Residue rows: row j at
// res[j * rowStride ..]. Limb vectors: element-major, element i's L limbs at x[i * L ..],
// little-endian unsigned 64-bit.

#include "zp.cuh"

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
        const u64 q = primes[j];
        const u64 qinv = pinvs[j];
        u64 acc = 0;
        for (int l = 0; l < L; l++) {
            acc = add_mod(acc, mont_mul(xi[l], limbPow[j * L + l], q, qinv), q);
        }
        res[j * rowStride + i] = acc;
    }
}

#define MAX_PRIMES 40

// Garner: from residues r_j (j < P) of an integer 0 <= y < q_0 ... q_{P-1}, its Lout limbs
// (Lout >= the limbs of that product). Mixed-radix digits v_j = (r_j - (v_0 + v_1 q_0 + ...
// + v_{j-1} q_0 .. q_{j-2})) (q_0 .. q_{j-1})^-1 mod q_j, the bracket by Horner modulo q_j;
// then y = v_0 + q_0 (v_1 + q_1 (v_2 + ...)) by Horner on the limbs.
// Constants (Montgomery form, R mod q_j scaled): qmod[j * P + i] = q_i R mod q_j,
// inv[j] = (q_0 .. q_{j-1})^-1 R mod q_j, one[j] = R mod q_j.
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
    u64* out = y + i * Lout;
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
