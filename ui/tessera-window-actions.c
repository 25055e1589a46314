/* The game window's actions (win.*) and keys. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "board-view.h"
#include "new-game-dialog.h"
#include "tessera-window-private.h"

static void
start_new_game (TesseraWindow *self)
{
  tessera_window_new_game (self, self->new_variant, &self->new_setup);
}

/* The new game replaces this window's game, once its unsaved changes are saved or the
 * user chose to discard them (docs/window.md). */
static void
new_game_start (TsNewGameDialog *dialog,
                TesseraWindow   *self)
{
  const TsVariant *v = ts_new_game_dialog_get_variant (dialog);

  ts_new_game_dialog_get_setup (dialog, &self->new_setup);
  g_free (self->new_variant);
  self->new_variant = g_strdup (v->id);
  tessera_window_setup_to_settings (self, v->id, &self->new_setup);
  if (ts_game_session_is_modified (self->session))
    tessera_window_ask_to_save (self, _("Save the game before starting a new one?"), _("_Discard Game"),
                                start_new_game);
  else
    start_new_game (self);
}

static void
action_new_game (GtkWidget *widget, const char *name, GVariant *param)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  TsSessionSetup setup;
  GtkWidget *dialog;

  /* the players last chosen in this dialog, not the game's: an opened file is studied
   * with every seat human, which is not what the user plays */
  tessera_window_setup_from_settings (self, &setup);
  dialog = ts_new_game_dialog_new (GTK_WINDOW (self), self->variant, &setup);

  g_signal_connect (dialog, "start", G_CALLBACK (new_game_start), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  tessera_window_choose_file_to_open (TESSERA_WINDOW (widget));
}

static void
action_open_recent (GtkWidget *widget, const char *name, GVariant *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  tessera_window_open_file (TESSERA_WINDOW (widget), file);
}

static void
action_save (GtkWidget *widget, const char *name, GVariant *param)
{
  tessera_window_save_or_ask (TESSERA_WINDOW (widget), NULL);
}

static void
action_save_as (GtkWidget *widget, const char *name, GVariant *param)
{
  tessera_window_save_as (TESSERA_WINDOW (widget), NULL);
}

static void
action_navigate (GtkWidget *widget, const char *name, GVariant *param)
{
  TsGameSession *session = TESSERA_WINDOW (widget)->session;

  if (g_str_equal (name, "win.go-back"))
    ts_game_session_back (session);
  else if (g_str_equal (name, "win.go-forward"))
    ts_game_session_forward (session);
  else if (g_str_equal (name, "win.go-start"))
    ts_game_session_go_start (session);
  else if (g_str_equal (name, "win.go-end"))
    ts_game_session_go_end (session);
  else if (g_str_equal (name, "win.go-up"))
    ts_game_session_sibling (session, -1);
  else if (g_str_equal (name, "win.go-down"))
    ts_game_session_sibling (session, 1);
}

/* A take-back or a deleted variation removes moves and leaves their position: the toast
 * offers Undo, and undoing it comes back to the position left, not only the moves. */
static void
removed_moves (TesseraWindow *self, TsGameNode *left, const char *text)
{
  TsGame *game = ts_game_session_get_game (self->session);

  self->undo_return.game = game;
  self->undo_return.revision = ts_game_revision (game);
  self->undo_return.node = left;
  tessera_window_show_toast (self, text, "win.undo");
}

static void
undo (TesseraWindow *self)
{
  TsGame *game = ts_game_session_get_game (self->session);
  gboolean returns = self->undo_return.game == game &&
                     self->undo_return.revision == ts_game_revision (game);
  TsGameNode *node = self->undo_return.node;

  memset (&self->undo_return, 0, sizeof self->undo_return);
  if (ts_game_session_undo (self->session) && returns)
    ts_game_session_go_to (self->session, node);
}

static void
action_edit (GtkWidget *widget, const char *name, GVariant *param)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  TsGameSession *session = self->session;
  TsGameNode *current = ts_game_current (ts_game_session_get_game (session));

  if (g_str_equal (name, "win.undo"))
    undo (self);
  else if (g_str_equal (name, "win.redo"))
    ts_game_session_redo (session);
  else if (g_str_equal (name, "win.takeback") && ts_game_session_takeback (session))
    removed_moves (self, current, _("Move taken back"));
  else if (g_str_equal (name, "win.promote-variation"))
    ts_game_session_promote (session);
  else if (g_str_equal (name, "win.delete-variation") &&
           ts_game_session_delete_variation (session))
    removed_moves (self, current, _("Variation deleted"));
  else if (g_str_equal (name, "win.nag"))
    ts_game_session_toggle_nag (session, g_variant_get_uint32 (param));
  else if (g_str_equal (name, "win.comment"))
    ts_game_session_set_comment (session, g_variant_get_string (param, NULL));
}

static void
action_play (GtkWidget *widget, const char *name, GVariant *param)
{
  TsGameSession *session = TESSERA_WINDOW (widget)->session;

  if (g_str_equal (name, "win.hint"))
    ts_game_session_hint (session);
  else if (g_str_equal (name, "win.resign"))
    ts_game_session_resign (session);
  else if (g_str_equal (name, "win.offer-draw"))
    ts_game_session_offer_draw (session);
}

/* Plays a move given as text, as the notation entry does (also for D-Bus and tests). */
static void
action_play_move (GtkWidget *widget, const char *name, GVariant *param)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!ts_game_session_play_text (self->session, g_variant_get_string (param, NULL), &error))
    {
      gtk_label_set_label (self->notation_error, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->notation_error), TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self->notation_entry), "error");
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->notation_error), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->notation_entry), "error");
  gtk_editable_set_text (GTK_EDITABLE (self->notation_entry), "");
  /* the move is made: the keys walk the game again (← → Home End belong to a text field) */
  if (gtk_widget_has_focus (GTK_WIDGET (self->notation_entry)) ||
      gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (self)), GTK_WIDGET (self->notation_entry)))
    gtk_widget_grab_focus (self->board);
}


static void
action_stop_opening (GtkWidget *widget, const char *name, GVariant *param)
{
  tessera_window_stop_opening (TESSERA_WINDOW (widget));
}

static void
action_restore (GtkWidget *widget, const char *name, GVariant *param)
{
  tessera_window_restore_autosave (TESSERA_WINDOW (widget), g_str_equal (name, "win.restore-autosave"));
}

static void
board_move_played (TesseraWindow *self,
                   const TsMove  *move)
{
  ts_game_session_play (self->session, *move);
}

static void
notation_activate (TesseraWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->notation_entry));

  if (*text == '\0')
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.play-move", "s", text);
}

static void
node_activated (TesseraWindow *self,
                TsGameNode    *node)
{
  ts_game_session_go_to (self->session, node);
}

static void
comment_changed (TesseraWindow *self,
                 const char    *text)
{
  /* the comment field also reports its text when it loses the focus, which happens when
   * the window is destroyed, after its session is gone */
  if (self->session != NULL)
    ts_game_session_set_comment (self->session, text);
}

/* Whether a text field other than except (or one inside it) has the focus. */
static gboolean
text_field_focused (TesseraWindow *self, GtkWidget *except)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)) &&
         (except == NULL || (focus != except && !gtk_widget_is_ancestor (focus, except)));
}

/* ←→ Home End ↑↓ walk through the game, as on Lichess, unless a text field has the keys or
 * the board's keyboard cursor is in use. */
static gboolean
navigate_shortcut (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (text_field_focused (self, NULL))
    return FALSE;
  if (focus == self->board && ts_board_view_get_cursor (TS_BOARD_VIEW (self->board)) != TS_NO_CELL)
    return FALSE;
  if (gtk_stack_get_visible_child (self->content_stack) != GTK_WIDGET (self->paned))
    return FALSE;
  gtk_widget_activate_action (widget, g_variant_get_string (args, NULL), NULL);
  return TRUE;
}

/* Take back (Ctrl+Backspace) works from the move entry too, before the entry deletes a
 * word with it; in the other text fields (comments) the key edits the text. */
static gboolean
takeback_shortcut (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);

  if (text_field_focused (self, GTK_WIDGET (self->notation_entry)))
    return FALSE;
  return gtk_widget_activate_action (widget, "win.takeback", NULL);
}

static void
add_navigation_shortcuts (TesseraWindow *self)
{
  static const struct { guint key; const char *action; } keys[] = {
    { GDK_KEY_Left, "win.go-back" }, { GDK_KEY_Right, "win.go-forward" },
    { GDK_KEY_Home, "win.go-start" }, { GDK_KEY_End, "win.go-end" },
    { GDK_KEY_Up, "win.go-up" }, { GDK_KEY_Down, "win.go-down" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                                                gtk_callback_action_new (navigate_shortcut, NULL, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new_string (keys[i].action));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_BackSpace, GDK_CONTROL_MASK),
                      gtk_callback_action_new (takeback_shortcut, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}


typedef void (*ActionFunc) (GtkWidget *widget, const char *name, GVariant *param);

static void
action_trampoline (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  ActionFunc func = g_object_get_data (G_OBJECT (action), "func");
  g_autofree char *name = g_strconcat ("win.", g_action_get_name (G_ACTION (action)), NULL);

  func (GTK_WIDGET (user_data), name, param);
}

/* GActionMap actions (not class actions): GtkApplicationWindow exports them on D-Bus. */
static void
add_action (TesseraWindow *self,
            const char    *name,
            const char    *type,
            ActionFunc     func)
{
  g_autoptr(GSimpleAction) action = g_simple_action_new (name, type ? G_VARIANT_TYPE (type) : NULL);

  g_object_set_data (G_OBJECT (action), "func", func);
  g_signal_connect (action, "activate", G_CALLBACK (action_trampoline), self);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
}

void
tessera_window_install_actions (TesseraWindow *self)
{
  static const char *navigation[] = { "go-back", "go-forward", "go-start", "go-end", "go-up", "go-down" };
  static const char *edits[] = { "undo", "redo", "takeback", "promote-variation", "delete-variation" };
  static const char *play[] = { "hint", "resign", "offer-draw" };

  for (gsize i = 0; i < G_N_ELEMENTS (navigation); i++)
    add_action (self, navigation[i], NULL, action_navigate);
  for (gsize i = 0; i < G_N_ELEMENTS (edits); i++)
    add_action (self, edits[i], NULL, action_edit);
  for (gsize i = 0; i < G_N_ELEMENTS (play); i++)
    add_action (self, play[i], NULL, action_play);
  add_action (self, "nag", "u", action_edit);
  add_action (self, "comment", "s", action_edit);
  add_action (self, "play-move", "s", action_play_move);
  add_action (self, "new-game", NULL, action_new_game);
  add_action (self, "open", NULL, action_open);
  add_action (self, "open-recent", "s", action_open_recent);
  add_action (self, "save", NULL, action_save);
  add_action (self, "save-as", NULL, action_save_as);
  add_action (self, "stop-opening", NULL, action_stop_opening);
  add_action (self, "restore-autosave", NULL, action_restore);
  add_action (self, "discard-autosave", NULL, action_restore);

  g_signal_connect_swapped (self->board, "move-played", G_CALLBACK (board_move_played), self);
  g_signal_connect_swapped (self->notation_entry, "activate", G_CALLBACK (notation_activate), self);
  g_signal_connect_swapped (self->move_list, "node-activated", G_CALLBACK (node_activated), self);
  g_signal_connect_swapped (self->move_list, "comment-changed", G_CALLBACK (comment_changed), self);
  add_navigation_shortcuts (self);
}
