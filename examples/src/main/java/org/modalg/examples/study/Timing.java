package org.modalg.examples.study;

/** Wall-clock timing for the studies: the fastest of several runs, after one warm-up run. */
final class Timing {
    private Timing() {
    }

    interface Body {
        void run();
    }

    /**
     * Milliseconds per call of body: runs it once (warm-up), then {@code batches} batches of
     * as many calls as make a batch last at least minBatchMs, and returns the fastest batch's
     * time per call.
     */
    static double minMillis(Body body, int batches, double minBatchMs) {
        long t0 = System.nanoTime();
        body.run();
        double once = (System.nanoTime() - t0) / 1e6;
        int calls = (int) Math.max(1, Math.min(1_000_000, Math.ceil(minBatchMs / Math.max(once, 1e-4))));
        double best = Double.MAX_VALUE;
        for (int b = 0; b < batches; b++) {
            long s = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                body.run();
            }
            best = Math.min(best, (System.nanoTime() - s) / 1e6 / calls);
        }
        return best;
    }
}
