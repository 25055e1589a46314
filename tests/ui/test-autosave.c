/* Nothing is lost: the real tessera plays against its computer (moves sent through the
 * window's D-Bus actions), takes a move back, is killed with SIGKILL, and a new window
 * offers the game back and restores it exactly. Each window autosaves into a folder of its
 * own, locked while it lives: a game open in a window (of this process or of another) is
 * never offered, the games of windows gone each are. Records that become shorter (take
 * back, delete a variation, a new game) are autosaved whole. */
#include "config.h"

#include <glib/gstdio.h>
#include <adwaita.h>
#include <signal.h>

#include "records/game.h"
#include "records/game-random.h"
#include "rules/notation.h"
#include "rules/variant.h"
#include "tessera-window.h"
#include "window-test.h"

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

/* The one autosave folder under root that holds a game (NULL if none). */
static char *
find_autosave_dir (const char *root)
{
  g_autoptr(GDir) d = g_dir_open (root, 0, NULL);
  const char *name;
  char *found = NULL;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *dir = g_build_filename (root, name, NULL);
      g_autofree char *game = g_build_filename (dir, "game.xml", NULL);

      if (g_str_has_prefix (name, "window-") && g_file_test (game, G_FILE_TEST_EXISTS))
        {
          g_assert_null (found);
          found = g_steal_pointer (&dir);
        }
    }
  return found;
}

/* The game the autosave files under root hold now, or NULL; *ply is the cursor's ply
 * written there. */
static TsGame *
read_autosave (const char *root, guint *ply)
{
  g_autofree char *dir = find_autosave_dir (root);
  g_autofree char *meta_path = NULL;
  g_autofree char *game_path = NULL;
  g_autoptr(GKeyFile) meta = g_key_file_new ();

  if (dir == NULL)
    return NULL;
  meta_path = g_build_filename (dir, "session.ini", NULL);
  game_path = g_build_filename (dir, "game.xml", NULL);
  if (!g_key_file_load_from_file (meta, meta_path, G_KEY_FILE_NONE, NULL))
    return NULL;
  *ply = g_key_file_get_uint64 (meta, "session", "ply", NULL);
  return ts_game_load (game_path, NULL);
}

/* Waits until the autosave holds at least ply plies (and the computer has answered),
 * exactly that many with exact. */
static TsGame *
wait_for_autosave (const char *dir, guint min_ply, gboolean exact)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_US;

  while (g_get_monotonic_time () < deadline)
    {
      guint ply = 0;
      TsGame *game = read_autosave (dir, &ply);

      if (game != NULL && (exact ? ply == min_ply : ply >= min_ply))
        {
          guint depth;

          ts_game_go_end (game);
          depth = ts_game_node_depth (ts_game_current (game));
          if (exact ? depth == min_ply : depth >= min_ply)
            return game;
        }
      g_clear_pointer (&game, ts_game_free);
      spin ();
    }
  g_error ("the autosave never reached ply %u", min_ply);
}

/* Activates the window's action name (with a string parameter, or none) over D-Bus. */
static void
activate (GDBusConnection *bus, const char *name, const char *param)
{
  g_autoptr(GVariantBuilder) params = g_variant_builder_new (G_VARIANT_TYPE ("av"));
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  if (param != NULL)
    g_variant_builder_add (params, "v", g_variant_new_string (param));
  reply = g_dbus_connection_call_sync (bus, APP_ID, WINDOW_PATH, "org.gtk.Actions", "Activate",
                                       g_variant_new ("(sava{sv})", name, params, NULL),
                                       NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
}

static void
play (GDBusConnection *bus, const char *san)
{
  activate (bus, "play-move", san);
}

/* A legal move in position, as SAN. */
static char *
legal_move (const TsPosition *position, guint pick)
{
  g_autoptr(TsPosition) p = ts_position_copy (position);
  TsMoveList list;
  char *san;

  ts_move_list_init (&list);
  ts_position_generate_legal (p, &list);
  g_assert_cmpuint (list.n, >, 0);
  san = ts_move_to_san (p, list.moves[pick % list.n]);
  ts_move_list_clear (&list);
  return san;
}

/* A legal move for the side to move at the end of game's main line. */
static char *
some_move (TsGame *game, guint pick)
{
  ts_game_go_end (game);
  return legal_move (ts_game_position (game), pick);
}

/* Plays a legal move in the window's game, as the notation entry does. */
static void
play_in (TesseraWindow *window, guint pick)
{
  g_autofree char *san = legal_move (ts_game_session_get_position (tessera_window_get_session (window)), pick);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", san);
}

static gboolean
offers_restore (TesseraWindow *window)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), "restore-autosave");
}

static TesseraWindow *
new_window (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
close_window (TesseraWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* The question window asks of itself, once it is on the screen (NULL if none comes). */
static AdwMessageDialog *
wait_for_question (TesseraWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  gint64 until = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < until)
    {
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

          if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window)
              && gtk_widget_get_mapped (GTK_WIDGET (w)))
            return ADW_MESSAGE_DIALOG (w);
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return NULL;
}

/* Closes window as a user does, answering its question "Close without Saving". */
static void
close_without_saving (TesseraWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwMessageDialog *dialog = NULL;

  gtk_window_close (GTK_WINDOW (window));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        dialog = ADW_MESSAGE_DIALOG (w);
    }
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "discard");
}

/* Starts the real tessera and waits until its window's actions are on the bus. */
static GSubprocess *
start_tessera (GDBusConnection *bus)
{
  g_autoptr(GError) error = NULL;
  GSubprocess *proc = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, g_getenv ("TESSERA_APP"), NULL);
  gboolean appeared = FALSE;
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_US;
  guint watch;

  g_assert_no_error (error);
  watch = g_bus_watch_name_on_connection (bus, APP_ID, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                          name_appeared, NULL, &appeared, NULL);
  while (!appeared && g_get_monotonic_time () < deadline)
    spin ();
  g_bus_unwatch_name (watch);
  g_assert_true (appeared);
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
  return proc;
}

static void
kill_tessera (GSubprocess *proc)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_send_signal (proc, SIGKILL);
  g_subprocess_wait (proc, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_signaled (proc));
}

/* game's main line, as SAN separated by spaces. */
static char *
main_line (TsGame *game)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (TsGameNode *n = ts_game_root (game); ts_game_node_n_children (n) > 0;)
    {
      n = ts_game_node_child (n, 0);
      g_string_append_printf (s, "%s%s", s->len ? " " : "", n->san);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* The real tessera: White (the user) against the computer, as on a first start; two moves
 * each, then the last two taken back (a shorter record to autosave). While it runs, a
 * window of this process does not offer its game; once it is killed, one does, and
 * restores it exactly as the killed process last autosaved it: two plies. */
static void
test_kill_and_restore (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_autofree char *root = ts_autosave_root ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(TsGame) saved = NULL;
  g_autoptr(TsGame) shorter = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want_xml = NULL;
  g_autofree char *got_xml = NULL;
  TesseraWindow *window;
  TsGameSession *session;

  g_assert_no_error (error);
  window_test_discard_autosaves ();
  proc = start_tessera (bus);
  {
    g_autoptr(TsGame) start = ts_game_new (ts_variant_lookup ("raumschach"), NULL);

    first = some_move (start, 7);
  }
  play (bus, first);
  saved = wait_for_autosave (root, 2, FALSE);            /* the computer answered */
  second = some_move (saved, 3);
  g_clear_pointer (&saved, ts_game_free);
  play (bus, second);
  saved = wait_for_autosave (root, 4, FALSE);

  /* The game is open in a running instance: not offered. */
  window = new_window ();
  g_assert_false (offers_restore (window));
  close_window (window);

  activate (bus, "takeback", NULL);
  shorter = wait_for_autosave (root, 2, TRUE);
  kill_tessera (proc);

  /* What the killed process last wrote: the game's first two plies, nothing more. */
  ts_game_go_start (saved);
  ts_game_forward (saved, 0);
  ts_game_forward (saved, 0);
  ts_game_truncate_after (saved, ts_game_current (saved));
  want = main_line (saved);
  g_clear_pointer (&shorter, ts_game_free);
  {
    guint ply = 0;

    shorter = read_autosave (root, &ply);
    g_assert_nonnull (shorter);
    g_assert_cmpuint (ply, ==, 2);
  }
  got = main_line (shorter);
  g_assert_cmpstr (got, ==, want);
  g_assert_true (g_str_has_prefix (got, first));

  /* Next start: the window offers the game back and restores it exactly. */
  window = new_window ();
  g_assert_true (offers_restore (window));
  session = tessera_window_get_session (window);
  g_assert_cmpuint (ts_position_ply (ts_game_session_get_position (session)), ==, 0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-autosave", NULL);
  session = tessera_window_get_session (window);
  g_clear_pointer (&got, g_free);
  got = main_line (ts_game_session_get_game (session));
  g_assert_cmpstr (got, ==, want);
  want_xml = ts_game_to_xml (shorter, NULL);
  got_xml = ts_game_to_xml (ts_game_session_get_game (session), NULL);
  g_assert_cmpstr (got_xml, ==, want_xml);
  g_assert_cmpuint (ts_position_ply (ts_game_session_get_position (session)), ==, 2);
  g_assert_false (offers_restore (window));
  /* The seats came back too: Black is the computer. */
  g_assert_cmpint (ts_game_session_get_setup (session)->kind[1], ==, TS_SEAT_COMPUTER);
  g_assert_true (ts_game_session_is_modified (session));

  /* Closed without saving: the game is gone for good, as asked. */
  close_without_saving (window);
  g_assert_finalize_object (window);
  g_assert_null (find_autosave_dir (root));
}

/* A session's autosave written into a slot, read back after the writes. */
static TsGameSession *
autosave_round_trip (TsGameSession *session, TsAutosaveSlot *slot)
{
  g_autoptr(GError) error = NULL;
  TsGameSession *restored;

  ts_game_session_write_autosave (session, slot);
  ts_autosave_flush ();
  restored = ts_game_session_read_autosave (ts_autosave_slot_get_dir (slot), &error);
  g_assert_no_error (error);
  return restored;
}

static void
assert_same_record (TsGameSession *a, TsGameSession *b)
{
  g_autofree char *xa = ts_game_to_xml (ts_game_session_get_game (a), NULL);
  g_autofree char *xb = ts_game_to_xml (ts_game_session_get_game (b), NULL);

  g_assert_cmpstr (xa, ==, xb);
}

/* The autosave of a record that became shorter (moves taken back, a variation deleted)
 * reads back as that record, byte for byte: GLib 2.74's g_file_set_contents_full without
 * CONSISTENT rewrote the file in place without truncating it, leaving the old tail after
 * the new record ("Cannot restore the game"). */
static void
test_shorter_record (void)
{
  g_autofree char *root = ts_autosave_root ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsAutosaveSlot) slot = ts_autosave_slot_new (root, &error);
  g_autoptr(TsGameSession) session = NULL;
  TsSessionSetup setup;
  TsGame *game = ts_game_new_random (ts_variant_lookup ("raumschach"), 40, 6, TRUE, 11);

  g_assert_no_error (error);
  window_test_all_humans (&setup);
  ts_game_go_end (game);
  session = ts_game_session_new (ts_game_variant (game), game, &setup);
  g_object_unref (autosave_round_trip (session, slot));

  for (guint i = 0; i < 10; i++)
    g_assert_true (ts_game_session_takeback (session));
  {
    g_autoptr(TsGameSession) restored = autosave_round_trip (session, slot);

    assert_same_record (restored, session);
  }

  /* A variation deleted: walk to a node off the main line. */
  {
    TsGameNode *node = ts_game_root (game);
    g_autoptr(TsGameSession) restored = NULL;

    while (node != NULL && ts_game_node_n_children (node) < 2)
      node = ts_game_node_n_children (node) ? ts_game_node_child (node, 0) : NULL;
    g_assert_nonnull (node);
    ts_game_session_go_to (session, ts_game_node_child (node, 1));
    g_assert_true (ts_game_session_delete_variation (session));
    restored = autosave_round_trip (session, slot);
    assert_same_record (restored, session);
  }
}

/* The window's New Game: the discarded game's autosave goes, the new one's first move is
 * autosaved whole (not over the longer record before it). */
static void
test_new_game_shorter (void)
{
  g_autofree char *root = ts_autosave_root ();
  g_autoptr(TsGameSession) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  TesseraWindow *window;
  TsSessionSetup setup;
  TsGame *game = ts_game_new_random (ts_variant_lookup ("raumschach"), 60, 4, TRUE, 5);

  window_test_discard_autosaves ();
  window_test_all_humans (&setup);
  window = new_window ();
  tessera_window_open_game (window, game, &setup);
  ts_game_session_go_end (tessera_window_get_session (window));
  g_assert_true (ts_game_session_takeback (tessera_window_get_session (window)));
  ts_autosave_flush ();
  g_assert_nonnull (find_autosave_dir (root));

  tessera_window_new_game (window, "raumschach", &setup);
  ts_autosave_flush ();
  g_assert_null (find_autosave_dir (root));
  play_in (window, 3);
  g_assert_cmpuint (ts_position_ply (ts_game_session_get_position (tessera_window_get_session (window))), ==, 1);
  ts_autosave_flush ();
  dir = find_autosave_dir (root);
  g_assert_nonnull (dir);
  restored = ts_game_session_read_autosave (dir, &error);
  g_assert_no_error (error);
  assert_same_record (restored, tessera_window_get_session (window));

  close_without_saving (window);
  g_assert_finalize_object (window);
}

/* Two windows in one process: the second never offers the first's live game; once the
 * first is gone (destroyed with unsaved changes, as app.quit does), a new window offers it. */
static void
test_second_window (void)
{
  g_autofree char *root = ts_autosave_root ();
  TesseraWindow *first, *second, *third;
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;

  window_test_discard_autosaves ();
  first = new_window ();
  g_assert_false (offers_restore (first));
  play_in (first, 3);
  want = ts_game_session_main_line_text (tessera_window_get_session (first));
  ts_autosave_flush ();
  g_assert_nonnull (find_autosave_dir (root));

  second = new_window ();
  g_assert_false (offers_restore (second));
  close_window (second);

  close_window (first);                 /* as a quit or a crash: the files stay */
  third = new_window ();
  g_assert_true (offers_restore (third));
  g_action_group_activate_action (G_ACTION_GROUP (third), "restore-autosave", NULL);
  got = ts_game_session_main_line_text (tessera_window_get_session (third));
  g_assert_cmpstr (got, ==, want);
  close_without_saving (third);
  g_assert_finalize_object (third);
  g_assert_null (find_autosave_dir (root));
}

/* Autosaves of an earlier version (game.xml and session.ini straight in the folder) and of
 * several windows gone: one offer for all, each restored in a window of its own. */
static void
test_several_orphans (void)
{
  g_autofree char *root = ts_autosave_root ();
  g_autofree char *legacy_game = g_build_filename (root, "game.xml", NULL);
  g_autofree char *legacy_meta = g_build_filename (root, "session.ini", NULL);
  g_autoptr(GPtrArray) wanted = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  TesseraWindow *window;
  TsSessionSetup setup;

  window_test_discard_autosaves ();
  window_test_all_humans (&setup);
  for (guint i = 0; i < 3; i++)
    {
      TsGame *game = ts_game_new_random (ts_variant_lookup ("raumschach"), 10 + i, 0, FALSE, 30 + i);
      g_autoptr(TsGameSession) session = NULL;
      g_autoptr(TsAutosaveSlot) slot = ts_autosave_slot_new (root, &error);

      g_assert_no_error (error);
      ts_game_go_end (game);
      session = ts_game_session_new (ts_game_variant (game), game, &setup);
      g_ptr_array_add (wanted, ts_game_session_main_line_text (session));
      if (i < 2)
        ts_game_session_write_autosave (session, slot);   /* released at the end of the block */
      else
        {
          g_autofree char *xml = ts_game_to_xml (game, NULL);

          g_file_set_contents (legacy_game, xml, -1, &error);
          g_assert_no_error (error);
          g_file_set_contents (legacy_meta, "[session]\nply=12\nseats=human:5;human:5\nmodified=true\n", -1, &error);
          g_assert_no_error (error);
        }
      ts_game_session_pause (session);
    }

  window = new_window ();
  g_assert_true (offers_restore (window));
  g_assert_false (g_file_test (legacy_game, G_FILE_TEST_EXISTS));
  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-autosave", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (TESSERA_IS_WINDOW (w))
        {
          g_ptr_array_add (found, ts_game_session_main_line_text (tessera_window_get_session (TESSERA_WINDOW (w))));
          g_assert_true (ts_game_session_is_modified (tessera_window_get_session (TESSERA_WINDOW (w))));
        }
    }
  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (TESSERA_IS_WINDOW (w))
        close_without_saving (TESSERA_WINDOW (w));
    }
  g_assert_cmpuint (found->len, ==, 3);
  for (guint i = 0; i < wanted->len; i++)
    g_assert_true (g_ptr_array_find_with_equal_func (found, wanted->pdata[i], g_str_equal, NULL));
  g_assert_finalize_object (window);
  g_assert_null (find_autosave_dir (root));
}

/* The offer to restore is a question (AdwMessageDialog) on the window: Escape leaves the
 * game for later (the next window offers it again), Restore brings it back. */
static void
test_restore_question (void)
{
  g_autofree char *root = ts_autosave_root ();
  g_autoptr(GError) error = NULL;
  g_autofree char *want = NULL;
  TesseraWindow *window;
  AdwMessageDialog *dialog;
  TsSessionSetup setup;

  window_test_discard_autosaves ();
  window_test_all_humans (&setup);
  {
    TsGame *game = ts_game_new_random (ts_variant_lookup ("raumschach"), 12, 0, FALSE, 7);
    g_autoptr(TsGameSession) session = NULL;
    g_autoptr(TsAutosaveSlot) slot = ts_autosave_slot_new (root, &error);

    g_assert_no_error (error);
    ts_game_go_end (game);
    session = ts_game_session_new (ts_game_variant (game), game, &setup);
    want = ts_game_session_main_line_text (session);
    ts_game_session_write_autosave (session, slot);
    ts_game_session_pause (session);
  }

  window = new_window ();
  dialog = wait_for_question (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore the Unsaved Game?");
  g_assert_true (adw_message_dialog_has_response (dialog, "restore"));
  g_assert_true (adw_message_dialog_has_response (dialog, "discard"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "restore");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "discard"), ==, ADW_RESPONSE_DESTRUCTIVE);
  /* Escape: nothing restored, nothing removed */
  adw_message_dialog_response (dialog, adw_message_dialog_get_close_response (dialog));
  g_assert_false (offers_restore (window));
  g_assert_nonnull (find_autosave_dir (root));
  close_window (window);

  window = new_window ();
  g_assert_true (offers_restore (window));
  dialog = wait_for_question (window);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "restore");
  {
    g_autofree char *got = ts_game_session_main_line_text (tessera_window_get_session (window));

    g_assert_cmpstr (got, ==, want);
  }
  g_assert_false (offers_restore (window));
  close_without_saving (window);
  g_assert_finalize_object (window);
  g_assert_null (find_autosave_dir (root));
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("tessera-autosave-XXXXXX", NULL);

  /* This program and the tessera it starts share a private data folder. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/autosave/shorter-record", test_shorter_record);
  g_test_add_func ("/autosave/new-game-shorter", test_new_game_shorter);
  g_test_add_func ("/autosave/second-window", test_second_window);
  g_test_add_func ("/autosave/several-orphans", test_several_orphans);
  g_test_add_func ("/autosave/restore-question", test_restore_question);
  g_test_add_func ("/autosave/kill-and-restore", test_kill_and_restore);
  return g_test_run ();
}
