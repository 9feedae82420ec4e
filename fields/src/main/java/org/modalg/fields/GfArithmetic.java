package org.modalg.fields;

/**
 * The arithmetic kernels of a generalized Fermat prime field Z/pZ, p = r^k + 1, on elements
 * stored as k radix-r digits in caller-owned {@code long[]} arrays (thesis chapter 2,
 * section 2.3; chapter 3, section 3.3).
 *
 * <p>This is the fast tier: inputs must be canonical (see {@link GfField#isCanonical}) and
 * are not checked. {@link GfField} is the validating tier above it. Digits are unsigned
 * 64-bit values: r may be as large as 2^64 - 1.
 *
 * <p>Canonical form (thesis section 2.3.1): either every digit is below r, or the element
 * is r^k = p - 1, stored as digit k-1 equal to r and all other digits zero.
 *
 * <p>Aliasing: unless stated otherwise an output may be the same range as an input
 * (same array, same offset). Instances are immutable and safe to share between threads;
 * a {@link Workspace} is not, give each thread its own.
 */
public final class GfArithmetic {
    private final long r;
    private final int k;
    private final UnsignedDivider byR;
    private final GfFftMultiplier fftMultiplier;
    private final int fftThreshold;

    GfArithmetic(long r, int k, int fftThreshold) {
        this.r = r;
        this.k = k;
        this.byR = new UnsignedDivider(r);
        this.fftMultiplier = new GfFftMultiplier(r, k);
        this.fftThreshold = fftThreshold;
    }

    /** The radix r (unsigned). */
    public long radix() {
        return r;
    }

    /** The number of digits k. */
    public int digits() {
        return k;
    }

    /** Scratch space for the general multiplications; one per thread. */
    public static final class Workspace {
        final long[] coefficients; // 3 words (two's complement) per coefficient of f_x f_y
        final long[] scratch;      // temporary element for aliased shifts
        final long[] carry = new long[3];
        final GfFftMultiplier.Buffers fft;

        Workspace(int k, GfFftMultiplier m) {
            this.coefficients = new long[3 * k];
            this.scratch = new long[k];
            this.fft = m.newBuffers();
        }
    }

    /** A new workspace for {@link #mul}, {@link #mulPlain} and {@link #mulFft}. */
    public Workspace newWorkspace() {
        return new Workspace(k, fftMultiplier);
    }

    // ------------------------------------------------------------------ small helpers

    private boolean isSpecial(long[] x, int xo) {
        return x[xo + k - 1] == r;
    }

    /** Whether the canonical element at x[xo..] is zero. O(k). */
    public boolean isZero(long[] x, int xo) {
        for (int i = 0; i < k; i++) {
            if (x[xo + i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** z = 0. */
    public void setZero(long[] z, int zo) {
        java.util.Arrays.fill(z, zo, zo + k, 0L);
    }

    /** z = 1. */
    public void setOne(long[] z, int zo) {
        setZero(z, zo);
        z[zo] = 1;
    }

    /** z = x (a plain copy of k digits). */
    public void copy(long[] x, int xo, long[] z, int zo) {
        System.arraycopy(x, xo, z, zo, k);
    }

    /** z = z + 1 in place. */
    void increment(long[] z, int zo) {
        if (isSpecial(z, zo)) { // r^k + 1 = p = 0
            z[zo + k - 1] = 0;
            return;
        }
        long top = r - 1;
        for (int i = 0; i < k; i++) {
            if (z[zo + i] != top) {
                z[zo + i]++;
                return;
            }
            z[zo + i] = 0;
        }
        z[zo + k - 1] = r; // all digits were r - 1: the value is now r^k
    }

    /** z = z - 1 in place. */
    void decrement(long[] z, int zo) {
        if (isSpecial(z, zo)) { // r^k - 1: every digit r - 1
            java.util.Arrays.fill(z, zo, zo + k, r - 1);
            return;
        }
        for (int i = 0; i < k; i++) {
            if (z[zo + i] != 0) {
                z[zo + i]--;
                return;
            }
            z[zo + i] = r - 1;
        }
        // the value was 0: 0 - 1 = p - 1 = r^k
        setZero(z, zo);
        z[zo + k - 1] = r;
    }

    // ------------------------------------------------------------------ addition

    /**
     * z = x + y (thesis Algorithm 2): digit-wise sum with carries in radix r; a carry out of
     * the top digit stands for r^k = -1 and is folded back by subtracting one. O(k).
     */
    public void add(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        if (isSpecial(x, xo)) { // -1 + y
            copy(y, yo, z, zo);
            decrement(z, zo);
            return;
        }
        if (isSpecial(y, yo)) {
            copy(x, xo, z, zo);
            decrement(z, zo);
            return;
        }
        long carry = 0;
        for (int i = 0; i < k; i++) {
            // Branch-free (the digit comparisons are unpredictable): t = a + b + carry as a
            // 65-bit value (over, t); a + b + carry <= 2r - 1, so subtracting r once normalizes.
            long a = x[xo + i];
            long b = y[yo + i];
            long t = a + b + carry;
            long over = ((a & b) | ((a | b) & ~t)) >>> 63;
            long d = t - r;
            long below = ((~t & r) | (~(t ^ r) & d)) >>> 63; // borrow of t - r
            long reduce = over | (below ^ 1);
            z[zo + i] = t - (r & -reduce);
            carry = reduce;
        }
        if (carry != 0) { // z + r^k = z - 1
            decrement(z, zo);
        }
    }

    /** z = x - y: digit-wise difference with borrows; a borrow out of the top adds one. O(k). */
    public void sub(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        if (isSpecial(y, yo)) { // x - (-1)
            copy(x, xo, z, zo);
            increment(z, zo);
            return;
        }
        if (isSpecial(x, xo)) { // r^k - y = ((r^k - 1) - y) + 1: complement every digit, no borrow
            for (int i = 0; i < k; i++) {
                z[zo + i] = r - 1 - y[yo + i];
            }
            increment(z, zo);
            return;
        }
        long borrow = 0;
        for (int i = 0; i < k; i++) {
            long a = x[xo + i];
            long b = y[yo + i];
            long d = a - b - borrow;
            borrow = ((~a & b) | (~(a ^ b) & d)) >>> 63; // borrow out of a - b - borrow
            z[zo + i] = d + (r & -borrow);
        }
        if (borrow != 0) { // z - r^k = z + 1
            increment(z, zo);
        }
    }

    /** z = -x. O(k). */
    public void neg(long[] x, int xo, long[] z, int zo) {
        if (isZero(x, xo)) {
            setZero(z, zo);
            return;
        }
        if (isSpecial(x, xo)) {
            setOne(z, zo);
            return;
        }
        // p - x = (r^k - 1 - x) + 2, and r^k - 1 - x is the digit-wise complement.
        for (int i = 0; i < k; i++) {
            z[zo + i] = r - 1 - x[xo + i];
        }
        increment(z, zo);
        increment(z, zo);
    }

    // ------------------------------------------------------------------ multiplication by r^i

    /**
     * z = x * r^i for any integer i (taken modulo 2k, since r has order 2k), by a cyclic shift
     * of the digits with negation of the wrapped part (thesis section 2.3.4). O(k), no
     * multiplication. z must not partially overlap x; z == x at the same offset is allowed
     * when a workspace is given (it holds the copy), else use distinct ranges.
     */
    public void mulPowR(long[] x, int xo, int i, long[] z, int zo, Workspace ws) {
        if (x == z && Math.abs(xo - zo) < k) {
            long[] tmp = ws != null ? ws.scratch : new long[k];
            System.arraycopy(x, xo, tmp, 0, k);
            mulPowRDistinct(tmp, 0, i, z, zo);
        } else {
            mulPowRDistinct(x, xo, i, z, zo);
        }
    }

    /** z = x * r^i; convenience form of {@link #mulPowR(long[], int, int, long[], int, Workspace)}. */
    public void mulPowR(long[] x, int xo, int i, long[] z, int zo) {
        mulPowR(x, xo, i, z, zo, null);
    }

    private void mulPowRDistinct(long[] x, int xo, int i, long[] z, int zo) {
        int twoK = 2 * k;
        i = Math.floorMod(i, twoK);
        boolean negate = i >= k; // r^(k+i) = -r^i
        if (negate) {
            i -= k;
        }
        if (isSpecial(x, xo)) { // (-1) * r^i
            setZero(z, zo);
            z[zo + i] = 1;
            if (!negate) {
                neg(z, zo, z, zo);
            }
            return;
        }
        // x * r^i = A - B with A = digits shifted up by i, B = the i top digits wrapped to
        // the bottom (because r^k = -1). When negating we compute B - A instead.
        long borrow = 0;
        for (int h = 0; h < i; h++) { // positions where A is 0 and B holds x[h + k - i]
            long b = x[xo + h + k - i];
            long d;
            if (negate) { // b - borrow
                d = b - borrow;
                if (b == 0 && borrow != 0) {
                    d += r;
                    borrow = 1;
                } else {
                    borrow = 0;
                }
            } else { // 0 - b - borrow
                d = -b - borrow;
                if (b != 0 || borrow != 0) {
                    d += r;
                    borrow = 1;
                }
            }
            z[zo + h] = d;
        }
        for (int h = i; h < k; h++) { // positions where A holds x[h - i] and B is 0
            long a = x[xo + h - i];
            long d;
            if (negate) { // 0 - a - borrow
                d = -a - borrow;
                if (a != 0 || borrow != 0) {
                    d += r;
                    borrow = 1;
                } else {
                    borrow = 0;
                }
            } else { // a - borrow
                d = a - borrow;
                if (a == 0 && borrow != 0) {
                    d += r;
                    borrow = 1;
                } else {
                    borrow = 0;
                }
            }
            z[zo + h] = d;
        }
        if (borrow != 0) { // result - r^k = result + 1
            increment(z, zo);
        }
    }

    // ------------------------------------------------------------------ general multiplication

    /**
     * z = x * y, by {@link #mulPlain} below the field's FFT threshold on k and by
     * {@link #mulFft} at and above it (see {@link GfField#fftThreshold()}).
     */
    public void mul(long[] x, int xo, long[] y, int yo, long[] z, int zo, Workspace ws) {
        if (usesFft()) {
            mulFft(x, xo, y, yo, z, zo, ws);
        } else {
            mulPlain(x, xo, y, yo, z, zo, ws);
        }
    }

    /** k at and above which {@link #mul} uses the FFT-based method (fixed when the field is built). */
    public int fftThreshold() {
        return fftThreshold;
    }

    /** Whether {@link #mul} takes the FFT-based method for this k (so that {@link #prepare} pays). */
    public boolean usesFft() {
        return k >= fftThreshold;
    }

    /** z = x * y with a fresh workspace (allocates; loops should pass one). */
    public void mul(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        mul(x, xo, y, yo, z, zo, newWorkspace());
    }

    /** Handles the special operand r^k = -1; returns true when the product was written. */
    private boolean mulSpecial(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        if (isSpecial(x, xo)) {
            neg(y, yo, z, zo);
            return true;
        }
        if (isSpecial(y, yo)) {
            neg(x, xo, z, zo);
            return true;
        }
        return false;
    }

    /**
     * z = x * y by the plain method (thesis Algorithm 3): the negacyclic product
     * f_x f_y mod (T^k + 1) over Z with exact 3-word coefficients, then one carry pass in
     * radix r folding r^k = -1. O(k^2) word multiplications.
     */
    public void mulPlain(long[] x, int xo, long[] y, int yo, long[] z, int zo, Workspace ws) {
        if (mulSpecial(x, xo, y, yo, z, zo)) {
            return;
        }
        long[] u = ws.coefficients;
        for (int i = 0; i < k; i++) {
            // u_i = sum_{j <= i} x_j y_{i-j} - sum_{j > i} x_j y_{i-j+k}; |u_i| < k r^2 < 2^135.
            long p0 = 0, p1 = 0, p2 = 0;
            for (int j = 0; j <= i; j++) {
                long a = x[xo + j];
                long b = y[yo + i - j];
                long lo = a * b;
                long hi = UnsignedDivider.unsignedMultiplyHigh(a, b);
                p0 += lo;
                hi += Long.compareUnsigned(p0, lo) < 0 ? 1 : 0; // hi <= 2^64 - 2: no overflow
                p1 += hi;
                p2 += Long.compareUnsigned(p1, hi) < 0 ? 1 : 0;
            }
            long n0 = 0, n1 = 0, n2 = 0;
            for (int j = i + 1; j < k; j++) {
                long a = x[xo + j];
                long b = y[yo + i - j + k];
                long lo = a * b;
                long hi = UnsignedDivider.unsignedMultiplyHigh(a, b);
                n0 += lo;
                hi += Long.compareUnsigned(n0, lo) < 0 ? 1 : 0;
                n1 += hi;
                n2 += Long.compareUnsigned(n1, hi) < 0 ? 1 : 0;
            }
            // u_i = p - n as a two's complement 3-word integer
            long d0 = p0 - n0;
            long b0 = Long.compareUnsigned(p0, n0) < 0 ? 1 : 0;
            long d1 = p1 - n1 - b0;
            long b1 = (Long.compareUnsigned(p1, n1) < 0 || (p1 == n1 && b0 != 0)) ? 1 : 0;
            u[3 * i] = d0;
            u[3 * i + 1] = d1;
            u[3 * i + 2] = p2 - n2 - b1;
        }
        fromCoefficients(ws, z, zo);
    }

    /** z = x * y; allocates a workspace. */
    public void mulPlain(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        mulPlain(x, xo, y, yo, z, zo, newWorkspace());
    }

    /**
     * z = x * y by the FFT-based method (thesis Algorithm 4): negacyclic convolutions of the
     * digit vectors modulo two or three word-size NTT primes (as many as the bound
     * 2 k (r-1)^2 needs), CRT to exact signed coefficients, then the same radix-r carry pass
     * as {@link #mulPlain}. O(k log k) word multiplications per prime.
     */
    public void mulFft(long[] x, int xo, long[] y, int yo, long[] z, int zo, Workspace ws) {
        if (mulSpecial(x, xo, y, yo, z, zo)) {
            return;
        }
        fftMultiplier.negacyclicProduct(x, xo, y, yo, ws.coefficients, ws.fft);
        fromCoefficients(ws, z, zo);
    }

    /** z = x * y; allocates a workspace. */
    public void mulFft(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        mulFft(x, xo, y, yo, z, zo, newWorkspace());
    }

    /**
     * Length in words of the prepared form of a fixed multiplier for {@link #mulPrepared}:
     * its transforms modulo each CRT prime ({@link #fftPrimeCount()} k words).
     */
    public int preparedLength() {
        return fftMultiplier.preparedLength();
    }

    /**
     * Writes the prepared form of the fixed multiplier y to dst[dstOff .. dstOff +
     * preparedLength()): precomputation for FFT twiddles, which are multiplied many times.
     */
    public void prepare(long[] y, int yo, long[] dst, int dstOff) {
        fftMultiplier.prepare(y, yo, dst, dstOff);
    }

    /**
     * z = x * y by the FFT-based method, with y's transforms taken from its prepared form
     * yHat (see {@link #prepare}); two transforms per prime instead of three. Same result as
     * {@link #mulFft}.
     */
    public void mulPrepared(long[] x, int xo, long[] y, int yo, long[] yHat, int yHatOff, long[] z, int zo,
                            Workspace ws) {
        if (mulSpecial(x, xo, y, yo, z, zo)) {
            return;
        }
        fftMultiplier.negacyclicProductPrepared(x, xo, yHat, yHatOff, ws.coefficients, ws.fft);
        fromCoefficients(ws, z, zo);
    }

    /** The number of word-size primes {@link #mulFft} uses for this field (2 or 3). */
    public int fftPrimeCount() {
        return fftMultiplier.primeCount();
    }

    // ------------------------------------------------------------------ carry normalization

    /**
     * z = sum_i u_i r^i mod p, where ws.coefficients holds k signed coefficients u_i as 3-word
     * two's complement integers (|u_i| < 2^190). One pass of floor division by r carries
     * from digit to digit; the carry out of the top digit is multiplied by r^k = -1 and
     * folded back in, which shrinks it by a factor r^k each round until only +-1 is left.
     * This merges the (l, h, c) split, the shifts and the additions of Algorithm 4 into one
     * O(k) pass. Overwrites ws.coefficients.
     */
    void fromCoefficients(Workspace ws, long[] z, int zo) {
        long[] u = ws.coefficients;
        long[] carry = ws.carry;
        carryPass(u, z, zo, carry);
        while (true) {
            long c0 = carry[0], c1 = carry[1], c2 = carry[2];
            if ((c0 | c1 | c2) == 0) {
                return;
            }
            if (c0 == 1 && c1 == 0 && c2 == 0) { // z + r^k = z - 1 (may reach the value r^k)
                decrement(z, zo);
                return;
            }
            if (c0 == -1 && c1 == -1 && c2 == -1) { // z - r^k = z + 1
                increment(z, zo);
                return;
            }
            // |carry| >= 2 happens only when r^k is small next to k r (a tiny radix).
            // New coefficients: the digits of z, plus -carry at position 0.
            long m0 = -c0;
            long m1 = ~c1 + (c0 == 0 ? 1 : 0);
            long m2 = ~c2 + ((c0 == 0 && c1 == 0) ? 1 : 0);
            long d = z[zo];
            long s0 = d + m0;
            long cy = Long.compareUnsigned(s0, d) < 0 ? 1 : 0;
            long s1 = m1 + cy;
            u[0] = s0;
            u[1] = s1;
            u[2] = m2 + ((s1 == 0 && cy != 0) ? 1 : 0);
            for (int i = 1; i < k; i++) {
                u[3 * i] = z[zo + i];
                u[3 * i + 1] = 0;
                u[3 * i + 2] = 0;
            }
            carryPass(u, z, zo, carry);
        }
    }

    /**
     * Writes the k low radix-r digits of sum_i u_i r^i to z and the (signed, 3-word) carry out
     * of the top digit to carry[0..2].
     */
    private void carryPass(long[] u, long[] z, int zo, long[] carry) {
        long c0 = 0, c1 = 0, c2 = 0; // signed carry, two's complement
        for (int i = 0; i < k; i++) {
            // t = u_i + carry (3 words)
            long t0 = u[3 * i] + c0;
            long k0 = Long.compareUnsigned(t0, c0) < 0 ? 1 : 0;
            long s1 = u[3 * i + 1] + c1;
            long k1 = Long.compareUnsigned(s1, c1) < 0 ? 1 : 0;
            long t1 = s1 + k0;
            k1 += (t1 == 0 && k0 != 0) ? 1 : 0; // s1 overflowed means s1 <= 2^64 - 2: not both
            long t2 = u[3 * i + 2] + c2 + k1;
            // digit = t mod r in [0, r), carry = floor(t / r)
            boolean negative = t2 < 0;
            long w0 = t0, w1 = t1, w2 = t2;
            if (negative) { // |t| = ~t + 1
                w0 = -t0;
                w1 = ~t1 + (t0 == 0 ? 1 : 0);
                w2 = ~t2 + ((t0 == 0 && t1 == 0) ? 1 : 0);
            }
            long q2 = Long.compareUnsigned(w2, r) < 0 ? 0 : Long.divideUnsigned(w2, r);
            long rem = w2 - q2 * r;
            long q1 = byR.quotient(rem, w1);
            rem = w1 - q1 * r;
            long q0 = byR.quotient(rem, w0);
            rem = w0 - q0 * r;
            if (negative) { // floor(-m / r) = -(q + 1) and digit r - rem when r does not divide m
                if (rem != 0) {
                    rem = r - rem;
                    q0++;
                    if (q0 == 0) {
                        q1++;
                        if (q1 == 0) {
                            q2++;
                        }
                    }
                }
                c0 = -q0;
                c1 = ~q1 + (q0 == 0 ? 1 : 0);
                c2 = ~q2 + ((q0 == 0 && q1 == 0) ? 1 : 0);
            } else {
                c0 = q0;
                c1 = q1;
                c2 = q2;
            }
            z[zo + i] = rem;
        }
        carry[0] = c0;
        carry[1] = c1;
        carry[2] = c2;
    }
}
