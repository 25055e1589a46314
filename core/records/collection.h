#pragma once

#include <glib.h>

#include "records/game.h"

G_BEGIN_DECLS

/* A collection: many games in one file (docs/collections.md, docs/file-format.md).
 *
 * Opening one indexes it: where each game's text begins and ends, its header (variant,
 * players, event, date, result …) and its main line's length, without reading the moves.
 * A game is read (every move checked) when it is asked for. A game that cannot be read is
 * listed with the reason ("FILE:LINE: …") and kept as it is in the file: writing the
 * collection writes every game nobody changed byte for byte as it was read, so nothing of
 * the file is ever lost. */

/* Bounds on what a collection may hold: each game within the single-game limits
 * (TS_RECORD_MAX_FILE_SIZE and the others), the file and the number of games bounded
 * so that opening a hostile file cannot take minutes or gigabytes. */
#define TS_COLLECTION_MAX_FILE_SIZE (256u << 20)
#define TS_COLLECTION_MAX_GAMES     200000

typedef struct _TsCollection TsCollection;

/* An empty collection, not yet a file. */
TsCollection    *ts_collection_new          (TsGameFormat       format);
/* Indexes data (either form). source names it in messages and is the file name saving
 * writes to (NULL for none). NULL and an error only when the whole file cannot be
 * indexed (not a game file, too large, the XML's frame broken); a game that is wrong is
 * listed with its error (ts_collection_game_error). */
TsCollection    *ts_collection_from_data    (GBytes            *data,
                                             const char        *source,
                                             GError           **error);
/* Reads filename (at most TS_COLLECTION_MAX_FILE_SIZE bytes) and indexes it. */
TsCollection    *ts_collection_load         (const char        *filename,
                                             GError           **error);
/* A file the user opens: one game, read exactly as ts_game_load reads it (the same
 * checks and messages), or a collection of several (or an XML collection of any
 * number). Sets one of *game and *collection. */
gboolean         ts_collection_open_file    (const char        *filename,
                                             TsGame           **game,
                                             TsCollection     **collection,
                                             GError           **error);
TsCollection    *ts_collection_ref          (TsCollection      *c);
void             ts_collection_unref        (TsCollection      *c);

/* The file it was read from or last saved to; NULL for a new collection. */
const char      *ts_collection_get_filename (const TsCollection *c);
TsGameFormat     ts_collection_get_format   (const TsCollection *c);
/* A file of one game in a single game's form (an XML <tessera-game>, a text with one
 * game): opened as a game, not a collection, by the window and the tools. */
gboolean         ts_collection_is_single_game (const TsCollection *c);
/* The file's bytes as read or last saved. */
GBytes          *ts_collection_get_data     (const TsCollection *c);

guint            ts_collection_n_games      (const TsCollection *c);
/* A number that stays with a game through moves, inserts and saves; never reused in
 * this collection. -1 from find when the game is no longer there. */
guint            ts_collection_game_id      (const TsCollection *c, guint i);
int              ts_collection_find         (const TsCollection *c, guint id);

/* The index's header of game i: its variant (NULL when unknown: the game has an error),
 * the fields Event, Site, Date, Round, Result and Stipulation (NULL when not given;
 * other fields are read with the game), a seat's player, the main line's plies and the
 * line of the file the game begins on (0 for a game not from the file). */
const TsVariant *ts_collection_game_variant (const TsCollection *c, guint i);
const char      *ts_collection_game_field   (const TsCollection *c, guint i, TsGameField field);
const char      *ts_collection_game_player  (const TsCollection *c, guint i, guint seat);
guint            ts_collection_game_n_plies (const TsCollection *c, guint i);
guint            ts_collection_game_line    (const TsCollection *c, guint i);
/* Why game i cannot be read, or NULL: found by indexing, or by reading it. */
const GError    *ts_collection_game_error   (const TsCollection *c, guint i);
/* Game i's text in the collection's form: the file's bytes for a game read from it. */
GBytes          *ts_collection_game_bytes   (const TsCollection *c, guint i);

/* Reads game i, every move checked, its line numbers those of the file. A game that
 * fails is marked with the error (ts_collection_game_error). */
TsGame          *ts_collection_read_game    (TsCollection      *c,
                                             guint              i,
                                             GError           **error);

/* Edits in memory; ts_collection_save writes them. The functions taking a game write it
 * in the collection's form (ts_game_to_data: FALSE for a game over the file limits) and
 * take its header from it. */
gboolean         ts_collection_set_game     (TsCollection      *c,
                                             guint              i,
                                             const TsGame      *game,
                                             GError           **error);
/* Inserts before game i (i == n: appends). */
gboolean         ts_collection_insert_game  (TsCollection      *c,
                                             guint              i,
                                             const TsGame      *game,
                                             GError           **error);
/* Game j of src, inserted before game i: its bytes as they are when both collections
 * have the same form (a game with an error too), else read and written in c's form
 * (FALSE with the reading's error for a game that cannot be read). */
gboolean         ts_collection_insert_from  (TsCollection      *c,
                                             guint              i,
                                             TsCollection      *src,
                                             guint              j,
                                             GError           **error);
void             ts_collection_remove       (TsCollection      *c,
                                             guint              i);
/* Moves game from to index to (counted after it was taken out). */
void             ts_collection_move         (TsCollection      *c,
                                             guint              from,
                                             guint              to);
/* Whether there are edits not saved. */
gboolean         ts_collection_is_modified  (const TsCollection *c);
/* Undoes the edits since the last save or load. */
void             ts_collection_revert       (TsCollection      *c);

/* Reads the collection's file again (changed by another program): the games whose text
 * is byte for byte what it was keep their numbers (ts_collection_game_id), the others get
 * new ones. Edits not saved are dropped. On failure nothing changes. */
gboolean         ts_collection_reload       (TsCollection      *c,
                                             GError           **error);
/* Whether the file is no longer what was read or last saved (another program wrote it). */
gboolean         ts_collection_changed_on_disk (const TsCollection *c);

/* The whole file: the games nobody changed byte for byte as read, the rest in the
 * collection's form. */
GBytes          *ts_collection_to_bytes     (const TsCollection *c);
/* Writes ts_collection_to_bytes atomically through ts_safe_file_write, keeping FILE~.
 * filename NULL: the collection's own file. Refused, with nothing written, when the
 * file was changed by someone else since it was read or saved (another program, a
 * match writing it): reopen it first. Afterwards filename is the collection's file. */
gboolean         ts_collection_save         (TsCollection      *c,
                                             const char        *filename,
                                             GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsCollection, ts_collection_unref)

G_END_DECLS
