package org.modalg.modular.loop;

import java.math.BigInteger;
import org.modalg.modular.MultiCrt;

/**
 * How a {@link MultimodularLoop} run turns images into integers: vectors of {@link #width()}
 * entries, one residue vector per modulus, lifted to the symmetric range (-M/2, M/2] of the
 * product M of the moduli. Moduli are word-size primes or big ones (generalized Fermat primes),
 * pairwise coprime. Implementations: {@link GarnerCombiner} (incremental Garner: each image
 * folded in as it comes, a stability flag for free; for a few entries and a few hundred primes)
 * and {@link ProductTreeCombiner} (images kept, lifted at once by {@link MultiCrt}'s chunked
 * Garner and product tree when a value is asked for; for thousands of primes or long vectors).
 * Not thread-safe: the loop calls them from one thread.
 */
public interface Combiner {

    /** Entries per image. */
    int width();

    /** Drops every image and starts over with vectors of this width (a gcd of smaller degree). */
    void reset(int width);

    /** Adds the residues modulo a word-size prime. */
    void add(long p, long[] residues);

    /** Adds the residues modulo a big modulus. */
    void add(BigInteger m, BigInteger[] residues);

    /** How many moduli were added since the last reset. */
    int count();

    /** The product of the moduli (1 before the first). */
    BigInteger modulus();

    /** A lower bound on log2 of {@link #modulus()}: the sum of floor(log2 m) over the moduli, cheap. */
    long floorBits();

    /** The lifted entries in (-M/2, M/2]. */
    BigInteger[] symmetric();

    /**
     * Whether the lift of all but the last k moduli (word-size primes) agrees with the last k
     * images: the stability test of {@link EarlyTermination}.
     */
    boolean agreesOnLast(int k);

    /**
     * Called by the loop after the images of one engine call were added: a combiner that folds
     * batches as they come ({@link ProductTreeCombiner} given its plan of primes) works here, on
     * the thread that added them. Nothing by default.
     */
    default void batchDone() {
    }

    /** A name for reports. */
    String describe();
}
