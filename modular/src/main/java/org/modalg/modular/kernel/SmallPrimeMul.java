package org.modalg.modular.kernel;

/**
 * Products modulo a prime below 2^26 through a double: the one routine of the bivariate image
 * kernels ({@link BivariateImagesZp}, {@link SubresultantChainZp}) and the bivariate layer above.
 */
public final class SmallPrimeMul {
    private SmallPrimeMul() {
    }

    /**
     * a b mod p for a, b in [0, p), p &lt; 2^26: the quotient of the exact 52-bit product from a
     * double (off by at most one: the product is exact in a double and 1/p has relative error
     * 2^-53, so the quotient's error is below 2^-26), then one correction each way.
     */
    public static long mulmod(long a, long b, long p, double pInv) {
        long prod = a * b;
        long q = (long) ((double) prod * pInv);
        long r = prod - q * p;
        r += (r >> 63) & p;
        return r >= p ? r - p : r;
    }
}
