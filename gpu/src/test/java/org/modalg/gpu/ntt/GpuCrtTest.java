package org.modalg.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CrtBasis;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;

/** Projection and Garner reconstruction on the device against BigInteger and the CPU's CrtBasis. */
@Tag("gpu")
class GpuCrtTest {
    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
    }

    @Test
    void projectionAndReconstructionMatchBigIntegerForManyPrimeCounts() {
        Random rnd = new Random(GpuTests.seed("projectionAndReconstructionMatchBigIntegerForManyPrimeCounts"));
        GpuRuntime rt = GpuRuntime.get();
        for (int primes : new int[] {1, 2, 3, 9, 17, 33}) {
            CrtBasis basis = CrtBasis.forBits(61 * primes - 8, 20);
            long[] q = basis.primes();
            BigInteger m = BigInteger.ONE;
            for (long p : q) {
                m = m.multiply(BigInteger.valueOf(p));
            }
            int limbs = (m.bitLength() + 63) / 64;
            int n = 1000;
            long[] x = new long[n * limbs];
            BigInteger[] values = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                BigInteger v = i == 0 ? BigInteger.ZERO : i == 1 ? m.subtract(BigInteger.ONE)
                        : new BigInteger(m.bitLength() + 8, rnd).mod(m);
                values[i] = v;
                for (int l = 0; l < limbs; l++) {
                    x[i * limbs + l] = v.shiftRight(64 * l).longValue();
                }
            }
            try (GpuCrt crt = new GpuCrt(rt, q, limbs);
                    DeviceBuffer dx = DeviceBuffer.of(x);
                    DeviceBuffer res = new DeviceBuffer((long) q.length * n);
                    DeviceBuffer y = new DeviceBuffer((long) n * crt.outputLimbs())) {
                crt.project(dx, n, res, n);
                long[] r = new long[q.length * n];
                res.download(0, r, 0, r.length);
                for (int j = 0; j < q.length; j++) {
                    for (int i = 0; i < n; i++) {
                        assertEquals(values[i].mod(BigInteger.valueOf(q[j])).longValue(), r[j * n + i],
                                "residue of element " + i + " modulo prime " + j + " of " + q.length);
                    }
                }
                int lout = crt.outputLimbs();
                crt.reconstruct(res, n, n, y, lout);
                long[] back = new long[n * lout];
                y.download(0, back, 0, back.length);
                long[] expected = new long[n * lout];
                for (int i = 0; i < n; i++) {
                    System.arraycopy(x, i * limbs, expected, i * lout, Math.min(limbs, lout));
                }
                assertArrayEquals(expected, back, q.length + " primes");
            }
        }
    }
}
