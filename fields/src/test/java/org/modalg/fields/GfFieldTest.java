package org.modalg.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.modalg.fields.GfTestSupport.JUNK;
import static org.modalg.fields.GfTestSupport.assertElement;
import static org.modalg.fields.GfTestSupport.assertSameDigits;
import static org.modalg.fields.GfTestSupport.assertUntouched;
import static org.modalg.fields.GfTestSupport.digits;
import static org.modalg.fields.GfTestSupport.edges;
import static org.modalg.fields.GfTestSupport.elem;
import static org.modalg.fields.GfTestSupport.elemOfDigits;
import static org.modalg.fields.GfTestSupport.randomElem;
import static org.modalg.fields.GfTestSupport.scaled;
import static org.modalg.fields.GfTestSupport.uniformElem;
import static org.modalg.fields.GfTestSupport.where;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.modalg.fields.GfTestSupport.Elem;
import org.opentest4j.AssertionFailedError;

/**
 * Every operation of {@link GfField} and {@link GfArithmetic}, for every {@link GfPreset},
 * against BigInteger arithmetic modulo p = r^k + 1, on edge values that force every carry and
 * borrow path and on random elements. Every result must be the canonical representation.
 */
class GfFieldTest {

    /** c = op(a, b) on elements at offsets. */
    interface Bin {
        void apply(long[] a, int ao, long[] b, int bo, long[] c, int co);
    }

    /** c = op(a) on elements at offsets. */
    interface Un {
        void apply(long[] a, int ao, long[] c, int co);
    }

    /** A named implementation of a binary operation. */
    static final class Impl {
        final String name;
        final Bin fn;

        Impl(String name, Bin fn) {
            this.name = name;
            this.fn = fn;
        }
    }

    private static List<Impl> addImpls(GfField f) {
        GfArithmetic a = f.arithmetic();
        return List.of(new Impl("GfField.add", f::add), new Impl("GfArithmetic.add", a::add));
    }

    private static List<Impl> subImpls(GfField f) {
        GfArithmetic a = f.arithmetic();
        return List.of(new Impl("GfField.sub", f::sub), new Impl("GfArithmetic.sub", a::sub));
    }

    private static List<Impl> mulImpls(GfField f) {
        GfArithmetic a = f.arithmetic();
        GfArithmetic.Workspace ws = a.newWorkspace();
        List<Impl> l = new ArrayList<>();
        l.add(new Impl("GfArithmetic.mulPlain", (x, xo, y, yo, z, zo) -> a.mulPlain(x, xo, y, yo, z, zo, ws)));
        l.add(new Impl("GfArithmetic.mulFft", (x, xo, y, yo, z, zo) -> a.mulFft(x, xo, y, yo, z, zo, ws)));
        l.add(new Impl("GfArithmetic.mulPlain(no ws)", a::mulPlain));
        l.add(new Impl("GfArithmetic.mulFft(no ws)", a::mulFft));
        l.add(new Impl("GfArithmetic.mul", (x, xo, y, yo, z, zo) -> a.mul(x, xo, y, yo, z, zo, ws)));
        l.add(new Impl("GfArithmetic.mulPrepared", (x, xo, y, yo, z, zo) -> {
            long[] yHat = new long[a.preparedLength() + 2];
            a.prepare(y, yo, yHat, 2);
            a.mulPrepared(x, xo, y, yo, yHat, 2, z, zo, ws);
        }));
        l.add(new Impl("GfField.mul", f::mul));
        return l;
    }

    /**
     * Runs every implementation on (x, y) with inputs and output at different offsets of
     * junk-padded arrays; the first result is checked against the oracle, the others must have
     * identical digits. Inputs must be left unchanged and nothing outside the output written.
     */
    private static void checkBinary(GfField f, List<Impl> impls, Elem x, Elem y, BigInteger expected) {
        int k = f.k();
        long[] first = null;
        for (Impl impl : impls) {
            long[] a = GfTestSupport.placed(x, k, 1);
            long[] b = GfTestSupport.placed(y, k, 2);
            long[] c = new long[k + 3];
            Arrays.fill(c, JUNK);
            impl.fn.apply(a, 1, b, 2, c, 2);
            Supplier<String> msg = () -> where(f) + " " + impl.name + "(" + x + ", " + y + ")";
            if (first == null) {
                assertElement(f, expected, c, 2, msg);
                first = Arrays.copyOfRange(c, 2, 2 + k);
            } else {
                assertSameDigits(first, c, 2, k, msg);
            }
            assertUntouched(c, 0, 2, JUNK, msg);
            assertUntouched(c, 2 + k, k + 3, JUNK, msg);
            assertSameDigits(x.d, a, 1, k, () -> msg.get() + " modified its first operand");
            assertSameDigits(y.d, b, 2, k, () -> msg.get() + " modified its second operand");
        }
    }

    private static void checkAll(GfField f, List<Impl> impls, List<Elem[]> pairs, BinaryOperator<BigInteger> oracle) {
        for (Elem[] xy : pairs) {
            checkBinary(f, impls, xy[0], xy[1], oracle.apply(xy[0].v, xy[1].v));
        }
    }

    private static List<Elem[]> cross(List<Elem> xs, List<Elem> ys) {
        List<Elem[]> pairs = new ArrayList<>();
        for (Elem x : xs) {
            for (Elem y : ys) {
                pairs.add(new Elem[] {x, y});
            }
        }
        return pairs;
    }

    private static List<Elem> randoms(GfField f, Random rnd, int n) {
        List<Elem> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(i % 4 == 3 ? uniformElem(f, rnd) : randomElem(f, rnd));
        }
        return l;
    }

    private static long[] single(int k, int j, long digit) {
        long[] d = new long[k];
        d[j] = digit;
        return d;
    }

    // ------------------------------------------------------------------ conversions

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void conversionsRoundTrip(GfPreset preset) {
        checkConversionsRoundTrip(preset.field());
    }

    static void checkConversionsRoundTrip(GfField f) {
        int k = f.k();
        BigInteger p = f.modulus();
        Random rnd = GfTestSupport.random("conv" + f.name());
        List<BigInteger> inputs = new ArrayList<>();
        List<Elem> elems = edges(f, true);
        elems.addAll(randoms(f, rnd, scaled(40, k)));
        for (Elem e : elems) {
            GfTestSupport.checkOracle(f, e);
            inputs.add(e.v);
            if (k >= 64 && e.label.contains("r^")) {
                if (rnd.nextInt(4) == 0) {
                    inputs.add(e.v.add(p.multiply(new BigInteger(70, rnd)))); // powers of r at large k: fewer
                }
                continue;
            }
            inputs.add(e.v.add(p.multiply(new BigInteger(70, rnd))));
            inputs.add(e.v.add(p));
            inputs.add(e.v.subtract(p));
            inputs.add(e.v.negate());
            inputs.add(e.v.subtract(p.multiply(new BigInteger(70, rnd))));
        }
        inputs.add(p);
        inputs.add(p.negate());
        inputs.add(p.shiftLeft(200).add(BigInteger.ONE));
        inputs.add(BigInteger.valueOf(Long.MIN_VALUE));
        inputs.add(BigInteger.ONE.shiftLeft(p.bitLength() * 3).negate());
        for (int i = 0; i < scaled(60, k); i++) {
            BigInteger v = new BigInteger(1 + rnd.nextInt(3 * p.bitLength()), rnd);
            inputs.add(rnd.nextBoolean() ? v : v.negate());
        }
        for (BigInteger v : inputs) {
            long[] want = digits(f, v);
            Supplier<String> msg = () -> where(f) + " fromBigInteger(" + (v.bitLength() < 300 ? v : v.bitLength()
                    + "-bit value") + ")";
            long[] dst = new long[k + 4];
            Arrays.fill(dst, JUNK);
            f.fromBigInteger(v, dst, 3);
            assertSameDigits(want, dst, 3, k, msg);
            assertUntouched(dst, 0, 3, JUNK, msg);
            assertUntouched(dst, 3 + k, k + 4, JUNK, msg);
            assertTrue(f.isCanonical(dst, 3), msg);
            assertEquals(v.mod(p), f.toBigInteger(dst, 3), msg);
            assertSameDigits(want, f.element(v), 0, k, () -> msg.get() + " via element()");
        }
        for (long x : new long[] {0, 1, -1, 2, -2, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, rnd.nextLong()}) {
            assertSameDigits(digits(f, BigInteger.valueOf(x)), f.element(x), 0, k,
                    () -> where(f) + " element(" + x + ")");
        }
        // toBigInteger reads the special representation r^k as p - 1
        long[] special = new long[k];
        special[k - 1] = f.radix();
        assertEquals(p.subtract(BigInteger.ONE), f.toBigInteger(special, 0), where(f));
        // powerOfRadix and random
        for (int i = -2 * k - 1; i <= 2 * k + 1; i++) {
            int e = i;
            assertSameDigits(digits(f, f.radixBig().modPow(BigInteger.valueOf(i), p)), f.powerOfRadix(i), 0, k,
                    () -> where(f) + " powerOfRadix(" + e + ")");
        }
        for (int i = 0; i < 5; i++) {
            long[] z = f.random(rnd);
            assertTrue(GfTestSupport.canonical(z, 0, k, f.radix()), where(f) + " random() not canonical");
        }
    }

    // ------------------------------------------------------------------ addition

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void addAgainstBigInteger(GfPreset preset) {
        checkAddAgainstBigInteger(preset.field());
    }

    static void checkAddAgainstBigInteger(GfField f) {
        int k = f.k();
        long r = f.radix();
        BigInteger p = f.modulus();
        Random rnd = GfTestSupport.random("add" + f.name());
        List<Elem> core = edges(f, false);
        List<Elem> all = edges(f, true);
        List<Elem[]> pairs = cross(all, core);
        pairs.addAll(cross(core, k >= 64 ? core : all)); // r^i on the right: the per-digit cases below
        // every carry path: digit j = r - 1 plus 1 at digit j, with the digits above r - 1
        // (the carry runs to the top and wraps) or random (it stops somewhere)
        for (int j = 0; j < k; j++) {
            Elem oneAtJ = elemOfDigits(f, "r^" + j, single(k, j, 1));
            long[] d = new long[k];
            d[j] = r - 1;
            pairs.add(new Elem[] {elemOfDigits(f, "(r-1)r^" + j, d.clone()), oneAtJ});
            for (int i = j + 1; i < k; i++) {
                d[i] = r - 1;
            }
            Elem chain = elemOfDigits(f, "r^k-r^" + j, d.clone()); // + r^j lands on r^k
            pairs.add(new Elem[] {chain, oneAtJ});
            pairs.add(new Elem[] {oneAtJ, chain});
            // a carry into every digit from below
            long[] lowFull = new long[k];
            Arrays.fill(lowFull, 0, j + 1, r - 1);
            pairs.add(new Elem[] {elemOfDigits(f, "r^" + (j + 1) + "-1", lowFull), elemOfDigits(f, "1", single(k, 0, 1))});
            // digit j = r - 1 - s plus s + 1 or s + 2 (a sum of r or r + 1), random digits above
            if (Long.compareUnsigned(r, 4) <= 0) {
                continue;
            }
            long s = j % 3;
            d[j] = r - 1 - s;
            for (int i = j + 1; i < k; i++) {
                d[i] = GfTestSupport.digit(rnd, r);
            }
            pairs.add(new Elem[] {elemOfDigits(f, "rnd(r-1-s)@" + j, d.clone()),
                    elemOfDigits(f, "d@" + j, single(k, j, s + 1 + (rnd.nextBoolean() ? 0 : 1)))});
        }
        List<Elem> rs = randoms(f, rnd, scaled(150, k));
        for (Elem x : rs) {
            BigInteger xv = x.v;
            pairs.add(new Elem[] {x, elem(f, "p-1-x", p.subtract(BigInteger.ONE).subtract(xv))}); // = r^k
            pairs.add(new Elem[] {x, elem(f, "p-x", p.subtract(xv))}); // = 0
            pairs.add(new Elem[] {x, rs.get(rnd.nextInt(rs.size()))});
            pairs.add(new Elem[] {x, x});
        }
        checkAll(f, addImpls(f), pairs, BigInteger::add);
    }

    // ------------------------------------------------------------------ subtraction

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void subAgainstBigInteger(GfPreset preset) {
        checkSubAgainstBigInteger(preset.field());
    }

    static void checkSubAgainstBigInteger(GfField f) {
        int k = f.k();
        long r = f.radix();
        Random rnd = GfTestSupport.random("sub" + f.name());
        List<Elem> core = edges(f, false);
        List<Elem> all = edges(f, true);
        List<Elem[]> pairs = cross(all, core);
        pairs.addAll(cross(core, k >= 64 ? core : all)); // r^i on the right: the per-digit cases below
        Elem zero = elem(f, "0", BigInteger.ZERO);
        // every borrow path: 0 - (single nonzero digit at j), and r^i - r^j
        for (int j = 0; j < k; j++) {
            for (long dj : new long[] {1, r - 1, 2 % r, Long.remainderUnsigned(rnd.nextLong(), r - 1) + 1}) {
                Elem y = elemOfDigits(f, dj + "*r^" + j, single(k, j, dj));
                pairs.add(new Elem[] {zero, y});
                pairs.add(new Elem[] {y, zero});
            }
        }
        int stride = k >= 64 ? 7 : 1; // all (i, j) for k <= 32, a lattice plus the diagonals above
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                if (stride == 1 || (i % stride == 0 && j % stride == 3) || Math.abs(i - j) <= 1 || j == 0
                        || j == k - 1) {
                    pairs.add(new Elem[] {elemOfDigits(f, "r^" + i, single(k, i, 1)),
                            elemOfDigits(f, "r^" + j, single(k, j, 1))});
                }
            }
        }
        long[] special = single(k, k - 1, r);
        Elem rk = elemOfDigits(f, "r^k", special);
        List<Elem> rs = randoms(f, rnd, scaled(150, k));
        for (Elem x : rs) {
            pairs.add(new Elem[] {x, x});
            pairs.add(new Elem[] {rk, x});
            pairs.add(new Elem[] {x, rk});
            pairs.add(new Elem[] {x, rs.get(rnd.nextInt(rs.size()))});
            pairs.add(new Elem[] {zero, x});
        }
        checkAll(f, subImpls(f), pairs, BigInteger::subtract);
    }

    // ------------------------------------------------------------------ negation, isZero

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void negAndIsZero(GfPreset preset) {
        checkNegAndIsZero(preset.field());
    }

    static void checkNegAndIsZero(GfField f) {
        int k = f.k();
        Random rnd = GfTestSupport.random("neg" + f.name());
        List<Elem> xs = edges(f, true);
        xs.addAll(randoms(f, rnd, scaled(200, k)));
        GfArithmetic ar = f.arithmetic();
        for (Elem x : xs) {
            for (int impl = 0; impl < 2; impl++) {
                long[] a = GfTestSupport.placed(x, k, 1);
                long[] c = new long[k + 2];
                Arrays.fill(c, JUNK);
                String name = impl == 0 ? "GfField.neg" : "GfArithmetic.neg";
                if (impl == 0) {
                    f.neg(a, 1, c, 1);
                } else {
                    ar.neg(a, 1, c, 1);
                }
                Supplier<String> msg = () -> where(f) + " " + name + "(" + x + ")";
                assertElement(f, x.v.negate(), c, 1, msg);
                assertUntouched(c, 0, 1, JUNK, msg);
                assertUntouched(c, k + 1, k + 2, JUNK, msg);
                assertSameDigits(x.d, a, 1, k, msg);
            }
            long[] a = GfTestSupport.placed(x, k, 2);
            boolean zero = x.v.signum() == 0;
            assertEquals(zero, f.isZero(a, 2), () -> where(f) + " GfField.isZero(" + x + ")");
            assertEquals(zero, ar.isZero(a, 2), () -> where(f) + " GfArithmetic.isZero(" + x + ")");
        }
    }

    // ------------------------------------------------------------------ multiplication

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void mulAgainstBigInteger(GfPreset preset) {
        checkMulAgainstBigInteger(preset.field());
    }

    static void checkMulAgainstBigInteger(GfField f) {
        int k = f.k();
        long r = f.radix();
        Random rnd = GfTestSupport.random("mul" + f.name());
        List<Elem> core = edges(f, false);
        List<Elem[]> pairs = cross(core, core);
        List<Elem> rs = randoms(f, rnd, scaled(120, k));
        // the extreme convolution coefficients: +k (r-1)^2 and -(k-1) (r-1)^2
        long[] full = new long[k];
        Arrays.fill(full, r - 1);
        long[] fullButLow = full.clone();
        fullButLow[0] = 0;
        Elem ef = elemOfDigits(f, "all r-1", full);
        Elem efl = elemOfDigits(f, "all r-1 but low", fullButLow);
        pairs.add(new Elem[] {ef, ef});
        pairs.add(new Elem[] {efl, efl});
        pairs.add(new Elem[] {ef, efl});
        for (int i = 0; i < k; i++) {
            Elem ri = elemOfDigits(f, "r^" + i, single(k, i, 1));
            Elem di = elemOfDigits(f, "(r-1)r^" + i, single(k, i, r - 1));
            pairs.add(new Elem[] {ri, rs.get(i % rs.size())});
            pairs.add(new Elem[] {rs.get((i + 1) % rs.size()), di});
            pairs.add(new Elem[] {di, ef});
        }
        for (Elem x : rs) {
            pairs.add(new Elem[] {x, rs.get(rnd.nextInt(rs.size()))});
            pairs.add(new Elem[] {x, x});
            pairs.add(new Elem[] {x, core.get(rnd.nextInt(core.size()))});
        }
        checkAll(f, mulImpls(f), pairs, BigInteger::multiply);
    }

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void mulPlainAndMulFftAgreeOnManyRandomProducts(GfPreset preset) {
        checkMulPlainAndMulFftAgree(preset.field(), scaled(300, preset.k()));
    }

    /** A cheaper cross-check with more iterations: the two methods must give identical digits. */
    static void checkMulPlainAndMulFftAgree(GfField f, int iterations) {
        int k = f.k();
        GfArithmetic a = f.arithmetic();
        GfArithmetic.Workspace ws = a.newWorkspace();
        Random rnd = GfTestSupport.random("plainfft" + f.name());
        long[] zp = new long[k];
        long[] zf = new long[k];
        for (int i = 0; i < iterations; i++) {
            Elem x = randomElem(f, rnd);
            Elem y = randomElem(f, rnd);
            a.mulPlain(x.d, 0, y.d, 0, zp, 0, ws);
            a.mulFft(x.d, 0, y.d, 0, zf, 0, ws);
            assertSameDigits(zp, zf, 0, k, () -> where(f) + " mulPlain vs mulFft (" + x + ", " + y + ")");
            assertTrue(GfTestSupport.canonical(zp, 0, k, f.radix()), () -> where(f) + " not canonical");
        }
    }

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void preparedMultiplierIsReusable(GfPreset preset) {
        checkPreparedMultiplier(preset.field());
    }

    /**
     * One prepared multiplier y times many x: every product against the oracle, the prepared
     * form written only inside its range and never changed by its uses.
     */
    static void checkPreparedMultiplier(GfField f) {
        int k = f.k();
        GfArithmetic a = f.arithmetic();
        GfArithmetic.Workspace ws = a.newWorkspace();
        assertEquals(a.fftPrimeCount() * k, a.preparedLength(), where(f));
        assertTrue(a.fftPrimeCount() == 2 || a.fftPrimeCount() == 3, where(f));
        assertEquals(k >= f.fftThreshold(), a.usesFft(), where(f));
        Random rnd = GfTestSupport.random("prepared" + f.name());
        List<Elem> ys = new ArrayList<>(edges(f, false).subList(0, Math.min(8, edges(f, false).size())));
        ys.addAll(randoms(f, rnd, 3));
        List<Elem> xs = edges(f, false);
        xs.addAll(randoms(f, rnd, scaled(20, k)));
        int len = a.preparedLength();
        for (Elem y : ys) {
            long[] yHat = new long[len + 5];
            Arrays.fill(yHat, JUNK);
            a.prepare(y.d.clone(), 0, yHat, 3);
            Supplier<String> pm = () -> where(f) + " prepare(" + y + ")";
            assertUntouched(yHat, 0, 3, JUNK, pm);
            assertUntouched(yHat, 3 + len, len + 5, JUNK, pm);
            long[] snapshot = yHat.clone();
            for (Elem x : xs) {
                long[] z = new long[k + 1];
                Arrays.fill(z, JUNK);
                a.mulPrepared(x.d, 0, y.d, 0, yHat, 3, z, 1, ws);
                Supplier<String> msg = () -> where(f) + " mulPrepared(" + x + ", " + y + ")";
                assertElement(f, x.v.multiply(y.v), z, 1, msg);
                assertEquals(JUNK, z[0], msg);
            }
            assertArrayEquals(snapshot, yHat, () -> pm.get() + ": the prepared form changed while in use");
        }
    }

    // ------------------------------------------------------------------ multiplication by r^i

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void mulPowRForEveryExponent(GfPreset preset) {
        checkMulPowRForEveryExponent(preset.field());
    }

    static void checkMulPowRForEveryExponent(GfField f) {
        int k = f.k();
        BigInteger p = f.modulus();
        Random rnd = GfTestSupport.random("powr" + f.name());
        List<Elem> xs = edges(f, false);
        xs.addAll(randoms(f, rnd, scaled(12, k)));
        for (int j : new int[] {0, 1, k / 2, k - 1}) {
            if (j >= k) {
                continue;
            }
            xs.add(elemOfDigits(f, "r^" + j, single(k, j, 1)));
            xs.add(elemOfDigits(f, "(r-1)r^" + j, single(k, j, f.radix() - 1)));
        }
        List<Integer> exps = new ArrayList<>();
        for (int i = 0; i < 2 * k; i++) {
            exps.add(i);
        }
        for (int i : new int[] {-1, -2, -k, -k - 1, -2 * k, -2 * k - 1, -6 * k + 3, 2 * k, 2 * k + 1, 3 * k,
            4 * k + 5, 1000 * k + 7, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -Integer.MAX_VALUE}) {
            exps.add(i);
        }
        GfArithmetic ar = f.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        for (int i : exps) {
            BigInteger ri = f.radixBig().modPow(BigInteger.valueOf(i), p); // negative i: inverse
            for (Elem x : xs) {
                Supplier<String> msg = () -> where(f) + " mulPowR(" + x + ", " + i + ")";
                long[] a = GfTestSupport.placed(x, k, 1);
                long[] c = new long[k + 2];
                Arrays.fill(c, JUNK);
                f.mulPowR(a, 1, i, c, 1);
                assertElement(f, x.v.multiply(ri), c, 1, msg);
                assertUntouched(c, 0, 1, JUNK, msg);
                assertUntouched(c, k + 1, k + 2, JUNK, msg);
                assertSameDigits(x.d, a, 1, k, msg);
                long[] c2 = new long[k];
                ar.mulPowR(a, 1, i, c2, 0);
                assertSameDigits(Arrays.copyOfRange(c, 1, k + 1), c2, 0, k, () -> msg.get() + " GfArithmetic");
                long[] c3 = new long[k + 1];
                ar.mulPowR(a, 1, i, c3, 1, ws);
                assertSameDigits(Arrays.copyOfRange(c, 1, k + 1), c3, 1, k, () -> msg.get() + " GfArithmetic(ws)");
            }
        }
    }

    // ------------------------------------------------------------------ pow and inv

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void powAgainstBigInteger(GfPreset preset) {
        checkPowAgainstBigInteger(preset.field());
    }

    static void checkPowAgainstBigInteger(GfField f) {
        int k = f.k();
        BigInteger p = f.modulus();
        BigInteger pm1 = p.subtract(BigInteger.ONE);
        Random rnd = GfTestSupport.random("pow" + f.name());
        boolean slow = k >= 64;
        List<Elem> xs = new ArrayList<>(edges(f, false));
        xs.addAll(randoms(f, rnd, slow ? 2 : 6));
        List<BigInteger> small = new ArrayList<>();
        for (long e : new long[] {0, 1, 2, 3, 7, 2L * k, 2L * k + 1, 1L << 20}) {
            small.add(BigInteger.valueOf(e));
        }
        small.add(new BigInteger(64, rnd));
        List<BigInteger> large = new ArrayList<>(List.of(pm1, p, p.add(BigInteger.ONE), p.subtract(BigInteger.TWO),
                BigInteger.ONE.negate(), BigInteger.TWO.negate(), new BigInteger(64, rnd).negate(),
                pm1.negate(), new BigInteger(p.bitLength() + 20, rnd), new BigInteger(p.bitLength() + 5, rnd).negate()));
        Elem zero = elem(f, "0", BigInteger.ZERO);
        for (Elem x : xs) {
            for (BigInteger e : small) {
                checkPow(f, x, e);
            }
        }
        // full-size exponents cost about bitLength(p) multiplications each: fewer where k is large
        Elem special = xs.stream().filter(e -> e.label.equals("p-1")).findFirst().orElseThrow(); // r^k
        if (slow) {
            Elem x = xs.get(xs.size() - 1);
            checkPow(f, x, BigInteger.ONE.negate());
            if (k < 128) {
                checkPow(f, x, large.get(8));
            }
            checkPow(f, special, large.get(9));
        } else {
            List<Elem> bigBases = new ArrayList<>(xs.subList(xs.size() - (k >= 32 ? 2 : k >= 16 ? 3 : 8), xs.size()));
            bigBases.add(special);
            for (Elem x : bigBases) {
                for (BigInteger e : large) {
                    checkPow(f, x, e);
                }
            }
        }
        // zero: 0^0 = 1, 0^e = 0 for e > 0 (also when e is a multiple of p - 1), 0^-e has no value
        for (BigInteger e : List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(5), pm1, pm1.shiftLeft(3))) {
            checkPow(f, zero, e);
        }
        for (BigInteger e : List.of(BigInteger.ONE.negate(), pm1.negate())) {
            long[] c = new long[k];
            Arrays.fill(c, JUNK);
            assertThrows(ArithmeticException.class, () -> f.pow(zero.d.clone(), 0, e, c, 0),
                    () -> where(f) + " 0^" + e);
        }
    }

    private static void checkPow(GfField f, Elem x, BigInteger e) {
        int k = f.k();
        BigInteger p = f.modulus();
        BigInteger expected = x.v.signum() == 0 && e.signum() == 0 ? BigInteger.ONE
                : e.signum() >= 0 ? x.v.modPow(e, p) : x.v.modInverse(p).modPow(e.negate(), p);
        long[] a = GfTestSupport.placed(x, k, 1);
        long[] c = new long[k + 2];
        Arrays.fill(c, JUNK);
        f.pow(a, 1, e, c, 1);
        Supplier<String> msg = () -> where(f) + " pow(" + x + ", " + (e.bitLength() < 100 ? e : e.bitLength() + "-bit "
                + (e.signum() < 0 ? "negative " : "") + "exponent") + ")";
        assertElement(f, expected, c, 1, msg);
        assertUntouched(c, 0, 1, JUNK, msg);
        assertUntouched(c, k + 1, k + 2, JUNK, msg);
        assertSameDigits(x.d, a, 1, k, msg);
    }

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void invAgainstBigInteger(GfPreset preset) {
        checkInvAgainstBigInteger(preset.field());
    }

    static void checkInvAgainstBigInteger(GfField f) {
        int k = f.k();
        BigInteger p = f.modulus();
        Random rnd = GfTestSupport.random("inv" + f.name());
        List<Elem> xs = edges(f, k < 64); // BigInteger modInverse costs milliseconds at k >= 64
        for (int j : new int[] {Math.min(1, k - 1), k / 2, k - 1}) {
            xs.add(elemOfDigits(f, "r^" + j, single(k, j, 1)));
        }
        xs.addAll(randoms(f, rnd, scaled(60, k)));
        for (Elem x : xs) {
            long[] a = GfTestSupport.placed(x, k, 1);
            long[] c = new long[k + 2];
            Arrays.fill(c, JUNK);
            if (x.v.signum() == 0) {
                assertThrows(ArithmeticException.class, () -> f.inv(a, 1, c, 1), () -> where(f) + " inv(0)");
                assertUntouched(c, 0, k + 2, JUNK, () -> where(f) + " inv(0) wrote its output");
                continue;
            }
            f.inv(a, 1, c, 1);
            Supplier<String> msg = () -> where(f) + " inv(" + x + ")";
            assertElement(f, x.v.modInverse(p), c, 1, msg);
            assertEquals(BigInteger.ONE, GfTestSupport.value(f, c, 1).multiply(x.v).mod(p), msg);
            assertUntouched(c, 0, 1, JUNK, msg);
            assertUntouched(c, k + 1, k + 2, JUNK, msg);
            assertSameDigits(x.d, a, 1, k, msg);
        }
    }

    // ------------------------------------------------------------------ aliasing

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void outputMayAliasAnInput(GfPreset preset) {
        checkOutputMayAliasAnInput(preset.field());
    }

    static void checkOutputMayAliasAnInput(GfField f) {
        int k = f.k();
        BigInteger p = f.modulus();
        Random rnd = GfTestSupport.random("alias" + f.name());
        GfArithmetic ar = f.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        List<Elem> xs = edges(f, false);
        xs.addAll(randoms(f, rnd, scaled(8, k)));
        List<Impl> bins = new ArrayList<>();
        bins.addAll(addImpls(f));
        bins.addAll(subImpls(f));
        bins.addAll(mulImpls(f));
        List<BinaryOperator<BigInteger>> oracles = new ArrayList<>();
        for (Impl impl : bins) {
            oracles.add(impl.name.endsWith("add") ? BigInteger::add
                    : impl.name.endsWith("sub") ? BigInteger::subtract : BigInteger::multiply);
        }
        for (int t = 0; t < xs.size(); t++) {
            Elem x = xs.get(t);
            Elem y = xs.get(rnd.nextInt(xs.size()));
            for (int m = 0; m < bins.size(); m++) {
                Impl impl = bins.get(m);
                BinaryOperator<BigInteger> oracle = oracles.get(m);
                // x and y in one array at offsets 1 and 1 + k, the output over x, over y, and
                // x op x with all three ranges equal
                for (int mode = 0; mode < 3; mode++) {
                    long[] v = new long[2 * k + 2];
                    Arrays.fill(v, JUNK);
                    System.arraycopy(x.d, 0, v, 1, k);
                    System.arraycopy(y.d, 0, v, 1 + k, k);
                    int md = mode;
                    Supplier<String> msg = () -> where(f) + " " + impl.name + " aliased (mode " + md + ") ("
                            + x + ", " + (md == 2 ? x : y) + ")";
                    BigInteger expected;
                    int out;
                    if (mode == 0) {
                        impl.fn.apply(v, 1, v, 1 + k, v, 1);
                        expected = oracle.apply(x.v, y.v);
                        out = 1;
                        assertSameDigits(y.d, v, 1 + k, k, msg);
                    } else if (mode == 1) {
                        impl.fn.apply(v, 1, v, 1 + k, v, 1 + k);
                        expected = oracle.apply(x.v, y.v);
                        out = 1 + k;
                        assertSameDigits(x.d, v, 1, k, msg);
                    } else {
                        impl.fn.apply(v, 1, v, 1, v, 1);
                        expected = oracle.apply(x.v, x.v);
                        out = 1;
                        assertSameDigits(y.d, v, 1 + k, k, msg);
                    }
                    assertElement(f, expected, v, out, msg);
                    assertEquals(JUNK, v[0], msg);
                    assertEquals(JUNK, v[2 * k + 1], msg);
                }
            }
            // unary operations in place
            List<Object[]> unary = new ArrayList<>();
            unary.add(new Object[] {"GfField.neg", (Un) f::neg, x.v.negate()});
            unary.add(new Object[] {"GfArithmetic.neg", (Un) ar::neg, x.v.negate()});
            for (int i : new int[] {0, 1, k - 1, k, k + 1, 2 * k - 1, -1, 5 * k + 2}) {
                BigInteger want = x.v.multiply(f.radixBig().modPow(BigInteger.valueOf(i), p));
                unary.add(new Object[] {"GfField.mulPowR " + i, (Un) (a, ao, c, co) -> f.mulPowR(a, ao, i, c, co), want});
                unary.add(new Object[] {"GfArithmetic.mulPowR(ws) " + i,
                    (Un) (a, ao, c, co) -> ar.mulPowR(a, ao, i, c, co, ws), want});
                unary.add(new Object[] {"GfArithmetic.mulPowR " + i,
                    (Un) (a, ao, c, co) -> ar.mulPowR(a, ao, i, c, co), want});
            }
            BigInteger e = BigInteger.valueOf(2 + rnd.nextInt(1000));
            unary.add(new Object[] {"GfField.pow " + e, (Un) (a, ao, c, co) -> f.pow(a, ao, e, c, co), x.v.modPow(e, p)});
            // a^-1 = a^(p-2) takes bitLength(p) products: for a few elements only where k is large
            if (x.v.signum() != 0 && (k < 16 || t < (k < 64 ? 3 : 1))) {
                unary.add(new Object[] {"GfField.inv", (Un) f::inv, x.v.modInverse(p)});
                unary.add(new Object[] {"GfField.pow -1", (Un) (a, ao, c, co) -> f.pow(a, ao, BigInteger.ONE.negate(),
                        c, co), x.v.modInverse(p)});
            }
            for (Object[] u : unary) {
                long[] v = GfTestSupport.placed(x, k, 1);
                ((Un) u[1]).apply(v, 1, v, 1);
                Supplier<String> msg = () -> where(f) + " " + u[0] + " in place (" + x + ")";
                assertElement(f, (BigInteger) u[2], v, 1, msg);
                assertEquals(JUNK, v[0], msg);
                assertEquals(JUNK, v[k + 1], msg);
            }
        }
    }

    // ------------------------------------------------------------------ canonical form

    @ParameterizedTest
    @EnumSource(GfPreset.class)
    void canonicalFormIsDetected(GfPreset preset) {
        checkCanonicalFormIsDetected(preset.field());
    }

    static void checkCanonicalFormIsDetected(GfField f) {
        int k = f.k();
        long r = f.radix();
        for (Elem e : edges(f, true)) {
            assertTrue(f.isCanonical(GfTestSupport.placed(e, k, 2), 2), () -> where(f) + " isCanonical(" + e + ")");
        }
        List<long[]> bad = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            bad.add(single(k, j, r + 1 == 0 ? r : r + 1)); // digit above r (or r itself when r = 2^64 - 1)
            bad.add(single(k, j, -1L));                     // 2^64 - 1
            if (j < k - 1) {
                bad.add(single(k, j, r));                   // r below the top digit
                long[] d = single(k, k - 1, r);             // top = r but another digit nonzero
                d[j] = 1;
                bad.add(d);
                long[] d2 = single(k, k - 1, r);
                d2[j] = r - 1;
                bad.add(d2);
            }
        }
        long[] allR = new long[k];
        Arrays.fill(allR, r);
        bad.add(allR);
        for (long[] d : bad) {
            if (GfTestSupport.canonical(d, 0, k, r)) {
                continue; // only when r = 2^64 - 1, not a preset
            }
            long[] placed = new long[k + 1];
            System.arraycopy(d, 0, placed, 1, k);
            assertFalse(f.isCanonical(placed, 1), () -> where(f) + " isCanonical accepts "
                    + GfTestSupport.digitString(d, 0, k));
            IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                    () -> f.checkCanonical(placed, 1, "xs"));
            assertTrue(ex.getMessage().startsWith("xs"), ex.getMessage());
        }
    }

    /** The oracle check used above can fail: a right value in a wrong shape is rejected. */
    @Test
    void oracleRejectsNonCanonicalResults() {
        GfField f = GfPreset.GF8.field();
        int k = f.k();
        long r = f.radix();
        // value p = 0 as digit k-1 = r plus digit 0 = 1 (the "special" top digit with a nonzero digit)
        long[] wrongZero = single(k, k - 1, r);
        wrongZero[0] = 1;
        assertThrows(AssertionFailedError.class,
                () -> assertElement(f, BigInteger.ZERO, wrongZero, () -> "wrong zero"));
        // value r written as digit 0 = r
        long[] wrongR = single(k, 0, r);
        assertThrows(AssertionFailedError.class, () -> assertElement(f, f.radixBig(), wrongR, () -> "wrong r"));
        // value r^k - 1 + ... : all digits r - 1 is p - 2, not p - 1
        long[] full = new long[k];
        Arrays.fill(full, r - 1);
        assertThrows(AssertionFailedError.class,
                () -> assertElement(f, f.modulus().subtract(BigInteger.ONE), full, () -> "p-2 for p-1"));
        // and the right shapes pass
        assertElement(f, f.modulus().subtract(BigInteger.ONE), single(k, k - 1, r), () -> "p-1");
        assertElement(f, f.modulus().subtract(BigInteger.TWO), full, () -> "p-2");
        assertElement(f, f.modulus(), new long[k], () -> "0");
        assertArrayEquals(single(k, 1, 1), digits(f, f.radixBig()));
    }
}
