package org.modalg.fft.doublentt;

import java.lang.management.ManagementFactory;
import java.util.List;

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
 *
 * <p>Why a trap limit: HotSpot 17's C2 stops speculating on a call's receiver class once the
 * deoptimizations recorded in the profiles of all the methods it inlines into one compilation
 * reach {@code PerMethodTrapLimit} (100). The API's shared templates (DoubleVector's lanewise)
 * collect a few such traps whenever some other code calls them before they are compiled, and a
 * kernel inlines them dozens of times: past 100, C2 leaves virtual calls where it would have
 * speculated, the vectors reaching them are boxed, and the kernel runs 1.5-2.5x slower for the
 * rest of the JVM's life. Which JVMs cross the limit depends on the order of compilations; with
 * {@value #TRAP_LIMIT_OPTION} none did (fft/BENCHMARKS.md section (p)).
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

    /** The least trap limit under which the NTT's vector kernels run by default (see the class comment). */
    public static final long TRAP_LIMIT = 10_000;
    private static final String TRAP_LIMIT_PREFIX = "-XX:PerMethodTrapLimit=";
    /** The JVM option that sets {@link #TRAP_LIMIT}. */
    public static final String TRAP_LIMIT_OPTION = TRAP_LIMIT_PREFIX + TRAP_LIMIT;
    /** HotSpot's own value of PerMethodTrapLimit. */
    static final long DEFAULT_TRAP_LIMIT = 100;

    /**
     * This JVM's {@code PerMethodTrapLimit} as its arguments set it (the command line and
     * {@code JAVA_TOOL_OPTIONS}, the last one winning; HotSpot's 100 where none does). Reads the
     * runtime's management bean: about 45 ms the first time, so only a family about to switch on
     * asks.
     */
    public static long perMethodTrapLimit() {
        try {
            return perMethodTrapLimit(ManagementFactory.getRuntimeMXBean().getInputArguments());
        } catch (LinkageError | RuntimeException e) {
            return DEFAULT_TRAP_LIMIT; // no java.management: assume HotSpot's default
        }
    }

    /** {@link #perMethodTrapLimit()} of a given argument list (the last -XX:PerMethodTrapLimit= wins; a malformed value counts as the default). */
    static long perMethodTrapLimit(List<String> jvmArguments) {
        long limit = DEFAULT_TRAP_LIMIT;
        for (String a : jvmArguments) {
            if (a.startsWith(TRAP_LIMIT_PREFIX)) {
                try {
                    limit = Long.parseLong(a.substring(TRAP_LIMIT_PREFIX.length()).trim());
                } catch (NumberFormatException e) {
                    limit = DEFAULT_TRAP_LIMIT; // the JVM itself refuses such a value at start
                }
            }
        }
        return limit;
    }

    /** Starts {@code body} on a daemon thread of the lowest priority (a family's warm-up). */
    public static void warmUpInBackground(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }
}
