package org.modalg.examples.cli;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.Callable;
import org.modalg.examples.cli.io.CommonOptions;
import org.modalg.examples.cli.io.Invocation;
import org.modalg.fields.BigIntegerField;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.PrimeField;
import org.modalg.fields.ZpField;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code modalg field}: prints a prime field's parameters and evaluates one operation in it.
 * Elements are decimal integers in [0, p).
 */
@Command(name = "field", mixinStandardHelpOptions = true,
        description = {"Print a prime field's parameters, or evaluate one operation in it.",
                "Fields: a generalized Fermat preset (--preset), r^k + 1 (--r/--k), or any prime (--prime).",
                "Elements are decimal integers in [0, p): inline, - (standard input) or file:PATH.",
                "The operations run on one thread (--threads is accepted for uniformity)."},
        footer = {"", "Examples:",
                "  modalg field --list",
                "  modalg field --preset GF8 --mul 123456789 987654321",
                "  modalg field --preset SRGF16 --mul-pow-r 5 3",
                "  modalg field --r 2 --k 16 --root 8",
                "  modalg field --prime 998244353 --inv 3"})
public final class FieldCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    static final class Which {
        @Option(names = "--preset", paramLabel = "NAME",
                description = "Generalized Fermat preset: SRGF2..SRGF128 ([Thesis] Table 2.1) or GF4..GF128 (Table 3.1).")
        String preset;

        @ArgGroup(exclusive = false)
        RadixAndK rk;

        @Option(names = "--prime", paramLabel = "P", description = "Any prime p (word-size below 2^62, BigInteger above).")
        BigInteger prime;
    }

    static final class RadixAndK {
        @Option(names = "--r", required = true, paramLabel = "R", description = "Radix r in [2, 2^64) for p = r^k + 1.")
        BigInteger r;

        @Option(names = "--k", required = true, paramLabel = "K", description = "Digit count k, a power of two.")
        int k;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Which which;

    @Option(names = "--list", description = "List the generalized Fermat presets.")
    boolean list;

    @Option(names = "--add", arity = "2", paramLabel = "A B", hideParamSyntax = true, description = "a + b")
    List<String> add;

    @Option(names = "--sub", arity = "2", paramLabel = "A B", hideParamSyntax = true, description = "a - b")
    List<String> sub;

    @Option(names = "--mul", arity = "2", paramLabel = "A B", hideParamSyntax = true, description = "a * b")
    List<String> mul;

    @Option(names = "--pow", arity = "2", paramLabel = "A E", hideParamSyntax = true, description = "a ^ e (e any integer)")
    List<String> pow;

    @Option(names = "--neg", paramLabel = "A", description = "-a")
    String neg;

    @Option(names = "--inv", paramLabel = "A", description = "1 / a")
    String inv;

    @Option(names = "--mul-pow-r", arity = "2", paramLabel = "A I", hideParamSyntax = true,
            description = "a * r^i by cyclic shift (generalized Fermat fields only)")
    List<String> mulPowR;

    @Option(names = "--root", paramLabel = "LOG2N",
            description = "Primitive 2^LOG2N-th root of unity w with w^(N/2k) = r (generalized Fermat fields only)")
    Integer root;

    @Option(names = "--digits", paramLabel = "A", description = "Radix-r digits of a, least significant first (generalized Fermat fields only)")
    String digits;

    @Mixin
    CommonOptions common = new CommonOptions();

    private Invocation run;

    @Override
    public Integer call() {
        try (Invocation r = new Invocation("field", common, spec)) {
            run = r;
            r.report("threads", 1);
            long t0 = System.nanoTime();
            r.result("result", compute());
            r.time("field", t0);
            return r.finish();
        }
    }

    private Object compute() {
        if (list) {
            StringBuilder s = new StringBuilder();
            s.append(String.format("%-8s %4s  %-22s %6s %8s", "name", "k", "r", "bits", "v2(p-1)"));
            for (GfPreset p : GfPreset.values()) {
                s.append(String.format("%n%-8s %4d  %-22s %6d %8d", p.name(), p.k(), p.radixFormula(),
                        p.field().modulus().bitLength(), p.twoAdicOrder()));
            }
            return s.toString().replace("\r\n", "\n");
        }
        if (which == null) {
            throw new ParameterException(spec.commandLine(), "Give a field: --preset NAME, --r R --k K, or --prime P (or --list)");
        }
        PrimeField field = buildField();
        int ops = count(add) + count(sub) + count(mul) + count(pow) + count(mulPowR)
                + (neg != null ? 1 : 0) + (inv != null ? 1 : 0) + (root != null ? 1 : 0) + (digits != null ? 1 : 0);
        if (ops > 1) {
            throw new ParameterException(spec.commandLine(), "Give at most one operation per call");
        }
        if (ops == 0) {
            return describe(field);
        }
        return evaluate(field);
    }

    private static int count(List<?> l) {
        return l == null ? 0 : 1;
    }

    private PrimeField buildField() {
        try {
            if (which.preset != null) {
                return GfPreset.byName(which.preset).field();
            }
            if (which.rk != null) {
                return GfField.of(which.rk.r, which.rk.k);
            }
            BigInteger p = which.prime;
            if (p.signum() > 0 && p.bitLength() <= 62) {
                return ZpField.of(p.longValueExact());
            }
            return BigIntegerField.of(p);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private String describe(PrimeField f) {
        StringBuilder out = new StringBuilder();
        BigInteger p = f.modulus();
        line(out, "field           " + f.name());
        line(out, "p               " + p);
        line(out, "bits            " + p.bitLength());
        line(out, "v2(p-1)         " + p.subtract(BigInteger.ONE).getLowestSetBit());
        line(out, "words/element   " + f.wordsPerElement());
        if (f instanceof GfField) {
            GfField g = (GfField) f;
            line(out, "form            r^k + 1 (generalized Fermat)");
            line(out, "r               " + g.radixBig());
            line(out, "k               " + g.k());
            line(out, "multiplication  " + (g.arithmetic().usesFft() ? "FFT-based" : "plain")
                    + " (FFT-based from k = " + g.fftThreshold() + ", with "
                    + g.arithmetic().fftPrimeCount() + " word-size primes)");
        } else if (f instanceof ZpField) {
            line(out, "form            word-size prime (Z/pZ on one long)");
        } else {
            line(out, "form            any prime (BigInteger arithmetic)");
        }
        return out.toString().trim();
    }

    private static void line(StringBuilder out, String s) {
        out.append(s).append('\n');
    }

    private Object evaluate(PrimeField f) {
        int w = f.wordsPerElement();
        long[] a = new long[w];
        long[] b = new long[w];
        long[] c = new long[w];
        try {
            if (add != null) {
                load(f, add.get(0), "A", a);
                load(f, add.get(1), "B", b);
                f.add(a, 0, b, 0, c, 0);
            } else if (sub != null) {
                load(f, sub.get(0), "A", a);
                load(f, sub.get(1), "B", b);
                f.sub(a, 0, b, 0, c, 0);
            } else if (mul != null) {
                load(f, mul.get(0), "A", a);
                load(f, mul.get(1), "B", b);
                f.mul(a, 0, b, 0, c, 0);
            } else if (pow != null) {
                load(f, pow.get(0), "A", a);
                f.pow(a, 0, exponent(pow.get(1), "E"), c, 0);
            } else if (neg != null) {
                load(f, neg, "A", a);
                f.neg(a, 0, c, 0);
            } else if (inv != null) {
                load(f, inv, "A", a);
                f.inv(a, 0, c, 0);
            } else {
                GfField g = requireGf(f);
                if (mulPowR != null) {
                    load(f, mulPowR.get(0), "A", a);
                    g.mulPowR(a, 0, exponent(mulPowR.get(1), "I").intValueExact(), c, 0);
                } else if (root != null) {
                    c = g.rootOfUnity(root);
                } else {
                    load(f, digits, "A", a);
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < g.k(); i++) {
                        sb.append(i == 0 ? "" : " ").append(Long.toUnsignedString(a[i]));
                    }
                    return sb.toString();
                }
            }
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        return f.toBigInteger(c, 0);
    }

    private GfField requireGf(PrimeField f) {
        if (!(f instanceof GfField)) {
            throw new ParameterException(spec.commandLine(),
                    "--mul-pow-r, --root and --digits need a generalized Fermat field (--preset or --r/--k)");
        }
        return (GfField) f;
    }

    private BigInteger exponent(String arg, String param) {
        return run.integer(arg, param);
    }

    private void load(PrimeField f, String arg, String param, long[] dst) {
        BigInteger v = run.integer(arg, param);
        if (v.signum() < 0 || v.compareTo(f.modulus()) >= 0) {
            throw new ParameterException(spec.commandLine(),
                    param + " must be in [0, p) with p = " + abbreviate(f.modulus()) + ", got " + v);
        }
        f.fromBigInteger(v, dst, 0);
    }

    static String abbreviate(BigInteger p) {
        String s = p.toString();
        return s.length() <= 40 ? s : s.substring(0, 12) + "..." + s.substring(s.length() - 12) + " (" + p.bitLength() + " bits)";
    }
}
