package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.BigIntegerWords;

/**
 * The signed 48-bit piece planes of {@link ConvolutionPlan#words} (BigInteger's own words) and
 * of its fallback {@link ConvolutionPlan#wordsOf} (public BigInteger methods, for a JVM that
 * does not open java.math) against the words of |v| computed by shifts, on edge values (0, +-1,
 * +-2^63, +-(2^64 - 1), -2^64, +-2^64, Long.MIN_VALUE) and random values of 1 to 200 bits. A
 * fresh seed per run, printed.
 */
class WordPlanesTest {
    private static final long SEED = System.nanoTime();

    static {
        System.out.println("WordPlanesTest seed " + SEED);
    }

    @Test
    void bothPathsGiveTheSignedWordsOfTheMagnitude() {
        Random rnd = new Random(SEED);
        List<BigInteger> values = new ArrayList<>();
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        for (BigInteger v : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.shiftLeft(63),
            two64.subtract(BigInteger.ONE), two64, BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE),
            BigInteger.ONE.shiftLeft(127), BigInteger.ONE.shiftLeft(32)}) {
            values.add(v);
            values.add(v.negate());
        }
        for (int i = 0; i < 400; i++) {
            BigInteger v = new BigInteger(1 + rnd.nextInt(200), rnd);
            values.add(rnd.nextBoolean() ? v : v.negate());
        }
        int count = 6; // ceil(200 / 48) + 1: the top plane is zero
        int cols = 64;
        int rows = (values.size() + cols - 1) / cols;
        BigInteger[] x = values.toArray(new BigInteger[0]);
        double[][][] planes = new double[count][rows][cols];
        ConvolutionPlan.words(x, 0, x.length, planes, null);
        double[][][] fallback = new double[count][rows][cols];
        for (int i = 0; i < x.length; i++) {
            ConvolutionPlan.wordsOf(x[i], fallback, i / cols, i % cols, count);
        }
        for (int i = 0; i < x.length; i++) {
            BigInteger mag = x[i].abs();
            for (int t = 0; t < count; t++) {
                double want = x[i].signum() * (double) (mag.shiftRight(48 * t).longValue() & 0xFFFFFFFFFFFFL);
                String msg = "seed=" + SEED + " value " + x[i] + " piece " + t;
                assertEquals(want, planes[t][i / cols][i % cols], 0.0, msg); // -0.0 and 0.0 alike
                assertEquals(want, fallback[t][i / cols][i % cols], 0.0, msg + " (fallback)");
            }
            assertEquals((mag.bitLength() + 31) / 32, BigIntegerWords.wordCount(x[i]), "seed=" + SEED + " " + x[i]);
            for (int t = 0; t < BigIntegerWords.wordCount(x[i]); t++) {
                assertEquals(mag.shiftRight(32 * t).longValue() & 0xFFFFFFFFL, BigIntegerWords.word(x[i], t),
                        "seed=" + SEED + " " + x[i] + " word " + t);
            }
        }
    }
}
