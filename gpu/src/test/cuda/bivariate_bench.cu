// Standalone harness of the thread-per-point bivariate image kernel (modular.cu,
// bivariate_coset_thread_f64 / _u32, GpuImageEngine.bivariateResultantsOnCosets) against its
// previous version (bivariate_old.cuh) and a host oracle, on a GPU host with nvcc (no Java).
//
//   bivariate_bench check SEED       random small shapes (rows 1..40, columns 1..30, vanishing
//                                     leading rows and whole rows, M = 2^1 .. 2^9, 1..3 cosets,
//                                     both row formats, blocks of 32 and 64, launches cut at
//                                     random multiples of M, lanes past count): new == old on
//                                     every instance, and both == the determinant of the
//                                     Sylvester matrix mod p (host) on every instance of small
//                                     batches, every 8th of larger ones.
//   bivariate_bench bench SEED REPS  dense inputs of total degree d (every coefficient of x^i
//                                     y^k with i + k <= d a random residue) on the engine's layout
//                                     and launch shape: d = 80 (13 cosets of 2^9 points) and
//                                     d = 120 (15 cosets of 2^10) with the prime counts of 16-
//                                     and 64-bit coefficients (150 / 446 and 233 / 678 primes),
//                                     launches of 2^20 instances; old and new alternately, REPS
//                                     rounds, median kernel ms (CUDA events) per batch and per
//                                     full launch, instances per second; new == old on every
//                                     instance and == the Sylvester determinant on a sample.
//
// Build: nvcc -O3 -arch=sm_90 -std=c++17 bivariate_bench.cu (bivariate-run.sh does it).
#include "harness_common.h"
#include "../../main/cuda/modular.cu"
#include "bivariate_old.cuh"

#include <algorithm>
#include <cstring>
#include <vector>

// ---------------------------------------------------------------- host arithmetic and oracle

static u64 mulmod(u64 a, u64 b, u64 p) { return a * b % p; } // p < 2^26: a b < 2^52

static u64 powmod(u64 a, u64 e, u64 p) {
    u64 r = 1 % p;
    a %= p;
    for (; e > 0; e >>= 1) {
        if (e & 1) r = mulmod(r, a, p);
        a = mulmod(a, a, p);
    }
    return r;
}

static bool is_prime(u64 n) {
    if (n < 2) return false;
    for (u64 d = 2; d * d <= n; d++)
        if (n % d == 0) return false;
    return true;
}

// The decreasing primes p < 2^26 with p = 1 mod 2^log2m (the engine's NTT prime stream).
static std::vector<u64> ntt_primes(int count, int log2m) {
    std::vector<u64> ps;
    const u64 step = 1ull << log2m;
    for (u64 p = ((1ull << 26) - 1) / step * step + 1; ps.size() < (size_t) count && p > step; p -= step)
        if (is_prime(p)) ps.push_back(p);
    return ps;
}

// An element of order exactly 2^log2m mod p.
static u64 root_of_unity(u64 p, int log2m, u64& state) {
    for (;;) {
        u64 x = 2 + mix64(state++) % (p - 3);
        u64 w = powmod(x, (p - 1) >> log2m, p);
        if (powmod(w, 1ull << (log2m - 1), p) == p - 1) return w;
    }
}

// r shifts c with distinct c^M (distinct cosets), the first candidates 1, 2, ... (cosetShifts).
static std::vector<u64> coset_shifts(u64 p, int log2m, int r) {
    std::vector<u64> c, u;
    for (u64 cand = 1; (int) c.size() < r; cand++) {
        u64 v = powmod(cand, 1ull << log2m, p);
        if (std::find(u.begin(), u.end(), v) == u.end()) {
            c.push_back(cand);
            u.push_back(v);
        }
    }
    return c;
}

// The coefficients in x of a rows x cols grid (x^i y^k at i cols + k) at y = a mod p.
static std::vector<u64> eval_rows(const u64* grid, int rows, int cols, u64 a, u64 p) {
    std::vector<u64> v(rows);
    for (int i = 0; i < rows; i++) {
        u64 acc = 0;
        for (int k = cols - 1; k >= 0; k--) acc = (mulmod(acc, a, p) + grid[(size_t) i * cols + k]) % p;
        v[i] = acc;
    }
    return v;
}

// Res_{n, m}(f, g) mod p, n = f.size() - 1 and m = g.size() - 1 the formal degrees (coefficients in
// increasing degree): the determinant of the Sylvester matrix (m rows of f, n rows of g, each in
// decreasing degree) by Gaussian elimination mod p. Independent of the kernels' Euclid.
static u64 sylvester_resultant(const std::vector<u64>& f, const std::vector<u64>& g, u64 p) {
    const int n = (int) f.size() - 1, m = (int) g.size() - 1, N = n + m;
    if (N == 0) return 1 % p;
    std::vector<u64> s((size_t) N * N, 0);
    for (int r = 0; r < m; r++)
        for (int k = 0; k <= n; k++) s[(size_t) r * N + r + k] = f[n - k];
    for (int r = 0; r < n; r++)
        for (int k = 0; k <= m; k++) s[(size_t) (m + r) * N + r + k] = g[m - k];
    u64 det = 1;
    for (int c = 0; c < N; c++) {
        int piv = c;
        while (piv < N && s[(size_t) piv * N + c] == 0) piv++;
        if (piv == N) return 0;
        if (piv != c) {
            for (int k = 0; k < N; k++) std::swap(s[(size_t) piv * N + k], s[(size_t) c * N + k]);
            det = (p - det) % p;
        }
        const u64 d = s[(size_t) c * N + c];
        det = mulmod(det, d, p);
        const u64 inv = powmod(d, p - 2, p);
        for (int r = c + 1; r < N; r++) {
            const u64 l = mulmod(s[(size_t) r * N + c], inv, p);
            if (l == 0) continue;
            for (int k = c; k < N; k++)
                s[(size_t) r * N + k] = (s[(size_t) r * N + k] + mulmod(p - l, s[(size_t) c * N + k], p)) % p;
        }
    }
    return det;
}

// ---------------------------------------------------------------- one batch on the device

struct Batch {
    int fRows, fCols, gRows, gCols, log2m, cosets, primes;
    std::vector<u64> ps, roots, shifts, f, g, fLen, gLen; // grids as residues, prime-major
    long long total() const { return (long long) primes * cosets << log2m; }
    u64 point(long long inst) const {
        const long long per = (long long) cosets << log2m;
        const int j = (int) (inst / per);
        const int c = (int) ((inst % per) >> log2m);
        const long long i = inst & ((1ll << log2m) - 1);
        return mulmod(shifts[(size_t) j * cosets + c], powmod(roots[j], i, ps[j]), ps[j]);
    }
    u64 oracle(long long inst) const {
        const long long per = (long long) cosets << log2m;
        const int j = (int) (inst / per);
        const u64 a = point(inst), p = ps[j];
        return sylvester_resultant(eval_rows(&f[(size_t) j * fRows * fCols], fRows, fCols, a, p),
                                   eval_rows(&g[(size_t) j * gRows * gCols], gRows, gCols, a, p), p);
    }
};

// Per row r: 1 + the last column non-zero in any prime's grid (GpuImageEngine.rowLengths).
static std::vector<u64> row_lengths(const std::vector<u64>& grid, int rows, int cols, int count) {
    std::vector<u64> len(rows, 0);
    for (int j = 0; j < count; j++)
        for (int r = 0; r < rows; r++)
            for (int k = cols - 1; k >= (int) len[r]; k--)
                if (grid[((size_t) j * rows + r) * cols + k] != 0) {
                    len[r] = k + 1;
                    break;
                }
    return len;
}

struct Device {
    double *f = nullptr, *g = nullptr;
    u64 *fLen = nullptr, *gLen = nullptr, *ps = nullptr, *roots = nullptr, *shifts = nullptr, *out = nullptr;
    template <class T>
    static T* up(const std::vector<u64>& v) {
        T* d;
        CK(cudaMalloc(&d, std::max<size_t>(1, v.size()) * 8));
        CK(cudaMemcpy(d, v.data(), v.size() * 8, cudaMemcpyHostToDevice));
        return d;
    }
    explicit Device(const Batch& b) {
        std::vector<u64> fd(b.f.size()), gd(b.g.size()); // the grids as doubles (residues_to_double)
        for (size_t i = 0; i < fd.size(); i++) { double x = (double) b.f[i]; memcpy(&fd[i], &x, 8); }
        for (size_t i = 0; i < gd.size(); i++) { double x = (double) b.g[i]; memcpy(&gd[i], &x, 8); }
        f = up<double>(fd);
        g = up<double>(gd);
        fLen = up<u64>(b.fLen);
        gLen = up<u64>(b.gLen);
        ps = up<u64>(b.ps);
        roots = up<u64>(b.roots);
        shifts = up<u64>(b.shifts);
        CK(cudaMalloc(&out, b.total() * 8));
    }
    ~Device() {
        cudaFree(f); cudaFree(g); cudaFree(fLen); cudaFree(gLen); cudaFree(ps); cudaFree(roots);
        cudaFree(shifts); cudaFree(out);
    }
};

// GpuImageEngine's launch shape: 4-byte rows above 48 rows, blocks of 64 while 2 n word 64 bytes
// fit 48 KB, else 32.
static int word_of(int n) { return n > 48 ? 4 : 8; }
static int block_of(int n, int word) { return 2L * n * word * 64 <= 48 * 1024 ? 64 : 32; }

typedef void (*Kernel)(const double*, int, int, const u64*, const double*, int, int, const u64*, const u64*,
                       const u64*, const u64*, int, int, long long, long long, u64*, int);

static Kernel kernel_of(bool old, int word) {
    if (old) return word == 8 ? bivariate_old::bivariate_coset_thread_f64 : bivariate_old::bivariate_coset_thread_f64_u32;
    return word == 8 ? bivariate_coset_thread_f64 : bivariate_coset_thread_f64_u32;
}

// Every instance of the batch in launches of at most `chunk` instances (the cut points given, or
// every chunk), outputs into d.out; returns the kernel time in ms (events around all launches).
static float run_batch(const Batch& b, Device& d, bool old, int word, int block, const std::vector<long long>& cuts,
                       int* launches) {
    const int n = std::max(b.fRows, b.gRows);
    const size_t shared = 2ull * n * word * block;
    Kernel k = kernel_of(old, word);
    CK(cudaFuncSetAttribute((const void*) k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) shared));
    CK(cudaMemset(d.out, 0xff, b.total() * 8));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    CK(cudaEventRecord(e0));
    int nl = 0;
    for (size_t i = 0; i + 1 < cuts.size(); i++) {
        const long long from = cuts[i], count = cuts[i + 1] - cuts[i];
        k<<<(unsigned) ((count + block - 1) / block), block, shared>>>(d.f, b.fRows, b.fCols, d.fLen, d.g, b.gRows,
                                                                     b.gCols, d.gLen, d.ps, d.roots, d.shifts,
                                                                     b.log2m, b.cosets, from, count, d.out + from, 0);
        CKL();
        nl++;
    }
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    CK(cudaEventDestroy(e0));
    CK(cudaEventDestroy(e1));
    if (launches) *launches = nl;
    return ms;
}

static std::vector<u64> download(const Batch& b, const Device& d) {
    std::vector<u64> v(b.total());
    CK(cudaMemcpy(v.data(), d.out, v.size() * 8, cudaMemcpyDeviceToHost));
    return v;
}

static Batch make_batch(int fRows, int fCols, int gRows, int gCols, int log2m, int cosets, int primes, u64 seed,
                        int dense, bool edges) {
    Batch b{fRows, fCols, gRows, gCols, log2m, cosets, primes};
    b.ps = ntt_primes(primes, log2m);
    u64 st = seed * 0x9e3779b97f4a7c15ull + 1;
    for (int j = 0; j < primes; j++) {
        b.roots.push_back(root_of_unity(b.ps[j], log2m, st));
        for (u64 c : coset_shifts(b.ps[j], log2m, cosets)) b.shifts.push_back(c);
    }
    auto fill = [&](std::vector<u64>& grid, int rows, int cols, u64 salt) {
        grid.assign((size_t) primes * rows * cols, 0);
        for (int j = 0; j < primes; j++) {
            const u64 p = b.ps[j];
            // edges: some primes lose the leading row (a formal-degree drop at every point), some a
            // middle row, and a few entries are p - 1 or zero
            const bool dropTop = edges && mix64(seed ^ salt ^ (j * 31 + 1)) % 4 == 0;
            const int zeroRow = edges && mix64(seed ^ salt ^ (j * 31 + 2)) % 3 == 0
                                    ? (int) (mix64(seed ^ salt ^ (j * 31 + 3)) % rows) : -1;
            for (int i = 0; i < rows; i++)
                for (int k = 0; k < cols; k++) {
                    if (dense >= 0 && i + k > dense) continue; // total degree d: x^i y^k with i + k <= d
                    if ((dropTop && i == rows - 1) || i == zeroRow) continue;
                    const u64 w = mix64(seed ^ salt ^ (((u64) j * rows + i) * cols + k) * 0xd1b54a32d192ed03ull);
                    u64 v = w % p;
                    if (edges && (w >> 60) == 0) v = p - 1;
                    if (edges && (w >> 60) == 1) v = 0;
                    grid[((size_t) j * rows + i) * cols + k] = v;
                }
        }
    };
    fill(b.f, fRows, fCols, 0x1111);
    fill(b.g, gRows, gCols, 0x2222);
    b.fLen = row_lengths(b.f, fRows, fCols, primes);
    b.gLen = row_lengths(b.g, gRows, gCols, primes);
    return b;
}

static std::vector<long long> even_cuts(long long total, long long chunk) {
    std::vector<long long> c;
    for (long long at = 0; at < total; at += chunk) c.push_back(at);
    c.push_back(total);
    return c;
}

// ---------------------------------------------------------------- modes

static int check(u64 seed) {
    int bad = 0, cases = 0;
    long long instances = 0;
    for (int it = 0; it < 160; it++) {
        const u64 r = mix64(seed + it);
        const int fRows = 1 + (int) (r % 40), gRows = 1 + (int) ((r >> 8) % 40);
        const int fCols = 1 + (int) ((r >> 16) % 30), gCols = 1 + (int) ((r >> 24) % 30);
        const int log2m = 1 + (int) ((r >> 32) % 9);
        const int cosets = 1 + (int) ((r >> 40) % 3);
        const int primes = 1 + (int) ((r >> 44) % 5);
        const int word = (r >> 48) & 1 ? 4 : 8;
        const int block = (r >> 49) & 1 ? 64 : 32;
        const int dense = (r >> 50) & 1 ? (int) ((r >> 51) % 40) : -1;
        Batch b = make_batch(fRows, fCols, gRows, gCols, log2m, cosets, primes, seed + it, dense, true);
        Device d(b);
        const long long total = b.total(), m = 1ll << log2m;
        // launches cut at random multiples of M (whole cosets), as the engine's chunks
        std::vector<long long> cuts{0};
        u64 cr = mix64(r);
        while (cuts.back() < total) {
            long long step = m * (1 + (long long) (cr % 3));
            cr = mix64(cr);
            cuts.push_back(std::min(total, cuts.back() + step));
        }
        run_batch(b, d, true, word, block, cuts, nullptr);
        std::vector<u64> vo = download(b, d);
        run_batch(b, d, false, word, block, cuts, nullptr);
        std::vector<u64> vn = download(b, d);
        int caseBad = 0;
        for (long long t = 0; t < total; t++) {
            // every instance against the old kernel; the Sylvester determinant on all of a small
            // batch, else on every 8th instance and the first and last ones
            const bool sampled = total <= 512 || t % 8 == (long long) (r % 8) || t == 0 || t == total - 1;
            const u64 want = sampled ? b.oracle(t) : vo[t];
            if (vn[t] != want || vo[t] != want || vn[t] >= b.ps[t / ((long long) cosets << log2m)]) {
                if (caseBad < 3)
                    fprintf(stderr, "MISMATCH case %d (rows %d %d cols %d %d M 2^%d cosets %d primes %d word %d block %d) "
                                    "instance %lld: new %llu old %llu sylvester %llu\n", it, fRows, gRows, fCols, gCols,
                            log2m, cosets, primes, word, block, t, vn[t], vo[t], want);
                caseBad++;
            }
        }
        bad += caseBad != 0;
        cases++;
        instances += total;
    }
    printf("check seed %llu: %d cases, %lld instances, %d cases with a mismatch\n", seed, cases, instances, bad);
    return bad != 0;
}

static int bench(u64 seed, int reps) {
    struct Case { int d, bits, primes, log2m, cosets; };
    const Case cases[] = {{80, 16, 150, 9, 13}, {80, 64, 446, 9, 13}, {120, 16, 233, 10, 15}, {120, 64, 678, 10, 15}};
    int fails = 0;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("device %s, %d SMs, %zu bytes shared per SM\n", prop.name, prop.multiProcessorCount,
           prop.sharedMemPerMultiprocessor);
    printf("| d | bits | primes | instances | launches | old ms | new ms | old ms/launch | new ms/launch | speed-up | "
           "new instances/s | equal |\n");
    for (const Case& c : cases) {
        Batch b = make_batch(c.d + 1, c.d + 1, c.d + 1, c.d + 1, c.log2m, c.cosets, c.primes, seed + c.d + c.bits, c.d,
                             false);
        Device d(b);
        const int n = c.d + 1, word = word_of(n), block = block_of(n, word);
        const std::vector<long long> cuts = even_cuts(b.total(), 1 << 20);
        int launches = 0;
        run_batch(b, d, false, word, block, cuts, &launches); // warm-up
        std::vector<float> to, tn;
        std::vector<u64> vo, vn;
        for (int r = 0; r < reps; r++) {
            to.push_back(run_batch(b, d, true, word, block, cuts, nullptr));
            if (r == 0) vo = download(b, d);
            tn.push_back(run_batch(b, d, false, word, block, cuts, nullptr));
            if (r == 0) vn = download(b, d);
        }
        std::sort(to.begin(), to.end());
        std::sort(tn.begin(), tn.end());
        const double mo = to[reps / 2], mn = tn[reps / 2];
        long long diff = 0;
        for (long long t = 0; t < b.total(); t++) diff += vo[t] != vn[t] || vn[t] >= b.ps[t / ((long long) c.cosets << c.log2m)];
        int oracleBad = 0;
        for (int s = 0; s < 12; s++) {
            const long long t = (long long) (mix64(seed ^ (0xabcull + s)) % (u64) b.total());
            oracleBad += vn[t] != b.oracle(t);
        }
        const bool ok = diff == 0 && oracleBad == 0;
        fails += !ok;
        // ms per launch: of a full launch of 2^20 instances, from the batch's time scaled by instances
        const double perLaunch = (double) (1 << 20) / b.total();
        printf("| %d | %d | %d | %lld | %d | %.2f | %.2f | %.2f | %.2f | %.2fx | %.3g | %s (%lld differ, %d/12 off the "
               "oracle) |\n", c.d, c.bits, c.primes, b.total(), launches, mo, mn, mo * perLaunch, mn * perLaunch,
               mo / mn, b.total() / (mn / 1000.0), ok ? "yes" : "NO", diff, oracleBad);
        printf("#   rounds old:");
        for (float x : to) printf(" %.2f", x);
        printf("  new:");
        for (float x : tn) printf(" %.2f", x);
        printf("  (word %d, block %d, shared %d B/thread)\n", word, block, 2 * n * word);
        fflush(stdout);
    }
    return fails != 0;
}

// The occupancy the launch shape gets (blocks and threads per SM) for both kernels at d = 80, 120.
static void occupancy() {
    for (int d : {80, 120}) {
        const int n = d + 1, word = word_of(n), block = block_of(n, word);
        const size_t shared = 2ull * n * word * block;
        for (int old = 0; old < 2; old++) {
            Kernel k = kernel_of(old, word);
            CK(cudaFuncSetAttribute((const void*) k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) shared));
            cudaFuncAttributes fa;
            CK(cudaFuncGetAttributes(&fa, (const void*) k));
            int blocks = 0;
            CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, block, shared));
            printf("occupancy d = %d %s: %d registers, block %d, %zu B shared a block: %d blocks = %d threads per SM\n",
                   d, old ? "old" : "new", fa.numRegs, block, shared, blocks, blocks * block);
        }
    }
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "check";
    const u64 seed = argc > 2 ? strtoull(argv[2], nullptr, 10) : 1;
    printf("# bivariate_bench %s seed %llu\n", mode, seed);
    if (!strcmp(mode, "check")) return check(seed);
    if (!strcmp(mode, "bench")) {
        occupancy();
        return bench(seed, argc > 3 ? atoi(argv[3]) : 3);
    }
    fprintf(stderr, "usage: bivariate_bench check|bench SEED [REPS]\n");
    return 2;
}
