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
ninja -C "$dir" tests/engine/test-search-thread tests/engine/test-cli-protocol tests/engine/test-annotate tests/records/test-opening-tree app/tessera-cli
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/tests/tsan.supp ${TSAN_OPTIONS:-}"
# The threaded code is what TSan is for: the threaded search, and `tessera-cli engine`
# (its search thread and its reader) driven by the protocol test. The other engine tests
# are single-threaded and take half an hour under TSan on two cores.
meson test -C "$dir" engine-thread engine-protocol --no-rebuild --print-errorlogs --timeout-multiplier 6
# Whole-game analysis in its GTask worker: progress, the end, cancellation.
meson test -C "$dir" engine-annotate --no-rebuild --print-errorlogs --timeout-multiplier 6 \
  --test-args '-p /annotate/async'
# The opening tree: the threads that read a collection's games, stopping, progress.
# One path a run: GLib 2.74 prints a TAP plan for each -p, and meson fails a run with several.
for path in /opening-tree/counts /opening-tree/stop /opening-tree/folder; do
  meson test -C "$dir" records-opening-tree --no-rebuild --print-errorlogs --timeout-multiplier 6 \
    --test-args "-p $path"
done
# The match runner's game threads (--concurrency), with protocol engines.
cli=$dir/app/tessera-cli
"$cli" match --variant raumschach --engine "$cli engine" --engine "$cli engine" --games 4 \
  --concurrency 2 --depth 1 --max-plies 10 >/dev/null
echo "match runner: no race reported"
