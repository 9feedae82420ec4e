package org.modalg.fft.bigprime;

import java.math.BigInteger;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.modalg.fields.BigIntegerField;
import org.modalg.fields.GfField;

/**
 * The baseline for {@link GfFft}: the same six-step DFT (same root, same factorization, same
 * values) over Z/pZ with every element a BigInteger and every multiplication, the base-case
 * ones by powers of r included, a BigInteger product reduced mod p. This is the thesis's "GMP"
 * variant of Tables 3.4 and 3.5, the peer the big-prime FFT is measured against.
 */
public final class BigIntegerFft {
    private final BigIntegerField zp;
    private final int log2N;
    private final int n;
    private final int log2K;
    private final BigInteger[] powers; // w^t, t < N

    /** The plan for length 2^log2N over the generalized Fermat field's prime, root as in {@link GfFft}. */
    public BigIntegerFft(GfField field, int log2N) {
        GfFft.of(field, log2N); // validates log2N
        this.zp = BigIntegerField.of(field.modulus());
        this.log2N = log2N;
        this.n = 1 << log2N;
        this.log2K = Integer.numberOfTrailingZeros(2 * field.k());
        BigInteger w = field.toBigInteger(field.rootOfUnity(log2N), 0);
        this.powers = new BigInteger[n];
        powers[0] = BigInteger.ONE;
        for (int t = 1; t < n; t++) {
            powers[t] = zp.mul(powers[t - 1], w);
        }
    }

    /** In-place forward DFT; {@code pool} null for serial. */
    public void forward(BigInteger[] x, ForkJoinPool pool) {
        if (x == null || x.length < n) {
            throw new IllegalArgumentException("x must hold N = " + n + " elements");
        }
        if (pool == null) {
            transform(x, 0, log2N, false);
        } else {
            pool.submit(() -> transform(x, 0, log2N, true)).join();
        }
    }

    private void transform(BigInteger[] x, int off, int log2Len, boolean parallel) {
        int len = 1 << log2Len;
        int stride = n / len;
        if (log2Len <= log2K) {
            baseCase(x, off, len, stride);
            return;
        }
        int kk = 1 << log2K;
        int cols = len >> log2K;
        IntStream columns = IntStream.range(0, cols);
        (parallel ? columns.parallel() : columns).forEach(c -> {
            BigInteger[] col = new BigInteger[kk];
            for (int r = 0; r < kk; r++) {
                col[r] = x[off + r * cols + c];
            }
            baseCase(col, 0, kk, n >> log2K);
            for (int m1 = 0; m1 < kk; m1++) {
                x[off + m1 * cols + c] = c == 0 || m1 == 0 ? col[m1]
                        : zp.mul(col[m1], powers[(int) ((long) c * m1 * stride % n)]);
            }
        });
        IntStream rows = IntStream.range(0, kk);
        (parallel ? rows.parallel() : rows).forEach(m1 -> transform(x, off + m1 * cols, log2Len - log2K, false));
        BigInteger[] buf = new BigInteger[len];
        System.arraycopy(x, off, buf, 0, len);
        for (int r = 0; r < kk; r++) {
            for (int c = 0; c < cols; c++) {
                x[off + c * kk + r] = buf[r * cols + c];
            }
        }
    }

    /** Radix-2 DIT of length m with root w^stride, twiddles as BigInteger products. */
    private void baseCase(BigInteger[] a, int off, int m, int stride) {
        for (int i = 1, j = 0; i < m; i++) {
            int bit = m >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                BigInteger t = a[off + i];
                a[off + i] = a[off + j];
                a[off + j] = t;
            }
        }
        for (int len = 1; len < m; len <<= 1) {
            int step = stride * (m / (2 * len));
            for (int start = 0; start < m; start += 2 * len) {
                for (int j = 0; j < len; j++) {
                    BigInteger u = a[off + start + j];
                    BigInteger v = a[off + start + j + len];
                    if (j != 0) {
                        v = zp.mul(v, powers[j * step]);
                    }
                    a[off + start + j] = zp.add(u, v);
                    a[off + start + j + len] = zp.sub(u, v);
                }
            }
        }
    }
}
