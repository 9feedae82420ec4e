package org.modalg.fields;

import java.util.Locale;

/**
 * The generalized Fermat primes p = r^k + 1 used by the thesis, verified prime (PARI/GP
 * {@code ispseudoprime}; re-checked by the test suite).
 *
 * <p>Names: {@code SRGF<k>} are the sparse-radix primes of thesis Table 2.1 (its GPU chapter,
 * where the k = 8 prime is called P3 and the k = 16 prime P4); {@code GF<k>} are the primes of
 * thesis Table 3.1 (its multi-core chapter, where they are called P_k), all with r &lt; 2^60.
 * Four presets have r &gt;= 2^63 (SRGF2, SRGF4, SRGF8, SRGF128): digits are unsigned.
 */
public enum GfPreset {
    /** Table 2.1 "P1": r = 2^63 + 2^53, k = 2, 127 bits, v2(p-1) = 106. */
    SRGF2("2^63 + 2^53", (1L << 63) + (1L << 53), 2, 106),
    /** Table 2.1 "P2": r = 2^64 - 2^50, k = 4, 256 bits, v2(p-1) = 200. */
    SRGF4("2^64 - 2^50", -(1L << 50), 4, 200),
    /** Table 2.1 "P3": r = 2^63 + 2^34, k = 8, 505 bits, v2(p-1) = 272. */
    SRGF8("2^63 + 2^34", (1L << 63) + (1L << 34), 8, 272),
    /** Table 2.1 "P4": r = 2^62 + 2^36, k = 16, 993 bits, v2(p-1) = 576. */
    SRGF16("2^62 + 2^36", (1L << 62) + (1L << 36), 16, 576),
    /** Table 2.1 "P5": r = 2^62 + 2^56, k = 32, 1985 bits, v2(p-1) = 1792. */
    SRGF32("2^62 + 2^56", (1L << 62) + (1L << 56), 32, 1792),
    /** Table 2.1 "P6": r = 2^63 - 2^40, k = 64, 4032 bits, v2(p-1) = 2560. */
    SRGF64("2^63 - 2^40", (1L << 63) - (1L << 40), 64, 2560),
    /** Table 2.1 "P7": r = 2^64 - 2^28, k = 128, 8192 bits, v2(p-1) = 3584. */
    SRGF128("2^64 - 2^28", -(1L << 28), 128, 3584),
    /** Table 3.1 "P_4": r = 2^59 + 2^58 + 2^11, k = 4, 239 bits, v2(p-1) = 44. */
    GF4("2^59 + 2^58 + 2^11", (1L << 59) + (1L << 58) + (1L << 11), 4, 44),
    /** Table 3.1 "P_8": r = 2^59 + 2^57 + 2^39, k = 8, 475 bits, v2(p-1) = 312. */
    GF8("2^59 + 2^57 + 2^39", (1L << 59) + (1L << 57) + (1L << 39), 8, 312),
    /** Table 3.1 "P_16": r = 2^58 + 2^55 + 2^45, k = 16, 931 bits, v2(p-1) = 720. */
    GF16("2^58 + 2^55 + 2^45", (1L << 58) + (1L << 55) + (1L << 45), 16, 720),
    /** Table 3.1 "P_32": r = 2^58 + 2^55 + 2^17, k = 32, 1862 bits, v2(p-1) = 544. */
    GF32("2^58 + 2^55 + 2^17", (1L << 58) + (1L << 55) + (1L << 17), 32, 544),
    /** Table 3.1 "P_64": r = 2^57 + 2^56 + 2^11, k = 64, 3686 bits, v2(p-1) = 704. */
    GF64("2^57 + 2^56 + 2^11", (1L << 57) + (1L << 56) + (1L << 11), 64, 704),
    /** Table 3.1 "P_128": r = 2^57 + 2^52 + 2^20, k = 128, 7302 bits, v2(p-1) = 2560. */
    GF128("2^57 + 2^52 + 2^20", (1L << 57) + (1L << 52) + (1L << 20), 128, 2560);

    private final String radixFormula;
    private final long radix;
    private final int k;
    private final int twoAdicOrder;
    private volatile GfField field;

    GfPreset(String radixFormula, long radix, int k, int twoAdicOrder) {
        this.radixFormula = radixFormula;
        this.radix = radix;
        this.k = k;
        this.twoAdicOrder = twoAdicOrder;
    }

    /** The radix as a formula, e.g. {@code 2^63 + 2^34}. */
    public String radixFormula() {
        return radixFormula;
    }

    /** The radix r as an unsigned 64-bit value. */
    public long radix() {
        return radix;
    }

    /** The number of digits k. */
    public int k() {
        return k;
    }

    /** v2(p - 1) as listed in the reference table. */
    public int twoAdicOrder() {
        return twoAdicOrder;
    }

    /** The field (built once, shared). */
    public GfField field() {
        GfField f = field;
        if (f == null) {
            synchronized (this) {
                f = field;
                if (f == null) {
                    f = GfField.trusted(name(), radix, k);
                    field = f;
                }
            }
        }
        return f;
    }

    /**
     * The preset of the given name (case-insensitive).
     *
     * @throws IllegalArgumentException naming {@code name} and listing the valid names
     */
    public static GfPreset byName(String name) {
        if (name != null) {
            for (GfPreset p : values()) {
                if (p.name().equals(name.trim().toUpperCase(Locale.ROOT))) {
                    return p;
                }
            }
        }
        throw new IllegalArgumentException("name must be one of " + java.util.Arrays.toString(values())
                + ", got " + name);
    }
}
