// Batched number-theoretic transforms over word-size primes p < 2^62 (modalg gpu layer).
//
// Layout: rows of n = 2^log2n residues, row r at data[r n .. (r + 1) n). A launch covers a run
// of consecutive rows sharing one prime p (grid.y = rows of the run); the host launches once
// per run. pinv = p^-1 mod 2^64 is the Montgomery constant.
//
// Twiddle tables (built on the device by ntt_table, at the end of this file; NttTables keeps
// the host builder as the tests' oracle): for every power of two h < n, tw[h + t] = w_{2h}^t for
// 0 <= t < h (w_{2h} the primitive 2h-th root w^(n / 2h), w the root the CPU engine uses), so
// a stage with half-size h reads tw[h .. 2h) contiguously; the inverse table holds
// w_{2h}^(-t). The engines' Shoup passes read pairs (w, floor(w 2^64 / p)) at the same indices
// (from 2^22 points on only the quotients of the first pass's entries: see the Shoup passes),
// the earlier passes one word in Montgomery form, w R mod p with R = 2^64.
//
// Forward: decimation in frequency (Gentleman-Sande), natural order in, bit-reversed out.
// Inverse: decimation in time (Cooley-Tukey), bit-reversed in, natural order out, unscaled.
// A pass does m consecutive stages of one row in shared memory: the 2^m elements of a group
// are `stride` apart, and a block takes `cols` groups with consecutive offsets so that global
// memory is read and written in runs of `cols` words (coalesced). Three passes of 8 stages
// cover a 2^24-point transform.
//
// Every transform's output is canonical in [0, p) (the passes in between keep lazy ranges, see
// the fused passes): results equal the CPU engine's bit for bit.

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

// ---------------------------------------------------------------------------------------------
// Fused passes (the engines' kernels): M <= 8 stages of a group of 2^M elements, done in
// registers in two phases with one shared-memory exchange between them. Phase H owns the
// elements with fixed low M2 = floor(M/2) bits (2^M1 of them, M1 = ceil(M/2): radix 16 for
// M = 8) and does the stages on the high bits; phase L owns the elements with fixed high bits
// (2^M2 of them) and does the stages on the low bits. DIF: H then L; DIT: L then H. Every
// butterfly of a phase runs on registers, the twiddles of a stage are loaded once per thread
// and shared by its butterflies, and there is one barrier per pass where the groups are at
// least `cols` apart in memory (the thread reads its first-phase elements straight from global
// memory and writes its second-phase elements straight back, both in runs of cols words), three
// in the pass of consecutive groups (stride 1), which goes through shared memory for coalesced
// loads or stores.
//
// Lazy reductions (Harvey): the DIF keeps values in [0, 2p): a + b reduced once by 2p, (a - b +
// 2p) w by a Montgomery product without its final correction (in (0, 2p) for an operand below
// 4p: a b < 4p^2 < p 2^64 for p < 2^62). The DIT keeps values in [0, 4p): a reduced to [0, 2p),
// t = b w in (0, 2p), a + t and a - t + 2p in [0, 4p). The last pass of a transform returns
// canonical residues in [0, p), so results equal the CPU engine's bit for bit.
//
// Shared slot of (group gl, element j): (j << log2cols) | (gl ^ (j mod cols)) (an XOR swizzle:
// both the column-major and the row-major accesses of a half-warp hit 16 distinct 8-byte banks).

// a b R^-1 mod p + p, in (0, 2p), for a < 4p, b < p, p < 2^62: REDC without its correction.
__device__ __forceinline__ u64 mont_mul_lazy(u64 a, u64 b, u64 p, u64 pinv) {
    const u64 lo = a * b;
    const u64 hi = __umul64hi(a, b);
    const u64 mp = __umul64hi(lo * pinv, p);
    return hi - mp + p;
}

// x - m if x >= m else x, for x < m + 2^63 (one unsigned minimum).
__device__ __forceinline__ u64 reduce_once(u64 x, u64 m) {
    const u64 y = x - m;
    return y < x ? y : x;
}

struct Fused {
    int log2n, s, log2cols, log2stride;
    unsigned g0;

    __device__ __forceinline__ unsigned slot(unsigned gl, unsigned j) const {
        return (j << log2cols) | (gl ^ (j & ((1u << log2cols) - 1u)));
    }

    __device__ __forceinline__ unsigned address(unsigned gl, unsigned j) const {
        const unsigned g = g0 + gl;
        const unsigned mask = (1u << log2stride) - 1u;
        return ((g >> log2stride) << (log2n - s)) + (g & mask) + (j << log2stride);
    }

    // twiddle of the stage with half-size h (group elements) at offset jt < h for group gl
    __device__ __forceinline__ u64 twiddle(const u64* __restrict__ tw, unsigned h, unsigned jt,
                                           unsigned gl) const {
        const unsigned tt = (g0 + gl) & ((1u << log2stride) - 1u);
        return tw[((h + jt) << log2stride) + tt];
    }
};

// DIF butterfly on [0, 2p) values.
__device__ __forceinline__ void dif_bfly(u64& a, u64& b, u64 w, u64 p, u64 p2, u64 pinv) {
    const u64 s = a + b;
    const u64 d = a - b + p2;
    a = reduce_once(s, p2);
    b = mont_mul_lazy(d, w, p, pinv);
}

// DIT butterfly on [0, 4p) values.
__device__ __forceinline__ void dit_bfly(u64& a, u64& b, u64 w, u64 p, u64 p2, u64 pinv) {
    const u64 x = reduce_once(a, p2);
    const u64 t = mont_mul_lazy(b, w, p, pinv);
    a = x + t;
    b = x - t + p2;
}

// The stages of one phase on R = 2^r register values v[k], k < R, whose element index is
// base + (k << shift). DIF: half-sizes R/2 .. 1 (in k); DIT: 1 .. R/2. The twiddle of (hk, t)
// is that of half-size hk << shift at offset base + (t << shift) (base < 1 << shift).
template <int R, bool DIF>
__device__ __forceinline__ void phase_stages(u64 (&v)[R], const u64* __restrict__ tw,
                                             const Fused& F, unsigned gl, unsigned base,
                                             int shift, u64 p, u64 p2, u64 pinv) {
#pragma unroll
    for (int st = 0; (1 << st) < R; st++) {
        const int hk = DIF ? R >> (st + 1) : 1 << st;
#pragma unroll
        for (int t = 0; t < hk; t++) {
            const u64 w = F.twiddle(tw, (unsigned) hk << shift, base + ((unsigned) t << shift), gl);
#pragma unroll
            for (int b = 0; b < R / (2 * hk); b++) {
                const int k = b * 2 * hk + t;
                if (DIF) {
                    dif_bfly(v[k], v[k + hk], w, p, p2, pinv);
                } else {
                    dit_bfly(v[k], v[k + hk], w, p, p2, pinv);
                }
            }
        }
    }
}

template <int R>
__device__ __forceinline__ void normalize(u64 (&v)[R], u64 p, u64 p2, bool dif) {
#pragma unroll
    for (int k = 0; k < R; k++) {
        u64 x = v[k];
        if (!dif) {
            x = reduce_once(x, p2);
        }
        v[k] = reduce_once(x, p);
    }
}

template <int M, bool DIF>
__device__ __forceinline__ void fused_pass(u64* data, const u64* __restrict__ tw, u64 p,
                                           u64 pinv, int log2n, int s, int log2cols) {
    extern __shared__ u64 fused_sh[];
    constexpr int M1 = (M + 1) / 2;
    constexpr int M2 = M / 2;
    constexpr int R1 = 1 << M1; // phase H: elements jx + (k << M2)
    constexpr int R2 = 1 << M2; // phase L: elements (jy << M2) + k
    const Fused F = {log2n, s, log2cols, log2n - s - M, blockIdx.x << log2cols};
    u64* x = data + ((unsigned long long) blockIdx.y << log2n);
    const unsigned colsMask = (1u << log2cols) - 1u;
    const bool direct = F.log2stride >= log2cols; // groups at least cols apart: direct I/O
    const bool last = DIF ? F.log2stride == 0 : s == 0;
    const u64 p2 = p << 1;
    const unsigned unitsH = (1u << log2cols) << M2;
    const unsigned unitsL = (1u << log2cols) << M1;
    const unsigned words = (1u << log2cols) << M;
    if (!DIF && !direct) { // staged, coalesced load: consecutive threads, consecutive elements
        for (unsigned L = threadIdx.x; L < words; L += blockDim.x) {
            const unsigned j = L & ((1u << M) - 1u);
            const unsigned gl = L >> M;
            fused_sh[F.slot(gl, j)] = x[F.address(gl, j)];
        }
        __syncthreads();
    }
    if (DIF) {
        for (unsigned U = threadIdx.x; U < unitsH; U += blockDim.x) {
            const unsigned gl = direct ? U & colsMask : U >> M2;
            const unsigned jx = direct ? U >> log2cols : U & (R2 - 1u);
            u64 v[R1];
#pragma unroll
            for (int k = 0; k < R1; k++) {
                v[k] = x[F.address(gl, jx + ((unsigned) k << M2))];
            }
            phase_stages<R1, true>(v, tw, F, gl, jx, M2, p, p2, pinv);
#pragma unroll
            for (int k = 0; k < R1; k++) {
                fused_sh[F.slot(gl, jx + ((unsigned) k << M2))] = v[k];
            }
        }
        __syncthreads();
        for (unsigned U = threadIdx.x; U < unitsL; U += blockDim.x) {
            const unsigned gl = U & colsMask;
            const unsigned jy = U >> log2cols;
            u64 v[R2];
#pragma unroll
            for (int k = 0; k < R2; k++) {
                v[k] = fused_sh[F.slot(gl, (jy << M2) + k)];
            }
            phase_stages<R2, true>(v, tw, F, gl, 0, 0, p, p2, pinv);
            if (last) {
                normalize(v, p, p2, true);
            }
#pragma unroll
            for (int k = 0; k < R2; k++) {
                if (direct) {
                    x[F.address(gl, (jy << M2) + k)] = v[k];
                } else {
                    fused_sh[F.slot(gl, (jy << M2) + k)] = v[k];
                }
            }
        }
        if (!direct) { // staged, coalesced store
            __syncthreads();
            for (unsigned L = threadIdx.x; L < words; L += blockDim.x) {
                const unsigned j = L & ((1u << M) - 1u);
                const unsigned gl = L >> M;
                x[F.address(gl, j)] = fused_sh[F.slot(gl, j)];
            }
        }
    } else {
        for (unsigned U = threadIdx.x; U < unitsL; U += blockDim.x) {
            const unsigned gl = U & colsMask;
            const unsigned jy = U >> log2cols;
            u64 v[R2];
#pragma unroll
            for (int k = 0; k < R2; k++) {
                const unsigned j = (jy << M2) + k;
                v[k] = direct ? x[F.address(gl, j)] : fused_sh[F.slot(gl, j)];
            }
            phase_stages<R2, false>(v, tw, F, gl, 0, 0, p, p2, pinv);
#pragma unroll
            for (int k = 0; k < R2; k++) {
                fused_sh[F.slot(gl, (jy << M2) + k)] = v[k];
            }
        }
        __syncthreads();
        for (unsigned U = threadIdx.x; U < unitsH; U += blockDim.x) {
            const unsigned gl = direct ? U & colsMask : U >> M2;
            const unsigned jx = direct ? U >> log2cols : U & (R2 - 1u);
            u64 v[R1];
#pragma unroll
            for (int k = 0; k < R1; k++) {
                v[k] = fused_sh[F.slot(gl, jx + ((unsigned) k << M2))];
            }
            phase_stages<R1, false>(v, tw, F, gl, jx, M2, p, p2, pinv);
            if (last) {
                normalize(v, p, p2, false);
            }
#pragma unroll
            for (int k = 0; k < R1; k++) {
                x[F.address(gl, jx + ((unsigned) k << M2))] = v[k];
            }
        }
    }
}

// One fused pass of m (1 <= m <= 8) stages starting at stage s, DIF (forward) or DIT (inverse).
// grid = (2^(log2n - m - log2cols), rows of the run), block = 2^(log2cols + floor(m/2))
// threads, dynamic shared memory 2^(log2cols + m) words. Input of a transform's first pass:
// canonical residues; output of its last pass: canonical residues.
#define FUSED_CASES(DIF)                                                                      \
    switch (m) {                                                                                   \
    case 1: fused_pass<1, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                      \
    case 2: fused_pass<2, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                      \
    case 3: fused_pass<3, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                      \
    case 4: fused_pass<4, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                      \
    case 5: fused_pass<5, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                      \
    case 6: fused_pass<6, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                      \
    case 7: fused_pass<7, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                      \
    default: fused_pass<8, DIF>(data, tw, p, pinv, log2n, s, log2cols); break;                     \
    }

extern "C" __global__ void ntt_dif_fused(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv,
                                         int log2n, int s, int m, int log2cols) {
    FUSED_CASES(true)
}

extern "C" __global__ void ntt_dit_fused(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv,
                                         int log2n, int s, int m, int log2cols) {
    FUSED_CASES(false)
}

// The same passes compiled for three blocks of 256 threads per multiprocessor (at most 80
// registers a thread, a few spilled): what the engines run (modalg.gpu.nttKernel, default
// fused_lb3), 3-5% faster than the passes above at 2^24 points on an H200.
extern "C" __global__ void __launch_bounds__(256, 3)
ntt_dif_fused_lb3(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m,
                  int log2cols) {
    FUSED_CASES(true)
}

extern "C" __global__ void __launch_bounds__(256, 3)
ntt_dit_fused_lb3(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m,
                  int log2cols) {
    FUSED_CASES(false)
}

// ---------------------------------------------------------------------------------------------
// Shoup passes (the engines' kernels since run 13 of gpu/BENCHMARKS.md; for passes of 8 stages
// the three-phase passes below since run 20): the fused passes'
// schedule (two register phases, one shared-memory exchange) with changes that cut the
// instructions per butterfly and the stalls that bound the fused passes:
// - the twiddle product by Shoup's method: w a plain residue with its quotient w' =
//   floor(w 2^64 / p), and a w = a w - floor(a w' / 2^64) p in [0, 2p) for any a < 2^64: one
//   high and two low 64-bit products, independent of each other, against the Montgomery
//   product's chain of four (57 against 65 instructions for a butterfly with its loads and
//   stores on sm_90);
// - from 2^22 points on, the pass that reads as many twiddles as data words (the largest
//   stride: the first forward pass, the last inverse one; its twiddles do not stay in L2) reads
//   only the quotients and recovers w = floor(w' p / 2^64) + 1 (exact for 0 < w < p: w 2^64 =
//   w' p + r with 0 < r < p), 8 bytes a twiddle instead of 16 for one more high product each:
//   that pass 0.176 against 0.208 / 0.199 ms (forward / inverse) at 2^24 points on an H100
//   (gpu/BENCHMARKS.md, run 17);
// - in the pass whose groups are consecutive (stride 1) the twiddles of offset 0 in the low-bit
//   phase are 1: those butterflies are additions only (15 of the phase's 32);
// - the staged (stride-1) pass issues all of a thread's loads before its shared-memory stores,
//   so they are in flight together (the fused inverse's first pass waited for each in turn:
//   0.23 against 0.12 ms at 2^24 points);
// - a reduction x - m if x >= m is one 64-bit subtraction and a select on its sign (valid for
//   |x - m| < 2^63);
// - 8 groups to a block of 128 threads, four blocks a multiprocessor.
// Value ranges, the last pass's canonical output and the data layout are those of the fused
// passes. The same passes on Montgomery words (TW_MONT) and with pairs in every pass (the
// engines' passes before the quotient-only reads) are instantiated only by the standalone
// benchmark (gpu/src/test/cuda/ntt_bench.cu), for comparison.
//
// Shoup table (NttTables.shoupTable): for i < B the pair (w_{2h}^t, floor(w_{2h}^t 2^64 / p)) of
// entry i = h + t at words 2i, 2i + 1 (ulonglong2); from 2^22 points on, with B = 2^(log2n -
// m0) the first pass's stride (m0 its stages), only the quotient of entry i >= B, at word B + i
// (n + B words in all; below 2^22, B = n: pairs only, 2n words).

__device__ __forceinline__ u64 reduce_sign(u64 x, u64 m) {
    const u64 y = x - m;
    return (long long) y < 0 ? x : y;
}

// How a pass reads and applies its twiddles.
enum TwiddleMode {
    TW_MONT = 0,   // one word w R mod p at tw[i]; Montgomery products (benchmark only)
    TW_PAIR = 1,   // the pair (w, w') at words 2i, 2i + 1 of the Shoup table
    TW_QUOT = 2    // only w', at word B + i of the Shoup table (i >= B = the pass's stride),
                   // and w = floor(w' p / 2^64) + 1
};

template <int MODE> struct Twiddle {
    typedef ulonglong2 T;
    // entry i; qoff: the quotient region's offset B (quotient of entry i at word B + i)
    static __device__ __forceinline__ T load(const u64* __restrict__ tw, unsigned i,
                                             unsigned qoff, u64 p) {
        return finish(load_raw(tw, i, qoff), p);
    }
    // the words as stored (TW_QUOT: the quotient alone, w recovered by finish at the use)
    static __device__ __forceinline__ T load_raw(const u64* __restrict__ tw, unsigned i,
                                                 unsigned qoff) {
        if (MODE == TW_PAIR) {
            return __ldg(reinterpret_cast<const ulonglong2*>(tw) + i);
        }
        T w;
        w.y = __ldg(tw + qoff + i);
        w.x = 0;
        return w;
    }
    static __device__ __forceinline__ T finish(T w, u64 p) {
        if (MODE == TW_QUOT) {
            w.x = __umul64hi(w.y, p) + 1;
        }
        return w;
    }
    // a w mod p + {0, p}, in [0, 2p) for any a < 2^64 (w.x = w < p, w.y = floor(w 2^64 / p))
    static __device__ __forceinline__ u64 mul(u64 a, T w, u64 p, u64) {
        const u64 q = __umul64hi(a, w.y);
        return a * w.x - q * p;
    }
};
template <> struct Twiddle<TW_MONT> {
    typedef u64 T;
    static __device__ __forceinline__ T load(const u64* __restrict__ tw, unsigned i, unsigned,
                                             u64) {
        return __ldg(tw + i);
    }
    static __device__ __forceinline__ T load_raw(const u64* __restrict__ tw, unsigned i, unsigned) {
        return __ldg(tw + i);
    }
    static __device__ __forceinline__ T finish(T w, u64) {
        return w;
    }
    // a w R^-1 + p in (0, 2p) for a < 4p (w = w R mod p stored)
    static __device__ __forceinline__ u64 mul(u64 a, T w, u64 p, u64 pinv) {
        return mont_mul_lazy(a, w, p, pinv);
    }
};

template <int MODE>
__device__ __forceinline__ void dif_bfly2(u64& a, u64& b, typename Twiddle<MODE>::T w, u64 p,
                                          u64 p2, u64 pinv) {
    const u64 s = a + b;
    const u64 d = a - b + p2;
    a = reduce_sign(s, p2);
    b = Twiddle<MODE>::mul(d, w, p, pinv);
}

template <int MODE>
__device__ __forceinline__ void dit_bfly2(u64& a, u64& b, typename Twiddle<MODE>::T w, u64 p,
                                          u64 p2, u64 pinv) {
    const u64 x = reduce_sign(a, p2);
    const u64 t = Twiddle<MODE>::mul(b, w, p, pinv);
    a = x + t;
    b = x - t + p2;
}

// Butterflies whose twiddle is 1: the same ranges without a product.
__device__ __forceinline__ void dif_bfly1(u64& a, u64& b, u64 p2) {
    const u64 s = a + b;
    const u64 d = a - b + p2;
    a = reduce_sign(s, p2);
    b = reduce_sign(d, p2);
}

__device__ __forceinline__ void dit_bfly1(u64& a, u64& b, u64 p2) {
    const u64 x = reduce_sign(a, p2);
    const u64 t = reduce_sign(b, p2);
    a = x + t;
    b = x - t + p2;
}

struct Pass2 {
    int log2n, s, log2cols, log2stride;
    unsigned g0;

    __device__ __forceinline__ unsigned slot(unsigned gl, unsigned j) const {
        return (j << log2cols) | (gl ^ (j & ((1u << log2cols) - 1u)));
    }

    // The three-phase passes' slot (see shoup_pass8): bit 0 of j flipped by bit 2, the column
    // XOR-ed with bits 1..3 of j, so that every access of a half-warp in the three phases and in
    // the staged copies hits 16 distinct 8-byte banks (with 8 columns).
    __device__ __forceinline__ unsigned slot3(unsigned gl, unsigned j) const {
        const unsigned jp = j ^ ((j >> 2) & 1u);
        return (jp << log2cols) | (gl ^ ((j >> 1) & ((1u << log2cols) - 1u)));
    }

    __device__ __forceinline__ unsigned address(unsigned gl, unsigned j) const {
        const unsigned g = g0 + gl;
        const unsigned mask = (1u << log2stride) - 1u;
        return ((g >> log2stride) << (log2n - s)) + (g & mask) + (j << log2stride);
    }

    // twiddle of half-size h (group elements) at offset jt < h for group gl; S1: stride 1
    template <int MODE, bool S1>
    __device__ __forceinline__ typename Twiddle<MODE>::T twiddle(const u64* __restrict__ tw,
                                                                 unsigned h, unsigned jt,
                                                                 unsigned gl, u64 p) const {
        if (S1) {
            return Twiddle<MODE>::load(tw, h + jt, 1u, p);
        }
        const unsigned tt = (g0 + gl) & ((1u << log2stride) - 1u);
        return Twiddle<MODE>::load(tw, ((h + jt) << log2stride) + tt, 1u << log2stride, p);
    }

    // the same, as stored (Twiddle::load_raw; Twiddle::finish at the use)
    template <int MODE, bool S1>
    __device__ __forceinline__ typename Twiddle<MODE>::T twiddle_raw(const u64* __restrict__ tw,
                                                                     unsigned h, unsigned jt,
                                                                     unsigned gl) const {
        if (S1) {
            return Twiddle<MODE>::load_raw(tw, h + jt, 1u);
        }
        const unsigned tt = (g0 + gl) & ((1u << log2stride) - 1u);
        return Twiddle<MODE>::load_raw(tw, ((h + jt) << log2stride) + tt, 1u << log2stride);
    }
};

// The stages of one register phase (as phase_stages); TRIV: the twiddles of t = 0 are 1. SETS
// independent sets of R values (set i in v[i R .. (i + 1) R)) that share their twiddles: each
// twiddle is loaded once and used by all of them.
template <int R, bool DIF, int MODE, bool S1, bool TRIV, int SETS = 1>
__device__ __forceinline__ void phase_stages2(u64 (&v)[R * SETS], const u64* __restrict__ tw,
                                              const Pass2& F, unsigned gl, unsigned base,
                                              int shift, u64 p, u64 p2, u64 pinv) {
#pragma unroll
    for (int st = 0; (1 << st) < R; st++) {
        const int hk = DIF ? R >> (st + 1) : 1 << st;
#pragma unroll
        for (int t = 0; t < hk; t++) {
            if (TRIV && t == 0) {
#pragma unroll
                for (int b = 0; b < SETS * R / (2 * hk); b++) {
                    const int k = b * 2 * hk;
                    if (DIF) {
                        dif_bfly1(v[k], v[k + hk], p2);
                    } else {
                        dit_bfly1(v[k], v[k + hk], p2);
                    }
                }
                continue;
            }
            const typename Twiddle<MODE>::T w = F.template twiddle<MODE, S1>(
                    tw, (unsigned) hk << shift, base + ((unsigned) t << shift), gl, p);
#pragma unroll
            for (int b = 0; b < SETS * R / (2 * hk); b++) {
                const int k = b * 2 * hk + t;
                if (DIF) {
                    dif_bfly2<MODE>(v[k], v[k + hk], w, p, p2, pinv);
                } else {
                    dit_bfly2<MODE>(v[k], v[k + hk], w, p, p2, pinv);
                }
            }
        }
    }
}

// A phase's twiddles loaded ahead of its stages (phase_stages_pre): entry (hk - 1) + t of w for
// the twiddle of half-size hk and offset t (R - 1 entries; those of t = 0 left out under TRIV).
template <int R, int MODE, bool S1, bool TRIV>
__device__ __forceinline__ void phase_twiddles(typename Twiddle<MODE>::T (&w)[R - 1],
                                               const u64* __restrict__ tw, const Pass2& F,
                                               unsigned gl, unsigned base, int shift) {
#pragma unroll
    for (int hk = 1; hk < R; hk <<= 1) {
#pragma unroll
        for (int t = TRIV ? 1 : 0; t < hk; t++) {
            w[hk - 1 + t] = F.template twiddle_raw<MODE, S1>(tw, (unsigned) hk << shift,
                                                             base + ((unsigned) t << shift), gl);
        }
    }
}

// phase_stages2 with the twiddles of phase_twiddles.
template <int R, bool DIF, int MODE, bool TRIV, int SETS = 1>
__device__ __forceinline__ void phase_stages_pre(u64 (&v)[R * SETS],
                                                 const typename Twiddle<MODE>::T (&w)[R - 1],
                                                 u64 p, u64 p2, u64 pinv) {
#pragma unroll
    for (int st = 0; (1 << st) < R; st++) {
        const int hk = DIF ? R >> (st + 1) : 1 << st;
#pragma unroll
        for (int t = 0; t < hk; t++) {
            if (TRIV && t == 0) {
#pragma unroll
                for (int b = 0; b < SETS * R / (2 * hk); b++) {
                    const int k = b * 2 * hk;
                    if (DIF) {
                        dif_bfly1(v[k], v[k + hk], p2);
                    } else {
                        dit_bfly1(v[k], v[k + hk], p2);
                    }
                }
                continue;
            }
            const typename Twiddle<MODE>::T wt = Twiddle<MODE>::finish(w[hk - 1 + t], p);
#pragma unroll
            for (int b = 0; b < SETS * R / (2 * hk); b++) {
                const int k = b * 2 * hk + t;
                if (DIF) {
                    dif_bfly2<MODE>(v[k], v[k + hk], wt, p, p2, pinv);
                } else {
                    dit_bfly2<MODE>(v[k], v[k + hk], wt, p, p2, pinv);
                }
            }
        }
    }
}

template <int R>
__device__ __forceinline__ void normalize2(u64 (&v)[R], u64 p, u64 p2, bool dif) {
#pragma unroll
    for (int k = 0; k < R; k++) {
        u64 x = v[k];
        if (!dif) {
            x = reduce_sign(x, p2);
        }
        v[k] = reduce_sign(x, p);
    }
}

// S1: log2stride == 0 (the pass of consecutive groups: the forward transform's last pass, the
// inverse's first).
template <int M, bool DIF, int MODE, bool S1>
__device__ __forceinline__ void shoup_pass(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv,
                                           int log2n, int s, int log2cols) {
    extern __shared__ u64 fused_sh[];
    constexpr int M1 = (M + 1) / 2;
    constexpr int M2 = M / 2;
    constexpr int R1 = 1 << M1;
    constexpr int R2 = 1 << M2;
    const Pass2 F = {log2n, s, log2cols, S1 ? 0 : log2n - s - M, blockIdx.x << log2cols};
    u64* x = data + ((unsigned long long) blockIdx.y << log2n);
    const unsigned colsMask = (1u << log2cols) - 1u;
    const bool direct = F.log2stride >= log2cols;
    const bool last = DIF ? S1 : s == 0;
    const u64 p2 = p << 1;
    const unsigned unitsH = (1u << log2cols) << M2;
    const unsigned unitsL = (1u << log2cols) << M1;
    if (!DIF && !direct) { // staged, coalesced load: the R1 words of a thread all in flight at once
        u64 v[R1];
#pragma unroll
        for (int i = 0; i < R1; i++) {
            const unsigned L = threadIdx.x + i * blockDim.x;
            v[i] = x[F.address(L >> M, L & ((1u << M) - 1u))];
        }
#pragma unroll
        for (int i = 0; i < R1; i++) {
            const unsigned L = threadIdx.x + i * blockDim.x;
            fused_sh[F.slot(L >> M, L & ((1u << M) - 1u))] = v[i];
        }
        __syncthreads();
    }
    if (DIF) {
        for (unsigned U = threadIdx.x; U < unitsH; U += blockDim.x) {
            const unsigned gl = direct ? U & colsMask : U >> M2;
            const unsigned jx = direct ? U >> log2cols : U & (R2 - 1u);
            u64 v[R1];
#pragma unroll
            for (int k = 0; k < R1; k++) {
                v[k] = x[F.address(gl, jx + ((unsigned) k << M2))];
            }
            phase_stages2<R1, true, MODE, S1, false>(v, tw, F, gl, jx, M2, p, p2, pinv);
#pragma unroll
            for (int k = 0; k < R1; k++) {
                fused_sh[F.slot(gl, jx + ((unsigned) k << M2))] = v[k];
            }
        }
        __syncthreads();
        for (unsigned U = threadIdx.x; U < unitsL; U += blockDim.x) {
            const unsigned gl = U & colsMask;
            const unsigned jy = U >> log2cols;
            u64 v[R2];
#pragma unroll
            for (int k = 0; k < R2; k++) {
                v[k] = fused_sh[F.slot(gl, (jy << M2) + k)];
            }
            phase_stages2<R2, true, MODE, S1, S1>(v, tw, F, gl, 0, 0, p, p2, pinv);
            if (last) {
                normalize2(v, p, p2, true);
            }
#pragma unroll
            for (int k = 0; k < R2; k++) {
                if (direct) {
                    x[F.address(gl, (jy << M2) + k)] = v[k];
                } else {
                    fused_sh[F.slot(gl, (jy << M2) + k)] = v[k];
                }
            }
        }
        if (!direct) { // staged, coalesced store
            __syncthreads();
            u64 v[R1];
#pragma unroll
            for (int i = 0; i < R1; i++) {
                const unsigned L = threadIdx.x + i * blockDim.x;
                v[i] = fused_sh[F.slot(L >> M, L & ((1u << M) - 1u))];
            }
#pragma unroll
            for (int i = 0; i < R1; i++) {
                const unsigned L = threadIdx.x + i * blockDim.x;
                x[F.address(L >> M, L & ((1u << M) - 1u))] = v[i];
            }
        }
    } else {
        for (unsigned U = threadIdx.x; U < unitsL; U += blockDim.x) {
            const unsigned gl = U & colsMask;
            const unsigned jy = U >> log2cols;
            u64 v[R2];
#pragma unroll
            for (int k = 0; k < R2; k++) {
                const unsigned j = (jy << M2) + k;
                v[k] = direct ? x[F.address(gl, j)] : fused_sh[F.slot(gl, j)];
            }
            phase_stages2<R2, false, MODE, S1, S1>(v, tw, F, gl, 0, 0, p, p2, pinv);
#pragma unroll
            for (int k = 0; k < R2; k++) {
                fused_sh[F.slot(gl, (jy << M2) + k)] = v[k];
            }
        }
        __syncthreads();
        for (unsigned U = threadIdx.x; U < unitsH; U += blockDim.x) {
            const unsigned gl = direct ? U & colsMask : U >> M2;
            const unsigned jx = direct ? U >> log2cols : U & (R2 - 1u);
            u64 v[R1];
#pragma unroll
            for (int k = 0; k < R1; k++) {
                v[k] = fused_sh[F.slot(gl, jx + ((unsigned) k << M2))];
            }
            phase_stages2<R1, false, MODE, S1, false>(v, tw, F, gl, jx, M2, p, p2, pinv);
            if (last) {
                normalize2(v, p, p2, false);
            }
#pragma unroll
            for (int k = 0; k < R1; k++) {
                x[F.address(gl, jx + ((unsigned) k << M2))] = v[k];
            }
        }
    }
}

// Three-phase passes of 8 stages: radix 8, 8 and 4 in registers with 8 values a thread (half
// the fused passes' 16), so that a block of 256 threads takes the same 8 groups in 64 registers
// a thread and a multiprocessor holds twice the warps to hide the global loads' latency, for one
// more exchange through shared memory. Element j = (a << 5) | (b << 2) | c of a group (a, b < 8,
// c < 4); phase A does the stages of half-sizes 128, 64, 32 on the 8 elements with fixed (b, c),
// phase B those of 16, 8, 4 on the 8 with fixed (a, c), phase C those of 2 and 1 on two sets of
// 4 with fixed (a, b) (b = q and q + 4). DIF: A, B, C; DIT: C, B, A. Threads: 32 per group
// (blockDim = cols 32). Where the groups are at least cols apart the first phase reads global
// memory and the last writes it directly (runs of cols words: a warp takes 8 columns of 4
// units); in the pass of consecutive groups (stride 1) the forward reads directly (runs of 32
// words) and stages its stores through shared memory, the inverse stages its loads. Value
// ranges, twiddles (TW_PAIR, TW_QUOT) and the last pass's canonical output are those of
// shoup_pass. Two barriers a pass (three in the stride-1 pass).
template <bool DIF, int MODE, bool S1, int EARLY>
__device__ __forceinline__ void shoup_pass8(u64* data, const u64* __restrict__ tw, u64 p,
                                            u64 pinv, int log2n, int s, int log2cols) {
    typedef typename Twiddle<MODE>::T TW;
    extern __shared__ u64 fused_sh[];
    const Pass2 F = {log2n, s, log2cols, S1 ? 0 : log2n - s - 8, blockIdx.x << log2cols};
    u64* x = data + ((unsigned long long) blockIdx.y << log2n);
    const unsigned colsMask = (1u << log2cols) - 1u;
    const bool direct = F.log2stride >= log2cols;
    const bool last = DIF ? S1 : s == 0;
    const u64 p2 = p << 1;
    const unsigned U = threadIdx.x;
    // phase A unit (column, jx = (b << 2) | c); phase B unit (column, a, c); phase C (column, a, q)
    const unsigned glA = direct ? U & colsMask : U >> 5;
    const unsigned jxA = direct ? U >> log2cols : U & 31u;
    const unsigned glB = U & colsMask;
    const unsigned cB = (U >> log2cols) & 3u;
    const unsigned aB = U >> (log2cols + 2);
    const unsigned jB = (aB << 5) | cB;      // element of phase B's value k: jB + (k << 2)
    const unsigned jC = (aB << 5) | (cB << 2); // phase C: set i, value k: jC + (i << 4) + k
    u64 v[8];
    TW wA[7], wB[7], wC[3]; // the phases' twiddles when loaded ahead (EARLY)
#define P8_TW_A() phase_twiddles<8, MODE, S1, false>(wA, tw, F, glA, jxA, 5)
#define P8_TW_B() phase_twiddles<8, MODE, S1, false>(wB, tw, F, glB, cB, 2)
#define P8_TW_C() phase_twiddles<4, MODE, S1, S1>(wC, tw, F, glB, 0, 0)
#define P8_STAGES_A(D)                                                                          \
    if (EARLY) phase_stages_pre<8, D, MODE, false>(v, wA, p, p2, pinv);                         \
    else phase_stages2<8, D, MODE, S1, false>(v, tw, F, glA, jxA, 5, p, p2, pinv);
#define P8_STAGES_B(D)                                                                          \
    if (EARLY) phase_stages_pre<8, D, MODE, false>(v, wB, p, p2, pinv);                         \
    else phase_stages2<8, D, MODE, S1, false>(v, tw, F, glB, cB, 2, p, p2, pinv);
#define P8_STAGES_C(D)                                                                          \
    if (EARLY) phase_stages_pre<4, D, MODE, S1, 2>(v, wC, p, p2, pinv);                         \
    else phase_stages2<4, D, MODE, S1, S1, 2>(v, tw, F, glB, 0, 0, p, p2, pinv);
    if (DIF) {
        if (EARLY) {
            P8_TW_A();
        }
#pragma unroll
        for (int k = 0; k < 8; k++) {
            v[k] = x[F.address(glA, jxA + ((unsigned) k << 5))];
        }
        if (EARLY == 2) {
            P8_TW_B();
            P8_TW_C();
        }
        P8_STAGES_A(true)
#pragma unroll
        for (int k = 0; k < 8; k++) {
            fused_sh[F.slot3(glA, jxA + ((unsigned) k << 5))] = v[k];
        }
        if (EARLY == 1) {
            P8_TW_B();
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 8; k++) {
            v[k] = fused_sh[F.slot3(glB, jB + ((unsigned) k << 2))];
        }
        P8_STAGES_B(true)
#pragma unroll
        for (int k = 0; k < 8; k++) {
            fused_sh[F.slot3(glB, jB + ((unsigned) k << 2))] = v[k];
        }
        if (EARLY == 1) {
            P8_TW_C();
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 8; k++) {
            v[k] = fused_sh[F.slot3(glB, jC + ((unsigned) (k >> 2) << 4) + (k & 3))];
        }
        P8_STAGES_C(true)
        if (last) {
            normalize2(v, p, p2, true);
        }
        if (direct) {
#pragma unroll
            for (int k = 0; k < 8; k++) {
                x[F.address(glB, jC + ((unsigned) (k >> 2) << 4) + (k & 3))] = v[k];
            }
        } else { // back to this thread's own slots, then a staged, coalesced store
#pragma unroll
            for (int k = 0; k < 8; k++) {
                fused_sh[F.slot3(glB, jC + ((unsigned) (k >> 2) << 4) + (k & 3))] = v[k];
            }
            __syncthreads();
#pragma unroll
            for (int i = 0; i < 8; i++) {
                const unsigned L = U + i * blockDim.x;
                v[i] = fused_sh[F.slot3(L >> 8, L & 255u)];
            }
#pragma unroll
            for (int i = 0; i < 8; i++) {
                const unsigned L = U + i * blockDim.x;
                x[F.address(L >> 8, L & 255u)] = v[i];
            }
        }
    } else {
        if (EARLY) {
            P8_TW_C();
        }
        if (!direct) { // staged, coalesced load: all 8 words of a thread in flight at once
#pragma unroll
            for (int i = 0; i < 8; i++) {
                const unsigned L = U + i * blockDim.x;
                v[i] = x[F.address(L >> 8, L & 255u)];
            }
#pragma unroll
            for (int i = 0; i < 8; i++) {
                const unsigned L = U + i * blockDim.x;
                fused_sh[F.slot3(L >> 8, L & 255u)] = v[i];
            }
            __syncthreads();
        }
#pragma unroll
        for (int k = 0; k < 8; k++) {
            const unsigned j = jC + ((unsigned) (k >> 2) << 4) + (k & 3);
            v[k] = direct ? x[F.address(glB, j)] : fused_sh[F.slot3(glB, j)];
        }
        if (EARLY == 2) {
            P8_TW_B();
            P8_TW_A();
        }
        P8_STAGES_C(false)
#pragma unroll
        for (int k = 0; k < 8; k++) {
            fused_sh[F.slot3(glB, jC + ((unsigned) (k >> 2) << 4) + (k & 3))] = v[k];
        }
        if (EARLY == 1) {
            P8_TW_B();
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 8; k++) {
            v[k] = fused_sh[F.slot3(glB, jB + ((unsigned) k << 2))];
        }
        P8_STAGES_B(false)
#pragma unroll
        for (int k = 0; k < 8; k++) {
            fused_sh[F.slot3(glB, jB + ((unsigned) k << 2))] = v[k];
        }
        if (EARLY == 1) {
            P8_TW_A();
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 8; k++) {
            v[k] = fused_sh[F.slot3(glA, jxA + ((unsigned) k << 5))];
        }
        P8_STAGES_A(false)
        if (last) {
            normalize2(v, p, p2, false);
        }
#pragma unroll
        for (int k = 0; k < 8; k++) {
            x[F.address(glA, jxA + ((unsigned) k << 5))] = v[k];
        }
    }
#undef P8_TW_A
#undef P8_TW_B
#undef P8_TW_C
#undef P8_STAGES_A
#undef P8_STAGES_B
#undef P8_STAGES_C
}

// The three-phase pass (m = 8 only), by the pass's place as SHOUP_M; ES and E1: where the
// twiddles are loaded (shoup_pass8's EARLY) in the strided passes and in the stride-1 pass.
#define SHOUP_PASS8(DIF, ES, E1)                                                                \
    if (log2n - s - 8 == 0) {                                                                   \
        shoup_pass8<DIF, TW_PAIR, true, E1>(data, tw, p, pinv, log2n, s, log2cols);             \
    } else if (s == 0 && log2n >= SHOUP_QUOT_LOG2) {                                            \
        shoup_pass8<DIF, TW_QUOT, false, ES>(data, tw, p, pinv, log2n, s, log2cols);            \
    } else {                                                                                    \
        shoup_pass8<DIF, TW_PAIR, false, ES>(data, tw, p, pinv, log2n, s, log2cols);            \
    }

// The pass for m stages: MODE_BIG for a transform's largest-stride pass (s = 0) from 2^QLOG
// points on (it reads as many twiddles as data words, which do not stay in L2), MODE_SMALL for
// the others.
#define SHOUP_M(M, DIF, MB, MS, QLOG)                                                           \
    if (log2n - s - (M) == 0) {                                                                 \
        shoup_pass<M, DIF, MS, true>(data, tw, p, pinv, log2n, s, log2cols);                    \
    } else if (s == 0 && log2n >= (QLOG)) {                                                     \
        shoup_pass<M, DIF, MB, false>(data, tw, p, pinv, log2n, s, log2cols);                   \
    } else {                                                                                    \
        shoup_pass<M, DIF, MS, false>(data, tw, p, pinv, log2n, s, log2cols);                   \
    }
#define SHOUP_CASES(DIF, MB, MS, QLOG)                                                          \
    switch (m) {                                                                                \
    case 1: SHOUP_M(1, DIF, MB, MS, QLOG) break;                                                \
    case 2: SHOUP_M(2, DIF, MB, MS, QLOG) break;                                                \
    case 3: SHOUP_M(3, DIF, MB, MS, QLOG) break;                                                \
    case 4: SHOUP_M(4, DIF, MB, MS, QLOG) break;                                                \
    case 5: SHOUP_M(5, DIF, MB, MS, QLOG) break;                                                \
    case 6: SHOUP_M(6, DIF, MB, MS, QLOG) break;                                                \
    case 7: SHOUP_M(7, DIF, MB, MS, QLOG) break;                                                \
    default: SHOUP_M(8, DIF, MB, MS, QLOG) break;                                               \
    }

// From 2^SHOUP_QUOT_LOG2 points on, the first pass (forward) and the last (inverse) read only
// the twiddles' quotients (GpuNtt and NttTables use the same bound).
#define SHOUP_QUOT_LOG2 22

// One pass of m (1 <= m <= 8) stages starting at stage s, tw the Shoup table of NttTables
// (pairs (w, w') at words 2i, 2i + 1 for i < B; from 2^22 points on, with B = 2^(log2n - m0) the
// first pass's stride, only the quotients w' of i >= B, at words B + i: n + B words in all):
// grid = (2^(log2n - m - log2cols), rows of the run), block = 2^(log2cols + floor(m/2)) threads
// (GpuNtt: log2cols = 3, 128 threads for m = 8), dynamic shared memory 2^(log2cols + m) words.
// Compiled for four blocks of 128 threads per multiprocessor (at most 128 registers a thread):
// measured faster than two of 256 (16 groups to a block) at 2^24 points on the H100 and the
// H200. Canonical residues into a transform's first pass and out of its last.
extern "C" __global__ void __launch_bounds__(128, 4)
ntt_dif_shoup(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m,
              int log2cols) {
    SHOUP_CASES(true, TW_QUOT, TW_PAIR, SHOUP_QUOT_LOG2)
}

extern "C" __global__ void __launch_bounds__(128, 4)
ntt_dit_shoup(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m,
              int log2cols) {
    SHOUP_CASES(false, TW_QUOT, TW_PAIR, SHOUP_QUOT_LOG2)
}

// The three-phase passes of 8 stages (shoup_pass8), m = 8 only: grid as ntt_dif_shoup, block =
// 2^(log2cols + 5) threads (256 for 8 groups), dynamic shared memory 2^(log2cols + 8) words.
// Compiled for four blocks of 256 threads a multiprocessor (at most 64 registers a thread). The
// forward's strided passes load each phase's twiddles a phase ahead (EARLY 1), the other passes
// at their stages: the faster of the two for each pass at 2^24 points on an H100 (forward
// strided passes 0.173 and 0.138 ms against 0.187 and 0.140; stride-1 and inverse passes 1-3%
// faster without; gpu/BENCHMARKS.md, runs 19-20).
extern "C" __global__ void __launch_bounds__(256, 4)
ntt_dif_shoup8(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m,
               int log2cols) {
    SHOUP_PASS8(true, 1, 0)
}

extern "C" __global__ void __launch_bounds__(256, 4)
ntt_dit_shoup8(u64* data, const u64* __restrict__ tw, u64 p, u64 pinv, int log2n, int s, int m,
               int log2cols) {
    SHOUP_PASS8(false, 0, 0)
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

// ---------------------------------------------------------------------------------------------
// The twiddle tables built on the device (NttTables; the host builder stays as the tests' oracle).
//
// Every entry is x^e mod p for an exponent e fixed by its index, computed with exact modular
// arithmetic, so the table equals the host's bit for bit (the host reaches the same residues by
// successive products; a residue in [0, p) is unique). The host passes seeds[2j] = x^(2^j) and
// seeds[2j + 1] = floor(seeds[2j] 2^64 / p) for j < 32 (exponents stay below 2^27). A warp takes
// a run of 32 TABLE_RUN consecutive entries, lane l the entries base + l + 32 k (k < TABLE_RUN,
// so that every store of the warp is coalesced): the first by binary powering from the seeds
// (at most 27 Shoup products), the others by one Shoup product each with the run's step (the
// exponent's increment for 32 indices, itself a seed). Each run restarts from an exact power,
// and every product is exact, so nothing accumulates. Cost: about 1 + 27 / TABLE_RUN Shoup
// products and (layout 0) one 2-by-1 division an entry; the stores are the bound.
//
// Layouts (n = 2^log2n entries):
//   0  the stage Shoup table: entry i in [1, n) is w_{2h}^t = w^(t n / 2h) for h the largest
//      power of two <= i and t = i - h; the pair (w, floor(w 2^64 / p)) at words 2i, 2i + 1 for
//      i < B, the quotient alone at word B + i for i >= B (B = qoff); words 0 and 1 are 0.
//   1  the stage table in Montgomery form: entry i (same exponent) as w R mod p at word i; 0 at 0.
//   2  the powers in Montgomery form: x^i R mod p at word i for 0 <= i < n (the twists).
// grid = ceil(n / (32 TABLE_RUN warps per block)) blocks of whole warps; r2 = R^2 mod p, and
// (d, v, s) the normalized divisor p 2^s, its reciprocal floor((2^128 - 1) / d) - 2^64 and s =
// the leading zeros of p (the CPU's UnsignedDivider constants).

#define TABLE_RUN 16

// a w mod p in [0, p) for a, w < p < 2^62 and wq = floor(w 2^64 / p): a w - floor(a wq / 2^64) p
// lies in [0, 2p) (ZpField.mulShoupLazy's bound), computed exactly modulo 2^64.
__device__ __forceinline__ u64 table_mul(u64 a, u64 w, u64 wq, u64 p) {
    const u64 r = a * w - __umul64hi(a, wq) * p;
    return r >= p ? r - p : r;
}

// floor(w 2^64 / p) for 0 <= w < p: the quotient of (w 2^s, 0) by d = p 2^s by Moeller and
// Granlund's Algorithm 4 (as UnsignedDivider.quotient; w 2^s < d is its precondition).
__device__ __forceinline__ u64 table_quotient(u64 w, u64 d, u64 v, int s) {
    const u64 hi = w << s;
    const u64 p0 = v * hi;
    u64 q1 = __umul64hi(v, hi);
    const u64 q0 = p0; // + lo = 0
    q1 += hi + 1;
    u64 r = 0 - q1 * d;
    if (r > q0) {
        q1--;
        r += d;
    }
    if (r >= d) {
        q1++;
    }
    return q1;
}

// x^e mod p from the seeds x^(2^j).
__device__ __forceinline__ u64 table_power(unsigned e, const u64* __restrict__ seeds, u64 p) {
    u64 acc = 1;
    for (int j = 0; e != 0; j++, e >>= 1) {
        if (e & 1) {
            acc = table_mul(acc, __ldg(seeds + 2 * j), __ldg(seeds + 2 * j + 1), p);
        }
    }
    return acc;
}

__device__ __forceinline__ void table_store(u64* out, int layout, unsigned i, u64 x, unsigned qoff,
                                            u64 p, u64 pinv, u64 r2, u64 d, u64 v, int s) {
    if (layout == 0) {
        const u64 q = table_quotient(x, d, v, s);
        if (i < qoff) {
            out[2 * (size_t) i] = x;
            out[2 * (size_t) i + 1] = q;
        } else {
            out[(size_t) qoff + i] = q;
        }
    } else {
        out[i] = mont_mul(x, r2, p, pinv);
    }
}

extern "C" __global__ void ntt_table(u64* out, const u64* __restrict__ seeds, int layout,
                                     int log2n, unsigned qoff, u64 p, u64 pinv, u64 r2, u64 d,
                                     u64 v, int s) {
    const unsigned n = 1u << log2n;
    const unsigned lane = threadIdx.x & 31;
    const unsigned base = ((blockIdx.x * blockDim.x + threadIdx.x) >> 5) * (32u * TABLE_RUN);
    if (base >= n) {
        return;
    }
    const bool stage = layout != 2;
    if (base == 0) { // the first run spans the small stages: every entry by its own powering
        for (unsigned k = 0; k < TABLE_RUN; k++) {
            const unsigned i = lane + 32 * k;
            if (i >= n) {
                break;
            }
            if (stage && i == 0) {
                out[0] = 0;
                if (layout == 0) {
                    out[1] = 0;
                }
                continue;
            }
            unsigned e = i;
            if (stage) {
                const int lh = 31 - __clz(i);
                e = (i - (1u << lh)) << (log2n - 1 - lh);
            }
            table_store(out, layout, i, table_power(e, seeds, p), qoff, p, pinv, r2, d, v, s);
        }
        return;
    }
    // base >= 32 TABLE_RUN, a multiple of it: the run lies in one stage (h >= 32 TABLE_RUN)
    const unsigned i0 = base + lane;
    unsigned e = i0;
    int stepLog2 = 5; // x^32
    if (stage) {
        const int lh = 31 - __clz(base);
        const int sh = log2n - 1 - lh; // entries of this stage step the exponent by 2^sh
        e = (i0 - (1u << lh)) << sh;
        stepLog2 = sh + 5;
    }
    const u64 step = __ldg(seeds + 2 * stepLog2);
    const u64 stepq = __ldg(seeds + 2 * stepLog2 + 1);
    u64 x = table_power(e, seeds, p);
    for (unsigned k = 0; k < TABLE_RUN; k++) {
        table_store(out, layout, i0 + 32 * k, x, qoff, p, pinv, r2, d, v, s);
        x = table_mul(x, step, stepq, p);
    }
}
