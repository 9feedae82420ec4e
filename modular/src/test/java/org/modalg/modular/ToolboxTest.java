package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfPreset;
import org.modalg.fields.NttPrimes;

class ToolboxTest {
    private static final int MULTIPLIER = Math.max(1, Integer.getInteger("modalg.test.multiplier", 1));

    private static BigInteger randomSigned(Random rnd, int bits) {
        BigInteger v = new BigInteger(bits, rnd);
        return rnd.nextBoolean() ? v.negate() : v;
    }

    @Test
    void primeStreamIsDecreasingPrimeAndSkipsDivisors() {
        long p1 = NttPrimes.largestBelow(1L << 31, 0);
        long p3 = NttPrimes.largestBelow(NttPrimes.largestBelow(p1, 0), 0);
        PrimeStream s = PrimeStream.below(1L << 31, BigInteger.valueOf(p1).multiply(BigInteger.valueOf(p3)));
        long prev = Long.MAX_VALUE;
        for (int i = 0; i < 50; i++) {
            long p = s.next();
            assertTrue(p < prev && p < (1L << 31) && NttPrimes.isPrime(p) && p != p1 && p != p3, "p = " + p);
            prev = p;
        }
        assertEquals(List.of(p1, p3), s.skipped());
        assertEquals(50, s.produced());

        PrimeStream ntt = PrimeStream.ntt(1L << 62, 20);
        for (long p : ntt.next(5)) {
            assertTrue(NttPrimes.isPrime(p) && NttPrimes.twoAdicOrder(p) >= 20);
        }
        PrimeStream tiny = PrimeStream.below(12);
        assertArrayEquals(new long[] {11, 7, 5, 3}, tiny.next(4));
        assertThrows(IllegalStateException.class, tiny::next);
        assertThrows(IllegalArgumentException.class, () -> PrimeStream.below(3));
        assertThrows(IllegalArgumentException.class, () -> PrimeStream.below(100, (BigInteger) null));
    }

    @Test
    void gfPrimesAreOrderedAndCoverBounds() {
        List<GfPreset> l = GfPrimes.bySize();
        assertEquals(GfPreset.values().length, l.size());
        for (int i = 1; i < l.size(); i++) {
            assertTrue(GfPrimes.modulus(l.get(i - 1)).compareTo(GfPrimes.modulus(l.get(i))) < 0);
        }
        assertEquals(GfPreset.SRGF4.field().modulus(), GfPrimes.modulus(GfPreset.SRGF4));
        assertEquals(GfPreset.SRGF2, GfPrimes.smallestAbove(BigInteger.TEN));
        BigInteger b = BigInteger.ONE.shiftLeft(300);
        GfPreset g = GfPrimes.smallestAbove(b);
        assertTrue(GfPrimes.modulus(g).compareTo(b) > 0);
        for (GfPreset h : l) {
            if (GfPrimes.modulus(h).compareTo(b) > 0) {
                assertTrue(GfPrimes.modulus(h).compareTo(GfPrimes.modulus(g)) >= 0);
            }
        }
        assertEquals(List.of(g), GfPrimes.coverFor(b));
        BigInteger big = BigInteger.ONE.shiftLeft(12000);
        assertNull(GfPrimes.smallestAbove(big));
        List<GfPreset> cover = GfPrimes.coverFor(big);
        BigInteger prod = BigInteger.ONE;
        for (GfPreset h : cover) {
            prod = prod.multiply(GfPrimes.modulus(h));
        }
        assertTrue(prod.compareTo(big) > 0);
        assertEquals(cover.size(), cover.stream().distinct().count());
        assertThrows(IllegalArgumentException.class, () -> GfPrimes.coverFor(BigInteger.ONE.shiftLeft(100000)));
    }

    @Test
    void crtAccumulatorReconstructsSignedVectors() {
        long seed = 1234;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 20 * MULTIPLIER; trial++) {
            int n = rnd.nextInt(6);
            int bits = 1 + rnd.nextInt(400);
            BigInteger[] x = new BigInteger[n];
            BigInteger bound = BigInteger.ONE.shiftLeft(bits);
            for (int i = 0; i < n; i++) {
                x[i] = randomSigned(rnd, bits);
            }
            CrtAccumulator acc = new CrtAccumulator(n);
            PrimeStream ps = PrimeStream.below(1L << 31);
            while (!acc.exceedsTwice(bound)) {
                long p = ps.next();
                long[] r = new long[n];
                for (int i = 0; i < n; i++) {
                    r[i] = x[i].mod(BigInteger.valueOf(p)).longValue();
                }
                acc.add(p, r);
            }
            String msg = "seed " + seed + " trial " + trial;
            assertArrayEquals(x, acc.symmetric(), msg);
            for (int i = 0; i < n; i++) {
                assertEquals(x[i].mod(acc.modulus()), acc.unsigned(i), msg);
            }
            // Once reconstructed, further primes leave the image unchanged.
            long p = ps.next();
            long[] r = new long[n];
            for (int i = 0; i < n; i++) {
                r[i] = x[i].mod(BigInteger.valueOf(p)).longValue();
            }
            assertFalse(acc.add(p, r), msg);
            assertTrue(acc.stableCount() >= 1);
        }
    }

    @Test
    void crtAccumulatorWithBigModuliAndChangeDetection() {
        Random rnd = new Random(99);
        BigInteger[] x = {randomSigned(rnd, 600), randomSigned(rnd, 10), BigInteger.ZERO};
        CrtAccumulator acc = new CrtAccumulator(3);
        for (GfPreset g : GfPrimes.coverFor(BigInteger.ONE.shiftLeft(601))) {
            BigInteger m = GfPrimes.modulus(g);
            BigInteger[] r = {x[0].mod(m), x[1].mod(m), x[2].mod(m)};
            assertTrue(acc.add(m, r) || acc.count() > 1);
        }
        assertArrayEquals(x, acc.symmetric());
        // Mixed: a word prime after a big one.
        long p = 1_000_000_007L;
        assertFalse(acc.add(p, new long[] {x[0].mod(BigInteger.valueOf(p)).longValue(),
            x[1].mod(BigInteger.valueOf(p)).longValue(), 0}));
        assertTrue(acc.add(999_999_937L, new long[] {5, 5, 5}), "inconsistent residues change the image");
        assertTrue(acc.changedLast());
        assertEquals(0, acc.stableCount());
    }

    @Test
    void crtAccumulatorRejectsBadInput() {
        CrtAccumulator acc = new CrtAccumulator(2);
        assertThrows(IllegalArgumentException.class, () -> new CrtAccumulator(-1));
        assertThrows(IllegalArgumentException.class, () -> acc.add(7, new long[] {1}));
        assertThrows(IllegalArgumentException.class, () -> acc.add(7, new long[] {1, 7}));
        assertThrows(IllegalArgumentException.class, () -> acc.add(7, null));
        acc.add(7, new long[] {1, 2});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> acc.add(7, new long[] {1, 2}));
        assertTrue(e.getMessage().contains("coprime"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> acc.add(BigInteger.valueOf(14), new BigInteger[] {BigInteger.ONE, BigInteger.ONE}));
        assertThrows(IllegalArgumentException.class, () -> acc.symmetric(2));
    }

    @Test
    void multiCrtMatchesOracleAcrossChunks() {
        // up to GARNER_MAX primes Garner, above the product tree (ProductTreeCrt)
        multiCrtCase(5, MultiCrt.GARNER_MAX, 1L << 62); // Garner
        multiCrtCase(5, MultiCrt.GARNER_MAX + 1, 1L << 62); // the tree
        multiCrtCase(5, MultiCrt.CHUNK, 1L << 62);
        multiCrtCase(5, 2 * MultiCrt.CHUNK + 17, 1L << 62);
        multiCrtCase(1, 2 * MultiCrt.CHUNK + 17, 1L << 62);
        multiCrtCase(4, 2 * MultiCrt.CHUNK + 1, 1L << 26);
        multiCrtCase(1, 4 * MultiCrt.CHUNK + 3, 1L << 26);
        // 2 among the primes (the tree takes it: w = 1); a composite or out-of-range entry refused by name
        long[] primes = PrimeStream.below(1L << 26).next(MultiCrt.CHUNK + 5);
        long[] withTwo = java.util.Arrays.copyOf(primes, primes.length + 1);
        withTwo[primes.length] = 2;
        for (long[] ps : new long[][] {primes, withTwo}) {
            BigInteger m = BigInteger.ONE;
            for (long p : ps) {
                m = m.multiply(BigInteger.valueOf(p));
            }
            BigInteger x = m.shiftRight(3).negate().add(BigInteger.valueOf(12345));
            long[] res = new long[ps.length];
            for (int j = 0; j < ps.length; j++) {
                res[j] = x.mod(BigInteger.valueOf(ps[j])).longValue();
            }
            assertEquals(x, MultiCrt.combine(ps, res, 1, true, 2)[0]);
        }
        for (long bad : new long[] {9, (1L << 25) + 1, 1L << 26, 1, 0, 1L << 62}) {
            long[] ps = primes.clone();
            ps[MultiCrt.CHUNK + 1] = bad;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> MultiCrt.combine(ps, new long[ps.length], 1, true, 2));
            assertTrue(e.getMessage().contains("primes[") || e.getMessage().contains("prime"), e.getMessage());
        }
    }

    private static void multiCrtCase(int n, int count, long bound) {
        Random rnd = new Random(7 + n + count);
        long[] primes = PrimeStream.below(bound).next(count);
        BigInteger m = BigInteger.ONE;
        for (long p : primes) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        BigInteger[] x = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            x[i] = randomSigned(rnd, m.bitLength() - 2);
        }
        x[0] = m.shiftRight(1); // the largest symmetric value
        long[] res = new long[primes.length * n];
        for (int j = 0; j < primes.length; j++) {
            for (int i = 0; i < n; i++) {
                res[j * n + i] = x[i].mod(BigInteger.valueOf(primes[j])).longValue();
            }
        }
        assertArrayEquals(x, MultiCrt.combine(primes, res, n, true, 2));
        BigInteger[] u = MultiCrt.combine(primes, res, n, false, 1);
        for (int i = 0; i < n; i++) {
            assertEquals(x[i].mod(m), u[i]);
        }
        assertThrows(IllegalArgumentException.class, () -> MultiCrt.combine(new long[] {7, 7}, new long[2], 1,
                true, 1));
    }

    @Test
    void rationalReconstructionRecoversFractions() {
        long seed = 42;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 200 * MULTIPLIER; trial++) {
            int bits = 1 + rnd.nextInt(200);
            BigInteger a = randomSigned(rnd, bits);
            BigInteger b = new BigInteger(bits, rnd).add(BigInteger.ONE);
            BigInteger g = a.gcd(b);
            a = a.divide(g);
            b = b.divide(g);
            // m > 2 max(|a|, b)^2, a product of word primes not dividing b.
            BigInteger need = a.abs().max(b).pow(2).shiftLeft(1);
            BigInteger m = BigInteger.ONE;
            PrimeStream ps = PrimeStream.below(1L << 62, b);
            while (m.compareTo(need) <= 0) {
                m = m.multiply(BigInteger.valueOf(ps.next()));
            }
            BigInteger u = a.multiply(b.modInverse(m)).mod(m);
            RationalReconstruction.Fraction f = RationalReconstruction.reconstruct(u, m);
            assertNotNull(f, "seed " + seed + " trial " + trial);
            assertEquals(a, f.numerator(), "seed " + seed + " trial " + trial);
            assertEquals(b, f.denominator(), "seed " + seed + " trial " + trial);
        }
        // Random residues modulo a big m mostly have no small fraction; any answer must be valid.
        BigInteger m = BigInteger.valueOf(1_000_000_007L).multiply(BigInteger.valueOf(998_244_353L));
        int none = 0;
        for (int t = 0; t < 200; t++) {
            BigInteger u = new BigInteger(m.bitLength() - 1, rnd);
            RationalReconstruction.Fraction f = RationalReconstruction.reconstruct(u, m);
            if (f == null) {
                none++;
                continue;
            }
            BigInteger half = m.shiftRight(1).sqrt();
            assertTrue(f.numerator().abs().compareTo(half) <= 0 && f.denominator().compareTo(half) <= 0);
            assertEquals(u.mod(m), f.numerator().multiply(f.denominator().modInverse(m)).mod(m));
        }
        assertTrue(none > 0);
        assertEquals(new RationalReconstruction.Fraction(BigInteger.ZERO, BigInteger.ONE),
                RationalReconstruction.reconstruct(BigInteger.ZERO, m));
        assertThrows(IllegalArgumentException.class, () -> RationalReconstruction.reconstruct(BigInteger.ONE,
                BigInteger.ONE));
    }

    @Test
    void hadamardBoundsTheDeterminantAndIsSharpForHadamardMatrices() {
        long seed = 5;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 50 * MULTIPLIER; trial++) {
            int n = 1 + rnd.nextInt(8);
            long[][] a = new long[n][n];
            for (long[] row : a) {
                for (int j = 0; j < n; j++) {
                    row[j] = rnd.nextLong() >> rnd.nextInt(64);
                }
            }
            BigInteger d = Bareiss.det(a);
            BigInteger h = Bounds.hadamard(a);
            assertTrue(d.abs().compareTo(h) <= 0, "seed " + seed + " trial " + trial);
            assertTrue(d.abs().bitLength() <= Bounds.hadamardBits(a));
            BigInteger[][] b = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    b[i][j] = BigInteger.valueOf(a[i][j]);
                }
            }
            assertEquals(h, Bounds.hadamard(b));
        }
        long[][] h4 = {{1, 1, 1, 1}, {1, -1, 1, -1}, {1, 1, -1, -1}, {1, -1, -1, 1}};
        assertEquals(BigInteger.valueOf(16), Bounds.hadamard(h4));
        assertEquals(BigInteger.valueOf(16), Bareiss.det(h4).abs());
        // min(rows, cols): one long row, short columns.
        long[][] a = {{100, 100}, {1, 1}};
        // rows: sqrt(20000 * 2) = 200; columns: sqrt(10001 * 10001) = 10001.
        assertEquals(BigInteger.valueOf(200), Bounds.hadamard(a));
        long[][] wide = {{3, 4, 0}};
        assertEquals(BigInteger.valueOf(5), Bounds.hadamard(wide));
        assertEquals(BigInteger.ONE, Bounds.hadamard(new long[0][0]));
        assertThrows(IllegalArgumentException.class, () -> Bounds.hadamard(new long[][] {{1, 2}, {3}}));
        assertThrows(IllegalArgumentException.class, () -> Bounds.hadamard((long[][]) null));
        assertThrows(IllegalArgumentException.class, () -> Bounds.hadamard(new BigInteger[][] {{null}}));
    }

    @Test
    void mignotteBoundsFactorsAndResultantBoundHolds() {
        long seed = 77;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 40 * MULTIPLIER; trial++) {
            BigInteger[] g = randomPoly(rnd, 1 + rnd.nextInt(6), 1 + rnd.nextInt(20));
            BigInteger[] h = randomPoly(rnd, 1 + rnd.nextInt(6), 1 + rnd.nextInt(20));
            BigInteger[] f = mul(g, h);
            BigInteger bound = Bounds.mignotte(f, g.length - 1);
            for (BigInteger c : g) {
                assertTrue(c.abs().compareTo(bound) <= 0, "seed " + seed + " trial " + trial);
            }
            BigInteger res = Bareiss.det(sylvester(g, h));
            assertTrue(res.abs().compareTo(Bounds.resultant(g, h)) <= 0, "seed " + seed + " trial " + trial);
        }
        // resultantBits: 2^B exceeds the exact bound, and B is at most 2 above its bit length
        for (int trial = 0; trial < 40; trial++) {
            BigInteger[] g = randomPoly(rnd, 1 + rnd.nextInt(300), 1 + rnd.nextInt(200));
            BigInteger[] h = randomPoly(rnd, 1 + rnd.nextInt(300), 1 + rnd.nextInt(200));
            BigInteger exact = Bounds.resultant(g, h);
            long bits = Bounds.resultantBits(g, h);
            assertTrue(exact.compareTo(BigInteger.ONE.shiftLeft((int) bits)) < 0, "trial " + trial);
            assertTrue(bits <= exact.bitLength() + 2, "trial " + trial + ": " + bits + " vs " + exact.bitLength());
        }
        assertEquals(0, Bounds.resultantBits(new BigInteger[] {BigInteger.ZERO}, new BigInteger[] {BigInteger.ONE}));
        // (x + 1)^4 = x^4 + 4x^3 + 6x^2 + 4x + 1 is a factor of itself: 6 <= C(4,2) ||f||_2.
        BigInteger[] f = {BigInteger.ONE, BigInteger.valueOf(4), BigInteger.valueOf(6), BigInteger.valueOf(4),
            BigInteger.ONE};
        assertEquals(BigInteger.valueOf(6 * 9), Bounds.mignotte(f, 4)); // ||f||_2 = sqrt(70), ceil 9
        assertEquals(BigInteger.ZERO, Bounds.resultant(new BigInteger[] {BigInteger.ZERO}, f));
        assertThrows(IllegalArgumentException.class, () -> Bounds.mignotte(f, 5));
        assertThrows(IllegalArgumentException.class, () -> Bounds.mignotte(new BigInteger[] {BigInteger.ZERO}, 0));
    }

    private static BigInteger[] randomPoly(Random rnd, int deg, int bits) {
        BigInteger[] p = new BigInteger[deg + 1];
        for (int i = 0; i <= deg; i++) {
            p[i] = randomSigned(rnd, bits);
        }
        if (p[deg].signum() == 0) {
            p[deg] = BigInteger.ONE;
        }
        return p;
    }

    private static BigInteger[] mul(BigInteger[] a, BigInteger[] b) {
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        java.util.Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(a[i].multiply(b[j]));
            }
        }
        return c;
    }

    // Sylvester matrix of f (deg m) and g (deg n): (m + n) x (m + n).
    private static BigInteger[][] sylvester(BigInteger[] f, BigInteger[] g) {
        int m = f.length - 1;
        int n = g.length - 1;
        BigInteger[][] s = new BigInteger[m + n][m + n];
        for (BigInteger[] row : s) {
            java.util.Arrays.fill(row, BigInteger.ZERO);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= m; j++) {
                s[i][i + j] = f[m - j];
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= n; j++) {
                s[n + i][i + j] = g[n - j];
            }
        }
        return s;
    }
}
