package org.modalg.modular.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;
import org.modalg.modular.PrimeStream;
import org.modalg.modular.kernel.PolyGcdDouble;

/**
 * The CPU image engine's projection of integer vectors onto many primes (magnitudes with the
 * fewest limbs, residues of negative values negated), against BigInteger.mod: signed values of 0
 * to 700 bits mixed in one vector, primes below 2^26 and below 2^62. The projection is read back
 * through gcd images with cofactors: gcd(f, 1) = 1 modulo every prime, so the cofactor f / 1 is f
 * reduced modulo the prime, coefficient by coefficient.
 */
class ImageProjectionTest {
    @Test
    void signedValuesOfMixedWidthsAgreeWithBigIntegerMod() {
        long seed = System.nanoTime();
        System.out.println("ImageProjectionTest seed " + seed);
        Random rnd = new Random(seed);
        long[] small = PrimeStream.below(PolyGcdDouble.PRIME_BOUND).next(20);
        long[] big = PrimeStream.below(ZpField.MAX_MODULUS_EXCLUSIVE).next(3);
        for (int threads : new int[] {1, 2}) {
            ImageEngine e = ImageEngines.cpu(Options.defaults().withThreads(threads));
            for (int it = 0; it < 20; it++) {
                int len = 1 + rnd.nextInt(40);
                BigInteger[] c = new BigInteger[len];
                for (int i = 0; i < len; i++) {
                    BigInteger v = new BigInteger(rnd.nextInt(700), rnd);
                    c[i] = rnd.nextBoolean() ? v.negate() : v;
                }
                c[rnd.nextInt(len)] = BigInteger.ONE.shiftLeft(64).negate(); // -2^64: two limbs, magnitude only
                if (c[len - 1].signum() == 0) {
                    c[len - 1] = BigInteger.ONE;
                }
                long[] ps = it % 2 == 0 ? small : big;
                for (long p : ps) {
                    if (c[len - 1].mod(BigInteger.valueOf(p)).signum() == 0) {
                        c[len - 1] = c[len - 1].add(BigInteger.ONE); // the leading coefficient stays a unit
                    }
                }
                GcdImages g = e.gcds(LimbVector.of(c), LimbVector.of(new long[] {1}), ps, true);
                for (int j = 0; j < ps.length; j++) {
                    String where = "seed " + seed + " it " + it + " p " + ps[j];
                    assertEquals(0, g.degree(j), where);
                    long[] expected = new long[len];
                    for (int i = 0; i < len; i++) {
                        expected[i] = c[i].mod(BigInteger.valueOf(ps[j])).longValueExact();
                    }
                    assertArrayEquals(expected, java.util.Arrays.copyOf(g.fCofactor(j), len), where);
                }
            }
        }
    }
}
