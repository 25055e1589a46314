/* The game window as a GNOME user expects it (issue 14): toasts for what can be undone or
 * needs no answer. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tessera-window.h"
#include "widget-test.h"

static TesseraWindow *
new_window (const char *variant)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, variant));
  TsSessionSetup setup;

  ts_session_setup_init (&setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    setup.kind[i] = TS_SEAT_HUMAN;
  tessera_window_new_game (window, variant, &setup);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static void
close_window (TesseraWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
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

/* Plays the index-th legal move of the position shown. */
static void
play_legal (TesseraWindow *window, guint index)
{
  g_autoptr(TsPosition) p = ts_position_copy (ts_game_session_get_position (session_of (window)));
  TsMoveList list;

  ts_move_list_init (&list);
  ts_position_generate_legal (p, &list);
  g_assert_cmpuint (list.n, >, index);
  g_assert_true (ts_game_session_play (session_of (window), list.moves[index]));
  ts_move_list_clear (&list);
}

/* The toast shown: its text and the action of its button (NULL: none). */
static void
assert_toast (TesseraWindow *window, const char *title, const char *action)
{
  AdwToast *toast = tessera_window_get_toast (window);

  g_assert_nonnull (toast);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, title);
  g_assert_cmpstr (adw_toast_get_action_name (toast), ==, action);
  if (action != NULL)
    g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Undo");
}

/* Its button activates the action as a click does. */
static void
click_toast_button (TesseraWindow *window)
{
  AdwToast *toast = tessera_window_get_toast (window);

  gtk_widget_activate_action_variant (GTK_WIDGET (window), adw_toast_get_action_name (toast),
                                      adw_toast_get_action_target_value (toast));
}

static void
test_toast_takeback (void)
{
  TesseraWindow *window = new_window ("raumschach");

  play_legal (window, 0);
  play_legal (window, 0);
  g_assert_null (tessera_window_get_toast (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.takeback", NULL);
  g_assert_cmpuint (ply (window), ==, 1);
  assert_toast (window, "Move taken back", "win.undo");
  click_toast_button (window);
  g_assert_cmpuint (ply (window), ==, 2);
  close_window (window);
}

static void
test_toast_delete_variation (void)
{
  TesseraWindow *window = new_window ("raumschach");
  TsGame *game;

  play_legal (window, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  play_legal (window, 1);
  game = ts_game_session_get_game (session_of (window));
  g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.delete-variation", NULL);
  g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 1);
  assert_toast (window, "Variation deleted", "win.undo");
  g_assert_cmpuint (ply (window), ==, 0);
  click_toast_button (window);
  /* the variation is back, and so is the position in it */
  g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 2);
  g_assert_cmpuint (ply (window), ==, 1);
  g_assert_false (ts_game_node_is_main_line (ts_game_current (game)));
  close_window (window);
}

static void
test_toast_saved (void)
{
  TesseraWindow *window = new_window ("raumschach");
  g_autofree char *dir = g_dir_make_tmp ("tessera-habits-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.tessera", NULL);

  g_assert_true (tessera_window_save (window, path, NULL));
  play_legal (window, 0);
  g_assert_null (tessera_window_get_toast (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_false (ts_game_session_is_modified (session_of (window)));
  assert_toast (window, "Game saved", NULL);
  close_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/habits/toast/takeback", test_toast_takeback);
  g_test_add_func ("/habits/toast/delete-variation", test_toast_delete_variation);
  g_test_add_func ("/habits/toast/saved", test_toast_saved);

  return g_test_run ();
}
