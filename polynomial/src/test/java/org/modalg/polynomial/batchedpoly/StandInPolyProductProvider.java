package org.modalg.polynomial.batchedpoly;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * A stand-in device for the polynomial tests (registered in the test resources): counts its
 * calls and computes by the CPU twin with backend {@code cpu}, as the gpu module's engine does
 * for what it cannot take. Only backend {@code gpu} reaches it.
 */
public final class StandInPolyProductProvider implements BatchedPolyProductProvider {
    static final AtomicInteger CALLS = new AtomicInteger();

    @Override
    public boolean isUsable() {
        return true;
    }

    @Override
    public List<ZZPoly> multiplyAll(List<ZZPoly> a, List<ZZPoly> b, Options options) {
        CALLS.incrementAndGet();
        return BatchedPolyProducts.multiplyAll(a, b, options.withBackend(Backend.CPU));
    }

    @Override
    public List<ZpPoly> multiplyAllZp(List<ZpPoly> a, List<ZpPoly> b, Options options) {
        CALLS.incrementAndGet();
        return BatchedPolyProducts.multiplyAllZp(a, b, options.withBackend(Backend.CPU));
    }
}
