// Batched small products of polynomials over Z with large coefficients (modalg gpu layer), after
// P. Emeliyanenko, "Efficient multiplication of polynomials on graphics hardware"
// (../shared/papers/gpu-polynomial-multiplication-ntt-crt.txt): the coefficients reduced modulo
// s word-size primes on the device, one CUDA block per (product, prime) doing the forward
// transforms of both operands, the pointwise product and the inverse transform in shared memory,
// and the CRT (Garner's mixed radix, then the mixed-radix digits into 32-bit words, symmetric
// range) on the device, one thread per product coefficient.
//
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT
// ----------------------------------------------------------------------------------------------
// A group is a set of `count` products c_i = a_i b_i sharing the transform length L = 2^lgL
// (1 <= lgL <= PB_LG_MAX = 13; aLen_i + bLen_i - 1 <= L), the s primes (1 <= s <= PB_MAX_PRIMES),
// the operand widths Wa, Wb (64-bit limbs per coefficient) and the output width Q (32-bit words
// per product coefficient).
//
// Data. A coefficient of operand a is Wa little-endian 64-bit limbs read as a TWO'S COMPLEMENT
// integer of 64 Wa bits (the top bit of limb Wa - 1 is the sign): a_i's coefficient k is at
// A[desc_i.aOff + k Wa .. + Wa); likewise b with Wb. desc is 4 64-bit words per product: aOff,
// bOff (limbs), aLen, bLen (1 .. L, aLen + bLen - 1 <= L).
// Primes: P[j] (j < s), distinct, odd, 2^30 < p < 2^31, 2^lgMax | p - 1 (lgMax = the tables'
// length, lgL <= lgMax <= PB_LG_MAX).
//
// pb_tables(P, roots, s, lgMax, tab)
//     tab: s * 4 * 2^lgMax words: for prime j at tab + j 4 N (N = 2^lgMax): forward twiddles
//     fw[h + t] = w_(2h)^t (h = 1, 2, .., N/2, t < h, w_(2h) = roots[j]^(N / 2h), roots[j] a
//     primitive N-th root of unity mod P[j]), then Shoup's quotients floor(fw 2^32 / p), then the
//     inverse roots' table and its quotients. Any grid; idempotent. Once per (primes, lgMax).
// pb_conv(A, B, desc, P, tab, lgMax, lgL, s, Wa, Wb, res)
//     grid (count, s), blockDim.x a power of two in [32, 1024] and <= max(32, L / 2), dynamic
//     shared memory 2 L 4 bytes (above 48 KiB the host raises the limit). Block (i, j) writes
//     res[(i s + j) L + k] = c_i[k] mod P[j] for k < L (zero past aLen + bLen - 1).
// pb_garner(res, desc, P, ginv, M, H, lgL, s, Q, count, out)
//     one thread per (i, k), k < L: blockDim.x any, gridDim.x = ceil(count L / blockDim.x).
//     ginv: s x s pairs (value, Shoup quotient): ginv[2 (j s + m)] = P[j]^-1 mod P[m] (m > j);
//     M, H: Q words each, the modulus prod P[j] and (M - 1) / 2, with M < 2^(32 Q - 1).
//     out[(i Q + w) L + k] = word w of c_i[k] as a two's complement Q-word integer: the residue
//     vector's representative in (-M/2, M/2). Words k >= aLen + bLen - 1 hold 0.
// pb_garner_rows(res, desc, P, ginv, pref, hdig, Mw, lgL, s, Q, count, out)
//     the same words as pb_garner (launch alike), from prefix products pref (s Q words: P_j =
//     p_0 .. p_(j-1)), H's mixed-radix digits hdig (s words) and M (Q words): no per-step writes to
//     local memory (its comment, at the end of the file). 1.4x to 1.9x faster than pb_garner on an
//     H100 (gpu/BENCHMARKS.md); the Java engine launches it.
// Exactness: the host picks the primes with M > 2 max |c_i[k]| (the CRT basis chooser over the
// bound sum of the operands' bits + log2 min(aLen, bLen)); then the representative is c_i[k].
// All arguments are trusted: the host validates them.
//
// Arithmetic modulo p (p < 2^31 odd, residues strict in [0, p)): x - p for x < 2p as
// min(x, x - p); products by a fixed w by Shoup's method (x w - hi(x floor(w 2^32 / p)) p lies in
// [0, 2p) for any 32-bit x), the pointwise product by Montgomery's (a b 2^-32 for a b < p 2^32),
// whose 2^-32 and the inverse transform's L^-1 are removed at once by a Shoup product with
// L^-1 2^32 mod p. Input words enter by Horner from the top word: r <- r 2^32 + d mod p; a
// negative coefficient subtracts 2^(64 W) mod p.
//
// Transforms: forward decimation in frequency (natural in, bit-reversed out), inverse decimation
// in time (bit-reversed in, natural out), radix 2, one barrier per stage; the pointwise product
// runs in bit-reversed order (no permutation).
//
// CRT: Garner's chained digits v_j = r_j, then for m > j: r_m <- (r_m - v_j) p_j^-1 mod p_m
// (s (s - 1) / 2 Shoup products, the constants read by every thread of a warp at once), then
// X = v_0 + p_0 (v_1 + p_1 (v_2 + ...)) by Horner in 32-bit words (s^2 / 2 word products), and
// X - M when X > H. The digits and X live in the thread's local memory (PB_MAX_PRIMES words each).
// ----------------------------------------------------------------------------------------------

typedef unsigned long long pb_u64;
typedef unsigned int pb_u32;

#define PB_LG_MAX 13
#define PB_MAX_PRIMES 256

__host__ __device__ __forceinline__ pb_u32 pb_mulhi(pb_u32 a, pb_u32 b) {
#ifdef __CUDA_ARCH__
    return __umulhi(a, b);
#else
    return (pb_u32) (((pb_u64) a * b) >> 32);
#endif
}

__host__ __device__ __forceinline__ pb_u32 pb_csub(pb_u32 x, pb_u32 p) {
    pb_u32 y = x - p;
    return y < x ? y : x; // x < 2p, p < 2^31: x - p wraps above x exactly when x < p
}

// x w mod p in [0, p) for any 32-bit x, w < p, wq = floor(w 2^32 / p).
__host__ __device__ __forceinline__ pb_u32 pb_shoup(pb_u32 x, pb_u32 w, pb_u32 wq, pb_u32 p) {
    return pb_csub(x * w - pb_mulhi(x, wq) * p, p);
}

// a b 2^-32 mod p in [0, p) for a, b < p (pinv = p^-1 mod 2^32).
__host__ __device__ __forceinline__ pb_u32 pb_mont(pb_u32 a, pb_u32 b, pb_u32 p, pb_u32 pinv) {
    const pb_u64 t = (pb_u64) a * b;
    const pb_u32 m = (pb_u32) t * pinv;
    return pb_csub((pb_u32) (t >> 32) - pb_mulhi(m, p) + p, p);
}

__host__ __device__ __forceinline__ pb_u32 pb_quot(pb_u32 w, pb_u32 p) {
    return (pb_u32) (((pb_u64) w << 32) / p);
}

__host__ __device__ inline pb_u32 pb_pow(pb_u32 x, pb_u64 e, pb_u32 p) {
    pb_u64 r = 1, b = x % p;
    while (e) {
        if (e & 1) r = r * b % p;
        b = b * b % p;
        e >>= 1;
    }
    return (pb_u32) r;
}

extern "C" __global__ void pb_tables(const pb_u32* __restrict__ P, const pb_u32* __restrict__ roots, int s,
        int lgMax, pb_u32* __restrict__ tab) {
    const int N = 1 << lgMax;
    const long long total = (long long) s * N;
    for (long long x = (long long) blockIdx.x * blockDim.x + threadIdx.x; x < total;
            x += (long long) gridDim.x * blockDim.x) {
        const int j = (int) (x >> lgMax);
        const int idx = (int) (x & (N - 1));
        pb_u32* t = tab + (size_t) j * 4 * N;
        const pb_u32 p = P[j];
        if (idx == 0) {
            t[0] = t[N] = t[2 * N] = t[3 * N] = 0; // unused slot
            continue;
        }
        int h = 1;
        while (2 * h <= idx) h <<= 1; // idx = h + k, k < h
        const pb_u64 e = (pb_u64) (N / (2 * h)) * (idx - h);
        const pb_u32 w = pb_pow(roots[j], e, p);
        const pb_u32 wi = pb_pow(roots[j], (N - e) % N, p);
        t[idx] = w;
        t[N + idx] = pb_quot(w, p);
        t[2 * N + idx] = wi;
        t[3 * N + idx] = pb_quot(wi, p);
    }
}

// Coefficient k of an operand (W limbs, two's complement) modulo p.
__device__ __forceinline__ pb_u32 pb_reduce_coeff(const pb_u64* __restrict__ x, int W, pb_u32 p, pb_u32 c32,
        pb_u32 c32q, pb_u32 v1, pb_u32 cW) {
    pb_u32 r = 0;
    pb_u64 top = 0;
    for (int l = W - 1; l >= 0; l--) {
        const pb_u64 limb = __ldg(x + l);
        if (l == W - 1) top = limb;
        const pb_u32 hi = (pb_u32) (limb >> 32), lo = (pb_u32) limb;
        r = pb_csub(pb_shoup(r, c32, c32q, p) + pb_shoup(hi, 1u, v1, p), p);
        r = pb_csub(pb_shoup(r, c32, c32q, p) + pb_shoup(lo, 1u, v1, p), p);
    }
    if (top >> 63) r = pb_csub(r + p - cW, p);
    return r;
}

// 2^(64 W) mod p by Horner over 2 W zero words after a one.
__device__ __forceinline__ pb_u32 pb_two_pow_words(int W, pb_u32 p, pb_u32 c32, pb_u32 c32q) {
    pb_u32 r = 1;
    for (int l = 0; l < 2 * W; l++) r = pb_shoup(r, c32, c32q, p);
    return r;
}

// Forward DIF on U (L words, natural in, bit-reversed out), one barrier per stage.
__device__ __forceinline__ void pb_dif(pb_u32* U, int lgL, const pb_u32* __restrict__ fw, const pb_u32* __restrict__ fq,
        pb_u32 p) {
    const int L = 1 << lgL, half = L >> 1;
    for (int h = half; h >= 1; h >>= 1) {
        for (int b = threadIdx.x; b < half; b += blockDim.x) {
            const int t = b & (h - 1);
            const int i = ((b - t) << 1) + t;
            const pb_u32 x = U[i], y = U[i + h];
            U[i] = pb_csub(x + y, p);
            U[i + h] = pb_shoup(x - y + p, __ldg(fw + h + t), __ldg(fq + h + t), p);
        }
        __syncthreads();
    }
}

// Inverse DIT on U (bit-reversed in, natural out, times L).
__device__ __forceinline__ void pb_dit(pb_u32* U, int lgL, const pb_u32* __restrict__ iw, const pb_u32* __restrict__ iq,
        pb_u32 p) {
    const int L = 1 << lgL, half = L >> 1;
    for (int h = 1; h <= half; h <<= 1) {
        for (int b = threadIdx.x; b < half; b += blockDim.x) {
            const int t = b & (h - 1);
            const int i = ((b - t) << 1) + t;
            const pb_u32 x = U[i], y = pb_shoup(U[i + h], __ldg(iw + h + t), __ldg(iq + h + t), p);
            U[i] = pb_csub(x + y, p);
            U[i + h] = pb_csub(x - y + p, p);
        }
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(1024) pb_conv(const pb_u64* __restrict__ A, const pb_u64* __restrict__ B,
        const long long* __restrict__ desc, const pb_u32* __restrict__ P, const pb_u32* __restrict__ tab, int lgMax,
        int lgL, int s, int Wa, int Wb, pb_u32* __restrict__ res) {
    extern __shared__ pb_u32 pb_sh[];
    const int L = 1 << lgL, N = 1 << lgMax;
    const long long i = blockIdx.x;
    const int j = blockIdx.y;
    pb_u32* U = pb_sh;
    pb_u32* V = pb_sh + L;
    const pb_u32 p = P[j];
    const pb_u32 c32 = (pb_u32) ((1ull << 32) % p), c32q = pb_quot(c32, p);
    const pb_u32 v1 = pb_quot(1u, p);
    const long long aOff = desc[4 * i], bOff = desc[4 * i + 1];
    const int aLen = (int) desc[4 * i + 2], bLen = (int) desc[4 * i + 3];
    const pb_u32 cWa = pb_two_pow_words(Wa, p, c32, c32q);
    const pb_u32 cWb = Wb == Wa ? cWa : pb_two_pow_words(Wb, p, c32, c32q);
    for (int k = threadIdx.x; k < L; k += blockDim.x) {
        U[k] = k < aLen ? pb_reduce_coeff(A + aOff + (long long) k * Wa, Wa, p, c32, c32q, v1, cWa) : 0u;
        V[k] = k < bLen ? pb_reduce_coeff(B + bOff + (long long) k * Wb, Wb, p, c32, c32q, v1, cWb) : 0u;
    }
    __syncthreads();
    const pb_u32* t = tab + (size_t) j * 4 * N;
    // the tables are those of N points: the stage of span h at length L reads the same entries
    // (w_(2h) does not depend on L), so one table serves every L <= N
    pb_dif(U, lgL, t, t + N, p);
    pb_dif(V, lgL, t, t + N, p);
    pb_u32 pinv = p; // Newton: p^-1 mod 2^32
    for (int it = 0; it < 4; it++) pinv *= 2u - p * pinv;
    for (int k = threadIdx.x; k < L; k += blockDim.x) U[k] = pb_mont(U[k], V[k], p, pinv);
    __syncthreads();
    pb_dit(U, lgL, t + 2 * N, t + 3 * N, p);
    const pb_u32 linv = p - (p - 1) / (pb_u32) L; // L | p - 1: L ((p - 1) / L) = -1
    const pb_u32 f = (pb_u32) (((pb_u64) linv << 32) % p), fq = pb_quot(f, p);
    const int outLen = aLen + bLen - 1;
    pb_u32* r = res + ((size_t) i * s + j) * L;
    for (int k = threadIdx.x; k < L; k += blockDim.x) r[k] = k < outLen ? pb_shoup(U[k], f, fq, p) : 0u;
}

extern "C" __global__ void __launch_bounds__(256) pb_garner(const pb_u32* __restrict__ res,
        const long long* __restrict__ desc, const pb_u32* __restrict__ P, const pb_u32* __restrict__ ginv,
        const pb_u32* __restrict__ M, const pb_u32* __restrict__ H, int lgL, int s, int Q, long long count,
        pb_u32* __restrict__ out) {
    const int L = 1 << lgL;
    const long long x = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= count * L) return;
    const long long i = x >> lgL;
    const int k = (int) (x & (L - 1));
    pb_u32* o = out + (size_t) i * Q * L + k;
    const int outLen = (int) (desc[4 * i + 2] + desc[4 * i + 3] - 1);
    if (k >= outLen) {
        for (int w = 0; w < Q; w++) o[(size_t) w * L] = 0u;
        return;
    }
    pb_u32 v[PB_MAX_PRIMES];
    pb_u32 X[PB_MAX_PRIMES + 1];
    const pb_u32* r = res + (size_t) i * s * L + k;
    for (int j = 0; j < s; j++) v[j] = r[(size_t) j * L];
    for (int j = 0; j < s; j++) {
        const pb_u32 vj = v[j];
        const pb_u32* g = ginv + 2 * (size_t) j * s;
        for (int m = j + 1; m < s; m++) {
            const pb_u32 pm = __ldg(P + m);
            const pb_u32 d = pb_csub(v[m] + pm - pb_csub(vj, pm), pm);
            v[m] = pb_shoup(d, __ldg(g + 2 * m), __ldg(g + 2 * m + 1), pm);
        }
    }
    int n = 1;
    X[0] = v[s - 1];
    for (int j = s - 2; j >= 0; j--) {
        const pb_u32 pj = __ldg(P + j);
        pb_u64 carry = v[j];
        for (int w = 0; w < n; w++) {
            const pb_u64 t = (pb_u64) X[w] * pj + carry;
            X[w] = (pb_u32) t;
            carry = t >> 32;
        }
        if (carry) X[n++] = (pb_u32) carry;
    }
    for (int w = n; w < Q; w++) X[w] = 0u;
    // X > H (compare from the top word): X - M, two's complement in Q words
    int gt = 0;
    for (int w = Q - 1; w >= 0; w--) {
        const pb_u32 h = __ldg(H + w);
        if (X[w] != h) {
            gt = X[w] > h;
            break;
        }
    }
    if (gt) {
        pb_u64 borrow = 0;
        for (int w = 0; w < Q; w++) {
            const pb_u64 t = (pb_u64) X[w] - __ldg(M + w) - borrow;
            X[w] = (pb_u32) t;
            borrow = (t >> 32) & 1;
        }
    }
    for (int w = 0; w < Q; w++) o[(size_t) w * L] = X[w];
}

// pb_garner_rows(res, desc, P, ginv, pref, hdig, Mw, lgL, s, Q, count, out): pb_garner's result
// (the same words) with the digits in the thread's local memory only, read, never written back
// per step: Garner's digits in the pulled form v_m = (..((r_m - v_0) p_0^-1 - v_1) p_1^-1 ..)
// p_(m-1)^-1 mod p_m (the running value in a register); the sign from the digits (the mixed
// radix is order-preserving: X > H iff (v_(s-1), .., v_0) > H's digits hdig lexicographically);
// then each output word w of X = sum_j v_j P_j (P_j = p_0 .. p_(j-1), pref[j Q + w] its words) or
// of X - M = X + ~M + 1, summed over j in a 72-bit register accumulator with the carry of word
// w - 1, and written at once. pref: s Q words; hdig: s words; Mw: Q words. Launch as pb_garner.
extern "C" __global__ void __launch_bounds__(256) pb_garner_rows(const pb_u32* __restrict__ res,
        const long long* __restrict__ desc, const pb_u32* __restrict__ P, const pb_u32* __restrict__ ginv,
        const pb_u32* __restrict__ pref, const pb_u32* __restrict__ hdig, const pb_u32* __restrict__ Mw, int lgL,
        int s, int Q, long long count, pb_u32* __restrict__ out) {
    const int L = 1 << lgL;
    const long long x = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= count * L) return;
    const long long i = x >> lgL;
    const int k = (int) (x & (L - 1));
    pb_u32* o = out + (size_t) i * Q * L + k;
    const int outLen = (int) (desc[4 * i + 2] + desc[4 * i + 3] - 1);
    if (k >= outLen) {
        for (int w = 0; w < Q; w++) o[(size_t) w * L] = 0u;
        return;
    }
    pb_u32 v[PB_MAX_PRIMES];
    const pb_u32* r = res + (size_t) i * s * L + k;
    v[0] = r[0];
    for (int m = 1; m < s; m++) {
        const pb_u32 pm = __ldg(P + m);
        pb_u32 acc = r[(size_t) m * L];
        for (int j = 0; j < m; j++) {
            const pb_u32* g = ginv + 2 * ((size_t) j * s + m);
            const pb_u32 d = pb_csub(acc + pm - pb_csub(v[j], pm), pm);
            acc = pb_shoup(d, __ldg(g), __ldg(g + 1), pm);
        }
        v[m] = acc;
    }
    int neg = 0;
    for (int j = s - 1; j >= 0; j--) {
        const pb_u32 h = __ldg(hdig + j);
        if (v[j] != h) {
            neg = v[j] > h;
            break;
        }
    }
    pb_u64 carry = neg;
    for (int w = 0; w < Q; w++) {
        pb_u64 lo = carry;
        pb_u32 hi = 0;
        for (int j = min(s - 1, (32 * w) / 31); j < s; j++) { // P_j < 2^(31 j): word w is 0 for 31 j <= 32 w
            const pb_u64 t = (pb_u64) v[j] * __ldg(pref + (size_t) j * Q + w);
            lo += t;
            hi += lo < t;
        }
        if (neg) {
            const pb_u64 t = (pb_u64) (~__ldg(Mw + w));
            lo += t;
            hi += lo < t;
        }
        o[(size_t) w * L] = (pb_u32) lo;
        carry = (lo >> 32) | ((pb_u64) hi << 32);
    }
}
