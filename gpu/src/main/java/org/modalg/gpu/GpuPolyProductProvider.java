package org.modalg.gpu;

import java.util.logging.Logger;
import org.modalg.fft.products.PolyProductProvider;
import org.modalg.fft.products.SignedLimbs;
import org.modalg.gpu.ntt.NttTables;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * Registers the all-device polynomial products ({@link GpuPolyMultiplier}) with
 * {@link org.modalg.fft.products.PolyProducts}: usable when {@link GpuRuntime#isUsable()}; used from
 * {@link #DEFAULT_MIN_LENGTH} coefficients in the shorter operand (set by
 * {@code -Dmodalg.gpu.polyMinLength}). A product the device cannot hold (out of memory, even
 * after freeing the cached tables and buffers), or that fails on the device, is declined with
 * a warning and computed on the CPU by the caller.
 */
public final class GpuPolyProductProvider implements PolyProductProvider {
    private static final Logger LOG = Logger.getLogger(GpuPolyProductProvider.class.getName());

    /** Default of {@link #minLength()}. */
    public static final long DEFAULT_MIN_LENGTH = 4096;

    private GpuPolyMultiplier multiplier;
    private final int stagingBytes;
    private static final java.util.concurrent.atomic.AtomicLong PRODUCTS =
            new java.util.concurrent.atomic.AtomicLong();

    /** Products computed on the device so far (for the tests of the hooks that call this). */
    static long productsForTests() {
        return PRODUCTS.get();
    }

    /** The provider ServiceLoader makes: pinned staging slots of the default size. */
    public GpuPolyProductProvider() {
        this(org.modalg.gpu.runtime.PinnedStaging.DEFAULT_SLOT_BYTES);
    }

    /** Tests: pinned staging slots of {@code stagingBytes}, so that small products take many slices. */
    GpuPolyProductProvider(int stagingBytes) {
        this.stagingBytes = stagingBytes;
    }

    @Override
    public String name() {
        return "gpu(" + GpuRuntime.get().deviceName() + ")";
    }

    @Override
    public boolean isUsable() {
        return GpuRuntime.isUsable();
    }

    @Override
    public long minLength() {
        return Long.getLong("modalg.gpu.polyMinLength", DEFAULT_MIN_LENGTH);
    }

    @Override
    public synchronized boolean multiplyMod(long p, long[] a, int aOff, int aLen, long[] b, int bOff,
            int bLen, long[] c, int cOff) {
        if (p == 0 || p == 1) {
            throw new IllegalArgumentException("p must be in [2, 2^64) read as an unsigned word, got "
                    + Long.toUnsignedString(p));
        }
        checkRange("a", a, aOff, aLen, 1);
        checkRange("b", b, bOff, bLen, 1);
        long n = (long) aLen + bLen - 1;
        checkRange("c", c, cOff, (int) Math.min(Integer.MAX_VALUE, n), 1);
        if (n > GpuPolyMultiplier.MAX_PRODUCT_LENGTH) {
            return false; // the transforms' limit
        }
        return run("a product of " + n + " coefficients mod " + Long.toUnsignedString(p),
                m -> {
                    m.multiplyMod(p, a, aOff, aLen, b, bOff, bLen, c, cOff);
                    return true;
                });
    }

    @Override
    public synchronized boolean multiplySigned(SignedLimbs a, SignedLimbs b, int boundBits, long[][] cMag,
            byte[][] cSign, int chunkShift, int cLimbs) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("operands a and b must not be null");
        }
        if (cLimbs < 1 || boundBits < 1 || (boundBits + 63L) / 64 > cLimbs) {
            throw new IllegalArgumentException("cLimbs must be >= 1 and boundBits in [1, 64 cLimbs], got cLimbs "
                    + cLimbs + " and boundBits " + boundBits);
        }
        if (Math.max(a.limbs(), b.limbs()) > stagingBytes / 8) {
            return false; // not a polynomial product's shape: a coefficient of more than 2^31 bits
        }
        long n = (long) a.length() + b.length() - 1;
        PolyProductProvider.checkChunks(cMag, cSign, n, chunkShift, cLimbs);
        if (n > GpuPolyMultiplier.MAX_PRODUCT_LENGTH) {
            return false;
        }
        return run("a product over Z of " + n + " coefficients (" + boundBits + "-bit bound)",
                m -> m.multiplySigned(a, b, boundBits, cMag, cSign, chunkShift, cLimbs));
    }

    private static void checkRange(String name, long[] x, int off, int len, int limbs) {
        if (x == null || len < 1 || off < 0 || (long) off + (long) len * limbs > x.length) {
            throw new IllegalArgumentException(name + ": offset and length must give a non-empty range"
                    + " inside the array, got offset " + off + ", length " + len + " x " + limbs
                    + " limbs, array " + (x == null ? "null" : x.length));
        }
    }

    /** Frees the device buffers and tables kept between products (tests of the decline path). */
    synchronized void releaseWorkspace() {
        NttTables.clearCache();
        if (multiplier != null) {
            multiplier.releaseWorkspace();
        }
    }

    private interface Product {
        boolean run(GpuPolyMultiplier m);
    }

    // The product on the device; out of memory: the caches freed and one more try, then false;
    // any other device failure: false. Every decline is logged.
    private boolean run(String what, Product product) {
        if (multiplier == null) {
            multiplier = new GpuPolyMultiplier(GpuRuntime.get(), stagingBytes);
        }
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                boolean done = product.run(multiplier);
                if (done) {
                    PRODUCTS.incrementAndGet();
                }
                return done;
            } catch (GpuException e) {
                try {
                    NttTables.clearCache();
                    multiplier.releaseWorkspace();
                } catch (GpuException again) {
                    multiplier = new GpuPolyMultiplier(GpuRuntime.get(), stagingBytes); // start afresh
                }
                if (!e.isOutOfMemory()) {
                    LOG.warning("GPU failed on " + what + " (" + e.getMessage() + "); it runs on the CPU");
                    return false;
                }
            }
        }
        LOG.warning("GPU out of memory for " + what + "; it runs on the CPU");
        return false;
    }
}
