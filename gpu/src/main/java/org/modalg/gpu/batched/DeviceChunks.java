package org.modalg.gpu.batched;

import java.util.logging.Logger;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.polynomial.batched.CpuBatchedIntegerEngine;

/**
 * The chunked device loop of the batched in-block products ({@link GpuFpBatchProduct},
 * {@link GpuBlockNttProduct}): the instances go to the device in chunks sized by its free memory
 * (at most 6/10 of it, and at most {@code maxChunkLimbs} limbs); a chunk that runs out of memory
 * is halved, down to one instance; then, or on any other device failure, the rest of the batch
 * runs on the CPU engine with one warning. After a batch whose chunks held more than
 * {@code keepBytes}, the device buffers are released.
 */
final class DeviceChunks {
    /** The device's part: the products of instances [first, first + n). */
    interface Chunk {
        void run(int first, int n);
    }

    /** What a product keeps on the device between calls: freed after a failure or a large batch. */
    interface Held {
        /** Frees everything, after a failure (tables included). */
        void releaseAll();

        /** Frees the operand buffers, after a large batch. */
        void releaseBuffers();
    }

    private DeviceChunks() {
    }

    /**
     * The full products r_i = a_i b_i of count instances of m limbs: {@code chunk} on the device
     * chunk by chunk, the CPU engine for what the device cannot take.
     *
     * @param what the product's name in the warnings ("an FP batch product")
     * @param perInstance device words one instance takes
     */
    static void multiply(String what, GpuRuntime runtime, Logger log, Held held, long[] a, int aOff, long[] b, int bOff,
            long[] r, int rOff, int m, int count, Options options, long perInstance, long maxChunkLimbs,
            long keepBytes, Chunk chunkRun) {
        int done = 0;
        int chunk = 0;
        while (done < count) {
            options.checkCancelled("in the GPU " + what.substring(what.indexOf(' ') + 1));
            int n = 0;
            try {
                runtime.enterContext();
                if (chunk == 0) {
                    long fit = runtime.freeMemory() * 6 / 10 / Long.BYTES / perInstance;
                    chunk = (int) Math.max(1, Math.min(count, Math.min(fit, maxChunkLimbs / m)));
                }
                n = Math.min(chunk, count - done);
                chunkRun.run(done, n);
                done += n;
            } catch (GpuException e) {
                try {
                    held.releaseAll();
                } catch (GpuException again) {
                    // the context is broken: the CPU takes the rest below
                }
                if (e.isOutOfMemory() && n > 1) {
                    chunk = n / 2;
                    log.warning("GPU out of memory for " + what + " of " + count + " instances of " + m
                            + " limbs; retrying with chunks of " + chunk + " instances");
                    continue;
                }
                log.warning((e.isOutOfMemory() ? "GPU out of memory for one instance" : "GPU failed ("
                        + e.getMessage() + ")") + " in " + what + " of " + count + " instances of " + m
                        + " limbs; instances " + done + ".." + (count - 1) + " run on the CPU");
                CpuBatchedIntegerEngine.shared().multiply(a, aOff + done * m, b, bOff + done * m, r,
                        rOff + 2 * done * m, m, count - done, options);
                return;
            }
        }
        if ((long) Math.min(chunk, count) * perInstance * Long.BYTES > keepBytes) {
            try {
                held.releaseBuffers();
            } catch (GpuException e) {
                log.fine(() -> "freeing the buffers of " + what + " failed: " + e.getMessage());
            }
        }
    }
}
