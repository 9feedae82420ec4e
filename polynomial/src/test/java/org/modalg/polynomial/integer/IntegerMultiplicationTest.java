package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.convolution.ConvolutionPlan;

class IntegerMultiplicationTest {
    private static final long SEED = Long.getLong("modalg.test.seed", 99L);
    private static final int MULT = Integer.getInteger("modalg.test.multiplier", 1);

    private static List<BigInteger> edgeValues() {
        List<BigInteger> v = new ArrayList<>();
        v.add(BigInteger.ZERO);
        v.add(BigInteger.ONE);
        v.add(BigInteger.ONE.negate());
        v.add(BigInteger.TWO);
        for (int n : new int[] {1, 51, 52, 53, 63, 64, 65, 104, 128, 1000, 4096, 65536, 100_000}) {
            BigInteger p = BigInteger.ONE.shiftLeft(n);
            v.add(p);
            v.add(p.subtract(BigInteger.ONE));
            v.add(p.add(BigInteger.ONE).negate());
        }
        return v;
    }

    @Test
    void nttProductEqualsBigIntegerOnEdgeValues() {
        CpuNttEngine serial = new CpuNttEngine(1);
        List<BigInteger> edges = edgeValues();
        for (BigInteger a : edges) {
            for (BigInteger b : edges) {
                assertEquals(a.multiply(b), IntegerMultiplication.multiplyNtt(a, b, serial), "a=" + a.bitLength()
                        + " bits, b=" + b.bitLength() + " bits");
            }
        }
        serial.close();
    }

    @Test
    void nttProductEqualsBigIntegerOnRandomSizesAndSigns() {
        Random rnd = new Random(SEED);
        for (int it = 0; it < 60 * MULT; it++) {
            int bitsA = 1 + rnd.nextInt(it < 40 ? 5000 : 300_000);
            int bitsB = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(200) : 1 + rnd.nextInt(it < 40 ? 5000 : 300_000);
            BigInteger a = new BigInteger(bitsA, rnd);
            BigInteger b = new BigInteger(bitsB, rnd);
            if (rnd.nextBoolean()) {
                a = a.negate();
            }
            if (rnd.nextBoolean()) {
                b = b.negate();
            }
            String msg = "seed=" + SEED + " it=" + it;
            assertEquals(a.multiply(b), IntegerMultiplication.multiplyNtt(a, b, CpuNttEngine.shared()), msg);
            assertEquals(a.multiply(b), IntegerMultiplication.multiply(a, b), msg);
            assertEquals(a.multiply(a), IntegerMultiplication.square(a), msg);
        }
    }

    @Test
    void largeProductsEqualBigInteger() {
        Random rnd = new Random(SEED + 1);
        for (int bits : new int[] {1_000_000, 3_000_000}) {
            BigInteger a = new BigInteger(bits, rnd).setBit(bits - 1);
            BigInteger b = new BigInteger(bits, rnd).setBit(bits - 1);
            assertEquals(a.multiply(b), IntegerMultiplication.multiply(a, b), bits + " bits");
        }
        BigInteger all = BigInteger.ONE.shiftLeft(2_000_000).subtract(BigInteger.ONE);
        assertEquals(all.multiply(all), IntegerMultiplication.square(all), "2^n - 1 squared");
    }

    @Test
    void batchedProductsEqualBigInteger() {
        Random rnd = new Random(SEED + 2);
        BigInteger[] a = new BigInteger[40];
        BigInteger[] b = new BigInteger[40];
        BigInteger[] want = new BigInteger[40];
        for (int i = 0; i < a.length; i++) {
            a[i] = new BigInteger(1 + rnd.nextInt(200_000), rnd);
            b[i] = new BigInteger(1 + rnd.nextInt(200_000), rnd).negate();
            want[i] = a[i].multiply(b[i]);
        }
        assertArrayEquals(want, IntegerMultiplication.multiplyAll(a, b));
        assertEquals(0, IntegerMultiplication.multiplyAll(new BigInteger[0], new BigInteger[0]).length);
    }

    @Test
    void everyPrimeCountOnAnEngineEqualsBigInteger() {
        // the engine route (the pipeline's cyclic shapes, convolutions on an NttEngine) with 3 to
        // 6 primes forced, at piece counts just above and below powers of two, with random,
        // all-ones (2^n - 1) and power-of-two operands, signs, squares and a one-limb factor
        Random rnd = new Random(SEED + 3);
        try (CpuNttEngine serial = new CpuNttEngine(1)) {
            for (int s = DoubleNttIntMul.MIN_PRIMES; s <= DoubleNttIntMul.MAX_PRIMES; s++) {
                for (int k = 2; k <= 11; k++) {
                    for (double f : new double[] {1.02, 1.49, 1.51, 1.98}) {
                        DoubleNttIntMul.Shape probe = DoubleNttIntMul.chooseCyclic(100_000, 100_000, false, s);
                        long bits = Math.max(1, (long) (f * (1 << k) / 2 * probe.pieceBits()));
                        for (int kind = 0; kind < 3; kind++) {
                            BigInteger a = kind == 0 ? new BigInteger((int) bits, rnd).setBit((int) bits - 1)
                                    : kind == 1 ? BigInteger.ONE.shiftLeft((int) bits).subtract(BigInteger.ONE)
                                    : BigInteger.ONE.shiftLeft((int) bits - 1);
                            BigInteger b = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
                            if (rnd.nextBoolean()) {
                                b = b.negate();
                            }
                            DoubleNttIntMul.Shape shape = DoubleNttIntMul.chooseCyclic(bits, bits, false, s);
                            assertEquals(DoubleNttIntMul.CYCLIC, shape.layout(), shape.toString());
                            String msg = "seed=" + (SEED + 3) + " " + shape + " kind=" + kind;
                            assertEquals(a.multiply(b), IntegerMultiplication.multiplyNtt(a, b, serial, s), msg);
                            assertEquals(a.multiply(a), IntegerMultiplication.multiplyNtt(a, a, serial, s), msg);
                            BigInteger small = BigInteger.valueOf(rnd.nextLong()).or(BigInteger.ONE);
                            assertEquals(a.multiply(small), IntegerMultiplication.multiplyNtt(a, small, serial, s), msg);
                        }
                    }
                }
            }
        }
    }

    @Test
    void engineShapesAreCyclicAndWithinTheEngine() {
        // the bound behind the piece size: min(La, Lb) (2^w - 1)^2 < M / 4, one cyclic convolution
        // of at most 2^27 points that holds the product; a product beyond it is refused by name
        for (long bits : new long[] {1, 64, 1000, 123_457, 10_000_000, 100_000_000, 1_000_000_000}) {
            for (boolean square : new boolean[] {false, true}) {
                DoubleNttIntMul.Shape sh = DoubleNttIntMul.chooseCyclic(bits, bits / 3 + 1, square, 0);
                BigInteger piece = BigInteger.ONE.shiftLeft(sh.pieceBits()).subtract(BigInteger.ONE);
                BigInteger bound = piece.pow(2).multiply(BigInteger.valueOf(Math.min(sh.piecesA(), sh.piecesB())));
                BigInteger m = BigInteger.ONE;
                for (int j = 0; j < sh.primes(); j++) {
                    m = m.multiply(BigInteger.valueOf(ConvolutionPlan.first(sh.primes()).prime(j)));
                }
                assertEquals(-1, bound.shiftLeft(2).compareTo(m), sh.toString());
                assertEquals(DoubleNttIntMul.CYCLIC, sh.layout(), sh.toString());
                assertEquals(true, sh.capacity() >= sh.productPieces() && sh.log2n() <= org.modalg.fft.ntt.NttPlan.MAX_LOG2N,
                        sh.toString());
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DoubleNttIntMul.chooseCyclic(20_000_000_000L, 20_000_000_000L, false, 0));
        assertEquals(true, e.getMessage().contains("at most 2^27 pieces"), e.getMessage());
    }

    @Test
    void limbKernelsEqualBigInteger() {
        Random rnd = new Random(SEED + 4);
        for (int it = 0; it < 200; it++) {
            int bits = rnd.nextInt(3000);
            BigInteger x = it % 7 == 0 ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE) : new BigInteger(bits, rnd);
            long[] limbs = Limbs.magnitude(x.negate());
            assertEquals(x, Limbs.toBigInteger(limbs), "seed=" + (SEED + 4) + " it=" + it);
            assertEquals(x.bitLength(), Limbs.bitLength(limbs), "seed=" + (SEED + 4) + " it=" + it);
        }
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> IntegerMultiplication.multiply(null, BigInteger.ONE));
        assertThrows(IllegalArgumentException.class,
                () -> IntegerMultiplication.multiplyAll(new BigInteger[1], new BigInteger[2]));
    }
}
