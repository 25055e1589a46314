#!/usr/bin/env bash
# Builds the tessera-cli of a commit — by default the baseline of issue 16 (the engine
# protocol, before any change to the search) — as a release build in a temporary folder,
# and prints the binary's path on standard output (the build's own output goes to
# standard error). Matches play against it (docs/engine.md, "Matches"):
#
#   base=$(scripts/build-baseline.sh)          # the baseline
#   new=$(scripts/build-baseline.sh HEAD)      # this checkout's last commit, built the same way
#   build/app/tessera-cli match --variant raumschach --engine "$new engine" --engine "$base engine" …
#
# The source is taken with `git archive` (the worktree is left alone; uncommitted changes
# are not in it). A finished build is reused: the folder is named after the commit and
# holds a stamp when complete. TESSERA_BUILD_DIR sets where the folders go
# (default: ${TMPDIR:-/tmp}).
#
# Tuning (docs/engine.md, "Tuning"): TESSERA_TUNE sets evaluation weights for the build,
# as C macro definitions; the folder's name then carries them:
#
#   TESSERA_TUNE="CENTRE_WEIGHT=4" scripts/build-baseline.sh HEAD
#
# (Since 2c5b5c5 Raumschach's piece values have their own RAUMSCHACH_VALUE_PER_TARGET:
# VALUE_PER_TARGET sets the other variants'.)
set -euo pipefail
BASELINE=f95e25937a23289d95bb9b0278629846ec351125

cd "$(dirname "$0")/.."
commit=$(git rev-parse --verify "${1:-$BASELINE}^{commit}")
tune=${TESSERA_TUNE:-}
c_args=()
for def in $tune; do
  [[ $def =~ ^[A-Z_]+=[-0-9.]+$ ]] || { echo "TESSERA_TUNE: “$def” is not NAME=NUMBER" >&2; exit 2; }
  c_args+=("-D$def")
done
dir=${TESSERA_BUILD_DIR:-${TMPDIR:-/tmp}}/tessera-cli-${commit:0:12}${tune:+-$(echo "$tune" | tr ' =' '_-')}
cli=$dir/build/app/tessera-cli

if [ -f "$dir/complete" ] && [ -x "$cli" ]; then
  echo "$cli"
  exit 0
fi
rm -rf "$dir"
mkdir -p "$dir/src"
git archive "$commit" | tar -x -C "$dir/src"
meson setup "$dir/build" "$dir/src" -Dgui=disabled --buildtype=release \
  ${c_args[@]:+-Dc_args="${c_args[*]}"} >&2
meson compile -C "$dir/build" tessera-cli >&2
"$cli" version >&2
touch "$dir/complete"
echo "$cli"
