// CGBN peer of bigint_harness.cu: 1-Add (r = a + b, carry-out dropped) and 1-Mul (the full
// 2 NumBits-bit product, CGBN's mul_wide) over the midsize paper's grid, NumBits = 2^11 .. 2^15
// (CGBN's limit is 32 Kbit), NumInsts = 2^TOTAL / NumBits, the same data generator and metrics as
// bigint_harness.cu, threads per instance 8, 16 and 32 (the best reported, as the paper does).
// Results are checked against a CPU reference on a sample of instances (4096 for add, 48 for
// mul, the first and last among them).
// Division (cgbn_div_rem: quotient and remainder, CGBN's own division, the division paper's peer)
// on the data of div_harness.cu, generated on the device by the same formulas and seeds: `paper`,
// the division paper's data (u of M - 2 limbs, v of a random 2 .. M/2 limbs; div_harness's
// `mixed` mode, seed + NumBits), and `half` (u of M limbs, v of M/2 limbs; its `paper` mode),
// NumBits 2^11 .. 2^15 (2^13 .. 2^15 for `paper`, as the paper's table), NumInsts = 2^TOTAL / NumBits,
// TPI 8, 16, 32; 64 instances (the first and last among them) checked against GMP's mpz_tdiv_qr.
//
// Build (CGBN's host side needs gmp.h; no GMP function is called, libgmp.a is linked anyway):
//   nvcc -O3 -arch=sm_90 -std=c++17 -I $CGBN/include cgbn_peer.cu -o cgbn_peer -lgmp
// Run:   ./cgbn_peer [seed] [TOTAL=32] [reps=5] [what=all|addmul|div]
#include <gmp.h>
#include "cgbn/cgbn.h"
#include "harness_common.h"
#include <string>
#include <vector>

template <uint32_t TPI, uint32_t BITS>
struct Peer {
    typedef cgbn_context_t<TPI> context_t;
    typedef cgbn_env_t<context_t, BITS> env_t;
    typedef typename env_t::cgbn_t bn_t;
    typedef typename env_t::cgbn_wide_t wide_t;
};

template <uint32_t TPI, uint32_t BITS>
__global__ void cgbn_add_kernel(cgbn_mem_t<BITS>* a, cgbn_mem_t<BITS>* b, cgbn_mem_t<BITS>* r, uint32_t count) {
    uint32_t inst = (blockIdx.x * blockDim.x + threadIdx.x) / TPI;
    if (inst >= count) return;
    typename Peer<TPI, BITS>::context_t ctx(cgbn_no_checks);
    typename Peer<TPI, BITS>::env_t env(ctx);
    typename Peer<TPI, BITS>::bn_t x, y, z;
    cgbn_load(env, x, &a[inst]);
    cgbn_load(env, y, &b[inst]);
    cgbn_add(env, z, x, y);
    cgbn_store(env, &r[inst], z);
}

// r holds 2 count entries: instance i's low half at r[2i], high half at r[2i + 1].
template <uint32_t TPI, uint32_t BITS>
__global__ void cgbn_mul_kernel(cgbn_mem_t<BITS>* a, cgbn_mem_t<BITS>* b, cgbn_mem_t<BITS>* r, uint32_t count) {
    uint32_t inst = (blockIdx.x * blockDim.x + threadIdx.x) / TPI;
    if (inst >= count) return;
    typename Peer<TPI, BITS>::context_t ctx(cgbn_no_checks);
    typename Peer<TPI, BITS>::env_t env(ctx);
    typename Peer<TPI, BITS>::bn_t x, y;
    typename Peer<TPI, BITS>::wide_t w;
    cgbn_load(env, x, &a[inst]);
    cgbn_load(env, y, &b[inst]);
    cgbn_mul_wide(env, w, x, y);
    cgbn_store(env, &r[2 * inst], w._low);
    cgbn_store(env, &r[2 * inst + 1], w._high);
}

template <uint32_t TPI, uint32_t BITS>
__global__ void cgbn_div_kernel(cgbn_mem_t<BITS>* u, cgbn_mem_t<BITS>* v, cgbn_mem_t<BITS>* q, cgbn_mem_t<BITS>* r,
                                uint32_t count) {
    uint32_t inst = (blockIdx.x * blockDim.x + threadIdx.x) / TPI;
    if (inst >= count) return;
    typename Peer<TPI, BITS>::context_t ctx(cgbn_no_checks);
    typename Peer<TPI, BITS>::env_t env(ctx);
    typename Peer<TPI, BITS>::bn_t x, y, z, w;
    cgbn_load(env, x, &u[inst]);
    cgbn_load(env, y, &v[inst]);
    cgbn_div_rem(env, z, w, x, y);
    cgbn_store(env, &q[inst], z);
    cgbn_store(env, &r[inst], w);
}

// div_harness.cu's instance i (seed s = seed + 7919 i), padded to M limbs: paper (its run_mixed):
// u of M - 2 limbs gen_word(s, 2j), v of nv = 2 + gen_word(s, ~0) % (M/2 - 1) limbs gen_word(s, 2j + 1);
// half (its run_batch, pattern 0, h = M, k + 1 = M/2): u of M limbs, v of M/2 limbs; a zero top
// limb of v made 1.
__global__ void fill_div(u64* u, u64* v, int M, u64 count, u64 seed, int paper) {
    const u64 n = count * (u64) M;
    for (u64 x = (u64) blockIdx.x * blockDim.x + threadIdx.x; x < n; x += (u64) gridDim.x * blockDim.x) {
        u64 i = x / M;
        int j = (int) (x % M);
        u64 s = seed + i * 7919;
        int nu = paper ? M - 2 : M;
        int nv = paper ? 2 + (int) (gen_word(s, ~0ull) % (u64) (M / 2 - 1)) : M / 2;
        u[x] = j < nu ? gen_word(s, 2 * (u64) j) : 0;
        u64 w = j < nv ? gen_word(s, 2 * (u64) j + 1) : 0;
        if (j == nv - 1 && w == 0) w = 1;
        v[x] = w;
    }
}

static u64 g_seedA, g_seedB;
static int g_reps = 5;
static int g_fail = 0;

// CPU reference for a sample of instances (M 64-bit limbs, the generator's data).
static void check(const char* op, int M, u64 count, const u64* got, bool mul, int tpi, int bits) {
    std::vector<u64> a(M), b(M), r(2 * M);
    u64 samples = mul ? 48 : 4096;
    for (u64 s = 0; s < samples && s < count; s++) {
        u64 i = s < 2 ? s * (count - 1) : gen_word(g_seedA ^ 0x5555, s) % count;
        for (int j = 0; j < M; j++) {
            a[j] = gen_word(g_seedA, i * M + j);
            b[j] = gen_word(g_seedB, i * M + j);
        }
        int rl = mul ? 2 * M : M;
        for (int j = 0; j < rl; j++) r[j] = 0;
        if (mul) {
            for (int x = 0; x < M; x++) {
                unsigned __int128 c = 0;
                for (int y = 0; y < M; y++) {
                    unsigned __int128 t = (unsigned __int128) a[x] * b[y] + r[x + y] + c;
                    r[x + y] = (u64) t;
                    c = t >> 64;
                }
                r[x + M] = (u64) c;
            }
        } else {
            unsigned __int128 c = 0;
            for (int j = 0; j < M; j++) {
                c += (unsigned __int128) a[j] + b[j];
                r[j] = (u64) c;
                c >>= 64;
            }
        }
        const u64* g = got + i * rl;
        for (int j = 0; j < rl; j++) {
            if (g[j] != r[j]) {
                if (g_fail < 10) printf("CGBN MISMATCH %s bits=%d tpi=%d inst=%llu limb=%d\n", op, bits, tpi, i, j);
                g_fail++;
                break;
            }
        }
    }
}

template <uint32_t TPI, uint32_t BITS>
static void run_one(u64* dA, u64* dB, u64* dR, u64 count, std::vector<u64>& host) {
    const int M = BITS / 64;
    const int tpb = 128;
    uint32_t blocks = (uint32_t) ((count * TPI + tpb - 1) / tpb);
    auto* A = (cgbn_mem_t<BITS>*) dA;
    auto* B = (cgbn_mem_t<BITS>*) dB;
    auto* R = (cgbn_mem_t<BITS>*) dR;
    float addMs = min_time_ms(g_reps, [&] { cgbn_add_kernel<TPI, BITS><<<blocks, tpb>>>(A, B, R, (uint32_t) count); CKL(); });
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(host.data(), dR, count * M * 8, cudaMemcpyDeviceToHost));
    check("add", M, count, host.data(), false, TPI, BITS);
    float mulMs = min_time_ms(BITS >= 16384 ? 3 : g_reps, [&] { cgbn_mul_kernel<TPI, BITS><<<blocks, tpb>>>(A, B, R, (uint32_t) count); CKL(); });
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(host.data(), dR, count * 2 * M * 8, cudaMemcpyDeviceToHost));
    check("mul", M, count, host.data(), true, TPI, BITS);
    printf("cgbn,%u,%llu,%u,%.4f,%.1f,%.4f,%.1f\n", BITS, count, TPI, addMs, add_gbs(BITS, count, addMs), mulMs,
           mul_gu32ops(BITS, count, mulMs));
    fflush(stdout);
}

template <uint32_t BITS>
static void run_size(u64* dA, u64* dB, u64* dR, int total, std::vector<u64>& host) {
    u64 count = (1ULL << total) / BITS;
    device_fill_random(dA, count * BITS / 64, g_seedA);
    device_fill_random(dB, count * BITS / 64, g_seedB);
    CK(cudaDeviceSynchronize());
    run_one<8, BITS>(dA, dB, dR, count, host);
    run_one<16, BITS>(dA, dB, dR, count, host);
    run_one<32, BITS>(dA, dB, dR, count, host);
}

// Quotients and remainders of a sample of instances against GMP (mpz_tdiv_qr).
static int check_div(int M, u64 count, const u64* hu, const u64* hv, const u64* hq, const u64* hr, int tpi, int bits,
                     const char* data, u64 seed) {
    mpz_t a, b, q, r, gq, gr;
    mpz_inits(a, b, q, r, gq, gr, NULL);
    int bad = 0;
    for (u64 s = 0; s < 64 && s < count; s++) {
        u64 i = s < 2 ? s * (count - 1) : gen_word(seed ^ 0x3333, s) % count;
        mpz_import(a, M, -1, 8, 0, 0, hu + i * M);
        mpz_import(b, M, -1, 8, 0, 0, hv + i * M);
        mpz_import(gq, M, -1, 8, 0, 0, hq + i * M);
        mpz_import(gr, M, -1, 8, 0, 0, hr + i * M);
        mpz_tdiv_qr(q, r, a, b);
        if (mpz_cmp(q, gq) != 0 || mpz_cmp(r, gr) != 0) {
            if (g_fail < 10) printf("CGBN MISMATCH div %s bits=%d tpi=%d inst=%llu\n", data, bits, tpi, i);
            g_fail++;
            bad++;
        }
    }
    mpz_clears(a, b, q, r, gq, gr, NULL);
    return bad;
}

template <uint32_t TPI, uint32_t BITS>
static void run_div_one(u64* dU, u64* dV, u64* dQ, u64* dR, u64 count, std::vector<u64>& hu, std::vector<u64>& hv,
                        std::vector<u64>& hq, std::vector<u64>& hr, const char* data, u64 seed) {
    // CGBN's division needs LIMBS = BITS / 32 / TPI <= TPI (core.cu: no dlimbs algorithm beyond that)
    if constexpr (BITS / 32 / TPI > TPI) {
        printf("cgbn-div,%s,%u,%llu,%u,,not supported by CGBN (BITS / 32 / TPI > TPI)\n", data, BITS, count, TPI);
        return;
    } else {
    const int M = BITS / 64;
    const int tpb = 128;
    uint32_t blocks = (uint32_t) ((count * TPI + tpb - 1) / tpb);
    auto* U = (cgbn_mem_t<BITS>*) dU;
    auto* V = (cgbn_mem_t<BITS>*) dV;
    auto* Q = (cgbn_mem_t<BITS>*) dQ;
    auto* R = (cgbn_mem_t<BITS>*) dR;
    cgbn_div_kernel<TPI, BITS><<<blocks, tpb>>>(U, V, Q, R, (uint32_t) count); // untimed, checked
    CKL();
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hq.data(), dQ, count * M * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hr.data(), dR, count * M * 8, cudaMemcpyDeviceToHost));
    int bad = check_div(M, count, hu.data(), hv.data(), hq.data(), hr.data(), TPI, BITS, data, seed);
    float ms = min_time_ms(g_reps, [&] { cgbn_div_kernel<TPI, BITS><<<blocks, tpb>>>(U, V, Q, R, (uint32_t) count); CKL(); });
    printf("cgbn-div,%s,%u,%llu,%u,%.4f,%s\n", data, BITS, count, TPI, ms, bad ? "FAIL" : "64-gmp");
    fflush(stdout);
    }
}

template <uint32_t BITS>
static void run_div_size(u64* dU, u64* dV, u64* dQ, u64* dR, int total, u64 seed, bool paper) {
    const int M = BITS / 64;
    u64 count = (1ULL << total) / BITS;
    u64 s = seed + BITS; // div_harness: run_mixed / run_batch(..., seed + bits, ...)
    fill_div<<<1024, 256>>>(dU, dV, M, count, s, paper ? 1 : 0);
    CKL();
    CK(cudaDeviceSynchronize());
    std::vector<u64> hu(count * M), hv(count * M), hq(count * M), hr(count * M);
    CK(cudaMemcpy(hu.data(), dU, count * M * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hv.data(), dV, count * M * 8, cudaMemcpyDeviceToHost));
    const char* data = paper ? "paper" : "half";
    run_div_one<8, BITS>(dU, dV, dQ, dR, count, hu, hv, hq, hr, data, s);
    run_div_one<16, BITS>(dU, dV, dQ, dR, count, hu, hv, hq, hr, data, s);
    run_div_one<32, BITS>(dU, dV, dQ, dR, count, hu, hv, hq, hr, data, s);
}

int main(int argc, char** argv) {
    u64 seed = argc > 1 ? strtoull(argv[1], 0, 0) : 12345;
    int total = argc > 2 ? atoi(argv[2]) : 32;
    g_reps = argc > 3 ? atoi(argv[3]) : 5;
    std::string what = argc > 4 ? argv[4] : "all";
    g_seedA = mix64(seed);
    g_seedB = mix64(seed + 1);
    print_device();
    printf("# cgbn_peer seed=%llu total=2^%d reps=%d (min of reps, CUDA events)\n", seed, total, g_reps);
    size_t bytes = (1ULL << total) / 8;
    u64 *dA, *dB, *dR;
    CK(cudaMalloc(&dA, bytes));
    CK(cudaMalloc(&dB, bytes));
    CK(cudaMalloc(&dR, 2 * bytes));
    std::vector<u64> host(2 * bytes / 8);
    printf("copy,d2d,%zu bytes,%.1f GB/s\n", bytes, copy_gbs(dR, dA, bytes, g_reps));
    if (what == "all" || what == "addmul") {
        printf("peer,bits,insts,tpi,add_ms,add_GBs,mul_ms,mul_Gu32ops\n");
        run_size<2048>(dA, dB, dR, total, host);
        run_size<4096>(dA, dB, dR, total, host);
        run_size<8192>(dA, dB, dR, total, host);
        run_size<16384>(dA, dB, dR, total, host);
        run_size<32768>(dA, dB, dR, total, host);
    }
    if (what == "all" || what == "div") {
        // u, v in dA, dB; q, r in the two halves of dR
        printf("peer,data,bits,insts,tpi,div_ms,checked\n");
        u64* dQ = dR;
        u64* dRem = dR + bytes / 8;
        run_div_size<8192>(dA, dB, dQ, dRem, total, seed, true);
        run_div_size<16384>(dA, dB, dQ, dRem, total, seed, true);
        run_div_size<32768>(dA, dB, dQ, dRem, total, seed, true);
        run_div_size<2048>(dA, dB, dQ, dRem, total, seed, false);
        run_div_size<4096>(dA, dB, dQ, dRem, total, seed, false);
        run_div_size<8192>(dA, dB, dQ, dRem, total, seed, false);
        run_div_size<16384>(dA, dB, dQ, dRem, total, seed, false);
        run_div_size<32768>(dA, dB, dQ, dRem, total, seed, false);
    }
    printf("copy,d2d,%zu bytes,%.1f GB/s\n", bytes, copy_gbs(dR, dA, bytes, g_reps));
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dR));
    printf("# cgbn check: %s (%d mismatches)\n", g_fail ? "FAIL" : "ok", g_fail);
    return g_fail ? 1 : 0;
}
