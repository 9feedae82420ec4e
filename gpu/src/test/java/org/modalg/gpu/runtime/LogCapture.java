package org.modalg.gpu.runtime;

import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * A log handler for the tests: the message of every record at or above a level goes into a
 * list the test reads (the engines' one-line warnings on a fallback, a split or an ignored
 * cache file). Attach it with {@code Logger.getLogger(...).addHandler} and remove it after.
 */
public final class LogCapture extends Handler {
    private final List<String> messages;
    private final Level min;

    /** Every record's message goes into {@code messages}. */
    public LogCapture(List<String> messages) {
        this(messages, Level.ALL);
    }

    /** The messages of records at or above {@code min} go into {@code messages}. */
    public LogCapture(List<String> messages, Level min) {
        this.messages = messages;
        this.min = min;
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= min.intValue()) {
            messages.add(r.getMessage());
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
