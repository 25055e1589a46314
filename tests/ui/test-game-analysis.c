/* Whole-game analysis in the game window and the evaluation graph: a click on a point
 * goes to its move, the tooltip and the screen-reader description, Analyse Game with
 * progress while the user steps through the moves, one undo step, the summary, Cancel,
 * an edit that stops the run, a new game clearing the graph. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "eval-graph.h"
#include "game-analysis.h"
#include "records/nag.h"
#include "tessera-window.h"
#include "widget-test.h"
#include "window-test.h"

#define BLUNDER_PLY 11   /* 6. QBb3?? in raumschach-blunder.pgn, as a graph ply */

static guint activated_ply;

static void
on_ply (TsEvalGraph *graph, guint ply, gpointer data)
{
  activated_ply = ply;
}

/* The graph alone: points where their scores put them, a click at a point's position
 * activates its ply, the tooltip says the move and its evaluation, a screen reader gets
 * a description. */
static void
test_graph (void)
{
  GtkWidget *window = gtk_window_new ();
  TsEvalGraph *graph = TS_EVAL_GRAPH (ts_eval_graph_new ());
  const TsEvalGraphPoint points[] = {
    { 20, 0, 0, "1. NCb2", "+0.20" },
    { -15, 0, TS_NAG_DUBIOUS, "1… Dc3", "-0.15" },
    { 300, 0, 0, "2. NBb4", "+3.00" },
    { TS_EVAL_GRAPH_NONE, 0, 0, "2… QCc4", NULL },
    { -1200, 0, TS_NAG_BLUNDER, "3. QBb3", "-12.00" },
    { -29990, 0, 0, "3… CxBb3", "#-10" },
  };
  double x, y, x0, y0, x3, y3, x5, y5, x6, y6;
  g_autofree char *tip = NULL, *none = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 160);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (graph));
  gtk_window_present (GTK_WINDOW (window));
  ts_eval_graph_set_points (graph, points, G_N_ELEMENTS (points), 0, 2);
  ts_eval_graph_set_current (graph, 3);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (graph));
  g_assert_cmpuint (ts_eval_graph_get_n_points (graph), ==, 6);
  g_assert_true (ts_eval_graph_has_scores (graph));

  /* ply 0 sits on the zero line at the left; higher scores are higher up; no score, no point */
  g_assert_true (ts_eval_graph_get_point (graph, 0, &x0, &y0));
  g_assert_true (ts_eval_graph_get_point (graph, 3, &x3, &y3));
  g_assert_true (ts_eval_graph_get_point (graph, 5, &x5, &y5));
  g_assert_true (ts_eval_graph_get_point (graph, 6, &x6, &y6));
  g_assert_false (ts_eval_graph_get_point (graph, 4, &x, &y));
  g_assert_cmpfloat (x0, <, x3);
  g_assert_cmpfloat (x3, <, x5);
  g_assert_cmpfloat (y3, <, y0);
  g_assert_cmpfloat (y5, >, y0);
  g_assert_cmpfloat (y6, >, y5);   /* a mate is beyond any score */
  g_assert_cmpfloat (x6, <=, gtk_widget_get_width (GTK_WIDGET (graph)));

  g_signal_connect (graph, "ply-activated", G_CALLBACK (on_ply), NULL);
  for (guint ply = 0; ply <= 6; ply++)
    {
      if (!ts_eval_graph_get_point (graph, ply, &x, &y))
        ts_eval_graph_get_point (graph, ply - 1, &x, &y), x += (x3 - x0) / 3;
      activated_ply = G_MAXUINT;
      ts_eval_graph_click (graph, x + 1, y);
      g_assert_cmpuint (activated_ply, ==, ply);
    }
  tip = ts_eval_graph_describe_ply (graph, 5);
  g_assert_cmpstr (tip, ==, "3. QBb3??  -12.00 (Blunder)");
  none = ts_eval_graph_describe_ply (graph, 0);
  g_assert_null (none);
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (graph), GTK_ACCESSIBLE_ROLE_IMG));
  {
    char *error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (graph), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                      "6 moves. Last evaluation: 3… CxBb3 #-10. Inaccuracies: 1, "
                                                      "mistakes: 0, blunders: 1. Current move: 2. NBb4 +3.00.");

    g_assert_null (error);
  }
  ts_eval_graph_clear (graph);
  g_assert_cmpuint (ts_eval_graph_get_n_points (graph), ==, 0);
  g_assert_false (ts_eval_graph_has_scores (graph));
  widget_test_destroy_and_wait (window, graph);
}

static TesseraWindow *
window_with_blunder_game (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "tests", "data", "games",
                                            "raumschach-blunder.pgn", NULL);
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  g_autoptr (GError) error = NULL;

  g_assert_true (tessera_window_load (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static TsGameAnalysis *
analysis_of (TesseraWindow *window)
{
  TsGameAnalysis *analysis = g_object_get_data (G_OBJECT (window), "ts-game-analysis");

  g_assert_true (TS_IS_GAME_ANALYSIS (analysis));
  return analysis;
}

static gboolean finished, finished_written;

static void
on_finished (TsGameAnalysis *analysis, gboolean written, gpointer data)
{
  finished = TRUE;
  finished_written = written;
}

static void
wait_finished (void)
{
  for (guint i = 0; !finished && i < 1200; i++)
    widget_test_run_for (100);
  g_assert_true (finished);
}

static gboolean
action_enabled (TesseraWindow *window, const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), name);
}

static TsGameNode *
main_line_node (TsGame *game, guint ply)
{
  TsGameNode *node = ts_game_root (game);

  for (guint i = 0; i < ply; i++)
    node = ts_game_node_child (node, 0);
  return node;
}

static void
close_window (TesseraWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  widget_test_run_for (10);
  g_assert_finalize_object (window);
}

/* Analyse Game in the window: the user steps through the game meanwhile, the result is
 * one undo step, the graph has every move, its click goes to the move, the summary has
 * the blunder; a new game clears them. */
static void
test_window_analysis (void)
{
  TesseraWindow *window = window_with_blunder_game ();
  TsGameAnalysis *analysis = analysis_of (window);
  TsGameSession *session = tessera_window_get_session (window);
  TsGame *game = ts_game_session_get_game (session);
  g_autofree char *before = ts_game_to_xml (game, NULL);
  g_autofree char *after = NULL, *summary = NULL;
  TsEvalGraph *graph = ts_game_analysis_get_graph (analysis);
  TsAnnotateOptions options;
  double x, y;

  g_assert_true (action_enabled (window, "analyse-game"));
  g_assert_false (action_enabled (window, "cancel-analysis"));
  g_assert_false (ts_eval_graph_has_scores (graph));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (graph))));
  /* nothing to draw: not built either (the game is not replayed for it) */
  g_assert_cmpuint (ts_eval_graph_get_n_points (graph), ==, 0);
  g_signal_connect (analysis, "finished", G_CALLBACK (on_finished), NULL);

  ts_annotate_options_init (&options);
  options.depth = 2;
  options.movetime_ms = 0;
  options.variations = TRUE;
  finished = FALSE;
  g_assert_true (ts_game_analysis_start (analysis, &options));
  g_assert_true (ts_game_analysis_is_running (analysis));
  g_assert_false (ts_game_analysis_start (analysis, &options));
  /* the window stays usable: stepping through the moves does not stop the analysis */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  g_assert_true (ts_game_current (game) == main_line_node (game, 1));
  wait_finished ();
  g_assert_true (finished_written);
  g_assert_false (ts_game_analysis_is_running (analysis));
  g_assert_null (ts_game_analysis_get_message (analysis));
  g_assert_true (ts_game_current (game) == main_line_node (game, 1));   /* the cursor stayed */
  g_assert_true (action_enabled (window, "analyse-game"));

  /* the record: ?? on the blunder, every move evaluated */
  g_assert_cmpuint (main_line_node (game, BLUNDER_PLY)->annotation.nags[0], ==, TS_NAG_BLUNDER);
  for (guint ply = 1; ply <= 18; ply++)
    g_assert_cmpint (main_line_node (game, ply)->annotation.eval.kind, !=, TS_EVAL_NONE);
  summary = ts_game_analysis_get_summary_text (analysis);
  g_assert_nonnull (strstr (summary, "White: 0 ?!, 0 ?, 1 ??, ACPL "));
  g_assert_nonnull (strstr (summary, "Black: "));

  /* the graph: every move, the current one marked; a click on the blunder's point goes there */
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (graph))));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (graph));
  g_assert_cmpuint (ts_eval_graph_get_n_points (graph), ==, 18);
  g_assert_cmpuint (ts_eval_graph_get_current (graph), ==, 1);
  g_assert_true (ts_eval_graph_get_point (graph, BLUNDER_PLY, &x, &y));
  ts_eval_graph_click (graph, x, y);
  g_assert_true (ts_game_current (game) == main_line_node (game, BLUNDER_PLY));
  g_assert_cmpuint (ts_eval_graph_get_current (graph), ==, BLUNDER_PLY);
  {
    g_autofree char *tip = ts_eval_graph_describe_ply (graph, BLUNDER_PLY);

    g_assert_true (g_str_has_prefix (tip, "6. QBb3??  -"));
  }
  /* in a variation the graph marks the move it branches from */
  ts_game_session_go_to (session, ts_game_node_child (main_line_node (game, BLUNDER_PLY - 1), 1));
  g_assert_cmpuint (ts_eval_graph_get_current (graph), ==, BLUNDER_PLY - 1);

  /* one undo step takes the whole analysis back; redo brings it again */
  after = ts_game_to_xml (game, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  {
    g_autofree char *undone = ts_game_to_xml (game, NULL);

    g_assert_cmpstr (undone, ==, before);
    g_assert_false (ts_eval_graph_has_scores (graph));
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  {
    g_autofree char *redone = ts_game_to_xml (game, NULL);

    g_assert_cmpstr (redone, ==, after);
  }

  /* a new game: no graph, no summary */
  tessera_window_new_game (window, "raumschach", NULL);
  g_assert_cmpuint (ts_eval_graph_get_n_points (ts_game_analysis_get_graph (analysis)), ==, 0);
  g_assert_null (ts_game_analysis_get_summary_text (analysis));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (graph))));
  g_assert_false (action_enabled (window, "analyse-game"));   /* no moves yet */
  close_window (window);
}

/* Cancel (the window's action, as the menu and the button do) leaves the record alone; an
 * edit that changes the analysed moves stops the run and says why. */
static void
test_window_cancel (void)
{
  TesseraWindow *window = window_with_blunder_game ();
  TsGameAnalysis *analysis = analysis_of (window);
  TsGame *game = ts_game_session_get_game (tessera_window_get_session (window));
  g_autofree char *before = ts_game_to_xml (game, NULL);
  g_autofree char *now = NULL;
  gint64 start;

  g_signal_connect (analysis, "finished", G_CALLBACK (on_finished), NULL);
  /* the default time per position: a run of 18 s at least, cancelled at once */
  finished = FALSE;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  g_assert_true (ts_game_analysis_is_running (analysis));
  g_assert_false (action_enabled (window, "analyse-game"));
  g_assert_true (action_enabled (window, "cancel-analysis"));
  widget_test_run_for (200);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-analysis", NULL);
  wait_finished ();
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_assert_false (finished_written);
  g_assert_cmpstr (ts_game_analysis_get_message (analysis), ==, "The analysis was cancelled.");
  now = ts_game_to_xml (game, NULL);
  g_assert_cmpstr (now, ==, before);
  g_assert_true (action_enabled (window, "analyse-game"));

  /* taking back the last move changes what is analysed: the run stops */
  finished = FALSE;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  widget_test_run_for (100);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.takeback", NULL);
  wait_finished ();
  g_assert_false (finished_written);
  g_assert_nonnull (strstr (ts_game_analysis_get_message (analysis), "were changed"));
  close_window (window);
}

/* Four players: one graph line per seat. */
static void
test_window_four_players (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "cubic8-4p"));
  TsGameAnalysis *analysis;
  TsSessionSetup setup;
  TsAnnotateOptions options;
  TsGame *game;

  window_test_all_humans (&setup);
  tessera_window_new_game (window, "cubic8-4p", &setup);
  gtk_window_present (GTK_WINDOW (window));
  analysis = analysis_of (window);
  g_signal_connect (analysis, "finished", G_CALLBACK (on_finished), NULL);
  for (guint i = 0; i < 8; i++)
    {
      TsMoveList l;
      const TsPosition *p = ts_game_session_get_position (tessera_window_get_session (window));

      ts_move_list_init (&l);
      ts_position_generate_legal ((TsPosition *) p, &l);
      g_assert_true (ts_game_session_play (tessera_window_get_session (window), l.moves[i % l.n]));
      ts_move_list_clear (&l);
    }
  game = ts_game_session_get_game (tessera_window_get_session (window));
  ts_annotate_options_init (&options);
  options.depth = 1;
  finished = FALSE;
  g_assert_true (ts_game_analysis_start (analysis, &options));
  wait_finished ();
  g_assert_true (finished_written);
  g_assert_cmpint (main_line_node (game, 8)->annotation.eval.kind, !=, TS_EVAL_NONE);
  {
    g_autofree char *summary = ts_game_analysis_get_summary_text (analysis);
    g_autofree char *tip = ts_eval_graph_describe_ply (ts_game_analysis_get_graph (analysis), 2);

    g_assert_nonnull (strstr (summary, "Blue: "));
    g_assert_nonnull (strstr (tip, "  Orange "));   /* the line of the seat that moved */
  }
  close_window (window);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-analysis/graph", test_graph);
  g_test_add_func ("/game-analysis/window", test_window_analysis);
  g_test_add_func ("/game-analysis/cancel", test_window_cancel);
  g_test_add_func ("/game-analysis/four-players", test_window_four_players);
  return g_test_run ();
}
