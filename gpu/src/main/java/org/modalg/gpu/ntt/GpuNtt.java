package org.modalg.gpu.ntt;

import jcuda.Pointer;
import jcuda.driver.CUfunction;
import org.modalg.gpu.runtime.Cuda;
import org.modalg.gpu.runtime.DeviceBuffer;
import org.modalg.gpu.runtime.GpuModules;
import org.modalg.gpu.runtime.GpuRuntime;
import org.modalg.gpu.runtime.LaunchChooser;

/**
 * Device-resident small-prime NTT steps on rows already in device memory (the kernels of
 * {@code ntt.cu}); {@link GpuNttEngine} moves host data through them, and the benchmarks time
 * them alone. Every method covers a run of consecutive rows sharing the prime of its tables.
 *
 * <p>Pass schedule: a transform of 2^log2n points is ceil(log2n / 8) passes over memory, each
 * doing up to 8 radix-2 stages (a 2^24-point transform: 3 passes). The engines use the Shoup
 * passes: lazy reductions, twiddle products by Shoup's method from the pairs of
 * {@code NttTables.shoupTable}, from 2^22 points only the quotients in the pass of the largest
 * stride, 8 groups of a pass to a block; a pass of 8 stages in three register phases of radix
 * 8, 8 and 4 ({@code ntt_dif_shoup8}, {@code ntt_dit_shoup8}: 8 values a thread, 256 threads a
 * block, two shared-memory exchanges), a shorter pass in two of radix up to 16
 * ({@code ntt_dif_shoup}, {@code ntt_dit_shoup}: one exchange, 128 threads for 7 stages). The
 * two-phase passes for every length ({@code shoup16}, the engines' passes before), the fused
 * passes (Montgomery twiddles, 16 groups to a block) and the earlier radix-4 passes (one
 * shared-memory round trip and barrier per two stages) stay for the benchmarks' comparison.
 */
public final class GpuNtt {
    /** The passes the engines run unless {@code modalg.gpu.nttKernel} names others. */
    public static final String DEFAULT_KERNEL = "shoup";
    private static final int LOG2_COLUMNS = 4;
    private static final int LOG2_COLUMNS_SHOUP = 3;
    private static final int THREADS = 256;
    private static final int MAX_GRID_Y = 65535;

    private final CUfunction dif;
    private final CUfunction dit;
    /** The passes of 8 stages (the three-phase kernels), or null: dif and dit for every pass. */
    private final CUfunction dif8;
    private final CUfunction dit8;
    private final boolean fused;
    private final boolean shoup;
    private final String difName;
    private final String ditName;
    private static final String DIF8_NAME = "ntt_dif_shoup8";
    private static final String DIT8_NAME = "ntt_dit_shoup8";
    private final CUfunction pointwise;
    private final CUfunction scale;
    private final CUfunction bitReverse;
    private final LaunchChooser chooser;

    /**
     * The passes the engines use: {@code modalg.gpu.nttKernel}, by default {@code shoup}
     * (2^24 points on an H100: 0.444 ms forward and 0.428 inverse against 0.477 and 0.474 for
     * {@code shoup16} and 0.541 and 0.589 for {@code fused_lb3} in the same run, BENCHMARKS.md,
     * run 20).
     */
    public GpuNtt(GpuRuntime rt) {
        this(rt, System.getProperty("modalg.gpu.nttKernel", DEFAULT_KERNEL));
    }

    /**
     * kernel: {@code shoup} (the engines' passes), {@code shoup16} (the two-phase Shoup passes
     * for 8 stages too), {@code fused} (Montgomery twiddles), {@code fused_lb3} (the same
     * compiled for three blocks per multiprocessor) or {@code radix4} (the earlier passes), the
     * last four for comparison.
     *
     * @throws IllegalArgumentException for another name
     */
    public GpuNtt(GpuRuntime rt, String kernel) {
        switch (kernel) {
            case "shoup":
            case "shoup16":
                difName = "ntt_dif_shoup";
                ditName = "ntt_dit_shoup";
                break;
            case "fused":
                difName = "ntt_dif_fused";
                ditName = "ntt_dit_fused";
                break;
            case "fused_lb3":
                difName = "ntt_dif_fused_lb3";
                ditName = "ntt_dit_fused_lb3";
                break;
            case "radix4":
                difName = "ntt_dif_pass";
                ditName = "ntt_dit_pass";
                break;
            default:
                throw new IllegalArgumentException(
                        "NTT kernel must be shoup, shoup16, fused, fused_lb3 or radix4, got " + kernel);
        }
        this.fused = !kernel.equals("radix4");
        this.shoup = kernel.startsWith("shoup");
        dif = rt.function(GpuModules.NTT, difName);
        dit = rt.function(GpuModules.NTT, ditName);
        boolean three = kernel.equals("shoup");
        dif8 = three ? rt.function(GpuModules.NTT, DIF8_NAME) : null;
        dit8 = three ? rt.function(GpuModules.NTT, DIT8_NAME) : null;
        pointwise = rt.function(GpuModules.NTT, "pointwise_mul");
        scale = rt.function(GpuModules.NTT, "scale");
        bitReverse = rt.function(GpuModules.NTT, "bit_reverse");
        chooser = rt.launchChooser();
    }

    /** Forward DIF transform of rows [row, row + rows): natural order in, bit-reversed out. */
    public void forwardToBitReversed(DeviceBuffer data, int row, int rows, NttTables t) {
        int[] stages = passStages(t.log2n);
        int s = 0;
        for (int m : stages) {
            pass(false, data, row, rows, t, s, m);
            s += m;
        }
    }

    /** Inverse DIT transform without the 1/n factor: bit-reversed in, natural order out. */
    public void inverseFromBitReversed(DeviceBuffer data, int row, int rows, NttTables t) {
        int[] stages = passStages(t.log2n);
        int s = t.log2n;
        for (int i = stages.length - 1; i >= 0; i--) {
            s -= stages[i];
            pass(true, data, row, rows, t, s, stages[i]);
        }
    }

    /**
     * Row {@code row} of a = the cyclic convolution of row {@code row} of a and of b (b's row
     * transformed in place; b == a with square: a's row squared): two forward transforms (one
     * for a square), the pointwise product with 1/n, one inverse transform.
     */
    public void cyclicConvolution(DeviceBuffer a, DeviceBuffer b, int row, NttTables t, boolean square) {
        forwardToBitReversed(a, row, 1, t);
        if (!square) {
            forwardToBitReversed(b, row, 1, t);
        }
        pointwise(a, a, square ? a : b, row, 1, t, t.nInvR2);
        inverseFromBitReversed(a, row, 1, t);
    }

    /** out = a b c R^-2 elementwise on the rows (c = k R^2 gives a b k). */
    public void pointwise(DeviceBuffer out, DeviceBuffer a, DeviceBuffer b, int row, int rows,
            NttTables t, long c) {
        long off = (long) row << t.log2n;
        forRowRuns(rows, (r0, nr) -> {
            long o = off + ((long) r0 << t.log2n);
            // rows of 2^log2 n elements at o; n may be smaller than t's length for a probe (the
            // rows then start n apart, inside the same buffers)
            LaunchChooser.Probe launch = (n, bl) -> Cuda.launch(pointwise, "pointwise_mul",
                    elementBlocks(n, bl), nr, bl, 0, Pointer.to(out.at(o)), Pointer.to(a.at(o)),
                    Pointer.to(b.at(o)), Pointer.to(new long[] {t.p}), Pointer.to(new long[] {t.pinv}),
                    Pointer.to(new long[] {c}), Pointer.to(new int[] {Long.numberOfTrailingZeros(n)}));
            // in place (out is a or b) a probe would change the inputs: no probe then
            boolean repeatable = out != a && out != b;
            launch.launch(1L << t.log2n, chooser.block(pointwise, "pointwise_mul", 1L << t.log2n, nr, THREADS,
                    repeatable ? launch : null));
        });
    }

    /** data = data c R^-1 (c = k R gives data k), or data_i table_i R^-1 if table is not null. */
    void scale(DeviceBuffer data, int row, int rows, NttTables t, long c, DeviceBuffer table) {
        long off = (long) row << t.log2n;
        // in place: no probe (the model is used once the kernel has samples, e.g. from the bench)
        forRowRuns(rows, (r0, nr) -> {
            int bl = chooser.block(scale, "scale", 1L << t.log2n, nr, THREADS, null);
            Cuda.launch(scale, "scale", elementBlocks(1L << t.log2n, bl), nr,
                    bl, 0, Pointer.to(data.at(off + ((long) r0 << t.log2n))),
                    Pointer.to(new long[] {t.p}), Pointer.to(new long[] {t.pinv}),
                    Pointer.to(new long[] {c}),
                    table == null ? Pointer.to(new long[] {0}) : table.arg(),
                    Pointer.to(new int[] {t.log2n}));
        });
    }

    /** out_row[bitrev(i)] = in_row[i] for the rows (out-of-place). */
    void bitReverse(DeviceBuffer out, DeviceBuffer in, int row, int rows, int log2n) {
        long off = (long) row << log2n;
        forRowRuns(rows, (r0, nr) -> {
            long o = off + ((long) r0 << log2n);
            LaunchChooser.Probe launch = (n, bl) -> Cuda.launch(bitReverse, "bit_reverse", elementBlocks(n, bl),
                    nr, bl, 0, Pointer.to(out.at(o)), Pointer.to(in.at(o)),
                    Pointer.to(new int[] {Long.numberOfTrailingZeros(n)}));
            launch.launch(1L << log2n, chooser.block(bitReverse, "bit_reverse", 1L << log2n, nr, THREADS,
                    out != in ? launch : null));
        });
    }

    /** Stages per pass: ceil(log2n / 8) passes, the stages spread evenly (earlier ones longer). */
    public static int[] passStages(int log2n) {
        return NttTables.passStages(log2n);
    }

    // The stage twiddles the passes read: Shoup pairs or Montgomery words.
    private DeviceBuffer table(NttTables t, boolean inverse) {
        return shoup ? t.shoup(inverse) : t.montgomery(inverse);
    }

    private void pass(boolean inverse, DeviceBuffer data, int row, int rows, NttTables t, int s, int m) {
        boolean three = m == 8 && dif8 != null;
        CUfunction kernel = three ? (inverse ? dit8 : dif8) : inverse ? dit : dif;
        String name = three ? (inverse ? DIT8_NAME : DIF8_NAME) : inverse ? ditName : difName;
        DeviceBuffer table = table(t, inverse);
        int log2cols = Math.min(shoup ? LOG2_COLUMNS_SHOUP : LOG2_COLUMNS, t.log2n - m);
        int blocks = 1 << (t.log2n - m - log2cols);
        // three-phase: one thread per 8 elements; fused and Shoup: one per 2^ceil(m/2) (16 for
        // m = 8); radix 4: up to 256
        int threads = three ? 1 << (log2cols + 5)
                : fused ? 1 << (log2cols + m / 2) : Math.min(THREADS, 1 << (log2cols + m - 1));
        int shared = (1 << (log2cols + m)) * Long.BYTES;
        long off = (long) row << t.log2n;
        forRowRuns(rows, (r0, nr) -> Cuda.launch(kernel, name, blocks, nr, threads, shared,
                Pointer.to(data.at(off + ((long) r0 << t.log2n))), table.arg(),
                Pointer.to(new long[] {t.p}), Pointer.to(new long[] {t.pinv}),
                Pointer.to(new int[] {t.log2n}), Pointer.to(new int[] {s}),
                Pointer.to(new int[] {m}), Pointer.to(new int[] {log2cols})));
    }

    private static int elementBlocks(long n, int threads) {
        return (int) ((n + threads - 1) / threads);
    }

    private interface RowRun {
        void launch(int firstRow, int rows);
    }

    // The grid's y dimension is at most 65535: long runs take several launches.
    private static void forRowRuns(int rows, RowRun run) {
        for (int r = 0; r < rows; r += MAX_GRID_Y) {
            run.launch(r, Math.min(MAX_GRID_Y, rows - r));
        }
    }
}
