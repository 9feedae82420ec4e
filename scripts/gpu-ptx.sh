#!/usr/bin/env bash
# Regenerates the PTX resources of the gpu module from its CUDA sources with nvcc.
# Each PTX starts with a line recording the SHA-256 of its source (the .cu followed by every
# shared .cuh header of the folder, in name order); GpuPtxFreshnessTest fails when a committed
# PTX does not match (run this script after editing a kernel or a header).
#
# PTX for compute_75 (Turing) runs on every later GPU: the driver compiles it for the device
# when the module is loaded.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src="$here/gpu/src/main/cuda"
out="$here/gpu/src/main/resources/org/modalg/gpu"
arch="${MODALG_PTX_ARCH:-compute_75}"
command -v nvcc >/dev/null || { echo "nvcc not found: install the CUDA toolkit" >&2; exit 1; }
mkdir -p "$out"
for cu in "$src"/*.cu; do
  name=$(basename "$cu" .cu)
  tmp=$(mktemp)
  nvcc --ptx -arch="$arch" -O3 -o "$tmp" "$cu"
  hash=$(cat "$cu" $(ls "$src"/*.cuh 2>/dev/null | sort) | sha256sum | cut -d' ' -f1)
  { echo "// modalg source sha256: $hash"; cat "$tmp"; } > "$out/$name.ptx"
  rm -f "$tmp"
  echo "wrote $out/$name.ptx"
done
