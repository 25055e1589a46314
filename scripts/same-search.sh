#!/usr/bin/env bash
# Whether two builds' engines search the same: plays them against each other at a fixed
# number of nodes a move, over the protocol (the engine kept from move to move, as in a
# match or the window), both colours of each opening, and compares each pair of games
# move by move. Two engines that search the same play the same game from either side;
# a speed change that keeps the search exact must pass in every variant family.
#
#   old=$(scripts/build-baseline.sh 00ef427); new=$(scripts/build-baseline.sh HEAD)
#   scripts/same-search.sh "$old" "$new"               # the default variants
#   scripts/same-search.sh "$old" "$new" nihongi:2000  # variant:nodes …
#
# Prints a line a variant: the identical plies of each pair of games; exits 1 if a pair
# differs. Openings: data/openings/VARIANT.txt where there is one, else the start.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2
shift 2
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then
  specs=(raumschach:3000 parton-compulsion:2000 cubic8:2000 cubic8-4p:2000 grossraumschach:2000
         nihongi:2000 doseki:300)
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
for spec in "${specs[@]}"; do
  v=${spec%%:*} nodes=${spec#*:}
  openings=()
  [ -f "data/openings/$v.txt" ] && openings=(--openings "data/openings/$v.txt")
  games=2
  # four seats rotate between the two engines: two games hold each seating's mirror
  [ "$v" = cubic8-4p ] && games=4
  "$old" match --variant "$v" --engine "$new engine" --engine "$old engine" "${openings[@]}" \
    --games "$games" --nodes "$nodes" --max-plies 100 --resign-moves 4 --draw-moves 8 \
    --save "$dir/$v.pgn" > "$dir/$v.log"
  python3 - "$v" "$dir/$v.pgn" <<'EOF' || status=1
import re, sys
variant, path = sys.argv[1], sys.argv[2]
games = open(path).read().split('[Event ')[1:]
def moves(g):
    body = re.sub(r'\{[^}]*\}', '', g.split('\n\n', 1)[1])
    return [t for t in body.split()
            if not re.match(r'^\d+\.+$', t) and t not in ('1-0', '0-1', '1/2-1/2', '*')]
ms = [moves(g) for g in games]
pairs, same_all = [], True
for a in range(0, len(ms) - 1, 2):
    n = min(len(ms[a]), len(ms[a + 1]))
    same = next((i for i in range(n) if ms[a][i] != ms[a + 1][i]), n)
    same_all &= same == n and len(ms[a]) == len(ms[a + 1])
    pairs.append('%d/%d' % (same, n))
print('%-24s %s  %s' % (variant, 'same' if same_all else 'DIFFERENT', ' '.join(pairs)))
sys.exit(0 if same_all and pairs else 1)
EOF
done
exit $status
