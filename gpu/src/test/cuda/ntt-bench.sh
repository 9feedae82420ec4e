#!/usr/bin/env bash
# Builds and runs the standalone NTT check and benchmark (ntt_bench.cu) on a host with a CUDA GPU
# and nvcc; no Java needed. Arguments go to the program: [seed [lo hi [reps]]].
# MODALG_NTT_ARCH (default sm_90) picks the GPU architecture; the binary lands in
# ${MODALG_NTT_BUILD:-/tmp}/ntt_bench.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cuda="${MODALG_NTT_CUDA:-$here/../../main/cuda}"
bin="${MODALG_NTT_BUILD:-/tmp}/ntt_bench"
nvcc -O3 -std=c++17 -arch="${MODALG_NTT_ARCH:-sm_90}" -split-compile=0 -Xcompiler -fopenmp -I "$cuda" \
  -o "$bin" "$here/ntt_bench.cu"
exec "$bin" "$@"
