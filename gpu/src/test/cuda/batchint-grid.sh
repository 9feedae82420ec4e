#!/usr/bin/env bash
# The batched big-integer grid of issue 15 in ONE device call, everything on the same device one
# after the other: the midsize paper's grid (NumBits 2^11 .. 2^18, NumInsts = 2^TOTAL / NumBits)
# for addition (bigint_harness, ADD_ONLY: every bi_add shape against cudaMemcpy's bandwidth in the
# same program) and for the product the engine's dispatcher runs (bigint_ntt_harness, ENGINE_ONLY:
# the schoolbook bi_mul32_q8 and bnt_mul_d8l in the engine's shape), the division paper's table
# (div_harness mixed: one shape per batch, then grouped by shape, GpuNewtonDivision's rule; then
# its half-size data), CGBN through cgbn_peer (add, mul_wide, div_rem on div_harness's data) and
# CGBN's own xmp_tester (add, mul, div_qr; built as CGBN's README says, GMP linked statically).
# Binaries in $BIN (default bin/ next to this script; build-grid.sh builds them on any machine with
# nvcc 13, sm_90). Output under $OUT (default ./batchint-grid). Each step gets at most its budget
# and never more than what is left of BUDGET_S (default 225) seconds in all.
# Usage: [PART=all|div] batchint-grid.sh [SEED=now] [TOTAL=32] [REPS=3]
# (PART=div: the division alone: div_harness's check phase, its tables with the engine's products,
# CGBN's div_rem, and the same tables with schoolbook products only, DIV_SCHOOL=1)
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin="${BIN:-$here/bin}"
out="${OUT:-$PWD/batchint-grid}"
seed="${1:-$(date +%s)}"; total="${2:-32}"; reps="${3:-3}"
. "$here/run-common.sh" "${BUDGET_S:-225}"
echo "# seed $seed total 2^$total reps $reps part ${PART:-all}" > "$out/steps.txt"
if [ "${PART:-all}" = all ]; then
  step cgbn 40 "$bin/cgbn_peer" "$seed" "$total" "$reps" all
  step add 35 env ADD_ONLY=1 "$bin/bigint_harness" bench "$seed" "$total" "$reps"
  step mul 40 env ENGINE_ONLY=1 "$bin/bigint_ntt_harness" bench "$seed" "$total" "$reps"
  step div 85 env MIXED_FROM="${MIXED_FROM:-13}" "$bin/div_harness" mixed "$seed" "$reps"
  (cd "$out" && step xmp 25 "$bin/xmp_tester" add mul div_qr 2048 4096 8192)
  step divhalf 40 "$bin/div_harness" paper "$seed" "$reps"
else # PART=div: the division alone (its check phase first), against its schoolbook-only schedule and CGBN
  step divcheck 40 "$bin/div_harness" check "$seed" "$reps"
  step div 75 env MIXED_FROM="${MIXED_FROM:-11}" "$bin/div_harness" mixed "$seed" "$reps"
  step cgbndiv 20 "$bin/cgbn_peer" "$seed" "$total" "$reps" div
  step divhalf 25 "$bin/div_harness" paper "$seed" "$reps"
  step divschool 60 env DIV_SCHOOL=1 MIXED_FROM="${MIXED_FROM:-11}" "$bin/div_harness" mixed "$seed" "$reps"
fi
echo "# total $(( $(date +%s) - t0 )) s" >> "$out/steps.txt"
