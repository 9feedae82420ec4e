package org.modalg.examples.cli.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Json#write}: ASCII output that a strict reader ({@link MiniJson}) parses back to the value written. */
class JsonTest {
    private static final long SEED = Long.getLong("modalg.test.seed", System.nanoTime());

    private static String json(Object value) throws Exception {
        StringBuilder s = new StringBuilder();
        Json.write(value, s);
        assertTrue(s.chars().allMatch(c -> c >= 0x20 && c < 0x7f), s.toString());
        return s.toString();
    }

    @Test
    void escapesEveryControlCharacter() throws Exception {
        String s = json(Map.of("k\"\\", "a\u0001\n\t\u00e9\u20ac\""));
        assertEquals(Map.of("k\"\\", "a\u0001\n\t\u00e9\u20ac\""), MiniJson.parse(s));
    }

    @Test
    void randomObjectsParseBack() throws Exception {
        System.out.println("JsonTest seed " + SEED + " (replay with -Dmodalg.test.seed=" + SEED + ")");
        Random rnd = new Random(SEED);
        // control characters, quotes, backslashes, printable ASCII, Latin-1, BMP and a surrogate pair
        String[] pool = {"\u0000", "\u001f", "\u007f", "\"", "\\", "/", "a", " ", "\u00e9", "\u20ac", "\ud83d\ude00"};
        for (int k = 0; k < 200; k++) {
            Map<String, Object> written = new LinkedHashMap<>();
            Map<String, Object> expected = new LinkedHashMap<>();
            int n = rnd.nextInt(5);
            for (int i = 0; i < n; i++) {
                StringBuilder key = new StringBuilder("k" + i);
                StringBuilder text = new StringBuilder();
                for (int j = rnd.nextInt(12); j > 0; j--) {
                    key.append(pool[rnd.nextInt(pool.length)]);
                    text.append(pool[rnd.nextInt(pool.length)]);
                }
                BigInteger big = new BigInteger(1 + rnd.nextInt(300), rnd);
                big = rnd.nextBoolean() ? big : big.negate();
                written.put(key.toString(), List.of(text.toString(), big));
                // integers are written as strings, so that no reader rounds them
                expected.put(key.toString(), new ArrayList<>(List.of(text.toString(), big.toString())));
            }
            assertEquals(expected, MiniJson.parse(json(written)), "seed " + SEED);
        }
    }
}
