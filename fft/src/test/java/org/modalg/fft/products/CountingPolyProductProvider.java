package org.modalg.fft.products;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link PolyProductProvider} registered in the fft module's test resources that counts how
 * often it is probed: {@link PolyProductsTest} shows that a product below every provider's
 * minimum length is answered without a probe. Unusable and out of reach (a minimum length of
 * 2^40), so that it changes no route anywhere else.
 */
public final class CountingPolyProductProvider implements PolyProductProvider {
    /** Calls of {@link #isUsable()}: the probe a GPU provider makes of its device. */
    public static final AtomicInteger PROBES = new AtomicInteger();

    @Override
    public String name() {
        return "counting";
    }

    @Override
    public boolean isUsable() {
        PROBES.incrementAndGet();
        return false;
    }

    @Override
    public long minLength() {
        return 1L << 40;
    }

    @Override
    public boolean multiplyMod(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c,
            int cOff) {
        return false;
    }

    @Override
    public boolean multiplySigned(SignedLimbs a, SignedLimbs b, int boundBits, long[][] cMag, byte[][] cSign,
            int chunkShift, int cLimbs) {
        return false;
    }
}
