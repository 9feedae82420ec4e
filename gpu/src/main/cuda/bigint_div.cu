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

// ==============================================================================================
// Schoolbook long division (Knuth's algorithm D, TAOCP vol. 2, 4.3.1), a group of T lanes of one
// warp per instance (T = 4, 8, 16 or 32; 32 / T instances per warp), for the sizes where its
// (h - k) k limb products cost less than Newton's ~7 products.
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT (bdk_div_tT_lL, T = 4, 8, 16, 32 lanes per instance, L = 1, 2, 4, 8 limbs per lane
// and chunk: the same body)
// bdk_div_tT_lL(u, su, lu, v, sv, lv, q, sq, lq, r, sr, lr, perm, ulen, vlen, flags, count)
//     For groups g < count, instance i = perm[g] (perm null: i = g): u_i = u[i su .. i su + lu - 1],
//     v_i = v[i sv .. i sv + lv - 1] (little-endian 64-bit limbs, any lengths, v_i != 0);
//     writes q_i = floor(u_i / v_i) to q[i sq .. + lq - 1] and r_i = u_i - q_i v_i to
//     r[i sr .. + lr - 1] (zero limbs above), and flags[i] = 0; or flags[i] = BD_FAIL (outputs
//     unspecified) when a check below fails, v_i = 0, q_i needs more than lq limbs, r_i more than lr,
//     or the instance does not fit its shared memory (never for the host's sizes; the host then
//     recomputes that instance on the CPU).
//     Launch: blockDim.x = 32 W (W warps), gridDim.x = ceil(count T / (32 W)); dynamic shared memory
//     (32 W / T) (ulen + vlen) 8 bytes, ulen >= max(nu + 2, nv + 2) and vlen >= nv + 1 for every
//     instance's significant limbs nu, nv. Work per instance: (nu - nv + 1) ceil(nv / (T L)) chunk
//     steps of T lanes (each L 64 x 64-bit limb products per lane), nu - nv + 1 quotient-digit
//     estimates, O(nu + nv) loads and stores. Instances of similar nv in one warp waste least
//     (the host sorts perm by nv): a warp runs as many steps and chunks as its largest member.
//
// The algorithm, per instance (n = nv + e limbs, e = 1 when nv = 1: then u and v are taken times B
// so that the divisor has two limbs; the quotient is unchanged and the remainder comes out one limb
// up). Normalize: s = the leading zero bits of v's top limb, V = v B^e 2^s (top bit set), U = u B^e
// 2^s on nu + e + 1 limbs (the top one catches the shifted-out bits), both in shared memory.
// For j = m, m - 1, .., 0 (m = nu + e - n; no step when m < 0):
//   invariant I(j): the window W = U[j .. j + n] (n + 1 limbs) has W div B < V (its top n limbs are
//   below V), i.e. the quotient digit q_j = floor(W / V) is below B. I(m) holds: U[m + 1 .. m + n] =
//   floor(U / B^(m+1)) < B^(n-1) 2^s <= V as u < B^nu.
//   (1) qhat = floor((W_n B^2 + W_(n-1) B + W_(n-2)) / (V_(n-1) B + V_(n-2))) by Moller and
//       Granlund's 3/2 division with the precomputed reciprocal of the top two limbs ("Improved
//       division by invariant integers", IEEE TC 2011, Algorithm 5; GMP's udiv_qr_3by2), or
//       qhat = B - 1 when (W_n, W_(n-1)) = (V_(n-1), V_(n-2)) (then W / V > B - 1 exactly: q_j = B - 1).
//       I(j) gives (W_n, W_(n-1)) <= (V_(n-1), V_(n-2)), the 3/2 division's precondition, and
//       qhat >= q_j (W < (top three + 1) B^(n-2), V >= (top two) B^(n-2)) and qhat <= q_j + 1
//       (Knuth 4.3.1, the test on the second limb).
//   (2) W -= qhat V over n + 1 limbs, all lanes: lane t of the group takes limbs c0 + t of each chunk
//       of T, forms its limb of the product row P = qhat V (lo of its product plus hi of the limb
//       below, a carry chain across lanes) and subtracts it (a borrow chain); both chains resolved by
//       two ballots (bd_carry's rule, restricted to the group's T bits).
//   (3) If the result is negative (qhat = q_j + 1): W += V, qhat -= 1 (the add-back, rare: about 2 / B
//       of the steps on random data); the carry out of the add-back cancels the top limb's -1.
//   Now 0 <= W < V: W's top limb is 0, so I(j - 1) holds, and q_j = qhat is stored where W's top limb
//   was (U[j + n], never read again). Checked at run time all the same (each a BD_FAIL, never seen):
//   the top limb after the step is 0 (no lost value, W >= 0) and, at the end, the remainder U[0 .. n-1]
//   is below V. With those, u 2^s B^e = V sum q_j B^j + U[0 .. n-1] exactly (each step subtracted
//   q_j V B^j from U), every q_j < B, and 0 <= U[0 .. n-1] < V: the quotient's limbs are the q_j and
//   the remainder is U[0 .. n-1] / (2^s B^e), exact.
// ==============================================================================================

typedef unsigned __int128 bdk_u128;

// floor((B^3 - 1) / (d1 B + d0)) - B for d1 >= 2^63 (GMP's invert_pi1: invert_limb, then two
// corrections for d0).
__host__ __device__ __forceinline__ u64 bdk_reciprocal(u64 d1, u64 d0) {
    u64 v = (u64) ((((bdk_u128) ~d1) << 64 | ~0ull) / d1); // floor((B^2 - 1) / d1) - B
    u64 p = d1 * v + d0;
    if (p < d0) {
        v--;
        if (p >= d1) {
            v--;
            p -= d1;
        }
        p -= d1;
    }
    const bdk_u128 t = (bdk_u128) d0 * v;
    const u64 t1 = (u64) (t >> 64), t0 = (u64) t;
    p += t1;
    if (p < t1) {
        v--;
        if (p >= d1 && (p > d1 || t0 >= d0)) {
            v--;
        }
    }
    return v;
}

// floor((n2 B^2 + n1 B + n0) / (d1 B + d0)) for (n2, n1) < (d1, d0), d1 >= 2^63, dinv =
// bdk_reciprocal(d1, d0) (Moller-Granlund Algorithm 5; GMP's udiv_qr_3by2, quotient only).
__host__ __device__ __forceinline__ u64 bdk_div3by2(u64 n2, u64 n1, u64 n0, u64 d1, u64 d0, u64 dinv) {
    const bdk_u128 d = ((bdk_u128) d1 << 64) | d0;
    const bdk_u128 qq = (bdk_u128) n2 * dinv + (((bdk_u128) n2 << 64) | n1);
    u64 q = (u64) (qq >> 64);
    const u64 q0 = (u64) qq;
    const u64 r1 = n1 - d1 * q;
    bdk_u128 r = (((bdk_u128) r1 << 64) | n0) - d - (bdk_u128) d0 * q; // modulo B^2
    q++;
    if ((u64) (r >> 64) >= q0) {
        q--;
        r += d;
    }
    if (r >= d) {
        q++;
    }
    return q;
}

// The carry chain of one chunk of a group of T lanes (lanes base .. base + T - 1 of the warp):
// lane t generates (g) or propagates (p) a carry, cin enters the group's lane 0; returns this lane's
// carry in, *cout the carry out of the group's last lane (bd_carry's rule on the group's bits).
// All 32 lanes must call it together.
template <int T>
__device__ __forceinline__ u32 bdk_carry(bool g, bool p, u32 cin, u32* cout) {
    const u32 lane = threadIdx.x & 31;
    const u32 base = lane & ~(u32) (T - 1);
    const u64 mask = T == 32 ? 0xffffffffull : ((1ull << T) - 1);
    const u64 G = ((u64) __ballot_sync(BD_FULL, g) >> base) & mask;
    const u64 P = ((u64) __ballot_sync(BD_FULL, p) >> base) & mask;
    const u64 C = (P + ((G << 1) | cin)) ^ P;
    *cout = (u32) (C >> T) & 1u;
    return (u32) (C >> (lane - base)) & 1u;
}

// The maximum of x over the group of T lanes (every lane gets it).
template <int T>
__device__ __forceinline__ int bdk_group_max(int x) {
#pragma unroll
    for (int o = T / 2; o > 0; o >>= 1) {
        x = max(x, __shfl_xor_sync(BD_FULL, x, o, T));
    }
    return x;
}

// The maximum of x over the warp (every lane gets it; __reduce_max_sync needs sm_80, the PTX is for
// compute_75).
__device__ __forceinline__ int bdk_warp_max(int x) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        x = max(x, __shfl_xor_sync(BD_FULL, x, o));
    }
    return x;
}

// The significant limbs of x[0 .. len - 1] (0 for zero) for each group of the warp, scanning
// chunks of T limbs from the top; live false: 0. All 32 lanes call it together.
template <int T>
__device__ __forceinline__ int bdk_significant(const u64* x, int len, bool live) {
    const int lig = threadIdx.x & (T - 1);
    int found = live ? -1 : 0; // -1: still scanning
    const int top = bdk_warp_max(live ? len : 0);
    for (int c0 = ((top - 1) / T) * T; c0 >= 0 && __any_sync(BD_FULL, found < 0); c0 -= T) {
        const int j = c0 + lig;
        const bool nz = found < 0 && j < len && x[j] != 0;
        const int hi = bdk_group_max<T>(nz ? j + 1 : 0);
        if (found < 0 && hi > 0) {
            found = hi;
        }
    }
    return found < 0 ? 0 : found;
}

template <int T, int L>
__device__ __forceinline__ void bdk_divide(const u64* __restrict__ u, long long su, int lu, const u64* __restrict__ v,
                                           long long sv, int lv, u64* __restrict__ q, long long sq, int lq,
                                           u64* __restrict__ r, long long sr, int lr, const int* __restrict__ perm,
                                           int ulen, int vlen, u32* __restrict__ flags, long long count) {
    extern __shared__ u64 bdk_smem[];
    const int lig = threadIdx.x & (T - 1);
    const int gib = threadIdx.x / T; // the group in the block
    const long long g = (long long) blockIdx.x * (blockDim.x / T) + gib;
    const bool live = g < count;
    const long long inst = live ? (perm ? (long long) perm[g] : g) : 0;
    u64* U = bdk_smem + (size_t) gib * (size_t) (ulen + vlen);
    u64* V = U + ulen;
    const u64* ui = u + inst * su;
    const u64* vi = v + inst * sv;

    int nu = bdk_significant<T>(ui, lu, live);
    int nv = bdk_significant<T>(vi, lv, live);
    bool fail = live && (nv == 0 || max(nu + 2, nv + 2) > ulen || nv + 1 > vlen);
    const bool dummy = !live || fail; // runs the loops with no step: U = 0, V = 2^63 B
    if (dummy) {
        nu = 0;
        nv = 1;
    }
    const int e = nv == 1 ? 1 : 0;
    const int n = nv + e;
    const int m = nu + e - n; // quotient digits q_0 .. q_m (none when m < 0)
    const u64 vtop = dummy ? 1ull << 63 : vi[nv - 1];
    const int s = __clzll((long long) vtop);
    // V = v B^e 2^s (n limbs), U = u B^e 2^s (nu + e + 1 limbs, zeros up to n at least)
    for (int i = lig; i < n; i += T) {
        const int k = i - e;
        u64 x = 0;
        if (k >= 0) {
            const u64 lo = dummy ? 0 : vi[k];
            const u64 below = (k >= 1 && !dummy) ? vi[k - 1] : 0;
            x = dummy ? (k == 0 ? 1ull << 63 : 0) : (s ? (lo << s) | (below >> (64 - s)) : lo);
        }
        V[i] = x;
    }
    const int ul = max(nu + e + 1, n);
    for (int i = lig; i < ul; i += T) {
        const int k = i - e;
        u64 x = 0;
        if (k >= 0 && !dummy) {
            const u64 lo = k < nu ? ui[k] : 0;
            const u64 below = (k >= 1 && k - 1 < nu) ? ui[k - 1] : 0;
            x = s ? (lo << s) | (below >> (64 - s)) : lo;
        }
        U[i] = x;
    }
    __syncwarp();
    const u64 d1 = V[n - 1];
    const u64 d0 = V[n - 2];
    const u64 dinv = bdk_reciprocal(d1, d0);
    const int steps = m >= 0 ? m + 1 : 0;
    const int wsteps = bdk_warp_max(steps); // the warp's loops: its largest member's
    const int wn = bdk_warp_max(n);
    for (int t = 0; t < wsteps; t++) {
        const bool act = t < steps;
        const int j = m - t;
        u64 n2 = 0, n1 = 0, n0 = 0;
        if (act) {
            n2 = U[j + n];
            n1 = U[j + n - 1];
            n0 = U[j + n - 2];
        }
        __syncwarp(); // every lane has read the window's top before any lane rewrites it
        // (1) the quotient digit's estimate: q_j <= qhat <= q_j + 1
        u64 qh = 0;
        if (act) {
            qh = (n2 == d1 && n1 == d0) ? ~0ull : bdk_div3by2(n2, n1, n0, d1, d0, dinv);
        }
        // (2) W -= qhat V: chain A (the product row, carry), chain B (the subtraction, borrow); lane
        // t of the group holds limbs c0 + t L .. c0 + t L + L - 1 of each chunk of T L limbs, runs both
        // chains through them in registers, and the group resolves the lanes' carries once per chunk
        u64 hcar = 0; // hi of the limb below the chunk (the chunk's last limb after the loop)
        u32 ca = 0, bb = 0;
        for (int c0 = 0; c0 < wn; c0 += T * L) {
            const int i0 = c0 + lig * L;
            u64 uu[L], lo[L], hi[L], pr[L];
            bool in[L];
#pragma unroll
            for (int x = 0; x < L; x++) {
                in[x] = act && i0 + x < n;
                const u64 vv = in[x] ? V[i0 + x] : 0;
                uu[x] = in[x] ? U[j + i0 + x] : 0;
                lo[x] = vv * qh;
                hi[x] = __umul64hi(vv, qh);
            }
            u64 hp = __shfl_up_sync(BD_FULL, hi[L - 1], 1, T);
            if (lig == 0) {
                hp = hcar;
            }
            // chain A in the lane with carry in 0: its carry out g, and p = all its limbs ~0 (then a
            // carry in passes through); exclusive: a lane that carries out ends below ~0
            u32 c = 0;
            bool ones = true;
            u64 hlast = 0; // hi of the lane's last limb in the divisor
#pragma unroll
            for (int x = 0; x < L; x++) {
                if (in[x]) {
                    const bdk_u128 t = (bdk_u128) lo[x] + (x ? hi[x - 1] : hp) + c;
                    pr[x] = (u64) t;
                    c = (u32) (t >> 64);
                    ones = ones && pr[x] == ~0ull;
                    hlast = hi[x];
                } else {
                    pr[x] = 0;
                }
            }
            u32 cout;
            u32 k = bdk_carry<T>(c != 0, ones, ca, &cout);
            ca = cout;
#pragma unroll
            for (int x = 0; x < L; x++) { // limbs of qhat V
                const u64 t = pr[x] + k;
                k = k && t == 0;
                pr[x] = t;
            }
            // chain B likewise: borrow out g with borrow in 0, p = all the differences 0
            u32 b = 0;
            bool zeros = true;
#pragma unroll
            for (int x = 0; x < L; x++) {
                if (in[x]) {
                    const bdk_u128 t = (bdk_u128) uu[x] - pr[x] - b;
                    uu[x] = (u64) t;
                    b = (u32) (t >> 127);
                    zeros = zeros && uu[x] == 0;
                }
            }
            k = bdk_carry<T>(b != 0, zeros, bb, &cout);
            bb = cout;
#pragma unroll
            for (int x = 0; x < L; x++) {
                const u64 t = uu[x] - k;
                k = k && uu[x] == 0;
                if (in[x]) {
                    U[j + i0 + x] = t;
                }
            }
            // hi of limb min(c0 + T L, n) - 1: the next chunk's carry, or after the last one hi_(n-1)
            const int src = min(T - 1, (n - 1 - c0) / L);
            const u64 hl = __shfl_sync(BD_FULL, hlast, src < 0 ? 0 : src, T);
            if (c0 < n) {
                hcar = hl;
            }
        }
        // the top limb: W_n - (hi_(n-1) + ca) - bb, 0 or -1 (B - 1) by qhat <= q_j + 1
        const bdk_u128 top = (bdk_u128) hcar + ca + bb;
        bool neg = act && (bdk_u128) n2 < top;
        u64 wtop = n2 - (u64) top;
        // (3) the add-back: W += V, qhat -= 1
        if (__any_sync(BD_FULL, neg)) {
            __syncwarp(); // the row update's limbs were written by other lanes (L > 1)
            u32 cc = 0;
            for (int c0 = 0; c0 < wn; c0 += T) {
                const int i = c0 + lig;
                const bool in = neg && i < n;
                const u64 uu = in ? U[j + i] : 0;
                const u64 sm = uu + (in ? V[i] : 0);
                u32 cout;
                const u32 cin = bdk_carry<T>(in && sm < uu, !in || sm == ~0ull, cc, &cout);
                cc = cout;
                if (in) {
                    U[j + i] = sm + cin;
                }
            }
            if (neg) {
                qh--;
                wtop += cc;
            }
        }
        fail |= act && wtop != 0;
        if (act && lig == 0) {
            U[j + n] = qh; // q_j where the window's top limb (now 0) was
        }
        __syncwarp();
    }
    // the check 0 <= U[0 .. n-1] < V, from the top chunk down
    {
        int cmp = 0; // -1: below, 1: not below, 0: equal so far (then not below)
        for (int c0 = ((wn - 1) / T) * T; c0 >= 0; c0 -= T) {
            const int i = c0 + lig;
            const bool in = i < n;
            const u64 x = in ? U[i] : 0;
            const u64 y = in ? V[i] : 0;
            const int hne = bdk_group_max<T>(x != y ? i + 1 : 0); // the top differing limb + 1
            const int hgt = bdk_group_max<T>(x > y ? i + 1 : 0);
            if (cmp == 0 && hne > 0) {
                cmp = hgt == hne ? 1 : -1;
            }
        }
        fail |= !dummy && cmp >= 0;
    }
    // q_j = U[n + j] for j <= m; the remainder (U[0 .. n-1] / (B^e 2^s)) has nv limbs
    const int lqn = m + 1;
    for (int j = lig; j < lq || j < lqn; j += T) {
        const u64 x = j < lqn ? U[n + j] : 0;
        if (j < lq) {
            if (live && !dummy) {
                q[inst * sq + j] = x;
            }
        } else if (x != 0) {
            fail = true;
        }
    }
    for (int i = lig; i < lr || i < nv; i += T) {
        u64 x = 0;
        if (i < nv) {
            const u64 lo = U[i + e];
            const u64 above = i + e + 1 < n ? U[i + e + 1] : 0;
            x = s ? (lo >> s) | (above << (64 - s)) : lo;
        }
        if (i < lr) {
            if (live && !dummy) {
                r[inst * sr + i] = x;
            }
        } else if (x != 0) {
            fail = true;
        }
    }
    fail = bdk_group_max<T>(fail ? 1 : 0) != 0;
    if (live && lig == 0) {
        flags[inst] = fail ? BD_FAIL : 0u;
    }
}

#define BDK_KERNEL(T, L)                                                                                           \
    extern "C" __global__ void bdk_div_t##T##_l##L(const u64* __restrict__ u, long long su, int lu,               \
                                                   const u64* __restrict__ v, long long sv, int lv,              \
                                                   u64* __restrict__ q, long long sq, int lq, u64* __restrict__ r, \
                                                   long long sr, int lr, const int* __restrict__ perm, int ulen,  \
                                                   int vlen, u32* __restrict__ flags, long long count) {          \
        bdk_divide<T, L>(u, su, lu, v, sv, lv, q, sq, lq, r, sr, lr, perm, ulen, vlen, flags, count);            \
    }
// The engine (GpuLongDivision) launches L = 1; the harness and its emulation also build L = 2, 4, 8
// (BDK_ALL_VARIANTS), the variants its calibration times.
BDK_KERNEL(4, 1)
BDK_KERNEL(8, 1)
BDK_KERNEL(16, 1)
BDK_KERNEL(32, 1)
#ifdef BDK_ALL_VARIANTS
BDK_KERNEL(4, 2)
BDK_KERNEL(4, 4)
BDK_KERNEL(4, 8)
BDK_KERNEL(8, 2)
BDK_KERNEL(8, 4)
BDK_KERNEL(8, 8)
BDK_KERNEL(16, 2)
BDK_KERNEL(16, 4)
BDK_KERNEL(16, 8)
BDK_KERNEL(32, 2)
BDK_KERNEL(32, 4)
BDK_KERNEL(32, 8)
#endif

// ==============================================================================================
// Long division with the running remainder in registers (bdr_div_tT_lL): algorithm D as above, for
// divisors of at most T L limbs (n = nv + e <= T L), with no shared memory.
// ----------------------------------------------------------------------------------------------
// KERNEL CONTRACT (bdr_div_tT_lL; T = 4, 8, 16, 32 lanes per instance, L limbs per lane, T L >= 4)
// bdr_div_tT_lL(u, su, lu, v, sv, lv, q, sq, lq, r, sr, lr, perm, ulen, vlen, flags, count)
//     The arguments and results of bdk_div_tT_lL (ulen and vlen are not used); an instance whose
//     divisor has n = nv + e > T L limbs (e as there) is flagged BD_FAIL (the host sends only
//     divisors of at most T L limbs, nv = 1 counting as 2). Launch: blockDim.x = 32 W, gridDim.x =
//     ceil(count T / (32 W)), no shared memory. Work per instance: nu - nv + 1 steps, each one 3/2
//     division (on every lane), L 64 x 64-bit limb products per lane, one shuffle (the lanes' carry
//     words) and one ballot pair for the row, three shuffles for the next window's top limbs and two
//     for the move; O(nu + nv) loads and stores, coalesced. The step is issue-bound, so fewer lanes
//     and more limbs a lane (up to registers) share its fixed cost among more instances.
//
// Layout: the group's T L registers (position p = t L + x: lane t, register x) hold T L consecutive
// limbs of the normalized dividend, A[p] = U[j - z + p] for the quotient digit j at hand (z = T L - n):
// positions z .. T L - 1 are the window's limbs W_0 .. W_(n-1), positions 0 .. z - 1 the next z
// dividend limbs (below the window; zero below U[0]), and the window's top limb W_n = U[j + n] is a
// scalar n2 that every lane holds. The divisor sits at the top in the same layout: D[p] = V[p - z]
// for p >= z, 0 below. The top three limbs (W_n, W_(n-1), W_(n-2)) = (n2, A[T L - 1], A[T L - 2])
// are every lane's after two shuffles from fixed registers of fixed lanes (the layout is aligned at
// the top), so the loop has no dynamic register index.
// One step (digit j; invariant I(j) of the shared-memory kernel, W div B < V):
//   (1) qhat as there (3/2 division with the reciprocal of V's top two limbs): q_j <= qhat <= q_j + 1.
//   (2) A -= qhat D over all positions, as the row W - qhat V (the positions below z see D = 0 and
//       stay): each lane runs GMP's submul_1 over its L limbs with carry in 0, X_t - C_t B^L = (its
//       limbs) - qhat (its divisor limbs), 0 <= X_t < B^L, 0 <= C_t <= B - 1 (at each limb qhat d +
//       c <= (B - 1)^2 + B - 1 = (B - 1) B, so the high word is at most B - 1, and when it is B - 1
//       the low word is 0 and the subtraction borrows nothing). Lane t + 1 takes C_t by a shuffle;
//       Y_(t+1) - g_(t+1) B^L = X_(t+1) - C_t with g in {0, 1}. The rest is a one-bit borrow chain:
//       a lane generates g and propagates when Y = 0 (exclusive: g = 1 makes Y = X - C_t + B^L > 0);
//       one ballot pair (bd_carry's rule on the group's bits) gives each lane its borrow in k. g and
//       "Y = 0" are read off X without forming Y: both need X's limbs above the lowest to be 0, and
//       then g = (x_0 < C_t), Y = 0 iff x_0 = C_t. So the lane subtracts C_t and k from X in one
//       pass: the lowest limb gives at most one borrow (x_0 < C_t leaves x_0 - C_t + B > 0, from
//       which k takes no second one), the next limb takes it, and the limbs above only when a warp
//       vote finds a borrow left (the next limb was 0). The borrow into lane t + 1 is C_t + g_t + k'_t
//       with k'_t = k_t [Y_t = 0] and g_t k'_t = 0, so the chain is exact: the layout now holds
//       W - qhat V below B^n and the group's out-borrow is C_(T-1) + kout; the top limb becomes
//       W_n - C_(T-1) - kout, which is 0 or -1 (qhat <= q_j + 1, so W - qhat V >= -V).
//   (3) -1 (lane T - 1 sees it; a ballot tells the group): W += V as a carry chain (lane carries
//       generate with carry in 0, propagate when all ones; exclusive as L limbs sum below 2 B^L - 1),
//       qhat -= 1, the top limb gets the carry out. Now 0 <= W < V and the top limb is 0 (checked,
//       BD_FAIL otherwise).
//   (4) q_j = qhat (lane j mod T keeps it; every T steps the group stores T digits, coalesced), and
//       unless j = 0 the window moves one limb down: n2 = A[T L - 1] (W_(n-1), the new top limb),
//       every position takes the one below (one shuffle across lanes), and position 0 takes the
//       next dividend limb U[j - 1 - z], prefetched T steps ahead one limb a lane. I(j - 1) holds as
//       in the shared-memory kernel (W < V before the move).
// At the end A[z .. T L - 1] is the remainder times B^e 2^s and is checked below V (BD_FAIL
// otherwise); each lane writes its limbs shifted back (the limb above from the next lane).
// Groups of one warp with fewer steps idle through the warp's last steps (qhat = 0, no move).
// ==============================================================================================

// Limb i of X = x B^e 2^s (x of nx limbs, 0 <= s < 64): 0 outside.
__device__ __forceinline__ u64 bdr_norm(const u64* x, int nx, int e, int s, int i) {
    const int k = i - e;
    const u64 lo = k >= 0 && k < nx ? x[k] : 0;
    const u64 below = k >= 1 && k - 1 < nx ? x[k - 1] : 0;
    return s ? (lo << s) | (below >> (64 - s)) : lo;
}

template <int T, int L, bool ONEPASS>
__device__ __forceinline__ void bdr_divide(const u64* __restrict__ u, long long su, int lu, const u64* __restrict__ v,
                                           long long sv, int lv, u64* __restrict__ q, long long sq, int lq,
                                           u64* __restrict__ r, long long sr, int lr, const int* __restrict__ perm,
                                           u32* __restrict__ flags, long long count) {
    constexpr int TL = T * L;
    const u32 lane = threadIdx.x & 31;
    const int lig = lane & (T - 1);
    const u32 base = lane & ~(u32) (T - 1);
    const long long g = (long long) blockIdx.x * (blockDim.x / T) + threadIdx.x / T;
    const bool live = g < count;
    const long long inst = live ? (perm ? (long long) perm[g] : g) : 0;
    const u64* ui = u + inst * su;
    const u64* vi = v + inst * sv;

    int nu = bdk_significant<T>(ui, lu, live);
    int nv = bdk_significant<T>(vi, lv, live);
    bool fail = live && (nv == 0 || nv + (nv == 1 ? 1 : 0) > TL);
    const bool dummy = !live || fail; // no step: U = 0, V = 2^63 B
    if (dummy) {
        nu = 0;
        nv = 1;
    }
    const int e = nv == 1 ? 1 : 0;
    const int n = nv + e;
    const int m = nu + e - n; // quotient digits q_0 .. q_m (none when m < 0)
    const int z = TL - n;
    const int s = dummy ? 0 : __clzll((long long) vi[nv - 1]);
    const int nvx = dummy ? 0 : nv; // the divisor's limbs as read (the dummy's is built below)
    const int j0 = max(m, 0);
    u64 D[L], A[L];
#pragma unroll
    for (int x = 0; x < L; x++) {
        const int p = lig * L + x;
        D[x] = p < z ? 0 : dummy ? (p - z == 1 ? 1ull << 63 : 0) : bdr_norm(vi, nvx, e, s, p - z);
        A[x] = bdr_norm(ui, nu, e, s, j0 - z + p);
    }
    u64 n2 = bdr_norm(ui, nu, e, s, j0 + n);
    u64 n1 = bdr_norm(ui, nu, e, s, j0 + n - 1);
    u64 n0 = bdr_norm(ui, nu, e, s, j0 + n - 2);
    const u64 d1 = dummy ? 1ull << 63 : bdr_norm(vi, nvx, e, s, n - 1);
    const u64 d0 = dummy ? 0 : bdr_norm(vi, nvx, e, s, n - 2);
    const u64 dinv = bdk_reciprocal(d1, d0);
    const int steps = m >= 0 ? m + 1 : 0;
    const int wsteps = bdk_warp_max(steps);
    // the limb entering position 0 after step ts = t0 + lig: U[m - ts - 1 - z] (none after the last)
    auto feed = [&](int t0) -> u64 {
        const int ts = t0 + lig;
        return ts + 1 < steps ? bdr_norm(ui, nu, e, s, m - ts - 1 - z) : 0;
    };
    u64 fnext = feed(0), fcur = 0, qreg = 0;
    u64* qi = q + inst * sq;
    const bool store = live && !dummy;
    for (int t = 0; t < wsteps; t++) {
        const int tl = t & (T - 1);
        if (tl == 0) {
            fcur = fnext;
            fnext = feed(t + T);
        }
        const bool act = t < steps;
        // (1) the quotient digit's estimate: q_j <= qhat <= q_j + 1
        u64 qh = 0;
        if (act) {
            qh = (n2 == d1 && n1 == d0) ? ~0ull : bdk_div3by2(n2, n1, n0, d1, d0, dinv);
        }
        // (2) A -= qhat D: the lane's submul_1 (carry in 0), X - C B^L
        u64 c = 0;
#pragma unroll
        for (int x = 0; x < L; x++) {
            if (ONEPASS) {
                const bdk_u128 pr = (bdk_u128) D[x] * qh + c; // <= (B - 1)^2 + B - 1 < B^2
                const u64 l2 = (u64) pr;
                const u64 w = A[x];
                A[x] = w - l2;
                c = (u64) (pr >> 64) + (w < l2 ? 1ull : 0ull);
            } else {
                const u64 lo = D[x] * qh;
                const u64 hi = __umul64hi(D[x], qh);
                const u64 l2 = lo + c;
                u64 cc = hi + (l2 < c ? 1ull : 0ull);
                const u64 w = A[x];
                A[x] = w - l2;
                cc += A[x] > w ? 1ull : 0ull;
                c = cc;
            }
        }
        u64 cb = __shfl_up_sync(BD_FULL, c, 1, T); // C of the lane below
        if (lig == 0) {
            cb = 0;
        }
        u32 kout;
        if (ONEPASS) {
            // X - cb - k in one pass: the lane generates a borrow iff X < cb and propagates one iff
            // X = cb, both read off X's limbs (the limbs above the lowest all 0, and the lowest's
            // order against cb); then the lowest limb takes cb and k (at most one borrow out of it:
            // x0 < cb leaves x0 - cb + B > 0), the next limb that borrow, and the rest only when the
            // next limb was 0 (a vote: about 2^-64 of the lanes a step on random data)
            u64 hor = 0;
#pragma unroll
            for (int x = 1; x < L; x++) {
                hor |= A[x];
            }
            const bool hz = hor == 0;
            const u32 k = bdk_carry<T>(hz && A[0] < cb, hz && A[0] == cb, 0, &kout);
            const u64 a0 = A[0];
            const u64 e0 = a0 - cb;
            A[0] = e0 - k;
            u32 bb = (a0 < cb || e0 < k) ? 1u : 0u;
            if (L > 1) {
                const u64 a1 = A[1];
                A[1] = a1 - bb;
                bb = bb && a1 == 0 ? 1u : 0u;
                if (L > 2 && __any_sync(BD_FULL, bb != 0)) {
#pragma unroll
                    for (int x = 2; x < L; x++) {
                        const u64 y = A[x];
                        A[x] = y - bb;
                        bb = bb && y == 0 ? 1u : 0u;
                    }
                }
            }
        } else {
            u32 b;
            bool zeros;
            {
                const u64 w = A[0];
                A[0] = w - cb;
                b = A[0] > w ? 1u : 0u;
                zeros = A[0] == 0;
#pragma unroll
                for (int x = 1; x < L; x++) {
                    const u64 y = A[x];
                    A[x] = y - b;
                    b = b && y == 0 ? 1u : 0u;
                    zeros = zeros && A[x] == 0;
                }
            }
            u32 k = bdk_carry<T>(b != 0, zeros, 0, &kout);
#pragma unroll
            for (int x = 0; x < L; x++) {
                const u64 y = A[x];
                A[x] = y - k;
                k = k && y == 0 ? 1u : 0u;
            }
        }
        // the top limb, in lane T - 1 (whose c is C_(T-1)): W_n - C_(T-1) - kout, 0 or -1
        const bdk_u128 top = (bdk_u128) c + kout;
        u64 wtop = n2 - (u64) top;
        const bool neg = act && lig == T - 1 && (bdk_u128) n2 < top;
        const u32 negs = __ballot_sync(BD_FULL, neg);
        if (negs) { // (3) the add-back (rare): A += D, qhat -= 1
            const bool gneg = ((negs >> (base + T - 1)) & 1u) != 0;
            u32 cy = 0;
            bool ones = true;
#pragma unroll
            for (int x = 0; x < L; x++) {
                const bdk_u128 t2 = (bdk_u128) A[x] + (gneg ? D[x] : 0) + cy;
                A[x] = (u64) t2;
                cy = (u32) (t2 >> 64);
                ones = ones && A[x] == ~0ull;
            }
            u32 cout;
            u32 kk = bdk_carry<T>(cy != 0, ones, 0, &cout);
#pragma unroll
            for (int x = 0; x < L; x++) {
                const u64 y = A[x] + kk;
                kk = kk && y == 0 ? 1u : 0u;
                A[x] = y;
            }
            if (gneg) {
                qh--;
                wtop += cout;
            }
        }
        fail |= act && lig == T - 1 && wtop != 0;
        if (lig == tl) {
            qreg = qh;
        }
        // (4) the next window's top three limbs (positions T L - 1, T L - 2, T L - 3 before the move)
        const u64 t2 = __shfl_sync(BD_FULL, A[L - 1], T - 1, T);
        const u64 t1 = __shfl_sync(BD_FULL, A[(TL - 2) % L], (TL - 2) / L, T);
        const u64 t0 = __shfl_sync(BD_FULL, A[(TL - 3) % L], (TL - 3) / L, T);
        const u64 up = __shfl_up_sync(BD_FULL, A[L - 1], 1, T);
        const u64 in = __shfl_sync(BD_FULL, fcur, tl, T);
        if (act && t + 1 < steps) {
            n2 = t2;
            n1 = t1;
            n0 = t0;
#pragma unroll
            for (int x = L - 1; x > 0; x--) {
                A[x] = A[x - 1];
            }
            A[0] = lig == 0 ? in : up;
        }
        if (tl == T - 1 || t + 1 == wsteps) { // the digits of steps t - tl .. t, lane x has step t - tl + x
            const int ts = t - tl + lig;
            if (ts <= t && ts < steps) {
                const int j = m - ts;
                if (j < lq) {
                    if (store) {
                        qi[j] = qreg;
                    }
                } else if (qreg != 0) {
                    fail = true;
                }
            }
        }
    }
    // the check 0 <= A[z ..] < D (below z both are 0): the top differing position decides
    {
        bool ne = false, gt = false;
#pragma unroll
        for (int x = L - 1; x >= 0; x--) {
            if (!ne && A[x] != D[x]) {
                ne = true;
                gt = A[x] > D[x];
            }
        }
        const u32 NE = (__ballot_sync(BD_FULL, ne) >> base) & (T == 32 ? 0xffffffffu : ((1u << T) - 1));
        const u32 GT = (__ballot_sync(BD_FULL, gt) >> base);
        fail |= !dummy && (NE == 0 || ((GT >> (31 - __clz((int) NE))) & 1u) != 0);
    }
    // the quotient's limbs above q_m, and the remainder: position p = z + e + i is its limb i times 2^s
    for (int j = max(m + 1, 0) + lig; j < lq; j += T) {
        if (store) {
            qi[j] = 0;
        }
    }
    const u64 nxt = __shfl_down_sync(BD_FULL, A[0], 1, T);
    u64* ri = r + inst * sr;
#pragma unroll
    for (int x = 0; x < L; x++) {
        const int i = lig * L + x - z - e;
        const u64 above = x + 1 < L ? A[x + 1] : (lig == T - 1 ? 0 : nxt);
        const u64 y = s ? (A[x] >> s) | (above << (64 - s)) : A[x];
        if (i >= 0) {
            if (i < lr) {
                if (store) {
                    ri[i] = y;
                }
            } else if (y != 0) {
                fail = true;
            }
        }
    }
    for (int i = nv + lig; i < lr; i += T) {
        if (store) {
            ri[i] = 0;
        }
    }
    fail = bdk_group_max<T>(fail ? 1 : 0) != 0;
    if (live && lig == 0) {
        flags[inst] = fail ? BD_FAIL : 0u;
    }
}

#define BDR_KERNEL(T, L)                                                                                           \
    extern "C" __global__ void bdr_div_t##T##_l##L(const u64* __restrict__ u, long long su, int lu,               \
                                                   const u64* __restrict__ v, long long sv, int lv,              \
                                                   u64* __restrict__ q, long long sq, int lq, u64* __restrict__ r, \
                                                   long long sr, int lr, const int* __restrict__ perm, int ulen,  \
                                                   int vlen, u32* __restrict__ flags, long long count) {          \
        bdr_divide<T, L, true>(u, su, lu, v, sv, lv, q, sq, lq, r, sr, lr, perm, flags, count);                   \
    }
// Divisors of up to 4, 8, .., 512 limbs (T L): the engine's (GpuLongDivision.REGISTER, the
// calibration's fastest per divisor class); the harness and its emulation also build the others.
BDR_KERNEL(4, 1)
BDR_KERNEL(4, 2)
BDR_KERNEL(4, 4)
BDR_KERNEL(4, 8)
BDR_KERNEL(4, 16)
BDR_KERNEL(8, 16)
BDR_KERNEL(16, 16)
BDR_KERNEL(32, 16)
#ifdef BDK_ALL_VARIANTS
BDR_KERNEL(8, 4)
BDR_KERNEL(8, 8)
BDR_KERNEL(16, 4)
BDR_KERNEL(16, 8)
BDR_KERNEL(32, 4)
BDR_KERNEL(32, 8)
// The harness's comparison: the first register kernels, which subtracted the lane below's carry word
// and the borrow bit in two passes over the lane's limbs (bdr0_div_tT_lL).
#define BDR0_KERNEL(T, L)                                                                                          \
    extern "C" __global__ void bdr0_div_t##T##_l##L(const u64* __restrict__ u, long long su, int lu,              \
                                                    const u64* __restrict__ v, long long sv, int lv,             \
                                                    u64* __restrict__ q, long long sq, int lq, u64* __restrict__ r, \
                                                    long long sr, int lr, const int* __restrict__ perm, int ulen, \
                                                    int vlen, u32* __restrict__ flags, long long count) {         \
        bdr_divide<T, L, false>(u, su, lu, v, sv, lv, q, sq, lq, r, sr, lr, perm, flags, count);                  \
    }
BDR0_KERNEL(4, 8)
BDR0_KERNEL(8, 8)
BDR0_KERNEL(16, 8)
BDR0_KERNEL(32, 8)
#endif
