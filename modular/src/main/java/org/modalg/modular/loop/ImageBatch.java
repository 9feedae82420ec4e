package org.modalg.modular.loop;

import java.math.BigInteger;

/**
 * The images of one {@link ImageTask} call, as the {@link MultimodularLoop} combines them: for
 * each modulus (a word-size prime, or a generalized Fermat prime given as a BigInteger) a row of
 * residues in [0, modulus), and, for operations whose images have a degree (the gcd), that
 * degree, which the {@link UnluckyPrimes} policy reads. Rows of one batch may differ in length
 * (a gcd image's length follows its degree); rows that are combined have equal lengths.
 */
public final class ImageBatch {
    private final long[] primes;
    private final long[][] rows;
    private final BigInteger[] moduli;
    private final BigInteger[][] bigRows;
    private final int[] degrees;

    private ImageBatch(long[] primes, long[][] rows, BigInteger[] moduli, BigInteger[][] bigRows, int[] degrees) {
        this.primes = primes;
        this.rows = rows;
        this.moduli = moduli;
        this.bigRows = bigRows;
        this.degrees = degrees;
    }

    /** Word-size images; degrees null when the images have none. */
    public static ImageBatch words(long[] primes, long[][] rows, int[] degrees) {
        return new ImageBatch(primes, rows, null, null, degrees);
    }

    /** One value per prime (determinant, resultant). */
    public static ImageBatch values(long[] primes, long[] values) {
        long[][] rows = new long[values.length][];
        for (int j = 0; j < values.length; j++) {
            rows[j] = new long[] {values[j]};
        }
        return words(primes, rows, null);
    }

    /** Images modulo big moduli (generalized Fermat primes); degrees null when the images have none. */
    public static ImageBatch big(BigInteger[] moduli, BigInteger[][] rows, int[] degrees) {
        return new ImageBatch(null, null, moduli, rows, degrees);
    }

    int count() {
        return primes != null ? primes.length : moduli.length;
    }

    boolean isBig() {
        return primes == null;
    }

    long prime(int j) {
        return primes[j];
    }

    BigInteger modulus(int j) {
        return primes != null ? BigInteger.valueOf(primes[j]) : moduli[j];
    }

    long[] row(int j) {
        return rows[j];
    }

    BigInteger[] bigRow(int j) {
        return bigRows[j];
    }

    boolean hasDegrees() {
        return degrees != null;
    }

    int degree(int j) {
        return degrees[j];
    }
}
