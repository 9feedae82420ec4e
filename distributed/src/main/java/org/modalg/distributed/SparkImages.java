package org.modalg.distributed;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.modalg.fft.Options;
import org.modalg.fields.GfField;
import org.modalg.modular.image.ClusterSession;
import org.modalg.modular.image.ImageEngine;
import org.modalg.modular.image.ImageEngines;
import org.modalg.modular.image.LimbVector;
import org.modalg.modular.mat.Determinant;
import org.modalg.polynomial.zz.ZZPoly;

/**
 * A Spark application that computes the image batches of modalg's multimodular operations: a
 * {@link ClusterSession} over one {@link JavaSparkContext}. Run an operation with it as
 * <pre>
 *   try (SparkImages spark = SparkImages.connect("spark://host:7077")) {
 *       BigInteger det = ImageEngines.using(spark::engine, () -&gt; Determinant.det(a, options)).value();
 *   }
 * </pre>
 * Each image call of the operation becomes one Spark job ({@link SparkImageEngine}); the
 * operation's loop, combiner, unlucky-prime policy and stopping rule run on the driver, as on one
 * machine, so the result is the single-machine one, bit for bit.
 *
 * <p>Master URLs are Spark's: {@code local[N]} (N task slots in this JVM; {@code local[N,F]} retries
 * a failed task up to F - 1 times), {@code spark://host:port} (a standalone cluster), {@code yarn},
 * {@code k8s://...}. Outside {@code spark-submit} the jars of modalg found on the class path are
 * shipped to the executors ({@code spark.jars}) unless the configuration names some.
 */
public final class SparkImages implements ClusterSession {

    private final JavaSparkContext sc;
    private final boolean owned;
    private final SliceFault fault;
    private final Map<LimbVector, Broadcast<SparkImageEngine.Limbs>> broadcasts = new WeakHashMap<>();
    private int broadcastCount;

    SparkImages(JavaSparkContext sc, boolean owned, SliceFault fault) {
        this.sc = sc;
        this.owned = owned;
        this.fault = fault;
    }

    /**
     * Starts a Spark context on this master (application name {@code modalg}; Spark's web UI
     * off unless {@code spark.ui.enabled} is set), owned by the session: {@link #close} stops it.
     *
     * @throws IllegalArgumentException if the master is null or blank, or Spark cannot start on it
     *     (an unparsable URL, an unreachable master)
     */
    public static SparkImages connect(String master) {
        if (master == null || master.isBlank()) {
            throw new IllegalArgumentException("master must be a Spark master URL (local[N], local[N,F],"
                    + " spark://host:port, yarn, k8s://...), got " + (master == null ? "null" : "'" + master + "'"));
        }
        SparkConf conf = new SparkConf().setMaster(master).setAppName("modalg");
        conf.setIfMissing("spark.ui.enabled", System.getProperty("spark.ui.enabled", "false"));
        if (!master.startsWith("local") && !conf.contains("spark.jars")) {
            Set<String> jars = modalgJars();
            if (!jars.isEmpty()) {
                conf.set("spark.jars", String.join(",", jars));
            }
        }
        try {
            return new SparkImages(new JavaSparkContext(conf), true, SliceFault.NONE);
        } catch (Exception e) { // SparkException is checked, and thrown undeclared from Scala
            throw new IllegalArgumentException("Spark could not start on master '" + master + "': " + e.getMessage(), e);
        }
    }

    /**
     * A session on a context the caller owns (a notebook's, a test's): {@link #close} leaves it
     * running.
     *
     * @throws IllegalArgumentException if sc is null
     */
    public static SparkImages wrap(JavaSparkContext sc) {
        return wrap(sc, SliceFault.NONE);
    }

    /** As {@link #wrap(JavaSparkContext)}, with a fault run before every slice (the tests' failures). */
    static SparkImages wrap(JavaSparkContext sc, SliceFault fault) {
        if (sc == null) {
            throw new IllegalArgumentException("sc must not be null");
        }
        return new SparkImages(sc, false, fault);
    }

    /** The Spark context. */
    public JavaSparkContext context() {
        return sc;
    }

    /** Task slots of the cluster ({@code defaultParallelism}: the cores of local[N] or of the executors). */
    public int slots() {
        return Math.max(1, sc.defaultParallelism());
    }

    SliceFault fault() {
        return fault;
    }

    /*
     * The broadcast of an input, made on its first use: one per input object (LimbVector has
     * identity equality) while the input lives. Weak keys: once an operation drops its input, the
     * entry goes, and with the Broadcast object Spark's ContextCleaner removes the copies on the
     * executors.
     */
    Broadcast<SparkImageEngine.Limbs> broadcast(LimbVector v) {
        synchronized (broadcasts) {
            Broadcast<SparkImageEngine.Limbs> b = broadcasts.get(v);
            if (b == null) {
                b = sc.broadcast(new SparkImageEngine.Limbs(v.limbs(), v.count(), v.limbsPerValue()));
                broadcasts.put(v, b);
                broadcastCount++;
            }
            return b;
        }
    }

    /** Broadcasts made by this session so far (the tests count them). */
    int broadcasts() {
        synchronized (broadcasts) {
            return broadcastCount;
        }
    }

    @Override
    public String describe() {
        int s = slots();
        return "spark " + sc.master() + " (" + s + (s == 1 ? " task slot)" : " task slots)");
    }

    /** An engine of one operation: its image calls as Spark jobs. */
    @Override
    public ImageEngine engine(Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        return new SparkImageEngine(this, options);
    }

    /** Stops the context if this session started it. */
    @Override
    public void close() {
        if (owned) {
            sc.stop();
        }
    }

    // The jars holding modalg's classes (the modules this one uses and this one), as found on the
    // class path; directories (a build's target/classes) cannot be shipped and are left out.
    private static Set<String> modalgJars() {
        Set<String> out = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {SparkImages.class, ImageEngines.class, Determinant.class, Options.class,
                GfField.class, ZZPoly.class}) {
            try {
                var src = c.getProtectionDomain().getCodeSource();
                if (src != null) {
                    Path p = Path.of(src.getLocation().toURI());
                    if (p.toString().endsWith(".jar")) {
                        out.add(p.toString());
                    }
                }
            } catch (URISyntaxException | SecurityException e) {
                // not shippable: the cluster must have it (spark.jars, or an assembly)
            }
        }
        return out;
    }
}
