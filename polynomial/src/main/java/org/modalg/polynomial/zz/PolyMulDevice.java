package org.modalg.polynomial.zz;

import java.math.BigInteger;
import org.modalg.fft.products.PolyProductProvider;
import org.modalg.fft.products.PolyProducts;
import org.modalg.fft.products.ProductPhases;
import org.modalg.fft.products.ProductPhases.Phase;
import org.modalg.fft.products.SignedLimbs;
import org.modalg.fields.BigIntegerWords;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.convolution.PackedCoefficients;
import org.modalg.polynomial.zp.PolyMulZp;
import org.modalg.fft.parallel.ParallelRange;

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
     * coefficients of L limbs: the operands' limbs, and one pass over the product's chunks, which
     * the provider fills (no flat copy of the product on the host). With
     * {@code -Dmodalg.product.phases=true}, one line per product on standard error: its
     * {@link ProductPhases}.
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
        SignedLimbs a = limbs(f, aLimbs);
        SignedLimbs b = g == f ? a : limbs(g, bLimbs);
        // the product's own chunks, allocated (zeroed) on all cores: the provider writes them,
        // nothing is copied afterwards
        long t = ProductPhases.start();
        long[][] cMag = PackedCoefficients.magnitudes(n, cLimbs, true);
        byte[][] cSign = PackedCoefficients.signs(n, true);
        ProductPhases.add(Phase.ALLOCATION, t);
        if (!provider.multiplySigned(a, b, bound, cMag, cSign, PackedCoefficients.CHUNK_SHIFT, cLimbs)) {
            return null;
        }
        t = ProductPhases.start();
        PackedCoefficients c = pack(cMag, cSign, n, cLimbs);
        if (ProductPhases.ON) {
            ProductPhases.add(Phase.PACK, t);
            System.err.printf(java.util.Locale.ROOT, "# device product over Z at %.3f s: %d x %d coefficients,"
                    + " limbs %d x %d -> %d: %s%n", java.lang.management.ManagementFactory.getRuntimeMXBean()
                    .getUptime() / 1e3, aLen, bLen, aLimbs, bLimbs, cLimbs, ProductPhases.takeLine());
        }
        return c;
    }

    // f's coefficients as a view of signs and magnitudes of `limbs` limbs each, which the provider
    // asks for range by range: from the chunks of a packed operand or from its BigIntegers,
    // with no flat array in between.
    private static SignedLimbs limbs(Operand f, int limbs) {
        PackedCoefficients p = f.packed();
        BigInteger[] c = f.coeffs();
        int length = f.length();
        return SignedLimbs.view(length, limbs, (from, to, mag, sign) -> {
            if (p != null) {
                p.writeSignMagnitude(from, to, limbs, mag, sign);
            } else {
                for (int i = from; i < to; i++) {
                    BigInteger x = c[i];
                    sign[i] = (byte) x.signum();
                    int at = (i - from) * limbs;
                    int[] view = BigIntegerWords.magnitudeView(x); // big-endian, read only
                    int l = 0;
                    if (view == null) { // java.math not opened
                        long[] m = BigIntegerWords.magnitude(x);
                        for (; l < Math.min(limbs, m.length); l++) {
                            mag.put(at + l, m[l]);
                        }
                    } else {
                        int top = view.length - 1;
                        int words = Math.min(2 * limbs, view.length);
                        for (; 2 * l + 1 < words; l++) {
                            mag.put(at + l, (view[top - 2 * l] & 0xFFFFFFFFL) | (long) view[top - 2 * l - 1] << 32);
                        }
                        if (2 * l < words) { // an odd number of 32-bit words: the top limb's low half
                            mag.put(at + l, view[top - 2 * l] & 0xFFFFFFFFL);
                            l++;
                        }
                    }
                    for (; l < limbs; l++) {
                        mag.put(at + l, 0L);
                    }
                }
            }
        });
    }

    // PackedCoefficients on the product's chunks: trimmed (a shorter last chunk copied, the
    // chunks past it dropped), maxBits found, in parallel.
    private static PackedCoefficients pack(long[][] mag, byte[][] sign, int n, int limbs) {
        int length = n;
        while (length > 0 && sign[(length - 1) >>> PackedCoefficients.CHUNK_SHIFT][(length - 1)
                & (PackedCoefficients.CHUNK - 1)] == 0) {
            length--;
        }
        if (length < n) {
            int chunks = (length + PackedCoefficients.CHUNK - 1) >>> PackedCoefficients.CHUNK_SHIFT;
            mag = java.util.Arrays.copyOf(mag, chunks);
            sign = java.util.Arrays.copyOf(sign, chunks);
            int last = length - ((chunks - 1) << PackedCoefficients.CHUNK_SHIFT);
            if (chunks > 0) {
                mag[chunks - 1] = java.util.Arrays.copyOf(mag[chunks - 1], last * limbs);
                sign[chunks - 1] = java.util.Arrays.copyOf(sign[chunks - 1], last);
            }
        }
        long[][] m = mag;
        int[] chunkBits = new int[m.length];
        ParallelRange.run(java.util.concurrent.ForkJoinPool.commonPool(), 0, m.length, 1, (from, to) -> {
            for (int k = from; k < to; k++) {
                long[] chunk = m[k];
                int bits = 0;
                for (int at = chunk.length - limbs; at >= 0; at -= limbs) {
                    for (int l = limbs - 1; l >= 0; l--) {
                        long w = chunk[at + l];
                        if (w != 0) {
                            bits = Math.max(bits, 64 * l + 64 - Long.numberOfLeadingZeros(w));
                            break;
                        }
                    }
                }
                chunkBits[k] = bits;
            }
        });
        int maxBits = 0;
        for (int b : chunkBits) {
            maxBits = Math.max(maxBits, b);
        }
        return new PackedCoefficients(length, limbs, m, sign, maxBits);
    }
}
