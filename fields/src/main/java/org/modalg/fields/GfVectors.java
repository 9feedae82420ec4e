package org.modalg.fields;

/**
 * Batch operations on vectors of n elements of a generalized Fermat field stored in one
 * {@code long[]} of n k digits, in either {@link Layout}. Element-major vectors are processed in
 * place; digit-major vectors are gathered one element at a time into a k-digit buffer,
 * processed and scattered back.
 *
 * <p>Fast tier: the elements must be canonical (check once with {@link #checkCanonical});
 * outputs may alias inputs exactly. Each method is O(n) element operations.
 */
public final class GfVectors {
    private GfVectors() {
    }

    /** Binary element operation on (x, y) into z, as the kernels of {@link GfArithmetic}. */
    private interface BinaryKernel {
        void apply(long[] x, int xo, long[] y, int yo, long[] z, int zo);
    }

    /** z[i] = x[i] + y[i] for i in [0, n). */
    public static void add(GfField f, Layout layout, long[] x, long[] y, long[] z, int n) {
        checkArguments(f, layout, n);
        GfArithmetic a = f.arithmetic();
        apply(f, layout, x, y, z, n, a::add);
    }

    /** z[i] = x[i] - y[i] for i in [0, n). */
    public static void sub(GfField f, Layout layout, long[] x, long[] y, long[] z, int n) {
        checkArguments(f, layout, n);
        GfArithmetic a = f.arithmetic();
        apply(f, layout, x, y, z, n, a::sub);
    }

    /** z[i] = x[i] * y[i] for i in [0, n), by the field's default general multiplication. */
    public static void mul(GfField f, Layout layout, long[] x, long[] y, long[] z, int n) {
        checkArguments(f, layout, n);
        GfArithmetic a = f.arithmetic();
        GfArithmetic.Workspace ws = a.newWorkspace();
        apply(f, layout, x, y, z, n, (p, po, q, qo, s, so) -> a.mul(p, po, q, qo, s, so, ws));
    }

    /** z[i] = x[i] * r^e for i in [0, n) (a cyclic shift each, e any integer). */
    public static void mulPowR(GfField f, Layout layout, long[] x, int e, long[] z, int n) {
        checkArguments(f, layout, n);
        GfArithmetic a = f.arithmetic();
        GfArithmetic.Workspace ws = a.newWorkspace();
        apply(f, layout, x, x, z, n, (p, po, q, qo, s, so) -> a.mulPowR(p, po, e, s, so, ws));
    }

    /** z[i] = x[i] * r^(e[i]) for i in [0, n), one exponent per element. */
    public static void mulPowR(GfField f, Layout layout, long[] x, int[] e, long[] z, int n) {
        checkArguments(f, layout, n);
        if (e == null) {
            throw new IllegalArgumentException("e must not be null");
        }
        checkLength(e.length, n, "e");
        checkVector(f, n, x, "x");
        checkVector(f, n, z, "z");
        GfArithmetic a = f.arithmetic();
        GfArithmetic.Workspace ws = a.newWorkspace();
        int k = f.k();
        if (layout == Layout.ELEMENT_MAJOR) {
            for (int i = 0; i < n; i++) {
                a.mulPowR(x, i * k, e[i], z, i * k, ws);
            }
            return;
        }
        long[] bx = new long[k];
        long[] bz = new long[k];
        for (int i = 0; i < n; i++) {
            gather(x, i, n, k, bx);
            a.mulPowR(bx, 0, e[i], bz, 0);
            scatter(bz, z, i, n, k);
        }
    }

    private static void apply(GfField f, Layout layout, long[] x, long[] y, long[] z, int n, BinaryKernel op) {
        checkVector(f, n, x, "x");
        checkVector(f, n, y, "y");
        checkVector(f, n, z, "z");
        int k = f.k();
        if (layout == Layout.ELEMENT_MAJOR) {
            for (int i = 0, o = 0; i < n; i++, o += k) {
                op.apply(x, o, y, o, z, o);
            }
            return;
        }
        long[] bx = new long[k];
        long[] by = new long[k];
        long[] bz = new long[k];
        for (int i = 0; i < n; i++) {
            gather(x, i, n, k, bx);
            gather(y, i, n, k, by);
            op.apply(bx, 0, by, 0, bz, 0);
            scatter(bz, z, i, n, k);
        }
    }

    /** Copies element i of a digit-major vector of n elements into buf[0 .. k). */
    public static void gather(long[] v, int i, int n, int k, long[] buf) {
        for (int j = 0, idx = i; j < k; j++, idx += n) {
            buf[j] = v[idx];
        }
    }

    /** Writes buf[0 .. k) as element i of a digit-major vector of n elements. */
    public static void scatter(long[] buf, long[] v, int i, int n, int k) {
        for (int j = 0, idx = i; j < k; j++, idx += n) {
            v[idx] = buf[j];
        }
    }

    /**
     * Converts a vector of n elements of k digits between layouts (a transposition of an
     * n x k matrix); {@code src} and {@code dst} must be distinct arrays.
     */
    public static void convert(long[] src, Layout from, long[] dst, Layout to, int n, int k) {
        if (src == null) {
            throw new IllegalArgumentException("src must not be null");
        }
        if (dst == null) {
            throw new IllegalArgumentException("dst must not be null");
        }
        if (from == null || to == null) {
            throw new IllegalArgumentException((from == null ? "from" : "to") + " must not be null");
        }
        if (n < 0 || k < 1) {
            throw new IllegalArgumentException(n < 0 ? "n must be >= 0, got " + n : "k must be >= 1, got " + k);
        }
        if (src == dst) {
            throw new IllegalArgumentException("dst must not be the same array as src");
        }
        checkLength(src.length, (long) n * k, "src");
        checkLength(dst.length, (long) n * k, "dst");
        if (from == to) {
            System.arraycopy(src, 0, dst, 0, n * k);
            return;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                dst[to.index(i, j, n, k)] = src[from.index(i, j, n, k)];
            }
        }
    }

    /** Throws IllegalArgumentException naming {@code param} unless all n elements are canonical. */
    public static void checkCanonical(GfField f, Layout layout, long[] v, int n, String param) {
        checkArguments(f, layout, n);
        checkVector(f, n, v, param);
        int k = f.k();
        long[] buf = new long[k];
        for (int i = 0; i < n; i++) {
            if (layout == Layout.ELEMENT_MAJOR) {
                f.checkCanonical(v, i * k, param + "[" + i + "]");
            } else {
                gather(v, i, n, k, buf);
                f.checkCanonical(buf, 0, param + "[" + i + "]");
            }
        }
    }

    private static void checkArguments(GfField f, Layout layout, int n) {
        if (f == null) {
            throw new IllegalArgumentException("f must not be null");
        }
        if (layout == null) {
            throw new IllegalArgumentException("layout must not be null");
        }
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
    }

    private static void checkVector(GfField f, int n, long[] v, String param) {
        if (v == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
        checkLength(v.length, (long) n * f.k(), param);
    }

    private static void checkLength(int length, long need, String param) {
        if (length < need) {
            throw new IllegalArgumentException(param + " has length " + length + ", needs at least " + need);
        }
    }
}
