package org.modalg.modular.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.kernel.ZpLu;
import org.modalg.modular.mat.Determinant;

/**
 * The seam of cluster engines: {@link ImageEngines#using} scopes an engine to the operations run
 * inside it (and only to them), and {@link ImageEngines#factorsOf} / {@link ImageEngines#ofFactors}
 * carry a CPU factorization through Java serialization with the same solves. Random inputs every
 * run (seed printed; {@code -Dmodalg.test.seed} repeats one).
 */
class ScopedEnginesTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    static {
        System.out.println("ScopedEnginesTest seed " + SEED + " (-Dmodalg.test.seed=" + SEED + " repeats it)");
    }

    /** Counts the determinant batches it passes to the CPU engine. */
    private static final class Counting extends ForwardingImageEngine {
        final AtomicInteger batches;

        Counting(Options options, AtomicInteger batches) {
            super(ImageEngines.cpu(options));
            this.batches = batches;
        }

        @Override
        public String name() {
            return "counting";
        }

        @Override
        public long[] determinants(int n, LimbVector a, long[] primes) {
            batches.incrementAndGet();
            return inner.determinants(n, a, primes);
        }

        @Override
        public LuImages factor(int n, LimbVector a, long[] primes) {
            batches.incrementAndGet();
            return inner.factor(n, a, primes);
        }
    }

    @Test
    void scopedEngineServesTheOperationAndOnlyIt() {
        Random rnd = new Random(SEED);
        for (int n : new int[] {1, 5, 20}) {
            BigInteger[][] a = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[i][j] = new BigInteger(40, rnd).subtract(BigInteger.ONE.shiftLeft(39));
                }
            }
            Options options = Options.defaults().withThreads(1).withBackend(Backend.CPU);
            BigInteger plain = Determinant.det(a, options).value();
            AtomicInteger batches = new AtomicInteger();
            var scoped = ImageEngines.using(o -> new Counting(o, batches), () -> Determinant.det(a, options));
            assertEquals(plain, scoped.value(), "n = " + n + " (seed " + SEED + ")");
            assertTrue(batches.get() > 0, "the scoped engine computed the images");
            assertTrue(scoped.report().toString().contains("counting"), scoped.report().toString());
            // outside the scope the options' engine again
            assertTrue(ImageEngines.forOptions(options).name().startsWith("cpu"));
        }
    }

    @Test
    void scopesNestAndUnwindOnExceptions() {
        AtomicInteger unused = new AtomicInteger();
        Options o = Options.defaults().withThreads(1);
        String names = ImageEngines.using(x -> new Counting(x, unused), () -> {
            String inner = ImageEngines.using(x -> ImageEngines.cpu(x),
                    () -> ImageEngines.forOptions(o).name());
            return inner + "/" + ImageEngines.forOptions(o).name();
        });
        assertEquals("cpu (1 thread)/counting", names);
        assertThrows(IllegalStateException.class, () -> ImageEngines.using(x -> new Counting(x, unused), () -> {
            throw new IllegalStateException("boom");
        }));
        assertTrue(ImageEngines.forOptions(o.withBackend(Backend.CPU)).name().startsWith("cpu"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ImageEngines.using(null, () -> 1));
        assertTrue(e.getMessage().contains("engines"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ImageEngines.using(x -> ImageEngines.cpu(x), null));
    }

    @Test
    void factorsSurviveSerialization() throws Exception {
        Random rnd = new Random(SEED + 1);
        int n = 12;
        long[] entries = new long[n * n];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = rnd.nextInt(2001) - 1000;
        }
        // a singular row pattern modulo 3: a prime the factorization must report singular
        long[] primes = {8_388_593, 8_388_587, 3};
        long[] singularMod3 = entries.clone();
        for (int j = 0; j < n; j++) {
            singularMod3[n + j] = singularMod3[j] + 3L * (j % 5);
        }
        LimbVector a = LimbVector.of(singularMod3);
        LuImages lu = ImageEngines.cpu(Options.defaults().withThreads(1)).factor(n, a, primes);
        ZpLu[] lus = ImageEngines.factorsOf(lu);
        assertEquals(primes.length, lus.length);
        assertEquals(null, lus[2], "singular modulo 3");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(lus);
        }
        ZpLu[] back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = (ZpLu[]) in.readObject();
        }
        assertNotSame(lus[0], back[0]);
        LuImages rebuilt = ImageEngines.ofFactors(n, primes, back, 2);
        long[] b = new long[primes.length * n];
        for (int j = 0; j < primes.length; j++) {
            for (int i = 0; i < n; i++) {
                b[j * n + i] = Math.floorMod(rnd.nextLong(), primes[j]);
            }
        }
        long[] x1 = new long[b.length];
        long[] x2 = new long[b.length];
        lu.solve(b, x1);
        rebuilt.solve(b, x2);
        assertArrayEquals(x1, x2, "seed " + SEED);
        for (int j = 0; j < primes.length; j++) {
            assertEquals(lu.determinant(j), rebuilt.determinant(j));
            assertEquals(primes[j], rebuilt.prime(j));
        }
        // the oracle: A x = b modulo each regular prime, by BigInteger arithmetic
        for (int j = 0; j < 2; j++) {
            BigInteger p = BigInteger.valueOf(primes[j]);
            for (int i = 0; i < n; i++) {
                BigInteger s = BigInteger.ZERO;
                for (int k = 0; k < n; k++) {
                    s = s.add(BigInteger.valueOf(singularMod3[i * n + k]).multiply(BigInteger.valueOf(x2[j * n + k])));
                }
                assertEquals(BigInteger.valueOf(b[j * n + i]), s.mod(p), "row " + i + " mod " + p);
            }
        }
        lu.close();
        rebuilt.close();
    }

    @Test
    void badFactorsAreRefused() {
        LuImages lu = ImageEngines.cpu(Options.defaults().withThreads(1))
                .factor(2, LimbVector.of(new long[] {1, 2, 3, 5}), new long[] {101, 103});
        ZpLu[] lus = ImageEngines.factorsOf(lu);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ImageEngines.ofFactors(2, new long[] {101}, lus, 1));
        assertTrue(e.getMessage().contains("equal lengths"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ImageEngines.ofFactors(3, new long[] {101, 103}, lus, 1));
        assertTrue(e.getMessage().contains("lus[0]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ImageEngines.ofFactors(2, new long[] {103, 101}, lus, 1));
        assertTrue(e.getMessage().contains("modulo 103"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ImageEngines.factorsOf(null));
        assertTrue(e.getMessage().startsWith("lu must be"), e.getMessage());
        assertSame(lus.getClass(), ZpLu[].class);
    }
}
