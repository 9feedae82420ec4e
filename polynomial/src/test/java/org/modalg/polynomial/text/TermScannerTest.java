package org.modalg.polynomial.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The scanner under the human text forms: the signed sum against a BigInteger sum of the same
 * terms, exponents against Long.parseLong, and the errors with line and column.
 */
class TermScannerTest {

    // a fresh seed each run unless -Dmodalg.test.seed is given; printed to replay a failure
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    private static String where(String label) {
        return "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + label;
    }

    // The sum of the text's terms, each a number or a number^e (the scanner's own pieces).
    private static BigInteger sumOf(String text) {
        TermScanner in = new TermScanner(text);
        BigInteger[] total = {BigInteger.ZERO};
        in.sum("1 + 2", "'+', '-' or end of text", negative -> {
            if (!TermScanner.isDigit(in.peek())) {
                throw in.error(in.position(), "expected a number, found " + in.describe(in.position()));
            }
            BigInteger v = in.number();
            v = v.pow((int) in.exponent());
            total[0] = total[0].add(negative ? v.negate() : v);
        });
        return total[0];
    }

    private static String blanks(Random rnd) {
        String[] ws = {"", "", " ", "  ", "\t", "\n", " \r\n ", "\u000b", "\f"};
        return ws[rnd.nextInt(ws.length)];
    }

    @Test
    void sumsOfRandomSignedTerms() {
        System.out.println("TermScannerTest seed " + SEED);
        Random rnd = new Random(SEED);
        for (int round = 0; round < 300 * MULTIPLIER; round++) {
            int terms = 1 + rnd.nextInt(8);
            StringBuilder text = new StringBuilder(blanks(rnd));
            BigInteger expected = BigInteger.ZERO;
            for (int t = 0; t < terms; t++) {
                boolean negative = false;
                if (t > 0 || rnd.nextBoolean()) {
                    negative = rnd.nextBoolean();
                    text.append(negative ? '-' : '+').append(blanks(rnd));
                }
                if (rnd.nextInt(4) == 0) { // a second sign: "+ -3", or "- -3"
                    boolean second = rnd.nextBoolean();
                    negative ^= second;
                    text.append(second ? '-' : '+').append(blanks(rnd));
                }
                BigInteger v = new BigInteger(1 + rnd.nextInt(rnd.nextInt(10) == 0 ? 400 : 70), rnd);
                String digits = "0".repeat(rnd.nextInt(10) == 0 ? 3 : 0) + v;
                text.append(digits);
                if (rnd.nextInt(3) == 0) {
                    int e = rnd.nextInt(4);
                    text.append(blanks(rnd)).append('^').append(blanks(rnd)).append(e);
                    v = v.pow(e);
                }
                expected = expected.add(negative ? v.negate() : v);
                text.append(blanks(rnd));
            }
            assertEquals(expected, sumOf(text.toString()), where("'" + text + "'"));
        }
    }

    @Test
    void exponentsAgainstParseLong() {
        Random rnd = new Random(SEED + 1);
        for (int round = 0; round < 200 * MULTIPLIER; round++) {
            long e = rnd.nextInt(4) == 0 ? rnd.nextInt(100) : (rnd.nextLong() & Long.MAX_VALUE) % (1L << 33);
            String zeros = "0".repeat(rnd.nextInt(3) == 0 ? rnd.nextInt(20) : 0);
            TermScanner in = new TermScanner("^" + zeros + e + " rest");
            if (e <= TermScanner.MAX_EXPONENT) {
                assertEquals(Long.parseLong(zeros + e), in.exponent(), where("e=" + e));
                assertEquals(1 + zeros.length() + Long.toString(e).length(), in.position(), where("e=" + e));
            } else {
                PolyParseException x = assertThrows(PolyParseException.class, in::exponent, where("e=" + e));
                assertTrue(x.getMessage().contains("too large"), x.getMessage());
                assertEquals(2, x.column());
            }
        }
    }

    @Test
    void edgeValues() {
        assertEquals(BigInteger.valueOf(-3), sumOf("+ -3"));
        assertEquals(BigInteger.valueOf(3), sumOf("- -3"));
        assertEquals(BigInteger.ONE, sumOf("7^0"));
        assertEquals(BigInteger.ZERO, sumOf("0"));
        assertEquals(TermScanner.MAX_EXPONENT, new TermScanner("^" + TermScanner.MAX_EXPONENT).exponent());
        assertEquals(1, new TermScanner(" * 3").exponent()); // no '^': 1, position unchanged
        assertEquals(Integer.MAX_VALUE - 16, TermScanner.MAX_EXPONENT);
        assertEquals(PolyText.MAX_DEGREE, TermScanner.MAX_EXPONENT);

        assertError("", 1, 1, "expected a polynomial such as 1 + 2, found end of text");
        assertError("   ", 1, 4, "found end of text");
        assertError("1 2", 1, 3, "expected '+', '-' or end of text, found '2'");
        assertError("1 +", 1, 4, "expected a number, found end of text");
        assertError("1\r\n+ 2\n+ x", 3, 3, "expected a number, found 'x'");
        assertError("1 + - - 2", 1, 7, "expected a number, found '-'");
        assertError("2^", 1, 3, "expected an exponent (a non-negative integer) after '^', found end of text");
        assertError("2 ^ -1", 1, 5, "expected an exponent");
        assertError("2^" + (TermScanner.MAX_EXPONENT + 1L), 1, 3, "is too large (at most " + TermScanner.MAX_EXPONENT);
        assertError("2^" + "9".repeat(60), 1, 3, "... (60 characters) is too large");

        assertEquals("x_1", TermScanner.checkIdentifier("x_1", "variable"));
        for (String bad : new String[] {"", "1x", "x-y", "é", " x"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> TermScanner.checkIdentifier(bad, "y variable"));
            assertTrue(e.getMessage().startsWith("y variable must be an identifier"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TermScanner.checkIdentifier(null, "variable"))
                .getMessage().startsWith("variable must not be null"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new TermScanner(null))
                .getMessage().startsWith("text must not be null"));
        TermScanner in = new TermScanner("ab");
        assertEquals("ab", in.identifier());
        assertTrue(in.atEnd());
        in.position(0);
        assertEquals('a', in.peek());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> in.position(3))
                .getMessage().startsWith("at must be in [0, 2]"));
        assertThrows(IllegalArgumentException.class, () -> in.position(-1));
        assertEquals("end of text", in.describe(2));
        assertEquals("end of line", new TermScanner("\n").describe(0));
    }

    private static void assertError(String text, int line, int column, String part) {
        PolyParseException e = assertThrows(PolyParseException.class, () -> sumOf(text), text);
        assertTrue(e.getMessage().contains(part), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
    }
}
