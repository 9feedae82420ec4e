package org.modalg.polynomial.zz;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.modalg.polynomial.PolyOracles;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.CrtBasis;

/**
 * Not a test: where the time of the small-prime NTT product over Z goes (projection,
 * transforms, CRT to BigInteger), minimum over repeats. Run:
 * java -cp ... org.modalg.polynomial.zz.PolyMulPhases log2len bits [threads]
 */
public final class PolyMulPhases {
    public static void main(String[] args) {
        int len = 1 << Integer.parseInt(args[0]);
        int bits = Integer.parseInt(args[1]);
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Random rnd = new Random(1);
        BigInteger[] a = PolyOracles.randomSigned(rnd, len, bits);
        BigInteger[] b = PolyOracles.randomSigned(rnd, len, bits);
        int n = 2 * len - 1;
        int log2n = PolyMulZZ.ceilLog2(n);
        int size = 1 << log2n;
        int bound = PolyMulZZ.productBoundBits(PolyMulZZ.maxBits(a, 0, len), PolyMulZZ.maxBits(b, 0, len), len, len);
        // primes below 2^61 (each above 2^60) whose product exceeds 2^(bound + 1)
        CrtBasis basis = CrtBasis.of(org.modalg.fields.NttPrimes.generate((bound + 2) / 60 + 1, 1L << 61,
                Math.max(log2n, 24)));
        int s = basis.size();
        System.out.println("primes " + s + ", length 2^" + log2n + ", threads " + threads);
        double[] best = new double[5];
        Arrays.fill(best, Double.MAX_VALUE);
        try (CpuNttEngine engine = new CpuNttEngine(threads)) {
            for (int r = 0; r < 5; r++) {
                long t0 = System.nanoTime();
                long[] pa = new long[s * len];
                long[] pb = new long[s * len];
                basis.project(a, pa, threads);
                basis.project(b, pb, threads);
                long[] fa = new long[s * size];
                long[] fb = new long[s * size];
                for (int j = 0; j < s; j++) {
                    System.arraycopy(pa, j * len, fa, j * size, len);
                    System.arraycopy(pb, j * len, fb, j * size, len);
                }
                long t1 = System.nanoTime();
                engine.cyclicConvolution(basis.primes(), log2n, fa, fb, fa, s);
                long t2 = System.nanoTime();
                long[] res = new long[s * n];
                for (int j = 0; j < s; j++) {
                    System.arraycopy(fa, j * size, res, j * n, n);
                }
                BigInteger[] out = basis.toBigIntegers(res, n, true, threads);
                long t3 = System.nanoTime();
                best[0] = Math.min(best[0], (t1 - t0) / 1e6);
                best[1] = Math.min(best[1], (t2 - t1) / 1e6);
                best[2] = Math.min(best[2], (t3 - t2) / 1e6);
                best[3] = Math.min(best[3], (t3 - t0) / 1e6);
                if (out.length != n) {
                    throw new AssertionError();
                }
            }
        }
        System.out.printf("projection %.1f  transforms %.1f  crt %.1f  total %.1f ms (minima)%n",
                best[0], best[1], best[2], best[3]);
    }
}
