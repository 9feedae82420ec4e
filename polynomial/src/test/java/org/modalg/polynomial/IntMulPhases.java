package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.modalg.fft.CpuNttEngine;

/**
 * Not a test: where the time of one NTT integer product goes (limbs, residues + transforms,
 * Garner, carry, BigInteger), minimum over repeats. Run:
 * java -cp ... org.modalg.polynomial.IntMulPhases bits [threads] [primes]
 */
public final class IntMulPhases {
    public static void main(String[] args) {
        int bits = Integer.parseInt(args[0]);
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int force = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        Random rnd = new Random(1);
        BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
        BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
        IntMulShape shape = IntMulShape.choose(bits, bits, false, force);
        System.out.println(shape);
        int s = shape.primes();
        long[] primes = Arrays.copyOf(IntMulShape.PRIMES, s);
        int pieces = (int) shape.productPieces();
        double[] best = new double[6];
        Arrays.fill(best, Double.MAX_VALUE);
        try (CpuNttEngine engine = new CpuNttEngine(threads)) {
            for (int r = 0; r < 6; r++) {
                long t0 = System.nanoTime();
                long[] la = Limbs.magnitude(a);
                long[] lb = Limbs.magnitude(b);
                long t1 = System.nanoTime();
                long[] res = shape.split()
                        ? IntegerMultiplication.splitConvolution(shape, la, lb, false, primes, engine)
                        : IntegerMultiplication.cyclicConvolution(shape, la, lb, false, primes, engine);
                long t2 = System.nanoTime();
                long[] limbs = new long[(2 * bits + 63) / 64 + 1];
                long t3 = System.nanoTime();
                IntMulShape.garnerAndCarry(res, pieces, s, shape.pieceBits(), limbs);
                long t4 = System.nanoTime();
                BigInteger c = Limbs.toBigInteger(limbs);
                long t5 = System.nanoTime();
                long[] ts = {t0, t1, t2, t3, t4, t5};
                for (int i = 0; i < 5; i++) {
                    best[i] = Math.min(best[i], (ts[i + 1] - ts[i]) / 1e6);
                }
                best[5] = Math.min(best[5], (t5 - t0) / 1e6);
                if (r == 0 && bits <= 20_000_000 && !c.equals(a.multiply(b))) {
                    throw new AssertionError("wrong product");
                }
            }
        }
        System.out.printf("limbs %.1f  residues+transforms %.1f  allocate %.1f  garner+carry %.1f  toBigInteger %.1f"
                + "  total %.1f ms (minima)%n", best[0], best[1], best[2], best[3], best[4], best[5]);
    }
}
