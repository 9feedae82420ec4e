package org.modalg.polynomial.zp;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;

/**
 * Not a test: products mod f over Z/pZ (p = 2^62 - 57, the largest word-size field below FLINT's nmod modulus) on one
 * thread, CPU backend, deg f = 2^k for k in [lo, hi]: a product of two operands of deg f
 * coefficients alone, {@link ZpPolyModulus#mulMod} with the transforms reused and without
 * ({@code reuseTransforms}), and the plain route (multiply, then {@link ZpPoly#remainder}),
 * alternately in one JVM, minima of the thread's CPU time over the rounds; checks that all
 * agree. Run: java -cp ... org.modalg.polynomial.zp.ZpMulModRun [lo hi rounds]
 */
public final class ZpMulModRun {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private ZpMulModRun() {
    }

    public static void main(String[] args) {
        int lo = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int hi = args.length > 1 ? Integer.parseInt(args[1]) : 18;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Options o = Options.defaults().withThreads(1).withBackend(Backend.CPU);
        ZpField field = ZpField.of(4611686018427387847L);
        System.out.println("log2n,product_ms,mulmod_reused_ms,mulmod_inverse_only_ms,plain_ms,reused/product,plain/reused,"
                + "inverse_only/reused");
        for (int k = lo; k <= hi; k++) {
            int n = 1 << k;
            Random rnd = new Random(k);
            long[] fc = new long[n + 1];
            long[] ac = new long[n];
            long[] bc = new long[n];
            for (int i = 0; i < n; i++) {
                fc[i] = Math.floorMod(rnd.nextLong(), field.p());
                ac[i] = Math.floorMod(rnd.nextLong(), field.p());
                bc[i] = Math.floorMod(rnd.nextLong(), field.p());
            }
            fc[n] = 1;
            ZpPoly f = ZpPoly.of(field, fc);
            ZpPoly a = ZpPoly.of(field, ac);
            ZpPoly b = ZpPoly.of(field, bc);
            ZpPolyModulus.reuseTransforms = true;
            ZpPolyModulus reused = ZpPolyModulus.of(f, o);
            ZpPolyModulus.reuseTransforms = false;
            ZpPolyModulus inverseOnly = ZpPolyModulus.of(f, o);
            ZpPolyModulus.reuseTransforms = true;
            long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
            int reps = Math.max(1, (1 << 16) / n);
            for (int r = 0; r <= rounds; r++) {
                ZpPoly[] got = new ZpPoly[4];
                for (int v = 0; v < 4; v++) {
                    long t = MX.getCurrentThreadCpuTime();
                    for (int i = 0; i < reps; i++) {
                        switch (v) {
                            case 0 -> got[0] = a.multiply(b, o);
                            case 1 -> got[1] = reused.mulMod(a, b);
                            case 2 -> got[2] = inverseOnly.mulMod(a, b);
                            default -> got[3] = a.multiply(b, o).remainder(f);
                        }
                    }
                    t = (MX.getCurrentThreadCpuTime() - t) / reps;
                    if (r > 0) {
                        best[v] = Math.min(best[v], t);
                    }
                }
                if (!got[1].equals(got[3]) || !got[2].equals(got[3])) {
                    throw new AssertionError("mulMod differs from the plain route at 2^" + k);
                }
            }
            System.out.printf("%d,%.3f,%.3f,%.3f,%.3f,%.2f,%.2f,%.2f%n", k, best[0] / 1e6, best[1] / 1e6, best[2] / 1e6,
                    best[3] / 1e6, (double) best[1] / best[0], (double) best[3] / best[1], (double) best[2] / best[1]);
        }
    }
}
