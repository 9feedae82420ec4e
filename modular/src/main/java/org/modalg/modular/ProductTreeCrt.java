package org.modalg.modular;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.Options;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpMontgomery;
import org.modalg.modular.kernel.ZpLu;
import org.modalg.polynomial.batched.BatchedIntegers;

/**
 * Chinese remaindering of n values at once from their residues modulo k word-size primes, in
 * the interpolation form summed up a product tree whose every level is one batch of limb
 * products ({@link BatchedIntegers}: the CPU engine on the options' threads, or a GPU engine
 * under {@code auto} / {@code gpu} where it measured faster).
 *
 * <p>With M = p_0 ... p_(k-1) and w_i = (M / p_i)^-1 mod p_i, each value is
 * x = (sum_i c_i M / p_i) mod M with c_i = r_i w_i mod p_i. Over a subtree T with modulus M_T the
 * sum is S_T = S_L M_R + S_R M_L, so a level of the tree is, for every pair of sibling nodes and
 * every value, two products of the level's width and one addition: no big division and no big
 * inverse (Garner's form needs both at every merge). S_T &lt; (leaves of T) M_T, so the root's
 * final reduction S mod M has a quotient below k. Cost: O(k^2) word products for the w_i (over
 * the threads), then O(n M(L) log k) for L-limb values, M the batched engine's product cost;
 * memory O(n k) words per level.
 */
public final class ProductTreeCrt {

    private ProductTreeCrt() {
    }

    /**
     * The n values x_v in (-M/2, M/2] (symmetric) or [0, M) with x_v = residues[j n + v] mod
     * primes[j] (prime-major, as the image engines write them).
     *
     * @param primes k &gt;= 1 distinct primes below 2^62 (checked: a composite or repeated
     *     modulus gives an {@link IllegalArgumentException} naming it)
     * @param residues k n residues; any unsigned 64-bit value is reduced first
     * @param n values per prime, &gt;= 0
     * @param symmetric whether to return the symmetric range
     * @param options threads and backend of the batched products
     * @throws IllegalArgumentException if an argument is null or out of range
     */
    public static BigInteger[] combine(long[] primes, long[] residues, int n, boolean symmetric, Options options) {
        if (primes == null || primes.length == 0) {
            throw new IllegalArgumentException("primes must hold at least one prime");
        }
        if (residues == null || options == null) {
            throw new IllegalArgumentException((residues == null ? "residues" : "options") + " must not be null");
        }
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        int k = primes.length;
        if (residues.length < (long) k * n) {
            throw new IllegalArgumentException("residues must hold primes.length * n = " + k + " * " + n
                    + " values, got " + residues.length);
        }
        checkDistinct(primes);
        if (n == 0) {
            for (int i = 0; i < k; i++) {
                checkPrime(primes, i);
            }
            return new BigInteger[0];
        }
        int threads = Math.max(1, options.threads());
        long[] w = new long[k];
        PrimeWorkers.run(k, threads, i -> w[i] = cofactorInverse(primes, i));
        BigInteger[] x = new BigInteger[n];
        // values in groups whose tree levels (about 4 k n words at the widest) stay far below
        // Java's array limit
        int group = (int) Math.max(1, Math.min(n, VALUE_WORDS / k));
        for (int v0 = 0; v0 < n; v0 += group) {
            int g = Math.min(group, n - v0);
            long[] part = new long[k * g];
            for (int i = 0; i < k; i++) {
                System.arraycopy(residues, i * n + v0, part, i * g, g);
            }
            System.arraycopy(tree(primes, w, part, g, symmetric, options), 0, x, v0, g);
        }
        return x;
    }

    /** Residues per value group: the tree's level arrays hold about four times as many words. */
    private static final long VALUE_WORDS = 1L << 26;

    private static BigInteger[] tree(long[] primes, long[] w, long[] residues, int n, boolean symmetric,
            Options options) {
        int k = primes.length;
        int maxBits = 0;
        for (long p : primes) {
            maxBits = Math.max(maxBits, 64 - Long.numberOfLeadingZeros(p));
        }
        // level 0: the leaves c_(i,v) = r w_i mod p_i (node-major: node i, value v at i n + v)
        long[] sums = new long[k * n];
        PrimeWorkers.run(k, Math.max(1, options.threads()), i -> leaves(primes[i], w[i], residues, i, n, sums));
        long[][] root = leveled(sums, primes.clone(), k, n, 1, maxBits, options);
        BigInteger m = BatchedIntegers.toBigIntegers(root[1], 0, root[1].length, 1)[0];
        BigInteger[] s = BatchedIntegers.toBigIntegers(root[0], 0, root[1].length, n);
        BigInteger half = m.shiftRight(1);
        BigInteger[] x = new BigInteger[n];
        for (int v = 0; v < n; v++) {
            x[v] = s[v].mod(m); // a quotient below k
            if (symmetric && x[v].compareTo(half) > 0) {
                x[v] = x[v].subtract(m);
            }
        }
        return x;
    }

    /*
     * Up the tree: sums (nodes x n values, node-major, `stride` limbs each) and mods (nodes,
     * `stride` limbs each) of one level to the root's {sums, modulus}. A node of level l covers
     * at most 2^l leaves, so its modulus has at most 2^l maxBits bits and its sum l more; the
     * level's stride holds that.
     */
    private static long[][] leveled(long[] sums, long[] mods, int nodes, int n, int stride, int maxBits,
            Options options) {
        int level = 0;
        while (nodes > 1) {
            int pairs = nodes / 2;
            int next = (nodes + 1) / 2;
            level++;
            int nextStride = limbsFor(level, maxBits);
            // operands in sibling-separated order: left children first, then right children,
            // each times its sibling's modulus, so that one batched product covers the level and
            // one batched addition adds the halves
            int half = pairs * n * stride;
            long[] a = new long[2 * half];
            long[] b = new long[2 * half];
            for (int t = 0; t < pairs; t++) {
                System.arraycopy(sums, (2 * t) * n * stride, a, t * n * stride, n * stride);
                System.arraycopy(sums, (2 * t + 1) * n * stride, a, half + t * n * stride, n * stride);
                for (int v = 0; v < n; v++) {
                    System.arraycopy(mods, (2 * t + 1) * stride, b, (t * n + v) * stride, stride);
                    System.arraycopy(mods, (2 * t) * stride, b, half + (t * n + v) * stride, stride);
                }
            }
            long[] products = new long[4 * half];
            BatchedIntegers.multiply(a, 0, b, 0, products, 0, stride, 2 * pairs * n, options);
            long[] added = new long[2 * half];
            byte[] carry = new byte[pairs * n];
            BatchedIntegers.add(products, 0, products, 2 * half, added, 0, 2 * stride, pairs * n, carry, 0, options);
            // the moduli of the next level: one product per pair
            long[] ml = new long[pairs * stride];
            long[] mr = new long[pairs * stride];
            for (int t = 0; t < pairs; t++) {
                System.arraycopy(mods, (2 * t) * stride, ml, t * stride, stride);
                System.arraycopy(mods, (2 * t + 1) * stride, mr, t * stride, stride);
            }
            long[] mprod = new long[2 * pairs * stride];
            BatchedIntegers.multiply(ml, 0, mr, 0, mprod, 0, stride, pairs, options);
            long[] nextSums = new long[next * n * nextStride];
            long[] nextMods = new long[next * nextStride];
            for (int t = 0; t < pairs; t++) {
                for (int v = 0; v < n; v++) {
                    int i = t * n + v;
                    if (carry[i] != 0) {
                        throw new IllegalStateException("CRT tree sum overflowed its width at level " + level);
                    }
                    narrow(added, i * 2 * stride, 2 * stride, nextSums, i * nextStride, nextStride, level);
                }
                narrow(mprod, t * 2 * stride, 2 * stride, nextMods, t * nextStride, nextStride, level);
            }
            if ((nodes & 1) != 0) { // the unpaired last node goes up as it is
                int t = nodes - 1;
                for (int v = 0; v < n; v++) {
                    System.arraycopy(sums, (t * n + v) * stride, nextSums, (pairs * n + v) * nextStride, stride);
                }
                System.arraycopy(mods, t * stride, nextMods, pairs * nextStride, stride);
            }
            sums = nextSums;
            mods = nextMods;
            nodes = next;
            stride = nextStride;
        }
        return new long[][] {sums, mods};
    }

    // Limbs for a node of `level` (at most 2^level leaves): modulus and sum below
    // 2^(2^level maxBits + level).
    private static int limbsFor(int level, int maxBits) {
        long bits = ((long) maxBits << level) + level + 1;
        return (int) ((bits + 63) / 64);
    }

    // Copies `width` limbs into `to` limbs; the limbs dropped are zero by the bound.
    private static void narrow(long[] from, int fromOff, int width, long[] dst, int dstOff, int to, int level) {
        int keep = Math.min(width, to);
        System.arraycopy(from, fromOff, dst, dstOff, keep);
        for (int j = keep; j < width; j++) {
            if (from[fromOff + j] != 0) {
                throw new IllegalStateException("CRT tree value exceeds its bound at level " + level);
            }
        }
    }

    private static void leaves(long p, long w, long[] residues, int i, int n, long[] sums) {
        int base = i * n;
        if (p == 2) { // M / 2 is odd: w = 1
            for (int v = 0; v < n; v++) {
                sums[base + v] = residues[base + v] & 1;
            }
            return;
        }
        ZpMontgomery f = ZpMontgomery.of(p);
        long wm = f.toMont(w);
        for (int v = 0; v < n; v++) {
            long r = residues[base + v];
            if (Long.compareUnsigned(r, p) >= 0) {
                r = Long.remainderUnsigned(r, p);
            }
            sums[base + v] = f.mul(wm, r); // r w mod p, in [0, p)
        }
    }

    // primes[i], or IllegalArgumentException naming it when it is not a prime in [2, 2^62)
    private static long checkPrime(long[] primes, int i) {
        long p = primes[i];
        if (p < 2 || p >= (1L << 62) || !NttPrimes.isPrime(p)) {
            throw new IllegalArgumentException("primes[" + i + "] must be a prime in [2, 2^62), got " + p);
        }
        return p;
    }

    private static void checkDistinct(long[] primes) {
        long[] sorted = primes.clone();
        Arrays.sort(sorted);
        for (int j = 1; j < sorted.length; j++) {
            if (sorted[j] == sorted[j - 1]) {
                throw new IllegalArgumentException("primes must be distinct, but " + sorted[j] + " appears twice");
            }
        }
    }

    /*
     * (M / p_i)^-1 mod p_i, M the product of all primes: the product of the others by Montgomery
     * products with the plain p_j (REDC(a p_j) is exact for a < p_i and p_j < 2^64), which leaves
     * a factor R^-(k-1) to undo, then the extended Euclidean inverse. p_i = 2: 1 (M / 2 is odd).
     */
    static long cofactorInverse(long[] primes, int i) {
        long p = checkPrime(primes, i);
        if (p == 2) {
            return 1;
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
        // a = (prod p_j) R^(1 - k) mod p: multiply by R^(k - 1) in stored forms
        long rPow = f.one(); // stored form of R^0 = 1 is R mod p
        long base = f.toMont(f.one()); // stored form of R
        for (int e = k - 1; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                rPow = f.mul(rPow, base);
            }
            base = f.mul(base, base);
        }
        long prod = f.fromMont(f.mul(f.toMont(a), rPow));
        if (prod == 0) { // only when another prime equals p: excluded by checkDistinct
            throw new IllegalArgumentException("primes must be distinct, but " + p + " appears twice");
        }
        return ZpLu.inverse(prod, p);
    }
}
