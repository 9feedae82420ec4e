package org.modalg.fft.products;

import java.util.ServiceLoader;

/**
 * The {@link PolyProductProvider} polynomial multiplication may use: the first usable one found
 * by {@link ServiceLoader}, unless the system property {@code modalg.backend} is {@code cpu}.
 * Instantiated once and probed once per JVM, never for a product below every installed
 * provider's minimum length (the selection of {@link LimbProducts}, {@code ProviderSelector}).
 */
public final class PolyProducts {

    private static final ProviderSelector<PolyProductProvider> SELECTOR =
            new ProviderSelector<>(PolyProductProvider.class, PolyProductProvider::isUsable,
                    PolyProductProvider::minLength);

    private PolyProducts() {
    }

    /** The usable provider, or null (none installed or usable, or {@code modalg.backend=cpu}). */
    public static PolyProductProvider provider() {
        return SELECTOR.provider();
    }

    /**
     * Whether a product whose shorter operand has n coefficients is below the minimum length of
     * every installed provider (and at least one is installed), answered without probing any
     * device: instantiating a provider must not touch one ({@link PolyProductProvider#minLength()}
     * neither), so a short product under {@code auto} never pays a driver's start.
     */
    public static boolean belowEveryMinimum(long n) {
        return SELECTOR.belowEveryMinimum(n);
    }

    /** The provider for operands of aLen and bLen coefficients, or null for the CPU. */
    public static PolyProductProvider forOperands(long aLen, long bLen) {
        return SELECTOR.forSize(Math.min(aLen, bLen));
    }

    /** Forgets the selection, so that the next call loads and probes again (tests). */
    static void reset() {
        SELECTOR.reset();
    }
}
