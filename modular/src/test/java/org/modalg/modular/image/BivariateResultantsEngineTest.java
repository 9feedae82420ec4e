package org.modalg.modular.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.modular.GcdOracles;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;

/**
 * {@link ImageEngine#bivariateResultants}: the interface's default (one thread) and the CPU engine
 * (several threads) against the Sylvester determinant of f(x, a) and g(x, a) modulo p written
 * here (evaluation and elimination in BigInteger), on random grids every run (fresh seed unless
 * {@code -Dmodalg.test.seed}, printed), with leading coefficients that vanish at some points or
 * everywhere, grids of one row or one column, and the argument checks. The GPU engine's test
 * ({@code GpuBivariateResultantsTest}, tag gpu) compares with the CPU engine bit for bit.
 */
class BivariateResultantsEngineTest {
    static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateResultantsEngineTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    /** The default method only (no override): a bare engine whose other methods are not called. */
    static final class DefaultOnly implements ImageEngine {
        @Override
        public String name() {
            return "default";
        }

        @Override
        public long[] determinants(int n, LimbVector a, long[] primes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public LuImages factor(int n, LimbVector a, long[] primes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long[] resultants(LimbVector f, LimbVector g, long[] primes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long[][] determinants(int n, LimbVector a, org.modalg.fields.GfField[] fields) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long[][] resultants(LimbVector f, LimbVector g, org.modalg.fields.GfField[] fields) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long[][] gcds(LimbVector f, LimbVector g, org.modalg.fields.GfField[] fields) {
            throw new UnsupportedOperationException();
        }
    }

    /** Random residue grids for k primes; with zeroLead, f's last row vanishes at y = 1 (1 - y times a constant) or is 0. */
    static long[] grids(Random rnd, long[] primes, int rows, int cols, int zeroLead) {
        long[] r = new long[primes.length * rows * cols];
        for (int j = 0; j < primes.length; j++) {
            long p = primes[j];
            for (int t = 0; t < rows * cols; t++) {
                r[j * rows * cols + t] = rnd.nextInt(10) == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
            }
            int last = j * rows * cols + (rows - 1) * cols;
            if (zeroLead == 1 && cols >= 2) { // lc_x = c (1 - y): zero at y = 1
                java.util.Arrays.fill(r, last, last + cols, 0);
                long c = 1 + Math.floorMod(rnd.nextLong(), p - 1);
                r[last] = c;
                r[last + 1] = p - c;
            } else if (zeroLead == 2) {
                java.util.Arrays.fill(r, last, last + cols, 0);
            }
        }
        return r;
    }

    /** det of the Sylvester matrix of a (degree n = a.length - 1) and b (m) mod p, formal degrees; BigInteger. */
    static long sylvester(BigInteger[] a, BigInteger[] b, BigInteger p) {
        return GcdOracles.detMod(GcdOracles.sylvester(a, b), p.longValueExact());
    }

    static BigInteger[] evaluate(long[] grid, int off, int rows, int cols, long a, BigInteger p) {
        BigInteger[] out = new BigInteger[rows];
        for (int i = 0; i < rows; i++) {
            BigInteger v = BigInteger.ZERO;
            for (int k = cols - 1; k >= 0; k--) {
                v = v.multiply(BigInteger.valueOf(a)).add(BigInteger.valueOf(grid[off + i * cols + k])).mod(p);
            }
            out[i] = v;
        }
        return out;
    }

    @Test
    void defaultAndCpuEngineAgreeWithTheSylvesterDeterminant() {
        Random rnd = new Random(SEED);
        ImageEngine cpu = ImageEngines.cpu(Options.defaults().withThreads(3));
        ImageEngine plain = new DefaultOnly();
        for (int it = 0; it < 25 * MULTIPLIER; it++) {
            int k = it == 0 ? 1 : 1 + rnd.nextInt(5);
            long[] primes = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 22)).next(k);
            int fRows = 1 + rnd.nextInt(6);
            int fCols = 1 + rnd.nextInt(5);
            int gRows = 1 + rnd.nextInt(6);
            int gCols = 1 + rnd.nextInt(5);
            int points = it == 1 ? 0 : 1 + rnd.nextInt(12);
            long[] f = grids(rnd, primes, fRows, fCols, it % 3);
            long[] g = grids(rnd, primes, gRows, gCols, it % 5 == 0 ? 1 : 0);
            long[] a = plain.bivariateResultants(f, fRows, fCols, g, gRows, gCols, primes, points);
            long[] b = cpu.bivariateResultants(f, fRows, fCols, g, gRows, gCols, primes, points);
            String where = "seed=" + SEED + " it=" + it + " f " + fRows + "x" + fCols + " g " + gRows + "x" + gCols;
            assertArrayEquals(a, b, where + ": default and CPU engine");
            assertEquals(k * points, a.length, where);
            for (int j = 0; j < k; j++) {
                BigInteger p = BigInteger.valueOf(primes[j]);
                for (int pt = 0; pt < points; pt++) {
                    long expected = sylvester(evaluate(f, j * fRows * fCols, fRows, fCols, pt, p),
                            evaluate(g, j * gRows * gCols, gRows, gCols, pt, p), p);
                    assertEquals(expected, a[j * points + pt], where + " prime " + primes[j] + " point " + pt);
                }
            }
        }
    }

    /**
     * {@link ImageEngine#bivariateResultantsOnCosets}: the default and the CPU engine against the
     * Sylvester determinant at each point c_t w^i (w from {@code NttPlan}, the points computed
     * here by BigInteger powers), with cols above M (the fold), vanishing leading coefficients
     * and cosets of a random shift each.
     */
    @Test
    void cosetsAgainstSylvesterAtEachPoint() {
        Random rnd = new Random(SEED + 7);
        ImageEngine cpu = ImageEngines.cpu(Options.defaults().withThreads(3));
        ImageEngine plain = new DefaultOnly();
        for (int it = 0; it < 20 * MULTIPLIER; it++) {
            int log2m = 1 + rnd.nextInt(4);
            int m = 1 << log2m;
            int k = 1 + rnd.nextInt(4);
            int cosets = it == 1 ? 0 : 1 + rnd.nextInt(3);
            long[] primes = PrimeStream.ntt(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 22), log2m).next(k);
            int fRows = 1 + rnd.nextInt(6);
            int fCols = 1 + rnd.nextInt(2 * m + 3);
            int gRows = 1 + rnd.nextInt(6);
            int gCols = 1 + rnd.nextInt(5);
            long[] f = grids(rnd, primes, fRows, fCols, it % 3);
            long[] g = grids(rnd, primes, gRows, gCols, it % 5 == 0 ? 1 : 0);
            long[] shifts = new long[k * cosets];
            for (int j = 0; j < shifts.length; j++) {
                shifts[j] = 1 + Math.floorMod(rnd.nextLong(), primes[j / cosets] - 1);
            }
            String where = "seed=" + SEED + " it=" + it + " M=" + m + " cosets=" + cosets + " f " + fRows + "x" + fCols
                    + " g " + gRows + "x" + gCols;
            long[] a = plain.bivariateResultantsOnCosets(f, fRows, fCols, g, gRows, gCols, primes, log2m, shifts,
                    cosets);
            long[] b = cpu.bivariateResultantsOnCosets(f, fRows, fCols, g, gRows, gCols, primes, log2m, shifts, cosets);
            assertArrayEquals(a, b, where + ": default and CPU engine");
            assertEquals(k * cosets * m, a.length, where);
            for (int j = 0; j < k; j++) {
                BigInteger p = BigInteger.valueOf(primes[j]);
                BigInteger w = BigInteger.valueOf(org.modalg.fft.ntt.NttPlan.of(primes[j], log2m).root());
                for (int t = 0; t < cosets; t++) {
                    for (int i = 0; i < m; i++) {
                        long pt = BigInteger.valueOf(shifts[j * cosets + t]).multiply(w.modPow(BigInteger.valueOf(i), p))
                                .mod(p).longValueExact();
                        long expected = sylvester(evaluate(f, j * fRows * fCols, fRows, fCols, pt, p),
                                evaluate(g, j * gRows * gCols, gRows, gCols, pt, p), p);
                        assertEquals(expected, a[(j * cosets + t) * m + i], where + " prime " + primes[j] + " point "
                                + pt);
                    }
                }
            }
        }
    }

    @Test
    void cosetsBadArgumentsNameTheParameter() {
        ImageEngine cpu = ImageEngines.cpu(Options.defaults());
        long[] primes = PrimeStream.ntt(PolyGcdDouble.PRIME_BOUND, 4).next(1);
        long[] four = new long[4];
        long[] one = {1};
        assertEquals("log2m", message(() -> cpu.bivariateResultantsOnCosets(four, 2, 2, four, 2, 2, primes, 0, one, 1)));
        assertEquals("log2m", message(() -> cpu.bivariateResultantsOnCosets(four, 2, 2, four, 2, 2, primes, 28, one, 1)));
        assertEquals("cosets", message(() -> cpu.bivariateResultantsOnCosets(four, 2, 2, four, 2, 2, primes, 4, one, -1)));
        assertEquals("shifts", message(() -> cpu.bivariateResultantsOnCosets(four, 2, 2, four, 2, 2, primes, 4, one, 2)));
        assertEquals("shifts", message(() -> cpu.bivariateResultantsOnCosets(four, 2, 2, four, 2, 2, primes, 4,
                new long[] {0}, 1)));
        assertEquals("primes", message(() -> cpu.bivariateResultantsOnCosets(four, 2, 2, four, 2, 2, primes, 20, one,
                1)));
        assertEquals("primes", message(() -> cpu.bivariateResultantsOnCosets(four, 2, 2, four, 2, 2, null, 4, one, 1)));
        assertEquals("fRes", message(() -> cpu.bivariateResultantsOnCosets(new long[3], 2, 2, four, 2, 2, primes, 4,
                one, 1)));
        assertEquals("the", message(() -> new DefaultOnly().bivariateResultantsOnCosets(four, 0, 2, four, 2, 2, primes,
                4, one, 1)));
    }

    @Test
    void badArgumentsNameTheParameter() {
        ImageEngine cpu = ImageEngines.cpu(Options.defaults());
        long[] primes = {PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next()};
        long[] four = new long[4];
        assertEquals("fRes", message(() -> cpu.bivariateResultants(new long[3], 2, 2, four, 2, 2, primes, 3)));
        assertEquals("gRes", message(() -> cpu.bivariateResultants(four, 2, 2, null, 2, 2, primes, 3)));
        assertEquals("points", message(() -> cpu.bivariateResultants(four, 2, 2, four, 2, 2, primes, -1)));
        assertEquals("primes", message(() -> cpu.bivariateResultants(four, 2, 2, four, 2, 2, null, 1)));
        assertEquals("the", message(() -> new DefaultOnly().bivariateResultants(four, 0, 2, four, 2, 2, primes, 1)));
    }

    private static String message(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage().split(" ")[0];
    }

    @Test
    void autoAndDeviceStandInsGiveTheSameImagesAndResultants() {
        Random rnd = new Random(SEED + 1);
        long[] primes = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(3);
        long[] f = grids(rnd, primes, 5, 4, 1);
        long[] g = grids(rnd, primes, 4, 6, 0);
        long[] want = ImageEngines.cpu(Options.defaults()).bivariateResultants(f, 5, 4, g, 4, 6, primes, 30);
        org.modalg.polynomial.bivariate.ZZBivariate a = org.modalg.polynomial.bivariate.ZZBivariate
                .parse("3*x^3*y - 7*x^2 + x*y^4 - 11*y + 5");
        org.modalg.polynomial.bivariate.ZZBivariate b = org.modalg.polynomial.bivariate.ZZBivariate
                .parse("(x - y)^2*(2*x + y^3) + 9");
        Object res = org.modalg.modular.bivariate.BivariateResultant.resultant(a, b, Options.defaults()).value();
        String old = System.getProperty(WidePrimesTestProvider.PROPERTY);
        System.setProperty(WidePrimesTestProvider.PROPERTY, "true"); // a provider: auto and gpu take it
        try {
            for (org.modalg.fft.Backend backend : new org.modalg.fft.Backend[] {org.modalg.fft.Backend.AUTO,
                org.modalg.fft.Backend.GPU}) {
                ImageEngine e = ImageEngines.forOptions(Options.defaults().withBackend(backend));
                assertArrayEquals(want, e.bivariateResultants(f, 5, 4, g, 4, 6, primes, 30), e.name());
                assertEquals(res, org.modalg.modular.bivariate.BivariateResultant.resultant(a, b,
                        Options.defaults().withBackend(backend)).value(), e.name());
            }
        } finally {
            if (old == null) {
                System.clearProperty(WidePrimesTestProvider.PROPERTY);
            } else {
                System.setProperty(WidePrimesTestProvider.PROPERTY, old);
            }
        }
    }
}
