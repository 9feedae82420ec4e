#!/usr/bin/env bash
# Builds target/gpu-bundle/: everything needed to run modalg's GPU tests and GPU benchmarks on
# a Linux x86-64 host that has only an NVIDIA driver (no Java, no Maven, no network):
#   jre.tar.xz      a Java 17 runtime made by jlink (only the modules modalg needs, native symbols
#                   stripped), compressed for the transfer (51 MB -> about 12 MB; jre.tar.gz where
#                   this machine has no xz); unpacked to jre/
#                   by the launchers on first use (bundle-env.sh)
#   lib/            the modalg jars and the dependencies a GPU run loads, JUnit's console launcher
#   test-classes/   the gpu module's test classes (the tests tagged `gpu` and ImageEngineBench)
#   bin/flint_mpoly_bench  with MODALG_BUNDLE_FLINT2=1: the FLINT 2.9 peer of bench modular
#                   --part bivariate and its shared libraries (bin/flint_mpoly.tar.gz)
#   bin/flint3_bench.xz  the FLINT 3 peer binary (from ../shared/anchors or $MODALG_FLINT_BENCH),
#                   compressed (14 MB -> 5 MB: the transfer to a device host is limited), unpacked
#                   to bin/flint3_bench by the launchers on first use, so
#                   that benchmarks run next to it on the same host
#   run-tests.sh    runs the tests tagged `gpu` (reports under $OUT or ./gpu-test-reports)
#   run-bench.sh    runs `modalg bench gpu` (CSV under $OUT or ./bench-results)
#   run-image-bench.sh  runs org.modalg.gpu.image.ImageEngineBench (GPU against CPU image engine; CSV likewise)
#   modalg          the command line on the bundled runtime
# Usage: scripts/gpu-bundle.sh   (needs a JDK 17 with jlink, Maven; offline once deps are cached)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/target/gpu-bundle"
mvn_opts=(-q -B ${MODALG_MVN_OFFLINE:+-o})
cd "$root"
rm -rf "$out"
mkdir -p "$out/lib" "$out/test-classes"
# One invocation, so that the reactor resolves the modules' own jars.
mvn "${mvn_opts[@]}" package dependency:copy-dependencies -DskipTests -pl examples -am \
  -DincludeScope=test -DexcludeGroupIds=org.modalg -DoutputDirectory="$out/lib"
for m in fields fft polynomial modular gpu examples; do
  cp "$m"/target/modalg-"$m"-*.jar "$out/lib/" 2>/dev/null || true
done
# Only the gpu module has tests tagged `gpu` (the other modules' test classes never run here).
cp -r gpu/target/test-classes/. "$out/test-classes/"
# JUnit's console launcher runs the tests without Maven; it holds the Jupiter engine and API, so
# the separate JUnit jars are duplicates.
mvn "${mvn_opts[@]}" dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:1.14.1 \
  -DoutputDirectory="$out/lib"
(cd "$out/lib" && rm -f junit-jupiter-*.jar junit-platform-commons-*.jar junit-platform-engine-*.jar \
  opentest4j-*.jar apiguardian-api-*.jar)
# Slimming (the bundle must stay under 60 MiB with the FLINT binary): test-only libraries of
# other modules (jqwik, JMH), and XChart with its PDF/SVG/GIF writers, which only the plots of
# `modalg study` and the demo load: a GPU run never draws one. JAS (with its log4j API) and
# apfloat are peers of `modalg bench det` and `bench intmul` only, not of the GPU tests or of
# `bench gpu` / `bench modular` (FLINT is their peer): left out unless MODALG_BUNDLE_PEERS=1.
# Without them the bundle (about 55 MiB) travels to a device host with an 8 MB working tree
# inside a 64 MiB transfer.
(cd "$out/lib" && rm -f jqwik-*.jar jmh-*.jar jopt-simple-*.jar commons-math3-*.jar xchart-*.jar \
  pdfbox-*.jar fontbox-*.jar commons-logging-*.jar graphics2d-*.jar VectorGraphics2D-*.jar \
  animated-gif-lib-*.jar)
if [ "${MODALG_BUNDLE_PEERS:-0}" != 1 ]; then
  (cd "$out/lib" && rm -f jas-*.jar log4j-api-*.jar apfloat-*.jar)
fi
# The FLINT 3 peer binary, so that `modalg bench ... --flint` runs next to it on the GPU host.
flint="${MODALG_FLINT_BENCH:-$root/../shared/anchors/flint3_bench}"
mkdir -p "$out/bin"
if [ -x "$flint" ]; then
  gzip -9 -c "$flint" > "$out/bin/flint3_bench.gz"
else
  echo "warning: FLINT peer binary not found at $flint: bin/flint3_bench left out" >&2
fi
# The FLINT 2.9 peer of `bench modular --part bivariate` (flint_mpoly_bench, built by
# modular/src/test/c/build-flint-mpoly.sh where Debian's libflint-dev is installed), with MODALG_BUNDLE_FLINT2=1:
# device hosts lack the package, so the binary travels with the shared libraries it loads beyond
# the C library (about 5 MB packed, off by default for the transfer limit), and bin/flint_mpoly_bench
# is a launcher that unpacks them once and runs it on them.
mpoly="$root/modular/target/flint_mpoly_bench"
if [ "${MODALG_BUNDLE_FLINT2:-0}" = 1 ]; then
  if [ -x "$mpoly" ]; then
    tmp=$(mktemp -d)
    mkdir -p "$tmp/flint_mpoly/lib"
    cp "$mpoly" "$tmp/flint_mpoly/flint_mpoly_bench"
    ldd "$mpoly" | awk '/=> \// {print $3}' | grep -v -E '/(libc|libm|libpthread|libdl|librt)\.so' \
      | while read -r lib; do cp -L "$lib" "$tmp/flint_mpoly/lib/"; done
    tar -C "$tmp" -czf "$out/bin/flint_mpoly.tar.gz" flint_mpoly
    rm -rf "$tmp"
    cat > "$out/bin/flint_mpoly_bench" <<'SH'
#!/usr/bin/env bash
# FLINT 2.9's flint_mpoly_bench on the shared libraries packed beside it (unpacked on first use).
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$here/flint_mpoly/flint_mpoly_bench" ]; then
  tar -C "$here" -xzf "$here/flint_mpoly.tar.gz" || { echo "error: could not unpack flint_mpoly.tar.gz" >&2; exit 2; }
fi
LD_LIBRARY_PATH="$here/flint_mpoly/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/flint_mpoly/flint_mpoly_bench" "$@"
SH
    chmod +x "$out/bin/flint_mpoly_bench"
  else
    echo "warning: MODALG_BUNDLE_FLINT2=1 but $mpoly is missing (build-flint-mpoly.sh builds it): left out" >&2
  fi
fi
# Only the driver API's native library is needed: drop the Windows natives and the large
# PTX-compiler and NVRTC libraries from the Linux natives jar.
rm -f "$out"/lib/jcuda-natives-*-windows-x86_64.jar
natives=$(ls "$out"/lib/jcuda-natives-*-linux-x86_64.jar)
tmp=$(mktemp -d)
(cd "$tmp" && unzip -q "$natives" && rm -f lib/libJNvPTXCompiler-* lib/libJNvrtc-* lib/libJCudaRuntime-* \
  && rm -f "$natives" && jar --create --file "$natives" -C "$tmp" .)
rm -rf "$tmp"
# The runtime: the modules the jars use (jdeps' view, plus the logging and unsafe access JCuda
# and JUnit use reflectively, and the Vector API module of the digit convolution and the NTT's
# butterflies; the launchers pass the trap limit those butterflies need, fft/BENCHMARKS.md (p)).
# Uncompressed (--compress=0): xz then packs it to 12 MB, where jlink's own zip compression
# left 21 MB for gzip.
jlink --add-modules java.base,java.logging,java.management,java.xml,jdk.unsupported,jdk.incubator.vector \
  --strip-debug --no-header-files --no-man-pages --compress=0 --output "$out/jre"
# The JDK's native libraries keep their symbol tables (libjvm.so: 24 MB, 20 MB stripped).
if command -v strip >/dev/null; then
  find "$out/jre" -name '*.so' -exec strip --strip-unneeded {} +
else
  echo "warning: strip not found: the runtime keeps its native symbols (about 4 MB)" >&2
fi
# The runtime travels compressed too (51 MB -> 12 MB with xz, 17 MB with gzip where xz is
# missing here): every launcher unpacks it once (bundle-env.sh), as it does the FLINT peer.
if command -v xz >/dev/null; then
  tar -C "$out" -cf - jre | xz -9 -T0 > "$out/jre.tar.xz"
  if [ -f "$out/bin/flint3_bench.gz" ]; then
    gzip -dc "$out/bin/flint3_bench.gz" | xz -9 -T0 > "$out/bin/flint3_bench.xz" && rm -f "$out/bin/flint3_bench.gz"
  fi
else
  tar -C "$out" -czf "$out/jre.tar.gz" jre
fi
rm -rf "$out/jre"
cat > "$out/bundle-env.sh" <<'SH'
# Sourced by the bundle's launchers: sets `here` and unpacks, once, what travels compressed
# (the Java runtime; the FLINT peer beside its archive, where bench finds it).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Decompresses file $1 (.xz or .gz) to stdout; xz archives fall back to Python's lzma where the
# host has no xz.
unpack() {
  case "$1" in
    *.xz) if command -v xz >/dev/null; then xz -dc "$1"
          else python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), sys.stdout.buffer)' "$1"; fi ;;
    *) gzip -dc "$1" ;;
  esac
}
if [ ! -x "$here/jre/bin/java" ]; then
  tmp="$here/.jre.$$"
  archive=$(ls "$here"/jre.tar.xz "$here"/jre.tar.gz 2>/dev/null | head -1)
  mkdir -p "$tmp" && unpack "$archive" | tar -C "$tmp" -xf - && mv -T "$tmp/jre" "$here/jre" 2>/dev/null
  rm -rf "$tmp"
  [ -x "$here/jre/bin/java" ] || { echo "error: could not unpack $archive" >&2; exit 2; }
fi
flint_archive=$(ls "$here"/bin/flint3_bench.xz "$here"/bin/flint3_bench.gz 2>/dev/null | head -1)
if [ -n "$flint_archive" ] && [ ! -x "$here/bin/flint3_bench" ]; then
  unpack "$flint_archive" > "$here/bin/flint3_bench.tmp.$$" \
    && chmod +x "$here/bin/flint3_bench.tmp.$$" && mv -f "$here/bin/flint3_bench.tmp.$$" "$here/bin/flint3_bench" \
    || { rm -f "$here/bin/flint3_bench.tmp.$$"; echo "warning: could not unpack $flint_archive" >&2; }
fi
SH
cat > "$out/run-tests.sh" <<'SH'
#!/usr/bin/env bash
# Runs the tests tagged `gpu` on this host's GPU; reports go to $OUT (or ./gpu-test-reports).
# Arguments go to JUnit's console launcher, e.g. --select-class org.modalg.gpu.image.GpuImageEngineTest.
. "$(dirname "$0")/bundle-env.sh"
reports="${OUT:-$PWD/gpu-test-reports}"
mkdir -p "$reports"
cp="$here/test-classes:$(ls "$here"/lib/*.jar | grep -v junit-platform-console-standalone | tr '\n' ':')"
# The whole class path is scanned unless the arguments select classes or methods themselves.
scan=(--scan-class-path "$here/test-classes")
for a in "$@"; do
  case "$a" in --select*) scan=() ;; esac
done
exec "$here/jre/bin/java" ${MODALG_JAVA_OPTS:-} --add-opens java.base/java.math=ALL-UNNAMED --add-modules jdk.incubator.vector -XX:PerMethodTrapLimit=10000 \
  -jar "$here"/lib/junit-platform-console-standalone-*.jar \
  execute --class-path "$cp" "${scan[@]}" --include-tag gpu \
  --details=tree --disable-banner --disable-ansi-colors --reports-dir "$reports" "$@"
SH
cat > "$out/modalg" <<'SH'
#!/usr/bin/env bash
# The modalg command line on the bundled Java runtime.
. "$(dirname "$0")/bundle-env.sh"
cp="$(ls "$here"/lib/*.jar | grep -v junit-platform-console-standalone | tr '\n' ':')"
exec "$here/jre/bin/java" ${MODALG_JAVA_OPTS:--Xmx24g} --add-opens java.base/java.math=ALL-UNNAMED --add-modules jdk.incubator.vector -XX:PerMethodTrapLimit=10000 \
  -cp "$cp" org.modalg.examples.cli.ModalgCli "$@"
SH
cat > "$out/run-bench.sh" <<'SH'
#!/usr/bin/env bash
# Runs `modalg bench gpu` (all parts unless arguments say otherwise); CSV to $OUT (or ./bench-results).
here=$(cd "$(dirname "$0")" && pwd)
dir="${OUT:-$PWD/bench-results}"
mkdir -p "$dir"
exec "$here/modalg" bench gpu --csv-dir "$dir" "$@"
SH
cat > "$out/run-image-bench.sh" <<'SH'
#!/usr/bin/env bash
# GPU image engine against the CPU image engine on all host cores; CSV to $OUT (or ./bench-results).
. "$(dirname "$0")/bundle-env.sh"
dir="${OUT:-$PWD/bench-results}"
mkdir -p "$dir"
exec "$here/jre/bin/java" ${MODALG_JAVA_OPTS:--Xmx24g} --add-opens java.base/java.math=ALL-UNNAMED --add-modules jdk.incubator.vector -XX:PerMethodTrapLimit=10000 \
  -cp "$here/test-classes:$here/lib/*" org.modalg.gpu.image.ImageEngineBench "$dir" "$@"
SH
chmod +x "$out"/*.sh "$out/modalg"
du -sh "$out" "$out"/jre.tar.* "$out/lib" "$out/bin" "$out/test-classes"
size=$(du -sm "$out" | cut -f1)
if [ "$size" -ge 60 ]; then
  echo "error: the bundle is ${size} MiB, over the 60 MiB limit" >&2
  exit 1
fi
echo "bundle ready: $out"
