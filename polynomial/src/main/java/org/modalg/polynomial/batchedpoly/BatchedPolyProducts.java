package org.modalg.polynomial.batchedpoly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.fft.ServiceProviders;
import org.modalg.fft.WorkerPools;
import org.modalg.polynomial.zp.ZpPoly;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Many independent polynomial products at once: c_i = a_i b_i for lists of pairs over Z
 * ({@link ZZPoly}) or over Z/pZ ({@link ZpPoly}, any modulus the field takes, p &lt; 2^62, each
 * pair over one field), the products typically up to a few thousand coefficients with large
 * coefficients (64 .. 2000 bits), as subproduct trees and batched evaluations produce them.
 *
 * <p>This is the CPU twin of the gpu module's {@code GpuBatchedPolyProducts} (the fused device
 * products of Emeliyanenko, "Efficient multiplication of polynomials on graphics hardware",
 * section 3: one block per product and prime, the transforms in shared memory, the CRT on the
 * device), its oracle and its fallback: every product runs whole on one worker of the options'
 * pool ({@link WorkerPools#of(Options)}) by the library's own rule for its shape
 * ({@link ZZPoly#multiply(ZZPoly, Options)}: classical, Karatsuba, Kronecker or the small-prime
 * NTT; {@link ZpPoly#multiply(ZpPoly, Options)}) on one thread and the CPU backend, the largest
 * products first (workers take the next product from a shared counter, so one long product does
 * not hold back a chunk of short ones). Results are exact, so every engine gives the same
 * polynomials.
 *
 * <p>Backend ({@link Options#backend()}): {@code cpu} and {@code auto} run the products here
 * (under {@code auto} the device is not chosen yet: its products were measured by the standalone
 * harness, not through Java with the conversions to and from BigInteger); {@code gpu} hands the
 * whole list to the first usable {@link BatchedPolyProductProvider} (the gpu module's fused
 * kernels), {@link IllegalStateException} when there is none.
 *
 * <p>Cost: the sum of the products' costs over the threads, plus the longest single product;
 * no conversions (the products are the ordinary ones). A list of one pair costs one product on
 * one thread: for a single large product call {@link ZZPoly#multiply(ZZPoly, Options)} itself,
 * whose transforms use every thread.
 */
public final class BatchedPolyProducts {
    private BatchedPolyProducts() {
    }

    /** {@link #multiplyAll(List, List, Options)} with {@link Options#defaults()}. */
    public static List<ZZPoly> multiplyAll(List<ZZPoly> a, List<ZZPoly> b) {
        return multiplyAll(a, b, Options.defaults());
    }

    /**
     * The products a.get(i) b.get(i) over Z, in order (class comment): on the threads of
     * {@code options}, each product on one thread on the CPU.
     *
     * @param a the first factors (non-null entries)
     * @param b the second factors, as many as a
     * @throws IllegalArgumentException naming the parameter if a list or options is null, the sizes
     *     differ, or an entry is null (with its index), or a product is longer than
     *     Integer.MAX_VALUE - 8 coefficients
     * @throws IllegalStateException for backend {@code gpu} when no device engine is usable
     * @throws org.modalg.fft.CancelledException if the options' cancellation check returns true
     *     (polled before each product)
     */
    public static List<ZZPoly> multiplyAll(List<ZZPoly> a, List<ZZPoly> b, Options options) {
        checkPairs(a, b, options);
        if (options.backend() == Backend.GPU) {
            return device().multiplyAll(a, b, options);
        }
        for (int i = 0; i < a.size(); i++) {
            ZZPoly.checkProductLength(Math.max(1, a.get(i).length()), Math.max(1, b.get(i).length()));
        }
        Options one = cpuOneThread(options);
        ZZPoly[] out = new ZZPoly[a.size()];
        long[] cost = new long[a.size()];
        for (int i = 0; i < cost.length; i++) {
            ZZPoly x = a.get(i);
            ZZPoly y = b.get(i);
            cost[i] = (long) x.length() * y.length() * (64 + x.maxCoefficientBits() + y.maxCoefficientBits());
        }
        forEachLargestFirst(cost, options, i -> out[i] = a.get(i).multiply(b.get(i), one));
        return List.of(out);
    }

    /** {@link #multiplyAllZp(List, List, Options)} with {@link Options#defaults()}. */
    public static List<ZpPoly> multiplyAllZp(List<ZpPoly> a, List<ZpPoly> b) {
        return multiplyAllZp(a, b, Options.defaults());
    }

    /**
     * The products a.get(i) b.get(i) over Z/pZ, in order (each pair over one field; pairs may use
     * different fields): on the threads of {@code options}, each product on one thread on the CPU.
     *
     * @throws IllegalArgumentException naming the parameter if a list or options is null, the sizes
     *     differ, an entry is null, or a pair's fields differ (with its index)
     * @throws IllegalStateException for backend {@code gpu} when no device engine is usable
     * @throws org.modalg.fft.CancelledException if the options' cancellation check returns true
     */
    public static List<ZpPoly> multiplyAllZp(List<ZpPoly> a, List<ZpPoly> b, Options options) {
        checkPairsZp(a, b, options);
        if (options.backend() == Backend.GPU) {
            return device().multiplyAllZp(a, b, options);
        }
        Options one = cpuOneThread(options);
        ZpPoly[] out = new ZpPoly[a.size()];
        long[] cost = new long[a.size()];
        for (int i = 0; i < cost.length; i++) {
            cost[i] = (long) a.get(i).length() * b.get(i).length();
        }
        forEachLargestFirst(cost, options, i -> out[i] = a.get(i).multiply(b.get(i), one));
        return List.of(out);
    }

    /**
     * Validates lists of pairs over Z (for the device engines, which take the same arguments).
     *
     * @throws IllegalArgumentException as {@link #multiplyAll(List, List, Options)}
     */
    public static void checkPairs(List<ZZPoly> a, List<ZZPoly> b, Options options) {
        checkLists(a, b, options);
    }

    /**
     * Validates lists of pairs over Z/pZ (for the device engines, which take the same arguments).
     *
     * @throws IllegalArgumentException as {@link #multiplyAllZp(List, List, Options)}
     */
    public static void checkPairsZp(List<ZpPoly> a, List<ZpPoly> b, Options options) {
        checkLists(a, b, options);
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).modulus() != b.get(i).modulus()) {
                throw new IllegalArgumentException("b.get(" + i + ") must be over the field of a.get(" + i + ") (p = "
                        + a.get(i).modulus() + "), got p = " + b.get(i).modulus());
            }
        }
    }

    private static void checkLists(List<?> a, List<?> b, Options options) {
        if (a == null) {
            throw new IllegalArgumentException("a must not be null");
        }
        if (b == null) {
            throw new IllegalArgumentException("b must not be null");
        }
        if (options == null) {
            throw new IllegalArgumentException("options must not be null (use Options.defaults())");
        }
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("b must hold as many polynomials as a (" + a.size() + "), got "
                    + b.size());
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) == null) {
                throw new IllegalArgumentException("a.get(" + i + ") must not be null");
            }
            if (b.get(i) == null) {
                throw new IllegalArgumentException("b.get(" + i + ") must not be null");
            }
        }
    }

    private static final class Device {
        static final BatchedPolyProductProvider FOUND = ServiceProviders.firstUsable(BatchedPolyProductProvider.class,
                BatchedPolyProductProvider::isUsable);
    }

    // The usable device engine (looked up once per JVM).
    private static BatchedPolyProductProvider device() {
        if (Device.FOUND == null) {
            throw new IllegalStateException("backend gpu: no usable device engine for batched polynomial products"
                    + " (no BatchedPolyProductProvider is usable here)");
        }
        return Device.FOUND;
    }

    // One thread, the CPU, the caller's route and cancellation.
    private static Options cpuOneThread(Options options) {
        return options.withThreads(1).withBackend(Backend.CPU);
    }

    /**
     * body(i) for every i, largest cost first, on the options' pool: each worker takes the next
     * index from a shared counter. The cancellation check is polled before each product.
     */
    static void forEachLargestFirst(long[] cost, Options options, IntConsumer body) {
        options.checkCancelled("before the batched polynomial products");
        int n = cost.length;
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (x, y) -> Long.compare(cost[y], cost[x]));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = boxed[i];
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int k; (k = next.getAndIncrement()) < n;) {
                options.checkCancelled("in the batched polynomial products");
                body.accept(order[k]);
            }
        };
        ForkJoinPool pool = WorkerPools.of(options.threads());
        int workers = pool == null ? 1 : Math.min(n, options.threads());
        if (workers <= 1) {
            worker.run();
            return;
        }
        List<ForkJoinTask<?>> tasks = new ArrayList<>(workers);
        for (int t = 0; t < workers; t++) {
            tasks.add(pool.submit(worker));
        }
        for (ForkJoinTask<?> t : tasks) {
            t.join();
        }
    }
}
