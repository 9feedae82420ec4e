package org.modalg.gpu.runtime;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.logging.Logger;

/**
 * The timed launches behind {@link LaunchChooser}'s fits, kept between runs in one small file
 * per device model and driver version ({@link #fileName}): {@code launch-<model>-<driver>.properties}
 * under {@link #defaultDirectory()}. One line per kernel,
 * {@code kernel.<name>=n:rows:block:millis;n:rows:block:millis;...}, beside {@code format=1},
 * {@code device} and {@code driver}.
 *
 * <p>Never fatal: a file that cannot be read or parsed, or that names another device or driver,
 * is ignored with a warning (and rewritten on the next save); a malformed kernel line drops that
 * kernel only, with a warning naming the key. A directory that cannot be created or written
 * makes the cache {@linkplain #writable() unwritable}: the chooser then keeps the kernels' fixed
 * blocks (no timings every run). Not thread-safe: {@link LaunchChooser} serializes its use.
 */
public final class LaunchCache {
    private static final Logger LOG = Logger.getLogger(LaunchCache.class.getName());
    private static final String PREFIX = "kernel.";
    /** Most samples kept per kernel (the oldest dropped first). */
    static final int MAX_SAMPLES = 512;

    /**
     * One timed launch: {@code n} threads with work in each of {@code rows} grid rows, blocks of
     * {@code block} threads, {@code millis} milliseconds.
     */
    public record Sample(long n, int rows, int block, double millis) {
        /** Checks every field: n, rows, block positive (block at most 1024), millis positive, finite. */
        public Sample {
            if (n < 1 || rows < 1 || block < 1 || block > 1024 || !(millis > 0) || Double.isInfinite(millis)) {
                throw new IllegalArgumentException("sample needs n >= 1, rows >= 1, block in [1, 1024] and "
                        + "positive finite millis, got " + n + ", " + rows + ", " + block + ", " + millis);
            }
        }
    }

    private final Path file;
    private final String device;
    private final int driver;
    private boolean writable;
    private final Map<String, List<Sample>> samples = new TreeMap<>();

    private LaunchCache(Path file, String device, int driver, boolean writable) {
        this.file = file;
        this.device = device;
        this.driver = driver;
        this.writable = writable;
    }

    /**
     * The cache directory: {@code -Dmodalg.gpu.launchCache=DIR} if set, else
     * {@code $XDG_CACHE_HOME/modalg}, else {@code ~/.cache/modalg}.
     */
    public static Path defaultDirectory() {
        String dir = System.getProperty("modalg.gpu.launchCache");
        if (dir != null && !dir.isBlank()) {
            return Paths.get(dir);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Paths.get(xdg, "modalg");
        }
        return Paths.get(System.getProperty("user.home"), ".cache", "modalg");
    }

    /**
     * {@code launch-<model>-<driver>.properties}, the model's characters other than letters,
     * digits, '.' and '-' replaced by '_' (e.g. {@code launch-NVIDIA_H100_80GB_HBM3-13000.properties}).
     */
    public static String fileName(String model, int driver) {
        return "launch-" + model.trim().replaceAll("[^A-Za-z0-9.\\-]", "_") + "-" + driver + ".properties";
    }

    /**
     * The cache of {@code model} and {@code driver} in {@code dir}: its samples loaded if the file
     * exists and is sound (else ignored with a warning), writable if the directory can be created
     * and written. Never throws for I/O or content.
     */
    public static LaunchCache open(Path dir, String model, int driver) {
        if (dir == null || model == null) {
            throw new IllegalArgumentException("dir and model must not be null");
        }
        Path file = dir.resolve(fileName(model, driver));
        boolean writable;
        try {
            Files.createDirectories(dir);
            writable = Files.isWritable(dir) && (!Files.exists(file) || Files.isWritable(file));
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            writable = false;
        }
        if (!writable) {
            LOG.warning("launch parameter cache " + file + " cannot be written: the kernels keep "
                    + "their fixed block sizes");
        }
        LaunchCache c = new LaunchCache(file, model, driver, writable);
        if (Files.isRegularFile(file)) {
            c.load();
        }
        return c;
    }

    /** An empty cache kept in memory only (never written): for tests and replays. */
    public static LaunchCache inMemory(String model, int driver) {
        return new LaunchCache(null, model, driver, true);
    }

    /** The file (null for {@link #inMemory}). */
    public Path file() {
        return file;
    }

    /** Whether samples can be saved (false after the directory or a save failed). */
    public boolean writable() {
        return writable;
    }

    /** The kernels with samples, in name order. */
    public List<String> kernels() {
        return new ArrayList<>(samples.keySet());
    }

    /** The samples of {@code kernel} (empty if none), oldest first; unmodifiable. */
    public List<Sample> samples(String kernel) {
        List<Sample> s = samples.get(kernel);
        return s == null ? List.of() : Collections.unmodifiableList(s);
    }

    /**
     * Adds samples of {@code kernel} (kept in memory; {@link #save} writes them).
     *
     * @throws IllegalArgumentException if the kernel name is not a C identifier
     */
    public void add(String kernel, List<Sample> more) {
        checkName(kernel);
        List<Sample> s = samples.computeIfAbsent(kernel, k -> new ArrayList<>());
        s.addAll(more);
        while (s.size() > MAX_SAMPLES) {
            s.remove(0);
        }
    }

    /**
     * Writes every kernel's samples to the file (a temporary file moved into place, so a reader
     * never sees half a file). Returns false, with a warning, and makes the cache unwritable when
     * that fails; true for an in-memory cache.
     */
    public boolean save() {
        if (file == null) {
            return true;
        }
        if (!writable) {
            return false;
        }
        Properties p = new Properties();
        p.setProperty("format", "1");
        p.setProperty("device", device);
        p.setProperty("driver", Integer.toString(driver));
        for (Map.Entry<String, List<Sample>> e : samples.entrySet()) {
            StringBuilder sb = new StringBuilder();
            for (Sample s : e.getValue()) {
                if (sb.length() > 0) {
                    sb.append(';');
                }
                sb.append(s.n()).append(':').append(s.rows()).append(':').append(s.block()).append(':')
                        .append(s.millis());
            }
            p.setProperty(PREFIX + e.getKey(), sb.toString());
        }
        try {
            Path tmp = Files.createTempFile(file.getParent(), "launch", ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.ISO_8859_1)) {
                p.store(w, "modalg launch parameters: timed launches per kernel (n:rows:block:ms)");
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        } catch (IOException | SecurityException e) {
            writable = false;
            LOG.warning("launch parameter cache " + file + " cannot be written (" + e.getMessage()
                    + "): the kernels keep their fixed block sizes");
            return false;
        }
    }

    private void load() {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            LOG.warning("launch parameter cache " + file + " is unreadable (" + e.getMessage() + "), ignored");
            return;
        }
        if (!"1".equals(p.getProperty("format")) || !device.equals(p.getProperty("device"))
                || !Integer.toString(driver).equals(p.getProperty("driver"))) {
            LOG.warning("launch parameter cache " + file + " has another format, device or driver, ignored");
            return;
        }
        for (String key : p.stringPropertyNames()) {
            if (!key.startsWith(PREFIX)) {
                continue;
            }
            String kernel = key.substring(PREFIX.length());
            try {
                checkName(kernel);
                List<Sample> list = new ArrayList<>();
                for (String item : p.getProperty(key).split(";")) {
                    String[] f = item.trim().split(":");
                    if (f.length != 4) {
                        throw new IllegalArgumentException("'" + item + "' is not n:rows:block:ms");
                    }
                    list.add(new Sample(Long.parseLong(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                            Double.parseDouble(f[3])));
                }
                add(kernel, list);
            } catch (IllegalArgumentException e) { // NumberFormatException included
                samples.remove(kernel);
                LOG.warning("launch parameter cache " + file + ": entry " + key + " is malformed ("
                        + e.getMessage() + "), ignored");
            }
        }
    }

    private static void checkName(String kernel) {
        if (kernel == null || !kernel.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("kernel must be a C identifier, got " + kernel);
        }
    }
}
