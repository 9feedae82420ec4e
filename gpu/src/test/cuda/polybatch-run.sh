#!/usr/bin/env bash
# Builds and runs the batched small polynomial products' harness (polybatch_harness.cu) on a GPU
# host with nvcc (no Java), writing its output under $OUT (or ./polybatch-results).
# Usage: polybatch-run.sh [MODE=all] [SEED=now] [BUDGET_S=120]
set -u
here=$(cd "$(dirname "$0")" && pwd)
out="${OUT:-$PWD/polybatch-results}"
mkdir -p "$out"
mode="${1:-all}"; seed="${2:-$(date +%s)}"; budget="${3:-120}"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.memory,power.limit --format=csv > "$out/nvidia-smi.txt" 2>&1
start=$(date +%s)
nvcc -O3 -arch=sm_90 -std=c++17 "$here/polybatch_harness.cu" -o "$here/polybatch_harness.dev" > "$out/build.txt" 2>&1
echo "# built in $(( $(date +%s) - start )) s, exit $?" >> "$out/build.txt"
start=$(date +%s)
timeout "$budget" "$here/polybatch_harness.dev" "$mode" "$seed" > "$out/polybatch.txt" 2>&1
echo "# exit $? after $(( $(date +%s) - start )) s" >> "$out/polybatch.txt"
