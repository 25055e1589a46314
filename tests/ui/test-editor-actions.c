/* The editor's parts in the real game window: win.edit-position (Play from an edited
 * position, Save as Problem), win.copy-image, win.export-diagram, win.preferences,
 * win.solve, and the Analysis page following the game. */
#include <glib/gstdio.h>
#include <adwaita.h>
#include <string.h>

#include "analysis-panel.h"
#include "config.h"
#include "diagram-export-dialog.h"
#include "position-editor.h"
#include "preferences-dialog.h"
#include "problem-solver.h"
#include "rules/notation.h"
#include "rules/postext.h"
#include "save-problem-dialog.h"
#include "tessera-window.h"

#define MATE_IN_2 "raumschach w:KAa1,QCe4,QDd3 b:KAe1 turn=w"

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

/* ---- Save as Problem ---- */

/* The button bound to action under root, or NULL. */
static GtkWidget *
button_for (GtkWidget *root, const char *action)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_ACTIONABLE (c) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), action) == 0)
        return c;
      if ((found = button_for (c, action)))
        return found;
    }
  return NULL;
}

static TsSaveProblemDialog *
open_save_problem (TsPositionEditor *editor)
{
  GtkWindow *dialog;

  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save-problem", NULL);
  dialog = toplevel_of (TS_TYPE_SAVE_PROBLEM_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (editor))));
  return TS_SAVE_PROBLEM_DIALOG (dialog);
}

static void
wait_solved (TsSaveProblemDialog *dialog)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (ts_save_problem_dialog_is_solving (dialog) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (ts_save_problem_dialog_is_solving (dialog));
}

/* Saves, and checks that the dialog then closes and goes away. */
static void
save_and_wait_gone (TsSaveProblemDialog *dialog, const char *path)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  gpointer object = dialog;

  g_object_add_weak_pointer (G_OBJECT (object), &object);
  g_assert_true (ts_save_problem_dialog_save_to (dialog, path));
  while (object && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (object);
}

static gboolean
is_mated (TsPosition *p)
{
  TsResult r;

  ts_position_result (p, &r);
  return r.kind == TS_RESULT_WIN;
}

static void
record_saved (TsSaveProblemDialog *dialog, const char *filename, char **saved)
{
  g_free (*saved);
  *saved = g_strdup (filename);
}

/* A mate in 2 set up in the editor, solved in the dialog and saved; the file read back
 * holds the stipulation, the solution and the key's main line, and opens in solving mode. */
static void
test_save_problem_solved (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  g_autofree char *dir = g_dir_make_tmp ("tessera-save-problem-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "mate.tessera", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *plain = g_build_filename (dir, "game.tessera", NULL);
  g_autofree char *saved = NULL, *key_san = NULL;
  g_autoptr(GString) want = g_string_new (NULL);
  g_autoptr(TsPosition) start = ts_position_from_text (MATE_IN_2, NULL);
  g_autoptr(TsGame) game = NULL;
  g_autoptr(GError) error = NULL;
  TsPositionEditor *editor;
  TsSaveProblemDialog *dialog;
  GtkWidget *button;
  const TsSolution *solution;
  const char *text;
  TsGameNode *node;
  guint plies = 0;
  GtkWindow *solver_window;

  gtk_window_present (GTK_WINDOW (window));
  editor = open_editor (window);
  g_assert_true (ts_position_editor_set_text (editor, MATE_IN_2, NULL));
  button = button_for (GTK_WIDGET (editor), "editor.save-problem");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));

  dialog = open_save_problem (editor);
  g_signal_connect (dialog, "saved", G_CALLBACK (record_saved), &saved);
  g_assert_cmpuint (ts_save_problem_dialog_get_moves (dialog), ==, 2);
  g_assert_null (ts_save_problem_dialog_get_solution (dialog));
  g_assert_nonnull (strstr (ts_save_problem_dialog_get_status (dialog), "Solution field"));

  /* solving runs in the worker: the dialog answers meanwhile, Save waits for it */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "save-problem.solve", NULL);
  g_assert_true (ts_save_problem_dialog_is_solving (dialog));
  g_assert_false (gtk_widget_is_sensitive (button_for (GTK_WIDGET (dialog), "save-problem.save")));
  g_assert_true (gtk_widget_is_sensitive (button_for (GTK_WIDGET (dialog), "save-problem.stop")));
  wait_solved (dialog);
  solution = ts_save_problem_dialog_get_solution (dialog);
  g_assert_nonnull (solution);
  g_assert_true (gtk_widget_is_sensitive (button_for (GTK_WIDGET (dialog), "save-problem.save")));
  key_san = g_strdup (solution->san);
  /* the Solution field, one line: the key, then every defence with its mate in parentheses */
  g_string_append_printf (want, "1. %s!", solution->san);
  g_assert_nonnull (solution->children);
  g_assert_cmpuint (solution->children->len, >, 0);
  for (guint i = 0; i < solution->children->len; i++)
    {
      const TsSolution *d = g_ptr_array_index (solution->children, i);
      const TsSolution *mate;

      g_assert_cmpuint (d->children->len, ==, 1);
      mate = g_ptr_array_index (d->children, 0);
      g_assert_nonnull (strchr (mate->san, '#'));
      g_string_append_printf (want, " (1… %s 2. %s)", d->san, mate->san);
    }

  save_and_wait_gone (dialog, path);
  g_assert_cmpstr (saved, ==, path);

  /* read back through the records layer */
  game = ts_game_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_STIPULATION), ==, "#2");
  text = ts_game_get_field (game, TS_GAME_SOLUTION);
  g_assert_nonnull (text);
  g_test_message ("Solution: %s", text);
  g_assert_cmpstr (text, ==, want->str);
  {
    g_autofree char *a = ts_position_to_text (ts_game_start_position (game));
    g_autofree char *b = ts_position_to_text (start);

    g_assert_cmpstr (a, ==, b);
  }
  /* the main line: the key, a defence, the mate */
  node = ts_game_root (game);
  while (ts_game_node_n_children (node) > 0)
    {
      node = ts_game_node_child (node, 0);
      plies++;
      if (plies == 1)
        g_assert_cmpstr (node->san, ==, key_san);
    }
  g_assert_cmpuint (plies, ==, 3);
  {
    g_autoptr(TsPosition) end = ts_game_position_at (game, node);

    g_assert_true (is_mated (end));
  }

  /* opened in the window, the problem opens in solving mode: the stipulation's mate in 2
   * from the start, not solved yet; the game window shows the position, not the moves */
  g_assert_true (tessera_window_load (window, path, &error));
  g_assert_no_error (error);
  solver_window = toplevel_of (TS_TYPE_PROBLEM_SOLVER, GTK_WINDOW (window));
  g_assert_nonnull (solver_window);
  g_assert_true (gtk_window_get_transient_for (solver_window) == GTK_WINDOW (window));
  {
    TsProblemSolver *solver = TS_PROBLEM_SOLVER (gtk_window_get_child (solver_window));
    TsGameSession *session = tessera_window_get_session (window);
    TsGame *shown = ts_game_session_get_game (session);
    g_autofree char *a = ts_position_to_text (ts_problem_solver_get_position (solver));
    g_autofree char *b = ts_position_to_text (start);
    g_autofree char *c = ts_position_to_text (ts_game_session_get_position (session));

    g_assert_cmpuint (ts_problem_solver_get_moves (solver), ==, 2);
    g_assert_cmpstr (a, ==, b);
    g_assert_false (ts_problem_solver_is_solved (solver));
    g_assert_null (ts_problem_solver_get_solution_text (solver));
    g_assert_cmpstr (c, ==, b);
    g_assert_cmpuint (ts_game_node_n_children (ts_game_root (shown)), ==, 0);
    g_assert_cmpstr (ts_game_get_field (shown, TS_GAME_STIPULATION), ==, "#2");
    g_assert_false (ts_game_session_is_modified (session));
    /* the stripped game is not the file: Save asks for a name */
    g_assert_null (ts_game_session_get_filename (session));
  }
  gtk_window_destroy (solver_window);
  flush ();
  g_assert_null (toplevel_of (TS_TYPE_PROBLEM_SOLVER, GTK_WINDOW (window)));

  /* the window's Solve is the stipulation's mate in 2 too */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL);
  solver_window = toplevel_of (TS_TYPE_PROBLEM_SOLVER, GTK_WINDOW (window));
  g_assert_nonnull (solver_window);
  {
    TsProblemSolver *solver = TS_PROBLEM_SOLVER (gtk_window_get_child (solver_window));
    g_autofree char *a = ts_position_to_text (ts_problem_solver_get_position (solver));
    g_autofree char *b = ts_position_to_text (start);

    g_assert_cmpuint (ts_problem_solver_get_moves (solver), ==, 2);
    g_assert_cmpstr (a, ==, b);
    /* its Solve waits for the worker: let it finish before the window goes */
    while (!ts_problem_solver_get_solution_text (solver))
      g_main_context_iteration (NULL, TRUE);
  }
  gtk_window_destroy (solver_window);
  flush ();

  /* the same record without the stipulation is an ordinary game: opened as it is, with
   * its moves, its file name and no solver */
  ts_game_set_field (game, TS_GAME_STIPULATION, NULL);
  g_assert_true (ts_game_save (game, plain, TS_GAME_FORMAT_XML, &error));
  g_assert_no_error (error);
  g_assert_true (tessera_window_load (window, plain, &error));
  g_assert_no_error (error);
  g_assert_null (toplevel_of (TS_TYPE_PROBLEM_SOLVER, GTK_WINDOW (window)));
  g_assert_cmpstr (ts_game_session_get_filename (tessera_window_get_session (window)), ==, plain);
  g_assert_cmpuint (ts_game_node_n_children (ts_game_root (ts_game_session_get_game (tessera_window_get_session (window)))),
                    ==, 1);

  gtk_window_destroy (GTK_WINDOW (toplevel_of (TS_TYPE_POSITION_EDITOR, GTK_WINDOW (window))));
  gtk_window_destroy (GTK_WINDOW (window));
  wait_finalized (window);
  g_remove (path);
  g_remove (backup);
  g_remove (plain);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* No mate in 1: the dialog says so and saves the problem without a Solution field;
 * Stop forgets a running search; a file that cannot be written gets the records
 * layer's message in a message dialog. */
static void
test_save_problem_no_mate (void)
{
  GtkWidget *parent = gtk_window_new ();
  g_autoptr(TsPosition) start = ts_position_from_text (MATE_IN_2, NULL);
  TsPositionEditor *editor = TS_POSITION_EDITOR (ts_position_editor_new (start));
  g_autofree char *dir = g_dir_make_tmp ("tessera-save-problem-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "none.tessera", NULL);
  g_autofree char *bad = g_build_filename (dir, "missing", "none.tessera", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(TsGame) game = NULL;
  g_autoptr(GError) error = NULL;
  TsSaveProblemDialog *dialog;
  GtkWindow *message;

  gtk_window_set_child (GTK_WINDOW (parent), GTK_WIDGET (editor));
  gtk_window_present (GTK_WINDOW (parent));
  dialog = open_save_problem (editor);

  /* Stop: nothing found is kept, even when the worker answers later */
  ts_save_problem_dialog_set_moves (dialog, 3);
  {
    guint refs = G_OBJECT (dialog)->ref_count;
    gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

    gtk_widget_activate_action (GTK_WIDGET (dialog), "save-problem.solve", NULL);
    g_assert_true (ts_save_problem_dialog_is_solving (dialog));
    g_assert_cmpuint (G_OBJECT (dialog)->ref_count, ==, refs + 1);
    gtk_widget_activate_action (GTK_WIDGET (dialog), "save-problem.stop", NULL);
    g_assert_false (ts_save_problem_dialog_is_solving (dialog));
    /* the worker's answer (it holds a reference until then) changes nothing */
    while (G_OBJECT (dialog)->ref_count > refs && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpuint (G_OBJECT (dialog)->ref_count, ==, refs);
  }
  g_assert_nonnull (strstr (ts_save_problem_dialog_get_status (dialog), "stopped"));
  g_assert_null (ts_save_problem_dialog_get_solution (dialog));

  /* a mate in 2 has no mate in 1 */
  ts_save_problem_dialog_set_moves (dialog, 1);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "save-problem.solve", NULL);
  wait_solved (dialog);
  g_assert_null (ts_save_problem_dialog_get_solution (dialog));
  g_assert_cmpstr (ts_save_problem_dialog_get_status (dialog), ==,
                   "There is no mate in 1. You can still save the problem: the file then has no Solution field.");
  /* a solution found for 2 is forgotten when N changes */
  ts_save_problem_dialog_set_moves (dialog, 2);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "save-problem.solve", NULL);
  wait_solved (dialog);
  g_assert_nonnull (ts_save_problem_dialog_get_solution (dialog));
  ts_save_problem_dialog_set_moves (dialog, 1);
  g_assert_null (ts_save_problem_dialog_get_solution (dialog));

  /* an unwritable place: the message dialog with the records layer's reason */
  {
    g_autoptr(TsGame) same = ts_problem_to_game (ts_position_editor_get_position (editor), 1, NULL);

    g_assert_false (ts_game_save (same, bad, TS_GAME_FORMAT_XML, &error));
    expected = g_strdup (error->message);
    g_clear_error (&error);
  }
  g_assert_false (ts_save_problem_dialog_save_to (dialog, bad));
  /* libadwaita's message dialog, as the window's errors (GtkMessageDialog is deprecated) */
  message = toplevel_of (ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (message);
  g_assert_true (gtk_window_get_transient_for (message) == GTK_WINDOW (dialog));
  g_assert_true (gtk_window_get_modal (message));
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (message)), ==, "Cannot save the problem");
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (message)), ==, expected);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (message), "close");
  g_assert_null (toplevel_of (ADW_TYPE_MESSAGE_DIALOG, NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* saved without a solution */
  save_and_wait_gone (dialog, path);
  game = ts_game_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_STIPULATION), ==, "#1");
  g_assert_null (ts_game_get_field (game, TS_GAME_SOLUTION));
  g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (parent));
  flush ();
  g_remove (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Save as Problem is off for an illegal position and in a four-player variant, with a
 * tooltip saying why. */
static void
test_save_problem_insensitive (void)
{
  GtkWidget *parent = gtk_window_new ();
  g_autoptr(TsPosition) four = ts_position_new_initial (ts_variant_lookup ("cubic8-4p"));
  g_autoptr(GError) why = NULL;
  TsPositionEditor *editor = TS_POSITION_EDITOR (ts_position_editor_new (four));
  GtkWidget *button = button_for (GTK_WIDGET (editor), "editor.save-problem");

  gtk_window_set_child (GTK_WINDOW (parent), GTK_WIDGET (editor));
  gtk_window_present (GTK_WINDOW (parent));
  g_assert_nonnull (button);

  /* four players: legal, but no problem */
  g_assert_true (ts_position_editor_get_legal (editor));
  g_assert_true (gtk_widget_is_sensitive (button_for (GTK_WIDGET (editor), "editor.play")));
  g_assert_false (gtk_widget_is_sensitive (button));
  g_assert_false (ts_problem_is_supported (four, &why));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, why->message);
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save-problem", NULL);
  g_assert_null (toplevel_of (TS_TYPE_SAVE_PROBLEM_DIALOG, NULL));

  /* two players, legal */
  g_assert_true (ts_position_editor_set_text (editor, MATE_IN_2, NULL));
  g_assert_true (gtk_widget_is_sensitive (button));

  /* two players, illegal: no black king */
  ts_position_editor_remove (editor, ts_variant_parse_cell (ts_position_variant (ts_position_editor_get_position (editor)), "Ae1", NULL));
  g_assert_false (ts_position_editor_get_legal (editor));
  g_assert_false (gtk_widget_is_sensitive (button));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "legal"));
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save-problem", NULL);
  g_assert_null (toplevel_of (TS_TYPE_SAVE_PROBLEM_DIALOG, NULL));

  gtk_window_destroy (GTK_WINDOW (parent));
  flush ();
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
  adw_init ();
  g_test_add_func ("/editor-actions/actions", test_actions);
  g_test_add_func ("/editor-actions/analyse-in-new-window", test_analyse_in_new_window);
  g_test_add_func ("/editor-actions/save-problem", test_save_problem_solved);
  g_test_add_func ("/editor-actions/save-problem-no-mate", test_save_problem_no_mate);
  g_test_add_func ("/editor-actions/save-problem-insensitive", test_save_problem_insensitive);
  status = g_test_run ();
  g_rmdir (tmp);
  return status;
}
