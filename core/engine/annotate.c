/* Whole-game analysis (annotate.h, docs/analysis.md). */
#include "engine/annotate.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "engine/engine.h"
#include "records/nag.h"
#include "rules/notation.h"

/* Lichess's: evaluations are capped at ten pawns before they are compared. */
#define CP_CEILING 1000
#define WINNING_CHANCES_SLOPE 0.00368208

struct _TsAnnotateJob {
  gint               ref_count;
  TsAnnotateOptions  options;
  const TsVariant   *variant;
  TsPosition        *start;
  GArray            *moves;      /* TsMove: the main line when the job was made */
  TsAnnotatePly     *plies;      /* written by the run only */
  gboolean           started;
  gboolean           complete;
  gint               stop;       /* atomic: raised by the cancellable */
};

/* ---- Judgements and evaluations ---- */

guint
ts_judgement_nag (TsJudgement judgement)
{
  static const guint nags[TS_N_JUDGEMENTS] = { 0, TS_NAG_DUBIOUS, TS_NAG_MISTAKE, TS_NAG_BLUNDER };

  g_return_val_if_fail (judgement < TS_N_JUDGEMENTS, 0);
  return nags[judgement];
}

const char *
ts_judgement_name (TsJudgement judgement)
{
  static const char *const names[TS_N_JUDGEMENTS] = { NULL, N_("Inaccuracy"), N_("Mistake"), N_("Blunder") };

  g_return_val_if_fail (judgement < TS_N_JUDGEMENTS, NULL);
  return names[judgement] ? _(names[judgement]) : NULL;
}

void
ts_annotate_options_init (TsAnnotateOptions *options)
{
  memset (options, 0, sizeof *options);
  options->movetime_ms = TS_ANNOTATE_DEFAULT_MOVETIME_MS;
}

/* Centipawns capped at the ceiling; a mate is the ceiling (a mate delivered, 0, too). */
static int
capped_cp (const TsEval *eval)
{
  if (eval->kind == TS_EVAL_MATE)
    return eval->value >= 0 ? CP_CEILING : -CP_CEILING;
  return CLAMP (eval->value, -CP_CEILING, CP_CEILING);
}

double
ts_eval_winning_chances (const TsEval *eval)
{
  return 2 / (1 + exp (-WINNING_CHANCES_SLOPE * capped_cp (eval))) - 1;
}

static gboolean
is_mate_for (const TsEval *eval, int sign)
{
  return eval->kind == TS_EVAL_MATE && (sign > 0 ? eval->value >= 0 : eval->value < 0);
}

TsJudgement
ts_eval_judge (const TsEval *before, const TsEval *after)
{
  double loss;

  if (before->kind == TS_EVAL_NONE || after->kind == TS_EVAL_NONE)
    return TS_JUDGEMENT_NONE;
  /* A mate allowed: how bad depends on how lost the position was already. */
  if (before->kind == TS_EVAL_CP && is_mate_for (after, -1))
    return before->value < -999 ? TS_JUDGEMENT_INACCURACY
         : before->value < -700 ? TS_JUDGEMENT_MISTAKE : TS_JUDGEMENT_BLUNDER;
  /* A forced mate given away: how bad depends on what is left. */
  if (is_mate_for (before, 1) && !is_mate_for (after, 1))
    {
      int left = after->kind == TS_EVAL_CP ? after->value : 0;

      return left > 999 ? TS_JUDGEMENT_INACCURACY
           : left > 700 ? TS_JUDGEMENT_MISTAKE : TS_JUDGEMENT_BLUNDER;
    }
  /* A slower mate, or a mate against the mover that comes later or sooner, is no mark. */
  if (before->kind == TS_EVAL_MATE || after->kind == TS_EVAL_MATE)
    return TS_JUDGEMENT_NONE;
  loss = ts_eval_winning_chances (before) - ts_eval_winning_chances (after);
  return loss >= 0.3 ? TS_JUDGEMENT_BLUNDER
       : loss >= 0.2 ? TS_JUDGEMENT_MISTAKE
       : loss >= 0.1 ? TS_JUDGEMENT_INACCURACY : TS_JUDGEMENT_NONE;
}

TsEval
ts_eval_negate (const TsEval *eval)
{
  TsEval e = *eval;

  e.value = -e.value;
  return e;
}

TsEval
ts_eval_shown (const TsVariant *variant, guint mover, const TsEval *eval)
{
  if (variant->n_seats == 2 && variant->team[mover] != variant->team[0])
    return ts_eval_negate (eval);
  return *eval;
}

char *
ts_eval_format (const TsEval *eval)
{
  switch (eval->kind)
    {
    case TS_EVAL_CP:
      return g_strdup_printf ("%s%d.%02d", eval->value < 0 ? "-" : "+", ABS (eval->value) / 100,
                              ABS (eval->value) % 100);
    case TS_EVAL_MATE:
      return g_strdup_printf ("#%d", (int) eval->value);
    case TS_EVAL_NONE:
    default:
      return NULL;
    }
}

/* ---- The job ---- */

TsAnnotateJob *
ts_annotate_job_new (const TsGame *game, const TsAnnotateOptions *options)
{
  TsAnnotateJob *job = g_new0 (TsAnnotateJob, 1);
  TsGameNode *node = ts_game_root (game);

  job->ref_count = 1;
  if (options)
    job->options = *options;
  else
    ts_annotate_options_init (&job->options);
  if (job->options.movetime_ms == 0 && job->options.depth == 0)
    job->options.movetime_ms = TS_ANNOTATE_DEFAULT_MOVETIME_MS;
  job->variant = ts_game_variant (game);
  job->start = ts_position_copy (ts_game_start_position (game));
  job->moves = g_array_new (FALSE, FALSE, sizeof (TsMove));
  while (ts_game_node_n_children (node) > 0)
    {
      node = ts_game_node_child (node, 0);
      g_array_append_val (job->moves, node->move);
    }
  job->plies = g_new0 (TsAnnotatePly, MAX (job->moves->len, 1));
  return job;
}

TsAnnotateJob *
ts_annotate_job_ref (TsAnnotateJob *job)
{
  g_atomic_int_inc (&job->ref_count);
  return job;
}

void
ts_annotate_job_unref (TsAnnotateJob *job)
{
  if (job == NULL || !g_atomic_int_dec_and_test (&job->ref_count))
    return;
  ts_position_free (job->start);
  g_array_unref (job->moves);
  g_free (job->plies);
  g_free (job);
}

guint
ts_annotate_job_n_plies (TsAnnotateJob *job)
{
  return job->moves->len;
}

const TsAnnotatePly *
ts_annotate_job_ply (TsAnnotateJob *job, guint ply)
{
  g_return_val_if_fail (job->complete && ply < job->moves->len, NULL);
  return &job->plies[ply];
}

/* ---- Searching ---- */

/* The best line of one position, from the side to move's point of view (or for_seat's). */
typedef struct {
  gboolean valid;
  TsEval   eval;
  guint    n_line;
  TsMove   line[TS_ANNOTATE_LINE_MAX];
} Verdict;

static gboolean
cancelled (TsAnnotateJob *job)
{
  return g_atomic_int_get (&job->stop) != 0;
}

/* A search of pos within the job's limits, or (depth > 0) to that depth without a time
 * limit; for_seat as in TsSearchLimits. */
static void
search (TsAnnotateJob *job, TsEngine *engine, const TsPosition *pos, guint for_seat, guint depth,
        Verdict *out)
{
  TsSearchLimits limits;
  TsSearchInfo info;

  memset (out, 0, sizeof *out);
  ts_search_limits_init (&limits);
  limits.depth = depth ? depth : job->options.depth;
  limits.movetime_ms = depth ? 0 : job->options.movetime_ms;
  limits.for_seat = for_seat;
  if (!ts_engine_search (engine, pos, &limits, &job->stop, NULL, NULL, &info))
    return;
  if (info.n_lines > 0 && !cancelled (job))
    {
      const TsSearchLine *line = &info.lines[0];

      out->valid = TRUE;
      out->eval.kind = line->is_mate ? TS_EVAL_MATE : TS_EVAL_CP;
      out->eval.value = line->is_mate ? line->mate_moves : line->score;
      out->eval.depth = MIN (info.depth, G_MAXUINT16);
      out->n_line = MIN (line->n_moves, (guint) TS_ANNOTATE_LINE_MAX);
      memcpy (out->line, line->moves, out->n_line * sizeof (TsMove));
    }
  ts_search_info_clear (&info);
}

gboolean
ts_eval_per_seat (const TsVariant *v)
{
  guint mask = 0;

  for (guint s = 0; s < v->n_seats; s++)
    mask |= 1u << v->team[s];
  return __builtin_popcount (mask) > 2;
}

/* The mover's evaluation after its move, pos being the position after it: the game's
 * result when it is over, else the search of pos (here, of the side to move) seen from
 * the mover's side, or with more than two teams a search for the mover. That one goes
 * one ply less deep than the search before the move did (before): both then look as far
 * ahead, to the mover's next turn, where a paranoid score for a seat not to move (three
 * opponents in a row) would otherwise be compared with one for the seat to move. */
static gboolean
evaluation_after (TsAnnotateJob *job, TsEngine *engine, TsPosition *pos, guint mover,
                  const Verdict *before, const Verdict *here, TsEval *after)
{
  const TsVariant *v = job->variant;
  guint to_move = ts_position_side_to_move (pos);
  TsResult r;

  ts_position_result (pos, &r);
  if (r.kind != TS_RESULT_NONE)
    {
      after->kind = r.kind == TS_RESULT_DRAW ? TS_EVAL_CP : TS_EVAL_MATE;
      after->value = r.kind == TS_RESULT_WIN && r.winner_team != v->team[mover] ? -1 : 0;
      after->depth = 0;
      return TRUE;
    }
  if (!here->valid)
    return FALSE;
  if (v->team[to_move] == v->team[mover])
    *after = here->eval;
  else if (!ts_eval_per_seat (v))
    *after = ts_eval_negate (&here->eval);
  else
    {
      Verdict own;

      search (job, engine, pos, mover + 1, before->valid ? MAX (before->eval.depth, 2u) - 1 : 0, &own);
      if (!own.valid)
        return FALSE;
      *after = own.eval;
    }
  return TRUE;
}

static void
judge_ply (TsAnnotatePly *ply, const Verdict *before)
{
  gboolean best_played = before->n_line > 0 && ts_move_equal (before->line[0], ply->move);

  ply->before = before->eval;
  ply->judged = TRUE;
  /* the engine's own choice is never a mistake, whatever a deeper look after it says */
  ply->judgement = best_played ? TS_JUDGEMENT_NONE : ts_eval_judge (&ply->before, &ply->after);
  ply->cp_loss = best_played ? 0 : MAX (0, capped_cp (&ply->before) - capped_cp (&ply->after));
  if (ply->judgement != TS_JUDGEMENT_NONE)
    {
      ply->n_better = before->n_line;
      memcpy (ply->better, before->line, before->n_line * sizeof (TsMove));
    }
}

static void
cancelled_cb (GCancellable *cancellable, gpointer data)
{
  g_atomic_int_set (&((TsAnnotateJob *) data)->stop, 1);
}

gboolean
ts_annotate_job_run (TsAnnotateJob          *job,
                     GCancellable           *cancellable,
                     TsAnnotateProgressFunc  progress,
                     gpointer                progress_data,
                     GError                **error)
{
  g_autoptr (TsPosition) pos = ts_position_copy (job->start);
  TsEngine *engine;
  Verdict before, here;
  gulong handler = 0;
  guint n = job->moves->len;

  g_return_val_if_fail (!job->started, FALSE);
  job->started = TRUE;
  if (cancellable)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), job, NULL);
  engine = ts_engine_new (job->variant, job->options.hash_mb ? job->options.hash_mb : 16);
  search (job, engine, pos, 0, 0, &before);
  for (guint i = 0; i < n && !cancelled (job); i++)
    {
      TsAnnotatePly *ply = &job->plies[i];
      TsUndo undo;

      ply->move = g_array_index (job->moves, TsMove, i);
      ply->seat = ts_position_side_to_move (pos);
      ts_position_make (pos, ply->move, &undo);
      search (job, engine, pos, 0, 0, &here);
      /* a seat leaving the game (a fallen flag) is no move to judge */
      if (!(ply->move.flags & TS_MOVE_LEAVE) &&
          evaluation_after (job, engine, pos, ply->seat, &before, &here, &ply->after) && before.valid)
        judge_ply (ply, &before);
      if (cancelled (job))
        break;
      if (progress)
        progress (job, i, n, ply, progress_data);
      before = here;
    }
  ts_engine_free (engine);
  if (cancellable)
    g_cancellable_disconnect (cancellable, handler);
  if (cancelled (job))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The analysis was cancelled"));
      return FALSE;
    }
  job->complete = TRUE;
  return TRUE;
}

void
ts_annotate_job_summary (TsAnnotateJob *job, TsAnnotateSummary *summary)
{
  guint64 loss[TS_MAX_SEATS] = { 0 };

  memset (summary, 0, sizeof *summary);
  summary->n_seats = job->variant->n_seats;
  if (!job->complete)
    return;
  summary->n_plies = job->moves->len;
  for (guint i = 0; i < job->moves->len; i++)
    {
      const TsAnnotatePly *ply = &job->plies[i];
      TsAnnotateSeatSummary *seat = &summary->seats[ply->seat];

      if (!ply->judged)
        continue;
      seat->n_moves++;
      seat->n_judged[ply->judgement]++;
      loss[ply->seat] += ply->cp_loss;
    }
  for (guint s = 0; s < summary->n_seats; s++)
    if (summary->seats[s].n_moves > 0)
      summary->seats[s].acpl = (double) loss[s] / summary->seats[s].n_moves;
}

/* ---- In a worker thread ---- */

typedef struct {
  TsAnnotateJob          *job;
  TsAnnotateProgressFunc  progress;
  gpointer                progress_data;
  GTask                  *task;      /* not a reference: the task owns this */
} AsyncRun;

typedef struct {
  GTask         *task;
  guint          ply, n_plies;
  TsAnnotatePly  result;
} Delivery;

static void
async_run_free (gpointer data)
{
  AsyncRun *run = data;

  ts_annotate_job_unref (run->job);
  g_free (run);
}

static void
delivery_free (gpointer data)
{
  Delivery *d = data;

  g_object_unref (d->task);
  g_free (d);
}

static gboolean
deliver_progress (gpointer data)
{
  Delivery *d = data;
  AsyncRun *run = g_task_get_task_data (d->task);
  GCancellable *cancellable = g_task_get_cancellable (d->task);

  if (!g_task_get_completed (d->task) && !g_cancellable_is_cancelled (cancellable))
    run->progress (run->job, d->ply, d->n_plies, &d->result, run->progress_data);
  return G_SOURCE_REMOVE;
}

/* In the worker: a copy of the ply goes to the caller's context. */
static void
post_progress (TsAnnotateJob *job, guint ply, guint n_plies, const TsAnnotatePly *result, gpointer data)
{
  AsyncRun *run = data;
  Delivery *d = g_new0 (Delivery, 1);
  GSource *source = g_idle_source_new ();

  d->task = g_object_ref (run->task);
  d->ply = ply;
  d->n_plies = n_plies;
  d->result = *result;
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver_progress, d, delivery_free);
  g_source_set_static_name (source, "ts-annotate-progress");
  g_source_attach (source, g_task_get_context (run->task));
  g_source_unref (source);
}

static void
run_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  AsyncRun *run = data;
  GError *error = NULL;

  if (ts_annotate_job_run (run->job, cancellable, run->progress ? post_progress : NULL, run, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
ts_annotate_job_run_async (TsAnnotateJob          *job,
                           GCancellable           *cancellable,
                           TsAnnotateProgressFunc  progress,
                           gpointer                progress_data,
                           GAsyncReadyCallback     callback,
                           gpointer                user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  AsyncRun *run = g_new0 (AsyncRun, 1);

  run->job = ts_annotate_job_ref (job);
  run->progress = progress;
  run->progress_data = progress_data;
  run->task = task;
  g_task_set_source_tag (task, ts_annotate_job_run_async);
  g_task_set_task_data (task, run, async_run_free);
  /* a cancelled run still reports, so the caller always hears the end */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, run_in_thread);
}

gboolean
ts_annotate_job_run_finish (TsAnnotateJob *job, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (((AsyncRun *) g_task_get_task_data (G_TASK (result)))->job == job, FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- Writing into the game ---- */

guint
ts_annotation_move_mark (const TsAnnotation *a)
{
  for (guint i = 0; i < a->n_nags; i++)
    if (ts_nag_is_move_mark (a->nags[i]))
      return a->nags[i];
  return 0;
}

/* Removes what an earlier analysis added at this move: its mark, and the variations
 * it added as alternatives to the move. */
static void
remove_earlier (TsGame *game, TsGameNode *node)
{
  TsGameNode *parent = node->parent;

  for (guint i = ts_game_node_n_children (parent); i > 1; i--)
    {
      TsGameNode *alternative = ts_game_node_child (parent, i - 1);

      if (alternative->annotation.analysis & TS_ANALYSIS_LINE)
        ts_game_delete_variation (game, alternative);
    }
  if (node->annotation.analysis & TS_ANALYSIS_MARK)
    {
      TsAnnotation a;
      guint n = 0;

      ts_annotation_copy (&a, &node->annotation);
      for (guint i = 0; i < a.n_nags; i++)
        if (!ts_nag_is_move_mark (a.nags[i]))
          a.nags[n++] = a.nags[i];
      a.n_nags = n;
      a.analysis &= ~TS_ANALYSIS_MARK;
      ts_game_set_annotation (game, node, &a);
      ts_annotation_clear (&a);
    }
}

/* The evaluation and the mark (unless the user marked the move). */
static void
write_ply (TsGame *game, TsGameNode *node, const TsAnnotatePly *ply)
{
  TsAnnotation a;
  guint nag = ts_judgement_nag (ply->judgement);

  ts_annotation_copy (&a, &node->annotation);
  if (ply->after.kind != TS_EVAL_NONE)
    a.eval = ply->after;
  if (nag && ts_annotation_move_mark (&a) == 0 && a.n_nags < TS_RECORD_MAX_NAGS)
    {
      a.nags[a.n_nags++] = nag;
      a.analysis |= TS_ANALYSIS_MARK;
    }
  ts_game_set_annotation (game, node, &a);
  ts_annotation_clear (&a);
}

/* "Blunder (+0.35 → -2.10). Better was NBd3." */
static char *
better_comment (TsAnnotateJob *job, const TsAnnotatePly *ply, const char *san)
{
  TsEval before = ts_eval_shown (job->variant, ply->seat, &ply->before);
  TsEval after = ts_eval_shown (job->variant, ply->seat, &ply->after);
  g_autofree char *from = ts_eval_format (&before);
  g_autofree char *to = ts_eval_format (&after);

  /* Translators: a comment on a move whole-game analysis marked: the judgement
   * ("Blunder"), the evaluation before and after the move, the engine's better move. */
  return g_strdup_printf (_("%s (%s → %s). Better was %s."), ts_judgement_name (ply->judgement),
                          from, to, san);
}

/* The engine's better line as a variation of node's move, unless one with its first
 * move is there already. */
static void
add_better_line (TsAnnotateJob *job, TsGame *game, TsGameNode *node, const TsAnnotatePly *ply)
{
  TsGameNode *parent = node->parent, *first = NULL;
  TsAnnotation a;

  for (guint i = 0; i < ts_game_node_n_children (parent); i++)
    if (ts_move_equal (ts_game_node_child (parent, i)->move, ply->better[0]))
      return;
  ts_game_go_to (game, parent);
  for (guint i = 0; i < ply->n_better; i++)
    {
      TsGameNode *added;

      if (!ts_position_is_legal ((TsPosition *) ts_game_position (game), ply->better[i]))
        break;
      added = ts_game_add_move (game, ply->better[i]);
      if (first == NULL)
        first = added;
    }
  if (first == NULL)
    return;
  ts_annotation_copy (&a, &first->annotation);
  g_free (a.comment_before);
  a.comment_before = better_comment (job, ply, first->san);
  a.eval = ply->before;
  a.analysis |= TS_ANALYSIS_LINE;
  ts_game_set_annotation (game, first, &a);
  ts_annotation_clear (&a);
}

/* The nodes of game's main line that still hold the job's moves, from the first. */
static GPtrArray *
matching_nodes (TsAnnotateJob *job, const TsGame *game)
{
  GPtrArray *nodes = g_ptr_array_new ();
  TsGameNode *node = ts_game_root (game);

  if (ts_game_variant (game) != job->variant ||
      ts_position_hash (ts_game_start_position (game)) != ts_position_hash (job->start))
    return nodes;
  while (nodes->len < job->moves->len && ts_game_node_n_children (node) > 0 &&
         ts_move_equal (ts_game_node_child (node, 0)->move, g_array_index (job->moves, TsMove, nodes->len)))
    {
      node = ts_game_node_child (node, 0);
      g_ptr_array_add (nodes, node);
    }
  return nodes;
}

gboolean
ts_annotate_job_matches (TsAnnotateJob *job, const TsGame *game)
{
  g_autoptr (GPtrArray) nodes = matching_nodes (job, game);

  return nodes->len == job->moves->len && ts_game_variant (game) == job->variant &&
         ts_position_hash (ts_game_start_position (game)) == ts_position_hash (job->start);
}

guint
ts_annotate_job_apply (TsAnnotateJob *job, TsGame *game)
{
  g_autoptr (GPtrArray) nodes = NULL;
  TsGameNode *cursor;

  g_return_val_if_fail (job->complete, 0);
  nodes = matching_nodes (job, game);

  ts_game_begin_edit (game);
  for (guint i = 0; i < nodes->len; i++)
    remove_earlier (game, nodes->pdata[i]);
  cursor = ts_game_current (game);   /* moved up if it was on a removed line */
  for (guint i = 0; i < nodes->len; i++)
    write_ply (game, nodes->pdata[i], &job->plies[i]);
  if (job->options.variations)
    for (guint i = 0; i < nodes->len; i++)
      if (job->plies[i].judgement != TS_JUDGEMENT_NONE && job->plies[i].n_better > 0)
        add_better_line (job, game, nodes->pdata[i], &job->plies[i]);
  ts_game_go_to (game, cursor);
  ts_game_end_edit (game);
  return nodes->len;
}
