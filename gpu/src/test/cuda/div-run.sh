#!/usr/bin/env bash
# Builds the Newton-division harness (div_harness.cu) with nvcc on the GPU host and runs it,
# writing its output under $OUT (or ./div-results). The sources may sit in the repository layout
# or flat in one folder (DIV_FLAT=1: div_harness.cu, bigint.cu, bigint_div.cu, harness_common.h, harness_check.h).
# MODE: check, bench (2^14 instances), paper (NumBits x NumInsts = 2^32), all (check and bench).
# Usage: div-run.sh [MODE=all] [SEED=now] [REPS=3] [BUDGET_S=100]
set -u
here=$(cd "$(dirname "$0")" && pwd)
out="${OUT:-$PWD/div-results}"
mkdir -p "$out"
mode="${1:-all}"; seed="${2:-$(date +%s)}"; reps="${3:-3}"; budget="${4:-100}"
src="$here/div_harness.cu"
if [ "${DIV_FLAT:-0}" = 1 ]; then
  sed -e 's|#include "../../main/cuda/|#include "|' "$here/div_harness.cu" > "$here/div_harness_flat.cu"
  src="$here/div_harness_flat.cu"
fi
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.memory,power.limit --format=csv > "$out/nvidia-smi.txt" 2>&1
start=$(date +%s)
nvcc -O3 -arch="${ARCH:-sm_90}" -std=c++17 "$src" -o "$here/div_harness" > "$out/build.txt" 2>&1
echo "# nvcc exit $? after $(( $(date +%s) - start )) s" >> "$out/build.txt"
start=$(date +%s)
timeout "$budget" "$here/div_harness" "$mode" "$seed" "$reps" > "$out/div.txt" 2>&1
echo "# exit $? after $(( $(date +%s) - start )) s" >> "$out/div.txt"
