/* The game window as a GNOME user expects it (issue 14): toasts for what can be undone or
 * needs no answer. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "new-game-dialog.h"
#include "records/game-random.h"
#include "move-list.h"
#include "records/nag.h"
#include "rules/notation.h"
#include "tessera-window.h"
#include "widget-test.h"
#include "window-test.h"

static TesseraWindow *
new_window (const char *variant)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, variant));
  TsSessionSetup setup;

  window_test_all_humans (&setup);
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
  window_test_discard_autosaves ();
}

static void
count_call (guint *n)
{
  (*n)++;
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

/* Waits until the window has been laid out at its current size. */
static void
settle (TesseraWindow *window)
{
  for (guint i = 0; i < 5; i++)
    {
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

/* Runs "xdotool COMMAND WINDOW ARGS" on the window's X window. */
static void
xdotool (TesseraWindow *window, const char *command, const char *args)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *line = NULL;
  int status = -1;

  g_assert_true (GDK_IS_X11_SURFACE (surface));
  line = g_strdup_printf ("xdotool %s %lu %s", command,
                          (gulong) gdk_x11_surface_get_xid (surface), args);
  g_assert_true (g_spawn_command_line_sync (line, NULL, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  settle (window);
#else
  g_test_skip ("needs X11");
#endif
}

/* Resizes the window as a window manager does (tests run without one). */
static void
resize_surface (TesseraWindow *window, int width, int height)
{
  g_autofree char *size = g_strdup_printf ("%d %d", width, height);

  xdotool (window, "windowsize", size);
}

/* Presses keys as a user does: real X key events (XTEST) to the window, which gets the
 * input focus first (no window manager gives it). keys: xdotool's names. */
static void
press_keys (TesseraWindow *window, const char *keys)
{
  g_autofree char *key = g_strdup_printf ("key --clearmodifiers %s", keys);

  xdotool (window, "windowfocus --sync", key);
}

/* The entry with this placeholder text. */
static GtkWidget *
entry_of (TesseraWindow *window, const char *placeholder)
{
  g_autoptr(GPtrArray) entries = widget_test_collect (GTK_WIDGET (window), GTK_TYPE_ENTRY);

  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (gtk_entry_get_placeholder_text (g_ptr_array_index (entries, i)), placeholder) == 0)
      return g_ptr_array_index (entries, i);
  g_assert_not_reached ();
}

static gboolean
focus_in (TesseraWindow *window, GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The SAN of the index-th legal move of the position shown. */
static char *
legal_san (TesseraWindow *window, guint index)
{
  g_autoptr(TsPosition) p = ts_position_copy (ts_game_session_get_position (session_of (window)));
  TsMoveList list;
  char *san;

  ts_move_list_init (&list);
  ts_position_generate_legal (p, &list);
  g_assert_cmpuint (list.n, >, index);
  san = ts_move_to_san (p, list.moves[index]);
  ts_move_list_clear (&list);
  return san;
}

/* Keys do what the shortcuts window says wherever the focus is: Take back from the move
 * entry; after a move typed there the focus leaves it, and ← → Home End walk the game. */
static void
test_keys_from_the_entry (void)
{
  TesseraWindow *window = new_window ("raumschach");
  GtkWidget *entry = entry_of (window, "Type a move");
  g_autofree char *san = NULL;

  play_legal (window, 0);
  play_legal (window, 0);
  gtk_widget_grab_focus (entry);
  g_assert_true (focus_in (window, entry));
  press_keys (window, "ctrl+BackSpace");
  g_assert_cmpuint (ply (window), ==, 1);

  /* a move typed and Enter: played, the entry emptied and left */
  san = legal_san (window, 0);
  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), san);
  press_keys (window, "Return");
  g_assert_cmpuint (ply (window), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_false (focus_in (window, entry));
  press_keys (window, "Left");
  g_assert_cmpuint (ply (window), ==, 1);
  press_keys (window, "Home");
  g_assert_cmpuint (ply (window), ==, 0);
  press_keys (window, "End");
  g_assert_cmpuint (ply (window), ==, 2);

  /* in the comment field the arrows edit the text */
  gtk_widget_grab_focus (entry_of (window, "Comment on this move"));
  press_keys (window, "Left Home");
  g_assert_cmpuint (ply (window), ==, 2);
  close_window (window);
}

/* After a hint the board's keyboard cursor does not take ← → Home End. */
static void
test_keys_after_hint (void)
{
  TesseraWindow *window = new_window ("raumschach");
  GtkWidget *board = tessera_window_get_board (window);
  guint hints = 0;

  play_legal (window, 0);
  play_legal (window, 0);
  gtk_widget_grab_focus (board);
  g_signal_connect_swapped (session_of (window), "hint", G_CALLBACK (count_call), &hints);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  /* the hint comes from the engine's thread */
  for (guint i = 0; i < 3000 && hints == 0; i++)
    {
      g_usleep (10000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  g_assert_cmpuint (hints, ==, 1);
  press_keys (window, "Left");
  g_assert_cmpuint (ply (window), ==, 1);
  press_keys (window, "Home");
  g_assert_cmpuint (ply (window), ==, 0);
  press_keys (window, "End");
  g_assert_cmpuint (ply (window), ==, 2);
  close_window (window);
}

/* The move list's NAG button (its menu holds win.nag). */
static GtkMenuButton *
nag_button_of (TesseraWindow *window)
{
  g_autoptr(GPtrArray) buttons = widget_test_collect (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    {
      GMenuModel *menu = gtk_menu_button_get_menu_model (g_ptr_array_index (buttons, i));
      g_autofree char *action = NULL;

      if (menu && g_menu_model_get_n_items (menu) > 0 &&
          G_IS_MENU_MODEL (g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION)))
        {
          g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);

          if (g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
              g_str_equal (action, "win.nag"))
            return g_ptr_array_index (buttons, i);
        }
    }
  g_assert_not_reached ();
}

/* The NAG button shows the current move's glyphs, dimmed "!?" without any. */
static void
test_nag_button (void)
{
  TesseraWindow *window = new_window ("raumschach");
  GtkMenuButton *button = nag_button_of (window);

  play_legal (window, 0);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "!?");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (button), "dim-label"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.nag", "u", 4);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "??");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (button), "dim-label"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.nag", "u", 14);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "?? +=");
  play_legal (window, 0);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "!?");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  g_assert_cmpstr (gtk_menu_button_get_label (button), ==, "?? +=");
  close_window (window);
}

/* Every NAG glyph renders with the fonts the README installs: no unknown glyph (a box) in
 * the move list's font, nor in the NAG menu's labels. */
static void
test_nag_glyphs_render (void)
{
  TesseraWindow *window = new_window ("raumschach");
  g_autoptr(GPtrArray) views = widget_test_collect (GTK_WIDGET (window), GTK_TYPE_TEXT_VIEW);
  GMenuModel *menu = gtk_menu_button_get_menu_model (nag_button_of (window));
  guint checked = 0;

  g_assert_cmpuint (views->len, >, 0);
  for (guint nag = 1; nag < 256; nag++)
    {
      const char *glyph = ts_nag_glyph (nag);
      g_autoptr(PangoLayout) layout = NULL;

      if (glyph == NULL)
        continue;
      layout = gtk_widget_create_pango_layout (g_ptr_array_index (views, 0), glyph);
      if (pango_layout_get_unknown_glyphs_count (layout) != 0)
        g_error ("NAG $%u's glyph %s shows as a box", nag, glyph);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 16);
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *label = NULL;
          g_autoptr(PangoLayout) layout = NULL;

          g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
          layout = gtk_widget_create_pango_layout (GTK_WIDGET (window), label);
          if (pango_layout_get_unknown_glyphs_count (layout) != 0)
            g_error ("the NAG menu's “%s” shows a box", label);
        }
    }
  close_window (window);
}

/* Whether the move list shows its current move (the last one) inside its visible part. */
static gboolean
last_move_visible (TesseraWindow *window)
{
  g_autoptr(GPtrArray) views = widget_test_collect (GTK_WIDGET (window), GTK_TYPE_TEXT_VIEW);
  GtkTextView *view = g_ptr_array_index (views, 0);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GdkRectangle visible, at;
  GtkTextIter iter;

  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_view_get_iter_location (view, &iter, &at);
  return at.y >= visible.y && at.y + at.height <= visible.y + visible.height;
}

/* In fast play the move list follows: the last move is in view at every frame, also when
 * several moves come between two frames. */
static void
test_move_list_follows_fast_play (void)
{
  TesseraWindow *window = new_window ("raumschach");
  guint hidden = 0;

  for (guint i = 0; i < 90; i++)
    {
      play_legal (window, i % 3);
      if (i % 3 == 0)
        play_legal (window, 0);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      if (!last_move_visible (window))
        {
          g_test_message ("move %u (ply %u) out of view", i, ply (window));
          hidden++;
        }
      if (ts_game_session_is_over (session_of (window)))
        break;
    }
  g_assert_cmpuint (ply (window), >, 60);
  settle (window);
  g_assert_true (last_move_visible (window));
  g_assert_cmpuint (hidden, ==, 0);
  close_window (window);
}

/* The file chooser dialog shown (GtkFileChooserNative's own, without a portal), or NULL. */
static GtkWindow *
shown_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

static char *
chooser_folder (GtkWindow *chooser)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));

  return folder ? g_file_get_path (folder) : NULL;
}

/* Answers the chooser shown: Accept with file, or Cancel (file NULL). */
static void
answer_chooser (TesseraWindow *window, GFile *file)
{
  GtkWindow *chooser = shown_chooser ();

  g_assert_nonnull (chooser);
  if (file != NULL && gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *name = g_file_get_basename (file);

      g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), parent, NULL));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  else if (file != NULL)
    g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL));
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
  /* it answers once its folder is loaded and the file selected */
  for (guint i = 0; i < 500 && chooser != NULL && gtk_widget_get_visible (GTK_WIDGET (chooser)); i++)
    {
      gtk_dialog_response (GTK_DIALOG (chooser), file ? GTK_RESPONSE_ACCEPT : GTK_RESPONSE_CANCEL);
      settle (window);
    }
  if (chooser != NULL)
    g_object_remove_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
}

/* File choosers open in the last folder a file was chosen in, else Documents, else home;
 * never in the process's working folder. */
static void
test_chooser_folder (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *first = g_dir_make_tmp ("tessera-folder-XXXXXX", NULL);
  g_autofree char *second = g_dir_make_tmp ("tessera-folder-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (second, "game.tessera", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (saved);
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  const char *expected = documents && g_file_test (documents, G_FILE_TEST_IS_DIR) ? documents : g_get_home_dir ();
  TesseraWindow *window;
  g_autofree char *at_first = NULL, *at_last = NULL, *at_save = NULL, *remembered = NULL;

  widget_test_reset_settings (settings);
  window = new_window ("raumschach");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL);
  settle (window);
  at_first = chooser_folder (shown_chooser ());
  g_assert_cmpstr (at_first, ==, expected);
  answer_chooser (window, NULL);

  g_settings_set_string (settings, "last-folder", first);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL);
  settle (window);
  at_last = chooser_folder (shown_chooser ());
  g_assert_cmpstr (at_last, ==, first);
  answer_chooser (window, NULL);

  /* Save As: there too; the folder of the file chosen is remembered */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL);
  settle (window);
  at_save = chooser_folder (shown_chooser ());
  g_assert_cmpstr (at_save, ==, first);
  answer_chooser (window, file);
  g_assert_true (g_file_test (saved, G_FILE_TEST_EXISTS));
  remembered = g_settings_get_string (settings, "last-folder");
  g_assert_cmpstr (remembered, ==, second);

  close_window (window);
  widget_test_reset_settings (settings);
  g_unlink (saved);
  g_rmdir (first);
  g_rmdir (second);
}

/* New Game after opening a file offers the players the user last chose in the dialog,
 * not the opened file's (every seat human, to study it). */
static void
test_new_game_after_open (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *dir = g_dir_make_tmp ("tessera-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.tessera", NULL);
  TesseraWindow *window;
  GtkWindow *dialog = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  TsSessionSetup setup;

  widget_test_reset_settings (settings);
  window = new_window ("raumschach");
  play_legal (window, 0);
  g_assert_true (tessera_window_save (window, path, NULL));
  close_window (window);

  /* the dialog's last choice: the computer at level 7 plays White, 10 minutes + 5 s */
  g_settings_set_strv (settings, "seat-kinds", (const char *[]) { "computer", "human", "human", "human", NULL });
  g_settings_set_value (settings, "seat-levels",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, (gint32[]) { 7, 5, 5, 5 }, 4, sizeof (gint32)));
  g_settings_set_int (settings, "time-base-seconds", 600);
  g_settings_set_int (settings, "time-increment-seconds", 5);
  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  g_assert_true (tessera_window_load (window, path, NULL));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpint (ts_game_session_get_setup (session_of (window))->kind[0], ==, TS_SEAT_HUMAN);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (TS_IS_NEW_GAME_DIALOG (w))
        dialog = w;
    }
  g_assert_nonnull (dialog);
  ts_new_game_dialog_get_setup (TS_NEW_GAME_DIALOG (dialog), &setup);
  g_assert_cmpint (setup.kind[0], ==, TS_SEAT_COMPUTER);
  g_assert_cmpint (setup.kind[1], ==, TS_SEAT_HUMAN);
  g_assert_cmpuint (setup.level[0], ==, 7);
  g_assert_cmpint (setup.base_ms, ==, 600000);
  g_assert_cmpint (setup.increment_ms, ==, 5000);
  gtk_window_destroy (dialog);
  close_window (window);
  widget_test_reset_settings (settings);
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
status_says (TesseraWindow *window, const char *text)
{
  return strstr (tessera_window_get_status (window), text) != NULL;
}

/* Runs the main loop until the game has n plies (the computer moved), at most 60 s. */
static void
wait_for_ply (TesseraWindow *window, guint n)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (ply (window) < n && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ply (window), ==, n);
}

/* The first start says that the user plays White against the computer, until the user has
 * moved; playing Black, it says so while the computer makes its first move and after it;
 * between humans it says nothing. */
static void
test_says_who_plays (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;
  TsSessionSetup setup;

  widget_test_reset_settings (settings);
  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));   /* a first start's game */
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (status_says (window, "White to move — You play White against the computer (level 5)."));
  play_legal (window, 0);
  g_assert_false (status_says (window, "You play"));
  close_window (window);

  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  ts_session_setup_init (&setup);
  setup.kind[0] = TS_SEAT_COMPUTER;
  setup.kind[1] = TS_SEAT_HUMAN;
  setup.level[0] = 1;
  tessera_window_new_game (window, "raumschach", &setup);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (status_says (window, "You play Black against the computer (level 1)."));
  wait_for_ply (window, 1);
  g_assert_true (status_says (window, "Black to move — You play Black against the computer (level 1)."));
  play_legal (window, 0);
  g_assert_false (status_says (window, "You play"));
  close_window (window);

  window = new_window ("raumschach");   /* every seat human */
  g_assert_cmpstr (tessera_window_get_status (window), ==, "White to move");
  close_window (window);
}

/* Going to the start of a long game shows the start of the move list (it stayed at the
 * end), and going to the end its end. */
static void
test_move_list_start_in_view (void)
{
  TesseraWindow *window = new_window ("raumschach");
  g_autoptr(GPtrArray) views = widget_test_collect (GTK_WIDGET (window), GTK_TYPE_TEXT_VIEW);
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (g_ptr_array_index (views, 0)));

  tessera_window_open_game (window, ts_game_new_random (ts_variant_lookup ("raumschach"), 300, 0, FALSE, 8), NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  settle (window);
  g_assert_cmpuint (ply (window), >, 200);
  g_assert_true (last_move_visible (window));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  settle (window);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  settle (window);
  g_assert_true (last_move_visible (window));   /* the current move: the first */
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  close_window (window);
}

static char *
move_list_text (TesseraWindow *window)
{
  g_autoptr(GPtrArray) views = widget_test_collect (GTK_WIDGET (window), TS_TYPE_MOVE_LIST_VIEW);

  g_assert_cmpuint (views->len, ==, 1);
  return ts_move_list_view_get_text (views->pdata[0]);
}

/* Random legal moves from the game's cursor: a variation where the cursor's move has a
 * continuation already, then its line. */
static void
add_random_line (TsGame *game, guint plies, guint32 seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < plies; i++)
    {
      g_autoptr(TsPosition) pos = ts_position_copy (ts_game_position (game));
      TsMoveList list;

      ts_move_list_init (&list);
      ts_position_generate_legal (pos, &list);
      if (list.n > 0 && ts_game_check_playable (pos, NULL))
        ts_game_add_move (game, list.moves[g_rand_int_range (rand, 0, list.n)]);
      ts_move_list_clear (&list);
    }
}

/* Variations stay inline, but no paragraph of the move list grows past a few lines: a long
 * variation was one paragraph, which the text view laid out again at every step near it
 * (20–100 ms a step in a game of 100 000 moves). */
static void
test_move_list_paragraphs (void)
{
  TesseraWindow *window = new_window ("raumschach");
  TsGame *game = ts_game_new_random (ts_variant_lookup ("raumschach"), 40, 0, FALSE, 3);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint longest = 0;

  /* a 150-ply variation at move 2, with a 100-ply one inside it */
  ts_game_go_to (game, ts_game_node_child (ts_game_node_child (ts_game_root (game), 0), 0));
  add_random_line (game, 150, 1);
  ts_game_go_start (game);
  for (guint i = 0; i < 2; i++)
    ts_game_forward (game, 0);
  ts_game_forward (game, 1);
  for (guint i = 0; i < 20; i++)
    ts_game_forward (game, 0);
  ts_game_back (game);
  add_random_line (game, 100, 2);
  g_assert_cmpuint (ts_game_current_depth (game) - ts_game_current_main_depth (game), >, 100);
  ts_game_clear_undo (game);
  tessera_window_open_game (window, game, NULL);
  settle (window);
  text = move_list_text (window);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    longest = MAX (longest, g_utf8_strlen (lines[i], -1));
  g_test_message ("%u paragraphs, the longest %u characters", g_strv_length (lines), longest);
  g_assert_cmpuint (longest, <, 400);
  g_assert_nonnull (strstr (text, "\n2. "));
  g_assert_nonnull (strstr (text, " (2"));
  close_window (window);
}

static GtkWidget *
paned_of (TesseraWindow *window)
{
  g_autoptr(GPtrArray) paneds = widget_test_collect (GTK_WIDGET (window), GTK_TYPE_PANED);

  /* the one between the board and the side pane */
  for (guint i = 0; i < paneds->len; i++)
    {
      GtkPaned *paned = g_ptr_array_index (paneds, i);
      GtkWidget *end = gtk_paned_get_end_child (paned);

      if (end && gtk_widget_has_css_class (end, "side-pane"))
        return GTK_WIDGET (paned);
    }
  g_assert_not_reached ();
}

/* The side pane keeps its width whatever the window's size and state; the board gets the
 * rest. A maximized start is a window first laid out wider than its remembered normal
 * size (tests run without a window manager, so the test resizes it as maximizing does). */
static void
test_layout_maximized_start (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;
  GtkWidget *paned, *board, *side;
  int side_width, wide;

  widget_test_reset_settings (settings);
  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 600);
  g_settings_set_boolean (settings, "window-maximized", TRUE);
  g_settings_set_int (settings, "side-pane-width", 360);
  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  /* what maximizing on the tests' 1280 × 800 screen makes of it */
  gtk_window_set_default_size (GTK_WINDOW (window), 1260, 780);
  gtk_window_present (GTK_WINDOW (window));
  settle (window);
  paned = paned_of (window);
  board = gtk_paned_get_start_child (GTK_PANED (paned));
  side = gtk_paned_get_end_child (GTK_PANED (paned));
  wide = gtk_widget_get_width (paned);
  g_assert_cmpint (wide, >=, 1200);
  g_assert_cmpint (gtk_widget_get_width (side), ==, 360);
  g_assert_cmpint (gtk_widget_get_width (board), >=, wide - 360 - 10);

  /* un-maximized: the side pane as wide as before, the board smaller */
  resize_surface (window, 900, 600);
  g_assert_cmpint (gtk_widget_get_width (paned), <=, 900);
  g_assert_cmpint (gtk_widget_get_width (side), ==, 360);
  g_assert_cmpint (gtk_widget_get_width (board), >=, gtk_widget_get_width (paned) - 360 - 10);

  /* the user's width is remembered, not a position */
  gtk_paned_set_position (GTK_PANED (paned), gtk_widget_get_width (paned) - 420);
  settle (window);
  side_width = gtk_widget_get_width (side);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  g_assert_cmpint (g_settings_get_int (settings, "side-pane-width"), ==, side_width);
  widget_test_reset_settings (settings);
}

/* A window narrower than the board and the side pane need never cuts the board off: the
 * paned keeps the board at its minimum or more (the window's minimum width includes it)
 * and the board draws itself within what it gets. Before, the paned let the board's box
 * shrink under its minimum and clipped it: at 460 px only 110 of its 240 px showed. */
static void
test_layout_small_window (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;
  GtkWidget *paned, *board_box, *board;
  int board_min, window_min, window_min_height;

  widget_test_reset_settings (settings);
  window = new_window ("cubic8");
  paned = paned_of (window);
  board_box = gtk_paned_get_start_child (GTK_PANED (paned));
  board = tessera_window_get_board (window);
  resize_surface (window, 460, 500);
  gtk_widget_measure (board, GTK_ORIENTATION_HORIZONTAL, -1, &board_min, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &window_min, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, window_min, &window_min_height, NULL, NULL,
                      NULL);
  g_test_message ("board %d px (minimum %d), start of the paned %d px, window %d px (minimum %d × %d)",
                  gtk_widget_get_width (board), board_min, gtk_paned_get_position (GTK_PANED (paned)),
                  gtk_widget_get_width (GTK_WIDGET (window)), window_min, window_min_height);
  g_assert_cmpint (gtk_widget_get_width (board), >=, board_min);
  g_assert_cmpint (gtk_widget_get_width (board_box), <=, gtk_paned_get_position (GTK_PANED (paned)));
  /* the user cannot drag the divider over the board either */
  gtk_paned_set_position (GTK_PANED (paned), 50);
  settle (window);
  g_assert_cmpint (gtk_widget_get_width (board_box), <=, gtk_paned_get_position (GTK_PANED (paned)));
  g_assert_cmpint (gtk_widget_get_width (board), >=, board_min);
  close_window (window);
  widget_test_reset_settings (settings);
}

/* The node of game's main line where the side to move holds the most kinds of pieces in
 * hand; their number in *kinds. */
static TsGameNode *
most_kinds_in_hand (TsGame *game, guint *kinds)
{
  const TsVariant *v = ts_game_variant (game);
  TsGameNode *best = NULL;

  *kinds = 0;
  ts_game_go_start (game);
  do
    {
      const TsPosition *p = ts_game_position (game);
      guint n = 0;

      for (guint t = 0; t < v->n_piece_types; t++)
        n += ts_position_hand_count (p, ts_position_side_to_move (p), t) > 0;
      if (n > *kinds)
        {
          *kinds = n;
          best = ts_game_current (game);
        }
    }
  while (ts_game_forward (game, 0));
  ts_game_go_start (game);
  return best;
}

static guint
count_drop_buttons (GtkWidget *widget)
{
  guint n = GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_is_visible (widget) &&
            g_object_get_data (G_OBJECT (widget), "piece-type") != NULL;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n += count_drop_buttons (c);
  return n;
}

/* Pieces in hand never widen the side pane: their buttons wrap. Before, a seat holding
 * five kinds pushed the side pane from 360 to 436 px at that move (the board shrank), and
 * the move list, its width changed, laid out every paragraph again: 1.6 s of the main
 * thread in a game of 100 000 moves. */
static void
test_layout_hand_keeps_width (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;
  TsGame *game = ts_game_new_random (ts_variant_lookup ("grossraumschach"), 3000, 0, FALSE, 5);
  TsGameNode *node;
  GtkWidget *side;
  guint kinds;
  int width;

  widget_test_reset_settings (settings);
  g_settings_set_int (settings, "side-pane-width", 360);
  node = most_kinds_in_hand (game, &kinds);
  g_assert_cmpuint (kinds, >=, 5);
  window = new_window ("grossraumschach");
  tessera_window_open_game (window, game, NULL);
  ts_game_session_go_start (session_of (window));
  settle (window);
  side = gtk_paned_get_end_child (GTK_PANED (paned_of (window)));
  width = gtk_widget_get_width (side);
  g_assert_cmpint (width, ==, 360);
  ts_game_session_go_to (session_of (window), node);
  settle (window);
  g_test_message ("%u kinds in hand: the side pane %d px wide, before %d px", kinds,
                  gtk_widget_get_width (side), width);
  g_assert_cmpuint (count_drop_buttons (GTK_WIDGET (window)), ==, kinds);
  g_assert_cmpint (gtk_widget_get_width (side), ==, width);
  close_window (window);
  widget_test_reset_settings (settings);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/habits/toast/takeback", test_toast_takeback);
  g_test_add_func ("/habits/toast/delete-variation", test_toast_delete_variation);
  g_test_add_func ("/habits/toast/saved", test_toast_saved);
  g_test_add_func ("/habits/layout/maximized-start", test_layout_maximized_start);
  g_test_add_func ("/habits/layout/small-window", test_layout_small_window);
  g_test_add_func ("/habits/layout/hand-keeps-width", test_layout_hand_keeps_width);
  g_test_add_func ("/habits/keys/from-the-entry", test_keys_from_the_entry);
  g_test_add_func ("/habits/keys/after-hint", test_keys_after_hint);
  g_test_add_func ("/habits/nag/button", test_nag_button);
  g_test_add_func ("/habits/files/chooser-folder", test_chooser_folder);
  g_test_add_func ("/habits/files/new-game-after-open", test_new_game_after_open);
  g_test_add_func ("/habits/status/says-who-plays", test_says_who_plays);
  g_test_add_func ("/habits/move-list/follows-fast-play", test_move_list_follows_fast_play);
  g_test_add_func ("/habits/move-list/start-in-view", test_move_list_start_in_view);
  g_test_add_func ("/habits/move-list/paragraphs", test_move_list_paragraphs);
  g_test_add_func ("/habits/nag/glyphs-render", test_nag_glyphs_render);

  return g_test_run ();
}
