package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.Limbs;

/**
 * {@link DigitConvolution} against {@link BigInteger#multiply}: every shorter length from 1 to
 * {@link DigitConvolution#MAX_SHORTER_LIMBS} limbs against random longer ones (up to 40 times
 * as long), operands whose balanced digits alternate -2^22 and 2^22 at the largest shorter
 * length (every product in a column of one sign: the column sums closest to 2^53) and all-ones
 * ones, the digits' cut against the value (scalar and in lanes), zero and short top limbs, operands at offsets inside larger arrays with
 * the output's neighbours checked untouched, and one scratch reused across all sizes. A fresh
 * seed per run, printed. Skipped, with the reason printed, where the JVM runs without the Vector
 * API module (the basecase is then BigInteger's, which {@link LimbMultiplicationTest} covers).
 */
class DigitConvolutionTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final long SENTINEL = 0x5a5a_5a5a_5a5a_5a5aL;

    static {
        System.out.println("DigitConvolutionTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    private static boolean available() {
        if (!DigitConvolution.available()) {
            System.out.println("DigitConvolutionTest skipped: the digit convolution is off in this JVM (no --add-modules"
                    + " jdk.incubator.vector, vectors of fewer than 4 doubles, or modalg.poly.vector=off)");
            return false;
        }
        return true;
    }

    private static long[] random(Random rnd, int n, int kind) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = switch (kind) {
                case 0 -> rnd.nextLong();
                case 1 -> -1L;
                case 2 -> rnd.nextInt(3) == 0 ? 0 : rnd.nextLong();
                default -> rnd.nextBoolean() ? -1L : 0;
            };
        }
        if (rnd.nextInt(4) == 0) {
            x[n - 1] = rnd.nextInt(3) == 0 ? 0 : 1L << rnd.nextInt(64);
        }
        return x;
    }

    // x y through DigitConvolution.multiply at offsets, the output's neighbours checked.
    private static void check(long[] x, long[] y, DigitConvolution.Scratch s, Random rnd, String what) {
        int xo = rnd.nextInt(3);
        int yo = rnd.nextInt(3);
        int zo = rnd.nextInt(3);
        long[] xs = new long[xo + x.length + 2];
        long[] ys = new long[yo + y.length + 2];
        Arrays.fill(xs, -1L);
        Arrays.fill(ys, -1L);
        System.arraycopy(x, 0, xs, xo, x.length);
        System.arraycopy(y, 0, ys, yo, y.length);
        long[] z = new long[zo + x.length + y.length + 2];
        Arrays.fill(z, SENTINEL);
        DigitConvolution.multiply(xs, xo, x.length, ys, yo, y.length, z, zo, s);
        BigInteger expected = Limbs.toBigInteger(x).multiply(Limbs.toBigInteger(y));
        BigInteger got = Limbs.toBigInteger(Arrays.copyOfRange(z, zo, zo + x.length + y.length));
        if (!expected.equals(got)) {
            throw new AssertionError("seed=" + SEED + " " + what + ": " + x.length + " x " + y.length
                    + " limbs: wrong product, differs from bit " + expected.xor(got).getLowestSetBit());
        }
        for (int i = 0; i < zo; i++) {
            assertEquals(SENTINEL, z[i], "seed=" + SEED + " " + what + ": written below the output");
        }
        for (int i = zo + x.length + y.length; i < z.length; i++) {
            assertEquals(SENTINEL, z[i], "seed=" + SEED + " " + what + ": written above the output");
        }
    }

    @Test
    void everyShorterLength() {
        assumeTrue(available());
        Random rnd = new Random(SEED);
        DigitConvolution.Scratch s = new DigitConvolution.Scratch();
        for (int m = 1; m <= DigitConvolution.MAX_SHORTER_LIMBS; m++) {
            int n = m + rnd.nextInt(m < 20 ? 40 * m : 3 * m);
            long[] a = random(rnd, n, rnd.nextInt(4));
            long[] b = random(rnd, m, rnd.nextInt(4));
            check(a, b, s, rnd, "random");
            check(b, a, s, rnd, "random, swapped");
            check(b, b, s, rnd, "square");
        }
    }

    // Limbs whose balanced digits are -2^22, 2^22, -2^22, ... (digit 2j: 22 zero bits and a one,
    // digit 2j + 1: 22 ones and a zero), so in a square or a product of two such every column's
    // products have one sign and magnitude 2^44.
    static long[] alternatingExtremes(int n) {
        long[] x = new long[n];
        for (long bit = 0; bit < 64L * n; bit++) {
            long inPair = bit % (2 * DigitFormat.DIGIT_BITS);
            if (inPair == DigitFormat.DIGIT_BITS - 1 || inPair >= DigitFormat.DIGIT_BITS
                    && inPair < 2 * DigitFormat.DIGIT_BITS - 1) {
                x[(int) (bit >>> 6)] |= 1L << bit;
            }
        }
        return x;
    }

    @Test
    void largestColumnSums() {
        assumeTrue(available());
        Random rnd = new Random(SEED + 1);
        DigitConvolution.Scratch s = new DigitConvolution.Scratch();
        int m = DigitConvolution.MAX_SHORTER_LIMBS;
        assertTrue(DigitFormat.digitCount(64L * m) <= DigitConvolution.MAX_SHORTER_DIGITS
                && DigitFormat.digitCount(64L * (m + 1)) > DigitConvolution.MAX_SHORTER_DIGITS,
                "the shorter bound in limbs is the most within the digit bound");
        long[] extreme = alternatingExtremes(m);
        double[] d = new double[DigitFormat.digitCount(64L * m)];
        DigitConvolution.digits(extreme, 0, m, d, 0, d.length);
        for (int i = 0; i + 1 < d.length; i++) { // the top digit holds the rest of the top limb
            assertEquals((i & 1) == 0 ? -0x1p22 : 0x1p22, d[i], "digit " + i + " of the extreme pattern");
        }
        for (int n : new int[] {m, m + 1, 2 * m, 7 * m + 3}) {
            long[] a = alternatingExtremes(n);
            check(a, extreme, s, rnd, "digits of magnitude 2^22, alternating");
            check(extreme, a, s, rnd, "digits of magnitude 2^22, alternating, swapped");
            long[] ones = random(rnd, n, 1);
            long[] b = random(rnd, m, 1);
            Arrays.fill(ones, -1L);
            Arrays.fill(b, -1L);
            check(ones, b, s, rnd, "all ones");
            check(b, ones, s, rnd, "all ones, swapped");
        }
    }

    // The balanced digits, cut by the scalar loop and by DigitConvolution's lane path, are equal,
    // at most 2^22 in magnitude, and sum to the value.
    @Test
    void digitsSumToTheValue() {
        Random rnd = new Random(SEED + 5);
        DigitConvolution.Scratch s = new DigitConvolution.Scratch();
        boolean lanes = DigitConvolution.available(); // the scalar loop is checked either way
        for (int round = 0; round < 400; round++) {
            int n = 1 + rnd.nextInt(round < 200 ? 30 : 200);
            long[] x = random(rnd, n, rnd.nextInt(4));
            int count = DigitFormat.digitCount(64L * n) + rnd.nextInt(3);
            double[] scalar = new double[count];
            DigitConvolution.digits(x, 0, n, scalar, 0, count);
            BigInteger sum = BigInteger.ZERO;
            for (int i = count - 1; i >= 0; i--) {
                assertTrue(Math.abs(scalar[i]) <= DigitFormat.DIGIT_BOUND && scalar[i] == Math.rint(scalar[i]),
                        "seed=" + SEED + " digit " + i + " = " + scalar[i]);
                sum = sum.shiftLeft(DigitFormat.DIGIT_BITS).add(BigInteger.valueOf((long) scalar[i]));
            }
            assertEquals(Limbs.toBigInteger(x), sum, "seed=" + SEED + " round " + round + ", " + n + " limbs");
            if (lanes) {
                double[] cut = new double[count + 2 + DigitFormat.PERIOD_DIGITS]; // room for the lanes' zeros
                DigitConvolution.digits(x, 0, n, cut, 1, count, s);
                assertArrayEquals(scalar, Arrays.copyOfRange(cut, 1, count + 1),
                        "seed=" + SEED + " round " + round + ": lanes against the scalar loop");
            }
        }
    }

    @Test
    void warmUpMakesItTheDefaultBasecase() throws InterruptedException {
        assumeTrue(available());
        for (int i = 0; i < DigitConvolution.WARM_UP_AFTER_CALLS; i++) {
            DigitConvolution.ready(); // the demand that starts the warm-up
        }
        long end = System.nanoTime() + 60_000_000_000L;
        while (!DigitConvolution.ready() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertEquals(true, DigitConvolution.ready(), "the warm-up did not finish within a minute");
        assertEquals(LimbMultiplication.Basecase.DIGITS, LimbMultiplication.defaultBasecase());
        assertEquals(org.modalg.polynomial.Tuning.intMulNttBitsDigits(), IntegerMultiplication.transformBits(),
                "the transform route starts higher over the digit convolution");
        // products on both sides of the moved cut-off, through the public entry point
        Random rnd = new Random(SEED + 3);
        for (int bits : new int[] {org.modalg.polynomial.Tuning.intMulNttBits() + 1000,
                IntegerMultiplication.transformBits() - 1, IntegerMultiplication.transformBits() + 1}) {
            BigInteger x = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger y = new BigInteger(bits + rnd.nextInt(5000), rnd).negate();
            assertEquals(x.multiply(y), IntegerMultiplication.multiply(x, y), "seed=" + SEED + " bits " + bits);
            assertEquals(x.multiply(x), IntegerMultiplication.multiply(x, x), "seed=" + SEED + " square, bits " + bits);
        }
    }

    @Test
    void aMistypedModeIsNamed() throws Exception {
        // a JVM of its own: the mode is read once per JVM
        String launcher = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(launcher, "--add-opens", "java.base/java.math=ALL-UNNAMED", "--add-modules",
                "jdk.incubator.vector", "-Dmodalg.poly.vector=yes", "-cp", System.getProperty("java.class.path"),
                "org.modalg.polynomial.integer.DigitConvolutionTest$ModeProbe").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("system property modalg.poly.vector must be auto, on or off, got 'yes'"), out);
    }

    /** Prints the message of the first product's exception under the JVM's mode. */
    static final class ModeProbe {
        public static void main(String[] args) {
            try {
                IntegerMultiplication.multiply(BigInteger.ONE.shiftLeft(5000).subtract(BigInteger.ONE),
                        BigInteger.ONE.shiftLeft(4000).add(BigInteger.TEN));
                System.out.println("no exception");
            } catch (IllegalArgumentException e) {
                System.out.println(e.getMessage());
            }
        }
    }

    @Test
    void constantsAgree() {
        // runs whether or not the kernel is here: the constants are the digit loops' contract
        assertEquals(Double.doubleToRawLongBits(0x1p52), DigitFormat.TWO_52_BITS);
        assertEquals(DigitFormat.PERIOD_DIGITS * DigitFormat.DIGIT_BITS, 64 * DigitFormat.PERIOD_LIMBS);
        assertEquals(DigitConvolution.MAX_SHORTER_DIGITS * DigitFormat.DIGIT_BOUND * DigitFormat.DIGIT_BOUND, 1L << 53,
                "the shorter bound keeps every column's partial sums within 2^53");
        assertEquals(DigitConvolution.available(), DigitConvolution.offReason() == null);
    }

    @Test
    void reportsNameTheBasecase() {
        String basecase = LimbMultiplication.describeBasecase();
        if (DigitConvolution.available()) {
            assertTrue(basecase.startsWith("digit convolution (Vector API, " + VectorDigitKernels.LANES + " lanes"),
                    basecase);
        } else {
            assertTrue(basecase.endsWith("(" + DigitConvolution.offReason() + ")")
                    || basecase.endsWith(", " + DigitConvolution.offReason() + ")"), basecase);
        }
        assertEquals("BigInteger.multiply", IntegerMultiplication.smallProductMethod(100, 5000));
        if (LimbMultiplication.fast()) {
            assertTrue(IntegerMultiplication.smallProductMethod(10_000, 12_000).startsWith(
                    LimbMultiplication.currentBasecase() == LimbMultiplication.Basecase.DIGITS
                            ? "Karatsuba on limbs over a convolution" : "Karatsuba on limbs over BigInteger's"));
        }
    }

    @Test
    void zerosAndSmallValues() {
        assumeTrue(available());
        Random rnd = new Random(SEED + 2);
        DigitConvolution.Scratch s = new DigitConvolution.Scratch();
        check(new long[5], random(rnd, 9, 0), s, rnd, "zero");
        check(random(rnd, 9, 0), new long[1], s, rnd, "zero");
        check(new long[] {1}, random(rnd, 200, 0), s, rnd, "one");
        long[] pow = new long[100];
        pow[99] = Long.MIN_VALUE;
        check(pow, pow, s, rnd, "power of two squared");
        check(new long[] {1L << 21, 0, 0}, new long[] {1L << 43}, s, rnd, "digit boundaries");
        check(new long[] {1L << 22, 1L << 45}, new long[] {(1L << 22) | (1L << 45) | (1L << 63)}, s, rnd,
                "top bits of digits");
        check(new long[] {(1L << 23) - 1}, new long[] {(1L << 23) - 1}, s, rnd, "one digit of ones");
    }

    // Column sums of either sign (magnitude up to 2^53, a non-negative total) whose 23-bit parts
    // add up to digits of 2^23 - 2 and more or to negative ones, so that the carries ripple past
    // one digit (the vector passes' rare scalar path), and the largest columns.
    @Test
    void carriesOfCraftedColumns() {
        assumeTrue(available());
        Random rnd = new Random(SEED + 4);
        DigitConvolution.Scratch s = new DigitConvolution.Scratch();
        long top = 1L << 53;
        long m = DigitFormat.DIGIT_MASK;
        int b = DigitFormat.DIGIT_BITS;
        long[] kinds = {0, 1, -1, m, m - 1, m + 1, -m, m << b, (m << b) | m, -((m << b) | m), top, -top, top - 1,
            top - m, 1L << 2 * b, -(1L << 2 * b), (m << 2 * b) & (top - 1), -1L << b};
        int rippled = 0;
        for (int round = 0; round < 300; round++) {
            int nc = 1 + rnd.nextInt(round < 100 ? 40 : 700);
            double[] c = new double[nc + 64];
            long[] v = new long[nc];
            BigInteger expected = BigInteger.valueOf(-1);
            while (expected.signum() < 0) {
                for (int k = 0; k < nc; k++) {
                    v[k] = rnd.nextInt(3) == 0 ? rnd.nextLong() >> 10 : kinds[rnd.nextInt(kinds.length)];
                    v[k] = Math.max(-top, Math.min(top, v[k]));
                    c[k] = v[k];
                }
                expected = BigInteger.ZERO;
                for (int k = nc - 1; k >= 0; k--) {
                    expected = expected.shiftLeft(b).add(BigInteger.valueOf(v[k]));
                }
            }
            // does a digit leave [0, 2^23) after one carry step (what the scalar pass is for)?
            long[] e = new long[nc + 3];
            for (int k = 0; k < nc + 3; k++) {
                e[k] = (k < nc ? v[k] & m : 0) + (k >= 1 && k - 1 < nc ? v[k - 1] >> b & m : 0)
                        + (k >= 2 && k - 2 < nc ? v[k - 2] >> 2 * b : 0);
            }
            for (int k = 0; k < nc + 3; k++) {
                long digit = (e[k] & m) + (k > 0 ? e[k - 1] >> b : 0);
                if (digit > m || digit < 0) {
                    rippled++;
                    break;
                }
            }
            int limbs = (expected.bitLength() + 63) / 64 + rnd.nextInt(3);
            int zo = rnd.nextInt(3);
            long[] z = new long[zo + limbs + 1];
            Arrays.fill(z, SENTINEL);
            DigitConvolution.carry(c, nc, z, zo, limbs, s);
            assertEquals(expected, Limbs.toBigInteger(Arrays.copyOfRange(z, zo, zo + limbs)),
                    "seed=" + SEED + " round " + round + ", " + nc + " columns");
            assertEquals(SENTINEL, z[zo + limbs], "seed=" + SEED + " written above the output");
        }
        assertTrue(rippled > 0, "seed=" + SEED + ": no case carried past a digit");
        System.out.println("DigitConvolutionTest: " + rippled + " of 300 column sets carried past a digit");
    }
}
