package org.modalg.modular.loop;

import java.math.BigInteger;
import org.modalg.fft.Certification;

/**
 * The proven stopping rule: the supply is a plan of moduli whose product exceeds twice a proven
 * bound B on the absolute value of every entry (Hadamard for the determinant and the Sylvester
 * matrix); all of them are imaged (one wave, which the loop cuts into batches), and then the
 * symmetric lift is the value. {@link Certification#PROVEN}, failure probability 0.
 */
public final class ProvenBound implements StoppingRule<BigInteger[]> {
    private final BigInteger twiceBound;
    private final String boundName;

    /**
     * @param twiceBound 2B, which the product of the moduli must exceed
     * @param boundName for the report, e.g. {@code "2 * Hadamard bound"}
     */
    public ProvenBound(BigInteger twiceBound, String boundName) {
        this.twiceBound = twiceBound;
        this.boundName = boundName;
    }

    @Override
    public int nextWave(Run run, Combiner combiner, PrimeSupply supply) {
        return Math.max(1, supply.remaining());
    }

    @Override
    public BigInteger[] tryStop(Run run, Combiner combiner, PrimeSupply supply) {
        // m >= 2^floorBits: when that already exceeds 2B, the product of the moduli (a product tree
        // over thousands of primes) is not needed
        long floor = combiner.floorBits();
        if (floor >= twiceBound.bitLength()) {
            run.report().certification(Certification.PROVEN, "modulus >= 2^" + floor + " > " + boundName + " 2^"
                    + twiceBound.bitLength());
            return combiner.symmetric();
        }
        BigInteger m = combiner.modulus();
        if (m.compareTo(twiceBound) <= 0) {
            if (supply.remaining() == 0) {
                throw new IllegalStateException("the planned moduli (2^" + m.bitLength() + ") do not exceed "
                        + boundName + " 2^" + twiceBound.bitLength());
            }
            return null;
        }
        run.report().certification(Certification.PROVEN, "modulus 2^" + m.bitLength() + " > " + boundName + " 2^"
                + twiceBound.bitLength());
        return combiner.symmetric();
    }
}
