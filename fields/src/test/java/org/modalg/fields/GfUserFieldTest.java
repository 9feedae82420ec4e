package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fields.GfTestSupport.JUNK;
import static org.modalg.fields.GfTestSupport.MULTIPLIER;
import static org.modalg.fields.GfTestSupport.SEED;
import static org.modalg.fields.GfTestSupport.assertSameDigits;
import static org.modalg.fields.GfTestSupport.digits;
import static org.modalg.fields.GfTestSupport.unsigned;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fields built by the user through {@link GfField#of(long, int)} and {@link GfField#of(BigInteger, int)}:
 * every generalized Fermat prime r^k + 1 up to 257 (found here by brute force) tested exhaustively
 * over all pairs of elements, and medium fields (r near 2^32, 2^63, 2^64; small r with large k)
 * found by search and run through the checks of {@link GfFieldTest}.
 */
class GfUserFieldTest {
    private static final BigInteger TWO63 = BigInteger.ONE.shiftLeft(63);

    private static boolean isGfPrime(BigInteger r, int k) {
        return r.pow(k).add(BigInteger.ONE).isProbablePrime(40);
    }

    /** Every (r, k), k a power of two, r >= 2, with r^k + 1 a prime of at most maxP. */
    static List<long[]> gfPrimesUpTo(int maxP) {
        List<long[]> l = new ArrayList<>();
        for (int k = 1; k <= 64; k *= 2) {
            for (long r = 2; BigInteger.valueOf(r).pow(k).add(BigInteger.ONE).compareTo(BigInteger.valueOf(maxP)) <= 0;
                    r++) {
                if (isGfPrime(BigInteger.valueOf(r), k)) {
                    l.add(new long[] {r, k});
                }
            }
        }
        return l;
    }

    /** Every r >= from with r^k + 1 prime of at most maxP, for one k. */
    static List<long[]> gfPrimesFrom(int k, long from, long maxP) {
        List<long[]> l = new ArrayList<>();
        for (long r = from; BigInteger.valueOf(r).pow(k).add(BigInteger.ONE).compareTo(BigInteger.valueOf(maxP)) <= 0; r++) {
            if (isGfPrime(BigInteger.valueOf(r), k)) {
                l.add(new long[] {r, k});
            }
        }
        return l;
    }

    /** The tiny fields for the exhaustive test: k >= 2 up to 257, k = 1 up to 103 and 257. */
    static List<Arguments> tinyFields() {
        List<Arguments> l = new ArrayList<>();
        for (long[] rk : gfPrimesUpTo(257)) {
            long p = BigInteger.valueOf(rk[0]).pow((int) rk[1]).longValue() + 1;
            if (rk[1] >= 2 || p <= 103 || p == 257) {
                l.add(Arguments.of(rk[0], (int) rk[1]));
            }
        }
        return l;
    }

    @Test
    void bruteForceSearchFindsTheKnownSmallPrimes() {
        List<long[]> found = gfPrimesUpTo(300);
        found.addAll(gfPrimesFrom(16, 2, 70000)); // 2^16 + 1 = 65537
        long[][] known = {{2, 1}, {2, 2}, {2, 4}, {2, 8}, {2, 16}, {4, 1}, {6, 2}, {10, 1}, {4, 2}, {4, 4}, {16, 1}};
        for (long[] rk : known) {
            assertTrue(found.stream().anyMatch(x -> x[0] == rk[0] && x[1] == rk[1]),
                    "r = " + rk[0] + ", k = " + rk[1] + " not found");
        }
        // everything found is prime with k a power of two, and composites are left out
        for (long[] rk : found) {
            BigInteger p = BigInteger.valueOf(rk[0]).pow((int) rk[1]).add(BigInteger.ONE);
            assertEquals(1, Long.bitCount(rk[1]));
            assertTrue(p.isProbablePrime(50), p.toString());
        }
        assertTrue(found.stream().noneMatch(x -> x[0] == 3 && x[1] == 2)); // 10
        assertTrue(found.stream().noneMatch(x -> x[0] == 8 && x[1] == 2)); // 65
        assertTrue(found.stream().noneMatch(x -> x[0] == 3 && x[1] == 1)); // 4
        assertTrue(!isGfPrime(BigInteger.TWO, 32)); // 2^32 + 1 = 641 * 6700417
    }

    /** Exhaustive: every pair of elements, every operation, every exponent of r. */
    @ParameterizedTest(name = "r = {0}, k = {1}")
    @MethodSource("tinyFields")
    void tinyFieldExhaustive(long r, int k) {
        GfField f = GfField.of(r, k);
        GfField fb = GfField.of(BigInteger.valueOf(r), k);
        assertEquals(f, fb);
        assertEquals(f.hashCode(), fb.hashCode());
        BigInteger br = BigInteger.valueOf(r);
        int p = br.pow(k).intValueExact() + 1;
        assertEquals(BigInteger.valueOf(p), f.modulus());
        assertEquals(r, f.radix());
        assertEquals(br, f.radixBig());
        assertEquals(k, f.k());
        assertEquals(k, f.wordsPerElement());
        assertEquals(Integer.numberOfTrailingZeros(p - 1), f.twoAdicOrder());
        String where = "seed=" + SEED + " r=" + r + " k=" + k + " p=" + p;

        long[][] table = new long[p][];
        for (int v = 0; v < p; v++) {
            table[v] = digits(BigInteger.valueOf(v), br, k);
            long[] fromField = new long[k];
            f.fromBigInteger(BigInteger.valueOf(v - 3L * p), fromField, 0);
            int vv = v;
            assertSameDigits(table[v], fromField, 0, k, () -> where + " fromBigInteger(" + vv + " - 3p)");
            assertEquals(BigInteger.valueOf(v), f.toBigInteger(table[v], 0), where + " toBigInteger " + v);
            assertTrue(f.isCanonical(table[v], 0), where + " isCanonical " + v);
        }
        // the special representation of p - 1 = r^k is digit k - 1 = r
        assertEquals(r, table[p - 1][k - 1], where);

        GfArithmetic a = f.arithmetic();
        GfArithmetic.Workspace ws = a.newWorkspace();
        long[] z = new long[k];
        long[][] prepared = new long[p][a.preparedLength()];
        for (int y = 0; y < p; y++) {
            a.prepare(table[y], 0, prepared[y], 0);
        }
        for (int x = 0; x < p; x++) {
            long[] dx = table[x];
            for (int y = 0; y < p; y++) {
                long[] dy = table[y];
                int xx = x;
                int yy = y;
                check(table[(x + y) % p], z, () -> a.add(dx, 0, dy, 0, z, 0), () -> where + " add " + xx + " " + yy);
                check(table[(x + y) % p], z, () -> f.add(dx, 0, dy, 0, z, 0), () -> where + " F.add " + xx + " " + yy);
                check(table[Math.floorMod(x - y, p)], z, () -> a.sub(dx, 0, dy, 0, z, 0),
                        () -> where + " sub " + xx + " " + yy);
                check(table[Math.floorMod(x - y, p)], z, () -> f.sub(dx, 0, dy, 0, z, 0),
                        () -> where + " F.sub " + xx + " " + yy);
                int prod = (int) ((long) x * y % p);
                check(table[prod], z, () -> a.mulPlain(dx, 0, dy, 0, z, 0, ws), () -> where + " mulPlain " + xx + " " + yy);
                check(table[prod], z, () -> a.mulFft(dx, 0, dy, 0, z, 0, ws), () -> where + " mulFft " + xx + " " + yy);
                check(table[prod], z, () -> a.mul(dx, 0, dy, 0, z, 0, ws), () -> where + " mul " + xx + " " + yy);
                check(table[prod], z, () -> a.mulPrepared(dx, 0, dy, 0, prepared[yy], 0, z, 0, ws),
                        () -> where + " mulPrepared " + xx + " " + yy);
                check(table[prod], z, () -> f.mul(dx, 0, dy, 0, z, 0), () -> where + " F.mul " + xx + " " + yy);
            }
            int xx = x;
            check(table[(p - x) % p], z, () -> a.neg(dx, 0, z, 0), () -> where + " neg " + xx);
            check(table[(p - x) % p], z, () -> f.neg(dx, 0, z, 0), () -> where + " F.neg " + xx);
            assertEquals(x == 0, f.isZero(dx, 0), where + " isZero " + x);
            assertEquals(x == 0, a.isZero(dx, 0), where + " isZero " + x);
            // every exponent of r in [0, 2k) and beyond, both signs
            long rp = 1; // r^i mod p
            for (int i = 0; i < 2 * k; i++) {
                int want = (int) (x * rp % p);
                for (int shift : new int[] {0, 2 * k, -2 * k, 6 * k, -4 * k}) {
                    int e = i + shift;
                    check(table[want], z, () -> f.mulPowR(dx, 0, e, z, 0), () -> where + " mulPowR " + xx + " " + e);
                    check(table[want], z, () -> a.mulPowR(dx, 0, e, z, 0, ws), () -> where + " mulPowR(ws) " + xx + " " + e);
                }
                rp = rp * r % p;
            }
            if (x != 0) {
                int inv = BigInteger.valueOf(x).modInverse(BigInteger.valueOf(p)).intValueExact();
                check(table[inv], z, () -> f.inv(dx, 0, z, 0), () -> where + " inv " + xx);
                check(table[inv], z, () -> f.pow(dx, 0, BigInteger.valueOf(-1), z, 0), () -> where + " pow -1 " + xx);
            } else {
                assertThrows(ArithmeticException.class, () -> f.inv(dx, 0, z, 0), where);
            }
            for (int e : new int[] {0, 1, 2, 3, p - 2, p - 1, p, 3 * p + 1}) {
                int want = BigInteger.valueOf(x).modPow(BigInteger.valueOf(e), BigInteger.valueOf(p)).intValueExact();
                check(table[want], z, () -> f.pow(dx, 0, BigInteger.valueOf(e), z, 0), () -> where + " pow " + xx + "^" + e);
            }
        }
    }

    private static void check(long[] want, long[] z, Runnable op, Supplier<String> msg) {
        Arrays.fill(z, JUNK);
        op.run();
        for (int i = 0; i < want.length; i++) {
            if (want[i] != z[i]) {
                assertSameDigits(want, z, 0, want.length, msg);
            }
        }
    }

    // ------------------------------------------------------------------ medium fields by search

    /** The first even r at or below (above when up) start with r^k + 1 prime. */
    static BigInteger search(BigInteger start, int k, boolean up) {
        BigInteger r = start.testBit(0) ? start.subtract(BigInteger.ONE) : start;
        BigInteger step = BigInteger.TWO;
        for (int i = 0; i < 200000; i++) {
            if (isGfPrime(r, k)) {
                return r;
            }
            r = up ? r.add(step) : r.subtract(step);
        }
        throw new AssertionError("no generalized Fermat prime near " + start + " for k = " + k);
    }

    /** Smallest r >= 2 with r^k + 1 prime. */
    static BigInteger smallest(int k) {
        return search(BigInteger.TWO, k, true);
    }

    private static List<Arguments> medium;

    static synchronized List<Arguments> mediumFields() {
        if (medium == null) {
            medium = searchMediumFields();
        }
        return medium;
    }

    private static List<Arguments> searchMediumFields() {
        BigInteger two64 = GfTestSupport.TWO64;
        List<Arguments> l = new ArrayList<>();
        l.add(Arguments.of("r=2,k=16", BigInteger.TWO, 16));
        l.add(Arguments.of("r=2^16,k=1", BigInteger.ONE.shiftLeft(16), 1));
        l.add(Arguments.of("smallest r, k=32", smallest(32), 32));
        l.add(Arguments.of("smallest r, k=64", smallest(64), 64));
        l.add(Arguments.of("r below 2^32, k=4", search(BigInteger.ONE.shiftLeft(32), 4, false), 4));
        l.add(Arguments.of("r above 2^32, k=4", search(BigInteger.ONE.shiftLeft(32), 4, true), 4));
        l.add(Arguments.of("r below 2^63, k=2", search(TWO63.subtract(BigInteger.TWO), 2, false), 2));
        l.add(Arguments.of("r above 2^63, k=2", search(TWO63, 2, true), 2));
        l.add(Arguments.of("r below 2^64, k=2", search(two64.subtract(BigInteger.TWO), 2, false), 2));
        l.add(Arguments.of("r below 2^64, k=1", search(two64.subtract(BigInteger.TWO), 1, false), 1));
        l.add(Arguments.of("r below 2^64, k=4", search(two64.subtract(BigInteger.TWO), 4, false), 4));
        l.add(Arguments.of("r below 2^62, k=8", search(BigInteger.ONE.shiftLeft(62), 8, false), 8));
        l.add(Arguments.of("r below 2^40, k=16", search(BigInteger.ONE.shiftLeft(40), 16, false), 16));
        return l;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mediumFields")
    void mediumFieldConstruction(String label, BigInteger r, int k) {
        GfField f = GfField.of(r, k);
        assertEquals(GfField.of(r.longValue(), k), f);
        BigInteger p = r.pow(k).add(BigInteger.ONE);
        assertEquals(p, f.modulus(), label);
        assertEquals(r, f.radixBig(), label);
        assertEquals(r, unsigned(f.radix()), label);
        assertEquals(p.subtract(BigInteger.ONE).getLowestSetBit(), f.twoAdicOrder(), label);
        assertTrue(r.compareTo(GfTestSupport.TWO64) < 0 && r.testBit(0) == false, label);
        assertTrue(f.toString().contains(r.toString()), f.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mediumFields")
    void mediumFieldAddSubNeg(String label, BigInteger r, int k) {
        GfField f = GfField.of(r, k);
        GfFieldTest.checkConversionsRoundTrip(f);
        GfFieldTest.checkAddAgainstBigInteger(f);
        GfFieldTest.checkSubAgainstBigInteger(f);
        GfFieldTest.checkNegAndIsZero(f);
        GfFieldTest.checkCanonicalFormIsDetected(f);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mediumFields")
    void mediumFieldMultiplication(String label, BigInteger r, int k) {
        GfField f = GfField.of(r, k);
        GfFieldTest.checkMulAgainstBigInteger(f);
        GfFieldTest.checkMulPlainAndMulFftAgree(f, 200 * MULTIPLIER);
        GfFieldTest.checkPreparedMultiplier(f);
        GfFieldTest.checkMulPowRForEveryExponent(f);
        GfFieldTest.checkPowAgainstBigInteger(f);
        GfFieldTest.checkInvAgainstBigInteger(f);
        GfFieldTest.checkOutputMayAliasAnInput(f);
    }

    @Test
    void smallRadixWithManyDigitsMultipliesCorrectly() {
        // r = 2, k = 16: the product's carry out of the top digit is large next to r^k, so the
        // normalization needs several rounds; all digits 1 squared has coefficients up to k.
        GfField f = GfField.of(2, 16);
        GfArithmetic a = f.arithmetic();
        Random rnd = GfTestSupport.random("r2k16");
        BigInteger p = f.modulus();
        for (int i = 0; i < 3000 * MULTIPLIER; i++) {
            long v = i < 300 ? 65536 - i : rnd.nextInt(65537);
            long w = i < 300 ? 65536 - (i * 7 % 300) : rnd.nextInt(65537);
            long[] x = digits(BigInteger.valueOf(v), BigInteger.TWO, 16);
            long[] y = digits(BigInteger.valueOf(w), BigInteger.TWO, 16);
            long[] want = digits(BigInteger.valueOf(v * w), BigInteger.TWO, 16);
            long[] z = new long[16];
            a.mulPlain(x, 0, y, 0, z, 0);
            assertSameDigits(want, z, 0, 16, () -> "seed=" + SEED + " mulPlain " + v + " * " + w + " mod " + p);
            a.mulFft(x, 0, y, 0, z, 0);
            assertSameDigits(want, z, 0, 16, () -> "seed=" + SEED + " mulFft " + v + " * " + w + " mod " + p);
        }
    }
}
