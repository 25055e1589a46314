#!/bin/bash
# Writes the corpus files of one earlier Tessera: builds that commit's tessera-core in a
# scratch folder and runs make-corpus.c against it.
#   tests/records/corpus/make-corpus.sh COMMIT OUTDIR      (from the source root)
# Keep only the files that differ from the generations already here (see README.md).
set -euo pipefail
commit=$1
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
mkdir -p "$out"
git -C "$root" archive "$commit" | tar -x -C "$src"
cd "$src"
meson setup build -Dgui=disabled >/dev/null
ninja -C build core/libtessera-core.a >/dev/null
extra=""
grep -q TS_GAME_TIME_CONTROL core/records/game.h && extra=-DHAS_TIME_CONTROL
cc $extra -o build/make-corpus "$here/make-corpus.c" -Icore -Ibuild -I. build/core/libtessera-core.a \
   $(pkg-config --cflags --libs glib-2.0 gio-2.0 libxml-2.0) -lm
./build/make-corpus "$out"
echo "$commit: $(ls "$out" | wc -l) files in $out"
