package org.modalg.modular.kernel;

import java.util.Arrays;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.zp.PolyDivZp;
import org.modalg.polynomial.zp.PolyMulZp;

/**
 * Half-GCD over a word-size prime field Z/pZ, and the GCD and resultant built on it
 * (Thull and Yap 1990; von zur Gathen and Gerhard, Modern Computer Algebra, chapter 11).
 * Unchecked tier under {@link PolyGcdZp}, which calls it above {@link #GCD_CUTOFF}.
 *
 * <p>Polynomials are {@code long[]} arrays of exactly deg + 1 entries in [0, p), increasing
 * degree, the zero polynomial an empty array.
 *
 * <p>{@code hgcd(a, b)} for deg a = n &gt; deg b returns the product M = Q_1 ... Q_j of the
 * Euclidean quotient matrices Q_i = [[q_i, 1], [1, 0]] and the pair (A, B) = M^-1 (a, b) of
 * consecutive remainders with deg A &gt;= ceil(n/2) &gt; deg B. With m = ceil(n/2) it recurses
 * on the tops a div x^m, b div x^m (whose first quotients are those of a and b: a quotient by
 * a remainder of degree at least half the top's degree depends only on the top), takes one
 * Euclid step in the middle, and recurses on the tops of the next pair cut so that their
 * half-GCD stops at degree m. Products go through {@link PolyMulZp#mul} (classical, Karatsuba
 * or NTT), divisions through {@link PolyDivZp#divRem}. Cost O(M(n) log n).
 *
 * <p>Resultant. Res(r_0, r_1) = prod_i (-1)^(n_{i-1} n_i) lc(r_i)^(n_{i-1} - n_{i+1}) times the
 * last factor, over the remainder sequence r_i of degrees n_i. The half-GCD skips most
 * remainders, but every quotient step it takes divides by a remainder whose degree and
 * leading coefficient are those of the true remainder (the step is valid, so the degrees of
 * the truncated and the true sequence differ by the cut, and their leading coefficients agree):
 * each step reports its divisor, with its degree shifted back by the cuts above it, to a
 * {@link ResultantTrack}, which multiplies in the factor of the step before once the next
 * degree is known (as FLINT's nmod_poly_resultant_hgcd does).
 */
final class HalfGcdZp {
    /**
     * Degree below which the half-GCD recursion runs Euclid steps directly (property
     * {@code modalg.modular.hgcdBase}). Measured (resultant of two random polynomials of degree
     * 1000 and 2000, p = the largest 62-bit prime with 2^24 | p - 1, 2-core VM under load):
     * 100: 4.9 / 12.6 ms, 200: 4.4 / 11.6, 400: 4.8 / 11.2, 800: 4.0 / 10.4 ms.
     */
    static final int HGCD_CUTOFF = Integer.getInteger("modalg.modular.hgcdBase", 200);
    /**
     * Smaller degree from which {@link PolyGcdZp} uses the half-GCD (property
     * {@code modalg.modular.hgcdGcd}). Measured, resultant, Euclid / half-GCD, same setting:
     * degree 1000: 2.7 / 4.4 ms, 2000: 10.0 / 11.6, 3000: 44 / 73 (noisy), 4000: 85 / 93,
     * 8000: 166 / 71 ms; for p = 2^62 - 57 (products through three NTT primes and CRT)
     * 4000: 63 / 64 ms, 8000: 177 / 155 ms. The products of {@link PolyMulZp} cost several times
     * a Euclid update per coefficient at the sizes inside the recursion, hence the high cut-off.
     */
    static final int GCD_CUTOFF = Integer.getInteger("modalg.modular.hgcdGcd", 4000);

    private static final long[] ZERO = new long[0];
    private static final long[] ONE = {1};

    private HalfGcdZp() {
    }

    /** A half-GCD result: the matrix (null when not requested), its determinant's sign, the pair. */
    static final class Result {
        final long[] m11, m12, m21, m22;
        final boolean negDet; // det M = (-1)^steps
        final int steps;
        final long[] a, b;

        Result(long[] m11, long[] m12, long[] m21, long[] m22, boolean negDet, int steps, long[] a, long[] b) {
            this.m11 = m11;
            this.m12 = m12;
            this.m21 = m21;
            this.m22 = m22;
            this.negDet = negDet;
            this.steps = steps;
            this.a = a;
            this.b = b;
        }
    }

    /**
     * The running product of the resultant factors over the remainders reported so far, in
     * order. Res(r_0, r_1) = value * Res(r_{i-1}, r_i) once r_i is the last one reported.
     */
    static final class ResultantTrack {
        private final ZpField f;
        long value = 1;
        private int count;
        private int prevDeg;
        private int curDeg;
        private long curLc;

        ResultantTrack(ZpField f) {
            this.f = f;
        }

        /** Reports the next remainder r_{i+1} of the sequence by its degree and leading coefficient. */
        void next(int deg, long lc) {
            if (count >= 2) {
                long step = f.pow(curLc, prevDeg - deg);
                if ((((long) prevDeg * curDeg) & 1) != 0) {
                    step = f.neg(step);
                }
                value = f.mul(value, step);
            }
            count++;
            prevDeg = curDeg;
            curDeg = deg;
            curLc = lc;
        }
    }

    // ------------------------------------------------------------------ gcd and resultant

    /**
     * The gcd of a and b (exact lengths, non-zero leading coefficients; either may be empty),
     * not normalized: a non-zero scalar multiple of the monic gcd, or empty when both are zero.
     */
    static long[] gcd(ZpField f, long[] a, long[] b) {
        if (a.length < b.length) {
            long[] t = a;
            a = b;
            b = t;
        }
        while (b.length > GCD_CUTOFF) {
            if (a.length > b.length) {
                Result h = hgcd(f, a, b, false, null, 0);
                if (h.steps > 0) {
                    a = h.a;
                    b = h.b;
                    if (b.length == 0) {
                        return a;
                    }
                    continue;
                }
            }
            long[] r = rem(f, a, b);
            a = b;
            b = r;
        }
        long[] out = new long[a.length];
        int len = gcdEuclid(f, a.clone(), a.length, b.clone(), b.length, out);
        return Arrays.copyOf(out, len);
    }

    /**
     * Res(a, b) for deg a = n &gt;= 0 and deg b = m &gt;= 0 exactly (non-zero leading
     * coefficients); the arrays are not modified.
     */
    static long resultant(ZpField f, long[] a, long[] b) {
        ResultantTrack track = new ResultantTrack(f);
        track.next(a.length - 1, a[a.length - 1]);
        // invariant: a is the last remainder reported; every quotient step reports its divisor
        while (b.length > GCD_CUTOFF) {
            long[] na;
            long[] nb;
            Result h = a.length > b.length ? hgcd(f, a, b, false, track, 0) : null;
            if (h != null && h.steps > 0) {
                na = h.a;
                nb = h.b;
            } else {
                track.next(b.length - 1, b[b.length - 1]);
                na = b;
                nb = rem(f, a, b);
            }
            if (nb.length == 0) {
                return 0; // deg gcd = deg na >= 1
            }
            a = na;
            b = nb;
        }
        track.next(b.length - 1, b[b.length - 1]);
        long tail = resultantEuclid(f, a.clone(), a.length - 1, b.clone(), b.length - 1);
        return f.mul(track.value, tail);
    }

    // ------------------------------------------------------------------ Euclid (the base case)

    /** {@link PolyGcdZp#gcd} by Euclid's algorithm alone (the base case of {@link #gcd}), O(aLen bLen). */
    static int gcdEuclid(ZpField f, long[] a, int aLen, long[] b, int bLen, long[] out) {
        aLen = trim(a, aLen);
        bLen = trim(b, bLen);
        while (bLen > 0) {
            aLen = remainderInPlace(f, a, aLen, b, bLen);
            long[] t = a;
            a = b;
            b = t;
            int tl = aLen;
            aLen = bLen;
            bLen = tl;
        }
        return monic(f, a, aLen, out);
    }

    /** out = a / lc(a) for a[0..aLen) with a non-zero leading coefficient (or aLen = 0); returns aLen. */
    static int monic(ZpField f, long[] a, int aLen, long[] out) {
        if (aLen == 0) {
            return 0;
        }
        long inv = f.inv(a[aLen - 1]);
        long w = f.shoupPrecompute(inv);
        for (int i = 0; i < aLen - 1; i++) {
            out[i] = f.mulShoup(a[i], inv, w);
        }
        out[aLen - 1] = 1;
        return aLen;
    }

    /** {@code PolyGcdZp.resultantTrimmed} by Euclid's algorithm alone (the base case of {@link #resultant}), O(n m). */
    static long resultantEuclid(ZpField f, long[] a, int n, long[] b, int m) {
        long res = 1;
        while (true) {
            if (m == 0) {
                return f.mul(res, f.pow(b[0], n));
            }
            long lcb = b[m];
            int rLen = remainderInPlace(f, a, n + 1, b, m + 1);
            if (rLen == 0) {
                return 0;
            }
            int r = rLen - 1;
            long step = f.pow(lcb, n - r);
            if ((((long) n * m) & 1) != 0) {
                step = f.neg(step);
            }
            res = f.mul(res, step);
            long[] t = a;
            a = b;
            b = t;
            n = m;
            m = r;
        }
    }

    /**
     * a := a mod b in place for a[0..aLen) (trimmed or not) and b[0..bLen) with b[bLen - 1]
     * non-zero; returns the trimmed length of the remainder. O((aLen - bLen + 1) bLen).
     */
    static int remainderInPlace(ZpField f, long[] a, int aLen, long[] b, int bLen) {
        final long p = f.p();
        if (aLen < bLen) {
            return trim(a, aLen);
        }
        long lcInv = f.inv(b[bLen - 1]);
        long lcInvShoup = f.shoupPrecompute(lcInv);
        int m = bLen - 1;
        for (int i = aLen - 1; i >= m; i--) {
            long top = a[i];
            a[i] = 0;
            if (top == 0) {
                continue;
            }
            long q = p - f.mulShoup(top, lcInv, lcInvShoup); // -q, so the loop adds
            long qs = f.shoupPrecompute(q);
            int base = i - m;
            for (int j = 0; j < m; j++) {
                long s = a[base + j] + f.mulShoupLazy(b[j], q, qs); // < p + 2p < 2^63
                s -= p;
                s += (s >> 63) & p;
                s -= p;
                a[base + j] = s + ((s >> 63) & p);
            }
        }
        return trim(a, m);
    }

    // ------------------------------------------------------------------ half-GCD

    /**
     * The half-GCD of (a, b), deg a = n &gt; deg b, as in the class comment: M (when
     * {@code wantMatrix}) and (A, B) = M^-1 (a, b) with deg A &gt;= ceil(n/2) &gt; deg B. Every
     * quotient step reports its divisor to {@code track} (when not null) with its degree
     * raised by {@code shift}.
     */
    static Result hgcd(ZpField f, long[] a, long[] b, boolean wantMatrix, ResultantTrack track, int shift) {
        int n = a.length - 1;
        int m = (n + 1) >>> 1;
        if (b.length - 1 < m) {
            return identity(a, b);
        }
        if (n < HGCD_CUTOFF) {
            return base(f, a, b, m, track, shift);
        }
        // first half: the quotients of the tops at x^m
        Result r = hgcd(f, Arrays.copyOfRange(a, m, a.length), Arrays.copyOfRange(b, m, b.length), true, track,
                shift + m);
        long[][] ab = applyInverse(f, r, a, b, m);
        long[] ra = ab[0];
        long[] rb = ab[1];
        if (rb.length - 1 < m) {
            return new Result(r.m11, r.m12, r.m21, r.m22, r.negDet, r.steps, ra, rb);
        }
        // one Euclid step in the middle
        if (track != null) {
            track.next(rb.length - 1 + shift, rb[rb.length - 1]);
        }
        long[][] qr = divRem(f, ra, rb);
        long[] q = qr[0];
        long[] c = rb;
        long[] d = qr[1];
        // R Q = [[r11 q + r12, r11], [r21 q + r22, r21]]
        long[] t11 = mulAdd(f, r.m11, q, r.m12);
        long[] t21 = mulAdd(f, r.m21, q, r.m22);
        long[] t12 = r.m11;
        long[] t22 = r.m21;
        boolean negDet = !r.negDet;
        int steps = r.steps + 1;
        if (d.length - 1 < m) {
            return new Result(t11, t12, t21, t22, negDet, steps, c, d);
        }
        // second half: cut at k so that the tops' half-GCD stops at degree m
        int l = c.length - 1;
        int k = 2 * m - l;
        Result s = hgcd(f, Arrays.copyOfRange(c, k, c.length), Arrays.copyOfRange(d, k, d.length), true, track,
                shift + k);
        long[][] cd = applyInverse(f, s, c, d, k);
        steps += s.steps;
        negDet ^= s.negDet;
        if (!wantMatrix) {
            return new Result(null, null, null, null, negDet, steps, cd[0], cd[1]);
        }
        long[] u11 = add(f, mul(f, t11, s.m11), mul(f, t12, s.m21));
        long[] u12 = add(f, mul(f, t11, s.m12), mul(f, t12, s.m22));
        long[] u21 = add(f, mul(f, t21, s.m11), mul(f, t22, s.m21));
        long[] u22 = add(f, mul(f, t21, s.m12), mul(f, t22, s.m22));
        return new Result(u11, u12, u21, u22, negDet, steps, cd[0], cd[1]);
    }

    private static Result identity(long[] a, long[] b) {
        return new Result(ONE, ZERO, ZERO, ONE, false, 0, a, b);
    }

    /** Euclid steps while the divisor has degree at least m, accumulating the matrix. */
    private static Result base(ZpField f, long[] a, long[] b, int m, ResultantTrack track, int shift) {
        long[] m11 = ONE;
        long[] m12 = ZERO;
        long[] m21 = ZERO;
        long[] m22 = ONE;
        int steps = 0;
        while (b.length - 1 >= m) {
            if (track != null) {
                track.next(b.length - 1 + shift, b[b.length - 1]);
            }
            long[][] qr = divRem(f, a, b);
            long[] q = qr[0];
            long[] n11 = mulAdd(f, m11, q, m12);
            long[] n21 = mulAdd(f, m21, q, m22);
            m12 = m11;
            m22 = m21;
            m11 = n11;
            m21 = n21;
            a = b;
            b = qr[1];
            steps++;
        }
        return new Result(m11, m12, m21, m22, (steps & 1) != 0, steps, a, b);
    }

    /**
     * (A, B) = R^-1 (a, b) for the half-GCD R of the tops a div x^s, b div x^s, whose reduced
     * pair (A0, B0) is in R: A = A0 x^s + det (r22 a_lo - r12 b_lo),
     * B = B0 x^s + det (r11 b_lo - r21 a_lo), with a_lo, b_lo the parts below x^s.
     */
    private static long[][] applyInverse(ZpField f, Result r, long[] a, long[] b, int s) {
        long[] aLo = Arrays.copyOf(a, trim(a, Math.min(s, a.length)));
        long[] bLo = Arrays.copyOf(b, trim(b, Math.min(s, b.length)));
        long[] x = sub(f, mul(f, r.m22, aLo), mul(f, r.m12, bLo));
        long[] y = sub(f, mul(f, r.m11, bLo), mul(f, r.m21, aLo));
        if (r.negDet) {
            x = neg(f, x);
            y = neg(f, y);
        }
        return new long[][] {addShifted(f, x, r.a, s), addShifted(f, y, r.b, s)};
    }

    // ------------------------------------------------------------------ polynomial helpers

    static int trim(long[] a, int len) {
        while (len > 0 && a[len - 1] == 0) {
            len--;
        }
        return len;
    }

    private static long[] trimmed(long[] a, int len) {
        len = trim(a, len);
        return len == a.length ? a : Arrays.copyOf(a, len);
    }

    /** x * y (exact lengths; the product of non-zero polynomials over a field has no leading zero). */
    static long[] mul(ZpField f, long[] x, long[] y) {
        if (x.length == 0 || y.length == 0) {
            return ZERO;
        }
        long[] c = new long[x.length + y.length - 1];
        if (x.length == 1) {
            f.scaleVec(y, 0, x[0], c, 0, y.length);
        } else if (y.length == 1) {
            f.scaleVec(x, 0, y[0], c, 0, x.length);
        } else {
            PolyMulZp.mul(f, x, 0, x.length, y, 0, y.length, c, 0);
        }
        return c;
    }

    /**
     * x * q + y. A short q (the usual quotient has degree 1) is applied coefficient by
     * coefficient with Shoup multiplication, which beats a general product of that shape.
     */
    static long[] mulAdd(ZpField f, long[] x, long[] q, long[] y) {
        if (x.length == 0 || q.length == 0) {
            return y;
        }
        if (q.length > SHORT_QUOTIENT) {
            return add(f, mul(f, x, q), y);
        }
        int n = Math.max(x.length + q.length - 1, y.length);
        long[] c = Arrays.copyOf(y, n);
        final long p = f.p();
        for (int j = 0; j < q.length; j++) {
            long w = q[j];
            if (w == 0) {
                continue;
            }
            long ws = f.shoupPrecompute(w);
            for (int i = 0; i < x.length; i++) {
                long s = c[i + j] + f.mulShoupLazy(x[i], w, ws) - 2 * p; // in [-2p, p)
                s += (s >> 63) & p;
                c[i + j] = s + ((s >> 63) & p);
            }
        }
        return trimmed(c, n);
    }

    private static final int SHORT_QUOTIENT = 8;

    static long[] add(ZpField f, long[] x, long[] y) {
        if (x.length < y.length) {
            long[] t = x;
            x = y;
            y = t;
        }
        long[] c = x.clone();
        f.addVec(c, 0, y, 0, c, 0, y.length);
        return x.length == y.length ? trimmed(c, c.length) : c;
    }

    static long[] sub(ZpField f, long[] x, long[] y) {
        int n = Math.max(x.length, y.length);
        long[] c = Arrays.copyOf(x, n);
        f.subVec(c, 0, y, 0, c, 0, y.length);
        return trimmed(c, n);
    }

    private static long[] neg(ZpField f, long[] x) {
        long[] c = new long[x.length];
        f.negVec(x, 0, c, 0, x.length);
        return c;
    }

    /** lo + hi x^s. */
    private static long[] addShifted(ZpField f, long[] lo, long[] hi, int s) {
        int n = Math.max(lo.length, hi.length == 0 ? 0 : hi.length + s);
        long[] c = Arrays.copyOf(lo, n);
        if (hi.length > 0) {
            int ov = Math.max(0, Math.min(lo.length - s, hi.length));
            f.addVec(c, s, hi, 0, c, s, ov);
            System.arraycopy(hi, ov, c, s + ov, hi.length - ov);
        }
        return trimmed(c, n);
    }

    /** {q, r} with a = q b + r, deg r &lt; deg b (b non-zero). */
    static long[][] divRem(ZpField f, long[] a, long[] b) {
        if (a.length < b.length) {
            return new long[][] {ZERO, a};
        }
        long[] q = new long[a.length - b.length + 1];
        long[] r = new long[a.length];
        PolyDivZp.divRem(f, a, 0, a.length, b, 0, b.length, q, 0, r, 0);
        return new long[][] {q, trimmed(r, b.length - 1)};
    }

    private static long[] rem(ZpField f, long[] a, long[] b) {
        return divRem(f, a, b)[1];
    }
}
