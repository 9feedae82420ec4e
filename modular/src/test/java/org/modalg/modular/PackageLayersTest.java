package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The packages of the module depend downwards only (the order of the README's package table):
 * {@code bivariate -> mat, poly -> loop -> image -> org.modalg.modular -> kernel}, so there is no cycle
 * between them and {@code mat} and {@code poly} do not know each other. Read by {@code jdeps}
 * from the compiled main classes; a new package must be given its place here and in the README.
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
        Optional<ToolProvider> jdeps = ToolProvider.findFirst("jdeps");
        assumeTrue(jdeps.isPresent(), "jdeps is not in this runtime");
        Path classes = Path.of(ModularResult.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.get().run(new PrintWriter(out), new PrintWriter(err),
                "-verbose:package", "-filter:none", classes.toString());
        assertEquals(0, rc, err.toString());
        Pattern edge = Pattern.compile("^\\s+(" + Pattern.quote(ROOT) + "[\\w.]*)\\s+->\\s+("
                + Pattern.quote(ROOT) + "[\\w.]*)\\s", Pattern.MULTILINE);
        Matcher m = edge.matcher(out.toString());
        Set<String> seen = new TreeSet<>();
        Set<String> wrong = new TreeSet<>();
        while (m.find()) {
            String from = m.group(1);
            String to = m.group(2);
            seen.add(from);
            seen.add(to);
            assertTrue(LAYER.containsKey(from), "package " + from + " has no layer in PackageLayersTest");
            assertTrue(LAYER.containsKey(to), "package " + to + " has no layer in PackageLayersTest");
            if (!from.equals(to) && LAYER.get(from) <= LAYER.get(to)) {
                wrong.add(from + " -> " + to);
            }
        }
        assertEquals(LAYER.keySet(), seen, "jdeps saw these packages:\n" + out);
        assertTrue(wrong.isEmpty(), "dependencies against the layers: " + wrong);
    }

    /**
     * No cycle between the module's classes either (a nested class counts as its top-level
     * class): the strongly connected components of jdeps's class graph are single classes.
     * Broken so far: PolyGcdZp / HalfGcdZp (Euclid's kernels live with the half-GCD) and
     * MultimodularLoop / StoppingRule (rules see the run through StoppingRule.Run).
     */
    @Test
    void classesHaveNoCycles() throws Exception {
        Optional<ToolProvider> jdeps = ToolProvider.findFirst("jdeps");
        assumeTrue(jdeps.isPresent(), "jdeps is not in this runtime");
        Path classes = Path.of(ModularResult.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.get().run(new PrintWriter(out), new PrintWriter(err),
                "-verbose:class", "-filter:none", classes.toString());
        assertEquals(0, rc, err.toString());
        Pattern edge = Pattern.compile("^\\s+(" + Pattern.quote(ROOT) + "[\\w.$]*)\\s+->\\s+("
                + Pattern.quote(ROOT) + "[\\w.$]*)\\s", Pattern.MULTILINE);
        Matcher m = edge.matcher(out.toString());
        Map<String, Set<String>> graph = new TreeMap<>();
        while (m.find()) {
            String from = topLevel(m.group(1));
            String to = topLevel(m.group(2));
            graph.computeIfAbsent(from, k -> new TreeSet<>());
            graph.computeIfAbsent(to, k -> new TreeSet<>());
            if (!from.equals(to)) {
                graph.get(from).add(to);
            }
        }
        assertTrue(graph.size() > 20, "jdeps saw too few classes:\n" + out);
        Map<String, Set<String>> reachable = new TreeMap<>();
        for (String c : graph.keySet()) {
            reachable.put(c, reach(graph, c));
        }
        List<Set<String>> cycles = new ArrayList<>();
        for (String c : graph.keySet()) {
            // the classes that c reaches and that reach c: c's component
            Set<String> component = new TreeSet<>();
            for (String d : reachable.get(c)) {
                if (reachable.get(d).contains(c)) {
                    component.add(d);
                }
            }
            if (component.size() > 1 && c.equals(((TreeSet<String>) component).first())) {
                cycles.add(component);
            }
        }
        assertTrue(cycles.isEmpty(), "class cycles: " + cycles);
    }

    private static String topLevel(String cls) {
        int dollar = cls.indexOf('$');
        return dollar < 0 ? cls : cls.substring(0, dollar);
    }

    // every class reachable from c (c included)
    private static Set<String> reach(Map<String, Set<String>> graph, String c) {
        Set<String> seen = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.push(c);
        while (!todo.isEmpty()) {
            String x = todo.pop();
            if (seen.add(x)) {
                todo.addAll(graph.getOrDefault(x, Set.of()));
            }
        }
        return seen;
    }
}
