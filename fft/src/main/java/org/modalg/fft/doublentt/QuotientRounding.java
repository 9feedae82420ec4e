package org.modalg.fft.doublentt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * How the double-precision kernels round a quotient x y to the nearest integer: every modular
 * product and reduction of {@link DoubleNttKernels} takes one (q in {@code x - q p}). Two forms
 * give a valid q, and which is faster depends on the processor, so the choice is made once per
 * JVM:
 * <ul>
 * <li><b>rint</b>: {@code Math.rint(x * y)}, a multiply and a rounding instruction
 * ({@code vroundpd}/{@code vrndscalepd}); the rounding is one micro-operation on AMD Zen cores.</li>
 * <li><b>fma</b>: {@code Math.fma(x, y, M) - M} with M = 1.5 2^52: the exact product plus M
 * rounded once lands in [2^52, 2^53), where doubles are the integers, so subtracting M leaves
 * x y rounded to the nearest integer (ties to even). Two floating-point operations that run on
 * either FMA port, where Intel cores split the rounding instruction into two micro-operations
 * on one port. Valid for |x y| &lt; 2^51, which every caller's bound keeps (|x y| &lt;= 2^50 in
 * {@link DoubleNttKernels}'s proofs).</li>
 * </ul>
 * The double-precision loops of the polynomial module (projections, Garner's digits) round
 * through it too.
 *
 * <p>Both give an integer q with |q - x y| &lt;= 1/2 plus the error of the product's rounding: the
 * fma form rounds once (the exact product), rint twice (fl(x y), then to an integer), so every
 * range proved for rint holds for fma. The two may differ by one where fl(x y) falls on the
 * other side of a half-integer than x y, so a kernel's outputs are the same residues modulo p,
 * not always the same doubles; results reduced to [0, p) are identical.
 *
 * <p>Measured (fft/BENCHMARKS.md, section (n)): HotSpot's own loops with the fma form run
 * 0.76-0.93x the time of rint on the H100 hosts' Intel Xeon (AVX-512) and 1.03-1.3x on the AMD
 * EPYC (Zen 4) development machine. The Vector API kernels ({@link VectorNtt}) have no rounding
 * operation in JDK 17: their rint form adds and subtracts 2^52 and copies the sign by
 * reinterpreting the bits, six operations to the fma form's two, and on the development
 * machine at 8 lanes 10^7-bit products took 24.6-25.2 ms with it against 16.7-16.8 with fma
 * (fft/BENCHMARKS.md, section (r)). So the default ({@code auto}) is fma on Intel processors
 * ({@code vendor_id GenuineIntel} in /proc/cpuinfo) and wherever the vector kernels run, rint
 * elsewhere, including where the vendor cannot be read. {@code -Dmodalg.dntt.quotient=fma|rint|auto}
 * overrides it ({@code other}: the form auto would not choose, which the fft module's second
 * test run uses so that both forms are tested on every machine).
 */
public final class QuotientRounding {
    /** 1.5 2^52: x + M is in [2^52, 2^53) for |x| &lt; 2^51. */
    static final double MAGIC = 0x1.8p52;

    /** The property that overrides the choice: fma, rint or auto. */
    static final String PROPERTY = "modalg.dntt.quotient";

    /** The processor's vendor_id, or null where it cannot be read; read once. */
    private static final String VENDOR = cpuVendor();

    /** Whether the kernels round by the fma form (else by rint); fixed for the JVM's life. */
    static final boolean FMA;

    /**
     * The property's error where its value is not one {@link #choose} takes (else null): kept
     * rather than thrown from the class's initialization, where it would surface as an opaque
     * class-initialization error; {@link #checkProperty} throws it at the first plan (the rounding
     * meanwhile is auto's, which is exact).
     */
    private static final String INVALID;

    /**
     * Whether the vector kernels run in this JVM (read here through {@link VectorNtt}, whose
     * initialization does not touch the kernels' classes: they read {@link #FMA} in theirs).
     */
    private static final boolean VECTORS = VectorNtt.offReason() == null;

    static {
        String value = System.getProperty(PROPERTY, "auto");
        boolean fma;
        String invalid = null;
        try {
            fma = choose(value, VENDOR, VECTORS);
        } catch (IllegalArgumentException e) {
            fma = choose("auto", VENDOR, VECTORS);
            invalid = e.getMessage();
        }
        FMA = fma;
        INVALID = invalid;
    }

    private QuotientRounding() {
    }

    /**
     * x y rounded to the nearest integer by the form chosen for this JVM, for |x y| &lt; 2^51 (the
     * fma form's range: the caller's bound must keep it). O(1), inlined into vectorized loops.
     */
    public static double quotient(double x, double y) {
        return FMA ? Math.fma(x, y, MAGIC) - MAGIC : Math.rint(x * y);
    }

    /** The fma form, whatever the choice (tests). */
    static double quotientFma(double x, double y) {
        return Math.fma(x, y, MAGIC) - MAGIC;
    }

    /** The rint form, whatever the choice (tests). */
    static double quotientRint(double x, double y) {
        return Math.rint(x * y);
    }

    /**
     * Throws where -Dmodalg.dntt.quotient has a value other than fma, rint, auto or other;
     * {@link DoubleNttPlan#of} calls it, so a mistyped option fails at the first product.
     *
     * @throws IllegalArgumentException naming the property, the allowed values and the value given
     */
    static void checkProperty() {
        if (INVALID != null) {
            throw new IllegalArgumentException(INVALID);
        }
    }

    /** The form in use, fma or rint, as the property names it. */
    public static String form() {
        return FMA ? "fma" : "rint";
    }

    /**
     * The form in use and why, for benchmark headers: e.g. "fma (GenuineIntel, auto)" or "fma
     * (AuthenticAMD, vector kernels, auto)".
     */
    public static String describe() {
        return form() + " (" + (VENDOR == null ? "vendor unknown" : VENDOR) + (VECTORS ? ", vector kernels" : "")
                + ", " + System.getProperty(PROPERTY, "auto").trim() + ")";
    }

    /**
     * The choice for a property value, a processor vendor string (null when unknown) and whether
     * the vector kernels run.
     *
     * @throws IllegalArgumentException if the value is not fma, rint, auto or other
     */
    static boolean choose(String value, String vendor, boolean vectors) {
        boolean auto = vectors || "GenuineIntel".equals(vendor);
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "fma":
                return true;
            case "rint":
                return false;
            case "auto":
                return auto;
            case "other":
                return !auto;
            default:
                throw new IllegalArgumentException("-D" + PROPERTY + " must be fma, rint, auto or other, got '" + value + "'");
        }
    }

    /** The first vendor_id of /proc/cpuinfo, or null where there is none (not Linux, not x86). */
    static String cpuVendor() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("vendor_id") && l.indexOf(':') > 0)
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
