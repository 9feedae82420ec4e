package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;
import static org.modalg.fft.BigIntegerLimbs.put;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The division's grouping by shape ({@link GpuNewtonDivision#groups}, {@link
 * GpuNewtonDivision#divideGrouped}) without a device: the groups partition the batch and cover
 * every member's shape, their modelled time never exceeds one shape's, small batches stay one
 * group and the division paper's data (divisors of 2 .. M/2 limbs) splits; and the grouped
 * division, with the CPU engine standing in for the device's schedule (it checks that every
 * member's shifted divisor has the group's length and its shifted dividend fits the group's h),
 * gives BigInteger's quotients and remainders on batches of mixed divisor and dividend lengths,
 * random every run (seed printed) and adversarial (one-limb divisors, B^k, all-ones, zero
 * dividends, dividends below the divisor).
 */
class GpuNewtonDivisionGroupsTest {
    private static final CpuBatchedIntegerEngine CPU = CpuBatchedIntegerEngine.shared();
    private static final Options ONE = Options.defaults().withThreads(1);
    private static final BigInteger B = BigInteger.ONE.shiftLeft(64);

    private static long seed(String what) {
        long seed = System.nanoTime();
        System.out.println(what + " seed = " + seed);
        return seed;
    }

    private static void checkPartition(int[] kv, int[] nv, List<GpuNewtonDivision.Group> groups, String msg) {
        int[] seen = new int[kv.length];
        double sum = 0;
        int k = 1;
        int n = 2;
        for (GpuNewtonDivision.Group g : groups) {
            assertTrue(g.k >= 1 && g.n >= 2, msg);
            assertTrue(g.members.length > 0, msg + ": an empty group");
            for (int x = 0; x < g.members.length; x++) {
                int i = g.members[x];
                assertTrue(x == 0 || g.members[x - 1] < i, msg + ": members not ascending");
                seen[i]++;
                assertTrue(kv[i] <= g.k && nv[i] <= g.n, msg + ": instance " + i + " beyond its group's shape");
            }
            sum += GpuNewtonDivision.cost(g.k + g.n, g.k, g.members.length);
        }
        for (int i = 0; i < kv.length; i++) {
            assertEquals(1, seen[i], msg + ": instance " + i + " in " + seen[i] + " groups");
            k = Math.max(k, kv[i]);
            n = Math.max(n, nv[i]);
        }
        double one = GpuNewtonDivision.cost(k + n, k, kv.length);
        assertTrue(sum <= one * (1 + 1e-9), msg + ": modelled " + sum + " s against one shape's " + one);
    }

    @Test
    void groupsPartitionTheBatchAndNeverCostMoreThanOneShape() {
        long seed = seed("groups");
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 40; trial++) {
            int count = 1 + rnd.nextInt(trial < 20 ? 50 : 20000);
            int maxK = 1 + rnd.nextInt(trial % 2 == 0 ? 40 : 3000);
            int[] kv = new int[count];
            int[] nv = new int[count];
            for (int i = 0; i < count; i++) {
                kv[i] = rnd.nextInt(maxK + 1);
                nv[i] = 2 + rnd.nextInt(1 + rnd.nextInt(maxK + 2));
            }
            checkPartition(kv, nv, GpuNewtonDivision.groups(kv, nv), "seed=" + seed + " trial " + trial);
        }
        assertTrue(GpuNewtonDivision.groups(new int[0], new int[0]).isEmpty());
    }

    @Test
    void smallBatchesStayOneShapeAndThePapersDataSplits() {
        // a few instances: a second schedule's launches cost more than any shift
        int[] kv = {1, 200, 3, 100};
        int[] nv = {500, 2, 300, 40};
        assertEquals(1, GpuNewtonDivision.groups(kv, nv).size());
        // the division paper's data at 2^16 bits: u of M - 2 limbs, v of 2 .. M/2 limbs, 2^16 instances
        long seed = seed("paper data");
        Random rnd = new Random(seed);
        int m = 1024;
        int count = 1 << 16;
        kv = new int[count];
        nv = new int[count];
        for (int i = 0; i < count; i++) {
            kv[i] = 1 + rnd.nextInt(m / 2 - 1);
            nv[i] = Math.max(2, m - 2 - kv[i]);
        }
        List<GpuNewtonDivision.Group> groups = GpuNewtonDivision.groups(kv, nv);
        assertTrue(groups.size() > 1, "seed=" + seed + ": " + groups.size() + " group");
        checkPartition(kv, nv, groups, "seed=" + seed + " paper data");
        // identical shapes always share a group
        int[] same = new int[count];
        java.util.Arrays.fill(same, 7);
        int[] samen = new int[count];
        java.util.Arrays.fill(samen, 900);
        assertEquals(1, GpuNewtonDivision.groups(same, samen).size());
    }

    private static int significant(long[] x, int off, int len) {
        int n = len;
        while (n > 0 && x[off + n - 1] == 0) {
            n--;
        }
        return n;
    }

    /** The CPU engine in the device's place, checking the shape contract of each call. */
    private static final class Recorder implements GpuNewtonDivision.ShapeRunner {
        final List<Integer> counts = new ArrayList<>();
        final boolean declineFirst;

        Recorder(boolean declineFirst) {
            this.declineFirst = declineFirst;
        }

        @Override
        public boolean run(GpuNewtonDivision.Shape p, int[] shift, long[] a, int aOff, int sa, long[] b, int bOff,
                int sb, long[] q, int qOff, long[] r, int rOff, int count, Options options) {
            assertEquals(count, shift.length);
            for (int i = 0; i < count; i++) {
                int nb = significant(b, bOff + i * sb, sb);
                assertEquals(p.k, nb - 1 + shift[i], "instance " + i + ": shifted divisor's top limb");
                assertTrue(significant(a, aOff + i * sa, sa) + shift[i] <= p.h, "instance " + i + ": dividend");
                assertTrue(p.h >= p.k + 2);
            }
            counts.add(count);
            if (declineFirst && counts.size() == 1) {
                return false; // as a shape beyond the product kernels: the CPU takes the group
            }
            CPU.divideAndRemainder(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, count, options);
            return true;
        }
    }

    private static void divideAndCompare(long seed, int sa, int sb, int count, boolean declineFirst, int minGroups,
            boolean halves) {
        Random rnd = new Random(seed);
        long[] a = new long[count * sa + 3];
        long[] b = new long[count * sb + 2];
        BigInteger[][] uv = new BigInteger[count][];
        for (int i = 0; i < count; i++) {
            int pat = rnd.nextInt(4) == 0 ? rnd.nextInt(8) : 0;
            int k = pat == 1 ? 0 : 1 + rnd.nextInt(sb);
            BigInteger v;
            switch (pat) {
                case 2: v = B.pow(k - 1); break;
                case 3: v = B.pow(k).subtract(BigInteger.ONE); break;
                default: v = new BigInteger(64 * Math.max(k, 1), rnd).max(BigInteger.ONE); break;
            }
            int na = 1 + rnd.nextInt(sa);
            BigInteger u;
            switch (pat) {
                case 4: u = BigInteger.ZERO; break;
                case 5: u = v.subtract(BigInteger.ONE); break;
                case 6: u = B.pow(sa).subtract(BigInteger.ONE); break;
                default: u = new BigInteger(64 * na, rnd); break;
            }
            uv[i] = new BigInteger[] {u, v};
            put(u, a, 3 + i * sa, sa);
            put(v, b, 2 + i * sb, sb);
        }
        long[] q = new long[count * sa + 1];
        long[] r = new long[count * sb + 5];
        Recorder rec = new Recorder(declineFirst);
        String msg = "seed=" + seed + " " + sa + " / " + sb + " limbs x " + count;
        assertTrue(GpuNewtonDivision.divideGrouped(a, 3, sa, b, 2, sb, q, 1, r, 5, count, ONE, CPU, rec), msg);
        assertTrue(rec.counts.size() >= minGroups, msg + ": " + rec.counts.size() + " groups");
        for (int i = 0; i < count; i++) {
            BigInteger[] qr = uv[i][0].divideAndRemainder(uv[i][1]);
            assertEquals(qr[0], big(q, 1 + i * sa, sa), msg + " quotient " + i);
            assertEquals(qr[1], big(r, 5 + i * sb, sb), msg + " remainder " + i);
        }
        if (!halves) {
            return;
        }
        // quotients only, remainders only: the same limbs
        long[] q2 = new long[count * sa + 1];
        assertTrue(GpuNewtonDivision.divideGrouped(a, 3, sa, b, 2, sb, q2, 1, null, 0, count, ONE, CPU,
                new Recorder(false)));
        assertArrayEquals(q, q2, msg);
        long[] r2 = new long[count * sb + 5];
        assertTrue(GpuNewtonDivision.divideGrouped(a, 3, sa, b, 2, sb, null, 0, r2, 5, count, ONE, CPU,
                new Recorder(false)));
        assertArrayEquals(r, r2, msg);
    }

    @Test
    void groupedDivisionEqualsBigIntegerOnMixedLengths() {
        long seed = seed("grouped division");
        divideAndCompare(seed, 9, 5, 31, false, 1, true);
        divideAndCompare(seed + 1, 40, 17, 300, false, 1, true);
        // large enough for the model to split: dividends of up to 200 limbs, divisors of 1 .. 100
        divideAndCompare(seed + 2, 200, 100, 3000, false, 2, true);
        divideAndCompare(seed + 3, 200, 100, 3000, true, 2, false);
    }

    @Test
    void aSingleShapeThatDoesNotFitIsDeclined() {
        long[] a = {5, 7};
        long[] b = {3, 0};
        long[] q = new long[2];
        long[] r = new long[2];
        assertFalse(GpuNewtonDivision.divideGrouped(a, 0, 2, b, 0, 2, q, 0, r, 0, 1, ONE, CPU,
                (p, shift, ga, gaOff, gsa, gb, gbOff, gsb, gq, gqOff, gr, grOff, n, o) -> false));
        assertArrayEquals(new long[2], q);
    }
}
