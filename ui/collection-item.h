#pragma once

#include <glib-object.h>

#include "records/collection.h"

G_BEGIN_DECLS

/* One game of a collection as the game list shows it: what the index read of it.
 * Properties (read-only): number (its place in the file, from 1), id
 * (ts_collection_game_id), variant (the variant's translated name), players, event,
 * site, date, round, result, moves (the main line's plies), problem (it has a
 * stipulation), error (why it cannot be read, or NULL). */

#define TS_TYPE_COLLECTION_ITEM (ts_collection_item_get_type ())
G_DECLARE_FINAL_TYPE (TsCollectionItem, ts_collection_item, TS, COLLECTION_ITEM, GObject)

TsCollectionItem *ts_collection_item_new        (TsCollection     *c,
                                                 guint             i);
guint             ts_collection_item_get_id     (TsCollectionItem *self);
guint             ts_collection_item_get_number (TsCollectionItem *self);
const char       *ts_collection_item_get_error  (TsCollectionItem *self);
gboolean          ts_collection_item_is_problem (TsCollectionItem *self);
/* Whether every one of words (case-folded with g_utf8_casefold) is in the item's texts. */
gboolean          ts_collection_item_matches    (TsCollectionItem  *self,
                                                 const char *const *words);

G_END_DECLS
