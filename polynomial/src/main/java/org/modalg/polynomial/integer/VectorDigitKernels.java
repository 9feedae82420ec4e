package org.modalg.polynomial.integer;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The loops of {@link DigitConvolution} in the incubating Vector API
 * ({@code jdk.incubator.vector}): the linear convolution of two digit vectors in doubles, each
 * column sum exact, the cutting of limbs into digits, and the column sums' carries back into
 * digits. The only class of modalg that names
 * the API; it is loaded only when the module is in the boot layer
 * ({@link DigitConvolution#available()}), so a JVM started without
 * {@code --add-modules jdk.incubator.vector} never touches it.
 *
 * <p>Why the API: the convolution's loads are shifted against its stores
 * (c[k] += a[i] b[k - i]), and HotSpot 17's auto-vectorizer leaves every such loop scalar (it
 * cannot tell two double arrays apart); here the column sums of 8 vectors of outputs stay in
 * registers while a's digits are broadcast and b's shifted lines are loaded, one fma per product.
 * The digits are cut by lanes too: 64 digits of 23 bits are exactly 23 limbs, so each block of
 * LANES digits of such a period takes its limbs from one load by two fixed permutations and
 * shifts by fixed counts (0.5 against 1.9 us for 870 digits on the development machine), and a
 * balanced digit needs only its own 24 bits ({@link DigitFormat}).
 */
final class VectorDigitKernels {
    private VectorDigitKernels() {
    }

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    /** Lanes per vector (4 under AVX2, 8 under AVX-512). */
    static final int LANES = S.length();
    /** Outputs per block: 8 accumulators, enough independent fmas to cover the fma latency. */
    static final int BLOCK = 8 * LANES;

    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;
    /** Whether {@link #digits} runs in lanes: 4 or 8 lanes of both doubles and longs. */
    static final boolean LANE_DIGITS = (LANES == 4 || LANES == 8) && LONGS.length() == LANES;
    /** Limbs {@link #digits} may read past the operand's (zeros there). */
    static final int LIMB_PAD = 2 * LANES;
    // For block b of LANES digits inside a period of 64 digits (23 limbs): the first limb it
    // reads, the limbs of each lane's low and high parts relative to it, and the shift counts.
    // Lane t's 24 bits start at bit 63 + 23 (b LANES + t) of the period's limbs in the copy that
    // has one zero limb before the value (the bit below digit 0).
    private static final int PERIOD_BLOCKS = DigitFormat.PERIOD_DIGITS / LANES;
    private static final int[] BLOCK_LIMB = new int[PERIOD_BLOCKS];
    private static final VectorShuffle<Long>[] LOW_LIMB = shuffles(0);
    private static final VectorShuffle<Long>[] HIGH_LIMB = shuffles(1);
    private static final LongVector[] LOW_SHIFT = shifts(false);
    private static final LongVector[] HIGH_SHIFT = shifts(true);

    // the bit of the period's limbs (in the copy) where lane t of block b starts its 24 bits
    private static int windowBit(int b, int t) {
        return 63 + DigitFormat.DIGIT_BITS * (b * LANES + t);
    }

    @SuppressWarnings("unchecked")
    private static VectorShuffle<Long>[] shuffles(int plus) {
        VectorShuffle<Long>[] r = new VectorShuffle[PERIOD_BLOCKS];
        for (int b = 0; b < PERIOD_BLOCKS; b++) {
            BLOCK_LIMB[b] = windowBit(b, 0) >>> 6;
            int[] lanes = new int[LANES];
            for (int t = 0; t < LANES; t++) {
                lanes[t] = (windowBit(b, t) >>> 6) - BLOCK_LIMB[b] + plus;
            }
            r[b] = LANE_DIGITS ? VectorShuffle.fromArray(LONGS, lanes, 0) : null;
        }
        return r;
    }

    // the low part's right shift, or the high part's left shift after a shift by one (63 - sh)
    private static LongVector[] shifts(boolean high) {
        LongVector[] r = new LongVector[PERIOD_BLOCKS];
        for (int b = 0; b < PERIOD_BLOCKS; b++) {
            long[] counts = new long[LANES];
            for (int t = 0; t < LANES; t++) {
                int sh = windowBit(b, t) & 63;
                counts[t] = high ? 63 - sh : sh;
            }
            r[b] = LANE_DIGITS ? LongVector.fromArray(LONGS, counts, 0) : null;
        }
        return r;
    }

    /**
     * d[at, at + count) = the first count balanced digits ({@link DigitFormat}) of the limbs
     * x[1, ..), whole periods of 64 digits: d[at + count, at + 64 ceil(count / 64)) is written
     * too, with zeros where count is at least {@link DigitFormat#digitCount} of the value's bits.
     * x[0] must be zero (the bit below digit 0), and x.length at least 23 ceil(count / 64) +
     * {@link #LIMB_PAD}, zeros past the value. Only where {@link #LANE_DIGITS}.
     */
    static void digits(long[] x, int count, double[] d, int at) {
        // digit + 2^22 is in [0, 2^23]: added to the bits of 2^52 it is the double 2^52 + 2^22 + digit
        LongVector offset = LongVector.broadcast(LONGS, DigitFormat.TWO_52_BITS + DigitFormat.DIGIT_BOUND);
        double unbias = 0x1p52 + DigitFormat.DIGIT_BOUND;
        int limb = 0;
        for (int i = 0; i < count;
                i += DigitFormat.PERIOD_DIGITS, limb += DigitFormat.PERIOD_LIMBS) {
            for (int b = 0; b < PERIOD_BLOCKS; b++) {
                LongVector v = LongVector.fromArray(LONGS, x, limb + BLOCK_LIMB[b]);
                LongVector low = v.rearrange(LOW_LIMB[b]).lanewise(VectorOperators.LSHR, LOW_SHIFT[b]);
                LongVector high = v.rearrange(HIGH_LIMB[b]).lanewise(VectorOperators.LSHL, 1)
                        .lanewise(VectorOperators.LSHL, HIGH_SHIFT[b]);
                LongVector w = low.or(high);
                // DigitFormat.digit(w) lane by lane
                LongVector digit = w.lanewise(VectorOperators.LSHL, 40).lanewise(VectorOperators.ASHR, 41)
                        .add(w.and(1L));
                digit.add(offset).reinterpretAsDoubles().sub(unbias).intoArray(d, at + i + b * LANES);
            }
        }
    }

    /** Zeros the row digits need before and after them. */
    static final int ROW_PAD = 4 * LANES;
    /** Zeros the column digits need before and after them. */
    static final int COLUMN_PAD = BLOCK + 8 * LANES;

    /**
     * c[k] = sum over i of a[i] b[k - i] for k in [0, na + nb - 1), where a's digits lie at
     * ap[ROW_PAD, ROW_PAD + na) with ROW_PAD zeros on both sides (ap.length &gt;= na + 2 ROW_PAD),
     * b's at bp[COLUMN_PAD, COLUMN_PAD + nb) with COLUMN_PAD zeros on both sides (bp.length &gt;=
     * nb + 2 COLUMN_PAD), and c has at least na + nb - 1 rounded up to a multiple of BLOCK
     * entries (those above na + nb - 1 are set to zero). Exact when every partial sum of a
     * column's terms a[i] b[k - i] (integers, summed in any order) has magnitude at most 2^53:
     * for balanced digits, when min(na, nb) 2^44 is. Cost about na nb fmas in vectors.
     *
     * <p>Blocks of BLOCK outputs; the rows that reach a block split three ways: near the block's
     * ends a row's products fall in one half of it (rows i &lt; k - nb + BLOCK / 2 + 1 below the
     * middle, rows i &gt;= k + BLOCK / 2 above it: the other half would read b's zero padding), so
     * those rows take the half-block kernel and only the rows between take the whole block's
     * 8 accumulators: the fmas on padding go from about BLOCK / nb of the work to half of it.
     */
    static void convolve(double[] ap, int na, double[] bp, int nb, double[] c) {
        int nc = na + nb - 1;
        int half = BLOCK / 2;
        java.util.Arrays.fill(c, 0, (nc + BLOCK - 1) / BLOCK * BLOCK, 0.0);
        for (int k = 0; k < nc; k += BLOCK) {
            int lo = Math.max(0, k - nb + 1);
            int hi = Math.min(na, k + BLOCK);
            int headEnd = Math.max(lo, Math.min(hi, k - nb + half + 1));
            int tailStart = Math.max(headEnd, Math.min(hi, k + half));
            if (headEnd > lo) {
                halfBlock(ap, bp, c, k, lo, headEnd);
            }
            if (tailStart > headEnd) {
                wholeBlock(ap, bp, c, k, headEnd, tailStart);
            }
            if (hi > tailStart) {
                halfBlock(ap, bp, c, k + half, tailStart, hi);
            }
        }
    }

    /*
     * c[k + t] += sum over rows i in [r0, r1) of a[i] b[k + t - i] for t < BLOCK. Rows i, i + L,
     * i + 2L and i + 3L (L = LANES) go together: the line of b that row i multiplies into
     * accumulator j is the one row i + L multiplies into accumulator j + 1, so 11 loads feed 32
     * fmas (Java arrays are only 8-byte aligned, so most loads of a full vector cross a cache
     * line and count twice against the load ports: with two rows per line, 9 loads for 16 fmas,
     * the loads set the pace under AVX-512; polynomial/BENCHMARKS.md). Rows from r1 on in the
     * last group read ap[0], a zero of the padding.
     */
    private static void wholeBlock(double[] ap, double[] bp, double[] c, int k, int r0, int r1) {
        int l = LANES;
        int quad = 4 * l;
        DoubleVector s0 = DoubleVector.fromArray(S, c, k);
        DoubleVector s1 = DoubleVector.fromArray(S, c, k + l);
        DoubleVector s2 = DoubleVector.fromArray(S, c, k + 2 * l);
        DoubleVector s3 = DoubleVector.fromArray(S, c, k + 3 * l);
        DoubleVector s4 = DoubleVector.fromArray(S, c, k + 4 * l);
        DoubleVector s5 = DoubleVector.fromArray(S, c, k + 5 * l);
        DoubleVector s6 = DoubleVector.fromArray(S, c, k + 6 * l);
        DoubleVector s7 = DoubleVector.fromArray(S, c, k + 7 * l);
        // whole groups of 4L rows; a last part of at most 2L rows goes to the two-row loop below
        int rem = (r1 - r0) % quad;
        int count = ((r1 - r0) / quad + (rem > 2 * l ? 1 : 0)) * l;
        int end = ROW_PAD + r1;
        for (int q = 0; q < count; q++) {
            int i = r0 + q + 3 * (q & -l); // the q-th row of the groups' first quarters
            int r = ROW_PAD + i;
            DoubleVector x0 = DoubleVector.broadcast(S, ap[r < end ? r : 0]);
            DoubleVector x1 = DoubleVector.broadcast(S, ap[r + l < end ? r + l : 0]);
            DoubleVector x2 = DoubleVector.broadcast(S, ap[r + 2 * l < end ? r + 2 * l : 0]);
            DoubleVector x3 = DoubleVector.broadcast(S, ap[r + 3 * l < end ? r + 3 * l : 0]);
            int o = COLUMN_PAD + k - i;
            DoubleVector v = DoubleVector.fromArray(S, bp, o - 3 * l);
            s0 = v.fma(x3, s0);
            v = DoubleVector.fromArray(S, bp, o - 2 * l);
            s0 = v.fma(x2, s0);
            s1 = v.fma(x3, s1);
            v = DoubleVector.fromArray(S, bp, o - l);
            s0 = v.fma(x1, s0);
            s1 = v.fma(x2, s1);
            s2 = v.fma(x3, s2);
            v = DoubleVector.fromArray(S, bp, o);
            s0 = v.fma(x0, s0);
            s1 = v.fma(x1, s1);
            s2 = v.fma(x2, s2);
            s3 = v.fma(x3, s3);
            v = DoubleVector.fromArray(S, bp, o + l);
            s1 = v.fma(x0, s1);
            s2 = v.fma(x1, s2);
            s3 = v.fma(x2, s3);
            s4 = v.fma(x3, s4);
            v = DoubleVector.fromArray(S, bp, o + 2 * l);
            s2 = v.fma(x0, s2);
            s3 = v.fma(x1, s3);
            s4 = v.fma(x2, s4);
            s5 = v.fma(x3, s5);
            v = DoubleVector.fromArray(S, bp, o + 3 * l);
            s3 = v.fma(x0, s3);
            s4 = v.fma(x1, s4);
            s5 = v.fma(x2, s5);
            s6 = v.fma(x3, s6);
            v = DoubleVector.fromArray(S, bp, o + 4 * l);
            s4 = v.fma(x0, s4);
            s5 = v.fma(x1, s5);
            s6 = v.fma(x2, s6);
            s7 = v.fma(x3, s7);
            v = DoubleVector.fromArray(S, bp, o + 5 * l);
            s5 = v.fma(x0, s5);
            s6 = v.fma(x1, s6);
            s7 = v.fma(x2, s7);
            v = DoubleVector.fromArray(S, bp, o + 6 * l);
            s6 = v.fma(x0, s6);
            s7 = v.fma(x1, s7);
            v = DoubleVector.fromArray(S, bp, o + 7 * l);
            s7 = v.fma(x0, s7);
        }
        if (rem > 0 && rem <= 2 * l) {
            // rows i and i + L of the last 2L (those from r1 on read ap[0]): 9 loads for 16 fmas,
            // instead of a group of 4L rows that is half or more padding
            for (int i = r0 + count * 4, last = i + l; i < last; i++) {
                int r = ROW_PAD + i;
                DoubleVector x0 = DoubleVector.broadcast(S, ap[r < end ? r : 0]);
                DoubleVector x1 = DoubleVector.broadcast(S, ap[r + l < end ? r + l : 0]);
                int o = COLUMN_PAD + k - i;
                DoubleVector v = DoubleVector.fromArray(S, bp, o - l);
                s0 = v.fma(x1, s0);
                v = DoubleVector.fromArray(S, bp, o);
                s0 = v.fma(x0, s0);
                s1 = v.fma(x1, s1);
                v = DoubleVector.fromArray(S, bp, o + l);
                s1 = v.fma(x0, s1);
                s2 = v.fma(x1, s2);
                v = DoubleVector.fromArray(S, bp, o + 2 * l);
                s2 = v.fma(x0, s2);
                s3 = v.fma(x1, s3);
                v = DoubleVector.fromArray(S, bp, o + 3 * l);
                s3 = v.fma(x0, s3);
                s4 = v.fma(x1, s4);
                v = DoubleVector.fromArray(S, bp, o + 4 * l);
                s4 = v.fma(x0, s4);
                s5 = v.fma(x1, s5);
                v = DoubleVector.fromArray(S, bp, o + 5 * l);
                s5 = v.fma(x0, s5);
                s6 = v.fma(x1, s6);
                v = DoubleVector.fromArray(S, bp, o + 6 * l);
                s6 = v.fma(x0, s6);
                s7 = v.fma(x1, s7);
                v = DoubleVector.fromArray(S, bp, o + 7 * l);
                s7 = v.fma(x0, s7);
            }
        }
        s0.intoArray(c, k);
        s1.intoArray(c, k + l);
        s2.intoArray(c, k + 2 * l);
        s3.intoArray(c, k + 3 * l);
        s4.intoArray(c, k + 4 * l);
        s5.intoArray(c, k + 5 * l);
        s6.intoArray(c, k + 6 * l);
        s7.intoArray(c, k + 7 * l);
    }

    // c[k + t] += sum over rows i in [r0, r1) of a[i] b[k + t - i] for t < BLOCK / 2: wholeBlock
    // on half the outputs, 7 loads for 16 fmas; rows i and i + 2L into one set of accumulators,
    // i + L and i + 3L into another, so that 8 chains of fmas cover the fma latency as there.
    private static void halfBlock(double[] ap, double[] bp, double[] c, int k, int r0, int r1) {
        int l = LANES;
        int quad = 4 * l;
        DoubleVector s0 = DoubleVector.fromArray(S, c, k);
        DoubleVector s1 = DoubleVector.fromArray(S, c, k + l);
        DoubleVector s2 = DoubleVector.fromArray(S, c, k + 2 * l);
        DoubleVector s3 = DoubleVector.fromArray(S, c, k + 3 * l);
        DoubleVector t0 = DoubleVector.zero(S);
        DoubleVector t1 = t0;
        DoubleVector t2 = t0;
        DoubleVector t3 = t0;
        int count = (r1 - r0 + quad - 1) / quad * l;
        int end = ROW_PAD + r1;
        for (int q = 0; q < count; q++) {
            int i = r0 + q + 3 * (q & -l);
            int r = ROW_PAD + i;
            DoubleVector x0 = DoubleVector.broadcast(S, ap[r < end ? r : 0]);
            DoubleVector x1 = DoubleVector.broadcast(S, ap[r + l < end ? r + l : 0]);
            DoubleVector x2 = DoubleVector.broadcast(S, ap[r + 2 * l < end ? r + 2 * l : 0]);
            DoubleVector x3 = DoubleVector.broadcast(S, ap[r + 3 * l < end ? r + 3 * l : 0]);
            int o = COLUMN_PAD + k - i;
            DoubleVector v = DoubleVector.fromArray(S, bp, o - 3 * l);
            t0 = v.fma(x3, t0);
            v = DoubleVector.fromArray(S, bp, o - 2 * l);
            s0 = v.fma(x2, s0);
            t1 = v.fma(x3, t1);
            v = DoubleVector.fromArray(S, bp, o - l);
            t0 = v.fma(x1, t0);
            s1 = v.fma(x2, s1);
            t2 = v.fma(x3, t2);
            v = DoubleVector.fromArray(S, bp, o);
            s0 = v.fma(x0, s0);
            t1 = v.fma(x1, t1);
            s2 = v.fma(x2, s2);
            t3 = v.fma(x3, t3);
            v = DoubleVector.fromArray(S, bp, o + l);
            s1 = v.fma(x0, s1);
            t2 = v.fma(x1, t2);
            s3 = v.fma(x2, s3);
            v = DoubleVector.fromArray(S, bp, o + 2 * l);
            s2 = v.fma(x0, s2);
            t3 = v.fma(x1, t3);
            v = DoubleVector.fromArray(S, bp, o + 3 * l);
            s3 = v.fma(x0, s3);
        }
        s0.add(t0).intoArray(c, k);
        s1.add(t1).intoArray(c, k + l);
        s2.add(t2).intoArray(c, k + 2 * l);
        s3.add(t3).intoArray(c, k + 3 * l);
    }

    /**
     * v[at + k] = c[k] as a long for k in [0, nc) and up to the next multiple of LANES, for c[k]
     * integers of magnitude at most 2^53 (zeros from nc to that multiple). The JDK 17 Vector
     * API's double-to-long conversion is not compiled to an instruction (ten times the scalar
     * loop on the development machine), so each lane is cut exactly in two: hi = c 2^-26 rounded
     * and lo = c - 2^26 hi (|lo| &lt;= 2^25), both below 2^51, where adding 1.5 2^52 leaves the
     * integer in the low bits of the double; then 2^26 hi + lo in longs (0.17 against 0.37 us
     * for 870 columns).
     */
    static void columnLongs(double[] c, int nc, long[] v, int at) {
        double magic = 0x1.8p52;
        long magicBits = 0x4338_0000_0000_0000L; // Double.doubleToRawLongBits(0x1.8p52)
        for (int k = 0; k < nc; k += LANES) {
            DoubleVector x = DoubleVector.fromArray(S, c, k);
            DoubleVector hi = x.mul(0x1p-26).add(magic).sub(magic);
            DoubleVector lo = hi.mul(-0x1p26).add(x); // exact: x and 2^26 hi are within 2^25
            LongVector h = hi.add(magic).reinterpretAsLongs().sub(magicBits);
            LongVector l = lo.add(magic).reinterpretAsLongs().sub(magicBits);
            h.lanewise(VectorOperators.LSHL, 26).add(l).intoArray(v, at + k);
        }
    }

    /** Zeros the carries want before the columns ({@link #columnDigits}). */
    static final int CARRY_PAD = 2;

    /**
     * The column sums v[CARRY_PAD + k], k in [0, nc) (longs of magnitude at most 2^53 whose sum
     * times 2^(23 k) is non-negative; zeros in v[0, CARRY_PAD) and from CARRY_PAD + nc on, at
     * least up to CARRY_PAD + nc + 3 + LANES), as 23-bit digits: d[k] = v[k] on return for k in
     * [0, nc + 3), each in [0, 2^23), and sum d[k] 2^(23 k) = sum v[CARRY_PAD + k] 2^(23 k). Each
     * column is cut into parts of 23 and 23 bits and a signed rest (two's complement: v = low +
     * 2^23 mid + 2^46 high with high = v &gt;&gt; 46 in [-128, 128]) and the parts of equal
     * weight are added, e[k] in [-128, 2^24 + 128) (into e, at CARRY_PAD); then every e[k] keeps
     * its low 23 bits and passes its carry (-1 to 2) to e[k + 1]. That can carry on only where a
     * digit's low bits were 2^23 - 2 or more, or zero with a carry of -1: rare, and then one exact
     * scalar pass ripples the carries. Two vector passes and no scalar chain; v and e have at
     * least CARRY_PAD + nc + 3 + LANES entries, and v's entries from nc + 3 up to the next
     * multiple of LANES are zeros on return.
     */
    static void columnDigits(long[] v, int nc, long[] e) {
        int p = CARRY_PAD;
        int l = LANES;
        int n = nc + 3;
        long mask = DigitFormat.DIGIT_MASK;
        int bits = DigitFormat.DIGIT_BITS;
        // e[k] = (v[k] mod 2^23) + (v[k - 1] >> 23 mod 2^23) + (v[k - 2] >> 46), shifts arithmetic
        for (int k = 0; k < n; k += l) {
            LongVector low = LongVector.fromArray(LONGS, v, p + k).and(mask);
            LongVector mid = LongVector.fromArray(LONGS, v, p + k - 1).lanewise(VectorOperators.ASHR, bits).and(mask);
            LongVector high = LongVector.fromArray(LONGS, v, p + k - 2).lanewise(VectorOperators.ASHR, 2 * bits);
            low.add(mid).add(high).intoArray(e, p + k);
        }
        // d[k] = (e[k] mod 2^23) + (e[k - 1] >> 23), into v from 0
        e[p - 1] = 0;
        LongVector over = LongVector.zero(LONGS);
        for (int k = 0; k < n; k += l) {
            LongVector low = LongVector.fromArray(LONGS, e, p + k).and(mask);
            LongVector d = low.add(LongVector.fromArray(LONGS, e, p + k - 1).lanewise(VectorOperators.ASHR, bits));
            over = over.or(d);
            d.intoArray(v, k);
        }
        if ((over.reduceLanes(VectorOperators.OR) & ~mask) != 0) { // a digit of 2^23 or more, or negative
            long carry = 0;
            for (int k = 0; k < n; k++) {
                long t = v[k] + carry;
                v[k] = t & mask;
                carry = t >> bits;
            }
        }
    }
}
