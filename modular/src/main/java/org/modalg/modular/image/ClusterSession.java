package org.modalg.modular.image;

import org.modalg.fft.Options;

/**
 * A connection to a cluster that computes image batches ({@link ClusterEngineProvider#connect}):
 * {@link #engine} gives an {@link ImageEngine} whose calls run on the cluster's executors, and
 * {@code ImageEngines.using(session::engine, () -> Determinant.det(a, options))} runs a whole
 * operation (a determinant, a solve, a resultant) with it ({@link ImageEngines#using}): the images come from the cluster, the loop, combiner and stopping
 * rule run here, so the result is the single-machine one, bit for bit. Close it to leave the
 * cluster.
 */
public interface ClusterSession extends AutoCloseable {

    /** A short description for reports and the command line, e.g. {@code spark local[2] (2 cores)}. */
    String describe();

    /** The engine of one operation run with these options (cancellation and listener included). */
    ImageEngine engine(Options options);

    @Override
    void close();
}
