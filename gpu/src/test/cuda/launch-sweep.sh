#!/usr/bin/env bash
# Builds and runs the standalone launch-parameter sweep (launch_harness.cu) on a host with a CUDA
# GPU and nvcc; no Java needed. Arguments: [seed [kernel,kernel,..]] (the second: the kernels to
# sweep, default all). ARCH (default sm_90) picks the architecture; the binary lands in
# ${BIN:-/tmp}/launch_harness; with OUT set the rows also go to
# $OUT/launch-sweep.csv, which `modalg bench gpu --launch --sweep FILE` replays through the
# Java model (gpu.runtime.LaunchModel).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cuda="${CUDA_SRC:-$here/../../main/cuda}"
bin="${BIN:-/tmp}/launch_harness"
nvcc -O3 -std=c++17 -arch="${ARCH:-sm_90}" -split-compile=0 -I "$cuda" -o "$bin" "$here/launch_harness.cu"
exec "$bin" "$@"
