package org.modalg.fields;

import java.math.BigInteger;

/**
 * The convolution and CRT steps of the FFT-based multiplication in a generalized Fermat
 * field (thesis Algorithm 4, section 3.3): the negacyclic product f_x f_y mod (T^k + 1) of
 * two digit vectors, computed modulo s word-size NTT primes and recombined by Garner's CRT
 * into exact signed 3-word coefficients.
 *
 * <p>Per prime: twist by powers of a primitive 2k-th root theta (Shoup multiplication,
 * which also reduces the unreduced 64-bit digits), forward decimation-in-frequency NTT of
 * length k (output in bit-reversed order), pointwise Montgomery products, inverse
 * decimation-in-time NTT (bit-reversed input), untwist by theta^-i / k (times 2^64 to undo
 * the Montgomery factor). No bit-reversal permutation is ever done.
 *
 * <p>Prime count: the coefficients satisfy |u_i| <= k (r-1)^2, so s primes suffice when
 * their product exceeds 2 k (r-1)^2 (symmetric range). s = 2 for the thesis Table 3.1 radixes
 * (r < 2^60), s = 3 for the Table 2.1 radixes close to 2^64.
 *
 * <p>Its Garner step is its own, not the fft module's {@code CrtBasis}: this module sits below fft,
 * and the two- and three-prime step here is fused into the field product's inner loop with
 * 3-word signed outputs.
 */
final class GfFftMultiplier {
    /** Primes are taken below this bound so that Montgomery and lazy sums fit in 63 bits. */
    static final long PRIME_BOUND = 1L << 62;

    private final int k;
    private final int s;
    private final long[] primes;
    private final long[] montNegInv; // -p^-1 mod 2^64
    private final long[][] twist, twistShoup;       // theta^i
    private final long[][] untwist, untwistShoup;   // theta^-i * k^-1 * 2^64 mod p
    private final long[][] fwd, fwdShoup;           // omega^j, j < k/2, omega = theta^2
    private final long[][] inv, invShoup;           // omega^-j
    // Garner constants
    private final long inv1mod2, inv1mod2Shoup;     // p1^-1 mod p2
    private final long inv1mod3, inv1mod3Shoup;     // p1^-1 mod p3
    private final long inv2mod3, inv2mod3Shoup;     // p2^-1 mod p3
    private final long[] modulusProduct;            // P = p1 p2 (p3), 3 words
    private final long[] halfProduct;               // floor(P / 2), 3 words
    private final long p12lo, p12hi;                // p1 p2

    GfFftMultiplier(long r, int k) {
        this.k = k;
        BigInteger rMinus1 = new BigInteger(Long.toUnsignedString(r)).subtract(BigInteger.ONE);
        BigInteger bound = rMinus1.multiply(rMinus1).multiply(BigInteger.valueOf(2L * k));
        int log2TwoK = Integer.numberOfTrailingZeros(2 * k);
        int order = Math.max(log2TwoK, 1);
        int count = NttPrimes.fewestAbove(bound, PRIME_BOUND, order).length;
        if (count > 3) {
            throw new IllegalArgumentException("r and k give coefficients beyond 3 word-size primes");
        }
        long[] candidates = NttPrimes.generate(3, PRIME_BOUND, order);
        this.s = Math.max(count, 2);
        this.primes = java.util.Arrays.copyOf(candidates, 3);
        this.montNegInv = new long[3];
        this.twist = new long[s][];
        this.twistShoup = new long[s][];
        this.untwist = new long[s][];
        this.untwistShoup = new long[s][];
        this.fwd = new long[s][];
        this.fwdShoup = new long[s][];
        this.inv = new long[s][];
        this.invShoup = new long[s][];
        for (int j = 0; j < s; j++) {
            precomputePrime(j);
        }
        long p1 = primes[0], p2 = primes[1], p3 = primes[2];
        inv1mod2 = modInverse(p1 % p2, p2);
        inv1mod2Shoup = shoup(inv1mod2, p2);
        inv1mod3 = modInverse(p1 % p3, p3);
        inv1mod3Shoup = shoup(inv1mod3, p3);
        inv2mod3 = modInverse(p2 % p3, p3);
        inv2mod3Shoup = shoup(inv2mod3, p3);
        p12lo = p1 * p2;
        p12hi = UnsignedDivider.unsignedMultiplyHigh(p1, p2);
        BigInteger big = BigInteger.ONE;
        for (int j = 0; j < s; j++) {
            big = big.multiply(BigInteger.valueOf(primes[j]));
        }
        modulusProduct = toWords(big);
        halfProduct = toWords(big.shiftRight(1));
    }

    int primeCount() {
        return s;
    }

    private void precomputePrime(int j) {
        long p = primes[j];
        montNegInv[j] = -inverseMod2to64(p);
        long theta = NttPrimes.primitiveRootOfUnity(p, Integer.numberOfTrailingZeros(2 * k));
        long thetaInv = modInverse(theta, p);
        long kInv = modInverse(k % p, p);
        long r64 = Long.remainderUnsigned(-1L, p) + 1; // 2^64 mod p (p < 2^62 so no wrap)
        r64 = r64 == p ? 0 : r64;
        twist[j] = new long[k];
        twistShoup[j] = new long[k];
        untwist[j] = new long[k];
        untwistShoup[j] = new long[k];
        long t = 1;
        long u = mulMod(kInv, r64, p);
        for (int i = 0; i < k; i++) {
            twist[j][i] = t;
            twistShoup[j][i] = shoup(t, p);
            untwist[j][i] = u;
            untwistShoup[j][i] = shoup(u, p);
            t = mulMod(t, theta, p);
            u = mulMod(u, thetaInv, p);
        }
        int half = Math.max(k / 2, 1);
        long omega = mulMod(theta, theta, p);
        long omegaInv = mulMod(thetaInv, thetaInv, p);
        fwd[j] = new long[half];
        fwdShoup[j] = new long[half];
        inv[j] = new long[half];
        invShoup[j] = new long[half];
        long w = 1, wi = 1;
        for (int i = 0; i < half; i++) {
            fwd[j][i] = w;
            fwdShoup[j][i] = shoup(w, p);
            inv[j][i] = wi;
            invShoup[j][i] = shoup(wi, p);
            w = mulMod(w, omega, p);
            wi = mulMod(wi, omegaInv, p);
        }
    }

    /** Scratch of one multiplication: s residue vectors and one operand buffer. */
    static final class Buffers {
        final long[][] residues;
        final long[] other;

        Buffers(int s, int k) {
            residues = new long[s][k];
            other = new long[k];
        }
    }

    Buffers newBuffers() {
        return new Buffers(s, k);
    }

    /**
     * Writes the k coefficients of f_x f_y mod (T^k + 1) over Z to out as 3-word two's
     * complement integers. Digits of x and y are unsigned 64-bit values (any, not just < r).
     */
    void negacyclicProduct(long[] x, int xo, long[] y, int yo, long[] out, Buffers b) {
        for (int j = 0; j < s; j++) {
            long[] c = b.other;
            twistForward(y, yo, c, 0, j);
            productWith(x, xo, c, 0, b.residues[j], j);
        }
        combine(out, b);
    }

    /** Length of the prepared form of a fixed multiplier: s k words. */
    int preparedLength() {
        return s * k;
    }

    /**
     * Writes the transformed images of y (one length-k NTT per prime) to dst[dstOff ..
     * dstOff + s k), so that repeated products by the fixed y skip a third of the transforms.
     */
    void prepare(long[] y, int yo, long[] dst, int dstOff) {
        for (int j = 0; j < s; j++) {
            twistForward(y, yo, dst, dstOff + j * k, j);
        }
    }

    /** As {@link #negacyclicProduct} with y given by its prepared form. */
    void negacyclicProductPrepared(long[] x, int xo, long[] yHat, int yHatOff, long[] out, Buffers b) {
        for (int j = 0; j < s; j++) {
            productWith(x, xo, yHat, yHatOff + j * k, b.residues[j], j);
        }
        combine(out, b);
    }

    private void twistForward(long[] y, int yo, long[] c, int co, int j) {
        long p = primes[j];
        long[] tw = twist[j], twS = twistShoup[j];
        for (int i = 0; i < k; i++) { // Shoup accepts any 64-bit input: reduces and twists
            c[co + i] = mulShoup(y[yo + i], tw[i], twS[i], p);
        }
        forward(c, co, j);
    }

    /** a = negacyclic product of x with the transformed operand c (residues mod prime j). */
    private void productWith(long[] x, int xo, long[] c, int co, long[] a, int j) {
        long p = primes[j];
        twistForward(x, xo, a, 0, j);
        long ninv = montNegInv[j];
        for (int i = 0; i < k; i++) {
            a[i] = montMul(a[i], c[co + i], p, ninv);
        }
        inverse(a, j);
        long[] ut = untwist[j], utS = untwistShoup[j];
        for (int i = 0; i < k; i++) {
            a[i] = mulShoup(a[i], ut[i], utS[i], p);
        }
    }

    private void combine(long[] out, Buffers b) {
        if (s == 2) {
            crt2(b.residues[0], b.residues[1], out);
        } else {
            crt3(b.residues[0], b.residues[1], b.residues[2], out);
        }
    }

    // Gentleman-Sande decimation in frequency: natural order in, bit-reversed order out.
    private void forward(long[] a, int off, int j) {
        long p = primes[j];
        long[] w = fwd[j], wS = fwdShoup[j];
        for (int len = k >> 1, stride = 1; len >= 1; len >>= 1, stride <<= 1) {
            for (int start = 0; start < k; start += 2 * len) {
                for (int i = 0; i < len; i++) {
                    long u = a[off + start + i];
                    long v = a[off + start + i + len];
                    long sum = u + v;
                    a[off + start + i] = sum >= p ? sum - p : sum;
                    a[off + start + i + len] = mulShoup(u - v + p, w[i * stride], wS[i * stride], p);
                }
            }
        }
    }

    // Cooley-Tukey decimation in time: bit-reversed order in, natural order out.
    private void inverse(long[] a, int j) {
        long p = primes[j];
        long[] w = inv[j], wS = invShoup[j];
        for (int len = 1, stride = k >> 1; len < k; len <<= 1, stride >>= 1) {
            for (int start = 0; start < k; start += 2 * len) {
                for (int i = 0; i < len; i++) {
                    long u = a[start + i];
                    long v = mulShoup(a[start + i + len], w[i * stride], wS[i * stride], p);
                    long sum = u + v;
                    a[start + i] = sum >= p ? sum - p : sum;
                    long diff = u - v;
                    a[start + i + len] = diff < 0 ? diff + p : diff;
                }
            }
        }
    }

    // Garner with two primes: U = a1 + p1 * ((a2 - a1) / p1 mod p2), then the symmetric lift.
    private void crt2(long[] a1, long[] a2, long[] out) {
        long p1 = primes[0], p2 = primes[1];
        for (int i = 0; i < k; i++) {
            long x1 = a1[i];
            long d = a2[i] - (x1 >= p2 ? x1 - p2 : x1); // primes lie within a factor 2
            if (d < 0) {
                d += p2;
            }
            long t = mulShoup(d, inv1mod2, inv1mod2Shoup, p2);
            long lo = t * p1;
            long hi = UnsignedDivider.unsignedMultiplyHigh(t, p1);
            lo += x1;
            hi += Long.compareUnsigned(lo, x1) < 0 ? 1 : 0;
            store(lo, hi, 0, out, 3 * i);
        }
    }

    // Garner with three primes: U = t1 + t2 p1 + t3 p1 p2 < p1 p2 p3 < 2^186.
    private void crt3(long[] a1, long[] a2, long[] a3, long[] out) {
        long p1 = primes[0], p2 = primes[1], p3 = primes[2];
        for (int i = 0; i < k; i++) {
            long t1 = a1[i];
            long d = a2[i] - (t1 >= p2 ? t1 - p2 : t1);
            if (d < 0) {
                d += p2;
            }
            long t2 = mulShoup(d, inv1mod2, inv1mod2Shoup, p2);
            long e = a3[i] - (t1 >= p3 ? t1 - p3 : t1);
            if (e < 0) {
                e += p3;
            }
            e = mulShoup(e, inv1mod3, inv1mod3Shoup, p3);
            e -= t2 >= p3 ? t2 - p3 : t2;
            if (e < 0) {
                e += p3;
            }
            long t3 = mulShoup(e, inv2mod3, inv2mod3Shoup, p3);
            // U = t1 + t2 * p1 + t3 * (p12hi, p12lo)
            long w0 = t2 * p1;
            long w1 = UnsignedDivider.unsignedMultiplyHigh(t2, p1);
            w0 += t1;
            w1 += Long.compareUnsigned(w0, t1) < 0 ? 1 : 0;
            long m0 = t3 * p12lo;
            long m1 = UnsignedDivider.unsignedMultiplyHigh(t3, p12lo);
            long n1 = t3 * p12hi;
            long m2 = UnsignedDivider.unsignedMultiplyHigh(t3, p12hi);
            m1 += n1;
            m2 += Long.compareUnsigned(m1, n1) < 0 ? 1 : 0;
            long u0 = w0 + m0;
            long c = Long.compareUnsigned(u0, m0) < 0 ? 1 : 0;
            long u1 = w1 + m1;
            long c1 = Long.compareUnsigned(u1, m1) < 0 ? 1 : 0;
            long u1c = u1 + c;
            c1 += (u1c == 0 && c != 0) ? 1 : 0;
            store(u0, u1c, m2 + c1, out, 3 * i);
        }
    }

    /** Stores U in [0, P) as the symmetric representative U or U - P, 3-word two's complement. */
    private void store(long u0, long u1, long u2, long[] out, int o) {
        long[] h = halfProduct;
        boolean above = Long.compareUnsigned(u2, h[2]) > 0
                || (u2 == h[2] && (Long.compareUnsigned(u1, h[1]) > 0
                || (u1 == h[1] && Long.compareUnsigned(u0, h[0]) > 0)));
        if (above) {
            long[] m = modulusProduct;
            long d0 = u0 - m[0];
            long b0 = Long.compareUnsigned(u0, m[0]) < 0 ? 1 : 0;
            long d1 = u1 - m[1] - b0;
            long b1 = (Long.compareUnsigned(u1, m[1]) < 0 || (u1 == m[1] && b0 != 0)) ? 1 : 0;
            u0 = d0;
            u1 = d1;
            u2 = u2 - m[2] - b1;
        }
        out[o] = u0;
        out[o + 1] = u1;
        out[o + 2] = u2;
    }

    // ------------------------------------------------------------------ word arithmetic

    /** x * w mod p for any unsigned 64-bit x, w < p, wShoup = floor(w 2^64 / p). */
    static long mulShoup(long x, long w, long wShoup, long p) {
        long q = UnsignedDivider.unsignedMultiplyHigh(x, wShoup);
        long r = x * w - q * p; // in [0, 2p): Shoup's bound
        return r >= p ? r - p : r;
    }

    private static long shoup(long w, long p) {
        return ZpField.shoupPrecompute(w, p);
    }

    /** a b 2^-64 mod p for a, b < p < 2^62 (Montgomery REDC). */
    private static long montMul(long a, long b, long p, long negInv) {
        long lo = a * b;
        long hi = Math.multiplyHigh(a, b); // a, b < 2^62: the signed high word is exact
        long m = lo * negInv;
        long t = hi + UnsignedDivider.unsignedMultiplyHigh(m, p) + (lo != 0 ? 1 : 0);
        return t >= p ? t - p : t; // t < 2p
    }

    private static long inverseMod2to64(long p) {
        long x = p; // Newton: each step doubles the correct low bits (p odd)
        for (int i = 0; i < 6; i++) {
            x *= 2 - p * x;
        }
        return x;
    }

    private static long mulMod(long a, long b, long p) {
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(BigInteger.valueOf(p)).longValue();
    }

    private static long modInverse(long a, long p) {
        return BigInteger.valueOf(a).modInverse(BigInteger.valueOf(p)).longValue();
    }

    private static long[] toWords(BigInteger v) {
        long[] w = new long[3];
        for (int i = 0; i < 3; i++) {
            w[i] = v.shiftRight(64 * i).longValue();
        }
        return w;
    }
}
