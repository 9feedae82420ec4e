package org.modalg.gpu.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.modular.image.GcdImages;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.image.LuImages;

/**
 * The GPU image engine against the CPU engine ({@link ImageEngines#cpu}), bit for bit, on random
 * inputs (seed printed): determinants of random, singular and singular-modulo-the-first-primes
 * matrices for n = 1 .. 300 (shared-memory, global-memory and blocked kernels, the blocked one
 * with each panel width on matrices that force row swaps within and across panels, for primes
 * just below 2^62 and 2^26), LU factors and solves,
 * resultants and gcds (with and without cofactors) of lengths 1 .. 3000 with zero and constant
 * polynomials and leading coefficients that vanish modulo some primes, for primes of 23, 26 and
 * 62 bits (both arithmetics); the sentinel path (forced by skipping blocks), the out-of-memory
 * split, and the spread over every visible device.
 */
@Tag("gpu")
class GpuImageEngineTest extends GpuImageEngineFixture {

    @AfterEach
    void stop() {
        DeviceBuffer.limitAllocationsForTests(Long.MAX_VALUE);
    }

    static long[] primes(Random rnd, int count, int bits) {
        Set<Long> s = new LinkedHashSet<>();
        while (s.size() < count) {
            s.add(BigInteger.probablePrime(bits, rnd).longValueExact());
        }
        return s.stream().mapToLong(Long::longValue).toArray();
    }

    static long[] concat(long[]... parts) {
        int n = 0;
        for (long[] p : parts) {
            n += p.length;
        }
        long[] out = new long[n];
        int at = 0;
        for (long[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    static BigInteger[] random(Random rnd, int count, int bits) {
        BigInteger[] v = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            BigInteger x = new BigInteger(bits, rnd);
            v[i] = rnd.nextBoolean() ? x.negate() : x;
        }
        return v;
    }

    private static final int[] BITS = {23, 26, 62};

    // ------------------------------------------------------------------ determinants

    @Test
    void determinantsMatchTheCpu() {
        Random rnd = new Random(GpuTests.seed("determinantsMatchTheCpu"));
        int[] sizes = {1, 2, 3, 5, 16, 40, 100, 167, 170, 230, 300};
        for (int n : sizes) {
            for (int bits : BITS) {
                long[] ps = primes(rnd, n <= 170 ? 24 : 6, bits);
                int entryBits = rnd.nextBoolean() ? 10 : 100;
                BigInteger[] m = random(rnd, n * n, entryBits);
                String what = "n = " + n + ", " + bits + "-bit primes, " + entryBits + "-bit entries";
                LimbVector a = LimbVector.of(m);
                assertArrayEquals(cpu.determinants(n, a, ps), gpu.determinants(n, a, ps), "random, " + what);

                // singular over Z: the last row a combination of the first two
                if (n >= 3) {
                    BigInteger[] s = m.clone();
                    for (int c = 0; c < n; c++) {
                        s[(n - 1) * n + c] = m[c].multiply(BigInteger.valueOf(3)).subtract(m[n + c]);
                    }
                    LimbVector sa = LimbVector.of(s);
                    long[] d = gpu.determinants(n, sa, ps);
                    assertArrayEquals(new long[ps.length], d, "singular, " + what);
                    assertArrayEquals(cpu.determinants(n, sa, ps), d, "singular, " + what);
                }
                // singular modulo the first two primes only: last row = first row + p0 p1 v
                if (n >= 2) {
                    BigInteger q = BigInteger.valueOf(ps[0]).multiply(BigInteger.valueOf(ps[1]));
                    BigInteger[] s = m.clone();
                    for (int c = 0; c < n; c++) {
                        s[(n - 1) * n + c] = m[c].add(q.multiply(BigInteger.valueOf(rnd.nextInt(1000) - 500)));
                    }
                    LimbVector sa = LimbVector.of(s);
                    long[] d = gpu.determinants(n, sa, ps);
                    assertEquals(0, d[0], "singular modulo p0, " + what);
                    assertEquals(0, d[1], "singular modulo p1, " + what);
                    assertArrayEquals(cpu.determinants(n, sa, ps), d, "singular modulo the first primes, " + what);
                }
            }
        }
    }

    @Test
    void mixedPrimeWidthsAndEdgeMatrices() {
        Random rnd = new Random(GpuTests.seed("mixedPrimeWidthsAndEdgeMatrices"));
        long[] ps = concat(primes(rnd, 5, 23), primes(rnd, 5, 62), primes(rnd, 5, 26));
        for (int n : new int[] {1, 4, 60, 200}) {
            LimbVector zero = LimbVector.of(new long[n * n]);
            assertArrayEquals(new long[ps.length], gpu.determinants(n, zero, ps), "zero matrix n = " + n);
            long[] id = new long[n * n];
            for (int i = 0; i < n; i++) {
                id[i * n + i] = -1;
            }
            LimbVector minusId = LimbVector.of(id);
            assertArrayEquals(cpu.determinants(n, minusId, ps), gpu.determinants(n, minusId, ps), "-I, n = " + n);
            long[] ext = new long[n * n];
            for (int i = 0; i < ext.length; i++) {
                ext[i] = rnd.nextInt(3) == 0 ? Long.MIN_VALUE : rnd.nextBoolean() ? Long.MAX_VALUE : rnd.nextLong();
            }
            LimbVector e = LimbVector.of(ext);
            assertArrayEquals(cpu.determinants(n, e, ps), gpu.determinants(n, e, ps), "extreme entries, n = " + n);
        }
        assertArrayEquals(cpu.determinants(0, LimbVector.of(new long[0]), ps),
                gpu.determinants(0, LimbVector.of(new long[0]), ps), "n = 0");
        assertThrows(IllegalArgumentException.class, () -> gpu.determinants(3, LimbVector.of(new long[8]), ps));
    }

    // ------------------------------------------------------------------ blocked determinants

    // The largest count primes below 2^bits (near the top of each arithmetic's range).
    static long[] primesBelow(int count, int bits) {
        long[] out = new long[count];
        long q = (1L << bits) - 1;
        for (int c = 0; c < count; q -= 2) {
            if (BigInteger.valueOf(q).isProbablePrime(40)) {
                out[c++] = q;
            }
        }
        return out;
    }

    private static void withDetKernel(String kernel, int panel, Runnable r) {
        System.setProperty("modalg.gpu.detKernel", kernel);
        System.setProperty("modalg.gpu.detPanel", Integer.toString(panel));
        try {
            r.run();
        } finally {
            System.clearProperty("modalg.gpu.detKernel");
            System.clearProperty("modalg.gpu.detPanel");
        }
    }

    @Test
    void tiledDeterminantsMatchTheCpu() {
        Random rnd = new Random(GpuTests.seed("tiledDeterminantsMatchTheCpu"));
        long[][] primeSets = {primesBelow(4, 62), primesBelow(4, 26), concat(primes(rnd, 3, 62), primes(rnd, 2, 40)),
            primes(rnd, 4, 23)};
        for (int panel : new int[] {16, 32, 64}) {
            withDetKernel("tiled", panel, () -> {
                for (int n : new int[] {1, 2, panel - 1, panel, panel + 1, 2 * panel + 3, 100, 171, 200}) {
                    for (long[] ps : primeSets) {
                        String what = "n = " + n + ", panel " + panel + ", primes from " + ps[0];
                        BigInteger[] m = random(rnd, n * n, rnd.nextBoolean() ? 10 : 100);
                        LimbVector a = LimbVector.of(m);
                        assertArrayEquals(cpu.determinants(n, a, ps), gpu.determinants(n, a, ps), "random, " + what);
                        if (n >= 3) {
                            // singular over Z: a middle row a combination of two others
                            BigInteger[] s = m.clone();
                            int r = n / 2;
                            for (int c = 0; c < n; c++) {
                                s[r * n + c] = m[c].multiply(BigInteger.valueOf(-7)).add(m[(n - 1) * n + c]);
                            }
                            LimbVector sa = LimbVector.of(s);
                            assertArrayEquals(new long[ps.length], gpu.determinants(n, sa, ps), "singular, " + what);
                        }
                        checkPermutedTriangular(rnd, n, ps, panel, what);
                    }
                }
            });
        }
    }

    // A = P U with U upper triangular (non-zero diagonal modulo every prime, random above) and
    // P a permutation: the only pivot of column k is the row P put there, so the elimination
    // swaps rows, within a panel (P moves rows by less than the panel width) or across panels (P
    // random). det A = sgn P prod U_kk, checked against that product as well as the CPU engine.
    private void checkPermutedTriangular(Random rnd, int n, long[] ps, int panel, String what) {
        for (boolean local : new boolean[] {true, false}) {
            int[] perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            if (local) {
                // reverse runs of up to panel / 2 rows, shifted by a random offset
                int at = rnd.nextInt(Math.max(1, panel / 2));
                while (at < n) {
                    int len = Math.min(n - at, 1 + rnd.nextInt(Math.max(1, panel / 2)));
                    for (int x = 0; x < len / 2; x++) {
                        int t = perm[at + x];
                        perm[at + x] = perm[at + len - 1 - x];
                        perm[at + len - 1 - x] = t;
                    }
                    at += len;
                }
            } else {
                for (int i = n - 1; i > 0; i--) {
                    int k = rnd.nextInt(i + 1);
                    int t = perm[i];
                    perm[i] = perm[k];
                    perm[k] = t;
                }
            }
            BigInteger[] u = new BigInteger[n * n];
            BigInteger diag = BigInteger.ONE;
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < n; c++) {
                    BigInteger v = BigInteger.ZERO;
                    if (c > i) {
                        v = BigInteger.valueOf(rnd.nextInt(2001) - 1000);
                    } else if (c == i) {
                        v = BigInteger.valueOf(1 + rnd.nextInt(1000)).multiply(BigInteger.valueOf(rnd.nextBoolean() ? 1 : -1));
                    }
                    u[i * n + c] = v;
                }
                diag = diag.multiply(u[i * n + i]);
            }
            // row i of A is row perm[i] of U
            BigInteger[] m = new BigInteger[n * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(u, perm[i] * n, m, i * n, n);
            }
            int inversions = 0;
            boolean[] seen = new boolean[n];
            for (int i = 0; i < n; i++) {
                if (!seen[i]) {
                    int len = 0;
                    for (int x = i; !seen[x]; x = perm[x]) {
                        seen[x] = true;
                        len++;
                    }
                    inversions += len - 1;
                }
            }
            BigInteger det = (inversions & 1) == 0 ? diag : diag.negate();
            long[] expected = new long[ps.length];
            for (int t = 0; t < ps.length; t++) {
                expected[t] = det.mod(BigInteger.valueOf(ps[t])).longValueExact();
            }
            LimbVector a = LimbVector.of(m);
            long[] d = gpu.determinants(n, a, ps);
            String how = (local ? "swaps within panels, " : "swaps across panels, ") + what;
            assertArrayEquals(expected, d, "P U, " + how);
            assertArrayEquals(cpu.determinants(n, a, ps), d, "P U against the CPU, " + how);
        }
    }

    @Test
    void tiledAndGlobalKernelsAgreeOnLargerMatrices() {
        Random rnd = new Random(GpuTests.seed("tiledAndGlobalKernelsAgreeOnLargerMatrices"));
        long[] ps = concat(primesBelow(3, 62), primesBelow(3, 26), primes(rnd, 3, 50));
        int n = 260 + rnd.nextInt(40);
        BigInteger[] m = random(rnd, n * n, 64);
        LimbVector a = LimbVector.of(m);
        long[] expected = cpu.determinants(n, a, ps);
        for (String kernel : new String[] {"tiled", "global"}) {
            withDetKernel(kernel, 32, () -> assertArrayEquals(expected, gpu.determinants(n, a, ps),
                    kernel + " kernel, n = " + n));
        }
        // a zero row in the middle: every kernel stops at the column without a pivot
        BigInteger[] z = m.clone();
        for (int c = 0; c < n; c++) {
            z[(n / 2) * n + c] = BigInteger.ZERO;
        }
        LimbVector za = LimbVector.of(z);
        withDetKernel("tiled", 64, () -> assertArrayEquals(new long[ps.length], gpu.determinants(n, za, ps),
                "zero row, n = " + n));
        // the sentinel path of the tiled kernel: skipped blocks are recomputed on the CPU
        withDetKernel("tiled", 16, () -> {
            GpuImageEngine.faultEveryForTests(2);
            assertArrayEquals(expected, gpu.determinants(n, a, ps), "skipped blocks, n = " + n);
            GpuImageEngine.faultEveryForTests(0);
        });
        assertThrows(IllegalArgumentException.class,
                () -> withDetKernel("tiled", 48, () -> gpu.determinants(n, a, ps)));
    }

    // ------------------------------------------------------------------ LU

    @Test
    void factorsAndSolvesMatchTheCpu() {
        Random rnd = new Random(GpuTests.seed("factorsAndSolvesMatchTheCpu"));
        for (int n : new int[] {1, 2, 7, 64, 150, 257}) {
            long[] ps = primes(rnd, 12, 23);
            BigInteger[] m = random(rnd, n * n, 80);
            if (n >= 2) {
                // singular modulo the first prime
                for (int c = 0; c < n; c++) {
                    m[(n - 1) * n + c] = m[c].add(BigInteger.valueOf(ps[0]).multiply(BigInteger.valueOf(c - 7)));
                }
            }
            LimbVector a = LimbVector.of(m);
            try (LuImages want = cpu.factor(n, a, ps); LuImages got = gpu.factor(n, a, ps)) {
                assertEquals(want.count(), got.count());
                for (int j = 0; j < ps.length; j++) {
                    assertEquals(want.determinant(j), got.determinant(j), "det, n = " + n + ", prime " + j);
                }
                if (n >= 2) {
                    assertEquals(0, got.determinant(0), "singular modulo p0");
                }
                for (int round = 0; round < 2; round++) {
                    long[] b = new long[ps.length * n];
                    for (int j = 0; j < ps.length; j++) {
                        for (int i = 0; i < n; i++) {
                            b[j * n + i] = Math.floorMod(rnd.nextLong(), ps[j]);
                        }
                    }
                    long[] x1 = new long[b.length];
                    long[] x2 = new long[b.length];
                    java.util.Arrays.fill(x1, 42);
                    java.util.Arrays.fill(x2, 42);
                    want.solve(b, x1);
                    got.solve(b, x2);
                    assertArrayEquals(x1, x2, "solve, n = " + n + ", round " + round);
                }
            }
        }
        long[] big = {(1L << 61) - 1};
        assertThrows(IllegalArgumentException.class, () -> gpu.factor(1, LimbVector.of(new long[] {1}), big));
    }

    // ------------------------------------------------------------------ resultants and gcds

    // f with its leading coefficient divisible by the primes q (degree drops modulo them)
    private static BigInteger[] withLeading(BigInteger[] f, BigInteger q) {
        BigInteger[] c = f.clone();
        c[c.length - 1] = q.multiply(BigInteger.valueOf(3));
        return c;
    }

    @Test
    void resultantsMatchTheCpu() {
        Random rnd = new Random(GpuTests.seed("resultantsMatchTheCpu"));
        int[][] lengths = {{1, 1}, {1, 6}, {6, 1}, {2, 2}, {3, 9}, {40, 33}, {130, 257}, {1001, 999}, {3000, 2501}};
        for (int[] len : lengths) {
            for (int bits : BITS) {
                int lf = len[0];
                int lg = len[1];
                long[] ps = primes(rnd, lf > 1000 ? 8 : 20, bits);
                int cbits = rnd.nextBoolean() ? 64 : 200;
                BigInteger[] f = random(rnd, lf, cbits);
                BigInteger[] g = random(rnd, lg, cbits);
                String what = "lengths " + lf + ", " + lg + ", " + bits + "-bit primes";
                check(f, g, ps, "random, " + what);
                BigInteger p0 = BigInteger.valueOf(ps[0]);
                BigInteger p1 = BigInteger.valueOf(ps[1]);
                check(withLeading(f, p0.multiply(p1)), g, ps, "lc(f) vanishes mod p0 p1, " + what);
                check(f, withLeading(g, p0), ps, "lc(g) vanishes mod p0, " + what);
                check(withLeading(f, p0), withLeading(g, p0), ps, "both vanish mod p0, " + what);
                BigInteger[] zf = new BigInteger[lf];
                java.util.Arrays.fill(zf, BigInteger.ZERO);
                check(zf, g, ps, "f = 0, " + what);
                BigInteger[] cst = zf.clone();
                cst[0] = BigInteger.valueOf(rnd.nextInt(1000) - 500);
                check(cst, g, ps, "f constant, " + what);
                check(g, cst, ps, "g constant, " + what);
                BigInteger[] pf = zf.clone();
                for (int i = 0; i < lf; i++) {
                    pf[i] = p0.multiply(f[i]); // f vanishes modulo p0 only
                }
                check(pf, g, ps, "f = 0 mod p0, " + what);
            }
        }
    }

    private void check(BigInteger[] f, BigInteger[] g, long[] ps, String what) {
        LimbVector lf = LimbVector.of(f);
        LimbVector lg = LimbVector.of(g);
        assertArrayEquals(cpu.resultants(lf, lg, ps), gpu.resultants(lf, lg, ps), what);
    }

    private static BigInteger[] product(BigInteger[] a, BigInteger[] b) {
        BigInteger[] c = new BigInteger[a.length + b.length - 1];
        java.util.Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(a[i].multiply(b[j]));
            }
        }
        return c;
    }

    @Test
    void gcdsMatchTheCpu() {
        Random rnd = new Random(GpuTests.seed("gcdsMatchTheCpu"));
        int[][] shapes = {{1, 1, 1}, {1, 4, 3}, {3, 1, 2}, {5, 5, 5}, {20, 30, 11}, {200, 150, 60}, {900, 700, 400},
            {1500, 1400, 1200}};
        for (int[] s : shapes) {
            for (int bits : BITS) {
                long[] ps = primes(rnd, s[0] > 800 ? 6 : 16, bits);
                BigInteger[] h = random(rnd, s[2], 40);
                BigInteger[] u = random(rnd, s[0], 40);
                BigInteger[] v = random(rnd, s[1], 40);
                BigInteger[] f = product(h, u);
                BigInteger[] g = product(h, v);
                String what = "shape " + java.util.Arrays.toString(s) + ", " + bits + "-bit primes";
                checkGcd(f, g, ps, "common factor, " + what);
                checkGcd(random(rnd, s[0], 64), random(rnd, s[1], 64), ps, "coprime, " + what);
                BigInteger p0 = BigInteger.valueOf(ps[0]);
                checkGcd(withLeading(f, p0), g, ps, "lc(f) vanishes mod p0, " + what);
                BigInteger[] zf = new BigInteger[f.length];
                java.util.Arrays.fill(zf, BigInteger.ZERO);
                if (f.length >= g.length) {
                    checkGcd(zf, g, ps, "f = 0, " + what); // (the CPU needs len f >= len h here)
                }
                BigInteger[] cst = zf.clone();
                cst[0] = BigInteger.valueOf(rnd.nextInt(1000) + 1);
                checkGcd(cst, g, ps, "f constant, " + what);
                checkGcd(g, cst, ps, "g constant, " + what);
            }
        }
        BigInteger[] z = {BigInteger.ZERO, BigInteger.ZERO};
        checkGcd(z, z, primes(rnd, 4, 62), "both zero");
    }

    private void checkGcd(BigInteger[] f, BigInteger[] g, long[] ps, String what) {
        LimbVector lf = LimbVector.of(f);
        LimbVector lg = LimbVector.of(g);
        for (boolean cof : new boolean[] {false, true}) {
            GcdImages want = cpu.gcds(lf, lg, ps, cof);
            GcdImages got = gpu.gcds(lf, lg, ps, cof);
            assertEquals(want.count(), got.count(), what);
            assertEquals(want.gcdStride(), got.gcdStride(), what);
            for (int j = 0; j < ps.length; j++) {
                assertEquals(want.degree(j), got.degree(j), what + ", degree, prime " + j);
                assertArrayEquals(want.gcd(j), got.gcd(j), what + ", gcd, prime " + j);
                if (cof) {
                    assertArrayEquals(want.fCofactor(j), got.fCofactor(j), what + ", f / h, prime " + j);
                    assertArrayEquals(want.gCofactor(j), got.gCofactor(j), what + ", g / h, prime " + j);
                }
            }
            assertArrayEquals(want.gcd(), got.gcd(), what + ", flat gcd rows");
        }
    }

    // ------------------------------------------------------------------ faults and devices

    @Test
    void imagesTheDeviceDidNotProduceAreRecomputedOnTheCpu() {
        Random rnd = new Random(GpuTests.seed("imagesTheDeviceDidNotProduce"));
        long[] ps = concat(primes(rnd, 9, 23), primes(rnd, 4, 62));
        int n = 30;
        LimbVector a = LimbVector.of(random(rnd, n * n, 70));
        LimbVector f = LimbVector.of(random(rnd, 120, 70));
        LimbVector g = LimbVector.of(random(rnd, 90, 70));
        long[] small = primes(rnd, 9, 22);
        long[] det = cpu.determinants(n, a, ps);
        long[] res = cpu.resultants(f, g, ps);
        GcdImages gcd = cpu.gcds(f, g, ps, true);
        long[] b = new long[small.length * n];
        for (int j = 0; j < small.length; j++) {
            for (int i = 0; i < n; i++) {
                b[j * n + i] = Math.floorMod(rnd.nextLong(), small[j]);
            }
        }
        long[] xWant = new long[b.length];
        try (LuImages lu = cpu.factor(n, a, small)) {
            lu.solve(b, xWant);
        }
        GpuImageEngine.faultEveryForTests(3); // blocks 0, 3, 6, ... write nothing
        assertArrayEquals(det, gpu.determinants(n, a, ps), "determinants");
        assertArrayEquals(res, gpu.resultants(f, g, ps), "resultants");
        GcdImages got = gpu.gcds(f, g, ps, true);
        for (int j = 0; j < ps.length; j++) {
            assertArrayEquals(gcd.gcd(j), got.gcd(j), "gcd " + j);
            assertArrayEquals(gcd.fCofactor(j), got.fCofactor(j), "f / h " + j);
        }
        long[] x = new long[b.length];
        try (LuImages lu = gpu.factor(n, a, small)) {
            lu.solve(b, x);
        }
        assertArrayEquals(xWant, x, "solves");
        assertTrue(warnings.stream().anyMatch(w -> w.contains("recomputed on the CPU")), warnings.toString());
    }

    @Test
    void aBatchThatDoesNotFitIsSplitAndSinglePrimesFinishOnTheCpu() {
        Random rnd = new Random(GpuTests.seed("aBatchThatDoesNotFitIsSplit"));
        int n = 200;
        long[] ps = primes(rnd, 16, 62);
        LimbVector a = LimbVector.of(random(rnd, n * n, 64));
        long[] want = cpu.determinants(n, a, ps);
        long matrix = (long) n * n * Long.BYTES;
        // room for the tables, the input and about three matrices: the chunks are halved
        DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + 2 * matrix + 3 * matrix + 64 * 1024);
        assertArrayEquals(want, gpu.determinants(n, a, ps), "split batch");
        assertTrue(warnings.stream().anyMatch(w -> w.contains("split into chunks")), warnings.toString());
        // room for less than one matrix: every image on the CPU
        warnings.clear();
        DeviceBuffer.limitAllocationsForTests(DeviceBuffer.allocatedBytes() + matrix / 2);
        assertArrayEquals(want, gpu.determinants(n, a, ps), "CPU fallback");
        assertTrue(warnings.stream().anyMatch(w -> w.contains("run on the CPU")), warnings.toString());
    }

    @Test
    void batchesSpreadOverEveryVisibleDevice() {
        Random rnd = new Random(GpuTests.seed("batchesSpreadOverEveryVisibleDevice"));
        int devices = ((GpuImageEngine) gpu).deviceCount();
        System.out.println("image engine devices: " + devices + " (" + gpu.name() + ")");
        assertEquals(GpuRuntime.devices().size(), devices);
        // more primes than devices, and fewer: both merged in prime order
        for (int count : new int[] {1, devices, 2 * devices + 1, 37}) {
            long[] ps = primes(rnd, count, 62);
            int n = 50;
            LimbVector a = LimbVector.of(random(rnd, n * n, 100));
            assertArrayEquals(cpu.determinants(n, a, ps), gpu.determinants(n, a, ps), count + " primes");
            LimbVector f = LimbVector.of(random(rnd, 300, 64));
            LimbVector g = LimbVector.of(random(rnd, 200, 64));
            assertArrayEquals(cpu.resultants(f, g, ps), gpu.resultants(f, g, ps), count + " primes");
        }
    }

    @Test
    void copiesAreTimedApartFromTheImages() {
        Random rnd = new Random(GpuTests.seed("copiesAreTimedApartFromTheImages"));
        long[] ps = primes(rnd, 40, 62);
        int n = 60;
        LimbVector a = LimbVector.of(random(rnd, n * n, 100));
        long before = gpu.transferNanos();
        long t0 = System.nanoTime();
        assertArrayEquals(cpu.determinants(n, a, ps), gpu.determinants(n, a, ps));
        long wall = System.nanoTime() - t0;
        long moved = gpu.transferNanos() - before;
        assertTrue(moved > 0 && moved <= wall, "copies " + moved + " ns within the call's " + wall + " ns");
        assertEquals(0, cpu.transferNanos(), "the CPU engine copies nothing");
        // through the operations: the report's transfer phase, beside the images
        BigInteger[][] m = new BigInteger[n][];
        BigInteger[] flat = random(rnd, n * n, 100);
        for (int i = 0; i < n; i++) {
            m[i] = java.util.Arrays.copyOfRange(flat, i * n, (i + 1) * n);
        }
        org.modalg.fft.Options o = Options.defaults().withBackend(org.modalg.fft.Backend.GPU)
                .withRoute(org.modalg.fft.Route.CRT);
        org.modalg.modular.ModularResult<BigInteger> d = org.modalg.modular.mat.Determinant.det(m, o,
                org.modalg.modular.mat.Determinant.CrtStrategy.PLAIN);
        assertEquals(org.modalg.modular.mat.Determinant.det(m, o.withBackend(org.modalg.fft.Backend.CPU),
                org.modalg.modular.mat.Determinant.CrtStrategy.PLAIN).value(), d.value());
        org.modalg.modular.ModularReport r = d.report();
        assertTrue(r.phaseNanos().get(org.modalg.modular.ModularReport.TRANSFER) > 0, r.toString());
        assertTrue(r.phaseNanos().get("images") > 0, r.toString());
        org.modalg.polynomial.zz.ZZPoly f = org.modalg.polynomial.zz.ZZPoly.of(random(rnd, 200, 64));
        org.modalg.polynomial.zz.ZZPoly g = org.modalg.polynomial.zz.ZZPoly.of(random(rnd, 150, 64));
        org.modalg.modular.ModularReport res = org.modalg.modular.poly.Resultant.resultant(f, g, o).report();
        assertTrue(res.phaseNanos().get(org.modalg.modular.ModularReport.TRANSFER) > 0, res.toString());
        org.modalg.modular.ModularReport gcd = org.modalg.modular.poly.PolynomialGcd.gcd(f.multiply(g), g, o).report();
        assertTrue(gcd.phaseNanos().get(org.modalg.modular.ModularReport.TRANSFER) > 0, gcd.toString());
        assertTrue(gcd.primesUsed() >= 1, gcd.toString());
    }
}
