package org.modalg.polynomial.zz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fft.products.PolyProductProvider;
import org.modalg.fft.products.SignedLimbs;

/**
 * The host side of the device products ({@link PolyMulDevice}): the sign-magnitude limbs sent
 * to a {@link PolyProductProvider} (from BigIntegers and from packed coefficients) and the
 * packed product built from what it returns, with a provider that multiplies by the schoolbook
 * method on BigIntegers (an independent oracle), on random signed coefficients every run (seed
 * printed); a provider that declines gives null.
 */
class PolyMulDeviceTest {
    // Schoolbook on the limbs it is given, written back in sign-magnitude form.
    private static final class SchoolbookProvider implements PolyProductProvider {
        int calls;
        boolean decline;

        @Override
        public String name() {
            return "schoolbook";
        }

        @Override
        public boolean isUsable() {
            return true;
        }

        @Override
        public long minLength() {
            return 1;
        }

        @Override
        public boolean multiplyMod(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                long[] c, int cOff) {
            return false;
        }

        @Override
        public boolean multiplySigned(SignedLimbs aLimbs, SignedLimbs bLimbs, int boundBits, long[][] cMag,
                byte[][] cSign, int chunkShift, int cLimbs) {
            calls++;
            if (decline) {
                return false;
            }
            BigInteger[] a = values(aLimbs);
            BigInteger[] b = values(bLimbs);
            int aLen = a.length;
            int bLen = b.length;
            for (int k = 0; k < aLen + bLen - 1; k++) {
                BigInteger s = BigInteger.ZERO;
                for (int i = Math.max(0, k - bLen + 1); i <= Math.min(k, aLen - 1); i++) {
                    s = s.add(a[i].multiply(b[k - i]));
                }
                int chunk = k >>> chunkShift;
                int at = k & ((1 << chunkShift) - 1);
                cSign[chunk][at] = (byte) s.signum();
                BigInteger m = s.abs();
                for (int l = 0; l < cLimbs; l++) {
                    cMag[chunk][at * cLimbs + l] = m.shiftRight(64 * l).longValue();
                }
            }
            return true;
        }

        // The operand's coefficients, read as a provider reads them: in two ranges, into a buffer
        // holding garbage (every limb must be written).
        private static BigInteger[] values(SignedLimbs x) {
            int len = x.length();
            int limbs = x.limbs();
            long[] mag = new long[len * limbs];
            byte[] sign = new byte[len];
            java.nio.LongBuffer buf = java.nio.LongBuffer.allocate(len * limbs);
            for (int i = 0; i < len * limbs; i++) {
                buf.put(i, 0x5A5A5A5A5A5A5A5AL);
            }
            int mid = len / 2;
            x.write(0, mid, buf.slice(0, mid * limbs), sign);
            x.write(mid, len, buf.slice(mid * limbs, (len - mid) * limbs), sign);
            buf.get(0, mag);
            BigInteger[] v = new BigInteger[len];
            for (int i = 0; i < len; i++) {
                BigInteger m = BigInteger.ZERO;
                for (int l = limbs - 1; l >= 0; l--) {
                    m = m.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(mag[i * limbs + l])));
                }
                v[i] = sign[i] < 0 ? m.negate() : sign[i] == 0 ? BigInteger.ZERO : m;
            }
            return v;
        }
    }

    private static ZZPoly random(Random rnd, int n, int bits) {
        BigInteger[] c = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger m = rnd.nextInt(5) == 0 ? BigInteger.ZERO : new BigInteger(1 + rnd.nextInt(bits), rnd);
            c[i] = rnd.nextBoolean() ? m.negate() : m;
        }
        c[n - 1] = BigInteger.ONE.shiftLeft(bits - 1).negate(); // the full width, negative
        return ZZPoly.of(c);
    }

    private static ZZPoly schoolbook(ZZPoly f, ZZPoly g) {
        BigInteger[] c = new BigInteger[f.length() + g.length() - 1];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i = 0; i < f.length(); i++) {
            for (int j = 0; j < g.length(); j++) {
                c[i + j] = c[i + j].add(f.coefficient(i).multiply(g.coefficient(j)));
            }
        }
        return ZZPoly.of(c);
    }

    // f g on the provider as ZZPoly.multiply hands it over (g == f: one operand, a square), or null
    private static ZZPoly onProvider(SchoolbookProvider provider, ZZPoly f, ZZPoly g) {
        PolyMulDevice.Operand a = f.deviceOperand();
        org.modalg.polynomial.convolution.PackedCoefficients c = PolyMulDevice.multiply(provider, a,
                g == f ? a : g.deviceOperand(), f.maxCoefficientBits(), g.maxCoefficientBits());
        return c == null ? null : ZZPoly.wrap(c);
    }

    @Test
    void productsThroughTheProviderEqualSchoolbook() {
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("PolyMulDeviceTest seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        Random rnd = new Random(seed);
        SchoolbookProvider provider = new SchoolbookProvider();
        for (int bits : new int[] {1, 63, 64, 65, 128, 300}) {
            for (int[] s : new int[][] {{1, 1}, {1, 7}, {5, 3}, {40, 41}, {200, 9}}) {
                ZZPoly f = random(rnd, s[0], bits);
                ZZPoly g = random(rnd, s[1], bits);
                String what = bits + " bits, " + s[0] + " x " + s[1];
                ZZPoly c = onProvider(provider, f, g);
                assertNotNull(c, what);
                ZZPoly expected = schoolbook(f, g);
                assertEquals(expected, c, what);
                assertEquals(expected.maxCoefficientBits(), c.maxCoefficientBits(), what);
                // the packed product as an operand: its limbs are read from the chunks
                ZZPoly again = onProvider(provider, c, f);
                assertEquals(schoolbook(expected, f), again, what + ", packed operand");
                ZZPoly sq = onProvider(provider, f, f);
                assertEquals(schoolbook(f, f), sq, what + ", square");
            }
        }
    }

    @Test
    void aProductOfSeveralChunksIsWrittenChunkByChunk() {
        // 5000 + 300 - 1 coefficients: two chunks of PackedCoefficients, the second partial
        long seed = Long.getLong("modalg.test.seed", System.nanoTime());
        System.out.println("PolyMulDeviceTest chunks seed " + seed + " (replay with -Dmodalg.test.seed=" + seed + ")");
        Random rnd = new Random(seed);
        SchoolbookProvider provider = new SchoolbookProvider();
        for (int bits : new int[] {64, 130}) {
            ZZPoly f = random(rnd, 5000, bits);
            ZZPoly g = random(rnd, 300, bits);
            ZZPoly c = onProvider(provider, f, g);
            assertNotNull(c);
            ZZPoly expected = schoolbook(f, g);
            assertEquals(expected, c, bits + " bits");
            assertEquals(expected.maxCoefficientBits(), c.maxCoefficientBits(), bits + " bits");
        }
    }

    @Test
    void aDecliningProviderGivesNull() {
        SchoolbookProvider provider = new SchoolbookProvider();
        provider.decline = true;
        ZZPoly f = ZZPoly.of(3, -4, 5);
        PolyMulDevice.Operand a = f.deviceOperand();
        assertNull(PolyMulDevice.multiply(provider, a, a, 3, 3));
        assertEquals(1, provider.calls);
    }
}
