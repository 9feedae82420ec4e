package org.modalg.gpu.batched;

import java.util.logging.Logger;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.DeviceWorkspace;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The one chunked device loop of the batched engine and its one fault policy, for every batch of
 * independent instances it sends to the device: the engine's additions and products
 * ({@link GpuBatchedIntegerEngine}), the FP64 and in-block NTT products ({@link GpuFpBatchProduct},
 * {@link GpuBlockNttProduct}), the long and Newton divisions ({@link GpuLongDivision},
 * {@link GpuNewtonDivision}), the batched polynomial products ({@link GpuBatchedPolyProducts}, whose
 * CPU step leaves the rest of the batch to its caller, the CPU twin).
 *
 * <p><b>Chunks.</b> The instances go to the device in chunks of whole instances, sized once per
 * batch by the free device memory (at most 6/10 of it) and by the caller's cap on instances a
 * chunk; the device step writes its outputs only when its chunk has completed.
 *
 * <p><b>Fault policy</b> (a device fault never yields a wrong answer: split, retry or fall back to
 * the CPU, and log it). On any {@link GpuException} of a chunk, what the product keeps on the device
 * is freed ({@link Held#releaseAll}); then
 * <ul>
 * <li>out of memory with more than one instance in the chunk: the chunk is halved and retried
 * (split), with one warning per halving;</li>
 * <li>out of memory for one instance, or any other device failure: the instances from the failed
 * chunk on run on the CPU step (fall back), with one warning naming the failure and the range.</li>
 * </ul>
 * Completed chunks are kept, so every instance is computed exactly once, by the device or by the
 * CPU. Nothing else is caught: a cancellation ({@link Options#checkCancelled}, before every chunk)
 * or a failure of the CPU step propagates. After a batch whose chunks held more than
 * {@code keepBytes}, the device buffers are released ({@link Held#releaseBuffers}), so as not to
 * crowd the other engines.
 *
 * <p><b>Cost</b>: one free-memory query per batch, one context switch per chunk; the loop itself
 * is O(number of chunks).
 */
final class DeviceChunks {
    /** A step over the instances [first, first + n) of the batch: the device's part or the CPU's. */
    interface Chunk {
        void run(int first, int n);
    }

    /**
     * A device step of a batched product over the instances [first, first + n); {@code same} when a
     * and b are one operand (the square path).
     */
    interface ProductChunk {
        void run(int first, int n, boolean same);
    }

    /** What a product keeps on the device between calls: freed after a failure or a large batch. */
    interface Held {
        /** Frees everything, after a failure (tables included). */
        void releaseAll();

        /** Frees the operand buffers, after a large batch. */
        void releaseBuffers();

        /** A product whose only device state is {@code buffers}: both release them. */
        static Held of(DeviceWorkspace buffers) {
            return new Held() {
                @Override
                public void releaseAll() {
                    buffers.release();
                }

                @Override
                public void releaseBuffers() {
                    buffers.release();
                }
            };
        }
    }

    /** The device as the loop sees it (a {@link GpuRuntime}, or a fake in the tests). */
    interface Device {
        /** Makes the device current on this thread; before every chunk. */
        void enter();

        /** Free device memory in bytes; once per batch. */
        long freeBytes();

        /** No device: the host runner of the tests (no context, memory unbounded). */
        Device HOST = new Device() {
            @Override
            public void enter() {
            }

            @Override
            public long freeBytes() {
                return Long.MAX_VALUE / 8; // times 6/10 without overflow: every batch is one chunk
            }
        };

        /** {@code runtime}'s device. */
        static Device of(GpuRuntime runtime) {
            return new Device() {
                @Override
                public void enter() {
                    runtime.enterContext();
                }

                @Override
                public long freeBytes() {
                    return runtime.freeMemory();
                }
            };
        }
    }

    /**
     * One batch: {@code what} names it in the warnings ("a batched multiply of 8 instances of 4
     * limbs"), {@code where} in a cancellation ("in the GPU batched multiply"); count instances of
     * perInstance device words each, at most maxInstances a chunk.
     */
    record Batch(String what, String where, int count, long perInstance, long maxInstances) {
    }

    /** The batched products' cap on the limbs of one chunk's operands: 2^26. */
    static final long PRODUCT_CHUNK_LIMBS = 1L << 26;

    /** The batched products' device buffers above this (256 MiB) are freed after a batch. */
    static final long PRODUCT_KEEP_BYTES = 256L << 20;

    private DeviceChunks() {
    }

    /**
     * Runs {@code batch} by the chunks and the fault policy of this class: {@code onDevice} chunk by
     * chunk, {@code onCpu} once for the rest of the batch after a fault that splitting does not cure.
     */
    static void run(Device device, Logger log, Held held, long keepBytes, Batch batch, Options options,
            Chunk onDevice, Chunk onCpu) {
        int count = batch.count();
        int done = 0;
        int chunk = 0;
        while (done < count) {
            options.checkCancelled(batch.where());
            int n = 0;
            try {
                device.enter();
                if (chunk == 0) {
                    long fit = device.freeBytes() * 6 / 10 / Long.BYTES / batch.perInstance();
                    chunk = (int) Math.max(1, Math.min(count, Math.min(fit, batch.maxInstances())));
                }
                n = Math.min(chunk, count - done);
                onDevice.run(done, n);
                done += n;
            } catch (GpuException e) {
                try {
                    held.releaseAll();
                } catch (GpuException again) {
                    // the context is broken: the CPU takes the rest below
                }
                if (e.isOutOfMemory() && n > 1) {
                    chunk = n / 2;
                    log.warning("GPU out of memory for " + batch.what() + "; retrying with chunks of " + chunk
                            + " instances");
                    continue;
                }
                log.warning((e.isOutOfMemory() ? "GPU out of memory for one instance" : "GPU failed ("
                        + e.getMessage() + ")") + " in " + batch.what() + "; instances " + done + ".." + (count - 1)
                        + " run on the CPU");
                onCpu.run(done, count - done);
                return;
            }
        }
        if ((long) Math.min(chunk, count) * batch.perInstance() * Long.BYTES > keepBytes) {
            try {
                held.releaseBuffers();
            } catch (GpuException e) {
                log.fine(() -> "freeing the device buffers of " + batch.what() + " failed: " + e.getMessage());
            }
        }
    }

    /**
     * The full products r_i = a_i b_i of count instances of m limbs: {@code chunkRun} on the device
     * chunk by chunk (at most {@code maxChunkLimbs / m} instances a chunk), the CPU engine for what
     * the device cannot take ({@link #run}).
     *
     * @param what the product's name in the warnings ("an FP batch product")
     * @param perInstance device words one instance takes
     */
    static void multiply(String what, GpuRuntime runtime, Logger log, Held held, long[] a, int aOff, long[] b, int bOff,
            long[] r, int rOff, int m, int count, Options options, long perInstance, long maxChunkLimbs,
            long keepBytes, Chunk chunkRun) {
        run(Device.of(runtime), log, held, keepBytes,
                new Batch(what + " of " + count + " instances of " + m + " limbs",
                        "in the GPU " + what.substring(what.indexOf(' ') + 1), count, perInstance, maxChunkLimbs / m),
                options, chunkRun, (first, n) -> CpuBatchedIntegerEngine.shared().multiply(a, aOff + first * m, b,
                        bOff + first * m, r, rOff + 2 * first * m, m, n, options));
    }

    /**
     * The body shared by the batched device products' {@code multiply} ({@link GpuWarpProduct},
     * {@link GpuBlockNttProduct}, {@link GpuFpBatchProduct}), the size m already checked by the
     * product: checks count, takes the square path when a and b are the same array at the same
     * offset (3 m + extraWords device words an instance, else 4 m + extraWords), and runs
     * {@link #multiply} with chunks of at most {@link #PRODUCT_CHUNK_LIMBS} limbs, freeing buffers
     * over {@link #PRODUCT_KEEP_BYTES} after the batch. O(number of chunks) besides the steps.
     *
     * @throws IllegalArgumentException if count is negative
     */
    static void product(String what, GpuRuntime runtime, Logger log, Held held, long[] a, int aOff, long[] b, int bOff,
            long[] r, int rOff, int m, int count, Options options, long extraWords, ProductChunk chunk) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
        boolean same = a == b && aOff == bOff;
        long perInstance = (same ? 3L : 4L) * m + extraWords;
        multiply(what, runtime, log, held, a, aOff, b, bOff, r, rOff, m, count, options, perInstance,
                PRODUCT_CHUNK_LIMBS, PRODUCT_KEEP_BYTES, (first, n) -> chunk.run(first, n, same));
    }
}
