package org.modalg.fft.doublentt;

/**
 * The incubating Vector API ({@code jdk.incubator.vector}) as modalg's kernels use it: whether
 * this JVM resolves the module, the auto/on/off properties that switch each kernel family
 * ({@code modalg.dntt.vector} for the NTT's butterflies, {@link VectorNtt}; {@code
 * modalg.poly.vector} for the polynomial module's digit convolution), and the background
 * warm-up thread of a family that switches on only once compiled (the digit convolution). One
 * place for what the families share.
 *
 * <p>Why a warm-up at all: the API's code is fast only once HotSpot's top tier has compiled it;
 * before that every vector is an object, and a kernel runs tens of times slower than the scalar
 * loop it replaces (polynomial/BENCHMARKS.md).
 */
public final class VectorModule {
    private VectorModule() {
    }

    /** Whether the module {@code jdk.incubator.vector} is in the boot layer ({@code --add-modules jdk.incubator.vector}). */
    public static boolean resolved() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    /**
     * The value of a kernel family's property, trimmed: auto (the default), on or off.
     *
     * @return the value, or null where it is none of the three (the caller reports it at its
     *     first use, see {@link #invalid})
     */
    public static String mode(String property) {
        String v = System.getProperty(property, "auto").trim();
        return v.equals("auto") || v.equals("on") || v.equals("off") ? v : null;
    }

    /**
     * Why a kernel family is off whatever its lanes: its property mistyped or {@code off}, or the
     * module not resolved; null where none of these holds (the family then checks its lanes,
     * which loads the API).
     */
    public static String offReason(String property) {
        String mode = mode(property);
        if (mode == null) {
            return property + "='" + System.getProperty(property) + "'";
        }
        if (mode.equals("off")) {
            return property + "=off";
        }
        return resolved() ? null : "no jdk.incubator.vector";
    }

    /** The error for a property whose value is not auto, on or off. */
    public static IllegalArgumentException invalid(String property) {
        return new IllegalArgumentException("system property " + property + " must be auto, on or off, got '"
                + System.getProperty(property) + "'");
    }

    /** Starts {@code body} on a daemon thread of the lowest priority (a family's warm-up). */
    public static void warmUpInBackground(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }
}
