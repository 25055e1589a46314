/* Whole-game analysis: the engine goes through every position of a game's main line,
 * stores each move's evaluation in the record and marks the moves that lose (?! ? ??),
 * optionally with the engine's better line as a variation. docs/analysis.md.
 *
 * Three steps, so that the search can run in a worker thread while the game stays the
 * caller's:
 *
 *  - ts_annotate_job_new () copies what the search needs (the start position and the
 *    main line's moves) from the game, in the caller's thread;
 *  - ts_annotate_job_run () (synchronous, any thread) or ts_annotate_job_run_async ()
 *    (a GTask thread, progress and the end delivered in the caller's main context)
 *    searches the positions; the job shares nothing with the game;
 *  - ts_annotate_job_apply () writes the result into the game, in the caller's thread,
 *    as one undo step: evaluations, marks, variations, each flagged as the analysis's
 *    (TsAnnotation.analysis), after removing what an earlier analysis added.
 */
#pragma once

#include <gio/gio.h>

#include "records/game.h"

G_BEGIN_DECLS

/* Time per position searched when neither a time nor a depth is given (docs/analysis.md
 * has the measurements behind it). */
#define TS_ANNOTATE_DEFAULT_MOVETIME_MS 1000
/* The better line added as a variation is at most this many plies long. */
#define TS_ANNOTATE_LINE_MAX 10

typedef enum {
  TS_JUDGEMENT_NONE,
  TS_JUDGEMENT_INACCURACY,   /* ?! */
  TS_JUDGEMENT_MISTAKE,      /* ?  */
  TS_JUDGEMENT_BLUNDER,      /* ?? */
  TS_N_JUDGEMENTS
} TsJudgement;

/* The NAG of a judgement ($6, $2, $4); 0 for none. */
guint       ts_judgement_nag  (TsJudgement judgement);
/* "Inaccuracy", "Mistake", "Blunder", translated; NULL for none. */
const char *ts_judgement_name (TsJudgement judgement);

typedef struct {
  guint    movetime_ms;   /* per position searched */
  guint    depth;         /* plies per position searched; 0: none */
  gboolean variations;    /* add the better line to every marked move */
  guint    hash_mb;       /* transposition table; 0: 16 */
} TsAnnotateOptions;

/* The default: TS_ANNOTATE_DEFAULT_MOVETIME_MS a position, no depth, no variations. */
void ts_annotate_options_init (TsAnnotateOptions *options);

/* Winning chances of an evaluation, -1 (lost) to 1 (won), as Lichess computes them:
 * 2 / (1 + exp (-0.00368208 × cp)) - 1 with cp capped at ±1000 and a mate counted as
 * ±1000. */
double      ts_eval_winning_chances (const TsEval *eval);
/* Lichess's judgement of a move from the mover's evaluation before it (of the best
 * move) and after it: a loss of 0.1, 0.2, 0.3 in winning chances; a mate allowed or
 * missed by its own rules (docs/analysis.md). */
TsJudgement ts_eval_judge           (const TsEval *before,
                                     const TsEval *after);

/* "+0.35", "-2.10", "#3", "#-2": an evaluation as the move list and comments show it. */
char       *ts_eval_format          (const TsEval *eval);
/* The evaluation from the other side's point of view (two teams). */
TsEval      ts_eval_negate          (const TsEval *eval);
/* An evaluation stored on a move of seat mover (from the mover's point of view), as
 * Tessera shows it: from the first seat's side in two-seat games, as usual, from the
 * mover's in four-seat games. */
TsEval      ts_eval_shown           (const TsVariant *variant,
                                     guint            mover,
                                     const TsEval    *eval);

/* Whether a variant's evaluations are per seat (more than two teams: each seat judged by
 * its own) rather than of one side against the other. */
gboolean    ts_eval_per_seat        (const TsVariant *variant);
/* The move mark ($1–$6) of a move's annotation, 0 if none. */
guint       ts_annotation_move_mark (const TsAnnotation *annotation);

/* One move of the main line, as the analysis judged it. */
typedef struct {
  TsMove      move;
  guint       seat;           /* who made it */
  gboolean    judged;         /* before and after known (not for a seat leaving the game) */
  TsEval      before;         /* the mover's evaluation of its best move, before it */
  TsEval      after;          /* the mover's evaluation after the move (what the node
                                 gets); kind TS_EVAL_NONE when unknown */
  TsJudgement judgement;
  int         cp_loss;        /* centipawns lost, evaluations capped at ±1000 */
  guint       n_better;       /* the engine's line from the position before, when it */
  TsMove      better[TS_ANNOTATE_LINE_MAX];   /* starts with another move */
} TsAnnotatePly;

typedef struct {
  guint  n_moves;                      /* moves judged */
  guint  n_judged[TS_N_JUDGEMENTS];    /* [TS_JUDGEMENT_BLUNDER]: blunders, … */
  double acpl;                         /* average centipawn loss per judged move */
} TsAnnotateSeatSummary;

typedef struct {
  guint                 n_seats;
  guint                 n_plies;       /* main-line moves analysed */
  TsAnnotateSeatSummary seats[TS_MAX_SEATS];
} TsAnnotateSummary;

typedef struct _TsAnnotateJob TsAnnotateJob;

/* Called after each position: ply (0-based) is complete, of n_plies. */
typedef void (*TsAnnotateProgressFunc) (TsAnnotateJob       *job,
                                        guint                ply,
                                        guint                n_plies,
                                        const TsAnnotatePly *result,
                                        gpointer             user_data);

/* Copies the start position and the main line of game. */
TsAnnotateJob *ts_annotate_job_new     (const TsGame            *game,
                                        const TsAnnotateOptions *options);
TsAnnotateJob *ts_annotate_job_ref     (TsAnnotateJob *job);
void           ts_annotate_job_unref   (TsAnnotateJob *job);

/* Searches every position of the main line in the calling thread; progress is called
 * there too. FALSE with G_IO_ERROR_CANCELLED when cancelled. A job runs once. */
gboolean       ts_annotate_job_run     (TsAnnotateJob          *job,
                                        GCancellable           *cancellable,
                                        TsAnnotateProgressFunc  progress,
                                        gpointer                progress_data,
                                        GError                **error);
/* The same in a worker thread. progress and callback run in the thread-default main
 * context of the caller; progress never after callback nor after cancellable is
 * cancelled. progress_data must live until callback has run. */
void           ts_annotate_job_run_async  (TsAnnotateJob          *job,
                                           GCancellable           *cancellable,
                                           TsAnnotateProgressFunc  progress,
                                           gpointer                progress_data,
                                           GAsyncReadyCallback     callback,
                                           gpointer                user_data);
gboolean       ts_annotate_job_run_finish (TsAnnotateJob  *job,
                                           GAsyncResult   *result,
                                           GError        **error);

guint          ts_annotate_job_n_plies (TsAnnotateJob *job);
/* Whether game still starts from the job's position with the job's moves on its main
 * line (more moves after them are fine): what ts_annotate_job_apply would write in full.
 * Safe while the job runs. */
gboolean       ts_annotate_job_matches (TsAnnotateJob *job,
                                        const TsGame  *game);
/* After a complete run. */
const TsAnnotatePly *ts_annotate_job_ply (TsAnnotateJob *job,
                                          guint          ply);
void           ts_annotate_job_summary (TsAnnotateJob     *job,
                                        TsAnnotateSummary *summary);

/* Writes a complete run into game (one undo step): removes what an earlier analysis
 * added (marks and variations flagged in TsAnnotation.analysis), sets every analysed
 * move's evaluation, marks the moves judged (unless the user marked it already) and,
 * with options.variations, adds the better lines. Only the part of the main line that
 * still holds the job's moves is written. Returns the number of moves written; the
 * cursor stays where it was (or at the nearest node left, if it was on a removed line). */
guint          ts_annotate_job_apply   (TsAnnotateJob *job,
                                        TsGame        *game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsAnnotateJob, ts_annotate_job_unref)

G_END_DECLS
