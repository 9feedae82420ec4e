package org.modalg.polynomial.convolution;

/**
 * The recombination's last step for packed Z coefficients: Garner's signed mixed-radix digits
 * (from {@link DoubleCrt#digits}) to the coefficients' two's complement words, by a
 * floating-point product of the digits with the radix products, vectorized along the rows.
 *
 * <p>The coefficient is c = sum_j v_j P_j with P_j = p_0 ... p_(j-1) (P_0 = 1) and |v_j| &lt;=
 * p_j / 2 + 1 (see {@link ConvolutionPlan#pack}). Each P_j is held in balanced radix 2^25 limbs
 * (doubles in [-2^24, 2^24), {@link DoubleCrt#balancedRadixProducts}), each digit is cut into two
 * balanced pieces v = x0 + x1 2^25 (x0 in [-2^24, 2^24], |x1| &lt;= 2^24 + 1), and the limbs of
 * c, acc_l = sum_j (x0 P_j[l] + x1 P_j[l-1]), are summed by fused multiply-adds along a row's
 * coefficients, the terms of two primes in one pass over the limbs. Every term is an integer
 * of magnitude at most (2^24 + 1) 2^24; so that no sum passes 2^53 (where doubles stop being
 * exact), a vectorized pass every {@link #GROUP} primes moves each limb's excess over +-2^24
 * into the next limb. A last vectorized pass propagates the signed carries (limbs into [0,
 * 2^25), the last carry 0 or -1: the sign), and the limbs are gathered into 64-bit words, one
 * coefficient at a time.
 *
 * <p>Cost per coefficient: 2 sum_j ceil(bits(P_j) / 25) fused multiply-adds (about s^2 50 / 25;
 * four to a SIMD instruction), against the same count of dependent 64-bit word products of a
 * Horner evaluation; a pass over the limbs (load and store of each limb row) per two primes;
 * the carry and gathering passes are O(s bits(M) / (25 GROUP)) and O(bits(M) / 25). The three
 * pieces of 22 bits against plain radix 2^22 products that came first took 1.7x the fused
 * multiply-adds and a pass per prime: the two pieces measured 0.6-0.75x its recombination time
 * at 41 primes, two primes a pass 0.92x one (polynomial/BENCHMARKS.md, 2026-11-27, "the digit
 * packing in two balanced pieces"). Against the Horner evaluation: about twice as fast at 41 and
 * 81 primes (the switch is {@code Tuning.digitPackingPrimes}; 2026-11-26 late, measured with
 * the three pieces).
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
     * The most primes: the radix products take about s^2 doubles (2 MB at 512 primes,
     * coefficient products of about 25,000 bits), cached with the basis; beyond, the Horner
     * evaluation of {@link ConvolutionPlan#pack} needs no table.
     */
    static final int MAX_PRIMES = 512;

    /** The radix of the pieces and of the products' limbs: 2^25, two pieces of a digit below 2^50. */
    static final int PIECE_BITS = 25;

    /**
     * Primes between two carry passes of {@link #pack} (even: the pairs of primes stay
     * inside a group): 2 G terms of magnitude at most (2^24 + 1) 2^24 on a limb below 2^29 stay
     * below 2^53 for G = 14.
     */
    private static final int GROUP = 14;

    /**
     * {@link ConvolutionPlan#pack}'s contract: coefficients i in [lo, hi) of rows [from, to) from
     * the signed digits res (only read) into mag and sign at i - lo;
     * maxBits[r - rowBase] = the largest bit length in row r.
     */
    static void pack(DoubleCrt crt, double[][][] res, int from, int to, int lo, int hi, int limbs, long[][] mag,
            byte[][] sign, int[] maxBits, int rowBase) {
        int s = crt.size();
        int r = PIECE_BITS;
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
                    if (j + 1 == s) {
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
            maxBits[row - rowBase] = PackedCoefficients.bitLength(top);
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
        long[] words = new long[limbs];
        for (int c = 0; c < n; c++) {
            long ext = (long) carry[c]; // 0 or -1: the sign
            for (int w = 0; w < limbs; w++) {
                words[w] = word(acc, c, w, r, count, ext);
            }
            PackedCoefficients.putTwosComplement(words, ext, limbs, mag, sign, i0 + c, top);
        }
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
