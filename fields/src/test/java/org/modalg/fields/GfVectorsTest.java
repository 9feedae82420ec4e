package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fields.GfTestSupport.JUNK;
import static org.modalg.fields.GfTestSupport.SEED;
import static org.modalg.fields.GfTestSupport.assertElement;
import static org.modalg.fields.GfTestSupport.assertSameDigits;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.modalg.fields.GfTestSupport.Elem;

/**
 * {@link GfVectors} in both {@link Layout}s against element-by-element {@link GfArithmetic}
 * and the BigInteger oracle, for vectors of length 0, 1, 7 and 100.
 */
class GfVectorsTest {
    private static final int[] LENGTHS = {0, 1, 7, 100};

    static Stream<GfField> fields() {
        List<GfField> l = new ArrayList<>();
        for (GfPreset p : GfPreset.values()) {
            l.add(p.field());
        }
        l.add(GfField.of(6, 2));
        l.add(GfField.of(2, 16));
        l.add(GfField.of(10, 1));
        return l.stream();
    }

    // Digit j of element i, written out here rather than taken from Layout.index.
    private static int at(Layout layout, int i, int j, int n, int k) {
        return layout == Layout.ELEMENT_MAJOR ? i * k + j : j * n + i;
    }

    private static long[] pack(List<Elem> xs, Layout layout, int k) {
        int n = xs.size();
        long[] v = new long[n * k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                v[at(layout, i, j, n, k)] = xs.get(i).d[j];
            }
        }
        return v;
    }

    private static long[] element(long[] v, Layout layout, int i, int n, int k) {
        long[] d = new long[k];
        for (int j = 0; j < k; j++) {
            d[j] = v[at(layout, i, j, n, k)];
        }
        return d;
    }

    private static List<Elem> vector(GfField f, Random rnd, int n) {
        List<Elem> edges = GfTestSupport.edges(f, false);
        List<Elem> xs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            xs.add(rnd.nextInt(3) == 0 ? edges.get(rnd.nextInt(edges.size())) : GfTestSupport.randomElem(f, rnd));
        }
        return xs;
    }

    /** Element-by-element reference results; each is checked against the oracle here. */
    private interface ElementOp {
        void apply(int i, long[] out);
    }

    private static List<long[]> reference(GfField f, int n, ElementOp op, List<BigInteger> expected, String what) {
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long[] z = new long[f.k()];
            op.apply(i, z);
            int ii = i;
            assertElement(f, expected.get(i), z, () -> "seed=" + SEED + " " + f.name() + " " + what + " element " + ii);
            out.add(z);
        }
        return out;
    }

    private static void assertVector(GfField f, List<long[]> want, long[] v, Layout layout, int n, String what) {
        int k = f.k();
        assertEquals((long) n * k, v.length);
        for (int i = 0; i < n; i++) {
            long[] got = element(v, layout, i, n, k);
            int ii = i;
            assertSameDigits(want.get(i), got, 0, k,
                    () -> "seed=" + SEED + " " + f.name() + " " + layout + " " + what + " n=" + n + " element " + ii);
        }
    }

    private static List<BigInteger> zip(List<Elem> xs, List<Elem> ys, BinaryOperator<BigInteger> op) {
        List<BigInteger> l = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) {
            l.add(op.apply(xs.get(i).v, ys.get(i).v));
        }
        return l;
    }

    private interface VectorOp {
        void apply(long[] x, long[] y, long[] z);
    }

    /** Runs op into a fresh z, then with z = x and z = y; x and y must be left unchanged. */
    private static void checkBinary(GfField f, Layout layout, List<Elem> xs, List<Elem> ys, VectorOp op,
            List<long[]> want, String what) {
        int k = f.k();
        int n = xs.size();
        long[] x = pack(xs, layout, k);
        long[] y = pack(ys, layout, k);
        long[] z = new long[n * k];
        Arrays.fill(z, JUNK);
        op.apply(x, y, z);
        assertVector(f, want, z, layout, n, what);
        assertArrayEquals(pack(xs, layout, k), x, what + " changed x");
        assertArrayEquals(pack(ys, layout, k), y, what + " changed y");
        op.apply(x, y, x);
        assertVector(f, want, x, layout, n, what + " into x");
        long[] x2 = pack(xs, layout, k);
        op.apply(x2, y, y);
        assertVector(f, want, y, layout, n, what + " into y");
    }

    @ParameterizedTest
    @MethodSource("fields")
    void vectorOperationsAgreeWithElementOperations(GfField f) {
        int k = f.k();
        BigInteger p = f.modulus();
        GfArithmetic a = f.arithmetic();
        Random rnd = GfTestSupport.random("vec" + f.name());
        for (int n : LENGTHS) {
            List<Elem> xs = vector(f, rnd, n);
            List<Elem> ys = vector(f, rnd, n);
            List<long[]> sum = reference(f, n, (i, z) -> a.add(xs.get(i).d, 0, ys.get(i).d, 0, z, 0),
                    zip(xs, ys, BigInteger::add), "add");
            List<long[]> diff = reference(f, n, (i, z) -> a.sub(xs.get(i).d, 0, ys.get(i).d, 0, z, 0),
                    zip(xs, ys, BigInteger::subtract), "sub");
            List<long[]> prod = reference(f, n, (i, z) -> a.mul(xs.get(i).d, 0, ys.get(i).d, 0, z, 0),
                    zip(xs, ys, BigInteger::multiply), "mul");
            int[] es = new int[n];
            for (int i = 0; i < n; i++) {
                es[i] = i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE : rnd.nextInt(6 * k + 1) - 3 * k;
            }
            List<BigInteger> shifted = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                shifted.add(xs.get(i).v.multiply(f.radixBig().modPow(BigInteger.valueOf(es[i]), p)));
            }
            List<long[]> perElement = reference(f, n, (i, z) -> a.mulPowR(xs.get(i).d, 0, es[i], z, 0), shifted,
                    "mulPowR(e[i])");
            for (Layout layout : Layout.values()) {
                checkBinary(f, layout, xs, ys, (x, y, z) -> GfVectors.add(f, layout, x, y, z, n), sum, "add");
                checkBinary(f, layout, xs, ys, (x, y, z) -> GfVectors.sub(f, layout, x, y, z, n), diff, "sub");
                checkBinary(f, layout, xs, ys, (x, y, z) -> GfVectors.mul(f, layout, x, y, z, n), prod, "mul");
                // per-element exponents, out of place and in place
                long[] x = pack(xs, layout, k);
                long[] z = new long[n * k];
                Arrays.fill(z, JUNK);
                GfVectors.mulPowR(f, layout, x, es, z, n);
                assertVector(f, perElement, z, layout, n, "mulPowR(e[i])");
                assertArrayEquals(pack(xs, layout, k), x, "mulPowR changed x");
                GfVectors.mulPowR(f, layout, x, es, x, n);
                assertVector(f, perElement, x, layout, n, "mulPowR(e[i]) in place");
            }
            // one exponent for all elements
            int[] scalars = k >= 64 ? new int[] {0, 1, k, 2 * k - 1, -1, rnd.nextInt()}
                    : new int[] {0, 1, k - 1, k, k + 1, 2 * k - 1, 2 * k, -1, -k, 3 * k + 1, rnd.nextInt()};
            for (int e : scalars) {
                List<BigInteger> want = new ArrayList<>();
                BigInteger re = f.radixBig().modPow(BigInteger.valueOf(e), p);
                for (Elem x : xs) {
                    want.add(x.v.multiply(re));
                }
                List<long[]> ref = reference(f, n, (i, z) -> a.mulPowR(xs.get(i).d, 0, e, z, 0), want, "mulPowR " + e);
                for (Layout layout : Layout.values()) {
                    long[] x = pack(xs, layout, k);
                    long[] z = new long[n * k];
                    Arrays.fill(z, JUNK);
                    GfVectors.mulPowR(f, layout, x, e, z, n);
                    assertVector(f, ref, z, layout, n, "mulPowR " + e);
                    GfVectors.mulPowR(f, layout, x, e, x, n);
                    assertVector(f, ref, x, layout, n, "mulPowR " + e + " in place");
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void convertRoundTripsBetweenLayouts(GfField f) {
        int k = f.k();
        Random rnd = GfTestSupport.random("convert" + f.name());
        for (int n : LENGTHS) {
            List<Elem> xs = vector(f, rnd, n);
            long[] em = pack(xs, Layout.ELEMENT_MAJOR, k);
            long[] dm = pack(xs, Layout.DIGIT_MAJOR, k);
            long[] out = new long[n * k];
            GfVectors.convert(em, Layout.ELEMENT_MAJOR, out, Layout.DIGIT_MAJOR, n, k);
            assertArrayEquals(dm, out, f.name() + " n=" + n + " element-major to digit-major");
            long[] back = new long[n * k];
            GfVectors.convert(out, Layout.DIGIT_MAJOR, back, Layout.ELEMENT_MAJOR, n, k);
            assertArrayEquals(em, back, f.name() + " n=" + n + " round trip");
            for (Layout l : Layout.values()) {
                long[] src = l == Layout.ELEMENT_MAJOR ? em : dm;
                long[] copy = new long[n * k];
                GfVectors.convert(src, l, copy, l, n, k);
                assertArrayEquals(src, copy, "same layout copies");
                // gather and scatter agree with the digit-major formula
                if (l == Layout.DIGIT_MAJOR) {
                    long[] buf = new long[k];
                    long[] rebuilt = new long[n * k];
                    for (int i = 0; i < n; i++) {
                        GfVectors.gather(dm, i, n, k, buf);
                        assertArrayEquals(xs.get(i).d, buf, "gather " + i);
                        GfVectors.scatter(buf, rebuilt, i, n, k);
                    }
                    assertArrayEquals(dm, rebuilt, "scatter");
                }
            }
            // Layout.index is the documented formula
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < k; j++) {
                    assertEquals(i * k + j, Layout.ELEMENT_MAJOR.index(i, j, n, k));
                    assertEquals(j * n + i, Layout.DIGIT_MAJOR.index(i, j, n, k));
                }
            }
        }
        long[] v = new long[3 * k];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GfVectors.convert(v, Layout.ELEMENT_MAJOR, v, Layout.DIGIT_MAJOR, 3, k));
        assertTrue(e.getMessage().startsWith("dst"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> GfVectors.convert(new long[3 * k - 1], Layout.ELEMENT_MAJOR, new long[3 * k], Layout.DIGIT_MAJOR, 3, k));
        assertTrue(e.getMessage().startsWith("src"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> GfVectors.convert(new long[3 * k], Layout.ELEMENT_MAJOR, new long[3 * k - 1], Layout.DIGIT_MAJOR, 3, k));
        assertTrue(e.getMessage().startsWith("dst"), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("fields")
    void checkCanonicalNamesTheBadElement(GfField f) {
        int k = f.k();
        long r = f.radix();
        Random rnd = GfTestSupport.random("vcanon" + f.name());
        for (int n : new int[] {1, 7, 100}) {
            List<Elem> xs = vector(f, rnd, n);
            for (Layout layout : Layout.values()) {
                long[] v = pack(xs, layout, k);
                GfVectors.checkCanonical(f, layout, v, n, "v"); // all good: no exception
                for (int bad : new int[] {0, n / 2, n - 1}) {
                    for (int kind = 0; kind < 3; kind++) {
                        long[] w = v.clone();
                        int j = kind == 0 ? rnd.nextInt(k) : k - 1;
                        if (kind == 0) {
                            w[at(layout, bad, j, n, k)] = r;            // digit = r (or r at top with ...)
                            if (j == k - 1) {
                                w[at(layout, bad, 0, n, k)] = k > 1 ? 1 : r + 1;
                            }
                        } else if (kind == 1) {
                            w[at(layout, bad, k - 1, n, k)] = r + 1;    // top digit above r
                        } else {
                            w[at(layout, bad, k - 1, n, k)] = -1L;      // 2^64 - 1
                        }
                        int bj = j;
                        String ctx = f.name() + " " + layout + " n=" + n + " bad element " + bad + " kind " + kind;
                        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                                () -> GfVectors.checkCanonical(f, layout, w, n, "v"), ctx + " digit " + bj);
                        assertTrue(e.getMessage().startsWith("v[" + bad + "]"), ctx + ": " + e.getMessage());
                    }
                }
            }
        }
        GfVectors.checkCanonical(f, Layout.DIGIT_MAJOR, new long[0], 0, "v");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GfVectors.checkCanonical(f, Layout.ELEMENT_MAJOR, new long[2 * k - 1], 2, "w"));
        assertTrue(e.getMessage().startsWith("w"), e.getMessage());
    }

    /** The message names the parameter as a word, as for GfField. */
    private static void assertNames(String param, org.junit.jupiter.api.function.Executable call, String ctx) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, ctx);
        String m = e.getMessage();
        assertTrue(m != null && java.util.regex.Pattern.compile("(^|[^A-Za-z0-9_])" + java.util.regex.Pattern.quote(param)
                + "($|[^A-Za-z0-9_])").matcher(m).find(), () -> ctx + ": message does not name '" + param + "': " + m);
    }

    @Test
    void badVectorArgumentsAreRejectedNamingTheParameter() {
        GfField f = GfPreset.GF8.field();
        int k = f.k();
        long[] ok = new long[4 * k];
        long[] shortV = new long[4 * k - 1];
        for (Layout l : Layout.values()) {
            String w = l.toString();
            assertNames("n", () -> GfVectors.add(f, l, ok, ok, ok, -1), w);
            assertNames("n", () -> GfVectors.mulPowR(f, l, ok, new int[4], ok, -1), w);
            assertNames("x", () -> GfVectors.add(f, l, shortV, ok, ok, 4), w);
            assertNames("y", () -> GfVectors.sub(f, l, ok, shortV, ok, 4), w);
            assertNames("z", () -> GfVectors.mul(f, l, ok, ok, shortV, 4), w);
            assertNames("x", () -> GfVectors.add(f, l, null, ok, ok, 4), w);
            assertNames("y", () -> GfVectors.add(f, l, ok, null, ok, 4), w);
            assertNames("z", () -> GfVectors.mul(f, l, ok, ok, null, 4), w);
            assertNames("x", () -> GfVectors.mulPowR(f, l, shortV, 1, ok, 4), w);
            assertNames("z", () -> GfVectors.mulPowR(f, l, ok, 1, shortV, 4), w);
            assertNames("e", () -> GfVectors.mulPowR(f, l, ok, new int[3], ok, 4), w);
            assertNames("e", () -> GfVectors.mulPowR(f, l, ok, (int[]) null, ok, 4), w);
            assertNames("x", () -> GfVectors.mulPowR(f, l, shortV, new int[4], ok, 4), w);
            assertNames("z", () -> GfVectors.mulPowR(f, l, ok, new int[4], null, 4), w);
            assertNames("v", () -> GfVectors.checkCanonical(f, l, null, 4, "v"), w);
            assertNames("v", () -> GfVectors.checkCanonical(f, l, shortV, 4, "v"), w);
            assertNames("n", () -> GfVectors.checkCanonical(f, l, ok, -1, "v"), w);
            assertNames("src", () -> GfVectors.convert(null, l, ok, l, 4, k), w);
            assertNames("dst", () -> GfVectors.convert(ok, l, null, l, 4, k), w);
            assertNames("n", () -> GfVectors.convert(ok, l, new long[4 * k], l, -4, k), w);
            // n = 0 touches nothing
            long[] junk = new long[k];
            Arrays.fill(junk, JUNK);
            GfVectors.add(f, l, junk, junk, junk, 0);
            GfVectors.mulPowR(f, l, junk, new int[0], junk, 0);
            assertTrue(Arrays.stream(junk).allMatch(x -> x == JUNK));
        }
        // a missing layout must not be taken for one of the two
        long[] x = GfTestSupport.edges(f, false).get(5).d.clone();
        long[] y = new long[k];
        assertNames("layout", () -> GfVectors.add(f, null, x, x, y, 1), "null layout");
        assertNames("layout", () -> GfVectors.mulPowR(f, null, x, 1, y, 1), "null layout");
        assertNames("layout", () -> GfVectors.mulPowR(f, null, x, new int[1], y, 1), "null layout");
        assertNames("layout", () -> GfVectors.checkCanonical(f, null, x, 1, "v"), "null layout");
    }
}
