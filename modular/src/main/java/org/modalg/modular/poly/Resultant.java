package org.modalg.modular.poly;

import java.math.BigInteger;
import java.util.List;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.ZpField;
import org.modalg.modular.Bounds;
import org.modalg.modular.GfPrimes;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.MultiCrt;
import org.modalg.modular.PrimeSource;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.RandomPrimes;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.kernel.PolyGcdDouble;
import org.modalg.modular.kernel.PolyGcdZp;
import org.modalg.modular.loop.Combiner;
import org.modalg.modular.loop.EarlyTermination;
import org.modalg.modular.loop.ImageBatch;
import org.modalg.modular.loop.ImageTask;
import org.modalg.modular.loop.MultimodularLoop;
import org.modalg.modular.loop.PrimeSupply;
import org.modalg.modular.loop.ProductTreeCombiner;
import org.modalg.modular.loop.ProvenBound;
import org.modalg.modular.loop.StableImages;
import org.modalg.modular.loop.StoppingRule;
import org.modalg.modular.loop.UnluckyPrimes;
import org.modalg.polynomial.zz.ZZPoly;

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
 * {@link Certification#PROBABILISTIC}). The big-prime route is always proven. Every route is an
 * instance of the {@link MultimodularLoop}: images through the options' {@link ImageEngine}
 * (Res mod p with formal degrees, no unlucky primes), a {@link ProductTreeCombiner}, and the
 * {@link ProvenBound} or {@link StableImages} rule. Report phases: bound, setup, images, crt,
 * finish (disjoint).
 */
public final class Resultant {
    private static final long PRIME_BOUND = ZpField.MAX_MODULUS_EXCLUSIVE;
    /** Up to this many bits of modulus the primes below 2^26 are used (well within their supply). */
    private static final int SMALL_PRIME_BITS_LIMIT = 20_000_000;
    /** The first wave of a probabilistic run: at least this many primes (and 2k). */
    private static final int FIRST_WAVE = 32;

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
        long boundBits = Bounds.resultantBits(pf.coefficients(), pg.coefficients());
        if (boundBits > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("the resultant bound has " + boundBits + " bits: too large");
        }
        // 2^boundBits > the Hadamard bound B of the Sylvester matrix: M > 2^(boundBits + 1) proves it
        BigInteger twiceBound = BigInteger.ONE.shiftLeft((int) boundBits + 1);
        long t = report.phaseSince("bound", t0);
        MultimodularLoop loop = new MultimodularLoop(options, report);
        ImageTask task = new Images(pf, pg);
        ProvenBound proven = new ProvenBound(twiceBound, "2 * Hadamard bound of the Sylvester matrix");
        Combiner combiner = new ProductTreeCombiner(1, loop.options());
        PrimeSupply supply;
        StoppingRule<BigInteger[]> rule = proven;
        if (route == Route.BIG_PRIME) {
            List<GfPreset> presets = GfPrimes.coverOrAll(twiceBound);
            BigInteger big = BigInteger.ONE;
            for (GfPreset p : presets) {
                big = big.multiply(GfPrimes.modulus(p));
            }
            PrimeSupply words = null;
            if (big.compareTo(twiceBound) <= 0) {
                // beyond the presets (GfPrimes.coverOrAll): word-size primes make up the rest
                long need = twiceBound.bitLength() - big.bitLength() + 1L;
                int bits = need <= SMALL_PRIME_BITS_LIMIT ? PolyGcdDouble.MAX_PRIME_BITS : 62;
                long[] primes = PrimeSupply.covering(wordPrimes(bits), big, twiceBound);
                words = PrimeSupply.fixed(primes, "word-size primes < 2^" + bits);
                report.note("2 * Hadamard bound 2^" + twiceBound.bitLength() + " exceeds all generalized Fermat"
                        + " presets together (2^" + big.bitLength() + "): " + primes.length
                        + " word-size primes < 2^" + bits + " make up the rest");
            }
            supply = PrimeSupply.fieldsThen(presets, words);
        } else {
            // primes below 2^26 run the vectorized Euclid on doubles (PolyGcdDouble), faster per bit
            // than 62-bit primes on a CPU; there are about 1.9 million of them above 2^25. A device
            // engine takes 62-bit primes: 2.4 times fewer images and a cheaper CRT.
            int needBits = (int) boundBits + 2;
            int primeBits = needBits <= SMALL_PRIME_BITS_LIMIT && !loop.images().prefersWidePrimes()
                    ? PolyGcdDouble.MAX_PRIME_BITS : 62;
            // |Res - x| < 2^(boundBits + 1) at a wrong stop; each random prime carries >= primeBits - 1 bits
            EarlyTermination early = EarlyTermination.start(options, boundBits + 1, primeBits,
                    needBits / (primeBits - 1) + 2, "a " + boundBits + "-bit bound", report);
            if (early != null) {
                long[] primes = PrimeSupply.covering(early.primes(), BigInteger.ONE, twiceBound);
                supply = PrimeSupply.fixed(primes, "random word-size primes in [2^" + (primeBits - 1) + ", 2^"
                        + primeBits + ") (at most " + primes.length + " for a " + boundBits + "-bit Hadamard bound)");
                int first = Math.min(primes.length, Math.max(2 * early.checkPrimes(), FIRST_WAVE));
                rule = new StableImages(early, first, proven, " (" + primes.length + " needed for the proof)");
            } else {
                long[] primes = PrimeSupply.covering(wordPrimes(primeBits), BigInteger.ONE, twiceBound);
                supply = PrimeSupply.fixed(primes, "word-size primes < 2^" + primeBits + " (" + primes.length
                        + " for a " + boundBits + "-bit Hadamard bound)");
            }
        }
        report.phaseSince("setup", t);
        BigInteger r = loop.run(task, supply, combiner, UnluckyPrimes.none(), rule)[0];
        long t1 = System.nanoTime();
        r = r.multiply(scale);
        report.phaseSince("finish", t1);
        return new ModularResult<>(r, report.build());
    }

    /** The proven runs' primes: below 2^26 (the double kernels) or below 2^62. */
    private static PrimeSource wordPrimes(int bits) {
        return PrimeStream.below(bits == PolyGcdDouble.MAX_PRIME_BITS ? PolyGcdDouble.PRIME_BOUND : PRIME_BOUND);
    }

    /** Res(F, G) modulo a batch of primes or fields, with the formal degrees of F and G. */
    private static final class Images implements ImageTask {
        private final LimbVector f;
        private final LimbVector g;

        Images(ZZPoly pf, ZZPoly pg) {
            this.f = LimbVector.of(pf.coefficients());
            this.g = LimbVector.of(pg.coefficients());
        }

        @Override
        public ImageBatch images(ImageEngine engine, long[] primes) {
            return ImageBatch.values(primes, engine.resultants(f, g, primes));
        }

        @Override
        public ImageBatch images(ImageEngine engine, GfField[] fields) {
            long[][] res = engine.resultants(f, g, fields);
            BigInteger[] moduli = new BigInteger[fields.length];
            BigInteger[][] rows = new BigInteger[fields.length][];
            for (int j = 0; j < fields.length; j++) {
                moduli[j] = fields[j].modulus();
                rows[j] = new BigInteger[] {fields[j].toBigInteger(res[j], 0)};
            }
            return ImageBatch.big(moduli, rows, null);
        }
    }

    private static void checkNotNull(Object o, String name) {
        if (o == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
