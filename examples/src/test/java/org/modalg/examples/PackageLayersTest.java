package org.modalg.examples;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fields.PackageLayers;

/**
 * The packages of the module depend downwards only: {@code cli -> study, org.modalg.examples ->
 * bench -> bench.peer, bench.support}, and {@code cli -> cli.io} (the command line on top, the
 * benchmark suites below the studies, the FLINT peer, the shared table and helpers, and the
 * command line's options, operands and output at the bottom; the studies and the worked
 * examples do not know each other, nor do the bottom packages), and the classes form no cycle
 * (a nested class counts as its top-level class). Read by {@code jdeps} from the compiled main
 * classes (fields' {@link PackageLayers}); a new package must be given its place here.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.examples";

    // Layer of each package: a class may use its own layer's package and lower layers only.
    private static final Map<String, Integer> LAYER = Map.of(
            ROOT + ".bench.peer", 0,
            ROOT + ".bench.support", 0,
            ROOT + ".cli.io", 0,
            ROOT + ".bench", 1,
            ROOT, 2,
            ROOT + ".study", 2,
            ROOT + ".cli", 3);

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(Bareiss.class, ROOT, LAYER);
    }

    @Test
    void classesHaveNoCycles() throws Exception {
        PackageLayers.assertNoClassCycles(Bareiss.class, ROOT, 20, Set.of());
    }
}
