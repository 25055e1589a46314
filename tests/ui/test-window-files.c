/* The game window's files, driven through its actions and dialogs as a user would: a new
 * game or an opened file never throws away an unsaved game. */
#include "config.h"

#include <glib/gstdio.h>
#include <adwaita.h>

#include "new-game-dialog.h"
#include "records/game-random.h"
#include "rules/notation.h"
#include "rules/variant.h"
#include "tessera-window.h"
#include "widget-test.h"

static char *tmp_dir;

static void
reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  widget_test_reset_settings (settings);
  /* no computer moving meanwhile */
  g_settings_set_strv (settings, "seat-kinds", (const char *[]) { "human", "human", "human", "human", NULL });
}

static void
flush_events (void)
{
  for (guint i = 0; i < 5; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static TesseraWindow *
new_window (GtkApplication *app)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (app, "raumschach"));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
close_window (TesseraWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
  g_assert_finalize_object (window);
}

static TsGameSession *
session_of (TesseraWindow *window)
{
  return tessera_window_get_session (window);
}

static guint
ply (TesseraWindow *window)
{
  return ts_position_ply (ts_game_session_get_position (session_of (window)));
}

/* Plays a legal move, as the notation entry does. */
static void
play_in (TesseraWindow *window, guint pick)
{
  g_autoptr(TsPosition) p = ts_position_copy (ts_game_session_get_position (session_of (window)));
  g_autofree char *san = NULL;
  TsMoveList list;

  ts_move_list_init (&list);
  ts_position_generate_legal (p, &list);
  g_assert_cmpuint (list.n, >, 0);
  san = ts_move_to_san (p, list.moves[pick % list.n]);
  ts_move_list_clear (&list);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", san);
}

/* The toplevel of type (transient for parent, if given), or NULL. */
static GtkWindow *
find_toplevel (GType type, GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)) &&
          (parent == NULL || gtk_window_get_transient_for (w) == parent))
        return w;
    }
  return NULL;
}

/* The question the window asks (a message dialog on it), or NULL. */
static GtkMessageDialog *
question_of (TesseraWindow *window)
{
  return (GtkMessageDialog *) find_toplevel (GTK_TYPE_MESSAGE_DIALOG, GTK_WINDOW (window));
}

static char *
question_text (GtkMessageDialog *dialog)
{
  g_autofree char *text = NULL;

  g_object_get (dialog, "text", &text, NULL);
  return g_steal_pointer (&text);
}

/* Ctrl+N and Start in the New Game dialog (Raumschach, the remembered seats). */
static void
ask_for_new_game (TesseraWindow *window)
{
  GtkWindow *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = find_toplevel (TS_TYPE_NEW_GAME_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  flush_events ();
}

/* New Game with unsaved changes asks Save / Discard / Cancel: Cancel keeps the game,
 * Discard starts the new one, Save saves first (here to the game's file). An unmodified
 * game is replaced without a question. */
static void
test_new_game_asks (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "new-game.tessera", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *text = NULL;
  TesseraWindow *window;
  GtkMessageDialog *question;

  reset_settings ();
  window = new_window (NULL);
  play_in (window, 3);
  play_in (window, 5);
  g_assert_cmpuint (ply (window), ==, 2);
  before = ts_game_session_main_line_text (session_of (window));

  ask_for_new_game (window);
  question = question_of (window);
  g_assert_nonnull (question);
  text = question_text (question);
  g_assert_cmpstr (text, ==, "Save the game before starting a new one?");
  g_assert_cmpuint (ply (window), ==, 2);
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_null (question_of (window));
  {
    g_autofree char *now = ts_game_session_main_line_text (session_of (window));

    g_assert_cmpstr (now, ==, before);
    g_assert_true (ts_game_session_is_modified (session_of (window)));
  }

  ask_for_new_game (window);
  gtk_dialog_response (GTK_DIALOG (question_of (window)), GTK_RESPONSE_REJECT);
  flush_events ();
  g_assert_cmpuint (ply (window), ==, 0);
  g_assert_false (ts_game_session_is_modified (session_of (window)));

  /* Nothing to lose: no question. */
  ask_for_new_game (window);
  g_assert_null (question_of (window));
  g_assert_cmpuint (ply (window), ==, 0);

  /* Save: the game goes to its file, then the new game starts. */
  play_in (window, 1);
  g_assert_true (tessera_window_save (window, path, &error));
  g_assert_no_error (error);
  play_in (window, 2);
  g_clear_pointer (&before, g_free);
  before = ts_game_session_main_line_text (session_of (window));
  ask_for_new_game (window);
  gtk_dialog_response (GTK_DIALOG (question_of (window)), GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_cmpuint (ply (window), ==, 0);
  {
    TsGame *saved = ts_game_load (path, &error);
    g_autoptr(TsGameSession) s = NULL;
    g_autofree char *line = NULL;

    g_assert_no_error (error);
    ts_game_go_end (saved);
    s = ts_game_session_new (ts_game_variant (saved), saved, NULL);
    ts_game_session_pause (s);
    line = ts_game_session_main_line_text (s);
    g_assert_cmpstr (line, ==, before);
  }
  close_window (window);
}

/* Open (Ctrl+O, the file chooser) with unsaved changes opens the file in a new window, as
 * the recent files and a dropped file do; the unsaved game stays where it was. */
static void
test_open_keeps_unsaved (void)
{
  g_autoptr(GtkApplication) app = gtk_application_new ("io.github.tessera.TestWindowFiles", G_APPLICATION_NON_UNIQUE);
  g_autofree char *path = g_build_filename (tmp_dir, "opened.tessera", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  TesseraWindow *window, *other = NULL;
  GtkWindow *chooser;
  TsGame *game = ts_game_new_random (ts_variant_lookup ("nihongi"), 6, 0, FALSE, 3);

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  reset_settings ();
  g_assert_true (ts_game_save (game, path, TS_GAME_FORMAT_XML, &error));
  g_assert_no_error (error);
  ts_game_free (game);

  window = new_window (app);
  play_in (window, 3);
  before = ts_game_session_main_line_text (session_of (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL);
  flush_events ();
  chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, NULL);
  g_assert_nonnull (chooser);
  g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, &error));
  g_assert_no_error (error);
  /* The chooser answers only once its folder is loaded and the file selected; then it
   * goes. */
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
  for (guint i = 0; i < 500 && chooser != NULL && gtk_widget_get_visible (GTK_WIDGET (chooser)); i++)
    {
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
      flush_events ();
      g_usleep (10000);
    }
  if (chooser != NULL)
    g_object_remove_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);

  now = ts_game_session_main_line_text (session_of (window));
  g_assert_cmpstr (now, ==, before);
  g_assert_cmpstr (tessera_window_get_variant (window), ==, "raumschach");
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (l->data != window)
      other = l->data;
  g_assert_nonnull (other);
  g_assert_cmpstr (tessera_window_get_variant (other), ==, "nihongi");
  g_assert_cmpstr (ts_game_session_get_filename (session_of (other)), ==, path);
  gtk_window_destroy (GTK_WINDOW (other));
  close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("tessera-window-files-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  tmp_dir = data_home;
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/window-files/new-game-asks", test_new_game_asks);
  g_test_add_func ("/window-files/open-keeps-unsaved", test_open_keeps_unsaved);
  return g_test_run ();
}
