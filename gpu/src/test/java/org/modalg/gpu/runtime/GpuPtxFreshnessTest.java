package org.modalg.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each committed PTX resource records the SHA-256 of the CUDA source it was built from (the .cu
 * and the shared .cuh headers; scripts/gpu-ptx.sh writes it), and so does the sidecar of each
 * module's sm_90 cubin; a kernel or header edited without regenerating them fails here.
 * Runs everywhere (no GPU or nvcc needed).
 */
class GpuPtxFreshnessTest {
    private static final Path SOURCES = Path.of("src/main/cuda");
    private static final Path RESOURCES = Path.of("src/main/resources/org/modalg/gpu");

    @Test
    void everyModuleHasACurrentPtx() throws IOException, NoSuchAlgorithmException {
        List<Path> sources;
        try (Stream<Path> s = Files.list(SOURCES)) {
            sources = s.filter(p -> p.toString().endsWith(".cu")).sorted().collect(Collectors.toList());
        }
        assertFalse(sources.isEmpty(), "no CUDA sources under " + SOURCES.toAbsolutePath());
        List<Path> headers;
        try (Stream<Path> s = Files.list(SOURCES)) {
            headers = s.filter(p -> p.toString().endsWith(".cuh")).sorted(
                    (x, y) -> x.getFileName().toString().compareTo(y.getFileName().toString()))
                    .collect(Collectors.toList());
        }
        for (Path cu : sources) {
            String name = cu.getFileName().toString().replace(".cu", "");
            assertTrue(GpuModules.MODULES.contains(name), name + " is not listed in GpuModules.MODULES");
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(Files.readAllBytes(cu));
            for (Path h : headers) {
                digest.update(Files.readAllBytes(h)); // a header change makes every PTX stale
            }
            String hash = HexFormat.of().formatHex(digest.digest());
            byte[] ptx = GpuRuntime.ptx(name);
            String first = new String(ptx, StandardCharsets.US_ASCII).lines().findFirst().orElse("");
            assertEquals("// modalg source sha256: " + hash, first,
                    name + ".ptx is stale: run scripts/gpu-ptx.sh after editing " + cu);
            Path sidecar = RESOURCES.resolve(name + ".sm_90.cubin.sha256");
            assertTrue(Files.isRegularFile(RESOURCES.resolve(name + ".sm_90.cubin")) && Files.isRegularFile(sidecar),
                    name + ".sm_90.cubin or its .sha256 is missing: run scripts/gpu-ptx.sh");
            assertEquals("// modalg source sha256: " + hash,
                    Files.readAllLines(sidecar, StandardCharsets.US_ASCII).get(0),
                    name + ".sm_90.cubin is stale: run scripts/gpu-ptx.sh after editing " + cu);
            assertTrue(GpuRuntime.cubin(name, 90) != null, name + ": the runtime does not take its sm_90 cubin");
            assertTrue(GpuRuntime.cubin(name, 80) == null, name + ": no sm_80 cubin ships, none may load");
        }
        assertEquals(sources.size(), GpuModules.MODULES.size(), "a module without a .cu source");
    }
}
