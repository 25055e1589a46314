#pragma once

#include "collection-model.h"
#include "game-session.h"

G_BEGIN_DECLS

/* Where the game open in a window came from: a collection and the game's number in it.
 * Save writes the game back into its place (the whole file rewritten atomically, the
 * other games byte for byte as they were); Save As makes it a file of its own. */

/* model NULL: none (the game is a file of its own, or new). */
void               ts_collection_place_set   (TsGameSession     *session,
                                              TsCollectionModel *model,
                                              guint              id);
/* The collection, or NULL; *id (may be NULL) the game's number in it. */
TsCollectionModel *ts_collection_place_get   (TsGameSession     *session,
                                              guint             *id);
/* Writes the session's game into its place; it is then no longer modified. */
gboolean           ts_collection_place_save  (TsGameSession     *session,
                                              GError           **error);
/* "matches.pgn, game 12" (its place in the file now), or NULL without a place. */
char              *ts_collection_place_title (TsGameSession     *session);

G_END_DECLS
