package org.modalg.gpu;

import java.util.logging.Logger;
import org.modalg.fft.products.LimbProductProvider;
import org.modalg.gpu.ntt.NttTables;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * Registers the all-device integer products with {@link org.modalg.fft.products.LimbProducts}:
 * usable when {@link GpuRuntime#isUsable()}; used from {@link #DEFAULT_MIN_LIMBS} limbs per operand
 * (set by {@code -Dmodalg.gpu.intMulMinLimbs}). Products of at most {@link #DEFAULT_TILING_MAX_WORK}
 * limb pairs (aLen bLen; {@code -Dmodalg.gpu.tilingMaxWork}) take the tiling kernel
 * ({@link GpuTilingProduct}: one launch, no fixed cost of transforms), larger ones the NTT route
 * ({@link GpuIntegerMultiplier}).
 */
public final class GpuLimbProductProvider implements LimbProductProvider {
    private static final Logger LOG = Logger.getLogger(GpuLimbProductProvider.class.getName());

    /**
     * Default of {@link #minLimbs()}: 2048 limbs (131,072 bits) per operand. With the tiling kernel
     * the device's fixed cost is about 0.1 ms (it was about a millisecond with the NTT route
     * alone): `modalg bench compare --part intmul --threads 16 --backend auto` on an H100 host
     * (2026-11-26, gpu/BENCHMARKS.md, the tiling product) took 10^5 bits in 0.125 ms through the
     * device against 0.357 ms on the host's 16 cores, 10^6 bits in 0.47 against 0.65 ms (the NTT
     * route). Not lower: products from many host threads at once would queue on the one device.
     */
    public static final long DEFAULT_MIN_LIMBS = 2048;

    /**
     * Default of the tiling kernel's limit, in limb pairs aLen bLen: 4.5 10^8, about 21,000 limbs a
     * side (1.35 10^6 bits). On an H100 (gpu/BENCHMARKS.md, the tiling product) the kernel takes
     * about 1.1 ns per 1000 limb pairs (0.26 ms at 10^6 bits a side), and the NTT route's device
     * part about 0.5 ms there, so the tiling kernel is the faster device route up to about this
     * size.
     */
    public static final long DEFAULT_TILING_MAX_WORK = 450_000_000L;

    private GpuIntegerMultiplier multiplier;
    private GpuTilingProduct tiling;

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
        if ((long) aLen * bLen <= Long.getLong("modalg.gpu.tilingMaxWork", DEFAULT_TILING_MAX_WORK)
                && Math.max(aLen, bLen) <= GpuTilingProduct.MAX_BITS / 64) {
            try {
                if (tiling == null) {
                    tiling = new GpuTilingProduct();
                }
                return tiling.multiply(a, aLen, b, bLen);
            } catch (GpuException e) {
                if (!e.isOutOfMemory()) {
                    throw e;
                }
                LOG.warning("GPU out of memory for a tiling product of " + ((long) aLen + bLen)
                        + " limbs; it runs on the CPU");
                return null;
            }
        }
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
