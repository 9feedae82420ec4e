#!/usr/bin/env bash
# Builds target/gpu-bundle/: everything needed to run modalg's GPU tests and GPU benchmarks on
# a Linux x86-64 host that has only an NVIDIA driver (no Java, no Maven, no network):
#   jre/            a Java 17 runtime made by jlink (only the modules modalg needs)
#   lib/            the modalg jars, their dependencies, the modalg test classes, JUnit's launcher
#   run-tests.sh    runs the tests tagged `gpu` (reports under $OUT or ./gpu-test-reports)
#   run-bench.sh    runs `modalg bench gpu` (CSV under $OUT or ./bench-results)
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
  if [ -d "$m/target/test-classes" ]; then
    cp -r "$m/target/test-classes/." "$out/test-classes/"
  fi
done
# JUnit's console launcher runs the tests without Maven.
mvn "${mvn_opts[@]}" dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:1.14.1 \
  -DoutputDirectory="$out/lib"
# Only the driver API's native library is needed: drop the Windows natives and the large
# PTX-compiler and NVRTC libraries from the Linux natives jar.
rm -f "$out"/lib/jcuda-natives-*-windows-x86_64.jar
natives=$(ls "$out"/lib/jcuda-natives-*-linux-x86_64.jar)
tmp=$(mktemp -d)
(cd "$tmp" && unzip -q "$natives" && rm -f lib/libJNvPTXCompiler-* lib/libJNvrtc-* lib/libJCudaRuntime-* \
  && rm -f "$natives" && jar --create --file "$natives" -C "$tmp" .)
rm -rf "$tmp"
# The runtime: the modules the jars use (jdeps' view, plus the logging and unsafe access JCuda
# and JUnit use reflectively).
jlink --add-modules java.base,java.logging,java.management,java.xml,jdk.unsupported \
  --strip-debug --no-header-files --no-man-pages --compress=2 --output "$out/jre"
cat > "$out/run-tests.sh" <<'SH'
#!/usr/bin/env bash
# Runs the tests tagged `gpu` on this host's GPU; reports go to $OUT (or ./gpu-test-reports).
here=$(cd "$(dirname "$0")" && pwd)
reports="${OUT:-$PWD/gpu-test-reports}"
mkdir -p "$reports"
cp="$here/test-classes:$(ls "$here"/lib/*.jar | grep -v junit-platform-console-standalone | tr '\n' ':')"
exec "$here/jre/bin/java" ${MODALG_JAVA_OPTS:-} --add-opens java.base/java.math=ALL-UNNAMED \
  -jar "$here"/lib/junit-platform-console-standalone-*.jar \
  execute --class-path "$cp" --scan-class-path "$here/test-classes" --include-tag gpu \
  --details=tree --disable-banner --disable-ansi-colors --reports-dir "$reports" "$@"
SH
cat > "$out/modalg" <<'SH'
#!/usr/bin/env bash
# The modalg command line on the bundled Java runtime.
here=$(cd "$(dirname "$0")" && pwd)
cp="$(ls "$here"/lib/*.jar | grep -v junit-platform-console-standalone | tr '\n' ':')"
exec "$here/jre/bin/java" ${MODALG_JAVA_OPTS:--Xmx24g} --add-opens java.base/java.math=ALL-UNNAMED \
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
chmod +x "$out"/*.sh "$out/modalg"
du -sh "$out" "$out/jre" "$out/lib"
echo "bundle ready: $out"
