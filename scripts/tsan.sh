#!/usr/bin/env bash
# ThreadSanitizer check of the engine: builds in its own directory with
# -Db_sanitize=thread and runs the engine tests (the threaded search above all).
# Not part of .ci/run: a TSan build of everything takes long on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-tsan}
if ! [ -d "$dir" ]; then
  meson setup "$dir" -Db_sanitize=thread -Db_lundef=false -Dgui=disabled -Dbuildtype=debugoptimized
fi
ninja -C "$dir" tests/engine/test-search-thread tests/engine/test-engine tests/engine/test-cli-engine app/tessera-cli
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
meson test -C "$dir" --suite engine --no-rebuild --print-errorlogs --timeout-multiplier 6
