package org.modalg.modular.loop;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.modalg.fft.Options;
import org.modalg.modular.CrtAccumulator;
import org.modalg.modular.MultiCrt;

/**
 * The batch {@link Combiner}: images are kept as they come (word-size residues in one growing
 * prime-major array) and lifted only when a value is asked for, by {@link MultiCrt} (Garner up
 * to {@link MultiCrt#GARNER_MAX} primes, above the product tree of
 * {@link org.modalg.modular.ProductTreeCrt}, value by value over the options' threads, its plan
 * kept for the next lift over the same primes): O(k L_g + M(L) log k) per entry, against
 * O(L^2) for incremental Garner. Big moduli (generalized Fermat primes) are kept apart
 * and joined to the word-size lift by one Garner step each ({@link CrtAccumulator}). The
 * combiner of the resultant (thousands of primes) and of the lifted gcd (long vectors).
 */
public final class ProductTreeCombiner implements Combiner {
    private final Options options;
    private int width;
    private long[] primes = new long[16];
    private long[] residues = new long[16];
    private int count;
    private long floorBits;
    private final List<BigInteger> bigModuli = new ArrayList<>();
    private final List<BigInteger[]> bigResidues = new ArrayList<>();
    private BigInteger[] cached;

    /**
     * A combiner of images of {@code width} residues each, lifting with the threads and backend
     * of {@code options} ({@link MultiCrt}).
     */
    public ProductTreeCombiner(int width, Options options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        this.options = options;
        reset(width);
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public void reset(int newWidth) {
        if (newWidth < 0) {
            throw new IllegalArgumentException("width must be >= 0, got " + newWidth);
        }
        width = newWidth;
        count = 0;
        floorBits = 0;
        bigModuli.clear();
        bigResidues.clear();
        cached = null;
    }

    @Override
    public void add(long p, long[] row) {
        if (row.length != width) {
            throw new IllegalArgumentException("residues must have length " + width + ", got " + row.length);
        }
        if (count == primes.length) {
            primes = Arrays.copyOf(primes, 2 * count);
        }
        long need = (long) (count + 1) * width;
        if (need > residues.length) {
            residues = Arrays.copyOf(residues, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * residues.length)));
        }
        primes[count] = p;
        System.arraycopy(row, 0, residues, count * width, width);
        count++;
        floorBits += 63 - Long.numberOfLeadingZeros(p);
        cached = null;
    }

    @Override
    public void add(BigInteger m, BigInteger[] row) {
        if (row.length != width) {
            throw new IllegalArgumentException("residues must have length " + width + ", got " + row.length);
        }
        bigModuli.add(m);
        bigResidues.add(row.clone());
        floorBits += m.bitLength() - 1;
        cached = null;
    }

    @Override
    public int count() {
        return count + bigModuli.size();
    }

    @Override
    public BigInteger modulus() {
        BigInteger m = product(primes, 0, count);
        for (BigInteger b : bigModuli) {
            m = m.multiply(b);
        }
        return m;
    }

    @Override
    public long floorBits() {
        return floorBits;
    }

    @Override
    public BigInteger[] symmetric() {
        if (cached == null) {
            cached = lift(count);
        }
        return cached.clone();
    }

    private BigInteger[] lift(int words) {
        BigInteger[] w;
        if (words == 0) {
            w = new BigInteger[width];
            Arrays.fill(w, BigInteger.ZERO);
        } else {
            w = MultiCrt.combine(Arrays.copyOf(primes, words), residues, width, bigModuli.isEmpty(), options);
        }
        if (bigModuli.isEmpty()) {
            return w;
        }
        CrtAccumulator acc = new CrtAccumulator(width);
        for (int i = 0; i < bigModuli.size(); i++) {
            acc.add(bigModuli.get(i), bigResidues.get(i));
        }
        if (words > 0) {
            acc.add(product(primes, 0, words), w); // unsigned word-size lift in [0, Mw)
        }
        return acc.symmetric();
    }

    @Override
    public boolean agreesOnLast(int k) {
        if (k < 1 || k >= count) {
            return false;
        }
        BigInteger[] x = lift(count - k);
        for (int j = count - k; j < count; j++) {
            BigInteger p = BigInteger.valueOf(primes[j]);
            for (int i = 0; i < width; i++) {
                if (x[i].mod(p).longValue() != residues[j * width + i]) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public String describe() {
        return "product tree (MultiCrt)";
    }

    /** The product of ps[from..to) by a balanced tree. */
    static BigInteger product(long[] ps, int from, int to) {
        if (to - from <= 16) {
            BigInteger m = BigInteger.ONE;
            for (int j = from; j < to; j++) {
                m = m.multiply(BigInteger.valueOf(ps[j]));
            }
            return m;
        }
        int mid = (from + to) >>> 1;
        return product(ps, from, mid).multiply(product(ps, mid, to));
    }
}
