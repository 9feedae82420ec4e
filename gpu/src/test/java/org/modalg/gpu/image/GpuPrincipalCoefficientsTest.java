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
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.bivariate.BivariateSubresultants;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * {@link GpuImageEngine#principalCoefficientsOnCosets} (the thread kernel's psc variant) against
 * the CPU engine ({@link org.modalg.modular.image.ImageEngines#cpu}, itself checked against the
 * determinantal definition in the modular module's PrincipalCoefficientsEngineTest), bit for bit,
 * on random residue grids (seed printed): leading coefficients in x vanishing at a point or
 * everywhere, planted degree gaps (f = x^(n-m) g + h), the rows as doubles and as 32-bit words,
 * more rows than the shared memory holds (the host's path), the sentinel path; and
 * {@link BivariateSubresultants#principalCoefficients} with {@link Backend#GPU} against the CPU
 * backend end to end.
 */
@Tag("gpu")
class GpuPrincipalCoefficientsTest extends GpuImageEngineFixture {

    @AfterEach
    void stop() {
        System.clearProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY);
    }

    // f = x^(fRows - gRows) g + h, h random in its first hRows rows, the grids of g from grids()
    private static long[][] gapPair(Random rnd, long[] ps, int fRows, int gRows, int cols, int hRows, int lead) {
        long[] g = GpuBivariateResultantsTest.grids(rnd, ps, gRows, cols, lead);
        long[] f = new long[ps.length * fRows * cols];
        int shift = fRows - gRows;
        for (int j = 0; j < ps.length; j++) {
            for (int i = 0; i < fRows; i++) {
                for (int k = 0; k < cols; k++) {
                    long v = i >= shift ? g[(j * gRows + i - shift) * cols + k] : 0;
                    if (i < hRows) {
                        v = (v + Math.floorMod(rnd.nextLong(), ps[j])) % ps[j];
                    }
                    f[(j * fRows + i) * cols + k] = v;
                }
            }
        }
        return new long[][] {f, g};
    }

    private static long[] shifts(Random rnd, long[] ps, int cosets) {
        long[] s = new long[ps.length * cosets];
        for (int j = 0; j < s.length; j++) {
            s[j] = 1 + Math.floorMod(rnd.nextLong(), ps[j / cosets] - 1);
        }
        return s;
    }

    private void check(long[] f, int fRows, int fCols, long[] g, int gRows, int gCols, long[] ps, int log2m,
            long[] shifts, int cosets, String what) {
        long[] want = cpu.principalCoefficientsOnCosets(f, fRows, fCols, g, gRows, gCols, ps, log2m, shifts, cosets);
        long[] got = gpu.principalCoefficientsOnCosets(f, fRows, fCols, g, gRows, gCols, ps, log2m, shifts, cosets);
        assertArrayEquals(want, got, what);
    }

    @Test
    void pscImagesMatchTheCpuOnRandomGridsWithGapsAndDrops() {
        Random rnd = new Random(GpuTests.seed("principalCoefficientsMatchTheCpu"));
        for (String kernel : new String[] {"auto", "thread", "thread32"}) {
            System.setProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY, kernel);
            for (int trial = 0; trial < 8; trial++) {
                int fRows = 1 + rnd.nextInt(61);
                int gRows = 1 + rnd.nextInt(61);
                int fCols = 1 + rnd.nextInt(40);
                int gCols = 1 + rnd.nextInt(40);
                int log2m = 1 + rnd.nextInt(8);
                int cosets = 1 + rnd.nextInt(3);
                long[] ps = PrimeStream.ntt(1L << 26, log2m).next(1 + rnd.nextInt(3));
                for (int lead = 0; lead < 3; lead++) {
                    long[] f = GpuBivariateResultantsTest.grids(rnd, ps, fRows, fCols, lead);
                    long[] g = GpuBivariateResultantsTest.grids(rnd, ps, gRows, gCols, lead == 1 ? 0 : lead);
                    check(f, fRows, fCols, g, gRows, gCols, ps, log2m, shifts(rnd, ps, cosets), cosets, kernel
                            + " kernel, f " + fRows + " x " + fCols + ", g " + gRows + " x " + gCols + ", M = 2^"
                            + log2m + ", " + cosets + " cosets, lead case " + lead);
                }
                // planted gaps: the first remainder is h, of x-degree below m - 2 (h = 0: all zero)
                int m = 3 + rnd.nextInt(40);
                int n = m + rnd.nextInt(5);
                int hRows = trial == 0 ? 0 : 1 + rnd.nextInt(m - 2);
                int cols = 1 + rnd.nextInt(30);
                long[][] fg = gapPair(rnd, ps, n, m, cols, hRows, trial % 2);
                boolean swap = rnd.nextBoolean();
                check(swap ? fg[1] : fg[0], swap ? m : n, cols, swap ? fg[0] : fg[1], swap ? n : m, cols, ps, log2m,
                        shifts(rnd, ps, cosets), cosets, kernel + " kernel, planted gap: rows " + n + " and " + m
                        + ", h of " + hRows + " rows" + (swap ? ", swapped" : ""));
            }
        }
        System.clearProperty(GpuImageEngine.BIVARIATE_KERNEL_PROPERTY);
        // more rows than two a thread fit in shared memory: the host computes them
        long[] ps = PrimeStream.ntt(1L << 26, 1).next(1);
        long[] f = GpuBivariateResultantsTest.grids(rnd, ps, 1000, 2, 0);
        long[] g = GpuBivariateResultantsTest.grids(rnd, ps, 999, 2, 0);
        check(f, 1000, 2, g, 999, 2, ps, 1, shifts(rnd, ps, 1), 1, "1000 and 999 rows");
        assertEquals(0, gpu.principalCoefficientsOnCosets(new long[4], 1, 4, new long[4], 2, 2, ps, 1,
                new long[] {1}, 1).length);
    }

    @Test
    void instancesTheDeviceDidNotProduceAreRecomputedOnTheHost() {
        Random rnd = new Random(GpuTests.seed("principalCoefficientsSentinel"));
        long[] ps = PrimeStream.ntt(1L << 26, 5).next(4);
        long[] f = GpuBivariateResultantsTest.grids(rnd, ps, 12, 10, 0);
        long[] g = GpuBivariateResultantsTest.grids(rnd, ps, 9, 11, 1);
        long[] shifts = shifts(rnd, ps, 2);
        long[] want = cpu.principalCoefficientsOnCosets(f, 12, 10, g, 9, 11, ps, 5, shifts, 2);
        GpuImageEngine.faultEveryForTests(3); // instances 0, 3, 6, ... write nothing
        assertArrayEquals(want, gpu.principalCoefficientsOnCosets(f, 12, 10, g, 9, 11, ps, 5, shifts, 2));
        assertTrue(warnings.stream().anyMatch(w -> w.contains("recomputed on the CPU")), warnings.toString());
    }

    /**
     * principalCoefficients end to end, GPU backend against CPU backend: dense inputs of total
     * degree up to 30 and 16 or 64 bits, a common factor (psc_j = 0 below its degree in x), a
     * leading coefficient in x vanishing at y = 0 and y = 1, unequal degrees in x.
     */
    @Test
    void principalCoefficientsOnTheGpuEqualTheCpu() {
        Random rnd = new Random(GpuTests.seed("principalCoefficientsEndToEnd"));
        Options cpuOptions = Options.defaults().withBackend(Backend.CPU);
        Options gpuOptions = Options.defaults().withBackend(Backend.GPU);
        int d1 = 15 + rnd.nextInt(16);
        ZZBivariate common = GpuBivariateResultantsTest.dense(rnd, 4, 8);
        ZZBivariate[][] cases = {
            {GpuBivariateResultantsTest.dense(rnd, d1, 16), GpuBivariateResultantsTest.dense(rnd, d1, 16)},
            {GpuBivariateResultantsTest.dense(rnd, 9, 64), GpuBivariateResultantsTest.dense(rnd, 13, 64)},
            {GpuBivariateResultantsTest.dense(rnd, 8, 20).multiply(common),
                GpuBivariateResultantsTest.dense(rnd, 7, 20).multiply(common)},
            {withLead(GpuBivariateResultantsTest.dense(rnd, 12, 30), rnd),
                GpuBivariateResultantsTest.dense(rnd, 11, 30)},
        };
        for (ZZBivariate[] c : cases) {
            List<ZZPoly> want = BivariateSubresultants.principalCoefficients(c[0], c[1], cpuOptions).value();
            List<ZZPoly> got = BivariateSubresultants.principalCoefficients(c[0], c[1], gpuOptions).value();
            assertEquals(want, got, "deg_x " + c[0].degreeX() + " and " + c[1].degreeX() + ", deg_y "
                    + c[0].degreeY() + " and " + c[1].degreeY());
        }
        List<ZZPoly> withCommon = BivariateSubresultants.principalCoefficients(cases[2][0], cases[2][1], gpuOptions)
                .value();
        int k = common.degreeX();
        for (int j = 0; j < k; j++) {
            assertTrue(withCommon.get(j).isZero(), "psc_" + j + " below the common factor's degree " + k);
        }
        assertTrue(!withCommon.get(k).isZero(), "psc_" + k + " at the gcd's degree");
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
}
