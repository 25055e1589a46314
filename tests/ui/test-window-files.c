/* The game window's files, driven through its actions and dialogs as a user would: a new
 * game or an opened file never throws away an unsaved game; files are read in the
 * background; a file that is no game is said so on the window. */
#include "config.h"

#include <glib/gstdio.h>
#include <adwaita.h>

#include "new-game-dialog.h"
#include "tessera-application.h"
#include "records/game-random.h"
#include "rules/notation.h"
#include "rules/variant.h"
#include "autosave-slot.h"
#include "tessera-window.h"
#include "widget-test.h"
#include "window-test.h"

static char *tmp_dir;

static void
reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  widget_test_reset_settings (settings);
  /* no computer moving meanwhile */
  g_settings_set_strv (settings, "seat-kinds", (const char *[]) { "human", "human", "human", "human", NULL });
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
  widget_test_flush_events ();
  g_assert_finalize_object (window);
  window_test_discard_autosaves ();
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

/* The question or message the window shows (a message dialog on it), or NULL. */
static AdwMessageDialog *
question_of (TesseraWindow *window)
{
  return (AdwMessageDialog *) find_toplevel (ADW_TYPE_MESSAGE_DIALOG, GTK_WINDOW (window));
}

static void
answer (TesseraWindow *window, const char *id)
{
  AdwMessageDialog *dialog = question_of (window);

  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  adw_message_dialog_response (dialog, id);
  widget_test_flush_events ();
  g_assert_null (dialog);   /* answered and gone (another may follow) */
}

/* Ctrl+N and Start in the New Game dialog (Raumschach, the remembered seats). */
static void
ask_for_new_game (TesseraWindow *window)
{
  GtkWindow *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = find_toplevel (TS_TYPE_NEW_GAME_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
  widget_test_flush_events ();
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
  TesseraWindow *window;
  AdwMessageDialog *question;

  reset_settings ();
  window = new_window (NULL);
  play_in (window, 3);
  play_in (window, 5);
  g_assert_cmpuint (ply (window), ==, 2);
  before = ts_game_session_main_line_text (session_of (window));

  ask_for_new_game (window);
  question = question_of (window);
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Save the game before starting a new one?");
  g_assert_cmpuint (ply (window), ==, 2);
  answer (window, "cancel");
  {
    g_autofree char *now = ts_game_session_main_line_text (session_of (window));

    g_assert_cmpstr (now, ==, before);
    g_assert_true (ts_game_session_is_modified (session_of (window)));
  }

  ask_for_new_game (window);
  answer (window, "discard");
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
  answer (window, "save");
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
  widget_test_flush_events ();
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
      widget_test_flush_events ();
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

static gboolean
count_tick (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until window has read its files; returns how often a 1 ms timer
 * fired meanwhile. */
static guint
wait_for_loading (TesseraWindow *window)
{
  guint ticks = 0;
  guint id = g_timeout_add_full (G_PRIORITY_HIGH, 1, count_tick, &ticks, NULL);

  while (tessera_window_is_loading (window))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  widget_test_flush_events ();
  return ticks;
}

/* The game windows there are, window first. */
static GPtrArray *
game_windows (TesseraWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GPtrArray *found = g_ptr_array_new ();

  g_ptr_array_add (found, window);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (TESSERA_IS_WINDOW (w) && (gpointer) w != window)
        g_ptr_array_add (found, w);
    }
  return found;
}

static char *big_game_path;   /* made once */
static guint big_game_plies;

/* A long game: Grossraumschach's drops keep random games going where the 50-move rule ends
 * the others' after a thousand plies or so. */
static const char *
big_game (void)
{
  if (big_game_path == NULL)
    {
      g_autoptr(TsGame) game = ts_game_new_random (ts_variant_lookup ("grossraumschach"), 10000, 0, FALSE, 17);
      g_autoptr(GError) error = NULL;

      ts_game_go_end (game);
      big_game_plies = ts_game_node_depth (ts_game_current (game));
      g_assert_cmpuint (big_game_plies, >, 5000);
      big_game_path = g_build_filename (tmp_dir, "big.tessera", NULL);
      g_assert_true (ts_game_save (game, big_game_path, TS_GAME_FORMAT_XML, &error));
      g_assert_no_error (error);
    }
  return big_game_path;
}

/* A long file is read in the background: the window answers (a timer keeps firing, a move
 * can be played), shows what it is opening, and the game it shows stays; once read, the
 * file opens in a new window, since the game here now has unsaved changes. */
static void
test_open_in_background (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (big_game ());
  g_autoptr(GPtrArray) windows = NULL;
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  TesseraWindow *window, *other;
  gint64 start, took;
  guint ticks;

  reset_settings ();
  window = new_window (NULL);
  play_in (window, 3);
  /* Hidden while it reads: the banner's spinner has the window draw frame after frame
   * (tens of ms each), which leaves the timer a few gaps only, fewer on a machine that
   * reads faster; hidden, the timer shows what is meant, whether the main loop is free
   * while the file is read. */
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  before = ts_game_session_main_line_text (session_of (window));

  start = g_get_monotonic_time ();
  tessera_window_open_file (window, file);
  g_assert_true (tessera_window_is_loading (window));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "stop-opening"));
  play_in (window, 4);                 /* the user plays on meanwhile */
  g_assert_cmpuint (ply (window), ==, 2);
  ticks = wait_for_loading (window);
  took = g_get_monotonic_time () - start;
  g_test_message ("%u plies read and shown in %.0f ms; a 1 ms timer fired %u times meanwhile",
                  big_game_plies, took / 1000.0, ticks);
  g_assert_cmpuint (ticks, >=, 2);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "stop-opening"));

  now = ts_game_session_main_line_text (session_of (window));
  g_assert_true (g_str_has_prefix (now, before));
  g_assert_cmpuint (ply (window), ==, 2);
  windows = game_windows (window);
  g_assert_cmpuint (windows->len, ==, 2);
  other = windows->pdata[1];
  g_assert_cmpuint (ply (other), ==, big_game_plies);
  g_assert_cmpstr (ts_game_session_get_filename (session_of (other)), ==, big_game ());
  g_assert_false (ts_game_session_is_modified (session_of (other)));
  gtk_window_destroy (GTK_WINDOW (other));
  close_window (window);
}

/* A file that fails after a long read (an illegal move at the end of the long game): the
 * error on the window, its game as it was, no other window; Stop ends a read at once. */
static void
test_open_error_in_background (void)
{
  g_autofree char *bad = g_build_filename (tmp_dir, "bad.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (bad);
  g_autoptr(GFile) big = g_file_new_for_path (big_game ());
  g_autoptr(GPtrArray) windows = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  g_autofree char *secondary = NULL;
  TesseraWindow *window;
  AdwMessageDialog *dialog;

  {
    g_autoptr(TsGame) game = ts_game_load (big_game (), &error);
    g_autofree char *text = NULL;
    g_autofree char *broken = NULL;

    g_assert_no_error (error);
    text = ts_game_to_text (game, NULL);
    /* before the result, which ends the move text */
    g_assert_true (g_str_has_suffix (text, " *\n"));
    text[strlen (text) - 3] = '\0';
    broken = g_strconcat (text, " Zz9 *\n", NULL);
    g_file_set_contents (bad, broken, -1, &error);
    g_assert_no_error (error);
  }
  reset_settings ();
  window = new_window (NULL);
  play_in (window, 3);
  before = ts_game_session_main_line_text (session_of (window));
  tessera_window_open_file (window, file);
  g_assert_true (tessera_window_is_loading (window));
  wait_for_loading (window);
  dialog = question_of (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Cannot open “bad.pgn”");
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Cannot open “bad.pgn”");
  secondary = g_strdup (adw_message_dialog_get_body (dialog));
  g_assert_nonnull (strstr (secondary, "bad.pgn:"));
  g_assert_nonnull (strstr (secondary, "Zz9"));
  answer (window, "close");
  now = ts_game_session_main_line_text (session_of (window));
  g_assert_cmpstr (now, ==, before);
  windows = game_windows (window);
  g_assert_cmpuint (windows->len, ==, 1);

  /* Stop: no game, no message, at once. */
  tessera_window_open_file (window, big);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-opening", NULL);
  widget_test_flush_events ();
  g_assert_false (tessera_window_is_loading (window));
  g_assert_null (question_of (window));
  g_clear_pointer (&windows, g_ptr_array_unref);
  windows = game_windows (window);
  g_assert_cmpuint (windows->len, ==, 1);
  g_clear_pointer (&now, g_free);
  now = ts_game_session_main_line_text (session_of (window));
  g_assert_cmpstr (now, ==, before);
  close_window (window);
}

/* `tessera README.md` (the application's open): one window, with a titled error dialog on
 * it that says in words what the file is not; with a game file beside it, the game opens
 * in that window and still no window is left over. */
static void
test_open_not_a_game (void)
{
  g_autoptr(TesseraApplication) app = tessera_application_new ();
  g_autofree char *readme = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "README.md", NULL);
  g_autofree char *game_path = g_build_filename (tmp_dir, "opened.tessera", NULL);
  GFile *files[2] = { g_file_new_for_path (readme), g_file_new_for_path (game_path) };
  g_autoptr(GError) error = NULL;
  g_autofree char *secondary = NULL;
  TesseraWindow *window;
  AdwMessageDialog *dialog;
  GList *windows;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  reset_settings ();
  g_application_open (G_APPLICATION (app), files, 1, "");
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, 1);
  window = windows->data;
  wait_for_loading (window);
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  dialog = question_of (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Cannot open “README.md”");
  secondary = g_strdup (adw_message_dialog_get_body (dialog));
  g_assert_cmpstr (secondary, ==, "README.md is not a Tessera game or a game text file.");
  answer (window, "close");
  g_assert_true (tessera_window_is_pristine (window));

  /* A game and README.md: the game here, the message on this window. */
  {
    g_autoptr(TsGame) game = ts_game_new_random (ts_variant_lookup ("nihongi"), 6, 0, FALSE, 3);

    g_assert_true (ts_game_save (game, game_path, TS_GAME_FORMAT_XML, &error));
    g_assert_no_error (error);
  }
  g_application_open (G_APPLICATION (app), (GFile *[]) { files[1], files[0] }, 2, "");
  wait_for_loading (window);
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  g_assert_cmpstr (ts_game_session_get_filename (session_of (window)), ==, game_path);
  g_assert_nonnull (question_of (window));

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  widget_test_flush_events ();
  g_object_unref (files[0]);
  g_object_unref (files[1]);
}

/* Failures injected with tests/records/fail-io.c (LD_PRELOAD): the test runs again in a
 * child process with the shim loaded; TS_FAIL_IO says what fails, TS_FAIL_IO_PATH where. */

static const char *program_path;

static void
run_with_failures (gconstpointer data)
{
  const char *test_path = data;
  const char *argv[] = { program_path, "-p", test_path, NULL };
  const char *preload = g_getenv ("LD_PRELOAD");
  const char *asan = g_getenv ("ASAN_OPTIONS");
  g_autofree char *both = NULL;
  g_autofree char *asan_options = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_get_environ ();
  int status;

  g_assert_nonnull (g_getenv ("TS_FAIL_IO_LIB"));
  both = preload ? g_strconcat (g_getenv ("TS_FAIL_IO_LIB"), ":", preload, NULL) : g_strdup (g_getenv ("TS_FAIL_IO_LIB"));
  /* sanitizer builds: the shim comes before ASan's runtime */
  asan_options = g_strconcat (asan ? asan : "", asan ? ":" : "", "verify_asan_link_order=0", NULL);
  env = g_environ_setenv (env, "LD_PRELOAD", both, TRUE);
  env = g_environ_setenv (env, "ASAN_OPTIONS", asan_options, TRUE);
  env = g_environ_setenv (env, "TESSERA_WINDOW_FILES_CHILD", "1", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_test_message ("%s", out);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s failed in the child: %s\n%s", test_path, error->message, out);
  g_assert_nonnull (strstr (out, "\nok 1 "));
}

static void
fail_io (const char *what, const char *where)
{
  g_setenv ("TS_FAIL_IO", what, TRUE);
  g_setenv ("TS_FAIL_IO_PATH", where, TRUE);
}

static GBytes *
contents_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data;
  gsize length;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, length);
}

static guint
n_files_in (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d && g_dir_read_name (d))
    n++;
  return n;
}

/* The heading and text of the message the window shows; answered with Close. */
static char *
take_message (TesseraWindow *window, const char *heading)
{
  AdwMessageDialog *dialog = question_of (window);
  char *body;

  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  body = g_strdup (adw_message_dialog_get_body (dialog));
  g_test_message ("%s: %s", heading, body);
  answer (window, "close");
  return body;
}

/* Save (Ctrl+S, and Save from the question on closing) onto a disk that fills up, Save As
 * when syncing fails, the autosave onto a full disk: each says which file, what failed
 * and what is left (the old version intact, or no file made); the game stays modified
 * and open, and the file on disk is byte for byte what it was. */
static void
test_save_errors (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "fail-here", NULL);
  g_autofree char *path = g_build_filename (dir, "game.tessera", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new.tessera", NULL);
  g_autofree char *autosave_root = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  TesseraWindow *window;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  reset_settings ();
  window = new_window (NULL);
  play_in (window, 3);
  g_assert_true (tessera_window_save (window, path, &error));
  g_assert_no_error (error);
  before = contents_of (path);
  play_in (window, 5);

  /* Ctrl+S on a full disk */
  fail_io ("write=ENOSPC@0", dir);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  body = take_message (window, "Cannot save “game.tessera”");
  g_assert_nonnull (strstr (body, path));
  g_assert_nonnull (strstr (body, "No space left on device"));
  g_assert_nonnull (strstr (body, "The old version of the file is intact."));
  g_assert_true (ts_game_session_is_modified (session_of (window)));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
  after = contents_of (path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_cmpuint (n_files_in (dir), ==, 1);

  /* Close, Save: the save fails, the window stays with its game */
  gtk_window_close (GTK_WINDOW (window));
  answer (window, "save");
  g_clear_pointer (&body, g_free);
  body = take_message (window, "Cannot save “game.tessera”");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (ts_game_session_is_modified (session_of (window)));

  /* Save As a new file whose data cannot be synced: no file made */
  fail_io ("fsync=EIO", dir);
  g_assert_false (tessera_window_save (window, fresh, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fresh));
  g_assert_nonnull (strstr (error->message, "Input/output error"));
  g_assert_nonnull (strstr (error->message, "No file was created."));
  g_clear_error (&error);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (ts_game_session_get_filename (session_of (window)), ==, path);
  g_assert_cmpuint (n_files_in (dir), ==, 1);

  /* The autosave on a full disk: said once for the game, not after every move */
  autosave_root = g_build_filename (g_get_user_data_dir (), "tessera", "autosave", NULL);
  fail_io ("write=ENOSPC@0", autosave_root);
  play_in (window, 2);
  ts_autosave_flush ();
  widget_test_flush_events ();
  g_clear_pointer (&body, g_free);
  body = take_message (window, "Cannot autosave the game");
  g_assert_nonnull (strstr (body, "game.xml"));
  g_assert_nonnull (strstr (body, "No space left on device"));
  g_assert_nonnull (strstr (body, "save it to keep it"));
  play_in (window, 4);
  ts_autosave_flush ();
  widget_test_flush_events ();
  g_assert_null (question_of (window));

  g_unsetenv ("TS_FAIL_IO");
  gtk_window_close (GTK_WINDOW (window));
  answer (window, "discard");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_finalize_object (window);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("tessera-window-files-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  tmp_dir = data_home;
  program_path = argv[0];
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/window-files/new-game-asks", test_new_game_asks);
  g_test_add_func ("/window-files/open-keeps-unsaved", test_open_keeps_unsaved);
  g_test_add_func ("/window-files/open-in-background", test_open_in_background);
  g_test_add_func ("/window-files/open-error-in-background", test_open_error_in_background);
  g_test_add_func ("/window-files/open-not-a-game", test_open_not_a_game);
  if (g_getenv ("TESSERA_WINDOW_FILES_CHILD") != NULL)
    g_test_add_func ("/window-files/save-errors", test_save_errors);
  else
    g_test_add_data_func ("/window-files/save-errors", "/window-files/save-errors", run_with_failures);
  return g_test_run ();
}
