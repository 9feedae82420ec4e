// Standalone harness of the batched small polynomial products ../../main/cuda/polybatch.cu (no
// Java):
//   check  groups of products over Z with two's complement coefficients of 1 .. 2000 bits, lengths
//          1 .. 4096 (transforms of 2 .. 8192 points), lengths differing inside a group, zero
//          polynomials, all-extreme coefficients of both signs (-2^(B-1) and 2^(B-1) - 1), random;
//          every residue of pb_conv compared with a schoolbook convolution modulo each prime on
//          the host, every output coefficient of pb_garner reduced modulo every prime and compared
//          with the same residues, and its absolute value checked below the coefficient bound
//          (congruent modulo M and both in (-M/2, M/2): equal to the exact coefficient).
//   bench  products per second for batches of n x n products with B-bit coefficients: the whole
//          batch in one call (one copy in, pb_conv, pb_garner, one copy out) against the same
//          products one call each (copies, two launches and a synchronization per product), CUDA
//          events and wall time; four block sizes of pb_conv; every timed batch spot-checked.
// Usage: polybatch_harness [check|bench|all] [seed]   (the seed is printed; exit 1 on a mismatch)
// Build: nvcc -O3 -arch=sm_90 -std=c++17 polybatch_harness.cu -o polybatch_harness
#include "../../main/cuda/polybatch.cu"
#include "harness_common.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

typedef unsigned long long u64;
typedef unsigned int u32;

static int g_fail = 0;

static void fail(const std::string& what) {
    if (g_fail < 20) printf("MISMATCH %s\n", what.c_str());
    g_fail++;
}

static void parallel_for(long n, const std::function<void(long)>& body) {
    unsigned nt = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < nt; t++) {
        ts.emplace_back([=, &body] {
            for (long x = t; x < n; x += nt) body(x);
        });
    }
    for (auto& t : ts) t.join();
}

static u64 powmod(u64 b, u64 e, u64 m) {
    u64 r = 1;
    b %= m;
    while (e) {
        if (e & 1) r = r * b % m;
        b = b * b % m;
        e >>= 1;
    }
    return r;
}

static bool is_prime32(u64 n) {
    if (n < 2) return false;
    for (u64 q : {2, 3, 5, 7, 11, 13}) if (n % q == 0) return n == q;
    u64 d = n - 1;
    int r = 0;
    while (!(d & 1)) { d >>= 1; r++; }
    for (u64 a : {2, 7, 61}) {
        u64 x = powmod(a, d, n);
        if (x == 1 || x == n - 1) continue;
        bool comp = true;
        for (int i = 1; i < r && comp; i++) {
            x = x * x % n;
            if (x == n - 1) comp = false;
        }
        if (comp) return false;
    }
    return true;
}

struct Basis {
    std::vector<u32> P, roots, ginv, M, H, pref, hdig;
    int s, Q;
};

// The s largest primes p < 2^31 with 2^13 | p - 1 (as the Java side's chooser takes them, decreasing).
static Basis make_basis(int s) {
    Basis b;
    b.s = s;
    const u64 N = 1ull << PB_LG_MAX;
    for (u64 p = ((1ull << 31) - 1) / N * N + 1; (int) b.P.size() < s; p -= N) {
        if (p > (1ull << 31)) continue;
        if (!is_prime32(p)) continue;
        b.P.push_back((u32) p);
        for (u64 g = 2;; g++) {
            u64 w = powmod(g, (p - 1) / N, p);
            if (powmod(w, N / 2, p) == p - 1) {
                b.roots.push_back((u32) w);
                break;
            }
        }
    }
    b.ginv.assign(2 * (size_t) s * s, 0);
    for (int j = 0; j < s; j++)
        for (int m = j + 1; m < s; m++) {
            u32 pm = b.P[m];
            u32 w = (u32) powmod(b.P[j] % pm, pm - 2, pm);
            b.ginv[2 * ((size_t) j * s + m)] = w;
            b.ginv[2 * ((size_t) j * s + m) + 1] = pb_quot(w, pm);
        }
    std::vector<u32> m(1, 1);
    for (int j = 0; j < s; j++) {
        u64 c = 0;
        for (auto& w : m) {
            u64 t = (u64) w * b.P[j] + c;
            w = (u32) t;
            c = t >> 32;
        }
        if (c) m.push_back((u32) c);
    }
    int bits = 32 * ((int) m.size() - 1) + (32 - __builtin_clz(m.back()));
    b.Q = bits / 32 + 1;
    m.resize(b.Q, 0);
    b.M = m;
    b.H.assign(b.Q, 0);
    for (int w = 0; w < b.Q; w++) { // (M - 1) / 2: M odd
        b.H[w] = (m[w] >> 1) | (w + 1 < b.Q ? (m[w + 1] << 31) : 0);
    }
    // pb_garner_rows: the prefix products P_j (Q words each) and H's mixed-radix digits
    b.pref.assign((size_t) s * b.Q, 0);
    std::vector<u32> cur(b.Q, 0);
    cur[0] = 1;
    for (int j = 0; j < s; j++) {
        for (int w = 0; w < b.Q; w++) b.pref[(size_t) j * b.Q + w] = cur[w];
        u64 c = 0;
        for (int w = 0; w < b.Q; w++) {
            u64 t = (u64) cur[w] * b.P[j] + c;
            cur[w] = (u32) t;
            c = t >> 32;
        }
    }
    std::vector<u32> h = b.H;
    b.hdig.resize(s);
    for (int j = 0; j < s; j++) {
        u64 rem = 0;
        for (int w = b.Q - 1; w >= 0; w--) {
            u64 x = (rem << 32) | h[w];
            h[w] = (u32) (x / b.P[j]);
            rem = x % b.P[j];
        }
        b.hdig[j] = (u32) rem;
    }
    return b;
}

static int ceil_log2(long n) {
    int l = 0;
    while ((1L << l) < n) l++;
    return l;
}

struct Group {
    int lgL, s, Wa, Wb, Ba, Bb;
    std::vector<long long> desc;
    std::vector<u64> A, B;
    int count() const { return (int) desc.size() / 4; }
};

// pattern 0 random, 1 all -2^(B-1), 2 all 2^(B-1) - 1, 3 alternating signs of the extremes, 4 zero
static void fill_coeff(u64* x, int W, int Bits, int pattern, u64 seed, u64 idx) {
    for (int l = 0; l < W; l++) x[l] = gen_word(seed, idx * 64 + l);
    int kind = pattern;
    if (pattern == 3) kind = (idx & 1) ? 1 : 2;
    if (kind == 1 || kind == 2) for (int l = 0; l < W; l++) x[l] = kind == 1 ? 0 : ~0ull;
    if (kind == 4) for (int l = 0; l < W; l++) x[l] = 0;
    // the value as a Bits-bit two's complement number, sign-extended to 64 W bits
    int top = Bits - 1; // sign bit
    bool neg = kind == 1 ? true : kind == 2 ? false : kind == 4 ? false : ((x[top / 64] >> (top % 64)) & 1);
    for (int bit = top; bit < 64 * W; bit++) {
        u64& w = x[bit / 64];
        u64 m = 1ull << (bit % 64);
        if (neg) w |= m; else w &= ~m;
    }
}

static Group make_group(int count, std::vector<int> aLens, std::vector<int> bLens, int Ba, int Bb, int pattern,
        u64 seed) {
    Group g;
    g.Ba = Ba;
    g.Bb = Bb;
    g.Wa = (Ba + 63) / 64;
    g.Wb = (Bb + 63) / 64;
    long maxOut = 1, minLen = 1;
    for (int i = 0; i < count; i++) {
        int al = aLens[i % aLens.size()], bl = bLens[i % bLens.size()];
        g.desc.push_back((long long) g.A.size());
        g.desc.push_back((long long) g.B.size());
        g.desc.push_back(al);
        g.desc.push_back(bl);
        maxOut = std::max(maxOut, (long) al + bl - 1);
        minLen = std::max(minLen, (long) std::min(al, bl));
        size_t a0 = g.A.size(), b0 = g.B.size();
        g.A.resize(a0 + (size_t) al * g.Wa);
        g.B.resize(b0 + (size_t) bl * g.Wb);
        for (int k = 0; k < al; k++) fill_coeff(&g.A[a0 + (size_t) k * g.Wa], g.Wa, Ba, pattern, seed, a0 + k);
        for (int k = 0; k < bl; k++)
            fill_coeff(&g.B[b0 + (size_t) k * g.Wb], g.Wb, Bb, pattern, seed ^ 0x5555, b0 + k);
    }
    g.lgL = std::max(1, ceil_log2(maxOut));
    // |c| <= minLen 2^(Ba-1) 2^(Bb-1) < 2^(Ba + Bb - 2 + log2 minLen); M > 2^30s must exceed twice that
    int bound = Ba + Bb - 2 + ceil_log2(minLen) + 1;
    g.s = bound / 30 + 1;
    return g;
}

static u32 reduce_host(const u64* x, int W, u32 p) {
    unsigned __int128 r = 0;
    for (int l = W - 1; l >= 0; l--) r = ((r << 64) + x[l]) % p;
    u64 v = (u64) r;
    if (x[W - 1] >> 63) v = (v + p - powmod(2, 64ull * W, p)) % p;
    return (u32) v;
}

struct Dev {
    u64 *A = nullptr, *B = nullptr;
    long long* desc = nullptr;
    u32 *P = nullptr, *tab = nullptr, *ginv = nullptr, *M = nullptr, *H = nullptr, *res = nullptr, *out = nullptr;
    u32 *pref = nullptr, *hdig = nullptr;
    int garner = 0; // 0: pb_garner, 1: pb_garner_rows
};

static void run_group(const Group& g, const Basis& b, Dev& d, int threads, std::vector<u32>* outHost,
        std::vector<u32>* resHost, bool copies) {
    int L = 1 << g.lgL, n = g.count();
    if (copies) {
        CK(cudaMemcpy(d.A, g.A.data(), g.A.size() * 8, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(d.B, g.B.data(), g.B.size() * 8, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(d.desc, g.desc.data(), g.desc.size() * 8, cudaMemcpyHostToDevice));
    }
    int smem = 2 * L * 4;
    int t = std::min(threads, std::max(32, L / 2));
    pb_conv<<<dim3(n, g.s), t, smem>>>(d.A, d.B, d.desc, d.P, d.tab, PB_LG_MAX, g.lgL, g.s, g.Wa, g.Wb, d.res);
    CKL();
    long long total = (long long) n * L;
    if (d.garner == 0) {
        pb_garner<<<(unsigned) ((total + 127) / 128), 128>>>(d.res, d.desc, d.P, d.ginv, d.M, d.H, g.lgL, g.s, b.Q, n,
                d.out);
    } else {
        pb_garner_rows<<<(unsigned) ((total + 127) / 128), 128>>>(d.res, d.desc, d.P, d.ginv, d.pref, d.hdig, d.M,
                g.lgL, g.s, b.Q, n, d.out);
    }
    CKL();
    if (copies && outHost) {
        outHost->resize((size_t) n * b.Q * L);
        CK(cudaMemcpy(outHost->data(), d.out, outHost->size() * 4, cudaMemcpyDeviceToHost));
    }
    if (resHost) {
        resHost->resize((size_t) n * g.s * L);
        CK(cudaMemcpy(resHost->data(), d.res, resHost->size() * 4, cudaMemcpyDeviceToHost));
    }
}

// Checks product i of the group (all of it) against the schoolbook residues.
static void check_product(const Group& g, const Basis& b, const std::vector<u32>& out, const std::vector<u32>& res,
        int i, const std::string& tag) {
    int L = 1 << g.lgL, s = g.s, Q = b.Q;
    long long aOff = g.desc[4 * i], bOff = g.desc[4 * i + 1];
    int al = (int) g.desc[4 * i + 2], bl = (int) g.desc[4 * i + 3], ol = al + bl - 1;
    int boundBits = g.Ba + g.Bb - 2 + ceil_log2(std::min(al, bl)) + 1;
    std::vector<u32> ra(al), rb(bl);
    std::vector<u64> c(L);
    for (int j = 0; j < s; j++) {
        u32 p = b.P[j];
        for (int k = 0; k < al; k++) ra[k] = reduce_host(&g.A[aOff + (size_t) k * g.Wa], g.Wa, p);
        for (int k = 0; k < bl; k++) rb[k] = reduce_host(&g.B[bOff + (size_t) k * g.Wb], g.Wb, p);
        std::fill(c.begin(), c.end(), 0);
        for (int x = 0; x < al; x++)
            for (int y = 0; y < bl; y++) c[x + y] = (c[x + y] + (u64) ra[x] * rb[y]) % p;
        for (int k = 0; k < L; k++) {
            u32 want = k < ol ? (u32) c[k] : 0;
            if (res[((size_t) i * s + j) * L + k] != want) {
                fail(tag + " residue prime " + std::to_string(j) + " k " + std::to_string(k));
                return;
            }
            // the output coefficient modulo p (two's complement Q words)
            unsigned __int128 r = 0;
            for (int w = Q - 1; w >= 0; w--) r = ((r << 32) + out[((size_t) i * Q + w) * L + k]) % p;
            u64 v = (u64) r;
            bool neg = out[((size_t) i * Q + Q - 1) * L + k] >> 31;
            if (neg) v = (v + p - powmod(2, 32ull * Q, p)) % p;
            if (v != want) {
                fail(tag + " output mod prime " + std::to_string(j) + " k " + std::to_string(k));
                return;
            }
        }
    }
    for (int k = 0; k < L; k++) { // |out| < 2^boundBits
        std::vector<u32> x(Q);
        for (int w = 0; w < Q; w++) x[w] = out[((size_t) i * Q + w) * L + k];
        if (x[Q - 1] >> 31) {
            u64 cy = 1;
            for (int w = 0; w < Q; w++) {
                u64 t = (u64) (~x[w]) + cy;
                x[w] = (u32) t;
                cy = t >> 32;
            }
        }
        // |out| <= 2^(boundBits - 1) (and |c| too), so |out - c| <= 2^boundBits < M: congruent means equal
        bool over = false, top = (x[(boundBits - 1) / 32] >> ((boundBits - 1) % 32)) & 1;
        for (int bit = boundBits; bit < 32 * Q; bit++) over |= (x[bit / 32] >> (bit % 32)) & 1;
        for (int bit = 0; top && bit < boundBits - 1; bit++) over |= (x[bit / 32] >> (bit % 32)) & 1;
        if (over) {
            fail(tag + " output beyond the bound at k " + std::to_string(k));
            return;
        }
    }
}


static void alloc(Dev& d, const Basis& b, size_t aWords, size_t bWords, size_t descWords, size_t resWords,
        size_t outWords) {
    CK(cudaMalloc(&d.A, std::max<size_t>(aWords, 1) * 8));
    CK(cudaMalloc(&d.B, std::max<size_t>(bWords, 1) * 8));
    CK(cudaMalloc(&d.desc, descWords * 8));
    CK(cudaMalloc(&d.res, resWords * 4));
    CK(cudaMalloc(&d.out, outWords * 4));
    (void) b;
}

static void release(Dev& d) {
    cudaFree(d.A);
    cudaFree(d.B);
    cudaFree(d.desc);
    cudaFree(d.res);
    cudaFree(d.out);
}

struct Tables {
    Basis b;
    u32 *P, *tab, *ginv, *M, *H, *pref, *hdig;
};

static Tables make_tables(int s) {
    Tables t;
    t.b = make_basis(s);
    u32* roots;
    CK(cudaMalloc(&t.P, s * 4));
    CK(cudaMalloc(&roots, s * 4));
    CK(cudaMalloc(&t.tab, (size_t) s * 4 * (1 << PB_LG_MAX) * 4));
    CK(cudaMalloc(&t.ginv, t.b.ginv.size() * 4));
    CK(cudaMalloc(&t.M, t.b.Q * 4));
    CK(cudaMalloc(&t.H, t.b.Q * 4));
    CK(cudaMemcpy(t.P, t.b.P.data(), s * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(roots, t.b.roots.data(), s * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(t.ginv, t.b.ginv.data(), t.b.ginv.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(t.M, t.b.M.data(), t.b.Q * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(t.H, t.b.H.data(), t.b.Q * 4, cudaMemcpyHostToDevice));
    CK(cudaMalloc(&t.pref, t.b.pref.size() * 4));
    CK(cudaMalloc(&t.hdig, s * 4));
    CK(cudaMemcpy(t.pref, t.b.pref.data(), t.b.pref.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(t.hdig, t.b.hdig.data(), s * 4, cudaMemcpyHostToDevice));
    pb_tables<<<256, 256>>>(t.P, roots, s, PB_LG_MAX, t.tab);
    CKL();
    CK(cudaDeviceSynchronize());
    cudaFree(roots);
    return t;
}

static void free_tables(Tables& t) {
    cudaFree(t.P);
    cudaFree(t.tab);
    cudaFree(t.ginv);
    cudaFree(t.M);
    cudaFree(t.H);
    cudaFree(t.pref);
    cudaFree(t.hdig);
}

static void check_case(const char* name, int count, std::vector<int> al, std::vector<int> bl, int Ba, int Bb,
        int pattern, u64 seed, int threads, int checkEvery) {
    Group g = make_group(count, al, bl, Ba, Bb, pattern, seed);
    Tables t = make_tables(g.s);
    Dev d;
    int L = 1 << g.lgL;
    alloc(d, t.b, g.A.size(), g.B.size(), g.desc.size(), (size_t) count * g.s * L, (size_t) count * t.b.Q * L);
    d.P = t.P; d.tab = t.tab; d.ginv = t.ginv; d.M = t.M; d.H = t.H; d.pref = t.pref; d.hdig = t.hdig;
    for (int variant = 0; variant < 2; variant++) {
        d.garner = variant;
        std::vector<u32> out, res;
        CK(cudaMemset(d.out, 0xA5, (size_t) count * t.b.Q * L * 4)); // stale words must not pass
        run_group(g, t.b, d, threads, &out, &res, true);
        CK(cudaDeviceSynchronize());
        int before = g_fail;
        std::vector<int> idx;
        for (int i = 0; i < count; i += checkEvery) idx.push_back(i);
        if (idx.back() != count - 1) idx.push_back(count - 1);
        std::string tag = std::string(name) + (variant ? " rows" : " garner");
        parallel_for((long) idx.size(), [&](long x) {
            check_product(g, t.b, out, res, idx[x], tag + " product " + std::to_string(idx[x]));
        });
        printf("check %-34s %-6s count %5d L %5d s %3d Q %3d threads %4d checked %4zu: %s\n", name,
                variant ? "rows" : "garner", count, L, g.s, t.b.Q, threads, idx.size(), g_fail == before ? "ok" : "FAIL");
    }
    release(d);
    free_tables(t);
}

static void check_all(u64 seed) {
    check_case("len1 x len1, 64 bits", 8, {1}, {1}, 64, 64, 0, seed, 256, 1);
    check_case("len1 x 700, 300 x 2000 bits", 5, {1}, {700}, 300, 2000, 0, seed + 1, 256, 1);
    check_case("zero polynomials", 3, {17}, {9}, 64, 64, 4, seed + 2, 256, 1);
    check_case("mixed lengths 1..512, 128 bits", 12, {1, 7, 64, 200, 512, 3}, {512, 33, 1, 300, 100, 2}, 128, 128, 0,
            seed + 3, 256, 1);
    check_case("all -2^(B-1), 256 x 256 bits", 4, {300}, {300}, 256, 256, 1, seed + 4, 256, 1);
    check_case("all 2^(B-1)-1, 1000 bits", 3, {200}, {120}, 1000, 1000, 2, seed + 5, 128, 1);
    check_case("alternating extremes, 2000 bits", 2, {150}, {150}, 2000, 2000, 3, seed + 6, 512, 1);
    check_case("random 2000 x 2000 bits, 2048", 2, {2048}, {2048}, 2000, 2000, 0, seed + 7, 256, 1);
    check_case("random 64 bits, L 8192 (4096 x 4096)", 2, {4096}, {4097 - 1}, 64, 64, 0, seed + 8, 1024, 1);
    check_case("extremes 63 bits one limb, 1000", 3, {1000}, {1000}, 63, 64, 3, seed + 9, 256, 1);
    check_case("random 512 bits, 64 products of 512", 64, {512}, {512}, 512, 512, 0, seed + 10, 256, 9);
}

static double now_s() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void bench_case(int n, int bits, int count, int oneByOne, u64 seed) {
    Group g = make_group(count, {n}, {n}, bits, bits, 0, seed);
    Tables t = make_tables(g.s);
    Dev d;
    int L = 1 << g.lgL;
    alloc(d, t.b, g.A.size(), g.B.size(), g.desc.size(), (size_t) count * g.s * L, (size_t) count * t.b.Q * L);
    d.P = t.P; d.tab = t.tab; d.ginv = t.ginv; d.M = t.M; d.H = t.H; d.pref = t.pref; d.hdig = t.hdig;
    d.garner = 1;
    std::vector<u32> out, res;
    // kernels only, four block sizes of pb_conv
    int bestT = 256;
    float bestMs = 1e30f;
    for (int th : {32, 64, 128, 256, 512, 1024}) {
        if (th > std::max(32, L / 2) || (th < 128 && L / 2 > 64)) continue;
        run_group(g, t.b, d, th, nullptr, nullptr, true);
        float ms = min_time_ms(3, [&] { run_group(g, t.b, d, th, nullptr, nullptr, false); });
        printf("  kernels n %4d bits %4d count %5d threads %4d: %.3f ms\n", n, bits, count, th, ms);
        if (ms < bestMs) { bestMs = ms; bestT = th; }
    }
    // conv and garner separately at the best block size
    {
        int smem = 2 * L * 4;
        float msConv = min_time_ms(3, [&] {
            pb_conv<<<dim3(count, g.s), std::min(bestT, std::max(32, L / 2)), smem>>>(d.A, d.B, d.desc, d.P, d.tab,
                    PB_LG_MAX, g.lgL, g.s, g.Wa, g.Wb, d.res);
        });
        long long total = (long long) count * L;
        float msG = min_time_ms(3, [&] {
            pb_garner<<<(unsigned) ((total + 127) / 128), 128>>>(d.res, d.desc, d.P, d.ginv, d.M, d.H, g.lgL, g.s,
                    t.b.Q, count, d.out);
        });
        float msR = min_time_ms(3, [&] {
            pb_garner_rows<<<(unsigned) ((total + 127) / 128), 128>>>(d.res, d.desc, d.P, d.ginv, d.pref, d.hdig, d.M,
                    g.lgL, g.s, t.b.Q, count, d.out);
        });
        printf("  pb_conv alone %.3f ms, pb_garner alone %.3f ms, pb_garner_rows alone %.3f ms\n", msConv, msG, msR);
    }
    // batched with copies (pageable host memory, as the JVM's arrays), wall time
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        CK(cudaDeviceSynchronize());
        double t0 = now_s();
        run_group(g, t.b, d, bestT, &out, nullptr, true);
        CK(cudaDeviceSynchronize());
        best = std::min(best, now_s() - t0);
    }
    // one by one: the same kernels, one product per call with its own copies and synchronization
    int m = std::min(count, oneByOne);
    std::vector<Group> singles(m);
    for (int i = 0; i < m; i++) {
        Group& s1 = singles[i];
        s1 = g;
        s1.desc = {0, 0, g.desc[4 * i + 2], g.desc[4 * i + 3]};
        s1.A.assign(g.A.begin() + g.desc[4 * i], g.A.begin() + g.desc[4 * i] + (size_t) n * g.Wa);
        s1.B.assign(g.B.begin() + g.desc[4 * i + 1], g.B.begin() + g.desc[4 * i + 1] + (size_t) n * g.Wb);
    }
    std::vector<u32> o1;
    double bestOne = 1e30;
    for (int r = 0; r < 2; r++) {
        CK(cudaDeviceSynchronize());
        double t0 = now_s();
        for (int i = 0; i < m; i++) {
            run_group(singles[i], t.b, d, bestT, &o1, nullptr, true);
            CK(cudaDeviceSynchronize());
        }
        bestOne = std::min(bestOne, now_s() - t0);
    }
    // spot check: the batch (3 products) and the last single product
    run_group(g, t.b, d, bestT, &out, &res, true);
    CK(cudaDeviceSynchronize());
    int before = g_fail;
    std::vector<int> idx = {0, count / 2, count - 1};
    parallel_for(3, [&](long x) { check_product(g, t.b, out, res, idx[x], "bench batch"); });
    printf("bench n %4d bits %4d count %5d L %5d s %3d Q %3d threads %4d: kernels %.3f ms (%.0f products/s), "
           "batched call %.3f ms (%.0f products/s), one by one %.3f ms per product (%.0f products/s) over %d, "
           "batched/one-by-one %.1fx, checked (rows) %s\n",
            n, bits, count, L, g.s, t.b.Q, bestT, bestMs, count / (bestMs * 1e-3), best * 1e3, count / best,
            bestOne * 1e3 / m, m / bestOne, m, (count / best) / (m / bestOne), g_fail == before ? "ok" : "FAIL");
    fflush(stdout);
    release(d);
    free_tables(t);
}

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "all";
    u64 seed = argc > 2 ? strtoull(argv[2], nullptr, 10) : (u64) time(nullptr);
    printf("polybatch_harness mode %s seed %llu\n", mode.c_str(), seed);
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("device %s, %d SMs, %zu bytes shared per block opt-in\n", prop.name, prop.multiProcessorCount,
            prop.sharedMemPerBlockOptin);
    CK(cudaFuncSetAttribute(pb_conv, cudaFuncAttributeMaxDynamicSharedMemorySize, 2 * (1 << PB_LG_MAX) * 4));
    if (mode == "check" || mode == "all") check_all(seed);
    if (mode == "bench" || mode == "all") {
        bench_case(64, 64, 16384, 256, seed);
        bench_case(256, 64, 4096, 256, seed);
        bench_case(512, 256, 2048, 128, seed);
        bench_case(1024, 512, 512, 64, seed);
        bench_case(2048, 1000, 128, 32, seed);
        bench_case(2048, 2000, 64, 16, seed);
        bench_case(4096, 128, 64, 16, seed);
    }
    printf("%s: %d mismatches\n", g_fail ? "FAIL" : "PASS", g_fail);
    return g_fail ? 1 : 0;
}
