// Generalized Fermat prime field arithmetic p = r^k + 1 and the big-prime FFT (modalg gpu
// layer; thesis chapter 2, sections 2.3, 2.5 and 2.6).
//
// Layout: digit-major (thesis section 2.6, "maximizing global memory efficiency"): digit d of
// element i of a vector of n elements is at v[d n + i], so that consecutive threads, one
// element each, read and write consecutive words. Digits are unsigned 64-bit (r up to
// 2^64 - 1). Every kernel takes canonical elements and writes canonical elements: every digit
// below r, or the value r^k = p - 1 stored as digit k-1 equal to r and the others zero. The
// operations mirror the CPU's GfArithmetic step for step, so results are equal bit for bit.
//
// One thread computes one field operation (thesis section 2.6, "parallelization"). The number
// of digits k is a template parameter (instantiated for k = 1 .. 64, powers of two) so that,
// for small k, elements live in registers. (k = 128 would triple the driver's JIT time of this
// module for a field the host runs nearly as well; the host falls back to the CPU for it.)
//
// The FFT (host side: GpuBigPrimeFft) is a Stockham autosort FFT of mixed radix (every radix a
// power of two <= K = 2k): pass s with radix R reads element j + t (N / R) for t < R,
// multiplies it by the twiddle w^((N / (Ns R)) (j mod Ns) t), computes a DFT of length R and
// writes element t to (j / Ns) Ns R + (j mod Ns) + t Ns, Ns being the product of the earlier
// radices. The root of the length-R DFT is w^(N/R) = r^(K/R): its butterflies are additions,
// subtractions and cyclic shifts (multiplications by powers of r), never general products
// (the base case DFT_K of thesis section 2.5). The twiddles are the only general products
// (one per element and pass, fewer when a twiddle is itself a power of r).
//
// Functions are __host__ __device__ so that the arithmetic can also be exercised on a host.

typedef unsigned long long u64;

#ifdef __CUDACC__
#define HD __host__ __device__ __forceinline__
#else
#define HD inline
#endif

// The field, as passed to every kernel: r and the constants of division by r (Moeller and
// Granlund's 2-by-1 division by an invariant divisor, as in the CPU's UnsignedDivider).
struct GfParams {
    u64 r;
    u64 dnorm; // r << shift, top bit set
    u64 vinv;  // floor((2^128 - 1) / dnorm) - 2^64
    u64 shift; // leading zeros of r
};

HD u64 mulhi(u64 a, u64 b) {
#ifdef __CUDA_ARCH__
    return __umul64hi(a, b);
#else
    return (u64) (((unsigned __int128) a * b) >> 64);
#endif
}

// Quotient of the 128-bit (hi, lo) by r, hi < r: the remainder is lo - q r (mod 2^64).
HD u64 div_by_r(u64 hi, u64 lo, const GfParams& f) {
    if (f.shift != 0) {
        hi = (hi << f.shift) | (lo >> (64 - f.shift));
        lo <<= f.shift;
    }
    const u64 d = f.dnorm;
    const u64 p0 = f.vinv * hi;
    u64 q1 = mulhi(f.vinv, hi);
    const u64 q0 = p0 + lo;
    q1 += hi + 1 + (q0 < p0 ? 1 : 0);
    u64 rem = lo - q1 * d;
    if (rem > q0) {
        q1--;
        rem += d;
    }
    if (rem >= d) {
        q1++;
    }
    return q1;
}

// ---------------------------------------------------------------- elements in registers

template <int KT>
HD void load(u64 (&x)[KT], const u64* p, long long stride) {
#pragma unroll
    for (int i = 0; i < KT; i++) {
        x[i] = p[i * stride];
    }
}

template <int KT>
HD void store(u64* p, long long stride, const u64 (&x)[KT]) {
#pragma unroll
    for (int i = 0; i < KT; i++) {
        p[i * stride] = x[i];
    }
}

// z = z + 1
template <int KT>
HD void increment(u64 (&z)[KT], u64 r) {
    if (z[KT - 1] == r) { // r^k + 1 = p = 0
        z[KT - 1] = 0;
        return;
    }
    bool carry = true;
#pragma unroll
    for (int i = 0; i < KT; i++) {
        if (carry) {
            if (z[i] != r - 1) {
                z[i]++;
                carry = false;
            } else {
                z[i] = 0;
            }
        }
    }
    if (carry) { // every digit was r - 1: the value is now r^k
        z[KT - 1] = r;
    }
}

// z = z - 1
template <int KT>
HD void decrement(u64 (&z)[KT], u64 r) {
    if (z[KT - 1] == r) { // r^k - 1: every digit r - 1
#pragma unroll
        for (int i = 0; i < KT; i++) {
            z[i] = r - 1;
        }
        return;
    }
    bool borrow = true;
#pragma unroll
    for (int i = 0; i < KT; i++) {
        if (borrow) {
            if (z[i] != 0) {
                z[i]--;
                borrow = false;
            } else {
                z[i] = r - 1;
            }
        }
    }
    if (borrow) { // the value was 0: 0 - 1 = r^k
#pragma unroll
        for (int i = 0; i < KT; i++) {
            z[i] = 0;
        }
        z[KT - 1] = r;
    }
}

// z = -x (z may be x)
template <int KT>
HD void neg(const u64 (&x)[KT], u64 (&z)[KT], u64 r) {
    u64 any = 0;
#pragma unroll
    for (int i = 0; i < KT; i++) {
        any |= x[i];
    }
    if (any == 0) {
#pragma unroll
        for (int i = 0; i < KT; i++) {
            z[i] = 0;
        }
        return;
    }
    if (x[KT - 1] == r) { // -(r^k) = 1
#pragma unroll
        for (int i = 0; i < KT; i++) {
            z[i] = 0;
        }
        z[0] = 1;
        return;
    }
    // p - x = (r^k - 1 - x) + 2, and r^k - 1 - x is the digit-wise complement
#pragma unroll
    for (int i = 0; i < KT; i++) {
        z[i] = r - 1 - x[i];
    }
    increment(z, r);
    increment(z, r);
}

// z = x + y (thesis Algorithm 2), branch-free digit loop; z must be distinct from x and y.
template <int KT>
HD void add(const u64 (&x)[KT], const u64 (&y)[KT], u64 (&z)[KT], u64 r) {
    if (x[KT - 1] == r || y[KT - 1] == r) { // (-1) + other
        const bool xs = x[KT - 1] == r;
#pragma unroll
        for (int i = 0; i < KT; i++) {
            z[i] = xs ? y[i] : x[i];
        }
        decrement(z, r);
        return;
    }
    u64 carry = 0;
#pragma unroll
    for (int i = 0; i < KT; i++) {
        // t = a + b + carry as a 65-bit value (over, t); it is at most 2r - 1
        const u64 a = x[i];
        const u64 b = y[i];
        const u64 t = a + b + carry;
        const u64 over = ((a & b) | ((a | b) & ~t)) >> 63;
        const u64 d = t - r;
        const u64 below = ((~t & r) | (~(t ^ r) & d)) >> 63; // borrow of t - r
        const u64 reduce = over | (below ^ 1);
        z[i] = t - (r & (0 - reduce));
        carry = reduce;
    }
    if (carry != 0) { // z + r^k = z - 1
        decrement(z, r);
    }
}

// z = x - y; z must be distinct from x and y.
template <int KT>
HD void sub(const u64 (&x)[KT], const u64 (&y)[KT], u64 (&z)[KT], u64 r) {
    if (y[KT - 1] == r) { // x - (-1)
#pragma unroll
        for (int i = 0; i < KT; i++) {
            z[i] = x[i];
        }
        increment(z, r);
        return;
    }
    if (x[KT - 1] == r) { // r^k - y = ((r^k - 1) - y) + 1
#pragma unroll
        for (int i = 0; i < KT; i++) {
            z[i] = r - 1 - y[i];
        }
        increment(z, r);
        return;
    }
    u64 borrow = 0;
#pragma unroll
    for (int i = 0; i < KT; i++) {
        const u64 a = x[i];
        const u64 b = y[i];
        const u64 d = a - b - borrow;
        borrow = ((~a & b) | (~(a ^ b) & d)) >> 63;
        z[i] = d + (r & (0 - borrow));
    }
    if (borrow != 0) { // z - r^k = z + 1
        increment(z, r);
    }
}

// z = x r^e for any integer e (modulo 2k), x read from memory (digit stride xs): a cyclic
// shift of the digits with negation of the wrapped part (thesis section 2.3.4). The shift
// amount is a run-time value, so the input is indexed in memory, not in registers.
template <int KT>
HD void mul_pow_r(const u64* x, long long xs, int e, u64 (&z)[KT], u64 r) {
    int i = e % (2 * KT);
    if (i < 0) {
        i += 2 * KT;
    }
    const bool negate = i >= KT; // r^(k+i) = -r^i
    if (negate) {
        i -= KT;
    }
    if (x[(KT - 1) * xs] == r) { // (-1) r^i
#pragma unroll
        for (int h = 0; h < KT; h++) {
            z[h] = h == i ? 1 : 0;
        }
        if (!negate) {
            neg(z, z, r);
        }
        return;
    }
    // x r^i = A - B: A the digits moved up by i, B the i top digits wrapped to the bottom
    // (r^k = -1); when negating, B - A. Digit h subtracts (or adds) one source digit.
    u64 borrow = 0;
#pragma unroll
    for (int h = 0; h < KT; h++) {
        const bool wrapped = h < i;
        const u64 v = x[(wrapped ? h + KT - i : h - i) * xs];
        u64 d;
        if (wrapped == negate) { // + v - borrow
            d = v - borrow;
            if (v == 0 && borrow != 0) {
                d += r;
                borrow = 1;
            } else {
                borrow = 0;
            }
        } else { // - v - borrow
            d = 0 - v - borrow;
            if (v != 0 || borrow != 0) {
                d += r;
                borrow = 1;
            } else {
                borrow = 0;
            }
        }
        z[h] = d;
    }
    if (borrow != 0) { // result - r^k = result + 1
        increment(z, r);
    }
}

// ---------------------------------------------------------------- general multiplication

// A signed 3-word integer (two's complement), for the coefficients of the product.
struct W3 {
    u64 w0, w1, w2;
};

HD W3 add3(W3 a, W3 b) {
    W3 t;
    t.w0 = a.w0 + b.w0;
    const u64 k0 = t.w0 < b.w0 ? 1 : 0;
    const u64 s1 = a.w1 + b.w1;
    u64 k1 = s1 < b.w1 ? 1 : 0;
    t.w1 = s1 + k0;
    k1 += (t.w1 == 0 && k0 != 0) ? 1 : 0;
    t.w2 = a.w2 + b.w2 + k1;
    return t;
}

HD W3 neg3(W3 a) {
    W3 t;
    t.w0 = 0 - a.w0;
    t.w1 = ~a.w1 + (a.w0 == 0 ? 1 : 0);
    t.w2 = ~a.w2 + ((a.w0 == 0 && a.w1 == 0) ? 1 : 0);
    return t;
}

// (digit, carry) of t: digit = t mod r in [0, r), carry = floor(t / r), t signed.
HD u64 floor_div_r(W3 t, W3* carry, const GfParams& f) {
    const u64 r = f.r;
    const bool negative = (long long) t.w2 < 0;
    const W3 w = negative ? neg3(t) : t;
    const u64 q2 = w.w2 < r ? 0 : w.w2 / r; // only for a tiny radix
    u64 rem = w.w2 - q2 * r;
    u64 q1 = div_by_r(rem, w.w1, f);
    rem = w.w1 - q1 * r;
    u64 q0 = div_by_r(rem, w.w0, f);
    rem = w.w0 - q0 * r;
    W3 q = {q0, q1, q2};
    if (negative) { // floor(-m / r) = -(q + 1), digit r - rem, when r does not divide m
        if (rem != 0) {
            rem = r - rem;
            q.w0++;
            if (q.w0 == 0) {
                q.w1++;
                if (q.w1 == 0) {
                    q.w2++;
                }
            }
        }
        q = neg3(q);
    }
    *carry = q;
    return rem;
}

// Folds the carry c out of the top digit back in (r^k = -1): z + c r^k = z - c. A carry of
// +-1 is a decrement or increment; a larger one (only for a radix small next to k r) is
// added at digit 0 and carried through again, shrinking by r^k each round.
template <int KT>
HD void fold_carry(u64 (&z)[KT], W3 c, const GfParams& f) {
    while (true) {
        if ((c.w0 | c.w1 | c.w2) == 0) {
            return;
        }
        if (c.w0 == 1 && c.w1 == 0 && c.w2 == 0) {
            decrement(z, f.r);
            return;
        }
        if (c.w0 == ~0ULL && c.w1 == ~0ULL && c.w2 == ~0ULL) {
            increment(z, f.r);
            return;
        }
        W3 carry = neg3(c);
#pragma unroll 1
        for (int i = 0; i < KT; i++) {
            W3 t = {z[i], 0, 0};
            z[i] = floor_div_r(add3(t, carry), &carry, f);
        }
        c = carry;
    }
}

// z = x y by the plain method (thesis Algorithm 3): the negacyclic product f_x f_y mod
// (T^k + 1) with exact 3-word coefficients u_i = sum_{j <= i} x_j y_{i-j} - sum_{j > i}
// x_j y_{i-j+k} (|u_i| < k r^2 < 2^135), carried in radix r digit by digit as each u_i is
// formed. x and y are read from memory (digit strides xs, ys) into registers first.
template <int KT>
HD void mul(const u64* xp, long long xs, const u64* yp, long long ys, u64 (&z)[KT],
            const GfParams& f) {
    const u64 r = f.r;
    u64 x[KT], y[KT];
    load(x, xp, xs);
    load(y, yp, ys);
    if (x[KT - 1] == r) { // (-1) y
        neg(y, z, r);
        return;
    }
    if (y[KT - 1] == r) {
        neg(x, z, r);
        return;
    }
    // Unrolled (elements in registers) up to k = 16; above, the nested product loops stay
    // loops (elements in local memory) to keep code size and compile time sane.
    constexpr int unroll = KT <= 16 ? KT : 1;
    W3 carry = {0, 0, 0};
#pragma unroll unroll
    for (int i = 0; i < KT; i++) {
        u64 p0 = 0, p1 = 0, p2 = 0, n0 = 0, n1 = 0, n2 = 0;
#pragma unroll unroll
        for (int j = 0; j < KT; j++) {
            const bool positive = j <= i;
            const u64 a = x[j];
            const u64 b = y[positive ? i - j : i - j + KT];
            const u64 lo = a * b;
            u64 hi = mulhi(a, b);
            if (positive) {
                p0 += lo;
                hi += p0 < lo ? 1 : 0;
                p1 += hi;
                p2 += p1 < hi ? 1 : 0;
            } else {
                n0 += lo;
                hi += n0 < lo ? 1 : 0;
                n1 += hi;
                n2 += n1 < hi ? 1 : 0;
            }
        }
        // u_i = p - n
        W3 u;
        u.w0 = p0 - n0;
        const u64 b0 = p0 < n0 ? 1 : 0;
        u.w1 = p1 - n1 - b0;
        const u64 b1 = (p1 < n1 || (p1 == n1 && b0 != 0)) ? 1 : 0;
        u.w2 = p2 - n2 - b1;
        z[i] = floor_div_r(add3(u, carry), &carry, f);
    }
    fold_carry(z, carry, f);
}

// ---------------------------------------------------------------- vector kernels

// z = x op y elementwise on digit-major vectors of n elements (z distinct from x and y).
// op: 0 add, 1 sub, 2 mul; for op 3, z = x r^(e or e[i]) (y unused; exps may be null).
template <int KT>
__device__ void vector_op(const u64* x, const u64* y, u64* z, const int* exps, int e, long long n,
                          int op, GfParams f) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    u64 out[KT];
    if (op == 2) {
        mul<KT>(x + i, n, y + i, n, out, f);
    } else if (op == 3) {
        mul_pow_r<KT>(x + i, n, exps != 0 ? exps[i] : e, out, f.r);
    } else {
        u64 a[KT], b[KT];
        load(a, x + i, n);
        load(b, y + i, n);
        if (op == 0) {
            add(a, b, out, f.r);
        } else {
            sub(a, b, out, f.r);
        }
    }
    store(z + i, n, out);
}

// ---------------------------------------------------------------- FFT kernels

// One Stockham pass of radix R = 2^log2R on N = 2^log2n elements (in -> out, distinct). A
// block does G = blockDim.x * 2 / R consecutive DFT_R's; its G R elements wait in shared
// memory (digit stride G R, element t of DFT jl at slot t G + jl). tw holds this pass's
// twiddles, digit-major with Ns R entries: tw[t Ns + jm] = w^((N / (Ns R)) jm t).
// log2PerR: w^(2^log2PerR) = r, i.e. N / K (negative when N < K, where w is itself a power of r).
template <int KT>
__device__ void fft_pass(const u64* in, u64* out, const u64* tw, int log2n, int log2R, int log2Ns,
                         int log2PerR, GfParams f) {
    extern __shared__ u64 sh[];
    const int R = 1 << log2R;
    const int G = (blockDim.x * 2) >> log2R;
    const int S = G * R;
    const long long n = 1LL << log2n;
    const long long ns = 1LL << log2Ns;
    const long long m = n >> log2R; // number of DFT_R's, and the input stride
    const long long g0 = (long long) blockIdx.x * G;

    // 1. load each element, multiplied by its twiddle (coalesced: consecutive jl)
    for (int L = threadIdx.x; L < S; L += blockDim.x) {
        const int jl = L % G;
        const int t = L / G;
        const long long j = g0 + jl;
        const long long jm = j & (ns - 1);
        const u64* src = in + j + t * m;
        u64 z[KT];
        // exponent of the twiddle: (N / (Ns R)) jm t < N
        const long long ex = (jm * t) << (log2n - log2Ns - log2R);
        if (ex == 0) {
            load(z, src, n);
        } else if (log2PerR <= 0 || (ex & ((1LL << log2PerR) - 1)) == 0) { // a power of r
            const long long shift = log2PerR >= 0 ? ex >> log2PerR : ex << -log2PerR;
            mul_pow_r<KT>(src, n, (int) (shift % (2 * KT)), z, f.r);
        } else {
            mul<KT>(src, n, tw + t * ns + jm, ns << log2R, z, f);
        }
        store(sh + t * G + jl, S, z);
    }
    __syncthreads();

    // 2. DFT_R of each group by radix-2 decimation in frequency (natural order in,
    // bit-reversed out); the root of order 2h is r^(K / 2h), so every twiddle is a shift.
    for (int h = R >> 1; h >= 1; h >>= 1) {
        const int rootShift = (2 * KT) / (2 * h);
        for (int B = threadIdx.x; B < S / 2; B += blockDim.x) {
            const int jl = B % G;
            const int q = B / G;
            const int tt = q & (h - 1);
            const int i1 = ((q - tt) << 1) + tt;
            u64* a = sh + i1 * G + jl;
            u64* b = a + h * G;
            u64 x[KT], y[KT], s[KT], d[KT];
            load(x, a, S);
            load(y, b, S);
            add(x, y, s, f.r);
            sub(x, y, d, f.r);
            store(a, S, s);
            store(b, S, d);
            if (tt != 0) {
                mul_pow_r<KT>(b, S, tt * rootShift, d, f.r);
                store(b, S, d);
            }
        }
        __syncthreads();
    }

    // 3. store: element t of DFT j goes to (j / Ns) Ns R + (j mod Ns) + t Ns; it sits at slot
    // bitrev(t) G + jl. Consecutive threads write consecutive addresses.
    for (int L = threadIdx.x; L < S; L += blockDim.x) {
        int jl, t;
        if (ns >= G) {
            jl = L % G;
            t = L / G;
        } else { // the block's output is one contiguous run of G R elements
            const int chunk = L >> (log2Ns + log2R);
            const int rem = L & ((int) (ns << log2R) - 1);
            t = rem >> log2Ns;
            jl = (chunk << log2Ns) + (rem & ((int) ns - 1));
        }
        const long long j = g0 + jl;
        const long long dst = ((j >> log2Ns) << (log2Ns + log2R)) + (j & (ns - 1)) + t * ns;
        const int slot = (log2R == 0 ? 0 : (int) (__brev((unsigned) t) >> (32 - log2R))) * G + jl;
        for (int dg = 0; dg < KT; dg++) {
            out[dg * n + dst] = sh[dg * S + slot];
        }
    }
}

// out[i] = in[reverse ? (n - i) mod n : i] * c, c one element (the inverse's 1/N).
template <int KT>
__device__ void scale_kernel(const u64* in, u64* out, const u64* c, long long n, int reverse,
                             GfParams f) {
    const long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    const long long s = reverse && i != 0 ? n - i : i;
    u64 z[KT];
    mul<KT>(in + s, n, c, 1, z, f);
    store(out + i, n, z);
}

// Powers of w: pw[t + h] = pw[t] * wh for t < h, where pw (digit-major, n entries) already
// holds w^t for t < h and wh = w^h (one element, contiguous digits). Doubling h from 1 fills
// the table with n multiplications in log2 n launches.
template <int KT>
__device__ void powers_step(u64* pw, const u64* wh, long long n, long long h, GfParams f) {
    const long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= h) {
        return;
    }
    u64 z[KT];
    mul<KT>(pw + t, n, wh, 1, z, f);
    store(pw + t + h, n, z);
}

#define GF_KERNELS(KT)                                                                          \
    extern "C" __global__ void gf_vector_op_##KT(const u64* x, const u64* y, u64* z,             \
                                                 const int* exps, int e, long long n, int op,    \
                                                 GfParams f) {                                   \
        vector_op<KT>(x, y, z, exps, e, n, op, f);                                               \
    }                                                                                            \
    extern "C" __global__ void gf_fft_pass_##KT(const u64* in, u64* out, const u64* tw,          \
                                                int log2n, int log2R, int log2Ns, int log2PerR,  \
                                                GfParams f) {                                    \
        fft_pass<KT>(in, out, tw, log2n, log2R, log2Ns, log2PerR, f);                            \
    }                                                                                            \
    extern "C" __global__ void gf_scale_##KT(const u64* in, u64* out, const u64* c, long long n, \
                                             int reverse, GfParams f) {                          \
        scale_kernel<KT>(in, out, c, n, reverse, f);                                             \
    }                                                                                            \
    extern "C" __global__ void gf_powers_step_##KT(u64* pw, const u64* wh, long long n,          \
                                                   long long h, GfParams f) {                    \
        powers_step<KT>(pw, wh, n, h, f);                                                        \
    }

GF_KERNELS(1)
GF_KERNELS(2)
GF_KERNELS(4)
GF_KERNELS(8)
GF_KERNELS(16)
GF_KERNELS(32)
GF_KERNELS(64)

// ---------------------------------------------------------------- layout and tables (any k)

// Element-major (element i at src[i k .. (i+1) k)) to digit-major (digit d at dst[d n + i]);
// one thread per word, reading consecutively.
extern "C" __global__ void gf_to_digit_major(const u64* src, u64* dst, long long n, int k) {
    const long long w = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= n * k) {
        return;
    }
    const long long i = w / k;
    const int d = (int) (w - i * k);
    dst[d * n + i] = src[w];
}

// The inverse of gf_to_digit_major, writing consecutively.
extern "C" __global__ void gf_to_element_major(const u64* src, u64* dst, long long n, int k) {
    const long long w = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= n * k) {
        return;
    }
    const long long i = w / k;
    const int d = (int) (w - i * k);
    dst[w] = src[d * n + i];
}

// The twiddles of one pass, gathered from the table of powers pw (w^e at pw[e], n entries):
// tw[t Ns + jm] = w^((N / (Ns R)) jm t) for jm < Ns, t < R, digit-major with Ns R entries.
extern "C" __global__ void gf_gather_twiddles(const u64* pw, u64* tw, int log2n, int log2R,
                                              int log2Ns, int k) {
    const long long size = 1LL << (log2Ns + log2R);
    const long long idx = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= size) {
        return;
    }
    const long long t = idx >> log2Ns;
    const long long jm = idx & ((1LL << log2Ns) - 1);
    const long long e = (jm * t) << (log2n - log2Ns - log2R);
    const long long n = 1LL << log2n;
    for (int d = 0; d < k; d++) {
        tw[d * size + idx] = pw[d * n + e];
    }
}
