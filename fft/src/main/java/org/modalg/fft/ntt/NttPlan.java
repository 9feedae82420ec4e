package org.modalg.fft.ntt;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * Precomputed number-theoretic transform of length n = 2^log2n over Z/pZ (p a prime below 2^62
 * with 2^log2n | p - 1), with serial kernels on a {@code long[]} row at an offset.
 *
 * <p>The forward transform takes natural order to bit-reversed order (the ordering of
 * decimation in frequency) and the inverse takes bit-reversed order back to natural order, so a
 * convolution is forward, forward, {@link #pointwiseMultiply}, inverse, with no permutation; the
 * natural-order {@link #forward} and {@link #inverse} add one blocked bit-reversal pass.
 *
 * <p><b>Definition.</b> With w = {@link NttPrimes#primitiveRootOfUnity(long, int)
 * NttPrimes.primitiveRootOfUnity(p, log2n)}, {@link #forward} maps a to A_j = sum_i a_i w^(ij)
 * in natural order; {@link #inverse} is its exact inverse (including 1/n). These are the values
 * of {@link NttEngine}. The bit-reversed variants ({@link #forwardBitReversed},
 * {@link #inverseBitReversed}) compute the same transform with the output (input) at the
 * bit-reversed position: position rev(j) holds A_j, rev reversing log2n bits. Convolution uses
 * them and never permutes.
 *
 * <p><b>Negacyclic.</b> When 2n | p - 1 (log2n + 1 &lt;= v2(p - 1)), psi =
 * {@code primitiveRootOfUnity(p, log2n + 1)} (so psi^2 = w) and
 * {@link #forwardNegacyclicBitReversed} puts at position rev(j) the value
 * sum_i a_i psi^(i (2j + 1)), i.e. the cyclic transform of the input twisted by psi^i; the
 * twist is merged into the butterflies (the cyclic table of length 2n, see
 * {@link NttKernels}), so it costs no extra pass. Its tables are built on first use.
 *
 * <p><b>Algorithms.</b> Both variants perform the same butterflies on the same values (radix-2
 * Cooley-Tukey with bit-reversed twiddles, levels fused in pairs), so their outputs are
 * identical:
 * <ul>
 * <li>{@code *Iterative}: level pairs over the whole row, one pass over the row and the part
 * of the table the levels use per pair of levels.</li>
 * <li>{@code *Blocked}: n = n1 n2 with n2 = 2^min(12, log2n / 2) "rows" of n1 contiguous values.
 * The first log2 n2 levels are n1 interleaved length-n2 transforms along the columns; they
 * run on blocks of 8 columns copied into a contiguous 8 n2-word buffer (256 KiB at most, so all
 * these levels stay in L2, and the power-of-two stride never meets the cache associativity).
 * The remaining log2 n1 levels act on each row separately, in cache. Twiddles are those of
 * the iterative algorithm (block k of level m uses T[k]), which is what keeps the results
 * identical; it is the six-step decomposition with its twiddle multiplication folded into the
 * row butterflies, and without transposes because the output is wanted in bit-reversed
 * order.</li>
 * </ul>
 * The plain methods use the blocked algorithm from {@link #BLOCKED_MIN_LOG2N} on (by default
 * never: see there for the measurements).
 *
 * <p><b>Ranges.</b> Inputs are assumed to lie in [0, p) (not checked: O(n) checks would cost as
 * much as a transform level); outputs lie in [0, p). Internally values stay in [0, 4p) for p &lt; 2^61 and in [0, 2p) above (Harvey's
 * lazy reduction, bounds proven in {@link NttKernels}).
 *
 * <p><b>Cost.</b> n/2 log2 n butterflies of three multiplications each (Shoup twiddle
 * products). Tables: 2n words for the forward and inverse twiddles with their Shoup quotients
 * (16 n bytes: 1 GiB at n = 2^26), 2n more once the negacyclic transform is used; built in O(n)
 * multiplications. Plans are immutable (the lazily built negacyclic tables are published
 * safely) and thread-safe, and are cached per (p, log2n) by {@link #of(long, int)}.
 */
public final class NttPlan {

    /** Largest supported log2n: transforms up to 2^27 points. */
    public static final int MAX_LOG2N = 27;

    /**
     * Cut-off of the plain methods: the blocked algorithm from n = 2^BLOCKED_MIN_LOG2N on. The
     * default, 28, means never: on the machine this was measured on the iterative algorithm was
     * faster at every length. Measured on an AMD EPYC (Zen 3) virtual machine with 2 cores,
     * 512 KiB L2 per core and 32 MiB L3, Java 17, the largest 62-bit prime with 2^27 | p - 1,
     * forward bit-reversed transform, thread CPU time per butterfly, iterative / blocked:
     * one thread 2^16 2.39 / 2.56 ns, 2^20 2.49 / 2.68, 2^22 2.46 / 2.72, 2^26 2.55 / 2.57;
     * two threads transforming concurrently 2^16 2.35 / 2.51, 2^20 2.43 / 2.59,
     * 2^24 2.41 / 2.71, 2^26 2.44 / 2.57. The butterflies are compute-bound (three 64-bit
     * multiplications each) even when the data streams from memory, so the blocked algorithm's
     * copies of the column blocks are not repaid by its fewer passes over memory.
     * {@link CpuNttEngine} still uses the blocked algorithm to spread one large transform over
     * several threads (two synchronizations instead of one per pair of levels). Overridable
     * with the system property {@code modalg.ntt.blockedMinLog2n}.
     */
    public static final int BLOCKED_MIN_LOG2N =
            Integer.getInteger("modalg.ntt.blockedMinLog2n", MAX_LOG2N + 1);

    /** log2 of the number of rows n2 of the blocked algorithm, at most. */
    static final int MAX_LOG_ROWS = 12;
    /** log2 of the number of columns per column block of the blocked algorithm, at most. */
    static final int MAX_LOG_COLUMN_BLOCK = 3;

    private static final int MAX_CACHED_PLANS = 64;
    private static final Map<Key, NttPlan> CACHE = new ConcurrentHashMap<>();
    private static final AtomicLong CLOCK = new AtomicLong();

    private record Key(long p, int log2n) {
    }

    private final long p;
    private final int log2n;
    private final int n;
    private final long root;
    private final ZpField field;
    private final int twoAdicOrder;
    // Cyclic tables: n/2 pairs (w', wShoup), see NttKernels.
    private final long[] fwd;
    private final long[] inv;
    // 1/n for the last inverse level.
    private final long nInv;
    private final long nInvW; // encoded as in NttKernels
    private final long nInvShoup;
    // Blocked decomposition: rows of n1 = 2^logN1, n2 = 2^logN2 rows, columns in blocks of
    // 2^logB.
    private final int logN1;
    private final int logN2;
    private final int logB;
    private volatile Negacyclic negacyclic;
    private volatile long lastUse;

    // The negacyclic extras: last-level tables psi T[k] and psi^-1 Tinv[k], and the top
    // inverse level's twiddle divided by n.
    private static final class Negacyclic {
        final long psi;
        final long[] fwdLast;
        final long[] invLast;
        final long topInvScaled; // encoded as in NttKernels
        final long topInvScaledShoup;

        Negacyclic(long psi, long[] fwdLast, long[] invLast, long topInvScaled, long shoup) {
            this.psi = psi;
            this.fwdLast = fwdLast;
            this.invLast = invLast;
            this.topInvScaled = topInvScaled;
            this.topInvScaledShoup = shoup;
        }
    }

    private NttPlan(long p, int log2n, ZpField field) {
        this.p = p;
        this.log2n = log2n;
        this.n = 1 << log2n;
        this.field = field;
        this.twoAdicOrder = NttPrimes.twoAdicOrder(p);
        this.root = NttPrimes.primitiveRootOfUnity(p, log2n);
        int half = n >> 1;
        this.fwd = new long[2 * half];
        this.inv = new long[2 * half];
        fillTable(field, root, fwd, 1);
        fillTable(field, field.inv(root), inv, 1);
        long ni = field.inv(n % p);
        this.nInv = ni;
        this.nInvShoup = field.shoupPrecompute(ni);
        this.nInvW = nInvShoup < 0 ? ni - p : ni;
        this.logN2 = Math.min(MAX_LOG_ROWS, log2n / 2);
        this.logN1 = log2n - logN2;
        this.logB = Math.min(MAX_LOG_COLUMN_BLOCK, logN1);
    }

    /**
     * The plan for (p, log2n), from the cache or built. Cost when built: the primality test of
     * p and O(n) multiplications for the tables (about 0.5 s at n = 2^26); the cache keeps at
     * most 64 plans and, together, tables of at most a quarter of the maximum heap, evicting the
     * least recently requested plans first.
     *
     * @param p a prime, 2 &lt;= p &lt; 2^62, with 2^log2n | p - 1
     * @param log2n the transform length exponent, 1 &lt;= log2n &lt;= min(27, v2(p - 1))
     * @throws IllegalArgumentException if p is not such a prime or log2n is out of range
     */
    public static NttPlan of(long p, int log2n) {
        Key key = new Key(p, log2n);
        NttPlan plan = CACHE.get(key);
        if (plan == null) {
            ZpField f = ZpField.of(p); // validates p: range and primality
            checkLog2n(p, log2n);
            plan = CACHE.computeIfAbsent(key, k -> new NttPlan(p, log2n, f));
            plan.lastUse = CLOCK.incrementAndGet();
            evict(plan);
        } else {
            plan.lastUse = CLOCK.incrementAndGet();
        }
        return plan;
    }

    /**
     * Throws what {@link #of} would throw for (p, log2n), and, if {@code negacyclic}, what the
     * negacyclic methods would throw; builds nothing. O(log^3 p) for the primality test.
     */
    static void validate(long p, int log2n, boolean negacyclic) {
        ZpField.of(p);
        checkLog2n(p, log2n);
        if (negacyclic) {
            checkNegacyclic(p, log2n);
        }
    }

    private static void checkNegacyclic(long p, int log2n) {
        int s = NttPrimes.twoAdicOrder(p);
        if (log2n + 1 > s) {
            throw new IllegalArgumentException("the negacyclic transform of length 2^" + log2n
                    + " needs 2^" + (log2n + 1) + " | p - 1, but p = " + p + " has v2(p - 1) = "
                    + s + "; log2n must be in [1, " + (s - 1) + "]");
        }
    }

    private static void checkLog2n(long p, int log2n) {
        int s = NttPrimes.twoAdicOrder(p);
        int max = Math.min(MAX_LOG2N, s);
        if (log2n < 1 || log2n > max) {
            throw new IllegalArgumentException("log2n must be in [1, " + max + "] for p = " + p
                    + " (2^" + s + " is the largest power of two dividing p - 1, and at most 2^"
                    + MAX_LOG2N + " points are supported), got " + log2n);
        }
    }

    // Drops the least recently requested plans (never the one just built) until the cache holds
    // at most MAX_CACHED_PLANS plans and a quarter of the maximum heap in tables.
    private static synchronized void evict(NttPlan keep) {
        long budget = Runtime.getRuntime().maxMemory() / 4;
        while (true) {
            long bytes = 0;
            int count = 0;
            NttPlan oldest = null;
            for (NttPlan q : CACHE.values()) {
                bytes += q.tableBytes();
                count++;
                if (q != keep && (oldest == null || q.lastUse < oldest.lastUse)) {
                    oldest = q;
                }
            }
            if ((count <= MAX_CACHED_PLANS && bytes <= budget) || oldest == null) {
                if (bytes > budget && oldest == null && count == 1) {
                    // The plan alone is above the budget: it stays usable but is not kept.
                    CACHE.remove(new Key(keep.p, keep.log2n), keep);
                }
                return;
            }
            CACHE.remove(new Key(oldest.p, oldest.log2n), oldest);
        }
    }

    /** Bytes held by this plan's tables (including the negacyclic ones once built). O(1). */
    long tableBytes() {
        long words = fwd.length + inv.length;
        Negacyclic ng = negacyclic;
        if (ng != null) {
            words += ng.fwdLast.length + ng.invLast.length;
        }
        return 8 * words;
    }

    // table[2k], table[2k + 1] for k < table.length / 2 =: count: the pair for
    // scale * g^rev(k), rev reversing log2(count) bits, where g has order 2 count. Built level by
    // level: T[m + k] = g^(count / (2m)) T[k] for k < m, since rev(m + k) = rev(m) + rev(k).
    private static void fillTable(ZpField f, long g, long[] table, long scale) {
        int count = table.length / 2;
        long p = f.p();
        long[] values = new long[count];
        values[0] = 1;
        // powers[i] = g^(2^i)
        int logCount = Integer.numberOfTrailingZeros(count);
        long[] powers = new long[Math.max(1, logCount)];
        powers[0] = g;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = f.mul(powers[i - 1], powers[i - 1]);
        }
        for (int m = 1, lm = 0; m < count; m <<= 1, lm++) {
            long c = powers[logCount - 1 - lm]; // g^(count / (2m))
            long cs = f.shoupPrecompute(c);
            for (int k = 0; k < m; k++) {
                values[m + k] = f.mulShoup(values[k], c, cs);
            }
        }
        long ss = f.shoupPrecompute(scale);
        for (int k = 0; k < count; k++) {
            long v = scale == 1 ? values[k] : f.mulShoup(values[k], scale, ss);
            encode(f, v, table, 2 * k);
        }
    }

    // Stores v in [0, p) as the pair (w', wShoup) of NttKernels.
    private static void encode(ZpField f, long v, long[] table, int at) {
        long ws = f.shoupPrecompute(v);
        table[at] = ws < 0 ? v - f.p() : v;
        table[at + 1] = ws;
    }

    private Negacyclic negacyclic() {
        Negacyclic ng = negacyclic;
        if (ng != null) {
            return ng;
        }
        checkNegacyclic(p, log2n);
        synchronized (this) {
            ng = negacyclic;
            if (ng == null) {
                long psi = NttPrimes.primitiveRootOfUnity(p, log2n + 1);
                long psiInv = field.inv(psi);
                int half = n >> 1;
                long[] fl = new long[2 * half];
                long[] il = new long[2 * half];
                fillTable(field, root, fl, psi);
                fillTable(field, field.inv(root), il, psiInv);
                // The top level (m = 1) uses entry base(1) + 0 = 1 of the table of length 2n:
                // inv[1] when n >= 4, the last-level table's entry 0 (psi^-1) when n = 2.
                long topInv = half == 1 ? psiInv : decode(inv, 1);
                long scaled = field.mul(topInv, nInv);
                long scaledShoup = field.shoupPrecompute(scaled);
                ng = new Negacyclic(psi, fl, il, scaledShoup < 0 ? scaled - p : scaled, scaledShoup);
                negacyclic = ng;
            }
        }
        return ng;
    }

    private long decode(long[] table, int k) {
        long w = table[2 * k];
        return w < 0 ? w + p : w;
    }

    // ----------------------------------------------------------------------------------------
    // Accessors.
    // ----------------------------------------------------------------------------------------

    /** The prime p. */
    public long p() {
        return p;
    }

    /** log2 of the length. */
    public int log2n() {
        return log2n;
    }

    /** The length n = 2^log2n. */
    public int n() {
        return n;
    }

    /** The primitive n-th root of unity w of the definition. */
    public long root() {
        return root;
    }

    /** The field Z/pZ. */
    public ZpField field() {
        return field;
    }

    /** Whether 2n | p - 1, which the negacyclic transform needs. */
    public boolean supportsNegacyclic() {
        return log2n + 1 <= twoAdicOrder;
    }

    /**
     * The primitive 2n-th root psi of the negacyclic transform (psi^2 = {@link #root()}).
     *
     * @throws IllegalArgumentException if {@link #supportsNegacyclic()} is false
     */
    public long negacyclicRoot() {
        return negacyclic().psi;
    }

    /** Whether the plain methods use the blocked algorithm ({@code log2n >= BLOCKED_MIN_LOG2N}). */
    public boolean usesBlocked() {
        return log2n >= BLOCKED_MIN_LOG2N && log2n >= 2;
    }

    @Override
    public String toString() {
        return "NttPlan(p=" + p + ", log2n=" + log2n + ")";
    }

    // ----------------------------------------------------------------------------------------
    // Public transforms (validating tier: array and offset checked, values assumed in [0, p)).
    // ----------------------------------------------------------------------------------------

    /**
     * In-place forward transform of a[off, off + n), natural order in and out:
     * A_j = sum_i a_i w^(ij). Inputs in [0, p), outputs in [0, p).
     *
     * @throws IllegalArgumentException if a is null or the range does not fit
     */
    public void forward(long[] a, int off) {
        checkRow(a, off, "a");
        forwardLazy(a, off, false);
        NttKernels.bitReverse(a, off, log2n, p);
    }

    /**
     * In-place inverse of {@link #forward}, natural order in and out (1/n included).
     *
     * @throws IllegalArgumentException if a is null or the range does not fit
     */
    public void inverse(long[] a, int off) {
        checkRow(a, off, "a");
        NttKernels.bitReverse(a, off, log2n, 0);
        inverseScaled(a, off, false);
    }

    /**
     * Forward transform with bit-reversed output: position rev(j) gets A_j. Dispatches to
     * {@link #forwardBitReversedBlocked} from {@link #BLOCKED_MIN_LOG2N} on, else to
     * {@link #forwardBitReversedIterative}. Outputs in [0, p).
     */
    public void forwardBitReversed(long[] a, int off) {
        checkRow(a, off, "a");
        forwardLazy(a, off, false);
        NttKernels.normalize(a, off, n, p);
    }

    /** {@link #forwardBitReversed} by the level-by-level algorithm. */
    public void forwardBitReversedIterative(long[] a, int off) {
        checkRow(a, off, "a");
        forwardIterative(a, off, false);
        NttKernels.normalize(a, off, n, p);
    }

    /** {@link #forwardBitReversed} by the blocked (column blocks, then rows) algorithm. */
    public void forwardBitReversedBlocked(long[] a, int off) {
        checkRow(a, off, "a");
        if (log2n < 2) {
            forwardIterative(a, off, false);
        } else {
            forwardBlocked(a, off, false);
        }
        NttKernels.normalize(a, off, n, p);
    }

    /**
     * Inverse of {@link #forwardBitReversed}: bit-reversed input, natural output, 1/n
     * included. Inputs in [0, p) (values in [0, 2p) are accepted too), outputs in [0, p).
     */
    public void inverseBitReversed(long[] a, int off) {
        checkRow(a, off, "a");
        inverseScaled(a, off, false);
    }

    /** {@link #inverseBitReversed} by the level-by-level algorithm. */
    public void inverseBitReversedIterative(long[] a, int off) {
        checkRow(a, off, "a");
        inverseIterative(a, off, false);
    }

    /** {@link #inverseBitReversed} by the blocked algorithm. */
    public void inverseBitReversedBlocked(long[] a, int off) {
        checkRow(a, off, "a");
        if (log2n < 2) {
            inverseIterative(a, off, false);
        } else {
            inverseBlocked(a, off, false);
        }
    }

    /**
     * Negacyclic forward transform, bit-reversed output: position rev(j) gets
     * sum_i a_i psi^(i (2j + 1)). Outputs in [0, p).
     *
     * @throws IllegalArgumentException if 2n does not divide p - 1, or for a bad range
     */
    public void forwardNegacyclicBitReversed(long[] a, int off) {
        checkRow(a, off, "a");
        negacyclic();
        forwardLazy(a, off, true);
        NttKernels.normalize(a, off, n, p);
    }

    /**
     * Inverse of {@link #forwardNegacyclicBitReversed} (1/n included), outputs in [0, p).
     *
     * @throws IllegalArgumentException if 2n does not divide p - 1, or for a bad range
     */
    public void inverseNegacyclicBitReversed(long[] a, int off) {
        checkRow(a, off, "a");
        negacyclic();
        inverseScaled(a, off, true);
    }

    /**
     * out[outOff + i] = a[aOff + i] b[bOff + i] mod p for i &lt; n; inputs in [0, 4p), outputs in
     * [0, p). out may coincide with a or b (same offset). O(n) modular multiplications.
     */
    public void pointwiseMultiply(long[] a, int aOff, long[] b, int bOff, long[] out, int outOff) {
        checkRow(a, aOff, "a");
        checkRow(b, bOff, "b");
        checkRow(out, outOff, "out");
        pointwise(a, aOff, b, bOff, out, outOff, 0, n);
    }

    /**
     * out = a b mod (x^n - 1), coefficients in [0, p) in increasing degree. a and b are
     * overwritten with their transforms (scratch); out may be a or b (same offset). Two forward
     * transforms, n products and one inverse transform, no permutation.
     */
    public void cyclicConvolution(long[] a, int aOff, long[] b, int bOff, long[] out, int outOff) {
        convolution(a, aOff, b, bOff, out, outOff, false);
    }

    /**
     * out = a b mod (x^n + 1), as {@link #cyclicConvolution}.
     *
     * @throws IllegalArgumentException if 2n does not divide p - 1, or for a bad range
     */
    public void negacyclicConvolution(long[] a, int aOff, long[] b, int bOff, long[] out, int outOff) {
        convolution(a, aOff, b, bOff, out, outOff, true);
    }

    private void convolution(long[] a, int aOff, long[] b, int bOff, long[] out, int outOff,
            boolean nega) {
        checkRow(a, aOff, "a");
        checkRow(b, bOff, "b");
        checkRow(out, outOff, "out");
        if (nega) {
            negacyclic();
        }
        forwardLazy(a, aOff, nega);
        if (b != a || bOff != aOff) {
            forwardLazy(b, bOff, nega);
        }
        pointwise(a, aOff, b, bOff, out, outOff, 0, n);
        inverseScaled(out, outOff, nega);
    }

    private void checkRow(long[] a, int off, String name) {
        if (a == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        if (off < 0 || off > a.length - n) {
            throw new IllegalArgumentException(name + ": offset must be in [0, " + name
                    + ".length - n] = [0, " + (a.length - n) + "] for n = " + n + ", got " + off);
        }
    }

    // ----------------------------------------------------------------------------------------
    // Unchecked tier (package-private): used by CpuNttEngine, also in parallel pieces.
    // ----------------------------------------------------------------------------------------

    /** Forward, bit-reversed output, values in [0, 4p) ([0, 2p) for p &gt;= 2^61); dispatching. */
    void forwardLazy(long[] a, int off, boolean nega) {
        if (usesBlocked()) {
            forwardBlocked(a, off, nega);
        } else {
            forwardIterative(a, off, nega);
        }
    }

    /** Inverse from bit-reversed input in [0, 2p), scaled, outputs in [0, p); dispatching. */
    void inverseScaled(long[] a, int off, boolean nega) {
        if (usesBlocked()) {
            inverseBlocked(a, off, nega);
        } else {
            inverseIterative(a, off, nega);
        }
    }

    void forwardIterative(long[] a, int off, boolean nega) {
        long[] last = nega ? negacyclic.fwdLast : null;
        NttKernels.forwardLevels(a, off, log2n, log2n, 0, 1, n >> 1, fwd, last, nega, p);
    }

    void inverseIterative(long[] a, int off, boolean nega) {
        long[] last = nega ? negacyclic.invLast : null;
        NttKernels.inverseLevels(a, off, log2n, log2n, 1, 0, 1, n >> 1, inv, last, nega, p);
        topInverse(a, off, n >> 1, nega);
    }

    private void topInverse(long[] a, int off, int h, boolean nega) {
        long c1 = nInvW;
        long c1s = nInvShoup;
        if (nega) {
            Negacyclic ng = negacyclic;
            c1 = ng.topInvScaled;
            c1s = ng.topInvScaledShoup;
        }
        NttKernels.inverseTopScaled(a, off, h, nInvW, nInvShoup, c1, c1s, p);
    }

    void forwardBlocked(long[] a, int off, boolean nega) {
        long[] scratch = newColumnScratch();
        forwardColumns(a, off, 0, columnBlocks(), nega, scratch);
        forwardRows(a, off, 0, 1 << logN2, nega);
    }

    void inverseBlocked(long[] a, int off, boolean nega) {
        inverseRows(a, off, 0, 1 << logN2, nega);
        long[] scratch = newColumnScratch();
        inverseColumns(a, off, 0, columnBlocks(), nega, scratch);
    }

    /** Number of column blocks of the blocked algorithm. */
    int columnBlocks() {
        return 1 << (logN1 - logB);
    }

    /** Number of rows of the blocked algorithm. */
    int rows() {
        return 1 << logN2;
    }

    /** A buffer for one column block. */
    long[] newColumnScratch() {
        return new long[1 << (logN2 + logB)];
    }

    // Copies column block cb (columns cb 2^logB ..) into scratch as rows of 2^logB words.
    private void gatherColumns(long[] a, int off, int cb, long[] s) {
        int bw = 1 << logB;
        int n1 = 1 << logN1;
        int rows = 1 << logN2;
        int src = off + cb * bw;
        if (bw == 8) {
            for (int r = 0, d = 0; r < rows; r++, src += n1, d += 8) {
                s[d] = a[src];
                s[d + 1] = a[src + 1];
                s[d + 2] = a[src + 2];
                s[d + 3] = a[src + 3];
                s[d + 4] = a[src + 4];
                s[d + 5] = a[src + 5];
                s[d + 6] = a[src + 6];
                s[d + 7] = a[src + 7];
            }
        } else {
            for (int r = 0; r < rows; r++) {
                System.arraycopy(a, src + r * n1, s, r * bw, bw);
            }
        }
    }

    private void scatterColumns(long[] s, long[] a, int off, int cb) {
        int bw = 1 << logB;
        int n1 = 1 << logN1;
        int rows = 1 << logN2;
        int dst = off + cb * bw;
        if (bw == 8) {
            for (int r = 0, d = 0; r < rows; r++, dst += n1, d += 8) {
                a[dst] = s[d];
                a[dst + 1] = s[d + 1];
                a[dst + 2] = s[d + 2];
                a[dst + 3] = s[d + 3];
                a[dst + 4] = s[d + 4];
                a[dst + 5] = s[d + 5];
                a[dst + 6] = s[d + 6];
                a[dst + 7] = s[d + 7];
            }
        } else {
            for (int r = 0; r < rows; r++) {
                System.arraycopy(s, r * bw, a, dst + r * n1, bw);
            }
        }
    }

    /** Forward levels 0 .. logN2 - 1 on column blocks [from, to). */
    void forwardColumns(long[] a, int off, int from, int to, boolean nega, long[] scratch) {
        long[] last = nega ? negacyclic.fwdLast : null;
        for (int cb = from; cb < to; cb++) {
            gatherColumns(a, off, cb, scratch);
            // The buffer is one segment of length n2 2^logB: its local level t is the global
            // level 2^t, and its first logN2 local levels are exactly the column levels.
            NttKernels.forwardLevels(scratch, 0, logN2 + logB, logN2, 0, 1, n >> 1, fwd, last,
                    nega, p);
            scatterColumns(scratch, a, off, cb);
        }
    }

    /** Forward levels logN2 .. log2n - 1 on rows [from, to); values in [0, 4p). */
    void forwardRows(long[] a, int off, int from, int to, boolean nega) {
        long[] last = nega ? negacyclic.fwdLast : null;
        int n1 = 1 << logN1;
        int rows = 1 << logN2;
        for (int r = from; r < to; r++) {
            NttKernels.forwardLevels(a, off + r * n1, logN1, logN1, r, rows, n >> 1, fwd, last,
                    nega, p);
        }
    }

    /** Inverse levels log2n - 1 .. logN2 on rows [from, to). */
    void inverseRows(long[] a, int off, int from, int to, boolean nega) {
        long[] last = nega ? negacyclic.invLast : null;
        int n1 = 1 << logN1;
        int rows = 1 << logN2;
        for (int r = from; r < to; r++) {
            NttKernels.inverseLevels(a, off + r * n1, logN1, logN1, 0, r, rows, n >> 1, inv, last,
                    nega, p);
        }
    }

    /** Inverse levels logN2 - 1 .. 0 with the scaling, on column blocks [from, to). */
    void inverseColumns(long[] a, int off, int from, int to, boolean nega, long[] scratch) {
        long[] last = nega ? negacyclic.invLast : null;
        int len = 1 << (logN2 + logB);
        for (int cb = from; cb < to; cb++) {
            gatherColumns(a, off, cb, scratch);
            NttKernels.inverseLevels(scratch, 0, logN2 + logB, logN2, 1, 0, 1, n >> 1, inv, last,
                    nega, p);
            topInverse(scratch, 0, len >> 1, nega);
            scatterColumns(scratch, a, off, cb);
        }
    }

    /** out = a b mod p on positions [from, to) of the rows; inputs in [0, 4p) (forward output). */
    void pointwise(long[] a, int aOff, long[] b, int bOff, long[] out, int outOff, int from, int to) {
        final long pp = p;
        final ZpField f = field;
        for (int i = from; i < to; i++) {
            long x = NttKernels.reduce4(a[aOff + i], pp);
            long y = NttKernels.reduce4(b[bOff + i], pp);
            out[outOff + i] = f.mul(x, y);
        }
    }

    /** Ensures the negacyclic tables exist (or throws the documented exception). */
    void prepareNegacyclic() {
        negacyclic();
    }
}
