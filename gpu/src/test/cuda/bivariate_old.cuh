// The thread-per-point bivariate image kernel as it was before the exact floors, Fermat inverses,
// paired points and 8-word remainder update (modular.cu at 06ea90e), kept for bivariate_bench.cu
// only: the reference its replacement is timed against and must equal bit for bit. Everything is in
// namespace bivariate_old so that it compiles beside modular.cu. Not used by the library.
#pragma once

namespace bivariate_old {

// The F64 arithmetic of before: the quotient by floor(h * (1 / p)), two corrections.
struct F64 {
    typedef double T;
    double p, pinv;

    __device__ __forceinline__ F64(u64 p_) : p((double) p_), pinv(1.0 / (double) p_) {}
    __device__ __forceinline__ u64 store(T x) const { return (u64) x; }
    __device__ __forceinline__ T one() const { return 1.0; }
    __device__ __forceinline__ T neg(T a) const { return a == 0.0 ? 0.0 : p - a; }
    __device__ __forceinline__ T mul(T a, T b) const {
        const double h = a * b;
        const double q = floor(h * pinv);
        double r = fma(-q, p, h);
        r = r < 0 ? r + p : r;
        return r >= p ? r - p : r;
    }
};

__device__ double power(const F64& ar, double a, long long e) {
    double acc = ar.one();
    double base = a;
    while (e > 0) {
        if (e & 1) {
            acc = ar.mul(acc, base);
        }
        base = ar.mul(base, base);
        e >>= 1;
    }
    return acc;
}

__device__ __forceinline__ u32 binary_inverse(u32 a, u32 p) {
    u32 u = a, v = p, x1 = 1, x2 = 0;
    while (u != 1 && v != 1) {
        while ((u & 1) == 0) {
            u >>= 1;
            x1 = (x1 & 1) ? (x1 >> 1) + (p >> 1) + 1 : x1 >> 1;
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

// The F64 residue of h = a b + c < 2^53 (exact in one FMA): h - floor(h / p) p, fixed into [0, p).
__device__ __forceinline__ double f64_reduce(const F64& ar, double h) {
    const double q = floor(h * ar.pinv);
    double r = fma(-q, ar.p, h);
    r = r < 0 ? r + ar.p : r;
    return r >= ar.p ? r - ar.p : r;
}

// The thread kernels keep their rows in shared memory as S: double (8 bytes a word), or u32 (4
// bytes: residues below 2^26 convert exactly, at one conversion per load and store, for twice the
// threads a multiprocessor holds).
__device__ __forceinline__ double ld(double x) { return x; }
__device__ __forceinline__ double ld(u32 x) { return (double) x; }
template <class S>
__device__ __forceinline__ S st(double x) { return (S) x; }

// The length of the strided row a[0], a[s], ..., a[(len - 1) s] without its leading zeros.
template <class S>
__device__ __forceinline__ int trim_thread(const S* a, int len, int s) {
    while (len > 0 && a[(len - 1) * s] == (S) 0) {
        len--;
    }
    return len;
}

// a := a mod b for the strided rows a (aLen) and b (bLen, b[(bLen - 1) s] != 0) of one thread;
// returns the trimmed length of the remainder (the words of a from bLen - 1 up are left as they
// are: never read again). remainder_block for one thread, the same values. The update of a step
// goes four words at a time, all loads before the stores (a and b share the array: the compiler
// would otherwise order every load after the previous store).
template <class S>
__device__ int remainder_thread(const F64& ar, S* a, int aLen, const S* b, int bLen, int s, u32 p) {
    if (aLen < bLen) {
        return trim_thread(a, aLen, s);
    }
    const int m = bLen - 1;
    const double lcInv = (double) binary_inverse((u32) ld(b[m * s]), p);
    for (int i = aLen - 1; i >= m; i--) {
        const double top = ld(a[i * s]);
        if (top != 0.0) {
            const double q = ar.mul(top, lcInv);
            const double qn = q == 0.0 ? 0.0 : ar.p - q; // -q: a[i - m + t] + qn b[t] < 2^53, one FMA
            S* ai = a + (i - m) * s;
            int t = 0;
            for (; t + 4 <= m; t += 4) {
                const double b0 = ld(b[t * s]);
                const double b1 = ld(b[(t + 1) * s]);
                const double b2 = ld(b[(t + 2) * s]);
                const double b3 = ld(b[(t + 3) * s]);
                const double a0 = ld(ai[t * s]);
                const double a1 = ld(ai[(t + 1) * s]);
                const double a2 = ld(ai[(t + 2) * s]);
                const double a3 = ld(ai[(t + 3) * s]);
                ai[t * s] = st<S>(f64_reduce(ar, fma(qn, b0, a0)));
                ai[(t + 1) * s] = st<S>(f64_reduce(ar, fma(qn, b1, a1)));
                ai[(t + 2) * s] = st<S>(f64_reduce(ar, fma(qn, b2, a2)));
                ai[(t + 3) * s] = st<S>(f64_reduce(ar, fma(qn, b3, a3)));
            }
            for (; t < m; t++) {
                ai[t * s] = st<S>(f64_reduce(ar, fma(qn, ld(b[t * s]), ld(ai[t * s]))));
            }
        }
    }
    return trim_thread(a, m, s);
}

// Res_{n, m} of the strided rows a (lf words) and b (lg words) of one thread, formal degrees n =
// lf - 1 and m = lg - 1: resultant_rows (the rules of PolyGcdZp.resultant) for one thread, with
// ResultantSteps' factors; a and b are overwritten.
template <class S>
__device__ double resultant_thread(const F64& ar, S* a, int lf, S* b, int lg, int s, u32 p) {
    const int n = lf - 1;
    const int m = lg - 1;
    const int nt = trim_thread(a, lf, s) - 1;
    const int mt = trim_thread(b, lg, s) - 1;
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
            return ar.mul(res, power(ar, ld(b[0]), aLen - 1));
        }
        const double lcb = ld(b[(bLen - 1) * s]);
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

// Rows [0, rows) of a grid (doubles, rows x cols, prime j's) at y = pt by Horner into the strided
// row out, four rows at a time (four independent chains of dependent products, their coefficient
// loads issued ahead), each from column len[r] - 1 down (the columns above are zero in every
// grid of the launch; the four rows run to the longest of them, over zeros).
template <class S>
__device__ void horner_rows(const F64& ar, double pt, const double* grid, int rows, int cols, const u64* len, S* out,
                            int s) {
    int r = 0;
    for (; r + 4 <= rows; r += 4) {
        const int l = (int) max(max(len[r], len[r + 1]), max(len[r + 2], len[r + 3]));
        const double* g0 = grid + (long long) r * cols;
        const double* g1 = g0 + cols;
        const double* g2 = g1 + cols;
        const double* g3 = g2 + cols;
        double v0 = 0.0, v1 = 0.0, v2 = 0.0, v3 = 0.0;
        for (int k = l - 1; k >= 0; k--) {
            const double c0 = g0[k], c1 = g1[k], c2 = g2[k], c3 = g3[k];
            v0 = f64_reduce(ar, fma(v0, pt, c0));
            v1 = f64_reduce(ar, fma(v1, pt, c1));
            v2 = f64_reduce(ar, fma(v2, pt, c2));
            v3 = f64_reduce(ar, fma(v3, pt, c3));
        }
        out[r * s] = st<S>(v0);
        out[(r + 1) * s] = st<S>(v1);
        out[(r + 2) * s] = st<S>(v2);
        out[(r + 3) * s] = st<S>(v3);
    }
    for (; r < rows; r++) {
        const double* g0 = grid + (long long) r * cols;
        double v = 0.0;
        for (int k = (int) len[r] - 1; k >= 0; k--) {
            v = f64_reduce(ar, fma(v, pt, g0[k]));
        }
        out[r * s] = st<S>(v);
    }
}

// Thread t of the launch: the instance first + t = (j cosets + c) M + i (M = 2^log2m) of the
// bivariate resultant's images on cosets, as bivariate_coset_block (the same value: Res(f(x, a),
// g(x, a)) mod p_j at a = shifts[j cosets + c] roots[j]^i), but one thread per point and no
// barrier: the coefficients in x at a by Horner (horner_rows) into the thread's two rows of the
// block's dynamic shared memory (2 max(fRows, gRows) words S a thread, word k of a row at k
// blockDim.x, so a warp's accesses are consecutive), then Euclid on them (remainder_thread). fr
// and gr are the grids as doubles (residues_to_double); fLen[r] and gLen[r] bound the columns of
// row r that are non-zero for every prime of the launch (Horner starts there: a dense input of
// total degree d has half its grid zero). For F64 primes below 2^26 only.
template <class S>
__device__ void bivariate_coset_thread(const double* fr, int fRows, int fCols, const u64* fLen, const double* gr,
                                       int gRows, int gCols, const u64* gLen, const u64* primes, const u64* roots,
                                       const u64* shifts, int log2m, int cosets, long long first, long long count,
                                       u64* out, int skip, S* rows) {
    const long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count || (skip > 0 && t % skip == 0)) {
        return;
    }
    const long long inst = first + t;
    const long long perPrime = (long long) cosets << log2m;
    const int j = (int) (inst / perPrime);
    const long long rem = inst - j * perPrime;
    const int c = (int) (rem >> log2m);
    const long long i = rem & ((1LL << log2m) - 1);
    const u64 p = primes[j];
    const F64 ar(p);
    const double pt = ar.mul((double) shifts[(long long) j * cosets + c], power(ar, (double) roots[j], i));
    const int s = blockDim.x;
    const int N = max(fRows, gRows);
    S* a = rows + threadIdx.x;
    S* b = a + (long long) N * s;
    horner_rows(ar, pt, fr + (long long) j * fRows * fCols, fRows, fCols, fLen, a, s);
    horner_rows(ar, pt, gr + (long long) j * gRows * gCols, gRows, gCols, gLen, b, s);
    out[t] = ar.store(resultant_thread(ar, a, fRows, b, gRows, s, (u32) p));
}

__global__ void bivariate_coset_thread_f64(const double* fr, int fRows, int fCols, const u64* fLen,
                                                      const double* gr, int gRows, int gCols, const u64* gLen,
                                                      const u64* primes, const u64* roots, const u64* shifts,
                                                      int log2m, int cosets, long long first, long long count,
                                                      u64* out, int skip) {
    extern __shared__ double rowsF64[];
    bivariate_coset_thread<double>(fr, fRows, fCols, fLen, gr, gRows, gCols, gLen, primes, roots, shifts, log2m,
                                   cosets, first, count, out, skip, rowsF64);
}

// The same with the rows in shared memory as 32-bit words (half the shared memory a thread).
__global__ void bivariate_coset_thread_f64_u32(const double* fr, int fRows, int fCols, const u64* fLen,
                                                          const double* gr, int gRows, int gCols, const u64* gLen,
                                                          const u64* primes, const u64* roots, const u64* shifts,
                                                          int log2m, int cosets, long long first, long long count,
                                                          u64* out, int skip) {
    extern __shared__ u32 rowsU32[];
    bivariate_coset_thread<u32>(fr, fRows, fCols, fLen, gr, gRows, gCols, gLen, primes, roots, shifts, log2m, cosets,
                                first, count, out, skip, rowsU32);
}

} // namespace bivariate_old
