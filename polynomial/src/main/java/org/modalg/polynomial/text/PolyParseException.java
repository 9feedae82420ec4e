package org.modalg.polynomial.text;

/**
 * Malformed polynomial text: the message starts with {@code line L, column C:} (both
 * 1-based) and says what was expected and what was found.
 */
public final class PolyParseException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    /**
     * @param detail what was expected and found (without the position)
     * @param line the 1-based line of the offending character
     * @param column the 1-based column of the offending character
     */
    public PolyParseException(String detail, int line, int column) {
        super("line " + line + ", column " + column + ": " + detail);
        this.line = line;
        this.column = column;
    }

    /** The 1-based line of the error. */
    public int line() {
        return line;
    }

    /** The 1-based column of the error. */
    public int column() {
        return column;
    }
}
