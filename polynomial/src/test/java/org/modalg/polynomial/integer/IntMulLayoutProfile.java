package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.polynomial.Limbs;

/**
 * Not a test: {@link DoubleNttIntMul} at one size in every layout that holds the product (for
 * each prime count, at that count's largest piece size), one thread, minimum of this thread's
 * CPU time over repeats, next to the shape {@link DoubleNttIntMul#choose} picks. For the cost
 * model's constants. Run: java -cp ... org.modalg.polynomial.integer.IntMulLayoutProfile bits [reps]
 */
public final class IntMulLayoutProfile {
    public static void main(String[] args) {
        long bits = args.length > 0 ? Long.parseLong(args[0]) : 100_000;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        Random rnd = new Random(1);
        BigInteger a = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
        BigInteger b = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
        long[] la = Limbs.magnitude(a);
        long[] lb = Limbs.magnitude(b);
        BigInteger expected = bits <= 2_000_000 ? a.multiply(b) : null;
        System.out.println("# chosen: " + DoubleNttIntMul.choose(bits, bits, false, 0) + ", load " + IntMulVsFlint.load());
        java.util.List<DoubleNttIntMul.Shape> shapes = new java.util.ArrayList<>();
        for (int s = DoubleNttIntMul.MIN_PRIMES; s <= DoubleNttIntMul.MAX_PRIMES; s++) {
            DoubleNttIntMul.Shape cyc = DoubleNttIntMul.choose(bits, bits, false, s);
            long pieces = cyc.productPieces();
            int logCyc = 64 - Long.numberOfLeadingZeros(pieces - 1); // the cyclic length (choose may have split)
            for (int layout = 0; layout < 4; layout++) {
                int log2n = layout == 0 ? logCyc : logCyc - 1;
                DoubleNttIntMul.Shape shape = new DoubleNttIntMul.Shape(s, cyc.pieceBits(), log2n, cyc.piecesA(),
                        cyc.piecesB(), layout);
                if (shape.productPieces() <= shape.capacity()) {
                    long[] got = DoubleNttIntMul.multiply(la, bits, lb, bits, false, shape, 1);
                    if (expected != null && !Limbs.toBigInteger(got).equals(expected)) {
                        throw new AssertionError("wrong product in " + shape);
                    }
                    shapes.add(shape);
                }
            }
        }
        // rounds over all shapes, so that a shared machine's load hits them alike
        double[] best = new double[shapes.size()];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        for (int r = 0; r < reps + 2; r++) {
            for (int i = 0; i < shapes.size(); i++) {
                long t0 = IntMulVsFlintCpu.cpu();
                DoubleNttIntMul.multiply(la, bits, lb, bits, false, shapes.get(i), 1);
                if (r >= 2) {
                    best[i] = Math.min(best[i], (IntMulVsFlintCpu.cpu() - t0) / 1e6);
                }
            }
        }
        for (int i = 0; i < shapes.size(); i++) {
            DoubleNttIntMul.Shape shape = shapes.get(i);
            System.out.printf("%-100s %9.3f ms (fill %.2f)%n", shape, best[i],
                    (double) shape.productPieces() / shape.capacity());
        }
    }
}

final class IntMulVsFlintCpu {
    private static final java.lang.management.ThreadMXBean MX = java.lang.management.ManagementFactory.getThreadMXBean();

    static long cpu() {
        return MX.getCurrentThreadCpuTime();
    }
}
