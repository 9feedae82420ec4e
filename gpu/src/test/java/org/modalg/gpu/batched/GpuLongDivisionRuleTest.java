package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The long division's launch rule and cost model ({@link GpuLongDivision#lanes},
 * {@link GpuLongDivision#launch}, {@link GpuLongDivision#registerShape}, {@link GpuLongDivision#cost})
 * and the route chosen per instance
 * ({@link GpuNewtonDivision#prefersLong}), without a device: the lanes are the fewest within the
 * shared-memory bound (checked against the bound directly on random lengths, seed printed, and
 * at the sizes measured on the H100), a launch shape never exceeds the shared memory it is given,
 * and the route agrees with the measurements it comes from (the division paper's data: the long
 * division at 2^11 .. 2^16 bits, Newton for the largest divisors at 2^18 bits).
 */
class GpuLongDivisionRuleTest {
    private static long seed(String what) {
        long seed = System.nanoTime();
        System.out.println(what + " seed = " + seed);
        return seed;
    }

    private static long perInstance(int nu, int nv) {
        return 8L * (GpuLongDivision.ulen(nu, nv) + GpuLongDivision.vlen(nv));
    }

    @Test
    void lanesAreTheFewestWithinTheBound() {
        long seed = seed("lanes");
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 2000; trial++) {
            int nu = rnd.nextInt(trial < 1000 ? 600 : 40000);
            int nv = rnd.nextInt(trial % 3 == 0 ? 8 : 20000);
            int t = GpuLongDivision.lanes(nu, nv);
            String msg = "seed=" + seed + " nu=" + nu + " nv=" + nv + " T=" + t;
            assertTrue(t == 4 || t == 8 || t == 16 || t == 32, msg);
            long per = perInstance(nu, nv);
            assertTrue(t == 32 || (128 / t) * per <= GpuLongDivision.RULE_BLOCK_BYTES, msg + ": beyond the bound");
            assertTrue(t == 4 || (128 / (t / 2)) * per > GpuLongDivision.RULE_BLOCK_BYTES, msg + ": not the fewest");
            assertTrue(GpuLongDivision.lanes(nu + 1 + rnd.nextInt(100), nv) >= t, msg + ": not monotone");
        }
        // the paper's sizes as measured: T = 4 at 2^11 .. 2^13 bits, 8 at 2^14, 16 at 2^15, 32 from 2^16
        assertEquals(4, GpuLongDivision.lanes(30, 16));
        assertEquals(4, GpuLongDivision.lanes(126, 64));
        assertEquals(8, GpuLongDivision.lanes(254, 128));
        assertEquals(16, GpuLongDivision.lanes(510, 256));
        assertEquals(32, GpuLongDivision.lanes(1022, 512));
        assertEquals(32, GpuLongDivision.lanes(4094, 2048));
        assertEquals(4, GpuLongDivision.lanes(0, 1));
    }

    @Test
    void launchShapesFitTheSharedMemory() {
        long seed = seed("launch");
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 2000; trial++) {
            int nu = rnd.nextInt(40000);
            int nv = 1 + rnd.nextInt(20000);
            int shared = rnd.nextBoolean() ? 227 * 1024 : 48 * 1024;
            int lanes = 4 << rnd.nextInt(4);
            int[] wt = GpuLongDivision.launch(lanes, nu, nv, shared);
            long per = perInstance(nu, nv);
            String msg = "seed=" + seed + " nu=" + nu + " nv=" + nv + " T=" + lanes + " shared=" + shared;
            if (per > shared) {
                assertNull(wt, msg);
                continue;
            }
            assertNotNull(wt, msg);
            int w = wt[0];
            int t = wt[1];
            assertTrue(w == 1 || w == 2 || w == 4, msg);
            assertTrue(t >= lanes && t <= 32, msg);
            assertTrue((long) (32 * w / t) * per <= shared, msg + ": " + w + " warps, T=" + t);
        }
    }

    @Test
    void theRegisterShapeHoldsTheDivisorUpTo512Limbs() {
        for (int nv = 0; nv <= 4096; nv++) {
            int[] tl = GpuLongDivision.registerShape(nv);
            if (nv > 512) {
                assertNull(tl, "nv=" + nv);
                continue;
            }
            assertNotNull(tl, "nv=" + nv);
            int t = tl[0];
            int l = tl[1];
            // the kernel's divisor n = nv + (nv == 1 ? 1 : 0) limbs must fit T L, its layout needs T L >= 4
            assertTrue(t == 4 || t == 8 || t == 16 || t == 32, "nv=" + nv + " T=" + t);
            assertTrue(l == 1 || l == 2 || l == 4 || l == 8 || l == 16, "nv=" + nv + " L=" + l);
            assertTrue(t * l >= Math.max(4, nv + (nv == 1 ? 1 : 0)), "nv=" + nv + ": " + t + " x " + l);
            assertTrue(t * l <= Math.max(4, 8 * nv), "nv=" + nv + ": mostly idle lanes");
            assertEquals("bdr_div_t" + t + "_l" + l, GpuLongDivision.registerKernel(t, l));
        }
        assertEquals(GpuLongDivision.REGISTER.length, GpuLongDivision.REGISTER_NS_PER_STEP.length);
    }

    @Test
    void theCostGrowsWithTheQuotientAndTheDivisor() {
        double last = 0;
        for (int nu = 0; nu <= 5000; nu += 50) {
            double c = GpuLongDivision.cost(nu, 100);
            assertTrue(c > 0 && c >= last, "nu=" + nu);
            last = c;
        }
        for (int nv = 1; nv < 2048; nv++) {
            assertTrue(GpuLongDivision.cost(4096, nv) > 0);
            // more divisor limbs in the same class cost the same per step; the next class at least as much
            int c = GpuLongDivision.divisorClass(nv);
            assertTrue(c >= 0 && c <= 12 && (nv <= 1 || 1 << c >= nv) && (c <= 1 || 1 << (c - 1) < nv), "nv=" + nv);
        }
        assertEquals(12, GpuLongDivision.divisorClass(1 << 20));
    }

    @Test
    void theRouteFollowsTheMeasurements() {
        long seed = seed("route");
        Random rnd = new Random(seed);
        // the division paper's data: u of M - 2 limbs, v of 2 .. M/2 limbs; the long division measured
        // 4.5x-20x faster than Newton grouped at 2^11 .. 2^15 bits and 1.66x at 2^16
        for (int m : new int[] {32, 64, 128, 256, 512}) {
            for (int x = 0; x < 200; x++) {
                int nv = 2 + rnd.nextInt(m / 2 - 1);
                assertTrue(GpuNewtonDivision.prefersLong(m - 2, nv), "seed=" + seed + " M=" + m + " nv=" + nv);
            }
        }
        // quotients of a few limbs and dividends below the divisor: the long division
        assertTrue(GpuNewtonDivision.prefersLong(2000, 1999));
        assertTrue(GpuNewtonDivision.prefersLong(5, 9));
        assertTrue(GpuNewtonDivision.prefersLong(4094, 2));
        // 2^18 bits, divisors of 2048 limbs: Newton (one shape 80 ms against the long division's 550)
        assertFalse(GpuNewtonDivision.prefersLong(4096, 2048));
        assertFalse(GpuNewtonDivision.prefersLong(4094, 1500));
        for (int nv = 1900; nv <= 2048; nv++) { // GpuNewtonDivisionTest's fault on the Newton route
            assertFalse(GpuNewtonDivision.prefersLong(4096, nv), "nv=" + nv);
        }
    }
}
