package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Tuning;

/**
 * Exact division of non-negative integers on little-endian unsigned 64-bit limbs (base
 * B = 2^64) by Newton's method on the whole shifted inverse shinv_h(v) = floor(B^h / v), all
 * in integers: S. M. Watt, "Efficient generic quotients using exact arithmetic" (ISSAC 2023),
 * as implemented for GPUs by Marchioro, Raahauge, Lovenskjold, Oancea and Watt, "On GPU
 * implementation for multi-precision integer division"
 * (../shared/papers/gpu-multiprecision-integer-division-newton.txt).
 *
 * <p><b>shinv</b> (the paper's Algorithm 1, section 2.2). For v of k + 1 limbs: the special
 * cases v &lt; B (one-limb division), v &gt; B^h (0), 2v &gt; B^h (1), v = B^k (B^(h-k)); else
 * the initial approximation w = B^3 quo (v_k B + v_(k-1)) of B^(k+2) / v (two correct limbs,
 * the paper's revision: always refined), then {@code Refine} with g = 2 guard limbs: w
 * approximates B^(k+l+g) / v; each step (the paper's {@code Step}) is one Newton iteration
 * w B^m + w (B^(H-m) - v' w) B^(2m-H), rounded down, on the divisor prefix
 * v' = floor(v / B^s), s = max(0, k - 2l + 1 - g) (only the 2l + g top limbs of v matter at
 * precision l: the divisor-prefix technique), with H = k + l + m - s + g. The first two steps
 * refine at l = 2 (and drop the m new limbs); each later one grows the precision from l to
 * l + m - 1 limbs, m = min(h - k + 1 - l, l) (one limb of every step is dropped as a guard), so
 * ceil(log2(h - k - 1)) + 2 steps reach l = h - k. The residual B^(H-m) - v' w is the close
 * product of {@code PowDiff} (Algorithm 2): v' w lies within B^(L-1) of B^(H-m), L =
 * prec(v') + prec(w) - (l - g) + 1, so v' w mod B^L and its top limb give the sign and the
 * magnitude; the sign is carried explicitly (unsigned arithmetic), and a negative correction is
 * rounded so that the step is the floor of the exact Newton update. The result is
 * floor(B^h / v) + lambda: the paper's Theorem 2 gives lambda in {0, 1} for its version; in this
 * one (every step rounded down, the divisor prefixes rounded down) lambda is -1 too where
 * B^h / v lies just above an integer (v = B^k + 1, B^k / 2 + 1, 2 B^k - 1 at some h; 44 of
 * 200,000 adversarial-biased random cases, 640 had lambda = 1), so the corrections below allow
 * lambda in {-1, 0, 1}. {@link #shinv} removes lambda (one product v w and at most a few
 * comparisons), so it is exactly floor(B^h / v).
 *
 * <p><b>Division</b> (Algorithm 3, with a clipped first product). For u of h limbs and v of
 * k + 1 &gt;= 2 limbs: w = shinv_h(v) + lambda, q0 = floor(floor(u / B^d) w / B^(h-d)) with
 * d = k - 1 low limbs of u dropped (they change u w / B^h by less than B^(d-k) (1 + 1/B) &lt;
 * 1, so q0 is at most one below floor(u w / B^h)), r = u - v q0. With W = floor(B^h / v),
 * u/v - 1 &lt; u W / B^h &lt;= u / v, and |u lambda / B^h| &lt;= 1, so q = q0 + delta with delta
 * in {-1, 0, 1, 2, 3}: at most one step down (v q0 &gt; u) and three steps up (r &gt;= v).
 * The corrections test the exact conditions on the whole remainder, so the result is exact
 * whatever the bounds; should more corrections ever be needed than the proven bound (never seen),
 * BigInteger's division takes over and {@link #fallbacks()} counts it.
 *
 * <p><b>Products</b> are the project's: {@link LimbMultiplication} (Karatsuba over the
 * intrinsic schoolbook basecase) below {@link Tuning#intMulNttBits()} bits, the NTT + CRT route
 * of {@link IntegerMultiplication} above (on one thread, or on the threads a caller gives a
 * lone instance; never the GPU's product). The close product is formed as the full product truncated to L limbs (a
 * Karatsuba low half saves little, and the product modulo B^N - 1 measured no faster there);
 * in the transform range the remainder u - v q0 comes from v q0 modulo B^N - 1, N about the
 * divisor's length ({@code remainderModBnm1}, 0-7% off a division); what pays off on the CPU
 * is the growing precision and the divisor prefixes (the inverse costs about two products of
 * the quotient's size) and the clipped first product (an h-k by h-k product instead of h by
 * h-k).
 *
 * <p><b>Cost</b>: shinv_h(v) O(M(h - k)), the division O(M(n)) for a quotient and divisor of
 * about n limbs, M the cost of one product; the linear work (shifts, additions, comparisons)
 * allocates fresh arrays. Thread-safe (no shared state but the fallback counter).
 */
public final class NewtonDivision {
    private static final int GUARD = 2;
    private static final int MAX_CORRECTIONS = 3;
    private static final long[] ZERO = new long[0];
    private static final AtomicLong FALLBACKS = new AtomicLong();

    private NewtonDivision() {
    }

    /** Divisions or inverses that needed more corrections than the bound shown (expected 0; for the tests). */
    static long fallbacks() {
        return FALLBACKS.get();
    }

    // ---- public entry points (on trimmed limb arrays) ------------------------------------------

    /**
     * floor(B^h / v) exactly, B = 2^64, for v = v[0, nv) &gt; 0 (top limbs may be zero) and
     * h &gt;= 0: {@link #shinvApprox} and one correction. O(M(h - k)), k + 1 the limbs of v.
     *
     * @return the limbs, trimmed (length 0 for zero)
     * @throws IllegalArgumentException if v is zero, h &lt; 0, or nv is outside [0, v.length]
     */
    static long[] shinv(long[] v, int nv, int h) {
        long[] vt = checkedDivisor(v, nv, h);
        long[] w = shinvApprox(vt, h);
        // lambda in {-1, 0, 1} (class comment); the loop bound keeps the result exact regardless
        long[] pw = mul(vt, w);
        for (int i = 0; i <= MAX_CORRECTIONS; i++) {
            int c = comparePow(pw, h); // sign of v w - B^h
            if (c > 0) {
                w = subOne(w);
                pw = sub(pw, vt);
                continue;
            }
            long[] gap = subFromPow(h, pw); // B^h - v w >= 0
            if (compare(gap, vt) >= 0) {
                w = addOne(w);
                pw = add(pw, vt);
                continue;
            }
            return w;
        }
        FALLBACKS.incrementAndGet();
        return Limbs.magnitude(BigInteger.ONE.shiftLeft(64 * h).divide(Limbs.toBigInteger(vt)));
    }

    /**
     * {q, r} with u = q v + r, 0 &lt;= r &lt; v, for u = u[0, nu) &gt;= 0 and v = v[0, nv) &gt; 0
     * (top limbs may be zero): the division of the class comment. O(M(n)), n the limbs of u.
     *
     * @return {q, r}, each trimmed
     * @throws IllegalArgumentException if v is zero or a length is outside its array
     */
    static long[][] divide(long[] u, int nu, long[] v, int nv) {
        return divide(u, nu, v, nv, 1);
    }

    /**
     * {@link #divide(long[], int, long[], int)} with the products above the NTT threshold on
     * {@code threads} threads (the CPU engine gives a lone instance all of its threads).
     */
    public static long[][] divide(long[] u, int nu, long[] v, int nv, int threads) {
        if (u == null || nu < 0 || nu > u.length) {
            throw new IllegalArgumentException("nu must be in [0, " + (u == null ? 0 : u.length) + "], got " + nu);
        }
        long[] vt = checkedDivisor(v, nv, 0);
        long[] ut = Arrays.copyOf(u, Limbs.significant(u, 0, nu));
        if (compare(ut, vt) < 0) {
            return new long[][] {ZERO, ut};
        }
        if (vt.length == 1) { // one-limb divisor: BigInteger's linear divideOneWord
            BigInteger[] qr = Limbs.toBigInteger(ut).divideAndRemainder(Limbs.toBigInteger(vt));
            return new long[][] {trim(Limbs.magnitude(qr[0])), trim(Limbs.magnitude(qr[1]))};
        }
        int h = ut.length;
        int k = vt.length - 1;
        long[] w = shinvApprox(vt, h, threads);
        int d = k - 1;
        long[] q = shift(mul(shift(ut, -d), w, threads), -(h - d));
        if (wrapRemainder && q.length > 0 && Math.min(bits(vt), bits(q)) >= Tuning.intMulNttBits()
                && wrapPays(Integer.highestOneBit(k + 2) << 1, (long) vt.length + q.length)) {
            return correct(ut, vt, q, remainderModBnm1(ut, vt, q, threads));
        }
        long[] vq = mul(vt, q, threads);
        long[][] signed = compare(vq, ut) > 0 ? new long[][] {{-1}, sub(vq, ut)} : new long[][] {{1}, sub(ut, vq)};
        return correct(ut, vt, q, signed);
    }

    /**
     * Whether, in the transform range, the remainder u - v q0 of a division comes from v q0
     * modulo B^N - 1 (true) or from the whole product (false). Not final so that benchmarks can
     * switch it.
     */
    static volatile boolean wrapRemainder = true;

    /**
     * u - v q0 (q0 within {-1, .., 3} of the quotient, so the value lies in (-v, 4v) and below
     * B^(k+2) in magnitude, v of k + 1 limbs) from v q0 modulo B^N - 1, N = 2^ceil(log2(k + 3)):
     * a cyclic product of about the divisor's length instead of the whole product (GMP's
     * {@code mulmod_bnm1} in its divisions), q0 and u folded modulo B^N - 1 first. The residue
     * R of a value in (-B^(N-1), B^(N-1)) gives it back: R itself when its top limb is zero,
     * else -(B^N - 1 - R) = -(not R). Returns {sign, |value|}: sign[0] is 1 or -1.
     */
    private static long[][] remainderModBnm1(long[] u, long[] v, long[] q, int threads) {
        int k = v.length - 1;
        int log2n = 32 - Integer.numberOfLeadingZeros(k + 2); // 2^log2n >= k + 3
        int n = 1 << log2n;
        long[] s = DoubleNttIntMul.FixedFactor.wrapped(v, log2n, threads)
                .multiplyWrapped(DoubleNttIntMul.foldModBnm1(q, n), threads);
        long[] r = DoubleNttIntMul.subModBnm1(DoubleNttIntMul.foldModBnm1(u, n), s);
        if (r[n - 1] == 0) {
            return new long[][] {{1}, trim(r)};
        }
        for (int i = 0; i < n; i++) {
            r[i] = ~r[i];
        }
        return new long[][] {{-1}, trim(r)};
    }

    // {q, r} from q0 and the signed u - v q0 (sign in [0][0], magnitude in [1]): one step down
    // (delta = -1) at most, three up (delta = 1, 2, 3) at most, the exact conditions tested on
    // the whole remainder; beyond those bounds (never seen) BigInteger's division, counted.
    private static long[][] correct(long[] u, long[] v, long[] q, long[][] signedRemainder) {
        long[] r = signedRemainder[1];
        if (signedRemainder[0][0] < 0 && r.length > 0) { // delta = -1: r + v = v - |r|
            if (compare(r, v) > 0) {
                return fallback(u, v);
            }
            q = subOne(q);
            r = sub(v, r);
        }
        int up = 0;
        while (compare(r, v) >= 0) { // delta = 1, 2 or 3
            if (++up > 3) {
                return fallback(u, v);
            }
            q = addOne(q);
            r = sub(r, v);
        }
        // u = q v + r holds modulo B^N - 1 by construction; modulo 2^64 too unless the residue was
        // read wrongly (u - q v - r a non-zero multiple of B^N - 1 below 2^64 (B^N - 1)): a
        // failed check takes BigInteger's division, counted as a fallback
        long low = limb(q) * limb(v) + limb(r);
        if (low != limb(u)) {
            return fallback(u, v);
        }
        return new long[][] {q, r};
    }

    // Whether a cyclic product of n limbs (modulo B^n - 1) replaces a whole product of `whole`
    // limbs with profit: only where the whole one is at least 1.5 n long (a whole product just
    // above n takes a truncated layout of about 1.5 n, and the wrapped one's own plan, packing and
    // folds then cost more than the difference: 2-core VM, 3 10^5-bit divisions 0.90-0.94x).
    // (The Newton steps' close products modulo B^N - 1 too measured 0.88-1.11x on an H200 host's
    // Xeon, no gain over the remainder's alone: polynomial/BENCHMARKS.md; not kept.)
    private static boolean wrapPays(int n, long whole) {
        return 2L * whole >= 3L * n;
    }

    private static long limb(long[] a) {
        return a.length == 0 ? 0 : a[0];
    }

    private static long bits(long[] a) {
        return a.length == 0 ? 0 : 64L * a.length - Long.numberOfLeadingZeros(a[a.length - 1]);
    }

    private static long[][] fallback(long[] u, long[] v) {
        FALLBACKS.incrementAndGet();
        BigInteger[] qr = Limbs.toBigInteger(u).divideAndRemainder(Limbs.toBigInteger(v));
        return new long[][] {trim(Limbs.magnitude(qr[0])), trim(Limbs.magnitude(qr[1]))};
    }

    private static long[] checkedDivisor(long[] v, int nv, int h) {
        if (v == null || nv < 0 || nv > v.length) {
            throw new IllegalArgumentException("nv must be in [0, " + (v == null ? 0 : v.length) + "], got " + nv);
        }
        if (h < 0) {
            throw new IllegalArgumentException("h must be >= 0, got " + h);
        }
        int n = Limbs.significant(v, 0, nv);
        if (n == 0) {
            throw new ArithmeticException("division by zero (v = 0)");
        }
        return Arrays.copyOf(v, n);
    }

    // ---- Algorithm 1: shinv, Refine, Step; Algorithm 2: PowDiff --------------------------------

    /**
     * floor(B^h / v) + lambda, lambda in {-1, 0, 1} (class comment), for v trimmed and nonzero: the
     * paper's SHINV with the special cases of lines 6-10 and Refine. O(M(h - k)).
     */
    static long[] shinvApprox(long[] v, int h) {
        return shinvApprox(v, h, 1);
    }

    private static long[] shinvApprox(long[] v, int h, int threads) {
        int k = v.length - 1;
        if (k == 0) { // v < B: one-limb division
            return trim(Limbs.magnitude(BigInteger.ONE.shiftLeft(64 * h).divide(Limbs.toBigInteger(v))));
        }
        int c = comparePow(v, h);
        if (c > 0) {
            return ZERO;
        }
        if (c == 0 || comparePow(shiftBits1(v), h) > 0) { // v = B^h, or 2v > B^h
            return new long[] {1};
        }
        if (isPow(v)) { // v = B^k
            return pow(h - k);
        }
        // w = B^3 quo (v_k B + v_(k-1)) ~ B^(k+2) / v: at most B^2 (three limbs when V = B)
        long[] w = initial(v[k], v[k - 1]);
        return refine(v, h, k, w, 2, threads);
    }

    /** B^3 quo (hi B + lo), hi &gt;= 1: three limbs (little-endian), the top one 0 or 1. */
    static long[] initial(long hi, long lo) {
        BigInteger vv = Limbs.toBigInteger(new long[] {lo, hi});
        return trim(Limbs.magnitude(BigInteger.ONE.shiftLeft(192).divide(vv)));
    }

    private static long[] refine(long[] v, int h, int k, long[] w, int l, int threads) {
        w = shift(w, GUARD);
        int steps = ceilLog2(Math.max(h - k - 1, 0)) + 2;
        for (int i = 0; i < steps; i++) {
            int m = Math.min(h - k + 1 - l, l);
            int s = Math.max(0, k - 2 * l + 1 - GUARD);
            w = step(k + l + m - s + GUARD, shift(v, -s), w, m, l, threads);
            if (i < 2) {
                w = shift(w, -m);
            } else {
                w = shift(w, -1);
                l += m - 1;
            }
        }
        return shift(w, h - k < 2 ? h - k - 4 : -GUARD);
    }

    // One Newton step: floor(w B^m + w (B^(hh-m) - v w) B^(2m-hh)), the sign of the residual
    // carried explicitly (the paper's Step).
    private static long[] step(int hh, long[] v, long[] w, int m, int l, int threads) {
        boolean[] positive = new boolean[1];
        long[] x = powDiff(v, w, hh - m, l - GUARD, positive, threads);
        long[] t = mul(w, x, threads);
        long[] wm = shift(w, m);
        long[] tt = shift(t, 2 * m - hh);
        if (positive[0]) {
            return add(wm, tt);
        }
        long[] res = sub(wm, tt);
        if (anyLow(t, hh - 2 * m)) {
            res = subOne(res);
        }
        return res;
    }

    // |B^h - v w| and its sign (positive[0] = B^h >= v w): the close product when
    // L = prec v + prec w - l + 1 < h (Algorithm 2).
    static long[] powDiff(long[] v, long[] w, int h, int l, boolean[] positive, int threads) {
        int pv = v.length;
        int pw = w.length;
        int bigL = pv + pw - l + 1;
        if (pv == 0 || pw == 0 || bigL >= h) {
            long[] p = mul(v, w, threads);
            if (comparePow(p, h) < 0) {
                positive[0] = true;
                return subFromPow(h, p);
            }
            positive[0] = false;
            return subPow(p, h);
        }
        long[] p = low(mul(v, w, threads), bigL); // MULTMOD(v, w, L)
        if (p.length == 0) {
            positive[0] = true;
            return ZERO;
        }
        if (p.length < bigL) { // P_(L-1) = 0: v w = B^h + P
            positive[0] = false;
            return p;
        }
        positive[0] = true;
        return subFromPow(bigL, p); // v w = B^h - (B^L - P)
    }

    // ---- products --------------------------------------------------------------------------------

    /** a b, trimmed, by the project's products (see the class comment). */
    static long[] mul(long[] a, long[] b) {
        return mul(a, b, 1);
    }

    private static long[] mul(long[] a, long[] b, int threads) {
        if (a.length == 0 || b.length == 0) {
            return ZERO;
        }
        long bitsA = 64L * a.length - Long.numberOfLeadingZeros(a[a.length - 1]);
        long bitsB = 64L * b.length - Long.numberOfLeadingZeros(b[b.length - 1]);
        long[] z;
        if (Math.min(bitsA, bitsB) < Tuning.intMulNttBits()) {
            z = new long[a.length + b.length];
            LimbMultiplication.multiplyInto(a, 0, a.length, b, 0, b.length, z, 0,
                    LimbMultiplication.work(Math.min(a.length, b.length)));
        } else {
            z = IntegerMultiplication.multiplyMagnitudes(a, bitsA, b, bitsB, a == b, Math.max(1, threads), false);
        }
        return trim(z);
    }

    // ---- linear helpers on trimmed arrays --------------------------------------------------------

    static long[] trim(long[] a) {
        int n = Limbs.significant(a, 0, a.length);
        return n == a.length ? a : Arrays.copyOf(a, n);
    }

    static int compare(long[] a, long[] b) {
        if (a.length != b.length) {
            return a.length < b.length ? -1 : 1;
        }
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] != b[i]) {
                return Long.compareUnsigned(a[i], b[i]);
            }
        }
        return 0;
    }

    // sign of a - B^h
    private static int comparePow(long[] a, int h) {
        if (a.length != h + 1) {
            return a.length < h + 1 ? -1 : 1;
        }
        if (a[h] != 1) {
            return 1;
        }
        return anyLow(a, h) ? 1 : 0;
    }

    private static boolean isPow(long[] a) {
        return a.length > 0 && a[a.length - 1] == 1 && !anyLow(a, a.length - 1);
    }

    private static long[] pow(int n) {
        long[] r = new long[n + 1];
        r[n] = 1;
        return r;
    }

    // whether any of the d low limbs of a is nonzero
    private static boolean anyLow(long[] a, int d) {
        for (int i = 0, e = Math.min(d, a.length); i < e; i++) {
            if (a[i] != 0) {
                return true;
            }
        }
        return false;
    }

    /** a B^n for n &gt;= 0, floor(a / B^-n) for n &lt; 0; trimmed. */
    static long[] shift(long[] a, int n) {
        if (n == 0 || a.length == 0) {
            return a;
        }
        if (n > 0) {
            long[] r = new long[a.length + n];
            System.arraycopy(a, 0, r, n, a.length);
            return r;
        }
        return -n >= a.length ? ZERO : Arrays.copyOfRange(a, -n, a.length);
    }

    private static long[] shiftBits1(long[] a) { // 2a
        long[] r = new long[a.length + 1];
        long c = 0;
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] << 1) | c;
            c = a[i] >>> 63;
        }
        r[a.length] = c;
        return trim(r);
    }

    private static long[] low(long[] a, int n) { // a mod B^n
        return a.length <= n ? a : trim(Arrays.copyOf(a, n));
    }

    static long[] add(long[] a, long[] b) {
        if (a.length < b.length) {
            long[] t = a;
            a = b;
            b = t;
        }
        long[] r = new long[a.length + 1];
        long c = LimbMultiplication.addN(a, 0, b, 0, b.length, r, 0, 0);
        for (int i = b.length; i < a.length; i++) {
            long s = a[i] + c;
            c = c != 0 && s == 0 ? 1 : 0;
            r[i] = s;
        }
        r[a.length] = c;
        return trim(r);
    }

    /** a - b for a &gt;= b. */
    static long[] sub(long[] a, long[] b) {
        long[] r = new long[a.length];
        long c = LimbMultiplication.subN(a, 0, b, 0, b.length, r, 0, 0);
        for (int i = b.length; i < a.length; i++) {
            long d = a[i] - c;
            c = c != 0 && a[i] == 0 ? 1 : 0;
            r[i] = d;
        }
        if (c != 0) {
            throw new IllegalStateException("negative difference"); // internal: callers ensure a >= b
        }
        return trim(r);
    }

    private static long[] addOne(long[] a) {
        return add(a, new long[] {1});
    }

    private static long[] subOne(long[] a) {
        return sub(a, new long[] {1});
    }

    // B^h - a for a <= B^h
    private static long[] subFromPow(int h, long[] a) {
        return sub(pow(h), a);
    }

    // a - B^h for a >= B^h
    private static long[] subPow(long[] a, int h) {
        return sub(a, pow(h));
    }

    private static int ceilLog2(int x) {
        return x <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(x - 1);
    }
}
