package org.modalg.gpu.gf;

import org.modalg.fields.GfField;
import org.modalg.fields.GfVectors;
import org.modalg.fields.Layout;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * Batched generalized Fermat field arithmetic on the GPU (thesis chapter 2, section 2.3: one
 * thread per element operation, digit-major layout on the device): z[i] = x[i] op y[i] for
 * vectors of n elements in element-major host arrays, as {@link GfVectors} with
 * {@link Layout#ELEMENT_MAJOR}, with the same values (canonical digits).
 *
 * <p>Fast tier like {@link GfVectors}: elements must be canonical (not checked); z may be x or
 * y. Vectors of fewer than {@link #MIN_WORDS} digits, fields with k &gt; {@value GpuGf#MAX_K} and
 * vectors that do not fit the device run {@link GfVectors} on the CPU. Each call copies its
 * inputs to the device and the result back: worth it for the general multiplication (O(k^2)
 * per element), hardly for additions, which the transfers dominate.
 */
public final class GpuGfVectors {
    /** Vectors of fewer digits (n k) run on the CPU. */
    public static final long MIN_WORDS = 1L << 14;

    private GpuGfVectors() {
    }

    /** z[i] = x[i] + y[i] for i in [0, n) (thesis Algorithm 2). */
    public static void add(GfField f, long[] x, long[] y, long[] z, int n) {
        run(f, GpuGf.ADD, x, y, z, null, 0, n);
    }

    /** z[i] = x[i] - y[i] for i in [0, n). */
    public static void sub(GfField f, long[] x, long[] y, long[] z, int n) {
        run(f, GpuGf.SUB, x, y, z, null, 0, n);
    }

    /** z[i] = x[i] y[i] for i in [0, n): the plain method (thesis Algorithm 3), O(k^2) each. */
    public static void mul(GfField f, long[] x, long[] y, long[] z, int n) {
        run(f, GpuGf.MUL, x, y, z, null, 0, n);
    }

    /** z[i] = x[i] r^e for i in [0, n): a cyclic shift each (e any integer). */
    public static void mulPowR(GfField f, long[] x, int e, long[] z, int n) {
        run(f, GpuGf.MUL_POW_R, x, x, z, null, e, n);
    }

    /** z[i] = x[i] r^(e[i]) for i in [0, n), one exponent per element. */
    public static void mulPowR(GfField f, long[] x, int[] e, long[] z, int n) {
        if (e == null) {
            throw new IllegalArgumentException("e must not be null");
        }
        if (n >= 0 && e.length < n) {
            throw new IllegalArgumentException("e has length " + e.length + ", needs at least " + n);
        }
        run(f, GpuGf.MUL_POW_R, x, x, z, e, 0, n);
    }

    private static void run(GfField f, int op, long[] x, long[] y, long[] z, int[] exps, int e,
            int n) {
        check(f, n, x, "x");
        check(f, n, y, "y");
        check(f, n, z, "z");
        long words = (long) n * f.k();
        if (words < MIN_WORDS || !GpuGf.supports(f) || !GpuRuntime.isUsable()) {
            cpu(f, op, x, y, z, exps, e, n);
            return;
        }
        GpuRuntime rt = GpuRuntime.get();
        try {
            device(new GpuGf(rt, f), op, x, y, z, exps, e, n);
        } catch (GpuException ex) {
            if (!ex.isOutOfMemory()) {
                throw ex;
            }
            cpu(f, op, x, y, z, exps, e, n);
        }
    }

    // synchronized: one vector operation on the device at a time
    private static synchronized void device(GpuGf gf, int op, long[] x, long[] y, long[] z,
            int[] exps, int e, int n) {
        long words = (long) n * gf.k;
        try (DeviceBuffer staging = new DeviceBuffer(words);
                DeviceBuffer dx = new DeviceBuffer(words);
                DeviceBuffer dy = new DeviceBuffer(op == GpuGf.MUL_POW_R ? 1 : words);
                DeviceBuffer dz = new DeviceBuffer(words);
                DeviceBuffer de = exps == null ? null : DeviceBuffer.of(packInts(exps, n))) {
            staging.upload(x, 0, 0, words);
            gf.toDigitMajor(staging, dx, n);
            if (op != GpuGf.MUL_POW_R) {
                staging.upload(y, 0, 0, words);
                gf.toDigitMajor(staging, dy, n);
            }
            gf.vectorOp(op, dx, dy, dz, de, e, n);
            gf.toElementMajor(dz, staging, n);
            Cuda.synchronize("field vector operation");
            staging.download(0, z, 0, words);
        }
    }

    // n ints, two per word, little-endian (int i in the low half of word i / 2 when i is even)
    private static long[] packInts(int[] v, int n) {
        long[] w = new long[(n + 1) / 2];
        for (int i = 0; i < n; i++) {
            w[i >> 1] |= (v[i] & 0xffffffffL) << ((i & 1) * 32);
        }
        return w;
    }

    private static void cpu(GfField f, int op, long[] x, long[] y, long[] z, int[] exps, int e,
            int n) {
        Layout l = Layout.ELEMENT_MAJOR;
        switch (op) {
            case GpuGf.ADD -> GfVectors.add(f, l, x, y, z, n);
            case GpuGf.SUB -> GfVectors.sub(f, l, x, y, z, n);
            case GpuGf.MUL -> GfVectors.mul(f, l, x, y, z, n);
            default -> {
                if (exps != null) {
                    GfVectors.mulPowR(f, l, x, exps, z, n);
                } else {
                    GfVectors.mulPowR(f, l, x, e, z, n);
                }
            }
        }
    }

    // The checks and messages of GfVectors.
    private static void check(GfField f, int n, long[] v, String param) {
        if (f == null) {
            throw new IllegalArgumentException("f must not be null");
        }
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (v == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        long need = (long) n * f.k();
        if (v.length < need) {
            throw new IllegalArgumentException(param + " has length " + v.length + ", needs at least " + need);
        }
    }
}
