package org.modalg.fft.ntt;

/** The {@link NttEngine} contract for the 64-bit CPU engine with its own pool of two threads. */
class CpuNttEngineTwoThreadsContractTest extends NttEngineContract {
    @Override
    protected NttEngine engine() {
        return new CpuNttEngine(2);
    }
}
