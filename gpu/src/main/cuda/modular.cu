// Batched images of the modular algorithms (modalg gpu layer, GpuImageEngine): the integer
// inputs projected onto a batch of primes, then per prime a determinant, an LU factorization
// and triangular solves, a resultant, or a monic gcd with cofactors modulo that prime. One
// block per prime; every image is computed exactly, so it equals the CPU engine's bit for bit.
//
// Arithmetic, a template parameter of every kernel:
//   Mont  any odd prime p < 2^62: residues in [0, p) as 64-bit words, products by Montgomery
//         multiplication with R = 2^64 (zp.cuh). A product of two plain residues costs two
//         REDCs (a b R^-1, then times R^2 R^-1); a multiplier used many times is stored once
//         as l R ("pre" form), after which each product is one REDC.
//   F64   odd primes p < 2^26: residues as doubles (exact integers), a b < 2^52 exact, the
//         quotient floor(a b / p) from one FMA rounded down by 1/p rounded up (F64::reduce, no
//         rounding instruction) and the remainder by one FMA.
// The engine picks F64 for batches of primes below 2^26 and Mont otherwise (see the README for
// the measurement behind that choice).
//
// Layouts: residue rows, prime j's at j * stride. Outputs are pre-filled by the host with all
// ones (never a valid residue) so that an image a block did not write is detected. Every
// image kernel takes `skip`: when positive, blocks j with j % skip == 0 return at once (the
// tests use it to force the sentinel path).

#include "zp.cuh"

// ---------------------------------------------------------------- arithmetic policies

struct Mont {
    typedef u64 T;
    u64 p, pinv, r2; // r2 = R^2 mod p

    __device__ __forceinline__ Mont(u64 p_, u64 pinv_, u64 r2_) : p(p_), pinv(pinv_), r2(r2_) {}
    __device__ __forceinline__ T load(u64 x) const { return x; }
    __device__ __forceinline__ u64 store(T x) const { return x; }
    __device__ __forceinline__ bool zero(T x) const { return x == 0; }
    __device__ __forceinline__ T one() const { return 1; }
    __device__ __forceinline__ T add(T a, T b) const { return add_mod(a, b, p); }
    __device__ __forceinline__ T sub(T a, T b) const { return sub_mod(a, b, p); }
    __device__ __forceinline__ T neg(T a) const { return a == 0 ? 0 : p - a; }
    __device__ __forceinline__ T mul(T a, T b) const {
        return mont_mul(mont_mul(a, b, p, pinv), r2, p, pinv);
    }
    // A multiplier in the form that makes mulPre one REDC: l R mod p.
    __device__ __forceinline__ T pre(T l) const { return mont_mul(l, r2, p, pinv); }
    __device__ __forceinline__ T mulPre(T lp, T x) const { return mont_mul(lp, x, p, pinv); }

    // Lazy sums c + sum lp_k x_k of the tiled trailing update: S = c 2^64 + sum lp_k x_k as 128
    // bits (lp in pre form), reduced by one REDC (settle) every SETTLE = 8 products (det_tiled). With
    // p < 2^62 every product is below p^2 < p 2^62, so after 8 of them on top of c < p the high
    // word stays below p + 8 p / 4 = 3 p < 2^64 and S below 2^128; hi is brought below p by
    // subtracting multiples of p 2^64 (S mod p unchanged), then REDC gives S R^-1 mod p in
    // [0, p), which starts the next chunk as its c.
    struct Acc {
        u64 lo, hi;
    };
    __device__ __forceinline__ Acc acc(T c) const {
        Acc s;
        s.lo = 0;
        s.hi = c;
        return s;
    }
    __device__ __forceinline__ void madd(Acc& s, T lp, T x) const {
        const u64 lo = lp * x;
        const u64 hi = __umul64hi(lp, x);
        s.lo += lo;
        s.hi += hi + (s.lo < lo ? 1 : 0);
    }
    __device__ __forceinline__ void settle(Acc& s) const {
        u64 hi = s.hi;
        hi = hi >= 2 * p ? hi - 2 * p : hi;
        hi = hi >= p ? hi - p : hi;
        const u64 mp = __umul64hi(s.lo * pinv, p);
        s.hi = hi >= mp ? hi - mp : hi - mp + p;
        s.lo = 0;
    }
    __device__ __forceinline__ T result(const Acc& s) const { return s.hi; }
};

struct F64 {
    typedef double T;
    double p, pinvUp, pinvDown; // 1 / p rounded up (reduce) and down (reduceLazy)

    __device__ __forceinline__ F64(u64 p_, u64, u64) : p((double) p_) {
        pinvUp = __drcp_ru(p);
        pinvDown = __drcp_rd(p);
    }
    __device__ __forceinline__ T load(u64 x) const { return (double) x; }
    __device__ __forceinline__ u64 store(T x) const { return (u64) x; }
    __device__ __forceinline__ bool zero(T x) const { return x == 0.0; }
    __device__ __forceinline__ T one() const { return 1.0; }
    __device__ __forceinline__ T add(T a, T b) const {
        T s = a + b;
        return s >= p ? s - p : s;
    }
    __device__ __forceinline__ T sub(T a, T b) const {
        T s = a - b;
        return s < 0 ? s + p : s;
    }
    __device__ __forceinline__ T neg(T a) const { return a == 0.0 ? 0.0 : p - a; }

    // h mod p for an integer 0 <= h < 2^53 (a b + c with a, b, c < p: below 2^52 + 2^26), with no
    // rounding instruction and one correction. Let P = pinvUp = 1/p (1 + e), 0 <= e < 2^-52 (the
    // reciprocal rounded up). Then h / p <= h P < h / p + (h / p) 2^-52 < h / p + 2/3 (h < 2^53,
    // p >= 3), so floor(h P) is floor(h / p) or one more, and h P < 2^52. __fma_rd(h, P, 2^52)
    // rounds the exact h P + 2^52 in [2^52, 2^53), where the doubles are the integers, down: it is
    // 2^52 + floor(h P) exactly, and the subtraction of 2^52 is exact, so q = floor(h P). The
    // remainder r = h - q p lies in [-p, p), a double, so the one rounding of the FMA leaves it
    // exact; one conditional add of p brings it into [0, p).
    __device__ __forceinline__ T reduce(double h) const {
        const double q = __fma_rd(h, pinvUp, 4503599627370496.0) - 4503599627370496.0; // 2^52
        const double r = fma(-q, p, h);
        return r < 0 ? r + p : r;
    }
    // A residue of h in [0, 2p), for an integer 0 <= h < 2^53, with no correction at all: with
    // P = pinvDown = 1/p (1 - e), 0 <= e < 2^-52, h / p - 2/3 < h P <= h / p, so q = floor(h P)
    // (exact as in reduce) is floor(h / p) or one less, and r = h - q p lies in [0, 2p). For the
    // thread kernels' rows (lazy: [0, 2p) < 2^27, and l x + c < p 2p + 2p < 2^53 stays exact).
    __device__ __forceinline__ T reduceLazy(double h) const {
        const double q = __fma_rd(h, pinvDown, 4503599627370496.0) - 4503599627370496.0; // 2^52
        return fma(-q, p, h);
    }
    // x in [0, 2p) into [0, p).
    __device__ __forceinline__ T canon(double x) const { return x >= p ? x - p : x; }
    // a, b in [0, p), p < 2^26: a b < 2^52 is exact.
    __device__ __forceinline__ T mul(T a, T b) const { return reduce(a * b); }
    __device__ __forceinline__ T pre(T l) const { return l; }
    __device__ __forceinline__ T mulPre(T lp, T x) const { return mul(lp, x); }

    // Sums c + sum l_k x_k of the tiled trailing update, reduced at every product: l x + c <
    // 2^52 + 2^26 is exact in one FMA, then reduced (settle has nothing left to do).
    struct Acc {
        double v;
    };
    __device__ __forceinline__ Acc acc(T c) const {
        Acc s;
        s.v = c;
        return s;
    }
    __device__ __forceinline__ void madd(Acc& s, T l, T x) const { s.v = reduce(fma(l, x, s.v)); }
    __device__ __forceinline__ void settle(Acc&) const {}
    __device__ __forceinline__ T result(const Acc& s) const { return s.v; }
};

template <class A>
__device__ typename A::T power(const A& ar, typename A::T a, long long e) {
    typedef typename A::T T;
    T acc = ar.one();
    T base = a;
    while (e > 0) {
        if (e & 1) {
            acc = ar.mul(acc, base);
        }
        base = ar.mul(base, base);
        e >>= 1;
    }
    return acc;
}

// a^-1 mod p for 0 < a < p, p odd, by the binary extended Euclidean algorithm (shifts and
// subtractions only: a Fermat power a^(p-2) would be 62 dependent squarings, the critical path
// of every Euclid step of the block kernels, whose other lanes wait on it). Invariants: x1 a = u,
// x2 a = v (mod p). The thread kernels (below 2^26, every lane its own Euclid) invert by Fermat
// instead (fermat_inverse): there this loop's branches diverged across the warp.
__device__ __forceinline__ u64 binary_inverse(u64 a, u64 p) {
    u64 u = a, v = p, x1 = 1, x2 = 0;
    while (u != 1 && v != 1) {
        while ((u & 1) == 0) {
            u >>= 1;
            x1 = (x1 & 1) ? (x1 >> 1) + (p >> 1) + 1 : x1 >> 1; // (x1 + p) / 2 without overflow
        }
        while ((v & 1) == 0) {
            v >>= 1;
            x2 = (x2 & 1) ? (x2 >> 1) + (p >> 1) + 1 : x2 >> 1;
        }
        if (u >= v) {
            u -= v;
            x1 = sub_mod(x1, x2, p);
        } else {
            v -= u;
            x2 = sub_mod(x2, x1, p);
        }
    }
    return u == 1 ? x1 : x2;
}

template <class A>
__device__ __forceinline__ typename A::T inverse(const A& ar, typename A::T a, u64 p) {
    return ar.load(binary_inverse(ar.store(a), p));
}

// ---------------------------------------------------------------- projection

// res[j * rowStride + i] = x_i mod q_j for the count two's complement integers of L limbs each
// (element-major, little-endian), grid.y = primes. limbPow[j * (L + 1) + l] = 2^(64 l) R mod q_j
// for l < L, and limbPow[j * (L + 1) + L] = 2^(64 L) mod q_j (subtracted for negative values).
extern "C" __global__ void project_signed(const u64* __restrict__ x, int L, long long count,
                                          u64* res, long long rowStride,
                                          const u64* __restrict__ primes,
                                          const u64* __restrict__ pinvs,
                                          const u64* __restrict__ limbPow) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y;
    if (i >= count) {
        return;
    }
    const u64 q = primes[j];
    const u64 qinv = pinvs[j];
    const u64* pw = limbPow + (long long) j * (L + 1);
    const u64* xi = x + i * L;
    u64 acc = 0;
    for (int l = 0; l < L; l++) {
        acc = add_mod(acc, mont_mul(xi[l], pw[l], q, qinv), q);
    }
    if ((long long) xi[L - 1] < 0) {
        acc = sub_mod(acc, pw[L], q);
    }
    res[(long long) j * rowStride + i] = acc;
}

// Fills words [0, count) of every row with doubles of the u64 residues, in place (F64 inputs).
extern "C" __global__ void residues_to_double(u64* x, long long count) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        double d = (double) x[i];
        x[i] = __double_as_longlong(d);
    }
}

// ---------------------------------------------------------------- block helpers

// The first row r in [k, n) with a[r][k] != 0, or n; every thread gets it.
template <class A>
__device__ int pivot_row(const A& ar, const typename A::T* a, int n, int k, int* shared) {
    if (threadIdx.x == 0) {
        *shared = n;
    }
    __syncthreads();
    int best = n;
    for (int r = k + threadIdx.x; r < n; r += blockDim.x) {
        if (!ar.zero(a[(long long) r * n + k])) {
            best = r;
            break;
        }
    }
    if (best < n) {
        atomicMin(shared, best);
    }
    __syncthreads();
    const int piv = *shared;
    __syncthreads();
    return piv;
}

// Swaps rows r and s of a (columns [from, n)) over the block.
template <class T>
__device__ __forceinline__ void swap_rows(T* a, int n, int r, int s, int from) {
    T* rr = a + (long long) r * n;
    T* rs = a + (long long) s * n;
    for (int c = from + threadIdx.x; c < n; c += blockDim.x) {
        const T t = rr[c];
        rr[c] = rs[c];
        rs[c] = t;
    }
}

// Gaussian elimination of the n x n matrix a (row-major) in place, right-looking, two pivots per
// pass over the trailing matrix (as the CPU's ZpLu): pivot k is chosen and its multipliers
// formed, then only column k + 1 and row k + 1 are brought up to date, pivot k + 1 is chosen,
// and every trailing entry takes both updates in one read and one write,
// a_ij -= l_ik u_kj + l_i,k+1 u_k+1,j: half the memory traffic of one pass per pivot, which is
// what bounds this kernel for large n. Returns det a mod p. When lu is true the whole rows are
// swapped and the multipliers kept below the diagonal, so that a holds L (unit diagonal) and U
// of PA = LU; perm[k] = the row of A that is row k of PA, diagInv[k] = U_kk^-1. The elimination
// stops at the first column without a pivot (det 0). mult: 2 n words of scratch.
template <class A>
__device__ typename A::T eliminate(const A& ar, typename A::T* a, int n, u64 p, bool lu,
                                   u64* perm, typename A::T* diagInv, typename A::T* mult) {
    typedef typename A::T T;
    __shared__ int pivShared;
    __shared__ T invShared;
    T* mult2 = mult + n;
    T det = ar.one();
    if (lu) {
        for (int i = threadIdx.x; i < n; i += blockDim.x) {
            perm[i] = i;
        }
    }
    int k = 0;
    while (k < n) {
        // pivot k
        int piv = pivot_row(ar, a, n, k, &pivShared);
        if (piv == n) {
            return ar.load(0);
        }
        if (piv != k) {
            swap_rows(a, n, k, piv, lu ? 0 : k);
            if (lu && threadIdx.x == 0) {
                const u64 t = perm[k];
                perm[k] = perm[piv];
                perm[piv] = t;
            }
            det = ar.neg(det);
        }
        __syncthreads();
        const T pivot = a[(long long) k * n + k];
        det = ar.mul(det, pivot);
        if (threadIdx.x == 0) {
            const T inv = inverse(ar, pivot, p);
            invShared = inv;
            if (lu) {
                diagInv[k] = inv;
            }
        }
        __syncthreads();
        const T inv = invShared;
        for (int i = k + 1 + threadIdx.x; i < n; i += blockDim.x) {
            const T l = ar.mul(a[(long long) i * n + k], inv);
            if (lu) {
                a[(long long) i * n + k] = l;
            }
            mult[i] = ar.pre(l);
        }
        __syncthreads();
        const int k1 = k + 1;
        if (k1 == n) {
            break;
        }
        // column k + 1 brought up to date, then pivot k + 1
        const T* rk = a + (long long) k * n;
        {
            const T u = rk[k1];
            for (int i = k1 + threadIdx.x; i < n; i += blockDim.x) {
                T* e = a + (long long) i * n + k1;
                *e = ar.sub(*e, ar.mulPre(mult[i], u));
            }
        }
        __syncthreads();
        piv = pivot_row(ar, a, n, k1, &pivShared);
        if (piv == n) {
            return ar.load(0);
        }
        if (piv != k1) {
            swap_rows(a, n, k1, piv, lu ? 0 : k1);
            if (threadIdx.x == 0) {
                const T t = mult[k1];
                mult[k1] = mult[piv];
                mult[piv] = t;
                if (lu) {
                    const u64 q = perm[k1];
                    perm[k1] = perm[piv];
                    perm[piv] = q;
                }
            }
            det = ar.neg(det);
        }
        __syncthreads();
        // row k + 1 brought up to date
        T* r1 = a + (long long) k1 * n;
        {
            const T l1 = mult[k1];
            for (int c = k1 + 1 + threadIdx.x; c < n; c += blockDim.x) {
                r1[c] = ar.sub(r1[c], ar.mulPre(l1, rk[c]));
            }
        }
        const T pivot1 = r1[k1];
        det = ar.mul(det, pivot1);
        if (threadIdx.x == 0) {
            const T inv1 = inverse(ar, pivot1, p);
            invShared = inv1;
            if (lu) {
                diagInv[k1] = inv1;
            }
        }
        __syncthreads();
        const T inv1 = invShared;
        for (int i = k1 + 1 + threadIdx.x; i < n; i += blockDim.x) {
            const T l = ar.mul(a[(long long) i * n + k1], inv1);
            if (lu) {
                a[(long long) i * n + k1] = l;
            }
            mult2[i] = ar.pre(l);
        }
        __syncthreads();
        // a_ij -= l_ik a_kj + l_i,k+1 a_k+1,j over the trailing (n - k - 2)^2 entries,
        // consecutive threads on consecutive columns
        const int w = n - k1 - 1;
        if (w > 0) {
            const long long total = (long long) w * w;
            const T* u0 = rk + k1 + 1;
            const T* u1 = r1 + k1 + 1;
            long long idx = threadIdx.x;
            int i = (int) (idx / w);
            int c = (int) (idx - (long long) i * w);
            const int stepRows = blockDim.x / w;
            const int stepCols = blockDim.x - stepRows * w;
            for (; idx < total; idx += blockDim.x) {
                const int row = k1 + 1 + i;
                T* e = a + (long long) row * n + k1 + 1 + c;
                *e = ar.sub(ar.sub(*e, ar.mulPre(mult[row], u0[c])), ar.mulPre(mult2[row], u1[c]));
                i += stepRows;
                c += stepCols;
                if (c >= w) {
                    c -= w;
                    i++;
                }
            }
        }
        __syncthreads();
        k += 2;
    }
    return det;
}

// ---------------------------------------------------------------- determinants and LU

// Block j: det of matrix j (mats + j n^2, residues of its prime; overwritten) into out[j].
// mult: 2 n words of scratch per prime. Global memory.
template <class A>
__device__ void det_global(u64* mats, int n, const u64* primes, const u64* pinvs, const u64* r2s,
                           u64* mult, u64* out, int skip) {
    typedef typename A::T T;
    const int j = blockIdx.x;
    if (skip > 0 && j % skip == 0) {
        return;
    }
    const A ar(primes[j], pinvs[j], r2s[j]);
    T* a = (T*) (mats + (long long) j * n * n);
    const T det = eliminate(ar, a, n, primes[j], false, (u64*) 0, (T*) 0,
                            (T*) (mult + (long long) j * 2 * n));
    if (threadIdx.x == 0) {
        out[j] = ar.store(det);
    }
}

// The same with the matrix copied into shared memory (n^2 + 2 n words of dynamic shared memory).
template <class A>
__device__ void det_shared(const u64* mats, int n, const u64* primes, const u64* pinvs,
                           const u64* r2s, u64* out, int skip) {
    typedef typename A::T T;
    extern __shared__ u64 smem[];
    const int j = blockIdx.x;
    if (skip > 0 && j % skip == 0) {
        return;
    }
    const A ar(primes[j], pinvs[j], r2s[j]);
    T* a = (T*) smem;
    T* mult = a + n * n;
    const u64* src = mats + (long long) j * n * n;
    for (int i = threadIdx.x; i < n * n; i += blockDim.x) {
        a[i] = ar.load(src[i]);
    }
    __syncthreads();
    const T det = eliminate(ar, a, n, primes[j], false, (u64*) 0, (T*) 0, mult);
    if (threadIdx.x == 0) {
        out[j] = ar.store(det);
    }
}

// ---------------------------------------------------------------- blocked determinant

// Side of the square output tiles of the tiled trailing update (256 threads, 4 x 4 outputs each),
// and the products accumulated between two settles of a lazy sum (Mont::Acc; divides every panel
// width).
#define TILE 64
#define SETTLE 8

// Block j: det of matrix j (global memory, residues of its prime as A::T; overwritten) into
// out[j] by a blocked right-looking elimination with panels of B columns, for matrices too large
// for shared memory. Per panel k0 .. k0 + B - 1:
//  1. the panel is factored column by column (the first non-zero pivot from the diagonal down,
//     its row swapped with the pivot row over columns k0 .. n - 1, the multipliers stored in
//     place as -l in pre form, the rank-one update confined to the panel's columns);
//  2. U12 = L11^-1 A12 by a forward substitution, TILE columns at a time in shared memory with
//     L11 there too;
//  3. A22 += (-L21) U12 in tiles of TILE x TILE outputs: the tile's rows of L21 (TILE x B) and
//     columns of U12 (B x TILE) are staged in shared memory and every thread accumulates 4 x 4
//     outputs with the policy's lazy sums (A::Acc, settled every SETTLE products).
// Each trailing entry is read and written once per panel instead of once per pivot pair, so the
// global traffic is about 2 x 8 n^3 / (3 B) bytes per prime instead of det_global's 2 x 8 n^3 / 3; the
// products dominate. Dynamic shared memory: (2 B + 1) TILE words. blockDim.x must be 256.
template <class A, int B>
__device__ void det_tiled(u64* mats, int n, const u64* primes, const u64* pinvs, const u64* r2s,
                          u64* out, int skip) {
    typedef typename A::T T;
    typedef typename A::Acc Acc;
    extern __shared__ u64 smem[];
    __shared__ int pivShared;
    __shared__ T invShared;
    const int j = blockIdx.x;
    if (skip > 0 && j % skip == 0) {
        return;
    }
    const int tid = threadIdx.x;
    const int bd = blockDim.x;
    const u64 p = primes[j];
    const A ar(p, pinvs[j], r2s[j]);
    T* a = (T*) (mats + (long long) j * n * n);
    // TILE x (B + 1): rows of L21, the odd stride keeping the two rows a warp reads in step 3 in
    // different banks (or L11, B x B, in step 2)
    T* ls = (T*) smem;
    T* us = ls + TILE * (B + 1); // B x TILE: columns of U12
    const T zero = ar.load(0);
    T det = ar.one();
    for (int k0 = 0; k0 < n; k0 += B) {
        const int kend = min(n, k0 + B);
        // 1. the panel
        for (int k = k0; k < kend; k++) {
            const int piv = pivot_row(ar, a, n, k, &pivShared);
            if (piv == n) {
                if (tid == 0) {
                    out[j] = 0;
                }
                return;
            }
            if (piv != k) {
                swap_rows(a, n, k, piv, k0);
                det = ar.neg(det);
            }
            __syncthreads();
            const T pivot = a[(long long) k * n + k];
            det = ar.mul(det, pivot);
            if (tid == 0) {
                invShared = inverse(ar, pivot, p);
            }
            __syncthreads();
            const T inv = invShared;
            for (int i = k + 1 + tid; i < n; i += bd) {
                T* e = a + (long long) i * n + k;
                *e = ar.pre(ar.neg(ar.mul(*e, inv)));
            }
            __syncthreads();
            const int w = kend - k - 1;
            if (w > 0) {
                const T* rk = a + (long long) k * n + k + 1;
                const int total = (n - k - 1) * w;
                for (int idx = tid; idx < total; idx += bd) {
                    const int r = idx / w;
                    const int c = idx - r * w;
                    T* row = a + (long long) (k + 1 + r) * n;
                    row[k + 1 + c] = ar.add(row[k + 1 + c], ar.mulPre(row[k], rk[c]));
                }
            }
            __syncthreads();
        }
        if (kend == n) {
            break; // kend - k0 < B only here: the steps below always see full panels
        }
        // 2. U12 = L11^-1 A12, TILE columns at a time in shared memory
        for (int e = tid; e < B * B; e += bd) {
            const int r = e / B;
            ls[e] = a[(long long) (k0 + r) * n + k0 + (e - r * B)];
        }
        for (int j0 = kend; j0 < n; j0 += TILE) {
            for (int e = tid; e < B * TILE; e += bd) {
                const int kk = e / TILE;
                const int col = j0 + (e - kk * TILE);
                us[e] = col < n ? a[(long long) (k0 + kk) * n + col] : zero;
            }
            __syncthreads();
            for (int k = 0; k < B - 1; k++) {
                const int total = (B - 1 - k) * TILE;
                for (int e = tid; e < total; e += bd) {
                    const int r = k + 1 + e / TILE;
                    const int c = e % TILE;
                    us[r * TILE + c] = ar.add(us[r * TILE + c], ar.mulPre(ls[r * B + k], us[k * TILE + c]));
                }
                __syncthreads();
            }
            for (int e = TILE + tid; e < B * TILE; e += bd) {
                const int kk = e / TILE;
                const int col = j0 + (e - kk * TILE);
                if (col < n) {
                    a[(long long) (k0 + kk) * n + col] = us[e];
                }
            }
            __syncthreads();
        }
        // 3. A22 += (-L21) U12, tile by tile
        const int m = n - kend;
        const int tx = tid & 15;
        const int ty = tid >> 4;
        for (int i0 = 0; i0 < m; i0 += TILE) {
            __syncthreads();
            for (int e = tid; e < TILE * B; e += bd) {
                const int ii = e / B;
                const int row = kend + i0 + ii;
                ls[e + ii] = row < n ? a[(long long) row * n + k0 + (e - ii * B)] : zero;
            }
            for (int j0 = 0; j0 < m; j0 += TILE) {
                for (int e = tid; e < B * TILE; e += bd) {
                    const int kk = e / TILE;
                    const int col = kend + j0 + (e - kk * TILE);
                    us[e] = col < n ? a[(long long) (k0 + kk) * n + col] : zero;
                }
                __syncthreads();
                Acc s[4][4];
#pragma unroll
                for (int r = 0; r < 4; r++) {
                    const int row = kend + i0 + ty + 16 * r;
#pragma unroll
                    for (int c = 0; c < 4; c++) {
                        const int col = kend + j0 + tx + 16 * c;
                        s[r][c] = ar.acc(row < n && col < n ? a[(long long) row * n + col] : zero);
                    }
                }
#pragma unroll 1
                for (int kc = 0; kc < B; kc += SETTLE) {
#pragma unroll
                    for (int k = kc; k < kc + SETTLE; k++) {
                        T l[4];
                        T u[4];
#pragma unroll
                        for (int r = 0; r < 4; r++) {
                            l[r] = ls[(ty + 16 * r) * (B + 1) + k];
                        }
#pragma unroll
                        for (int c = 0; c < 4; c++) {
                            u[c] = us[k * TILE + tx + 16 * c];
                        }
#pragma unroll
                        for (int r = 0; r < 4; r++) {
#pragma unroll
                            for (int c = 0; c < 4; c++) {
                                ar.madd(s[r][c], l[r], u[c]);
                            }
                        }
                    }
#pragma unroll
                    for (int r = 0; r < 4; r++) {
#pragma unroll
                        for (int c = 0; c < 4; c++) {
                            ar.settle(s[r][c]);
                        }
                    }
                }
#pragma unroll
                for (int r = 0; r < 4; r++) {
                    const int row = kend + i0 + ty + 16 * r;
#pragma unroll
                    for (int c = 0; c < 4; c++) {
                        const int col = kend + j0 + tx + 16 * c;
                        if (row < n && col < n) {
                            a[(long long) row * n + col] = ar.result(s[r][c]);
                        }
                    }
                }
                __syncthreads();
            }
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[j] = ar.store(det);
    }
}

// LU of matrix j in place (global memory), perm and diagInv rows of n words, det into out[j].
template <class A>
__device__ void lu_global(u64* mats, int n, const u64* primes, const u64* pinvs, const u64* r2s,
                          u64* mult, u64* perms, u64* diagInvs, u64* out, int skip) {
    typedef typename A::T T;
    const int j = blockIdx.x;
    if (skip > 0 && j % skip == 0) {
        return;
    }
    const A ar(primes[j], pinvs[j], r2s[j]);
    T* a = (T*) (mats + (long long) j * n * n);
    const T det = eliminate(ar, a, n, primes[j], true, perms + (long long) j * n,
                            (T*) (diagInvs + (long long) j * n), (T*) (mult + (long long) j * 2 * n));
    if (threadIdx.x == 0) {
        out[j] = ar.store(det);
    }
}

// x_j = A^-1 b_j mod p_j from the factors of lu_global, for primes with a non-zero det (the
// others are skipped: their rows of x keep what the host put there). b and x: n words per prime.
template <class A>
__device__ void lu_solve(const u64* mats, int n, const u64* primes, const u64* pinvs,
                         const u64* r2s, const u64* perms, const u64* diagInvs, const u64* dets,
                         const u64* b, u64* x, int skip) {
    typedef typename A::T T;
    const int j = blockIdx.x;
    if ((skip > 0 && j % skip == 0) || dets[j] == 0) {
        return;
    }
    const A ar(primes[j], pinvs[j], r2s[j]);
    const T* a = (const T*) (mats + (long long) j * n * n);
    const u64* perm = perms + (long long) j * n;
    const T* dinv = (const T*) (diagInvs + (long long) j * n);
    const u64* bj = b + (long long) j * n;
    // y = P b, kept in x's row as T
    T* y = (T*) (x + (long long) j * n);
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        y[i] = ar.load(bj[perm[i]]);
    }
    __syncthreads();
    // L y = P b (unit diagonal), column by column
    for (int k = 0; k < n; k++) {
        const T yk = y[k];
        __syncthreads();
        if (!ar.zero(yk)) {
            const T yp = ar.pre(yk);
            for (int i = k + 1 + threadIdx.x; i < n; i += blockDim.x) {
                y[i] = ar.sub(y[i], ar.mulPre(yp, a[(long long) i * n + k]));
            }
        }
        __syncthreads();
    }
    // U x = y
    for (int k = n - 1; k >= 0; k--) {
        const T xk = ar.mul(y[k], dinv[k]);
        __syncthreads();
        if (threadIdx.x == 0) {
            y[k] = xk;
        }
        if (!ar.zero(xk)) {
            const T xp = ar.pre(xk);
            for (int i = threadIdx.x; i < k; i += blockDim.x) {
                y[i] = ar.sub(y[i], ar.mulPre(xp, a[(long long) i * n + k]));
            }
        }
        __syncthreads();
    }
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        x[(long long) j * n + i] = ar.store(y[i]);
    }
}

// ---------------------------------------------------------------- Euclid

// The length of a[0..len) without its leading zeros, for every thread.
template <class A>
__device__ int trim_block(const A& ar, const typename A::T* a, int len, int* shared) {
    __syncthreads();
    if (threadIdx.x == 0) {
        while (len > 0 && ar.zero(a[len - 1])) {
            len--;
        }
        *shared = len;
    }
    __syncthreads();
    const int r = *shared;
    __syncthreads();
    return r;
}

// a := a mod b in place for a[0..aLen) and b[0..bLen), b[bLen - 1] != 0; returns the trimmed
// length of the remainder. When quot is not null, the quotient's coefficient i - (bLen - 1) is
// written there (as u64) for every i in [bLen - 1, aLen). One synchronization per step.
template <class A>
__device__ int remainder_block(const A& ar, typename A::T* a, int aLen, const typename A::T* b,
                               int bLen, u64 p, u64* quot, int* shared) {
    typedef typename A::T T;
    if (aLen < bLen) {
        return trim_block(ar, a, aLen, shared);
    }
    const int m = bLen - 1;
    __syncthreads();
    const T lcInv = inverse(ar, b[m], p);
    for (int i = aLen - 1; i >= m; i--) {
        __syncthreads();
        const T top = a[i];
        if (quot != 0 && threadIdx.x == 0) {
            quot[i - m] = ar.store(ar.mul(top, lcInv));
        }
        if (!ar.zero(top)) {
            const T qp = ar.pre(ar.neg(ar.mul(top, lcInv)));
            T* ai = a + (i - m);
            for (int t = threadIdx.x; t < m; t += blockDim.x) {
                ai[t] = ar.add(ai[t], ar.mulPre(qp, b[t]));
            }
        }
    }
    __syncthreads();
    for (int t = m + threadIdx.x; t < aLen; t += blockDim.x) {
        a[t] = ar.load(0);
    }
    return trim_block(ar, a, m, shared);
}

// Euclid's remainder sequence, the one loop of the resultant and gcd kernels: a (aLen
// coefficients) and b (bLen), both trimmed, in place; while b is not zero and the visitor's
// before(b, aLen, bLen) agrees, a := a mod b and the two swap (the pointers and lengths are
// updated for the caller). after(lcb, aLen, bLen, rLen) sees each step a, b -> r with b's leading
// coefficient (rLen 0: b divides a). Run to its end, a holds the last non-zero remainder.
template <class A, class Visitor>
__device__ void euclid_block(const A& ar, typename A::T*& a, int& aLen, typename A::T*& b, int& bLen, u64 p,
                             int* shared, Visitor& v) {
    typedef typename A::T T;
    while (bLen > 0 && v.before(ar, b, aLen, bLen)) {
        const T lcb = b[bLen - 1];
        const int rLen = remainder_block(ar, a, aLen, b, bLen, p, (u64*) 0, shared);
        v.after(ar, lcb, aLen, bLen, rLen);
        T* t = a;
        a = b;
        b = t;
        aLen = bLen;
        bLen = rLen;
    }
}

// The gcd's visitor: every step, to the end of the sequence.
template <class A>
struct GcdSteps {
    __device__ bool before(const A&, const typename A::T*, int, int) const { return true; }
    __device__ void after(const A&, typename A::T, int, int, int) const {}
};

// The resultant's visitor (the rules of PolyGcdZp.resultant): res starts at the factor of the
// vanishing leading coefficients; a step of degrees n = deg a, m = deg b to r = deg (a mod b)
// multiplies it by (-1)^(n m) lc(b)^(n - r); a zero remainder makes it 0; a constant b ends the
// sequence with the factor b^n.
template <class A>
struct ResultantSteps {
    typename A::T res;
    __device__ ResultantSteps(const A&, typename A::T start) : res(start) {}
    __device__ bool before(const A& ar, const typename A::T* b, int aLen, int bLen) {
        if (bLen == 1) {
            res = ar.mul(res, power(ar, b[0], aLen - 1));
            return false;
        }
        return true;
    }
    __device__ void after(const A& ar, typename A::T lcb, int aLen, int bLen, int rLen) {
        if (rLen == 0) {
            res = ar.load(0);
            return;
        }
        const int n = aLen - 1;
        const int m = bLen - 1;
        typename A::T step = power(ar, lcb, n - (rLen - 1));
        if ((((long long) n * m) & 1) != 0) {
            step = ar.neg(step);
        }
        res = ar.mul(res, step);
    }
};

// Res_{n, m} of the rows a (lf words) and b (lg words) already loaded, formal degrees n = lf - 1
// and m = lg - 1 (the rules of PolyGcdZp.resultant); a and b are overwritten. The body of
// resultant_block and bivariate_resultant_block; every thread of the block calls it.
template <class A>
__device__ typename A::T resultant_rows(const A& ar, typename A::T* a, int lf, typename A::T* b, int lg, u64 p,
                                        int* shared) {
    typedef typename A::T T;
    int n = lf - 1;
    int m = lg - 1;
    const int nt = trim_block(ar, a, lf, shared) - 1;
    const int mt = trim_block(ar, b, lg, shared) - 1;
    T res;
    if (n == 0 && m == 0) {
        res = ar.one();
    } else if (nt < n && mt < m) {
        res = ar.load(0);
    } else if (nt < 0) {
        res = m == 0 ? power(ar, b[0], n) : ar.load(0);
    } else if (mt < 0) {
        res = n == 0 ? power(ar, a[0], m) : ar.load(0);
    } else {
        T factor = ar.one();
        if (nt < n) {
            factor = power(ar, b[m], n - nt);
            if ((((long long) (n - nt) * m) & 1) != 0) {
                factor = ar.neg(factor);
            }
        } else if (mt < m) {
            factor = power(ar, a[n], m - mt);
        }
        ResultantSteps<A> steps(ar, factor);
        int aLen = nt + 1;
        int bLen = mt + 1;
        euclid_block(ar, a, aLen, b, bLen, p, shared, steps);
        res = steps.res;
    }
    return res;
}

// Block j: Res(f, g) mod p_j with the formal degrees lf - 1 and lg - 1, as PolyGcdZp.resultant
// (its Javadoc gives the rules for vanishing leading coefficients). f rows of lf words, g rows of
// lg words; work: 2 N words per prime, N = max(lf, lg).
template <class A>
__device__ void resultant_block(const u64* fr, int lf, const u64* gr, int lg, const u64* primes,
                                const u64* pinvs, const u64* r2s, u64* work, u64* out, int skip) {
    typedef typename A::T T;
    __shared__ int shared;
    const int j = blockIdx.x;
    if (skip > 0 && j % skip == 0) {
        return;
    }
    const u64 p = primes[j];
    const A ar(p, pinvs[j], r2s[j]);
    const int N = max(lf, lg);
    T* a = (T*) (work + (long long) j * 2 * N);
    T* b = a + N;
    for (int i = threadIdx.x; i < lf; i += blockDim.x) {
        a[i] = ar.load(fr[(long long) j * lf + i]);
    }
    for (int i = threadIdx.x; i < lg; i += blockDim.x) {
        b[i] = ar.load(gr[(long long) j * lg + i]);
    }
    const T res = resultant_rows(ar, a, lf, b, lg, p, &shared);
    if (threadIdx.x == 0) {
        out[j] = ar.store(res);
    }
}

// The coefficients in x of f and g at y = pt mod p (a thread per row, Horner in y) into a and b, then
// Res_{n, m} of the two rows as resultant_block, formal degrees n = fRows - 1, m = gRows - 1, into
// *out by thread 0. f and g: one prime's fRows x fCols and gRows x gCols grids of residues (the
// coefficient of x^i y^k at i cols + k). The body of the bivariate kernels; every thread calls it.
template <class A>
__device__ void bivariate_point(const A& ar, typename A::T pt, const u64* f, int fRows, int fCols, const u64* g,
                                int gRows, int gCols, typename A::T* a, typename A::T* b, u64 p, int* shared,
                                u64* out) {
    typedef typename A::T T;
    for (int i = threadIdx.x; i < fRows; i += blockDim.x) {
        T v = ar.load(0);
        for (int k = fCols - 1; k >= 0; k--) {
            v = ar.add(ar.mul(v, pt), ar.load(f[(long long) i * fCols + k]));
        }
        a[i] = v;
    }
    for (int i = threadIdx.x; i < gRows; i += blockDim.x) {
        T v = ar.load(0);
        for (int k = gCols - 1; k >= 0; k--) {
            v = ar.add(ar.mul(v, pt), ar.load(g[(long long) i * gCols + k]));
        }
        b[i] = v;
    }
    __syncthreads();
    const T res = resultant_rows(ar, a, fRows, b, gRows, p, shared);
    if (threadIdx.x == 0) {
        *out = ar.store(res);
    }
}

// Block t: the instance first + t = j points + a of a bivariate resultant's images (prime j of the
// launch's tables, point y = a): bivariate_point at a. fr holds prime j's fRows x fCols grid of
// residues from j fRows fCols, gr likewise. The twin of BivariateImagesZp.resultantsAt (modular
// module), bit for bit. work: 2 N words per block, N = max(fRows, gRows).
template <class A>
__device__ void bivariate_resultant_block(const u64* fr, int fRows, int fCols, const u64* gr, int gRows, int gCols,
                                          const u64* primes, const u64* pinvs, const u64* r2s, int points,
                                          long long first, u64* work, u64* out, int skip) {
    typedef typename A::T T;
    __shared__ int shared;
    const int t = blockIdx.x;
    if (skip > 0 && t % skip == 0) {
        return;
    }
    const long long inst = first + t;
    const int j = (int) (inst / points);
    const u64 p = primes[j];
    const A ar(p, pinvs[j], r2s[j]);
    const T pt = ar.load((u64) (inst % points) % p);
    const int N = max(fRows, gRows);
    T* a = (T*) (work + (long long) t * 2 * N);
    T* b = a + N;
    bivariate_point(ar, pt, fr + (long long) j * fRows * fCols, fRows, fCols, gr + (long long) j * gRows * gCols,
                    gRows, gCols, a, b, p, &shared, out + t);
}

// Block t: the instance first + t = (j cosets + c) M + i (M = 2^log2m) of the bivariate
// resultant's images on cosets of roots of unity: bivariate_point at y = shifts[j cosets + c] *
// roots[j]^i mod p_j (roots[j] the M-th root of unity of NttPlan, shifts and roots plain residues
// for the launch's primes). The device side of ImageEngine.bivariateResultantsOnCosets: the same
// values as BivariateImagesZp.resultantsOnCoset (each is Res(f(x, a), g(x, a)) mod p, unique),
// evaluated by Horner on the device instead of the host's NTTs (no evaluations to transfer).
template <class A>
__device__ void bivariate_coset_block(const u64* fr, int fRows, int fCols, const u64* gr, int gRows, int gCols,
                                      const u64* primes, const u64* pinvs, const u64* r2s, const u64* roots,
                                      const u64* shifts, int log2m, int cosets, long long first, u64* work, u64* out,
                                      int skip) {
    typedef typename A::T T;
    __shared__ int shared;
    const int t = blockIdx.x;
    if (skip > 0 && t % skip == 0) {
        return;
    }
    const long long inst = first + t;
    const long long perPrime = (long long) cosets << log2m;
    const int j = (int) (inst / perPrime);
    const long long rem = inst - j * perPrime;
    const int c = (int) (rem >> log2m);
    const long long i = rem & ((1LL << log2m) - 1);
    const u64 p = primes[j];
    const A ar(p, pinvs[j], r2s[j]);
    const T pt = ar.mul(ar.load(shifts[(long long) j * cosets + c]), power(ar, ar.load(roots[j]), i));
    const int N = max(fRows, gRows);
    T* a = (T*) (work + (long long) t * 2 * N);
    T* b = a + N;
    bivariate_point(ar, pt, fr + (long long) j * fRows * fCols, fRows, fCols, gr + (long long) j * gRows * gCols,
                    gRows, gCols, a, b, p, &shared, out + t);
}

// ---------------------------------------------------------------- bivariate images, a thread per point

// The thread kernels keep their rows in shared memory as S: double (8 bytes a word), or u32 (4
// bytes, for twice the threads a multiprocessor holds). A word x < 2^31 (the rows hold residues in
// [0, 2p), below 2^27) goes between the two without a conversion instruction (the conversion unit
// does a quarter of the FP64 unit's rate on an H100, and the remainder's update made three a
// word): the double with the high word 0x43300000 and the low word x is 2^52 + x exactly, so one
// subtraction of 2^52 gives x, and for an integer double x in [0, 2^31) the low word of x + 2^52
// (exact) is x.
__device__ __forceinline__ double ld(double x) { return x; }
__device__ __forceinline__ double ld(u32 x) { return __hiloint2double(0x43300000, (int) x) - 4503599627370496.0; }
template <class S>
__device__ __forceinline__ S st(double x);
template <>
__device__ __forceinline__ double st<double>(double x) { return x; }
template <>
__device__ __forceinline__ u32 st<u32>(double x) { return (u32) __double2loint(x + 4503599627370496.0); }

// The length of the strided row a[0], a[s], ..., a[(len - 1) s] (residues in [0, 2p): zero is 0
// or p) without its leading zeros.
template <class S>
__device__ __forceinline__ int trim_thread(const S* a, int len, int s, u32 p) {
    while (len > 0 && (a[(len - 1) * s] == (S) 0 || a[(len - 1) * s] == (S) p)) {
        len--;
    }
    return len;
}

// a^-1 mod p for 0 < a < p by Fermat, a^(p - 2), in the F64 arithmetic: about 2 log2 p products
// with no data-dependent branch (every lane of a warp with the same prime runs the same
// square-and-multiply), where the binary extended Euclid's branches diverged across the warp.
__device__ __forceinline__ double fermat_inverse(const F64& ar, double a, u32 p) {
    return power(ar, a, (long long) p - 2);
}

// a := a mod b for the strided rows a (aLen) and b (bLen, b[(bLen - 1) s] != 0 mod p) of one
// thread, their words lazy residues in [0, 2p); returns the trimmed length of the remainder (the
// words of a from bLen - 1 up are left as they are: never read again). remainder_block for one
// thread, the same values mod p. The update a + (-q) b < p 2p + 2p < 2^53 is one FMA and one
// reduceLazy (no correction), eight words at a time, all loads before the stores (a and b share
// the array: the compiler would otherwise order every load after the previous store), then four,
// then one; the top word of each step and b's leading word are brought into [0, p).
template <class S>
__device__ int remainder_thread(const F64& ar, S* a, int aLen, const S* b, int bLen, int s, u32 p) {
    if (aLen < bLen) {
        return trim_thread(a, aLen, s, p);
    }
    const int m = bLen - 1;
    const double lcInv = fermat_inverse(ar, ar.canon(ld(b[m * s])), p);
    for (int i = aLen - 1; i >= m; i--) {
        const double top = ar.canon(ld(a[i * s]));
        if (top != 0.0) {
            const double q = ar.mul(top, lcInv);
            const double qn = q == 0.0 ? 0.0 : ar.p - q; // -q: a[i - m + t] + qn b[t] < 2^53, one FMA
            S* ai = a + (i - m) * s;
            int t = 0;
            for (; t + 8 <= m; t += 8) {
                double bv[8], av[8];
#pragma unroll
                for (int u = 0; u < 8; u++) {
                    bv[u] = ld(b[(t + u) * s]);
                }
#pragma unroll
                for (int u = 0; u < 8; u++) {
                    av[u] = ld(ai[(t + u) * s]);
                }
#pragma unroll
                for (int u = 0; u < 8; u++) {
                    ai[(t + u) * s] = st<S>(ar.reduceLazy(fma(qn, bv[u], av[u])));
                }
            }
            if (t + 4 <= m) {
                double bv[4], av[4];
#pragma unroll
                for (int u = 0; u < 4; u++) {
                    bv[u] = ld(b[(t + u) * s]);
                }
#pragma unroll
                for (int u = 0; u < 4; u++) {
                    av[u] = ld(ai[(t + u) * s]);
                }
#pragma unroll
                for (int u = 0; u < 4; u++) {
                    ai[(t + u) * s] = st<S>(ar.reduceLazy(fma(qn, bv[u], av[u])));
                }
                t += 4;
            }
            for (; t < m; t++) {
                ai[t * s] = st<S>(ar.reduceLazy(fma(qn, ld(b[t * s]), ld(ai[t * s]))));
            }
        }
    }
    return trim_thread(a, m, s, p);
}

// Res_{n, m} of the strided rows a (lf words) and b (lg words) of one thread, formal degrees n =
// lf - 1 and m = lg - 1: resultant_rows (the rules of PolyGcdZp.resultant) for one thread, with
// ResultantSteps' factors; a and b (residues in [0, p) on entry, lazy in [0, 2p) once remainders)
// are overwritten.
template <class S>
__device__ double resultant_thread(const F64& ar, S* a, int lf, S* b, int lg, int s, u32 p) {
    const int n = lf - 1;
    const int m = lg - 1;
    const int nt = trim_thread(a, lf, s, p) - 1;
    const int mt = trim_thread(b, lg, s, p) - 1;
    if (n == 0 && m == 0) {
        return 1.0;
    }
    if (nt < n && mt < m) {
        return 0.0;
    }
    if (nt < 0) {
        return m == 0 ? power(ar, ld(b[0]), n) : 0.0;
    }
    if (mt < 0) {
        return n == 0 ? power(ar, ld(a[0]), m) : 0.0;
    }
    double res = 1.0;
    if (nt < n) {
        res = power(ar, ld(b[m * s]), n - nt);
        if ((((long long) (n - nt) * m) & 1) != 0) {
            res = ar.neg(res);
        }
    } else if (mt < m) {
        res = power(ar, ld(a[n * s]), m - mt);
    }
    int aLen = nt + 1;
    int bLen = mt + 1;
    while (bLen > 0) {
        if (bLen == 1) {
            return ar.mul(res, power(ar, ar.canon(ld(b[0])), aLen - 1));
        }
        const double lcb = ar.canon(ld(b[(bLen - 1) * s]));
        const int rLen = remainder_thread(ar, a, aLen, b, bLen, s, p);
        if (rLen == 0) {
            return 0.0;
        }
        const int dn = aLen - 1;
        const int dm = bLen - 1;
        double step = power(ar, lcb, dn - (rLen - 1));
        if ((((long long) dn * dm) & 1) != 0) {
            step = ar.neg(step);
        }
        res = ar.mul(res, step);
        S* t = a;
        a = b;
        b = t;
        aLen = bLen;
        bLen = rLen;
    }
    return res;
}

// The principal subresultant coefficients of one thread's strided rows a (lf words, formal
// degree n = lf - 1) and b (lg words, m = lg - 1): psc_j, the coefficient of x^j in S_j (formal
// degrees), into out[j stride] for j in [0, min(n, m)), every one written (zeros included). The
// rules of SubresultantChainZp (its class comment) read off at x^j: a Euclid step from (A, B),
// formal degrees n >= m, deg B = m, remainder R of degree k gives psc_k = F (-1)^(sign + (n - k)
// (m - k)) lc(B)^(n - k) lc(R)^(m - k) and psc_j = 0 for k < j < m (the degree gap: S_{m-1} is a
// multiple of R, whose coefficient of x^(m-1) is 0 when k < m - 1), then F *= lc(B)^(n - k) and
// the sign parities of even and odd j take (-1)^((n-j)(m-j)). Leading zeros as the chain: the
// pair exchanged where the full one has the smaller formal degree, and a divisor whose actual
// degree d is below its formal degree m (the dividend full, n > m) gives F = lc(A)^(m - d) and
// psc_d = F lc(B)^(n - d), the Euclid then from (A, n; B, d). a and b are overwritten.
struct PscOut {
    const F64& ar;
    u64* out;
    long long stride;
    int hi;        // the highest index not yet written
    double f;      // F, the factor common to every later index
    int neg[2];    // the sign parities of even and odd j

    __device__ __forceinline__ PscOut(const F64& ar_, u64* out_, long long stride_, int top)
        : ar(ar_), out(out_), stride(stride_), hi(top - 1), f(1.0) {
        neg[0] = 0;
        neg[1] = 0;
    }
    // (-1)^((n-j)(m-j)) folded into the parities: for even j that of n m, for odd j (n+1)(m+1)
    __device__ __forceinline__ void swapSign(int n, int m) {
        neg[0] ^= (int) (((long long) n * m) & 1);
        neg[1] ^= (int) (((long long) (n + 1) * (m + 1)) & 1);
    }
    // psc_k = F (-1)^(neg[k mod 2] + negate) v, and zero for the indices in (k, hi]
    __device__ __forceinline__ void note(int k, double v, int negate) {
        for (int j = hi; j > k; j--) {
            out[j * stride] = 0;
        }
        v = ar.mul(f, v);
        out[k * stride] = ar.store((neg[k & 1] ^ negate) != 0 ? ar.neg(v) : v);
        hi = k - 1;
    }
    __device__ __forceinline__ void finish() {
        for (int j = hi; j >= 0; j--) {
            out[j * stride] = 0;
        }
    }
};

template <class S>
__device__ void psc_thread(const F64& ar, S* a, int lf, S* b, int lg, int s, u32 p, u64* out, long long stride) {
    const int n = lf - 1;
    const int m = lg - 1;
    PscOut o(ar, out, stride, min(n, m));
    if (min(n, m) <= 0) {
        return;
    }
    const int na = trim_thread(a, lf, s, p) - 1;
    const int nb = trim_thread(b, lg, s, p) - 1;
    if (na < n && nb < m) {
        o.finish(); // both leading coefficients zero: the first column of every M_j is
        return;
    }
    // (A, B) with B full and nA >= nB, or A full and nA > nB with B's degree dB < nB
    const bool swap = (nb == m && n >= m) ? false : (na == n ? m >= n : true);
    S* A = swap ? b : a;
    S* B = swap ? a : b;
    int nA = swap ? m : n;
    int nB = swap ? n : m;
    const int dB = swap ? na : nb;
    if (swap) {
        o.swapSign(n, m);
    }
    if (dB < nB) {
        if (dB < 0) {
            o.finish(); // B = 0: every S_j is zero
            return;
        }
        o.f = power(ar, ar.canon(ld(A[nA * s])), nB - dB);
        o.note(dB, power(ar, ar.canon(ld(B[dB * s])), nA - dB), 0);
        nB = dB;
        if (dB == 0) {
            o.finish();
            return;
        }
    }
    int aLen = nA + 1;
    int bLen = nB + 1;
    while (true) {
        const double lcb = ar.canon(ld(B[nB * s]));
        const int rLen = remainder_thread(ar, A, aLen, B, bLen, s, p);
        const int k = rLen - 1;
        if (k < 0) {
            break;
        }
        const double lcr = ar.canon(ld(A[k * s]));
        const double pb = power(ar, lcb, nA - k);
        o.note(k, ar.mul(pb, power(ar, lcr, nB - k)), (int) (((long long) (nA - k) * (nB - k)) & 1));
        if (k == 0) {
            break;
        }
        o.f = ar.mul(o.f, pb);
        o.swapSign(nA, nB);
        S* t = A;
        A = B;
        B = t;
        nA = nB;
        nB = k;
        aLen = bLen;
        bLen = rLen;
    }
    o.finish();
}

// Rows [0, rows) of a grid (doubles, rows x cols, prime j's) at the two points +a and -a of a lane
// pair (lanes 2l and 2l + 1 of a warp; the lane's own point is pt, half = its bit 0) into the
// strided row out of each lane. A row is E(y^2) + y O(y^2), E and O its even and odd columns: the
// even lane runs Horner on E, the odd lane on O, both at y^2 = a^2 (the same residue in both
// lanes), then the two swap their value by a shuffle and each takes E + pt O, which is f(a) in
// the even lane and f(-a) = E - a O in the odd one: each coefficient is loaded by one lane of the
// pair, and each lane runs half of a row's Horner steps. Four rows at a time (four independent
// chains, their coefficient loads issued ahead), each from column len[r] - 1 down (the columns
// above are zero in every grid of the launch; the four rows run to the longest of them, over
// zeros). Horner's values are lazy (reduceLazy: [0, 2p), v y^2 + c < 2p p + p < 2^53), E + pt O <
// p 2p + 2p is reduced into [0, p). Every lane of the warp must call it with the same rows and len
// (the shuffles).
template <class S>
__device__ void horner_pair_rows(const F64& ar, double pt, int half, const double* grid, int rows, int cols,
                                 const u64* len, S* out, int s) {
    const double y2 = ar.mul(pt, pt);
    int r = 0;
    for (; r + 4 <= rows; r += 4) {
        const int l = (int) max(max(len[r], len[r + 1]), max(len[r + 2], len[r + 3]));
        const double* g0 = grid + (long long) r * cols;
        const double* g1 = g0 + cols;
        const double* g2 = g1 + cols;
        const double* g3 = g2 + cols;
        double v0 = 0.0, v1 = 0.0, v2 = 0.0, v3 = 0.0;
        for (int k = ((l + 1) >> 1) - 1; k >= 0; k--) {
            const int col = 2 * k + half;
            const bool in = col < l; // the odd lane's last column may lie past the row's length
            const double c0 = in ? g0[col] : 0.0, c1 = in ? g1[col] : 0.0;
            const double c2 = in ? g2[col] : 0.0, c3 = in ? g3[col] : 0.0;
            v0 = ar.reduceLazy(fma(v0, y2, c0));
            v1 = ar.reduceLazy(fma(v1, y2, c1));
            v2 = ar.reduceLazy(fma(v2, y2, c2));
            v3 = ar.reduceLazy(fma(v3, y2, c3));
        }
        const double w0 = __shfl_xor_sync(0xffffffffu, v0, 1);
        const double w1 = __shfl_xor_sync(0xffffffffu, v1, 1);
        const double w2 = __shfl_xor_sync(0xffffffffu, v2, 1);
        const double w3 = __shfl_xor_sync(0xffffffffu, v3, 1);
        out[r * s] = st<S>(ar.reduce(fma(pt, half ? v0 : w0, half ? w0 : v0)));
        out[(r + 1) * s] = st<S>(ar.reduce(fma(pt, half ? v1 : w1, half ? w1 : v1)));
        out[(r + 2) * s] = st<S>(ar.reduce(fma(pt, half ? v2 : w2, half ? w2 : v2)));
        out[(r + 3) * s] = st<S>(ar.reduce(fma(pt, half ? v3 : w3, half ? w3 : v3)));
    }
    for (; r < rows; r++) {
        const int l = (int) len[r];
        const double* g0 = grid + (long long) r * cols;
        double v = 0.0;
        for (int k = ((l + 1) >> 1) - 1; k >= 0; k--) {
            const int col = 2 * k + half;
            v = ar.reduceLazy(fma(v, y2, col < l ? g0[col] : 0.0));
        }
        const double w = __shfl_xor_sync(0xffffffffu, v, 1);
        out[r * s] = st<S>(ar.reduce(fma(pt, half ? v : w, half ? w : v)));
    }
}

// Thread t of the launch: one of the instances first + t' = (j cosets + c) M + i (M = 2^log2m) of
// the bivariate resultant's images on cosets, as bivariate_coset_block (the same value:
// Res(f(x, a), g(x, a)) mod p_j at a = shifts[j cosets + c] roots[j]^i), but one thread per
// point and no barrier. first and count are multiples of M (whole cosets), so that the points of
// a coset come in pairs a, -a: roots[j] has order M, so roots[j]^(M/2) = -1 and the point of i +
// M/2 is minus that of i. Within each coset, lanes 2l and 2l + 1 take i = l and i = l + M/2 (the
// outputs stay in instance order: out[t'] for instance first + t') and evaluate the coefficients
// in x of f and g together (horner_pair_rows) into their two rows of the block's dynamic shared
// memory (2 max(fRows, gRows) words S a thread, word k of a row at k blockDim.x, so a warp's
// accesses are consecutive), then each runs Euclid on its own (remainder_thread). fr and gr are
// the grids as doubles (residues_to_double); fLen[r] and gLen[r] bound the columns of row r that
// are non-zero for every prime of the launch (Horner starts there: a dense input of total degree
// d has half its grid zero). For F64 primes below 2^26 only; blockDim.x a multiple of 32.
template <class S, bool PSC>
__device__ void bivariate_coset_thread(const double* fr, int fRows, int fCols, const u64* fLen, const double* gr,
                                       int gRows, int gCols, const u64* gLen, const u64* primes, const u64* roots,
                                       const u64* shifts, int log2m, int cosets, long long first, long long count,
                                       u64* out, int skip, S* rows) {
    const long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    // The lanes past count (count is even, so whole pairs) take part in the shuffles on the
    // launch's first pair, then stop.
    const bool live = t < count;
    const long long m = 1LL << log2m;
    const long long u = (live ? t : t & 1) & (m - 1);
    const int half = (int) (u & 1);
    const long long at = (live ? t - u : 0) + (u >> 1) + (half ? m >> 1 : 0); // t' of the lane's point
    const long long inst = first + at;
    const long long perPrime = (long long) cosets << log2m;
    const int j = (int) (inst / perPrime);
    const int c = (int) ((inst - j * perPrime) >> log2m);
    const u64 p = primes[j];
    const F64 ar(p, 0, 0);
    const double plus = ar.mul((double) shifts[(long long) j * cosets + c], power(ar, (double) roots[j], u >> 1));
    const double pt = half ? ar.neg(plus) : plus;
    const int s = blockDim.x;
    const int N = max(fRows, gRows);
    S* a = rows + threadIdx.x;
    S* b = a + (long long) N * s;
    horner_pair_rows(ar, pt, half, fr + (long long) j * fRows * fCols, fRows, fCols, fLen, a, s);
    horner_pair_rows(ar, pt, half, gr + (long long) j * gRows * gCols, gRows, gCols, gLen, b, s);
    if (!live || (skip > 0 && at % skip == 0)) {
        return;
    }
    if (PSC) {
        psc_thread(ar, a, fRows, b, gRows, s, (u32) p, out + at, count);
    } else {
        out[at] = ar.store(resultant_thread(ar, a, fRows, b, gRows, s, (u32) p));
    }
}

extern "C" __global__ void bivariate_coset_thread_f64(const double* fr, int fRows, int fCols, const u64* fLen,
                                                      const double* gr, int gRows, int gCols, const u64* gLen,
                                                      const u64* primes, const u64* roots, const u64* shifts,
                                                      int log2m, int cosets, long long first, long long count,
                                                      u64* out, int skip) {
    extern __shared__ double rowsF64[];
    bivariate_coset_thread<double, false>(fr, fRows, fCols, fLen, gr, gRows, gCols, gLen, primes, roots, shifts,
                                          log2m, cosets, first, count, out, skip, rowsF64);
}

// The same with the rows in shared memory as 32-bit words (half the shared memory a thread).
extern "C" __global__ void bivariate_coset_thread_f64_u32(const double* fr, int fRows, int fCols, const u64* fLen,
                                                          const double* gr, int gRows, int gCols, const u64* gLen,
                                                          const u64* primes, const u64* roots, const u64* shifts,
                                                          int log2m, int cosets, long long first, long long count,
                                                          u64* out, int skip) {
    extern __shared__ u32 rowsU32[];
    bivariate_coset_thread<u32, false>(fr, fRows, fCols, fLen, gr, gRows, gCols, gLen, primes, roots, shifts, log2m,
                                       cosets, first, count, out, skip, rowsU32);
}

// The principal subresultant coefficients at the same instances (psc_thread instead of
// resultant_thread): psc_j of instance first + t' at out[j count + t'] for j in [0, min(fRows,
// gRows) - 1), index-major so that a warp's stores of one index are consecutive.
extern "C" __global__ void bivariate_coset_thread_psc_f64(const double* fr, int fRows, int fCols, const u64* fLen,
                                                          const double* gr, int gRows, int gCols, const u64* gLen,
                                                          const u64* primes, const u64* roots, const u64* shifts,
                                                          int log2m, int cosets, long long first, long long count,
                                                          u64* out, int skip) {
    extern __shared__ double rowsPscF64[];
    bivariate_coset_thread<double, true>(fr, fRows, fCols, fLen, gr, gRows, gCols, gLen, primes, roots, shifts,
                                         log2m, cosets, first, count, out, skip, rowsPscF64);
}

extern "C" __global__ void bivariate_coset_thread_psc_f64_u32(const double* fr, int fRows, int fCols,
                                                              const u64* fLen, const double* gr, int gRows, int gCols,
                                                              const u64* gLen, const u64* primes, const u64* roots,
                                                              const u64* shifts, int log2m, int cosets,
                                                              long long first, long long count, u64* out, int skip) {
    extern __shared__ u32 rowsPscU32[];
    bivariate_coset_thread<u32, true>(fr, fRows, fCols, fLen, gr, gRows, gCols, gLen, primes, roots, shifts, log2m,
                                      cosets, first, count, out, skip, rowsPscU32);
}

// Block j: the monic gcd h of f and g mod p_j into h row j (N words, zeros above deg h),
// degPlus1[j] = deg h + 1 (0 when both vanish), and with cofactors f / h and g / h into rows of
// lf and lg words (zeros above their degrees; all zero when h = 0 or h does not fit, i.e. f or g
// vanishes with a shorter formal length than h).
template <class A>
__device__ void gcd_block(const u64* fr, int lf, const u64* gr, int lg, const u64* primes,
                          const u64* pinvs, const u64* r2s, u64* work, u64* hOut, u64* degPlus1,
                          u64* fc, u64* gc, int cofactors, int skip) {
    typedef typename A::T T;
    __shared__ int shared;
    const int j = blockIdx.x;
    if (skip > 0 && j % skip == 0) {
        return;
    }
    const u64 p = primes[j];
    const A ar(p, pinvs[j], r2s[j]);
    const int N = max(lf, lg);
    T* a = (T*) (work + (long long) j * 2 * N);
    T* b = a + N;
    const u64* f = fr + (long long) j * lf;
    const u64* g = gr + (long long) j * lg;
    for (int i = threadIdx.x; i < lf; i += blockDim.x) {
        a[i] = ar.load(f[i]);
    }
    for (int i = threadIdx.x; i < lg; i += blockDim.x) {
        b[i] = ar.load(g[i]);
    }
    int aLen = trim_block(ar, a, lf, &shared);
    int bLen = trim_block(ar, b, lg, &shared);
    GcdSteps<A> steps;
    euclid_block(ar, a, aLen, b, bLen, p, &shared, steps);
    // monic, in place in a, and out
    __syncthreads();
    u64* h = hOut + (long long) j * N;
    if (aLen > 0) {
        const T inv = inverse(ar, a[aLen - 1], p);
        __syncthreads();
        for (int i = threadIdx.x; i < aLen - 1; i += blockDim.x) {
            a[i] = ar.mul(a[i], inv);
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            a[aLen - 1] = ar.one();
        }
        __syncthreads();
    }
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        h[i] = i < aLen ? ar.store(a[i]) : 0;
    }
    if (cofactors) {
        for (int pass = 0; pass < 2; pass++) {
            const u64* src = pass == 0 ? f : g;
            const int len = pass == 0 ? lf : lg;
            u64* q = (pass == 0 ? fc : gc) + (long long) j * len;
            const int qLen = aLen > 0 && len >= aLen ? len - aLen + 1 : 0;
            __syncthreads();
            for (int i = qLen + threadIdx.x; i < len; i += blockDim.x) {
                q[i] = 0;
            }
            if (qLen > 0) {
                for (int i = threadIdx.x; i < len; i += blockDim.x) {
                    b[i] = ar.load(src[i]);
                }
                remainder_block(ar, b, len, a, aLen, p, q, &shared);
            }
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        degPlus1[j] = (u64) aLen;
    }
}

// ---------------------------------------------------------------- entry points

extern "C" __global__ void det_global_mont(u64* mats, int n, const u64* primes, const u64* pinvs,
                                           const u64* r2s, u64* mult, u64* out, int skip) {
    det_global<Mont>(mats, n, primes, pinvs, r2s, mult, out, skip);
}
extern "C" __global__ void det_global_f64(u64* mats, int n, const u64* primes, const u64* pinvs,
                                          const u64* r2s, u64* mult, u64* out, int skip) {
    det_global<F64>(mats, n, primes, pinvs, r2s, mult, out, skip);
}
extern "C" __global__ void det_shared_mont(const u64* mats, int n, const u64* primes,
                                           const u64* pinvs, const u64* r2s, u64* out, int skip) {
    det_shared<Mont>(mats, n, primes, pinvs, r2s, out, skip);
}
extern "C" __global__ void det_shared_f64(const u64* mats, int n, const u64* primes,
                                          const u64* pinvs, const u64* r2s, u64* out, int skip) {
    det_shared<F64>(mats, n, primes, pinvs, r2s, out, skip);
}
// det_tiled{16,32,64}_{mont,f64}: 256 threads, registers unbounded (Mont: about 171, one block
// per multiprocessor); det_tiled{B}_mont2: at most 128 registers (a few spills), two blocks.
#define DET_TILED_ENTRY(NAME, ARITH, B, BOUNDS)                                                   \
    extern "C" __global__ void BOUNDS NAME(u64* mats, int n, const u64* primes, const u64* pinvs, \
                                           const u64* r2s, u64* out, int skip) {                  \
        det_tiled<ARITH, B>(mats, n, primes, pinvs, r2s, out, skip);                              \
    }
#define DET_TILED_ENTRIES(B)                                                                       \
    DET_TILED_ENTRY(det_tiled##B##_mont, Mont, B, __launch_bounds__(256))                          \
    DET_TILED_ENTRY(det_tiled##B##_f64, F64, B, __launch_bounds__(256))                            \
    DET_TILED_ENTRY(det_tiled##B##_mont2, Mont, B, __launch_bounds__(256, 2))
DET_TILED_ENTRIES(16)
DET_TILED_ENTRIES(32)
DET_TILED_ENTRIES(64)
#undef DET_TILED_ENTRIES
#undef DET_TILED_ENTRY
extern "C" __global__ void lu_global_mont(u64* mats, int n, const u64* primes, const u64* pinvs,
                                          const u64* r2s, u64* mult, u64* perms, u64* diagInvs,
                                          u64* out, int skip) {
    lu_global<Mont>(mats, n, primes, pinvs, r2s, mult, perms, diagInvs, out, skip);
}
extern "C" __global__ void lu_global_f64(u64* mats, int n, const u64* primes, const u64* pinvs,
                                         const u64* r2s, u64* mult, u64* perms, u64* diagInvs,
                                         u64* out, int skip) {
    lu_global<F64>(mats, n, primes, pinvs, r2s, mult, perms, diagInvs, out, skip);
}
extern "C" __global__ void lu_solve_mont(const u64* mats, int n, const u64* primes,
                                         const u64* pinvs, const u64* r2s, const u64* perms,
                                         const u64* diagInvs, const u64* dets, const u64* b,
                                         u64* x, int skip) {
    lu_solve<Mont>(mats, n, primes, pinvs, r2s, perms, diagInvs, dets, b, x, skip);
}
extern "C" __global__ void lu_solve_f64(const u64* mats, int n, const u64* primes,
                                        const u64* pinvs, const u64* r2s, const u64* perms,
                                        const u64* diagInvs, const u64* dets, const u64* b,
                                        u64* x, int skip) {
    lu_solve<F64>(mats, n, primes, pinvs, r2s, perms, diagInvs, dets, b, x, skip);
}
extern "C" __global__ void resultant_mont(const u64* fr, int lf, const u64* gr, int lg,
                                          const u64* primes, const u64* pinvs, const u64* r2s,
                                          u64* work, u64* out, int skip) {
    resultant_block<Mont>(fr, lf, gr, lg, primes, pinvs, r2s, work, out, skip);
}
extern "C" __global__ void resultant_f64(const u64* fr, int lf, const u64* gr, int lg,
                                         const u64* primes, const u64* pinvs, const u64* r2s,
                                         u64* work, u64* out, int skip) {
    resultant_block<F64>(fr, lf, gr, lg, primes, pinvs, r2s, work, out, skip);
}
extern "C" __global__ void bivariate_resultant_mont(const u64* fr, int fRows, int fCols, const u64* gr, int gRows,
                                                    int gCols, const u64* primes, const u64* pinvs,
                                                    const u64* r2s, int points, long long first, u64* work,
                                                    u64* out, int skip) {
    bivariate_resultant_block<Mont>(fr, fRows, fCols, gr, gRows, gCols, primes, pinvs, r2s, points, first, work, out,
                                    skip);
}
extern "C" __global__ void bivariate_resultant_f64(const u64* fr, int fRows, int fCols, const u64* gr, int gRows,
                                                   int gCols, const u64* primes, const u64* pinvs,
                                                   const u64* r2s, int points, long long first, u64* work,
                                                   u64* out, int skip) {
    bivariate_resultant_block<F64>(fr, fRows, fCols, gr, gRows, gCols, primes, pinvs, r2s, points, first, work, out,
                                   skip);
}
extern "C" __global__ void bivariate_coset_mont(const u64* fr, int fRows, int fCols, const u64* gr, int gRows,
                                                int gCols, const u64* primes, const u64* pinvs, const u64* r2s,
                                                const u64* roots, const u64* shifts, int log2m, int cosets,
                                                long long first, u64* work, u64* out, int skip) {
    bivariate_coset_block<Mont>(fr, fRows, fCols, gr, gRows, gCols, primes, pinvs, r2s, roots, shifts, log2m, cosets,
                                first, work, out, skip);
}
extern "C" __global__ void bivariate_coset_f64(const u64* fr, int fRows, int fCols, const u64* gr, int gRows,
                                               int gCols, const u64* primes, const u64* pinvs, const u64* r2s,
                                               const u64* roots, const u64* shifts, int log2m, int cosets,
                                               long long first, u64* work, u64* out, int skip) {
    bivariate_coset_block<F64>(fr, fRows, fCols, gr, gRows, gCols, primes, pinvs, r2s, roots, shifts, log2m, cosets,
                               first, work, out, skip);
}
extern "C" __global__ void gcd_mont(const u64* fr, int lf, const u64* gr, int lg,
                                    const u64* primes, const u64* pinvs, const u64* r2s,
                                    u64* work, u64* hOut, u64* degPlus1, u64* fc, u64* gc,
                                    int cofactors, int skip) {
    gcd_block<Mont>(fr, lf, gr, lg, primes, pinvs, r2s, work, hOut, degPlus1, fc, gc, cofactors,
                    skip);
}
extern "C" __global__ void gcd_f64(const u64* fr, int lf, const u64* gr, int lg,
                                   const u64* primes, const u64* pinvs, const u64* r2s,
                                   u64* work, u64* hOut, u64* degPlus1, u64* fc, u64* gc,
                                   int cofactors, int skip) {
    gcd_block<F64>(fr, lf, gr, lg, primes, pinvs, r2s, work, hOut, degPlus1, fc, gc, cofactors,
                   skip);
}
