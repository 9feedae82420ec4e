package org.modalg.fft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ServiceProviders}: providers that fail to load (a constructor that throws, a class that
 * is not on the class path) and usability checks that throw are skipped, never fatal; order and
 * the first usable one as ServiceLoader gives them, the usable one of highest priority. The service file lists, in order: a class
 * that does not exist, one whose constructor throws, an unusable one, one whose check throws,
 * and two usable ones.
 */
class ServiceProvidersTest {
    /** The test plug-in type. */
    public interface Plugin {
        boolean usable();
    }

    /** Its constructor fails: ServiceLoader reports a ServiceConfigurationError. */
    public static final class Broken implements Plugin {
        public Broken() {
            throw new IllegalStateException("broken on purpose");
        }

        @Override
        public boolean usable() {
            return true;
        }
    }

    /** Loads, never usable. */
    public static final class Unusable implements Plugin {
        @Override
        public boolean usable() {
            return false;
        }
    }

    /** Loads; its check throws (as a missing native library would). */
    public static final class Throwing implements Plugin {
        @Override
        public boolean usable() {
            throw new UnsatisfiedLinkError("no native library on purpose");
        }
    }

    /** Loads and is usable. */
    public static final class Good implements Plugin {
        @Override
        public boolean usable() {
            return true;
        }
    }

    /** Loads and is usable (second). */
    public static final class AlsoGood implements Plugin {
        @Override
        public boolean usable() {
            return true;
        }
    }

    @Test
    void brokenProvidersAreSkippedAndOrderKept() {
        List<Plugin> all = ServiceProviders.load(Plugin.class);
        assertEquals(4, all.size(), all.toString());
        assertTrue(all.get(0) instanceof Unusable);
        assertTrue(all.get(1) instanceof Throwing);
        assertTrue(all.get(2) instanceof Good);
        assertTrue(all.get(3) instanceof AlsoGood);
    }

    @Test
    void firstUsableSkipsUnusableAndThrowingChecks() {
        Plugin p = ServiceProviders.firstUsable(Plugin.class, Plugin::usable);
        assertTrue(p instanceof Good, String.valueOf(p));
        assertFalse(ServiceProviders.usable(new Throwing(), Plugin::usable));
        assertTrue(ServiceProviders.usable(new Good(), Plugin::usable));
        assertNull(ServiceProviders.firstUsable(Plugin.class, x -> false));
        assertTrue(ServiceProviders.load(Runnable.class).isEmpty()); // no providers at all
    }

    @Test
    void bestUsableTakesTheHighestPriorityAndTheFirstAmongEquals() {
        // Unusable and Throwing rank highest here: only usable ones may win.
        java.util.function.ToIntFunction<Plugin> rank = x -> x instanceof Good ? 1 : x instanceof AlsoGood ? 2 : 9;
        assertTrue(ServiceProviders.bestUsable(Plugin.class, Plugin::usable, rank) instanceof AlsoGood);
        java.util.function.ToIntFunction<Plugin> reversed = x -> x instanceof Good ? 2 : x instanceof AlsoGood ? 1 : 9;
        assertTrue(ServiceProviders.bestUsable(Plugin.class, Plugin::usable, reversed) instanceof Good);
        assertTrue(ServiceProviders.bestUsable(Plugin.class, Plugin::usable, x -> 0) instanceof Good);
        assertNull(ServiceProviders.bestUsable(Plugin.class, x -> false, x -> 0));
        assertNull(ServiceProviders.bestUsable(Runnable.class, x -> true, x -> 0));
    }

    @Test
    void nullTypeIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServiceProviders.load(null));
        assertTrue(e.getMessage().contains("type"), e.getMessage());
    }
}
