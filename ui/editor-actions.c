/* The editor's parts hooked into the game window (see editor-actions.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "analysis-panel.h"
#include "board-view.h"
#include "diagram-export-dialog.h"
#include "editor-actions.h"
#include "position-editor.h"
#include "preferences-dialog.h"
#include "problem-solver.h"

static const TsPosition *
current_position (TesseraWindow *window)
{
  return ts_game_session_get_position (tessera_window_get_session (window));
}

/* A game from the edited position, in memory, opened as a file is: in this window or,
 * when its game has something to lose, a new one (returned). */
static TesseraWindow *
open_position (TesseraWindow *window, const TsPosition *p, const TsSessionSetup *setup)
{
  return tessera_window_open_game (window, ts_game_new (ts_position_variant (p), p), setup);
}

static void
editor_play (TsPositionEditor *editor, const TsPosition *p, TesseraWindow *window)
{
  /* played with the players, levels and clock of the last new game */
  open_position (window, p, NULL);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (editor))));
}

static void
editor_analyse (TsPositionEditor *editor, const TsPosition *p, TesseraWindow *window)
{
  TsSessionSetup studied;
  TesseraWindow *target;
  GtkWidget *panel;
  GtkNotebook *notebook;

  /* studied, as a game from a file: every seat human */
  ts_session_setup_init (&studied);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    studied.kind[i] = TS_SEAT_HUMAN;
  target = open_position (window, p, &studied);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (editor))));
  panel = g_object_get_data (G_OBJECT (target), "ts-analysis-panel");
  notebook = tessera_window_get_side_notebook (target);
  if (panel)
    {
      gtk_notebook_set_current_page (notebook, gtk_notebook_page_num (notebook, panel));
      ts_analysis_panel_start (TS_ANALYSIS_PANEL (panel));
    }
}

static void
action_edit_position (GSimpleAction *action, GVariant *param, gpointer data)
{
  TesseraWindow *window = data;
  GtkWidget *dialog = gtk_window_new ();
  GtkWidget *editor = ts_position_editor_new (current_position (window));

  gtk_window_set_title (GTK_WINDOW (dialog), _("Edit Position"));
  gtk_window_set_titlebar (GTK_WINDOW (dialog), gtk_header_bar_new ());
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (window));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 1100, 720);
  gtk_window_set_child (GTK_WINDOW (dialog), editor);
  g_signal_connect_object (editor, "play", G_CALLBACK (editor_play), window, 0);
  g_signal_connect_object (editor, "analyse", G_CALLBACK (editor_analyse), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_preferences (GSimpleAction *action, GVariant *param, gpointer data)
{
  gtk_window_present (GTK_WINDOW (ts_preferences_dialog_new (GTK_WINDOW (data))));
}

/* A diagram shows the position as the board does: the record's arrows and marks there
 * (not the engine's), seen from the same side. */
static void
board_view_of (TesseraWindow *window, const TsShape **shapes, guint *n, guint *turns)
{
  TsGameNode *node = ts_game_current (ts_game_session_get_game (tessera_window_get_session (window)));

  *shapes = node->annotation.shapes;
  *n = node->annotation.n_shapes;
  *turns = ts_board_view_get_turns (TS_BOARD_VIEW (tessera_window_get_board (window)));
}

static void
action_export_diagram (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkWidget *dialog = ts_diagram_export_dialog_new (GTK_WINDOW (data), current_position (data));
  const TsShape *shapes;
  guint n, turns;

  board_view_of (data, &shapes, &n, &turns);
  ts_diagram_export_dialog_set_view (TS_DIAGRAM_EXPORT_DIALOG (dialog), shapes, n, turns);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_copy_image (GSimpleAction *action, GVariant *param, gpointer data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TsBoardRenderOptions o;

  ts_board_render_options_init (&o, current_position (data));
  o.coordinates = g_settings_get_boolean (settings, "show-coordinates");
  board_view_of (data, &o.shapes, &o.n_shapes, &o.turns);
  ts_diagram_copy_image (GTK_WIDGET (data), &o, 800);
}

GtkWindow *
ts_editor_actions_present_solver (TesseraWindow *window, GtkWidget *solver)
{
  GtkWidget *dialog = gtk_window_new ();

  gtk_window_set_title (GTK_WINDOW (dialog), _("Solve"));
  gtk_window_set_titlebar (GTK_WINDOW (dialog), gtk_header_bar_new ());
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (window));
  gtk_window_set_default_size (GTK_WINDOW (dialog), 1000, 640);
  gtk_window_set_child (GTK_WINDOW (dialog), solver);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
action_solve (GSimpleAction *action, GVariant *param, gpointer data)
{
  TesseraWindow *window = data;
  TsGame *game = ts_game_session_get_game (tessera_window_get_session (window));
  g_autoptr(GError) error = NULL;
  GtkWidget *solver = ts_problem_solver_new_from_game (game, &error);

  /* not a problem file: the current position as a mate in 2 */
  if (!solver)
    solver = ts_problem_solver_new (current_position (window), 2);
  ts_editor_actions_present_solver (window, solver);
  ts_problem_solver_solve (TS_PROBLEM_SOLVER (solver));
}

static void
session_changed (TsAnalysisPanel *panel)
{
  TesseraWindow *window = TESSERA_WINDOW (gtk_widget_get_root (GTK_WIDGET (panel)));

  if (window)
    ts_analysis_panel_set_position (panel, current_position (window));
}

/* The window replaces its session on New, Open and restore: follow the new one. */
static void
session_replaced (TesseraWindow *window, GParamSpec *pspec, TsAnalysisPanel *panel)
{
  TsGameSession *session = tessera_window_get_session (window);

  if (session && g_object_get_data (G_OBJECT (session), "ts-analysis-panel") != panel)
    {
      g_object_set_data (G_OBJECT (session), "ts-analysis-panel", panel);
      g_signal_connect_object (session, "changed", G_CALLBACK (session_changed), panel, G_CONNECT_SWAPPED);
    }
  if (session)
    ts_analysis_panel_set_position (panel, current_position (window));
}

static void
line_activated (TsAnalysisPanel *panel, guint line, guint n, TesseraWindow *window)
{
  guint n_moves;
  const TsMove *moves = ts_analysis_panel_get_line (panel, line, &n_moves);

  for (guint i = 0; i < MIN (n, n_moves); i++)
    if (!ts_game_session_play (tessera_window_get_session (window), moves[i]))
      break;
}

void
ts_editor_actions_install (TesseraWindow *window)
{
  static const GActionEntry entries[] = {
    { "edit-position", action_edit_position, NULL, NULL, NULL, { 0 } },
    { "preferences", action_preferences, NULL, NULL, NULL, { 0 } },
    { "export-diagram", action_export_diagram, NULL, NULL, NULL, { 0 } },
    { "copy-image", action_copy_image, NULL, NULL, NULL, { 0 } },
    { "solve", action_solve, NULL, NULL, NULL, { 0 } },
  };
  GtkWidget *panel = ts_analysis_panel_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (window), entries, G_N_ELEMENTS (entries), window);
  gtk_notebook_append_page (tessera_window_get_side_notebook (window), panel,
                            gtk_label_new (_("Analysis")));
  g_object_set_data (G_OBJECT (window), "ts-analysis-panel", panel);
  session_replaced (window, NULL, TS_ANALYSIS_PANEL (panel));
  g_signal_connect_object (window, "notify::session", G_CALLBACK (session_replaced), panel, 0);
  g_signal_connect_object (panel, "line-activated", G_CALLBACK (line_activated), window, 0);
}
