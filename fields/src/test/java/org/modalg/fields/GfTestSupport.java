package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Independent oracle for the generalized Fermat field tests: radix-r digits computed and read
 * with BigInteger only (no code of the classes under test), the canonical form written down
 * from thesis section 2.3.1, and edge elements that force the carry and borrow paths.
 */
final class GfTestSupport {
    static final int MULTIPLIER = Math.max(1, Integer.getInteger("modalg.test.multiplier", 1));
    static final long SEED = Long.getLong("modalg.test.seed", 0x6f2a11L);
    static final BigInteger TWO64 = BigInteger.ONE.shiftLeft(64);
    /** A value no canonical digit of a test field takes in the output slots before a call. */
    static final long JUNK = 0x5A5A5A5A5A5A5A5AL;

    private GfTestSupport() {
    }

    /** Iterations for a field: fewer for the slow large-k presets. */
    static int scaled(int base, int k) {
        int n = k >= 128 ? Math.max(1, base / 8) : k >= 64 ? Math.max(1, base / 3) : base;
        return n * MULTIPLIER;
    }

    static Random random(String label) {
        return new Random(SEED ^ label.hashCode() * 0x9E3779B97F4A7C15L);
    }

    static String where(GfField f) {
        return "seed=" + SEED + " field=" + f.name() + " (r=" + Long.toUnsignedString(f.radix()) + ", k="
                + f.k() + ")";
    }

    static BigInteger unsigned(long x) {
        return x >= 0 ? BigInteger.valueOf(x) : BigInteger.valueOf(x).add(TWO64);
    }

    /** The canonical digits of v mod p (any sign), by BigInteger division. */
    static long[] digits(BigInteger v, BigInteger r, int k) {
        BigInteger rk = radixPower(r, k);
        BigInteger p = rk.add(BigInteger.ONE);
        BigInteger x = v.mod(p);
        long[] d = new long[k];
        if (x.equals(rk)) {
            d[k - 1] = r.longValue();
            return d;
        }
        split(x, r, k, d, 0);
        return d;
    }

    // x < r^len: its len radix-r digits into d[off ..], by divisions by r^(len/2) (divide and conquer)
    private static void split(BigInteger x, BigInteger r, int len, long[] d, int off) {
        if (len <= 8) {
            for (int i = 0; i < len; i++) {
                BigInteger[] qr = x.divideAndRemainder(r);
                d[off + i] = qr[1].longValue();
                x = qr[0];
            }
            if (x.signum() != 0) {
                throw new AssertionError("oracle: value does not fit the digits");
            }
            return;
        }
        int half = len / 2;
        BigInteger[] qr = x.divideAndRemainder(radixPower(r, half));
        split(qr[1], r, half, d, off);
        split(qr[0], r, len - half, d, off + half);
    }

    private static final Map<BigInteger, Map<Integer, BigInteger>> POWERS = new java.util.concurrent.ConcurrentHashMap<>();

    /** r^e, cached (e is a power of two or small). */
    static BigInteger radixPower(BigInteger r, int e) {
        return POWERS.computeIfAbsent(r, x -> new java.util.concurrent.ConcurrentHashMap<>())
                .computeIfAbsent(e, r::pow);
    }

    static long[] digits(GfField f, BigInteger v) {
        return digits(v, f.radixBig(), f.k());
    }

    /** sum_i x[off + i] r^i over the integers (digits unsigned), for any k. */
    static BigInteger value(long[] x, int off, int k, BigInteger r) {
        if (k <= 8) {
            BigInteger v = BigInteger.ZERO;
            for (int i = k - 1; i >= 0; i--) {
                v = v.multiply(r).add(unsigned(x[off + i]));
            }
            return v;
        }
        int half = k / 2;
        return value(x, off, half, r).add(value(x, off + half, k - half, r).multiply(radixPower(r, half)));
    }

    static BigInteger value(GfField f, long[] x, int off) {
        return value(x, off, f.k(), f.radixBig());
    }

    static BigInteger value(GfField f, long[] x) {
        return value(f, x, 0);
    }

    /** Canonical form of thesis 2.3.1, written independently of GfField.isCanonical. */
    static boolean canonical(long[] x, int off, int k, long r) {
        boolean allBelow = true;
        for (int i = 0; i < k; i++) {
            allBelow &= Long.compareUnsigned(x[off + i], r) < 0;
        }
        if (allBelow) {
            return true;
        }
        if (x[off + k - 1] != r) {
            return false;
        }
        for (int i = 0; i < k - 1; i++) {
            if (x[off + i] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Asserts that x[off .. off + k) is the canonical representation of expected mod p: canonical
     * by the oracle and by GfField.isCanonical, and of value expected mod p (canonical digits
     * are unique, so this pins every digit).
     */
    static void assertElement(GfField f, BigInteger expected, long[] x, int off, Supplier<String> msg) {
        int k = f.k();
        if (!canonical(x, off, k, f.radix())) {
            fail(() -> msg.get() + ": result is not canonical: " + digitString(x, off, k));
        }
        assertTrue(f.isCanonical(x, off), () -> msg.get() + ": GfField.isCanonical rejects result "
                + digitString(x, off, k));
        BigInteger want = expected.mod(f.modulus());
        BigInteger got = value(f, x, off);
        if (!want.equals(got)) {
            long[] wantDigits = digits(f, want);
            fail(() -> msg.get() + ": expected digits " + digitString(wantDigits, 0, k) + " but got "
                    + digitString(x, off, k));
        }
    }

    static void assertElement(GfField f, BigInteger expected, long[] x, Supplier<String> msg) {
        assertElement(f, expected, x, 0, msg);
    }

    static void assertUntouched(long[] x, int from, int to, long junk, Supplier<String> msg) {
        for (int i = from; i < to; i++) {
            if (x[i] != junk) {
                int at = i;
                fail(() -> msg.get() + ": wrote outside its element at index " + at);
            }
        }
    }

    static String digitString(long[] x, int off, int k) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < k; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (i == 6 && k > 8) {
                sb.append("..., ").append(Long.toUnsignedString(x[off + k - 1]));
                break;
            }
            sb.append(Long.toUnsignedString(x[off + i]));
        }
        return sb.append(']').toString();
    }

    /** An element with its digits and its integer value. */
    static final class Elem {
        final String label;
        final long[] d;
        final BigInteger v;

        Elem(String label, long[] d, BigInteger v) {
            this.label = label;
            this.d = d;
            this.v = v;
        }

        @Override
        public String toString() {
            return label + "=" + (v.bitLength() <= 256 ? v.toString() : "(" + v.bitLength() + " bits)");
        }
    }

    static Elem elem(GfField f, String label, BigInteger v) {
        BigInteger x = v.mod(f.modulus());
        return new Elem(label, digits(f, x), x);
    }

    /** An element from explicit digits (checked canonical by the oracle). */
    static Elem elemOfDigits(GfField f, String label, long[] d) {
        if (!canonical(d, 0, f.k(), f.radix())) {
            throw new AssertionError("test bug: non-canonical edge " + label);
        }
        return new Elem(label, d, value(f, d, 0));
    }

    /** Uniform digit in [0, r), biased towards 0, 1 and r - 1. */
    static long digit(Random rnd, long r) {
        switch (rnd.nextInt(10)) {
            case 0:
                return 0;
            case 1:
                return r - 1;
            case 2:
                return 1;
            default:
                return Long.remainderUnsigned(rnd.nextLong(), r);
        }
    }

    /** A random canonical element: mostly random digits, sometimes structured or r^k. */
    static Elem randomElem(GfField f, Random rnd) {
        int k = f.k();
        long r = f.radix();
        long[] d = new long[k];
        int kind = rnd.nextInt(16);
        if (kind == 0) {
            d[k - 1] = r; // r^k = p - 1
        } else if (kind <= 2) {
            for (int i = 0; i < k; i++) {
                d[i] = digit(rnd, r);
            }
        } else if (kind == 3) {
            d[rnd.nextInt(k)] = digit(rnd, r);
        } else {
            for (int i = 0; i < k; i++) {
                d[i] = Long.remainderUnsigned(rnd.nextLong(), r);
            }
        }
        return elemOfDigits(f, "rnd", d);
    }

    /** Fully uniform element in [0, p). */
    static Elem uniformElem(GfField f, Random rnd) {
        BigInteger p = f.modulus();
        return elem(f, "uni", new BigInteger(p.bitLength() + 32, rnd).mod(p));
    }

    /**
     * Edge elements: 0, 1, 2, p - 1 = r^k (special), p - 2 = all digits r - 1, p - 3, r, r - 1,
     * r + 1, r^2 - 1, the top digit alone, all ones, alternating digits, all r - 1 but the low
     * digit, (p +- 1) / 2, 2^64 mod p, -r. With powers: r^i and -r^i for every i < k.
     */
    static List<Elem> edges(GfField f, boolean withPowers) {
        int k = f.k();
        long r = f.radix();
        BigInteger p = f.modulus();
        BigInteger br = f.radixBig();
        Map<BigInteger, Elem> m = new LinkedHashMap<>();
        add(m, f, "0", BigInteger.ZERO);
        add(m, f, "1", BigInteger.ONE);
        add(m, f, "2", BigInteger.TWO);
        add(m, f, "3", BigInteger.valueOf(3));
        add(m, f, "p-1", p.subtract(BigInteger.ONE));
        add(m, f, "p-2", p.subtract(BigInteger.TWO));
        add(m, f, "p-3", p.subtract(BigInteger.valueOf(3)));
        add(m, f, "r-1", br.subtract(BigInteger.ONE));
        add(m, f, "r", br);
        add(m, f, "r+1", br.add(BigInteger.ONE));
        add(m, f, "r^2-1", br.pow(2).subtract(BigInteger.ONE));
        add(m, f, "-r", br.negate());
        add(m, f, "(p-1)/2", p.shiftRight(1));
        add(m, f, "(p+1)/2", p.add(BigInteger.ONE).shiftRight(1));
        add(m, f, "2^64", TWO64);
        long[] d = new long[k];
        d[k - 1] = r - 1;
        addDigits(m, f, "top=r-1", d.clone());
        d[0] = 1;
        addDigits(m, f, "top=r-1,low=1", d.clone());
        java.util.Arrays.fill(d, 1);
        addDigits(m, f, "all 1", d.clone());
        for (int i = 0; i < k; i++) {
            d[i] = i % 2 == 0 ? r - 1 : 0;
        }
        addDigits(m, f, "alt r-1/0", d.clone());
        for (int i = 0; i < k; i++) {
            d[i] = i % 2 == 0 ? 0 : r - 1;
        }
        addDigits(m, f, "alt 0/r-1", d.clone());
        java.util.Arrays.fill(d, r - 1);
        d[0] = 0;
        addDigits(m, f, "all r-1 but low 0", d.clone());
        java.util.Arrays.fill(d, r - 1);
        d[k - 1] = 0;
        addDigits(m, f, "all r-1 but top 0", d.clone());
        java.util.Arrays.fill(d, r >>> 1);
        addDigits(m, f, "all r/2", d.clone());
        if (withPowers) {
            for (int i = 0; i < k; i++) {
                BigInteger ri = br.pow(i);
                add(m, f, "r^" + i, ri);
                add(m, f, "-r^" + i, ri.negate());
            }
        }
        return new ArrayList<>(m.values());
    }

    private static void add(Map<BigInteger, Elem> m, GfField f, String label, BigInteger v) {
        Elem e = elem(f, label, v);
        m.putIfAbsent(e.v, e);
    }

    private static void addDigits(Map<BigInteger, Elem> m, GfField f, String label, long[] d) {
        Elem e = elemOfDigits(f, label, d);
        m.putIfAbsent(e.v, e);
    }

    /** Copies e into a fresh array of length k + 2 pad at offset pad, junk around it. */
    static long[] placed(Elem e, int k, int pad) {
        long[] a = new long[k + 2 * pad];
        java.util.Arrays.fill(a, JUNK);
        System.arraycopy(e.d, 0, a, pad, k);
        return a;
    }

    static void assertSameDigits(long[] want, long[] got, int off, int k, Supplier<String> msg) {
        for (int i = 0; i < k; i++) {
            if (want[i] != got[off + i]) {
                fail(() -> msg.get() + ": expected " + digitString(want, 0, k) + " got " + digitString(got, off, k));
            }
        }
    }

    /** Sanity check that the oracle is consistent with itself (guards against a vacuous test). */
    static void checkOracle(GfField f, Elem e) {
        assertEquals(e.v, value(f, digits(f, e.v), 0), "oracle round trip " + e);
    }
}
