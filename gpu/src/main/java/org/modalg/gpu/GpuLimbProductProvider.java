package org.modalg.gpu;

import java.util.logging.Logger;
import org.modalg.fft.LimbProductProvider;

/**
 * Registers the all-device integer product ({@link GpuIntegerMultiplier}) with
 * {@link org.modalg.fft.LimbProducts}: usable when {@link GpuRuntime#isUsable()}; used from
 * {@link #DEFAULT_MIN_LIMBS} limbs per operand (set by {@code -Dmodalg.gpu.intMulMinLimbs}).
 */
public final class GpuLimbProductProvider implements LimbProductProvider {
    private static final Logger LOG = Logger.getLogger(GpuLimbProductProvider.class.getName());

    /** Default of {@link #minLimbs()}: 65,536 bits per operand (measured: BENCHMARKS.md). */
    public static final long DEFAULT_MIN_LIMBS = 1024;

    private GpuIntegerMultiplier multiplier;

    @Override
    public String name() {
        return "gpu(" + GpuRuntime.get().deviceName() + ")";
    }

    @Override
    public boolean isUsable() {
        return GpuRuntime.isUsable();
    }

    @Override
    public long minLimbs() {
        return Long.getLong("modalg.gpu.intMulMinLimbs", DEFAULT_MIN_LIMBS);
    }

    @Override
    public long maxProductLimbs() {
        return GpuIntegerMultiplier.MAX_PRODUCT_LIMBS;
    }

    /** As specified; on a device out of memory (even after freeing cached tables) null. */
    @Override
    public synchronized long[] multiply(long[] a, int aLen, long[] b, int bLen) {
        GpuRuntime rt = GpuRuntime.get();
        if (multiplier == null) {
            multiplier = new GpuIntegerMultiplier(rt);
        }
        try {
            return multiplier.multiply(a, aLen, b, bLen);
        } catch (GpuException e) {
            if (!e.isOutOfMemory()) {
                throw e;
            }
            NttTables.clearCache();
            multiplier.releaseWorkspace();
        }
        try {
            return multiplier.multiply(a, aLen, b, bLen);
        } catch (GpuException e) {
            if (!e.isOutOfMemory()) {
                throw e;
            }
            LOG.warning("GPU out of memory for a product of " + ((long) aLen + bLen)
                    + " limbs; it runs on the CPU");
            return null;
        }
    }
}
