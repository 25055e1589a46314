#pragma once

#include <adwaita.h>

#include "collection-model.h"

G_BEGIN_DECLS

/* The game list of a collection, a window of its own beside the game window (as ChessX's
 * and Scid's game lists are): a column per header field, sortable, a filter, and the
 * collection's edits (open, delete with undo, move up and down, copy to another
 * collection, add the current game). docs/collections.md.
 *
 * Actions (collection.*): open, delete, undo-delete, move-up, move-down, copy-to,
 * add-current, solve, new, reload. */

#define TS_TYPE_COLLECTION_WINDOW (ts_collection_window_get_type ())
G_DECLARE_FINAL_TYPE (TsCollectionWindow, ts_collection_window, TS, COLLECTION_WINDOW, AdwWindow)

/* The list window of model (the one open already, or a new one), shown. opener: the game
 * window whose games it opens games into and adds (may be NULL: the application's). */
TsCollectionWindow *ts_collection_window_present      (TsCollectionModel  *model,
                                                       GtkWindow          *opener);
TsCollectionModel  *ts_collection_window_get_model    (TsCollectionWindow *self);
/* The rows as shown: filtered and sorted (for tests). */
GListModel         *ts_collection_window_get_rows     (TsCollectionWindow *self);
/* Selects the game with this id if it is shown. */
void                ts_collection_window_select       (TsCollectionWindow *self,
                                                       guint               id);
/* The filter's text (as typed in its entry). */
void                ts_collection_window_set_filter   (TsCollectionWindow *self,
                                                       const char         *text);
/* Sorts by the column of this item property ("number", "event", "moves" …). */
void                ts_collection_window_sort_by      (TsCollectionWindow *self,
                                                       const char         *property,
                                                       GtkSortType         order);
/* The toast shown, or NULL (tests). */
AdwToast           *ts_collection_window_get_toast    (TsCollectionWindow *self);

G_END_DECLS
