package org.modalg.gpu.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import org.modalg.gpu.image.GpuImageEngine;

/**
 * A CUDA device this JVM uses (its primary context) and the kernel modules loaded from the
 * cubin resources for its compute capability (sm_90 ships: no compilation on load) or else the
 * PTX resources (compiled by the driver on load), through the JCuda driver API. {@link #get()}
 * is device 0, which the engines of the layers below use; {@link #devices()} is every visible
 * device, over which the image engine ({@link GpuImageEngine}) spreads its batches of primes.
 *
 * <p>{@link #isUsable()} never throws: it is false, with {@link #unusableReason()}, when the
 * JCuda native library cannot load (no {@code libcuda.so.1}), there is no device, or the driver
 * cannot load the PTX (too old for it). Everything in modalg then runs on the CPU. The system
 * property {@code modalg.gpu.disable=true} makes it false on purpose.
 *
 * <p>Start-up: nothing here runs at class load. The probe runs on the first call of
 * {@link #isUsable()}, which the library makes only when a product is large enough for a GPU
 * engine to be considered; its outcome is logged once at level {@code FINE} (printing an
 * {@code INFO} record through {@code java.util.logging} cost about 0.1 s of a command's start-up
 * for the logging and time-zone classes). Commands that report the device (the demo, the GPU
 * benchmarks) print {@link #unusableReason()} or {@link #describe()} themselves.
 *
 * <p>Threads: every public entry point of this module makes the context current on the calling
 * thread first; engines serialize their own device work.
 */
public final class GpuRuntime {
    private static final Logger LOG = Logger.getLogger(GpuRuntime.class.getName());
    private static final String RESOURCE_DIR = "/org/modalg/gpu/";

    private static GpuRuntime instance;
    private static String unusableReason;
    private static boolean probed;
    private static List<GpuRuntime> all;

    private final CUcontext context = new CUcontext();
    private final int ordinal;
    private final int maxSharedOptin;
    private final int l2Bytes;
    private final int multiprocessors;
    private final String deviceName;
    private final int computeMajor;
    private final int computeMinor;
    private final long totalMemory;
    private final int driverVersion;
    private final LaunchModel.DeviceLimits launchLimits;
    private LaunchChooser launchChooser;
    private final Map<String, CUmodule> modules = new HashMap<>();
    private final Map<String, CUfunction> functions = new HashMap<>();

    private GpuRuntime(int ordinal) {
        this.ordinal = ordinal;
        JCudaDriver.setExceptionsEnabled(false);
        Cuda.check(JCudaDriver.cuInit(0), "cuInit");
        int[] count = new int[1];
        Cuda.check(JCudaDriver.cuDeviceGetCount(count), "cuDeviceGetCount");
        if (count[0] <= ordinal) {
            throw new GpuException(ordinal == 0 ? "no CUDA device found" : "no CUDA device " + ordinal, -1);
        }
        CUdevice device = new CUdevice();
        Cuda.check(JCudaDriver.cuDeviceGet(device, ordinal), "cuDeviceGet(" + ordinal + ")");
        byte[] name = new byte[256];
        Cuda.check(JCudaDriver.cuDeviceGetName(name, name.length, device), "cuDeviceGetName");
        int len = 0;
        while (len < name.length && name[len] != 0) {
            len++;
        }
        deviceName = new String(name, 0, len, StandardCharsets.US_ASCII);
        computeMajor = attribute(device,
                CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        computeMinor = attribute(device,
                CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        maxSharedOptin = attribute(device,
                CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
        l2Bytes = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
        multiprocessors = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        long[] mem = new long[1];
        Cuda.check(JCudaDriver.cuDeviceTotalMem(mem, device), "cuDeviceTotalMem");
        totalMemory = mem[0];
        int[] version = new int[1];
        Cuda.check(JCudaDriver.cuDriverGetVersion(version), "cuDriverGetVersion");
        driverVersion = version[0];
        launchLimits = launchLimits(device, multiprocessors);
        Cuda.check(JCudaDriver.cuDevicePrimaryCtxRetain(context, device),
                "cuDevicePrimaryCtxRetain");
        enterContext();
    }

    // null where the driver does not report one of them (the chooser then keeps the fixed blocks)
    private static LaunchModel.DeviceLimits launchLimits(CUdevice device, int multiprocessors) {
        try {
            return new LaunchModel.DeviceLimits(multiprocessors,
                    attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR),
                    attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR),
                    attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR),
                    attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK),
                    attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
                    attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK),
                    attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_WARP_SIZE));
        } catch (GpuException | IllegalArgumentException e) {
            LOG.fine(() -> "launch limits unavailable: " + e.getMessage());
            return null;
        }
    }

    private static int attribute(CUdevice device, int attribute) {
        int[] v = new int[1];
        Cuda.check(JCudaDriver.cuDeviceGetAttribute(v, attribute, device),
                "cuDeviceGetAttribute(" + attribute + ")");
        return v[0];
    }

    /**
     * Whether a CUDA device can run modalg's kernels here. The first call initializes the
     * driver and loads the NTT module (so a driver too old for the PTX is found now; the other
     * modules, the large big-prime FFT one among them, are compiled by the driver on first
     * use); later calls are cheap. Never throws.
     */
    public static synchronized boolean isUsable() {
        if (!probed) {
            probed = true;
            if (Boolean.getBoolean("modalg.gpu.disable")) {
                unusableReason = "disabled by -Dmodalg.gpu.disable=true";
            } else {
                try {
                    GpuRuntime rt = new GpuRuntime(0);
                    rt.module(GpuModules.NTT); // the small module: proves the driver takes our PTX
                    instance = rt;
                } catch (RuntimeException | LinkageError e) {
                    unusableReason = shortReason(e);
                }
            }
            if (instance == null) {
                LOG.fine(() -> "GPU not usable, modalg runs on the CPU: " + unusableReason);
            } else {
                LOG.fine(() -> "GPU: " + instance.describe());
            }
        }
        return instance != null;
    }

    // JCuda's loading errors span many lines; one line says enough.
    private static String shortReason(Throwable e) {
        String text = String.valueOf(e.getMessage() != null ? e.getMessage() : e);
        if (text.contains("libcuda.so.1")) {
            return "libcuda.so.1 (the NVIDIA driver) was not found, so JCuda's native library "
                    + "cannot load";
        }
        return text.lines().findFirst().orElse(text);
    }

    /** Why {@link #isUsable()} is false (null while it is true or not yet asked). */
    public static synchronized String unusableReason() {
        return unusableReason;
    }

    /**
     * The runtime, with its context current on the calling thread.
     *
     * @throws IllegalStateException if no GPU is usable (with the reason)
     */
    public static GpuRuntime get() {
        if (!isUsable()) {
            throw new IllegalStateException("no usable GPU: " + unusableReason());
        }
        instance.enterContext();
        return instance;
    }

    /**
     * Every visible device that can run modalg's kernels, device 0 first (empty when
     * {@link #isUsable()} is false). The system property {@code modalg.gpu.maxDevices} caps the
     * count (e.g. 1 to keep the image engine on device 0). A device that fails to start is left
     * out with a logged warning. Opened on the first call; the calling thread's current context
     * is device 0's on return.
     */
    public static synchronized List<GpuRuntime> devices() {
        if (!isUsable()) {
            return List.of();
        }
        if (all == null) {
            List<GpuRuntime> list = new ArrayList<>();
            list.add(instance);
            int[] count = new int[1];
            Cuda.check(JCudaDriver.cuDeviceGetCount(count), "cuDeviceGetCount");
            int max = Math.max(1, Integer.getInteger("modalg.gpu.maxDevices", Integer.MAX_VALUE));
            for (int d = 1; d < Math.min(count[0], max); d++) {
                try {
                    GpuRuntime rt = new GpuRuntime(d);
                    rt.module(GpuModules.NTT);
                    list.add(rt);
                } catch (RuntimeException e) {
                    LOG.warning("GPU device " + d + " left out: " + shortReason(e));
                }
            }
            all = List.copyOf(list);
            instance.enterContext();
        }
        return all;
    }

    /** The device's ordinal (0 for {@link #get()}). */
    public int ordinal() {
        return ordinal;
    }

    /** The device's L2 cache in bytes. */
    public int l2Bytes() {
        return l2Bytes;
    }

    /** The device's streaming multiprocessors. */
    public int multiprocessors() {
        return multiprocessors;
    }

    /** The most shared memory one block may take, in bytes, when a kernel opts in. */
    public int maxSharedOptin() {
        return maxSharedOptin;
    }

    /** The driver API version ({@code cuDriverGetVersion}, e.g. 13000 for CUDA 13.0). */
    public int driverVersion() {
        return driverVersion;
    }

    /** The limits occupancy depends on ({@link LaunchModel#activeBlocks}); null if unreported. */
    public LaunchModel.DeviceLimits launchLimits() {
        return launchLimits;
    }

    /**
     * This device's launch-parameter chooser ({@link LaunchChooser}) in the mode of
     * {@code -Dmodalg.gpu.launch}, created on first use; under mode model with its cache file
     * ({@link LaunchCache#defaultDirectory()}), under fixed touching no file.
     */
    public synchronized LaunchChooser launchChooser() {
        if (launchChooser == null) {
            launchChooser = LaunchChooser.forDevice(deviceName(), driverVersion(), launchLimits(),
                    LaunchChooser.Mode.fromProperty());
        }
        return launchChooser;
    }

    /** Makes the context current on the calling thread (cheap; required before driver calls). */
    public void enterContext() {
        Cuda.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    /** The device's name, e.g. {@code NVIDIA H100 80GB HBM3}. */
    public String deviceName() {
        return deviceName;
    }

    /** Compute capability as major * 10 + minor, e.g. 90. */
    public int computeCapability() {
        return computeMajor * 10 + computeMinor;
    }

    /** Device memory in bytes. */
    public long totalMemory() {
        return totalMemory;
    }

    /** Free device memory in bytes now. */
    public long freeMemory() {
        long[] free = new long[1];
        long[] total = new long[1];
        Cuda.check(JCudaDriver.cuMemGetInfo(free, total), "cuMemGetInfo");
        return free[0];
    }

    /** One line for reports: name, compute capability, memory, driver version. */
    public String describe() {
        return String.format("%s (sm_%d, %.1f GiB, driver API %d.%d)", deviceName,
                computeCapability(), totalMemory / (double) (1L << 30), driverVersion / 1000,
                driverVersion % 1000 / 10);
    }

    /** The kernel {@code kernel} of module {@code module} (the PTX resource of that name). */
    public synchronized CUfunction function(String module, String kernel) {
        String key = module + "/" + kernel;
        CUfunction f = functions.get(key);
        if (f == null) {
            f = new CUfunction();
            Cuda.check(JCudaDriver.cuModuleGetFunction(f, module(module), kernel),
                    "cuModuleGetFunction(" + key + ")");
            functions.put(key, f);
        }
        return f;
    }

    // The module from the cubin shipped for this device's compute capability when there is one
    // built from the current source (no compilation by the driver), else from the PTX (compiled
    // by the driver for the device on load). -Dmodalg.gpu.cubin=false forces the PTX.
    private synchronized CUmodule module(String name) {
        CUmodule m = modules.get(name);
        if (m == null) {
            m = new CUmodule();
            byte[] cubin = Boolean.parseBoolean(System.getProperty("modalg.gpu.cubin", "true"))
                    ? cubin(name, computeCapability()) : null;
            boolean loaded = false;
            if (cubin != null) {
                int rc = JCudaDriver.cuModuleLoadData(m, cubin);
                loaded = rc == CUresult.CUDA_SUCCESS;
                if (!loaded) {
                    LOG.fine(() -> name + " cubin refused by the driver (" + CUresult.stringFor(rc)
                            + "): loading the PTX");
                }
            }
            if (!loaded) {
                Cuda.check(JCudaDriver.cuModuleLoadData(m, ptx(name)),
                        "cuModuleLoadData(" + name + ".ptx)");
            }
            modules.put(name, m);
        }
        return m;
    }

    /**
     * The cubin of a module for compute capability {@code cc} (10 major + minor, e.g. 90), or null
     * where none ships or it was not built from the source of the module's PTX (the source hash
     * beside it, {@code NAME.sm_CC.cubin.sha256}, differs from the PTX's first line).
     */
    static byte[] cubin(String name, int cc) {
        String path = RESOURCE_DIR + name + ".sm_" + cc + ".cubin";
        byte[] bin = resource(path);
        byte[] hash = resource(path + ".sha256");
        if (bin == null || hash == null) {
            return null;
        }
        String ptxHash = new String(ptx(name), StandardCharsets.US_ASCII).lines().findFirst().orElse("");
        String cubinHash = new String(hash, StandardCharsets.US_ASCII).lines().findFirst().orElse("");
        return ptxHash.equals(cubinHash) ? bin : null;
    }

    private static byte[] resource(String path) {
        try (InputStream in = GpuRuntime.class.getResourceAsStream(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + path, e);
        }
    }

    /** The PTX text of a module, null-terminated as the driver wants it. */
    static byte[] ptx(String name) {
        String path = RESOURCE_DIR + name + ".ptx";
        try (InputStream in = GpuRuntime.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing PTX resource " + path);
            }
            byte[] text = in.readAllBytes();
            byte[] z = new byte[text.length + 1];
            System.arraycopy(text, 0, z, 0, text.length);
            return z;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read PTX resource " + path, e);
        }
    }
}
