package org.modalg.fields;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A generalized Fermat prime field Z/pZ with p = r^k + 1, k a power of two and
 * 2 &lt;= r &lt; 2^64 (thesis chapter 2, section 2.3, and chapter 3, section 3.3).
 *
 * <p>An element is k radix-r digits, each an unsigned 64-bit value in a {@code long},
 * least significant first, in canonical form: either every digit is below r, or the element
 * is r^k = p - 1, stored as digit k-1 equal to r and the others zero. Because r is a primitive
 * 2k-th root of unity, multiplying by r^i is a cyclic shift with a negation (O(k), no
 * multiplication), which is what makes the big-prime FFT cheap.
 *
 * <p>This class is the validating tier: its {@link PrimeField} methods and
 * {@link #mulPowR} check that operands are canonical and throw
 * {@link IllegalArgumentException} naming the parameter otherwise. Hot loops use the
 * unchecked kernels of {@link #arithmetic()} and the batch operations of {@link GfVectors}.
 *
 * <p>Obtain fields with {@link #of(long, int)} / {@link #of(BigInteger, int)} (validated,
 * primality checked) or from a {@link GfPreset}.
 */
public final class GfField implements PrimeField {
    /** Largest supported k: the FFT-based multiplication needs 2k | p_i - 1 for its primes. */
    public static final int MAX_K = 1 << 16;

    private final String name;
    private final long r;
    private final int k;
    private final BigInteger radix;
    private final BigInteger modulus;
    private final BigInteger rPowK;
    private final int twoAdicOrder;
    private final GfArithmetic arithmetic;
    private final ConcurrentHashMap<Integer, long[]> roots = new ConcurrentHashMap<>();

    private GfField(String name, long r, int k) {
        this.name = name;
        this.r = r;
        this.k = k;
        this.radix = new BigInteger(Long.toUnsignedString(r));
        this.rPowK = radix.pow(k);
        this.modulus = rPowK.add(BigInteger.ONE);
        this.twoAdicOrder = modulus.subtract(BigInteger.ONE).getLowestSetBit();
        this.arithmetic = new GfArithmetic(r, k, Tuning.gfFftThreshold());
    }

    /**
     * The field Z/(r^k + 1) for an unsigned radix r (a {@code long} read as unsigned, so
     * values up to 2^64 - 1 are allowed). Checks that k is a power of two in [1, MAX_K],
     * r >= 2, and that r^k + 1 is a probable prime (Miller-Rabin, error below 2^-64);
     * the check costs up to a few seconds for k = 128.
     *
     * @throws IllegalArgumentException naming {@code r} or {@code k} when they are out of
     *     range, or naming both when r^k + 1 is composite
     */
    public static GfField of(long r, int k) {
        validateShape(r, k);
        GfField f = new GfField(defaultName(r, k), r, k);
        if (!f.modulus.isProbablePrime(64)) {
            throw new IllegalArgumentException("r^k + 1 is not prime for r = "
                    + Long.toUnsignedString(r) + ", k = " + k);
        }
        return f;
    }

    /** As {@link #of(long, int)}, with r given as a BigInteger in [2, 2^64). */
    public static GfField of(BigInteger r, int k) {
        return of(radixToLong(r), k);
    }

    /** A preset whose primality has been verified; skips the primality test. */
    static GfField trusted(String name, long r, int k) {
        validateShape(r, k);
        return new GfField(name, r, k);
    }

    /** r in [2, 2^64) as an unsigned long, or an exception naming {@code r}. */
    static long radixToLong(BigInteger r) {
        if (r == null) {
            throw new IllegalArgumentException("r must not be null");
        }
        if (r.signum() < 0 || r.compareTo(BigInteger.TWO) < 0 || r.bitLength() > 64) {
            throw new IllegalArgumentException("r must be in [2, 2^64), got " + r);
        }
        return r.longValue();
    }

    private static void validateShape(long r, int k) {
        if (k < 1 || k > MAX_K || Integer.bitCount(k) != 1) {
            throw new IllegalArgumentException("k must be a power of two in [1, " + MAX_K + "], got " + k);
        }
        if (r == 0 || r == 1) {
            throw new IllegalArgumentException("r must be in [2, 2^64), got " + r);
        }
    }

    private static String defaultName(long r, int k) {
        return "GF(" + Long.toUnsignedString(r) + "^" + k + "+1)";
    }

    // ------------------------------------------------------------------ parameters

    @Override
    public String name() {
        return name;
    }

    /** The radix r as an unsigned 64-bit value. */
    public long radix() {
        return r;
    }

    /** The radix r as a BigInteger. */
    public BigInteger radixBig() {
        return radix;
    }

    /** The number of digits k (p = r^k + 1). */
    public int k() {
        return k;
    }

    @Override
    public BigInteger modulus() {
        return modulus;
    }

    /** v2(p - 1): the largest power-of-two transform length is 2^twoAdicOrder. */
    public int twoAdicOrder() {
        return twoAdicOrder;
    }

    /** The number of digits of an element: k. */
    @Override
    public int wordsPerElement() {
        return k;
    }

    /** The unchecked kernels (fast tier). */
    public GfArithmetic arithmetic() {
        return arithmetic;
    }

    /** k at and above which {@link GfArithmetic#mul} uses the FFT-based method. */
    public int fftThreshold() {
        return arithmetic.fftThreshold();
    }

    @Override
    public String toString() {
        return name + " (r = " + radix + ", k = " + k + ", " + modulus.bitLength() + " bits, v2(p-1) = "
                + twoAdicOrder + ")";
    }

    // ------------------------------------------------------------------ validation

    /** Whether x[xo .. xo + k) is a canonical element. O(k). */
    public boolean isCanonical(long[] x, int xo) {
        if (x[xo + k - 1] == r) {
            for (int i = 0; i < k - 1; i++) {
                if (x[xo + i] != 0) {
                    return false;
                }
            }
            return true;
        }
        for (int i = 0; i < k; i++) {
            if (Long.compareUnsigned(x[xo + i], r) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** Throws IllegalArgumentException naming {@code param} unless x[xo..] is canonical. */
    public void checkCanonical(long[] x, int xo, String param) {
        if (x == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        if (xo < 0 || xo > x.length - k) {
            throw new IllegalArgumentException(param + ": offset " + xo + " leaves fewer than k = " + k
                    + " digits in an array of length " + x.length);
        }
        if (!isCanonical(x, xo)) {
            throw new IllegalArgumentException(param + " is not a canonical element: its digits must all be in [0, r)"
                    + " with r = " + radix + ", or be r^k (digit k-1 = r, others 0); got "
                    + digitsToString(x, xo));
        }
    }

    private void checkOutput(long[] z, int zo, String param) {
        if (z == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        if (zo < 0 || zo > z.length - k) {
            throw new IllegalArgumentException(param + ": offset " + zo + " leaves fewer than k = " + k
                    + " digits in an array of length " + z.length);
        }
    }

    private String digitsToString(long[] x, int xo) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < k; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (i == 8 && k > 10) {
                sb.append("...");
                break;
            }
            sb.append(Long.toUnsignedString(x[xo + i]));
        }
        return sb.append(']').toString();
    }

    // ------------------------------------------------------------------ conversions

    /** A new canonical element for the integer x mod p (any sign). O(k^2) word operations. */
    public long[] element(BigInteger x) {
        long[] z = new long[k];
        fromBigInteger(x, z, 0);
        return z;
    }

    /** A new canonical element for a long value (any sign), reduced mod p. */
    public long[] element(long x) {
        return element(BigInteger.valueOf(x));
    }

    @Override
    public void fromBigInteger(BigInteger x, long[] dst, int off) {
        if (x == null) {
            throw new IllegalArgumentException("x must not be null");
        }
        checkOutput(dst, off, "dst");
        BigInteger v = x.mod(modulus);
        if (v.equals(rPowK)) {
            Arrays.fill(dst, off, off + k, 0L);
            dst[off + k - 1] = r;
            return;
        }
        // Long division of the little-endian limbs of v by r, k times: each remainder is a digit.
        long[] limbs = toLimbs(v);
        int len = limbs.length;
        UnsignedDivider byR = new UnsignedDivider(r);
        for (int i = 0; i < k; i++) {
            long rem = 0;
            for (int j = len - 1; j >= 0; j--) {
                long q = byR.quotient(rem, limbs[j]);
                rem = limbs[j] - q * r;
                limbs[j] = q;
            }
            dst[off + i] = rem;
            while (len > 0 && limbs[len - 1] == 0) {
                len--;
            }
        }
    }

    @Override
    public BigInteger toBigInteger(long[] src, int off) {
        checkCanonical(src, off, "src");
        return value(src, off);
    }

    /** sum_i src[off + i] r^i for any digits (unsigned), without canonical check. */
    BigInteger value(long[] src, int off) {
        BigInteger v = BigInteger.ZERO;
        for (int i = k - 1; i >= 0; i--) {
            v = v.multiply(radix).add(new BigInteger(Long.toUnsignedString(src[off + i])));
        }
        return v;
    }

    private static long[] toLimbs(BigInteger v) {
        int n = Math.max(1, (v.bitLength() + 63) / 64);
        long[] limbs = new long[n];
        for (int i = 0; i < n; i++) {
            limbs[i] = v.shiftRight(64 * i).longValue();
        }
        return limbs;
    }

    /** The canonical element r^i (i any integer, taken mod 2k). */
    public long[] powerOfRadix(int i) {
        long[] one = new long[k];
        one[0] = 1;
        long[] z = new long[k];
        arithmetic.mulPowR(one, 0, i, z, 0);
        return z;
    }

    /** A uniformly random canonical element. */
    public long[] random(Random rnd) {
        return element(new BigInteger(modulus.bitLength() + 64, rnd));
    }

    // ------------------------------------------------------------------ element operations

    @Override
    public void add(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        checkCanonical(a, aOff, "a");
        checkCanonical(b, bOff, "b");
        checkOutput(c, cOff, "c");
        arithmetic.add(a, aOff, b, bOff, c, cOff);
    }

    @Override
    public void sub(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        checkCanonical(a, aOff, "a");
        checkCanonical(b, bOff, "b");
        checkOutput(c, cOff, "c");
        arithmetic.sub(a, aOff, b, bOff, c, cOff);
    }

    @Override
    public void neg(long[] a, int aOff, long[] c, int cOff) {
        checkCanonical(a, aOff, "a");
        checkOutput(c, cOff, "c");
        arithmetic.neg(a, aOff, c, cOff);
    }

    /** c = a * r^i, i any integer (taken mod 2k): a cyclic shift, O(k). */
    public void mulPowR(long[] a, int aOff, int i, long[] c, int cOff) {
        checkCanonical(a, aOff, "a");
        checkOutput(c, cOff, "c");
        arithmetic.mulPowR(a, aOff, i, c, cOff);
    }

    @Override
    public void mul(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        checkCanonical(a, aOff, "a");
        checkCanonical(b, bOff, "b");
        checkOutput(c, cOff, "c");
        arithmetic.mul(a, aOff, b, bOff, c, cOff);
    }

    /** c = a^e by left-to-right square and multiply; e is reduced mod p - 1 (negative e inverts). */
    @Override
    public void pow(long[] a, int aOff, BigInteger e, long[] c, int cOff) {
        checkCanonical(a, aOff, "a");
        checkOutput(c, cOff, "c");
        if (e == null) {
            throw new IllegalArgumentException("e must not be null");
        }
        boolean zero = arithmetic.isZero(a, aOff);
        if (zero) {
            if (e.signum() < 0) {
                throw new ArithmeticException("0 has no inverse in " + name);
            }
            arithmetic.setZero(c, cOff);
            if (e.signum() == 0) {
                c[cOff] = 1;
            }
            return;
        }
        BigInteger ex = e.mod(modulus.subtract(BigInteger.ONE));
        GfArithmetic.Workspace ws = arithmetic.newWorkspace();
        long[] base = Arrays.copyOfRange(a, aOff, aOff + k);
        long[] acc = new long[k];
        acc[0] = 1;
        for (int bit = ex.bitLength() - 1; bit >= 0; bit--) {
            arithmetic.mul(acc, 0, acc, 0, acc, 0, ws);
            if (ex.testBit(bit)) {
                arithmetic.mul(acc, 0, base, 0, acc, 0, ws);
            }
        }
        System.arraycopy(acc, 0, c, cOff, k);
    }

    /** c = 1/a, through BigInteger's binary extended GCD (faster than a^(p-2) here). */
    @Override
    public void inv(long[] a, int aOff, long[] c, int cOff) {
        checkCanonical(a, aOff, "a");
        checkOutput(c, cOff, "c");
        if (arithmetic.isZero(a, aOff)) {
            throw new ArithmeticException("0 has no inverse in " + name);
        }
        fromBigInteger(value(a, aOff).modInverse(modulus), c, cOff);
    }

    @Override
    public boolean isZero(long[] a, int off) {
        checkCanonical(a, off, "a");
        return arithmetic.isZero(a, off);
    }

    // ------------------------------------------------------------------ roots of unity

    /**
     * A primitive N-th root of unity omega, N = 2^log2N, with omega^(N / 2k) = r when 2k | N
     * (thesis Algorithm 1), so that the twiddles of a radix-2k FFT stage are powers of r; for
     * N &lt; 2k it is r^(2k / N). Cached per N; the first call for an N costs a few modular
     * exponentiations in BigInteger.
     *
     * @throws IllegalArgumentException naming {@code log2N} unless 0 &lt;= log2N &lt;= v2(p - 1)
     */
    public long[] rootOfUnity(int log2N) {
        if (log2N < 0 || log2N > twoAdicOrder) {
            throw new IllegalArgumentException("log2N must be in [0, v2(p-1) = " + twoAdicOrder
                    + "] (N = 2^log2N must divide p - 1), got " + log2N);
        }
        return roots.computeIfAbsent(log2N, this::computeRoot).clone();
    }

    private long[] computeRoot(int log2N) {
        int log2TwoK = Integer.numberOfTrailingZeros(2 * k);
        if (log2N <= log2TwoK) {
            return powerOfRadix(1 << (log2TwoK - log2N));
        }
        BigInteger n = BigInteger.ONE.shiftLeft(log2N);
        BigInteger pm1 = modulus.subtract(BigInteger.ONE);
        BigInteger q = pm1.shiftRight(log2N);
        // A quadratic non-residue raised to (p-1)/N has order exactly N. The non-residue is
        // found by the Jacobi symbol (cheap) rather than Euler's criterion (a full-size
        // exponentiation per candidate; the smallest non-residue of SRGF128 is 23).
        long base = 2;
        while (jacobi(base, modulus) != -1) {
            base++;
        }
        BigInteger g = BigInteger.valueOf(base).modPow(q, modulus);
        if (!g.modPow(n.shiftRight(1), modulus).equals(pm1)) {
            throw new IllegalStateException("p is not prime: no element of order 2^" + log2N);
        }
        // Algorithm 1: alpha = g^(N/2k) is a primitive 2k-th root, some power alpha^j equals r.
        BigInteger alpha = g.modPow(n.shiftRight(log2TwoK), modulus);
        BigInteger beta = alpha;
        int j = 1;
        while (!beta.equals(radix.mod(modulus))) {
            beta = beta.multiply(alpha).mod(modulus);
            j++;
            if (j > 2 * k) {
                throw new IllegalStateException("r is not a power of g^(N/2k): p is not a generalized Fermat prime");
            }
        }
        return element(g.modPow(BigInteger.valueOf(j), modulus));
    }

    /** The Jacobi symbol (a / n) for a >= 1 and odd n > a (binary algorithm; one big reduction). */
    static int jacobi(long a, BigInteger n) {
        // (a / n) with a = 2^t a', then reciprocity: (a' / n) = (n / a') * (-1)^((a'-1)(n-1)/4)
        int result = 1;
        long nMod8 = n.mod(BigInteger.valueOf(8)).longValue();
        long x = a;
        while ((x & 1) == 0) {
            x >>= 1;
            if (nMod8 == 3 || nMod8 == 5) {
                result = -result;
            }
        }
        if (x == 1) {
            return result;
        }
        if ((x & 3) == 3 && (nMod8 & 3) == 3) {
            result = -result;
        }
        // now (n / x) = (n mod x / x), both fit in longs
        long u = n.mod(BigInteger.valueOf(x)).longValue();
        long v = x;
        while (u != 0) {
            while ((u & 1) == 0) {
                u >>= 1;
                long v8 = v & 7;
                if (v8 == 3 || v8 == 5) {
                    result = -result;
                }
            }
            long t = u;
            u = v;
            v = t;
            if ((u & 3) == 3 && (v & 3) == 3) {
                result = -result;
            }
            u %= v;
        }
        return v == 1 ? result : 0;
    }

    // ------------------------------------------------------------------ PrimeField extras

    @Override
    public boolean equals(Object o) {
        return o instanceof GfField && ((GfField) o).r == r && ((GfField) o).k == k;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(r) * 31 + k;
    }
}
