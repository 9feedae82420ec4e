package org.modalg.polynomial.zp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.convolution.ConvolutionPlan;

/**
 * Products mod p in the pipeline's split layouts ({@link DoubleNttPolyMulZp#layout}: HALF and
 * THREE_QUARTERS for products just above a power of two), with the layouts' length cut-offs
 * lowered so that short products take them: against the schoolbook product in BigInteger
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

    private static BigInteger u(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    private static long[] random(Random rnd, int len, long p) {
        long[] a = new long[len];
        for (int i = 0; i < len; i++) {
            int k = rnd.nextInt(6);
            a[i] = k == 0 ? 0 : k == 1 ? p - 1 : Long.remainderUnsigned(rnd.nextLong(), p);
        }
        return a;
    }

    private static long[] schoolbook(long p, long[] a, long[] b) {
        BigInteger pb = u(p);
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(u(a[i]).multiply(u(b[j])));
            }
        }
        long[] out = new long[c.length];
        for (int i = 0; i < c.length; i++) {
            out[i] = c[i].mod(pb).longValue();
        }
        return out;
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

    private static void withCutOffs(String half, String threeQuarters, Runnable body) {
        String h = System.getProperty("modalg.poly.zpHalfLayoutLog2n");
        String t = System.getProperty("modalg.poly.zpThreeQuartersLog2n");
        System.setProperty("modalg.poly.zpHalfLayoutLog2n", half);
        System.setProperty("modalg.poly.zpThreeQuartersLog2n", threeQuarters);
        try {
            body.run();
        } finally {
            restore("modalg.poly.zpHalfLayoutLog2n", h);
            restore("modalg.poly.zpThreeQuartersLog2n", t);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    @Test
    void layoutsByLengthAndCutOff() {
        withCutOffs("10", "19", () -> {
            int log2n = 11; // L = 2^10
            assertEquals(ConvolutionPlan.HALF, DoubleNttPolyMulZp.layout(1025, log2n));
            assertEquals(ConvolutionPlan.HALF, DoubleNttPolyMulZp.layout(1536, log2n));
            assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout(1537, log2n)); // 3/4 from 2^19
            assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout(700, 10)); // L = 2^9: below
            int before = DoubleNttPolyMulZp.splitLayouts;
            DoubleNttPolyMulZp.splitLayouts = 0;
            try {
                assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout(1025, log2n));
            } finally {
                DoubleNttPolyMulZp.splitLayouts = before;
            }
            assertEquals(ConvolutionPlan.THREE_QUARTERS, DoubleNttPolyMulZp.layout((1L << 19) * 7 / 4, 20));
            assertEquals(ConvolutionPlan.CYCLIC, DoubleNttPolyMulZp.layout((1L << 19) * 7 / 4 + 1, 20));
        });
    }

    @Test
    void splitAgainstSchoolbookAndCyclic() {
        Random rnd = new Random(SEED);
        withCutOffs("3", "4", () -> {
            for (long p : MODULI) {
                for (int round = 0; round < 6 * MULTIPLIER; round++) {
                    int h = 4 + rnd.nextInt(5); // L = 16 .. 256
                    int l = 1 << h;
                    int n = l + 1 + rnd.nextInt(3 * l / 4); // (L, 1.75 L]
                    if (round == 0) {
                        n = l + l / 2; // the ends of HALF and THREE_QUARTERS
                    } else if (round == 1) {
                        n = l + l / 2 + l / 4;
                    } else if (round == 2) {
                        n = l + 1;
                    }
                    int log2n = h + 1;
                    int layout = DoubleNttPolyMulZp.layout(n, log2n);
                    String where = "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " n=" + n;
                    assertEquals(n <= l + l / 2 ? ConvolutionPlan.HALF : ConvolutionPlan.THREE_QUARTERS, layout, where);
                    int threads = 1 + rnd.nextInt(2);
                    long[] a;
                    long[] b;
                    switch (round % 3) {
                        case 0: // a square
                            a = random(rnd, (n + 1) / 2, p);
                            b = a;
                            n = 2 * a.length - 1;
                            break;
                        case 1: // unbalanced: the longer operand beyond L
                            int la = Math.min(n, l + 1 + rnd.nextInt(Math.max(1, n - l)));
                            a = random(rnd, la, p);
                            b = random(rnd, n + 1 - la, p);
                            break;
                        default:
                            int lb = 1 + rnd.nextInt(n);
                            a = random(rnd, n + 1 - lb, p);
                            b = random(rnd, lb, p);
                            break;
                    }
                    where += " " + a.length + "x" + b.length + (a == b ? " square" : "") + " threads=" + threads;
                    long[] split = product(p, a, b, 1, threads);
                    assertArrayEquals(schoolbook(p, a, b), split, where);
                    assertArrayEquals(product(p, a, b, 0, threads), split, where);
                }
            }
        });
    }

    @Test
    void longSplitProductAgainstCyclic() {
        Random rnd = new Random(SEED + 2);
        long p = 4611686018427388039L;
        for (double f : new double[] {0.7, 0.85}) { // HALF at the default cut-off, THREE_QUARTERS lowered to 2^12
            withCutOffs("10", "12", () -> {
                int len = (int) (f * (1 << 12));
                long[] a = random(rnd, len, p);
                long[] b = random(rnd, len + 3, p);
                assertEquals(f < 0.75 ? ConvolutionPlan.HALF : ConvolutionPlan.THREE_QUARTERS,
                        DoubleNttPolyMulZp.layout(2L * len + 2, 13));
                assertArrayEquals(product(p, a, b, 0, 1), product(p, a, b, 1, 1), "seed=" + SEED + " f=" + f);
            });
        }
    }
}
