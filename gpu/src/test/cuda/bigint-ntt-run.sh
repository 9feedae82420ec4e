#!/usr/bin/env bash
# Runs the in-block NTT product's harness (bigint_ntt_harness.cu) on a GPU host, and, when
# CGBN_BUDGET is set, the CGBN peer (cgbn_peer.cu) after it in the same call (same device),
# writing their output under $OUT (or ./bigint-ntt-results). The harness is built here with nvcc
# when SRC (default: this script's folder, next to ../../main/cuda) holds the sources, else
# $BIN/bigint_ntt_harness is used (also when the build takes more than BUILD_BUDGET seconds, default 60); $BIN/cgbn_peer is built by build.sh (it needs gmp.h).
# Usage: bigint-ntt-run.sh [MODE=all] [SEED=now] [TOTAL=32] [BUDGET_S=100] [REPS=3]
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin="${BIN:-$here/bin}"
out="${OUT:-$PWD/bigint-ntt-results}"
mkdir -p "$out"
mode="${1:-all}"; seed="${2:-$(date +%s)}"; total="${3:-32}"; budget="${4:-100}"; reps="${5:-3}"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.memory,power.limit --format=csv > "$out/nvidia-smi.txt" 2>&1
start=$(date +%s)
h="$bin/bigint_ntt_harness"
if command -v nvcc > /dev/null && timeout "${BUILD_BUDGET:-60}" nvcc -O3 -arch=sm_90 -std=c++17 "$here/bigint_ntt_harness.cu" -o "$here/bigint_ntt_harness.dev" > "$out/build.txt" 2>&1; then
  h="$here/bigint_ntt_harness.dev"
fi
echo "# harness $h, built in $(( $(date +%s) - start )) s" >> "$out/build.txt"
start=$(date +%s)
timeout "$budget" "$h" "$mode" "$seed" "$total" "$reps" > "$out/bigint_ntt.txt" 2>&1
echo "# exit $? after $(( $(date +%s) - start )) s" >> "$out/bigint_ntt.txt"
if [ -n "${CGBN_BUDGET:-}" ]; then
  start=$(date +%s)
  timeout "$CGBN_BUDGET" "$bin/cgbn_peer" "$seed" "$total" "$reps" > "$out/cgbn.txt" 2>&1
  echo "# exit $? after $(( $(date +%s) - start )) s" >> "$out/cgbn.txt"
fi
