package org.modalg.examples.study;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress of a long study on standard error: a single-line bar redrawn in place when a
 * terminal is attached ({@link System#console()} is not null), one plain line per finished item
 * otherwise (logs, pipes, tests). Items kept from an earlier run count as done.
 */
public final class Progress {
    private static final int BAR = 30;
    private final String label;
    private final int total;
    private final PrintStream out;
    private final boolean terminal;
    private final long startNanos = System.nanoTime();
    private int done;
    private int skipped;

    public Progress(String label, int total, PrintStream out, boolean terminal) {
        this.label = label;
        this.total = Math.max(1, total);
        this.out = out;
        this.terminal = terminal;
    }

    /** Progress on standard error, a bar if a console is attached. */
    public static Progress of(String label, int total) {
        return new Progress(label, total, System.err, System.console() != null);
    }

    /** One item finished (what: a short description, e.g. {@code "P3 N=2^16 crt"}). */
    public synchronized void step(String what) {
        done++;
        show(what);
    }

    /** One item found in the CSV of an earlier run and not recomputed. */
    public synchronized void skip(String what) {
        done++;
        skipped++;
        if (terminal) {
            show(what + " (kept)");
        }
    }

    /** A remark (for example why an item is left out), on its own line. */
    public synchronized void note(String text) {
        if (terminal) {
            out.print("\r\033[K");
        }
        out.println(label + ": " + text);
    }

    /** Ends the bar's line. */
    public synchronized void finish() {
        double s = (System.nanoTime() - startNanos) / 1e9;
        String line = String.format(Locale.ROOT, "%s: %d/%d done in %.1f s (%d kept from an earlier run)",
                label, done, total, s, skipped);
        if (terminal) {
            out.print("\r\033[K");
        }
        out.println(line);
    }

    private void show(String what) {
        double s = (System.nanoTime() - startNanos) / 1e9;
        int computed = done - skipped;
        String eta = computed == 0 ? "" : String.format(Locale.ROOT, ", ~%.0f s left",
                s / computed * (total - done));
        if (terminal) {
            int filled = (int) ((long) BAR * Math.min(done, total) / total);
            out.print("\r\033[K" + label + " [" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + done + "/"
                    + total + " " + what + String.format(Locale.ROOT, " (%.0f s%s)", s, eta));
            out.flush();
        } else {
            out.println(String.format(Locale.ROOT, "%s [%d/%d] %s (%.1f s%s)", label, done, total, what, s, eta));
        }
    }
}
