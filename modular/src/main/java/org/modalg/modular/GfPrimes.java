package org.modalg.modular;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.modalg.fields.GfPreset;

/**
 * The generalized Fermat primes p = r^k + 1 of {@link GfPreset} as a prime source for the
 * big-prime route (thesis section 2.9): ordered by size, the smallest one above a bound, or a
 * few whose product exceeds a bound (CRT across big primes when no single preset is large
 * enough). The presets are distinct primes, hence pairwise coprime.
 */
public final class GfPrimes {

    private static final List<GfPreset> BY_SIZE;
    private static final List<GfPreset> LARGEST_FIRST;
    private static final BigInteger[] MODULI = new BigInteger[GfPreset.values().length];
    private static final BigInteger PRODUCT;

    static {
        for (GfPreset g : GfPreset.values()) {
            MODULI[g.ordinal()] = new BigInteger(Long.toUnsignedString(g.radix())).pow(g.k()).add(BigInteger.ONE);
        }
        List<GfPreset> l = new ArrayList<>(Arrays.asList(GfPreset.values()));
        l.sort(Comparator.comparing(GfPrimes::modulus));
        BY_SIZE = Collections.unmodifiableList(l);
        List<GfPreset> r = new ArrayList<>(l);
        Collections.reverse(r);
        LARGEST_FIRST = Collections.unmodifiableList(r);
        BigInteger all = BigInteger.ONE;
        for (BigInteger m : MODULI) {
            all = all.multiply(m);
        }
        PRODUCT = all;
    }

    private GfPrimes() {
    }

    /** p = r^k + 1 of a preset, computed without building its field. */
    public static BigInteger modulus(GfPreset preset) {
        if (preset == null) {
            throw new IllegalArgumentException("preset must not be null");
        }
        return MODULI[preset.ordinal()];
    }

    /** All presets in increasing order of p. */
    public static List<GfPreset> bySize() {
        return BY_SIZE;
    }

    /**
     * The preset with the smallest p &gt; bound, or null if no preset is that large (the largest,
     * SRGF128, has 8193 bits).
     *
     * @throws IllegalArgumentException if bound is null
     */
    public static GfPreset smallestAbove(BigInteger bound) {
        if (bound == null) {
            throw new IllegalArgumentException("bound must not be null");
        }
        for (GfPreset g : BY_SIZE) {
            if (modulus(g).compareTo(bound) > 0) {
                return g;
            }
        }
        return null;
    }

    /** The product of all presets (about 30,600 bits). */
    public static BigInteger productOfAll() {
        return PRODUCT;
    }

    /**
     * The presets of a big-prime route for a bound it must exceed, with the top-up rule shared by
     * the determinant, GCD and resultant: {@link #coverFor}(bound) when all presets together
     * exceed bound; otherwise every preset, largest first, and the route makes up the rest with
     * word-size primes (whose product must then exceed bound / product of the presets).
     *
     * @throws IllegalArgumentException if bound is null
     */
    public static List<GfPreset> coverOrAll(BigInteger bound) {
        if (bound == null) {
            throw new IllegalArgumentException("bound must not be null");
        }
        return PRODUCT.compareTo(bound) > 0 ? coverFor(bound) : LARGEST_FIRST;
    }

    /** For reports: {@code "GF32 (2049 bits) x GF16 (1025 bits)"}. */
    public static String describe(List<GfPreset> presets) {
        StringBuilder s = new StringBuilder();
        for (GfPreset g : presets) {
            s.append(s.length() == 0 ? "" : " x ").append(g.name()).append(" (").append(modulus(g).bitLength())
                    .append(" bits)");
        }
        return s.toString();
    }

    /**
     * Distinct presets whose product exceeds bound: the single smallest preset with p &gt; bound
     * when one exists; otherwise the largest presets, taken in decreasing order until the
     * product exceeds bound, the last one then replaced by the smallest preset that still makes
     * the product exceed bound. Returned in decreasing order of p.
     *
     * @throws IllegalArgumentException if bound is null, or exceeds the product of all presets
     */
    public static List<GfPreset> coverFor(BigInteger bound) {
        GfPreset one = smallestAbove(bound);
        if (one != null) {
            return List.of(one);
        }
        List<GfPreset> chosen = new ArrayList<>();
        BigInteger product = BigInteger.ONE;
        for (int i = BY_SIZE.size() - 1; i >= 0; i--) {
            GfPreset g = BY_SIZE.get(i);
            BigInteger next = product.multiply(modulus(g));
            if (next.compareTo(bound) > 0) {
                // Smallest preset not yet chosen that still makes the product exceed bound.
                for (GfPreset h : BY_SIZE) {
                    if (!chosen.contains(h) && product.multiply(modulus(h)).compareTo(bound) > 0) {
                        chosen.add(h);
                        return Collections.unmodifiableList(chosen);
                    }
                }
            }
            chosen.add(g);
            product = next;
        }
        throw new IllegalArgumentException("bound must be below the product of all generalized Fermat presets ("
                + product.bitLength() + " bits), got " + bound.bitLength() + " bits");
    }
}
