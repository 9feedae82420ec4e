package org.modalg.polynomial.zp;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fields.ZpField;

/**
 * Not a test: times Z/pZ[x] products on the inputs of {@code ../shared/anchors/flint3_bench}'s
 * {@code nmod} rows (the same generator, seeds and labels, so the checksums can be compared
 * with FLINT's), after a JIT warm-up on 2^14 products
 * (at least 20 and 3 s, -DwarmMillis): best of 10 (first run up to 100 ms) or 3
 * after a first run (-Dreps=N: N), one run when the first exceeds 5 s (as FLINT does).
 * Run: java -cp ... org.modalg.polynomial.zp.ZpMulProfile p threads log2len... where p is a prime
 * below 2^64 (unsigned decimal) or "flint" for nextprime(2^62).
 */
public final class ZpMulProfile {
    private static final boolean FULL_WORD = Boolean.getBoolean("fullword");
    private static long rs;

    private static long rnd() {
        long z = (rs += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static void seedFrom(String s) {
        long h = 1469598103934665603L;
        for (byte b : s.getBytes(StandardCharsets.US_ASCII)) {
            h ^= b & 0xFF;
            h *= 1099511628211L;
        }
        rs = h;
    }

    // flint3_bench's rand_mod: uniform in [0, p) for p < 2^63
    private static long randMod(long p) {
        for (;;) {
            long x = rnd() >>> 1;
            if (Long.compareUnsigned(x, p) < 0) {
                return x;
            }
        }
    }

    private static long[] randPoly(int len, long p) {
        long[] f = new long[len];
        for (int i = 0; i < len; i++) {
            f[i] = randMod(p);
        }
        while (f[len - 1] == 0) {
            f[len - 1] = randMod(p);
        }
        return f;
    }

    private static final long CP = 2305843009213693951L;

    private static long mulm(long a, long b) {
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(BigInteger.valueOf(CP)).longValue();
    }

    static long checksum(long[] c) {
        long h = c.length % CP;
        for (long v : c) {
            h = (mulm(h, 1000003) + Long.remainderUnsigned(v, CP)) % CP;
        }
        return h;
    }

    public static void main(String[] args) {
        long p = args[0].equals("flint") ? BigInteger.ONE.shiftLeft(62).nextProbablePrime().longValue()
                : Long.parseUnsignedLong(args[0]);
        int threads = Integer.parseInt(args[1]);
        Options opt = Options.defaults().withThreads(threads).withBackend(Backend.CPU);
        { // warm the JIT on a 2^14 product before timing (FLINT is compiled ahead of time)
            int len = 1 << 14;
            seedFrom("warm-up");
            long[] a = randPoly(len, p);
            long[] b = randPoly(len, p);
            long[][] out = new long[1][];
            Runnable run = mul(p, a, b, opt, out);
            long until = System.nanoTime() + Long.getLong("warmMillis", 3000) * 1_000_000L;
            for (int r = 0; r < 20 || System.nanoTime() < until; r++) {
                run.run();
            }
        }
        for (int k = 2; k < args.length; k++) {
            int len = 1 << Integer.parseInt(args[k]);
            String label = "nmod_poly_mul len " + len + ", 62-bit p";
            seedFrom(label);
            long[] a = randPoly(len, p);
            long[] b = randPoly(len, p);
            long[][] out = new long[1][];
            Runnable run = mul(p, a, b, opt, out);
            long t0 = System.nanoTime();
            run.run();
            double first = (System.nanoTime() - t0) / 1e6;
            double best = first;
            int runs = 1;
            if (first <= 5000) {
                runs = Integer.getInteger("reps", first <= 100 ? 10 : 3);
                for (int r = 0; r < runs; r++) {
                    long t = System.nanoTime();
                    run.run();
                    best = Math.min(best, (System.nanoTime() - t) / 1e6);
                }
            }
            System.out.printf("modalg Z/pZ[x] len %d, p=%s, threads=%d %12.4f ms  runs=%d first=%.1fms  outlen=%d ck=%d%n",
                    len, Long.toUnsignedString(p), threads, best, runs, first, out[0].length,
                    checksum(out[0]));
        }
    }

    private static Runnable mul(long p, long[] a, long[] b, Options opt, long[][] out) {
        if (Long.compareUnsigned(p, ZpField.MAX_MODULUS_EXCLUSIVE) < 0 && !FULL_WORD) {
            ZpField f = ZpField.of(p);
            ZpPoly fa = ZpPoly.of(f, a);
            ZpPoly fb = ZpPoly.of(f, b);
            return () -> out[0] = fa.multiply(fb, opt).coefficients();
        }
        return () -> out[0] = ZpPoly.multiplyFullWord(p, a, b, opt);
    }
}
