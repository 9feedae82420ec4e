package org.modalg.modular.poly;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.ZpField;
import org.modalg.modular.CrtAccumulator;
import org.modalg.modular.GfPrimes;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.MultiCrt;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.image.GcdImages;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.PolyGcdZp;
import org.modalg.modular.loop.Combiner;
import org.modalg.modular.loop.GarnerCombiner;
import org.modalg.modular.loop.ImageBatch;
import org.modalg.modular.loop.ImageTask;
import org.modalg.modular.loop.MultimodularLoop;
import org.modalg.modular.loop.PrimeSupply;
import org.modalg.modular.loop.ProductTreeCombiner;
import org.modalg.modular.loop.StoppingRule;
import org.modalg.modular.loop.UnluckyPrimes;
import org.modalg.polynomial.gf.PolyDivGf;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Greatest common divisor of polynomials over Z by modular methods (Brown 1971, Collins;
 * von zur Gathen and Gerhard, Modern Computer Algebra, section 6.7).
 *
 * <p>Conventions: the gcd has a positive leading coefficient; gcd(0, 0) = 0; gcd(f, 0) = ±f;
 * the gcd of two non-zero constants is their non-negative integer gcd; in general
 * gcd(f, g) = gcd(cont f, cont g) * gcd(pp f, pp g), the contents handled over Z. Cofactors
 * f / gcd and g / gcd come with every result ({@link GcdResult}): they are a by-product of the
 * proof.
 *
 * <p>Routes ({@link Options#route()}):
 * <ul>
 *   <li>{@link Route#CRT} ({@link #gcdModular}): for primitive F, G with gamma = gcd(lc F, lc G),
 *   each prime p &lt; 2^26 not dividing gamma (those are skipped) gives h_p = gamma times the
 *   monic gcd of F mod p and G mod p (Euclid, {@link PolyGcdZp}), and the cofactor images
 *   F_p / h_p and G_p / h_p times gamma. A prime whose image has a larger degree than the
 *   smallest seen is unlucky: it divides a subresultant of F and G, its image is discarded
 *   and counted in the report; an image of smaller degree proves every earlier prime unlucky
 *   and restarts the accumulation. Images are combined by {@link CrtAccumulator} (symmetric
 *   lift).</li>
 *   <li>{@link Route#BIG_PRIME} ({@link #gcdBigPrime}): the same images in a generalized Fermat
 *   field, the smallest {@link GfPreset} beyond an estimate of the size of h times its
 *   cofactor (bits of gamma + bits of F and G + log2 of the degree + 8); if the proof then
 *   fails, the next larger preset is added by CRT. A prime of hundreds of bits divides a
 *   subresultant with negligible probability, so it almost never needs a retry.</li>
 *   <li>{@link Route#AUTO}: the CRT route. Measured on the benchmark inputs (modular/BENCHMARKS.md),
 *   one Euclid step in a generalized Fermat field costs far more than the word-size steps it
 *   replaces (a k-digit multiplication against k word multiplications, plus carries), so the
 *   big-prime route is slower at every size measured.</li>
 * </ul>
 *
 * <p>Termination ({@link Proof}). {@link Proof#COFACTOR_BOUND} (the default, as in fast
 * libraries): with M the product of the primes, the lifted h, a = gamma F / h and
 * b = gamma G / h satisfy h a = gamma F and h b = gamma G modulo M; once
 * ||h||_inf ||a||_inf min(len h, len a) &lt; M/2 and ||gamma F||_inf &lt; M/2 (and the same for b
 * and G) the congruences are equalities over Z, so h divides gamma F and gamma G, and pp(h) is
 * a common divisor of F and G; its degree is at least that of the gcd (p does not divide
 * gamma), so pp(h) is the gcd. That is a proof, checked on bit lengths only.
 * {@link Proof#TRIAL_DIVISION}: accumulate h alone, stop when one more prime leaves it
 * unchanged, then prove pp(h) by exact division of F and G over Z (Gauss's lemma: a primitive
 * common divisor of maximal degree is the gcd); the division gives the cofactors. Every result
 * is proven: {@link Certification#PROBABILISTIC} is ignored (a stability check would need about
 * as many primes as the multiplication check of the cofactor-bound proof, and could be fooled
 * by unlucky primes), so the report says {@link Certification#PROVEN}.
 *
 * <p>Cost: O(d^2) operations per prime (Euclid and the two cofactor divisions, vectorized on
 * doubles by {@link PolyGcdDouble}) for degree d; the number of primes is about (bits of the
 * inputs + 12) / 25 when the multiplication check proves the first lift (see
 * the rule {@code LiftedCofactorProof}), up to (bits of gamma F) / 25 for the norm bound, plus the unlucky
 * ones. Images run in parallel over {@link Options#threads()}.
 *
 * <p>Every route is one run of the {@link MultimodularLoop}: images through the options'
 * {@link ImageEngine} (the gcd and cofactors modulo a batch of primes, or in generalized Fermat
 * fields), the degree rule of {@link UnluckyPrimes}, a {@link ProductTreeCombiner} (cofactor
 * bound, lifted) or {@link GarnerCombiner} (trial division, big prime), and the proof as the
 * {@link StoppingRule}. Report phases: contents, images, crt (combining and the proof), finish.
 */
public final class PolynomialGcd {
    /** How the modular GCD proves its result (see the class comment). */
    public enum Proof {
        /** Accumulate h and both cofactors; stop when the norm bound shows h a = gamma F over Z. */
        COFACTOR_BOUND,
        /** Accumulate h only; stop when it is stable and divides F and G exactly over Z. */
        TRIAL_DIVISION
    }

    /** The CRT route's primes: below 2^26, where the vectorized double kernels run ({@link PolyGcdDouble}). */
    private static final long PRIME_BOUND = PolyGcdDouble.PRIME_BOUND;

    private PolynomialGcd() {
    }

    /** gcd(f, g) with default options (route AUTO, proven). */
    public static ZZPoly gcd(ZZPoly f, ZZPoly g) {
        return gcd(f, g, Options.defaults()).value().gcd();
    }

    /**
     * gcd(f, g) and the cofactors, by the route of the options (AUTO: CRT), with the report.
     *
     * @throws IllegalArgumentException if an argument is null
     * @throws CancelledException if the options' cancellation check fires between primes
     */
    public static ModularResult<GcdResult> gcd(ZZPoly f, ZZPoly g, Options options) {
        checkNotNull(options, "options");
        if (options.route() == Route.BIG_PRIME) {
            return gcdBigPrime(f, g, options);
        }
        return run(f, g, options, Route.CRT, Proof.COFACTOR_BOUND);
    }

    /** gcd(f, g) and the cofactors and report, with the cofactors as a separate name for clarity. */
    public static ModularResult<GcdResult> gcdWithCofactors(ZZPoly f, ZZPoly g) {
        return gcd(f, g, Options.defaults());
    }

    /** The CRT route with the cofactor-bound proof. */
    public static ModularResult<GcdResult> gcdModular(ZZPoly f, ZZPoly g, Options options) {
        return gcdModular(f, g, options, Proof.COFACTOR_BOUND);
    }

    /** The CRT route with the given proof. */
    public static ModularResult<GcdResult> gcdModular(ZZPoly f, ZZPoly g, Options options, Proof proof) {
        checkNotNull(options, "options");
        checkNotNull(proof, "proof");
        return run(f, g, options, Route.CRT, proof);
    }

    /** The big-prime route (generalized Fermat fields), cofactor-bound proof. */
    public static ModularResult<GcdResult> gcdBigPrime(ZZPoly f, ZZPoly g, Options options) {
        checkNotNull(options, "options");
        return run(f, g, options, Route.BIG_PRIME, Proof.COFACTOR_BOUND);
    }

    // ------------------------------------------------------------------ driver

    private static ModularResult<GcdResult> run(ZZPoly f, ZZPoly g, Options options, Route route,
                                                Proof proof) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        ModularReport.Builder report = ModularReport.builder("polynomial gcd").route(route);
        long t0 = System.nanoTime();
        if (f.isZero() || g.isZero()) {
            GcdResult r;
            if (f.isZero() && g.isZero()) {
                r = new GcdResult(ZZPoly.ZERO, ZZPoly.ZERO, ZZPoly.ZERO);
            } else if (f.isZero()) {
                r = new GcdResult(SubresultantPrs.normalizeSign(g), ZZPoly.ZERO, sign(g));
            } else {
                r = new GcdResult(SubresultantPrs.normalizeSign(f), sign(f), ZZPoly.ZERO);
            }
            report.field("-").note("a zero input: no primes needed").certification(Certification.PROVEN, "trivial");
            report.phaseSince("total", t0);
            return new ModularResult<>(r, report.build());
        }
        BigInteger cf = f.content();
        BigInteger cg = g.content();
        BigInteger d = cf.gcd(cg);
        ZZPoly pf = f.primitivePart();
        ZZPoly pg = g.primitivePart();
        long t1 = report.phaseSince("contents", t0);
        ZZPoly[] hab;
        if (pf.degree() == 0 || pg.degree() == 0) {
            hab = new ZZPoly[] {ZZPoly.ONE, pf, pg};
            report.field("-").note("a constant primitive part: the gcd is the gcd of the contents")
                    .certification(Certification.PROVEN, "trivial");
        } else {
            hab = modular(pf, pg, options, report, route, proof);
        }
        t1 = System.nanoTime(); // the loop's time went to its phases (images, crt)
        // f = sign(lc f) cf pf, pf = H A: f / (d H) = sign(lc f) (cf / d) A
        ZZPoly gcd = hab[0].multiply(d);
        BigInteger sf = cf.divide(d).multiply(BigInteger.valueOf(f.leadingCoefficient().signum()));
        BigInteger sg = cg.divide(d).multiply(BigInteger.valueOf(g.leadingCoefficient().signum()));
        GcdResult r = new GcdResult(gcd, hab[1].multiply(sf), hab[2].multiply(sg));
        report.phaseSince("finish", t1);
        return new ModularResult<>(r, report.build());
    }

    private static ZZPoly sign(ZZPoly f) {
        return ZZPoly.constant(BigInteger.valueOf(f.leadingCoefficient().signum()));
    }

    // ------------------------------------------------------------------ the modular routes

    /**
     * {H, A, B} for primitive F, G of positive degree: H = gcd(F, G) primitive with positive lc,
     * A = F / H, B = G / H. One {@link MultimodularLoop} run: images h_p = gamma * monic
     * gcd(F_p, G_p) and the cofactors F_p / gcd, G_p / gcd through the options' image engine,
     * the degree rule for unlucky primes ({@link UnluckyPrimes#byDegree}), and the proof of the
     * route as stopping rule.
     */
    private static ZZPoly[] modular(ZZPoly pf, ZZPoly pg, Options options, ModularReport.Builder report, Route route,
                                    Proof proof) {
        BigInteger gamma = pf.leadingCoefficient().gcd(pg.leadingCoefficient());
        MultimodularLoop loop = new MultimodularLoop(options, report);
        boolean cofactors = proof == Proof.COFACTOR_BOUND;
        Images images = new Images(pf, pg, gamma, cofactors);
        UnluckyPrimes unlucky = UnluckyPrimes.byDegree(images::width);
        String words = "word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS;
        PrimeStream stream = PrimeStream.below(PRIME_BOUND, gamma);
        PrimeSupply supply;
        Combiner combiner;
        StoppingRule<ZZPoly[]> rule;
        if (route == Route.BIG_PRIME) {
            supply = PrimeSupply.fieldsThen(bigPrimeOrder(pf, pg, gamma, report), PrimeSupply.stream(stream, words));
            combiner = new GarnerCombiner(0);
            rule = new CofactorBound(pf, pg, gamma, unlucky, Math.max(CHUNK, loop.threads()));
        } else if (cofactors) {
            supply = PrimeSupply.stream(stream, words);
            combiner = new ProductTreeCombiner(0, loop.options());
            rule = new LiftedCofactorProof(pf, pg, gamma, unlucky);
        } else {
            supply = PrimeSupply.stream(stream, words);
            combiner = new GarnerCombiner(0);
            rule = new TrialDivision(pf, pg, unlucky, loop.threads());
        }
        ZZPoly[] hab = loop.run(images, supply, combiner, unlucky, rule);
        List<Long> skipped = stream.skipped();
        for (long p : skipped) {
            report.skipped(p);
        }
        if (!skipped.isEmpty()) {
            report.note(skipped.size() + " prime(s) skipped for dividing gcd(lc f, lc g): " + skipped);
        }
        return hab;
    }

    /**
     * The big-prime route's presets: the smallest beyond an estimate of the size of h times a
     * cofactor (bits of gamma + bits of F, G + log2 degree + 8), then the larger ones (largest
     * first when none is large enough); presets dividing gamma are skipped.
     */
    private static List<GfPreset> bigPrimeOrder(ZZPoly pf, ZZPoly pg, BigInteger gamma, ModularReport.Builder report) {
        int bits = gamma.bitLength() + Math.max(pf.maxCoefficientBits(), pg.maxCoefficientBits())
                + bitLength(Math.max(pf.degree(), pg.degree()) + 1) + 8;
        GfPreset first = GfPrimes.smallestAbove(BigInteger.ONE.shiftLeft(bits));
        List<GfPreset> order = new ArrayList<>();
        if (first != null) {
            order.add(first);
        }
        for (GfPreset g : GfPrimes.bySize()) {
            if (first == null || GfPrimes.modulus(g).compareTo(GfPrimes.modulus(first)) > 0) {
                order.add(g);
            }
        }
        if (first == null) {
            java.util.Collections.reverse(order); // none large enough: CRT the largest first
        }
        List<GfPreset> usable = new ArrayList<>();
        for (GfPreset preset : order) {
            if (gamma.mod(GfPrimes.modulus(preset)).signum() == 0) {
                report.skipped(GfPrimes.modulus(preset));
                report.note("skipped " + preset + ": it divides gcd(lc f, lc g)");
            } else {
                usable.add(preset);
            }
        }
        return usable;
    }

    /** Primes per wave of the big-prime route's word-size top-up. */
    private static final int CHUNK = 16;
    /** A lift whose values come within this many bits of M/2 is taken as not yet settled. */
    private static final int GUARD_BITS = 8;

    /**
     * The images of one batch, one row per modulus: h = gamma * monic gcd (deg + 1 entries), then,
     * with cofactors, F / monic gcd and G / monic gcd (len F - deg and len G - deg entries).
     */
    private static final class Images implements ImageTask {
        private final ZZPoly pf;
        private final ZZPoly pg;
        private final LimbVector f;
        private final LimbVector g;
        private final BigInteger gamma;
        private final boolean cofactors;

        Images(ZZPoly pf, ZZPoly pg, BigInteger gamma, boolean cofactors) {
            this.pf = pf;
            this.pg = pg;
            this.f = LimbVector.of(pf.coefficients());
            this.g = LimbVector.of(pg.coefficients());
            this.gamma = gamma;
            this.cofactors = cofactors;
        }

        private static ZpField field(long p) {
            return ZpField.of(p);
        }

        /** Entries per row for images of degree deg. */
        int width(int deg) {
            return cofactors ? pf.length() + pg.length() - deg + 1 : deg + 1;
        }

        @Override
        public ImageBatch images(ImageEngine engine, long[] primes) {
            GcdImages im = engine.gcds(f, g, primes, cofactors);
            int lf = pf.length();
            int lg = pg.length();
            long[][] rows = new long[primes.length][];
            int[] degrees = new int[primes.length];
            for (int j = 0; j < primes.length; j++) {
                long p = primes[j];
                int deg = im.degree(j);
                degrees[j] = deg;
                long[] row = new long[width(deg)];
                long gm = gamma.mod(BigInteger.valueOf(p)).longValue();
                for (int i = 0; i <= deg; i++) {
                    row[i] = p < (1L << 31) ? im.gcdCoefficient(j, i) * gm % p : field(p).mul(im.gcdCoefficient(j, i), gm);
                }
                if (cofactors) {
                    System.arraycopy(im.fCofactor(j), 0, row, deg + 1, lf - deg);
                    System.arraycopy(im.gCofactor(j), 0, row, deg + 1 + lf - deg, lg - deg);
                }
                rows[j] = row;
            }
            return ImageBatch.words(primes, rows, degrees);
        }

        @Override
        public ImageBatch images(ImageEngine engine, GfField[] fields) {
            long[][] hs = engine.gcds(f, g, fields);
            BigInteger[] moduli = new BigInteger[fields.length];
            BigInteger[][] rows = new BigInteger[fields.length][];
            int[] degrees = new int[fields.length];
            for (int j = 0; j < fields.length; j++) {
                GfField field = fields[j];
                moduli[j] = field.modulus();
                int k = field.k();
                int hl = hs[j].length / k;
                degrees[j] = hl - 1;
                rows[j] = gfRow(field, hs[j], hl);
            }
            return ImageBatch.big(moduli, rows, degrees);
        }

        /** {gamma h, F / h, G / h} for the monic h of hl coefficients in one field (cofactors by division there). */
        private BigInteger[] gfRow(GfField field, long[] h, int hl) {
            GfArithmetic ar = field.arithmetic();
            int k = field.k();
            int lf = pf.length();
            int lg = pg.length();
            long[] fp = digits(field, pf, Math.max(lf, lg));
            long[] gp = digits(field, pg, Math.max(lf, lg));
            GfArithmetic.Workspace ws = ar.newWorkspace();
            long[] one = field.element(1);
            long[] r = new long[Math.max(lf, lg) * k];
            long[] a = new long[(lf - hl + 1) * k];
            long[] b = new long[(lg - hl + 1) * k];
            if (hl > 1) {
                PolyDivGf.divRemClassical(ar, fp, 0, lf, h, 0, hl, one, 0, a, 0, r, 0, ws);
                PolyDivGf.divRemClassical(ar, gp, 0, lg, h, 0, hl, one, 0, b, 0, r, 0, ws);
            }
            long[] gm = field.element(gamma);
            BigInteger[] row = new BigInteger[width(hl - 1)];
            long[] t = new long[k];
            for (int i = 0; i < hl; i++) {
                ar.mul(h, i * k, gm, 0, t, 0, ws);
                row[i] = field.toBigInteger(t, 0);
            }
            for (int i = 0; i < lf - hl + 1; i++) {
                row[hl + i] = field.toBigInteger(a, i * k);
            }
            for (int i = 0; i < lg - hl + 1; i++) {
                row[hl + lf - hl + 1 + i] = field.toBigInteger(b, i * k);
            }
            return row;
        }

        private static long[] digits(GfField field, ZZPoly p, int len) {
            int k = field.k();
            long[] d = new long[len * k];
            for (int i = 0; i < p.length(); i++) {
                field.fromBigInteger(p.coefficient(i).mod(field.modulus()), d, i * k);
            }
            return d;
        }

        /** {h, a, b} of a lifted row of degree deg. */
        BigInteger[][] split(BigInteger[] row, int deg) {
            BigInteger[] h = java.util.Arrays.copyOfRange(row, 0, deg + 1);
            if (!cofactors) {
                return new BigInteger[][] {h, null, null};
            }
            int na = pf.length() - deg;
            return new BigInteger[][] {h, java.util.Arrays.copyOfRange(row, deg + 1, deg + 1 + na),
                java.util.Arrays.copyOfRange(row, deg + 1 + na, row.length)};
        }
    }

    /** The constant gcd, proven by an image of degree 0, or null. */
    private static ZZPoly[] constantGcd(UnluckyPrimes unlucky, ZZPoly pf, ZZPoly pg, StoppingRule.Run run) {
        if (unlucky.minDegree() != 0) {
            return null;
        }
        run.report().certification(Certification.PROVEN, "an image of degree 0 proves the gcd constant");
        return new ZZPoly[] {ZZPoly.ONE, pf, pg};
    }

    /**
     * The cofactor-bound proof: with M the modulus, h a = gamma F and h b = gamma G hold modulo
     * M; once ||h|| ||a|| min(len) &lt; M/2 and ||gamma F|| &lt; M/2 (and the same for b and G)
     * they hold over Z.
     */
    private static boolean normBoundProves(BigInteger[] hv, BigInteger[] av, BigInteger[] bv, int mBits,
                                           BigInteger gamma, ZZPoly pf, ZZPoly pg) {
        int hBits = maxBits(hv);
        int gBits = gamma.bitLength();
        return hBits + maxBits(av) + bitLength(Math.min(hv.length, av.length)) <= mBits
                && gBits + pf.maxCoefficientBits() <= mBits
                && hBits + maxBits(bv) + bitLength(Math.min(hv.length, bv.length)) <= mBits
                && gBits + pg.maxCoefficientBits() <= mBits;
    }

    /**
     * The CRT route's default stopping rule ({@link Proof#COFACTOR_BOUND}): images modulo primes
     * below 2^26 (vectorized Euclid and exact division on doubles, {@link PolyGcdDouble}) are
     * kept and lifted together by {@link MultiCrt} ({@link ProductTreeCombiner}) only when the
     * product M of the primes may suffice: first when M exceeds 2^(bits of F and G + 12), then
     * each time it has grown by half. A lift is proven by the norm bound when M is large enough
     * for it, otherwise, if its values are well below M/2, by checking h a = gamma F and
     * h b = gamma G with two products over Z (a few ms at degree 1000; it saves the primes that
     * carry gamma F, often half of them).
     */
    private static final class LiftedCofactorProof implements StoppingRule<ZZPoly[]> {
        private final ZZPoly pf;
        private final ZZPoly pg;
        private final BigInteger gamma;
        private final UnluckyPrimes unlucky;
        private long target;

        LiftedCofactorProof(ZZPoly pf, ZZPoly pg, BigInteger gamma, UnluckyPrimes unlucky) {
            this.pf = pf;
            this.pg = pg;
            this.gamma = gamma;
            this.unlucky = unlucky;
            // first try: h and the cofactors no larger than the inputs (the usual case), proven by
            // multiplication; the norm-bound proof needs gBits + inputBits + 2, reached by the growth
            this.target = Math.max(pf.maxCoefficientBits(), pg.maxCoefficientBits()) + GUARD_BITS + 4L;
        }

        @Override
        public int nextWave(StoppingRule.Run run, Combiner combiner, PrimeSupply supply) {
            long want = Math.max(1, (target - combiner.floorBits() + PolyGcdDouble.MAX_PRIME_BITS - 2)
                    / (PolyGcdDouble.MAX_PRIME_BITS - 1));
            return (int) Math.min(Integer.MAX_VALUE, Math.max(want, run.threads()));
        }

        @Override
        public int expected(StoppingRule.Run run, Combiner combiner, PrimeSupply supply) {
            return (int) Math.min(Integer.MAX_VALUE, run.imagesComputed()
                    + Math.max(1, (target - combiner.floorBits()) / (PolyGcdDouble.MAX_PRIME_BITS - 1)));
        }

        @Override
        public ZZPoly[] tryStop(StoppingRule.Run run, Combiner combiner, PrimeSupply supply) {
            ZZPoly[] constant = constantGcd(unlucky, pf, pg, run);
            if (constant != null || combiner.floorBits() < target) {
                return constant;
            }
            ZZPoly[] done = liftAndProve(run, combiner);
            if (done == null) {
                long kept = combiner.floorBits();
                target = Math.max(target + PolyGcdDouble.MAX_PRIME_BITS, kept + kept / 2);
            }
            return done;
        }

        private ZZPoly[] liftAndProve(StoppingRule.Run run, Combiner combiner) {
            int deg = unlucky.minDegree();
            BigInteger[] all = combiner.symmetric();
            int na = pf.length() - deg;
            BigInteger[] hv = java.util.Arrays.copyOfRange(all, 0, deg + 1);
            BigInteger[] av = java.util.Arrays.copyOfRange(all, deg + 1, deg + 1 + na);
            BigInteger[] bv = java.util.Arrays.copyOfRange(all, deg + 1 + na, all.length);
            int mBits = combiner.modulus().bitLength() - 2; // 2^mBits <= M / 2
            String why;
            if (normBoundProves(hv, av, bv, mBits, gamma, pf, pg)) {
                why = "h * cofactor = gcd(lc) * input mod M with M/2 above the product's norm bound ("
                        + (mBits + 2) + "-bit M)";
            } else {
                // M may be too small for the norm bound yet large enough for the lift to be right:
                // then the products h * a = gamma F and h * b = gamma G hold over Z, checked exactly
                if (Math.max(maxBits(hv), Math.max(maxBits(av), maxBits(bv))) > mBits - GUARD_BITS) {
                    return null; // values of about M's size: the lift is not settled
                }
                ZZPoly hh = ZZPoly.of(hv);
                if (!hh.multiply(ZZPoly.of(av)).equals(pf.multiply(gamma))
                        || !hh.multiply(ZZPoly.of(bv)).equals(pg.multiply(gamma))) {
                    return null;
                }
                why = "h * cofactor = gcd(lc) * input checked by multiplication over Z (" + (mBits + 2) + "-bit M)";
            }
            ZZPoly[] r = fromCofactors(ZZPoly.of(hv), av, bv);
            if (r != null) {
                run.report().certification(Certification.PROVEN, why);
            }
            return r;
        }
    }

    /**
     * The big-prime route's stopping rule: one generalized Fermat field per wave (then word-size
     * primes in waves of {@code wordWave}), the lift kept current by incremental Garner, stopped
     * by the norm bound of the cofactor-bound proof.
     */
    private static final class CofactorBound implements StoppingRule<ZZPoly[]> {
        private final ZZPoly pf;
        private final ZZPoly pg;
        private final BigInteger gamma;
        private final UnluckyPrimes unlucky;
        private final int wordWave;
        private boolean noted;

        CofactorBound(ZZPoly pf, ZZPoly pg, BigInteger gamma, UnluckyPrimes unlucky, int wordWave) {
            this.pf = pf;
            this.pg = pg;
            this.gamma = gamma;
            this.unlucky = unlucky;
            this.wordWave = wordWave;
        }

        @Override
        public int nextWave(StoppingRule.Run run, Combiner combiner, PrimeSupply supply) {
            if (supply.fieldsLeft()) {
                return 1;
            }
            if (!noted) {
                noted = true;
                run.report().note("the generalized Fermat presets together (2^" + GfPrimes.productOfAll().bitLength()
                        + ") do not prove the gcd: word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS
                        + " make up the rest");
            }
            return wordWave;
        }

        @Override
        public ZZPoly[] tryStop(StoppingRule.Run run, Combiner combiner, PrimeSupply supply) {
            ZZPoly[] constant = constantGcd(unlucky, pf, pg, run);
            if (constant != null || combiner.count() == 0) {
                return constant;
            }
            int deg = unlucky.minDegree();
            BigInteger[] all = combiner.symmetric();
            int na = pf.length() - deg;
            BigInteger[] hv = java.util.Arrays.copyOfRange(all, 0, deg + 1);
            BigInteger[] av = java.util.Arrays.copyOfRange(all, deg + 1, deg + 1 + na);
            BigInteger[] bv = java.util.Arrays.copyOfRange(all, deg + 1 + na, all.length);
            int mBits = combiner.modulus().bitLength() - 2; // 2^mBits <= M / 2
            if (!normBoundProves(hv, av, bv, mBits, gamma, pf, pg)) {
                return null;
            }
            ZZPoly[] r = fromCofactors(ZZPoly.of(hv), av, bv);
            if (r != null) {
                run.report().certification(Certification.PROVEN, "h * cofactor = gcd(lc) * input mod M with M/2"
                        + " above the product's norm bound (" + (mBits + 2) + "-bit M)");
            }
            return r; // null cannot happen once the bound holds; keep adding primes rather than fail
        }
    }

    /**
     * {@link Proof#TRIAL_DIVISION}: h alone, incremental Garner, waves of one prime per thread;
     * stop when one more prime left h unchanged and pp(h) divides F and G exactly over Z (Gauss's
     * lemma: a primitive common divisor of maximal degree is the gcd).
     */
    private static final class TrialDivision implements StoppingRule<ZZPoly[]> {
        private final ZZPoly pf;
        private final ZZPoly pg;
        private final UnluckyPrimes unlucky;
        private final int wave;

        TrialDivision(ZZPoly pf, ZZPoly pg, UnluckyPrimes unlucky, int wave) {
            this.pf = pf;
            this.pg = pg;
            this.unlucky = unlucky;
            this.wave = Math.max(1, wave);
        }

        @Override
        public int nextWave(StoppingRule.Run run, Combiner combiner, PrimeSupply supply) {
            return wave;
        }

        @Override
        public ZZPoly[] tryStop(StoppingRule.Run run, Combiner combiner, PrimeSupply supply) {
            ZZPoly[] constant = constantGcd(unlucky, pf, pg, run);
            if (constant != null || combiner.count() < 2 || !combiner.agreesOnLast(1)) {
                return constant;
            }
            ZZPoly hh = ZZPoly.of(combiner.symmetric()).primitivePart();
            try {
                ZZPoly qa = pf.divideExact(hh);
                ZZPoly qb = pg.divideExact(hh);
                run.report().certification(Certification.PROVEN, "pp(h) stable and divides both inputs exactly over Z");
                return new ZZPoly[] {hh, qa, qb};
            } catch (ArithmeticException notYet) {
                return null;
            }
        }
    }

    /** {pp(h), a / lc(pp h), b / lc(pp h)}, or null when lc(pp h) does not divide them. */
    private static ZZPoly[] fromCofactors(ZZPoly hh, BigInteger[] av, BigInteger[] bv) {
        ZZPoly big = hh.primitivePart();
        BigInteger lc = big.leadingCoefficient();
        try {
            return new ZZPoly[] {big, ZZPoly.of(av).divideExact(lc), ZZPoly.of(bv).divideExact(lc)};
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static int maxBits(BigInteger[] v) {
        int m = 0;
        for (BigInteger x : v) {
            m = Math.max(m, x.bitLength());
        }
        return m;
    }

    private static int bitLength(int n) {
        return 32 - Integer.numberOfLeadingZeros(n);
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
