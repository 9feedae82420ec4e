package org.modalg.modular.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.modalg.modular.GcdOracles.MULTIPLIER;
import static org.modalg.modular.GcdOracles.SEED;
import static org.modalg.modular.GcdOracles.where;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.modular.GcdOracles;

/**
 * {@link PolyGcdZp} and {@link PolyGcdGf} against BigInteger Euclid modulo the prime and the
 * determinant of the Sylvester matrix modulo the prime, on random inputs with planted common
 * factors, leading zeros (a prime dividing a leading coefficient) and small degrees.
 */
class PolyGcdKernelsTest {
    private static final long[] PRIMES = {2, 3, 7, 65537, (1L << 61) - 1, NttPrimes.largestBelow(1L << 62, 30)};

    /** Random coefficients in [0, p), each zero with probability 1/4 (small p hit degree drops). */
    private static BigInteger[] randomMod(Random rnd, int len, BigInteger p) {
        BigInteger[] c = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            c[i] = rnd.nextInt(4) == 0 ? BigInteger.ZERO : new BigInteger(p.bitLength() + 8, rnd).mod(p);
        }
        return c;
    }

    private static BigInteger[] mulMod(BigInteger[] a, BigInteger[] b, BigInteger p) {
        if (a.length == 0 || b.length == 0) {
            return new BigInteger[0];
        }
        BigInteger[] r = new BigInteger[a.length + b.length - 1];
        Arrays.fill(r, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                r[i + j] = r[i + j].add(a[i].multiply(b[j])).mod(p);
            }
        }
        return r;
    }

    private static long[] longs(BigInteger[] a, int len) {
        long[] r = new long[Math.max(len, 1)];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i].longValueExact();
        }
        return r;
    }

    @Test
    void zpGcdAndResultantAgainstOracles() {
        Random rnd = new Random(SEED);
        for (long p : PRIMES) {
            ZpField f = ZpField.of(p);
            BigInteger pb = BigInteger.valueOf(p);
            for (int it = 0; it < 60 * MULTIPLIER; it++) {
                int la = rnd.nextInt(9);
                int lb = rnd.nextInt(9);
                BigInteger[] a = randomMod(rnd, la, pb);
                BigInteger[] b = randomMod(rnd, lb, pb);
                if (rnd.nextBoolean()) {
                    BigInteger[] c = randomMod(rnd, 1 + rnd.nextInt(4), pb);
                    a = mulMod(a, c, pb);
                    b = mulMod(b, c, pb);
                }
                String label = where("p=" + p + " a=" + Arrays.toString(a) + " b=" + Arrays.toString(b));
                int n = Math.max(a.length, b.length);
                BigInteger[] expected = GcdOracles.gcdMod(a, b, pb);
                long[] out = new long[Math.max(n, 1)];
                int len = PolyGcdZp.gcd(f, longs(a, n), a.length, longs(b, n), b.length, out);
                assertEquals(expected.length, len, label);
                assertArrayEquals(Arrays.copyOf(longs(expected, len), len), Arrays.copyOf(out, len), label);
                if (a.length >= 1 && b.length >= 1) {
                    long det = GcdOracles.detMod(GcdOracles.sylvester(a, b), p);
                    assertEquals(det, PolyGcdZp.resultant(f, longs(a, a.length), a.length, longs(b, b.length),
                            b.length), label);
                }
            }
        }
    }

    @Test
    void gfGcdAndResultantAgainstOracles() {
        Random rnd = new Random(SEED + 1);
        for (GfPreset preset : new GfPreset[] {GfPreset.SRGF2, GfPreset.GF4, GfPreset.SRGF4}) {
            GfField field = preset.field();
            GfArithmetic ar = field.arithmetic();
            int k = ar.digits();
            BigInteger pb = field.modulus();
            for (int it = 0; it < 25 * MULTIPLIER; it++) {
                int la = rnd.nextInt(7);
                int lb = rnd.nextInt(7);
                BigInteger[] a = randomMod(rnd, la, pb);
                BigInteger[] b = randomMod(rnd, lb, pb);
                if (rnd.nextInt(3) == 0 && la > 0) {
                    a[la - 1] = pb.subtract(BigInteger.ONE); // the special element r^k
                }
                if (rnd.nextBoolean()) {
                    BigInteger[] c = randomMod(rnd, 1 + rnd.nextInt(3), pb);
                    a = mulMod(a, c, pb);
                    b = mulMod(b, c, pb);
                }
                String label = where(preset + " a=" + Arrays.toString(a) + " b=" + Arrays.toString(b));
                int n = Math.max(Math.max(a.length, b.length), 1);
                BigInteger[] expected = GcdOracles.gcdMod(a, b, pb);
                long[] da = digits(field, a, n);
                long[] db = digits(field, b, n);
                long[] out = new long[n * k];
                int len = PolyGcdGf.gcd(field, da, a.length, db, b.length, out);
                assertEquals(expected.length, len, label);
                for (int i = 0; i < len; i++) {
                    assertEquals(expected[i], field.toBigInteger(out, i * k), label + " coefficient " + i);
                }
                if (a.length >= 1 && b.length >= 1) {
                    BigInteger det = detModBig(GcdOracles.sylvester(a, b), pb);
                    long[] res = new long[k];
                    PolyGcdGf.resultant(field, digits(field, a, a.length), a.length, digits(field, b, b.length),
                            b.length, res);
                    assertEquals(det, field.toBigInteger(res, 0), label);
                }
            }
        }
    }

    private static long[] digits(GfField field, BigInteger[] a, int len) {
        int k = field.k();
        long[] r = new long[len * k];
        for (int i = 0; i < a.length; i++) {
            field.fromBigInteger(a[i], r, i * k);
        }
        return r;
    }

    /** det mod a big prime by Gaussian elimination over BigInteger. */
    private static BigInteger detModBig(BigInteger[][] mat, BigInteger p) {
        BigInteger d = GcdOracles.bareiss(mat);
        return d.mod(p);
    }

    @Test
    void resultantDegreeDropRules() {
        ZpField f = ZpField.of(7);
        // a = 7 x^2 + x + 1 read mod 7 with formal degree 2, b = 2x + 3
        BigInteger[] a = {BigInteger.ONE, BigInteger.ONE, BigInteger.valueOf(7)};
        BigInteger[] b = {BigInteger.valueOf(3), BigInteger.valueOf(2)};
        long expected = Math.floorMod(GcdOracles.bareiss(GcdOracles.sylvester(a, b)).longValueExact(), 7);
        assertEquals(expected, PolyGcdZp.resultant(f, new long[] {1, 1, 0}, 3, new long[] {3, 2}, 2));
        assertEquals(Math.floorMod(GcdOracles.bareiss(GcdOracles.sylvester(b, a)).longValueExact(), 7),
                PolyGcdZp.resultant(f, new long[] {3, 2}, 2, new long[] {1, 1, 0}, 3));
        // both leading coefficients vanish: 0
        assertEquals(0, PolyGcdZp.resultant(f, new long[] {1, 0}, 2, new long[] {1, 0}, 2));
        // constants: Res(c, g) = c^deg g, Res_{0,0} = 1
        assertEquals(f.pow(3, 2), PolyGcdZp.resultant(f, new long[] {3}, 1, new long[] {1, 2, 5}, 3));
        assertEquals(1, PolyGcdZp.resultant(f, new long[] {0}, 1, new long[] {0}, 1));
    }
}
