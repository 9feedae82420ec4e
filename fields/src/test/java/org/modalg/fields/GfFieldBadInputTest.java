package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fields.GfTestSupport.JUNK;
import static org.modalg.fields.GfTestSupport.SEED;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input to {@link GfField} and {@link GfPreset}: an {@link IllegalArgumentException} that
 * names the offending parameter, never a wrong result, and no output written.
 */
class GfFieldBadInputTest {
    private static final BigInteger TWO64 = BigInteger.ONE.shiftLeft(64);

    /** The exception's message names param as a word (not as part of another word). */
    private static IllegalArgumentException assertNames(String param, Executable call, String context) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, context);
        String m = e.getMessage();
        assertTrue(m != null && Pattern.compile("(^|[^A-Za-z0-9_])" + Pattern.quote(param) + "($|[^A-Za-z0-9_])")
                .matcher(m).find(), () -> context + ": message does not name '" + param + "': " + m);
        return e;
    }

    // ------------------------------------------------------------------ construction

    @ParameterizedTest
    @ValueSource(ints = {3, 0, -1, 6, 5, 12, 96, GfField.MAX_K * 2, GfField.MAX_K + 1, Integer.MAX_VALUE,
        Integer.MIN_VALUE, 1 << 30})
    void kNotAPowerOfTwoInRange(int k) {
        for (long r : new long[] {2, 10, (1L << 59) + (1L << 58) + (1L << 11)}) {
            IllegalArgumentException e = assertNames("k", () -> GfField.of(r, k), "of(" + r + ", " + k + ")");
            assertTrue(e.getMessage().contains(String.valueOf(GfField.MAX_K)), e.getMessage());
            assertNames("k", () -> GfField.of(BigInteger.valueOf(r), k), "of(BigInteger " + r + ", " + k + ")");
        }
    }

    @Test
    void radixOutOfRange() {
        for (long r : new long[] {0, 1}) {
            for (int k : new int[] {1, 2, 4}) {
                assertNames("r", () -> GfField.of(r, k), "of(" + r + ", " + k + ")");
                assertNames("r", () -> GfField.of(BigInteger.valueOf(r), k), "of(BigInteger " + r + ", " + k + ")");
            }
        }
        List<BigInteger> bad = List.of(TWO64, TWO64.add(BigInteger.TWO), TWO64.shiftLeft(1), TWO64.pow(3),
                BigInteger.ONE.negate(), BigInteger.TWO.negate(), TWO64.negate(), TWO64.subtract(BigInteger.TWO).negate(),
                BigInteger.ZERO, BigInteger.ONE);
        for (BigInteger r : bad) {
            assertNames("r", () -> GfField.of(r, 2), "of(" + r + ", 2)");
        }
        assertNames("r", () -> GfField.of((BigInteger) null, 2), "of(null, 2)");
    }

    static Stream<Arguments> composites() {
        return Stream.of(Arguments.of(3L, 2), Arguments.of(3L, 1), Arguments.of(5L, 2), Arguments.of(8L, 2),
                Arguments.of(2L, 32), Arguments.of(7L, 4), Arguments.of(14L, 1), Arguments.of(-1L, 2), Arguments.of(-1L, 1),
                Arguments.of(-2L, 2), Arguments.of(1L << 32, 4), Arguments.of(3L, 128), Arguments.of(1L << 62, 2));
    }

    @ParameterizedTest(name = "r = {0}, k = {1}")
    @MethodSource("composites")
    void compositeModulus(long r, int k) {
        BigInteger p = GfTestSupport.unsigned(r).pow(k).add(BigInteger.ONE);
        assertTrue(!p.isProbablePrime(50), "test data: " + p + " should be composite");
        assertNames("r", () -> GfField.of(r, k), "of(" + Long.toUnsignedString(r) + ", " + k + ")");
        assertNames("k", () -> GfField.of(r, k), "of(" + Long.toUnsignedString(r) + ", " + k + ")");
        assertNames("r", () -> GfField.of(GfTestSupport.unsigned(r), k), "of(BigInteger)");
    }

    @Test
    void validRadixAtBothEndsIsAccepted() {
        // r = 2 (k = 1: p = 3) and r just below 2^64 (k = 1: p = 2^64 - 59, the largest 64-bit prime)
        assertEquals(BigInteger.valueOf(3), GfField.of(2, 1).modulus());
        GfField top = GfField.of(TWO64.subtract(BigInteger.valueOf(60)), 1);
        assertEquals(TWO64.subtract(BigInteger.valueOf(59)), top.modulus());
        assertEquals(top, GfField.of(-60L, 1));
    }

    // ------------------------------------------------------------------ non-canonical operands

    static Stream<GfField> fields() {
        return Stream.of(GfPreset.GF8.field(), GfPreset.SRGF4.field(), GfPreset.SRGF2.field(), GfField.of(6, 2),
                GfField.of(10, 1));
    }

    /** Elements that are not canonical, each in an array of length k + 1 at offset 1. */
    private static List<long[]> nonCanonical(GfField f) {
        int k = f.k();
        long r = f.radix();
        List<long[]> l = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            long[] d = new long[k + 1];
            d[1 + j] = r + 1;                  // above r
            l.add(d);
            long[] e = new long[k + 1];
            e[1 + j] = -1L;                    // 2^64 - 1 (r < 2^64 - 1 here)
            l.add(e);
            if (j < k - 1) {
                long[] g = new long[k + 1];
                g[1 + j] = r;                  // r below the top digit
                l.add(g);
                long[] h = new long[k + 1];
                h[k] = r;                      // the top digit r with another digit nonzero
                h[1 + j] = 1;
                l.add(h);
                long[] i = new long[k + 1];
                i[k] = r;
                i[1 + j] = r - 1;
                l.add(i);
            }
        }
        return l;
    }

    /** Calls with one bad operand: each must throw naming that operand and leave c untouched. */
    @ParameterizedTest
    @MethodSource("fields")
    void nonCanonicalOperandsAreRejected(GfField f) {
        int k = f.k();
        long[] good = f.element(BigInteger.valueOf(12345));
        String where = "seed=" + SEED + " " + f.name();
        for (long[] bad : nonCanonical(f)) {
            String ctx = where + " operand " + GfTestSupport.digitString(bad, 1, k);
            long[] c = new long[k];
            Arrays.fill(c, JUNK);
            assertNames("a", () -> f.add(bad, 1, good, 0, c, 0), "add " + ctx);
            assertNames("b", () -> f.add(good, 0, bad, 1, c, 0), "add " + ctx);
            assertNames("a", () -> f.sub(bad, 1, good, 0, c, 0), "sub " + ctx);
            assertNames("b", () -> f.sub(good, 0, bad, 1, c, 0), "sub " + ctx);
            assertNames("a", () -> f.mul(bad, 1, good, 0, c, 0), "mul " + ctx);
            assertNames("b", () -> f.mul(good, 0, bad, 1, c, 0), "mul " + ctx);
            assertNames("a", () -> f.neg(bad, 1, c, 0), "neg " + ctx);
            assertNames("a", () -> f.pow(bad, 1, BigInteger.TWO, c, 0), "pow " + ctx);
            assertNames("a", () -> f.inv(bad, 1, c, 0), "inv " + ctx);
            assertNames("a", () -> f.isZero(bad, 1), "isZero " + ctx);
            assertNames("a", () -> f.mulPowR(bad, 1, 1, c, 0), "mulPowR " + ctx);
            assertNames("src", () -> f.toBigInteger(bad, 1), "toBigInteger " + ctx);
            assertNames("v[7]", () -> f.checkCanonical(bad, 1, "v[7]"), "checkCanonical " + ctx);
            assertTrue(!f.isCanonical(bad, 1), "isCanonical " + ctx);
            assertTrue(Arrays.stream(c).allMatch(x -> x == JUNK), "output written on bad input: " + ctx);
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void nullArraysAndBadOffsetsAreRejected(GfField f) {
        int k = f.k();
        long[] good = f.element(BigInteger.valueOf(77));
        long[] c = new long[k];
        String w = f.name();
        // null arrays
        assertNames("a", () -> f.add(null, 0, good, 0, c, 0), w);
        assertNames("b", () -> f.add(good, 0, null, 0, c, 0), w);
        assertNames("c", () -> f.add(good, 0, good, 0, null, 0), w);
        assertNames("a", () -> f.sub(null, 0, good, 0, c, 0), w);
        assertNames("b", () -> f.sub(good, 0, null, 0, c, 0), w);
        assertNames("c", () -> f.sub(good, 0, good, 0, null, 0), w);
        assertNames("a", () -> f.mul(null, 0, good, 0, c, 0), w);
        assertNames("b", () -> f.mul(good, 0, null, 0, c, 0), w);
        assertNames("c", () -> f.mul(good, 0, good, 0, null, 0), w);
        assertNames("a", () -> f.neg(null, 0, c, 0), w);
        assertNames("c", () -> f.neg(good, 0, null, 0), w);
        assertNames("a", () -> f.pow(null, 0, BigInteger.ONE, c, 0), w);
        assertNames("c", () -> f.pow(good, 0, BigInteger.ONE, null, 0), w);
        assertNames("e", () -> f.pow(good, 0, null, c, 0), w);
        assertNames("a", () -> f.inv(null, 0, c, 0), w);
        assertNames("c", () -> f.inv(good, 0, null, 0), w);
        assertNames("a", () -> f.isZero(null, 0), w);
        assertNames("a", () -> f.mulPowR(null, 0, 3, c, 0), w);
        assertNames("c", () -> f.mulPowR(good, 0, 3, null, 0), w);
        assertNames("src", () -> f.toBigInteger(null, 0), w);
        assertNames("dst", () -> f.fromBigInteger(BigInteger.ONE, null, 0), w);
        assertNames("x", () -> f.fromBigInteger(null, c, 0), w);
        assertNames("x", () -> f.element((BigInteger) null), w);
        assertNames("q", () -> f.checkCanonical(null, 0, "q"), w);
        // offsets: negative, past the end, and arrays too short for k digits
        long[] padded = new long[k + 3];
        System.arraycopy(good, 0, padded, 1, k);
        for (int off : new int[] {-1, -k, 4, k + 3, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            String wo = w + " offset " + off;
            assertNames("a", () -> f.add(padded, off, good, 0, c, 0), wo);
            assertNames("b", () -> f.add(good, 0, padded, off, c, 0), wo);
            assertNames("c", () -> f.add(good, 0, good, 0, padded, off), wo);
            assertNames("a", () -> f.sub(padded, off, good, 0, c, 0), wo);
            assertNames("b", () -> f.sub(good, 0, padded, off, c, 0), wo);
            assertNames("c", () -> f.sub(good, 0, good, 0, padded, off), wo);
            assertNames("a", () -> f.mul(padded, off, good, 0, c, 0), wo);
            assertNames("b", () -> f.mul(good, 0, padded, off, c, 0), wo);
            assertNames("c", () -> f.mul(good, 0, good, 0, padded, off), wo);
            assertNames("a", () -> f.neg(padded, off, c, 0), wo);
            assertNames("c", () -> f.neg(good, 0, padded, off), wo);
            assertNames("a", () -> f.pow(padded, off, BigInteger.TEN, c, 0), wo);
            assertNames("c", () -> f.pow(good, 0, BigInteger.TEN, padded, off), wo);
            assertNames("a", () -> f.inv(padded, off, c, 0), wo);
            assertNames("c", () -> f.inv(good, 0, padded, off), wo);
            assertNames("a", () -> f.isZero(padded, off), wo);
            assertNames("a", () -> f.mulPowR(padded, off, 1, c, 0), wo);
            assertNames("c", () -> f.mulPowR(good, 0, 1, padded, off), wo);
            assertNames("src", () -> f.toBigInteger(padded, off), wo);
            assertNames("dst", () -> f.fromBigInteger(BigInteger.TEN, padded, off), wo);
        }
        long[] shortArray = new long[Math.max(0, k - 1)];
        assertNames("a", () -> f.add(shortArray, 0, good, 0, c, 0), w + " short array");
        assertNames("c", () -> f.add(good, 0, good, 0, shortArray, 0), w + " short array");
        assertNames("src", () -> f.toBigInteger(shortArray, 0), w + " short array");
        // and the valid offsets at the end of the array still work
        assertEquals(BigInteger.valueOf(77).mod(f.modulus()), f.toBigInteger(padded, 1));
        long[] tail = new long[k + 3];
        f.fromBigInteger(BigInteger.valueOf(-1), tail, 3);
        assertEquals(f.modulus().subtract(BigInteger.ONE), f.toBigInteger(tail, 3));
    }

    @ParameterizedTest
    @MethodSource("fields")
    void zeroHasNoInverse(GfField f) {
        long[] zero = new long[f.k()];
        long[] c = new long[f.k()];
        Arrays.fill(c, JUNK);
        assertThrows(ArithmeticException.class, () -> f.inv(zero, 0, c, 0));
        assertThrows(ArithmeticException.class, () -> f.pow(zero, 0, BigInteger.ONE.negate(), c, 0));
        assertThrows(ArithmeticException.class, () -> f.pow(zero, 0, BigInteger.TEN.negate(), c, 0));
        assertTrue(Arrays.stream(c).allMatch(x -> x == JUNK), "output written");
    }

    // ------------------------------------------------------------------ roots of unity, presets

    @Test
    @Timeout(120) // an N that does not divide p - 1 must be refused, not searched for forever
    void rootOfUnityOutOfRange() {
        List<GfField> fs = new ArrayList<>();
        fs.add(GfField.of(2, 1));
        fs.add(GfField.of(6, 2));
        for (GfPreset p : GfPreset.values()) {
            fs.add(p.field());
        }
        for (GfField f : fs) {
            int v = f.twoAdicOrder();
            for (int log2N : new int[] {-1, -2, Integer.MIN_VALUE, v + 1, v + 2, Integer.MAX_VALUE}) {
                assertNames("log2N", () -> f.rootOfUnity(log2N), f.name() + " rootOfUnity(" + log2N + ")");
            }
        }
    }

    @Test
    void presetByName() {
        for (String bad : new String[] {"nope", "", "GF3", "GF", "SRGF", "P3", "GF8x"}) {
            assertNames("name", () -> GfPreset.byName(bad), "byName(" + bad + ")");
        }
        assertNames("name", () -> GfPreset.byName(null), "byName(null)");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GfPreset.byName("nope"));
        for (GfPreset p : GfPreset.values()) {
            assertTrue(e.getMessage().contains(p.name()), "valid names listed: " + e.getMessage());
            assertSame(p, GfPreset.byName(p.name()));
            assertSame(p, GfPreset.byName(p.name().toLowerCase(java.util.Locale.ROOT)));
            assertSame(p, GfPreset.byName("  " + p.name() + " "));
        }
    }

    @Test
    void newElementsRejectsNegativeCount() {
        GfField f = GfPreset.GF16.field();
        assertNames("n", () -> f.newElements(-1), "newElements(-1)");
        assertEquals(0, f.newElements(0).length);
        assertEquals(3 * 16, f.newElements(3).length);
    }
}
