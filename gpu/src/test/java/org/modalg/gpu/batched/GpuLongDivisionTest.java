package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.put;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The GPU engine's schoolbook long division ({@link GpuLongDivision}, the route
 * {@link GpuNewtonDivision#divide} takes where {@link GpuNewtonDivision#prefersLong} holds) bit for
 * bit against {@link CpuBatchedIntegerEngine} on random inputs every run (seed printed) and the
 * adversarial ones: divisors just above a power of the base (B^k + 1, B^k + B^(k-1)), quotients 0
 * and 1 (u &lt; v, u = v, v &lt; u &lt; 2 v), all-ones limbs, one-limb divisors, a top limb of 1,
 * the add-back step (a digit estimate one too large), divisor lengths that are not multiples of
 * the lanes per instance, at the strides where the rule takes 4, 8, 16 and 32 lanes; the register
 * kernels (divisors up to 512 limbs) at every divisor class, with divisors filling their T L limbs
 * exactly; the shared-memory kernels forced on the same adversarial set; a batch split
 * between the long division and Newton; a sample against BigInteger; every instance on the device
 * (none flagged back to the CPU); a zero divisor's exception naming its instance.
 */
@Tag("gpu")
class GpuLongDivisionTest extends GpuBatchedFixture {
    @Override
    List<Class<?>> logged() {
        return List.of(GpuLongDivision.class, GpuNewtonDivision.class);
    }

    // Instance pat of strides sa, sb: u < B^sa, 0 < v < B^sb.
    private static BigInteger[] instance(Random rnd, int pat, int sa, int sb) {
        return instance(rnd, pat, sa, sb, 1 + rnd.nextInt(sb)); // divisor limbs, any length (not multiples of T)
    }

    // Instance pat with a divisor of about nb limbs (exactly nb for the random and most adversarial ones).
    private static BigInteger[] instance(Random rnd, int pat, int sa, int sb, int nb) {
        BigInteger p = B.pow(nb - 1);
        BigInteger top = B.pow(sa);
        BigInteger v;
        BigInteger u = new BigInteger(64 * (1 + rnd.nextInt(sa)), rnd);
        switch (pat % 14) {
            case 1: v = p.add(BigInteger.ONE); break;                          // just above B^k
            case 2: v = p.add(p.shiftRight(64)).max(BigInteger.ONE); break;  // B^k + B^(k-1)
            case 3: v = B.pow(nb).subtract(BigInteger.ONE); u = top.subtract(BigInteger.ONE); break; // all ones
            case 4: v = p.multiply(BigInteger.ONE).add(new BigInteger(64 * (nb - 1), rnd).mod(p)); break; // top 1
            case 5: v = new BigInteger(64, rnd).max(BigInteger.ONE); break;   // one limb
            case 6: v = new BigInteger(64 * nb, rnd).max(BigInteger.TWO); u = v.subtract(BigInteger.ONE); break; // q = 0
            case 7: v = new BigInteger(64 * nb, rnd).max(BigInteger.ONE); u = v; break; // q = 1, r = 0
            case 8: v = new BigInteger(64 * nb, rnd).setBit(64 * nb - 1); u = v.add(v.shiftRight(1)); break; // q = 1
            case 9: u = BigInteger.ZERO; v = new BigInteger(64 * nb, rnd).max(BigInteger.ONE); break;
            case 10: // the add-back: u = (2^63 - 1, 2^63, 0, 0) B^o, v = (2^63, 0, 1) B^o
                if (sa >= 4 && sb >= 3) {
                    int o = Math.min(sa - 4, sb - 3);
                    BigInteger h = BigInteger.ONE.shiftLeft(63);
                    u = h.subtract(BigInteger.ONE).multiply(B).add(h).multiply(B.pow(2 + o));
                    v = h.multiply(B.pow(2)).add(BigInteger.ONE).multiply(B.pow(o));
                    break;
                }
                v = BigInteger.ONE;
                break;
            case 11: v = BigInteger.ONE; break;
            case 12: v = p.shiftLeft(1).subtract(BigInteger.ONE).max(BigInteger.ONE); break; // 2 B^k - 1
            default: v = new BigInteger(64 * nb, rnd).max(BigInteger.ONE); break;
        }
        return new BigInteger[] {u.min(top.subtract(BigInteger.ONE)), v};
    }

    private void check(long seed, int sa, int sb, int count) {
        checkDivision(seed, sa, sb, count, 7, (rnd, x, y) -> instance(rnd, rnd.nextInt(2) == 0 ? rnd.nextInt(14) : 0, x, y));
    }

    @Test
    void equalsTheCpuEngineOnRandomAndAdversarialBatches() {
        long seed = GpuTests.seed("GpuLongDivisionTest");
        // strides where the rule takes T = 4 (up to ~130 limbs), 8, 16 and 32 lanes
        int[][] shapes = {{1, 1}, {2, 1}, {3, 2}, {5, 3}, {7, 5}, {13, 6}, {31, 17}, {70, 35}, {126, 64},
            {130, 9}, {250, 125}, {251, 37}, {500, 250}, {509, 3}, {1000, 500}, {1021, 600}, {40, 70}};
        for (int[] s : shapes) {
            int count = s[0] <= 260 ? 700 : 90;
            check(seed + s[0] * 31L + s[1], s[0], s[1], count);
        }
    }

    @Test
    void theRegisterKernelsAtFullWidthEqualTheCpuEngine() {
        // divisors of exactly 2^c limbs fill the register kernel's T L limbs (no position below the
        // window), adversarial patterns on every other instance, and dividends of 2^(c+1) + 3 limbs
        long seed = GpuTests.seed("GpuLongDivisionTest full width");
        for (int c = 0; c <= 9; c++) {
            int sb = 1 << c;
            int sa = 2 * sb + 3;
            int[] tl = GpuLongDivision.registerShape(sb);
            assertTrue(tl != null && tl[0] * tl[1] >= sb, "class " + c);
            checkDivision(seed + c, sa, sb, c <= 6 ? 600 : 120, 7,
                    (rnd, x, y) -> instance(rnd, rnd.nextInt(2) == 0 ? rnd.nextInt(14) : 0, x, y, y));
        }
    }

    @Test
    void theSharedMemoryKernelsStillEqualTheCpuEngine() {
        // the kernels every divisor above 512 limbs takes, forced on the smaller shapes too
        long seed = GpuTests.seed("GpuLongDivisionTest shared");
        int[][] shapes = {{2, 1}, {7, 5}, {31, 17}, {126, 64}, {251, 37}, {500, 250}, {1021, 600}};
        GpuLongDivision.sharedKernelsForTests = true;
        try {
            for (int[] s : shapes) {
                check(seed + s[0] * 31L + s[1], s[0], s[1], s[0] <= 260 ? 400 : 60);
            }
        } finally {
            GpuLongDivision.sharedKernelsForTests = false;
        }
    }

    @Test
    void aBatchSplitBetweenTheRoutesEqualsTheCpuEngine() {
        // 2^18-bit dividends: short divisors go to the long division, divisors of 1500 .. 2048 limbs
        // to Newton (GpuNewtonDivision.prefersLong); both in one call
        long seed = GpuTests.seed("GpuLongDivisionTest split");
        Random rnd = new Random(seed);
        int sa = 4096;
        int sb = 2048;
        int count = 24;
        long[] a = new long[count * sa];
        long[] b = new long[count * sb];
        int longs = 0;
        for (int i = 0; i < count; i++) {
            int nb = i % 2 == 0 ? 1 + rnd.nextInt(40) : 1500 + rnd.nextInt(549);
            BigInteger v = new BigInteger(64 * nb, rnd).setBit(64 * nb - 1 - rnd.nextInt(64));
            BigInteger u = new BigInteger(64 * (sa - 2), rnd);
            put(u, a, i * sa, sa);
            put(v, b, i * sb, sb);
            longs += GpuNewtonDivision.prefersLong((u.bitLength() + 63) / 64, (v.bitLength() + 63) / 64) ? 1 : 0;
        }
        String msg = "seed=" + seed;
        assertTrue(longs > 0 && longs < count, msg + ": " + longs + " of " + count + " by the long division");
        long[] wq = new long[count * sa];
        long[] wr = new long[count * sb];
        CPU.divideAndRemainder(a, 0, sa, b, 0, sb, wq, 0, wr, 0, count, ONE);
        long[] q = new long[count * sa];
        long[] r = new long[count * sb];
        long before = gpu.divisionForTests().cpuInstances();
        assertTrue(gpu.divideAndRemainder(a, 0, sa, b, 0, sb, q, 0, r, 0, count, ONE));
        assertArrayEquals(wq, q, msg + " quotients");
        assertArrayEquals(wr, r, msg + " remainders");
        assertEquals(before, gpu.divisionForTests().cpuInstances(), msg);
        // quotient only and remainder only
        long[] q2 = new long[count * sa];
        assertTrue(gpu.divideAndRemainder(a, 0, sa, b, 0, sb, q2, 0, null, 0, count, ONE));
        assertArrayEquals(wq, q2, msg + " quotients alone");
        long[] r2 = new long[count * sb];
        assertTrue(gpu.divideAndRemainder(a, 0, sa, b, 0, sb, null, 0, r2, 0, count, ONE));
        assertArrayEquals(wr, r2, msg + " remainders alone");
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void aZeroDivisorIsRejectedNamingItsInstance() {
        int sa = 8;
        int sb = 4;
        int count = 5000;
        long[] a = new long[count * sa];
        long[] b = new long[count * sb];
        for (int i = 0; i < count; i++) {
            a[i * sa] = i + 7;
            b[i * sb + (i % sb)] = i == 4321 ? 0 : 3;
        }
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> gpu.divideAndRemainder(a, 0, sa, b, 0, sb, new long[count * sa], 0, null, 0, count, ONE));
        assertTrue(e.getMessage().contains("instance 4321"), e.getMessage());
    }
}
