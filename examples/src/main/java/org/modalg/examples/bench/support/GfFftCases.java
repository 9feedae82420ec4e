package org.modalg.examples.bench.support;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.bigprime.BigIntegerFft;
import org.modalg.fft.bigprime.GfFft;
import org.modalg.fields.GfField;

/**
 * The inputs, checks and timed call that the big-prime FFT's benchmark ({@code FftBenchmark})
 * and study ({@code FftStudy}) share: random field elements in both representations, the
 * big-prime FFT against the same DFT in BigInteger arithmetic, the CRT route's limbs and its
 * projection/reconstruction round trip.
 */
public final class GfFftCases {
    private GfFftCases() {
    }

    /**
     * values.length random elements of f (p.bitLength() + 16 random bits reduced mod p, so
     * nearly uniform), as BigIntegers into {@code values} and as the returned vector of k digits
     * each. O(N k^2).
     */
    public static long[] randomElements(GfField f, BigInteger[] values, Random rnd) {
        int k = f.k();
        BigInteger p = f.modulus();
        long[] data = new long[values.length * k];
        for (int i = 0; i < values.length; i++) {
            values[i] = new BigInteger(p.bitLength() + 16, rnd).mod(p);
            f.fromBigInteger(values[i], data, i * k);
        }
        return data;
    }

    /** Nanoseconds of one forward transform of a copy of data: serial when pool is null, else on it. */
    public static long forwardNanos(GfFft plan, long[] data, ForkJoinPool pool) {
        long[] d = data.clone();
        long t0 = System.nanoTime();
        if (pool == null) {
            plan.forward(d);
        } else {
            plan.forward(d, pool);
        }
        return System.nanoTime() - t0;
    }

    /**
     * Throws unless plan's DFT of data (2^log2N elements) equals {@link BigIntegerFft}'s of values
     * (the same elements). O(N log N k^2) for the BigInteger side.
     *
     * @throws IllegalStateException naming the first index that differs, the field and N
     */
    public static void checkAgainstBigInteger(GfField f, int log2N, long[] data, BigInteger[] values, GfFft plan) {
        int k = f.k();
        long[] d = data.clone();
        plan.forward(d);
        BigInteger[] x = values.clone();
        new BigIntegerFft(f, log2N).forward(x, null);
        for (int i = 0; i < values.length; i++) {
            if (!f.toBigInteger(d, i * k).equals(x[i])) {
                throw new IllegalStateException("big-prime FFT and BigInteger FFT differ at " + i + " in " + f.name()
                        + ", N = 2^" + log2N);
            }
        }
    }

    /** The values' low k 64-bit limbs each, element-major (the CRT route's input). O(N k). */
    public static long[] limbs(BigInteger[] values, int k) {
        long[] limbs = new long[values.length * k];
        for (int i = 0; i < values.length; i++) {
            for (int j = 0; j < k; j++) {
                limbs[i * k + j] = values[i].shiftRight(64 * j).longValue();
            }
        }
        return limbs;
    }

    /**
     * Projects the n integers of k limbs onto the basis and reconstructs them, and throws unless
     * they come back (the basis must hold them: product of its primes above them).
     *
     * @throws IllegalStateException naming the first element that differs and {@code what}
     */
    public static void checkCrtRoundTrip(CrtBasis basis, long[] limbs, int n, int k, String what) {
        long[] residues = new long[basis.size() * n];
        int outLimbs = basis.modulusLimbCount();
        long[] back = new long[n * outLimbs];
        basis.projectAll(limbs, n, k, residues);
        basis.reconstructUnsigned(residues, n, back, outLimbs);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < outLimbs; j++) {
                if (back[i * outLimbs + j] != (j < k ? limbs[i * k + j] : 0)) {
                    throw new IllegalStateException("CRT round trip failed for " + what + " at " + i);
                }
            }
        }
    }
}
