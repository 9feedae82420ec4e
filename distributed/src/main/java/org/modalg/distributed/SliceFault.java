package org.modalg.distributed;

import java.io.Serializable;

/**
 * Runs on the executor before a slice of primes is imaged: the tests' failure injection (a task
 * that throws on its first attempt). {@link #NONE} in production.
 */
@FunctionalInterface
interface SliceFault extends Serializable {

    /** No fault. */
    SliceFault NONE = (slice, attempt) -> { };

    /** Called with the slice's index in its job and Spark's attempt number of the task (0 first). */
    void before(int slice, int attempt);
}
