package org.modalg.modular.loop;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.modalg.fft.Options;
import org.modalg.modular.CrtAccumulator;
import org.modalg.modular.MultiCrt;
import org.modalg.modular.ProductTreeCrt;

/**
 * The batch {@link Combiner}: images are kept as they come (word-size residues in one growing
 * prime-major array) and lifted only when a value is asked for, by {@link MultiCrt} (Garner up
 * to {@link MultiCrt#GARNER_MAX} primes, above the product tree of
 * {@link org.modalg.modular.ProductTreeCrt}, value by value over the options' threads, its plan
 * kept for the next lift over the same primes): O(k L_g + M(L) log k) per entry, against
 * O(L^2) for incremental Garner. Big moduli (generalized Fermat primes) are kept apart
 * and joined to the word-size lift by one Garner step each ({@link CrtAccumulator}). The
 * combiner of the resultant (thousands of primes) and of the lifted gcd (long vectors).
 *
 * <p><b>Folded batch by batch</b> when built with the plan of primes a proven run images in
 * order ({@link #ProductTreeCombiner(int, Options, long[])}): at every {@link #batchDone} the
 * images added since go into a {@link ProductTreeCrt.Incremental} over the plan, so that the
 * CRT's work is done as the images come (overlapping the next engine call in a pipelined
 * {@link MultimodularLoop}) and {@link #symmetric()} after the last batch only reduces modulo M.
 * Images that leave the plan (another prime, a big modulus) fall back to the lift at the end;
 * the values are the same either way.
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
    private final long[] plan;
    private ProductTreeCrt.Incremental incremental;
    private int folded;
    private boolean offPlan;

    /**
     * A combiner of images of {@code width} residues each, lifting with the threads and backend
     * of {@code options} ({@link MultiCrt}).
     */
    public ProductTreeCombiner(int width, Options options) {
        this(width, options, null);
    }

    /**
     * A combiner that folds its word-size images into the CRT at every {@link #batchDone} while
     * they follow {@code plan} in order (the fixed primes of a proven run); the plan's inverses
     * (O(k^2) word products) are computed at the first batch.
     *
     * @param plan the primes in the order they will be added, or null: lift at the end only
     * @throws IllegalArgumentException if options is null or width negative
     */
    public ProductTreeCombiner(int width, Options options, long[] plan) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        this.options = options;
        this.plan = plan == null ? null : plan.clone();
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
        incremental = null;
        folded = 0;
        offPlan = false;
    }

    @Override
    public void batchDone() {
        if (plan == null || offPlan || folded == count) {
            return;
        }
        if (!bigModuli.isEmpty() || count > plan.length) {
            offPlan = true;
            incremental = null;
            return;
        }
        for (int j = folded; j < count; j++) {
            if (primes[j] != plan[j]) {
                offPlan = true;
                incremental = null;
                return;
            }
        }
        if (incremental == null) {
            incremental = new ProductTreeCrt.Incremental(plan, width, true, options);
        }
        incremental.add(folded, count - folded, residues, folded * width);
        folded = count;
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
            boolean foldedAll = incremental != null && !offPlan && folded == count && count == plan.length
                    && bigModuli.isEmpty();
            cached = foldedAll ? incremental.result() : lift(count);
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
        return plan == null ? "product tree (MultiCrt)" : "product tree folded batch by batch (ProductTreeCrt.Incremental)";
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
