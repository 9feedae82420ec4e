package org.modalg.modular.loop;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.modular.GfPrimes;
import org.modalg.modular.PrimeSource;

/**
 * The moduli of one {@link MultimodularLoop} run, in the order they are used: first the
 * generalized Fermat fields of a big-prime route (if any), then word-size primes, either a
 * fixed list (the primes covering a proven bound, drawn once: {@link #fixed(long[], String)}) or an unbounded
 * {@link PrimeSource} ({@link #stream}: the gcd, which stops by a proof, not a bound).
 */
public final class PrimeSupply {
    private final List<GfPreset> fields;
    private int fieldsUsed;
    private final long[] fixed;
    private int fixedUsed;
    private final PrimeSource source;
    private final String words;

    private PrimeSupply(List<GfPreset> fields, long[] fixed, PrimeSource source, String words) {
        this.fields = fields;
        this.fixed = fixed;
        this.source = source;
        this.words = words;
    }

    /** A fixed list of word-size primes. */
    public static PrimeSupply fixed(long[] primes, String describe) {
        return new PrimeSupply(List.of(), primes, null, describe);
    }

    /** Word-size primes from a source, as many as asked. */
    public static PrimeSupply stream(PrimeSource source, String describe) {
        return new PrimeSupply(List.of(), null, source, describe);
    }

    /** These generalized Fermat fields first, then the word-size primes of {@code then} (may be null: none). */
    public static PrimeSupply fieldsThen(List<GfPreset> presets, PrimeSupply then) {
        return new PrimeSupply(new ArrayList<>(presets), then == null ? new long[0] : then.fixed,
                then == null ? null : then.source, then == null ? null : then.words);
    }

    /** Whether the next moduli are generalized Fermat fields. */
    public boolean fieldsLeft() {
        return fieldsUsed < fields.size();
    }

    /** Moduli left: fields plus fixed primes (Integer.MAX_VALUE for a stream). */
    int remaining() {
        if (source != null) {
            return Integer.MAX_VALUE;
        }
        return fields.size() - fieldsUsed + fixed.length - fixedUsed;
    }

    /** The fixed word-size primes, all of them (null for a stream). */
    long[] fixedPrimes() {
        return fixed == null ? null : fixed.clone();
    }

    /** The next count fields (fewer when fewer are left). */
    GfField[] nextFields(int count) {
        int c = Math.min(count, fields.size() - fieldsUsed);
        GfField[] out = new GfField[c];
        for (int i = 0; i < c; i++) {
            out[i] = fields.get(fieldsUsed + i).field();
        }
        fieldsUsed += c;
        return out;
    }

    /** The next count word-size primes (fewer when a fixed list has fewer left). */
    long[] nextPrimes(int count) {
        if (source != null) {
            return source.next(count);
        }
        int c = Math.min(count, fixed.length - fixedUsed);
        long[] out = java.util.Arrays.copyOfRange(fixed, fixedUsed, fixedUsed + c);
        fixedUsed += c;
        return out;
    }

    /** For the report's field line: the fields used and the word-size primes, if any were used. */
    public String describe() {
        String big = GfPrimes.describe(fields.subList(0, fieldsUsed));
        boolean usedWords = source != null ? source.produced() > 0 : fixedUsed > 0;
        if (big.isEmpty()) {
            return words;
        }
        return usedWords ? big + " x " + words : big;
    }

    /**
     * The fewest next primes of the source whose product times {@code have} exceeds
     * {@code target} (as the plain loops counted them: exactly, not by floor(log2 p)). Drawn by a
     * floating-point estimate first, then checked and completed exactly.
     */
    public static long[] covering(PrimeSource source, BigInteger have, BigInteger target) {
        double need = log2(target) - log2(have);
        List<Long> out = new ArrayList<>();
        double est = 0;
        while (est < need - 1e-6) {
            long p = source.next();
            out.add(p);
            est += Math.log(p) / Math.log(2);
        }
        long[] ps = out.stream().mapToLong(Long::longValue).toArray();
        BigInteger m = have.multiply(ProductTreeCombiner.product(ps, 0, ps.length));
        while (m.compareTo(target) <= 0) {
            long p = source.next();
            out.add(p);
            m = m.multiply(BigInteger.valueOf(p));
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** log2 x for x &gt; 0 to about 1e-15 relative. */
    static double log2(BigInteger x) {
        int b = x.bitLength();
        if (b <= 53) {
            return Math.log(x.doubleValue()) / Math.log(2);
        }
        double top = x.shiftRight(b - 53).doubleValue(); // in [2^52, 2^53)
        return b - 53 + Math.log(top) / Math.log(2);
    }
}
