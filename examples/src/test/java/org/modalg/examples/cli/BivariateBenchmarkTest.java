package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.modalg.examples.bench.BivariateBenchmark;
import org.modalg.examples.bench.support.BenchTable;

/** {@link BivariateBenchmark} on tiny cases: every row agrees with the first (the baseline over Z included), the gcd divides. */
class BivariateBenchmarkTest {
    @Test
    void rowsAgree() {
        BenchTable t = BivariateBenchmark.run(List.of(new int[] {3, 8}, new int[] {5, 30}), 2, 1,
                Long.getLong("modalg.test.seed", System.nanoTime()), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(8, t.rows().size());
        int check = t.columns().indexOf("check");
        for (String[] row : t.rows()) {
            assertEquals(true, row[check].equals("reference") || row[check].equals("same") || row[check].equals("divides"), String.join(",", row));
        }
    }
}
