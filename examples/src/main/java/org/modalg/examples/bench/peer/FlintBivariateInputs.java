package org.modalg.examples.bench.peer;

import java.math.BigInteger;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The inputs and checksums of the FLINT bivariate peer ({@code modular/src/test/c/flint_mpoly_bench.c},
 * FLINT's {@code fmpz_mpoly_resultant} and {@code fmpz_mpoly_gcd}), bit for bit: the generator of
 * {@link FlintInputs} seeded by the row's label, dense polynomials of total degree d (every term
 * x^i y^j with i + j &lt;= d, generated for i = 0..d, then j = 0..d - i, each coefficient of exactly
 * the stated bits with a random sign). So modalg and FLINT solve the same problems and FLINT's
 * checksum ({@code ck=}, modulo 2^61 - 1) checks modalg's result.
 *
 * <p>Resultant rows: f, g of total degree d. Gcd rows: c of total degree d / 2, then a and b of
 * total degree d - d / 2; the inputs are a c and b c (total degree d), whose gcd is c times the
 * (almost always trivial) gcd of a and b.
 */
public final class FlintBivariateInputs {
    private FlintBivariateInputs() {
    }

    /** The harness's label of the resultant row (total degree d, b-bit coefficients). */
    public static String resultantLabel(int d, int bits) {
        return "fmpz_mpoly_resultant d=" + d + ", " + bits + "-bit";
    }

    /** The harness's label of the gcd row (inputs of total degree d, common factor of total degree d / 2). */
    public static String gcdLabel(int d, int bits) {
        return "fmpz_mpoly_gcd d=" + d + ", " + bits + "-bit, common d=" + d / 2;
    }

    /**
     * The next dense polynomial of total degree d from the generator: every x^i y^j with i + j &lt;= d,
     * coefficients of exactly {@code bits} bits, random signs.
     *
     * @throws IllegalArgumentException if d &lt; 0 or bits is not in [1, 2^27]
     */
    public static ZZBivariate dense(FlintInputs r, int d, int bits) {
        if (d < 0) {
            throw new IllegalArgumentException("d must be >= 0, got " + d);
        }
        BigInteger[][] grid = new BigInteger[d + 1][d + 1];
        for (int i = 0; i <= d; i++) {
            for (int j = 0; j <= d; j++) {
                grid[i][j] = j <= d - i ? r.exact(bits, true) : BigInteger.ZERO;
            }
        }
        return ZZBivariate.ofGrid(grid);
    }

    /** The resultant row's input: {f, g}, both dense of total degree d. */
    public static ZZBivariate[] resultantInput(int d, int bits) {
        FlintInputs r = FlintInputs.seeded(resultantLabel(d, bits));
        ZZBivariate f = dense(r, d, bits);
        return new ZZBivariate[] {f, dense(r, d, bits)};
    }

    /** The gcd row's input: {a c, b c, c} (c of total degree d / 2, generated first, then a, b). */
    public static ZZBivariate[] gcdInput(int d, int bits) {
        FlintInputs r = FlintInputs.seeded(gcdLabel(d, bits));
        ZZBivariate c = dense(r, d / 2, bits);
        ZZBivariate a = dense(r, d - d / 2, bits);
        ZZBivariate b = dense(r, d - d / 2, bits);
        return new ZZBivariate[] {a.multiply(c), b.multiply(c), c};
    }

    /** The harness's checksum of a resultant (a polynomial in y): h = length, then h = 1000003 h + c_j mod 2^61 - 1. */
    public static long checksum(ZZPoly r) {
        BigInteger q = FlintInputs.CHECKSUM_PRIME;
        if (r.isZero()) {
            return 0;
        }
        BigInteger h = BigInteger.valueOf(r.degree() + 1L).mod(q);
        BigInteger m = BigInteger.valueOf(1_000_003);
        for (int j = 0; j <= r.degree(); j++) {
            h = h.multiply(m).add(r.coefficient(j).mod(q)).mod(q);
        }
        return h.longValueExact();
    }

    /**
     * The harness's checksum of a bivariate polynomial: h = deg_x + 1, h = 1000003 h + deg_y + 1,
     * then h = 1000003 h + c_ij over the dense grid (i, then j), all mod 2^61 - 1.
     */
    public static long checksum(ZZBivariate f) {
        BigInteger q = FlintInputs.CHECKSUM_PRIME;
        if (f.isZero()) {
            return 0;
        }
        BigInteger m = BigInteger.valueOf(1_000_003);
        BigInteger h = BigInteger.valueOf(f.degreeX() + 1L).mod(q);
        h = h.multiply(m).add(BigInteger.valueOf(f.degreeY() + 1L)).mod(q);
        for (int i = 0; i <= f.degreeX(); i++) {
            for (int j = 0; j <= f.degreeY(); j++) {
                h = h.multiply(m).add(f.coefficient(i, j).mod(q)).mod(q);
            }
        }
        return h.longValueExact();
    }
}
