#!/usr/bin/env bash
# Builds and runs the tiling product's standalone harness (tiling_harness.cu) on this machine's
# GPU: tiling-run.sh [seed]. Needs nvcc (ARCH, default sm_90); BIN (default gpu/target/tiling) for
# the binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
bin="${BIN:-$root/gpu/target/tiling}"
mkdir -p "$bin"
nvcc -O3 -arch="${ARCH:-sm_90}" -std=c++17 "$here/tiling_harness.cu" -o "$bin/tiling_harness"
"$bin/tiling_harness" "$@"
