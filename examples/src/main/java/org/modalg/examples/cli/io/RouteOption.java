package org.modalg.examples.cli.io;

import org.modalg.fft.Route;
import picocli.CommandLine.Option;

/**
 * {@code --route crt|bigprime|auto} of the multimodular commands (det, gcd, resultant; a picocli
 * mixin): word-size primes with CRT, generalized Fermat primes, or the library's choice. The
 * products (polymul, intmul) take their own {@code --route}, whose values are product routes.
 */
public final class RouteOption {
    @Option(names = "--route", paramLabel = "crt|bigprime|auto", defaultValue = "auto",
            description = "Word-size primes and CRT, generalized Fermat primes, or automatic (default: ${DEFAULT-VALUE}).")
    String route;

    /**
     * The route given.
     *
     * @throws IllegalArgumentException naming the allowed values for another text ({@link Route#parse})
     */
    public Route route() {
        return Route.parse(route);
    }
}
