/* Mate problems: the solution tree of a mate in 2, saving and opening a problem, the
 * solving mode answering with the best defence, Solve in the worker thread. */
#include <glib/gstdio.h>
#include <stdarg.h>
#include <adwaita.h>
#include <string.h>

#include "board-view.h"
#include "problem-solver.h"
#include "rules/notation.h"
#include "rules/postext.h"
#include "widget-test.h"

#define MATE_IN_2 "raumschach w:KAa1,QCe4,QDd3 b:KAe1 turn=w"

static gboolean
mated (TsPosition *p)
{
  TsResult r;

  ts_position_result (p, &r);
  return r.kind == TS_RESULT_WIN && g_str_equal (r.reason, "checkmate");
}

static void
test_solution_tree (void)
{
  g_autoptr(TsPosition) p = ts_position_from_text (MATE_IN_2, NULL);
  g_autoptr(TsSolution) s = NULL, none = NULL;
  g_autofree char *text = NULL;
  TsMoveList defences;
  TsUndo u;

  g_assert_nonnull (p);
  none = ts_problem_solve (p, 1, NULL);
  g_assert_null (none);
  s = ts_problem_solve (p, 2, NULL);
  g_assert_nonnull (s);
  g_assert_true (ts_position_is_legal (p, s->move));
  ts_position_make (p, s->move, &u);
  g_assert_false (mated (p));
  /* every defence is listed, each answered by a mate */
  ts_move_list_init (&defences);
  ts_position_generate_legal (p, &defences);
  g_assert_nonnull (s->children);
  g_assert_cmpuint (s->children->len, ==, defences.n);
  ts_move_list_clear (&defences);
  for (guint i = 0; i < s->children->len; i++)
    {
      const TsSolution *d = g_ptr_array_index (s->children, i);
      const TsSolution *reply;
      TsUndo du, ru;

      g_assert_cmpuint (d->children->len, ==, 1);
      reply = g_ptr_array_index (d->children, 0);
      ts_position_make (p, d->move, &du);
      g_assert_true (ts_position_is_legal (p, reply->move));
      ts_position_make (p, reply->move, &ru);
      g_assert_true (mated (p));
      g_assert_nonnull (strchr (reply->san, '#'));
      ts_position_unmake (p, &ru);
      ts_position_unmake (p, &du);
    }
  ts_position_unmake (p, &u);
  text = ts_solution_to_text (s, p);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "1. "));
  g_assert_nonnull (strstr (text, "1… "));
  g_assert_nonnull (strstr (text, " 2. "));
}

static TsSolution *
node (const char *san, ...)
{
  TsSolution *s = g_new0 (TsSolution, 1);
  va_list args;

  s->san = g_strdup (san);
  va_start (args, san);
  for (TsSolution *c = va_arg (args, TsSolution *); c; c = va_arg (args, TsSolution *))
    {
      if (!s->children)
        s->children = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_solution_free);
      g_ptr_array_add (s->children, c);
    }
  va_end (args);
  return s;
}

/* The Solution field's one-line form nests the defences of longer problems in parentheses,
 * numbered from the position's move number. */
static void
test_solution_line (void)
{
  g_autoptr(TsPosition) p = ts_position_from_text ("raumschach w:KAa1,QCe4,QDd3 b:KAe1 turn=w ply=8", NULL);
  g_autoptr(TsSolution) tree =
    node ("Qa", node ("Kb", node ("Qc", node ("Kd", node ("Qe#", NULL), NULL),
                                         node ("Kf", node ("Qg#", NULL), NULL), NULL), NULL),
                node ("Kh", node ("Qi#", NULL), NULL), NULL);
  g_autofree char *line = ts_solution_to_line (tree, p);
  g_autofree char *text = ts_solution_to_text (tree, p);

  g_assert_nonnull (p);
  g_assert_cmpstr (line, ==, "5. Qa! (5… Kb 6. Qc (6… Kd 7. Qe#) (6… Kf 7. Qg#)) (5… Kh 6. Qi#)");
  g_assert_cmpstr (text, ==, "5. Qa!\n  5… Kb 6. Qc\n    6… Kd 7. Qe#\n    6… Kf 7. Qg#\n  5… Kh 6. Qi#");
}

static void
count (gpointer instance, guint *n)
{
  (*n)++;
}

static void
wait_idle (TsProblemSolver *solver)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (ts_problem_solver_is_busy (solver) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (ts_problem_solver_is_busy (solver));
}

static GtkWidget *
first_of (GtkWidget *root, GType type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = G_TYPE_CHECK_INSTANCE_TYPE (c, type) ? c : first_of (c, type);

      if (found)
        return found;
    }
  return NULL;
}

static void
test_solving_mode (void)
{
  g_autoptr(TsPosition) p = ts_position_from_text (MATE_IN_2, NULL);
  g_autoptr(TsSolution) s = ts_problem_solve (p, 2, NULL);
  g_autoptr(TsGame) game = ts_problem_to_game (p, 2, s);
  g_autoptr(TsGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tessera-problem-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "problem.tsg", NULL);
  GtkWidget *window = gtk_window_new ();
  TsProblemSolver *solver;
  guint solved = 0, failed = 0, ready = 0;
  TsMove wrong = { 0 };
  TsMoveList l;

  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_STIPULATION), ==, "#2");
  g_assert_nonnull (ts_game_get_field (game, TS_GAME_SOLUTION));
  g_assert_true (ts_game_save (game, path, ts_game_format_for_filename (path), &error));
  g_assert_no_error (error);
  loaded = ts_game_load (path, &error);
  g_assert_no_error (error);
  solver = TS_PROBLEM_SOLVER (ts_problem_solver_new_from_game (loaded, &error));
  g_assert_no_error (error);
  g_signal_connect (solver, "solved", G_CALLBACK (count), &solved);
  g_signal_connect (solver, "failed", G_CALLBACK (count), &failed);
  g_signal_connect (solver, "solution-ready", G_CALLBACK (count), &ready);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 500);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (solver));
  gtk_window_present (GTK_WINDOW (window));

  /* a wrong try: a king move; the defence refutes it */
  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  for (guint i = 0; i < l.n; i++)
    if (l.moves[i].piece == (guint) ts_variant_piece_type_by_letter (ts_position_variant (p), 'K'))
      wrong = l.moves[i];
  ts_move_list_clear (&l);
  /* played on the board, as the user does */
  {
    GtkWidget *board = first_of (GTK_WIDGET (solver), TS_TYPE_BOARD_VIEW);
    const TsPosition *before = ts_problem_solver_get_position (solver);

    g_assert_nonnull (board);
    g_assert_cmpuint (ts_position_side_to_move (before), ==, 0);
    g_signal_emit_by_name (board, "move-played", &wrong);
    g_assert_true (ts_problem_solver_is_busy (solver));
  }
  wait_idle (solver);
  g_assert_cmpuint (failed, ==, 1);
  g_assert_false (ts_problem_solver_is_solved (solver));

  /* start again, play the key; the program answers; then mate */
  gtk_widget_activate_action (GTK_WIDGET (solver), "problem.restart", NULL);
  g_assert_true (ts_problem_solver_play (solver, s->move));
  g_assert_false (ts_problem_solver_play (solver, s->move));   /* busy: not the user's turn */
  wait_idle (solver);
  g_assert_cmpuint (ts_position_side_to_move (ts_problem_solver_get_position (solver)), ==, 0);
  {
    g_autoptr(TsSolution) mate = ts_problem_solve (ts_problem_solver_get_position (solver), 1, NULL);

    g_assert_nonnull (mate);
    g_assert_true (ts_problem_solver_play (solver, mate->move));
  }
  g_assert_cmpuint (solved, ==, 1);
  g_assert_true (ts_problem_solver_is_solved (solver));

  /* Solve shows the tree */
  gtk_widget_activate_action (GTK_WIDGET (solver), "problem.solve", NULL);
  while (ready == 0)
    g_main_context_iteration (NULL, TRUE);
  {
    g_autofree char *expected = ts_solution_to_text (s, p);

    g_assert_cmpstr (ts_problem_solver_get_solution_text (solver), ==, expected);
  }
  widget_test_destroy_and_wait (window, solver);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_no_mate_and_not_a_problem (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  g_autoptr(TsGame) game = ts_game_new (ts_variant_lookup ("raumschach"), p);
  g_autoptr(GError) error = NULL;
  GtkWidget *window = gtk_window_new ();
  TsProblemSolver *solver;
  guint ready = 0;

  g_assert_null (ts_problem_solver_new_from_game (game, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);

  solver = TS_PROBLEM_SOLVER (ts_problem_solver_new (p, 1));
  g_signal_connect (solver, "solution-ready", G_CALLBACK (count), &ready);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (solver));
  gtk_window_present (GTK_WINDOW (window));
  ts_problem_solver_solve (solver);
  while (ready == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (ts_problem_solver_get_solution_text (solver), ==, "There is no mate in 1.");
  widget_test_destroy_and_wait (window, solver);
}

static gboolean
label_shows (GtkWidget *root, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    if ((GTK_IS_LABEL (c) && gtk_widget_get_visible (c) && g_str_equal (gtk_label_get_label (GTK_LABEL (c)), text)) ||
        label_shows (c, text))
      return TRUE;
  return FALSE;
}

static void
solve_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  GError **error = data;
  g_autoptr(TsSolution) s = ts_problem_solve_finish (result, error);

  g_assert_null (s);
  g_assert_nonnull (*error);
}

/* Four players: solution trees are two-player only; the solver says so instead of
 * searching for the wrong seat or waiting for a move that never comes. */
static void
test_four_players (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("cubic8-4p"));
  g_autoptr(TsPosition) two = ts_position_new_initial (ts_variant_lookup ("cubic8"));
  g_autoptr(GError) error = NULL, async_error = NULL;
  g_autofree char *message = NULL;
  GtkWidget *window = gtk_window_new ();
  TsProblemSolver *solver;
  guint ready = 0;
  TsMoveList l;

  g_assert_true (ts_problem_is_supported (two, NULL));
  g_assert_false (ts_problem_is_supported (p, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "two-player"));
  message = g_strdup (error->message);
  g_assert_null (ts_problem_solve (p, 2, NULL));
  ts_problem_solve_async (p, 2, NULL, solve_finished, &async_error);
  while (!async_error)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (async_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);

  solver = TS_PROBLEM_SOLVER (ts_problem_solver_new (p, 2));
  g_signal_connect (solver, "solution-ready", G_CALLBACK (count), &ready);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (solver));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (label_shows (GTK_WIDGET (solver), message));
  ts_problem_solver_solve (solver);
  gtk_widget_activate_action (GTK_WIDGET (solver), "problem.solve", NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (ready, ==, 0);
  g_assert_null (ts_problem_solver_get_solution_text (solver));
  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  g_assert_cmpuint (l.n, >, 0);
  g_assert_false (ts_problem_solver_play (solver, l.moves[0]));
  ts_move_list_clear (&l);
  g_assert_false (ts_problem_solver_is_busy (solver));
  widget_test_destroy_and_wait (window, solver);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/problem/solution-tree", test_solution_tree);
  g_test_add_func ("/problem/solving-mode", test_solving_mode);
  g_test_add_func ("/problem/no-mate-and-not-a-problem", test_no_mate_and_not_a_problem);
  g_test_add_func ("/problem/four-players", test_four_players);
  g_test_add_func ("/problem/solution-line", test_solution_line);
  return g_test_run ();
}
