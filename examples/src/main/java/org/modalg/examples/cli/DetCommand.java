package org.modalg.examples.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.modalg.modular.Certification;
import org.modalg.modular.Determinant;
import org.modalg.modular.ModularOptions;
import org.modalg.modular.ModularResult;
import org.modalg.modular.Route;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code modalg det M}: the exact determinant of an integer matrix in FLINT's text format. */
@Command(name = "det", mixinStandardHelpOptions = true,
        description = {"Exact determinant of a square integer matrix by multimodular methods.",
                "M is a file in FLINT's text format (rows cols  a00 a01 ...), or - for standard input.",
                "The result is proven (Hadamard bound) unless --probabilistic is given."})
public final class DetCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "M", description = "Matrix file, or - for standard input.")
    String matrix;

    @Option(names = "--route", paramLabel = "crt|bigprime|auto",
            description = "Word-size primes + CRT, generalized Fermat primes, or automatic (default: ${DEFAULT-VALUE}).",
            defaultValue = "auto")
    String route;

    @Option(names = "--threads", paramLabel = "N", description = "Threads (default: all processors).")
    Integer threads;

    @Option(names = "--probabilistic",
            description = "Stop when the CRT image is stable over 2 extra primes (not proven).")
    boolean probabilistic;

    @Option(names = {"-v", "--verbose"}, description = "Print what was used (route, primes, time per phase) to stderr.")
    boolean verbose;

    @Override
    public Integer call() {
        ModularOptions o = ModularOptions.defaults().withRoute(Route.parse(route));
        if (threads != null) {
            o = o.withThreads(threads);
        }
        if (probabilistic) {
            o = o.withCertification(Certification.PROBABILISTIC);
        }
        BigInteger[][] a = FlintMatrix.parse(read(matrix));
        if (a.length > 0 && a.length != a[0].length) {
            throw new IllegalArgumentException("det needs a square matrix, got " + a.length + " x " + a[0].length);
        }
        ModularResult<BigInteger> r = Determinant.det(a, o);
        System.out.println(r.value());
        if (verbose) {
            System.err.print(r.report());
        }
        return 0;
    }

    private static String read(String arg) {
        try {
            if ("-".equals(arg)) {
                return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            Path p = Path.of(arg);
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("M: no such file: " + arg);
            }
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + arg, e);
        }
    }
}
