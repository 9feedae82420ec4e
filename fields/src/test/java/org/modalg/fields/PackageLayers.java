package org.modalg.fields;

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

/**
 * The checks behind each module's {@code PackageLayersTest} (fields, fft, polynomial, modular,
 * gpu, examples; in the fields test-jar, the lowest module's, so that every module can use it): {@code jdeps} reads the package dependencies of a module's compiled main
 * classes, and every package of the module must have a layer and use only its own layer's
 * package and packages of lower layers. So there is no cycle between the packages, and packages
 * of one layer do not know each other. A new package must be given its layer in the module's
 * test and README. {@link #assertNoClassCycles} forbids cycles between the classes too.
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
        String out = jdeps(anyMainClass, "-verbose:package");
        Pattern edge = Pattern.compile("^\\s+(" + Pattern.quote(root) + "(?:\\.[\\w.]+)?)\\s+->\\s+("
                + Pattern.quote(root) + "(?:\\.[\\w.]+)?)\\s", Pattern.MULTILINE);
        Matcher m = edge.matcher(out);
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

    /**
     * Fails unless the classes under {@code root} in the classes directory (or jar) of
     * {@code anyMainClass} form no cycle (a nested class counts as its top-level class): the
     * strongly connected components of jdeps's class graph are single classes, apart from
     * those listed in {@code allowed} (each a known cycle, as the set of its top-level classes'
     * fully qualified names, which must still be exactly a component: a broken one is to be
     * removed from the list). Skipped (assumption) where the runtime has no {@code jdeps}.
     *
     * @param minClasses the fewest classes jdeps must report (a guard against reading nothing)
     */
    public static void assertNoClassCycles(Class<?> anyMainClass, String root, int minClasses,
            Set<Set<String>> allowed) throws Exception {
        String out = jdeps(anyMainClass, "-verbose:class");
        Pattern edge = Pattern.compile("^\\s+(" + Pattern.quote(root) + "(?:\\.[\\w.$]+)?)\\s+->\\s+("
                + Pattern.quote(root) + "(?:\\.[\\w.$]+)?)\\s", Pattern.MULTILINE);
        Matcher m = edge.matcher(out);
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
        assertTrue(graph.size() >= minClasses, "jdeps saw too few classes:\n" + out);
        Map<String, Set<String>> reachable = new TreeMap<>();
        for (String c : graph.keySet()) {
            reachable.put(c, reach(graph, c));
        }
        List<Set<String>> cycles = new ArrayList<>();
        for (String c : graph.keySet()) {
            // the classes that c reaches and that reach c: c's component
            TreeSet<String> component = new TreeSet<>();
            for (String d : reachable.get(c)) {
                if (reachable.get(d).contains(c)) {
                    component.add(d);
                }
            }
            if (component.size() > 1 && c.equals(component.first()) && !allowed.contains(component)) {
                cycles.add(component);
            }
        }
        assertTrue(cycles.isEmpty(), "class cycles: " + cycles);
        for (Set<String> known : allowed) {
            String any = known.iterator().next();
            assertTrue(graph.containsKey(any) && reachable.get(any).containsAll(known)
                    && known.stream().allMatch(d -> reachable.get(d).contains(any)),
                    "the known cycle " + known + " is broken: remove it from the test's list");
        }
    }

    // jdeps's report on the module of anyMainClass, with the given verbosity
    private static String jdeps(Class<?> anyMainClass, String verbose) throws Exception {
        Optional<ToolProvider> jdeps = ToolProvider.findFirst("jdeps");
        assumeTrue(jdeps.isPresent(), "jdeps is not in this runtime");
        Path classes = Path.of(anyMainClass.getProtectionDomain().getCodeSource().getLocation().toURI());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.get().run(new PrintWriter(out), new PrintWriter(err), verbose, "-filter:none",
                classes.toString());
        assertEquals(0, rc, err.toString());
        return out.toString();
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
