package org.modalg.polynomial.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.modalg.fft.Backend;
import org.modalg.fft.batched.BatchedIntegerEngines;
import org.modalg.fft.Options;

/**
 * {@link BatchedIntegers} on BigInteger arrays against BigInteger's own operations: signed
 * values of mixed sizes in one batch (zero, one, -1, +-2^k, +-(2^(64 k) - 1), random of 1 to
 * 3000 bits), BigInteger's division semantics, the low product modulo 2^(64 limbs); the packed
 * conversions; the backends; errors naming the parameter and index. Random every run, seed
 * printed ({@code -Dmodalg.test.seed} repeats).
 */
class BatchedIntegersTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("BatchedIntegersTest seed = " + SEED + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
    }

    private static BigInteger value(Random rnd, int maxBits) {
        BigInteger v;
        switch (rnd.nextInt(8)) {
            case 0:
                v = BigInteger.ZERO;
                break;
            case 1:
                v = BigInteger.ONE;
                break;
            case 2:
                v = BigInteger.ONE.shiftLeft(rnd.nextInt(maxBits));
                break;
            case 3:
                v = BigInteger.ONE.shiftLeft(64 * (1 + rnd.nextInt(Math.max(1, maxBits / 64)))).subtract(BigInteger.ONE);
                break;
            default:
                v = new BigInteger(1 + rnd.nextInt(maxBits), rnd);
                break;
        }
        return rnd.nextBoolean() ? v.negate() : v;
    }

    private static BigInteger[] values(Random rnd, int count, int maxBits) {
        BigInteger[] v = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            v[i] = value(rnd, maxBits);
        }
        return v;
    }

    private static List<Options> optionSets() {
        List<Options> list = new ArrayList<>();
        list.add(Options.defaults().withThreads(1).withBackend(Backend.CPU));
        list.add(Options.defaults().withThreads(2));
        return list;
    }

    @Test
    void signedOperationsAgainstBigInteger() {
        Random rnd = new Random(SEED);
        for (int maxBits : new int[] {1, 63, 64, 65, 200, 3000}) {
            for (int count : new int[] {0, 1, 17, 130}) {
                BigInteger[] a = values(rnd, count, maxBits);
                BigInteger[] b = values(rnd, count, maxBits);
                for (Options o : optionSets()) {
                    String ctx = "maxBits=" + maxBits + " count=" + count + " " + o + " seed=" + SEED;
                    BigInteger[] sum = BatchedIntegers.add(a, b, o);
                    BigInteger[] diff = BatchedIntegers.subtract(a, b, o);
                    BigInteger[] prod = BatchedIntegers.multiply(a, b, o);
                    BigInteger[] sq = BatchedIntegers.square(a, o);
                    int limbs = 1 + rnd.nextInt(4);
                    BigInteger[] low = BatchedIntegers.multiplyLow(a, b, limbs, o);
                    BigInteger mod = BigInteger.ONE.shiftLeft(64 * limbs);
                    BigInteger[] nz = b.clone();
                    for (int i = 0; i < count; i++) {
                        if (nz[i].signum() == 0) {
                            nz[i] = BigInteger.valueOf(rnd.nextBoolean() ? -7 : 1);
                        }
                    }
                    BigInteger[][] qr = BatchedIntegers.divideAndRemainder(a, nz, o);
                    BigInteger[] nza = nonZero(a, rnd);
                    BigInteger[][] rq = BatchedIntegers.divideAndRemainder(b, nza, o); // the other way round
                    assertEquals(count, sum.length);
                    for (int i = 0; i < count; i++) {
                        String at = ctx + " instance " + i + " a=" + a[i] + " b=" + b[i];
                        assertEquals(a[i].add(b[i]), sum[i], at + " add");
                        assertEquals(a[i].subtract(b[i]), diff[i], at + " subtract");
                        assertEquals(a[i].multiply(b[i]), prod[i], at + " multiply");
                        assertEquals(a[i].multiply(a[i]), sq[i], at + " square");
                        assertEquals(a[i].multiply(b[i]).mod(mod), low[i], at + " multiplyLow limbs=" + limbs);
                        BigInteger[] want = a[i].divideAndRemainder(nz[i]);
                        assertEquals(want[0], qr[0][i], at + " quotient by " + nz[i]);
                        assertEquals(want[1], qr[1][i], at + " remainder by " + nz[i]);
                    }
                    assertEquals(count, rq[0].length);
                    for (int i = 0; i < count; i++) {
                        BigInteger[] want = b[i].divideAndRemainder(nza[i]);
                        assertEquals(want[0], rq[0][i], ctx + " instance " + i + " quotient b/a");
                        assertEquals(want[1], rq[1][i], ctx + " instance " + i + " remainder b/a");
                    }
                }
            }
        }
    }

    private static BigInteger[] nonZero(BigInteger[] x, Random rnd) { // zeros become -3
        BigInteger[] y = x.clone();
        for (int i = 0; i < y.length; i++) {
            if (y[i].signum() == 0) {
                y[i] = BigInteger.valueOf(-3);
            }
        }
        return y;
    }

    @Test
    void divisionSignsFollowBigInteger() {
        BigInteger[] a = {BigInteger.valueOf(7), BigInteger.valueOf(-7), BigInteger.valueOf(7), BigInteger.valueOf(-7),
            BigInteger.ZERO, BigInteger.ONE.shiftLeft(200).negate()};
        BigInteger[] b = {BigInteger.valueOf(2), BigInteger.valueOf(2), BigInteger.valueOf(-2), BigInteger.valueOf(-2),
            BigInteger.valueOf(-5), BigInteger.ONE.shiftLeft(64).add(BigInteger.ONE)};
        BigInteger[][] qr = BatchedIntegers.divideAndRemainder(a, b);
        for (int i = 0; i < a.length; i++) {
            BigInteger[] want = a[i].divideAndRemainder(b[i]);
            assertEquals(want[0], qr[0][i], "quotient " + i);
            assertEquals(want[1], qr[1][i], "remainder " + i);
        }
    }

    @Test
    void extremeTwosComplementSums() {
        // -2^k and 2^k - 1 at every width around a limb boundary
        for (int k : new int[] {62, 63, 64, 127, 128, 129}) {
            BigInteger p = BigInteger.ONE.shiftLeft(k);
            BigInteger[] a = {p.negate(), p.subtract(BigInteger.ONE), p.negate(), p.subtract(BigInteger.ONE)};
            BigInteger[] b = {p.negate(), p.subtract(BigInteger.ONE), p.subtract(BigInteger.ONE), p.negate()};
            BigInteger[] s = BatchedIntegers.add(a, b);
            BigInteger[] d = BatchedIntegers.subtract(a, b);
            for (int i = 0; i < a.length; i++) {
                assertEquals(a[i].add(b[i]), s[i], "k=" + k + " add " + i);
                assertEquals(a[i].subtract(b[i]), d[i], "k=" + k + " subtract " + i);
            }
        }
    }

    @Test
    void packedRoundTripAndFacadeMatchesTheEngine() {
        Random rnd = new Random(SEED + 1);
        int s = 5;
        int count = 50;
        BigInteger[] a = new BigInteger[count];
        BigInteger[] b = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            a[i] = new BigInteger(1 + rnd.nextInt(64 * s), rnd);
            b[i] = new BigInteger(1 + rnd.nextInt(64 * s), rnd);
        }
        long[] pa = BatchedIntegers.toLimbs(a, s);
        long[] pb = BatchedIntegers.toLimbs(b, s);
        assertArrayEquals(a, BatchedIntegers.toBigIntegers(pa, 0, s, count));
        long[] r = new long[2 * s * count];
        BatchedIntegers.multiply(pa, 0, pb, 0, r, 0, s, count, Options.defaults());
        BigInteger[] prods = BatchedIntegers.toBigIntegers(r, 0, 2 * s, count);
        byte[] carry = new byte[count];
        long[] sum = new long[s * count];
        BatchedIntegers.add(pa, 0, pb, 0, sum, 0, s, count, carry, 0, Options.defaults().withBackend(Backend.CPU));
        BigInteger[] sums = BatchedIntegers.toBigIntegers(sum, 0, s, count);
        BigInteger mod = BigInteger.ONE.shiftLeft(64 * s);
        for (int i = 0; i < count; i++) {
            assertEquals(a[i].multiply(b[i]), prods[i], "product " + i);
            BigInteger exact = a[i].add(b[i]);
            assertEquals(exact.mod(mod), sums[i], "sum " + i);
            assertEquals(exact.compareTo(mod) >= 0 ? 1 : 0, carry[i], "carry " + i);
        }
    }

    /**
     * The backend rule and the fallback, with the stand-in device of the test resources
     * ({@link StandInBatchedProvider}): auto takes the device only where it prefers the batch,
     * cpu never, gpu always; a declined batch is computed on the CPU, whatever the device left in
     * the output. (A backend of gpu without any device: fft's BatchedIntegerEnginesTest.)
     */
    @Test
    void deviceSelectionAndFallbackToTheCpu() {
        assertEquals("stand-in device", BatchedIntegerEngines.device().name());
        BigInteger[] a = {BigInteger.valueOf(-12345), BigInteger.ONE.shiftLeft(300).add(BigInteger.TEN)};
        BigInteger[] b = {BigInteger.valueOf(678), BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)};
        BigInteger[] want = {a[0].multiply(b[0]), a[1].multiply(b[1])};
        Options auto = Options.defaults();
        Options cpu = Options.defaults().withBackend(Backend.CPU);
        Options gpu = Options.defaults().withBackend(Backend.GPU);
        try {
            int before = StandInBatchedProvider.CALLS.get();
            assertArrayEquals(want, BatchedIntegers.multiply(a, b, auto));
            assertEquals(before, StandInBatchedProvider.CALLS.get(), "auto: the device prefers nothing");
            StandInBatchedProvider.prefer = true;
            assertArrayEquals(want, BatchedIntegers.multiply(a, b, auto));
            boolean cpuByProperty = "cpu".equalsIgnoreCase(System.getProperty("modalg.backend", "auto").trim());
            before -= cpuByProperty ? 1 : 0; // -Dmodalg.backend=cpu keeps auto on the CPU
            assertEquals(before + 1, StandInBatchedProvider.CALLS.get(), "auto: the device prefers the batch");
            assertArrayEquals(want, BatchedIntegers.multiply(a, b, cpu));
            assertEquals(before + 1, StandInBatchedProvider.CALLS.get(), "cpu: never the device");
            StandInBatchedProvider.prefer = false;
            StandInBatchedProvider.decline = true;
            assertArrayEquals(want, BatchedIntegers.multiply(a, b, gpu), "a declined batch is redone on the CPU");
            assertEquals(before + 2, StandInBatchedProvider.CALLS.get(), "gpu: the device, though it prefers nothing");
            BigInteger[][] qr = BatchedIntegers.divideAndRemainder(a, b, gpu);
            assertEquals(a[1].divideAndRemainder(b[1])[0], qr[0][1]);
            assertEquals(a[0].divideAndRemainder(b[0])[1], qr[1][0]);
            assertArrayEquals(new BigInteger[] {a[0].add(b[0]), a[1].add(b[1])}, BatchedIntegers.add(a, b, gpu));
        } finally {
            StandInBatchedProvider.prefer = false;
            StandInBatchedProvider.decline = false;
        }
    }

    @Test
    void cancellationIsPolledBeforeTheWork() {
        BigInteger[] a = {BigInteger.TEN, BigInteger.TWO};
        Options cancelled = Options.defaults().withCancellation(() -> true);
        assertThrows(org.modalg.fft.CancelledException.class, () -> BatchedIntegers.multiply(a, a, cancelled));
        assertThrows(org.modalg.fft.CancelledException.class, () -> BatchedIntegers.add(a, a, cancelled));
        assertThrows(org.modalg.fft.CancelledException.class,
                () -> BatchedIntegers.divideAndRemainder(a, a, cancelled));
    }

    @Test
    void badInputNamesTheParameterAndInstance() {
        BigInteger one = BigInteger.ONE;
        BigInteger[] two = {one, one};
        BigInteger[] three = {one, one, one};
        assertMessage(IllegalArgumentException.class, "same length", () -> BatchedIntegers.add(two, three));
        assertMessage(IllegalArgumentException.class, "instance 2", () -> BatchedIntegers.multiply(three, two));
        assertMessage(IllegalArgumentException.class, "b[1]",
                () -> BatchedIntegers.subtract(two, new BigInteger[] {one, null}));
        assertMessage(IllegalArgumentException.class, "a must not be null", () -> BatchedIntegers.square(null));
        assertMessage(IllegalArgumentException.class, "options", () -> BatchedIntegers.add(two, two, null));
        assertMessage(ArithmeticException.class, "b[2]", () -> BatchedIntegers.divideAndRemainder(three,
                new BigInteger[] {one, BigInteger.TEN, BigInteger.ZERO}));
        assertMessage(IllegalArgumentException.class, "limbs",
                () -> BatchedIntegers.multiplyLow(two, two, 0, Options.defaults()));
        assertMessage(IllegalArgumentException.class, "x[1] must be >= 0",
                () -> BatchedIntegers.toLimbs(new BigInteger[] {one, one.negate()}, 1));
        assertMessage(IllegalArgumentException.class, "x[0] has 65 bits",
                () -> BatchedIntegers.toLimbs(new BigInteger[] {one.shiftLeft(64)}, 1));
        assertMessage(IllegalArgumentException.class, "instance 3",
                () -> BatchedIntegers.toBigIntegers(new long[7], 1, 2, 4));
        // packed: the same checks as the engines
        long[] x = new long[10];
        Options o = Options.defaults();
        assertMessage(IllegalArgumentException.class, "stride",
                () -> BatchedIntegers.add(x, 0, x, 0, new long[10], 0, -1, 1, null, 0, o));
        assertMessage(IllegalArgumentException.class, "count",
                () -> BatchedIntegers.multiply(x, 0, x, 0, new long[10], 0, 1, -3, o));
        assertMessage(IllegalArgumentException.class, "a is too short: instance 5",
                () -> BatchedIntegers.square(x, 0, new long[40], 0, 2, 6, o));
        assertMessage(ArithmeticException.class, "instance 0",
                () -> BatchedIntegers.divideAndRemainder(x, 0, 1, new long[3], 0, 1, null, 0, null, 0, 3, o));
        assertMessage(IllegalArgumentException.class, "options",
                () -> BatchedIntegers.divideAndRemainder(x, 0, 1, new long[3], 0, 1, null, 0, null, 0, 3, null));
    }

    private static void assertMessage(Class<? extends RuntimeException> type, String part, Executable call) {
        RuntimeException ex = assertThrows(type, call);
        assertTrue(ex.getMessage() != null && ex.getMessage().contains(part),
                "message should name '" + part + "': " + ex.getMessage());
    }
}
