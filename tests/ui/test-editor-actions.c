/* The editor's parts in the real game window: win.edit-position (Play from an edited
 * position), win.copy-image, win.export-diagram, win.preferences, win.solve, and the
 * Analysis page following the game. */
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

static void
test_actions (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  GtkNotebook *notebook = tessera_window_get_side_notebook (window);
  const char *names[] = { "edit-position", "preferences", "export-diagram", "copy-image", "solve" };
  GtkWindow *dialog;
  TsPositionEditor *editor;
  GtkWidget *page;
  TsAnalysisPanel *panel = NULL;

  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), names[i]));

  /* the Analysis page */
  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    if (TS_IS_ANALYSIS_PANEL (page = gtk_notebook_get_nth_page (notebook, i)))
      panel = TS_ANALYSIS_PANEL (page);
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

  /* Edit Position: the editor shows the game's position; Play starts a game from the edit */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-position", NULL);
  dialog = toplevel_of (TS_TYPE_POSITION_EDITOR, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  editor = TS_POSITION_EDITOR (gtk_window_get_child (dialog));
  {
    g_autofree char *game_text = ts_position_to_text (ts_game_session_get_position (tessera_window_get_session (window)));
    g_autofree char *editor_text = ts_position_editor_get_text (editor);
    g_autofree char *now = NULL;
    const char *edited = "raumschach w:KAc1,QBc1 b:KEc5 turn=b halfmove=0 ply=11";

    g_assert_cmpstr (editor_text, ==, game_text);
    g_assert_true (ts_position_editor_set_text (editor, edited, NULL));
    gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL);
    flush ();
    now = ts_position_to_text (ts_game_session_get_position (tessera_window_get_session (window)));
    g_assert_cmpstr (now, ==, edited);
    g_assert_null (toplevel_of (TS_TYPE_POSITION_EDITOR, GTK_WINDOW (window)));
  }

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
  {
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    while (G_OBJECT (window)->ref_count > 1 && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_finalize_object (window);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/editor-actions/actions", test_actions);
  return g_test_run ();
}
