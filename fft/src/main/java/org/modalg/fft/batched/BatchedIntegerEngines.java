package org.modalg.fft.batched;

import org.modalg.fft.Backend;
import org.modalg.fft.ntt.NttEngines;
import org.modalg.fft.Options;
import org.modalg.fft.ServiceProviders;

/**
 * Chooses the {@link BatchedIntegerEngine} of one batched call from {@link Options#backend()}:
 * the device engine is the first usable {@link BatchedIntegerEngineProvider} that
 * {@link ServiceProviders} finds (looked up once per JVM), the CPU engine the caller's (the
 * polynomial module's {@code CpuBatchedIntegerEngine}; fft cannot name it).
 *
 * <ul>
 * <li>{@link Backend#CPU}: the CPU engine.
 * <li>{@link Backend#GPU}: the device engine; {@link IllegalStateException} when none is usable.
 * <li>{@link Backend#AUTO}: the device engine when one is usable, the system property
 * {@code modalg.backend} is not {@code cpu}, and the engine
 * {@link BatchedIntegerEngine#prefers prefers} the batch (its measured sizes); else the CPU.
 * </ul>
 */
public final class BatchedIntegerEngines {

    private static volatile boolean looked;
    private static volatile BatchedIntegerEngine found;

    private BatchedIntegerEngines() {
    }

    /** The usable device engine, or null (none installed or usable). */
    public static BatchedIntegerEngine device() {
        if (!looked) {
            synchronized (BatchedIntegerEngines.class) {
                if (!looked) {
                    BatchedIntegerEngineProvider p = ServiceProviders.firstUsable(BatchedIntegerEngineProvider.class,
                            BatchedIntegerEngineProvider::isUsable);
                    found = p == null ? null : p.engine();
                    looked = true;
                }
            }
        }
        return found;
    }

    /**
     * The engine for a batch of {@code count} instances of {@code stride} limbs (for division,
     * the dividend's) under {@code backend}: see the class comment.
     *
     * @param cpu the CPU engine, returned whenever the device is not chosen
     * @throws IllegalArgumentException if backend, op or cpu is null
     * @throws IllegalStateException for {@link Backend#GPU} when no device engine is usable
     */
    public static BatchedIntegerEngine select(Backend backend, BatchedIntegerEngine.Operation op, int stride,
            int count, BatchedIntegerEngine cpu) {
        if (backend == null || op == null || cpu == null) {
            throw new IllegalArgumentException((backend == null ? "backend" : op == null ? "op" : "cpu")
                    + " must not be null");
        }
        switch (backend) {
            case CPU:
                return cpu;
            case GPU: {
                BatchedIntegerEngine d = device();
                if (d == null) {
                    throw new IllegalStateException("backend gpu: no usable GPU batched integer engine"
                            + " (no BatchedIntegerEngineProvider is usable here)");
                }
                return d;
            }
            default: {
                if ("cpu".equalsIgnoreCase(System.getProperty(NttEngines.BACKEND_PROPERTY, "auto").trim())) {
                    return cpu;
                }
                BatchedIntegerEngine d = device();
                return d != null && d.prefers(op, stride, count) ? d : cpu;
            }
        }
    }
}
