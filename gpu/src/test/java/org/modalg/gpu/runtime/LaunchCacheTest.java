package org.modalg.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launch cache file: round trip, corrupted files (ignored with a warning), unwritable places. */
class LaunchCacheTest {
    private static final String MODEL = "NVIDIA H100 80GB HBM3";
    private final List<String> warnings = new ArrayList<>();
    private final Logger log = Logger.getLogger(LaunchCache.class.getName());
    private final Handler handler = new LogCapture(warnings, Level.WARNING);

    @TempDir
    Path dir;

    @BeforeEach
    void listen() {
        log.addHandler(handler);
    }

    @AfterEach
    void stop() {
        log.removeHandler(handler);
    }

    @Test
    void fileNameNamesModelAndDriver() {
        assertEquals("launch-NVIDIA_H100_80GB_HBM3-13000.properties", LaunchCache.fileName(MODEL, 13000));
        assertEquals("launch-a_b_c-1.properties", LaunchCache.fileName("a/b\\c", 1));
    }

    @Test
    void samplesSurviveASaveAndReload() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("samplesSurviveASaveAndReload seed " + seed);
        Random rnd = new Random(seed);
        LaunchCache c = LaunchCache.open(dir, MODEL, 13000);
        assertTrue(c.writable());
        List<LaunchCache.Sample> want = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            want.add(new LaunchCache.Sample(1 + (rnd.nextLong() >>> 20), 1 + rnd.nextInt(9), 32 * (1 + rnd.nextInt(32)),
                    Double.longBitsToDouble(0x3f00000000000000L + (rnd.nextLong() >>> 12))));
        }
        c.add("garner_limbs_o3_p3", want);
        c.add("pointwise_mul", want.subList(0, 6));
        assertTrue(c.save());
        assertTrue(Files.isRegularFile(dir.resolve(LaunchCache.fileName(MODEL, 13000))));
        LaunchCache back = LaunchCache.open(dir, MODEL, 13000);
        assertEquals(want, back.samples("garner_limbs_o3_p3"));
        assertEquals(want.subList(0, 6), back.samples("pointwise_mul"));
        assertEquals(List.of("garner_limbs_o3_p3", "pointwise_mul"), back.kernels());
        assertTrue(warnings.isEmpty(), warnings.toString());
        // another driver: another file, empty
        assertTrue(LaunchCache.open(dir, MODEL, 12080).kernels().isEmpty());
    }

    @Test
    void samplesPerKernelAreCapped() {
        LaunchCache c = LaunchCache.inMemory(MODEL, 1);
        List<LaunchCache.Sample> many = new ArrayList<>();
        for (int i = 1; i <= LaunchCache.MAX_SAMPLES + 10; i++) {
            many.add(new LaunchCache.Sample(i, 1, 32, 1.0));
        }
        c.add("k", many);
        assertEquals(LaunchCache.MAX_SAMPLES, c.samples("k").size());
        assertEquals(11, c.samples("k").get(0).n(), "the oldest go first");
    }

    private LaunchCache openWith(String content) throws IOException {
        Files.write(dir.resolve(LaunchCache.fileName(MODEL, 13000)), content.getBytes(StandardCharsets.ISO_8859_1));
        return LaunchCache.open(dir, MODEL, 13000);
    }

    private static String header() {
        return "format=1\ndevice=" + MODEL + "\ndriver=13000\n";
    }

    @Test
    void aMalformedEntryDropsThatKernelOnlyWithAWarning() throws IOException {
        LaunchCache c = openWith(header() + "kernel.good=1024:1:256:0.004;2048:1:128:0.005\n"
                + "kernel.bad=1024:1:256:zero\n" + "kernel.short=1024:1:256\n" + "kernel.neg=1024:1:256:-1\n"
                + "kernel.big=1024:1:2048:0.1\n" + "kernel.bad-name=1024:1:256:0.1\n");
        assertEquals(List.of("good"), c.kernels());
        assertEquals(2, c.samples("good").size());
        assertEquals(5, warnings.size(), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("kernel.bad")));
        assertTrue(c.writable());
    }

    @Test
    void garbageFilesAreIgnoredWithAWarningNeverACrash() throws IOException {
        Random rnd = new Random(42);
        byte[] junk = new byte[4096];
        rnd.nextBytes(junk);
        Files.write(dir.resolve(LaunchCache.fileName(MODEL, 13000)), junk);
        LaunchCache c = LaunchCache.open(dir, MODEL, 13000);
        assertTrue(c.kernels().isEmpty());
        assertFalse(warnings.isEmpty());
        // a malformed \\u escape makes Properties.load throw: ignored too
        warnings.clear();
        assertTrue(openWith(header() + "kernel.x=\\u12G4\n").kernels().isEmpty());
        assertFalse(warnings.isEmpty());
        // truncated mid-line (a crash while writing without the atomic move)
        warnings.clear();
        assertEquals(List.of(), openWith(header() + "kernel.x=1024:1:256:0.0").samples("y"));
        // another device or driver in the file: ignored
        warnings.clear();
        assertTrue(openWith("format=1\ndevice=Other\ndriver=13000\nkernel.x=1024:1:256:0.1\n").kernels().isEmpty());
        assertEquals(1, warnings.size());
        // and the next save replaces the bad file with a sound one
        LaunchCache c2 = LaunchCache.open(dir, MODEL, 13000);
        c2.add("x", List.of(new LaunchCache.Sample(8, 1, 64, 0.5)));
        assertTrue(c2.save());
        assertEquals(1, LaunchCache.open(dir, MODEL, 13000).samples("x").size());
    }

    @Test
    void anUnwritableDirectoryMakesTheCacheUnwritable() throws IOException {
        Path notADir = dir.resolve("file");
        Files.writeString(notADir, "x");
        LaunchCache c = LaunchCache.open(notADir.resolve("sub"), MODEL, 13000);
        assertFalse(c.writable());
        c.add("k", List.of(new LaunchCache.Sample(8, 1, 64, 0.5)));
        assertFalse(c.save());
        assertFalse(warnings.isEmpty());
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new LaunchCache.Sample(0, 1, 32, 1));
        assertThrows(IllegalArgumentException.class, () -> new LaunchCache.Sample(1, 1, 1025, 1));
        assertThrows(IllegalArgumentException.class, () -> new LaunchCache.Sample(1, 1, 32, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new LaunchCache.Sample(1, 1, 32, Double.POSITIVE_INFINITY));
        LaunchCache c = LaunchCache.inMemory(MODEL, 1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> c.add("a=b", List.of())).getMessage()
                .contains("kernel"));
        assertThrows(IllegalArgumentException.class, () -> LaunchCache.open(null, MODEL, 1));
    }
}
