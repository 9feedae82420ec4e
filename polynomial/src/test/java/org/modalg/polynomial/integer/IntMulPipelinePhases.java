package org.modalg.polynomial.integer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Random;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.convolution.ConvolutionPlan;

/**
 * Not a test: the phases of {@link DoubleNttIntMul} on one thread in the shape it chooses (any
 * layout), through the pipeline's own calls: the limbs, the pieces' parts, the convolutions
 * (residues and transforms; the residues also alone), the recombination (Garner, normalization,
 * packing) and the BigInteger, each the minimum of the thread's CPU time over the repeats after a
 * warm-up of about a second. Run:
 * java -cp ... org.modalg.polynomial.integer.IntMulPipelinePhases [bits...] (default 10^5 10^6 10^7)
 */
public final class IntMulPipelinePhases {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        long[] sizes = args.length == 0 ? new long[] {100_000, 1_000_000, 10_000_000}
                : java.util.Arrays.stream(args).mapToLong(Long::parseLong).toArray();
        System.out.println("# load " + IntMulVsFlint.load());
        for (long bits : sizes) {
            run((int) bits);
        }
        System.out.println("# load " + IntMulVsFlint.load());
    }

    static void run(int bits) {
        Random rnd = new Random(1);
        BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
        BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
        DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(bits, bits, false, 0);
        int w = shape.pieceBits();
        String[] names = {"limbs", "parts", "convolve", "recombine", "BigInteger", "total", "residues alone",
            "multiplyCpu"};
        double[] best = new double[names.length];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        long warmEnd = System.nanoTime() + 1_500_000_000L;
        int reps = 0;
        long measureEnd = Long.MAX_VALUE;
        while (reps < 5 || System.nanoTime() < measureEnd) {
            boolean warm = System.nanoTime() < warmEnd;
            long[] t = new long[6];
            t[0] = cpu();
            long[] la = Limbs.magnitude(a);
            long[] lb = Limbs.magnitude(b);
            t[1] = cpu();
            DoubleNttIntMul.Pieces pa = new DoubleNttIntMul.Pieces(DoubleNttIntMul.parts(la, w, shape.piecesA()), w);
            DoubleNttIntMul.Pieces pb = new DoubleNttIntMul.Pieces(DoubleNttIntMul.parts(lb, w, shape.piecesB()), w);
            t[2] = cpu();
            ConvolutionPlan plan = DoubleNttIntMul.plan(shape);
            ConvolutionPlan.Convolved c = plan.convolve(pa, pb, 1);
            t[3] = cpu();
            long[] out = DoubleNttIntMul.limbs(plan, c, shape, 2L * bits, 1);
            t[4] = cpu();
            BigInteger p = Limbs.toBigInteger(out);
            t[5] = cpu();
            long r0 = cpu();
            double[][] m = org.modalg.fft.doublentt.DoubleNttPlan.of(DoubleNttIntMul.PRIMES[0], shape.log2n())
                    .borrowCoefficients();
            for (int j = 0; j < shape.primes(); j++) {
                pa.residues(DoubleNttIntMul.PRIMES[j], m);
                pb.residues(DoubleNttIntMul.PRIMES[j], m);
            }
            org.modalg.fft.doublentt.DoubleNttPlan.giveBack(m);
            long r1 = cpu();
            BigInteger q = IntegerMultiplication.multiplyCpu(a, b, 1);
            long r2 = cpu();
            if (!p.equals(q)) {
                throw new AssertionError("phases and multiplyCpu differ");
            }
            if (warm) {
                continue;
            }
            if (measureEnd == Long.MAX_VALUE) {
                measureEnd = System.nanoTime() + 3_000_000_000L;
            }
            reps++;
            for (int i = 0; i < 5; i++) {
                best[i] = Math.min(best[i], (t[i + 1] - t[i]) / 1e6);
            }
            best[5] = Math.min(best[5], (t[5] - t[0]) / 1e6);
            best[6] = Math.min(best[6], (r1 - r0) / 1e6);
            best[7] = Math.min(best[7], (r2 - r1) / 1e6);
        }
        System.out.println(bits + " bits: " + shape + ", " + reps + " repeats");
        for (int i = 0; i < names.length; i++) {
            System.out.printf("  %-15s %9.3f ms%n", names[i], best[i]);
        }
    }

    private static long cpu() {
        return MX.getCurrentThreadCpuTime();
    }
}
