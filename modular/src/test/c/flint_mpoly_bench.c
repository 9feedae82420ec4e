// FLINT's bivariate resultant and gcd (fmpz_mpoly_resultant, fmpz_mpoly_gcd) on dense inputs of
// Z[x, y], the peer of `modalg bench modular --part bivariate`.
//
// Inputs are those of org.modalg.examples.bench.peer.FlintInputs, bit for bit: a splitmix64 generator
// seeded by the FNV-1a hash of the row's label (the same generator as ../shared/anchors/
// flint3_bench.c), every coefficient of exactly the stated bit size (top bit set) with a random
// sign. A dense polynomial of total degree d has every term x^i y^j with i + j <= d, generated
// for i = 0..d, then j = 0..d-i.
//   res rows: f, g dense of total degree d;                 label "fmpz_mpoly_resultant d=D, B-bit"
//   gcd rows: c of total degree d/2, then a, b of d - d/2;  label "fmpz_mpoly_gcd d=D, B-bit, common d=C"
//             f = a c, g = b c (products outside the timing)
// Each row prints the time of one call in ms (best of 3 when a call takes at most 5 s, one call
// otherwise; calls under 10 ms batched), in the row format of flint3_bench, and a checksum ck=
// modulo 2^61 - 1: for the resultant (a polynomial in y) h = length, then h = 1000003 h + c_j for
// j = 0..deg; for the gcd (positive leading coefficient in lex x > y, as FLINT and modalg
// normalise it) h = deg_x + 1, h = 1000003 h + deg_y + 1, then h = 1000003 h + c_ij for
// i = 0..deg_x, j = 0..deg_y (a dense grid, absent terms 0). Coefficients are taken mod 2^61 - 1
// in [0, 2^61 - 1).
//
//   gcd-brown rows: the gcd rows' inputs (seeded by the gcd label) through fmpz_mpoly_gcd_brown, FLINT's
//             dense modular (Brown) algorithm, the method modalg's BivariateGcd uses, for a like-for-like
//             row; label "fmpz_mpoly_gcd_brown d=D, B-bit, common d=C"
//
// Usage: flint_mpoly_bench THREADS res|gcd|gcd-brown D:B [D:B ...]
// Build: modular/src/test/c/build-flint-mpoly.sh (needs libflint-dev: FLINT 2.9 on Debian).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <gmp.h>
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpz_mpoly.h>

static uint64_t rs;
static uint64_t rnd(void){ uint64_t z = (rs += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL; return z ^ (z >> 31); }
static void seed_from(const char *s){ uint64_t h = 1469598103934665603ULL; for(; *s; s++){ h ^= (unsigned char)*s; h *= 1099511628211ULL; } rs = h; }

static mpz_t tmpz;
static void rand_mpz_exact(mpz_t x, long bits, int sgn){
  long n = (bits + 63) / 64;
  mp_limb_t *d = mpz_limbs_write(x, n);
  for(long i = 0; i < n; i++) d[i] = rnd();
  long top = bits - 64 * (n - 1);
  if(top < 64) d[n-1] &= (((mp_limb_t)1) << top) - 1;
  d[n-1] |= ((mp_limb_t)1) << (top - 1);
  mpz_limbs_finish(x, n);
  if(sgn && (rnd() & 1)) mpz_neg(x, x);
}

/* every x^i y^j with i + j <= d, coefficients of exactly `bits` bits, signed; x is variable 0 */
static void rand_dense(fmpz_mpoly_t f, long d, long bits, const fmpz_mpoly_ctx_t ctx){
  fmpz_t c; fmpz_init(c); ulong e[2];
  fmpz_mpoly_zero(f, ctx);
  for(long i = 0; i <= d; i++) for(long j = 0; j <= d - i; j++){
    rand_mpz_exact(tmpz, bits, 1); fmpz_set_mpz(c, tmpz);
    e[0] = i; e[1] = j; fmpz_mpoly_push_term_fmpz_ui(f, c, e, ctx);
  }
  fmpz_mpoly_sort_terms(f, ctx); fmpz_mpoly_combine_like_terms(f, ctx);
  fmpz_clear(c);
}

#define CP ((uint64_t)2305843009213693951ULL)
static uint64_t mulm(uint64_t a, uint64_t b){ return (uint64_t)(((unsigned __int128)a * b) % CP); }
static uint64_t ck_fmpz(const fmpz_t x){ return fmpz_fdiv_ui(x, CP); }

/* checksum of a polynomial in y only (variable 1) */
static uint64_t ck_y(const fmpz_mpoly_t r, const fmpz_mpoly_ctx_t ctx){
  if(fmpz_mpoly_is_zero(r, ctx)) return 0;
  long deg = fmpz_mpoly_degree_si(r, 1, ctx);
  uint64_t *c = calloc(deg + 1, sizeof(uint64_t)); fmpz_t t; fmpz_init(t); ulong e[2];
  for(long k = 0; k < fmpz_mpoly_length(r, ctx); k++){
    fmpz_mpoly_get_term_exp_ui(e, r, k, ctx); fmpz_mpoly_get_term_coeff_fmpz(t, r, k, ctx);
    if(e[0] != 0){ fprintf(stderr, "resultant depends on x\n"); exit(1); }
    c[e[1]] = ck_fmpz(t);
  }
  uint64_t h = (uint64_t)(deg + 1) % CP;
  for(long j = 0; j <= deg; j++) h = (mulm(h, 1000003) + c[j]) % CP;
  fmpz_clear(t); free(c); return h;
}

/* checksum of a bivariate polynomial on its dense (deg_x + 1) x (deg_y + 1) grid */
static uint64_t ck_xy(const fmpz_mpoly_t r, const fmpz_mpoly_ctx_t ctx){
  if(fmpz_mpoly_is_zero(r, ctx)) return 0;
  long dx = fmpz_mpoly_degree_si(r, 0, ctx), dy = fmpz_mpoly_degree_si(r, 1, ctx);
  uint64_t *c = calloc((dx + 1) * (dy + 1), sizeof(uint64_t)); fmpz_t t; fmpz_init(t); ulong e[2];
  for(long k = 0; k < fmpz_mpoly_length(r, ctx); k++){
    fmpz_mpoly_get_term_exp_ui(e, r, k, ctx); fmpz_mpoly_get_term_coeff_fmpz(t, r, k, ctx);
    c[e[0] * (dy + 1) + e[1]] = ck_fmpz(t);
  }
  uint64_t h = (uint64_t)(dx + 1) % CP;
  h = (mulm(h, 1000003) + (uint64_t)(dy + 1)) % CP;
  for(long k = 0; k < (dx + 1) * (dy + 1); k++) h = (mulm(h, 1000003) + c[k]) % CP;
  fmpz_clear(t); free(c); return h;
}

static double now(void){ struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static double g_ms, g_first_ms; static int g_runs; static long g_k;
#define TIME(stmt) do{ \
    double _t0 = now(); stmt; double _t = now() - _t0; long _k = 1; int _runs = 1; double _best = _t; \
    if(_t <= 5.0){ \
      if(_t < 0.01){ _k = (long)(0.02 / (_t > 1e-7 ? _t : 1e-7)) + 1; _best = 1e30; } \
      for(int _r = (_k == 1 ? 1 : 0); _r < 3; _r++){ double _s = now(); for(long _i = 0; _i < _k; _i++){ stmt; } \
        double _d = (now() - _s) / _k; if(_d < _best) _best = _d; } \
      _runs = 3; } \
    g_first_ms = _t * 1e3; g_ms = _best * 1e3; g_runs = _runs; g_k = _k; }while(0)
static void report(const char *label, const char *extra){
  printf("%-52s %14.4f ms  runs=%d k=%ld first=%.1fms  %s\n", label, g_ms, g_runs, g_k, g_first_ms, extra); fflush(stdout); }

int main(int argc, char **argv){
  if(argc < 4 || (strcmp(argv[2], "res") && strcmp(argv[2], "gcd") && strcmp(argv[2], "gcd-brown"))){
    fprintf(stderr, "usage: flint_mpoly_bench THREADS res|gcd|gcd-brown D:B [D:B ...]  (D total degree >= 1, B bits >= 1)\n");
    return 2;
  }
  int threads = atoi(argv[1]);
  if(threads < 1 || threads > 1024){ fprintf(stderr, "THREADS must be in [1, 1024], got %s\n", argv[1]); return 2; }
  int res = !strcmp(argv[2], "res");
  int brown = !strcmp(argv[2], "gcd-brown");
  flint_set_num_threads(threads);
  mpz_init(tmpz);
  printf("# FLINT %s (header %s), GMP %s, threads=%d\n", flint_version, FLINT_VERSION, gmp_version, flint_get_num_threads());
  fflush(stdout);
  fmpz_mpoly_ctx_t ctx; fmpz_mpoly_ctx_init(ctx, 2, ORD_LEX);
  char lab[160], ex[200];
  for(int a = 3; a < argc; a++){
    long d, bits;
    if(sscanf(argv[a], "%ld:%ld", &d, &bits) != 2 || d < 1 || d > 100000 || bits < 1 || bits > 100000){
      fprintf(stderr, "case must be D:B with D in [1, 100000] and B in [1, 100000], got %s\n", argv[a]); return 2;
    }
    fmpz_mpoly_t f, g, r; fmpz_mpoly_init(f, ctx); fmpz_mpoly_init(g, ctx); fmpz_mpoly_init(r, ctx);
    if(res){
      snprintf(lab, sizeof lab, "fmpz_mpoly_resultant d=%ld, %ld-bit", d, bits); seed_from(lab);
      rand_dense(f, d, bits, ctx); rand_dense(g, d, bits, ctx);
      int ok = 1;
      TIME(ok = fmpz_mpoly_resultant(r, f, g, 0, ctx));
      if(!ok){ printf("%s  failed\n", lab); continue; }
      snprintf(ex, sizeof ex, "deg=%ld ck=%llu", (long)fmpz_mpoly_degree_si(r, 1, ctx), (unsigned long long)ck_y(r, ctx));
    } else {
      fmpz_mpoly_t c, fa, gb; fmpz_mpoly_init(c, ctx); fmpz_mpoly_init(fa, ctx); fmpz_mpoly_init(gb, ctx);
      snprintf(lab, sizeof lab, "fmpz_mpoly_gcd d=%ld, %ld-bit, common d=%ld", d, bits, d / 2); seed_from(lab);
      rand_dense(c, d / 2, bits, ctx); rand_dense(fa, d - d / 2, bits, ctx); rand_dense(gb, d - d / 2, bits, ctx);
      fmpz_mpoly_mul(f, fa, c, ctx); fmpz_mpoly_mul(g, gb, c, ctx);
      int ok = 1;
      if(brown){
        TIME(ok = fmpz_mpoly_gcd_brown(r, f, g, ctx));
        if(r->length > 0 && fmpz_sgn(r->coeffs + 0) < 0) fmpz_mpoly_neg(r, r, ctx); /* lex: the first term leads */
        snprintf(lab, sizeof lab, "fmpz_mpoly_gcd_brown d=%ld, %ld-bit, common d=%ld", d, bits, d / 2);
      } else {
        TIME(ok = fmpz_mpoly_gcd(r, f, g, ctx));
      }
      if(!ok){ printf("%s  failed\n", lab); continue; }
      snprintf(ex, sizeof ex, "degx=%ld degy=%ld ck=%llu", (long)fmpz_mpoly_degree_si(r, 0, ctx),
               (long)fmpz_mpoly_degree_si(r, 1, ctx), (unsigned long long)ck_xy(r, ctx));
      fmpz_mpoly_clear(c, ctx); fmpz_mpoly_clear(fa, ctx); fmpz_mpoly_clear(gb, ctx);
    }
    report(lab, ex);
    fmpz_mpoly_clear(f, ctx); fmpz_mpoly_clear(g, ctx); fmpz_mpoly_clear(r, ctx);
  }
  fmpz_mpoly_ctx_clear(ctx);
  mpz_clear(tmpz);
  flint_cleanup();
  return 0;
}
