package org.modalg.polynomial.zp;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.doublentt.QuotientRounding;
import org.modalg.fields.UnsignedDivider;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.DoubleCrt;
import org.modalg.polynomial.zz.PolyMulZZ;

/**
 * Products over Z/pZ for every modulus 2 &lt;= p &lt; 2^64 (p read as an unsigned word, prime or
 * not) as a thin client of the one convolution pipeline ({@link ConvolutionPlan}), the technique
 * of FLINT's {@code fft_small} for {@code nmod_poly_mul}. This class chooses the shape (the
 * fewest of the pipeline's primes q_j below 2^50 that determine the exact integer product, one
 * cyclic convolution of length N = 2^ceil(log2(aLen + bLen - 1)), or of a given length for the
 * wrapped route, or the split layout of length N/2 for products of up to 1.5 N/2
 * coefficients, {@link #layout}) and supplies the two hooks: the entries mod q_j as the projection
 * ({@link Entries}) and, as the recombination, the reduction mod p of the exact integer
 * coefficient fused with Garner's digits row by row while they are in cache
 * ({@link #reduceShoup}, {@link #reduce}). No BigInteger per coefficient, no array per prime
 * beyond its transform matrices. The transforms run on {@link DoubleNttPlan} or, for
 * {@link #mul(long, long[], int, int, long[], int, int, long[], int, NttEngine, int)}, on an engine.
 *
 * <h2>How many primes</h2>
 * Every coefficient of the integer product of the lifts (entries in [0, p)) is a sum of at most
 * m = min(aLen, bLen) products of two integers in [0, p - 1], so it lies in [0, B] with
 * B = m (p - 1)^2. With M = q_0 ... q_(s-1) &gt; B, the residues mod the q_j determine it: the
 * normalized digits v_j in [0, q_j) give V = v_0 + q_0 (v_1 + q_1 (v_2 + ...)) in [0, M),
 * congruent to the coefficient modulo M, and both lie in [0, M), so V is the coefficient.
 * s is the fewest that gives M &gt; B ({@link Modulus#primesFor}): one prime when B &lt; q_0 (about
 * 2^50: small p), two up to about 2^100 (p below 2^(50 - log2(m)/2)), three up to about 2^150
 * (p &lt; 2^63 at m = 2^22, FLINT's 62-bit row up to m = 2^24), four above (every p &lt; 2^64,
 * m &lt; 2^71).
 *
 * <h2>The reduction mod p</h2>
 * V mod p = (v_0 + sum_{j&gt;=1} v_j K_j) mod p with K_j = q_0 ... q_(j-1) mod p &lt; 2^64. For
 * p &lt; 2^63 each term is a Shoup product by the precomputed floor(K_j 2^64 / p), added modulo
 * p without a branch ({@link #reduceShoup}: 31 against 45 ms for the 2^21 coefficients of a
 * 2^20 product, one thread, load about 5). For larger p the sum of s terms below 2^50 2^64 is
 * kept in two words (below 2^116, high word below 2^53) and reduced by {@link UnsignedDivider}
 * (Moeller-Granlund) once ({@link #reduce}). Three primes with 2^55 &lt; p &lt; 2^64 / 3 (FLINT's
 * 62-bit row) take one quotient estimated in double precision for the whole sum instead
 * ({@link #reduceEstimated}: three word products and one by p per coefficient instead of six and
 * two high halves).
 *
 * <p>Cost: O(s N log N) for the transforms, O(s N) for the residues (the entries themselves, or
 * two 32-bit halves and one modular product per prime, vectorized), O(s^2 N) for Garner and
 * O(s N) for the reduction.
 * Limits: N &lt;= 2^{@link #MAX_LOG2N}; longer products go in blocks (the caller's).
 */
public final class DoubleNttPolyMulZp {
    private DoubleNttPolyMulZp() {
    }

    /** Longest transform: 2^28 points (the plan's and the primes' 2-adic limit). */
    static final int MAX_LOG2N = ConvolutionPlan.MAX_LOG2N;

    /** Most primes ever needed: four (M &gt; 2^199 &gt; 2^31 (2^64)^2). */
    static final int MAX_PRIMES = 4;

    /** The per-modulus constants: K_j and the longest m each prime count takes. Immutable. */
    public static final class Modulus {
        final long p;
        final UnsignedDivider div;
        // crt[k - 1]: the basis of the first k primes
        final DoubleCrt[] crt = new DoubleCrt[MAX_PRIMES];
        // maxMin[k - 1]: the largest m = min(aLen, bLen) with m (p - 1)^2 < q_0 ... q_(k-1)
        final long[] maxMin = new long[MAX_PRIMES];
        // maxMinSigned[k - 1]: the largest m with m (p - 1)^2 < q_0 ... q_(k-1) / 4, where the
        // signed digits' value is the coefficient itself (reduceEstimated without normalizing)
        final long[] maxMinSigned = new long[MAX_PRIMES];
        // k[j] = q_0 ... q_(j-1) mod p (k[0] = 1 mod p)
        final long[] k = new long[MAX_PRIMES];
        // whether a two-word sum of s terms below 2^114 has its high word below p
        final boolean highBelowP;
        // w[j] = floor(k[j] 2^64 / p) (unsigned), for Shoup's products by k[j] (p < 2^63)
        final long[] w = new long[MAX_PRIMES];
        // p < 2^63: the reduction by Shoup's products (reduceShoup)
        final boolean shoup;
        // 2^55 < p < 2^64 / 3: the reduction of three digits by an estimated quotient (reduceEstimated)
        final boolean estimated;
        // f[j] = K_j / p rounded to a double (relative error at most 2^-52), j = 1, 2
        final double[] f = new double[3];

        Modulus(long p) {
            this.p = p;
            this.div = new UnsignedDivider(p);
            BigInteger pb = new BigInteger(Long.toUnsignedString(p));
            BigInteger sq = pb.subtract(BigInteger.ONE).pow(2);
            BigInteger prod = BigInteger.ONE;
            for (int s = 1; s <= MAX_PRIMES; s++) {
                DoubleCrt c = ConvolutionPlan.first(s); // the pipeline's one prime-basis cache
                crt[s - 1] = c;
                k[s - 1] = prod.mod(pb).longValue();
                prod = prod.multiply(BigInteger.valueOf(c.prime(s - 1)));
                // m (p - 1)^2 < M  <=>  m <= (M - 1) / (p - 1)^2
                BigInteger most = sq.signum() == 0 ? BigInteger.valueOf(Long.MAX_VALUE)
                        : prod.subtract(BigInteger.ONE).divide(sq);
                maxMin[s - 1] = most.bitLength() < 63 ? most.longValue() : Long.MAX_VALUE;
                BigInteger signed = sq.signum() == 0 ? BigInteger.valueOf(Long.MAX_VALUE)
                        : prod.subtract(BigInteger.ONE).shiftRight(2).divide(sq);
                maxMinSigned[s - 1] = signed.bitLength() < 63 ? signed.longValue() : Long.MAX_VALUE;
            }
            this.shoup = p > 0;
            for (int j = 0; j < MAX_PRIMES && shoup; j++) {
                w[j] = div.quotient(k[j], 0L);
            }
            this.estimated = Long.compareUnsigned(p, 1L << 55) > 0 && Long.compareUnsigned(p, ESTIMATE_LIMIT) <= 0;
            for (int j = 1; j < 3 && estimated; j++) { // K_j < p < 2^63 here
                f[j] = new java.math.BigDecimal(BigInteger.valueOf(k[j]))
                        .divide(new java.math.BigDecimal(pb), java.math.MathContext.DECIMAL128).doubleValue();
            }
            // high word < 2^53 (s <= 4 terms below 2^114 plus one below 2^50)
            this.highBelowP = Long.compareUnsigned(p, 1L << 53) > 0;
        }

        /** The basis for m = min(aLen, bLen): the fewest primes with M &gt; m (p - 1)^2. */
        public DoubleCrt primesFor(int m) {
            for (int s = 1; s <= MAX_PRIMES; s++) {
                if (m <= maxMin[s - 1]) {
                    return crt[s - 1];
                }
            }
            throw new IllegalStateException("no basis for m = " + m); // m < 2^31: four suffice
        }
    }

    // floor((2^64 - 1) / 3): the largest p with 3 p < 2^64, for reduceEstimated
    private static final long ESTIMATE_LIMIT = 0x5555555555555555L;

    private static volatile Modulus last = new Modulus(2);

    /** The constants for p (the last modulus is cached: setting up costs a few BigInteger products). */
    public static Modulus modulus(long p) {
        Modulus m = last;
        if (m.p != p) {
            m = new Modulus(p);
            last = m;
        }
        return m;
    }

    /** Whether one transform takes the product: aLen + bLen - 1 &lt;= 2^{@link #MAX_LOG2N}. */
    static boolean fits(int aLen, int bLen) {
        return (long) aLen + bLen - 1 <= 1L << MAX_LOG2N;
    }

    /**
     * c[cOff .. cOff + aLen + bLen - 1) = a b mod p (preconditions of {@link PolyMulZp}, entries
     * unsigned in [0, p), 2 &lt;= p &lt; 2^64 unsigned, {@link #fits}), on {@code threads} threads.
     * b == a with the same offset and length is a square (one transform fewer per prime).
     */
    public static void mul(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c, int cOff,
            int threads) {
        int n = aLen + bLen - 1;
        int log2n = Math.max(DoubleNttPlan.MIN_LOG2N, PolyMulZZ.ceilLog2(n));
        int layout = layout(n, log2n);
        product(p, a, aOff, aLen, b, bOff, bLen, c, cOff, layout == ConvolutionPlan.CYCLIC ? log2n : log2n - 1,
                layout, null, threads);
    }

    /**
     * Not 0: a product of n coefficients, L &lt; n &lt;= 1.5 L for L = 2^(log2n - 1), may take
     * the pipeline's split layout HALF ({@link #layout}); 0: always the cyclic convolution of 2L
     * points (kept for tests and measurements).
     */
    static int splitLayouts = 1;

    /**
     * The layout of a product of n coefficients whose cyclic convolution has 2^log2n points, for
     * L = 2^h, h = log2n - 1: {@link ConvolutionPlan#HALF} (negacyclic L, cyclic L/2: 1.5 L
     * points of transforms instead of 2 L) for n &lt;= 1.5 L from h =
     * {@link Tuning#zpHalfLayoutLog2n()}, else {@link ConvolutionPlan#CYCLIC}: below that h the
     * layout's folds and combination pass cost more than its shorter transforms save, and
     * {@code THREE_QUARTERS} (up to 1.75 L) gave no clear gain at any h (see the Tuning entry).
     * {@code QUARTER} is not taken: {@link PolyMulZp#mulDoubleNtt} sends n &lt;= 1.25 L to its
     * wrapped route from L = 256.
     */
    static int layout(long n, int log2n) {
        int h = log2n - 1;
        if (splitLayouts != 0 && h + 1 <= ConvolutionPlan.TWO_ADIC
                && h >= Math.max(Tuning.zpHalfLayoutLog2n(), DoubleNttPlan.MIN_LOG2N + 1)
                && n <= ConvolutionPlan.capacity(h, ConvolutionPlan.HALF)) {
            return ConvolutionPlan.HALF;
        }
        return ConvolutionPlan.CYCLIC;
    }

    /**
     * c[cOff .. cOff + min(N, aLen + bLen - 1)) = a b mod (x^N - 1, p) for N = 2^log2n, operands
     * of at most N coefficients each (other preconditions as {@link #mul}): the cyclic
     * convolution, which is the product itself when aLen + bLen - 1 &lt;= N. Its coefficients
     * are sums of at most min(aLen, bLen) products (for each index of the shorter operand one of
     * the longer), so the bound of the class holds.
     */
    public static void cyclic(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c, int cOff,
            int log2n, int threads) {
        product(p, a, aOff, aLen, b, bOff, bLen, c, cOff, log2n, ConvolutionPlan.CYCLIC, null, threads);
    }

    /**
     * {@link #mul} with the convolutions on {@code engine} (a GPU's): the same primes, projection
     * and fused reduction on the calling thread, one cyclic convolution per prime on the engine
     * ({@link ConvolutionPlan#convolve(ConvolutionPlan.Projection, ConvolutionPlan.Projection,
     * NttEngine)}), the recombination on {@code threads} threads.
     *
     * @throws IllegalArgumentException if the product is longer than the engine's 2^27 points
     */
    static void mul(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c, int cOff,
            NttEngine engine, int threads) {
        int log2n = Math.max(DoubleNttPlan.MIN_LOG2N, ConvolutionPlan.ceilLog2(aLen + bLen - 1));
        product(p, a, aOff, aLen, b, bOff, bLen, c, cOff, log2n, ConvolutionPlan.CYCLIC, engine, threads);
    }

    // The pipeline for a product mod p: the plan of the fewest primes, the entries as projection,
    // convolutions in the layout on the CPU (engine null; the engine: cyclic) or the engine, the
    // fused reduction as recombination.
    private static void product(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c,
            int cOff, int log2n, int layout, NttEngine engine, int threads) {
        int n = (int) Math.min(aLen + bLen - 1, ConvolutionPlan.capacity(log2n, layout));
        Modulus mod = modulus(p);
        int m = Math.min(aLen, bLen);
        DoubleCrt crt = mod.primesFor(m);
        int s = crt.size();
        int pBits = 64 - Long.numberOfLeadingZeros(p - 1);
        ConvolutionPlan plan = ConvolutionPlan.ofShape(crt, Math.max(DoubleNttPlan.MIN_LOG2N, log2n),
                layout, aLen, bLen, pBits, 0, n, 2 * pBits + ConvolutionPlan.ceilLog2(m));
        // values up to 2^50 are inputs of every prime's transform as they are (magnitude at most
        // 1.5 q_j: q_j > 2^49.9); larger ones are reduced from their two 32-bit halves
        boolean small = Long.compareUnsigned(p, 1L << 50) <= 0;
        Entries ea = new Entries(a, aOff, aLen, small);
        Entries eb = a == b && aOff == bOff && aLen == bLen ? ea : new Entries(b, bOff, bLen, small);
        ConvolutionPlan.Convolved convolved = engine == null ? plan.convolve(ea, eb, threads)
                : plan.convolve(ea, eb, engine);
        plan.recombine(convolved, new Reduction(mod, s, m, n, c, cOff), threads);
    }

    /**
     * A factor x mod p transformed once (per prime of its basis) for cyclic products by other
     * operands of at most {@code otherMax} entries: each then costs two transforms per prime
     * instead of three ({@link ConvolutionPlan#convolve(ConvolutionPlan.Transformed,
     * ConvolutionPlan.Projection, int)}). The product is taken mod x^N - 1, N = 2^log2n, which is
     * the linear product when len + otherMax - 1 &lt;= N; both operands have at most N entries,
     * so a coefficient is a sum of at most min(len, otherMax) products and the basis is that of
     * {@link #mul} for that length. Immutable once built; several threads may multiply at once.
     */
    static final class FixedFactor {
        private final Modulus mod;
        private final ConvolutionPlan plan;
        private final ConvolutionPlan.Transformed transformed;
        private final int otherMax;
        private final int window;
        private final int terms;
        private final boolean small;
        private final int primes;
        private final int length;

        /**
         * x[off .. off + len) (entries unsigned in [0, p)) transformed at 2^log2n points, for
         * products of which the first min(len + otherMax - 1, N, windowMax) coefficients are wanted.
         *
         * @throws IllegalArgumentException unless 1 &lt;= len, otherMax &lt;= 2^log2n, windowMax
         *     &gt;= 1 and log2n is in [{@link DoubleNttPlan#MIN_LOG2N}, {@link #MAX_LOG2N}]
         */
        FixedFactor(long p, long[] x, int off, int len, int otherMax, int log2n, int windowMax, int threads) {
            if (log2n < DoubleNttPlan.MIN_LOG2N || log2n > MAX_LOG2N || len < 1 || otherMax < 1
                    || len > 1 << log2n || otherMax > 1 << log2n) {
                throw new IllegalArgumentException("a fixed factor of " + len + " entries for factors of at most "
                        + otherMax + " needs both within 2^log2n points, log2n in [" + DoubleNttPlan.MIN_LOG2N + ", "
                        + MAX_LOG2N + "], got log2n = " + log2n);
            }
            this.mod = modulus(p);
            this.otherMax = otherMax;
            this.terms = Math.min(len, otherMax);
            if (windowMax < 1) {
                throw new IllegalArgumentException("windowMax must be >= 1, got " + windowMax);
            }
            this.window = (int) Math.min(Math.min((long) len + otherMax - 1, 1L << log2n), windowMax);
            this.length = 1 << log2n;
            DoubleCrt crt = mod.primesFor(terms);
            this.primes = crt.size();
            int pBits = 64 - Long.numberOfLeadingZeros(p - 1);
            this.plan = ConvolutionPlan.ofShape(crt, log2n, ConvolutionPlan.CYCLIC, len, otherMax, pBits, 0, window,
                    2 * pBits + ConvolutionPlan.ceilLog2(terms));
            this.small = Long.compareUnsigned(p, 1L << 50) <= 0;
            this.transformed = plan.transform(new Entries(x, off, len, small), pBits, threads);
        }

        /** Coefficients [0, window) of the cyclic product computed: min(len + otherMax - 1, N, windowMax). */
        int window() {
            return window;
        }

        /** N, the cyclic length. */
        int length() {
            return length;
        }

        /**
         * c[cOff .. cOff + window()) = (y x mod (x^N - 1)) mod p, coefficients [0, window()), for
         * y[yOff .. yOff + yLen), 1 &lt;= yLen &lt;= otherMax, entries unsigned in [0, p).
         * O(s N log N).
         */
        void multiply(long[] y, int yOff, int yLen, long[] c, int cOff, int threads) {
            if (yLen < 1 || yLen > otherMax) {
                throw new IllegalArgumentException("yLen must be in [1, " + otherMax + "], got " + yLen);
            }
            ConvolutionPlan.Convolved convolved = plan.convolve(transformed, new Entries(y, yOff, yLen, small), threads);
            plan.recombine(convolved, new Reduction(mod, primes, terms, window, c, cOff), threads);
        }
    }

    /**
     * The reduction of three primes' digits for 2^55 &lt; p &lt; 2^64 / 3: 2 by
     * {@link #reduceEstimated} from Garner's signed digits where min(aLen, bLen) (p - 1)^2 &lt; M / 4
     * (no normalization pass), else from the normalized digits; 1 by {@link #reduceEstimated}
     * always from the normalized digits; 0 by {@link #reduceShoup} (the earlier loop). 1 and 0 are
     * kept for tests and measurements.
     */
    static int estimatedQuotient = 2;

    /**
     * The recombination hook of a product mod p: rows of Garner's digits to c[cOff + i] =
     * coefficient i mod p, i &lt; n: normalized into [0, q_j) (the coefficient's mixed-radix digits)
     * and reduced by {@link #reduceShoup} (p &lt; 2^63), {@link #reduce} or, for three primes,
     * {@link #reduceEstimated}, which takes the signed digits as they are where their value is
     * the coefficient (see {@link #estimatedQuotient}).
     */
    private static final class Reduction implements ConvolutionPlan.Recombination {
        private final Modulus mod;
        private final int s;
        private final int n;
        private final long[] c;
        private final int cOff;
        private final boolean estimated;
        private final boolean signed;

        Reduction(Modulus mod, int s, int m, int n, long[] c, int cOff) {
            this.mod = mod;
            this.s = s;
            this.n = n;
            this.c = c;
            this.cOff = cOff;
            this.estimated = s == 3 && mod.estimated && estimatedQuotient >= 1;
            this.signed = estimated && estimatedQuotient == 2 && m <= mod.maxMinSigned[2];
        }

        @Override
        public void rows(DoubleCrt basis, double[][][] res, int from, int to) {
            int cols = res[0][0].length;
            if (!signed) {
                basis.normalize(res, from, to); // digits in [0, q_j): those of the coefficient in [0, M)
            }
            for (int r = from; r < to; r++) {
                int end = Math.min(cols, n - r * cols);
                if (estimated) {
                    reduceEstimated(mod, res, r, end, c, cOff + r * cols);
                } else if (mod.shoup) {
                    reduceShoup(mod, s, res, r, end, c, cOff + r * cols);
                } else {
                    reduce(mod, s, res, r, end, c, cOff + r * cols);
                }
            }
        }
    }

    /** The projection of a polynomial over Z/pZ: its entries x[off .. off + len), residues by {@link #residues}. */
    static final class Entries implements ConvolutionPlan.Projection {
        private final long[] x;
        private final int off;
        private final int len;
        private final boolean small;

        Entries(long[] x, int off, int len, boolean small) {
            this.x = x;
            this.off = off;
            this.len = len;
            this.small = small;
        }

        @Override
        public int residues(long q, double[][] m) {
            DoubleNttPolyMulZp.residues(x, off, len, q, small, m);
            return (len + m[0].length - 1) / m[0].length;
        }

        @Override
        public int length() {
            return len;
        }
    }

    /**
     * Rows [0, ceil(len / C)) of m (C = its row length) from x[off .. off + len) read unsigned,
     * zeros after len: the values themselves when {@code small} (all below 2^50, so of magnitude
     * below 1.5 q, the transform's input range), else hi 2^32 + lo for the 32-bit halves, with
     * hi 2^32 reduced into [-q/2, q/2] (up to 2^-40 q) by the modular product of
     * {@code DoubleNttKernels} (operands below 2^51) and lo &lt; 2^32 added: below q/2 + 2^33 &lt;
     * 1.5 q. The further rows are not written (the transform takes them as zero). O(len).
     */
    static void residues(long[] x, int off, int len, long q, boolean small, double[][] m) {
        int cols = m[0].length;
        int rows = (len + cols - 1) / cols;
        double qd = q;
        double qinv = 1.0 / qd;
        double nq = -qd;
        double c32 = DoubleCrt.symmetric(Math.floorMod(1L << 32, q), q);
        double c32q = c32 * qinv;
        for (int r = 0; r < rows; r++) {
            double[] row = m[r];
            int from = off + r * cols;
            int end = Math.min(cols, len - r * cols);
            if (small) {
                for (int c = 0; c < end; c++) {
                    row[c] = x[from + c];
                }
            } else {
                for (int c = 0; c < end; c++) {
                    long v = x[from + c];
                    double y = v >>> 32;
                    double h = y * c32;
                    double t = QuotientRounding.quotient(y, c32q);
                    row[c] = Math.fma(t, nq, h) + Math.fma(y, c32, -h) + (double) (v & 0xFFFFFFFFL);
                }
            }
            Arrays.fill(row, end, cols, 0.0);
        }
    }

    /**
     * {@link #reduce} for 2 &lt;= p &lt; 2^63, branch-free, by Shoup's products: with
     * W = floor(K 2^64 / p) and 0 &lt;= v &lt; 2^50, q = floor(v W / 2^64) exceeds v K / p -
     * v / 2^64 - 1, so t = v K - q p (exact in wrapping arithmetic) lies in [0, p (1 + 2^-14));
     * t - p is then in [-p, p 2^-14), and its sign (p &lt; 2^63) says whether to keep t or t - p.
     * The terms in [0, p) are added modulo p the same way (a sum below 2p &lt; 2^64, minus p, in
     * [-p, p)). v_0 needs the product by K_0 = 1 only when p &lt;= 2^50 (else v_0 &lt; q_0 &lt; p).
     * Six multiplications per coefficient for three primes and no data-dependent branch.
     */
    static void reduceShoup(Modulus mod, int s, double[][][] res, int r, int end, long[] c, int cOff) {
        final long p = mod.p;
        final long[] k = mod.k;
        final long[] w = mod.w;
        final boolean reduce0 = p <= 1L << 50;
        double[] x0 = res[0][r];
        if (s == 3 && !reduce0) {
            double[] x1 = res[1][r];
            double[] x2 = res[2][r];
            long k1 = k[1];
            long k2 = k[2];
            long w1 = w[1];
            long w2 = w[2];
            long m1 = w1 >> 63; // unsigned high word of v W for v >= 0: multiplyHigh + (W < 0 ? v : 0)
            long m2 = w2 >> 63;
            for (int col = 0; col < end; col++) {
                long acc = (long) x0[col];
                long v = (long) x1[col];
                long t = v * k1 - (Math.multiplyHigh(v, w1) + (m1 & v)) * p - p;
                t += (t >> 63) & p;
                long u = (long) x2[col];
                long e = u * k2 - (Math.multiplyHigh(u, w2) + (m2 & u)) * p - p;
                e += (e >> 63) & p;
                acc = acc + t - p;
                acc += (acc >> 63) & p;
                acc = acc + e - p;
                acc += (acc >> 63) & p;
                c[cOff + col] = acc;
            }
            return;
        }
        for (int col = 0; col < end; col++) {
            long acc = 0;
            for (int j = 0; j < s; j++) {
                long v = (long) res[j][r][col];
                long t;
                if (j == 0 && !reduce0) {
                    t = v;
                } else {
                    t = v * k[j] - (Math.multiplyHigh(v, w[j]) + ((w[j] >> 63) & v)) * p - p;
                    t += (t >> 63) & p;
                }
                acc = acc + t - p;
                acc += (acc >> 63) & p;
            }
            c[cOff + col] = acc;
        }
    }

    /**
     * {@link #reduce} for three primes and 2^55 &lt; p &lt; 2^64 / 3 by one estimated quotient
     * instead of a Shoup product per digit: three word products and one by p per coefficient
     * instead of six and two high halves. The digits v_j are integers of magnitude below q_j
     * (1 + 2^-40) &lt; 2^50 whose value v_0 + q_0 v_1 + q_0 q_1 v_2 is the coefficient: its
     * normalized digits ({@link DoubleCrt#normalize}), or Garner's signed ones
     * ({@link DoubleCrt#digits}, |v_j| &lt;= q_j (1/2 + 2^-40)) when the coefficient is below M / 4
     * (their value is the symmetric residue, within M (1/2 + 2^-39) of 0, so it is the
     * coefficient itself). With f_j = K_j / p (1 + d_j), |d_j| &lt;= 2^-52, the estimate
     * e = fma(v_1, f_1, v_2 f_2) of Q = (v_1 K_1 + v_2 K_2) / p, |Q| &lt; 2^51, is within
     * 2^50 2^-52 + 2^50 (2^-52 + 2^-53) + 2^51 2^-53 &lt; 0.9 of Q (the two rounded products and
     * the rounded sum), so t = rint(e) has |Q - t| &lt; 1.4 and r = v_0 + v_1 K_1 + v_2 K_2 - t p
     * = v_0 + (Q - t) p lies in (-1.44 p, 1.44 p) (|v_0| &lt; 2^50 &lt; p / 32), which for p &lt;
     * 2^64 / 3 is inside the signed range (1.44 p &lt; 2^63): the wrapping arithmetic gives r
     * exactly, and masked additions of p (the sign by {@code >> 63}) bring it into [0, p): add p
     * twice where negative ([0, 1.44 p)), subtract p and add it back where negative. Branch-free
     * and compare-free, so that HotSpot can compile the loop to SIMD code where the processor has
     * 64-bit vector products and conversions (AVX-512): the unsigned comparisons of the form with
     * floor(e) (r + p in (0, 3 p), two unsigned conditional subtractions) kept it scalar.
     */
    static void reduceEstimated(Modulus mod, double[][][] res, int r, int end, long[] c, int cOff) {
        final long p = mod.p;
        final long k1 = mod.k[1];
        final long k2 = mod.k[2];
        final double f1 = mod.f[1];
        final double f2 = mod.f[2];
        double[] x0 = res[0][r];
        double[] x1 = res[1][r];
        double[] x2 = res[2][r];
        for (int col = 0; col < end; col++) {
            double d1 = x1[col];
            double d2 = x2[col];
            long t = (long) Math.rint(Math.fma(d1, f1, d2 * f2));
            long u = (long) x0[col] + (long) d1 * k1 + (long) d2 * k2 - t * p; // in (-1.44 p, 1.44 p)
            u += (u >> 63) & p;
            u += (u >> 63) & p; // [0, 1.44 p)
            u -= p;
            c[cOff + col] = u + ((u >> 63) & p);
        }
    }

    // c[cOff + col] = (v_0 + sum_j v_j K_j) mod p for col < end, from the normalized digits of
    // row r (integers in [0, q_j) held exactly as doubles); any p < 2^64.
    static void reduce(Modulus mod, int s, double[][][] res, int r, int end, long[] c, int cOff) {
        final long[] k = mod.k;
        final UnsignedDivider div = mod.div;
        double[] x0 = res[0][r];
        if (s == 1) {
            for (int col = 0; col < end; col++) {
                c[cOff + col] = div.remainder(0L, (long) x0[col]); // below 2^50
            }
            return;
        }
        double[] x1 = res[1][r];
        double[] x2 = s > 2 ? res[2][r] : null;
        double[] x3 = s > 3 ? res[3][r] : null;
        long k1 = k[1];
        long k2 = s > 2 ? k[2] : 0;
        long k3 = s > 3 ? k[3] : 0;
        // v K for v in [0, 2^50) and K read unsigned: high word multiplyHigh(v, K) + (K < 0 ? v : 0)
        long m1 = k1 >> 63;
        long m2 = k2 >> 63;
        long m3 = k3 >> 63;
        boolean highBelowP = mod.highBelowP;
        for (int col = 0; col < end; col++) {
            long lo = (long) x0[col];
            long hi = 0;
            long v = (long) x1[col];
            long t = v * k1;
            hi += Math.multiplyHigh(v, k1) + (m1 & v);
            lo += t;
            hi += Long.compareUnsigned(lo, t) < 0 ? 1 : 0;
            if (x2 != null) {
                v = (long) x2[col];
                t = v * k2;
                hi += Math.multiplyHigh(v, k2) + (m2 & v);
                lo += t;
                hi += Long.compareUnsigned(lo, t) < 0 ? 1 : 0;
                if (x3 != null) {
                    v = (long) x3[col];
                    t = v * k3;
                    hi += Math.multiplyHigh(v, k3) + (m3 & v);
                    lo += t;
                    hi += Long.compareUnsigned(lo, t) < 0 ? 1 : 0;
                }
            }
            if (!highBelowP) {
                hi = div.remainder(0L, hi);
            }
            c[cOff + col] = div.remainder(hi, lo);
        }
    }
}
