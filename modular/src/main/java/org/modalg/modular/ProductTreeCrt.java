package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fields.BigIntegerWords;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpMontgomery;
import org.modalg.modular.kernel.ZpLu;
import org.modalg.polynomial.batched.BatchedIntegers;
import org.modalg.polynomial.integer.LimbMultiplication;

/**
 * Chinese remaindering of n values at once from their residues modulo k word-size primes, in
 * the interpolation form summed up a product tree.
 *
 * <p>With M = p_0 ... p_(k-1) and w_i = (M / p_i)^-1 mod p_i, each value is
 * x = (sum_i c_i M / p_i) mod M with c_i = r_i w_i mod p_i. Over a subtree T with modulus M_T the
 * sum is S_T = S_L M_R + S_R M_L: two products and one addition per merge, no big division and
 * no big inverse (Garner's form needs both at every merge). S_T &lt; (leaves of T) M_T, so the
 * root's final reduction S mod M has a quotient below k.
 *
 * <p><b>Per value (the default).</b> The leaves are grouped ({@link #GROUP} primes): a group's
 * sum is formed directly as sum c_i (M_group / p_i), one word times a few limbs per prime, and
 * the groups go up the tree by limb products ({@code LimbMultiplication}: Karatsuba over the
 * intrinsic schoolbook basecase), value by value on the caller's threads ({@link ParallelRange}
 * over the shared {@link WorkerPools}); S mod M takes one quotient estimate from the top limbs
 * and at most one correction. The plan (the w_i, the groups' cofactors, the tree's moduli) is
 * built once per prime set and kept for the next call with the same primes. Cost: O(k^2) word
 * products for the w_i once, then per value O(k L_g) word products for the groups (L_g limbs
 * per group modulus) and O(M(L) log(k / GROUP)) for the tree, no BigInteger but the output.
 *
 * <p><b>Level-batched</b> ({@code -Dmodalg.crt.tree=batched}): every level of the tree is one
 * batch of limb products over all values ({@link BatchedIntegers}: the CPU engine on the options'
 * threads, or a GPU engine under {@code auto} / {@code gpu} where it measured faster), leaves one
 * prime each; memory O(n k) words per level. Kept for comparison with the device engines.
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
        if (!BATCHED) {
            return combinePerValue(primes, residues, n, symmetric, threads, GROUP);
        }
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

    /**
     * Whether {@link #combine} takes the level-batched route ({@link BatchedIntegers}, on the
     * device engine under {@code auto} / {@code gpu}) instead of the per-value route on the
     * caller's threads: {@code -Dmodalg.crt.tree=batched}, for comparing the two.
     */
    static final boolean BATCHED = "batched".equalsIgnoreCase(System.getProperty("modalg.crt.tree", "perValue"));

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

    // (M / p_i)^-1 mod p_i for every prime (checked prime), on up to `threads` threads.
    private static long[] inverses(long[] primes, int threads) {
        long[] w = new long[primes.length];
        PrimeWorkers.run(primes.length, Math.max(1, threads), i -> w[i] = cofactorInverse(primes, i));
        return w;
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

    // ------------------------------------------------------------------ per value, on limbs

    /**
     * Primes per leaf group of the per-value route: each group's sum is formed directly as
     * sum c_i (M_group / p_i), one word times a few limbs per prime, and only the groups go up
     * the tree. Measured at k = 150 .. 678 primes below 2^26 (modular/BENCHMARKS.md).
     */
    static final int GROUP = Math.max(1, Integer.getInteger("modalg.crt.group", 16));

    // Values per block of leaves c_(i,v): read row by row from the prime-major residues.
    private static final int BLOCK = 32;

    private static volatile Plan last;

    /**
     * The per-value route: the same interpolation form as {@link #combine}, with the leaves
     * grouped ({@code group} primes each, summed against precomputed limbs of M_group / p_i) and
     * the groups' sums combined up a tree of limb products ({@code LimbMultiplication}), value by
     * value on the caller's threads ({@link ParallelRange} over the shared {@link WorkerPools});
     * the final S mod M takes one quotient estimate from the top limbs. The plan (inverses,
     * group cofactors, the tree's moduli) is built once per prime set and reused. Unchecked
     * arguments beyond what {@link #combine} checks.
     */
    static BigInteger[] combinePerValue(long[] primes, long[] residues, int n, boolean symmetric, int threads,
            int group) {
        Plan plan = last;
        if (plan == null || plan.group != group || !Arrays.equals(plan.primes, primes)) {
            plan = new Plan(primes.clone(), group, threads);
            last = plan;
        }
        BigInteger[] x = new BigInteger[n];
        int blocks = (n + BLOCK - 1) / BLOCK;
        final Plan p = plan;
        ParallelRange.Body body = (from, to) -> {
            Scratch s = new Scratch(p);
            for (int b = from; b < to; b++) {
                p.block(residues, n, b * BLOCK, Math.min(n, (b + 1) * BLOCK), symmetric, s, x);
            }
        };
        if (threads <= 1 || blocks < 2) {
            body.run(0, blocks);
        } else {
            int grain = Math.max(1, (blocks + 4 * threads - 1) / (4 * threads));
            ParallelRange.run(WorkerPools.of(threads), 0, blocks, grain, body);
        }
        return x;
    }

    /**
     * The same CRT with the residues arriving batch by batch, each batch folded in as it comes,
     * so that its work overlaps whatever produces the next batch (the image calls of a device):
     * the values of {@link #combine} ({@link #result()}), for k primes fixed up front.
     *
     * <p>All k primes are known when it is built, so each w_i = (M / p_i)^-1 mod p_i is the
     * whole set's. A batch is a contiguous group of the primes, in any order of arrival; its
     * residues go up a tree of their own (the per-value route's groups and limb products), giving
     * S_B = sum_{i in B} c_i M_B / p_i per value, and join what came before in the interpolation
     * form: S_A := S_A M_B + S_B M_A (S_T &lt; |T| M_T for every union T, so no reduction is
     * needed before the end). The last batch's fold is two products of the whole width by its
     * own (O(L L_B) word products per value for L-limb values: the least work that can wait for
     * the last batch); {@link #result()} then takes S mod M once, O(L) per value. Batches of
     * similar size b primes cost about the one-shot tree's products where the basecase product
     * rules (the sum over pairs of leaves of their limb counts does not depend on the tree's
     * shape) and up to (k / b)^0.4 times them where Karatsuba's does: measured on one thread
     * (modular/BENCHMARKS.md, 2026-11-26), 1.03x the one-shot CRT for 147 primes in 4 batches,
     * 1.21x for 446 in 14, 1.32x for 678 in 16, the last add and the result 0.35, 0.17 and
     * 0.13 of it.
     *
     * <p>Each {@link #add} runs on the options' threads (over the values, {@link ParallelRange}
     * on the shared {@link WorkerPools}). Not thread-safe: one {@code add} at a time, from any
     * thread, each finished before the next begins.
     */
    public static final class Incremental {
        private final long[] primes;
        private final long[] w;
        private final int n;
        private final boolean symmetric;
        private final int threads;
        private final boolean[] arrived;
        private int added;
        // the sum so far: value v at v stride, stride limbs (S < k M fits, and one limb above M)
        private final long[] acc;
        private final int stride;
        private final Plan whole;
        private BigInteger accModulus = BigInteger.ONE;

        /**
         * A CRT of n values over these primes, waiting for their residues.
         *
         * @param primes k &gt;= 1 distinct primes below 2^62 (checked, as {@link #combine})
         * @param n values per prime, &gt;= 0
         * @param symmetric whether {@link #result()} gives the symmetric range (-M/2, M/2]
         * @param options the threads of the folds
         * @throws IllegalArgumentException if an argument is null or out of range
         */
        public Incremental(long[] primes, int n, boolean symmetric, Options options) {
            if (primes == null || primes.length == 0) {
                throw new IllegalArgumentException("primes must hold at least one prime");
            }
            if (options == null) {
                throw new IllegalArgumentException("options must not be null");
            }
            if (n < 0) {
                throw new IllegalArgumentException("n must be >= 0, got " + n);
            }
            checkDistinct(primes);
            this.primes = primes.clone();
            this.n = n;
            this.symmetric = symmetric;
            this.threads = Math.max(1, options.threads());
            this.w = inverses(this.primes, threads); // checks every prime
            this.arrived = new boolean[primes.length];
            this.whole = new Plan(this.primes, w, GROUP);
            this.stride = whole.rootWidth;
            if ((long) n * stride > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("n must be at most " + (Integer.MAX_VALUE - 8) / stride + " for "
                        + primes.length + " primes, got " + n);
            }
            this.acc = new long[n * stride];
        }

        /** Primes whose residues have not been added yet. */
        public int remaining() {
            return primes.length - added;
        }

        /**
         * Folds in the residues of primes[from, from + count): prime from + j's n residues at
         * residues[offset + j n, offset + (j + 1) n) (prime-major, as {@link #combine} takes
         * them; any unsigned 64-bit value is reduced). O(count n (L_g + L)) word products plus the
         * batch's own tree, on the options' threads.
         *
         * @throws IllegalArgumentException if residues is null, the range is empty or outside
         *     [0, k), a prime of it was added before, or residues is too short
         */
        public void add(int from, int count, long[] residues, int offset) {
            int k = primes.length;
            if (from < 0 || count < 1 || (long) from + count > k) {
                throw new IllegalArgumentException("from and count must give a non-empty range inside [0, " + k
                        + "), got from " + from + ", count " + count);
            }
            if (residues == null || offset < 0 || (long) offset + (long) count * n > residues.length) {
                throw new IllegalArgumentException("residues must hold count * n = " + count + " * " + n
                        + " values from offset " + offset + ", got " + (residues == null ? "null"
                        : residues.length + " words"));
            }
            for (int i = from; i < from + count; i++) {
                if (arrived[i]) {
                    throw new IllegalArgumentException("the residues of primes[" + i + "] = " + primes[i]
                            + " were added before");
                }
            }
            Plan batch = new Plan(Arrays.copyOfRange(primes, from, from + count),
                    Arrays.copyOfRange(w, from, from + count), GROUP);
            BigInteger batchModulus = batch.m.length == 0 ? BigInteger.ONE : BigIntegerWords.valueOf(batch.m,
                    batch.m.length, 1);
            long[] mb = batch.m;
            long[] ma = added == 0 ? null : BigIntegerWords.magnitude(accModulus);
            int blocks = (n + BLOCK - 1) / BLOCK;
            ParallelRange.Body body = (b0, b1) -> {
                Scratch s = new Scratch(batch);
                int sumWidth = batch.rootSumWidth();
                long[] t1 = new long[stride + mb.length + 1];
                long[] t2 = new long[stride + sumWidth + (ma == null ? 0 : ma.length) + 1];
                LimbMultiplication.Work work = LimbMultiplication.work(Math.max(mb.length, sumWidth));
                for (int b = b0; b < b1; b++) {
                    int v0 = b * BLOCK;
                    int v1 = Math.min(n, v0 + BLOCK);
                    batch.leaves(residues, offset, n, v0, v1, s);
                    for (int v = v0; v < v1; v++) {
                        batch.sumUp(v - v0, s);
                        fold(s.levels[batch.nodes.length - 1], sumWidth, mb, ma, v * stride, t1, t2, work);
                    }
                }
            };
            if (threads <= 1 || blocks < 2) {
                body.run(0, blocks);
            } else {
                int grain = Math.max(1, (blocks + 4 * threads - 1) / (4 * threads));
                ParallelRange.run(WorkerPools.of(threads), 0, blocks, grain, body);
            }
            accModulus = accModulus.multiply(batchModulus);
            Arrays.fill(arrived, from, from + count, true);
            added += count;
        }

        /*
         * acc[at, at + stride) := acc M_B + S_B M_A (or S_B for the first batch, ma null): both
         * products fit the stride by S_T < |T| M_T, so their limbs above it are zero.
         */
        private void fold(long[] sum, int sumWidth, long[] mb, long[] ma, int at, long[] t1, long[] t2,
                LimbMultiplication.Work work) {
            int ws = trim(sum, 0, sumWidth);
            if (ma == null) {
                System.arraycopy(sum, 0, acc, at, ws);
                Arrays.fill(acc, at + ws, at + stride, 0L);
                return;
            }
            int wa = trim(acc, at, stride);
            LimbMultiplication.multiplyInto(acc, at, wa, mb, 0, mb.length, t1, 0, work);
            LimbMultiplication.multiplyInto(sum, 0, ws, ma, 0, ma.length, t2, 0, work);
            int n1 = wa + mb.length;
            int n2 = ws + ma.length;
            if (n1 < stride) {
                Arrays.fill(t1, n1, stride, 0L);
            }
            if (n2 < stride) {
                Arrays.fill(t2, n2, stride, 0L);
            }
            LimbMultiplication.addN(t1, 0, t2, 0, stride, acc, at, 0);
        }

        /**
         * The n values x_v (in (-M/2, M/2] when symmetric, else [0, M)) with x_v = the residue of
         * prime i at value v modulo p_i for every prime: those of {@link #combine}. O(L) per value
         * for S mod M, on the options' threads; may be asked again.
         *
         * @throws IllegalStateException if the residues of some primes were not added
         */
        public BigInteger[] result() {
            if (added < primes.length) {
                throw new IllegalStateException("the residues of " + (primes.length - added) + " of " + primes.length
                        + " primes were not added");
            }
            BigInteger[] x = new BigInteger[n];
            ParallelRange.Body body = (v0, v1) -> {
                long[] r = new long[stride];
                for (int v = v0; v < v1; v++) {
                    System.arraycopy(acc, v * stride, r, 0, stride);
                    x[v] = whole.reduce(r, stride, symmetric);
                }
            };
            int grain = Math.max(BLOCK, (n + 4 * threads - 1) / (4 * threads));
            if (threads <= 1 || n <= grain) {
                body.run(0, n);
            } else {
                ParallelRange.run(WorkerPools.of(threads), 0, n, grain, body);
            }
            return x;
        }
    }

    /** Per-thread buffers of the per-value route. */
    private static final class Scratch {
        final long[] c;
        final long[][] levels;
        final long[] t1;
        final long[] t2;
        final long[] root;
        final LimbMultiplication.Work work;

        Scratch(Plan p) {
            c = new long[p.k * BLOCK];
            levels = new long[p.levelSize.length][];
            for (int l = 0; l < levels.length; l++) {
                levels[l] = new long[p.levelSize[l]];
            }
            t1 = new long[2 * p.maxWidth + 2];
            t2 = new long[2 * p.maxWidth + 2];
            root = new long[p.rootWidth + 2];
            work = LimbMultiplication.work(p.maxWidth);
        }
    }

    /** What the per-value route precomputes for one prime set (immutable). */
    private static final class Plan {
        final long[] primes;
        final int k;
        final int group;
        final ZpMontgomery[] fields;   // null for p = 2
        final long[] wMont;            // (M / p_i)^-1 mod p_i in Montgomery form (1 for p = 2)
        final int groups;
        final long[] cof;              // M_group / p_i, groupLimbs[t] limbs each, at cofOff[i]
        final int[] cofOff;
        final int[] groupLimbs;
        // the tree: level l has nodes[l] nodes; node t's sum at off[l][t], width[l][t] limbs;
        // its modulus mods[l][t] (no leading zero limbs)
        final int[] nodes;
        final int[][] off;
        final int[][] width;
        final long[][][] mods;
        final int[] levelSize;
        final int maxWidth;
        final long[] m;                // M, exactly mLimbs limbs
        final long[] half;             // floor(M / 2), mLimbs limbs
        final int mLimbs;
        final int rootWidth;
        final double mTop;             // M's limbs from mBase up, as a double

        Plan(long[] primes, int group, int threads) {
            this(primes, inverses(primes, threads), group);
        }

        /*
         * The plan of a subset of a prime set: w[i] = (M / p_i)^-1 mod p_i for the M of the whole
         * set, so that the root's sum is the subset's part of the whole set's interpolation sum.
         */
        Plan(long[] primes, long[] w, int group) {
            this.primes = primes;
            this.k = primes.length;
            this.group = group;
            fields = new ZpMontgomery[k];
            wMont = new long[k];
            for (int i = 0; i < k; i++) {
                if (primes[i] == 2) {
                    wMont[i] = 1;
                } else {
                    fields[i] = ZpMontgomery.of(primes[i]);
                    wMont[i] = fields[i].toMont(w[i]);
                }
            }
            groups = (k + group - 1) / group;
            groupLimbs = new int[groups];
            cofOff = new int[k];
            BigInteger[] gm = new BigInteger[groups];
            long[][] cofs = new long[k][];
            int total = 0;
            for (int t = 0; t < groups; t++) {
                int lo = t * group;
                int hi = Math.min(k, lo + group);
                BigInteger mg = BigInteger.ONE;
                for (int i = lo; i < hi; i++) {
                    mg = mg.multiply(BigInteger.valueOf(primes[i]));
                }
                gm[t] = mg;
                groupLimbs[t] = limbs(mg);
                for (int i = lo; i < hi; i++) {
                    cofs[i] = BigIntegerWords.magnitude(mg.divide(BigInteger.valueOf(primes[i])));
                    cofOff[i] = total;
                    total += groupLimbs[t];
                }
            }
            cof = new long[total];
            for (int i = 0; i < k; i++) {
                System.arraycopy(cofs[i], 0, cof, cofOff[i], cofs[i].length);
            }
            // levels: a node covering primes P with modulus M_P holds a sum below |P| M_P
            List<BigInteger[]> levelMods = new ArrayList<>();
            List<int[]> levelCounts = new ArrayList<>();
            BigInteger[] cur = gm;
            int[] counts = new int[groups];
            for (int t = 0; t < groups; t++) {
                counts[t] = Math.min(k, (t + 1) * group) - t * group;
            }
            levelMods.add(cur);
            levelCounts.add(counts);
            while (cur.length > 1) {
                int next = (cur.length + 1) / 2;
                BigInteger[] nm = new BigInteger[next];
                int[] nc = new int[next];
                for (int t = 0; t < next; t++) {
                    if (2 * t + 1 < cur.length) {
                        nm[t] = cur[2 * t].multiply(cur[2 * t + 1]);
                        nc[t] = counts[2 * t] + counts[2 * t + 1];
                    } else {
                        nm[t] = cur[2 * t];
                        nc[t] = counts[2 * t];
                    }
                }
                cur = nm;
                counts = nc;
                levelMods.add(cur);
                levelCounts.add(counts);
            }
            int levelCount = levelMods.size();
            nodes = new int[levelCount];
            off = new int[levelCount][];
            width = new int[levelCount][];
            mods = new long[levelCount][][];
            levelSize = new int[levelCount];
            int widest = 1;
            for (int l = 0; l < levelCount; l++) {
                BigInteger[] ms = levelMods.get(l);
                int[] cs = levelCounts.get(l);
                nodes[l] = ms.length;
                off[l] = new int[ms.length];
                width[l] = new int[ms.length];
                mods[l] = new long[ms.length][];
                int size = 0;
                for (int t = 0; t < ms.length; t++) {
                    mods[l][t] = BigIntegerWords.magnitude(ms[t]);
                    width[l][t] = (int) ((ms[t].bitLength() + 32L - Integer.numberOfLeadingZeros(cs[t]) + 63) / 64);
                    off[l][t] = size;
                    size += width[l][t];
                    widest = Math.max(widest, Math.max(width[l][t], mods[l][t].length));
                }
                levelSize[l] = size;
            }
            maxWidth = widest;
            m = mods[levelCount - 1][0];
            mLimbs = m.length;
            half = new long[mLimbs];
            BigIntegerWords.magnitude(cur[0].shiftRight(1), half, mLimbs);
            rootWidth = Math.max(width[levelCount - 1][0], mLimbs + 1);
            mTop = top(m, mLimbs, Math.max(0, mLimbs - 2));
        }

        private static int limbs(BigInteger x) {
            return Math.max(1, (x.bitLength() + 63) / 64);
        }

        // Values [v0, v1) into x.
        void block(long[] residues, int n, int v0, int v1, boolean symmetric, Scratch s, BigInteger[] x) {
            leaves(residues, 0, n, v0, v1, s);
            for (int v = 0; v < v1 - v0; v++) {
                x[v0 + v] = one(v, symmetric, s);
            }
        }

        // The leaves c_i = r_i w_i mod p_i of values [v0, v1) into s.c (prime i's residues at
        // offset + i n).
        void leaves(long[] residues, int offset, int n, int v0, int v1, Scratch s) {
            int b = v1 - v0;
            long[] c = s.c;
            for (int i = 0; i < k; i++) {
                int row = offset + i * n;
                int co = i * BLOCK;
                long p = primes[i];
                if (p == 2) {
                    for (int v = 0; v < b; v++) {
                        c[co + v] = residues[row + v0 + v] & 1;
                    }
                    continue;
                }
                ZpMontgomery f = fields[i];
                long wm = wMont[i];
                for (int v = 0; v < b; v++) {
                    long r = residues[row + v0 + v];
                    if (Long.compareUnsigned(r, p) >= 0) {
                        r = Long.remainderUnsigned(r, p);
                    }
                    c[co + v] = f.mul(wm, r);
                }
            }
        }

        private BigInteger one(int v, boolean symmetric, Scratch s) {
            sumUp(v, s);
            long[] r = s.root;
            int rootW = width[nodes.length - 1][0];
            System.arraycopy(s.levels[nodes.length - 1], 0, r, 0, rootW);
            Arrays.fill(r, rootW, rootWidth, 0L);
            return reduce(r, rootWidth, symmetric);
        }

        // The root's sum S of leaf column v of s.c into s.levels[nodes.length - 1], rootSumWidth() limbs.
        void sumUp(int v, Scratch s) {
            long[] c = s.c;
            // level 0: the groups' sums
            long[] sums = s.levels[0];
            Arrays.fill(sums, 0L);
            for (int t = 0; t < groups; t++) {
                int o = off[0][t];
                int gl = groupLimbs[t];
                int hi = Math.min(k, (t + 1) * group);
                long top = 0;
                for (int i = t * group; i < hi; i++) {
                    top += addMul1(sums, o, cof, cofOff[i], gl, c[i * BLOCK + v]);
                }
                if (width[0][t] > gl) {
                    sums[o + gl] = top;
                }
            }
            // up the tree
            for (int l = 0; l + 1 < nodes.length; l++) {
                long[] cur = s.levels[l];
                long[] nxt = s.levels[l + 1];
                int pairs = nodes[l] / 2;
                for (int t = 0; t < pairs; t++) {
                    int wl = trim(cur, off[l][2 * t], width[l][2 * t]);
                    int wr = trim(cur, off[l][2 * t + 1], width[l][2 * t + 1]);
                    long[] ml = mods[l][2 * t];
                    long[] mr = mods[l][2 * t + 1];
                    int dst = off[l + 1][t];
                    int wd = width[l + 1][t];
                    int n1 = wl + mr.length;
                    int n2 = wr + ml.length;
                    LimbMultiplication.multiplyInto(cur, off[l][2 * t], wl, mr, 0, mr.length, s.t1, 0, s.work);
                    LimbMultiplication.multiplyInto(cur, off[l][2 * t + 1], wr, ml, 0, ml.length, s.t2, 0, s.work);
                    if (n1 < wd) {
                        Arrays.fill(s.t1, n1, wd, 0L);
                    }
                    if (n2 < wd) {
                        Arrays.fill(s.t2, n2, wd, 0L);
                    }
                    LimbMultiplication.addN(s.t1, 0, s.t2, 0, wd, nxt, dst, 0);
                }
                if ((nodes[l] & 1) != 0) {
                    int t = nodes[l] - 1;
                    int wd = width[l + 1][pairs];
                    System.arraycopy(cur, off[l][t], nxt, off[l + 1][pairs], width[l][t]);
                    Arrays.fill(nxt, off[l + 1][pairs] + width[l][t], off[l + 1][pairs] + wd, 0L);
                }
            }
        }

        // Limbs of the root's sum as sumUp leaves it.
        int rootSumWidth() {
            return width[nodes.length - 1][0];
        }

        /*
         * S mod M in the symmetric or unsigned range, for S < k M in r[0, len), len > mLimbs
         * (r is overwritten): the quotient estimated from the top limbs (off by at most one).
         */
        BigInteger reduce(long[] r, int len, boolean symmetric) {
            int rootWidth = len;
            int base = Math.max(0, mLimbs - 2);
            long q = (long) Math.floor(top(r, rootWidth, base) / mTop);
            if (q > 0) {
                long borrow = subMul1(r, m, mLimbs, q);
                for (int j = mLimbs; j < rootWidth; j++) {
                    long d = r[j] - borrow;
                    borrow = Long.compareUnsigned(r[j], borrow) < 0 ? 1 : 0;
                    r[j] = d;
                }
                if (borrow != 0) { // q was one too many: add M back (the carry out cancels)
                    long carry = LimbMultiplication.addN(r, 0, m, 0, mLimbs, r, 0, 0);
                    for (int j = mLimbs; j < rootWidth; j++) {
                        r[j] += carry;
                        carry = carry != 0 && r[j] == 0 ? 1 : 0;
                    }
                }
            }
            while (compare(r, rootWidth, m) >= 0) {
                long borrow = LimbMultiplication.subN(r, 0, m, 0, mLimbs, r, 0, 0);
                for (int j = mLimbs; j < rootWidth && borrow != 0; j++) {
                    borrow = r[j] == 0 ? 1 : 0;
                    r[j]--;
                }
            }
            if (symmetric && compare(r, mLimbs, half) > 0) {
                LimbMultiplication.subN(m, 0, r, 0, mLimbs, r, 0, 0); // M - r
                return BigIntegerWords.valueOf(r, mLimbs, -1);
            }
            return BigIntegerWords.valueOf(r, mLimbs, 1);
        }
    }

    // Limbs of a[o, o + w) without leading zeros (at least 1).
    private static int trim(long[] a, int o, int w) {
        while (w > 1 && a[o + w - 1] == 0) {
            w--;
        }
        return w;
    }

    // acc[o, o + len) += y b[bo, bo + len) for y < 2^62; returns the carry out (below 2^63).
    private static long addMul1(long[] acc, int o, long[] b, int bo, int len, long y) {
        long carry = 0;
        for (int j = 0; j < len; j++) {
            long x = b[bo + j];
            long pl = x * y;
            long lo = pl + carry;
            // carry < 2^63: the sum wrapped iff pl's top bit went away; the high word stays below
            // y + 2 < 2^63
            long hi = Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((pl & ~lo) >>> 63);
            long a = acc[o + j];
            long sum = a + lo;
            acc[o + j] = sum;
            carry = hi + (((a & lo) | ((a | lo) & ~sum)) >>> 63);
        }
        return carry;
    }

    // r[0, len) -= q m[0, len); returns the borrow out of limb len - 1 (a word).
    private static long subMul1(long[] r, long[] m, int len, long q) {
        long borrow = 0;
        for (int j = 0; j < len; j++) {
            long x = m[j];
            long lo = x * q;
            long hi = Math.multiplyHigh(x, q) + ((x >> 63) & q);
            lo += borrow;
            hi += Long.compareUnsigned(lo, borrow) < 0 ? 1 : 0;
            long a = r[j];
            r[j] = a - lo;
            hi += Long.compareUnsigned(a, lo) < 0 ? 1 : 0;
            borrow = hi;
        }
        return borrow;
    }

    // sign of a[0, len) - m (m's length at most len; a's limbs above m's length count).
    private static int compare(long[] a, int len, long[] m) {
        for (int j = len - 1; j >= m.length; j--) {
            if (a[j] != 0) {
                return 1;
            }
        }
        for (int j = m.length - 1; j >= 0; j--) {
            if (a[j] != m[j]) {
                return Long.compareUnsigned(a[j], m[j]);
            }
        }
        return 0;
    }

    // a[base, len) as a double scaled by 2^(-64 base).
    private static double top(long[] a, int len, int base) {
        double d = 0;
        for (int j = len - 1; j >= base; j--) {
            long x = a[j];
            d = d * 0x1p64 + ((double) (x >>> 1) * 2.0 + (x & 1));
        }
        return d;
    }
}
