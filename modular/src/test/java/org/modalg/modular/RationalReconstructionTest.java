package org.modalg.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Lehmer-accelerated reconstruction against plain Euclidean steps written here. */
class RationalReconstructionTest {

    // Wang's algorithm with one Euclidean step at a time (the definition).
    private static RationalReconstruction.Fraction plain(BigInteger u, BigInteger m, BigInteger nb, BigInteger db) {
        BigInteger r0 = m;
        BigInteger r1 = u.mod(m);
        BigInteger t0 = BigInteger.ZERO;
        BigInteger t1 = BigInteger.ONE;
        while (r1.compareTo(nb) > 0) {
            BigInteger[] qr = r0.divideAndRemainder(r1);
            r0 = r1;
            r1 = qr[1];
            BigInteger t = t0.subtract(qr[0].multiply(t1));
            t0 = t1;
            t1 = t;
        }
        if (r1.signum() == 0) {
            return t1.abs().equals(BigInteger.ONE) ? new RationalReconstruction.Fraction(BigInteger.ZERO,
                    BigInteger.ONE) : null;
        }
        if (t1.abs().compareTo(db) > 0 || !r1.gcd(t1).equals(BigInteger.ONE) || !t1.gcd(m).equals(BigInteger.ONE)) {
            return null;
        }
        return t1.signum() < 0 ? new RationalReconstruction.Fraction(r1.negate(), t1.negate())
                : new RationalReconstruction.Fraction(r1, t1);
    }

    @Test
    void largeModuliAgreeWithPlainEuclid() {
        long seed = 77;
        Random rnd = new Random(seed);
        for (int trial = 0; trial < 160; trial++) {
            int bits = 200 + rnd.nextInt(trial < 120 ? 3000 : 40000);
            BigInteger m = new BigInteger(bits, rnd).setBit(bits - 1).setBit(0);
            BigInteger u;
            BigInteger nb;
            BigInteger db;
            int kind = trial % 5;
            if (kind == 0) { // random residue, default bounds (usually no fraction)
                u = new BigInteger(bits, rnd).mod(m);
                nb = m.shiftRight(1).sqrt();
                db = nb;
            } else { // a genuine fraction a/b, bounds skewed to either side
                int nbBits = 1 + rnd.nextInt(bits - 2);
                int dbBits = Math.max(1, bits - 2 - nbBits);
                nb = BigInteger.ONE.shiftLeft(nbBits);
                db = BigInteger.ONE.shiftLeft(dbBits);
                // kind 3: a small numerator, kind 4: numerator and denominator far below their
                // bounds (a huge quotient in the middle of the remainder sequence).
                BigInteger a = new BigInteger(kind >= 3 ? Math.max(1, nbBits / 3) : nbBits, rnd);
                BigInteger b = new BigInteger(kind == 4 ? Math.max(1, dbBits / 2) : dbBits, rnd).add(BigInteger.ONE);
                if (rnd.nextBoolean()) {
                    a = a.negate();
                }
                while (!b.gcd(m).equals(BigInteger.ONE)) {
                    b = b.add(BigInteger.ONE);
                }
                u = a.multiply(b.modInverse(m)).mod(m);
            }
            String what = "seed " + seed + " trial " + trial + " bits " + bits;
            assertEquals(plain(u, m, nb, db), RationalReconstruction.reconstruct(u, m, nb, db), what);
        }
    }
}
