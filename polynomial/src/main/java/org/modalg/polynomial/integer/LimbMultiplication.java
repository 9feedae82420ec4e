package org.modalg.polynomial.integer;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigInteger;
import org.modalg.polynomial.Limbs;

/**
 * Products of little-endian unsigned 64-bit limb arrays below the transform range: Karatsuba
 * (subtractive variant: |x0 - x1| |y0 - y1| and a sign, so no operand grows by a carry bit),
 * unbalanced operands cut into slices of the shorter one's length, and a schoolbook basecase
 * (Knuth, TAOCP vol. 2, 4.3.3 A; Brent and Zimmermann, <i>Modern Computer Arithmetic</i>,
 * 1.3.2 and 1.3.5). O(n^1.585) limb products for balanced n-limb operands.
 *
 * <p><b>Basecase.</b> Below the Karatsuba cut-off of the shorter operand, one of three
 * schoolbook products ({@link #defaultBasecase()} picks the fastest this JVM has):
 * <ul>
 * <li>{@link Basecase#DIGITS}, where the JVM resolves {@code jdk.incubator.vector} (the
 * {@code modalg} launcher for {@code bench} and {@code study}, the GPU bundle and the test runs
 * pass {@code --add-modules jdk.incubator.vector}) and its kernel is compiled: one exact
 * convolution of balanced 23-bit digits in SIMD doubles ({@link DigitConvolution}) from
 * {@link #DIGIT_MIN_LIMBS} to {@link DigitConvolution#MAX_SHORTER_LIMBS} limbs of the shorter
 * operand (BigInteger's schoolbook below), Karatsuba from {@link #DIGIT_KARATSUBA_LIMBS}.
 * Squares keep the intrinsic squareToLen, which does half the products.
 * <li>{@link Basecase#INTRINSIC}: BigInteger's own {@code multiplyToLen} /
 * {@code squareToLen}, which HotSpot replaces by hand-written 64 x 64-bit multiply-accumulate
 * code on x86-64 and AArch64 (about 1.4 ns per limb product on the development machine, against
 * 2.9 ns for the best plain-Java loop): the operands are copied into big-endian int scratch
 * arrays, O(n) against the O(n^2) product. Reachable only when java.base opens java.math to
 * modalg (as for {@link org.modalg.fields.BigIntegerWords}: the launcher, the jar's manifest and
 * the test runs do); {@link #fast()} says whether it is.
 * <li>{@link Basecase#PLAIN}: a plain-Java row-by-row loop ({@code Math.multiplyHigh} with the
 * unsigned correction), where neither is reachable.
 * </ul>
 *
 * <p>All methods are pure functions of their arguments and thread-safe: scratch space (O(n)
 * limbs) is the caller's {@link Work}, or one per thread for the allocating entry points.
 */
public final class LimbMultiplication {
    private LimbMultiplication() {
    }

    /**
     * Shorter-operand length (limbs) from which a product takes a Karatsuba step; below it the
     * schoolbook basecase (property {@code modalg.poly.karatsubaLimbs}, read once, in [4, 64]).
     * Measured on the development machine: see polynomial/BENCHMARKS.md.
     */
    public static final int KARATSUBA_LIMBS = Math.max(4, Math.min(64, Integer.getInteger("modalg.poly.karatsubaLimbs", 32)));
    /**
     * The same for squares, whose basecase takes about half the limb products (property
     * {@code modalg.poly.karatsubaSquareLimbs}, read once, in [4, 64]).
     */
    static final int KARATSUBA_SQUARE_LIMBS = Math.max(4, Math.min(64,
            Integer.getInteger("modalg.poly.karatsubaSquareLimbs", 48)));

    private static final MethodHandle MULTIPLY_TO_LEN;
    private static final MethodHandle SQUARE_TO_LEN;

    static {
        MethodHandle mul = null;
        MethodHandle sqr = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(BigInteger.class, MethodHandles.lookup());
            mul = lookup.findStatic(BigInteger.class, "multiplyToLen", MethodType.methodType(int[].class,
                    int[].class, int.class, int[].class, int.class, int[].class));
            sqr = lookup.findStatic(BigInteger.class, "squareToLen", MethodType.methodType(int[].class,
                    int[].class, int.class, int[].class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            mul = null; // java.math not opened (or another JDK): the plain-Java basecase
            sqr = null;
        }
        MULTIPLY_TO_LEN = mul;
        SQUARE_TO_LEN = sqr;
    }

    /** Whether the basecase runs in BigInteger's intrinsic multiply-accumulate code. */
    static boolean fast() {
        return MULTIPLY_TO_LEN != null && SQUARE_TO_LEN != null;
    }

    /** The schoolbook products under the Karatsuba levels. */
    enum Basecase {
        /** Row by row in plain Java ({@link #schoolbook}). */
        PLAIN,
        /** BigInteger's intrinsic multiplyToLen / squareToLen on 32-bit words. */
        INTRINSIC,
        /** One exact convolution of balanced 23-bit digits in SIMD doubles ({@link DigitConvolution}). */
        DIGITS
    }

    /**
     * The fastest basecase this JVM has now: {@link Basecase#DIGITS} where the Vector API module
     * is present and its kernel compiled ({@link DigitConvolution#ready()}: a process that keeps
     * multiplying starts its warm-up in the background), else {@link Basecase#INTRINSIC} where java.math is opened,
     * else {@link Basecase#PLAIN}.
     */
    static Basecase defaultBasecase() {
        DigitConvolution.ready(); // counts the product towards the warm-up
        return currentBasecase();
    }

    /**
     * The basecase of limb products in this JVM, in words for benchmark headers: the digit
     * convolution (with its lanes; "warming up" until its kernel is compiled and checked) where
     * the Vector API module is present, else BigInteger's schoolbook or the plain-Java one, and
     * why.
     */
    public static String describeBasecase() {
        if (DigitConvolution.available()) {
            return "digit convolution (Vector API, " + VectorDigitKernels.LANES + " lanes"
                    + (DigitConvolution.isReady() ? ")" : "; BigInteger's until compiled)");
        }
        return (fast() ? "BigInteger's schoolbook (" : "plain Java (java.math not opened, ")
                + DigitConvolution.offReason() + ")";
    }

    // defaultBasecase() without counting a product towards the digit convolution's warm-up
    static Basecase currentBasecase() {
        return DigitConvolution.isReady() ? Basecase.DIGITS : fast() ? Basecase.INTRINSIC : Basecase.PLAIN;
    }

    /**
     * Shorter-operand length (limbs) from which a product takes a Karatsuba step over the digit
     * convolution (property {@code modalg.poly.digitKaratsubaLimbs}, read once, in [8,
     * {@link DigitConvolution#MAX_SHORTER_LIMBS}]). Squares keep BigInteger's squareToLen where
     * it is reachable: it does half the products, the convolution all of them.
     */
    static final int DIGIT_KARATSUBA_LIMBS = Math.max(8, Math.min(DigitConvolution.MAX_SHORTER_LIMBS,
            Integer.getInteger("modalg.poly.digitKaratsubaLimbs", DigitConvolution.MAX_SHORTER_LIMBS)));

    /**
     * Shorter-operand length (limbs) from which the digit convolution takes a basecase product;
     * below it BigInteger's intrinsic schoolbook (or the plain one), which is faster there: the
     * convolution's blocks of 8 vectors of outputs and its padding cost as much as a 48-limb
     * product on an H200 host's Xeon, where the two cross between 48 and 64 limbs (32 on the
     * VM; polynomial/BENCHMARKS.md). Property {@code modalg.poly.digitMinLimbs}, read once, in
     * [1, {@link DigitConvolution#MAX_SHORTER_LIMBS}].
     */
    static final int DIGIT_MIN_LIMBS = Math.max(1, Math.min(DigitConvolution.MAX_SHORTER_LIMBS,
            Integer.getInteger("modalg.poly.digitMinLimbs", 64)));

    /** The Karatsuba cut-off for products over {@code basecase}. */
    static int karatsubaLimbs(Basecase basecase) {
        return basecase == Basecase.DIGITS ? DIGIT_KARATSUBA_LIMBS : KARATSUBA_LIMBS;
    }

    /** The Karatsuba cut-off for squares over {@code basecase}. */
    static int karatsubaSquareLimbs(Basecase basecase) {
        return squareBasecase(basecase) == Basecase.DIGITS ? DIGIT_KARATSUBA_LIMBS : KARATSUBA_SQUARE_LIMBS;
    }

    /** The basecase of squares when products run on {@code basecase}: the intrinsic one where reachable. */
    static Basecase squareBasecase(Basecase basecase) {
        return basecase == Basecase.DIGITS && fast() ? Basecase.INTRINSIC : basecase;
    }

    /**
     * a[0, na) b[0, nb) as a new array of na + nb limbs (top limbs may be zero); a == b with
     * na == nb squares. O(max(na, nb) min(na, nb)^0.585).
     *
     * @throws IllegalArgumentException if na or nb is outside [1, length] or na + nb exceeds
     *     {@link Limbs#MAX_ARRAY_LENGTH}
     */
    static long[] multiply(long[] a, int na, long[] b, int nb) {
        return multiply(a, na, b, nb, defaultBasecase());
    }

    /**
     * {@link #multiply(long[], int, long[], int)} over the basecase given (for tests and
     * profiles; the caller checks that it is available) with its default cut-offs.
     */
    static long[] multiply(long[] a, int na, long[] b, int nb, Basecase basecase) {
        return multiply(a, na, b, nb, basecase, karatsubaLimbs(basecase), karatsubaSquareLimbs(basecase));
    }

    /**
     * {@link #multiply(long[], int, long[], int, Basecase)} with the cut-offs given (profiles,
     * tests; each &gt;= 2, at most {@link DigitConvolution#MAX_SHORTER_LIMBS} for the digits).
     */
    static long[] multiply(long[] a, int na, long[] b, int nb, Basecase basecase, int karatsuba, int karatsubaSquare) {
        if (a == null || b == null) {
            throw new IllegalArgumentException((a == null ? "a" : "b") + " must not be null");
        }
        if (na < 1 || na > a.length || nb < 1 || nb > b.length) {
            throw new IllegalArgumentException("na must be in [1, " + a.length + "] and nb in [1, " + b.length
                    + "], got " + na + " and " + nb);
        }
        if ((long) na + nb > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("na + nb must be at most " + Limbs.MAX_ARRAY_LENGTH + ", got "
                    + ((long) na + nb));
        }
        long[] z = new long[na + nb];
        int most = basecase == Basecase.DIGITS ? DigitConvolution.MAX_SHORTER_LIMBS : Integer.MAX_VALUE;
        int mostSquare = squareBasecase(basecase) == Basecase.DIGITS ? most : Integer.MAX_VALUE;
        if (karatsuba < 2 || karatsubaSquare < 2 || karatsuba > most || karatsubaSquare > mostSquare) {
            throw new IllegalArgumentException("cut-offs must be in [2, " + most + "] and [2, " + mostSquare
                    + "], got " + karatsuba + " and " + karatsubaSquare);
        }
        int shorter = Math.min(na, nb);
        Work w = basecase == currentBasecase() && karatsuba == karatsubaLimbs(basecase)
                && karatsubaSquare == karatsubaSquareLimbs(basecase) && shorter <= CACHED_MAX_SHORTER
                ? cachedWork(shorter) : new Work(shorter, basecase, karatsuba, karatsubaSquare);
        multiplyInto(a, 0, na, b, 0, nb, z, 0, w);
        return z;
    }

    // One Work per thread for the allocating entry points below this many limbs of the shorter
    // operand: fresh scratch arrays cost as much as a 10,000-bit digit convolution itself.
    private static final int CACHED_MAX_SHORTER = 1 << 12;
    private static final ThreadLocal<Work> CACHED = new ThreadLocal<>();

    private static Work cachedWork(int shorter) {
        Work w = CACHED.get();
        Basecase basecase = currentBasecase();
        if (w == null || w.shorter < shorter || w.basecase != basecase) {
            int capacity = Math.max(shorter, w == null ? 64 : Math.min(CACHED_MAX_SHORTER, 2 * w.shorter));
            w = new Work(capacity, basecase, karatsubaLimbs(basecase), karatsubaSquareLimbs(basecase));
            CACHED.set(w);
        }
        return w;
    }

    /**
     * Scratch for {@link #multiplyInto} on operands whose shorter one has at most
     * {@code shorter} limbs, with the default cut-offs and basecase; reusable by one thread
     * for any number of products (the batched engine keeps one per chunk of instances).
     */
    public static Work work(int shorter) {
        Basecase basecase = defaultBasecase();
        return new Work(Math.max(1, shorter), basecase, karatsubaLimbs(basecase), karatsubaSquareLimbs(basecase));
    }

    /**
     * z[zo, zo + na + nb) = a[ao, ao + na) b[bo, bo + nb) (a square when a == b, ao == bo and
     * na == nb), the kernel of {@link #multiply(long[], int, long[], int)} with caller-owned
     * output and scratch. Unchecked: na, nb &gt;= 1, ranges inside their arrays, z's range
     * disjoint from the operands', w from {@link #work} for at least min(na, nb) limbs.
     */
    public static void multiplyInto(long[] a, int ao, int na, long[] b, int bo, int nb, long[] z, int zo, Work w) {
        if (a == b && ao == bo && na == nb) {
            sqr(a, ao, na, z, zo, w, 0);
        } else if (na >= nb) {
            mul(a, ao, na, b, bo, nb, z, zo, w, 0);
        } else {
            mul(b, bo, nb, a, ao, na, z, zo, w, 0);
        }
    }

    /**
     * a b for BigIntegers by {@link #multiply(long[], int, long[], int)} on their magnitudes
     * (a square when a == b or a.equals(b)). O(n^1.585).
     */
    static BigInteger multiply(BigInteger a, BigInteger b) {
        int sign = a.signum() * b.signum();
        if (sign == 0) {
            return BigInteger.ZERO;
        }
        long[] la = Limbs.magnitude(a);
        long[] lb = a == b || a.equals(b) ? la : Limbs.magnitude(b);
        BigInteger mag = Limbs.toBigInteger(multiply(la, la.length, lb, lb.length));
        return sign < 0 ? mag.negate() : mag;
    }

    // Scratch: limbs for the Karatsuba levels, int arrays for the intrinsic basecase, doubles
    // for the digit convolution.
    public static final class Work {
        final int shorter;
        final long[] t;
        final Basecase basecase;
        final Basecase squareBasecase;
        final DigitConvolution.Scratch digits = new DigitConvolution.Scratch();
        final int karatsuba;
        final int karatsubaSquare;
        int[] xi;
        final int[] yi;
        int[] zi;
        // squareToLen's result arrays: it needs one of exactly 2 len words (it indexes from the end)
        final int[][] squares;

        Work(int shorter, Basecase basecase, int karatsuba, int karatsubaSquare) {
            this.basecase = basecase;
            this.squareBasecase = squareBasecase(basecase);
            this.karatsuba = karatsuba;
            this.karatsubaSquare = karatsubaSquare;
            this.shorter = shorter;
            int base = Math.max(basecase == Basecase.INTRINSIC ? karatsuba
                    : basecase == Basecase.DIGITS && fast() ? DIGIT_MIN_LIMBS : 0,
                    squareBasecase == Basecase.INTRINSIC ? karatsubaSquare : 0);
            xi = new int[2 * base];
            yi = new int[2 * base];
            zi = new int[4 * base];
            squares = new int[squareBasecase == Basecase.INTRINSIC ? 2 * karatsubaSquare + 1 : 0][];
            // a Karatsuba level on h = ceil(n / 2) <= shorter limbs takes 4h + 1 and recurses on
            // about h / 2 (at most 8 shorter + 3 per level); a slice product takes 2 shorter and
            // recurses on half the shorter length (at most 6 shorter)
            t = new long[8 * shorter + 256];
        }
    }

    // z[zo, zo + n + m) = x[xo, xo + n) y[yo, yo + m), n >= m >= 1; z disjoint from x, y and
    // from t[to ..); t[to ..) is scratch.
    private static void mul(long[] x, int xo, int n, long[] y, int yo, int m, long[] z, int zo, Work w, int to) {
        if (m < w.karatsuba) {
            basecase(x, xo, n, y, yo, m, z, zo, w);
        } else if (2 * m <= n + 1) {
            unbalanced(x, xo, n, y, yo, m, z, zo, w, to);
        } else {
            karatsuba(x, xo, n, y, yo, m, z, zo, w, to);
        }
    }

    // mul() for any order of the lengths.
    private static void mulAny(long[] x, int xo, int n, long[] y, int yo, int m, long[] z, int zo, Work w, int to) {
        if (n >= m) {
            mul(x, xo, n, y, yo, m, z, zo, w, to);
        } else {
            mul(y, yo, m, x, xo, n, z, zo, w, to);
        }
    }

    // n >= 2m - 1: x cut into slices of m limbs, each slice times y added at its offset.
    private static void unbalanced(long[] x, int xo, int n, long[] y, int yo, int m, long[] z, int zo, Work w,
            int to) {
        long[] t = w.t;
        mul(x, xo, m, y, yo, m, z, zo, w, to);
        for (int k = m; k < n; k += m) {
            int c = Math.min(m, n - k);
            mulAny(x, xo + k, c, y, yo, m, t, to, w, to + c + m);
            // z[zo + k, zo + k + m) holds the top of the previous slices; above it nothing yet
            long carry = addN(z, zo + k, t, to, m, z, zo + k, 0);
            for (int i = 0; i < c; i++) {
                long v = t[to + m + i];
                long s = v + carry;
                carry = Long.compareUnsigned(s, v) < 0 ? 1 : 0;
                z[zo + k + m + i] = s;
            }
            // carry is 0: the partial product fits zo + k + m + c limbs
        }
    }

    // n >= m > h = ceil(n / 2): x = x1 B^h + x0, y = y1 B^h + y0,
    // x y = z2 B^2h + (z0 + z2 - (x0 - x1)(y0 - y1)) B^h + z0.
    private static void karatsuba(long[] x, int xo, int n, long[] y, int yo, int m, long[] z, int zo, Work w,
            int to) {
        long[] t = w.t;
        int h = (n + 1) >>> 1;
        int n1 = n - h;
        int m1 = m - h;
        // |x0 - x1| at t[to, to + h), |y0 - y1| at t[to + h, to + 2h)
        boolean negX = absDiff(x, xo, h, x, xo + h, n1, t, to);
        boolean negY = absDiff(y, yo, h, y, yo + h, m1, t, to + h);
        int dm = to + 2 * h + 1;       // the product of the differences: 2h limbs
        int next = dm + 2 * h;
        mul(t, to, h, t, to + h, h, t, dm, w, next);
        mul(x, xo, h, y, yo, h, z, zo, w, next);                  // z0 in z[0, 2h)
        mul(x, xo + h, n1, y, yo + h, m1, z, zo + 2 * h, w, next); // z2 in z[2h, n + m)
        middle(z, zo, h, n1 + m1, t, to, dm, negX != negY, n + m);
    }

    // Squares: the same with x = y, the middle term z0 + z2 - (x0 - x1)^2.
    private static void sqr(long[] x, int xo, int n, long[] z, int zo, Work w, int to) {
        if (n < w.karatsubaSquare) {
            basecaseSquare(x, xo, n, z, zo, w);
            return;
        }
        long[] t = w.t;
        int h = (n + 1) >>> 1;
        int n1 = n - h;
        absDiff(x, xo, h, x, xo + h, n1, t, to);
        int dm = to + 2 * h + 1;
        int next = dm + 2 * h;
        sqr(t, to, h, t, dm, w, next);
        sqr(x, xo, h, z, zo, w, next);
        sqr(x, xo + h, n1, z, zo + 2 * h, w, next);
        middle(z, zo, h, 2 * n1, t, to, dm, false, 2 * n);
    }

    // z[zo + h, zo + len) += z0 + z2 - (+-)d, where z0 = z[zo, zo + 2h), z2 = z[zo + 2h, + l2),
    // d = t[dm, dm + 2h); the sum z0 + z2 (2h + 1 limbs) is formed at t[to ..) first. The
    // middle term is x0 y1 + x1 y0 >= 0, and the whole product fits len limbs.
    private static void middle(long[] z, int zo, int h, int l2, long[] t, int to, int dm, boolean addD, int len) {
        // s = z0 + z2 at t[to, to + 2h + 1)
        int h2 = 2 * h;
        long carry = addN(z, zo, z, zo + h2, l2, t, to, 0);
        for (int i = l2; i < h2; i++) {
            long v = z[zo + i];
            long s = v + carry;
            carry = Long.compareUnsigned(s, v) < 0 ? 1 : 0;
            t[to + i] = s;
        }
        t[to + h2] = carry;
        // s -+= d
        long c;
        if (addD) {
            c = addN(t, to, t, dm, h2, t, to, 0);
            t[to + h2] += c;
        } else {
            c = subN(t, to, t, dm, h2, t, to, 0);
            t[to + h2] -= c;
        }
        // z[zo + h ..] += s, the carry rippling up to len
        int lenS = Math.min(h2 + 1, len - h);
        carry = addN(z, zo + h, t, to, lenS, z, zo + h, 0);
        for (int i = zo + h + lenS; carry != 0 && i < zo + len; i++) {
            long s = z[i] + 1;
            z[i] = s;
            carry = s == 0 ? 1 : 0;
        }
    }

    // r = |a - b| for a of la limbs, b of lb <= la limbs, r of la limbs; returns whether a < b.
    private static boolean absDiff(long[] a, int ao, int la, long[] b, int bo, int lb, long[] r, int ro) {
        // compare: a's limbs above lb against zero, then from the top down
        boolean less = false;
        int i = la - 1;
        while (i >= lb && a[ao + i] == 0) {
            i--;
        }
        if (i < lb) {
            while (i >= 0 && a[ao + i] == b[bo + i]) {
                i--;
            }
            less = i >= 0 && Long.compareUnsigned(a[ao + i], b[bo + i]) < 0;
        }
        if (!less) {
            long borrow = subN(a, ao, b, bo, lb, r, ro, 0);
            for (int k = lb; k < la; k++) {
                long v = a[ao + k];
                r[ro + k] = v - borrow;
                borrow = borrow != 0 && v == 0 ? 1 : 0;
            }
        } else { // a < b: then a's limbs above lb are zero
            subN(b, bo, a, ao, lb, r, ro, 0);
            for (int k = lb; k < la; k++) {
                r[ro + k] = 0;
            }
        }
        return less;
    }

    // r[ro, ro + n) = a + b + carry (n limbs each); returns the carry out. r may alias a or b
    // at the same offset.
    public static long addN(long[] a, int ao, long[] b, int bo, int n, long[] r, int ro, long carry) {
        for (int i = 0; i < n; i++) {
            long x = a[ao + i];
            long y = b[bo + i];
            long s = x + y + carry;
            carry = ((x & y) | ((x | y) & ~s)) >>> 63;
            r[ro + i] = s;
        }
        return carry;
    }

    // r[ro, ro + n) = a - b - borrow; returns the borrow out. r may alias a or b at the same offset.
    public static long subN(long[] a, int ao, long[] b, int bo, int n, long[] r, int ro, long borrow) {
        for (int i = 0; i < n; i++) {
            long x = a[ao + i];
            long y = b[bo + i];
            long d = x - y - borrow;
            borrow = ((~x & y) | ((~x | y) & d)) >>> 63;
            r[ro + i] = d;
        }
        return borrow;
    }

    // ---- basecase ----------------------------------------------------------------------------

    // z[zo, zo + n + m) = x y, schoolbook.
    private static void basecase(long[] x, int xo, int n, long[] y, int yo, int m, long[] z, int zo, Work w) {
        if (w.basecase == Basecase.PLAIN) {
            schoolbook(x, xo, n, y, yo, m, z, zo);
            return;
        }
        if (w.basecase == Basecase.DIGITS) {
            if (m >= DIGIT_MIN_LIMBS) {
                DigitConvolution.multiply(x, xo, n, y, yo, m, z, zo, w.digits);
                return;
            }
            if (!fast()) {
                schoolbook(x, xo, n, y, yo, m, z, zo);
                return;
            }
        }
        if (w.xi.length < 2 * n) {
            w.xi = new int[2 * n];
        }
        if (w.zi.length < 2 * (n + m)) {
            w.zi = new int[2 * (n + m)];
        }
        int[] xi = w.xi;
        int[] yi = w.yi;
        int[] zi = w.zi;
        int ln = toWords(x, xo, n, xi);
        int lm = toWords(y, yo, m, yi);
        if (ln == 0 || lm == 0) {
            java.util.Arrays.fill(z, zo, zo + n + m, 0L);
            return;
        }
        try {
            int[] r = (int[]) MULTIPLY_TO_LEN.invokeExact(xi, ln, yi, lm, zi);
            fromWords(r, ln + lm, z, zo, n + m);
        } catch (Throwable e) {
            throw new IllegalStateException("BigInteger.multiplyToLen failed", e);
        }
    }

    private static void basecaseSquare(long[] x, int xo, int n, long[] z, int zo, Work w) {
        if (w.squareBasecase == Basecase.PLAIN) {
            schoolbook(x, xo, n, x, xo, n, z, zo);
            return;
        }
        if (w.squareBasecase == Basecase.DIGITS) { // java.math not opened: the products' rule
            basecase(x, xo, n, x, xo, n, z, zo, w);
            return;
        }
        int[] xi = w.xi;
        int ln = toWords(x, xo, n, xi);
        if (ln == 0) {
            java.util.Arrays.fill(z, zo, zo + 2 * n, 0L);
            return;
        }
        int[] zi = w.squares[ln];
        if (zi == null) {
            zi = new int[2 * ln];
            w.squares[ln] = zi;
        }
        try {
            int[] r = (int[]) SQUARE_TO_LEN.invokeExact(xi, ln, zi);
            fromWords(r, 2 * ln, z, zo, 2 * n);
        } catch (Throwable e) {
            throw new IllegalStateException("BigInteger.squareToLen failed", e);
        }
    }

    // x[xo, xo + n) as big-endian 32-bit words at w[0, len) without leading zero words; returns len.
    private static int toWords(long[] x, int xo, int n, int[] w) {
        int top = n - 1;
        while (top >= 0 && x[xo + top] == 0) {
            top--;
        }
        if (top < 0) {
            return 0;
        }
        int len = 2 * (top + 1);
        boolean half = (x[xo + top] >>> 32) == 0;
        if (half) {
            len--;
        }
        for (int i = 0; i <= top; i++) {
            long v = x[xo + i];
            int at = len - 1 - 2 * i;
            w[at] = (int) v;
            if (at > 0) {
                w[at - 1] = (int) (v >>> 32);
            }
        }
        return len;
    }

    // z[zo, zo + limbs) = the big-endian words r[0, len) (len <= 2 limbs), zeros above.
    private static void fromWords(int[] r, int len, long[] z, int zo, int limbs) {
        int full = len >>> 1;
        for (int i = 0; i < full; i++) {
            int at = len - 1 - 2 * i;
            z[zo + i] = (r[at] & 0xffffffffL) | ((long) r[at - 1] << 32);
        }
        int i = full;
        if ((len & 1) != 0) {
            z[zo + i] = r[0] & 0xffffffffL;
            i++;
        }
        for (; i < limbs; i++) {
            z[zo + i] = 0;
        }
    }

    // Plain-Java schoolbook, row by row, unsigned 64 x 64 -> 128-bit products from
    // Math.multiplyHigh with the unsigned correction.
    static void schoolbook(long[] x, int xo, int n, long[] y, int yo, int m, long[] z, int zo) {
        long b0 = y[yo];
        long carry = 0;
        for (int i = 0; i < n; i++) {
            long a = x[xo + i];
            long lo = a * b0;
            long hi = Math.multiplyHigh(a, b0) + ((a >> 63) & b0) + ((b0 >> 63) & a);
            long s = lo + carry;
            hi += Long.compareUnsigned(s, lo) < 0 ? 1 : 0;
            z[zo + i] = s;
            carry = hi;
        }
        z[zo + n] = carry;
        for (int j = 1; j < m; j++) {
            long b = y[yo + j];
            long bm = b >> 63;
            carry = 0;
            for (int i = 0; i < n; i++) {
                long a = x[xo + i];
                long lo = a * b;
                long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + (bm & a);
                long s = lo + carry;
                hi += Long.compareUnsigned(s, lo) < 0 ? 1 : 0;
                long t = z[zo + i + j];
                long u = s + t;
                hi += Long.compareUnsigned(u, t) < 0 ? 1 : 0;
                z[zo + i + j] = u;
                carry = hi;
            }
            z[zo + n + j] = carry;
        }
    }
}
