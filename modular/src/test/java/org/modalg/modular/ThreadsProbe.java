package org.modalg.modular;

/** Prints the thread count of {@link ModularOptions#defaults()}, or the error: run in a child JVM by the tests. */
final class ThreadsProbe {
    private ThreadsProbe() {
    }

    public static void main(String[] args) {
        try {
            System.out.println("threads=" + ModularOptions.defaults().threads());
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
    }
}
