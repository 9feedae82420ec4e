#!/usr/bin/env bash
# Runs the batched big-integer harness and its CGBN peer on a GPU host, one after the other in
# the same call (same device), writing their output under $OUT (or ./bigint-results).
# Binaries: $BIN/bigint_harness and $BIN/cgbn_peer (default: bin/ next to this script), built by
# build.sh (here or on the development machine; sm_90 code runs on H100 and H200).
# Usage: device-run.sh [MODE=all] [TOTAL=32] [SEED=now] [BUDGET_S=100]
#   MODE: all, check, bench, or the product kernels' check-new, bench-new, bench-count, new;
#   LBMAX (environment, default 18): the largest NumBits = 2^LBMAX of bench-new (the bands to 21).
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin="${BIN:-$here/bin}"
out="${OUT:-$PWD/bigint-results}"
mkdir -p "$out"
mode="${1:-all}"; total="${2:-32}"; seed="${3:-$(date +%s)}"; budget="${4:-100}"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.memory,power.limit --format=csv > "$out/nvidia-smi.txt" 2>&1
start=$(date +%s)
timeout "$budget" "$bin/bigint_harness" "$mode" "$seed" "$total" 5 "${LBMAX:-18}" > "$out/bigint.txt" 2>&1
echo "# exit $? after $(( $(date +%s) - start )) s" >> "$out/bigint.txt"
if [ "$mode" != check ] && [ "$mode" != check-new ]; then
  start=$(date +%s)
  timeout "${CGBN_BUDGET:-$budget}" "$bin/cgbn_peer" "$seed" "$total" 5 > "$out/cgbn.txt" 2>&1
  echo "# exit $? after $(( $(date +%s) - start )) s" >> "$out/cgbn.txt"
fi
