package org.modalg.modular.loop;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.modalg.modular.ModularReport;

/**
 * The unlucky-prime policy of a {@link MultimodularLoop} run, in one place: which images are
 * combined, which are discarded, and the report's list of discarded primes.
 * <ul>
 * <li>{@link #none()}: every image is good (determinant and resultant: their images are the
 * value modulo p whatever p is, formal degrees included).</li>
 * <li>{@link #byDegree}: the gcd rule (Brown): an image of larger degree than the least seen
 * comes from a prime dividing a subresultant and is discarded; one of smaller degree proves
 * every image kept so far unlucky, and the combiner restarts with the width of the new
 * degree. Every discarded prime is listed in the report.</li>
 * </ul>
 * Primes skipped before any image (dividing gcd(lc f, lc g), or the divisor d of the
 * determinant) are skipped by the prime source and listed by the operation as skipped
 * ({@link ModularReport#skippedPrimes()}); singular factorizations of the divisor strategy are
 * listed through {@link #singular}. {@link #discarded()} counts the images this policy threw
 * away, so that the report's {@link ModularReport#primesUsed()} counts only images that entered
 * the result.
 */
public final class UnluckyPrimes {
    private final IntUnaryOperator widthForDegree;
    private final List<BigInteger> inUse = new ArrayList<>();
    private int minDegree = Integer.MAX_VALUE;
    private int discarded;

    private UnluckyPrimes(IntUnaryOperator widthForDegree) {
        this.widthForDegree = widthForDegree;
    }

    /** Every image is combined. */
    public static UnluckyPrimes none() {
        return new UnluckyPrimes(null);
    }

    /** The degree rule; widthForDegree gives the combiner's width for images of a degree. */
    public static UnluckyPrimes byDegree(IntUnaryOperator widthForDegree) {
        return new UnluckyPrimes(widthForDegree);
    }

    /** The least degree seen (Integer.MAX_VALUE before any image, or without the degree rule). */
    public int minDegree() {
        return minDegree;
    }

    /**
     * Whether image j of the batch is to be combined; resets the combiner at a smaller degree and
     * lists discarded primes in the report.
     */
    boolean admit(ImageBatch batch, int j, Combiner combiner, ModularReport.Builder report) {
        if (widthForDegree == null || !batch.hasDegrees()) {
            return true;
        }
        int deg = batch.degree(j);
        BigInteger m = batch.modulus(j);
        if (deg > minDegree) {
            report.unlucky(m);
            discarded++;
            return false;
        }
        if (deg < minDegree) {
            for (BigInteger q : inUse) {
                report.unlucky(q);
            }
            discarded += inUse.size();
            inUse.clear();
            minDegree = deg;
            combiner.reset(widthForDegree.applyAsInt(deg));
        }
        inUse.add(m);
        return true;
    }

    /** Images discarded so far: rejected, or admitted and then dropped for a smaller degree. */
    int discarded() {
        return discarded;
    }

    /** Lists a prime modulo which a factorization found the matrix singular. */
    public static void singular(long p, ModularReport.Builder report) {
        report.unlucky(p);
    }
}
