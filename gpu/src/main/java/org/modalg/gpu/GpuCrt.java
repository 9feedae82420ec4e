package org.modalg.gpu;

import java.math.BigInteger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.fields.ZpField;
import org.modalg.fields.ZpMontgomery;

/**
 * Projection of 64-bit-limb integers onto word-size primes and Garner's reconstruction back to
 * limbs, on the device (the kernels of {@code crt.cu}), for a fixed list of primes. The
 * constants (Montgomery forms of q_i mod q_j, the Garner inverses, 2^(64 l) mod q_j) are built
 * on the host once and uploaded. Per element: O(P L) multiplications to project, O(P^2) to
 * reconstruct.
 */
final class GpuCrt implements AutoCloseable {
    private static final int THREADS = 256;
    /** The kernel's register array of mixed-radix digits. */
    static final int MAX_PRIMES = 40;

    final long[] primes;
    private final int inputLimbs;
    private final DeviceBuffer dPrimes;
    private final DeviceBuffer dPinvs;
    private final DeviceBuffer dQmod;
    private final DeviceBuffer dInv;
    private final DeviceBuffer dOne;
    private final DeviceBuffer dLimbPow;
    private final CUfunction project;
    private final CUfunction garner;

    /**
     * Constants for the primes (distinct, each &lt; 2^62) and inputs of {@code inputLimbs} limbs.
     */
    GpuCrt(GpuRuntime rt, long[] primes, int inputLimbs) {
        int np = primes.length;
        if (np < 1 || np > MAX_PRIMES) {
            throw new IllegalArgumentException("number of primes must be in [1, " + MAX_PRIMES + "], got " + np);
        }
        this.primes = primes.clone();
        this.inputLimbs = inputLimbs;
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
            long prefix = 1;
            for (int i = 0; i < np; i++) {
                long qi = Long.remainderUnsigned(primes[i], q);
                qmod[j * np + i] = m.toMont(qi);
                if (i < j) {
                    prefix = f.mul(prefix, qi);
                }
            }
            inv[j] = m.toMont(f.inv(prefix));
            BigInteger two64 = BigInteger.ONE.shiftLeft(64).mod(BigInteger.valueOf(q));
            long pow = 1;
            for (int l = 0; l < inputLimbs; l++) {
                limbPow[j * inputLimbs + l] = m.toMont(pow);
                pow = f.mul(pow, two64.longValue());
            }
        }
        DeviceBuffer[] made = new DeviceBuffer[6];
        try {
            made[0] = DeviceBuffer.of(primes);
            made[1] = DeviceBuffer.of(pinvs);
            made[2] = DeviceBuffer.of(qmod);
            made[3] = DeviceBuffer.of(inv);
            made[4] = DeviceBuffer.of(one);
            made[5] = DeviceBuffer.of(limbPow.length == 0 ? new long[1] : limbPow);
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
        project = rt.function(GpuKernels.CRT, "project_limbs");
        garner = rt.function(GpuKernels.CRT, "garner_limbs");
    }

    /** Limbs enough for any integer below the product of the primes. */
    int outputLimbs() {
        int bits = 0;
        for (long q : primes) {
            bits += 64 - Long.numberOfLeadingZeros(q);
        }
        return (bits + 63) / 64;
    }

    /** res row j, element i = x_i mod q_j for the {@code count} elements of x (element-major). */
    void project(DeviceBuffer x, long count, DeviceBuffer res, long rowStride) {
        Cuda.launch(project, "project_limbs", blocks(count), 1, THREADS, 0, x.arg(),
                Pointer.to(new int[] {inputLimbs}), Pointer.to(new long[] {count}), res.arg(),
                Pointer.to(new long[] {rowStride}), dPrimes.arg(), dPinvs.arg(), dLimbPow.arg(),
                Pointer.to(new int[] {primes.length}));
    }

    /** y element i (lout limbs) = the integer below the primes' product with residues res[.][i]. */
    void reconstruct(DeviceBuffer res, long rowStride, long count, DeviceBuffer y, int lout) {
        Cuda.launch(garner, "garner_limbs", blocks(count), 1, THREADS, 0, res.arg(),
                Pointer.to(new long[] {rowStride}), Pointer.to(new long[] {count}), y.arg(),
                Pointer.to(new int[] {lout}), dPrimes.arg(), dPinvs.arg(), dQmod.arg(), dInv.arg(),
                dOne.arg(), Pointer.to(new int[] {primes.length}));
    }

    private static int blocks(long count) {
        return (int) Math.max(1, (count + THREADS - 1) / THREADS);
    }

    @Override
    public void close() {
        dPrimes.close();
        dPinvs.close();
        dQmod.close();
        dInv.close();
        dOne.close();
        dLimbPow.close();
    }
}
