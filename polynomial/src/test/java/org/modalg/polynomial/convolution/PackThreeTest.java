package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The three-prime packing ({@link ConvolutionPlan#pack} with three primes and three limbs) against
 * BigInteger's evaluation of the signed Horner sum v0 + p0 (v1 + p1 v2) of the same digits: random
 * digits in the range Garner gives (|v_j| &lt;= p_j/2 + 1) with the edge values (+-(p_j/2 + 1),
 * zeros in the top digits, all zero) over rows whose coefficient window starts anywhere in a chunk,
 * so that a row crosses chunk boundaries; magnitude words, sign bytes and the rows' bit lengths.
 * A fresh seed per run, printed; {@code -Dmodalg.test.seed=...} repeats a run.
 */
class PackThreeTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("PackThreeTest seed " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    private static long digit(Random rnd, long p) {
        long h = p / 2;
        switch (rnd.nextInt(10)) {
            case 0: return h + 1;
            case 1: return -h - 1;
            case 2: return 0;
            case 3: return rnd.nextBoolean() ? 1 : -1;
            default: return rnd.nextLong() % (h + 1);
        }
    }

    @Test
    void threePrimePackingEqualsTheBigIntegerSum() {
        Random rnd = new Random(SEED);
        DoubleCrt crt = ConvolutionPlan.first(3);
        long[] p = {crt.prime(0), crt.prime(1), crt.prime(2)};
        int cols = 1 << (4 + rnd.nextInt(7)); // 16 .. 1024
        int rows = 2 + (3 * PackedCoefficients.CHUNK) / cols;
        double[][][] res = new double[3][rows][cols];
        BigInteger[] want = new BigInteger[rows * cols];
        for (int r = 0; r < rows; r++) {
            boolean sparseTop = rnd.nextInt(4) == 0;
            for (int c = 0; c < cols; c++) {
                long v0 = digit(rnd, p[0]);
                long v1 = digit(rnd, p[1]);
                long v2 = sparseTop ? 0 : digit(rnd, p[2]);
                if (sparseTop && rnd.nextBoolean()) {
                    v1 = 0;
                }
                res[0][r][c] = v0;
                res[1][r][c] = v1;
                res[2][r][c] = v2;
                want[r * cols + c] = BigInteger.valueOf(v2).multiply(BigInteger.valueOf(p[1])).add(BigInteger.valueOf(v1))
                        .multiply(BigInteger.valueOf(p[0])).add(BigInteger.valueOf(v0));
            }
        }
        int lo = rnd.nextInt(cols);
        int hi = rows * cols - rnd.nextInt(cols);
        int n = hi - lo;
        int chunks = (n + PackedCoefficients.CHUNK - 1) >>> PackedCoefficients.CHUNK_SHIFT;
        long[][] mag = new long[chunks][3 * PackedCoefficients.CHUNK];
        byte[][] sign = new byte[chunks][PackedCoefficients.CHUNK];
        int[] maxBits = new int[rows];
        ConvolutionPlan.pack(crt, res, 0, rows, lo, hi, 3, mag, sign, maxBits, 0);
        int[] wantBits = new int[rows];
        for (int i = lo; i < hi; i++) {
            int k = i - lo;
            long[] m = mag[k >>> PackedCoefficients.CHUNK_SHIFT];
            int at = 3 * (k & (PackedCoefficients.CHUNK - 1));
            BigInteger got = new BigInteger(1, java.nio.ByteBuffer.allocate(24).putLong(m[at + 2]).putLong(m[at + 1])
                    .putLong(m[at]).array());
            int sg = sign[k >>> PackedCoefficients.CHUNK_SHIFT][k & (PackedCoefficients.CHUNK - 1)];
            String where = "seed " + SEED + ", coefficient " + i + " (cols " + cols + ", lo " + lo + ")";
            assertEquals(want[i].abs(), got, where + ": magnitude");
            assertEquals(want[i].signum(), sg, where + ": sign");
            wantBits[i / cols] = Math.max(wantBits[i / cols], want[i].abs().bitLength());
        }
        for (int r = 0; r < rows; r++) {
            assertEquals(wantBits[r], maxBits[r], "seed " + SEED + ": bit length of row " + r);
        }
    }
}
