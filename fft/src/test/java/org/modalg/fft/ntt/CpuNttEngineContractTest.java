package org.modalg.fft.ntt;

/** The {@link NttEngine} contract for the 64-bit CPU engine, one thread. */
class CpuNttEngineContractTest extends NttEngineContract {
    @Override
    protected NttEngine engine() {
        return CpuNttEngine.withThreads(1);
    }
}
