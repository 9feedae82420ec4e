// Batched arithmetic on fixed-size unsigned big integers (modalg gpu layer): addition and
// subtraction as a block-level scan over packed carry flags, and the load-balanced schoolbook
// product, after C. E. Oancea and S. M. Watt, "GPU implementations for midsize integer addition
// and multiplication" (../shared/papers/gpu-midsize-integer-add-mul.txt, sections 2 and 3); its
// low half and the square by symmetry; M5Mult, the fine-grained classical product of the thesis
// ../shared/papers/thesis-parallel-arbitrary-precision-arithmetic-big-prime-fft.txt, chapter 5
// (Algorithms 10-13); and the product of instances larger than one block holds, over bands of
// output columns in several blocks with a carry pass.
//
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT (what a host engine must do to call these kernels)
// ----------------------------------------------------------------------------------------------
// Data. An instance is an unsigned integer of M 64-bit limbs, LITTLE-ENDIAN by limb: limb 0 is
// the least significant, limb j has weight 2^(64 j); the bits inside a limb are the machine's
// (a Java long read as unsigned). Instance i of an operand x with stride s (in limbs, s >= M)
// occupies x[i s .. i s + M - 1]; limbs between M and s are neither read nor written. A, B and
// C have their own strides (a packed long[] of count M limbs is stride M). Out-of-place only:
// C must not overlap A or B (A and B may be the same buffer: the product is then a square).
// count >= 1 instances; a 64-bit index (count * stride may exceed 2^31 limbs).
//
// Per-thread factor Q (one kernel per Q, the suffix _q2, _q4, _q8): each thread owns Q
// consecutive limbs (addition) or two chunks of Q consecutive product columns (product).
// T = ceil(M / Q) threads serve one instance; the last thread's chunk is padded with zero limbs
// above M, so M need not be a multiple of Q.
//
// Launch, every kernel: blockDim.x = any multiple of 32 in [T, 1024] (the product with Q = 8:
// at most 512); the kernel takes ipb = floor(blockDim.x / T) instances per block (threads past
// ipb T idle), so gridDim.x = ceil(count / ipb). Consecutive instances share a block (segmented
// scan: a carry never crosses from one instance into the next).
//
// bi_add_qQ(a, strideA, b, strideB, c, strideC, carry, M, count)
//     c_i = (a_i + b_i) mod 2^(64 M); carry[i] = the carry-out (0 or 1), unless carry is NULL.
//     Requires T <= 1024 (M <= 1024 Q). Dynamic shared memory: ipb * (M + M/Q + 1) * 8 bytes.
// bi_sub_qQ(same arguments)
//     c_i = (a_i - b_i) mod 2^(64 M); carry[i] = the BORROW-out: 1 when a_i < b_i, else 0.
// bi_mul_qQ(a, strideA, b, strideB, c, strideC, M, count)          (Q in {2, 4, 8})
//     c_i = a_i * b_i, the full product: 2 M limbs, so strideC >= 2 M ("output stride 2x input").
//     With M' = T Q: dynamic shared memory ipb * (2 M' + 2 Q + 2 M'/Q + 8) * 8 bytes; 2^18 bits
//     (M = 4096) with Q = 4 needs 65.8 KiB with one instance per block (sm_80 and later allow
//     163 / 227 KiB per block).
// bi_mul32_qQ, bi_mulw_qQ(same arguments, same launch and shared memory as bi_mul_qQ)
//     the same product with the inner loop on 32-bit halves of the limbs: mul32 with carry chains
//     (mad.lo.cc / madc.hi.cc / addc), mulw with IMAD.WIDE and 16-bit splits (bi_convw). Results
//     are bit-identical. Measured on an H200 (gpu/BENCHMARKS.md): mul32_q8 is the fastest at
//     2^11..2^13 and 2^16..2^18 bits; at 2^14..2^15 bits mul_q4 and mul32_q2 lead by a few per
//     cent; mulw is never the fastest. The three are within 25% of each other everywhere.
// bi_mullo32_qQ(a, strideA, b, strideB, c, strideC, M, count)        (Q in {2, 4, 8})
//     c_i = a_i * b_i mod 2^(64 M), the low half: M limbs, strideC >= M. T' = ceil(T / 2) threads
//     per instance (thread t: chunks t and T - 1 - t), so blockDim.x is a multiple of 32 in
//     [T', 1024] (Q = 8: 512) and ipb = floor(blockDim.x / T'); shared memory as bi_mul_qQ per
//     instance. Measured 1.4x .. 3.1x faster than bi_mul32_q8 (H200, 2^11 .. 2^18 bits).
// bi_sqr32_qQ(a, strideA, c, strideC, M, count)                         (Q in {2, 4, 8})
//     c_i = a_i^2 (2 M limbs) by symmetry: twice the sum over i < j plus the diagonal squares,
//     about half of bi_mul32's multiply-adds; bi_mul_qQ's launch and shared memory. Measured
//     1.35x .. 1.82x faster than bi_mul32_q8 on the same operands.
// bi_m5mult(a, strideA, b, strideB, c, strideC, M, count)
//     c_i = a_i * b_i, M5Mult of the thesis's chapter 5 (its comment below): one instance per
//     block, gridDim.x = count, blockDim.x a multiple of 32 in [max(32, ceil(M / 4)), 1024],
//     dynamic shared memory 2560 ceil(M / 32) bytes (M <= 2848 on sm_90). Measured 2.5x .. 5x
//     slower than bi_mul32_q8 at every size and batch size (reason in gpu/BENCHMARKS.md).
// bi_mulmb_band_q8(a, strideA, b, strideB, c, strideC, h, M, outLen, count, bands), then
// bi_mulmb_carry_q8(c, strideC, h, outLen, nchunks, count)
//     the multi-block product for any M (one block does not hold M > 4096): outLen = 2M (full) or
//     M (low half); bands = ceil(ceil(outLen / 8) / 128); the band kernel with blockDim.x = 128,
//     gridDim.x = count * bands, 26144 bytes of dynamic shared memory, h a scratch of
//     2 count nchunks words (nchunks = 128 bands); then the carry kernel with gridDim.x = count,
//     blockDim.x a multiple of 32 up to 1024, no dynamic shared memory, in stream order after it.
// bi_sqrmb_band_q8(a, strideA, c, strideC, h, M, outLen = 2M, count, bands)
//     the square by symmetry on the same bands (launch as bi_mulmb_band_q8), then the same carry.
// Which path the adder takes needs nothing from the host: with a, b, c 16-byte aligned and the
// three strides even, each thread reads and writes its Q limbs directly (16-byte accesses, 4.3
// TB/s on an H200), else through shared memory (about 20% slower); both need the shared memory.
// Shared memory limit: the kernels also use static shared memory (add/sub 128 B, mul 4224 B, the
// low half, square and M5Mult the same as mul, the band kernels none, the carry pass 128 B); when
// static + dynamic exceeds 48 KiB the host must first raise the kernel's dynamic limit
// (cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes)), else the launch
// fails with an invalid-value error. Simplest: set it whenever the dynamic size exceeds 32 KiB.
// All arguments are trusted (no checks in the kernels): the host validates M, strides, count,
// the launch shape and the shared-memory size against these formulas.
// ----------------------------------------------------------------------------------------------
//
// Addition (paper section 2). Thread t of an instance adds its Q limbs with carry-in 0, which
// gives the chunk's sum and two flags: g (the chunk carries out by itself) and p (every limb of
// the sum is all ones: a carry-in passes through); g and p exclude each other. The flags are
// packed in one 32-bit word, g in bit 0, p in bit 1, and the segment-start mark of the segmented
// scan in bit 2 (the first thread of each instance). The carry operator for x before y is
//     y if y starts a segment, else (g_y | (p_y & g_x), p_x & p_y, start_x),
// associative with identity (0, 1, 0). An inclusive block scan (warp shuffles, then the warp
// totals scanned by warp 0) gives each thread the flags of all chunks before it in its
// instance: its carry-in is g of that prefix (or, for a segment whose own carry-in is c0 = 1,
// as subtraction a + ~b + 1, g | p). The thread then adds its carry-in to its chunk.
// Loads and stores: directly, 16 bytes at a time, when the operands are aligned (see above);
// otherwise through shared memory so that global accesses are coalesced (thread k of an instance
// reads limbs k, k + T, ...); the shared index j + j/Q keeps the threads' strided reads of their
// own chunks free of bank conflicts.
//
// Product (paper section 3, with one change). The full product of two M-limb operands has 2M
// columns; column k (k < 2M - 1) sums a_i b_(k-i) over max(0, k-M+1) <= i <= min(k, M-1): k + 1
// terms for k < M, 2M - 1 - k terms above. The paper gives thread t the columns t and M-1-t of
// an M-column result whose operands are zero-padded to M limbs (half of the M + 1 products per
// thread are then zeros). Skipping the zero terms, the balanced pairing for the full product is
// column t with column M + t: (t + 1) + (M - 1 - t) = M products for every thread. With the
// per-thread factor Q, thread t computes the chunk of columns tQ .. tQ+Q-1 and the chunk
// M'+tQ .. M'+tQ+Q-1 (M' = TQ, operands zero-padded to M'): tQ + Q and M' - 1 - tQ iterations
// of Q multiply-adds, M' + Q - 1 iterations for every thread. Each iteration reads one limb of A
// (shared memory, the same address for all threads of an instance in the low chunk) and one
// new limb of B (a sliding window of Q limbs kept in registers; B sits in shared memory between
// Q zero limbs on either side, so that out-of-range terms read zeros instead of branching).
// Each column accumulates in three words (lo, hi, carry): 128-bit products with a third word
// for the carries (mad.lo.cc / madc.hi.cc / addc). A chunk's Q columns combine into Q + 2 words
// (value < M 2^(64(Q+1)+1) < 2^(64(Q+2)) for M < 2^63): Q low words in place, and the two top
// words H belong to the next chunk's first two positions (Q >= 2, so they do not reach further).
// The product is then L + H, an addition of two 2M'-limb numbers whose chunks the threads hold
// in registers: each thread reads the H of the chunk below each of its chunks from shared
// memory, adds it, and two segmented scans (over the low chunks, then over the high chunks with
// the low half's carry-out as the segment's carry-in) propagate the carries. The top H of the
// last chunk and the final carry are zero because the product fits 2M limbs.
//
// Exactness: every step is integer arithmetic on whole words; the harness
// (src/test/cuda/bigint_harness.cu) checks every result bit for bit against a CPU reference.

typedef unsigned long long u64;
typedef unsigned int u32;

#define BI_G 1u
#define BI_P 2u
#define BI_S 4u
#define BI_IDENTITY 2u

// The carry operator: x covers the chunks before y.
__device__ __forceinline__ u32 bi_carry_op(u32 x, u32 y) {
    if (y & BI_S) {
        return y;
    }
    return (y & BI_G) | ((y >> 1) & x & BI_G) | (x & y & BI_P) | (x & BI_S);
}

// Inclusive scan of the packed flags over the block's threads, in thread order. Returns the
// inclusive value; *prev receives the inclusive value of the thread before (the identity for
// thread 0). Every thread of the block must call it; wsh is __shared__ u32[32]. Ends with a
// barrier, so wsh and any shared memory read before the call may be reused after it.
__device__ __forceinline__ u32 bi_block_scan(u32 x, u32* prev, u32* wsh) {
    const int lane = threadIdx.x & 31;
    const int w = threadIdx.x >> 5;
    const int nw = blockDim.x >> 5;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        u32 y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) {
            x = bi_carry_op(y, x);
        }
    }
    if (lane == 31) {
        wsh[w] = x;
    }
    __syncthreads();
    if (w == 0) {
        u32 v = lane < nw ? wsh[lane] : BI_IDENTITY;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            u32 y = __shfl_up_sync(0xffffffffu, v, d);
            if (lane >= d) {
                v = bi_carry_op(y, v);
            }
        }
        wsh[lane] = v;
    }
    __syncthreads();
    const u32 before = w > 0 ? wsh[w - 1] : BI_IDENTITY;
    if (w > 0) {
        x = bi_carry_op(before, x);
    }
    u32 p = __shfl_up_sync(0xffffffffu, x, 1);
    *prev = lane == 0 ? before : p;
    __syncthreads();
    return x;
}

// The carry into a chunk from the inclusive flags of the chunks before it in its segment, the
// segment's own carry-in being c0.
__device__ __forceinline__ u32 bi_carry_in(u32 prefix, u32 c0) {
    return (prefix & BI_G) | ((prefix >> 1) & c0 & 1u);
}

// Shared-memory index of limb j with Q limbs per thread: a pad word every Q words makes the
// stride between threads Q + 1 (odd), free of bank conflicts.
template <int Q>
__device__ __forceinline__ int bi_pad(int j) {
    return j + j / Q;
}

// ---------------------------------------------------------------------------------------------
// Addition and subtraction
// ---------------------------------------------------------------------------------------------

// Loads limbs lt Q .. lt Q + Q - 1 (those below M) of one instance into x, zeros above M:
// 16-byte loads when the whole chunk is in range (the caller has checked the alignment).
template <int Q>
__device__ __forceinline__ void bi_load_chunk(const u64* __restrict__ p, int lt, int M, u64* x) {
    const int j0 = lt * Q;
    if (j0 + Q <= M) {
        const ulonglong2* v = reinterpret_cast<const ulonglong2*>(p + j0);
#pragma unroll
        for (int k = 0; k < Q / 2; k++) {
            const ulonglong2 t = v[k];
            x[2 * k] = t.x;
            x[2 * k + 1] = t.y;
        }
    } else {
#pragma unroll
        for (int k = 0; k < Q; k++) {
            x[k] = j0 + k < M ? p[j0 + k] : 0;
        }
    }
}

template <int Q>
__device__ __forceinline__ void bi_store_chunk(u64* __restrict__ p, int lt, int M, const u64* x) {
    const int j0 = lt * Q;
    if (j0 + Q <= M) {
        ulonglong2* v = reinterpret_cast<ulonglong2*>(p + j0);
#pragma unroll
        for (int k = 0; k < Q / 2; k++) {
            v[k] = make_ulonglong2(x[2 * k], x[2 * k + 1]);
        }
    } else {
#pragma unroll
        for (int k = 0; k < Q; k++) {
            if (j0 + k < M) {
                p[j0 + k] = x[k];
            }
        }
    }
}

// Two paths, chosen once per launch (uniformly, so the barriers stay uniform): when a, b, c are
// 16-byte aligned and the strides even, each thread reads and writes its own Q limbs directly with
// 16-byte accesses (no staging, three barriers: the scan's); otherwise the limbs are staged through
// shared memory for coalescing (the dynamic shared memory of the contract is needed in both cases).
template <int Q, bool SUB>
__device__ __forceinline__ void bi_addsub(const u64* __restrict__ a, long long strideA,
                                          const u64* __restrict__ b, long long strideB,
                                          u64* __restrict__ c, long long strideC,
                                          u64* __restrict__ carry, int M, long long count) {
    extern __shared__ u64 bi_sh[];
    __shared__ u32 wsh[32];
    const int T = (M + Q - 1) / Q;
    const int ipb = blockDim.x / T;
    const int il = threadIdx.x / T;
    const int lt = threadIdx.x - il * T;
    const long long inst = (long long) blockIdx.x * ipb + il;
    const bool active = il < ipb && inst < count;
    const int W = M + M / Q + 1;
    u64* sh = bi_sh + (active ? il * W : 0);
    const bool direct = ((((unsigned long long) a | (unsigned long long) b | (unsigned long long) c) & 15) == 0)
                        && ((strideA | strideB | strideC) & 1) == 0;
    u64 x[Q], y[Q];

    if (direct) {
        if (active) {
            bi_load_chunk<Q>(a + inst * strideA, lt, M, x);
            bi_load_chunk<Q>(b + inst * strideB, lt, M, y);
        }
    } else {
        if (active) {
            const u64* ai = a + inst * strideA;
#pragma unroll
            for (int k = 0; k < Q; k++) {
                const int j = lt + k * T;
                if (j < M) {
                    sh[bi_pad<Q>(j)] = ai[j];
                }
            }
        }
        __syncthreads();
        if (active) {
#pragma unroll
            for (int k = 0; k < Q; k++) {
                const int j = lt * Q + k;
                x[k] = j < M ? sh[bi_pad<Q>(j)] : 0;
            }
        }
        __syncthreads();
        if (active) {
            const u64* bi = b + inst * strideB;
#pragma unroll
            for (int k = 0; k < Q; k++) {
                const int j = lt + k * T;
                if (j < M) {
                    sh[bi_pad<Q>(j)] = bi[j];
                }
            }
        }
        __syncthreads();
        if (active) {
#pragma unroll
            for (int k = 0; k < Q; k++) {
                const int j = lt * Q + k;
                y[k] = j < M ? sh[bi_pad<Q>(j)] : 0;
            }
        }
    }
    u32 f = BI_S;
    if (active) {
        u64 cy = 0;
        bool ones = true;
#pragma unroll
        for (int k = 0; k < Q; k++) {
            const int j = lt * Q + k;
            if (j < M) {
                const u64 yk = SUB ? ~y[k] : y[k];
                const u64 s = x[k] + yk;
                const u64 c1 = s < yk;
                const u64 s2 = s + cy;
                cy = c1 | (s2 < s);
                x[k] = s2;
                ones = ones && s2 == ~0ull;
            }
        }
        f = (cy ? BI_G : 0u) | (ones ? BI_P : 0u) | (lt == 0 ? BI_S : 0u);
    }
    u32 prev;
    const u32 inc = bi_block_scan(f, &prev, wsh); // ends with a barrier: sh is free again
    const u32 c0 = SUB ? 1u : 0u;
    if (active) {
        u64 cin = lt == 0 ? c0 : bi_carry_in(prev, c0);
#pragma unroll
        for (int k = 0; k < Q; k++) {
            const u64 s = x[k] + cin;
            cin = cin & (s == 0);
            x[k] = s;
        }
        if (lt == T - 1 && carry != nullptr) {
            const u32 out = bi_carry_in(inc, c0);
            carry[inst] = SUB ? 1u - out : out;
        }
    }
    if (direct) {
        if (active) {
            bi_store_chunk<Q>(c + inst * strideC, lt, M, x);
        }
    } else {
        if (active) {
#pragma unroll
            for (int k = 0; k < Q; k++) {
                const int j = lt * Q + k;
                if (j < M) {
                    sh[bi_pad<Q>(j)] = x[k];
                }
            }
        }
        __syncthreads();
        if (active) {
            u64* ci = c + inst * strideC;
#pragma unroll
            for (int k = 0; k < Q; k++) {
                const int j = lt + k * T;
                if (j < M) {
                    ci[j] = sh[bi_pad<Q>(j)];
                }
            }
        }
    }
}

#define BI_ADD_KERNELS(Q)                                                                         \
    extern "C" __global__ void __launch_bounds__(1024) bi_add_q##Q(                               \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,             \
            long long strideB, u64* __restrict__ c, long long strideC, u64* __restrict__ carry,  \
            int M, long long count) {                                                             \
        bi_addsub<Q, false>(a, strideA, b, strideB, c, strideC, carry, M, count);                 \
    }                                                                                             \
    extern "C" __global__ void __launch_bounds__(1024) bi_sub_q##Q(                               \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,             \
            long long strideB, u64* __restrict__ c, long long strideC, u64* __restrict__ carry,  \
            int M, long long count) {                                                             \
        bi_addsub<Q, true>(a, strideA, b, strideB, c, strideC, carry, M, count);                  \
    }

BI_ADD_KERNELS(2)
BI_ADD_KERNELS(4)
BI_ADD_KERNELS(8)

// ---------------------------------------------------------------------------------------------
// Product
// ---------------------------------------------------------------------------------------------

// (hi, lo) + x y + carry word: one column term.
__device__ __forceinline__ void bi_mac(u64& lo, u64& hi, u64& cw, u64 x, u64 y) {
    asm("mad.lo.cc.u64 %0, %3, %4, %0;\n\t"
        "madc.hi.cc.u64 %1, %3, %4, %1;\n\t"
        "addc.u64 %2, %2, 0;"
        : "+l"(lo), "+l"(hi), "+l"(cw)
        : "l"(x), "l"(y));
}

// Combines Q columns (lo, hi, cw) into the Q + 2 words r of sum_q column_q 2^(64 q).
template <int Q>
__device__ __forceinline__ void bi_combine(const u64* lo, const u64* hi, const u64* cw, u64* r) {
#pragma unroll
    for (int q = 0; q < Q; q++) {
        r[q] = lo[q];
    }
    r[Q] = 0;
    r[Q + 1] = 0;
    u64 cy = 0;
#pragma unroll
    for (int q = 0; q < Q; q++) { // + hi at offset 1
        const u64 s = r[q + 1] + hi[q];
        const u64 c1 = s < hi[q];
        const u64 s2 = s + cy;
        cy = c1 | (s2 < s);
        r[q + 1] = s2;
    }
    r[Q + 1] += cy;
    cy = 0;
#pragma unroll
    for (int q = 0; q < Q; q++) { // + cw at offset 2 (no carry leaves word Q + 1)
        const u64 s = r[q + 2] + cw[q];
        const u64 c1 = s < cw[q];
        const u64 s2 = s + cy;
        cy = c1 | (s2 < s);
        r[q + 2] = s2;
    }
}

// Chunk sum r[0..Q-1] += h (two words at the bottom), carry-in 0: returns the chunk's g/p flags.
template <int Q>
__device__ __forceinline__ u32 bi_chunk_add_h(u64* r, u64 h0, u64 h1) {
    u64 s = r[0] + h0;
    u64 cy = s < h0;
    r[0] = s;
    s = r[1] + h1;
    const u64 c1 = s < h1;
    const u64 s2 = s + cy;
    cy = c1 | (s2 < s);
    r[1] = s2;
#pragma unroll
    for (int q = 2; q < Q; q++) {
        const u64 t = r[q] + cy;
        cy = cy & (t == 0);
        r[q] = t;
    }
    bool ones = true;
#pragma unroll
    for (int q = 0; q < Q; q++) {
        ones = ones && r[q] == ~0ull;
    }
    return (cy ? BI_G : 0u) | (ones ? BI_P : 0u);
}

template <int Q>
__device__ __forceinline__ void bi_chunk_carry(u64* r, u64 cin) {
#pragma unroll
    for (int q = 0; q < Q; q++) {
        const u64 t = r[q] + cin;
        cin = cin & (t == 0);
        r[q] = t;
    }
}

// The two chunks of columns of thread lt (64-bit limbs): stages A and B of the instance in its
// shared region A, then rl = chunk lt and rh = chunk T + lt, Q + 2 words each (bigint.cu header).
template <int Q>
__device__ __forceinline__ void bi_conv64(u64* A, const u64* __restrict__ a, long long strideA,
                                          const u64* __restrict__ b, long long strideB, int M, int T,
                                          int lt, long long inst, bool active, u64* rl, u64* rh) {
    const int Mp = T * Q;
    u64* Bz = A + (Mp + Mp / Q + 1); // Q zeros, b_0 .. b_(M'-1), Q zeros (padded indices)

    if (active) {
        const u64* ai = a + inst * strideA;
        const u64* bi = b + inst * strideB;
        for (int j = lt; j < Mp; j += T) {
            A[bi_pad<Q>(j)] = j < M ? ai[j] : 0;
        }
        for (int j = lt; j < Mp + 2 * Q; j += T) {
            const int jb = j - Q;
            Bz[bi_pad<Q>(j)] = jb >= 0 && jb < M ? bi[jb] : 0;
        }
    }
    __syncthreads();
    if (active) {
        u64 lo[Q], hi[Q], cw[Q], w[Q];
        // Low chunk: columns tQ + q, i = 0 .. tQ + Q - 1, b index tQ + q - i (Bz: + Q).
#pragma unroll
        for (int q = 0; q < Q; q++) {
            lo[q] = 0;
            hi[q] = 0;
            cw[q] = 0;
            w[q] = Bz[bi_pad<Q>(Q + lt * Q + q)];
        }
        const int nLow = lt * Q + Q;
        for (int i = 0; i < nLow; i++) {
            if (i > 0) {
#pragma unroll
                for (int q = Q - 1; q > 0; q--) {
                    w[q] = w[q - 1];
                }
                w[0] = Bz[bi_pad<Q>(Q + lt * Q - i)];
            }
            const u64 ai = A[bi_pad<Q>(i)];
#pragma unroll
            for (int q = 0; q < Q; q++) {
                bi_mac(lo[q], hi[q], cw[q], ai, w[q]);
            }
        }
        bi_combine<Q>(lo, hi, cw, rl);
        // High chunk: columns M' + tQ + q, i = tQ + 1 .. M' - 1, b index M' + tQ + q - i.
        const int i0 = lt * Q + 1;
#pragma unroll
        for (int q = 0; q < Q; q++) {
            lo[q] = 0;
            hi[q] = 0;
            cw[q] = 0;
            w[q] = Bz[bi_pad<Q>(Q + Mp + lt * Q + q - i0)];
        }
        for (int i = i0; i < Mp; i++) {
            if (i > i0) {
#pragma unroll
                for (int q = Q - 1; q > 0; q--) {
                    w[q] = w[q - 1];
                }
                w[0] = Bz[bi_pad<Q>(Q + Mp + lt * Q - i)];
            }
            const u64 ai = A[bi_pad<Q>(i)];
#pragma unroll
            for (int q = 0; q < Q; q++) {
                bi_mac(lo[q], hi[q], cw[q], ai, w[q]);
            }
        }
        bi_combine<Q>(lo, hi, cw, rh);
    }
}

// (acc2 acc1 acc0) += x y on 32-bit words: one 32-bit column term.
__device__ __forceinline__ void bi_mac32(u32& w0, u32& w1, u32& w2, u32 x, u32 y) {
    asm("mad.lo.cc.u32 %0, %3, %4, %0;\n\t"
        "madc.hi.cc.u32 %1, %3, %4, %1;\n\t"
        "addc.u32 %2, %2, 0;"
        : "+r"(w0), "+r"(w1), "+r"(w2)
        : "r"(x), "r"(y));
}

// Combines 2Q 32-bit columns (w0, w1, w2) into the Q + 2 64-bit words r of
// sum_q column_q 2^(32 q) (the same bound as bi_combine: the value fits).
template <int Q>
__device__ __forceinline__ void bi_combine32(const u32* w0, const u32* w1, const u32* w2, u64* r) {
    constexpr int Q2 = 2 * Q;
    u32 R[Q2 + 4];
#pragma unroll
    for (int q = 0; q < Q2; q++) {
        R[q] = w0[q];
    }
    R[Q2] = R[Q2 + 1] = R[Q2 + 2] = R[Q2 + 3] = 0;
    u32 cy = 0;
#pragma unroll
    for (int q = 0; q < Q2; q++) { // + w1 at offset 1
        const u64 s = (u64) R[q + 1] + w1[q] + cy;
        R[q + 1] = (u32) s;
        cy = (u32) (s >> 32);
    }
    R[Q2 + 1] += cy;
    cy = 0;
#pragma unroll
    for (int q = 0; q < Q2; q++) { // + w2 at offset 2
        const u64 s = (u64) R[q + 2] + w2[q] + cy;
        R[q + 2] = (u32) s;
        cy = (u32) (s >> 32);
    }
    R[Q2 + 2] += cy; // R[Q2 + 2] was still 0: no further carry
#pragma unroll
    for (int k = 0; k < Q + 2; k++) {
        r[k] = (u64) R[2 * k] | ((u64) R[2 * k + 1] << 32);
    }
}

// bi_conv64 on 32-bit limbs (the operands read as 2M little-endian 32-bit words): 2Q columns
// per chunk, M'' = 2M' + 2Q - 1 iterations of 2Q 32-bit multiply-adds per thread, three
// instructions each (mad.lo.cc, madc.hi.cc, addc) instead of the emulated 64-bit product.
// Shared layout (32-bit words, pad every 2Q words): A32 then Bz32 (2Q zeros, b, 2Q zeros).
template <int Q>
__device__ __forceinline__ void bi_conv32(u64* A, const u64* __restrict__ a, long long strideA,
                                          const u64* __restrict__ b, long long strideB, int M, int T,
                                          int lt, long long inst, bool active, u64* rl, u64* rh) {
    constexpr int Q2 = 2 * Q;
    const int Mp = T * Q;
    const int Mp2 = 2 * Mp;
    u32* A32 = (u32*) A;
    u32* Bz32 = A32 + (Mp2 + Mp2 / Q2 + 2);
    if (active) {
        const u64* ai = a + inst * strideA;
        const u64* bi = b + inst * strideB;
        for (int j = lt; j < Mp; j += T) {
            const u64 v = j < M ? ai[j] : 0;
            A32[bi_pad<Q2>(2 * j)] = (u32) v;
            A32[bi_pad<Q2>(2 * j + 1)] = (u32) (v >> 32);
        }
        for (int j = lt; j < Mp + 2 * Q; j += T) { // 64-bit limb j of Bz = 32-bit words 2j, 2j+1
            const int jb = j - Q;
            const u64 v = jb >= 0 && jb < M ? bi[jb] : 0;
            Bz32[bi_pad<Q2>(2 * j)] = (u32) v;
            Bz32[bi_pad<Q2>(2 * j + 1)] = (u32) (v >> 32);
        }
    }
    __syncthreads();
    if (active) {
        u32 w0[Q2], w1[Q2], w2[Q2], w[Q2];
        const int t2 = lt * Q2;
#pragma unroll
        for (int q = 0; q < Q2; q++) {
            w0[q] = w1[q] = w2[q] = 0;
            w[q] = Bz32[bi_pad<Q2>(Q2 + t2 + q)];
        }
        const int nLow = t2 + Q2;
        for (int i = 0; i < nLow; i++) {
            if (i > 0) {
#pragma unroll
                for (int q = Q2 - 1; q > 0; q--) {
                    w[q] = w[q - 1];
                }
                w[0] = Bz32[bi_pad<Q2>(Q2 + t2 - i)];
            }
            const u32 ai = A32[bi_pad<Q2>(i)];
#pragma unroll
            for (int q = 0; q < Q2; q++) {
                bi_mac32(w0[q], w1[q], w2[q], ai, w[q]);
            }
        }
        bi_combine32<Q>(w0, w1, w2, rl);
        const int i0 = t2 + 1;
#pragma unroll
        for (int q = 0; q < Q2; q++) {
            w0[q] = w1[q] = w2[q] = 0;
            w[q] = Bz32[bi_pad<Q2>(Q2 + Mp2 + t2 + q - i0)];
        }
        for (int i = i0; i < Mp2; i++) {
            if (i > i0) {
#pragma unroll
                for (int q = Q2 - 1; q > 0; q--) {
                    w[q] = w[q - 1];
                }
                w[0] = Bz32[bi_pad<Q2>(Q2 + Mp2 + t2 - i)];
            }
            const u32 ai = A32[bi_pad<Q2>(i)];
#pragma unroll
            for (int q = 0; q < Q2; q++) {
                bi_mac32(w0[q], w1[q], w2[q], ai, w[q]);
            }
        }
        bi_combine32<Q>(w0, w1, w2, rh);
    }
}

// bi_conv32 with the 32 x 32-bit products accumulated by IMAD.WIDE.U32 (one instruction: a 64-bit
// multiply-add) and no carry chains: the A limb is split into 16-bit halves x = xl + xh 2^16, and
// each 32-bit column keeps two 64-bit sums, AL = sum xl y and AH = sum xh y, each term below 2^48;
// a column has at most 2M' + 2Q < 2^16 terms (M' <= 8192), so neither sum reaches 2^64. The column's
// value is AL + AH 2^16. The B window rotates through its registers instead of shifting: the loops
// are unrolled by 2Q, and at step s column q reads register (q - s) mod 2Q (compile-time indices);
// the high loop starts one step early, at i = 2tQ, whose terms read the zeros above B, so that both
// loops run a multiple of 2Q steps.
template <int Q>
__device__ __forceinline__ void bi_convw_loop(const u32* A32, const u32* Bz32, int base, int start,
                                              int steps, u32* w0, u32* w1, u32* w2) {
    constexpr int Q2 = 2 * Q;
    u64 al[Q2], ah[Q2];
    u32 w[Q2];
#pragma unroll
    for (int q = 0; q < Q2; q++) {
        al[q] = 0;
        ah[q] = 0;
        w[q] = q > 0 ? Bz32[bi_pad<Q2>(base + q - start)] : 0;
    }
    for (int i0 = start; i0 < start + steps; i0 += Q2) {
#pragma unroll
        for (int s = 0; s < Q2; s++) {
            const int i = i0 + s;
            w[(Q2 - s) & (Q2 - 1)] = Bz32[bi_pad<Q2>(base - i)];
            const u32 x = A32[bi_pad<Q2>(i)];
            const u32 xl = x & 0xffffu;
            const u32 xh = x >> 16;
#pragma unroll
            for (int q = 0; q < Q2; q++) {
                const u32 y = w[(q - s) & (Q2 - 1)];
                al[q] += (u64) xl * y;
                ah[q] += (u64) xh * y;
            }
        }
    }
#pragma unroll
    for (int q = 0; q < Q2; q++) {
        const u64 lo = al[q] + (ah[q] << 16);
        const u32 c = lo < al[q];
        w0[q] = (u32) lo;
        w1[q] = (u32) (lo >> 32);
        w2[q] = (u32) (ah[q] >> 48) + c;
    }
}

template <int Q>
__device__ __forceinline__ void bi_convw(u64* A, const u64* __restrict__ a, long long strideA,
                                         const u64* __restrict__ b, long long strideB, int M, int T,
                                         int lt, long long inst, bool active, u64* rl, u64* rh) {
    constexpr int Q2 = 2 * Q;
    const int Mp = T * Q;
    const int Mp2 = 2 * Mp;
    u32* A32 = (u32*) A;
    u32* Bz32 = A32 + (Mp2 + Mp2 / Q2 + 2);
    if (active) {
        const u64* ai = a + inst * strideA;
        const u64* bi = b + inst * strideB;
        for (int j = lt; j < Mp; j += T) {
            const u64 v = j < M ? ai[j] : 0;
            A32[bi_pad<Q2>(2 * j)] = (u32) v;
            A32[bi_pad<Q2>(2 * j + 1)] = (u32) (v >> 32);
        }
        for (int j = lt; j < Mp + 2 * Q; j += T) {
            const int jb = j - Q;
            const u64 v = jb >= 0 && jb < M ? bi[jb] : 0;
            Bz32[bi_pad<Q2>(2 * j)] = (u32) v;
            Bz32[bi_pad<Q2>(2 * j + 1)] = (u32) (v >> 32);
        }
    }
    __syncthreads();
    if (active) {
        u32 w0[Q2], w1[Q2], w2[Q2];
        const int t2 = lt * Q2;
        bi_convw_loop<Q>(A32, Bz32, Q2 + t2, 0, t2 + Q2, w0, w1, w2); // low chunk
        bi_combine32<Q>(w0, w1, w2, rl);
        bi_convw_loop<Q>(A32, Bz32, Q2 + Mp2 + t2, t2, Mp2 - t2, w0, w1, w2); // high chunk
        bi_combine32<Q>(w0, w1, w2, rh);
    }
}

// The carry phase of every single-block product: thread lt of instance il holds chunk lt (rl)
// and chunk T + lt (rh) of a 2 T-chunk column sum, Q + 2 words each (Q low words, two top words H
// that belong to the next chunk's first two positions). Adds each chunk's H to the next chunk,
// propagates the carries with two segmented block scans (the low chunks, then the high ones with
// the low half's carry-out), and stores limbs 0 .. outLen - 1 (outLen <= 2 T Q) to ci, staged in
// R for coalescing. R: the instance's shared region, at least max(4 T, 2 T Q + 2 T) words, free
// (the caller has passed a barrier after its last read of it). The top H of the last chunk and
// the final carry are dropped (zero for a full product; beyond the result for a low product).
// Every thread of the block must call it (block scans).
template <int Q>
__device__ __forceinline__ void bi_mul_tail(u64* R, u32* wsh, u32* lowCarry, u64* rl, u64* rh, int T, int lt,
                                            int il, bool active, u64* __restrict__ ci, int outLen) {
    const int Mp = T * Q;
    u64* H = R; // chunk k's two top words at H[2k], H[2k + 1]; chunks 0 .. 2T-1
    if (active) {
        H[2 * lt] = rl[Q];
        H[2 * lt + 1] = rl[Q + 1];
        H[2 * (T + lt)] = rh[Q];
        H[2 * (T + lt) + 1] = rh[Q + 1];
    }
    __syncthreads();
    u32 fl = BI_S, fh = BI_S;
    if (active) {
        const u64 l0 = lt > 0 ? H[2 * (lt - 1)] : 0;
        const u64 l1 = lt > 0 ? H[2 * (lt - 1) + 1] : 0;
        const u64 h0 = H[2 * (T + lt - 1)]; // for lt = 0: the last low chunk's H
        const u64 h1 = H[2 * (T + lt - 1) + 1];
        fl = bi_chunk_add_h<Q>(rl, l0, l1) | (lt == 0 ? BI_S : 0u);
        fh = bi_chunk_add_h<Q>(rh, h0, h1) | (lt == 0 ? BI_S : 0u);
    }
    u32 prev;
    const u32 incl = bi_block_scan(fl, &prev, wsh); // its barriers end the reads of H
    if (active) {
        bi_chunk_carry<Q>(rl, lt == 0 ? 0 : bi_carry_in(prev, 0));
        if (lt == T - 1) {
            lowCarry[il] = incl & BI_G;
        }
    }
    __syncthreads();
    const u32 c0 = active ? lowCarry[il] : 0;
    bi_block_scan(fh, &prev, wsh);
    if (active) {
        bi_chunk_carry<Q>(rh, lt == 0 ? c0 : bi_carry_in(prev, c0));
        u64* out = R; // staging for coalesced stores: 2 M' padded words
#pragma unroll
        for (int q = 0; q < Q; q++) {
            out[bi_pad<Q>(lt * Q + q)] = rl[q];
            out[bi_pad<Q>(Mp + lt * Q + q)] = rh[q];
        }
    }
    __syncthreads();
    if (active) {
        const u64* out = R;
        for (int j = lt; j < outLen; j += T) {
            ci[j] = out[bi_pad<Q>(j)];
        }
    }
}

template <int Q, int KIND>
__device__ __forceinline__ void bi_mul(const u64* __restrict__ a, long long strideA,
                                       const u64* __restrict__ b, long long strideB,
                                       u64* __restrict__ c, long long strideC, int M,
                                       long long count) {
    extern __shared__ u64 bi_sh[];
    __shared__ u32 wsh[32];
    __shared__ u32 lowCarry[1024];
    const int T = (M + Q - 1) / Q;
    const int Mp = T * Q;
    const int ipb = blockDim.x / T;
    const int il = threadIdx.x / T;
    const int lt = threadIdx.x - il * T;
    const long long inst = (long long) blockIdx.x * ipb + il;
    const bool active = il < ipb && inst < count;
    const int W = 2 * Mp + 2 * Q + 2 * (Mp / Q) + 8;
    u64* A = bi_sh + (active ? (long long) il * W : 0);
    u64 rl[Q + 2], rh[Q + 2];
    if (KIND == 2) {
        bi_convw<Q>(A, a, strideA, b, strideB, M, T, lt, inst, active, rl, rh);
    } else if (KIND == 1) {
        bi_conv32<Q>(A, a, strideA, b, strideB, M, T, lt, inst, active, rl, rh);
    } else {
        bi_conv64<Q>(A, a, strideA, b, strideB, M, T, lt, inst, active, rl, rh);
    }
    __syncthreads(); // A and B are dead: the instance's region now holds the H words
    bi_mul_tail<Q>(A, wsh, lowCarry, rl, rh, T, lt, il, active, c + inst * strideC, 2 * M);
}

#define BI_MUL_KERNEL(Q, BOUND)                                                                   \
    extern "C" __global__ void __launch_bounds__(BOUND) bi_mul_q##Q(                              \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,             \
            long long strideB, u64* __restrict__ c, long long strideC, int M, long long count) {  \
        bi_mul<Q, 0>(a, strideA, b, strideB, c, strideC, M, count);                               \
    }                                                                                             \
    extern "C" __global__ void __launch_bounds__(BOUND) bi_mul32_q##Q(                            \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,             \
            long long strideB, u64* __restrict__ c, long long strideC, int M, long long count) {  \
        bi_mul<Q, 1>(a, strideA, b, strideB, c, strideC, M, count);                               \
    }                                                                                             \
    extern "C" __global__ void __launch_bounds__(BOUND) bi_mulw_q##Q(                             \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,             \
            long long strideB, u64* __restrict__ c, long long strideC, int M, long long count) {  \
        bi_mul<Q, 2>(a, strideA, b, strideB, c, strideC, M, count);                               \
    }

BI_MUL_KERNEL(2, 1024)
BI_MUL_KERNEL(4, 1024)
BI_MUL_KERNEL(8, 512)

// ---------------------------------------------------------------------------------------------
// Low-half product and square (single block per instance, 32-bit column loops as bi_mul32)
// ---------------------------------------------------------------------------------------------

// Adds to (w0, w1, w2) the terms x_i y_(c2 + q - i), q < 2Q, of the 32-bit columns c2 .. c2+2Q-1
// for i0 <= i < i1: x_i = X32[pad(xo + i)], y_j = Bz32[pad(2Q + j)] (Bz32: 2Q zero words, y,
// 2Q zero words, so that c2 + q - i may leave y by up to 2Q words on either side). HALF: only the
// terms with 2 i < c2 + q (i < j: the half-sums of a square; the caller runs HALF over at most Q
// values of i, the rest without the test).
template <int Q, bool HALF>
__device__ __forceinline__ void bi_cols32(const u32* X32, int xo, const u32* Bz32, int c2, int i0, int i1, u32* w0,
                                          u32* w1, u32* w2) {
    constexpr int Q2 = 2 * Q;
    u32 w[Q2];
#pragma unroll
    for (int q = 0; q < Q2; q++) {
        w[q] = Bz32[bi_pad<Q2>(Q2 + c2 + q - i0)];
    }
    for (int i = i0; i < i1; i++) {
        if (i > i0) {
#pragma unroll
            for (int q = Q2 - 1; q > 0; q--) {
                w[q] = w[q - 1];
            }
            w[0] = Bz32[bi_pad<Q2>(Q2 + c2 - i)];
        }
        const u32 xi = X32[bi_pad<Q2>(xo + i)];
#pragma unroll
        for (int q = 0; q < Q2; q++) {
            bi_mac32(w0[q], w1[q], w2[q], xi, HALF && 2 * i >= c2 + q ? 0u : w[q]);
        }
    }
}

// Stages the 2M 32-bit words of x (64-bit limbs j < M, zeros up to M' = T Q) at X32[pad(xo + 2j)]
// and [pad(xo + 2j + 1)] for 64-bit limb positions j - xo/2 in [lo, hi) (lo may be negative: the
// zero words in front of Bz32). Thread lt of T.
template <int Q>
__device__ __forceinline__ void bi_stage32(u32* X32, int lo, int hi, const u64* __restrict__ x, int M, int T, int lt,
                                           int shift) {
    constexpr int Q2 = 2 * Q;
    for (int j = lo + lt; j < hi; j += T) {
        const int jx = j - shift; // limb of x
        const u64 v = jx >= 0 && jx < M ? x[jx] : 0;
        X32[bi_pad<Q2>(2 * j)] = (u32) v;
        X32[bi_pad<Q2>(2 * j + 1)] = (u32) (v >> 32);
    }
}

// bi_mullo32_qQ: c = a b mod 2^(64 M) (strideC >= M). T = ceil(M / Q) chunks of Q columns, served
// by T' = ceil(T / 2) threads per instance: thread t computes chunk t and chunk T - 1 - t (the
// paper's pairing of C_t with C_(M-1-t): 2 t Q + ... iterations, the same for every thread, about
// half of bi_mul's), stages both in shared memory, and the carry phase (bi_mul_tail, with T' in
// place of T) reads chunks t and T' + t back in order.
template <int Q>
__device__ __forceinline__ void bi_mullo(const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,
                                         long long strideB, u64* __restrict__ c, long long strideC, int M,
                                         long long count) {
    constexpr int Q2 = 2 * Q;
    extern __shared__ u64 bi_sh[];
    __shared__ u32 wsh[32];
    __shared__ u32 lowCarry[1024];
    const int T = (M + Q - 1) / Q;
    const int Tl = (T + 1) / 2;
    const int Mp = T * Q;
    const int ipb = blockDim.x / Tl;
    const int il = threadIdx.x / Tl;
    const int lt = threadIdx.x - il * Tl;
    const long long inst = (long long) blockIdx.x * ipb + il;
    const bool active = il < ipb && inst < count;
    const int W = 2 * Mp + 2 * Q + 2 * (Mp / Q) + 8;
    u64* R = bi_sh + (active ? (long long) il * W : 0);
    u32* A32 = (u32*) R;
    u32* Bz32 = A32 + (2 * Mp + 2 * Mp / Q2 + 2);
    if (active) {
        bi_stage32<Q>(A32, 0, Mp, a + inst * strideA, M, Tl, lt, 0);
        bi_stage32<Q>(Bz32, 0, Mp + 2 * Q, b + inst * strideB, M, Tl, lt, Q);
    }
    __syncthreads();
    u64 r1[Q + 2], r2[Q + 2];
    if (active) {
        u32 w0[Q2], w1[Q2], w2[Q2];
        const int k1 = lt, k2 = T - 1 - lt;
#pragma unroll
        for (int q = 0; q < Q2; q++) w0[q] = w1[q] = w2[q] = 0;
        bi_cols32<Q, false>(A32, 0, Bz32, k1 * Q2, 0, k1 * Q2 + Q2, w0, w1, w2);
        bi_combine32<Q>(w0, w1, w2, r1);
#pragma unroll
        for (int q = 0; q < Q2; q++) w0[q] = w1[q] = w2[q] = 0;
        if (k2 > k1) {
            bi_cols32<Q, false>(A32, 0, Bz32, k2 * Q2, 0, k2 * Q2 + Q2, w0, w1, w2);
        }
        bi_combine32<Q>(w0, w1, w2, r2);
    }
    __syncthreads(); // operands dead: stage the chunks in order
    u64* S = R; // chunk k at S[k (Q + 2) ..]
    if (active) {
#pragma unroll
        for (int q = 0; q < Q + 2; q++) {
            S[lt * (Q + 2) + q] = r1[q];
        }
        if (T - 1 - lt > lt) {
#pragma unroll
            for (int q = 0; q < Q + 2; q++) {
                S[(T - 1 - lt) * (Q + 2) + q] = r2[q];
            }
        }
    }
    __syncthreads();
    if (active) {
        const int kh = Tl + lt;
#pragma unroll
        for (int q = 0; q < Q + 2; q++) {
            r1[q] = S[lt * (Q + 2) + q];
            r2[q] = kh < T ? S[kh * (Q + 2) + q] : 0;
        }
    }
    __syncthreads();
    bi_mul_tail<Q>(R, wsh, lowCarry, r1, r2, Tl, lt, il, active, c + inst * strideC, M);
}

// Doubles the Q + 2 words r (the value is below 2^(64 (Q + 2) - 1), bigint.cu header).
template <int Q>
__device__ __forceinline__ void bi_double(u64* r) {
#pragma unroll
    for (int q = Q + 1; q > 0; q--) {
        r[q] = (r[q] << 1) | (r[q - 1] >> 63);
    }
    r[0] <<= 1;
}

// Adds the squares x_(c2/2 + k)^2, k < Q, of the 32-bit digits x at words k of r (the 32-bit
// column c2 + 2k is 64-bit word k of the chunk).
template <int Q>
__device__ __forceinline__ void bi_add_diag(const u32* Bz32, int c2, u64* r) {
    constexpr int Q2 = 2 * Q;
    u64 cy = 0;
#pragma unroll
    for (int k = 0; k < Q; k++) {
        const u64 x = Bz32[bi_pad<Q2>(Q2 + c2 / 2 + k)];
        const u64 d = x * x;
        const u64 s = r[k] + d;
        const u64 c1 = s < d;
        const u64 s2 = s + cy;
        cy = c1 | (s2 < s);
        r[k] = s2;
    }
    const u64 s = r[Q] + cy;
    r[Q + 1] += s < cy;
    r[Q] = s;
}

// bi_sqr32_qQ: c = a^2 with the symmetry a_i a_j = a_j a_i: column k is twice the sum over i < j
// (i + j = k) plus a_(k/2)^2 for even k (32-bit digits). bi_mul's layout and launch (T = ceil(M/Q)
// threads, chunks t and T + t): the low chunk sums i < c2/2 + Q, the high one t2 + 1 <= i <
// M'' + t2/2 + Q (M'' = 2 M', 32-bit), about (M'' / 2 + 2Q) iterations for every thread, half of
// bi_mul32's; only a is staged (in Bz32's layout).
template <int Q>
__device__ __forceinline__ void bi_sqr(const u64* __restrict__ a, long long strideA, u64* __restrict__ c,
                                       long long strideC, int M, long long count) {
    constexpr int Q2 = 2 * Q;
    extern __shared__ u64 bi_sh[];
    __shared__ u32 wsh[32];
    __shared__ u32 lowCarry[1024];
    const int T = (M + Q - 1) / Q;
    const int Mp = T * Q;
    const int Mp2 = 2 * Mp;
    const int ipb = blockDim.x / T;
    const int il = threadIdx.x / T;
    const int lt = threadIdx.x - il * T;
    const long long inst = (long long) blockIdx.x * ipb + il;
    const bool active = il < ipb && inst < count;
    const int W = 2 * Mp + 2 * Q + 2 * (Mp / Q) + 8;
    u64* R = bi_sh + (active ? (long long) il * W : 0);
    u32* Bz32 = (u32*) R;
    if (active) {
        bi_stage32<Q>(Bz32, 0, Mp + 2 * Q, a + inst * strideA, M, T, lt, Q);
    }
    __syncthreads();
    u64 rl[Q + 2], rh[Q + 2];
    if (active) {
        u32 w0[Q2], w1[Q2], w2[Q2];
        const int c2 = lt * Q2;
#pragma unroll
        for (int q = 0; q < Q2; q++) w0[q] = w1[q] = w2[q] = 0;
        bi_cols32<Q, false>(Bz32, Q2, Bz32, c2, 0, c2 / 2, w0, w1, w2);
        bi_cols32<Q, true>(Bz32, Q2, Bz32, c2, c2 / 2, c2 / 2 + Q, w0, w1, w2);
        bi_combine32<Q>(w0, w1, w2, rl);
        bi_double<Q>(rl);
        bi_add_diag<Q>(Bz32, c2, rl);
        const int h2 = Mp2 + c2;
#pragma unroll
        for (int q = 0; q < Q2; q++) w0[q] = w1[q] = w2[q] = 0;
        bi_cols32<Q, false>(Bz32, Q2, Bz32, h2, c2 + 1, h2 / 2, w0, w1, w2);
        bi_cols32<Q, true>(Bz32, Q2, Bz32, h2, h2 / 2, h2 / 2 + Q, w0, w1, w2);
        bi_combine32<Q>(w0, w1, w2, rh);
        bi_double<Q>(rh);
        bi_add_diag<Q>(Bz32, h2, rh);
    }
    __syncthreads();
    bi_mul_tail<Q>(R, wsh, lowCarry, rl, rh, T, lt, il, active, c + inst * strideC, 2 * M);
}

#define BI_LOSQ_KERNEL(Q, BOUND)                                                                  \
    extern "C" __global__ void __launch_bounds__(BOUND) bi_mullo32_q##Q(                          \
            const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,             \
            long long strideB, u64* __restrict__ c, long long strideC, int M, long long count) {  \
        bi_mullo<Q>(a, strideA, b, strideB, c, strideC, M, count);                                \
    }                                                                                             \
    extern "C" __global__ void __launch_bounds__(BOUND) bi_sqr32_q##Q(                            \
            const u64* __restrict__ a, long long strideA, u64* __restrict__ c, long long strideC, \
            int M, long long count) {                                                             \
        bi_sqr<Q>(a, strideA, c, strideC, M, count);                                              \
    }

BI_LOSQ_KERNEL(2, 1024)
BI_LOSQ_KERNEL(4, 1024)
BI_LOSQ_KERNEL(8, 512)

// ---------------------------------------------------------------------------------------------
// M5Mult (the thesis's chapter 5, Algorithms 10-13): the classical product through Karatsuba
// intermediate products, on 32-bit digits
// ---------------------------------------------------------------------------------------------

// One Karatsuba intermediate product of the thesis (operation M2), added to column i + j as one
// triple-digit addition (A3): T = (x_i - x_j)(y_j - y_i) + z_i + z_j = x_i y_j + x_j y_i, which is
// >= 0 and < 2^65; the product of the two differences is formed from their magnitudes (each below
// 2^32) and subtracted when their signs differ. The column (Mlo, Mc) is the triple digit
// lo + Mc 2^64.
__device__ __forceinline__ void bi_m5_kip(const u32* X, const u32* Y, const u64* Z, u64* Mlo, u32* Mc, int i, int j) {
    const u32 xi = X[i], xj = X[j], yi = Y[i], yj = Y[j];
    const u32 dx = xi >= xj ? xi - xj : xj - xi;
    const u32 dy = yj >= yi ? yj - yi : yi - yj;
    const bool neg = (xi < xj) != (yj < yi);
    const u64 p = (u64) dx * dy;
    const u64 zi = Z[i];
    u64 s = zi + Z[j];
    u32 sh = s < zi;
    if (neg) {
        sh -= s < p;
        s -= p;
    } else {
        s += p;
        sh += s < p;
    }
    const int col = i + j;
    const u64 lo = Mlo[col] + s;
    Mc[col] += sh + (lo < s);
    Mlo[col] = lo;
}

// bi_m5mult(a, strideA, b, strideB, c, strideC, M, count): c = a b (2 M limbs), one instance per
// block (gridDim.x = count). The operands are read as k = 2M 32-bit digits (the thesis's
// beta = 2^32), zero-padded to K = lambda s with the chunk size s = 64 (lambda = ceil(M / 32)).
// Launch: blockDim.x a multiple of 32 in [max(32, ceil(M / 4)), 1024] (W = blockDim.x / 32
// warps); dynamic shared memory 40 K bytes (Z: K u64, M: 2K u64 + 2K u32, x and y: K u32 each),
// so M <= 2848 limbs on sm_90 (227 KiB), M <= 1152 at 96 KiB.
// Steps, with the thesis's names (barriers between them):
//   Loop I      z_i = x_i y_i, i < K, over all threads.
//   SingleCM    chunk c (the s(s-1)/2 pairs i < j inside it) on one warp, the chunks over the
//               warps: s/2 rounds d = 1 .. s/2; in round d lane l takes the pairs (l, l + d) and,
//               for d < s/2, (l + s/2, (l + s/2 + d) mod s) (Algorithm 12's i, t). The columns a
//               round touches are 2l + d and 2l + d + s (or 2l + d again, the lane's own) - all
//               different across lanes, so the triple-digit additions need no atomics; rounds are
//               separated by __syncwarp. Chunks touch disjoint column ranges [2cs, 2cs + 2s - 2].
//   DoubleCM    chunk pairs (c, c'), c < c' (Algorithm 10's second loop nest): c in sequence, c'
//               in parallel over the warps, in two phases (c' - c odd, then even) so that the
//               pairs of a phase touch disjoint column ranges [(c + c')s, (c + c')s + 2s - 2]
//               (the thesis leaves this conflict implicit). One pair on one warp: s rounds r, lane
//               l takes (l, (l + r) mod s) and (l + s/2, (l + s/2 + r) mod s) of the two chunks;
//               again distinct columns within a round.
//   Loop III    M_(2i) += z_i.
//   ConvertLHC  the columns summed with their carries: chunks of 4 limbs (8 columns) per thread,
//               Q + 2 words each, and the single-block products' carry phase (bi_mul_tail).
// Work: k z-products, k(k-1)/2 Karatsuba intermediate products (one 32 x 32-bit multiplication,
// two subtractions, two triple-digit additions each), k triple-digit additions - the thesis's
// equation (5.10); span about (2 lambda + 1) s^2 / 2 rounds in the thesis's analysis, here
// (s/2 + 2 s ceil((lambda - 1 - c)/2 / W) summed over c) rounds.
__device__ __forceinline__ void bi_m5(const u64* __restrict__ a, long long strideA, const u64* __restrict__ b,
                                      long long strideB, u64* __restrict__ c, long long strideC, int M) {
    constexpr int s = 64;
    constexpr int Q = 4;
    extern __shared__ u64 bi_sh[];
    __shared__ u32 wsh[32];
    __shared__ u32 lowCarry[1024];
    const int lambda = (M + 31) / 32;
    const int K = lambda * s;
    const long long inst = blockIdx.x;
    u64* Z = bi_sh;
    u64* Mlo = Z + K;
    u32* X = (u32*) (Mlo + 2 * K);
    u32* Y = X + K;
    u32* Mc = Y + K;
    const int tid = threadIdx.x;
    const int nt = blockDim.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int W = nt >> 5;
    {
        const u64* ai = a + inst * strideA;
        const u64* bi = b + inst * strideB;
        for (int j = tid; j < K / 2; j += nt) {
            const u64 va = j < M ? ai[j] : 0;
            const u64 vb = j < M ? bi[j] : 0;
            X[2 * j] = (u32) va;
            X[2 * j + 1] = (u32) (va >> 32);
            Y[2 * j] = (u32) vb;
            Y[2 * j + 1] = (u32) (vb >> 32);
        }
        for (int j = tid; j < 2 * K; j += nt) {
            Mlo[j] = 0;
            Mc[j] = 0;
        }
    }
    __syncthreads();
    for (int i = tid; i < K; i += nt) { // Loop I
        Z[i] = (u64) X[i] * Y[i];
    }
    __syncthreads();
    for (int ch = warp; ch < lambda; ch += W) { // SingleCM, chunks in parallel
        const int base = ch * s;
        for (int d = 1; d <= s / 2; d++) {
            bi_m5_kip(X, Y, Z, Mlo, Mc, base + lane, base + lane + d);
            if (d < s / 2) {
                bi_m5_kip(X, Y, Z, Mlo, Mc, base + lane + s / 2, base + ((lane + s / 2 + d) & (s - 1)));
            }
            __syncwarp();
        }
    }
    __syncthreads();
    for (int ci = 0; ci + 1 < lambda; ci++) { // DoubleCM: ci in sequence
        for (int phase = 0; phase < 2; phase++) {
            for (int cj = ci + 1 + phase + 2 * warp; cj < lambda; cj += 2 * W) {
                const int bi = ci * s, bj = cj * s;
                for (int r = 0; r < s; r++) {
                    bi_m5_kip(X, Y, Z, Mlo, Mc, bi + lane, bj + ((lane + r) & (s - 1)));
                    bi_m5_kip(X, Y, Z, Mlo, Mc, bi + lane + s / 2, bj + ((lane + s / 2 + r) & (s - 1)));
                    __syncwarp();
                }
            }
            __syncthreads();
        }
    }
    for (int i = tid; i < K; i += nt) { // Loop III
        const u64 lo = Mlo[2 * i] + Z[i];
        Mc[2 * i] += lo < Z[i];
        Mlo[2 * i] = lo;
    }
    __syncthreads();
    // ConvertLHC: thread lt < T sums the columns of limbs lt Q .. and (T + lt) Q .. .
    const int T = (M + Q - 1) / Q;
    const bool active = tid < T;
    u64 rl[Q + 2], rh[Q + 2];
    if (active) {
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int col0 = 2 * Q * (h * T + tid);
            u64 acc[2 * Q + 4];
#pragma unroll
            for (int q = 0; q < 2 * Q + 4; q++) acc[q] = 0;
#pragma unroll
            for (int q = 0; q < 2 * Q; q++) {
                const int col = col0 + q;
                const u64 lo = col < 2 * K ? Mlo[col] : 0;
                const u64 cw = col < 2 * K ? Mc[col] : 0;
                acc[q] += lo & 0xffffffffull;
                acc[q + 1] += lo >> 32;
                acc[q + 2] += cw;
            }
            u64* r = h == 0 ? rl : rh;
            u64 cy = 0;
            u32 w32[2 * Q + 4];
#pragma unroll
            for (int q = 0; q < 2 * Q + 4; q++) {
                const u64 t = acc[q] + cy;
                w32[q] = (u32) t;
                cy = t >> 32;
            }
#pragma unroll
            for (int k = 0; k < Q + 2; k++) {
                r[k] = (u64) w32[2 * k] | ((u64) w32[2 * k + 1] << 32);
            }
        }
    }
    __syncthreads(); // the columns are dead: bi_mul_tail reuses the region
    bi_mul_tail<Q>(bi_sh, wsh, lowCarry, rl, rh, T, tid, 0, active, c + inst * strideC, 2 * M);
}

extern "C" __global__ void __launch_bounds__(1024) bi_m5mult(const u64* __restrict__ a, long long strideA,
                                                           const u64* __restrict__ b, long long strideB,
                                                           u64* __restrict__ c, long long strideC, int M,
                                                           long long count) {
    bi_m5(a, strideA, b, strideB, c, strideC, M);
}

// ---------------------------------------------------------------------------------------------
// Multi-block products: one instance over several blocks (bands of output columns)
// ---------------------------------------------------------------------------------------------

// bi_mulmb_band_q8(a, strideA, b, strideB, c, strideC, h, M, outLen, count, bands): the column
// sums of c = a b (outLen = 2M limbs: the full product; outLen = M: the low half), band g of
// instance i in block i * bands + g (gridDim.x = count * bands, bands = ceil(ceil(outLen / Q) /
// blockDim.x)). Thread lt of band g owns chunk k = g blockDim.x + lt, limbs kQ .. kQ + Q - 1, and
// accumulates its 2Q 32-bit columns over the digits of a in tiles of TI = 2Q blockDim.x words
// (a's tile and the window of b it meets staged in shared memory, zeros outside the operands;
// within a tile only the digits max(0, C0 - 2M + 1) <= i < min(2M, C0 + TI) that meet the band),
// as bi_mul32 does inside one block; it writes the chunk's Q low words to c (limbs below outLen)
// and its two top words to h[(i * nchunks + k) * 2 ..], nchunks = bands * blockDim.x.
// Launch: blockDim.x = 128 (Q = 8: 1024-limb bands); dynamic shared memory
// (3 TI + 3 TI / 16 + 8) * 4 bytes = 25.6 KiB. Any M >= 1 (count * bands < 2^31 blocks); h holds
// 2 count nchunks words. Then bi_mulmb_carry adds the top words and propagates the carries.
// One thread's terms of one tile: digits i (tile-relative) in [is, ie), columns c2 + q, the
// digit x_i = A32[pad(i)] meeting y = Bw[pad(off + q - i)]. HALF: only the terms with
// 2 i < colRel + q (colRel = c2 - 2 i0: the square's i < j).
template <int Q, bool HALF>
__device__ __forceinline__ void bi_band_loop(const u32* A32, const u32* Bw, int off, int is, int ie, int colRel,
                                             u32* w0, u32* w1, u32* w2) {
    constexpr int Q2 = 2 * Q;
    if (is >= ie) {
        return;
    }
    u32 w[Q2];
#pragma unroll
    for (int q = 0; q < Q2; q++) {
        w[q] = Bw[bi_pad<Q2>(off + q - is)];
    }
    for (int i = is; i < ie; i++) {
        if (i > is) {
#pragma unroll
            for (int q = Q2 - 1; q > 0; q--) {
                w[q] = w[q - 1];
            }
            w[0] = Bw[bi_pad<Q2>(off - i)];
        }
        const u32 xi = A32[bi_pad<Q2>(i)];
#pragma unroll
        for (int q = 0; q < Q2; q++) {
            bi_mac32(w0[q], w1[q], w2[q], xi, HALF && 2 * i >= colRel + q ? 0u : w[q]);
        }
    }
}

// SQ (bi_sqrmb_band_q8, b = a): the square by symmetry, as bi_sqr32 does in one block: each
// thread sums only the terms i < j of its columns (the digits below c2 / 2 without a test, the
// next Q with one; the block's tiles stop at (C0 + TI) / 2), doubles its chunk and adds the
// squares x_(c2/2 + k)^2 of the digits on its even columns (read from global memory).
template <int Q, bool SQ>
__device__ __forceinline__ void bi_mulmb_band(const u64* __restrict__ a, long long strideA,
                                              const u64* __restrict__ b, long long strideB, u64* __restrict__ c,
                                              long long strideC, u64* __restrict__ h, int M, int outLen,
                                              long long count, int bands) {
    constexpr int Q2 = 2 * Q;
    extern __shared__ u64 bi_sh[];
    const int TB = blockDim.x;
    const int TI = Q2 * TB;                 // 32-bit digits of a per tile
    const long long inst = blockIdx.x / bands;
    const int g = (int) (blockIdx.x - inst * bands);
    const int lt = threadIdx.x;
    const int k = g * TB + lt;
    const int c2 = k * Q2;                  // the thread's first 32-bit column
    const int C0 = g * TB * Q2;             // the band's first 32-bit column
    const int n2 = 2 * M;                   // 32-bit digits per operand
    u32* A32 = (u32*) bi_sh;                // TI words (padded)
    u32* Bw = A32 + (TI + TI / Q2 + 2);     // window: 2 TI words (padded)
    const u64* ai = a + inst * strideA;
    const u64* bi = b + inst * strideB;
    u32 w0[Q2], w1[Q2], w2[Q2];
#pragma unroll
    for (int q = 0; q < Q2; q++) w0[q] = w1[q] = w2[q] = 0;
    // digits i of a meeting the band's columns [C0, C0 + TI): max(0, C0 - n2 + 1) <= i < min(n2, C0 + TI)
    const int iLo = max(0, C0 - n2 + 1) / TI * TI;
    const int iHi = SQ ? min(n2, (C0 + TI) / 2) : min(n2, C0 + TI);
    for (int i0 = iLo; i0 < iHi; i0 += TI) {
        // Bw[x] = y_(C0 - i0 - TI + 1 + x), x < 2 TI (the last word unused)
        const int y0 = C0 - i0 - TI + 1;
        for (int x = lt; x < TI / 2; x += TB) { // 64-bit limbs of a's tile
            const int j = i0 / 2 + x;
            const u64 v = j < M ? ai[j] : 0;
            A32[bi_pad<Q2>(2 * x)] = (u32) v;
            A32[bi_pad<Q2>(2 * x + 1)] = (u32) (v >> 32);
        }
        for (int x = lt; x < 2 * TI; x += TB) {
            const int j = y0 + x;
            const u64 v = j >= 0 && j < n2 ? bi[j >> 1] : 0;
            Bw[bi_pad<Q2>(x)] = (j & 1) ? (u32) (v >> 32) : (u32) v;
        }
        __syncthreads();
        // column c2 + q meets y_(c2 + q - i) = Bw[c2 + q - i - y0]
        const int off = c2 - i0 - y0; // = c2 - C0 + TI - 1 >= TI - 1
        // the digits of this tile that meet the band at all (the same bounds for the whole block)
        const int is = max(0, max(0, C0 - n2 + 1) - i0);
        const int ie = min(TI, iHi - i0);
        if (SQ) {
            const int u = c2 / 2 - i0; // the thread's digits below u need no test
            bi_band_loop<Q, false>(A32, Bw, off, is, min(ie, u), 0, w0, w1, w2);
            bi_band_loop<Q, true>(A32, Bw, off, max(is, u), min(ie, u + Q), c2 - 2 * i0, w0, w1, w2);
        } else {
            bi_band_loop<Q, false>(A32, Bw, off, is, ie, 0, w0, w1, w2);
        }
        __syncthreads();
    }
    u64 r[Q + 2];
    bi_combine32<Q>(w0, w1, w2, r);
    if (SQ) {
        bi_double<Q>(r);
        u64 cy = 0;
#pragma unroll
        for (int k = 0; k < Q; k++) { // column c2 + 2k is word k of the chunk
            const int d = c2 / 2 + k;
            const u64 v = d < n2 ? ai[d >> 1] : 0;
            const u64 x = (d & 1) ? v >> 32 : v & 0xffffffffull;
            const u64 dd = x * x;
            const u64 s1 = r[k] + dd;
            const u64 c1 = s1 < dd;
            const u64 s2 = s1 + cy;
            cy = c1 | (s2 < s1);
            r[k] = s2;
        }
        const u64 t = r[Q] + cy;
        r[Q + 1] += t < cy;
        r[Q] = t;
    }
    u64* ci = c + inst * strideC;
#pragma unroll
    for (int q = 0; q < Q; q++) {
        if (k * Q + q < outLen) {
            ci[k * Q + q] = r[q];
        }
    }
    const long long nchunks = (long long) bands * TB;
    h[(inst * nchunks + k) * 2] = r[Q];
    h[(inst * nchunks + k) * 2 + 1] = r[Q + 1];
}

// bi_mulmb_carry_q8(c, strideC, h, outLen, nchunks, count): c_i += the top words of the bands'
// chunks (chunk k's two words at limbs (k + 1) Q and (k + 1) Q + 1), carries propagated across
// the whole instance, result mod 2^(64 outLen). One instance per block (gridDim.x = count),
// blockDim.x any multiple of 32 up to 1024; thread t owns the limbs [t S, t S + S), S =
// ceil(outLen / blockDim.x): it adds its segment with carry-in 0 (flags g, p), one block scan
// gives every segment its carry-in, and the segment is added again and stored. Static shared
// memory only (128 bytes).
template <int Q>
__device__ __forceinline__ u64 bi_mb_hword(const u64* hi, int j, long long nchunks) {
    const int k = j / Q - 1;
    const int r = j - (k + 1) * Q;
    return k >= 0 && r < 2 && k < nchunks ? hi[2 * k + r] : 0;
}

template <int Q>
__device__ __forceinline__ void bi_mulmb_carry(u64* __restrict__ c, long long strideC, const u64* __restrict__ h,
                                               int outLen, long long nchunks, long long count) {
    __shared__ u32 wsh[32];
    const long long inst = blockIdx.x;
    const int t = threadIdx.x;
    const int S = (outLen + blockDim.x - 1) / blockDim.x;
    const int j0 = min(outLen, t * S), j1 = min(outLen, j0 + S);
    u64* ci = c + inst * strideC;
    const u64* hi = h + inst * nchunks * 2;
    u64 cy = 0;
    bool ones = true;
    for (int j = j0; j < j1; j++) {
        const u64 x = ci[j];
        const u64 y = bi_mb_hword<Q>(hi, j, nchunks);
        const u64 s = x + y;
        const u64 c1 = s < y;
        const u64 s2 = s + cy;
        cy = c1 | (s2 < s);
        ones = ones && s2 == ~0ull;
    }
    const u32 f = (cy ? BI_G : 0u) | (ones ? BI_P : 0u) | (t == 0 ? BI_S : 0u);
    u32 prev;
    bi_block_scan(f, &prev, wsh);
    cy = t == 0 ? 0 : bi_carry_in(prev, 0);
    for (int j = j0; j < j1; j++) {
        const u64 x = ci[j];
        const u64 y = bi_mb_hword<Q>(hi, j, nchunks);
        const u64 s = x + y;
        const u64 c1 = s < y;
        const u64 s2 = s + cy;
        cy = c1 | (s2 < s);
        ci[j] = s2;
    }
}

extern "C" __global__ void __launch_bounds__(128) bi_mulmb_band_q8(
        const u64* __restrict__ a, long long strideA, const u64* __restrict__ b, long long strideB,
        u64* __restrict__ c, long long strideC, u64* __restrict__ h, int M, int outLen, long long count, int bands) {
    bi_mulmb_band<8, false>(a, strideA, b, strideB, c, strideC, h, M, outLen, count, bands);
}

// The square a^2 by symmetry over bands (bi_mulmb_band_q8's launch, shared memory and h, with
// outLen = 2M); then bi_mulmb_carry_q8.
extern "C" __global__ void __launch_bounds__(128) bi_sqrmb_band_q8(
        const u64* __restrict__ a, long long strideA, u64* __restrict__ c, long long strideC, u64* __restrict__ h,
        int M, int outLen, long long count, int bands) {
    bi_mulmb_band<8, true>(a, strideA, a, strideA, c, strideC, h, M, outLen, count, bands);
}

extern "C" __global__ void __launch_bounds__(1024) bi_mulmb_carry_q8(u64* __restrict__ c, long long strideC,
                                                                   const u64* __restrict__ h, int outLen,
                                                                   long long nchunks, long long count) {
    bi_mulmb_carry<8>(c, strideC, h, outLen, nchunks, count);
}
