package org.modalg.modular.bivariate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The gcd's shortcuts against independent oracles on random inputs every run (the seed of
 * {@link BivariateResultantTest}, printed): gcds in Z[y] with an integer result by one gcd
 * modulo a prime ({@link BivariateGcd#gcdY} against {@link PolynomialGcd}), including inputs that
 * share a factor modulo the test prime only; the quotient's proof by check points and a bound
 * against long division over Z[y] ({@link BivariateGcd#tryDivide}), including f = h q + M m with
 * M the product of the first primes (h divides f modulo each of them, not over Z); and the gcd on
 * structured inputs (univariate in x or in y, negative leading coefficients, huge coefficients,
 * coprime, constants, zero) against the primitive PRS of {@link BivariateGcdTest}, with either
 * quotient proof.
 */
class BivariateGcdRoutesTest {
    static final long SEED = BivariateResultantTest.SEED;
    static final int MULTIPLIER = BivariateResultantTest.MULTIPLIER;

    @BeforeAll
    static void printSeed() {
        System.out.println("BivariateGcdRoutesTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static String where(String s) {
        return BivariateResultantTest.where(s);
    }

    private static ZZPoly randomY(Random rnd, int deg, int bits) {
        BigInteger[] c = new BigInteger[deg + 1];
        for (int j = 0; j <= deg; j++) {
            BigInteger v = new BigInteger(1 + rnd.nextInt(bits), rnd);
            c[j] = rnd.nextBoolean() ? v.negate() : v;
        }
        return ZZPoly.of(c);
    }

    private static ZZPoly positive(ZZPoly c) {
        return c.isZero() || c.leadingCoefficient().signum() > 0 ? c : c.negate();
    }

    @Test
    void gcdInZyAgreesWithPolynomialGcd() {
        Random rnd = new Random(SEED + 41);
        BigInteger p0 = BigInteger.valueOf(PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next());
        for (int it = 0; it < 200 * MULTIPLIER; it++) {
            ZZPoly u = randomY(rnd, rnd.nextInt(6), 1 + rnd.nextInt(40));
            ZZPoly v = randomY(rnd, rnd.nextInt(6), 1 + rnd.nextInt(40));
            switch (it % 6) {
                case 1 -> { // a common factor of positive degree
                    ZZPoly c = randomY(rnd, 1 + rnd.nextInt(3), 20);
                    u = u.multiply(c);
                    v = v.multiply(c);
                }
                case 2 -> { // common integer factors
                    BigInteger k = BigInteger.valueOf(2 + rnd.nextInt(1000));
                    u = u.multiply(k).multiply(BigInteger.valueOf(3));
                    v = v.multiply(k);
                }
                case 3 -> { // y + p0 and y share the root 0 modulo the test prime p0, not over Z
                    u = u.multiply(ZZPoly.of(p0, BigInteger.ONE));
                    v = v.multiply(ZZPoly.of(BigInteger.ZERO, BigInteger.ONE));
                }
                case 4 -> { // lc(u) divisible by the test prime: the next prime is used
                    u = u.add(ZZPoly.monomial(p0, u.degree() + 1));
                }
                case 5 -> u = it % 12 == 5 ? ZZPoly.ZERO : ZZPoly.constant(BigInteger.valueOf(-6 - rnd.nextInt(30)));
                default -> {
                }
            }
            String label = where("u = " + u + ", v = " + v);
            ZZPoly expected = positive(PolynomialGcd.gcd(u, v));
            assertEquals(expected, BivariateGcd.gcdY(u, v), label);
            assertEquals(expected, BivariateGcd.gcdY(v, u), label + " (swapped)");
        }
        assertEquals(ZZPoly.ZERO, BivariateGcd.gcdY(ZZPoly.ZERO, ZZPoly.ZERO));
        assertEquals(ZZPoly.of(3, 1), BivariateGcd.gcdY(ZZPoly.ZERO, ZZPoly.of(-3, -1)));
    }

    @Test
    void contentInYAgreesWithTheOracle() {
        Random rnd = new Random(SEED + 43);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            ZZBivariate f = BivariateResultantTest.random(rnd, rnd.nextInt(5), rnd.nextInt(5), 1 + rnd.nextInt(30));
            if (f.isZero()) {
                continue;
            }
            if (it % 3 == 1) {
                f = f.multiply(ZZBivariate.fromY(randomY(rnd, rnd.nextInt(3), 10)));
            } else if (it % 3 == 2) {
                f = f.multiply(ZZBivariate.constant(BigInteger.valueOf(-2 - rnd.nextInt(100))));
            }
            assertEquals(BivariateGcdTest.contentOracle(f), BivariateGcd.contentX(f), where("f = " + f));
        }
    }

    @Test
    void quotientByCheckPointsAgreesWithLongDivision() {
        Random rnd = new Random(SEED + 47);
        long[] first = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(3);
        BigInteger m01 = BigInteger.valueOf(first[0]).multiply(BigInteger.valueOf(first[1]));
        BigInteger m012 = m01.multiply(BigInteger.valueOf(first[2]));
        BigInteger w = BigInteger.ONE.shiftLeft(64); // h divides f modulo 2^64 (LowWords), not over Z
        try {
            for (int mode : new int[] {0, 1, 2, 4}) {
                BivariateGcd.quotientProofForTests = mode;
                for (int it = 0; it < 20 * MULTIPLIER; it++) {
                    // every fourth: coefficients of up to 300 bits (many primes beyond the quotient's own
                    // lift, the candidate kept between them)
                    int hBits = it % 4 == 3 ? 300 : it % 2 == 0 ? 12 : 70;
                    ZZBivariate h = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(5),
                            1 + rnd.nextInt(hBits));
                    ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(5),
                            1 + rnd.nextInt(it % 4 == 3 ? 300 : 60));
                    if (h.isZero() || q.isZero() || h.degreeX() == 0) {
                        continue;
                    }
                    ZZBivariate f = h.multiply(q);
                    String label = where("mode " + mode + ", h = " + h + ", q = " + q);
                    assertEquals(q, BivariateGcd.modularQuotient(h, f), label);
                    // h divides f modulo the first two or three primes of the stream, not over Z
                    ZZBivariate m = ZZBivariate.monomial(BigInteger.ONE, rnd.nextInt(f.degreeX() + 1),
                            rnd.nextInt(f.degreeY() + 1));
                    for (BigInteger k : new BigInteger[] {m01, m012, w, w.multiply(m01), w.multiply(m012).negate()}) {
                        ZZBivariate g = f.add(m.multiply(ZZBivariate.constant(k)));
                        assertEquals(BivariateGcd.tryDivide(g, h), BivariateGcd.modularQuotient(h, g), label + " + " + k);
                    }
                    ZZBivariate g = f.add(ZZBivariate.monomial(BigInteger.ONE, 0, 0));
                    assertEquals(BivariateGcd.tryDivide(g, h), BivariateGcd.modularQuotient(h, g), label + " + 1");
                }
                // h divides f modulo the first primes: the lift of those primes is q, not a quotient
                ZZBivariate h = ZZBivariate.parse("x*y + 3*x + y^2 - 1");
                ZZBivariate q = ZZBivariate.parse("x^2 - 5*y + 7");
                ZZBivariate g = h.multiply(q).add(ZZBivariate.constant(m012).multiply(ZZBivariate.parse("x*y")));
                assertNull(BivariateGcd.modularQuotient(h, g), "mode " + mode);
                assertNull(BivariateGcd.tryDivide(g, h));
                // ... and modulo 2^64 as well
                g = h.multiply(q).add(ZZBivariate.constant(m012.multiply(w)).multiply(ZZBivariate.parse("x*y")));
                assertNull(BivariateGcd.modularQuotient(h, g), "mode " + mode + ", 2^64 m012");
            }
        } finally {
            BivariateGcd.quotientProofForTests = 0;
        }
    }

    /** Residues of v mod p in rows of cols entries (row i: coefficient in x of degree i). */
    private static long[] residuesModP(ZZBivariate v, int rows, int cols, long p) {
        long[] r = new long[rows * cols];
        BigInteger bp = BigInteger.valueOf(p);
        for (int i = 0; i <= v.degreeX(); i++) {
            for (int j = 0; j <= v.coefficientInX(i).degree(); j++) {
                r[i * cols + j] = v.coefficientInX(i).coefficient(j).mod(bp).longValueExact();
            }
        }
        return r;
    }

    @Test
    void productModPAgreesWithBigIntegerProduct() {
        Random rnd = new Random(SEED + 61);
        long[] ps = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(2);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            long p = it % 3 == 0 ? ps[0] : it % 3 == 1 ? ps[1] : PrimeStream.below(1 << (2 + rnd.nextInt(23))).next();
            // x-degrees up to 200 (more rows of h than one reduction covers), y-degrees up to 24
            int hx = it % 7 == 0 ? 90 + rnd.nextInt(110) : rnd.nextInt(8);
            ZZBivariate h = BivariateResultantTest.random(rnd, hx, rnd.nextInt(13), 1 + rnd.nextInt(40));
            ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(it % 5 == 0 ? 120 : 8), rnd.nextInt(13),
                    1 + rnd.nextInt(40));
            if (h.isZero() || q.isZero()) {
                continue;
            }
            int hr = h.degreeX() + 1;
            int hc = h.degreeY() + 1;
            int qr = q.degreeX() + 1;
            int qc = q.degreeY() + 1;
            long[] hp = residuesModP(h, hr, hc, p);
            long[] qp = residuesModP(q, qr, qc, p);
            if (it % 4 == 0) { // the largest residues everywhere: the sums' worst case
                java.util.Arrays.fill(hp, p - 1);
                java.util.Arrays.fill(qp, p - 1);
                h = null;
            }
            long[] fp;
            if (h != null) {
                fp = residuesModP(h.multiply(q), hr + qr - 1, hc + qc - 1, p);
            } else { // oracle: the product of the residues in BigInteger
                BigInteger[] acc = new BigInteger[(hr + qr - 1) * (hc + qc - 1)];
                java.util.Arrays.fill(acc, BigInteger.ZERO);
                for (int i = 0; i < hr * hc; i++) {
                    for (int k = 0; k < qr * qc; k++) {
                        int o = (i / hc + k / qc) * (hc + qc - 1) + i % hc + k % qc;
                        acc[o] = acc[o].add(BigInteger.valueOf(hp[i]).multiply(BigInteger.valueOf(qp[k])));
                    }
                }
                fp = new long[acc.length];
                for (int i = 0; i < acc.length; i++) {
                    fp[i] = acc[i].mod(BigInteger.valueOf(p)).longValueExact();
                }
            }
            int[] hl = new int[hr];
            for (int i = 0; i < hr; i++) {
                int l = hc;
                while (l > 0 && hp[i * hc + l - 1] == 0) {
                    l--;
                }
                hl[i] = l;
            }
            long[] scratch = new long[fp.length];
            String label = where("it " + it + ", p = " + p + ", deg h " + hr + "x" + hc + ", deg q " + qr + "x" + qc);
            org.junit.jupiter.api.Assertions.assertTrue(
                    BivariateGcd.productEqualsModP(hp, hr, hc, hl, qp, qr, qc, fp, p, scratch), label);
            int k = rnd.nextInt(fp.length); // one entry off: refuted
            fp[k] = (fp[k] + 1 + rnd.nextInt((int) Math.min(p - 1, 1000))) % p;
            org.junit.jupiter.api.Assertions.assertFalse(
                    BivariateGcd.productEqualsModP(hp, hr, hc, hl, qp, qr, qc, fp, p, scratch), label + " entry " + k);
        }
    }

    @Test
    void structuredInputsWithEitherQuotientProof() {
        Random rnd = new Random(SEED + 53);
        try {
            for (int mode : new int[] {0, 1, 2, 4}) {
                BivariateGcd.quotientProofForTests = mode;
                for (int it = 0; it < 8 * MULTIPLIER; it++) {
                    int kind = it % 8;
                    int bits = kind == 7 ? 300 + rnd.nextInt(200) : 1 + rnd.nextInt(30);
                    int cx = kind == 1 ? 0 : 1 + rnd.nextInt(3); // kind 1: c in y alone
                    int cy = kind == 0 ? 0 : rnd.nextInt(4); // kind 0: c in x alone
                    ZZBivariate c = BivariateResultantTest.random(rnd, cx, cy, bits);
                    ZZBivariate a = BivariateResultantTest.random(rnd, kind == 1 ? 0 : 1 + rnd.nextInt(3),
                            kind == 0 ? 0 : rnd.nextInt(4), bits);
                    ZZBivariate b = BivariateResultantTest.random(rnd, kind == 1 ? 0 : 1 + rnd.nextInt(3),
                            kind == 0 ? 0 : rnd.nextInt(4), bits);
                    switch (kind) {
                        case 2 -> c = ZZBivariate.ONE; // coprime inputs (almost always)
                        case 3 -> { // negative leading coefficients
                            a = a.negate().add(ZZBivariate.monomial(BigInteger.valueOf(-7), a.degreeX() + 1, 0));
                            c = c.negate();
                        }
                        case 4 -> b = ZZBivariate.constant(BigInteger.valueOf(-12 - rnd.nextInt(50)));
                        case 5 -> b = ZZBivariate.ZERO;
                        case 6 -> c = c.multiply(ZZBivariate.constant(BigInteger.valueOf(6)))
                                .multiply(ZZBivariate.parse("y^2 - 2"));
                        default -> {
                        }
                    }
                    ZZBivariate f = a.multiply(c);
                    ZZBivariate g = b.multiply(c);
                    String label = where("mode " + mode + ", kind " + kind + ", f = " + f + ", g = " + g);
                    ModularResult<ZZBivariate> r = BivariateGcd.gcd(f, g, Options.defaults().withSeed(SEED + it));
                    assertEquals(BivariateGcdTest.prsGcd(f, g), r.value(), label + " " + r.report());
                }
            }
        } finally {
            BivariateGcd.quotientProofForTests = 0;
        }
        assertEquals(ZZBivariate.ZERO, BivariateGcd.gcd(ZZBivariate.ZERO, ZZBivariate.ZERO));
        assertEquals(ZZBivariate.parse("4"), BivariateGcd.gcd(ZZBivariate.parse("-8"), ZZBivariate.parse("12")));
        assertEquals(ZZBivariate.parse("x*y - 3"), BivariateGcd.gcd(ZZBivariate.parse("-x*y + 3"), ZZBivariate.ZERO));
    }

    @Test
    void mixedRadixLiftAgreesWithBigIntegerCrt() {
        Random rnd = new Random(SEED + 59);
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            int n = 1 + rnd.nextInt(12);
            long[] ps = PrimeStream.below(PolyGcdDouble.PRIME_BOUND - rnd.nextInt(1 << 22)).next(1 + rnd.nextInt(14));
            // values: some small (settle early), some of about as many bits as the primes cover
            BigInteger[] x = new BigInteger[n];
            int bits = rnd.nextInt(26 * ps.length);
            for (int i = 0; i < n; i++) {
                BigInteger v = it % 5 == 0 ? BigInteger.ZERO : new BigInteger(1 + rnd.nextInt(1 + (i % 3 == 0 ? bits : 20)), rnd);
                x[i] = rnd.nextBoolean() ? v.negate() : v;
            }
            MixedRadixLift lift = new MixedRadixLift(n);
            BigInteger m = BigInteger.ONE;
            BigInteger[] previous = new BigInteger[n];
            java.util.Arrays.fill(previous, BigInteger.ZERO);
            for (long p : ps) {
                BigInteger bp = BigInteger.valueOf(p);
                long[] r = new long[n];
                for (int i = 0; i < n; i++) {
                    r[i] = x[i].mod(bp).longValue();
                }
                boolean changed = lift.add(p, r, BivariateGcd.SETTLED_SLACK_BITS);
                m = m.multiply(bp);
                BigInteger half = m.shiftRight(1);
                BigInteger[] expected = new BigInteger[n];
                boolean expectChanged = false;
                for (int i = 0; i < n; i++) { // the symmetric residue of x[i] mod m, by BigInteger
                    BigInteger u = x[i].mod(m);
                    expected[i] = u.compareTo(half) > 0 ? u.subtract(m) : u;
                    expectChanged |= !expected[i].equals(previous[i]);
                }
                String label = where("it " + it + ", " + lift.count() + " primes of " + java.util.Arrays.toString(ps));
                assertEquals(java.util.Arrays.asList(expected), java.util.Arrays.asList(lift.symmetric()), label);
                long[] words = lift.symmetricLongs(); // in words while M < 2^62, else none
                if (m.bitLength() <= MixedRadixLift.LONG_MODULUS_BITS) {
                    for (int i = 0; i < n; i++) {
                        assertEquals(expected[i].longValueExact(), words[i], label + " words, entry " + i);
                    }
                } else {
                    assertNull(words, label + " words");
                }
                assertEquals(expectChanged, changed, label + " changed");
                assertEquals(m, lift.modulus(), label);
                boolean small = true; // every value at least slack + 1 bits below the modulus: settled
                boolean large = false; // one value within slack - 1 bits of the modulus: not settled
                for (BigInteger v : expected) {
                    small &= v.abs().bitLength() < m.bitLength() - BivariateGcd.SETTLED_SLACK_BITS - 1;
                    large |= v.abs().bitLength() > m.bitLength() - BivariateGcd.SETTLED_SLACK_BITS + 1;
                }
                if (small) {
                    assertEquals(true, lift.settled(), label + " settled");
                }
                if (large) {
                    assertEquals(false, lift.settled(), label + " not settled");
                }
                previous = expected;
            }
        }
        assertEquals(java.util.List.of(BigInteger.ZERO, BigInteger.ZERO), java.util.Arrays.asList(new MixedRadixLift(2).symmetric()));
    }

    /** Flattened coefficients of v in rows of cols entries (row i: coefficient in x of degree i), as BigIntegers. */
    /**
     * The one-pass flattening of F, G and the candidate (BivariateGcd.Flat) against the
     * coefficient-by-coefficient layout and BigInteger's own test of 62 bits: random polynomials
     * whose coefficients sit near 2^62, 2^63 and 2^64 (both signs), rows of every length (a content
     * in y leaves short rows), columns wider than the polynomial.
     */
    @Test
    void flatWordsAgreeWithBigIntegerCoefficients() {
        Random rnd = new Random(SEED + 97);
        BigInteger two62 = BigInteger.ONE.shiftLeft(62);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, two62.subtract(BigInteger.ONE), two62,
            two62.shiftLeft(1).subtract(BigInteger.ONE), two62.shiftLeft(1), two62.shiftLeft(2).subtract(BigInteger.ONE)};
        for (int it = 0; it < 200 * MULTIPLIER; it++) {
            int dx = rnd.nextInt(5);
            ZZPoly[] rows = new ZZPoly[dx + 1];
            for (int i = 0; i <= dx; i++) {
                BigInteger[] r = new BigInteger[rnd.nextInt(7)]; // length 0: a zero row
                for (int j = 0; j < r.length; j++) {
                    BigInteger v = rnd.nextInt(4) == 0 ? edges[rnd.nextInt(edges.length)]
                            : new BigInteger(1 + rnd.nextInt(it % 2 == 0 ? 62 : 66), rnd);
                    r[j] = rnd.nextBoolean() ? v : v.negate();
                }
                rows[i] = ZZPoly.of(r);
            }
            if (rows[dx].isZero()) {
                rows[dx] = ZZPoly.of(BigInteger.valueOf(rnd.nextBoolean() ? 1 : -1));
            }
            ZZBivariate f = ZZBivariate.ofCoefficientsInX(rows);
            int cols = f.degreeY() + 1 + rnd.nextInt(3);
            String label = where("it " + it + ", f = " + f + ", cols " + cols);
            BigInteger[] oracle = flatOf(f, f.degreeX() + 1, cols);
            boolean fits = true;
            for (BigInteger v : oracle) {
                fits &= v.abs().bitLength() <= 62; // |v| <= 2^62 - 1 (Words.MAX_BOUND): -2^62 does not fit
            }
            BivariateGcd.Flat flat = BivariateGcd.Flat.of(f, cols, true);
            org.junit.jupiter.api.Assertions.assertArrayEquals(oracle, flat.big(), label);
            if (!fits) {
                assertNull(flat.words(), label);
                continue;
            }
            long[] words = new long[oracle.length];
            for (int k = 0; k < oracle.length; k++) {
                words[k] = oracle[k].longValueExact();
            }
            org.junit.jupiter.api.Assertions.assertArrayEquals(words, flat.words(), label);
            assertNull(BivariateGcd.Flat.of(f, cols, false).words(), label);
        }
    }

    private static BigInteger[] flatOf(ZZBivariate v, int rows, int cols) {
        BigInteger[] r = new BigInteger[rows * cols];
        java.util.Arrays.fill(r, BigInteger.ZERO);
        for (int i = 0; i <= v.degreeX(); i++) {
            for (int j = 0; j <= v.coefficientInX(i).degree(); j++) {
                r[i * cols + j] = v.coefficientInX(i).coefficient(j);
            }
        }
        return r;
    }

    private static int[] rowLengthsOf(BigInteger[] v, int rows, int cols) {
        int[] l = new int[rows];
        for (int i = 0; i < rows; i++) {
            int k = cols;
            while (k > 0 && v[i * cols + k - 1].signum() == 0) {
                k--;
            }
            l[i] = k;
        }
        return l;
    }

    private static long[] longsOf(BigInteger[] v) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = v[i].longValueExact();
        }
        return r;
    }

    private static int[] rowLengths(long[] v, int rows, int cols) {
        int[] l = new int[rows];
        for (int i = 0; i < rows; i++) {
            int k = cols;
            while (k > 0 && v[i * cols + k - 1] == 0) {
                k--;
            }
            l[i] = k;
        }
        return l;
    }

    @Test
    void exactProductInWordsAgreesWithBigInteger() {
        Random rnd = new Random(SEED + 67);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            // up to 29-bit coefficients and 40 x 13 terms: every sum below 2^62
            ZZBivariate h = BivariateResultantTest.random(rnd, rnd.nextInt(it % 7 == 0 ? 40 : 6), rnd.nextInt(13),
                    1 + rnd.nextInt(29));
            ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(6), rnd.nextInt(13), 1 + rnd.nextInt(29));
            if (h.isZero() || q.isZero()) {
                continue;
            }
            int hr = h.degreeX() + 1;
            int hc = h.degreeY() + 1;
            int qr = q.degreeX() + 1;
            int qc = q.degreeY() + 1;
            int fr = hr + qr - 1;
            int fc = hc + qc - 1;
            ZZBivariate f = h.multiply(q);
            if (it % 2 == 1) { // a planted difference of up to 40 bits at a random term
                f = f.add(ZZBivariate.monomial(new BigInteger(1 + rnd.nextInt(40), rnd).add(BigInteger.ONE),
                        rnd.nextInt(fr), rnd.nextInt(fc)));
            }
            long[] hw = longsOf(flatOf(h, hr, hc));
            long[] qw = longsOf(flatOf(q, qr, qc));
            BigInteger[] fb = flatOf(f, fr, fc);
            long[] out = new long[fr * fc];
            BivariateGcd.productMinusExact(hw, hr, hc, it % 3 == 0 ? null : rowLengths(hw, hr, hc), qw, qr, qc,
                    longsOf(fb), out);
            BigInteger[] hq = flatOf(h.multiply(q), fr, fc); // oracle: h q - f by BigInteger
            String label = where("it " + it + ", h = " + h + ", q = " + q);
            for (int t = 0; t < out.length; t++) {
                assertEquals(hq[t].subtract(fb[t]).longValueExact(), out[t], label + " entry " + t);
            }
        }
    }

    @Test
    void quotientProofInWordsClassifiesAgainstBigInteger() {
        Random rnd = new Random(SEED + 71);
        long[] ps = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(3);
        BigInteger limit = BigInteger.ONE.shiftLeft(62);
        int[] seen = new int[4];
        for (int it = 0; it < 120 * MULTIPLIER; it++) {
            ZZBivariate h = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(5), 1 + rnd.nextInt(it % 5 == 0 ? 40 : 20));
            ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(5), 1 + rnd.nextInt(it % 3 == 0 ? 45 : 20));
            if (h.isZero() || q.isZero()) {
                continue;
            }
            int hr = h.degreeX() + 1;
            int hc = h.degreeY() + 1;
            int qr = q.degreeX() + 1;
            int qc = q.degreeY() + 1;
            int fr = hr + qr - 1;
            int fc = hc + qc - 1;
            int primes = 1 + rnd.nextInt(2);
            BigInteger m = BigInteger.ONE;
            for (int k = 0; k < primes; k++) {
                m = m.multiply(BigInteger.valueOf(ps[k]));
            }
            ZZBivariate f = h.multiply(q);
            ZZBivariate planted = ZZBivariate.monomial(BigInteger.ONE, rnd.nextInt(fr), rnd.nextInt(fc));
            boolean wide = it % 10 == 9; // h of 51 bits, q of 21, f of 20: the bound beyond 2^62, f in words
            if (wide) {
                h = h.add(ZZBivariate.monomial(BigInteger.ONE.shiftLeft(50), hr - 1, hc - 1));
                q = q.add(ZZBivariate.monomial(BigInteger.ONE.shiftLeft(20), qr - 1, qc - 1));
                f = BivariateResultantTest.random(rnd, fr - 1, fc - 1, 20);
            }
            switch (wide ? 0 : it % 4) {
                case 1 -> f = f.add(planted.multiply(ZZBivariate.constant(BigInteger.valueOf(ps[0])))); // h | f mod p_0 only
                case 2 -> f = f.add(planted.multiply(ZZBivariate.constant(m))); // h | f modulo every prime used
                case 3 -> f = f.add(planted); // h does not divide f modulo any prime
                default -> {
                }
            }
            BigInteger[] fb = flatOf(f, fr, fc);
            long[] hw = longsOf(flatOf(h, hr, hc));
            long[] fw = BivariateGcd.Words.of(fb);
            if (fw == null) {
                continue; // f beyond 62 bits: no proof in words (Words.of(BigInteger[]) says so)
            }
            BivariateGcd.Words words = BivariateGcd.Words.of(hw, rowLengths(hw, hr, hc), fw);
            // the candidate: q mod m (the lift of q's images, whatever f is), by BigInteger
            MixedRadixLift acc = new MixedRadixLift(qr * qc);
            BigInteger[] qb = flatOf(q, qr, qc);
            for (int k = 0; k < primes; k++) {
                long[] r = new long[qb.length];
                for (int i = 0; i < r.length; i++) {
                    r[i] = qb[i].mod(BigInteger.valueOf(ps[k])).longValue();
                }
                acc.add(ps[k], r, BivariateGcd.SETTLED_SLACK_BITS);
            }
            BigInteger[] lifted = acc.symmetric();
            // oracle: the bound, then h q - f over Z by BigInteger and its residues mod the last prime
            BigInteger qInf = BigInteger.ZERO;
            BigInteger q1 = BigInteger.ZERO;
            for (BigInteger v : lifted) {
                qInf = qInf.max(v.abs());
                q1 = q1.add(v.abs());
            }
            BigInteger h1 = BigInteger.ZERO;
            BigInteger hInf = BigInteger.ZERO;
            for (long v : hw) {
                h1 = h1.add(BigInteger.valueOf(Math.abs(v)));
                hInf = hInf.max(BigInteger.valueOf(Math.abs(v)));
            }
            BigInteger fInf = BigInteger.ZERO;
            for (BigInteger v : fb) {
                fInf = fInf.max(v.abs());
            }
            BigInteger bound = fInf.add(h1.multiply(qInf).min(hInf.multiply(q1)));
            ZZBivariate candidate = ZZBivariate.ofCoefficientsInX(rowsOf(lifted, qr, qc));
            BigInteger[] diff = flatOf(h.multiply(candidate).sub(f), fr, fc);
            int expected;
            if (words == null || bound.compareTo(limit) >= 0) {
                expected = BivariateGcd.Words.NOT_TRIED;
            } else {
                expected = BivariateGcd.Words.EQUAL;
                for (BigInteger v : diff) {
                    if (v.signum() != 0) {
                        if (v.mod(BigInteger.valueOf(ps[primes - 1])).signum() != 0) {
                            expected = BivariateGcd.Words.REFUTED;
                            break;
                        }
                        expected = BivariateGcd.Words.DIFFERS;
                    }
                }
            }
            String label = where("it " + it + ", " + primes + " primes, h = " + h + ", q = " + q + ", f = " + f);
            int got = words == null ? BivariateGcd.Words.NOT_TRIED
                    : words.check(acc, hr, hc, qr, qc, ps[primes - 1], true, new long[fr * fc]);
            assertEquals(expected, got, label);
            seen[got]++;
            if (got == BivariateGcd.Words.EQUAL) {
                assertEquals(h.multiply(candidate), f, label); // never a wrong quotient
            }
        }
        for (int k = 0; k < 4; k++) { // every outcome met: a planted candidate refuted or kept for more primes
            org.junit.jupiter.api.Assertions.assertTrue(seen[k] > 0, where("outcome " + k + " never met: "
                    + java.util.Arrays.toString(seen)));
        }
    }

    private static ZZPoly[] rowsOf(BigInteger[] c, int rows, int cols) {
        ZZPoly[] r = new ZZPoly[rows];
        for (int i = 0; i < rows; i++) {
            r[i] = ZZPoly.of(java.util.Arrays.copyOfRange(c, i * cols, (i + 1) * cols));
        }
        return r;
    }

    @Test
    void quotientInWordsRefutesPlantedQuotients() {
        Random rnd = new Random(SEED + 73);
        long[] ps = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(2);
        BigInteger p0 = BigInteger.valueOf(ps[0]);
        BigInteger p01 = p0.multiply(BigInteger.valueOf(ps[1]));
        for (int it = 0; it < 40 * MULTIPLIER; it++) {
            // small coefficients: the proof in words applies (modes 0); q of up to 45 bits needs two primes
            ZZBivariate h = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(4), rnd.nextInt(6), 1 + rnd.nextInt(16));
            ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(4), rnd.nextInt(6),
                    1 + rnd.nextInt(it % 2 == 0 ? 16 : 45));
            if (h.isZero() || q.isZero() || h.degreeX() == 0) {
                continue;
            }
            ZZBivariate f = h.multiply(q);
            String label = where("h = " + h + ", q = " + q);
            assertEquals(q, BivariateGcd.modularQuotient(h, f), label);
            // x-degree 0: h (of positive x-degree) divides no multiple of m
            ZZBivariate m = ZZBivariate.monomial(BigInteger.ONE, 0, rnd.nextInt(f.degreeY() + 1));
            for (BigInteger k : new BigInteger[] {BigInteger.ONE, p0, p01, p01.negate()}) {
                ZZBivariate g = f.add(m.multiply(ZZBivariate.constant(k))); // h | g modulo the primes dividing k only
                assertNull(BivariateGcd.modularQuotient(h, g), label + " + " + k + " " + m);
                assertNull(BivariateGcd.tryDivide(g, h), label + " + " + k + " " + m);
            }
        }
    }

    /**
     * The proof in words above the product mod p's cut-off (deg_y f from
     * CHECK_POINTS_MAX_DEGREE + 1 to WORDS_MAX_DEGREE, where the product over Z was the proof until
     * 2026-11-26), by size (mode 0) and wherever it fits (mode 3): true quotients against the
     * planted q, planted wrong candidates f = h q + k m (h divides f modulo the primes dividing k
     * only; k = 1, p_0, p_0 p_1, -p_0 p_1) refuted, and long division over Z[y] agreeing.
     */
    @Test
    void quotientInWordsAboveTheProductModPCutOff() {
        Random rnd = new Random(SEED + 79);
        long[] ps = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(2);
        BigInteger p0 = BigInteger.valueOf(ps[0]);
        BigInteger p01 = p0.multiply(BigInteger.valueOf(ps[1]));
        int lo = BivariateGcd.CHECK_POINTS_MAX_DEGREE + 1;
        try {
            for (int mode : new int[] {0, 3}) {
                BivariateGcd.quotientProofForTests = mode;
                for (int it = 0; it < 6 * MULTIPLIER; it++) {
                    int fy = lo + rnd.nextInt(Math.min(BivariateGcd.WORDS_MAX_DEGREE, lo + 20) - lo + 1);
                    int hy = 1 + rnd.nextInt(fy - 1);
                    ZZBivariate h = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(3), hy, 1 + rnd.nextInt(16));
                    ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(3), fy - hy,
                            1 + rnd.nextInt(it % 2 == 0 ? 16 : 40));
                    if (h.isZero() || q.isZero() || h.degreeX() == 0) {
                        continue;
                    }
                    ZZBivariate f = h.multiply(q);
                    String label = where("mode " + mode + ", h = " + h + ", q = " + q);
                    assertEquals(q, BivariateGcd.modularQuotient(h, f), label);
                    ZZBivariate m = ZZBivariate.monomial(BigInteger.ONE, rnd.nextInt(f.degreeX() + 1),
                            rnd.nextInt(f.degreeY() + 1));
                    for (BigInteger k : new BigInteger[] {BigInteger.ONE, p0, p01, p01.negate()}) {
                        ZZBivariate g = f.add(m.multiply(ZZBivariate.constant(k)));
                        assertEquals(BivariateGcd.tryDivide(g, h), BivariateGcd.modularQuotient(h, g),
                                label + " + " + k + " " + m);
                        if (m.degreeX() < h.degreeX()) { // below h's x-degree: h divides no such g over Z
                            assertNull(BivariateGcd.modularQuotient(h, g), label + " + " + k + " " + m);
                        }
                    }
                }
            }
        } finally {
            BivariateGcd.quotientProofForTests = 0;
        }
    }

    /**
     * The gcd on one thread (the product over Z, where a quotient takes it, on the caller's
     * thread) and on the default threads, above the words' degrees (64-bit coefficients) and
     * within them, against the primitive PRS of {@link BivariateGcdTest}.
     */
    @Test
    void gcdOnOneThreadAgreesWithThePrs() {
        Random rnd = new Random(SEED + 83);
        for (int it = 0; it < 3 * MULTIPLIER; it++) {
            int bits = it % 3 == 0 ? 70 : 12;
            ZZBivariate c = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(2), 8 + rnd.nextInt(6), bits);
            ZZBivariate a = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(2), 10 + rnd.nextInt(8), bits);
            ZZBivariate b = BivariateResultantTest.random(rnd, 1 + rnd.nextInt(2), 10 + rnd.nextInt(8), bits);
            ZZBivariate f = a.multiply(c);
            ZZBivariate g = b.multiply(c);
            ZZBivariate expected = BivariateGcdTest.prsGcd(f, g);
            String label = where("f = " + f + ", g = " + g);
            assertEquals(expected, BivariateGcd.gcd(f, g, Options.defaults().withThreads(1)).value(), label);
            assertEquals(expected, BivariateGcd.gcd(f, g), label);
        }
    }

    /**
     * {@link BivariateGcd.LowWords}: h q - f mod 2^64 in wrapping longs against BigInteger, on
     * coefficients of up to 200 bits: zero for f = h q and for f = h q + 2^64 k m (equal mod 2^64
     * only), non-zero for a planted difference that 2^64 does not divide.
     */
    @Test
    void lowWordsAgreeWithBigIntegerModTwoToThe64() {
        Random rnd = new Random(SEED + 89);
        BigInteger w = BigInteger.ONE.shiftLeft(64);
        for (int it = 0; it < 60 * MULTIPLIER; it++) {
            ZZBivariate h = BivariateResultantTest.random(rnd, rnd.nextInt(6), rnd.nextInt(13), 1 + rnd.nextInt(200));
            ZZBivariate q = BivariateResultantTest.random(rnd, rnd.nextInt(6), rnd.nextInt(13), 1 + rnd.nextInt(200));
            if (h.isZero() || q.isZero()) {
                continue;
            }
            int hr = h.degreeX() + 1;
            int hc = h.degreeY() + 1;
            int qr = q.degreeX() + 1;
            int qc = q.degreeY() + 1;
            int fr = hr + qr - 1;
            int fc = hc + qc - 1;
            ZZBivariate f = h.multiply(q);
            BigInteger[] hb = flatOf(h, hr, hc);
            BigInteger[] qb = flatOf(q, qr, qc);
            int[] hl = it % 3 == 0 ? null : rowLengthsOf(hb, hr, hc);
            long[] out = new long[fr * fc];
            String label = where("it " + it + ", h = " + h + ", q = " + q);
            BigInteger k = new BigInteger(1 + rnd.nextInt(100), rnd).add(BigInteger.ONE);
            ZZBivariate m = ZZBivariate.monomial(rnd.nextBoolean() ? k : k.negate(), rnd.nextInt(fr), rnd.nextInt(fc));
            ZZBivariate equalModW = f.add(m.multiply(ZZBivariate.constant(w)));
            ZZBivariate differs = f.add(m.multiply(ZZBivariate.constant(
                    k.testBit(0) ? w.shiftRight(1 + rnd.nextInt(64)) : BigInteger.ONE)));
            for (ZZBivariate g : new ZZBivariate[] {f, equalModW, differs}) {
                BigInteger[] gb = flatOf(g, fr, fc);
                boolean expected = true; // oracle: every entry of h q - g divisible by 2^64
                BigInteger[] hq = flatOf(f, fr, fc);
                for (int t = 0; t < gb.length; t++) {
                    expected &= hq[t].subtract(gb[t]).mod(w).signum() == 0;
                }
                assertEquals(expected, BivariateGcd.LowWords.productMinusIsZero(hb, hr, hc, hl, qb, qr, qc, gb, out),
                        label + ", f - g = " + f.sub(g));
            }
        }
    }

    /**
     * The gcd where the quotients' proof takes products mod p with {@link BivariateGcd.LowWords}
     * (coefficients of 40 to 90 bits, deg_y F at most CHECK_POINTS_MAX_DEGREE), and where the
     * gcd's lift passes {@link MixedRadixLift#settled} after its first prime p_0 with one
     * coefficient still wrong: c = K x^n + (small terms) + (p_0 t + s) x^i y^j, a and b with
     * leading coefficient 1 in x (so the gcd's images are c's, and p_0 t + s lifts to the small s
     * after p_0): the early candidate must fail its division and the loop go on. Against the
     * primitive PRS of {@link BivariateGcdTest}.
     */
    @Test
    void gcdWithLowWordsAndEarlyCandidatesAgreesWithThePrs() {
        Random rnd = new Random(SEED + 97);
        BigInteger p0 = BigInteger.valueOf(PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next());
        for (int it = 0; it < 4 * MULTIPLIER; it++) {
            boolean planted = it % 2 == 1;
            int bits = planted ? 8 : 40 + rnd.nextInt(51);
            int cx = 1 + rnd.nextInt(3);
            int ax = 1 + rnd.nextInt(3);
            int bx = 1 + rnd.nextInt(3);
            ZZBivariate c = BivariateResultantTest.random(rnd, cx, 2 + rnd.nextInt(6), bits);
            ZZBivariate a = BivariateResultantTest.random(rnd, ax, 2 + rnd.nextInt(8), bits);
            ZZBivariate b = BivariateResultantTest.random(rnd, bx, 2 + rnd.nextInt(8), bits);
            if (planted) {
                c = BivariateResultantTest.random(rnd, cx - 1, 2 + rnd.nextInt(6), bits)
                        .add(ZZBivariate.monomial(BigInteger.valueOf(1 + rnd.nextInt(100)), cx, 0))
                        .add(ZZBivariate.monomial(p0.multiply(new BigInteger(20 + rnd.nextInt(20), rnd).add(BigInteger.ONE))
                                .add(BigInteger.valueOf(rnd.nextInt(200) - 100)), rnd.nextInt(cx), rnd.nextInt(4)));
                a = BivariateResultantTest.random(rnd, ax - 1, 2 + rnd.nextInt(8), bits)
                        .add(ZZBivariate.monomial(BigInteger.ONE, ax, 0));
                b = BivariateResultantTest.random(rnd, bx - 1, 2 + rnd.nextInt(8), bits)
                        .add(ZZBivariate.monomial(BigInteger.ONE, bx, 0));
            }
            ZZBivariate f = a.multiply(c);
            ZZBivariate g = b.multiply(c);
            ZZBivariate expected = BivariateGcdTest.prsGcd(f, g);
            String label = where("f = " + f + ", g = " + g);
            ModularResult<ZZBivariate> r = BivariateGcd.gcd(f, g, Options.defaults().withThreads(1).withSeed(SEED + it));
            assertEquals(expected, r.value(), label + " " + r.report());
        }
    }

    @Test
    void wordGcdAgreesWithBigInteger() {
        Random rnd = new Random(SEED + 79);
        for (int it = 0; it < 2000 * MULTIPLIER; it++) {
            int common = rnd.nextInt(20);
            BigInteger a = new BigInteger(rnd.nextInt(63 - common), rnd).shiftLeft(rnd.nextInt(common + 1));
            BigInteger b = new BigInteger(rnd.nextInt(63 - common), rnd).shiftLeft(rnd.nextInt(common + 1));
            if (it % 3 == 0) { // a common odd factor
                BigInteger c = BigInteger.valueOf(1 + 2L * rnd.nextInt(1 << 15));
                a = a.shiftRight(16).multiply(c);
                b = b.shiftRight(16).multiply(c);
            }
            a = a.bitLength() > 62 ? a.shiftRight(1) : a;
            b = b.bitLength() > 62 ? b.shiftRight(1) : b;
            String label = where("gcd(" + a + ", " + b + ")");
            assertEquals(a.gcd(b).longValueExact(), BivariateGcd.gcdLong(a.longValueExact(), b.longValueExact()), label);
            assertEquals(a.gcd(b), BivariateGcd.gcdInteger(rnd.nextBoolean() ? a.negate() : a, b.negate()), label);
        }
        long big = (1L << 62) - 1;
        assertEquals(0, BivariateGcd.gcdLong(0, 0));
        assertEquals(big, BivariateGcd.gcdLong(0, big));
        assertEquals(big, BivariateGcd.gcdLong(big, big));
        assertEquals(1L << 61, BivariateGcd.gcdLong(1L << 61, 1L << 62));
        assertEquals(1, BivariateGcd.gcdLong(big, big - 1));
        BigInteger huge = BigInteger.ONE.shiftLeft(100).multiply(BigInteger.valueOf(6)); // beyond words: BigInteger's gcd
        assertEquals(BigInteger.valueOf(12), BivariateGcd.gcdInteger(huge, BigInteger.valueOf(36)));
    }

    @Test
    void wordReductionAgreesWithFloorMod() {
        Random rnd = new Random(SEED + 83);
        long[] ps = GcdPrimes.primes(0, 3);
        long[] edges = {0, 1, -1, (1L << 62) - 1, -(1L << 62) + 1, 1L << 61, -(1L << 61)};
        for (int it = 0; it < 20000 * MULTIPLIER; it++) {
            long p = it % 4 == 3 ? 3 + 2 * rnd.nextInt(1 << 24) : ps[it % 3]; // also small moduli (floorMod)
            long w = it < edges.length ? edges[it] : rnd.nextLong() >> rnd.nextInt(63);
            if (it % 5 == 0) { // next to a multiple of p, where a quotient's rounding matters
                w = (rnd.nextLong() >> 2) / p * p + rnd.nextInt(3) - 1;
            }
            w = Math.max(-(1L << 62) + 1, Math.min((1L << 62) - 1, w));
            assertEquals(Math.floorMod(w, p), BivariateGcd.reduce(w, p, 1.0 / p), where("w = " + w + ", p = " + p));
        }
    }

    @Test
    void primeTableIsTheStream() {
        int n = GcdPrimes.MAX_CACHED + 6;
        long[] all = GcdPrimes.stream().next(n);
        assertEquals(java.util.Arrays.toString(all), java.util.Arrays.toString(GcdPrimes.primes(0, n)));
        for (int[] fc : new int[][] {{0, 0}, {0, 2}, {3, 4}, {GcdPrimes.MAX_CACHED - 2, 5}, {GcdPrimes.MAX_CACHED + 1, 3}}) {
            assertEquals(java.util.Arrays.toString(java.util.Arrays.copyOfRange(all, fc[0], fc[0] + fc[1])),
                    java.util.Arrays.toString(GcdPrimes.primes(fc[0], fc[1])), "from " + fc[0] + ", count " + fc[1]);
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> GcdPrimes.primes(-1, 2));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> GcdPrimes.primes(0, -2));
    }

    @Test
    void cachedFieldsAndBasesAreTheLibrarys() {
        long[] ps = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(5);
        for (int k = 1; k <= ps.length; k++) {
            long[] primes = java.util.Arrays.copyOf(ps, k);
            org.modalg.fft.CrtBasis b = GcdPrimes.basis(primes);
            assertEquals(org.modalg.fft.CrtBasis.of(primes), b);
            assertEquals(b, GcdPrimes.basis(primes.clone()));
            assertEquals(ps[k - 1], GcdPrimes.field(ps[k - 1]).p());
        }
        long[] reversed = {ps[1], ps[0]}; // the order is part of the key (Garner's digits follow it)
        assertEquals(org.modalg.fft.CrtBasis.of(reversed), GcdPrimes.basis(reversed));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> GcdPrimes.field(ps[0] + 1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> GcdPrimes.basis(new long[] {ps[0], ps[0]}));
    }
}
