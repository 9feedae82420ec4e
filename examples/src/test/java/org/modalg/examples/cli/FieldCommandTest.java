package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfPreset;

class FieldCommandTest {
    private static final long SEED = Long.getLong("modalg.test.seed", 20261122L);

    private static BigInteger run(String... args) {
        CliRunner r = CliRunner.run(args);
        assertEquals(0, r.exitCode, "exit code of " + String.join(" ", args) + ", stderr: " + r.err);
        return new BigInteger(r.out.trim());
    }

    @Test
    void operationsAgreeWithBigIntegerInEveryKindOfField() {
        Random rnd = new Random(SEED);
        String[][] fields = {{"--preset", "GF8"}, {"--preset", "SRGF16"}, {"--r", "2", "--k", "16"},
            {"--prime", "998244353"}, {"--prime", "170141183460469231731687303715884105727"}};
        for (String[] spec : fields) {
            BigInteger p = modulusOf(spec);
            for (int it = 0; it < 5; it++) {
                BigInteger a = new BigInteger(p.bitLength() + 8, rnd).mod(p);
                BigInteger b = new BigInteger(p.bitLength() + 8, rnd).mod(p);
                String sa = a.toString();
                String sb = b.toString();
                String msg = String.join(" ", spec) + " a=" + sa + " b=" + sb + " seed=" + SEED;
                assertEquals(a.add(b).mod(p), run(concat(spec, "--add", sa, sb)), msg);
                assertEquals(a.subtract(b).mod(p), run(concat(spec, "--sub", sa, sb)), msg);
                assertEquals(a.multiply(b).mod(p), run(concat(spec, "--mul", sa, sb)), msg);
                assertEquals(a.negate().mod(p), run(concat(spec, "--neg", sa)), msg);
                assertEquals(a.modPow(BigInteger.valueOf(-3), p), run(concat(spec, "--pow", sa, "-3")), msg);
                assertEquals(a.modInverse(p), run(concat(spec, "--inv", sa)), msg);
            }
        }
    }

    @Test
    void mulPowRAndRootInGeneralizedFermatField() {
        BigInteger p = GfPreset.SRGF16.field().modulus();
        BigInteger r = GfPreset.SRGF16.field().radixBig();
        for (int i = 0; i < 32; i++) {
            assertEquals(BigInteger.valueOf(5).multiply(r.pow(i)).mod(p),
                    run("field", "--preset", "SRGF16", "--mul-pow-r", "5", Integer.toString(i)), "i=" + i);
        }
        BigInteger w = run("field", "--r", "2", "--k", "16", "--root", "8");
        // p = 65537, N = 2^8, N / 2k = 8: w^8 = r = 2 and w has order exactly 256
        BigInteger f4 = BigInteger.valueOf(65537);
        assertEquals(BigInteger.TWO, w.modPow(BigInteger.valueOf(8), f4));
        assertEquals(f4.subtract(BigInteger.ONE), w.modPow(BigInteger.valueOf(128), f4));
    }

    @Test
    void parametersAndPresetList() {
        CliRunner r = CliRunner.run("field", "--preset", "GF8");
        assertEquals(0, r.exitCode);
        assertTrue(r.out.contains(GfPreset.GF8.field().modulus().toString()), r.out);
        assertTrue(r.out.contains("v2(p-1)         312"), r.out);
        CliRunner list = CliRunner.run("field", "--list");
        for (GfPreset p : GfPreset.values()) {
            assertTrue(list.out.contains(p.name()), p.name());
        }
    }

    @Test
    void badInputGivesOneClearErrorAndExitCode2() {
        assertError("must be in [0, p)", "field", "--preset", "GF8", "--mul", "-1", "2");
        assertError("name must be one of", "field", "--preset", "NOPE");
        assertError("not prime", "field", "--r", "3", "--k", "2");
        assertError("k must be a power of two", "field", "--r", "2", "--k", "3");
        assertError("p must be", "field", "--prime", "15");
        assertError("no inverse", "field", "--prime", "17", "--inv", "0");
        assertError("generalized Fermat", "field", "--prime", "17", "--mul-pow-r", "3", "1");
        assertError("at most one operation", "field", "--preset", "GF8", "--add", "1", "2", "--neg", "3");
    }

    private static void assertError(String expected, String... args) {
        CliRunner r = CliRunner.run(args);
        assertEquals(2, r.exitCode, String.join(" ", args) + " -> " + r.out + r.err);
        assertTrue(r.err.contains(expected), "stderr of " + String.join(" ", args) + " should contain '"
                + expected + "': " + r.err);
    }

    private static BigInteger modulusOf(String[] spec) {
        CliRunner r = CliRunner.run(concat(spec));
        for (String line : r.out.split("\n")) {
            if (line.startsWith("p ")) {
                return new BigInteger(line.substring(1).trim());
            }
        }
        throw new AssertionError("no p line in " + r.out);
    }

    private static String[] concat(String[] spec, String... more) {
        String[] all = new String[1 + spec.length + more.length];
        all[0] = "field";
        System.arraycopy(spec, 0, all, 1, spec.length);
        System.arraycopy(more, 0, all, 1 + spec.length, more.length);
        return all;
    }
}
