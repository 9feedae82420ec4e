package org.modalg.modular.bivariate;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.ZpField;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.PolyGcdZp;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * The gcd of two polynomials of Z[x, y] by dense modular evaluation and interpolation (Brown
 * 1971, "On Euclid's algorithm and the computation of polynomial greatest common divisors";
 * Geddes, Czapor and Labahn, Algorithms for Computer Algebra, section 7.4), proven by trial
 * division.
 *
 * <p>Method, with x the main variable: contents in x (gcds in Z[y] of the coefficients by
 * {@link #gcdY}: an integer gcd alone where one gcd modulo a prime shows the result is an integer,
 * else {@link PolynomialGcd}) are taken out, so gcd(f, g) = gcd(cont f, cont g) gcd(F, G) for the
 * primitive parts F, G. With gamma = gcd(lc_x F, lc_x G) in Z[y], the target is
 * H* = gamma H / lc_x(H), H = gcd(F, G), of y-degree at most D = deg gamma + min(deg_y F, deg_y G).
 * For each prime p below 2^26 ({@link PrimeStream}): random points a mod p (from a seeded
 * generator, reported) where gamma(a), lc_x F(a) and lc_x G(a) do not vanish; the monic gcd of
 * F(x, a) and G(x, a) mod p by {@link PolyGcdZp#gcd}, scaled by gamma(a); at each point an image
 * of larger x-degree than the least seen for the prime is unlucky (skipped), one of smaller
 * degree restarts the prime's points; D + 1 points of equal degree e (or fewer, once a point's
 * divided difference is zero in every column: see the loop) are interpolated in y (Lagrange, by
 * the inverse Vandermonde matrix of the nodes). Across primes the same degree rule (an image of larger degree is listed as unlucky,
 * one of smaller degree discards every kept prime), and the images are combined by incremental
 * CRT in words ({@link MixedRadixLift}). An image of degree 0 proves gcd(F, G) = 1 (every image at a point
 * where the leading coefficients survive has at least the true degree).
 *
 * <p>Proof: once one more prime leaves the symmetric lift unchanged (or one prime earlier, when
 * every value is {@value #GCD_SETTLED_SLACK_BITS} bits below the modulus), its primitive part P in x
 * is divided into F and G: the quotients by their own images modulo further primes and one exact
 * product each, P Q = F, or for small inputs P Q_p = F mod p by one product mod p per prime and a
 * bound on |P Q - F| instead of the product, with P Q - F mod 2^64 in wrapping words
 * ({@link LowWords}) adding 64 bits to the primes' modulus ({@link #modularQuotient}; a remainder at one point
 * modulo one prime refutes at once; the values of F and G at the images' points, and F, G mod p,
 * are reused, and both quotients share P's residues and values). If both divisions are exact, P divides gcd(F, G) and has the x-degree e of a
 * modular image, which is at least that of gcd(F, G); so P = ±gcd(F, G) (both primitive).
 * Otherwise the loop goes on with more primes. {@link Certification#PROVEN} always.
 *
 * <p>Cost per prime: about (D + 1 + skipped points) evaluations of F and G (O(deg_x deg_y) each)
 * and univariate gcds mod p (O(deg_x^2)), plus (e + 1) interpolations of O(D^2); on one thread
 * (the points of a prime are sequential). The proof: the quotients' images (as many points and
 * about as many primes as the quotients need) and two products in Z[x, y] by Kronecker substitution
 * on the gcd's threads (one thread: the caller's only) (up to deg_y F = 24: one product mod p per
 * prime instead, O(terms(P) terms(Q)) word products; up to deg_y F = 72, where the coefficients
 * and the bound fit a long, P Q - F over Z in words after one prime).
 *
 * <p>Not used: the heuristic gcd (Char, Geddes and Gonnet's GCDHEU: the gcd of the integers
 * f(xi^k, xi), g(xi^k, xi)), which FLINT and Maple try first on small inputs: at d = 20 and 16 bits
 * those integers have about 17,600 bits, and Java 17's {@code BigInteger.gcd} (binary, quadratic)
 * takes about 3.5 ms on them, 20 times FLINT's whole gcd (BENCHMARKS.md).
 *
 * <p>Conventions: gcd(0, 0) = 0; gcd(f, 0) = ±f; the result has a positive leading coefficient
 * (the leading coefficient in y of the leading coefficient in x).
 */
public final class BivariateGcd {
    private static final long PRIME_BOUND = PolyGcdDouble.PRIME_BOUND;
    /** Tests only: when positive, early images stop after this many points (too soon), to exercise the fallback. */
    static volatile int stopEarlyForTests;

    private BivariateGcd() {
    }

    /** gcd(f, g) with the default options. */
    public static ZZBivariate gcd(ZZBivariate f, ZZBivariate g) {
        return gcd(f, g, Options.defaults()).value();
    }

    /**
     * gcd(f, g) with the report (primes used, unlucky and skipped primes, the seed of the points).
     *
     * @throws IllegalArgumentException if an argument is null
     * @throws CancelledException if the cancellation check fires between primes
     */
    public static ModularResult<ZZBivariate> gcd(ZZBivariate f, ZZBivariate g, Options options) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        checkNotNull(options, "options");
        ModularReport.Builder report = ModularReport.builder("bivariate gcd").route(Route.CRT);
        long t0 = System.nanoTime();
        if (f.isZero() || g.isZero()) {
            ZZBivariate r = normalize(f.isZero() ? g : f);
            report.certification(Certification.PROVEN, "trivial").phaseSince("trivial", t0);
            return new ModularResult<>(r, report.build());
        }
        Options inner = innerOptions(options);
        ZZPoly cf = contentX(f, inner);
        ZZPoly cg = contentX(g, inner);
        ZZPoly c = gcdY(cf, cg, inner);
        ZZBivariate pf = divideCoefficients(f, cf);
        ZZBivariate pg = divideCoefficients(g, cg);
        long t = report.phaseSince("contents", t0);
        ZZBivariate h;
        if (pf.degreeX() == 0 || pg.degreeX() == 0) {
            h = ZZBivariate.ONE; // a primitive polynomial of x-degree 0 is ±1
            report.certification(Certification.PROVEN, "an input of x-degree 0 after its content");
        } else {
            h = primitiveGcd(pf, pg, options, report);
        }
        t = report.phaseSince("images", t);
        ZZBivariate r = normalize(c.isOne() ? h : ZZBivariate.fromY(c).multiply(h, inner));
        report.phaseSince("finish", t);
        return new ModularResult<>(r, report.build());
    }

    // gcd of primitive F, G of positive x-degree
    private static ZZBivariate primitiveGcd(ZZBivariate pf, ZZBivariate pg, Options options,
            ModularReport.Builder report) {
        Options inner = innerOptions(options);
        ZZPoly gamma = gcdY(pf.leadingCoefficientInX(), pg.leadingCoefficientInX(), inner);
        int d = gamma.degree() + Math.min(pf.degreeY(), pg.degreeY());
        long seed = options.seedForRun();
        report.seed(seed);
        report.note("y-degree bound of gamma gcd / lc: " + d + " (" + (d + 1) + " points per prime), points drawn"
                + " at random from the seed");
        Random rnd = new Random(seed);
        int fr = pf.degreeX() + 1;
        int gr = pg.degreeX() + 1;
        int fc = pf.degreeY() + 1;
        int gc = pg.degreeY() + 1;
        Flat fFlat = Flat.of(pf, fc, true); // F and G in words where they fit: residues by one reduction each, and the proof in words
        Flat gFlat = Flat.of(pg, gc, true);
        BigInteger[] fv = fFlat.big();
        BigInteger[] gv = gFlat.big();
        int[] fl = BivariateKernels.rowLengths(pf);
        int[] gl = BivariateKernels.rowLengths(pg);
        BigInteger[] gammaV = gamma.coefficients();
        long[] fw = fFlat.words();
        long[] gw = gFlat.words();
        Residues primes = new Residues(fv, gv, gammaV).cut(0, fc, fl).cut(1, gc, gl).words(0, fw).words(1, gw)
                .words(2, Words.of(gammaV));
        MixedRadixLift acc = null;
        List<Long> kept = new ArrayList<>();
        int emin = Integer.MAX_VALUE;
        int used = 0;
        // A safety net, not a bound the proof needs: the target's coefficients have at most about
        // 4 (t_F + t_G) + bits(F) + bits(G) + 64 bits (Mignotte-type bounds for a factor in two
        // variables, times gamma); ten times that in primes of 25 bits is never reached by a correct
        // run, and stops a wrong one with an exception instead of running through the whole stream.
        long maxPrimes = 1000 + 10L * (pf.maxCoefficientBits() + pg.maxCoefficientBits()
                + 16L * (pf.totalDegree() + pg.totalDegree())) / 25;
        int imaged = 0;
        // F(x, a) and G(x, a) mod p at every point the images evaluated, for the quotients' proof
        Evaluations fEval = new Evaluations(fv).from(primes, 0).words(fw);
        Evaluations gEval = new Evaluations(gv).from(primes, 1).words(gw);
        // Images stop adding points once one more point leaves every column's interpolant
        // unchanged (a Newton coefficient of zero): fewer than D + 1 points when the gcd's y-degree
        // is below the bound, as it is for the usual inputs. Not a proof; the divisions are. Should
        // a candidate from such images fail them, the images are taken again with D + 1 points.
        boolean early = true;
        // early images whose lift has not divided after this many primes are taken again (the
        // safety net's estimate below, in primes of 24 bits, plus 2)
        long earlyCap = 2 + (pf.maxCoefficientBits() + pg.maxCoefficientBits()
                + 4L * (pf.totalDegree() + pg.totalDegree()) + 64) / 24;
        while (true) {
            long p = primes.next();
            if (++imaged > maxPrimes) {
                throw new IllegalStateException("no stable lift divided both inputs after " + maxPrimes
                        + " primes (far beyond the size of any factor): an internal error");
            }
            options.checkCancelled("before bivariate gcd image modulo " + p);
            long[] fp = primes.residues(0);
            long[] gp = primes.residues(1);
            long[] gammaP = primes.residues(2);
            fEval.residues(p, fp);
            gEval.residues(p, gp);
            boolean gammaZero = true;
            for (long v : gammaP) {
                gammaZero &= v == 0;
            }
            Image img = gammaZero ? null : image(p, fp, fr, fc, fl, gp, gr, gc, gl, gammaP, d, rnd,
                    early, fEval, gEval);
            if (img == null) {
                report.skipped(p);
                continue;
            }
            if (img.degree == 0) {
                report.primesUsed(used + 1).field("word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS)
                        .certification(Certification.PROVEN, "an image of x-degree 0 modulo " + p);
                return ZZBivariate.ONE;
            }
            if (img.degree > emin) {
                report.unlucky(p);
                continue;
            }
            if (img.degree < emin) {
                for (long q : kept) {
                    report.unlucky(q);
                }
                used -= kept.size();
                kept.clear();
                emin = img.degree;
                acc = new MixedRadixLift((emin + 1) * (d + 1));
            }
            boolean changed = acc.add(p, img.coefficients, GCD_SETTLED_SLACK_BITS);
            kept.add(p);
            used++;
            boolean retry = false;
            if (early && kept.size() > earlyCap) {
                retry = true; // the lift does not settle: perhaps an interpolation stopped too soon
            } else if (!changed && acc.count() >= 2 || acc.settled()) {
                ZZBivariate candidate = primitivePart(liftWithoutIntegerContent(acc, emin, d), inner);
                Divisor shared = new Divisor(); // candidate's residues and values, from F's quotient to G's
                shared.options = inner; // the product over Z on the gcd's threads (1: this thread only)
                if (modularQuotient(candidate, pf, fEval, shared) != null
                        && modularQuotient(candidate, pg, gEval, shared) != null) {
                    report.primesUsed(used).field("word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS)
                            .certification(Certification.PROVEN, "trial division of both inputs by the lift's"
                                    + " primitive part (x-degree " + emin + " of a modular image)");
                    return candidate;
                }
                retry = early; // perhaps an interpolation stopped too soon
            }
            if (retry) { // all D + 1 points from now on
                early = false;
                report.note("images with fewer than " + (d + 1) + " points gave no candidate that divides:"
                        + " images taken again with all points");
                for (long q : kept) {
                    report.unlucky(q);
                }
                used -= kept.size();
                kept.clear();
                emin = Integer.MAX_VALUE;
            }
        }
    }

    /**
     * The slack of {@link MixedRadixLift#settled}: a lift whose values are all about this many bits
     * below the modulus looks final before a prime confirms it (a lift still missing primes has
     * values spread over the whole range: each that small with probability about 2^-10, all of
     * hundreds of them never), so the exact check is tried one prime early where the values are
     * small: one prime of images fewer for most sizes. A check that fails costs a division; the
     * loop goes on.
     */
    static final int SETTLED_SLACK_BITS = 10;

    /**
     * The slack of {@link MixedRadixLift#settled} for the gcd's own lift: 6 bits, so that a gcd
     * of 16-bit coefficients (the common small case) is tried after one prime below 2^26 (26 - 16
     * = 10 bits of room, which {@link #SETTLED_SLACK_BITS} missed by the few bits of gamma's
     * factor: d = 20, 16 bits took two primes of images). A lift still missing primes passes with
     * probability about 2^-5 per entry, so never with its hundreds of entries; one with a few
     * large entries and many small ones may pass early, and costs one failed trial division (the
     * first quotient's images at one more prime), never a wrong result. Measured (2026-11-26,
     * BENCHMARKS.md, seventh round): d = 20, 40 and 60 at 16 bits (FLINT's inputs) need one
     * prime of images instead of two.
     */
    static final int GCD_SETTLED_SLACK_BITS = 6;

    /** An image modulo one prime: x-degree and the (degree + 1) x (d + 1) coefficients in y. */
    private record Image(int degree, long[] coefficients) {
    }

    // D + 1 points of equal least degree; null when too many points are passed over
    // fl, gl: the rows' lengths (cut evaluation); fEval, gEval: every evaluation kept for the proof
    private static Image image(long p, long[] f, int fr, int fc, int[] fl, long[] g, int gr, int gc, int[] gl,
            long[] gamma, int d, Random rnd, boolean early, Evaluations fEval, Evaluations gEval) {
        ZpField field = GcdPrimes.field(p);
        double pInv = 1.0 / p;
        int cols = Math.max(fc, gc);
        long[] pw = new long[cols];
        long[] nodes = new long[d + 1];
        long[][] values = new long[d + 1][];
        long[] weights = new long[d + 1]; // barycentric weights of nodes[0..count] (early images)
        long[] scratch = new long[d + 1];
        Set<Long> seen = new HashSet<>();
        int e = -1;
        int count = 0;
        int tries = 0;
        int maxTries = 4 * (d + 1) + 64;
        long[] fa = new long[fr];
        long[] ga = new long[gr];
        long[] out = new long[Math.max(fr, gr)];
        while (count < d + 1) {
            if (tries++ > maxTries) {
                return null;
            }
            long a = Math.floorMod(rnd.nextLong(), p);
            if (!seen.add(a)) {
                continue;
            }
            long gammaA = BivariateKernels.evaluate(gamma, 0, gamma.length, a, p, pInv);
            if (gammaA == 0) {
                continue;
            }
            long v = 1;
            for (int j = 0; j < cols; j++) {
                pw[j] = v;
                v = BivariateKernels.mulmod(v, a, p, pInv);
            }
            BivariateKernels.evaluateRows(f, fr, fc, fl, pw, p, fa);
            BivariateKernels.evaluateRows(g, gr, gc, gl, pw, p, ga);
            fEval.add(p, a, fa);
            gEval.add(p, a, ga);
            if (fa[fr - 1] == 0 || ga[gr - 1] == 0) {
                continue;
            }
            int len = PolyGcdZp.gcd(field, fa, fr, ga, gr, out);
            int deg = len - 1;
            if (deg == 0) {
                return new Image(0, null);
            }
            if (e >= 0 && deg > e) {
                continue; // an unlucky point
            }
            if (deg < e || e < 0) {
                e = deg;
                count = 0;
            }
            long[] scaled = new long[deg + 1];
            for (int i = 0; i <= deg; i++) {
                scaled[i] = BivariateKernels.mulmod(out[i], gammaA, p, pInv);
            }
            nodes[count] = a;
            values[count] = scaled;
            // early: whether the new point's divided difference (Newton coefficient) is zero in
            // every column, by the barycentric weights (O(count) products and, for the usual point,
            // one column's dot product before a non-zero value ends the test)
            boolean agrees = early && BivariateKernels.lastDividedDifferenceIsZero(nodes, values, weights, count,
                    deg + 1, p, scratch);
            count++;
            if (early && count == stopEarlyForTests) {
                break; // tests: an interpolation stopped too soon, on purpose
            }
            if (agrees && count >= 2) {
                count--; // the interpolant through count - 1 points already takes this value
                break;
            }
        }
        long[] c = BivariateKernels.interpolateColumns(java.util.Arrays.copyOf(nodes, count), values, e + 1, p);
        if (count == d + 1) {
            return new Image(e, c);
        }
        long[] padded = new long[(e + 1) * (d + 1)];
        for (int i = 0; i <= e; i++) {
            System.arraycopy(c, i * count, padded, i * (d + 1), count);
        }
        return new Image(e, padded);
    }

    /**
     * {@link #lift} of acc's symmetric values divided by their integer content when they fit in
     * longs ({@link MixedRadixLift#symmetricLongs}; the gcd of the values in words), so that
     * {@link #primitivePart} finds content 1 after a few coefficients instead of an integer gcd of
     * every BigInteger; else the lift itself.
     */
    private static ZZBivariate liftWithoutIntegerContent(MixedRadixLift acc, int e, int d) {
        long[] s = acc.symmetricLongs();
        if (s == null) {
            return lift(acc.symmetric(), e, d);
        }
        long g = 0;
        for (int i = 0; i < s.length && g != 1; i++) {
            g = gcdLong(g, Math.abs(s[i]));
        }
        BigInteger[] c = new BigInteger[s.length];
        for (int i = 0; i < s.length; i++) {
            c[i] = BigInteger.valueOf(g > 1 ? s[i] / g : s[i]);
        }
        return lift(c, e, d);
    }

    /** gcd(a, b) of a, b &gt;= 0 (binary; gcd(0, 0) = 0). */
    static long gcdLong(long a, long b) {
        if (a == 0 || b == 0) {
            return a | b;
        }
        int shift = Long.numberOfTrailingZeros(a | b);
        a >>= Long.numberOfTrailingZeros(a);
        while (b != 0) {
            b >>= Long.numberOfTrailingZeros(b);
            if (a > b) {
                long t = a;
                a = b;
                b = t;
            }
            b -= a;
        }
        return a << shift;
    }

    /** gcd(a, b) &gt;= 0 of integers: {@link #gcdLong} when both fit in 62 bits, else {@link BigInteger#gcd}. */
    static BigInteger gcdInteger(BigInteger a, BigInteger b) {
        if (a.bitLength() <= 62 && b.bitLength() <= 62) {
            return BigInteger.valueOf(gcdLong(Math.abs(a.longValue()), Math.abs(b.longValue())));
        }
        return a.gcd(b);
    }

    private static ZZBivariate lift(BigInteger[] c, int e, int d) {
        ZZPoly[] rows = new ZZPoly[e + 1];
        for (int i = 0; i <= e; i++) {
            rows[i] = ZZPoly.of(java.util.Arrays.copyOfRange(c, i * (d + 1), (i + 1) * (d + 1)));
        }
        return ZZBivariate.ofCoefficientsInX(rows);
    }

    /** The gcd in Z[y] of the coefficients in x (positive leading coefficient); f non-zero. */
    static ZZPoly contentX(ZZBivariate f) {
        return contentX(f, Options.defaults());
    }

    /** {@link #contentX(ZZBivariate)} with the univariate gcds on the threads of options. */
    static ZZPoly contentX(ZZBivariate f, Options options) {
        ZZPoly c = ZZPoly.ZERO;
        for (int i = f.degreeX(); i >= 0; i--) {
            c = gcdY(c, f.coefficientInX(i), options);
            if (c.isOne()) {
                break;
            }
        }
        return c;
    }

    /**
     * gcd(u, v) in Z[y] with a positive leading coefficient (gcd(0, 0) = 0). Where the gcd is an
     * integer, without {@link PolynomialGcd}: when u or v is a non-zero constant, or when the gcd of
     * u and v modulo one prime p not dividing lc(u) has degree 0 (the gcd over Z divides both, and
     * its image mod p keeps its degree since its leading coefficient divides lc(u): so it has degree
     * 0), the gcd is gcd(cont u, cont v), integer gcds alone. Otherwise (a common factor mod p, true
     * or not) {@link PolynomialGcd#gcd}. O(deg u deg v) word operations for the test.
     */
    static ZZPoly gcdY(ZZPoly u, ZZPoly v) {
        return gcdY(u, v, Options.defaults());
    }

    /** {@link #gcdY(ZZPoly, ZZPoly)} with {@link PolynomialGcd} on the threads (and backend) of options. */
    static ZZPoly gcdY(ZZPoly u, ZZPoly v, Options options) {
        if (u.isZero() || v.isZero()) {
            ZZPoly w = u.isZero() ? v : u;
            return w.isZero() || w.leadingCoefficient().signum() > 0 ? w : w.negate();
        }
        if (u.degree() > v.degree()) {
            ZZPoly t = u;
            u = v;
            v = t;
        }
        if (u.degree() == 0 || coprimeModP(u, v)) {
            BigInteger g = u.content();
            for (int i = v.degree(); i >= 0 && !g.equals(BigInteger.ONE); i--) {
                g = gcdInteger(g, v.coefficient(i)); // from the small g: a division first, then a small gcd
            }
            return ZZPoly.constant(g.abs());
        }
        return PolynomialGcd.gcd(u, v, options).value().gcd();
    }

    /** Whether gcd(u mod p, v mod p) is 1 for the first test prime p not dividing lc(u) (deg u, deg v &gt; 0). */
    private static boolean coprimeModP(ZZPoly u, ZZPoly v) {
        for (ZpField field : TEST_FIELDS) {
            long p = field.p();
            BigInteger bp = BigInteger.valueOf(p);
            if (u.leadingCoefficient().mod(bp).signum() == 0) {
                continue;
            }
            long[] a = residues(u, bp);
            long[] b = residues(v, bp);
            return PolyGcdZp.gcd(field, a, a.length, b, b.length, a) == 1;
        }
        return false;
    }

    private static long[] residues(ZZPoly u, BigInteger bp) {
        long[] r = new long[u.degree() + 1];
        for (int i = 0; i < r.length; i++) {
            r[i] = u.coefficient(i).mod(bp).longValue();
        }
        return r;
    }

    /** The fields of {@link #coprimeModP}: the first primes of the stream, made once (no primality test per call). */
    private static final ZpField[] TEST_FIELDS = fieldsOf(PrimeStream.below(PRIME_BOUND).next(3));

    private static ZpField[] fieldsOf(long[] primes) {
        ZpField[] f = new ZpField[primes.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = ZpField.of(primes[i]);
        }
        return f;
    }

    private static ZZBivariate primitivePart(ZZBivariate f, Options options) {
        return normalize(divideCoefficients(f, contentX(f, options)));
    }

    private static ZZBivariate divideCoefficients(ZZBivariate f, ZZPoly c) {
        if (c.isOne()) {
            return f;
        }
        ZZPoly[] r = new ZZPoly[f.degreeX() + 1];
        BigInteger k = c.degree() == 0 ? c.coefficient(0) : null; // an integer content: divide by it
        for (int i = 0; i < r.length; i++) {
            r[i] = k != null ? f.coefficientInX(i).divideExact(k) : f.coefficientInX(i).divideExact(c);
        }
        return ZZBivariate.ofCoefficientsInX(r);
    }

    /** f or -f, whichever has a positive leading coefficient (lc in y of lc in x). */
    static ZZBivariate normalize(ZZBivariate f) {
        return !f.isZero() && f.leadingCoefficientInX().leadingCoefficient().signum() < 0 ? f.negate() : f;
    }

    /**
     * Whether b divides a in Z[y][x] (b non-zero): long division in x, each quotient coefficient
     * an exact division in Z[y]; false at the first inexact step or a non-zero remainder.
     */
    static boolean divides(ZZBivariate b, ZZBivariate a) {
        return tryDivide(a, b) != null;
    }

    /**
     * The exact quotient a / b in Z[x, y] (the cofactors of a gcd, for example): the quotient by
     * its images modulo primes below 2^26 and one exact product ({@link #modularQuotient}); about
     * (deg_y a - deg_y b + 1) evaluations of a and b and univariate divisions per prime, as many
     * primes as the quotient's coefficients need plus one.
     *
     * @throws IllegalArgumentException if a or b is null
     * @throws ArithmeticException if b is zero or does not divide a
     */
    public static ZZBivariate divideExact(ZZBivariate a, ZZBivariate b) {
        checkNotNull(a, "a");
        checkNotNull(b, "b");
        if (b.isZero()) {
            throw new ArithmeticException("division by the zero polynomial");
        }
        if (a.isZero()) {
            return ZZBivariate.ZERO;
        }
        ZZBivariate q = modularQuotient(b, a, null);
        if (q == null) {
            throw new ArithmeticException("b does not divide a exactly in Z[x, y]");
        }
        return q;
    }

    /** a / b in Z[y][x] when b divides a, else null (b non-zero). */
    static ZZBivariate tryDivide(ZZBivariate a, ZZBivariate b) {
        if (a.isZero()) {
            return ZZBivariate.ZERO;
        }
        int na = a.degreeX();
        int nb = b.degreeX();
        if (na < nb) {
            return null;
        }
        ZZPoly[] r = a.coefficientsInX().toArray(new ZZPoly[0]);
        ZZPoly[] q = new ZZPoly[na - nb + 1];
        ZZPoly lb = b.leadingCoefficientInX();
        for (int k = na - nb; k >= 0; k--) {
            ZZPoly lead = r[k + nb];
            if (lead.isZero()) {
                q[k] = ZZPoly.ZERO;
                continue;
            }
            if (lead.degree() < lb.degree()) {
                return null;
            }
            try {
                q[k] = lead.divideExact(lb);
            } catch (ArithmeticException notExact) {
                return null;
            }
            for (int i = 0; i <= nb; i++) {
                r[k + i] = r[k + i].sub(q[k].multiply(b.coefficientInX(i)));
            }
        }
        for (int i = 0; i < nb; i++) {
            if (!r[i].isZero()) {
                return null;
            }
        }
        return ZZBivariate.ofCoefficientsInX(q);
    }

    /**
     * f / h in Z[x, y] when h divides f, else null (h non-zero, h and f with positive x-degree or
     * constants): the quotient q by its images, then one product as the proof. Modulo each prime
     * p &lt; 2^26 in turn ({@link PrimeStream}), at the points y = 0, 1, ... where lc_x h does not
     * vanish (deg_y f - deg_y h + 1 of them), the univariate exact division f(x, a) / h(x, a)
     * mod p ({@link BivariateKernels#divideExact}; a non-zero remainder proves that h does not
     * divide f: then null at once), interpolation in y ({@link BivariateKernels#interpolateColumns}),
     * incremental CRT. When a prime leaves the symmetric lift q unchanged, h q = f is checked by
     * one Kronecker product ({@link ZZBivariate#multiply}): equal, q is the quotient (proven). The
     * coefficients of a true quotient are at most 2^(deg_x q + deg_y q) ||f||_2 (Mahler measure:
     * M(q) &lt;= M(f) &lt;= ||f||_2, and |q_ij| &lt;= C(deg_x q, i) C(deg_y q, j) M(q)); once the
     * modulus exceeds twice that and the product still differs, h does not divide f: null.
     *
     * <p>Proof modulo the primes instead of the product over Z, for small inputs (deg_y f at most
     * {@value #CHECK_POINTS_MAX_DEGREE}, and the bound below within about
     * {@value #CHECK_POINTS_EXTRA_BITS} + 64 bits of the quotient's own size): each prime checks h q_p = f mod p as polynomials by one schoolbook
     * product mod p ({@link #productEqualsModP}, O(terms(h) terms(q)) word products, no reduction
     * in the inner loop); so h q = f modulo the product M of the primes. With
     * B = |f|_inf + min(|h|_1 |q|_inf, |h|_inf |q|_1) &gt;= |h q - f|_inf, M &gt; 2 B proves h q = f
     * over Z, without the product. A prime where h q_p differs from f proves that h does not divide
     * f. With {@link LowWords}, h q = f mod 2^64 as well: then 2^64 M &gt; 2 B suffices, about
     * 64 bits of primes fewer. The candidate, its bound and its check mod 2^64 are made once and
     * kept while further primes leave the lift unchanged (those primes only add their products
     * mod p). (Until 2026-11-26 each prime divided at deg_y h more points and checked q_p there: an
     * evaluation of f and a division per point, half of the gcd at d = 20; BENCHMARKS.md.)
     *
     * <p>In words where they fit (deg_y f at most {@value #WORDS_MAX_DEGREE}, h and f with
     * coefficients below 2^62, the lift's modulus below 2^62 and the bound B below 2^62):
     * after each prime, h q - f is computed over Z exactly in longs for the lift q
     * ({@link Words}): zero proves h q = f at once, an entry not divisible by the prime refutes,
     * anything else asks for another prime. This replaces the product mod p there, and the lift
     * of a quotient of small coefficients needs no second prime for the bound (at d = 20, 16 bits:
     * one prime instead of two, 11 evaluations of f and divisions fewer per quotient).
     *
     * <p>Against {@link #tryDivide} (long division over Z[y]): the BigInteger work is one product
     * of the size of f instead of deg_x q deg_x h products of polynomials in y.
     */
    static ZZBivariate modularQuotient(ZZBivariate h, ZZBivariate f) {
        return modularQuotient(h, f, null);
    }

    /**
     * {@link #modularQuotient(ZZBivariate, ZZBivariate)} with the values f(x, a) mod p the gcd's
     * images already computed (null: none): for a prime in known, its points come first (their
     * values of f are not computed again), then y = 0, 1, ... not among them, and f mod p where
     * known kept it. Only the points and the work change; the quotient's images are the same
     * polynomials mod p, and the proof the same.
     */
    static ZZBivariate modularQuotient(ZZBivariate h, ZZBivariate f, Evaluations known) {
        return modularQuotient(h, f, known, null);
    }

    /**
     * What two quotients by the same h share ({@link #modularQuotient(ZZBivariate, ZZBivariate,
     * Evaluations, Divisor)}): h flattened, in words and its norms, h unpacked into limbs, h mod
     * p, and h(x, a) mod p at the points (both quotients of the gcd's proof run over the same
     * primes and, at the images' primes, the same points). Only values of h are kept; the proof
     * of each quotient is unchanged.
     */
    static final class Divisor {
        private static final long[] LC_ZERO = new long[0];
        private LimbVector limbs;
        private BigInteger[] flat; // h's coefficients as flat lays them out, h in words (or null), |h|_1, |h|_inf
        private long[] words;
        private BigInteger norm1;
        private BigInteger normInf;
        private Options options; // the product over Z's options (null: the defaults)
        private final java.util.Map<Long, long[]> residues = new java.util.HashMap<>();
        private final java.util.Map<Long, java.util.Map<Long, long[]>> values = new java.util.HashMap<>();
    }

    /**
     * {@link #modularQuotient(ZZBivariate, ZZBivariate, Evaluations)} with h's residues and values
     * kept in shared (null: none) for another quotient by the same h.
     */
    static ZZBivariate modularQuotient(ZZBivariate h, ZZBivariate f, Evaluations known, Divisor shared) {
        int qx = f.degreeX() - h.degreeX();
        int qy = f.degreeY() - h.degreeY();
        if (qx < 0 || qy < 0) {
            return null;
        }
        int hr = h.degreeX() + 1;
        int hc = h.degreeY() + 1;
        int fr = f.degreeX() + 1;
        int fc = f.degreeY() + 1;
        boolean reuse = shared != null && shared.flat != null; // h flattened, in words and its norms, by F's quotient
        Flat hFlat = reuse ? null : Flat.of(h, hc, true);
        BigInteger[] hv = reuse ? shared.flat : hFlat.big();
        BigInteger[] fv = known != null && known.flat != null ? known.flat : flat(f, fc);
        int[] hl = BivariateKernels.rowLengths(h);
        int[] fl = BivariateKernels.rowLengths(f);
        // ||f||_2 < 2^(fBits + log2(terms) / 2) and |f|_inf < 2^fBits: bounds by bit lengths alone
        int fBits = f.maxCoefficientBits(); // cached by each coefficient in x
        long boundBits = qx + qy + fBits + (32 - Integer.numberOfLeadingZeros(fv.length)) / 2 + 1 + 2;
        BigInteger limit = BigInteger.ONE.shiftLeft((int) Math.min(Integer.MAX_VALUE - 8, boundBits + 1));
        // the proof modulo the primes: |h|_1, |h|_inf, |f|_inf for the bound on h q - f
        // the proof in words: h and f as longs where every coefficient fits (null: not)
        long[] hWords = reuse ? shared.words : hFlat.words();
        BigInteger hNorm1 = reuse ? shared.norm1 : null;
        BigInteger hNormInf = reuse ? shared.normInf : null;
        if (hNorm1 == null) {
            hNorm1 = BigInteger.ZERO;
            hNormInf = BigInteger.ZERO;
            for (BigInteger v : hv) {
                BigInteger a = v.abs();
                hNorm1 = hNorm1.add(a);
                hNormInf = hNormInf.max(a);
            }
            if (shared != null) {
                shared.flat = hv;
                shared.words = hWords;
                shared.norm1 = hNorm1;
                shared.normInf = hNormInf;
            }
        }
        BigInteger fNormInf = BigInteger.ONE.shiftLeft(fBits);
        int mode = quotientProofForTests;
        long[] fWords = hWords == null ? null : known != null && known.flat != null ? known.words() : Words.of(fv);
        // up to deg_y f = WORDS_MAX_DEGREE: above, O(terms(h) terms(q)) words per try measured slower than the
        // product over Z in the CPU time of all threads (d = 80, 100 at 16 bits: 1.07-1.3x; d = 60: 0.66-0.71x;
        // BENCHMARKS.md)
        Words words = mode != 0 && mode != 3 || hWords == null || fWords == null
                || mode == 0 && f.degreeY() > WORDS_MAX_DEGREE ? null : Words.of(hWords, hl, fWords);
        // the products mod p, joined by h q - f mod 2^64 in wrapping longs (LowWords) where the primes alone fall short
        boolean lowWords = mode == 0 || mode == 4;
        boolean byPoints = mode == 1 || mode == 4 || mode == 0 && f.degreeY() <= CHECK_POINTS_MAX_DEGREE
                && hNorm1.bitLength() - SETTLED_SLACK_BITS <= CHECK_POINTS_EXTRA_BITS + LowWords.BITS;
        int need = qy + 1; // points per prime: the quotient's interpolation (byPoints: then h q_p = f mod p by one product mod p)
        Residues primes = new Residues(hv, fv).cut(0, hc, hl).cut(1, fc, fl); // f mod p only where the known points do not suffice
        if (fWords != null) {
            primes.words(1, fWords);
        } else if (known != null && known.limbs() != null) {
            primes.unpacked(1, known.limbs()); // f as the gcd unpacked it (same vector, same cut)
        }
        if (hWords != null) {
            primes.words(0, hWords);
        } else if (shared != null && shared.limbs != null) {
            primes.unpacked(0, shared.limbs);
        }
        MixedRadixLift acc = new MixedRadixLift((qx + 1) * (qy + 1));
        int cols = Math.max(hc, fc);
        long[] pw = new long[cols];
        long[] ha = new long[hr];
        long[] fa = new long[fr];
        long[] q = new long[qx + 1];
        long[] nodes = new long[need];
        long[][] values = new long[need][];
        long[] prod = byPoints || words != null ? new long[fr * fc] : null;
        // byPoints: the lift's candidate while no prime changes it, twice its bound B, and whether h candidate = f mod 2^64
        ZZBivariate kept = null;
        BigInteger keptTwiceBound = null;
        boolean keptLow = false;
        while (true) {
            long p = primes.next();
            ZpField field = GcdPrimes.field(p);
            double pInv = 1.0 / p;
            long[] hp = shared == null ? primes.residues(0) : shared.residues.get(p);
            if (hp == null) {
                hp = primes.residues(0);
                shared.residues.put(p, hp);
                shared.limbs = hWords == null ? primes.limbs(0) : null;
            }
            java.util.Map<Long, long[]> hValues = shared == null ? null
                    : shared.values.computeIfAbsent(p, k -> new java.util.HashMap<>());
            long[] fp = null;
            boolean lcZero = true;
            for (int j = (hr - 1) * hc; j < hr * hc; j++) {
                lcZero &= hp[j] == 0;
            }
            if (lcZero) {
                continue; // p divides lc_x h: no point would do
            }
            int count = 0;
            Evaluations.Points cached = known == null ? null : known.at(p);
            int nc = cached == null ? 0 : cached.size();
            for (int i = 0; i < nc && count < need; i++) {
                long a = cached.node(i);
                long[] hAt = hValues == null ? null : hValues.get(a);
                if (hAt == null) {
                    hAt = evaluateH(hp, hr, hc, hl, a, pw, p, pInv, ha) ? ha.clone() : Divisor.LC_ZERO;
                    if (hValues != null) {
                        hValues.put(a, hAt);
                    }
                }
                if (hAt == Divisor.LC_ZERO) {
                    continue;
                }
                System.arraycopy(hAt, 0, ha, 0, hr);
                long[] fc0 = cached.values(i);
                System.arraycopy(fc0, 0, fa, 0, fr);
                if (!BivariateKernels.divideExact(field, fa, fr, ha, hr, q)) {
                    return null; // h(x, a) does not divide f(x, a) mod p
                }
                nodes[count] = a;
                values[count++] = q.clone();
            }
            for (long a = 0; a < p && count < need; a++) {
                if (cached != null && cached.contains(a)) {
                    continue;
                }
                long v = 1;
                for (int j = 0; j < cols; j++) {
                    pw[j] = v;
                    v = BivariateKernels.mulmod(v, a, p, pInv);
                }
                long[] hAt = hValues == null ? null : hValues.get(a);
                if (hAt == null) {
                    BivariateKernels.evaluateRows(hp, hr, hc, hl, pw, p, ha);
                    hAt = ha[hr - 1] != 0 ? ha.clone() : Divisor.LC_ZERO;
                    if (hValues != null) {
                        hValues.put(a, hAt);
                    }
                }
                if (hAt == Divisor.LC_ZERO) {
                    continue;
                }
                System.arraycopy(hAt, 0, ha, 0, hr);
                if (fp == null) {
                    fp = known != null && known.residues(p) != null ? known.residues(p) : primes.residues(1);
                }
                BivariateKernels.evaluateRows(fp, fr, fc, fl, pw, p, fa);
                if (!BivariateKernels.divideExact(field, fa, fr, ha, hr, q)) {
                    return null; // h(x, a) does not divide f(x, a) mod p
                }
                nodes[count] = a;
                values[count++] = q.clone();
            }
            long[] image = BivariateKernels.interpolateColumns(nodes, values, qx + 1, p);
            // image is column-major by x-degree: coefficient of x^i y^j at i (qy + 1) + j
            boolean changed = acc.add(p, image, SETTLED_SLACK_BITS);
            // in words: h q - f over Z for the lift q, when it and the bound fit a long
            int exact = words == null ? Words.NOT_TRIED
                    : words.check(acc, hr, hc, qx + 1, qy + 1, p, byPoints || !changed || acc.settled(), prod);
            if (exact == Words.EQUAL) {
                return lift(acc.symmetric(), qx, qy); // h q = f over Z: q is the quotient
            }
            if (exact == Words.REFUTED) {
                return null; // h q_p differs from f mod p: h does not divide f mod p, so not over Z either
            }
            if (exact == Words.DIFFERS) { // h q = f mod p (so every prime's check holds) but not over Z
                if (acc.modulus().compareTo(limit) > 0) {
                    return null; // the lift is beyond the quotient's bound: no quotient
                }
                continue;
            }
            if (byPoints) { // h q_p = f mod p as polynomials, by one product mod p
                if (fp == null) {
                    fp = known != null && known.residues(p) != null ? known.residues(p) : primes.residues(1);
                }
                if (!productEqualsModP(hp, hr, hc, hl, image, qx + 1, qy + 1, fp, p, prod)) {
                    return null; // h does not divide f mod p, so not over Z either
                }
            }
            if (changed) {
                kept = null;
            }
            if (!changed || acc.settled() || acc.modulus().compareTo(limit) > 0) {
                ZZBivariate candidate = kept;
                if (candidate == null) {
                    BigInteger[] c = acc.symmetric();
                    candidate = lift(c, qx, qy);
                    if (byPoints) { // its bound and its check mod 2^64 once, for every prime that leaves it unchanged
                        keptTwiceBound = productBound(c, hNorm1, hNormInf, fNormInf).shiftLeft(1);
                        keptLow = lowWords && LowWords.productMinusIsZero(hv, hr, hc, hl, c, qx + 1, qy + 1, fv, prod);
                        kept = candidate;
                    }
                }
                if (byPoints) {
                    BigInteger m = acc.modulus();
                    if (m.compareTo(keptTwiceBound) > 0) {
                        return candidate; // h candidate = f modulo M > 2 |h candidate - f|_inf: equal
                    }
                    if (keptLow && m.shiftLeft(LowWords.BITS).compareTo(keptTwiceBound) > 0) {
                        return candidate; // h candidate = f modulo 2^64 M > 2 |h candidate - f|_inf: equal
                    }
                }
                if (!byPoints || acc.modulus().compareTo(limit) > 0) {
                    Options po = shared == null || shared.options == null ? Options.defaults() : shared.options;
                    if (candidate.multiply(h, po).equals(f)) {
                        return candidate;
                    }
                    if (acc.modulus().compareTo(limit) > 0) {
                        return null;
                    }
                }
            }
        }
    }

    /**
     * Whether h q = f mod p as polynomials in x and y: the product of h (rows of hc entries, row i
     * non-zero in its first hl[i] only) and q (qr rows of qc entries) compared with f (rows of
     * (hc + qc - 1) entries, (hr + qr - 1) rows), all residues in [0, p), p &lt; 2^26. Schoolbook
     * in longs: products below 2^52 summed without reduction (one row of h adds at most min(hc, qc)
     * of them to an entry), the sums reduced once every {@code 2^63 / (min(hc, qc) p^2)} rows of h
     * and at the end. O(terms(h) terms(q)) multiply-adds; out is scratch of at least the size of f.
     */
    static boolean productEqualsModP(long[] h, int hr, int hc, int[] hl, long[] q, int qr, int qc, long[] f, long p,
            long[] out) {
        int fc = hc + qc - 1;
        int n = (hr + qr - 1) * fc;
        java.util.Arrays.fill(out, 0, n, 0L);
        long pp = (p - 1) * (p - 1);
        long perRow = Math.max(1, Math.min(hc, qc)) * Math.max(1, pp);
        long rowsPerReduce = Math.max(1, (Long.MAX_VALUE - p) / perRow);
        long pending = 0;
        int[] qLens = new int[qr]; // q's rows without their trailing zeros (half of a dense quotient)
        for (int k = 0; k < qr; k++) {
            int l = qc;
            while (l > 0 && q[k * qc + l - 1] == 0) {
                l--;
            }
            qLens[k] = l;
        }
        for (int i = 0; i < hr; i++) {
            int len = hl == null ? hc : hl[i];
            for (int j = 0; j < len; j++) {
                long a = h[i * hc + j];
                if (a == 0) {
                    continue;
                }
                for (int k = 0; k < qr; k++) {
                    int o = (i + k) * fc + j;
                    int qo = k * qc;
                    int ql = qLens[k];
                    for (int l = 0; l < ql; l++) {
                        out[o + l] += a * q[qo + l];
                    }
                }
            }
            if (++pending == rowsPerReduce) {
                for (int t = 0; t < n; t++) {
                    out[t] %= p;
                }
                pending = 0;
            }
        }
        for (int t = 0; t < n; t++) {
            if (out[t] % p != f[t]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The quotient's proof in words, for inputs whose coefficients fit a long: for the lift q of
     * the quotient's images (while the modulus M &lt; 2^62, {@link MixedRadixLift#symmetricLongs}),
     * h q - f is computed over Z in longs, exactly: with B = |f|_inf + min(|h|_1 |q|_inf,
     * |h|_inf |q|_1) &lt; 2^62 no partial sum can overflow (each coefficient of h q is a sum of
     * products of one coefficient of h and one of q, each coefficient of either used at most
     * once). All zero: h q = f over Z, the quotient proven with no further prime and no
     * BigInteger. An entry not divisible by the last prime p: h q_p differs from f mod p, so h
     * does not divide f (the lift is q_p mod p). Otherwise h q = f mod p and not over Z: the
     * lift needs more primes. One pass of O(terms(h) terms(q)) word multiply-adds, the cost of
     * {@link #productEqualsModP} which it replaces at these sizes; at d = 20, 16 bits the
     * quotient's lift is complete at the first prime, and the second prime that the bound
     * M &gt; 2 B of the proof modulo the primes needed (deg_y q + 1 new evaluations of f and
     * divisions) is not taken.
     */
    static final class Words {
        static final int NOT_TRIED = 0;
        static final int EQUAL = 1;
        static final int REFUTED = 2;
        static final int DIFFERS = 3;
        /** The largest value of the bound B (and of any partial sum): 2^62 - 1. */
        static final long MAX_BOUND = (1L << 62) - 1;
        private final long[] h;
        private final int[] hl;
        private final long[] f;
        private final long hNorm1;
        private final long hNormInf;
        private final long fNormInf;

        private Words(long[] h, int[] hl, long[] f, long hNorm1, long hNormInf, long fNormInf) {
            this.h = h;
            this.hl = hl;
            this.f = f;
            this.hNorm1 = hNorm1;
            this.hNormInf = hNormInf;
            this.fNormInf = fNormInf;
        }

        /** v as longs when every |v_i| &lt;= {@link #MAX_BOUND}, else null. */
        static long[] of(BigInteger[] v) {
            long[] w = new long[v.length];
            for (int i = 0; i < v.length; i++) {
                if (v[i].bitLength() > 62) {
                    return null;
                }
                w[i] = v[i].longValue();
            }
            return w;
        }

        /** The proof's data for h (rows cut at hl) and f in words, or null when |h|_1 or |f|_inf exceeds the bound. */
        static Words of(long[] h, int[] hl, long[] f) {
            long n1 = 0;
            long nInf = 0;
            for (long v : h) {
                n1 += Math.abs(v); // each below 2^62: no overflow before the check
                if (n1 > MAX_BOUND) {
                    return null;
                }
                nInf = Math.max(nInf, Math.abs(v));
            }
            long fInf = 0;
            for (long v : f) {
                fInf = Math.max(fInf, Math.abs(v));
            }
            return new Words(h, hl, f, n1, nInf, fInf);
        }

        /**
         * {@link #EQUAL}, {@link #REFUTED} or {@link #DIFFERS} as above for the lift of acc (qr rows of
         * qc entries) and its last prime p; {@link #NOT_TRIED} when the modulus or the bound does not
         * fit, or when always is false and the lift does not look final (every |q_ij| at most M / 2^8).
         * out: scratch of the size of f.
         */
        int check(MixedRadixLift acc, int hr, int hc, int qr, int qc, long p, boolean always, long[] out) {
            long[] q = acc.symmetricLongs();
            if (q == null) {
                return NOT_TRIED;
            }
            long qNormInf = 0;
            long qNorm1 = 0;
            for (long v : q) {
                long a = Math.abs(v); // |v| <= M / 2 < 2^61
                qNormInf = Math.max(qNormInf, a);
                qNorm1 = Math.min(MAX_BOUND + 1, qNorm1 + a);
            }
            if (!always && qNormInf > acc.modulus().longValue() >> 8) {
                return NOT_TRIED; // not final yet, most likely: another prime first
            }
            long b = Math.min(boundedProduct(hNorm1, qNormInf), boundedProduct(hNormInf, qNorm1));
            if (b > MAX_BOUND - fNormInf) {
                return NOT_TRIED;
            }
            productMinusExact(h, hr, hc, hl, q, qr, qc, f, out);
            int n = f.length;
            boolean zero = true;
            for (int t = 0; t < n; t++) {
                long r = out[t];
                if (r != 0) {
                    if (r % p != 0) {
                        return REFUTED;
                    }
                    zero = false;
                }
            }
            return zero ? EQUAL : DIFFERS;
        }

        // a b, or MAX_BOUND + 1 when it exceeds MAX_BOUND (a, b >= 0)
        private static long boundedProduct(long a, long b) {
            if (Math.multiplyHigh(a, b) != 0) {
                return MAX_BOUND + 1;
            }
            long r = a * b;
            return r < 0 || r > MAX_BOUND ? MAX_BOUND + 1 : r;
        }
    }

    /**
     * out = h q - f over Z, exactly, in longs: h rows of hc entries (row i non-zero in its first
     * hl[i] only; hl null: all), q qr rows of qc entries, f (hr + qr - 1) rows of hc + qc - 1.
     * The caller guarantees |f|_inf + min(|h|_1 |q|_inf, |h|_inf |q|_1) &lt; 2^63, which bounds
     * every partial sum; without it, out is h q - f mod 2^64 ({@link LowWords}). O(terms(h) terms(q)) multiply-adds; q's rows trimmed of their zeros.
     */
    static void productMinusExact(long[] h, int hr, int hc, int[] hl, long[] q, int qr, int qc, long[] f, long[] out) {
        int fc = hc + qc - 1;
        int n = (hr + qr - 1) * fc;
        for (int t = 0; t < n; t++) {
            out[t] = -f[t];
        }
        int[] qLens = new int[qr];
        for (int k = 0; k < qr; k++) {
            int l = qc;
            while (l > 0 && q[k * qc + l - 1] == 0) {
                l--;
            }
            qLens[k] = l;
        }
        int pc = qc + 6; // q's rows with 3 zeros before and after
        long[] qp = new long[qr * pc];
        for (int k = 0; k < qr; k++) {
            System.arraycopy(q, k * qc, qp, k * pc + 3, qLens[k]);
        }
        for (int i = 0; i < hr; i++) {
            int len = hl == null ? hc : hl[i];
            int j = 0;
            // four entries of h's row at once, over q's rows padded with 3 zeros on either side:
            // out[o + l] += a0 q[l] + a1 q[l - 1] + a2 q[l - 2] + a3 q[l - 3], one load and store of out per four
            for (; j + 3 < len; j += 4) {
                int hb = i * hc + j;
                long a0 = h[hb];
                long a1 = h[hb + 1];
                long a2 = h[hb + 2];
                long a3 = h[hb + 3];
                for (int k = 0; k < qr; k++) {
                    int ql = qLens[k];
                    if (ql == 0) {
                        continue;
                    }
                    int o = (i + k) * fc + j;
                    int b = k * pc + 3;
                    for (int l = 0; l < ql + 3; l++) {
                        out[o + l] += a0 * qp[b + l] + a1 * qp[b + l - 1] + a2 * qp[b + l - 2] + a3 * qp[b + l - 3];
                    }
                }
            }
            for (; j < len; j++) {
                long a = h[i * hc + j];
                if (a == 0) {
                    continue;
                }
                for (int k = 0; k < qr; k++) {
                    int o = (i + k) * fc + j;
                    int qo = k * qc;
                    int ql = qLens[k];
                    for (int l = 0; l < ql; l++) {
                        out[o + l] += a * q[qo + l];
                    }
                }
            }
        }
    }

    /**
     * A bound on |h q - f|_inf: |f|_inf + min(|h|_1 |q|_inf, |h|_inf |q|_1) (each coefficient of h q
     * is a sum of products of one coefficient of h and one of q, each coefficient of either used at
     * most once), q's coefficients in c.
     */
    private static BigInteger productBound(BigInteger[] c, BigInteger hNorm1, BigInteger hNormInf, BigInteger fNormInf) {
        BigInteger qNorm1 = BigInteger.ZERO;
        BigInteger qNormInf = BigInteger.ZERO;
        for (BigInteger v : c) {
            qNorm1 = qNorm1.add(v.abs());
            qNormInf = qNormInf.max(v.abs());
        }
        return fNormInf.add(hNorm1.multiply(qNormInf).min(hNormInf.multiply(qNorm1)));
    }

    /**
     * The quotient's proof modulo 2^64: h q - f computed in wrapping long arithmetic on the low 64
     * bits (two's complement) of every coefficient is h q - f mod 2^64, exactly, in one pass of
     * O(terms(h) terms(q)) word products ({@link #productMinusExact}, whose overflow is here the
     * reduction). Zero, with h q = f modulo the odd M of the primes (the products mod p), gives
     * h q = f modulo 2^64 M; so 2^64 M &gt; 2 B (B &gt;= |h q - f|_inf) proves h q = f over Z with
     * about 64 bits, two or three primes, fewer of the quotient's images (at d = 20, 64 bits: the
     * quotient's own three primes, no product over Z). Non-zero proves nothing but that the lift
     * is not yet the quotient (more primes).
     */
    static final class LowWords {
        /** The bits of modulus this check adds to the primes'. */
        static final int BITS = 64;

        private LowWords() {
        }

        /** Whether h q - f = 0 mod 2^64 (layouts of {@link #productMinusExact}); out: scratch of the size of f. */
        static boolean productMinusIsZero(BigInteger[] h, int hr, int hc, int[] hl, BigInteger[] q, int qr, int qc,
                BigInteger[] f, long[] out) {
            productMinusExact(low(h), hr, hc, hl, low(q), qr, qc, low(f), out);
            for (int t = 0, n = f.length; t < n; t++) {
                if (out[t] != 0) {
                    return false;
                }
            }
            return true;
        }

        /** Each v mod 2^64 as a long (the low 64 bits of its two's complement). */
        static long[] low(BigInteger[] v) {
            long[] w = new long[v.length];
            for (int i = 0; i < v.length; i++) {
                w[i] = v[i].longValue();
            }
            return w;
        }
    }

    /**
     * The quotient's proof modulo the primes (once by check points, now by a product mod p with
     * {@link LowWords}) is chosen where the bound on h q - f needs at most about this many bits of
     * modulus beyond the quotient's own lift and the 64 bits of {@link LowWords} ... Was 25 (one
     * prime) while each further prime lifted the candidate to BigInteger again and the products
     * mod p had no 2^64; with both, measured (2026-11-26, {@code BivariateGcdProfile modes}, one
     * JVM, thread CPU, one thread, FLINT's inputs, load 7-9; mode 4 = products mod p with
     * LowWords, against the product over Z): 0.65x at d = 20, 128 bits, 0.53x at 256 bits, 0.80x at
     * 512 bits, 1.13x at 1,024 bits; 0.74x at d = 24, 256 bits. So 512: up to about 20 primes more
     * than the quotient's own.
     */
    static final int CHECK_POINTS_EXTRA_BITS = 512;

    /**
     * ... and deg_y f is at most this. Chosen for the check points (about deg_y h evaluations of f
     * per prime, O(d^3) in all, against the product over Z, O(d^2) words times a logarithm):
     * measured (thread CPU time, FlintBivariateInputs' rows, 2-core VM under load) points / product
     * 0.60-0.65 at d = 20 (16 and 32 bits), 1.07 at d = 30, 1.5 at d = 40, 2.3 at d = 100 (16
     * bits). The product mod p that replaced the check points (O(d^4) word products per prime,
     * but no mulmod in the loop), measured again against the product over Z (2026-11-26, one JVM,
     * thread CPU time, load 35-50): mod p / over Z 0.44 at d = 20, 1.09 at d = 30 (16 bits), 1.9
     * at d = 30 (64 bits), 1.4-1.8 at d = 40 (16 and 64 bits), 1.4-1.6 at d = 60 (16 bits): it
     * does not pay above 24, so the cut-off stays. With {@link LowWords} and the candidate kept
     * between primes (2026-11-26, seventh round): 0.92x at d = 30, 64 bits, 1.12x at d = 40, 64
     * bits, 1.02-1.08x at d = 40, 256 bits: it stays. The quotient's proof in words ({@link Words})
     * has its own, {@link #WORDS_MAX_DEGREE}.
     */
    static final int CHECK_POINTS_MAX_DEGREE = 24;

    /**
     * The quotient's proof in words ({@link Words}) is taken up to this deg_y f where the
     * coefficients and the bound fit a long; above, the product over Z. Measured (2026-11-26,
     * 16 bits, the CPU time of all the JVM's threads, since the product over Z runs partly on a
     * worker pool; load 3-4): words / product over Z 0.55-0.60 at d = 30, 0.66-0.71 at d = 60,
     * 0.75 at d = 70, 1.07 at d = 80, 1.08 at d = 90, 1.2 at d = 100 (on one thread: 0.66 at d = 60,
     * 0.94 at d = 80, 1.3 at d = 100). O(terms(h) terms(q)) word products against a product of
     * about (deg_x f + 1)(deg_y f + 1) words by transforms: BENCHMARKS.md, sixth round.
     */
    static final int WORDS_MAX_DEGREE = 72;

    /**
     * Tests only: the quotient's proof, 0 chosen by size, 1 products mod p and the bound, 2 the
     * exact product, 3 words wherever they fit (else the exact product), 4 products mod p with
     * {@link LowWords} and the bound.
     */
    static volatile int quotientProofForTests;

    // h(x, a) mod p into ha (the powers of a into pw); false when lc_x h(a) vanishes
    private static boolean evaluateH(long[] hp, int hr, int hc, int[] hl, long a, long[] pw, long p, double pInv, long[] ha) {
        long v = 1;
        for (int j = 0; j < hc; j++) {
            pw[j] = v;
            v = BivariateKernels.mulmod(v, a, p, pInv);
        }
        BivariateKernels.evaluateRows(hp, hr, hc, hl, pw, p, ha);
        return ha[hr - 1] != 0;
    }

    /**
     * The values F(x, a) mod p (x-coefficients) at the points the gcd's images evaluated, per
     * prime, so that the proof's quotient F / H reuses them instead of evaluating F again at
     * other points.
     */
    static final class Evaluations {
        private final java.util.Map<Long, Points> byPrime = new java.util.HashMap<>();
        private final java.util.Map<Long, long[]> residuesByPrime = new java.util.HashMap<>();
        /** F's coefficients as {@link #flat} lays them out (null: the quotient flattens F itself). */
        final BigInteger[] flat;

        Evaluations() {
            this(null);
        }

        Evaluations(BigInteger[] flat) {
            this.flat = flat;
        }

        void add(long p, long a, long[] values) {
            byPrime.computeIfAbsent(p, k -> new Points()).add(a, values.clone());
        }

        /** Keeps F mod p (the layout of {@link #flat}), so that the quotient does not project F again. */
        void residues(long p, long[] fp) {
            residuesByPrime.put(p, fp);
        }

        /**
         * F mod p as {@link #residues(long, long[])} kept it, or from the gcd's {@link Residues}
         * when p is a prime of its current batch ({@link #from}), or null.
         */
        long[] residues(long p) {
            long[] r = residuesByPrime.get(p);
            if (r == null && source != null) {
                r = source.residuesIfCurrent(sourceVector, p);
                if (r != null) {
                    residuesByPrime.put(p, r);
                }
            }
            return r;
        }

        private Residues source;
        private int sourceVector;

        /** F is vector v of the gcd's r (the layout of {@link #flat}): its limbs and its current batch's residues are reused. */
        Evaluations from(Residues r, int v) {
            this.source = r;
            this.sourceVector = v;
            return this;
        }

        private long[] words;
        private boolean wordsDone;

        /** Sets {@link #words()} to w, {@link #flat} as longs (null: a coefficient does not fit). */
        Evaluations words(long[] w) {
            words = w;
            wordsDone = true;
            return this;
        }

        /** {@link #flat} as longs ({@link Words#of(BigInteger[])}, made once), or null when a coefficient does not fit. */
        long[] words() {
            if (!wordsDone) {
                words = flat == null ? null : Words.of(flat);
                wordsDone = true;
            }
            return words;
        }

        /** F's limbs from the gcd's {@link Residues}, or null. */
        LimbVector limbs() {
            return source == null ? null : source.limbs(sourceVector);
        }

        Points at(long p) {
            return byPrime.get(p);
        }

        static final class Points {
            private final List<Long> nodes = new ArrayList<>();
            private final List<long[]> values = new ArrayList<>();
            private final Set<Long> set = new HashSet<>();

            void add(long a, long[] v) {
                if (set.add(a)) {
                    nodes.add(a);
                    values.add(v);
                }
            }

            int size() {
                return nodes.size();
            }

            long node(int i) {
                return nodes.get(i);
            }

            long[] values(int i) {
                return values.get(i);
            }

            boolean contains(long a) {
                return set.contains(a);
            }
        }
    }

    /**
     * The primes below 2^26 in {@link PrimeStream}'s order with the residues of fixed integer
     * vectors modulo the current one: each vector unpacked once into two's complement limbs
     * ({@link LimbVector}), then projected by one {@link CrtBasis} per batch of two primes
     * ({@link CrtBasis#projectAllSigned}), and only when {@link #residues} asks for it (a vector
     * not needed modulo a batch's primes is never projected, one never needed never unpacked). Batches of two: most runs need 2 to
     * 5 primes, and a larger batch projects primes never used.
     */
    private static final class Residues {
        private static final int BATCH = 2;
        private int produced; // primes handed out in batches so far
        private final BigInteger[][] values;
        private final LimbVector[] vectors; // unpacked on first use
        private final int[] cols; // 0: the whole vector; else rows of cols entries, cut at lens
        private final int[][] lens;
        private final long[][] residues;
        private final long[][] words; // vector v as longs (null: unpacked into limbs and projected)
        private CrtBasis basis;
        private long[] primes;
        private int next;

        Residues(BigInteger[]... vectors) {
            this.values = vectors;
            this.vectors = new LimbVector[vectors.length];
            this.cols = new int[vectors.length];
            this.lens = new int[vectors.length][];
            this.residues = new long[vectors.length][];
            this.words = new long[vectors.length][];
        }

        /**
         * Vector v is w in longs (the same layout; null: not in words): its residues by one
         * {@link #reduce} per entry instead of the limbs' projection. Before the first
         * {@link #residues} of v.
         */
        Residues words(int v, long[] w) {
            words[v] = w;
            return this;
        }

        /**
         * Vector v holds rows of c entries of which only the first lens[i] of row i may be non-zero
         * (the flattened coefficients of a dense polynomial of total degree d: half zero): only those
         * are unpacked and projected, and {@link #residues} puts them back in place. Before the
         * first {@link #residues} of v.
         */
        Residues cut(int v, int c, int[] rowLens) {
            cols[v] = c;
            lens[v] = rowLens;
            return this;
        }

        /** The next prime; its residues by {@link #residues}. */
        long next() {
            if (primes == null || next == primes.length) {
                primes = GcdPrimes.primes(produced, BATCH);
                produced += BATCH;
                basis = GcdPrimes.basis(primes);
                java.util.Arrays.fill(residues, null);
                next = 0;
            }
            return primes[next++];
        }

        /** Vector v modulo the current prime, a new array. */
        long[] residues(int v) {
            return residuesAt(v, next - 1);
        }

        /**
         * Vector v modulo p if p is a prime of the current batch (projected already, or now from
         * the unpacked limbs), else null: the gcd's projections of F and G serve the quotients'
         * first primes.
         */
        long[] residuesIfCurrent(int v, long p) {
            if (primes == null) {
                return null;
            }
            for (int i = 0; i < primes.length; i++) {
                if (primes[i] == p) {
                    return residuesAt(v, i);
                }
            }
            return null;
        }

        /** Vector v unpacked into limbs (on first use), to share with another Residues of the same vector and cut. */
        LimbVector limbs(int v) {
            if (vectors[v] == null) {
                vectors[v] = LimbVector.of(cols[v] == 0 ? values[v] : compact(values[v], cols[v], lens[v]));
            }
            return vectors[v];
        }

        /** Vector v's limbs as {@link #limbs} of a Residues of the same vector and cut gave them (not unpacked again). */
        Residues unpacked(int v, LimbVector x) {
            vectors[v] = x;
            return this;
        }

        private long[] residuesAt(int v, int index) {
            if (words[v] != null) {
                long[] w = words[v];
                long p = primes[index];
                double pInv = 1.0 / p;
                long[] out = new long[w.length];
                if (cols[v] == 0) {
                    for (int i = 0; i < w.length; i++) {
                        out[i] = reduce(w[i], p, pInv);
                    }
                } else {
                    for (int i = 0; i < lens[v].length; i++) {
                        for (int j = i * cols[v], end = j + lens[v][i]; j < end; j++) {
                            out[j] = reduce(w[j], p, pInv);
                        }
                    }
                }
                return out;
            }
            LimbVector x = limbs(v);
            int n = x.count();
            if (residues[v] == null) {
                residues[v] = new long[primes.length * n];
                basis.projectAllSigned(x.limbs(), n, x.limbsPerValue(), residues[v]);
            }
            if (cols[v] == 0) {
                return java.util.Arrays.copyOfRange(residues[v], index * n, (index + 1) * n);
            }
            long[] out = new long[values[v].length];
            int from = index * n;
            for (int i = 0; i < lens[v].length; i++) {
                System.arraycopy(residues[v], from, out, i * cols[v], lens[v][i]);
                from += lens[v][i];
            }
            return out;
        }

        private static BigInteger[] compact(BigInteger[] flat, int c, int[] rowLens) {
            int n = 0;
            for (int l : rowLens) {
                n += l;
            }
            BigInteger[] out = new BigInteger[n];
            int k = 0;
            for (int i = 0; i < rowLens.length; i++) {
                System.arraycopy(flat, i * c, out, k, rowLens[i]);
                k += rowLens[i];
            }
            return out;
        }
    }

    /**
     * w mod p in [0, p) for |w| &lt; 2^62 and 2^20 &lt;= p &lt; 2^26 (pInv = 1 / p): the quotient
     * w / p by one double product is within 2^-9 of the true one (its relative error below 2^-51,
     * the quotient below 2^42), and truncated towards zero, so the remainder is in (-2p, 2p): at
     * most two corrections; smaller p by {@link Math#floorMod}.
     */
    static long reduce(long w, long p, double pInv) {
        if (p < 1 << 20) {
            return Math.floorMod(w, p);
        }
        long r = w - (long) (w * pInv) * p;
        if (r < 0) {
            r += p;
            r += (r >> 63) & p;
        } else if (r >= p) {
            r -= p;
            r -= r >= p ? p : 0;
        }
        return r;
    }

    private static BigInteger[] flat(ZZBivariate f, int cols) {
        return Flat.of(f, cols, false).big();
    }

    /**
     * f's coefficients row by row (rows of cols entries, zero-padded): as BigIntegers, and as longs
     * when every coefficient fits in 62 bits ({@link Words#MAX_BOUND}; else words is null). One pass
     * that reads each row's coefficient array once; the 62-bit test is f's cached bit length, not one
     * per coefficient. O(terms); the gcd and its quotients' proof take both from here.
     */
    record Flat(BigInteger[] big, long[] words) {
        static Flat of(ZZBivariate f, int cols, boolean inWords) {
            int rows = f.degreeX() + 1;
            BigInteger[] v = new BigInteger[rows * cols];
            long[] w = inWords && f.maxCoefficientBits() <= 62 ? new long[rows * cols] : null;
            for (int i = 0; i < rows; i++) {
                BigInteger[] row = f.coefficientInX(i).coefficients();
                int n = Math.min(row.length, cols);
                System.arraycopy(row, 0, v, i * cols, n);
                java.util.Arrays.fill(v, i * cols + n, (i + 1) * cols, BigInteger.ZERO);
                if (w != null) {
                    for (int j = 0; j < n; j++) {
                        w[i * cols + j] = row[j].longValue(); // the tail stays 0
                    }
                }
            }
            return new Flat(v, w);
        }
    }

    /**
     * The options of the gcd's inner operations (univariate gcds in Z[y], products over Z): the
     * caller's thread count and backend, nothing else (their own progress events and seeds would
     * mislead the gcd's listener and report). One thread means the caller's thread only.
     */
    private static Options innerOptions(Options options) {
        return Options.defaults().withThreads(options.threads()).withBackend(options.backend());
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
