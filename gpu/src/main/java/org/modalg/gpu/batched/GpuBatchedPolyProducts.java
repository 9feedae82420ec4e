package org.modalg.gpu.batched;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Backend;
import org.modalg.fft.CrtBasis;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batchedpoly.BatchedPolyProducts;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Many small polynomial products over Z (and over Z/pZ through Z) on the device at once, fused
 * as in P. Emeliyanenko, "Efficient multiplication of polynomials on graphics hardware"
 * (sections 3-4): the kernels of {@code polybatch.cu} (contract in its header) compute, for a
 * group of products sharing a transform length L = 2^lgL (2 .. 8192 points) and s word-size
 * primes (below 2^31, the fewest whose product exceeds twice the coefficient bound,
 * {@link CrtBasis#fewestAbove(int, long, int)}), one CUDA block per (product, prime): the
 * reduction of both operands' big coefficients modulo the prime, their forward transforms, the
 * pointwise product and the inverse transform in shared memory; then one thread per product
 * coefficient does Garner's CRT (mixed-radix digits, then 32-bit words, symmetric range) on the
 * device, and the host reads two's complement words back into BigIntegers.
 *
 * <p>The results are those of {@link BatchedPolyProducts} (the CPU twin, and the fallback),
 * equal polynomial for polynomial (products are exact). Products the kernel does not take go to
 * the CPU twin in the same call: longer than {@link #MAX_LENGTH} coefficients, or with a bound
 * beyond {@link #MAX_PRIMES} primes (coefficient bits summing to about 7900); zero operands give
 * zero on the host.
 *
 * <p>Grouping: products with the same (L, s) are one launch (operand widths the group's
 * largest), in chunks of whole products sized to 60% of the free device memory; out of memory
 * halves the chunk (down to one product); any other device failure leaves the remaining products
 * to the CPU twin with one logged warning (the batched engine's one loop and policy,
 * {@link DeviceChunks}). Cost per product on the device: 3 s transforms of L
 * points, s (aLen Wa + bLen Wb) reduction steps (W limbs a coefficient), s^2 / 2 + s Q word
 * products per coefficient for the CRT; copies of 8 (aLen Wa + bLen Wb) bytes in and 4 Q L out
 * (Q ~ s words). Measured on an H100 with the standalone harness (gpu/BENCHMARKS.md, "Batched
 * small polynomial products"; copies from pageable memory included, Java's conversions not): 164x
 * the products per second of one call per product for 64 coefficients of 64 bits, 47x for 256 of
 * 64 bits, 10x for 512 of 256 bits, down to 3x for 2048 coefficients of 1000 or 2000 bits, where
 * one product's s blocks fill a good part of the device alone.
 *
 * <p>Calls are serialized per object; device buffers are kept between calls ({@link #close()}
 * frees them), the twiddle tables per basis (the largest used so far, which serves every smaller
 * one).
 */
public final class GpuBatchedPolyProducts implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GpuBatchedPolyProducts.class.getName());

    /** The most product coefficients (aLen + bLen - 1) the kernel takes: 8192. */
    public static final int MAX_LENGTH = PolyBatchLayout.MAX_LENGTH;

    /** The most primes of one product's basis: 256 (coefficient bound of about 7900 bits). */
    public static final int MAX_PRIMES = PolyBatchLayout.MAX_PRIMES;

    private static final long MAX_CHUNK_WORDS = 1L << 26; // host output array of one chunk
    private static final int A = 0;
    private static final int B = 1;
    private static final int DESC = 2;
    private static final int RES = 3;
    private static final int OUT = 4;
    private static final int CONST = 5;

    /** One group's launches: products idx[from, from + n) in, their output words out. */
    interface Runner {
        long[] run(Group g, int from, int n, long[] a, long[] b, long[] desc);
    }

    private final GpuRuntime runtime;
    private final Runner runner;
    private final DeviceWorkspace buffers = new DeviceWorkspace(6);
    // freed after a failure: what the products keep on the device (none with the host runner of the tests)
    private final DeviceChunks.Held held = new DeviceChunks.Held() {
        @Override
        public void releaseAll() {
            if (runtime != null) {
                GpuBatchedPolyProducts.this.releaseAll();
            }
        }

        @Override
        public void releaseBuffers() {
            // kept between calls (keepBytes is unbounded)
        }
    };
    private DeviceBuffer tablePrimes;
    private DeviceBuffer tables;
    private int[] tablePrimeWords = new int[0];
    private int injectedFault;

    /** The batched products on {@code runtime}'s device. */
    public GpuBatchedPolyProducts(GpuRuntime runtime) {
        if (runtime == null) {
            throw new IllegalArgumentException("runtime must not be null");
        }
        this.runtime = runtime;
        this.runner = this::device;
    }

    // Tests: the kernels' Java twin instead of the device.
    GpuBatchedPolyProducts(Runner runner) {
        this.runtime = null;
        this.runner = runner;
    }

    /** The products run by the Java twin of the kernels (no device): tests of the host side. */
    static GpuBatchedPolyProducts onTwin() {
        return new GpuBatchedPolyProducts((g, from, n, a, b, desc) -> {
            int[] res = PolyBatchLayout.convTwin(a, b, desc, g.primes, g.lgL, g.s, g.wa, g.wb, n);
            return PolyBatchLayout.garnerTwin(res, desc, g.primes, g.ginv, g.pref, g.hdig, g.m, g.lgL, g.s, g.q, n);
        });
    }

    /**
     * Whether the kernel takes a product of lengths aLen, bLen &gt;= 1 with coefficients below
     * 2^bitsA and 2^bitsB in absolute value: aLen + bLen - 1 &lt;= {@link #MAX_LENGTH} and at most
     * {@link #MAX_PRIMES} primes for the bound.
     */
    public static boolean takes(int aLen, int bLen, int bitsA, int bitsB) {
        if (aLen < 1 || bLen < 1 || (long) aLen + bLen - 1 > MAX_LENGTH) {
            return false;
        }
        return PolyBatchLayout.basis(PolyBatchLayout.signedBoundBits(bitsA, bitsB, aLen, bLen)) != null;
    }

    /** {@link #multiplyAll(List, List, Options)} with {@link Options#defaults()}. */
    public List<ZZPoly> multiplyAll(List<ZZPoly> a, List<ZZPoly> b) {
        return multiplyAll(a, b, Options.defaults());
    }

    /**
     * The products a.get(i) b.get(i) over Z, in order, on the device (class comment); the products
     * it does not take, and the rest after a device failure, by {@link BatchedPolyProducts} on the
     * options' threads with backend {@code cpu}. The options' backend is not consulted otherwise
     * (this is the device engine; {@link GpuBatchedPolyProductProvider} makes it
     * {@code BatchedPolyProducts}' engine under backend {@code gpu}).
     *
     * @throws IllegalArgumentException as {@link BatchedPolyProducts#multiplyAll(List, List, Options)}
     * @throws org.modalg.fft.CancelledException if the options' cancellation check returns true
     *     (polled before each chunk)
     */
    public synchronized List<ZZPoly> multiplyAll(List<ZZPoly> a, List<ZZPoly> b, Options options) {
        BatchedPolyProducts.checkPairs(a, b, options);
        options.checkCancelled("before the batched polynomial products");
        int count = a.size();
        ZZPoly[] out = new ZZPoly[count];
        Map<Long, Group> groups = new LinkedHashMap<>();
        List<Integer> host = new ArrayList<>();
        BigInteger[][] ca = new BigInteger[count][];
        BigInteger[][] cb = new BigInteger[count][];
        for (int i = 0; i < count; i++) {
            ZZPoly x = a.get(i);
            ZZPoly y = b.get(i);
            if (x.isZero() || y.isZero()) {
                out[i] = ZZPoly.ZERO;
                continue;
            }
            int bitsA = x.maxCoefficientBits();
            int bitsB = y.maxCoefficientBits();
            if ((long) x.length() + y.length() - 1 > MAX_LENGTH) {
                host.add(i);
                continue;
            }
            int bound = PolyBatchLayout.signedBoundBits(bitsA, bitsB, x.length(), y.length());
            CrtBasis basis = PolyBatchLayout.basis(bound);
            if (basis == null) {
                host.add(i);
                continue;
            }
            int lgL = PolyBatchLayout.lgLength(x.length() + y.length() - 1);
            Group g = groups.computeIfAbsent((long) lgL << 32 | basis.size(), key -> new Group(lgL, basis));
            g.add(i, PolyBatchLayout.limbs(bitsA), PolyBatchLayout.limbs(bitsB));
            ca[i] = x.coefficients();
            cb[i] = y.coefficients();
        }
        boolean failed = false;
        for (Group g : groups.values()) {
            if (failed) {
                host.addAll(g.index);
                continue;
            }
            int done = runGroup(g, ca, cb, out, options);
            if (done < g.index.size()) {
                failed = true;
                host.addAll(g.index.subList(done, g.index.size()));
            }
        }
        if (!host.isEmpty()) {
            List<ZZPoly> ha = new ArrayList<>(host.size());
            List<ZZPoly> hb = new ArrayList<>(host.size());
            for (int i : host) {
                ha.add(a.get(i));
                hb.add(b.get(i));
            }
            List<ZZPoly> hc = BatchedPolyProducts.multiplyAll(ha, hb, options.withBackend(Backend.CPU));
            for (int t = 0; t < host.size(); t++) {
                out[host.get(t)] = hc.get(t);
            }
        }
        return List.of(out);
    }

    /** {@link #multiplyAllZp(List, List, Options)} with {@link Options#defaults()}. */
    public List<ZpPoly> multiplyAllZp(List<ZpPoly> a, List<ZpPoly> b) {
        return multiplyAllZp(a, b, Options.defaults());
    }

    /**
     * The products a.get(i) b.get(i) over Z/pZ (p &lt; 2^62, each pair over one field), in order:
     * the products of the lifts to Z (coefficients in [0, p)) by {@link #multiplyAll(List, List,
     * Options)}, reduced modulo p on the host.
     *
     * @throws IllegalArgumentException as {@link BatchedPolyProducts#multiplyAllZp(List, List, Options)}
     */
    public synchronized List<ZpPoly> multiplyAllZp(List<ZpPoly> a, List<ZpPoly> b, Options options) {
        BatchedPolyProducts.checkPairsZp(a, b, options);
        List<ZZPoly> za = new ArrayList<>(a.size());
        List<ZZPoly> zb = new ArrayList<>(b.size());
        for (int i = 0; i < a.size(); i++) {
            za.add(a.get(i).toZZPoly());
            zb.add(b.get(i).toZZPoly());
        }
        List<ZZPoly> zc = multiplyAll(za, zb, options);
        ZpPoly[] out = new ZpPoly[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ZpPoly.of(a.get(i).field(), zc.get(i).coefficients());
        }
        return List.of(out);
    }

    /** Frees the device buffers and tables kept between calls (allocated again when needed). Idempotent. */
    @Override
    public synchronized void close() {
        if (runtime == null) {
            return;
        }
        runtime.enterContext();
        releaseAll();
    }

    /** Tests only: the next device chunk fails with the driver error {@code cudaError}. */
    synchronized void injectFaultForTests(int cudaError) {
        injectedFault = cudaError;
    }

    /** Products sharing (lgL, s): their indices and the largest operand widths. */
    static final class Group {
        final int lgL;
        final int s;
        final int q;
        final int[] primes;
        final int[] ginv;
        final int[] m;
        final int[] pref;
        final int[] hdig;
        final CrtBasis basis;
        final List<Integer> index = new ArrayList<>();
        int wa = 1;
        int wb = 1;

        Group(int lgL, CrtBasis basis) {
            this.lgL = lgL;
            this.basis = basis;
            this.s = basis.size();
            this.q = PolyBatchLayout.outputWords(basis);
            this.primes = PolyBatchLayout.primes(basis);
            this.ginv = PolyBatchLayout.garnerConstants(basis);
            this.m = PolyBatchLayout.words(basis.modulus(), q);
            this.pref = PolyBatchLayout.prefixProducts(basis, q);
            this.hdig = PolyBatchLayout.halfDigits(basis);
        }

        void add(int i, int limbsA, int limbsB) {
            index.add(i);
            wa = Math.max(wa, limbsA);
            wb = Math.max(wb, limbsB);
        }

        /** Device bytes of one product of the group at most (operands, residues, output). */
        long bytesPerProduct() {
            long len = 1L << lgL;
            return 8 * (len * (wa + wb) + 4) + 4 * len * (s + q);
        }
    }

    // The group's products on the device in chunks (DeviceChunks: out of memory halves the chunk);
    // returns how many were done (all of them, or those before a failure that halving does not
    // cure, the rest being the caller's: the CPU twin).
    private int runGroup(Group g, BigInteger[][] ca, BigInteger[][] cb, ZZPoly[] out, Options options) {
        int count = g.index.size();
        long len = 1L << g.lgL;
        int[] done = {count};
        DeviceChunks.run(runtime == null ? DeviceChunks.Device.HOST : DeviceChunks.Device.of(runtime), LOG, held,
                Long.MAX_VALUE, new DeviceChunks.Batch("batched polynomial products of " + count + " products of "
                        + len + " points and " + g.s + " primes", "in the batched polynomial products", count,
                        g.bytesPerProduct() / Long.BYTES, MAX_CHUNK_WORDS / (len * g.q / 2 + 1)), options,
                (first, n) -> chunk(g, ca, cb, out, first, n), (first, n) -> done[0] = first);
        return done[0];
    }

    // Products [first, first + n) of the group on the device; out written after the runner returns.
    private void chunk(Group g, BigInteger[][] ca, BigInteger[][] cb, ZZPoly[] out, int first, int n) {
        long[] desc = new long[4 * n];
        long aWords = 0;
        long bWords = 0;
        for (int t = 0; t < n; t++) {
            int i = g.index.get(first + t);
            desc[4 * t] = aWords;
            desc[4 * t + 1] = bWords;
            desc[4 * t + 2] = ca[i].length;
            desc[4 * t + 3] = cb[i].length;
            aWords += (long) ca[i].length * g.wa;
            bWords += (long) cb[i].length * g.wb;
        }
        long[] pa = new long[(int) aWords];
        long[] pb = new long[(int) bWords];
        for (int t = 0; t < n; t++) {
            int i = g.index.get(first + t);
            for (int k = 0; k < ca[i].length; k++) {
                PolyBatchLayout.writeTwos(ca[i][k], pa, (int) desc[4 * t] + k * g.wa, g.wa);
            }
            for (int k = 0; k < cb[i].length; k++) {
                PolyBatchLayout.writeTwos(cb[i][k], pb, (int) desc[4 * t + 1] + k * g.wb, g.wb);
            }
        }
        long[] words = runner.run(g, first, n, pa, pb, desc);
        for (int t = 0; t < n; t++) {
            int i = g.index.get(first + t);
            BigInteger[] c = new BigInteger[ca[i].length + cb[i].length - 1];
            for (int k = 0; k < c.length; k++) {
                c[k] = PolyBatchLayout.coefficient(words, t, g.q, g.lgL, k);
            }
            out[i] = ZZPoly.wrap(c);
        }
    }

    private void releaseAll() {
        buffers.release();
        if (tables != null) {
            tables.close();
            tablePrimes.close();
            tables = null;
            tablePrimes = null;
            tablePrimeWords = new int[0];
        }
    }

    // The twiddle tables of at least the group's primes (a prefix of the kept ones, else rebuilt).
    private void ensureTables(Group g) {
        int s = g.s;
        if (tables != null && tablePrimeWords.length >= s
                && Arrays.equals(tablePrimeWords, 0, s, g.primes, 0, s)) {
            return;
        }
        if (tables != null) {
            tables.close();
            tablePrimes.close();
            tables = null;
            tablePrimes = null;
        }
        long n = 1L << PolyBatchLayout.LG_MAX;
        DeviceBuffer p = DeviceBuffer.of(PolyBatchLayout.pairs(g.primes));
        DeviceBuffer t = null;
        try (DeviceBuffer roots = DeviceBuffer.of(PolyBatchLayout.pairs(PolyBatchLayout.roots(g.basis)))) {
            t = new DeviceBuffer(s * 4 * n / 2);
            CUfunction f = runtime.function(GpuModules.POLYBATCH, "pb_tables");
            Cuda.launch(f, "pb_tables", 256, 1, 256, 0, p.arg(), roots.arg(), Pointer.to(new int[] {s}),
                    Pointer.to(new int[] {PolyBatchLayout.LG_MAX}), t.arg());
            Cuda.synchronize("pb_tables");
        } catch (GpuException e) {
            p.close();
            if (t != null) {
                t.close();
            }
            throw e;
        }
        tablePrimes = p;
        tables = t;
        tablePrimeWords = g.primes.clone();
    }

    /**
     * pb_conv's block size by transform length L, the best of the harness's runs on an H100
     * (gpu/BENCHMARKS.md, "Batched small polynomial products"): 32 threads at L = 128, 128 at 512
     * and 1024, 256 at 2048, 512 from 4096 (64 at L = 256 and L / 2 below 64 are not measured).
     */
    static int convThreads(int lgL) {
        int len = 1 << lgL;
        int t = len <= 128 ? 32 : len == 256 ? 64 : len <= 1024 ? 128 : len == 2048 ? 256 : 512;
        return Math.max(32, Math.min(t, len / 2));
    }

    private long[] device(Group g, int from, int n, long[] a, long[] b, long[] desc) {
        runtime.enterContext();
        long len = 1L << g.lgL;
        int shared = (int) (8 * len);
        if (shared > runtime.maxSharedOptin()) {
            throw new GpuException("pb_conv needs " + shared + " bytes of shared memory, the device gives "
                    + runtime.maxSharedOptin(), 0);
        }
        ensureTables(g);
        DeviceBuffer da = buffers.get(A, Math.max(1, a.length));
        DeviceBuffer db = buffers.get(B, Math.max(1, b.length));
        DeviceBuffer dd = buffers.get(DESC, desc.length);
        DeviceBuffer dr = buffers.get(RES, n * g.s * len / 2);
        long outWords = n * g.q * len / 2;
        DeviceBuffer dout = buffers.get(OUT, outWords);
        // the constants' buffer: ginv (2 s^2 words), then pref (s q), hdig (s) and M (q)
        long[] ginv = PolyBatchLayout.pairs(g.ginv);
        long[] rest = PolyBatchLayout.pairs(concat(concat(g.pref, g.hdig), g.m));
        DeviceBuffer dc = buffers.get(CONST, ginv.length + rest.length);
        da.upload(a, 0, 0, a.length);
        db.upload(b, 0, 0, b.length);
        dd.upload(desc, 0, 0, desc.length);
        dc.upload(ginv, 0, 0, ginv.length);
        dc.upload(rest, 0, ginv.length, rest.length);
        if (injectedFault != 0) {
            int code = injectedFault;
            injectedFault = 0;
            throw new GpuException("cuLaunchKernel(pb_conv) failed: injected fault for the tests (" + code + ")", code);
        }
        CUfunction conv = runtime.function(GpuModules.POLYBATCH, "pb_conv");
        if (shared > 48 * 1024) {
            Cuda.check(JCudaDriver.cuFuncSetAttribute(conv,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared),
                    "cuFuncSetAttribute(pb_conv, max dynamic shared memory " + shared + ")");
        }
        Pointer lgMax = Pointer.to(new int[] {PolyBatchLayout.LG_MAX});
        Pointer lgL = Pointer.to(new int[] {g.lgL});
        Pointer s = Pointer.to(new int[] {g.s});
        Cuda.launch(conv, "pb_conv", n, g.s, convThreads(g.lgL), shared, da.arg(), db.arg(), dd.arg(),
                tablePrimes.arg(), tables.arg(), lgMax, lgL, s, Pointer.to(new int[] {g.wa}),
                Pointer.to(new int[] {g.wb}), dr.arg());
        CUfunction garner = runtime.function(GpuModules.POLYBATCH, "pb_garner_rows");
        long threads = n * len;
        int block = 128;
        long grid = (threads + block - 1) / block;
        // ginv (2 s^2 words: an even count, so pref starts at device word s^2), pref, hdig, M
        Pointer pref = Pointer.to(dc.at(ginv.length));
        Pointer hdig = Pointer.to(dc.at(ginv.length).withByteOffset(4L * g.s * g.q));
        Pointer m = Pointer.to(dc.at(ginv.length).withByteOffset(4L * (g.s * g.q + g.s)));
        Cuda.launch(garner, "pb_garner_rows", (int) grid, 1, block, 0, dr.arg(), dd.arg(), tablePrimes.arg(),
                dc.arg(), pref, hdig, m, lgL, s, Pointer.to(new int[] {g.q}), Pointer.to(new long[] {n}), dout.arg());
        Cuda.synchronize("pb_garner_rows");
        long[] words = new long[(int) outWords];
        dout.download(0, words, 0, outWords);
        return words;
    }

    private static int[] concat(int[] x, int[] y) {
        int[] r = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }
}
