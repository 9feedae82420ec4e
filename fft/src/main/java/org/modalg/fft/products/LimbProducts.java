package org.modalg.fft.products;

/**
 * The {@link LimbProductProvider} integer multiplication may use: the first usable one found by
 * {@link java.util.ServiceLoader}, unless the system property {@code modalg.backend} is
 * {@code cpu}.
 *
 * <p>Selection, once per JVM in two steps: the installed providers are instantiated once (no
 * device is touched: {@link LimbProductProvider#minLimbs()} must not), and their usability
 * ({@link LimbProductProvider#isUsable()}, for a GPU the driver's start and a module load, a
 * second or more) is probed once, on the first product that some installed provider would take
 * by its size, or the first call of {@link #provider()}. A product below every provider's
 * {@link LimbProductProvider#minLimbs()} never probes: its cost is a property read and a
 * comparison per call, the same as with the CPU backend. The selection is {@link PolyProducts}'
 * too ({@code ProviderSelector}).
 */
public final class LimbProducts {

    private static final ProviderSelector<LimbProductProvider> SELECTOR =
            new ProviderSelector<>(LimbProductProvider.class, LimbProductProvider::isUsable,
                    LimbProductProvider::minLimbs);

    private LimbProducts() {
    }

    /**
     * The usable provider, or null (none installed or usable, or {@code modalg.backend=cpu});
     * probes the installed providers on the first call.
     */
    public static LimbProductProvider provider() {
        return SELECTOR.provider();
    }

    /**
     * The provider for a product of operands of aLen and bLen limbs, or null for the CPU. Until
     * the providers are probed, a product below every installed provider's minimum is answered
     * null without probing (see the class comment).
     */
    public static LimbProductProvider forOperands(long aLen, long bLen) {
        LimbProductProvider p = SELECTOR.forSize(Math.min(aLen, bLen));
        return p == null || aLen + bLen > p.maxProductLimbs() ? null : p;
    }

    /** Forgets the selection, so that the next call loads and probes again (tests). */
    static void reset() {
        SELECTOR.reset();
    }
}
