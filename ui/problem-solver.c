/* Mate problems: the solution tree and the solving mode. */
#include "config.h"

#include <glib/gi18n.h>

#include "board-view.h"
#include "engine/engine.h"
#include "problem-solver.h"
#include "rules/notation.h"

void
ts_solution_free (TsSolution *s)
{
  if (!s)
    return;
  g_free (s->san);
  g_clear_pointer (&s->children, g_ptr_array_unref);
  g_free (s);
}

static TsSolution *
solution_new (TsPosition *p, TsMove m)
{
  TsSolution *s = g_new0 (TsSolution, 1);

  s->move = m;
  s->san = ts_move_to_san (p, m);
  return s;
}

static gboolean
is_mated (TsPosition *p)
{
  TsResult r;

  ts_position_result (p, &r);
  return r.kind == TS_RESULT_WIN;
}

/* The shortest mate in at most n moves of the side to move: its length, or 0. */
static guint
mate_length (TsEngine *engine, TsPosition *p, guint n, const gint *stop, TsMove *first)
{
  TsSearchLimits limits;
  TsSearchInfo info = { 0 };
  guint length = 0;

  ts_search_limits_init (&limits);
  limits.mate_in = n;
  ts_engine_clear (engine);
  ts_engine_search (engine, p, &limits, stop, NULL, NULL, &info);
  if (info.mate_proven && info.n_lines > 0 && info.lines[0].mate_moves > 0)
    {
      length = (guint) info.lines[0].mate_moves;
      if (first)
        *first = info.lines[0].moves[0];
    }
  ts_search_info_clear (&info);
  return length;
}

static TsSolution *
solve_node (TsEngine *engine, TsPosition *p, guint n, const gint *stop)
{
  TsMove key;
  guint m = mate_length (engine, p, n, stop, &key);
  TsSolution *node;
  TsMoveList defences;
  TsUndo u;

  if (m == 0 || (stop && g_atomic_int_get (stop)))
    return NULL;
  node = solution_new (p, key);
  ts_position_make (p, key, &u);
  if (!is_mated (p))
    {
      node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_solution_free);
      ts_move_list_init (&defences);
      ts_position_generate_legal (p, &defences);
      for (guint i = 0; i < defences.n; i++)
        {
          TsSolution *d = solution_new (p, defences.moves[i]);
          TsSolution *reply;
          TsUndo du;

          ts_position_make (p, defences.moves[i], &du);
          reply = m > 1 ? solve_node (engine, p, m - 1, stop) : NULL;
          ts_position_unmake (p, &du);
          d->children = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_solution_free);
          if (reply)
            g_ptr_array_add (d->children, reply);
          g_ptr_array_add (node->children, d);
        }
      ts_move_list_clear (&defences);
    }
  ts_position_unmake (p, &u);
  return node;
}

gboolean
ts_problem_is_supported (const TsPosition *p, GError **error)
{
  /* the tree alternates the attacker's move and one defence: two seats */
  if (ts_position_variant (p)->n_seats == 2)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("Mate problems can only be solved in two-player variants: with four players "
                         "the defence comes from several seats, which the solver does not model."));
  return FALSE;
}

TsSolution *
ts_problem_solve (const TsPosition *p, guint n, const gint *stop)
{
  g_autoptr(TsPosition) work = NULL;
  TsEngine *engine;
  TsSolution *s;

  if (!ts_problem_is_supported (p, NULL))
    return NULL;
  work = ts_position_copy (p);
  engine = ts_engine_new (ts_position_variant (p), 16);
  s = solve_node (engine, work, n, stop);

  ts_engine_free (engine);
  return s;
}

/* one_line: every defence in parentheses instead of on an indented line */
static void
append_tree (GString *out, const TsSolution *s, guint ply, guint n_seats, guint depth, gboolean one_line)
{
  guint number = ply / n_seats + 1;

  if (depth == 0)
    g_string_append_printf (out, "%u. %s!", number, s->san);
  else
    g_string_append_printf (out, " %u. %s", number, s->san);
  if (!s->children)
    return;
  for (guint i = 0; i < s->children->len; i++)
    {
      const TsSolution *d = g_ptr_array_index (s->children, i);

      if (one_line)
        g_string_append_printf (out, " (%u… %s", number, d->san);
      else
        g_string_append_printf (out, "\n%*s%u… %s", (int) (depth + 1) * 2, "", number, d->san);
      if (d->children && d->children->len)
        append_tree (out, g_ptr_array_index (d->children, 0), ply + 2, n_seats, depth + 1, one_line);
      if (one_line)
        g_string_append_c (out, ')');
    }
}

char *
ts_solution_to_text (const TsSolution *s, const TsPosition *p)
{
  GString *out = g_string_new (NULL);

  append_tree (out, s, ts_position_ply (p), ts_position_variant (p)->n_seats, 0, FALSE);
  return g_string_free (out, FALSE);
}

char *
ts_solution_to_line (const TsSolution *s, const TsPosition *p)
{
  GString *out = g_string_new (NULL);

  append_tree (out, s, ts_position_ply (p), ts_position_variant (p)->n_seats, 0, TRUE);
  return g_string_free (out, FALSE);
}

/* A worker's input: a copy of the position and the moves to mate in (the stipulation
 * when solving, the moves left when looking for a defence). */
typedef struct {
  TsPosition *pos;
  guint       n;
} SolveData;

static void
solve_data_free (gpointer data)
{
  SolveData *d = data;

  ts_position_free (d->pos);
  g_free (d);
}

static void
stop_on_cancel (GCancellable *cancellable, gpointer stop)
{
  g_atomic_int_set ((gint *) stop, 1);
}

static void
solve_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SolveData *d = data;
  gint stop = 0;
  gulong id = cancellable ? g_cancellable_connect (cancellable, G_CALLBACK (stop_on_cancel), &stop, NULL) : 0;
  TsSolution *s = ts_problem_solve (d->pos, d->n, &stop);

  g_cancellable_disconnect (cancellable, id);
  /* a stopped search leaves a partial tree */
  if (g_task_return_error_if_cancelled (task))
    {
      ts_solution_free (s);
      return;
    }
  g_task_return_pointer (task, s, (GDestroyNotify) ts_solution_free);
}

void
ts_problem_solve_async (const TsPosition *p, guint n, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  GError *error = NULL;
  SolveData *d;

  if (!ts_problem_is_supported (p, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  d = g_new0 (SolveData, 1);
  d->pos = ts_position_copy (p);
  d->n = n;
  g_task_set_task_data (task, d, solve_data_free);
  g_task_run_in_thread (task, solve_thread);
}

TsSolution *
ts_problem_solve_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

TsGame *
ts_problem_to_game (const TsPosition *p, guint n, const TsSolution *solution)
{
  TsGame *game = ts_game_new (ts_position_variant (p), p);
  g_autofree char *stipulation = g_strdup_printf ("#%u", n);
  const TsSolution *s = solution;

  ts_game_set_field (game, TS_GAME_STIPULATION, stipulation);
  if (solution)
    {
      g_autofree char *text = ts_solution_to_line (solution, p);

      ts_game_set_field (game, TS_GAME_SOLUTION, text);
    }
  /* the main line: the key, the first defence, its mate, … */
  while (s)
    {
      const TsSolution *d;

      ts_game_add_move (game, s->move);
      if (!s->children || s->children->len == 0)
        break;
      d = g_ptr_array_index (s->children, 0);
      ts_game_add_move (game, d->move);
      s = d->children && d->children->len ? g_ptr_array_index (d->children, 0) : NULL;
    }
  ts_game_go_start (game);
  return game;
}

/* ---- solving mode ---- */

struct _TsProblemSolver
{
  GtkWidget     parent_instance;

  TsPosition   *start;
  TsPosition   *pos;
  guint         n;
  guint         moves_left;
  guint         attacker;
  gboolean      busy;
  gboolean      solved;
  char         *unsupported;   /* why this position cannot be solved, or NULL */
  char         *solution_text;
  GCancellable *cancellable;

  GtkWidget    *box;
  TsBoardView  *board;
  GtkLabel     *status;
  GtkLabel     *solution;
};

G_DEFINE_FINAL_TYPE (TsProblemSolver, ts_problem_solver, GTK_TYPE_WIDGET)

enum { SIGNAL_SOLVED, SIGNAL_FAILED, SIGNAL_SOLUTION_READY, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_status (TsProblemSolver *self, const char *text)
{
  gtk_label_set_text (self->status, text);
}

static void
show_position (TsProblemSolver *self)
{
  ts_board_view_set_position (self->board, self->pos);
  ts_board_view_set_interactive (self->board, !self->unsupported && !self->busy && !self->solved &&
                                               self->moves_left > 0 &&
                                               ts_position_side_to_move (self->pos) == self->attacker);
}

/* The best defence: one after which there is no mate in the moves left (a
 * refutation), else the one that delays the mate most. */
static void
defence_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SolveData *d = data;
  TsEngine *engine = ts_engine_new (ts_position_variant (d->pos), 16);
  TsMoveList list;
  TsMove *best = g_new0 (TsMove, 2);
  guint best_len = 0;
  gboolean refuted = FALSE;

  best[0].to = TS_NO_CELL;
  ts_move_list_init (&list);
  ts_position_generate_legal (d->pos, &list);
  for (guint i = 0; i < list.n && !refuted && !g_cancellable_is_cancelled (cancellable); i++)
    {
      TsUndo u;
      guint len;

      ts_position_make (d->pos, list.moves[i], &u);
      len = mate_length (engine, d->pos, d->n, NULL, NULL);
      ts_position_unmake (d->pos, &u);
      if (len == 0 || len > best_len || best[0].to == TS_NO_CELL)
        {
          best[0] = list.moves[i];
          best_len = len;
          refuted = len == 0;
        }
    }
  best[1].from = refuted;
  ts_move_list_clear (&list);
  ts_engine_free (engine);
  g_task_return_pointer (task, best, g_free);
}

static void
defence_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(TsProblemSolver) self = data;
  g_autofree TsMove *best = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autofree char *san = NULL, *text = NULL;
  TsUndo u;

  if (!best || g_cancellable_is_cancelled (self->cancellable))
    return;
  self->busy = FALSE;
  if (best[0].to == TS_NO_CELL)
    {
      show_position (self);
      return;
    }
  san = ts_move_to_san (self->pos, best[0]);
  ts_position_make (self->pos, best[0], &u);
  if (best[1].from)
    {
      text = g_strdup_printf (_("%s — no mate in %u after this defence. Try another first move."), san,
                              self->moves_left);
      set_status (self, text);
      g_signal_emit (self, signals[SIGNAL_FAILED], 0);
    }
  else
    {
      text = g_strdup_printf (_("The defence: %s. Mate in %u to go."), san, self->moves_left);
      set_status (self, text);
    }
  show_position (self);
}

gboolean
ts_problem_solver_play (TsProblemSolver *self, TsMove move)
{
  TsUndo u;

  g_return_val_if_fail (TS_IS_PROBLEM_SOLVER (self), FALSE);
  if (self->unsupported || self->busy || self->solved || self->moves_left == 0 || !ts_position_is_legal (self->pos, move))
    return FALSE;
  ts_position_make (self->pos, move, &u);
  self->moves_left--;
  if (is_mated (self->pos))
    {
      self->solved = TRUE;
      set_status (self, _("Solved: checkmate!"));
      show_position (self);
      g_signal_emit (self, signals[SIGNAL_SOLVED], 0);
      return TRUE;
    }
  if (self->moves_left == 0)
    {
      set_status (self, _("No mate within the stipulation. Start again to try another line."));
      show_position (self);
      g_signal_emit (self, signals[SIGNAL_FAILED], 0);
      return TRUE;
    }
  {
    g_autoptr(GTask) task = g_task_new (NULL, self->cancellable, defence_done, g_object_ref (self));
    SolveData *d = g_new0 (SolveData, 1);

    d->pos = ts_position_copy (self->pos);
    d->n = self->moves_left;
    g_task_set_task_data (task, d, solve_data_free);
    self->busy = TRUE;
    set_status (self, _("Finding the best defence…"));
    show_position (self);
    g_task_run_in_thread (task, defence_thread);
  }
  return TRUE;
}

static void
solve_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(TsProblemSolver) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsSolution) s = ts_problem_solve_finish (result, &error);

  g_free (self->solution_text);
  if (error)
    self->solution_text = g_strdup (error->message);
  else
    self->solution_text = s ? ts_solution_to_text (s, self->start)
                            : g_strdup_printf (_("There is no mate in %u."), self->n);
  gtk_label_set_text (self->solution, self->solution_text);
  gtk_widget_set_visible (GTK_WIDGET (self->solution), TRUE);
  g_signal_emit (self, signals[SIGNAL_SOLUTION_READY], 0);
}

void
ts_problem_solver_solve (TsProblemSolver *self)
{
  g_return_if_fail (TS_IS_PROBLEM_SOLVER (self));
  if (self->unsupported)
    return;   /* the status says why */
  gtk_label_set_text (self->solution, _("Solving…"));
  gtk_widget_set_visible (GTK_WIDGET (self->solution), TRUE);
  ts_problem_solve_async (self->start, self->n, NULL, solve_done, g_object_ref (self));
}

const char *
ts_problem_solver_get_solution_text (TsProblemSolver *self)
{
  return self->solution_text;
}

const TsPosition *
ts_problem_solver_get_position (TsProblemSolver *self)
{
  return self->pos;
}

gboolean
ts_problem_solver_is_busy (TsProblemSolver *self)
{
  return self->busy;
}

gboolean
ts_problem_solver_is_solved (TsProblemSolver *self)
{
  return self->solved;
}

guint
ts_problem_solver_get_moves (TsProblemSolver *self)
{
  g_return_val_if_fail (TS_IS_PROBLEM_SOLVER (self), 0);
  return self->n;
}

static void
restart (TsProblemSolver *self)
{
  g_autofree char *text = g_strdup_printf (_("%s to play and mate in %u."),
                                           _(ts_position_variant (self->start)->seat_names[self->attacker]),
                                           self->n);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_clear_pointer (&self->pos, ts_position_free);
  self->pos = ts_position_copy (self->start);
  self->moves_left = self->n;
  self->busy = self->solved = FALSE;
  set_status (self, self->unsupported ? self->unsupported : text);
  show_position (self);
}

static void
move_played (TsBoardView *board, const TsMove *move, TsProblemSolver *self)
{
  ts_problem_solver_play (self, *move);
}

GtkWidget *
ts_problem_solver_new (const TsPosition *p, guint n)
{
  TsProblemSolver *self = g_object_new (TS_TYPE_PROBLEM_SOLVER, NULL);
  g_autoptr(GError) error = NULL;

  self->start = ts_position_copy (p);
  self->n = MAX (n, 1);
  self->attacker = ts_position_side_to_move (p);
  if (!ts_problem_is_supported (p, &error))
    {
      self->unsupported = g_strdup (error->message);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "problem.solve", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "problem.restart", FALSE);
    }
  restart (self);
  return GTK_WIDGET (self);
}

GtkWidget *
ts_problem_solver_new_from_game (const TsGame *game, GError **error)
{
  const char *stipulation = ts_game_get_field (game, TS_GAME_STIPULATION);
  guint64 n = 0;

  if (!stipulation || stipulation[0] != '#' ||
      !g_ascii_string_to_unsigned (stipulation + 1, 10, 1, 50, &n, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Not a mate problem: the stipulation is “%s”, not “#N” (mate in N)"),
                   stipulation ? stipulation : "");
      return NULL;
    }
  return ts_problem_solver_new (ts_game_start_position (game), (guint) n);
}

static void
ts_problem_solver_dispose (GObject *object)
{
  TsProblemSolver *self = TS_PROBLEM_SOLVER (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_PROBLEM_SOLVER);
  G_OBJECT_CLASS (ts_problem_solver_parent_class)->dispose (object);
}

static void
ts_problem_solver_finalize (GObject *object)
{
  TsProblemSolver *self = TS_PROBLEM_SOLVER (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->start, ts_position_free);
  g_clear_pointer (&self->pos, ts_position_free);
  g_free (self->unsupported);
  g_free (self->solution_text);
  G_OBJECT_CLASS (ts_problem_solver_parent_class)->finalize (object);
}

static void
action_restart (GtkWidget *widget, const char *name, GVariant *param)
{
  restart (TS_PROBLEM_SOLVER (widget));
}

static void
action_solve (GtkWidget *widget, const char *name, GVariant *param)
{
  ts_problem_solver_solve (TS_PROBLEM_SOLVER (widget));
}

static void
ts_problem_solver_class_init (TsProblemSolverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_problem_solver_dispose;
  object_class->finalize = ts_problem_solver_finalize;
  signals[SIGNAL_SOLVED] = g_signal_new ("solved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_SOLUTION_READY] = g_signal_new ("solution-ready", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_install_action (widget_class, "problem.restart", NULL, action_restart);
  gtk_widget_class_install_action (widget_class, "problem.solve", NULL, action_solve);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  g_type_ensure (TS_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/problem-solver.ui");
  gtk_widget_class_bind_template_child (widget_class, TsProblemSolver, box);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSolver, board);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSolver, status);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSolver, solution);
  gtk_widget_class_bind_template_callback (widget_class, move_played);
}

static void
ts_problem_solver_init (TsProblemSolver *self)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  gtk_widget_init_template (GTK_WIDGET (self));
  ts_board_view_bind_settings (self->board, settings);
}
