package org.modalg.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.CrtBasis;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.gpu.runtime.LaunchChooser;

/**
 * Every block the launch chooser may pick (each multiple of 32 up to 1024) gives the same bits
 * in the free-block kernels of crt.cu and ntt.cu, checked against BigInteger on random data
 * whose sizes are not multiples of the block, the seed printed.
 */
@Tag("gpu")
class LaunchBlocksTest {
    private LaunchChooser chooser;

    @BeforeEach
    void start() {
        GpuTests.assumeGpu();
        chooser = GpuRuntime.get().launchChooser();
    }

    @AfterEach
    void stop() {
        if (chooser != null) {
            chooser.force(0);
        }
    }

    private static final BigInteger R = BigInteger.ONE.shiftLeft(64);

    @Test
    void crtKernelsGiveTheSameBitsWithEveryBlock() {
        Random rnd = new Random(GpuTests.seed("crtKernelsGiveTheSameBitsWithEveryBlock"));
        GpuRuntime rt = GpuRuntime.get();
        CrtBasis basis = CrtBasis.forBits(3 * 61 - 8, 20);
        long[] q = basis.primes();
        BigInteger m = BigInteger.ONE;
        for (long p : q) {
            m = m.multiply(BigInteger.valueOf(p));
        }
        int limbs = (m.bitLength() + 63) / 64;
        int n = 3000 + rnd.nextInt(1000);
        long[] x = new long[n * limbs];
        byte[] signs = new byte[n];
        BigInteger[] v = new BigInteger[n];
        BigInteger half = m.shiftRight(1);
        for (int i = 0; i < n; i++) {
            v[i] = i == 0 ? BigInteger.ZERO : i == 1 ? m.subtract(BigInteger.ONE) : new BigInteger(m.bitLength() + 8, rnd).mod(m);
            for (int l = 0; l < limbs; l++) {
                x[i * limbs + l] = v[i].shiftRight(64 * l).longValue();
            }
            signs[i] = (byte) (v[i].signum() == 0 ? 0 : rnd.nextBoolean() ? 1 : -1);
        }
        long p = 2305843009213693951L; // 2^61 - 1, a prime, not one of the CRT primes (those are 1 mod 2^20)
        int lout = 3;
        try (GpuCrt crt = new GpuCrt(rt, q, limbs);
                DeviceBuffer dx = DeviceBuffer.of(x);
                DeviceBuffer ds = new DeviceBuffer((n + 7) / 8);
                DeviceBuffer res = new DeviceBuffer((long) q.length * n);
                DeviceBuffer y = new DeviceBuffer((long) n * Math.max(lout, crt.outputLimbs()));
                DeviceBuffer mod = new DeviceBuffer(n);
                DeviceBuffer sres = new DeviceBuffer((long) q.length * n);
                DeviceBuffer mag = new DeviceBuffer((long) n * crt.outputLimbs());
                DeviceBuffer osign = new DeviceBuffer((n + 7) / 8)) {
            ds.uploadBytes(signs, 0, 0, n);
            for (int b = 32; b <= 1024; b += 32) {
                chooser.force(b);
                crt.project(dx, n, res, n);
                long[] r = new long[q.length * n];
                res.download(0, r, 0, r.length);
                for (int j = 0; j < q.length; j++) {
                    for (int i = 0; i < n; i++) {
                        assertEquals(v[i].mod(BigInteger.valueOf(q[j])).longValue(), r[j * n + i],
                                "block " + b + ": residue of " + i + " mod prime " + j);
                    }
                }
                crt.reconstruct(res, n, n, y, lout);
                long[] back = new long[n * lout];
                y.download(0, back, 0, back.length);
                for (int i = 0; i < n; i++) {
                    long[] want = new long[lout];
                    System.arraycopy(x, i * limbs, want, 0, Math.min(limbs, lout));
                    long[] got = new long[lout];
                    System.arraycopy(back, i * lout, got, 0, lout);
                    assertArrayEquals(want, got, "block " + b + ": garner_limbs element " + i);
                }
                crt.reconstructMod(res, n, n, mod, p);
                long[] gm = new long[n];
                mod.download(0, gm, 0, n);
                for (int i = 0; i < n; i++) {
                    assertEquals(v[i].mod(BigInteger.valueOf(p)).longValue(), gm[i], "block " + b + ": garner_mod " + i);
                }
                // signed: project sign * v, reconstruct to the symmetric range
                crt.projectSigned(dx, limbs, ds, n, sres, n);
                long[] sr = new long[q.length * n];
                sres.download(0, sr, 0, sr.length);
                for (int j = 0; j < q.length; j++) {
                    for (int i = 0; i < n; i++) {
                        BigInteger s = signs[i] < 0 ? v[i].negate() : signs[i] == 0 ? BigInteger.ZERO : v[i];
                        assertEquals(s.mod(BigInteger.valueOf(q[j])).longValue(), sr[j * n + i],
                                "block " + b + ": signed residue of " + i + " mod prime " + j);
                    }
                }
                int lo = crt.outputLimbs();
                crt.reconstructSigned(sres, n, n, mag, lo, osign);
                long[] gmag = new long[n * lo];
                mag.download(0, gmag, 0, gmag.length);
                byte[] gs = new byte[n];
                osign.downloadBytes(0, gs, 0, n);
                for (int i = 0; i < n; i++) {
                    BigInteger s = signs[i] < 0 ? v[i].negate() : signs[i] == 0 ? BigInteger.ZERO : v[i];
                    BigInteger sym = s.mod(m);
                    if (sym.compareTo(half) > 0) {
                        sym = sym.subtract(m);
                    }
                    assertEquals(sym.signum(), gs[i], "block " + b + ": garner_signed sign " + i);
                    BigInteger a = sym.abs();
                    for (int l = 0; l < lo; l++) {
                        assertEquals(a.shiftRight(64 * l).longValue(), gmag[i * lo + l],
                                "block " + b + ": garner_signed limb " + l + " of " + i);
                    }
                }
            }
        }
    }

    @Test
    void nttElementwiseKernelsGiveTheSameBitsWithEveryBlock() {
        Random rnd = new Random(GpuTests.seed("nttElementwiseKernelsGiveTheSameBitsWithEveryBlock"));
        GpuRuntime rt = GpuRuntime.get();
        GpuNtt ntt = new GpuNtt(rt);
        long p = org.modalg.fields.NttPrimes.generate(1, 1L << 62, 20)[0];
        BigInteger bp = BigInteger.valueOf(p);
        BigInteger rInv = R.mod(bp).modInverse(bp);
        int log2n = 11;
        int n = 1 << log2n;
        int rows = 3;
        NttTables t = NttTables.of(p, log2n);
        long[] a = new long[rows * n];
        long[] bb = new long[rows * n];
        for (int i = 0; i < a.length; i++) {
            a[i] = Math.floorMod(rnd.nextLong(), p);
            bb[i] = Math.floorMod(rnd.nextLong(), p);
        }
        a[0] = 0;
        a[1] = p - 1;
        long c = Math.floorMod(rnd.nextLong(), p);
        try (DeviceBuffer da = DeviceBuffer.of(a);
                DeviceBuffer db = DeviceBuffer.of(bb);
                DeviceBuffer out = new DeviceBuffer(rows * n)) {
            for (int b = 32; b <= 1024; b += 32) {
                chooser.force(b);
                ntt.pointwise(out, da, db, 0, rows, t, c);
                long[] got = new long[rows * n];
                out.download(0, got, 0, got.length);
                for (int i = 0; i < got.length; i++) {
                    long want = BigInteger.valueOf(a[i]).multiply(BigInteger.valueOf(bb[i])).multiply(BigInteger.valueOf(c))
                            .multiply(rInv).multiply(rInv).mod(bp).longValue();
                    assertEquals(want, got[i], "block " + b + ": pointwise_mul " + i);
                }
                ntt.bitReverse(out, da, 0, rows, log2n);
                out.download(0, got, 0, got.length);
                for (int r = 0; r < rows; r++) {
                    for (int i = 0; i < n; i++) {
                        int rev = Integer.reverse(i) >>> (32 - log2n);
                        assertEquals(a[r * n + i], got[r * n + rev], "block " + b + ": bit_reverse row " + r + " " + i);
                    }
                }
                try (DeviceBuffer d = DeviceBuffer.of(a)) {
                    ntt.scale(d, 0, rows, t, c, null);
                    d.download(0, got, 0, got.length);
                }
                for (int i = 0; i < got.length; i++) {
                    long want = BigInteger.valueOf(a[i]).multiply(BigInteger.valueOf(c)).multiply(rInv).mod(bp).longValue();
                    assertEquals(want, got[i], "block " + b + ": scale " + i);
                }
            }
        }
    }
}
