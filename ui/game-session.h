#pragma once

#include <glib-object.h>

#include "autosave-slot.h"
#include "engine/annotate.h"
#include "records/game.h"
#include "rules/move.h"
#include "rules/position.h"
#include "rules/variant.h"

G_BEGIN_DECLS

/* A game being played or studied: the record (with its cursor), who plays each seat,
 * the computer's searches, the clocks, the end of the game and the file it belongs to.
 * No widgets: the window shows it and forwards the user's actions to it.
 *
 * The computer moves when the cursor is at the end of a line, the game is not over and
 * the side to move is a computer seat; navigating away stops its search. */

typedef enum {
  TS_SEAT_HUMAN,
  TS_SEAT_COMPUTER,
} TsSeatKind;

#define TS_LEVEL_MIN     1
#define TS_LEVEL_MAX     10
#define TS_LEVEL_DEFAULT 5

typedef struct {
  TsSeatKind kind[TS_MAX_SEATS];
  guint      level[TS_MAX_SEATS];   /* TS_LEVEL_MIN..TS_LEVEL_MAX, for computer seats */
  gint64     base_ms;               /* time per player; 0: no clock */
  gint64     increment_ms;          /* added after each move */
} TsSessionSetup;

void ts_session_setup_init (TsSessionSetup *setup);   /* human vs computer, level 5, no clock */

/* Why a game ended, beyond what the rules decide. */
typedef enum {
  TS_END_NONE,
  TS_END_RULES,      /* checkmate, stalemate, repetition … (see the rules' reason) */
  TS_END_RESIGN,
  TS_END_TIME,
  TS_END_AGREED,
} TsEndKind;

#define TS_TYPE_GAME_SESSION (ts_game_session_get_type ())
G_DECLARE_FINAL_TYPE (TsGameSession, ts_game_session, TS, GAME_SESSION, GObject)

/* Signals:
 *   "changed"        () the record, the cursor or the state changed (the board and the
 *                    move list follow; the window autosaves on it)
 *   "game-over"      () the game has just ended; see ts_game_session_get_end_message ()
 *   "hint"           (const TsMove *, const char *san) the result of ts_game_session_hint ()
 *   "draw-declined"  () the computer declined a draw offer
 * Properties: "thinking" (boolean), "modified" (boolean), "filename" (string). */

/* Takes game (NULL: a new game of variant). */
TsGameSession    *ts_game_session_new            (const TsVariant      *variant,
                                                  TsGame               *game,
                                                  const TsSessionSetup *setup);
TsGame           *ts_game_session_get_game       (TsGameSession *self);
const TsVariant  *ts_game_session_get_variant    (TsGameSession *self);
const TsPosition *ts_game_session_get_position   (TsGameSession *self);
const TsSessionSetup *ts_game_session_get_setup  (TsGameSession *self);

/* The user's move at the cursor; FALSE when it is not the user's turn or it is illegal. */
gboolean          ts_game_session_play           (TsGameSession *self,
                                                  TsMove         move);
/* A move typed as text; error says why it is not legal or not readable. */
gboolean          ts_game_session_play_text      (TsGameSession *self,
                                                  const char    *text,
                                                  GError       **error);
/* Whether a human may move now (the board is interactive). */
gboolean          ts_game_session_can_move       (TsGameSession *self);

/* Navigation (the board follows through "changed"). */
void              ts_game_session_go_to          (TsGameSession *self,
                                                  TsGameNode    *node);
gboolean          ts_game_session_back           (TsGameSession *self);
gboolean          ts_game_session_forward        (TsGameSession *self);
void              ts_game_session_go_start       (TsGameSession *self);
void              ts_game_session_go_end         (TsGameSession *self);
/* ↑/↓ as on Lichess: to the previous/next sibling variation at the branch point. */
gboolean          ts_game_session_sibling        (TsGameSession *self,
                                                  int            step);

/* Record edits (each one undo step). */
gboolean          ts_game_session_promote        (TsGameSession *self);
gboolean          ts_game_session_delete_variation (TsGameSession *self);
void              ts_game_session_set_comment    (TsGameSession *self,
                                                  const char    *text);
void              ts_game_session_toggle_nag     (TsGameSession *self,
                                                  guint          nag);
/* Writes a finished whole-game analysis into the record as one undo step (see
 * ts_annotate_job_apply); returns the number of moves written. */
guint             ts_game_session_apply_analysis (TsGameSession *self,
                                                  TsAnnotateJob *job);
/* The drawing gesture at the cursor (ts_game_toggle_shape); whether the shape is there. */
gboolean          ts_game_session_toggle_shape   (TsGameSession *self,
                                                  const TsShape *shape);
/* The record was edited directly (a dialog's edits, grouped in ts_game_begin_edit and
 * ts_game_end_edit): the window follows as after any other edit. */
void              ts_game_session_record_changed (TsGameSession *self);
gboolean          ts_game_session_undo           (TsGameSession *self);
gboolean          ts_game_session_redo           (TsGameSession *self);

/* Takes back the last move (and the computer's answer before it, so that a human is to
 * move again). FALSE if there is nothing to take back. */
gboolean          ts_game_session_takeback       (TsGameSession *self);
/* Searches the position at the cursor briefly; answers through "hint". */
void              ts_game_session_hint           (TsGameSession *self);
/* The side to move (a human) resigns. */
void              ts_game_session_resign         (TsGameSession *self);
/* Offers a draw: the computer accepts when its last evaluation is not better than
 * equal; between humans the offer is accepted at once (they share the screen, and the
 * window asks before calling this). Returns TRUE if the game ended drawn. */
gboolean          ts_game_session_offer_draw     (TsGameSession *self);

gboolean          ts_game_session_is_over        (TsGameSession *self);
TsEndKind         ts_game_session_get_end        (TsGameSession *self);
/* "White wins by checkmate." — NULL while the game goes on. */
const char       *ts_game_session_get_end_message (TsGameSession *self);
gboolean          ts_game_session_is_thinking    (TsGameSession *self);
/* Stops any search; the computer does not move until the next user action. */
void              ts_game_session_pause          (TsGameSession *self);

/* Clocks: the time left of seat at this moment; -1 without a clock. */
gint64            ts_game_session_clock_ms       (TsGameSession *self,
                                                  guint          seat);
/* The seat whose clock runs, or -1. */
int               ts_game_session_running_clock  (TsGameSession *self);

/* Files. */
const char       *ts_game_session_get_filename   (TsGameSession *self);
void              ts_game_session_set_filename   (TsGameSession *self,
                                                  const char    *filename);
gboolean          ts_game_session_is_modified    (TsGameSession *self);
gboolean          ts_game_session_save           (TsGameSession *self,
                                                  const char    *filename,
                                                  GError       **error);
/* The game was written somewhere other than a file of its own (its place in a
 * collection): it is no longer modified. */
void              ts_game_session_mark_saved     (TsGameSession *self);
TsGameSession    *ts_game_session_load           (const char    *filename,
                                                  const TsSessionSetup *setup,
                                                  GError       **error);

/* Autosave (game-session-autosave.c): the record (XML, TS_AUTOSAVE_GAME) and a small key
 * file with the seats, the clocks, the file name and the cursor, written into the slot's
 * folder in the background; read back from such a folder. */
void              ts_game_session_write_autosave (TsGameSession  *self,
                                                  TsAutosaveSlot *slot);
/* Only the key file: after a step through a game whose record the slot holds already. */
void              ts_game_session_write_autosave_state (TsGameSession  *self,
                                                        TsAutosaveSlot *slot);
TsGameSession    *ts_game_session_read_autosave  (const char     *dir,
                                                  GError        **error);

/* The game's moves from the start to the cursor's line end, as SAN, for tests. */
char             *ts_game_session_main_line_text (TsGameSession *self);

G_END_DECLS
