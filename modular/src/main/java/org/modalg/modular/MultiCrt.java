package org.modalg.modular;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;
import org.modalg.modular.kernel.ZpLu;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Chinese remaindering of n values from their residues modulo many word-size primes at once.
 * The primes are cut into chunks of at most {@link #CHUNK} primes, each chunk reconstructed by
 * Garner's algorithm in {@link CrtBasis} (no BigInteger inside), then the chunk results are
 * combined pairwise up a product tree: x = x_1 + M_1 ((x_2 - x_1) M_1^-1 mod M_2). With fast
 * (Karatsuba/Toom) BigInteger multiplication the tree costs O(M(L) log c) per value for c chunks
 * and L limbs, against O(L^2) for one Garner pass over all primes. For a few values (up to
 * {@link #FEW_VALUES}, as for a determinant or a resultant) the interpolation form
 * x = sum_i r_i w_i (M / p_i) mod M is summed up a product tree instead: products only, no big
 * division and no big inverse.
 */
public final class MultiCrt {

    /** Primes per {@link CrtBasis} chunk: Garner's constants take CHUNK^2 / 2 words. */
    public static final int CHUNK = 256;

    /** Up to this many values (a determinant, a resultant) the interpolation form's product tree is used. */
    static final int FEW_VALUES = 4;

    private MultiCrt() {
    }

    /*
     * Few values (a determinant, a resultant): the interpolation form, with a product tree and no
     * big division. With M = p_0 ... p_{k-1} and w_i = (M / p_i)^-1 mod p_i,
     *   x = sum_i c_i (M / p_i) mod M,   c_i = r_i w_i mod p_i,
     * and the sum S over a subtree with modulus M_T is S_L M_R + S_R M_L: two products per node and
     * level, O(M(L) log k) per value with IntegerMultiplication's NTT products at the top, and
     * S < k M, so the final reduction is a division with a quotient below k. The w_i take
     * k (k - 1) Montgomery products (word-size, independent per i, over the threads): 28 million for
     * the 5277 primes of a resultant of degree 1000, a few ms on 16 threads, against 150 ms for
     * chunked Garner with BigInteger's division and inverse at 10^5 bits.
     */
    private static BigInteger[] combineFew(long[] primes, long[] residues, int n, boolean symmetric, int threads) {
        int k = primes.length;
        long[] w = new long[k];
        PrimeWorkers.run(k, threads, i -> w[i] = cofactorInverse(primes, i));
        // level 0: the leaves
        BigInteger[] mod = new BigInteger[k];
        BigInteger[][] sum = new BigInteger[n][k];
        for (int i = 0; i < k; i++) {
            long p = primes[i];
            ZpMontgomery f = ZpMontgomery.of(p);
            mod[i] = BigInteger.valueOf(p);
            long wm = f.toMont(w[i]);
            for (int v = 0; v < n; v++) {
                long r = residues[i * n + v];
                if (Long.compareUnsigned(r, p) >= 0) {
                    r = Long.remainderUnsigned(r, p);
                }
                sum[v][i] = BigInteger.valueOf(f.mul(wm, r)); // r w mod p, in [0, p)
            }
        }
        int size = k;
        while (size > 1) {
            int pairs = size / 2;
            int next = (size + 1) / 2;
            BigInteger[] nextMod = new BigInteger[next];
            BigInteger[][] nextSum = new BigInteger[n][next];
            BigInteger[] m = mod;
            BigInteger[][] s = sum;
            // many pairs: one per worker; few (the top levels): the products take the threads
            int inner = pairs >= threads ? 1 : Math.max(1, threads / pairs);
            PrimeWorkers.run(pairs, Math.min(threads, pairs), t -> {
                BigInteger ml = m[2 * t];
                BigInteger mr = m[2 * t + 1];
                for (int v = 0; v < n; v++) {
                    nextSum[v][t] = multiply(s[v][2 * t], mr, inner).add(multiply(s[v][2 * t + 1], ml, inner));
                }
                nextMod[t] = multiply(ml, mr, inner);
            });
            if ((size & 1) != 0) {
                nextMod[next - 1] = mod[size - 1];
                for (int v = 0; v < n; v++) {
                    nextSum[v][next - 1] = sum[v][size - 1];
                }
            }
            mod = nextMod;
            sum = nextSum;
            size = next;
        }
        BigInteger m = mod[0];
        BigInteger half = m.shiftRight(1);
        BigInteger[] x = new BigInteger[n];
        for (int v = 0; v < n; v++) {
            x[v] = sum[v][0].mod(m); // quotient below k: a short division
            if (symmetric && x[v].compareTo(half) > 0) {
                x[v] = x[v].subtract(m);
            }
        }
        return x;
    }

    // BigInteger's own product (Toom-3) up to the tree's upper levels; NTT products above.
    private static BigInteger multiply(BigInteger a, BigInteger b, int threads) {
        return Math.min(a.bitLength(), b.bitLength()) < NTT_MIN_BITS ? a.multiply(b)
                : IntegerMultiplication.multiplyCpu(a, b, threads);
    }

    // Where the tree hands its products to IntegerMultiplication (measured with the resultant's CRT).
    private static final int NTT_MIN_BITS = 1 << 17;

    /*
     * (M / p_i)^-1 mod p_i, M the product of all primes: the product of the others by Montgomery
     * products with the plain p_j (REDC(a p_j) is exact for a < p_i and p_j < 2^64), which leaves
     * a factor R^-(k-1) to undo, then the extended Euclidean inverse.
     */
    private static long cofactorInverse(long[] primes, int i) {
        long p = primes[i];
        // the chunked route checks its primes in CrtBasis.of; this one, in the workers
        if (p < 3 || p >= ZpField.MAX_MODULUS_EXCLUSIVE || !NttPrimes.isPrime(p)) {
            throw new IllegalArgumentException("primes[" + i + "] must be a prime in [2, 2^62), got " + p);
        }
        ZpMontgomery f = ZpMontgomery.of(p);
        // four independent chains (the products' latency, not their count, bounds one chain);
        // each starts at R mod p and each step REDC(a q) = a q R^-1, so chain t holds
        // (prod q) R^(1 - s_t), and REDC of two such holds R^(1 - s_t - s_u): the four combined hold
        // (prod q) R^(1 - k). p_i itself is replaced by 1 (a step all the same).
        long one = f.one();
        long a0 = one;
        long a1 = one;
        long a2 = one;
        long a3 = one;
        int k = primes.length;
        int j = 0;
        for (; j + 3 < k; j += 4) {
            a0 = f.mul(a0, j == i ? 1 : primes[j]);
            a1 = f.mul(a1, j + 1 == i ? 1 : primes[j + 1]);
            a2 = f.mul(a2, j + 2 == i ? 1 : primes[j + 2]);
            a3 = f.mul(a3, j + 3 == i ? 1 : primes[j + 3]);
        }
        for (; j < k; j++) {
            a0 = f.mul(a0, j == i ? 1 : primes[j]);
        }
        long a = f.mul(f.mul(a0, a1), f.mul(a2, a3));
        int steps = k;
        // a = (prod p_j) R^(1 - steps) mod p: multiply by R^(steps - 1) in stored forms
        long rPow = f.one(); // stored form of R^0 = 1 is R mod p
        long base = f.toMont(f.one()); // stored form of R
        for (int e = steps - 1; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                rPow = f.mul(rPow, base);
            }
            base = f.mul(base, base);
        }
        long prod = f.fromMont(f.mul(f.toMont(a), rPow));
        return ZpLu.inverse(prod, p);
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
        // the interpolation form's Montgomery arithmetic takes odd moduli: with 2 among the primes
        // the chunked tree below serves
        if (n <= FEW_VALUES && chunks > 1 && Arrays.stream(primes).noneMatch(p -> p == 2)) {
            return combineFew(primes, residues, n, symmetric, threads);
        }
        BigInteger[][] parts = new BigInteger[chunks][];
        BigInteger[] moduli = new BigInteger[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = c * CHUNK;
            int to = Math.min(primes.length, from + CHUNK);
            CrtBasis basis = CrtBasis.of(Arrays.copyOfRange(primes, from, to));
            long[] sub = Arrays.copyOfRange(residues, from * n, to * n);
            parts[c] = basis.toBigIntegers(sub, n, false, threads);
            moduli[c] = basis.modulus();
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
