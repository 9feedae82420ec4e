package org.modalg.modular;

import java.math.BigInteger;
import java.util.List;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.ZZPoly;

/**
 * The resultant of two polynomials over Z by modular methods (Collins 1971; von zur Gathen
 * and Gerhard, Modern Computer Algebra, section 6.5): Res(f, g), the determinant of the
 * Sylvester matrix.
 *
 * <p>Conventions: Res(0, g) = Res(f, 0) = 0 (also for constants); Res(c, g) = c^deg g and
 * Res(f, c) = c^deg f for a non-zero constant c, so Res(c, d) = 1 for non-zero constants;
 * Res(f, g) = (-1)^(deg f deg g) Res(g, f); contents come out as
 * Res(f, g) = cont(f)^deg g cont(g)^deg f Res(pp f, pp g) (with the signs of the leading
 * coefficients kept in the primitive parts here).
 *
 * <p>Routes ({@link Options#route()}):
 * <ul>
 *   <li>{@link Route#CRT} ({@link #resultantModular}): Res mod p for primes p &lt; 2^26
 *   by Euclid on doubles ({@link PolyGcdZp#resultant}, which runs {@link PolyGcdDouble}:
 *   vectorized, O(deg f deg g) per prime; primes below 2^62 only beyond 20 million bits of
 *   bound), in parallel over
 *   {@link Options#threads()}, until the product of the primes exceeds twice the
 *   Hadamard bound ||f||_2^deg g ||g||_2^deg f of the Sylvester matrix ({@link Bounds#resultant});
 *   combined by {@link MultiCrt}. No prime is unlucky: a prime dividing a leading coefficient
 *   is handled by the degree-drop rule of the kernel, so every image is Res(f, g) mod p.</li>
 *   <li>{@link Route#BIG_PRIME} ({@link #resultantBigPrime}): the same in the generalized Fermat
 *   fields of {@link GfPrimes#coverOrAll} (one preset when one exceeds twice the bound, CRT across
 *   a few otherwise; beyond all presets together, about 30,600 bits, word-size primes below 2^26
 *   make up the rest, as for the determinant).</li>
 *   <li>{@link Route#AUTO}: CRT. Measured (modular/BENCHMARKS.md): a Euclid step in a
 *   generalized Fermat field costs far more per bit of modulus than in word-size fields.</li>
 * </ul>
 * With {@link Certification#PROBABILISTIC} the CRT route draws its primes at random
 * ({@link RandomPrimes}, [2^25, 2^26)), in waves that double, and stops once the lift of all but
 * the last k primes agrees with the last k; the report gives the seed and the failure
 * probability (at most {@link Options#FAILURE_TARGET}, see
 * {@link Certification#PROBABILISTIC}). The big-prime route is always proven. Report phases:
 * bound, images, crt, finish (disjoint).
 */
public final class Resultant {
    private static final long PRIME_BOUND = ZpField.MAX_MODULUS_EXCLUSIVE;
    /** Up to this many bits of modulus the primes below 2^26 are used (well within their supply). */
    private static final int SMALL_PRIME_BITS_LIMIT = 20_000_000;
    /** Primes per reduction batch (one {@link CrtBasis} projection of all coefficients). */
    private static final int CHUNK = 32;

    private Resultant() {
    }

    /** Res(f, g) with default options (CRT, proven). */
    public static BigInteger resultant(ZZPoly f, ZZPoly g) {
        return resultant(f, g, Options.defaults()).value();
    }

    /**
     * Res(f, g) by the route of the options (AUTO: CRT), with the report.
     *
     * @throws IllegalArgumentException if an argument is null
     * @throws CancelledException if the cancellation check fires between primes
     */
    public static ModularResult<BigInteger> resultant(ZZPoly f, ZZPoly g, Options options) {
        checkNotNull(options, "options");
        return run(f, g, options, options.route() == Route.BIG_PRIME ? Route.BIG_PRIME : Route.CRT);
    }

    /** The CRT route. */
    public static ModularResult<BigInteger> resultantModular(ZZPoly f, ZZPoly g, Options options) {
        checkNotNull(options, "options");
        return run(f, g, options, Route.CRT);
    }

    /** The big-prime route. */
    public static ModularResult<BigInteger> resultantBigPrime(ZZPoly f, ZZPoly g, Options options) {
        checkNotNull(options, "options");
        return run(f, g, options, Route.BIG_PRIME);
    }

    private static ModularResult<BigInteger> run(ZZPoly f, ZZPoly g, Options options, Route route) {
        checkNotNull(f, "f");
        checkNotNull(g, "g");
        ModularReport.Builder report = ModularReport.builder("resultant").route(route);
        long t0 = System.nanoTime();
        if (f.isZero() || g.isZero() || f.degree() == 0 || g.degree() == 0) {
            BigInteger r;
            if (f.isZero() || g.isZero()) {
                r = BigInteger.ZERO;
            } else if (f.degree() == 0) {
                r = f.leadingCoefficient().pow(g.degree());
            } else {
                r = g.leadingCoefficient().pow(f.degree());
            }
            report.note("a zero or constant input: no primes needed").certification(Certification.PROVEN, "trivial");
            report.phaseSince("trivial", t0);
            return new ModularResult<>(r, report.build());
        }
        BigInteger cf = f.content();
        BigInteger cg = g.content();
        ZZPoly pf = f.divideExact(cf);
        ZZPoly pg = g.divideExact(cg);
        BigInteger scale = cf.pow(g.degree()).multiply(cg.pow(f.degree()));
        BigInteger r;
        // phases: bound here, then images and crt inside the routes (disjoint), then finish
        if (route == Route.BIG_PRIME) {
            // 2^resultantBits > the Hadamard bound: no square root of a huge power needed
            BigInteger bound = BigInteger.ONE.shiftLeft(Math.toIntExact(Math.min(Integer.MAX_VALUE - 64,
                    Bounds.resultantBits(pf.coefficients(), pg.coefficients()))));
            report.phaseSince("bound", t0);
            r = bigPrime(pf, pg, bound, options, report);
        } else {
            long boundBits = Bounds.resultantBits(pf.coefficients(), pg.coefficients());
            report.phaseSince("bound", t0);
            r = crt(pf, pg, boundBits, options, report);
        }
        long t1 = System.nanoTime();
        r = r.multiply(scale);
        report.phaseSince("finish", t1);
        return new ModularResult<>(r, report.build());
    }

    // ------------------------------------------------------------------ CRT route

    private static BigInteger crt(ZZPoly pf, ZZPoly pg, long boundBits, Options options,
                                  ModularReport.Builder report) {
        if (boundBits > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("the resultant bound has " + boundBits + " bits: too large");
        }
        int needBits = (int) boundBits + 2; // M >= 2^needBits > 2 bound (bound < 2^boundBits)
        // primes below 2^26 run the vectorized Euclid on doubles (PolyGcdDouble), faster per bit
        // than 62-bit primes; there are about 1.9 million of them above 2^25
        boolean small = needBits <= SMALL_PRIME_BITS_LIMIT;
        int primeBits = small ? PolyGcdDouble.MAX_PRIME_BITS : 62;
        // |Res - x| < 2^(boundBits + 1) at a wrong stop; each random prime carries >= primeBits - 1 bits
        EarlyTermination early = EarlyTermination.start(options, boundBits + 1, primeBits,
                needBits / (primeBits - 1) + 2, "a " + boundBits + "-bit bound", report);
        RandomPrimes random = early == null ? null : early.primes();
        long[] primes;
        if (random != null) {
            primes = random.nextCovering(needBits);
            report.field("random word-size primes in [2^" + (primeBits - 1) + ", 2^" + primeBits + ") (at most "
                    + primes.length + " for a " + boundBits + "-bit Hadamard bound)");
        } else {
            primes = PrimeStream.below(small ? PolyGcdDouble.PRIME_BOUND : PRIME_BOUND).nextCovering(needBits);
            report.field("word-size primes < 2^" + primeBits + " (" + primes.length + " for a " + boundBits
                    + "-bit Hadamard bound)");
        }
        ZZPolyReducer rf = new ZZPolyReducer(pf);
        ZZPolyReducer rg = new ZZPolyReducer(pg);
        if (early != null) {
            return crtEarly(primes, rf, rg, options, report, early);
        }
        BigInteger r = wordSizeCrt(primes, rf, rg, options, report, true);
        report.primesUsed(primes.length).certification(Certification.PROVEN,
                "product of primes > 2 * Hadamard bound of the Sylvester matrix");
        return r;
    }

    /**
     * Res mod each prime (chunks of primes over the threads, phase "images"), then their CRT
     * (phase "crt"): symmetric in (-M/2, M/2] or unsigned in [0, M).
     */
    private static BigInteger wordSizeCrt(long[] primes, ZZPolyReducer rf, ZZPolyReducer rg,
                                               Options options, ModularReport.Builder report,
                                               boolean symmetric) {
        int threads = Math.max(1, options.threads());
        long[] residues = new long[primes.length];
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        long t = System.nanoTime();
        int chunks = (primes.length + CHUNK - 1) / CHUNK;
        PrimeWorkers.run(chunks, threads, c -> {
            options.checkCancelled("between resultant primes");
            int from = c * CHUNK;
            int to = Math.min(primes.length, from + CHUNK);
            images(java.util.Arrays.copyOfRange(primes, from, to), rf, rg, residues, from);
            int d = done.addAndGet(to - from);
            options.listener().progress("resultant images", d, primes.length);
        });
        t = report.phaseSince("images", t);
        BigInteger r = MultiCrt.combine(primes, residues, 1, symmetric, threads)[0];
        report.phaseSince("crt", t);
        return r;
    }

    /**
     * Early termination ({@link EarlyTermination}): images in waves that double the primes so
     * far; after each wave the CRT of all but the last k primes is checked against the last k.
     */
    private static BigInteger crtEarly(long[] primes, ZZPolyReducer rf, ZZPolyReducer rg, Options options,
                                       ModularReport.Builder report, EarlyTermination early) {
        int threads = Math.max(1, options.threads());
        int k = early.checkPrimes();
        long[] residues = new long[primes.length];
        int done = 0;
        int wave = Math.min(primes.length, Math.max(2 * k, CHUNK));
        long t = System.nanoTime();
        while (true) {
            int from = done;
            int to = Math.min(primes.length, done + wave);
            int chunks = (to - from + CHUNK - 1) / CHUNK;
            PrimeWorkers.run(chunks, threads, c -> {
                options.checkCancelled("between resultant primes");
                int lo = from + c * CHUNK;
                int hi = Math.min(to, lo + CHUNK);
                images(java.util.Arrays.copyOfRange(primes, lo, hi), rf, rg, residues, lo);
            });
            done = to;
            options.listener().progress("resultant images", done, primes.length);
            t = report.phaseSince("images", t);
            if (done == primes.length) {
                BigInteger r = MultiCrt.combine(primes, residues, 1, true, threads)[0];
                report.phaseSince("crt", t);
                report.primesUsed(done).certification(Certification.PROVEN,
                        "reached 2 * Hadamard bound of the Sylvester matrix before the check succeeded");
                return r;
            }
            int base = done - k;
            BigInteger x = MultiCrt.combine(java.util.Arrays.copyOf(primes, base),
                    java.util.Arrays.copyOf(residues, base), 1, true, threads)[0];
            boolean agrees = true;
            for (int j = base; j < done && agrees; j++) {
                agrees = x.mod(BigInteger.valueOf(primes[j])).longValue() == residues[j];
            }
            t = report.phaseSince("crt", t);
            if (agrees) {
                report.primesUsed(done).certification(Certification.PROBABILISTIC, early.describe() + " ("
                        + primes.length + " needed for the proof)").failureProbability(early.failureBound());
                return x;
            }
            wave = done;
        }
    }

    /**
     * out[outOff + j] = Res(f, g) mod ps[j]: the coefficients reduced modulo all the primes at
     * once ({@link ZZPolyReducer#reduceAll}), then one kernel call per prime.
     */
    private static void images(long[] ps, ZZPolyReducer rf, ZZPolyReducer rg, long[] out, int outOff) {
        CrtBasis basis = CrtBasis.of(ps);
        int lf = rf.length();
        int lg = rg.length();
        long[] rfAll = new long[ps.length * lf];
        long[] rgAll = new long[ps.length * lg];
        rf.reduceAll(basis, rfAll);
        rg.reduceAll(basis, rgAll);
        for (int j = 0; j < ps.length; j++) {
            ZpField field = ZpField.of(ps[j]);
            long[] a = java.util.Arrays.copyOfRange(rfAll, j * lf, (j + 1) * lf);
            long[] b = java.util.Arrays.copyOfRange(rgAll, j * lg, (j + 1) * lg);
            out[outOff + j] = PolyGcdZp.resultant(field, a, lf, b, lg);
        }
    }

    // ------------------------------------------------------------------ big-prime route

    private static BigInteger bigPrime(ZZPoly pf, ZZPoly pg, BigInteger bound, Options options,
                                       ModularReport.Builder report) {
        BigInteger target = bound.shiftLeft(1);
        List<GfPreset> presets = GfPrimes.coverOrAll(target);
        report.field(GfPrimes.describe(presets));
        long t = System.nanoTime();
        BigInteger[] residues = new BigInteger[presets.size()];
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        PrimeWorkers.run(presets.size(), Math.max(1, options.threads()), i -> {
            options.checkCancelled("between resultant big primes");
            GfField field = presets.get(i).field();
            int k = field.k();
            long[] a = digits(field, pf);
            long[] b = digits(field, pg);
            long[] res = new long[k];
            PolyGcdGf.resultant(field, a, pf.length(), b, pg.length(), res);
            residues[i] = field.toBigInteger(res, 0);
            options.listener().progress("resultant big primes", done.incrementAndGet(), presets.size());
        });
        t = report.phaseSince("images", t);
        CrtAccumulator acc = new CrtAccumulator(1);
        for (int i = 0; i < presets.size(); i++) {
            acc.add(GfPrimes.modulus(presets.get(i)), new BigInteger[] {residues[i]});
        }
        int words = 0;
        if (!acc.exceedsTwice(bound)) {
            // beyond the presets (GfPrimes.coverOrAll): word-size primes make up the rest
            long need = target.bitLength() - acc.modulus().bitLength() + 1L; // M * Mw >= 2^bits(target)
            boolean small = need <= SMALL_PRIME_BITS_LIMIT;
            long[] primes = PrimeStream.below(small ? PolyGcdDouble.PRIME_BOUND : PRIME_BOUND).nextCovering(need);
            report.field(GfPrimes.describe(presets) + " x word-size primes < 2^" + (small ? PolyGcdDouble.MAX_PRIME_BITS : 62));
            report.note("2 * Hadamard bound 2^" + target.bitLength() + " exceeds all generalized Fermat presets"
                    + " together (2^" + acc.modulus().bitLength() + "): " + primes.length
                    + " word-size primes < 2^" + (small ? PolyGcdDouble.MAX_PRIME_BITS : 62) + " make up the rest");
            t = report.phaseSince("crt", t);
            BigInteger w = wordSizeCrt(primes, new ZZPolyReducer(pf), new ZZPolyReducer(pg), options, report, false);
            t = System.nanoTime();
            BigInteger mw = BigInteger.ONE;
            for (long p : primes) {
                mw = mw.multiply(BigInteger.valueOf(p));
            }
            acc.add(mw, new BigInteger[] {w});
            words = primes.length;
        }
        if (!acc.exceedsTwice(bound)) {
            throw new IllegalStateException("big-prime resultant: modulus 2^" + acc.modulus().bitLength()
                    + " does not exceed 2 * bound 2^" + target.bitLength());
        }
        BigInteger r = acc.symmetric(0);
        report.phaseSince("crt", t);
        report.primesUsed(presets.size() + words).certification(Certification.PROVEN,
                "product of " + (words == 0 ? "big primes" : "big and word-size primes")
                        + " > 2 * Hadamard bound of the Sylvester matrix");
        return r;
    }

    private static long[] digits(GfField field, ZZPoly f) {
        int k = field.k();
        long[] d = new long[f.length() * k];
        for (int i = 0; i < f.length(); i++) {
            field.fromBigInteger(f.coefficient(i), d, i * k);
        }
        return d;
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
