#!/usr/bin/env bash
# The batched FP64 in-block product (fpbatch.cu) on the midsize paper's grid in ONE device call,
# everything on the same device one after the other: fpbatch_harness check (every kernel against a
# CPU schoolbook, forced failures redone exactly), fpbatch_harness bench (the FP kernels against
# bi_mul32_q8 and bnt_mul_d8l, copy bandwidth at the start and end), then CGBN's mul_wide through
# cgbn_peer (addmul) on the same data generator. Binaries in $BIN (default bin/ next to this
# script; build-grid.sh builds them with nvcc 13, sm_90). Output under $OUT (default
# ./fpbatch-results). Each step gets at most its budget and never more than what is left of
# BUDGET_S (default 220) seconds in all.
# FPB_TW_PER_N=1 in the environment: the kernels without pass tables read a root table of their own
# length, as GpuFpBatchProduct does (default: one table of 2^13 roots, the first run's setting).
# Usage: fpbatch-run.sh [SEED=now] [TOTAL=32] [REPS=3] [LO=11] [HI=16]
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin="${BIN:-$here/bin}"
out="${OUT:-$PWD/fpbatch-results}"
seed="${1:-$(date +%s)}"; total="${2:-32}"; reps="${3:-3}"; lo="${4:-11}"; hi="${5:-16}"
. "$here/run-common.sh" "${BUDGET_S:-220}"
echo "# seed $seed total 2^$total reps $reps bits 2^$lo..2^$hi" > "$out/steps.txt"
step fpcheck ${CHECK_S:-60} "$bin/fpbatch_harness" check "$seed" "$total" "$reps"
step fpbench ${BENCH_S:-100} "$bin/fpbatch_harness" bench "$seed" "$total" "$reps" "$lo" "$hi"
step cgbn ${CGBN_S:-50} "$bin/cgbn_peer" "$seed" "$total" "$reps" addmul
echo "# total $(( $(date +%s) - t0 )) s" >> "$out/steps.txt"
