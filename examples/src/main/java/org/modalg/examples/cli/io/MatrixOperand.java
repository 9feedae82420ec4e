package org.modalg.examples.cli.io;

import java.math.BigInteger;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.image.ImageEngines;
import picocli.CommandLine.Option;

/**
 * A matrix operand of the linear-algebra commands ({@code det}, {@code solve}) in FLINT's text
 * format: read through the {@link Invocation} (inline, {@code -} or {@code file:PATH}), its
 * header checked before the entries are allocated, the memory it will ask for recorded for the
 * out-of-memory message, then parsed. Also holds their common {@code --backend} option
 * ({@link BackendOption}).
 */
public final class MatrixOperand {
    public final Input input;
    public final int rows;
    public final int cols;

    private MatrixOperand(Input input, int rows, int cols) {
        this.input = input;
        this.rows = rows;
        this.cols = cols;
    }

    /** Reads the operand arg named name and its header (rows, cols); the entries are parsed by {@link #entries}. */
    public static MatrixOperand read(Invocation run, String arg, String name) {
        Input in = run.input(arg, name);
        int[] shape = FlintMatrix.header(in);
        return new MatrixOperand(in, shape[0], shape[1]);
    }

    /**
     * This operand, checked square.
     *
     * @throws IllegalArgumentException naming the operand and its shape when it is not square
     */
    public MatrixOperand requireSquare(String command) {
        if (rows != cols) {
            throw input.error(command + " needs a square matrix, the header says " + rows + " x " + cols);
        }
        return this;
    }

    /**
     * Bytes the computation will hold for this operand's entries: a BigInteger and its reference
     * per entry (about 64 bytes) plus its share of the text.
     */
    public long entryBytes() {
        long entries = (long) rows * cols;
        return entries * (64L + input.text.length() / Math.max(1L, entries));
    }

    /** The entries, row by row (parsed now; an error names the line and column of a bad token). */
    public BigInteger[][] entries() {
        return FlintMatrix.parse(input).entries;
    }

    /** {@code --backend}: the image engine of a modular command (a picocli mixin). */
    public static final class BackendOption {
        @Option(names = "--backend", paramLabel = "cpu|gpu|auto",
                description = "The image engine: the CPU, the GPU (an error when none is usable) or automatic, the GPU"
                        + " above its measured sizes (default: ${DEFAULT-VALUE}).", defaultValue = "auto")
        String backend = "auto";

        /**
         * o with this backend; the engine's name goes to the report as {@code engine}.
         *
         * @throws IllegalArgumentException for an unknown backend, or gpu without a usable GPU engine
         */
        public Options applyTo(Invocation run, Options o) {
            Options withBackend = o.withBackend(Backend.parse(backend));
            try {
                run.report("engine", ImageEngines.forOptions(withBackend).name());
            } catch (IllegalStateException e) {
                throw new IllegalArgumentException("--backend " + backend + ": " + e.getMessage());
            }
            return withBackend;
        }
    }
}
