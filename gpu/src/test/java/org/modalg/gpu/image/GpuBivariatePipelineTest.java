package org.modalg.gpu.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.gpu.runtime.GpuTests;
import org.modalg.modular.ModularResult;
import org.modalg.modular.bivariate.BivariateResultant;
import org.modalg.polynomial.bivariate.ZZBivariate;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * The pipelined bivariate resultant ({@code -Dmodalg.bivariate.pipeline}: the device's image
 * calls batch by batch while the host interpolates the batch before and folds it into the CRT)
 * with {@link Backend#GPU} against the CPU backend without the pipeline, bit for bit, on random
 * dense inputs (seed printed): forced small batches (many device calls), the {@code auto} rule
 * at d = 80, 16 bits (150 primes of 8192 points: 5 calls), and device faults mid-pipeline
 * (blocks skipped, recomputed on the host). Skipped, with the reason printed, without a GPU.
 */
@Tag("gpu")
class GpuBivariatePipelineTest extends GpuImageEngineFixture {
    private static final int THREADS = Math.max(2, Runtime.getRuntime().availableProcessors());
    private static final Options CPU = Options.defaults().withBackend(Backend.CPU).withThreads(THREADS);
    private static final Options GPU = Options.defaults().withBackend(Backend.GPU).withThreads(THREADS);

    @AfterEach
    void clearProperty() {
        System.clearProperty(BivariateResultant.PIPELINE_PROPERTY);
    }

    private static ZZPoly unpipelinedOnTheCpu(ZZBivariate f, ZZBivariate g) {
        System.setProperty(BivariateResultant.PIPELINE_PROPERTY, "off");
        try {
            return BivariateResultant.resultant(f, g, CPU).value();
        } finally {
            System.clearProperty(BivariateResultant.PIPELINE_PROPERTY);
        }
    }

    // the engine calls the pipeline note counts ("pipeline: N engine calls ..."), 0 without it
    private static int pipelineCalls(ModularResult<ZZPoly> r) {
        for (String n : r.report().notes()) {
            if (n.startsWith("pipeline: ")) {
                return Integer.parseInt(n.substring("pipeline: ".length(), n.indexOf(' ', "pipeline: ".length())));
            }
        }
        return 0;
    }

    @Test
    void forcedSmallBatchesOnTheGpuEqualTheCpu() {
        Random rnd = new Random(GpuTests.seed("bivariatePipelineForced"));
        for (int bits : new int[] {16, 64}) {
            int d = 15 + rnd.nextInt(26);
            ZZBivariate f = GpuBivariateResultantsTest.dense(rnd, d, bits);
            ZZBivariate g = GpuBivariateResultantsTest.dense(rnd, d, bits);
            ZZPoly want = unpipelinedOnTheCpu(f, g);
            int perCall = 2 + rnd.nextInt(8);
            System.setProperty(BivariateResultant.PIPELINE_PROPERTY, Integer.toString(perCall));
            ModularResult<ZZPoly> got = BivariateResultant.resultant(f, g, GPU);
            String label = "d = " + d + ", " + bits + " bits, " + perCall + " primes per call: " + got.report();
            assertEquals(want, got.value(), label);
            assertTrue(pipelineCalls(got) >= 2, label);
        }
    }

    @Test
    void theAutoRuleAtDegree80PipelinesOnTheGpu() {
        Random rnd = new Random(GpuTests.seed("bivariatePipelineAuto"));
        ZZBivariate f = GpuBivariateResultantsTest.dense(rnd, 80, 16);
        ZZBivariate g = GpuBivariateResultantsTest.dense(rnd, 80, 16);
        ZZPoly want = unpipelinedOnTheCpu(f, g);
        ModularResult<ZZPoly> got = BivariateResultant.resultant(f, g, GPU);
        assertEquals(want, got.value(), got.report().toString());
        assertTrue(pipelineCalls(got) >= 2, got.report().toString());
    }

    @Test
    void deviceFaultsMidPipelineStillGiveTheCpuValue() {
        Random rnd = new Random(GpuTests.seed("bivariatePipelineFaults"));
        ZZBivariate f = GpuBivariateResultantsTest.dense(rnd, 30, 32);
        ZZBivariate g = GpuBivariateResultantsTest.dense(rnd, 30, 32);
        ZZPoly want = unpipelinedOnTheCpu(f, g);
        GpuImageEngine.faultEveryForTests(3);
        System.setProperty(BivariateResultant.PIPELINE_PROPERTY, "4");
        ModularResult<ZZPoly> got = BivariateResultant.resultant(f, g, GPU);
        assertEquals(want, got.value(), got.report().toString());
        assertTrue(pipelineCalls(got) >= 2, got.report().toString());
    }
}
