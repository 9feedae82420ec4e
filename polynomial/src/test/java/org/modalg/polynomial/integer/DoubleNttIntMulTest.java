package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fields.NttPrimes;
import org.modalg.polynomial.Limbs;

/**
 * {@link DoubleNttIntMul}, through {@link IntegerMultiplication#multiplyCpu}, against
 * {@link BigInteger#multiply}: random sizes from 1 bit to 3 10^6 bits (balanced and very
 * unbalanced), random signs, edge values, and all-ones operands whose product coefficients are
 * as large as the piece-size bound min(La, Lb) (2^w - 1)^2 &lt; M/4 allows, for every forced
 * prime count 3..6 and on one and two threads; and {@link DoubleNttIntMul#choose} against that
 * bound computed with BigInteger. A fresh seed per run, printed; {@code -Dmodalg.test.seed=...}
 * repeats a run.
 */
class DoubleNttIntMulTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("DoubleNttIntMulTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    /** 0 lets the route choose; 3..6 force the prime count. */
    private static final int[] PRIME_COUNTS = {0, 3, 4, 5, 6};
    private static final int[] THREADS = {1, 2};

    private static void check(BigInteger a, BigInteger b, int threads, int primes, String what) {
        BigInteger expected = a.multiply(b);
        BigInteger got = IntegerMultiplication.multiplyCpu(a, b, threads, primes);
        if (!expected.equals(got)) {
            throw new AssertionError("seed=" + SEED + " " + what + ": a " + describe(a) + " x b " + describe(b)
                    + " threads=" + threads + " primes=" + primes + ": wrong product (differs in bits from "
                    + expected.xor(got).getLowestSetBit() + ", " + describe(got) + " against " + describe(expected) + ")");
        }
    }

    private static String describe(BigInteger x) {
        return (x.signum() < 0 ? "-" : "") + x.bitLength() + " bits"
                + (x.bitLength() <= 128 ? " (" + x + ")" : "");
    }

    private static BigInteger allOnes(int n) {
        return BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
    }

    /** bits in [1, max], log-uniform. */
    private static int logUniformBits(Random rnd, int max) {
        return (int) Math.max(1, Math.min(max, Math.round(Math.exp(rnd.nextDouble() * Math.log(max)))));
    }

    /** A random operand of exactly bits bits, edge-biased (all ones, a power of two, sparse), random sign. */
    private static BigInteger operand(Random rnd, int bits) {
        BigInteger x;
        switch (rnd.nextInt(8)) {
            case 0:
                x = allOnes(bits);
                break;
            case 1:
                x = BigInteger.ONE.shiftLeft(bits - 1);
                break;
            case 2:
                x = BigInteger.ONE.shiftLeft(bits - 1);
                for (int i = 0; i < 5; i++) {
                    x = x.setBit(rnd.nextInt(bits));
                }
                break;
            default:
                x = new BigInteger(bits, rnd).setBit(bits - 1);
        }
        return rnd.nextBoolean() ? x.negate() : x;
    }

    // ---------------------------------------------------------------- products

    @Test
    void randomProductsForEveryPrimeCountAndThreadCount() {
        Random rnd = new Random(SEED ^ 0x1);
        for (int primes : PRIME_COUNTS) {
            for (int threads : THREADS) {
                for (int it = 0; it < 30; it++) {
                    int bitsA = logUniformBits(rnd, 1 << 17);
                    int bitsB = it % 3 == 0 ? bitsA + rnd.nextInt(3) - 1 : logUniformBits(rnd, 1 << 17);
                    BigInteger a = operand(rnd, bitsA);
                    BigInteger b = operand(rnd, Math.max(1, bitsB));
                    check(a, b, threads, primes, "random it=" + it);
                }
            }
        }
    }

    @Test
    void largeAndVeryUnbalancedProducts() {
        Random rnd = new Random(SEED ^ 0x2);
        for (int primes : new int[] {3, 4, 5, 6}) {
            int threads = THREADS[rnd.nextInt(THREADS.length)];
            int big = 1_000_000 + rnd.nextInt(2_000_000);
            check(operand(rnd, big), operand(rnd, 1_000_000 + rnd.nextInt(2_000_000)), threads, primes, "large");
            check(operand(rnd, 10), operand(rnd, 1_000_000), threads, primes, "10 x 10^6 bits");
            check(operand(rnd, 1 + rnd.nextInt(200)), operand(rnd, big), 3 - threads, primes, "small x large");
            check(operand(rnd, 1_000 + rnd.nextInt(10_000)), operand(rnd, big), threads, primes, "unbalanced");
        }
        check(BigInteger.ONE, operand(rnd, 3_000_000), 1, 0, "1 x 3 10^6 bits");
        check(operand(rnd, 3_000_000), BigInteger.TWO.negate(), 2, 0, "3 10^6 bits x -2");
    }

    /** 0, +-1 and 2^n, 2^n - 1, -(2^n + 1) for n up to maxBits. */
    private static List<BigInteger> edgeValues(int minBits, int maxBits) {
        List<BigInteger> v = new ArrayList<>();
        if (minBits <= 1) {
            v.add(BigInteger.ZERO);
            v.add(BigInteger.ONE);
            v.add(BigInteger.ONE.negate());
        }
        for (int n : new int[] {1, 2, 49, 50, 51, 63, 64, 65, 119, 120, 121, 128, 1000, 4096, 65_536, 100_003}) {
            if (n < minBits || n > maxBits) {
                continue;
            }
            BigInteger p = BigInteger.ONE.shiftLeft(n);
            v.add(p);
            v.add(p.subtract(BigInteger.ONE));
            v.add(p.add(BigInteger.ONE).negate());
        }
        return v;
    }

    @Test
    void edgeValuesForEveryPrimeCountAndThreadCount() {
        List<BigInteger> small = edgeValues(0, 4096);
        List<BigInteger> large = edgeValues(65_536, Integer.MAX_VALUE);
        List<BigInteger> partners = new ArrayList<>(edgeValues(0, 1));
        partners.add(allOnes(64));
        partners.add(BigInteger.ONE.shiftLeft(4096).negate());
        partners.addAll(large);
        for (int primes : PRIME_COUNTS) {
            for (int threads : THREADS) {
                for (BigInteger a : small) {
                    for (BigInteger b : small) {
                        check(a, b, threads, primes, "edge values");
                    }
                }
                for (BigInteger a : large) {
                    for (BigInteger b : partners) {
                        check(a, b, threads, primes, "large edge values");
                        check(b, a, threads, primes, "large edge values");
                    }
                }
            }
        }
    }

    /** (2^n - 1)^2 and (2^n - 1)(2^m - 1): every piece 2^w - 1, the largest coefficients. */
    @Test
    void allOnesProductsMaximizeEveryCoefficient() {
        Random rnd = new Random(SEED ^ 0x3);
        for (int primes : new int[] {3, 4, 5, 6}) {
            for (int threads : THREADS) {
                int[] sizes = {1, 64, 120, 121, 5_000, 77_777, 1_000_000, threads == 1 ? 3_000_000 : 1_500_000};
                for (int n : sizes) {
                    BigInteger x = allOnes(n);
                    check(x, x, threads, primes, "(2^" + n + " - 1)^2");
                }
                int n = 100_000 + rnd.nextInt(900_000);
                check(allOnes(n), allOnes(n - 1 - rnd.nextInt(1000)).negate(), threads, primes, "near-square");
                check(allOnes(n), allOnes(1 + rnd.nextInt(300)), threads, primes, "unbalanced all ones");
            }
        }
    }

    /**
     * For each prime count, an all-ones square whose piece count La = Lb = 2^t is a power of
     * two at the chosen w, so that the middle coefficient 2^t (2^w - 1)^2 is as close to M/4 as
     * the chosen shape allows (within a factor 2^3 of the bound where w is not capped at 120 and
     * is not the one-limb piece, which leaves room by design).
     */
    @Test
    void squaresAtTheCoefficientBound() {
        for (int primes = DoubleNttIntMul.MIN_PRIMES; primes <= DoubleNttIntMul.MAX_PRIMES; primes++) {
            BigInteger quarterM = modulus(primes).shiftRight(2);
            for (int t : new int[] {5, 4, 11, 14}) { // both parities of 2w + t
                long pieces = 1L << t;
                long bits = 60 * pieces;
                DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(bits, bits, true, primes);
                for (int i = 0; i < 8 && shape.piecesA() != pieces; i++) { // fixed point: bits = w 2^t
                    bits = shape.pieceBits() * pieces;
                    shape = DoubleNttIntMul.choose(bits, bits, true, primes);
                }
                assertEquals(pieces, shape.piecesA(), "no all-full shape found for s=" + primes + " t=" + t);
                BigInteger x = allOnes((int) bits);
                check(x, x, 1, primes, "bound square " + shape);
                check(x, new BigInteger(x.toByteArray()), 2, primes, "bound square (equal, not same) " + shape);
                BigInteger maxCoefficient = BigInteger.valueOf(pieces).multiply(allOnes(shape.pieceBits()).pow(2));
                assertTrue(maxCoefficient.compareTo(quarterM) < 0, shape + ": a coefficient reaches M/4");
                if (shape.pieceBits() < DoubleNttIntMul.MAX_PIECE_BITS && shape.pieceBits() != DoubleNttIntMul.LIMB_BITS) {
                    assertTrue(maxCoefficient.shiftLeft(3).compareTo(quarterM) > 0,
                            "the shape leaves more than a factor 8 unused: " + shape);
                }
            }
        }
    }

    @Test
    void squaresSameObjectEqualObjectAndOppositeSign() {
        Random rnd = new Random(SEED ^ 0x4);
        for (int primes : PRIME_COUNTS) {
            for (int threads : THREADS) {
                for (int it = 0; it < 8; it++) {
                    BigInteger a = operand(rnd, logUniformBits(rnd, it < 6 ? 1 << 16 : 1 << 20));
                    BigInteger copy = new BigInteger(a.toByteArray());
                    assertNotSame(a, copy);
                    String msg = "square it=" + it;
                    check(a, a, threads, primes, msg + " (same object)");
                    check(a, copy, threads, primes, msg + " (equal objects)");
                    check(a, a.negate(), threads, primes, msg + " (a x -a)");
                    check(a, a.add(BigInteger.ONE), threads, primes, msg + " (a x (a + 1))");
                }
            }
        }
    }

    @Test
    void publicEntryPointChoosesAndMultiplies() {
        Random rnd = new Random(SEED ^ 0x5);
        for (int it = 0; it < 20; it++) {
            BigInteger a = operand(rnd, logUniformBits(rnd, 1 << 19));
            BigInteger b = operand(rnd, logUniformBits(rnd, 1 << 19));
            for (int threads : THREADS) {
                assertEquals(a.multiply(b), IntegerMultiplication.multiplyCpu(a, b, threads),
                        "seed=" + SEED + " it=" + it + " " + describe(a) + " x " + describe(b));
            }
        }
        assertEquals(BigInteger.ZERO, IntegerMultiplication.multiplyCpu(BigInteger.ZERO, allOnes(5000), 1));
        assertEquals(BigInteger.ZERO, IntegerMultiplication.multiplyCpu(allOnes(5000).negate(), BigInteger.ZERO, 2));
    }

    // ---------------------------------------------------------------- the shape

    /** M_s = p_0 ... p_(s-1), the product of the first s primes. */
    private static BigInteger modulus(int s) {
        BigInteger m = BigInteger.ONE;
        for (int j = 0; j < s; j++) {
            m = m.multiply(BigInteger.valueOf(DoubleNttIntMul.PRIMES[j]));
        }
        return m;
    }

    @Test
    void primesAreTheLargestBelow2To50WithOrder28() {
        long[] p = DoubleNttIntMul.PRIMES;
        assertEquals(DoubleNttIntMul.MAX_PRIMES, p.length);
        assertEquals(NttPrimes.largestBelow(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, 28), p[0]);
        for (int j = 0; j < p.length; j++) {
            assertTrue(NttPrimes.isPrime(p[j]) && p[j] < DoubleNttPlan.MAX_PRIME_EXCLUSIVE, "p" + j + " = " + p[j]);
            assertTrue(NttPrimes.twoAdicOrder(p[j]) >= 28, "p" + j + " = " + p[j]);
            if (j > 0) {
                assertTrue(p[j] < p[j - 1]);
                // nothing skipped between consecutive primes
                for (long c = (p[j] >>> 28) + 1; (c << 28) + 1 < p[j - 1]; c++) {
                    assertTrue(!NttPrimes.isPrime((c << 28) + 1), "skipped prime " + ((c << 28) + 1));
                }
            }
        }
    }

    private static void checkShape(long bitsA, long bitsB, boolean square, int forcePrimes) {
        DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(bitsA, bitsB, square, forcePrimes);
        String msg = "bits " + bitsA + " x " + bitsB + " force=" + forcePrimes + ": " + shape;
        int s = shape.primes();
        int w = shape.pieceBits();
        assertTrue(s >= DoubleNttIntMul.MIN_PRIMES && s <= DoubleNttIntMul.MAX_PRIMES, msg);
        if (forcePrimes != 0) {
            assertEquals(forcePrimes, s, msg);
        }
        assertTrue(w >= 1 && w <= 120 || w == 128, msg); // shifted pieces up to 120 bits, or two limbs
        assertEquals((bitsA + w - 1) / w, shape.piecesA(), msg);
        assertEquals((bitsB + w - 1) / w, shape.piecesB(), msg);
        assertTrue(shape.log2n() >= DoubleNttPlan.MIN_LOG2N && shape.log2n() <= DoubleNttPlan.MAX_LOG2N, msg);
        assertTrue(shape.capacity() >= shape.piecesA() + shape.piecesB() - 1, msg + ": no room for the product");
        if (shape.layout() != DoubleNttIntMul.CYCLIC) {
            assertTrue(shape.log2m() >= DoubleNttPlan.MIN_LOG2N && shape.log2n() <= 27, msg);
        }
        BigInteger maxCoefficient = BigInteger.valueOf(Math.min(shape.piecesA(), shape.piecesB()))
                .multiply(allOnes(w).pow(2));
        assertTrue(maxCoefficient.shiftLeft(2).compareTo(modulus(s)) < 0, msg + ": min(La, Lb) (2^w - 1)^2 >= M/4");
    }

    @Test
    void chosenShapesSatisfyTheCoefficientBound() {
        Random rnd = new Random(SEED ^ 0x6);
        long[] fixed = {1, 2, 10, 64, 119, 120, 121, 1000, 1_000_000, 3_000_000, 1L << 30};
        for (long a : fixed) {
            for (long b : fixed) {
                for (int force : PRIME_COUNTS) {
                    checkShape(a, b, a == b, force);
                }
            }
        }
        // up to 2^30 bits each: every prime count has a shape (2^28 points of at least 59 bits)
        for (int it = 0; it < 3000; it++) {
            long a = (long) Math.exp(rnd.nextDouble() * Math.log(1L << 30));
            long b = rnd.nextInt(4) == 0 ? a : (long) Math.exp(rnd.nextDouble() * Math.log(1L << 30));
            checkShape(a, b, a == b, PRIME_COUNTS[rnd.nextInt(PRIME_COUNTS.length)]);
        }
        // 2^34 product bits: too many points for three primes, fine for the free choice
        checkShape(1L << 33, 1L << 33, true, 0);
        checkShape(1L << 33, 1L << 33, false, 6);
    }

    /**
     * Every layout (one cyclic convolution; negacyclic N with cyclic N/2; negacyclic N with
     * negacyclic N/4; negacyclic N and N/2 with cyclic N/4) forced on random operands whose products fill it from just above the
     * next smaller layout to its capacity, balanced and unbalanced (an operand longer than N,
     * folded), products and squares, all-ones operands (the largest coefficients), against
     * BigInteger.
     */
    @Test
    void everyLayoutAgainstBigInteger() {
        Random rnd = new Random(SEED ^ 0x7);
        for (int it = 0; it < 120; it++) {
            int s = DoubleNttIntMul.MIN_PRIMES + rnd.nextInt(DoubleNttIntMul.MAX_PRIMES - DoubleNttIntMul.MIN_PRIMES + 1);
            int log2n = 4 + rnd.nextInt(it < 110 ? 9 : 10); // a few up to 2^13 points: seconds, not tens
            int layout = rnd.nextInt(4);
            long n = 1L << log2n;
            long cap = new DoubleNttIntMul.Shape(3, 60, log2n, 1, 1, layout).capacity();
            long lower = layout == 0 ? n / 2 + n / 4 : layout == 1 ? n + n / 4 : layout == 2 ? n : n + n / 2;
            long pieces = lower + 1 + (long) (rnd.nextDouble() * (cap - lower));
            pieces = rnd.nextInt(4) == 0 ? cap : pieces;
            boolean square = rnd.nextInt(4) == 0;
            long pa = square ? (pieces + 1) / 2 : 1 + (long) (rnd.nextDouble() * pieces);
            long pb = pieces + 1 - pa;
            // the largest w with min(pa, pb) (2^w - 1)^2 < M / 4, as choose() takes it
            DoubleNttIntMul.Shape free = DoubleNttIntMul.choose(60 * pa, 60 * pb, square, s);
            int w = free.pieceBits();
            while (w > 1 && BigInteger.valueOf(Math.min(pa, pb)).multiply(allOnes(w).pow(2)).shiftLeft(2)
                    .compareTo(modulus(s)) >= 0) {
                w--;
            }
            w = Math.min(w, 120);
            int logCyclic = layout == 0 ? log2n : log2n + 1;
            DoubleNttIntMul.Shape shape = new DoubleNttIntMul.Shape(s, w, layout == 0 ? log2n : log2n, pa, pb, layout);
            if (shape.productPieces() > shape.capacity() || logCyclic > 28) {
                continue;
            }
            boolean ones = rnd.nextInt(3) == 0;
            BigInteger a = ones ? allOnes((int) (w * pa)) : new BigInteger((int) (w * pa), rnd).setBit((int) (w * pa) - 1);
            BigInteger b = square ? a : ones ? allOnes((int) (w * pb))
                    : new BigInteger((int) (w * pb), rnd).setBit((int) (w * pb) - 1);
            long[] la = Limbs.magnitude(a);
            long[] lb = Limbs.magnitude(b);
            long[] got = DoubleNttIntMul.multiply(la, a.bitLength(), lb, b.bitLength(), square, shape, 1);
            BigInteger expected = a.multiply(b);
            BigInteger g = Limbs.toBigInteger(got);
            if (!expected.equals(g)) {
                throw new AssertionError("seed=" + SEED + " " + shape + " square=" + square + " ones=" + ones
                        + ": wrong product, differs from bit " + expected.xor(g).getLowestSetBit());
            }
        }
    }

    /**
     * Pieces of one limb ({@link DoubleNttIntMul#alignedShape}) with three primes and of two
     * limbs with six: in every layout that holds the
     * product, on one and two threads (the packing by blocks with its carry fix-up from 8192
     * limbs on), products and squares, balanced and unbalanced, random, all-ones (every
     * coefficient at its largest), sparse and a top limb of zeros above the pieces; against
     * BigInteger.
     */
    @Test
    void limbPiecesInEveryLayoutAgainstBigInteger() {
        Random rnd = new Random(SEED ^ 0x64);
        for (int it = 0; it < 60; it++) {
            int bitsA = it < 4 ? 64 * 9000 + rnd.nextInt(64) : logUniformBits(rnd, 150_000);
            boolean square = rnd.nextInt(4) == 0;
            int bitsB = square ? bitsA : rnd.nextInt(3) == 0 ? logUniformBits(rnd, 150_000) : bitsA;
            BigInteger a = operand(rnd, bitsA).abs();
            BigInteger b = square ? a : operand(rnd, bitsB).abs();
            boolean two = it % 3 == 2; // two-limb pieces, six primes
            DoubleNttIntMul.Shape cyclic = two ? DoubleNttIntMul.alignedShape(a.bitLength(), b.bitLength(), 6, 2)
                    : DoubleNttIntMul.alignedShape(a.bitLength(), b.bitLength(), 3);
            assertTrue(cyclic != null && cyclic.pieceBits() == (two ? 128 : 64),
                    "no " + (two ? "two" : "one") + "-limb shape for " + bitsA + " x " + bitsB);
            for (DoubleNttIntMul.Shape shape : DoubleNttIntMul.truncations(cyclic)) {
                for (int threads : THREADS) {
                    long[] la = Limbs.magnitude(a);
                    long[] lb = square ? la : Limbs.magnitude(b);
                    long[] got = DoubleNttIntMul.multiply(la, a.bitLength(), lb, b.bitLength(), square, shape, threads);
                    BigInteger g = Limbs.toBigInteger(got);
                    BigInteger expected = a.multiply(b);
                    if (!expected.equals(g)) {
                        throw new AssertionError("seed=" + SEED + " it=" + it + " " + shape + " threads=" + threads
                                + " square=" + square + ": " + describe(a) + " x " + describe(b)
                                + " wrong, differs from bit " + expected.xor(g).getLowestSetBit());
                    }
                }
            }
        }
    }

    /**
     * On one thread the packing runs block of rows by block of rows right after Garner's digits
     * ({@link DoubleNttIntMul#packInRows} = 1): against BigInteger and against the single pass
     * after the last digits (0), for shifted pieces of every prime count, one-limb pieces with
     * three primes and two-limb pieces with six, in every layout that holds the product; sizes
     * from one row to many blocks of rows with a partial last row, products and squares,
     * random, all-ones (carries through every limb), sparse and powers of two.
     */
    @Test
    void packingInRowsMatchesThePassAfterTheDigits() {
        Random rnd = new Random(SEED ^ 0x1e);
        int before = DoubleNttIntMul.packInRows;
        try {
            for (int it = 0; it < 45; it++) {
                int bitsA = it < 3 ? 64 * 4096 * (it + 1) + 1 : logUniformBits(rnd, 400_000);
                boolean square = rnd.nextInt(4) == 0;
                int bitsB = square ? bitsA : rnd.nextInt(3) == 0 ? logUniformBits(rnd, 400_000) : bitsA;
                BigInteger a = operand(rnd, bitsA).abs();
                BigInteger b = square ? a : operand(rnd, bitsB).abs();
                int kind = it % 3; // shifted pieces, one limb, two limbs
                DoubleNttIntMul.Shape cyclic = kind == 1 ? DoubleNttIntMul.alignedShape(a.bitLength(), b.bitLength(), 3)
                        : kind == 2 ? DoubleNttIntMul.alignedShape(a.bitLength(), b.bitLength(), 6, 2)
                        : DoubleNttIntMul.chooseCyclic(a.bitLength(), b.bitLength(), square, 3 + rnd.nextInt(4));
                BigInteger expected = a.multiply(b);
                for (DoubleNttIntMul.Shape shape : DoubleNttIntMul.truncations(cyclic)) {
                    long[] la = Limbs.magnitude(a);
                    long[] lb = square ? la : Limbs.magnitude(b);
                    DoubleNttIntMul.packInRows = 0;
                    long[] after = DoubleNttIntMul.multiply(la, a.bitLength(), lb, b.bitLength(), square, shape, 1);
                    DoubleNttIntMul.packInRows = 1;
                    long[] inRows = DoubleNttIntMul.multiply(la, a.bitLength(), lb, b.bitLength(), square, shape, 1);
                    BigInteger g = Limbs.toBigInteger(inRows);
                    if (!expected.equals(g) || !java.util.Arrays.equals(after, inRows)) {
                        throw new AssertionError("seed=" + SEED + " it=" + it + " " + shape + " square=" + square + ": "
                                + describe(a) + " x " + describe(b) + " packed in rows: "
                                + (expected.equals(g) ? "differs from the pass after the digits"
                                        : "wrong, differs from bit " + expected.xor(g).getLowestSetBit()));
                    }
                }
            }
        } finally {
            DoubleNttIntMul.packInRows = before;
        }
    }

    /**
     * One-limb pieces cut from BigInteger's words ({@link DoubleNttIntMul#partsOfWords}) against
     * the limbs' halves from the limb copy ({@link DoubleNttIntMul#parts}), entry by entry, on
     * one thread and in ranges on two: even and odd word counts, all-ones, powers of two, sparse
     * and random magnitudes, pieces above the top (zeros); and products through
     * {@link IntegerMultiplication#multiplyCpu} with the words' pieces (where a shape has
     * one-limb pieces) and with the limb copy, against BigInteger.
     */
    @Test
    void limbPiecesFromBigIntegerWords() {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.modalg.fields.BigIntegerWords.direct(),
                "java.math is not opened: BigInteger's words are not readable");
        Random rnd = new Random(SEED ^ 0x3a);
        for (int it = 0; it < 60; it++) {
            int bits = it < 20 ? 1 + it * 31 : logUniformBits(rnd, 600_000);
            BigInteger x = operand(rnd, bits);
            long[] limbs = Limbs.magnitude(x);
            long count = limbs.length + (it % 3 == 0 ? 0 : rnd.nextInt(40_000));
            double[][] expected = DoubleNttIntMul.parts(limbs, 64, count);
            for (java.util.concurrent.ForkJoinPool pool : new java.util.concurrent.ForkJoinPool[] {null,
                    org.modalg.fft.WorkerPools.of(2)}) {
                int[] mag = org.modalg.fields.BigIntegerWords.magnitudeView(x);
                double[][] got = DoubleNttIntMul.partsOfWords(mag, count, pool);
                for (int t = 0; t < 2; t++) {
                    for (int i = 0; i < count; i++) {
                        if (Double.compare(got[t][i], expected[t][i]) != 0) {
                            throw new AssertionError("seed=" + SEED + " it=" + it + " " + describe(x) + " part " + t
                                    + " of piece " + i + " of " + count + ": " + got[t][i] + ", expected " + expected[t][i]);
                        }
                    }
                }
            }
        }
        int before = DoubleNttIntMul.partsFromWords;
        try {
            for (int it = 0; it < 30; it++) {
                int bitsA = logUniformBits(rnd, 2_000_000);
                boolean square = rnd.nextInt(4) == 0;
                BigInteger a = operand(rnd, bitsA);
                BigInteger b = square ? a : operand(rnd, rnd.nextBoolean() ? bitsA : logUniformBits(rnd, 2_000_000));
                int threads = THREADS[it % 2];
                DoubleNttIntMul.partsFromWords = 1;
                check(a, b, threads, it % 4 == 0 ? 3 : 0, "pieces from words it=" + it);
                DoubleNttIntMul.partsFromWords = 0;
                check(a, b, threads, it % 4 == 0 ? 3 : 0, "pieces from the limb copy it=" + it);
            }
        } finally {
            DoubleNttIntMul.partsFromWords = before;
        }
    }

    /**
     * The largest all-ones squares on either side of the one-limb limit (the shorter operand of
     * 2^19 limbs: three primes, one-limb pieces, every middle coefficient 2^19 (2^64 - 1)^2 just
     * below M / 4; one limb more: six primes, two-limb pieces), against the closed form
     * (2^n - 1)^2 = 2^2n - 2^(n+1) + 1 (BigInteger's own product of 3.4 10^7 bits would take
     * tens of seconds), and an all-ones product with a random partner at the limit against the
     * closed form x (2^n - 1) = x 2^n - x.
     */
    @Test
    void allOnesAtTheOneLimbLimit() {
        Random rnd = new Random(SEED ^ 0x19);
        for (int extra : new int[] {0, 64}) {
            int n = (64 << 19) + extra;
            DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(n, n, true, 0);
            assertEquals(extra == 0 ? 64 : 128, shape.pieceBits(), "shape at " + n + " bits: " + shape);
            BigInteger x = allOnes(n);
            BigInteger expected = BigInteger.ONE.shiftLeft(2 * n).subtract(BigInteger.ONE.shiftLeft(n + 1)).add(BigInteger.ONE);
            BigInteger got = IntegerMultiplication.multiplyCpu(x, x, 1);
            if (!expected.equals(got)) {
                throw new AssertionError("seed=" + SEED + " all-ones square of " + n + " bits in " + shape
                        + ": wrong, differs from bit " + expected.xor(got).getLowestSetBit());
            }
        }
        int n = 64 << 19;
        BigInteger y = new BigInteger(n - rnd.nextInt(64), rnd).setBit(n - 64);
        BigInteger got = IntegerMultiplication.multiplyCpu(allOnes(n), y, 2);
        BigInteger expected = y.shiftLeft(n).subtract(y);
        if (!expected.equals(got)) {
            throw new AssertionError("seed=" + SEED + " all-ones x random at " + n + " bits: wrong, differs from bit "
                    + expected.xor(got).getLowestSetBit());
        }
    }

    /**
     * {@link IntegerMultiplication#multiply} on both sides of the cut-off between Karatsuba on
     * limbs and the transform route ({@link org.modalg.polynomial.Tuning#intMulNttBits()}): the
     * smaller operand within 2,000 bits of it, balanced and unbalanced, random, all-ones and
     * squares, random signs, against BigInteger.
     */
    @Test
    void productsAroundTheTransformCutOff() {
        Random rnd = new Random(SEED ^ 0x16);
        int cut = org.modalg.polynomial.Tuning.intMulNttBits();
        for (int it = 0; it < 60; it++) {
            int bits = Math.max(1, cut - 2000 + rnd.nextInt(4001));
            int other = rnd.nextBoolean() ? bits : bits + rnd.nextInt(4 * cut);
            BigInteger a = operand(rnd, bits);
            BigInteger b = rnd.nextInt(5) == 0 ? a : operand(rnd, other);
            BigInteger expected = a.multiply(b);
            BigInteger got = IntegerMultiplication.multiply(a, b);
            if (!expected.equals(got)) {
                throw new AssertionError("seed=" + SEED + " it=" + it + " cut-off " + cut + ": " + describe(a) + " x "
                        + describe(b) + " wrong, differs from bit " + expected.xor(got).getLowestSetBit());
            }
        }
    }

    /**
     * The one-limb shape exists exactly while min(La, Lb) (2^64 - 1)^2 &lt; M / 4 (with the
     * margin of the power-of-two bound): checked with BigInteger around the largest shorter
     * operand three primes take (2^19 limbs) and for every prime count; unbalanced operands are
     * limited by the shorter one.
     */
    @Test
    void limbPiecesOnlyWithinTheCoefficientBound() {
        for (int primes = DoubleNttIntMul.MIN_PRIMES; primes <= DoubleNttIntMul.MAX_PRIMES; primes++) {
            BigInteger quarterM = modulus(primes).shiftRight(2);
            for (int e = 0; e <= 24; e++) {
                for (long limbs : new long[] {(1L << e) - 1, 1L << e, (1L << e) + 1}) {
                    if (limbs < 1) {
                        continue;
                    }
                    DoubleNttIntMul.Shape shape = DoubleNttIntMul.alignedShape(64 * limbs, 64 * limbs, primes);
                    // the route's bound: 2^(128 + ceil(log2 limbs)) <= 2^(floor(log2 M) - 2)
                    BigInteger pow = BigInteger.ONE.shiftLeft(128 + (64 - Long.numberOfLeadingZeros(limbs - 1)));
                    boolean fits = pow.compareTo(quarterM) <= 0
                            && 64 - Long.numberOfLeadingZeros(2 * limbs - 2) <= DoubleNttPlan.MAX_LOG2N;
                    assertEquals(fits, shape != null, "s=" + primes + " limbs=" + limbs);
                    if (shape != null) {
                        BigInteger maxCoefficient = BigInteger.valueOf(limbs).multiply(allOnes(64).pow(2));
                        assertTrue(maxCoefficient.compareTo(quarterM) < 0, shape + ": a coefficient reaches M/4");
                        assertEquals(limbs, shape.piecesA());
                    }
                }
            }
        }
        for (int primes = DoubleNttIntMul.MIN_PRIMES; primes <= DoubleNttIntMul.MAX_PRIMES; primes++) {
            for (long limbs : new long[] {1, 2, 3, 1L << 20, (1L << 26) + 1}) { // in two-limb pieces
                DoubleNttIntMul.Shape shape = DoubleNttIntMul.alignedShape(128 * limbs, 128 * limbs, primes, 2);
                BigInteger pow = BigInteger.ONE.shiftLeft(256 + (64 - Long.numberOfLeadingZeros(limbs - 1)));
                boolean fits = pow.compareTo(modulus(primes).shiftRight(2)) <= 0
                        && 64 - Long.numberOfLeadingZeros(2 * limbs - 2) <= DoubleNttPlan.MAX_LOG2N;
                assertEquals(fits, shape != null, "two-limb pieces, s=" + primes + " pieces=" + limbs);
                assertEquals(primes == 6, shape != null, "two-limb pieces need six primes, pieces=" + limbs);
            }
        }
        // the chooser takes two-limb pieces only where three primes cannot take one-limb pieces
        assertEquals(64, DoubleNttIntMul.choose(64L << 19, 64L << 19, false, 0).pieceBits());
        assertEquals(128, DoubleNttIntMul.choose((64L << 19) + 64, (64L << 19) + 64, false, 0).pieceBits());
        assertTrue(DoubleNttIntMul.alignedShape(64L << 19, 64L << 19, 3) != null);
        assertTrue(DoubleNttIntMul.alignedShape((64L << 19) + 1, (64L << 19) + 1, 3) == null);
        // unbalanced: the shorter operand decides
        assertTrue(DoubleNttIntMul.alignedShape(64L << 19, 64L << 22, 3) != null);
        assertTrue(DoubleNttIntMul.alignedShape(64L << 22, 64L << 19, 3) != null);
    }

    /**
     * The projection for every piece size 1..120 and 128 (one, two or three parts of at most 50 bits:
     * the boundaries 50/51 and 100/101 included) against BigInteger: each residue of the
     * transform's matrix is piece i of the limbs mod p, for random, all-ones and sparse limbs, a
     * random prime of the set and a random row length; entries after the pieces are zero.
     */
    @Test
    void residuesOfThePiecesForEveryPieceSize() {
        Random rnd = new Random(SEED ^ 0x51);
        for (int w = 1; w <= DoubleNttIntMul.MAX_PIECE_BITS + 8; w = w == DoubleNttIntMul.MAX_PIECE_BITS ? 128 : w + 1) {
            assertEquals((w + 49) / 50, DoubleNttIntMul.partCount(w), "parts of a " + w + "-bit piece");
            for (int it = 0; it < 3; it++) {
                int limbs = 1 + rnd.nextInt(40);
                long[] x = new long[limbs];
                for (int i = 0; i < limbs; i++) {
                    x[i] = it == 0 ? -1L : it == 1 ? rnd.nextLong() : (rnd.nextInt(4) == 0 ? 1L << rnd.nextInt(64) : 0);
                }
                BigInteger v = Limbs.toBigInteger(x);
                long count = (64L * limbs + w - 1) / w + rnd.nextInt(3); // a few pieces above the top: zero
                double[][] parts = DoubleNttIntMul.parts(x, w, count);
                long p = DoubleNttIntMul.PRIMES[rnd.nextInt(DoubleNttIntMul.PRIMES.length)];
                int cols = 1 << rnd.nextInt(6);
                double[][] m = new double[(int) ((count + cols - 1) / cols) + 1][cols];
                for (double[] row : m) {
                    java.util.Arrays.fill(row, 7.0); // any contents
                }
                int rows = DoubleNttIntMul.residues(parts, w, p, m);
                assertEquals((count + cols - 1) / cols, rows);
                BigInteger mask = allOnes(w);
                for (int i = 0; i < rows * cols; i++) {
                    long expected = i < count ? v.shiftRight(i * w).and(mask).mod(BigInteger.valueOf(p)).longValue() : 0;
                    double got = m[i / cols][i % cols];
                    if (Math.abs(got) > 1.5 * p || DoubleNttPlan.residue(got, p) != expected) {
                        throw new AssertionError("seed=" + SEED + " w=" + w + " it=" + it + " piece " + i + " of " + count
                                + " mod " + p + ": got " + got + ", expected " + expected);
                    }
                }
            }
        }
    }

    @Test
    void absurdlyLargeRequestsAreRejected() {
        for (int force : PRIME_COUNTS) {
            assertThrows(IllegalArgumentException.class,
                    () -> DoubleNttIntMul.choose(1L << 40, 1L << 40, false, force), "force=" + force);
            assertThrows(IllegalArgumentException.class,
                    () -> DoubleNttIntMul.choose(Long.MAX_VALUE / 4, 1, false, force), "force=" + force);
        }
        // 2^28 points of at most 120 bits: about 3.2 10^10 product bits at most
        assertThrows(IllegalArgumentException.class, () -> DoubleNttIntMul.choose(20_000_000_000L, 20_000_000_000L,
                true, 0));
    }

    // ---------------------------------------------------------------- bad input

    private static void assertIae(String name, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertTrue(e.getMessage() != null && e.getMessage().startsWith(name + " "),
                "the message should start with the parameter's name " + name + ": " + e.getMessage());
    }

    @Test
    void badInputIsRejectedByName() {
        BigInteger x = allOnes(100);
        assertIae("a", () -> IntegerMultiplication.multiplyCpu(null, x, 1));
        assertIae("b", () -> IntegerMultiplication.multiplyCpu(x, null, 1));
        assertIae("a", () -> IntegerMultiplication.multiplyCpu(null, null, 1));
        for (int threads : new int[] {0, -1, Integer.MIN_VALUE}) {
            assertIae("threads", () -> IntegerMultiplication.multiplyCpu(x, x, threads));
            assertIae("threads", () -> IntegerMultiplication.multiplyCpu(x, BigInteger.ZERO, threads));
            assertIae("threads", () -> IntegerMultiplication.multiplyCpu(x, x, threads, 3));
        }
    }

    /** A shape given by the caller is exact or refused: random shapes, the product against BigInteger. */
    @Test
    void givenShapesAreExactOrRefused() {
        Random rnd = new Random(SEED + 77);
        int exact = 0;
        int refused = 0;
        for (int t = 0; t < 300; t++) {
            int bits = 64 + rnd.nextInt(6000);
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(1 + rnd.nextInt(bits), rnd).setBit(0);
            // every other shape near the chooser's (mostly valid), the others anywhere (mostly refused)
            boolean near = t % 2 == 0;
            int s = near ? 4 + rnd.nextInt(3) : 2 + rnd.nextInt(6);
            int w = near ? 50 + rnd.nextInt(20) : rnd.nextInt(4) == 0 ? 128 : 30 + rnd.nextInt(110);
            long pa = (a.bitLength() + w - 1) / w + (near ? rnd.nextInt(2) : rnd.nextInt(5) == 0 ? -1 : rnd.nextInt(2));
            long pb = (b.bitLength() + w - 1) / w;
            int layout = near ? 0 : rnd.nextInt(5) - (rnd.nextInt(8) == 0 ? 1 : 0);
            int log2n = 64 - Long.numberOfLeadingZeros(Math.max(1, pa + pb - 2)) - (near ? 0 : rnd.nextInt(3));
            DoubleNttIntMul.Shape shape = new DoubleNttIntMul.Shape(s, w, log2n, pa, pb, layout);
            long[] la = Limbs.magnitude(a);
            long[] lb = Limbs.magnitude(b);
            String ctx = shape + " for " + a.bitLength() + " x " + b.bitLength() + " bits (seed " + SEED + ")";
            boolean valid;
            try {
                DoubleNttIntMul.checkShape(shape, a.bitLength(), b.bitLength());
                valid = true;
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().startsWith("shape"), e.getMessage());
                assertThrows(IllegalArgumentException.class, () -> DoubleNttIntMul.multiply(la, a.bitLength(), lb,
                        b.bitLength(), false, shape, 1), ctx);
                refused++;
                continue;
            }
            assertTrue(valid);
            long[] c = DoubleNttIntMul.multiply(la, a.bitLength(), lb, b.bitLength(), false, shape, 1 + rnd.nextInt(2));
            assertEquals(a.multiply(b), Limbs.toBigInteger(c), ctx);
            exact++;
        }
        System.out.println("givenShapesAreExactOrRefused: " + exact + " exact, " + refused + " refused (seed " + SEED + ")");
        assertTrue(exact > 20 && refused > 20, "exact " + exact + ", refused " + refused);
        assertThrows(IllegalArgumentException.class, () -> DoubleNttIntMul.checkShape(null, 1, 1));
    }
}
