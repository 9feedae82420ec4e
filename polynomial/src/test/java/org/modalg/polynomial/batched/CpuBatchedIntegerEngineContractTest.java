package org.modalg.polynomial.batched;

import org.modalg.fft.batched.BatchedIntegerEngine;
import org.modalg.fft.batched.BatchedIntegerEngineContract;

/** The CPU batched integer engine against fft's engine contract (BigInteger oracle). */
class CpuBatchedIntegerEngineContractTest extends BatchedIntegerEngineContract {
    @Override
    protected BatchedIntegerEngine engine() {
        return CpuBatchedIntegerEngine.shared();
    }
}
