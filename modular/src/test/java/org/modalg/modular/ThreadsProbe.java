package org.modalg.modular;

import org.modalg.fft.Options;

/** Prints the thread count of {@link Options#defaults()}, or the error: run in a child JVM by the tests. */
final class ThreadsProbe {
    private ThreadsProbe() {
    }

    public static void main(String[] args) {
        try {
            System.out.println("threads=" + Options.defaults().threads());
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
    }
}
