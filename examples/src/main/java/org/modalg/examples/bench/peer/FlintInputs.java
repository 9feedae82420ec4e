package org.modalg.examples.bench.peer;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The inputs of the FLINT peer harness ({@code ../shared/anchors/flint3_bench.c}), bit for bit:
 * a splitmix64 generator seeded by the FNV-1a hash of the row's label, integers of exactly the
 * stated bit size (top bit set) with a random sign, dense polynomials and matrices filled in the
 * harness's order. So modalg and FLINT time the same matrices and polynomials, and FLINT's
 * checksum ({@code ck=}, the result modulo 2^61 - 1) checks modalg's result.
 *
 * <p>Labels of the harness (the seeds): {@link #detLabel}, {@link #gcdLabel},
 * {@link #resultantLabel}, {@link #intmulLabel}, {@link #polyzLabel}, {@link #nmodLabel}. Sizes
 * the harness has no row for are generated from the same label pattern, so that a larger harness
 * would time the same inputs.
 */
public final class FlintInputs {
    /** The checksum modulus of the harness, the Mersenne prime 2^61 - 1. */
    public static final BigInteger CHECKSUM_PRIME = BigInteger.ONE.shiftLeft(61).subtract(BigInteger.ONE);

    private long state;

    private FlintInputs(long state) {
        this.state = state;
    }

    /** A generator seeded as the harness's {@code seed_from(label)} (an FNV-1a hash of the bytes). */
    public static FlintInputs seeded(String label) {
        // the harness's offset basis, 1469598103934665603 (FNV-1a's 14695981039346656037 less its last digit)
        long h = 1469598103934665603L;
        for (byte b : label.getBytes(StandardCharsets.US_ASCII)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L; // 1099511628211
        }
        return new FlintInputs(h);
    }

    /** The harness's label of the determinant row (n x n, b-bit entries). */
    public static String detLabel(int n, int bits) {
        return "fmpz_mat_det n=" + n + ", " + bits + "-bit entries";
    }

    /** The harness's label of the gcd row (degree d, b-bit factors, common factor of degree d / 2). */
    public static String gcdLabel(int degree, int bits) {
        return "fmpz_poly_gcd deg " + degree + ", " + bits + "-bit, common deg " + degree / 2;
    }

    /** The harness's label of the resultant row (degree d, 64-bit coefficients). */
    public static String resultantLabel(int degree, int bits) {
        return "fmpz_poly_resultant deg " + degree + ", " + bits + "-bit";
    }

    /** The next output of splitmix64. */
    public long next() {
        long z = state += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * An integer of exactly {@code bits} bits (top bit set), negative with probability 1/2 when
     * {@code signed}: the harness's {@code rand_mpz_exact}.
     *
     * @throws IllegalArgumentException if bits is not in [1, 2^27] (bench compare's integer rows
     *     go to 10^8 bits)
     */
    public BigInteger exact(int bits, boolean signed) {
        if (bits < 1 || bits > 1 << 27) {
            throw new IllegalArgumentException("bits must be in [1, 2^27], got " + bits);
        }
        int n = (bits + 63) / 64;
        byte[] mag = new byte[n * 8];
        for (int i = 0; i < n; i++) {
            long d = next();
            if (i == n - 1) {
                int top = bits - 64 * (n - 1);
                if (top < 64) {
                    d &= (1L << top) - 1;
                }
                d |= 1L << (top - 1);
            }
            for (int j = 0; j < 8; j++) {
                mag[mag.length - 1 - (i * 8 + j)] = (byte) (d >>> (8 * j));
            }
        }
        BigInteger x = new BigInteger(1, mag);
        return signed && (next() & 1) != 0 ? x.negate() : x;
    }

    /** A polynomial of exactly {@code length} coefficients of exactly {@code bits} bits, random signs. */
    public ZZPoly poly(int length, int bits) {
        if (length < 1) {
            throw new IllegalArgumentException("length must be >= 1, got " + length);
        }
        BigInteger[] c = new BigInteger[length];
        for (int i = 0; i < length; i++) {
            c[i] = exact(bits, true);
        }
        return ZZPoly.of(c);
    }

    /** An n x n matrix of entries of exactly {@code bits} bits with random signs, row by row. */
    public BigInteger[][] matrix(int n, int bits) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        BigInteger[][] a = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = exact(bits, true);
            }
        }
        return a;
    }

    /** The harness's determinant input for (n, bits). */
    public static BigInteger[][] detInput(int n, int bits) {
        return seeded(detLabel(n, bits)).matrix(n, bits);
    }

    /**
     * The harness's gcd input for (degree, bits): {f, g, h} with f = a h and g = b h, h, a and b
     * of degree d / 2 generated in that order.
     */
    public static ZZPoly[] gcdInput(int degree, int bits) {
        FlintInputs r = seeded(gcdLabel(degree, bits));
        ZZPoly h = r.poly(degree / 2 + 1, bits);
        ZZPoly a = r.poly(degree / 2 + 1, bits);
        ZZPoly b = r.poly(degree / 2 + 1, bits);
        return new ZZPoly[] {a.multiply(h), b.multiply(h), h};
    }

    /** The harness's resultant input for (degree, bits): {f, g}, both of degree d. */
    public static ZZPoly[] resultantInput(int degree, int bits) {
        FlintInputs r = seeded(resultantLabel(degree, bits));
        ZZPoly f = r.poly(degree + 1, bits);
        ZZPoly g = r.poly(degree + 1, bits);
        return new ZZPoly[] {f, g};
    }

    /** The seed label of the harness's integer products of {@code bits} bits (shared by its three rows). */
    public static String intmulLabel(long bits) {
        return "intmul " + bits + " bits";
    }

    /**
     * The harness's integer-product operands: {a, b}, both of exactly {@code bits} bits and
     * positive ({@code rand_mpz_exact(x, bits, 0)}, a then b).
     */
    public static BigInteger[] intmulInput(int bits) {
        FlintInputs r = seeded(intmulLabel(bits));
        BigInteger a = r.exact(bits, false);
        return new BigInteger[] {a, r.exact(bits, false)};
    }

    /** The harness's label of the Z[x] product row (length len, b-bit coefficients). */
    public static String polyzLabel(int length, int bits) {
        return "fmpz_poly_mul len " + length + " x " + bits + "-bit";
    }

    /** The harness's Z[x] product operands: {a, b}, dense, exactly {@code length} coefficients of exactly {@code bits} bits. */
    public static ZZPoly[] polyzInput(int length, int bits) {
        FlintInputs r = seeded(polyzLabel(length, bits));
        ZZPoly a = r.poly(length, bits);
        return new ZZPoly[] {a, r.poly(length, bits)};
    }

    /** The harness's label of the Z/pZ[x] product row (length len, p = {@link #nmodPrime()}). */
    public static String nmodLabel(int length) {
        return "nmod_poly_mul len " + length + ", 62-bit p";
    }

    /** The harness's modulus of the nmod rows: n_nextprime(2^62), the least prime above 2^62 (2^62 + 135). */
    public static long nmodPrime() {
        return BigInteger.ONE.shiftLeft(62).nextProbablePrime().longValueExact();
    }

    /**
     * A residue uniform in [0, p) for 2^61 &lt;= p &lt; 2^63: the harness's {@code rand_mod} (the
     * generator's output shifted right by one, drawn again until below p: at most 4 draws
     * expected in that range; a smaller p would take 2^63 / p).
     *
     * @throws IllegalArgumentException if p is not in [2^61, 2^63)
     */
    public long uniform(long p) {
        if (p < 1L << 61) {
            throw new IllegalArgumentException("p must be in [2^61, 2^63), got " + p);
        }
        while (true) {
            long x = next() >>> 1;
            if (x < p) {
                return x;
            }
        }
    }

    /**
     * The harness's Z/pZ[x] product operands: {a, b}, each {@code length} residues uniform in
     * [0, p) with a non-zero leading one ({@code rand_nmod_poly}: the coefficients in order, then
     * the top one drawn again while zero).
     */
    public static long[][] nmodInput(int length, long p) {
        if (length < 1) {
            throw new IllegalArgumentException("length must be >= 1, got " + length);
        }
        FlintInputs r = seeded(nmodLabel(length));
        long[][] ab = new long[2][length];
        for (long[] f : ab) {
            for (int i = 0; i < length; i++) {
                f[i] = r.uniform(p);
            }
            while (f[length - 1] == 0) {
                f[length - 1] = r.uniform(p);
            }
        }
        return ab;
    }

    /**
     * The harness's checksum of a Z/pZ[x] polynomial (residues in [0, 2^63), coefficients
     * [0, length)): the length, then Horner in 1000003 over the residues modulo 2^61 - 1.
     */
    public static long checksum(long[] residues, int length) {
        long cp = CHECKSUM_PRIME.longValueExact();
        long h = length % cp;
        for (int i = 0; i < length; i++) {
            h = (mulMod(h, 1000003L, cp) + residues[i] % cp) % cp;
        }
        return h;
    }

    /**
     * a b mod cp = 2^61 - 1 ({@link #CHECKSUM_PRIME}) for 0 &lt;= a, b &lt; cp, using 2^61 = 1
     * modulo it; the arithmetic of the harness's checksums. O(1).
     */
    public static long mulMod(long a, long b, long cp) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        long x = ((hi << 3) | (lo >>> 61)) + (lo & cp);
        x = (x & cp) + (x >>> 61);
        return x >= cp ? x - cp : x;
    }

    /** The harness's checksum of an integer: x mod (2^61 - 1), non-negative. */
    public static long checksum(BigInteger x) {
        return x.mod(CHECKSUM_PRIME).longValueExact();
    }

    /** The harness's checksum of a polynomial: length, then Horner in 1000003 over the coefficients' checksums. */
    public static long checksum(ZZPoly f) {
        BigInteger p = CHECKSUM_PRIME;
        BigInteger m = BigInteger.valueOf(1000003);
        int len = f.isZero() ? 0 : f.length();
        BigInteger h = BigInteger.valueOf(len).mod(p);
        for (int i = 0; i < len; i++) {
            h = h.multiply(m).add(BigInteger.valueOf(checksum(f.coefficient(i)))).mod(p);
        }
        return h.longValueExact();
    }
}
