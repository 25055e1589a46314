#!/bin/bash
# The engine's strength benchmark (issue 7): full strength at 1 s a move against the
# beginner level and against the one-ply greedy player, in every two-player variant.
# Usage: scripts/strength-matches.sh [BUILD_DIR] [GAMES]   (default: build 8)
set -euo pipefail
cli=${1:-build}/app/tessera-cli
games=${2:-8}
for v in raumschach parton parton-compulsion cubic8 nihongi doseki; do
  for opp in beginner greedy; do
    printf '%-18s vs %-8s ' "$v" "$opp"
    "$cli" match --variant "$v" --games "$games" --seat full --seat "$opp" \
      --movetime 1000 --max-plies 300 --adjudicate --seed 11 | tail -n 1
  done
done
