package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link UnsignedDivider} against BigInteger arithmetic on unsigned 64- and 128-bit values. */
class UnsignedDividerTest {
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final long SEED = Long.getLong("modalg.test.seed", 0x5eed_d1f1L);
    private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private static BigInteger unsigned(long x) {
        return BigInteger.valueOf(x).and(MASK64);
    }

    private static BigInteger u128(long hi, long lo) {
        return unsigned(hi).shiftLeft(64).or(unsigned(lo));
    }

    private static String where(long d, long hi, long lo) {
        return "seed=" + SEED + " d=" + Long.toUnsignedString(d) + " hi=" + Long.toUnsignedString(hi)
                + " lo=" + Long.toUnsignedString(lo);
    }

    // Checks remainder and divide for (hi, lo) / d against BigInteger; requires hi < d unsigned.
    private static void check(UnsignedDivider div, long hi, long lo) {
        long d = div.divisor();
        BigInteger[] qr = u128(hi, lo).divideAndRemainder(unsigned(d));
        String msg = where(d, hi, lo);
        assertEquals(qr[1].longValue(), div.remainder(hi, lo), "remainder " + msg);
        long q = div.quotient(hi, lo);
        assertEquals(qr[0].longValue(), q, "quotient " + msg);
        // As documented: the remainder is lo - q * d in wrapping arithmetic.
        assertEquals(qr[1].longValue(), lo - q * d, "remainder from quotient " + msg);
    }

    // The interesting values of hi < d and of lo: the extremes, d - 1, and near the divisor.
    private static void checkEdges(UnsignedDivider div) {
        long d = div.divisor();
        long[] his = {0, 1, d - 1, d - 2, d >>> 1, (d >>> 1) + 1};
        long[] los = {0, 1, -1L, -2L, d, d - 1, d + 1, Long.MIN_VALUE, Long.MAX_VALUE, ~d};
        for (long hi : his) {
            if (Long.compareUnsigned(hi, d) >= 0) {
                continue; // d - 2 wraps for d = 1; (d >>> 1) + 1 = d for d = 1
            }
            for (long lo : los) {
                check(div, hi, lo);
            }
        }
    }

    @Test
    void randomDivisorsOfEveryBitLength() {
        Random rnd = new Random(SEED);
        int perLength = 400 * MULTIPLIER;
        for (int bits = 1; bits <= 64; bits++) {
            for (int t = 0; t < 20; t++) {
                // A divisor with exactly `bits` bits: the top one set, the rest random.
                long d = (rnd.nextLong() >>> (64 - bits)) | (1L << (bits - 1));
                UnsignedDivider div = new UnsignedDivider(d);
                assertEquals(d, div.divisor(), where(d, 0, 0));
                checkEdges(div);
                for (int i = 0; i < perLength / 20 + 1; i++) {
                    long hi = Long.remainderUnsigned(rnd.nextLong(), d);
                    check(div, hi, rnd.nextLong());
                }
            }
        }
    }

    @Test
    void divisorsAtOrAboveTwoToThe63() {
        Random rnd = new Random(SEED + 1);
        for (int t = 0; t < 200 * MULTIPLIER; t++) {
            long d = rnd.nextLong() | Long.MIN_VALUE;
            UnsignedDivider div = new UnsignedDivider(d);
            checkEdges(div);
            for (int i = 0; i < 50; i++) {
                long hi = Long.remainderUnsigned(rnd.nextLong(), d);
                check(div, hi, rnd.nextLong());
            }
        }
    }

    @Test
    void edgeDivisors() {
        long[] divisors = {1, 2, 3, 5, 7, 1L << 31, (1L << 32) - 1, 1L << 32, (1L << 32) + 1,
            (1L << 61) - 1, (1L << 62) - 57, 1L << 62, Long.MAX_VALUE, Long.MIN_VALUE,
            Long.MIN_VALUE + 1, -3L, -2L, -1L, 998244353L};
        Random rnd = new Random(SEED + 2);
        for (long d : divisors) {
            UnsignedDivider div = new UnsignedDivider(d);
            checkEdges(div);
            for (int i = 0; i < 500 * MULTIPLIER; i++) {
                long hi = Long.remainderUnsigned(rnd.nextLong(), d);
                check(div, hi, rnd.nextLong());
            }
        }
    }

    @Test
    void divisorOneAndAllOnes() {
        UnsignedDivider one = new UnsignedDivider(1);
        assertEquals(0L, one.remainder(0, -1L));
        assertEquals(-1L, one.quotient(0, -1L));

        // (2^64 - 2) * 2^64 + (2^64 - 1) = (2^64 - 1) * (2^64 - 1) + (2^64 - 2): the largest
        // allowed dividend for the largest divisor.
        UnsignedDivider max = new UnsignedDivider(-1L);
        assertEquals(-1L, max.quotient(-2L, -1L));
        assertEquals(-2L, max.remainder(-2L, -1L));

        // 2^127 - 1 = 2^63 * (2^64 - 1) + (2^63 - 1).
        UnsignedDivider half = new UnsignedDivider(Long.MIN_VALUE);
        assertEquals(Long.MAX_VALUE, half.remainder(Long.MAX_VALUE, -1L));
        assertEquals(-1L, half.quotient(Long.MAX_VALUE, -1L));
    }

    @Test
    void zeroDivisorIsRejected() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new UnsignedDivider(0));
        assertTrue(e.getMessage().startsWith("divisor"), e.getMessage());
    }

    @Test
    void unsignedMultiplyHigh() {
        Random rnd = new Random(SEED + 3);
        long[] edges = {0, 1, 2, -1L, -2L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32, (1L << 32) - 1};
        for (long a : edges) {
            for (long b : edges) {
                assertEquals(unsigned(a).multiply(unsigned(b)).shiftRight(64).longValue(),
                        UnsignedDivider.unsignedMultiplyHigh(a, b), "a=" + a + " b=" + b);
            }
        }
        for (int i = 0; i < 20000 * MULTIPLIER; i++) {
            long a = rnd.nextLong() >>> rnd.nextInt(64);
            long b = rnd.nextLong() >>> rnd.nextInt(64);
            assertEquals(unsigned(a).multiply(unsigned(b)).shiftRight(64).longValue(),
                    UnsignedDivider.unsignedMultiplyHigh(a, b), "seed=" + SEED + " a=" + a + " b=" + b);
        }
    }

    @Test
    void kernelConstantsMatchBigInteger() {
        // the shift, normalized divisor and reciprocal a device kernel divides with: for the edge
        // divisors (1, 2, 3, 2^62 +- 1, 2^63 +- 1, 2^64 - 1, 2^64 - 59) and random ones of every
        // bit length, reciprocal = floor((2^128 - 1) / (d 2^s)) - 2^64 and d 2^s has its top bit set
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("UnsignedDividerTest.kernelConstantsMatchBigInteger seed " + seed);
        Random rnd = new Random(seed);
        java.util.List<Long> ds = new java.util.ArrayList<>(java.util.List.of(1L, 2L, 3L, (1L << 62) - 1,
                1L << 62, (1L << 62) + 1, (1L << 62) + 135, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 29,
                -59L, -2L, -1L));
        for (int bits = 1; bits <= 64; bits++) {
            for (int t = 0; t < 8; t++) {
                ds.add((rnd.nextLong() >>> (64 - bits)) | (1L << (bits - 1)));
            }
        }
        BigInteger all128 = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
        for (long d : ds) {
            UnsignedDivider div = new UnsignedDivider(d);
            int s = div.normalizationShift();
            String msg = "seed=" + seed + " d=" + Long.toUnsignedString(d);
            assertEquals(Long.numberOfLeadingZeros(d), s, msg);
            BigInteger norm = unsigned(d).shiftLeft(s);
            assertEquals(63, norm.bitLength() - 1, msg + ": normalized divisor's top bit");
            assertEquals(norm.longValue(), div.normalizedDivisor(), msg);
            BigInteger v = all128.divide(norm).subtract(BigInteger.ONE.shiftLeft(64));
            assertTrue(v.signum() >= 0 && v.bitLength() <= 64, msg);
            assertEquals(v.longValue(), div.reciprocal(), msg + ": reciprocal");
        }
    }
}
