package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.modalg.fft.Certification;
import org.modalg.fft.Options;
import org.modalg.fft.Route;

/**
 * What a multimodular computation used: the route taken, the field(s), how many primes (or big
 * primes) gave the images the result was built from ({@link #primesUsed()}), which primes gave
 * images that were discarded as unlucky ({@link #unluckyPrimes()}), which were skipped before any
 * image ({@link #skippedPrimes()}), how the result was certified, and the time spent per phase
 * (the phases do not overlap: their sum {@link #totalNanos()} is at most the wall time of the
 * call; host-device copies of a GPU image engine are the phase {@value #TRANSFER}, apart from the
 * images), and for {@link Certification#PROBABILISTIC} results the seed and a
 * bound on the failure probability. The counts are disjoint: the primes imaged are
 * {@code primesUsed() + unluckyCount()}, and {@code skippedCount()} more were drawn and passed
 * over. Immutable; built by the algorithm through a {@link Builder}.
 * {@link #toString()} is a readable multi-line summary (the CLI prints it for {@code --verbose}).
 */
public final class ModularReport {
    /**
     * The phase of host-device copies (uploads of the inputs, downloads of the images) of a GPU
     * image engine, recorded beside {@code images} by every route that runs an image engine; 0 on
     * the CPU.
     */
    public static final String TRANSFER = "transfer";

    private final String algorithm;
    private final Route route;
    private final String field;
    private final int primesUsed;
    private final List<BigInteger> unluckyPrimes;
    private final List<BigInteger> skippedPrimes;
    private final Certification certification;
    private final String certificationDetail;
    private final double failureProbability;
    private final Long seed;
    private final Map<String, Long> phaseNanos;
    private final List<String> notes;

    private ModularReport(Builder b) {
        this.algorithm = b.algorithm;
        this.route = b.route;
        this.field = b.field;
        this.primesUsed = b.primesUsed;
        this.unluckyPrimes = Collections.unmodifiableList(new ArrayList<>(b.unlucky));
        this.skippedPrimes = Collections.unmodifiableList(new ArrayList<>(b.skipped));
        this.certification = b.certification;
        this.certificationDetail = b.certificationDetail;
        this.failureProbability = b.certification == Certification.PROVEN ? 0 : b.failureProbability;
        this.seed = b.seed;
        this.phaseNanos = Collections.unmodifiableMap(new LinkedHashMap<>(b.phases));
        this.notes = Collections.unmodifiableList(new ArrayList<>(b.notes));
    }

    /** A builder for the named algorithm (for example {@code "det"}). */
    public static Builder builder(String algorithm) {
        return new Builder(algorithm);
    }

    /** The algorithm, for example {@code "det"}. */
    public String algorithm() {
        return algorithm;
    }

    /** The route actually taken ({@link Route#CRT} or {@link Route#BIG_PRIME}; AUTO is resolved). */
    public Route route() {
        return route;
    }

    /** A description of the prime field(s) used, for example {@code "word-size primes < 2^31"}. */
    public String field() {
        return field;
    }

    /**
     * The number of primes (or big primes) whose images entered the result: unlucky primes
     * ({@link #unluckyPrimes()}) and skipped ones ({@link #skippedPrimes()}) are not counted.
     */
    public int primesUsed() {
        return primesUsed;
    }

    /**
     * The primes whose images were computed and then discarded as unlucky (a gcd image of too
     * large a degree, or every image kept before one of smaller degree; a factorization that
     * found the matrix singular), in the order found.
     */
    public List<BigInteger> unluckyPrimes() {
        return unluckyPrimes;
    }

    /** The number of unlucky primes: images computed and discarded. */
    public int unluckyCount() {
        return unluckyPrimes.size();
    }

    /**
     * The primes passed over before any image because they divide a value the operation avoids
     * (gcd(lc f, lc g) for the gcd, the divisor for the determinant's cofactor), in order;
     * generalized Fermat primes passed over for the same reason are listed too.
     */
    public List<BigInteger> skippedPrimes() {
        return skippedPrimes;
    }

    /** The number of skipped primes (no image computed). */
    public int skippedCount() {
        return skippedPrimes.size();
    }

    /** How the result was certified. */
    public Certification certification() {
        return certification;
    }

    /** How the certification was obtained, for example {@code "modulus 2^4100 > 2 * Hadamard bound 2^4063"}. */
    public String certificationDetail() {
        return certificationDetail;
    }

    /**
     * An upper bound on the probability that the result is wrong: 0 for {@link Certification#PROVEN}
     * results; for {@link Certification#PROBABILISTIC} ones a bound proven for this input, over
     * the random choice of primes (see {@link Certification#PROBABILISTIC}), at most
     * {@link Options#FAILURE_TARGET}.
     */
    public double failureProbability() {
        return failureProbability;
    }

    /**
     * The seed of the random primes, when the run drew any ({@link Certification#PROBABILISTIC}
     * asked for); {@link Options#withSeed} with it repeats the run.
     */
    public OptionalLong seed() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    /**
     * Nanoseconds per phase, in the order the phases were first recorded. The phases are
     * disjoint intervals of the call (none contains another), so they add up to
     * {@link #totalNanos()}.
     */
    public Map<String, Long> phaseNanos() {
        return phaseNanos;
    }

    /** The sum of all phase times in nanoseconds: at most the wall time of the call. */
    public long totalNanos() {
        long t = 0;
        for (long v : phaseNanos.values()) {
            t += v;
        }
        return t;
    }

    /** Free-form remarks (for example why AUTO chose its route). */
    public List<String> notes() {
        return notes;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append(algorithm).append(": route ").append(route == null ? "-" : route.cliName()).append('\n');
        s.append("  field:         ").append(field).append('\n');
        s.append("  primes used:   ").append(primesUsed).append('\n');
        s.append("  unlucky:       ").append(unluckyPrimes.size());
        if (!unluckyPrimes.isEmpty()) {
            int show = Math.min(10, unluckyPrimes.size());
            s.append(' ').append(unluckyPrimes.subList(0, show));
            if (show < unluckyPrimes.size()) {
                s.append(" ...");
            }
        }
        s.append('\n');
        s.append("  skipped:       ").append(skippedPrimes.size());
        if (!skippedPrimes.isEmpty()) {
            int show = Math.min(10, skippedPrimes.size());
            s.append(' ').append(skippedPrimes.subList(0, show));
            if (show < skippedPrimes.size()) {
                s.append(" ...");
            }
        }
        s.append('\n');
        s.append("  certification: ").append(certification);
        if (certificationDetail != null && !certificationDetail.isEmpty()) {
            s.append(" (").append(certificationDetail).append(')');
        }
        s.append('\n');
        if (certification == Certification.PROBABILISTIC) {
            s.append("  failure:       probability <= ").append(formatProbability(failureProbability)).append('\n');
        }
        if (seed != null) {
            s.append("  seed:          ").append(seed).append(" (Options.withSeed repeats the run)\n");
        }
        s.append("  time:").append('\n');
        for (Map.Entry<String, Long> e : phaseNanos.entrySet()) {
            s.append(String.format(Locale.ROOT, "    %-14s %10.3f ms%n", e.getKey(), e.getValue() / 1e6));
        }
        s.append(String.format(Locale.ROOT, "    %-14s %10.3f ms%n", "total", totalNanos() / 1e6));
        for (String n : notes) {
            s.append("  note: ").append(n).append('\n');
        }
        return s.toString();
    }

    /**
     * 2^-e with one decimal of e, for example "2^-41.3"; 0 and 1 as such: the form of every
     * failure probability in a report (public for {@code org.modalg.modular.loop}).
     */
    public static String formatProbability(double p) {
        if (p <= 0) {
            return "0";
        }
        if (p >= 1) {
            return "1";
        }
        return String.format(Locale.ROOT, "2^%.1f", Math.log(p) / Math.log(2));
    }

    /**
     * Mutable collector of a report, filled in by an algorithm while it runs. Thread-safe (its
     * methods are synchronized), so worker threads may record unlucky primes.
     */
    public static final class Builder {
        private final String algorithm;
        private Route route;
        private String field = "-";
        private int primesUsed;
        private final List<BigInteger> unlucky = new ArrayList<>();
        private final List<BigInteger> skipped = new ArrayList<>();
        private Certification certification = Certification.PROVEN;
        private String certificationDetail = "";
        private double failureProbability;
        private Long seed;
        private final LinkedHashMap<String, Long> phases = new LinkedHashMap<>();
        private final List<String> notes = new ArrayList<>();

        private Builder(String algorithm) {
            if (algorithm == null || algorithm.isEmpty()) {
                throw new IllegalArgumentException("algorithm must be a non-empty name");
            }
            this.algorithm = algorithm;
        }

        public synchronized Builder route(Route r) {
            if (r == null) {
                throw new IllegalArgumentException("route must not be null");
            }
            this.route = r;
            return this;
        }

        public synchronized Builder field(String description) {
            this.field = description == null ? "-" : description;
            return this;
        }

        /** The number of primes (or big primes) whose images entered the result (unlucky and skipped ones not counted). */
        public synchronized Builder primesUsed(int count) {
            if (count < 0) {
                throw new IllegalArgumentException("count must be >= 0, got " + count);
            }
            this.primesUsed = count;
            return this;
        }

        /** Records one unlucky (discarded) prime. */
        public synchronized Builder unlucky(BigInteger prime) {
            if (prime == null) {
                throw new IllegalArgumentException("prime must not be null");
            }
            unlucky.add(prime);
            return this;
        }

        /** Records one unlucky (discarded) word-size prime. */
        public Builder unlucky(long prime) {
            return unlucky(BigInteger.valueOf(prime));
        }

        /** Records one prime skipped before any image (it divides a value the operation avoids). */
        public synchronized Builder skipped(BigInteger prime) {
            if (prime == null) {
                throw new IllegalArgumentException("prime must not be null");
            }
            skipped.add(prime);
            return this;
        }

        /** Records one skipped word-size prime. */
        public Builder skipped(long prime) {
            return skipped(BigInteger.valueOf(prime));
        }

        public synchronized Builder certification(Certification c, String detail) {
            if (c == null) {
                throw new IllegalArgumentException("certification must not be null");
            }
            this.certification = c;
            this.certificationDetail = detail == null ? "" : detail;
            return this;
        }

        /**
         * The bound on the failure probability of a {@link Certification#PROBABILISTIC} result
         * (ignored, and reported as 0, when the certification is {@link Certification#PROVEN}).
         *
         * @throws IllegalArgumentException if p is not in [0, 1]
         */
        public synchronized Builder failureProbability(double p) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("failure probability must be in [0, 1], got " + p);
            }
            this.failureProbability = p;
            return this;
        }

        /** The seed of the random primes drawn. */
        public synchronized Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Adds nanos to the named phase (created at the end of the order on first use). */
        public synchronized Builder phase(String name, long nanos) {
            if (name == null) {
                throw new IllegalArgumentException("phase name must not be null");
            }
            phases.merge(name, Math.max(0L, nanos), Long::sum);
            return this;
        }

        /** Adds {@code System.nanoTime() - startNanos} to the named phase, and returns the current time. */
        public long phaseSince(String name, long startNanos) {
            long now = System.nanoTime();
            phase(name, now - startNanos);
            return now;
        }

        /**
         * Adds {@code System.nanoTime() - startNanos} to the phases: {@code transferNanos} of it
         * (host-device copies of an image engine in that interval, clamped to the interval) to
         * {@value ModularReport#TRANSFER}, the rest to the named phase; both phases are created
         * (so a CPU run reports a transfer of 0). Returns the current time.
         */
        public synchronized long phaseSince(String name, long startNanos, long transferNanos) {
            long now = System.nanoTime();
            long all = Math.max(0L, now - startNanos);
            long moved = Math.min(all, Math.max(0L, transferNanos));
            phase(TRANSFER, moved);
            phase(name, all - moved);
            return now;
        }

        public synchronized Builder note(String note) {
            if (note != null && !note.isEmpty()) {
                notes.add(note);
            }
            return this;
        }

        public synchronized ModularReport build() {
            return new ModularReport(this);
        }
    }
}
