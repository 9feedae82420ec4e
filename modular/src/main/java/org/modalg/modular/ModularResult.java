package org.modalg.modular;

/**
 * A result of a multimodular computation together with the report of how it was obtained.
 *
 * @param <T> the type of the value
 */
public final class ModularResult<T> {
    private final T value;
    private final ModularReport report;

    /** @throws IllegalArgumentException if value or report is null */
    public ModularResult(T value, ModularReport report) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null");
        }
        if (report == null) {
            throw new IllegalArgumentException("report must not be null");
        }
        this.value = value;
        this.report = report;
    }

    /** The computed value. */
    public T value() {
        return value;
    }

    /** What was used to compute it. */
    public ModularReport report() {
        return report;
    }

    @Override
    public String toString() {
        return "ModularResult[value=" + value + ", route=" + report.route() + "]";
    }
}
