package org.modalg.fields;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The module is one package, {@code org.modalg.fields}, and its classes form no cycle (a nested
 * class counts as its top-level class; {@link PackageLayers#assertNoClassCycles}). A new package
 * must be given its layer here and in the README.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.fields";

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(ZpField.class, ROOT, Map.of(ROOT, 0));
    }

    @Test
    void classesHaveNoCycles() throws Exception {
        PackageLayers.assertNoClassCycles(ZpField.class, ROOT, 10, Set.of());
    }
}
