package org.modalg.modular;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fields.PackageLayers;

/**
 * The packages of the module depend downwards only (the order of the README's package table):
 * {@code bivariate -> mat, poly -> loop -> image -> org.modalg.modular -> kernel}, so there is no cycle
 * between them and {@code mat} and {@code poly} do not know each other. Read by {@code jdeps}
 * from the compiled main classes (fields' {@link PackageLayers}); a new package must be given its
 * place here and in the README.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.modular";

    // Layer of each package: a class may use its own layer's package and lower layers only.
    private static final Map<String, Integer> LAYER = Map.of(
            ROOT + ".kernel", 0,
            ROOT, 1,
            ROOT + ".image", 2,
            ROOT + ".loop", 3,
            ROOT + ".mat", 4,
            ROOT + ".poly", 4,
            ROOT + ".bivariate", 5);

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(ModularResult.class, ROOT, LAYER);
    }

    /**
     * No cycle between the module's classes either (a nested class counts as its top-level
     * class; fft's {@link PackageLayers#assertNoClassCycles}). Broken so far: PolyGcdZp /
     * HalfGcdZp (Euclid's kernels live with the half-GCD) and MultimodularLoop / StoppingRule
     * (rules see the run through StoppingRule.Run).
     */
    @Test
    void classesHaveNoCycles() throws Exception {
        PackageLayers.assertNoClassCycles(ModularResult.class, ROOT, 20, Set.of());
    }
}
