package org.modalg.polynomial.integer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.modalg.polynomial.Limbs;

/**
 * Not a test: {@link DoubleNttIntMul} in several shapes at one size, one thread, interleaved
 * round by round (the shape {@link DoubleNttIntMul#choose} takes, then the best shape of every
 * prime count, the layouts of the one-limb shape of three primes and the two-limb shape of six), minimum of the thread's
 * CPU time (with a thread count above 1: of the wall clock, the product on that many threads);
 * every product checked against BigInteger once. Run:
 * java -cp ... org.modalg.polynomial.integer.IntMulShapeAB bits [rounds [threads]]
 */
public final class IntMulShapeAB {
    public static void main(String[] args) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int bits = Integer.parseInt(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Random rnd = new Random(7);
        BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
        BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
        long[] la = Limbs.magnitude(a);
        long[] lb = Limbs.magnitude(b);
        List<DoubleNttIntMul.Shape> shapes = new ArrayList<>();
        shapes.add(DoubleNttIntMul.choose(bits, bits, false, 0, threads));
        if (threads > 1 && !shapes.contains(DoubleNttIntMul.choose(bits, bits, false, 0))) {
            shapes.add(DoubleNttIntMul.choose(bits, bits, false, 0)); // one thread's choice
        }
        for (int s = DoubleNttIntMul.MIN_PRIMES; s <= DoubleNttIntMul.MAX_PRIMES; s++) {
            DoubleNttIntMul.Shape x = DoubleNttIntMul.choose(bits, bits, false, s);
            if (!shapes.contains(x)) {
                shapes.add(x);
            }
        }
        for (DoubleNttIntMul.Shape al : new DoubleNttIntMul.Shape[] {DoubleNttIntMul.alignedShape(bits, bits, 3),
                DoubleNttIntMul.alignedShape(bits, bits, 6, 2)}) {
            if (al != null) {
                for (DoubleNttIntMul.Shape x : DoubleNttIntMul.truncations(al)) {
                    if (!shapes.contains(x)) {
                        shapes.add(x);
                    }
                }
            }
        }
        BigInteger expected = a.multiply(b);
        double[] best = new double[shapes.size()];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        int reps = (int) Math.max(1, Math.min(500, 2e7 / bits));
        for (int r = 0; r < rounds + 2; r++) {
            for (int i = 0; i < shapes.size(); i++) {
                for (int k = 0; k < reps; k++) {
                    long t0 = threads == 1 ? mx.getCurrentThreadCpuTime() : System.nanoTime();
                    long[] out = DoubleNttIntMul.multiply(la, bits, lb, bits, false, shapes.get(i), threads);
                    long t1 = threads == 1 ? mx.getCurrentThreadCpuTime() : System.nanoTime();
                    if (r == 0 && k == 0 && !Limbs.toBigInteger(out).equals(expected)) {
                        throw new AssertionError("wrong product in " + shapes.get(i));
                    }
                    if (r >= 2) {
                        best[i] = Math.min(best[i], (t1 - t0) / 1e6);
                    }
                }
            }
        }
        System.out.println("# " + bits + " bits, " + threads + " thread(s), load " + IntMulVsFlint.load());
        for (int i = 0; i < shapes.size(); i++) {
            System.out.printf("%9.4f ms  %s%s%n", best[i], shapes.get(i), i == 0 ? "  (chosen)"
                    : threads > 1 && i == 1 && shapes.get(1).equals(DoubleNttIntMul.choose(bits, bits, false, 0)) ? "  (one thread's)" : "");
        }
    }
}
