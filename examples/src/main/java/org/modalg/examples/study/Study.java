package org.modalg.examples.study;

import java.nio.file.Path;
import java.util.List;

/**
 * A research study: a list of work items, each appending rows with fixed columns to the
 * study's CSV, and a plot drawn from all rows (those of earlier, resumed runs included).
 * {@link StudyRunner} runs the items, skips those already in the CSV, shows progress and
 * writes the PNG.
 */
public interface Study {
    /** The short name: the CSV is {@code study-NAME.csv}, the plot {@code study-NAME.png}. */
    String name();

    /** One line saying what is measured, printed at the head of the run. */
    String description();

    /** The CSV columns. */
    String[] columns();

    /** How many leading columns identify a row. */
    int keyColumns();

    /** The work items, in order. */
    List<Item> items();

    /** Draws the plot of all rows and writes it to png. */
    void plot(StudyCsv csv, Path png);

    /** One unit of work. */
    interface Work {
        /** Computes and appends the item's rows (each flushed at once). */
        void run(StudyCsv csv);
    }

    /**
     * A unit of work: a label for the progress line, the key of the last row it writes (present
     * in the CSV means the item is done), and the work itself.
     */
    record Item(String label, Object[] doneKey, Work work) {
    }
}
