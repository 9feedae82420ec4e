package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The shared draws of {@link PrimeSource} on both sources, against BigInteger products. */
class PrimeSourceTest {

    @Test
    void nextCoveringIsTheFewestPrimesWhoseProductExceedsTheBits() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("PrimeSourceTest seed " + seed);
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 40; trial++) {
            long bits = trial < 3 ? trial : rnd.nextInt(5000);
            PrimeSource[] sources = {PrimeStream.below(1L << (20 + rnd.nextInt(42))),
                RandomPrimes.inRange(23 + rnd.nextInt(4), rnd.nextLong())};
            for (PrimeSource source : sources) {
                long[] primes = source.nextCovering(bits);
                BigInteger product = BigInteger.ONE;
                BigInteger withoutLast = BigInteger.ONE;
                for (int i = 0; i < primes.length; i++) {
                    assertTrue(BigInteger.valueOf(primes[i]).isProbablePrime(40), primes[i] + ", seed " + seed);
                    product = product.multiply(BigInteger.valueOf(primes[i]));
                    if (i < primes.length - 1) {
                        withoutLast = product;
                    }
                }
                assertTrue(product.bitLength() > bits || bits == 0, bits + " bits, seed " + seed);
                if (primes.length > 0) {
                    // one prime fewer carries fewer than bits counted bits (floor(log2 p) each)
                    long counted = 0;
                    for (int i = 0; i < primes.length - 1; i++) {
                        counted += 63 - Long.numberOfLeadingZeros(primes[i]);
                    }
                    assertTrue(counted < bits, bits + " bits, seed " + seed);
                    assertTrue(withoutLast.bitLength() <= counted + primes.length, "seed " + seed);
                }
                assertEquals(primes.length, source.produced(), "seed " + seed);
            }
        }
    }

    @Test
    void nextCountContinuesTheSequenceAndChecksItsArgument() {
        PrimeStream a = PrimeStream.below(1L << 30);
        PrimeStream b = PrimeStream.below(1L << 30);
        long[] five = a.next(5);
        long[] one = new long[5];
        for (int i = 0; i < 5; i++) {
            one[i] = b.next();
        }
        assertArrayEquals(one, five);
        assertEquals(0, a.next(0).length);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.next(-1));
        assertTrue(e.getMessage().contains("count"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.nextCovering(-1));
        assertTrue(e.getMessage().contains("bits"), e.getMessage());
    }
}
