package org.modalg.modular.poly;

import org.modalg.polynomial.zz.ZZPoly;

/**
 * The greatest common divisor h of two integer polynomials f and g, with the cofactors f / h
 * and g / h. The gcd has a positive leading coefficient (it is unique then); for f = g = 0 the
 * gcd and both cofactors are zero, and when only f is zero its cofactor is zero and g's is ±1.
 * Immutable.
 */
public final class GcdResult {
    private final ZZPoly gcd;
    private final ZZPoly cofactorF;
    private final ZZPoly cofactorG;

    GcdResult(ZZPoly gcd, ZZPoly cofactorF, ZZPoly cofactorG) {
        this.gcd = gcd;
        this.cofactorF = cofactorF;
        this.cofactorG = cofactorG;
    }

    /** gcd(f, g), with a positive leading coefficient (zero when f = g = 0). */
    public ZZPoly gcd() {
        return gcd;
    }

    /** f / gcd(f, g) (zero when f is zero). */
    public ZZPoly cofactorF() {
        return cofactorF;
    }

    /** g / gcd(f, g) (zero when g is zero). */
    public ZZPoly cofactorG() {
        return cofactorG;
    }

    @Override
    public String toString() {
        return "gcd = " + gcd + ", f/gcd = " + cofactorF + ", g/gcd = " + cofactorG;
    }
}
