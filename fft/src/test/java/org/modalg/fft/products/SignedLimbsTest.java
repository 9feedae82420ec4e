package org.modalg.fft.products;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.LongBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link SignedLimbs#of} and {@link SignedLimbs#view}: the ranges written are the arrays' own, bad shapes refused. */
class SignedLimbsTest {
    @Test
    void flatArraysAreWrittenRangeByRange() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        Random rnd = new Random(seed);
        for (int t = 0; t < 200; t++) {
            int length = 1 + rnd.nextInt(40);
            int limbs = 1 + rnd.nextInt(5);
            long[] mag = new long[length * limbs + rnd.nextInt(3)];
            byte[] sign = new byte[length];
            for (int i = 0; i < mag.length; i++) {
                mag[i] = rnd.nextInt(4) == 0 ? 0L : rnd.nextLong();
            }
            for (int i = 0; i < length; i++) {
                sign[i] = (byte) (rnd.nextInt(3) - 1);
            }
            SignedLimbs x = SignedLimbs.of(mag, sign, length, limbs);
            assertEquals(length, x.length());
            assertEquals(limbs, x.limbs());
            int from = rnd.nextInt(length);
            int to = from + 1 + rnd.nextInt(length - from);
            LongBuffer out = LongBuffer.allocate((to - from) * limbs);
            for (int i = 0; i < out.capacity(); i++) {
                out.put(i, rnd.nextLong()); // garbage: every limb must be written
            }
            out.position(out.capacity() / 2); // absolute puts: the position is not used
            byte[] s = new byte[length];
            x.write(from, to, out, s);
            for (int i = from; i < to; i++) {
                assertEquals(sign[i], s[i], "seed " + seed);
                for (int l = 0; l < limbs; l++) {
                    assertEquals(mag[i * limbs + l], out.get((i - from) * limbs + l), "seed " + seed);
                }
            }
        }
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.of(new long[4], new byte[2], 0, 2));
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.of(new long[4], new byte[2], 2, 0));
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.of(new long[3], new byte[2], 2, 2));
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.of(new long[4], new byte[1], 2, 2));
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.of(null, new byte[2], 2, 2));
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.view(1, 1, null));
        assertThrows(IllegalArgumentException.class, () -> SignedLimbs.view(0, 1, (f, t, m, s) -> { }));
    }
}
