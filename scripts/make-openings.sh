#!/usr/bin/env bash
# Writes the openings files of data/openings/ for matches (docs/engine.md, "Matches"):
# 100 openings per variant, each 2 to 4 plies (Grossraumschach: one round of 4 plies)
# of moves that a depth-2 search (Doseki: 1) finds within 50 cp of its best (Nihongi:
# 100 cp — within 50 there are too few different openings), ending in a position within
# 150 cp of even. Deterministic: the same engine gives the same files.
# Usage: scripts/make-openings.sh [BUILD_DIR] [VARIANT…]   (default: build, all six)
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build}/app/tessera-cli
shift || true
for v in ${@:-raumschach parton cubic8 nihongi grossraumschach doseki}; do
  plies=2-4 margin=50
  [ "$v" = grossraumschach ] && plies=4-4
  [ "$v" = nihongi ] && margin=100
  "$cli" openings --variant "$v" --count 100 --plies "$plies" --margin "$margin" --seed 1 > "data/openings/$v.txt.tmp"
  mv "data/openings/$v.txt.tmp" "data/openings/$v.txt"
done
