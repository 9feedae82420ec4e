package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The recombination's packing of signed Garner digits ({@link ConvolutionPlan#pack}: the
 * straight-line three-prime code, the word-by-word Horner evaluation and {@link DigitPacking})
 * against the sum v_0 + p_0 (v_1 + p_1 (...)) evaluated in BigInteger, on random digits every
 * run and on the edge digits (all at +-(p_j/2), alternating, zero, one nonzero digit), for
 * prime counts around the routes' switch and {@link DigitPacking}'s carry passes (every 14
 * primes) and pairs of primes (odd and even counts), at its limit of 512 primes and past it,
 * output windows that start and end inside a row; {@link DigitPacking} against the Horner
 * evaluation word for word on wide rows of up to 316 primes; the balanced radix products
 * against BigInteger; the projection's residues ({@link ConvolutionPlan#residues}) against
 * BigInteger remainders.
 */
class DigitPackingTest {
    private static final long SEED = Long.getLong("modalg.test.packSeed", System.nanoTime());

    @BeforeAll
    static void seed() {
        System.out.println("DigitPackingTest seed=" + SEED + " (-Dmodalg.test.packSeed=S to replay)");
    }

    @AfterEach
    void restore() {
        System.clearProperty("modalg.poly.digitPackingPrimes");
    }

    // check's routes: the Horner evaluation, DigitPacking
    private static final String[] ROUTES = {", Horner", ", digit packing"};

    private static String where(String label) {
        return "DigitPackingTest seed=" + SEED + ": " + label;
    }

    // digit kinds: 0 random, 1 all +p/2 (floor), 2 all -p/2, 3 alternating, 4 zero, 5 one nonzero digit
    private static double[][][] digits(DoubleCrt crt, int rows, int cols, int kind, Random rnd) {
        int s = crt.size();
        double[][][] res = new double[s][rows][cols];
        int only = rnd.nextInt(s);
        for (int j = 0; j < s; j++) {
            long p = crt.prime(j);
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    long v = switch (kind) {
                        case 0 -> Math.floorMod(rnd.nextLong(), p) - p / 2;
                        case 1 -> p / 2;
                        case 2 -> -(p / 2);
                        case 3 -> ((j + c) & 1) == 0 ? p / 2 : -(p / 2);
                        case 4 -> 0;
                        default -> j == only ? (rnd.nextBoolean() ? 1 : -1) * (1 + rnd.nextInt(1000)) : 0;
                    };
                    res[j][r][c] = v;
                }
            }
        }
        return res;
    }

    private static BigInteger oracle(DoubleCrt crt, double[][][] res, int r, int c) {
        BigInteger v = BigInteger.ZERO;
        for (int j = crt.size() - 1; j >= 0; j--) {
            v = v.multiply(BigInteger.valueOf(crt.prime(j))).add(BigInteger.valueOf((long) res[j][r][c]));
        }
        return v;
    }

    private static void check(int s, int kind, int route, Random rnd) {
        check(s, kind, route, rnd, 7);
    }

    // cols a power of two from 4 to 2^(1 + maxLogCols)
    private static void check(int s, int kind, int route, Random rnd, int maxLogCols) {
        DoubleCrt crt = ConvolutionPlan.first(s);
        int cols = 1 << (2 + rnd.nextInt(maxLogCols));
        int rows = 1 + rnd.nextInt(4);
        int n = rows * cols;
        int lo = rnd.nextInt(Math.max(1, n / 3));
        int hi = n - rnd.nextInt(Math.max(1, (n - lo) / 3));
        BigInteger m = BigInteger.ONE;
        for (int j = 0; j < s; j++) {
            m = m.multiply(BigInteger.valueOf(crt.prime(j)));
        }
        int limbs = (m.bitLength() + 63) / 64;
        double[][][] res = digits(crt, rows, cols, kind, rnd);
        long[][] mag = PackedCoefficients.magnitudes(hi - lo, limbs);
        byte[][] sign = PackedCoefficients.signs(hi - lo);
        int rowFrom = lo / cols;
        int rowTo = (hi + cols - 1) / cols;
        int[] maxBits = new int[rowTo - rowFrom];
        System.setProperty("modalg.poly.digitPackingPrimes", route == 0 ? "1000000" : "1");
        ConvolutionPlan.pack(crt, res, rowFrom, rowTo, lo, hi, limbs, mag, sign, maxBits, rowFrom);
        PackedCoefficients packed = new PackedCoefficients(hi - lo, limbs, mag, sign, 0);
        int[] expectBits = new int[rowTo - rowFrom];
        for (int i = lo; i < hi; i++) {
            int r = i / cols;
            BigInteger want = oracle(crt, res, r, i % cols);
            String label = s + " primes, kind " + kind + ROUTES[route]
                    + ", coefficient " + i + " of window [" + lo + ", " + hi + "), " + cols + " columns";
            assertEquals(want, packed.get(i - lo), where(label));
            expectBits[r - rowFrom] = Math.max(expectBits[r - rowFrom], want.abs().bitLength());
        }
        assertArrayEquals(expectBits, maxBits, where("row bit lengths, " + s + " primes, kind " + kind
                + ROUTES[route]));
    }

    @Test
    void packingMatchesTheBigIntegerSum() {
        Random rnd = new Random(SEED);
        // 14, 15, 28, 29: DigitPacking's carry passes every 14 primes
        for (int s : new int[] {1, 2, 3, 4, 5, 6, 14, 15, 16, 17, 28, 29, 41, 85, 86, 200}) {
            for (int kind = 0; kind < 6; kind++) {
                for (int route = 0; route < 2; route++) {
                    check(s, kind, route, rnd);
                }
            }
        }
        for (int t = 0; t < 20; t++) { // random prime counts
            check(1 + rnd.nextInt(120), rnd.nextInt(6), rnd.nextInt(2), rnd);
        }
    }

    @Test
    void digitPackingMatchesHornerWordForWord() {
        Random rnd = new Random(SEED + 3);
        for (int t = 0; t < 12; t++) {
            int s = 16 + rnd.nextInt(t < 6 ? 60 : 300);
            DoubleCrt crt = ConvolutionPlan.first(s);
            int cols = 1 << (2 + rnd.nextInt(8));
            int rows = 1 + rnd.nextInt(3);
            int n = rows * cols;
            int limbs = (int) ((crt.basis().modulus().bitLength() + 63) / 64);
            double[][][] res = digits(crt, rows, cols, rnd.nextInt(6), rnd);
            // k = 0: the Horner evaluation (the oracle), 1: DigitPacking
            long[][][] mag = new long[2][][];
            byte[][][] sign = new byte[2][][];
            int[][] maxBits = new int[2][rows];
            for (int k = 0; k < 2; k++) {
                mag[k] = PackedCoefficients.magnitudes(n, limbs);
                sign[k] = PackedCoefficients.signs(n);
                System.setProperty("modalg.poly.digitPackingPrimes", k == 0 ? "1000000" : "1");
                ConvolutionPlan.pack(crt, res, 0, rows, 0, n, limbs, mag[k], sign[k], maxBits[k], 0);
            }
            String label = s + " primes, " + rows + " x " + cols;
            for (int b = 0; b < mag[0].length; b++) {
                assertArrayEquals(mag[0][b], mag[1][b], where(label + ": magnitudes"));
                assertArrayEquals(sign[0][b], sign[1][b], where(label + ": signs"));
            }
            assertArrayEquals(maxBits[0], maxBits[1], where(label + ": row bit lengths"));
        }
    }

    @Test
    void balancedRadixProductsSumToTheProducts() {
        Random rnd = new Random(SEED + 4);
        for (int s : new int[] {1, 2, 16, 1 + rnd.nextInt(200)}) {
            DoubleCrt crt = ConvolutionPlan.first(s);
            int r = DigitPacking.PIECE_BITS;
            double[][] t = crt.balancedRadixProducts(r);
            BigInteger q = BigInteger.ONE;
            for (int j = 0; j < s; j++) {
                BigInteger sum = BigInteger.ZERO;
                for (int l = t[j].length - 1; l >= 0; l--) {
                    double d = t[j][l];
                    assertEquals(true, d >= -(1L << (r - 1)) && d < 1L << (r - 1), where("limb " + l + " of P_" + j));
                    sum = sum.shiftLeft(r).add(BigInteger.valueOf((long) d));
                }
                assertEquals(q, sum, where(s + " primes: P_" + j));
                assertEquals(true, t[j][t[j].length - 1] > 0, where("top limb of P_" + j));
                q = q.multiply(BigInteger.valueOf(crt.prime(j)));
            }
        }
    }

    @Test
    void largestTableAndPastIt() {
        Random rnd = new Random(SEED + 1);
        for (int kind : new int[] {0, 1, 2, 3}) { // random, all +p/2, all -p/2, alternating
            check(DigitPacking.MAX_PRIMES, kind, 1, rnd, 2);
        }
        check(DigitPacking.MAX_PRIMES + 1, 0, 1, rnd, 2); // past the table's limit: the Horner, switch or not
    }

    @Test
    void residuesMatchBigIntegerRemainders() {
        Random rnd = new Random(SEED + 2);
        for (int planes = 1; planes <= 45; planes += 1 + rnd.nextInt(6)) {
            int cols = 1 << (2 + rnd.nextInt(6));
            int rows = 1 + rnd.nextInt(3);
            double[][][] words = new double[planes][rows][cols];
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    double sg = rnd.nextBoolean() ? 1 : -1;
                    boolean edge = rnd.nextInt(4) == 0; // every piece 2^48 - 1
                    for (int t = 0; t < planes; t++) {
                        words[t][r][c] = sg * (edge ? (1L << 48) - 1 : rnd.nextLong() >>> 16);
                    }
                }
            }
            long p = ConvolutionPlan.primes(8)[rnd.nextInt(8)];
            double[][] m = new double[rows][cols];
            ConvolutionPlan.residues(words, p, m);
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    BigInteger v = BigInteger.ZERO;
                    for (int t = planes - 1; t >= 0; t--) {
                        v = v.shiftLeft(48).add(BigInteger.valueOf((long) words[t][r][c]));
                    }
                    double got = m[r][c];
                    String label = planes + " planes, p = " + p + ", entry " + r + ", " + c;
                    assertEquals(true, Math.abs(got) <= p / 2 + 1, where(label + ": |" + got + "| above p/2"));
                    assertEquals(v.mod(BigInteger.valueOf(p)).longValue(), Math.floorMod((long) got, p), where(label));
                }
            }
        }
    }
}
