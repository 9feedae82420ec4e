package org.modalg.polynomial.integer;

import java.util.Random;

/**
 * Not a test: the phases of one {@link DigitConvolution} product of n x n limbs (default 157,
 * a 10,000-bit product), each timed alone: the digits cut by the scalar loop and in lanes, the
 * vector convolution, the carries, the whole product and {@link LimbMultiplication#multiply}
 * (best of 30 batches of 100 calls, microseconds per call). Needs the Vector API module. Run:
 * java --add-modules jdk.incubator.vector --add-opens java.base/java.math=ALL-UNNAMED
 * -Dmodalg.poly.vector=on -cp ... org.modalg.polynomial.integer.DigitConvolutionPhases [n]
 */
public final class DigitConvolutionPhases {
    private static int n;
    private static int digits;
    private static long[] a;
    private static long[] b;
    private static long[] padded;
    private static long[] z;
    private static double[] rows;
    private static double[] columnDigits;
    private static double[] columns;
    private static final DigitConvolution.Scratch SCRATCH = new DigitConvolution.Scratch();

    private DigitConvolutionPhases() {
    }

    private static void scalarDigits() {
        DigitConvolution.digits(a, 0, n, rows, VectorDigitKernels.ROW_PAD, digits);
        DigitConvolution.digits(b, 0, n, columnDigits, VectorDigitKernels.COLUMN_PAD, digits);
    }

    private static void laneDigits() {
        VectorDigitKernels.digits(padded, digits, rows, VectorDigitKernels.ROW_PAD);
        VectorDigitKernels.digits(padded, digits, columnDigits, VectorDigitKernels.COLUMN_PAD);
    }

    private static double time(Runnable r) {
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 30; round++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 100; i++) {
                r.run();
            }
            best = Math.min(best, (System.nanoTime() - t0) / 100 / 1e3);
        }
        return best;
    }

    public static void main(String[] args) {
        if (!DigitConvolution.available()) {
            System.out.println("the digit convolution is off here: it needs --add-modules jdk.incubator.vector, vectors"
                    + " of 4 doubles or more, and modalg.poly.vector not off");
            return;
        }
        n = args.length > 0 ? Integer.parseInt(args[0]) : 157;
        if (n > DigitConvolution.MAX_SHORTER_LIMBS) {
            throw new IllegalArgumentException("n must be at most " + DigitConvolution.MAX_SHORTER_LIMBS);
        }
        Random rnd = new Random(1);
        a = new long[n];
        b = new long[n];
        z = new long[2 * n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextLong() | Long.MIN_VALUE;
            b[i] = rnd.nextLong() | Long.MIN_VALUE;
        }
        padded = new long[1 + n + DigitFormat.PERIOD_LIMBS + VectorDigitKernels.LIMB_PAD]; // a behind one zero limb
        System.arraycopy(a, 0, padded, 1, n);
        digits = DigitFormat.digitCount(64L * n);
        rows = new double[digits + 2 * VectorDigitKernels.ROW_PAD + DigitFormat.PERIOD_DIGITS];
        columnDigits = new double[digits + 2 * VectorDigitKernels.COLUMN_PAD + DigitFormat.PERIOD_DIGITS];
        columns = new double[2 * digits + VectorDigitKernels.BLOCK];
        scalarDigits();
        System.out.printf("# %d x %d limbs, %d digits each, %d lanes, lane digits %b%n", n, n, digits,
                VectorDigitKernels.LANES, VectorDigitKernels.LANE_DIGITS);
        for (int round = 0; round < 4; round++) {
            System.out.printf("digits scalar %.2f  in lanes %s  convolution %.2f  carries %.2f  product %.2f"
                    + "  LimbMultiplication %.2f us%n",
                    time(DigitConvolutionPhases::scalarDigits),
                    VectorDigitKernels.LANE_DIGITS ? String.format("%.2f", time(DigitConvolutionPhases::laneDigits)) : "-",
                    time(() -> VectorDigitKernels.convolve(rows, digits, columnDigits, digits, columns)),
                    time(() -> DigitConvolution.carry(columns, 2 * digits - 1, z, 0, 2 * n, SCRATCH)),
                    time(() -> DigitConvolution.multiply(a, 0, n, b, 0, n, z, 0, SCRATCH)),
                    time(() -> LimbMultiplication.multiply(a, n, b, n)));
        }
    }
}
