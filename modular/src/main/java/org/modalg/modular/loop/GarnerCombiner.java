package org.modalg.modular.loop;

import java.math.BigInteger;
import org.modalg.modular.CrtAccumulator;

/**
 * The incremental {@link Combiner}: Garner's step per modulus ({@link CrtAccumulator}), so the
 * lift is always current and stability (the last k images changed nothing) is a counter. O(n L)
 * per word-size prime for n entries and L limbs of M: the combiner of the determinant (one
 * entry) and of the big-prime gcd (a few big moduli).
 */
public final class GarnerCombiner implements Combiner {
    private CrtAccumulator acc;
    private long floorBits;

    /** A combiner of images of {@code width} residues each (1 for a value, the length for a vector). */
    public GarnerCombiner(int width) {
        reset(width);
    }

    @Override
    public int width() {
        return acc.size();
    }

    @Override
    public void reset(int width) {
        acc = new CrtAccumulator(width);
        floorBits = 0;
    }

    @Override
    public void add(long p, long[] residues) {
        acc.add(p, residues);
        floorBits += 63 - Long.numberOfLeadingZeros(p);
    }

    @Override
    public void add(BigInteger m, BigInteger[] residues) {
        acc.add(m, residues);
        floorBits += m.bitLength() - 1;
    }

    @Override
    public int count() {
        return acc.count();
    }

    @Override
    public BigInteger modulus() {
        return acc.modulus();
    }

    @Override
    public long floorBits() {
        return floorBits;
    }

    @Override
    public BigInteger[] symmetric() {
        return acc.symmetric();
    }

    @Override
    public boolean agreesOnLast(int k) {
        return acc.stableCount() >= k;
    }

    @Override
    public String describe() {
        return "incremental Garner";
    }
}
