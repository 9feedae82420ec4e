package org.modalg.gpu.ntt;

import java.util.Arrays;
import java.util.logging.Logger;
import org.modalg.fft.ntt.CpuNttEngine;
import org.modalg.fft.ntt.NttArguments;
import org.modalg.fft.ntt.NttArguments.Operation;
import org.modalg.fft.ntt.NttEngine;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuException;
import org.modalg.gpu.runtime.GpuRuntime;

/**
 * {@link NttEngine} on the GPU: the rows are copied to the device, transformed by the kernels
 * of {@link GpuNtt} (few passes over memory per transform) and copied back. Results are
 * bit-identical to {@link CpuNttEngine} (both compute the exact values of the definition in
 * {@link NttEngine}, canonical in [0, p)).
 *
 * <p><b>Size threshold.</b> Batches of fewer than {@link #minWords()} words (rows * n) run on
 * the CPU engine, where the transfer would cost more than the transform (measured: see the
 * module's BENCHMARKS.md); set by {@code -Dmodalg.gpu.nttMinWords}.
 *
 * <p><b>Memory.</b> Rows go to the device in chunks that fit its free memory. If the device
 * still runs out of memory, the chunk is halved; if a single row does not fit, the remaining
 * rows run on the CPU engine, with a warning logged. The host arrays are written only after a
 * chunk has completed, so a fallback never sees half-transformed data.
 *
 * <p>Device calls are serialized per engine (its methods are synchronized).
 */
public final class GpuNttEngine implements NttEngine.ByOperation, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GpuNttEngine.class.getName());

    /**
     * Default of {@link #minWords()}: 2^19 words. Measured on an H100 (BENCHMARKS.md): Z/pZ
     * products of length 2^18 (one row of 2^19 words) and up are 1.9x-2.3x faster on the GPU,
     * while Z products of length 2^16 (three rows of 2^17) were slower there.
     */
    public static final long DEFAULT_MIN_WORDS = 1L << 19;

    private final GpuRuntime runtime;
    private final GpuNtt ntt;
    private final NttEngine cpu;
    private final long minWords;
    private volatile boolean closed;

    /**
     * An engine on the usable GPU, with the default size threshold.
     *
     * @throws IllegalStateException if no GPU is usable
     */
    public GpuNttEngine() {
        this(Long.getLong("modalg.gpu.nttMinWords", DEFAULT_MIN_WORDS));
    }

    /**
     * An engine that sends batches of at least {@code minWords} words to the GPU (0: all).
     *
     * @throws IllegalArgumentException if minWords &lt; 0
     * @throws IllegalStateException if no GPU is usable
     */
    public GpuNttEngine(long minWords) {
        if (minWords < 0) {
            throw new IllegalArgumentException("minWords must be >= 0, got " + minWords);
        }
        this.runtime = GpuRuntime.get();
        this.ntt = new GpuNtt(runtime);
        this.cpu = CpuNttEngine.shared();
        this.minWords = minWords;
    }

    /** Batches smaller than this many words run on the CPU. */
    public long minWords() {
        return minWords;
    }

    @Override
    public String name() {
        return "gpu(" + runtime.deviceName() + ")";
    }

    @Override
    public synchronized void run(Operation op, long[] primes, int log2n, long[] a, long[] b,
            long[] out, int rows) {
        if (closed) {
            throw new IllegalStateException(name() + " is closed");
        }
        NttArguments.check(op, primes, log2n, a, b, out, rows);
        if (((long) rows << log2n) < minWords) {
            cpuRows(op, primes, log2n, a, b, out, 0, rows);
            return;
        }
        runtime.enterContext();
        boolean twoInputs = op.isConvolution() && b != a;
        // a (and b) on the device, plus scratch for the permutation of plain transforms
        long wordsPerRow = (twoInputs ? 2L : 1L + (op.isConvolution() ? 0 : 1)) << log2n;
        int row = 0;
        int chunk = (int) Math.max(1, Math.min(rows,
                runtime.freeMemory() * 6 / 10 / Long.BYTES / wordsPerRow));
        while (row < rows) {
            int count = Math.min(chunk, rows - row);
            try {
                deviceRows(op, primes, log2n, a, twoInputs ? b : null, out, row, count);
                row += count;
            } catch (GpuException e) {
                if (!e.isOutOfMemory()) {
                    throw e;
                }
                NttTables.clearCache();
                if (count == 1) {
                    LOG.warning("GPU out of memory for one row of 2^" + log2n
                            + " points; rows " + row + ".." + (rows - 1) + " run on the CPU");
                    cpuRows(op, primes, log2n, a, b, out, row, rows - row);
                    return;
                }
                chunk = count / 2;
                LOG.warning("GPU out of memory; retrying with chunks of " + chunk + " rows");
            }
        }
    }

    // Rows [row, row + count) through the device; host arrays are written only at the end.
    private void deviceRows(Operation op, long[] primes, int log2n, long[] a, long[] b,
            long[] out, int row, int count) {
        long words = (long) count << log2n;
        int from = row << log2n;
        try (DeviceBuffer da = new DeviceBuffer(words);
                DeviceBuffer db = new DeviceBuffer(b != null || !op.isConvolution() ? words : 1)) {
            da.upload(a, from, 0, words);
            if (b != null) {
                db.upload(b, from, 0, words);
            }
            for (int r = 0; r < count; ) {
                int end = r + 1;
                while (end < count && primes[row + end] == primes[row + r]) {
                    end++;
                }
                NttTables t = NttTables.of(primes[row + r], log2n);
                runOn(op, t, da, b != null ? db : da, db, r, end - r);
                r = end;
            }
            Cuda.synchronize(op.name().toLowerCase());
            long[] target = op.isConvolution() ? out : a;
            DeviceBuffer result = op.isConvolution() ? da : db;
            result.download(0, target, from, words);
        }
    }

    // One run of rows sharing a prime. Transforms leave their result in scratch (the
    // permutation is out-of-place), convolutions in data.
    private void runOn(Operation op, NttTables t, DeviceBuffer data, DeviceBuffer b,
            DeviceBuffer scratch, int row, int rows) {
        switch (op) {
            case FORWARD:
                ntt.forwardToBitReversed(data, row, rows, t);
                ntt.bitReverse(scratch, data, row, rows, t.log2n);
                break;
            case INVERSE:
                ntt.bitReverse(scratch, data, row, rows, t.log2n);
                ntt.inverseFromBitReversed(scratch, row, rows, t);
                ntt.scale(scratch, row, rows, t, t.nInvR, null);
                break;
            case CYCLIC:
            case NEGACYCLIC:
                boolean nega = op == Operation.NEGACYCLIC;
                if (nega) {
                    ntt.scale(data, row, rows, t, 0, t.twist());
                    if (b != data) {
                        ntt.scale(b, row, rows, t, 0, t.twist());
                    }
                }
                ntt.forwardToBitReversed(data, row, rows, t);
                if (b != data) {
                    ntt.forwardToBitReversed(b, row, rows, t);
                }
                ntt.pointwise(data, data, b, row, rows, t, t.nInvR2);
                ntt.inverseFromBitReversed(data, row, rows, t);
                if (nega) {
                    ntt.scale(data, row, rows, t, 0, t.untwist());
                }
                break;
            default:
                throw new AssertionError(op);
        }
    }

    private void cpuRows(Operation op, long[] primes, int log2n, long[] a, long[] b, long[] out,
            int row, int count) {
        if (count == 0) {
            return;
        }
        int from = row << log2n;
        long[] p = Arrays.copyOfRange(primes, row, row + count);
        int words = count << log2n;
        if (from == 0) {
            dispatch(cpu, op, p, log2n, a, b, out, count);
            return;
        }
        long[] ra = Arrays.copyOfRange(a, from, from + words);
        long[] rb = b == null ? null : b == a ? ra : Arrays.copyOfRange(b, from, from + words);
        long[] ro = op.isConvolution() ? new long[words] : null;
        dispatch(cpu, op, p, log2n, ra, rb, ro, count);
        System.arraycopy(op.isConvolution() ? ro : ra, 0, op.isConvolution() ? out : a, from, words);
    }

    private static void dispatch(NttEngine e, Operation op, long[] p, int log2n, long[] a,
            long[] b, long[] out, int rows) {
        switch (op) {
            case FORWARD -> e.forward(p, log2n, a, rows);
            case INVERSE -> e.inverse(p, log2n, a, rows);
            case CYCLIC -> e.cyclicConvolution(p, log2n, a, b, out, rows);
            case NEGACYCLIC -> e.negacyclicConvolution(p, log2n, a, b, out, rows);
        }
    }

    /** Marks the engine closed (device tables stay cached for other engines). Idempotent. */
    @Override
    public void close() {
        closed = true;
    }
}
