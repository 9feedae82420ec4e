package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The projection of several primes per pass over an operand's planes
 * ({@link ConvolutionPlan#residues(double[][][], long[], int, int, double[][][])} and the
 * pipeline's groups of primes): bit for bit against the projection prime by prime, the residues
 * against BigInteger, and whole Z[x] products against the schoolbook product with the group
 * size forced from 1 to every prime at once, at coefficient sizes on both sides of each change
 * of the prime count, with signs, zero coefficients, single coefficients and squares, on one and
 * two threads. Random inputs every run (seed printed).
 */
class ProjectionGroupsTest {
    private static final long SEED = Long.getLong("modalg.test.groupsSeed", System.nanoTime());
    private static final int DEFAULT_GROUP = ConvolutionPlan.primesPerPass;

    @BeforeAll
    static void seed() {
        System.out.println("ProjectionGroupsTest seed=" + SEED + " (-Dmodalg.test.groupsSeed=S to replay)");
    }

    @AfterEach
    void restore() {
        ConvolutionPlan.primesPerPass = DEFAULT_GROUP;
    }

    private static String where(String label) {
        return "ProjectionGroupsTest seed=" + SEED + ": " + label;
    }

    @Test
    void groupedResiduesEqualThePrimeByPrimeOnesAndBigInteger() {
        Random rnd = new Random(SEED);
        long[] ps = ConvolutionPlan.primes(50);
        for (int round = 0; round < 20; round++) {
            int count = 1 + rnd.nextInt(25);
            int rows = 1 + rnd.nextInt(4);
            int cols = 1 + rnd.nextInt(40);
            double[][][] words = new double[count][rows][cols];
            long maxPiece = (1L << ConvolutionPlan.PIECE_BITS) - 1;
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    int kind = rnd.nextInt(4); // all-maximal pieces, zero, a single piece, random
                    double sign = rnd.nextBoolean() ? 1 : -1;
                    int only = rnd.nextInt(count);
                    for (int t = 0; t < count; t++) {
                        long piece = switch (kind) {
                            case 0 -> maxPiece;
                            case 1 -> 0;
                            case 2 -> t == only ? 1 + (rnd.nextLong() & (maxPiece - 1)) : 0;
                            default -> rnd.nextLong() & maxPiece;
                        };
                        words[t][r][c] = sign * piece;
                    }
                }
            }
            int from = rnd.nextInt(ps.length);
            int to = from + 1 + rnd.nextInt(ps.length - from);
            double[][][] grouped = new double[to - from][rows + 1][cols];
            ConvolutionPlan.residues(words, ps, from, to, grouped);
            for (int j = from; j < to; j++) {
                double[][] one = new double[rows + 1][cols];
                ConvolutionPlan.residues(words, ps[j], one);
                BigInteger p = BigInteger.valueOf(ps[j]);
                for (int r = 0; r < rows; r++) {
                    assertArrayEquals(one[r], grouped[j - from][r], where("prime " + j + " row " + r + ", " + count + " planes"));
                    for (int c = 0; c < cols; c++) {
                        BigInteger v = BigInteger.ZERO;
                        for (int t = count - 1; t >= 0; t--) {
                            v = v.shiftLeft(ConvolutionPlan.PIECE_BITS).add(BigInteger.valueOf((long) words[t][r][c]));
                        }
                        double x = grouped[j - from][r][c];
                        assertTrue(Math.abs(x) <= 1.5 * ps[j] && x == Math.rint(x), where("range of " + x));
                        assertEquals(v.mod(p), BigInteger.valueOf((long) x).mod(p),
                                where("residue mod prime " + j + " at " + r + "," + c));
                    }
                }
            }
        }
    }

    @Test
    void productsInGroupsOfEverySizeAgainstTheSchoolbook() {
        Random rnd = new Random(SEED + 1);
        List<int[]> shapes = new ArrayList<>(); // {bits, lenA, lenB}
        int len = 40;
        // coefficient sizes on both sides of the first changes of the prime count from 2 planes on
        int before = primeCount(49, len);
        for (int bits = 50; bits <= 1100 && shapes.size() < 12; bits++) {
            int s = primeCount(bits, len);
            if (s != before) {
                shapes.add(new int[] {bits - 1, len, len - 7});
                shapes.add(new int[] {bits, len - 3, len});
                before = s;
                bits += 90;
                before = primeCount(bits, len);
            }
        }
        shapes.add(new int[] {1000, 1, 1});
        shapes.add(new int[] {1000, 1, 300});
        shapes.add(new int[] {1000, 257, 130});
        shapes.add(new int[] {2000, 64, 64});
        for (int[] shape : shapes) {
            int bits = shape[0];
            BigInteger[] a = ConvolutionPlanTest.poly(rnd, shape[1], bits, 0.2, true);
            BigInteger[] b = ConvolutionPlanTest.poly(rnd, shape[2], bits, 0.2, true);
            BigInteger[] oracle = ConvolutionPlanTest.schoolbook(a, b);
            BigInteger[] square = ConvolutionPlanTest.schoolbook(a, a);
            int s = primeCount(bits, Math.max(shape[1], shape[2]));
            for (int group : new int[] {1, 2, 3, 8, s - 1, s, s + 5}) {
                if (group < 1) {
                    continue;
                }
                ConvolutionPlan.primesPerPass = group;
                for (int threads : new int[] {1, 2}) {
                    String label = bits + " bits, " + shape[1] + " x " + shape[2] + ", " + s + " primes, groups of "
                            + group + ", " + threads + " threads";
                    ConvolutionPlan plan = ConvolutionPlan.of(bits, bits, shape[1], shape[2]).orElseThrow();
                    ConvolutionPlan.Operand oa = plan.operand(a, 0, a.length, false, threads);
                    ConvolutionPlan.Operand ob = plan.operand(b, 0, b.length, true, threads);
                    assertArrayEquals(oracle, ConvolutionPlanTest.coefficients(plan.multiply(oa, ob, threads), oracle.length),
                            where(label));
                    ob.release();
                    oa.release();
                    ConvolutionPlan squarePlan = ConvolutionPlan.of(bits, bits, shape[1], shape[1]).orElseThrow();
                    ConvolutionPlan.Operand os = squarePlan.operand(a, 0, a.length, false, threads);
                    assertArrayEquals(square, ConvolutionPlanTest.coefficients(squarePlan.multiply(os, os, threads),
                            square.length), where("square, " + label));
                    os.release();
                }
            }
        }
    }

    private static int primeCount(int bits, int len) {
        return ConvolutionPlan.basis((int) ConvolutionPlan.boundBits(bits, bits, len, len)).size();
    }
}
