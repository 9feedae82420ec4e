package org.modalg.modular.image;

import org.modalg.fields.GfField;

/**
 * An engine that hands every batch of images to another engine ({@code inner}): the base of an
 * engine that computes some images itself and leaves the rest to an engine it holds (the
 * {@code distributed} module's Spark engine: the word-size routes on the cluster, the bivariate
 * and generalized Fermat routes on the driver's CPU engine), and of the tests' counting and
 * changing engines. Subclasses give {@link #name} and override what they compute, count or
 * change; {@link #preferredBatch}, {@link #prefersWidePrimes} and {@link #transferNanos} keep
 * {@link ImageEngine}'s defaults unless overridden (they are not forwarded). Each forwarding call
 * costs O(1) on top of {@code inner}'s.
 */
public abstract class ForwardingImageEngine implements ImageEngine {
    /** The engine every image method not overridden goes to. */
    protected final ImageEngine inner;

    /**
     * @param inner the engine the image methods go to
     * @throws IllegalArgumentException if {@code inner} is null
     */
    protected ForwardingImageEngine(ImageEngine inner) {
        if (inner == null) {
            throw new IllegalArgumentException("inner must not be null");
        }
        this.inner = inner;
    }

    @Override
    public long[] determinants(int n, LimbVector a, long[] primes) {
        return inner.determinants(n, a, primes);
    }

    @Override
    public LuImages factor(int n, LimbVector a, long[] primes) {
        return inner.factor(n, a, primes);
    }

    @Override
    public long[] resultants(LimbVector f, LimbVector g, long[] primes) {
        return inner.resultants(f, g, primes);
    }

    @Override
    public long[] bivariateResultants(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int points) {
        return inner.bivariateResultants(fRes, fRows, fCols, gRes, gRows, gCols, primes, points);
    }

    @Override
    public long[] bivariateResultantsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int log2m, long[] shifts, int cosets) {
        return inner.bivariateResultantsOnCosets(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts,
                cosets);
    }

    @Override
    public long[] principalCoefficientsOnCosets(long[] fRes, int fRows, int fCols, long[] gRes, int gRows, int gCols,
            long[] primes, int log2m, long[] shifts, int cosets) {
        return inner.principalCoefficientsOnCosets(fRes, fRows, fCols, gRes, gRows, gCols, primes, log2m, shifts,
                cosets);
    }

    @Override
    public GcdImages gcds(LimbVector f, LimbVector g, long[] primes, boolean cofactors) {
        return inner.gcds(f, g, primes, cofactors);
    }

    @Override
    public long[][] determinants(int n, LimbVector a, GfField[] fields) {
        return inner.determinants(n, a, fields);
    }

    @Override
    public long[][] resultants(LimbVector f, LimbVector g, GfField[] fields) {
        return inner.resultants(f, g, fields);
    }

    @Override
    public long[][] gcds(LimbVector f, LimbVector g, GfField[] fields) {
        return inner.gcds(f, g, fields);
    }
}
