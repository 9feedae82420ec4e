package org.modalg.examples.bench;

import java.math.BigInteger;
import java.util.Map;
import java.util.Random;
import org.modalg.examples.bench.peer.FlintInputs;
import org.modalg.examples.bench.peer.FlintPeer;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zp.ZpPolyModulus;

/**
 * Products modulo a fixed polynomial over Z/pZ (p = 2^62 - 57, the largest word-size field
 * prime below FLINT's nmod modulus), deg f = 2^k for k in [minLog, maxLog], operands of deg f
 * coefficients: the product alone, {@link ZpPolyModulus#mulMod} (the inverse and the fixed
 * factors' transforms made once), the plain route (product, then {@link ZpPoly#remainder},
 * which inverts rev(f) on every call), and one step of {@link ZpPolyModulus#powMod} (a random
 * 32-bit exponent's time over its 32 bits) of a random base, and of x (the Frobenius power's:
 * its products by x are shifts with a one-coefficient quotient; the difference between 64- and
 * 32-bit exponents over 32 bits, since x's first log2(deg f) squarings are of short monomials). Medians of {@code repeats} runs after a warm-up;
 * mulMod is checked against the plain route on every row. Where FLINT's {@code nmod_poly_mul}
 * row of the same length was run in the same invocation (2^16, 2^20), its time is beside
 * modalg's: a product, not FLINT's own product mod f, which the peer binary does not time.
 */
public final class MulModBenchmark {
    /** CSV columns. */
    public static final String[] COLUMNS = {"log2_deg", "deg", "threads", "product_ms", "mulmod_ms", "plain_ms",
        "powmod_step_ms", "powmod_x_step_ms", "mulmod_per_product", "plain_per_mulmod", "flint_mul_ms", "mulmod_per_flint_mul", "check"};

    /** p = 2^62 - 57. */
    public static final long P = 4611686018427387847L;

    private MulModBenchmark() {
    }

    /**
     * The table, every product with {@code options}; {@code flintNmod} the rows of FLINT's nmod
     * section from this invocation (or null).
     */
    public static BenchTable run(int minLog, int maxLog, int repeats, long seed, Options options,
            Map<String, FlintPeer.Row> flintNmod) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(seed);
        ZpField field = ZpField.of(P);
        warmUp(field, rnd, options);
        for (int log = minLog; log <= maxLog; log++) {
            int n = 1 << log;
            ZpPoly f = random(field, rnd, n + 1);
            ZpPoly a = random(field, rnd, n);
            ZpPoly b = random(field, rnd, n);
            ZpPolyModulus m = ZpPolyModulus.of(f, options);
            ZpPoly want = plain(a, b, f, options);
            ZpPoly got = m.mulMod(a, b);
            String check = got.equals(want) ? "= plain" : "MISMATCH";
            m.mulMod(a, b); // warm-up
            double product = FftBenchmark.medianRun(repeats, () -> a.multiply(b, options));
            double mulMod = FftBenchmark.medianRun(repeats, () -> m.mulMod(a, b));
            double plain = FftBenchmark.medianRun(repeats, () -> plain(a, b, f, options));
            BigInteger e = BigInteger.valueOf(rnd.nextInt() | (1L << 31)).and(BigInteger.valueOf(0xffffffffL));
            double pow = FftBenchmark.medianRun(Math.max(1, repeats / 3), () -> m.powMod(a, e)) / 32;
            // x^e: its first log2(deg f) squarings are of monomials, below f's degree and cheap,
            // so the step is the difference of 64- and 32-bit exponents over 32 bits
            ZpPoly x = ZpPoly.x(field);
            BigInteger e64 = e.shiftLeft(32).or(BigInteger.valueOf(rnd.nextInt() & 0xffffffffL));
            double powX = (FftBenchmark.medianRun(Math.max(1, repeats / 3), () -> m.powMod(x, e64))
                    - FftBenchmark.medianRun(Math.max(1, repeats / 3), () -> m.powMod(x, e))) / 32;
            FlintPeer.Row fl = flintNmod == null ? null
                    : flintNmod.get(FlintInputs.nmodLabel(n));
            table.add(log, n, options.threads(), product, mulMod, plain, pow, powX, mulMod / product, plain / mulMod,
                    fl == null ? "" : fl.ms(), fl == null ? "" : String.format("%.2f", mulMod / fl.ms()), check);
        }
        return table;
    }

    // About a second of the smallest row's work, so that the first rows are not the JIT's.
    private static void warmUp(ZpField field, Random rnd, Options options) {
        ZpPoly f = random(field, rnd, 4097);
        ZpPoly a = random(field, rnd, 4096);
        ZpPolyModulus m = ZpPolyModulus.of(f, options);
        long end = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < end) {
            m.mulMod(a, a);
            plain(a, a, f, options);
        }
    }

    // The plain route with every product of the division on the options too (remainder() takes
    // the call's options from the product context).
    private static ZpPoly plain(ZpPoly a, ZpPoly b, ZpPoly f, Options options) {
        return ProductContext.with(options, () -> a.multiply(b, options).remainder(f));
    }


    private static ZpPoly random(ZpField field, Random rnd, int len) {
        long[] c = new long[len];
        for (int i = 0; i < len; i++) {
            c[i] = field.random(rnd);
        }
        c[len - 1] = c[len - 1] == 0 ? 1 : c[len - 1];
        return ZpPoly.of(field, c);
    }
}
