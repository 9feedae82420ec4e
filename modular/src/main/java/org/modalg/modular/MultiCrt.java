package org.modalg.modular;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.CrtBasis;

/**
 * Chinese remaindering of n values from their residues modulo many word-size primes at once.
 * The primes are cut into chunks of at most {@link #CHUNK} primes, each chunk reconstructed by
 * Garner's algorithm in {@link CrtBasis} (no BigInteger inside), then the chunk results are
 * combined pairwise up a product tree: x = x_1 + M_1 ((x_2 - x_1) M_1^-1 mod M_2). With fast
 * (Karatsuba/Toom) BigInteger multiplication the tree costs O(M(L) log c) per value for c chunks
 * and L limbs, against O(L^2) for one Garner pass over all primes. For a few values (up to
 * {@link #SEQUENTIAL_MAX_VALUES}, as for a determinant or a resultant) the chunks are instead
 * merged one by one into the running result, each inverse modulo a chunk computed from
 * residues by that chunk's basis rather than by {@link BigInteger#modInverse}.
 */
public final class MultiCrt {

    /** Primes per {@link CrtBasis} chunk: Garner's constants take CHUNK^2 / 2 words. */
    public static final int CHUNK = 256;
    /** m^-1 modulo the product of the basis' primes (m coprime to them), from its residues. */
    private static BigInteger inverseModChunk(BigInteger m, CrtBasis basis) {
        byte[] be = m.toByteArray(); // big-endian two's complement, m > 0
        int limbs = (be.length + 7) / 8;
        long[] le = new long[limbs];
        for (int i = 0; i < be.length; i++) {
            int fromEnd = be.length - 1 - i;
            le[fromEnd >>> 3] |= (be[i] & 0xFFL) << (8 * (fromEnd & 7));
        }
        int s = basis.size();
        long[] r = new long[s];
        basis.project(le, 0, limbs, r, 0);
        for (int j = 0; j < s; j++) {
            r[j] = inverse(r[j], basis.prime(j));
        }
        return basis.toBigIntegers(r, 1, false)[0];
    }

    // a^-1 mod p for 0 < a < p by the extended Euclidean algorithm.
    private static long inverse(long a, long p) {
        long t = 0;
        long newT = 1;
        long r = p;
        long newR = a;
        while (newR != 0) {
            long q = r / newR;
            long tmp = t - q * newT;
            t = newT;
            newT = tmp;
            tmp = r - q * newR;
            r = newR;
            newR = tmp;
        }
        if (r != 1) {
            throw new IllegalArgumentException("the primes must be distinct: " + p + " divides the other moduli");
        }
        return t < 0 ? t + p : t;
    }

    /** Up to this many values the chunks are merged one by one instead of up a tree (measured). */
    static final int SEQUENTIAL_MAX_VALUES = 4;

    private MultiCrt() {
    }

    /**
     * The n values x_i in the symmetric range (-M/2, M/2] (or unsigned [0, M)) with
     * x_i = residues[j n + i] mod primes[j] (prime-major layout, as {@link CrtBasis} and the
     * NTT engines write it).
     *
     * @param primes s &gt;= 1 distinct primes below 2^62
     * @param residues s n residues, each in [0, primes[j]) (or any unsigned 64-bit value, reduced)
     * @param n values per prime, &gt;= 0
     * @param symmetric whether to return the symmetric range
     * @param threads threads for the chunk reconstructions, &gt;= 1
     * @throws IllegalArgumentException if an argument is null or out of range, or primes are not
     *     distinct primes
     */
    public static BigInteger[] combine(long[] primes, long[] residues, int n, boolean symmetric, int threads) {
        if (primes == null || primes.length == 0) {
            throw new IllegalArgumentException("primes must hold at least one prime");
        }
        if (residues == null) {
            throw new IllegalArgumentException("residues must not be null");
        }
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (residues.length < (long) primes.length * n) {
            throw new IllegalArgumentException("residues must hold primes.length * n = " + primes.length + " * " + n
                    + " values, got " + residues.length);
        }
        long[] sorted = primes.clone();
        Arrays.sort(sorted);
        for (int j = 1; j < sorted.length; j++) {
            if (sorted[j] == sorted[j - 1]) {
                throw new IllegalArgumentException("primes must be distinct, but " + sorted[j] + " appears twice");
            }
        }
        int chunks = (primes.length + CHUNK - 1) / CHUNK;
        BigInteger[][] parts = new BigInteger[chunks][];
        BigInteger[] moduli = new BigInteger[chunks];
        CrtBasis[] bases = new CrtBasis[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = c * CHUNK;
            int to = Math.min(primes.length, from + CHUNK);
            CrtBasis basis = CrtBasis.of(Arrays.copyOfRange(primes, from, to));
            bases[c] = basis;
            long[] sub = Arrays.copyOfRange(residues, from * n, to * n);
            parts[c] = basis.toBigIntegers(sub, n, false, threads);
            moduli[c] = basis.modulus();
        }
        if (n <= SEQUENTIAL_MAX_VALUES && chunks > 1) {
            // Few values: merge the chunks one by one into the accumulated result, so that every
            // inverse is taken modulo one chunk's modulus, and there from residues: the inverse
            // of m modulo each prime of the chunk (m projected by the chunk's basis), lifted by
            // its Garner step (BigInteger.modInverse is quadratic with a large constant; the
            // tree's inverses dominated the resultant's CRT).
            BigInteger[] acc = parts[0];
            BigInteger m = moduli[0];
            for (int c = 1; c < chunks; c++) {
                BigInteger mc = moduli[c];
                BigInteger inv = inverseModChunk(m, bases[c]);
                BigInteger[] b = parts[c];
                for (int i = 0; i < n; i++) {
                    acc[i] = acc[i].add(m.multiply(b[i].subtract(acc[i]).multiply(inv).mod(mc)));
                }
                m = m.multiply(mc);
            }
            parts[0] = acc;
            moduli[0] = m;
            chunks = 1;
        }
        // Product tree: merge neighbours until one chunk remains.
        while (chunks > 1) {
            int next = (chunks + 1) / 2;
            for (int c = 0; c < chunks / 2; c++) {
                BigInteger m1 = moduli[2 * c];
                BigInteger m2 = moduli[2 * c + 1];
                BigInteger inv = m1.mod(m2).modInverse(m2);
                BigInteger[] a = parts[2 * c];
                BigInteger[] b = parts[2 * c + 1];
                for (int i = 0; i < n; i++) {
                    a[i] = a[i].add(m1.multiply(b[i].subtract(a[i]).multiply(inv).mod(m2)));
                }
                parts[c] = a;
                moduli[c] = m1.multiply(m2);
            }
            if ((chunks & 1) != 0) {
                parts[next - 1] = parts[chunks - 1];
                moduli[next - 1] = moduli[chunks - 1];
            }
            chunks = next;
        }
        BigInteger[] x = parts[0];
        if (symmetric) {
            BigInteger m = moduli[0];
            BigInteger half = m.shiftRight(1);
            for (int i = 0; i < n; i++) {
                if (x[i].compareTo(half) > 0) {
                    x[i] = x[i].subtract(m);
                }
            }
        }
        return x;
    }
}
