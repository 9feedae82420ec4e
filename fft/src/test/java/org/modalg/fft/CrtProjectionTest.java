package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.CrtTestSupport.MULTIPLIER;
import static org.modalg.fft.CrtTestSupport.SEED;
import static org.modalg.fft.CrtTestSupport.ctx;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/** Projection onto the primes of a {@link CrtBasis}, against BigInteger.mod. */
class CrtProjectionTest {

    private static void assertRejected(String param, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(param), "message should name " + param + ": " + e.getMessage());
    }

    private static long mod(BigInteger v, long p) {
        return v.mod(BigInteger.valueOf(p)).longValueExact();
    }

    // Random limbs of the given length, biased to all-ones and zero limbs.
    private static void fillLimbs(long[] limbs, int off, int len, Random rnd) {
        int kind = rnd.nextInt(4);
        for (int t = 0; t < len; t++) {
            limbs[off + t] = kind == 0 ? -1L : kind == 1 ? (rnd.nextInt(4) == 0 ? 0 : -1L) : rnd.nextLong();
        }
    }

    @Test
    void projectMatchesBigIntegerModForEverySizeAndBlockBoundary() {
        Random rnd = new Random(SEED);
        for (int s = 1; s <= 40; s++) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            long[] ps = b.primes();
            int block = b.projectionBlock();
            int[] lens = {0, 1, 2, block - 1, block, block + 1, 2 * block, 2 * block + 3, rnd.nextInt(5 * block)};
            for (int rep = 0; rep < 3 * MULTIPLIER; rep++) {
                for (int len : lens) {
                    int off = rnd.nextInt(3);
                    long[] limbs = new long[off + len + rnd.nextInt(3)];
                    fillLimbs(limbs, off, len, rnd);
                    int resOff = rnd.nextInt(3);
                    long[] res = new long[resOff + s + 1];
                    b.project(limbs, off, len, res, resOff);
                    BigInteger v = BigIntegerLimbs.big(limbs, off, len);
                    for (int j = 0; j < s; j++) {
                        assertEquals(mod(v, ps[j]), res[resOff + j], ctx("s=" + s + " len=" + len + " j=" + j));
                    }
                }
            }
        }
    }

    @Test
    void projectAllMatchesSingleValuesAndParallelIsIdentical() {
        Random rnd = new Random(SEED ^ 1);
        for (int s : new int[] {1, 2, 3, 8, 17, 32, 40}) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            long[] ps = b.primes();
            for (int lpv : new int[] {1, b.modulusLimbCount(), b.projectionBlock() + 2}) {
                int n = 1500 + rnd.nextInt(1000);
                long[] limbs = new long[n * lpv];
                for (int i = 0; i < n; i++) {
                    fillLimbs(limbs, i * lpv, lpv, rnd);
                }
                long[] out = new long[s * n];
                b.projectAll(limbs, n, lpv, out);
                for (int i = 0; i < n; i += 1 + rnd.nextInt(7)) {
                    BigInteger v = BigIntegerLimbs.big(limbs, i * lpv, lpv);
                    for (int j = 0; j < s; j++) {
                        assertEquals(mod(v, ps[j]), out[j * n + i], ctx("s=" + s + " lpv=" + lpv + " i=" + i));
                    }
                }
                for (int threads : new int[] {2, 3, 4}) {
                    long[] par = new long[s * n];
                    b.projectAll(limbs, n, lpv, par, threads);
                    assertArrayEquals(out, par, ctx("threads=" + threads + " s=" + s));
                }
                // Signed reading of the same limbs.
                long[] signed = new long[s * n];
                b.projectAllSigned(limbs, n, lpv, signed);
                for (int i = 0; i < n; i += 1 + rnd.nextInt(7)) {
                    BigInteger v = CrtTestSupport.signedValue(limbs, i * lpv, lpv);
                    for (int j = 0; j < s; j++) {
                        assertEquals(mod(v, ps[j]), signed[j * n + i], ctx("signed s=" + s + " i=" + i));
                    }
                }
                long[] signedPar = new long[s * n];
                b.projectAllSigned(limbs, n, lpv, signedPar, 3);
                assertArrayEquals(signed, signedPar);
            }
        }
    }

    @Test
    void projectBigIntegersOfAnySignAndSize() {
        Random rnd = new Random(SEED ^ 2);
        for (int s = 1; s <= 40; s += 1 + rnd.nextInt(3)) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            long[] ps = b.primes();
            List<BigInteger> list = new ArrayList<>();
            BigInteger m = b.modulus();
            for (BigInteger e : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), m,
                m.negate(), m.subtract(BigInteger.ONE), m.shiftLeft(1).negate(), BigInteger.ONE.shiftLeft(64),
                BigInteger.ONE.shiftLeft(64).negate(), BigInteger.ONE.shiftLeft(64 * 40).subtract(BigInteger.ONE)}) {
                list.add(e);
            }
            for (int i = 0; i < 200 * MULTIPLIER; i++) {
                BigInteger v = new BigInteger(rnd.nextInt(64 * (b.projectionBlock() * 3)), rnd);
                list.add(rnd.nextBoolean() ? v.negate() : v);
            }
            BigInteger[] values = list.toArray(new BigInteger[0]);
            int n = values.length;
            final int s2 = s;
            long[] out = new long[s * n];
            b.project(values, out);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < s; j++) {
                    BigInteger v = values[i];
                    assertEquals(mod(v, ps[j]), out[j * n + i], () -> ctx("s=" + s2 + " v=" + v));
                }
            }
            long[] par = new long[s * n];
            b.project(values, par, 4);
            assertArrayEquals(out, par);
        }
        // Parallel path proper (above the grain).
        CrtBasis b = CrtBasis.forBits(500, 20);
        BigInteger[] values = new BigInteger[5000];
        for (int i = 0; i < values.length; i++) {
            values[i] = new BigInteger(600, rnd).subtract(BigInteger.ONE.shiftLeft(599));
        }
        long[] out = new long[b.size() * values.length];
        long[] par = new long[out.length];
        b.project(values, out);
        b.project(values, par, 3);
        assertArrayEquals(out, par);
    }

    private static List<long[]> gfSamples(GfField f, Random rnd) {
        int k = f.k();
        long r = f.radix();
        GfArithmetic ar = f.arithmetic();
        List<long[]> xs = new ArrayList<>();
        xs.add(f.element(0));
        xs.add(f.element(1));
        xs.add(f.element(-1)); // r^k
        long[] allMax = new long[k];
        Arrays.fill(allMax, r - 1);
        xs.add(allMax);
        for (int i = 0; i < 2 * k; i += 1 + rnd.nextInt(Math.max(1, k / 8))) {
            xs.add(f.powerOfRadix(i));
        }
        for (int i = 0; i < 40 * MULTIPLIER; i++) {
            long[] x = f.random(rnd);
            if (i % 5 == 0) { // x - 1 and x + 1: borrows and carries through many digits
                long[] y = new long[k];
                ar.add(x, 0, f.element(1), 0, y, 0);
                x = y;
            }
            xs.add(x);
        }
        return xs;
    }

    @Test
    void projectGfMatchesTheCanonicalRepresentativeModEachPrime() {
        Random rnd = new Random(SEED ^ 3);
        for (GfPreset preset : new GfPreset[] {GfPreset.SRGF8, GfPreset.GF16, GfPreset.SRGF128, GfPreset.SRGF2,
            GfPreset.GF4}) {
            GfField f = preset.field();
            int k = f.k();
            List<long[]> xs = gfSamples(f, rnd);
            int n = xs.size();
            long[] elems = new long[n * k];
            for (int i = 0; i < n; i++) {
                assertTrue(f.isCanonical(xs.get(i), 0));
                System.arraycopy(xs.get(i), 0, elems, i * k, k);
            }
            // 2k primes, as in the CRT route, and a small random basis.
            CrtBasis[] bases = {CrtBasis.forBits(2 * f.modulus().bitLength() + 16, 10),
                CrtBasis.of(CrtTestSupport.randomPrimes(3, rnd))};
            for (CrtBasis b : bases) {
                int s = b.size();
                long[] out = new long[s * n];
                b.projectGf(f, elems, n, out);
                for (int i = 0; i < n; i++) {
                    BigInteger v = f.toBigInteger(elems, i * k);
                    assertTrue(v.signum() >= 0 && v.compareTo(f.modulus()) < 0);
                    for (int j = 0; j < s; j++) {
                        assertEquals(mod(v, b.prime(j)), out[j * n + i],
                                ctx(preset + " s=" + s + " i=" + i + " j=" + j));
                    }
                }
                long[] par = new long[s * n];
                b.projectGf(f, elems, n, par, 2);
                assertArrayEquals(out, par);
            }
            // A batch large enough to be split over threads.
            if (k <= 16) {
                int big = 3000;
                long[] many = new long[big * k];
                for (int i = 0; i < big; i++) {
                    System.arraycopy(xs.get(rnd.nextInt(n)), 0, many, i * k, k);
                }
                CrtBasis b = bases[0];
                long[] serial = new long[b.size() * big];
                long[] par = new long[serial.length];
                b.projectGf(f, many, big, serial);
                b.projectGf(f, many, big, par, 3);
                assertArrayEquals(serial, par, ctx(preset + " parallel"));
            }
        }
    }

    @Test
    void badProjectionInputIsRejectedNamingTheParameter() {
        CrtBasis b = CrtBasis.of(3, 5, 7);
        long[] limbs = new long[8];
        long[] res = new long[3 * 4];
        assertRejected("limbs", () -> b.project(null, 0, 1, res, 0));
        assertRejected("len", () -> b.project(limbs, 0, -1, res, 0));
        assertRejected("off", () -> b.project(limbs, 5, 4, res, 0));
        assertRejected("off", () -> b.project(limbs, -1, 1, res, 0));
        assertRejected("residues", () -> b.project(limbs, 0, 1, null, 0));
        assertRejected("resOff", () -> b.project(limbs, 0, 1, res, 10));
        assertRejected("resOff", () -> b.project(limbs, 0, 1, res, -1));

        assertRejected("limbs", () -> b.projectAll(null, 4, 2, res));
        assertRejected("limbs", () -> b.projectAll(limbs, 5, 2, new long[15]));
        assertRejected("n", () -> b.projectAll(limbs, -1, 2, res));
        assertRejected("limbsPerValue", () -> b.projectAll(limbs, 4, 0, res));
        assertRejected("out", () -> b.projectAll(limbs, 4, 2, null));
        assertRejected("out", () -> b.projectAll(limbs, 4, 2, new long[11]));
        assertRejected("threads", () -> b.projectAll(limbs, 4, 2, res, 0));
        assertRejected("threads", () -> b.projectAll(limbs, 4, 2, res, 1 << 20));
        assertRejected("limbs", () -> b.projectAllSigned(limbs, 9, 1, new long[27]));

        assertRejected("values", () -> b.project((BigInteger[]) null, res));
        assertRejected("values[1]", () -> b.project(new BigInteger[] {BigInteger.ONE, null}, res));
        assertRejected("out", () -> b.project(new BigInteger[] {BigInteger.ONE, BigInteger.TWO}, new long[5]));
        assertRejected("threads", () -> b.project(new BigInteger[] {BigInteger.ONE}, res, -2));

        GfField f = GfPreset.SRGF8.field();
        long[] elems = new long[16];
        assertRejected("f", () -> b.projectGf(null, elems, 2, res));
        assertRejected("elems", () -> b.projectGf(f, null, 2, res));
        assertRejected("elems", () -> b.projectGf(f, elems, 3, new long[9]));
        assertRejected("n", () -> b.projectGf(f, elems, -1, res));
        assertRejected("out", () -> b.projectGf(f, elems, 2, new long[5]));
        long[] bad = new long[16];
        bad[9] = f.radix(); // digit 1 of element 1 equal to r: not canonical
        assertRejected("elems", () -> b.projectGf(f, bad, 2, res));
        assertRejected("threads", () -> b.projectGf(f, elems, 2, res, 0));

        // Zero values is fine everywhere.
        b.projectAll(new long[0], 0, 3, new long[0]);
        b.project(new BigInteger[0], new long[0]);
        b.projectGf(f, new long[0], 0, new long[0]);
    }
}
