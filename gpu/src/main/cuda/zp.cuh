// Arithmetic modulo a word-size prime p < 2^62 shared by the kernel modules (included by
// ntt.cu and crt.cu; scripts/gpu-ptx.sh hashes it into every PTX it builds).
#pragma once

typedef unsigned long long u64;

// a b R^-1 mod p for a b < p 2^64 (a, b < p < 2^62, or any 64-bit a when b < p): the
// Montgomery product (REDC as in the CPU's ZpMontgomery). With m = lo p^-1 mod 2^64, m p has the low word lo, so a b - m p is exactly
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

// The same for 31-bit primes p < 2^31 with R = 2^32 (the prime-width comparison of the
// benchmarks): the GPU multiplies 32-bit words natively.
typedef unsigned int u32;

__device__ __forceinline__ u32 mont_mul(u32 a, u32 b, u32 p, u32 pinv) {
    const u64 ab = (u64) a * b;
    const u32 hi = (u32) (ab >> 32);
    const u32 mp = __umulhi((u32) ab * pinv, p);
    return hi >= mp ? hi - mp : hi - mp + p;
}

__device__ __forceinline__ u32 add_mod(u32 a, u32 b, u32 p) {
    u32 s = a + b;
    return s >= p ? s - p : s;
}

__device__ __forceinline__ u32 sub_mod(u32 a, u32 b, u32 p) {
    return a >= b ? a - b : a + p - b;
}
