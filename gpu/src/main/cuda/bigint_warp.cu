// Batched full products of fixed-size unsigned big integers with each instance's operands in
// REGISTERS across TPI lanes of a warp (issue 15: the sizes 2^11 .. 2^14 bits, where the
// in-block FFT and the shared-memory schoolbook of bigint.cu trail CGBN's register kernels).
// The row-by-row ("operand scanning") schoolbook on 32-bit limbs with PTX carry chains: for each
// limb b_j of b, broadcast to the instance's lanes by a shuffle, every lane multiply-accumulates
// its slice of a into its slice of a running sum, the sum's lowest limb leaves the window (it is
// limb j of the product) and the window moves one limb down by a rotation of one word between
// neighbouring lanes; a ballot-based carry resolution at the end normalizes the high half. The
// row loop is that of CGBN's mul_wide (../shared/anchors/cgbn, core_mul_imad.cu); here the limb
// leaving the window comes round to the instance's top lane by the same rotation that moves the
// window (one shuffle a row, where CGBN spends two), and the top lane keeps the limbs of a block
// of rows in registers and writes them out itself.
//
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT
// ----------------------------------------------------------------------------------------------
// Data, as bigint.cu's: instance i of an operand x with stride s (64-bit limbs, s >= M) is the
// little-endian M-limb unsigned integer x[i s .. i s + M - 1]; limbs between M and s are neither
// read nor written. C must not overlap A or B (A and B may be the same buffer: a square).
//
// bw_mul_tTPI_lL(a, strideA, b, strideB, c, strideC, M, outLen, count)
//     TPI in {4, 8, 16, 32} lanes per instance, L in {8, 16, 32} 32-bit limbs per lane (an even
//     number); n = 2 M 32-bit limbs per operand, and n <= TPI L (M <= TPI L / 2). Writes the low
//     outLen limbs of a_i b_i to c_i: outLen = 2 M (the full product, strideC >= 2 M) or
//     outLen = M (the low half, strideC >= M); any 1 <= outLen <= 2 M is correct.
//     Launch: blockDim.x a multiple of 32 up to 256, gridDim.x = ceil(count TPI / blockDim.x)
//     (instance i takes the global threads i TPI .. i TPI + TPI - 1; 32 / TPI instances a warp;
//     lanes past count idle). No shared memory. count >= 1; 64-bit indices.
// All arguments are trusted: the host (batched.GpuWarpProduct) validates them.
//
// ----------------------------------------------------------------------------------------------
// ALGORITHM AND EXACTNESS
// ----------------------------------------------------------------------------------------------
// Lane t (0 <= t < TPI) of an instance holds a_t[k] = limb tL + k of a and b_t[k] = limb tL + k
// of b (32-bit limbs, zero at and above n), and the window: words h_t[0 .. L-1] and a carry word
// c_t. The window's value is
//     W = sum_t (H_t + c_t 2^(32L)) 2^(32 tL),   H_t = sum_k h_t[k] 2^(32k),
// so c_t has the weight of lane t+1's h[0]. Initially W = 0. Rows j = 0 .. R-1, R = ceil(n/L) L
// (rows j >= n have b_j = 0), in blocks r of L rows (b_j = b_r[j - rL], broadcast from lane r):
//   chain 1: h_t[k] += lo(a_t[k] b_j) for k = 0 .. L-1 in one carry chain, its carry-out into c_t.
//   the leaving limb: e_j = h_0[0]; every lane t reads lane t+1's h[0] (mod TPI: a rotation), so
//     lane TPI-1 receives e_j (and keeps it in its register o[j - rL]); the others receive the
//     word x_t = h_(t+1)[0], which moves into their own top word.
//   chain 2 (the shift and the high halves in one chain): h_t[k] = h_t[k+1] + hi(a_t[k] b_j) for
//     k < L-1, h_t[L-1] = c_t + hi(a_t[L-1] b_j), carry-out into the new c_t; then
//     h_t[L-1] += x_t (x_(TPI-1) = 0), carry-out added to c_t.
// After row j, W_new = (W_old + a b_j - e_j') / 2^32 ... precisely: W_old + a b_j (in the old
// weights) = e_j + 2^32 W_new, e_j = (W_old + a b_j) mod 2^32, because every term of weight
// 2^(32 (tL + k)) moved to weight 2^(32 (tL + k - 1)) and the only term of weight 2^0 is lane 0's
// h[0] after chain 1 (carries only move up). By induction, after the rows j < J:
//     sum_(j<J) a b_j 2^(32j) = sum_(j<J) e_j 2^(32j) + 2^(32J) W,
// with 0 <= e_j < 2^32. Every word stays exact:
//   - c_t <= 2 after every row: chain 1 adds at most 1 (c_t <= 3); chain 2's last term
//     c_t + hi + carry-in <= 3 + (2^32 - 2) + 1 = 2^32 + 2 (hi(x y) <= 2^32 - 2 for 32-bit x, y)
//     leaves a carry-out of at most 1 and a word below 2^32, exactly; the last addition adds at
//     most 1 more: c_t <= 2. Every other step is a full-width carry chain (exact by definition).
//   - lane TPI-1's c is 0 and nothing is lost off the top: W < 2^(32 TPI L) always, since
//     W = floor((a * (b mod 2^(32J))) / 2^(32J)) <= a < 2^(32 TPI L) and every term of W is
//     nonnegative, so c_(TPI-1) 2^(32 TPI L) <= W forces c_(TPI-1) = 0.
// So a b = sum_(j<R) e_j 2^(32j) + 2^(32R) W with W < 2^(32 (2n - R)) (a b < 2^(64n) = 2^(32 2n)):
// the product's limbs below R are the e_j, and those from R up are W's normalized words, at
// 32-bit positions R + tL + k (R >= n, so W fits the window: 2n - R <= n <= TPI L).
// Carry resolution of W: S_t = H_t + c_(t-1) (c_(-1) = 0) by a carry chain, S_t = H'_t + g_t 2^(32L)
// with g_t in {0, 1} (c <= 2); then W = sum_t H'_t 2^(32tL) + sum_t g_t 2^(32(t+1)L), one-bit
// carries. With p_t = (H'_t is all ones) (g_t = 1 implies H'_t <= 1, so g_t p_t = 0), the carry
// into lane t is cin_t = g_(t-1) | (p_(t-1) & cin_(t-1)); over the segment's bits (ballots shifted
// to the instance's first lane), with X = G << 1 the binary sum X + P carries exactly through the
// runs of ones of P, so cin = (X + P) ^ P bit by bit (X_t and the sum's carry into t exclude each
// other, because a propagating lane t-1 has g_(t-1) = 0). Adding cin_t to H'_t gives the
// normalized words; the carry out of the top lane is 0 (the product fits 2n limbs). Every limb is
// exact; the harness (src/test/cuda/warp_harness.cu) checks every limb against a CPU schoolbook.
//
// Cost: n rows of 2 L multiply-adds (lo and hi) per lane, R (TPI) L = n TPI L >= n^2 32-bit
// products an instance (n^2 when n = TPI L), 1 + 1 shuffles a row, L/2 stores a block of L rows
// by the top lane, and the loads and stores of the instance's 4n words once (no shared memory).

typedef unsigned long long u64;
typedef unsigned int u32;

#define BW_FULL 0xffffffffu

__device__ __forceinline__ u32 bw_madlo_cc(u32 a, u32 b, u32 c) {
    u32 r;
    asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ u32 bw_madclo_cc(u32 a, u32 b, u32 c) {
    u32 r;
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ u32 bw_madhi_cc(u32 a, u32 b, u32 c) {
    u32 r;
    asm volatile("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ u32 bw_madchi_cc(u32 a, u32 b, u32 c) {
    u32 r;
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ u32 bw_add_cc(u32 a, u32 b) {
    u32 r;
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
__device__ __forceinline__ u32 bw_addc_cc(u32 a, u32 b) {
    u32 r;
    asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
__device__ __forceinline__ u32 bw_addc(u32 a, u32 b) {
    u32 r;
    asm volatile("addc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

template <int TPI, int L>
__device__ __forceinline__ void bw_mul(const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,
                                       long long strideB, u64* __restrict__ c, long long strideC, int M, int outLen,
                                       long long count) {
    static_assert(TPI == 4 || TPI == 8 || TPI == 16 || TPI == 32, "TPI");
    static_assert(L % 2 == 0 && L >= 4, "L");
    const long long gt = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (((gt & ~31ll) / TPI) >= count) {
        return; // the whole warp is past the last instance (uniform)
    }
    const long long inst = gt / TPI;
    const int tl = (int) (gt & (TPI - 1));
    const bool valid = inst < count;
    const bool top = tl == TPI - 1;
    const int n = 2 * M;
    const int nb = (n + L - 1) / L; // blocks of L rows; nb <= TPI

    u32 av[L], bv[L], h[L], o[L];
    {
        const u64* pa = a + inst * strideA;
        const u64* pb = b + inst * strideB;
#pragma unroll
        for (int i = 0; i < L / 2; i++) {
            const int j = tl * (L / 2) + i;
            u64 x = 0, y = 0;
            if (valid && j < M) {
                x = __ldg(pa + j);
                y = __ldg(pb + j);
            }
            av[2 * i] = (u32) x;
            av[2 * i + 1] = (u32) (x >> 32);
            bv[2 * i] = (u32) y;
            bv[2 * i + 1] = (u32) (y >> 32);
        }
    }
#pragma unroll
    for (int k = 0; k < L; k++) {
        h[k] = 0;
    }
    u32 carry = 0;
    u64* pc = c + inst * strideC;

#pragma unroll 1
    for (int r = 0; r < nb; r++) {
#pragma unroll
        for (int l = 0; l < L; l++) {
            const u32 bj = __shfl_sync(BW_FULL, bv[l], r, TPI);
            h[0] = bw_madlo_cc(av[0], bj, h[0]);
#pragma unroll
            for (int k = 1; k < L; k++) {
                h[k] = bw_madclo_cc(av[k], bj, h[k]);
            }
            carry = bw_addc(carry, 0);
            u32 x = __shfl_sync(BW_FULL, h[0], tl + 1, TPI); // the rotation: lane TPI-1 gets e_j
            o[l] = x;
            x = top ? 0u : x;
            h[0] = bw_madhi_cc(av[0], bj, h[1]);
#pragma unroll
            for (int k = 1; k < L - 1; k++) {
                h[k] = bw_madchi_cc(av[k], bj, h[k + 1]);
            }
            h[L - 1] = bw_madchi_cc(av[L - 1], bj, carry);
            carry = bw_addc(0, 0);
            h[L - 1] = bw_add_cc(h[L - 1], x);
            carry = bw_addc(carry, 0);
        }
        if (top && valid) { // limbs rL .. rL + L - 1 of the product
#pragma unroll
            for (int i = 0; i < L / 2; i++) {
                const int j = r * (L / 2) + i;
                if (j < outLen) {
                    pc[j] = (u64) o[2 * i] | ((u64) o[2 * i + 1] << 32);
                }
            }
        }
    }

    const int R = nb * L; // 32-bit limbs written so far (R >= n >= outLen 32-bit limbs of a low half)
    if (outLen * 2 <= R) {
        return; // uniform: the rest of the window is above outLen
    }
    // carry resolution of the window (header): S_t = H_t + c_(t-1)
    u32 cin = __shfl_up_sync(BW_FULL, carry, 1, TPI);
    cin = tl == 0 ? 0u : cin;
    h[0] = bw_add_cc(h[0], cin);
#pragma unroll
    for (int k = 1; k < L; k++) {
        h[k] = bw_addc_cc(h[k], 0);
    }
    const u32 g = bw_addc(0, 0);
    u32 all = h[0];
#pragma unroll
    for (int k = 1; k < L; k++) {
        all &= h[k];
    }
    const u32 p = all == 0xffffffffu ? 1u : 0u;
    const u32 G = __ballot_sync(BW_FULL, g);
    const u32 P = __ballot_sync(BW_FULL, p);
    const int base = (int) (threadIdx.x & 31) & ~(TPI - 1);
    const u32 mask = TPI == 32 ? 0xffffffffu : ((1u << TPI) - 1u);
    const u32 Gs = (G >> base) & mask;
    const u32 Ps = (P >> base) & mask;
    const u32 X = (Gs << 1) & mask;
    const u32 ci = (((X + Ps) ^ Ps) >> tl) & 1u;
    h[0] = bw_add_cc(h[0], ci);
#pragma unroll
    for (int k = 1; k < L; k++) {
        h[k] = bw_addc_cc(h[k], 0);
    }
    (void) bw_addc(0, 0); // the top carry-out is 0 (header); closes the chain
    if (valid) {
#pragma unroll
        for (int i = 0; i < L / 2; i++) {
            const int j = (R + tl * L) / 2 + i;
            if (j < outLen) {
                pc[j] = (u64) h[2 * i] | ((u64) h[2 * i + 1] << 32);
            }
        }
    }
}

#define BW_KERNEL(TPI, L)                                                                                          \
    extern "C" __global__ void __launch_bounds__(256) bw_mul_t##TPI##_l##L(                                       \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b, long long strideB,           \
            u64* __restrict__ c, long long strideC, int M, int outLen, long long count) {                         \
        bw_mul<TPI, L>(a, strideA, b, strideB, c, strideC, M, outLen, count);                                     \
    }

BW_KERNEL(4, 8)
BW_KERNEL(4, 16)
BW_KERNEL(4, 32)
BW_KERNEL(8, 8)
BW_KERNEL(8, 16)
BW_KERNEL(8, 32)
BW_KERNEL(16, 8)
BW_KERNEL(16, 16)
BW_KERNEL(16, 32)
BW_KERNEL(32, 8)
BW_KERNEL(32, 16)
