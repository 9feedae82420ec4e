package org.modalg.fft.doublentt;

import jdk.incubator.vector.DoubleVector;

/**
 * Doubles per vector of the Vector API's preferred species, in a class of its own so that
 * {@link VectorNtt} can read it while {@link QuotientRounding} chooses its form: the kernels'
 * classes read that form in their own initialization, so touching them from there would let
 * them see it unset. Loaded only where the JVM resolves {@code jdk.incubator.vector} (callers
 * catch the {@link LinkageError} elsewhere).
 */
final class PreferredLanes {
    private PreferredLanes() {
    }

    /** 4 under AVX2, 8 under AVX-512. */
    static final int DOUBLES = DoubleVector.SPECIES_PREFERRED.length();
}
