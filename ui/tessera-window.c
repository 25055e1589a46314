#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "analysis-actions.h"
#include "board-view.h"
#include "collection-actions.h"
#include "collection-place.h"
#include "editor-actions.h"
#include "game-info-dialog.h"
#include "study-tools.h"
#include "rules/variant.h"
#include "tessera-window-private.h"



G_DEFINE_FINAL_TYPE (TesseraWindow, tessera_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_VARIANT,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];




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

GMenu *
tessera_window_get_view_menu (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);

  return self->view_section;
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

  adw_window_title_set_subtitle (self->window_title, name);
  gtk_label_set_label (self->placeholder_title, name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
}

/* Showing the session */

void
tessera_window_enable_action (TesseraWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
tessera_window_update_title (TesseraWindow *self)
{
  const char *filename = ts_game_session_get_filename (self->session);
  g_autofree char *place = ts_collection_place_title (self->session);
  g_autofree char *base = place ? g_steal_pointer (&place)
                                : filename ? g_path_get_basename (filename) : g_strdup (_("Unsaved Game"));
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *players = NULL;
  g_autofree char *subtitle = NULL;
  const TsVariant *variant = ts_game_session_get_variant (self->session);

  /* The bullet marks unsaved changes, as GNOME's editors do. */
  title = ts_game_session_is_modified (self->session) ? g_strdup_printf ("• %s", base) : g_strdup (base);
  adw_window_title_set_title (self->window_title, title);
  /* the players under the game, when the header names them (Game Information) */
  players = ts_game_info_players_line (ts_game_session_get_game (self->session));
  /* Translators: the window's subtitle, the players and the variant: "Alice – Bob · Raumschach" */
  subtitle = players ? g_strdup_printf (_("%s · %s"), players, _(variant->name)) : g_strdup (_(variant->name));
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->window_title), filename);
  /* What the window manager shows (task bar, window switcher): the header bar's two lines
   * on one. */
  /* Translators: the window title, the game and its variant: "• game.tessera — Raumschach" */
  window_title = g_strdup_printf (_("%s — %s"), title, _(variant->name));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* "You play White against the computer (level 5).": said at the start of a game with the
 * computer, until a human seat has moved (the user playing Black reads it after the
 * computer's first move too); NULL otherwise. */
static char *
who_plays_text (TesseraWindow *self)
{
  const TsSessionSetup *setup = ts_game_session_get_setup (self->session);
  TsGame *game = ts_game_session_get_game (self->session);
  const TsVariant *v = ts_game_session_get_variant (self->session);
  guint first = ts_position_side_to_move (ts_game_start_position (game));
  g_autoptr(GString) humans = g_string_new (NULL);
  guint computers = 0, level = 0, lead = 0, moves = 0;
  gboolean one_level = TRUE;

  if (ts_game_session_is_over (self->session))
    return NULL;
  for (guint i = 0; i < v->n_seats; i++)
    {
      guint seat = (first + i) % v->n_seats;

      if (setup->kind[seat] == TS_SEAT_COMPUTER)
        {
          one_level = one_level && (computers == 0 || setup->level[seat] == level);
          level = setup->level[seat];
          computers++;
          lead += lead == i;   /* computer seats that move before any human */
        }
      else
        /* Translators: between the names of the seats the user plays, "Red, Green" */
        g_string_append_printf (humans, "%s%s", humans->len ? _(", ") : "", _(v->seat_names[seat]));
    }
  /* moves made so far, counted only as far as needed: a long game is not walked */
  for (TsGameNode *node = ts_game_current (game); node->parent != NULL; node = node->parent)
    if (moves++ >= lead)
      return NULL;
  if (computers == 0 || humans->len == 0)
    return NULL;
  if (one_level)
    /* Translators: %s is the seat (or seats) the user plays, "White"; %u the computer's level */
    return g_strdup_printf (_("You play %s against the computer (level %u)."), humans->str, level);
  /* Translators: %s is the seat (or seats) the user plays, "White" */
  return g_strdup_printf (_("You play %s against the computer."), humans->str);
}

static void
update_status (TesseraWindow *self)
{
  const TsPosition *p = ts_game_session_get_position (self->session);
  const TsVariant *v = ts_game_session_get_variant (self->session);
  guint seat = ts_position_side_to_move (p);
  g_autofree char *text = NULL;
  g_autofree char *extra = NULL;

  if (ts_game_session_is_over (self->session))
    text = g_strdup (ts_game_session_get_end_message (self->session));
  else if (ts_game_session_is_thinking (self->session) && !ts_game_session_can_move (self->session))
    /* Translators: %s is a seat name, "White" */
    text = g_strdup_printf (_("%s (computer) is thinking…"), _(v->seat_names[seat]));
  else if (ts_position_in_check (ts_game_position (ts_game_session_get_game (self->session))))
    text = g_strdup_printf (_("%s to move, in check"), _(v->seat_names[seat]));
  else
    text = g_strdup_printf (_("%s to move"), _(v->seat_names[seat]));
  extra = self->status_extra ? g_strdup (self->status_extra) : who_plays_text (self);
  if (extra != NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s — %s", text, extra);

      gtk_label_set_label (self->status_label, both);
    }
  else
    gtk_label_set_label (self->status_label, text);
}

const char *
tessera_window_get_status (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->status_label);
}



static void
drop_toggled (GtkToggleButton *button,
              TesseraWindow   *self)
{
  int type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece-type"));
  int i = 0;

  if (!gtk_toggle_button_get_active (button))
    {
      ts_board_view_set_drop_type (TS_BOARD_VIEW (self->board), -1);
      return;
    }
  for (GtkFlowBoxChild *c; (c = gtk_flow_box_get_child_at_index (self->drop_flow, i)) != NULL; i++)
    if (gtk_flow_box_child_get_child (c) != GTK_WIDGET (button))
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (gtk_flow_box_child_get_child (c)), FALSE);
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
  while ((w = GTK_WIDGET (gtk_flow_box_get_child_at_index (self->drop_flow, 0))) != NULL)
    gtk_flow_box_remove (self->drop_flow, w);
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
        gtk_flow_box_append (self->drop_flow, button);
        /* the button takes the focus and the clicks, not the flow box's child around it */
        gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
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
  gboolean in_variation;

  ts_board_view_set_position (board, ts_game_session_get_position (self->session));
  /* The position before the move is the one shown last after a step forward (the move
   * slides); otherwise none: working it out replays the game from its start, 90 ms a
   * step at 20 000 plies. */
  if (node->parent != NULL && !(node->move.flags & TS_MOVE_LEAVE))
    ts_board_view_set_last_move (board, node->parent == self->shown_node ? self->shown_position : NULL,
                                 &node->move);
  else
    ts_board_view_set_last_move (board, NULL, NULL);
  self->shown_node = node;
  g_clear_pointer (&self->shown_position, ts_position_free);
  self->shown_position = ts_position_copy (ts_game_session_get_position (self->session));
  ts_board_view_set_interactive (board, ts_game_session_can_move (self->session));
  ts_move_list_view_update (self->move_list);
  update_drops (self);

  gtk_label_set_label (self->end_label, over ? ts_game_session_get_end_message (self->session) : "");
  gtk_revealer_set_reveal_child (self->end_revealer, over && ts_game_node_n_children (node) == 0);

  tessera_window_update_title (self);
  update_status (self);
  tessera_window_enable_action (self, "go-back", node->parent != NULL);
  tessera_window_enable_action (self, "go-start", node->parent != NULL);
  tessera_window_enable_action (self, "go-forward", ts_game_node_n_children (node) > 0);
  tessera_window_enable_action (self, "go-end", ts_game_node_n_children (node) > 0);
  tessera_window_enable_action (self, "undo", ts_game_can_undo (game));
  tessera_window_enable_action (self, "redo", ts_game_can_redo (game));
  tessera_window_enable_action (self, "takeback", node->parent != NULL);
  /* in a variation; ts_game_node_is_main_line walks to the root (O(moves) a step) */
  in_variation = ts_game_current_main_depth (game) < ts_game_current_depth (game);
  tessera_window_enable_action (self, "promote-variation", in_variation);
  tessera_window_enable_action (self, "delete-variation", in_variation);
  tessera_window_enable_action (self, "nag", node->parent != NULL);
  tessera_window_enable_action (self, "resign", !over);
  tessera_window_enable_action (self, "offer-draw", !over);
  tessera_window_enable_action (self, "hint", !over);
}

static void
session_changed (TesseraWindow *self)
{
  g_clear_pointer (&self->status_extra, g_free);
  refresh (self);
  tessera_window_write_autosave (self);
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
  /* The hint's arrow is on the board (ui/study-tools.c); the keyboard cursor stays as it
   * was, so that ← → Home End still walk the game. */
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

void
tessera_window_set_session (TesseraWindow *self,
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
  ts_move_list_view_set_game (self->move_list, ts_game_session_get_game (session));
  g_clear_pointer (&self->status_extra, g_free);
  memset (&self->undo_return, 0, sizeof self->undo_return);
  self->autosave_warned = FALSE;
  self->autosave_has_game = FALSE;
  self->shown_node = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->notation_error), FALSE);
  refresh (self);
  /* the game replaced is no longer to be rescued; a restored one is */
  tessera_window_write_autosave (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* Setups remembered in GSettings */

void
tessera_window_setup_from_settings (TesseraWindow *self, TsSessionSetup *setup)
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

void
tessera_window_setup_to_settings (TesseraWindow *self, const char *variant_id, const TsSessionSetup *setup)
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
      tessera_window_setup_from_settings (self, &from_settings);
      setup = &from_settings;
    }
  session = ts_game_session_new (v, NULL, setup);
  tessera_window_set_session (self, session);
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

AdwToast *
tessera_window_show_toast (TesseraWindow *self,
                           const char    *text,
                           const char    *undo_action)
{
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  /* a new toast replaces the one shown rather than queueing behind it */
  if (self->toast != NULL)
    adw_toast_dismiss (self->toast);
  /* libadwaita 1.2 reads a toast's title as markup */
  escaped = g_markup_escape_text (text, -1);
  toast = adw_toast_new (escaped);
  if (undo_action != NULL)
    {
      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_detailed_action_name (toast, undo_action);
    }
  g_set_weak_pointer (&self->toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return toast;
}

AdwToast *
tessera_window_get_toast (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);

  return self->toast;
}

static void
save_window_state (TesseraWindow *self)
{
  gboolean maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  int width, height;

  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  /* the side pane's width, whatever the window's: the board takes the rest */
  if (self->side_pane_placed)
    g_settings_set_int (self->settings, "side-pane-width",
                        CLAMP (gtk_widget_get_width (gtk_paned_get_end_child (self->paned)),
                               200, 4000));
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


/* Gives the side pane its remembered width once the paned knows its own (the first
 * allocation: a position computed from the remembered normal width was wrong in a
 * maximized window). Later resizes keep the side pane's width: the paned does not resize
 * its end child, the board takes the change. The board keeps at least half. */
static void
place_side_pane (TesseraWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->paned));
  int side = g_settings_get_int (self->settings, "side-pane-width");
  int handle = 0;

  if (self->side_pane_placed || width <= 0)
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->paned)); c;
       c = gtk_widget_get_next_sibling (c))
    if (c != gtk_paned_get_start_child (self->paned) && c != gtk_paned_get_end_child (self->paned))
      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &handle, NULL, NULL, NULL);
  self->side_pane_placed = TRUE;
  gtk_paned_set_position (self->paned, MAX (width - handle - side, width / 2));
}

static void
tessera_window_constructed (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);
  int width, height;

  G_OBJECT_CLASS (tessera_window_parent_class)->constructed (object);

  width = g_settings_get_int (self->settings, "window-width");
  height = g_settings_get_int (self->settings, "window-height");
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  /* placed at the paned's first real width (maximized or not), see place_side_pane */
  g_signal_connect_swapped (self->paned, "notify::max-position", G_CALLBACK (place_side_pane),
                            self);

  tessera_window_offer_restore (self);

  tessera_window_new_game (self, self->variant ? self->variant : "raumschach", NULL);
  /* the editor's actions and the Analysis page (ui/editor-actions.c) */
  ts_editor_actions_install (self);
  /* Analyse Game and the evaluation graph under the board (ui/analysis-actions.c) */
  ts_analysis_actions_install (self);
  /* arrows and marks, the view, game information, material (ui/study-tools.c) */
  ts_study_tools_install (self);
  ts_collection_actions_install (self);
}

static gboolean
tessera_window_close_request (GtkWindow *window)
{
  if (tessera_window_ask_before_closing (TESSERA_WINDOW (window)))
    return TRUE;
  return GTK_WINDOW_CLASS (tessera_window_parent_class)->close_request (window);
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

  tessera_window_open_dispose (self);
  tessera_window_files_dispose (self);
  g_clear_weak_pointer (&self->toast);
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      ts_game_session_pause (self->session);
    }
  g_clear_object (&self->session);

  G_OBJECT_CLASS (tessera_window_parent_class)->dispose (object);
}

static void
tessera_window_finalize (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->variant, g_free);
  g_clear_pointer (&self->status_extra, g_free);
  g_clear_pointer (&self->new_variant, g_free);
  g_clear_pointer (&self->shown_position, ts_position_free);

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

  g_type_ensure (TS_TYPE_CLOCK_VIEW);
  g_type_ensure (TS_TYPE_MOVE_LIST_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, placeholder_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, placeholder_description);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, loading_revealer);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, loading_spinner);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, loading_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, end_revealer);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, end_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, clock_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, drop_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, drop_flow);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, side_notebook);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, notation_entry);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, notation_error);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, view_section);
}

static void
tessera_window_init (TesseraWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->board = ts_board_view_new ();
  ts_board_view_bind_settings (TS_BOARD_VIEW (self->board), self->settings);
  gtk_widget_set_hexpand (self->board, TRUE);
  gtk_widget_set_vexpand (self->board, TRUE);
  gtk_box_append (self->board_box, self->board);

  tessera_window_install_actions (self);
  tessera_window_open_init (self);
  gtk_stack_set_visible_child_name (self->content_stack, "game");
}
