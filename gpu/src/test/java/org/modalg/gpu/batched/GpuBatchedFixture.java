package org.modalg.gpu.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fft.BigIntegerLimbs.big;
import static org.modalg.fft.BigIntegerLimbs.put;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Arrays;
import java.util.Random;
import java.util.function.IntConsumer;
import java.util.function.IntUnaryOperator;
import java.util.logging.Handler;
import java.util.logging.Logger;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LogCapture;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The shared setup of the device tests of the batched engine: the tests skip (with the reason
 * printed) without a usable GPU, share one device engine, take the CPU engine as the oracle, and
 * read the warnings of the classes {@link #logged()} names; and, for every test of a batched
 * product, the product operands ({@link #productOperands}) and the check of the fault path
 * ({@link #checkFaultFallsBack}).
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

    /**
     * Instance i of a product's pair (a, b) of s limbs each, by pattern: all ones times all ones (0),
     * times one (1), zero (2), powers of two (3), all ones times random (4), runs of all-ones limbs
     * and zeros (5), one times one (6), every 16-bit digit at the balanced digits' edge (7), random
     * (8, 9), one times random (10), b = 2^(64 s) - a (11).
     */
    static void fillProduct(Random rnd, long[] a, long[] b, int off, int s, int pattern) {
        for (int j = 0; j < s; j++) {
            a[off + j] = rnd.nextLong();
            b[off + j] = rnd.nextLong();
        }
        switch (pattern) {
            case 0: // all ones times all ones: every digit maximal
                Arrays.fill(a, off, off + s, -1L);
                Arrays.fill(b, off, off + s, -1L);
                break;
            case 1: // all ones times one
                Arrays.fill(a, off, off + s, -1L);
                Arrays.fill(b, off, off + s, 0L);
                b[off] = 1;
                break;
            case 2: // zero
                Arrays.fill(a, off, off + s, 0L);
                break;
            case 3: // powers of two
                powersOfTwo(rnd, a, b, off, s);
                break;
            case 4: // all ones times random
                Arrays.fill(a, off, off + s, -1L);
                break;
            case 5: // long runs of all-ones limbs and zeros
                onesRuns(rnd, a, b, off, s);
                break;
            case 6: // one times one
                Arrays.fill(a, off, off + s, 0L);
                Arrays.fill(b, off, off + s, 0L);
                a[off] = 1;
                b[off] = 1;
                break;
            case 7: // every 16-bit digit 0x8000 (the balanced digits' edge: each carries into the next)
                Arrays.fill(a, off, off + s, 0x8000800080008000L);
                Arrays.fill(b, off, off + s, 0x7fff7fff7fff7fffL);
                break;
            case 10: // one times random
                Arrays.fill(a, off, off + s, 0L);
                a[off] = 1;
                break;
            case 11: // b = 2^(64 s) - a: the product's high half all ones but for the top limbs
                negate(a, b, off, s);
                break;
            default: // random, full entropy
                break;
        }
    }

    /** a and b each a random power of two below 2^(64 s) (s limbs at off). */
    static void powersOfTwo(Random rnd, long[] a, long[] b, int off, int s) {
        Arrays.fill(a, off, off + s, 0L);
        Arrays.fill(b, off, off + s, 0L);
        a[off + rnd.nextInt(s)] = 1L << rnd.nextInt(64);
        b[off + rnd.nextInt(s)] = 1L << rnd.nextInt(64);
    }

    /**
     * Long runs of all-ones limbs in a and b (zeros in b) over random limbs: each limb of a is all
     * ones with probability 7/8, b's limb then all ones or (1/4) zero.
     */
    static void onesRuns(Random rnd, long[] a, long[] b, int off, int s) {
        for (int j = 0; j < s; j++) {
            if (rnd.nextInt(8) != 0) {
                a[off + j] = -1L;
                b[off + j] = rnd.nextInt(4) == 0 ? 0 : -1L;
            }
        }
    }

    /** b = -a mod 2^(64 s) (s limbs at off): a + b carries out of every limb (0 for a = 0). */
    static void negate(long[] a, long[] b, int off, int s) {
        for (int j = 0; j < s; j++) {
            b[off + j] = ~a[off + j];
        }
        for (int j = 0; j < s && ++b[off + j] == 0; j++) {
            // carry of the + 1
        }
    }

    /** Fills instance {@code pattern} of a pair (a, b) of s limbs at off ({@link #fillProduct}'s form). */
    interface Fill {
        void fill(Random rnd, long[] a, long[] b, int off, int s, int pattern);
    }

    /**
     * The operands of a batch of count pairs of s limbs from offset off: instance i filled by
     * {@code fill} with the pattern {@code pattern.applyAsInt(i)} (drawn before the fill's draws).
     */
    static long[][] operands(Random rnd, int s, int count, int off, Fill fill, IntUnaryOperator pattern) {
        long[] a = new long[off + s * count];
        long[] b = new long[off + s * count];
        for (int i = 0; i < count; i++) {
            int p = pattern.applyAsInt(i);
            fill.fill(rnd, a, b, off + i * s, s, p);
        }
        return new long[][] {a, b};
    }

    /** The operands of a product batch: the first instance all ones times all ones, the second random, the rest mixed. */
    static long[][] productOperands(Random rnd, int s, int count, int off) {
        return operands(rnd, s, count, off, GpuBatchedFixture::fillProduct,
                i -> i == 0 ? 0 : i == 1 ? 9 : rnd.nextInt(10));
    }

    /** A batched product under test ({@link GpuFpBatchProduct#multiply}, {@link GpuBlockNttProduct#multiply}). */
    interface Product {
        void multiply(long[] a, int aOff, long[] b, int bOff, long[] r, int rOff, int m, int count, Options options);
    }

    /**
     * count products of s limbs by {@code product} (operands {@link #productOperands} at an offset
     * drawn from rnd, output at offset 1) equal the CPU engine's limbs and, for the first, second
     * and last instance, BigInteger's product (an oracle independent of both); the squares through
     * one buffer equal the CPU engine's square.
     */
    static void checkProductsAndSquares(Random rnd, Product product, int s, int count) {
        int off = rnd.nextInt(3);
        long[][] ab = productOperands(rnd, s, count, off);
        long[] a = ab[0];
        long[] b = ab[1];
        String what = "stride " + s + " count " + count;
        long[] rg = new long[1 + 2 * s * count];
        long[] rc = rg.clone();
        product.multiply(a, off, b, off, rg, 1, s, count, ONE);
        CPU.multiply(a, off, b, off, rc, 1, s, count, ONE);
        assertArrayEquals(rc, rg, "multiply " + what);
        for (int i : new int[] {0, 1, count - 1}) {
            BigInteger want = big(a, off + i * s, s).multiply(big(b, off + i * s, s));
            assertEquals(want, big(rg, 1 + 2 * i * s, 2 * s), "multiply " + what + " instance " + i);
        }
        long[] sg = new long[2 * s * count];
        long[] sc = sg.clone();
        product.multiply(a, off, a, off, sg, 0, s, count, ONE); // one buffer: the square path
        CPU.square(a, off, sc, 0, s, count, ONE);
        assertArrayEquals(sc, sg, "square " + what);
    }

    /**
     * All-ones operands (every limb 2^64 - 1, the products' extreme): count = 5 instances of each
     * size s by {@code product}, every limb of (2^(64 s) - 1)^2 = 2^(128 s) - 2^(64 s + 1) + 1, i.e.
     * 1, 0 .. 0, 2^64 - 2, ~0 .. ~0.
     */
    static void checkAllOnesSquares(Product product, int... sizes) {
        for (int s : sizes) {
            int count = 5;
            long[] a = new long[s * count];
            Arrays.fill(a, -1L);
            long[] b = a.clone();
            long[] r = new long[2 * s * count];
            product.multiply(a, 0, b, 0, r, 0, s, count, ONE);
            for (int i = 0; i < count; i++) {
                for (int j = 0; j < 2 * s; j++) {
                    long want = j == 0 ? 1 : j < s ? 0 : j == s ? -2L : -1L;
                    assertEquals(want, r[2 * s * i + j], "stride " + s + " instance " + i + " limb " + j);
                }
            }
        }
    }

    /**
     * A product's fault path: count instances of s limbs whose device chunk fails ({@code inject}
     * with a launch failure) equal the CPU engine's limbs, with one warning naming the injected
     * fault and the fallback; the next call, on the device again, equals them with no warning.
     */
    static void checkFaultFallsBack(long seed, int s, int count, List<String> warnings, IntConsumer inject,
            Product product) {
        Random rnd = new Random(seed);
        long[][] ab = productOperands(rnd, s, count, 0);
        long[] want = new long[2 * s * count];
        CPU.multiply(ab[0], 0, ab[1], 0, want, 0, s, count, ONE);
        inject.accept(CUresult.CUDA_ERROR_LAUNCH_FAILED);
        long[] r = new long[2 * s * count];
        product.multiply(ab[0], 0, ab[1], 0, r, 0, s, count, ONE);
        String msg = "seed=" + seed + " " + s + " limbs x " + count;
        assertArrayEquals(want, r, msg + " after a fault");
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("injected") && warnings.get(0).contains("run on the CPU"), warnings.get(0));
        long[] r2 = new long[2 * s * count]; // the next call runs on the device again
        product.multiply(ab[0], 0, ab[1], 0, r2, 0, s, count, ONE);
        assertArrayEquals(want, r2, msg + " after recovery");
        assertEquals(1, warnings.size(), warnings.toString());
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
