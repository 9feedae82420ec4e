package org.modalg.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.apache.spark.SparkContext;
import org.junit.jupiter.api.Test;
import org.modalg.fft.Backend;
import org.modalg.fft.Options;
import org.modalg.modular.image.ClusterEngines;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.poly.Resultant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * Sessions that own their context (what the command line's {@code --spark} opens): a master Spark
 * cannot parse is an IllegalArgumentException naming it; a session found through the provider
 * computes and stops its context on close.
 */
class SparkConnectTest {

    @Test
    void anUnparsableMasterIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SparkImages.connect("no-such-master"));
        assertTrue(e.getMessage().startsWith("Spark could not start on master 'no-such-master'"), e.getMessage());
    }

    @Test
    void aSessionThroughTheProviderComputesAndStopsItsContext() {
        ZZPoly f = ZZPoly.of(7, -3, 0, 5, 1);
        ZZPoly g = ZZPoly.of(-2, 9, 4);
        Options o = Options.defaults().withThreads(1).withBackend(Backend.CPU);
        BigInteger single = Resultant.resultant(f, g, o).value();
        ClusterEngines cluster = ImageEngines.cluster("spark").orElseThrow().connect("local[1]");
        SparkContext sc;
        try (cluster) {
            assertEquals("spark local[1] (1 task slot)", cluster.describe());
            sc = ((SparkImages) cluster).context().sc();
            assertEquals(single, ImageEngines.using(cluster::engine, () -> Resultant.resultant(f, g, o)).value());
            assertEquals(Oracles.resultant(f, g), single);
        }
        assertTrue(sc.isStopped(), "close() stops the context the session started");
    }
}
