package org.modalg.fields;

import java.math.BigInteger;
import java.util.Random;

/**
 * The prime field Z/pZ for a word-size prime 2 &lt;= p &lt; 2^62; an element is a {@code long}
 * in [0, p).
 *
 * <p>Two tiers. The primitive methods ({@link #add(long, long)}, {@link #mul(long, long)},
 * the Shoup multiplications and the {@code *Vec} batch kernels) assume their element arguments
 * already lie in [0, p) and do not check it: a value outside that range gives an unspecified
 * (but never out-of-bounds) result. They are what hot loops call. The {@link PrimeField}
 * methods on {@code long[]} are the safe tier: they validate every element with
 * {@link #checkElement(long, String)} and throw {@link IllegalArgumentException} on bad input.
 *
 * <p>Why p &lt; 2^62: a + b and a - b + p of two elements fit a signed {@code long} without
 * overflow, and the lazy Shoup product (in [0, 2p)) and lazy NTT butterflies (in [0, 4p)) fit
 * an unsigned word. The NTT plans, CRT bases, prime streams and every algorithm over a
 * {@code ZpField} rely on it, so the field is not widened; polynomial products modulo any
 * 2 &lt;= p &lt; 2^64 (FLINT's {@code nmod} range, elements read as unsigned words) are a
 * separate, clearly named path of the polynomial module ({@code ZpPoly.multiplyFullWord},
 * {@code PolyMulZp.mulFullWord}) built on {@link UnsignedDivider}, which takes any divisor.
 *
 * <p>Products are reduced by {@link UnsignedDivider} (Moeller-Granlund: two multiplications
 * per reduction, no hardware division). Multiplication by a fixed operand w, as in NTT
 * twiddles or scaling, is cheaper with Shoup's precomputed quotient
 * ({@link #shoupPrecompute(long)}, {@link #mulShoup(long, long, long)}); the Montgomery form
 * is in {@link ZpMontgomery}.
 *
 * <p>Instances are immutable and thread-safe; two instances are equal when their primes are.
 */
public final class ZpField implements PrimeField {

    /** Exclusive upper bound on the prime: 2^62. */
    public static final long MAX_MODULUS_EXCLUSIVE = 1L << 62;

    private final long p;
    private final BigInteger pBig;
    private final UnsignedDivider divider;

    private ZpField(long p) {
        this.p = p;
        this.pBig = BigInteger.valueOf(p);
        this.divider = new UnsignedDivider(p);
    }

    /**
     * The field Z/pZ. Cost: one deterministic primality test, O(log^3 p) word operations.
     *
     * @param p a prime with 2 &lt;= p &lt; 2^62
     * @throws IllegalArgumentException if p is out of range or not prime
     */
    public static ZpField of(long p) {
        if (p < 2 || p >= MAX_MODULUS_EXCLUSIVE) {
            throw new IllegalArgumentException("p must be a prime in [2, 2^62), got " + p
                    + (p < 0 ? " (" + Long.toUnsignedString(p) + " read as an unsigned word)" : "")
                    + (p >= MAX_MODULUS_EXCLUSIVE || p < 0 ? "; polynomial products modulo any p below 2^64"
                            + " are ZpPoly.multiplyFullWord's (polynomial module)" : ""));
        }
        if (!NttPrimes.isPrime(p)) {
            throw new IllegalArgumentException("p must be prime, got " + p + " (composite)");
        }
        return new ZpField(p);
    }

    /** The prime p as a {@code long}. O(1). */
    public long p() {
        return p;
    }

    // ---------------------------------------------------------------------------------------
    // Primitive tier: elements in [0, p), not checked.
    // ---------------------------------------------------------------------------------------

    /**
     * Throws unless {@code a} is an element, i.e. 0 &lt;= a &lt; p. O(1).
     *
     * @param a the value to check
     * @param param the parameter name used in the message
     * @return {@code a}
     * @throws IllegalArgumentException if a is outside [0, p)
     */
    public long checkElement(long a, String param) {
        if (a < 0 || a >= p) {
            throw new IllegalArgumentException(
                    param + " must be an element of Z/" + p + " in [0, " + p + "), got " + a);
        }
        return a;
    }

    /** (a + b) mod p for a, b in [0, p). O(1), branch-free. */
    public long add(long a, long b) {
        // a + b < 2^63: no overflow. Subtract p, then add it back if the result went negative.
        long s = a + b - p;
        return s + ((s >> 63) & p);
    }

    /** (a - b) mod p for a, b in [0, p). O(1), branch-free. */
    public long sub(long a, long b) {
        long d = a - b;
        return d + ((d >> 63) & p);
    }

    /** (-a) mod p for a in [0, p). O(1). */
    public long neg(long a) {
        return a == 0 ? 0 : p - a;
    }

    /**
     * (a * b) mod p for a, b in [0, p): the 128-bit product reduced by
     * {@link UnsignedDivider#remainder(long, long)}. O(1): three multiplications for the product
     * and two for the reduction.
     */
    public long mul(long a, long b) {
        // a, b >= 0, so the signed high word is the unsigned one; and ab < p^2 < p * 2^64
        // gives hi < p, the divider's precondition.
        return divider.remainder(Math.multiplyHigh(a, b), a * b);
    }

    /**
     * a^e mod p for a in [0, p) by binary powering; a negative e means (a^-1)^|e|.
     * O(log |e|) multiplications. By convention 0^0 = 1.
     *
     * @throws ArithmeticException if a = 0 and e &lt; 0
     */
    public long pow(long a, long e) {
        if (e < 0) {
            a = inv(a);
            e = -e; // Long.MIN_VALUE stays itself, which read as unsigned is 2^63: still right.
        }
        long result = 1;
        long base = a;
        while (e != 0) {
            if ((e & 1) != 0) {
                result = mul(result, base);
            }
            e >>>= 1;
            if (e != 0) {
                base = mul(base, base);
            }
        }
        return result;
    }

    /**
     * a^-1 mod p for a in [1, p) by the extended Euclidean algorithm. O(log p) divisions.
     *
     * @throws ArithmeticException if a = 0
     */
    public long inv(long a) {
        if (a == 0) {
            throw new ArithmeticException("0 has no inverse in Z/" + p);
        }
        // Invariant: t * a == r (mod p) and newT * a == newR (mod p); |t|, |newT| <= p.
        long t = 0;
        long newT = 1;
        long r = p;
        long newR = a;
        while (newR != 0) {
            long q = r / newR;
            long tmp = t - q * newT;
            t = newT;
            newT = tmp;
            tmp = r - q * newR;
            r = newR;
            newR = tmp;
        }
        // r = gcd(a, p) = 1 because p is prime and 0 < a < p.
        return t < 0 ? t + p : t;
    }

    /** x mod p in [0, p) for any signed x. O(1) (one hardware division). */
    public long reduce(long x) {
        long r = x % p;
        return r < 0 ? r + p : r;
    }

    /**
     * x mod p in [0, p) for any integer x. O(n) for an n-word x.
     *
     * @throws IllegalArgumentException if x is null
     */
    public long reduce(BigInteger x) {
        if (x == null) {
            throw new IllegalArgumentException("x must not be null");
        }
        if (x.bitLength() < 63) {
            return reduce(x.longValue());
        }
        return x.mod(pBig).longValue();
    }

    /**
     * A uniformly random element of [0, p). O(1) expected.
     *
     * @throws IllegalArgumentException if rnd is null
     */
    public long random(Random rnd) {
        if (rnd == null) {
            throw new IllegalArgumentException("rnd must not be null");
        }
        return rnd.nextLong(p);
    }

    // ---------------------------------------------------------------------------------------
    // Shoup multiplication by a fixed operand.
    // ---------------------------------------------------------------------------------------

    /**
     * Shoup's precomputed quotient floor(w * 2^64 / p) for multiplication by the fixed element
     * w, as an unsigned 64-bit value (it may read as negative). Static variant for callers
     * without a field instance; it runs a 64-step bit loop, O(64). Use
     * {@link #shoupPrecompute(long)} to precompute tables.
     *
     * @param w the fixed multiplier, 0 &lt;= w &lt; p
     * @param p the modulus, 2 &lt;= p &lt; 2^62 (need not be prime)
     * @throws IllegalArgumentException if p or w is out of range
     */
    public static long shoupPrecompute(long w, long p) {
        if (p < 2 || p >= MAX_MODULUS_EXCLUSIVE) {
            throw new IllegalArgumentException("p must be in [2, 2^62), got " + p);
        }
        if (w < 0 || w >= p) {
            throw new IllegalArgumentException("w must be in [0, p) = [0, " + p + "), got " + w);
        }
        // Long division of w * 2^64 by p, one quotient bit per step. r < p < 2^62, so 2r
        // never overflows.
        long r = w;
        long q = 0;
        for (int i = 0; i < 64; i++) {
            r <<= 1;
            q <<= 1;
            if (r >= p) {
                r -= p;
                q |= 1;
            }
        }
        return q;
    }

    /**
     * Shoup's precomputed quotient floor(w * 2^64 / p) for this field's p, as an unsigned
     * 64-bit value. O(1) (one division by the invariant divisor).
     *
     * @param w the fixed multiplier, 0 &lt;= w &lt; p
     * @throws IllegalArgumentException if w is outside [0, p)
     */
    public long shoupPrecompute(long w) {
        checkElement(w, "w");
        return divider.quotient(w, 0L);
    }

    /**
     * (a * w) mod p in [0, p), given wShoup = {@link #shoupPrecompute(long)} of w.
     * O(1): two multiplications and a conditional subtraction.
     *
     * @param a any unsigned 64-bit value (in particular any element or lazy value &lt; 4p)
     * @param w the fixed multiplier in [0, p)
     * @param wShoup floor(w * 2^64 / p)
     */
    public long mulShoup(long a, long w, long wShoup) {
        long r = mulShoupLazy(a, w, wShoup);
        r -= p;
        return r + ((r >> 63) & p);
    }

    /**
     * a * w mod p up to one multiple of p: a value in [0, 2p) congruent to a * w, given
     * wShoup = floor(w * 2^64 / p). O(1): two multiplications, no correction.
     *
     * @param a any unsigned 64-bit value (in particular any element or lazy value &lt; 4p)
     * @param w the fixed multiplier in [0, p)
     * @param wShoup floor(w * 2^64 / p)
     */
    public long mulShoupLazy(long a, long w, long wShoup) {
        // Bound. Write wShoup = w 2^64 / p - eps with 0 <= eps < 1, and q = floor(a wShoup / 2^64).
        // Then q <= a wShoup / 2^64 <= a w / p, and
        //      q > a wShoup / 2^64 - 1 = a w / p - a eps / 2^64 - 1 > a w / p - 2   (a < 2^64).
        // Hence 0 <= a w - q p < 2p. Since 2p < 2^63, computing a w - q p modulo 2^64 (the low
        // words, which is all the wrap-around arithmetic below keeps) gives it exactly.
        long q = UnsignedDivider.unsignedMultiplyHigh(a, wShoup);
        return a * w - q * p;
    }

    // ---------------------------------------------------------------------------------------
    // Batch kernels: c[cOff + i] = op(a[aOff + i], b[bOff + i]) for 0 <= i < n.
    // Elements assumed in [0, p). The output may alias an input exactly (same array and offset);
    // partially overlapping ranges are not allowed.
    // ---------------------------------------------------------------------------------------

    /**
     * c[cOff + i] = a[aOff + i] + b[bOff + i] mod p for 0 &lt;= i &lt; n. O(n).
     *
     * @throws IllegalArgumentException if an array is null or n &lt; 0
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void addVec(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff, int n) {
        checkLength(n);
        checkRange(a, aOff, n, "a");
        checkRange(b, bOff, n, "b");
        checkRange(c, cOff, n, "c");
        final long p = this.p;
        for (int i = 0; i < n; i++) {
            long s = a[aOff + i] + b[bOff + i] - p;
            c[cOff + i] = s + ((s >> 63) & p);
        }
    }

    /**
     * c[cOff + i] = a[aOff + i] - b[bOff + i] mod p for 0 &lt;= i &lt; n. O(n).
     *
     * @throws IllegalArgumentException if an array is null or n &lt; 0
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void subVec(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff, int n) {
        checkLength(n);
        checkRange(a, aOff, n, "a");
        checkRange(b, bOff, n, "b");
        checkRange(c, cOff, n, "c");
        final long p = this.p;
        for (int i = 0; i < n; i++) {
            long d = a[aOff + i] - b[bOff + i];
            c[cOff + i] = d + ((d >> 63) & p);
        }
    }

    /**
     * c[cOff + i] = a[aOff + i] * b[bOff + i] mod p for 0 &lt;= i &lt; n. O(n), about five
     * multiplications per element.
     *
     * @throws IllegalArgumentException if an array is null or n &lt; 0
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void mulVec(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff, int n) {
        checkLength(n);
        checkRange(a, aOff, n, "a");
        checkRange(b, bOff, n, "b");
        checkRange(c, cOff, n, "c");
        final UnsignedDivider div = divider;
        for (int i = 0; i < n; i++) {
            long x = a[aOff + i];
            long y = b[bOff + i];
            c[cOff + i] = div.remainder(Math.multiplyHigh(x, y), x * y);
        }
    }

    /**
     * c[cOff + i] = w * a[aOff + i] mod p for 0 &lt;= i &lt; n, by Shoup multiplication with one
     * precomputed quotient. O(n) plus O(1) setup; two multiplications per element.
     *
     * @param w the scalar, an element in [0, p) (checked)
     * @throws IllegalArgumentException if an array is null, n &lt; 0 or w is not an element
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void scaleVec(long[] a, int aOff, long w, long[] c, int cOff, int n) {
        checkLength(n);
        checkRange(a, aOff, n, "a");
        checkRange(c, cOff, n, "c");
        final long wShoup = shoupPrecompute(w);
        final long p = this.p;
        for (int i = 0; i < n; i++) {
            long x = a[aOff + i];
            long r = x * w - UnsignedDivider.unsignedMultiplyHigh(x, wShoup) * p - p;
            c[cOff + i] = r + ((r >> 63) & p);
        }
    }

    /**
     * c[cOff + i] = -a[aOff + i] mod p for 0 &lt;= i &lt; n. O(n).
     *
     * @throws IllegalArgumentException if an array is null or n &lt; 0
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    public void negVec(long[] a, int aOff, long[] c, int cOff, int n) {
        checkLength(n);
        checkRange(a, aOff, n, "a");
        checkRange(c, cOff, n, "c");
        final long p = this.p;
        for (int i = 0; i < n; i++) {
            long x = a[aOff + i];
            // p - x for x != 0, and 0 for x == 0: mask is all ones exactly when x != 0.
            c[cOff + i] = (p - x) & -((x | -x) >>> 63);
        }
    }

    private static void checkLength(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
    }

    private static void checkRange(long[] arr, int off, int n, String param) {
        if (arr == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        if (off < 0 || off > arr.length - n) {
            throw new IndexOutOfBoundsException(param + ": range [" + off + ", " + off + " + " + n
                    + ") out of bounds for length " + arr.length);
        }
    }

    // ---------------------------------------------------------------------------------------
    // PrimeField: the safe tier, one word per element, inputs validated.
    // ---------------------------------------------------------------------------------------

    /** {@code Z/p}. O(1). */
    @Override
    public String name() {
        return "Z/" + p;
    }

    /** The prime p. O(1). */
    @Override
    public BigInteger modulus() {
        return pBig;
    }

    /** Always 1. O(1). */
    @Override
    public int wordsPerElement() {
        return 1;
    }

    /** Writes x mod p at {@code dst[off]}. O(n) for an n-word x. */
    @Override
    public void fromBigInteger(BigInteger x, long[] dst, int off) {
        long v = reduce(x);
        dst[checkSlot(dst, off, "dst")] = v;
    }

    /** The element at {@code src[off]}, checked to lie in [0, p). O(1). */
    @Override
    public BigInteger toBigInteger(long[] src, int off) {
        return BigInteger.valueOf(load(src, off, "src"));
    }

    /** c = a + b, inputs checked. O(1). */
    @Override
    public void add(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        c[checkSlot(c, cOff, "c")] = add(load(a, aOff, "a"), load(b, bOff, "b"));
    }

    /** c = a - b, inputs checked. O(1). */
    @Override
    public void sub(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        c[checkSlot(c, cOff, "c")] = sub(load(a, aOff, "a"), load(b, bOff, "b"));
    }

    /** c = -a, input checked. O(1). */
    @Override
    public void neg(long[] a, int aOff, long[] c, int cOff) {
        c[checkSlot(c, cOff, "c")] = neg(load(a, aOff, "a"));
    }

    /** c = a * b, inputs checked. O(1). */
    @Override
    public void mul(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        c[checkSlot(c, cOff, "c")] = mul(load(a, aOff, "a"), load(b, bOff, "b"));
    }

    /**
     * c = a^e, input checked; e is reduced modulo p - 1 first (Fermat), so the cost is
     * O(log p) multiplications plus O(n) for an n-word e.
     *
     * @throws IllegalArgumentException if e is null or a is not an element
     * @throws ArithmeticException if a = 0 and e &lt; 0
     */
    @Override
    public void pow(long[] a, int aOff, BigInteger e, long[] c, int cOff) {
        if (e == null) {
            throw new IllegalArgumentException("e must not be null");
        }
        long x = load(a, aOff, "a");
        if (x == 0) {
            if (e.signum() < 0) {
                throw new ArithmeticException("0 has no inverse in Z/" + p + " (negative exponent)");
            }
            c[checkSlot(c, cOff, "c")] = e.signum() == 0 ? 1 : 0;
            return;
        }
        // x^(p-1) = 1 for x != 0, so only e mod (p - 1) matters; BigInteger.mod is non-negative.
        c[checkSlot(c, cOff, "c")] = pow(x, e.mod(BigInteger.valueOf(p - 1)).longValue());
    }

    /**
     * c = 1/a, input checked. O(log p).
     *
     * @throws ArithmeticException if a = 0
     */
    @Override
    public void inv(long[] a, int aOff, long[] c, int cOff) {
        c[checkSlot(c, cOff, "c")] = inv(load(a, aOff, "a"));
    }

    /** Whether {@code a[off]} is zero (checked to be an element). O(1). */
    @Override
    public boolean isZero(long[] a, int off) {
        return load(a, off, "a") == 0;
    }

    // Safe-tier access to one element: null and range checks with the parameter's name.
    private long load(long[] arr, int off, String param) {
        return checkElement(arr[checkSlot(arr, off, param)], param);
    }

    private static int checkSlot(long[] arr, int off, String param) {
        if (arr == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        if (off < 0 || off >= arr.length) {
            throw new IndexOutOfBoundsException(
                    param + ": offset " + off + " out of bounds for length " + arr.length);
        }
        return off;
    }

    /** Equal when the primes are equal. O(1). */
    @Override
    public boolean equals(Object o) {
        return o instanceof ZpField && ((ZpField) o).p == p;
    }

    /** Hash of p. O(1). */
    @Override
    public int hashCode() {
        return Long.hashCode(p);
    }

    /** Same as {@link #name()}. O(1). */
    @Override
    public String toString() {
        return name();
    }
}
