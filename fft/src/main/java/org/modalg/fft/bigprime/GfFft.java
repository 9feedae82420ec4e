package org.modalg.fft.bigprime;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import org.modalg.fft.parallel.ParallelRange;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;

/**
 * A plan for the DFT of length N = 2^log2N over a generalized Fermat prime field
 * p = r^k + 1, the big-prime FFT of thesis chapter 3 (Algorithm 5, six-step factorization).
 *
 * <p>With K = 2k and N = K J, index n = J n1 + n2 and m = m1 + K m2:
 * <pre>
 *   X[m1 + K m2] = sum_{n2} w_J^(n2 m2) * ( w^(n2 m1) * sum_{n1} w_K^(n1 m1) x[J n1 + n2] )
 * </pre>
 * so the transform is: DFT_K down each of the J columns of the K x J matrix x (step 1, the
 * base case), one twiddle multiplication per entry (step 2: the only general
 * multiplications), DFT_J along each of the K rows (step 3, recursively the same scheme), and
 * a transposition (the stride permutation L). Because w^(N/2k) = r ({@link GfField#rootOfUnity}),
 * the root of every base-case DFT of length m &lt;= K is r^(2k/m): all its internal
 * multiplications are by powers of r, done by cyclic shift in O(k). Lengths that are not a
 * power of K end with a base case shorter than K (N = K^e 2^c).
 *
 * <p>Twiddles w^t, t &lt; N, are one table of N elements shared by every level and by the
 * inverse (w^-t = w^(N-t)); a twiddle that happens to be a power of r is applied by a shift.
 * When the field multiplies by FFT (large k) the twiddles are also kept in prepared form
 * ({@link GfArithmetic#prepare}), saving a third of the small transforms per product.
 * Plans are immutable and cached per (field, log2N); the table is built on first use.
 *
 * <p>Cost: N log_K(N) / 2 ... (K/2) log2 K shift-butterflies per DFT_K, about N (1 - 1/K) general
 * multiplications per level above the base case, and one transposition per level.
 */
public final class GfFft {
    private static final ConcurrentHashMap<String, GfFft> CACHE = new ConcurrentHashMap<>();
    /** Columns gathered together in step 1 (a block of K x COLUMN_BLOCK elements stays in cache). */
    private static final int COLUMN_BLOCK = 8;
    /** Cap on the prepared twiddle images (words); above it twiddles are multiplied plainly. */
    private static final long MAX_PREPARED_WORDS = 1L << 27;

    private final GfField field;
    private final GfArithmetic ar;
    private final int k;
    private final int log2N;
    private final int n;
    private final int log2K;
    private final long[] twiddles; // w^t for t in [0, N), element-major
    private final long[] prepared; // their FFT-multiplier images when the field multiplies by FFT, else null
    private final int preparedLength;
    private final long[] nInverse; // 1/N

    private GfFft(GfField field, int log2N) {
        this.field = field;
        this.ar = field.arithmetic();
        this.k = field.k();
        this.log2N = log2N;
        this.n = 1 << log2N;
        this.log2K = Integer.numberOfTrailingZeros(2 * k);
        long[] w = field.rootOfUnity(log2N);
        this.twiddles = new long[n * k];
        GfArithmetic.Workspace ws = ar.newWorkspace();
        ar.setOne(twiddles, 0);
        for (int t = 1; t < n; t++) {
            ar.mul(twiddles, (t - 1) * k, w, 0, twiddles, t * k, ws);
        }
        this.preparedLength = ar.preparedLength();
        if (ar.usesFft() && (long) n * preparedLength <= MAX_PREPARED_WORDS) {
            prepared = new long[n * preparedLength];
            for (int t = 0; t < n; t++) {
                ar.prepare(twiddles, t * k, prepared, t * preparedLength);
            }
        } else {
            prepared = null;
        }
        this.nInverse = field.element(java.math.BigInteger.ONE.shiftLeft(log2N).modInverse(field.modulus()));
    }

    /**
     * The plan for length 2^log2N over {@code field}.
     *
     * @throws IllegalArgumentException naming {@code log2N} unless 0 &lt;= log2N &lt;= v2(p-1) and N k fits an array
     */
    public static GfFft of(GfField field, int log2N) {
        BigPrimeFftArguments.checkSize(field, log2N);
        return CACHE.computeIfAbsent(field.name() + "/" + field.radix() + "/" + field.k() + "/" + log2N,
                key -> new GfFft(field, log2N));
    }

    /** The field this plan transforms over. */
    public GfField field() {
        return field;
    }

    /** The transform length N = 2^log2N of this plan. */
    public int log2N() {
        return log2N;
    }

    /** In-place forward DFT of the N elements of data (element-major), on the calling thread. */
    public void forward(long[] data) {
        check(data);
        transform(data, 0, log2N, 1, new Scratch(), null);
    }

    /** In-place inverse DFT (with the factor 1/N), on the calling thread. */
    public void inverse(long[] data) {
        check(data);
        transform(data, 0, log2N, -1, new Scratch(), null);
        scale(data, 0, n, new Scratch());
    }

    /** Forward DFT with the independent loops run on {@code pool}; same values as {@link #forward(long[])}. */
    public void forward(long[] data, ForkJoinPool pool) {
        check(data);
        pool.invoke(task(() -> transform(data, 0, log2N, 1, new Scratch(), pool)));
    }

    /** Inverse DFT on {@code pool}; same values as {@link #inverse(long[])}. */
    public void inverse(long[] data, ForkJoinPool pool) {
        check(data);
        pool.invoke(task(() -> {
            transform(data, 0, log2N, -1, new Scratch(), pool);
            ParallelRange.run(pool, 0, n, Math.max(1, n / (8 * pool.getParallelism())),
                    (lo, hi) -> scale(data, lo, hi, new Scratch()));
        }));
    }

    private void check(long[] data) {
        BigPrimeFftArguments.checkData(k, n, data);
    }

    /** Per-thread scratch: base-case buffer and temporaries. */
    private final class Scratch {
        final GfArithmetic.Workspace ws = ar.newWorkspace();
        final long[] tmp = new long[k];
        long[] block = new long[0];

        long[] block(int elements) {
            if (block.length < elements * k) {
                block = new long[elements * k];
            }
            return block;
        }
    }

    // ------------------------------------------------------------------ the transform

    /**
     * DFT of length 2^log2Len on data[off .. off + len k) in place, with root w^(dir N/len).
     * pool == null: serial.
     */
    private void transform(long[] data, int off, int log2Len, int dir, Scratch s, ForkJoinPool pool) {
        int len = 1 << log2Len;
        if (log2Len <= log2K) {
            baseCase(data, off, log2Len, dir, s);
            return;
        }
        int kk = 1 << log2K;        // K = 2k rows
        int cols = len >> log2K;    // J columns; entry (n1, n2) at off + (J n1 + n2) k
        int stride = n / len;       // w_len = w^stride
        // Steps 1 and 2: DFT_K down each column, then the twiddles w_len^(n2 m1).
        ParallelRange.Body columns = (lo, hi) -> columnPass(data, off, cols, lo, hi, stride, dir, pool == null ? s : new Scratch());
        if (pool == null) {
            columns.run(0, cols);
        } else {
            ParallelRange.run(pool, 0, cols, Math.max(COLUMN_BLOCK, cols / (4 * pool.getParallelism())), columns);
        }
        // Step 3: DFT_J along each row (contiguous), recursively.
        int log2Cols = log2Len - log2K;
        if (pool == null) {
            for (int m1 = 0; m1 < kk; m1++) {
                transform(data, off + m1 * cols * k, log2Cols, dir, s, null);
            }
        } else {
            ParallelRange.run(pool, 0, kk, 1, (lo, hi) -> {
                Scratch rs = new Scratch();
                for (int m1 = lo; m1 < hi; m1++) {
                    transform(data, off + m1 * cols * k, log2Cols, dir, rs, null);
                }
            });
        }
        // Step 4: row m1 holds X[m1 + K m2]: transpose the K x J matrix into J x K.
        transpose(data, off, kk, cols, s);
    }

    private void columnPass(long[] data, int off, int cols, int lo, int hi, int stride, int dir, Scratch s) {
        int kk = 1 << log2K;
        for (int c0 = lo; c0 < hi; c0 += COLUMN_BLOCK) {
            int bw = Math.min(COLUMN_BLOCK, hi - c0);
            long[] block = s.block(kk * bw);
            // gather: column c of the block is contiguous, element n1 at (c kk + n1) k
            for (int n1 = 0; n1 < kk; n1++) {
                int src = off + (n1 * cols + c0) * k;
                for (int c = 0; c < bw; c++) {
                    System.arraycopy(data, src + c * k, block, (c * kk + n1) * k, k);
                }
            }
            for (int c = 0; c < bw; c++) {
                int n2 = c0 + c;
                int base = c * kk * k;
                baseCase(block, base, log2K, dir, s);
                for (int m1 = 1; m1 < kk && n2 != 0; m1++) {
                    twiddle(block, base + m1 * k, (long) n2 * m1 * stride, dir, s);
                }
            }
            for (int n1 = 0; n1 < kk; n1++) {
                int dst = off + (n1 * cols + c0) * k;
                for (int c = 0; c < bw; c++) {
                    System.arraycopy(block, (c * kk + n1) * k, data, dst + c * k, k);
                }
            }
        }
    }

    /** x *= w^(dir t): a cyclic shift when w^t is a power of r, else one general multiplication. */
    private void twiddle(long[] x, int xo, long t, int dir, Scratch s) {
        long e = (t * dir) % n;
        if (e < 0) {
            e += n;
        }
        long perR = n >> log2K; // w^(N/2k) = r
        if (e % perR == 0) {
            ar.mulPowR(x, xo, (int) (e / perR), x, xo, s.ws);
        } else if (prepared != null) {
            ar.mulPrepared(x, xo, twiddles, (int) e * k, prepared, (int) e * preparedLength, x, xo, s.ws);
        } else {
            ar.mul(x, xo, twiddles, (int) e * k, x, xo, s.ws);
        }
    }

    /**
     * DFT of length m = 2^log2m &lt;= 2k with root r^(dir 2k/m): radix-2 decimation in time after a
     * bit-reversal permutation; every twiddle is a power of r (cyclic shift), no general
     * multiplication (the base case DFT_K of thesis section 3.4.3).
     */
    private void baseCase(long[] a, int off, int log2m, int dir, Scratch s) {
        int m = 1 << log2m;
        for (int i = 1, j = 0; i < m; i++) { // bit-reversal permutation of elements
            int bit = m >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                swap(a, off + i * k, off + j * k);
            }
        }
        long[] t = s.tmp;
        int twoK = 1 << log2K;
        for (int len = 1; len < m; len <<= 1) {
            int step = twoK / (2 * len); // root of unity of order 2 len is r^step
            for (int start = 0; start < m; start += 2 * len) {
                for (int j = 0; j < len; j++) {
                    int u = off + (start + j) * k;
                    int v = u + len * k;
                    if (j == 0) {
                        ar.add(a, u, a, v, t, 0);
                        ar.sub(a, u, a, v, a, v);
                        System.arraycopy(t, 0, a, u, k);
                    } else {
                        ar.mulPowR(a, v, dir * j * step, t, 0, s.ws);
                        ar.sub(a, u, t, 0, a, v);
                        ar.add(a, u, t, 0, a, u);
                    }
                }
            }
        }
    }

    private void swap(long[] a, int i, int j) {
        for (int d = 0; d < k; d++) {
            long x = a[i + d];
            a[i + d] = a[j + d];
            a[j + d] = x;
        }
    }

    /** Transposes the rows x cols matrix of elements at off (row-major) into cols x rows. */
    private void transpose(long[] a, int off, int rows, int cols, Scratch s) {
        int total = rows * cols;
        long[] buf = s.block(total);
        System.arraycopy(a, off, buf, 0, total * k);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                System.arraycopy(buf, (r * cols + c) * k, a, off + (c * rows + r) * k, k);
            }
        }
    }

    private void scale(long[] data, int lo, int hi, Scratch s) {
        for (int i = lo; i < hi; i++) {
            ar.mul(data, i * k, nInverse, 0, data, i * k, s.ws);
        }
    }

    // ------------------------------------------------------------------ fork/join helpers

    private static RecursiveAction task(Runnable r) {
        return new RecursiveAction() {
            @Override
            protected void compute() {
                r.run();
            }
        };
    }
}
