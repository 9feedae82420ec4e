package org.modalg.fft.fp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The float twin against the schoolbook product, within its proven bound; the pieces it shares
 * with {@link FpFft} (argument checks, bit reversal) against their definitions.
 */
class FpFftFloatTest {
    @Test
    void floatConvolutionIsWithinItsBound() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("floatConvolutionIsWithinItsBound seed " + seed);
        Random rnd = new Random(seed);
        for (int iter = 0; iter < 20; iter++) {
            int la = 1 + rnd.nextInt(200);
            int lb = 1 + rnd.nextInt(200);
            float[] a = new float[la];
            float[] b = new float[lb];
            for (int i = 0; i < la; i++) {
                a[i] = rnd.nextInt(19) - 9;
            }
            for (int i = 0; i < lb; i++) {
                b[i] = rnd.nextInt(19) - 9;
            }
            float[] c = new float[la + lb - 1];
            FpFftFloat.convolve(a, la, b, lb, c);
            double bound = FpErrorBound.boundFloat(9, 9, la, lb, FpErrorBound.logLength(la + lb - 1));
            for (int k = 0; k < c.length; k++) {
                long exact = 0;
                for (int i = Math.max(0, k - lb + 1); i <= Math.min(k, la - 1); i++) {
                    exact += (long) a[i] * (long) b[k - i];
                }
                assertTrue(Math.abs(c[k] - exact) <= bound, "k=" + k + " error " + Math.abs(c[k] - exact)
                        + " bound " + bound);
            }
        }
    }

    @Test
    void bothPrecisionsRejectTheSameArguments() {
        double[] d = new double[8];
        float[] f = new float[8];
        String[][] cases = {{"0", "1", "8", "lengths must be in [1, array length], got la=0 lb=1"},
            {"9", "1", "16", "lengths must be in [1, array length], got la=9 lb=1"},
            {"4", "4", "6", "out must hold la + lb - 1 = 7 values, has 6"}};
        for (String[] c : cases) {
            int la = Integer.parseInt(c[0]);
            int lb = Integer.parseInt(c[1]);
            int lo = Integer.parseInt(c[2]);
            IllegalArgumentException ed = assertThrows(IllegalArgumentException.class,
                    () -> FpFft.convolve(d, la, d, lb, new double[lo]));
            IllegalArgumentException ef = assertThrows(IllegalArgumentException.class,
                    () -> FpFftFloat.convolve(f, la, f, lb, new float[lo]));
            assertEquals(c[3], ed.getMessage());
            assertEquals(c[3], ef.getMessage());
        }
        int big = (1 << FpFft.MAX_LOG_N) / 2 + 1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FpFft.convolutionLog(big, big, big, big, 2 * big));
        assertTrue(e.getMessage().contains("needs more than 2^" + FpFft.MAX_LOG_N), e.getMessage());
        assertEquals(FpFft.MAX_LOG_N, FpFft.convolutionLog(big - 1, big, big, big, 2 * big));
        assertEquals(2, FpFft.convolutionLog(1, 1, 1, 1, 1)); // at least 4 points
    }

    @Test
    void bitReversalAgainstItsDefinition() {
        for (int logN = 0; logN <= 12; logN++) {
            for (int i = 0; i < 1 << logN; i++) {
                int r = 0;
                for (int bit = 0; bit < logN; bit++) { // bit `bit` of i is bit logN - 1 - bit of r
                    r |= ((i >> bit) & 1) << (logN - 1 - bit);
                }
                assertEquals(r, FpFft.bitReversed(i, logN), "i=" + i + " logN=" + logN);
            }
        }
        assertEquals((1 << 27) - 1, FpFft.bitReversed((1 << 27) - 1, 27));
        assertEquals(1 << 26, FpFft.bitReversed(1, 27));
    }
}
