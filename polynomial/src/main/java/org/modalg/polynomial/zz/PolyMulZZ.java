package org.modalg.polynomial.zz;

import java.math.BigInteger;
import java.util.Arrays;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttPlan;
import org.modalg.fft.bigprime.BigPrimeFftEngine;
import org.modalg.fft.bigprime.CpuBigPrimeFftEngine;
import org.modalg.fields.GfArithmetic;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.polynomial.convolution.PackedCoefficients;
import org.modalg.polynomial.integer.DoubleNttIntMul;
import org.modalg.polynomial.integer.IntegerMultiplication;

/**
 * Multiplication kernels for polynomials over Z on coefficient arrays (increasing degree,
 * offset and length, every entry non-null). This is the unchecked tier under
 * {@link ZZPoly}: preconditions are stated, not validated. The class is package-private
 * because its array type is the current inside representation of {@link ZZPoly} (one
 * {@code BigInteger} per coefficient), which is meant to become packed limbs; the kernels are
 * public static so that further strategies in this package sit beside them under the same
 * naming scheme.
 *
 * <p>Common preconditions: {@code aLen >= 1}, {@code bLen >= 1}, the ranges lie inside their
 * arrays, and {@code c[cOff .. cOff + aLen + bLen - 1)} lies inside {@code c} and overlaps
 * neither input range. Every entry of the output range is written; coefficients may be zero
 * (inputs need not be normalized, and then neither is the output).
 */
public final class PolyMulZZ {
    private PolyMulZZ() {
    }

    /**
     * c = a * b, choosing the algorithm from n = min(aLen, bLen) and the coefficient size
     * bits = max(maxBits(a), maxBits(b)). Candidates:
     * <ul>
     *   <li>{@link #mulClassical}: schoolbook, O(aLen bLen) coefficient products;</li>
     *   <li>{@link #mulKaratsuba}: O(n^1.585) coefficient products (per piece of length n);</li>
     *   <li>{@link #mulKronecker}: both operands packed into one integer each, one integer
     *       product ({@link IntegerMultiplication#multiply});</li>
     *   <li>{@link #mulSmallPrimeNtt}: residues modulo s word-size NTT primes (s from the
     *       signed bound), one batched cyclic convolution, CRT back;</li>
     *   <li>{@link #mulBigPrimeFft}: one FFT over a generalized Fermat prime field
     *       p = r^k + 1 &gt; 2 * bound.</li>
     * </ul>
     * The rule, the first row that holds (the cut-offs depend on bits; defaults and the
     * measurements behind them in {@link Tuning}, each a system property):
     * <table>
     *   <caption>choice by n = min(aLen, bLen) and bits</caption>
     *   <tr><th>condition</th><th>algorithm</th></tr>
     *   <tr><td>n &lt; {@link Tuning#zzKaratsubaThreshold(int)}</td><td>classical</td></tr>
     *   <tr><td>n &lt; {@link Tuning#zzFastThreshold(int)}</td><td>Karatsuba</td></tr>
     *   <tr><td>n &lt; {@link Tuning#zzNttThreshold(int)}</td><td>Kronecker</td></tr>
     *   <tr><td>otherwise</td><td>small-prime NTT</td></tr>
     * </table>
     * With the defaults (measured 2026-11-22 on a 2-vCPU AMD EPYC VM, Java 17, the
     * double-precision NTT routes; the tables depend on the call's thread count,
     * {@code Options.threads()}, by default {@code modalg.threads}), two or more threads / one
     * thread where they differ:
     * <table>
     *   <caption>default choice by coefficient bits and n</caption>
     *   <tr><th>bits</th><th>classical</th><th>Karatsuba</th><th>Kronecker</th><th>small-prime NTT</th></tr>
     *   <tr><td>&lt; 128</td><td>n &lt; 10</td><td>n &lt; 16 / 24</td><td>n &lt; 256 / 32</td>
     *       <td>n &gt;= 256 / 32</td></tr>
     *   <tr><td>128 .. 511</td><td>n &lt; 10, 6, 4 (from 192, 384 bits)</td><td>n &lt; 64</td><td>never</td>
     *       <td>n &gt;= 64</td></tr>
     *   <tr><td>512 .. 1023</td><td>n &lt; 4, 2 (from 768 bits)</td><td>n &lt; 96</td>
     *       <td>never / n &lt; 4096</td><td>n &gt;= 96 / n &gt;= 4096</td></tr>
     *   <tr><td>1024 .. 2047</td><td>n &lt; 2</td><td>n &lt; 96</td><td>n &gt;= 96</td><td>never</td></tr>
     *   <tr><td>2048 .. 8191</td><td>n &lt; 2</td><td>n &lt; 24</td><td>n &gt;= 24</td><td>never</td></tr>
     *   <tr><td>&gt;= 8192</td><td>n &lt; 2</td><td>n &lt; 6</td><td>n &gt;= 6</td><td>never</td></tr>
     * </table>
     * On two threads the NTT route costs at least about 40 to 50 us (hand-offs to the second
     * worker), hence its later start at small coefficients; from about 1500 bits its s^2 Garner
     * cost (s = 2 bits / 49 primes) loses to Kronecker's integer product. The big-prime FFT
     * lost every measured comparison (5 to 12 times slower than the small-prime NTT, see
     * {@link Tuning#ZZ_NTT_ONE_THREAD}): it stays available by name and is never chosen.
     * Unbalanced operands are ruled by the shorter length n.
     *
     * <p>Then the hard limits ({@link #route}): a transform route that cannot take the shape
     * (Kronecker: packed products beyond about 3.2 10^10 bits, {@link #kroneckerFits}; the NTT:
     * products longer than 2^28 or bounds needing more than 4096 primes,
     * {@link ConvolutionPlan#fits}), or whose estimated memory exceeds what the heap has left
     * while the other's does not, gives way to the other, and a product both decline is cut into
     * blocks ({@link #mulBlocks}).
     */
    public static void mul(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                           BigInteger[] c, int cOff) {
        int bitsA = maxBits(a, aOff, aLen);
        int bitsB = maxBits(b, bOff, bLen);
        run(route(bitsA, bitsB, aLen, bLen), a, aOff, aLen, b, bOff, bLen, c, cOff, Math.max(bitsA, bitsB));
    }

    /** The algorithms {@link #route} chooses among. */
    public enum Route {
        CLASSICAL, KARATSUBA, KRONECKER, NTT,
        /** Blocks of both operands, each pair by a transform route ({@link #mulBlocks}). */
        BLOCKS
    }

    /**
     * The route of {@link #mul} for operands of the given lengths and largest coefficient bits:
     * the tuned rule (the table of {@link #mul}), then the hard limits. A transform route that
     * declines the shape ({@link #kroneckerFits}, {@link ConvolutionPlan#fits}) or whose
     * estimated memory exceeds what the heap has left while the other's does not
     * ({@link #kroneckerBytes}, {@link ConvolutionPlan#bytes}) gives way to the other; when
     * both decline, the product is cut into blocks that one of them takes ({@link #BLOCKS}).
     * Pure arithmetic: allocates nothing.
     */
    static Route route(int bitsA, int bitsB, int aLen, int bLen) {
        int bits = Math.max(bitsA, bitsB);
        int n = Math.min(aLen, bLen);
        if (n < Tuning.zzKaratsubaThreshold(bits)) {
            return Route.CLASSICAL;
        }
        if (n < Tuning.zzFastThreshold(bits)) {
            return Route.KARATSUBA;
        }
        if (bitsA == 0 || bitsB == 0) {
            return Route.KRONECKER; // a zero operand: the transform routes return at once
        }
        boolean ntt = n >= Tuning.zzNttThreshold(bits);
        return transformRoute(ntt, bitsA, bitsB, aLen, bLen, availableBytes());
    }

    /**
     * The transform route for the shape when the tuned rule prefers the NTT (ntt) or Kronecker,
     * given the bytes the heap can still give: the preferred route if it takes the shape within
     * memory, else the other if it does, else the preferred one if it takes the shape at all
     * (it may still fit once garbage is collected; otherwise the JVM says how much was asked),
     * else the other, else {@link Route#BLOCKS}.
     */
    public static Route transformRoute(boolean ntt, long bitsA, long bitsB, int aLen, int bLen, long available) {
        boolean kf = kroneckerFits(bitsA, bitsB, aLen, bLen);
        boolean nf = ConvolutionPlan.fits(bitsA, bitsB, aLen, bLen);
        // estimates are rough and the heap holds the operands' garbage too: ask for half again as much
        boolean km = kf && withMargin(kroneckerBytes(bitsA, bitsB, aLen, bLen)) <= available;
        boolean nm = nf && withMargin(ConvolutionPlan.bytes(bitsA, bitsB, aLen, bLen)) <= available;
        Route first = ntt ? Route.NTT : Route.KRONECKER;
        Route second = ntt ? Route.KRONECKER : Route.NTT;
        boolean firstFits = ntt ? nf : kf;
        boolean secondFits = ntt ? kf : nf;
        if (ntt ? nm : km) {
            return first;
        }
        if (ntt ? km : nm) {
            return second;
        }
        return firstFits ? first : secondFits ? second : Route.BLOCKS;
    }

    // An estimate with the headroom the route choice asks for: 1.5 times (the Kronecker route of a
    // 2^20 x 1000-bit product, estimated at 5.6 GB, ran out of a 6.3 GB heap).
    private static long withMargin(long bytes) {
        return bytes > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : bytes + bytes / 2;
    }

    /** What the heap can still give: its maximum less what is in use now (a rough figure). */
    static long availableBytes() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    // c = a b by the given route (bits: the larger coefficient size, for the Karatsuba cut-off).
    private static void run(Route route, BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
            BigInteger[] c, int cOff, int bits) {
        boolean square = a == b && aOff == bOff && aLen == bLen;
        switch (route) {
            case CLASSICAL:
                if (square) {
                    sqrClassical(a, aOff, aLen, c, cOff);
                } else {
                    mulClassical(a, aOff, aLen, b, bOff, bLen, c, cOff);
                }
                break;
            case KARATSUBA:
                if (square) {
                    sqrKaratsuba(a, aOff, aLen, c, cOff, Tuning.zzKaratsubaThreshold(bits));
                } else {
                    mulKaratsuba(a, aOff, aLen, b, bOff, bLen, c, cOff, Tuning.zzKaratsubaThreshold(bits));
                }
                break;
            case KRONECKER:
                mulKronecker(a, aOff, aLen, b, bOff, bLen, c, cOff);
                break;
            case NTT:
                mulSmallPrimeNtt(a, aOff, aLen, b, bOff, bLen, c, cOff);
                break;
            default:
                mulBlocks(a, aOff, aLen, b, bOff, bLen, c, cOff);
        }
    }

    /** Whether the tuned rule alone (no limits) picks the small-prime NTT for n = min(aLen, bLen) and bits. */
    static boolean choosesNtt(int bits, int n) {
        return n >= Tuning.zzKaratsubaThreshold(bits) && n >= Tuning.zzFastThreshold(bits)
                && n >= Tuning.zzNttThreshold(bits);
    }

    /** Whether {@link #route} picks the small-prime NTT for these operands (limits and memory included). */
    static boolean choosesNtt(int bitsA, int bitsB, int aLen, int bLen) {
        return route(bitsA, bitsB, aLen, bLen) == Route.NTT;
    }

    /**
     * c = a^2, choosing the algorithm by the rule of {@link #mul} applied to (a, a).
     * Preconditions as for {@link #mul} with b = a.
     */
    public static void sqr(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff) {
        int bits = maxBits(a, aOff, aLen);
        run(route(bits, bits, aLen, aLen), a, aOff, aLen, a, aOff, aLen, c, cOff, bits);
    }

    // ------------------------------------------------------------------ hard limits

    /*
     * The hard limits of the routes over Z, and where each is checked (every predicate is pure
     * arithmetic in long, so that shapes beyond int range are judged without overflow):
     * - BigInteger holds magnitudes below 2^(2^31 - 1): Kronecker's packed integers never
     *   become BigIntegers (limbs through IntegerMultiplication.multiplyMagnitudes), so this
     *   bounds only the coefficients themselves, and a product whose coefficient leaves the
     *   range throws BigInteger's own ArithmeticException.
     * - Arrays hold at most 2^31 - 9 entries (Limbs.MAX_ARRAY_LENGTH): the packed operands and
     *   the product's limbs (kroneckerFits), the output array (ZZPoly's length check), the
     *   packed coefficients (chunked, ConvolutionPlan.fits), the word planes and DoubleNttPlan's
     *   matrices (rows and columns of at most 2^14).
     * - Transform lengths: DoubleNttPlan takes 2^28 points and the primes below 2^50 have 2-adic
     *   order 28 (ConvolutionPlan.fits, DoubleNttIntMul.fits); NttPlan takes 2^27 and the 61-bit
     *   primes have order 27 or more (the engine route's check).
     * - Prime counts: 4096 primes below 2^50 for the NTT route and the engine route (both on
     *   ConvolutionPlan, ConvolutionPlan.MAX_PRIMES: coefficient products of up to about 200,000 bits), 3 to 6 for integer products (DoubleNttIntMul: up to about 3.2 10^10 bits).
     * - The big-prime FFT: the largest generalized Fermat preset (bigPrimeField); never chosen.
     * Beyond both transform routes' limits the product is cut into blocks (mulBlocks).
     */

    /** {@link ConvolutionPlan#boundBits}. */
    static long boundBits(long bitsA, long bitsB, int aLen, int bLen) {
        return ConvolutionPlan.boundBits(bitsA, bitsB, aLen, bLen);
    }

    /**
     * Whether {@link #mulKronecker} takes this shape: the slot width s = bound + 1 is an int, the
     * packed operands (aLen s and bLen s bits, one limb more) and the product's limbs fit
     * arrays, and the integer routes take the product
     * ({@link IntegerMultiplication#canMultiplyMagnitudes}: at most 2^28 points of 120-bit
     * pieces, about 3.2 10^10 bits). Pure arithmetic.
     */
    static boolean kroneckerFits(long bitsA, long bitsB, int aLen, int bLen) {
        if (bitsA < 1 || bitsB < 1) {
            return true;
        }
        long s = boundBits(bitsA, bitsB, aLen, bLen) + 1;
        if (s > Integer.MAX_VALUE - 64) {
            return false;
        }
        long packedA = s * aLen;
        long packedB = s * bLen;
        long maxBits = 64L * (Limbs.MAX_ARRAY_LENGTH - 2);
        if (packedA > maxBits || packedB > maxBits || packedA + packedB > maxBits) {
            return false;
        }
        return IntegerMultiplication.canMultiplyMagnitudes(packedA, packedB);
    }

    /**
     * Estimated peak heap bytes of {@link #mulKronecker} for the shape (only meaningful when
     * {@link #kroneckerFits}): the two packed operands and the product's limbs, the
     * double-precision route's pieces (three doubles each) and its per-prime matrices (one per
     * prime, plus one per prime in flight), and the product's BigIntegers. A rough figure for the route choice.
     */
    public static long kroneckerBytes(long bitsA, long bitsB, int aLen, int bLen) {
        long s = boundBits(bitsA, bitsB, aLen, bLen) + 1;
        long pa = s * aLen;
        long pb = s * bLen;
        long bytes = 2 * (pa + pb) / 8;
        if (Math.min(pa, pb) >= Tuning.intMulNttBits() && DoubleNttIntMul.fits(pa, pb)) {
            DoubleNttIntMul.Shape shape = DoubleNttIntMul.choose(pa, pb, false, 0);
            bytes += 24 * (shape.piecesA() + shape.piecesB());
            // one matrix per prime, plus the second operand's of each prime in flight
            int inFlight = Math.min(shape.primes(), ProductContext.threads());
            bytes += 8L * (shape.primes() + inFlight) << shape.log2n();
        } else {
            bytes += 2 * (pa + pb) / 8; // BigInteger copies
        }
        long n = (long) aLen + bLen - 1;
        return bytes + n * (s / 8 + 64);
    }

    /**
     * c = a * b cut into blocks: both operands in blocks of length L, the largest power of two
     * for which Kronecker substitution or the small-prime NTT takes an L x L product of these
     * coefficient sizes; each pair of blocks is multiplied by {@link #mul} and added at its
     * offset. For products beyond both routes' hard limits (transform lengths, packed sizes,
     * prime counts); O((aLen / L) (bLen / L) M(L)), at most about four times what one transform
     * of the whole would cost. When not even single coefficients fit a transform route (products
     * of coefficients beyond about 3.2 10^10 bits, so beyond BigInteger's range), classical.
     */
    static void mulBlocks(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
            BigInteger[] c, int cOff) {
        int bitsA = maxBits(a, aOff, aLen);
        int bitsB = maxBits(b, bOff, bLen);
        int block = blockLength(bitsA, bitsB, aLen, bLen);
        if (block == 0) {
            mulClassical(a, aOff, aLen, b, bOff, bLen, c, cOff);
            return;
        }
        Arrays.fill(c, cOff, cOff + aLen + bLen - 1, BigInteger.ZERO);
        BigInteger[] tmp = new BigInteger[Math.min(block, aLen) + Math.min(block, bLen) - 1]; // <= aLen + bLen - 1
        for (int i = 0; i < aLen; i += block) {
            int la = Math.min(block, aLen - i);
            for (int j = 0; j < bLen; j += block) {
                int lb = Math.min(block, bLen - j);
                ProductContext.checkCancelled("between blocks of the product over Z");
                mul(a, aOff + i, la, b, bOff + j, lb, tmp, 0);
                addInto(tmp, 0, la + lb - 1, c, cOff + i + j);
            }
        }
    }

    /**
     * The block length of {@link #mulBlocks}: the largest power of two L &lt; max(aLen, bLen)
     * such that a transform route takes a min(L, aLen) x min(L, bLen) product of these
     * coefficient sizes within half the heap left (or, failing that, at all); 0 when none does,
     * even at L = 1.
     */
    static int blockLength(long bitsA, long bitsB, int aLen, int bLen) {
        long available = availableBytes();
        int top = Integer.highestOneBit(Math.max(1, Math.max(aLen, bLen) - 1));
        int any = 0;
        for (int l = top; l >= 1; l >>>= 1) {
            int la = Math.min(l, aLen); // a short operand stays whole
            int lb = Math.min(l, bLen);
            boolean kf = kroneckerFits(bitsA, bitsB, la, lb);
            boolean nf = ConvolutionPlan.fits(bitsA, bitsB, la, lb);
            if ((kf || nf) && any == 0) {
                any = l;
            }
            long bytes = Math.min(kf ? kroneckerBytes(bitsA, bitsB, la, lb) : Long.MAX_VALUE,
                    nf ? ConvolutionPlan.bytes(bitsA, bitsB, la, lb) : Long.MAX_VALUE);
            if (bytes <= available / 2) { // room left for the blocks' sum
                return l;
            }
        }
        return any;
    }

    /** {@link ConvolutionPlan#boundBits} as an int (coefficients and lengths of int range). */
    public static int productBoundBits(int bitsA, int bitsB, int aLen, int bLen) {
        return (int) ConvolutionPlan.boundBits(bitsA, bitsB, aLen, bLen);
    }

    public static int ceilLog2(int n) {
        return ConvolutionPlan.ceilLog2(n);
    }

    /** {@link ConvolutionPlan#maxBits}. */
    public static int maxBits(BigInteger[] x, int off, int len) {
        return ConvolutionPlan.maxBits(x, off, len);
    }

    // ------------------------------------------------------------------ classical

    /**
     * c = a * b by the schoolbook method: c_k = sum_{i+j=k} a_i b_j, skipping zero
     * coefficients of a. O(aLen * bLen) coefficient products.
     */
    public static void mulClassical(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                    BigInteger[] c, int cOff) {
        int n = aLen + bLen - 1;
        Arrays.fill(c, cOff, cOff + n, BigInteger.ZERO);
        for (int i = 0; i < aLen; i++) {
            BigInteger x = a[aOff + i];
            if (x.signum() == 0) {
                continue;
            }
            for (int j = 0; j < bLen; j++) {
                BigInteger y = b[bOff + j];
                if (y.signum() != 0) {
                    c[cOff + i + j] = c[cOff + i + j].add(x.multiply(y));
                }
            }
        }
    }

    /**
     * c = a^2 by the schoolbook method using symmetry: c_k = 2 sum_{i &lt; j, i+j=k} a_i a_j +
     * a_{k/2}^2. About aLen^2 / 2 coefficient products.
     */
    public static void sqrClassical(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff) {
        int n = 2 * aLen - 1;
        Arrays.fill(c, cOff, cOff + n, BigInteger.ZERO);
        for (int i = 0; i < aLen; i++) {
            BigInteger x = a[aOff + i];
            if (x.signum() == 0) {
                continue;
            }
            for (int j = i + 1; j < aLen; j++) {
                BigInteger y = a[aOff + j];
                if (y.signum() != 0) {
                    c[cOff + i + j] = c[cOff + i + j].add(x.multiply(y));
                }
            }
        }
        for (int k = 0; k < n; k++) {
            c[cOff + k] = c[cOff + k].shiftLeft(1);
        }
        for (int i = 0; i < aLen; i++) {
            BigInteger x = a[aOff + i];
            if (x.signum() != 0) {
                c[cOff + 2 * i] = c[cOff + 2 * i].add(x.multiply(x));
            }
        }
    }

    // ------------------------------------------------------------------ Karatsuba

    /** {@link #mulKaratsuba(BigInteger[], int, int, BigInteger[], int, int, BigInteger[], int, int)}
     *  with the cut-off of {@link Tuning#zzKaratsubaThreshold(int)}. */
    public static void mulKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                    BigInteger[] c, int cOff) {
        int bits = Math.max(maxBits(a, aOff, aLen), maxBits(b, bOff, bLen));
        mulKaratsuba(a, aOff, aLen, b, bOff, bLen, c, cOff, Tuning.zzKaratsubaThreshold(bits));
    }

    /**
     * c = a * b by Karatsuba's method: split at m = n/2, three half-size products
     * a0 b0, a1 b1, (a0 + a1)(b0 + b1), recursing while the length is at least
     * {@code cutoff} and finishing with {@link #mulClassical}. Unbalanced operands are cut
     * into pieces of the shorter length, each multiplied by Karatsuba. O(n^1.585) coefficient
     * products for balanced lengths n, O(max/min * min^1.585) in general.
     *
     * @param cutoff lengths below this go to the classical method; at least 2
     */
    public static void mulKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                    BigInteger[] c, int cOff, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        if (aLen < bLen) {
            BigInteger[] t = a;
            a = b;
            b = t;
            int to = aOff;
            aOff = bOff;
            bOff = to;
            int tl = aLen;
            aLen = bLen;
            bLen = tl;
        }
        if (bLen < cutoff) {
            mulClassical(a, aOff, aLen, b, bOff, bLen, c, cOff);
            return;
        }
        if (aLen == bLen) {
            karatsuba(a, aOff, b, bOff, bLen, c, cOff, cutoff);
            return;
        }
        // aLen > bLen: pieces of length bLen of a, each times b, added at their offsets.
        Arrays.fill(c, cOff, cOff + aLen + bLen - 1, BigInteger.ZERO);
        BigInteger[] tmp = new BigInteger[2 * bLen - 1];
        for (int start = 0; start < aLen; start += bLen) {
            int piece = Math.min(bLen, aLen - start);
            if (piece == bLen) {
                karatsuba(a, aOff + start, b, bOff, bLen, tmp, 0, cutoff);
            } else {
                mulKaratsuba(a, aOff + start, piece, b, bOff, bLen, tmp, 0, cutoff);
            }
            addInto(tmp, 0, piece + bLen - 1, c, cOff + start);
        }
    }

    // Balanced Karatsuba on n >= 1 coefficients each; c gets 2n - 1.
    private static void karatsuba(BigInteger[] a, int ao, BigInteger[] b, int bo, int n,
                                  BigInteger[] c, int co, int cutoff) {
        if (n < cutoff) {
            mulClassical(a, ao, n, b, bo, n, c, co);
            return;
        }
        int m = n >>> 1;
        int h = n - m; // h >= m >= 1
        karatsuba(a, ao, b, bo, m, c, co, cutoff);                  // z0 -> c[0, 2m-1)
        c[co + 2 * m - 1] = BigInteger.ZERO;
        karatsuba(a, ao + m, b, bo + m, h, c, co + 2 * m, cutoff);  // z2 -> c[2m, 2n-1)
        BigInteger[] sa = new BigInteger[h];
        BigInteger[] sb = new BigInteger[h];
        for (int i = 0; i < h; i++) {
            sa[i] = i < m ? a[ao + i].add(a[ao + m + i]) : a[ao + m + i];
            sb[i] = i < m ? b[bo + i].add(b[bo + m + i]) : b[bo + m + i];
        }
        BigInteger[] z1 = new BigInteger[2 * h - 1];
        karatsuba(sa, 0, sb, 0, h, z1, 0, cutoff);
        middle(c, co, m, h, z1);
    }

    /** {@link #sqrKaratsuba(BigInteger[], int, int, BigInteger[], int, int)} with the tuned cut-off. */
    public static void sqrKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff) {
        sqrKaratsuba(a, aOff, aLen, c, cOff, Tuning.zzKaratsubaThreshold(maxBits(a, aOff, aLen)));
    }

    /**
     * c = a^2 by Karatsuba's method (three half-size squarings), finishing with
     * {@link #sqrClassical} below {@code cutoff}. O(n^1.585) coefficient products.
     *
     * @param cutoff lengths below this go to the classical method; at least 2
     */
    public static void sqrKaratsuba(BigInteger[] a, int aOff, int aLen, BigInteger[] c, int cOff, int cutoff) {
        if (cutoff < 2) {
            throw new IllegalArgumentException("cutoff must be >= 2, got " + cutoff);
        }
        if (aLen < cutoff) {
            sqrClassical(a, aOff, aLen, c, cOff);
            return;
        }
        int m = aLen >>> 1;
        int h = aLen - m;
        sqrKaratsuba(a, aOff, m, c, cOff, cutoff);
        c[cOff + 2 * m - 1] = BigInteger.ZERO;
        sqrKaratsuba(a, aOff + m, h, c, cOff + 2 * m, cutoff);
        BigInteger[] sa = new BigInteger[h];
        for (int i = 0; i < h; i++) {
            sa[i] = i < m ? a[aOff + i].add(a[aOff + m + i]) : a[aOff + m + i];
        }
        BigInteger[] z1 = new BigInteger[2 * h - 1];
        sqrKaratsuba(sa, 0, h, z1, 0, cutoff);
        middle(c, cOff, m, h, z1);
    }

    // c holds z0 (2m - 1 entries), a zero, z2 (2h - 1 entries); adds (z1 - z0 - z2) x^m.
    private static void middle(BigInteger[] c, int co, int m, int h, BigInteger[] z1) {
        for (int i = 0; i < 2 * m - 1; i++) {
            z1[i] = z1[i].subtract(c[co + i]);
        }
        for (int i = 0; i < 2 * h - 1; i++) {
            z1[i] = z1[i].subtract(c[co + 2 * m + i]);
        }
        addInto(z1, 0, 2 * h - 1, c, co + m);
    }

    private static void addInto(BigInteger[] x, int xo, int n, BigInteger[] c, int co) {
        for (int i = 0; i < n; i++) {
            BigInteger v = x[xo + i];
            if (v.signum() != 0) {
                c[co + i] = c[co + i].add(v);
            }
        }
    }

    // ------------------------------------------------------------------ Kronecker substitution

    /**
     * c = a * b by Kronecker substitution: with a slot width s = boundBits + 1 bits (boundBits
     * from {@link #productBoundBits}, so every product coefficient lies in (-2^(s-1), 2^(s-1))),
     * |A| and |B| for A = a(2^s), B = b(2^s) are formed as limb arrays with their signs in one
     * pass each ({@link #pack}: signed slots with a borrow), the product of the magnitudes is
     * taken on limbs by {@link IntegerMultiplication#multiplyMagnitudes} (the route
     * {@link IntegerMultiplication#multiply} takes, but never through a BigInteger, whose 2^31
     * bits the packed integers of a long product exceed: 2^19 x 2^19 coefficients of 1100 bits
     * pack into 2.3 10^9 bits), and the coefficients are recovered from |C| slot by slot from
     * the bottom: a slot value r (plus the borrow of the slot below) at or above 2^(s-1) is the
     * negative coefficient r - 2^s and lends one to the next slot; for C &lt; 0 all
     * coefficients are negated. O(M_int((aLen + bLen) s)) plus O((aLen + bLen) s) for packing
     * and unpacking.
     *
     * @throws IllegalArgumentException if the shape is beyond the integer routes' limit
     *     ({@link #kroneckerFits}: packed products of about 3.2 10^10 bits)
     */
    public static void mulKronecker(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                    BigInteger[] c, int cOff) {
        int n = aLen + bLen - 1;
        int bitsA = maxBits(a, aOff, aLen);
        int bitsB = maxBits(b, bOff, bLen);
        if (bitsA == 0 || bitsB == 0) {
            Arrays.fill(c, cOff, cOff + n, BigInteger.ZERO);
            return;
        }
        if (!kroneckerFits(bitsA, bitsB, aLen, bLen)) {
            throw new IllegalArgumentException("Kronecker substitution cannot take lengths " + aLen + " and " + bLen
                    + " with coefficients of " + bitsA + " and " + bitsB + " bits: slots of "
                    + (boundBits(bitsA, bitsB, aLen, bLen) + 1) + " bits give packed integers beyond the integer"
                    + " routes' limit (about " + DoubleNttIntMul.MAX_PRODUCT_BITS + " product bits, "
                    + Limbs.MAX_ARRAY_LENGTH + " limbs)");
        }
        int s = productBoundBits(bitsA, bitsB, aLen, bLen) + 1;
        boolean square = a == b && aOff == bOff && aLen == bLen;
        int[] sign = new int[2];
        long[] pa = pack(a, aOff, aLen, s, sign, 0);
        long[] pb = pa;
        sign[1] = sign[0];
        if (!square) {
            pb = pack(b, bOff, bLen, s, sign, 1);
        }
        long[] pc = IntegerMultiplication.multiplyMagnitudes(pa, Limbs.bitLength(pa), pb, Limbs.bitLength(pb), square);
        unpack(pc, sign[0] * sign[1] < 0, s, c, cOff, n);
    }

    /**
     * |sum_i x_i 2^(s i)| as limbs for |x_i| &lt; 2^(s-1), its sign in sign[at]: one pass
     * from the bottom writes the binary digits slot by slot, (x_i - borrow) mod 2^s with a
     * borrow into the next slot when that is negative (the signed slots of A read as an
     * ordinary number); a borrow out of the top slot means A &lt; 0, and |A| is then the
     * two's complement of the s len bits. O(len s / 64).
     */
    static long[] pack(BigInteger[] x, int off, int len, int s, int[] sign, int at) {
        long totalBits = (long) s * len;
        long[] out = new long[(int) ((totalBits + 63) >>> 6) + 1];
        int words = (s + 63) >>> 6;
        long[] slot = new long[words + 1];
        int borrow = 0;
        for (int i = 0; i < len; i++) {
            BigInteger v = x[off + i];
            int sg = v.signum();
            if (sg == 0 && borrow == 0) {
                continue;
            }
            Arrays.fill(slot, 0L);
            if (sg != 0) {
                long[] m = Limbs.magnitude(v);
                System.arraycopy(m, 0, slot, 0, Math.min(m.length, slot.length));
            }
            if (sg > 0) {
                if (borrow != 0) { // x_i - 1 >= 0
                    decrement(slot);
                }
                borrow = 0;
            } else { // x_i - borrow < 0: the digit is 2^s - (|x_i| + borrow), and the borrow stays
                if (borrow != 0) {
                    increment(slot);
                }
                negate(slot);
                int top = s & 63;
                if (top != 0) {
                    slot[words - 1] &= (1L << top) - 1;
                }
                for (int w = words; w < slot.length; w++) {
                    slot[w] = 0;
                }
                borrow = 1;
            }
            orShifted(out, (long) s * i, slot);
        }
        sign[at] = 1;
        if (borrow != 0) { // A = value - 2^(s len): |A| = 2^(s len) - value
            negate(out);
            int li = (int) (totalBits >>> 6);
            int sh = (int) (totalBits & 63);
            out[li] &= sh == 0 ? 0 : (1L << sh) - 1;
            for (int w = li + 1; w < out.length; w++) {
                out[w] = 0;
            }
            sign[at] = -1;
        }
        return out;
    }

    private static void decrement(long[] x) {
        for (int i = 0; i < x.length; i++) {
            if (x[i]-- != 0) {
                return;
            }
        }
    }

    private static void increment(long[] x) {
        for (int i = 0; i < x.length; i++) {
            if (++x[i] != 0) {
                return;
            }
        }
    }

    // x = -x modulo 2^(64 x.length).
    private static void negate(long[] x) {
        int i = 0;
        while (i < x.length && x[i] == 0) {
            i++;
        }
        if (i < x.length) {
            x[i] = -x[i];
            for (i++; i < x.length; i++) {
                x[i] = ~x[i];
            }
        }
    }

    // dst |= src << bit (the target bits are zero).
    private static void orShifted(long[] dst, long bit, long[] src) {
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        for (int m = 0; m < src.length; m++) {
            long v = src[m];
            if (v == 0) {
                continue;
            }
            if (li + m < dst.length) {
                dst[li + m] |= v << sh;
            }
            if (sh != 0 && li + m + 1 < dst.length) {
                dst[li + m + 1] |= v >>> (64 - sh);
            }
        }
    }

    // The n signed coefficients of v = (negative ? -1 : 1) |limbs|, v = sum c_k 2^(s k), |c_k| < 2^(s-1).
    static void unpack(long[] limbs, boolean negative, int s, BigInteger[] c, int cOff, int n) {
        long totalBits = 64L * limbs.length;
        int words = (s + 63) >>> 6;
        long[] slot = new long[words + 1];
        BigInteger full = BigInteger.ONE.shiftLeft(s);
        int borrow = 0;
        for (int k = 0; k < n; k++) {
            long bit = (long) s * k;
            BigInteger r;
            if (bit >= totalBits) {
                r = BigInteger.ZERO;
            } else {
                extract(limbs, bit, s, slot);
                r = Limbs.toBigInteger(slot);
            }
            if (borrow != 0) {
                r = r.add(BigInteger.ONE);
            }
            if (r.bitLength() >= s) { // r >= 2^(s-1): a negative coefficient, borrow from above
                r = r.subtract(full);
                borrow = 1;
            } else {
                borrow = 0;
            }
            c[cOff + k] = negative ? r.negate() : r;
        }
    }

    // slot = bits [bit, bit + s) of limbs (zero above the array), in slot[0 .. ceil(s/64)).
    private static void extract(long[] limbs, long bit, int s, long[] slot) {
        int li = (int) (bit >>> 6);
        int sh = (int) (bit & 63);
        int words = (s + 63) >>> 6;
        for (int m = 0; m < words; m++) {
            long lo = li + m < limbs.length ? limbs[li + m] : 0L;
            long v = lo >>> sh;
            if (sh != 0) {
                long hi = li + m + 1 < limbs.length ? limbs[li + m + 1] : 0L;
                v |= hi << (64 - sh);
            }
            slot[m] = v;
        }
        int top = s & 63;
        if (top != 0) {
            slot[words - 1] &= (1L << top) - 1;
        }
        slot[words] = 0;
    }

    // ------------------------------------------------------------------ small-prime NTT + CRT

    /**
     * c = a * b by the small-prime NTT on the CPU: {@link ConvolutionPlan} (primes below 2^50,
     * vectorized double-precision transforms, on the call's thread count, {@link ProductContext#threads()}).
     * A GPU is used only when asked, through {@link #mulSmallPrimeNtt(BigInteger[], int, int,
     * BigInteger[], int, int, BigInteger[], int, NttEngine)}.
     *
     * @throws IllegalArgumentException if the plan declines the shape ({@link ConvolutionPlan#fits}:
     *     the product is longer than 2^28 or needs more than {@link ConvolutionPlan#MAX_PRIMES} primes)
     */
    public static void mulSmallPrimeNtt(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                        BigInteger[] c, int cOff) {
        mulSmallPrimeNtt(a, aOff, aLen, b, bOff, bLen, c, cOff, ProductContext.threads());
    }

    /** {@link #mulSmallPrimeNtt(BigInteger[], int, int, BigInteger[], int, int, BigInteger[], int)} on {@code threads} threads. */
    static void mulSmallPrimeNtt(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
            BigInteger[] c, int cOff, int threads) {
        copyOut(packedProduct(a, aOff, aLen, b, bOff, bLen, null, threads), c, cOff, aLen + bLen - 1);
    }

    /**
     * c = a * b by the small-prime NTT with its transforms on {@code engine} (rows = primes):
     * the pipeline of {@link ConvolutionPlan} (s primes below 2^50 with product above twice the
     * coefficient bound {@link #productBoundBits}, projection from 32-bit word planes, Garner's
     * CRT into packed limbs), the cyclic convolutions of length N = 2^ceil(log2(aLen + bLen -
     * 1)) by {@link NttEngine#cyclicConvolution}. O(s N log N + s^2 N + s N bits/32).
     *
     * @param engine the NTT engine (rows = primes)
     * @throws IllegalArgumentException if the product needs a transform longer than
     *     2^{@link NttPlan#MAX_LOG2N} or more primes than {@link ConvolutionPlan#MAX_PRIMES}
     */
    public static void mulSmallPrimeNtt(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                        BigInteger[] c, int cOff, NttEngine engine) {
        copyOut(packedProduct(a, aOff, aLen, b, bOff, bLen, engine, ProductContext.threads()), c, cOff,
                aLen + bLen - 1);
    }

    /**
     * a * b as {@link #mulSmallPrimeNtt(BigInteger[], int, int, BigInteger[], int, int,
     * BigInteger[], int, NttEngine)} computes it on the given engine, packed instead of made into
     * BigIntegers: what {@link ZZPoly#multiply} keeps for a product on a GPU engine.
     */
    static PackedCoefficients mulSmallPrimeNttPacked(BigInteger[] a, int aLen, BigInteger[] b, int bLen,
            NttEngine engine) {
        return packedProduct(a, 0, aLen, b, 0, bLen, engine, ProductContext.threads());
    }

    private static void copyOut(PackedCoefficients p, BigInteger[] c, int cOff, int n) {
        BigInteger[] out = p.toBigIntegers();
        System.arraycopy(out, 0, c, cOff, out.length);
        Arrays.fill(c, cOff + out.length, cOff + n, BigInteger.ZERO);
    }

    /**
     * a * b packed by the plan of the shape, transforms on the engine (null: the CPU's
     * double-precision plans on {@code threads} threads); a zero operand gives the zero product
     * (the plan declines it: nothing to transform).
     *
     * @throws IllegalArgumentException if the plan declines a non-zero shape
     */
    static PackedCoefficients packedProduct(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
            NttEngine engine, int threads) {
        int bitsA = maxBits(a, aOff, aLen);
        int bitsB = maxBits(b, bOff, bLen);
        if (bitsA == 0 || bitsB == 0) {
            return new PackedCoefficients(0, 1, new long[0][], new byte[0][], 0);
        }
        ConvolutionPlan plan = ConvolutionPlan.of(bitsA, bitsB, aLen, bLen).orElseThrow(() -> new IllegalArgumentException(
                "the small-prime NTT cannot take lengths " + aLen + " and " + bLen + " with coefficients of " + bitsA
                + " and " + bitsB + " bits: at most 2^" + ConvolutionPlan.MAX_LOG2N + " product coefficients and "
                + ConvolutionPlan.MAX_PRIMES + " primes below 2^50 (bounds of about " + 49 * ConvolutionPlan.MAX_PRIMES
                + " bits)"));
        boolean square = a == b && aOff == bOff && aLen == bLen;
        ConvolutionPlan.Operand oa = plan.operand(a, aOff, aLen, false, threads);
        ConvolutionPlan.Operand ob = square ? oa : plan.operand(b, bOff, bLen, true, threads);
        try {
            return engine == null ? plan.multiply(oa, ob, threads) : plan.multiply(oa, ob, engine, threads);
        } finally {
            oa.release();
            if (ob != oa) {
                ob.release();
            }
        }
    }

    // ------------------------------------------------------------------ big-prime FFT

    private static final class SharedBigPrime {
        static final CpuBigPrimeFftEngine ENGINE = new CpuBigPrimeFftEngine(1);
    }

    /**
     * The preset field, fewest digits first (then the smaller p), with p &gt; 2^(boundBits + 1)
     * and 2^log2n | p - 1, or null when no preset is big enough.
     */
    static GfField bigPrimeField(int boundBits, int log2n) {
        GfField best = null;
        for (GfPreset preset : GfPreset.values()) {
            GfField f = preset.field();
            if (f.modulus().bitLength() - 1 <= boundBits + 1 || f.twoAdicOrder() < log2n
                    || ((long) f.k() << log2n) > Integer.MAX_VALUE - 16) {
                continue;
            }
            if (best == null || f.k() < best.k()
                    || (f.k() == best.k() && f.modulus().compareTo(best.modulus()) < 0)) {
                best = f;
            }
        }
        return best;
    }

    /** {@link #mulBigPrimeFft(BigInteger[], int, int, BigInteger[], int, int, BigInteger[], int, BigPrimeFftEngine)}
     *  on a one-thread CPU engine. */
    public static void mulBigPrimeFft(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                      BigInteger[] c, int cOff) {
        mulBigPrimeFft(a, aOff, aLen, b, bOff, bLen, c, cOff, SharedBigPrime.ENGINE);
    }

    /**
     * c = a * b by one FFT over a generalized Fermat prime field p = r^k + 1 (a {@link GfPreset},
     * the one with the fewest digits k whose p exceeds 2^(boundBits + 1), twice the coefficient
     * bound of {@link #productBoundBits}, and whose 2-adic order admits the length). Each
     * coefficient becomes a field element of k radix-r digits (a negative c as p - |c|), both
     * operands are transformed (length N = 2^ceil(log2(aLen + bLen - 1))), multiplied
     * pointwise ({@link GfArithmetic#mul}), transformed back, and each result digit vector is
     * read as an integer in the symmetric range (-p/2, p/2]. O(N log N) shift-butterflies and
     * O(N log_2k N) field multiplications, plus O(k^2) per coefficient for the conversions.
     *
     * @throws IllegalArgumentException when no preset prime exceeds twice the bound (about
     *     8190 bits: coefficient sizes summing to more than that) or none admits the length
     */
    public static void mulBigPrimeFft(BigInteger[] a, int aOff, int aLen, BigInteger[] b, int bOff, int bLen,
                                      BigInteger[] c, int cOff, BigPrimeFftEngine engine) {
        int n = aLen + bLen - 1;
        int bitsA = maxBits(a, aOff, aLen);
        int bitsB = maxBits(b, bOff, bLen);
        if (bitsA == 0 || bitsB == 0) {
            Arrays.fill(c, cOff, cOff + n, BigInteger.ZERO);
            return;
        }
        int boundBits = productBoundBits(bitsA, bitsB, aLen, bLen);
        int log2n = ceilLog2(n);
        GfField f = bigPrimeField(boundBits, log2n);
        if (f == null) {
            throw new IllegalArgumentException("no generalized Fermat preset prime exceeds twice the coefficient bound"
                    + " 2^" + boundBits + " with 2^" + log2n + " | p - 1");
        }
        int k = f.k();
        int len = 1 << log2n;
        long[] fa = toElements(f, a, aOff, aLen, len);
        long[] fb = toElements(f, b, bOff, bLen, len);
        engine.forward(f, log2n, fa);
        engine.forward(f, log2n, fb);
        GfArithmetic ar = f.arithmetic();
        GfArithmetic.Workspace ws = ar.newWorkspace();
        long[] t = new long[k];
        for (int i = 0; i < len; i++) {
            ar.mul(fa, i * k, fb, i * k, t, 0, ws);
            System.arraycopy(t, 0, fa, i * k, k);
        }
        engine.inverse(f, log2n, fa);
        BigInteger p = f.modulus();
        BigInteger half = p.shiftRight(1);
        BigInteger radix = f.radixBig();
        for (int i = 0; i < n; i++) {
            BigInteger v = BigInteger.ZERO;
            for (int d = k - 1; d >= 0; d--) {
                v = v.multiply(radix).add(unsigned(fa[i * k + d]));
            }
            c[cOff + i] = v.compareTo(half) > 0 ? v.subtract(p) : v;
        }
    }

    private static BigInteger unsigned(long w) {
        BigInteger v = BigInteger.valueOf(w);
        return w >= 0 ? v : v.add(BigInteger.ONE.shiftLeft(64));
    }

    private static long[] toElements(GfField f, BigInteger[] x, int off, int xLen, int len) {
        int k = f.k();
        long[] e = new long[len * k];
        for (int i = 0; i < xLen; i++) {
            BigInteger v = x[off + i];
            if (v.signum() != 0) {
                f.fromBigInteger(v, e, i * k);
            }
        }
        return e;
    }
}
