package org.modalg.polynomial.zp;

import java.util.Arrays;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fields.UnsignedDivider;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.zz.PolyMulDevice;
import org.modalg.polynomial.zz.PolyMulZZ;

/**
 * Multiplication kernels for polynomials over a word-size prime field Z/pZ on caller-owned
 * {@code long[]} coefficient arrays (increasing degree, offset and length, every entry in
 * [0, p)). This is the unchecked tier under {@link ZpPoly}: preconditions are stated, not
 * validated, and a violation gives an unspecified result or an index exception.
 *
 * <p>Common preconditions: {@code aLen >= 1}, {@code bLen >= 1}, the ranges lie inside their
 * arrays, and the output range {@code c[cOff .. cOff + aLen + bLen - 1)} overlaps neither
 * input range. Every entry of the output range is written.
 *
 * <p>Classical products accumulate the exact sum of the products a_i b_j (each below
 * p^2 &lt; 2^124) in blocks of 16 in two words, then in three, and reduce once per output
 * coefficient (two Moeller-Granlund reductions): the inner loop is two multiplications and
 * one carry check per term.
 */
public final class PolyMulZp {
    private PolyMulZp() {
    }

    // ------------------------------------------------------------------ reduction context

    /** p (any modulus 2 &lt;= p &lt; 2^64, read unsigned) with its reciprocal, for reducing three-word sums. Immutable. */
    static final class Reducer {
        final long p;
        final UnsignedDivider div;

        Reducer(long p) {
            this.p = p;
            this.div = new UnsignedDivider(p);
        }

        /** (top 2^128 + hi 2^64 + lo) mod p for unsigned words. */
        long reduce(long top, long hi, long lo) {
            long t = Long.compareUnsigned(top, p) < 0 ? top : Long.remainderUnsigned(top, p);
            t = div.remainder(t, hi);
            return div.remainder(t, lo);
        }
    }

    private static volatile Reducer lastReducer = new Reducer(2);

    /** A reducer for f's prime (the last one is cached: setting up costs a 64-step loop). */
    static Reducer reducer(ZpField f) {
        return reducer(f.p());
    }

    /** A reducer for the modulus p, read unsigned (the last one is cached). */
    static Reducer reducer(long p) {
        Reducer r = lastReducer;
        if (r.p != p) {
            r = new Reducer(p);
            lastReducer = r;
        }
        return r;
    }

    // ------------------------------------------------------------------ dispatch

    /**
     * c = a * b mod p, choosing the algorithm. Candidates: {@link #mulClassical},
     * {@link #mulKaratsuba}, {@link #mulNtt} (on the CPU: directly modulo p by the 64-bit
     * transform when p is NTT-friendly for the length and the double-precision route would need
     * two primes or more ({@link #directNttWins}), otherwise {@link #mulDoubleNtt}). The rule,
     * with n = min(aLen, bLen), the first row that holds:
     * <table>
     *   <caption>choice by n</caption>
     *   <tr><th>condition</th><th>algorithm</th></tr>
     *   <tr><td>n &lt; {@link Tuning#zpKaratsubaThreshold()}</td><td>classical</td></tr>
     *   <tr><td>n &lt; {@link Tuning#zpNttThreshold()}, the direct transform wins</td><td>Karatsuba</td></tr>
     *   <tr><td>n &lt; {@link Tuning#zpNttCrtThreshold()}, otherwise</td><td>Karatsuba</td></tr>
     *   <tr><td>otherwise</td><td>NTT</td></tr>
     * </table>
     */
    public static void mul(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                           long[] c, int cOff) {
        int cutoff = Tuning.zpKaratsubaThreshold();
        int n = Math.min(aLen, bLen);
        if (n < cutoff) {
            classical(reducer(f), a, aOff, aLen, b, bOff, bLen, c, cOff);
        } else if (n < nttThreshold(f.p(), aLen, bLen)) {
            mulKaratsuba(f, a, aOff, aLen, b, bOff, bLen, c, cOff, cutoff);
        } else {
            mulNtt(f, a, aOff, aLen, b, bOff, bLen, c, cOff);
        }
    }

    /** c = a^2 mod p, by the rule of {@link #mul} applied to (a, a). */
    public static void sqr(ZpField f, long[] a, int aOff, int aLen, long[] c, int cOff) {
        int cutoff = Tuning.zpKaratsubaThreshold();
        if (aLen < cutoff) {
            sqrClassical(reducer(f), a, aOff, aLen, c, cOff);
        } else if (aLen < nttThreshold(f.p(), aLen, aLen)) {
            sqrKaratsuba(f, a, aOff, aLen, c, cOff, cutoff);
        } else {
            mulNtt(f, a, aOff, aLen, a, aOff, aLen, c, cOff);
        }
    }

    // ------------------------------------------------------------------ classical

    /**
     * c = a * b mod p by the schoolbook method with one reduction per output coefficient.
     * O(aLen * bLen) word multiplications.
     */
    public static void mulClassical(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] c, int cOff) {
        classical(reducer(f), a, aOff, aLen, b, bOff, bLen, c, cOff);
    }

    /** c = a^2 mod p by the schoolbook method using symmetry; about aLen^2 / 2 products. */
    public static void sqrClassical(ZpField f, long[] a, int aOff, int aLen, long[] c, int cOff) {
        sqrClassical(reducer(f), a, aOff, aLen, c, cOff);
    }

    static void classical(Reducer r, long[] a, int ao, int al, long[] b, int bo, int bl, long[] c, int co) {
        int n = al + bl - 1;
        for (int k = 0; k < n; k++) {
            int iLo = Math.max(0, k - bl + 1);
            int iHi = Math.min(k, al - 1);
            c[co + k] = dotReversed(r, a, ao + iLo, b, bo + k - iLo, iHi - iLo + 1);
        }
    }

    static void sqrClassical(Reducer r, long[] a, int ao, int al, long[] c, int co) {
        final long p = r.p;
        int n = 2 * al - 1;
        for (int k = 0; k < n; k++) {
            int iLo = Math.max(0, k - al + 1);
            int iHi = (k - 1) >> 1; // cross terms i < k - i
            long s = iHi >= iLo ? dotReversed(r, a, ao + iLo, a, ao + k - iLo, iHi - iLo + 1) : 0;
            s = s + s - p;
            s += (s >> 63) & p;
            if ((k & 1) == 0) {
                long x = a[ao + (k >> 1)];
                long t = s + r.div.remainder(Math.multiplyHigh(x, x), x * x) - p;
                s = t + ((t >> 63) & p);
            }
            c[co + k] = s;
        }
    }

    /**
     * sum_{t &lt; len} x[xi + t] y[yj - t] mod p, for entries in [0, p) and len &gt;= 0.
     * Products are below p^2 &lt; 2^124, so 16 of them sum to less than 2^128: each block of 16
     * is summed in two words with one carry check per term, then added to a three-word total
     * that is reduced once at the end.
     */
    static long dotReversed(Reducer r, long[] x, int xi, long[] y, int yj, int len) {
        long lo = 0;
        long hi = 0;
        long top = 0;
        int end = xi + len;
        while (xi < end) {
            int blockEnd = Math.min(end, xi + 16);
            long bl = 0;
            long bh = 0;
            for (; xi < blockEnd; xi++, yj--) {
                long u = x[xi];
                long v = y[yj];
                long pl = u * v;
                bl += pl;
                bh += Math.multiplyHigh(u, v) + (Long.compareUnsigned(bl, pl) < 0 ? 1 : 0);
            }
            lo += bl;
            long cy = Long.compareUnsigned(lo, bl) < 0 ? 1 : 0;
            long h = hi + bh;
            top += Long.compareUnsigned(h, bh) < 0 ? 1 : 0;
            hi = h + cy;
            top += (hi == 0 && cy != 0) ? 1 : 0;
        }
        return r.reduce(top, hi, lo);
    }

    // ------------------------------------------------------------------ the full word

    /**
     * c = a * b mod p for any modulus 2 &lt;= p &lt; 2^64 read as an unsigned word, prime or not
     * (FLINT's {@code nmod_poly_mul} range), entries unsigned in [0, p); the other preconditions
     * are those of the class. The rule, with n = min(aLen, bLen): {@link #mulClassicalFullWord}
     * below {@link Tuning#zpKaratsubaThreshold()}, {@link #mulKaratsubaFullWord} below
     * {@link Tuning#zpNttCrtThreshold()} for p &lt; 2^62 and below
     * {@link Tuning#zpFullWordNttThreshold()} for larger p, the NTT from there
     * ({@link #mulNttFullWord}): whole on the polynomial product provider (the GPU's all-device
     * product) from its minimum length unless the backend is the CPU; otherwise on the engine of
     * the call by {@link #mulFullWordOnEngine} when the call asks for the GPU
     * ({@link org.modalg.fft.Backend#GPU}), else by {@link #mulDoubleNtt} on the call's threads.
     */
    public static void mulFullWord(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                   long[] c, int cOff) {
        mulAuto(p, a, aOff, aLen, b, bOff, bLen, c, cOff, ProductContext.threads());
    }

    /**
     * c = a * b mod p by Karatsuba's method for any modulus 2 &lt;= p &lt; 2^64 read unsigned
     * (entries unsigned in [0, p)), finishing with {@link #mulClassicalFullWord} below
     * {@link Tuning#zpKaratsubaThreshold()}; sums and differences are taken with the carry out
     * of 64 bits. Allocates O(aLen + bLen) words of scratch. O(n^1.585) for balanced lengths n.
     */
    public static void mulKaratsubaFullWord(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                            long[] c, int cOff) {
        mulKaratsuba(reducer(p), a, aOff, aLen, b, bOff, bLen, c, cOff, Tuning.zpKaratsubaThreshold());
    }

    /**
     * c = a * b mod p by the schoolbook method for any modulus 2 &lt;= p &lt; 2^64 read unsigned
     * (entries unsigned in [0, p)): each product (below 2^128) added into a three-word sum, one
     * reduction per output coefficient. O(aLen * bLen).
     */
    public static void mulClassicalFullWord(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                            long[] c, int cOff) {
        classicalFullWord(reducer(p), a, aOff, aLen, b, bOff, bLen, c, cOff);
    }

    static void classicalFullWord(Reducer r, long[] a, int ao, int al, long[] b, int bo, int bl, long[] c, int co) {
        if (Long.compareUnsigned(r.p, ZpField.MAX_MODULUS_EXCLUSIVE) < 0) {
            classical(r, a, ao, al, b, bo, bl, c, co); // 16 products to a block
            return;
        }
        int n = al + bl - 1;
        for (int k = 0; k < n; k++) {
            int iLo = Math.max(0, k - bl + 1);
            int iHi = Math.min(k, al - 1);
            int yj = bo + k - iLo;
            long lo = 0;
            long hi = 0;
            long top = 0;
            for (int xi = ao + iLo, end = ao + iHi + 1; xi < end; xi++, yj--) {
                long u = a[xi];
                long v = b[yj];
                long pl = u * v;
                // the high word is at most 2^64 - 2 (u, v < 2^64), so adding the carry cannot wrap
                long t = UnsignedDivider.unsignedMultiplyHigh(u, v);
                lo += pl;
                t += Long.compareUnsigned(lo, pl) < 0 ? 1 : 0;
                hi += t;
                top += Long.compareUnsigned(hi, t) < 0 ? 1 : 0;
            }
            c[co + k] = r.reduce(top, hi, lo);
        }
    }

    // ------------------------------------------------------------------ Karatsuba

    /** {@link #mulKaratsuba(ZpField, long[], int, int, long[], int, int, long[], int, int)} with
     *  the cut-off {@link Tuning#zpKaratsubaThreshold()}. */
    public static void mulKaratsuba(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] c, int cOff) {
        mulKaratsuba(f, a, aOff, aLen, b, bOff, bLen, c, cOff, Tuning.zpKaratsubaThreshold());
    }

    /**
     * c = a * b mod p by Karatsuba's method, recursing while the length is at least
     * {@code cutoff} and finishing with the classical method; unbalanced operands are cut into
     * pieces of the shorter length. Allocates its scratch (O(aLen + bLen) words); callers with
     * their own scratch use {@link #mulKaratsubaBalanced}. O(n^1.585) for balanced lengths n.
     *
     * @param cutoff lengths below this go to the classical method; at least 2
     */
    public static void mulKaratsuba(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] c, int cOff, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        mulKaratsuba(reducer(f), a, aOff, aLen, b, bOff, bLen, c, cOff, cutoff);
    }

    // mulKaratsuba for p < 2^62 given by its reducer.
    private static void mulKaratsuba(Reducer r, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                     long[] c, int cOff, int cutoff) {
        if (aLen < bLen) {
            long[] t = a;
            a = b;
            b = t;
            int to = aOff;
            aOff = bOff;
            bOff = to;
            int tl = aLen;
            aLen = bLen;
            bLen = tl;
        }
        if (bLen < cutoff) {
            classicalFullWord(r, a, aOff, aLen, b, bOff, bLen, c, cOff);
            return;
        }
        long[] scratch = new long[karatsubaScratchLength(bLen, cutoff)];
        if (aLen == bLen) {
            karatsuba(r, a, aOff, b, bOff, bLen, c, cOff, scratch, 0, cutoff);
            return;
        }
        Arrays.fill(c, cOff, cOff + aLen + bLen - 1, 0L);
        long[] tmp = new long[2 * bLen - 1];
        long p = r.p;
        for (int start = 0; start < aLen; start += bLen) {
            int piece = Math.min(bLen, aLen - start);
            if (piece == bLen) {
                karatsuba(r, a, aOff + start, b, bOff, bLen, tmp, 0, scratch, 0, cutoff);
            } else {
                mulKaratsuba(r, a, aOff + start, piece, b, bOff, bLen, tmp, 0, cutoff);
            }
            for (int i = 0; i < piece + bLen - 1; i++) {
                c[cOff + start + i] = addFullWord(c[cOff + start + i], tmp[i], p);
            }
        }
    }

    /**
     * Scratch length (in words) that {@link #mulKaratsubaBalanced} and the squaring need for
     * n coefficients per operand with this cut-off: 4h - 1 per level for h = ceil(n/2), about
     * 4n in all.
     */
    public static int karatsubaScratchLength(int n, int cutoff) {
        long total = 0; // about 4n: beyond int range from n = 2^29
        int len = n;
        while (n >= cutoff) {
            int h = n - (n >>> 1);
            total += 4L * h - 1;
            n = h;
        }
        if (total > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("Karatsuba's scratch for " + len + " coefficients would need " + total
                    + " words, more than the largest array (" + Limbs.MAX_ARRAY_LENGTH + "): use mulNtt");
        }
        return (int) total;
    }

    /**
     * c = a * b mod p for two operands of n &gt;= 1 coefficients each (c gets 2n - 1), by
     * Karatsuba's method with caller-owned scratch of
     * {@link #karatsubaScratchLength(int, int)} words at {@code scratchOff} (must not overlap
     * a, b or c).
     */
    public static void mulKaratsubaBalanced(ZpField f, long[] a, int aOff, long[] b, int bOff, int n,
                                            long[] c, int cOff, long[] scratch, int scratchOff, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        karatsuba(reducer(f), a, aOff, b, bOff, n, c, cOff, scratch, scratchOff, cutoff);
    }

    private static void karatsuba(Reducer r, long[] a, int ao, long[] b, int bo, int n, long[] c, int co,
                                  long[] s, int so, int cutoff) {
        if (n < cutoff) {
            classicalFullWord(r, a, ao, n, b, bo, n, c, co);
            return;
        }
        final long p = r.p;
        int m = n >>> 1;
        int h = n - m;
        karatsuba(r, a, ao, b, bo, m, c, co, s, so, cutoff);
        c[co + 2 * m - 1] = 0;
        karatsuba(r, a, ao + m, b, bo + m, h, c, co + 2 * m, s, so, cutoff);
        int sa = so;
        int sb = so + h;
        int z1 = so + 2 * h;
        int child = z1 + 2 * h - 1;
        for (int i = 0; i < m; i++) { // unsigned-safe sums: p may exceed 2^62 here
            s[sa + i] = addFullWord(a[ao + i], a[ao + m + i], p);
            s[sb + i] = addFullWord(b[bo + i], b[bo + m + i], p);
        }
        if (h > m) {
            s[sa + m] = a[ao + 2 * m];
            s[sb + m] = b[bo + 2 * m];
        }
        karatsuba(r, s, sa, s, sb, h, s, z1, s, child, cutoff);
        middle(p, c, co, m, h, s, z1);
    }

    /** {@link #sqrKaratsuba(ZpField, long[], int, int, long[], int, int)} with the tuned cut-off. */
    public static void sqrKaratsuba(ZpField f, long[] a, int aOff, int aLen, long[] c, int cOff) {
        sqrKaratsuba(f, a, aOff, aLen, c, cOff, Tuning.zpKaratsubaThreshold());
    }

    /**
     * c = a^2 mod p by Karatsuba's method (three half-size squarings), finishing with the
     * classical squaring below {@code cutoff}. Allocates
     * {@link #karatsubaScratchLength(int, int)} words. O(n^1.585).
     */
    public static void sqrKaratsuba(ZpField f, long[] a, int aOff, int aLen, long[] c, int cOff, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        long[] s = new long[karatsubaScratchLength(aLen, cutoff)];
        sqrKaratsuba(reducer(f), a, aOff, aLen, c, cOff, s, 0, cutoff);
    }

    private static void sqrKaratsuba(Reducer r, long[] a, int ao, int n, long[] c, int co,
                                     long[] s, int so, int cutoff) {
        if (n < cutoff) {
            sqrClassical(r, a, ao, n, c, co);
            return;
        }
        final long p = r.p;
        int m = n >>> 1;
        int h = n - m;
        sqrKaratsuba(r, a, ao, m, c, co, s, so, cutoff);
        c[co + 2 * m - 1] = 0;
        sqrKaratsuba(r, a, ao + m, h, c, co + 2 * m, s, so, cutoff);
        int sa = so;
        int z1 = so + 2 * h;
        int child = z1 + 2 * h - 1;
        for (int i = 0; i < m; i++) {
            long x = a[ao + i] + a[ao + m + i] - p;
            s[sa + i] = x + ((x >> 63) & p);
        }
        if (h > m) {
            s[sa + m] = a[ao + 2 * m];
        }
        sqrKaratsuba(r, s, sa, h, s, z1, s, child, cutoff);
        middle(p, c, co, m, h, s, z1);
    }

    // c holds z0 (2m - 1 entries), a zero, z2 (2h - 1 entries); adds (z1 - z0 - z2) x^m mod p.
    // (unsigned-safe: any p < 2^64)
    private static void middle(long p, long[] c, int co, int m, int h, long[] s, int z1) {
        for (int i = 0; i < 2 * m - 1; i++) {
            s[z1 + i] = subFullWord(s[z1 + i], c[co + i], p);
        }
        for (int i = 0; i < 2 * h - 1; i++) {
            long e = subFullWord(s[z1 + i], c[co + 2 * m + i], p);
            c[co + m + i] = addFullWord(c[co + m + i], e, p);
        }
    }

    // ------------------------------------------------------------------ NTT

    /** {@link #mulNtt(ZpField, long[], int, int, long[], int, int, long[], int, NttEngine)} on
     *  the call's engine ({@link ProductContext#engine(long)}; by default {@link NttEngines#shared()},
     *  the GPU for large products when one is usable), or whole on a polynomial product provider
     *  (the GPU's all-device product, {@link PolyMulDevice}) when one takes these lengths. */
    public static void mulNtt(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                              long[] c, int cOff) {
        if (PolyMulDevice.mulZp(f.p(), a, aOff, aLen, b, bOff, bLen, c, cOff)) {
            return;
        }
        mulNtt(f, a, aOff, aLen, b, bOff, bLen, c, cOff, ProductContext.engine(Math.min(aLen, bLen)));
    }

    /**
     * c = a * b mod p by number-theoretic transforms. On a CPU engine ({@link CpuNttEngine}, its
     * thread count) this is {@link #mulDoubleNtt} (one to four primes below 2^50 in
     * double-precision arithmetic, whatever p) unless {@link #directNttWins}: then, as on any
     * other engine (a GPU's), the convolution runs on the engine: of length
     * N = 2^ceil(log2(aLen + bLen - 1)) directly modulo p when p is NTT-friendly for N
     * (2^log2N | p - 1, which {@link #nttFriendly} tests), otherwise (on a GPU) the exact integer
     * product through the one convolution pipeline (the primes, projection and fused reduction
     * of {@link #mulDoubleNtt}: the fewest primes below 2^50 whose product exceeds min(aLen, bLen)
     * (p - 1)^2), with the engine's convolutions. O(s N log N) for s primes.
     *
     * <p>Hard limit of the engine route: {@link NttPlan} transforms at most
     * 2^{@link NttPlan#MAX_LOG2N} points. A longer product is cut into blocks ({@link #mulNttBlocks})
     * whose products each fit one transform.
     */
    public static void mulNtt(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                              long[] c, int cOff, NttEngine engine) {
        final long p = f.p();
        int n = aLen + bLen - 1;
        if (engine instanceof CpuNttEngine
                && !directNttWins(p, PolyMulZZ.ceilLog2(n), Math.min(aLen, bLen))) {
            mulDoubleNtt(p, a, aOff, aLen, b, bOff, bLen, c, cOff, ((CpuNttEngine) engine).threads());
            return;
        }
        if (!nttFits(aLen, bLen)) {
            mulNttBlocks(f, a, aOff, aLen, b, bOff, bLen, c, cOff, engine, NttPlan.MAX_LOG2N - 1);
            return;
        }
        int log2n = n <= 2 ? 1 : 32 - Integer.numberOfLeadingZeros(n - 1);
        int len = 1 << log2n;
        if (nttFriendly(p, log2n)) {
            long[] fa = new long[len];
            long[] fb = new long[len];
            System.arraycopy(a, aOff, fa, 0, aLen);
            System.arraycopy(b, bOff, fb, 0, bLen);
            engine.cyclicConvolution(new long[] {p}, log2n, fa, fb, fa, 1);
            System.arraycopy(fa, 0, c, cOff, n);
            return;
        }
        // the exact integer product through the one pipeline, the engine's convolutions
        DoubleNttPolyMulZp.mul(p, a, aOff, aLen, b, bOff, bLen, c, cOff, engine, ProductContext.threads());
    }

    /**
     * c = a * b mod p for any modulus 2 &lt;= p &lt; 2^64 read as an unsigned word (prime or
     * not; entries unsigned in [0, p)), by the double-precision small-prime NTT of the fft module
     * ({@link org.modalg.fft.doublentt.DoubleNttPlan}, FLINT's technique): the fewest primes below 2^50
     * whose product exceeds the exact coefficient bound min(aLen, bLen) (p - 1)^2 (one for small
     * p and short operands, two for p below about 2^(50 - log2(min)/2), three for FLINT's 62-bit
     * row, four for p near 2^64 from min(aLen, bLen) of about 2^22), one convolution of length
     * 2^ceil(log2(aLen + bLen - 1)) per prime (or the pipeline's split layout of half that length
     * for products of up to 1.5 times it, {@code DoubleNttPolyMulZp.layout}), Garner's
     * digits fused with the reduction mod p
     * (see {@code DoubleNttPolyMulZp}). O(s N log N). Products longer than 2^28 coefficients go
     * in blocks of 2^27 per operand ({@link #mulBlocks}). b == a with the same offset and length
     * is squared with one transform fewer per prime.
     *
     * @param threads threads for the transforms and the CRT (1: the calling thread only)
     */
    public static void mulDoubleNtt(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                    long[] c, int cOff, int threads) {
        if (!DoubleNttPolyMulZp.fits(aLen, bLen)) {
            mulBlocks(p, a, aOff, aLen, b, bOff, bLen, c, cOff, DoubleNttPolyMulZp.MAX_LOG2N - 1,
                    (x, xo, xl, y, yo, yl, z, zo) -> DoubleNttPolyMulZp.mul(p, x, xo, xl, y, yo, yl, z, zo, threads));
            return;
        }
        int n = aLen + bLen - 1;
        int half = Integer.highestOneBit(n);
        int d = n - half;
        if (d == 0 || d > half / WRAP_FRACTION || half < WRAP_MIN_LENGTH) {
            DoubleNttPolyMulZp.mul(p, a, aOff, aLen, b, bOff, bLen, c, cOff, threads);
        } else {
            mulWrapped(p, a, aOff, aLen, b, bOff, bLen, c, cOff, threads, half, d);
        }
    }

    /** Products of L + d coefficients (L a power of two) with d &lt;= L / this take the wrapped route. */
    static final int WRAP_FRACTION = 4;
    /** Shortest L for the wrapped route. */
    static final int WRAP_MIN_LENGTH = 256;

    /**
     * c = a b mod p for a product of n = L + d coefficients, 1 &lt;= d &lt; L, L a power of two,
     * from a cyclic convolution of length L instead of a linear one of length 2L: W = a b mod
     * (x^L - 1) (the longer operand folded mod x^L - 1 when it exceeds L; the shorter never
     * does, being at most (n + 1) / 2 &lt;= L long) has W_i = c_i + c_(L+i) for i &lt; d and
     * W_i = c_i for d &lt;= i &lt; L; the low coefficients c_i, i &lt; d, depend only on the low
     * d coefficients of both operands and come from their product (length 2d - 1, by the rule of
     * {@link #mulFullWord}). Cost T(L) + M(d) against T(2L), about 30% less at d = L / 4 and up
     * to half for small d (the truncated transform's saving at these lengths).
     */
    private static void mulWrapped(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c,
            int cOff, int threads, int half, int d) {
        long[] x = a;
        int xOff = aOff;
        int xLen = aLen;
        long[] y = b;
        int yOff = bOff;
        int yLen = bLen;
        boolean square = a == b && aOff == bOff && aLen == bLen;
        if (aLen > half) {
            x = fold(p, a, aOff, aLen, half);
            xOff = 0;
            xLen = half;
        }
        if (square) {
            y = x;
            yOff = xOff;
            yLen = xLen;
        } else if (bLen > half) {
            y = fold(p, b, bOff, bLen, half);
            yOff = 0;
            yLen = half;
        }
        long[] w = new long[half];
        DoubleNttPolyMulZp.cyclic(p, x, xOff, xLen, y, yOff, yLen, w, 0, Integer.numberOfTrailingZeros(half),
                threads);
        int la = Math.min(aLen, d);
        int lb = Math.min(bLen, d);
        long[] low = new long[la + lb - 1];
        if (square) {
            mulAuto(p, a, aOff, la, a, aOff, la, low, 0, threads);
        } else {
            mulAuto(p, a, aOff, la, b, bOff, lb, low, 0, threads);
        }
        for (int i = 0; i < d; i++) {
            long l = i < low.length ? low[i] : 0;
            c[cOff + i] = l;
            long v = w[i] - l; // W_i - c_i mod p, unsigned
            c[cOff + half + i] = Long.compareUnsigned(w[i], l) < 0 ? v + p : v;
        }
        System.arraycopy(w, d, c, cOff + d, half - d);
    }

    // x[off .. off + len) mod (x^L - 1, p), len > L
    private static long[] fold(long p, long[] x, int off, int len, int half) {
        long[] f = Arrays.copyOfRange(x, off, off + half);
        for (int i = half; i < len; i++) {
            f[i - half] = addFullWord(f[i - half], x[off + i], p);
        }
        return f;
    }

    // the rule of mulFullWord with the given threads for the NTT
    private static void mulAuto(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c,
            int cOff, int threads) {
        int n = Math.min(aLen, bLen);
        boolean word = Long.compareUnsigned(p, ZpField.MAX_MODULUS_EXCLUSIVE) < 0;
        int cutoff = Tuning.zpKaratsubaThreshold();
        if (n < cutoff) {
            classicalFullWord(reducer(p), a, aOff, aLen, b, bOff, bLen, c, cOff);
        } else if (n < (word ? Tuning.zpNttCrtThreshold() : Tuning.zpFullWordNttThreshold())) {
            mulKaratsuba(reducer(p), a, aOff, aLen, b, bOff, bLen, c, cOff, cutoff);
        } else {
            mulNttFullWord(p, a, aOff, aLen, b, bOff, bLen, c, cOff, threads);
        }
    }

    /**
     * The NTT for any modulus 2 &lt;= p &lt; 2^64 (preconditions of {@link #mulFullWord}): whole on
     * a polynomial product provider ({@link PolyMulDevice#mulZp}: the GPU's all-device product,
     * projection, transforms and Garner's reduction mod p on the device) when the backend allows
     * the GPU (auto included) and the shorter operand reaches the provider's
     * {@link org.modalg.fft.products.PolyProductProvider#minLength()}; otherwise (or when it
     * declines) under {@link org.modalg.fft.Backend#GPU} on the call's device engine by
     * {@link #mulFullWordOnEngine}, else by {@link #mulDoubleNtt} on {@code threads} threads (the
     * fastest host route: the double-precision transforms).
     */
    static void mulNttFullWord(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c,
            int cOff, int threads) {
        // the all-device product first (auto and gpu), measured faster than 16 host threads at
        // every length (H100 host, p = 2^62 + 135: 0.80 / 5.3 / 132 ms at 2^16 / 2^20 / 2^24
        // against 5.1 / 90 / 1030; polynomial/BENCHMARKS.md). The engine route below, with
        // projection and Garner on the host, lost to the host (2^16 11.1 ms, 2^20 124), so it
        // serves only the gpu backend when no provider takes the product
        if (PolyMulDevice.mulZp(p, a, aOff, aLen, b, bOff, bLen, c, cOff)) {
            return;
        }
        NttEngine engine = ProductContext.backend() == org.modalg.fft.Backend.GPU
                ? ProductContext.engine(Math.min(aLen, bLen)) : null;
        if (engine == null || engine.runsOnHost()) {
            mulDoubleNtt(p, a, aOff, aLen, b, bOff, bLen, c, cOff, threads);
        } else {
            mulFullWordOnEngine(p, a, aOff, aLen, b, bOff, bLen, c, cOff, engine);
        }
    }

    /**
     * c = a * b mod p for any modulus 2 &lt;= p &lt; 2^64 read as an unsigned word (prime or not;
     * entries unsigned in [0, p); the other preconditions are those of the class) by the one
     * convolution pipeline with its transforms on {@code engine}, whatever engine it is (a GPU's,
     * or a CPU engine): the primes, projection and fused reduction of {@link #mulDoubleNtt} (the
     * fewest primes below 2^50 whose product exceeds min(aLen, bLen) (p - 1)^2: three for p near
     * 2^62, four for p near 2^64 from min(aLen, bLen) of about 2^22), one
     * {@link NttEngine#cyclicConvolution} of length N = 2^ceil(log2(aLen + bLen - 1)) for all the
     * primes, Garner's digits and the reduction mod p on the host on the call's threads
     * ({@link ProductContext#threads()}). The route that {@link #mulFullWord} takes on a device
     * engine; a CPU engine passed here runs the same route (which the contract tests use).
     * O(s N log N) for s primes. Products longer than 2^{@link NttPlan#MAX_LOG2N} coefficients
     * (the engines' limit) go in blocks of 2^(MAX_LOG2N - 1) per operand ({@link #mulBlocks}).
     *
     * @throws IllegalArgumentException if engine is null
     */
    public static void mulFullWordOnEngine(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
            long[] c, int cOff, NttEngine engine) {
        if (engine == null) {
            throw new IllegalArgumentException("engine must not be null");
        }
        if (!nttFits(aLen, bLen)) {
            mulFullWordOnEngineBlocks(p, a, aOff, aLen, b, bOff, bLen, c, cOff, engine, NttPlan.MAX_LOG2N - 1);
            return;
        }
        DoubleNttPolyMulZp.mul(p, a, aOff, aLen, b, bOff, bLen, c, cOff, engine, ProductContext.threads());
    }

    /**
     * {@link #mulFullWordOnEngine} in blocks: both operands cut into blocks of 2^blockLog2
     * coefficients, each pair's product (one transform of at most 2^(blockLog2 + 1) points) added
     * at its offset mod p.
     *
     * @param blockLog2 log2 of the block length, at least 1 and below {@link NttPlan#MAX_LOG2N}
     */
    public static void mulFullWordOnEngineBlocks(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
            long[] c, int cOff, NttEngine engine, int blockLog2) {
        int threads = ProductContext.threads();
        mulBlocks(p, a, aOff, aLen, b, bOff, bLen, c, cOff, blockLog2,
                (x, xo, xl, y, yo, yl, z, zo) -> DoubleNttPolyMulZp.mul(p, x, xo, xl, y, yo, yl, z, zo, engine,
                        threads));
    }

    /**
     * The product of one pair of blocks in {@link #mulBlocks}: c[cOff ..) = a * b mod p on the ranges
     * (aLen + bLen - 1 coefficients written), by whichever route the caller passes.
     */
    interface BlockProduct {
        void mul(long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c, int cOff);
    }

    /**
     * c = a * b mod p (p read unsigned) in blocks: both operands cut into blocks of 2^blockLog2
     * coefficients, each pair multiplied by {@code product} and added at its offset.
     */
    static void mulBlocks(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c, int cOff,
            int blockLog2, BlockProduct product) {
        int block = 1 << blockLog2;
        Arrays.fill(c, cOff, cOff + aLen + bLen - 1, 0L);
        long[] tmp = new long[Math.min(block, aLen) + Math.min(block, bLen) - 1];
        for (int i = 0; i < aLen; i += block) {
            int la = Math.min(block, aLen - i);
            for (int j = 0; j < bLen; j += block) {
                int lb = Math.min(block, bLen - j);
                product.mul(a, aOff + i, la, b, bOff + j, lb, tmp, 0);
                for (int k = 0; k < la + lb - 1; k++) {
                    c[cOff + i + j + k] = addFullWord(c[cOff + i + j + k], tmp[k], p);
                }
            }
        }
    }

    /** (x - y) mod p for x, y unsigned in [0, p), any p &lt; 2^64 read unsigned. */
    static long subFullWord(long x, long y, long p) {
        long d = x - y;
        return Long.compareUnsigned(x, y) < 0 ? d + p : d;
    }

    /** (x + y) mod p for x, y unsigned in [0, p), any p &lt; 2^64 read unsigned. */
    static long addFullWord(long x, long y, long p) {
        long s = x + y;
        // a carry out of 64 bits, or s >= p: subtract p (the wrapped difference is the sum - p)
        return (Long.compareUnsigned(s, x) < 0 || Long.compareUnsigned(s, p) >= 0) ? s - p : s;
    }

    /**
     * Whether one transform takes the product: aLen + bLen - 1 &lt;= 2^{@link NttPlan#MAX_LOG2N}.
     * (The arrays are then within the JVM's limit: at most three CRT primes of 2^27 words.)
     */
    public static boolean nttFits(int aLen, int bLen) {
        return (long) aLen + bLen - 1 <= 1L << NttPlan.MAX_LOG2N;
    }

    /**
     * c = a * b mod p in blocks: both operands cut into blocks of 2^blockLog2 coefficients, each
     * pair multiplied by {@link #mulNtt} (one transform of at most 2^(blockLog2 + 1) points) and
     * added at its offset. For products longer than one transform takes; O((aLen / L) (bLen /
     * L) L log L) for L = 2^blockLog2, about twice one transform of the whole when L is half the
     * limit.
     *
     * @param blockLog2 log2 of the block length, at least 1 and below {@link NttPlan#MAX_LOG2N}
     */
    public static void mulNttBlocks(ZpField f, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
            long[] c, int cOff, NttEngine engine, int blockLog2) {
        mulBlocks(f.p(), a, aOff, aLen, b, bOff, bLen, c, cOff, blockLog2,
                (x, xo, xl, y, yo, yl, z, zo) -> mulNtt(f, x, xo, xl, y, yo, yl, z, zo, engine));
    }

    // The NTT cut-off for p and a product of n coefficients: direct or through CRT.
    static int nttThreshold(long p, int aLen, int bLen) {
        int n = aLen + bLen - 1;
        int log2n = n <= 2 ? 1 : 32 - Integer.numberOfLeadingZeros(n - 1);
        return directNttWins(p, log2n, Math.min(aLen, bLen)) ? Tuning.zpNttThreshold() : Tuning.zpNttCrtThreshold();
    }

    /**
     * Whether the 64-bit transform directly modulo p (one prime, three transforms) beats the
     * double-precision route for a product of length at most 2^log2n whose shorter operand has
     * minLen coefficients: p NTT-friendly for the length and the double-precision route needing
     * at least two primes. Measured on the 2-core EPYC (polynomial/BENCHMARKS.md, 2026-11-26):
     * p = 998244353 (two primes) direct 28 / 104 / 607 us against 42 / 133 / 668 at n = 256,
     * 1024, 4096; p = 65537 (one prime) direct 25 / 106 / 546 against 15 / 47 / 269.
     */
    static boolean directNttWins(long p, int log2n, int minLen) {
        return nttFriendly(p, log2n) && DoubleNttPolyMulZp.modulus(p).primesFor(minLen).size() >= 2;
    }

    /** Whether p (a prime below 2^62) has 2^log2n | p - 1 with log2n within the NTT plans' range. */
    static boolean nttFriendly(long p, int log2n) {
        return p > 2 && log2n <= NttPlan.MAX_LOG2N && Long.numberOfTrailingZeros(p - 1) >= log2n;
    }
}
