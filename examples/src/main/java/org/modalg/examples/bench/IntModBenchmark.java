package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerModulus;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Products and powers modulo a fixed integer m of 10^4 .. maxBits bits (odd, top bit set),
 * operands below m: the product alone ({@link IntegerMultiplication}), {@link IntegerModulus#mulMod}
 * (the inverse and the transforms of W and m made once), modalg's plain route (product, then
 * {@link IntegerDivision}, which inverts m on every call), BigInteger's {@code multiply} then
 * {@code mod}, and a step of {@link IntegerModulus#powMod} against {@link BigInteger#modPow}
 * (a random 32-bit exponent's time over its 32 bits; BigInteger's up to {@code bigintPowMaxBits},
 * its quadratic Montgomery products take seconds beyond). Medians after a warm-up; every value
 * checked against BigInteger's.
 */
public final class IntModBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"bits", "threads", "product_ms", "mulmod_ms", "plain_ms", "bigint_mulmod_ms",
        "powmod_step_ms", "bigint_powmod_step_ms", "mulmod_per_product", "bigint_per_mulmod", "bigint_per_powmod",
        "check"};

    private IntModBenchmark() {
    }

    /** The rows 10^4, 3 10^4, 10^5, ... up to maxBits. */
    public static BenchTable run(long maxBits, long bigintPowMaxBits, int repeats, long seed, Options options) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        warmUp(rnd, options);
        for (long bits = 10_000; bits <= maxBits; bits = bits % 3 == 1 ? bits * 3 : bits * 10 / 3) {
            int b = (int) bits;
            BigInteger m = new BigInteger(b, rnd).setBit(b - 1).setBit(0);
            BigInteger x = new BigInteger(b - 1, rnd);
            BigInteger y = new BigInteger(b - 1, rnd);
            IntegerModulus mod = IntegerModulus.of(m, options);
            BigInteger want = x.multiply(y).mod(m);
            BigInteger e = BigInteger.valueOf(rnd.nextInt() & 0xffffffffL).setBit(31);
            boolean powPeer = bits <= bigintPowMaxBits;
            BigInteger wantPow = powPeer ? x.modPow(e, m) : null;
            boolean ok = want.equals(mod.mulMod(x, y)) && want.equals(plain(x, y, m, options))
                    && (!powPeer || wantPow.equals(mod.powMod(x, e)));
            double product = FftBenchmark.medianRun(repeats, () -> IntegerMultiplication.multiply(x, y, options));
            double mulMod = FftBenchmark.medianRun(repeats, () -> mod.mulMod(x, y));
            double plain = FftBenchmark.medianRun(repeats, () -> plain(x, y, m, options));
            double big = FftBenchmark.medianRun(repeats, () -> x.multiply(y).mod(m));
            int powRepeats = Math.max(1, repeats / 3);
            double pow = FftBenchmark.medianRun(powRepeats, () -> mod.powMod(x, e)) / 32;
            double bigPow = powPeer ? FftBenchmark.medianRun(powRepeats, () -> x.modPow(e, m)) / 32 : Double.NaN;
            table.add(bits, options.threads(), product, mulMod, plain, big, pow, powPeer ? bigPow : "",
                    mulMod / product, big / mulMod, powPeer ? String.format("%.2f", bigPow / pow) : "",
                    ok ? "= BigInteger" : "MISMATCH");
        }
        return table;
    }

    // About a second of a 3 10^4-bit row's work, so that the first rows are not the JIT's.
    private static void warmUp(Random rnd, Options options) {
        BigInteger m = new BigInteger(30_000, rnd).setBit(29_999).setBit(0);
        BigInteger x = new BigInteger(29_999, rnd);
        IntegerModulus mod = IntegerModulus.of(m, options);
        long end = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < end) {
            mod.mulMod(x, x);
            plain(x, x, m, options);
            x.multiply(x).mod(m);
        }
    }

    // modalg's product, then its division: the remainder without a prepared modulus
    private static BigInteger plain(BigInteger x, BigInteger y, BigInteger m, Options options) {
        return ProductContext.with(options,
                () -> IntegerDivision.divideAndRemainder(IntegerMultiplication.multiply(x, y, options), m, options)[1]);
    }

}
