package org.modalg.polynomial;

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
 * <p>The transform cut-offs ({@link #ZZ_FAST}, {@link #ZZ_NTT}, {@link #ZP_NTT},
 * {@link #ZP_NTT_CRT}) were measured with {@code PolyMulCrossover} (test sources) on the same
 * host (2 vCPUs, load average about 2 from other work), two passes for 64 and 1000 bits and
 * for Z/pZ, 256 and 4000
 * bits, one pass for 16000 bits: minimum of three batches of at least 30 ms after
 * a warm-up batch, balanced lengths n, full-size coefficients of random signs, the NTT engine
 * over both cores. A cut-off is the smallest measured n from which the faster route is not
 * slower in any pass. Times are microseconds per product.
 */
public final class Tuning {
    private Tuning() {
    }

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
     * Z/pZ (dividend length 2n, divisor n; classical / Newton time): n=512 0.70-0.76, n=768 0.81-0.87,
     * n=1024 0.93-1.00, n=1280 0.95-1.05, n=1536 1.13-1.17, n=2048 1.21-1.33,
     * n=4096 1.66-1.78. Newton's products are Karatsuba products here; when NTT
     * multiplication arrives this cut-off drops and must be re-measured.
     */
    static final int ZP_NEWTON_DIVISION = 1536;

    /**
     * Precision from which power series inversion over Z/pZ takes Newton steps (below it the
     * O(n^2) recurrence runs). Times for n = 512: recurrence 289-326 us, one Newton step from
     * 256 341-351 us; n = 768: 701-736 vs 667-719; n = 1024: 1161-1444 vs 1085-1133;
     * n = 2048: 4567-5222 vs 3469-3719.
     */
    static final int ZP_SERIES_NEWTON = 768;

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
     * BigInteger.multiply (Karatsuba / Toom-3) for the NTT + CRT route (property
     * {@code modalg.poly.intMulNttBits}). Measured with {@code IntMulCrossover} (test sources) on
     * the 2-core EPYC VM, balanced operands: see polynomial/BENCHMARKS.md.
     */
    public static int intMulNttBits() {
        return get("modalg.poly.intMulNttBits", INT_MUL_NTT_BITS, 1);
    }

    /** Default of {@link #intMulNttBits()}. */
    static final int INT_MUL_NTT_BITS = 80_000;

    /**
     * Bits of divisor and of quotient from which {@link IntegerDivision#divideAndRemainder}
     * uses Newton's reciprocal instead of BigInteger's Burnikel-Ziegler division (property
     * {@code modalg.poly.intDivNewtonBits}); measured as {@link #intMulNttBits()}.
     */
    public static int intDivNewtonBits() {
        return get("modalg.poly.intDivNewtonBits", INT_DIV_NEWTON_BITS, 1);
    }

    /** Default of {@link #intDivNewtonBits()}. */
    static final int INT_DIV_NEWTON_BITS = 500_000;

    /**
     * Upper bounds (exclusive) on the largest coefficient size in bits for the entries of
     * {@link #ZZ_FAST} and {@link #ZZ_NTT}: below 128 bits, below 512, below 2048, below 8192,
     * and above.
     */
    static final int[] ZZ_FAST_BITS = {128, 512, 2048, 8192};

    /**
     * Length min(n, m) from which {@code PolyMulZZ.mul} leaves Karatsuba for a transform route
     * (Kronecker substitution or the small-prime NTT), by coefficient size; measured with
     * {@code PolyMulCrossover} (test sources), balanced lengths, full-size coefficients of random
     * signs, two passes (microseconds, Karatsuba against the better transform route):
     * <pre>
     *   bits   n     Karatsuba   best transform          (pass 1 / pass 2)
     *     64   12     10.8 / 5.3     10.8 / 6.2 Kronecker
     *     64   16      9.1 / 8.7      8.9 / 8.9 Kronecker    -&gt; 16 (below 128 bits)
     *     64   24     21.9 / 17.1    17.9 / 16.1 Kronecker
     *    256   64    176.9 / 184.9  206.7 / 205.6 NTT
     *    256   96    389.0 / 475.6  300.4 / 336.2 NTT    -&gt; 96 (128 to 511 bits)
     *   1000   96   1370 / 1362    1547 / 1560 NTT
     *   1000  128   1855 / 2203    1833 / 1874 NTT        -&gt; 128 (512 to 2047 bits)
     *   1000  192   4161 / 4196    2944 / 2872 NTT
     *   4000   96  16169 / 11376  10030 / 7863 Kronecker
     *   4000  128  14606 / 15139  15792 / 11949 Kronecker
     *   4000  192  33139 / 34409  17999 / 13318 Kronecker  -&gt; 192 (2048 to 8191 bits)
     *  16000   16          5023           7406 Kronecker
     *  16000   24         11571           7787 Kronecker    -&gt; 24 (8192 bits and more)
     * </pre>
     */
    static final int[] ZZ_FAST = {16, 96, 128, 192, 24};

    /**
     * Length min(n, m) from which the transform route of {@code PolyMulZZ.mul} is the
     * small-prime NTT rather than Kronecker substitution, by coefficient size (same table of
     * bits; a value at or below {@link #ZZ_FAST} means Kronecker is never chosen). Measured as
     * {@link #ZZ_FAST} (microseconds, Kronecker against small-prime NTT):
     * <pre>
     *   bits   n      Kronecker       small-prime NTT   (pass 1 / pass 2)
     *     64   96    105.5 / 90.8    105.4 / 93.1
     *     64  128    137.3 / 133.2   117.7 / 105.1    -&gt; 128 (below 128 bits)
     *     64 4096     7838 / 6297     2874 / 2886
     *    256   96    493.2 / 577.2   300.4 / 336.2    -&gt; 96: Kronecker never wins (128 to 511 bits)
     *   1000  128    3499 / 3707     1833 / 1874      -&gt; 128: never wins (512 to 2047 bits)
     *   1000 8192  189896 / 261702  95568 / 112695
     *   4000  256   38435 / 30435   37823 / 33727
     *   4000  512   72093 / 54198   67413 / 63051
     *   4000 1024   99053 / 108885 123561 / 126925  -&gt; never (2048 to 8191 bits: s = 130 or more
     *                                                    primes, Garner's s^2 per coefficient)
     *  16000  256         94318          427866      -&gt; never (8192 bits and more)
     * </pre>
     * The big-prime FFT over a generalized Fermat field was measured too and lost to the
     * small-prime NTT at every length and size (5 to 12 times slower: 64 bits, n = 4096:
     * 35.2 ms against 2.9 ms; 1000 bits, n = 1024: 134 ms against 13.9 ms), so it is not a
     * branch of the dispatcher.
     */
    static final int[] ZZ_NTT = {128, 96, 128, Integer.MAX_VALUE, Integer.MAX_VALUE};

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
     * or the small-prime NTT) instead of Karatsuba, for coefficients of {@code bits} bits
     * ({@link #ZZ_FAST}); property {@code modalg.poly.zzFast} (at least 1) replaces the table by
     * one value.
     */
    public static int zzFastThreshold(int bits) {
        String s = System.getProperty("modalg.poly.zzFast");
        return s != null ? parse("modalg.poly.zzFast", s, 1) : byBits(ZZ_FAST, bits);
    }

    /**
     * Length from which the transform route of {@code PolyMulZZ.mul} is the small-prime NTT
     * rather than Kronecker substitution, for coefficients of {@code bits} bits
     * ({@link #ZZ_NTT}); property {@code modalg.poly.zzNtt} (at least 1) replaces the table.
     */
    public static int zzNttThreshold(int bits) {
        String s = System.getProperty("modalg.poly.zzNtt");
        return s != null ? parse("modalg.poly.zzNtt", s, 1) : byBits(ZZ_NTT, bits);
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
     * Length min(n, m) from which {@link PolyMulZp#mul} uses the NTT when p is not
     * NTT-friendly (two or three word-size primes and CRT). Measured as {@link #ZP_NTT}
     * (p = 1000000007 and p = 2^62 - 57):
     * <pre>
     *   p           n     Karatsuba        NTT (CRT)
     *   1000000007  256   66.0 / 62.3     83.1 / 83.6
     *   1000000007  384        118.4          146.4
     *   1000000007  512  186.3 / 186.3   161.2 / 158.4    -&gt; 512
     *   2^62 - 57   384        157.7          226.3
     *   2^62 - 57   512  284.8 / 253.0   246.7 / 246.1
     *   2^62 - 57  4096   7196 / 7381     2021 / 2021
     * </pre>
     */
    static final int ZP_NTT_CRT = 512;

    /** Length from which {@link PolyMulZp#mul} uses the NTT for an NTT-friendly p (property {@code modalg.poly.zpNtt}, at least 1). */
    public static int zpNttThreshold() {
        return get("modalg.poly.zpNtt", ZP_NTT, 1);
    }

    /** Length from which {@link PolyMulZp#mul} uses the NTT through CRT for other p (property {@code modalg.poly.zpNttCrt}, at least 1). */
    public static int zpNttCrtThreshold() {
        return get("modalg.poly.zpNttCrt", ZP_NTT_CRT, 1);
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
