package org.modalg.fft;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Random;
import java.util.Set;

/** Oracles and random inputs shared by the CRT tests: everything here goes through BigInteger. */
final class CrtTestSupport {
    static final int MULTIPLIER = Integer.getInteger("modalg.test.multiplier", 1);
    static final long SEED = Long.getLong("modalg.test.seed", 0xC47L);
    static final BigInteger TWO64 = BigInteger.ONE.shiftLeft(64);

    private CrtTestSupport() {
    }

    /** s distinct random primes below 2^62 of random sizes (tiny ones included), in random order. */
    static long[] randomPrimes(int s, Random rnd) {
        Set<Long> ps = new LinkedHashSet<>();
        while (ps.size() < s) {
            int kind = rnd.nextInt(4);
            int bits = kind == 0 ? 2 + rnd.nextInt(10) : kind == 1 ? 2 + rnd.nextInt(61) : 62;
            BigInteger p = BigInteger.probablePrime(bits, rnd);
            if (p.bitLength() <= 62) {
                ps.add(p.longValueExact());
            }
        }
        return ps.stream().mapToLong(Long::longValue).toArray();
    }

    /** A basis of s primes: the largest NTT primes, or random primes (small ones too). */
    static CrtBasis randomBasis(int s, Random rnd) {
        if (rnd.nextBoolean()) {
            return CrtBasis.of(org.modalg.fields.NttPrimes.generate(s, 1L << 62, rnd.nextInt(25)));
        }
        return CrtBasis.of(randomPrimes(s, rnd));
    }

    /** The two's complement value of limbs[off .. off + len). */
    static BigInteger signedValue(long[] limbs, int off, int len) {
        BigInteger v = BigIntegerLimbs.big(limbs, off, len);
        return len > 0 && limbs[off + len - 1] < 0 ? v.subtract(BigInteger.ONE.shiftLeft(64 * len)) : v;
    }

    /** A random value in [0, bound) biased to edges: small, near bound, all-ones limbs. */
    static BigInteger randomBelow(BigInteger bound, Random rnd) {
        int kind = rnd.nextInt(6);
        BigInteger v;
        switch (kind) {
            case 0:
                v = BigInteger.valueOf(rnd.nextInt(3));
                break;
            case 1:
                v = bound.subtract(BigInteger.valueOf(1 + rnd.nextInt(3)));
                break;
            case 2: // some limbs all ones
                v = BigInteger.ONE.shiftLeft(rnd.nextInt(bound.bitLength() + 1)).subtract(BigInteger.ONE);
                break;
            case 3: // a random number of random bits
                v = new BigInteger(rnd.nextInt(bound.bitLength() + 1), rnd);
                break;
            default:
                v = new BigInteger(bound.bitLength() + 8, rnd);
                break;
        }
        v = v.mod(bound);
        return v;
    }

    /** The CRT value in [0, M) of the given residues by BigInteger: sum r_j (M/p_j) ((M/p_j)^-1 mod p_j). */
    static BigInteger crt(long[] primes, BigInteger[] residues) {
        BigInteger m = BigInteger.ONE;
        for (long p : primes) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        BigInteger x = BigInteger.ZERO;
        for (int j = 0; j < primes.length; j++) {
            BigInteger p = BigInteger.valueOf(primes[j]);
            BigInteger mj = m.divide(p);
            x = x.add(residues[j].multiply(mj).multiply(mj.modInverse(p)));
        }
        return x.mod(m);
    }

    /** The symmetric representative in (-M/2, M/2] of x mod m. */
    static BigInteger symmetric(BigInteger x, BigInteger m) {
        BigInteger r = x.mod(m);
        return r.shiftLeft(1).compareTo(m) > 0 ? r.subtract(m) : r;
    }

    static String ctx(String what) {
        return what + " (seed=" + SEED + ", -Dmodalg.test.seed to repeat)";
    }
}
