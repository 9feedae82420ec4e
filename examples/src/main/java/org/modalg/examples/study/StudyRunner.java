package org.modalg.examples.study;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.modalg.examples.bench.support.BenchTable;

/**
 * Runs a {@link Study}: opens its CSV (resuming if asked), runs the items not yet done with
 * progress on standard error, stops starting new items once the time limit is reached (the
 * finished rows are kept: run again with {@code --resume} to go on), then prints the table of
 * all rows and writes the plot.
 */
public final class StudyRunner {
    private StudyRunner() {
    }

    /**
     * @param dir directory of {@code study-NAME.csv} and {@code study-NAME.png}
     * @param resume keep the rows of an existing CSV with the same columns
     * @param timeLimitSeconds no new item starts after this many seconds (0: no limit); at least one
     *     item not yet done runs
     * @return true if every item is done, false if the time limit left some for a later run
     */
    public static boolean run(Study study, Path dir, boolean resume, double timeLimitSeconds, PrintStream out) {
        if (timeLimitSeconds < 0) {
            throw new IllegalArgumentException("--time-limit must be >= 0 seconds, got " + timeLimitSeconds);
        }
        Path csvPath = dir.resolve("study-" + study.name() + ".csv");
        Path png = dir.resolve("study-" + study.name() + ".png");
        out.println("# modalg study " + study.name() + ": " + study.description());
        out.println("# " + BenchTable.machine());
        List<Study.Item> items = study.items();
        long deadline = timeLimitSeconds == 0 ? Long.MAX_VALUE
                : System.nanoTime() + (long) (timeLimitSeconds * 1e9);
        boolean complete = true;
        boolean ranOne = false; // every run makes progress, however short its time limit
        try (StudyCsv csv = StudyCsv.open(csvPath, study.columns(), study.keyColumns(), resume)) {
            if (csv.resumedRows() > 0) {
                out.println("# resuming: " + csv.resumedRows() + " rows kept from " + csvPath);
            }
            Progress progress = Progress.of("study " + study.name(), items.size());
            for (Study.Item item : items) {
                if (csv.done(item.doneKey())) {
                    progress.skip(item.label());
                    continue;
                }
                if (ranOne && System.nanoTime() > deadline) {
                    complete = false;
                    progress.note("time limit reached; run again with --resume to go on");
                    break;
                }
                item.work().run(csv);
                ranOne = true;
                progress.step(item.label());
            }
            progress.finish();
            csv.table().print(out);
            out.println("# CSV written to " + csvPath.toAbsolutePath());
            if (plotsAvailable()) {
                study.plot(csv, png);
                out.println("# plot written to " + png.toAbsolutePath());
            } else {
                out.println("# plot skipped: this Java runtime has no java.desktop module (AWT), as the GPU bundle's;"
                        + " the CSV holds every row (plot it where a full JDK is installed)");
            }
        }
        return complete;
    }

    /** Whether this runtime can draw a plot: XChart needs AWT (java.desktop), which a jlink runtime may leave out. */
    static boolean plotsAvailable() {
        return ModuleLayer.boot().findModule("java.desktop").isPresent();
    }
}
