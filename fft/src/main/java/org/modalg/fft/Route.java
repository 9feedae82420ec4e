package org.modalg.fft;

import java.util.Locale;

/**
 * How an operation computes its modular images: many word-size primes and Chinese
 * remaindering ({@link #CRT}), one or a few big generalized Fermat primes ({@link #BIG_PRIME},
 * thesis section 2.9), or a choice made by the operation from the problem size ({@link #AUTO};
 * each operation documents its rule). Taken through {@link Options#withRoute} by the
 * multimodular algorithms (determinant, gcd, resultant) and by the products over Z[x], Z/pZ[x]
 * and Z, whose Javadoc says what each route means there.
 */
public enum Route {
    /** The algorithm chooses; its Javadoc states the rule and the measurement behind it. */
    AUTO,
    /** Images modulo many word-size primes, combined by the Chinese remainder theorem. */
    CRT,
    /** Images in one or few generalized Fermat fields p = r^k + 1 (thesis section 2.9). */
    BIG_PRIME;

    /**
     * The route named {@code crt}, {@code bigprime} (also {@code big_prime}, {@code big-prime})
     * or {@code auto}, case-insensitive, surrounding blanks ignored.
     *
     * @throws IllegalArgumentException naming {@code route} and the accepted names
     */
    public static Route parse(String route) {
        if (route != null) {
            switch (route.trim().toLowerCase(Locale.ROOT)) {
                case "auto":
                    return AUTO;
                case "crt":
                    return CRT;
                case "bigprime":
                case "big_prime":
                case "big-prime":
                    return BIG_PRIME;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException("route must be one of crt, bigprime, auto; got " + route);
    }

    /** The name {@link #parse} accepts: {@code auto}, {@code crt} or {@code bigprime}. */
    public String cliName() {
        return this == BIG_PRIME ? "bigprime" : name().toLowerCase(Locale.ROOT);
    }
}
