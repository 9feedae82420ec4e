package org.modalg.gpu;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fields.PackageLayers;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * The packages of the module depend downwards only (the order of the README's package table):
 * {@code org.modalg.gpu -> ntt, gf, batched, image -> runtime}, so there is no cycle between
 * them and the four engine packages do not know each other. Read by {@code jdeps} from the
 * compiled main classes (fields' {@link PackageLayers}); no device needed. A new package must be
 * given its place here and in the README.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.gpu";

    // Layer of each package: a class may use its own layer's package and lower layers only.
    private static final Map<String, Integer> LAYER = Map.of(
            ROOT + ".runtime", 0,
            ROOT + ".batched", 1,
            ROOT + ".gf", 1,
            ROOT + ".image", 1,
            ROOT + ".ntt", 1,
            ROOT, 2);

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(GpuRuntime.class, ROOT, LAYER);
    }

    /**
     * No cycle between the module's classes (a nested class counts as its top-level class;
     * {@link PackageLayers#assertNoClassCycles}).
     */
    @Test
    void classesHaveNoCycles() throws Exception {
        PackageLayers.assertNoClassCycles(GpuRuntime.class, ROOT, 20, Set.of());
    }
}
