package org.modalg.modular.bivariate;

import org.modalg.polynomial.bivariate.ZZBivariate;

/**
 * The y-degree bound shared by the resultant and the subresultants (S_0 = Res), in one place that
 * both depend on: {@link BivariateSubresultants#degreeBound} documents it. Unchecked.
 */
final class BivariateBounds {
    private BivariateBounds() {
    }

    /**
     * min((m - j) deg_y f + (n - j) deg_y g, (m - j)(t_f - n) + (n - j)(t_g - m) + (N - 1)(N - 2) / 2
     * + (n + m - j - 1) - (m - j)(m - j - 1) / 2 - (n - j)(n - j - 1) / 2), N = n + m - 2j, at least 0,
     * for 0 &lt;= j &lt; min(n, m).
     */
    static long degree(ZZBivariate f, ZZBivariate g, int j) {
        long n = f.degreeX();
        long m = g.degreeX();
        long rows = (m - j) * f.degreeY() + (n - j) * g.degreeY();
        long nn = n + m - 2L * j;
        long total = (m - j) * (f.totalDegree() - n) + (n - j) * (g.totalDegree() - m) + (nn - 1) * (nn - 2) / 2
                + (n + m - j - 1) - (m - j) * (m - j - 1) / 2 - (n - j) * (n - j - 1) / 2;
        return Math.max(0, Math.min(rows, total));
    }
}
