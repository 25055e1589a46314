/* Nothing is lost: the real tessera plays against its computer (moves sent through the
 * window's D-Bus actions), is killed with SIGKILL mid-game, and a new window offers the
 * game back and restores it move for move. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <signal.h>

#include "records/game.h"
#include "rules/notation.h"
#include "rules/variant.h"
#include "tessera-window.h"

#define APP_PATH    "/io/github/tessera/Tessera"
#define WINDOW_PATH "/io/github/tessera/Tessera/window/1"
#define TIMEOUT_US  (120 * G_USEC_PER_SEC)

static void
spin (void)
{
  g_main_context_iteration (NULL, FALSE);
  g_usleep (10000);
}

static void
name_appeared (GDBusConnection *c, const char *name, const char *owner, gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* The game the autosave files hold now, or NULL; *ply is the cursor's ply written there. */
static TsGame *
read_autosave (const char *dir, guint *ply)
{
  g_autofree char *meta_path = g_build_filename (dir, "session.ini", NULL);
  g_autofree char *game_path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(GKeyFile) meta = g_key_file_new ();

  if (!g_key_file_load_from_file (meta, meta_path, G_KEY_FILE_NONE, NULL))
    return NULL;
  *ply = g_key_file_get_uint64 (meta, "session", "ply", NULL);
  return ts_game_load (game_path, NULL);
}

/* Waits until the autosave holds at least ply plies (and the computer has answered). */
static TsGame *
wait_for_autosave (const char *dir, guint min_ply)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_US;

  while (g_get_monotonic_time () < deadline)
    {
      guint ply = 0;
      TsGame *game = read_autosave (dir, &ply);

      if (game != NULL && ply >= min_ply)
        {
          ts_game_go_end (game);
          if (ts_game_node_depth (ts_game_current (game)) >= min_ply)
            return game;
        }
      g_clear_pointer (&game, ts_game_free);
      spin ();
    }
  g_error ("the autosave never reached ply %u", min_ply);
}

static void
play (GDBusConnection *bus, const char *san)
{
  g_autoptr(GVariantBuilder) params = g_variant_builder_new (G_VARIANT_TYPE ("av"));
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  g_variant_builder_add (params, "v", g_variant_new_string (san));
  reply = g_dbus_connection_call_sync (bus, APP_ID, WINDOW_PATH, "org.gtk.Actions", "Activate",
                                       g_variant_new ("(sava{sv})", "play-move", params, NULL),
                                       NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
}

/* A legal move for the side to move at the end of game's main line. */
static char *
some_move (TsGame *game, guint pick)
{
  g_autoptr(TsPosition) p = NULL;
  TsMoveList list;
  char *san;

  ts_game_go_end (game);
  p = ts_position_copy (ts_game_position (game));
  ts_move_list_init (&list);
  ts_position_generate_legal (p, &list);
  g_assert_cmpuint (list.n, >, 0);
  san = ts_move_to_san (p, list.moves[pick % list.n]);
  ts_move_list_clear (&list);
  return san;
}

static void
test_kill_and_restore (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_autofree char *dir = tessera_window_autosave_dir ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(TsGame) saved = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *restored = NULL;
  TesseraWindow *window;
  TsGameSession *session;
  gboolean appeared = FALSE;
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_US;
  guint watch;

  g_assert_no_error (error);
  ts_game_session_remove_autosave (dir);

  /* First run: White (the user) against the computer, as on a first start. */
  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, g_getenv ("TESSERA_APP"), NULL);
  g_assert_no_error (error);
  watch = g_bus_watch_name_on_connection (bus, APP_ID, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                          name_appeared, NULL, &appeared, NULL);
  while (!appeared && g_get_monotonic_time () < deadline)
    spin ();
  g_bus_unwatch_name (watch);
  g_assert_true (appeared);

  {
    g_autoptr(TsGame) start = ts_game_new (ts_variant_lookup ("raumschach"), NULL);

    first = some_move (start, 7);
  }
  /* The window may not be exported yet when the name appears. */
  deadline = g_get_monotonic_time () + TIMEOUT_US;
  while (g_get_monotonic_time () < deadline)
    {
      g_autoptr(GVariant) reply = g_dbus_connection_call_sync (bus, APP_ID, WINDOW_PATH, "org.gtk.Actions", "List",
                                                               NULL, NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
      if (reply != NULL)
        break;
      spin ();
    }
  play (bus, first);
  saved = wait_for_autosave (dir, 2);            /* the computer answered */
  second = some_move (saved, 3);
  g_clear_pointer (&saved, ts_game_free);
  play (bus, second);
  saved = wait_for_autosave (dir, 4);

  g_subprocess_send_signal (proc, SIGKILL);
  g_subprocess_wait (proc, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_signaled (proc));

  /* What the killed process last wrote, four plies or more. */
  ts_game_clear_undo (saved);
  g_clear_pointer (&saved, ts_game_free);
  {
    guint ply = 0;

    saved = read_autosave (dir, &ply);
    g_assert_nonnull (saved);
    ts_game_go_end (saved);
    g_assert_cmpuint (ts_game_node_depth (ts_game_current (saved)), >=, 4);
  }

  /* Next start: the window offers the game back. */
  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "restore-autosave"));
  session = tessera_window_get_session (window);
  g_assert_cmpuint (ts_position_ply (ts_game_session_get_position (session)), ==, 0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-autosave", NULL);
  session = tessera_window_get_session (window);
  {
    TsGameNode *node = ts_game_current (ts_game_session_get_game (session));
    TsGameNode *want = ts_game_root (saved);

    /* Move for move the same main line. */
    ts_game_go_start (ts_game_session_get_game (session));
    node = ts_game_root (ts_game_session_get_game (session));
    while (ts_game_node_n_children (want) > 0)
      {
        g_assert_cmpuint (ts_game_node_n_children (node), >, 0);
        want = ts_game_node_child (want, 0);
        node = ts_game_node_child (node, 0);
        g_assert_cmpstr (node->san, ==, want->san);
      }
  }
  restored = ts_game_session_main_line_text (session);
  g_assert_true (g_str_has_prefix (restored, first));
  g_assert_nonnull (strstr (restored, second));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "restore-autosave"));
  /* The seats came back too: Black is the computer. */
  g_assert_cmpint (ts_game_session_get_setup (session)->kind[1], ==, TS_SEAT_COMPUTER);
  g_assert_true (ts_game_session_is_modified (session));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  ts_game_session_remove_autosave (dir);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("tessera-autosave-XXXXXX", NULL);

  /* This program and the tessera it starts share a private data folder. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/autosave/kill-and-restore", test_kill_and_restore);
  return g_test_run ();
}
