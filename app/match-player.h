/* The players of tessera-cli match: engines over the protocol (spawned subprocesses)
 * and the built-in levels and greedy player, behind one interface. One MatchPlayer
 * plays one seat of one game, in the thread that plays that game. */
#pragma once

#include <glib.h>

#include "engine/engine.h"
#include "match/openings.h"

G_BEGIN_DECLS

typedef struct {
  char    *label;      /* in the output and the records */
  GStrv    argv;       /* a protocol engine's command; NULL for a built-in player */
  gboolean greedy;     /* built-in: the one-ply greedy player */
  guint    level;      /* built-in: strength level */
} MatchPlayerSpec;

void match_player_spec_free (MatchPlayerSpec *spec);

typedef enum {
  MATCH_MOVE_OK,
  MATCH_MOVE_TIMEOUT,   /* no answer before the deadline (a hung engine, or its clock) */
  MATCH_MOVE_CRASH,     /* the engine exited or could not be written to */
  MATCH_MOVE_ILLEGAL,   /* an illegal or unreadable move */
  MATCH_MOVE_NONE,      /* no move although the position has one */
} MatchMoveStatus;

typedef struct {
  TsMove   move;
  char    *text;        /* the move as the player wrote it (protocol engines) */
  gboolean has_score;   /* the player reported a score (from its own point of view) */
  int      score_cp;    /* with is_mate: ±(TS_SCORE_MATE − plies) */
  gboolean is_mate;
  int      mate_moves;  /* > 0: mates in that many moves; < 0: is mated */
  guint    depth;
} MatchAnswer;

void match_answer_clear (MatchAnswer *answer);

typedef struct _MatchPlayer MatchPlayer;

/* Starts the player for a game of v: a protocol engine is spawned and set up (uci,
 * each option "NAME=VALUE" of options as setoption, ucinewgame, isready). NULL and an
 * error (its message is for people) if it cannot. For protocol engines *id_name (if
 * not NULL) receives the name the engine gave, or NULL. */
MatchPlayer     *match_player_start (const MatchPlayerSpec *spec,
                                     const TsVariant       *v,
                                     const char *const     *options,
                                     char                 **id_name,
                                     GError               **error);
/* Asks for a move in pos, the position reached from the opening's start by san
 * (n_moves moves). limits: depth, nodes, movetime or clocks. deadline_us (monotonic)
 * bounds the wait for a protocol engine. */
MatchMoveStatus  match_player_move  (MatchPlayer          *player,
                                     const TsOpening      *opening,
                                     const char *const    *san,
                                     guint                 n_moves,
                                     TsPosition           *pos,
                                     const TsSearchLimits *limits,
                                     gint64                deadline_us,
                                     MatchAnswer          *answer);
/* The last KiB of a protocol engine's standard error (for a crash report), or "". */
const char      *match_player_stderr (MatchPlayer *player);
void             match_player_free  (MatchPlayer *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MatchPlayer, match_player_free)

G_END_DECLS
