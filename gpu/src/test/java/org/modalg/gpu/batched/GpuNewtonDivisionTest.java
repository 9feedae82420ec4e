package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;
import static org.modalg.fft.BigIntegerLimbs.put;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The GPU engine's Newton division ({@link GpuNewtonDivision}) bit for bit against
 * {@link CpuBatchedIntegerEngine} on random inputs every run (seed printed) and adversarial ones
 * (divisors B^k, B^k + 1, all-ones, 2 B^k - 1, a leading limb 1, divisors of mixed lengths in one
 * batch, one-limb divisors, batches of the division paper's mixed divisor lengths run as several
 * groups of like shape, dividends below the divisor, equal to it, all ones, zero), dividend
 * and divisor strides that are not powers of two; a sample against BigInteger; every instance on
 * the device (none flagged back to the CPU); and the fallback after a device fault.
 */
@Tag("gpu")
class GpuNewtonDivisionTest extends GpuBatchedFixture {
    @Override
    List<Class<?>> logged() {
        return List.of(GpuNewtonDivision.class, GpuLongDivision.class);
    }

    // An adversarial or random divisor of at most sb limbs (nonzero) and dividend of sa limbs.
    private static BigInteger[] instance(Random rnd, int pat, int sa, int sb) {
        int k = sb == 1 ? 0 : rnd.nextInt(4) == 0 ? rnd.nextInt(sb) : sb - 1; // mixed lengths
        BigInteger p = B.pow(k);
        BigInteger v;
        switch (pat % 9) {
            case 1: v = p; break;
            case 2: v = p.add(BigInteger.ONE); break;
            case 3: v = p.multiply(B).subtract(BigInteger.ONE); break;
            case 4: v = p.shiftLeft(1).subtract(BigInteger.ONE); break;
            case 5: v = p.add(new BigInteger(64 * Math.max(k, 1), rnd).mod(p.max(BigInteger.ONE))); break;
            default: v = new BigInteger(64 * (k + 1), rnd).max(BigInteger.ONE); break;
        }
        BigInteger u;
        BigInteger top = B.pow(sa);
        switch (pat % 7) {
            case 1: u = top.subtract(BigInteger.ONE); break;
            case 2: u = BigInteger.ZERO; break;
            case 3: u = v.subtract(BigInteger.ONE).min(top.subtract(BigInteger.ONE)); break;
            case 4: u = v.min(top.subtract(BigInteger.ONE)); break;
            case 5: u = top.subtract(BigInteger.ONE).subtract(top.subtract(BigInteger.ONE).mod(v)); break;
            default: u = new BigInteger(64 * sa, rnd); break;
        }
        return new BigInteger[] {u, v};
    }

    private void check(long seed, int sa, int sb, int count) {
        checkDivision(seed, sa, sb, count, 5, (rnd, x, y) -> instance(rnd, rnd.nextInt(3) == 0 ? rnd.nextInt(63) : 0, x, y));
    }

    @Test
    void equalsTheCpuEngineOnRandomAndAdversarialBatches() {
        long seed = GpuTests.seed("GpuNewtonDivisionTest");
        int[][] shapes = {{2, 1}, {3, 1}, {4, 2}, {5, 3}, {7, 2}, {9, 9}, {17, 8}, {33, 17}, {40, 3}, {64, 32},
            {100, 49}, {129, 64}, {257, 100}, {300, 7}, {513, 255}, {700, 600}, {1024, 512}, {2000, 999}, {10, 40}};
        for (int[] s : shapes) {
            int count = s[0] <= 300 ? 301 : 37;
            check(seed + s[0] * 31L + s[1], s[0], s[1], count);
        }
    }

    @Test
    void groupsOfMixedDivisorLengthsEqualTheCpuEngine() {
        // the division paper's data: dividends of sa - 2 limbs, divisors of a random 1 .. sb limbs,
        // enough instances that the batch runs as several groups (checked on the same lengths)
        long seed = GpuTests.seed("GpuNewtonDivisionTest groups");
        Random rnd = new Random(seed);
        for (int[] s : new int[][] {{600, 300, 2000}, {160, 80, 20000}, {301, 150, 6000}}) {
            int sa = s[0];
            int sb = s[1];
            int count = s[2];
            long[] a = new long[count * sa];
            long[] b = new long[count * sb];
            int[] kv = new int[count];
            int[] nv = new int[count];
            for (int i = 0; i < count; i++) {
                int nb = 1 + rnd.nextInt(sb);
                BigInteger v = i % 17 == 0 ? B.pow(nb).subtract(BigInteger.ONE) : i % 19 == 0 ? B.pow(nb - 1)
                        : new BigInteger(64 * nb, rnd).setBit(64 * nb - 1);
                BigInteger u = i % 23 == 0 ? B.pow(sa - 2).subtract(BigInteger.ONE)
                        : new BigInteger(64 * (sa - 2), rnd);
                put(u, a, i * sa, sa);
                put(v, b, i * sb, sb);
                kv[i] = nb - 1;
                nv[i] = Math.max(2, (u.bitLength() + 63) / 64 - kv[i]);
            }
            String msg = "seed=" + seed + " " + sa + " / " + sb + " limbs x " + count;
            assertTrue(GpuNewtonDivision.groups(kv, nv).size() > 1, msg + ": one group");
            long[] wq = new long[count * sa];
            long[] wr = new long[count * sb];
            CPU.divideAndRemainder(a, 0, sa, b, 0, sb, wq, 0, wr, 0, count, ONE);
            long[] q = new long[count * sa];
            long[] r = new long[count * sb];
            long before = gpu.divisionForTests().cpuInstances();
            assertTrue(gpu.divideAndRemainder(a, 0, sa, b, 0, sb, q, 0, r, 0, count, ONE));
            assertArrayEquals(wq, q, msg + " quotients");
            assertArrayEquals(wr, r, msg + " remainders");
            assertEquals(before, gpu.divisionForTests().cpuInstances(), msg + ": instances sent back to the CPU");
            for (int i = 0; i < count; i += 97) {
                BigInteger[] qr = big(a, i * sa, sa).divideAndRemainder(big(b, i * sb, sb));
                assertEquals(qr[0], big(q, i * sa, sa), msg + " instance " + i);
                assertEquals(qr[1], big(r, i * sb, sb), msg + " instance " + i);
            }
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void aDeviceFaultLeavesTheBatchToTheCpu() {
        // the long division's route (these sizes), then Newton's (2^18-bit dividends by divisors of
        // 1900 .. 2048 limbs: GpuNewtonDivision.prefersLong says Newton)
        long seed = GpuTests.seed("GpuNewtonDivisionTest fault");
        Random rnd = new Random(seed);
        int[][] shapes = {{50, 20, 40}, {4096, 2048, 6}};
        for (int[] sh : shapes) {
            int sa = sh[0];
            int sb = sh[1];
            int count = sh[2];
            long[] a = new long[count * sa];
            long[] b = new long[count * sb];
            for (int i = 0; i < count; i++) {
                BigInteger[] uv = sa > 1000
                        ? new BigInteger[] {new BigInteger(64 * sa - 1, rnd),
                            new BigInteger(64 * (1900 + rnd.nextInt(149)), rnd).setBit(64 * 1900)}
                        : instance(rnd, i, sa, sb);
                put(uv[0], a, i * sa, sa);
                put(uv[1], b, i * sb, sb);
            }
            warnings.clear();
            faultThenDevice(a, b, sa, sb, count, "seed=" + seed + " " + sa + " / " + sb);
        }
    }

    private void faultThenDevice(long[] a, long[] b, int sa, int sb, int count, String msg) {
        long[] wq = new long[count * sa];
        long[] wr = new long[count * sb];
        CPU.divideAndRemainder(a, 0, sa, b, 0, sb, wq, 0, wr, 0, count, ONE);
        try (GpuBatchedIntegerEngine fresh = new GpuBatchedIntegerEngine(0, 0)) {
            fresh.divisionForTests().injectFaultForTests(CUresult.CUDA_ERROR_LAUNCH_FAILED);
            long[] q = new long[count * sa];
            long[] r = new long[count * sb];
            assertTrue(fresh.divideAndRemainder(a, 0, sa, b, 0, sb, q, 0, r, 0, count, ONE));
            assertArrayEquals(wq, q, msg);
            assertArrayEquals(wr, r, msg);
            assertEquals(1, warnings.size(), msg + " " + warnings);
            assertTrue(warnings.get(0).contains("run on the CPU"), warnings.get(0));
            assertEquals(count, fresh.divisionForTests().cpuInstances());
            // the next call runs on the device again; q only, r only
            long[] q2 = new long[count * sa];
            assertTrue(fresh.divideAndRemainder(a, 0, sa, b, 0, sb, q2, 0, null, 0, count, ONE));
            assertArrayEquals(wq, q2, msg);
            long[] r2 = new long[count * sb];
            assertTrue(fresh.divideAndRemainder(a, 0, sa, b, 0, sb, null, 0, r2, 0, count, ONE));
            assertArrayEquals(wr, r2, msg);
            assertEquals(count, fresh.divisionForTests().cpuInstances());
        }
    }
}
