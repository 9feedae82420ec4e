package org.modalg.examples.study;

import java.awt.Color;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.knowm.xchart.style.Styler;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.ZpField;
import org.modalg.modular.ModularReport;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdGf;
import org.modalg.modular.poly.GcdResult;
import org.modalg.modular.poly.PolynomialGcd;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * {@code modalg study unlucky}: how often a prime is unlucky in the modular GCD as the
 * coefficients grow (thesis section 2.9), word-size primes against a big generalized Fermat
 * prime, measured.
 *
 * <p>Inputs: f = a c and g = b c with random a, b of degree {@code degAB} and c of degree
 * {@code degC}, all coefficients of {@code bits} bits with random signs. With h = gcd(f, g)
 * over Z, a prime q not dividing lc(f) lc(g) is unlucky iff deg gcd(f mod q, g mod q) &gt; deg h,
 * which holds iff q divides R = res(f/h, g/h). Every tested prime is checked both ways (the
 * degree of the gcd mod q, and q | R) and a disagreement stops the study.
 *
 * <p>Families: the first {@code primesPerFamily} primes below 2^s (s = 10, 16, 31, 62; from
 * {@link PrimeStream}, all above 2^(s-1)); the big prime P3 = (2^63 + 2^34)^8 + 1 (505 bits),
 * its gcd computed in the field by {@link PolyGcdGf}; and what the two routes of
 * {@link PolynomialGcd} report ({@link ModularReport#unluckyCount()}) on the same inputs.
 *
 * <p>What the measurement is compared with: for random polynomials over F_q the probability
 * of a common factor is exactly 1/q, so the expectation is the mean of 1/q over the primes
 * tested ({@code expected_rate}), the same for every coefficient size. What grows with the
 * coefficients is the number of primes a GCD needs ({@code primes_per_gcd}: the bits of the
 * modulus the CRT route needed, divided by s) and the number of s-bit primes that could
 * possibly divide R ({@code max_unlucky_possible} = bits(R) / (s - 1), the worst case the
 * thesis's argument is about). {@code unlucky_per_gcd} = rate times primes per gcd.
 */
public final class UnluckyStudy implements Study {
    /** CSV columns. */
    public static final String[] COLUMNS = {"bits", "family", "prime_bits", "trials", "primes_tested", "unlucky",
        "rate", "expected_rate", "res_bits_mean", "max_unlucky_possible", "primes_per_gcd", "unlucky_per_gcd",
        "expected_unlucky_per_gcd"};

    /** Word-size prime sizes tested. */
    public static final int[] WORD_BITS = {10, 16, 31, 62};

    static final String BIG = "bigprime-P3";
    static final String CRT_ROUTE = "gcd-crt-route";
    static final String BIG_ROUTE = "gcd-bigprime-route";

    private final int[] bits;
    private final int trials;
    private final int primesPerFamily;
    private final int degAB;
    private final int degC;
    private final long seed;
    private final long[][] primes = new long[WORD_BITS.length][];

    public UnluckyStudy(int[] bits, int trials, int primesPerFamily, int degAB, int degC, long seed) {
        for (int b : bits) {
            if (b < 2 || b > 100_000) {
                throw new IllegalArgumentException("--bits must be in [2, 100000], got " + b);
            }
        }
        if (trials < 1 || primesPerFamily < 1 || degAB < 1 || degC < 1) {
            throw new IllegalArgumentException("--trials, --primes, --deg-ab and --deg-c must be >= 1");
        }
        this.bits = bits.clone();
        this.trials = trials;
        this.primesPerFamily = primesPerFamily;
        this.degAB = degAB;
        this.degC = degC;
        this.seed = seed;
        for (int i = 0; i < WORD_BITS.length; i++) {
            int s = WORD_BITS[i];
            PrimeStream stream = PrimeStream.below(1L << s);
            List<Long> list = new ArrayList<>();
            while (list.size() < primesPerFamily) {
                long q = stream.next();
                if (q < 1L << (s - 1)) {
                    break;
                }
                list.add(q);
            }
            primes[i] = list.stream().mapToLong(Long::longValue).toArray();
        }
    }

    @Override
    public String name() {
        return "unlucky";
    }

    @Override
    public String description() {
        return "unlucky primes in the modular GCD of f = a*c, g = b*c (deg a = deg b = " + degAB + ", deg c = " + degC
                + ", " + trials + " trials per size): s-bit word primes vs the 505-bit prime P3";
    }

    @Override
    public String[] columns() {
        return COLUMNS;
    }

    @Override
    public int keyColumns() {
        return 2;
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (int b : bits) {
            items.add(new Item(b + " bits", new Object[] {b, BIG_ROUTE}, csv -> measure(csv, b)));
        }
        return items;
    }

    /** Counts of one family over the trials of one coefficient size. */
    private static final class Tally {
        long tested;
        long unlucky;
        double expected; // sum of 1/q over the tested primes
        double maxPossible; // sum over trials of floor(bits(R) / (s - 1))
        double primesPerGcd; // sum over trials

        void add(Tally t) {
            tested += t.tested;
            unlucky += t.unlucky;
            expected += t.expected;
        }
    }

    private void measure(StudyCsv csv, int b) {
        Random rnd = new Random(seed * 1_000_003L + b);
        Tally[] word = new Tally[WORD_BITS.length];
        for (int i = 0; i < word.length; i++) {
            word[i] = new Tally();
        }
        Tally big = new Tally();
        Tally crtRoute = new Tally();
        Tally bigRoute = new Tally();
        GfField p3 = GfPreset.SRGF8.field();
        BigInteger bigP = p3.modulus();
        double resBits = 0;
        int bigRouteBits = 0;
        Options options = Options.defaults().withThreads(1);
        for (int t = 0; t < trials; t++) {
            ZZPoly a = random(rnd, degAB, b);
            ZZPoly bb = random(rnd, degAB, b);
            ZZPoly c = random(rnd, degC, b);
            ZZPoly f = a.multiply(c);
            ZZPoly g = bb.multiply(c);
            var crt = PolynomialGcd.gcdModular(f, g, options);
            GcdResult r = crt.value();
            ZZPoly h = r.gcd();
            BigInteger res = Resultant.resultant(r.cofactorF(), r.cofactorG());
            if (res.signum() == 0) {
                throw new IllegalStateException("the cofactors of f and g share a factor: gcd is wrong at " + b + " bits");
            }
            int rb = res.abs().bitLength();
            resBits += rb;
            BigInteger lc = f.leadingCoefficient().multiply(g.leadingCoefficient());
            // the CRT route's modulus size: what a GCD of these inputs needs
            ModularReport cr = crt.report();
            double needBits = 62.0 * cr.primesUsed();
            crtRoute.tested += cr.primesUsed() + cr.unluckyCount();
            crtRoute.unlucky += cr.unluckyCount();
            crtRoute.expected += (cr.primesUsed() + cr.unluckyCount()) * Math.pow(2, -62);
            crtRoute.primesPerGcd += cr.primesUsed();
            var bp = PolynomialGcd.gcdBigPrime(f, g, options);
            if (!bp.value().gcd().equals(h)) {
                throw new IllegalStateException("big-prime and CRT routes disagree on the gcd at " + b + " bits");
            }
            ModularReport br = bp.report();
            bigRoute.tested += br.primesUsed() + br.unluckyCount();
            bigRoute.unlucky += br.unluckyCount();
            bigRoute.primesPerGcd += br.primesUsed();
            bigRouteBits = Math.max(bigRouteBits, presetBits(br.field()));
            for (int i = 0; i < WORD_BITS.length; i++) {
                int s = WORD_BITS[i];
                for (long q : primes[i]) {
                    BigInteger bq = BigInteger.valueOf(q);
                    if (lc.mod(bq).signum() == 0) {
                        continue; // q | lc(f) lc(g): such primes are skipped by the algorithm, not unlucky
                    }
                    ZpField fq = ZpField.of(q);
                    boolean byDegree = ZpPoly.of(fq, f.coefficients()).gcd(ZpPoly.of(fq, g.coefficients())).degree() > h.degree();
                    boolean byResultant = res.mod(bq).signum() == 0;
                    if (byDegree != byResultant) {
                        throw new IllegalStateException("unlucky test disagrees for q = " + q + " at " + b + " bits");
                    }
                    word[i].tested++;
                    word[i].expected += 1.0 / q;
                    if (byDegree) {
                        word[i].unlucky++;
                    }
                }
                word[i].maxPossible += Math.floor(rb / (double) (s - 1));
                word[i].primesPerGcd += Math.ceil(needBits / s);
            }
            if (lc.mod(bigP).signum() != 0) {
                boolean byDegree = gcdDegreeGf(p3, f, g) > h.degree();
                boolean byResultant = res.mod(bigP).signum() == 0;
                if (byDegree != byResultant) {
                    throw new IllegalStateException("unlucky test disagrees for P3 at " + b + " bits");
                }
                big.tested++;
                big.expected += 1.0 / Math.pow(2, bigP.bitLength() - 1);
                if (byDegree) {
                    big.unlucky++;
                }
            }
            big.maxPossible += Math.floor(rb / (double) (bigP.bitLength() - 1));
            big.primesPerGcd += Math.ceil(needBits / bigP.bitLength());
        }
        double meanRes = resBits / trials;
        for (int i = 0; i < WORD_BITS.length; i++) {
            row(csv, b, "word-" + WORD_BITS[i] + "bit", WORD_BITS[i], word[i], meanRes);
        }
        row(csv, b, BIG, bigP.bitLength(), big, meanRes);
        crtRoute.maxPossible = trials * Math.floor(meanRes / 61);
        row(csv, b, CRT_ROUTE, 62, crtRoute, meanRes);
        bigRoute.maxPossible = bigRouteBits == 0 ? 0 : trials * Math.floor(meanRes / (bigRouteBits - 1));
        bigRoute.expected = bigRoute.tested * Math.pow(2, -Math.max(1, bigRouteBits - 1));
        row(csv, b, BIG_ROUTE, bigRouteBits, bigRoute, meanRes);
    }

    private void row(StudyCsv csv, int b, String family, int primeBits, Tally t, double meanRes) {
        double rate = t.tested == 0 ? Double.NaN : (double) t.unlucky / t.tested;
        double expectedRate = t.tested == 0 ? Double.NaN : t.expected / t.tested;
        double perGcd = t.primesPerGcd / trials;
        csv.append(b, family, primeBits, trials, t.tested, t.unlucky, rate, expectedRate, meanRes,
                t.maxPossible / trials, perGcd, rate * perGcd, expectedRate * perGcd);
    }

    /** The degree of gcd(f mod p, g mod p) in the generalized Fermat field (-1 for zero). */
    static int gcdDegreeGf(GfField field, ZZPoly f, ZZPoly g) {
        long[] a = elements(field, f);
        long[] b = elements(field, g);
        long[] out = new long[Math.max(a.length, b.length)];
        return PolyGcdGf.gcd(field, a, f.length(), b, g.length(), out) - 1;
    }

    private static long[] elements(GfField field, ZZPoly f) {
        int k = field.k();
        long[] x = new long[f.length() * k];
        for (int i = 0; i < f.length(); i++) {
            field.fromBigInteger(f.coefficient(i).mod(field.modulus()), x, i * k);
        }
        return x;
    }

    /** The total bits of the presets named in a report's field description. */
    static int presetBits(String field) {
        int total = 0;
        for (GfPreset g : GfPreset.values()) {
            if (field.matches(".*\\b" + g.name() + "\\b.*")) {
                total += g.field().modulus().bitLength();
            }
        }
        return total;
    }

    static ZZPoly random(Random rnd, int degree, int b) {
        BigInteger[] c = new BigInteger[degree + 1];
        for (int i = 0; i <= degree; i++) {
            BigInteger v = new BigInteger(b, rnd);
            if (i == degree) {
                v = v.setBit(b - 1);
            }
            c[i] = rnd.nextBoolean() ? v.negate() : v;
        }
        return ZZPoly.of(c);
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        Color[] colors = {new Color(214, 39, 40), new Color(255, 127, 14), new Color(44, 160, 44),
            new Color(31, 119, 180), new Color(148, 103, 189)};
        List<String> families = new ArrayList<>();
        for (int s : WORD_BITS) {
            families.add("word-" + s + "bit");
        }
        families.add(BIG);
        List<String> never = new ArrayList<>();
        for (String fam : families) {
            long unlucky = 0;
            long tested = 0;
            for (String[] r : csv.rows()) {
                if (r[1].equals(fam)) {
                    unlucky += Long.parseLong(r[5]);
                    tested += Long.parseLong(r[4]);
                }
            }
            if (unlucky == 0 && tested > 0) {
                never.add(label(fam) + ": 0 of " + tested);
            }
        }
        Plot plot = Plot.of("Unlucky primes per modular GCD, f = a*c, g = b*c (solid: measured; dashed: 1/q model)",
                "coefficient size of a, b, c (bits)", "unlucky primes per GCD", true, true).xPattern("0")
                .yPattern("0.#E0").legend(Styler.LegendPosition.OutsideS);
        double[] anchor = null;
        for (int i = 0; i < families.size(); i++) {
            String fam = families.get(i);
            List<Double> x = new ArrayList<>();
            List<Double> obs = new ArrayList<>();
            List<Double> exp = new ArrayList<>();
            for (String[] r : csv.rows()) {
                if (r[1].equals(fam)) {
                    x.add(Double.parseDouble(r[0]));
                    obs.add(StudyCsv.number(r[11]));
                    double e = StudyCsv.number(r[12]);
                    exp.add(e < 1e-12 ? Double.NaN : e); // a 1/2^62 or 1/2^504 model line would flatten the plot
                }
            }
            String label = label(fam);
            plot.line(label + ": measured", x, obs);
            plot.color(label + ": measured", colors[i % colors.length]);
            plot.dashed(label + ": model", x, exp);
            plot.color(label + ": model", colors[i % colors.length]);
            for (int j = 0; j < x.size() && anchor == null; j++) {
                if (exp.get(j) > 0) {
                    anchor = new double[] {x.get(j), exp.get(j)};
                }
            }
        }
        if (anchor != null) {
            for (String n : never) {
                plot.note("never unlucky: " + n + " primes tested", anchor[0], anchor[1]);
            }
        }
        plot.save(png);
    }

    private static String label(String family) {
        return family.equals(BIG) ? "P3 (505 bits)" : "primes < 2^" + family.replace("word-", "").replace("bit", "");
    }
}
