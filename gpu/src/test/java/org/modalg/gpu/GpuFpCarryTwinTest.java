package org.modalg.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.fp.FpDigits;
import org.modalg.gpu.runtime.GpuTests;

/**
 * A line-by-line Java port of fpfft.cu's carry kernels (fp_limb_sums, fp_carry_block with its
 * block scan of carry functions, fp_carry_blocks, fp_carry_apply), run everywhere, against
 * {@link FpDigits#assemble} and BigInteger: the device's two-phase carry logic is checked here
 * even where no GPU is (the GPU tests then check the kernels themselves).
 */
class GpuFpCarryTwinTest {
    private static final int BLOCK = 256; // FP_BLOCK
    private static final int IDENTITY = 0 | (1 << 2) | (2 << 4);

    private static int apply(int code, int x) {
        return ((code >> (2 * (x + 1))) & 3) - 1;
    }

    private static int compose(int second, int first) {
        int r = 0;
        for (int x = -1; x <= 1; x++) {
            r |= (apply(second, apply(first, x)) + 1) << (2 * (x + 1));
        }
        return r;
    }

    /** The device's carry on c[0 .. lc) with b-bit digits; returns the limbs, throws on a top carry. */
    static long[] deviceCarry(long[] c, int lc, int b) {
        int limbs = FpDigits.limbCount(lc, b);
        long[] lo = new long[limbs];
        long[] hi = new long[limbs];
        for (int w = 0; w < limbs; w++) { // fp_limb_sums
            long start = 64L * w;
            long first = (start + b - 1) / b;
            long end = Math.min(lc, (start + 64 + b - 1) / b);
            long l = 0;
            long hv = 0;
            for (long i = first; i < end; i++) {
                int sh = (int) ((long) b * i - start);
                long ci = c[(int) i];
                long tl = ci << sh;
                long th = sh == 0 ? (ci >> 63) : (ci >> (64 - sh));
                long nl = l + tl;
                hv += th + (Long.compareUnsigned(nl, tl) < 0 ? 1 : 0);
                l = nl;
            }
            lo[w] = l;
            hi[w] = hv;
        }
        int blocks = (limbs + BLOCK - 1) / BLOCK;
        long[] v = new long[limbs];
        int[] prefix = new int[limbs];
        int[] agg = new int[blocks];
        for (int blk = 0; blk < blocks; blk++) { // fp_carry_block
            int[] code = new int[BLOCK];
            for (int t = 0; t < BLOCK; t++) {
                int w = blk * BLOCK + t;
                int f = IDENTITY;
                if (w < limbs) {
                    long h = w == 0 ? 0 : hi[w - 1];
                    long l = lo[w];
                    long s = l + h;
                    int g = h >= 0 ? (Long.compareUnsigned(s, l) < 0 ? 1 : 0) : (Long.compareUnsigned(s, l) > 0 ? -1 : 0);
                    int fm = g - (s == 0L ? 1 : 0);
                    int f0 = g;
                    int fp = g + (s == -1L ? 1 : 0);
                    f = (fm + 1) | ((f0 + 1) << 2) | ((fp + 1) << 4);
                    v[w] = s;
                }
                code[t] = f;
            }
            for (int d = 1; d < BLOCK; d <<= 1) { // Hillis-Steele, as the barriers order it
                int[] next = new int[BLOCK];
                for (int t = 0; t < BLOCK; t++) {
                    next[t] = compose(code[t], t >= d ? code[t - d] : IDENTITY);
                }
                code = next;
            }
            for (int t = 0; t < BLOCK; t++) {
                int w = blk * BLOCK + t;
                if (w < limbs) {
                    prefix[w] = code[t];
                }
            }
            agg[blk] = code[BLOCK - 1];
        }
        int[] blockIn = new int[blocks + 1]; // fp_carry_blocks
        int cin = 0;
        for (int k = 0; k < blocks; k++) {
            blockIn[k] = cin;
            cin = apply(agg[k], cin);
        }
        blockIn[blocks] = cin;
        for (int w = 0; w < limbs; w++) { // fp_carry_apply
            int t = w % BLOCK;
            int ci = blockIn[w / BLOCK];
            if (t > 0) {
                ci = apply(prefix[w - 1], ci);
            }
            v[w] += ci;
        }
        if (blockIn[blocks] != 0 || hi[limbs - 1] != 0) {
            throw new ArithmeticException("top carry " + blockIn[blocks]);
        }
        return v;
    }

    @Test
    void devicePortEqualsTheSequentialCarryAndBigInteger() {
        long seed = GpuTests.seed("GpuFpCarryTwinTest");
        Random rnd = new Random(seed);
        for (int iter = 0; iter < 60; iter++) {
            int b = 2 + rnd.nextInt(23);
            int lc = 1 + rnd.nextInt(iter < 30 ? 200 : 9000);
            long[] c = new long[lc];
            int mode = iter % 3;
            for (int i = 0; i < lc; i++) {
                // random signed coefficients below 2^53, or patterns whose limbs are all ones / zeros
                c[i] = mode == 0 ? (rnd.nextLong() >> (11 + rnd.nextInt(40)))
                        : mode == 1 ? (1L << b) - 1 : (i % 2 == 0 ? -1 : (1L << b) - 1);
            }
            c[lc - 1] = Math.abs(c[lc - 1]) + (1L << 52); // dominant top: a positive sum
            BigInteger sum = BigInteger.ZERO;
            for (int i = lc - 1; i >= 0; i--) {
                sum = sum.shiftLeft(b).add(BigInteger.valueOf(c[i]));
            }
            long[] seq = new long[FpDigits.limbCount(lc, b)];
            FpDigits.assemble(c, lc, b, seq);
            long[] dev = deviceCarry(c, lc, b);
            assertArrayEquals(seq, dev, "b=" + b + " lc=" + lc + " mode=" + mode);
            assertEquals(sum, FpDigits.fromLimbs(dev, dev.length), "b=" + b + " lc=" + lc);
        }
    }

    @Test
    void longestCarryChainsCrossEveryBlock() {
        // coefficients of 2^(64 W) - 1 + 1 in 32-bit digits: limbs all ones plus one carry in at
        // the bottom, rippling through every limb and block
        int b = 32;
        int lc = 2 * 3000;
        long[] c = new long[lc + 1];
        for (int i = 0; i < lc; i++) {
            c[i] = 0xFFFFFFFFL;
        }
        c[0] += 1;
        long[] dev = deviceCarry(c, lc + 1, b);
        assertEquals(BigInteger.ONE.shiftLeft(32 * lc), FpDigits.fromLimbs(dev, dev.length));
        // and a borrow chain: 2^(32 lc) - 1 written as 2^(32 lc) plus a coefficient -1
        long[] d = new long[lc + 1];
        d[0] = -1;
        d[lc] = 1;
        dev = deviceCarry(d, lc + 1, b);
        assertEquals(BigInteger.ONE.shiftLeft(32 * lc).subtract(BigInteger.ONE), FpDigits.fromLimbs(dev, dev.length));
    }
}
