package org.modalg.modular;

import java.math.BigInteger;
import org.modalg.fft.Certification;

/**
 * Incremental Chinese remaindering of a vector of n integers, one modulus at a time (Garner's
 * step): after moduli m_1, ..., m_t the accumulator holds, for each entry, the unique value
 * x in (-M/2, M/2] (M = m_1 ... m_t) with x = residue_j mod m_j for every j. The moduli may be
 * word-size primes ({@link #add(long, long[])}) or big ones such as generalized Fermat primes
 * ({@link #add(BigInteger, BigInteger[])}); they must be pairwise coprime (checked).
 *
 * <p>Step: with x the current symmetric value and r the new residue modulo m,
 * t = (r - x) M^-1 mod m in [0, m), x' = x + t M, then x' -= M m if x' &gt; M m / 2. The
 * symmetric value is unchanged exactly when t = 0 for every entry, which {@link #add} reports:
 * that is the stability test of early termination ({@link Certification#PROBABILISTIC}).
 *
 * <p>Cost of one word-size step: O(n L) word operations for L the limbs of M (one remainder and
 * one multiply-add per entry), so t word-size primes cost O(n t^2) in all; for many primes at
 * once prefer {@link MultiCrt}. Not thread-safe.
 */
public final class CrtAccumulator {
    private final int n;
    private final BigInteger[] values;
    private BigInteger modulus = BigInteger.ONE;
    private int count;
    private int stable;
    private boolean lastChanged = true;

    /**
     * An accumulator for n entries, all 0 modulo M = 1.
     *
     * @throws IllegalArgumentException if n &lt; 0
     */
    public CrtAccumulator(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        this.n = n;
        this.values = new BigInteger[n];
        java.util.Arrays.fill(values, BigInteger.ZERO);
    }

    /** The number of entries. */
    public int size() {
        return n;
    }

    /** The product M of the moduli added so far (1 before the first). */
    public BigInteger modulus() {
        return modulus;
    }

    /** How many moduli have been added. */
    public int count() {
        return count;
    }

    /**
     * Adds the residues of the entries modulo the word-size modulus p (each residue in [0, p)).
     *
     * @return whether any symmetric value changed (false: the image was already consistent)
     * @throws IllegalArgumentException if p &lt; 2, residues is null or of the wrong length, a
     *     residue is outside [0, p), or p shares a factor with the current modulus
     */
    public boolean add(long p, long[] residues) {
        if (p < 2) {
            throw new IllegalArgumentException("p must be >= 2, got " + p);
        }
        checkLength(residues == null ? -1 : residues.length);
        for (int i = 0; i < n; i++) {
            if (residues[i] < 0 || residues[i] >= p) {
                throw new IllegalArgumentException("residues[" + i + "] must be in [0, p = " + p + "), got "
                        + residues[i]);
            }
        }
        BigInteger bp = BigInteger.valueOf(p);
        long mModP = modulus.mod(bp).longValueExact();
        long inv = inverseOrThrow(mModP, p, bp);
        boolean changed = false;
        BigInteger newModulus = modulus.multiply(bp);
        BigInteger newHalf = newModulus.shiftRight(1);
        for (int i = 0; i < n; i++) {
            long x = values[i].mod(bp).longValue();
            long d = residues[i] - x;
            if (d < 0) {
                d += p;
            }
            if (d == 0) {
                continue;
            }
            long t = mulMod(d, inv, p);
            BigInteger v = values[i].add(modulus.multiply(BigInteger.valueOf(t)));
            if (v.compareTo(newHalf) > 0) {
                v = v.subtract(newModulus);
            }
            values[i] = v;
            changed = true;
        }
        return finish(newModulus, changed);
    }

    /**
     * Adds the residues of the entries modulo m (each residue in [0, m)), for example a
     * generalized Fermat prime.
     *
     * @return whether any symmetric value changed
     * @throws IllegalArgumentException if m is null or &lt; 2, residues is null or of the wrong
     *     length, a residue is null or outside [0, m), or m shares a factor with the current
     *     modulus
     */
    public boolean add(BigInteger m, BigInteger[] residues) {
        if (m == null || m.compareTo(BigInteger.TWO) < 0) {
            throw new IllegalArgumentException("m must be >= 2, got " + m);
        }
        checkLength(residues == null ? -1 : residues.length);
        for (int i = 0; i < n; i++) {
            if (residues[i] == null || residues[i].signum() < 0 || residues[i].compareTo(m) >= 0) {
                throw new IllegalArgumentException("residues[" + i + "] must be in [0, m), got " + residues[i]);
            }
        }
        BigInteger inv;
        try {
            inv = modulus.mod(m).modInverse(m);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("m must be coprime to the current modulus, but gcd = "
                    + modulus.gcd(m), e);
        }
        boolean changed = false;
        BigInteger newModulus = modulus.multiply(m);
        BigInteger newHalf = newModulus.shiftRight(1);
        for (int i = 0; i < n; i++) {
            BigInteger t = residues[i].subtract(values[i]).multiply(inv).mod(m);
            if (t.signum() == 0) {
                continue;
            }
            BigInteger v = values[i].add(modulus.multiply(t));
            if (v.compareTo(newHalf) > 0) {
                v = v.subtract(newModulus);
            }
            values[i] = v;
            changed = true;
        }
        return finish(newModulus, changed);
    }

    private boolean finish(BigInteger newModulus, boolean changed) {
        modulus = newModulus;
        count++;
        lastChanged = changed;
        stable = changed ? 0 : stable + 1;
        return changed;
    }

    /** Whether the last {@link #add} changed a symmetric value (true before the first add). */
    public boolean changedLast() {
        return lastChanged;
    }

    /** How many consecutive adds, ending with the last one, left every symmetric value unchanged. */
    public int stableCount() {
        return stable;
    }

    /** Entry i in the symmetric range (-M/2, M/2]. */
    public BigInteger symmetric(int i) {
        checkIndex(i);
        return values[i];
    }

    /** All entries in the symmetric range (-M/2, M/2] (a fresh array). */
    public BigInteger[] symmetric() {
        return values.clone();
    }

    /** Entry i in the unsigned range [0, M). */
    public BigInteger unsigned(int i) {
        checkIndex(i);
        BigInteger v = values[i];
        return v.signum() < 0 ? v.add(modulus) : v;
    }

    /** All entries in the unsigned range [0, M) (a fresh array). */
    public BigInteger[] unsigned() {
        BigInteger[] out = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            out[i] = unsigned(i);
        }
        return out;
    }

    /**
     * Whether the modulus proves a value bounded by {@code bound} in absolute value: M &gt; 2 bound
     * (then the symmetric lift is that value).
     */
    public boolean exceedsTwice(BigInteger bound) {
        if (bound == null || bound.signum() < 0) {
            throw new IllegalArgumentException("bound must be >= 0, got " + bound);
        }
        return modulus.compareTo(bound.shiftLeft(1)) > 0;
    }

    private void checkLength(int len) {
        if (len != n) {
            throw new IllegalArgumentException("residues must have length n = " + n + ", got "
                    + (len < 0 ? "null" : String.valueOf(len)));
        }
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= n) {
            throw new IllegalArgumentException("i must be in [0, " + n + "), got " + i);
        }
    }

    private long inverseOrThrow(long a, long p, BigInteger bp) {
        if (count == 0) {
            return 1;
        }
        try {
            return BigInteger.valueOf(a).modInverse(bp).longValue();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("p = " + p + " must be coprime to the current modulus", e);
        }
    }

    // a * b mod p for 0 <= a, b < p < 2^63.
    private static long mulMod(long a, long b, long p) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi == 0) {
            return Long.remainderUnsigned(lo, p);
        }
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(BigInteger.valueOf(p)).longValue();
    }
}
