package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * {@link DoubleNttPlan} against independent oracles: a schoolbook convolution in {@link ZpField}
 * (n &lt;= 2^9), the 64-bit {@link NttPlan} convolutions (larger n), and direct evaluation
 * sum_j a_j w^(jk) of single spectrum entries at the documented positions. Inputs range over
 * the documented domain (integers of magnitude at most 1.5 p, of either sign), and every
 * output is checked to be an integer within its documented bound (1.45 p, 1.1 p after an inverse). A fresh seed per run, printed;
 * {@code -Dmodalg.test.seed=...} repeats a run.
 */
class DoubleNttPlanTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("DoubleNttPlanTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    /** Largest transform length checked against the schoolbook product. */
    private static final int NAIVE_MAX_LOG2N = 9;

    /** The largest prime below 2^50 with 2^28 | p - 1 (the integer multiplication's first prime). */
    private static final long TOP = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
    /** Primes on both sides of 2^49. */
    private static final long BELOW_2_49 = NttPrimes.largestBelow(1L << 49, 20);
    private static final long ABOVE_2_49 = NttPrimes.largestBelow((1L << 49) + (1L << 44), 20);
    /** The largest prime below 2^50 with v2(p - 1) exactly 12: log2n = 12 is its maximum. */
    private static final long EXACT_12 = largestWithExactOrder(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 12);
    /** The largest prime below 2^50 with v2(p - 1) exactly 3. */
    private static final long EXACT_3 = largestWithExactOrder(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 3);

    /** Every prime of the convolution sweep: top of the range, near 2^49, small 2-adic orders, tiny. */
    private static final long[] SWEEP = {TOP, BELOW_2_49, ABOVE_2_49, EXACT_12, EXACT_3, 65537L, 7681L, 17L, 5L};

    // ---------------------------------------------------------------- oracles and helpers

    private static long largestWithExactOrder(long bound, int s) {
        for (long c = ((bound - 2) >>> s) | 1; c >= 1; c -= 2) { // c odd: v2(c 2^s) = s exactly
            long p = (c << s) + 1;
            if (p < bound && NttPrimes.isPrime(p)) {
                return p;
            }
        }
        throw new AssertionError("no prime with v2(p - 1) = " + s);
    }

    private static String where(long p, int log2n, boolean nega) {
        return "seed=" + SEED + " p=" + p + " log2n=" + log2n + (nega ? " negacyclic" : " cyclic");
    }

    private static int rev(int i, int bits) {
        return bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
    }

    /** floor(1.5 p): the largest documented input magnitude (15 p &lt; 2^54, exact). */
    private static long limit(long p) {
        return 15 * p / 10;
    }

    /**
     * A random integer of magnitude at most 1.5 p, edge-biased: residues, symmetric residues,
     * +-floor(1.5 p), +-(p - 1), +-(p - 1)/2, and uniform values over the whole allowed range.
     */
    private static long allowed(Random rnd, long p) {
        long lim = limit(p);
        switch (rnd.nextInt(10)) {
            case 0:
                return lim;
            case 1:
                return -lim;
            case 2:
                return rnd.nextBoolean() ? p - 1 : 1 - p;
            case 3:
                return rnd.nextBoolean() ? (p - 1) / 2 : -(p - 1) / 2;
            case 4:
            case 5:
                return rnd.nextLong(p);
            case 6:
                return rnd.nextLong(p) - p / 2;
            default:
                return rnd.nextLong(2 * lim + 1) - lim;
        }
    }

    /** A vector of n values: a third of the time plain residues in [0, p), else anything allowed. */
    private static long[] randomVector(Random rnd, long p, int n) {
        long[] v = new long[n];
        boolean plain = rnd.nextInt(3) == 0;
        for (int i = 0; i < n; i++) {
            v[i] = plain ? rnd.nextLong(p) : allowed(rnd, p);
        }
        if (Arrays.stream(v).allMatch(x -> x % p == 0)) {
            v[rnd.nextInt(n)] = 1 + rnd.nextLong(p - 1); // never zeros only
        }
        return v;
    }

    private static long[] filled(int n, LongUnaryOperator valueAt) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = valueAt.applyAsLong(i);
        }
        return v;
    }

    /** Coefficient j in m[j / C][j % C]. */
    private static double[][] coefficients(DoubleNttPlan plan, long[] values) {
        double[][] m = DoubleNttMatrices.of(plan, values);
        assertEquals(plan.rows(), m.length);
        return m;
    }

    /** The spectrum-shaped (C x R) matrix with entry i at m[i / R][i % R]. */
    private static double[][] spectrum(DoubleNttPlan plan, long[] values) {
        double[][] m = plan.newSpectrum();
        int cols = plan.rows();
        for (int i = 0; i < values.length; i++) {
            m[i / cols][i % cols] = values[i];
        }
        return m;
    }

    /** Row-major residues of m in [0, p). */
    private static long[] residues(double[][] m, long p) {
        int cols = m[0].length;
        long[] out = new long[m.length * cols];
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < cols; c++) {
                out[r * cols + c] = DoubleNttPlan.residue(m[r][c], p);
            }
        }
        return out;
    }

    private static long[] mod(long[] v, long p) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Math.floorMod(v[i], p);
        }
        return out;
    }

    /** Every entry an integer of magnitude below 1.45 p: forward and pointwise outputs. */
    private static void assertBelow13p(double[][] m, long p, String what) {
        assertBelow(m, p, 145, what);
    }

    /** Every entry an integer of magnitude below 1.1 p: inverse and convolution outputs. */
    private static void assertBelow11p(double[][] m, long p, String what) {
        assertBelow(m, p, 110, what);
    }

    // Every entry an integer of magnitude below (percent / 100) p.
    private static void assertBelow(double[][] m, long p, int percent, String what) {
        for (int r = 0; r < m.length; r++) {
            double[] row = m[r];
            for (int c = 0; c < row.length; c++) {
                double v = row[c];
                long x = (long) v;
                if (x != v || 100 * Math.abs(x) >= percent * p) {
                    fail(what + ": entry [" + r + "][" + c + "] = " + v + " is not an integer below "
                            + percent / 100.0 + " p = " + (percent / 100.0 * p));
                }
            }
        }
    }

    /** Schoolbook a b mod x^n -/+ 1 over Z/pZ, O(n^2). */
    private static long[] naiveConvolution(long[] a, long[] b, long p, boolean nega) {
        ZpField f = ZpField.of(p);
        int n = a.length;
        long[] c = new long[n];
        for (int i = 0; i < n; i++) {
            if (a[i] == 0) {
                continue;
            }
            for (int j = 0; j < n; j++) {
                long t = f.mul(a[i], b[j]);
                int k = i + j;
                if (k >= n) {
                    k -= n;
                    if (nega) {
                        t = f.neg(t);
                    }
                }
                c[k] = f.add(c[k], t);
            }
        }
        return c;
    }

    /** The same by the 64-bit NttPlan. */
    private static long[] nttPlanConvolution(long[] a, long[] b, long p, boolean nega) {
        int log2n = Integer.numberOfTrailingZeros(a.length);
        NttPlan plan = NttPlan.of(p, log2n);
        long[] x = a.clone();
        long[] y = b.clone();
        long[] out = new long[a.length];
        if (nega) {
            plan.negacyclicConvolution(x, 0, y, 0, out, 0);
        } else {
            plan.cyclicConvolution(x, 0, y, 0, out, 0);
        }
        return out;
    }

    /** The oracle product of two residue vectors. */
    private static long[] expectedConvolution(long[] a, long[] b, long p, boolean nega) {
        int log2n = Integer.numberOfTrailingZeros(a.length);
        return log2n <= NAIVE_MAX_LOG2N ? naiveConvolution(a, b, p, nega) : nttPlanConvolution(a, b, p, nega);
    }

    /**
     * Convolves (a square when b is null) with {@link DoubleNttPlan#convolution} on the given
     * pool and checks the residues against the oracle and the 1.3 p bound of every output.
     */
    private static void checkConvolution(long p, int log2n, long[] a, long[] b, boolean nega, ForkJoinPool pool,
            String what) {
        DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
        double[][] ma = coefficients(plan, a);
        double[][] mb = b == null ? ma : coefficients(plan, b);
        plan.convolution(ma, mb, nega, pool);
        String msg = where(p, log2n, nega) + " " + what + (b == null ? " square" : "");
        assertBelow11p(ma, p, msg);
        long[] ra = mod(a, p);
        long[] expected = expectedConvolution(ra, b == null ? ra : mod(b, p), p, nega);
        assertArrayEquals(expected, residues(ma, p), msg);
    }

    // ---------------------------------------------------------------- construction

    @Test
    void chosenPrimesHaveTheIntendedOrders() {
        assertTrue(TOP < DoubleNttPlan.MAX_PRIME_EXCLUSIVE && NttPrimes.twoAdicOrder(TOP) >= 28);
        assertTrue(BELOW_2_49 < (1L << 49) && ABOVE_2_49 > (1L << 49), BELOW_2_49 + " " + ABOVE_2_49);
        assertEquals(12, NttPrimes.twoAdicOrder(EXACT_12));
        assertEquals(3, NttPrimes.twoAdicOrder(EXACT_3));
        assertTrue(EXACT_12 > (1L << 49) && EXACT_3 > (1L << 49));
    }

    @Test
    void shapeAndAccessorsFollowTheDocumentedLayout() {
        for (int log2n = DoubleNttPlan.MIN_LOG2N; log2n <= 20; log2n++) {
            DoubleNttPlan plan = DoubleNttPlan.of(TOP, log2n);
            int c = 1 << ((log2n + 1) / 2);
            assertEquals(c, plan.columns(), "C = 2^ceil(log2n / 2)");
            assertEquals((1 << log2n) / c, plan.rows(), "R = n / C");
            assertEquals(TOP, plan.p());
            assertEquals(log2n, plan.log2n());
            assertTrue(plan.supportsNegacyclic());
            if (log2n <= 12) {
                double[][] m = plan.newCoefficients();
                assertEquals(plan.rows(), m.length);
                assertEquals(plan.columns(), m[0].length);
                double[][] s = plan.newSpectrum();
                assertEquals(plan.columns(), s.length);
                assertEquals(plan.rows(), s[0].length);
            }
        }
        assertFalse(DoubleNttPlan.of(EXACT_12, 12).supportsNegacyclic());
        assertTrue(DoubleNttPlan.of(EXACT_12, 11).supportsNegacyclic());
        assertFalse(DoubleNttPlan.of(5, 2).supportsNegacyclic());
        assertTrue(DoubleNttPlan.of(65537, 15).supportsNegacyclic());
        assertFalse(DoubleNttPlan.of(65537, 16).supportsNegacyclic());
    }

    @Test
    void residueReducesEveryIntegerBelow2To52() {
        Random rnd = new Random(SEED ^ 0x11);
        long[] primes = Arrays.copyOf(SWEEP, SWEEP.length + 5);
        // the division-free path's edges (1, 2, 3, 2^50 - 27 the largest prime below 2^50) and
        // the fallback above it
        primes[SWEEP.length] = 1;
        primes[SWEEP.length + 1] = 2;
        primes[SWEEP.length + 2] = 3;
        primes[SWEEP.length + 3] = (1L << 50) - 27;
        primes[SWEEP.length + 4] = (1L << 50) + 55;
        long m = (1L << 52) - 1;
        for (long p : primes) {
            for (int it = 0; it < 4000; it++) {
                long x = rnd.nextLong((1L << 53) - 1) - m; // |x| < 2^52
                if (it < 14) {
                    x = new long[] {0, 1, -1, p, -p, p - 1, 1 - p, m, -m, m / p * p, -(m / p * p),
                        m / p * p - p / 2, p / 2, -(p / 2) - 1}[it];
                } else if (it < 1000) { // near a multiple of p, where q is decided by a half
                    x = (rnd.nextLong(m / p + 1) - rnd.nextLong(m / p + 1)) * p + (rnd.nextLong(5) - 2)
                            + (rnd.nextBoolean() ? p / 2 : 0);
                    x = Math.max(-m, Math.min(m, x));
                }
                assertEquals(Math.floorMod(x, p), DoubleNttPlan.residue(x, p), "seed=" + SEED + " p=" + p + " x=" + x);
            }
        }
    }

    // ---------------------------------------------------------------- convolutions

    /** Every log2n in [2, 12] for every prime of the sweep that has it; negacyclic where 2n | p - 1. */
    @Test
    void convolutionsOfEverySmallLengthMatchTheOracle() {
        Random rnd = new Random(SEED ^ 0x22);
        for (int log2n = DoubleNttPlan.MIN_LOG2N; log2n <= 12; log2n++) {
            int n = 1 << log2n;
            for (long p : SWEEP) {
                int v2 = NttPrimes.twoAdicOrder(p);
                if (log2n > v2) {
                    continue;
                }
                for (boolean nega : new boolean[] {false, true}) {
                    if (nega && log2n == v2) {
                        continue; // covered by negacyclicWithoutTheRootThrows
                    }
                    long[] a = randomVector(rnd, p, n);
                    long[] b = randomVector(rnd, p, n);
                    checkConvolution(p, log2n, a, b, nega, null, "random");
                    checkConvolution(p, log2n, a, null, nega, null, "random");
                    if (rnd.nextInt(4) == 0) { // an operand much shorter than n
                        long[] shortOne = new long[n];
                        shortOne[0] = allowed(rnd, p);
                        shortOne[n - 1] = allowed(rnd, p);
                        checkConvolution(p, log2n, shortOne, b, nega, null, "sparse");
                    }
                }
            }
        }
    }

    @Test
    void largeConvolutionsMatchNttPlan() {
        Random rnd = new Random(SEED ^ 0x33);
        int[] log2ns = {16, 16, 18, 18, 20};
        long[] primes = {TOP, TOP, BELOW_2_49, ABOVE_2_49, TOP};
        for (int i = 0; i < log2ns.length; i++) {
            int n = 1 << log2ns[i];
            long p = primes[i];
            boolean nega = log2ns[i] != 20 && i % 2 == 1;
            long[] a = randomVector(rnd, p, n);
            long[] b = randomVector(rnd, p, n);
            checkConvolution(p, log2ns[i], a, b, nega, null, "large");
        }
        long[] a = randomVector(rnd, TOP, 1 << 16);
        checkConvolution(TOP, 16, a, null, true, null, "large");
        checkConvolution(BELOW_2_49, 18, randomVector(rnd, BELOW_2_49, 1 << 18), null, false, null, "large");
    }

    /** Above 2^20 doubles the column transforms run on blocks of 512 columns. */
    @Test
    void blockedColumnPathMatchesNttPlan() {
        Random rnd = new Random(SEED ^ 0x44);
        int log2n = 21;
        long[] a = randomVector(rnd, TOP, 1 << log2n);
        long[] b = randomVector(rnd, TOP, 1 << log2n);
        checkConvolution(TOP, log2n, a, b, true, null, "blocked");
    }

    @Test
    void negacyclicWithoutTheRootThrows() {
        for (long p : new long[] {EXACT_12, EXACT_3, 7681L, 17L, 5L, 65537L}) {
            int log2n = NttPrimes.twoAdicOrder(p);
            DoubleNttPlan plan = DoubleNttPlan.of(p, log2n); // the maximum length exists (cyclic)
            assertFalse(plan.supportsNegacyclic());
            double[][] a = coefficients(plan, filled(1 << log2n, i -> i + 1));
            double[][] before = DoubleNttMatrices.copy(a);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.convolution(a, a, true, null), "p=" + p);
            assertTrue(e.getMessage().contains("negacyclic"), e.getMessage());
            assertTrue(Arrays.deepEquals(before, a), "a failed call leaves its input alone, p=" + p);
            assertThrows(IllegalArgumentException.class, () -> plan.forward(a, plan.newSpectrum(), true, null));
            assertThrows(IllegalArgumentException.class, () -> plan.inverse(plan.newSpectrum(), a, true, null));
            // and the cyclic transform of the maximal length is right
            Random rnd = new Random(SEED ^ p);
            checkConvolution(p, log2n, randomVector(rnd, p, 1 << log2n), randomVector(rnd, p, 1 << log2n), false,
                    null, "maximal length");
        }
    }

    // ---------------------------------------------------------------- the transform itself

    /**
     * spectrum[s'][s] = A[rev_R(s) + R rev_C(s')], with A_k = sum_j a_j w^(jk) (cyclic) or
     * sum_j a_j psi^(j (2k + 1)) (negacyclic), evaluated directly: every position for n &lt;= 64,
     * random ones above.
     */
    @Test
    void forwardValuesMatchDirectEvaluationInTheDocumentedOrder() {
        Random rnd = new Random(SEED ^ 0x55);
        long[] primes = {TOP, ABOVE_2_49, 65537L, 7681L, 17L, 5L, EXACT_12};
        int[] log2ns = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16};
        for (long p : primes) {
            ZpField f = ZpField.of(p);
            for (int log2n : log2ns) {
                if (log2n > NttPrimes.twoAdicOrder(p) || (log2n > 12 && p != TOP)) {
                    continue;
                }
                int n = 1 << log2n;
                DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
                int rows = plan.rows();
                int cols = plan.columns();
                int logR = Integer.numberOfTrailingZeros(rows);
                int logC = Integer.numberOfTrailingZeros(cols);
                long w = NttPrimes.primitiveRootOfUnity(p, log2n);
                for (boolean nega : new boolean[] {false, true}) {
                    if (nega && !plan.supportsNegacyclic()) {
                        continue;
                    }
                    long psi = nega ? NttPrimes.primitiveRootOfUnity(p, log2n + 1) : 0;
                    if (nega) {
                        assertEquals(w, f.mul(psi, psi), "psi^2 = w");
                    }
                    long[] a = randomVector(rnd, p, n);
                    long[] ra = mod(a, p);
                    double[][] spec = plan.newSpectrum();
                    plan.forward(coefficients(plan, a), spec, nega, null);
                    String msg = where(p, log2n, nega);
                    assertBelow13p(spec, p, msg + " forward");
                    int positions = n <= 64 ? n : 40;
                    for (int t = 0; t < positions; t++) {
                        int sRow = n <= 64 ? t / rows : rnd.nextInt(cols); // s'
                        int sCol = n <= 64 ? t % rows : rnd.nextInt(rows); // s
                        int k = rev(sCol, logR) + rows * rev(sRow, logC);
                        long x = nega ? f.pow(psi, 2L * k + 1) : f.pow(w, k);
                        long sum = 0;
                        long xj = 1;
                        for (int j = 0; j < n; j++) {
                            sum = f.add(sum, f.mul(ra[j], xj));
                            xj = f.mul(xj, x);
                        }
                        assertEquals(sum, DoubleNttPlan.residue(spec[sRow][sCol], p),
                                msg + " spectrum[" + sRow + "][" + sCol + "] = A[" + k + "]");
                    }
                }
            }
        }
    }

    @Test
    void inverseUndoesForwardAndForwardUndoesInverse() {
        Random rnd = new Random(SEED ^ 0x66);
        long[] primes = {TOP, BELOW_2_49, EXACT_12, 65537L, 7681L, 17L, 5L};
        for (long p : primes) {
            for (int log2n = DoubleNttPlan.MIN_LOG2N; log2n <= Math.min(13, NttPrimes.twoAdicOrder(p)); log2n++) {
                int n = 1 << log2n;
                DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
                for (boolean nega : new boolean[] {false, true}) {
                    if (nega && !plan.supportsNegacyclic()) {
                        continue;
                    }
                    String msg = where(p, log2n, nega);
                    long[] a = randomVector(rnd, p, n);
                    double[][] spec = plan.newSpectrum();
                    double[][] back = plan.newCoefficients();
                    plan.forward(coefficients(plan, a), spec, nega, null);
                    assertBelow13p(spec, p, msg + " forward");
                    plan.inverse(spec, back, nega, null);
                    assertBelow11p(back, p, msg + " inverse(forward)");
                    assertArrayEquals(mod(a, p), residues(back, p), msg + " inverse(forward(a))");

                    long[] y = randomVector(rnd, p, n); // any spectrum in the allowed range
                    double[][] coeffs = plan.newCoefficients();
                    double[][] spec2 = plan.newSpectrum();
                    plan.inverse(spectrum(plan, y), coeffs, nega, null);
                    assertBelow11p(coeffs, p, msg + " inverse");
                    plan.forward(coeffs, spec2, nega, null);
                    assertBelow13p(spec2, p, msg + " forward(inverse)");
                    assertArrayEquals(mod(y, p), residues(spec2, p), msg + " forward(inverse(y))");
                }
            }
        }
        // one large round trip
        long[] a = randomVector(rnd, TOP, 1 << 18);
        DoubleNttPlan plan = DoubleNttPlan.of(TOP, 18);
        double[][] spec = plan.newSpectrum();
        double[][] back = plan.newCoefficients();
        plan.forward(coefficients(plan, a), spec, true, null);
        plan.inverse(spec, back, true, null);
        assertBelow11p(back, TOP, where(TOP, 18, true));
        assertArrayEquals(mod(a, TOP), residues(back, TOP), where(TOP, 18, true) + " round trip");
    }

    @Test
    void pointwiseMultipliesResidues() {
        Random rnd = new Random(SEED ^ 0x77);
        for (long p : SWEEP) {
            ZpField f = ZpField.of(p);
            DoubleNttPlan plan = DoubleNttPlan.of(p, 2);
            for (int it = 0; it < 200; it++) {
                long[] x = randomVector(rnd, p, 4);
                long[] y = randomVector(rnd, p, 4);
                double[][] a = spectrum(plan, x);
                double[][] b = spectrum(plan, y);
                plan.pointwise(a, b, null);
                assertBelow13p(a, p, "seed=" + SEED + " p=" + p + " pointwise");
                double[][] sq = spectrum(plan, x);
                plan.pointwise(sq, sq, null);
                assertBelow13p(sq, p, "seed=" + SEED + " p=" + p + " pointwise square");
                long[] rx = mod(x, p);
                long[] ry = mod(y, p);
                long[] expected = new long[4];
                long[] expectedSq = new long[4];
                for (int i = 0; i < 4; i++) {
                    expected[i] = f.mul(rx[i], ry[i]);
                    expectedSq[i] = f.mul(rx[i], rx[i]);
                }
                assertArrayEquals(expected, residues(a, p), "seed=" + SEED + " p=" + p + " " + Arrays.toString(x)
                        + " * " + Arrays.toString(y));
                assertArrayEquals(expectedSq, residues(sq, p), "seed=" + SEED + " p=" + p + " square");
            }
        }
    }

    // ---------------------------------------------------------------- edge values

    /** Constant and alternating vectors at the extremes of the allowed range. */
    @Test
    void edgeValuesReduceCorrectlyAndStayBelow13p() {
        Random rnd = new Random(SEED ^ 0x88);
        long[] primes = {TOP, ABOVE_2_49, BELOW_2_49, EXACT_12, 65537L, 17L, 5L};
        int[] log2ns = {2, 5, 8, 12, 16};
        for (long p : primes) {
            long lim = limit(p);
            List<long[]> patterns = new ArrayList<>();
            for (int log2n : log2ns) {
                if (log2n > NttPrimes.twoAdicOrder(p) || (log2n == 16 && p != TOP && p != ABOVE_2_49)) {
                    continue;
                }
                int n = 1 << log2n;
                patterns.clear();
                patterns.add(new long[n]); // zeros
                patterns.add(filled(n, i -> p - 1));
                patterns.add(filled(n, i -> 1 - p));
                patterns.add(filled(n, i -> (p - 1) / 2));
                patterns.add(filled(n, i -> -(p - 1) / 2));
                patterns.add(filled(n, i -> lim));
                patterns.add(filled(n, i -> -lim));
                patterns.add(filled(n, i -> i % 2 == 0 ? lim : -lim));
                patterns.add(filled(n, i -> i % 3 == 0 ? lim : p - 1));
                patterns.add(randomVector(rnd, p, n));
                for (int i = 0; i < patterns.size(); i++) {
                    for (boolean nega : new boolean[] {false, true}) {
                        if (nega && log2n >= NttPrimes.twoAdicOrder(p)) {
                            continue;
                        }
                        long[] a = patterns.get(i);
                        long[] b = patterns.get((i * 7 + 3) % patterns.size());
                        checkConvolution(p, log2n, a, b, nega, null, "pattern " + i + " x pattern "
                                + ((i * 7 + 3) % patterns.size()));
                        checkConvolution(p, log2n, a, null, nega, null, "pattern " + i);
                    }
                }
                // zeros come back as exact zeros' residues, and the transform of zeros is zero
                DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
                double[][] spec = plan.newSpectrum();
                plan.forward(plan.newCoefficients(), spec, false, null);
                assertArrayEquals(new long[n], residues(spec, p), "forward of zeros, p=" + p);
            }
        }
    }

    // ---------------------------------------------------------------- threads and scratch

    @Test
    void aTwoThreadPoolGivesTheSameResiduesAsTheCallingThread() {
        Random rnd = new Random(SEED ^ 0x99);
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            int[] log2ns = {3, 8, 9, 12, 15, 16, 17, 21};
            for (int log2n : log2ns) {
                long p = log2n % 2 == 1 && log2n < 20 ? ABOVE_2_49 : TOP;
                DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
                for (boolean nega : new boolean[] {false, true}) {
                    String msg = where(p, log2n, nega) + " pool(2)";
                    long[] a = randomVector(rnd, p, 1 << log2n);
                    long[] b = randomVector(rnd, p, 1 << log2n);
                    double[][] serialA = coefficients(plan, a);
                    plan.convolution(serialA, coefficients(plan, b), nega, null);
                    double[][] parallelA = coefficients(plan, a);
                    plan.convolution(parallelA, coefficients(plan, b), nega, pool);
                    assertBelow11p(parallelA, p, msg);
                    assertArrayEquals(residues(serialA, p), residues(parallelA, p), msg);

                    double[][] spec1 = plan.newSpectrum();
                    double[][] spec2 = plan.newSpectrum();
                    plan.forward(coefficients(plan, a), spec1, nega, null);
                    plan.forward(coefficients(plan, a), spec2, nega, pool);
                    assertArrayEquals(residues(spec1, p), residues(spec2, p), msg + " forward");
                    double[][] back = plan.newCoefficients();
                    plan.inverse(spec2, back, nega, pool);
                    assertArrayEquals(mod(a, p), residues(back, p), msg + " inverse(forward) on the pool");
                    if (log2n <= 12 || log2n == 16) { // and against the oracle
                        checkConvolution(p, log2n, a, b, nega, pool, "pool(2)");
                    }
                    if (log2n == 21) {
                        break; // one blocked-path run on the pool is enough
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    /** Borrowed matrices have the documented shapes, and stale contents never leak into results. */
    @Test
    void borrowedScratchWithGarbageGivesCorrectResults() {
        Random rnd = new Random(SEED ^ 0xaa);
        for (int log2n : new int[] {4, 7, 10}) {
            long p = TOP;
            DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
            // poison the pool with garbage of both shapes
            List<double[][]> poisoned = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                double[][] c = plan.borrowCoefficients();
                double[][] s = plan.borrowSpectrum();
                assertEquals(plan.rows(), c.length);
                assertEquals(plan.columns(), c[0].length);
                assertEquals(plan.columns(), s.length);
                assertEquals(plan.rows(), s[0].length);
                for (double[] row : c) {
                    Arrays.fill(row, Double.NaN);
                }
                for (double[] row : s) {
                    Arrays.fill(row, 1e300);
                }
                poisoned.add(c);
                poisoned.add(s);
            }
            poisoned.forEach(DoubleNttPlan::giveBack);
            DoubleNttPlan.giveBack(null); // ignored
            int n = 1 << log2n;
            long[] a = randomVector(rnd, p, n);
            long[] b = randomVector(rnd, p, n);
            double[][] ma = plan.borrowCoefficients();
            double[][] mb = plan.borrowCoefficients();
            assertNotNull(ma);
            for (int j = 0; j < n; j++) {
                ma[j / plan.columns()][j % plan.columns()] = a[j];
                mb[j / plan.columns()][j % plan.columns()] = b[j];
            }
            plan.convolution(ma, mb, true, null);
            assertBelow11p(ma, p, where(p, log2n, true) + " borrowed");
            assertArrayEquals(expectedConvolution(mod(a, p), mod(b, p), p, true), residues(ma, p),
                    where(p, log2n, true) + " borrowed");
            DoubleNttPlan.giveBack(ma);
            DoubleNttPlan.giveBack(mb);
        }
    }

    // ---------------------------------------------------------------- bad input

    private static void assertIae(String mustName, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertNotNull(e.getMessage());
        String msg = e.getMessage();
        assertTrue(msg.startsWith(mustName + " ") || msg.startsWith(mustName + "["),
                "the message should start with the parameter's name " + mustName + ": " + msg);
    }

    @Test
    void badPrimesAndLengthsAreRejectedByName() {
        long prime51 = NttPrimes.largestBelow(1L << 51, 28); // a prime, but above 2^50
        assertTrue(prime51 >= DoubleNttPlan.MAX_PRIME_EXCLUSIVE);
        for (long p : new long[] {-7, 0, 1, 2, DoubleNttPlan.MAX_PRIME_EXCLUSIVE, prime51, Long.MAX_VALUE}) {
            assertIae("p", () -> DoubleNttPlan.of(p, 4));
        }
        // composites, one with a large 2-adic order, and one just below 2^50
        long composite49 = 65537L * 8589934593L; // (2^16 + 1)(2^33 + 1): 2^16 | composite - 1
        assertFalse(NttPrimes.isPrime(composite49));
        for (long p : new long[] {65535, 9, 15 * 17 * 257 * 65537L, composite49, DoubleNttPlan.MAX_PRIME_EXCLUSIVE - 1}) {
            assertFalse(NttPrimes.isPrime(p), "test setup: " + p);
            assertIae("p", () -> DoubleNttPlan.of(p, 4));
        }
        long v29 = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 29);
        for (int log2n : new int[] {-1, 0, 1, DoubleNttPlan.MAX_LOG2N + 1, 64}) {
            assertIae("log2n", () -> DoubleNttPlan.of(v29, log2n));
        }
        assertIae("log2n", () -> DoubleNttPlan.of(EXACT_12, 13));
        assertIae("log2n", () -> DoubleNttPlan.of(65537, 17));
        assertIae("log2n", () -> DoubleNttPlan.of(7681, 10));
        assertIae("log2n", () -> DoubleNttPlan.of(5, 3));
        assertIae("log2n", () -> DoubleNttPlan.of(3, 2)); // v2(2) = 1: no length at all
        // a rejected call does not spoil later valid ones
        assertEquals(12, DoubleNttPlan.of(EXACT_12, 12).log2n());
    }

    @Test
    void wrongMatrixShapesAreRejectedByName() {
        for (int log2n : new int[] {5, 6}) { // R != C and R == C
            DoubleNttPlan plan = DoubleNttPlan.of(TOP, log2n);
            int r = plan.rows();
            int c = plan.columns();
            double[][] goodC = plan.newCoefficients();
            double[][] goodS = plan.newSpectrum();
            List<double[][]> badC = badShapes(r, c);
            List<double[][]> badS = badShapes(c, r);
            if (r != c) {
                badC.add(plan.newSpectrum()); // transposed
                badS.add(plan.newCoefficients());
            }
            assertIae("coefficients", () -> plan.forward(null, goodS, false, null));
            assertIae("spectrum", () -> plan.forward(goodC, null, false, null));
            assertIae("spectrum", () -> plan.inverse(null, goodC, false, null));
            assertIae("coefficients", () -> plan.inverse(goodS, null, false, null));
            assertIae("a", () -> plan.pointwise(null, goodS, null));
            assertIae("b", () -> plan.pointwise(goodS, null, null));
            for (double[][] m : badC) {
                assertIae("coefficients", () -> plan.forward(m, goodS, false, null));
                assertIae("coefficients", () -> plan.inverse(goodS, m, true, null));
                // convolution passes its a and b to forward, whose message says "coefficients"
                assertThrows(IllegalArgumentException.class, () -> plan.convolution(m, goodC, false, null));
                assertThrows(IllegalArgumentException.class, () -> plan.convolution(goodC, m, false, null));
            }
            for (double[][] m : badS) {
                assertIae("spectrum", () -> plan.forward(goodC, m, true, null));
                assertIae("spectrum", () -> plan.inverse(m, goodC, false, null));
                assertIae("a", () -> plan.pointwise(m, goodS, null));
                assertIae("b", () -> plan.pointwise(goodS, m, null));
            }
            assertThrows(IllegalArgumentException.class, () -> plan.convolution(null, null, false, null));
        }
    }

    // null, too few rows, too many rows, a short row, a long row, a null row
    private static List<double[][]> badShapes(int rows, int cols) {
        List<double[][]> bad = new ArrayList<>();
        bad.add(new double[rows - 1][cols]);
        bad.add(new double[rows + 1][cols]);
        bad.add(new double[0][]);
        double[][] shortRow = new double[rows][cols];
        shortRow[rows - 1] = new double[cols - 1];
        bad.add(shortRow);
        double[][] longRow = new double[rows][cols];
        longRow[0] = new double[cols + 1];
        bad.add(longRow);
        double[][] nullRow = new double[rows][cols];
        nullRow[rows / 2] = null;
        bad.add(nullRow);
        return bad;
    }

    @Test
    void theSameMatrixAsCoefficientsAndSpectrumIsRejected() {
        // R == C for even log2n: the shapes match, so only an identity check can catch it
        DoubleNttPlan plan = DoubleNttPlan.of(65537, 4);
        double[][] m = plan.newCoefficients();
        for (int i = 0; i < 16; i++) {
            m[i / plan.columns()][i % plan.columns()] = i + 1;
        }
        double[][] copy = new double[m.length][];
        for (int r = 0; r < m.length; r++) {
            copy[r] = m[r].clone();
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan.forward(m, m, false, null));
        assertTrue(e.getMessage().contains("coefficients") && e.getMessage().contains("spectrum"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> plan.inverse(m, m, false, null));
        for (int r = 0; r < m.length; r++) {
            assertArrayEquals(copy[r], m[r], "the input is untouched");
        }
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> plan.convolution(plan.newCoefficients(), new double[1][1], false, null));
        assertTrue(bad.getMessage().startsWith("b"), bad.getMessage());
    }
}
