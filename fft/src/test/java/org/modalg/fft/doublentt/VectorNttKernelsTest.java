package org.modalg.fft.doublentt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;

/**
 * {@link VectorNttKernels} (the Vector API butterflies) against an oracle written here in plain
 * scalar Java from the formulas of {@link DoubleNttKernels}'s Javadoc (not calling its loops,
 * which may themselves run the vector kernels): every double identical, vector loop plus scalar
 * tail, on random rows within each kernel's documented input range, every start and length from
 * 0 to 70 and longer rows; the values checked modulo p against BigInteger; the kernels once
 * compiled against the scalar loops ({@link VectorNttCheck}); the property's parsing. The transforms with the vector kernels switched on are run by
 * this module's surefire execution {@code vector-kernels} ({@code -Dmodalg.dntt.vector=on} over
 * the doublentt tests). Where the JVM does not resolve {@code jdk.incubator.vector} the kernel
 * checks print why and pass without running (the module's main test run passes it).
 */
class VectorNttKernelsTest {

    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final long P = NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28);
    private static final double PD = P;
    private static final double PINV = 1.0 / PD;

    private static boolean runnable(String what) {
        if (!VectorModule.resolved()) {
            System.out.println("VectorNttKernelsTest: " + what + " not run: this JVM does not resolve "
                    + "jdk.incubator.vector (the module's main test run passes --add-modules)");
            return false;
        }
        return true;
    }

    // the oracle: x y mod p by the Javadoc's formula, quotient as QuotientRounding rounds it
    private static double mul(double y, double w, double p, double pinv) {
        double h = y * w;
        double q = QuotientRounding.quotient(y, w * pinv);
        return Math.fma(q, -p, h) + Math.fma(y, w, -h);
    }

    private static double mulRounded(double a, double b, double p, double pinv) {
        double h = a * b;
        double q = QuotientRounding.quotient(h, pinv);
        return Math.fma(q, -p, h) + Math.fma(a, b, -h);
    }

    private static double reduce(double x, double p, double pinv) {
        return Math.fma(QuotientRounding.quotient(x, pinv), -p, x);
    }

    // kernel k by the oracle on [from, to)
    private static void oracle(int k, double[] x, double[] y, double[] g, double[] t, int from, int to, double w) {
        for (int j = from; j < to; j++) {
            double a = x[j];
            double b = y[j];
            switch (k) {
                case 0 -> { // forward, reducing
                    a = reduce(a, PD, PINV);
                    double r = mul(b, w, PD, PINV);
                    x[j] = a + r;
                    y[j] = a - r;
                }
                case 1 -> { // forward, lazy
                    double r = mul(b, w, PD, PINV);
                    x[j] = a + r;
                    y[j] = a - r;
                }
                case 2 -> { // unit, reducing
                    a = reduce(a, PD, PINV);
                    b = reduce(b, PD, PINV);
                    x[j] = a + b;
                    y[j] = a - b;
                }
                case 3 -> { // unit, lazy
                    b = reduce(b, PD, PINV);
                    x[j] = a + b;
                    y[j] = a - b;
                }
                case 4 -> { // inverse
                    x[j] = reduce(a + b, PD, PINV);
                    y[j] = mul(a - b, w, PD, PINV);
                }
                case 5 -> { // forward twisted: T (x + G y), T (x - G y)
                    double gy = mulRounded(b, g[j], PD, PINV);
                    x[j] = mulRounded(a + gy, t[j], PD, PINV);
                    y[j] = mulRounded(a - gy, t[j], PD, PINV);
                }
                default -> { // inverse twisted: (x + y) T, (x - y) U
                    x[j] = mulRounded(a + b, g[j], PD, PINV);
                    y[j] = mulRounded(a - b, t[j], PD, PINV);
                }
            }
        }
    }

    // kernel k: the vector loop, then the oracle from where it stopped
    private static void vector(int k, double[] x, double[] y, double[] g, double[] t, int from, int to, double w) {
        int j = switch (k) {
            case 0 -> VectorNttKernels.forwardButterflies(x, y, from, to, w, PD, PINV);
            case 1 -> VectorNttKernels.forwardButterfliesLazy(x, y, from, to, w, PD, PINV);
            case 2 -> VectorNttKernels.forwardButterfliesUnit(x, y, from, to, PD, PINV);
            case 3 -> VectorNttKernels.forwardButterfliesUnitLazy(x, y, from, to, PD, PINV);
            case 4 -> VectorNttKernels.inverseButterflies(x, y, from, to, w, PD, PINV);
            case 5 -> VectorNttKernels.forwardButterfliesTwisted(x, y, g, t, from, to, PD, PINV);
            default -> VectorNttKernels.inverseButterfliesTwisted(x, y, g, t, from, to, PD, PINV);
        };
        assertTrue(j >= from && j <= to && (to - j) < VectorNttKernels.LANES && (j - from) % VectorNttKernels.LANES == 0,
                "kernel " + k + " stopped at " + j + " of [" + from + ", " + to + ")");
        oracle(k, x, y, g, t, j, to, w);
    }

    // integers of magnitude below bound p
    private static double[] row(Random rnd, int n, double bound) {
        double[] r = new double[n];
        long b = (long) (bound * P);
        for (int j = 0; j < n; j++) {
            r[j] = Math.floorMod(rnd.nextLong(), 2 * b + 1) - b;
        }
        return r;
    }

    private static void compare(int k, Random rnd, int n, int from, int to) {
        // inputs in each kernel's range: butterflies below 1.5 p (the twisted ones' x, y too),
        // twiddles and twist factors below p/2 and 0.547 p
        double[] x = row(rnd, n, 1.5);
        double[] y = row(rnd, n, 1.5);
        double[] g = row(rnd, n, 0.5);
        double[] t = row(rnd, n, 0.5);
        if (n > 0 && rnd.nextInt(4) == 0) {
            x[rnd.nextInt(n)] = -0.0; // signed zeros count as different doubles
            y[rnd.nextInt(n)] = 0.0;
        }
        double w = Math.floorMod(rnd.nextLong(), P) - (P - 1) / 2.0;
        double[] x1 = x.clone();
        double[] y1 = y.clone();
        oracle(k, x1, y1, g, t, from, to, w);
        double[] x2 = x.clone();
        double[] y2 = y.clone();
        vector(k, x2, y2, g, t, from, to, w);
        String at = "kernel " + k + ", n " + n + ", [" + from + ", " + to + ")";
        assertArrayEquals(x1, x2, 0.0, at);
        for (int j = 0; j < n; j++) {
            assertEquals(Double.doubleToRawLongBits(x1[j]), Double.doubleToRawLongBits(x2[j]), at + ", x at " + j);
            assertEquals(Double.doubleToRawLongBits(y1[j]), Double.doubleToRawLongBits(y2[j]), at + ", y at " + j);
        }
        // the values modulo p, exactly: the butterflies' sums and differences of products
        BigInteger p = BigInteger.valueOf(P);
        for (int j = from; j < to && k <= 1; j++) {
            BigInteger a = BigInteger.valueOf((long) x[j]);
            BigInteger wb = BigInteger.valueOf((long) w).multiply(BigInteger.valueOf((long) y[j]));
            assertEquals(a.add(wb).mod(p), BigInteger.valueOf((long) x2[j]).mod(p), at + ": x + w y at " + j);
            assertEquals(a.subtract(wb).mod(p), BigInteger.valueOf((long) y2[j]).mod(p), at + ": x - w y at " + j);
        }
    }

    @Test
    void everyKernelMatchesTheScalarFormulasBitForBit() {
        if (!runnable("the kernel comparisons")) {
            return;
        }
        System.out.println("VectorNttKernelsTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + "), "
                + VectorNttKernels.LANES + " lanes, quotient " + QuotientRounding.form());
        Random rnd = new Random(SEED);
        for (int k = 0; k < 7; k++) {
            for (int n = 0; n <= 70; n++) {
                for (int from = 0; from <= Math.min(n, 9); from++) {
                    compare(k, rnd, n, from, n);
                }
                if (n > 0) {
                    compare(k, rnd, n, 0, rnd.nextInt(n + 1));
                }
            }
            for (int n : new int[] {256, 1000, 4096}) {
                int from = rnd.nextInt(17);
                compare(k, rnd, n, from, n - rnd.nextInt(17));
            }
        }
    }

    // four rows of n butterfly inputs for the radix-4 kernels, one of them a signed zero
    private static double[][] fourRows(Random rnd, int n) {
        double[][] rows = {row(rnd, n, 1.5), row(rnd, n, 1.5), row(rnd, n, 1.5), row(rnd, n, 1.5)};
        if (n > 0) {
            rows[rnd.nextInt(4)][rnd.nextInt(n)] = rnd.nextBoolean() ? -0.0 : 0.0;
        }
        return rows;
    }

    // three twiddles in [-(p - 1)/2, (p - 1)/2]
    private static double[] twiddles(Random rnd) {
        double[] w = new double[3];
        for (int i = 0; i < 3; i++) {
            w[i] = Math.floorMod(rnd.nextLong(), P) - (P - 1) / 2.0;
        }
        return w;
    }

    private static double[][] copy(double[][] rows) {
        double[][] c = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            c[i] = rows[i].clone();
        }
        return c;
    }

    @Test
    void radix4MatchesTwoRadix2LevelsBitForBit() {
        if (!runnable("the radix-4 comparisons")) {
            return;
        }
        Random rnd = new Random(SEED + 1);
        for (boolean lazyFirst : new boolean[] {true, false}) {
            for (int n = 0; n <= 70; n++) {
                int from = n == 0 ? 0 : rnd.nextInt(Math.min(n, 9) + 1);
                double[] w = twiddles(rnd);
                double[][] want = fourRows(rnd, n);
                double[][] got = copy(want);
                int first = lazyFirst ? 1 : 0; // the oracle's kernel for the first level: 1 lazy, 0 reducing
                oracle(first, want[0], want[2], null, null, from, n, w[0]);
                oracle(first, want[1], want[3], null, null, from, n, w[0]);
                oracle(1 - first, want[0], want[1], null, null, from, n, w[1]);
                oracle(1 - first, want[2], want[3], null, null, from, n, w[2]);
                int j = lazyFirst
                        ? VectorNttKernels.forwardRadix4LazyFirst(got[0], got[1], got[2], got[3], from, n, w[0], w[1], w[2], PD, PINV)
                        : VectorNttKernels.forwardRadix4ReduceFirst(got[0], got[1], got[2], got[3], from, n, w[0], w[1], w[2], PD, PINV);
                assertTrue(j >= from && n - j < VectorNttKernels.LANES, "stopped at " + j);
                oracle(first, got[0], got[2], null, null, j, n, w[0]);
                oracle(first, got[1], got[3], null, null, j, n, w[0]);
                oracle(1 - first, got[0], got[1], null, null, j, n, w[1]);
                oracle(1 - first, got[2], got[3], null, null, j, n, w[2]);
                for (int i = 0; i < 4; i++) {
                    for (int e = 0; e < n; e++) {
                        assertEquals(Double.doubleToRawLongBits(want[i][e]), Double.doubleToRawLongBits(got[i][e]),
                                "radix 4, lazy first " + lazyFirst + ", n " + n + ", row " + i + " at " + e);
                    }
                }
            }
        }
    }

    // the inverse's level pair: level t on (a, b) with w2 and (c, d) with w3, then level t - 1 on
    // (a, c) and (b, d) with w1, against the oracle's inverse butterflies in that order
    @Test
    void inverseRadix4MatchesTwoRadix2LevelsBitForBit() {
        if (!runnable("the inverse radix-4 comparisons")) {
            return;
        }
        Random rnd = new Random(SEED + 2);
        for (int n = 0; n <= 70; n++) {
            int from = n == 0 ? 0 : rnd.nextInt(Math.min(n, 9) + 1);
            double[] w = twiddles(rnd);
            double[][] want = fourRows(rnd, n);
            double[][] got = copy(want);
            oracle(4, want[0], want[1], null, null, from, n, w[1]);
            oracle(4, want[2], want[3], null, null, from, n, w[2]);
            oracle(4, want[0], want[2], null, null, from, n, w[0]);
            oracle(4, want[1], want[3], null, null, from, n, w[0]);
            int j = VectorNttKernels.inverseRadix4(got[0], got[1], got[2], got[3], from, n, w[0], w[1], w[2], PD, PINV);
            assertTrue(j >= from && n - j < VectorNttKernels.LANES, "stopped at " + j);
            oracle(4, got[0], got[1], null, null, j, n, w[1]);
            oracle(4, got[2], got[3], null, null, j, n, w[2]);
            oracle(4, got[0], got[2], null, null, j, n, w[0]);
            oracle(4, got[1], got[3], null, null, j, n, w[0]);
            for (int i = 0; i < 4; i++) {
                for (int e = 0; e < n; e++) {
                    assertEquals(Double.doubleToRawLongBits(want[i][e]), Double.doubleToRawLongBits(got[i][e]),
                            "inverse radix 4, n " + n + ", row " + i + " at " + e);
                }
            }
        }
    }

    @Test
    void theCompiledKernelsMatchTheScalarLoops() {
        if (!runnable("the compiled check")) {
            return;
        }
        assertTrue(VectorNttCheck.run(P), "the compiled kernels differ from the scalar loops");
    }

    @Test
    void modesAndReports() {
        String property = "modalg.test.vector.mode";
        for (String v : new String[] {"auto", "on", "off", " on "}) {
            System.setProperty(property, v);
            assertEquals(v.trim(), VectorModule.mode(property));
        }
        System.setProperty(property, "yes");
        assertNull(VectorModule.mode(property));
        IllegalArgumentException e = VectorModule.invalid(property);
        assertTrue(e.getMessage().contains(property) && e.getMessage().contains("auto, on or off")
                && e.getMessage().contains("'yes'"), e.getMessage());
        assertEquals(property + "='yes'", VectorModule.offReason(property));
        System.setProperty(property, "off");
        assertEquals(property + "=off", VectorModule.offReason(property));
        System.clearProperty(property);
        assertEquals("auto", VectorModule.mode(property));
        assertEquals(VectorModule.resolved() ? null : "no jdk.incubator.vector", VectorModule.offReason(property));
        String described = VectorNtt.describe();
        String reason = VectorNtt.offReason();
        assertTrue(reason == null ? described.startsWith("Vector API, ") : described.contains(reason), described);
        if (!VectorModule.resolved()) {
            assertEquals("no jdk.incubator.vector", reason);
        }
        VectorNtt.checkProperty(); // this JVM's own value is valid (the build passes none or on)
        assertThrows(IllegalArgumentException.class, () -> {
            throw VectorModule.invalid(VectorNtt.PROPERTY);
        });
    }

    @Test
    void trapLimitFromArguments() {
        assertEquals(100, VectorModule.perMethodTrapLimit(List.of()));
        assertEquals(100, VectorModule.perMethodTrapLimit(List.of("-Xmx1g", "-XX:PerBytecodeTrapLimit=9")));
        assertEquals(10_000, VectorModule.perMethodTrapLimit(List.of("-XX:PerMethodTrapLimit=10000", "-Xmx1g")));
        // the last one wins, as in the JVM
        assertEquals(50, VectorModule.perMethodTrapLimit(List.of("-XX:PerMethodTrapLimit=10000", "-XX:PerMethodTrapLimit=50")));
        assertEquals(100, VectorModule.perMethodTrapLimit(List.of("-XX:PerMethodTrapLimit=lots")));
        long own = VectorModule.perMethodTrapLimit();
        assertTrue(own >= 0, "this JVM's limit " + own);
        System.out.println("VectorNttKernelsTest: this JVM's PerMethodTrapLimit " + own + "; NTT butterflies: " + VectorNtt.describe());
    }

    @Test
    void autoAndOnPolicies() {
        // auto: 8 lanes and the raised trap limit, nothing less
        assertNull(VectorNtt.autoReason(8, VectorModule.TRAP_LIMIT));
        assertNull(VectorNtt.autoReason(16, 1_000_000));
        String lowLimit = VectorNtt.autoReason(8, 100);
        assertTrue(lowLimit.contains(VectorModule.TRAP_LIMIT_OPTION) && lowLimit.contains("this JVM: 100"), lowLimit);
        assertTrue(VectorNtt.autoReason(8, VectorModule.TRAP_LIMIT - 1).contains(VectorModule.TRAP_LIMIT_OPTION));
        String narrow = VectorNtt.autoReason(4, -1);
        assertTrue(narrow.contains("vectors of 4 doubles"), narrow);
        assertTrue(VectorNtt.autoReason(2, VectorModule.TRAP_LIMIT).contains("vectors of 2 doubles"));
        // on: any width from 4 lanes, whatever the trap limit
        assertNull(VectorNtt.onReason(4));
        assertNull(VectorNtt.onReason(8));
        assertTrue(VectorNtt.onReason(2).contains("vectors of 2 doubles"));
        // this JVM's decision agrees with the policy it states
        if (VectorModule.resolved() && VectorModule.mode(VectorNtt.PROPERTY).equals("auto")) {
            assertEquals(VectorNtt.autoReason(VectorNttKernels.LANES), VectorNtt.offReason());
        }
    }
}
