package org.modalg.modular.mat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.modalg.fft.CancelledException;
import org.modalg.fft.Certification;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.modular.Bounds;
import org.modalg.modular.CrtAccumulator;
import org.modalg.modular.GfPrimes;
import org.modalg.modular.ModularReport;
import org.modalg.modular.ModularResult;
import org.modalg.modular.PrimeSource;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.RandomPrimes;
import org.modalg.modular.RationalReconstruction;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.image.LuImages;
import org.modalg.modular.kernel.ZpDetKernel;
import org.modalg.modular.kernel.ZpLu;
import org.modalg.modular.loop.Combiner;
import org.modalg.modular.loop.EarlyTermination;
import org.modalg.modular.loop.GarnerCombiner;
import org.modalg.modular.loop.ImageBatch;
import org.modalg.modular.loop.ImageTask;
import org.modalg.modular.loop.MultimodularLoop;
import org.modalg.modular.loop.PrimeSupply;
import org.modalg.modular.loop.ProductTreeCombiner;
import org.modalg.modular.loop.ProvenBound;
import org.modalg.modular.loop.StableImages;
import org.modalg.modular.loop.StoppingRule;
import org.modalg.modular.loop.UnluckyPrimes;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * The determinant of a square integer matrix, exactly, by multimodular methods (thesis section
 * 2.9).
 *
 * <p><b>Routes</b> ({@link Options#route()}):
 * <ul>
 * <li>{@link Route#CRT}, with two strategies ({@link CrtStrategy}):
 * <ul>
 * <li><i>divisor</i> (Abbott, Bronstein, Mulders, ISSAC 1999; Pan 1988): A x = b is solved for a
 * fixed pseudo-random b by Dixon's p-adic lifting ({@link DixonLift}) modulo P^K, P a product of
 * k word-size primes modulo which A is factored ({@link ZpLu}), until P^K &gt; 2 N D (N bounds the
 * Cramer numerators det A_i, D = H the denominator); rational reconstruction of a few components
 * gives denominators whose lcm d divides det A (for random b, usually the largest invariant
 * factor, so d is det A up to a small cofactor). Then c = det A / d, |c| &lt;= H / d, by CRT from
 * primes not dividing d until their product exceeds 2 H / d; the k factorizations give their
 * images of det A for free, and k is chosen to cover the usual cofactor (2H / |det A| is about
 * 2^(0.73 n) for random matrices). Cost: k n^3 / 3 for the factorizations plus (bits(2ND) / 23)
 * n^2 (1 + s / k) for the lifting (s residue primes hold the residual, about
 * bits(||A||_inf) / 22), against (bits(H) / 23) n^3 / 3 for the plain strategy. After the first
 * prime modulo which A is singular, the primes are drawn at random from [2^22, 2^23) (seed in
 * the report), so that no fixed sequence can force the slow path; a matrix singular modulo three
 * random primes goes to the plain strategy, which proves det = 0.
 * <li><i>plain</i>: Gaussian elimination modulo word-size primes below 2^23
 * ({@link ZpDetKernel}: doubles, delayed reduction, two pivot rows per pass, vectorized by the
 * JIT) until their product exceeds 2H, the primes spread over {@link Options#threads()}
 * threads, then incremental CRT ({@link CrtAccumulator}). Entries are reduced modulo a chunk of
 * primes at once by {@link CrtBasis}.
 * </ul>
 * {@link CrtStrategy#AUTO} (the default) takes the divisor strategy from n =
 * {@value #DIVISOR_MIN_N} on: measured faster there for 10- to 1000-bit entries, and 10x (10-bit)
 * and 29x (100-bit) faster at n = 400 on one thread (modular/BENCHMARKS.md); below it the plain
 * one.
 * <li>{@link Route#BIG_PRIME}: Gaussian elimination in the smallest generalized Fermat field(s)
 * whose product exceeds twice the Hadamard bound ({@link GfPrimes#coverFor}); when even all
 * presets together are too small (about 30,600 bits), word-size primes make up the rest. One
 * image instead of hundreds, but each operation costs O(k^2) (or an FFT) on k-digit elements.
 * <li>{@link Route#AUTO}: {@link Route#CRT}. Measured in modular/BENCHMARKS.md: the CRT route
 * was faster at every size measured (n = 10 to 400, 10 and 100-bit entries), by a factor
 * that grows with n, because its elimination is vectorized doubles while the big-prime route
 * does a k-digit multiplication per update.
 * </ul>
 *
 * <p><b>Certification.</b> Every strategy is proven when {@link Certification#PROVEN} (the
 * default) is asked for, against the Hadamard bound H (the smaller product of the rounded-up row
 * and column norms, {@link MatrixNorms}): the plain strategy adds primes until their product M
 * exceeds 2H, the symmetric residue is then det A; the divisor strategy lifts to the proven
 * reconstruction bound and covers 2H / d. With {@link Certification#PROBABILISTIC} the plain
 * strategy draws its primes at random ({@link RandomPrimes}, [2^22, 2^23), seed from the options
 * or fresh, printed in the report), sizes its first wave from the floating-point estimate of
 * log2 |det| ({@link DetEstimate}, EJML's LU; not trusted when not finite: then the first wave is
 * the proven count) plus 64 bits and k check primes, and stops as soon as the CRT image was
 * unchanged by the last k primes, else it doubles the wave, never beyond the proven count; the
 * report gives the failure probability (at most {@link Options#FAILURE_TARGET}, see
 * {@link Certification#PROBABILISTIC}). The divisor strategy, already cheaper, and the
 * big-prime route stay proven. A singular matrix shows as det = 0 modulo the first prime (the
 * elimination stops at the first column without pivot, so such images are cheap); that is
 * recorded in the report as a
 * hint, and only the bound (or the stability rule when asked for) ends the run.
 *
 * <p><b>Loop.</b> Every route is an instance of the {@link MultimodularLoop}: the images
 * (determinants, and the divisor strategy's factorizations) come in batches from the options'
 * {@link ImageEngine}, chosen once per call ({@link ImageEngines#forOptions}); the plain and
 * big-prime routes and the divisor strategy's cofactor are its loop with a {@link GarnerCombiner}
 * and the {@link ProvenBound} or {@link StableImages} rule.
 *
 * <p><b>Progress, cancellation.</b> The listener is called with phase {@code "images"} for every
 * image (after the batch that computed it) and after each lifting step with
 * {@code "dixon-lift"}; the cancellation check is polled before each batch, prime,
 * factorization and lifting step (and each column of a big-prime elimination). The report gives
 * the time of the phases bound, dixon-lu, dixon-lift, rational-reconstruction and cofactor-crt
 * (divisor strategy, with images and crt when the cofactor needs more primes) or setup, images
 * and crt (plain, big prime).
 */
public final class Determinant {

    private static final long PRIME_BOUND = 1L << ZpDetKernel.MAX_PRIME_BITS;

    private Determinant() {
    }

    /**
     * How the CRT route finds the determinant ({@link #det(BigInteger[][], Options, CrtStrategy)}).
     */
    public enum CrtStrategy {
        /** {@link #DIVISOR} from n = {@value Determinant#DIVISOR_MIN_N} on, {@link #PLAIN} below (measured). */
        AUTO,
        /** Images modulo primes whose product exceeds twice the Hadamard bound. */
        PLAIN,
        /**
         * A divisor d of det A from a Dixon solve of A x = b, then det A / d by CRT with primes
         * covering only 2 H / |d|; falls back to {@link #PLAIN} when A looks singular (three
         * primes modulo which it is).
         */
        DIVISOR
    }

    /** The smallest n at which {@link CrtStrategy#AUTO} takes the divisor strategy. */
    public static final int DIVISOR_MIN_N = 16;

    /**
     * The same with a device image engine ({@link ImageEngine#prefersWidePrimes}): the plain
     * strategy's images run on the device with 62-bit primes while the divisor strategy's
     * lifting runs on the host, so plain wins up to larger n. Measured on an H200 against the
     * divisor strategy on the host's 16 cores (100-bit entries), with the blocked elimination
     * kernel: plain about half its time at n = 400 and at n = 1000 (0.58 ms per 62-bit image
     * at n = 1000); the plain strategy grows as n^4 (n^3 per image, n primes), the divisor
     * strategy as n^3, so the crossover lies near twice that (modular/BENCHMARKS.md).
     */
    public static final int DEVICE_DIVISOR_MIN_N = 1500;

    // Right-hand side entries of the Dixon solve are uniform in [-2^20, 2^20].
    private static final int RHS_BITS = 20;

    // LU failures (primes modulo which A is singular) before the divisor strategy gives up.
    private static final int MAX_LU_FAILURES = 3;

    // Solution components whose denominators enter the divisor.
    private static final int DIVISOR_COMPONENTS = 4;

    // Bytes of LU factors held at most (k n^2 doubles).
    private static final long LU_BYTES = 1L << 27;

    // Bytes of the matrices A mod q_t held by the lifting at most (s n^2 doubles).
    private static final long RESIDUE_BYTES = 1L << 28;

    /** det A with default options. @see #det(BigInteger[][], Options) */
    public static BigInteger det(long[][] a) {
        return det(a, Options.defaults()).value();
    }

    /** det A with default options. @see #det(BigInteger[][], Options) */
    public static BigInteger det(BigInteger[][] a) {
        return det(a, Options.defaults()).value();
    }

    /** det A with default options. @see #det(DMatrixRMaj, Options) */
    public static BigInteger det(DMatrixRMaj a) {
        return det(a, Options.defaults()).value();
    }

    /**
     * det A of a square matrix of longs (0 x 0 gives 1).
     *
     * @throws IllegalArgumentException if a, options or a row is null, a row has the wrong length
     * @throws CancelledException if cancelled through the options
     */
    public static ModularResult<BigInteger> det(long[][] a, Options options) {
        int n = squareSize(a);
        return compute(flatten(a, n), n, options, CrtStrategy.AUTO);
    }

    /**
     * det A of a square matrix of BigIntegers (0 x 0 gives 1).
     *
     * @throws IllegalArgumentException if a, options, a row or an entry is null, or a row has
     *     the wrong length
     * @throws CancelledException if cancelled through the options
     */
    public static ModularResult<BigInteger> det(BigInteger[][] a, Options options) {
        return det(a, options, CrtStrategy.AUTO);
    }

    /**
     * det A as {@link #det(BigInteger[][], Options)}, with the strategy of the CRT route
     * chosen (it has no effect on the big-prime route). Every strategy gives the proven value.
     *
     * @throws IllegalArgumentException if a, options, strategy, a row or an entry is null, or a
     *     row has the wrong length
     * @throws CancelledException if cancelled through the options
     */
    public static ModularResult<BigInteger> det(BigInteger[][] a, Options options, CrtStrategy strategy) {
        if (strategy == null) {
            throw new IllegalArgumentException("strategy must not be null");
        }
        int n = squareSize(a);
        return compute(flatten(a, n), n, options, strategy);
    }

    /**
     * det A of an EJML matrix whose entries are all integers (exactly representable doubles).
     *
     * @throws IllegalArgumentException if a or options is null, a is not square, or an entry is
     *     not an integer (NaN, infinite or with a fractional part), naming its row and column
     * @throws CancelledException if cancelled through the options
     */
    public static ModularResult<BigInteger> det(DMatrixRMaj a, Options options) {
        if (a == null) {
            throw new IllegalArgumentException("a must not be null");
        }
        if (a.numRows != a.numCols) {
            throw new IllegalArgumentException("a must be square, got " + a.numRows + " x " + a.numCols);
        }
        int n = a.numRows;
        BigInteger[] flat = new BigInteger[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double v = a.get(i, j);
                if (!Double.isFinite(v) || v != Math.rint(v)) {
                    throw new IllegalArgumentException("a must have integral entries, but entry (row " + i
                            + ", col " + j + ") is " + v);
                }
                flat[i * n + j] = Math.abs(v) < 0x1p62 ? BigInteger.valueOf((long) v)
                        : new java.math.BigDecimal(v).toBigIntegerExact();
            }
        }
        return compute(flat, n, options, CrtStrategy.AUTO);
    }

    // The most digits of a generalized Fermat element (128: SRGF128, GF128).
    private static final int MAX_GF_DIGITS = java.util.Arrays.stream(GfPreset.values()).mapToInt(GfPreset::k).max()
            .orElse(1);

    /** The most rows accepted: n^2 entries are held in one array. */
    public static final int MAX_N = 46_340;

    // a's size n, checked square and at most MAX_N rows (LinearSolve's rule too).
    static int squareSize(Object[] a) {
        if (a != null && a.length > MAX_N) {
            throw new IllegalArgumentException("a must have at most " + MAX_N + " rows (n^2 entries in one array), got "
                    + a.length);
        }
        int[] shape = Bounds.shape(a, "a");
        if (shape[0] != shape[1] && shape[0] > 0) {
            throw new IllegalArgumentException("a must be square, got " + shape[0] + " x " + shape[1]);
        }
        return shape[0];
    }

    // a (n x n, checked by squareSize) row by row in one array, each entry checked non-null
    // (LinearSolve's too).
    static BigInteger[] flatten(BigInteger[][] a, int n) {
        BigInteger[] flat = new BigInteger[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigInteger v = a[i][j];
                if (v == null) {
                    throw new IllegalArgumentException("a[" + i + "][" + j + "] must not be null");
                }
                flat[i * n + j] = v;
            }
        }
        return flat;
    }

    // a (n x n, checked by squareSize) row by row in one array of BigIntegers (LinearSolve's too).
    static BigInteger[] flatten(long[][] a, int n) {
        BigInteger[] flat = new BigInteger[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                flat[i * n + j] = BigInteger.valueOf(a[i][j]);
            }
        }
        return flat;
    }

    // ------------------------------------------------------------------ dispatch

    private static ModularResult<BigInteger> compute(BigInteger[] a, int n, Options options,
            CrtStrategy strategy) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        Route route = options.route() == Route.AUTO ? Route.CRT : options.route();
        // the big-prime elimination holds n^2 k-digit elements in one long[] (k <= 128)
        boolean bigTooLarge = route == Route.BIG_PRIME && (long) n * n * MAX_GF_DIGITS > Integer.MAX_VALUE - 8;
        if (bigTooLarge) {
            route = Route.CRT;
        }
        ModularReport.Builder report = ModularReport.builder("det").route(route);
        if (options.route() == Route.AUTO) {
            report.note("auto chose " + route.cliName() + " (faster at every measured size, see BENCHMARKS.md)");
        }
        if (bigTooLarge) {
            report.note("big-prime route asked for, but n^2 = " + (long) n * n + " elements of up to " + MAX_GF_DIGITS
                    + " digits exceed one array: crt route instead");
        }
        long t = System.nanoTime();
        MatrixNorms norms = new MatrixNorms(a, n);
        BigInteger bound = norms.hadamard();
        report.phaseSince("bound", t);
        report.note("n = " + n + ", Hadamard bound 2^" + bound.bitLength());
        if (n == 0 || bound.signum() == 0) {
            // 0 x 0 (det 1, Hadamard 1) would need primes; a zero row or column gives bound 0.
            report.field("none").primesUsed(0).certification(Certification.PROVEN,
                    n == 0 ? "empty matrix" : "Hadamard bound 0 (a zero row or column)");
            return new ModularResult<>(n == 0 ? BigInteger.ONE : BigInteger.ZERO, report.build());
        }
        BigInteger target = bound.shiftLeft(1);
        MultimodularLoop loop = new MultimodularLoop(options, report);
        Images images = new Images(a, n);
        // what word-size primes would have to cover after the big primes
        long wordBits = target.bitLength();
        if (route == Route.BIG_PRIME) {
            wordBits -= Math.min(wordBits, GfPrimes.productOfAll().bitLength());
            if (wordBits <= WORD_PRIME_SUPPLY_BITS) {
                return new ModularResult<>(bigPrime(loop, images, target), report.build());
            }
        }
        int divisorFrom = loop.images().prefersWidePrimes() ? DEVICE_DIVISOR_MIN_N : DIVISOR_MIN_N;
        if (route == Route.CRT && (strategy == CrtStrategy.DIVISOR
                || strategy == CrtStrategy.AUTO && n >= divisorFrom)) {
            BigInteger det = divisorStrategy(loop, images, a, n, norms, bound);
            if (det != null) {
                return new ModularResult<>(det, report.build());
            }
        }
        if (wordBits > WORD_PRIME_SUPPLY_BITS) {
            return new ModularResult<>(bareiss(a, n, options, report), report.build());
        }
        return new ModularResult<>(crt(loop, images, a, n, bound), report.build());
    }

    /**
     * Bits that the primes below 2^23 cover together (their product has 12,097,365 bits): beyond
     * it the plain strategy would run out of primes.
     */
    static final long WORD_PRIME_SUPPLY_BITS = 12_000_000;

    /**
     * Fraction-free (Bareiss) elimination over Z, products by {@link IntegerMultiplication}
     * (NTT-based for large operands): n^3 / 3 products and exact divisions of numbers up to
     * bits(H), for bounds beyond {@link #WORD_PRIME_SUPPLY_BITS} (huge entries, where reducing
     * each entry modulo half a million primes would cost more). Proven.
     */
    static BigInteger bareiss(BigInteger[] flat, int n, Options options, ModularReport.Builder report) {
        long t = System.nanoTime();
        BigInteger[][] a = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            a[i] = java.util.Arrays.copyOfRange(flat, i * n, (i + 1) * n);
        }
        boolean negate = false;
        BigInteger prev = BigInteger.ONE;
        BigInteger det = null;
        for (int k = 0; k < n && det == null; k++) {
            options.checkCancelled("before elimination step " + (k + 1) + " of " + n);
            options.listener().progress("bareiss", k, n);
            int piv = k;
            while (piv < n && a[piv][k].signum() == 0) {
                piv++;
            }
            if (piv == n) {
                det = BigInteger.ZERO;
                break;
            }
            if (piv != k) {
                BigInteger[] r = a[piv];
                a[piv] = a[k];
                a[k] = r;
                negate = !negate;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    a[i][j] = IntegerMultiplication.multiply(a[i][j], a[k][k])
                            .subtract(IntegerMultiplication.multiply(a[i][k], a[k][j])).divide(prev);
                }
            }
            prev = a[k][k];
        }
        if (det == null) {
            det = negate ? prev.negate() : prev;
        }
        report.phaseSince("bareiss", t);
        report.field("none (fraction-free elimination over Z)").primesUsed(0).certification(Certification.PROVEN,
                "exact elimination; 2 * Hadamard bound beyond the " + WORD_PRIME_SUPPLY_BITS
                        + " bits that the primes below 2^" + ZpDetKernel.MAX_PRIME_BITS + " cover");
        return det;
    }

    // ------------------------------------------------------------------ CRT route

    /**
     * The plain strategy's prime size: below 2^23 for the CPU kernel on doubles, below 2^62 for
     * an engine that prefers wide primes (a GPU: its kernel is bound by memory traffic, so 2.7
     * times fewer images of the same cost).
     */
    private static int primeBits(MultimodularLoop loop) {
        return loop.images().prefersWidePrimes() ? WIDE_PRIME_BITS : ZpDetKernel.MAX_PRIME_BITS;
    }

    // Wide primes: 2^61 < p < 2^62, as ZpField and the engines take them.
    private static final int WIDE_PRIME_BITS = 62;

    /**
     * The plain strategy: det A modulo primes below 2^23 (2^62 for a device engine) until their product exceeds 2H
     * ({@link ProvenBound}), or, {@link Certification#PROBABILISTIC}, random primes in waves
     * sized by the floating-point estimate until the image is stable ({@link StableImages}).
     */
    private static BigInteger crt(MultimodularLoop loop, Images images, BigInteger[] a, int n,
            BigInteger bound) {
        Options options = loop.options();
        ModularReport.Builder report = loop.report();
        long t = System.nanoTime();
        BigInteger target = bound.shiftLeft(1);
        int bits = primeBits(loop);
        // the plan has at most this many primes, each at least 2^(bits - 1)
        long most = (target.bitLength() + 1L) / (bits - 1) + 2;
        EarlyTermination early = EarlyTermination.start(options, bound.bitLength() + 1L, bits,
                most, "a bound of 2^" + bound.bitLength(), report);
        // Proven plan: primes whose product exceeds 2H (random ones when the run may stop early,
        // so that no input defeats the stability check).
        PrimeSource source = early != null ? early.primes() : PrimeStream.below(1L << bits);
        long[] plan = PrimeSupply.covering(source, BigInteger.ONE, target);
        ProvenBound proven = new ProvenBound(target, "2 * Hadamard bound");
        StoppingRule<BigInteger[]> rule = proven;
        if (early != null) {
            int firstWave = plan.length;
            double est = DetEstimate.log2AbsDet(a, n);
            if (Double.isFinite(est)) {
                report.note(String.format(Locale.ROOT, "floating-point LU estimate log2|det| = %.1f", est));
                double estBits = Math.max(0, est) + 64;
                firstWave = (int) Math.min(plan.length,
                        Math.ceil(estBits / (bits - 1)) + early.checkPrimes());
            } else {
                report.note("floating-point LU estimate of log2|det| is " + est + ": not trusted, first wave = the"
                        + " proven count");
            }
            rule = new StableImages(early, firstWave, proven, ", " + plan.length + " primes needed for 2 * Hadamard"
                    + " bound 2^" + target.bitLength());
        }
        String field = early != null ? "random word-size primes in [2^" + (bits - 1) + ", 2^"
                + bits + ")" : "word-size primes < 2^" + bits;
        report.phaseSince("setup", t);
        // a proven plan is lifted once (product tree); a stability check lifts after every wave
        Combiner combiner = early == null ? new ProductTreeCombiner(1, loop.options()) : new GarnerCombiner(1);
        BigInteger det = loop.run(images, PrimeSupply.fixed(plan, field), combiner,
                UnluckyPrimes.none(), rule)[0];
        if (images.firstIsZero) {
            report.note("det = 0 modulo the first prime (singular with high probability)");
        }
        return det;
    }

    /**
     * det A modulo a batch of primes or generalized Fermat fields through the operation's image
     * engine; times d^-1 when a divisor d of det A is set (the cofactor of the divisor strategy).
     */
    private static final class Images implements ImageTask {
        private final BigInteger[] entries;
        private final int n;
        private LimbVector a; // made on first use: the Bareiss fallback never needs it
        private BigInteger divisor;
        private boolean first = true;
        boolean firstIsZero;

        Images(BigInteger[] entries, int n) {
            this.entries = entries;
            this.n = n;
        }

        private LimbVector limbs() {
            if (a == null) {
                a = LimbVector.of(entries);
            }
            return a;
        }

        @Override
        public ImageBatch images(ImageEngine engine, long[] primes) {
            long[] dets = engine.determinants(n, limbs(), primes);
            if (first && dets.length > 0) {
                firstIsZero = dets[0] == 0;
                first = false;
            }
            if (divisor != null) {
                for (int j = 0; j < primes.length; j++) {
                    long p = primes[j];
                    long dInv = ZpLu.inverse(divisor.mod(BigInteger.valueOf(p)).longValueExact(), p);
                    dets[j] = dets[j] * dInv % p;
                }
            }
            return ImageBatch.values(primes, dets);
        }

        @Override
        public ImageBatch images(ImageEngine engine, GfField[] fields) {
            long[][] dets = engine.determinants(n, limbs(), fields);
            BigInteger[] moduli = new BigInteger[fields.length];
            BigInteger[][] rows = new BigInteger[fields.length][];
            for (int j = 0; j < fields.length; j++) {
                moduli[j] = fields[j].modulus();
                rows[j] = new BigInteger[] {fields[j].toBigInteger(dets[j], 0)};
            }
            return ImageBatch.big(moduli, rows, null);
        }
    }

    // ------------------------------------------------------------------ CRT route, divisor strategy

    /*
     * The divisor trick (Abbott, Bronstein, Mulders 1999; Pan 1988). Solve A x = b for a random b
     * by Dixon lifting (DixonLift) modulo P^K with P^K > 2 N D, N bounding every |det A_i| (A with
     * column i replaced by b, Hadamard), D = H bounding |det A|. By Cramer x_i = det A_i / det A,
     * so the reduced fraction of x_i has numerator <= N and denominator <= D and is the unique such
     * fraction congruent to x_i (rational reconstruction); its denominator divides det A. The lcm
     * d of a few of them divides det A (for random b it is the largest invariant factor with high
     * probability), so c = det A / d has |c| <= H / d, and c is found by CRT with primes not
     * dividing d until their product exceeds 2 H / d. The primes of the factorizations give their
     * images of det A for free. Returns null (the caller then takes the plain strategy) when A is
     * singular modulo MAX_LU_FAILURES primes.
     */
    private static BigInteger divisorStrategy(MultimodularLoop loop, Images images, BigInteger[] a, int n,
            MatrixNorms norms, BigInteger bound) {
        List<LuImages> factors = new ArrayList<>();
        try {
            return divisorStrategy(loop, images, a, n, norms, bound, factors);
        } finally {
            for (LuImages lu : factors) {
                lu.close();
            }
        }
    }

    // The divisor strategy with the factor batches collected in factors (closed by the caller).
    private static BigInteger divisorStrategy(MultimodularLoop loop, Images images, BigInteger[] a, int n,
            MatrixNorms norms, BigInteger bound, List<LuImages> factors) {
        Options options = loop.options();
        ModularReport.Builder report = loop.report();
        long t = System.nanoTime();
        int threads = options.threads();
        long[] b = new long[n];
        SplittableRandom rnd = new SplittableRandom(0x5EED0000L + n); // fixed: reproducible runs
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextLong(-(1L << RHS_BITS), (1L << RHS_BITS) + 1);
        }
        BigInteger numBound = norms.replacedColumnBound(b);
        BigInteger denBound = bound;
        BigInteger residual = norms.rowAbsMax.max(BigInteger.ONE.shiftLeft(RHS_BITS));
        long lift = numBound.multiply(denBound).shiftLeft(1).bitLength();
        t = report.phaseSince("bound", t);

        // Factor A modulo k primes; k covers the typical cofactor (2 H / |det| is about 2^(0.73 n)
        // for random matrices) and balances k LUs against the lifting steps.
        int s0 = (int) (residual.bitLength() / (ZpDetKernel.MAX_PRIME_BITS - 1)) + 1;
        double kLift = Math.sqrt(3.0 * lift * s0 / (ZpDetKernel.MAX_PRIME_BITS * (double) n));
        if ((long) s0 * n * n * Double.BYTES > RESIDUE_BYTES) {
            report.note("divisor strategy: about " + s0 + " residue primes for entries of " + residual.bitLength()
                    + " bits would hold more than " + (RESIDUE_BYTES >> 20) + " MiB; plain CRT strategy instead");
            return null;
        }
        double kCofactor = (0.75 * n + 24) / (ZpDetKernel.MAX_PRIME_BITS - 1);
        int k = (int) Math.ceil(Math.max(kLift, kCofactor));
        k = (int) Math.max(1, Math.min(k, LU_BYTES / (8L * n * n)));
        // The primes: the largest below 2^23, and after the first one modulo which A is singular,
        // primes drawn at random from [2^22, 2^23) (seed in the report), so that no fixed
        // sequence (a det divisible by its first primes) can force the plain strategy; a
        // non-singular A is singular modulo a random prime with probability at most
        // (bits(H) / 22) / 2.6e5 (RandomPrimes), so MAX_LU_FAILURES of them mean singular.
        PrimeStream stream = PrimeStream.below(PRIME_BOUND);
        RandomPrimes[] random = new RandomPrimes[1];
        java.util.Set<Long> drawn = new java.util.HashSet<>();
        java.util.function.LongSupplier next = () -> {
            while (true) {
                long p = random[0] != null ? random[0].next() : stream.next();
                if (drawn.add(p)) {
                    return p;
                }
            }
        };
        // below n = 100 a factorization or solve is too small to hand to other threads: the
        // factorizations (and the lifting's solves on them) then get a one-thread engine; a device
        // engine leaves the lifting to the host (ImageEngines.forLifting)
        ImageEngine luEngine = ImageEngines.forLifting(n >= 100 ? options : options.withThreads(1));
        long moved = luEngine.transferNanos(); // host-device copies so far (GPU engines)
        int regular = 0;
        int failures = 0;
        while (regular < k) {
            long[] cand = new long[k - regular];
            for (int j = 0; j < cand.length; j++) {
                cand[j] = next.getAsLong();
            }
            boolean wasRandom = random[0] != null;
            // one batch of factorizations through the operation's image engine (kept there for the
            // lifting's batched solves)
            LuImages got = luEngine.factor(n, images.limbs(), cand);
            factors.add(got);
            loop.countImages(cand.length);
            for (int j = 0; j < cand.length; j++) {
                if (got.determinant(j) == 0) {
                    failures += wasRandom ? 1 : 0;
                    UnluckyPrimes.singular(cand[j], report);
                    if (random[0] == null) {
                        long seed = options.seedForRun();
                        random[0] = RandomPrimes.inRange(ZpDetKernel.MAX_PRIME_BITS, seed);
                        report.seed(seed).note("divisor strategy: A is singular modulo " + cand[j]
                                + "; further primes drawn at random from [2^22, 2^23)");
                    }
                } else {
                    regular++;
                }
            }
            if (failures >= MAX_LU_FAILURES) {
                report.note("divisor strategy: A is singular modulo " + failures
                        + " random primes (singular with high probability); plain CRT strategy proves the value");
                t = report.phaseSince("dixon-lu", t, luEngine.transferNanos() - moved);
                return null;
            }
        }
        t = report.phaseSince("dixon-lu", t, luEngine.transferNanos() - moved);
        moved = luEngine.transferNanos();

        long[] rns = DixonLift.residuePrimes(next, residual);
        if ((long) rns.length * n * n * Double.BYTES > RESIDUE_BYTES) {
            report.note("divisor strategy: " + rns.length + " residue primes for entries of " + residual.bitLength()
                    + " bits would hold more than " + (RESIDUE_BYTES >> 20) + " MiB; plain CRT strategy instead");
            return null;
        }
        DixonLift dixon = new DixonLift(a, n, factors, rns);
        BigInteger stepModulus = dixon.stepModulus();
        BigInteger target = numBound.multiply(denBound).shiftLeft(1);
        int steps = Math.max(1, (int) (target.bitLength() / stepModulus.bitLength()));
        BigInteger m = stepModulus.pow(steps);
        while (m.compareTo(target) <= 0) {
            m = m.multiply(stepModulus);
            steps++;
        }
        int components = Math.min(n, DIVISOR_COMPONENTS);
        BigInteger[] xs = dixon.lift(b, steps, components, n >= 100 ? threads : 1, options);
        t = report.phaseSince("dixon-lift", t, luEngine.transferNanos() - moved);

        // Reconstruct x_0, then each further x_i times the divisor so far: d x_i = a / e in lowest
        // terms has e <= D / d (lcm(d, denominator of x_i) divides det A) and |a| <= N d, and
        // 2 (N d)(D / d) <= 2 N D < m. Wang's stopping row (r, t) then has a t = e r exactly;
        // with gcd(t, m) = 1 (m = P^K: checked against P) and 0 < |t| <= D / d, |t| = e.
        BigInteger d = BigInteger.ONE;
        for (BigInteger x : xs) {
            BigInteger rest = denBound.divide(d);
            BigInteger[] row = RationalReconstruction.stoppingRow(x.multiply(d), m, numBound.multiply(d));
            BigInteger e = row[1].abs();
            if (e.signum() == 0 || e.compareTo(rest) > 0 || !e.gcd(stepModulus).equals(BigInteger.ONE)) {
                throw new IllegalStateException("rational reconstruction failed within proven bounds (n = " + n + ")");
            }
            d = d.multiply(e);
        }
        t = report.phaseSince("rational-reconstruction", t);

        // c = det A / d by CRT, starting from the factorization primes (none divides d), then the
        // multimodular loop over more primes not dividing d until the modulus exceeds 2 H / d.
        BigInteger cofBound = denBound.divide(d);
        if (cofBound.bitLength() + 2L > WORD_PRIME_SUPPLY_BITS) {
            report.note("divisor strategy: the cofactor bound 2^" + cofBound.bitLength() + " needs more primes than"
                    + " exist below 2^" + ZpDetKernel.MAX_PRIME_BITS);
            return null;
        }
        Combiner acc = new GarnerCombiner(1);
        BigInteger factorPrimes = BigInteger.ONE;
        for (LuImages lu : factors) {
            for (int j = 0; j < lu.count(); j++) {
                long p = lu.prime(j);
                if (lu.determinant(j) != 0) {
                    long dInv = ZpLu.inverse(d.mod(BigInteger.valueOf(p)).longValueExact(), p);
                    acc.add(p, new long[] {lu.determinant(j) * dInv % p});
                    factorPrimes = factorPrimes.multiply(BigInteger.valueOf(p));
                }
            }
        }
        BigInteger cofTarget = cofBound.shiftLeft(1);
        int extra = 0;
        if (acc.modulus().compareTo(cofTarget) <= 0) {
            PrimeStream cofactorPrimes = PrimeStream.below(PRIME_BOUND, d, factorPrimes);
            long[] plan = PrimeSupply.covering(cofactorPrimes, acc.modulus(), cofTarget);
            for (long p : cofactorPrimes.skipped()) {
                if (d.mod(BigInteger.valueOf(p)).signum() == 0) {
                    report.skipped(p); // divides d (the factorization primes passed over were used already)
                }
            }
            t = report.phaseSince("cofactor-crt", t);
            images.divisor = d;
            loop.run(images, PrimeSupply.fixed(plan, "word-size primes < 2^" + ZpDetKernel.MAX_PRIME_BITS), acc,
                    UnluckyPrimes.none(), new ProvenBound(cofTarget, "2 * Hadamard bound / d"));
            images.divisor = null;
            extra = plan.length;
            t = System.nanoTime(); // the loop's time went to its phases images and crt
        }
        t = report.phaseSince("cofactor-crt", t);
        report.field("word-size primes < 2^" + ZpDetKernel.MAX_PRIME_BITS + " (divisor strategy)")
                .primesUsed(k + extra)
                .certification(Certification.PROVEN, "divisor d = 2^" + d.bitLength() + " from Dixon lifting to 2^"
                        + m.bitLength() + " > 2 N D = 2^" + target.bitLength() + "; cofactor modulus 2^"
                        + acc.modulus().bitLength() + " > 2 * Hadamard bound / d = 2^" + cofBound.shiftLeft(1).bitLength());
        report.note("divisor strategy: " + k + " LU primes (" + luEngine.name() + "), " + rns.length
                + " residue primes, "
                + steps + " lifting steps of " + stepModulus.bitLength() + " bits, " + extra
                + " more cofactor primes; log2 d = " + d.bitLength() + " of Hadamard 2^" + bound.bitLength());
        return d.multiply(acc.symmetric()[0]);
    }

    // ------------------------------------------------------------------ big-prime route

    /**
     * Elimination in the generalized Fermat fields of {@link GfPrimes#coverOrAll}(2H), word-size
     * primes below 2^23 making up the rest beyond all presets; proven.
     */
    private static BigInteger bigPrime(MultimodularLoop loop, Images images, BigInteger target) {
        ModularReport.Builder report = loop.report();
        long t = System.nanoTime();
        List<GfPreset> fields = GfPrimes.coverOrAll(target);
        PrimeSupply words = null;
        if (GfPrimes.productOfAll().compareTo(target) <= 0) {
            report.note("2 * Hadamard bound 2^" + target.bitLength() + " exceeds all generalized Fermat presets "
                    + "together (2^" + GfPrimes.productOfAll().bitLength() + "): word-size primes make up the rest");
            long[] plan = PrimeSupply.covering(PrimeStream.below(PRIME_BOUND), GfPrimes.productOfAll(), target);
            words = PrimeSupply.fixed(plan, "word-size primes < 2^" + ZpDetKernel.MAX_PRIME_BITS);
        }
        PrimeSupply supply = PrimeSupply.fieldsThen(fields, words);
        report.phaseSince("setup", t);
        BigInteger det = loop.run(images, supply, new GarnerCombiner(1), UnluckyPrimes.none(),
                new ProvenBound(target, "2 * Hadamard bound"))[0];
        report.field("generalized Fermat " + supply.describe());
        return det;
    }
}
