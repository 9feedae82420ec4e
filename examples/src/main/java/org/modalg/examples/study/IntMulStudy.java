package org.modalg.examples.study;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apfloat.ApfloatContext;
import org.apfloat.Apint;
import org.modalg.examples.bench.support.LimbArrays;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.products.LimbProductProvider;
import org.modalg.fft.products.LimbProducts;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * {@code modalg study intmul}: the product of two random n-bit integers, n = 10^4 .. 10^9
 * (steps 1, 3, 10), by modalg's NTT + CRT route on the CPU (and on the GPU when one is usable:
 * the all-device limb product), by {@link BigInteger#multiply} (Karatsuba / Toom-Cook, one
 * thread) and by apfloat's {@link Apint#multiply} (its own NTTs, radix 16 so that conversion
 * is not in the timing; apfloat given the same number of threads as modalg).
 *
 * <p>Every product is checked modulo three primes near 2^61 against (a mod q)(b mod q) mod q,
 * an independent check that costs O(n) at every size. A library is not run at a size where
 * the time predicted from its previous size (growth n^1.6 for BigInteger, n^1.15 for the NTTs)
 * exceeds the budget; that row says so and has NaN.
 */
public final class IntMulStudy implements Study {
    /** CSV columns: ms = fastest run (batched below a few ms). */
    public static final String[] COLUMNS = {"bits", "library", "threads", "ms", "check", "note"};

    private static final long[] CHECK_PRIMES = {2305843009213693951L, 2305843009213693921L, 2305843009213693907L};

    private final long[] sizes;
    private final int threads;
    private final double budgetMs;
    private final boolean gpu;
    private final long seed;
    private long cachedBits = -1;
    private BigInteger a;
    private BigInteger b;

    /**
     * @param sizes operand sizes in bits, increasing
     * @param threads threads of modalg's CPU engine and of apfloat
     * @param budgetSeconds the longest predicted time of one product that is still run
     */
    public IntMulStudy(long[] sizes, int threads, double budgetSeconds, boolean gpu, long seed) {
        for (long s : sizes) {
            if (s < 64 || s > 2_000_000_000L) {
                throw new IllegalArgumentException("sizes must be in [64, 2*10^9] bits, got " + s);
            }
        }
        if (threads < 1 || !(budgetSeconds > 0)) {
            throw new IllegalArgumentException("--threads must be >= 1 and --budget > 0");
        }
        this.sizes = sizes.clone();
        this.threads = threads;
        this.budgetMs = budgetSeconds * 1000;
        this.gpu = gpu && LimbProducts.provider() != null;
        this.seed = seed;
    }

    /** 10^4, 3*10^4, 10^5, ... up to maxBits. */
    public static long[] sizesUpTo(long minBits, long maxBits) {
        List<Long> list = new ArrayList<>();
        for (long d = minBits; d <= maxBits; d *= 10) {
            list.add(d);
            if (3 * d <= maxBits) {
                list.add(3 * d);
            }
        }
        return list.stream().mapToLong(Long::longValue).toArray();
    }

    @Override
    public String name() {
        return "intmul";
    }

    @Override
    public String description() {
        return "n-bit x n-bit integer product: modalg (NTT + CRT, " + threads + " thread(s)"
                + (gpu ? "; and on the GPU" : "; CPU only, no usable GPU") + ") vs BigInteger vs apfloat";
    }

    @Override
    public String[] columns() {
        return COLUMNS;
    }

    @Override
    public int keyColumns() {
        return 2;
    }

    private List<String> libraries() {
        List<String> l = new ArrayList<>(List.of("modalg", "biginteger", "apfloat"));
        if (gpu) {
            l.add(1, "modalg-gpu");
        }
        return l;
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (long bits : sizes) {
            for (String lib : libraries()) {
                items.add(new Item(String.format(Locale.ROOT, "%.0e bits %s", (double) bits, lib),
                        new Object[] {bits, lib}, csv -> measure(csv, bits, lib)));
            }
        }
        return items;
    }

    private void operands(long bits) {
        if (cachedBits != bits) {
            a = null;
            b = null;
            Random rnd = new Random(seed * 1_000_003L + bits);
            a = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
            b = new BigInteger((int) bits, rnd).setBit((int) bits - 1);
            cachedBits = bits;
        }
    }

    private int threadsOf(String lib) {
        return lib.equals("biginteger") ? 1 : lib.equals("modalg-gpu") ? 0 : threads;
    }

    private void measure(StudyCsv csv, long bits, String lib) {
        double predicted = predictMs(csv, bits, lib);
        if (predicted > budgetMs) {
            csv.append(bits, lib, threadsOf(lib), Double.NaN, "-", Double.isInfinite(predicted)
                    ? "over budget at a smaller size"
                    : String.format(Locale.ROOT, "over budget: predicted %.0f s", predicted / 1000));
            return;
        }
        operands(bits);
        BigInteger x = a;
        BigInteger y = b;
        Product body;
        CpuNttEngine engine = lib.equals("modalg") ? new CpuNttEngine(threads) : null;
        switch (lib) {
            case "modalg": {
                body = () -> IntegerMultiplication.multiplyNtt(x, y, engine);
                break;
            }
            case "modalg-gpu": {
                LimbProductProvider p = LimbProducts.provider();
                long[] lx = LimbArrays.magnitude(x);
                long[] ly = LimbArrays.magnitude(y);
                body = () -> LimbArrays.value(p.multiply(lx, lx.length, ly, ly.length));
                break;
            }
            case "biginteger":
                body = () -> x.multiply(y);
                break;
            case "apfloat": {
                ApfloatContext.getContext().setNumberOfProcessors(threads);
                Apint ax = new Apint(x, 16);
                Apint ay = new Apint(y, 16);
                body = () -> ax.multiply(ay).toBigInteger();
                break;
            }
            default:
                throw new IllegalStateException("unknown library " + lib);
        }
        double ms;
        String note = "";
        try {
            long t0 = System.nanoTime();
            BigInteger product = body.multiply();
            double first = (System.nanoTime() - t0) / 1e6;
            check(product, x, y, lib, bits);
            product = null;
            if (first > 2000) {
                ms = first;
                note = "one run";
            } else {
                ms = Timing.minMillis(body::multiply, 3, 100);
            }
        } catch (OutOfMemoryError e) {
            ms = Double.NaN;
            note = "out of memory (raise -Xmx through MODALG_JAVA_OPTS)";
        } finally {
            if (engine != null) {
                engine.close();
            }
        }
        csv.append(bits, lib, threadsOf(lib), ms, Double.isNaN(ms) ? "-" : "mod 3 primes", note);
    }

    interface Product {
        BigInteger multiply();
    }

    private static void check(BigInteger product, BigInteger x, BigInteger y, String lib, long bits) {
        for (long q : CHECK_PRIMES) {
            BigInteger bq = BigInteger.valueOf(q);
            BigInteger want = x.mod(bq).multiply(y.mod(bq)).mod(bq);
            if (!product.mod(bq).equals(want)) {
                throw new IllegalStateException(lib + " product is wrong modulo " + q + " at " + bits + " bits");
            }
        }
    }

    /** The time predicted from the library's largest measured smaller size (0 if none). */
    private double predictMs(StudyCsv csv, long bits, String lib) {
        long prevBits = 0;
        double prevMs = 0;
        for (String[] r : csv.rows()) {
            long rb = Long.parseLong(r[0]);
            if (r[1].equals(lib) && rb < bits && rb > prevBits) {
                prevBits = rb;
                prevMs = StudyCsv.number(r[3]);
            }
        }
        if (prevBits == 0) {
            return 0;
        }
        if (Double.isNaN(prevMs)) {
            return Double.POSITIVE_INFINITY;
        }
        double exponent = lib.equals("biginteger") ? 1.6 : 1.15;
        return prevMs * Math.pow((double) bits / prevBits, exponent);
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        Plot plot = Plot.of("n-bit x n-bit integer multiplication", "operand size n (bits)", "time (ms)", true, true)
                .xPattern("0E0").yPattern("0.#E0");
        Map<String, List<Double>[]> series = new LinkedHashMap<>();
        for (String[] r : csv.rows()) {
            String label = label(r[1], r[2]);
            @SuppressWarnings("unchecked")
            List<Double>[] xy = series.computeIfAbsent(label, x -> new List[] {new ArrayList<>(), new ArrayList<>()});
            xy[0].add(Double.parseDouble(r[0]));
            xy[1].add(StudyCsv.number(r[3]));
        }
        for (Map.Entry<String, List<Double>[]> e : series.entrySet()) {
            plot.line(e.getKey(), e.getValue()[0], e.getValue()[1]);
        }
        plot.save(png);
    }

    private static String label(String lib, String threads) {
        switch (lib) {
            case "modalg":
                return "modalg NTT+CRT (" + threads + " thr)";
            case "modalg-gpu":
                return "modalg on the GPU";
            case "biginteger":
                return "BigInteger.multiply (1 thr)";
            case "apfloat":
                return "apfloat Apint (" + threads + " thr)";
            default:
                return lib;
        }
    }
}
