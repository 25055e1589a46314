#pragma once

#include "records/game.h"

G_BEGIN_DECLS

/* Shared by the readers and writers in core/records; not for other areas. */

/* UTF-8 made valid, CR LF and CR made LF, other control characters and U+FFFE, U+FFFF
 * dropped (and LF and tab made spaces when single_line); NULL for NULL or an empty result. */
char *ts_record_clean_text (const char *text, gboolean single_line);


TsGameNode *ts_game_node_new   (void);
TsGameNode *ts_game_node_ref   (TsGameNode *node);
void        ts_game_node_unref (TsGameNode *node);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsGameNode, ts_game_node_unref)

/* Builds a game move by move, checking each for legality, as the readers do.
 * Edits made through it are not undoable. */
typedef struct _TsGameBuilder TsGameBuilder;

TsGameBuilder *ts_game_builder_new   (TsGame *game, const char *source);
void           ts_game_builder_free  (TsGameBuilder *b);
/* Appends a move after the current one; sets the node's line and canonical SAN. */
TsGameNode    *ts_game_builder_move  (TsGameBuilder *b, const char *text, guint line, GError **error);
TsGameNode    *ts_game_builder_last  (TsGameBuilder *b);   /* last move added, or the root */
/* A variation: an alternative to the last move added. */
gboolean       ts_game_builder_begin_variation (TsGameBuilder *b, guint line, GError **error);
gboolean       ts_game_builder_end_variation   (TsGameBuilder *b, guint line, GError **error);
guint          ts_game_builder_nesting (TsGameBuilder *b);
const TsPosition *ts_game_builder_position (TsGameBuilder *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsGameBuilder, ts_game_builder_free)

/* Metadata set directly (readers): no undo. Tags: FALSE for a bad name. */
void     ts_game_init_field  (TsGame *game, TsGameField field, const char *value);
void     ts_game_init_player (TsGame *game, guint seat, const char *name);
gboolean ts_game_init_tag    (TsGame *game, const char *name, const char *value);

/* What a tag name stands for in the text form: a field, a seat's player, Variant or
 * Position, or nothing (a free tag). Exact spelling. */
typedef enum {
  TS_RESERVED_NONE,
  TS_RESERVED_FIELD,
  TS_RESERVED_SEAT,
  TS_RESERVED_OTHER,
} TsReservedTag;

TsReservedTag ts_record_reserved_tag (const TsVariant *variant, const char *name, guint *field,
                                      guint *seat);

/* The text form's tag for a seat's player: the seat name without what a tag name cannot
 * hold ("Player 1" -> "Player1"). */
char *ts_record_seat_tag (const TsVariant *variant, guint seat);
/* The tag earlier versions wrote for the seat's player (its former name, "Player1"), which
 * the readers still take; NULL if the seat was never renamed. */
char *ts_record_former_seat_tag (const TsVariant *variant, guint seat);
/* An earlier version's free tag named as a seat was renamed later ("Red" in a file that
 * gives the player as "Player1"): kept as a free tag, its name followed by "_". */
gboolean ts_game_init_displaced_tag (TsGame *game, const char *name, const char *value);

/* TsAnalysisFlags as the files write them: "mark", "line", "mark line"; NULL for none.
 * Parsing takes the words in any order, separated by spaces; FALSE for anything else. */
char    *ts_record_analysis_format (guint8 flags);
gboolean ts_record_analysis_parse  (const char *text, guint8 *flags);

/* Formats "FILE:LINE: " errors. */
void ts_record_set_error (GError **error, TsRecordError code, const char *source, guint line,
                          const char *format, ...) G_GNUC_PRINTF (5, 6);

/* The file's bytes, NUL-terminated (the NUL not counted in length); at most max_size. */
char   *ts_record_read_file (const char *filename, gsize max_size, gsize *length, GError **error);

TsGame *ts_game_from_xml  (const char *data, gsize length, const char *source, GError **error);
TsGame *ts_game_from_text (const char *data, gsize length, const char *source, GError **error);

G_END_DECLS
