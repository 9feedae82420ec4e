package org.modalg.polynomial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CpuNttEngine;

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
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> IntegerMultiplication.multiply(null, BigInteger.ONE));
        assertThrows(IllegalArgumentException.class,
                () -> IntegerMultiplication.multiplyAll(new BigInteger[1], new BigInteger[2]));
    }
}
