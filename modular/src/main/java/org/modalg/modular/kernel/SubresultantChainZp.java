package org.modalg.modular.kernel;

import java.util.Arrays;
import org.modalg.fields.ZpField;

/**
 * The subresultant chain of two polynomials over Z/pZ from one Euclidean remainder sequence: S_j
 * for every j in [lowest, min(n, m)) at the cost of one Euclid run, O(n m), instead of one
 * determinant per index. Unchecked tier under {@code BivariateSubresultants}: preconditions are
 * stated, not validated.
 *
 * <p><b>Definition</b> (formal degrees; von zur Gathen and Gerhard, Modern Computer Algebra,
 * section 6.10): for a of formal degree n and b of formal degree m (leading coefficients possibly
 * zero), M_j is the (n + m - 2j) x (n + m - j) matrix of the coefficients of x^(m-j-1) a, ..., a,
 * x^(n-j-1) b, ..., b, columns by decreasing power of x; S_j = sum_{i &lt;= j} det(M_{j,i}) x^i,
 * M_{j,i} its first n + m - 2j - 1 columns and the column of x^i. S_0 = Res_{n,m}(a, b). The
 * formal degrees make S_j commute with every ring map, so an image of the chain over Z[y] at a
 * point where a leading coefficient vanishes is still exact.
 *
 * <p><b>One Euclid step</b> (the fundamental theorem of subresultants, Brown and Traub 1971, in
 * the form of MCA's proof of Theorem 11.16): let n &gt;= m, deg b = m exactly, r = a rem b of
 * degree k &lt; m (k = -1 for r = 0). Adding multiples of the b-rows to the a-rows turns them into
 * rows of r; moving the b-rows on top costs (-1)^((n-j)(m-j)); the top n - k (or n - j) b-rows
 * then stand alone in their leading columns and are expanded, each giving lc(b). Hence for j &lt; m:
 * <ul>
 *   <li>j &lt; k: S_j(a, b) = (-1)^((n-j)(m-j)) lc(b)^(n-k) S_j(b, r) (formal degrees m, k);</li>
 *   <li>j = m - 1: S_{m-1} = (-1)^(n-m+1) lc(b)^(n-m+1) r;</li>
 *   <li>j = k &lt; m - 1: S_k = (-1)^((n-k)(m-k)) lc(b)^(n-k) lc(r)^(m-k-1) r;</li>
 *   <li>k &lt; j &lt; m - 1: S_j = 0 (the degree gap).</li>
 * </ul>
 * Iterating over the remainder sequence gives the whole chain: S_{n_i - 1} and S_{n_{i+1}} are
 * multiples of the remainder r_{i+1}, the indices between them are zero, and the factor
 * lc(b)^(n-k) and the sign (whose parity depends on j only through j mod 2) accumulate.
 *
 * <p><b>Leading zeros</b> (a prime or a point where a leading coefficient vanishes): S_j(a, b) =
 * (-1)^((n-j)(m-j)) S_j(b, a) (the two blocks of rows exchanged) puts the polynomial of full degree
 * second when its formal degree is the smaller; the step above needs only deg b = m, and a may
 * have leading zeros. When the full one (a, degree n) has the larger formal degree and b has
 * actual degree m' &lt; m, expanding the first column m - m' times gives S_j = lc(a)^(m-m') S_j(a,
 * b) with formal degrees (n, m') for j &lt; m', S_{m'} = lc(a)^(m-m') lc(b)^(n-m'-1) b, and S_j = 0
 * for m' &lt; j &lt; m (a zero first column). Both leading coefficients zero: every S_j is zero
 * (the first column of every M_j is).
 *
 * <p>Arithmetic: for odd p below 2^{@value PolyGcdDouble#MAX_PRIME_BITS} the remainders are
 * {@link PolyGcdDouble}'s vectorized pseudo-remainders on doubles (scalar multiples of Euclid's,
 * the multiplier tracked, one inversion per step); otherwise {@link HalfGcdZp}'s in-place
 * remainder with Shoup products (any prime below 2^62). Cost O(n m) for the remainders plus the
 * size of the output, O(min(n, m)^2).
 *
 * <p>Output layout (triangular): the coefficient of x^i of S_j at {@code out[outOff + offset(j) -
 * offset(lowest) + i]}, i in [0, j], {@link #offset}(j) = j (j + 1) / 2.
 */
public final class SubresultantChainZp {
    private SubresultantChainZp() {
    }

    /** The offset of S_j in the triangular layout of the whole chain: j (j + 1) / 2. */
    public static int offset(int j) {
        return j * (j + 1) / 2;
    }

    /**
     * S_j(a, b) mod p for lowest &lt;= j &lt; min(n, m) into out (the layout of the class comment;
     * min(n, m)(min(n, m) + 1) / 2 - offset(lowest) entries from outOff, every one written, zeros
     * included). a holds n + 1 and b m + 1 coefficients in [0, p) (increasing degree, formal
     * degrees n, m &gt;= 0, leading zeros allowed); neither is modified. Nothing is written when
     * lowest &gt;= min(n, m). Preconditions: p prime, 0 &lt;= lowest. O(n m + min(n, m)^2).
     */
    public static void chain(ZpField field, long[] a, int n, long[] b, int m, int lowest, long[] out, int outOff) {
        int top = Math.min(n, m);
        if (lowest >= top) {
            return;
        }
        Arrays.fill(out, outOff, outOff + offset(top) - offset(lowest), 0L);
        int na = HalfGcdZp.trim(a, n + 1) - 1;
        int nb = HalfGcdZp.trim(b, m + 1) - 1;
        Chain c = new Chain(field, lowest, out, outOff - offset(lowest));
        if (na < n && nb < m) {
            return; // both leading coefficients zero: the first column of every M_j is zero
        }
        if (nb == m && n >= m) {
            c.run(a, n, b, m);
        } else if (na == n && m >= n) {
            c.swapSign(n, m);
            c.run(b, m, a, n);
        } else if (na == n) { // n > m, lc(b) = 0
            c.dropped(a, n, b, m, nb);
        } else { // m > n, lc(a) = 0, deg b = m
            c.swapSign(n, m);
            c.dropped(b, m, a, n, na);
        }
    }

    /** S_j for every j in [0, min(n, m)) as a new array in the triangular layout ({@link #chain} with lowest 0). */
    public static long[] chain(ZpField field, long[] a, int n, long[] b, int m) {
        long[] out = new long[offset(Math.min(n, m))];
        chain(field, a, n, b, m, 0, out, 0);
        return out;
    }

    /**
     * The state of one chain: the requested indices, the output, the factor F common to every
     * index and the sign parities for even and odd j, with S_j(input) = F (-1)^neg[j mod 2]
     * S_j(current pair).
     */
    private static final class Chain {
        final ZpField field;
        final int lowest;
        final long[] out;
        final int base; // S_j at base + offset(j)
        long factor = 1;
        final int[] neg = new int[2];

        Chain(ZpField field, int lowest, long[] out, int base) {
            this.field = field;
            this.lowest = lowest;
            this.out = out;
            this.base = base;
        }

        /** The sign (-1)^((n-j)(m-j)) folded into the parities: for even j (n m), for odd j ((n+1)(m+1)). */
        void swapSign(int n, int m) {
            neg[0] ^= (int) (((long) n * m) & 1);
            neg[1] ^= (int) (((long) (n + 1) * (m + 1)) & 1);
        }

        /** F (-1)^neg[j mod 2] times c. */
        long signed(int j, long c) {
            long v = field.mul(factor, c);
            return neg[j & 1] != 0 ? field.neg(v) : v;
        }

        /** a of full degree n, b of formal degree m &lt; n and actual degree mb &lt; m (the expansion of the class comment). */
        void dropped(long[] a, int n, long[] b, int m, int mb) {
            if (mb < 0) {
                return; // b = 0: every S_j is zero
            }
            factor = field.pow(a[n], m - mb);
            if (mb >= lowest) {
                long k = signed(mb, field.pow(b[mb], n - mb - 1));
                for (int i = 0; i <= mb; i++) {
                    out[base + offset(mb) + i] = field.mul(k, b[i]);
                }
            }
            if (mb > lowest) {
                run(a, n, b, mb);
            }
        }

        /** The Euclid steps from (a, b), a of formal degree n &gt;= m, deg b = m exactly. */
        void run(long[] a, int n, long[] b, int m) {
            Remainders seq = PolyGcdZp.usesDoubles(field) ? new DoubleRemainders(field.p(), a, n, b, m)
                    : new LongRemainders(field, a, n, b, m);
            while (true) {
                long lcb = seq.divisorLead();
                int k = seq.step();
                int j = m - 1;
                if (j >= lowest && k >= 0) {
                    long c = field.pow(lcb, n - m + 1);
                    if (((n - j) & 1) != 0) { // (-1)^((n-j)(m-j)) with m - j = 1
                        c = field.neg(c);
                    }
                    seq.writeRemainder(signed(j, c), out, base + offset(j));
                }
                if (k >= lowest && k < m - 1) {
                    long c = field.mul(field.pow(lcb, n - k), field.pow(seq.remainderLead(), m - k - 1));
                    if ((((long) (n - k) * (m - k)) & 1) != 0) {
                        c = field.neg(c);
                    }
                    seq.writeRemainder(signed(k, c), out, base + offset(k));
                }
                if (k <= lowest) {
                    return; // S_j for j < k is not wanted, or k < 0 and every lower one is zero
                }
                factor = field.mul(factor, field.pow(lcb, n - k));
                swapSign(n, m);
                seq.advance();
                n = m;
                m = k;
            }
        }
    }

    /** The remainder sequence on working copies: the current dividend A, divisor B and remainder R. */
    private interface Remainders {
        /** lc(B), the true one (not a scaled copy's). */
        long divisorLead();

        /** R = A rem B; returns deg R (-1 for zero). */
        int step();

        /** lc(R) (after {@link #step}, deg R &gt;= 0). */
        long remainderLead();

        /** out[off + i] = c R_i for i in [0, deg R] (the rest of the slot is already zero). */
        void writeRemainder(long c, long[] out, int off);

        /** (A, B) := (B, R). */
        void advance();
    }

    /** Euclid with true remainders on longs ({@link HalfGcdZp#remainderInPlace}), any prime below 2^62. */
    private static final class LongRemainders implements Remainders {
        final ZpField field;
        long[] x; // A, then R in place
        long[] y; // B
        int nx;
        int ny;
        int nr;

        LongRemainders(ZpField field, long[] a, int n, long[] b, int m) {
            this.field = field;
            this.x = Arrays.copyOf(a, n + 1);
            this.y = Arrays.copyOf(b, Math.max(m + 1, 1));
            this.nx = n;
            this.ny = m;
        }

        @Override
        public long divisorLead() {
            return y[ny];
        }

        @Override
        public int step() {
            nr = HalfGcdZp.remainderInPlace(field, x, nx + 1, y, ny + 1) - 1;
            return nr;
        }

        @Override
        public long remainderLead() {
            return x[nr];
        }

        @Override
        public void writeRemainder(long c, long[] out, int off) {
            long w = field.shoupPrecompute(c);
            for (int i = 0; i <= nr; i++) {
                out[off + i] = field.mulShoup(x[i], c, w);
            }
        }

        @Override
        public void advance() {
            long[] t = x;
            x = y;
            y = t;
            nx = ny;
            ny = nr;
        }
    }

    /**
     * Euclid by {@link PolyGcdDouble#pseudoRemainder} on symmetric residues in doubles (odd p below
     * 2^26): each computed remainder is s R with a tracked scale s (the step's multiplier c times
     * the dividend's scale: (s' A) rem (s B) = s' (A rem B)), undone by one inversion per step.
     */
    private static final class DoubleRemainders implements Remainders {
        final PolyGcdDouble.Mod md;
        final long p;
        double[] x;
        double[] y;
        final double[] scratch;
        int nx;
        int ny;
        int nr;
        double sx = 1; // x = sx A
        double sy = 1; // y = sy B
        double syInv = 1;
        double sr; // the computed remainder is sr R
        double srInv;

        DoubleRemainders(long p, long[] a, int n, long[] b, int m) {
            this.md = new PolyGcdDouble.Mod(p);
            this.p = p;
            int cap = Math.max(n, m) + 1;
            this.x = md.fromLongs(a, n + 1, cap);
            this.y = md.fromLongs(b, m + 1, cap);
            this.scratch = new double[cap];
            this.nx = n;
            this.ny = m;
        }

        @Override
        public long divisorLead() {
            return md.toLong(md.mul(y[ny], syInv));
        }

        @Override
        public int step() {
            double c = PolyGcdDouble.pseudoRemainder(md, x, nx, y, ny, scratch);
            nr = PolyGcdDouble.trim(x, ny) - 1;
            if (nr >= 0) {
                sr = md.mul(c, sx);
                srInv = md.inv(sr);
            }
            return nr;
        }

        @Override
        public long remainderLead() {
            return md.toLong(md.mul(x[nr], srInv));
        }

        @Override
        public void writeRemainder(long c, long[] out, int off) {
            double k = md.mul(md.fromLong(c), srInv);
            for (int i = 0; i <= nr; i++) {
                out[off + i] = md.toLong(md.mul(k, x[i]));
            }
        }

        @Override
        public void advance() {
            double[] t = x;
            x = y;
            y = t;
            nx = ny;
            ny = nr;
            sx = sy;
            sy = sr;
            syInv = srInv;
        }
    }
}
