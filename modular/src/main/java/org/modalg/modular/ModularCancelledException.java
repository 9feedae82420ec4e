package org.modalg.modular;

/**
 * Thrown when the cancellation check of {@link ModularOptions#cancellation()} returned true
 * between two primes. No partial result is returned.
 */
public final class ModularCancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what was cancelled, and at which point */
    public ModularCancelledException(String message) {
        super(message);
    }
}
