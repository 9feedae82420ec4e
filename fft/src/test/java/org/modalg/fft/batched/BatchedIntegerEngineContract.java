package org.modalg.fft.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;
import static org.modalg.fft.BigIntegerLimbs.put;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.modalg.fft.Options;
import org.modalg.fft.batched.BatchedIntegerEngine.Operation;

/**
 * The contract every {@link BatchedIntegerEngine} must meet, as one abstract JUnit 5 class that
 * each engine's test extends with {@link #engine()} (the polynomial module's CPU engine; a GPU
 * engine of the gpu module through fft's test-jar, tagged {@code gpu} and assuming a usable
 * device). The oracle is {@link BigInteger}, with limbs converted through bytes here (nothing of
 * any engine is used to check it).
 *
 * <p>Inputs: random every run (a fresh seed, printed; {@code -Dmodalg.test.seed} repeats a run,
 * {@code -Dmodalg.test.multiplier} scales the rounds) with adversarial instances mixed in: all
 * limbs ones (carry chains through whole instances, next to other instances), zero, one,
 * powers of two, 2^(64 k) - 1, random values with leading zero limbs; divisors just above a
 * power of 2^64 (2^(64 k) + 1, + small), divisors equal to the dividend and just below it
 * (quotient 1), larger than it (quotient 0), one, and powers of two. Strides not powers of two
 * (1, 3, 5, 17, 33, 47, 97, ...), one above the CPU's NTT threshold (700 limbs), divisor strides
 * above and below the dividend's. Offsets and guard limbs: nothing outside an output range is
 * written. In place addition and subtraction. The same limbs on 1, 2 and 3 threads. Bad
 * arguments: {@link IllegalArgumentException} naming the parameter (and the first instance that
 * does not fit), {@link ArithmeticException} naming the instance with a zero divisor.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BatchedIntegerEngineContract {

    /** The engine under test. */
    protected abstract BatchedIntegerEngine engine();

    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final int MULTIPLIER = Math.max(1, Integer.getInteger("modalg.test.multiplier", 1));
    private static final long GUARD = 0x5A5A_1234_DEAD_BEEFL;
    private static final int PAD = 3;

    private BatchedIntegerEngine engine;
    private Random rnd;

    private BatchedIntegerEngine e() {
        if (engine == null) {
            engine = engine();
            rnd = new Random(SEED ^ engine.name().hashCode());
            System.out.println(getClass().getSimpleName() + " (" + engine.name() + ") seed = " + SEED
                    + " (repeat with -Dmodalg.test.seed=" + SEED + ")");
        }
        return engine;
    }

    private static Options threads(int t) {
        return Options.defaults().withThreads(t);
    }

    private String ctx(String what, int stride, int i) {
        return engine.name() + " " + what + " stride=" + stride + " instance " + i + " seed=" + SEED;
    }

    // ---- oracle conversions: BigIntegerLimbs.big and put (bytes, independent of the engines) ----

    private static BigInteger pow2(long bits) {
        return BigInteger.ONE.shiftLeft((int) bits);
    }

    // One operand value of s limbs: random or adversarial, by kind.
    private BigInteger value(int s, int kind) {
        long bits = 64L * s;
        switch (kind) {
            case 0:
                return pow2(bits).subtract(BigInteger.ONE);                 // all limbs ones
            case 1:
                return BigInteger.ZERO;
            case 2:
                return BigInteger.ONE;
            case 3:
                return pow2(rnd.nextInt((int) bits));                        // a power of two
            case 4:
                return pow2(64L * (1 + rnd.nextInt(s))).subtract(BigInteger.ONE); // 2^(64 k) - 1
            case 5:
                return new BigInteger(1 + rnd.nextInt((int) bits), rnd);   // leading zero limbs
            default:
                return new BigInteger((int) bits, rnd);
        }
    }

    private BigInteger[] values(int s, int count) {
        BigInteger[] v = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            v[i] = value(s, rnd.nextInt(10));
        }
        return v;
    }

    // A packed array of the values at offset off, stride s, with PAD guard limbs after.
    private static long[] pack(BigInteger[] v, int off, int s) {
        long[] x = new long[off + v.length * s + PAD];
        Arrays.fill(x, GUARD);
        for (int i = 0; i < v.length; i++) {
            put(v[i], x, off + i * s, s);
        }
        return x;
    }

    private static long[] guarded(int off, int s, int count) {
        long[] x = new long[off + count * s + PAD];
        Arrays.fill(x, GUARD);
        return x;
    }

    private void assertGuards(long[] x, int off, int len, String what) {
        for (int j = 0; j < off; j++) {
            assertEquals(GUARD, x[j], engine.name() + " " + what + ": limb " + j + " before the output written");
        }
        for (int j = off + len; j < x.length; j++) {
            assertEquals(GUARD, x[j], engine.name() + " " + what + ": limb " + j + " after the output written");
        }
    }

    // ---- add and subtract ---------------------------------------------------------------------

    private static final int[] ADD_STRIDES = {1, 2, 3, 5, 7, 17, 32, 33, 63, 100};

    @Test
    void addAndSubtractAgainstBigInteger() {
        e();
        for (int round = 0; round < MULTIPLIER; round++) {
            for (int s : ADD_STRIDES) {
                for (int count : new int[] {0, 1, 7, 40}) {
                    checkAddSub(s, count, false, threads(1));
                    checkAddSub(s, count, true, threads(1));
                }
            }
            checkAddSub(9, 1000, false, threads(3)); // enough work to spread over threads
            checkAddSub(9, 1000, true, threads(2));
        }
    }

    private void checkAddSub(int s, int count, boolean sub, Options o) {
        BigInteger[] va = values(s, count);
        BigInteger[] vb = values(s, count);
        int aOff = rnd.nextInt(4);
        int bOff = rnd.nextInt(4);
        int rOff = rnd.nextInt(4);
        int fOff = rnd.nextInt(3);
        long[] a = pack(va, aOff, s);
        long[] b = pack(vb, bOff, s);
        long[] r = guarded(rOff, s, count);
        byte[] flags = new byte[fOff + count + 2];
        Arrays.fill(flags, (byte) 7);
        boolean done = sub ? e().subtract(a, aOff, b, bOff, r, rOff, s, count, flags, fOff, o)
                : e().add(a, aOff, b, bOff, r, rOff, s, count, flags, fOff, o);
        assertTrue(done, engine.name() + " declined a small batch");
        BigInteger mod = pow2(64L * s);
        for (int i = 0; i < count; i++) {
            BigInteger exact = sub ? va[i].subtract(vb[i]) : va[i].add(vb[i]);
            String what = ctx(sub ? "subtract" : "add", s, i);
            assertEquals(exact.mod(mod), big(r, rOff + i * s, s), what);
            int flag = sub ? (exact.signum() < 0 ? 1 : 0) : (exact.compareTo(mod) >= 0 ? 1 : 0);
            assertEquals(flag, flags[fOff + i], what + " flag");
        }
        assertGuards(r, rOff, count * s, sub ? "subtract" : "add");
        for (int j = 0; j < flags.length; j++) {
            if (j < fOff || j >= fOff + count) {
                assertEquals(7, flags[j], engine.name() + " flag " + j + " outside the range written");
            }
        }
        // the operands are untouched
        assertArrayEquals(pack(va, aOff, s), a);
        assertArrayEquals(pack(vb, bOff, s), b);
    }

    @Test
    void carryChainsStopAtInstanceBoundaries() {
        e();
        for (int s : new int[] {1, 4, 33}) {
            int count = 5;
            long[] a = new long[s * count];
            Arrays.fill(a, -1L);                // every instance 2^(64 s) - 1
            long[] b = new long[s * count];
            for (int i = 0; i < count; i++) {
                b[i * s] = 1;                   // + 1: every limb carries, out of the instance
            }
            long[] r = new long[s * count];
            byte[] carry = new byte[count];
            assertTrue(e().add(a, 0, b, 0, r, 0, s, count, carry, 0, threads(1)));
            assertArrayEquals(new long[s * count], r, engine.name() + " add all ones + 1, stride " + s);
            for (int i = 0; i < count; i++) {
                assertEquals(1, carry[i], engine.name() + " carry of instance " + i + ", stride " + s);
            }
            // and back: 0 - 1 borrows through every limb of the instance only
            byte[] borrow = new byte[count];
            assertTrue(e().subtract(r, 0, b, 0, r, 0, s, count, borrow, 0, threads(1)));
            assertArrayEquals(a, r, engine.name() + " 0 - 1 in place, stride " + s);
            for (int i = 0; i < count; i++) {
                assertEquals(1, borrow[i], engine.name() + " borrow of instance " + i + ", stride " + s);
            }
        }
    }

    @Test
    void addAndSubtractInPlaceAndWithoutFlags() {
        e();
        int s = 6;
        int count = 20;
        BigInteger[] va = values(s, count);
        BigInteger[] vb = values(s, count);
        long[] a = pack(va, 2, s);
        long[] b = pack(vb, 1, s);
        assertTrue(e().add(a, 2, b, 1, a, 2, s, count, null, 0, threads(2))); // r = a in place
        long[] b2 = pack(vb, 1, s);
        long[] a2 = pack(va, 2, s);
        assertTrue(e().subtract(a2, 2, b2, 1, b2, 1, s, count, null, 0, threads(1))); // r = b in place
        BigInteger mod = pow2(64L * s);
        for (int i = 0; i < count; i++) {
            assertEquals(va[i].add(vb[i]).mod(mod), big(a, 2 + i * s, s), ctx("add in place", s, i));
            assertEquals(va[i].subtract(vb[i]).mod(mod), big(b2, 1 + i * s, s), ctx("subtract in place", s, i));
        }
    }

    // ---- products -------------------------------------------------------------------------------

    private static final int[] MUL_STRIDES = {1, 2, 3, 5, 16, 31, 33, 47, 64, 97};

    @Test
    void productsAgainstBigInteger() {
        e();
        for (int round = 0; round < MULTIPLIER; round++) {
            for (int s : MUL_STRIDES) {
                for (int count : new int[] {0, 1, 9}) {
                    for (Operation op : new Operation[] {Operation.MULTIPLY, Operation.MULTIPLY_LOW, Operation.SQUARE}) {
                        checkProduct(op, s, count, threads(1));
                    }
                }
            }
            checkProduct(Operation.MULTIPLY, 8, 300, threads(3));
            checkProduct(Operation.SQUARE, 8, 300, threads(2));
            checkProduct(Operation.MULTIPLY_LOW, 8, 300, threads(2));
        }
    }

    @Test
    void productsAboveTheNttThreshold() {
        e();
        for (Operation op : new Operation[] {Operation.MULTIPLY, Operation.MULTIPLY_LOW, Operation.SQUARE}) {
            checkProduct(op, 700, 3, threads(2));
        }
        checkProduct(Operation.MULTIPLY, 701, 5, threads(1));
    }

    private void checkProduct(Operation op, int s, int count, Options o) {
        BigInteger[] va = values(s, count);
        BigInteger[] vb = op == Operation.SQUARE ? va : values(s, count);
        int aOff = rnd.nextInt(4);
        int bOff = rnd.nextInt(4);
        int rOff = rnd.nextInt(4);
        int rs = op == Operation.MULTIPLY_LOW ? s : 2 * s;
        long[] a = pack(va, aOff, s);
        long[] b = pack(vb, bOff, s);
        long[] r = guarded(rOff, rs, count);
        boolean done;
        switch (op) {
            case MULTIPLY:
                done = e().multiply(a, aOff, b, bOff, r, rOff, s, count, o);
                break;
            case MULTIPLY_LOW:
                done = e().multiplyLow(a, aOff, b, bOff, r, rOff, s, count, o);
                break;
            default:
                done = e().square(a, aOff, r, rOff, s, count, o);
                break;
        }
        assertTrue(done, engine.name() + " declined a small batch");
        BigInteger mod = pow2(64L * rs);
        for (int i = 0; i < count; i++) {
            assertEquals(va[i].multiply(vb[i]).mod(mod), big(r, rOff + i * rs, rs), ctx(op.toString(), s, i));
        }
        assertGuards(r, rOff, count * rs, op.toString());
        assertArrayEquals(pack(va, aOff, s), a, engine.name() + " " + op + " changed a");
    }

    // ---- division --------------------------------------------------------------------------------

    private static final int[][] DIV_STRIDES = {{1, 1}, {2, 1}, {3, 2}, {5, 5}, {8, 3}, {17, 9}, {40, 20},
        {64, 33}, {100, 7}, {2, 5}, {33, 1}};

    @Test
    void divisionAgainstBigInteger() {
        e();
        for (int round = 0; round < MULTIPLIER; round++) {
            for (int[] st : DIV_STRIDES) {
                for (int count : new int[] {0, 1, 12}) {
                    checkDivide(st[0], st[1], count, threads(1));
                }
            }
            checkDivide(12, 5, 200, threads(3));
            checkDivide(700, 350, 2, threads(2));
        }
    }

    // A divisor for dividend x at stride sb: random or adversarial by kind.
    private BigInteger divisor(BigInteger x, int sb, int kind) {
        BigInteger max = pow2(64L * sb);
        BigInteger d;
        switch (kind) {
            case 0: { // just above a power of 2^64: 2^(64 k) + small, k < sb
                int k = sb > 1 ? 1 + rnd.nextInt(sb - 1) : 0;
                d = pow2(64L * k).add(BigInteger.valueOf(k == 0 ? 1 + rnd.nextInt(1000) : rnd.nextInt(1000)));
                break;
            }
            case 1:
                d = x;                                       // quotient 1, remainder 0
                break;
            case 2:
                d = x.subtract(BigInteger.valueOf(rnd.nextInt(100))); // quotient 1 (or more for tiny x)
                break;
            case 3:
                d = x.add(BigInteger.valueOf(1 + rnd.nextInt(100))); // quotient 0
                break;
            case 4:
                d = BigInteger.ONE;
                break;
            case 5:
                d = pow2(rnd.nextInt(64 * sb));
                break;
            case 6:
                d = max.subtract(BigInteger.ONE);            // all ones
                break;
            default:
                d = new BigInteger(1 + rnd.nextInt(64 * sb), rnd);
                break;
        }
        if (d.signum() <= 0 || d.compareTo(max) >= 0) {
            d = new BigInteger(1 + rnd.nextInt(64 * sb), rnd).setBit(0);
        }
        return d;
    }

    private void checkDivide(int sa, int sb, int count, Options o) {
        BigInteger[] va = values(sa, count);
        BigInteger[] vb = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            vb[i] = divisor(va[i], sb, rnd.nextInt(10));
        }
        int aOff = rnd.nextInt(4);
        int bOff = rnd.nextInt(4);
        int qOff = rnd.nextInt(4);
        int rOff = rnd.nextInt(4);
        long[] a = pack(va, aOff, sa);
        long[] b = pack(vb, bOff, sb);
        long[] q = guarded(qOff, sa, count);
        long[] r = guarded(rOff, sb, count);
        assertTrue(e().divideAndRemainder(a, aOff, sa, b, bOff, sb, q, qOff, r, rOff, count, o),
                engine.name() + " declined a small batch");
        for (int i = 0; i < count; i++) {
            BigInteger[] want = va[i].divideAndRemainder(vb[i]);
            String what = ctx("divide sa=" + sa + " sb=" + sb, sa, i) + " a=" + va[i] + " b=" + vb[i];
            assertEquals(want[0], big(q, qOff + i * sa, sa), what + " quotient");
            assertEquals(want[1], big(r, rOff + i * sb, sb), what + " remainder");
        }
        assertGuards(q, qOff, count * sa, "divide q");
        assertGuards(r, rOff, count * sb, "divide r");
        // quotient only, remainder only
        long[] q2 = guarded(qOff, sa, count);
        assertTrue(e().divideAndRemainder(a, aOff, sa, b, bOff, sb, q2, qOff, null, 0, count, o));
        assertArrayEquals(q, q2, engine.name() + " quotient alone");
        long[] r2 = guarded(rOff, sb, count);
        assertTrue(e().divideAndRemainder(a, aOff, sa, b, bOff, sb, null, 0, r2, rOff, count, o));
        assertArrayEquals(r, r2, engine.name() + " remainder alone");
    }

    // ---- threads ---------------------------------------------------------------------------------

    @Test
    void sameLimbsOnOneTwoAndThreeThreads() {
        e();
        int s = 13;
        int count = 257;
        BigInteger[] va = values(s, count);
        BigInteger[] vb = values(s, count);
        long[] a = pack(va, 0, s);
        long[] b = pack(vb, 0, s);
        long[][] add = new long[3][];
        long[][] mul = new long[3][];
        long[][] div = new long[3][];
        for (int t = 1; t <= 3; t++) {
            add[t - 1] = new long[s * count];
            assertTrue(e().add(a, 0, b, 0, add[t - 1], 0, s, count, null, 0, threads(t)));
            mul[t - 1] = new long[2 * s * count];
            assertTrue(e().multiply(a, 0, b, 0, mul[t - 1], 0, s, count, threads(t)));
            div[t - 1] = new long[s * count];
            long[] bb = b.clone();
            for (int i = 0; i < count; i++) {
                bb[i * s] |= 1; // nonzero divisors
            }
            assertTrue(e().divideAndRemainder(a, 0, s, bb, 0, s, div[t - 1], 0, null, 0, count, threads(t)));
        }
        for (int i = 0; i < count; i++) { // and right, not only alike
            assertEquals(big(a, i * s, s).multiply(big(b, i * s, s)), big(mul[0], 2 * i * s, 2 * s),
                    ctx("multiply", s, i));
        }
        for (int t = 1; t < 3; t++) {
            assertArrayEquals(add[0], add[t], engine.name() + " add on " + (t + 1) + " threads");
            assertArrayEquals(mul[0], mul[t], engine.name() + " multiply on " + (t + 1) + " threads");
            assertArrayEquals(div[0], div[t], engine.name() + " divide on " + (t + 1) + " threads");
        }
    }

    // ---- bad input -------------------------------------------------------------------------------

    @Test
    void badArgumentsNameTheParameterAndInstance() {
        BatchedIntegerEngine en = e();
        Options o = threads(1);
        long[] x = new long[20];
        long[] y = new long[20];
        long[] z = new long[40];
        assertMessage(IllegalArgumentException.class, "stride",
                () -> en.add(x, 0, y, 0, z, 0, 0, 1, null, 0, o));
        assertMessage(IllegalArgumentException.class, "stride",
                () -> en.multiply(x, 0, y, 0, z, 0, -2, 1, o));
        assertMessage(IllegalArgumentException.class, "count",
                () -> en.subtract(x, 0, y, 0, z, 0, 2, -1, null, 0, o));
        assertMessage(IllegalArgumentException.class, "aOff",
                () -> en.add(x, -1, y, 0, z, 0, 2, 1, null, 0, o));
        assertMessage(IllegalArgumentException.class, "bOff",
                () -> en.multiply(x, 0, y, 21, z, 0, 2, 1, o));
        // 20 limbs at stride 3 from offset 2 hold instances 0 .. 5: instance 6 does not fit
        assertMessage(IllegalArgumentException.class, "instance 6",
                () -> en.add(x, 2, y, 0, z, 0, 3, 7, null, 0, o));
        assertMessage(IllegalArgumentException.class, "instance 6",
                () -> en.multiply(y, 0, x, 2, z, 0, 3, 7, o));
        // the full product needs stride 2 s = 6 per instance: 35 limbs hold 5, instance 5 does not fit
        assertMessage(IllegalArgumentException.class, "r is too short: instance 5",
                () -> en.multiply(new long[21], 0, new long[21], 0, new long[35], 0, 3, 7, o));
        assertMessage(IllegalArgumentException.class, "carry",
                () -> en.add(x, 0, y, 0, z, 0, 2, 5, new byte[4], 0, o));
        assertMessage(IllegalArgumentException.class, "a must not be null",
                () -> en.add(null, 0, y, 0, z, 0, 2, 1, null, 0, o));
        assertMessage(IllegalArgumentException.class, "overlaps",
                () -> en.multiply(z, 0, y, 0, z, 3, 2, 2, o));
        assertMessage(IllegalArgumentException.class, "overlaps",
                () -> en.add(z, 0, y, 0, z, 1, 2, 2, null, 0, o));
        assertMessage(IllegalArgumentException.class, "bStride",
                () -> en.divideAndRemainder(x, 0, 2, y, 0, 0, null, 0, null, 0, 1, o));
        assertMessage(IllegalArgumentException.class, "q is too short",
                () -> en.divideAndRemainder(x, 0, 2, y, 0, 1, new long[3], 0, null, 0, 3, o));
        // zero divisors: instance 2 is the first
        long[] d = {5, 1, 0, 0, 0};
        long[] q = new long[10];
        long[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertMessage(ArithmeticException.class, "instance 2",
                () -> en.divideAndRemainder(a, 0, 2, d, 0, 1, q, 0, null, 0, 5, o));
        assertArrayEquals(new long[10], q, "nothing written before the zero divisor was found");
    }

    private static void assertMessage(Class<? extends RuntimeException> type, String part,
            org.junit.jupiter.api.function.Executable call) {
        RuntimeException ex = assertThrows(type, call);
        assertTrue(ex.getMessage() != null && ex.getMessage().contains(part),
                "message should name '" + part + "': " + ex.getMessage());
    }
}
