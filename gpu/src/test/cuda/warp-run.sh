#!/usr/bin/env bash
# The warp-cooperative register product (bigint_warp.cu) on the midsize paper's grid in ONE device
# call, everything on the same device one after the other: builds warp_harness with nvcc (unless
# $BIN/warp_harness exists and NOBUILD=1), warp_harness check (every kernel, every limb against a
# CPU schoolbook), warp_harness bench (2^LO .. 2^HI bits), then CGBN's mul_wide through cgbn_peer
# (addmul) and the FP64 in-block product with the schoolbook bi_mul32_q8 and the in-block NTT
# through fpbatch_harness bench, on the same data generator. cgbn_peer and fpbatch_harness come
# prebuilt in $BIN (build-grid.sh builds them with nvcc 13, sm_90, GMP linked statically).
# Output under $OUT (default ./warp-results). Each step gets at most its budget and never more than
# what is left of BUDGET_S (default 280) seconds in all.
# Usage: warp-run.sh [SEED=now] [TOTAL=32] [REPS=3] [LO=11] [HI=14]
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin="${BIN:-$here/bin}"
out="${OUT:-$PWD/warp-results}"
mkdir -p "$bin"
seed="${1:-$(date +%s)}"; total="${2:-32}"; reps="${3:-3}"; lo="${4:-11}"; hi="${5:-14}"
. "$here/run-common.sh" "${BUDGET_S:-280}"
echo "# seed $seed total 2^$total reps $reps bits 2^$lo..2^$hi" > "$out/steps.txt"
if [ "${NOBUILD:-0}" != 1 ] || [ ! -x "$bin/warp_harness" ]; then
  step build 90 nvcc -O3 -arch="${ARCH:-sm_90}" -std=c++17 "$here/warp_harness.cu" -o "$bin/warp_harness"
fi
step warpcheck ${CHECK_S:-50} "$bin/warp_harness" check "$seed"
step warpbench ${BENCH_S:-70} "$bin/warp_harness" bench "$seed" "$total" "$reps" "$lo" "$hi"
step cgbn ${CGBN_S:-50} "$bin/cgbn_peer" "$seed" "$total" "$reps" addmul
step fpbench ${FP_S:-80} "$bin/fpbatch_harness" bench "$seed" "$total" "$reps" "$lo" "$hi"
echo "# total $(( $(date +%s) - t0 )) s" >> "$out/steps.txt"
