package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.modalg.modular.image.ImageEngines;

/**
 * {@code --spark} without the distributed module on the class path (this module's tests never
 * have it: the module does not depend on it): one {@code error:} line saying how to get it, exit
 * code 2, for det, solve and resultant; the operations without the option are untouched.
 */
class SparkOptionTest {

    @Test
    void withoutTheDistributedModuleTheOptionSaysHowToGetIt() {
        assertTrue(ImageEngines.cluster("spark").isEmpty(), "the examples module must not see the Spark engine");
        String[][] commands = {
            {"det", "2 2  1 2 3 4", "--spark", "local[2]"},
            {"solve", "2 2  1 2 3 4", "2 1  1 1", "--spark", "local[2]"},
            {"resultant", "x^2 + 1", "x - 3", "--spark", "spark://localhost:7077"},
        };
        for (String[] args : commands) {
            CliRunner r = CliRunner.run(args);
            assertEquals(2, r.exitCode, args[0] + ": " + r.err);
            assertEquals("", r.out, args[0]);
            String line = r.err.trim();
            assertEquals(1, line.lines().count(), r.err);
            assertTrue(line.startsWith("error: --spark: the Spark engine (module modalg-distributed) is not on the"
                    + " class path"), r.err);
            assertTrue(line.contains("./modalg"), r.err);
        }
    }

    @Test
    void bivariateResultantsRefuseTheOption() {
        CliRunner r = CliRunner.run("resultant", "x^2 + y", "x*y - 1", "--var", "x", "--spark", "local[1]");
        assertEquals(2, r.exitCode, r.err);
        assertTrue(r.err.trim().startsWith("error: --spark is not available with --var"), r.err);
    }

    @Test
    void withoutTheOptionNothingChanges() {
        CliRunner r = CliRunner.run("det", "2 2  1 2 3 4");
        assertEquals(0, r.exitCode, r.err);
        assertEquals("-2", r.out.trim());
        r = CliRunner.run("resultant", "x^2 + 1", "x - 3");
        assertEquals(0, r.exitCode, r.err);
        assertEquals("10", r.out.trim());
    }
}
