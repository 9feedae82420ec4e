package org.modalg.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    private static BigInteger unsigned(long x) {
        return new BigInteger(Long.toUnsignedString(x));
    }

    /**
     * The moduli of garner_mod_word: p = 2, small even and odd ones, both sides of 2^32, 2^62,
     * 2^63 and up to 2^64 - 1 (primes, composites, powers of two), and a random one of each band.
     */
    static long[] wordModuli(Random rnd) {
        long[] fixed = {2, 3, 4, 6, 1000, 65537, 1L << 32, (1L << 32) + 1, (1L << 62) - 57, (1L << 62) - 1,
            1L << 62, (1L << 62) + 135, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 29, -59L, -2L, -1L};
        long[] out = java.util.Arrays.copyOf(fixed, fixed.length + 8);
        int at = fixed.length;
        for (int bits : new int[] {8, 31, 32, 50, 62, 63, 64, 64}) {
            long p = (rnd.nextLong() >>> (64 - bits)) | (1L << (bits - 1));
            out[at++] = Long.compareUnsigned(p, 2) < 0 ? 2 : p;
        }
        return out;
    }

    @Test
    void garnerModuloAnyWordMatchesBigInteger() {
        // garner_mod_word: y mod p for y below the three primes' product, for p of every size,
        // odd or even; y random, and the edges 0, 1, M - 1, M - p, multiples of p and their
        // neighbours
        Random rnd = new Random(GpuTests.seed("garnerModuloAnyWordMatchesBigInteger"));
        long[] q = org.modalg.fields.NttPrimes.generate(3, 1L << 62, 30);
        BigInteger m = BigInteger.ONE;
        for (long p : q) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        int n = 4000;
        try (GpuCrt crt = new GpuCrt(GpuRuntime.get(), q, 1);
                DeviceBuffer res = new DeviceBuffer(3L * n);
                DeviceBuffer out = new DeviceBuffer(n)) {
            for (long p : wordModuli(rnd)) {
                BigInteger bp = unsigned(p);
                BigInteger[] y = new BigInteger[n];
                for (int i = 0; i < n; i++) {
                    switch (i) {
                        case 0: y[i] = BigInteger.ZERO; break;
                        case 1: y[i] = BigInteger.ONE; break;
                        case 2: y[i] = m.subtract(BigInteger.ONE); break;
                        case 3: y[i] = m.subtract(bp); break;
                        case 4: y[i] = bp.subtract(BigInteger.ONE); break;
                        case 5: y[i] = bp; break;
                        default:
                            y[i] = i < 40 ? m.divide(bp).subtract(BigInteger.valueOf(rnd.nextInt(1000))).multiply(bp)
                                    .add(BigInteger.valueOf(i % 3 - 1)).mod(m) // multiples of p and neighbours
                                    : new BigInteger(m.bitLength() + 8, rnd).mod(m);
                    }
                }
                long[] r = new long[3 * n];
                for (int j = 0; j < 3; j++) {
                    BigInteger bq = BigInteger.valueOf(q[j]);
                    for (int i = 0; i < n; i++) {
                        r[j * n + i] = y[i].mod(bq).longValue();
                    }
                }
                res.upload(r, 0, 0, r.length);
                crt.reconstructModWord(res, n, n, out, p);
                long[] got = new long[n];
                out.download(0, got, 0, n);
                for (int i = 0; i < n; i++) {
                    assertEquals(y[i].mod(bp).longValue(), got[i],
                            "p = " + Long.toUnsignedString(p) + ", y = " + y[i] + " (element " + i + ")");
                }
            }
            assertThrows(IllegalArgumentException.class, () -> crt.reconstructModWord(res, n, n, out, 1));
            assertThrows(IllegalArgumentException.class, () -> crt.reconstructModWord(res, n, n, out, 0));
        }
    }

    @Test
    void projectionTakesEveryUnsignedWord() {
        // one limb per value, values up to 2^64 - 1 (the full-word Z/pZ route's coefficients)
        Random rnd = new Random(GpuTests.seed("projectionTakesEveryUnsignedWord"));
        long[] q = org.modalg.fields.NttPrimes.generate(3, 1L << 62, 30);
        int n = 5000;
        long[] x = new long[n];
        long[] edges = {0, 1, -1L, -2L, Long.MIN_VALUE, Long.MAX_VALUE, q[0], q[0] - 1, -q[1], 3 * q[2]};
        for (int i = 0; i < n; i++) {
            x[i] = i < edges.length ? edges[i] : rnd.nextLong();
        }
        try (GpuCrt crt = new GpuCrt(GpuRuntime.get(), q, 1);
                DeviceBuffer dx = DeviceBuffer.of(x);
                DeviceBuffer res = new DeviceBuffer(3L * n)) {
            crt.project(dx, n, res, n);
            long[] r = new long[3 * n];
            res.download(0, r, 0, r.length);
            for (int j = 0; j < 3; j++) {
                for (int i = 0; i < n; i++) {
                    assertEquals(unsigned(x[i]).mod(BigInteger.valueOf(q[j])).longValue(), r[j * n + i],
                            "x = " + Long.toUnsignedString(x[i]) + " mod prime " + j);
                }
            }
        }
    }
}
