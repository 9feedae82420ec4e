package org.modalg.polynomial.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;
import static org.modalg.polynomial.PolyOracles.SEED;
import static org.modalg.polynomial.PolyOracles.where;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.gf.GfPoly;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/** The human and FLINT text forms: examples, round trips, and errors with line and column. */
class PolyTextTest {

    @Test
    void humanFormExamples() {
        ZZPoly f = ZZPoly.of(7, -1, 3);
        assertEquals("3*x^2 - x + 7", f.toString());
        assertEquals("3*t^2 - t + 7", f.toString("t"));
        assertEquals(f, ZZPoly.parse("3*x^2 - x + 7"));
        assertEquals(f, ZZPoly.parse("3x^2-x+7"));
        assertEquals(f, ZZPoly.parse("  7 + -x + 3 x ^ 2  "));
        assertEquals(f, ZZPoly.parse("x^2 + 2*x^2 - x + 7"));
        assertEquals(f, ZZPoly.parse("3*x^2\n - x\n + 7\n"));
        assertEquals(f, ZZPoly.parse("3*y_1^2 - y_1 + 7", "y_1"));
        assertEquals(ZZPoly.of(-3), ZZPoly.parse("+ -3"));
        assertEquals(ZZPoly.of(-3), ZZPoly.parse("-3"));
        assertEquals(ZZPoly.of(0, -1), ZZPoly.parse("-x"));
        assertEquals(ZZPoly.of(0, 1), ZZPoly.parse("x"));
        assertEquals(ZZPoly.of(0, 1), ZZPoly.parse("x^1"));
        assertEquals(ZZPoly.of(1), ZZPoly.parse("x^0"));
        assertEquals(ZZPoly.of(4), ZZPoly.parse("1 - -3"));
        assertEquals(ZZPoly.ZERO, ZZPoly.parse("0"));
        assertEquals(ZZPoly.ZERO, ZZPoly.parse("x - x"));
        assertEquals(ZZPoly.of(0, 5), ZZPoly.parse("0005*x"));
        assertEquals("0", ZZPoly.ZERO.toString());
        assertEquals("-x^3 + x", ZZPoly.of(0, 1, 0, -1).toString());
        assertEquals("-1", ZZPoly.of(-1).toString());
        assertEquals("x - 1", ZZPoly.of(-1, 1).toString());
        BigInteger big = BigInteger.TEN.pow(60);
        assertEquals(ZZPoly.of(BigInteger.ZERO, big.negate()), ZZPoly.parse("-" + big + "x"));
    }

    @Test
    void flintFormExamples() {
        ZZPoly f = ZZPoly.of(7, -1, 3);
        assertEquals("3  7 -1 3", f.toFlintString());
        assertEquals(f, ZZPoly.parseFlint("3  7 -1 3"));
        assertEquals(f, ZZPoly.parseFlint("3 7 -1 3"));
        assertEquals(f, ZZPoly.parseFlint(" 3\n 7\t-1 3\n"));
        assertEquals(f, ZZPoly.parseFlint("5  7 -1 3 0 0"));
        assertEquals("0", ZZPoly.ZERO.toFlintString());
        assertEquals(ZZPoly.ZERO, ZZPoly.parseFlint("0"));
        assertEquals(ZZPoly.ZERO, ZZPoly.parseFlint("2  0 0"));
        assertEquals("1  -5", ZZPoly.of(-5).toFlintString());
    }

    @Test
    void roundTripsOnRandomPolynomials() {
        Random rnd = new Random(SEED + 20);
        String[] vars = {"x", "t", "y_1", "Z", "_"};
        for (int it = 0; it < 300 * MULTIPLIER; it++) {
            int len = PolyOracles.length(rnd, 30);
            ZZPoly f = ZZPoly.of(PolyOracles.randomZZ(rnd, len, PolyOracles.bits(rnd, it % 4 == 0 ? 2000 : 70)));
            String var = vars[rnd.nextInt(vars.length)];
            String msg = where("f=" + f.toFlintString());
            assertEquals(f, ZZPoly.parse(f.toString(var), var), msg);
            assertEquals(f, ZZPoly.parseFlint(f.toFlintString()), msg);
        }
        ZpField zp = ZpField.of(1_000_000_007L);
        GfField gf = GfPreset.GF4.field();
        for (int it = 0; it < 50 * MULTIPLIER; it++) {
            int len = PolyOracles.length(rnd, 20);
            ZpPoly g = ZpPoly.of(zp, PolyOracles.randomMod(rnd, len, zp.modulus()));
            assertEquals(g, ZpPoly.parse(zp, g.toString()), where(g.toString()));
            assertEquals(g, ZpPoly.parse(zp, g.toString("s"), "s"), where(g.toString()));
            assertEquals(g, ZpPoly.parseFlint(zp, g.toFlintString()), where(g.toString()));
            GfPoly h = GfPoly.of(gf, PolyOracles.randomMod(rnd, len, gf.modulus()));
            assertEquals(h, GfPoly.parse(gf, h.toString()), where(h.toString()));
            assertEquals(h, GfPoly.parseFlint(gf, h.toFlintString()), where(h.toString()));
        }
        // reduction mod p on the way in
        assertEquals(ZpPoly.of(zp, 1_000_000_006L, 1), ZpPoly.parse(zp, "x - 1"));
        assertEquals(ZpPoly.of(zp, 3), ZpPoly.parseFlint(zp, "2  1000000010 1000000007"));
    }

    private static void assertError(String text, int line, int column, String fragment) {
        PolyParseException e = assertThrows(PolyParseException.class, () -> ZZPoly.parse(text), text);
        check(e, text, line, column, fragment);
    }

    private static void assertFlintError(String text, int line, int column, String fragment) {
        PolyParseException e = assertThrows(PolyParseException.class, () -> ZZPoly.parseFlint(text), text);
        check(e, text, line, column, fragment);
    }

    private static void check(PolyParseException e, String text, int line, int column, String fragment) {
        String msg = "text '" + text + "': " + e.getMessage();
        assertEquals(line, e.line(), msg);
        assertEquals(column, e.column(), msg);
        assertTrue(e.getMessage().startsWith("line " + line + ", column " + column + ": "), msg);
        assertTrue(e.getMessage().contains(fragment), msg);
    }

    @Test
    void malformedHumanTextNamesLineAndColumn() {
        assertError("", 1, 1, "end of text");
        assertError("   ", 1, 4, "end of text");
        assertError("3*x^2 -", 1, 8, "end of text");
        assertError("3*x^2 + * 4", 1, 9, "'*'");
        assertError("3*y^2", 1, 3, "'y'");
        assertError("3*", 1, 3, "after '*'");
        assertError("x^", 1, 3, "exponent");
        assertError("x^-2", 1, 3, "exponent");
        assertError("3 4", 1, 3, "'4'");
        assertError("3x^2\n + 2\n - x*x", 3, 5, "'*'");
        assertError("3x^2\r\n + 2\r\n + ?", 3, 4, "'?'");
        assertError("x^99999999999", 1, 3, "too large");
        assertError("2 + + + x", 1, 7, "'+'");
        assertError("xx", 1, 1, "'xx'");
        assertError("1.5*x", 1, 2, "'.'");
        PolyParseException e = assertThrows(PolyParseException.class, () -> ZZPoly.parse("t + 1", "s"));
        assertEquals(1, e.column());
        assertTrue(e.getMessage().contains("expected variable 's'"), e.getMessage());
        assertTrue(e instanceof IllegalArgumentException);
    }

    @Test
    void malformedFlintTextNamesLineAndColumn() {
        assertFlintError("", 1, 1, "length");
        assertFlintError("-1  3", 1, 1, "length");
        assertFlintError("x", 1, 1, "'x'");
        assertFlintError("3  7 -1", 1, 8, "expected 3 coefficients, found 2");
        assertFlintError("2  7 -1 3", 1, 9, "end of text");
        assertFlintError("2\n7 abc", 2, 3, "'abc'");
        assertFlintError("2  7 --1", 1, 6, "'--1'");
        assertFlintError("2  7 +1", 1, 6, "'+1'");
        assertFlintError("99999999999 1", 1, 1, "too large");
    }

    // ------------------------------------------------------------------ sizes, ASCII, long input

    /** An exponent whose dense array cannot fit the heap fails at once, naming it and the bytes. */
    @Test
    void hugeExponentFailsBeforeAllocating() {
        long max = Runtime.getRuntime().maxMemory();
        Assumptions.assumeTrue(max / 8 < PolyText.MAX_DEGREE, "heap too large to be exceeded by an exponent");
        long e = Math.max(max / 8 + 1, 2_000_000_000L);
        String text = "x^" + e + " + 1";
        PolyParseException ex = assertThrows(PolyParseException.class, () -> ZZPoly.parse(text));
        assertEquals(3, ex.column());
        String m = ex.getMessage();
        assertTrue(m.contains("exponent " + e) && m.contains((8 * (e + 1) + 16) + " bytes")
                && m.contains(Long.toString(max)) && m.contains("Runtime.maxMemory()"), m);
        for (String t : new String[] {"1 + x^" + e, "3*x^2 - 5*x^" + e + " + x"}) {
            assertThrows(PolyParseException.class, () -> ZZPoly.parse(t), t);
            assertThrows(PolyParseException.class, () -> ZpPoly.parse(ZpField.of(7), t), t);
        }
        PolyParseException limit = assertThrows(PolyParseException.class,
                () -> ZZPoly.parse("x^" + (PolyText.MAX_DEGREE + 1L)));
        assertTrue(limit.getMessage().contains("too large"), limit.getMessage());
        PolyParseException digits = assertThrows(PolyParseException.class,
                () -> ZZPoly.parse("x^" + "9".repeat(100_000)));
        assertTrue(digits.getMessage().length() < 300, "the message quotes a cut excerpt");
        assertEquals(ZZPoly.of(0, 0, 1), ZZPoly.parse("x^" + "0".repeat(10_000) + "2"));
    }

    /** A FLINT length above the coefficients present fails before the array is made. */
    @Test
    void flintLengthCheckedAgainstTheInput() {
        for (String len : new String[] {"1000000000", Long.toString(PolyText.MAX_DEGREE + 1L), "4"}) {
            String text = len + "  1 2 3";
            PolyParseException e = assertThrows(PolyParseException.class, () -> ZZPoly.parseFlint(text));
            assertTrue(e.getMessage().contains("expected " + len + " coefficients, found 3"), e.getMessage());
            assertEquals(text.length() + 1, e.column());
        }
        PolyParseException e = assertThrows(PolyParseException.class, () -> ZZPoly.parseFlint("2000000000"));
        assertTrue(e.getMessage().contains("found 0"), e.getMessage());
        assertThrows(PolyParseException.class, () -> ZZPoly.parseFlint("99999999999999999999999 1"));
        assertThrows(PolyParseException.class, () -> ZpPoly.parseFlint(ZpField.of(7), "1000000000 1"));
        assertThrows(PolyParseException.class,
                () -> GfPoly.parseFlint(GfPreset.GF8.field(), "1000000000 1"));
    }

    /** Long inputs: iterative scanning only (no regular expression, no recursion per token). */
    @Test
    void readsAMillionCoefficients() {
        Random rnd = new Random(SEED + 11);
        int n = 1_000_000;
        long[] c = new long[n];
        StringBuilder flint = new StringBuilder().append(n).append(' ');
        for (int i = 0; i < n; i++) {
            c[i] = rnd.nextInt(2001) - 1000;
            flint.append(' ').append(c[i]);
        }
        c[n - 1] = 1;
        flint.setLength(flint.lastIndexOf(" ") + 1);
        flint.append(1);
        ZZPoly f = ZZPoly.parseFlint(flint.toString());
        assertEquals(n - 1, f.degree());
        for (int i = 0; i < n; i += 9973) {
            assertEquals(BigInteger.valueOf(c[i]), f.coefficient(i), where("i=" + i));
        }
        assertEquals(flint.toString(), f.toFlintString());
        ZZPoly part = f.truncate(200_000);
        assertEquals(part, ZZPoly.parse(part.toString()));
        ZpPoly g = ZpPoly.parseFlint(ZpField.of(998244353), flint.toString());
        assertEquals(n - 1, g.degree());
    }

    /** Large coefficients and one huge constant are read through IntegerText. */
    @Test
    void largeCoefficientsAgainstBigInteger() {
        Random rnd = new Random(SEED + 12);
        int n = 60;
        BigInteger[] c = new BigInteger[n];
        StringBuilder human = new StringBuilder();
        StringBuilder flint = new StringBuilder().append(n).append(' ');
        for (int i = 0; i < n; i++) {
            c[i] = new BigInteger(3000 + rnd.nextInt(30_000), rnd).add(BigInteger.ONE);
            if (rnd.nextBoolean()) {
                c[i] = c[i].negate();
            }
            flint.append(' ').append(c[i]);
            human.append(c[i].signum() < 0 ? " - " : " + ").append(c[i].abs()).append("*x^").append(i);
        }
        ZZPoly expected = ZZPoly.of(c);
        assertEquals(expected, ZZPoly.parseFlint(flint.toString()), where("flint"));
        assertEquals(expected, ZZPoly.parse(human.toString()), where("human"));
        assertEquals(flint.toString(), expected.toFlintString(), where("flint out"));
        assertEquals(expected, ZZPoly.parse(expected.toString()), where("human out"));
        BigInteger constant = new BigInteger(200_000, rnd).negate();
        String text = constant.toString();
        assertEquals(ZZPoly.of(constant), ZZPoly.parse(text));
        assertEquals(ZZPoly.of(constant), ZZPoly.parseFlint("1 " + text));
        assertEquals(text, ZZPoly.of(constant).toString());
    }

    @Test
    void asciiOnly() {
        assertError("\u0661\u0662*x", 1, 1, "'\u0661'");                 // Arabic-Indic digits
        assertError("x^\u0662", 1, 3, "exponent");
        assertError("3\u2003+ x", 1, 2, "'\u2003'");                   // em space
        assertError("3\u00a0+ x", 1, 2, "'\u00a0'");                   // no-break space
        assertError("\uff11 + x", 1, 1, "'\uff11'");                   // full-width 1
        assertFlintError("2  1 \u0662", 1, 6, "coefficient 1");
        assertFlintError("2\u2003 1 2", 1, 1, "length");
        assertFlintError("2  1\u20032 5", 1, 4, "coefficient 0");
        assertEquals(ZZPoly.of(1, 2), ZZPoly.parseFlint("2\u000b1\f2"));
    }

    @Test
    void everyPolynomialTypeRefusesAVariableThatIsNotAnIdentifierNamingIt() {
        ZpField zp = ZpField.of(7);
        GfField gf = GfPreset.GF4.field();
        for (String bad : new String[] {"2x", "", "x y", "x^2", null}) {
            for (Runnable r : new Runnable[] {() -> ZZPoly.of(1, 2).toString(bad),
                () -> ZpPoly.of(zp, 1, 2).toString(bad), () -> GfPoly.of(gf, 1L, 2L).toString(bad),
                () -> PolyText.formatHuman(2, i -> BigInteger.ONE, bad)}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run, "'" + bad + "'");
                assertTrue(e.getMessage().contains("variable"), e.getMessage());
            }
        }
        assertEquals("2*y + 1", ZpPoly.of(zp, 1, 2).toString("y"));
        assertEquals("y_1^2", PolyText.formatHuman(3, i -> i == 2 ? BigInteger.ONE : BigInteger.ZERO, "y_1"));
    }
}
