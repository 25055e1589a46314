#pragma once

#include "records/opening-tree.h"

G_BEGIN_DECLS

/* Shared by opening-tree.c (building, queries) and opening-tree-cache.c. */

/* The moves played from one position: the position's hash, the move (an index into the
 * tree's SAN table) and the games that played it. */
typedef struct {
  guint64 key;
  guint32 san;
  guint32 n_games, wins, draws, losses, n_evals;
  gint64  eval_sum;
} TsTreeEntry;

/* A file the tree was made from, as it was then. */
typedef struct {
  char    *path;
  guint64  size;
  gint64   mtime_ns;
  guint8   sha256[32];
} TsTreeSource;

struct _TsOpeningTree {
  GPtrArray *sans;      /* char *, the moves as written */
  GArray    *entries;   /* TsTreeEntry, by key, then san */
  GArray    *sources;   /* TsTreeSource, in the order given */
  guint      n_games, n_skipped, n_files_skipped;
  gboolean   from_cache;
};

TsOpeningTree *ts_opening_tree_new (void);
void           ts_tree_source_clear (TsTreeSource *s);

/* The cache: written atomically, read with every count and index checked against the
 * file and a checksum of the whole; NULL for anything stale or wrong. sources: what the
 * files are now (paths, sizes, times and content hashes must all match). */
gboolean       ts_opening_tree_write_cache (const TsOpeningTree *tree, const char *path,
                                            GError **error);
TsOpeningTree *ts_opening_tree_read_cache  (const char *path, GArray *sources);

G_END_DECLS
