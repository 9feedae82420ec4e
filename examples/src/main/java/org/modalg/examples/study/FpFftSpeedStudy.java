package org.modalg.examples.study;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.knowm.xchart.style.Styler;
import org.modalg.fft.fp.FpIntegerProduct;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * {@code modalg study fpfft-speed}: n-bit integer products by the floating-point FFT route with
 * the proven digit size ({@link FpIntegerProduct}, single-threaded) against the exact NTT route
 * of {@link IntegerMultiplication} on one thread ({@code multiplyCpu(a, b, 1)}) and with its
 * default dispatch and threads, and BigInteger up to 10^6 bits. Every product is compared with
 * the NTT route's ({@code check}). Columns: bits, route, digit_bits, log2_points, ms (fastest of
 * three after a warm-up), check.
 */
public final class FpFftSpeedStudy implements Study {
    /** CSV columns. */
    public static final String[] COLUMNS = {"bits", "route", "digit_bits", "log2_points", "ms", "check"};

    private final long[] sizes;
    private final long seed;

    public FpFftSpeedStudy(long[] sizes, long seed) {
        for (long s : sizes) {
            if (s < 64 || s > 100_000_000L) {
                throw new IllegalArgumentException("sizes must be in [64, 10^8] bits, got " + s);
            }
        }
        this.sizes = sizes.clone();
        this.seed = seed;
    }

    @Override
    public String name() {
        return "fpfft-speed";
    }

    @Override
    public String description() {
        return "integer products: floating-point FFT route (proven digits) vs the exact NTT route vs BigInteger";
    }

    @Override
    public String[] columns() {
        return COLUMNS.clone();
    }

    @Override
    public int keyColumns() {
        return 2;
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (long bits : sizes) {
            items.add(new Item(bits + " bits", new Object[] {bits, "ntt-auto"}, csv -> run(csv, bits)));
        }
        return items;
    }

    private void run(StudyCsv csv, long bits) {
        Random rnd = new Random(seed ^ bits);
        BigInteger a = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
        BigInteger b = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
        BigInteger want = IntegerMultiplication.multiplyCpu(a, b, 1);
        FpIntegerProduct.Outcome[] last = new FpIntegerProduct.Outcome[1];
        double fp = Timing.minMillis(() -> last[0] = FpIntegerProduct.tryMultiply(a, b), 3, 200);
        FpIntegerProduct.Outcome o = last[0];
        csv.append(bits, "fp64", o.digitBits(), o.logN(), fmt(fp), check(want, o.product()));
        double ntt1 = Timing.minMillis(() -> IntegerMultiplication.multiplyCpu(a, b, 1), 3, 200);
        csv.append(bits, "ntt-1thread", "", "", fmt(ntt1), "oracle");
        if (bits <= 1_000_000) {
            BigInteger[] r = new BigInteger[1];
            double bi = Timing.minMillis(() -> r[0] = a.multiply(b), 3, 200);
            csv.append(bits, "BigInteger", "", "", fmt(bi), check(want, r[0]));
        }
        BigInteger[] r = new BigInteger[1];
        double auto = Timing.minMillis(() -> r[0] = IntegerMultiplication.multiply(a, b), 3, 200);
        csv.append(bits, "ntt-auto", "", "", fmt(auto), check(want, r[0]));
    }

    private static String check(BigInteger want, BigInteger got) {
        return want.equals(got) ? "ok" : got == null ? "fallback" : "WRONG";
    }

    private static String fmt(double ms) {
        return String.format(Locale.ROOT, "%.4g", ms);
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        Plot plot = Plot.of("Integer products: floating-point FFT (proven digits) vs exact NTT route", "bits", "ms",
                true, true).xPattern("0.#E0").legend(Styler.LegendPosition.OutsideS);
        for (String route : new String[] {"fp64", "ntt-1thread", "ntt-auto", "BigInteger"}) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (String[] row : csv.rows()) {
                if (row[1].equals(route)) {
                    xs.add(StudyCsv.number(row[0]));
                    ys.add(StudyCsv.number(row[4]));
                }
            }
            if (!xs.isEmpty()) {
                plot.line(route, xs, ys);
            }
        }
        plot.save(png);
    }
}
