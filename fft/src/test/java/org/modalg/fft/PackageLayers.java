package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

/**
 * The check behind each module's {@code PackageLayersTest} (fft, polynomial, gpu; in the test-jar):
 * {@code jdeps} reads the package dependencies of a module's compiled main classes, and every
 * package of the module must have a layer and use only its own layer's package and packages of
 * lower layers. So there is no cycle between the packages, and packages of one layer do not
 * know each other. A new package must be given its layer in the module's test and README.
 */
public final class PackageLayers {

    private PackageLayers() {
    }

    /**
     * Fails unless the packages under {@code root} in the classes directory (or jar) of
     * {@code anyMainClass} are exactly the keys of {@code layer} and depend downwards only.
     * Skipped (assumption) where the runtime has no {@code jdeps}.
     */
    public static void assertDownwardsOnly(Class<?> anyMainClass, String root, Map<String, Integer> layer)
            throws Exception {
        Optional<ToolProvider> jdeps = ToolProvider.findFirst("jdeps");
        assumeTrue(jdeps.isPresent(), "jdeps is not in this runtime");
        Path classes = Path.of(anyMainClass.getProtectionDomain().getCodeSource().getLocation().toURI());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.get().run(new PrintWriter(out), new PrintWriter(err),
                "-verbose:package", "-filter:none", classes.toString());
        assertEquals(0, rc, err.toString());
        Pattern edge = Pattern.compile("^\\s+(" + Pattern.quote(root) + "(?:\\.[\\w.]+)?)\\s+->\\s+("
                + Pattern.quote(root) + "(?:\\.[\\w.]+)?)\\s", Pattern.MULTILINE);
        Matcher m = edge.matcher(out.toString());
        Set<String> seen = new TreeSet<>();
        Set<String> wrong = new TreeSet<>();
        while (m.find()) {
            String from = m.group(1);
            String to = m.group(2);
            seen.add(from);
            seen.add(to);
            assertTrue(layer.containsKey(from), "package " + from + " has no layer in PackageLayersTest");
            assertTrue(layer.containsKey(to), "package " + to + " has no layer in PackageLayersTest");
            if (!from.equals(to) && layer.get(from) <= layer.get(to)) {
                wrong.add(from + " -> " + to);
            }
        }
        assertEquals(new TreeSet<>(layer.keySet()), seen, "jdeps saw these packages:\n" + out);
        assertTrue(wrong.isEmpty(), "dependencies against the layers: " + wrong);
    }
}
