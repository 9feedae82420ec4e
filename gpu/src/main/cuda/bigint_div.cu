// Batched exact division of unsigned big integers by Newton's method on the whole shifted inverse
// (modalg gpu layer): S. M. Watt's shinv_h(v) = floor(B^h / v), B = 2^64, refined with growing
// precision, divisor prefixes and the close product B^h - v w (PowDiff), then the quotient
// floor(u w / B^h) and the corrections that make quotient and remainder exact; after Marchioro,
// Raahauge, Lovenskjold, Oancea and Watt, "On GPU implementation for multi-precision integer
// division" (../shared/papers/gpu-multiprecision-integer-division-newton.txt, Algorithms 1-3).
// The host-side algorithm and its bounds are those of polynomial's NewtonDivision (its class
// comment); the host orchestration is gpu's GpuNewtonDivision, whose schedule the standalone
// harness src/test/cuda/div_harness.cu repeats.
//
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT
// ----------------------------------------------------------------------------------------------
// Data as in bigint.cu: instance i of an operand x with stride s is the little-endian 64-bit limb
// array x[i s .. i s + s - 1]. The products are bigint.cu's bi_mul* kernels (two operands of M
// limbs, zero-padded by bd_extract, full product of 2 M limbs); this module holds the linear steps.
// Every batch has one shape: the divisor v of exactly k + 1 limbs (k >= 1, top limb nonzero, the
// host shifts divisor and dividend by whole limbs to get it) and the dividend u < B^h, h >= k + 2,
// so every length below is a function of (h, k) and the step, the same for all instances.
//
// Launch: bd_extract: any 1-D grid (grid-stride loop over count M limbs), e.g. 256 threads.
// Every other kernel: one warp per instance, blockDim.x = 128 (4 instances per block), gridDim.x =
// ceil(count / 4); no shared memory. flags[i] collects BD_POW (v = B^k: shinv = B^(h-k) exactly)
// and BD_FAIL (a length bound was exceeded, or the corrections did not end in 0 <= r < v: the
// host recomputes that instance on the CPU; never seen in the tests). All arguments are trusted.
//
// bd_extract(src, ss, off, len, dst, sd, M, count)
//     dst_i[j] = src_i[off + j] for j < len, 0 for len <= j < M (the caller keeps off + len within
//     src's row).
// bd_init(v, sv, k, w, sw, lw, flags, count)
//     flags_i = BD_POW when v_i = B^k, else 0; w_i = B^2 (B^3 quo (v_k B + v_(k-1))) on lw limbs:
//     the initial two-limb approximation of B^(k+2) / v with g = 2 guard limbs (Algorithm 1,
//     lines 12-13 and Refine's line 17).
// bd_powdiff(p, sp, lp, hp, x, sx, lx, sign, flags, count)
//     sign_i = 1 when p_i <= B^hp, else 0; x_i = |B^hp - p_i| on lx limbs (BD_FAIL if it needs
//     more). p is v' w of lp limbs, so that x is the close product of PowDiff, computed here from
//     the full product (exact whatever the bound).
// bd_step(w, sw, lw, t, st, lt, sign, a, c, wn, swn, lwn, flags, count)
//     wn_i = w_i B^a + floor(t_i / B^c) when sign_i, else w_i B^a - ceil(t_i / B^c), on lwn limbs
//     (BD_FAIL on overflow or a negative result): Watt's Step followed by Refine's shift down
//     (a = m - down, c = H - 2m + down).
// bd_inverse(w, sw, off, lw, out, so, lo, hk, flags, count)
//     out_i = B^hk when BD_POW (and BD_FAIL cleared), else floor(w_i / B^off), on lo limbs.
// bd_final(u, su, lu, p, sp, lp, v, sv, q, sq, lq, r, sr, lr, flags, count)
//     q_i enters as q0 (lq limbs), p_i = v_i q0 (lp limbs); r_i = u_i - p_i on lr limbs (lr >=
//     max(lu, lp) + 1, two's complement), then at most one step down (r < 0: q -= 1, r += v) and
//     three steps up (r >= v: q += 1, r -= v); BD_FAIL unless 0 <= r < v at the end.
// ----------------------------------------------------------------------------------------------

typedef unsigned long long u64;
typedef unsigned int u32;

#define BD_POW 1u
#define BD_FAIL 2u
#define BD_FULL 0xffffffffu

// The warp of the calling thread serves instance blockIdx.x * 4 + warp (blockDim.x = 128).
__device__ __forceinline__ long long bd_instance() {
    return (long long) blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
}

__device__ __forceinline__ int bd_lane() {
    return threadIdx.x & 31;
}

__device__ __forceinline__ u64 bd_ld(const u64* p, int j, int len) {
    return j >= 0 && j < len ? p[j] : 0;
}

// Carry resolution across the warp: lane i's partial result generates a carry (g) or passes one
// through (p); cin enters lane 0. Returns lane i's carry-in; *cout the carry out of lane 31.
// With G, P the ballots and X = (G << 1) | cin, the carries into the lanes are (P + X) ^ P: a
// carry entering lane i runs through the propagating lanes as the binary carry of P + X does.
__device__ __forceinline__ u32 bd_carry(bool g, bool p, u32 cin, u32* cout) {
    const u32 G = __ballot_sync(BD_FULL, g);
    const u32 P = __ballot_sync(BD_FULL, p);
    const u64 C = ((u64) P + (((u64) G << 1) | cin)) ^ (u64) P;
    *cout = (u32) (C >> 32) & 1u;
    return (u32) (C >> bd_lane()) & 1u;
}

// x + y + cin over one limb per lane; returns the limb, *cout the chunk's carry out.
__device__ __forceinline__ u64 bd_add32(u64 x, u64 y, u32 cin, u32* cout) {
    const u64 s = x + y;
    const u32 c = bd_carry(s < x, s == ~0ull, cin, cout);
    return s + c;
}

// x - y - bin over one limb per lane; returns the limb, *bout the chunk's borrow out.
__device__ __forceinline__ u64 bd_sub32(u64 x, u64 y, u32 bin, u32* bout) {
    const u64 d = x - y;
    const u32 b = bd_carry(x < y, d == 0, bin, bout);
    return d - b;
}

// ---- kernels ----------------------------------------------------------------------------------

extern "C" __global__ void bd_extract(const u64* __restrict__ src, long long ss, int off, int len,
                                      u64* __restrict__ dst, long long sd, int M, long long count) {
    const long long total = count * (long long) M;
    for (long long e = (long long) blockIdx.x * blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        const long long i = e / M;
        const int j = (int) (e - i * M);
        dst[i * sd + j] = j < len ? src[i * ss + off + j] : 0;
    }
}

// B^3 quo V for V = hi B + lo, hi >= 1, V != B (then the quotient is below B^2): restoring
// binary long division of 2^192, one bit per step, remainder below 2^129.
__device__ u64 bd_initial(u64 hi, u64 lo, u64* qhi) {
    u64 rt = 0, rh = 0, rl = 1; // R = 1 (the leading bit of 2^192), then 192 doublings
    u64 qh = 0, ql = 0;
    for (int i = 0; i < 192; i++) {
        rt = rh >> 63;
        rh = (rh << 1) | (rl >> 63);
        rl <<= 1;
        const bool ge = rt || rh > hi || (rh == hi && rl >= lo);
        qh = (qh << 1) | (ql >> 63);
        ql = (ql << 1) | (ge ? 1ull : 0ull);
        if (ge) {
            const u64 nl = rl - lo;
            rh = rh - hi - (rl < lo ? 1ull : 0ull);
            rl = nl;
        }
    }
    *qhi = qh;
    return ql;
}

extern "C" __global__ void bd_init(const u64* __restrict__ v, long long sv, int k, u64* __restrict__ w,
                                   long long sw, int lw, u32* __restrict__ flags, long long count) {
    const long long i = bd_instance();
    if (i >= count) {
        return;
    }
    const int lane = bd_lane();
    const u64* vi = v + i * sv;
    bool low = false; // any of v_0 .. v_(k-1) nonzero
    for (int j0 = 0; j0 < k; j0 += 32) {
        low |= __any_sync(BD_FULL, bd_ld(vi, j0 + lane, k) != 0) != 0;
    }
    const u64 hi = vi[k];
    const u64 lo = vi[k - 1];
    u64 q0 = 0, q1 = 0, q2 = 0;
    if (hi == 1 && lo == 0) {
        q2 = 1; // V = B: B^2
    } else if (lane == 0) {
        q0 = bd_initial(hi, lo, &q1);
    }
    q0 = __shfl_sync(BD_FULL, q0, 0);
    q1 = __shfl_sync(BD_FULL, q1, 0);
    u64* wi = w + i * sw;
    for (int j = lane; j < lw; j += 32) {
        wi[j] = j == 2 ? q0 : j == 3 ? q1 : j == 4 ? q2 : 0;
    }
    if (lane == 0) {
        flags[i] = (hi == 1 && !low) ? BD_POW : 0u;
    }
}

extern "C" __global__ void bd_powdiff(const u64* __restrict__ p, long long sp, int lp, int hp,
                                      u64* __restrict__ x, long long sx, int lx, u32* __restrict__ sign,
                                      u32* __restrict__ flags, long long count) {
    const long long i = bd_instance();
    if (i >= count) {
        return;
    }
    const int lane = bd_lane();
    const u64* pi = p + i * sp;
    u64* xi = x + i * sx;
    bool high = false; // p >= B^hp
    for (int j0 = hp; j0 < lp; j0 += 32) {
        high |= __any_sync(BD_FULL, bd_ld(pi, j0 + lane, lp) != 0) != 0;
    }
    bool fail = false;
    if (!high) {
        // x = B^hp - p: zeros below the lowest nonzero limb j0 of p, then -p_j0, then ~p_j
        int j0 = hp;
        for (int c = 0; c < hp && j0 == hp; c += 32) {
            const u32 nz = __ballot_sync(BD_FULL, bd_ld(pi, c + lane, min(hp, lp)) != 0);
            if (nz) {
                j0 = c + __ffs(nz) - 1;
            }
        }
        const int n = max(hp + 1, lx);
        for (int c = 0; c < n; c += 32) {
            const int j = c + lane;
            u64 y;
            if (j < j0) {
                y = 0;
            } else if (j == j0) {
                y = j0 == hp ? 1ull : 0ull - pi[j]; // p = 0: x = B^hp
            } else {
                y = j < hp ? ~bd_ld(pi, j, lp) : 0;
            }
            if (j < lx) {
                xi[j] = y;
            } else if (y != 0) {
                fail = true;
            }
        }
    } else {
        // x = p - B^hp: the limbs from hp up to the lowest nonzero one j1 >= hp lose a borrow
        int j1 = lp;
        for (int c = hp; c < lp && j1 == lp; c += 32) {
            const u32 nz = __ballot_sync(BD_FULL, bd_ld(pi, c + lane, lp) != 0);
            if (nz) {
                j1 = c + __ffs(nz) - 1;
            }
        }
        const int n = max(lp, lx);
        for (int c = 0; c < n; c += 32) {
            const int j = c + lane;
            const u64 pj = bd_ld(pi, j, lp);
            const u64 y = j < hp || j > j1 ? pj : pj - 1; // limbs hp .. j1 - 1 are 0 - 1 = ~0
            if (j < lx) {
                xi[j] = y;
            } else if (y != 0) {
                fail = true;
            }
        }
    }
    fail = __any_sync(BD_FULL, fail);
    if (lane == 0) {
        sign[i] = high ? 0u : 1u;
        if (fail) {
            flags[i] |= BD_FAIL;
        }
    }
}

extern "C" __global__ void bd_step(const u64* __restrict__ w, long long sw, int lw, const u64* __restrict__ t,
                                   long long st, int lt, const u32* __restrict__ sign, int a, int c,
                                   u64* __restrict__ wn, long long swn, int lwn, u32* __restrict__ flags,
                                   long long count) {
    const long long i = bd_instance();
    if (i >= count) {
        return;
    }
    const int lane = bd_lane();
    const u64* wi = w + i * sw;
    const u64* ti = t + i * st;
    u64* oi = wn + i * swn;
    const bool plus = sign[i] != 0;
    u32 cy = 0; // the carry (plus) or borrow (minus) between chunks
    if (!plus) {
        bool nz = false; // ceil: one more when any of t's c low limbs is nonzero
        for (int j0 = 0; j0 < c; j0 += 32) {
            nz |= __any_sync(BD_FULL, bd_ld(ti, j0 + lane, min(c, lt)) != 0) != 0;
        }
        cy = nz ? 1u : 0u;
    }
    const int n = max(max(lw + a, lt - c), lwn);
    bool fail = false;
    for (int c0 = 0; c0 < n; c0 += 32) {
        const int j = c0 + lane;
        const u64 x = bd_ld(wi, j - a, lw);
        const u64 y = bd_ld(ti, j + c, lt);
        u32 out;
        const u64 z = plus ? bd_add32(x, y, cy, &out) : bd_sub32(x, y, cy, &out);
        cy = out;
        if (j < lwn) {
            oi[j] = z;
        } else if (z != 0) {
            fail = true;
        }
    }
    fail = __any_sync(BD_FULL, fail) || cy != 0;
    if (lane == 0 && fail) {
        flags[i] |= BD_FAIL;
    }
}

extern "C" __global__ void bd_inverse(const u64* __restrict__ w, long long sw, int off, int lw,
                                      u64* __restrict__ out, long long so, int lo, int hk,
                                      u32* __restrict__ flags, long long count) {
    const long long i = bd_instance();
    if (i >= count) {
        return;
    }
    const int lane = bd_lane();
    const bool pow = (flags[i] & BD_POW) != 0;
    const u64* wi = w + i * sw;
    u64* oi = out + i * so;
    bool fail = false;
    const int n = max(lo, lw - off);
    for (int j = lane; j < n; j += 32) {
        const u64 y = pow ? (j == hk ? 1ull : 0ull) : bd_ld(wi, j + off, lw);
        if (j < lo) {
            oi[j] = y;
        } else if (y != 0) {
            fail = true;
        }
    }
    fail = __any_sync(BD_FULL, fail);
    if (lane == 0) {
        if (pow) {
            flags[i] = BD_POW; // the refinement's lengths do not matter: the inverse is exact
        } else if (fail) {
            flags[i] |= BD_FAIL;
        }
    }
}

// q (lq limbs) += 1 or -= 1 in place: the carry runs through ~0 (or 0) limbs; returns the carry
// (borrow) out of limb lq - 1.
__device__ u32 bd_step_one(u64* qi, int lq, bool up) {
    const int lane = bd_lane();
    u32 cy = 1;
    for (int c0 = 0; c0 < lq && __any_sync(BD_FULL, cy != 0); c0 += 32) {
        const int j = c0 + lane;
        const u64 x = bd_ld(qi, j, lq);
        u32 out;
        const u64 z = up ? bd_add32(x, 0, cy, &out) : bd_sub32(x, 0, cy, &out);
        if (j < lq) {
            qi[j] = z;
        }
        cy = out;
    }
    return cy;
}

// sign of r - v, r of lr limbs, v of lv <= lr limbs: -1, 0 or 1 (the same on every lane).
__device__ int bd_compare(const u64* ri, int lr, const u64* vi, int lv) {
    const int lane = bd_lane();
    for (int c0 = ((lr - 1) / 32) * 32; c0 >= 0; c0 -= 32) {
        const int j = c0 + lane;
        const u64 x = bd_ld(ri, j, lr);
        const u64 y = bd_ld(vi, j, lv);
        const u32 ne = __ballot_sync(BD_FULL, x != y);
        if (ne) {
            const int top = 31 - __clz(ne);
            const u32 gt = __ballot_sync(BD_FULL, x > y);
            return (gt >> top) & 1u ? 1 : -1;
        }
    }
    return 0;
}

extern "C" __global__ void bd_final(const u64* __restrict__ u, long long su, int lu, const u64* __restrict__ p,
                                    long long sp, int lp, const u64* __restrict__ v, long long sv, int lv,
                                    u64* __restrict__ q, long long sq, int lq, u64* __restrict__ r, long long sr,
                                    int lr, u32* __restrict__ flags, long long count) {
    const long long i = bd_instance();
    if (i >= count) {
        return;
    }
    const int lane = bd_lane();
    const u64* ui = u + i * su;
    const u64* pi = p + i * sp;
    const u64* vi = v + i * sv;
    u64* qi = q + i * sq;
    u64* ri = r + i * sr;
    u32 cy = 0;
    for (int c0 = 0; c0 < lr; c0 += 32) { // r = u - v q0, two's complement on lr limbs
        const int j = c0 + lane;
        u32 out;
        const u64 z = bd_sub32(bd_ld(ui, j, lu), bd_ld(pi, j, lp), cy, &out);
        cy = out;
        if (j < lr) {
            ri[j] = z;
        }
    }
    bool fail = false;
    if (cy) { // v q0 > u: q0 - 1, r + v, which must carry out (r + v >= 0)
        bd_step_one(qi, lq, false);
        u32 c = 0;
        for (int c0 = 0; c0 < lr; c0 += 32) {
            const int j = c0 + lane;
            u32 out;
            const u64 z = bd_add32(bd_ld(ri, j, lr), bd_ld(vi, j, lv), c, &out);
            c = out;
            if (j < lr) {
                ri[j] = z;
            }
        }
        fail = c == 0;
    }
    for (int s = 0; s < 3 && !fail && bd_compare(ri, lr, vi, lv) >= 0; s++) {
        u32 b = 0;
        for (int c0 = 0; c0 < lr; c0 += 32) {
            const int j = c0 + lane;
            u32 out;
            const u64 z = bd_sub32(bd_ld(ri, j, lr), bd_ld(vi, j, lv), b, &out);
            b = out;
            if (j < lr) {
                ri[j] = z;
            }
        }
        fail = fail || bd_step_one(qi, lq, true) != 0;
    }
    fail = fail || bd_compare(ri, lr, vi, lv) >= 0;
    if (lane == 0 && fail) {
        flags[i] |= BD_FAIL;
    }
}
