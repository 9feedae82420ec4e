package org.modalg.polynomial.convolution;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.doublentt.QuotientRounding;
import org.modalg.fields.BigIntegerWords;
import org.modalg.fields.NttPrimes;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.convolution.PipelinePhases.Phase;
import org.modalg.polynomial.integer.DoubleNttIntMul;
import org.modalg.polynomial.zp.DoubleNttPolyMulZp;

/**
 * The one convolution pipeline of the library on the CPU, after FLINT's {@code fft_small}
 * convolution model: every product by small primes (Z[x], Z/pZ[x] for any p &lt; 2^64, and
 * integers) is a plan of this class and runs the same three steps; the clients only choose the
 * shape and supply the two hooks.
 *
 * <p><b>The plan</b> (precomputation for one shape) fixes the primes (the first s of one prime
 * set: the largest below 2^50 with 2^28 | q - 1, one cached {@link DoubleCrt} basis per count,
 * {@link #first}), the transform length N = 2^log2n and layout (one cyclic convolution, or a
 * truncated length of 1.25, 1.5 or 1.75 times N/2 by the split layouts {@link #HALF},
 * {@link #QUARTER}, {@link #THREE_QUARTERS}), the output window [lo, hi) of product
 * coefficients and the coefficient bound. A plan <i>declines</i> a shape it cannot take
 * ({@link #of} returns empty, {@link #ofShape} refuses by name) so that the caller falls to the
 * next route (Kronecker substitution, blocks).
 * <ol>
 * <li><b>Projection</b> (hook {@link Projection}): per prime, an operand's residues written
 * straight into the transform's coefficient matrix. Z[x]: signed 48-bit piece planes from
 * BigIntegers or {@link PackedCoefficients} ({@link Operand}) reduced by Horner
 * ({@link #residues}); integers: w-bit pieces of the limbs ({@link DoubleNttIntMul.Pieces});
 * Z/pZ[x]: the entries mod p ({@code DoubleNttPolyMulZp.Entries}).</li>
 * <li><b>Transforms</b>: per prime one cyclic convolution on {@link DoubleNttPlan} (forward
 * transforms of both operands, the pointwise product fused into the inverse; three matrices per
 * prime), or the split layouts' two or three convolutions recombined by the CRT of polynomials,
 * or the convolutions of an {@link NttEngine} (a GPU's) for
 * {@link #multiply(Operand, Operand, NttEngine, int)}. An operand can be transformed once and
 * reused ({@link #transform}: a fixed operand times many, squares).</li>
 * <li><b>Recombination</b> (hook {@link Recombination}): Garner's signed mixed-radix digits
 * ({@link DoubleCrt#digits}) row by row, handed to the hook while in cache: packed signed Z
 * coefficients ({@link #packed}, {@link #pack}; from 16 primes by {@link DigitPacking}); limbs with carries (the digits normalized, then
 * packed by planes with one multiply-add pass per prime, {@link DoubleNttIntMul}); residues mod p
 * by a fused reduction of the normalized digits ({@link DoubleNttPolyMulZp}).</li>
 * </ol>
 *
 * <p>Z[x] bound: bitsA + bitsB + ceil(log2 min(aLen, bLen)) bits, primes whose product M
 * exceeds twice it; with the window [lo, hi) the transform length is the least power of two
 * N &gt;= max(hi, aLen + bLen - 1 - lo, aLen, bLen): a cyclic product of that length aliases no
 * coefficient of the window, so a middle product (the window of a Newton step) needs a
 * transform about half as long as the full product.
 *
 * <p>Cost: O(s N log N) for the transforms (s primes, about 0.75 ns per butterfly), O(s N
 * pieces) for the projection, O(s^2 N) for Garner and O(s N) to O(s limbs N) for the output
 * hook. Primes run in parallel when there are at least twice as many as threads or the transforms
 * have at most 2^25 points (Tuning.acrossPrimesLog2n), with the idle threads in their passes,
 * otherwise each transform uses the threads; the integer
 * product's plans ({@link #primesInParallel}) run their primes in parallel and fork each prime's
 * independent parts on the same pool (see {@code forPrimes}). Plans are immutable and thread-safe.
 */
public final class ConvolutionPlan {
    /** Primes are the largest below 2^50 with 2^TWO_ADIC | p - 1. */
    public static final int TWO_ADIC = 28;

    /** Most primes: coefficient products of up to about 200,000 bits. */
    public static final int MAX_PRIMES = 4096;

    /** The longest transform: 2^28 points, the limit of {@link DoubleNttPlan} and of the primes' 2-adic order. */
    public static final int MAX_LOG2N = Math.min(DoubleNttPlan.MAX_LOG2N, TWO_ADIC);

    private static final ConcurrentHashMap<Integer, DoubleCrt> BASES = new ConcurrentHashMap<>();
    private static volatile long[] primes = new long[0];

    /** Layout: one cyclic convolution of length N = 2^log2n. */
    public static final int CYCLIC = 0;
    /** Layout: a negacyclic convolution of length N = 2^log2n and a cyclic one of length N/2 (up to 1.5 N product coefficients). */
    public static final int HALF = 1;
    /** Layout: a negacyclic convolution of length N = 2^log2n and a negacyclic one of length N/4 (up to 1.25 N). */
    public static final int QUARTER = 2;
    /**
     * Layout: negacyclic convolutions of lengths N = 2^log2n and N/2 and a cyclic one of length
     * N/4 (x^N + 1, x^(N/2) + 1 and x^(N/4) - 1 are coprime factors of x^(2N) - 1; up to 1.75 N).
     */
    public static final int THREE_QUARTERS = 3;

    private final int aLen;
    private final int bLen;
    private final int bitsA;
    private final int bitsB;
    private final int lo;
    private final int hi;
    private final int bound;
    private final int log2n;
    private final int layout;
    // whether the primes always run in parallel on several threads (else from 2 primes per thread)
    private final boolean acrossPrimes;
    private final DoubleCrt crt;
    private final DoubleNttPlan shape;

    private ConvolutionPlan(int aLen, int bLen, int bitsA, int bitsB, int lo, int hi, int log2n) {
        this(aLen, bLen, bitsA, bitsB, lo, hi, log2n, CYCLIC, (int) boundBits(bitsA, bitsB, aLen, bLen), null);
    }

    private ConvolutionPlan(int aLen, int bLen, int bitsA, int bitsB, int lo, int hi, int log2n, int layout, int bound,
            DoubleCrt crt) {
        this(aLen, bLen, bitsA, bitsB, lo, hi, log2n, layout, bound, crt, false);
    }

    private ConvolutionPlan(int aLen, int bLen, int bitsA, int bitsB, int lo, int hi, int log2n, int layout, int bound,
            DoubleCrt crt, boolean acrossPrimes) {
        this.acrossPrimes = acrossPrimes;
        this.aLen = aLen;
        this.bLen = bLen;
        this.bitsA = bitsA;
        this.bitsB = bitsB;
        this.lo = lo;
        this.hi = hi;
        this.bound = bound;
        this.log2n = log2n;
        this.layout = layout;
        this.crt = crt != null ? crt : basis(bound);
        this.shape = DoubleNttPlan.of(this.crt.prime(0), log2n);
    }

    /**
     * A plan with the primes, transform length and layout fixed by the caller (a client that
     * chooses its own shape: the integer product's piece size and truncated layout, the
     * product mod p's prime count): products of operands of at most aLen and bLen entries
     * whose projections are below 2^bits, window [lo, hi) of the product, values below 2^bound
     * in magnitude (what Garner's signed digits determine with this basis). The caller has
     * checked that the shape is within the limits (primes from {@link #primes}, log2n in
     * [{@link DoubleNttPlan#MIN_LOG2N}, {@link #MAX_LOG2N}], and for a split layout 2^(log2n + 1)
     * | q - 1 and a last convolution of at least 2^MIN_LOG2N points).
     *
     * @throws IllegalArgumentException if the shape is out of these ranges
     */
    public static ConvolutionPlan ofShape(DoubleCrt crt, int log2n, int layout, int aLen, int bLen, int bits, int lo, int hi,
            int bound) {
        int smallest = layout == CYCLIC ? log2n : layout == HALF ? log2n - 1 : log2n - 2;
        long capacity = capacity(log2n, layout);
        if (log2n > MAX_LOG2N || smallest < DoubleNttPlan.MIN_LOG2N || (layout != CYCLIC && log2n + 1 > TWO_ADIC)
                || aLen < 1 || bLen < 1 || lo < 0 || hi <= lo || hi > (long) aLen + bLen - 1
                || (layout != CYCLIC && ((long) aLen + bLen - 1 > capacity || lo != 0 || hi != aLen + bLen - 1))) {
            throw new IllegalArgumentException("no convolution of 2^" + log2n + " points in layout " + layout
                    + " for operands of " + aLen + " and " + bLen + " entries, window [" + lo + ", " + hi
                    + ") (log2n in [" + DoubleNttPlan.MIN_LOG2N + ", " + MAX_LOG2N + "], the product within the layout's "
                    + capacity + " points)");
        }
        return new ConvolutionPlan(aLen, bLen, bits, bits, lo, hi, log2n, layout, bound, crt);
    }

    /**
     * This plan with its primes run in parallel whenever there are several threads (one prime
     * per task; the transforms themselves on one thread), instead of only from two primes per
     * thread: for short transforms of several primes (the integer product's), where splitting
     * one transform costs more than an idle thread at the end.
     */
    public ConvolutionPlan primesInParallel() {
        return new ConvolutionPlan(aLen, bLen, bitsA, bitsB, lo, hi, log2n, layout, bound, crt, true);
    }

    /** The most product coefficients a layout of 2^log2n holds: N, 1.5 N, 1.25 N or 1.75 N. */
    public static long capacity(int log2n, int layout) {
        long n = 1L << log2n;
        switch (layout) {
            case CYCLIC:
                return n;
            case HALF:
                return n + n / 2;
            case QUARTER:
                return n + n / 4;
            default:
                return n + n / 2 + n / 4;
        }
    }

    /**
     * The plan of the full product of operands of at most aLen and bLen coefficients of at most
     * bitsA and bitsB bits (window [0, aLen + bLen - 1)), or empty when this route declines the
     * shape (see {@link #of(long, long, int, int, long, long)}).
     */
    public static Optional<ConvolutionPlan> of(long bitsA, long bitsB, int aLen, int bLen) {
        return of(bitsA, bitsB, aLen, bLen, 0, (long) aLen + bLen - 1);
    }

    /**
     * The plan of the coefficients [lo, hi) of products of operands of at most aLen and bLen
     * coefficients of at most bitsA and bitsB bits, or empty when this route declines: a length
     * below 1 or a bit size below 1 (a zero operand: the product is zero, nothing to transform),
     * a window not inside [0, aLen + bLen - 1) or empty, a transform longer than 2^{@link
     * #MAX_LOG2N}, or a bound needing more than {@link #MAX_PRIMES} primes. O(1) when the
     * prime basis of the bound is cached.
     */
    static Optional<ConvolutionPlan> of(long bitsA, long bitsB, int aLen, int bLen, long lo, long hi) {
        int log2n = log2n(aLen, bLen, lo, hi);
        if (log2n < 0 || !primesFit(bitsA, bitsB, aLen, bLen)) {
            return Optional.empty();
        }
        return Optional.of(new ConvolutionPlan(aLen, bLen, (int) bitsA, (int) bitsB, (int) lo, (int) hi, log2n));
    }

    // The transform length's log2 for the window, or -1 when the window or lengths are declined.
    private static int log2n(int aLen, int bLen, long lo, long hi) {
        long n = (long) aLen + bLen - 1;
        if (aLen < 1 || bLen < 1 || lo < 0 || hi <= lo || hi > n) {
            return -1;
        }
        long need = Math.max(Math.max(hi, n - lo), Math.max(aLen, bLen));
        if (need > 1L << MAX_LOG2N) {
            return -1;
        }
        return Math.max(DoubleNttPlan.MIN_LOG2N, 64 - Long.numberOfLeadingZeros(need - 1));
    }

    // Whether the bound's primes are at most MAX_PRIMES (each prime exceeds 2^49).
    private static boolean primesFit(long bitsA, long bitsB, int aLen, int bLen) {
        if (bitsA < 1 || bitsB < 1 || bitsA > Integer.MAX_VALUE || bitsB > Integer.MAX_VALUE) {
            return false;
        }
        long bound = boundBits(bitsA, bitsB, aLen, bLen);
        return (bound + 1) / 49 + 1 <= MAX_PRIMES;
    }

    /**
     * Whether {@link #of(long, long, int, int)} takes the full product of this shape: the
     * product's length aLen + bLen - 1 is at most 2^{@link #MAX_LOG2N}, and the bound needs at
     * most {@link #MAX_PRIMES} primes. Every array is then within the JVM's limit (matrices
     * and word planes have rows and columns of at most 2^14, the packed product comes in chunks
     * of 4096 coefficients). Pure arithmetic, allocates nothing.
     */
    public static boolean fits(long bitsA, long bitsB, int aLen, int bLen) {
        return log2n(aLen, bLen, 0, (long) aLen + bLen - 1) >= 0 && primesFit(bitsA, bitsB, aLen, bLen);
    }

    /**
     * Estimated peak heap bytes of a full product of this shape (only meaningful when
     * {@link #fits}): the operands' word planes, one transform matrix per prime, a group of
     * primes' spectra ({@link Tuning#projectionPrimes}) plus one, and
     * the packed product. A rough figure for the route choice.
     */
    public static long bytes(long bitsA, long bitsB, int aLen, int bLen) {
        long n = (long) aLen + bLen - 1;
        long len = 1L << Math.max(DoubleNttPlan.MIN_LOG2N, 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1)));
        long bound = boundBits(bitsA, bitsB, aLen, bLen);
        long primes = (bound + 1) / 49 + 1;
        long planes = 8 * ((bitsA + 31) / 32 * aLen + (bitsB + 31) / 32 * bLen);
        // the results, a group's spectra of a (convolveInGroups) and one of b
        long group = Math.min(primes, primesPerPass);
        return planes + 8 * (primes + (group > 1 ? group : 0) + 1) * len + n * (8 * ((bound + 63) / 64) + 1);
    }

    /**
     * Bits of a bound on |c_k| for c = a * b with |a_i| &lt; 2^bitsA, |b_j| &lt; 2^bitsB:
     * max|a_i| max|b_j| min(aLen, bLen) &lt; 2^(bitsA + bitsB + ceil(log2 min(aLen, bLen))).
     * In long arithmetic, for coefficients near BigInteger's limit.
     */
    public static long boundBits(long bitsA, long bitsB, int aLen, int bLen) {
        return bitsA + bitsB + ceilLog2(Math.min(aLen, bLen));
    }

    /** ceil(log2 n), 0 for n &lt;= 1. */
    public static int ceilLog2(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** The largest bit length of |x| over the range (0 for an all-zero range). O(n). */
    public static int maxBits(BigInteger[] x, int off, int len) {
        int bits = 0;
        for (int i = 0; i < len; i++) {
            BigInteger v = x[off + i];
            // bitLength() excludes the sign bit: for v = -2^k it is one short of |v|'s
            int b = v.bitLength();
            if (b >= bits) {
                bits = v.signum() < 0 && v.getLowestSetBit() == b ? b + 1 : b;
            }
        }
        return bits;
    }

    /**
     * The fewest of the largest primes below 2^50 (2^28 | p - 1) with product M &gt;= 2^(bits + 1)
     * (1 + 2^-30), so that values of magnitude below 2^bits are determined (see {@link #pack}):
     * {@link #first} of that count. O(1) once the bound was seen.
     */
    public static DoubleCrt basis(int bits) {
        return BASES.computeIfAbsent(bits, k -> {
            int s = (bits + 1) / 49 + 1;
            long[] ps = primes(s);
            // M >= 2^(bits + 1) (1 + 2^-30): the margin pack() needs beyond M > 2^(bits + 1)
            BigInteger target = BigInteger.ONE.shiftLeft(bits + 1).add(BigInteger.ONE.shiftLeft(Math.max(0, bits - 29)));
            BigInteger m = BigInteger.ONE;
            int used = 0;
            while (m.compareTo(target) <= 0) {
                if (used == ps.length) { // not expected: every prime exceeds 2^49
                    ps = primes(Math.min(MAX_PRIMES, 2 * used));
                }
                m = m.multiply(BigInteger.valueOf(ps[used++]));
            }
            return first(used);
        });
    }

    /**
     * The one prime-basis cache of every client of the pipeline: the Garner basis of the first
     * s primes of the one prime set (the largest below 2^50 with 2^28 | p - 1, decreasing),
     * made once per count and shared by {@link #basis}, the integer product and the product
     * mod p.
     *
     * @throws IllegalArgumentException if s is not in [1, {@link #MAX_PRIMES}]
     */
    public static DoubleCrt first(int s) {
        if (s < 1 || s > MAX_PRIMES) {
            throw new IllegalArgumentException("prime count must be in [1, " + MAX_PRIMES + "], got " + s);
        }
        DoubleCrt[] bases = byCount;
        DoubleCrt c = s < bases.length ? bases[s] : null;
        return c != null ? c : firstSlow(s);
    }

    private static synchronized DoubleCrt firstSlow(int s) {
        if (s >= byCount.length) {
            byCount = Arrays.copyOf(byCount, Math.max(s + 1, 2 * byCount.length));
        }
        DoubleCrt c = byCount[s];
        if (c == null) {
            c = new DoubleCrt(Arrays.copyOf(primes(s), s));
            DoubleCrt[] next = byCount.clone();
            next[s] = c;
            byCount = next; // published whole: readers see a complete array
        }
        return c;
    }

    private static volatile DoubleCrt[] byCount = new DoubleCrt[8];

    /**
     * The first count primes of the one prime set (a shared array: not to be written).
     *
     * @throws IllegalArgumentException if count exceeds {@link #MAX_PRIMES}
     */
    public static synchronized long[] primes(int count) {
        if (primes.length < count) {
            if (count > MAX_PRIMES) {
                throw new IllegalArgumentException("coefficients too large for the NTT route: "
                        + count + " primes needed, at most " + MAX_PRIMES);
            }
            primes = NttPrimes.generate(Math.max(count, Math.min(MAX_PRIMES, 2 * primes.length)),
                    DoubleNttPlan.MAX_PRIME_EXCLUSIVE, TWO_ADIC);
        }
        return primes;
    }

    /** The number of primes. */
    int primeCount() {
        return crt.size();
    }

    /** log2 of the transform length. */
    int log2n() {
        return log2n;
    }

    /** Bits of the coefficient bound. */
    int boundBits() {
        return bound;
    }

    /** The Garner basis (the primes). */
    DoubleCrt basis() {
        return crt;
    }

    @Override
    public String toString() {
        return "ConvolutionPlan[" + aLen + " x " + bLen + ", " + bitsA + " x " + bitsB + " bits, window [" + lo + ", "
                + hi + "), " + crt.size() + " primes, n = 2^" + log2n + (layout == CYCLIC ? "" : ", layout " + layout) + "]";
    }

    // ------------------------------------------------------------------ operands

    /**
     * An operand's signed 32-bit word planes in the plan's matrix shape (rows of the
     * transform's row length C, the ceil(len / C) rows the coefficients occupy), from the
     * matrix pool; {@link #release} gives them back. Not thread-safe to release twice.
     */
    public static final class Operand implements Projection {
        final double[][][] words;
        final int length;
        final int bits;

        private Operand(double[][][] words, int length, int bits) {
            this.words = words;
            this.length = length;
            this.bits = bits;
        }

        /** Gives the planes back to the matrix pool; the operand must not be used afterwards. */
        public void release() {
            giveBack(words);
        }

        @Override
        public int residues(long q, double[][] m) {
            ConvolutionPlan.residues(words, q, m);
            return words[0].length;
        }

        @Override
        public int residues(long[] qs, int from, int to, double[][][] ms) {
            ConvolutionPlan.residues(words, qs, from, to, ms);
            return words[0].length;
        }

        @Override
        public int primesPerPass() {
            return words.length > 1 ? primesPerPass : 1;
        }

        @Override
        public int length() {
            return length;
        }
    }

    /**
     * The operand x[off .. off + len) for this plan (its length and bits at most the plan's
     * for operand a or b: {@code second} picks b). O(len words).
     *
     * @throws IllegalArgumentException if the operand exceeds the plan's shape
     */
    public Operand operand(BigInteger[] x, int off, int len, boolean second, int threads) {
        return operand(x, off, len, maxBits(x, off, len), second, threads);
    }

    /** {@link #operand(BigInteger[], int, int, boolean, int)} with the coefficients' largest bit length known. */
    public Operand operand(BigInteger[] x, int off, int len, int bits, boolean second, int threads) {
        checkOperand(len, bits, second);
        threads = usefulThreads(threads);
        double[][][] w = planes(wordCount(bits), len, shape);
        words(x, off, len, w, WorkerPools.of(threads));
        return new Operand(w, len, bits);
    }

    /** The operand given packed (no BigIntegers made). O(len words). */
    public Operand operand(PackedCoefficients p, boolean second) {
        checkOperand(p.length(), p.maxBits(), second);
        double[][][] w = planes(wordCount(p.maxBits()), p.length(), shape);
        p.words(w);
        return new Operand(w, p.length(), p.maxBits());
    }

    private void checkOperand(int len, int bits, boolean second) {
        int maxLen = second ? bLen : aLen;
        int maxBits = second ? bitsB : bitsA;
        if (len < 1 || len > maxLen || bits > maxBits) {
            throw new IllegalArgumentException("operand " + (second ? "b" : "a") + " of length " + len + " and " + bits
                    + " bits exceeds the plan (length in [1, " + maxLen + "], at most " + maxBits + " bits)");
        }
    }

    /**
     * An operand transformed modulo every prime of the plan, to be multiplied any number of
     * times ({@link #multiply(Transformed, Transformed, int)}, {@link #multiply(Transformed,
     * Operand, int)}, {@link #convolve(Transformed, Projection, int)}): a fixed factor then costs
     * two transforms per prime and product instead of three. Only read by those products, so
     * several threads may use one at once. {@link #release} gives its spectra back to the pool
     * (optional: unreleased spectra are garbage like any array).
     */
    public static final class Transformed {
        final ConvolutionPlan plan;
        final double[][][] spectra;
        final int length;
        final int bits;

        private Transformed(ConvolutionPlan plan, double[][][] spectra, int length, int bits) {
            this.plan = plan;
            this.spectra = spectra;
            this.length = length;
            this.bits = bits;
        }

        /** Gives the spectra back to the matrix pool; the operand must not be used afterwards. */
        public void release() {
            giveBack(spectra);
        }
    }

    /** The forward transforms of x modulo every prime. O(s N log N). */
    Transformed transform(Operand x, boolean second, int threads) {
        checkOperand(x.length, x.bits, second);
        return transform(x, x.bits, threads);
    }

    /**
     * The forward transforms of any projected operand modulo every prime (cyclic layout), whose
     * projection is below 2^bits in magnitude. O(s N log N).
     *
     * @throws IllegalArgumentException if the plan's layout is not cyclic
     */
    public Transformed transform(Projection x, int bits, int threads) {
        checkCyclic();
        threads = usefulThreads(threads);
        int s = crt.size();
        double[][][] spectra = new double[s][][];
        forPrimes(threads, (j, inner, tasks) -> {
            DoubleNttPlan plan = DoubleNttPlan.of(crt.prime(j), log2n);
            double[][] m = plan.borrowCoefficients();
            int rows = x.residues(crt.prime(j), m);
            double[][] sp = plan.borrowSpectrum();
            plan.forward(m, sp, false, inner, rows);
            DoubleNttPlan.giveBack(m);
            spectra[j] = sp;
        });
        return new Transformed(this, spectra, x.length(), bits);
    }

    private void checkCyclic() {
        if (layout != CYCLIC) {
            throw new IllegalArgumentException("transformed operands need the cyclic layout, not layout " + layout
                    + " of " + this);
        }
    }

    // ------------------------------------------------------------------ products

    /**
     * The window of a * b (b == a: a square, one transform per prime), packed. O(s N log N +
     * s^2 N + s N words).
     */
    public PackedCoefficients multiply(Operand a, Operand b, int threads) {
        checkOperand(a.length, a.bits, false);
        checkOperand(b.length, b.bits, true);
        return packed(convolve(a, b, threads), threads);
    }

    /** The window of a * b for transformed operands of this plan (b == a: a square). O(s N log N + s^2 N). */
    PackedCoefficients multiply(Transformed a, Transformed b, int threads) {
        checkPair(a.length, a.bits, b.length, b.bits);
        return packed(convolve(a, b, threads), threads);
    }

    /** The window of a * b for a transformed operand a (a fixed factor) and a fresh b. O(s N log N + s^2 N). */
    PackedCoefficients multiply(Transformed a, Operand b, int threads) {
        checkPair(a.length, a.bits, b.length, b.bits);
        return packed(convolve(a, b, threads), threads);
    }

    // The two factors within the plan's shape, in either order (a square of the longer operand
    // slot exceeds the bound and window the plan was made for).
    private void checkPair(int lenX, int bitsX, int lenY, int bitsY) {
        boolean direct = lenX <= aLen && bitsX <= bitsA && lenY <= bLen && bitsY <= bitsB;
        boolean swapped = lenX <= bLen && bitsX <= bitsB && lenY <= aLen && bitsY <= bitsA;
        if (!direct && !swapped) {
            throw new IllegalArgumentException("factors of lengths " + lenX + " and " + lenY + " with " + bitsX
                    + " and " + bitsY + " bits exceed the plan (" + aLen + " x " + bLen + ", " + bitsA + " x " + bitsB
                    + " bits)");
        }
    }

    private void checkTransformed(Transformed t) {
        if (t.plan != this && (t.plan.log2n != log2n || t.plan.crt != crt)) {
            throw new IllegalArgumentException("the operand was transformed by another plan (" + t.plan
                    + "), not by " + this);
        }
    }

    private static void copy(double[][] from, double[][] to) {
        for (int r = 0; r < from.length; r++) {
            System.arraycopy(from[r], 0, to[r], 0, from[r].length);
        }
    }

    /**
     * The window of a * b with the transforms on {@code engine} (a GPU's): the same primes,
     * projection and recombination as the CPU route, the residues handed to
     * {@link NttEngine#cyclicConvolution} as rows of longs in [0, p); host work on
     * {@code threads} threads.
     *
     * @throws IllegalArgumentException if the transform is longer than the engines' limit
     *     2^{@link NttPlan#MAX_LOG2N} or the s rows of N words exceed an array
     */
    public PackedCoefficients multiply(Operand a, Operand b, NttEngine engine, int threads) {
        checkOperand(a.length, a.bits, false);
        checkOperand(b.length, b.bits, true);
        return packed(convolve(a, b, engine), threads);
    }

    /**
     * Step 2 of the pipeline on {@code engine} (a GPU's): per prime the residues of the
     * projections as rows of longs in [0, q) ({@link DoubleNttPlan#residue}), one
     * {@link NttEngine#cyclicConvolution} for all primes, the results back in coefficient
     * matrices (values in [0, q), as {@link DoubleCrt#digits} takes them). Cyclic layout only.
     *
     * @throws IllegalArgumentException if the layout is not cyclic, the transform is longer than
     *     the engines' limit 2^{@link NttPlan#MAX_LOG2N} or the s rows of N words exceed an array
     */
    public Convolved convolve(Projection a, Projection b, NttEngine engine) {
        checkCyclic();
        int s = crt.size();
        long len = 1L << log2n;
        if (log2n > NttPlan.MAX_LOG2N || s * len > Limbs.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("the engine route cannot take " + s + " primes of 2^" + log2n
                    + " points (at most 2^" + NttPlan.MAX_LOG2N + " points and " + Limbs.MAX_ARRAY_LENGTH
                    + " words per operand)");
        }
        long[] ps = new long[s];
        for (int j = 0; j < s; j++) {
            ps[j] = crt.prime(j);
        }
        long[] fa = engineRows(a, ps);
        long[] fb = b == a ? fa : engineRows(b, ps);
        engine.cyclicConvolution(ps, log2n, fa, fb, fa, s);
        double[][][] res = new double[s][][];
        int cols = shape.columns();
        for (int j = 0; j < s; j++) {
            double[][] m = shape.borrowCoefficients();
            int base = (int) (j * len);
            for (int r = 0; r < m.length; r++) {
                double[] row = m[r];
                for (int c = 0; c < cols; c++) {
                    row[c] = fa[base + r * cols + c]; // in [0, p): below 1.3 p as digits() takes
                }
            }
            res[j] = m;
        }
        return new Convolved(res, res);
    }

    // s rows of N: row j holds x mod p_j in [0, p_j), zero-padded.
    private long[] engineRows(Projection x, long[] ps) {
        int len = 1 << log2n;
        int cols = shape.columns();
        long[] out = new long[ps.length * len];
        double[][] m = shape.borrowCoefficients();
        for (int j = 0; j < ps.length; j++) {
            int rows = x.residues(ps[j], m);
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    out[j * len + r * cols + c] = DoubleNttPlan.residue(m[r][c], ps[j]);
                }
            }
        }
        DoubleNttPlan.giveBack(m);
        return out;
    }

    // body(j, pool for the transforms, pool for forked parts) for every prime: the primes in
    // parallel when there are at least twice as many as threads or the transforms are short
    // (Tuning.acrossPrimesLog2n), else one after another with the threads in each transform.
    // With fewer primes side by side than threads, the transforms get the pool too: the idle
    // threads take their passes instead of waiting for the last primes (with the worker team,
    // on 16 threads of an H100 host: Z/pZ[x] 2^18 0.68x, Z[x] 2^18 x 64-bit 0.76-0.86x, 2^14 to
    // 2^16 0.94-1.04x; polynomial/BENCHMARKS.md, "The worker team"). A plan whose primes always
    // run in parallel (primesInParallel: the integer product's 3 to 6 primes) also forks the
    // independent parts of a prime (the second operand's transform, the split layouts' shorter
    // convolutions) on the same threads.
    private void forPrimes(int threads, PrimeBody body) {
        int s = crt.size();
        ForkJoinPool pool = WorkerPools.of(threads);
        if (pool != null && (acrossPrimes || s >= 2 * threads || log2n <= Tuning.acrossPrimesLog2n())) {
            ForkJoinPool inner = s < threads ? pool : null;
            ForkJoinPool tasks = acrossPrimes ? pool : null;
            ParallelRange.run(pool, 0, s, 1, (from, to) -> {
                for (int j = from; j < to; j++) {
                    body.run(j, inner, tasks);
                }
            });
        } else {
            for (int j = 0; j < s; j++) {
                body.run(j, pool, null);
            }
        }
    }

    private interface PrimeBody {
        /**
         * Prime j's work; {@code inner}: the pool for its transforms' passes (null: this thread);
         * {@code tasks}: the pool this thread works for, on which it may fork parts of the work
         * ({@link ParallelRange#fork}), or null.
         */
        void run(int prime, ForkJoinPool inner, ForkJoinPool tasks);
    }

    // ------------------------------------------------------------------ the pipeline's hooks

    /**
     * The input hook (projection): an operand as residues modulo the plan's primes. The Z[x]
     * client's {@link Operand} (signed 48-bit piece planes by Horner), the integer product's
     * w-bit pieces of limbs ({@link DoubleNttIntMul}) and the entries mod p of a product over
     * Z/pZ ({@link DoubleNttPolyMulZp}).
     */
    public interface Projection {
        /**
         * Writes entry i of the operand mod q, of magnitude at most 1.5 q, at m[i / C][i % C]
         * (C = m's row length, the transform's; m has further rows for an operand of a split
         * layout longer than N) and zeros after the last entry to the end of its row; returns
         * the rows written (the transform takes the further rows as zero without reading them).
         */
        int residues(long q, double[][] m);

        /**
         * {@link #residues(long, double[][])} for the primes qs[from .. to) into ms[j - from]
         * (same values), in one pass over the operand where that reads it fewer times; returns
         * the rows written (the same for every prime).
         */
        default int residues(long[] qs, int from, int to, double[][][] ms) {
            int rows = 0;
            for (int j = from; j < to; j++) {
                rows = residues(qs[j], ms[j - from]);
            }
            return rows;
        }

        /**
         * How many primes {@link #residues(long[], int, int, double[][][])} should take at once:
         * 1 where one prime at a time costs no more (the default).
         */
        default int primesPerPass() {
            return 1;
        }

        /** The number of entries. */
        int length();
    }

    /**
     * The output hook (recombination): what the product's Garner digits become. The pipeline
     * turns rows of the convolutions' results into Garner's signed mixed-radix digits
     * ({@link DoubleCrt#digits}: v_j in [-q_j/2, q_j/2], sum v_j q_0 ... q_(j-1) the coefficient's
     * symmetric residue mod M) while the rows are in cache and hands them to {@link #rows}: packed
     * signed Z coefficients ({@link #pack}), limbs with carry propagation
     * ({@link DoubleNttIntMul}), residues mod p by a fused reduction ({@link DoubleNttPolyMulZp}).
     */
    public interface Recombination {
        /**
         * Rows [from, to) of res hold Garner's signed digits: turn them into output. Called on
         * disjoint row ranges, concurrently when {@link #inOrder} is false.
         */
        void rows(DoubleCrt crt, double[][][] res, int from, int to);

        /** Whether the row ranges must come one after another in increasing order on one thread. */
        default boolean inOrder() {
            return false;
        }

        /** After the last rows (the digits are still in res). */
        default void finish(DoubleCrt crt, double[][][] res) {
        }
    }

    /** The convolutions' results res[j] (coefficient matrices) and the matrices to give back. */
    public static final class Convolved {
        final double[][][] res;
        final double[][][] borrowed;

        Convolved(double[][][] res, double[][][] borrowed) {
            this.res = res;
            this.borrowed = borrowed;
        }

        public void release() {
            for (double[][] m : borrowed) {
                if (m != null) {
                    DoubleNttPlan.giveBack(m);
                }
            }
        }
    }

    // ------------------------------------------------------------------ convolutions

    /**
     * Step 2 of the pipeline: per prime q_j, the residues of a and b (b == a: a square, one
     * forward transform) and their product in the plan's layout: a cyclic convolution of
     * 2^log2n points (three matrices per prime: b's residues reuse a's coefficient matrix, and
     * the inverse transform, fused with the pointwise product, writes into it), or the split
     * layouts' two or three convolutions combined by the CRT of polynomials. Results below
     * 1.3 q_j. O(s N log N).
     */
    public Convolved convolve(Projection a, Projection b, int threads) {
        threads = usefulThreads(threads);
        int s = crt.size();
        boolean square = a == b;
        int group = layout == CYCLIC && !acrossPrimes ? Math.min(a.primesPerPass(), b.primesPerPass()) : 1;
        if (threads > 1) { // at least two groups per thread, else the primes as forPrimes runs them
            group = Math.min(group, s / (2 * threads));
        }
        if (group > 1) {
            return convolveInGroups(a, b, square, group, threads);
        }
        double[][][] res = new double[s][][];
        // split layouts: keep[s + j] holds prime j's borrowed rows of the product's top (see extend)
        double[][][] keep = new double[layout == CYCLIC ? s : 2 * s][][];
        forPrimes(threads, (j, inner, tasks) -> {
            long q = crt.prime(j);
            if (layout != CYCLIC) {
                res[j] = splitConvolution(a, b, square, q, keep, j, inner, tasks);
                return;
            }
            DoubleNttPlan plan = DoubleNttPlan.of(q, log2n);
            double[][] m = plan.borrowCoefficients();
            if (plan.inRowBlocks()) { // no spectra: both operands' coefficients, convolved in place
                long t = PipelinePhases.start();
                int rowsA = a.residues(q, m);
                double[][] mb = m;
                int rowsB = rowsA;
                if (!square) {
                    mb = plan.borrowCoefficients();
                    rowsB = b.residues(q, mb);
                }
                t = PipelinePhases.add(Phase.PROJECTION, t);
                plan.convolution(m, mb, false, inner, rowsA, rowsB);
                PipelinePhases.add(Phase.TRANSFORMS, t);
                if (!square) {
                    DoubleNttPlan.giveBack(mb);
                }
                res[j] = m;
                keep[j] = m;
                return;
            }
            double[][] sa = plan.borrowSpectrum();
            if (!square && tasks != null) { // b's transform forked: both operands at once
                java.util.function.Supplier<double[][]> sb = ParallelRange.fork(tasks, () -> {
                    double[][] mb = plan.borrowCoefficients();
                    double[][] spectrum = plan.borrowSpectrum();
                    long tb = PipelinePhases.start();
                    int rowsB = b.residues(q, mb);
                    tb = PipelinePhases.add(Phase.PROJECTION, tb);
                    plan.forward(mb, spectrum, false, inner, rowsB);
                    PipelinePhases.add(Phase.TRANSFORMS, tb);
                    DoubleNttPlan.giveBack(mb);
                    return spectrum;
                });
                long t = PipelinePhases.start();
                int rowsA = a.residues(q, m);
                t = PipelinePhases.add(Phase.PROJECTION, t);
                plan.forward(m, sa, false, inner, rowsA);
                PipelinePhases.add(Phase.TRANSFORMS, t);
                double[][] spectrumB = sb.get();
                t = PipelinePhases.start();
                plan.pointwiseInverse(sa, spectrumB, m, false, inner);
                PipelinePhases.add(Phase.TRANSFORMS, t);
                DoubleNttPlan.giveBack(spectrumB);
                DoubleNttPlan.giveBack(sa);
                res[j] = m;
                keep[j] = m;
                return;
            }
            long t = PipelinePhases.start();
            int rowsA = a.residues(q, m);
            t = PipelinePhases.add(Phase.PROJECTION, t);
            plan.forward(m, sa, false, inner, rowsA);
            t = PipelinePhases.add(Phase.TRANSFORMS, t);
            if (square) {
                plan.pointwiseInverse(sa, sa, m, false, inner);
            } else {
                double[][] sb = plan.borrowSpectrum();
                int rowsB = b.residues(q, m);
                t = PipelinePhases.add(Phase.PROJECTION, t);
                plan.forward(m, sb, false, inner, rowsB);
                plan.pointwiseInverse(sa, sb, m, false, inner);
                DoubleNttPlan.giveBack(sb);
            }
            PipelinePhases.add(Phase.TRANSFORMS, t);
            DoubleNttPlan.giveBack(sa);
            res[j] = m;
            keep[j] = m;
        });
        return new Convolved(res, keep);
    }

    /**
     * Primes per pass of {@link Operand}'s projection over its planes (at least 2 planes): from
     * {@link Tuning#projectionPrimes}; package-private so that measurements and tests can switch
     * the grouped projection off (1) and on at any size.
     */
    static int primesPerPass = Tuning.projectionPrimes();

    /**
     * {@link #convolve(Projection, Projection, int)} (the cyclic layout) with the primes in groups
     * of {@code group}: each operand's residues modulo a group's primes in one pass
     * ({@link Projection#residues(long[], int, int, double[][][])}: 1000-bit coefficients have 21
     * planes, read once per group instead of once per prime), then the group's transforms. Holds
     * a group's spectra of a at once (group - 1 matrices more than prime by prime).
     */
    private Convolved convolveInGroups(Projection a, Projection b, boolean square, int group, int threads) {
        int s = crt.size();
        long[] ps = new long[s];
        for (int j = 0; j < s; j++) {
            ps[j] = crt.prime(j);
        }
        double[][][] res = new double[s][][];
        int groups = (s + group - 1) / group;
        ForkJoinPool pool = WorkerPools.of(threads);
        // body(k, inner): group k, its transforms on the pool inner (null: this thread)
        java.util.function.ObjIntConsumer<ForkJoinPool> body = (inner, k) -> {
            int from = k * group;
            int to = Math.min(s, from + group);
            int g = to - from;
            DoubleNttPlan[] plans = new DoubleNttPlan[g];
            double[][][] ms = new double[g][][];
            double[][][] sa = new double[g][][];
            for (int i = 0; i < g; i++) {
                plans[i] = DoubleNttPlan.of(ps[from + i], log2n);
                ms[i] = plans[i].borrowCoefficients();
            }
            long t = PipelinePhases.start();
            int rowsA = a.residues(ps, from, to, ms);
            t = PipelinePhases.add(Phase.PROJECTION, t);
            if (plans[0].inRowBlocks()) { // no spectra: both operands' coefficients, convolved in place
                double[][][] mb = ms;
                int rowsB = rowsA;
                if (!square) {
                    mb = new double[g][][];
                    for (int i = 0; i < g; i++) {
                        mb[i] = plans[i].borrowCoefficients();
                    }
                    rowsB = b.residues(ps, from, to, mb);
                    t = PipelinePhases.add(Phase.PROJECTION, t);
                }
                for (int i = 0; i < g; i++) {
                    plans[i].convolution(ms[i], mb[i], false, inner, rowsA, rowsB);
                    if (!square) {
                        DoubleNttPlan.giveBack(mb[i]);
                    }
                    res[from + i] = ms[i];
                }
                PipelinePhases.add(Phase.TRANSFORMS, t);
                return;
            }
            for (int i = 0; i < g; i++) {
                sa[i] = plans[i].borrowSpectrum();
                plans[i].forward(ms[i], sa[i], false, inner, rowsA);
            }
            t = PipelinePhases.add(Phase.TRANSFORMS, t);
            if (square) {
                for (int i = 0; i < g; i++) {
                    plans[i].pointwiseInverse(sa[i], sa[i], ms[i], false, inner);
                }
            } else {
                int rowsB = b.residues(ps, from, to, ms);
                t = PipelinePhases.add(Phase.PROJECTION, t);
                double[][] sb = plans[0].borrowSpectrum();
                for (int i = 0; i < g; i++) {
                    plans[i].forward(ms[i], sb, false, inner, rowsB);
                    plans[i].pointwiseInverse(sa[i], sb, ms[i], false, inner);
                }
                DoubleNttPlan.giveBack(sb);
            }
            PipelinePhases.add(Phase.TRANSFORMS, t);
            for (int i = 0; i < g; i++) {
                DoubleNttPlan.giveBack(sa[i]);
                res[from + i] = ms[i];
            }
        };
        // the groups in parallel under forPrimes' rule for primes, else one after another with
        // the threads in each transform
        if (pool != null && (groups >= 2 * threads || log2n <= Tuning.acrossPrimesLog2n())) {
            ParallelRange.run(pool, 0, groups, 1, (from, to) -> {
                for (int k = from; k < to; k++) {
                    body.accept(null, k);
                }
            });
        } else {
            for (int k = 0; k < groups; k++) {
                body.accept(pool, k);
            }
        }
        return new Convolved(res, res);
    }

    /** {@link #convolve(Projection, Projection, int)} for two transformed operands (a == b: a square). */
    public Convolved convolve(Transformed a, Transformed b, int threads) {
        checkTransformed(a);
        checkTransformed(b);
        threads = usefulThreads(threads);
        int s = crt.size();
        double[][][] res = new double[s][][];
        forPrimes(threads, (j, inner, tasks) -> {
            DoubleNttPlan plan = DoubleNttPlan.of(crt.prime(j), log2n);
            double[][] sp = plan.borrowSpectrum();
            copy(a.spectra[j], sp);
            double[][] m = plan.borrowCoefficients();
            plan.pointwiseInverse(sp, b.spectra[j], m, false, inner);
            DoubleNttPlan.giveBack(sp);
            res[j] = m;
        });
        return new Convolved(res, res);
    }

    /**
     * {@link #convolve(Projection, Projection, int)} for a transformed operand a (a fixed factor)
     * and a fresh b: two transforms per prime (b's forward and the inverse). O(s N log N).
     *
     * @throws IllegalArgumentException if a was transformed by a plan of other primes or length
     */
    public Convolved convolve(Transformed a, Projection b, int threads) {
        checkTransformed(a);
        threads = usefulThreads(threads);
        int s = crt.size();
        double[][][] res = new double[s][][];
        forPrimes(threads, (j, inner, tasks) -> {
            long q = crt.prime(j);
            DoubleNttPlan plan = DoubleNttPlan.of(q, log2n);
            double[][] m = plan.borrowCoefficients();
            plan.multiplyTransformed(m, a.spectra[j], false, inner, b.residues(q, m));
            res[j] = m;
        });
        return new Convolved(res, res);
    }

    /*
     * The split layouts: c mod (x^N + 1) = A and c mod (x^M -+ 1) = B for the product c, M = N/2
     * (cyclic) or N/4 (negacyclic), deg c < N + M. Since x^N + 1 = 2 modulo x^M -+ 1, the CRT
     * gives c = A + (x^N + 1) t with t = (B - (A mod x^M -+ 1)) / 2 modulo x^M -+ 1, deg t < M:
     * c_i = A_i + t_i and c_(N + i) = t_i for i < M, c_i = A_i for M <= i < N. Returns the
     * product mod q as a matrix of N's plan's columns whose first N / C rows are those of the
     * borrowed matrix put in holder[j] (given back after the recombination). A truncated
     * transform length in steps of N/4 instead of the next power of two (van der Hoeven's
     * truncated FFT gets there point by point; Crandall and Pomerance, 9.5.7, the splitting of
     * x^(2N) - 1).
     */
    private double[][] splitConvolution(Projection pa, Projection pb, boolean same, long q, double[][][] holder,
            int j, ForkJoinPool pool, ForkJoinPool tasks) {
        // the residues written straight into the big convolution's matrices (an operand longer
        // than N: its entries past N in further rows, folded into the matrix in place once the
        // shorter convolutions' folds have read them); the shorter convolutions' operands are
        // folded from those, and the big transform runs in place: no copy of an operand
        DoubleNttPlan big = DoubleNttPlan.of(q, log2n);
        long t = PipelinePhases.start();
        Resident a = resident(pa, big, q);
        Resident b = same ? a : resident(pb, big, q);
        t = PipelinePhases.add(Phase.PROJECTION, t);
        double[][] ba = a.big;
        double[][] bb = b.big;
        // the shorter convolutions: modulo x^(N/2) + 1 and x^(N/4) - 1 (THREE_QUARTERS), x^(N/2) - 1
        // (HALF) or x^(N/4) + 1 (QUARTER)
        Folded[] shorter = layout == THREE_QUARTERS
                ? new Folded[] {folded(DoubleNttPlan.of(q, log2n - 1), true, a, b, q),
                    folded(DoubleNttPlan.of(q, log2n - 2), false, a, b, q)}
                : new Folded[] {layout == HALF ? folded(DoubleNttPlan.of(q, log2n - 1), false, a, b, q)
                    : folded(DoubleNttPlan.of(q, log2n - 2), true, a, b, q)};
        int rowsA = a.foldIntoBig(q);
        int rowsB = same ? rowsA : b.foldIntoBig(q);
        PipelinePhases.add(Phase.SPLIT, t);
        // the shorter convolutions forked (tasks: the primes' pool) while this thread does the longest
        java.util.List<java.util.function.Supplier<double[][]>> forks = new java.util.ArrayList<>(shorter.length);
        for (Folded f : shorter) {
            forks.add(ParallelRange.fork(tasks, () -> f.convolve(pool)));
        }
        t = PipelinePhases.start();
        big.convolution(ba, bb, true, pool, rowsA, rowsB);
        PipelinePhases.add(Phase.TRANSFORMS, t);
        holder[j] = ba;
        double[][] b1 = forks.get(0).get();
        double[][] b2 = shorter.length > 1 ? forks.get(1).get() : null;
        long tc = PipelinePhases.start();
        double[][] out = b2 != null ? combineThreeQuarters(ba, b1, b2, q, holder, crt.size() + j)
                : combine(ba, b1, q, holder, crt.size() + j);
        PipelinePhases.add(Phase.SPLIT, tc);
        DoubleNttPlan.giveBack(b1);
        if (b2 != null) {
            DoubleNttPlan.giveBack(b2);
        }
        if (bb != ba) {
            DoubleNttPlan.giveBack(bb);
        }
        return out;
    }

    /*
     * An operand of a split layout as its residues mod q in a borrowed matrix of the big
     * convolution (big, N entries) and, for an operand longer than N (an unbalanced product),
     * its entries from N on in the rows of a borrowed matrix of the same row length (tail, else
     * null); all: big's rows then tail's, what the projection writes and the shorter
     * convolutions' folds read; rows: the rows the projection wrote.
     */
    private static final class Resident {
        final double[][] big;
        final double[][] tail;
        final double[][] all;
        final int length;
        final int rows;

        Resident(double[][] big, double[][] tail, double[][] all, int length, int rows) {
            this.big = big;
            this.tail = tail;
            this.all = all;
            this.length = length;
            this.rows = rows;
        }

        // big = the operand mod x^N + 1, folded in place (see fold), and the tail given back;
        // returns the rows of big the transform reads. After the shorter convolutions' folds,
        // which read the tail.
        int foldIntoBig(long q) {
            if (tail == null) {
                return rows;
            }
            int used = fold(all, big[0].length, length, big, true, q);
            DoubleNttPlan.giveBack(tail);
            return used;
        }
    }

    // x's residues mod q in a matrix of big (see Resident)
    private static Resident resident(Projection x, DoubleNttPlan big, long q) {
        double[][] m = big.borrowCoefficients();
        int cols = m[0].length;
        int len = x.length();
        int past = len - m.length * cols;
        if (past <= 0) {
            return new Resident(m, null, m, len, x.residues(q, m));
        }
        double[][] tail = DoubleNttPlan.borrow((past + cols - 1) / cols, cols);
        double[][] all = new double[m.length + tail.length][];
        System.arraycopy(m, 0, all, 0, m.length);
        System.arraycopy(tail, 0, all, m.length, tail.length);
        return new Resident(m, tail, all, len, x.residues(q, all));
    }

    // A shorter convolution's operands, folded (b == a for a square), and its transform.
    private record Folded(DoubleNttPlan plan, boolean negacyclic, double[][] a, int rowsA, double[][] b,
            int rowsB) {
        // a b in a (a borrowed matrix); b given back
        double[][] convolve(ForkJoinPool pool) {
            long t = PipelinePhases.start();
            plan.convolution(a, b, negacyclic, pool, rowsA, rowsB);
            PipelinePhases.add(Phase.TRANSFORMS, t);
            if (b != a) {
                DoubleNttPlan.giveBack(b);
            }
            return a;
        }
    }

    // the operands a, b (b == a: a square) folded for plan from their residues
    private static Folded folded(DoubleNttPlan plan, boolean negacyclic, Resident a, Resident b, long q) {
        double[][] ma = plan.borrowCoefficients();
        int rowsA = fold(a.all, a.big[0].length, a.length, ma, negacyclic, q);
        if (b == a) {
            return new Folded(plan, negacyclic, ma, rowsA, ma, rowsA);
        }
        double[][] mb = plan.borrowCoefficients();
        int rowsB = fold(b.all, b.big[0].length, b.length, mb, negacyclic, q);
        return new Folded(plan, negacyclic, ma, rowsA, mb, rowsB);
    }

    /*
     * THREE_QUARTERS: A = c mod x^N + 1, B1 = c mod x^(N/2) + 1, B2 = c mod x^(N/4) - 1, deg c <
     * 7N/4. As in splitConvolution, c = A + (x^N + 1) t with deg t < 3N/4, t = r1 mod x^(N/2) + 1
     * and t = r2 mod x^(N/4) - 1 for r1 = (B1 - (A mod x^(N/2) + 1)) / 2, r2 = (B2 - (A mod x^(N/4)
     * - 1)) / 2 (x^N + 1 = 2 modulo both); and t = r1 + (x^(N/2) + 1) u with u = (r2 - (r1 mod
     * x^(N/4) - 1)) / 2, deg u < N/4. With q = N/4 and i < q: t_i = r1_i + u_i, t_(q + i) =
     * r1_(q + i), t_(2q + i) = u_i; r1_i = (B1_i - A_i + A_(2q + i)) / 2, r1_(q + i) = (B1_(q + i)
     * - A_(q + i) + A_(3q + i)) / 2, r2_i = (B2_i - A_i - A_(q + i) - A_(2q + i) - A_(3q + i)) / 2.
     */
    private double[][] combineThreeQuarters(double[][] a, double[][] b1, double[][] b2, long p, double[][][] holder,
            int at) {
        int n = 1 << log2n;
        int q = n / 4;
        int count = hi; // the product's length (the window of a split layout is the whole product)
        int cols = a[0].length;
        int logC = Integer.numberOfTrailingZeros(cols);
        int cols1 = b1[0].length;
        int logC1 = Integer.numberOfTrailingZeros(cols1);
        int seg = b2[0].length; // divides q, cols1 and cols
        int logSeg = Integer.numberOfTrailingZeros(seg);
        double[][] out = extend(a, count, holder, at);
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        for (int i0 = 0; i0 < q; i0 += seg) {
            double[] a0 = a[i0 >>> logC];
            double[] a1 = a[(i0 + q) >>> logC];
            double[] a2 = a[(i0 + 2 * q) >>> logC];
            double[] a3 = a[(i0 + 3 * q) >>> logC];
            int o0 = i0 & (cols - 1);
            int o1 = (i0 + q) & (cols - 1);
            int o2 = (i0 + 2 * q) & (cols - 1);
            int o3 = (i0 + 3 * q) & (cols - 1);
            double[] c0 = b1[i0 >>> logC1];
            double[] c1 = b1[(i0 + q) >>> logC1];
            int p0 = i0 & (cols1 - 1);
            int p1 = (i0 + q) & (cols1 - 1);
            double[] d = b2[i0 >>> logSeg];
            for (int c = 0; c < seg; c++) {
                double x0 = a0[o0 + c];
                double x1 = a1[o1 + c];
                double x2 = a2[o2 + c];
                double x3 = a3[o3 + c];
                double r1lo = half(c0[p0 + c] - x0 + x2, pd, pinv, np);
                double r1hi = half(c1[p1 + c] - x1 + x3, pd, pinv, np);
                double r2 = half(d[c] - x0 - x1 - x2 - x3, pd, pinv, np);
                double u = half(r2 - r1lo - r1hi, pd, pinv, np);
                double t0 = r1lo + u;
                t0 = Math.fma(QuotientRounding.quotient(t0, pinv), np, t0);
                double y0 = x0 + t0;
                double y1 = x1 + r1hi;
                double y2 = x2 + u;
                a0[o0 + c] = Math.fma(QuotientRounding.quotient(y0, pinv), np, y0);
                a1[o1 + c] = Math.fma(QuotientRounding.quotient(y1, pinv), np, y1);
                a2[o2 + c] = Math.fma(QuotientRounding.quotient(y2, pinv), np, y2);
                // t_i, t_(q + i), t_(2q + i) for c_(N + i), c_(N + q + i), c_(N + 2q + i)
                c0[p0 + c] = t0;
                c1[p1 + c] = r1hi;
                d[c] = u;
            }
            place(out, n + i0, c0, p0, seg, count, logC);
            place(out, n + q + i0, c1, p1, seg, count, logC);
            place(out, n + 2 * q + i0, d, 0, seg, count, logC);
        }
        return out;
    }

    // (x / 2) mod p for an integer-valued x of magnitude below 2^52 / 1.01: |result| < 0.76 p.
    private static double half(double x, double pd, double pinv, double np) {
        double t = Math.fma(QuotientRounding.quotient(x, pinv), np, x);        // |t| <= p/2 (plus a unit)
        double odd = t - 2.0 * Math.floor(t * 0.5);             // t mod 2 in {0, 1}
        return (t + odd * pd) * 0.5;
    }

    // out's pieces [at, at + len) (those below count) = src[from, from + len); the range lies in one row.
    private static void place(double[][] out, int at, double[] src, int from, int len, int count, int logC) {
        int n = Math.min(len, count - at);
        if (n > 0) {
            System.arraycopy(src, from, out[at >>> logC], at & ((1 << logC) - 1), n);
        }
    }

    // a matrix of a's row length holding count pieces: a's rows, then rows for the pieces from
    // a's end (every one below count written by the caller), the entries from count on zero
    // (Garner reads them, the packing does not); pooled rows are put in holder[at].
    private static double[][] extend(double[][] a, int count, double[][][] holder, int at) {
        int cols = a[0].length;
        int rowsOut = (count + cols - 1) / cols;
        double[][] out = new double[rowsOut][];
        System.arraycopy(a, 0, out, 0, Math.min(a.length, rowsOut));
        int extra = rowsOut - a.length; // <= 0 where the product is no longer than N
        if (extra <= 0) {
            return out;
        }
        // from the pool, not fresh arrays: their zeroing and, at 10^7 bits, a megabyte per prime
        // for the collector
        double[][] top = DoubleNttPlan.borrow(extra, cols);
        holder[at] = top;
        System.arraycopy(top, 0, out, a.length, extra);
        java.util.Arrays.fill(out[rowsOut - 1], count - (rowsOut - 1) * cols, cols, 0.0);
        return out;
    }

    // m (R x C) = the operand (len entries) mod x^(RC) + 1 (negacyclic) or x^(RC) - 1, reduced
    // into (-p/2, p/2] in the rows where blocks were added; returns the number of rows written
    // (the rest are zero for the transform). Entry i of the operand is read at
    // src[i / srcCols][i % srcCols]: one row of srcCols >= len entries, or a transform's matrix
    // with further rows of the same length for an operand longer than it (srcCols a power of
    // two); with srcCols == C, src's first rows may be m's own (folded in place: each entry is
    // read at the place it is written before it is written). m's rows are folded in chunks of g
    // columns, g dividing srcCols (or any g for one row), so that each chunk's sources are runs
    // of one row. A chunk folded from blocks 0..K of the operand (blocks 0..K-1 full, block K of
    // nK <= g entries) is x = ((v_0 +- v_1) +- ...) +- v_K, reduced in the pass adding v_K: one
    // pass over a row folded once.
    static int fold(double[][] src, int srcCols, int len, double[][] m, boolean negacyclic, long p) {
        int rows = m.length;
        int cols = m[0].length;
        int period = rows * cols;
        int used = len >= period ? rows : (len + cols - 1) / cols;
        int g = src.length == 1 ? cols : Math.min(cols, srcCols);
        double pinv = 1.0 / p;
        double np = -(double) p;
        for (int r = 0; r < used; r++) {
            double[] row = m[r];
            // a row with a block added anywhere is reduced everywhere
            boolean reduce = r * cols + (long) period < len;
            for (int c0 = 0; c0 < cols; c0 += g) {
                foldChunk(src, srcCols, len, row, c0, g, r * cols + c0, period, negacyclic, reduce, pinv, np);
            }
        }
        return used;
    }

    // row[c0, c0 + g) = the entries off, off + period, ... of the operand folded (see fold).
    private static void foldChunk(double[][] src, int srcCols, int len, double[] row, int c0, int g, int off,
            int period, boolean negacyclic, boolean reduce, double pinv, double np) {
        int n0 = Math.min(g, len - off);
        if (n0 <= 0) {
            java.util.Arrays.fill(row, c0, c0 + g, 0.0);
            return;
        }
        double[] v0 = src[off / srcCols];
        int s0 = off % srcCols;
        if (off + (long) period >= len) { // no block to add: a copy, reduced in a row that has blocks
            if (reduce) {
                for (int c = 0; c < n0; c++) {
                    double x = v0[s0 + c];
                    row[c0 + c] = Math.fma(QuotientRounding.quotient(x, pinv), np, x);
                }
            } else if (v0 != row || s0 != c0) { // (folded in place: the entries are already there)
                System.arraycopy(v0, s0, row, c0, n0);
            }
            if (n0 < g) {
                java.util.Arrays.fill(row, c0 + n0, c0 + g, 0.0);
            }
            return;
        }
        int blocks = (int) ((len - 1L - off) / period); // K >= 1; block 0 is full
        int lastBase = off + blocks * period;
        int nLast = Math.min(g, len - lastBase);
        double[] vl = src[lastBase / srcCols];
        int sl0 = lastBase % srcCols;
        // x + s * y == x - y exactly for s = -1 (no contraction into an fma in Java)
        double s1 = negacyclic ? -1.0 : 1.0;
        // the sum of blocks 0..K-1: block 0 itself for K = 1, else blocks 0..K-1 summed into row
        double[] head = v0;
        int h0 = s0;
        if (blocks > 1) {
            int b1 = off + period;
            double[] v1 = src[b1 / srcCols];
            int s1o = b1 % srcCols;
            for (int c = 0; c < g; c++) {
                row[c0 + c] = v0[s0 + c] + s1 * v1[s1o + c];
            }
            for (int k = 2; k < blocks; k++) {
                int base = off + k * period;
                double[] vk = src[base / srcCols];
                int sk0 = base % srcCols;
                double sk = negacyclic && (k & 1) == 1 ? -1.0 : 1.0;
                for (int c = 0; c < g; c++) {
                    row[c0 + c] = row[c0 + c] + sk * vk[sk0 + c];
                }
            }
            head = row;
            h0 = c0;
        }
        double sl = negacyclic && (blocks & 1) == 1 ? -1.0 : 1.0;
        for (int c = 0; c < nLast; c++) {
            double x = head[h0 + c] + sl * vl[sl0 + c];
            row[c0 + c] = Math.fma(QuotientRounding.quotient(x, pinv), np, x);
        }
        for (int c = nLast; c < g; c++) {
            double x = head[h0 + c];
            row[c0 + c] = Math.fma(QuotientRounding.quotient(x, pinv), np, x);
        }
    }

    // The CRT of the split layouts (see splitConvolution) over segments of the small plan's
    // row length, which divides M and the big plan's row length: vectorized loops.
    private double[][] combine(double[][] a, double[][] b, long p, double[][][] holder, int at) {
        int logN = log2n;
        int n = 1 << logN;
        int m = 1 << (layout == HALF ? log2n - 1 : log2n - 2);
        int count = hi; // the product's length (the window of a split layout is the whole product)
        int cols = a[0].length;
        int logC = Integer.numberOfTrailingZeros(cols);
        int bCols = b[0].length;
        int logBC = Integer.numberOfTrailingZeros(bCols);
        double[][] out = extend(a, count, holder, at);
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        int blocks = n / m; // 2 (HALF) or 4 (QUARTER)
        for (int i0 = 0; i0 < m; i0 += bCols) {
            double[] bRow = b[i0 >>> logBC];
            double[] a0 = a[i0 >>> logC];
            int o0 = i0 & (cols - 1);
            double[] a1 = a[(i0 + m) >>> logC];
            int o1 = (i0 + m) & (cols - 1);
            double[] a2 = blocks == 4 ? a[(i0 + 2 * m) >>> logC] : a1;
            double[] a3 = blocks == 4 ? a[(i0 + 3 * m) >>> logC] : a1;
            int o2 = (i0 + 2 * m) & (cols - 1);
            int o3 = (i0 + 3 * m) & (cols - 1);
            for (int c = 0; c < bCols; c++) {
                double x0 = a0[o0 + c];
                double am = blocks == 4 ? x0 - a1[o1 + c] + a2[o2 + c] - a3[o3 + c] : x0 + a1[o1 + c];
                double t = half(bRow[c] - am, pd, pinv, np);
                double lo = x0 + t;
                a0[o0 + c] = Math.fma(QuotientRounding.quotient(lo, pinv), np, lo);
                bRow[c] = t;
            }
            place(out, n + i0, bRow, 0, bCols, count, logC); // t_i is c_(N + i)
        }
        // entries beyond count (fresh rows: zero) are read by Garner, never by the packing
        return out;
    }


    // ------------------------------------------------------------------ recombination

    /**
     * Step 3 of the pipeline: the rows of the window [lo, hi) through Garner's digits
     * ({@link DoubleCrt#digits}, in blocks of rows so that the hook reads them while in cache) into
     * {@code out}; then {@link Recombination#finish}, and the matrices go back to the pool.
     * Rows in pieces on the threads unless the hook wants them in order. O(s^2) per point.
     */
    public void recombine(Convolved c, Recombination out, int threads) {
        threads = usefulThreads(threads);
        double[][][] res = c.res;
        int cols = res[0][0].length;
        int rowFrom = lo / cols;
        int rowTo = (hi + cols - 1) / cols;
        // blocks of about RECOMBINE_POINTS points (at least one row): in cache between the digits
        // and the hook, and few calls for a short product's narrow rows
        int block = Math.max(1, RECOMBINE_POINTS / cols);
        try {
            if (out.inOrder()) {
                recombineRows(res, out, rowFrom, rowTo, block);
            } else {
                forRows(WorkerPools.of(threads), rowFrom, rowTo,
                        (from, to) -> recombineRows(res, out, from, to, block));
            }
            long t = PipelinePhases.start();
            out.finish(crt, res);
            PipelinePhases.add(Phase.RECOMBINATION, t);
        } finally {
            c.release();
        }
    }

    // Rows [from, to) in blocks of block rows: Garner's digits, then the hook while they are in cache.
    private void recombineRows(double[][][] res, Recombination out, int from, int to, int block) {
        for (int r = from; r < to; r += block) {
            int end = Math.min(to, r + block);
            long t = PipelinePhases.start();
            crt.digits(res, r, end);
            t = PipelinePhases.add(Phase.GARNER, t);
            out.rows(crt, res, r, end);
            PipelinePhases.add(Phase.RECOMBINATION, t);
        }
    }

    // Points per block of the recombination (s matrices of them: 160 KB for five primes). At 41
    // primes (1.3 MB) 512 and 1024 measured no faster (polynomial/BENCHMARKS.md, 2026-11-27).
    private static final int RECOMBINE_POINTS = 4096;

    /**
     * The packed-Z-coefficient hook: the window's coefficients from the convolutions, packed
     * by the signed Horner sum of Garner's digits ({@link #pack}).
     */
    PackedCoefficients packed(Convolved c, int threads) {
        threads = usefulThreads(threads);
        int cols = c.res[0][0].length;
        int rowFrom = lo / cols;
        int rowTo = (hi + cols - 1) / cols;
        int n = hi - lo;
        int limbs = (bound + 63) / 64;
        long[][] mag = PackedCoefficients.magnitudes(n, limbs);
        byte[][] sign = PackedCoefficients.signs(n);
        int[] maxBits = new int[rowTo - rowFrom];
        recombine(c, (basis, res, from, to) -> pack(basis, res, from, to, lo, hi, limbs, mag, sign, maxBits, rowFrom),
                threads);
        int top = n;
        while (top > 0 && sign[(top - 1) >>> PackedCoefficients.CHUNK_SHIFT][(top - 1) & (PackedCoefficients.CHUNK - 1)] == 0) {
            top--;
        }
        int bits = 0;
        for (int b : maxBits) {
            bits = Math.max(bits, b);
        }
        return new PackedCoefficients(top, limbs, mag, sign, bits);
    }

    /**
     * Coefficients i in [lo, hi) of rows [from, to) from the signed digits of
     * {@link DoubleCrt#digits} into mag and sign at i - lo; maxBits[r - rowBase] = the largest
     * bit length in row r.
     *
     * <p>With |v_j| &lt;= p_j/2 + 1, c' = v_0 + p_0 (v_1 + p_1 (...)) satisfies |c'| &lt;= M/2
     * (1 + 2^-48), and c' is congruent to the coefficient c, |c| &lt; 2^bound; the basis has
     * M &gt;= 2^(bound + 1) (1 + 2^-30), so |c' - c| &lt; M and c' = c: the signed Horner sum is
     * the coefficient itself, with no normalization and no comparison with M/2. It is
     * evaluated in two's complement over limbs + 1 words (exact modulo 2^(64 (limbs + 1)),
     * which holds every partial sum), word by word with the words each partial sum needs
     * ({@link DoubleCrt#hornerLimbs}); three primes and three limbs have straight-line code, and
     * from {@link Tuning#digitPackingPrimes} (16) to 512 primes {@link DigitPacking} evaluates the same sum by
     * vectorized floating-point products, about twice as fast at 40 to 80 primes.
     */
    public static void pack(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, int limbs, long[][] mag,
            byte[][] sign, int[] maxBits, int rowBase) {
        int s = crt.size();
        if (s == 3 && limbs == 3) {
            packThree(crt, res, from, to, lo, hi, mag, sign, maxBits, rowBase);
            return;
        }
        if (s >= Tuning.digitPackingPrimes() && s <= DigitPacking.MAX_PRIMES) {
            DigitPacking.pack(crt, res, from, to, lo, hi, limbs, mag, sign, maxBits, rowBase);
            return;
        }
        int cols = res[0][0].length;
        int[] stepLimbs = crt.hornerLimbs();
        // acc: the partial sums in two's complement, then their sign extension to at least limbs + 1 words
        int k = Math.max(limbs + 1, stepLimbs[0]);
        long[] acc = new long[k];
        long[] ps = new long[s];
        for (int j = 0; j < s; j++) {
            ps[j] = crt.prime(j);
        }
        double[][] row = new double[s][];
        for (int r = from; r < to; r++) {
            for (int j = 0; j < s; j++) {
                row[j] = res[j][r];
            }
            int start = Math.max(0, lo - r * cols);
            int end = Math.min(cols, hi - r * cols);
            long[] top = {0, 0}; // the OR of the row's top nonzero words, and that word's index
            for (int col = start; col < end; col++) {
                acc[0] = (long) row[s - 1][col];
                int used = 1;
                for (int j = s - 2; j >= 0; j--) {
                    int next = stepLimbs[j];
                    if (next > used) { // one word more (p_j < 2^50): the sign extension of the top one
                        acc[used] = acc[used - 1] >> 63;
                        used = next;
                    }
                    hornerStep(acc, used, ps[j], (long) row[j][col]);
                }
                long ext = acc[used - 1] >> 63;
                for (int l = used; l < k; l++) {
                    acc[l] = ext;
                }
                PackedCoefficients.putTwosComplement(acc, ext, limbs, mag, sign, r * cols + col - lo, top);
            }
            maxBits[r - rowBase] = PackedCoefficients.bitLength(top);
        }
    }

    /**
     * acc = acc p + v modulo 2^(64 k), acc in two's complement over k words, p &lt; 2^50, v signed: one
     * pass of unsigned word products whose carry into the next word is signed (v's, then the high
     * words), so that v needs no sign extension and each word one carry.
     */
    private static void hornerStep(long[] acc, int k, long p, long v) {
        long cy = v;
        for (int l = 0; l < k; l++) {
            long a = acc[l];
            long lo = a * p;
            long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
            long sum = lo + cy;
            // 128-bit hi:lo plus the signed cy: the unsigned carry, less one for a negative cy
            hi += (((lo & cy) | ((lo | cy) & ~sum)) >>> 63) + (cy >> 63);
            acc[l] = sum;
            cy = hi;
        }
    }

    // pack() for three primes and three limbs (the products of 64-bit coefficients), in
    // straight-line code: 2.2x faster than the general loop (measured 35 against 78 ms at 2^21).
    // The magnitude comes straight from the digits turned to the sign of the top nonzero one
    // (then every partial sum is non-negative: no two's complement negation over three words),
    // and a row's chunk of mag and sign is looked up once per run of columns: 0.65-0.87x the
    // time of the two's complement form (PackThreeTest checks it against BigInteger).
    private static void packThree(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, long[][] mag,
            byte[][] sign, int[] maxBits, int rowBase) {
        long p0 = crt.prime(0);
        long p1 = crt.prime(1);
        int cols = res[0][0].length;
        for (int r = from; r < to; r++) {
            double[] x0 = res[0][r];
            double[] x1 = res[1][r];
            double[] x2 = res[2][r];
            int start = Math.max(0, lo - r * cols);
            int end = Math.min(cols, hi - r * cols);
            long or0 = 0;
            long or1 = 0;
            long or2 = 0;
            for (int seg = start; seg < end; ) { // the columns that fall in one chunk of mag and sign
                int i0 = r * cols + seg - lo;
                int segEnd = Math.min(end, seg + (PackedCoefficients.CHUNK - (i0 & (PackedCoefficients.CHUNK - 1))));
                long[] chunk = mag[i0 >>> PackedCoefficients.CHUNK_SHIFT];
                byte[] sg = sign[i0 >>> PackedCoefficients.CHUNK_SHIFT];
                int at0 = (i0 & (PackedCoefficients.CHUNK - 1)) - seg;
                for (int col = seg; col < segEnd; col++) {
                    long v0 = (long) x0[col];
                    long v1 = (long) x1[col];
                    long v2 = (long) x2[col];
                    // the sign of c is that of its top nonzero digit (|v0 + p0 v1| < p0 p1 / 2 + 2 p0 < p0 p1)
                    long key = v2 != 0 ? v2 : v1 != 0 ? v1 : v0;
                    long m = key >> 63;
                    long w0 = (v0 ^ m) - m;
                    long w1 = (v1 ^ m) - m;
                    long w2 = (v2 ^ m) - m; // >= 0
                    // t = w2 p1 + w1 >= 0, below 2^99: (th:tl)
                    long l0 = w2 * p1;
                    long tl = l0 + w1;
                    long th = Math.multiplyHigh(w2, p1) + (w1 >> 63) + (Long.compareUnsigned(tl, l0) < 0 ? 1 : 0);
                    // |c| = t p0 + w0 >= 0, below 2^149: (n2:n1:n0)
                    long a0 = tl * p0;
                    long a1 = Math.multiplyHigh(tl, p0) + ((tl >> 63) & p0);
                    long b1 = th * p0;
                    long n2 = Math.multiplyHigh(th, p0);
                    long n1 = a1 + b1;
                    n2 += Long.compareUnsigned(n1, a1) < 0 ? 1 : 0;
                    long n0 = a0 + w0;
                    long cy = (w0 >> 63) + (Long.compareUnsigned(n0, a0) < 0 ? 1 : 0); // -1, 0 or 1
                    long n1b = n1 + cy;
                    n2 += (cy >> 63) + (Long.compareUnsigned(n1b, n1) < 0 ? 1 : 0);
                    n1 = n1b;
                    int at = at0 + col;
                    chunk[3 * at] = n0;
                    chunk[3 * at + 1] = n1;
                    chunk[3 * at + 2] = n2;
                    long any = n0 | n1 | n2;
                    sg[at] = (byte) (m | ((any | -any) >>> 63));
                    or0 |= n0;
                    or1 |= n1;
                    or2 |= n2;
                }
                seg = segEnd;
            }
            maxBits[r - rowBase] = or2 != 0 ? 192 - Long.numberOfLeadingZeros(or2)
                    : or1 != 0 ? 128 - Long.numberOfLeadingZeros(or1) : 64 - Long.numberOfLeadingZeros(or0);
        }
    }


    // body(from, to) over the rows [rowFrom, rowTo), in pieces on the pool when there is one
    // (fft's one parallel loop, ParallelRange, in about four pieces per thread).
    public static void forRows(ForkJoinPool pool, int rowFrom, int rowTo, ParallelRange.Body body) {
        int rows = rowTo - rowFrom;
        if (pool == null || rows < 2) {
            body.run(rowFrom, rowTo);
            return;
        }
        ParallelRange.run(pool, rowFrom, rowTo, Math.max(1, rows / (4 * pool.getParallelism())), body);
    }

    // ------------------------------------------------------------------ projection

    /** Planes for a coefficient size: ceil(bits / 48), at least one. */
    public static int wordCount(int bits) {
        return Math.max(1, (bits + PIECE_BITS - 1) / PIECE_BITS);
    }

    /**
     * Planes for {@link #words} of len coefficients: count matrices with the transform's row
     * length C and the ceil(len / C) rows the coefficients occupy (the transform's other rows
     * are zero), from the pool.
     */
    public static double[][][] planes(int count, int len, DoubleNttPlan shape) {
        int cols = shape.columns();
        double[][][] w = new double[count][][];
        for (int t = 0; t < count; t++) {
            w[t] = DoubleNttPlan.borrow((len + cols - 1) / cols, cols);
        }
        return w;
    }

    /** Gives planes (or spectra) back to the pool. */
    public static void giveBack(double[][][] planes) {
        for (double[][] m : planes) {
            DoubleNttPlan.giveBack(m);
        }
    }

    /** A plan whose matrix shape is that of a transform of 2^log2n points (the planes' row length). */
    public DoubleNttPlan shape() {
        return shape;
    }

    /**
     * The coefficients' 48-bit pieces, signed, into the planes: planes[t][r][c] = sign(x_i)
     * (bits [48 t, 48 t + 48) of |x_i|) for i = r C + c &lt; len, zeros after, t &lt; planes.length
     * (at least {@link #wordCount}). Pieces of 48 bits keep |piece| + p below 2^51, the range of
     * the modular products in {@link #residues}, with a third fewer Horner steps than 32-bit
     * words. O(C R planes).
     */
    public static void words(BigInteger[] x, int off, int len, double[][][] planes, ForkJoinPool pool) {
        int count = planes.length;
        int cols = planes[0][0].length;
        forRows(pool, 0, planes[0].length, (fromRow, toRow) -> {
            for (int r = fromRow; r < toRow; r++) {
                int end = Math.min(cols, len - r * cols);
                if (end < cols) {
                    for (int t = 0; t < count; t++) {
                        Arrays.fill(planes[t][r], Math.max(0, end), cols, 0.0);
                    }
                }
                for (int c = 0; c < end; c++) {
                    BigInteger v = x[off + r * cols + c];
                    if (DIRECT) { // BigInteger's own words (java.math opened to modalg)
                        double sign = v.signum();
                        int[] mag = BigIntegerWords.magnitudeView(v); // big-endian, read only
                        int words = mag.length;
                        for (int t = 0; t < count; t++) {
                            int w = (3 * t) >>> 1; // bit 48 t is bit 0 or 16 of 32-bit word w
                            long lo = w < words ? mag[words - 1 - w] & 0xFFFFFFFFL : 0L;
                            long hi = w + 1 < words ? mag[words - 2 - w] & 0xFFFFFFFFL : 0L;
                            long piece = (t & 1) == 0 ? lo | (hi & 0xFFFFL) << 32 : lo >>> 16 | hi << 16;
                            planes[t][r][c] = sign * (double) piece;
                        }
                    } else {
                        wordsOf(v, planes, r, c, count);
                    }
                }
            }
        });
    }

    /** Bits per piece of the word planes. */
    static final int PIECE_BITS = PackedCoefficients.PIECE_BITS;

    // Whether BigInteger's words can be read directly (measured 12 against 28 ms for the two
    // operands of a 2^20 x 64-bit product).
    private static final boolean DIRECT = BigIntegerWords.direct();

    // words() for one coefficient through BigInteger's public methods (java.math not opened).
    static void wordsOf(BigInteger v, double[][][] planes, int r, int c, int count) {
        int sign = v.signum();
        long[] limbs = sign == 0 ? new long[1] : BigIntegerWords.magnitude(v);
        for (int t = 0; t < count; t++) {
            planes[t][r][c] = sign * (double) PackedCoefficients.piece(limbs, 0, limbs.length, t);
        }
    }

    /**
     * m = the residues mod p of the values sum_t words[t] 2^(48 t), elementwise over the
     * planes' rows (m's further rows are left alone: the transform takes them as zero): Horner
     * from the top word, one modular product by 2^48 per word and a single reduction at the end,
     * vectorized along the rows. O(C R words).
     *
     * <p>Ranges (p &lt; 2^50): a Horner value y with |y| &lt; 2^51 times c = 2^48 mod p in
     * (-p/2, p/2] is below 0.875 p after the product of {@code DoubleNttKernels} (which takes
     * |y| up to 2^51), plus a piece below 2^48 in magnitude: below 0.875 p + 2^48 &lt; 2^51 again,
     * so no step needs a reduction of its own; the last one brings the value to p/2.
     */
    public static void residues(double[][][] words, long p, double[][] m) {
        int used = words[0].length;
        for (int r = 0; r < used; r++) {
            residuesRow(words, r, p, m[r]);
        }
    }

    /**
     * {@link #residues(double[][][], long, double[][])} for the primes ps[from .. to) into
     * ms[j - from], row by row: one row of every plane (planes x C doubles, in L1 or L2) serves
     * all the primes before the next is read, instead of one pass over all the planes per prime.
     * Same values, bit for bit. O(C R words (to - from)).
     */
    public static void residues(double[][][] words, long[] ps, int from, int to, double[][][] ms) {
        int used = words[0].length;
        for (int r = 0; r < used; r++) {
            for (int j = from; j < to; j++) {
                residuesRow(words, r, ps[j], ms[j - from][r]);
            }
        }
    }

    // Row r of the residues mod p (see residues): Horner from the top plane, one reduction at the end.
    private static void residuesRow(double[][][] words, int r, long p, double[] row) {
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        // the pieces' radix 2^48 mod p
        double c48 = DoubleCrt.symmetric(Math.floorMod(1L << PIECE_BITS, p), p);
        double c48p = c48 * pinv;
        int top = words.length - 1;
        System.arraycopy(words[top][r], 0, row, 0, row.length);
        for (int t = top - 1; t >= 0; t--) {
            double[] w = words[t][r];
            for (int c = 0; c < row.length; c++) {
                double y = row[c];
                double h = y * c48;
                double q = QuotientRounding.quotient(y, c48p);
                row[c] = Math.fma(q, np, h) + Math.fma(y, c48, -h) + w[c];
            }
        }
        if (top > 0) {
            for (int c = 0; c < row.length; c++) {
                double v = row[c];
                row[c] = Math.fma(QuotientRounding.quotient(v, pinv), np, v);
            }
        }
    }

    /**
     * The threads worth giving a product of {@code primes} convolutions of 2^log2n points:
     * {@code threads}, or 1 when primes 2^log2n is below 2^{@link Tuning#parallelMinLog2Work()}. Every
     * parallel phase of a product hands its parts to the other threads: with a ForkJoinPool's
     * parked workers that cost 40 to 160 us on the 16 threads of an H100 host's Xeon, more than a
     * small product's whole work, and the cut-off was 2^14; with the spinning
     * {@link org.modalg.fft.parallel.WorkerTeam} under {@link ParallelRange} a phase starts in a
     * few microseconds, and from 2^11 the threads pay: on 16 threads Z[x] of length 2^10 with
     * 64-bit coefficients 0.154 -&gt; 0.072 ms, length 2^11 0.298 -&gt; 0.132, integers of 10^5
     * bits 0.250 -&gt; 0.149 (polynomial/BENCHMARKS.md, "The worker team"). The same result on any
     * thread count. Every method of a plan that takes a thread count applies it, so all the
     * pipeline's clients (Z[x], Z/pZ[x], integers) get the rule; the integer client applies it
     * to its own pieces too.
     */
    public static int usefulThreads(int primes, int log2n, int threads) {
        return threads > 1 && ((long) primes << log2n) < (1L << Math.min(62, Tuning.parallelMinLog2Work())) ? 1 : threads;
    }

    /** {@link #usefulThreads(int, int, int)} on this plan's primes and transform length. */
    private int usefulThreads(int threads) {
        return usefulThreads(primeCount(), log2n, threads);
    }

}
