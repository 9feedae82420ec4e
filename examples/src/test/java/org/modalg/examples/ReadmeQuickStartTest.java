package org.modalg.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.math.BigInteger;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/**
 * The root README's Java code blocks, compiled and run as they are written: the {@code import}
 * lines of a block become the imports of a generated class, the other lines the body of its
 * method, and every line ending in {@code // prints: TEXT} must print TEXT (in order, among
 * the lines the block prints). A block that does not compile, throws, or prints something
 * else fails the test. The fields block is also checked against BigInteger by hand.
 */
class ReadmeQuickStartTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final String PRINTS = "// prints: ";

    /** A README block as a class: its source and the lines it must print. */
    private record Block(int index, String className, String source, List<String> expected) {
    }

    @Test
    void everyJavaBlockOfTheReadmeCompilesRunsAndPrintsWhatItSays() throws Exception {
        List<Block> blocks = blocks(Files.readString(readme(), StandardCharsets.UTF_8));
        assertTrue(blocks.size() >= 6, "the README should hold the five tasks and the fields block, found "
                + blocks.size() + " java blocks");
        Path dir = Files.createTempDirectory("readme-blocks");
        try {
            List<File> sources = new ArrayList<>();
            for (Block b : blocks) {
                Path file = dir.resolve(b.className() + ".java");
                Files.writeString(file, b.source(), StandardCharsets.UTF_8);
                sources.add(file.toFile());
            }
            compile(dir, sources);
            try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                    getClass().getClassLoader())) {
                for (Block b : blocks) {
                    List<String> printed = run(loader, b);
                    checkPrinted(b, printed);
                }
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted((x, y) -> y.getNameCount() - x.getNameCount()).forEach(f -> f.toFile().delete());
            }
        }
    }

    @Test
    void fieldsBlockAgreesWithBigInteger() {
        GfField f = GfPreset.SRGF8.field();
        long[] x = f.element(new BigInteger("123456789123456789123456789"));
        long[] y = f.element(BigInteger.valueOf(-5));
        long[] z = new long[f.k()];
        f.mul(x, 0, y, 0, z, 0);
        BigInteger p = f.modulus();
        BigInteger bx = new BigInteger("123456789123456789123456789");
        assertEquals(bx.multiply(BigInteger.valueOf(-5)).mod(p), f.toBigInteger(z, 0));
        f.mulPowR(x, 0, 3, z, 0);
        assertEquals(bx.multiply(f.radixBig().pow(3)).mod(p), f.toBigInteger(z, 0));
        long[] w = f.rootOfUnity(20);
        BigInteger bw = f.toBigInteger(w, 0);
        assertEquals(f.radixBig(), bw.modPow(BigInteger.valueOf((1 << 20) / 16), p));

        ZpField zp = ZpField.of(NttPrimes.largestBelow(1L << 62, 32));
        long q = zp.mul(zp.inv(3), 7);
        BigInteger bp = BigInteger.valueOf(zp.p());
        assertEquals(BigInteger.valueOf(3).modInverse(bp).multiply(BigInteger.valueOf(7)).mod(bp).longValue(), q);
    }

    @Test
    void blockParserFindsImportsBodiesAndExpectations() {
        List<Block> blocks = blocks("text\n```java\nimport java.math.BigInteger;\n\n"
                + "System.out.println(BigInteger.ONE); // prints: 1\n```\n```\nnot java\n```\n");
        assertEquals(1, blocks.size());
        assertEquals(List.of("1"), blocks.get(0).expected());
        assertTrue(blocks.get(0).source().startsWith("import java.math.BigInteger;\n"));
    }

    private static Path readme() {
        Path base = Path.of(System.getProperty("basedir", "."));
        for (Path p : new Path[] {base.resolve("../README.md"), base.resolve("README.md")}) {
            if (Files.isRegularFile(p) && Files.exists(p.getParent().resolve("examples"))) {
                return p.normalize();
            }
        }
        fail("the root README.md was not found from " + base.toAbsolutePath());
        return null;
    }

    private static List<Block> blocks(String markdown) {
        List<Block> blocks = new ArrayList<>();
        Matcher m = JAVA_BLOCK.matcher(markdown);
        while (m.find()) {
            int index = blocks.size() + 1;
            String name = "ReadmeBlock" + index;
            StringBuilder imports = new StringBuilder();
            StringBuilder body = new StringBuilder();
            List<String> expected = new ArrayList<>();
            for (String line : m.group(1).split("\n", -1)) {
                if (line.startsWith("import ")) {
                    imports.append(line).append('\n');
                } else {
                    body.append("        ").append(line).append('\n');
                    int at = line.indexOf(PRINTS);
                    if (at >= 0) {
                        expected.add(line.substring(at + PRINTS.length()).trim());
                    }
                }
            }
            String source = imports + "\npublic class " + name + " {\n"
                    + "    public static void run() throws Exception {\n" + body + "    }\n}\n";
            blocks.add(new Block(index, name, source, expected));
        }
        return blocks;
    }

    private static void compile(Path dir, List<File> sources) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertTrue(javac != null, "the tests need a JDK (javax.tools compiler)");
        String classPath = System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path"));
        StringWriter diagnostics = new StringWriter();
        try (var files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(diagnostics, files, null,
                    List.of("-d", dir.toString(), "-classpath", classPath, "-Xlint:none"), null,
                    files.getJavaFileObjectsFromFiles(sources)).call();
            assertTrue(ok, "a README Java block does not compile:\n" + diagnostics);
        }
    }

    private static List<String> run(ClassLoader loader, Block b) throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            loader.loadClass(b.className()).getMethod("run").invoke(null);
        } catch (InvocationTargetException e) {
            throw new AssertionError("README Java block " + b.index() + " threw", e.getCause());
        } finally {
            System.setOut(out);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        System.out.println("README Java block " + b.index() + " printed:\n" + text);
        return List.of(text.split("\\R"));
    }

    /** Every expected line, in order, among the printed lines. */
    private static void checkPrinted(Block b, List<String> printed) {
        int from = 0;
        for (String want : b.expected()) {
            int i = from;
            while (i < printed.size() && !printed.get(i).trim().equals(want)) {
                i++;
            }
            if (i == printed.size()) {
                fail("README Java block " + b.index() + " should print '" + want + "' (after line "
                        + from + "), printed:\n" + String.join("\n", printed));
            }
            from = i + 1;
        }
    }
}
