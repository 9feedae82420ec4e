package org.modalg.examples.study;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.modalg.examples.bench.support.BenchTable;

/**
 * The CSV file of a study, written one row at a time: each finished row is appended and
 * flushed at once, so a run that is cut short loses nothing it finished. With {@code resume}
 * an existing file with the same header is kept and its rows count as done (identified by their
 * first {@code keyColumns} cells); otherwise the file is started afresh.
 */
public final class StudyCsv implements AutoCloseable {
    private final Path file;
    private final List<String> columns;
    private final int keyColumns;
    private final List<String[]> rows = new ArrayList<>();
    private final Set<String> keys = new HashSet<>();
    private final int resumed;
    private final BufferedWriter out;

    private StudyCsv(Path file, String[] columns, int keyColumns, boolean resume) {
        if (keyColumns < 1 || keyColumns > columns.length) {
            throw new IllegalArgumentException("keyColumns must be in [1, " + columns.length + "], got " + keyColumns);
        }
        this.file = file;
        this.columns = List.of(columns);
        this.keyColumns = keyColumns;
        String header = String.join(",", columns);
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            boolean append = false;
            if (resume && Files.exists(file)) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                if (!lines.isEmpty()) {
                    if (!lines.get(0).equals(header)) {
                        throw new IllegalArgumentException("cannot resume " + file + ": its columns (" + lines.get(0)
                                + ") differ from this study's (" + header + "); remove the file or drop --resume");
                    }
                    for (String line : lines.subList(1, lines.size())) {
                        String[] cells = line.split(",", -1);
                        if (cells.length == columns.length) { // a line cut off mid-write is dropped
                            rows.add(cells);
                            keys.add(key(cells));
                        }
                    }
                    append = true;
                }
            }
            this.resumed = rows.size();
            if (append) {
                // rewrite the kept rows so that a partial last line does not survive
                List<String> kept = new ArrayList<>();
                kept.add(header);
                for (String[] r : rows) {
                    kept.add(String.join(",", r));
                }
                Files.write(file, kept, StandardCharsets.UTF_8);
                out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            } else {
                out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                out.write(header);
                out.newLine();
                out.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    /**
     * Opens the CSV of a study.
     *
     * @param keyColumns how many leading columns identify a row (a unit of work)
     * @param resume keep the rows of an existing file with the same columns
     * @throws IllegalArgumentException if resuming a file whose header differs
     */
    public static StudyCsv open(Path file, String[] columns, int keyColumns, boolean resume) {
        return new StudyCsv(file, columns, keyColumns, resume);
    }

    /** Whether a row with these key cells (formatted as {@link #append} would) is already present. */
    public boolean done(Object... key) {
        String[] cells = new String[key.length];
        for (int i = 0; i < key.length; i++) {
            cells[i] = format(key[i]);
        }
        return keys.contains(String.join(",", Arrays.asList(cells).subList(0, Math.min(keyColumns, cells.length))));
    }

    /** Appends one row and flushes it to the file. */
    public synchronized void append(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("row has " + values.length + " values, the study has "
                    + columns.size() + " columns " + columns);
        }
        String[] cells = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            cells[i] = format(values[i]);
        }
        try {
            out.write(String.join(",", cells));
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        rows.add(cells);
        keys.add(key(cells));
    }

    /** All rows: those kept from an earlier run, then the new ones. */
    public List<String[]> rows() {
        return rows;
    }

    /** How many rows were kept from an earlier run. */
    public int resumedRows() {
        return resumed;
    }

    public Path file() {
        return file;
    }

    public List<String> columns() {
        return columns;
    }

    /** The index of a column, or an exception naming it. */
    public int column(String name) {
        int i = columns.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no column " + name + " in " + columns);
        }
        return i;
    }

    /** All rows as an aligned table. */
    public BenchTable table() {
        BenchTable t = new BenchTable(columns.toArray(new String[0]));
        for (String[] r : rows) {
            t.add((Object[]) r);
        }
        return t;
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + file, e);
        }
    }

    private String key(String[] cells) {
        return String.join(",", Arrays.asList(cells).subList(0, keyColumns));
    }

    /** A cell: doubles with enough significant digits for both milliseconds and small rates. */
    static String format(Object v) {
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return "NaN";
            }
            if (d != 0 && Math.abs(d) < 0.01) {
                return String.format(Locale.ROOT, "%.4g", d);
            }
            return String.format(Locale.ROOT, "%.3f", d);
        }
        String s = String.valueOf(v);
        if (s.indexOf(',') >= 0 || s.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("CSV cell must not contain ',' or a newline: " + s);
        }
        return s;
    }

    /** A numeric cell, NaN for "NaN" or an empty cell. */
    public static double number(String cell) {
        return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }
}
