#pragma once

#include <glib.h>

#include "rules/position.h"

G_BEGIN_DECLS

/* The opening tree: for a position, the moves played from it in a set of games (the
 * games of one collection, or of every game file in a folder), how often, how they scored
 * for the side that played them, and the engine's evaluations stored with them.
 *
 * The games' main lines are replayed once (TS_OPENING_TREE_MAX_PLIES plies of each) and
 * every (position, move) is counted under the position's hash; a query is a binary search.
 * The index is kept in a cache file, valid while the games' files are byte for byte the
 * same; a cache that is stale, damaged or from another version is not used (and made
 * again). docs/collections.md says more. */

#define TS_OPENING_TREE_MAX_PLIES 100

typedef struct _TsOpeningTree TsOpeningTree;

typedef struct {
  char   *san;        /* the move as the position's notation writes it */
  TsMove  move;
  guint   n_games;
  guint   wins, draws, losses;   /* for the side that played it; games without a result
                                  * ("*") count in n_games only */
  guint   n_evals;    /* games that store an evaluation after the move */
  double  eval;       /* their mean, in centipawns, from the mover's point of view; each
                       * clamped to ±1000 (a mate counts as ±1000) */
} TsTreeMove;

void ts_tree_move_clear (TsTreeMove *m);

/* Called from the thread that builds: the share of the games' bytes read, 0 to 1. */
typedef void (*TsOpeningTreeProgress) (double fraction, gpointer data);

/* The tree of the games in files (collections or single games, either form), from the
 * cache in cache_dir when it is valid for them, else built and written there (cache_dir
 * NULL: neither). Slow for many games: call from a worker thread; stop, if not NULL, is
 * polled (NULL and G_IO_ERROR_CANCELLED once set). A file that cannot be read is
 * skipped and counted, as is a game that cannot be read; NULL and an error only when no
 * file could be read. */
TsOpeningTree *ts_opening_tree_open        (const char *const    *files,
                                            const char           *cache_dir,
                                            const gint           *stop,
                                            TsOpeningTreeProgress progress,
                                            gpointer              data,
                                            GError              **error);
void           ts_opening_tree_free        (TsOpeningTree *tree);

/* The moves played from pos (legal in it; a hash collision or a cache from elsewhere
 * cannot add others), most played first; free with g_array_unref (clears each). */
GArray        *ts_opening_tree_query       (const TsOpeningTree *tree,
                                            const TsPosition    *pos);
guint          ts_opening_tree_n_games     (const TsOpeningTree *tree);   /* indexed */
guint          ts_opening_tree_n_skipped   (const TsOpeningTree *tree);   /* not readable */
guint          ts_opening_tree_n_files_skipped (const TsOpeningTree *tree);
guint          ts_opening_tree_n_entries   (const TsOpeningTree *tree);   /* (position, move) pairs */
/* Whether it came from the cache rather than from the games. */
gboolean       ts_opening_tree_from_cache  (const TsOpeningTree *tree);

/* The game files in dir and the folders in it (.tessera .xml .pgn .txt), sorted; at most
 * 10,000. */
GPtrArray     *ts_opening_tree_folder_files (const char *dir, GError **error);
/* g_get_user_cache_dir ()/tessera/opening-trees */
char          *ts_opening_tree_cache_dir   (void);
/* The cache file for files in cache_dir (for tests and tools). */
char          *ts_opening_tree_cache_path  (const char *const *files, const char *cache_dir);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsOpeningTree, ts_opening_tree_free)

G_END_DECLS
