#!/usr/bin/env bash
# Builds the FLINT peer of `modalg bench modular --part bivariate`, flint_mpoly_bench.c, against
# the system FLINT (Debian's libflint-dev, FLINT 2.9) into modular/target/flint_mpoly_bench,
# where the benchmark looks for it. Without libflint-dev it says so and exits 1.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
out="${1:-$root/modular/target/flint_mpoly_bench}"
cc="${CC:-gcc}"
if ! command -v "$cc" > /dev/null; then
  echo "build-flint-mpoly: no C compiler ($cc): install gcc" >&2
  exit 1
fi
if ! echo '#include <flint/fmpz_mpoly.h>' | "$cc" -E -x c - > /dev/null 2>&1; then
  echo "build-flint-mpoly: <flint/fmpz_mpoly.h> not found: install libflint-dev (apt-get install libflint-dev);" \
    "the bivariate benchmark then runs modalg's rows only" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
"$cc" -O2 -o "$out" "$here/flint_mpoly_bench.c" -lflint -lgmp -lm
echo "built $out ($(echo '#include <flint/flint.h>
FLINT_VERSION' | "$cc" -E -P -x c - | tail -1))"
