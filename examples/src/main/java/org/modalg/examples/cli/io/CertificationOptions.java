package org.modalg.examples.cli.io;

import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import picocli.CommandLine.Option;

/** {@code --probabilistic} and {@code --seed} of the commands whose result can be certified (a picocli mixin). */
public final class CertificationOptions {
    @Option(names = "--probabilistic",
            description = "Stop early once the CRT image is unchanged over enough random primes (failure probability"
                    + " at most 2^-40 for every input, shown by -v; not proven; the CRT route).")
    boolean probabilistic;

    @Option(names = "--seed", paramLabel = "N",
            description = "Seed of the random primes of --probabilistic (the same seed repeats the run; default: a"
                    + " fresh one, shown by -v).")
    Long seed;

    /** Whether {@code --probabilistic} was given. */
    public boolean probabilistic() {
        return probabilistic;
    }

    /**
     * o with these choices.
     *
     * @throws IllegalArgumentException if --seed is given without --probabilistic
     */
    public Options applyTo(Options o) {
        if (seed != null && !probabilistic) {
            throw new IllegalArgumentException("--seed " + seed + " needs --probabilistic (a proven run draws no"
                    + " random primes)");
        }
        if (probabilistic) {
            o = o.withCertification(Certification.PROBABILISTIC);
        }
        return seed == null ? o : o.withSeed(seed);
    }
}
