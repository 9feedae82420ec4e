package org.modalg.examples.cli.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a command's result goes, never half-written.
 *
 * <p>To a file ({@code -o OUT}): a temporary file is created beside OUT when the command starts
 * (so a missing or unwritable directory is reported before any work), the result is written
 * to it, and only when it is complete is it renamed onto OUT (an atomic move where the file
 * system has one, else a replacing move). On any error the temporary file is deleted and OUT
 * keeps its old content (or stays absent); an interrupted JVM deletes it on exit. Directories
 * are never created.
 *
 * <p>To standard output: written through a buffer, flushed, and the stream's error flag checked
 * ({@link PrintStream} swallows write errors), so a full disk or closed pipe is an error.
 */
public abstract class Output {

    /** The writer of the result (ASCII). */
    abstract Writer writer();

    /** Makes the result visible: renames the file into place, or flushes standard output. */
    abstract void commit();

    /** Gives up: deletes the temporary file. Idempotent; never throws. */
    abstract void abort();

    /** Where the result goes, for messages. */
    abstract String describe();

    /** Standard output ({@code System.out} as it is now). */
    static Output stdout() {
        return new Stdout(System.out);
    }

    /**
     * A file, through a temporary file beside it, created now.
     *
     * @param what the option's name in messages, such as "-o"
     * @throws IllegalArgumentException if the directory does not exist, is not writable, or the
     *     target is a directory
     */
    static Output file(Path target, String what) {
        return new AtomicFile(target, what);
    }

    /** The temporary file beside target that receives its content, created (empty) now. */
    static Path createTempBeside(Path target, String what) {
        return createTempBeside(target, what, "");
    }

    /**
     * The temporary file beside target, with the given suffix, created (empty) now.
     *
     * @throws IllegalArgumentException naming what and target if its directory does not exist
     *     or cannot hold a new file, or if target is a directory or not a regular file
     */
    public static Path createTempBeside(Path target, String what, String suffix) {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        if (dir == null || abs.getFileName() == null) {
            throw new IllegalArgumentException(what + " " + target + ": not a file name");
        }
        if (!Files.exists(dir)) {
            throw new IllegalArgumentException(what + " " + target + ": the directory " + dir
                    + " does not exist (it is not created)");
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(what + " " + target + ": " + dir + " is not a directory");
        }
        if (Files.isDirectory(abs)) {
            throw new IllegalArgumentException(what + " " + target + ": is a directory");
        }
        if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(abs)) {
            throw new IllegalArgumentException(what + " " + target + ": not a regular file (a device, pipe or socket);"
                    + " write to standard output instead");
        }
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + abs.getFileName() + ".tmp-"
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE) + suffix);
            try {
                Files.createFile(tmp); // honours the umask, unlike createTempFile's 0600
                tmp.toFile().deleteOnExit();
                return tmp;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt > 10) {
                    throw new IllegalArgumentException(what + " " + target + ": cannot create a temporary file in "
                            + dir);
                }
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                throw new IllegalArgumentException(what + " " + target + ": cannot create a file in " + dir + ": "
                        + reason(e));
            }
        }
    }

    /** Moves tmp onto target: atomically where possible, else replacing it. */
    public static void moveIntoPlace(Path tmp, Path target, String what) {
        try {
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new IllegalArgumentException(what + " " + target + ": cannot write: " + reason(e));
        }
    }

    public static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException | RuntimeException e) {
            // nothing more to do: it was a temporary file
        }
    }

    public static String reason(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.FileSystemException && ((java.nio.file.FileSystemException) e).getReason() != null) {
            return ((java.nio.file.FileSystemException) e).getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static final class AtomicFile extends Output {
        private final Path target;
        private final String what;
        private final Path tmp;
        private Writer writer;
        private boolean done;

        AtomicFile(Path target, String what) {
            this.target = target;
            this.what = what;
            this.tmp = createTempBeside(target, what);
        }

        @Override
        Writer writer() {
            if (writer == null) {
                try {
                    writer = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(tmp),
                            StandardCharsets.US_ASCII), 1 << 16);
                } catch (IOException e) {
                    abort();
                    throw new IllegalArgumentException(what + " " + target + ": cannot write: " + reason(e));
                }
            }
            return writer;
        }

        @Override
        void commit() {
            try {
                writer().close();
            } catch (IOException e) {
                abort();
                throw new IllegalArgumentException(what + " " + target + ": cannot write: " + reason(e));
            }
            moveIntoPlace(tmp, target, what);
            done = true;
        }

        @Override
        void abort() {
            if (done) {
                return;
            }
            done = true;
            if (writer != null) {
                try {
                    writer.close();
                } catch (IOException | RuntimeException e) {
                    // deleted below
                }
            }
            deleteQuietly(tmp);
        }

        @Override
        String describe() {
            return target.toString();
        }
    }

    private static final class Stdout extends Output {
        private final PrintStream out;
        private final Writer writer;

        Stdout(PrintStream out) {
            this.out = out;
            this.writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
        }

        @Override
        Writer writer() {
            return writer;
        }

        @Override
        void commit() {
            try {
                writer.flush();
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot write to standard output: " + reason(e));
            }
            if (out.checkError()) {
                throw new IllegalArgumentException("cannot write to standard output (disk full or closed pipe?)");
            }
        }

        @Override
        void abort() {
            // what was not flushed is dropped with the buffer
        }

        @Override
        String describe() {
            return "standard output";
        }
    }
}
