package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.integer.LimbMultiplication.Basecase;

/**
 * {@link LimbMultiplication} against {@link BigInteger#multiply}: every length around the
 * Karatsuba cut-offs (product and square, +-1 limb and two levels down), random balanced and
 * unbalanced lengths (up to 1:100), operands with zero limbs, all-ones limbs (the longest carry
 * chains), powers of two, and every basecase this JVM has (the digit convolution in SIMD doubles
 * when the Vector API module is present, BigInteger's intrinsic one, the plain-Java one; a
 * missing one is named on stdout). A fresh seed per run, printed; {@code -Dmodalg.test.seed=...}
 * repeats a run.
 */
class LimbMultiplicationTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    /** The fast basecases this JVM runs (the plain one has its own test). */
    private static final List<Basecase> FAST = new ArrayList<>();

    static {
        System.out.println("LimbMultiplicationTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        if (DigitConvolution.available()) {
            FAST.add(Basecase.DIGITS);
        } else {
            System.out.println("LimbMultiplicationTest: digit-convolution basecase not tested here: it is off in "
                    + "this JVM (no --add-modules jdk.incubator.vector, vectors of fewer than 4 doubles, or "
                    + "modalg.poly.vector=off)");
        }
        if (LimbMultiplication.fast()) {
            FAST.add(Basecase.INTRINSIC);
        } else {
            System.out.println("LimbMultiplicationTest: intrinsic basecase not tested here: java.math is not "
                    + "opened to modalg");
        }
        if (FAST.isEmpty()) {
            FAST.add(Basecase.PLAIN);
        }
    }

    private static long[] random(Random rnd, int n, int kind) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            switch (kind) {
                case 0 -> x[i] = rnd.nextLong();
                case 1 -> x[i] = -1L;                                      // all ones
                case 2 -> x[i] = rnd.nextInt(4) == 0 ? 0 : rnd.nextLong(); // zero limbs
                case 3 -> x[i] = rnd.nextBoolean() ? -1L : 0;              // runs of ones and zeros
                default -> x[i] = i == n - 1 ? 1L << rnd.nextInt(64) : 0;  // a power of two
            }
        }
        if (kind != 4 && rnd.nextInt(3) == 0) {
            x[n - 1] = rnd.nextInt(3) == 0 ? 0 : 1L << rnd.nextInt(64); // short or zero top limb
        }
        return x;
    }

    private static void check(long[] a, long[] b, boolean plain, String what) {
        if (plain) {
            check(a, b, Basecase.PLAIN, what);
        } else {
            for (Basecase basecase : FAST) {
                check(a, b, basecase, what);
            }
        }
    }

    private static void check(long[] a, long[] b, Basecase basecase, String what) {
        BigInteger expected = Limbs.toBigInteger(a).multiply(Limbs.toBigInteger(b));
        long[] got = LimbMultiplication.multiply(a, a.length, b, b.length, basecase);
        assertEquals(a.length + b.length, got.length);
        BigInteger g = Limbs.toBigInteger(got);
        if (!expected.equals(g)) {
            throw new AssertionError("seed=" + SEED + " " + what + ": " + a.length + " x " + b.length + " limbs"
                    + (a == b ? " (square)" : "") + ", basecase " + basecase
                    + ": wrong product, differs from bit " + expected.xor(g).getLowestSetBit());
        }
    }

    @Test
    void everyLengthAroundTheCutOffs() {
        Random rnd = new Random(SEED);
        int k = LimbMultiplication.KARATSUBA_LIMBS;
        int ks = LimbMultiplication.KARATSUBA_SQUARE_LIMBS;
        int kd = LimbMultiplication.DIGIT_KARATSUBA_LIMBS;
        int dm = LimbMultiplication.DIGIT_MIN_LIMBS;
        int[] centres = {k, 2 * k - 2, 2 * k, 4 * k, ks, 2 * ks - 2, 2 * ks, 4 * ks, kd, 2 * kd - 2, 2 * kd, dm};
        for (int c : centres) {
            for (int n = Math.max(1, c - 2); n <= c + 2; n++) {
                for (int kind = 0; kind < 5; kind++) {
                    long[] a = random(rnd, n, kind);
                    for (int m : new int[] {n - 1, n, n + 1, (n + 1) / 2, (n + 1) / 2 + 1, n / 2}) {
                        if (m < 1) {
                            continue;
                        }
                        long[] b = random(rnd, m, rnd.nextInt(5));
                        check(a, b, false, "cut-off " + c);
                        check(b, a, false, "cut-off " + c + " swapped");
                    }
                    check(a, a, false, "square, cut-off " + c);
                    check(a, a.clone(), false, "equal operands, cut-off " + c);
                }
            }
        }
    }

    @Test
    void randomBalancedAndUnbalanced() {
        Random rnd = new Random(SEED + 1);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + (int) Math.exp(rnd.nextDouble() * Math.log(1500));
            int m = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(Math.max(1, n / 20)) : Math.max(1, n - rnd.nextInt(n));
            long[] a = random(rnd, n, rnd.nextInt(4));
            long[] b = random(rnd, m, rnd.nextInt(4));
            check(a, b, false, "random");
            if (trial % 3 == 0) {
                check(a, a, false, "random square");
            }
        }
        // very unbalanced: 1 : 100 and more
        for (int m : new int[] {1, 2, 27, 28, 29, 57, 100}) {
            long[] a = random(rnd, 100 * m + rnd.nextInt(m), 0);
            long[] b = random(rnd, m, 0);
            check(a, b, false, "unbalanced");
            check(b, a, false, "unbalanced, swapped");
        }
    }

    @Test
    void plainBasecase() {
        Random rnd = new Random(SEED + 2);
        for (int trial = 0; trial < 120; trial++) {
            int n = 1 + rnd.nextInt(200);
            int m = 1 + rnd.nextInt(n);
            long[] a = random(rnd, n, rnd.nextInt(5));
            long[] b = random(rnd, m, rnd.nextInt(5));
            check(a, b, true, "plain");
            check(a, a, true, "plain square");
        }
        long[] ones = random(rnd, 90, 1);
        check(ones, ones, true, "plain all-ones square");
        check(ones, ones.clone(), true, "plain all-ones");
    }

    @Test
    void edgeValues() {
        long[] zero = new long[5];
        long[] one = {1};
        long[] ones = new long[300];
        java.util.Arrays.fill(ones, -1L);
        long[] pow = new long[300];
        pow[299] = Long.MIN_VALUE;
        for (boolean plain : new boolean[] {false, true}) {
            check(zero, ones, plain, "zero");
            check(ones, zero, plain, "zero");
            check(one, ones, plain, "one");
            check(ones, one, plain, "one");
            check(ones, ones, plain, "all ones squared");
            check(ones, ones.clone(), plain, "all ones");
            check(pow, ones, plain, "power of two");
            check(pow, pow, plain, "power of two squared");
        }
        // (2^(64n) - 1)^2 = 2^(128n) - 2^(64n + 1) + 1: the top limb all ones but one bit
        long[] sq = LimbMultiplication.multiply(ones, ones.length, ones, ones.length);
        assertEquals(1L, sq[0]);
        assertEquals(-2L, sq[300]);
        assertTrue(sq[599] == -1L);
    }

    @Test
    void badArguments() {
        long[] a = {1, 2};
        assertThrows(IllegalArgumentException.class, () -> LimbMultiplication.multiply(a, 0, a, 1));
        assertThrows(IllegalArgumentException.class, () -> LimbMultiplication.multiply(a, 3, a, 1));
        assertThrows(IllegalArgumentException.class, () -> LimbMultiplication.multiply(null, 1, a, 1));
    }

    @Test
    void bigIntegers() {
        Random rnd = new Random(SEED + 3);
        for (int trial = 0; trial < 100; trial++) {
            BigInteger a = new BigInteger(1 + rnd.nextInt(40_000), rnd);
            BigInteger b = new BigInteger(1 + rnd.nextInt(40_000), rnd);
            if (rnd.nextBoolean()) {
                a = a.negate();
            }
            if (rnd.nextBoolean()) {
                b = b.negate();
            }
            assertTrue(a.multiply(b).equals(LimbMultiplication.multiply(a, b)), "seed=" + SEED);
            assertTrue(a.multiply(a).equals(LimbMultiplication.multiply(a, a)), "seed=" + SEED);
        }
        assertEquals(BigInteger.ZERO, LimbMultiplication.multiply(BigInteger.ZERO, BigInteger.TEN));
        BigInteger m = BigInteger.ONE.shiftLeft(64 * 50).negate(); // -2^k: bitLength one short of |x|
        assertEquals(m.multiply(m), LimbMultiplication.multiply(m, m));
        assertEquals(m.multiply(BigInteger.TWO.pow(3000).subtract(BigInteger.ONE)),
                LimbMultiplication.multiply(m, BigInteger.TWO.pow(3000).subtract(BigInteger.ONE)));
    }
}
