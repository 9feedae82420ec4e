package org.modalg.fft;

/**
 * Thrown when the cancellation check of {@link Options#cancellation()} returned true
 * between two primes or blocks of an operation. No partial result is returned.
 */
public final class CancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what was cancelled, and at which point */
    public CancelledException(String message) {
        super(message);
    }
}
