package org.modalg.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.modular.bivariate.BivariateSubresultants;
import org.modalg.polynomial.zz.ZZPoly;
import org.modalg.polynomial.bivariate.ZZBivariate;

/** {@code modalg resultant --var V} and {@code modalg gcd --var V}: bivariate operands, the other variable's name, errors. */
class BivariateResultantCommandTest {
    static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    @Test
    void eliminatesTheNamedVariable() {
        CliRunner x = CliRunner.run("resultant", "--var", "x", "x^2 + y^2 - 25", "x*y - 12");
        assertEquals(0, x.exitCode, x.err);
        assertEquals("y^4 - 25*y^2 + 144", x.out.trim(), x.err);
        CliRunner y = CliRunner.run("resultant", "--var", "y", "x^2 + y^2 - 25", "x*y - 12");
        assertEquals("x^4 - 25*x^2 + 144", y.out.trim(), y.err);
        // Res_t(t^2 + s, t - s) = s^2 + s, in the variable the operands use
        CliRunner t = CliRunner.run("resultant", "--var", "t", "t^2 + s", "t - s");
        assertEquals("s^2 + s", t.out.trim(), t.err);
        // univariate operands with --var: a constant
        CliRunner u = CliRunner.run("resultant", "--var", "x", "x - 2", "x - 7");
        assertEquals("-5", u.out.trim(), u.err);
        // without --var the univariate command is unchanged
        CliRunner plain = CliRunner.run("resultant", "x - 2", "x - 7");
        assertEquals("-5", plain.out.trim(), plain.err);
        CliRunner v = CliRunner.run("resultant", "--var", "x", "-v", "--probabilistic", "3*x^2*y - y^3 + 7", "x - y");
        assertEquals(0, v.exitCode, v.err);
        assertTrue(v.err.contains("bivariate resultant"), v.err);
    }

    @Test
    void bivariateGcd() {
        CliRunner r = CliRunner.run("gcd", "--var", "x", "--cofactors", "x^2 - y^2", "x^3 - y^3");
        assertEquals(0, r.exitCode, r.err);
        assertEquals("x - y\nx + y\nx^2 + x*y + y^2", r.out.trim(), r.err);
        CliRunner t = CliRunner.run("gcd", "--var", "s", "2*s*t + 2*s", "t^2 - 1");
        assertEquals("t + 1", t.out.trim(), t.err);
        CliRunner plain = CliRunner.run("gcd", "2*x^2 - x - 3", "x^3 + x^2 + 5*x + 5");
        assertEquals("x + 1", plain.out.trim(), plain.err);
        CliRunner bad = CliRunner.run("gcd", "--var", "x", "x + y", "x + z");
        assertEquals(2, bad.exitCode);
        assertTrue(bad.err.startsWith("error: "), bad.err);
    }

    @Test
    void randomInputAgainstTheApi() {
        Random rnd = new Random(SEED);
        StringBuilder f = new StringBuilder();
        StringBuilder g = new StringBuilder();
        for (int i = 0; i <= 4; i++) {
            for (int j = 0; j <= 3; j++) {
                f.append(" + ").append(rnd.nextInt(1000) - 500).append("*u^").append(i).append("*v^").append(j);
                g.append(" + ").append(rnd.nextInt(1000) - 500).append("*v^").append(i).append("*u^").append(j);
            }
        }
        CliRunner r = CliRunner.run("resultant", "--var", "u", f.toString(), g.toString());
        ZZPoly expected = BivariateResultant.resultant(ZZBivariate.parse(f.toString(), "u", "v"),
                ZZBivariate.parse(g.toString(), "u", "v"));
        assertEquals(expected.toString("v"), r.out.trim(), "seed=" + SEED + " (-Dmodalg.test.seed to replay) " + r.err);
    }

    /** --subresultants, --index J, --principal against the API on random operands in u, v; the errors of the three options. */
    @Test
    void subresultants() {
        Random rnd = new Random(SEED + 1);
        StringBuilder f = new StringBuilder();
        StringBuilder g = new StringBuilder();
        for (int i = 0; i <= 3; i++) {
            for (int j = 0; j <= 2; j++) {
                f.append(" + ").append(rnd.nextInt(100) - 50).append("*u^").append(i).append("*v^").append(j);
                g.append(" + ").append(rnd.nextInt(100) - 50).append("*u^").append(j + 1).append("*v^").append(i);
            }
        }
        f.append(" + u^3");
        g.append(" + u^3");
        String where = "seed=" + SEED + " (-Dmodalg.test.seed to replay) f=" + f + " g=" + g;
        ZZBivariate a = ZZBivariate.parse(f.toString(), "u", "v");
        ZZBivariate b = ZZBivariate.parse(g.toString(), "u", "v");
        List<ZZBivariate> chain = BivariateSubresultants.chain(a, b);
        StringBuilder want = new StringBuilder();
        StringBuilder wantPsc = new StringBuilder();
        for (int j = 0; j < chain.size(); j++) {
            want.append(chain.get(j).toString("u", "v")).append('\n');
            wantPsc.append(chain.get(j).coefficientInX(j).toString("v")).append('\n');
        }
        CliRunner all = CliRunner.run("resultant", "--var", "u", "--subresultants", f.toString(), g.toString());
        assertEquals(0, all.exitCode, all.err);
        assertEquals(want.toString(), all.out, where);
        assertEquals(BivariateResultant.resultant(a, b).toString("v"), all.out.split("\n")[0], where + " S_0 = Res");
        CliRunner one = CliRunner.run("resultant", "--var", "u", "--subresultants", "--index", "2", "-v",
                f.toString(), g.toString());
        assertEquals(chain.get(2).toString("u", "v"), one.out.trim(), where + one.err);
        assertTrue(one.err.contains("bivariate subresultant"), one.err);
        CliRunner psc = CliRunner.run("resultant", "--var", "u", "--subresultants", "--principal", f.toString(),
                g.toString());
        assertEquals(wantPsc.toString(), psc.out, where + psc.err);
        // errors: one line, exit 2
        String[][] bad = {
            {"resultant", "--var", "u", "--subresultants", "--index", "3", "u^3 + v", "u^3 - v"},
            {"resultant", "--var", "u", "--subresultants", "--index", "-1", "u^3 + v", "u^3 - v"},
            {"resultant", "--var", "u", "--subresultants", "--index", "0", "u + v", "v^2"},
            {"resultant", "--var", "u", "--index", "1", "u^3 + v", "u^3 - v"},
            {"resultant", "--subresultants", "x^3 + 1", "x^2"},
            {"resultant", "--var", "u", "--subresultants", "--index", "1", "--principal", "u^3 + v", "u^3 - v"},
            {"resultant", "--var", "u", "--subresultants", "--probabilistic", "u^3 + v", "u^3 - v"},
        };
        String[] says = {"--index must be in [0, 2]", "--index must be in [0, 2]", "no subresultant in u",
            "--index needs --subresultants", "--subresultants needs --var", "exclude each other",
            "--probabilistic is not available with --subresultants"};
        for (int t = 0; t < bad.length; t++) {
            CliRunner r = CliRunner.run(bad[t]);
            assertEquals(2, r.exitCode, String.join(" ", bad[t]) + ": " + r.err);
            assertTrue(r.err.startsWith("error: ") && r.err.contains(says[t]), r.err);
            assertEquals(1, r.err.trim().split("\n").length, r.err);
            assertEquals("", r.out, r.out);
        }
    }

    @Test
    void badInputGivesOneErrorLine() {
        // the checks gcd and resultant share (BivariateOperands.read), for both commands
        for (String command : new String[] {"resultant", "gcd"}) {
            CliRunner three = CliRunner.run(command, "--var", "x", "x + y", "x + z");
            assertEquals(2, three.exitCode, command);
            assertTrue(three.err.startsWith("error: ") && three.err.contains("[y, z] besides x"), three.err);
            assertEquals(1, three.err.trim().split("\n").length, three.err);
            CliRunner parse = CliRunner.run(command, "--var", "x", "x^2*y +", "x");
            assertEquals(2, parse.exitCode, command);
            assertTrue(parse.err.contains("F: line 1, column 8"), parse.err);
            CliRunner flint = CliRunner.run(command, "--var", "x", "--flint", "2  1 1", "2  1 1");
            assertEquals(2, flint.exitCode, command);
            assertTrue(flint.err.contains("--flint reads univariate operands only"), flint.err);
            CliRunner name = CliRunner.run(command, "--var", "1x", "x", "x");
            assertEquals(2, name.exitCode, command);
            assertTrue(name.err.contains("--var must be a variable name"), name.err);
            CliRunner big = CliRunner.run(command, "--var", "x", "--route", "bigprime", "x + y", "x - y");
            assertEquals(2, big.exitCode, command);
            assertTrue(big.err.contains("bigprime is not available with --var (bivariate " + command + "s take"),
                    big.err);
        }
    }
}
