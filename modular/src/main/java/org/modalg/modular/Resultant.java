package org.modalg.modular;

import java.math.BigInteger;
import java.util.List;
import org.modalg.fft.CrtBasis;
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
 * <p>Routes ({@link ModularOptions#route()}):
 * <ul>
 *   <li>{@link Route#CRT} ({@link #resultantModular}): Res mod p for primes p &lt; 2^26
 *   by Euclid on doubles ({@link PolyGcdZp#resultant}, which runs {@link PolyGcdDouble}:
 *   vectorized, O(deg f deg g) per prime; primes below 2^62 only beyond 20 million bits of
 *   bound), in parallel over
 *   {@link ModularOptions#threads()}, until the product of the primes exceeds twice the
 *   Hadamard bound ||f||_2^deg g ||g||_2^deg f of the Sylvester matrix ({@link Bounds#resultant});
 *   combined by {@link MultiCrt}. No prime is unlucky: a prime dividing a leading coefficient
 *   is handled by the degree-drop rule of the kernel, so every image is Res(f, g) mod p.</li>
 *   <li>{@link Route#BIG_PRIME} ({@link #resultantBigPrime}): the same in the generalized Fermat
 *   fields of {@link GfPrimes#coverFor} (one preset when one exceeds twice the bound, CRT across
 *   a few otherwise).</li>
 *   <li>{@link Route#AUTO}: CRT. Measured (modular/BENCHMARKS.md): a Euclid step in a
 *   generalized Fermat field costs far more per bit of modulus than in word-size fields.</li>
 * </ul>
 * With {@link Certification#PROBABILISTIC} the CRT route stops once the symmetric lift is
 * unchanged over {@link ModularOptions#extraPrimes()} primes (the bound still caps it).
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
        return resultant(f, g, ModularOptions.defaults()).value();
    }

    /**
     * Res(f, g) by the route of the options (AUTO: CRT), with the report.
     *
     * @throws IllegalArgumentException if an argument is null
     * @throws ModularCancelledException if the cancellation check fires between primes
     */
    public static ModularResult<BigInteger> resultant(ZZPoly f, ZZPoly g, ModularOptions options) {
        checkNotNull(options, "options");
        return run(f, g, options, options.route() == Route.BIG_PRIME ? Route.BIG_PRIME : Route.CRT);
    }

    /** The CRT route. */
    public static ModularResult<BigInteger> resultantModular(ZZPoly f, ZZPoly g, ModularOptions options) {
        checkNotNull(options, "options");
        return run(f, g, options, Route.CRT);
    }

    /** The big-prime route. */
    public static ModularResult<BigInteger> resultantBigPrime(ZZPoly f, ZZPoly g, ModularOptions options) {
        checkNotNull(options, "options");
        return run(f, g, options, Route.BIG_PRIME);
    }

    private static ModularResult<BigInteger> run(ZZPoly f, ZZPoly g, ModularOptions options, Route route) {
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
            report.phaseSince("total", t0);
            return new ModularResult<>(r, report.build());
        }
        BigInteger cf = f.content();
        BigInteger cg = g.content();
        ZZPoly pf = f.divideExact(cf);
        ZZPoly pg = g.divideExact(cg);
        BigInteger scale = cf.pow(g.degree()).multiply(cg.pow(f.degree()));
        BigInteger r;
        if (route == Route.BIG_PRIME) {
            BigInteger bound = Bounds.resultant(pf.coefficients(), pg.coefficients());
            long t1 = report.phaseSince("bound", t0);
            r = bigPrime(pf, pg, bound, options, report);
            report.phaseSince("images+crt", t1);
        } else {
            long boundBits = Bounds.resultantBits(pf.coefficients(), pg.coefficients());
            long t1 = report.phaseSince("bound", t0);
            r = crt(pf, pg, boundBits, options, report);
            report.phaseSince("images+crt", t1);
        }
        return new ModularResult<>(r.multiply(scale), report.build());
    }

    // ------------------------------------------------------------------ CRT route

    private static BigInteger crt(ZZPoly pf, ZZPoly pg, long boundBits, ModularOptions options,
                                  ModularReport.Builder report) {
        if (boundBits > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("the resultant bound has " + boundBits + " bits: too large");
        }
        int needBits = (int) boundBits + 2; // M >= 2^needBits > 2 bound (bound < 2^boundBits)
        // primes below 2^26 run the vectorized Euclid on doubles (PolyGcdDouble), faster per bit
        // than 62-bit primes; there are about 1.9 million of them above 2^25
        boolean small = needBits <= SMALL_PRIME_BITS_LIMIT;
        PrimeStream stream = PrimeStream.below(small ? PolyGcdDouble.PRIME_BOUND : PRIME_BOUND);
        long[] primes = primesFor(stream, needBits);
        report.field("word-size primes < 2^" + (small ? PolyGcdDouble.MAX_PRIME_BITS : 62) + " (" + primes.length
                + " for a " + boundBits + "-bit Hadamard bound)");
        ZZPolyReducer rf = new ZZPolyReducer(pf);
        ZZPolyReducer rg = new ZZPolyReducer(pg);
        int threads = Math.max(1, options.threads());
        if (options.certification() == Certification.PROBABILISTIC) {
            return crtEarly(primes, rf, rg, options, report);
        }
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
        BigInteger r = MultiCrt.combine(primes, residues, 1, true, threads)[0];
        report.phaseSince("crt", t);
        report.primesUsed(primes.length).certification(Certification.PROVEN,
                "product of primes > 2 * Hadamard bound of the Sylvester matrix");
        return r;
    }

    private static BigInteger crtEarly(long[] primes, ZZPolyReducer rf, ZZPolyReducer rg, ModularOptions options,
                                       ModularReport.Builder report) {
        int threads = Math.max(1, options.threads());
        CrtAccumulator acc = new CrtAccumulator(1);
        int batch = Math.max(threads, 4);
        for (int from = 0; from < primes.length; from += batch) {
            options.checkCancelled("between resultant primes");
            int n = Math.min(batch, primes.length - from);
            long[] res = new long[n];
            int base = from;
            PrimeWorkers.run(n, threads, i -> images(new long[] {primes[base + i]}, rf, rg, res, i));
            for (int i = 0; i < n; i++) {
                acc.add(primes[base + i], new long[] {res[i]});
                if (acc.stableCount() >= options.extraPrimes() && acc.count() > options.extraPrimes()) {
                    report.primesUsed(acc.count()).certification(Certification.PROBABILISTIC,
                            "unchanged over " + acc.stableCount() + " prime(s) (" + primes.length
                                    + " needed for the proof)");
                    options.listener().progress("resultant images", acc.count(), acc.count());
                    return acc.symmetric(0);
                }
            }
            options.listener().progress("resultant images", acc.count(), primes.length);
        }
        report.primesUsed(acc.count()).certification(Certification.PROVEN,
                "reached the Hadamard bound before stabilizing");
        return acc.symmetric(0);
    }

    /** Distinct primes from the stream whose product is at least 2^needBits. */
    static long[] primesFor(PrimeStream stream, int needBits) {
        long[] out = new long[16];
        int n = 0;
        double bits = 0;
        while (bits < needBits) {
            long p = stream.next();
            if (n == out.length) {
                out = java.util.Arrays.copyOf(out, 2 * n);
            }
            out[n++] = p;
            bits += 63 - Long.numberOfLeadingZeros(p); // floor(log2 p): a lower bound
        }
        return java.util.Arrays.copyOf(out, n);
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

    private static BigInteger bigPrime(ZZPoly pf, ZZPoly pg, BigInteger bound, ModularOptions options,
                                       ModularReport.Builder report) {
        List<GfPreset> presets = GfPrimes.coverFor(bound.shiftLeft(1));
        StringBuilder desc = new StringBuilder();
        for (GfPreset g : presets) {
            desc.append(desc.length() == 0 ? "" : " x ").append(g).append(" (")
                    .append(GfPrimes.modulus(g).bitLength()).append(" bits)");
        }
        report.field(desc.toString());
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
        CrtAccumulator acc = new CrtAccumulator(1);
        for (int i = 0; i < presets.size(); i++) {
            acc.add(GfPrimes.modulus(presets.get(i)), new BigInteger[] {residues[i]});
        }
        report.primesUsed(presets.size()).certification(Certification.PROVEN,
                "product of big primes > 2 * Hadamard bound of the Sylvester matrix");
        return acc.symmetric(0);
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
