package org.modalg.fft;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.modalg.fields.PackageLayers;

/**
 * The packages of the module depend downwards only (the order of the README's package table):
 * {@code batched, bigprime, products -> ntt -> org.modalg.fft -> doublentt -> parallel}, and
 * {@code fp} (the floating-point FFT, self-contained) at the bottom, so there is
 * no cycle between them and the three packages on top do not know each other. Read by
 * {@code jdeps} from the compiled main classes ({@link PackageLayers}); a new package must be
 * given its place here and in the README.
 */
class PackageLayersTest {

    private static final String ROOT = "org.modalg.fft";

    // Layer of each package: a class may use its own layer's package and lower layers only.
    private static final Map<String, Integer> LAYER = Map.of(
            ROOT + ".parallel", 0,
            ROOT + ".fp", 0,
            ROOT + ".doublentt", 1,
            ROOT, 2,
            ROOT + ".ntt", 3,
            ROOT + ".batched", 4,
            ROOT + ".bigprime", 4,
            ROOT + ".products", 4);

    @Test
    void packagesDependDownwardsOnly() throws Exception {
        PackageLayers.assertDownwardsOnly(Options.class, ROOT, LAYER);
    }

    /**
     * No cycle between the module's classes either (a nested class counts as its top-level
     * class): the options and the pools sit below the engines ({@link Options} owns the default
     * thread count, {@code NttEngines.forBackend} maps a {@link Backend} to its engine).
     */
    @Test
    void classesHaveNoCycles() throws Exception {
        PackageLayers.assertNoClassCycles(Options.class, ROOT, 20, Set.of());
    }
}
