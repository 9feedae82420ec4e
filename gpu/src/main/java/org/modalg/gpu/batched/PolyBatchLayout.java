package org.modalg.gpu.batched;

import java.math.BigInteger;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.BigIntegerWords;
import org.modalg.fields.NttPrimes;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.zz.PolyMulZZ;

/**
 * The host side of {@code polybatch.cu} (its contract is the kernel file's header): the group
 * parameters of a product (transform length, primes, widths), the packing of operands into two's
 * complement limbs and of the CRT constants into 32-bit words, the reading of the output words
 * back into BigIntegers, and a Java twin of the two kernels on the same arrays (the oracle of the
 * host side without a device: the convolution by the schoolbook modulo each prime, Garner's
 * chained digits and the mixed-radix Horner step as the kernel does them).
 *
 * <p>Primes: {@link CrtBasis#fewestAbove(int, long, int)} below 2^31 with 2^13 | p - 1, so one
 * twiddle table of 2^13 points per prime serves every transform length and the bases of all
 * groups are prefixes of one sequence (the device tables of the largest basis serve the smaller).
 */
final class PolyBatchLayout {
    /** log2 of the longest transform: 2^13 points, 64 KiB of shared memory for the two operands. */
    static final int LG_MAX = 13;

    /** The most product coefficients (aLen + bLen - 1) the kernel takes: 2^13. */
    static final int MAX_LENGTH = 1 << LG_MAX;

    /** The most primes of a group: the kernel's PB_MAX_PRIMES (bounds up to about 7900 bits). */
    static final int MAX_PRIMES = 256;

    /** The exclusive bound on the primes: 2^31 (sums of two residues fit a 32-bit word). */
    static final long PRIME_BOUND = 1L << 31;

    private PolyBatchLayout() {
    }

    /**
     * Bits b with 2^b &gt; 2 max |c_k| for c = a b, |a_i| &lt; 2^bitsA, |b_j| &lt; 2^bitsB: the
     * unsigned bound of {@link PolyMulZZ#productBoundBits} plus the sign.
     */
    static int signedBoundBits(int bitsA, int bitsB, int aLen, int bLen) {
        return PolyMulZZ.productBoundBits(bitsA, bitsB, aLen, bLen) + 1;
    }

    /** log2 of the transform length of a product of n coefficients: max(1, ceil(log2 n)). */
    static int lgLength(int n) {
        return Math.max(1, PolyMulZZ.ceilLog2(n));
    }

    /**
     * The primes of a bound: the fewest below 2^31 with product above 2^bits, or null when more
     * than {@link #MAX_PRIMES} would be needed (each prime is above 2^30.9).
     */
    static CrtBasis basis(int bits) {
        if (bits > 30 * MAX_PRIMES) {
            return null;
        }
        CrtBasis b = CrtBasis.fewestAbove(bits, PRIME_BOUND, LG_MAX);
        return b.size() <= MAX_PRIMES ? b : null;
    }

    /** Limbs of a two's complement coefficient of magnitude below 2^bits: bits / 64 + 1. */
    static int limbs(int bits) {
        return bits / 64 + 1;
    }

    /** Output words Q of a basis: floor(bitLength(M) / 32) + 1, so that M &lt; 2^(32 Q - 1). */
    static int outputWords(CrtBasis b) {
        return b.modulus().bitLength() / 32 + 1;
    }

    /** x into dst[off, off + w) as w limbs of two's complement (the caller checked the width). */
    static void writeTwos(BigInteger x, long[] dst, int off, int w) {
        Limbs.write(x.abs(), dst, off, w);
        if (x.signum() < 0) {
            long carry = 1;
            for (int l = 0; l < w; l++) {
                long v = ~dst[off + l] + carry;
                carry = carry != 0 && v == 0 ? 1 : 0;
                dst[off + l] = v;
            }
        }
    }

    /** The primes as kernel words (each below 2^31). */
    static int[] primes(CrtBasis b) {
        int[] p = new int[b.size()];
        for (int j = 0; j < p.length; j++) {
            p[j] = (int) b.prime(j);
        }
        return p;
    }

    /** Primitive 2^13-th roots of unity of the primes (pb_tables' roots). */
    static int[] roots(CrtBasis b) {
        int[] r = new int[b.size()];
        for (int j = 0; j < r.length; j++) {
            r[j] = (int) NttPrimes.primitiveRootOfUnity(b.prime(j), LG_MAX);
        }
        return r;
    }

    /** Shoup's quotient floor(w 2^32 / p) for w &lt; p &lt; 2^31. */
    static int quotient(long w, long p) {
        return (int) ((w << 32) / p);
    }

    /** ginv of pb_garner: 2 s^2 words, [2 (j s + m)] = p_j^-1 mod p_m and its quotient (m &gt; j). */
    static int[] garnerConstants(CrtBasis b) {
        int s = b.size();
        int[] g = new int[2 * s * s];
        for (int j = 0; j < s; j++) {
            for (int m = j + 1; m < s; m++) {
                long w = b.primeInverse(j, m);
                g[2 * (j * s + m)] = (int) w;
                g[2 * (j * s + m) + 1] = quotient(w, b.prime(m));
            }
        }
        return g;
    }

    /**
     * pref of pb_garner_rows: s q words, the prefix products P_j = p_0 .. p_(j-1) (P_0 = 1), q
     * words each.
     */
    static int[] prefixProducts(CrtBasis b, int q) {
        int s = b.size();
        int[] r = new int[s * q];
        BigInteger p = BigInteger.ONE;
        for (int j = 0; j < s; j++) {
            System.arraycopy(words(p, q), 0, r, j * q, q);
            p = p.multiply(BigInteger.valueOf(b.prime(j)));
        }
        return r;
    }

    /** hdig of pb_garner_rows: the mixed-radix digits of (M - 1) / 2 in the basis (s words). */
    static int[] halfDigits(CrtBasis b) {
        BigInteger h = b.modulus().shiftRight(1);
        int[] d = new int[b.size()];
        for (int j = 0; j < d.length; j++) {
            BigInteger[] qr = h.divideAndRemainder(BigInteger.valueOf(b.prime(j)));
            d[j] = qr[1].intValue();
            h = qr[0];
        }
        return d;
    }

    /** x as q little-endian 32-bit words (x &gt;= 0, below 2^(32 q)). */
    static int[] words(BigInteger x, int q) {
        int[] w = new int[q];
        for (int i = 0; i < q; i++) {
            w[i] = x.shiftRight(32 * i).intValue();
        }
        return w;
    }

    /** 32-bit words as 64-bit device words (word 2t in the low half of t), padded with a zero word. */
    static long[] pairs(int[] x) {
        long[] r = new long[(x.length + 1) / 2];
        for (int t = 0; t < x.length; t++) {
            r[t >> 1] |= (x[t] & 0xFFFFFFFFL) << (32 * (t & 1));
        }
        return r;
    }

    /** 32-bit word t of words packed in pairs. */
    static int word(long[] pairs, long t) {
        long v = pairs[(int) (t >>> 1)];
        return (t & 1) == 0 ? (int) v : (int) (v >>> 32);
    }

    /**
     * Coefficient k of product i of an output (pb_garner's layout: word w at (i q + w) L + k, a
     * two's complement q-word integer), as a BigInteger.
     */
    static BigInteger coefficient(long[] out, int i, int q, int lgL, int k) {
        long base = ((long) i * q << lgL) + k;
        long stride = 1L << lgL;
        int top = word(out, base + (q - 1) * stride);
        int ext = top >> 31; // 0 or -1
        boolean small = q < 2 || (word(out, base + stride) >> 31) == ext;
        for (int w = 2; small && w < q; w++) {
            small = word(out, base + w * stride) == ext;
        }
        if (small) { // the value fits a long
            long lo = word(out, base) & 0xFFFFFFFFL;
            long hi = q < 2 ? ext : word(out, base + stride);
            return BigInteger.valueOf(hi << 32 | lo);
        }
        long[] mag = new long[(q + 1) / 2];
        long carry = ext != 0 ? 1 : 0;
        for (int w = 0; w < q; w++) {
            long v = word(out, base + w * stride) & 0xFFFFFFFFL;
            if (ext != 0) {
                v = (~v & 0xFFFFFFFFL) + carry;
                carry = v >>> 32;
                v &= 0xFFFFFFFFL;
            }
            mag[w >> 1] |= v << (32 * (w & 1));
        }
        return BigIntegerWords.valueOf(mag, mag.length, ext != 0 ? -1 : 1);
    }

    // ------------------------------------------------------------------ the kernels' Java twin

    /** Coefficient of w limbs (two's complement) at x[off..] modulo p, as pb_reduce_coeff. */
    static long reduce(long[] x, int off, int w, long p) {
        long r = 0;
        for (int l = w - 1; l >= 0; l--) {
            long limb = x[off + l];
            r = ((r << 32) | (limb >>> 32)) % p;
            r = ((r << 32) | (limb & 0xFFFFFFFFL)) % p;
        }
        if (x[off + w - 1] < 0) {
            long t = 1;
            for (int l = 0; l < 2 * w; l++) {
                t = (t << 32) % p;
            }
            r = (r + p - t) % p;
        }
        return r;
    }

    /** pb_conv's contract on the host: res[(i s + j) L + k] = c_i[k] mod p_j (schoolbook). */
    static int[] convTwin(long[] a, long[] b, long[] desc, int[] primes, int lgL, int s, int wa, int wb, int n) {
        int len = 1 << lgL;
        int[] res = new int[n * s * len];
        for (int i = 0; i < n; i++) {
            int aOff = (int) desc[4 * i];
            int bOff = (int) desc[4 * i + 1];
            int al = (int) desc[4 * i + 2];
            int bl = (int) desc[4 * i + 3];
            for (int j = 0; j < s; j++) {
                long p = primes[j];
                long[] ra = new long[al];
                long[] rb = new long[bl];
                for (int k = 0; k < al; k++) {
                    ra[k] = reduce(a, aOff + k * wa, wa, p);
                }
                for (int k = 0; k < bl; k++) {
                    rb[k] = reduce(b, bOff + k * wb, wb, p);
                }
                int base = (i * s + j) * len;
                for (int x = 0; x < al; x++) {
                    for (int y = 0; y < bl; y++) {
                        res[base + x + y] = (int) ((res[base + x + y] + ra[x] * rb[y] % p) % p);
                    }
                }
            }
        }
        return res;
    }

    /** pb_garner_rows on the host, step for step (out words as the kernel writes them, in pairs). */
    static long[] garnerTwin(int[] res, long[] desc, int[] primes, int[] ginv, int[] pref, int[] hdig, int[] m,
            int lgL, int s, int q, int n) {
        int len = 1 << lgL;
        int[] out = new int[n * q * len];
        long[] v = new long[s];
        for (int i = 0; i < n; i++) {
            int outLen = (int) (desc[4 * i + 2] + desc[4 * i + 3] - 1);
            for (int k = 0; k < outLen; k++) {
                v[0] = res[i * s * len + k] & 0xFFFFFFFFL;
                for (int t = 1; t < s; t++) {
                    long pm = primes[t];
                    long acc = res[(i * s + t) * len + k] & 0xFFFFFFFFL;
                    for (int j = 0; j < t; j++) {
                        long d = (acc + pm - v[j] % pm) % pm;
                        acc = d * (ginv[2 * (j * s + t)] & 0xFFFFFFFFL) % pm;
                    }
                    v[t] = acc;
                }
                boolean neg = false;
                for (int j = s - 1; j >= 0; j--) {
                    long h = hdig[j] & 0xFFFFFFFFL;
                    if (v[j] != h) {
                        neg = v[j] > h;
                        break;
                    }
                }
                // the words of X = sum_j v_j P_j, or of X + ~M + 1: a 72-bit accumulator (lo, hi)
                long carry = neg ? 1 : 0;
                for (int w = 0; w < q; w++) {
                    long lo = carry;
                    long hi = 0;
                    for (int j = Math.min(s - 1, 32 * w / 31); j < s; j++) {
                        long t = v[j] * (pref[j * q + w] & 0xFFFFFFFFL); // < 2^63
                        lo += t;
                        hi += Long.compareUnsigned(lo, t) < 0 ? 1 : 0;
                    }
                    if (neg) {
                        long t = ~m[w] & 0xFFFFFFFFL;
                        lo += t;
                        hi += Long.compareUnsigned(lo, t) < 0 ? 1 : 0;
                    }
                    out[(i * q + w) * len + k] = (int) lo;
                    carry = (lo >>> 32) | (hi << 32);
                }
            }
        }
        return pairs(out);
    }
}
