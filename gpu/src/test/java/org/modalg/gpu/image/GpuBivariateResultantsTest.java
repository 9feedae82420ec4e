package org.modalg.gpu.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.modular.image.ImageEngines;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link GpuImageEngine#bivariateResultants} against the CPU engine ({@link ImageEngines#cpu},
 * itself checked against the Sylvester determinant in the modular module's
 * BivariateResultantsEngineTest), bit for bit, on random residue grids (seed printed): grids of
 * one row or column up to 61 x 61, leading coefficients in x that vanish at some points or
 * everywhere, primes of 20, 23 and 26 bits (the F64 kernel) and the Montgomery kernel forced by
 * {@code modalg.gpu.imageArithmetic=mont}; batches of more instances than one launch takes; the
 * sentinel path (blocks skipped, recomputed on the host); and the bivariate resultant end to end
 * with {@link Backend#GPU} against the CPU backend.
 */
@Tag("gpu")
class GpuBivariateResultantsTest extends GpuImageEngineFixture {

    @AfterEach
    void stop() {
        System.clearProperty("modalg.gpu.imageArithmetic");
        System.clearProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY);
    }

    /** Residue grids for each prime; lead 1: the last row is c (1 - y) (zero at y = 1), lead 2: zero. */
    static long[] grids(Random rnd, long[] primes, int rows, int cols, int lead) {
        long[] r = new long[primes.length * rows * cols];
        for (int j = 0; j < primes.length; j++) {
            long p = primes[j];
            for (int t = 0; t < rows * cols; t++) {
                r[j * rows * cols + t] = rnd.nextInt(10) == 0 ? p - 1 : Math.floorMod(rnd.nextLong(), p);
            }
            int last = j * rows * cols + (rows - 1) * cols;
            if (lead == 1 && cols >= 2) {
                java.util.Arrays.fill(r, last, last + cols, 0);
                long c = 1 + Math.floorMod(rnd.nextLong(), p - 1);
                r[last] = c;
                r[last + 1] = p - c;
            } else if (lead == 2) {
                java.util.Arrays.fill(r, last, last + cols, 0);
            }
        }
        return r;
    }

    private void check(Random rnd, long[] ps, int fRows, int fCols, int gRows, int gCols, int points, String what) {
        for (int lead = 0; lead < 3; lead++) {
            long[] f = grids(rnd, ps, fRows, fCols, lead);
            long[] g = grids(rnd, ps, gRows, gCols, lead == 1 ? 0 : lead);
            long[] want = cpu.bivariateResultants(f, fRows, fCols, g, gRows, gCols, ps, points);
            long[] got = gpu.bivariateResultants(f, fRows, fCols, g, gRows, gCols, ps, points);
            assertArrayEquals(want, got, what + ", lead case " + lead);
        }
    }

    @Test
    void matchesTheCpuOnRandomGrids() {
        Random rnd = new Random(GpuTests.seed("bivariateResultantsMatchTheCpu"));
        int[][] shapes = {{1, 1, 1, 1}, {1, 5, 4, 3}, {4, 1, 1, 6}, {2, 2, 2, 2}, {7, 9, 5, 12}, {21, 21, 21, 21},
            {41, 30, 35, 41}, {61, 61, 61, 61}};
        for (int bits : new int[] {20, 23, 26}) {
            for (int[] s : shapes) {
                long[] ps = GpuImageEngineTest.primes(rnd, 1 + rnd.nextInt(6), bits);
                int points = s[0] * s[3] + s[1] * s[2] + 1; // about the resultant's degree bound + 1
                check(rnd, ps, s[0], s[1], s[2], s[3], points, bits + "-bit primes, f " + s[0] + " x " + s[1]
                        + ", g " + s[2] + " x " + s[3] + ", " + points + " points");
            }
        }
        // the Montgomery kernel (any odd prime): forced
        System.setProperty("modalg.gpu.imageArithmetic", "mont");
        long[] ps = GpuImageEngineTest.primes(rnd, 3, 25);
        check(rnd, ps, 9, 7, 8, 6, 60, "Montgomery kernel");
        // more instances than one launch takes (work arrays beyond the L2 chunk)
        long[] many = GpuImageEngineTest.primes(rnd, 40, 26);
        System.clearProperty("modalg.gpu.imageArithmetic");
        check(rnd, many, 30, 30, 30, 30, 1801, "40 primes x 1801 points");
        assertEquals(0, gpu.bivariateResultants(new long[4], 2, 2, new long[4], 2, 2, new long[0], 5).length);
    }

    @Test
    void instancesTheDeviceDidNotProduceAreRecomputedOnTheHost() {
        Random rnd = new Random(GpuTests.seed("bivariateResultantsSentinel"));
        long[] ps = GpuImageEngineTest.primes(rnd, 5, 26);
        long[] f = grids(rnd, ps, 12, 10, 0);
        long[] g = grids(rnd, ps, 9, 11, 1);
        long[] want = cpu.bivariateResultants(f, 12, 10, g, 9, 11, ps, 200);
        GpuImageEngine.faultEveryForTests(3); // blocks 0, 3, 6, ... write nothing
        assertArrayEquals(want, gpu.bivariateResultants(f, 12, 10, g, 9, 11, ps, 200));
        assertTrue(warnings.stream().anyMatch(w -> w.contains("recomputed on the CPU")), warnings.toString());
    }

    private void checkCosets(Random rnd, long[] ps, int fRows, int fCols, int gRows, int gCols, int log2m, int cosets,
            String what) {
        for (int lead = 0; lead < 3; lead++) {
            long[] f = grids(rnd, ps, fRows, fCols, lead);
            long[] g = grids(rnd, ps, gRows, gCols, lead == 1 ? 0 : lead);
            long[] shifts = new long[ps.length * cosets];
            for (int j = 0; j < shifts.length; j++) {
                shifts[j] = 1 + Math.floorMod(rnd.nextLong(), ps[j / cosets] - 1);
            }
            long[] want = cpu.bivariateResultantsOnCosets(f, fRows, fCols, g, gRows, gCols, ps, log2m, shifts, cosets);
            long[] got = gpu.bivariateResultantsOnCosets(f, fRows, fCols, g, gRows, gCols, ps, log2m, shifts, cosets);
            assertArrayEquals(want, got, what + ", lead case " + lead);
        }
    }

    /**
     * {@link GpuImageEngine#bivariateResultantsOnCosets} against the CPU engine's NTT evaluations,
     * bit for bit: primes 1 modulo 2^k below 2^26, one to five cosets, the F64 and the forced
     * Montgomery kernel, more instances than one launch, and the sentinel path.
     */
    @Test
    void cosetsMatchTheCpu() {
        Random rnd = new Random(GpuTests.seed("bivariateCosetsMatchTheCpu"));
        int[][] shapes = {{1, 1, 1, 1}, {1, 5, 4, 3}, {4, 1, 1, 6}, {7, 9, 5, 12}, {21, 21, 21, 21}, {41, 30, 35, 41}};
        for (int[] s : shapes) {
            int log2m = 1 + rnd.nextInt(9);
            long[] ps = org.modalg.modular.PrimeStream.ntt(1L << 26, log2m).next(1 + rnd.nextInt(5));
            int cosets = 1 + rnd.nextInt(5);
            checkCosets(rnd, ps, s[0], s[1], s[2], s[3], log2m, cosets, "f " + s[0] + " x " + s[1] + ", g " + s[2]
                    + " x " + s[3] + ", M = 2^" + log2m + ", " + cosets + " cosets");
        }
        System.setProperty("modalg.gpu.imageArithmetic", "mont");
        checkCosets(rnd, org.modalg.modular.PrimeStream.ntt(1L << 26, 6).next(3), 9, 7, 8, 6, 6, 3,
                "Montgomery kernel");
        System.clearProperty("modalg.gpu.imageArithmetic");
        checkCosets(rnd, org.modalg.modular.PrimeStream.ntt(1L << 26, 9).next(40), 30, 30, 30, 30, 9, 4,
                "40 primes x 4 cosets of 512 points");
        long[] ps = org.modalg.modular.PrimeStream.ntt(1L << 26, 5).next(4);
        long[] f = grids(rnd, ps, 12, 10, 0);
        long[] g = grids(rnd, ps, 9, 11, 1);
        long[] shifts = {1, 3, 1, 5, 2, 7, 11, 1};
        long[] want = cpu.bivariateResultantsOnCosets(f, 12, 10, g, 9, 11, ps, 5, shifts, 2);
        GpuImageEngine.faultEveryForTests(3); // blocks 0, 3, 6, ... write nothing
        assertArrayEquals(want, gpu.bivariateResultantsOnCosets(f, 12, 10, g, 9, 11, ps, 5, shifts, 2));
        assertTrue(warnings.stream().anyMatch(w -> w.contains("recomputed on the CPU")), warnings.toString());
    }

    /**
     * The coset kernels, a thread per point with rows of doubles ({@code thread}) or of 32-bit
     * words ({@code thread32}) and a block per point ({@code block}), against the CPU engine on
     * random shapes (seed printed): grids up
     * to 61 x 61, one to six cosets of up to 2^10 points, leading rows vanishing at a point or
     * everywhere (the lead cases of {@link #grids}), rows beyond 96 (the thread kernel's shared
     * memory above 48 KB, by the opt-in), and a block of 64 threads forced.
     */
    @Test
    void everyCosetKernelMatchesTheCpuOnRandomShapes() {
        Random rnd = new Random(GpuTests.seed("bivariateCosetKernelsMatchTheCpu"));
        for (String kernel : new String[] {"thread", "thread32", "block"}) {
            System.setProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY, kernel);
            for (int trial = 0; trial < 6; trial++) {
                int fRows = 1 + rnd.nextInt(61);
                int gRows = 1 + rnd.nextInt(61);
                int fCols = 1 + rnd.nextInt(61);
                int gCols = 1 + rnd.nextInt(61);
                int log2m = 1 + rnd.nextInt(10);
                int cosets = 1 + rnd.nextInt(6);
                long[] ps = org.modalg.modular.PrimeStream.ntt(1L << 26, log2m).next(1 + rnd.nextInt(4));
                checkCosets(rnd, ps, fRows, fCols, gRows, gCols, log2m, cosets, kernel + " kernel, f " + fRows + " x "
                        + fCols + ", g " + gRows + " x " + gCols + ", M = 2^" + log2m + ", " + cosets + " cosets");
            }
            checkCosets(rnd, org.modalg.modular.PrimeStream.ntt(1L << 26, 4).next(2), 130, 3, 101, 4, 4, 2,
                    kernel + " kernel, 130 and 101 rows");
        }
        System.setProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY, "thread");
        System.setProperty("modalg.gpu.bivariateThreads", "64");
        try {
            checkCosets(rnd, org.modalg.modular.PrimeStream.ntt(1L << 26, 7).next(3), 20, 15, 18, 16, 7, 3,
                    "thread kernel, blocks of 64");
        } finally {
            System.clearProperty("modalg.gpu.bivariateThreads");
        }
        System.setProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY, "warp");
        long[] ps = org.modalg.modular.PrimeStream.ntt(1L << 26, 2).next(1);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> gpu.bivariateResultantsOnCosets(new long[4], 2, 2, new long[4], 2, 2, ps, 2, new long[] {1}, 1));
        assertTrue(e.getMessage().contains(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY), e.getMessage());
    }

    /**
     * The thread kernel pairs the points a and -a of a coset, so its launches must take whole
     * cosets: with the device's allocations capped below one launch of all 15 cosets of 2^9
     * points of 3 primes, the launch is halved and rounded down to whole cosets (7 cosets, not
     * 7.5), and the images still equal the CPU engine's; capped below one coset, every image is
     * recomputed on the host.
     */
    @Test
    void theThreadKernelSplitsItsLaunchesInWholeCosets() {
        Random rnd = new Random(GpuTests.seed("bivariateThreadSplitsInWholeCosets"));
        System.setProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY, "thread");
        long[] ps = org.modalg.modular.PrimeStream.ntt(1L << 26, 9).next(3);
        int cosets = 5;
        long[] f = grids(rnd, ps, 10, 10, 0);
        long[] g = grids(rnd, ps, 9, 10, 1);
        long[] shifts = new long[ps.length * cosets];
        for (int j = 0; j < shifts.length; j++) {
            shifts[j] = 1 + Math.floorMod(rnd.nextLong(), ps[j / cosets] - 1);
        }
        long[] want = cpu.bivariateResultantsOnCosets(f, 10, 10, g, 9, 10, ps, 9, shifts, cosets);
        long outputs = (long) ps.length * cosets * 512 * Long.BYTES; // 60 KB, one launch's outputs
        try {
            DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + 40 * 1024);
            assertArrayEquals(want, gpu.bivariateResultantsOnCosets(f, 10, 10, g, 9, 10, ps, 9, shifts, cosets),
                    "launches halved to whole cosets");
            assertTrue(warnings.stream().anyMatch(w -> w.contains("split into launches of 3584")), warnings.toString());
            warnings.clear();
            DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + outputs / 32);
            assertArrayEquals(want, gpu.bivariateResultantsOnCosets(f, 10, 10, g, 9, 10, ps, 9, shifts, cosets),
                    "less room than one coset");
            assertTrue(warnings.stream().anyMatch(w -> w.contains("recomputed on the CPU")), warnings.toString());
        } finally {
            DeviceBuffer.limitAllocationsForTests(Long.MAX_VALUE);
        }
    }

    /** {@link GpuImageEngine#rowLengths} against a direct scan of each row, on random sparse grids. */
    @Test
    void rowLengthsBoundTheNonZeroColumns() {
        Random rnd = new Random(GpuTests.seed("bivariateRowLengths"));
        for (int trial = 0; trial < 20; trial++) {
            int rows = 1 + rnd.nextInt(9);
            int cols = 1 + rnd.nextInt(9);
            int count = 1 + rnd.nextInt(4);
            long[] res = new long[rows * cols * count];
            for (int t = 0; t < res.length; t++) {
                res[t] = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(100) : 0;
            }
            long[] len = GpuImageEngine.rowLengths(res, rows, cols, count);
            for (int r = 0; r < rows; r++) {
                long want = 0;
                for (int j = 0; j < count; j++) {
                    for (int k = 0; k < cols; k++) {
                        if (res[(j * rows + r) * cols + k] != 0) {
                            want = Math.max(want, k + 1);
                        }
                    }
                }
                assertEquals(want, len[r], "row " + r + " of " + rows + " x " + cols + " x " + count);
            }
        }
    }

    /**
     * The bivariate resultant end to end on the device's coset route (the thread kernel) against
     * the CPU backend, random inputs (seed printed): dense of total degree up to 40 and 16 or 64
     * bits, a common factor (the zero resultant), a leading coefficient in x that vanishes at
     * y = 1 and y = 0 (points where the degree drops; y = 1 is a root of unity of every coset
     * group), and one of x-degree lower in g than its y-degree.
     */
    @Test
    void theCosetRouteOnTheGpuEqualsTheCpuWithDegreeDropsAndZeroResultants() {
        Random rnd = new Random(GpuTests.seed("bivariateCosetEndToEnd"));
        Options cpuOptions = Options.defaults().withBackend(Backend.CPU);
        Options gpuOptions = Options.defaults().withBackend(Backend.GPU);
        int d1 = 20 + rnd.nextInt(21);
        int d2 = 5 + rnd.nextInt(20);
        ZZBivariate common = dense(rnd, 6, 8);
        ZZBivariate[][] cases = {
            {dense(rnd, d1, 16), dense(rnd, d1, 16)},
            {dense(rnd, d2, 64), dense(rnd, d2 + 3, 64)},
            {dense(rnd, 12, 20).multiply(common), dense(rnd, 10, 20).multiply(common)},
            {withLead(dense(rnd, 15, 30), rnd), dense(rnd, 14, 30)},
            {withLead(dense(rnd, 10, 16), rnd), withLead(dense(rnd, 9, 16), rnd)},
        };
        for (ZZBivariate[] c : cases) {
            ZZPoly want = BivariateResultant.resultant(c[0], c[1], cpuOptions).value();
            ModularResult<ZZPoly> got = BivariateResultant.resultant(c[0], c[1], gpuOptions);
            assertEquals(want, got.value(), "deg_x " + c[0].degreeX() + " and " + c[1].degreeX() + ", deg_y "
                    + c[0].degreeY() + " and " + c[1].degreeY());
        }
        ZZPoly zero = BivariateResultant.resultant(cases[2][0], cases[2][1], gpuOptions).value();
        assertTrue(zero.isZero(), "a common factor gives the zero resultant");
    }

    // f with its leading coefficient in x replaced by c y (y - 1) (zero at y = 0 and y = 1)
    private static ZZBivariate withLead(ZZBivariate f, Random rnd) {
        int n = f.degreeX();
        ZZPoly[] r = new ZZPoly[n + 1];
        for (int i = 0; i < n; i++) {
            r[i] = f.coefficientInX(i);
        }
        BigInteger c = BigInteger.valueOf(1 + rnd.nextInt(1000));
        r[n] = ZZPoly.of(BigInteger.ZERO, c.negate(), c);
        return ZZBivariate.ofCoefficientsInX(r);
    }

    @Test
    void theBivariateResultantOnTheGpuEqualsTheCpu() {
        Random rnd = new Random(GpuTests.seed("bivariateResultantEndToEnd"));
        for (int d : new int[] {3, 12, 25}) {
            ZZBivariate f = dense(rnd, d, 64);
            ZZBivariate g = dense(rnd, d, 64);
            ZZPoly want = BivariateResultant.resultant(f, g, Options.defaults().withBackend(Backend.CPU)).value();
            ModularResult<ZZPoly> got = BivariateResultant.resultant(f, g, Options.defaults().withBackend(Backend.GPU));
            assertEquals(want, got.value(), "total degree " + d);
        }
    }

    static ZZBivariate dense(Random rnd, int d, int bits) {
        BigInteger[][] grid = new BigInteger[d + 1][d + 1];
        for (int i = 0; i <= d; i++) {
            for (int j = 0; j <= d; j++) {
                BigInteger v = i + j <= d ? new BigInteger(bits, rnd) : BigInteger.ZERO;
                grid[i][j] = rnd.nextBoolean() ? v.negate() : v;
            }
        }
        return ZZBivariate.ofGrid(grid);
    }
}
