#!/usr/bin/env bash
# Regenerates the kernel resources of the gpu module from its CUDA sources with nvcc: for each
# module (every .cu, or the ones named: scripts/gpu-ptx.sh ntt crt) a PTX and an sm_90 cubin.
# Each PTX starts with a line recording the SHA-256 of its source (the .cu followed by every
# shared .cuh header of the folder, in name order), and each cubin has that line beside it in
# NAME.ARCH.cubin.sha256; GpuPtxFreshnessTest fails when a committed resource does not match
# (run this script after editing a kernel or a header).
#
# PTX for compute_75 (Turing) runs on every later GPU: the driver compiles it for the device
# when the module is loaded (seconds for the large modules, on every JVM start). The cubins
# (MODALG_CUBIN_ARCHS, default sm_90: H100, H200) are machine code the driver loads as they are
# on a device of that compute capability, without that compilation.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src="$here/gpu/src/main/cuda"
out="$here/gpu/src/main/resources/org/modalg/gpu"
arch="${MODALG_PTX_ARCH:-compute_75}"
cubin_archs="${MODALG_CUBIN_ARCHS-sm_90}"
command -v nvcc >/dev/null || { echo "nvcc not found: install the CUDA toolkit" >&2; exit 1; }
mkdir -p "$out"
if [ $# -gt 0 ]; then
  sources=(); for m in "$@"; do sources+=("$src/$m.cu"); done
else
  sources=("$src"/*.cu)
fi
for cu in "${sources[@]}"; do
  name=$(basename "$cu" .cu)
  hash=$(cat "$cu" $(ls "$src"/*.cuh 2>/dev/null | sort) | sha256sum | cut -d' ' -f1)
  tmp=$(mktemp)
  nvcc --ptx -arch="$arch" -O3 -o "$tmp" "$cu"
  { echo "// modalg source sha256: $hash"; cat "$tmp"; } > "$out/$name.ptx"
  rm -f "$tmp"
  echo "wrote $out/$name.ptx"
  for a in $cubin_archs; do
    nvcc --cubin -arch="$a" -O3 -o "$out/$name.$a.cubin" "$cu"
    echo "// modalg source sha256: $hash" > "$out/$name.$a.cubin.sha256"
    echo "wrote $out/$name.$a.cubin"
  done
done
