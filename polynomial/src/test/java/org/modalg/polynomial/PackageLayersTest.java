package org.modalg.polynomial;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fields.PackageLayers;

/**
 * The packages of the module depend downwards only (the order of the README's package table):
 * {@code gf, fp, bivariate, batchedpoly -> zp -> zz -> text, batched -> integer -> convolution -> org.modalg.polynomial},
 * so there is no cycle between them and {@code text} and {@code batched} do not know each
 * other. Read by {@code jdeps} from the compiled main classes (fields' {@link PackageLayers}); a
 * new package must be given its place here and in the README.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.polynomial";

    // Layer of each package: a class may use its own layer's package and lower layers only.
    private static final Map<String, Integer> LAYER = Map.ofEntries(
            Map.entry(ROOT, 0),
            Map.entry(ROOT + ".convolution", 1),
            Map.entry(ROOT + ".integer", 2),
            Map.entry(ROOT + ".batched", 3),
            Map.entry(ROOT + ".text", 3),
            Map.entry(ROOT + ".zz", 4),
            Map.entry(ROOT + ".zp", 5),
            Map.entry(ROOT + ".gf", 6),
            Map.entry(ROOT + ".fp", 5),
            Map.entry(ROOT + ".bivariate", 6),
            Map.entry(ROOT + ".batchedpoly", 6));

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(Tuning.class, ROOT, LAYER);
    }

    /**
     * No cycle between the module's classes (a nested class counts as its top-level class;
     * {@link PackageLayers#assertNoClassCycles}). The last ones went thus: the 48-bit pieces of
     * packed coefficients live in PackedCoefficients (ConvolutionPlan reads them there), the
     * device product takes its operands as PolyMulDevice.Operand (made by ZZPoly), and the
     * bivariate text parses groups through BivariateText.Value, which ZZBivariate implements.
     */
    @Test
    void classesHaveNoCycles() throws Exception {
        PackageLayers.assertNoClassCycles(Tuning.class, ROOT, 20, Set.of());
    }
}
