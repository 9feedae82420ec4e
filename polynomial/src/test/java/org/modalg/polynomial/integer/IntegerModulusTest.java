package org.modalg.polynomial.integer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;

/**
 * {@link IntegerModulus} against BigInteger's own {@code mod} and {@code modPow} (an independent
 * oracle): moduli on both sides of the transform range (BigInteger's arithmetic below it,
 * Barrett's reduction with reused transforms from it), the limb boundaries (B^k - 1, B^(k-1),
 * B^(k-1) + 1, top limb 1), operands of every sign and size (0, 1, m - 1, m, m^2 - 1, m^2,
 * far beyond, negative), products and powers with negative exponents. Random inputs every run;
 * the seed is printed ({@code -Dmodalg.test.seed} replays it).
 */
class IntegerModulusTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());
    private static final Options CPU = Options.defaults().withBackend(Backend.CPU);

    @BeforeAll
    static void printSeed() {
        System.out.println("IntegerModulusTest seed=" + SEED + " (-Dmodalg.test.seed=" + SEED + " replays)");
    }

    private static BigInteger random(Random rnd, int bits) {
        BigInteger x = new BigInteger(bits, rnd);
        return x.setBit(bits - 1);
    }

    private static List<BigInteger> moduli(Random rnd) {
        BigInteger b = BigInteger.ONE.shiftLeft(64);
        List<BigInteger> out = new ArrayList<>();
        for (long v : new long[] {1, 2, 3, 1L << 62, Long.MAX_VALUE}) {
            out.add(BigInteger.valueOf(v));
        }
        out.add(random(rnd, 15_000));                       // below the transform range
        out.add(random(rnd, 16_000));                       // at its start
        out.add(random(rnd, 16_001 + rnd.nextInt(20_000)));
        int k = 16_000 / 64 + 2;
        out.add(b.pow(k).subtract(BigInteger.ONE));         // every limb all ones
        out.add(b.pow(k - 1));                              // a power of two: top limb 1
        out.add(b.pow(k - 1).add(BigInteger.ONE));
        out.add(b.pow(k).subtract(BigInteger.ONE).shiftRight(63)); // top limb 1, the rest all ones
        out.add(random(rnd, 100_000).or(BigInteger.ONE));   // odd, for inverses
        return out;
    }

    private static List<BigInteger> values(Random rnd, BigInteger m) {
        BigInteger m2 = m.multiply(m);
        List<BigInteger> out = new ArrayList<>();
        out.add(BigInteger.ZERO);
        out.add(BigInteger.ONE);
        out.add(m.subtract(BigInteger.ONE));
        out.add(m);
        out.add(m.add(BigInteger.ONE));
        out.add(m2.subtract(BigInteger.ONE));
        out.add(m2);
        out.add(m2.add(m).add(BigInteger.TEN));
        out.add(new BigInteger(2 * m.bitLength(), rnd));
        out.add(new BigInteger(m.bitLength() + 1 + rnd.nextInt(m.bitLength()), rnd));
        out.add(new BigInteger(3 * m.bitLength() + 5, rnd));
        out.add(BigInteger.ONE.negate());
        out.add(m.negate());
        out.add(new BigInteger(2 * m.bitLength(), rnd).negate());
        return out;
    }

    @Test
    void reduceAndMulModAgainstBigInteger() {
        Random rnd = new Random(SEED);
        for (BigInteger m : moduli(rnd)) {
            IntegerModulus mod = IntegerModulus.of(m, CPU);
            assertEquals(m, mod.modulus());
            assertEquals(m.bitLength() >= 16_000, mod.transformsReused(), "bits " + m.bitLength());
            String ctx = "seed=" + SEED + " m of " + m.bitLength() + " bits";
            List<BigInteger> vs = values(rnd, m);
            for (BigInteger x : vs) {
                assertEquals(x.mod(m), mod.reduce(x), ctx + ", x of " + x.bitLength() + " bits, sign " + x.signum());
            }
            for (int t = 0; t < 4; t++) {
                BigInteger a = vs.get(rnd.nextInt(vs.size()));
                BigInteger c = vs.get(rnd.nextInt(vs.size()));
                assertEquals(a.multiply(c).mod(m), mod.mulMod(a, c), ctx + " mulMod");
            }
            BigInteger a = new BigInteger(m.bitLength(), rnd);
            assertEquals(a.multiply(a).mod(m), mod.mulMod(a, a), ctx + " square");
        }
    }

    @Test
    void powModAgainstModPow() {
        Random rnd = new Random(SEED + 1);
        for (BigInteger m : new BigInteger[] {BigInteger.valueOf(1_000_003), random(rnd, 17_000),
                random(rnd, 20_000).or(BigInteger.ONE)}) {
            IntegerModulus mod = IntegerModulus.of(m, CPU);
            String ctx = "seed=" + SEED + " m of " + m.bitLength() + " bits";
            BigInteger a = new BigInteger(m.bitLength() + 7, rnd);
            for (BigInteger e : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                    BigInteger.valueOf(rnd.nextInt(1 << 12)), new BigInteger(40, rnd)}) {
                assertEquals(a.modPow(e, m), mod.powMod(a, e), ctx + " a^" + e);
            }
            assertEquals(BigInteger.ZERO.modPow(BigInteger.TEN, m), mod.powMod(BigInteger.ZERO, BigInteger.TEN), ctx);
            if (a.gcd(m).equals(BigInteger.ONE)) {
                BigInteger e = BigInteger.valueOf(-1 - rnd.nextInt(100));
                assertEquals(a.modPow(e, m), mod.powMod(a, e), ctx + " a^" + e);
            }
        }
        // the Mersenne number m = 2^19937 - 1: 2^19937 = 1 and 2^(3 19937 + 5) = 32 mod m
        BigInteger p = BigInteger.ONE.shiftLeft(19_937).subtract(BigInteger.ONE);
        IntegerModulus mp = IntegerModulus.of(p, CPU);
        assertEquals(BigInteger.ONE, mp.powMod(BigInteger.TWO, BigInteger.valueOf(19_937)), "2^19937 mod M19937");
        assertEquals(BigInteger.valueOf(32), mp.powMod(BigInteger.TWO, BigInteger.valueOf(3 * 19_937 + 5)),
                "2^(3 19937 + 5) mod M19937");
        assertEquals(BigInteger.ZERO, IntegerModulus.of(BigInteger.ONE).powMod(BigInteger.TEN, BigInteger.ZERO));
    }

    @Test
    void theInverseAloneAndTheWholeRemainderProductGiveTheSameValues() {
        Random rnd = new Random(SEED + 3);
        BigInteger m = random(rnd, 40_000);
        IntegerModulus.reuseTransforms = false;
        IntegerModulus plain;
        try {
            plain = IntegerModulus.of(m, CPU);
        } finally {
            IntegerModulus.reuseTransforms = true;
        }
        IntegerModulus reused = IntegerModulus.of(m, CPU);
        IntegerModulus.wrapRemainder = false;
        IntegerModulus whole;
        try {
            whole = IntegerModulus.of(m, CPU);
        } finally {
            IntegerModulus.wrapRemainder = true;
        }
        assertFalse(plain.transformsReused());
        assertTrue(reused.transformsReused());
        assertTrue(whole.transformsReused());
        for (BigInteger x : values(rnd, m)) {
            assertEquals(reused.reduce(x), plain.reduce(x), "seed=" + SEED);
            assertEquals(reused.reduce(x), whole.reduce(x), "seed=" + SEED + " q0 m whole");
        }
    }

    @Test
    void aPowerStopsWhenCancelled() {
        int[] polls = new int[1];
        Options cancelAfterTen = CPU.withCancellation(() -> ++polls[0] > 10);
        IntegerModulus m = IntegerModulus.of(BigInteger.ONE.shiftLeft(20_000).add(BigInteger.valueOf(7)), cancelAfterTen);
        org.modalg.fft.CancelledException e = assertThrows(org.modalg.fft.CancelledException.class,
                () -> m.powMod(BigInteger.valueOf(3), BigInteger.ONE.shiftLeft(100)));
        assertTrue(e.getMessage().contains("power mod m"), e.getMessage());
        assertEquals(11, polls[0], "one poll per squaring, stopped at the first true");
    }

    @Test
    void badInputIsRefusedNamingTheParameter() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IntegerModulus.of(null)).getMessage()
                .startsWith("m "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IntegerModulus.of(BigInteger.ZERO)).getMessage()
                .contains("m must be positive"));
        assertThrows(IllegalArgumentException.class, () -> IntegerModulus.of(BigInteger.TEN.negate()));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IntegerModulus.of(BigInteger.TEN, null))
                .getMessage().contains("options"));
        IntegerModulus mod = IntegerModulus.of(BigInteger.TEN);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> mod.reduce(null)).getMessage().startsWith("x "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> mod.mulMod(BigInteger.ONE, null)).getMessage()
                .startsWith("b "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> mod.powMod(BigInteger.ONE, null)).getMessage()
                .startsWith("e "));
        assertThrows(ArithmeticException.class, () -> mod.powMod(BigInteger.TWO, BigInteger.ONE.negate()));
        BigInteger big = BigInteger.ONE.shiftLeft(20_000).add(BigInteger.ONE);
        assertThrows(ArithmeticException.class, () -> IntegerModulus.of(big).powMod(big.add(big), BigInteger.ONE.negate()));
    }
}
