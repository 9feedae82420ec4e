package org.modalg.fft;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fields.BigIntegerWords;
import org.modalg.fields.GfField;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.UnsignedDivider;
import org.modalg.fields.ZpField;

/**
 * Chinese remaindering over s distinct word-size primes p_0, ..., p_{s-1} (each &lt; 2^62):
 * projection of multi-word integers and of generalized Fermat field elements onto the s
 * residues, and reconstruction by Garner's mixed-radix algorithm into little-endian 64-bit limbs
 * or {@link BigInteger}, in the unsigned range [0, M) or the symmetric range (-M/2, M/2], where
 * M = p_0 p_1 ... p_{s-1}. This is the CRT half of the "CRT-FFT" route of the thesis (section
 * 2.7): projection, s small-prime transforms, combination.
 *
 * <p><b>Layouts.</b> A batch of n values as limbs is one {@code long[]} of n * limbsPerValue
 * words, value i at {@code [i * limbsPerValue, (i + 1) * limbsPerValue)}, least significant limb
 * first. Residues are prime-major: the residue of value i modulo p_j is at {@code [j * n + i]},
 * which is the row layout of {@link org.modalg.fft.ntt.NttEngine} (row j is one transform over p_j).
 *
 * <p><b>Projection.</b> An integer x = sum_m x_m 2^(64 m) is reduced modulo p_j as the dot
 * product sum_m x_m (2^(64 m) mod p_j): independent 64 x 64 -&gt; 128-bit products (no dependency
 * chain through a modular reduction per limb) summed exactly in two words, the high word kept
 * below p_j by subtracting p_j 2^64, then one Montgomery reduction; the constants are stored in
 * Montgomery form, so that reduction yields the plain residue. They are precomputed for m &lt; T
 * (T = {@link #projectionBlock()}, more than the limb count of M); longer inputs are cut into
 * blocks of T limbs, combined by Horner's rule with 2^(64 T) mod p_j. Cost: two word
 * multiplications per limb and prime, plus two per residue.
 *
 * <p><b>Reconstruction.</b> Garner's algorithm writes x = a_0 + a_1 P_1 + ... + a_{s-1} P_{s-1}
 * with P_j = p_0 ... p_{j-1} and mixed-radix digits 0 &lt;= a_j &lt; p_j, where
 * a_j = (x_j - (a_0 + a_1 P_1 + ... + a_{j-1} P_{j-1})) P_j^-1 mod p_j. Each digit is computed
 * here as one dot product a_j = x_j e_j + sum_{i &lt; j} a_i d_{ij} mod p_j with the precomputed
 * constants e_j = P_j^-1 mod p_j (the classical Garner inverses, {@link #garnerInverse(int)}) and
 * d_{ij} = -P_i e_j mod p_j, in Montgomery form: the j products are independent, are summed
 * exactly and reduced once (Montgomery), instead of a chain of j dependent modular
 * multiplications. Then x is accumulated in limbs by Horner's rule
 * x = a_0 + p_0 (a_1 + p_1 (a_2 + ...)), one limb-times-word multiply-add per limb per step.
 * Cost per value: about s^2 word multiplications for the digits and s^2 / 2 limb multiply-adds
 * (two multiplications each) for the Horner step; no {@link BigInteger}, no allocation, and no
 * branch on data in either loop. Residues are read as unsigned 64-bit values and reduced on the way
 * (e_j multiplies the residue exactly), so lazily reduced transform output in [0, 2p) or [0, 4p)
 * is accepted as it is.
 *
 * <p><b>Threads.</b> Every batch method has an overload with a {@code threads} argument: 1 runs
 * in the calling thread, t &gt; 1 splits the values into contiguous ranges run on a shared
 * {@link ForkJoinPool} of parallelism t (created on first use, daemon threads). Values are
 * independent, so the results are bit-identical to the serial ones.
 *
 * <p><b>Precomputation.</b> O(s^2) words and O(s^2) modular multiplications for the Garner
 * constants, O(s T) for the projection table: intended for s up to a few hundred primes.
 *
 * <p><b>One basis, two digit loops.</b> The double-precision convolution pipeline takes its basis
 * from this class but runs Garner's digits in its own loops (the polynomial module's
 * {@code DoubleCrt}, constants from {@link #primeInverse}), because its residues are matrices of
 * doubles below 2^50 that fused multiply-add loops vectorize along rows, which these word loops
 * (one value at a time, Montgomery products below 2^62, limbs out) cannot take.
 *
 * <p>Instances are immutable and thread-safe. Bad input raises {@link IllegalArgumentException}
 * naming the parameter.
 */
public final class CrtBasis {

    /** Exclusive upper bound on every prime: 2^62. */
    public static final long MAX_PRIME_EXCLUSIVE = ZpField.MAX_MODULUS_EXCLUSIVE;

    /**
     * The most primes a basis takes: 4096 (M of up to about 254,000 bits). The Garner constants
     * take s (s + 1) / 2 words, 64 MiB at this size; larger moduli call for incremental or
     * subproduct-tree CRT instead.
     */
    public static final int MAX_SIZE = 4096;

    // Fewest limbs per projection block (the table of 2^(64 m) mod p_j has at least this many).
    private static final int MIN_PROJECTION_BLOCK = 16;

    // Fewest values per parallel task: below this, splitting costs more than it saves.
    private static final int MIN_GRAIN = 512;

    // Garner rows of at least this many terms are summed with split low words (mixedRadixDigits):
    // per value, s = 16 took 350 ns against 430 ns, s = 32 1.1 us against 1.6 us, s = 8 the same,
    // s = 2 twice as long (thread CPU time on one core of an AMD EPYC Zen 3 VM, JDK 17).
    private static final int SPLIT_ROW = 8;

    private static final long LOW32 = 0xFFFFFFFFL;


    private final long[] primes;
    private final UnsignedDivider[] dividers;
    private final ZpField[] fields;
    private final long[] pInv;          // p_j^-1 mod 2^64 for odd p_j, 0 for p_j = 2
    private final long[] barrett;       // floor(2^64 / p_j) for odd p_j, 0 for p_j = 2
    private final BigInteger modulus;
    private final int limbCount;        // limbs of M (at least 1)
    private final long[] modulusLimbs;  // M, limbCount words
    private final long[] halfLimbs;     // floor(M / 2), limbCount words
    // Garner constants in Montgomery form (see mont), row j (offset j (j + 1) / 2, length j + 1):
    // d_{0j}, ..., d_{j-1,j}, e_j.
    private final long[] garner;
    private final long[] garnerInverses; // e_j, plain
    private final int block;            // T: limbs per projection block
    private final long[] limbPowers;    // [j * T + m] = mont(2^(64 m) mod p_j)
    private final long[] blockPowers;   // [j] = mont(2^(64 T) mod p_j)
    private final int[] hornerLimbs;    // [i] = limbs of p_i p_{i+1} ... p_{s-1} - 1 (at least 1)

    private CrtBasis(long[] primes) {
        int s = primes.length;
        this.primes = primes;
        this.dividers = new UnsignedDivider[s];
        this.fields = new ZpField[s];
        this.pInv = new long[s];
        this.barrett = new long[s];
        BigInteger m = BigInteger.ONE;
        for (int j = 0; j < s; j++) {
            dividers[j] = new UnsignedDivider(primes[j]);
            fields[j] = ZpField.of(primes[j]);
            pInv[j] = primes[j] == 2 ? 0 : inverseMod64(primes[j]);
            barrett[j] = primes[j] == 2 ? 0 : dividers[j].quotient(1L, 0L);
            m = m.multiply(BigInteger.valueOf(primes[j]));
        }
        this.hornerLimbs = new int[s];
        BigInteger q = BigInteger.ONE;
        for (int i = s - 1; i >= 0; i--) {
            q = q.multiply(BigInteger.valueOf(primes[i]));
            hornerLimbs[i] = Math.max(1, (q.subtract(BigInteger.ONE).bitLength() + 63) / 64);
        }
        this.modulus = m;
        this.limbCount = Math.max(1, (m.bitLength() + 63) / 64);
        this.modulusLimbs = toLimbs(m, limbCount);
        this.halfLimbs = toLimbs(m.shiftRight(1), limbCount);

        // Garner: e_j = (p_0 ... p_{j-1})^-1 mod p_j, d_{ij} = -(p_0 ... p_{i-1}) e_j mod p_j.
        this.garner = new long[s * (s + 1) / 2];
        this.garnerInverses = new long[s];
        int row = 0;
        for (int j = 0; j < s; j++) {
            ZpField f = fields[j];
            long pj = primes[j];
            long partial = 1 % pj; // P_i mod p_j, for i = 0, 1, ..., j
            long[] partials = new long[j + 1];
            for (int i = 0; i <= j; i++) {
                partials[i] = partial;
                if (i < j) {
                    partial = f.mul(partial, f.reduce(primes[i]));
                }
            }
            long e = f.inv(partials[j]); // distinct primes: P_j is invertible mod p_j
            for (int i = 0; i < j; i++) {
                garner[row + i] = mont(j, f.neg(f.mul(partials[i], e)));
            }
            garner[row + j] = mont(j, e);
            garnerInverses[j] = e;
            row += j + 1;
        }

        // Projection: 2^(64 m) mod p_j for m < T, and 2^(64 T) mod p_j.
        this.block = Math.max(MIN_PROJECTION_BLOCK, limbCount + 1);
        this.limbPowers = new long[s * block];
        this.blockPowers = new long[s];
        for (int j = 0; j < s; j++) {
            ZpField f = fields[j];
            long rho = dividers[j].remainder(1L, 0L); // 2^64 mod p_j (1 < p_j, as required)
            long pw = 1 % primes[j];
            for (int t = 0; t < block; t++) {
                limbPowers[j * block + t] = mont(j, pw);
                pw = f.mul(pw, rho);
            }
            blockPowers[j] = mont(j, pw);
        }
    }

    // p^-1 mod 2^64 for odd p, by Newton's iteration (p p = 1 mod 8 gives 3 correct bits; each
    // step doubles them: 6, 12, 24, 48, 96).
    private static long inverseMod64(long p) {
        long x = p;
        for (int i = 0; i < 5; i++) {
            x *= 2 - p * x;
        }
        return x;
    }

    // The Montgomery form c 2^64 mod p_j of c in [0, p_j) for odd p_j; c itself for p_j = 2.
    // With constants in this form, redc of a sum of (any word) * (constant) is the plain residue.
    private long mont(int j, long c) {
        return primes[j] == 2 ? c : dividers[j].remainder(c, 0L);
    }

    // ------------------------------------------------------------------ factories

    /**
     * The basis of the given primes, in the given order (Garner's digits follow it).
     * Cost: s primality tests and O(s^2) modular multiplications.
     *
     * @param primes s &gt;= 1 distinct primes, each in [2, 2^62)
     * @throws IllegalArgumentException naming {@code primes} if it is null or empty, or an entry is
     *     out of range, composite or repeated
     */
    public static CrtBasis of(long... primes) {
        if (primes == null) {
            throw new IllegalArgumentException("primes must not be null");
        }
        if (primes.length == 0) {
            throw new IllegalArgumentException("primes must hold at least one prime, got none");
        }
        if (primes.length > MAX_SIZE) {
            throw new IllegalArgumentException("primes must hold at most MAX_SIZE = " + MAX_SIZE + " primes, got "
                    + primes.length);
        }
        long[] ps = primes.clone();
        Set<Long> seen = new HashSet<>();
        for (int j = 0; j < ps.length; j++) {
            long p = ps[j];
            if (p < 2 || p >= MAX_PRIME_EXCLUSIVE) {
                throw new IllegalArgumentException("primes[" + j + "] must be a prime in [2, 2^62), got " + p);
            }
            if (!NttPrimes.isPrime(p)) {
                throw new IllegalArgumentException("primes[" + j + "] must be prime, got " + p + " (composite)");
            }
            if (!seen.add(p)) {
                throw new IllegalArgumentException("primes must be distinct, but " + p + " appears twice (primes["
                        + j + "])");
            }
        }
        return new CrtBasis(ps);
    }

    /**
     * The fewest NTT primes below 2^62 with 2^minTwoAdicOrder | p - 1 (the largest such primes,
     * in decreasing order, from {@link NttPrimes#fewestAbove(int, long, int)}) whose product M
     * exceeds 2^bits, so that every unsigned value below 2^bits (and 2^bits itself) is
     * reconstructed exactly. About bits / 62 + 1 primes. The same as
     * {@link #fewestAbove(int, long, int) fewestAbove(bits, 2^62, minTwoAdicOrder)}, cached.
     *
     * @param bits the bit size of the values, &gt;= 0
     * @param minTwoAdicOrder s with 2^s | p - 1 for every prime (the transform length needed),
     *     0 &lt;= s &lt;= 61
     * @throws IllegalArgumentException naming {@code bits} or {@code minTwoAdicOrder} if out of
     *     range or if too few such primes exist
     */
    public static CrtBasis forBits(int bits, int minTwoAdicOrder) {
        return fewestAbove(bits, MAX_PRIME_EXCLUSIVE, minTwoAdicOrder);
    }

    private record BasisKey(int bits, long primeBound, int order) {
    }

    private static final int MAX_CACHED_BASES = 256;
    private static final ConcurrentHashMap<BasisKey, CrtBasis> BASES = new ConcurrentHashMap<>();

    /**
     * The one prime-basis cache of the library: the basis of the fewest primes p &lt; primeBound
     * with 2^minTwoAdicOrder | p - 1 whose product M exceeds 2^bits
     * ({@link NttPrimes#fewestAbove(int, long, int)}, the largest such primes, decreasing).
     * primeBound = {@link DoubleNttPlan#MAX_PRIME_EXCLUSIVE} gives the primes of the
     * double-precision NTT, 2^62 those of {@link org.modalg.fft.ntt.NttPlan}. For a signed result |v| &lt;= 2^(bits-1)
     * reconstructed symmetrically ask for bits = its bit size + 1.
     *
     * <p>Bases are immutable, so the same instance is returned for the same arguments (at most
     * 256 are kept; the cache is cleared when it is full). Cost of a miss: the prime search
     * (cached per (primeBound, s) in {@link NttPrimes}) and O(s^2) precomputation.
     *
     * @param bits in [0, 60 {@value #MAX_SIZE}]
     * @param primeBound exclusive bound on the primes, in [3, 2^62]
     * @param minTwoAdicOrder s in [0, 61]
     * @throws IllegalArgumentException naming the parameter if out of range, or if more than
     *     {@value #MAX_SIZE} primes (or more than exist) would be needed
     */
    public static CrtBasis fewestAbove(int bits, long primeBound, int minTwoAdicOrder) {
        if (bits < 0 || bits > MAX_SIZE * 60) {
            throw new IllegalArgumentException("bits must be in [0, " + (MAX_SIZE * 60) + "] (at most MAX_SIZE = "
                    + MAX_SIZE + " primes), got " + bits);
        }
        BasisKey key = new BasisKey(bits, primeBound, minTwoAdicOrder);
        CrtBasis b = BASES.get(key);
        if (b != null) {
            return b;
        }
        long[] ps = NttPrimes.fewestAbove(bits, primeBound, minTwoAdicOrder);
        checkCount(ps.length, "bits = " + bits);
        b = new CrtBasis(ps);
        if (BASES.size() >= MAX_CACHED_BASES) {
            BASES.clear();
        }
        CrtBasis prev = BASES.putIfAbsent(key, b);
        return prev != null ? prev : b;
    }

    /**
     * The fewest NTT primes below 2^62 with 2^minTwoAdicOrder | p - 1 whose product M exceeds
     * 2 * bound, so that every integer v with |v| &lt;= bound lies in the symmetric range
     * (-M/2, M/2] and is reconstructed exactly by {@link #reconstructSymmetric} and
     * {@link #toBigIntegers} with {@code symmetric = true}.
     *
     * @param bound the largest absolute value, &gt;= 0
     * @param minTwoAdicOrder as in {@link #forBits(int, int)}
     * @throws IllegalArgumentException naming {@code bound} or {@code minTwoAdicOrder} if null,
     *     negative or out of range, or if too few such primes exist
     */
    public static CrtBasis forSignedBound(BigInteger bound, int minTwoAdicOrder) {
        if (bound == null) {
            throw new IllegalArgumentException("bound must not be null");
        }
        if (bound.signum() < 0) {
            throw new IllegalArgumentException("bound must be >= 0, got " + bound);
        }
        if (bound.bitLength() > MAX_SIZE * 60 - 1) {
            throw new IllegalArgumentException("bound must have at most " + (MAX_SIZE * 60 - 1)
                    + " bits (at most MAX_SIZE = " + MAX_SIZE + " primes), got " + bound.bitLength());
        }
        long[] ps;
        try {
            ps = NttPrimes.fewestAbove(bound.shiftLeft(1), MAX_PRIME_EXCLUSIVE, minTwoAdicOrder);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bound of " + bound.bitLength() + " bits: " + e.getMessage(), e);
        }
        checkCount(ps.length, "bound of " + bound.bitLength() + " bits");
        return new CrtBasis(ps);
    }

    private static void checkCount(int count, String what) {
        if (count > MAX_SIZE) {
            throw new IllegalArgumentException("too many primes needed for " + what + ": " + count
                    + ", more than MAX_SIZE = " + MAX_SIZE);
        }
    }

    // ------------------------------------------------------------------ parameters

    /** The number s of primes. */
    public int size() {
        return primes.length;
    }

    /** The prime p_j. */
    public long prime(int j) {
        if (j < 0 || j >= primes.length) {
            throw new IllegalArgumentException("j must be in [0, " + primes.length + "), got " + j);
        }
        return primes[j];
    }

    /** A copy of the primes, in basis order. */
    public long[] primes() {
        return primes.clone();
    }

    /** M = p_0 p_1 ... p_{s-1}. */
    public BigInteger modulus() {
        return modulus;
    }

    /** The number of 64-bit limbs of M (at least 1): the smallest admissible limbsPerValue. */
    public int modulusLimbCount() {
        return limbCount;
    }

    /** M as {@link #modulusLimbCount()} little-endian limbs (a copy). */
    public long[] modulusLimbs() {
        return modulusLimbs.clone();
    }

    /** Garner's constant (p_0 ... p_{j-1})^-1 mod p_j (1 for j = 0). */
    public long garnerInverse(int j) {
        prime(j);
        return garnerInverses[j];
    }

    /**
     * p_m^-1 mod p_j (m != j), the constant of Garner's digit in its chained form
     * a_j = ((x_j - a_0) p_0^-1 - a_1) p_1^-1 - ... mod p_j, which the double-precision digit
     * loops of the convolution pipeline take (the polynomial module's {@code DoubleCrt}, built on
     * a basis of this class). One modular inversion per call; nothing stored (s^2 words would be
     * too many for the largest bases).
     *
     * @throws IllegalArgumentException naming m or j if out of [0, s), or if m == j
     */
    public long primeInverse(int m, int j) {
        if (m < 0 || m >= primes.length) {
            throw new IllegalArgumentException("m must be in [0, " + primes.length + "), got " + m);
        }
        prime(j);
        if (m == j) {
            throw new IllegalArgumentException("m must differ from j (p_j has no inverse mod p_j), got m = j = " + j);
        }
        ZpField f = fields[j];
        return f.inv(f.reduce(primes[m])); // distinct primes: p_m is invertible mod p_j
    }

    /** T: the limbs per projection block (the length of the precomputed table of 2^(64 m) mod p_j). */
    public int projectionBlock() {
        return block;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CrtBasis && Arrays.equals(((CrtBasis) o).primes, primes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(primes);
    }

    @Override
    public String toString() {
        return "CrtBasis(s = " + primes.length + ", M of " + modulus.bitLength() + " bits)";
    }

    // ------------------------------------------------------------------ projection: limbs

    /**
     * residues[resOff + j] = x mod p_j for the unsigned integer x = sum_m limbs[off + m] 2^(64 m),
     * m &lt; len (little-endian; any length). Cost: about 2 len s word multiplications.
     *
     * @throws IllegalArgumentException naming the parameter if an array is null or a range does
     *     not fit its array
     */
    public void project(long[] limbs, int off, int len, long[] residues, int resOff) {
        checkArray(limbs, "limbs");
        if (len < 0) {
            throw new IllegalArgumentException("len must be >= 0, got " + len);
        }
        if (off < 0 || off > limbs.length - len) {
            throw new IllegalArgumentException("off: the range [" + off + ", " + off + " + len) with len = " + len
                    + " does not fit limbs of length " + limbs.length);
        }
        checkArray(residues, "residues");
        if (resOff < 0 || resOff > residues.length - primes.length) {
            throw new IllegalArgumentException("resOff: the range [" + resOff + ", " + resOff + " + s) with s = "
                    + primes.length + " does not fit residues of length " + residues.length);
        }
        for (int j = 0; j < primes.length; j++) {
            residues[resOff + j] = residueOfLimbs(limbs, off, len, j);
        }
    }

    /** {@link #projectAll(long[], int, int, long[], int)} in the calling thread. */
    public void projectAll(long[] limbs, int n, int limbsPerValue, long[] out) {
        projectAll(limbs, n, limbsPerValue, out, 1);
    }

    /**
     * out[j * n + i] = x_i mod p_j for the n unsigned values x_i of limbsPerValue limbs each,
     * value i at limbs[i * limbsPerValue ..]. Any limbsPerValue works (longer than M too). Cost:
     * about 2 n limbsPerValue s word multiplications, split over threads.
     *
     * @param threads 1 for the calling thread, more for a ForkJoin pool of that parallelism
     * @throws IllegalArgumentException naming the parameter if an array is null or too short,
     *     n &lt; 0, limbsPerValue &lt; 1 or threads &lt; 1
     */
    public void projectAll(long[] limbs, int n, int limbsPerValue, long[] out, int threads) {
        checkBatch(limbs, n, limbsPerValue, out, threads);
        forRange(n, threads, (from, to) -> projectRange(limbs, n, limbsPerValue, out, from, to, false));
    }

    /** {@link #projectAllSigned(long[], int, int, long[], int)} in the calling thread. */
    public void projectAllSigned(long[] limbs, int n, int limbsPerValue, long[] out) {
        projectAllSigned(limbs, n, limbsPerValue, out, 1);
    }

    /**
     * As {@link #projectAll(long[], int, int, long[], int)} for values in two's complement over
     * limbsPerValue limbs (the layout {@link #reconstructSymmetric} writes): a value whose top
     * limb has its sign bit set is negative, and maps to its residue in [0, p_j).
     */
    public void projectAllSigned(long[] limbs, int n, int limbsPerValue, long[] out, int threads) {
        checkBatch(limbs, n, limbsPerValue, out, threads);
        forRange(n, threads, (from, to) -> projectRange(limbs, n, limbsPerValue, out, from, to, true));
    }

    private void projectRange(long[] limbs, int n, int lpv, long[] out, int from, int to, boolean signed) {
        final int s = primes.length;
        long[] wrap = null; // 2^(64 lpv) mod p_j: what a negative value's unsigned reading adds
        if (signed) {
            wrap = new long[s];
            for (int j = 0; j < s; j++) {
                wrap[j] = fields[j].pow(dividers[j].remainder(1L, 0L), lpv);
            }
        }
        for (int i = from; i < to; i++) {
            int off = i * lpv;
            boolean negative = signed && limbs[off + lpv - 1] < 0;
            for (int j = 0; j < s; j++) {
                long r = residueOfLimbs(limbs, off, lpv, j);
                if (negative) {
                    r = fields[j].sub(r, wrap[j]);
                }
                out[j * n + i] = r;
            }
        }
    }

    // x mod p_j for the unsigned len-limb x at limbs[off ..], by blocks of T limbs from the top.
    private long residueOfLimbs(long[] limbs, int off, int len, int j) {
        final int t = block;
        final long p = primes[j];
        final long pi = pInv[j];
        if (len <= t) {
            return dotRedc(limbs, off, len, limbPowers, j * t, 0L, 0L, p, pi);
        }
        long r = 0;
        for (int start = (len - 1) / t * t; start >= 0; start -= t) {
            r = dotRedc(limbs, off + start, Math.min(t, len - start), limbPowers, j * t, r, blockPowers[j], p, pi);
        }
        return r;
    }

    /*
     * redc(head * headC + sum_{m < len} x[xo + m] * c[co + m]) for unsigned 64-bit words x[..] and
     * head, and constants c[..], headC in [0, p): with constants in Montgomery form (mont), this
     * is the plain residue of sum x_m c_m (see redc).
     *
     * The sum is kept as (hi, lo) with hi < p: a product x c is below 2^64 c, so its high word is
     * below c < p; adding it and the carry out of lo leaves hi < 2p, and subtracting p from hi
     * (that is, p 2^64 from the sum) restores hi < p without changing the residue. Carries are
     * computed with bit operations, not comparisons: a comparison that the compiler turns into a
     * branch costs a misprediction whenever the data make the carry hard to guess.
     */
    private static long dotRedc(long[] x, int xo, int len, long[] c, int co, long head, long headC, long p,
            long pInv) {
        long lo = head * headC;
        long hi = Math.multiplyHigh(head, headC) + ((head >> 63) & headC); // below headC < p
        for (int m = 0; m < len; m++) {
            long a = x[xo + m];
            long b = c[co + m];
            long pl = a * b;
            long ph = Math.multiplyHigh(a, b) + ((a >> 63) & b); // unsigned high word; b >= 0
            long sum = lo + pl;
            hi += ph + addCarry(lo, pl, sum);
            lo = sum;
            long h = hi - p;
            hi = h + ((h >> 63) & p);
        }
        return redc(hi, lo, p, pInv);
    }

    // The carry out of the unsigned addition sum = a + b: 0 or 1.
    private static long addCarry(long a, long b, long sum) {
        return ((a & b) | ((a | b) & ~sum)) >>> 63;
    }

    /*
     * redc(hi 2^64 + sHi 2^32 + sLo + lo0). Preconditions, met by mixedRadixDigits: sLo < 2^63 and
     * hi + (sHi >>> 32) + 2 < 2^64 (there hi < p + 7 2^60, and sHi >>> 32 is below the number of
     * terms).
     */
    private static long finish(long hi, long lo0, long sLo, long sHi, long p, long pInv, long v) {
        long lo = lo0 + sLo;
        long carry = (lo0 & ~lo) >>> 63; // sLo < 2^63: the sum wrapped iff lo0's top bit went away
        long t = sHi << 32;
        long lo2 = lo + t;
        hi += (sHi >>> 32) + carry + addCarry(lo, t, lo2);
        return redc(foldHigh(hi, p, v), lo2, p, pInv);
    }

    /*
     * A value in [0, p) congruent to hi modulo p, for any unsigned 64-bit hi, given
     * v = floor(2^64 / p) (Barrett). With v = 2^64 / p - eps, 0 <= eps < 1, the quotient estimate
     * q = floor(hi v / 2^64) satisfies hi / p - 2 < q <= hi / p, so hi - q p lies in [0, 2p), and one
     * conditional subtraction ends. For p = 2 (v = 0) the result is unspecified and unused.
     */
    private static long foldHigh(long hi, long p, long v) {
        long q = Math.multiplyHigh(hi, v) + ((hi >> 63) & v); // v < 2^63: only hi needs the correction
        long r = hi - q * p - p;
        return r + ((r >> 63) & p);
    }

    /*
     * Montgomery reduction of T = hi 2^64 + lo with hi < p: T 2^-64 mod p in [0, p) for odd p
     * (pInv = p^-1 mod 2^64), and T mod 2 for p = 2 (pInv = 0).
     * With m = lo pInv mod 2^64, m p has low word lo, so (T - m p) / 2^64 = hi - high(m p) exactly,
     * and it lies in (-p, p) because hi < p and m p < 2^64 p; one conditional addition of p ends.
     */
    private static long redc(long hi, long lo, long p, long pInv) {
        if (pInv == 0) {
            return lo & 1; // p = 2: 2^64 = 0 mod 2
        }
        long m = lo * pInv;
        long t = hi - (Math.multiplyHigh(m, p) + ((m >> 63) & p));
        return t + ((t >> 63) & p);
    }

    // ------------------------------------------------------------------ projection: BigInteger

    /** {@link #project(BigInteger[], long[], int)} in the calling thread. */
    public void project(BigInteger[] values, long[] out) {
        project(values, out, 1);
    }

    /**
     * out[j * n + i] = values[i] mod p_j in [0, p_j), n = values.length, for integers of any sign
     * and size (a negative v maps to p_j - (|v| mod p_j), or 0). Cost: O(bits / 8) to unpack each
     * value, then as {@link #projectAll}.
     *
     * @throws IllegalArgumentException naming the parameter if values, an entry of it or out is
     *     null, out is shorter than s n, or threads &lt; 1
     */
    public void project(BigInteger[] values, long[] out, int threads) {
        checkArray(values, "values");
        int n = values.length;
        for (int i = 0; i < n; i++) {
            if (values[i] == null) {
                throw new IllegalArgumentException("values[" + i + "] must not be null");
            }
        }
        checkOut(out, n, "out");
        checkThreads(threads);
        forRange(n, threads, (from, to) -> {
            long[] scratch = new long[limbCount + 1];
            for (int i = from; i < to; i++) {
                BigInteger v = values[i];
                int len;
                if (v.bitLength() < 64) { // |v| < 2^63: one limb, no copy of the magnitude
                    scratch[0] = Math.abs(v.longValue());
                    len = 1;
                } else {
                    BigInteger mag = v.abs();
                    len = Math.max(1, (mag.bitLength() + 63) / 64);
                    if (scratch.length < len) {
                        scratch = new long[Math.max(len, 2 * scratch.length)];
                    }
                    unpack(mag, scratch, len);
                }
                for (int j = 0; j < primes.length; j++) {
                    long r = residueOfLimbs(scratch, 0, len, j);
                    out[j * n + i] = v.signum() < 0 ? fields[j].neg(r) : r;
                }
            }
        });
    }

    // ------------------------------------------------------------------ projection: GF(p), p = r^k + 1

    /** {@link #projectGf(GfField, long[], int, long[], int)} in the calling thread. */
    public void projectGf(GfField f, long[] elems, int n, long[] out) {
        projectGf(f, elems, n, out, 1);
    }

    /**
     * out[j * n + i] = v_i mod p_j, where v_i = sum_m x_m r^m in [0, p) is the canonical integer
     * representative of element i of the generalized Fermat field f (k digits x_m at
     * elems[i k + m], element-major; r^k = p - 1 is digit k-1 = r). This is the projection step
     * of the CRT route to the big-prime DFT (thesis section 2.7), with s &gt;= about 2k primes.
     *
     * <p>Cost: n k s digit-by-constant products (two word multiplications each, independent,
     * summed exactly in two words) plus one Montgomery reduction per element and prime, i.e.
     * about 2 n k s multiplications; setup O(k s) for the table r^m mod p_j; the canonical check
     * O(n k). For s = 2k this is 4 n k^2 multiplications, the same order as the k^2 products of
     * one schoolbook multiplication per element.
     *
     * @throws IllegalArgumentException naming the parameter if f, elems or out is null or too
     *     short, n &lt; 0, an element is not canonical, or threads &lt; 1
     */
    public void projectGf(GfField f, long[] elems, int n, long[] out, int threads) {
        if (f == null) {
            throw new IllegalArgumentException("f must not be null");
        }
        checkArray(elems, "elems");
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        final int k = f.k();
        if (elems.length < (long) n * k) {
            throw new IllegalArgumentException("elems must hold n k = " + n + " * " + k + " digits, got length "
                    + elems.length);
        }
        for (int i = 0; i < n; i++) {
            if (!f.isCanonical(elems, i * k)) {
                throw new IllegalArgumentException("elems: element " + i + " is not canonical in " + f.name()
                        + " (digits must be < r, or the element must be r^k)");
            }
        }
        checkOut(out, n, "out");
        checkThreads(threads);
        final int s = primes.length;
        // radixPowers[j * k + m] = r^m mod p_j.
        final long[] radixPowers = new long[s * k];
        for (int j = 0; j < s; j++) {
            long rj = dividers[j].remainder(0L, f.radix());
            long pw = 1 % primes[j];
            for (int m = 0; m < k; m++) {
                radixPowers[j * k + m] = mont(j, pw);
                pw = fields[j].mul(pw, rj);
            }
        }
        forRange(n, threads, (from, to) -> {
            for (int i = from; i < to; i++) {
                for (int j = 0; j < s; j++) {
                    out[j * n + i] = dotRedc(elems, i * k, k, radixPowers, j * k, 0L, 0L, primes[j], pInv[j]);
                }
            }
        });
    }

    // ------------------------------------------------------------------ reconstruction

    /** {@link #reconstructUnsigned(long[], int, long[], int, int)} in the calling thread. */
    public void reconstructUnsigned(long[] residues, int n, long[] outLimbs, int limbsPerValue) {
        reconstructUnsigned(residues, n, outLimbs, limbsPerValue, 1);
    }

    /**
     * For each i &lt; n, writes the unique x in [0, M) with x = residues[j * n + i] mod p_j for
     * every j, as limbsPerValue little-endian limbs at outLimbs[i * limbsPerValue ..] (zero-padded
     * above M's limbs). Residues are read as unsigned 64-bit values, so they need not be reduced.
     * Cost per value: about s^2 word multiplications (Garner digits) plus s^2 / 2 limb
     * multiply-adds (Horner), split over threads.
     *
     * @param limbsPerValue at least {@link #modulusLimbCount()}
     * @throws IllegalArgumentException naming the parameter if an array is null or too short,
     *     n &lt; 0, limbsPerValue &lt; modulusLimbCount() or threads &lt; 1
     */
    public void reconstructUnsigned(long[] residues, int n, long[] outLimbs, int limbsPerValue, int threads) {
        checkReconstruct(residues, n, outLimbs, limbsPerValue, threads);
        forRange(n, threads, (from, to) -> reconstructRange(residues, n, outLimbs, limbsPerValue, from, to, false));
    }

    /** {@link #reconstructSymmetric(long[], int, long[], int, int)} in the calling thread. */
    public void reconstructSymmetric(long[] residues, int n, long[] outLimbs, int limbsPerValue) {
        reconstructSymmetric(residues, n, outLimbs, limbsPerValue, 1);
    }

    /**
     * As {@link #reconstructUnsigned(long[], int, long[], int, int)}, but the value written is the
     * unique x in (-M/2, M/2] (for odd M: |x| &lt;= (M-1)/2), in two's complement over
     * limbsPerValue limbs (a negative value has all limbs above M's limbs equal to -1). Same cost
     * plus O(limbs) per value for the comparison with M/2 and the subtraction of M.
     */
    public void reconstructSymmetric(long[] residues, int n, long[] outLimbs, int limbsPerValue, int threads) {
        checkReconstruct(residues, n, outLimbs, limbsPerValue, threads);
        forRange(n, threads, (from, to) -> reconstructRange(residues, n, outLimbs, limbsPerValue, from, to, true));
    }

    /** {@link #toBigIntegers(long[], int, boolean, int)} in the calling thread. */
    public BigInteger[] toBigIntegers(long[] residues, int n, boolean symmetric) {
        return toBigIntegers(residues, n, symmetric, 1);
    }

    /**
     * The n values of {@link #reconstructUnsigned} ({@code symmetric = false}, in [0, M)) or of
     * {@link #reconstructSymmetric} ({@code symmetric = true}, in (-M/2, M/2]) as BigIntegers.
     * Same cost plus O(limbs) per value for the conversion.
     *
     * @throws IllegalArgumentException naming the parameter if residues is null or shorter than
     *     s n, n &lt; 0 or threads &lt; 1
     */
    public BigInteger[] toBigIntegers(long[] residues, int n, boolean symmetric, int threads) {
        checkArray(residues, "residues");
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        checkResidues(residues, n);
        checkThreads(threads);
        BigInteger[] result = new BigInteger[n];
        final int l = limbCount;
        forRange(n, threads, (from, to) -> {
            long[] digits = new long[primes.length];
            long[] limbs = new long[l];
            long[] scratch = new long[l];
            for (int i = from; i < to; i++) {
                reconstructOne(residues, n, i, digits, limbs, 0, l, symmetric);
                result[i] = pack(limbs, l, scratch, symmetric);
            }
        });
        return result;
    }

    private void reconstructRange(long[] residues, int n, long[] out, int lpv, int from, int to, boolean symmetric) {
        long[] digits = new long[primes.length];
        for (int i = from; i < to; i++) {
            reconstructOne(residues, n, i, digits, out, i * lpv, lpv, symmetric);
        }
    }

    // Value i: Garner digits, Horner into out[base .. base + lpv), then the symmetric fold.
    private void reconstructOne(long[] residues, int n, int i, long[] digits, long[] out, int base, int lpv,
            boolean symmetric) {
        mixedRadixDigits(residues, n, i, digits);
        hornerToLimbs(digits, out, base, lpv);
        if (symmetric) {
            foldSymmetric(out, base, lpv);
        }
    }

    /*
     * a_j = (x_j e_j + sum_{i < j} a_i d_{ij}) mod p_j (constants in Montgomery form), the last
     * term being the one with the newest digit a_{j-1}. Two ways to sum (SPLIT_ROW: which is
     * faster where):
     * - short rows (j < SPLIT_ROW): as in dotRedc, hi kept below p after every term;
     * - longer rows: the low words of the products are split into 32-bit halves and summed without
     *   carries (each half-sum stays below j 2^32), the high words go to hi. The products a_i d_{ij}
     *   are below 2^124 (a_i, d_{ij} < 2^62), so their high words are below 2^60, and hi (below p
     *   at the start of a group) takes eight of them before foldHigh brings it back below p:
     *   p + 8 2^60 < 2^64. This needs fewer operations per term and more per row.
     */
    private void mixedRadixDigits(long[] residues, int n, int i, long[] digits) {
        final long[] g = garner;
        final int s = primes.length;
        int row = 0;
        for (int j = 0; j < s; j++) {
            final long p = primes[j];
            long x = residues[j * n + i];
            long e = g[row + j];
            long lo = x * e;
            long hi = Math.multiplyHigh(x, e) + ((x >> 63) & e); // below e < p: x is unsigned
            if (j < SPLIT_ROW) {
                for (int m = 0; m < j; m++) {
                    long a = digits[m];
                    long d = g[row + m];
                    long pl = a * d;
                    long sum = lo + pl;
                    hi += Math.multiplyHigh(a, d) + addCarry(lo, pl, sum); // a, d < 2^62: signed = unsigned
                    lo = sum;
                    long h = hi - p;
                    hi = h + ((h >> 63) & p);
                }
                digits[j] = redc(hi, lo, p, pInv[j]);
            } else {
                final long v = barrett[j];
                long sLo = 0;
                long sHi = 0;
                int m = 0;
                while (j - m >= 8) {
                    for (int end = m + 8; m < end; m++) {
                        long l = digits[m] * g[row + m];
                        hi += Math.multiplyHigh(digits[m], g[row + m]);
                        sLo += l & LOW32;
                        sHi += l >>> 32;
                    }
                    hi = foldHigh(hi, p, v);
                }
                for (; m < j; m++) {
                    long l = digits[m] * g[row + m];
                    hi += Math.multiplyHigh(digits[m], g[row + m]);
                    sLo += l & LOW32;
                    sHi += l >>> 32;
                }
                digits[j] = finish(hi, lo, sLo, sHi, p, pInv[j], v);
            }
            row += j + 1;
        }
    }

    /*
     * x = a_{s-1}; x = x p_i + a_i for i = s-2 .. 0, in out[base ..]. After the step for i,
     * x = sum_{m >= i} a_m P_m / P_i < p_i ... p_{s-1} = Q_i, so it fits hornerLimbs[i] <= lpv limbs,
     * which is at most one more than before the step (p_i < 2^64); when it is not one more, the
     * final carry is zero. Each limb step: (hi, lo) = limb * p_i + carry with carry < p_i, so
     * hi < p_i.
     */
    private void hornerToLimbs(long[] digits, long[] out, int base, int lpv) {
        final int s = primes.length;
        final int[] lens = hornerLimbs;
        out[base] = digits[s - 1];
        int len = 1;
        for (int i = s - 2; i >= 0; i--) {
            long p = primes[i];
            long carry = digits[i];
            for (int t = base; t < base + len; t++) {
                long x = out[t];
                long pl = x * p;
                long lo = pl + carry;
                // carry < 2^63, so the sum wrapped iff pl's top bit went away.
                carry = Math.multiplyHigh(x, p) + ((x >> 63) & p) + ((pl & ~lo) >>> 63);
                out[t] = lo;
            }
            if (lens[i] > len) {
                out[base + len] = carry;
                len = lens[i];
            }
        }
        Arrays.fill(out, base + len, base + lpv, 0L);
    }

    // If x > floor(M/2): x -= M, in two's complement over lpv limbs (limbs above limbCount are 0).
    private void foldSymmetric(long[] out, int base, int lpv) {
        final int l = limbCount;
        boolean greater = false;
        for (int t = l - 1; t >= 0; t--) {
            long x = out[base + t];
            long h = halfLimbs[t];
            if (x != h) {
                greater = Long.compareUnsigned(x, h) > 0;
                break;
            }
        }
        if (!greater) {
            return;
        }
        long borrow = 0;
        for (int t = 0; t < l; t++) {
            long x = out[base + t];
            long m = modulusLimbs[t];
            long d = x - m - borrow;
            // Borrow out of x - m - borrow (borrow in {0, 1}).
            borrow = ((~x & m) | (~(x ^ m) & d)) >>> 63;
            out[base + t] = d;
        }
        // x < M, so the borrow is 1 here and the value is negative: sign-extend.
        Arrays.fill(out, base + l, base + lpv, -1L);
    }

    // ------------------------------------------------------------------ conversions

    // |v| = mag >= 0 into dst[0 .. len), len >= its limb count.
    private static void unpack(BigInteger mag, long[] dst, int len) {
        BigIntegerWords.magnitude(mag, dst, len);
    }

    // The value of l limbs: unsigned, or two's complement when signed (scratch: l limbs).
    private static BigInteger pack(long[] limbs, int l, long[] scratch, boolean signed) {
        if (!signed || limbs[l - 1] >= 0) {
            return BigIntegerWords.valueOf(limbs, l, 1);
        }
        long borrow = 1; // the magnitude of a negative value: ~limbs + 1
        for (int t = 0; t < l; t++) {
            long x = ~limbs[t] + borrow;
            borrow = borrow != 0 && x == 0 ? 1 : 0;
            scratch[t] = x;
        }
        return BigIntegerWords.valueOf(scratch, l, -1);
    }

    private static long[] toLimbs(BigInteger v, int count) {
        long[] out = new long[count];
        unpack(v, out, count);
        return out;
    }

    // ------------------------------------------------------------------ validation

    private static void checkArray(Object a, String param) {
        if (a == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
    }

    private static void checkThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "], got " + threads);
        }
    }

    // ForkJoinPool's limit on parallelism.
    private static final int MAX_THREADS = 0x7fff;

    private void checkOut(long[] out, int n, String param) {
        checkArray(out, param);
        if (out.length < (long) primes.length * n) {
            throw new IllegalArgumentException(param + " must hold s n = " + primes.length + " * " + n
                    + " residues (prime-major), got length " + out.length);
        }
    }

    private void checkResidues(long[] residues, int n) {
        if (residues.length < (long) primes.length * n) {
            throw new IllegalArgumentException("residues must hold s n = " + primes.length + " * " + n
                    + " values (prime-major), got length " + residues.length);
        }
    }

    private void checkBatch(long[] limbs, int n, int limbsPerValue, long[] out, int threads) {
        checkArray(limbs, "limbs");
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (limbsPerValue < 1) {
            throw new IllegalArgumentException("limbsPerValue must be >= 1, got " + limbsPerValue);
        }
        if (limbs.length < (long) n * limbsPerValue) {
            throw new IllegalArgumentException("limbs must hold n limbsPerValue = " + n + " * " + limbsPerValue
                    + " limbs, got length " + limbs.length);
        }
        checkOut(out, n, "out");
        checkThreads(threads);
    }

    private void checkReconstruct(long[] residues, int n, long[] outLimbs, int limbsPerValue, int threads) {
        checkArray(residues, "residues");
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        checkResidues(residues, n);
        checkArray(outLimbs, "outLimbs");
        if (limbsPerValue < limbCount) {
            throw new IllegalArgumentException("limbsPerValue must be >= " + limbCount + " (the limbs of M, "
                    + modulus.bitLength() + " bits), got " + limbsPerValue);
        }
        if (outLimbs.length < (long) n * limbsPerValue) {
            throw new IllegalArgumentException("outLimbs must hold n limbsPerValue = " + n + " * " + limbsPerValue
                    + " limbs, got length " + outLimbs.length);
        }
        checkThreads(threads);
    }

    // ------------------------------------------------------------------ threads

    // body over [0, n), in the calling thread or split over a pool of the given parallelism.
    private static void forRange(int n, int threads, ParallelRange.Body body) {
        if (threads <= 1 || n < 2 * MIN_GRAIN) {
            body.run(0, n);
            return;
        }
        // About 4 ranges per thread, for balance when threads are shared or unequal.
        int grain = Math.max(MIN_GRAIN, (int) (((long) n + 4L * threads - 1) / (4L * threads)));
        ParallelRange.run(pool(threads), 0, n, grain, body);
    }

    private static ForkJoinPool pool(int threads) {
        return WorkerPools.of(threads);
    }
}
