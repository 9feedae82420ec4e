package org.modalg.polynomial.integer;

import java.math.BigInteger;
import java.util.concurrent.ForkJoinPool;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fft.products.LimbProductProvider;
import org.modalg.fft.products.LimbProducts;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.ProductContext;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.convolution.ConvolutionPlan;
import org.modalg.fft.parallel.ParallelRange;

/**
 * Integer multiplication as a client of polynomial multiplication (thesis chapter 5; the
 * NTT + CRT pipeline of the GPU polynomial multiplication paper): split each operand into
 * w-bit pieces (the coefficients of a polynomial evaluated at 2^w), multiply the polynomials
 * by a cyclic convolution modulo s word-size NTT primes (zero-padded so that it is the linear
 * product), recombine each coefficient by Garner's CRT and normalize the carries.
 *
 * <p><b>One pipeline.</b> Both routes are the integer client of the one convolution pipeline
 * ({@link ConvolutionPlan} through {@link DoubleNttIntMul}: the limbs' pieces as its projection,
 * limbs with carries as its recombination, its primes below 2^50). On the CPU,
 * {@link #multiplyCpu}: transforms in double-precision arithmetic that the JIT vectorizes
 * ({@link org.modalg.fft.doublentt.DoubleNttPlan}), 3 to 6 primes, pieces of up to 120 bits or of
 * whole limbs and a truncated length (multiples of a quarter of a power of two) chosen by cost; from
 * 10^5 to about 3 10^7 bits three primes and 64-bit pieces (at 10^7 bits convolutions of 2^18
 * (negacyclic) and 2^16 (negacyclic) points), at 10^8 bits six primes, 128-bit pieces, 2^20
 * (negacyclic) and 2^19 points (polynomial/BENCHMARKS.md has the figures against FLINT and GMP). On any {@link NttEngine}, {@link #multiplyNtt(BigInteger, BigInteger, NttEngine)}: the
 * same primes, pieces and recombination with one cyclic convolution per prime on the engine
 * (the cheapest cyclic shape of at most 2^27 points). In both, the product's coefficients are
 * below min(La, Lb) (2^w - 1)^2 &lt; M / 4 for La, Lb pieces and M the primes' product, and a
 * square transforms its operand once.
 *
 * <p><b>GPU.</b> When a {@link LimbProductProvider} is usable ({@link LimbProducts}: the gpu
 * module's all-device product when a GPU is present and {@code modalg.backend} is not
 * {@code cpu}) and both operands have at least its {@link LimbProductProvider#minLimbs()}
 * limbs, {@link #multiply} and {@link #square} hand the limbs to it; its result is exact, so
 * the answer is the same either way.
 *
 * <p>{@link #multiply} dispatches: below {@link #transformBits()} bits of the smaller
 * operand ({@link Tuning#intMulNttBits()}, or {@link Tuning#intMulNttBitsDigits()} while the
 * digit convolution is the basecase), Karatsuba on 64-bit limbs ({@link LimbMultiplication}) over one exact convolution of
 * balanced 23-bit digits in SIMD doubles where the JVM has the Vector API module (else over BigInteger's
 * intrinsic schoolbook); BigInteger's own multiply below
 * {@link LimbMultiplication#KARATSUBA_LIMBS} limbs or where java.math is not opened to modalg;
 * above, the GPU's product when one is usable, else {@link #multiplyCpu} on the thread count
 * of {@link Options#defaults()} ({@code modalg.threads}, else every processor). {@link #multiply(BigInteger, BigInteger, Options)}
 * takes the route, backend and thread count per call.
 *
 * <p>Limits: a product beyond BigInteger's range (a magnitude of more than 2^31 - 1 bits) is
 * refused with an {@link ArithmeticException} naming the operand sizes, before any work when the
 * sizes alone decide it. The transform routes reach much further (about 3.2 10^10 bits on the
 * CPU), which Kronecker substitution over Z uses on limbs.
 *
 * <p>Cost: 3 NTTs (2 for a square) of about (bits(a) + bits(b)) / w points per prime,
 * O(n log n), plus O(n s^2) CRT and O(n s) residue and carry passes.
 */
public final class IntegerMultiplication {
    private IntegerMultiplication() {
    }

    /**
     * a * b, by Karatsuba on limbs below the measured threshold and by NTT + CRT above it (see the class
     * comment): {@link #multiply(BigInteger, BigInteger, Options)} with the default options
     * ({@link Options#defaults()}, read once).
     *
     * @throws ArithmeticException if the product is beyond BigInteger's range (magnitudes of
     *     at most 2^31 - 1 bits), as BigInteger's own multiply does
     */
    public static BigInteger multiply(BigInteger a, BigInteger b) {
        return multiply(a, b, ProductContext.defaults());
    }

    /**
     * a * b with the route, backend and thread count of {@code options}; every choice gives the
     * same (exact) product.
     *
     * <ul>
     * <li>{@link Route#AUTO}: the dispatch of the class comment (Karatsuba on limbs below
     * {@link #transformBits()} bits of the smaller operand, above it a GPU's product when
     * the backend allows one, else the double-precision NTT route).
     * <li>{@link Route#CRT}: the small-prime NTT route whatever the size (zero operands excepted):
     * 3 NTTs of about (bits(a) + bits(b)) / w points for each of 3 to 6 primes, O(n log n); on
     * small operands slower than BigInteger.
     * <li>{@link Route#BIG_PRIME}: not supported for integers (there is no big-prime integer
     * product); throws {@link IllegalArgumentException}. Multiply polynomials with
     * {@code ZZPoly.multiply(ZZPoly, Options)} for the big-prime FFT.
     * </ul>
     *
     * <p>Backend: {@link Backend#CPU} runs the CPU route on {@link Options#threads()} threads;
     * {@link Backend#GPU} runs the transforms on the GPU engine ({@link #multiplyNtt}), or throws
     * {@link IllegalStateException} when none is usable (checked first, whatever the sizes);
     * {@link Backend#AUTO} takes a usable GPU's product for large operands, else the CPU route.
     * The thread count applies to the CPU route. The cancellation check is polled once before
     * the work (one product is not split further); listener and certification do not apply.
     *
     * @throws IllegalArgumentException if an operand or options is null, or the route is
     *     {@link Route#BIG_PRIME}
     * @throws IllegalStateException if the backend is {@link Backend#GPU} and no GPU is usable
     * @throws org.modalg.fft.CancelledException if the cancellation check returns true
     * @throws ArithmeticException if the product is beyond BigInteger's range (2^31 - 1 bits)
     */
    public static BigInteger multiply(BigInteger a, BigInteger b, Options options) {
        check(a, "a");
        check(b, "b");
        checkOptions(options);
        checkRange(a, b);
        NttEngine gpu = options.backend() == Backend.GPU ? NttEngines.forBackend(Backend.GPU) : null;
        options.checkCancelled("before the integer product");
        Route route = options.route();
        if (route == Route.AUTO && Math.min(a.bitLength(), b.bitLength()) < transformBits(a == b)) {
            return multiplySmall(a, b);
        }
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        if (gpu != null) {
            BigInteger viaProvider = route == Route.AUTO ? multiplyByProvider(a, b) : null;
            return viaProvider != null ? viaProvider : multiplyNtt(a, b, gpu);
        }
        if (route == Route.AUTO && options.backend() == Backend.AUTO) {
            BigInteger viaProvider = multiplyByProvider(a, b);
            if (viaProvider != null) {
                return viaProvider;
            }
        }
        return multiplyCpu(a, b, options.threads());
    }

    /**
     * a b below the transform range: BigInteger's own multiply while the shorter operand has
     * fewer than {@link LimbMultiplication#KARATSUBA_LIMBS} limbs (its schoolbook product is
     * the intrinsic basecase) or when that basecase is not reachable (java.math not opened),
     * else Karatsuba on limbs ({@link LimbMultiplication}).
     */
    static BigInteger multiplySmall(BigInteger a, BigInteger b) {
        return byBigInteger(a.bitLength(), b.bitLength()) ? a.multiply(b) : LimbMultiplication.multiply(a, b);
    }

    // Whether multiplySmall hands operands of these sizes to BigInteger's own multiply.
    private static boolean byBigInteger(long bitsA, long bitsB) {
        return !LimbMultiplication.fast() || Math.min(bitsA, bitsB) < 64L * LimbMultiplication.KARATSUBA_LIMBS;
    }

    /**
     * Bits of the smaller operand from which {@link #multiply} leaves Karatsuba on limbs for the
     * transform route: {@link Tuning#intMulNttBitsDigits()} while the limb products' basecase is
     * the digit convolution (compiled and checked), else {@link Tuning#intMulNttBits()}; squares
     * ({@code multiply(a, a)}, {@link #square}) always from {@link Tuning#intMulNttBits()}.
     */
    public static int transformBits() {
        return DigitConvolution.isReady() ? Tuning.intMulNttBitsDigits() : Tuning.intMulNttBits();
    }

    // transformBits() for a product, Tuning.intMulNttBits() for a square: the convolution does
    // not halve a square's work, while the transform route squares with two transforms of three
    // and the intrinsic squareToLen with half the products, so squares keep the lower cut-off.
    private static int transformBits(boolean square) {
        return square ? Tuning.intMulNttBits() : transformBits();
    }

    /**
     * What {@link #multiply} runs for operands of these sizes below {@link #transformBits()}
     * bits, in words for reports: BigInteger's multiply below
     * {@link LimbMultiplication#KARATSUBA_LIMBS} limbs, else Karatsuba on limbs over the basecase
     * this JVM has now (the digit convolution in SIMD doubles once its kernel is compiled, see
     * {@link LimbMultiplication}).
     */
    public static String smallProductMethod(long bitsA, long bitsB) {
        if (byBigInteger(bitsA, bitsB)) {
            return "BigInteger.multiply";
        }
        return switch (LimbMultiplication.currentBasecase()) {
            case DIGITS -> Math.min(bitsA, bitsB) < 64L * LimbMultiplication.DIGIT_MIN_LIMBS
                    ? "BigInteger's schoolbook on limbs (the digit convolution from "
                            + 64 * LimbMultiplication.DIGIT_MIN_LIMBS + " bits)"
                    : "Karatsuba on limbs over a convolution of 23-bit digits in SIMD doubles";
            case INTRINSIC -> "Karatsuba on limbs over BigInteger's schoolbook"
                    + (DigitConvolution.available() ? " (the digit convolution still compiling)" : "");
            case PLAIN -> "Karatsuba on limbs";
        };
    }

    // options non-null and a route integers have.
    static void checkOptions(Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null (use Options.defaults())");
        }
        if (options.route() == Route.BIG_PRIME) {
            throw new IllegalArgumentException("route BIG_PRIME is not supported for integer products "
                    + "(supported: AUTO, CRT); ZZPoly.multiply(ZZPoly, Options) has the big-prime FFT");
        }
    }

    /**
     * a * b on the CPU by the double-precision NTT route ({@link DoubleNttIntMul}: primes below
     * 2^50, vectorized loops), on {@code threads} threads (1: the calling thread only),
     * whatever the size. This is what {@link #multiply} runs above the BigInteger threshold
     * when no GPU takes the product. On several threads (the one pool of that count,
     * {@link org.modalg.fft.WorkerPools}) the primes run in parallel, each prime's second operand
     * and shorter convolutions as further tasks (with fewer primes than threads the transforms'
     * passes too), and the pieces, Garner's digits and the carry pass by blocks of limbs with a
     * fix-up; from about eight threads the product may take six primes on transforms half as long
     * (more of them side by side: {@link DoubleNttIntMul#choose(long, long, boolean, int, int)});
     * the same limbs on any thread count.
     *
     * @throws IllegalArgumentException if an operand is null or threads &lt; 1
     * @throws ArithmeticException if the product is beyond BigInteger's range (2^31 - 1 bits)
     */
    public static BigInteger multiplyCpu(BigInteger a, BigInteger b, int threads) {
        return multiplyCpu(a, b, threads, 0);
    }

    /** {@link #multiplyCpu(BigInteger, BigInteger, int)} with the prime count forced (3..6; 0 free), for tests. */
    static BigInteger multiplyCpu(BigInteger a, BigInteger b, int threads, int forcePrimes) {
        check(a, "a");
        check(b, "b");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        checkRange(a, b);
        boolean same = a == b || a.equals(b);
        long[] limbs = DoubleNttIntMul.multiply(a, same ? a : b, same, forcePrimes, threads);
        return toBigInteger(limbs, a.signum() * b.signum(), a, b);
    }

    /*
     * Hard limits. A BigInteger holds magnitudes of at most 2^31 - 1 bits (Limbs.MAX_BIGINTEGER_BITS),
     * and the product of magnitudes of x and y bits has x + y - 1 or x + y bits: beyond x + y - 1 >
     * 2^31 - 1 no product exists and the operands are refused before any work; at x + y = 2^31 the
     * product is computed and its size checked before it is made into a BigInteger. The
     * transform routes themselves reach far beyond (DoubleNttIntMul.MAX_PRODUCT_BITS, about
     * 3.2 10^10 bits), so every product BigInteger can hold is computed.
     */
    private static void checkRange(BigInteger a, BigInteger b) {
        if (a.signum() == 0 || b.signum() == 0) {
            return;
        }
        long bitsA = Limbs.magnitudeBits(a);
        long bitsB = Limbs.magnitudeBits(b);
        if (bitsA + bitsB - 1 > Limbs.MAX_BIGINTEGER_BITS) {
            throw rangeError(bitsA, bitsB, bitsA + bitsB - 1);
        }
    }

    private static ArithmeticException rangeError(long bitsA, long bitsB, long productBits) {
        return new ArithmeticException("BigInteger would overflow supported range: the product of operands of "
                + bitsA + " and " + bitsB + " bits has " + productBits + " or more bits, above 2^31 - 1 = "
                + Limbs.MAX_BIGINTEGER_BITS);
    }

    // sign |limbs|, after checking that the magnitude fits a BigInteger.
    private static BigInteger toBigInteger(long[] limbs, int sign, BigInteger a, BigInteger b) {
        long bits = Limbs.bitLength(limbs);
        if (bits > Limbs.MAX_BIGINTEGER_BITS) {
            throw rangeError(Limbs.magnitudeBits(a), Limbs.magnitudeBits(b), bits);
        }
        BigInteger mag = Limbs.toBigInteger(limbs);
        return sign < 0 ? mag.negate() : mag;
    }

    /**
     * Whether {@link #multiplyMagnitudes} takes magnitudes of bitsA and bitsB bits (both &gt;= 1):
     * the product's limbs fit one array and the double-precision route has a shape for it
     * ({@link DoubleNttIntMul#fits}), or the product is small enough for BigInteger. Pure
     * arithmetic. This is the limit of Kronecker substitution over Z, whose packed integers
     * never become BigIntegers and so are not bound by BigInteger's 2^31 bits.
     */
    public static boolean canMultiplyMagnitudes(long bitsA, long bitsB) {
        if (bitsA < 1 || bitsB < 1) {
            return false;
        }
        return DoubleNttIntMul.fits(bitsA, bitsB)
                || (bitsA + bitsB <= Limbs.MAX_BIGINTEGER_BITS && Math.min(bitsA, bitsB) < Tuning.intMulNttBits());
    }

    /**
     * |a| |b| on limbs (little-endian, bitsA and bitsB the exact bit lengths, both &gt;= 1),
     * by the route {@link #multiply} would take for integers of these sizes (Karatsuba on limbs below
     * {@link #transformBits()}, a usable GPU's product, else {@link #multiplyCpu}'s on the
     * default thread count), but without BigInteger's 2^31-bit limit above the
     * threshold: limbs in, ceil((bitsA + bitsB) / 64) + 1 or fewer limbs out (top limbs may be
     * zero). For Kronecker substitution, whose packed integers can exceed that limit.
     *
     * @throws IllegalArgumentException if {@link #canMultiplyMagnitudes} is false
     */
    public static long[] multiplyMagnitudes(long[] la, long bitsA, long[] lb, long bitsB, boolean same) {
        return multiplyMagnitudes(la, bitsA, lb, bitsB, same, ProductContext.threads(), ProductContext.gpuAllowed());
    }

    /**
     * {@link #multiplyMagnitudes(long[], long, long[], long, boolean)} on {@code threads} threads,
     * a usable GPU's product taken only when {@code gpuAllowed}.
     */
    public static long[] multiplyMagnitudes(long[] la, long bitsA, long[] lb, long bitsB, boolean same, int threads,
            boolean gpuAllowed) {
        if (!canMultiplyMagnitudes(bitsA, bitsB)) {
            throw new IllegalArgumentException("magnitudes of " + bitsA + " and " + bitsB
                    + " bits: the product exceeds the integer routes' limits (about "
                    + DoubleNttIntMul.MAX_PRODUCT_BITS + " bits, " + Limbs.MAX_ARRAY_LENGTH + " limbs)");
        }
        boolean small = Math.min(bitsA, bitsB) < transformBits(same);
        if (small && bitsA + bitsB <= Limbs.MAX_BIGINTEGER_BITS) {
            if (LimbMultiplication.fast()) {
                int na = (int) ((bitsA + 63) / 64);
                int nb = (int) ((bitsB + 63) / 64);
                return same ? LimbMultiplication.multiply(la, na, la, na) : LimbMultiplication.multiply(la, na, lb, nb);
            }
            BigInteger x = Limbs.toBigInteger(la);
            return Limbs.magnitude(same ? x.multiply(x) : x.multiply(Limbs.toBigInteger(lb)));
        }
        if (!small && gpuAllowed) {
            LimbProductProvider provider = LimbProducts.forOperands(la.length, lb.length);
            if (provider != null) {
                long[] product = provider.multiply(la, la.length, lb, lb.length);
                if (product != null) {
                    return product;
                }
            }
        }
        return DoubleNttIntMul.multiply(la, bitsA, lb, bitsB, same, 0, threads);
    }

    // a * b by the usable LimbProductProvider when the operands are large enough for it, else null.
    private static BigInteger multiplyByProvider(BigInteger a, BigInteger b) {
        LimbProductProvider provider = LimbProducts.forOperands((a.bitLength() + 64L) / 64,
                (b.bitLength() + 64L) / 64);
        if (provider == null) {
            return null;
        }
        long[] la = Limbs.magnitude(a);
        long[] lb = a == b ? la : Limbs.magnitude(b);
        long[] product = provider.multiply(la, la.length, lb, lb.length);
        if (product == null) {
            return null;
        }
        return toBigInteger(product, a.signum() * b.signum(), a, b);
    }

    /**
     * a^2 (one forward transform fewer than a general product).
     *
     * @throws ArithmeticException if a^2 is beyond BigInteger's range (2^31 - 1 bits)
     */
    public static BigInteger square(BigInteger a) {
        check(a, "a");
        return multiply(a, a, ProductContext.defaults());
    }

    /**
     * a[i] * b[i] for every i, the pairs spread over all processors (each product on one
     * thread: {@link #multiplySmall} below {@link #transformBits()}, {@link #multiplyCpu} above).
     *
     * @throws ArithmeticException if a product is beyond BigInteger's range (2^31 - 1 bits)
     */
    public static BigInteger[] multiplyAll(BigInteger[] a, BigInteger[] b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException((a == null ? "a" : "b") + " must not be null");
        }
        if (a.length != b.length) {
            throw new IllegalArgumentException("a and b must have the same length, got " + a.length + " and " + b.length);
        }
        BigInteger[] out = new BigInteger[a.length];
        ForkJoinPool pool = ForkJoinPool.commonPool();
        ParallelRange.run(pool, 0, a.length, Math.max(1, a.length / (4 * pool.getParallelism())), (from, to) -> {
            for (int i = from; i < to; i++) {
                check(a[i], "a[" + i + "]");
                check(b[i], "b[" + i + "]");
                checkRange(a[i], b[i]);
                out[i] = Math.min(a[i].bitLength(), b[i].bitLength()) < transformBits(a[i] == b[i])
                        ? multiplySmall(a[i], b[i]) : multiplyCpu(a[i], b[i], 1);
            }
        });
        return out;
    }

    /**
     * a * b by NTT + CRT on the given engine, whatever the size (the explicit variant): the
     * pipeline's shape, projection and recombination on the host, one cyclic convolution per
     * prime on the engine.
     *
     * @throws IllegalArgumentException if an operand or the engine is null, or the product
     *     needs more than 2^27 pieces of 120 bits (far beyond BigInteger's range)
     * @throws ArithmeticException if the product is beyond BigInteger's range (2^31 - 1 bits)
     */
    public static BigInteger multiplyNtt(BigInteger a, BigInteger b, NttEngine engine) {
        return multiplyNtt(a, b, engine, 0);
    }

    /**
     * {@link #multiplyNtt(BigInteger, BigInteger, NttEngine)} with the number of primes forced
     * to {@code forcePrimes} (3 to 6; 0 chooses by cost), for tests.
     */
    static BigInteger multiplyNtt(BigInteger a, BigInteger b, NttEngine engine, int forcePrimes) {
        check(a, "a");
        check(b, "b");
        if (engine == null) {
            throw new IllegalArgumentException("engine must not be null");
        }
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        checkRange(a, b);
        boolean same = a == b || a.equals(b);
        long[] la = Limbs.magnitude(a);
        long[] lb = same ? la : Limbs.magnitude(b);
        long bitsA = magnitudeBits(la);  // bitLength() of a negative a can be one short of |a|'s
        long bitsB = magnitudeBits(lb);
        DoubleNttIntMul.Shape shape = DoubleNttIntMul.chooseCyclic(bitsA, bitsB, same, forcePrimes);
        long[] limbs = DoubleNttIntMul.multiply(la, bitsA, lb, bitsB, same, shape, engine);
        return toBigInteger(limbs, a.signum() * b.signum(), a, b);
    }

    private static long magnitudeBits(long[] limbs) {
        int top = limbs.length - 1;
        while (top > 0 && limbs[top] == 0) {
            top--;
        }
        return 64L * top + 64 - Long.numberOfLeadingZeros(limbs[top]);
    }

    private static void check(BigInteger x, String name) {
        if (x == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
    }
}
