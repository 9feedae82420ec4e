package org.modalg.gpu;

import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.ntt.GpuCrt;
import org.modalg.gpu.ntt.GpuNtt;
import org.modalg.gpu.ntt.NttTables;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.LaunchChooser;

/**
 * Products of non-negative integers given as little-endian 64-bit limbs, entirely on the
 * device: each limb is a coefficient (no splitting needed), the two limb vectors are projected
 * onto three 62-bit NTT primes, convolved by the NTT (forward, pointwise, inverse), brought
 * back by Garner's CRT to three limbs per coefficient, and the overlapping coefficients are
 * summed and their carries resolved by a carry-lookahead scan (kernels of {@code crt.cu}).
 * Only the operands go to the device and only the product comes back.
 *
 * <p>Exactness: a coefficient is at most min(aLen, bLen) (2^64 - 1)^2 &lt; 2^155 for up to
 * 2^27 limbs, below the primes' product (&gt; 2^183), so the CRT recovers it exactly.
 * Cost: three NTT convolutions of length 2^ceil(log2(aLen + bLen)), O(n) elsewhere.
 */
final class GpuIntegerMultiplier {
    /** Three primes below 2^62 admitting transforms of up to 2^30 points. */
    static final long[] PRIMES = NttPrimes.generate(3, 1L << 62, 30);
    /** The largest product, in limbs, the transforms allow (2^27 points). */
    static final long MAX_PRODUCT_LIMBS = 1L << 27;
    private static final int THREADS = 256;
    private static final int CARRY_BLOCK = 256 * 8;

    private final GpuRuntime rt;
    private final GpuNtt ntt;
    private final CUfunction prepare;
    private final CUfunction aggregates;
    private final CUfunction prefix;
    private final CUfunction apply;
    private GpuCrt crt;

    GpuIntegerMultiplier(GpuRuntime rt) {
        this.rt = rt;
        this.ntt = new GpuNtt(rt);
        prepare = rt.function(GpuModules.CRT, "carry_prepare");
        aggregates = rt.function(GpuModules.CRT, "carry_block_aggregates");
        prefix = rt.function(GpuModules.CRT, "carry_block_prefix");
        apply = rt.function(GpuModules.CRT, "carry_apply");
    }

    /**
     * The aLen + bLen limbs of a * b (a[0 .. aLen) and b[0 .. bLen) little-endian magnitudes;
     * b == a with bLen == aLen squares with one forward transform fewer).
     *
     * @throws IllegalArgumentException if a length is &lt; 1 or the product exceeds 2^27 limbs
     */
    long[] multiply(long[] a, int aLen, long[] b, int bLen) {
        if (aLen < 1 || bLen < 1 || aLen > a.length || bLen > b.length) {
            throw new IllegalArgumentException("aLen and bLen must be in [1, array length], got "
                    + aLen + ", " + bLen);
        }
        long n = (long) aLen + bLen;
        if (n > MAX_PRODUCT_LIMBS) {
            throw new IllegalArgumentException("the product must have at most 2^27 limbs, got "
                    + n);
        }
        int log2n = Math.max(1, 64 - Long.numberOfLeadingZeros(n - 1));
        long size = 1L << log2n;
        boolean square = a == b && aLen == bLen;
        long coeffs = n - 1;
        rt.enterContext();
        if (crt == null) {
            crt = new GpuCrt(rt, PRIMES, 1); // constants uploaded once per multiplier
        }
        DeviceBuffer da = workspace(IN_A, aLen);
        DeviceBuffer ra = workspace(RES_A, 3 * size);
        DeviceBuffer db = square ? null : workspace(IN_B, bLen);
        DeviceBuffer rb = square ? ra : workspace(RES_B, 3 * size);
        da.upload(a, 0, 0, aLen);
        zero(ra, 3 * size);
        crt.project(da, aLen, ra, size);
        if (!square) {
            db.upload(b, 0, 0, bLen);
            zero(rb, 3 * size);
            crt.project(db, bLen, rb, size);
        }
        for (int j = 0; j < 3; j++) {
            ntt.cyclicConvolution(ra, rb, j, NttTables.of(PRIMES[j], log2n), square);
        }
        DeviceBuffer c = workspace(COEFFS, 3 * coeffs);
        DeviceBuffer limbs = workspace(LIMBS, n);
        DeviceBuffer product = workspace(PRODUCT, n);
        DeviceBuffer flags = workspace(FLAGS, (n + 7) / 8);
        DeviceBuffer blockFlags = workspace(BLOCK_FLAGS, 2 * blockFlagWords(n));
        crt.reconstruct(ra, size, coeffs, c, 3);
        carry(c, coeffs, limbs, flags, blockFlags, product, n);
        Cuda.synchronize("integer product");
        long[] out = new long[(int) n];
        product.download(0, out, 0, n);
        return out;
    }

    // Device buffers by role, kept between products and grown on demand.
    private static final int IN_A = 0;
    private static final int IN_B = 1;
    private static final int RES_A = 2;
    private static final int RES_B = 3;
    private static final int COEFFS = 4;
    private static final int LIMBS = 5;
    private static final int PRODUCT = 6;
    private static final int FLAGS = 7;
    private static final int BLOCK_FLAGS = 8;
    private final DeviceWorkspace buffers = new DeviceWorkspace(9);

    private DeviceBuffer workspace(int role, long words) {
        return buffers.get(role, words);
    }

    /** Frees the device buffers kept between products (they are allocated again when needed). */
    void releaseWorkspace() {
        buffers.release();
    }

    private static long blockFlagWords(long n) {
        return ((n + CARRY_BLOCK - 1) / CARRY_BLOCK + 7) / 8;
    }

    private static void zero(DeviceBuffer b, long words) {
        DeviceWorkspace.zero(b, words);
    }

    // Sums the overlapping 3-limb coefficients and propagates the carries (scan over blocks).
    private void carry(DeviceBuffer c, long coeffs, DeviceBuffer t, DeviceBuffer flags,
            DeviceBuffer blockFlags, DeviceBuffer out, long n) {
        long blocks = (n + CARRY_BLOCK - 1) / CARRY_BLOCK;
        // blockFlags: one byte per block of aggregates, then one byte per block of carries in
        Pointer agg = Pointer.to(blockFlags.at(0));
        Pointer carryIn = Pointer.to(blockFlags.at(blockFlagWords(n)));
        // its block is free (one thread per limb) and it only reads c: the chooser may probe it
        LaunchChooser.Probe launch = (m, bl) -> Cuda.launch(prepare, "carry_prepare",
                (int) ((m + bl - 1) / bl), 1, bl, 0, c.arg(), Pointer.to(new long[] {coeffs}), t.arg(),
                flags.arg(), Pointer.to(new long[] {m}));
        launch.launch(n, rt.launchChooser().block(prepare, "carry_prepare", n, 1, THREADS, launch));
        Cuda.launch(aggregates, "carry_block_aggregates", (int) blocks, 1, 256, 0, flags.arg(),
                Pointer.to(new long[] {n}), agg);
        Cuda.launch(prefix, "carry_block_prefix", 1, 1, 1, 0, agg, Pointer.to(new long[] {blocks}),
                carryIn);
        Cuda.launch(apply, "carry_apply", (int) blocks, 1, 256, 0, t.arg(), flags.arg(),
                Pointer.to(new long[] {n}), carryIn, out.arg());
    }
}
