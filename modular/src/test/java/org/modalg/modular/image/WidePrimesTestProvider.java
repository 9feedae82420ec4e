package org.modalg.modular.image;

import org.modalg.fft.Options;

/**
 * A test-only {@link ImageEngineProvider}: the CPU engine with a device engine's preferences
 * (whole plans per call, primes up to 2^62), so that the wide-prime paths of the multimodular
 * algorithms run, and are checked against oracles, on a machine without a GPU. Usable only while
 * the system property {@value #PROPERTY} is "true" (set by {@link WidePrimesTest} around its
 * calls), so every other test sees no provider.
 */
public final class WidePrimesTestProvider implements ImageEngineProvider {
    static final String PROPERTY = "modalg.test.widePrimesEngine";

    @Override
    public String name() {
        return "wide-primes test engine";
    }

    @Override
    public boolean isUsable() {
        return Boolean.getBoolean(PROPERTY);
    }

    @Override
    public ImageEngine create(Options options, ImageEngine cpu) {
        return new Wide(cpu);
    }

    @Override
    public boolean worthIt(long words, long operations) {
        return true;
    }

    /** The CPU engine's images, with a device engine's batch size and prime width. */
    private static final class Wide extends ForwardingImageEngine {
        Wide(ImageEngine cpu) {
            super(cpu);
        }

        @Override
        public String name() {
            return "wide-primes test engine over " + inner.name();
        }

        @Override
        public int preferredBatch() {
            return 1 << 14;
        }

        @Override
        public boolean prefersWidePrimes() {
            return true;
        }
    }
}
