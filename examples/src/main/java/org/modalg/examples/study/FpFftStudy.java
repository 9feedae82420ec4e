package org.modalg.examples.study;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.style.Styler;
import org.modalg.fft.fp.FpDigits;
import org.modalg.fft.fp.FpErrorBound;
import org.modalg.fft.fp.FpFft;
import org.modalg.fft.fp.FpFftFloat;
import org.modalg.fft.fp.FpIntegerProduct;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * {@code modalg study fpfft}: the ID-FFT paper's Tables 2 and 3 (gpu-integer-multiplication-
 * tiling-and-fft, "Numerical analysis") reproduced with modalg's floating-point FFT
 * ({@link FpFft}, {@link FpFftFloat}: the real-to-complex packed convolution), plus what the
 * paper lacks: the proven bound of {@link FpErrorBound}, and bit-exact checks of the products.
 *
 * <p>Rows {@code fp32} and {@code fp64} (Tables 2 and 3): two operands of N decimal digits, all
 * 9, grouped k digits per coefficient (coefficients 10^k - 1, L = N / k of them), squared by
 * one convolution; the exact coefficients are (10^k - 1)^2 min(i + 1, L, 2L - 1 - i).
 * {@code err_count} counts the coefficients more than 1/2 from their exact value, {@code mae} is
 * the mean absolute error over the 2L - 1 coefficients, {@code max_err} the largest.
 * {@code exact}: whether rounding and carrying the coefficients in base 10^k gives
 * (10^N - 1)^2, checked digit by digit against 10^2N - 2 10^N + 1 and, up to 2^17 digits, against
 * BigInteger's product of the decimal operands. {@code bound}: {@link FpErrorBound} for these
 * lengths (below 1/4: proven exact); {@code eq7}: the paper's Eq. 7 with eps the unit roundoff.
 *
 * <p>Rows {@code fp64-proven} (what modalg's product route does): operands of the same number
 * of bits as N decimal digits, built so that every balanced digit is -2^(b-1) (the worst case of
 * the balanced form) with b the proven digit size ({@code k} column, in bits); the error columns
 * come from the convolution of those digits, {@code exact} from {@link FpIntegerProduct}'s product
 * against BigInteger.multiply (against the NTT route of {@link IntegerMultiplication} above 2^22
 * bits, where BigInteger takes minutes).
 */
public final class FpFftStudy implements Study {
    /** CSV columns. */
    public static final String[] COLUMNS = {"precision", "k", "digits", "log2_points", "err_count", "mae", "max_err",
        "bound", "eq7", "exact", "oracle"};

    private final int minLog;
    private final int maxLog;
    private final int maxLogFp32;

    /**
     * Digits N = 2^minLog .. 2^maxLog for FP64 (Table 2 and the proven route), up to 2^maxLogFp32
     * for FP32; Table 3 (k = 1, 2, 4) at 2^15 .. 2^18 digits within that range.
     */
    public FpFftStudy(int minLog, int maxLog, int maxLogFp32) {
        if (minLog < 4 || maxLog > 24 || minLog > maxLog || maxLogFp32 > 24) {
            throw new IllegalArgumentException("digit exponents must satisfy 4 <= min <= max <= 24, got "
                    + minLog + ".." + maxLog + " (fp32 up to " + maxLogFp32 + ")");
        }
        this.minLog = minLog;
        this.maxLog = maxLog;
        this.maxLogFp32 = maxLogFp32;
    }

    @Override
    public String name() {
        return "fpfft";
    }

    @Override
    public String description() {
        return "ID-FFT Tables 2-3 (all digits 9, FP32/FP64, k digits per coefficient) with modalg's packed FFT, "
                + "the proven bound, and exact checks";
    }

    @Override
    public String[] columns() {
        return COLUMNS.clone();
    }

    @Override
    public int keyColumns() {
        return 3;
    }

    @Override
    public List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (int lg = minLog; lg <= Math.max(maxLog, maxLogFp32); lg++) {
            int digits = 1 << lg;
            if (lg <= maxLogFp32) {
                items.add(new Item("fp32 k=1 N=2^" + lg, new Object[] {"fp32", 1, digits}, csv -> decimal(csv, true, 1,
                        digits)));
            }
            if (lg > maxLog) {
                continue;
            }
            for (int k : new int[] {1, 2, 4}) {
                if (k == 1 || (lg >= 15 && lg <= 18)) {
                    items.add(new Item("fp64 k=" + k + " N=2^" + lg, new Object[] {"fp64", k, digits},
                            csv -> decimal(csv, false, k, digits)));
                }
            }
            long bits = decimalBits(digits);
            int b = FpIntegerProduct.provenDigitBits(bits, bits);
            items.add(new Item("fp64-proven N=2^" + lg, new Object[] {"fp64-proven", b, digits},
                    csv -> proven(csv, digits)));
        }
        return items;
    }

    static long decimalBits(int digits) {
        return (long) Math.ceil(digits * (Math.log(10) / Math.log(2)));
    }

    private static void decimal(StudyCsv csv, boolean fp32, int k, int digits) {
        int l = digits / k;
        long v = 1;
        for (int i = 0; i < k; i++) {
            v *= 10;
        }
        long base = v;
        v -= 1;
        int lc = 2 * l - 1;
        double[] c = new double[lc];
        if (fp32) {
            float[] a = new float[l];
            java.util.Arrays.fill(a, v);
            float[] out = new float[lc];
            FpFftFloat.convolve(a, l, a, l, out);
            for (int i = 0; i < lc; i++) {
                c[i] = out[i];
            }
        } else {
            double[] a = new double[l];
            java.util.Arrays.fill(a, v);
            FpFft.convolve(a, l, a, l, c);
        }
        double vv = (double) v * v;
        long count = 0;
        double sum = 0;
        double max = 0;
        long[] rounded = new long[lc];
        boolean finite = true;
        for (int i = 0; i < lc; i++) {
            double exact = vv * Math.min(i + 1, Math.min(l, 2 * l - 1 - i)); // exact: below 2^53
            double e = Math.abs(c[i] - exact);
            if (e > 0.5) {
                count++;
            }
            sum += e;
            max = Math.max(max, e);
            double r = Math.rint(c[i]);
            finite &= Math.abs(r) < 0x1p62;
            rounded[i] = (long) r;
        }
        int logN = FpErrorBound.logLength(lc);
        double bound = fp32 ? FpErrorBound.boundFloat(v, v, l, l, logN) : FpErrorBound.bound(v, v, l, l, logN);
        double eq7 = FpErrorBound.paperEq7(digits, base, fp32 ? FpErrorBound.U_FLOAT : FpErrorBound.U_DOUBLE);
        boolean exact = finite && carriedEqualsSquare(rounded, base, l);
        String oracle = "closed form";
        if (exact && digits <= (1 << 17)) {
            exact = fromDigits(rounded, base, k).equals(nines(digits).pow(2));
            oracle = "closed form + BigInteger";
        }
        csv.append(fp32 ? "fp32" : "fp64", k, digits, logN, count, fmt(sum / lc), fmt(max), fmt(bound), fmt(eq7),
                exact ? "yes" : "NO", oracle);
    }

    // carries base^i coefficients and compares with 10^2N - 2 10^N + 1 = [1, 0 x (L-1), base-2, (base-1) x (L-1)]
    private static boolean carriedEqualsSquare(long[] c, long base, int l) {
        long carry = 0;
        for (int i = 0; i < 2 * l; i++) {
            long x = (i < c.length ? c[i] : 0) + carry;
            long d = Math.floorMod(x, base);
            carry = Math.floorDiv(x, base);
            long want = i == 0 ? 1 : i < l ? 0 : i == l ? base - 2 : base - 1;
            if (d != want) {
                return false;
            }
        }
        return carry == 0;
    }

    private static BigInteger nines(int digits) {
        return BigInteger.TEN.pow(digits).subtract(BigInteger.ONE);
    }

    // sum c_i base^i through the decimal text of the carried digits (k decimal digits each)
    private static BigInteger fromDigits(long[] c, long base, int k) {
        long[] d = new long[c.length + 8];
        long carry = 0;
        for (int i = 0; i < d.length; i++) {
            long x = (i < c.length ? c[i] : 0) + carry;
            d[i] = Math.floorMod(x, base);
            carry = Math.floorDiv(x, base);
        }
        if (carry != 0) {
            return BigInteger.valueOf(-1);
        }
        StringBuilder sb = new StringBuilder(d.length * k);
        for (int i = d.length - 1; i >= 0; i--) {
            String s = Long.toString(d[i]);
            for (int z = s.length(); z < k; z++) {
                sb.append('0');
            }
            sb.append(s);
        }
        return new BigInteger(sb.toString());
    }

    private static void proven(StudyCsv csv, int digits) {
        long bits = decimalBits(digits);
        int b = FpIntegerProduct.provenDigitBits(bits, bits);
        // every balanced digit -2^(b-1) below a top 1
        int count = (int) (bits / b);
        BigInteger x = BigInteger.ONE.shiftLeft(b * count);
        BigInteger d = BigInteger.ONE.shiftLeft(b - 1);
        for (int i = 0; i < count; i++) {
            x = x.subtract(d.shiftLeft(b * i));
        }
        int l = (int) FpDigits.digitCount(x.bitLength(), b);
        double[] dg = new double[l];
        FpDigits.balancedDigits(FpDigits.magnitudeLimbs(x), x.bitLength(), b, dg);
        int lc = 2 * l - 1;
        double[] c = new double[lc];
        FpFft.convolve(dg, l, dg, l, c);
        double[] exact = exactSelfConvolution(dg, l);
        long count05 = 0;
        double sum = 0;
        double max = 0;
        for (int i = 0; i < lc; i++) {
            double e = Math.abs(c[i] - exact[i]);
            if (e > 0.5) {
                count05++;
            }
            sum += e;
            max = Math.max(max, e);
        }
        int logN = FpErrorBound.logLength(lc);
        double m = Math.scalb(1.0, b - 1);
        double bound = FpErrorBound.bound(m, m, l, l, logN);
        double eq7 = FpErrorBound.paperEq7(l, Math.scalb(1.0, b), FpErrorBound.U_DOUBLE);
        FpIntegerProduct.Outcome o = FpIntegerProduct.tryMultiply(x, x);
        BigInteger want;
        String oracle;
        if (bits <= (1 << 22)) {
            want = x.multiply(x);
            oracle = "BigInteger";
        } else {
            want = IntegerMultiplication.multiply(x, x);
            oracle = "NTT route";
        }
        csv.append("fp64-proven", b, digits, logN, count05, fmt(sum / lc), fmt(max), fmt(bound), fmt(eq7),
                want.equals(o.product()) ? "yes" : "NO", oracle);
    }

    // the digits are -2^(b-1) for i < L-2, then the top one or two: the convolution in closed form
    // per coefficient from the few distinct values, exact in double (below 2^53 by the bound)
    private static double[] exactSelfConvolution(double[] d, int l) {
        // runs of equal values: at most 3 distinct runs here, so O(L) by prefix counting
        double[] out = new double[2 * l - 1];
        int head = 0;
        while (head < l && d[head] == d[0]) {
            head++;
        }
        double v = d[0];
        // out[k] = sum_{i+j=k} d_i d_j; split d = v on [0, head) plus the tail values t_j, j >= head
        for (int k = 0; k < out.length; k++) {
            // pairs with both i, j < head
            long lo = Math.max(0, k - (head - 1));
            long hi = Math.min(k, head - 1);
            double s = hi >= lo ? (double) (hi - lo + 1) * v * v : 0;
            // pairs with one index in the tail
            for (int t = head; t < l; t++) {
                int other = k - t;
                if (other >= 0 && other < head) {
                    s += 2 * d[t] * v;
                } else if (other >= head && other < l) {
                    s += d[t] * d[other];
                }
            }
            out[k] = s;
        }
        return out;
    }

    private static String fmt(double x) {
        return String.format(Locale.ROOT, "%.6g", x);
    }

    @Override
    public void plot(StudyCsv csv, Path png) {
        Plot plot = Plot.of("Floating-point FFT squaring of all-9 operands: mean absolute error (ID-FFT Tables 2-3)",
                "decimal digits N", "mean absolute error", true, true).xPattern("0").yPattern("0.#E0")
                .legend(Styler.LegendPosition.OutsideS);
        String[][] series = {{"fp32", "1"}, {"fp64", "1"}, {"fp64", "2"}, {"fp64", "4"}};
        for (String[] s : series) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (String[] r : csv.rows()) {
                if (r[0].equals(s[0]) && r[1].equals(s[1])) {
                    double y = StudyCsv.number(r[5]);
                    if (y > 0) {
                        xs.add(StudyCsv.number(r[2]));
                        ys.add(y);
                    }
                }
            }
            if (!xs.isEmpty()) {
                plot.line(s[0] + " k=" + s[1], xs, ys);
            }
        }
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (String[] r : csv.rows()) {
            if (r[0].equals("fp64-proven") && StudyCsv.number(r[5]) > 0) {
                xs.add(StudyCsv.number(r[2]));
                ys.add(StudyCsv.number(r[5]));
            }
        }
        if (!xs.isEmpty()) {
            plot.dashed("fp64 proven binary digits", xs, ys);
        }
        plot.save(png);
    }
}
