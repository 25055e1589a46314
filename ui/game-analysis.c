/* TsGameAnalysis: whole-game analysis under the board and the evaluation graph
 * (game-analysis.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "board-render.h"
#include "engine/engine.h"
#include "game-analysis.h"
#include "piece-art.h"
#include "records/nag.h"

struct _TsGameAnalysis
{
  GtkWidget          parent_instance;

  TsGameSession     *session;
  TsAnnotateJob     *job;          /* the run under way */
  TsGameSession     *job_session;  /* the session it analyses */
  gboolean           disposed;
  GCancellable      *cancellable;
  GArray            *preview;      /* TsAnnotatePly: the run's moves judged so far */
  guint              n_preview;
  char              *stop_reason;  /* why the run was cancelled, when not by the user */

  /* the main line as last drawn */
  const TsGame      *shown_game;
  guint64            shown_revision;
  gboolean           has_evals;    /* some main-line move of it holds an evaluation */
  gboolean           collected;    /* nodes and movers are its */
  GPtrArray         *nodes;        /* main-line nodes, move k at k - 1 */
  GArray            *movers;       /* guint seat per move */

  TsAnnotateSummary  summary;
  gboolean           have_summary;

  GtkWidget         *box;
  GtkRevealer       *progress_revealer;
  GtkLabel          *progress_label;
  GtkProgressBar    *progress;
  GtkLabel          *message;
  GtkWidget         *graph_box;
  TsEvalGraph       *graph;
  GtkGrid           *summary_grid;
};

G_DEFINE_FINAL_TYPE (TsGameAnalysis, ts_game_analysis, GTK_TYPE_WIDGET)

enum { SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

GtkWidget *
ts_game_analysis_new (void)
{
  return g_object_new (TS_TYPE_GAME_ANALYSIS, NULL);
}

/* ---- The graph ---- */

static gboolean
main_line_has_evals (const TsGame *game)
{
  for (TsGameNode *node = ts_game_root (game); ts_game_node_n_children (node) > 0;)
    {
      node = ts_game_node_child (node, 0);
      if (node->annotation.eval.kind != TS_EVAL_NONE)
        return TRUE;
    }
  return FALSE;
}

/* The main line's nodes and who moved each. */
static void
collect_main_line (TsGameAnalysis *self)
{
  TsGame *game = ts_game_session_get_game (self->session);
  g_autoptr (TsPosition) pos = NULL;
  TsGameNode *node;

  self->collected = TRUE;
  g_ptr_array_set_size (self->nodes, 0);
  g_array_set_size (self->movers, 0);
  pos = ts_position_copy (ts_game_start_position (game));
  for (node = ts_game_root (game); ts_game_node_n_children (node) > 0;)
    {
      guint mover = ts_position_side_to_move (pos);
      TsUndo undo;

      node = ts_game_node_child (node, 0);
      ts_position_make (pos, node->move, &undo);
      g_ptr_array_add (self->nodes, node);
      g_array_append_val (self->movers, mover);
    }
}

/* A score for the graph, from the mover's evaluation: mates at the edge, the sooner the
 * further out; from the first seat's side with one line for two teams. */
static int
graph_score (const TsVariant *v, guint mover, const TsEval *eval)
{
  int score;

  if (eval->kind == TS_EVAL_NONE)
    return TS_EVAL_GRAPH_NONE;
  if (eval->kind == TS_EVAL_MATE)
    score = eval->value >= 0 ? TS_SCORE_MATE - eval->value : -TS_SCORE_MATE - eval->value;
  else
    score = CLAMP (eval->value, -TS_EVAL_GRAPH_MATE + 1, TS_EVAL_GRAPH_MATE - 1);
  if (!ts_eval_per_seat (v) && v->team[mover] != v->team[0])
    score = -score;
  return score;
}

static char *
move_label (const TsGame *game, guint ply, const char *san)
{
  guint n_seats = ts_game_variant (game)->n_seats;
  guint abs_ply = ts_position_ply (ts_game_start_position (game)) + ply;

  return g_strdup_printf (abs_ply % n_seats == 0 ? "%u. %s" : "%u… %s", abs_ply / n_seats + 1, san);
}

/* The stored evaluations, with what the run under way has judged so far over them. */
static void
refresh_graph (TsGameAnalysis *self)
{
  TsGame *game = ts_game_session_get_game (self->session);
  const TsVariant *v = ts_game_variant (game);
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (TsEvalGraphPoint));
  g_autoptr (GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);

  if (game != self->shown_game || ts_game_revision (game) != self->shown_revision)
    {
      self->shown_game = game;
      self->shown_revision = ts_game_revision (game);
      self->has_evals = main_line_has_evals (game);
      self->collected = FALSE;
    }
  /* Nothing to draw: the graph stays hidden, and the game is not replayed for its movers
   * (a move costs a legal-move check in four-player variants: 0.3 s at 100 000 plies). */
  if (self->job == NULL && !self->have_summary && !self->has_evals)
    {
      ts_eval_graph_clear (self->graph);
      gtk_widget_set_visible (self->graph_box, FALSE);
      return;
    }
  if (!self->collected)
    collect_main_line (self);
  for (guint i = 0; i < self->nodes->len; i++)
    {
      TsGameNode *node = self->nodes->pdata[i];
      guint mover = g_array_index (self->movers, guint, i);
      const TsAnnotatePly *judged = i < self->n_preview ? &g_array_index (self->preview, TsAnnotatePly, i) : NULL;
      TsEval eval = judged && judged->after.kind != TS_EVAL_NONE ? judged->after : node->annotation.eval;
      TsEval shown = ts_eval_per_seat (v) ? eval : ts_eval_shown (v, mover, &eval);
      TsEvalGraphPoint p = { graph_score (v, mover, &eval), ts_eval_per_seat (v) ? mover : 0,
                             ts_annotation_move_mark (&node->annotation), NULL, NULL };
      char *label = move_label (game, i, node->san);
      /* a move that ends the game with a win: "#" (the notation says who won) */
      char *value = eval.kind == TS_EVAL_MATE && eval.value == 0 ? g_strdup ("#") : ts_eval_format (&shown);

      if (judged && p.mark == 0)
        p.mark = ts_judgement_nag (judged->judgement);
      p.label = label;
      p.value = value;
      g_ptr_array_add (strings, label);
      g_ptr_array_add (strings, value);
      g_array_append_val (points, p);
    }
  ts_eval_graph_set_points (self->graph, (TsEvalGraphPoint *) points->data, points->len,
                            ts_position_ply (ts_game_start_position (game)), v->n_seats);
  gtk_widget_set_visible (self->graph_box, self->job != NULL || ts_eval_graph_has_scores (self->graph) ||
                                           self->have_summary);
}

/* The main-line move the cursor is on or branches from. */
static void
refresh_current (TsGameAnalysis *self)
{
  ts_eval_graph_set_current (self->graph, ts_game_current_main_depth (ts_game_session_get_game (self->session)));
}

static void
graph_ply_activated (TsGameAnalysis *self, guint ply)
{
  TsGame *game;

  if (self->session == NULL)
    return;
  game = ts_game_session_get_game (self->session);
  collect_main_line (self);
  ts_game_session_go_to (self->session, ply == 0 || ply > self->nodes->len ? ts_game_root (game)
                                                                            : self->nodes->pdata[ply - 1]);
}

/* ---- The summary ---- */

static void
set_cell (TsGameAnalysis *self, int column, int row, const char *text, const char *css, const char *tooltip)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 1);
  gtk_widget_add_css_class (label, "numeric");
  if (css)
    gtk_widget_add_css_class (label, css);
  if (tooltip)
    {
      gtk_widget_set_tooltip_text (label, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
    }
  gtk_grid_attach (self->summary_grid, label, column, row, 1, 1);
}

static void
clear_summary_grid (TsGameAnalysis *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->summary_grid))))
    gtk_grid_remove (self->summary_grid, child);
}

/* A row per seat: inaccuracies, mistakes, blunders, average centipawn loss. */
static void
show_summary (TsGameAnalysis *self)
{
  const TsVariant *v = ts_game_session_get_variant (self->session);
  static const char *const css[] = { NULL, "inaccuracy", "mistake", "blunder" };

  clear_summary_grid (self);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_grid), self->have_summary);
  if (!self->have_summary)
    return;
  for (TsJudgement j = TS_JUDGEMENT_INACCURACY; j <= TS_JUDGEMENT_BLUNDER; j++)
    set_cell (self, j, 0, ts_nag_glyph (ts_judgement_nag (j)), css[j], ts_judgement_name (j));
  /* Translators: the average centipawn loss, as a column head; keep it short */
  set_cell (self, 4, 0, _("ACPL"), "dim-label", _("Average centipawn loss"));
  for (guint s = 0; s < self->summary.n_seats; s++)
    {
      const TsAnnotateSeatSummary *seat = &self->summary.seats[s];

      set_cell (self, 0, s + 1, _(v->seat_names[s]), NULL, NULL);
      for (TsJudgement j = TS_JUDGEMENT_INACCURACY; j <= TS_JUDGEMENT_BLUNDER; j++)
        {
          g_autofree char *count = g_strdup_printf ("%u", seat->n_judged[j]);

          set_cell (self, j, s + 1, count, NULL, NULL);
        }
      {
        g_autofree char *acpl = g_strdup_printf ("%.0f", seat->acpl);

        set_cell (self, 4, s + 1, acpl, NULL, NULL);
      }
    }
}

char *
ts_game_analysis_get_summary_text (TsGameAnalysis *self)
{
  const TsVariant *v;
  GString *s;

  g_return_val_if_fail (TS_IS_GAME_ANALYSIS (self), NULL);
  if (!self->have_summary || self->session == NULL)
    return NULL;
  v = ts_game_session_get_variant (self->session);
  s = g_string_new (NULL);
  for (guint i = 0; i < self->summary.n_seats; i++)
    {
      const TsAnnotateSeatSummary *seat = &self->summary.seats[i];

      /* Translators: one line of the analysis summary: the seat, its inaccuracies,
       * mistakes, blunders and average centipawn loss */
      g_string_append_printf (s, _("%s: %u ?!, %u ?, %u ?\?, ACPL %.0f"), _(v->seat_names[i]),
                              seat->n_judged[TS_JUDGEMENT_INACCURACY], seat->n_judged[TS_JUDGEMENT_MISTAKE],
                              seat->n_judged[TS_JUDGEMENT_BLUNDER], seat->acpl);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

const char *
ts_game_analysis_get_message (TsGameAnalysis *self)
{
  g_return_val_if_fail (TS_IS_GAME_ANALYSIS (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->message)) ? gtk_label_get_label (self->message) : NULL;
}

static void
show_message (TsGameAnalysis *self, const char *text)
{
  gtk_label_set_label (self->message, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message), text != NULL);
}

/* ---- Running ---- */

static void
set_progress (TsGameAnalysis *self, guint done, guint total)
{
  g_autofree char *text = g_strdup_printf (_("Analysing move %u of %u…"), MIN (done + 1, total), total);

  gtk_label_set_label (self->progress_label, text);
  gtk_progress_bar_set_fraction (self->progress, total ? (double) done / total : 0);
}

static void
run_progress (TsAnnotateJob *job, guint ply, guint n_plies, const TsAnnotatePly *result, gpointer data)
{
  TsGameAnalysis *self = data;

  if (job != self->job)
    return;
  g_array_index (self->preview, TsAnnotatePly, ply) = *result;
  self->n_preview = ply + 1;
  set_progress (self, ply + 1, n_plies);
  refresh_graph (self);
}

static void
run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TsGameAnalysis) self = data;
  g_autoptr (TsAnnotateJob) job = g_steal_pointer (&self->job);
  g_autoptr (GError) error = NULL;
  gboolean written = FALSE;

  g_autoptr (TsGameSession) analysed = g_steal_pointer (&self->job_session);

  g_clear_object (&self->cancellable);
  self->n_preview = 0;
  if (self->disposed)
    return;
  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  if (ts_annotate_job_run_finish (job, result, &error) && self->session == analysed)
    {
      written = ts_game_session_apply_analysis (self->session, job) > 0;
      ts_annotate_job_summary (job, &self->summary);
      self->have_summary = TRUE;
      show_message (self, NULL);
    }
  else if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_message (self, error->message);
  else
    show_message (self, self->stop_reason ? self->stop_reason : _("The analysis was cancelled."));
  g_clear_pointer (&self->stop_reason, g_free);
  if (self->session)
    {
      show_summary (self);
      refresh_graph (self);
    }
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, written);
}

gboolean
ts_game_analysis_start (TsGameAnalysis *self, const TsAnnotateOptions *options)
{
  TsGame *game;

  g_return_val_if_fail (TS_IS_GAME_ANALYSIS (self), FALSE);
  if (self->job || self->session == NULL)
    return FALSE;
  game = ts_game_session_get_game (self->session);
  self->job = ts_annotate_job_new (game, options);
  if (ts_annotate_job_n_plies (self->job) == 0)
    {
      g_clear_pointer (&self->job, ts_annotate_job_unref);
      return FALSE;
    }
  self->cancellable = g_cancellable_new ();
  self->job_session = g_object_ref (self->session);
  g_array_set_size (self->preview, ts_annotate_job_n_plies (self->job));
  self->n_preview = 0;
  self->have_summary = FALSE;
  show_summary (self);
  show_message (self, NULL);
  set_progress (self, 0, ts_annotate_job_n_plies (self->job));
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  refresh_graph (self);
  ts_annotate_job_run_async (self->job, self->cancellable, run_progress, self, run_done, g_object_ref (self));
  return TRUE;
}

static void
cancel_because (TsGameAnalysis *self, const char *reason)
{
  if (self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    return;
  g_free (self->stop_reason);
  self->stop_reason = g_strdup (reason);
  g_cancellable_cancel (self->cancellable);
}

void
ts_game_analysis_cancel (TsGameAnalysis *self)
{
  g_return_if_fail (TS_IS_GAME_ANALYSIS (self));
  cancel_because (self, NULL);
}

gboolean
ts_game_analysis_is_running (TsGameAnalysis *self)
{
  g_return_val_if_fail (TS_IS_GAME_ANALYSIS (self), FALSE);
  return self->job != NULL;
}

TsEvalGraph *
ts_game_analysis_get_graph (TsGameAnalysis *self)
{
  return self->graph;
}

/* ---- Following the session ---- */

static void
session_changed (TsGameAnalysis *self)
{
  TsGame *game = ts_game_session_get_game (self->session);

  if (self->job && !ts_annotate_job_matches (self->job, game))
    cancel_because (self, _("The analysis stopped: the moves it was analysing were changed."));
  /* A step through the game moves the current mark only: the points are rebuilt when the
   * record changed (a label and a value per move: 13 ms a step at 20 000 plies). */
  if (game != self->shown_game || ts_game_revision (game) != self->shown_revision)
    refresh_graph (self);
  refresh_current (self);
}

void
ts_game_analysis_set_session (TsGameAnalysis *self, TsGameSession *session)
{
  g_return_if_fail (TS_IS_GAME_ANALYSIS (self));
  if (self->session == session)
    return;
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  cancel_because (self, _("The analysis stopped: another game was opened."));
  g_set_object (&self->session, session);
  self->shown_game = NULL;
  self->collected = FALSE;
  g_ptr_array_set_size (self->nodes, 0);
  self->have_summary = FALSE;
  show_summary (self);
  show_message (self, NULL);
  if (session == NULL)
    {
      ts_eval_graph_clear (self->graph);
      gtk_widget_set_visible (self->graph_box, FALSE);
      return;
    }
  {
    const TsVariant *v = ts_game_session_get_variant (session);

    if (ts_eval_per_seat (v))
      {
        const char *names[TS_MAX_SEATS];
        GdkRGBA colours[TS_MAX_SEATS];

        for (guint s = 0; s < v->n_seats; s++)
          {
            const TsArmyColors *army = ts_army_colors (ts_board_seat_army (v, s));

            names[s] = _(v->seat_names[s]);
            colours[s] = (GdkRGBA) { army->fill.r, army->fill.g, army->fill.b, 1 };
          }
        ts_eval_graph_set_lines (self->graph, v->n_seats, names, colours);
      }
    else
      ts_eval_graph_set_lines (self->graph, 1, NULL, NULL);
  }
  g_signal_connect_swapped (session, "changed", G_CALLBACK (session_changed), self);
  session_changed (self);
}

/* ---- Life cycle ---- */

static void
action_cancel (GtkWidget *widget, const char *name, GVariant *param)
{
  ts_game_analysis_cancel (TS_GAME_ANALYSIS (widget));
}

static void
ts_game_analysis_dispose (GObject *object)
{
  TsGameAnalysis *self = TS_GAME_ANALYSIS (object);

  /* the run's end holds a reference to self: it still runs, later, and finds no session */
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  cancel_because (self, NULL);
  g_clear_object (&self->session);
  self->disposed = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_GAME_ANALYSIS);
  G_OBJECT_CLASS (ts_game_analysis_parent_class)->dispose (object);
}

static void
ts_game_analysis_finalize (GObject *object)
{
  TsGameAnalysis *self = TS_GAME_ANALYSIS (object);

  g_array_unref (self->preview);
  g_ptr_array_unref (self->nodes);
  g_array_unref (self->movers);
  g_free (self->stop_reason);
  G_OBJECT_CLASS (ts_game_analysis_parent_class)->finalize (object);
}

static void
ts_game_analysis_class_init (TsGameAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_game_analysis_dispose;
  object_class->finalize = ts_game_analysis_finalize;
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  gtk_widget_class_install_action (widget_class, "analysis.cancel", NULL, action_cancel);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  g_type_ensure (TS_TYPE_EVAL_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/game-analysis.ui");
  gtk_widget_class_bind_template_child (widget_class, TsGameAnalysis, box);
  gtk_widget_class_bind_template_child (widget_class, TsGameAnalysis, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, TsGameAnalysis, progress_label);
  gtk_widget_class_bind_template_child (widget_class, TsGameAnalysis, progress);
  gtk_widget_class_bind_template_child (widget_class, TsGameAnalysis, message);
  gtk_widget_class_bind_template_child (widget_class, TsGameAnalysis, graph_box);
  gtk_widget_class_bind_template_child (widget_class, TsGameAnalysis, graph);
  gtk_widget_class_bind_template_child_full (widget_class, "summary", FALSE,
                                             G_STRUCT_OFFSET (TsGameAnalysis, summary_grid));
}

static void
ts_game_analysis_init (TsGameAnalysis *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->preview = g_array_new (FALSE, TRUE, sizeof (TsAnnotatePly));
  self->nodes = g_ptr_array_new ();
  self->movers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_signal_connect_swapped (self->graph, "ply-activated", G_CALLBACK (graph_ply_activated), self);
}
