#pragma once

#include <gio/gio.h>

#include "collection-item.h"
#include "records/collection.h"

G_BEGIN_DECLS

/* A collection file open in the application, as a list of TsCollectionItem
 * (GListModel) for the game list, shared by every window that shows it or one of its
 * games (ts_collection_model_get). Every edit writes the file at once, atomically
 * (ts_collection_save): the list is always what the file holds. An edit that cannot be
 * written changes nothing and says why. The file written by another program (a match
 * still playing) is noticed: "changed-on-disk", then ts_collection_model_reload.
 *
 * Signals: "saved" () after the file was written by an edit or read again;
 * "changed-on-disk" (). */

#define TS_TYPE_COLLECTION_MODEL (ts_collection_model_get_type ())
G_DECLARE_FINAL_TYPE (TsCollectionModel, ts_collection_model, TS, COLLECTION_MODEL, GObject)

/* The model of the collection's file: the one open already, or a new one taking c
 * (a collection read from a file). */
TsCollectionModel *ts_collection_model_get          (TsCollection       *c);
/* The model of filename if it is open, else NULL. */
TsCollectionModel *ts_collection_model_lookup       (const char         *filename);
TsCollection      *ts_collection_model_get_collection (TsCollectionModel *self);
const char        *ts_collection_model_get_filename (TsCollectionModel  *self);
/* The file's name for the user. */
char              *ts_collection_model_get_name     (TsCollectionModel  *self);
/* Where the game with this id is now (from 0), or -1. */
int                ts_collection_model_find         (TsCollectionModel  *self,
                                                     guint               id);

TsGame            *ts_collection_model_read_game    (TsCollectionModel  *self,
                                                     guint               id,
                                                     GError            **error);
/* Edits, each written at once; FALSE with nothing changed on failure. */
gboolean           ts_collection_model_save_game    (TsCollectionModel  *self,
                                                     guint               id,
                                                     const TsGame       *game,
                                                     GError            **error);
/* Appends game; *id (may be NULL) is its number. */
gboolean           ts_collection_model_add_game     (TsCollectionModel  *self,
                                                     const TsGame       *game,
                                                     guint              *id,
                                                     GError            **error);
/* Appends game id of src (its bytes as they are, or converted to this form). */
gboolean           ts_collection_model_copy_from    (TsCollectionModel  *self,
                                                     TsCollectionModel  *src,
                                                     guint               id,
                                                     GError            **error);
/* Removes the game; *removed (may be NULL) gets a one-game collection holding it, which
 * ts_collection_model_restore puts back at index. */
gboolean           ts_collection_model_remove       (TsCollectionModel  *self,
                                                     guint               id,
                                                     TsCollection      **removed,
                                                     GError            **error);
gboolean           ts_collection_model_restore      (TsCollectionModel  *self,
                                                     guint               index,
                                                     TsCollection       *removed,
                                                     guint              *id,
                                                     GError            **error);
/* Moves the game by delta places in the file (−1 up, 1 down). */
gboolean           ts_collection_model_move         (TsCollectionModel  *self,
                                                     guint               id,
                                                     int                 delta,
                                                     GError            **error);
gboolean           ts_collection_model_reload       (TsCollectionModel  *self,
                                                     GError            **error);

G_END_DECLS
