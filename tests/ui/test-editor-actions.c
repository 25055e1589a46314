/* The editor's parts in the real game window: win.edit-position (Play from an edited
 * position), win.copy-image, win.export-diagram, win.preferences, win.solve, and the
 * Analysis page following the game. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "analysis-panel.h"
#include "config.h"
#include "diagram-export-dialog.h"
#include "position-editor.h"
#include "preferences-dialog.h"
#include "problem-solver.h"
#include "rules/notation.h"
#include "rules/postext.h"
#include "tessera-window.h"

/* The toplevel other than window whose child is of type, or NULL. */
static GtkWindow *
toplevel_of (GType type, GtkWindow *except)
{
  GListModel *list = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (list, i);

      if (w != except && (G_TYPE_CHECK_INSTANCE_TYPE (w, type) ||
                          (gtk_window_get_child (w) && G_TYPE_CHECK_INSTANCE_TYPE (gtk_window_get_child (w), type))))
        return w;
    }
  return NULL;
}

static void
flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Play and Analyse go through no file: nothing in the temporary folder (TMPDIR is the
 * test's own, see main) and no recent file. */
static void
assert_no_file_written (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_get_tmp_dir (), 0, NULL);
  g_autofree char *tmp_uri = g_filename_to_uri (g_get_tmp_dir (), NULL, NULL);
  GList *recent = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());

  g_assert_nonnull (dir);
  g_assert_null (g_dir_read_name (dir));
  for (GList *l = recent; l; l = l->next)
    g_assert_false (g_str_has_prefix (gtk_recent_info_get_uri (l->data), tmp_uri));
  g_list_free_full (recent, (GDestroyNotify) gtk_recent_info_unref);
}

static TsPositionEditor *
open_editor (TesseraWindow *window)
{
  GtkWindow *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-position", NULL);
  dialog = toplevel_of (TS_TYPE_POSITION_EDITOR, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  return TS_POSITION_EDITOR (gtk_window_get_child (dialog));
}

static TsAnalysisPanel *
analysis_panel_of (TesseraWindow *window)
{
  GtkNotebook *notebook = tessera_window_get_side_notebook (window);

  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    if (TS_IS_ANALYSIS_PANEL (gtk_notebook_get_nth_page (notebook, i)))
      return TS_ANALYSIS_PANEL (gtk_notebook_get_nth_page (notebook, i));
  return NULL;
}

static void
wait_finalized (TesseraWindow *window)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (G_OBJECT (window)->ref_count > 1 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_finalize_object (window);
}

static void
test_actions (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  const char *names[] = { "edit-position", "preferences", "export-diagram", "copy-image", "solve" };
  GtkWindow *dialog;
  TsPositionEditor *editor;
  TsAnalysisPanel *panel = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), names[i]));

  /* the Analysis page */
  panel = analysis_panel_of (window);
  g_assert_nonnull (panel);

  /* Copy Image */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-image", NULL);
  g_assert_true (gdk_content_formats_contain_gtype (
    gdk_clipboard_get_formats (gtk_widget_get_clipboard (GTK_WIDGET (window))), GDK_TYPE_TEXTURE));

  /* Preferences and Export Diagram open their windows */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.preferences", NULL);
  dialog = toplevel_of (TS_TYPE_PREFERENCES_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_window_destroy (dialog);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-diagram", NULL);
  dialog = toplevel_of (TS_TYPE_DIAGRAM_EXPORT_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_window_destroy (dialog);

  /* Edit Position: the editor shows the game's position; Play starts a game from the edit,
   * here (nothing to lose), with the players of the last new game, without a file */
  g_settings_set_strv (settings, "seat-kinds", (const char *[]) { "computer", "human", "human", "human", NULL });
  editor = open_editor (window);
  {
    TsGameSession *session;
    g_autofree char *game_text = ts_position_to_text (ts_game_session_get_position (tessera_window_get_session (window)));
    g_autofree char *editor_text = ts_position_editor_get_text (editor);
    g_autofree char *now = NULL;
    const char *edited = "raumschach w:KAc1,QBc1 b:KEc5 turn=b halfmove=0 ply=11";

    g_assert_cmpstr (editor_text, ==, game_text);
    g_assert_true (ts_position_editor_set_text (editor, edited, NULL));
    gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL);
    flush ();
    session = tessera_window_get_session (window);
    now = ts_position_to_text (ts_game_session_get_position (session));
    g_assert_cmpstr (now, ==, edited);
    g_assert_cmpint (ts_game_session_get_setup (session)->kind[0], ==, TS_SEAT_COMPUTER);
    g_assert_cmpint (ts_game_session_get_setup (session)->kind[1], ==, TS_SEAT_HUMAN);
    g_assert_null (ts_game_session_get_filename (session));
    g_assert_false (ts_game_session_is_modified (session));
    g_assert_null (toplevel_of (TS_TYPE_POSITION_EDITOR, GTK_WINDOW (window)));
    assert_no_file_written ();
  }
  g_settings_reset (settings, "seat-kinds");

  /* Solve opens the solver on the position */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL);
  dialog = toplevel_of (TS_TYPE_PROBLEM_SOLVER, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  {
    TsProblemSolver *solver = TS_PROBLEM_SOLVER (gtk_window_get_child (dialog));
    gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

    while (!ts_problem_solver_get_solution_text (solver) && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
    g_assert_nonnull (ts_problem_solver_get_solution_text (solver));
  }
  gtk_window_destroy (dialog);

  /* the analysis follows the game: analysing the edited position */
  ts_analysis_panel_start (panel);
  g_assert_true (ts_analysis_panel_is_running (panel));
  ts_analysis_panel_stop (panel);

  gtk_window_destroy (GTK_WINDOW (window));
  wait_finalized (window);
}

/* Analyse when the window's game has something to lose: a new window, studied (every
 * seat human), its Analysis page shown and running; the old game stays. */
static void
test_analyse_in_new_window (void)
{
  g_autoptr(GtkApplication) app = gtk_application_new ("io.github.tessera.TestEditorActions",
                                                       G_APPLICATION_NON_UNIQUE);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window, *other;
  TsGameSession *session;
  TsAnalysisPanel *panel;
  TsPositionEditor *editor;
  GtkNotebook *notebook;
  const char *edited = "raumschach w:KAc1,QBc1 b:KEc5 turn=w halfmove=0 ply=10";
  g_autofree char *before = NULL, *now = NULL;
  GList *windows;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  /* no computer moving in the old window meanwhile */
  g_settings_set_strv (settings, "seat-kinds", (const char *[]) { "human", "human", "human", "human", NULL });
  window = g_object_ref_sink (tessera_window_new (app, "raumschach"));
  gtk_window_present (GTK_WINDOW (window));
  {
    g_autoptr(TsPosition) p = ts_position_copy (ts_game_session_get_position (tessera_window_get_session (window)));
    TsMoveList l;

    ts_move_list_init (&l);
    ts_position_generate_legal (p, &l);
    g_assert_cmpuint (l.n, >, 0);
    g_assert_true (ts_game_session_play (tessera_window_get_session (window), l.moves[0]));
    ts_move_list_clear (&l);
  }
  g_assert_true (ts_game_session_is_modified (tessera_window_get_session (window)));
  before = ts_position_to_text (ts_game_session_get_position (tessera_window_get_session (window)));

  editor = open_editor (window);
  g_assert_true (ts_position_editor_set_text (editor, edited, NULL));
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.analyse", NULL);
  flush ();
  g_assert_null (toplevel_of (TS_TYPE_POSITION_EDITOR, NULL));

  windows = gtk_application_get_windows (app);
  g_assert_cmpuint (g_list_length (windows), ==, 2);
  other = windows->data != window ? windows->data : windows->next->data;
  now = ts_position_to_text (ts_game_session_get_position (tessera_window_get_session (window)));
  g_assert_cmpstr (now, ==, before);
  session = tessera_window_get_session (other);
  g_clear_pointer (&now, g_free);
  now = ts_position_to_text (ts_game_start_position (ts_game_session_get_game (session)));
  g_assert_cmpstr (now, ==, edited);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    g_assert_cmpint (ts_game_session_get_setup (session)->kind[i], ==, TS_SEAT_HUMAN);
  panel = analysis_panel_of (other);
  notebook = tessera_window_get_side_notebook (other);
  g_assert_true (ts_analysis_panel_is_running (panel));
  g_assert_true (gtk_notebook_get_nth_page (notebook, gtk_notebook_get_current_page (notebook)) == GTK_WIDGET (panel));
  assert_no_file_written ();

  ts_analysis_panel_stop (panel);
  g_settings_reset (settings, "seat-kinds");
  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
  wait_finalized (window);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_autofree char *tmp = g_build_filename (g_getenv ("TMPDIR") ? g_getenv ("TMPDIR") : "/tmp",
                                           "tessera-editor-actions-XXXXXX", NULL);
  int status;

  /* the test's own temporary folder, before anything asks GLib for one */
  g_assert_nonnull (g_mkdtemp (tmp));
  g_setenv ("TMPDIR", tmp, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/editor-actions/actions", test_actions);
  g_test_add_func ("/editor-actions/analyse-in-new-window", test_analyse_in_new_window);
  status = g_test_run ();
  g_rmdir (tmp);
  return status;
}
