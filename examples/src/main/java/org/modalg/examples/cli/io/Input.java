package org.modalg.examples.cli.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * One operand of a command, read as text. The one spelling of every command line operand:
 * <ul>
 *   <li>{@code -}: standard input (at most one operand per command);</li>
 *   <li>{@code file:PATH}: the regular file PATH (directories, devices, pipes and sockets are
 *   refused: use {@code -} for a stream);</li>
 *   <li>anything else: the text itself (a file of that name is never looked for).</li>
 * </ul>
 * The text must be ASCII (every grammar of the command line is): a NUL byte, a byte that is not
 * UTF-8 or a non-ASCII character is an error naming its line and column, found while reading,
 * so binary input (even an endless stream such as {@code /dev/zero}) stops at once. At most
 * {@link #maxBytes()} bytes are read.
 */
public final class Input {
    /** The prefix that names a file. */
    static final String FILE_PREFIX = "file:";

    /** The operand's name in messages ("F", "A", "M", ...). */
    final String name;
    /** Where the text came from: "inline", "file:PATH" or "standard input". */
    final String origin;
    /** The text (ASCII). */
    final String text;

    private Input(String name, String origin, String text) {
        this.name = name;
        this.origin = origin;
        this.text = text;
    }

    /** Whether the text was given on the command line itself. */
    boolean inline() {
        return origin.equals("inline");
    }

    /** The operand as named in messages: {@code F} or {@code F (file:f.txt)}. */
    String label() {
        return inline() ? name : name + " (" + origin + ")";
    }

    /** An error about this input: {@code F (file:f.txt): detail}. */
    public IllegalArgumentException error(String detail) {
        return new IllegalArgumentException(label() + ": " + detail);
    }

    /** An error at character index {@code at} of the text, with its 1-based line and column. */
    IllegalArgumentException errorAt(int at, String detail) {
        return error(position(text, at) + ": " + detail);
    }

    /** "line L, column C" of character index at of s (1-based). */
    static String position(CharSequence s, int at) {
        int line = 1;
        int lineStart = 0;
        for (int j = 0; j < at && j < s.length(); j++) {
            if (s.charAt(j) == '\n') {
                line++;
                lineStart = j + 1;
            }
        }
        return "line " + line + ", column " + (at - lineStart + 1);
    }

    /**
     * The most bytes read from a file or standard input: the system property
     * {@code modalg.maxInputBytes} if set, else a quarter of the maximal heap, at most
     * the largest Java array.
     */
    static long maxBytes() {
        long cap = Math.min(Integer.MAX_VALUE - 16L, Runtime.getRuntime().maxMemory() / 4);
        String p = System.getProperty("modalg.maxInputBytes");
        if (p != null) {
            try {
                cap = Math.min(cap, Long.parseLong(p.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the system property modalg.maxInputBytes must be an integer, got '"
                        + p + "'");
            }
        }
        return Math.max(cap, 0);
    }

    /** Inline text (checked to be ASCII). */
    static Input inline(String name, String text) {
        Input in = new Input(name, "inline", text);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || c >= 0x80) {
                throw in.errorAt(i, notAscii(Character.codePointAt(text, i)));
            }
        }
        return in;
    }

    /**
     * The operand {@code arg} (see the class comment) named {@code name}; {@code stdin} is the
     * stream that {@code -} reads.
     */
    static Input read(String arg, String name, InputStream stdin) {
        if (arg.equals("-")) {
            return new Input(name, "standard input", readAscii(stdin, -1, name + " (standard input)"));
        }
        if (arg.startsWith(FILE_PREFIX)) {
            return readFile(arg.substring(FILE_PREFIX.length()), name);
        }
        return inline(name, arg);
    }

    private static Input readFile(String file, String name) {
        String label = name + " (" + FILE_PREFIX + file + ")";
        if (file.isEmpty()) {
            throw new IllegalArgumentException(name + ": '" + FILE_PREFIX + "' must be followed by a path");
        }
        Path p;
        try {
            p = Path.of(file);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(label + ": not a valid path: " + e.getReason());
        }
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(label + ": no such file");
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(label + ": permission denied");
        } catch (IOException e) {
            throw new IllegalArgumentException(label + ": cannot read: " + e);
        }
        if (attrs.isDirectory()) {
            throw new IllegalArgumentException(label + ": is a directory");
        }
        if (!attrs.isRegularFile()) {
            throw new IllegalArgumentException(label + ": not a regular file (a device, pipe or socket);"
                    + " give a stream as - (standard input)");
        }
        long cap = maxBytes();
        if (attrs.size() > cap) {
            throw new IllegalArgumentException(label + ": " + attrs.size() + " bytes, more than the " + cap
                    + " bytes this JVM reads (a quarter of its maximal heap); raise -Xmx via MODALG_JAVA_OPTS");
        }
        try (InputStream in = Files.newInputStream(p)) {
            return new Input(name, FILE_PREFIX + file, readAscii(in, attrs.size(), label));
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(label + ": permission denied");
        } catch (IOException e) {
            throw new IllegalArgumentException(label + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Everything in the stream as ASCII text, at most {@link #maxBytes()} bytes; stops at the
     * first byte that is not ASCII text.
     */
    private static String readAscii(InputStream in, long sizeHint, String label) {
        long cap = maxBytes();
        byte[] buf = new byte[(int) Math.min(cap + 1, sizeHint >= 0 ? sizeHint + 1 : 1 << 16)];
        int n = 0;
        try {
            while (true) {
                if (n == buf.length) {
                    if (n > cap) {
                        break;
                    }
                    buf = Arrays.copyOf(buf, (int) Math.min(cap + 1, Math.max(2L * n, 1 << 16)));
                }
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                for (int i = n; i < n + r; i++) {
                    byte b = buf[i];
                    if (b == 0 || b < 0) {
                        String at = position(new String(buf, 0, i, StandardCharsets.ISO_8859_1), i);
                        throw new IllegalArgumentException(label + ": " + at + ": " + badByte(buf, i, n + r));
                    }
                }
                n += r;
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(label + ": cannot read: " + e.getMessage());
        }
        if (n > cap) {
            throw new IllegalArgumentException(label + ": more than " + cap
                    + " bytes, the most this JVM reads (a quarter of its maximal heap); raise -Xmx via MODALG_JAVA_OPTS");
        }
        return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
    }

    // What is wrong with the byte at i (NUL or >= 0x80): a non-ASCII character or not text at all.
    private static String badByte(byte[] buf, int i, int end) {
        int b = buf[i] & 0xff;
        int len = b >= 0xf0 && b < 0xf8 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
        if (len > 0 && i + len <= end) {
            String s = new String(buf, i, len, StandardCharsets.UTF_8);
            int cp = s.codePointAt(0);
            if (cp != 0xfffd && Character.charCount(cp) == s.length()) {
                return notAscii(cp);
            }
        }
        return String.format("byte 0x%02x is not text (binary input?)", b);
    }

    private static String notAscii(int codePoint) {
        if (codePoint == 0) {
            return "byte 0x00 is not text (binary input?)";
        }
        return String.format("non-ASCII character U+%04X: operands are ASCII text (digits 0-9)", codePoint);
    }
}
