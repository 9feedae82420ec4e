package org.modalg.gpu.runtime;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.concurrent.ForkJoinPool;
import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import org.modalg.fft.Options;
import org.modalg.fft.WorkerPools;
import org.modalg.fft.parallel.ParallelRange;

/**
 * Copies between Java arrays and device buffers through two page-locked host slots of a fixed
 * size ({@code cuMemHostAlloc}), kept for the owner's lifetime: the data goes in slices of one
 * slot, the DMA of one slice overlapping the host's copy of the other (in parallel on the
 * common pool), so that neither direction depends on the driver's pageable path (a second copy
 * through its own staging, the JVM's critical section held throughout) and the pinned memory is
 * allocated once instead of per product, at a size that does not grow with the product. Copies run on a
 * blocking stream, after the work already queued on the default stream. Host memory: 2 x
 * {@link #slotBytes()}. Not thread-safe: each owner serializes its calls.
 */
public final class PinnedStaging implements AutoCloseable {
    /** Default size of a slot: 32 MiB (slices of 4 Mi words). */
    public static final int DEFAULT_SLOT_BYTES = 32 << 20;

    private final int slotBytes;
    private final Pointer[] slots = new Pointer[2];
    private final LongBuffer[] words = new LongBuffer[2];
    private final ByteBuffer[] bytes = new ByteBuffer[2];
    private final CUevent[] filled = new CUevent[2];
    private final CUstream stream = new CUstream();
    private boolean streamCreated;
    private boolean closed;

    /**
     * Allocates the two slots of {@code slotBytes} bytes (a multiple of 8 in [8, 2^30]) and the
     * stream on the current context.
     */
    public PinnedStaging(int slotBytes) {
        if (slotBytes < 8 || slotBytes > 1 << 30 || slotBytes % 8 != 0) {
            throw new IllegalArgumentException("slotBytes must be a multiple of 8 in [8, 2^30], got "
                    + slotBytes);
        }
        this.slotBytes = slotBytes;
        try {
            Cuda.check(JCudaDriver.cuStreamCreate(stream, 0), "cuStreamCreate");
            streamCreated = true;
            for (int s = 0; s < 2; s++) {
                Pointer p = new Pointer();
                Cuda.check(JCudaDriver.cuMemHostAlloc(p, slotBytes, 0), "cuMemHostAlloc(" + slotBytes + " bytes)");
                slots[s] = p;
                bytes[s] = p.getByteBuffer(0, slotBytes).order(ByteOrder.nativeOrder());
                words[s] = bytes[s].asLongBuffer();
                filled[s] = new CUevent();
                Cuda.check(JCudaDriver.cuEventCreate(filled[s], CUevent_flags.CU_EVENT_DISABLE_TIMING),
                        "cuEventCreate");
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The size of one slot in bytes. */
    public int slotBytes() {
        return slotBytes;
    }

    /**
     * Copies device words [0, count) of {@code src} into chunks: chunk k receives words
     * [k chunkWords, (k + 1) chunkWords) (the last chunk fewer) from its index 0. A slice is the
     * largest whole number of chunks that fits a slot (a chunk larger than a slot goes in
     * several slices); its chunks are copied out in parallel.
     */
    public void download(DeviceBuffer src, long count, long[][] dst, int chunkWords) {
        check(chunkWords, count, dst.length);
        copyDown(src, 0, count, 8, chunkWords, (slot, at, from, len) -> {
            LongBuffer view = words[slot];
            int k = Math.toIntExact(from / chunkWords);
            view.get(at, dst[k], (int) (from - (long) k * chunkWords), len);
        });
    }

    /** {@link #download} for bytes: device bytes [0, count) of src into byte chunks. */
    public void downloadBytes(DeviceBuffer src, long count, byte[][] dst, int chunkBytes) {
        check(chunkBytes, count, dst.length);
        copyDown(src, 0, count, 1, chunkBytes, (slot, at, from, len) -> {
            ByteBuffer view = bytes[slot];
            int k = Math.toIntExact(from / chunkBytes);
            view.get(at, dst[k], (int) (from - (long) k * chunkBytes), len);
        });
    }

    /**
     * What {@link #upload} sends: units [from, to) written by the host into a slot, unit i at
     * words [(i - from) unitWords, (i - from + 1) unitWords) of the slot's view. Called
     * concurrently for disjoint ranges.
     */
    public interface Fill {
        void fill(int from, int to, LongBuffer slot);
    }

    /**
     * Device words [0, units unitWords) of dst from {@code fill}, slice by slice: the host fills
     * one slot (in up to 16 parts on the common pool) while the other's DMA runs. A slice is the
     * largest whole number of units that fits a slot (unitWords at most a slot). Returns after
     * the last copy.
     */
    public void upload(int units, int unitWords, DeviceBuffer dst, Fill fill) {
        checkOpen();
        if (unitWords < 1 || unitWords > slotBytes / 8) {
            throw new IllegalArgumentException("unitWords must be in [1, " + slotBytes / 8 + "], got " + unitWords);
        }
        if (units < 0 || (long) units * unitWords > dst.words()) {
            throw new IndexOutOfBoundsException(units + " units of " + unitWords + " words outside a buffer of "
                    + dst.words());
        }
        int slice = slotBytes / 8 / unitWords;
        int done = 0;
        for (int i = 0; done < units; i++) {
            int slot = i & 1;
            int len = Math.min(slice, units - done);
            // the slot's previous copy (two slices ago) must have left it
            Cuda.check(JCudaDriver.cuEventSynchronize(filled[slot]), "cuEventSynchronize(staging)");
            LongBuffer view = words[slot];
            int base = done;
            int pieces = Math.max(1, Math.min(16, (int) ((long) len * unitWords >>> 15)));
            if (pieces == 1) {
                fill.fill(base, base + len, view);
            } else {
                forPieces(pieces, (p0, p1) -> {
                    for (int p = p0; p < p1; p++) {
                        int a = base + (int) ((long) len * p / pieces);
                        int b = base + (int) ((long) len * (p + 1) / pieces);
                        fill.fill(a, b, view.slice((a - base) * unitWords, (b - a) * unitWords));
                    }
                });
            }
            Cuda.check(JCudaDriver.cuMemcpyHtoDAsync(dst.at((long) done * unitWords), slots[slot],
                    (long) len * unitWords * 8, stream), "cuMemcpyHtoDAsync");
            Cuda.check(JCudaDriver.cuEventRecord(filled[slot], stream), "cuEventRecord(staging)");
            done += len;
        }
        Cuda.check(JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize(staging upload)");
    }

    private interface CopyOut {
        // Copies len units from the slot's unit `at` to output unit `from` (within one chunk).
        void copy(int slot, int at, long from, int len);
    }

    // Device units [offset, offset + count) of `unit` bytes each to the chunks of chunkUnits
    // through the slots: slice i's DMA into slot i mod 2 runs while slice i - 1 is copied out.
    private void copyDown(DeviceBuffer src, long offset, long count, int unit, int chunkUnits, CopyOut out) {
        checkOpen();
        long slotUnits = slotBytes / unit;
        long slice = slotUnits >= chunkUnits ? slotUnits / chunkUnits * chunkUnits : slotUnits;
        long[] sliceFrom = new long[2];
        int[] sliceLen = new int[2];
        long done = 0;
        int i = 0;
        for (; done < count; i++) {
            int slot = i & 1;
            int len = (int) Math.min(slice, count - done);
            Cuda.check(JCudaDriver.cuMemcpyDtoHAsync(slots[slot],
                    src.at(0).withByteOffset((offset + done) * unit), (long) len * unit, stream),
                    "cuMemcpyDtoHAsync");
            Cuda.check(JCudaDriver.cuEventRecord(filled[slot], stream), "cuEventRecord(staging)");
            sliceFrom[slot] = done;
            sliceLen[slot] = len;
            if (i > 0) {
                drain(1 - slot, sliceFrom[1 - slot], sliceLen[1 - slot], chunkUnits, out);
            }
            done += len;
        }
        if (i > 0) {
            drain((i - 1) & 1, sliceFrom[(i - 1) & 1], sliceLen[(i - 1) & 1], chunkUnits, out);
        }
    }

    // Waits for the slot's DMA, then copies its slice out chunk by chunk, in parallel.
    private void drain(int slot, long from, int len, int chunkUnits, CopyOut out) {
        Cuda.check(JCudaDriver.cuEventSynchronize(filled[slot]), "cuEventSynchronize(staging)");
        long firstChunk = from / chunkUnits;
        long lastChunk = (from + len - 1) / chunkUnits;
        int pieces = (int) (lastChunk - firstChunk + 1);
        forPieces(pieces, (p0, p1) -> {
            for (int p = p0; p < p1; p++) {
                long a = Math.max(from, (firstChunk + p) * chunkUnits);
                long b = Math.min(from + len, (firstChunk + p + 1) * chunkUnits);
                out.copy(slot, (int) (a - from), a, (int) (b - a));
            }
        });
    }

    // body over [0, pieces) on every processor, through the library's one parallel loop
    private static void forPieces(int pieces, ParallelRange.Body body) {
        int cores = Math.max(1, Math.min(Options.MAX_THREADS, Runtime.getRuntime().availableProcessors()));
        ForkJoinPool pool = WorkerPools.of(cores);
        if (pool == null || pieces < 2) {
            body.run(0, pieces);
        } else {
            ParallelRange.run(pool, 0, pieces, 1, body);
        }
    }

    private void check(int chunk, long count, int chunks) {
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk size must be >= 1, got " + chunk);
        }
        if (count < 0 || (count + chunk - 1) / chunk > chunks) {
            throw new IllegalArgumentException(count + " units need " + (count + chunk - 1) / chunk
                    + " chunks of " + chunk + ", got " + chunks);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("pinned staging already freed");
        }
    }

    /** Frees the slots, events and stream (after the copies in flight). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        // the copies in flight finish first; a failure is reported after everything is freed
        int pending = streamCreated ? JCudaDriver.cuStreamSynchronize(stream) : jcuda.driver.CUresult.CUDA_SUCCESS;
        for (int s = 0; s < 2; s++) {
            if (filled[s] != null) {
                Cuda.check(JCudaDriver.cuEventDestroy(filled[s]), "cuEventDestroy");
            }
            if (slots[s] != null) {
                Cuda.check(JCudaDriver.cuMemFreeHost(slots[s]), "cuMemFreeHost");
            }
        }
        if (streamCreated) {
            Cuda.check(JCudaDriver.cuStreamDestroy(stream), "cuStreamDestroy");
        }
        Cuda.check(pending, "cuStreamSynchronize(staging, on close)");
    }
}
