package org.modalg.polynomial.convolution;

/**
 * The recombination's last step for packed Z coefficients: Garner's signed mixed-radix digits
 * (from {@link DoubleCrt#digits}) to the coefficients' two's complement words, by a
 * floating-point product of the digits with the radix products, vectorized along the rows.
 *
 * <p>The coefficient is c = sum_j v_j P_j with P_j = p_0 ... p_(j-1) (P_0 = 1) and |v_j| &lt;=
 * p_j / 2 + 1 (see {@link ConvolutionPlan#pack}). Each P_j is held in radix 2^r limbs (doubles
 * below 2^r, {@link DoubleCrt#radixProducts}), each digit is cut into three pieces
 * v = x0 + x1 2^r + x2 2^(2r) (x0, x1 in [0, 2^r), x2 = floor(v / 2^(2r)), |x2| &lt; 2^r), and
 * the radix 2^r limbs of c, acc_l = sum_j (x0 P_j[l] + x1 P_j[l-1] + x2 P_j[l-2]), are summed by
 * fused multiply-adds along a row's coefficients: every term is an integer below 2^(2r) in
 * magnitude, at most 3 s of them per limb, and r is chosen with 3 s 2^(2r) &lt;= 2^52, so every
 * sum is exact. A vectorized pass then propagates the signed carries (limbs into [0, 2^r), the
 * last carry 0 or -1: the sign), and the limbs are gathered into 64-bit words, one coefficient
 * at a time.
 *
 * <p>Cost per coefficient: 3 sum_j ceil(bits(P_j) / r) + 2 fused multiply-adds (about 1.5 s^2
 * 50 / r; four to a SIMD instruction), against the same count of dependent 64-bit word products
 * of a Horner evaluation; the carry and gathering passes are O(bits(M) / r). Measured about
 * twice as fast as the Horner evaluation at 41 and 81 primes, even at 13 and slower at 5 and 6
 * (polynomial/BENCHMARKS.md, 2026-11-26 late; the switch is {@code Tuning.digitPackingPrimes}).
 * Writing the sums for four limbs in one loop (fewer loads per product) measured slower: the
 * loop body outgrows what C2 unrolls and vectorizes; two limbs per loop no faster.
 *
 * <p>By default ({@link #twoPieces}) the digits are cut in two balanced pieces instead, against
 * balanced radix 2^25 products, two primes' terms in one pass over the limbs, with a carry pass
 * every {@link #GROUP} primes ({@link #packTwoPieces}): 0.59x the fused multiply-adds and a
 * quarter of the limb loads and stores; the recombination measured about 0.6-0.75x at 41 primes
 * (polynomial/BENCHMARKS.md, 2026-11-27, "the digit packing in two balanced pieces").
 */
final class DigitPacking {
    private DigitPacking() {
    }

    /**
     * Coefficients per chunk of a row: the chunk's limbs (about 100 rows of them at 1000 bits) stay in L2.
     * Chunks of 32, 64 and 128 (limbs in L1 at 32) measured 1.5x, 1.2x and 1.1x slower at 1000 bits
     * (polynomial/BENCHMARKS.md, 2026-11-27): shorter vector loops cost more than L2's latency.
     */
    private static final int CHUNK = 256;

    /**
     * The most primes: the radix products take about 1.3 s^2 doubles (2.7 MB at 512 primes,
     * coefficient products of about 25,000 bits), cached with the basis; beyond, the Horner
     * evaluation of {@link ConvolutionPlan#pack} needs no table.
     */
    static final int MAX_PRIMES = 512;

    /**
     * The radix exponent for s primes: the largest r &lt;= 22 with 3 s 2^(2r) &lt;= 2^52 (22 up to
     * 85 primes, 20 at 512; at least 17 is needed for the three pieces of a digit below 2^50).
     *
     * @throws IllegalArgumentException if s is not in [1, {@link #MAX_PRIMES}]
     */
    static int radixBits(int s) {
        if (s < 1 || s > MAX_PRIMES) {
            throw new IllegalArgumentException("s must be in [1, " + MAX_PRIMES + "], got " + s);
        }
        int log = 32 - Integer.numberOfLeadingZeros(3 * s - 1); // ceil(log2(3 s))
        return Math.min(22, (52 - log) / 2);
    }

    /**
     * {@link ConvolutionPlan#pack}'s contract: coefficients i in [lo, hi) of rows [from, to) from
     * the signed digits res (only read) into mag and sign at i - lo;
     * maxBits[r - rowBase] = the largest bit length in row r.
     */
    static void pack(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, int limbs, long[][] mag,
            byte[][] sign, int[] maxBits, int rowBase) {
        if (twoPieces != 0) {
            packTwoPieces(crt, res, from, to, lo, hi, limbs, mag, sign, maxBits, rowBase);
            return;
        }
        int s = crt.size();
        int r = radixBits(s);
        double[][] table = crt.radixProducts(r);
        // limbs of the sum: those of P_s = M, plus two for the pieces and the signed carry
        // (M < P_(s-1) 2^50 <= 2^(r (len + 3) - 1) for r >= 17: the last carry is the sign)
        int count = table[s - 1].length + 3;
        int rows = table[s - 1].length + 4; // the pairs of limbs may pass count
        int cols = res[0][0].length;
        int width = Math.min(CHUNK, cols);
        double[][] acc = new double[Math.max(count, rows)][width];
        double[] x0 = new double[width];
        double[] x1 = new double[width];
        double[] x2 = new double[width];
        double radix = 1L << r;
        double inv = 1.0 / radix;
        double radix2 = radix * radix;
        double inv2 = inv * inv;
        for (int row = from; row < to; row++) {
            int start = Math.max(0, lo - row * cols);
            int end = Math.min(cols, hi - row * cols);
            long[] top = {0, 0}; // the OR of the row's top nonzero words, and that word's index
            for (int c0 = start; c0 < end; c0 += width) {
                int n = Math.min(width, end - c0);
                for (double[] a : acc) {
                    java.util.Arrays.fill(a, 0, n, 0.0);
                }
                for (int j = 0; j < s; j++) {
                    double[] v = res[j][row];
                    for (int c = 0; c < n; c++) {
                        double y = v[c0 + c];
                        double hiPiece = Math.floor(y * inv2);
                        double rest = Math.fma(hiPiece, -radix2, y); // in [0, 2^(2r))
                        double mid = Math.floor(rest * inv);
                        x2[c] = hiPiece;
                        x1[c] = mid;
                        x0[c] = Math.fma(mid, -radix, rest);
                    }
                    double[] t = table[j];
                    int len = t.length;
                    for (int l = 0; l < len + 2; l++) {
                        double t0 = limb(t, l);
                        double t1 = limb(t, l - 1);
                        double t2 = limb(t, l - 2);
                        double[] a = acc[l];
                        for (int c = 0; c < n; c++) {
                            a[c] = Math.fma(x0[c], t0, Math.fma(x1[c], t1, Math.fma(x2[c], t2, a[c])));
                        }
                    }
                }
                store(acc, x0, count, r, n, row * cols + c0 - lo, limbs, mag, sign, top);
            }
            maxBits[row - rowBase] = top[0] == 0 ? 0 : 64 * (int) top[1] + 64 - Long.numberOfLeadingZeros(top[0]);
        }
    }

    /** 1: {@link #pack} cuts each digit in two balanced pieces ({@link #packTwoPieces}); 0: in three. */
    static int twoPieces = 1;

    /** The radix of {@link #packTwoPieces}: 2^25, two pieces of a digit below 2^50. */
    static final int TWO_PIECE_BITS = 25;

    /** 1: {@link #packTwoPieces} sums two primes' terms per pass over the limbs; 0: one prime's. */
    static int twoPrimes = 1;

    /**
     * Primes between two carry passes of {@link #packTwoPieces} (even: the pairs of primes stay
     * inside a group): 2 G terms of magnitude at most (2^24 + 1) 2^24 on a limb below 2^29 stay
     * below 2^53 for G = 14.
     */
    private static final int GROUP = 14;

    /**
     * {@link #pack} with each digit cut into two balanced pieces v = x0 + x1 2^25 (x0 in
     * [-2^24, 2^24], |x1| &lt;= 2^24 + 1) against the radix products in balanced radix 2^25 limbs
     * ({@link DoubleCrt#balancedRadixProducts}): 2 ceil(bits(P_j) / 25) fused multiply-adds per
     * digit instead of 3 ceil(bits(P_j) / 22) (0.59x), paid for by one vectorized pass every
     * {@link #GROUP} primes that moves each limb's excess over +-2^24 into the next limb, since the
     * sums of 2 s terms of 2^48 would pass 2^53 otherwise. Same output as the three pieces.
     */
    static void packTwoPieces(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, int limbs,
            long[][] mag, byte[][] sign, int[] maxBits, int rowBase) {
        int s = crt.size();
        int r = TWO_PIECE_BITS;
        double[][] table = crt.balancedRadixProducts(r);
        // P_(s-1) < 2^(r len) (len limbs, balanced or not), |c| <= M / 2 < P_(s-1) 2^50: count limbs
        // hold c and its sign; x1 reaches limb len of P_j, below count
        int count = table[s - 1].length + 3;
        int cols = res[0][0].length;
        int width = Math.min(CHUNK, cols);
        double[][] acc = new double[count][width];
        double[] x0 = new double[width];
        double[] x1 = new double[width];
        double[] y0 = new double[width];
        double[] y1 = new double[width];
        double radix = 1L << r;
        double inv = 1.0 / radix;
        for (int row = from; row < to; row++) {
            int start = Math.max(0, lo - row * cols);
            int end = Math.min(cols, hi - row * cols);
            long[] top = {0, 0}; // the OR of the row's top nonzero words, and that word's index
            for (int c0 = start; c0 < end; c0 += width) {
                int n = Math.min(width, end - c0);
                for (double[] a : acc) {
                    java.util.Arrays.fill(a, 0, n, 0.0);
                }
                for (int j = 0; j < s; ) { // pairs start at even j: a pair never straddles a group's end
                    split(res[j][row], c0, n, x0, x1, radix, inv);
                    if (j + 1 == s || twoPrimes == 0) {
                        addTerms(acc, table[j], x0, x1, n);
                        j++;
                    } else {
                        split(res[j + 1][row], c0, n, y0, y1, radix, inv);
                        addTerms(acc, table[j], x0, x1, table[j + 1], y0, y1, n);
                        j += 2;
                    }
                    if (j % GROUP == 0 && j < s) { // j primes summed
                        balance(acc, count, n, radix, inv);
                    }
                }
                store(acc, x0, count, r, n, row * cols + c0 - lo, limbs, mag, sign, top);
            }
            maxBits[row - rowBase] = top[0] == 0 ? 0 : 64 * (int) top[1] + 64 - Long.numberOfLeadingZeros(top[0]);
        }
    }

    /**
     * The signed carries (limbs acc[l][c], l &lt; count, c &lt; n, into [0, 2^r); carry holds the
     * carry, at the end 0 or -1: the sign), then coefficient i0 + c's magnitude words and sign;
     * top = {the OR of the row's top nonzero words, that word's index}, updated.
     */
    private static void store(double[][] acc, double[] carry, int count, int r, int n, int i0, int limbs,
            long[][] mag, byte[][] sign, long[] top) {
        double radix = 1L << r;
        double inv = 1.0 / radix;
        java.util.Arrays.fill(carry, 0, n, 0.0);
        for (int l = 0; l < count; l++) {
            double[] a = acc[l];
            for (int c = 0; c < n; c++) {
                double y = a[c] + carry[c];
                double q = Math.floor(y * inv);
                a[c] = Math.fma(q, -radix, y);
                carry[c] = q;
            }
        }
        long or = top[0];
        int orLimb = (int) top[1];
        for (int c = 0; c < n; c++) {
            long ext = (long) carry[c]; // 0 or -1: the sign
            int i = i0 + c;
            long[] m = mag[i >>> PackedCoefficients.CHUNK_SHIFT];
            int at = (i & (PackedCoefficients.CHUNK - 1)) * limbs;
            // the magnitude: (word ^ ext) - ext over the low limbs words (|c| < 2^(64 limbs))
            long borrow = ext & 1;
            long any = 0;
            for (int w = 0; w < limbs; w++) {
                long v = (word(acc, c, w, r, count, ext) ^ ext) + borrow;
                borrow &= v == 0 ? 1 : 0;
                m[at + w] = v;
                any |= v;
            }
            sign[i >>> PackedCoefficients.CHUNK_SHIFT][i & (PackedCoefficients.CHUNK - 1)] =
                    (byte) (ext | ((any | -any) >>> 63));
            int t = limbs - 1;
            while (t > orLimb && m[at + t] == 0) {
                t--;
            }
            if (t > orLimb) {
                orLimb = t;
                or = m[at + t];
            } else if (t == orLimb) {
                or |= m[at + t];
            }
        }
        top[0] = or;
        top[1] = orLimb;
    }

    // acc[l][c] += x0[c] t[l] + x1[c] t[l - 1], c < n, l <= t.length
    private static void addTerms(double[][] acc, double[] t, double[] x0, double[] x1, int n) {
        for (int l = 0; l <= t.length; l++) {
            double t0 = limb(t, l);
            double t1 = limb(t, l - 1);
            double[] a = acc[l];
            for (int c = 0; c < n; c++) {
                a[c] = Math.fma(x0[c], t0, Math.fma(x1[c], t1, a[c]));
            }
        }
    }

    // the terms of two primes in one pass over the limbs (half the limb loads and stores), t no
    // longer than u: acc[l][c] += x0[c] t[l] + x1[c] t[l - 1] + y0[c] u[l] + y1[c] u[l - 1]
    private static void addTerms(double[][] acc, double[] t, double[] x0, double[] x1, double[] u, double[] y0,
            double[] y1, int n) {
        for (int l = 0; l <= u.length; l++) {
            double t0 = limb(t, l);
            double t1 = limb(t, l - 1);
            double u0 = limb(u, l);
            double u1 = limb(u, l - 1);
            double[] a = acc[l];
            for (int c = 0; c < n; c++) {
                a[c] = Math.fma(y0[c], u0, Math.fma(y1[c], u1, Math.fma(x0[c], t0, Math.fma(x1[c], t1, a[c]))));
            }
        }
    }

    // each limb acc[l][c], l < count - 1, into [-2^(r-1), 2^(r-1)], its excess into limb l + 1
    private static void balance(double[][] acc, int count, int n, double radix, double inv) {
        for (int l = 0; l + 1 < count; l++) {
            double[] a = acc[l];
            double[] b = acc[l + 1];
            for (int c = 0; c < n; c++) {
                double y = a[c];
                double q = Math.floor(Math.fma(y, inv, 0.5));
                a[c] = Math.fma(q, -radix, y);
                b[c] += q;
            }
        }
    }

    // v[c0 + c] = x0[c] + x1[c] 2^r, c < n, x0 in [-2^(r-1), 2^(r-1)]
    private static void split(double[] v, int c0, int n, double[] x0, double[] x1, double radix, double inv) {
        for (int c = 0; c < n; c++) {
            double y = v[c0 + c];
            double q = Math.floor(Math.fma(y, inv, 0.5));
            x1[c] = q;
            x0[c] = Math.fma(q, -radix, y);
        }
    }

    // t[l], or 0 outside the table
    private static double limb(double[] t, int l) {
        return l >= 0 && l < t.length ? t[l] : 0.0;
    }

    // Bits [64 w, 64 w + 64) of sum_l acc[l][c] 2^(r l) (limbs in [0, 2^r)) followed by the sign
    // extension ext (0 or -1) from bit r count on.
    private static long word(double[][] acc, int c, int w, int r, int count, long ext) {
        int bit = 64 * w;
        int l = bit / r;
        int off = l * r - bit; // where limb l starts relative to the word: in (-r, 0]
        long x = 0;
        long mask = (1L << r) - 1;
        for (; off < 64; l++, off += r) {
            long d = l < count ? (long) acc[l][c] : ext & mask;
            x |= off >= 0 ? d << off : d >>> -off;
        }
        return x;
    }
}
