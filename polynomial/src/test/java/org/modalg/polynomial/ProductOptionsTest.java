package org.modalg.polynomial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.polynomial.PolyOracles.MULTIPLIER;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.CancelledException;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.integer.IntegerDivision;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The products' per-call options: every route x threads {1, 2} x backend CPU against the
 * schoolbook product (polynomials) or BigInteger (integers) on random inputs and edge values;
 * the big-prime route over Z against CRT; the GPU backend without a GPU; BIG_PRIME for integers;
 * cancellation.
 */
class ProductOptionsTest {

    private static final Route[] ROUTES = {Route.AUTO, Route.CRT, Route.BIG_PRIME};
    private static final int[] THREADS = {1, 2};

    /** Fresh inputs every run; -Dmodalg.test.seed replays one. */
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    private static String where(String label) {
        return "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + label;
    }

    @BeforeAll
    static void seed() {
        System.out.println("ProductOptionsTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static Options cpu(Route route, int threads) {
        return Options.defaults().withRoute(route).withThreads(threads).withBackend(Backend.CPU);
    }

    // Edge operands over Z: zero, constants (positive, negative), a negative leading term, and
    // random ones of unbalanced lengths and mixed sizes.
    private static List<BigInteger[]> zzOperands(Random rnd) {
        List<BigInteger[]> ops = new ArrayList<>();
        ops.add(new BigInteger[0]);
        ops.add(PolyOracles.big(7));
        ops.add(PolyOracles.big(-3));
        ops.add(PolyOracles.big(1, -1));
        ops.add(PolyOracles.big(-5, 0, 0, -2));
        for (int i = 0; i < 4 * MULTIPLIER; i++) {
            ops.add(PolyOracles.randomZZ(rnd, 1 + rnd.nextInt(i % 2 == 0 ? 40 : 300), 1 + rnd.nextInt(300)));
        }
        return ops;
    }

    @Test
    void zzMultiplyEveryRouteAndThreadCountMatchesSchoolbook() {
        Random rnd = new Random(SEED);
        List<BigInteger[]> ops = zzOperands(rnd);
        for (int i = 0; i < ops.size(); i++) {
            for (int j = i; j < ops.size(); j += 1 + rnd.nextInt(3)) {
                ZZPoly f = ZZPoly.of(ops.get(i));
                ZZPoly g = ZZPoly.of(ops.get(j));
                ZZPoly expected = ZZPoly.of(PolyOracles.mul(ops.get(i), ops.get(j)));
                for (Route route : ROUTES) {
                    for (int t : THREADS) {
                        String msg = where("f=#" + i + " g=#" + j + " route=" + route + " threads=" + t);
                        assertEquals(expected, f.multiply(g, cpu(route, t)), msg);
                        assertEquals(expected, g.multiply(f, cpu(route, t)), msg + " (swapped)");
                    }
                }
            }
        }
    }

    @Test
    void zzSquareEveryRouteAndThreadCountMatchesSchoolbook() {
        Random rnd = new Random(SEED + 1);
        for (BigInteger[] a : zzOperands(rnd)) {
            ZZPoly f = ZZPoly.of(a);
            ZZPoly expected = ZZPoly.of(PolyOracles.mul(a, a));
            for (Route route : ROUTES) {
                for (int t : THREADS) {
                    assertEquals(expected, f.square(cpu(route, t)),
                            where("len=" + a.length + " route=" + route + " threads=" + t));
                }
            }
        }
    }

    @Test
    void zzBigPrimeAgreesWithCrtOnLargerProducts() {
        Random rnd = new Random(SEED + 2);
        for (int it = 0; it < 3 * MULTIPLIER; it++) {
            int len = 100 + rnd.nextInt(500);
            BigInteger[] a = PolyOracles.randomZZ(rnd, len, 64 + rnd.nextInt(900));
            BigInteger[] b = PolyOracles.randomZZ(rnd, 1 + rnd.nextInt(2 * len), 1 + rnd.nextInt(900));
            ZZPoly f = ZZPoly.of(a);
            ZZPoly g = ZZPoly.of(b);
            ZZPoly crt = f.multiply(g, cpu(Route.CRT, 2));
            String msg = where("it=" + it + " lengths " + a.length + ", " + b.length);
            assertEquals(crt, f.multiply(g, cpu(Route.BIG_PRIME, 1)), msg + " big-prime, 1 thread");
            assertEquals(crt, f.multiply(g, cpu(Route.BIG_PRIME, 2)), msg + " big-prime, 2 threads");
            assertEquals(crt, f.multiply(g, cpu(Route.AUTO, 1)), msg + " auto, 1 thread");
            assertEquals(crt, f.multiply(g), msg + " defaults");
        }
    }

    @Test
    void zzBigPrimeBeyondThePresetsNamesTheLimit() {
        // coefficients of 5000 bits: a product bound of about 10,000 bits, beyond every preset
        BigInteger big = BigInteger.ONE.shiftLeft(5000).subtract(BigInteger.ONE);
        ZZPoly f = ZZPoly.of(big, big.negate(), big);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> f.multiply(f, cpu(Route.BIG_PRIME, 1)));
        assertTrue(e.getMessage().contains("preset"), e.getMessage());
        // the other routes take it
        assertEquals(ZZPoly.of(PolyOracles.mul(f.coefficients(), f.coefficients())), f.multiply(f, cpu(Route.CRT, 1)));
    }

    @Test
    void zpMultiplyEveryRouteAndThreadCountMatchesSchoolbook() {
        Random rnd = new Random(SEED + 3);
        long[] primes = {2, 65537, 998244353L, (1L << 61) - 1, 4611686018427387847L};
        for (long p : primes) {
            ZpField field = ZpField.of(p);
            BigInteger bp = BigInteger.valueOf(p);
            List<BigInteger[]> ops = new ArrayList<>();
            ops.add(new BigInteger[0]);
            ops.add(PolyOracles.big(1));
            ops.add(PolyOracles.big(p - 1, p - 1));
            for (int i = 0; i < 3 * MULTIPLIER; i++) {
                ops.add(PolyOracles.randomMod(rnd, 1 + rnd.nextInt(i == 0 ? 10 : 400), bp));
            }
            for (BigInteger[] a : ops) {
                BigInteger[] b = ops.get(rnd.nextInt(ops.size()));
                ZpPoly f = ZpPoly.of(field, a);
                ZpPoly g = ZpPoly.of(field, b);
                ZpPoly expected = ZpPoly.of(field, PolyOracles.mulMod(a, b, bp));
                for (Route route : ROUTES) {
                    for (int t : THREADS) {
                        assertEquals(expected, f.multiply(g, cpu(route, t)),
                                where("p=" + p + " lengths " + a.length + ", " + b.length + " route=" + route
                                        + " threads=" + t));
                    }
                }
            }
        }
    }

    @Test
    void integerMultiplyAndDivideEveryRouteAndThreadCountMatchBigInteger() {
        Random rnd = new Random(SEED + 4);
        List<BigInteger> ops = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(),
                BigInteger.valueOf(Long.MIN_VALUE), BigInteger.ONE.shiftLeft(64 * 300).negate()));
        for (int i = 0; i < 5 * MULTIPLIER; i++) {
            BigInteger x = new BigInteger(1 + rnd.nextInt(i % 2 == 0 ? 500 : 200_000), rnd);
            ops.add(rnd.nextBoolean() ? x.negate() : x);
        }
        for (BigInteger a : ops) {
            for (int k = 0; k < 3; k++) {
                BigInteger b = ops.get(rnd.nextInt(ops.size()));
                BigInteger product = a.multiply(b);
                for (Route route : new Route[] {Route.AUTO, Route.CRT}) {
                    for (int t : THREADS) {
                        Options o = cpu(route, t);
                        String msg = where("bits " + a.bitLength() + " x " + b.bitLength() + " route=" + route
                                + " threads=" + t);
                        assertEquals(product, IntegerMultiplication.multiply(a, b, o), msg);
                        if (b.signum() != 0) {
                            assertArrayEquals(a.divideAndRemainder(b), IntegerDivision.divideAndRemainder(a, b, o),
                                    msg + " a / b");
                            BigInteger big = product.add(b.shiftRight(1)); // a large dividend
                            assertArrayEquals(big.divideAndRemainder(b), IntegerDivision.divideAndRemainder(big, b, o),
                                    msg + " (a b + b/2) / b");
                        }
                    }
                }
            }
        }
    }

    @Test
    void integerBigPrimeRouteIsRefusedNamingTheRoute() {
        Options o = Options.defaults().withRoute(Route.BIG_PRIME);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IntegerMultiplication.multiply(BigInteger.TWO, BigInteger.TEN, o));
        assertTrue(e.getMessage().contains("BIG_PRIME") && e.getMessage().contains("AUTO, CRT"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> IntegerDivision.divideAndRemainder(BigInteger.TEN, BigInteger.TWO, o));
        assertTrue(e.getMessage().contains("BIG_PRIME"), e.getMessage());
    }

    @Test
    void gpuBackendWithoutAGpuThrowsTheDocumentedException() {
        boolean gpuPresent;
        try {
            NttEngines.byName("gpu");
            gpuPresent = true;
        } catch (IllegalStateException e) {
            gpuPresent = false;
        }
        Options gpu = Options.defaults().withBackend(Backend.GPU);
        ZZPoly f = ZZPoly.of(1, 2, 3);
        ZpPoly z = ZpPoly.of(ZpField.of(17), 1, 2, 3);
        if (gpuPresent) {
            assertEquals(f.multiply(f), f.multiply(f, gpu));
            return;
        }
        for (Runnable r : new Runnable[] {
            () -> f.multiply(f, gpu),
            () -> f.square(gpu),
            () -> z.multiply(z, gpu),
            () -> IntegerMultiplication.multiply(BigInteger.TWO, BigInteger.TEN, gpu),
            () -> IntegerDivision.divideAndRemainder(BigInteger.TEN, BigInteger.TWO, gpu)}) {
            IllegalStateException e = assertThrows(IllegalStateException.class, r::run);
            assertTrue(e.getMessage().contains("gpu"), e.getMessage());
        }
    }

    @Test
    void nullOptionsAreNamed() {
        ZZPoly f = ZZPoly.of(1, 2);
        ZpPoly z = ZpPoly.of(ZpField.of(17), 1, 2);
        for (Runnable r : new Runnable[] {
            () -> f.multiply(f, (Options) null),
            () -> f.square(null),
            () -> z.multiply(z, null),
            () -> IntegerMultiplication.multiply(BigInteger.TWO, BigInteger.TEN, null),
            () -> IntegerDivision.divideAndRemainder(BigInteger.TEN, BigInteger.TWO, null)}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
            assertTrue(e.getMessage().contains("options"), e.getMessage());
        }
    }

    @Test
    void cancellationIsPolledBeforeTheWork() {
        Options cancelled = Options.defaults().withCancellation(() -> true);
        ZZPoly f = ZZPoly.of(1, 2, 3);
        ZpPoly z = ZpPoly.of(ZpField.of(17), 1, 2);
        assertThrows(CancelledException.class, () -> f.multiply(f, cancelled));
        assertThrows(CancelledException.class, () -> f.square(cancelled));
        assertThrows(CancelledException.class, () -> z.multiply(z, cancelled));
        assertThrows(CancelledException.class, () -> IntegerMultiplication.multiply(BigInteger.TWO, BigInteger.TEN,
                cancelled));
        assertThrows(CancelledException.class, () -> IntegerDivision.divideAndRemainder(BigInteger.TEN,
                BigInteger.TWO, cancelled));
    }

    @Test
    void theCallsThreadCountAndBackendReachTheDispatch() {
        boolean tuned = System.getProperty("modalg.poly.zzFast") == null
                && System.getProperty("modalg.poly.zzNtt") == null;
        for (int t : new int[] {1, 2, 5}) {
            Options o = cpu(Route.AUTO, t);
            ProductContext.with(o, () -> {
                assertEquals(t, ProductContext.threads());
                assertTrue(!ProductContext.gpuAllowed());
                assertEquals(org.modalg.fft.ntt.CpuNttEngine.class, ProductContext.engine().getClass());
                assertEquals("cpu(threads=" + t + ")", ProductContext.engine().name());
                if (tuned) {
                    for (int bits : new int[] {64, 700, 3000}) {
                        assertEquals(Tuning.zzFastDefault(bits, t), Tuning.zzFastThreshold(bits), "bits " + bits);
                        assertEquals(Tuning.zzNttDefault(bits, t), Tuning.zzNttThreshold(bits), "bits " + bits);
                    }
                }
                // nested calls restore the outer options
                ProductContext.with(cpu(Route.AUTO, 3), () -> {
                    assertEquals(3, ProductContext.threads());
                    return null;
                });
                assertEquals(t, ProductContext.threads());
                return null;
            });
        }
        assertEquals(org.modalg.fft.ntt.CpuNttEngine.shared().threads(), ProductContext.threads(), "outside a call");
    }
}
