package org.modalg.polynomial.zz;

import java.math.BigInteger;
import java.util.stream.IntStream;
import org.modalg.fft.products.PolyProductProvider;
import org.modalg.fft.products.PolyProducts;
import org.modalg.fields.BigIntegerWords;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.convolution.PackedCoefficients;
import org.modalg.polynomial.zp.PolyMulZp;

/**
 * Polynomial products handed whole to a {@link PolyProductProvider} (the GPU's all-device
 * pipeline when the gpu module is present and a GPU usable): the coefficients go in, the
 * product's coefficients come out, with no transform or CRT on the host. Used by
 * {@link PolyMulZp#mulNtt} (the overload without an engine) and by the small-prime NTT route of
 * {@link ZZPoly#multiply(ZZPoly)} for operands of at least the provider's
 * {@link PolyProductProvider#minLength()} coefficients, unless the call's backend is the CPU;
 * a provider that declines leaves the product to the CPU routes.
 */
public final class PolyMulDevice {
    private PolyMulDevice() {
    }

    // The provider for this call's operands, or null (none, too short, or the backend is the CPU).
    private static PolyProductProvider provider(long aLen, long bLen) {
        if (!ProductContext.gpuAllowed()) {
            return null;
        }
        return PolyProducts.forOperands(aLen, bLen);
    }

    /**
     * c = a b mod p on the provider (preconditions of {@link PolyMulZp#mulNtt}); false, with
     * nothing written, when there is none for these lengths or it declines.
     */
    public static boolean mulZp(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
            long[] c, int cOff) {
        PolyProductProvider provider = provider(aLen, bLen);
        return provider != null && provider.multiplyMod(p, a, aOff, aLen, b, bOff, bLen, c, cOff);
    }

    /**
     * One operand of a device product: its coefficients either packed (a product of an earlier
     * multiplication, read from the chunks) or as BigIntegers ({@code packed == null}), and its
     * length. {@code ZZPoly} makes them, so that this class does not know the polynomial type.
     */
    record Operand(int length, PackedCoefficients packed, BigInteger[] coeffs) {
    }

    /**
     * f g (g == f: a square) on the provider, packed, or null when there is none for these
     * lengths, the product does not fit Java arrays, or it declines. bitsA and bitsB are the
     * operands' largest coefficient bit lengths (both &gt;= 1). O(n L) on the host for n
     * coefficients of L limbs.
     */
    static PackedCoefficients multiply(Operand f, Operand g, int bitsA, int bitsB) {
        PolyProductProvider provider = provider(f.length(), g.length());
        return provider == null ? null : multiply(provider, f, g, bitsA, bitsB);
    }

    /** {@link #multiply(Operand, Operand, int, int)} on the given provider, whatever the lengths. */
    static PackedCoefficients multiply(PolyProductProvider provider, Operand f, Operand g, int bitsA, int bitsB) {
        int aLen = f.length();
        int bLen = g.length();
        int n = aLen + bLen - 1;
        int bound = PolyMulZZ.productBoundBits(bitsA, bitsB, aLen, bLen);
        int cLimbs = (bound + 63) / 64;
        int aLimbs = (bitsA + 63) / 64;
        int bLimbs = (bitsB + 63) / 64;
        if ((long) n * cLimbs > Integer.MAX_VALUE - 8 || (long) aLen * aLimbs > Integer.MAX_VALUE - 8
                || (long) bLen * bLimbs > Integer.MAX_VALUE - 8) {
            return null;
        }
        long[] aMag = new long[aLen * aLimbs];
        byte[] aSign = new byte[aLen];
        signMagnitude(f, aLimbs, aMag, aSign);
        long[] bMag = aMag;
        byte[] bSign = aSign;
        if (g != f) {
            bMag = new long[bLen * bLimbs];
            bSign = new byte[bLen];
            signMagnitude(g, bLimbs, bMag, bSign);
        }
        long[] cMag = new long[n * cLimbs];
        byte[] cSign = new byte[n];
        if (!provider.multiplySigned(aMag, aSign, aLen, aLimbs, bMag, bSign, bLen, bLimbs, bound, cMag,
                cSign, cLimbs)) {
            return null;
        }
        return pack(cMag, cSign, n, cLimbs);
    }

    // f's coefficients as signs and magnitudes of `limbs` limbs each (element-major).
    private static void signMagnitude(Operand f, int limbs, long[] mag, byte[] sign) {
        PackedCoefficients p = f.packed();
        if (p != null) {
            p.signMagnitude(limbs, mag, sign);
            return;
        }
        BigInteger[] c = f.coeffs();
        forBlocks(f.length(), (from, to) -> {
            for (int i = from; i < to; i++) {
                BigInteger x = c[i];
                sign[i] = (byte) x.signum();
                int[] view = BigIntegerWords.magnitudeView(x); // big-endian, read only
                int at = i * limbs;
                if (view == null) { // java.math not opened
                    long[] m = BigIntegerWords.magnitude(x);
                    System.arraycopy(m, 0, mag, at, Math.min(limbs, m.length));
                    continue;
                }
                int words = Math.min(2 * limbs, view.length);
                for (int t = 0; t < words; t++) {
                    mag[at + (t >>> 1)] |= (view[view.length - 1 - t] & 0xFFFFFFFFL) << (32 * (t & 1));
                }
            }
        });
    }

    // The chunks of PackedCoefficients from flat signs and magnitudes (trimmed, maxBits found).
    private static PackedCoefficients pack(long[] cMag, byte[] cSign, int n, int limbs) {
        int length = n;
        while (length > 0 && cSign[length - 1] == 0) {
            length--;
        }
        long[][] mag = PackedCoefficients.magnitudes(length, limbs);
        byte[][] sign = PackedCoefficients.signs(length);
        int[] chunkBits = new int[mag.length];
        int len = length;
        IntStream.range(0, mag.length).parallel().forEach(k -> {
            int from = k << PackedCoefficients.CHUNK_SHIFT;
            int count = Math.min(PackedCoefficients.CHUNK, len - from);
            System.arraycopy(cMag, from * limbs, mag[k], 0, count * limbs);
            System.arraycopy(cSign, from, sign[k], 0, count);
            int bits = 0;
            long[] m = mag[k];
            for (int i = 0; i < count; i++) {
                for (int l = limbs - 1; l >= 0; l--) {
                    long w = m[i * limbs + l];
                    if (w != 0) {
                        bits = Math.max(bits, 64 * l + 64 - Long.numberOfLeadingZeros(w));
                        break;
                    }
                }
            }
            chunkBits[k] = bits;
        });
        int maxBits = 0;
        for (int b : chunkBits) {
            maxBits = Math.max(maxBits, b);
        }
        return new PackedCoefficients(length, limbs, mag, sign, maxBits);
    }

    private interface Block {
        void run(int from, int to);
    }

    // body over [0, n) in blocks of 4096, in parallel from 2^14 elements.
    private static void forBlocks(int n, Block body) {
        if (n < 1 << 14) {
            body.run(0, n);
            return;
        }
        IntStream.range(0, (n + 4095) >>> 12).parallel().forEach(b -> body.run(b << 12,
                Math.min(n, (b + 1) << 12)));
    }
}
