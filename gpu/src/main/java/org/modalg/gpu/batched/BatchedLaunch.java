package org.modalg.gpu.batched;

import org.modalg.fft.batched.BatchedIntegerEngine.Operation;

/**
 * The single-block kernels of {@code bigint.cu} and their launch shape, in one place for
 * {@link GpuBatchedIntegerEngine} (every batched operation) and {@link GpuNewtonDivision} (the
 * products of Newton's iteration): the rule kernel for a length, its limbs per thread Q and
 * thread limit, and the threads, instances per block, dynamic shared memory and grid of a
 * launch (bigint.cu's contract: an instance of M limbs takes T = ceil(M / Q) threads, a block
 * floor(blockDim / T) instances, each with its words of shared memory). The same packing of
 * instances into blocks serves {@link GpuBlockNttProduct} and {@link GpuFpBatchProduct}
 * ({@link #perInstance}).
 */
final class BatchedLaunch {

    /** The longest product one block holds (limbs per operand). */
    static final int MAX_PRODUCT_LIMBS = 4096;
    /** Threads per block aimed at before the shared memory and thread limits cut it down. */
    static final int BLOCK_TARGET = 128;
    /** Static shared bytes of the addition kernels (bigint.cu). */
    static final int ADD_STATIC_SHARED = 128;
    /** Static shared bytes of the product kernels (bigint.cu). */
    static final int MUL_STATIC_SHARED = 4224;

    private BatchedLaunch() {
    }

    /**
     * A launch: kernel, threads per block, instances per block, dynamic shared bytes, grid; for
     * the multi-block product, bands per instance (grid = count x bands) and the carry pass's
     * threads.
     */
    static final class Shape {
        boolean ok;
        String kernel;
        int threads;
        int ipb;
        int shared;
        int grid;
        int bands;
        int carryThreads;
    }

    // The single-block product kernel of the rule (no forced kernel), stride <= MAX_PRODUCT_LIMBS.
    static String ruleKernel(Operation op, int stride) {
        if (op == Operation.MULTIPLY_LOW) {
            return stride < 16 ? "bi_mullo32_q2" : "bi_mullo32_q8";
        }
        if (op == Operation.SQUARE) {
            return stride < 16 ? "bi_sqr32_q2" : "bi_sqr32_q8";
        }
        if (stride < 16) {
            return "bi_mul32_q2";
        }
        return stride > 128 && stride <= 512 ? "bi_mul_q4" : "bi_mul32_q8";
    }

    // The limbs per thread Q of a single-block kernel: the last character of its name.
    static int q(String kernel) {
        return kernel.charAt(kernel.length() - 1) - '0';
    }

    // The most threads per block: 1024, 512 for the products with Q = 8 (their launch bound).
    static int maxThreads(String kernel) {
        return kernel.startsWith("bi_mul") || kernel.startsWith("bi_sqr") ? (q(kernel) == 8 ? 512 : 1024) : 1024;
    }

    /**
     * The launch of {@code count} instances of {@code tpi} threads and {@code per} dynamic shared
     * bytes each, for a kernel whose block holds floor(blockDim / tpi) instances (the in-block NTT
     * and FP64 products): {threads, instances per block, dynamic shared bytes, grid}. Aims at
     * {@link #BLOCK_TARGET} threads, then takes instances off while the block passes
     * {@code maxThreads} threads or {@code limit} shared bytes, down to one instance (that one
     * instance fits is the caller's check). O(instances per block).
     */
    static int[] perInstance(int tpi, long per, long limit, int maxThreads, int count) {
        int ipb = (int) Math.max(1, Math.min(count, Math.min(Math.max(1, BLOCK_TARGET / tpi), limit / per)));
        int threads = (ipb * tpi + 31) / 32 * 32;
        while (ipb > 1 && (threads > maxThreads || (threads / tpi) * per > limit)) { // floor(threads / tpi) fits
            ipb--;
            threads = (ipb * tpi + 31) / 32 * 32;
        }
        ipb = threads / tpi; // what the kernel computes
        int shared = (int) (ipb * per);
        int grid = (int) ((count + (long) ipb - 1) / ipb);
        return new int[] {threads, ipb, shared, grid};
    }

    /**
     * Fills the single-block launch of {@code s.kernel} for {@code count} instances of
     * {@code m} limbs (threads, instances per block, shared bytes, grid) and sets {@code s.ok};
     * leaves {@code s.ok} false when no shape fits the thread limit or {@code sharedOptin} bytes
     * of shared memory per block.
     *
     * @param op the operation: a product (any but ADD and SUBTRACT) or an addition
     */
    static void singleBlock(Shape s, Operation op, int m, int count, long sharedOptin) {
        boolean product = op != Operation.ADD && op != Operation.SUBTRACT;
        int q = q(s.kernel);
        int max = maxThreads(s.kernel);
        int t = (m + q - 1) / q;
        if (t > max) {
            return;
        }
        int mp = t * q;
        int tpi = op == Operation.MULTIPLY_LOW ? (t + 1) / 2 : t; // bi_mullo32: ceil(T / 2) threads per instance
        long w = product ? 2L * mp + 2L * q + 2L * (mp / q) + 8 : (long) m + m / q + 1;
        long limit = sharedOptin - (product ? MUL_STATIC_SHARED : ADD_STATIC_SHARED);
        int ipb = Math.min(Math.max(1, BLOCK_TARGET / tpi), count);
        for (;; ipb--) {
            if (ipb < 1) {
                return;
            }
            int threads = (ipb * tpi + 31) / 32 * 32;
            if (threads > max) {
                continue;
            }
            int eff = threads / tpi; // what the kernel computes: floor(blockDim / T)
            if (eff * w * 8 > limit) {
                continue;
            }
            s.threads = threads;
            s.ipb = eff;
            s.shared = (int) (eff * w * 8);
            break;
        }
        s.grid = (int) ((count + (long) s.ipb - 1) / s.ipb);
        s.ok = true;
    }
}
