package org.modalg.examples.bench;

import edu.jas.vector.GenMatrix;
import edu.jas.vector.GenMatrixRing;
import edu.jas.vector.LinAlg;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularResult;
import org.modalg.modular.mat.Determinant;

/**
 * {@code modalg bench modular --part det}: exact determinants of random n x n matrices with
 * signed b-bit entries (uniform in (-2^b, 2^b)), by modalg's CRT route (default strategy, and the
 * plain strategy without the Dixon divisor on one thread), its big-prime route and by JAS
 * ({@code LinAlg.fractionfreeGaussElimination} over {@code edu.jas.arith.BigInteger}, the
 * fraction-free Gauss-Bareiss elimination: the last pivot is the determinant up to the sign of the
 * row permutation) in the same run.
 * Every result is compared with the CRT route's; a mismatch is reported in the CSV
 * ({@code agrees = false}), never hidden.
 *
 * <p>Runs whose predicted time exceeds the budget are skipped with the reason in the
 * {@code note} column: JAS's cost grows like n^4 b (about 10 s at n = 200, 10 bits on the
 * 2-core VM), the big-prime route's like n^3 k^2 for k-digit elements.
 */
public final class DeterminantBenchmark {

    /** CSV columns. */
    public static final String[] COLUMNS = {"n", "bits", "method", "threads", "ms_median", "ms_min", "primes",
        "agrees", "note"};

    private DeterminantBenchmark() {
    }

    /**
     * @param sizes the n to measure
     * @param bits the entry sizes
     * @param threads threads for the modalg routes (JAS is single-threaded)
     * @param repeats timed runs per cell (the median and minimum are reported)
     * @param jasMaxN the largest n at which JAS runs
     * @param bigPrimeMaxN the largest n at which the big-prime route runs
     */
    public static BenchTable run(int[] sizes, int[] bits, int threads, int repeats, int jasMaxN, int bigPrimeMaxN) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(20260601L);
        for (int n : sizes) {
            for (int b : bits) {
                BigInteger[][] a = random(rnd, n, b);
                Options crt = Options.defaults().withRoute(Route.CRT).withThreads(threads);
                BigInteger[] ref = new BigInteger[1];
                long[] t = time(repeats, () -> ref[0] = Determinant.det(a, crt).value());
                ModularResult<BigInteger> r = Determinant.det(a, crt);
                table.add(n, b, "modalg-crt", threads, t[0] / 1e6, t[1] / 1e6, r.report().primesUsed(),
                        r.value().equals(ref[0]), "proven; det " + ref[0].bitLength() + " bits");
                Options one = crt.withThreads(1);
                long[] t1 = time(repeats, () -> Determinant.det(a, one));
                ModularResult<BigInteger> r1 = Determinant.det(a, one);
                table.add(n, b, "modalg-crt", 1, t1[0] / 1e6, t1[1] / 1e6, r1.report().primesUsed(),
                        r1.value().equals(ref[0]), "proven; " + phases(r1.report()));
                // The CRT route without the divisor (Dixon) strategy, for comparison.
                List<ModularResult<BigInteger>> rp = new ArrayList<>();
                long[] tp = time(Math.min(repeats, 2), () -> rp.add(Determinant.det(a, one,
                        Determinant.CrtStrategy.PLAIN)));
                table.add(n, b, "modalg-crt-plain", 1, tp[0] / 1e6, tp[1] / 1e6, rp.get(0).report().primesUsed(),
                        rp.get(0).value().equals(ref[0]), "proven; primes up to twice the Hadamard bound");
                if (n <= bigPrimeMaxN) {
                    Options big = crt.withRoute(Route.BIG_PRIME);
                    BigInteger[] v = new BigInteger[1];
                    long[] tb = time(Math.min(repeats, 2), () -> v[0] = Determinant.det(a, big).value());
                    ModularResult<BigInteger> rb = Determinant.det(a, big);
                    table.add(n, b, "modalg-bigprime", threads, tb[0] / 1e6, tb[1] / 1e6, rb.report().primesUsed(),
                            v[0].equals(ref[0]), rb.report().field().replace(',', ';'));
                } else {
                    table.add(n, b, "modalg-bigprime", threads, "", "", "", "", "skipped: n > " + bigPrimeMaxN);
                }
                if (n <= jasMaxN) {
                    BigInteger[] v = new BigInteger[1];
                    long[] tj = time(Math.min(repeats, n >= 200 ? 1 : repeats), () -> v[0] = jas(a));
                    table.add(n, b, "jas", 1, tj[0] / 1e6, tj[1] / 1e6, "", v[0].equals(ref[0]),
                            "fraction-free Gauss");
                } else {
                    table.add(n, b, "jas", 1, "", "", "", "", "skipped: n > " + jasMaxN + " (too slow)");
                }
            }
        }
        return table;
    }

    // "phase ms; ..." of a report (for the CSV note: no commas).
    private static String phases(org.modalg.modular.ModularReport report) {
        StringBuilder s = new StringBuilder();
        report.phaseNanos().forEach((k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append(' ')
                .append(String.format(java.util.Locale.ROOT, "%.1f", v / 1e6)));
        return s.toString();
    }

    /** Random n x n matrix with entries uniform in (-2^bits, 2^bits). */
    public static BigInteger[][] random(Random rnd, int n, int bits) {
        BigInteger[][] a = new BigInteger[n][n];
        for (BigInteger[] row : a) {
            for (int j = 0; j < n; j++) {
                BigInteger v = new BigInteger(bits, rnd);
                row[j] = rnd.nextBoolean() ? v.negate() : v;
            }
        }
        return a;
    }

    /** The determinant by JAS's fraction-free Gaussian elimination. */
    static BigInteger jas(BigInteger[][] a) {
        int n = a.length;
        if (n == 0) {
            return BigInteger.ONE;
        }
        GenMatrixRing<edu.jas.arith.BigInteger> ring = new GenMatrixRing<>(new edu.jas.arith.BigInteger(), n, n);
        GenMatrix<edu.jas.arith.BigInteger> m = ring.generate((i, j) -> new edu.jas.arith.BigInteger(a[i][j]));
        List<Integer> pivots = new LinAlg<edu.jas.arith.BigInteger>().fractionfreeGaussElimination(m);
        // JAS returns the row permutation followed by n + (number of row swaps); the last
        // diagonal entry is then +-det, with the sign of the permutation.
        BigInteger last = m.get(n - 1, n - 1).getVal();
        boolean odd = pivots.size() == n + 1 && ((pivots.get(n) - n) & 1) != 0;
        return odd ? last.negate() : last;
    }

    // {median, min} nanoseconds over repeats runs after one warm-up run; a warm-up run longer than
    // 3 s is itself the only measurement (the JIT has long settled by then).
    private static long[] time(int repeats, Runnable body) {
        long w0 = System.nanoTime();
        body.run();
        long w = System.nanoTime() - w0;
        if (w > 3_000_000_000L) {
            return new long[] {w, w};
        }
        List<Long> ts = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            long t0 = System.nanoTime();
            body.run();
            ts.add(System.nanoTime() - t0);
        }
        long[] s = ts.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(s);
        return new long[] {s[s.length / 2], s[0]};
    }
}
