package org.modalg.polynomial;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.CpuNttEngine;
import org.modalg.fft.DoubleNttPlan;
import org.modalg.fft.NttEngines;
import org.modalg.fields.NttPrimes;

/**
 * Products of polynomials over Z by the small-prime route on {@link DoubleNttPlan}: residues
 * modulo s primes below 2^50 (the fewest whose product M exceeds 2^(bound + 1), bound from
 * {@link PolyMulZZ#productBoundBits}, so that every coefficient is determined in the symmetric
 * range), one cyclic convolution of length 2^ceil(log2(aLen + bLen - 1)) per prime in
 * double-precision arithmetic that the JIT vectorizes, and Garner's CRT back to BigInteger
 * ({@link DoubleCrt}). For 64-bit coefficients and products of length up to 2^21, three primes
 * suffice (M &gt; 2^149.9).
 *
 * <p>Cost: O(s N log N) for the transforms (about 0.75 ns per butterfly), O(s N bits / 64)
 * for the projection and O(s^2 N) for the CRT; the primes run in parallel when there are at
 * least twice as many as threads, otherwise each transform uses the threads.
 */
final class DoubleNttPolyMul {
    private DoubleNttPolyMul() {
    }

    /** Primes are the largest below 2^50 with 2^TWO_ADIC | p - 1. */
    static final int TWO_ADIC = 28;

    private static final ConcurrentHashMap<Integer, DoubleCrt> BASES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();
    private static volatile long[] primes = new long[0];

    /** Most primes: coefficients of up to about 100,000 bits. */
    static final int MAX_PRIMES = 4096;

    /** The fewest of the largest primes below 2^50 (2^28 | p - 1) with product above 2^(bits + 1). */
    static DoubleCrt basis(int bits) {
        return BASES.computeIfAbsent(bits, k -> {
            int s = (bits + 1) / 49 + 1;
            long[] ps = primes(s);
            BigInteger target = BigInteger.ONE.shiftLeft(bits + 1);
            BigInteger m = BigInteger.ONE;
            int used = 0;
            while (m.compareTo(target) <= 0) {
                if (used == ps.length) {
                    ps = primes(2 * used);
                }
                m = m.multiply(BigInteger.valueOf(ps[used++]));
            }
            return new DoubleCrt(Arrays.copyOf(ps, used));
        });
    }

    private static synchronized long[] primes(int count) {
        if (primes.length < count) {
            if (count > MAX_PRIMES) {
                throw new IllegalArgumentException("coefficients too large for the NTT route: "
                        + count + " primes needed, at most " + MAX_PRIMES);
            }
            primes = NttPrimes.generate(count, DoubleNttPlan.MAX_PRIME_EXCLUSIVE, TWO_ADIC);
        }
        return primes;
    }

    /**
     * c[cOff ..] = a * b (preconditions of {@link PolyMulZZ}), on {@code threads} threads.
     *
     * @throws IllegalArgumentException if the product is longer than 2^28 or needs more than
     *     {@link #MAX_PRIMES} primes
     */
    static void mul(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
            BigInteger[] c, int cOff, int threads) {
        int n = aLen + bLen - 1;
        int bitsA = PolyMulZZ.maxBits(a, aOff, aLen);
        int bitsB = PolyMulZZ.maxBits(b, bOff, bLen);
        if (bitsA == 0 || bitsB == 0) {
            Arrays.fill(c, cOff, cOff + n, BigInteger.ZERO);
            return;
        }
        boolean square = a == b && aOff == bOff && aLen == bLen;
        ForkJoinPool pool = pool(threads);
        DoubleNttPlan shape = shapePlan(n);
        double[][][] wa = planes(wordCount(bitsA), aLen, shape);
        words(a, aOff, aLen, wa, pool);
        double[][][] wb = wa;
        if (!square) {
            wb = planes(wordCount(bitsB), bLen, shape);
            words(b, bOff, bLen, wb, pool);
        }
        PackedCoefficients p = mulPacked(wa, aLen, bitsA, wb, bLen, bitsB, threads);
        giveBack(wa);
        if (!square) {
            giveBack(wb);
        }
        BigInteger[] out = p.toBigIntegers();
        System.arraycopy(out, 0, c, cOff, out.length);
        Arrays.fill(c, cOff + out.length, cOff + n, BigInteger.ZERO);
    }

    /**
     * f g (g == f: a square) by this route, packed, when {@link PolyMulZZ#mul}'s rule picks
     * the small-prime NTT for these operands and the NTT runs on the CPU
     * ({@link NttEngines#shared()} is the CPU engine); otherwise null. Operands already packed
     * are read without making their BigIntegers.
     */
    static ZZPoly multiplyIfChosen(ZZPoly f, ZZPoly g) {
        int bitsA = f.maxCoefficientBits();
        int bitsB = g == f ? bitsA : g.maxCoefficientBits();
        int bits = Math.max(bitsA, bitsB);
        int n = Math.min(f.length(), g.length());
        if (bitsA == 0 || bitsB == 0 || !PolyMulZZ.choosesNtt(bits, n)
                || !(NttEngines.shared() instanceof CpuNttEngine)) {
            return null;
        }
        int threads = CpuNttEngine.shared().threads();
        ForkJoinPool pool = pool(threads);
        DoubleNttPlan shape = shapePlan(f.length() + g.length() - 1);
        double[][][] wa = words(f, bitsA, shape, pool);
        double[][][] wb = g == f ? wa : words(g, bitsB, shape, pool);
        ZZPoly product = ZZPoly.wrap(mulPacked(wa, f.length(), bitsA, wb, g.length(), bitsB, threads));
        giveBack(wa);
        if (wb != wa) {
            giveBack(wb);
        }
        return product;
    }

    private static double[][][] words(ZZPoly f, int bits, DoubleNttPlan shape, ForkJoinPool pool) {
        double[][][] planes = planes(wordCount(bits), f.length(), shape);
        PackedCoefficients p = f.packed();
        if (p != null) {
            p.words(planes);
        } else {
            words(f.coeffs(), 0, f.length(), planes, pool);
        }
        return planes;
    }

    static int wordCount(int bits) {
        return Math.max(1, (bits + 31) / 32);
    }

    // A plan whose matrix shape is that of a product of n coefficients (checks the length).
    static DoubleNttPlan shapePlan(int n) {
        int log2n = Math.max(DoubleNttPlan.MIN_LOG2N, PolyMulZZ.ceilLog2(n));
        if (log2n > DoubleNttPlan.MAX_LOG2N) {
            throw new IllegalArgumentException("product length " + n + " exceeds the NTT limit 2^"
                    + DoubleNttPlan.MAX_LOG2N);
        }
        return DoubleNttPlan.of(primes(1)[0], log2n);
    }

    static ForkJoinPool pool(int threads) {
        return threads <= 1 ? null : POOLS.computeIfAbsent(threads, ForkJoinPool::new);
    }

    /**
     * The product of the polynomials given by their signed 32-bit word planes ({@link #words};
     * wb == wa for a square) of lengths aLen, bLen and coefficient bits bitsA, bitsB (both
     * &gt;= 1), packed. O(s N log N) with s primes and N = 2^ceil(log2(aLen + bLen - 1)).
     */
    static PackedCoefficients mulPacked(double[][][] wa, int aLen, int bitsA, double[][][] wb, int bLen,
            int bitsB, int threads) {
        int n = aLen + bLen - 1;
        int log2n = Math.max(DoubleNttPlan.MIN_LOG2N, PolyMulZZ.ceilLog2(n));
        if (log2n > DoubleNttPlan.MAX_LOG2N) {
            throw new IllegalArgumentException("product length " + n + " exceeds the NTT limit 2^"
                    + DoubleNttPlan.MAX_LOG2N);
        }
        int bound = PolyMulZZ.productBoundBits(bitsA, bitsB, aLen, bLen);
        DoubleCrt crt = basis(bound);
        int s = crt.size();
        boolean square = wa == wb;
        ForkJoinPool pool = pool(threads);
        double[][][] res = new double[s][][];
        boolean acrossPrimes = pool != null && s >= 2 * threads;
        java.util.function.IntConsumer perPrime = j -> {
            long p = crt.prime(j);
            DoubleNttPlan plan = DoubleNttPlan.of(p, log2n);
            ForkJoinPool inner = acrossPrimes ? null : pool;
            double[][] ma = plan.borrowCoefficients();
            residues(wa, p, ma);
            if (square) {
                plan.convolution(ma, ma, false, inner);
            } else {
                double[][] mb = plan.borrowCoefficients();
                residues(wb, p, mb);
                plan.convolution(ma, mb, false, inner);
                DoubleNttPlan.giveBack(mb);
            }
            res[j] = ma;
        };
        if (acrossPrimes) {
            pool.submit(() -> java.util.stream.IntStream.range(0, s).parallel().forEach(perPrime)).join();
        } else {
            for (int j = 0; j < s; j++) {
                perPrime.accept(j);
            }
        }
        int cols = res[0][0].length;
        int rows = (n + cols - 1) / cols; // rows holding the product's coefficients
        int limbs = (bound + 63) / 64;
        long[] mag = new long[n * limbs];
        byte[] sign = new byte[n];
        int[] maxBits = new int[rows];
        forRows(pool, rows, (from, to) -> {
            crt.digits(res, from, to);
            crt.normalize(res, from, to);
            pack(crt, res, from, to, n, limbs, mag, sign, maxBits);
        });
        for (double[][] m : res) {
            DoubleNttPlan.giveBack(m);
        }
        int top = n;
        while (top > 0 && sign[top - 1] == 0) {
            top--;
        }
        int bits = 0;
        for (int b : maxBits) {
            bits = Math.max(bits, b);
        }
        return new PackedCoefficients(top, limbs, mag, sign, bits);
    }

    /**
     * Planes for {@link #words} of len coefficients: count matrices with the transform's row
     * length C and the ceil(len / C) rows the coefficients occupy (the transform's other rows
     * are zero), from the pool.
     */
    static double[][][] planes(int count, int len, DoubleNttPlan shape) {
        int cols = shape.columns();
        double[][][] w = new double[count][][];
        for (int t = 0; t < count; t++) {
            w[t] = DoubleNttPlan.borrow((len + cols - 1) / cols, cols);
        }
        return w;
    }

    /** Gives planes back to the pool. */
    static void giveBack(double[][][] planes) {
        for (double[][] m : planes) {
            DoubleNttPlan.giveBack(m);
        }
    }

    /**
     * The coefficients' 32-bit words, signed, into the planes: planes[t][r][c] = sign(x_i) (word
     * t of |x_i|) for i = r C + c &lt; len, zeros after, t &lt; planes.length (at least
     * ceil(bits / 32)). O(C R planes).
     */
    static void words(BigInteger[] x, int off, int len, double[][][] planes, ForkJoinPool pool) {
        int count = planes.length;
        int cols = planes[0][0].length;
        forRows(pool, planes[0].length, (fromRow, toRow) -> {
            long[] limbs = new long[(count + 1) / 2];
            for (int r = fromRow; r < toRow; r++) {
                for (double[][] plane : planes) {
                    Arrays.fill(plane[r], 0.0);
                }
                int end = Math.min(cols, len - r * cols);
                for (int c = 0; c < end; c++) {
                    BigInteger v = x[off + r * cols + c];
                    int sign = v.signum();
                    if (sign == 0) {
                        continue;
                    }
                    int bl = v.bitLength();
                    if (bl < 64 || (bl == 64 && (sign > 0 || v.getLowestSetBit() < 64))) {
                        // |v| < 2^64 (only -2^64 has bit length 64 and |v| = 2^64): the low
                        // word of v, negated for a negative v, is |v| as an unsigned word
                        long m = v.longValue();
                        m = sign < 0 ? -m : m;
                        planes[0][r][c] = sign * (double) (m & 0xFFFFFFFFL);
                        if (count > 1) {
                            planes[1][r][c] = sign * (double) (m >>> 32);
                        }
                    } else {
                        int l = org.modalg.fields.BigIntegerWords.limbCount(v);
                        org.modalg.fields.BigIntegerWords.magnitude(v, limbs, l);
                        for (int t = 0; t < 2 * l && t < count; t++) {
                            long word = (limbs[t >>> 1] >>> (32 * (t & 1))) & 0xFFFFFFFFL;
                            planes[t][r][c] = sign * (double) word;
                        }
                    }
                }
            }
        });
    }

    /**
     * m = the residues mod p of the values sum_t words[t] 2^(32 t), elementwise over the
     * planes' rows (m's further rows zero): Horner from the top word, one modular product by 2^32 per word,
     * vectorized along the rows. O(C R words).
     */
    static void residues(double[][][] words, long p, double[][] m) {
        double pd = p;
        double pinv = 1.0 / p;
        double np = -pd;
        double c32 = DoubleCrt.symmetric(Math.floorMod(1L << 32, p), p);
        double c32p = c32 * pinv;
        int top = words.length - 1;
        int used = words[0].length;
        for (int r = used; r < m.length; r++) {
            Arrays.fill(m[r], 0.0);
        }
        for (int r = 0; r < used; r++) {
            double[] row = m[r];
            System.arraycopy(words[top][r], 0, row, 0, row.length);
            for (int t = top - 1; t >= 0; t--) {
                double[] w = words[t][r];
                for (int c = 0; c < row.length; c++) {
                    double y = row[c];
                    double h = y * c32;
                    double q = Math.rint(y * c32p);
                    double v = Math.fma(q, np, h) + Math.fma(y, c32, -h) + w[c];
                    row[c] = Math.fma(Math.rint(v * pinv), np, v);
                }
            }
        }
    }

    // Coefficients i in rows [from, to) (i < n), from normalized digits, into mag and sign;
    // maxBits[r] = the largest bit length in row r.
    static void pack(DoubleCrt crt, double[][][] res, int from, int to, int n, int limbs, long[] mag,
            byte[] sign, int[] maxBits) {
        int s = crt.size();
        int cols = res[0][0].length;
        long[] d = new long[s];
        long[] l = new long[s + 1];
        for (int r = from; r < to; r++) {
            int end = Math.min(cols, n - r * cols);
            int bits = 0;
            for (int col = 0; col < end; col++) {
                for (int j = 0; j < s; j++) {
                    d[j] = (long) res[j][r][col];
                }
                int len = crt.signedLimbs(d, l);
                int i = r * cols + col;
                int k = Math.abs(len);
                if (k > limbs) {
                    throw new IllegalStateException("coefficient " + i + " exceeds the product bound");
                }
                sign[i] = (byte) Integer.signum(len);
                System.arraycopy(l, 0, mag, i * limbs, k);
                if (k > 0) {
                    bits = Math.max(bits, 64 * (k - 1) + 64 - Long.numberOfLeadingZeros(l[k - 1]));
                }
            }
            maxBits[r] = bits;
        }
    }

    private static void forRows(ForkJoinPool pool, int rows, java.util.function.BiConsumer<Integer, Integer> body) {
        if (pool == null || rows < 2) {
            body.accept(0, rows);
            return;
        }
        int pieces = Math.min(rows, 4 * pool.getParallelism());
        pool.submit(() -> java.util.stream.IntStream.range(0, pieces).parallel().forEach(
                k -> body.accept((int) ((long) rows * k / pieces), (int) ((long) rows * (k + 1) / pieces)))).join();
    }
}
