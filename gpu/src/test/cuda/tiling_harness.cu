// Standalone harness of the tiling product (tiling.cu with fpfft.cu's carry kernels), launched as
// GpuTilingProduct launches them: checks every product against the host (schoolbook limb for limb
// up to 2^14 limbs a side, else modulo 2^61 - 1 and the top limbs) on random and all-ones operands,
// and times the device part (zeroing, tile_mul, the three carry kernels; data on the device).
// Build and run: tiling-run.sh (nvcc -arch=sm_90); output: one CSV line per size and pattern.
#include "harness_check.h"
#include "../../main/cuda/fpfft.cu"
#include "../../main/cuda/tiling.cu"

#include <vector>

static void run(u64 bits, int pat, u64 seed) {
    int M = (int) ((bits + 63) / 64);
    int limbs = 2 * M;
    std::vector<u64> a(M), b(M);
    for (int j = 0; j < M; j++) {
        a[j] = pat == 0 ? gen_word(seed, 2 * j) : ~0ull;
        b[j] = pat == 0 ? gen_word(seed, 2 * j + 1) : ~0ull;
    }
    int carryBlocks = (limbs + FP_BLOCK - 1) / FP_BLOCK;
    u64 *dA, *dB, *dLo, *dHi, *dV;
    unsigned char *dPrefix, *dAgg;
    signed char* dIn;
    CK(cudaMalloc(&dA, 8ull * M));
    CK(cudaMalloc(&dB, 8ull * M));
    CK(cudaMalloc(&dLo, 8ull * limbs));
    CK(cudaMalloc(&dHi, 8ull * limbs));
    CK(cudaMalloc(&dV, 8ull * limbs));
    CK(cudaMalloc(&dPrefix, limbs));
    CK(cudaMalloc(&dAgg, carryBlocks));
    CK(cudaMalloc(&dIn, carryBlocks + 1));
    CK(cudaMemcpy(dA, a.data(), 8ull * M, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, b.data(), 8ull * M, cudaMemcpyHostToDevice));
    int tiles = (2 * M + TILE - 1) / TILE;
    auto product = [&] {
        CK(cudaMemsetAsync(dLo, 0, 8ull * limbs));
        CK(cudaMemsetAsync(dHi, 0, 8ull * limbs));
        tile_mul<<<dim3(tiles, tiles), TILE>>>((const unsigned*) dA, 2 * M, (const unsigned*) dB, 2 * M, dLo, dHi);
        CKL();
        fp_carry_block<<<carryBlocks, FP_BLOCK>>>(dLo, (const long long*) dHi, limbs, dV, dPrefix, dAgg);
        CKL();
        fp_carry_blocks<<<1, 1>>>(dAgg, carryBlocks, dIn);
        CKL();
        fp_carry_apply<<<carryBlocks, FP_BLOCK>>>(dV, dPrefix, dIn, limbs);
        CKL();
    };
    product();
    CK(cudaDeviceSynchronize());
    std::vector<u64> got(limbs);
    CK(cudaMemcpy(got.data(), dV, 8ull * limbs, cudaMemcpyDeviceToHost));
    signed char top;
    CK(cudaMemcpy(&top, dIn + carryBlocks, 1, cudaMemcpyDeviceToHost));
    std::string where = std::to_string(bits) + " bits, " + (pat == 0 ? "random" : "all-ones");
    if (top != 0) fail("top carry", where);
    if (M <= (1 << 14)) {
        std::vector<u64> want(limbs);
        ref_mul(a.data(), b.data(), want.data(), M);
        for (int j = 0; j < limbs; j++) {
            if (want[j] != got[j]) {
                fail("limb", where + " limb " + std::to_string(j));
                break;
            }
        }
    } else {
        u64 fa = fp61(M, [&](int j) { return a[j]; });
        u64 fb = fp61(M, [&](int j) { return b[j]; });
        u64 fc = fp61(limbs, [&](int j) { return got[j]; });
        if (mulmod61(fa, fb) != fc) fail("mod 2^61 - 1", where);
        if (pat == 1) { // (2^k - 1)^2 = 2^2k - 2^(k+1) + 1: limbs 1, 0.., 0xff..fe, ff..
            bool ok = got[0] == 1 && got[M] == ~1ull && got[limbs - 1] == ~0ull;
            for (int j = 1; j < M; j++) ok = ok && got[j] == 0;
            if (!ok) fail("all-ones pattern", where);
        }
    }
    float ms = min_time_ms(5, product);
    printf("%llu,%s,%d,%.4f\n", bits, pat == 0 ? "random" : "ones", tiles, ms);
    fflush(stdout);
    cudaFree(dA); cudaFree(dB); cudaFree(dLo); cudaFree(dHi); cudaFree(dV);
    cudaFree(dPrefix); cudaFree(dAgg); cudaFree(dIn);
}

int main(int argc, char** argv) {
    u64 seed = argc > 1 ? strtoull(argv[1], nullptr, 10) : 20261126;
    print_device();
    printf("# seed %llu\nbits,pattern,tiles_per_side,device_ms\n", seed);
    u64 sizes[] = {64, 1000, 8192, 10000, 30000, 100000, 300000, 1000000, 3000000, 10000000};
    for (u64 bits : sizes) {
        for (int pat = 0; pat < 2; pat++) run(bits, pat, seed + bits);
    }
    printf("# mismatches %d\n", g_fail);
    return g_fail == 0 ? 0 : 1;
}
