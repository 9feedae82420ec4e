package org.modalg.examples.cli.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.modalg.fft.Options;
import org.modalg.fft.Route;
import org.modalg.modular.ModularReport;
import org.modalg.polynomial.text.IntegerText;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One run of a computing command: reads its operands ({@link Input}), collects the result and
 * the report, and writes them once everything is computed ({@link Output}): the values one per
 * line, or one JSON object with {@code --json}; the report ({@code -v}) goes to standard error,
 * or into the JSON object. Closing it without {@link #finish()} leaves OUT untouched.
 */
public final class Invocation implements AutoCloseable {
    // the invocation running now, for the out-of-memory message of the command line
    private static volatile Invocation current;

    final String command;
    final CommonOptions options;
    private final PrintWriter err;
    private final Output output;
    private final InputStream stdin;
    private final Map<String, Object> result = new LinkedHashMap<>();
    private final Map<String, Object> report = new LinkedHashMap<>();
    private final List<String> reportTexts = new ArrayList<>();
    private String stdinUser;
    private long inputBytes;
    private volatile long asks;

    /**
     * Starts the run of {@code command} with the common options (the thread count is checked
     * now), its output (standard output or the temporary file beside {@code -o}) opened.
     *
     * @throws IllegalArgumentException for a bad {@code --threads} or an unwritable {@code -o}
     */
    public Invocation(String command, CommonOptions options, CommandSpec spec) {
        this.command = command;
        this.options = options;
        CommonOptions.threads(options.threads, 0); // checks the value
        this.err = spec.commandLine().getErr();
        this.stdin = System.in;
        this.output = options.out == null ? Output.stdout() : Output.file(options.out, "-o");
        current = this;
    }

    /** The invocation started last (the one running now), or null before the first; for an out-of-memory message. */
    public static Invocation current() {
        return current;
    }

    /** The operand arg (inline text, - or file:PATH) named name. */
    public Input input(String arg, String name) {
        if (arg.equals("-")) {
            if (stdinUser != null) {
                throw new IllegalArgumentException(name + ": standard input (-) is already read for " + stdinUser
                        + "; give one of them as file:PATH or inline");
            }
            stdinUser = name;
        }
        long t0 = System.nanoTime();
        Input in = Input.read(arg, name, stdin);
        inputBytes += in.text.length();
        report.put("input_" + name, in.origin + ", " + in.text.length() + " bytes, read in " + ms(t0) + " ms");
        return in;
    }

    /** The decimal integer operand arg named name. */
    public BigInteger integer(String arg, String name) {
        return Operands.integer(input(arg, name));
    }

    /** Records that the computation will need about this many bytes (for an out-of-memory message). */
    public void asks(long bytes) {
        asks = Math.max(asks, bytes);
    }

    /** The out-of-memory message of this invocation. */
    public String outOfMemory() {
        long max = Runtime.getRuntime().maxMemory();
        String need = asks > 0 ? "the input asks for about " + mb(asks) + " of memory"
                : "the input holds " + mb(inputBytes) + " of text";
        return "out of memory in " + command + " (" + need + "; the maximal heap is " + mb(max)
                + "; raise -Xmx via MODALG_JAVA_OPTS, e.g. MODALG_JAVA_OPTS=-Xmx" + Math.max(2, 2 * max / (1L << 30) + 1)
                + "g)";
    }

    private static String mb(long bytes) {
        return bytes + " bytes (" + String.format(Locale.ROOT, "%.1f", bytes / 1048576.0) + " MiB)";
    }

    /** The thread count of a modular algorithm: --threads, else the default. */
    public Options modularOptions() {
        Options o = Options.defaults();
        if (options.threads != null) {
            o = o.withThreads(options.threads);
        }
        report.put("threads", o.threads());
        return o;
    }

    /**
     * The options of a product: --threads (else the default) and the route {@code route}
     * ({@code auto}, {@code crt} or {@code bigprime}), passed per call; nothing JVM-wide is set.
     */
    public Options productOptions(String route) {
        Options o = Options.defaults().withRoute(Route.parse(route));
        if (options.threads != null) {
            o = o.withThreads(options.threads);
        }
        report.put("threads", o.threads());
        report.put("product_route", o.route().cliName());
        return o;
    }

    /** Adds a result value (a BigInteger, a String or a list of them); the first is "result". */
    public void result(String key, Object value) {
        result.put(key, value);
    }

    /** Adds a report field. */
    public void report(String key, Object value) {
        report.put(key, value);
    }

    /** Adds the time since t0 to the report as key_ms. */
    public void time(String key, long t0) {
        report.put(key + "_ms", Double.parseDouble(ms(t0)));
    }

    /** Adds a modular algorithm's report. */
    public void report(ModularReport r) {
        report.put("algorithm", r.algorithm());
        report.put("route", r.route() == null ? null : r.route().cliName());
        report.put("field", r.field());
        report.put("primes_used", r.primesUsed());
        List<String> unlucky = new ArrayList<>();
        for (BigInteger p : r.unluckyPrimes()) {
            unlucky.add(p.toString());
        }
        report.put("unlucky_primes", unlucky);
        List<String> skipped = new ArrayList<>();
        for (BigInteger p : r.skippedPrimes()) {
            skipped.add(p.toString());
        }
        report.put("skipped_primes", skipped);
        report.put("certification", String.valueOf(r.certification()));
        report.put("certification_detail", r.certificationDetail());
        Map<String, Object> phases = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : r.phaseNanos().entrySet()) {
            phases.put(e.getKey(), e.getValue() / 1e6);
        }
        report.put("phases_ms", phases);
        report.put("notes", new ArrayList<>(r.notes()));
        reportTexts.add(r.toString());
    }

    private static String ms(long t0) {
        return String.format(Locale.ROOT, "%.3f", (System.nanoTime() - t0) / 1e6);
    }

    /** Writes the result (and the report); returns the exit code 0. */
    public int finish() {
        try {
            Writer w = output.writer();
            if (options.json) {
                Map<String, Object> all = new LinkedHashMap<>();
                all.put("command", command);
                all.putAll(result);
                if (options.verbose) {
                    all.put("report", report);
                }
                Json.write(all, w);
                w.write('\n');
            } else {
                for (Object v : result.values()) {
                    writeValue(v, w);
                }
            }
        } catch (IOException e) {
            output.abort();
            throw new IllegalArgumentException("cannot write " + output.describe() + ": " + Output.reason(e));
        }
        output.commit();
        if (options.verbose && !options.json) {
            StringBuilder s = new StringBuilder();
            s.append(command).append(" (modalg command line)\n");
            for (Map.Entry<String, Object> e : report.entrySet()) {
                if (isModularKey(e.getKey())) {
                    continue;
                }
                s.append("  ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
            }
            for (String t : reportTexts) {
                s.append(t);
            }
            err.print(s);
            err.flush();
        }
        return 0;
    }

    private static boolean isModularKey(String k) {
        switch (k) {
            case "algorithm": case "route": case "field": case "primes_used": case "unlucky_primes": case "skipped_primes":
            case "certification": case "certification_detail": case "phases_ms": case "notes":
                return true;
            default:
                return false;
        }
    }

    private static void writeValue(Object v, Writer w) throws IOException {
        if (v instanceof BigInteger) {
            IntegerText.write((BigInteger) v, 10, w);
            w.write('\n');
        } else if (v instanceof List) {
            for (Object x : (List<?>) v) {
                writeValue(x, w);
            }
        } else {
            w.write(String.valueOf(v));
            w.write('\n');
        }
    }

    @Override
    public void close() {
        output.abort();
        result.clear(); // keeps what the out-of-memory message needs, not the values
        report.clear();
        reportTexts.clear();
    }
}
