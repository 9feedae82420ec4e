#!/usr/bin/env bash
# Builds the standalone harness of bigint.cu and the CGBN peer into $BIN (default
# gpu/target/bigint-harness, ignored by git).
# CGBN: $CGBN (default ../shared/anchors/cgbn of the repository root); its host side needs gmp.h
# (libgmp-dev), linked statically so that the binary runs on a GPU host without GMP.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
cgbn="${CGBN:-$root/../shared/anchors/cgbn}"
arch="${ARCH:-sm_90}"
gmp="${GMP_A:-/usr/lib/x86_64-linux-gnu/libgmp.a}"
bin="${BIN:-$root/gpu/target/bigint-harness}"
mkdir -p "$bin"
nvcc -O3 -arch="$arch" -std=c++17 "$here/bigint_harness.cu" -o "$bin/bigint_harness"
nvcc -O3 -arch="$arch" -std=c++17 -I "$cgbn/include" "$here/cgbn_peer.cu" -o "$bin/cgbn_peer" "$gmp"
echo "built $bin/bigint_harness $bin/cgbn_peer"
