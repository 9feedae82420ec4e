// Floating-point FFT integer products (the ID-FFT paper, gpu-integer-multiplication-tiling-
// and-fft, "Real-ID"; issue 16): the device twin of org.modalg.fft.fp (FpFft, FpIntegerProduct,
// FpDigits). Contract, launched by org.modalg.gpu.GpuFpProduct in this order:
//
//   fp_load_pack     z[rev(j)] = (a_j, b_j), j < N = 2^logN (balanced digits as doubles, zero-padded)
//   fp_butterfly     one radix-2 decimation-in-time level s of a natural-order transform
//                    (logN launches forward; inverse: logN - 1 launches of the half length)
//   fp_pack_product  X_k = E_k + i O_k from Z (the real-to-complex packing, Eq. 5-6 of the paper)
//   fp_bitrev        out[rev(m)] = in[m] (before the inverse levels)
//   fp_round         c_i = rint(x_i / (N/2)), max |x - rint(x)| into one word by atomicMax
//   fp_limb_sums     phase 1 of the carry: T_w = sum of c_i 2^(b i - 64 w) over b i in [64 w, 64 w + 64),
//                    128-bit, split lo_w + 2^64 hi_w
//   fp_carry_block   phase 1 of the carry-lookahead: s_w = lo_w + hi_(w-1), and the per-block
//                    inclusive scan of the carry functions f_w: {-1, 0, 1} -> {-1, 0, 1}
//   fp_carry_blocks  phase 2: one thread composes the block aggregates into block carries-in
//   fp_carry_apply   limb w = s_w + carry-in(w) mod 2^64
//
// Every floating-point operation of the transforms is an explicitly rounded intrinsic
// (__dadd_rn, __dsub_rn, __dmul_rn), never contracted into an FMA, in the same order as the
// Java code with the same roots (uploaded from FpFft.twiddles): the device's values are
// bit-identical to the CPU's, so the error bound of FpErrorBound and the run-time check apply
// unchanged, and the products are identical.

#define FP_BLOCK 256
// the identity carry function: f(-1) = -1, f(0) = 0, f(1) = 1, as 2-bit fields f(x) + 1
#define FP_IDENTITY ((0) | (1 << 2) | (2 << 4))

__device__ __forceinline__ unsigned int fp_rev(unsigned int j, int logN) {
    return logN == 0 ? 0u : (__brev(j) >> (32 - logN));
}

extern "C" __global__ void fp_load_pack(const double* __restrict__ a, int la, const double* __restrict__ b,
        int lb, double2* __restrict__ z, int logN) {
    unsigned int n = 1u << logN;
    unsigned int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        double2 v;
        v.x = (int) j < la ? a[j] : 0.0;
        v.y = (int) j < lb ? b[j] : 0.0;
        z[fp_rev(j, logN)] = v;
    }
}

extern "C" __global__ void fp_bitrev(const double2* __restrict__ in, double2* __restrict__ out, int logN) {
    unsigned int n = 1u << logN;
    unsigned int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        out[fp_rev(j, logN)] = in[j];
    }
}

// level s (len = 2^s) of a transform of 2^logN points; roots w_j = table[j << (tableLog - s)],
// conjugated when sign = -1. One thread per butterfly (2^(logN-1) of them).
extern "C" __global__ void fp_butterfly(double2* __restrict__ x, int logN, int s, const double2* __restrict__ table,
        int tableLog, double sign) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (1u << (logN - 1))) {
        return;
    }
    unsigned int half = 1u << (s - 1);
    unsigned int j = t & (half - 1);
    unsigned int p = ((t >> (s - 1)) << s) + j;
    unsigned int q = p + half;
    double2 w = table[(size_t) j << (tableLog - s)];
    double wr = w.x;
    double wi = __dmul_rn(sign, w.y);
    double2 xv = x[q];
    double2 u = x[p];
    double vr = __dsub_rn(__dmul_rn(xv.x, wr), __dmul_rn(xv.y, wi));
    double vi = __dadd_rn(__dmul_rn(xv.x, wi), __dmul_rn(xv.y, wr));
    double2 o1;
    double2 o2;
    o1.x = __dadd_rn(u.x, vr);
    o1.y = __dadd_rn(u.y, vi);
    o2.x = __dsub_rn(u.x, vr);
    o2.y = __dsub_rn(u.y, vi);
    x[p] = o1;
    x[q] = o2;
}

// C_k = A_k B_k with A_k = (Z_k + conj Z_(N-k)) / 2, B_k = (Z_k - conj Z_(N-k)) / (2i)
__device__ __forceinline__ double2 fp_pair_product(const double2* z, unsigned int k, unsigned int n) {
    unsigned int m = (n - k) & (n - 1);
    double2 zk = z[k];
    double2 zm = z[m];
    double ar = __dmul_rn(0.5, __dadd_rn(zk.x, zm.x));
    double ai = __dmul_rn(0.5, __dsub_rn(zk.y, zm.y));
    double br = __dmul_rn(0.5, __dadd_rn(zk.y, zm.y));
    double bi = __dmul_rn(0.5, __dsub_rn(zm.x, zk.x));
    double2 c;
    c.x = __dsub_rn(__dmul_rn(ar, br), __dmul_rn(ai, bi));
    c.y = __dadd_rn(__dmul_rn(ar, bi), __dmul_rn(ai, br));
    return c;
}

// X_k = E_k + i O_k, E_k = (C_k + C_(k+N/2)) / 2, O_k = (C_k - C_(k+N/2)) conj(w_k) / 2, k < N/2
extern "C" __global__ void fp_pack_product(const double2* __restrict__ z, double2* __restrict__ x, int logN,
        const double2* __restrict__ table) {
    unsigned int n = 1u << logN;
    unsigned int h = n >> 1;
    unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= h) {
        return;
    }
    double2 c1 = fp_pair_product(z, k, n);
    double2 c2 = fp_pair_product(z, k + h, n);
    double er = __dmul_rn(0.5, __dadd_rn(c1.x, c2.x));
    double ei = __dmul_rn(0.5, __dadd_rn(c1.y, c2.y));
    double dr = __dmul_rn(0.5, __dsub_rn(c1.x, c2.x));
    double di = __dmul_rn(0.5, __dsub_rn(c1.y, c2.y));
    double2 w = table[k];
    double wr = w.x;
    double wi = -w.y;
    double orr = __dsub_rn(__dmul_rn(dr, wr), __dmul_rn(di, wi));
    double oi = __dadd_rn(__dmul_rn(dr, wi), __dmul_rn(di, wr));
    double2 out;
    out.x = __dsub_rn(er, oi);
    out.y = __dadd_rn(ei, orr);
    x[k] = out;
}

// c[i] = rint(x_i * scale) for i < lc (x_m holds c_2m + i c_2m+1); the largest distance to the
// integer into *maxErrBits (as the bits of a non-negative double, ordered like the doubles)
extern "C" __global__ void fp_round(const double2* __restrict__ x, int logH, int lc, double scale,
        long long* __restrict__ c, unsigned long long* maxErrBits) {
    __shared__ double red[FP_BLOCK];
    unsigned int h = 1u << logH;
    unsigned int m = blockIdx.x * blockDim.x + threadIdx.x;
    double local = 0.0;
    if (m < h) {
        double2 v = x[m];
        for (int part = 0; part < 2; part++) {
            int i = 2 * (int) m + part;
            if (i < lc) {
                double y = __dmul_rn(part == 0 ? v.x : v.y, scale);
                double r = rint(y);
                double e = fabs(__dsub_rn(y, r));
                if (!(fabs(r) <= 9007199254740992.0)) { // NaN, infinite or beyond 2^53
                    e = __longlong_as_double(0x7FF0000000000000LL);
                    r = 0.0;
                }
                local = fmax(local, e);
                c[i] = (long long) r;
            }
        }
    }
    red[threadIdx.x] = local;
    __syncthreads();
    for (int d = blockDim.x >> 1; d > 0; d >>= 1) {
        if (threadIdx.x < d) {
            red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + d]);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        atomicMax(maxErrBits, (unsigned long long) __double_as_longlong(red[0]));
    }
}

// T_w = sum over i with b i in [64 w, 64 w + 64) of c_i 2^(b i - 64 w), exactly (|c_i| <= 2^53,
// b >= 2: at most 32 terms below 2^116), as lo_w (unsigned) + 2^64 hi_w (signed)
extern "C" __global__ void fp_limb_sums(const long long* __restrict__ c, int lc, int b, int limbs,
        unsigned long long* __restrict__ lo, long long* __restrict__ hi) {
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= limbs) {
        return;
    }
    long long start = 64LL * w;
    long long first = (start + b - 1) / b;
    long long end = (start + 64 + b - 1) / b; // first i with b i >= 64 w + 64
    if (end > lc) {
        end = lc;
    }
    unsigned long long l = 0;
    long long hv = 0;
    for (long long i = first; i < end; i++) {
        int sh = (int) ((long long) b * i - start);
        long long ci = c[i];
        unsigned long long tl = ((unsigned long long) ci) << sh;
        long long th = sh == 0 ? (ci >> 63) : (ci >> (64 - sh));
        unsigned long long nl = l + tl;
        hv += th + (nl < tl ? 1 : 0);
        l = nl;
    }
    lo[w] = l;
    hi[w] = hv;
}

__device__ __forceinline__ int fp_apply(int code, int x) {
    return ((code >> (2 * (x + 1))) & 3) - 1;
}

// second after first
__device__ __forceinline__ int fp_compose(int second, int first) {
    int r = 0;
    for (int x = -1; x <= 1; x++) {
        r |= (fp_apply(second, fp_apply(first, x)) + 1) << (2 * (x + 1));
    }
    return r;
}

// s_w = lo_w + hi_(w-1) mod 2^64 into v, its carry function f_w(cin) = g_w + [s_w = 2^64-1 and
// cin = 1] - [s_w = 0 and cin = -1] (g_w the carry of the 65-bit sum), and the inclusive scan of
// the f_w within the block (prefix[w] = f_w o ... o f_(block start)); the block's composite into
// agg[block]. blockDim.x must be FP_BLOCK.
extern "C" __global__ void fp_carry_block(const unsigned long long* __restrict__ lo, const long long* __restrict__ hi,
        int limbs, unsigned long long* __restrict__ v, unsigned char* __restrict__ prefix,
        unsigned char* __restrict__ agg) {
    __shared__ int code[FP_BLOCK];
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    int f = FP_IDENTITY;
    if (w < limbs) {
        long long h = w == 0 ? 0 : hi[w - 1];
        unsigned long long l = lo[w];
        unsigned long long s = l + (unsigned long long) h;
        int g = h >= 0 ? (s < l ? 1 : 0) : (s > l ? -1 : 0);
        int fm = g - (s == 0ULL ? 1 : 0);
        int f0 = g;
        int fp = g + (s == 0xFFFFFFFFFFFFFFFFULL ? 1 : 0);
        f = (fm + 1) | ((f0 + 1) << 2) | ((fp + 1) << 4);
        v[w] = s;
    }
    code[threadIdx.x] = f;
    __syncthreads();
    for (int d = 1; d < FP_BLOCK; d <<= 1) {
        int mine = code[threadIdx.x];
        int other = threadIdx.x >= d ? code[threadIdx.x - d] : FP_IDENTITY;
        __syncthreads();
        code[threadIdx.x] = fp_compose(mine, other);
        __syncthreads();
    }
    if (w < limbs) {
        prefix[w] = (unsigned char) code[threadIdx.x];
    }
    if (threadIdx.x == FP_BLOCK - 1) {
        agg[blockIdx.x] = (unsigned char) code[FP_BLOCK - 1];
    }
}

// carry-in of each block from the aggregates (one thread; blocks = ceil(limbs / FP_BLOCK));
// blockIn[blocks] is the carry out of the top limb (0 for a non-negative result)
extern "C" __global__ void fp_carry_blocks(const unsigned char* __restrict__ agg, int blocks,
        signed char* __restrict__ blockIn) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        int cin = 0;
        for (int k = 0; k < blocks; k++) {
            blockIn[k] = (signed char) cin;
            cin = fp_apply(agg[k], cin);
        }
        blockIn[blocks] = (signed char) cin;
    }
}

// limb w = s_w + carry-in(w), carry-in(w) = prefix[w-1](blockIn) within the block
extern "C" __global__ void fp_carry_apply(unsigned long long* __restrict__ v, const unsigned char* __restrict__ prefix,
        const signed char* __restrict__ blockIn, int limbs) {
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= limbs) {
        return;
    }
    int cin = blockIn[blockIdx.x];
    if (threadIdx.x > 0) {
        cin = fp_apply(prefix[w - 1], cin);
    }
    v[w] = v[w] + (unsigned long long) (long long) cin;
}
