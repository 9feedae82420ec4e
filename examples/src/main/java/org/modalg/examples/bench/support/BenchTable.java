package org.modalg.examples.bench.support;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fft.doublentt.QuotientRounding;
import org.modalg.polynomial.integer.LimbMultiplication;

/** Rows of a benchmark with fixed columns: printed as an aligned table and written as CSV. */
public final class BenchTable {
    private final List<String> columns;
    private final List<String[]> rows = new ArrayList<>();

    public BenchTable(String... columns) {
        this.columns = List.of(columns);
    }

    /** Adds a row; values are formatted with {@link String#valueOf}. */
    public void add(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("row has " + values.length + " values, table has "
                    + columns.size() + " columns " + columns);
        }
        String[] row = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            row[i] = values[i] instanceof Double ? String.format("%.3f", (Double) values[i]) : String.valueOf(values[i]);
        }
        rows.add(row);
    }

    public List<String> columns() {
        return columns;
    }

    public List<String[]> rows() {
        return rows;
    }

    /** Prints the table with aligned columns. */
    public void print(PrintStream out) {
        int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = columns.get(i).length();
            for (String[] r : rows) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            sb.append(String.format("%-" + (width[i] + 2) + "s", columns.get(i)));
        }
        out.println(sb.toString().stripTrailing());
        for (String[] r : rows) {
            sb.setLength(0);
            for (int i = 0; i < width.length; i++) {
                sb.append(String.format("%-" + (width[i] + 2) + "s", r[i]));
            }
            out.println(sb.toString().stripTrailing());
        }
    }

    /** Writes the table as CSV (header line first), creating parent directories. */
    public void writeCsv(Path file) {
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", columns));
        for (String[] r : rows) {
            lines.add(String.join(",", Arrays.asList(r)));
        }
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** One line naming the machine, for the head of a report. */
    public static String machine() {
        return "java " + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors()
                + " cores, " + System.getProperty("os.arch") + " " + System.getProperty("os.name")
                + ", double-NTT quotient " + QuotientRounding.describe() + ", NTT butterflies "
                + DoubleNttPlan.describeButterflies() + ", limb basecase "
                + LimbMultiplication.describeBasecase();
    }
}
