#!/usr/bin/env bash
# The thread-per-point bivariate image kernel (modular.cu) against its previous version
# (bivariate_old.cuh) in ONE device call: bivariate_bench check (random small shapes, new == old ==
# the host's Sylvester determinant), then bivariate_bench bench (dense d = 80 and 120 at the prime
# counts of 16- and 64-bit coefficients, the engine's launch shape, old and new alternately).
# The binary is $BIN/bivariate_bench (default bin/ next to this script), built with
#   nvcc -O3 -arch=sm_90 -std=c++17 bivariate_bench.cu -o bin/bivariate_bench
# here when it is missing (nvcc 13). Output under $OUT (default ./bivariate-results); each step gets
# at most its budget and never more than what is left of BUDGET_S (default 150) seconds in all.
# Usage: bivariate-run.sh [SEED=now] [REPS=3]
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin="${BIN:-$here/bin}"
out="${OUT:-$PWD/bivariate-results}"
seed="${1:-$(date +%s)}"; reps="${2:-3}"
. "$here/run-common.sh" "${BUDGET_S:-150}"
echo "# seed $seed reps $reps" > "$out/steps.txt"
if [ ! -x "$bin/bivariate_bench" ]; then
  mkdir -p "$bin"
  step build 90 nvcc -O3 -arch=sm_90 -std=c++17 "$here/bivariate_bench.cu" -o "$bin/bivariate_bench"
fi
step check ${CHECK_S:-40} "$bin/bivariate_bench" check "$seed"
step bench ${BENCH_S:-100} "$bin/bivariate_bench" bench "$seed" "$reps"
echo "# total $(( $(date +%s) - t0 )) s" >> "$out/steps.txt"
