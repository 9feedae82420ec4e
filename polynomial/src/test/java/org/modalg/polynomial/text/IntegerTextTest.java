package org.modalg.polynomial.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;
import static org.modalg.polynomial.PolyOracles.SEED;
import static org.modalg.polynomial.PolyOracles.where;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * IntegerText against BigInteger (for sizes where BigInteger's quadratic conversions are quick)
 * and, for 10^6 and 10^7 digits, against checks independent of both: the value modulo random
 * 62-bit primes by Horner over the digits, hexadecimal text made from the bytes by a naive loop,
 * and the text printed back. Grammar: optional sign, ASCII digits, leading zeros allowed, no
 * whitespace, no non-ASCII digits; errors name the position.
 */
class IntegerTextTest {

    @BeforeAll
    static void printSeed() {
        System.out.println("IntegerTextTest " + where(""));
    }

    // ------------------------------------------------------------------ random, against BigInteger

    @Test
    void decimalAgainstBigInteger() {
        Random rnd = new Random(SEED);
        for (int t = 0; t < 150 * MULTIPLIER; t++) {
            int digits = logUniform(rnd, 1, t < 145 ? 20_000 : 60_000);
            String body = randomDigits(rnd, digits, 10, rnd.nextInt(4) == 0);
            String sign = new String[] {"", "-", "+"}[rnd.nextInt(3)];
            String text = sign + body;
            String label = where("digits=" + digits + " t=" + t);
            BigInteger expected = digits <= 60_000 ? new BigInteger(text) : null;
            BigInteger v = IntegerText.parse(text);
            if (expected != null) {
                assertEquals(expected, v, label);
            }
            // printing against BigInteger's own toString
            assertEquals(v.toString(), IntegerText.toString(v), label);
            assertEquals(v, IntegerText.parse(IntegerText.toString(v)), label);
        }
    }

    @Test
    void decimalPrintingOfRandomValuesAgainstBigInteger() {
        Random rnd = new Random(SEED + 1);
        for (int t = 0; t < 120 * MULTIPLIER; t++) {
            int bits = logUniform(rnd, 1, 300_000);
            BigInteger v = randomValue(rnd, bits);
            String label = where("bits=" + bits + " t=" + t);
            assertEquals(v.toString(), IntegerText.toString(v), label);
            assertEquals(v.toString(), IntegerText.toString(v, 10), label);
        }
    }

    @Test
    void hexadecimalAgainstBigInteger() {
        Random rnd = new Random(SEED + 2);
        for (int t = 0; t < 150 * MULTIPLIER; t++) {
            int digits = logUniform(rnd, 1, 30_000);
            String body = randomDigits(rnd, digits, 16, rnd.nextInt(4) == 0);
            if (rnd.nextBoolean()) {
                body = body.toUpperCase();
            }
            String text = (rnd.nextBoolean() ? "-" : "") + body;
            String label = where("hex digits=" + digits + " t=" + t);
            BigInteger v = IntegerText.parse(text, 16);
            assertEquals(new BigInteger(text, 16), v, label);
            assertEquals(v.toString(16), IntegerText.toString(v, 16), label);
        }
    }

    // ------------------------------------------------------------------ large, independent checks

    @Test
    void millionDigitRoundTrips() {
        Random rnd = new Random(SEED + 3);
        for (int digits : new int[] {100_000 + rnd.nextInt(1000), 1_000_000 - rnd.nextInt(1000)}) {
            String label = where("digits=" + digits);
            String text = randomDigits(rnd, digits, 10, false);
            BigInteger v = IntegerText.parse(text);
            checkResidues(text, v, rnd, label);
            assertEquals(text, IntegerText.toString(v), label);
            // hexadecimal printing against BigInteger's own (quick in radix 16)
            assertEquals(v.toString(16), IntegerText.toString(v, 16), label);
            // hexadecimal reading against the bytes it was made from
            byte[] bytes = new byte[digits / 2];
            rnd.nextBytes(bytes);
            String hex = naiveHex(bytes);
            BigInteger h = IntegerText.parse(hex, 16);
            assertEquals(new BigInteger(1, bytes), h, label);
            assertEquals(stripZeros(hex), IntegerText.toString(h, 16), label);
        }
    }

    @Test
    void tenMillionDigitRoundTrip() {
        Random rnd = new Random(SEED + 4);
        int digits = 10_000_000;
        String label = where("digits=" + digits);
        String text = "-" + randomDigits(rnd, digits, 10, false);
        BigInteger v = IntegerText.parse(text);
        assertEquals(-1, v.signum(), label);
        checkResidues(text.substring(1), v.negate(), rnd, label);
        // bit length from the leading digits: 10^(d-1) <= |v| < 10^d
        double log2 = (digits - 1) * Math.log(10) / Math.log(2);
        assertTrue(v.bitLength() >= (long) log2 && v.bitLength() <= (long) (log2 + 4), label);
        assertEquals(text, IntegerText.toString(v), label);
        String hex = naiveHex(v.negate().toByteArray());
        assertEquals("-" + stripZeros(hex), IntegerText.toString(v, 16), label);
        assertEquals(v, IntegerText.parse("-" + hex, 16), label);
    }

    /** v mod p for random 62-bit primes p, against Horner over the digits of text. */
    private static void checkResidues(String text, BigInteger v, Random rnd, String label) {
        for (int k = 0; k < 3; k++) {
            long p = BigInteger.probablePrime(62, rnd).longValueExact();
            long h = 0;
            for (int j = 0; j < text.length(); j++) {
                long h2 = addMod(h, h, p);
                long h8 = addMod(addMod(h2, h2, p), addMod(h2, h2, p), p);
                h = addMod(addMod(h8, h2, p), text.charAt(j) - '0', p);
            }
            assertEquals(h, v.mod(BigInteger.valueOf(p)).longValueExact(), label + " p=" + p);
        }
    }

    private static long addMod(long a, long b, long p) {
        long s = a + b; // a, b < p < 2^62: no overflow
        return s >= p ? s - p : s;
    }

    // ------------------------------------------------------------------ edges

    @Test
    void signsZerosAndLeadingZeros() {
        for (int radix : new int[] {10, 16}) {
            assertEquals(BigInteger.ZERO, IntegerText.parse("0", radix));
            assertEquals(BigInteger.ZERO, IntegerText.parse("-0", radix));
            assertEquals(BigInteger.ZERO, IntegerText.parse("+0", radix));
            assertEquals(BigInteger.ZERO, IntegerText.parse("-" + "0".repeat(5000), radix));
            assertEquals(BigInteger.valueOf(radix + 2), IntegerText.parse("00012", radix));
            assertEquals(BigInteger.valueOf(-(radix + 2)), IntegerText.parse("-00012", radix));
            assertEquals(BigInteger.valueOf(radix + 2), IntegerText.parse("+12", radix));
            assertEquals("0", IntegerText.toString(BigInteger.ZERO, radix));
            assertEquals("-1", IntegerText.toString(BigInteger.ONE.negate(), radix));
        }
        BigInteger big = BigInteger.TEN.pow(5000).add(BigInteger.valueOf(7));
        assertEquals(big, IntegerText.parse("0".repeat(3333) + big));
        assertEquals(big.negate(), IntegerText.parse("-" + "0".repeat(3333) + big));
        assertEquals(big, IntegerText.parse("0".repeat(3333) + big.toString(16), 16));
        assertEquals(BigInteger.valueOf(Long.MIN_VALUE), IntegerText.parse(Long.toString(Long.MIN_VALUE)));
        assertEquals(Long.toString(Long.MIN_VALUE), IntegerText.toString(BigInteger.valueOf(Long.MIN_VALUE)));
        assertEquals(new BigInteger("ABCDEF", 16), IntegerText.parse("AbCdEf", 16));
    }

    /** 10^k and 10^k - 1 around every block size 18 2^j, and powers of 16 in hexadecimal. */
    @Test
    void powersOfTenAndAllNinesAtEveryBlockSize() {
        List<Integer> ks = new ArrayList<>();
        for (int k = 0; k <= 40; k++) {
            ks.add(k);
        }
        for (int j = 0; 18 << j <= 150_000; j++) {
            for (int d = -2; d <= 2; d++) {
                ks.add((18 << j) + d);
                ks.add((36 << j) + d); // the square of a power: two blocks of the same level
            }
        }
        for (int k : ks) {
            String label = "k=" + k;
            BigInteger p = BigInteger.TEN.pow(k);
            String ten = "1" + "0".repeat(k);
            String nines = "9".repeat(k);
            assertEquals(p, IntegerText.parse(ten), label);
            assertEquals(ten, IntegerText.toString(p), label);
            assertEquals("-" + ten, IntegerText.toString(p.negate()), label);
            if (k > 0) {
                assertEquals(p.subtract(BigInteger.ONE), IntegerText.parse(nines), label);
                assertEquals(nines, IntegerText.toString(p.subtract(BigInteger.ONE)), label);
                assertEquals(ten.substring(0, k) + "1", IntegerText.toString(p.add(BigInteger.ONE)), label);
                // a value whose inner blocks are all zero but the last
                assertEquals(p.add(BigInteger.ONE), IntegerText.parse(ten.substring(0, k) + "1"), label);
            }
            BigInteger h = BigInteger.ONE.shiftLeft(4 * k);
            assertEquals(h, IntegerText.parse(ten, 16), label);
            assertEquals(ten, IntegerText.toString(h, 16), label);
            if (k > 0) {
                assertEquals("f".repeat(k), IntegerText.toString(h.subtract(BigInteger.ONE), 16), label);
            }
        }
    }

    /**
     * The scaled remainder tree and the Barrett tree on padded pieces of 18 2^level digits, at
     * every level from just above the leaves up to 2^11 blocks, where the tree's fixed-point
     * fractions come closest to an integer: runs of 9s and 0s across the node boundaries
     * (10^k - 1, 10^k, 10^k + 1, d 10^k - 1 and random digits above or below such a run, for k
     * at and around every node size 18 2^j, j &lt; level), and random values; against
     * BigInteger's toString padded with zeros. Then whole numbers through toString (which uses
     * the tree from SCALED_MIN_LEVEL on).
     */
    @Test
    void scaledTreeAtNodeBoundariesWithRunsOfNinesAndZeros() {
        Random rnd = new Random(SEED + 8);
        BigInteger one = BigInteger.ONE;
        for (int level = IntegerText.SCALED_LEAF_LEVEL + 1; level <= 11; level++) {
            int width = 18 << level;
            BigInteger top = BigInteger.TEN.pow(width);
            List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, one, top.subtract(one),
                    new BigInteger(randomDigits(rnd, width, 10, true))));
            for (int j = 0; j < level; j++) {
                for (int d = -1; d <= 1; d++) {
                    int k = (18 << j) + d;
                    BigInteger p = BigInteger.TEN.pow(k);
                    BigInteger digit = BigInteger.valueOf(2 + rnd.nextInt(8));
                    BigInteger high = new BigInteger(randomDigits(rnd, width - k, 10, true));
                    values.add(p.subtract(one));
                    values.add(p);
                    values.add(p.add(one));
                    values.add(digit.multiply(p).subtract(one));
                    values.add(high.multiply(p).add(p.subtract(one))); // random, then 9s
                    values.add(high.multiply(p).add(one));             // random, then 0s, 1
                    values.add(top.subtract(p));                       // 9s, then 0s
                }
            }
            for (BigInteger v : values) {
                if (v.compareTo(top) >= 0) {
                    continue;
                }
                String expected = v.toString();
                expected = "0".repeat(width - expected.length()) + expected;
                String label = where("level=" + level + " bits=" + v.bitLength());
                assertEquals(expected, IntegerText.paddedForTest(v, level, true), label);
                if (level <= 8) {
                    assertEquals(expected, IntegerText.paddedForTest(v, level, false), label);
                }
            }
        }
        // through toString: pieces at SCALED_MIN_LEVEL need about twice their digits
        int k = 36 << IntegerText.SCALED_MIN_LEVEL;
        BigInteger p = BigInteger.TEN.pow(k);
        for (BigInteger v : List.of(p.subtract(one), p.add(one), p.multiply(BigInteger.TEN).subtract(one))) {
            assertEquals(v.toString(), IntegerText.toString(v), where("k=" + k));
        }
    }

    @Test
    void errorsNameThePosition() {
        for (int radix : new int[] {10, 16}) {
            assertError("", radix, 0, "expected a digit");
            assertError("-", radix, 1, "expected a digit");
            assertError("+", radix, 1, "expected a digit");
            assertError(" 12", radix, 0, "' '");
            assertError("12 ", radix, 2, "' '");
            assertError("1\n2", radix, 1, "not a");
            assertError("\t1", radix, 0, "not a");
            assertError("--1", radix, 1, "'-'");
            assertError("+-1", radix, 1, "'-'");
            assertError("1-", radix, 1, "'-'");
            assertError("١٢", radix, 0, "'١'");            // Arabic-Indic digits
            assertError("12٣", radix, 2, "'٣'");
            assertError("１２", radix, 0, "'１'");           // full-width digits
            assertError("0x12", radix, 1, "'x'");
            assertError("12.5", radix, 2, "'.'");
            assertError("1_000", radix, 1, "'_'");
            // position in a long text: in the blocks of the divide-and-conquer reader
            String longText = "7".repeat(50_000) + "g" + "7".repeat(50_000);
            assertError(longText, radix, 50_000, "'g'");
            assertError("-" + "1".repeat(1000) + "z", radix, 1001, "'z'");
        }
        assertError("12a", 10, 2, "not a decimal digit");
        assertError("a", 10, 0, "not a decimal digit");
        assertError("1f", 10, 1, "'f'");
        assertError("fg", 16, 1, "not a hexadecimal digit");
        assertError("g" + "f".repeat(100), 16, 0, "'g'");
        assertError("f".repeat(100) + "G", 16, 100, "'G'");
        // a range inside a larger text: positions index the text
        NumberFormatException e = assertThrows(NumberFormatException.class,
                () -> IntegerText.parse("xx12a4yy", 2, 6, 10));
        assertTrue(e.getMessage().startsWith("position 4:"), e.getMessage());
        assertEquals(BigInteger.valueOf(-124), IntegerText.parse("xx-124yy", 2, 6, 10));
        NumberFormatException end = assertThrows(NumberFormatException.class,
                () -> IntegerText.parse("12-", 2, 3, 10));
        assertTrue(end.getMessage().contains("end of the text"), end.getMessage());
        NumberFormatException inner = assertThrows(NumberFormatException.class,
                () -> IntegerText.parse("1-2", 0, 2, 10));
        assertTrue(inner.getMessage().startsWith("position 1:"), inner.getMessage());
        NumberFormatException lone = assertThrows(NumberFormatException.class,
                () -> IntegerText.parse("-5", 0, 1, 10));
        assertTrue(lone.getMessage().startsWith("position 1: expected a digit, found '5'"), lone.getMessage());
    }

    @Test
    void badArguments() {
        for (int radix : new int[] {0, 2, 8, 36, -10}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> IntegerText.parse("1", radix));
            assertTrue(e.getMessage().contains("radix must be 10 or 16, got " + radix), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> IntegerText.toString(BigInteger.ONE, radix));
            assertThrows(IllegalArgumentException.class,
                    () -> IntegerText.write(BigInteger.ONE, radix, new StringBuilder()));
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IntegerText.parse(null))
                .getMessage().contains("text"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IntegerText.toString(null))
                .getMessage().contains("value"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> IntegerText.write(null, 10, new StringBuilder())).getMessage().contains("value"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> IntegerText.write(BigInteger.ONE, 10, null)).getMessage().contains("out"));
        for (int[] r : new int[][] {{-1, 2}, {0, 4}, {2, 1}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> IntegerText.parse("123", r[0], r[1], 10));
            assertTrue(e.getMessage().contains("range [" + r[0] + ", " + r[1] + ")"), e.getMessage());
        }
    }

    // ------------------------------------------------------------------ write, CharSequence input

    @Test
    void writeStreamsTheSameText() throws IOException {
        Random rnd = new Random(SEED + 5);
        for (int t = 0; t < 40; t++) {
            int bits = logUniform(rnd, 1, 200_000);
            BigInteger v = randomValue(rnd, bits);
            for (int radix : new int[] {10, 16}) {
                StringBuilder sb = new StringBuilder("<");
                IntegerText.write(v, radix, sb);
                assertEquals("<" + v.toString(radix), sb.toString(), where("bits=" + bits));
                StringWriter w = new StringWriter();
                IntegerText.write(v, radix, w);
                assertEquals(v.toString(radix), w.toString(), where("bits=" + bits));
            }
        }
        Writer failing = new Writer() {
            @Override
            public void write(char[] cbuf, int off, int len) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        assertThrows(IOException.class, () -> IntegerText.write(BigInteger.TEN.pow(10_000), 10, failing));
        assertThrows(IOException.class, () -> IntegerText.write(BigInteger.TEN, 16, failing));
    }

    @Test
    void readsAnyCharSequence() {
        Random rnd = new Random(SEED + 6);
        String digits = randomDigits(rnd, 30_000, 10, false);
        BigInteger expected = new BigInteger(digits);
        assertEquals(expected, IntegerText.parse(new StringBuilder(digits)));
        assertEquals(expected, IntegerText.parse(java.nio.CharBuffer.wrap(digits.toCharArray())));
        assertEquals(expected, IntegerText.parse("ab" + digits + "cd", 2, 2 + digits.length(), 10));
    }

    /** Threads converting at once, the powers table growing under them, agree with one thread. */
    @Test
    void concurrentConversionsAgree() throws Exception {
        Random rnd = new Random(SEED + 7);
        List<String> texts = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            texts.add(randomDigits(rnd, 20_000 + rnd.nextInt(200_000), 10, false));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> back = new ArrayList<>();
            for (String s : texts) {
                back.add(pool.submit(() -> IntegerText.toString(IntegerText.parse(s))));
            }
            for (int t = 0; t < texts.size(); t++) {
                assertEquals(texts.get(t), back.get(t).get(), where("text " + t));
            }
        } finally {
            pool.shutdown();
        }
    }

    // ------------------------------------------------------------------ helpers

    private static void assertError(String text, int radix, int position, String fragment) {
        NumberFormatException e = assertThrows(NumberFormatException.class,
                () -> IntegerText.parse(text, radix), () -> abbreviate(text) + " radix " + radix);
        assertTrue(e instanceof IllegalArgumentException);
        String msg = e.getMessage();
        assertTrue(msg.startsWith("position " + position + ":"), abbreviate(text) + ": " + msg);
        assertTrue(msg.contains(fragment), abbreviate(text) + ": " + msg);
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? "'" + s + "'" : "'" + s.substring(0, 40) + "...' (" + s.length() + ")";
    }

    private static int logUniform(Random rnd, int lo, int hi) {
        double x = Math.exp(Math.log(lo) + rnd.nextDouble() * (Math.log(hi) - Math.log(lo)));
        return Math.max(lo, Math.min(hi, (int) x));
    }

    /** digits random digits in radix; the first non-zero unless leadingZeros (then 1-20 zeros first). */
    private static String randomDigits(Random rnd, int digits, int radix, boolean leadingZeros) {
        StringBuilder sb = new StringBuilder(digits + 20);
        if (leadingZeros) {
            sb.append("0".repeat(1 + rnd.nextInt(20)));
        }
        sb.append(Character.forDigit(1 + rnd.nextInt(radix - 1), radix));
        for (int j = 1; j < digits; j++) {
            sb.append(Character.forDigit(rnd.nextInt(radix), radix));
        }
        return sb.toString();
    }

    /** A random value of about bits bits, biased to all-ones and sparse patterns, random sign. */
    private static BigInteger randomValue(Random rnd, int bits) {
        BigInteger v;
        switch (rnd.nextInt(4)) {
            case 0:
                v = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
                break;
            case 1:
                v = BigInteger.ONE.shiftLeft(bits).setBit(rnd.nextInt(bits + 1));
                break;
            default:
                v = new BigInteger(bits, rnd);
        }
        return rnd.nextBoolean() ? v.negate() : v;
    }

    private static String naiveHex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(2 * bytes.length);
        for (byte b : bytes) {
            sb.append("0123456789abcdef".charAt((b >> 4) & 15)).append("0123456789abcdef".charAt(b & 15));
        }
        return sb.toString();
    }

    private static String stripZeros(String s) {
        int j = 0;
        while (j < s.length() - 1 && s.charAt(j) == '0') {
            j++;
        }
        return s.substring(j);
    }
}
