#!/usr/bin/env bash
# Builds the binaries of batchint-grid.sh into $BIN (default bin/ next to this script) with nvcc
# (sm_90: H100 and H200): the four kernel harnesses (fpbatch_harness: fpbatch-run.sh), the CGBN peer and CGBN's xmp_tester (the
# README's perf_tests build), both linked with GMP statically so that they run on a host without it.
# CGBN: $CGBN (default ../shared/anchors/cgbn of the repository root); GMP: $GMP_A.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
cgbn="${CGBN:-$root/../shared/anchors/cgbn}"
gmp="${GMP_A:-/usr/lib/x86_64-linux-gnu/libgmp.a}"
bin="${BIN:-$here/bin}"
mkdir -p "$bin"
nv="nvcc -O3 -arch=${ARCH:-sm_90} -std=c++17"
$nv "$here/bigint_harness.cu" -o "$bin/bigint_harness"
$nv "$here/bigint_ntt_harness.cu" -o "$bin/bigint_ntt_harness"
$nv "$here/div_harness.cu" -o "$bin/div_harness"
$nv "$here/fpbatch_harness.cu" -o "$bin/fpbatch_harness" # fpbatch-run.sh (the FP64 in-block product)
$nv -I "$cgbn/include" "$here/cgbn_peer.cu" -o "$bin/cgbn_peer" "$gmp"
(cd "$cgbn/perf_tests" && nvcc -O3 -I../include -arch="${ARCH:-sm_90}" xmp_tester.cu -o "$bin/xmp_tester" "$gmp")
echo "built in $bin"
