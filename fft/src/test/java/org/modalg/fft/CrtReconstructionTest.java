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
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Garner reconstruction of a {@link CrtBasis}, against CRT computed with BigInteger. */
class CrtReconstructionTest {

    private static void assertRejected(String param, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(param), "message should name " + param + ": " + e.getMessage());
    }

    // Edge values of [0, M) and of (-M/2, M/2], then random ones.
    private static List<BigInteger> samples(BigInteger m, int count, Random rnd) {
        BigInteger half = m.shiftRight(1);
        List<BigInteger> xs = new ArrayList<>();
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, m.subtract(BigInteger.ONE),
            m.subtract(BigInteger.TWO), half, half.add(BigInteger.ONE), half.subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(64),
            BigInteger.ONE.shiftLeft(m.bitLength() - 1).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(64 * ((m.bitLength() - 1) / 64)).subtract(BigInteger.ONE)};
        for (BigInteger e : edges) {
            xs.add(e.mod(m));
        }
        for (int i = 0; i < count; i++) {
            xs.add(CrtTestSupport.randomBelow(m, rnd));
        }
        return xs;
    }

    // residues[j * n + i] = xs[i] mod p_j, by BigInteger.
    private static long[] residuesOf(long[] ps, List<BigInteger> xs) {
        int n = xs.size();
        long[] res = new long[ps.length * n];
        for (int j = 0; j < ps.length; j++) {
            BigInteger p = BigInteger.valueOf(ps[j]);
            for (int i = 0; i < n; i++) {
                res[j * n + i] = xs.get(i).mod(p).longValueExact();
            }
        }
        return res;
    }

    @Test
    void reconstructsEveryValueOfTheUnsignedAndSymmetricRanges() {
        Random rnd = new Random(SEED);
        for (int s = 1; s <= 40; s++) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            long[] ps = b.primes();
            BigInteger m = b.modulus();
            List<BigInteger> xs = samples(m, 60 * MULTIPLIER, rnd);
            int n = xs.size();
            long[] res = residuesOf(ps, xs);
            int lpv = b.modulusLimbCount() + (s % 3 == 0 ? 2 : 0); // padded output too
            long[] out = new long[n * lpv];
            long[] sym = new long[n * lpv];
            b.reconstructUnsigned(res, n, out, lpv);
            b.reconstructSymmetric(res, n, sym, lpv);
            BigInteger[] big = b.toBigIntegers(res, n, false);
            BigInteger[] bigSym = b.toBigIntegers(res, n, true);
            for (int i = 0; i < n; i++) {
                BigInteger x = xs.get(i);
                BigInteger xSym = CrtTestSupport.symmetric(x, m);
                final int s2 = s;
                java.util.function.Supplier<String> what = () -> ctx("s=" + s2 + " x=" + x);
                assertEquals(x, BigIntegerLimbs.big(out, i * lpv, lpv), what);
                assertEquals(x, big[i], what);
                assertEquals(xSym, CrtTestSupport.signedValue(sym, i * lpv, lpv), what);
                assertEquals(xSym, bigSym[i], what);
                assertTrue(xSym.shiftLeft(1).compareTo(m) <= 0 && xSym.shiftLeft(1).compareTo(m.negate()) > 0, what);
            }
        }
    }

    @Test
    void symmetricEdgesForOddAndEvenModuli() {
        for (long[] ps : new long[][] {{2}, {3}, {2, 3}, {3, 5}, {2, 3, 5, 7}, {1_000_000_007L, 998_244_353L},
            {(1L << 61) - 1, 2}}) {
            CrtBasis b = CrtBasis.of(ps);
            BigInteger m = b.modulus();
            List<BigInteger> signed = new ArrayList<>();
            BigInteger half = m.shiftRight(1);
            boolean even = !m.testBit(0);
            // (-M/2, M/2]: for even M, M/2 is in and -M/2 is out; for odd M, +-(M-1)/2 are in.
            signed.add(half);
            signed.add(even ? half.negate().add(BigInteger.ONE) : half.negate());
            signed.add(BigInteger.ZERO);
            if (m.compareTo(BigInteger.TWO) > 0) {
                signed.add(BigInteger.ONE.negate()); // for M = 2 the range is {0, 1}
            }
            int n = signed.size();
            BigInteger[] values = signed.toArray(new BigInteger[0]);
            long[] res = new long[b.size() * n];
            b.project(values, res);
            assertArrayEquals(values, b.toBigIntegers(res, n, true), "M=" + m);
            // -M/2 for even M comes back as +M/2.
            if (even) {
                b.project(new BigInteger[] {half.negate()}, res);
                assertEquals(half, b.toBigIntegers(res, 1, true)[0]);
            }
            long[] limbs = new long[n * 3];
            b.reconstructSymmetric(residuesFor(b, values), n, limbs, 3);
            for (int i = 0; i < n; i++) {
                assertEquals(values[i], CrtTestSupport.signedValue(limbs, 3 * i, 3), "M=" + m);
            }
        }
    }

    @Test
    void smallPrimesAtEveryPositionOfLongAndShortGarnerRows() {
        Random rnd = new Random(SEED ^ 4);
        long[] big = org.modalg.fields.NttPrimes.generate(24, 1L << 62, 0);
        for (long small : new long[] {2, 3, 5, 65537}) {
            for (int pos : new int[] {0, 1, 7, 8, 9, 16, 24}) {
                long[] ps = new long[25];
                for (int j = 0, b = 0; j < 25; j++) {
                    ps[j] = j == pos ? small : big[b++];
                }
                CrtBasis basis = CrtBasis.of(ps);
                List<BigInteger> xs = samples(basis.modulus(), 30, rnd);
                long[] res = residuesOf(ps, xs);
                BigInteger[] got = basis.toBigIntegers(res, xs.size(), false);
                BigInteger[] gotSym = basis.toBigIntegers(res, xs.size(), true);
                for (int i = 0; i < xs.size(); i++) {
                    assertEquals(xs.get(i), got[i], ctx("small=" + small + " at " + pos));
                    assertEquals(CrtTestSupport.symmetric(xs.get(i), basis.modulus()), gotSym[i]);
                }
                long[] back = new long[res.length];
                basis.project(got, back);
                assertArrayEquals(res, back, ctx("projection, small=" + small + " at " + pos));
            }
        }
    }

    private static long[] residuesFor(CrtBasis b, BigInteger[] values) {
        long[] res = new long[b.size() * values.length];
        b.project(values, res);
        return res;
    }

    @Test
    void arbitraryResiduesMatchBigIntegerCrtAndNeedNotBeReduced() {
        Random rnd = new Random(SEED ^ 1);
        for (int s = 1; s <= 40; s += 1 + rnd.nextInt(2)) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            long[] ps = b.primes();
            int n = 50 * MULTIPLIER;
            long[] res = new long[s * n];
            long[] reduced = new long[s * n];
            for (int j = 0; j < s; j++) {
                for (int i = 0; i < n; i++) {
                    long r;
                    switch (rnd.nextInt(4)) {
                        case 0: // fully reduced
                            r = Math.floorMod(rnd.nextLong(), ps[j]);
                            break;
                        case 1: // lazy: [0, 4p)
                            r = Math.floorMod(rnd.nextLong(), ps[j]) + ps[j] * rnd.nextInt(4);
                            break;
                        case 2: // extremes of a word
                            r = rnd.nextBoolean() ? -1L : Long.MIN_VALUE;
                            break;
                        default: // any 64-bit word, read as unsigned
                            r = rnd.nextLong();
                            break;
                    }
                    res[j * n + i] = r;
                    reduced[j * n + i] = new BigInteger(Long.toUnsignedString(r))
                            .mod(BigInteger.valueOf(ps[j])).longValueExact();
                }
            }
            BigInteger[] got = b.toBigIntegers(res, n, false);
            BigInteger[] gotReduced = b.toBigIntegers(reduced, n, false);
            for (int i = 0; i < n; i++) {
                BigInteger[] ri = new BigInteger[s];
                for (int j = 0; j < s; j++) {
                    ri[j] = BigInteger.valueOf(reduced[j * n + i]);
                }
                BigInteger expected = CrtTestSupport.crt(ps, ri);
                assertEquals(expected, got[i], ctx("s=" + s + " i=" + i));
                assertEquals(expected, gotReduced[i], ctx("s=" + s + " i=" + i));
            }
        }
    }

    @Test
    void parallelIsBitIdenticalToSerial() {
        Random rnd = new Random(SEED ^ 2);
        for (int s : new int[] {1, 2, 5, 16, 33}) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            int n = 3000 + rnd.nextInt(3000);
            long[] res = new long[s * n];
            for (int i = 0; i < res.length; i++) {
                res[i] = rnd.nextLong();
            }
            int lpv = b.modulusLimbCount() + 1;
            long[] serial = new long[n * lpv];
            long[] serialSym = new long[n * lpv];
            b.reconstructUnsigned(res, n, serial, lpv);
            b.reconstructSymmetric(res, n, serialSym, lpv);
            BigInteger[] big = b.toBigIntegers(res, n, true);
            for (int threads : new int[] {2, 3, 8}) {
                long[] par = new long[n * lpv];
                b.reconstructUnsigned(res, n, par, lpv, threads);
                assertArrayEquals(serial, par, ctx("unsigned s=" + s + " threads=" + threads));
                b.reconstructSymmetric(res, n, par, lpv, threads);
                assertArrayEquals(serialSym, par, ctx("symmetric s=" + s + " threads=" + threads));
                assertArrayEquals(big, b.toBigIntegers(res, n, true, threads));
            }
        }
    }

    @Test
    void roundTripThroughLimbsInBothRanges() {
        Random rnd = new Random(SEED ^ 3);
        for (int s = 1; s <= 40; s += 3) {
            CrtBasis b = CrtTestSupport.randomBasis(s, rnd);
            int n = 700;
            int lpv = b.modulusLimbCount();
            long[] res = new long[s * n];
            for (int j = 0; j < s; j++) {
                for (int i = 0; i < n; i++) {
                    res[j * n + i] = Math.floorMod(rnd.nextLong(), b.prime(j));
                }
            }
            long[] limbs = new long[n * lpv];
            long[] back = new long[s * n];
            b.reconstructUnsigned(res, n, limbs, lpv);
            b.projectAll(limbs, n, lpv, back);
            assertArrayEquals(res, back, ctx("unsigned s=" + s));
            b.reconstructSymmetric(res, n, limbs, lpv, 2);
            b.projectAllSigned(limbs, n, lpv, back, 2);
            assertArrayEquals(res, back, ctx("symmetric s=" + s));
        }
    }

    @Test
    void badReconstructionInputIsRejectedNamingTheParameter() {
        CrtBasis b = CrtBasis.forBits(130, 0); // 3 primes, 3 limbs
        assertEquals(3, b.modulusLimbCount());
        long[] res = new long[3 * 4];
        long[] out = new long[4 * 3];
        assertRejected("residues", () -> b.reconstructUnsigned(null, 4, out, 3));
        assertRejected("residues", () -> b.reconstructUnsigned(new long[11], 4, out, 3));
        assertRejected("n", () -> b.reconstructUnsigned(res, -1, out, 3));
        assertRejected("outLimbs", () -> b.reconstructUnsigned(res, 4, null, 3));
        assertRejected("outLimbs", () -> b.reconstructUnsigned(res, 4, new long[11], 3));
        assertRejected("limbsPerValue", () -> b.reconstructUnsigned(res, 4, new long[100], 2));
        assertRejected("limbsPerValue", () -> b.reconstructSymmetric(res, 4, new long[100], 0));
        assertRejected("threads", () -> b.reconstructSymmetric(res, 4, out, 3, 0));
        assertRejected("residues", () -> b.toBigIntegers(null, 1, true));
        assertRejected("residues", () -> b.toBigIntegers(res, 5, true));
        assertRejected("n", () -> b.toBigIntegers(res, -3, false));
        assertRejected("threads", () -> b.toBigIntegers(res, 4, false, -1));
        assertEquals(0, b.toBigIntegers(new long[0], 0, true).length);
        b.reconstructUnsigned(new long[0], 0, new long[0], 3);
    }
}
