package org.modalg.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;

/**
 * The twiddle tables built on the device ({@code ntt_table} of {@code ntt.cu}) against the host
 * builder ({@link NttTables#hostShoup}, {@link NttTables#hostMontgomery},
 * {@link NttTables#hostPowers}: successive products on the host, the earlier route) bit for bit,
 * every word of every table (forward and inverse stage tables as Shoup pairs with their
 * quotient-only region, in Montgomery form, and the twists): every length 2^1 .. 2^12 of
 * random primes of the engines' list (2^30 | p - 1, below 2^62) and of small and mid-size NTT
 * primes (3, 97, 998244353, a prime below 2^50), random lengths 2^13 .. 2^24 each run (seed
 * printed), 2^22 (the first length with quotients only) and 2^25 (the tables of a 2^24 x 2^24
 * product).
 */
@Tag("gpu")
class NttTablesDeviceTest {

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    // Every table of (p, log2n) from the device equals the host's.
    private static void check(long p, int log2n) {
        String what = "p=" + p + " log2n=" + log2n;
        GpuRuntime.get().enterContext();
        try (NttTables t = NttTables.build(p, log2n, true)) {
            for (boolean inverse : new boolean[] {false, true}) {
                String dir = inverse ? " inverse" : " forward";
                long[] shoup = NttTables.hostShoup(p, log2n, inverse);
                long[] got = NttTables.download(t.shoup(inverse));
                assertEquals((1 << log2n) + NttTables.quotientOffset(log2n), got.length, "words " + what);
                assertArrayEquals(shoup, got, "Shoup table" + dir + " " + what);
                assertArrayEquals(NttTables.hostMontgomery(p, log2n, inverse),
                        NttTables.download(t.montgomery(inverse)), "Montgomery table" + dir + " " + what);
                if (log2n < NttPrimes.twoAdicOrder(p)) { // psi, a 2^(log2n + 1)-th root, exists
                    assertArrayEquals(NttTables.hostPowers(p, log2n, inverse),
                            NttTables.download(inverse ? t.untwist() : t.twist()), "twists" + dir + " " + what);
                }
            }
        }
    }

    @Test
    void deviceTablesEqualTheHostBuildersBitForBit() {
        Random rnd = new Random(GpuTests.seed("deviceTablesEqualTheHostBuildersBitForBit"));
        long[] engines = NttPrimes.generate(40, 1L << 62, 30); // GpuPolyMultiplier's list
        List<Long> primes = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            primes.add(engines[rnd.nextInt(engines.length)]);
        }
        primes.add(NttPrimes.largestBelow(1L << 50, 30));
        primes.add(998244353L); // 2^23 | p - 1
        primes.add(97L); // 2^5 | p - 1
        primes.add(3L); // 2 | p - 1
        for (long p : primes) {
            int max = Math.min(NttPrimes.twoAdicOrder(p), 12);
            for (int log2n = 1; log2n <= max; log2n++) {
                check(p, log2n);
            }
        }
        for (int k = 0; k < 4; k++) {
            long p = engines[rnd.nextInt(engines.length)];
            check(p, 13 + rnd.nextInt(12)); // 2^13 .. 2^24
        }
        check(998244353L, 13 + rnd.nextInt(11)); // up to its 2^23
        check(engines[rnd.nextInt(engines.length)], NttTables.QUOTIENT_MIN_LOG2N);
        check(engines[rnd.nextInt(engines.length)], 25);
    }

    @Test
    void theCacheBuildsOnTheDeviceUnlessTheHostIsAsked() {
        long p = NttPrimes.generate(40, 1L << 62, 30)[7];
        int log2n = 14;
        GpuRuntime.get().enterContext();
        NttTables.clearCache();
        String before = System.getProperty(NttTables.HOST_TABLES_PROPERTY);
        try {
            long[] device = NttTables.download(NttTables.of(p, log2n).shoup(true));
            NttTables.clearCache();
            System.setProperty(NttTables.HOST_TABLES_PROPERTY, "true");
            long[] host = NttTables.download(NttTables.of(p, log2n).shoup(true));
            assertArrayEquals(NttTables.hostShoup(p, log2n, true), host, "host-built, cached");
            assertArrayEquals(host, device, "device-built, cached");
        } finally {
            if (before == null) {
                System.clearProperty(NttTables.HOST_TABLES_PROPERTY);
            } else {
                System.setProperty(NttTables.HOST_TABLES_PROPERTY, before);
            }
            NttTables.clearCache();
        }
    }
}
