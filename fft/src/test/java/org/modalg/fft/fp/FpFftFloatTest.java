package org.modalg.fft.fp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The float twin against the schoolbook product, within its proven bound. */
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
}
