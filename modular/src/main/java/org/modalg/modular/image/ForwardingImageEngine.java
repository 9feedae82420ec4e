package org.modalg.modular.image;

import org.modalg.fields.GfField;

/**
 * A test engine that hands every batch of images to another engine ({@code inner}); subclasses
 * override what they count or change (batch size, prime width, name).
 */
abstract class ForwardingImageEngine implements ImageEngine {
    protected final ImageEngine inner;

    ForwardingImageEngine(ImageEngine inner) {
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
