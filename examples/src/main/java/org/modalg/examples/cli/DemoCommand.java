package org.modalg.examples.cli;

import java.math.BigInteger;
import java.util.Random;
import java.util.concurrent.Callable;
import org.modalg.examples.bench.BenchTable;
import org.modalg.examples.bench.FftBenchmark;
import org.modalg.examples.bench.FieldsBenchmark;
import org.modalg.polynomial.IntegerMultiplication;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import picocli.CommandLine.Command;

/**
 * {@code modalg demo}: a short tour that runs in well under a minute on two cores. Every
 * result shown is checked against BigInteger; the command exits non-zero if one is wrong.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "A short tour of modalg; every result is checked against BigInteger.")
public final class DemoCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        System.out.println("modalg demo (" + BenchTable.machine() + "; CPU: no GPU engine is installed)");
        System.out.println();
        GfField f = GfPreset.SRGF8.field();
        System.out.println("The thesis prime P3 = (2^63 + 2^34)^8 + 1 as preset " + f);
        Random rnd = new Random(2026);
        BigInteger p = f.modulus();
        BigInteger a = new BigInteger(p.bitLength() - 1, rnd);
        BigInteger b = new BigInteger(p.bitLength() - 1, rnd);
        long[] x = f.element(a);
        long[] y = f.element(b);
        long[] z = new long[f.k()];
        f.mul(x, 0, y, 0, z, 0);
        check("a * b mod p", f.toBigInteger(z, 0), a.multiply(b).mod(p));
        f.mulPowR(x, 0, 3, z, 0);
        check("a * r^3 by cyclic shift", f.toBigInteger(z, 0), a.multiply(f.radixBig().pow(3)).mod(p));
        long[] w = f.rootOfUnity(16);
        BigInteger wb = f.toBigInteger(w, 0);
        check("w^(2^16 / 16) = r for the 2^16-th root w", wb.modPow(BigInteger.valueOf(1 << 12), p), f.radixBig());
        System.out.println();
        System.out.println("Multiplication in Z/pZ, p = r^k + 1 (thesis Table 3.2 shape, 20000 products each):");
        BenchTable t = FieldsBenchmark.run(java.util.List.of(GfPreset.GF8, GfPreset.GF16, GfPreset.GF32),
                20_000, 1, 1);
        t.print(System.out);
        System.out.println();
        int threads = Runtime.getRuntime().availableProcessors();
        System.out.println("Big-prime FFT vs projection + small-prime NTTs + CRT, P3 and P4, N = K^2 and K^3"
                + " (thesis Table 2.2 shape, ms):");
        FftBenchmark.bigPrimeVsCrt(java.util.List.of(GfPreset.SRGF8, GfPreset.SRGF16), 3, 1L << 24, threads, 1, 2)
                .print(System.out);
        System.out.println();
        BigInteger u = new BigInteger(1_000_000, rnd);
        BigInteger v = new BigInteger(1_000_000, rnd);
        for (int warm = 0; warm < 3; warm++) { // let the JIT compile both routes before timing
            IntegerMultiplication.multiply(u, v);
            u.multiply(v);
        }
        long t0 = System.nanoTime();
        BigInteger uv = IntegerMultiplication.multiply(u, v);
        long t1 = System.nanoTime();
        BigInteger check = u.multiply(v);
        long t2 = System.nanoTime();
        check(String.format("10^6-bit integer product: modalg %.1f ms, BigInteger %.1f ms, equal",
                (t1 - t0) / 1e6, (t2 - t1) / 1e6), uv, check);
        System.out.println();
        System.out.println("All results checked against BigInteger.");
        return 0;
    }

    private static void check(String what, BigInteger got, BigInteger want) {
        if (!got.equals(want)) {
            throw new IllegalStateException(what + ": got " + got + ", expected " + want);
        }
        System.out.println("  " + what + ": ok");
    }
}
