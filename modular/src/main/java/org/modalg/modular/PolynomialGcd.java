package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.PolyDivGf;
import org.modalg.polynomial.PolyDivZp;
import org.modalg.polynomial.ZZPoly;

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
 * {@code crtCoreLifted}), up to (bits of gamma F) / 25 for the norm bound, plus the unlucky
 * ones. Images run in parallel over {@link Options#threads()}.
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
        } else if (route == Route.BIG_PRIME) {
            hab = bigPrimeCore(pf, pg, options, report);
        } else if (proof == Proof.COFACTOR_BOUND) {
            hab = crtCoreLifted(pf, pg, options, report);
        } else {
            hab = crtCore(pf, pg, options, report, proof);
        }
        t1 = report.phaseSince("images+proof", t1);
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

    // ------------------------------------------------------------------ CRT route

    /** One image: h = gamma * monic gcd, a = F / monic gcd, b = G / monic gcd (a, b null for trial division). */
    private record Image(long p, int deg, long[] h, long[] a, long[] b) {
    }

    /** {H, A, B}: H = gcd(F, G) primitive with positive lc, A = F / H, B = G / H. */
    private static ZZPoly[] crtCore(ZZPoly pf, ZZPoly pg, Options options, ModularReport.Builder report,
                                    Proof proof) {
        BigInteger gamma = pf.leadingCoefficient().gcd(pg.leadingCoefficient());
        PrimeStream primes = PrimeStream.below(PRIME_BOUND, gamma);
        ZZPolyReducer rf = new ZZPolyReducer(pf);
        ZZPolyReducer rg = new ZZPolyReducer(pg);
        boolean cofactors = proof == Proof.COFACTOR_BOUND;
        int threads = Math.max(1, options.threads());
        int estimate = estimatePrimes(pf, pg, gamma);
        report.field("word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS);
        Accumulation acc = new Accumulation(report);
        int used = 0;
        while (true) {
            options.checkCancelled("between gcd primes");
            long[] batch = primes.next(threads);
            Image[] images = zpImages(batch, rf, rg, gamma, cofactors, threads);
            used += batch.length;
            for (Image im : images) {
                if (im.deg == 0) {
                    recordSkipped(primes, report);
                    report.primesUsed(used).certification(Certification.PROVEN,
                            "an image of degree 0 at p = " + im.p + " proves the gcd constant");
                    return new ZZPoly[] {ZZPoly.ONE, pf, pg};
                }
                acc.add(im.p, im.deg, im.h, im.a, im.b, pf.degree(), pg.degree());
            }
            options.listener().progress("gcd images", used, Math.max(estimate, used + 1));
            ZZPoly[] done = acc.tryFinish(pf, pg, gamma, proof);
            if (done != null) {
                recordSkipped(primes, report);
                report.primesUsed(used);
                options.listener().progress("gcd images", used, used);
                return done;
            }
        }
    }

    /**
     * The CRT route with the cofactor-bound proof (the default): images modulo primes below
     * 2^26 (vectorized Euclid and exact division on doubles, {@link PolyGcdDouble}) are kept
     * and lifted together by {@link MultiCrt} only when the product M of the primes may
     * suffice: first when M exceeds 2^(bits of F and G + 12), then each time it has grown by
     * half. A lift is proven by the norm bound when M is large enough for it, otherwise, if its
     * values are well below M/2, by checking h a = gamma F and h b = gamma G with two products
     * over Z (a few ms at degree 1000; it saves the primes that carry gamma F, often half of
     * them). One lift of all images costs about what one incremental BigInteger Garner step
     * costs per prime.
     */
    private static ZZPoly[] crtCoreLifted(ZZPoly pf, ZZPoly pg, Options options, ModularReport.Builder report) {
        BigInteger gamma = pf.leadingCoefficient().gcd(pg.leadingCoefficient());
        PrimeStream primes = PrimeStream.below(PRIME_BOUND, gamma);
        ZZPolyReducer rf = new ZZPolyReducer(pf);
        ZZPolyReducer rg = new ZZPolyReducer(pg);
        int threads = Math.max(1, options.threads());
        report.field("word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS);
        int gBits = gamma.bitLength();
        int inputBits = Math.max(pf.maxCoefficientBits(), pg.maxCoefficientBits());
        // first try: h and the cofactors no larger than the inputs (the usual case), proven by
        // multiplication; the norm-bound proof needs gBits + inputBits + 2, reached by the growth
        long target = inputBits + GUARD_BITS + 4L;
        List<Image> kept = new ArrayList<>();
        int minDeg = Integer.MAX_VALUE;
        long keptBits = 0;
        int used = 0;
        while (true) {
            options.checkCancelled("between gcd primes");
            int want = (int) Math.max(1, (target - keptBits + PolyGcdDouble.MAX_PRIME_BITS - 2)
                    / (PolyGcdDouble.MAX_PRIME_BITS - 1));
            long[] batch = primes.next(Math.max(want, threads));
            Image[] images = zpImages(batch, rf, rg, gamma, true, threads);
            used += batch.length;
            for (Image im : images) {
                if (im.deg == 0) {
                    recordSkipped(primes, report);
                    report.primesUsed(used).certification(Certification.PROVEN,
                            "an image of degree 0 at p = " + im.p + " proves the gcd constant");
                    return new ZZPoly[] {ZZPoly.ONE, pf, pg};
                }
                if (im.deg > minDeg) {
                    report.unlucky(BigInteger.valueOf(im.p));
                    continue;
                }
                if (im.deg < minDeg) {
                    for (Image old : kept) {
                        report.unlucky(BigInteger.valueOf(old.p));
                    }
                    kept.clear();
                    keptBits = 0;
                    minDeg = im.deg;
                }
                kept.add(im);
                keptBits += 63 - Long.numberOfLeadingZeros(im.p); // floor(log2 p)
            }
            options.listener().progress("gcd images", used, (int) Math.max(used + 1,
                    used + (target - keptBits) / (PolyGcdDouble.MAX_PRIME_BITS - 1)));
            if (keptBits < target) {
                continue;
            }
            ZZPoly[] done = liftAndProve(kept, pf, pg, gamma, threads, report);
            if (done != null) {
                recordSkipped(primes, report);
                report.primesUsed(used);
                options.listener().progress("gcd images", used, used);
                return done;
            }
            target = Math.max(target + PolyGcdDouble.MAX_PRIME_BITS, keptBits + keptBits / 2);
        }
    }

    /** Lifts h and the cofactors from the kept images and applies the cofactor-bound proof; null if it fails. */
    private static ZZPoly[] liftAndProve(List<Image> kept, ZZPoly pf, ZZPoly pg, BigInteger gamma, int threads,
                                        ModularReport.Builder report) {
        int s = kept.size();
        int nh = kept.get(0).h.length;
        int na = kept.get(0).a.length;
        int nb = kept.get(0).b.length;
        int n = nh + na + nb;
        long[] ps = new long[s];
        long[] res = new long[s * n];
        for (int j = 0; j < s; j++) {
            Image im = kept.get(j);
            ps[j] = im.p;
            System.arraycopy(im.h, 0, res, j * n, nh);
            System.arraycopy(im.a, 0, res, j * n + nh, na);
            System.arraycopy(im.b, 0, res, j * n + nh + na, nb);
        }
        BigInteger[] all = MultiCrt.combine(ps, res, n, true, threads);
        BigInteger[] hv = java.util.Arrays.copyOfRange(all, 0, nh);
        BigInteger[] av = java.util.Arrays.copyOfRange(all, nh, nh + na);
        BigInteger[] bv = java.util.Arrays.copyOfRange(all, nh + na, n);
        BigInteger m = BigInteger.ONE;
        for (long p : ps) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        int mBits = m.bitLength() - 2; // 2^mBits <= M / 2
        int hBits = maxBits(hv);
        int gBits = gamma.bitLength();
        boolean okA = hBits + maxBits(av) + bitLength(Math.min(nh, na)) <= mBits
                && gBits + pf.maxCoefficientBits() <= mBits;
        boolean okB = hBits + maxBits(bv) + bitLength(Math.min(nh, nb)) <= mBits
                && gBits + pg.maxCoefficientBits() <= mBits;
        String why;
        if (okA && okB) {
            why = "h * cofactor = gcd(lc) * input mod M with M/2 above the product's norm bound ("
                    + (mBits + 2) + "-bit M)";
        } else {
            // M may be too small for the norm bound yet large enough for the lift to be right:
            // then the products h * a = gamma F and h * b = gamma G hold over Z, checked exactly
            if (Math.max(hBits, Math.max(maxBits(av), maxBits(bv))) > mBits - GUARD_BITS) {
                return null; // values of about M's size: the lift is not settled
            }
            ZZPoly hh = ZZPoly.of(hv);
            if (!hh.multiply(ZZPoly.of(av)).equals(pf.multiply(gamma))
                    || !hh.multiply(ZZPoly.of(bv)).equals(pg.multiply(gamma))) {
                return null;
            }
            why = "h * cofactor = gcd(lc) * input checked by multiplication over Z (" + (mBits + 2) + "-bit M)";
        }
        ZZPoly[] r = Accumulation.fromCofactors(ZZPoly.of(hv), av, bv);
        if (r != null) {
            report.certification(Certification.PROVEN, why);
        }
        return r;
    }

    private static void recordSkipped(PrimeStream primes, ModularReport.Builder report) {
        List<Long> skipped = primes.skipped();
        if (!skipped.isEmpty()) {
            report.note(skipped.size() + " prime(s) skipped for dividing gcd(lc f, lc g): " + skipped);
        }
    }

    /** Rough number of 62-bit primes for h and a cofactor: only for the progress estimate. */
    private static int estimatePrimes(ZZPoly pf, ZZPoly pg, BigInteger gamma) {
        int bits = gamma.bitLength() + Math.max(pf.maxCoefficientBits(), pg.maxCoefficientBits())
                + 32 - Integer.numberOfLeadingZeros(Math.max(pf.degree(), pg.degree()) + 1) + 2;
        return Math.max(1, (bits + PolyGcdDouble.MAX_PRIME_BITS - 2) / (PolyGcdDouble.MAX_PRIME_BITS - 1));
    }

    /** Primes per reduction batch (one {@link CrtBasis} projection of all coefficients). */
    private static final int CHUNK = 16;
    /** A lift whose values come within this many bits of M/2 is taken as not yet settled. */
    private static final int GUARD_BITS = 8;

    /**
     * The images for a batch of primes: the coefficients reduced modulo a chunk of primes at
     * once ({@link ZZPolyReducer#reduceAll}), chunks spread over the threads.
     */
    private static Image[] zpImages(long[] batch, ZZPolyReducer rf, ZZPolyReducer rg, BigInteger gamma,
                                    boolean cofactors, int threads) {
        Image[] images = new Image[batch.length];
        int chunks = (batch.length + CHUNK - 1) / CHUNK;
        int lf = rf.length();
        int lg = rg.length();
        int n = Math.max(lf, lg);
        PrimeWorkers.run(chunks, threads, c -> {
            int from = c * CHUNK;
            int to = Math.min(batch.length, from + CHUNK);
            CrtBasis basis = CrtBasis.of(java.util.Arrays.copyOfRange(batch, from, to));
            long[] fAll = new long[(to - from) * lf];
            long[] gAll = new long[(to - from) * lg];
            rf.reduceAll(basis, fAll);
            rg.reduceAll(basis, gAll);
            for (int j = 0; j < to - from; j++) {
                long[] x = new long[n];
                long[] y = new long[n];
                System.arraycopy(fAll, j * lf, x, 0, lf);
                System.arraycopy(gAll, j * lg, y, 0, lg);
                images[from + j] = zpImage(batch[from + j], x, y, lf, lg, gamma, cofactors);
            }
        });
        return images;
    }

    /** One image from f mod p in x[0..lf) and g mod p in y[0..lg) (both arrays of length max(lf, lg), overwritten). */
    private static Image zpImage(long p, long[] x, long[] y, int lf, int lg, BigInteger gamma, boolean cofactors) {
        ZpField field = ZpField.of(p);
        int n = Math.max(lf, lg);
        long[] fp = cofactors ? x.clone() : null;
        long[] gp = cofactors ? y.clone() : null;
        long[] h = new long[n];
        int hl = PolyGcdZp.gcd(field, x, lf, y, lg, h);
        int deg = hl - 1;
        long[] a = null;
        long[] b = null;
        if (cofactors && deg > 0) {
            a = new long[lf - hl + 1];
            b = new long[lg - hl + 1];
            if (PolyGcdZp.usesDoubles(field)) {
                PolyGcdDouble.divideExact(p, fp, lf, h, hl, a);
                PolyGcdDouble.divideExact(p, gp, lg, h, hl, b);
            } else {
                long[] r = new long[n];
                PolyDivZp.divRem(field, fp, 0, lf, h, 0, hl, a, 0, r, 0);
                PolyDivZp.divRem(field, gp, 0, lg, h, 0, hl, b, 0, r, 0);
            }
        }
        long gm = field.reduce(gamma);
        long[] hs = new long[hl];
        field.scaleVec(h, 0, gm, hs, 0, hl);
        return new Image(p, deg, hs, a, b);
    }

    /**
     * The accumulation shared by both routes: degree bookkeeping (unlucky primes), the CRT of h
     * and the cofactors, and the termination test.
     */
    private static final class Accumulation {
        private final ModularReport.Builder report;
        private final List<BigInteger> inUse = new ArrayList<>();
        private int minDeg = Integer.MAX_VALUE;
        private CrtAccumulator h;
        private CrtAccumulator a;
        private CrtAccumulator b;
        private boolean lastChanged;

        Accumulation(ModularReport.Builder report) {
            this.report = report;
        }

        /** Word-size image; a and b may be null (trial division). */
        void add(long p, int deg, long[] hImg, long[] aImg, long[] bImg, int degF, int degG) {
            if (!admit(BigInteger.valueOf(p), deg, degF, degG, aImg != null)) {
                return;
            }
            boolean changed = h.add(p, hImg);
            if (aImg != null) {
                changed |= a.add(p, aImg);
                changed |= b.add(p, bImg);
            }
            note(changed);
        }

        /** Big-prime image. */
        void add(BigInteger p, int deg, BigInteger[] hImg, BigInteger[] aImg, BigInteger[] bImg, int degF, int degG) {
            if (!admit(p, deg, degF, degG, true)) {
                return;
            }
            boolean changed = h.add(p, hImg);
            changed |= a.add(p, aImg);
            changed |= b.add(p, bImg);
            note(changed);
        }

        private void note(boolean changed) {
            lastChanged = changed;
        }

        private boolean admit(BigInteger p, int deg, int degF, int degG, boolean cofactors) {
            if (deg > minDeg) {
                report.unlucky(p);
                return false;
            }
            if (deg < minDeg) {
                for (BigInteger q : inUse) {
                    report.unlucky(q);
                }
                inUse.clear();
                minDeg = deg;
                h = new CrtAccumulator(deg + 1);
                if (cofactors) {
                    a = new CrtAccumulator(degF - deg + 1);
                    b = new CrtAccumulator(degG - deg + 1);
                }
            }
            inUse.add(p);
            return true;
        }

        /** {H, A, B} when the run may stop, else null. */
        ZZPoly[] tryFinish(ZZPoly pf, ZZPoly pg, BigInteger gamma, Proof proof) {
            if (h == null) {
                return null;
            }
            BigInteger[] hv = h.symmetric();
            if (proof == Proof.TRIAL_DIVISION) {
                if (inUse.size() < 2 || lastChanged) {
                    return null;
                }
                ZZPoly hh = ZZPoly.of(hv).primitivePart();
                try {
                    ZZPoly qa = pf.divideExact(hh);
                    ZZPoly qb = pg.divideExact(hh);
                    report.certification(Certification.PROVEN, "pp(h) stable and divides both inputs exactly over Z");
                    return new ZZPoly[] {hh, qa, qb};
                } catch (ArithmeticException notYet) {
                    return null;
                }
            }
            BigInteger[] av = a.symmetric();
            BigInteger[] bv = b.symmetric();
            int mBits = h.modulus().bitLength() - 2; // 2^mBits <= M / 2
            int hBits = maxBits(hv);
            int gBits = gamma.bitLength();
            boolean okA = hBits + maxBits(av) + bitLength(Math.min(hv.length, av.length)) <= mBits
                    && gBits + pf.maxCoefficientBits() <= mBits;
            boolean okB = hBits + maxBits(bv) + bitLength(Math.min(hv.length, bv.length)) <= mBits
                    && gBits + pg.maxCoefficientBits() <= mBits;
            if (!okA || !okB) {
                return null;
            }
            ZZPoly[] r = fromCofactors(ZZPoly.of(hv), av, bv);
            if (r == null) {
                return null; // cannot happen once the bound holds; keep adding primes rather than fail
            }
            report.certification(Certification.PROVEN, "h * cofactor = gcd(lc) * input mod M with M/2 above the"
                    + " product's norm bound (" + (mBits + 2) + "-bit M)");
            return r;
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

    // ------------------------------------------------------------------ big-prime route

    private static ZZPoly[] bigPrimeCore(ZZPoly pf, ZZPoly pg, Options options, ModularReport.Builder report) {
        BigInteger gamma = pf.leadingCoefficient().gcd(pg.leadingCoefficient());
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
        Accumulation acc = new Accumulation(report);
        StringBuilder fields = new StringBuilder();
        int used = 0;
        for (GfPreset preset : order) {
            options.checkCancelled("between gcd big primes");
            BigInteger p = GfPrimes.modulus(preset);
            if (gamma.mod(p).signum() == 0) {
                report.note("skipped " + preset + ": it divides gcd(lc f, lc g)");
                continue;
            }
            fields.append(fields.length() == 0 ? "" : " x ").append(preset).append(" (")
                    .append(p.bitLength()).append(" bits)");
            report.field(fields.toString());
            used++;
            GfField field = preset.field();
            BigInteger[][] im = gfImage(field, pf, pg, gamma);
            int deg = im[0].length - 1;
            if (deg == 0) {
                report.primesUsed(used).certification(Certification.PROVEN,
                        "an image of degree 0 in " + preset + " proves the gcd constant");
                return new ZZPoly[] {ZZPoly.ONE, pf, pg};
            }
            acc.add(p, deg, im[0], im[1], im[2], pf.degree(), pg.degree());
            options.listener().progress("gcd big primes", used, used + 1);
            ZZPoly[] done = acc.tryFinish(pf, pg, gamma, Proof.COFACTOR_BOUND);
            if (done != null) {
                report.primesUsed(used);
                options.listener().progress("gcd big primes", used, used);
                return done;
            }
        }
        // beyond the presets (the rule of GfPrimes.coverOrAll): word-size primes make up the rest
        report.note("the generalized Fermat presets together (2^" + GfPrimes.productOfAll().bitLength()
                + ") do not prove the gcd: word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS + " make up the rest");
        report.field(fields + " x word-size primes < 2^" + PolyGcdDouble.MAX_PRIME_BITS);
        PrimeStream primes = PrimeStream.below(PRIME_BOUND, gamma);
        ZZPolyReducer rf = new ZZPolyReducer(pf);
        ZZPolyReducer rg = new ZZPolyReducer(pg);
        int threads = Math.max(1, options.threads());
        while (true) {
            options.checkCancelled("between gcd primes");
            long[] batch = primes.next(Math.max(CHUNK, threads));
            for (Image im : zpImages(batch, rf, rg, gamma, true, threads)) {
                used++;
                if (im.deg == 0) {
                    recordSkipped(primes, report);
                    report.primesUsed(used).certification(Certification.PROVEN,
                            "an image of degree 0 at p = " + im.p + " proves the gcd constant");
                    return new ZZPoly[] {ZZPoly.ONE, pf, pg};
                }
                acc.add(im.p, im.deg, im.h, im.a, im.b, pf.degree(), pg.degree());
            }
            options.listener().progress("gcd big primes", used, used + 1);
            ZZPoly[] done = acc.tryFinish(pf, pg, gamma, Proof.COFACTOR_BOUND);
            if (done != null) {
                recordSkipped(primes, report);
                report.primesUsed(used);
                options.listener().progress("gcd big primes", used, used);
                return done;
            }
        }
    }

    /** {h, a, b} residues in [0, p) for one generalized Fermat field. */
    private static BigInteger[][] gfImage(GfField field, ZZPoly pf, ZZPoly pg, BigInteger gamma) {
        GfArithmetic ar = field.arithmetic();
        int k = field.k();
        int lf = pf.length();
        int lg = pg.length();
        int n = Math.max(lf, lg);
        long[] x = new long[n * k];
        long[] y = new long[n * k];
        for (int i = 0; i < lf; i++) {
            field.fromBigInteger(pf.coefficient(i), x, i * k);
        }
        for (int i = 0; i < lg; i++) {
            field.fromBigInteger(pg.coefficient(i), y, i * k);
        }
        long[] fp = x.clone();
        long[] gp = y.clone();
        long[] h = new long[n * k];
        int hl = PolyGcdGf.gcd(field, x, lf, y, lg, h);
        GfArithmetic.Workspace ws = ar.newWorkspace();
        long[] one = field.element(1);
        long[] r = new long[n * k];
        long[] a = new long[(lf - hl + 1) * k];
        long[] b = new long[(lg - hl + 1) * k];
        if (hl > 1) {
            PolyDivGf.divRemClassical(ar, fp, 0, lf, h, 0, hl, one, 0, a, 0, r, 0, ws);
            PolyDivGf.divRemClassical(ar, gp, 0, lg, h, 0, hl, one, 0, b, 0, r, 0, ws);
        }
        long[] gm = field.element(gamma);
        BigInteger[] hv = new BigInteger[hl];
        long[] t = new long[k];
        for (int i = 0; i < hl; i++) {
            ar.mul(h, i * k, gm, 0, t, 0, ws);
            hv[i] = field.toBigInteger(t, 0);
        }
        return new BigInteger[][] {hv, toBig(field, a, lf - hl + 1), toBig(field, b, lg - hl + 1)};
    }

    private static BigInteger[] toBig(GfField field, long[] v, int len) {
        BigInteger[] r = new BigInteger[len];
        for (int i = 0; i < len; i++) {
            r[i] = field.toBigInteger(v, i * field.k());
        }
        return r;
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
