// Batched number-theoretic transforms over word-size primes p < 2^62 (modalg gpu layer).
//
// Layout: rows of n = 2^log2n residues, row r at data[r n .. (r + 1) n). A launch covers a run
// of consecutive rows sharing one prime p (grid.y = rows of the run); the host launches once
// per run. pinv = p^-1 mod 2^64 is the Montgomery constant.
//
// Twiddle tables (built on the host, Montgomery form w R mod p with R = 2^64): for every
// power of two h < n, tw[h + t] = w_{2h}^t for 0 <= t < h (w_{2h} the primitive 2h-th root
// w^(n / 2h), w the root the CPU engine uses), so a stage with half-size h reads tw[h .. 2h)
// contiguously. The inverse table holds w_{2h}^(-t).
//
// Forward: decimation in frequency (Gentleman-Sande), natural order in, bit-reversed out.
// Inverse: decimation in time (Cooley-Tukey), bit-reversed in, natural order out, unscaled.
// A pass does m consecutive stages of one row in shared memory: the 2^m elements of a group
// are `stride` apart, and a block takes `cols` groups with consecutive offsets so that global
// memory is read and written in runs of `cols` words (coalesced). Three passes of 8 stages
// cover a 2^24-point transform.
//
// All values are kept canonical in [0, p): results equal the CPU engine's bit for bit.

#include "zp.cuh"

// One pass: m stages on groups of 2^m elements `stride` = 2^log2stride apart, a block taking
// 2^log2cols groups with consecutive offsets (so global memory is touched in runs of cols
// words). Indices within a row are 32-bit (n <= 2^27); divisions are shifts and masks.
// Shared-memory slot of (group gl, element j): sh[(j << log2cols) + gl].
struct Pass {
    int log2n, s, m, log2cols, log2stride;

    // Global index of element j of the block's group gl (g0 = the block's first group).
    __device__ __forceinline__ unsigned address(unsigned g0, unsigned gl, unsigned j) const {
        const unsigned g = g0 + gl;
        const unsigned mask = (1u << log2stride) - 1u;
        return ((g >> log2stride) << (log2n - s)) + (g & mask) + (j << log2stride);
    }

    // The (group, element) loaded by linear index L: consecutive threads take consecutive
    // groups when the groups are at least cols apart, else consecutive elements of a group.
    __device__ __forceinline__ void slot(unsigned L, unsigned* gl, unsigned* j) const {
        if (log2stride >= log2cols) {
            *gl = L & ((1u << log2cols) - 1u);
            *j = L >> log2cols;
        } else {
            *j = L & ((1u << m) - 1u);
            *gl = L >> m;
        }
    }
};

template <typename W>
__device__ __forceinline__ void load_groups(const W* __restrict__ x, W* sh, const Pass& P,
                                            unsigned g0) {
    const unsigned words = 1u << (P.log2cols + P.m);
    for (unsigned L = threadIdx.x; L < words; L += blockDim.x) {
        unsigned gl, j;
        P.slot(L, &gl, &j);
        sh[(j << P.log2cols) + gl] = x[P.address(g0, gl, j)];
    }
    __syncthreads();
}

template <typename W>
__device__ __forceinline__ void store_groups(W* __restrict__ x, const W* sh, const Pass& P,
                                             unsigned g0) {
    const unsigned words = 1u << (P.log2cols + P.m);
    for (unsigned L = threadIdx.x; L < words; L += blockDim.x) {
        unsigned gl, j;
        P.slot(L, &gl, &j);
        x[P.address(g0, gl, j)] = sh[(j << P.log2cols) + gl];
    }
}

// Twiddle of the stage with half-size hj (in group elements) for offset jt within the half:
// w_{2h}^(tt + jt stride) with h = hj stride, at tw[h + tt + jt stride].
template <typename W>
__device__ __forceinline__ W twiddle(const W* __restrict__ tw, const Pass& P, unsigned hj,
                                       unsigned tt, unsigned jt) {
    return tw[((hj + jt) << P.log2stride) + tt];
}

// Two stages at once on quads of a group (radix-4 in registers: half the shared-memory
// round trips and barriers of radix-2). For the stage pair (u, u+1) with half-sizes hj and
// hj/2 = quarter, quad q of a column holds x0 = j0, x1 = j0 + quarter, x2 = j0 + hj,
// x3 = j0 + 3 quarter with jt = j0 mod hj < quarter.
__device__ __forceinline__ void quad_slots(unsigned Q, int log2cols, int log2quarter,
                                           unsigned* gl, unsigned* jt, unsigned* i0,
                                           unsigned* step) {
    *gl = Q & ((1u << log2cols) - 1u);
    const unsigned q = Q >> log2cols;
    *jt = q & ((1u << log2quarter) - 1u);
    const unsigned j0 = ((q - *jt) << 2) + *jt;
    *i0 = (j0 << log2cols) + *gl;
    *step = 1u << (log2quarter + log2cols);
}

// m DIF stages s .. s+m-1 on every row of the run. grid = (groups >> log2cols, rows), dynamic
// shared memory 2^(log2cols + m) words.
// The DIF pass for words W (u64: primes < 2^62; u32: primes < 2^31).
template <typename W>
__device__ __forceinline__ void dif_pass(W* data, const W* __restrict__ tw, W p, W pinv,
                                         int log2n, int s, int m, int log2cols) {
    extern __shared__ unsigned char shared_bytes[];
    W* sh = reinterpret_cast<W*>(shared_bytes);
    const Pass P = {log2n, s, m, log2cols, log2n - s - m};
    W* x = data + ((unsigned long long) blockIdx.y << log2n);
    const unsigned g0 = blockIdx.x << log2cols;
    const unsigned ttMask = (1u << P.log2stride) - 1u;
    load_groups(x, sh, P, g0);
    int u = 0;
    if (m & 1) { // one radix-2 stage first (half-size 2^(m-1))
        const unsigned hj = 1u << (m - 1);
        const unsigned pairs = 1u << (log2cols + m - 1);
        for (unsigned B = threadIdx.x; B < pairs; B += blockDim.x) {
            const unsigned gl = B & ((1u << log2cols) - 1u);
            const unsigned jt = B >> log2cols;
            const unsigned i1 = (jt << log2cols) + gl;
            const unsigned i2 = i1 + (hj << log2cols);
            const W w = twiddle(tw, P, hj, (g0 + gl) & ttMask, jt);
            const W a = sh[i1];
            const W b = sh[i2];
            sh[i1] = add_mod(a, b, p);
            sh[i2] = mont_mul(sub_mod(a, b, p), w, p, pinv);
        }
        __syncthreads();
        u = 1;
    }
    for (; u < m; u += 2) {
        const unsigned quads = 1u << (log2cols + m - 2);
        const int log2quarter = m - 2 - u;
        const unsigned quarter = 1u << log2quarter;
        const unsigned hj = quarter << 1;
        for (unsigned Q = threadIdx.x; Q < quads; Q += blockDim.x) {
            unsigned gl, jt, i0, step;
            quad_slots(Q, log2cols, log2quarter, &gl, &jt, &i0, &step);
            const unsigned tt = (g0 + gl) & ttMask;
            W x0 = sh[i0], x1 = sh[i0 + step], x2 = sh[i0 + 2 * step], x3 = sh[i0 + 3 * step];
            const W wa = twiddle(tw, P, hj, tt, jt);
            const W wb = twiddle(tw, P, hj, tt, jt + quarter);
            const W wc = twiddle(tw, P, quarter, tt, jt);
            W t;
            t = add_mod(x0, x2, p); x2 = mont_mul(sub_mod(x0, x2, p), wa, p, pinv); x0 = t;
            t = add_mod(x1, x3, p); x3 = mont_mul(sub_mod(x1, x3, p), wb, p, pinv); x1 = t;
            sh[i0] = add_mod(x0, x1, p);
            sh[i0 + step] = mont_mul(sub_mod(x0, x1, p), wc, p, pinv);
            sh[i0 + 2 * step] = add_mod(x2, x3, p);
            sh[i0 + 3 * step] = mont_mul(sub_mod(x2, x3, p), wc, p, pinv);
        }
        __syncthreads();
    }
    store_groups(x, sh, P, g0);
}

extern "C" __global__ void ntt_dif_pass(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv,
                                        int log2n, int s, int m, int log2cols) {
    dif_pass<u64>(data, tw, p, pinv, log2n, s, m, log2cols);
}

// The forward pass on 31-bit primes: timed against the 62-bit one by the benchmarks (the
// prime-width choice); not used by the engines.
extern "C" __global__ void ntt_dif_pass32(u32* data, const u32* __restrict__ tw, u32 p, u32 pinv,
                                          int log2n, int s, int m, int log2cols) {
    dif_pass<u32>(data, tw, p, pinv, log2n, s, m, log2cols);
}

// The same groups as ntt_dif_pass, with the DIT stages in reverse order (inverse twiddles).
extern "C" __global__ void ntt_dit_pass(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv,
                                        int log2n, int s, int m, int log2cols) {
    extern __shared__ u64 sh[];
    const Pass P = {log2n, s, m, log2cols, log2n - s - m};
    u64* x = data + ((unsigned long long) blockIdx.y << log2n);
    const unsigned g0 = blockIdx.x << log2cols;
    const unsigned ttMask = (1u << P.log2stride) - 1u;
    load_groups(x, sh, P, g0);
    // stage pairs (u, u+1) from the last pair down; a lone radix-2 stage u = 0 if m is odd
    for (int u = m - 2; u >= (m & 1); u -= 2) {
        const unsigned quads = 1u << (log2cols + m - 2);
        const int log2quarter = m - 2 - u;
        const unsigned quarter = 1u << log2quarter;
        const unsigned hj = quarter << 1;
        for (unsigned Q = threadIdx.x; Q < quads; Q += blockDim.x) {
            unsigned gl, jt, i0, step;
            quad_slots(Q, log2cols, log2quarter, &gl, &jt, &i0, &step);
            const unsigned tt = (g0 + gl) & ttMask;
            u64 x0 = sh[i0], x1 = sh[i0 + step], x2 = sh[i0 + 2 * step], x3 = sh[i0 + 3 * step];
            const u64 wc = twiddle(tw, P, quarter, tt, jt);
            const u64 wa = twiddle(tw, P, hj, tt, jt);
            const u64 wb = twiddle(tw, P, hj, tt, jt + quarter);
            u64 b;
            b = mont_mul(x1, wc, p, pinv); x1 = sub_mod(x0, b, p); x0 = add_mod(x0, b, p);
            b = mont_mul(x3, wc, p, pinv); x3 = sub_mod(x2, b, p); x2 = add_mod(x2, b, p);
            b = mont_mul(x2, wa, p, pinv);
            sh[i0 + 2 * step] = sub_mod(x0, b, p);
            sh[i0] = add_mod(x0, b, p);
            b = mont_mul(x3, wb, p, pinv);
            sh[i0 + 3 * step] = sub_mod(x1, b, p);
            sh[i0 + step] = add_mod(x1, b, p);
        }
        __syncthreads();
    }
    if (m & 1) {
        const unsigned hj = 1u << (m - 1);
        const unsigned pairs = 1u << (log2cols + m - 1);
        for (unsigned B = threadIdx.x; B < pairs; B += blockDim.x) {
            const unsigned gl = B & ((1u << log2cols) - 1u);
            const unsigned jt = B >> log2cols;
            const unsigned i1 = (jt << log2cols) + gl;
            const unsigned i2 = i1 + (hj << log2cols);
            const u64 w = twiddle(tw, P, hj, (g0 + gl) & ttMask, jt);
            const u64 a = sh[i1];
            const u64 b = mont_mul(sh[i2], w, p, pinv);
            sh[i1] = add_mod(a, b, p);
            sh[i2] = sub_mod(a, b, p);
        }
        __syncthreads();
    }
    store_groups(x, sh, P, g0);
}

// out[i] = a[i] b[i] c R^-2 mod p (c = k R^2 mod p gives a b k; the convolution uses k = 1/n).
// grid = (ceil(n / block), rows of the run).
extern "C" __global__ void pointwise_mul(u64* out, const u64* a, const u64* b, u64 p, u64 pinv,
                                         u64 c, int log2n) {
    const long long n = 1LL << log2n;
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    const long long k = (long long) blockIdx.y * n + i;
    out[k] = mont_mul(mont_mul(a[k], b[k], p, pinv), c, p, pinv);
}

// data[i] = data[i] c R^-1 mod p (c = k R mod p gives data k), or, when table != 0, data[i]
// table[i] R^-1 with a per-element table of length n (the negacyclic twists).
extern "C" __global__ void scale(u64* data, u64 p, u64 pinv, u64 c, const u64* table,
                                 int log2n) {
    const long long n = 1LL << log2n;
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    const long long k = (long long) blockIdx.y * n + i;
    data[k] = mont_mul(data[k], table != 0 ? table[i] : c, p, pinv);
}

// out[bitrev(i)] = in[i] within each row (out-of-place).
extern "C" __global__ void bit_reverse(u64* out, const u64* in, int log2n) {
    const long long n = 1LL << log2n;
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    const long long r = (long long) (__brev((unsigned) i) >> (32 - log2n));
    out[(long long) blockIdx.y * n + r] = in[(long long) blockIdx.y * n + i];
}
