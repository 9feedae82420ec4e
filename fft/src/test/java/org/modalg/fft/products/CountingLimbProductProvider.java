package org.modalg.fft.products;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link LimbProductProvider} registered in the fft module's test resources (and so on the
 * test class path of the modules that use fft's test jar) that counts how often it is made and
 * probed: {@link LimbProductsTest} shows that the selection is made once and that products below
 * its minimum never probe, and the polynomial module's tests that integer products of the sizes
 * the GPU leaves to the host never probe. Unusable and out of reach (a minimum of 2^40 limbs)
 * unless a test switches it, so that it changes no route anywhere else.
 */
public final class CountingLimbProductProvider implements LimbProductProvider {
    /** Instances made (by ServiceLoader). */
    public static final AtomicInteger MADE = new AtomicInteger();
    /** Calls of {@link #isUsable()}: the probe a GPU provider makes of its device. */
    public static final AtomicInteger PROBES = new AtomicInteger();
    /** Calls of {@link #multiply}. */
    public static final AtomicInteger PRODUCTS = new AtomicInteger();

    /** The value of {@link #isUsable()} (tests). */
    static volatile boolean usable;
    /** The value of {@link #minLimbs()} (tests); 2^40 limbs by default. */
    static volatile long minLimbs = 1L << 40;

    /** Made by ServiceLoader. */
    public CountingLimbProductProvider() {
        MADE.incrementAndGet();
    }

    @Override
    public String name() {
        return "counting";
    }

    @Override
    public boolean isUsable() {
        PROBES.incrementAndGet();
        return usable;
    }

    @Override
    public long minLimbs() {
        return minLimbs;
    }

    @Override
    public long maxProductLimbs() {
        return 1L << 20;
    }

    /** The schoolbook product of the limbs (an exact product, as the interface asks). */
    @Override
    public long[] multiply(long[] a, int aLen, long[] b, int bLen) {
        PRODUCTS.incrementAndGet();
        long[] out = new long[aLen + bLen];
        for (int i = 0; i < aLen; i++) {
            long carry = 0;
            for (int j = 0; j < bLen; j++) {
                long lo = a[i] * b[j];
                long hi = Math.multiplyHigh(a[i], b[j]) + ((a[i] >> 63) & b[j]) + ((b[j] >> 63) & a[i]);
                long s = out[i + j] + lo;
                hi += Long.compareUnsigned(s, lo) < 0 ? 1 : 0;
                long t = s + carry;
                hi += Long.compareUnsigned(t, s) < 0 ? 1 : 0;
                out[i + j] = t;
                carry = hi;
            }
            out[i + bLen] = carry;
        }
        return out;
    }
}
