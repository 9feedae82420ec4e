package org.modalg.examples.cli.io;

import java.util.function.Supplier;
import org.modalg.modular.image.ClusterEngineProvider;
import org.modalg.modular.image.ClusterSession;
import org.modalg.modular.image.ImageEngines;
import picocli.CommandLine.Option;

/**
 * {@code --spark MASTER_URL} (a picocli mixin of det, solve and resultant): the operation's image
 * batches run as Spark jobs on that master, through the {@code spark} cluster engine provider of
 * the {@code distributed} module ({@link ImageEngines#cluster}); the combination and the stopping
 * rule stay here, so the result is the one without it. This module does not depend on that one
 * (Spark stays out of the jar): the {@code ./modalg} launcher puts it and Spark on the class path
 * when {@code --spark} is given; without it the option is one {@code error:} line saying how to
 * get it (exit code 2).
 */
public final class SparkOption {
    /** The message when the provider is missing (tests read it). */
    static final String MISSING = "--spark: the Spark engine (module modalg-distributed) is not on the class path;"
            + " run modalg through the ./modalg launcher, which adds it and Spark's jars when --spark is given"
            + " (the first time, Maven downloads Spark), or add distributed/target/classes and the output of"
            + " 'mvn -q -pl distributed dependency:build-classpath' to the class path";

    @Option(names = "--spark", paramLabel = "MASTER_URL",
            description = "Compute the images as Spark tasks on this master: local[N], spark://HOST:PORT, yarn, ..."
                    + " (needs the distributed module: the ./modalg launcher adds it).")
    String master;

    /** The master URL of {@code --spark}, or null when it was not given. */
    public String master() {
        return master;
    }

    /**
     * Runs the operation, on the Spark master when one was given (its description goes to the
     * report as {@code cluster}).
     *
     * @throws IllegalArgumentException if the provider is missing or Spark cannot start on the master
     */
    public <R> R run(Invocation run, Supplier<R> operation) {
        if (master == null) {
            return operation.get();
        }
        ClusterEngineProvider provider = ImageEngines.cluster("spark")
                .orElseThrow(() -> new IllegalArgumentException(MISSING));
        try (ClusterSession cluster = provider.connect(master)) {
            run.report("cluster", cluster.describe());
            return ImageEngines.using(cluster::engine, operation);
        }
    }
}
