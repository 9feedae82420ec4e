package org.modalg.polynomial.text;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Conversions between integers and text in radix 10 or 16: the one place every reader and
 * writer of the library and the command line turns digits into {@link BigInteger}s and back.
 *
 * <p>Grammar of {@link #parse}: an optional sign {@code +} or {@code -}, then one or more ASCII
 * digits ({@code 0-9}, and {@code a-f A-F} in radix 16); leading zeros are allowed; no
 * whitespace, no radix prefix, no other characters (in particular no non-ASCII digits, which
 * {@link BigInteger#BigInteger(String)} would accept). Printing gives BigInteger's form: a
 * {@code -} for negative values, lower-case hexadecimal digits, no leading zeros.
 *
 * <p>Errors are {@link NumberFormatException}s (an {@link IllegalArgumentException}) whose
 * message names the zero-based position of the first offending character.
 *
 * <p><b>Algorithms.</b> Hexadecimal is linear both ways: digits are nibbles of the magnitude.
 * Decimal uses divide and conquer on {@link IntegerMultiplication} and the powers
 * P_k = 10^(18 2^k), squared from 10^18 once and kept in a table shared by all threads (grown
 * lazily under a lock):
 * <ul>
 *   <li>reading cuts the digits into blocks of 18 (one {@code long} each), converts runs of
 *       {@value #PARSE_BASE_BLOCKS} blocks by a quadratic multiply-add on 32-bit words, and
 *       combines a run of n blocks as high P_k + low, where low holds the last 2^k &lt; n
 *       blocks: O(M(n) log n) for M(n) the cost of one n-digit product;</li>
 *   <li>printing splits a value by P_k into quotient and remainder, the remainder printed with
 *       exactly 18 2^k digits (inner leading zeros kept) by the same split one level down, down
 *       to pieces of at most {@value #PRINT_BASE_DIGITS} digits printed by repeated division by
 *       10^9 in {@code long} arithmetic. Each split by a P_k of s bits is Barrett's division
 *       (Handbook of Applied Cryptography, algorithm 14.42, in radix 2) with the reciprocal
 *       floor(2^(2s) / P_k), computed once by {@link IntegerDivision} and cached beside P_k: two
 *       products of s bits, then at most two corrections (a dividend above 2^(2s) is divided
 *       in chunks of 2s bits; below {@value #BARRETT_BITS} bits of P_k, BigInteger's
 *       divideAndRemainder). O(M(n) log n), about twice the products of reading.</li>
 *   <li>padded pieces of 18 2^k digits with k &gt;= {@value #SCALED_MIN_LEVEL}
 *       (73,728 digits and more) are printed by a scaled remainder tree instead (Bernstein,
 *       "Scaled remainder trees", 2004): one Barrett division gives the fixed-point fraction
 *       v / P_k, then each node multiplies its fraction by P_(k-1) (one product of 3 s / 2
 *       bits against Barrett's two of s bits) and keeps the fraction part for its low half and
 *       the truncated fraction for its high half, on 64-bit limbs above the NTT threshold; at
 *       pieces of 144 digits the fractions of neighbouring pieces give each piece exactly,
 *       up to a carry of +-1 that a pass from the right settles (the error bound and why no
 *       digit is ever wrong are in writeScaled's comment).</li>
 * </ul>
 * Below {@value #PARSE_BIGINTEGER_DIGITS} digits (reading) and {@value #PRINT_BIGINTEGER_BITS}
 * bits (printing), BigInteger's own conversion is used. Products and Barrett splits by P_k use
 * its odd part 5^(18 2^k) and a shift (30% shorter operands). Figures, cut-offs and the GMP peer
 * are in polynomial/BENCHMARKS.md ("Text conversion"): on the 2-core EPYC VM, one thread, quiet,
 * a 10^7-digit number is read in 0.73-0.75 s and printed in 1.9 s (2.4 s for a first print,
 * which also computes the reciprocals); GMP 6.2.1 in the same sitting took 0.59 s and 1.47 s;
 * BigInteger's reader is quadratic (58 s already at 10^6 digits).
 */
public final class IntegerText {
    /** Below this many digits, decimal reading is {@code new BigInteger(String)}. */
    static final int PARSE_BIGINTEGER_DIGITS = 200;
    /** Runs of at most this many 18-digit blocks are read by a quadratic word loop. */
    static final int PARSE_BASE_BLOCKS = 16;
    /** Below this many bits, decimal printing is {@link BigInteger#toString()}. */
    static final int PRINT_BIGINTEGER_BITS = 2000;
    /** Padded pieces of at most this many digits are printed by long arithmetic. */
    static final int PRINT_BASE_DIGITS = 18 * 8;
    /** Splits by a power of at least this many bits use Barrett's division, below BigInteger's. */
    static final int BARRETT_BITS = 8_000;
    /** Padded pieces of 18 2^k digits, k at least this (73,728 digits), are printed by a scaled remainder tree. */
    static final int SCALED_MIN_LEVEL = 12;
    /** The leaves of the scaled remainder tree: pieces of 18 2^k digits for this k. */
    static final int SCALED_LEAF_LEVEL = 3;

    private static final long E9 = 1_000_000_000L;
    private static final double LOG2_10 = 3.321928094887362;

    private IntegerText() {
    }

    // ------------------------------------------------------------------ parsing

    /** The decimal integer {@code text} (see the class comment for the grammar). */
    public static BigInteger parse(CharSequence text) {
        return parse(text, 10);
    }

    /**
     * The integer {@code text} in the given radix. O(M(n) log n) in radix 10 and O(n) in radix
     * 16 for n digits (see the class comment); the text is read in place, not copied.
     *
     * @param radix 10 or 16
     * @throws NumberFormatException if text does not follow the grammar (message names the
     *     position)
     * @throws IllegalArgumentException if text is null or radix is not 10 or 16
     */
    public static BigInteger parse(CharSequence text, int radix) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        return parse(text, 0, text.length(), radix);
    }

    /**
     * The integer written in {@code text[start, end)} in the given radix; positions in error
     * messages are indexes into text. Same costs as {@link #parse(CharSequence, int)}.
     *
     * @throws NumberFormatException if the range does not follow the grammar
     * @throws IllegalArgumentException if text is null, the range is outside text or radix is
     *     not 10 or 16
     */
    public static BigInteger parse(CharSequence text, int start, int end, int radix) {
        checkRadix(radix);
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        if (start < 0 || end > text.length() || start > end) {
            throw new IllegalArgumentException("range [" + start + ", " + end + ") must lie in [0, "
                    + text.length() + "]");
        }
        int i = start;
        boolean negative = false;
        if (i < end && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        if (i == end) {
            throw new NumberFormatException("position " + i + ": expected a digit, found "
                    + (i < text.length() ? "'" + text.charAt(i) + "'" : "the end of the text"));
        }
        BigInteger v = radix == 16 ? parseHex(text, i, end) : parseDecimal(text, i, end);
        return negative ? v.negate() : v;
    }

    private static NumberFormatException badDigit(CharSequence text, int j, int radix) {
        return new NumberFormatException("position " + j + ": '" + text.charAt(j)
                + "' is not a" + (radix == 16 ? " hexadecimal" : " decimal") + " digit");
    }

    /** Unsigned decimal digits text[from, to), from &lt; to. */
    private static BigInteger parseDecimal(CharSequence text, int from, int to) {
        int n = to - from;
        if (n <= 18) {
            long v = 0;
            for (int j = from; j < to; j++) {
                int d = text.charAt(j) - '0';
                if (d < 0 || d > 9) {
                    throw badDigit(text, j, 10);
                }
                v = v * 10 + d;
            }
            return BigInteger.valueOf(v);
        }
        if (n < PARSE_BIGINTEGER_DIGITS) {
            for (int j = from; j < to; j++) {
                char c = text.charAt(j);
                if (c < '0' || c > '9') {
                    throw badDigit(text, j, 10);
                }
            }
            return new BigInteger(text.subSequence(from, to).toString());
        }
        int nb = (n + 17) / 18;
        long[] blocks = new long[nb];
        int j = from;
        for (int b = 0; b < nb; b++) {
            int stop = to - 18 * (nb - 1 - b); // the first block takes the odd digits
            long v = 0;
            for (; j < stop; j++) {
                int d = text.charAt(j) - '0';
                if (d < 0 || d > 9) {
                    throw badDigit(text, j, 10);
                }
                v = v * 10 + d;
            }
            blocks[b] = v;
        }
        return combine(blocks, 0, nb);
    }

    /** The value of blocks[lo, hi) (18 decimal digits each, most significant first). */
    private static BigInteger combine(long[] blocks, int lo, int hi) {
        int count = hi - lo;
        if (count <= PARSE_BASE_BLOCKS) {
            return blocksBase(blocks, lo, hi);
        }
        int k = 31 - Integer.numberOfLeadingZeros(count - 1); // 2^k < count <= 2^(k+1)
        int split = hi - (1 << k);
        BigInteger low = combine(blocks, split, hi);
        BigInteger high = combine(blocks, lo, split);
        // P_k = 5^e 2^e (e = 18 2^k): multiplying by the odd part and shifting costs a product of
        // 2.32 e instead of 3.32 e bits of second operand (about 15% less at 10^7 digits)
        int e = 18 << k;
        return IntegerMultiplication.multiply(high, Powers.oddPart(k)).shiftLeft(e).add(low);
    }

    /** blocks[lo, hi) by multiply-adds on little-endian 32-bit words. */
    private static BigInteger blocksBase(long[] blocks, int lo, int hi) {
        int[] w = new int[2 * (hi - lo) + 1];
        int len = 0;
        for (int b = lo; b < hi; b++) {
            long v = blocks[b];
            len = mulAdd(w, len, v / E9);
            len = mulAdd(w, len, v % E9);
        }
        return fromWords(w, len);
    }

    // w[0, len) = w * 10^9 + add; returns the new length
    private static int mulAdd(int[] w, int len, long add) {
        long carry = add;
        for (int t = 0; t < len; t++) {
            long p = (w[t] & 0xFFFFFFFFL) * E9 + carry;
            w[t] = (int) p;
            carry = p >>> 32;
        }
        if (carry != 0) {
            w[len++] = (int) carry;
        }
        return len;
    }

    private static BigInteger fromWords(int[] w, int len) {
        byte[] mag = new byte[4 * len];
        for (int t = 0; t < len; t++) {
            int x = w[t];
            int p = mag.length - 4 * t;
            mag[p - 1] = (byte) x;
            mag[p - 2] = (byte) (x >>> 8);
            mag[p - 3] = (byte) (x >>> 16);
            mag[p - 4] = (byte) (x >>> 24);
        }
        return new BigInteger(1, mag);
    }

    /** Unsigned hexadecimal digits text[from, to), from &lt; to: straight into the magnitude. */
    private static BigInteger parseHex(CharSequence text, int from, int to) {
        int n = to - from;
        byte[] mag = new byte[(n + 1) / 2];
        int p = 0;
        int j = from;
        int bad = 0; // or of the table values: negative once a character is not a digit
        if ((n & 1) == 1) {
            int d = hexValue(text.charAt(j++));
            bad |= d;
            mag[p++] = (byte) d;
        }
        for (; j < to; j += 2) {
            int hi = hexValue(text.charAt(j));
            int lo = hexValue(text.charAt(j + 1));
            bad |= hi | lo;
            mag[p++] = (byte) (hi << 4 | lo);
        }
        if (bad < 0) {
            throw badDigit(text, firstBadHex(text, from, to), 16);
        }
        return new BigInteger(1, mag);
    }

    private static final byte[] HEX_VALUE = new byte[128];

    static {
        java.util.Arrays.fill(HEX_VALUE, (byte) -1);
        for (int c = 0; c < 128; c++) {
            HEX_VALUE[c] = (byte) digit((char) c, 16);
        }
    }

    // the value of a hexadecimal digit, or -1
    private static int hexValue(char c) {
        return c < 128 ? HEX_VALUE[c] : -1;
    }

    // The first offending character (the loop above runs from the right).
    private static int firstBadHex(CharSequence text, int from, int to) {
        int j = from;
        while (j < to && digit(text.charAt(j), 16) >= 0) {
            j++;
        }
        return j;
    }

    // ------------------------------------------------------------------ printing

    /** The decimal form of value. */
    public static String toString(BigInteger value) {
        return toString(value, 10);
    }

    /**
     * The text of value in the given radix (a {@code -} for negative values, lower-case digits).
     * O(M(n) log n) in radix 10 and O(n) in radix 16 for n digits (see the class comment).
     *
     * @param radix 10 or 16
     * @throws IllegalArgumentException if value is null or radix is not 10 or 16
     */
    public static String toString(BigInteger value, int radix) {
        checkRadix(radix);
        if (value == null) {
            throw new IllegalArgumentException("value must not be null");
        }
        if (radix == 10 && value.bitLength() < PRINT_BIGINTEGER_BITS) {
            return value.toString();
        }
        Digits d = digits(value, radix);
        return new String(d.bytes, d.start, d.bytes.length - d.start, StandardCharsets.ISO_8859_1);
    }

    /**
     * Appends the text of value in the given radix to out (as {@link #toString(BigInteger, int)}
     * gives it), in pieces of at most 8192 characters from a byte buffer of the digits: no
     * String of the whole text is made.
     *
     * @throws IOException what out throws
     * @throws IllegalArgumentException if value or out is null, or radix is not 10 or 16
     */
    public static void write(BigInteger value, int radix, Appendable out) throws IOException {
        checkRadix(radix);
        if (value == null) {
            throw new IllegalArgumentException("value must not be null");
        }
        if (out == null) {
            throw new IllegalArgumentException("out must not be null");
        }
        if (radix == 10 && value.bitLength() < PRINT_BIGINTEGER_BITS) {
            out.append(value.toString());
            return;
        }
        Digits d = digits(value, radix);
        AsciiView view = new AsciiView(d.bytes);
        for (int p = d.start; p < d.bytes.length; p += 8192) {
            out.append(view, p, Math.min(d.bytes.length, p + 8192));
        }
    }

    /** ASCII text in bytes[start, bytes.length). */
    private record Digits(byte[] bytes, int start) {
    }

    private static Digits digits(BigInteger value, int radix) {
        BigInteger a = value.abs();
        byte[] buf;
        int start;
        if (radix == 16) {
            byte[] mag = a.toByteArray();
            buf = new byte[2 * mag.length + 1];
            for (int t = 0; t < mag.length; t++) {
                buf[1 + 2 * t] = HEX[(mag[t] >>> 4) & 15];
                buf[2 + 2 * t] = HEX[mag[t] & 15];
            }
            start = 1;
            while (start < buf.length - 1 && buf[start] == '0') {
                start++;
            }
        } else {
            long cap = (long) (a.bitLength() / LOG2_10) + 3; // digits + 1, sign, margin
            if (cap > Integer.MAX_VALUE - 16) {
                throw new IllegalArgumentException("value has " + a.bitLength()
                        + " bits: its decimal text would exceed the largest array");
            }
            buf = new byte[(int) cap];
            start = writeTop(a, buf, buf.length);
        }
        if (value.signum() < 0) {
            buf[--start] = '-';
        }
        return new Digits(buf, start);
    }

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);

    /** Writes a &gt;= 0 without leading zeros so that it ends at buf[end - 1]; returns its start. */
    private static int writeTop(BigInteger a, byte[] buf, int end) {
        int bits = a.bitLength();
        if (bits <= PRINT_BASE_DIGITS * 3) { // below 10^(PRINT_BASE_DIGITS)
            return writeBase(a, buf, end);
        }
        // the largest k with P_k^2 about a or below, so that no power (nor reciprocal) beyond the
        // square root of a is made; a quotient above P_k is divided in chunks, then printed by
        // the same split
        int k = 0;
        while (2 * estimatedBits(k + 1) + 2 < bits) {
            k++;
        }
        BigInteger[] qr = Powers.divideAndRemainder(a, k);
        int width = 18 << k;
        writePadded(qr[1], k, buf, end - width);
        return writeTop(qr[0], buf, end - width); // q >= 1 as P_k < a
    }

    /** Writes v &lt; P_level with exactly 18 2^level digits from buf[start]. */
    private static void writePadded(BigInteger v, int level, byte[] buf, int start) {
        if (level >= SCALED_MIN_LEVEL) {
            writeScaled(v, level, buf, start);
            return;
        }
        writePaddedBarrett(v, level, buf, start);
    }

    /**
     * v (0 &lt;= v &lt; P_level) with exactly 18 2^level digits, by the scaled remainder tree
     * (scaled true; level &gt; SCALED_LEAF_LEVEL) or by Barrett splits: for tests, at any level.
     */
    static String paddedForTest(BigInteger v, int level, boolean scaled) {
        byte[] buf = new byte[18 << level];
        if (scaled) {
            writeScaled(v, level, buf, 0);
        } else {
            writePaddedBarrett(v, level, buf, 0);
        }
        return new String(buf, StandardCharsets.ISO_8859_1);
    }

    /** writePadded by Barrett splits all the way down (the exact tree). */
    private static void writePaddedBarrett(BigInteger v, int level, byte[] buf, int start) {
        int width = 18 << level;
        if (width <= PRINT_BASE_DIGITS) {
            int s = writeBase(v, buf, start + width);
            while (s > start) {
                buf[--s] = '0';
            }
            return;
        }
        BigInteger[] qr = Powers.divideAndRemainder(v, level - 1);
        writePaddedBarrett(qr[0], level - 1, buf, start);
        writePaddedBarrett(qr[1], level - 1, buf, start + width / 2);
    }

    /**
     * writePadded by a scaled remainder tree (Bernstein, "Scaled remainder trees", 2004): one
     * product per node on fixed-point fractions instead of Barrett's two.
     *
     * <p>Let the leaves be the pieces of LEAF = 18 2^{@value #SCALED_LEAF_LEVEL} digits,
     * n = 2^(level - LEAF_LEVEL) of them, and tau_i = (v mod P^(n-i)) / P^(n-i) in [0, 1) for
     * P = 10^LEAF (the fraction of the digits from piece i on); piece i is
     * b_i = P tau_i - tau_(i+1), with tau_n = 0. A node of level k covering pieces [a, b) holds
     * an integer Y with |Y / 2^(L_k) - (tau_a + j)| &lt;= E_k 2^(-L_k) for some integer j. Its
     * high half covers [a, m) and has the same tau_a: Y truncated to L_(k-1) bits. Its low half
     * covers [m, b), and (tau_a + j) P_(k-1) = tau_m + an integer: (Y P_(k-1) mod 2^(L_k))
     * truncated to L_(k-1) bits, one product. With L_k = L_(k-1) + s_(k-1), s the bit length of
     * P_(k-1) (P_(k-1) &lt; 2^s), both children have E_(k-1) &lt;= E_k + 1. The root is
     * floor(v 2^(L_level) / P_level), exact (E = 1): one Barrett division for its first s bits,
     * then a short exact division. A leaf gets c_i = round((Y_i P - Y_(i+1)) / 2^(L_leaf)),
     * within (E + E P) 2^(-L_leaf) &lt; 1/2 of b_i + j_i P - j_(i+1) (E &lt;= 64, L_leaf = s_leaf
     * + 8), hence equal to it; the j terms telescope (j_n = 0, and j_0 = 0 at the root), so
     * carrying from the right (c_i below 0 borrows 1 from c_(i-1), c_i at P or above gives 1 to
     * it) turns the c_i into the exact pieces b_i: no digit is ever guessed.
     */
    private static void writeScaled(BigInteger v, int level, byte[] buf, int start) {
        int leaf = SCALED_LEAF_LEVEL;
        int[] bits = new int[level + 1]; // L_k for leaf <= k <= level
        bits[leaf] = Powers.power(leaf).bitLength() + 8;
        for (int k = leaf + 1; k <= level; k++) {
            bits[k] = bits[k - 1] + Powers.power(k - 1).bitLength();
        }
        // the root: floor(v 2^L / P_level) = u 2^d + floor(r1 2^d / P_level)
        BigInteger p = Powers.power(level);
        int s = p.bitLength();
        int d = bits[level] - s;
        BigInteger[] ur = Powers.divideAndRemainder(v.shiftLeft(s), level);
        BigInteger root = ur[0].shiftLeft(d).add(ur[1].shiftLeft(d).divide(p));
        int n = 1 << (level - leaf);
        BigInteger[] y = new BigInteger[n + 1];
        y[n] = BigInteger.ZERO;
        scaledNode(Limbs.magnitude(root), level, 0, y, bits);
        BigInteger pl = Powers.power(leaf);
        int shift = bits[leaf];
        BigInteger half = BigInteger.ONE.shiftLeft(shift - 1);
        BigInteger[] c = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            c[i] = y[i].multiply(pl).subtract(y[i + 1]).add(half).shiftRight(shift);
        }
        int carry = 0;
        for (int i = n - 1; i >= 0; i--) {
            BigInteger ci = carry == 0 ? c[i] : c[i].add(BigInteger.valueOf(carry));
            carry = 0;
            while (ci.signum() < 0) {
                ci = ci.add(pl);
                carry--;
            }
            while (ci.compareTo(pl) >= 0) {
                ci = ci.subtract(pl);
                carry++;
            }
            c[i] = ci;
        }
        if (carry != 0) {
            throw new IllegalStateException("scaled remainder tree out of its bounds"); // not reached
        }
        int width = 18 << leaf;
        for (int i = 0; i < n; i++) {
            writePaddedBarrett(c[i], leaf, buf, start + i * width);
        }
    }

    /**
     * Fills y[first, first + 2^(k - leaf)) with the leaf fractions under the node of level k
     * whose fraction is yk (little-endian limbs of an L_k-bit integer; see writeScaled). On
     * limbs, so that no BigInteger is made between the root and the leaves.
     */
    private static void scaledNode(long[] yk, int k, int first, BigInteger[] y, int[] bits) {
        if (k == SCALED_LEAF_LEVEL) {
            y[first] = Limbs.toBigInteger(yk);
            return;
        }
        int s = bits[k] - bits[k - 1]; // the bit length of P_(k-1)
        if (s < Tuning.intMulNttBits()) { // BigInteger's products: no limbs in between
            scaledNode(Limbs.toBigInteger(yk), k, first, y, bits);
            return;
        }
        long bitsY = Limbs.bitLength(yk);
        int half = 1 << (k - 1 - SCALED_LEAF_LEVEL);
        if (bitsY == 0) { // both children would be 0 too
            java.util.Arrays.fill(y, first, first + 2 * half, BigInteger.ZERO);
            return;
        }
        long[] p = Powers.limbs(k - 1);
        long[] product = IntegerMultiplication.multiplyMagnitudes(yk, bitsY, p, s, false);
        long[] low = extractBits(product, s, bits[k - 1]);
        long[] high = extractBits(yk, s, bits[k - 1]);
        scaledNode(high, k - 1, first, y, bits);
        scaledNode(low, k - 1, first + half, y, bits);
    }

    /** scaledNode on a BigInteger fraction, for the levels below the NTT products. */
    private static void scaledNode(BigInteger yk, int k, int first, BigInteger[] y, int[] bits) {
        if (k == SCALED_LEAF_LEVEL) {
            y[first] = yk;
            return;
        }
        int s = bits[k] - bits[k - 1]; // the bit length of P_(k-1)
        BigInteger low = yk.multiply(Powers.power(k - 1)).shiftRight(s);
        int keep = bits[k - 1];
        if (low.bitLength() > keep) {
            low = low.subtract(low.shiftRight(keep).shiftLeft(keep));
        }
        scaledNode(yk.shiftRight(s), k - 1, first, y, bits);
        scaledNode(low, k - 1, first + (1 << (k - 1 - SCALED_LEAF_LEVEL)), y, bits);
    }

    /** Bits [from, from + count) of the limbs, as ceil(count / 64) limbs (zeros above the top). */
    static long[] extractBits(long[] src, long from, int count) {
        long[] out = new long[(count + 63) >>> 6];
        int li = (int) (from >>> 6);
        int sh = (int) (from & 63);
        for (int t = 0; t < out.length; t++, li++) {
            if (li >= src.length) {
                break;
            }
            long v = src[li] >>> sh;
            if (sh != 0 && li + 1 < src.length) {
                v |= src[li + 1] << (64 - sh);
            }
            out[t] = v;
        }
        int top = count & 63;
        if (top != 0) {
            out[out.length - 1] &= (1L << top) - 1;
        }
        return out;
    }

    /** Writes v &gt;= 0 (at least one digit) ending at buf[end - 1] by long arithmetic; returns its start. */
    private static int writeBase(BigInteger v, byte[] buf, int end) {
        int p = end;
        if (v.bitLength() < 63) {
            long x = v.longValue();
            do {
                buf[--p] = (byte) ('0' + x % 10);
                x /= 10;
            } while (x != 0);
            return p;
        }
        byte[] mag = v.toByteArray();
        int len = (mag.length + 3) / 4;
        int[] w = new int[len];
        for (int t = 0; t < mag.length; t++) {
            int fromRight = mag.length - 1 - t;
            w[fromRight >> 2] |= (mag[t] & 0xFF) << (8 * (fromRight & 3));
        }
        while (len > 0 && w[len - 1] == 0) {
            len--;
        }
        while (len > 0) {
            long rem = 0;
            for (int t = len - 1; t >= 0; t--) {
                long cur = (rem << 32) | (w[t] & 0xFFFFFFFFL);
                long q = cur / E9;
                w[t] = (int) q;
                rem = cur - q * E9;
            }
            while (len > 0 && w[len - 1] == 0) {
                len--;
            }
            int stop = p - 9;
            do {
                buf[--p] = (byte) ('0' + rem % 10);
                rem /= 10;
            } while (len > 0 ? p > stop : rem != 0);
        }
        return p;
    }

    /** About the bit length of P_k = 10^(18 2^k) (within one bit). */
    private static double estimatedBits(int k) {
        return 18.0 * (1L << k) * LOG2_10;
    }

    /**
     * The powers P_k = 10^(18 2^k), their odd parts 5^(18 2^k) and the Barrett reciprocals
     * floor(2^(2 s_k) / 5^(18 2^k)) of those, grown on demand and shared: readers see a complete prefix through
     * a volatile array, writers grow it under the class lock.
     */
    private static final class Powers {
        private static volatile BigInteger[] powers = {BigInteger.TEN.pow(18)};
        private static final Table<BigInteger> ODD_PARTS = new Table<>();
        private static final Table<long[]> LIMBS = new Table<>();
        private static final Table<BigInteger> RECIPROCALS = new Table<>();

        /**
         * Values by k computed on demand, each once: readers see a complete entry through a
         * volatile array, a writer computes and publishes under the class lock.
         */
        private static final class Table<T> {
            private volatile Object[] entries = new Object[0];

            @SuppressWarnings("unchecked")
            T get(int k, java.util.function.IntFunction<T> compute) {
                Object[] e = entries;
                if (k < e.length && e[k] != null) {
                    return (T) e[k];
                }
                synchronized (Powers.class) {
                    e = entries;
                    if (k < e.length && e[k] != null) {
                        return (T) e[k];
                    }
                    T v = compute.apply(k);
                    Object[] grown = java.util.Arrays.copyOf(e, Math.max(e.length, k + 1));
                    grown[k] = v;
                    entries = grown;
                    return v;
                }
            }
        }

        /** 5^(18 2^k), the odd part of P_k (P_k shifted right by its 18 2^k trailing zero bits). */
        static BigInteger oddPart(int k) {
            return ODD_PARTS.get(k, j -> power(j).shiftRight(18 << j));
        }

        static BigInteger power(int k) {
            BigInteger[] p = powers;
            if (k < p.length) {
                return p[k];
            }
            synchronized (Powers.class) {
                p = powers;
                if (k >= p.length) {
                    BigInteger[] grown = java.util.Arrays.copyOf(p, k + 1);
                    for (int j = p.length; j <= k; j++) {
                        grown[j] = IntegerMultiplication.square(grown[j - 1]);
                    }
                    powers = grown;
                    p = grown;
                }
                return p[k];
            }
        }

        static long[] limbs(int k) {
            return LIMBS.get(k, j -> Limbs.magnitude(power(j)));
        }

        /** floor(2^(2 s) / 5^(18 2^k)), s the bit length of the odd part 5^(18 2^k) of P_k. */
        static BigInteger reciprocal(int k) {
            return RECIPROCALS.get(k, j -> {
                BigInteger odd = oddPart(j);
                int s = odd.bitLength();
                return IntegerDivision.divideAndRemainder(BigInteger.ONE.shiftLeft(2 * s), odd)[0];
            });
        }

        /**
         * {v / P_k, v mod P_k} for v &gt;= 0. With P_k = 5^e 2^e (e = 18 2^k) and v = h 2^e + l,
         * l &lt; 2^e: h = q 5^e + t gives v = q P_k + (t 2^e + l) with t 2^e + l &lt; P_k, so only
         * h is divided, by the odd part (2.32 e instead of 3.32 e bits: smaller Barrett products).
         */
        static BigInteger[] divideAndRemainder(BigInteger v, int k) {
            BigInteger pk = power(k);
            if (pk.bitLength() < BARRETT_BITS) {
                return v.divideAndRemainder(pk);
            }
            int e = 18 << k;
            BigInteger h = v.shiftRight(e);
            BigInteger l = v.subtract(h.shiftLeft(e));
            BigInteger[] qt = divideByOddPart(h, k);
            return new BigInteger[] {qt[0], qt[1].shiftLeft(e).add(l)};
        }

        /** {v / 5^(18 2^k), v mod 5^(18 2^k)} for v &gt;= 0 by Barrett's division. */
        private static BigInteger[] divideByOddPart(BigInteger v, int k) {
            BigInteger odd = oddPart(k);
            int s = odd.bitLength();
            int bits = v.bitLength();
            if (bits <= 2 * s) {
                return barrett(v, odd, s, reciprocal(k));
            }
            // long division by chunks: the top 2s bits first, then what is left
            int c = bits - 2 * s;
            BigInteger top = v.shiftRight(c);
            BigInteger[] hi = barrett(top, odd, s, reciprocal(k));
            BigInteger low = v.subtract(top.shiftLeft(c));
            BigInteger[] lo = divideByOddPart(hi[1].shiftLeft(c).add(low), k);
            return new BigInteger[] {hi[0].shiftLeft(c).add(lo[0]), lo[1]};
        }

        /** {v / p, v mod p} for 0 &lt;= v &lt; 2^(2s), p of s bits, m = floor(2^(2s) / p). */
        private static BigInteger[] barrett(BigInteger v, BigInteger p, int s, BigInteger m) {
            BigInteger q = IntegerMultiplication.multiply(v.shiftRight(s - 1), m).shiftRight(s + 1);
            BigInteger r = v.subtract(IntegerMultiplication.multiply(q, p));
            for (int t = 0; t < 3 && r.compareTo(p) >= 0; t++) { // q is at most 2 short (HAC 14.43)
                r = r.subtract(p);
                q = q.add(BigInteger.ONE);
            }
            if (r.signum() < 0 || r.compareTo(p) >= 0) {
                throw new IllegalStateException("Barrett quotient out of its bounds"); // not reached
            }
            return new BigInteger[] {q, r};
        }
    }

    /** A CharSequence over ASCII bytes, for {@link #write}. */
    private static final class AsciiView implements CharSequence {
        private final byte[] b;
        private final int from;
        private final int to;

        AsciiView(byte[] b) {
            this(b, 0, b.length);
        }

        private AsciiView(byte[] b, int from, int to) {
            this.b = b;
            this.from = from;
            this.to = to;
        }

        @Override
        public int length() {
            return to - from;
        }

        @Override
        public char charAt(int index) {
            return (char) b[from + index];
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new AsciiView(b, from + start, from + end);
        }

        @Override
        public String toString() {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }
    }

    /** The value of the ASCII digit c in radix, or -1. */
    static int digit(char c, int radix) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (radix == 16) {
            if (c >= 'a' && c <= 'f') {
                return c - 'a' + 10;
            }
            if (c >= 'A' && c <= 'F') {
                return c - 'A' + 10;
            }
        }
        return -1;
    }

    private static void checkRadix(int radix) {
        if (radix != 10 && radix != 16) {
            throw new IllegalArgumentException("radix must be 10 or 16, got " + radix);
        }
    }
}
