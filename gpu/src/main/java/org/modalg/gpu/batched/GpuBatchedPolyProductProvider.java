package org.modalg.gpu.batched;

import java.util.List;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batchedpoly.BatchedPolyProductProvider;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The {@link BatchedPolyProductProvider} of this module ({@code META-INF/services}): one shared
 * {@link GpuBatchedPolyProducts} on device 0, created on first use; usable when
 * {@link GpuRuntime#isUsable()}. {@code BatchedPolyProducts} hands it the lists under backend
 * {@code gpu}.
 */
public final class GpuBatchedPolyProductProvider implements BatchedPolyProductProvider {
    private static GpuBatchedPolyProducts shared;

    /** The provider (ServiceLoader's constructor); nothing is probed here. */
    public GpuBatchedPolyProductProvider() {
    }

    @Override
    public boolean isUsable() {
        return GpuRuntime.isUsable();
    }

    private static synchronized GpuBatchedPolyProducts engine() {
        if (shared == null) {
            shared = new GpuBatchedPolyProducts(GpuRuntime.get());
        }
        return shared;
    }

    @Override
    public List<ZZPoly> multiplyAll(List<ZZPoly> a, List<ZZPoly> b, Options options) {
        return engine().multiplyAll(a, b, options);
    }

    @Override
    public List<ZpPoly> multiplyAllZp(List<ZpPoly> a, List<ZpPoly> b, Options options) {
        return engine().multiplyAllZp(a, b, options);
    }
}
