#pragma once

#include <glib.h>

#include "records/collection.h"

G_BEGIN_DECLS

/* tessera-cli collection … (cli-collection.c) and bench-collection (cli-collection-bench.c). */
int     ts_cli_collection         (int argc, char **argv);
int     ts_cli_bench_collection   (int argc, char **argv);

/* "Alice – Bob": game i's players in seat order. */
char   *ts_cli_collection_players (TsCollection *c, guint i);
/* "3", "1,4-6" as indices from 0 of games numbered from 1 to n; NULL after printing why. */
GArray *ts_cli_parse_game_list    (const char *text, guint n);

G_END_DECLS
