package org.modalg.polynomial.convolution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.fft.doublentt.DoubleNttPlan;
import org.modalg.fields.ZpField;
import org.modalg.polynomial.Limbs;
import org.modalg.polynomial.PolyOracles;
import org.modalg.polynomial.Tuning;
import org.modalg.polynomial.integer.DoubleNttIntMul;
import org.modalg.polynomial.integer.IntegerMultiplication;
import org.modalg.polynomial.zp.DoubleNttPolyMulZp;
import org.modalg.polynomial.zp.PolyMulZp;
import org.modalg.polynomial.zp.ZpPoly;

/**
 * The one convolution pipeline ({@link ConvolutionPlan}) through each of its hooks, against
 * independent oracles (BigInteger products, the schoolbook product mod p in BigInteger): the
 * packed-Z hook, the limbs-with-carry hook (every layout), the residues-mod-p hook (p = 2 up to
 * just below 2^64), a user-supplied projection and recombination, the one prime-basis cache,
 * and every shape the pipeline refuses. Random inputs every run (seed printed) and edge values:
 * zero entries, one, all-ones limbs, length 1, non-powers of two.
 */
class ConvolutionPipelineTest {
    private static final long SEED = Long.getLong("modalg.test.pipelineSeed", System.nanoTime());

    @BeforeAll
    static void seed() {
        System.out.println("ConvolutionPipelineTest seed=" + SEED + " (-Dmodalg.test.pipelineSeed=S to replay)");
    }

    private static String where(String label) {
        return "ConvolutionPipelineTest seed=" + SEED + ": " + label;
    }

    // ------------------------------------------------------------------ the prime basis

    @Test
    void oneBasisCacheForEveryClient() {
        long[] primes = ConvolutionPlan.primes(8);
        for (int s = 1; s <= 8; s++) {
            DoubleCrt c = ConvolutionPlan.first(s);
            assertSame(c, ConvolutionPlan.first(s), "one basis per count");
            assertEquals(s, c.size());
            // the double-precision loops run over the library's one CRT basis of the same primes
            assertArrayEquals(Arrays.copyOf(primes, s), c.basis().primes(), "the CrtBasis under first(" + s + ")");
            BigInteger product = BigInteger.ONE;
            for (int j = 0; j < s; j++) {
                product = product.multiply(BigInteger.valueOf(primes[j]));
            }
            assertEquals(product, c.basis().modulus(), "M of first(" + s + ")");
            for (int j = 0; j < s; j++) {
                long q = c.prime(j);
                assertEquals(primes[j], q, "the first s primes of the one set");
                assertTrue(q < DoubleNttPlan.MAX_PRIME_EXCLUSIVE && q > 1L << 49, "prime " + q + " below 2^50");
                assertEquals(0, (q - 1) % (1L << ConvolutionPlan.TWO_ADIC), "2^28 | q - 1 for " + q);
                assertTrue(BigInteger.valueOf(q).isProbablePrime(50), q + " prime");
                if (j > 0) {
                    assertTrue(q < c.prime(j - 1), "decreasing");
                }
            }
        }
        // the Z[x] bound's basis, the integer product's and the product mod p's are the same objects
        for (int bits : new int[] {1, 48, 97, 150, 200, 1000}) {
            DoubleCrt byBound = ConvolutionPlan.basis(bits);
            assertSame(ConvolutionPlan.first(byBound.size()), byBound, "basis(" + bits + ") is first(s)");
        }
        assertSame(ConvolutionPlan.first(3), DoubleNttIntMul.plan(DoubleNttIntMul.choose(10_000_000, 10_000_000,
                false, 3)).basis(), "the integer product's basis");
        assertSame(ConvolutionPlan.first(3), DoubleNttPolyMulZp.modulus((1L << 62) - 57).primesFor(1 << 16),
                "the product mod p's basis");
        // the digit loops take primes below 2^50 only; the basis checks primality and distinctness
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> new DoubleCrt(CrtBasis.of((1L << 62) - 57)));
        assertTrue(big.getMessage().contains("2^50"), big.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new DoubleCrt(new long[] {primes[0], primes[0]}));
        assertThrows(IllegalArgumentException.class, () -> ConvolutionPlan.first(0));
        assertThrows(IllegalArgumentException.class, () -> ConvolutionPlan.first(ConvolutionPlan.MAX_PRIMES + 1));
    }

    // ------------------------------------------------------------------ refusals

    @Test
    void shapesThePipelineCannotTakeAreRefusedByName() {
        DoubleCrt c = ConvolutionPlan.first(3);
        int cyc = ConvolutionPlan.CYCLIC;
        // a valid cyclic and a valid split shape
        ConvolutionPlan.ofShape(c, 4, cyc, 8, 8, 60, 0, 15, 150);
        ConvolutionPlan.ofShape(c, 4, ConvolutionPlan.HALF, 12, 12, 60, 0, 23, 150);
        List<Runnable> bad = new ArrayList<>();
        bad.add(() -> ConvolutionPlan.ofShape(c, ConvolutionPlan.MAX_LOG2N + 1, cyc, 8, 8, 60, 0, 15, 150));
        bad.add(() -> ConvolutionPlan.ofShape(c, DoubleNttPlan.MIN_LOG2N - 1, cyc, 1, 1, 60, 0, 1, 150));
        bad.add(() -> ConvolutionPlan.ofShape(c, 4, cyc, 0, 8, 60, 0, 7, 150)); // empty operand
        bad.add(() -> ConvolutionPlan.ofShape(c, 4, cyc, 8, 8, 60, 3, 3, 150)); // empty window
        bad.add(() -> ConvolutionPlan.ofShape(c, 4, cyc, 8, 8, 60, -1, 3, 150)); // window below 0
        bad.add(() -> ConvolutionPlan.ofShape(c, 4, cyc, 8, 8, 60, 0, 16, 150)); // past the product
        bad.add(() -> ConvolutionPlan.ofShape(c, 4, ConvolutionPlan.HALF, 13, 13, 60, 0, 25, 150)); // > 1.5 N
        bad.add(() -> ConvolutionPlan.ofShape(c, 4, ConvolutionPlan.HALF, 12, 12, 60, 1, 23, 150)); // split window
        bad.add(() -> ConvolutionPlan.ofShape(c, ConvolutionPlan.TWO_ADIC, ConvolutionPlan.HALF, 1 << 27, 1 << 27,
                60, 0, (1 << 28) - 1, 150)); // negacyclic 2^28 needs 2^29 | q - 1
        bad.add(() -> ConvolutionPlan.ofShape(c, 3, ConvolutionPlan.QUARTER, 5, 5, 60, 0, 9, 150)); // N/4 < 2^MIN
        for (int i = 0; i < bad.size(); i++) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad.get(i)::run, "case " + i);
            assertTrue(e.getMessage().contains("log2n in ["), "case " + i + " names the range: " + e.getMessage());
        }
        // transformed operands need the cyclic layout
        ConvolutionPlan split = ConvolutionPlan.ofShape(c, 4, ConvolutionPlan.HALF, 12, 12, 60, 0, 23, 150);
        DoubleNttIntMul.Pieces x = new DoubleNttIntMul.Pieces(DoubleNttIntMul.parts(new long[] {5, 0}, 60, 12), 60);
        assertThrows(IllegalArgumentException.class, () -> split.transform(x, 60, 1));
    }

    // ------------------------------------------------------------------ limbs with carries

    private static BigInteger allOnes(int bits) {
        return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    }

    // |a| |b| through the pipeline in the given shape, against BigInteger.
    private static void checkLimbs(BigInteger a, BigInteger b, DoubleNttIntMul.Shape shape, int threads, String label) {
        long[] la = Limbs.magnitude(a);
        long[] lb = a == b ? la : Limbs.magnitude(b);
        long[] got = DoubleNttIntMul.multiply(la, a.bitLength(), lb, b.bitLength(), a == b, shape, threads);
        assertEquals(a.multiply(b), Limbs.toBigInteger(got), where(label + " " + shape + " threads " + threads));
    }

    // The given layout for operands of bitsA, bitsB bits with s primes (null when it does not apply).
    private static DoubleNttIntMul.Shape inLayout(long bitsA, long bitsB, int s, int layout) {
        DoubleNttIntMul.Shape cyc = DoubleNttIntMul.choose(bitsA, bitsB, false, s);
        int w = cyc.pieceBits();
        long pa = (bitsA + w - 1) / w;
        long pb = (bitsB + w - 1) / w;
        for (int log2n = DoubleNttPlan.MIN_LOG2N; log2n <= 20; log2n++) {
            if (ConvolutionPlan.capacity(log2n, layout) >= pa + pb - 1) {
                int smallest = layout == ConvolutionPlan.CYCLIC ? log2n : layout == ConvolutionPlan.HALF ? log2n - 1
                        : log2n - 2;
                return smallest < DoubleNttPlan.MIN_LOG2N ? null
                        : new DoubleNttIntMul.Shape(s, w, log2n, pa, pb, layout);
            }
        }
        return null;
    }

    @Test
    void limbsWithCarriesInEveryLayoutAgainstBigInteger() {
        Random rnd = new Random(SEED);
        int[] layouts = {ConvolutionPlan.CYCLIC, ConvolutionPlan.HALF, ConvolutionPlan.QUARTER,
            ConvolutionPlan.THREE_QUARTERS};
        for (int round = 0; round < 24; round++) {
            int bitsA = 1 + rnd.nextInt(40_000);
            int bitsB = rnd.nextBoolean() ? bitsA : 1 + rnd.nextInt(40_000);
            BigInteger a = new BigInteger(bitsA, rnd).setBit(bitsA - 1);
            BigInteger b = round % 5 == 0 ? a : new BigInteger(bitsB, rnd).setBit(bitsB - 1);
            int s = 3 + rnd.nextInt(4);
            int layout = layouts[round % layouts.length];
            DoubleNttIntMul.Shape shape = inLayout(a.bitLength(), b.bitLength(), s, layout);
            if (shape != null) {
                checkLimbs(a, b, shape, 1 + round % 2, "random " + a.bitLength() + " x " + b.bitLength());
            }
        }
        // edge values: one, all-ones limbs (every coefficient at its maximum), one limb, non-powers of two
        BigInteger[] edges = {BigInteger.ONE, allOnes(64), allOnes(64 * 7), allOnes(64 * 1000),
            BigInteger.ONE.shiftLeft(64 * 333), allOnes(12_345), BigInteger.valueOf(3)};
        for (BigInteger x : edges) {
            for (BigInteger y : edges) {
                for (int layout : layouts) {
                    for (int s = 3; s <= 6; s += 3) {
                        DoubleNttIntMul.Shape shape = inLayout(x.bitLength(), y.bitLength(), s, layout);
                        if (shape != null) {
                            checkLimbs(x, x.equals(y) ? x : y, shape, 1, "edge " + x.bitLength() + " x " + y.bitLength());
                        }
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ residues mod p

    private static long[] entries(Random rnd, int len, long p, int kind) {
        long[] x = new long[len];
        for (int i = 0; i < len; i++) {
            switch (kind) {
                case 0: // random in [0, p)
                    x[i] = Long.remainderUnsigned(rnd.nextLong(), p);
                    break;
                case 1: // all p - 1: every coefficient at the bound m (p - 1)^2
                    x[i] = p - 1;
                    break;
                default: // sparse: zeros, ones and p - 1
                    int r = rnd.nextInt(3);
                    x[i] = r == 0 ? 0 : r == 1 ? 1 % p : p - 1;
            }
        }
        return x;
    }

    @Test
    void residuesModPFromTwoToJustBelowTwoTo64() {
        Random rnd = new Random(SEED + 1);
        long[] moduli = {2, 3, 4, 65537, 998244353, (1L << 50) - 1, 1L << 50, (1L << 50) + 1, (1L << 62) - 57,
            Long.MAX_VALUE, Long.MIN_VALUE, -59L /* 2^64 - 59, the largest prime below 2^64 */, -1L /* 2^64 - 1 */};
        int[] lengths = {1, 2, 3, 7, 100, 257};
        for (long p : moduli) {
            for (int kind = 0; kind < 3; kind++) {
                int la = lengths[rnd.nextInt(lengths.length)];
                int lb = lengths[rnd.nextInt(lengths.length)];
                long[] a = entries(rnd, la, p, kind);
                long[] b = rnd.nextInt(4) == 0 ? a : entries(rnd, lb, p, kind);
                long[] c = new long[a.length + b.length - 1];
                int threads = 1 + rnd.nextInt(2);
                DoubleNttPolyMulZp.mul(p, a, 0, a.length, b, 0, b.length, c, 0, threads);
                assertArrayEquals(PolyOracles.mulModUnsigned(p, a, b), c, where("p = " + Long.toUnsignedString(p) + ", " + a.length
                        + " x " + b.length + ", kind " + kind + ", threads " + threads));
            }
        }
    }

    @Test
    void cyclicResiduesModPWrapAround() {
        Random rnd = new Random(SEED + 2);
        for (long p : new long[] {2, 7, (1L << 62) - 57, -59L}) {
            int log2n = 3 + rnd.nextInt(5);
            int n = 1 << log2n;
            int la = 1 + rnd.nextInt(n);
            int lb = 1 + rnd.nextInt(n);
            long[] a = entries(rnd, la, p, 0);
            long[] b = entries(rnd, lb, p, 0);
            long[] full = PolyOracles.mulModUnsigned(p, a, b);
            long[] expected = new long[Math.min(full.length, n)];
            BigInteger m = new BigInteger(Long.toUnsignedString(p));
            for (int k = 0; k < full.length; k++) {
                int at = k % n;
                expected[at] = new BigInteger(Long.toUnsignedString(expected[at]))
                        .add(new BigInteger(Long.toUnsignedString(full[k]))).mod(m).longValue();
            }
            long[] c = new long[expected.length];
            DoubleNttPolyMulZp.cyclic(p, a, 0, la, b, 0, lb, c, 0, log2n, 1);
            assertArrayEquals(expected, c, where("cyclic mod p = " + Long.toUnsignedString(p) + ", n = " + n));
        }
    }

    // ------------------------------------------------------------------ the hooks agree

    @Test
    void theThreeHooksAgreeOnOneProduct() {
        // the same product of nonnegative polynomials as packed Z coefficients, mod p, and as the
        // integer it is at x = 2^64 (the limbs' hook): three clients, one pipeline
        Random rnd = new Random(SEED + 3);
        for (int round = 0; round < 6; round++) {
            int la = 1 + rnd.nextInt(300);
            int lb = 1 + rnd.nextInt(300);
            long[] a = new long[la];
            long[] b = new long[lb];
            for (int i = 0; i < la; i++) {
                a[i] = round == 0 ? -1L : rnd.nextLong(); // round 0: all-ones limbs
            }
            for (int i = 0; i < lb; i++) {
                b[i] = round == 0 ? -1L : rnd.nextLong();
            }
            a[la - 1] |= 1; // nonzero top entries
            b[lb - 1] |= 1;
            BigInteger[] za = new BigInteger[la];
            BigInteger[] zb = new BigInteger[lb];
            for (int i = 0; i < la; i++) {
                za[i] = new BigInteger(Long.toUnsignedString(a[i]));
            }
            for (int i = 0; i < lb; i++) {
                zb[i] = new BigInteger(Long.toUnsignedString(b[i]));
            }
            ConvolutionPlan plan = ConvolutionPlan.of(64, 64, la, lb).orElseThrow();
            ConvolutionPlan.Operand oa = plan.operand(za, 0, la, false, 1);
            ConvolutionPlan.Operand ob = plan.operand(zb, 0, lb, true, 1);
            BigInteger[] z = ConvolutionPlanTest.coefficients(plan.multiply(oa, ob, 1), la + lb - 1);
            oa.release();
            ob.release();
            BigInteger[] zOracle = ConvolutionPlanTest.schoolbook(za, zb);
            assertArrayEquals(zOracle, z, where("packed Z hook, " + la + " x " + lb));
            long p = -59L; // 2^64 - 59
            long[] c = new long[la + lb - 1];
            DoubleNttPolyMulZp.mul(p, a, 0, la, b, 0, lb, c, 0, 1);
            BigInteger m = new BigInteger(Long.toUnsignedString(p));
            for (int k = 0; k < c.length; k++) {
                assertEquals(z[k].mod(m), new BigInteger(Long.toUnsignedString(c[k])), where("mod p hook at " + k));
            }
            long[] product = DoubleNttIntMul.multiply(a, Limbs.bitLength(a), b, Limbs.bitLength(b), false, 0, 1);
            BigInteger atTwo64 = BigInteger.ZERO;
            for (int k = z.length - 1; k >= 0; k--) {
                atTwo64 = atTwo64.shiftLeft(64).add(z[k]);
            }
            assertEquals(atTwo64, Limbs.toBigInteger(product), where("limbs hook, " + la + " x " + lb + " limbs"));
        }
    }

    @Test
    void aClientsOwnHooksRunThroughThePipeline() {
        // a projection of small integers and a recombination that reads Garner's signed digits
        // back into longs: the hooks contract, independent of the three clients
        Random rnd = new Random(SEED + 4);
        for (int round = 0; round < 8; round++) {
            int la = 1 + rnd.nextInt(round == 0 ? 1 : 500);
            int lb = 1 + rnd.nextInt(round == 0 ? 1 : 500);
            long[] a = new long[la];
            long[] b = new long[lb];
            for (int i = 0; i < la; i++) {
                a[i] = rnd.nextInt(2001) - 1000;
            }
            for (int i = 0; i < lb; i++) {
                b[i] = rnd.nextInt(2001) - 1000;
            }
            int n = la + lb - 1;
            int log2n = Math.max(DoubleNttPlan.MIN_LOG2N, ConvolutionPlan.ceilLog2(n));
            int lo = rnd.nextInt(n);
            int hi = lo + 1 + rnd.nextInt(n - lo);
            ConvolutionPlan plan = ConvolutionPlan.ofShape(ConvolutionPlan.first(1), log2n, ConvolutionPlan.CYCLIC,
                    la, lb, 11, lo, hi, 40);
            long[] got = new long[hi - lo];
            plan.recombine(plan.convolve(small(a), small(b), 1 + round % 2), (crt, res, from, to) -> {
                int cols = res[0][0].length;
                for (int r = from; r < to; r++) {
                    for (int col = 0; col < cols; col++) {
                        int i = r * cols + col;
                        if (i >= lo && i < hi) {
                            got[i - lo] = (long) res[0][r][col]; // one prime: the digit is the value
                        }
                    }
                }
            }, 1 + round % 2);
            long[] expected = new long[hi - lo];
            for (int i = 0; i < la; i++) {
                for (int j = 0; j < lb; j++) {
                    if (i + j >= lo && i + j < hi) {
                        expected[i + j - lo] += a[i] * b[j];
                    }
                }
            }
            assertArrayEquals(expected, got, where("own hooks, " + la + " x " + lb + " window [" + lo + ", " + hi + ")"));
        }
    }

    // An engine that is not CpuNttEngine (as a GPU's is not), running on one, counting its convolutions.
    private static final class CountingEngine implements NttEngine {
        final CpuNttEngine cpu = new CpuNttEngine(1);
        int convolutions;

        @Override
        public String name() {
            return "counting(" + cpu.name() + ")";
        }

        @Override
        public void forward(long[] rowPrimes, int log2n, long[] data, int rows) {
            cpu.forward(rowPrimes, log2n, data, rows);
        }

        @Override
        public void inverse(long[] rowPrimes, int log2n, long[] data, int rows) {
            cpu.inverse(rowPrimes, log2n, data, rows);
        }

        @Override
        public void cyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows) {
            convolutions++;
            cpu.cyclicConvolution(rowPrimes, log2n, a, b, out, rows);
        }

        @Override
        public void negacyclicConvolution(long[] rowPrimes, int log2n, long[] a, long[] b, long[] out, int rows) {
            convolutions++;
            cpu.negacyclicConvolution(rowPrimes, log2n, a, b, out, rows);
        }
    }

    @Test
    void theEngineRoutesOfTheClientsRunThePipeline() {
        // the engine (GPU) routes of the integer product and of the product mod p: the pipeline's
        // primes, projections and recombinations with the engine's convolutions
        Random rnd = new Random(SEED + 5);
        CountingEngine engine = new CountingEngine();
        try {
            // p with 2-adic order 1 (not NTT-friendly: the CRT through the pipeline), small and large
            for (long p : new long[] {3, 11, (1L << 61) - 1, 4611686018427387847L /* 2^62 - 57 */}) {
                for (int round = 0; round < 3; round++) {
                    int la = 1 + rnd.nextInt(round == 0 ? 1 : 300);
                    int lb = 1 + rnd.nextInt(300);
                    long[] a = entries(rnd, la, p, round);
                    long[] b = entries(rnd, lb, p, round);
                    long[] c = new long[la + lb - 1];
                    int before = engine.convolutions;
                    PolyMulZp.mulNtt(ZpField.of(p), a, 0, la, b, 0, lb, c, 0, engine);
                    assertArrayEquals(PolyOracles.mulModUnsigned(p, a, b), c, where("engine route mod " + p + ", " + la + " x " + lb));
                    assertTrue(engine.convolutions > before || Long.numberOfTrailingZeros(p - 1)
                            >= ConvolutionPlan.ceilLog2(la + lb - 1), "the engine convolved");
                }
            }
            for (int round = 0; round < 10; round++) {
                int bits = 1 + rnd.nextInt(round < 5 ? 3000 : 200_000);
                BigInteger a = round == 0 ? allOnes(64 * 9) : new BigInteger(bits, rnd).setBit(bits - 1);
                BigInteger b = round == 1 ? a : round == 2 ? BigInteger.ONE
                        : new BigInteger(1 + rnd.nextInt(bits), rnd).setBit(0).negate();
                int before = engine.convolutions;
                assertEquals(a.multiply(b), IntegerMultiplication.multiplyNtt(a, b, engine),
                        where("integer engine route " + a.bitLength() + " x " + b.bitLength()));
                assertTrue(engine.convolutions > before, "the engine convolved");
            }
        } finally {
            engine.cpu.close();
        }
    }

    /** The moduli of the full-word engine contract: both sides of 2^62 and 2^63, and 2^64. */
    static final long[] FULL_WORD_MODULI = {
        (1L << 62) + 135, // nextprime(2^62): FLINT's nmod row
        1L << 62, // composite, the first modulus beyond ZpField
        (1L << 62) + (1L << 61) + 47, // a prime between 2^62 and 2^63
        Long.MAX_VALUE - 24, // 2^63 - 25, the largest prime below 2^63: the last Shoup reduction
        Long.MIN_VALUE, // 2^63, composite: the first two-word reduction
        Long.MIN_VALUE + 29, // 2^63 + 29, the least prime above 2^63
        -59L, // 2^64 - 59, the largest prime below 2^64
        -1L, // 2^64 - 1, composite
    };

    /**
     * c_k of a product mod p whose entries are all p - 1: (p - 1)^2 = 1 mod p, so c_k is the
     * number of index pairs i + j = k, min(k + 1, aLen, bLen, aLen + bLen - 1 - k), reduced mod p.
     */
    static long allMaximalCoefficient(long p, int aLen, int bLen, int k) {
        long count = Math.min(Math.min(k + 1, aLen + bLen - 1 - k), Math.min(aLen, bLen));
        return Long.remainderUnsigned(count, p);
    }

    /**
     * Checks c = a b mod p: every coefficient against the BigInteger schoolbook product when it
     * is short, the closed form when every entry is p - 1, else the BigInteger sum at the two ends
     * and at 40 random indices.
     */
    static void checkFullWord(long p, long[] a, long[] b, long[] c, boolean allMaximal, Random rnd, String label) {
        int n = a.length + b.length - 1;
        assertEquals(n, c.length, label);
        if ((long) a.length * b.length <= 40_000) {
            assertArrayEquals(PolyOracles.mulModUnsigned(p, a, b), c, label + " (schoolbook)");
            return;
        }
        if (allMaximal) {
            for (int k = 0; k < n; k++) {
                assertEquals(allMaximalCoefficient(p, a.length, b.length, k), c[k], label + " at " + k + " (all p - 1)");
            }
            return;
        }
        BigInteger m = new BigInteger(Long.toUnsignedString(p));
        for (int t = 0; t < 42; t++) {
            int k = t == 0 ? 0 : t == 1 ? n - 1 : rnd.nextInt(n);
            BigInteger sum = BigInteger.ZERO;
            for (int i = Math.max(0, k - b.length + 1); i <= Math.min(k, a.length - 1); i++) {
                sum = sum.add(new BigInteger(Long.toUnsignedString(a[i]))
                        .multiply(new BigInteger(Long.toUnsignedString(b[k - i]))));
            }
            assertEquals(sum.mod(m).longValue(), c[k], label + " at " + k + " (BigInteger)");
        }
    }

    @Test
    void fullWordProductsRunThePipelineOnACpuEngine() {
        // p in [2^62, 2^64): the engine route of PolyMulZp.mulFullWord (a device's under auto or
        // gpu) with a CPU engine passed as the engine, lengths 1 .. 2^12, against the oracles
        Random rnd = new Random(SEED + 6);
        CountingEngine counting = new CountingEngine();
        CpuNttEngine plain = new CpuNttEngine(2);
        int[] lengths = {1, 2, 3, 17, 100, 257, 1000, 1023, 2049, 4095, 4096};
        try {
            for (long p : FULL_WORD_MODULI) {
                for (int round = 0; round < 6; round++) {
                    int la = round < 3 ? lengths[rnd.nextInt(lengths.length)] : 1 + rnd.nextInt(1 << 12);
                    int lb = round == 0 ? la : round == 1 ? 1 << 12 : 1 + rnd.nextInt(1 << 12);
                    boolean max = round % 3 == 1;
                    long[] a = entries(rnd, la, p, max ? 1 : round % 2 == 0 ? 0 : 2);
                    long[] b = round == 5 ? a : entries(rnd, lb, p, max ? 1 : 0);
                    int n = a.length + b.length - 1;
                    long[] c = new long[n + 2];
                    c[0] = 77; // the offset: c[1 .. n + 1) written, c[0] and c[n + 1] untouched
                    c[n + 1] = 78;
                    NttEngine engine = round % 2 == 0 ? counting : plain;
                    int before = counting.convolutions;
                    PolyMulZp.mulFullWordOnEngine(p, a, 0, a.length, b, 0, b.length, c, 1, engine);
                    String label = where("full word on " + engine.name() + ", p = " + Long.toUnsignedString(p) + ", "
                            + a.length + " x " + b.length + (max ? ", all p - 1" : "") + (b == a ? ", square" : ""));
                    assertEquals(77, c[0], label);
                    assertEquals(78, c[n + 1], label);
                    checkFullWord(p, a, b, Arrays.copyOfRange(c, 1, n + 1), max, rnd, label);
                    if (engine == counting) {
                        assertEquals(before + 1, counting.convolutions, label + ": one convolution call on the engine");
                    }
                    if (round == 1) { // and the CPU route gives the same coefficients
                        long[] cpu = new long[a.length + b.length - 1];
                        PolyMulZp.mulDoubleNtt(p, a, 0, a.length, b, 0, b.length, cpu, 0, 1);
                        assertArrayEquals(cpu, Arrays.copyOfRange(c, 1, n + 1), label + " (the CPU route)");
                    }
                }
            }
            // the edges of the 2^12 range with every entry p - 1, for the largest and the FLINT prime
            for (long p : new long[] {-59L, (1L << 62) + 135}) {
                long[] a = entries(rnd, 1 << 12, p, 1);
                long[] c = new long[2 * a.length - 1];
                PolyMulZp.mulFullWordOnEngine(p, a, 0, a.length, a, 0, a.length, c, 0, plain);
                checkFullWord(p, a, a, c, true, rnd, where("square of 2^12 entries p - 1, p = " + Long.toUnsignedString(p)));
            }
            // the blocks that products beyond the engines' 2^27 points take, here with blocks of 2^6
            for (long p : new long[] {(1L << 62) + 135, Long.MIN_VALUE, -59L}) {
                long[] a = entries(rnd, 64 * 4 + 1 + rnd.nextInt(64), p, 0);
                long[] b = entries(rnd, 1 + rnd.nextInt(200), p, 2);
                long[] c = new long[a.length + b.length - 1];
                int before = counting.convolutions;
                PolyMulZp.mulFullWordOnEngineBlocks(p, a, 0, a.length, b, 0, b.length, c, 0, counting, 6);
                assertArrayEquals(PolyOracles.mulModUnsigned(p, a, b), c, where("blocks of 2^6, p = " + Long.toUnsignedString(p) + ", "
                        + a.length + " x " + b.length));
                assertEquals(before + ((a.length + 63) / 64) * ((b.length + 63) / 64), counting.convolutions,
                        "one engine convolution per pair of blocks");
            }
            assertThrows(IllegalArgumentException.class, () -> PolyMulZp.mulFullWordOnEngine(-59L, new long[] {1}, 0, 1,
                    new long[] {1}, 0, 1, new long[1], 0, null));
        } finally {
            counting.cpu.close();
            plain.close();
        }
    }

    @Test
    void fullWordDispatchOnTheCpuBackendMatchesTheEngineRoute() {
        // multiplyFullWord under every backend a machine without a GPU has, against the engine route
        Random rnd = new Random(SEED + 7);
        CpuNttEngine engine = new CpuNttEngine(1);
        try {
            for (long p : new long[] {(1L << 62) + 135, -59L}) {
                int la = Tuning.zpFullWordNttThreshold() + rnd.nextInt(3000);
                long[] a = entries(rnd, la, p, 0);
                long[] b = entries(rnd, 1 + rnd.nextInt(4000), p, 0);
                a[la - 1] = 1; // no leading zero for the trimmed result
                b[b.length - 1] = 1;
                long[] expected = new long[la + b.length - 1];
                PolyMulZp.mulFullWordOnEngine(p, a, 0, la, b, 0, b.length, expected, 0, engine);
                for (Options o : new Options[] {
                    Options.defaults().withBackend(Backend.CPU),
                    Options.defaults().withRoute(Route.CRT).withThreads(2)}) {
                    assertArrayEquals(expected, ZpPoly.multiplyFullWord(p, a, b, o),
                            where("multiplyFullWord p = " + Long.toUnsignedString(p) + ", " + o));
                }
            }
        } finally {
            engine.close();
        }
    }

    // A projection of integers of magnitude below 2^11: the values themselves.
    private static ConvolutionPlan.Projection small(long[] x) {
        return new ConvolutionPlan.Projection() {
            @Override
            public int residues(long q, double[][] m) {
                int cols = m[0].length;
                int rows = (x.length + cols - 1) / cols;
                for (int r = 0; r < rows; r++) {
                    Arrays.fill(m[r], 0.0);
                    for (int c = 0; c < cols && r * cols + c < x.length; c++) {
                        m[r][c] = x[r * cols + c];
                    }
                }
                return rows;
            }

            @Override
            public int length() {
                return x.length;
            }
        };
    }
}
