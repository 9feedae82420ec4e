package org.modalg.examples.cli.io;

import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * The few JSON values the command line writes ({@code --json}): objects (maps with string
 * keys, in their order), arrays (lists), strings, finite numbers, booleans and null. Big
 * integers and polynomials are written as strings, so that no reader rounds them. The output
 * is ASCII: characters outside printable ASCII are escaped as {@code \}{@code uXXXX}.
 */
final class Json {
    private Json() {
    }

    /** Appends the JSON form of value. */
    static void write(Object value, Appendable out) throws IOException {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            string((String) value, out);
        } else if (value instanceof BigInteger) {
            out.append('"');
            org.modalg.polynomial.text.IntegerText.write((BigInteger) value, 10, out);
            out.append('"');
        } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
            out.append(value.toString());
        } else if (value instanceof Number) {
            double d = ((Number) value).doubleValue();
            out.append(Double.isFinite(d) ? Double.toString(d) : "null");
        } else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(String.valueOf(e.getKey()), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object v : (List<?>) value) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(v, out);
            }
            out.append(']');
        } else {
            string(value.toString(), out);
        }
    }

    /** Appends s as a JSON string (quoted, escaped). */
    static void string(String s, Appendable out) throws IOException {
        out.append('"');
        int done = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                continue;
            }
            out.append(s, done, i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    out.append(String.format("\\u%04x", (int) c));
                    break;
            }
            done = i + 1;
        }
        out.append(s, done, s.length());
        out.append('"');
    }
}
