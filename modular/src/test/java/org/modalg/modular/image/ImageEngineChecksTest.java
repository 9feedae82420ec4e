package org.modalg.modular.image;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.modalg.fft.Options;

/**
 * The argument checks every image engine shares ({@link ImageEngine#checkSquare},
 * {@link ImageEngine#checkPolynomials}): the edge values on both sides, and the CPU engine
 * refusing through them with the parameter named.
 */
class ImageEngineChecksTest {
    @Test
    void squareMatrices() {
        assertDoesNotThrow(() -> ImageEngine.checkSquare(0, LimbVector.of(new long[0])));
        assertDoesNotThrow(() -> ImageEngine.checkSquare(2, LimbVector.of(new long[] {1, 2, 3, 4})));
        for (int n : new int[] {-1, 1, 3}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ImageEngine.checkSquare(n, LimbVector.of(new long[] {1, 2, 3, 4})));
            assertTrue(e.getMessage().startsWith("a must hold n^2"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ImageEngine.checkSquare(1, null));
        assertTrue(e.getMessage().contains("null"), e.getMessage());
    }

    @Test
    void polynomials() {
        LimbVector one = LimbVector.of(new long[] {7});
        LimbVector none = LimbVector.of(new long[0]);
        assertDoesNotThrow(() -> ImageEngine.checkPolynomials(one, one));
        for (LimbVector[] fg : new LimbVector[][] {{none, one}, {one, none}, {null, one}, {one, null}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ImageEngine.checkPolynomials(fg[0], fg[1]));
            assertTrue(e.getMessage().startsWith("f and g must have at least one coefficient"), e.getMessage());
        }
    }

    @Test
    void theCpuEngineRefusesThroughThem() {
        ImageEngine cpu = ImageEngines.cpu(Options.defaults().withThreads(1));
        long[] primes = {1_000_003};
        assertThrows(IllegalArgumentException.class,
                () -> cpu.determinants(3, LimbVector.of(new long[] {1, 2, 3, 4}), primes));
        assertThrows(IllegalArgumentException.class,
                () -> cpu.resultants(LimbVector.of(new long[0]), LimbVector.of(new long[] {1}), primes));
    }
}
