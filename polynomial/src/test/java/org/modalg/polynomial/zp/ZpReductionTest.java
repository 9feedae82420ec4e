package org.modalg.polynomial.zp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.DoubleCrt;

/**
 * The reduction mod p of three primes' Garner digits ({@link DoubleNttPolyMulZp#reduceEstimated}):
 * normalized digits against the value v_0 + q_0 v_1 + q_0 q_1 v_2 reduced mod p in BigInteger
 * arithmetic and against the Shoup loop it replaces, signed digits of values below M / 4 against
 * BigInteger, at the ends of its range of p, on random and extreme digits and values; whole
 * products with each reduction against each other and the schoolbook product.
 * Random inputs every run; the seed is printed ({@code -Dmodalg.test.seed} replays it).
 */
class ZpReductionTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    @BeforeAll
    static void printSeed() {
        System.out.println("ZpReductionTest seed=" + SEED + " (-Dmodalg.test.seed=" + SEED + " replays)");
    }

    private static long prevPrime(BigInteger x) {
        BigInteger p = x;
        while (!p.isProbablePrime(40)) {
            p = p.subtract(BigInteger.ONE);
        }
        return p.longValue();
    }

    /** Moduli in the estimate's range (2^55, floor((2^64 - 1) / 3)], its ends and composites among them. */
    private static long[] inRange() {
        BigInteger limit = TWO_64.subtract(BigInteger.ONE).divide(BigInteger.valueOf(3));
        return new long[] {
            (1L << 55) + 1,                                          // the smallest p taken (odd composite)
            BigInteger.ONE.shiftLeft(55).nextProbablePrime().longValue(),
            (1L << 61) - 1,
            4611686018427387847L,                                    // 2^62 - 57
            4611686018427388039L,                                    // nextprime(2^62), FLINT's nmod row
            prevPrime(limit),
            limit.longValue(),                                       // the largest p taken (composite)
        };
    }

    @Test
    void rangeOfTheEstimate() {
        for (long p : inRange()) {
            assertTrue(DoubleNttPolyMulZp.modulus(p).estimated, "p=" + Long.toUnsignedString(p));
        }
        long limit = TWO_64.subtract(BigInteger.ONE).divide(BigInteger.valueOf(3)).longValue();
        for (long p : new long[] {1L << 55, (1L << 55) - 1, 1125899906842597L, limit + 1, Long.MIN_VALUE, -59L}) {
            assertFalse(DoubleNttPolyMulZp.modulus(p).estimated, "p=" + Long.toUnsignedString(p));
        }
    }

    // Digit v in [0, q): 0, 1, q - 1, q - 2 or uniform.
    private static double digit(Random rnd, long q) {
        switch (rnd.nextInt(6)) {
            case 0:
                return 0;
            case 1:
                return 1;
            case 2:
                return q - 1;
            case 3:
                return q - 2;
            default:
                return Math.floorMod(rnd.nextLong(), q);
        }
    }

    @Test
    void rowsOfDigitsAgainstBigIntegerAndShoup() {
        Random rnd = new Random(SEED);
        DoubleCrt crt = ConvolutionPlan.first(3);
        long q0 = crt.prime(0);
        long q1 = crt.prime(1);
        long q2 = crt.prime(2);
        int cols = 512;
        for (long p : inRange()) {
            DoubleNttPolyMulZp.Modulus mod = DoubleNttPolyMulZp.modulus(p);
            BigInteger pb = PolyOracles.unsigned(p);
            for (int round = 0; round < 4 * MULTIPLIER; round++) {
                double[][][] res = new double[3][1][cols];
                for (int c = 0; c < cols; c++) {
                    res[0][0][c] = digit(rnd, q0);
                    res[1][0][c] = digit(rnd, q1);
                    res[2][0][c] = digit(rnd, q2);
                }
                res[0][0][0] = q0 - 1; // the largest value M - 1
                res[1][0][0] = q1 - 1;
                res[2][0][0] = q2 - 1;
                int end = cols - rnd.nextInt(3);
                long[] got = new long[cols + 2];
                long[] shoup = new long[cols + 2];
                got[end + 1] = 12345;
                DoubleNttPolyMulZp.reduceEstimated(mod, res, 0, end, got, 1);
                if (Long.compareUnsigned(p, Long.MIN_VALUE) < 0) {
                    DoubleNttPolyMulZp.reduceShoup(mod, 3, res, 0, end, shoup, 1);
                }
                for (int c = 0; c < end; c++) {
                    BigInteger v = BigInteger.valueOf((long) res[2][0][c]).multiply(BigInteger.valueOf(q1))
                            .add(BigInteger.valueOf((long) res[1][0][c])).multiply(BigInteger.valueOf(q0))
                            .add(BigInteger.valueOf((long) res[0][0][c]));
                    String where = "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " col=" + c;
                    assertEquals(v.mod(pb), PolyOracles.unsigned(got[c + 1]), where);
                    assertEquals(shoup[c + 1], got[c + 1], where);
                }
                assertEquals(0, got[0], "seed=" + SEED + " wrote before its offset");
                assertEquals(12345, got[end + 1], "seed=" + SEED + " wrote past end");
            }
        }
    }

    @Test
    void signedDigitsOfValuesBelowAQuarterOfM() {
        Random rnd = new Random(SEED + 2);
        DoubleCrt crt = ConvolutionPlan.first(3);
        BigInteger[] q = new BigInteger[3];
        BigInteger m = BigInteger.ONE;
        for (int j = 0; j < 3; j++) {
            q[j] = BigInteger.valueOf(crt.prime(j));
            m = m.multiply(q[j]);
        }
        BigInteger quarter = m.shiftRight(2);
        int cols = 256;
        for (long p : inRange()) {
            DoubleNttPolyMulZp.Modulus mod = DoubleNttPolyMulZp.modulus(p);
            for (int round = 0; round < 4 * MULTIPLIER; round++) {
                BigInteger[] x = new BigInteger[cols];
                double[][][] res = new double[3][1][cols];
                for (int c = 0; c < cols; c++) {
                    int kind = rnd.nextInt(5);
                    BigInteger v = kind == 0 ? BigInteger.valueOf(c) // 0 and small values
                            : kind == 1 ? quarter.subtract(BigInteger.valueOf(1 + c)) // up to M / 4 - 1
                            : new BigInteger(quarter.bitLength() + 2, rnd).mod(quarter);
                    x[c] = v;
                    for (int j = 0; j < 3; j++) { // residues as the transforms leave them: in [0, q_j)
                        res[j][0][c] = v.mod(q[j]).longValue();
                    }
                }
                crt.digits(res, 0, 1); // signed digits, not normalized
                long[] got = new long[cols];
                DoubleNttPolyMulZp.reduceEstimated(mod, res, 0, cols, got, 0);
                for (int c = 0; c < cols; c++) {
                    assertEquals(x[c].mod(PolyOracles.unsigned(p)), PolyOracles.unsigned(got[c]),
                            "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " x=" + x[c]);
                }
            }
        }
    }

    // The product with the reduction switched to value (estimatedQuotient: 2 signed digits, 1 normalized, 0 Shoup).
    private static long[] product(long p, long[] a, long[] b, int value) {
        int before = DoubleNttPolyMulZp.estimatedQuotient;
        DoubleNttPolyMulZp.estimatedQuotient = value;
        try {
            long[] c = new long[a.length + b.length - 1];
            DoubleNttPolyMulZp.mul(p, a, 0, a.length, b, 0, b.length, c, 0, 1);
            return c;
        } finally {
            DoubleNttPolyMulZp.estimatedQuotient = before;
        }
    }

    @Test
    void productsOnAndOffAgainstSchoolbook() {
        Random rnd = new Random(SEED + 1);
        for (long p : inRange()) {
            for (int[] lens : new int[][] {{1, 1}, {1, 300}, {200, 200}, {333, 129}, {700, 700}}) {
                long[] a = PolyOracles.randomResidues(rnd, lens[0], p);
                long[] b = PolyOracles.randomResidues(rnd, lens[1], p);
                String where = "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " " + lens[0] + "x" + lens[1];
                assertEquals(3, DoubleNttPolyMulZp.modulus(p).primesFor(Math.min(lens[0], lens[1])).size(), where);
                long[] on = product(p, a, b, 2);
                assertArrayEquals(PolyOracles.mulModUnsigned(p, a, b), on, where);
                assertArrayEquals(product(p, a, b, 1), on, where);
                assertArrayEquals(product(p, a, b, 0), on, where);
            }
            // all entries p - 1: the largest coefficients, m (p - 1)^2
            int m = 1 << (8 + rnd.nextInt(3));
            long[] a = new long[m];
            java.util.Arrays.fill(a, p - 1);
            long[] on = product(p, a, a, 2);
            assertArrayEquals(product(p, a, a, 0), on, "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " maximal " + m);
            BigInteger pb = PolyOracles.unsigned(p);
            BigInteger sq = PolyOracles.unsigned(p - 1).multiply(PolyOracles.unsigned(p - 1));
            for (int k = 0; k < on.length; k++) { // c_k = min(k + 1, 2m - 1 - k) (p - 1)^2
                long count = Math.min(k + 1, 2L * m - 1 - k);
                assertEquals(sq.multiply(BigInteger.valueOf(count)).mod(pb), PolyOracles.unsigned(on[k]),
                        "seed=" + SEED + " p=" + Long.toUnsignedString(p) + " maximal " + m + " k=" + k);
            }
        }
    }
}
