package org.modalg.examples.cli;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.examples.cli.io.MatrixOperand;
import org.modalg.examples.cli.io.SparkOption;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.RationalReconstruction;
import org.modalg.modular.mat.LinearSolve;
import org.modalg.modular.mat.RationalVector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg solve M B}: the exact rational solution X of M X = B for a square integer matrix
 * M that is regular over Q ({@link LinearSolve}: Dixon lifting on the LU factors of the image
 * engine), both in FLINT's matrix text format; B's columns are the right-hand sides (a vector b
 * is the n x 1 matrix {@code n 1  b0 b1 ...}), as in FLINT's {@code fmpz_mat_solve(X, den, A, B)}.
 * With {@code --augmented} the one operand M is [A | B], n x (n + m). Output: one line per row
 * of X, its entries in lowest terms ({@code p/q}, or {@code p} when integral) separated by a
 * space; with {@code --common-denominator} the least common denominator d of X first, then the
 * rows of d X. A singular matrix is an error (exit 2) that says so.
 */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = {"Exact rational solution X of M X = B (M square and regular over Q).",
                "M, B: inline text, - (standard input) or file:PATH, in FLINT's matrix format",
                "(rows cols  a00 a01 ...); B's columns are right-hand sides, a vector b is",
                "\"n 1  b0 b1 ...\". With --augmented M is [A | B] (n x (n + m)) and B is not given.",
                "Output: one line per row of X, entries p/q in lowest terms (p when integral);",
                "--common-denominator: the least common denominator d first, then the rows of d X.",
                "Dixon lifting on LU factors modulo word-size primes; every result is proven (bound,",
                "or the exact check M X = B). A singular M is an error."})
public final class SolveCommand extends ComputingCommand {

    @Parameters(index = "0", paramLabel = "M", description = "The matrix: inline, - (standard input) or file:PATH.")
    String matrix;

    @Parameters(index = "1", paramLabel = "B", arity = "0..1",
            description = "The right-hand sides (n x m, one per column); omitted with --augmented.")
    String rhs;

    @Option(names = "--augmented", description = "M is the augmented matrix [A | B]: its columns after the n-th are"
            + " the right-hand sides.")
    boolean augmented;

    @Option(names = "--common-denominator", description = "Write the least common denominator d of X, then the"
            + " numerators d X (in JSON: \"denominator\" and \"result\" the numerators).")
    boolean commonDenominator;

    @Mixin
    MatrixOperand.BackendOption backend = new MatrixOperand.BackendOption();

    @Mixin
    SparkOption spark = new SparkOption();

    @Override
    int compute(Invocation run) {
        Options o = backend.applyTo(run, run.modularOptions());
        if (augmented && rhs != null) {
            throw new IllegalArgumentException("B: not taken with --augmented (the right-hand sides are M's last"
                    + " columns)");
        }
        if (!augmented && rhs == null) {
            throw new IllegalArgumentException("B: missing; give the right-hand sides as a matrix (n 1  b0 b1 ...)"
                    + " or M as [A | B] with --augmented");
        }
        MatrixOperand mm = MatrixOperand.read(run, matrix, "M");
        int n = mm.rows;
        if (augmented && mm.cols <= n) {
            throw mm.input.error("--augmented needs n x (n + m) with m >= 1 right-hand sides, the header says "
                    + mm.rows + " x " + mm.cols);
        }
        if (!augmented) {
            mm.requireSquare("solve");
        }
        MatrixOperand mb = augmented ? null : MatrixOperand.read(run, rhs, "B");
        if (mb != null && (mb.rows != n || mb.cols < 1)) {
            throw mb.input.error("B needs n = " + n + " rows (one per row of M) and at least one column, the"
                    + " header says " + mb.rows + " x " + mb.cols);
        }
        int cols = augmented ? mm.cols - n : mb.cols;
        // the entries of M and B, the residues and the factors of the lifting
        run.asks(mm.entryBytes() + (mb == null ? 0 : mb.entryBytes()) + 16L * n * n);
        BigInteger[][] m = mm.entries();
        BigInteger[][] b = augmented ? null : mb.entries();
        BigInteger[][] a = new BigInteger[n][];
        List<BigInteger[]> rhsList = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            a[i] = augmented ? Arrays.copyOf(m[i], n) : m[i];
        }
        for (int c = 0; c < cols; c++) {
            BigInteger[] v = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                v[i] = augmented ? m[i][n + c] : b[i][c];
            }
            rhsList.add(v);
        }
        long t0 = System.nanoTime();
        ModularResult<List<RationalVector>> r = spark.run(run, () -> LinearSolve.solve(a, rhsList, o));
        run.time("solve", t0);
        write(run, r.value(), n, cols);
        run.report(r.report());
        return run.finish();
    }

    // The result: rows of X (lowest terms), or d and the rows of d X.
    private void write(Invocation run, List<RationalVector> x, int n, int cols) {
        BigInteger d = BigInteger.ONE;
        for (RationalVector v : x) {
            d = d.divide(d.gcd(v.denominator())).multiply(v.denominator());
        }
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<String> row = new ArrayList<>();
            for (RationalVector v : x) {
                if (commonDenominator) {
                    row.add(v.numerator(i).multiply(d.divide(v.denominator())).toString());
                } else {
                    RationalReconstruction.Fraction f = v.component(i);
                    row.add(f.denominator().equals(BigInteger.ONE) ? f.numerator().toString()
                            : f.numerator() + "/" + f.denominator());
                }
            }
            rows.add(common.json() ? (cols == 1 ? row.get(0) : row) : String.join(" ", row));
        }
        if (commonDenominator && !common.json()) {
            rows.add(0, d);
        }
        run.result("result", rows);
        if (commonDenominator && common.json()) {
            run.result("denominator", d);
        }
    }
}
