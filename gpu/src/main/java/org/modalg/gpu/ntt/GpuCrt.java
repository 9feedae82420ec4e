package org.modalg.gpu.ntt;

import java.math.BigInteger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.fft.CrtBasis;
import org.modalg.fields.UnsignedDivider;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.LaunchChooser;

/**
 * Projection of 64-bit-limb integers onto word-size primes and Garner's reconstruction back to
 * limbs, on the device (the kernels of {@code crt.cu}), for a fixed list of primes. The
 * constants (Montgomery forms of q_i mod q_j, the Garner inverses of the primes'
 * {@link CrtBasis}, 2^(64 l) mod q_j) are built on the host once and uploaded. Per element: O(P L) multiplications to project, O(P^2) to
 * reconstruct.
 */
public final class GpuCrt implements AutoCloseable {
    private static final int THREADS = 256;
    /** The kernel's register array of mixed-radix digits. */
    public static final int MAX_PRIMES = 40;

    public final long[] primes;
    private final int inputLimbs;
    private final DeviceBuffer dPrimes;
    private final DeviceBuffer dPinvs;
    private final DeviceBuffer dQmod;
    private final DeviceBuffer dInv;
    private final DeviceBuffer dOne;
    private final DeviceBuffer dLimbPow;
    private final CUfunction project;
    private final CUfunction projectSigned;
    private final CUfunction garner;
    private final CUfunction garnerMod;
    private final CUfunction garnerModWord;
    private final CUfunction garnerSigned;
    // M = the primes' product and floor(M / 2), outputLimbs() limbs each (garner_signed)
    private final DeviceBuffer dModulus;
    private final DeviceBuffer dHalf;
    // q_j R mod p for the last p of reconstructMod
    private DeviceBuffer dQp;
    private long qpPrime;
    private final LaunchChooser chooser;

    /**
     * Constants for the primes (distinct, each &lt; 2^62) and inputs of {@code inputLimbs} limbs.
     */
    public GpuCrt(GpuRuntime rt, long[] primes, int inputLimbs) {
        int np = primes.length;
        if (np < 1 || np > MAX_PRIMES) {
            throw new IllegalArgumentException("number of primes must be in [1, " + MAX_PRIMES + "], got " + np);
        }
        this.primes = primes.clone();
        this.inputLimbs = inputLimbs;
        CrtBasis basis = CrtBasis.of(primes); // the one CRT basis: its checks and Garner inverses
        long[] pinvs = new long[np];
        long[] qmod = new long[np * np];
        long[] inv = new long[np];
        long[] one = new long[np];
        long[] limbPow = new long[np * inputLimbs];
        for (int j = 0; j < np; j++) {
            long q = primes[j];
            ZpField f = ZpField.of(q);
            ZpMontgomery m = ZpMontgomery.of(q);
            pinvs[j] = m.pInverse();
            one[j] = m.one();
            for (int i = 0; i < np; i++) {
                qmod[j * np + i] = m.toMont(Long.remainderUnsigned(primes[i], q));
            }
            inv[j] = m.toMont(basis.garnerInverse(j)); // (q_0 ... q_(j-1))^-1 mod q_j
            BigInteger two64 = BigInteger.ONE.shiftLeft(64).mod(BigInteger.valueOf(q));
            long pow = 1;
            for (int l = 0; l < inputLimbs; l++) {
                limbPow[j * inputLimbs + l] = m.toMont(pow);
                pow = f.mul(pow, two64.longValue());
            }
        }
        BigInteger m = BigInteger.ONE;
        for (long q : primes) {
            m = m.multiply(BigInteger.valueOf(q));
        }
        int lm = outputLimbs();
        DeviceBuffer[] made = new DeviceBuffer[8];
        try {
            made[0] = DeviceBuffer.of(primes);
            made[1] = DeviceBuffer.of(pinvs);
            made[2] = DeviceBuffer.of(qmod);
            made[3] = DeviceBuffer.of(inv);
            made[4] = DeviceBuffer.of(one);
            made[5] = DeviceBuffer.of(limbPow.length == 0 ? new long[1] : limbPow);
            made[6] = DeviceBuffer.of(limbsOf(m, lm));
            made[7] = DeviceBuffer.of(limbsOf(m.shiftRight(1), lm));
        } catch (RuntimeException e) {
            for (DeviceBuffer b : made) {
                if (b != null) {
                    b.close();
                }
            }
            throw e;
        }
        dPrimes = made[0];
        dPinvs = made[1];
        dQmod = made[2];
        dInv = made[3];
        dOne = made[4];
        dLimbPow = made[5];
        dModulus = made[6];
        dHalf = made[7];
        project = rt.function(GpuModules.CRT, "project_limbs");
        projectSigned = rt.function(GpuModules.CRT, "project_signed_limbs");
        garner = rt.function(GpuModules.CRT, "garner_limbs");
        garnerMod = rt.function(GpuModules.CRT, "garner_mod");
        garnerModWord = rt.function(GpuModules.CRT, "garner_mod_word");
        garnerSigned = rt.function(GpuModules.CRT, "garner_signed");
        chooser = rt.launchChooser();
    }

    // The limbs of x >= 0, little-endian, count of them.
    private static long[] limbsOf(BigInteger x, int count) {
        long[] out = new long[count];
        for (int l = 0; l < count; l++) {
            out[l] = x.shiftRight(64 * l).longValue();
        }
        return out;
    }

    /** The limbs per input integer the projection constants were built for. */
    public int inputLimbs() {
        return inputLimbs;
    }

    /** Limbs enough for any integer below the product of the primes. */
    public int outputLimbs() {
        int bits = 0;
        for (long q : primes) {
            bits += 64 - Long.numberOfLeadingZeros(q);
        }
        return (bits + 63) / 64;
    }

    /**
     * res row j, element i = x_i mod q_j for the {@code count} elements of x (element-major),
     * every limb any unsigned 64-bit word ({@code project_limbs}: one Montgomery product of the
     * limb by 2^(64 l) R mod q_j &lt; q_j, exact for any 64-bit limb).
     */
    public void project(DeviceBuffer x, long count, DeviceBuffer res, long rowStride) {
        LaunchChooser.Probe launch = (n, b) -> Cuda.launch(project, "project_limbs", blocks(n, b), 1, b, 0,
                x.arg(), Pointer.to(new int[] {inputLimbs}), Pointer.to(new long[] {n}), res.arg(),
                Pointer.to(new long[] {rowStride}), dPrimes.arg(), dPinvs.arg(), dLimbPow.arg(),
                Pointer.to(new int[] {primes.length}));
        launch.launch(count, block(project, "project_limbs_l" + inputLimbs, count, launch));
    }

    /** y element i (lout limbs) = the integer below the primes' product with residues res[.][i]. */
    public void reconstruct(DeviceBuffer res, long rowStride, long count, DeviceBuffer y, int lout) {
        LaunchChooser.Probe launch = (n, b) -> Cuda.launch(garner, "garner_limbs", blocks(n, b), 1, b, 0,
                res.arg(), Pointer.to(new long[] {rowStride}), Pointer.to(new long[] {n}), y.arg(),
                Pointer.to(new int[] {lout}), dPrimes.arg(), dPinvs.arg(), dQmod.arg(), dInv.arg(),
                dOne.arg(), Pointer.to(new int[] {primes.length}));
        launch.launch(count, block(garner, "garner_limbs_o" + lout, count, launch));
    }

    /**
     * res row j, element i = v_i mod q_j for the {@code count} signed values v_i in
     * sign-magnitude form: signs[i] (a signed byte: -1, 0, 1) times the {@code limbs} limbs at
     * x[i limbs ..], limbs at most the inputLimbs of the constructor.
     */
    public void projectSigned(DeviceBuffer x, int limbs, DeviceBuffer signs, long count, DeviceBuffer res,
            long rowStride) {
        if (limbs < 1 || limbs > inputLimbs) {
            throw new IllegalArgumentException("limbs must be in [1, " + inputLimbs + "], got " + limbs);
        }
        LaunchChooser.Probe launch = (n, b) -> Cuda.launch(projectSigned, "project_signed_limbs",
                blocks(n, b), 1, b, 0, x.arg(), Pointer.to(new int[] {limbs}), signs.arg(),
                Pointer.to(new long[] {n}), res.arg(), Pointer.to(new long[] {rowStride}), dPrimes.arg(),
                dPinvs.arg(), dLimbPow.arg(), Pointer.to(new int[] {inputLimbs}),
                Pointer.to(new int[] {primes.length}));
        launch.launch(count, block(projectSigned, "project_signed_limbs_l" + limbs, count, launch));
    }

    /**
     * out element i = y_i mod p, y_i the integer below the primes' product with residues
     * res[.][i] (Garner, then Horner modulo p on the mixed-radix digits); p an odd prime below
     * 2^62.
     */
    public void reconstructMod(DeviceBuffer res, long rowStride, long count, DeviceBuffer out, long p) {
        ZpMontgomery m = ZpMontgomery.of(p);
        if (dQp == null || qpPrime != p) {
            long[] qp = new long[primes.length];
            for (int j = 0; j < qp.length; j++) {
                qp[j] = m.toMont(Long.remainderUnsigned(primes[j], p));
            }
            if (dQp != null) {
                dQp.close();
                dQp = null;
            }
            dQp = DeviceBuffer.of(qp);
            qpPrime = p;
        }
        LaunchChooser.Probe launch = (n, b) -> Cuda.launch(garnerMod, "garner_mod", blocks(n, b), 1, b, 0,
                res.arg(), Pointer.to(new long[] {rowStride}), Pointer.to(new long[] {n}), out.arg(),
                dPrimes.arg(), dPinvs.arg(), dQmod.arg(), dInv.arg(), dOne.arg(),
                Pointer.to(new int[] {primes.length}), Pointer.to(new long[] {p}),
                Pointer.to(new long[] {m.pInverse()}), dQp.arg(), Pointer.to(new long[] {m.one()}));
        launch.launch(count, block(garnerMod, "garner_mod", count, launch));
    }

    /**
     * out element i = y_i mod p for any modulus 2 &lt;= p &lt; 2^64 read as an unsigned word (odd
     * or even, prime or not), y_i the integer below the primes' product with residues res[.][i]:
     * Garner's digits, then Horner modulo p with Moeller and Granlund's 2-by-1 division by the
     * normalized p ({@code garner_mod_word}; the constants of {@link UnsignedDivider}). Canonical
     * results in [0, p). O(P^2) word products per element, as {@link #reconstructMod}, plus 3 per
     * digit for the division.
     *
     * @throws IllegalArgumentException if p is 0 or 1
     */
    public void reconstructModWord(DeviceBuffer res, long rowStride, long count, DeviceBuffer out, long p) {
        if (p == 0 || p == 1) {
            throw new IllegalArgumentException("p must be in [2, 2^64) read unsigned, got " + Long.toUnsignedString(p));
        }
        UnsignedDivider div = new UnsignedDivider(p);
        LaunchChooser.Probe launch = (n, b) -> Cuda.launch(garnerModWord, "garner_mod_word", blocks(n, b), 1, b,
                0, res.arg(), Pointer.to(new long[] {rowStride}), Pointer.to(new long[] {n}), out.arg(),
                dPrimes.arg(), dPinvs.arg(), dQmod.arg(), dInv.arg(), dOne.arg(),
                Pointer.to(new int[] {primes.length}), Pointer.to(new long[] {div.normalizedDivisor()}),
                Pointer.to(new long[] {div.reciprocal()}), Pointer.to(new int[] {div.normalizationShift()}));
        launch.launch(count, block(garnerModWord, "garner_mod_word", count, launch));
    }

    /**
     * Element i = the integer y_i in (-M/2, M/2) (M the primes' product) with residues
     * res[.][i], in sign-magnitude form: signs[i] (signed byte) and |y_i| on lout limbs at
     * mag[i lout ..] (lout at least the limbs of the largest |y_i|).
     */
    public void reconstructSigned(DeviceBuffer res, long rowStride, long count, DeviceBuffer mag, int lout,
            DeviceBuffer signs) {
        LaunchChooser.Probe launch = (n, b) -> Cuda.launch(garnerSigned, "garner_signed", blocks(n, b), 1, b,
                0, res.arg(), Pointer.to(new long[] {rowStride}), Pointer.to(new long[] {n}), mag.arg(),
                Pointer.to(new int[] {lout}), signs.arg(), dPrimes.arg(), dPinvs.arg(), dQmod.arg(),
                dInv.arg(), dOne.arg(), Pointer.to(new int[] {primes.length}), dModulus.arg(),
                dHalf.arg(), Pointer.to(new int[] {outputLimbs()}));
        launch.launch(count, block(garnerSigned, "garner_signed_o" + lout, count, launch));
    }

    private static int blocks(long count, int threads) {
        return (int) Math.max(1, (count + threads - 1) / threads);
    }

    // The block for a launch of count elements: THREADS unless -Dmodalg.gpu.launch=model (the
    // chooser's fitted choice per kernel, shape (primes, limbs) and size; every block computes the
    // same bits). The probe repeats the launch harmlessly: these kernels' outputs are disjoint
    // from their inputs.
    private int block(CUfunction f, String kernel, long count, LaunchChooser.Probe probe) {
        return chooser.block(f, kernel + "_p" + primes.length, Math.max(1, count), 1, THREADS, probe);
    }

    @Override
    public void close() {
        dPrimes.close();
        dPinvs.close();
        dQmod.close();
        dInv.close();
        dOne.close();
        dLimbPow.close();
        dModulus.close();
        dHalf.close();
        if (dQp != null) {
            dQp.close();
        }
    }
}
