#pragma once

#include <glib.h>

#include "records/shapes.h"
#include "rules/move.h"
#include "rules/position.h"
#include "rules/variant.h"

G_BEGIN_DECLS

/* A game record: metadata and a tree of moves (main line + variations to any depth),
 * a cursor with the position at it, and undo/redo of every edit. */

#define TS_RECORD_ERROR (ts_record_error_quark ())
GQuark ts_record_error_quark (void);

typedef enum {
  TS_RECORD_ERROR_IO,           /* cannot read or write the file */
  TS_RECORD_ERROR_TOO_LARGE,    /* over TS_RECORD_MAX_FILE_SIZE */
  TS_RECORD_ERROR_MALFORMED,    /* not well-formed XML / bad text syntax */
  TS_RECORD_ERROR_FORBIDDEN,    /* DOCTYPE, entities: refused for safety */
  TS_RECORD_ERROR_INVALID,      /* well-formed but not a game (schema, values) */
  TS_RECORD_ERROR_VERSION,      /* a format version this program does not read */
  TS_RECORD_ERROR_VARIANT,      /* unknown variant or bad start position */
  TS_RECORD_ERROR_ILLEGAL,      /* a move that is illegal, ambiguous or unreadable */
  TS_RECORD_ERROR_NOT_A_GAME,   /* no game record at all: other XML, text without tags, binary */
} TsRecordError;

#define TS_RECORD_FORMAT_VERSION  1
/* Bounds on what a file may hold, so that a hostile file cannot make loading take minutes:
 * every move read is checked for legality. */
#define TS_RECORD_MAX_FILE_SIZE   (16u << 20)
#define TS_RECORD_MAX_MOVES       100000
#define TS_RECORD_MAX_TAGS        1000
#define TS_RECORD_MAX_TAG_NAME    255     /* bytes */
#define TS_RECORD_MAX_NAGS        8
#define TS_RECORD_MAX_NESTING     200     /* variations inside variations, to bound recursion */
#define TS_RECORD_MAX_ATTRIBUTES  32      /* on one XML element (the format's have at most 4) */
#define TS_CLOCK_NONE             (-1)
/* The largest clock and evaluation both file forms carry (a million hours; centipawns or
 * moves to mate). */
#define TS_RECORD_MAX_CLOCK_MS    ((gint64) 1000000 * 3600 * 1000)
#define TS_RECORD_MAX_EVAL        1000000000

typedef enum {
  TS_EVAL_NONE,
  TS_EVAL_CP,      /* value in centipawns */
  TS_EVAL_MATE,    /* value = moves to mate; negative when the mover is mated */
} TsEvalKind;

/* An engine's opinion after the move, from the point of view of the side that made it. */
typedef struct {
  TsEvalKind kind;
  gint32     value;
  guint16    depth;   /* 0 when unknown */
} TsEval;

/* What whole-game analysis (core/engine/annotate.h) added to a node, kept in the files,
 * so that analysing again replaces its own work and leaves the user's alone. */
typedef enum {
  TS_ANALYSIS_MARK = 1 << 0,   /* the node's move mark ($2 $4 $6) was set by the analysis */
  TS_ANALYSIS_LINE = 1 << 1,   /* the node begins a variation the analysis added */
} TsAnalysisFlags;

typedef struct {
  char   *comment_before;
  char   *comment_after;
  guint8  nags[TS_RECORD_MAX_NAGS];
  guint   n_nags;
  gint64  clock_ms;   /* time left on the mover's clock after the move; TS_CLOCK_NONE */
  TsEval  eval;
  guint8  analysis;   /* TsAnalysisFlags */
  TsShape *shapes;    /* arrows and marked cells, in canonical order (records/shapes.h) */
  guint    n_shapes;
} TsAnnotation;

void ts_annotation_init  (TsAnnotation *a);
void ts_annotation_clear (TsAnnotation *a);
void ts_annotation_copy  (TsAnnotation *dst, const TsAnnotation *src);
gboolean ts_annotation_equal (const TsAnnotation *a, const TsAnnotation *b);

typedef struct _TsGameNode TsGameNode;
struct _TsGameNode {
  /* Read-only outside core/records: edit through ts_game_* so undo sees every change. */
  TsGameNode   *parent;     /* NULL for the root (the start position) */
  GPtrArray    *children;   /* [0] continues this line, the others are variations; may be NULL */
  char         *san;        /* NULL for the root */
  TsMove        move;
  TsAnnotation  annotation; /* on the root: comment_before is the game's opening comment */
  guint         line;       /* line in the file it was read from, 0 if none */
  /*< private >*/
  gint          ref_count;
};

guint       ts_game_node_n_children (const TsGameNode *node);
TsGameNode *ts_game_node_child      (const TsGameNode *node, guint i);
/* Plies from the start position. */
guint       ts_game_node_depth      (const TsGameNode *node);
/* Whether node lies on the main line (the first child at every branch). */
gboolean    ts_game_node_is_main_line (const TsGameNode *node);

typedef enum {
  TS_GAME_EVENT,
  TS_GAME_SITE,
  TS_GAME_DATE,          /* "YYYY.MM.DD", "??" for unknown parts, as in PGN */
  TS_GAME_ROUND,
  TS_GAME_RESULT,        /* "*", "1-0", "0-1", "1/2-1/2"; four seats: "1-0-0-0" style */
  TS_GAME_STIPULATION,   /* for problems, e.g. "#3" */
  TS_GAME_SOLUTION,      /* for problems: free text */
  TS_GAME_TIME_CONTROL,  /* PGN's TimeControl: "300+2" (seconds + increment), "-" for none */
  TS_GAME_N_FIELDS
} TsGameField;

/* A result field's value: "1-0", "0-1", "1/2-1/2", or a score per seat ("1-0-0-0"); "*"
 * when unfinished. */
gboolean    ts_record_result_is_valid (const char *result, guint n_seats);

/* The names used for the fields in both file forms ("Event", "Stipulation"). */
const char *ts_game_field_name (TsGameField field);
/* The Result field of a game that ended so: "1-0", "0-1", "1/2-1/2"; with four seats one
 * figure per seat in seat order ("1-0-1-0": a team's win); "*" for TS_RESULT_NONE. */
char       *ts_game_result_text (const TsVariant *variant, TsResultKind kind, guint winner_team);

/* The time control field: base time and increment per move, in milliseconds. Reads
 * "B" and "B+I" (seconds, with up to three decimals); anything else (PGN's "40/7200",
 * "?", "-") gives FALSE. Formats to "B+I", or "B" without increment. */
gboolean    ts_time_control_parse  (const char *text, gint64 *base_ms, gint64 *increment_ms);
char       *ts_time_control_format (gint64 base_ms, gint64 increment_ms);

typedef struct _TsGame TsGame;

/* start == NULL: the variant's initial position. */
TsGame           *ts_game_new            (const TsVariant *variant, const TsPosition *start);
void              ts_game_free           (TsGame *game);
const TsVariant  *ts_game_variant        (const TsGame *game);
const TsPosition *ts_game_start_position (const TsGame *game);
/* The start position's text when it is not the variant's initial position, else NULL. */
const char       *ts_game_setup          (const TsGame *game);
TsGameNode       *ts_game_root           (const TsGame *game);

/* Navigation (not undoable, not an edit). */
TsGameNode       *ts_game_current        (const TsGame *game);
const TsPosition *ts_game_position       (const TsGame *game);   /* at the cursor */
void              ts_game_go_to          (TsGame *game, TsGameNode *node);
gboolean          ts_game_forward        (TsGame *game, guint child);
gboolean          ts_game_back           (TsGame *game);
void              ts_game_go_start       (TsGame *game);
void              ts_game_go_end         (TsGame *game);          /* along the current line */
/* The cursor's depth (as ts_game_node_depth (ts_game_current (game))), and the depth of
 * the main-line node it is on or branches from (equal when it is on the main line): both
 * O(1) per step, where those walk to the root (O(moves) per step in a long game). */
guint             ts_game_current_depth      (const TsGame *game);
guint             ts_game_current_main_depth (const TsGame *game);
/* A copy of the position after node; free with ts_position_free. */
TsPosition       *ts_game_position_at    (const TsGame *game, const TsGameNode *node);

/* Edits. Each is one undo step (or part of the group opened by ts_game_begin_edit). */
/* Plays move at the cursor: goes to the existing child with that move, or adds it (as the
 * main continuation when there is none, else as a new variation). The cursor moves to it.
 * move must be legal, the game not over at the cursor (ts_game_check_playable). */
TsGameNode *ts_game_add_move        (TsGame *game, TsMove move);
/* FALSE and TS_RULES_ERROR_ILLEGAL when the game has ended at pos by the rules: checkmate,
 * stalemate, and also a draw by the 50-move rule or threefold repetition, which end the
 * game at once (RULES.md §0, docs/rules.md): no move may follow, in a game file, in
 * --moves or in the window. */
gboolean    ts_game_check_playable  (TsPosition *pos, GError **error);
/* Same with SAN or long algebraic text; NULL and error when it is not a legal move or the
 * game is over at the cursor. */
TsGameNode *ts_game_add_move_text   (TsGame *game, const char *text, GError **error);
/* Moves the variation that contains node one level up (swapping it with the line it
 * branches from). FALSE if node is on the main line. */
gboolean    ts_game_promote_variation (TsGame *game, TsGameNode *node);
/* Deletes the variation that contains node, from where it branches off. FALSE if node is
 * on the main line (use ts_game_truncate_after). */
gboolean    ts_game_delete_variation  (TsGame *game, TsGameNode *node);
/* Deletes everything after node (its children, main line and variations). */
gboolean    ts_game_truncate_after    (TsGame *game, TsGameNode *node);
void        ts_game_set_annotation    (TsGame *game, TsGameNode *node, const TsAnnotation *a);
void        ts_game_set_comment       (TsGame *game, TsGameNode *node, gboolean before, const char *text);
/* Adds nag, or removes it when already there. A move mark ($1–$6) replaces another move
 * mark and an evaluation ($10–$19) another evaluation. */
void        ts_game_toggle_nag        (TsGame *game, TsGameNode *node, guint nag);
/* Replaces the node's arrows and marked cells (any order; a later shape on the same cells
 * as an earlier one replaces it). */
void        ts_game_set_shapes        (TsGame *game, TsGameNode *node, const TsShape *shapes, guint n);
/* The drawing gesture, as on Lichess: adds shape; the same shape in the same colour is
 * removed instead, in another colour it changes colour. Returns whether the shape is there
 * afterwards. FALSE, and no change, when the node already holds TS_RECORD_MAX_SHAPES. */
gboolean    ts_game_toggle_shape      (TsGame *game, TsGameNode *node, const TsShape *shape);

const char *ts_game_get_field   (const TsGame *game, TsGameField field);   /* NULL if unset */
void        ts_game_set_field   (TsGame *game, TsGameField field, const char *value);
const char *ts_game_get_player  (const TsGame *game, guint seat);
void        ts_game_set_player  (TsGame *game, guint seat, const char *name);
/* Free tags: names are [A-Za-z0-9_]{1,255}, not spelled exactly as a field's, a seat's,
 * "Variant" or "Position"; value NULL removes. At most TS_RECORD_MAX_TAGS: FALSE for
 * a bad name or one tag too many. */
const char *ts_game_get_tag     (const TsGame *game, const char *name);
gboolean    ts_game_set_tag     (TsGame *game, const char *name, const char *value);
guint       ts_game_n_tags      (const TsGame *game);
/* Whether name may be a free tag's (the Game Information dialog checks a new one). */
gboolean    ts_game_tag_name_is_valid (const TsGame *game, const char *name);
void        ts_game_tag_nth     (const TsGame *game, guint i, const char **name, const char **value);

/* Undo/redo. Groups nest; the outermost group is one undo step. */
void     ts_game_begin_edit (TsGame *game);
void     ts_game_end_edit   (TsGame *game);
gboolean ts_game_can_undo   (const TsGame *game);
gboolean ts_game_can_redo   (const TsGame *game);
gboolean ts_game_undo       (TsGame *game);
gboolean ts_game_redo       (TsGame *game);
/* Forgets the undo and redo history (after loading or generating a game). */
void     ts_game_clear_undo (TsGame *game);
/* Changes with every edit, undo and redo; equal values mean equal content. */
guint64  ts_game_revision   (const TsGame *game);
gboolean ts_game_is_modified  (const TsGame *game);   /* since the last save or load */
void     ts_game_set_unmodified (TsGame *game);

/* Files: the XML form and the PGN-like text form (docs/file-format.md). */
typedef enum {
  TS_GAME_FORMAT_XML,
  TS_GAME_FORMAT_TEXT,
} TsGameFormat;

/* Serializes to a NUL-terminated string (g_free). */
char    *ts_game_to_xml   (const TsGame *game, gsize *length);
char    *ts_game_to_text  (const TsGame *game, gsize *length);
/* The same for a file: NULL and TS_RECORD_ERROR_TOO_LARGE when the readers would refuse the
 * result (more than TS_RECORD_MAX_MOVES moves, TS_RECORD_MAX_NESTING nesting,
 * TS_RECORD_MAX_TAGS tags or TS_RECORD_MAX_FILE_SIZE bytes). Everything that writes a
 * game to a file uses this (or ts_game_save). */
char    *ts_game_to_data  (const TsGame *game, TsGameFormat format, gsize *length, GError **error);
/* Reads data of either form (detected from its first character). source names it in error
 * messages ("FILE:LINE: reason"). Returns NULL and sets error for anything wrong: never a
 * partly read game. */
TsGame  *ts_game_from_data (const char *data, gsize length, const char *source, GError **error);
TsGame  *ts_game_load      (const char *filename, GError **error);
/* ts_game_to_data written by ts_safe_file_write (atomic, through links, FILE~ kept); the
 * error names the file and says the old version is intact. */
gboolean ts_game_save      (TsGame *game, const char *filename, TsGameFormat format, GError **error);
/* .pgn and .txt give the text form, anything else XML. */
TsGameFormat ts_game_format_for_filename (const char *filename);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsGame, ts_game_free)

G_END_DECLS
