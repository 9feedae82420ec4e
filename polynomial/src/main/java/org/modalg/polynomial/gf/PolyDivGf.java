package org.modalg.polynomial.gf;

import org.modalg.fields.GfArithmetic;

/**
 * Division kernels for polynomials over a generalized Fermat prime field, in the layout of
 * {@link PolyMulGf} (coefficient i at {@code off + i*k}; offsets in words, lengths in
 * coefficients). Unchecked tier under {@link GfPoly}.
 */
public final class PolyDivGf {
    private PolyDivGf() {
    }

    /**
     * Long division: a = q b + r. Preconditions: coefficients canonical; {@code bLen >= 1};
     * {@code lcInv} (k digits at {@code lcInvOff}) is the inverse of b's leading coefficient;
     * q has room for max(aLen - bLen + 1, 0) coefficients and r for aLen, neither overlapping
     * an input or each other. On return r's first bLen - 1 coefficients are the remainder and
     * the rest are zero. O((aLen - bLen + 1) bLen) field multiplications.
     */
    public static void divRemClassical(GfArithmetic ar, long[] a, int aOff, int aLen, long[] b, int bOff, int bLen,
                                       long[] lcInv, int lcInvOff, long[] q, int qOff, long[] r, int rOff,
                                       GfArithmetic.Workspace ws) {
        int k = ar.digits();
        System.arraycopy(a, aOff, r, rOff, aLen * k);
        if (aLen < bLen) {
            return;
        }
        long[] t = new long[k];
        for (int i = aLen - 1; i >= bLen - 1; i--) {
            int shift = i - bLen + 1;
            int qi = qOff + shift * k;
            ar.mul(r, rOff + i * k, lcInv, lcInvOff, q, qi, ws);
            ar.setZero(r, rOff + i * k);
            if (ar.isZero(q, qi)) {
                continue;
            }
            for (int j = 0; j < bLen - 1; j++) {
                ar.mul(q, qi, b, bOff + j * k, t, 0, ws);
                int rj = rOff + (shift + j) * k;
                ar.sub(r, rj, t, 0, r, rj);
            }
        }
    }
}
