package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * {@link ProductTreeCrt.Incremental} against the one-shot {@link ProductTreeCrt#combine} and the
 * textbook CRT in BigInteger ({@link ProductTreeCrtTest}'s oracle), on random residues every run
 * (a fresh seed unless {@code -Dmodalg.test.seed} fixes it; printed): batches of one prime, of
 * uneven random sizes, all primes at once, in order and shuffled; value counts across the
 * per-value blocks; the symmetric range's ends; 2 among the primes; and bad arguments.
 */
class ProductTreeCrtIncrementalTest {
    static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final Options TWO = Options.defaults().withBackend(Backend.CPU).withThreads(2);
    private static final Options ONE = Options.defaults().withBackend(Backend.CPU).withThreads(1);

    @BeforeAll
    static void printSeed() {
        System.out.println("ProductTreeCrtIncrementalTest seed=" + SEED + " (-Dmodalg.test.seed to replay)");
    }

    private static long[] residues(Random rnd, long[] primes, int n) {
        long[] r = new long[primes.length * n];
        for (int v = 0; v < n; v++) {
            int kind = rnd.nextInt(5);
            for (int i = 0; i < primes.length; i++) {
                long p = primes[i];
                r[i * n + v] = switch (kind) {
                    case 0 -> 0;
                    case 1 -> p - 1;
                    case 2 -> rnd.nextLong(); // unreduced
                    default -> Math.floorMod(rnd.nextLong(), p);
                };
            }
        }
        return r;
    }

    /** Batch boundaries: sizes 1, random uneven, or all. */
    private static List<int[]> batches(Random rnd, int k, String kind) {
        List<int[]> out = new ArrayList<>();
        int from = 0;
        while (from < k) {
            int size = switch (kind) {
                case "ones" -> 1;
                case "all" -> k;
                default -> 1 + rnd.nextInt(Math.max(1, k / 3));
            };
            size = Math.min(size, k - from);
            out.add(new int[] {from, size});
            from += size;
        }
        return out;
    }

    /** The incremental CRT fed these batches (each batch's residues copied to an array of its own at an offset). */
    private static BigInteger[] incremental(long[] primes, long[] residues, int n, boolean symmetric, List<int[]> order,
            Options options, Random rnd) {
        ProductTreeCrt.Incremental crt = new ProductTreeCrt.Incremental(primes, n, symmetric, options);
        for (int[] b : order) {
            assertTrue(crt.remaining() >= b[1]);
            int offset = rnd.nextInt(3);
            long[] part = new long[offset + b[1] * n + rnd.nextInt(3)];
            System.arraycopy(residues, b[0] * n, part, offset, b[1] * n);
            crt.add(b[0], b[1], part, offset);
        }
        assertEquals(0, crt.remaining());
        return crt.result();
    }

    @Test
    void matchesTheOneShotCrtAndTheTextbookCrt() {
        Random rnd = new Random(SEED);
        int[] ks = {1, 2, 3, 16, 17, 33, 97, 150};
        for (int k : ks) {
            int bits = k < 8 ? 3 + rnd.nextInt(60) : rnd.nextBoolean() ? 26 : 12 + rnd.nextInt(51);
            long[] primes = PrimeStream.below(1L << bits).next(k);
            int n = 1 + rnd.nextInt(70); // across a block of 32 values
            long[] residues = residues(rnd, primes, n);
            for (String kind : new String[] {"ones", "uneven", "all"}) {
                for (boolean shuffled : new boolean[] {false, true}) {
                    List<int[]> order = batches(rnd, k, kind);
                    if (shuffled) {
                        Collections.shuffle(order, rnd);
                    }
                    for (boolean symmetric : new boolean[] {true, false}) {
                        Options o = rnd.nextBoolean() ? ONE : TWO;
                        BigInteger[] got = incremental(primes, residues, n, symmetric, order, o, rnd);
                        String label = "seed=" + SEED + " k=" + k + " n=" + n + " batches " + kind + (shuffled
                                ? " shuffled" : "") + " symmetric " + symmetric;
                        assertArrayEquals(ProductTreeCrt.combine(primes, residues, n, symmetric, o), got, label);
                        for (int v = 0; v < n; v++) {
                            assertEquals(ProductTreeCrtTest.oracleOf(primes, residues, n, v, symmetric), got[v],
                                    label + " value " + v);
                        }
                    }
                }
            }
        }
    }

    @Test
    void manyPrimesManyValuesAndTheEnds() {
        Random rnd = new Random(SEED + 1);
        int k = 446;
        int n = 700;
        long[] primes = PrimeStream.below(1L << 26).next(k);
        long[] residues = residues(rnd, primes, n);
        BigInteger[] ends = ProductTreeCrtTest.plantSymmetricEnds(primes, residues, n);
        for (String kind : new String[] {"uneven", "all"}) {
            BigInteger[] got = incremental(primes, residues, n, true, batches(rnd, k, kind), TWO, rnd);
            assertArrayEquals(ProductTreeCrt.combine(primes, residues, n, true, TWO), got, "seed=" + SEED + " " + kind);
            for (int v = 0; v < ends.length; v++) {
                assertEquals(ends[v], got[v], "value " + v);
            }
        }
        // 2 among mixed primes up to 2^62, one prime per batch
        long[] mixed = {2, 3, 1_000_000_007L, (1L << 61) - 1, 4611686018427387847L, 65537};
        long[] r = residues(rnd, mixed, 5);
        for (boolean symmetric : new boolean[] {true, false}) {
            BigInteger[] got = incremental(mixed, r, 5, symmetric, batches(rnd, mixed.length, "ones"), ONE, rnd);
            for (int v = 0; v < 5; v++) {
                assertEquals(ProductTreeCrtTest.oracleOf(mixed, r, 5, v, symmetric), got[v], "mixed value " + v);
            }
        }
        assertEquals(0, new ProductTreeCrt.Incremental(mixed, 0, true, ONE).remaining() - mixed.length);
    }

    @Test
    void refusesBadInput() {
        long[] primes = {7, 11, 13};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ProductTreeCrt.Incremental(new long[] {7, 11, 7}, 1, true, ONE));
        assertTrue(e.getMessage().contains("distinct"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new ProductTreeCrt.Incremental(new long[] {7, 9}, 1,
                true, ONE));
        assertTrue(e.getMessage().contains("primes[1]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new ProductTreeCrt.Incremental(primes, -1, true, ONE));
        assertTrue(e.getMessage().contains("n must be"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ProductTreeCrt.Incremental(null, 1, true, ONE));
        assertThrows(IllegalArgumentException.class, () -> new ProductTreeCrt.Incremental(primes, 1, true, null));
        ProductTreeCrt.Incremental crt = new ProductTreeCrt.Incremental(primes, 2, true, ONE);
        e = assertThrows(IllegalArgumentException.class, () -> crt.add(2, 2, new long[4], 0));
        assertTrue(e.getMessage().contains("from and count"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> crt.add(0, 0, new long[4], 0));
        assertTrue(e.getMessage().contains("from and count"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> crt.add(0, 2, new long[4], 1));
        assertTrue(e.getMessage().contains("residues"), e.getMessage());
        crt.add(1, 1, new long[] {3, 10}, 0);
        e = assertThrows(IllegalArgumentException.class, () -> crt.add(0, 2, new long[4], 0));
        assertTrue(e.getMessage().contains("primes[1] = 11"), e.getMessage());
        IllegalStateException s = assertThrows(IllegalStateException.class, crt::result);
        assertTrue(s.getMessage().contains("2 of 3"), s.getMessage());
        crt.add(0, 1, new long[] {5, 6}, 0);
        crt.add(2, 1, new long[] {0, 12}, 0);
        BigInteger[] x = crt.result();
        assertEquals(BigInteger.valueOf(5), x[0].mod(BigInteger.valueOf(7)));
        assertEquals(BigInteger.valueOf(3), x[0].mod(BigInteger.valueOf(11)));
        assertEquals(BigInteger.ZERO, x[0].mod(BigInteger.valueOf(13)));
        assertEquals(BigInteger.valueOf(-1), x[1]); // p - 1 modulo each prime
    }
}
