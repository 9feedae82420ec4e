package org.modalg.examples.bench;

import edu.jas.arith.BigRational;
import edu.jas.vector.GenMatrix;
import edu.jas.vector.GenMatrixRing;
import edu.jas.vector.GenVector;
import edu.jas.vector.GenVectorModul;
import edu.jas.vector.LinAlg;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.modalg.examples.bench.support.BenchTable;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.mat.LinearSolve;
import org.modalg.modular.mat.RationalVector;

/**
 * Exact rational solve of A x = b for random n x n matrices and right-hand sides with signed
 * b-bit entries (uniform in (-2^b, 2^b)): modalg's {@link LinearSolve} (Dixon lifting on the
 * image engine's LU factors) on the given threads and on one, and JAS ({@code LinAlg.solve} over
 * {@code BigRational}, Gaussian elimination on fractions) up to a size, in the same run. Every
 * modalg result is checked exactly (A (d x) = d b over Z, in the {@code agrees} column) and JAS's
 * is compared with it.
 */
public final class SolveBenchmark {

    /** CSV columns. */
    public static final String[] COLUMNS = {"n", "bits", "method", "threads", "ms_median", "ms_min", "primes",
        "agrees", "note"};

    private SolveBenchmark() {
    }

    /**
     * @param sizes the n to measure
     * @param bits the entry sizes (of A and b)
     * @param threads threads for modalg (JAS is single-threaded)
     * @param repeats timed runs per cell (median and minimum reported)
     * @param jasMaxN the largest n at which JAS runs
     */
    public static BenchTable run(int[] sizes, int[] bits, int threads, int repeats, int jasMaxN) {
        BenchTable table = new BenchTable(COLUMNS);
        Random rnd = new Random(20261125L);
        for (int n : sizes) {
            for (int b : bits) {
                BigInteger[][] a = DeterminantBenchmark.random(rnd, n, b);
                BigInteger[] rhs = new BigInteger[n];
                for (int i = 0; i < n; i++) {
                    BigInteger v = new BigInteger(b, rnd);
                    rhs[i] = rnd.nextBoolean() ? v.negate() : v;
                }
                BigInteger[] bb = rhs;
                Options o = Options.defaults().withThreads(threads);
                RationalVector[] ref = new RationalVector[1];
                long[] t = time(repeats, () -> ref[0] = LinearSolve.solve(a, bb, o).value());
                ModularResult<RationalVector> r = LinearSolve.solve(a, bb, o);
                boolean ok = r.value().equals(ref[0]) && check(a, bb, ref[0]);
                table.add(n, b, "modalg-solve", threads, t[0] / 1e6, t[1] / 1e6, r.report().primesUsed(), ok,
                        "proven; denominator " + ref[0].denominator().bitLength() + " bits; " + phases(r));
                if (threads != 1) {
                    Options one = o.withThreads(1);
                    long[] t1 = time(repeats, () -> LinearSolve.solve(a, bb, one));
                    ModularResult<RationalVector> r1 = LinearSolve.solve(a, bb, one);
                    table.add(n, b, "modalg-solve", 1, t1[0] / 1e6, t1[1] / 1e6, r1.report().primesUsed(),
                            r1.value().equals(ref[0]), "proven; " + phases(r1));
                }
                if (n <= jasMaxN) {
                    RationalVector[] v = new RationalVector[1];
                    long[] tj = time(Math.min(repeats, n >= 100 ? 1 : repeats), () -> v[0] = jas(a, bb));
                    table.add(n, b, "jas", 1, tj[0] / 1e6, tj[1] / 1e6, "", v[0].equals(ref[0]),
                            "Gaussian elimination over BigRational");
                } else {
                    table.add(n, b, "jas", 1, "", "", "", "", "skipped: n > " + jasMaxN + " (too slow)");
                }
            }
        }
        return table;
    }

    /** x by JAS's Gaussian elimination over the rationals. */
    static RationalVector jas(BigInteger[][] a, BigInteger[] b) {
        int n = a.length;
        if (n == 0) {
            return RationalVector.ofIntegers(new BigInteger[0]);
        }
        BigRational q = new BigRational();
        GenMatrixRing<BigRational> ring = new GenMatrixRing<>(q, n, n);
        GenMatrix<BigRational> m = ring.generate((i, j) -> new BigRational(a[i][j]));
        List<BigRational> bl = new ArrayList<>();
        for (BigInteger v : b) {
            bl.add(new BigRational(v));
        }
        GenVector<BigRational> x = new LinAlg<BigRational>().solve(m, new GenVector<>(new GenVectorModul<>(q, n), bl));
        BigInteger d = BigInteger.ONE;
        for (int i = 0; i < n; i++) {
            BigInteger den = x.get(i).denominator();
            d = d.divide(d.gcd(den)).multiply(den);
        }
        BigInteger[] num = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            num[i] = x.get(i).numerator().multiply(d.divide(x.get(i).denominator()));
        }
        return RationalVector.of(num, d);
    }

    // A (d x) = d b exactly over Z.
    private static boolean check(BigInteger[][] a, BigInteger[] b, RationalVector x) {
        for (int i = 0; i < a.length; i++) {
            BigInteger s = x.denominator().multiply(b[i]).negate();
            for (int j = 0; j < a.length; j++) {
                s = s.add(a[i][j].multiply(x.numerator(j)));
            }
            if (s.signum() != 0) {
                return false;
            }
        }
        return true;
    }

    // "phase ms ..." of a report (for the CSV note: no commas).
    private static String phases(ModularResult<?> r) {
        StringBuilder s = new StringBuilder();
        r.report().phaseNanos().forEach((k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append(' ')
                .append(String.format(Locale.ROOT, "%.1f", v / 1e6)));
        return s.toString();
    }

    // {median, min} nanoseconds over repeats runs after one warm-up run (a warm-up over 3 s is the
    // only measurement).
    private static long[] time(int repeats, Runnable body) {
        long w0 = System.nanoTime();
        body.run();
        long w = System.nanoTime() - w0;
        if (w > 3_000_000_000L) {
            return new long[] {w, w};
        }
        long[] s = new long[repeats];
        for (int i = 0; i < repeats; i++) {
            long t0 = System.nanoTime();
            body.run();
            s[i] = System.nanoTime() - t0;
        }
        Arrays.sort(s);
        return new long[] {s[s.length / 2], s[0]};
    }

    /**
     * Runs the benchmark standalone: {@code [threads [repeats [sizes... ]]]}, 10- and 100-bit
     * entries, CSV to standard output ({@code modalg bench modular --part solve --jas} runs it too,
     * into modular-solve.csv).
     */
    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int[] sizes = args.length > 2 ? Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {100, 200, 500};
        BenchTable t = run(sizes, new int[] {10, 100}, threads, repeats, 50);
        t.print(System.out);
    }
}
