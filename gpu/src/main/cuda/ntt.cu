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

typedef unsigned long long u64;

// a b R^-1 mod p for a, b < p < 2^62: the Montgomery product (REDC as in the CPU's
// ZpMontgomery). With m = lo p^-1 mod 2^64, m p has the low word lo, so a b - m p is exactly
// (hi - high(m p)) 2^64, and hi - high(m p) lies in (-p, p).
__device__ __forceinline__ u64 mont_mul(u64 a, u64 b, u64 p, u64 pinv) {
    const u64 lo = a * b;
    const u64 hi = __umul64hi(a, b);
    const u64 mp = __umul64hi(lo * pinv, p);
    return hi >= mp ? hi - mp : hi - mp + p;
}

__device__ __forceinline__ u64 add_mod(u64 a, u64 b, u64 p) {
    u64 s = a + b;
    return s >= p ? s - p : s;
}

__device__ __forceinline__ u64 sub_mod(u64 a, u64 b, u64 p) {
    return a >= b ? a - b : a + p - b;
}

// Global address of element j of the group with offset index g, for a pass whose first stage
// has blocks of n >> s elements and whose groups have 2^m elements `stride` apart.
__device__ __forceinline__ long long group_address(long long g, int j, int log2stride,
                                                   int log2block) {
    const long long stride = 1LL << log2stride;
    return ((g >> log2stride) << log2block) + (g & (stride - 1)) + (long long) j * stride;
}

// Shared-memory slot of (group gl, element j) and the mapping of a linear load index L to it:
// consecutive threads walk consecutive groups when groups are at least `cols` apart, and
// consecutive elements of one group when the group is contiguous (stride 1).
__device__ __forceinline__ void split_load_index(int L, int m, int cols, long long stride,
                                                 int* gl, int* j) {
    if (stride >= cols) {
        *gl = L % cols;
        *j = L / cols;
    } else {
        *j = L & ((1 << m) - 1);
        *gl = L >> m;
    }
}

// m DIF stages s .. s+m-1 on every row. grid = (groups / cols, rows), dynamic shared memory
// cols << m words.
extern "C" __global__ void ntt_dif_pass(u64* data, const u64* tw, u64 p, u64 pinv,
                                        int log2n, int s, int m, int cols) {
    extern __shared__ u64 sh[];
    const int row = blockIdx.y;
    const u64* t = tw;
    const long long n = 1LL << log2n;
    u64* x = data + (long long) row * n;
    const int log2stride = log2n - s - m;
    const long long stride = 1LL << log2stride;
    const long long g0 = (long long) blockIdx.x * cols;
    const int words = cols << m;
    for (int L = threadIdx.x; L < words; L += blockDim.x) {
        int gl, j;
        split_load_index(L, m, cols, stride, &gl, &j);
        sh[j * cols + gl] = x[group_address(g0 + gl, j, log2stride, log2n - s)];
    }
    __syncthreads();
    const int pairs = cols << (m - 1);
    for (int u = 0; u < m; u++) {
        const int hj = 1 << (m - 1 - u);
        const long long h = (long long) hj * stride;
        for (int B = threadIdx.x; B < pairs; B += blockDim.x) {
            const int gl = B % cols;
            const int q = B / cols;
            const int jt = q & (hj - 1);
            const int j1 = ((q - jt) << 1) + jt;
            const long long tt = (g0 + gl) & (stride - 1);
            const u64 w = t[h + tt + (long long) jt * stride];
            const u64 a = sh[j1 * cols + gl];
            const u64 b = sh[(j1 + hj) * cols + gl];
            sh[j1 * cols + gl] = add_mod(a, b, p);
            sh[(j1 + hj) * cols + gl] = mont_mul(sub_mod(a, b, p), w, p, pinv);
        }
        __syncthreads();
    }
    for (int L = threadIdx.x; L < words; L += blockDim.x) {
        int gl, j;
        split_load_index(L, m, cols, stride, &gl, &j);
        x[group_address(g0 + gl, j, log2stride, log2n - s)] = sh[j * cols + gl];
    }
}

// The same groups as ntt_dif_pass, with the DIT stages in reverse order (inverse twiddles).
extern "C" __global__ void ntt_dit_pass(u64* data, const u64* tw, u64 p, u64 pinv,
                                        int log2n, int s, int m, int cols) {
    extern __shared__ u64 sh[];
    const int row = blockIdx.y;
    const u64* t = tw;
    const long long n = 1LL << log2n;
    u64* x = data + (long long) row * n;
    const int log2stride = log2n - s - m;
    const long long stride = 1LL << log2stride;
    const long long g0 = (long long) blockIdx.x * cols;
    const int words = cols << m;
    for (int L = threadIdx.x; L < words; L += blockDim.x) {
        int gl, j;
        split_load_index(L, m, cols, stride, &gl, &j);
        sh[j * cols + gl] = x[group_address(g0 + gl, j, log2stride, log2n - s)];
    }
    __syncthreads();
    const int pairs = cols << (m - 1);
    for (int u = m - 1; u >= 0; u--) {
        const int hj = 1 << (m - 1 - u);
        const long long h = (long long) hj * stride;
        for (int B = threadIdx.x; B < pairs; B += blockDim.x) {
            const int gl = B % cols;
            const int q = B / cols;
            const int jt = q & (hj - 1);
            const int j1 = ((q - jt) << 1) + jt;
            const long long tt = (g0 + gl) & (stride - 1);
            const u64 w = t[h + tt + (long long) jt * stride];
            const u64 a = sh[j1 * cols + gl];
            const u64 b = mont_mul(sh[(j1 + hj) * cols + gl], w, p, pinv);
            sh[j1 * cols + gl] = add_mod(a, b, p);
            sh[(j1 + hj) * cols + gl] = sub_mod(a, b, p);
        }
        __syncthreads();
    }
    for (int L = threadIdx.x; L < words; L += blockDim.x) {
        int gl, j;
        split_load_index(L, m, cols, stride, &gl, &j);
        x[group_address(g0 + gl, j, log2stride, log2n - s)] = sh[j * cols + gl];
    }
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
