package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;
import static org.modalg.fft.BigIntegerLimbs.put;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The shared setup of the device tests of the batched engine: the tests skip (with the reason
 * printed) without a usable GPU, share one device engine, take the CPU engine as the oracle, and
 * read the warnings of the classes {@link #logged()} names.
 */
abstract class GpuBatchedFixture {
    static final CpuBatchedIntegerEngine CPU = CpuBatchedIntegerEngine.shared();
    static final Options ONE = Options.defaults().withThreads(1);
    /** The limb base 2^64. */
    static final BigInteger B = BigInteger.ONE.shiftLeft(64);
    /** The device engine of every test (made at the first test that runs on a GPU). */
    static GpuBatchedIntegerEngine gpu;
    /** The warnings logged by {@link #logged()} during the current test. */
    final List<String> warnings = new ArrayList<>();
    private final Handler capture = new LogCapture(warnings);

    /** The classes whose warnings the tests read. */
    abstract List<Class<?>> logged();

    /** An instance (u, v) of a division batch: u below B^sa, 0 &lt; v below B^sb. */
    interface DivisionInstance {
        BigInteger[] make(Random rnd, int sa, int sb);
    }

    /**
     * A division batch of count instances (dividends of sa limbs, divisors of sb, at offsets and
     * output offsets that are not zero) on the device, against the CPU engine limb for limb, with
     * no instance sent back to the CPU and no warning, and every {@code sampleEvery}-th instance
     * against BigInteger's divideAndRemainder (an oracle independent of both engines).
     */
    void checkDivision(long seed, int sa, int sb, int count, int sampleEvery, DivisionInstance instance) {
        Random rnd = new Random(seed);
        long[] a = new long[count * sa + 3];
        long[] b = new long[count * sb + 2];
        for (int i = 0; i < count; i++) {
            BigInteger[] uv = instance.make(rnd, sa, sb);
            put(uv[0], a, 3 + i * sa, sa);
            put(uv[1], b, 2 + i * sb, sb);
        }
        long[] q = new long[count * sa + 1];
        long[] r = new long[count * sb + 5];
        long[] wq = q.clone();
        long[] wr = r.clone();
        CPU.divideAndRemainder(a, 3, sa, b, 2, sb, wq, 1, wr, 5, count, ONE);
        long before = gpu.divisionForTests().cpuInstances();
        assertTrue(gpu.divideAndRemainder(a, 3, sa, b, 2, sb, q, 1, r, 5, count, ONE));
        String msg = "seed=" + seed + " " + sa + " / " + sb + " limbs x " + count;
        assertArrayEquals(wq, q, msg + " quotients");
        assertArrayEquals(wr, r, msg + " remainders");
        assertEquals(before, gpu.divisionForTests().cpuInstances(), msg + ": instances sent back to the CPU");
        for (int i = 0; i < count; i += Math.max(1, count / sampleEvery)) {
            BigInteger[] qr = big(a, 3 + i * sa, sa).divideAndRemainder(big(b, 2 + i * sb, sb));
            assertEquals(qr[0], big(q, 1 + i * sa, sa), msg + " instance " + i);
            assertEquals(qr[1], big(r, 5 + i * sb, sb), msg + " instance " + i);
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @BeforeEach
    void startFixture() {
        GpuTests.assumeGpu();
        if (gpu == null) {
            gpu = new GpuBatchedIntegerEngine(0, 0);
        }
        for (Class<?> c : logged()) {
            Logger.getLogger(c.getName()).addHandler(capture);
        }
    }

    @AfterEach
    void stopFixture() {
        for (Class<?> c : logged()) {
            Logger.getLogger(c.getName()).removeHandler(capture);
        }
    }
}
