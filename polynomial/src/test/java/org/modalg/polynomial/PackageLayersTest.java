package org.modalg.polynomial;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fft.PackageLayers;

/**
 * The packages of the module depend downwards only (the order of the README's package table):
 * {@code gf -> zp -> zz -> text, batched -> integer -> convolution -> org.modalg.polynomial},
 * so there is no cycle between them and {@code text} and {@code batched} do not know each
 * other. Read by {@code jdeps} from the compiled main classes (fft's {@link PackageLayers}); a
 * new package must be given its place here and in the README.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.polynomial";

    // Layer of each package: a class may use its own layer's package and lower layers only.
    private static final Map<String, Integer> LAYER = Map.of(
            ROOT, 0,
            ROOT + ".convolution", 1,
            ROOT + ".integer", 2,
            ROOT + ".batched", 3,
            ROOT + ".text", 3,
            ROOT + ".zz", 4,
            ROOT + ".zp", 5,
            ROOT + ".gf", 6,
            ROOT + ".fp", 5,
            ROOT + ".bivariate", 6);

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(Tuning.class, ROOT, LAYER);
    }

    /**
     * No cycle between the module's classes beyond the known ones listed here (a nested class
     * counts as its top-level class; {@link PackageLayers#assertNoClassCycles}): a new cycle
     * fails, and so does a listed one that is gone (then take it off the list).
     */
    @Test
    void classesHaveNoNewCycles() throws Exception {
        PackageLayers.assertNoClassCycles(Tuning.class, ROOT, 20, Set.of(
                Set.of(ROOT + ".convolution.ConvolutionPlan", ROOT + ".convolution.PackedCoefficients"),
                Set.of(ROOT + ".zz.PolyMulDevice", ROOT + ".zz.ZZPoly"),
                Set.of(ROOT + ".bivariate.BivariateText", ROOT + ".bivariate.ZZBivariate")));
    }
}
