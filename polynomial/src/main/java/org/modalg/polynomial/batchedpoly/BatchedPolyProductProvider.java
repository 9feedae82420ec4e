package org.modalg.polynomial.batchedpoly;

import java.util.List;
import org.modalg.fft.Options;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * A device engine for {@link BatchedPolyProducts} under backend {@code gpu}, found through
 * {@link java.util.ServiceLoader} ({@code META-INF/services}; the gpu module's
 * {@code GpuBatchedPolyProductProvider}). Its results must be the CPU twin's (products are exact);
 * what it cannot take it computes by {@link BatchedPolyProducts} with backend {@code cpu}.
 */
public interface BatchedPolyProductProvider {
    /** Whether the engine can run here (never throws; a provider that throws counts as unusable). */
    boolean isUsable();

    /** The products over Z, as {@link BatchedPolyProducts#multiplyAll(List, List, Options)} (arguments checked). */
    List<ZZPoly> multiplyAll(List<ZZPoly> a, List<ZZPoly> b, Options options);

    /** The products over Z/pZ, as {@link BatchedPolyProducts#multiplyAllZp(List, List, Options)} (arguments checked). */
    List<ZpPoly> multiplyAllZp(List<ZpPoly> a, List<ZpPoly> b, Options options);
}
