package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link GfField#rootOfUnity}: omega is a primitive N-th root of unity (omega^N = 1 and
 * omega^(N/2) = -1, N a power of two) and, when 2k divides N, omega^(N/2k) = r (thesis
 * Algorithm 1); for N below 2k, omega = r^(2k/N).
 */
class GfRootOfUnityTest {

    /** 0, 1, log2(2k) - 1, log2(2k), log2(2k) + 1, a middle value and v2(p - 1). */
    static List<Integer> exponents(GfField f) {
        int l = Integer.numberOfTrailingZeros(2 * f.k());
        int v = f.twoAdicOrder();
        TreeSet<Integer> s = new TreeSet<>();
        int[] es = {0, 1, l - 1, l, l + 1, (l + 1 + v) / 2, v};
        for (int e : es) {
            if (e >= 0 && e <= v) {
                s.add(e);
            }
        }
        return new ArrayList<>(s);
    }

    static void checkRoots(GfField f) {
        BigInteger p = f.modulus();
        BigInteger minusOne = p.subtract(BigInteger.ONE);
        BigInteger r = f.radixBig();
        int k = f.k();
        int l = Integer.numberOfTrailingZeros(2 * k);
        for (int log2N : exponents(f)) {
            String w = "seed=" + GfTestSupport.SEED + " " + f.name() + " log2N=" + log2N;
            long[] omega = f.rootOfUnity(log2N);
            assertEquals(k, omega.length, w);
            assertTrue(GfTestSupport.canonical(omega, 0, k, f.radix()), w + " not canonical");
            BigInteger om = GfTestSupport.value(f, omega, 0);
            assertEquals(om, f.toBigInteger(omega, 0), w);
            if (log2N == 0) {
                assertEquals(BigInteger.ONE, om, w + " the 1st root of unity is 1");
            } else {
                // omega^(N/2) = -1 (so the order is exactly N), then omega^N = 1
                BigInteger half = om.modPow(BigInteger.ONE.shiftLeft(log2N - 1), p);
                assertEquals(minusOne, half, w + " omega^(N/2)");
                assertEquals(BigInteger.ONE, half.multiply(half).mod(p), w + " omega^N");
            }
            if (log2N >= l) {
                assertEquals(r.mod(p), om.modPow(BigInteger.ONE.shiftLeft(log2N - l), p), w + " omega^(N/2k) = r");
            } else {
                assertEquals(r.modPow(BigInteger.ONE.shiftLeft(l - log2N), p), om, w + " omega = r^(2k/N)");
            }
            // the result is a copy: changing it does not change the next answer
            long[] again = f.rootOfUnity(log2N);
            assertArrayEquals(omega, again, w);
            again[0] ^= 1;
            assertArrayEquals(omega, f.rootOfUnity(log2N), w + " cached root was modified through a returned array");
        }
    }

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void presetRoots(GfPreset preset) {
        checkRoots(preset.field());
    }

    static Stream<Arguments> userFields() {
        // v2(p - 1) above log2(2k) (r = 4, 6, 10, 2^16: Algorithm 1 runs), equal to it (r = 2), and
        // the medium fields near 2^32, 2^63, 2^64
        List<Arguments> l = new ArrayList<>();
        long[][] rk = {{2, 1}, {2, 2}, {2, 4}, {2, 8}, {2, 16}, {4, 1}, {4, 2}, {6, 2}, {10, 1}, {16, 1}, {1L << 16, 1}};
        for (long[] x : rk) {
            l.add(Arguments.of(BigInteger.valueOf(x[0]), (int) x[1]));
        }
        GfUserFieldTest.mediumFields().forEach(a -> l.add(Arguments.of(a.get()[1], a.get()[2])));
        return l.stream();
    }

    @ParameterizedTest(name = "r = {0}, k = {1}")
    @MethodSource("userFields")
    void userFieldRoots(BigInteger r, int k) {
        checkRoots(GfField.of(r, k));
    }
}
