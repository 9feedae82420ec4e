package org.modalg.examples.cli.io;

import java.util.Set;
import java.util.TreeSet;
import org.modalg.fft.Route;
import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * Bivariate operands of {@code modalg resultant --var V} and {@code modalg gcd --var V}: the
 * human form in V and one other variable, whose name is read from the operands (the only
 * identifier other than V in F and G).
 *
 * @param f F in V (as x) and the other variable (as y)
 * @param g G likewise
 * @param other the other variable's name
 */
public record BivariateOperands(ZZBivariate f, ZZBivariate g, String other) {

    /**
     * F and G of a command run with {@code --var var}, after the checks the bivariate commands
     * share: no {@code --flint} (univariate only), no {@code --route bigprime} (bivariate images
     * take word-size primes), var an identifier. {@code what} names the operation in the messages
     * ("gcds", "resultants").
     *
     * @throws IllegalArgumentException naming the option that cannot be used, or an input's
     *     error (line and column) when F or G does not parse
     */
    public static BivariateOperands read(Invocation run, String what, String var, boolean flint, Route route,
            String f, String g) {
        if (flint) {
            throw new IllegalArgumentException("--flint reads univariate operands only; with --var give F and G in"
                    + " the human form (3*x^2*y - y^3 + 7)");
        }
        if (route == Route.BIG_PRIME) {
            throw new IllegalArgumentException("--route bigprime is not available with --var (bivariate " + what
                    + " take word-size primes); use crt or auto");
        }
        if (!var.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("--var must be a variable name ([A-Za-z_][A-Za-z0-9_]*), got '" + var
                    + "'");
        }
        Input inF = run.input(f, "F");
        Input inG = run.input(g, "G");
        String other = otherVariable(var, inF, inG);
        return new BivariateOperands(parse(inF, var, other), parse(inG, var, other), other);
    }

    /**
     * The name of the variable other than {@code eliminated} in the texts: the only other
     * identifier that occurs; {@code y} (or {@code x} when V is y) when none does.
     *
     * @throws IllegalArgumentException naming the inputs' identifiers when there are more than two
     */
    static String otherVariable(String eliminated, Input... inputs) {
        Set<String> names = new TreeSet<>();
        for (Input in : inputs) {
            String s = in.text;
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isLetter(c) || c == '_') {
                    int from = i;
                    while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                        i++;
                    }
                    String name = s.substring(from, i);
                    if (!name.equals(eliminated)) {
                        names.add(name);
                    }
                } else if (c >= '0' && c <= '9') {
                    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                        i++; // digits, then a juxtaposed variable (3x) starts a name
                    }
                } else {
                    i++;
                }
            }
        }
        if (names.size() > 1) {
            throw new IllegalArgumentException("--var " + eliminated + " eliminates one variable of two, but F and G"
                    + " use " + names + " besides " + eliminated + " (bivariate input takes two variables)");
        }
        if (names.isEmpty()) {
            return eliminated.equals("y") ? "x" : "y";
        }
        return names.iterator().next();
    }

    /** The polynomial of the input in the eliminated variable (as x) and the other one (as y). */
    static ZZBivariate parse(Input in, String eliminated, String other) {
        try {
            return ZZBivariate.parse(in.text, eliminated, other);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }
}
