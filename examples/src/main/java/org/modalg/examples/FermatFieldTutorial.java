package org.modalg.examples;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;

/**
 * Worked example: arithmetic in a generalized Fermat prime field Z/pZ, p = r^k + 1, following
 * thesis Algorithms 1-3 step by step on digit vectors, written plainly in BigInteger so that each
 * step can be printed. An element x is its k radix-r digits (x_0, ..., x_{k-1}), least
 * significant first; p - 1 = r^k is the one element with a digit equal to r (x_{k-1} = r).
 *
 * <ul>
 *   <li>Algorithm 1: a primitive N-th root of unity w with w^(N/2k) = r, so that the twiddles of
 *       a radix-2k FFT stage are powers of r;</li>
 *   <li>Algorithm 2: addition, digit-wise with carries, r^k = -1 folding the overflow;</li>
 *   <li>section 2.3.4: multiplication by r^i as a cyclic shift with a sign change;</li>
 *   <li>Algorithm 3: multiplication as a negacyclic product of the digit polynomials, the k
 *       coefficients each written in radix r, shifted by r^i and added.</li>
 * </ul>
 * First on the tiny field p = 6^4 + 1 = 1297 with every step printed, then on the thesis prime
 * P3 = (2^63 + 2^34)^8 + 1 on random elements; every result is compared with modalg's
 * {@link GfField} (whose kernels do the same on machine words) and with BigInteger mod p.
 *
 * <p>Run: {@code java -cp examples/target/modalg.jar org.modalg.examples.FermatFieldTutorial}.
 */
public final class FermatFieldTutorial {
    private final BigInteger r;
    private final int k;
    private final BigInteger p;
    private final PrintStream out; // null: silent

    FermatFieldTutorial(GfField f, PrintStream out) {
        this.r = f.radixBig();
        this.k = f.k();
        this.p = f.modulus();
        this.out = out;
    }

    private void say(String format, Object... args) {
        if (out != null) {
            out.printf(format + "%n", args);
        }
    }

    /** The digits of x in [0, p), least significant first (p - 1 as (0, ..., 0, r)). */
    BigInteger[] digits(BigInteger x) {
        BigInteger[] d = new BigInteger[k];
        if (x.equals(p.subtract(BigInteger.ONE))) {
            Arrays.fill(d, BigInteger.ZERO);
            d[k - 1] = r;
            return d;
        }
        for (int i = 0; i < k; i++) {
            BigInteger[] qr = x.divideAndRemainder(r);
            d[i] = qr[1];
            x = qr[0];
        }
        return d;
    }

    /** The value sum x_i r^i of a digit vector. */
    BigInteger value(BigInteger[] d) {
        BigInteger v = BigInteger.ZERO;
        for (int i = d.length - 1; i >= 0; i--) {
            v = v.multiply(r).add(d[i]);
        }
        return v;
    }

    /** Algorithm 1: w of order N = 2^log2N with w^(N/2k) = r (needs 2k | N | p - 1). */
    BigInteger rootOfUnity(int log2N) {
        BigInteger n = BigInteger.ONE.shiftLeft(log2N);
        BigInteger pm1 = p.subtract(BigInteger.ONE);
        // an N-th root of unity g of order exactly N: c^((p-1)/N) for a quadratic non-residue c
        BigInteger c = BigInteger.TWO;
        while (!c.modPow(pm1.shiftRight(1), p).equals(pm1)) {
            c = c.add(BigInteger.ONE);
        }
        BigInteger g = c.modPow(pm1.divide(n), p);
        say("  Algorithm 1, N = %s: non-residue c = %s, g = c^((p-1)/N) = %s has order N", n, c, g);
        BigInteger alpha = g.modPow(n.divide(BigInteger.valueOf(2L * k)), p);
        BigInteger beta = alpha;
        int j = 1;
        say("    alpha = g^(N/2k) = %s, a primitive 2k-th root of unity", alpha);
        while (!beta.equals(r)) {
            beta = beta.multiply(alpha).mod(p);
            j++;
            say("    j = %d: alpha^j = %s", j, beta);
        }
        BigInteger w = g.modPow(BigInteger.valueOf(j), p);
        say("    alpha^%d = r, so w = g^%d = %s, and w^(N/2k) = r", j, j, w);
        return w;
    }

    /** Algorithm 2: x + y on digit vectors. */
    BigInteger[] add(BigInteger[] x, BigInteger[] y) {
        BigInteger[] z = new BigInteger[k + 1];
        for (int i = 0; i < k; i++) {
            z[i] = x[i].add(y[i]);                                   // step 1
        }
        z[k] = BigInteger.ZERO;                                      // step 2
        say("  Algorithm 2: digit sums %s", show(z, k));
        for (int i = 0; i < k; i++) {                                // step 3: carries
            BigInteger[] qs = z[i].divideAndRemainder(r);
            z[i + 1] = z[i + 1].add(qs[0]);
            z[i] = qs[1];
        }
        say("    after the carries (z_0 .. z_k): %s", show(z, k + 1));
        if (z[k].signum() == 0) {                                    // step 4
            return Arrays.copyOf(z, k);
        }
        boolean restZero = true;
        for (int i = 0; i < k; i++) {
            restZero &= z[i].signum() == 0;
        }
        if (z[k].equals(BigInteger.ONE) && restZero) {               // step 5: x + y = r^k = p - 1
            z[k - 1] = r;
            say("    z_k = 1, the rest 0: the sum is r^k = p - 1, written with z_{k-1} = r");
            return Arrays.copyOf(z, k);
        }
        int i0 = 0;                                                  // step 6: r^k = -1, subtract 1
        while (z[i0].signum() == 0) {
            i0++;
        }
        z[i0] = z[i0].subtract(BigInteger.ONE);
        for (int i = 0; i < i0; i++) {
            z[i] = r.subtract(BigInteger.ONE);
        }
        say("    overflow z_k = 1: r^k = -1 mod p, so drop z_k and subtract 1 (borrow at digit %d): %s", i0, show(z, k));
        return Arrays.copyOf(z, k);
    }

    /** -y: the digits (r - 1 - y_i) are r^k - 1 - y; adding 2 by Algorithm 2 gives r^k + 1 - y = p - y. */
    BigInteger[] negate(BigInteger[] y) {
        BigInteger v = value(y);
        if (v.signum() == 0) {
            return y.clone();
        }
        if (v.equals(p.subtract(BigInteger.ONE))) {
            return digits(BigInteger.ONE);
        }
        BigInteger[] c = new BigInteger[k];
        for (int i = 0; i < k; i++) {
            c[i] = r.subtract(BigInteger.ONE).subtract(y[i]);
        }
        PrintStream quiet = null;
        return new FermatFieldTutorial(this, quiet).add(c, digits(BigInteger.TWO));
    }

    private FermatFieldTutorial(FermatFieldTutorial t, PrintStream out) {
        this.r = t.r;
        this.k = t.k;
        this.p = t.p;
        this.out = out;
    }

    /** Section 2.3.4: x * r^i for 0 &lt;= i &lt; 2k by a shift: the digits pushed past r^k come back negated. */
    BigInteger[] mulPowR(BigInteger[] x, int i) {
        if (i >= k) {                                                // r^k = -1
            return negate(mulPowR(x, i - k));
        }
        if (value(x).equals(p.subtract(BigInteger.ONE))) {           // x = r^k = -1
            return negate(digits(r.pow(i).mod(p)));
        }
        BigInteger[] up = new BigInteger[k];
        BigInteger[] wrapped = new BigInteger[k];
        Arrays.fill(up, BigInteger.ZERO);
        Arrays.fill(wrapped, BigInteger.ZERO);
        for (int h = 0; h < k; h++) {
            if (h + i < k) {
                up[h + i] = x[h];
            } else {
                wrapped[h + i - k] = x[h];
            }
        }
        say("  x * r^%d: shifted digits %s minus wrapped digits %s", i, show(up, k), show(wrapped, k));
        FermatFieldTutorial quiet = new FermatFieldTutorial(this, null);
        return quiet.add(up, quiet.negate(wrapped));
    }

    /** Algorithm 3: x * y. Needs k &gt;= 3 and k &lt; r, so that a coefficient (&lt;= k r^2) has 3 digits. */
    BigInteger[] mul(BigInteger[] x, BigInteger[] y) {
        FermatFieldTutorial quiet = new FermatFieldTutorial(this, null);
        BigInteger xv = value(x);
        BigInteger yv = value(y);
        if (xv.equals(p.subtract(BigInteger.ONE)) || yv.equals(p.subtract(BigInteger.ONE))) {
            // x = -1 or y = -1 (the digit r): the product is the negation of the other
            return quiet.negate(xv.equals(p.subtract(BigInteger.ONE)) ? y : x);
        }
        // step 1: f_u = f_x f_y mod (T^k + 1); u_i = pos_i - neg_i, both in [0, k r^2]
        BigInteger[] pos = new BigInteger[k];
        BigInteger[] neg = new BigInteger[k];
        Arrays.fill(pos, BigInteger.ZERO);
        Arrays.fill(neg, BigInteger.ZERO);
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                BigInteger t = x[a].multiply(y[b]);
                if (a + b < k) {
                    pos[a + b] = pos[a + b].add(t);
                } else {
                    neg[a + b - k] = neg[a + b - k].add(t);         // T^k = -1
                }
            }
        }
        say("  Algorithm 3, step 1: f_x f_y mod T^k + 1, coefficients u_i = %s - %s", show(pos, k), show(neg, k));
        BigInteger[] sum = digits(BigInteger.ZERO);
        for (int i = 0; i < k; i++) {
            // step 2: u_i in radix r (three digits), step 3: times r^i by a shift, step 4: add
            BigInteger[] term = quiet.add(quiet.mulPowR(radix3(pos[i]), i), quiet.negate(quiet.mulPowR(radix3(neg[i]), i)));
            sum = quiet.add(sum, term);
        }
        say("    steps 2-4: each u_i in radix r, times r^i by a shift, summed by Algorithm 2: %s = %s",
                show(sum, k), value(sum));
        return sum;
    }

    private BigInteger[] radix3(BigInteger c) {
        BigInteger[] d = new BigInteger[k];
        Arrays.fill(d, BigInteger.ZERO);
        for (int i = 0; i < 3; i++) {
            BigInteger[] qr = c.divideAndRemainder(r);
            d[i] = qr[1];
            c = qr[0];
        }
        if (c.signum() != 0) {
            throw new IllegalStateException("a coefficient of f_x f_y exceeds r^3: k must be below r");
        }
        return d;
    }

    private static String show(BigInteger[] d, int len) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < len; i++) {
            s.append(i == 0 ? "" : ", ").append(d[i]);
        }
        return s.append(')').toString();
    }

    /** What {@link #run} checked: comparisons made and mismatches found (0 when all agree). */
    public record Result(int comparisons, int mismatches) {
    }

    private static int compare(String what, GfField f, BigInteger[] digits, FermatFieldTutorial t, BigInteger want,
                               long[] modalg, PrintStream out) {
        BigInteger got = t.value(digits);
        boolean ok = got.equals(want) && (modalg == null || f.toBigInteger(modalg, 0).equals(want));
        if (out != null) {
            out.println("  " + what + " = " + got + (ok ? "  (= BigInteger mod p = GfField)" : "  MISMATCH, expected " + want));
        }
        return ok ? 0 : 1;
    }

    /** The tutorial: the tiny field with every step printed, then P3 on random elements. */
    public static Result run(PrintStream out) {
        int comparisons = 0;
        int mismatches = 0;
        GfField small = GfField.of(6, 4);
        FermatFieldTutorial t = new FermatFieldTutorial(small, out);
        BigInteger p = small.modulus();
        out.println("The field p = r^k + 1 = 6^4 + 1 = " + p + "; elements are 4 digits in radix 6.");
        BigInteger xv = BigInteger.valueOf(1000);
        BigInteger yv = BigInteger.valueOf(777);
        BigInteger[] x = t.digits(xv);
        BigInteger[] y = t.digits(yv);
        out.println("x = " + xv + " = " + show(x, 4) + ", y = " + yv + " = " + show(y, 4) + " (least significant first)");
        out.println();
        long[] z = new long[small.k()];
        small.add(small.element(xv), 0, small.element(yv), 0, z, 0);
        mismatches += compare("x + y", small, t.add(x, y), t, xv.add(yv).mod(p), z, out);
        BigInteger[] m1 = t.digits(p.subtract(BigInteger.TWO));
        small.add(small.element(p.subtract(BigInteger.TWO)), 0, small.element(1), 0, z, 0);
        mismatches += compare("(p - 2) + 1", small, t.add(m1, t.digits(BigInteger.ONE)), t, p.subtract(BigInteger.ONE), z, out);
        small.mulPowR(small.element(xv), 0, 3, z, 0);
        mismatches += compare("x * r^3", small, t.mulPowR(x, 3), t, xv.multiply(BigInteger.valueOf(216)).mod(p), z, out);
        small.mul(small.element(xv), 0, small.element(yv), 0, z, 0);
        mismatches += compare("x * y", small, t.mul(x, y), t, xv.multiply(yv).mod(p), z, out);
        BigInteger w = t.rootOfUnity(4);
        long[] wm = small.rootOfUnity(4);
        boolean rootOk = w.modPow(BigInteger.TWO, p).equals(small.radixBig()) && w.modPow(BigInteger.valueOf(8), p)
                .equals(p.subtract(BigInteger.ONE)) && small.toBigInteger(wm, 0).equals(w);
        out.println("  w = " + w + ": w^2 = r, w^8 = -1 (order 16), equal to GfField.rootOfUnity(4): " + rootOk);
        mismatches += rootOk ? 0 : 1;
        comparisons += 5;
        out.println();

        GfField p3 = GfPreset.SRGF8.field();
        FermatFieldTutorial big = new FermatFieldTutorial(p3, null);
        BigInteger q = p3.modulus();
        Random rnd = new Random(3);
        long[] zz = new long[p3.k()];
        int bad = 0;
        int pairs = 200;
        for (int n = 0; n < pairs; n++) {
            BigInteger a = n == 0 ? q.subtract(BigInteger.ONE) : new BigInteger(q.bitLength() + 8, rnd).mod(q);
            BigInteger b = n == 1 ? q.subtract(BigInteger.ONE) : new BigInteger(q.bitLength() + 8, rnd).mod(q);
            int i = rnd.nextInt(2 * p3.k());
            BigInteger[] da = big.digits(a);
            BigInteger[] db = big.digits(b);
            p3.add(p3.element(a), 0, p3.element(b), 0, zz, 0);
            bad += compare("add", p3, big.add(da, db), big, a.add(b).mod(q), zz, null);
            p3.mulPowR(p3.element(a), 0, i, zz, 0);
            bad += compare("mulPowR", p3, big.mulPowR(da, i), big, a.multiply(p3.radixBig().pow(i)).mod(q), zz, null);
            p3.mul(p3.element(a), 0, p3.element(b), 0, zz, 0);
            bad += compare("mul", p3, big.mul(da, db), big, a.multiply(b).mod(q), zz, null);
        }
        BigInteger w3 = big.rootOfUnity(20);
        boolean root3 = p3.toBigInteger(p3.rootOfUnity(20), 0).equals(w3)
                && w3.modPow(BigInteger.ONE.shiftLeft(20 - 4), q).equals(p3.radixBig());
        bad += root3 ? 0 : 1;
        comparisons += 3 * pairs + 1;
        mismatches += bad;
        out.println("P3 = (2^63 + 2^34)^8 + 1: Algorithms 2, 3 and the shift on " + pairs
                + " random pairs (p - 1 included), and Algorithm 1 for N = 2^20: "
                + (bad == 0 ? "all equal to BigInteger mod p and to GfField" : bad + " MISMATCHES"));
        return new Result(comparisons, mismatches);
    }

    public static void main(String[] args) {
        Result r = run(System.out);
        if (r.mismatches() != 0) {
            System.exit(1);
        }
    }
}
