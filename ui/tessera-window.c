#include "config.h"

#include <glib/gi18n.h>

#include "board-view.h"
#include "clock-view.h"
#include "editor-actions.h"
#include "game-session.h"
#include "move-list.h"
#include "new-game-dialog.h"
#include "problem-solver.h"
#include "rules/variant.h"
#include "tessera-window.h"

struct _TesseraWindow
{
  GtkApplicationWindow  parent_instance;

  GSettings            *settings;
  char                 *variant;
  TsGameSession        *session;
  GtkWidget            *board;
  char                 *status_extra;   /* a hint or a declined draw, until the next change */
  gboolean              close_confirmed;
  gboolean              restore_pending;
  GtkFileChooserNative *chooser;

  /* template children */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkStack             *content_stack;
  GtkLabel             *placeholder_title;
  GtkLabel             *placeholder_description;
  GtkPaned             *paned;
  GtkBox               *board_box;
  GtkRevealer          *restore_revealer;
  GtkRevealer          *end_revealer;
  GtkLabel             *end_label;
  GtkLabel             *status_label;
  TsClockView          *clock_view;
  GtkBox               *drop_box;
  GtkNotebook          *side_notebook;
  TsMoveListView       *move_list;
  GtkEntry             *notation_entry;
  GtkLabel             *notation_error;
  GMenu                *recent_section;
};

G_DEFINE_FINAL_TYPE (TesseraWindow, tessera_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_VARIANT,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define SIDE_PANE_WIDTH 340

/* The window whose game the autosave files hold: only it may remove them. */
static TesseraWindow *autosave_owner;

TesseraWindow *
tessera_window_new (GtkApplication *application,
                    const char     *variant_id)
{
  return g_object_new (TESSERA_TYPE_WINDOW,
                       "application", application,
                       "variant", variant_id,
                       NULL);
}

const char *
tessera_window_get_variant (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);

  return self->variant;
}

TsGameSession *
tessera_window_get_session (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);

  return self->session;
}

GtkWidget *
tessera_window_get_board (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);

  return self->board;
}

GtkNotebook *
tessera_window_get_side_notebook (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);

  return self->side_notebook;
}

char *
tessera_window_autosave_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "tessera", "autosave", NULL);
}

static void
set_variant (TesseraWindow *self,
             const char    *variant_id)
{
  const TsVariant *variant = ts_variant_lookup (variant_id);
  const char *name = variant ? _(variant->name) : variant_id;

  if (g_strcmp0 (self->variant, variant_id) == 0)
    return;
  g_free (self->variant);
  self->variant = g_strdup (variant_id);

  gtk_label_set_label (self->subtitle_label, name);
  gtk_label_set_label (self->placeholder_title, name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
}

/* Showing the session */

static void
enable (TesseraWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
update_title (TesseraWindow *self)
{
  const char *filename = ts_game_session_get_filename (self->session);
  g_autofree char *base = filename ? g_path_get_basename (filename) : g_strdup (_("Unsaved Game"));
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  const TsVariant *variant = ts_game_session_get_variant (self->session);

  /* The bullet marks unsaved changes, as GNOME's editors do. */
  title = ts_game_session_is_modified (self->session) ? g_strdup_printf ("• %s", base) : g_strdup (base);
  gtk_label_set_label (self->title_label, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), filename);
  /* What the window manager shows (task bar, window switcher): the header bar's two lines
   * on one. */
  /* Translators: the window title, the game and its variant: "• game.tessera — Raumschach" */
  window_title = g_strdup_printf (_("%s — %s"), title, _(variant->name));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static void
update_status (TesseraWindow *self)
{
  const TsPosition *p = ts_game_session_get_position (self->session);
  const TsVariant *v = ts_game_session_get_variant (self->session);
  guint seat = ts_position_side_to_move (p);
  g_autofree char *text = NULL;

  if (ts_game_session_is_over (self->session))
    text = g_strdup (ts_game_session_get_end_message (self->session));
  else if (ts_game_session_is_thinking (self->session) && !ts_game_session_can_move (self->session))
    /* Translators: %s is a seat name, "White" */
    text = g_strdup_printf (_("%s (computer) is thinking…"), _(v->seat_names[seat]));
  else if (ts_position_in_check (ts_game_position (ts_game_session_get_game (self->session))))
    text = g_strdup_printf (_("%s to move, in check"), _(v->seat_names[seat]));
  else
    text = g_strdup_printf (_("%s to move"), _(v->seat_names[seat]));
  if (self->status_extra != NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s — %s", text, self->status_extra);

      gtk_label_set_label (self->status_label, both);
    }
  else
    gtk_label_set_label (self->status_label, text);
}

static void
write_autosave (TesseraWindow *self)
{
  g_autofree char *dir = tessera_window_autosave_dir ();

  /* Until the user answers the restore offer the old files must stay; an untouched game
   * needs no rescue. */
  if (self->restore_pending || !ts_game_session_is_modified (self->session))
    return;
  ts_game_session_write_autosave (self->session, dir);
  autosave_owner = self;
}

static void
drop_toggled (GtkToggleButton *button,
              TesseraWindow   *self)
{
  int type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece-type"));

  if (!gtk_toggle_button_get_active (button))
    {
      ts_board_view_set_drop_type (TS_BOARD_VIEW (self->board), -1);
      return;
    }
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (self->drop_box)); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_TOGGLE_BUTTON (w) && w != GTK_WIDGET (button))
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (w), FALSE);
  ts_board_view_set_drop_type (TS_BOARD_VIEW (self->board), type);
}

/* Pieces in hand (Grossraumschach) or outside checkers (Doseki): a button each, which makes
 * a click on the board drop or place one. */
static void
update_drops (TesseraWindow *self)
{
  const TsPosition *p = ts_game_session_get_position (self->session);
  const TsVariant *v = ts_game_session_get_variant (self->session);
  guint seat = ts_position_side_to_move (p);
  GtkWidget *w;
  gboolean any = FALSE;

  ts_board_view_set_drop_type (TS_BOARD_VIEW (self->board), -1);
  while ((w = gtk_widget_get_last_child (GTK_WIDGET (self->drop_box))) != NULL && GTK_IS_TOGGLE_BUTTON (w))
    gtk_box_remove (self->drop_box, w);
  if ((v->has_drops || v->family == TS_FAMILY_DOSEKI) && ts_game_session_can_move (self->session))
    for (guint t = 0; t < v->n_piece_types; t++)
      {
        guint n = ts_position_hand_count (p, seat, t);
        g_autofree char *label = NULL;
        GtkWidget *button;

        if (n == 0)
          continue;
        /* Translators: a piece in hand and how many, "Pawn ×2" */
        label = g_strdup_printf (_("%s ×%u"), _(v->piece_types[t].name), n);
        button = gtk_toggle_button_new_with_label (label);
        g_object_set_data (G_OBJECT (button), "piece-type", GINT_TO_POINTER (t));
        g_signal_connect (button, "toggled", G_CALLBACK (drop_toggled), self);
        gtk_box_append (self->drop_box, button);
        any = TRUE;
      }
  gtk_widget_set_visible (GTK_WIDGET (self->drop_box), any);
}

static void
refresh (TesseraWindow *self)
{
  TsGame *game = ts_game_session_get_game (self->session);
  TsGameNode *node = ts_game_current (game);
  TsBoardView *board = TS_BOARD_VIEW (self->board);
  gboolean over = ts_game_session_is_over (self->session);

  ts_board_view_set_position (board, ts_game_session_get_position (self->session));
  if (node->parent != NULL && !(node->move.flags & TS_MOVE_LEAVE))
    {
      g_autoptr(TsPosition) before = ts_game_position_at (game, node->parent);

      ts_board_view_set_last_move (board, before, &node->move);
    }
  else
    ts_board_view_set_last_move (board, NULL, NULL);
  ts_board_view_set_interactive (board, ts_game_session_can_move (self->session));
  ts_move_list_view_set_game (self->move_list, game);
  update_drops (self);

  gtk_label_set_label (self->end_label, over ? ts_game_session_get_end_message (self->session) : "");
  gtk_revealer_set_reveal_child (self->end_revealer, over && ts_game_node_n_children (node) == 0);

  update_title (self);
  update_status (self);
  enable (self, "go-back", node->parent != NULL);
  enable (self, "go-start", node->parent != NULL);
  enable (self, "go-forward", ts_game_node_n_children (node) > 0);
  enable (self, "go-end", ts_game_node_n_children (node) > 0);
  enable (self, "undo", ts_game_can_undo (game));
  enable (self, "redo", ts_game_can_redo (game));
  enable (self, "takeback", node->parent != NULL);
  enable (self, "promote-variation", node->parent != NULL && !ts_game_node_is_main_line (node));
  enable (self, "delete-variation", node->parent != NULL && !ts_game_node_is_main_line (node));
  enable (self, "nag", node->parent != NULL);
  enable (self, "resign", !over);
  enable (self, "offer-draw", !over);
  enable (self, "hint", !over);
}

static void
session_changed (TesseraWindow *self)
{
  g_clear_pointer (&self->status_extra, g_free);
  refresh (self);
  write_autosave (self);
}

static void
session_game_over (TesseraWindow *self)
{
  /* the end of a game makes a sound too, when sounds are on */
  if (g_settings_get_boolean (self->settings, "sound"))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

/* A line after the status until the next change (takes text). */
static void
set_status_extra (TesseraWindow *self,
                  char          *text)
{
  g_free (self->status_extra);
  self->status_extra = text;
  update_status (self);
}

static void
session_hint (TesseraWindow *self,
              const TsMove  *move,
              const char    *san)
{
  ts_board_view_set_cursor (TS_BOARD_VIEW (self->board), move->from != TS_NO_CELL ? move->from : move->to);
  /* Translators: %s is a move such as "Nc3" */
  set_status_extra (self, g_strdup_printf (_("Hint: %s"), san));
}

static const char *
seat_name (TesseraWindow *self,
           guint          seat)
{
  return _(ts_game_session_get_variant (self->session)->seat_names[seat]);
}

static void
session_flag_fall (TesseraWindow *self,
                   guint          seat)
{
  /* Translators: %s is a seat name; in a four-player game the others play on */
  set_status_extra (self, g_strdup_printf (_("%s lost on time and is out of the game."), seat_name (self, seat)));
  session_game_over (self);
}

static void
session_seat_resigned (TesseraWindow *self,
                       guint          seat)
{
  /* Translators: %s is a seat name; in a four-player game the others play on */
  set_status_extra (self, g_strdup_printf (_("%s resigned and is out of the game."), seat_name (self, seat)));
}

static void
session_draw_declined (TesseraWindow *self)
{
  set_status_extra (self, g_strdup (_("The computer declines the draw.")));
}

static void
set_session (TesseraWindow *self,
             TsGameSession *session)
{
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      ts_game_session_pause (self->session);
    }
  g_set_object (&self->session, session);
  g_signal_connect_swapped (session, "changed", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "game-over", G_CALLBACK (session_game_over), self);
  g_signal_connect_swapped (session, "hint", G_CALLBACK (session_hint), self);
  g_signal_connect_swapped (session, "draw-declined", G_CALLBACK (session_draw_declined), self);
  g_signal_connect_swapped (session, "flag-fall", G_CALLBACK (session_flag_fall), self);
  g_signal_connect_swapped (session, "seat-resigned", G_CALLBACK (session_seat_resigned), self);
  g_signal_connect_swapped (session, "notify::thinking", G_CALLBACK (update_status), self);
  set_variant (self, ts_game_session_get_variant (session)->id);
  ts_clock_view_set_session (self->clock_view, session);
  g_clear_pointer (&self->status_extra, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->notation_error), FALSE);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* Setups remembered in GSettings */

static void
setup_from_settings (TesseraWindow *self, TsSessionSetup *setup)
{
  g_auto(GStrv) kinds = g_settings_get_strv (self->settings, "seat-kinds");
  g_autoptr(GVariant) levels = g_settings_get_value (self->settings, "seat-levels");
  gsize n_levels = 0;
  const gint32 *level = g_variant_get_fixed_array (levels, &n_levels, sizeof (gint32));

  ts_session_setup_init (setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      if (kinds[0] != NULL && i < g_strv_length (kinds))
        setup->kind[i] = g_str_equal (kinds[i], "computer") ? TS_SEAT_COMPUTER : TS_SEAT_HUMAN;
      if (i < n_levels)
        setup->level[i] = CLAMP (level[i], TS_LEVEL_MIN, TS_LEVEL_MAX);
    }
  setup->base_ms = 1000 * (gint64) g_settings_get_int (self->settings, "time-base-seconds");
  setup->increment_ms = 1000 * (gint64) g_settings_get_int (self->settings, "time-increment-seconds");
}

static void
setup_to_settings (TesseraWindow *self, const char *variant_id, const TsSessionSetup *setup)
{
  const char *kinds[TS_MAX_SEATS + 1] = { NULL };
  gint32 levels[TS_MAX_SEATS];

  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      kinds[i] = setup->kind[i] == TS_SEAT_COMPUTER ? "computer" : "human";
      levels[i] = setup->level[i];
    }
  g_settings_set_string (self->settings, "last-variant", variant_id);
  g_settings_set_strv (self->settings, "seat-kinds", kinds);
  g_settings_set_value (self->settings, "seat-levels",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, levels, TS_MAX_SEATS, sizeof (gint32)));
  g_settings_set_int (self->settings, "time-base-seconds", setup->base_ms / 1000);
  g_settings_set_int (self->settings, "time-increment-seconds", setup->increment_ms / 1000);
}

void
tessera_window_new_game (TesseraWindow        *self,
                         const char           *variant_id,
                         const TsSessionSetup *setup)
{
  const TsVariant *v = ts_variant_lookup (variant_id);
  TsSessionSetup from_settings;
  g_autoptr(TsGameSession) session = NULL;

  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (v != NULL);

  if (setup == NULL)
    {
      setup_from_settings (self, &from_settings);
      setup = &from_settings;
    }
  session = ts_game_session_new (v, NULL, setup);
  set_session (self, session);
}

/* Files */

static void
show_error (TesseraWindow *self,
            const char    *primary,
            const char    *secondary)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                              "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_recent (const char *filename)
{
  g_autofree char *uri = g_filename_to_uri (filename, NULL, NULL);

  if (uri != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

gboolean
tessera_window_load (TesseraWindow *self,
                     const char    *filename,
                     GError       **error)
{
  g_autoptr(TsGameSession) session = NULL;
  g_autoptr(GtkWidget) solver = NULL;
  TsSessionSetup setup;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  /* A game from a file is studied: every seat is human until a new game is set up. */
  ts_session_setup_init (&setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    setup.kind[i] = TS_SEAT_HUMAN;
  session = ts_game_session_load (filename, &setup, error);
  if (session == NULL)
    return FALSE;
  solver = ts_problem_solver_new_from_game (ts_game_session_get_game (session), NULL);
  if (solver != NULL)
    {
      /* A problem (Stipulation "#N") opens in solving mode; the game window shows its
       * position without the solution's moves, as an unsaved game so that Save cannot
       * overwrite the file with it (docs/position-editor.md). */
      TsGame *game = ts_game_session_get_game (session);
      TsGame *shown = ts_game_new (ts_game_variant (game), ts_game_start_position (game));

      g_object_ref_sink (solver);
      for (TsGameField f = 0; f < TS_GAME_N_FIELDS; f++)
        ts_game_set_field (shown, f, ts_game_get_field (game, f));
      ts_game_clear_undo (shown);
      ts_game_set_unmodified (shown);
      g_object_unref (session);
      session = ts_game_session_new (ts_game_variant (shown), shown, &setup);
    }
  set_session (self, session);
  add_recent (filename);
  if (solver != NULL)
    ts_editor_actions_present_solver (self, solver);
  return TRUE;
}

void
tessera_window_open_file (TesseraWindow *self,
                          GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *primary = NULL;

  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  name = g_file_get_parse_name (file);
  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened."));
  else if (tessera_window_load (self, path, &error))
    return;
  primary = g_strdup_printf (_("Cannot open “%s”"), name);
  show_error (self, primary, error->message);
}

gboolean
tessera_window_save (TesseraWindow *self,
                     const char    *filename,
                     GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (!ts_game_session_save (self->session, filename, error))
    return FALSE;
  add_recent (filename);
  update_title (self);
  return TRUE;
}

static void
save_to (TesseraWindow *self, const char *filename)
{
  g_autoptr(GError) error = NULL;

  if (!tessera_window_save (self, filename, &error))
    show_error (self, _("Cannot save the game"), error->message);
}

typedef void (*AfterSave) (TesseraWindow *self);

static void
save_as_response (GtkNativeDialog *chooser,
                  int              response,
                  TesseraWindow   *self)
{
  AfterSave after = g_object_get_data (G_OBJECT (chooser), "after-save");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        save_to (self, path);
      if (after != NULL && !ts_game_session_is_modified (self->session))
        after (self);
    }
  g_clear_object (&self->chooser);
}

static void
add_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (games, _("Tessera games"));
  gtk_file_filter_add_pattern (games, "*.tessera");
  gtk_file_filter_add_pattern (games, "*.xml");
  gtk_file_filter_add_pattern (games, "*.pgn");
  gtk_file_filter_add_pattern (games, "*.txt");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, games);
  gtk_file_chooser_add_filter (chooser, all);
}

static void
save_as (TesseraWindow *self, AfterSave after)
{
  const char *filename = ts_game_session_get_filename (self->session);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (self->chooser));
  if (filename != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (filename);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->chooser), file, NULL);
    }
  else
    {
      g_autofree char *name = g_strdup_printf ("%s.tessera", ts_game_session_get_variant (self->session)->id);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_object_set_data (G_OBJECT (self->chooser), "after-save", after);
  g_signal_connect (self->chooser, "response", G_CALLBACK (save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_or_ask (TesseraWindow *self, AfterSave after)
{
  const char *filename = ts_game_session_get_filename (self->session);

  if (filename == NULL)
    {
      save_as (self, after);
      return;
    }
  save_to (self, filename);
  if (after != NULL && !ts_game_session_is_modified (self->session))
    after (self);
}

static void
open_response (GtkNativeDialog *chooser,
               int              response,
               TesseraWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      tessera_window_open_file (self, file);
    }
  g_clear_object (&self->chooser);
}

/* Where a game is opened: this window when its game has nothing to lose, else a new one. */
static TesseraWindow *
window_for_opening (TesseraWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  TesseraWindow *target = self;

  if (ts_game_session_is_modified (self->session) && app != NULL)
    {
      target = tessera_window_new (app, self->variant);
      gtk_window_present (GTK_WINDOW (target));
    }
  return target;
}

static void
open_here_or_new (TesseraWindow *self,
                  GFile         *file)
{
  tessera_window_open_file (window_for_opening (self), file);
}

TesseraWindow *
tessera_window_open_game (TesseraWindow        *self,
                          TsGame               *game,
                          const TsSessionSetup *setup)
{
  TesseraWindow *target;
  TsSessionSetup from_settings;
  g_autoptr(TsGameSession) session = NULL;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  target = window_for_opening (self);
  if (setup == NULL)
    {
      setup_from_settings (target, &from_settings);
      setup = &from_settings;
    }
  session = ts_game_session_new (ts_game_variant (game), game, setup);
  set_session (target, session);
  return target;
}

/* Closing */

static void
close_now (TesseraWindow *self)
{
  g_autofree char *dir = tessera_window_autosave_dir ();

  if (autosave_owner == self)
    ts_game_session_remove_autosave (dir);
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
close_response (GtkDialog     *dialog,
                int            response,
                TesseraWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_REJECT)
    close_now (self);
  else if (response == GTK_RESPONSE_ACCEPT)
    save_or_ask (self, close_now);
}

static gboolean
tessera_window_close_request (GtkWindow *window)
{
  TesseraWindow *self = TESSERA_WINDOW (window);
  GtkWidget *dialog;

  if (self->close_confirmed || self->session == NULL || !ts_game_session_is_modified (self->session))
    {
      g_autofree char *dir = tessera_window_autosave_dir ();

      if (autosave_owner == self && (self->session == NULL || !ts_game_session_is_modified (self->session)))
        ts_game_session_remove_autosave (dir);
      return GTK_WINDOW_CLASS (tessera_window_parent_class)->close_request (window);
    }

  dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   "%s", _("Save the game before closing?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you don’t save, the moves since the last save are lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("Close _without Saving"), GTK_RESPONSE_REJECT,
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Save"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* Actions */

static void
new_game_response (GtkDialog     *dialog,
                   int            response,
                   TesseraWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      TsNewGameDialog *d = TS_NEW_GAME_DIALOG (dialog);
      const TsVariant *v = ts_new_game_dialog_get_variant (d);
      TsSessionSetup setup;

      ts_new_game_dialog_get_setup (d, &setup);
      setup_to_settings (self, v->id, &setup);
      tessera_window_new_game (self, v->id, &setup);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
action_new_game (GtkWidget *widget, const char *name, GVariant *param)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  GtkWidget *dialog = ts_new_game_dialog_new (GTK_WINDOW (self), self->variant,
                                              ts_game_session_get_setup (self->session));

  g_signal_connect (dialog, "response", G_CALLBACK (new_game_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (self->chooser));
  g_signal_connect (self->chooser, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
action_open_recent (GtkWidget *widget, const char *name, GVariant *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  open_here_or_new (TESSERA_WINDOW (widget), file);
}

static void
action_save (GtkWidget *widget, const char *name, GVariant *param)
{
  save_or_ask (TESSERA_WINDOW (widget), NULL);
}

static void
action_save_as (GtkWidget *widget, const char *name, GVariant *param)
{
  save_as (TESSERA_WINDOW (widget), NULL);
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

static void
action_edit (GtkWidget *widget, const char *name, GVariant *param)
{
  TsGameSession *session = TESSERA_WINDOW (widget)->session;

  if (g_str_equal (name, "win.undo"))
    ts_game_session_undo (session);
  else if (g_str_equal (name, "win.redo"))
    ts_game_session_redo (session);
  else if (g_str_equal (name, "win.takeback"))
    ts_game_session_takeback (session);
  else if (g_str_equal (name, "win.promote-variation"))
    ts_game_session_promote (session);
  else if (g_str_equal (name, "win.delete-variation"))
    ts_game_session_delete_variation (session);
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
}

static void
action_restore (GtkWidget *widget, const char *name, GVariant *param)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  g_autofree char *dir = tessera_window_autosave_dir ();
  g_autoptr(GError) error = NULL;

  self->restore_pending = FALSE;
  gtk_revealer_set_reveal_child (self->restore_revealer, FALSE);
  enable (self, "restore-autosave", FALSE);
  enable (self, "discard-autosave", FALSE);
  if (g_str_equal (name, "win.restore-autosave"))
    {
      g_autoptr(TsGameSession) session = ts_game_session_read_autosave (dir, &error);

      if (session == NULL)
        show_error (self, _("Cannot restore the game"), error->message);
      else
        {
          set_session (self, session);
          autosave_owner = self;
          return;
        }
    }
  ts_game_session_remove_autosave (dir);
  write_autosave (self);
}

static void
update_recent_menu (TesseraWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  g_menu_remove_all (self->recent_section);
  for (GList *l = items; l != NULL && n < 10; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr(GMenuItem) item = NULL;

      if (!gtk_recent_info_has_application (info, g_get_application_name ()) || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (gtk_recent_info_get_uri (info)));
      g_menu_append_item (self->recent_section, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* Dropping a game file on the window opens it. */
static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         TesseraWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;
  open_here_or_new (self, files->data);
  return TRUE;
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
  ts_game_session_set_comment (self->session, text);
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

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  if (focus == self->board && ts_board_view_get_cursor (TS_BOARD_VIEW (self->board)) != TS_NO_CELL)
    return FALSE;
  if (gtk_stack_get_visible_child (self->content_stack) != GTK_WIDGET (self->paned))
    return FALSE;
  gtk_widget_activate_action (widget, g_variant_get_string (args, NULL), NULL);
  return TRUE;
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
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* Puts @content (the board) in the window's content area, in place of the game. */
void
tessera_window_set_content (TesseraWindow *self,
                            GtkWidget     *content)
{
  GtkWidget *old;

  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WIDGET (content));

  old = gtk_stack_get_child_by_name (self->content_stack, "content");
  if (old != NULL)
    gtk_stack_remove (self->content_stack, old);
  gtk_stack_add_named (self->content_stack, content, "content");
  gtk_stack_set_visible_child (self->content_stack, content);
}

static void
save_window_state (TesseraWindow *self)
{
  gboolean maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  int width, height;

  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  /* While maximized the default size may follow the screen: keep the last normal size. */
  if (maximized)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
}

static gboolean
destroy_idle (gpointer user_data)
{
  gtk_window_destroy (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

/* TESSERA_BENCHMARK_STARTUP=1: say when the first frame is painted, then close (see
 * tests/ui/bench-startup). */
static void
first_frame_painted (GdkFrameClock *clock,
                     TesseraWindow *self)
{
  g_signal_handlers_disconnect_by_func (clock, first_frame_painted, self);
  g_print ("first-frame\n");
  fflush (stdout);
  g_idle_add_full (G_PRIORITY_LOW, destroy_idle, g_object_ref (self), g_object_unref);
}

static void
tessera_window_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tessera_window_parent_class)->realize (widget);

  if (g_getenv ("TESSERA_BENCHMARK_STARTUP") != NULL)
    g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                      G_CALLBACK (first_frame_painted), widget);
}

static void
tessera_window_unrealize (GtkWidget *widget)
{
  /* Runs both when the window is closed and when app.quit destroys it. */
  save_window_state (TESSERA_WINDOW (widget));

  GTK_WIDGET_CLASS (tessera_window_parent_class)->unrealize (widget);
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

static void
add_actions (TesseraWindow *self)
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
  add_action (self, "restore-autosave", NULL, action_restore);
  add_action (self, "discard-autosave", NULL, action_restore);
}

static void
tessera_window_constructed (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);
  GtkApplication *app;
  g_autofree char *dir = tessera_window_autosave_dir ();
  int width, height;

  G_OBJECT_CLASS (tessera_window_parent_class)->constructed (object);

  width = g_settings_get_int (self->settings, "window-width");
  height = g_settings_get_int (self->settings, "window-height");
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  /* The board takes what the side pane does not need. */
  gtk_paned_set_position (self->paned, MAX (width - SIDE_PANE_WIDTH, width / 2));

  /* The first window offers to bring back a game the last run left unsaved. */
  app = gtk_window_get_application (GTK_WINDOW (self));
  self->restore_pending = ts_game_session_has_autosave (dir) &&
                          (app == NULL || g_list_length (gtk_application_get_windows (app)) <= 1);
  gtk_revealer_set_reveal_child (self->restore_revealer, self->restore_pending);
  enable (self, "restore-autosave", self->restore_pending);
  enable (self, "discard-autosave", self->restore_pending);

  tessera_window_new_game (self, self->variant ? self->variant : "raumschach", NULL);
  /* the editor's actions and the Analysis page (ui/editor-actions.c) */
  ts_editor_actions_install (self);
}

static void
tessera_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      g_value_set_string (value, self->variant);
      break;

    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      set_variant (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_window_dispose (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  if (autosave_owner == self)
    autosave_owner = NULL;
  /* the last move's autosave reaches the disk before the program may exit */
  ts_game_session_flush_autosave ();
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      ts_game_session_pause (self->session);
    }
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_clear_object (&self->session);
  g_clear_object (&self->chooser);

  G_OBJECT_CLASS (tessera_window_parent_class)->dispose (object);
}

static void
tessera_window_finalize (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->variant, g_free);
  g_clear_pointer (&self->status_extra, g_free);

  G_OBJECT_CLASS (tessera_window_parent_class)->finalize (object);
}

static void
tessera_window_class_init (TesseraWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = tessera_window_constructed;
  object_class->get_property = tessera_window_get_property;
  object_class->set_property = tessera_window_set_property;
  object_class->dispose = tessera_window_dispose;
  object_class->finalize = tessera_window_finalize;
  widget_class->realize = tessera_window_realize;
  widget_class->unrealize = tessera_window_unrealize;
  window_class->close_request = tessera_window_close_request;

  properties[PROP_VARIANT] =
    g_param_spec_string ("variant", NULL, NULL,
                         "raumschach",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TS_TYPE_GAME_SESSION,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, GDK_CONTROL_MASK, "win.takeback", NULL);

  g_type_ensure (TS_TYPE_CLOCK_VIEW);
  g_type_ensure (TS_TYPE_MOVE_LIST_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, placeholder_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, placeholder_description);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, restore_revealer);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, end_revealer);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, end_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, clock_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, drop_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, side_notebook);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, notation_entry);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, notation_error);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, recent_section);
}

static void
tessera_window_init (TesseraWindow *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  add_actions (self);

  self->board = ts_board_view_new ();
  ts_board_view_bind_settings (TS_BOARD_VIEW (self->board), self->settings);
  gtk_widget_set_hexpand (self->board, TRUE);
  gtk_widget_set_vexpand (self->board, TRUE);
  gtk_box_append (self->board_box, self->board);
  g_signal_connect_swapped (self->board, "move-played", G_CALLBACK (board_move_played), self);
  g_signal_connect_swapped (self->notation_entry, "activate", G_CALLBACK (notation_activate), self);
  g_signal_connect_swapped (self->move_list, "node-activated", G_CALLBACK (node_activated), self);
  g_signal_connect_swapped (self->move_list, "comment-changed", G_CALLBACK (comment_changed), self);
  add_navigation_shortcuts (self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent_menu), self);
  update_recent_menu (self);
  gtk_stack_set_visible_child_name (self->content_stack, "game");
}
