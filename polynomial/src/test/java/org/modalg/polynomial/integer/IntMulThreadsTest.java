package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.WorkerPools;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.DoubleCrt;

/**
 * The integer product on several threads ({@link IntegerMultiplication#multiplyCpu} with 2 to 8
 * threads: the primes' transforms with forked operands and shorter convolutions, the pieces,
 * Garner's digits and the packing by blocks of limbs with its carry fix-up) against
 * {@link BigInteger#multiply}, on random and all-ones operands (whose packed planes carry
 * through long runs of all-ones limbs) in every layout and prime count; and the packing by
 * blocks ({@link DoubleNttIntMul#pack(DoubleCrt, double[][][], int, int, int, long[],
 * java.util.concurrent.ForkJoinPool, int)}) against the BigInteger sum of the coefficients it
 * packs, for 1 to 40 blocks. A fresh seed per run, printed; {@code -Dmodalg.test.seed=...}
 * repeats a run.
 */
class IntMulThreadsTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("IntMulThreadsTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    private static final int[] THREADS = {2, 3, 4, 8, 16};

    private static void check(BigInteger a, BigInteger b, int threads, int primes, String what) {
        BigInteger expected = a.multiply(b);
        BigInteger got = IntegerMultiplication.multiplyCpu(a, b, threads, primes);
        if (!expected.equals(got)) {
            throw new AssertionError("seed=" + SEED + " " + what + ": " + a.bitLength() + " x " + b.bitLength()
                    + " bits, threads=" + threads + " primes=" + primes + ": wrong product (differs from bit "
                    + expected.xor(got).getLowestSetBit() + ")");
        }
    }

    private static BigInteger allOnes(int n) {
        return BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
    }

    @Test
    void randomProductsOnSeveralThreadsEqualBigInteger() {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 24; it++) {
            int threads = THREADS[rnd.nextInt(THREADS.length)];
            int primes = rnd.nextInt(3) == 0 ? 3 + rnd.nextInt(4) : 0;
            int bitsA = 40_000 + rnd.nextInt(it < 20 ? 600_000 : 2_500_000);
            int bitsB = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(bitsA) : bitsA - rnd.nextInt(1000);
            BigInteger a = new BigInteger(bitsA, rnd).setBit(bitsA - 1);
            BigInteger b = new BigInteger(bitsB, rnd).setBit(bitsB - 1);
            if (rnd.nextBoolean()) {
                b = b.negate();
            }
            check(a, b, threads, primes, "random it=" + it);
            if (it % 6 == 0) {
                check(a, a, threads, primes, "square it=" + it);
            }
        }
    }

    /**
     * On 8 and 16 threads the chooser may take the six-prime two-limb shape instead of the
     * one-thread shape (shorter transforms, more of them side by side): random sizes around the
     * sizes where it does, each product against BigInteger, and the shape taken at 10^6 bits on 16
     * threads is that two-limb shape (so that this path is the one tested).
     */
    @Test
    void productsInTheManyThreadShapesEqualBigInteger() {
        Random rnd = new Random(SEED + 2);
        DoubleNttIntMul.Shape wide = DoubleNttIntMul.choose(1_000_000, 1_000_000, false, 0, 16);
        if (wide.pieceBits() != 128 || wide.equals(DoubleNttIntMul.choose(1_000_000, 1_000_000, false, 0))) {
            throw new AssertionError("10^6 bits on 16 threads: expected the two-limb shape, got " + wide);
        }
        int taken = 0;
        for (int it = 0; it < 10; it++) {
            int threads = rnd.nextBoolean() ? 8 : 16;
            int bitsA = 250_000 + rnd.nextInt(it < 8 ? 1_500_000 : 4_000_000);
            int bitsB = rnd.nextInt(3) == 0 ? bitsA / 2 + rnd.nextInt(bitsA / 2) : bitsA - rnd.nextInt(1000);
            boolean same = it % 4 == 0;
            BigInteger a = new BigInteger(bitsA, rnd).setBit(bitsA - 1);
            BigInteger b = same ? a : new BigInteger(bitsB, rnd).setBit(bitsB - 1).negate();
            if (DoubleNttIntMul.choose(a.bitLength(), b.bitLength(), same, 0, threads).pieceBits() == 128) {
                taken++;
            }
            check(a, b, threads, 0, "many threads it=" + it);
        }
        System.out.println("IntMulThreadsTest: " + taken + " of 10 products in the six-prime two-limb shape");
    }

    @Test
    void chooseRefusesNoThreads() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DoubleNttIntMul.choose(1000, 1000, false, 0, 0));
    }

    @Test
    void allOnesProductsOnSeveralThreadsEqualBigInteger() {
        Random rnd = new Random(SEED + 1);
        int[] sizes = {70_000, 300_000 + rnd.nextInt(1000), 1_100_000 + rnd.nextInt(1000), 2_000_000};
        for (int n : sizes) {
            int threads = THREADS[rnd.nextInt(THREADS.length)];
            for (int primes : new int[] {0, 3 + rnd.nextInt(4)}) {
                BigInteger x = allOnes(n);
                check(x, x, threads, primes, "(2^" + n + " - 1)^2");
                check(x, allOnes(n - 1 - rnd.nextInt(5000)), threads, primes, "all ones, near-square");
                // 2^n - 1 times 2^m + 1: the product's limbs are all ones over a long run
                check(x, BigInteger.ONE.shiftLeft(n / 2 + rnd.nextInt(64)).add(BigInteger.ONE), threads, primes,
                        "all ones times 2^m + 1");
            }
        }
    }

    // sum of c[i] 2^(w (i - from)) for i in [from, to), halves recursively
    private static BigInteger sum(BigInteger[] c, int from, int to, int w) {
        if (to - from == 1) {
            return c[from];
        }
        int mid = (from + to) >>> 1;
        return sum(c, from, mid, w).add(sum(c, mid, to, w).shiftLeft(w * (mid - from)));
    }

    @Test
    void packingByBlocksEqualsTheSumOfTheCoefficients() {
        Random rnd = new Random(SEED + 2);
        int[] blockCounts = {1, 2, 3, 7, 40};
        for (int it = 0; it < 30; it++) {
            int s = 3 + rnd.nextInt(4);
            DoubleCrt crt = ConvolutionPlan.first(s);
            int w = 50 + rnd.nextInt(71); // the route's pieces: at least 50 bits (the digits do not overlap), at most 120
            int logCols = 2 + rnd.nextInt(6);
            int cols = 1 << logCols;
            int count = 1 + rnd.nextInt(it < 25 ? 3000 : 40_000);
            int rows = (count + cols - 1) / cols;
            int kind = rnd.nextInt(3); // random digits, the largest digits, or all zero but a few
            double[][][] res = new double[s][rows][cols];
            BigInteger[] coefficients = new BigInteger[count];
            for (int i = 0; i < count; i++) {
                BigInteger c = BigInteger.ZERO;
                for (int j = s - 1; j >= 0; j--) {
                    long q = crt.prime(j);
                    long v = kind == 0 ? (long) (rnd.nextDouble() * q) : kind == 1 ? q - 1
                            : rnd.nextInt(50) == 0 ? q - 1 - rnd.nextInt(3) : 0;
                    v = Math.min(v, q - 1);
                    res[j][i >>> logCols][i & (cols - 1)] = v;
                    c = c.multiply(BigInteger.valueOf(q)).add(BigInteger.valueOf(v));
                }
                coefficients[i] = c;
            }
            BigInteger expected = sum(coefficients, 0, count, w);
            int limbs = (int) (((long) count * w + 64L * s + 63) / 64) + 1;
            long[] want = Limbs.magnitude(expected);
            want = java.util.Arrays.copyOf(want, limbs);
            for (int blocks : blockCounts) {
                long[] out = new long[limbs];
                DoubleNttIntMul.pack(crt, res, s, count, w, out, blocks > 3 ? WorkerPools.of(3) : null, blocks);
                assertArrayEquals(want, out, "seed=" + SEED + " it=" + it + " s=" + s + " w=" + w + " count=" + count
                        + " kind=" + kind + " blocks=" + blocks);
            }
        }
    }
}
