package org.modalg.modular.bivariate;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.CrtBasis;
import org.modalg.modular.kernel.ZpLu;

/**
 * The bivariate gcd's incremental CRT of a vector of residues modulo primes below 2^26 added one
 * at a time, kept in words: for each entry the mixed-radix digits (Garner) of w = s + H, s the
 * symmetric lift in (-M/2, M/2] and H = (M - 1) / 2 (M the odd product of the primes so far).
 * With H's own digits ((p_0 - 1) / 2, (p_1 - 1) / 2, ...), adding a prime p_k leaves s unchanged
 * exactly when the entry's new digit is (p_k - 1) / 2; so "did the lift change" and "is every
 * value well below the modulus" ({@link #settled}) need no BigInteger. The lift itself, when a
 * candidate is wanted, is {@link CrtBasis#toBigIntegers} of the stored residues (the project's
 * Garner and conversion).
 *
 * <p>Cost per prime: k + 1 word products, one remainder and one product by a double reciprocal per entry (k primes so far), against
 * a BigInteger remainder, product and sum per entry of {@code CrtAccumulator.add} (17-21% of the
 * gcd at d = 20-40 before). Preconditions (distinct odd primes below 2^26, residues in [0, p))
 * are the caller's; stated, not checked.
 */
final class MixedRadixLift {
    private final int n;
    private long[] primes = new long[4];
    private long[][] residues = new long[4][];
    private long[][] digits = new long[4][];
    private int count;
    private boolean settled;
    private BigInteger modulus = BigInteger.ONE;

    /** An empty lift of n entries (modulus 1, every value 0). */
    MixedRadixLift(int n) {
        this.n = n;
    }

    /** The number of primes added. */
    int count() {
        return count;
    }

    /** The product of the primes added. */
    BigInteger modulus() {
        return modulus;
    }

    /**
     * Whether, after the last {@link #add}, every value's top digit is within p 2^-slack of the
     * middle digit (p - 1) / 2, that is every |s| below about M 2^-slack: the lift looks final
     * before another prime confirms it (a lift still missing primes has values spread over the
     * whole range). A heuristic for when to try a candidate; never a proof.
     */
    boolean settled() {
        return settled;
    }

    /**
     * Adds the residues r[i] in [0, p) of the entries modulo the odd prime p &lt; 2^26 (coprime to
     * the primes so far). Returns whether any symmetric value changed. The top digits are compared
     * with (p - 1) / 2 within p &gt;&gt; slack for {@link #settled}.
     */
    boolean add(long p, long[] r, int slack) {
        if (count == primes.length) {
            primes = Arrays.copyOf(primes, 2 * count);
            residues = Arrays.copyOf(residues, 2 * count);
            digits = Arrays.copyOf(digits, 2 * count);
        }
        int k = count;
        // m[i] = M_i mod p (M_i = p_0 ... p_{i-1}), hk = H_{k+1} mod p, inv = 1 / M_k mod p
        long[] m = new long[k + 1];
        m[0] = 1;
        long hk = 0;
        for (int i = 0; i < k; i++) {
            hk = (hk + m[i] * ((primes[i] - 1) / 2)) % p;
            m[i + 1] = m[i] * (primes[i] % p) % p;
        }
        long half = (p - 1) / 2;
        hk = (hk + m[k] * half) % p;
        long inv = ZpLu.inverse(m[k], p);
        long band = p >> slack;
        double pInv = 1.0 / p;
        long[] t = new long[n];
        boolean changed = false;
        boolean near = true;
        for (int e = 0; e < n; e++) {
            long w = 0; // w mod p from the digits: products below 2^52, k of them summed
            for (int i = 0; i < k; i++) {
                w += digits[i][e] * m[i];
                if ((i & 1023) == 1023) {
                    w %= p;
                }
            }
            w %= p;
            long x = r[e] + hk - w; // in (-p, 2p)
            x += (x >> 63) & p;
            x -= x >= p ? p : 0;
            long te = BivariateKernels.mulmod(x, inv, p, pInv);
            t[e] = te;
            changed |= te != half;
            near &= Math.abs(te - half) <= band;
        }
        primes[k] = p;
        residues[k] = r.clone();
        digits[k] = t;
        count++;
        modulus = modulus.multiply(BigInteger.valueOf(p));
        settled = near;
        return changed;
    }

    /**
     * The largest modulus bit length for which {@link #symmetricLongs} works in words: M &lt; 2^62,
     * so every mixed-radix sum and |s| &lt;= M / 2 fits a long with room for a sign.
     */
    static final int LONG_MODULUS_BITS = 62;

    /**
     * The symmetric lift of every entry in (-M/2, M/2] as longs, from the Garner digits (the
     * mixed-radix sum d_0 + d_1 p_0 + ... + d_{k-1} p_0 ... p_{k-2} - (M - 1) / 2, O(k) word
     * products per entry, no BigInteger); null when M has more than {@value #LONG_MODULUS_BITS}
     * bits.
     */
    long[] symmetricLongs() {
        if (modulus.bitLength() > LONG_MODULUS_BITS) {
            return null;
        }
        long[] s = new long[n];
        if (count == 0) {
            return s;
        }
        long half = modulus.longValue() / 2; // (M - 1) / 2, M odd
        long[] radix = new long[count]; // p_0 ... p_{i-1}
        radix[0] = 1;
        for (int i = 1; i < count; i++) {
            radix[i] = radix[i - 1] * primes[i - 1];
        }
        for (int e = 0; e < n; e++) {
            long w = 0;
            for (int i = 0; i < count; i++) {
                w += digits[i][e] * radix[i];
            }
            s[e] = w - half;
        }
        return s;
    }

    /**
     * The symmetric lift of every entry, in (-M/2, M/2]: from {@link #symmetricLongs} while M has
     * at most {@value #LONG_MODULUS_BITS} bits, else {@link CrtBasis#toBigIntegers}.
     */
    BigInteger[] symmetric() {
        long[] small = symmetricLongs();
        if (small != null) {
            BigInteger[] z = new BigInteger[n];
            for (int e = 0; e < n; e++) {
                z[e] = BigInteger.valueOf(small[e]);
            }
            return z;
        }
        long[] all = new long[count * n];
        for (int j = 0; j < count; j++) {
            System.arraycopy(residues[j], 0, all, j * n, n);
        }
        return GcdPrimes.basis(Arrays.copyOf(primes, count)).toBigIntegers(all, n, true);
    }
}
