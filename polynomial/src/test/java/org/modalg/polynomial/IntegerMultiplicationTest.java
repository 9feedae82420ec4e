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
    void everyPrimeCountAndLayoutEqualsBigInteger() {
        // 2, 3 and 4 primes forced, at sizes on both sides of the split / cyclic layouts
        // (product piece counts just above 2^k, up to 3 2^(k-1), and just below 2^(k+1)),
        // with random, all-ones (2^n - 1) and power-of-two operands, signs and squares.
        Random rnd = new Random(SEED + 3);
        boolean[] seen = new boolean[2];
        try (CpuNttEngine serial = new CpuNttEngine(1)) {
            for (int s = 2; s <= IntMulShape.MAX_PRIMES; s++) {
                for (int k = 2; k <= 12; k++) {
                    for (double f : new double[] {1.02, 1.49, 1.51, 1.98}) {
                        IntMulShape probe = IntMulShape.choose(100_000, 100_000, false, s);
                        long bits = Math.max(1, (long) (f * (1 << k) / 2 * probe.pieceBits()));
                        for (int kind = 0; kind < 3; kind++) {
                            BigInteger a = kind == 0 ? new BigInteger((int) bits, rnd).setBit((int) bits - 1)
                                    : kind == 1 ? BigInteger.ONE.shiftLeft((int) bits).subtract(BigInteger.ONE)
                                    : BigInteger.ONE.shiftLeft((int) bits - 1);
                            BigInteger b = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
                            if (rnd.nextBoolean()) {
                                b = b.negate();
                            }
                            IntMulShape shape = IntMulShape.choose(bits, bits, false, s);
                            seen[shape.split() ? 1 : 0] = true;
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
        assertEquals(true, seen[0] && seen[1], "both layouts exercised");
    }

    @Test
    void chosenShapeIsConsistent() {
        // the bound behind the piece size: min(La, Lb) (2^w - 1)^2 < M, and the layout covers the product
        for (long bits : new long[] {1, 64, 1000, 123_457, 10_000_000, 100_000_000, 1_000_000_000}) {
            for (boolean square : new boolean[] {false, true}) {
                IntMulShape sh = IntMulShape.choose(bits, bits / 3 + 1, square, 0);
                BigInteger piece = BigInteger.ONE.shiftLeft(sh.pieceBits()).subtract(BigInteger.ONE);
                BigInteger bound = piece.pow(2).multiply(BigInteger.valueOf(Math.min(sh.piecesA(), sh.piecesB())));
                assertEquals(-1, bound.compareTo(IntMulShape.modulus(sh.primes())), sh.toString());
                assertEquals(true, sh.points() >= sh.productPieces(), sh.toString());
            }
        }
    }

    @Test
    void limbKernelsEqualBigInteger() {
        Random rnd = new Random(SEED + 4);
        for (int it = 0; it < 200; it++) {
            int bits = rnd.nextInt(3000);
            BigInteger x = it % 7 == 0 ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE) : new BigInteger(bits, rnd);
            long[] limbs = Limbs.magnitude(x.negate());
            assertEquals(x, Limbs.toBigInteger(limbs), "seed=" + (SEED + 4) + " it=" + it);
            // residues of the w-bit pieces, wrapped cyclically or negacyclically onto rows
            int w = 1 + rnd.nextInt(IntMulShape.MAX_PIECE_BITS);
            long count = Math.max(1, (bits + w - 1) / w);
            int rowLen = 1 + rnd.nextInt(40);
            boolean nega = rnd.nextBoolean();
            long[] out = new long[IntMulShape.MAX_PRIMES * rowLen];
            Limbs.residues(limbs, w, count, IntMulShape.PRIMES, IntMulShape.MAX_PRIMES, out, rowLen, nega);
            BigInteger mask = BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE);
            for (int j = 0; j < IntMulShape.MAX_PRIMES; j++) {
                BigInteger p = BigInteger.valueOf(IntMulShape.PRIMES[j]);
                BigInteger[] want = new BigInteger[rowLen];
                java.util.Arrays.fill(want, BigInteger.ZERO);
                for (long i = 0; i < count; i++) {
                    BigInteger piece = x.shiftRight((int) (i * w)).and(mask);
                    if (nega && ((i / rowLen) & 1) == 1) {
                        piece = piece.negate();
                    }
                    int at = (int) (i % rowLen);
                    want[at] = want[at].add(piece);
                }
                for (int i = 0; i < rowLen; i++) {
                    assertEquals(want[i].mod(p).longValue(), out[j * rowLen + i],
                            "seed=" + (SEED + 4) + " it=" + it + " w=" + w + " row " + j + " at " + i);
                }
            }
            // sum of k-limb values shifted by multiples of w bits
            int n = 1 + rnd.nextInt(30);
            int k = 1 + rnd.nextInt(4);
            long[] coeffs = new long[n * k];
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < n; i++) {
                BigInteger v = rnd.nextInt(5) == 0 ? BigInteger.ONE.shiftLeft(64 * k).subtract(BigInteger.ONE)
                        : new BigInteger(64 * k, rnd);
                for (int m = 0; m < k; m++) {
                    coeffs[i * k + m] = v.shiftRight(64 * m).longValue();
                }
                sum = sum.add(v.shiftLeft(i * w));
            }
            long[] acc = new long[(sum.bitLength() + 63) / 64 + 1];
            Limbs.addShifted(coeffs, n, k, w, acc);
            assertEquals(sum, Limbs.toBigInteger(acc), "seed=" + (SEED + 4) + " it=" + it + " addShifted");
        }
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> IntegerMultiplication.multiply(null, BigInteger.ONE));
        assertThrows(IllegalArgumentException.class,
                () -> IntegerMultiplication.multiplyAll(new BigInteger[1], new BigInteger[2]));
    }
}
