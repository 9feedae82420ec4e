package org.modalg.fft.ntt;

import org.modalg.fft.CrtBasis;
import org.modalg.fft.doublentt.DoubleNttPlan;

/**
 * The {@link NttEngine} contract for the double-precision CPU engine (rows below 2^50 on
 * {@link DoubleNttPlan}, the others on the 64-bit kernels), and the engine list of
 * {@link NttEngines#usable()}.
 */
class DoubleNttEngineContractTest extends NttEngineContract {
    @Override
    protected NttEngine engine() {
        return NttEngines.cpuDouble();
    }

    @org.junit.jupiter.api.Test
    void describesItself() {
        NttEngine e = NttEngines.cpuDouble();
        org.junit.jupiter.api.Assertions.assertTrue(e.runsOnHost());
        org.junit.jupiter.api.Assertions.assertEquals(DoubleNttPlan.MAX_PRIME_EXCLUSIVE, e.preferredPrimeBound());
        org.junit.jupiter.api.Assertions.assertTrue(CpuNttEngine.shared().runsOnHost());
        org.junit.jupiter.api.Assertions.assertEquals(CrtBasis.MAX_PRIME_EXCLUSIVE,
                CpuNttEngine.shared().preferredPrimeBound());
        java.util.List<NttEngine> all = NttEngines.usable();
        org.junit.jupiter.api.Assertions.assertTrue(all.size() >= 2, all.toString());
        org.junit.jupiter.api.Assertions.assertTrue(all.contains(e));
    }
}
