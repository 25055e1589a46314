#!/usr/bin/env bash
# Time to depth per variant for two tessera-cli builds, A B A B: the start position of
# each variant searched by `tessera-cli analyse --depth D` with a fresh engine, the last
# iteration's score and nodes and the CPU seconds (user) of the run. The machines are
# shared: CPU seconds, not wall time, and the two builds one after the other.
#
#   scripts/bench-variants.sh "$(scripts/build-baseline.sh 7f1d898)" "$(scripts/build-baseline.sh HEAD)"
#
# docs/engine.md, "Measured for issue 16", has a run.
set -euo pipefail
a=$1 b=$2
for vd in ${VARIANTS:-raumschach:6 parton:6 cubic8:5 nihongi:6 grossraumschach:4 cubic8-4p:4 doseki:2}; do
  v=${vd%:*} d=${vd#*:}
  for round in 1 2; do
    for which in A B; do
      if [ $which = A ]; then cli=$a; else cli=$b; fi
      out=$( { /usr/bin/time -f 'user %U' "$cli" analyse --variant "$v" --depth "$d"; } 2>&1 )
      last=$(echo "$out" | grep '^info' | tail -1 | sed 's/.* score //; s/ nps.*//')
      echo "$v depth $d $which: score $last, $(echo "$out" | grep '^user') s, load $(cut -d' ' -f1 /proc/loadavg)"
    done
  done
done
