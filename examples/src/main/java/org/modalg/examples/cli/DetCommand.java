package org.modalg.examples.cli;

import java.math.BigInteger;
import org.modalg.examples.cli.io.CertificationOptions;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.examples.cli.io.MatrixOperand;
import org.modalg.examples.cli.io.RouteOption;
import org.modalg.examples.cli.io.SparkOption;
import org.modalg.fft.Options;
import org.modalg.modular.ModularResult;
import org.modalg.modular.mat.Determinant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code modalg det M}: the exact determinant of an integer matrix in FLINT's text format. The
 * 0 x 0 matrix has determinant 1 (the empty product); a matrix that is not square, such as
 * 3 x 0 or 0 x 3, is an error naming its shape.
 */
@Command(name = "det", mixinStandardHelpOptions = true,
        description = {"Exact determinant of a square integer matrix by multimodular methods.",
                "M: inline text, - (standard input) or file:PATH, in FLINT's format",
                "(rows cols  a00 a01 ...), e.g. \"2 2  1 -2 3 4\". The 0 x 0 matrix has",
                "determinant 1; a shape that is not square (3 x 0, 0 x 3) is an error.",
                "The result is proven (Hadamard bound) unless --probabilistic is given;",
                "--backend picks the image engine (cpu, gpu, auto); --spark MASTER_URL",
                "computes the images as Spark tasks (the distributed module)."})
public final class DetCommand extends ComputingCommand {

    @Parameters(index = "0", paramLabel = "M", description = "A matrix: inline, - (standard input) or file:PATH.")
    String matrix;

    @Mixin
    RouteOption route = new RouteOption();

    @Mixin
    MatrixOperand.BackendOption backend = new MatrixOperand.BackendOption();

    @Mixin
    CertificationOptions certification = new CertificationOptions();

    @Mixin
    SparkOption spark = new SparkOption();

    @Override
    int compute(Invocation run) {
        Options o = certification.applyTo(backend.applyTo(run,
                run.modularOptions().withRoute(route.route())));
        MatrixOperand m = MatrixOperand.read(run, matrix, "M").requireSquare("det");
        run.asks(m.entryBytes());
        BigInteger[][] a = m.entries();
        long t0 = System.nanoTime();
        ModularResult<BigInteger> r = spark.run(run, () -> Determinant.det(a, o));
        run.time("det", t0);
        run.result("result", r.value());
        run.report(r.report());
        return run.finish();
    }
}
