package org.modalg.polynomial.zp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.convolution.ConvolutionPlan;

/**
 * Products mod p in the pipeline's split layout HALF ({@link DoubleNttPolyMulZp#layout}: products
 * of L &lt; n &lt;= 1.5 L coefficients, L a power of two), with its length cut-off lowered so that
 * short products take it: against the schoolbook product in BigInteger
 * arithmetic and against the cyclic convolution of twice the length (the layouts switched off),
 * for one to four primes, squares and unbalanced operands. Random inputs every run; the seed is
 * printed ({@code -Dmodalg.test.seed} replays it).
 */
class ZpSplitLayoutTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);

    /** One prime (small p), two (2^40 + 15), three (2^62 + 135, 2^64 - 59 with short operands), composites. */
    private static final long[] MODULI = {
        2, 3, 65537, (1L << 40) + 15, 4611686018427388039L, Long.parseUnsignedLong("18446744073709551557"),
        -1L, 1L << 62,
    };

    @BeforeAll
    static void printSeed() {
        System.out.println("ZpSplitLayoutTest seed=" + SEED + " (-Dmodalg.test.seed=" + SEED + " replays)");
    }

    // a b (b == a: the square) with the split layouts switched to value, on threads threads
    private static long[] product(long p, long[] a, long[] b, int value, int threads) {
        int before = DoubleNttPolyMulZp.splitLayouts;
        DoubleNttPolyMulZp.splitLayouts = value;
        try {
            long[] c = new long[a.length + b.length - 1];
            Arrays.fill(c, 7 % p);
            DoubleNttPolyMulZp.mul(p, a, 0, a.length, b, 0, b.length, c, 0, threads);
            return c;
        } finally {
            DoubleNttPolyMulZp.splitLayouts = before;
        }
    }

    private static void withCutOff(String half, Runnable body) {
        String before = System.getProperty("modalg.poly.zpHalfLayoutLog2n");
        System.setProperty("modalg.poly.zpHalfLayoutLog2n", half);
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty("modalg.poly.zpHalfLayoutLog2n");
            } else {
                System.setProperty("modalg.poly.zpHalfLayoutLog2n", before);
            }
        }
    }

    @Test
    void layoutsByLengthAndCutOff() {
        withCutOff("10", () -> {
            int log2n = 11; // L = 2^10
            assertEquals(ConvolutionPlan.HALF, DoubleNttPolyMulZp.layout(1025, log2n));
            assertEquals(ConvolutionPlan.HALF, DoubleNttPolyMulZp.layout(1536, log2n));
            assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout(1537, log2n));
            assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout(700, 10)); // L = 2^9: below
            int before = DoubleNttPolyMulZp.splitLayouts;
            DoubleNttPolyMulZp.splitLayouts = 0;
            try {
                assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout(1025, log2n));
            } finally {
                DoubleNttPolyMulZp.splitLayouts = before;
            }
            assertEquals(ConvolutionPlan.HALF, DoubleNttPolyMulZp.layout((1L << 19) * 3 / 2, 20));
            assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout((1L << 19) * 7 / 4, 20));
        });
    }

    @Test
    void splitAgainstSchoolbookAndCyclic() {
        Random rnd = new Random(SEED);
        withCutOff("3", () -> {
            for (long p : MODULI) {
                for (int round = 0; round < 6 * MULTIPLIER; round++) {
                    int h = 3 + rnd.nextInt(6); // L = 8 .. 256
                    int l = 1 << h;
                    int n = l + 1 + rnd.nextInt(l / 2); // (L, 1.5 L]
                    if (round == 0) {
                        n = l + l / 2; // the ends
                    } else if (round == 1) {
                        n = l + 1;
                    }
                    int log2n = h + 1;
                    int layout = DoubleNttPolyMulZp.layout(n, log2n);
                    String where = "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " n=" + n;
                    assertEquals(ConvolutionPlan.HALF, layout, where);
                    int threads = 1 + rnd.nextInt(2);
                    long[] a;
                    long[] b;
                    switch (round % 3) {
                        case 0: // a square
                            a = PolyOracles.randomResidues(rnd, (n + 1) / 2, p);
                            b = a;
                            n = 2 * a.length - 1;
                            break;
                        case 1: // unbalanced: the longer operand beyond L
                            int la = Math.min(n, l + 1 + rnd.nextInt(Math.max(1, n - l)));
                            a = PolyOracles.randomResidues(rnd, la, p);
                            b = PolyOracles.randomResidues(rnd, n + 1 - la, p);
                            break;
                        default:
                            int lb = 1 + rnd.nextInt(n);
                            a = PolyOracles.randomResidues(rnd, n + 1 - lb, p);
                            b = PolyOracles.randomResidues(rnd, lb, p);
                            break;
                    }
                    where += " " + a.length + "x" + b.length + (a == b ? " square" : "") + " threads=" + threads;
                    long[] split = product(p, a, b, 1, threads);
                    assertArrayEquals(PolyOracles.mulModUnsigned(p, a, b), split, where);
                    assertArrayEquals(product(p, a, b, 0, threads), split, where);
                }
            }
        });
    }

    @Test
    void longSplitProductAgainstCyclic() {
        Random rnd = new Random(SEED + 2);
        long p = 4611686018427388039L;
        int len = (int) (0.7 * (1 << 12));
        long[] a = PolyOracles.randomResidues(rnd, len, p);
        long[] b = PolyOracles.randomResidues(rnd, len + 3, p);
        assertEquals(ConvolutionPlan.HALF, DoubleNttPolyMulZp.layout(2L * len + 2, 13));
        assertArrayEquals(product(p, a, b, 0, 1), product(p, a, b, 1, 1), "seed=" + SEED);
        assertArrayEquals(product(p, a, a, 0, 2), product(p, a, a, 1, 2), "seed=" + SEED + " square");
    }
}
