#!/usr/bin/env bash
# Builds the Newton-division harness (div_harness.cu) with nvcc on the GPU host and runs it,
# writing its output under $OUT (or ./div-results). The sources may sit in the repository layout
# or flat in one folder (DIV_FLAT=1: div_harness.cu, bigint.cu, bigint_div.cu, harness_common.h, harness_check.h).
# MODE: check, bench (2^14 instances), paper (NumBits x NumInsts = 2^32), all (check and bench);
# knuth: the schoolbook long division against Newton and CGBN in one call, from binaries in $BIN
# (default bin/ next to this script; built here when missing: div_harness, and cgbn_peer from $CGBN
# with GMP $GMP_A): div_harness kcheck (every instance against algorithm D, each variant), cgbn_peer's
# div_rem (the paper's data and the half-size data, 2^11 .. 2^15 bits), div_harness kall (the rule's
# calibration, the division paper's table: long division against Newton grouped, and the fixed shape
# u of M / v of M/2 limbs against Newton one shape), each step cut at its share of BUDGET_S seconds;
# reg: the register kernels (bdr_div_tT_lL) the same way: div_harness kcheck with KCHECK_SHARED=0 (every
# register kernel, both rules, every instance against algorithm D), cgbn_peer's div_rem, then div_harness
# rall (the register rule's calibration; the fixed shape: the shared-memory rule, every register kernel
# that fits and the register rule; the division paper's table: the two rules).
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
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.memory,power.limit,driver_version --format=csv > "$out/nvidia-smi.txt" 2>&1
if [ "$mode" = knuth ] || [ "$mode" = reg ]; then
  bin="${BIN:-$here/bin}"
  mkdir -p "$bin"
  [ -x "$bin/div_harness" ] || nvcc -O3 -arch="${ARCH:-sm_90}" -std=c++17 "$src" -o "$bin/div_harness" > "$out/build.txt" 2>&1
  [ -x "$bin/cgbn_peer" ] || nvcc -O3 -arch="${ARCH:-sm_90}" -std=c++17 -I "${CGBN:-$here/../../../../../shared/anchors/cgbn}/include" \
    "$here/cgbn_peer.cu" -o "$bin/cgbn_peer" "${GMP_A:-/usr/lib/x86_64-linux-gnu/libgmp.a}" >> "$out/build.txt" 2>&1
  t0=$(date +%s); deadline=$(( t0 + budget ))
  lb=""; command -v stdbuf > /dev/null && lb="stdbuf -oL -eL"
  step() { # name budget command...
    local name=$1 b=$2; shift 2
    local left=$(( deadline - $(date +%s) ))
    [ "$b" -gt "$left" ] && b=$left
    if [ "$b" -lt 5 ]; then echo "# $name skipped: no time left" >> "$out/steps.txt"; return; fi
    local s=$(date +%s)
    timeout "$b" $lb "$@" > "$out/$name.txt" 2>&1
    echo "# $name exit $? after $(( $(date +%s) - s )) s (budget $b s)" | tee -a "$out/$name.txt" >> "$out/steps.txt"
  }
  echo "# seed $seed reps $reps budget $budget" > "$out/steps.txt"
  if [ "$mode" = reg ]; then
    step kcheck "${KCHECK_S:-35}" env KCHECK_SHARED=0 "$bin/div_harness" kcheck "$seed" "$reps"
    step cgbndiv "${CGBN_S:-20}" "$bin/cgbn_peer" "$seed" 32 "$reps" div
    step rall "${RALL_S:-175}" "$bin/div_harness" rall "$seed" "$reps"
  else
    step kcheck "${KCHECK_S:-35}" "$bin/div_harness" kcheck "$seed" "$reps"
    step cgbndiv "${CGBN_S:-20}" "$bin/cgbn_peer" "$seed" 32 "$reps" div
    step kall "${KALL_S:-175}" "$bin/div_harness" kall "$seed" "$reps"
  fi
  echo "# total $(( $(date +%s) - t0 )) s" >> "$out/steps.txt"
  exit 0
fi
start=$(date +%s)
nvcc -O3 -arch="${ARCH:-sm_90}" -std=c++17 "$src" -o "$here/div_harness" > "$out/build.txt" 2>&1
echo "# nvcc exit $? after $(( $(date +%s) - start )) s" >> "$out/build.txt"
start=$(date +%s)
timeout "$budget" "$here/div_harness" "$mode" "$seed" "$reps" > "$out/div.txt" 2>&1
echo "# exit $? after $(( $(date +%s) - start )) s" >> "$out/div.txt"
