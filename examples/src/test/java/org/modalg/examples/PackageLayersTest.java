package org.modalg.examples;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fields.PackageLayers;

/**
 * The packages of the module depend downwards only: {@code cli -> study, org.modalg.examples ->
 * bench} (the command line on top, the benchmark suites at the bottom; the studies and the worked
 * examples do not know each other), and the classes form no cycle (a nested class counts as its
 * top-level class). Read by {@code jdeps} from the compiled main classes (fields'
 * {@link PackageLayers}); a new package must be given its place here.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.examples";

    // Layer of each package: a class may use its own layer's package and lower layers only.
    private static final Map<String, Integer> LAYER = Map.of(
            ROOT + ".bench", 0,
            ROOT, 1,
            ROOT + ".study", 1,
            ROOT + ".cli", 2);

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(Bareiss.class, ROOT, LAYER);
    }

    @Test
    void classesHaveNoCycles() throws Exception {
        PackageLayers.assertNoClassCycles(Bareiss.class, ROOT, 20, Set.of());
    }
}
