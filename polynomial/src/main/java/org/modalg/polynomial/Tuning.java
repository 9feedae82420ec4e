package org.modalg.polynomial;

import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.polynomial.gf.PolyMulGf;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zp.PolyDivZp;
import org.modalg.polynomial.zp.PolyMulZp;

/**
 * Cut-offs of the polynomial layer, each overridable by a system property
 * {@code modalg.poly.*} (read at every dispatch, so a test or a benchmark may change it; a
 * value that is not an integer at or above the stated minimum raises
 * {@link IllegalArgumentException} naming the property). Lengths are numbers of coefficients.
 *
 * <p>The classical/Karatsuba and Newton defaults below were measured with
 * {@code TuningCrossover} (polynomial test sources; how to run it is in its Javadoc and the
 * module README) on an AMD EPYC host with 2 vCPUs,
 * OpenJDK 17.0.15, shared with other work (load average 2.3 to 3.6 during the runs): three
 * full passes of 5 timed batches each, the minimum batch kept. The "one level" figure is
 * Karatsuba with cut-off n (one split, classical halves) against classical at the same length
 * n; the cut-off is the smallest measured n from which one level is not slower in any pass
 * (ratios within 1% of 1 count as ties; isolated load spikes are noted as such). The Newton
 * cut-offs follow the same rule with Newton against the classical method.
 * Ratios quoted are classical / one-level time (above 1: Karatsuba faster).
 *
 * <p>The transform cut-offs over Z/pZ ({@link #ZP_NTT}, {@link #ZP_NTT_CRT}) were measured
 * with {@code PolyMulCrossover} (test sources) on the same host (2 vCPUs, load average about 2
 * from other work), two passes: minimum of three batches of at least 30 ms after a warm-up
 * batch, the NTT engine over both cores; a cut-off is the smallest measured n from which the
 * faster route is not slower in any pass.
 *
 * <p>The cut-offs over Z ({@link #ZZ_FAST}, {@link #ZZ_NTT} and their one-thread tables) and
 * the integer cut-offs ({@link #INT_MUL_NTT_BITS}, {@link #INT_DIV_NEWTON_BITS}) are those of
 * the double-precision NTT routes ({@code ConvolutionPlan}, {@code DoubleNttIntMul}),
 * re-measured on 2026-11-22 with {@code PolyMulCrossover} and {@code IntMulCrossover} on the
 * 2-vCPU AMD EPYC VM, OpenJDK 17.0.15, shared with other builds and benchmarks (load average
 * 1.1 to 4.7 during the runs): balanced lengths n, full-size coefficients of random signs,
 * each figure the minimum of 5 or 7 batches of at least 30 ms after a warm-up, and then the
 * minimum over 2 to 5 passes per cell (the figure least disturbed by the other load). A
 * cut-off is the smallest measured n from which the faster route's minimum is lower at that n
 * and at the larger measured n; a tie within 1% at the crossing goes to the route that wins
 * the larger lengths, and a route that wins only scattered cells is not chosen.
 * The raw tables are in polynomial/BENCHMARKS.md. Times are microseconds per product.
 */
public final class Tuning {
    private Tuning() {
    }

    /**
     * Longest Z[x] product (coefficients) that the AUTO dispatch sends to a usable GPU engine
     * when the rule picks the small-prime NTT: on an H100 host the GPU's route (transforms on the
     * device, projection and CRT on the host) was 1.5-1.6x faster than the CPU route on 16 threads
     * at lengths 2^16 and 2^18 and slower from 2^20 (gpu/BENCHMARKS.md, run 8).
     */
    public static final int ZZ_GPU_MAX_PRODUCT_LENGTH = 1 << 19;

    /**
     * Upper bounds (exclusive) on the largest coefficient size in bits for the entries of
     * {@link #ZZ_KARATSUBA_CUTOFF}: below 192 bits, below 384, below 768, and above.
     */
    static final int[] ZZ_KARATSUBA_BITS = {192, 384, 768};

    /**
     * Karatsuba cut-offs over Z by coefficient size. Measured ratios (three passes):
     * <pre>
     *   64 bits: n=6 0.90-0.94, n=8 1.05-1.14, n=10 1.00-1.05, n=12 0.99-1.03, n=14 1.12-1.23
     *  128 bits: n=8 0.91-0.97 (one spike 0.50), n=10 1.01-1.03, n=12 1.10-1.13    -> 10
     *  256 bits: n=4 0.89-0.90, n=6 1.04-1.23, n=8 1.03-1.06, n=10 1.13-1.16       -> 6
     *  512 bits: n=2 0.84-0.89, n=4 1.02-1.04, n=6 1.08-1.10                       -> 4
     * 1024 bits: n=2 1.05-1.08, n=4 1.14-1.16                                      -> 2
     * 4096 bits: n=2 1.25-1.26, n=4 1.02-1.41                                      -> 2
     * </pre>
     * One BigInteger coefficient product plus addition costs about 40 ns at 64 bits here, so
     * the additions Karatsuba saves a product with are relatively expensive for small
     * coefficients; from a few hundred bits on the products dominate and splitting pays at
     * once.
     */
    static final int[] ZZ_KARATSUBA_CUTOFF = {10, 6, 4, 2};

    /**
     * Karatsuba cut-off over Z/pZ. Measured ratios, 62-bit and 30-bit primes alike (the
     * kernel does not depend on the size of p): n=32 0.96-1.01, n=40 0.98-1.06,
     * n=48 1.00-1.09, n=56 1.03-1.13, n=64 1.07-1.14, n=96 1.13-1.23, n=128 1.03-1.33
     * (one spike 0.68), n=256 1.24-2.35. A classical product
     * costs about 2.2 ns per coefficient product (two multiplications, one carry check,
     * one reduction per output coefficient), which is why the crossover lies this high.
     */
    static final int ZP_KARATSUBA = 48;

    /**
     * Length from which both the divisor and the quotient must be for Newton division over
     * Z/pZ. Re-measured on 2026-11-27 with the NTT products and the series cut-off below
     * (2-core EPYC VM, quiet, one thread; dividend 2n, divisor n; classical / Newton time,
     * minima of 7, p = 2^62 - 57 and 998244353): n=192 0.81-0.83, n=256 0.94-1.09, n=384
     * 1.21-1.39, n=512 1.75-1.84, n=768 1.76-2.64, n=1024 2.90-3.63 (with the old cut-offs
     * n=1024 and 1536 went classical at 2.9x and 4-4.75x Newton's time). The first measured
     * n from which Newton wins at every larger one. (Before the NTT: 1536.)
     */
    static final int ZP_NEWTON_DIVISION = 384;

    /**
     * Precision from which power series inversion over Z/pZ takes Newton steps (below it the
     * O(n^2) recurrence runs). Re-measured on 2026-11-27 with the NTT products (2-core EPYC VM,
     * quiet, one thread, p = 2^62 - 57, minima of 7, us; cut-off 256 / 384 / 768 / none):
     * n=256 71.7 / 67.8 / 67.8 / 68.0, n=384 113.6 / 113.5 / 154.3 / 154.2, n=512 155.2 / 158.8 /
     * 278.1 / 276.7, n=768 254.5 / 244.8 / 289.7 / 626.3, n=1024 264.7 / 274.7 / 421.3 / 1108.5,
     * n=2048 484.3 / 483.8 / 630.5 / 4399.3. (Before the NTT: 768.)
     */
    static final int ZP_SERIES_NEWTON = 384;

    /**
     * Karatsuba cut-off over GF(r^k + 1), the same for every preset measured (GF4, SRGF8,
     * GF16, GF64, GF128): n=2 1.10-1.29, n=3 0.90-0.97 (one level of length 3 still costs
     * 9 products: 1 + 4 + 4), n=4 1.22-1.32, n=5 1.05-1.12, n=6 1.26-1.32. A field product
     * costs 40 to 1000 times a field addition here, so Karatsuba pays from the first even
     * length on.
     */
    static final int GF_KARATSUBA = 4;

    /**
     * Length from which {@code PolyMulZZ.mul} uses Karatsuba, for coefficients of at most
     * {@code bits} bits (the table {@link #ZZ_KARATSUBA_CUTOFF}); property
     * {@code modalg.poly.zzKaratsuba} (at least 2) replaces the whole table by one value.
     */
    public static int zzKaratsubaThreshold(int bits) {
        String s = System.getProperty("modalg.poly.zzKaratsuba");
        if (s != null) {
            return parse("modalg.poly.zzKaratsuba", s, 2);
        }
        for (int i = 0; i < ZZ_KARATSUBA_BITS.length; i++) {
            if (bits < ZZ_KARATSUBA_BITS[i]) {
                return ZZ_KARATSUBA_CUTOFF[i];
            }
        }
        return ZZ_KARATSUBA_CUTOFF[ZZ_KARATSUBA_CUTOFF.length - 1];
    }

    /** Length from which {@link PolyMulZp#mul} uses Karatsuba (property {@code modalg.poly.zpKaratsuba}, at least 2). */
    public static int zpKaratsubaThreshold() {
        return get("modalg.poly.zpKaratsuba", ZP_KARATSUBA, 2);
    }

    /**
     * Primes from which the Z[x] recombination packs Garner's digits by vectorized
     * floating-point products ({@code DigitPacking}) instead of the word-by-word Horner
     * (property {@code modalg.poly.digitPackingPrimes}, at least 1). Measured with
     * {@code PackResiduesAB} (test sources; 2^15 points, one thread, both alternately in one JVM,
     * thread CPU time, the 2-core EPYC at load 5-10, 2026-11-26), Horner / digit packing ms:
     * <pre>
     *   primes (bits)   Horner   digit packing
     *     5 (100)         3.0        3.6
     *     6 (130)     3.0-5.2    3.6-5.9
     *    13 (300)     6.7-12.7   7.0-14.9   -&gt; 16
     *    41 (1000)    65-84       37-43
     *    81 (2000)    240-265    122-128
     * </pre>
     */
    public static int digitPackingPrimes() {
        return get("modalg.poly.digitPackingPrimes", DIGIT_PACKING_PRIMES, 1);
    }

    static final int DIGIT_PACKING_PRIMES = 16;

    /**
     * Primes per pass of the Z[x] projection over an operand's 48-bit piece planes (property
     * {@code modalg.poly.projectionPrimes}, at least 1; 1: one pass per prime). Measured on the
     * 2-core EPYC VM (polynomial/BENCHMARKS.md, 2026-11-27, ZZWideAB, 1000-bit coefficients,
     * length 2^14, 41 primes; projection ms per product): 1: 36-44, 4: 22, 8: 17, 16: 14.5-15,
     * 41: 12-13.4 -&gt; 16 (most of the gain; a group's spectra held at once, 15 matrices more).
     */
    public static int projectionPrimes() {
        return get("modalg.poly.projectionPrimes", PROJECTION_PRIMES, 1);
    }

    static final int PROJECTION_PRIMES = 16;

    /**
     * Divisor and quotient length from which {@link PolyDivZp#divRem} uses Newton division
     * (property {@code modalg.poly.zpNewtonDivision}, at least 1).
     */
    public static int zpNewtonDivisionThreshold() {
        return get("modalg.poly.zpNewtonDivision", ZP_NEWTON_DIVISION, 1);
    }

    /**
     * Precision from which {@link PolyDivZp#inverseSeries} takes Newton steps; the base case
     * below it is the O(n^2) recurrence (property {@code modalg.poly.zpSeriesNewton}, at least 1).
     */
    public static int zpSeriesNewtonThreshold() {
        return get("modalg.poly.zpSeriesNewton", ZP_SERIES_NEWTON, 1);
    }

    /** Length from which {@link PolyMulGf#mul} uses Karatsuba (property {@code modalg.poly.gfKaratsuba}, at least 2). */
    public static int gfKaratsubaThreshold() {
        return get("modalg.poly.gfKaratsuba", GF_KARATSUBA, 2);
    }

    /**
     * Bits of the smaller operand from which {@link IntegerMultiplication#multiply} leaves
     * BigInteger.multiply (Karatsuba / Toom-3) for the NTT route
     * ({@link IntegerMultiplication#multiplyCpu} on the CPU; property
     * {@code modalg.poly.intMulNttBits}).
     */
    public static int intMulNttBits() {
        return get("modalg.poly.intMulNttBits", INT_MUL_NTT_BITS, 1);
    }

    /**
     * {@link #intMulNttBits()} while the limb products' basecase is the digit convolution in SIMD
     * doubles ({@code LimbMultiplication}), about twice as fast as BigInteger's below it: property
     * {@code modalg.poly.intMulNttBitsDigits}, default {@link #INT_MUL_NTT_BITS_DIGITS}; where
     * {@code modalg.poly.intMulNttBits} is set, that value for both.
     */
    public static int intMulNttBitsDigits() {
        return System.getProperty("modalg.poly.intMulNttBits") != null ? intMulNttBits()
                : get("modalg.poly.intMulNttBitsDigits", INT_MUL_NTT_BITS_DIGITS, 1);
    }

    /**
     * Default of {@link #intMulNttBitsDigits()}, measured with {@code IntMulCutoffAB} (test
     * sources; Karatsuba on limbs over the digit convolution against the transform route, one
     * thread, minimum over 35 rounds of batches of 10, us; an H200 host's Xeon, AVX-512,
     * 2026-11-27, two JVMs; BigInteger's basecase in a third JVM for comparison):
     * <pre>
     *   bits    digits: limbs / transform        BigInteger's basecase: limbs / transform
     *   16000    35.4 /  83.6    45.6 / 108.8      90.3 /  83.5
     *   20000    48.4 /  86.7    45.1 /  84.8     122.6 / 119.5
     *   24000    69.8 /  80.6   100.4 / 108.1     153.0 / 125.5
     *   28000    84.9 /  91.1   120.0 / 109.2     205.0 / 131.3
     *   32000   109.1 /  88.3    95.1 /  74.8     247.3 / 121.9
     * </pre>
     */
    static final int INT_MUL_NTT_BITS_DIGITS = 26_000;

    /**
     * Default of {@link #intMulNttBits()}, measured with {@code IntMulCrossover} (test sources):
     * balanced operands, BigInteger.multiply against {@code multiplyCpu(a, b, 1)} (and, in two
     * of the passes, {@code multiplyCpu(a, b, 2)}), minimum of 5 or 7 batches per pass, 1 to 7
     * passes per size; ranges over the passes in ms, with the number of passes the NTT route
     * was faster in:
     * <pre>
     *   bits     BigInteger        one thread              two threads
     *   30000   0.168 - 0.365    0.241 - 0.559  0 of 3
     *   32000   0.172 - 0.366    0.141 - 0.413  4 of 6    0.140 - 0.215  1 of 2
     *   36000   0.209 - 0.345    0.183 - 0.301  5 of 6    0.157 - 0.241  1 of 2
     *   40000   0.241 - 0.299    0.184 - 0.235  7 of 7    0.260 - 0.297  1 of 2
     *   48000   0.334 - 0.490    0.207 - 0.291  6 of 6    0.223 - 0.344  2 of 2
     *   64000   0.505 - 0.767    0.225 - 0.389  6 of 6    0.314 - 0.438  2 of 2
     *  160000   2.25 - 2.32      0.57 - 0.59    3 of 3    0.48 - 0.99    2 of 2
     * 1280000   51.9 - 54.5      4.13 - 6.40    3 of 3    3.83 - 4.28    2 of 2
     * </pre>
     * From 40,000 bits the one-thread route was faster in every pass (by 20 to 40%); on two
     * threads (the second core shared with other work) it was within 6% of BigInteger at
     * 40,000 bits and faster from 48,000. The old route on 61-bit primes crossed at 80,000.
     *
     * <p>Since the transform route takes pieces of one limb (three primes, no shifting), it
     * crosses Karatsuba on limbs ({@code IntegerMultiplication.multiplySmall}) much lower:
     * {@code IntMulCutoffAB} (test sources; interleaved batches of 10, minimum of the thread's CPU
     * time over 150 rounds, one thread, 2026-11-26, load 12-14 on the 2-core EPYC VM), µs, limbs /
     * transform, two passes:
     * <pre>
     *   bits    pass 1          pass 2
     *   10000   27.8 / 35.9     39.9 / 62.1
     *   12000   36.1 / 43.1     35.0 / 42.1
     *   14000   45.3 / 39.9     46.3 / 51.2
     *   16000   56.3 / 40.5     54.8 / 42.1
     *   18000   67.7 / 58.5     69.0 / 64.2
     *   20000   78.3 / 61.4     80.9 / 70.0
     *   28000  131.3 / 68.2    135.0 / 72.2
     * </pre>
     * From 16,000 bits the transform was faster in every pass.
     */
    static final int INT_MUL_NTT_BITS = 16_000;

    /**
     * Bits of divisor and of quotient from which {@link IntegerDivision#divideAndRemainder}
     * uses Newton's reciprocal instead of BigInteger's Burnikel-Ziegler division (property
     * {@code modalg.poly.intDivNewtonBits}).
     */
    public static int intDivNewtonBits() {
        return get("modalg.poly.intDivNewtonBits", INT_DIV_NEWTON_BITS, 1);
    }

    /**
     * Default of {@link #intDivNewtonBits()}, measured with {@code IntMulCrossover}: a 2n-bit
     * dividend by an n-bit divisor, {@code IntegerDivision.divideNewton} (its products through
     * {@link IntegerMultiplication#multiply}, one thread, with intMulNttBits = 36,000 during
     * these runs: the same route for all products here but those of 36,000 to 40,000 bits) against
     * BigInteger.divideAndRemainder, three passes (ms, BigInteger / Newton):
     * <pre>
     *       n    pass 1          pass 2          pass 3
     *   80000    2.74 / 2.33     2.03 / 2.20
     *  100000    3.08 / 2.90     2.66 / 2.92     3.08 / 3.13
     *  120000    4.02 / 4.34     4.67 / 3.30     3.54 / 3.27
     *  140000    5.02 / 4.21     4.97 / 3.82     4.78 / 4.03
     *  160000    8.12 / 4.42     7.87 / 4.55     5.57 / 4.21
     *  320000   17.0  / 8.28    22.7  / 8.42
     * 1280000  142.8  / 31.8   146.5  / 32.8
     * </pre>
     * (the old cut-off was 500,000 bits, measured on the 61-bit-prime route).
     */
    static final int INT_DIV_NEWTON_BITS = 140_000;

    /**
     * Upper bounds (exclusive) on the largest coefficient size in bits for the entries of
     * {@link #ZZ_FAST} and {@link #ZZ_NTT} (and their one-thread tables): below 128 bits, below
     * 512, below 1024, below 2048, below 8192, and above.
     */
    static final int[] ZZ_FAST_BITS = {128, 512, 1024, 2048, 8192};

    /**
     * Length min(n, m) from which {@code PolyMulZZ.mul} leaves Karatsuba for a transform route
     * (Kronecker substitution or the small-prime NTT), by coefficient size, when the shared CPU
     * engine has two or more threads; {@link #ZZ_FAST_ONE_THREAD} for one thread. Measured with
     * {@code PolyMulCrossover} on two threads (the default on the 2-vCPU host), minima over the
     * passes (microseconds; Karatsuba, Kronecker, small-prime NTT):
     * <pre>
     *   bits    n    Karatsuba   Kronecker     NTT
     *     64   12         5.5        5.5      41.5    (classical 5.1)
     *     64   16         9.1        8.0      47.2    -&gt; 16 (below 128 bits)
     *    256   48       115.4      178.4     153.4
     *    256   64       190.0      263.9     188.4    -&gt; 64 (128 to 511 bits)
     *   1000   64       608.5      749.7     889.8
     *   1000   96      1328.0     1140.0     894.4    -&gt; 96 (512 to 1023 bits)
     *   1500   64      1067.7     1177.5    1971.9
     *   1500   96      2556.5     1740.5    2891.6    -&gt; 96 (1024 to 2047 bits)
     *   4000   16       511.2      895.2    5400.3
     *   4000   24      1170.6     1046.5    5636.6
     *   4000   32      1560.6     1451.0    7851.4    -&gt; 24 (2048 to 8191 bits)
     *  16000    4       520.7      683.1   30269.3
     *  16000    6      1223.1      817.3   36227.8    -&gt; 6 (8192 bits and more)
     * </pre>
     * The old table (61-bit-prime NTT, before the double-precision routes) was 16, 96, 128
     * (512 to 2047 bits), 192 (2048 to 8191), 24: Kronecker's integer products got faster too.
     */
    static final int[] ZZ_FAST = {16, 64, 96, 96, 24, 6};

    /**
     * {@link #ZZ_FAST} for a shared CPU engine of one thread ({@code -Dmodalg.threads=1}).
     * Measured as {@link #ZZ_FAST} on one thread (microseconds; Karatsuba, Kronecker, NTT):
     * <pre>
     *   bits    n    Karatsuba   Kronecker     NTT
     *     64   16         9.8       15.9      14.1
     *     64   24        16.7       13.3      16.0    -&gt; 24 (below 128 bits)
     *    256   48       113.1      202.0     124.3
     *    256   64       193.9      272.8     129.2    -&gt; 64
     *   1000   64       608.6      770.4     955.6
     *   1000   96      1339.5     1092.3    1262.4    -&gt; 96
     *   1500   64      1071.5     1119.2    1727.2
     *   1500   96      2484.5     1702.7    2560.6    -&gt; 96
     *   4000   16       528.6      634.7    5007.8
     *   4000   24      1268.3      940.6    6407.4    -&gt; 24
     *  16000    4       543.7      588.7   33168.9
     *  16000    6      1278.9      841.7   44115.9    -&gt; 6
     * </pre>
     */
    static final int[] ZZ_FAST_ONE_THREAD = {24, 64, 96, 96, 24, 6};

    /**
     * Length min(n, m) from which the transform route of {@code PolyMulZZ.mul} is the
     * small-prime NTT rather than Kronecker substitution, by coefficient size (same table of
     * bits; a value at or below {@link #ZZ_FAST} means Kronecker is never chosen), for two or
     * more threads; {@link #ZZ_NTT_ONE_THREAD} for one. Measured as {@link #ZZ_FAST}, two
     * threads (microseconds, Kronecker against the small-prime NTT):
     * <pre>
     *   bits     n     Kronecker      NTT
     *     64   128       121.8      189.8
     *     64   192       218.1      228.5
     *     64   256       313.4      252.5    -&gt; 256 (below 128 bits)
     *     64   512       499.7      326.3
     *    256    64       263.9      188.4    -&gt; 64 = ZZ_FAST: Kronecker never (128 to 511 bits)
     *   1000    96      1140.0      894.4    -&gt; 96 = ZZ_FAST: never (512 to 1023 bits)
     *   1000  1024     11649.4     8158.5
     *   1500    96      1740.5     2891.6
     *   1500   256      7677.6     6238.7
     *   1500   512      8947.0    12362.0
     *   1500  1024     18096.1    23022.5    -&gt; never (1024 to 2047 bits; 2000 bits: the NTT
     *                                           1.5 to 3 times slower at every n from 32 to 1024)
     *   4000   256     10527.6    18543.5    -&gt; never (1.8 to 5 times slower)
     *  16000   256     36681.7   313822.4    -&gt; never
     * </pre>
     * On two threads the NTT route costs at least 40 to 50 us even for tiny products (hand-offs
     * to the second worker on a shared VM), against 5 to 20 us on one thread: hence the higher
     * cut-off at 64 bits than on one thread. From about 1500 bits the s^2 Garner cost (s = 2
     * bits / 49 primes) outweighs the transforms and Kronecker stays ahead.
     */
    static final int[] ZZ_NTT = {256, 64, 96, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE};

    /**
     * {@link #ZZ_NTT} for a shared CPU engine of one thread. Measured on one thread
     * (microseconds, Kronecker against the small-prime NTT):
     * <pre>
     *   bits     n     Kronecker      NTT
     *     64    24        13.3       16.0
     *     64    32        18.9       12.6    -&gt; 32 (below 128 bits)
     *     64   256       325.4       86.5
     *    256    64       272.8      129.2    -&gt; 64 = ZZ_FAST_ONE_THREAD: Kronecker never
     *   1000    96      1092.3     1262.4
     *   1000   512      5111.2     6018.2
     *   1000  1024     10857.6    11795.3
     *   1000  4096     45502.1    45635.7    (before the packing's Horner ran over the limbs in use)
     *   1500   512      9381.5    12453.9    -&gt; never (1024 to 2047 bits)
     *   4000   256     10706.4    38035.5    -&gt; never
     *  16000   192     34421.3   440137.1    -&gt; never
     * </pre>
     * Re-measured 2026-11-26 after the packing ran over the limbs in use (ZZFlintRows, FLINT's
     * inputs, the two routes alternately in one JVM, thread CPU time in ms, the machine loaded):
     * 1000 bits, n = 256: Kronecker 3.9 / 2.8, NTT 5.7 / 3.0; n = 4096: 63.5 / 35.1 against
     * 49.4 / 36.8 (a tie); n = 65536: 1205 / 1072 against 762 / 810 -&gt; 4096 (512 to 1023 bits).
     * Re-measured 2026-11-27 after the projection took groups of primes per pass (ZZWideAB, the
     * two routes alternately in one JVM, medians of per-round minima of thread CPU time, load
     * 4-5): 1000 bits, n = 1024: Kronecker 7.6 / 11.5, NTT 10.5 / 11.5; n = 2048: 21.2 / 18.4 /
     * 20.3 / 15.3 against 20.3 / 13.8 / 20.7 / 13.5 (NTT/Kronecker 0.75-1.02, median 0.9);
     * 600 bits, n = 2048: 13.5 against 10.3 -&gt; 2048 (512 to 1023 bits).
     * The big-prime FFT over a generalized Fermat field lost to the small-prime NTT at every
     * length and size already against the 61-bit-prime route (5 to 12 times slower), so it is
     * not a branch of the dispatcher.
     */
    static final int[] ZZ_NTT_ONE_THREAD = {32, 64, 2048, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE};

    private static int byBits(int[] table, int bits) {
        for (int i = 0; i < ZZ_FAST_BITS.length; i++) {
            if (bits < ZZ_FAST_BITS[i]) {
                return table[i];
            }
        }
        return table[table.length - 1];
    }

    /**
     * Length from which {@code PolyMulZZ.mul} uses a transform route (Kronecker substitution
     * or the small-prime NTT) instead of Karatsuba, for coefficients of {@code bits} bits and
     * the call's thread count ({@code Options.threads()}, by default the shared CPU engine's;
     * {@link #ZZ_FAST}, {@link #ZZ_FAST_ONE_THREAD});
     * property {@code modalg.poly.zzFast} (at least 1) replaces the tables by one value.
     */
    public static int zzFastThreshold(int bits) {
        String s = System.getProperty("modalg.poly.zzFast");
        return s != null ? parse("modalg.poly.zzFast", s, 1) : zzFastDefault(bits, ProductContext.threads());
    }

    /** The default of {@link #zzFastThreshold(int)} for {@code threads} threads. */
    static int zzFastDefault(int bits, int threads) {
        return byBits(threads == 1 ? ZZ_FAST_ONE_THREAD : ZZ_FAST, bits);
    }

    /**
     * Length from which the transform route of {@code PolyMulZZ.mul} is the small-prime NTT
     * rather than Kronecker substitution, for coefficients of {@code bits} bits and the call's
     * thread count ({@code Options.threads()}, by default the shared CPU engine's;
     * {@link #ZZ_NTT}, {@link #ZZ_NTT_ONE_THREAD}); property
     * {@code modalg.poly.zzNtt} (at least 1) replaces the tables.
     */
    public static int zzNttThreshold(int bits) {
        String s = System.getProperty("modalg.poly.zzNtt");
        return s != null ? parse("modalg.poly.zzNtt", s, 1) : zzNttDefault(bits, ProductContext.threads());
    }

    /** The default of {@link #zzNttThreshold(int)} for {@code threads} threads. */
    static int zzNttDefault(int bits, int threads) {
        return byBits(threads == 1 ? ZZ_NTT_ONE_THREAD : ZZ_NTT, bits);
    }

    /**
     * Length min(n, m) from which {@link PolyMulZp#mul} uses the NTT when p is NTT-friendly
     * for the product length (one transform modulo p). Measured with {@code PolyMulCrossover}
     * (p = 998244353, microseconds, Karatsuba against NTT, two passes):
     * <pre>
     *   n     Karatsuba        NTT
     *    64   10.6 / 16.1     9.7 / 17.8
     *    96   14.1 / 30.1    16.5 / 27.8
     *   128   22.1 / 21.7    16.5 / 16.4    -&gt; 128
     *   256   69.5 / 66.3    25.7 / 30.0
     *  4096   5467 / 5149     468 / 470
     * </pre>
     */
    static final int ZP_NTT = 128;

    /**
     * Length min(n, m) from which {@link PolyMulZp#mul} uses the NTT when the direct 64-bit
     * transform does not win ({@code PolyMulZp.directNttWins}): the double-precision route,
     * one to four primes below 2^50 and CRT. Measured on 2026-11-26 on the 2-core EPYC under a
     * load average of about 14 (other builds), one thread, the minimum of single calls over
     * 8-10 passes of 15 ms each (microseconds, Karatsuba / double-precision NTT):
     * <pre>
     *   p           n     Karatsuba   NTT
     *   1000000007   96     17.7      16.2
     *   1000000007  128     28.0      17.5
     *   2^62 - 57    96     18.5 / 19.7   24.3 / 28.1
     *   2^62 - 57   128     28.7 / 30.2   26.4 / 29.9     -&gt; 128
     *   2^62 - 57   192     57.9 / 62.5   44.3 / 42.6
     *   2^62 - 57  2048   2603      547
     * </pre>
     * (The 64-bit CRT route it replaces on the CPU crossed at 512: 246 us at n = 512 and 2021 us
     * at 4096 for p = 2^62 - 57.)
     */
    static final int ZP_NTT_CRT = 128;

    /**
     * Length min(n, m) from which {@link PolyMulZp#mulFullWord} uses the double-precision NTT
     * for p &gt;= 2^62 (below it Karatsuba with unsigned-safe sums). Measured with the same
     * harness as {@link #ZP_NTT_CRT} (p = 2^64 - 59, three primes; us, Karatsuba / NTT):
     * n = 64 13.7 / 17.9, 96 25.2 / 22.6, 128 41.0 / 24.2, 192 77.2 / 41.2 (a second run: 128
     * 57.4 / 66.7, 192 111 / 48.8) -&gt; 128.
     */
    static final int ZP_FULL_WORD_NTT = 128;

    /** Length from which {@link PolyMulZp#mulFullWord} uses the NTT for p &gt;= 2^62 (property {@code modalg.poly.zpFullWordNtt}, at least 1). */
    public static int zpFullWordNttThreshold() {
        return get("modalg.poly.zpFullWordNtt", ZP_FULL_WORD_NTT, 1);
    }

    /**
     * Transforms of at most 2^this points run one per prime in parallel (each on one thread, the
     * idle threads in their passes when there are fewer primes than threads) whatever the thread
     * count, instead of one prime after another with the threads inside each transform: a short
     * transform split over many threads pays more in joins than it gains. Measured on the 16-core host of an H100 (`bench compare`, 16 threads, one round
     * each, ms; the property set to 0 / 18 / 21, i.e. never / up to 2^18 / up to 2^21 points):
     * Z/pZ[x] 2^16 (2^17 points) 19.6 / 5.2 / 10.6, 2^20 (2^21) 106.6 / 92.2 / 105.8; Z[x]
     * 64-bit 2^14 (2^15) 4.7 / 1.5 / 1.4, 2^18 (2^19) 38.2 / 41.0 / 26.9, 2^20 (2^21) 97.7 /
     * 102.0 / 110.9 -&gt; up to 2^20 points, with the ForkJoinPool. With fft's worker team and
     * the idle threads in the primes' passes (the same host, 2026-11-27, `PipelinePhasesRun`
     * rows on 16 threads, wall-clock best in ms, two alternations of JVMs with the property at
     * 20 / 21 / 17): Z/pZ[x] 2^20 (2^21 points) 91.3, 102.0 / 39.3, 41.7 / 95.3, 101.4; Z[x]
     * 64-bit 2^20 106.5, 106.9 / 53.7, 49.2 / 102.7, 97.6; Z/pZ[x] 2^18 (2^19) 13.5, 12.8 / 14.7,
     * 14.7 / 36.7, 39.1; Z[x] 64-bit 2^18 15.2, 14.6 / 14.1, 16.7 / 34.5, 39.9; then at 21 / 25:
     * Z/pZ[x] 2^22 (2^23 points) 266.0, 202.8 / 138.7, 112.5; 2^24 (2^25) 811.7, 631.3 / 616.3,
     * 529.5; Z[x] 64-bit 2^22 364.5, 286.7 / 172.3, 183.2 -&gt; up to 2^25 points. Longer
     * transforms keep one prime at a time: side by side holds every prime's matrices at once (at
     * 2^26 points 512 MiB each), and they were not measured.
     */
    static final int ACROSS_PRIMES_LOG2N = 25;

    /**
     * Products over Z/pZ of n coefficients, L &lt; n &lt;= 1.5 L for L = 2^h, take the pipeline's
     * split layout {@code HALF} (negacyclic L points and cyclic L/2) instead of the cyclic 2L from
     * h = this; n &lt;= 1.25 L from L = 256 takes the wrapped route before (PolyMulZp). Measured
     * by ProductRowsAB (`DoubleNttPolyMulZp#splitLayouts=0,1`, one thread, p = nextprime(2^62),
     * operands of 0.7 2^h entries, minima of alternating rounds, 2-core EPYC VM, load 3-5,
     * 2026-11-27): split / cyclic 1.02-1.04 at h = 9, 0.97 at 10, 0.92 at 11, 0.89 at 12, 0.87 at
     * 16, 0.75 at 19. The layout {@code THREE_QUARTERS} (negacyclic L and L/2, cyclic L/4) for
     * n &lt;= 1.75 L is not taken: operands of 0.85 2^h entries measured 1.12 at h = 12 and 16,
     * 1.04 at 17, 0.97-1.03 at 18, 0.93 at 19, 1.03-1.06 at 20 (its folds and three
     * combinations cost what its shorter transforms save).
     */
    static final int ZP_HALF_LAYOUT_LOG2N = 10;

    /** {@link #ZP_HALF_LAYOUT_LOG2N} (property {@code modalg.poly.zpHalfLayoutLog2n}, at least 2). */
    public static int zpHalfLayoutLog2n() {
        return get("modalg.poly.zpHalfLayoutLog2n", ZP_HALF_LAYOUT_LOG2N, 2);
    }

    /**
     * log2 of the points times primes from which a product's parallel phases go to the other
     * threads (below it one thread, whatever the count: {@code ConvolutionPlan.usefulThreads}).
     * 2^14 with a ForkJoinPool's hand-offs; 2^11 with fft's worker team, measured on 16 threads of
     * an H100 host (2^14 -&gt; 2^11: Z[x] 2^10 x 64-bit 0.47x, 2^11 0.44x, integers of 10^5 bits
     * 0.60x, 4 10^4 0.62x; 2^9 no better) and on two threads of the VM (0.70-0.78x;
     * polynomial/BENCHMARKS.md, "The worker team").
     */
    static final int PARALLEL_MIN_LOG2_WORK = 11;

    /** {@link #PARALLEL_MIN_LOG2_WORK} (property {@code modalg.poly.parallelMinLog2Work}, at least 0). */
    public static int parallelMinLog2Work() {
        return get("modalg.poly.parallelMinLog2Work", PARALLEL_MIN_LOG2_WORK, 0);
    }

    /** {@link #ACROSS_PRIMES_LOG2N} (property {@code modalg.poly.acrossPrimesLog2n}, at least 0). */
    public static int acrossPrimesLog2n() {
        return get("modalg.poly.acrossPrimesLog2n", ACROSS_PRIMES_LOG2N, 0);
    }

    /** Length from which {@link PolyMulZp#mul} uses the NTT for an NTT-friendly p (property {@code modalg.poly.zpNtt}, at least 1). */
    public static int zpNttThreshold() {
        return get("modalg.poly.zpNtt", ZP_NTT, 1);
    }

    /** Length from which {@link PolyMulZp#mul} uses the NTT through CRT for other p (property {@code modalg.poly.zpNttCrt}, at least 1). */
    public static int zpNttCrtThreshold() {
        return get("modalg.poly.zpNttCrt", ZP_NTT_CRT, 1);
    }

    /**
     * Whether the integer product may take pieces of whole limbs (one limb with three primes, two
     * limbs with six; {@code DoubleNttIntMul}): property {@code modalg.intmul.wholeLimbs}, 1
     * (default) or 0 (only the shifted pieces of 1 to 120 bits, as before they existed; for
     * measuring one against the other on a given machine and thread count).
     */
    public static boolean intMulWholeLimbs() {
        String s = System.getProperty("modalg.intmul.wholeLimbs");
        if (s == null) {
            return true;
        }
        int v = parse("modalg.intmul.wholeLimbs", s, 0);
        if (v > 1) {
            throw new IllegalArgumentException("system property modalg.intmul.wholeLimbs must be 0 or 1, got " + v);
        }
        return v == 1;
    }

    private static int get(String property, int defaultValue, int min) {
        String s = System.getProperty(property);
        return s == null ? defaultValue : parse(property, s, min);
    }

    private static int parse(String property, String s, int min) {
        int v;
        try {
            v = Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("system property " + property + " must be an integer >= " + min
                    + ", got '" + s + "'", e);
        }
        if (v < min) {
            throw new IllegalArgumentException("system property " + property + " must be an integer >= " + min
                    + ", got " + v);
        }
        return v;
    }
}
