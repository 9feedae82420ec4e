package org.modalg.fields;

/**
 * How a vector of N multi-digit elements (k digits each) lies in one {@code long[]}.
 */
public enum Layout {
    /** Element i occupies [i k, (i + 1) k): the CPU layout, one element per cache line run. */
    ELEMENT_MAJOR,
    /** Digit j of element i is at j N + i: the GPU layout, so that a warp reads coalesced. */
    DIGIT_MAJOR;

    /** Index of digit j of element i in a vector of n elements of k digits. */
    public int index(int i, int j, int n, int k) {
        return this == ELEMENT_MAJOR ? i * k + j : j * n + i;
    }
}
