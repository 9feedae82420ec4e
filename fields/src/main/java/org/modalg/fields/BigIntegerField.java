package org.modalg.fields;

import java.math.BigInteger;
import java.util.Random;

/**
 * The prime field Z/pZ for any prime p &gt;= 2, on {@link BigInteger} elements in [0, p).
 *
 * <p>This is the baseline against which the specialised fields are measured (the big-prime
 * FFT over {@link GfField} is compared with the same FFT over this field, the way the
 * generalized Fermat papers compare against GMP). Its arithmetic is therefore deliberately
 * plain {@code BigInteger}: a product is {@code a.multiply(b).mod(p)}; sums and differences
 * are corrected by one comparison and subtraction (or addition) of p rather than a division.
 *
 * <p>The {@code BigInteger} methods are the fast tier: they assume their element arguments
 * lie in [0, p) and do not check it (use {@link #checkElement(BigInteger, String)}). The
 * {@link PrimeField} methods are the safe tier: an element is stored as
 * {@link #wordsPerElement()} = ceil(bitLength(p) / 64) little-endian unsigned 64-bit limbs, is
 * converted to a {@code BigInteger} for every operation and validated on the way in.
 *
 * <p>Instances are immutable and thread-safe; two instances are equal when their primes are.
 */
public final class BigIntegerField implements PrimeField {
    private static final int CERTAINTY = 40; // error probability < 2^-40 per modulus

    private final BigInteger p;
    private final int words;
    private final String name;

    private BigIntegerField(BigInteger p) {
        this.p = p;
        this.words = (p.bitLength() + 63) >>> 6;
        this.name = p.bitLength() <= 64 ? "Z/" + p : "Z/p(" + p.bitLength() + " bits)";
    }

    /**
     * The field Z/pZ. Cost: a probabilistic primality test,
     * {@code p.isProbablePrime(40)}, about O(n^3) for an n-bit p.
     *
     * @param p a prime &gt;= 2
     * @throws IllegalArgumentException if p is null, less than 2, or not prime
     */
    public static BigIntegerField of(BigInteger p) {
        if (p == null) {
            throw new IllegalArgumentException("p must not be null");
        }
        if (p.compareTo(BigInteger.TWO) < 0) {
            throw new IllegalArgumentException("p must be a prime >= 2, got " + p);
        }
        if (!p.isProbablePrime(CERTAINTY)) {
            throw new IllegalArgumentException("p must be prime, got " + p + " (composite)");
        }
        return new BigIntegerField(p);
    }

    /**
     * The field Z/pZ for a prime given as a {@code long}. Same cost as {@link #of(BigInteger)}.
     *
     * @throws IllegalArgumentException if p is less than 2 or not prime
     */
    public static BigIntegerField of(long p) {
        return of(BigInteger.valueOf(p));
    }

    /** The prime p. O(1). */
    public BigInteger p() {
        return p;
    }

    /**
     * Throws unless {@code a} is an element, i.e. 0 &lt;= a &lt; p. O(1) for a negative or
     * short a, else O(n) for n-word p.
     *
     * @param a the value to check
     * @param param the parameter name used in the message
     * @return {@code a}
     * @throws IllegalArgumentException if a is null or outside [0, p)
     */
    public BigInteger checkElement(BigInteger a, String param) {
        if (a == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        if (a.signum() < 0 || a.compareTo(p) >= 0) {
            throw new IllegalArgumentException(param + " must be an element of " + name
                    + " in [0, p), got " + a);
        }
        return a;
    }

    /** (a + b) mod p for a, b in [0, p): one addition and at most one subtraction. O(n). */
    public BigInteger add(BigInteger a, BigInteger b) {
        BigInteger s = a.add(b);
        return s.compareTo(p) >= 0 ? s.subtract(p) : s;
    }

    /** (a - b) mod p for a, b in [0, p): one subtraction and at most one addition. O(n). */
    public BigInteger sub(BigInteger a, BigInteger b) {
        BigInteger d = a.subtract(b);
        return d.signum() < 0 ? d.add(p) : d;
    }

    /** (-a) mod p for a in [0, p). O(n). */
    public BigInteger neg(BigInteger a) {
        return a.signum() == 0 ? a : p.subtract(a);
    }

    /**
     * (a * b) mod p for a, b in [0, p): {@code a.multiply(b).mod(p)}. O(M(n)) for the product
     * (BigInteger switches from schoolbook to Karatsuba and Toom-3 as n grows) plus O(n^2) for
     * the division.
     */
    public BigInteger mul(BigInteger a, BigInteger b) {
        return a.multiply(b).mod(p);
    }

    /**
     * a^e mod p for a in [0, p) by {@link BigInteger#modPow}; a negative e means
     * (a^-1)^|e|. By convention 0^0 = 1. O(log |e|) multiplications.
     *
     * @throws ArithmeticException if a = 0 and e &lt; 0
     */
    public BigInteger pow(BigInteger a, BigInteger e) {
        if (a.signum() == 0 && e.signum() < 0) {
            throw new ArithmeticException("0 has no inverse in " + name + " (negative exponent)");
        }
        return a.modPow(e, p);
    }

    /**
     * a^-1 mod p for a in [1, p) by {@link BigInteger#modInverse}. O(n^2).
     *
     * @throws ArithmeticException if a = 0
     */
    public BigInteger inv(BigInteger a) {
        if (a.signum() == 0) {
            throw new ArithmeticException("0 has no inverse in " + name);
        }
        return a.modInverse(p);
    }

    /**
     * x mod p in [0, p) for any integer x. O(n * m) for an n-word x and m-word p.
     *
     * @throws IllegalArgumentException if x is null
     */
    public BigInteger reduce(BigInteger x) {
        if (x == null) {
            throw new IllegalArgumentException("x must not be null");
        }
        return x.mod(p);
    }

    /**
     * A uniformly random element of [0, p), by rejection from bitLength(p)-bit numbers (fewer
     * than two draws expected). O(n) expected.
     *
     * @throws IllegalArgumentException if rnd is null
     */
    public BigInteger random(Random rnd) {
        if (rnd == null) {
            throw new IllegalArgumentException("rnd must not be null");
        }
        BigInteger x;
        do {
            x = new BigInteger(p.bitLength(), rnd);
        } while (x.compareTo(p) >= 0);
        return x;
    }

    // ---------------------------------------------------------------------------------------
    // PrimeField: limbs in long[], converted and validated per operation.
    // ---------------------------------------------------------------------------------------

    /** {@code Z/p} for p of at most 64 bits, else {@code Z/p(N bits)}. O(1). */
    @Override
    public String name() {
        return name;
    }

    /** The prime p. O(1). */
    @Override
    public BigInteger modulus() {
        return p;
    }

    /** ceil(bitLength(p) / 64). O(1). */
    @Override
    public int wordsPerElement() {
        return words;
    }

    /**
     * Writes x mod p as little-endian limbs at {@code dst[off ..]}. O(n * m) for the reduction.
     *
     * @throws IllegalArgumentException if x or dst is null
     * @throws IndexOutOfBoundsException if the element does not fit dst at off
     */
    @Override
    public void fromBigInteger(BigInteger x, long[] dst, int off) {
        store(reduce(x), dst, off, "dst");
    }

    /**
     * The element at {@code src[off ..]}, checked to lie in [0, p). O(n).
     *
     * @throws IllegalArgumentException if src is null or the value is not an element
     * @throws IndexOutOfBoundsException if the element does not fit src at off
     */
    @Override
    public BigInteger toBigInteger(long[] src, int off) {
        return load(src, off, "src");
    }

    /** c = a + b, inputs checked. O(n). */
    @Override
    public void add(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        store(add(load(a, aOff, "a"), load(b, bOff, "b")), c, cOff, "c");
    }

    /** c = a - b, inputs checked. O(n). */
    @Override
    public void sub(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        store(sub(load(a, aOff, "a"), load(b, bOff, "b")), c, cOff, "c");
    }

    /** c = -a, input checked. O(n). */
    @Override
    public void neg(long[] a, int aOff, long[] c, int cOff) {
        store(neg(load(a, aOff, "a")), c, cOff, "c");
    }

    /** c = a * b, inputs checked. Cost of {@link #mul(BigInteger, BigInteger)}. */
    @Override
    public void mul(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff) {
        store(mul(load(a, aOff, "a"), load(b, bOff, "b")), c, cOff, "c");
    }

    /**
     * c = a^e, input checked. Cost of {@link #pow(BigInteger, BigInteger)}.
     *
     * @throws IllegalArgumentException if e is null or a is not an element
     * @throws ArithmeticException if a = 0 and e &lt; 0
     */
    @Override
    public void pow(long[] a, int aOff, BigInteger e, long[] c, int cOff) {
        if (e == null) {
            throw new IllegalArgumentException("e must not be null");
        }
        store(pow(load(a, aOff, "a"), e), c, cOff, "c");
    }

    /**
     * c = 1/a, input checked. O(n^2).
     *
     * @throws ArithmeticException if a = 0
     */
    @Override
    public void inv(long[] a, int aOff, long[] c, int cOff) {
        store(inv(load(a, aOff, "a")), c, cOff, "c");
    }

    /** Whether the element at {@code a[off ..]} is zero (checked to be an element). O(n). */
    @Override
    public boolean isZero(long[] a, int off) {
        return load(a, off, "a").signum() == 0;
    }

    // Reads the limbs at arr[off .. off + words) as an unsigned integer and checks it is < p.
    private BigInteger load(long[] arr, int off, String param) {
        checkSlot(arr, off, param);
        byte[] bytes = new byte[words << 3];
        for (int i = 0; i < words; i++) {
            long limb = arr[off + i];
            int end = bytes.length - (i << 3); // big-endian: limb i ends 8 i bytes from the end
            for (int j = 1; j <= 8; j++) {
                bytes[end - j] = (byte) limb;
                limb >>>= 8;
            }
        }
        return checkElement(new BigInteger(1, bytes), param);
    }

    // Writes v in [0, p) as little-endian limbs at arr[off .. off + words).
    private void store(BigInteger v, long[] arr, int off, String param) {
        checkSlot(arr, off, param);
        byte[] bytes = v.toByteArray(); // big-endian two's complement; v >= 0 fits words limbs
        int n = bytes.length;
        for (int i = 0; i < words; i++) {
            long limb = 0;
            int end = n - (i << 3);
            for (int j = 1; j <= 8 && end - j >= 0; j++) {
                limb |= (bytes[end - j] & 0xFFL) << ((j - 1) << 3);
            }
            arr[off + i] = limb;
        }
    }

    private void checkSlot(long[] arr, int off, String param) {
        if (arr == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        if (off < 0 || off > arr.length - words) {
            throw new IndexOutOfBoundsException(param + ": element of " + words
                    + " words at offset " + off + " out of bounds for length " + arr.length);
        }
    }

    /** Equal when the primes are equal. O(n). */
    @Override
    public boolean equals(Object o) {
        return o instanceof BigIntegerField && ((BigIntegerField) o).p.equals(p);
    }

    /** Hash of p. O(n). */
    @Override
    public int hashCode() {
        return p.hashCode();
    }

    /** Same as {@link #name()}. O(1). */
    @Override
    public String toString() {
        return name;
    }
}
