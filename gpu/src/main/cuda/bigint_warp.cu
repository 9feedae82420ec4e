// Batched full products of fixed-size unsigned big integers with each instance's operands in
// REGISTERS across TPI lanes of a warp (issue 15: 2^11 .. 2^14 bits, where the in-block FFT
// product of fpbatch.cu and the shared-memory schoolbook of bigint.cu trailed CGBN). The
// row-by-row ("operand scanning") schoolbook on 32-bit limbs with PTX carry chains: the limbs of
// b are broadcast to the instance's lanes by shuffles, two at a time; every lane multiply-
// accumulates its slice of a into its slice of a running window; the window's two lowest limbs
// leave it (they are two limbs of the product) and the window moves two limbs down, partly inside
// the carry chains and partly by a rotation of two words between neighbouring lanes; a
// ballot-based carry resolution at the end normalizes the high half. The step of two rows is that
// of CGBN's mul_wide for sm_70 and later (../shared/anchors/cgbn, core_mul_wmad.cu): the low and
// high halves of each 32 x 32-bit product go to ADJACENT words of one chain, so that ptxas fuses
// them into one wide multiply-add (IMAD.WIDE.U32.X: one instruction a product, where the one-row
// chains below take four). Here the two leaving limbs come round to the instance's top lane by the
// same rotation that moves the window (two shuffles a step, where CGBN spends four), and the top
// lane stores them at once.
//
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT
// ----------------------------------------------------------------------------------------------
// Data, as bigint.cu's: instance i of an operand x with stride s (64-bit limbs, s >= M) is the
// little-endian M-limb unsigned integer x[i s .. i s + M - 1]; limbs between M and s are neither
// read nor written. C must not overlap A or B (A and B may be the same buffer: a square).
//
// bw_mul_tTPI_lL(a, strideA, b, strideB, c, strideC, M, outLen, count)
//     (TPI, L) in {(4, 16), (8, 16), (8, 32), (16, 32)} in the module (the harness builds every
//     TPI in {4, 8, 16, 32} with L in {8, 16, 32}): TPI lanes per instance, L 32-bit limbs per
//     lane; n = 2 M 32-bit limbs per operand, and n <= TPI L (M <= TPI L / 2). Writes the low
//     outLen limbs of a_i b_i to c_i: outLen = 2 M (the full product, strideC >= 2 M) or
//     outLen = M (the low half, strideC >= M); any 1 <= outLen <= 2 M is correct.
//     Launch: blockDim.x a multiple of 32 up to 256, gridDim.x = ceil(count TPI / blockDim.x)
//     (instance i takes the global threads i TPI .. i TPI + TPI - 1; 32 / TPI instances a warp;
//     lanes past count idle). No shared memory (the harness's variant 0 takes blockDim.x L 8
//     bytes of dynamic shared memory). count >= 1; 64-bit indices.
// All arguments are trusted: the host (batched.GpuWarpProduct) validates them.
//
// ----------------------------------------------------------------------------------------------
// ALGORITHM AND EXACTNESS (the shipped step of two rows)
// ----------------------------------------------------------------------------------------------
// Lane t (0 <= t < TPI) of an instance holds a_t[k] = limb tL + k of a and b_t[k] = limb tL + k
// of b (32-bit limbs, zero at and above n). Positions below are lane-relative, in 32-bit words:
// lane t's position p has weight 2^(32 (tL + p)) in the current window. Lane t holds
//     ra[0 .. L] at positions 0 .. L, ru[0 .. L-1] at positions 1 .. L, w at position 0,
// and the window W is the sum of every lane's words at their weights. Initially all are 0.
// Steps m = 0 .. R/2 - 1, R = ceil(n / L) L (even; rows j >= n have b_j = 0): with s = b_(2m)
// (weight 2^0) and u = b_(2m+1) (weight 2^32), broadcast from lane floor(2m / L), the step adds
// a (s + 2^32 u) to W in four carry chains, each exact (every carry-out kept or proven zero):
//   chain 1: a_i s for even i at positions i, i+1 into ra[i], ra[i+1]; carry-out into ra[L]
//     (ra[L] <= 1 before, so <= 2 after: no overflow).
//   chain 2: t0 = ra[0] + w (position 0 complete: nothing else has position 0), carry on into
//     a_i s for odd i at positions i, i+1 = ru[i-1], ru[i]. Its last word is ru[L-1] + hi + carry
//     with ru[L-1] = 0 (set by chain 3 of the step before, or initially), <= 2^32 - 2 + 1: no
//     carry leaves the chain.
//   chain 3: a_i u for even i at positions i+1, i+2: t1 = ru[0] + lo(a_0 u) (position 1),
//     w' = ru[1] + hi(a_0 u) + carry (position 2), then ru'[i] = ru[i+2] + lo(a_(i+2) u) ...
//     (positions i+3, i+4, i.e. i+1, i+2 after the move down by two); carry-out into ru'[L-2]
//     (position L+1, L-1 after the move), ru'[L-1] = 0.
//   chain 4: t1 += ra[1] (position 1 complete: ra[1], ru[0], lo(a_0 u)), carry on into a_i u for
//     odd i at positions i+1, i+2: ra'[i-1] = ra[i+1] + lo(a_i u), ra'[i] = ra[i+2] + hi(a_i u)
//     (moved down by two), ending with ra'[L-2] = ra[L] + lo + carry and ra'[L-1] = 0 + hi(a_(L-1)
//     u) + carry <= 2^32 - 1: no carry leaves the chain (ra[L+1], never written, is 0).
//   the rotation: t0, t1 (lane t's positions 0, 1) are positions L, L+1 of lane t-1, i.e. L-2,
//     L-1 after the move: every lane t reads lane t+1's (mod TPI), adds them into ra'[L-2],
//     ra'[L-1] with the carry-out as ra'[L] (<= 1); lane TPI-1 reads lane 0's, the window's two
//     lowest limbs e_(2m), e_(2m+1), stores them as limb m of the product and adds nothing.
// So W_old + a (s + 2^32 u) = e_(2m) + 2^32 e_(2m+1) + 2^64 W_new, and by induction, after the
// rows j < J (J even), sum_(j<J) a b_j 2^(32j) = sum_(j<J) e_j 2^(32j) + 2^(32J) W with
// 0 <= e_j < 2^32. Nothing is lost off the top lane: W_new = floor((W_old + a (s + 2^32 u)) /
// 2^64) < (2^(32 TPI L) + 2^(32 TPI L) (2^64 - 1)) / 2^64 = 2^(32 TPI L) by induction, every word
// is nonnegative, so every word of weight 2^(32 TPI L) or more (lane TPI-1's ra[L], what lane
// TPI-1 would receive) is 0 where the kernel drops it. After the last step a b =
// sum_(j<R) e_j 2^(32j) + 2^(32R) W, W < 2^(32 (2n - R)) (a b < 2^(32 2n)): the product's limbs
// below R are the e_j, those from R up W's normalized words at positions R + tL + k (R >= n, so
// W fits the window: 2n - R <= n <= TPI L).
// Normalization: lane t's H_t = ra[0..L-1] + w + (ru one word up) by one carry chain, its
// carry-out plus ra[L] and ru[L-1] = 0 as the lane's carry c_t <= 2 at position L; S_t = H_t +
// c_(t-1) (c_(-1) = 0) = H'_t + g_t 2^(32L), g_t in {0, 1}. Then W = sum_t H'_t 2^(32tL) +
// sum_t g_t 2^(32(t+1)L), one-bit carries. With p_t = (H'_t is all ones) (g_t = 1 implies
// H'_t <= 2, so g_t p_t = 0), the carry into lane t is cin_t = g_(t-1) | (p_(t-1) & cin_(t-1));
// over the segment's bits (ballots shifted to the instance's first lane), with X = G << 1 the
// binary sum X + P carries exactly through the runs of ones of P, so cin = (X + P) ^ P bit by bit
// (X_t and the sum's carry into t exclude each other: a propagating lane t-1 has g_(t-1) = 0).
// Adding cin_t to H'_t gives the normalized words; the top lane's carry-out is 0 (a b < 2^(64n)).
// Every limb is exact; src/test/cuda/warp_harness.cu checks every limb of every variant against a
// CPU schoolbook (sizes 1 .. 256 limbs, 14 input patterns, padded strides, squares, low halves).
//
// The harness's comparison variant with one row a step (PAIRS = false, bw_mul1_ there): for each
// b_j, h[k] += lo(a_k b_j) in one chain (carry-out into c, c <= 3), the lowest word leaves by the
// rotation, h[k] = h[k+1] + hi(a_k b_j) in a second chain with h[L-1] = c + hi + carry <= 3 +
// (2^32 - 2) + 1 (carry-out into the new c), then h[L-1] += the word from lane t+1 (c <= 2); the
// same invariant and normalization with ra = h, ru = 0, w = 0. Measured 1.45-1.6x slower.
//
// Cost: R / 2 steps of 2 TPI L products of 32-bit limbs per instance, R TPI L >= n^2 (n^2 when
// n = TPI L), about one wide multiply-add each, two broadcasts and two rotations a step; the
// 4n words of the instance read and written once, by each lane its own chunk.

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
__device__ __forceinline__ u32 bw_madchi(u32 a, u32 b, u32 c) {
    u32 r;
    asm volatile("madc.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
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

// V (how the limbs move between registers and global memory; every variant gives the same limbs):
//   0 through the warp's slice of shared memory (coalesced; dynamic shared memory blockDim.x L 8 bytes)
//   1 each lane loads and stores its own limbs (8-byte accesses), the top lane keeps a block's
//     low limbs in registers and stores them after the block
//   2 as 1, the top lane stores each step's two low limbs at once (no registers for them)
//   3 as 2, with 16-byte loads and stores of a lane's whole chunk where a, b, c are 16-byte
//     aligned and the strides even (else as 2)
template <int TPI, int L, bool PAIRS, int V>
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
    // STAGE: the warp's operands and products pass through its slice of shared memory, so that
    // every global access is coalesced (S limbs a slot per instance and operand, 2S per product)
    constexpr int S = TPI * L / 2;
    constexpr int IPW = 32 / TPI;
    extern __shared__ u64 bw_sh[];
    u64* wsh = bw_sh + (threadIdx.x >> 5) * (2 * IPW * S);
    const int lane = (int) (threadIdx.x & 31);
    const int ii = lane / TPI; // the instance's index in the warp
    const long long inst0 = (gt & ~31ll) / TPI;
    constexpr bool STAGE = V == 0;
    constexpr bool IMM = V >= 2 && PAIRS;
    const bool vec = V == 3 && ((((unsigned long long) a | (unsigned long long) b | (unsigned long long) c) & 15) == 0)
            && ((strideA | strideB | strideC) & 1) == 0; // uniform
    if (STAGE) {
#pragma unroll 4
        for (int x = lane; x < IPW * S; x += 32) {
            const int i2 = x / S, j = x % S;
            const long long in = inst0 + i2;
            const bool ok = in < count && j < M;
            wsh[x] = ok ? __ldg(a + in * strideA + j) : 0ull;
            wsh[IPW * S + x] = ok ? __ldg(b + in * strideB + j) : 0ull;
        }
        __syncwarp();
#pragma unroll
        for (int i = 0; i < L / 2; i++) {
            const u64 x = wsh[ii * S + tl * (L / 2) + i];
            const u64 y = wsh[IPW * S + ii * S + tl * (L / 2) + i];
            av[2 * i] = (u32) x;
            av[2 * i + 1] = (u32) (x >> 32);
            bv[2 * i] = (u32) y;
            bv[2 * i + 1] = (u32) (y >> 32);
        }
        __syncwarp(); // the slice now takes the products
    } else if (vec && valid && tl * (L / 2) + L / 2 <= M) { // the whole chunk, 16 bytes at a time
        const ulonglong2* pa = reinterpret_cast<const ulonglong2*>(a + inst * strideA + tl * (L / 2));
        const ulonglong2* pb = reinterpret_cast<const ulonglong2*>(b + inst * strideB + tl * (L / 2));
#pragma unroll
        for (int i = 0; i < L / 4; i++) {
            const ulonglong2 x = __ldg(pa + i);
            const ulonglong2 y = __ldg(pb + i);
            av[4 * i] = (u32) x.x;
            av[4 * i + 1] = (u32) (x.x >> 32);
            av[4 * i + 2] = (u32) x.y;
            av[4 * i + 3] = (u32) (x.y >> 32);
            bv[4 * i] = (u32) y.x;
            bv[4 * i + 1] = (u32) (y.x >> 32);
            bv[4 * i + 2] = (u32) y.y;
            bv[4 * i + 3] = (u32) (y.y >> 32);
        }
    } else {
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

    if (!PAIRS) {
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
        if (top && (STAGE || valid)) { // limbs rL .. rL + L - 1 of the product
#pragma unroll
            for (int i = 0; i < L / 2; i++) {
                const int j = r * (L / 2) + i;
                const u64 v = (u64) o[2 * i] | ((u64) o[2 * i + 1] << 32);
                if (STAGE) {
                    wsh[ii * 2 * S + j] = v;
                } else if (j < outLen) {
                    pc[j] = v;
                }
            }
        }
    }
    } else {
    // Two rows a step (header, "pairs"): ra aligned (ra[k] at position k), ru one word up (ru[k]
    // at position k + 1), w the word at position 0 of the next step.
    u32 ra[L + 1], ru[L];
#pragma unroll
    for (int k = 0; k <= L; k++) {
        ra[k] = 0;
    }
#pragma unroll
    for (int k = 0; k < L; k++) {
        ru[k] = 0;
    }
    u32 w = 0;
#pragma unroll 1
    for (int r = 0; r < nb; r++) {
#pragma unroll
        for (int l = 0; l < L; l += 2) {
            const u32 s = __shfl_sync(BW_FULL, bv[l], r, TPI);     // b_(rL + l), weight 2^0
            const u32 u = __shfl_sync(BW_FULL, bv[l + 1], r, TPI); // b_(rL + l + 1), weight 2^32
            // chain 1: ra += s a_even (a_i s at positions i, i + 1); carry-out into ra[L] (<= 2)
            ra[0] = bw_madlo_cc(av[0], s, ra[0]);
            ra[1] = bw_madchi_cc(av[0], s, ra[1]);
#pragma unroll
            for (int i = 2; i < L; i += 2) {
                ra[i] = bw_madclo_cc(av[i], s, ra[i]);
                ra[i + 1] = bw_madchi_cc(av[i], s, ra[i + 1]);
            }
            ra[L] = bw_addc(ra[L], 0);
            // chain 2: position 0 (t0 = ra[0] + w), then ru += s a_odd (a_i s at positions i, i + 1
            // = ru[i - 1], ru[i]); the top word ru[L-1] was 0, so no carry leaves it
            const u32 t0 = bw_add_cc(ra[0], w);
#pragma unroll
            for (int i = 0; i < L - 2; i += 2) {
                ru[i] = bw_madclo_cc(av[i + 1], s, ru[i]);
                ru[i + 1] = bw_madchi_cc(av[i + 1], s, ru[i + 1]);
            }
            ru[L - 2] = bw_madclo_cc(av[L - 1], s, ru[L - 2]);
            ru[L - 1] = bw_madchi(av[L - 1], s, ru[L - 1]);
            // chain 3: u a_even at positions i + 1, i + 2 = ru[i], ru[i + 1], shifting ru down by
            // two words: position 1 (t1), position 2 (w, the next step's position 0), the rest
            // into ru[0 .. L-3], the carry-out into ru[L-2], ru[L-1] = 0
            u32 t1 = bw_madlo_cc(av[0], u, ru[0]);
            w = bw_madchi_cc(av[0], u, ru[1]);
#pragma unroll
            for (int i = 0; i < L - 2; i += 2) {
                ru[i] = bw_madclo_cc(av[i + 2], u, ru[i + 2]);
                ru[i + 1] = bw_madchi_cc(av[i + 2], u, ru[i + 3]);
            }
            ru[L - 2] = bw_addc(0, 0);
            ru[L - 1] = 0;
            // chain 4: position 1 (t1 += ra[1]), then u a_odd at positions i + 1, i + 2 = ra[i + 1],
            // ra[i + 2], shifting ra down by two words; the top is 0 + hi + carry < 2^32
            t1 = bw_add_cc(t1, ra[1]);
#pragma unroll
            for (int i = 0; i < L - 2; i += 2) {
                ra[i] = bw_madclo_cc(av[i + 1], u, ra[i + 2]);
                ra[i + 1] = bw_madchi_cc(av[i + 1], u, ra[i + 3]);
            }
            ra[L - 2] = bw_madclo_cc(av[L - 1], u, ra[L]);
            ra[L - 1] = bw_madchi(av[L - 1], u, 0u);
            // the rotation: positions 0, 1 of lane t+1 are positions L-2, L-1 of lane t; lane TPI-1
            // receives lane 0's, limbs rL + l, rL + l + 1 of the product
            u32 x0 = __shfl_sync(BW_FULL, t0, tl + 1, TPI);
            u32 x1 = __shfl_sync(BW_FULL, t1, tl + 1, TPI);
            if (IMM) {
                if (top && valid && r * (L / 2) + l / 2 < outLen) { // limbs rL + l, rL + l + 1
                    pc[r * (L / 2) + l / 2] = (u64) x0 | ((u64) x1 << 32);
                }
            } else {
                o[l] = x0;
                o[l + 1] = x1;
            }
            x0 = top ? 0u : x0;
            x1 = top ? 0u : x1;
            ra[L - 2] = bw_add_cc(ra[L - 2], x0);
            ra[L - 1] = bw_addc_cc(ra[L - 1], x1);
            ra[L] = bw_addc(0, 0);
        }
        if (!IMM && top && (STAGE || valid)) { // limbs rL .. rL + L - 1 of the product
#pragma unroll
            for (int i = 0; i < L / 2; i++) {
                const int j = r * (L / 2) + i;
                const u64 v = (u64) o[2 * i] | ((u64) o[2 * i + 1] << 32);
                if (STAGE) {
                    wsh[ii * 2 * S + j] = v;
                } else if (j < outLen) {
                    pc[j] = v;
                }
            }
        }
    }
    // the window in one aligned form: h = ra + w + (ru one word up), the lane's carry (<= 2) at L
    h[0] = bw_add_cc(ra[0], w);
#pragma unroll
    for (int k = 1; k < L; k++) {
        h[k] = bw_addc_cc(ra[k], ru[k - 1]);
    }
    carry = bw_addc(ra[L], ru[L - 1]);
    }

    const int R = nb * L; // 32-bit limbs written so far (R >= n >= outLen 32-bit limbs of a low half)
    if (outLen * 2 > R) { // uniform: else the rest of the window is above outLen
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
    const int j0 = (R + tl * L) / 2; // R / 2 is a multiple of L / 2: even
    if (vec && valid && j0 + L / 2 <= outLen) {
        ulonglong2* q = reinterpret_cast<ulonglong2*>(pc + j0);
#pragma unroll
        for (int i = 0; i < L / 4; i++) {
            q[i] = make_ulonglong2((u64) h[4 * i] | ((u64) h[4 * i + 1] << 32),
                                   (u64) h[4 * i + 2] | ((u64) h[4 * i + 3] << 32));
        }
    } else {
#pragma unroll
        for (int i = 0; i < L / 2; i++) {
            const int j = j0 + i; // < R / 2 + S <= 2 S
            const u64 v = (u64) h[2 * i] | ((u64) h[2 * i + 1] << 32);
            if (STAGE) {
                wsh[ii * 2 * S + j] = v;
            } else if (valid && j < outLen) {
                pc[j] = v;
            }
        }
    }
    }
    if (STAGE) {
        __syncwarp();
#pragma unroll 4
        for (int x = lane; x < IPW * 2 * S; x += 32) {
            const int i2 = x / (2 * S), j = x % (2 * S);
            const long long in = inst0 + i2;
            if (in < count && j < outLen) {
                c[in * strideC + j] = wsh[x];
            }
        }
    }
}

#define BW_ONE(NAME, TPI, L, PAIRS, V)                                                                             \
    extern "C" __global__ void __launch_bounds__(256) NAME##_t##TPI##_l##L(                                       \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b, long long strideB,           \
            u64* __restrict__ c, long long strideC, int M, int outLen, long long count) {                         \
        bw_mul<TPI, L, PAIRS, V>(a, strideA, b, strideB, c, strideC, M, outLen, count);                           \
    }
// The shipped kernels bw_mul_tTPI_lL: two rows a step, variant BW_SHIP_V. The harness also builds
// the other variants (BW_ALL_VARIANTS) under their own names, for its measurements.
#define BW_SHIP_V 2
#ifdef BW_ALL_VARIANTS
#define BW_KERNEL(TPI, L)                                                                                          \
    BW_ONE(bw_mul, TPI, L, true, BW_SHIP_V)                                                                        \
    BW_ONE(bw_muls, TPI, L, true, 0)                                                                               \
    BW_ONE(bw_mulg, TPI, L, true, 1)                                                                               \
    BW_ONE(bw_mulo, TPI, L, true, 2)                                                                               \
    BW_ONE(bw_mul1, TPI, L, false, 1)
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
#else // the module: the four shapes batched.GpuWarpProduct launches
BW_ONE(bw_mul, 4, 16, true, BW_SHIP_V)
BW_ONE(bw_mul, 8, 16, true, BW_SHIP_V)
BW_ONE(bw_mul, 8, 32, true, BW_SHIP_V)
BW_ONE(bw_mul, 16, 32, true, BW_SHIP_V)
#endif
