package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link ConvolutionPlan#usefulThreads}: small products run on one thread whatever the thread
 * count asked for (the rule at its boundary), and products on 16 threads on both sides of it
 * equal the schoolbook product (Z[x], Z/pZ[x] with p near 2^62 and near 2^64) and BigInteger's
 * (integers), on random inputs. A fresh seed
 * per run, printed; {@code -Dmodalg.test.seed=...} repeats a run.
 */
class UsefulThreadsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("UsefulThreadsTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    @Test
    void smallProductsTakeOneThread() {
        long limit = 1L << org.modalg.polynomial.Tuning.parallelMinLog2Work();
        int log2 = org.modalg.polynomial.Tuning.parallelMinLog2Work();
        assertEquals(1, ConvolutionPlan.usefulThreads(3, log2 - 2, 16), "3 primes of a quarter of the limit");
        assertEquals(16, ConvolutionPlan.usefulThreads(3, log2 - 1, 16), "3 primes of half the limit");
        assertEquals(1, ConvolutionPlan.usefulThreads(1, 63 - Long.numberOfLeadingZeros(limit) - 1, 16), "below");
        assertEquals(16, ConvolutionPlan.usefulThreads(1, 63 - Long.numberOfLeadingZeros(limit), 16), "at the limit");
        assertEquals(16, ConvolutionPlan.usefulThreads(6, 12, 16), "6 primes of 2^12");
        assertEquals(1, ConvolutionPlan.usefulThreads(40, 20, 1), "one thread stays one");
        assertEquals(7, ConvolutionPlan.usefulThreads(40, 20, 7));
    }

    @Test
    void productsOnSixteenThreadsAroundTheLimitAreExact() {
        Random rnd = new Random(SEED);
        Options sixteen = Options.defaults().withThreads(16).withBackend(Backend.CPU);
        for (int it = 0; it < 8; it++) {
            int len = 200 + rnd.nextInt(it < 4 ? 1200 : 5000); // transforms of 2^9 .. 2^14 points
            int bits = rnd.nextBoolean() ? 64 : 1 + rnd.nextInt(300);
            BigInteger[] a = new BigInteger[len];
            BigInteger[] b = new BigInteger[len - rnd.nextInt(len / 2)];
            for (int i = 0; i < a.length; i++) {
                a[i] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
            }
            for (int i = 0; i < b.length; i++) {
                b[i] = new BigInteger(bits, rnd).subtract(BigInteger.ONE.shiftLeft(bits - 1));
            }
            BigInteger[] want = ConvolutionPlanTest.schoolbook(a, b);
            BigInteger[] got = ZZPoly.of(a).multiply(ZZPoly.of(b), sixteen).coefficients();
            BigInteger[] padded = java.util.Arrays.copyOf(got, want.length);
            for (int i = got.length; i < want.length; i++) {
                padded[i] = BigInteger.ZERO;
            }
            assertArrayEquals(want, padded, "seed " + SEED + ": Z[x] " + a.length + " x " + b.length + ", " + bits + " bits");
            int ibits = 20_000 + rnd.nextInt(400_000);
            BigInteger x = new BigInteger(ibits, rnd);
            BigInteger y = new BigInteger(ibits - rnd.nextInt(1000), rnd).negate();
            assertEquals(x.multiply(y), IntegerMultiplication.multiply(x, y, sixteen), "seed " + SEED + ": " + ibits + " bits");
            long p = it % 2 == 0 ? BigInteger.ONE.shiftLeft(62).nextProbablePrime().longValue() : -59L; // 2^64 - 59
            // transforms of 2^11 .. 2^13 points (one thread below 2^14 points x primes); a short
            // second factor keeps the BigInteger oracle quick
            long[] f = org.modalg.polynomial.PolyOracles.randomResidues(rnd, 800 + rnd.nextInt(4500), p);
            long[] g = org.modalg.polynomial.PolyOracles.randomResidues(rnd, 200 + rnd.nextInt(150), p);
            // nonzero leading coefficients (p prime): the product is not trimmed
            f[f.length - 1] = f[f.length - 1] == 0 ? 1 : f[f.length - 1];
            g[g.length - 1] = g[g.length - 1] == 0 ? 1 : g[g.length - 1];
            assertArrayEquals(org.modalg.polynomial.PolyOracles.mulModUnsigned(p, f, g),
                    org.modalg.polynomial.zp.ZpPoly.multiplyFullWord(p, f, g, sixteen),
                    "seed " + SEED + ": Z/pZ[x] " + f.length + " x " + g.length + ", p = " + Long.toUnsignedString(p));
        }
    }
}
