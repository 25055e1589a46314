#pragma once

#include <gtk/gtk.h>

#include "tessera-window.h"

G_BEGIN_DECLS

/* The opening tree page of the game window's side pane (docs/collections.md): the moves
 * played from the window's position in a set of games — the collection the game came
 * from, or a collection or a folder the user chooses —, how often, how they scored for
 * the side that played them, their mean stored evaluation; activating a move plays it.
 * The tree is built (or taken from the cache) in a worker thread with a progress bar and
 * Stop, and built again when a file of it changes.
 *
 * Actions (tree.*): use-game, choose-file, choose-folder, stop. Signal "ready" (): a tree
 * was built or read from the cache. */

#define TS_TYPE_OPENING_TREE_VIEW (ts_opening_tree_view_get_type ())
G_DECLARE_FINAL_TYPE (TsOpeningTreeView, ts_opening_tree_view, TS, OPENING_TREE_VIEW, GtkWidget)

GtkWidget           *ts_opening_tree_view_new         (TesseraWindow     *window);
/* The games of the tree: files (NULL-terminated), shown as name; chosen: by the user
 * (else the game's collection, followed when another game is opened). */
void                 ts_opening_tree_view_set_files   (TsOpeningTreeView *self,
                                                       const char *const *files,
                                                       const char        *name,
                                                       gboolean           chosen);
/* A collection file, or every game file in a folder, as the user chooses it. */
void                 ts_opening_tree_view_choose      (TsOpeningTreeView *self,
                                                       const char        *path,
                                                       gboolean           folder);
gboolean             ts_opening_tree_view_is_building (TsOpeningTreeView *self);
/* The moves shown (TsTreeMove), or NULL. */
GArray              *ts_opening_tree_view_get_moves   (TsOpeningTreeView *self);
/* Plays the i-th move shown, as a click on its row does. */
void                 ts_opening_tree_view_play        (TsOpeningTreeView *self,
                                                       guint              i);

G_END_DECLS
