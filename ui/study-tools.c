/* The study tools of a game window: shapes on the board and in the record, engine and hint
 * arrows, the view from any seat. */
#include "config.h"

#include <glib/gi18n.h>

#include "analysis-panel.h"
#include "board-view.h"
#include "game-info-dialog.h"
#include "material-view.h"
#include "study-tools.h"

typedef struct {
  TesseraWindow *window;     /* not owned: the tools live as long as it */
  TsBoardView   *board;
  TsGameSession *session;    /* followed (a reference: its handlers go with it) */
  const TsVariant *variant;  /* of the session followed */
  GtkWidget     *panel;      /* the Analysis page, or NULL */
  TsMaterialView *material;
  int            hovered;    /* the analysis line under the pointer, or -1 */
  guint          bottom;     /* the seat at the bottom */
} Tools;

gboolean
ts_study_tools_move_shape (TsMove move, guint colour, TsShape *shape)
{
  if (move.flags & TS_MOVE_LEAVE || move.to == TS_NO_CELL)
    return FALSE;
  shape->from = move.from != TS_NO_CELL ? move.from : move.to;
  shape->to = move.to;
  shape->colour = colour;
  return TRUE;
}

static void
set_move_overlay (Tools *t, TsBoardOverlay overlay, const TsMove *move, guint colour)
{
  TsShape shape;

  if (move && ts_study_tools_move_shape (*move, colour, &shape))
    ts_board_view_set_overlay (t->board, overlay, &shape, 1);
  else
    ts_board_view_set_overlay (t->board, overlay, NULL, 0);
}

/* The engine's best move while it analyses, and the first move of the line hovered. */
static void
update_engine_arrows (Tools *t)
{
  TsAnalysisPanel *panel = t->panel ? TS_ANALYSIS_PANEL (t->panel) : NULL;
  const TsMove *best = NULL, *hovered = NULL;
  guint n;

  if (panel && ts_analysis_panel_is_running (panel))
    best = ts_analysis_panel_get_line (panel, 0, &n);
  if (panel && t->hovered >= 0)
    hovered = ts_analysis_panel_get_line (panel, t->hovered, &n);
  set_move_overlay (t, TS_BOARD_OVERLAY_BEST, best, TS_BOARD_SHAPE_ENGINE);
  /* the same move twice would only darken the arrow */
  if (hovered && best && ts_move_equal (*hovered, *best))
    hovered = NULL;
  set_move_overlay (t, TS_BOARD_OVERLAY_LINE, hovered, TS_BOARD_SHAPE_ENGINE);
}

static void
line_hovered (Tools *t, int line)
{
  t->hovered = line;
  update_engine_arrows (t);
}

/* The record's shapes at the cursor; the hint is gone after any change. */
static void
session_changed (Tools *t)
{
  TsGameNode *node = ts_game_current (ts_game_session_get_game (t->session));

  ts_board_view_set_shapes (t->board, node->annotation.shapes, node->annotation.n_shapes);
  set_move_overlay (t, TS_BOARD_OVERLAY_HINT, NULL, 0);
  ts_material_view_set_game (t->material, ts_game_session_get_game (t->session));
}

static void
session_hint (Tools *t, const TsMove *move, const char *san)
{
  set_move_overlay (t, TS_BOARD_OVERLAY_HINT, move, TS_BOARD_SHAPE_HINT);
}

static void
shape_drawn (Tools *t, const TsShape *shape)
{
  if (t->session)
    ts_game_session_toggle_shape (t->session, shape);
}

/* ---- the view ---- */

static void
set_bottom (Tools *t, guint seat)
{
  const TsVariant *v = ts_game_session_get_variant (t->session);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (t->window), "bottom-seat");

  t->bottom = seat < v->n_seats ? seat : 0;
  ts_board_view_set_turns (t->board, ts_board_turns_for_seat (v, t->bottom));
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_uint32 (t->bottom));
}

/* View From: the seats of the variant, the one at the bottom checked (win.bottom-seat's
 * state). */
static void
fill_view_menu (Tools *t, const TsVariant *v)
{
  GMenu *menu = tessera_window_get_view_menu (t->window);

  g_menu_remove_all (menu);
  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_(v->seat_names[seat]), NULL);

      g_menu_item_set_action_and_target_value (item, "win.bottom-seat", g_variant_new_uint32 (seat));
      g_menu_append_item (menu, item);
    }
}

static void
action_flip (GSimpleAction *action, GVariant *param, gpointer data)
{
  Tools *t = data;

  set_bottom (t, (t->bottom + 1) % ts_game_session_get_variant (t->session)->n_seats);
}

static void
action_bottom_seat (GSimpleAction *action, GVariant *param, gpointer data)
{
  set_bottom (data, g_variant_get_uint32 (param));
}

static void
action_game_info (GSimpleAction *action, GVariant *param, gpointer data)
{
  Tools *t = data;

  if (t->session)
    gtk_window_present (GTK_WINDOW (ts_game_info_dialog_new (GTK_WINDOW (t->window), t->session)));
}

/* A new game: the view of its first human seat when the computer plays the first (as
 * Lichess shows a game played as Black); a game of the same variant keeps the view. */
static void
session_replaced (TesseraWindow *window, GParamSpec *pspec, Tools *t)
{
  TsGameSession *session = tessera_window_get_session (window);
  const TsSessionSetup *setup;
  guint seat = t->bottom;

  if (session == t->session)
    return;
  if (t->session)
    g_signal_handlers_disconnect_by_data (t->session, t);
  g_set_object (&t->session, session);
  if (!session)
    return;
  g_signal_connect_swapped (session, "changed", G_CALLBACK (session_changed), t);
  g_signal_connect_swapped (session, "hint", G_CALLBACK (session_hint), t);
  setup = ts_game_session_get_setup (session);
  if (t->variant != ts_game_session_get_variant (session))
    {
      seat = 0;
      fill_view_menu (t, ts_game_session_get_variant (session));
    }
  t->variant = ts_game_session_get_variant (session);
  if (setup->kind[0] == TS_SEAT_COMPUTER)
    for (guint s = 1; s < ts_game_session_get_variant (session)->n_seats; s++)
      if (setup->kind[s] == TS_SEAT_HUMAN)
        {
          seat = s;
          break;
        }
  set_bottom (t, seat);
  session_changed (t);
}

/* The window's dispose drops its session: stop following it then. */
static void
window_destroyed (Tools *t)
{
  if (t->session)
    g_signal_handlers_disconnect_by_data (t->session, t);
  g_clear_object (&t->session);
}

static void
tools_free (gpointer data)
{
  window_destroyed (data);
  g_free (data);
}

void
ts_study_tools_install (TesseraWindow *window)
{
  const GActionEntry entries[] = {
    { "flip-board", action_flip, NULL, NULL, NULL, { 0 } },
    { "bottom-seat", action_bottom_seat, "u", "uint32 0", NULL, { 0 } },
    { "game-info", action_game_info, NULL, NULL, NULL, { 0 } },
  };
  Tools *t = g_new0 (Tools, 1);

  t->window = window;
  t->board = TS_BOARD_VIEW (tessera_window_get_board (window));
  t->hovered = -1;
  g_object_set_data_full (G_OBJECT (window), "ts-study-tools", t, tools_free);
  g_action_map_add_action_entries (G_ACTION_MAP (window), entries, G_N_ELEMENTS (entries), t);

  /* the material, in the side pane above the move list */
  {
    GtkWidget *notebook = GTK_WIDGET (tessera_window_get_side_notebook (window));

    t->material = TS_MATERIAL_VIEW (ts_material_view_new ());
    gtk_widget_set_margin_start (GTK_WIDGET (t->material), 8);
    gtk_widget_set_margin_end (GTK_WIDGET (t->material), 8);
    gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (notebook)), GTK_WIDGET (t->material),
                                gtk_widget_get_prev_sibling (notebook));
  }
  ts_board_view_set_draw_shapes (t->board, TRUE);
  g_signal_connect_swapped (t->board, "shape-drawn", G_CALLBACK (shape_drawn), t);

  t->panel = g_object_get_data (G_OBJECT (window), "ts-analysis-panel");
  if (t->panel)
    {
      g_signal_connect_swapped (t->panel, "lines-changed", G_CALLBACK (update_engine_arrows), t);
      g_signal_connect_swapped (t->panel, "line-hovered", G_CALLBACK (line_hovered), t);
    }
  session_replaced (window, NULL, t);
  g_signal_connect (window, "notify::session", G_CALLBACK (session_replaced), t);
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (window_destroyed), t);
}
