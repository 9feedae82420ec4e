package org.modalg.polynomial;

import java.math.BigInteger;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.NttPlan;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * The shape of one NTT integer product (see {@link IntegerMultiplication#multiplyNtt}): the
 * number of primes s, the piece size w in bits and the transform layout, chosen by estimated
 * cost among s = 2, 3, 4 primes and two layouts:
 * <ul>
 * <li>cyclic: one convolution of length N = 2^log2n &gt;= the product's piece count;</li>
 * <li>split: a negacyclic convolution of length N (mod x^N + 1) and a cyclic one of length
 * N/2 (mod x^(N/2) - 1); the two moduli are coprime and their product has degree 3N/2, so
 * products of up to 3N/2 pieces come back exactly (by the CRT of polynomials, see
 * {@link IntegerMultiplication}) at the cost of 1.5 N points instead of 2N.</li>
 * </ul>
 * The piece size is the largest w with min(La, Lb) (2^w - 1)^2 &lt; M (La, Lb: the operands'
 * piece counts, M the product of the s primes), so that every coefficient of the product of
 * the piece polynomials is below M. More primes allow larger pieces, hence shorter transforms:
 * at 10^7 bits two primes need 2^19 points and three primes 2^18.
 *
 * <p>The primes are the largest below 2^61 with 2^27 | p - 1, so that the transforms run on
 * the [0, 4p) kernels of the fft module.
 *
 * @param primes s, the number of primes
 * @param pieceBits w
 * @param log2n log2 N (the negacyclic length in the split layout)
 * @param split whether the split layout is used
 * @param piecesA pieces of a
 * @param piecesB pieces of b
 */
record IntMulShape(int primes, int pieceBits, int log2n, boolean split, long piecesA, long piecesB) {

    /** The largest piece size: pieces are read as a 64-bit word and a word below 2^56. */
    static final int MAX_PIECE_BITS = 120;

    /** The most primes considered. */
    static final int MAX_PRIMES = 4;

    /** The primes: the largest below 2^61 with 2^27 | p - 1, decreasing. */
    static final long[] PRIMES = NttPrimes.generate(MAX_PRIMES, 1L << 61, 27);

    private static final CrtBasis[] BASES = new CrtBasis[MAX_PRIMES + 1];
    // floor(log2 M) for the first s primes: M >= 2^MODULUS_BITS[s].
    private static final int[] MODULUS_BITS = new int[MAX_PRIMES + 1];

    // Garner constants: p_i^-1 mod p_j for i < j at [i * MAX_PRIMES + j], as Shoup pairs
    // (value w' in (-p/2, p/2) and quotient, the encoding of the fft module's twiddles).
    private static final long[] INV = new long[MAX_PRIMES * MAX_PRIMES];
    private static final long[] INV_SHOUP = new long[MAX_PRIMES * MAX_PRIMES];

    static {
        for (int s = 1; s <= MAX_PRIMES; s++) {
            long[] ps = java.util.Arrays.copyOf(PRIMES, s);
            BASES[s] = CrtBasis.of(ps);
            MODULUS_BITS[s] = BASES[s].modulus().bitLength() - 1;
        }
        for (int j = 0; j < MAX_PRIMES; j++) {
            ZpField f = ZpField.of(PRIMES[j]);
            for (int i = 0; i < j; i++) {
                long c = f.inv(f.reduce(PRIMES[i]));
                long cs = ZpField.shoupPrecompute(c, PRIMES[j]);
                INV[i * MAX_PRIMES + j] = cs < 0 ? c - PRIMES[j] : c;
                INV_SHOUP[i * MAX_PRIMES + j] = cs;
            }
        }
    }

    /**
     * out += sum_i c_i 2^(w i) where c_i in [0, M) is given by its residues
     * res[j * count + i] (in [0, p_j)) modulo the first s primes: Garner's mixed-radix digits
     * v_j (s (s - 1) / 2 Shoup products by the constants p_i^-1 mod p_j), then
     * c_i = v_0 + p_0 (v_1 + p_1 (v_2 + ...)) by Horner in s limbs, added at bit w i.
     * O(count s^2).
     */
    static void garnerAndCarry(long[] res, int count, int s, int w, long[] out) {
        long[] v = new long[s];
        long[] acc = new long[s];
        for (int i = 0; i < count; i++) {
            for (int j = 0; j < s; j++) {
                long p = PRIMES[j];
                long p2 = 2 * p;
                long x = res[j * count + i];
                for (int m = 0; m < j; m++) {
                    // x in [0, 2p); v_m < p_m < 2p: x + 2p - v_m in (0, 4p), below 2^63
                    long y = x + p2 - v[m];
                    int c = m * MAX_PRIMES + j;
                    x = y * INV[c] - Math.multiplyHigh(y, INV_SHOUP[c]) * p; // [0, 2p)
                }
                x -= p;
                v[j] = x + ((x >> 63) & p);
            }
            // Horner: acc = v_(s-1); acc = acc p_j + v_j for j = s - 2 .. 0
            int len = 1;
            acc[0] = v[s - 1];
            for (int j = s - 2; j >= 0; j--) {
                long p = PRIMES[j];
                long carry = v[j];
                for (int l = 0; l < len; l++) {
                    long a = acc[l];
                    long lo = a * p;
                    long hi = Math.multiplyHigh(a, p) + ((a >> 63) & p); // unsigned high word
                    long sum = lo + carry;
                    hi += Long.compareUnsigned(sum, lo) < 0 ? 1 : 0;
                    acc[l] = sum;
                    carry = hi;
                }
                acc[len++] = carry;
            }
            Limbs.addAt(acc, 0, len, (long) i * w, out);
        }
    }

    // Estimated relative costs (ns on the reference machine, one thread): one butterfly, the
    // per-point work of pointwise product, residues and recombination, and Garner + carry per
    // product coefficient and prime squared.
    private static final double BUTTERFLY = 2.3;
    private static final double PER_POINT = 10;
    private static final double PER_COEFFICIENT_PRIME2 = 6;

    /** The CRT basis of the first s primes. */
    static CrtBasis basis(int s) {
        return BASES[s];
    }

    /** The product's piece count La + Lb - 1. */
    long productPieces() {
        return piecesA + piecesB - 1;
    }

    /** Points transformed per prime and operand: N, or 3N/2 for the split layout. */
    long points() {
        long n = 1L << log2n;
        return split ? n + n / 2 : n;
    }

    /**
     * The cheapest shape for operands of bitsA and bitsB bits (both &gt;= 1), or the cheapest
     * with exactly {@code forcePrimes} primes when that is in [2, 4] (for tests; 0: free).
     *
     * @throws IllegalArgumentException if the product needs a transform longer than
     *     2^{@link NttPlan#MAX_LOG2N}
     */
    static IntMulShape choose(long bitsA, long bitsB, boolean square, int forcePrimes) {
        IntMulShape best = null;
        double bestCost = Double.MAX_VALUE;
        for (int s = 2; s <= MAX_PRIMES; s++) {
            if (forcePrimes != 0 && s != forcePrimes) {
                continue;
            }
            IntMulShape shape = forPrimes(bitsA, bitsB, s);
            if (shape == null) {
                continue;
            }
            double c = shape.cost(square);
            if (c < bestCost) {
                bestCost = c;
                best = shape;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("operands too large for the NTT route: " + (bitsA + bitsB)
                    + " product bits");
        }
        return best;
    }

    // The largest pieces for s primes and the shorter of the two layouts, or null if too long.
    private static IntMulShape forPrimes(long bitsA, long bitsB, int s) {
        int w = Math.min(MAX_PIECE_BITS, (MODULUS_BITS[s] - 1) / 2);
        while (w >= 1) {
            long la = (bitsA + w - 1) / w;
            long lb = (bitsB + w - 1) / w;
            // min(La, Lb) (2^w - 1)^2 < 2^(2w + ceil(log2 min)) <= 2^MODULUS_BITS <= M
            if (2L * w + ceilLog2(Math.min(la, lb)) <= MODULUS_BITS[s]) {
                long pieces = la + lb - 1;
                int log2n = Math.max(1, ceilLog2(pieces));
                // split layout: 3N/2 >= pieces with N = 2^(log2n - 1) when that suffices
                boolean split = log2n >= 3 && 3L << (log2n - 2) >= pieces;
                int len = split ? log2n - 1 : log2n;
                if (len > NttPlan.MAX_LOG2N) {
                    return null;
                }
                return new IntMulShape(s, w, len, split, la, lb);
            }
            w--;
        }
        return null;
    }

    private double cost(boolean square) {
        int transforms = square ? 2 : 3;
        long n = 1L << log2n;
        double bf = (double) n / 2 * log2n;
        double pts = n;
        if (split) {
            bf += (double) n / 4 * (log2n - 1);
            pts += n / 2;
        }
        return primes * (transforms * bf * BUTTERFLY + pts * PER_POINT)
                + productPieces() * primes * primes * PER_COEFFICIENT_PRIME2;
    }

    private static int ceilLog2(long x) {
        return x <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(x - 1);
    }

    /** The modulus of the first s primes (for tests). */
    static BigInteger modulus(int s) {
        return BASES[s].modulus();
    }
}
