package org.modalg.gpu;

import java.util.HashMap;
import java.util.Map;
import org.modalg.fft.products.ProductPhases;
import org.modalg.fft.products.ProductPhases.Phase;
import org.modalg.fft.products.SignedLimbs;
import org.modalg.fields.NttPrimes;
import org.modalg.gpu.ntt.GpuCrt;
import org.modalg.gpu.ntt.GpuNtt;
import org.modalg.gpu.ntt.NttTables;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.PinnedStaging;

/**
 * Products of polynomials over Z/pZ and over Z entirely on the device, with the integer
 * product's pieces ({@link GpuCrt}'s projection and Garner kernels, {@link GpuNtt}'s
 * convolutions, {@link DeviceWorkspace}): only the coefficients go to the device and only the
 * product's coefficients come back.
 *
 * <ul>
 *   <li>Over Z/pZ, p a prime below 2^62 NTT-friendly for the length (2^log2N | p - 1): one
 *       convolution modulo p.
 *   <li>Over Z/pZ, any other modulus 2 &lt;= p &lt; 2^64 read as an unsigned word (odd or even,
 *       prime or not: FLINT's {@code nmod} range): the operands projected onto three 62-bit NTT
 *       primes, three convolutions, Garner's digits reduced modulo p on the device
 *       ({@code garner_mod}, Montgomery's, for odd p &lt; 2^62; {@code garner_mod_word},
 *       Moeller and Granlund's division, for even p and p &gt;= 2^62). Bound: the product's
 *       coefficients are below min(aLen, bLen) (p - 1)^2 &lt; 2^26 2^128 = 2^154 (the product
 *       has at most {@link #MAX_PRODUCT_LENGTH} = 2^27 coefficients, so min(aLen, bLen) &lt;=
 *       2^26), the three primes' product is above 2^183 (each prime above 2^61), so the integer
 *       coefficient is recovered exactly before its reduction mod p.
 *   <li>Over Z: sign-magnitude limbs projected onto the fewest s &lt;= 40 62-bit NTT primes
 *       whose product M exceeds 2^(bound + 1), s convolutions, Garner to the symmetric range
 *       (-M/2, M/2) in sign-magnitude limbs ({@code garner_signed}).
 * </ul>
 * Cost: s convolutions of length N = 2^ceil(log2(aLen + bLen - 1)), O(s L) per coefficient to
 * project (L limbs) and O(s^2) to reconstruct. Device memory: about (2 s + L) N words. The
 * products over Z move their operands and product through {@link PinnedStaging} (two pinned
 * slots of 32 MiB, made at the first such product and kept): the operands' limbs are written by
 * their {@link SignedLimbs} views straight into the slots, the product's go straight into the
 * caller's chunks, with no flat host array of either.
 * Not thread-safe ({@link GpuPolyProductProvider} serializes its calls).
 */
final class GpuPolyMultiplier {
    /** The largest product (coefficients): transforms of up to 2^27 points. */
    static final long MAX_PRODUCT_LENGTH = 1L << 27;
    /** The primes of the products over Z, decreasing, 2^30 | q - 1 (the first s are taken). */
    static final long[] PRIMES = NttPrimes.generate(GpuCrt.MAX_PRIMES, 1L << 62, 30);

    private static final int IN_A = 0;
    private static final int IN_B = 1;
    private static final int SIGN_A = 2;
    private static final int SIGN_B = 3;
    private static final int RES_A = 4;
    private static final int RES_B = 5;
    private static final int OUT = 6;
    private static final int SIGN_C = 7;

    private final GpuRuntime rt;
    private final GpuNtt ntt;
    private final DeviceWorkspace buffers = new DeviceWorkspace(8);
    // CRT constants of the Z route by number of primes (their projection takes the limb count
    // per call), and of the Z/pZ route (three primes, one limb: project_limbs reads exactly the
    // constructor's limbs per value, so it never shares the Z route's constants)
    private final Map<Integer, GpuCrt> crts = new HashMap<>();
    private GpuCrt zpCrt;
    private final int stagingBytes;
    private PinnedStaging staging;
    private long primeTested;
    private boolean primeTestedIsPrime;

    /** With pinned staging slots of {@code stagingBytes} ({@link PinnedStaging#DEFAULT_SLOT_BYTES}; tests: small). */
    GpuPolyMultiplier(GpuRuntime rt, int stagingBytes) {
        this.rt = rt;
        this.ntt = new GpuNtt(rt);
        this.stagingBytes = stagingBytes;
    }

    // The pinned slots, made on first use (a product mod p never needs them).
    private PinnedStaging staging() {
        if (staging == null) {
            staging = new PinnedStaging(stagingBytes);
        }
        return staging;
    }

    /** The number of the first {@link #PRIMES} whose product exceeds 2^(boundBits + 1), or -1 if all 40 do not. */
    static int primesFor(int boundBits) {
        int bits = 0; // sum of floor(log2 q): the product is at least 2^bits
        for (int s = 1; s <= PRIMES.length; s++) {
            bits += 63 - Long.numberOfLeadingZeros(PRIMES[s - 1]);
            if (bits >= boundBits + 1L) {
                return s;
            }
        }
        return -1;
    }

    private static int log2Length(long n) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(n - 1));
    }

    // The CRT constants for the first s primes and inputs of up to limbs limbs.
    private GpuCrt crt(int s, int limbs) {
        GpuCrt c = crts.get(s);
        if (c == null || c.inputLimbs() < limbs) {
            if (c != null) {
                crts.remove(s);
                c.close();
            }
            c = new GpuCrt(rt, java.util.Arrays.copyOf(PRIMES, s), Math.max(limbs, 1));
            crts.put(s, c);
        }
        return c;
    }

    /**
     * c[cOff .. cOff + aLen + bLen - 1) = a b mod p, 2 &lt;= p &lt; 2^64 read unsigned (prime or
     * not), coefficients unsigned in [0, p) (b == a with the same range: a square).
     * Preconditions checked by the provider.
     */
    void multiplyMod(long p, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen, long[] c,
            int cOff) {
        long n = (long) aLen + bLen - 1;
        int log2n = log2Length(n);
        long size = 1L << log2n;
        boolean square = a == b && aOff == bOff && aLen == bLen;
        rt.enterContext();
        if (nttFriendlyPrime(p, log2n)) { // one convolution modulo p
            DeviceBuffer ra = buffers.get(RES_A, size);
            DeviceBuffer rb = square ? ra : buffers.get(RES_B, size);
            DeviceWorkspace.zero(ra, size);
            ra.upload(a, aOff, 0, aLen);
            if (!square) {
                DeviceWorkspace.zero(rb, size);
                rb.upload(b, bOff, 0, bLen);
            }
            ntt.cyclicConvolution(ra, rb, 0, NttTables.of(p, log2n), square);
            Cuda.synchronize("polynomial product mod p");
            ra.download(0, c, cOff, n);
            return;
        }
        if (zpCrt == null) {
            zpCrt = new GpuCrt(rt, java.util.Arrays.copyOf(PRIMES, 3), 1);
        }
        GpuCrt crt = zpCrt;
        DeviceBuffer ra = buffers.get(RES_A, 3 * size);
        DeviceBuffer rb = square ? ra : buffers.get(RES_B, 3 * size);
        // one limb per coefficient: any unsigned 64-bit word (p up to 2^64 - 1) is projected by
        // one Montgomery product with R mod q_j < q_j, exact for every 64-bit operand (zp.cuh)
        project(crt, a, aOff, aLen, buffers.get(IN_A, aLen), ra, size);
        if (!square) {
            project(crt, b, bOff, bLen, buffers.get(IN_B, bLen), rb, size);
        }
        for (int j = 0; j < 3; j++) {
            ntt.cyclicConvolution(ra, rb, j, NttTables.of(PRIMES[j], log2n), square);
        }
        DeviceBuffer out = buffers.get(OUT, n);
        if (montgomeryModulus(p)) {
            crt.reconstructMod(ra, size, n, out, p);
        } else {
            crt.reconstructModWord(ra, size, n, out, p);
        }
        Cuda.synchronize("polynomial product mod p (CRT)");
        out.download(0, c, cOff, n);
    }

    // The one-convolution route: p a prime below 2^62 (the NTT kernels' range; a composite p
    // has no transform of its own) with 2^log2n | p - 1. The primality test is cached for the
    // last modulus.
    private boolean nttFriendlyPrime(long p, int log2n) {
        if (p < 3 || p >= 1L << 62 || Long.numberOfTrailingZeros(p - 1) < log2n) {
            return false;
        }
        if (p != primeTested) {
            primeTestedIsPrime = NttPrimes.isPrime(p);
            primeTested = p;
        }
        return primeTestedIsPrime;
    }

    /** Whether {@code garner_mod} (Montgomery arithmetic modulo p) takes p: p odd in [3, 2^62). */
    static boolean montgomeryModulus(long p) {
        return p >= 3 && p < 1L << 62 && (p & 1) == 1;
    }

    private static void project(GpuCrt crt, long[] x, int off, int len, DeviceBuffer in,
            DeviceBuffer res, long size) {
        in.upload(x, off, 0, len);
        DeviceWorkspace.zero(res, crt.primes.length * size);
        crt.project(in, len, res, size);
    }

    /**
     * The product over Z in sign-magnitude form, as
     * {@link org.modalg.fft.products.PolyProductProvider#multiplySigned}, into the caller's chunks
     * of 2^chunkShift coefficients; false if more than 40 primes would be needed.
     * Preconditions checked by the provider.
     */
    boolean multiplySigned(SignedLimbs a, SignedLimbs b, int boundBits, long[][] cMag, byte[][] cSign,
            int chunkShift, int cLimbs) {
        int s = primesFor(boundBits);
        if (s < 0) {
            return false;
        }
        long n = (long) a.length() + b.length() - 1;
        int log2n = log2Length(n);
        long size = 1L << log2n;
        boolean square = a == b;
        rt.enterContext();
        PinnedStaging pinned = staging();
        GpuCrt crt = crt(s, Math.max(a.limbs(), b.limbs()));
        DeviceBuffer ra = buffers.get(RES_A, s * size);
        DeviceBuffer rb = square ? ra : buffers.get(RES_B, s * size);
        projectSigned(pinned, crt, a, IN_A, SIGN_A, ra, size);
        if (!square) {
            projectSigned(pinned, crt, b, IN_B, SIGN_B, rb, size);
        }
        long t = ProductPhases.start();
        for (int j = 0; j < s; j++) {
            ntt.cyclicConvolution(ra, rb, j, NttTables.of(PRIMES[j], log2n), square);
        }
        DeviceBuffer out = buffers.get(OUT, n * cLimbs);
        DeviceBuffer signs = buffers.get(SIGN_C, (n + 7) / 8);
        crt.reconstructSigned(ra, size, n, out, cLimbs, signs);
        Cuda.synchronize("polynomial product over Z");
        t = ProductPhases.add(Phase.DEVICE, t);
        // chunk by chunk out of the pinned slots: no flat host array of n cLimbs words
        pinned.download(out, n * cLimbs, cMag, (int) Math.min(Integer.MAX_VALUE, (long) cLimbs << chunkShift));
        pinned.downloadBytes(signs, n, cSign, 1 << chunkShift);
        ProductPhases.add(Phase.DOWNLOAD, t);
        return true;
    }

    // An operand's limbs and signs to the device (the role's buffers): the limbs written by the
    // operand straight into the pinned slots, slice by slice; then its residues launched.
    private void projectSigned(PinnedStaging pinned, GpuCrt crt, SignedLimbs x, int inRole, int signRole,
            DeviceBuffer res, long size) {
        long t = ProductPhases.start();
        int len = x.length();
        int limbs = x.limbs();
        DeviceBuffer in = buffers.get(inRole, (long) len * limbs);
        DeviceBuffer signs = buffers.get(signRole, (len + 7) / 8);
        byte[] sign = new byte[len]; // len bytes, an eighth of one limb per coefficient
        pinned.upload(len, limbs, in, (from, to, slot) -> x.write(from, to, slot, sign));
        signs.uploadBytes(sign, 0, 0, len);
        ProductPhases.add(Phase.UPLOAD, t);
        DeviceWorkspace.zero(res, crt.primes.length * size);
        crt.projectSigned(in, limbs, signs, len, res, size);
    }

    /** Frees the device buffers and CRT constants kept between products. */
    void releaseWorkspace() {
        buffers.release();
        if (staging != null) {
            staging.close();
            staging = null;
        }
        for (GpuCrt c : crts.values()) {
            c.close();
        }
        crts.clear();
        if (zpCrt != null) {
            zpCrt.close();
            zpCrt = null;
        }
    }
}
