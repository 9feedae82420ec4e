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
 * the multipliers tracked, no inversion per step); otherwise {@link HalfGcdZp}'s in-place
 * remainder with Shoup products (any prime below 2^62). Every constant is a fraction until the
 * end, where one batch inversion scales the written remainders: one inversion per chain (one per
 * step, an extended Euclid of O(log p) word divisions, would outweigh a step's O(m) vectorized
 * arithmetic at the degrees of the bivariate images). Cost O(n m) for the remainders plus the size
 * of the output, O(min(n, m)^2).
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
        c.finish();
    }

    /** S_j for every j in [0, min(n, m)) as a new array in the triangular layout ({@link #chain} with lowest 0). */
    public static long[] chain(ZpField field, long[] a, int n, long[] b, int m) {
        long[] out = new long[offset(Math.min(n, m))];
        chain(field, a, n, b, m, 0, out, 0);
        return out;
    }

    /**
     * The state of one chain: the requested indices, the output, the factor F = fNum / fDen common
     * to every index and the sign parities for even and odd j, with S_j(input) = F (-1)^neg[j mod 2]
     * S_j(current pair). Every constant is kept as a fraction (the double path's remainders are
     * scaled copies of Euclid's), so that a run costs one inversion: each written slot holds the
     * raw remainder with its numerator and denominator noted, and {@link #finish} scales the slots
     * after one batch inversion of the denominators (Montgomery's trick).
     */
    private static final class Chain {
        final ZpField field;
        final boolean small; // p < 2^26: products by SmallPrimeMul.mulmod (exact in a double), not ZpField.mul
        final long p;
        final double pInv;
        final int lowest;
        final long[] out;
        final int base; // S_j at base + offset(j)
        long fNum = 1;
        long fDen = 1;
        final int[] neg = new int[2];
        // the slots written raw: index j, numerator, denominator (at most two per Euclid step)
        int[] slotIndex = new int[8];
        long[] slotNum = new long[8];
        long[] slotDen = new long[8];
        int slots;

        Chain(ZpField field, int lowest, long[] out, int base) {
            this.field = field;
            this.p = field.p();
            this.small = p < PolyGcdDouble.PRIME_BOUND;
            this.pInv = 1.0 / p;
            this.lowest = lowest;
            this.out = out;
            this.base = base;
        }

        long mul(long a, long b) {
            return small ? SmallPrimeMul.mulmod(a, b, p, pInv) : field.mul(a, b);
        }

        /** a^e, e &gt;= 0 small (a degree difference). */
        long pow(long a, int e) {
            long r = 1;
            for (; e > 0; e >>= 1) {
                if ((e & 1) != 0) {
                    r = mul(r, a);
                }
                if (e > 1) {
                    a = mul(a, a);
                }
            }
            return r;
        }

        /** The sign (-1)^((n-j)(m-j)) folded into the parities: for even j (n m), for odd j ((n+1)(m+1)). */
        void swapSign(int n, int m) {
            neg[0] ^= (int) (((long) n * m) & 1);
            neg[1] ^= (int) (((long) (n + 1) * (m + 1)) & 1);
        }

        /** Notes that slot j holds its raw values times num / den (and F and the sign). */
        void note(int j, long num, long den, boolean negate) {
            if (slots == slotIndex.length) {
                slotIndex = Arrays.copyOf(slotIndex, 2 * slots);
                slotNum = Arrays.copyOf(slotNum, 2 * slots);
                slotDen = Arrays.copyOf(slotDen, 2 * slots);
            }
            long v = mul(fNum, num);
            slotIndex[slots] = j;
            slotNum[slots] = (neg[j & 1] != 0) != negate ? field.neg(v) : v;
            slotDen[slots] = mul(fDen, den);
            slots++;
        }

        /** Each noted slot times its numerator / denominator: one inversion for all (batch). */
        void finish() {
            if (slots == 0) {
                return;
            }
            long[] prefix = new long[slots];
            long acc = 1;
            for (int t = 0; t < slots; t++) {
                prefix[t] = acc;
                acc = mul(acc, slotDen[t]);
            }
            long inv = field.inv(acc);
            for (int t = slots - 1; t >= 0; t--) {
                long scale = mul(slotNum[t], mul(inv, prefix[t])); // num / den_t
                inv = mul(inv, slotDen[t]);
                int j = slotIndex[t];
                int off = base + offset(j);
                if (small) {
                    for (int i = 0; i <= j; i++) {
                        out[off + i] = SmallPrimeMul.mulmod(out[off + i], scale, p, pInv);
                    }
                } else {
                    long w = field.shoupPrecompute(scale);
                    for (int i = 0; i <= j; i++) {
                        out[off + i] = field.mulShoup(out[off + i], scale, w);
                    }
                }
            }
        }

        /** a of full degree n, b of formal degree m &lt; n and actual degree mb &lt; m (the expansion of the class comment). */
        void dropped(long[] a, int n, long[] b, int m, int mb) {
            if (mb < 0) {
                return; // b = 0: every S_j is zero
            }
            fNum = pow(a[n], m - mb);
            if (mb >= lowest) {
                System.arraycopy(b, 0, out, base + offset(mb), mb + 1);
                note(mb, pow(b[mb], n - mb - 1), 1, false);
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
                long lcb = seq.divisorLead(); // lc(B) = lcb / sb
                long sb = seq.divisorScale();
                int k = seq.step();
                int j = m - 1;
                if (j >= lowest && k >= 0) {
                    // S_{m-1} = (-1)^(n-m+1) lc(B)^(n-m+1) R, R = raw / sr
                    seq.writeRemainder(out, base + offset(j));
                    note(j, pow(lcb, n - m + 1), mul(pow(sb, n - m + 1), seq.remainderScale()),
                            ((n - j) & 1) != 0);
                }
                if (k >= lowest && k < m - 1) {
                    // S_k = (-1)^((n-k)(m-k)) lc(B)^(n-k) lc(R)^(m-k-1) R, lc(R) = lcr / sr
                    long sr = seq.remainderScale();
                    seq.writeRemainder(out, base + offset(k));
                    note(k, mul(pow(lcb, n - k), pow(seq.remainderLead(), m - k - 1)),
                            mul(pow(sb, n - k), pow(sr, m - k)),
                            (((long) (n - k) * (m - k)) & 1) != 0);
                }
                if (k <= lowest) {
                    return; // S_j for j < k is not wanted, or k < 0 and every lower one is zero
                }
                fNum = mul(fNum, pow(lcb, n - k));
                fDen = mul(fDen, pow(sb, n - k));
                swapSign(n, m);
                seq.advance();
                n = m;
                m = k;
            }
        }
    }

    /**
     * The remainder sequence on working copies: the current dividend A, divisor B and remainder R,
     * each held as a scaled copy s A (s = 1 on the long path) with its scale.
     */
    private interface Remainders {
        /** s_B lc(B): the held divisor's leading coefficient. */
        long divisorLead();

        /** s_B, the scale of the held divisor. */
        long divisorScale();

        /** R = A rem B, held as s_R R; returns deg R (-1 for zero). */
        int step();

        /** s_R lc(R) (after {@link #step}, deg R &gt;= 0). */
        long remainderLead();

        /** s_R (after {@link #step}, deg R &gt;= 0). */
        long remainderScale();

        /** out[off + i] = s_R R_i for i in [0, deg R] (the rest of the slot is already zero). */
        void writeRemainder(long[] out, int off);

        /** (A, B) := (B, R). */
        void advance();
    }

    /** Euclid with true remainders on longs ({@link HalfGcdZp#remainderInPlace}), any prime below 2^62; every scale 1. */
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
        public long divisorScale() {
            return 1;
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
        public long remainderScale() {
            return 1;
        }

        @Override
        public void writeRemainder(long[] out, int off) {
            System.arraycopy(x, 0, out, off, nr + 1);
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
     * 2^26), no inversion: each computed remainder is s R with the scale s the step's multiplier c
     * times the dividend's scale ((s' A) rem (s B) = s' (A rem B)).
     */
    private static final class DoubleRemainders implements Remainders {
        final PolyGcdDouble.Mod md;
        double[] x;
        double[] y;
        final double[] scratch;
        int nx;
        int ny;
        int nr;
        double sx = 1; // x = sx A
        double sy = 1; // y = sy B
        double sr; // x = sr R after a step

        DoubleRemainders(long p, long[] a, int n, long[] b, int m) {
            this.md = new PolyGcdDouble.Mod(p);
            int cap = Math.max(n, m) + 1;
            this.x = md.fromLongs(a, n + 1, cap);
            this.y = md.fromLongs(b, m + 1, cap);
            this.scratch = new double[cap];
            this.nx = n;
            this.ny = m;
        }

        @Override
        public long divisorLead() {
            return md.toLong(y[ny]);
        }

        @Override
        public long divisorScale() {
            return md.toLong(sy);
        }

        @Override
        public int step() {
            double c = PolyGcdDouble.pseudoRemainder(md, x, nx, y, ny, scratch);
            nr = PolyGcdDouble.trim(x, ny) - 1;
            sr = md.mul(c, sx);
            return nr;
        }

        @Override
        public long remainderLead() {
            return md.toLong(x[nr]);
        }

        @Override
        public long remainderScale() {
            return md.toLong(sr);
        }

        @Override
        public void writeRemainder(long[] out, int off) {
            for (int i = 0; i <= nr; i++) {
                out[off + i] = md.toLong(x[i]);
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
        }
    }
}
