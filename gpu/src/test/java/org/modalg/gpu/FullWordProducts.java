package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.modalg.polynomial.zp.PolyMulZp;

/**
 * The oracles and the one check of the device's Z/pZ[x] products for any word modulus
 * 2 &lt;= p &lt; 2^64 read unsigned ({@link GpuFullWordProductTest}, {@link GpuPolyProductTest}):
 * operands, the CPU route (the double-precision transforms on the host) and a schoolbook product
 * on BigIntegers.
 */
final class FullWordProducts {
    /** A product under test into c[cOff ..): false when it declined. */
    interface Product {
        boolean multiply(long p, long[] a, long[] b, long[] c, int cOff);
    }

    private FullWordProducts() {
    }

    /** p read unsigned. */
    static String str(long p) {
        return Long.toUnsignedString(p);
    }

    /** n coefficients mod p: uniform, or every one p - 1 when {@code extreme}. */
    static long[] random(Random rnd, long p, int n, boolean extreme) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = extreme ? p - 1 : Long.remainderUnsigned(rnd.nextLong(), p);
        }
        return x;
    }

    /** The CPU route: the double-precision transforms on every host core. */
    static long[] cpu(long p, long[] a, long[] b) {
        long[] c = new long[a.length + b.length - 1];
        PolyMulZp.mulDoubleNtt(p, a, 0, a.length, b, 0, b.length, c, 0, Runtime.getRuntime().availableProcessors());
        return c;
    }

    /** The schoolbook product on BigIntegers, O(len a len b). */
    static long[] schoolbook(long p, long[] a, long[] b) {
        BigInteger bp = new BigInteger(str(p));
        long[] c = new long[a.length + b.length - 1];
        for (int k = 0; k < c.length; k++) {
            BigInteger s = BigInteger.ZERO;
            for (int i = Math.max(0, k - b.length + 1); i <= Math.min(k, a.length - 1); i++) {
                s = s.add(new BigInteger(str(a[i])).multiply(new BigInteger(str(b[k - i]))));
            }
            c[k] = s.mod(bp).longValue();
        }
        return c;
    }

    /**
     * One product of random operands of lengths s[0] x s[1] mod p ({@code extreme}: every
     * coefficient p - 1) by {@code product} into c[1 ..): the CPU route's coefficients, c[0] and the
     * tail untouched, the schoolbook's where s[0] s[1] &lt;= schoolbookUpTo, and for extreme
     * operands c_k = the number of pairs i + j = k (as (p - 1)^2 = 1 mod p).
     */
    static void check(Random rnd, long p, int[] s, boolean extreme, long schoolbookUpTo, Product product) {
        long[] a = random(rnd, p, s[0], extreme);
        long[] b = random(rnd, p, s[1], extreme);
        long[] c = new long[a.length + b.length + 1];
        c[0] = 123; // the offset: c[1 ..) written, c[0] and the tail untouched
        String what = "p = " + str(p) + ", lengths " + s[0] + " x " + s[1] + (extreme ? ", all p - 1" : "");
        assertEquals(true, product.multiply(p, a, b, c, 1), what + ": declined");
        long[] expected = cpu(p, a, b);
        assertArrayEquals(expected, Arrays.copyOfRange(c, 1, 1 + expected.length), what);
        assertEquals(123, c[0], what);
        assertEquals(0, c[c.length - 1], what);
        if ((long) s[0] * s[1] <= schoolbookUpTo) {
            assertArrayEquals(schoolbook(p, a, b), expected, what + " (schoolbook)");
        }
        if (extreme) {
            for (int k = 0; k < expected.length; k++) {
                long pairs = Math.min(Math.min(k + 1, expected.length - k), Math.min(s[0], s[1]));
                assertEquals(Long.remainderUnsigned(pairs, p), c[1 + k], what + " at " + k);
            }
        }
    }
}
