// The exact tiling product of two big integers (the ID-FFT paper,
// gpu-integer-multiplication-tiling-and-fft, "The CUDA Tiling Multiplication Approach"; issue 16):
// the classical convolution cut into TILE x TILE tiles of 32-bit limb products, one block per
// tile, each block's 2 TILE - 1 column sums added atomically into the product's 64-bit limb
// windows. Contract, launched by org.modalg.gpu.GpuTilingProduct in this order:
//
//   tile_mul         grid (ceil(la / TILE), ceil(lb / TILE)), TILE threads: for the tile of limbs
//                    a[i0 .. i0 + TILE) x b[j0 .. j0 + TILE), column k = i0 + j0 + t (and t + TILE)
//                    of the product gets sum a_i b_j over i + j = k within the tile, added to the
//                    128-bit window W_w = lo_w + 2^64 hi_w of limb w = k / 2 (shifted by 32 bits
//                    when k is odd); lo and hi zeroed before
//   fp_carry_block, fp_carry_blocks, fp_carry_apply (fpfft.cu): limb w = lo_w + hi_(w-1) + carry
//
// Exactness. a and b are little-endian 32-bit limbs (the 64-bit limbs of the Java side read as
// pairs). A column sum within a tile has at most TILE terms below 2^64, so it is below
// 2^(64 + 8) and is held exactly in (lo64, hi32). Every addition into the windows is exact: lo_w
// takes the low 64 bits by atomicAdd and the carry out of that addition (old + x < x) goes with
// the high part into hi_w. W_w is then the exact sum of every column term of weight
// 2^(64 w) .. 2^(64 w + 64): W_w = c_(2w) + 2^32 c_(2w+1) with c_k <= min(la, lb) (2^32 - 1)^2,
// so W_w < 2^(97 + log2 min(la, lb)) and hi_w < 2^(33 + log2 min(la, lb)) < 2^63 for the sizes
// GpuTilingProduct admits (min(la, lb) <= 2^29): hi_w read as a signed word is non-negative, as
// fp_carry_block expects. The carry chain then yields the product's limbs exactly.

#define TILE 256

// one column sum of the tile into the windows: (hi:lo) = sum, column k of the whole product
__device__ __forceinline__ void tile_add_column(unsigned long long* __restrict__ wlo,
        unsigned long long* __restrict__ whi, long long k, unsigned long long lo, unsigned int hi) {
    if (lo == 0ULL && hi == 0u) {
        return;
    }
    long long w = k >> 1;
    unsigned long long xl;
    unsigned long long xh;
    if ((k & 1) == 0) {
        xl = lo;
        xh = hi;
    } else { // (hi:lo) 2^32
        xl = lo << 32;
        xh = ((unsigned long long) hi << 32) | (lo >> 32);
    }
    unsigned long long old = atomicAdd(&wlo[w], xl);
    unsigned long long carry = old + xl < xl ? 1ULL : 0ULL;
    if (xh + carry != 0ULL) {
        atomicAdd(&whi[w], xh + carry);
    }
}

// acc (3 words, little-endian) += x y, by the carry chain: three instructions per product
__device__ __forceinline__ void tile_mac(unsigned int& c0, unsigned int& c1, unsigned int& c2, unsigned int x,
        unsigned int y) {
    asm("mad.lo.cc.u32 %0, %3, %4, %0;\n\t"
        "madc.hi.cc.u32 %1, %3, %4, %1;\n\t"
        "addc.u32 %2, %2, 0;"
        : "+r"(c0), "+r"(c1), "+r"(c2)
        : "r"(x), "r"(y));
}

// blockDim.x must be TILE. Thread t sums column t (terms i = 0 .. t, j = t - i) and column
// t + TILE (i = t + 1 .. TILE - 1, j = t + TILE - i): TILE products for every thread (sa[i] is a
// broadcast, sb[j] a conflict-free read). The two loops' trip counts differ across a warp by at
// most 31, so a warp runs at most TILE + 31 iterations for its TILE products a thread.
extern "C" __global__ void tile_mul(const unsigned int* __restrict__ a, int la, const unsigned int* __restrict__ b,
        int lb, unsigned long long* __restrict__ wlo, unsigned long long* __restrict__ whi) {
    __shared__ unsigned int sa[TILE];
    __shared__ unsigned int sb[TILE];
    int t = threadIdx.x;
    long long i0 = (long long) blockIdx.x * TILE;
    long long j0 = (long long) blockIdx.y * TILE;
    sa[t] = i0 + t < la ? a[i0 + t] : 0u;
    sb[t] = j0 + t < lb ? b[j0 + t] : 0u;
    __syncthreads();
    unsigned int c0 = 0, c1 = 0, c2 = 0;
    for (int i = 0; i <= t; i++) {
        tile_mac(c0, c1, c2, sa[i], sb[t - i]);
    }
    long long k = i0 + j0 + t;
    tile_add_column(wlo, whi, k, ((unsigned long long) c1 << 32) | c0, c2);
    c0 = 0;
    c1 = 0;
    c2 = 0;
    for (int i = t + 1; i < TILE; i++) {
        tile_mac(c0, c1, c2, sa[i], sb[t + TILE - i]);
    }
    if (t < TILE - 1) {
        tile_add_column(wlo, whi, k + TILE, ((unsigned long long) c1 << 32) | c0, c2);
    }
}
