package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.polynomial.Limbs;

/**
 * Products modulo B^N - 1 ({@code DoubleNttIntMul.FixedFactor.wrapped}, {@code foldModBnm1})
 * against BigInteger's {@code mod}: N = 2^2 .. 2^13 limbs, factors of 1 to N limbs, zero, all
 * ones (B^N - 1 itself, which is 0), and one and several threads. Random inputs every run; the
 * seed is printed ({@code -Dmodalg.test.seed} replays it).
 */
class WrappedProductTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @BeforeAll
    static void printSeed() {
        System.out.println("WrappedProductTest seed=" + SEED + " (-Dmodalg.test.seed=" + SEED + " replays)");
    }

    private static long[] random(Random rnd, int limbs, boolean ones) {
        long[] x = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            x[i] = ones ? -1L : rnd.nextLong();
        }
        return x;
    }

    // x mod (B^n - 1) as n limbs
    private static long[] oracle(BigInteger x, int n) {
        BigInteger mod = BigInteger.ONE.shiftLeft(64 * n).subtract(BigInteger.ONE);
        return Arrays.copyOf(Limbs.magnitude(x.mod(mod)), n);
    }

    @Test
    void wrappedProductsMatchBigInteger() {
        Random rnd = new Random(SEED);
        for (int log2n = 2; log2n <= 13; log2n++) {
            int n = 1 << log2n;
            for (int t = 0; t < 6; t++) {
                int la = t == 0 ? n : 1 + rnd.nextInt(n);
                int lb = t == 1 ? n : 1 + rnd.nextInt(n);
                long[] a = random(rnd, la, t == 2 || t == 4);
                long[] b = random(rnd, lb, t == 3 || t == 4);
                if (t == 5) {
                    Arrays.fill(b, 0L);
                }
                DoubleNttIntMul.FixedFactor f = DoubleNttIntMul.FixedFactor.wrapped(a, log2n, 1 + t % 2);
                long[] want = oracle(Limbs.toBigInteger(a).multiply(Limbs.toBigInteger(b)), n);
                assertArrayEquals(want, f.multiplyWrapped(b, 1 + t % 3), "seed=" + SEED + " N=" + n + " case " + t);
            }
        }
    }

    @Test
    void foldingMatchesBigInteger() {
        Random rnd = new Random(SEED + 1);
        for (int n : new int[] {1, 2, 3, 8, 100}) {
            for (int len : new int[] {0, 1, n - 1, n, n + 1, 2 * n, 3 * n + 1}) {
                for (boolean ones : new boolean[] {false, true}) {
                    long[] x = random(rnd, Math.max(0, len), ones);
                    assertArrayEquals(oracle(Limbs.toBigInteger(x), n), DoubleNttIntMul.foldModBnm1(x, n),
                            "seed=" + SEED + " n=" + n + " len=" + len + " ones=" + ones);
                }
            }
        }
    }

    @Test
    void factorsLongerThanNAreRefused() {
        long[] a = new long[5];
        a[4] = 1;
        assertThrows(IllegalArgumentException.class, () -> DoubleNttIntMul.FixedFactor.wrapped(a, 2, 1));
        DoubleNttIntMul.FixedFactor f = DoubleNttIntMul.FixedFactor.wrapped(new long[] {3}, 2, 1);
        assertThrows(IllegalArgumentException.class, () -> f.multiplyWrapped(a, 1));
        assertThrows(IllegalStateException.class, () -> f.multiply(new long[] {1}, 1, 1));
    }
}
