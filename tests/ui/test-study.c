/* The study tools in the game window: shapes drawn on the board (the gesture's API and its
 * keys) kept in the record and undone, the view from any seat, the hint's and the engine's
 * arrows. */
#include "config.h"

#include <adwaita.h>

#include <glib/gstdio.h>

#include "analysis-panel.h"
#include "board-view.h"
#include "diagram-export-dialog.h"
#include "game-info-dialog.h"
#include "material-view.h"
#include "records/game-random.h"
#include "rules/postext.h"
#include "tessera-window.h"
#include "widget-test.h"
#include "window-test.h"

static void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static TesseraWindow *
new_window (const char *variant, gboolean computer_first)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;
  TsSessionSetup setup;

  widget_test_reset_settings (settings);
  window = g_object_ref_sink (tessera_window_new (NULL, variant));
  window_test_all_humans (&setup);
  if (computer_first)
    setup.kind[0] = TS_SEAT_COMPUTER;
  tessera_window_new_game (window, variant, &setup);
  /* The computer waits: the tests look at the new game, and its first move came only
   * 70–140 ms after the window's first frame here (level 5). */
  ts_game_session_pause (tessera_window_get_session (window));
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static void
close_window (TesseraWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  run_for (10);
  g_assert_finalize_object (window);
}

static TsBoardView *
board_of (TesseraWindow *window)
{
  return TS_BOARD_VIEW (tessera_window_get_board (window));
}

static TsCell
cell (TesseraWindow *window, const char *name)
{
  TsCell c = ts_variant_parse_cell (ts_game_session_get_variant (tessera_window_get_session (window)),
                                    name, NULL);

  g_assert_cmpint (c, !=, TS_NO_CELL);
  return c;
}

/* How many shapes of colour the board draws now, and whether one goes from → to. */
static guint
drawn (TesseraWindow *window, guint colour, TsCell from, TsCell to, gboolean *found)
{
  guint n, count = 0;
  const TsShape *shapes = ts_board_view_get_drawn_shapes (board_of (window), &n);

  if (found)
    *found = FALSE;
  for (guint i = 0; i < n; i++)
    if (shapes[i].colour == colour)
      {
        count++;
        if (found && shapes[i].from == from && shapes[i].to == to)
          *found = TRUE;
      }
  return count;
}

static const TsAnnotation *
current_annotation (TesseraWindow *window)
{
  return &ts_game_current (ts_game_session_get_game (tessera_window_get_session (window)))->annotation;
}

static void
record_shape (gpointer data, const TsShape *shape)
{
  g_array_append_val ((GArray *) data, *shape);
}

/* The board view alone: off by default (the editor's right button), the modifiers'
 * colours, the keys M and A. */
static void
test_board_gesture (void)
{
  GtkWidget *window = gtk_window_new ();
  TsBoardView *board = TS_BOARD_VIEW (ts_board_view_new ());
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (TsShape));
  TsCell a = ts_variant_parse_cell (v, "Cc3", NULL), b = ts_variant_parse_cell (v, "Dd4", NULL);

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (board));
  ts_board_view_set_position (board, p);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  g_signal_connect_swapped (board, "shape-drawn", G_CALLBACK (record_shape), got);

  g_assert_cmpint (ts_board_view_shape_colour (0), ==, TS_SHAPE_GREEN);
  g_assert_cmpint (ts_board_view_shape_colour (GDK_SHIFT_MASK), ==, TS_SHAPE_RED);
  g_assert_cmpint (ts_board_view_shape_colour (GDK_ALT_MASK), ==, TS_SHAPE_BLUE);
  g_assert_cmpint (ts_board_view_shape_colour (GDK_SHIFT_MASK | GDK_ALT_MASK), ==, TS_SHAPE_YELLOW);
  g_assert_cmpint (ts_board_view_shape_colour (GDK_CONTROL_MASK), ==, TS_SHAPE_YELLOW);
  g_assert_cmpint (ts_board_view_shape_colour (GDK_CONTROL_MASK | GDK_SHIFT_MASK), ==, TS_SHAPE_BLUE);

  /* off: nothing, and the keys are free */
  g_assert_false (ts_board_view_get_draw_shapes (board));
  ts_board_view_draw_shape (board, a, b, TS_SHAPE_RED);
  g_assert_cmpuint (got->len, ==, 0);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (board), "board.mark", "i", 0) &&
                  got->len > 0);

  ts_board_view_set_draw_shapes (board, TRUE);
  ts_board_view_draw_shape (board, a, b, TS_SHAPE_RED);
  g_assert_cmpuint (got->len, ==, 1);
  g_assert_cmpint (g_array_index (got, TsShape, 0).from, ==, a);
  g_assert_cmpint (g_array_index (got, TsShape, 0).to, ==, b);
  g_assert_cmpint (g_array_index (got, TsShape, 0).colour, ==, TS_SHAPE_RED);

  /* M marks the cursor's cell; A twice draws an arrow from the first cursor cell, in the
   * first press's colour; Escape drops a started arrow */
  ts_board_view_set_cursor (board, a);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.mark", "i", TS_SHAPE_BLUE));
  g_assert_cmpuint (got->len, ==, 2);
  g_assert_cmpint (g_array_index (got, TsShape, 1).to, ==, a);
  g_assert_cmpint (g_array_index (got, TsShape, 1).colour, ==, TS_SHAPE_BLUE);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.arrow", "i", TS_SHAPE_YELLOW);
  g_assert_cmpuint (got->len, ==, 2);
  {
    guint n;
    const TsShape *shown = ts_board_view_get_drawn_shapes (board, &n);

    /* the start shows as a mark until the arrow ends */
    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpint (shown[0].from, ==, a);
  }
  ts_board_view_set_cursor (board, b);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.arrow", "i", TS_SHAPE_GREEN);
  g_assert_cmpuint (got->len, ==, 3);
  g_assert_cmpint (g_array_index (got, TsShape, 2).from, ==, a);
  g_assert_cmpint (g_array_index (got, TsShape, 2).to, ==, b);
  g_assert_cmpint (g_array_index (got, TsShape, 2).colour, ==, TS_SHAPE_YELLOW);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.arrow", "i", TS_SHAPE_GREEN);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.cancel", NULL);
  ts_board_view_set_cursor (board, a);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.arrow", "i", TS_SHAPE_GREEN);
  g_assert_cmpuint (got->len, ==, 3);   /* the second A started a new arrow */

  widget_test_destroy_and_wait (window, board);
}

/* In the window: the gesture edits the record at the cursor, undoably; the same gesture
 * removes; each move has its own. */
static void
test_window_shapes (void)
{
  TesseraWindow *window = new_window ("raumschach", FALSE);
  TsBoardView *board = board_of (window);
  TsGameSession *session = tessera_window_get_session (window);
  TsCell from = cell (window, "Ab1"), to = cell (window, "Ac3"), mark = cell (window, "Cc3");
  gboolean found;

  ts_board_view_draw_shape (board, from, to, TS_SHAPE_GREEN);
  ts_board_view_draw_shape (board, mark, mark, TS_SHAPE_RED);
  g_assert_cmpuint (current_annotation (window)->n_shapes, ==, 2);
  g_assert_true (ts_game_session_is_modified (session));
  g_assert_cmpuint (drawn (window, TS_SHAPE_GREEN, from, to, &found), ==, 1);
  g_assert_true (found);
  g_assert_cmpuint (drawn (window, TS_SHAPE_RED, mark, mark, &found), ==, 1);
  g_assert_true (found);

  /* the same gesture again removes; undo brings it back */
  ts_board_view_draw_shape (board, mark, mark, TS_SHAPE_RED);
  g_assert_cmpuint (drawn (window, TS_SHAPE_RED, mark, mark, NULL), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (drawn (window, TS_SHAPE_RED, mark, mark, NULL), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (current_annotation (window)->n_shapes, ==, 0);
  g_assert_cmpuint (drawn (window, TS_SHAPE_GREEN, from, to, NULL), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (drawn (window, TS_SHAPE_GREEN, from, to, NULL), ==, 1);

  /* another colour recolours */
  ts_board_view_draw_shape (board, from, to, TS_SHAPE_BLUE);
  g_assert_cmpuint (drawn (window, TS_SHAPE_GREEN, from, to, NULL), ==, 0);
  g_assert_cmpuint (drawn (window, TS_SHAPE_BLUE, from, to, NULL), ==, 1);

  /* a move's own shapes; the start position's come back with it */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", "NAb1-Ac3");
  g_assert_cmpuint (drawn (window, TS_SHAPE_BLUE, from, to, NULL), ==, 0);
  ts_board_view_draw_shape (board, to, mark, TS_SHAPE_YELLOW);
  g_assert_cmpuint (current_annotation (window)->n_shapes, ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  g_assert_cmpuint (drawn (window, TS_SHAPE_BLUE, from, to, NULL), ==, 1);
  g_assert_cmpuint (drawn (window, TS_SHAPE_YELLOW, to, mark, NULL), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  g_assert_cmpuint (drawn (window, TS_SHAPE_YELLOW, to, mark, NULL), ==, 1);

  close_window (window);
}

/* The View From menu holds a radio item per seat of the game's variant, named as the seat. */
static void
assert_view_menu (TesseraWindow *window, guint bottom)
{
  GMenuModel *menu = G_MENU_MODEL (tessera_window_get_view_menu (window));
  const TsVariant *v = ts_game_session_get_variant (tessera_window_get_session (window));
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), "bottom-seat");
  g_autoptr (GVariant) state = g_action_get_state (action);

  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, v->n_seats);
  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      g_autofree char *label = NULL, *name = NULL;
      g_autoptr (GVariant) target = NULL;

      g_assert_true (g_menu_model_get_item_attribute (menu, seat, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_assert_cmpstr (label, ==, v->seat_names[seat]);
      g_assert_true (g_menu_model_get_item_attribute (menu, seat, G_MENU_ATTRIBUTE_ACTION, "s", &name));
      g_assert_cmpstr (name, ==, "win.bottom-seat");
      target = g_menu_model_get_item_attribute_value (menu, seat, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_UINT32);
      g_assert_nonnull (target);
      g_assert_cmpuint (g_variant_get_uint32 (target), ==, seat);
    }
  g_assert_cmpuint (g_variant_get_uint32 (state), ==, bottom);
}

static void
test_flip (void)
{
  TesseraWindow *window = new_window ("raumschach", FALSE);
  TsBoardView *board = board_of (window);
  const TsBoardLayout *layout = ts_board_view_get_layout (board);
  double x1, y1, x2, y2, size;

  g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_NONE);
  assert_view_menu (window, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_HALF);
  assert_view_menu (window, 1);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* the view's layout: a1 right of b1 and above a2, hit testing the same */
  ts_board_layout_cell_rect (layout, cell (window, "Aa1"), &x1, &y1, &size);
  ts_board_layout_cell_rect (layout, cell (window, "Ab1"), &x2, &y2, &size);
  g_assert_cmpfloat (x1, >, x2);
  g_assert_cmpint (ts_board_layout_cell_at (layout, x1 + size / 2, y1 + size / 2), ==, cell (window, "Aa1"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_NONE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.bottom-seat", "u", 1);
  g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_HALF);
  /* a new game of the same variant keeps the view */
  tessera_window_new_game (window, "raumschach", NULL);
  g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_HALF);
  close_window (window);

  /* four players: every seat in turn; Grossraumschach's armies stand in corners */
  window = new_window ("grossraumschach", FALSE);
  board = board_of (window);
  {
    const guint expected[] = { TS_BOARD_TURNS_NONE, TS_BOARD_TURNS_HALF, TS_BOARD_TURNS_RIGHT,
                               TS_BOARD_TURNS_NONE, TS_BOARD_TURNS_LEFT };

    /* Red (seat 0) faces right: a quarter turn */
    g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_LEFT);
    assert_view_menu (window, 0);
    for (guint i = 1; i <= 4; i++)
      {
        gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
        g_assert_cmpuint (ts_board_view_get_turns (board), ==, expected[i]);
        assert_view_menu (window, i % 4);
      }
    /* View From: any seat directly */
    gtk_widget_activate_action (GTK_WIDGET (window), "win.bottom-seat", "u", 2);
    g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_RIGHT);
    assert_view_menu (window, 2);
  }
  /* another variant: its seats, from the first */
  tessera_window_new_game (window, "raumschach", NULL);
  assert_view_menu (window, 0);
  g_assert_cmpuint (ts_board_view_get_turns (board), ==, TS_BOARD_TURNS_NONE);
  close_window (window);

  /* the computer plays White: the board seen from Black's side */
  window = new_window ("raumschach", TRUE);
  g_assert_cmpuint (ts_board_view_get_turns (board_of (window)), ==, TS_BOARD_TURNS_HALF);
  close_window (window);
}

static gboolean
has_colour (TesseraWindow *window, guint colour)
{
  return drawn (window, colour, TS_NO_CELL, TS_NO_CELL, NULL) > 0;
}

static void
wait_until (TesseraWindow *window, guint colour, gboolean present)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (has_colour (window, colour) != present && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (has_colour (window, colour), ==, present);
}

/* The hint shows its move as an arrow, gone after the next change; the engine's best move
 * while it analyses; the hovered line's first move. */
static void
test_engine_arrows (void)
{
  TesseraWindow *window = new_window ("raumschach", FALSE);
  TsAnalysisPanel *panel = NULL;
  g_autoptr(GPtrArray) panels = NULL;
  guint n;
  const TsMove *line;
  gboolean found;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  wait_until (window, TS_BOARD_SHAPE_HINT, TRUE);
  g_assert_cmpuint (drawn (window, TS_BOARD_SHAPE_HINT, TS_NO_CELL, TS_NO_CELL, NULL), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", "NAb1-Ac3");
  g_assert_false (has_colour (window, TS_BOARD_SHAPE_HINT));

  panels = widget_test_collect (GTK_WIDGET (window), TS_TYPE_ANALYSIS_PANEL);
  g_assert_cmpuint (panels->len, ==, 1);
  panel = panels->pdata[0];
  g_assert_false (has_colour (window, TS_BOARD_SHAPE_ENGINE));
  ts_analysis_panel_start (panel);
  wait_until (window, TS_BOARD_SHAPE_ENGINE, TRUE);
  line = ts_analysis_panel_get_line (panel, 0, &n);
  g_assert_nonnull (line);
  drawn (window, TS_BOARD_SHAPE_ENGINE, line[0].from, line[0].to, &found);
  g_assert_true (found);
  ts_analysis_panel_stop (panel);
  g_assert_false (has_colour (window, TS_BOARD_SHAPE_ENGINE));
  /* the pointer over a line: its first move, stopped or not (a stopped panel keeps its
   * lines) */
  line = ts_analysis_panel_get_line (panel, 0, &n);
  g_assert_nonnull (line);
  g_signal_emit_by_name (panel, "line-hovered", 0);
  drawn (window, TS_BOARD_SHAPE_ENGINE, line[0].from, line[0].to, &found);
  g_assert_true (found);
  g_signal_emit_by_name (panel, "line-hovered", -1);
  g_assert_false (has_colour (window, TS_BOARD_SHAPE_ENGINE));
  close_window (window);
}

static TsDiagramExportDialog *
find_export_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (TS_IS_DIAGRAM_EXPORT_DIALOG (w))
        return TS_DIAGRAM_EXPORT_DIALOG (w);
    }
  return NULL;
}

static GBytes *
export_bytes (TsDiagramExportDialog *dialog, const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize length;

  g_assert_true (ts_diagram_export_dialog_export (dialog, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_unlink (path);
  return g_bytes_new_take (data, length);
}

/* Export Diagram shows the board as the window does: its arrows and marks, its side. */
static void
test_export_view (void)
{
  TesseraWindow *window = new_window ("raumschach", FALSE);
  g_autofree char *dir = g_dir_make_tmp ("tessera-study-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "d.png", NULL);
  g_autoptr(GBytes) as_shown = NULL, plain = NULL, flipped_only = NULL;
  TsDiagramExportDialog *dialog;
  TsCell c = cell (window, "Cc3");

  ts_board_view_draw_shape (board_of (window), c, c, TS_SHAPE_RED);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-diagram", NULL);
  dialog = find_export_dialog ();
  g_assert_nonnull (dialog);
  as_shown = export_bytes (dialog, path);
  ts_diagram_export_dialog_set_view (dialog, NULL, 0, TS_BOARD_TURNS_HALF);
  flipped_only = export_bytes (dialog, path);
  ts_diagram_export_dialog_set_view (dialog, NULL, 0, TS_BOARD_TURNS_NONE);
  plain = export_bytes (dialog, path);
  g_assert_false (g_bytes_equal (as_shown, flipped_only));
  g_assert_false (g_bytes_equal (flipped_only, plain));
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_rmdir (dir);
  close_window (window);
}

/* A new game's header names its players and its date. */
static void
test_new_game_header (void)
{
  TesseraWindow *window = new_window ("raumschach", TRUE);
  TsGameSession *session = tessera_window_get_session (window);
  TsGame *game = ts_game_session_get_game (session);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y.%m.%d");
  const char *user = ts_game_get_player (game, 1);

  g_assert_cmpstr (ts_game_get_player (game, 0), ==, "Tessera level 5");
  g_assert_nonnull (user);
  g_assert_true (g_str_equal (user, g_get_real_name ()) || g_str_equal (user, g_get_user_name ()));
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_DATE), ==, today);
  g_assert_false (ts_game_session_is_modified (session));
  g_assert_false (ts_game_can_undo (game));
  close_window (window);
}

static GtkWidget *
named_row (GtkWidget *root, const char *name)
{
  g_autoptr(GPtrArray) rows = widget_test_collect (root, ADW_TYPE_PREFERENCES_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (rows->pdata[i]), name) == 0)
      return rows->pdata[i];
  g_error ("no row %s", name);
  return NULL;
}

static void
set_row (GtkWidget *root, const char *name, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (named_row (root, name)), text);
}

static TsGameInfoDialog *
open_info (TesseraWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  gtk_widget_activate_action (GTK_WIDGET (window), "win.game-info", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (TS_IS_GAME_INFO_DIALOG (w))
        return TS_GAME_INFO_DIALOG (w);
    }
  g_error ("no Game Information dialog");
  return NULL;
}

/* The dialog: every field, the annotator, free tags added and removed, as one undo step;
 * bad values refused; shown in the title and the move list; kept in both file forms. */
static void
test_game_info (void)
{
  TesseraWindow *window = new_window ("raumschach", FALSE);
  TsGameSession *session = tessera_window_get_session (window);
  TsGame *game = ts_game_session_get_game (session);
  TsGameInfoDialog *dialog;
  GtkWidget *root;
  g_autofree char *xml = NULL, *text = NULL;
  guint64 before;

  ts_game_set_tag (game, "Opening", "Knight's tour");
  ts_game_set_tag (game, "Source", "a book");
  dialog = open_info (window);
  root = GTK_WIDGET (dialog);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named_row (root, "Opening"))), ==, "Knight's tour");
  set_row (root, "player-0", "Alice");
  set_row (root, "player-1", "Bob");
  set_row (root, "event", "Tessera Cup");
  set_row (root, "site", "Berlin");
  set_row (root, "round", "3");
  set_row (root, "annotator", "Carol");
  set_row (root, "date", "2026.13");
  g_assert_false (ts_game_info_dialog_apply (dialog));   /* not a date */
  g_assert_cmpstr (ts_game_get_player (game, 0), !=, "Alice");
  set_row (root, "date", "2026.12.??");
  adw_combo_row_set_selected (ADW_COMBO_ROW (named_row (root, "result-choice")), 3);
  /* a tag name the file forms use for something else is refused; a new one is added */
  set_row (root, "new-tag", "Event");
  g_signal_emit_by_name (named_row (root, "new-tag"), "apply");
  g_assert_true (gtk_widget_has_css_class (named_row (root, "new-tag"), "error"));
  set_row (root, "new-tag", "ECO");
  g_signal_emit_by_name (named_row (root, "new-tag"), "apply");
  set_row (root, "ECO", "R01");
  /* the trash button of Source */
  {
    g_autoptr(GPtrArray) buttons = widget_test_collect (named_row (root, "Source"), GTK_TYPE_BUTTON);
    guint clicked = 0;

    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_widget_get_tooltip_text (buttons->pdata[i]), "Remove the tag Source") == 0)
        {
          g_signal_emit_by_name (buttons->pdata[i], "clicked");
          clicked++;
        }
    g_assert_cmpuint (clicked, ==, 1);
  }
  before = ts_game_revision (game);
  g_assert_true (ts_game_info_dialog_apply (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_cmpstr (ts_game_get_player (game, 0), ==, "Alice");
  g_assert_cmpstr (ts_game_get_player (game, 1), ==, "Bob");
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_EVENT), ==, "Tessera Cup");
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_SITE), ==, "Berlin");
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_DATE), ==, "2026.12.??");
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_ROUND), ==, "3");
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_RESULT), ==, "1/2-1/2");
  g_assert_cmpstr (ts_game_get_tag (game, "Annotator"), ==, "Carol");
  g_assert_cmpstr (ts_game_get_tag (game, "ECO"), ==, "R01");
  g_assert_cmpstr (ts_game_get_tag (game, "Opening"), ==, "Knight's tour");
  g_assert_null (ts_game_get_tag (game, "Source"));
  g_assert_true (ts_game_session_is_modified (session));

  /* shown: the window's subtitle and the move list's head */
  {
    g_autoptr(GPtrArray) titles = widget_test_collect (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE);
    g_autoptr(GPtrArray) labels = widget_test_collect (GTK_WIDGET (window), GTK_TYPE_LABEL);
    gboolean head = FALSE;

    g_assert_cmpuint (titles->len, ==, 1);
    g_assert_cmpstr (adw_window_title_get_subtitle (titles->pdata[0]), ==, "Alice – Bob · Raumschach");
    for (guint i = 0; i < labels->len; i++)
      head |= g_strcmp0 (gtk_label_get_label (labels->pdata[i]), "Tessera Cup · Berlin · 2026.12.?? · Round 3") == 0;
    g_assert_true (head);
  }

  /* the round trip through both file forms */
  xml = ts_game_to_xml (game, NULL);
  text = ts_game_to_text (game, NULL);
  for (guint form = 0; form < 2; form++)
    {
      g_autoptr(GError) error = NULL;
      const char *data = form ? text : xml;
      g_autoptr(TsGame) back = ts_game_from_data (data, strlen (data), "info", &error);

      g_assert_no_error (error);
      g_assert_cmpstr (ts_game_get_player (back, 0), ==, "Alice");
      g_assert_cmpstr (ts_game_get_field (back, TS_GAME_DATE), ==, "2026.12.??");
      g_assert_cmpstr (ts_game_get_field (back, TS_GAME_RESULT), ==, "1/2-1/2");
      g_assert_cmpstr (ts_game_get_tag (back, "Annotator"), ==, "Carol");
      g_assert_cmpstr (ts_game_get_tag (back, "ECO"), ==, "R01");
      g_assert_null (ts_game_get_tag (back, "Source"));
    }

  /* one undo step */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (ts_game_get_player (game, 0), !=, "Alice");
  g_assert_null (ts_game_get_field (game, TS_GAME_EVENT));
  g_assert_cmpstr (ts_game_get_tag (game, "Source"), ==, "a book");
  g_assert_null (ts_game_get_tag (game, "Annotator"));

  /* nothing changed: Apply makes no edit */
  dialog = open_info (window);
  before = ts_game_revision (game);
  g_assert_true (ts_game_info_dialog_apply (dialog));
  g_assert_cmpuint (ts_game_revision (game), ==, before);
  gtk_window_destroy (GTK_WINDOW (dialog));
  close_window (window);

  /* four players: a score per seat */
  window = new_window ("cubic8-4p", FALSE);
  game = ts_game_session_get_game (tessera_window_get_session (window));
  dialog = open_info (window);
  root = GTK_WIDGET (dialog);
  g_assert_false (gtk_widget_get_visible (named_row (root, "result-choice")));
  set_row (root, "result", "1-0");
  g_assert_false (ts_game_info_dialog_apply (dialog));
  g_assert_true (gtk_widget_has_css_class (named_row (root, "result"), "error"));
  set_row (root, "result", "0-0-1-0");
  set_row (root, "player-3", "Dora");
  g_assert_true (ts_game_info_dialog_apply (dialog));
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_RESULT), ==, "0-0-1-0");
  g_assert_cmpstr (ts_game_get_player (game, 3), ==, "Dora");
  gtk_window_destroy (GTK_WINDOW (dialog));
  close_window (window);
}

static TsGame *
game_from (const char *position_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPosition) p = ts_position_from_text (position_text, &error);

  g_assert_no_error (error);
  return ts_game_new (ts_position_variant (p), p);
}

/* Four seats that took much, in a narrow side pane: every row fits the view's width
 * (compact, then scaled down) — the rows ran past the pane's edge and were cut off. */
static void
test_material_fits (void)
{
  static const char game_text[] =
    "[Variant \"grossraumschach\"]\n[Result \"0-1-0-0\"]\n\n"
    "1. Ux5a1 Bx2a6 Ux2a6 Bx5a1 2. Ux2a6 P@6e2# Bx1a5 Rx1a5 3. 6x6f1=S Ux6f5 Rx1a2\n"
    "Ux1a2 4. Rx1a2 Bx1a2 Rx6f5 Bx6c5+ 5. Bx5a6+ Ex6c5 Ux6a5 Bx6a5 6. Ux6a5 Sx5c1\n"
    "Bx5c1 Rx2a6 7. N@4a6 Bx2f1 Sx4a6 Rx2f1 8. Sx1c2+ Sx6f2# Sx5c6+ Ex5c6 9. S@4b3\n"
    "Sx6d2 Sx6d5+ Sx6d5 0-1-0-0\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(TsGame) game = ts_game_from_data (game_text, strlen (game_text), "test", &error);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ts_material_view_new ();
  const int width = 300;
  gboolean wide = FALSE;

  g_assert_no_error (error);
  ts_game_go_end (game);
  gtk_widget_set_size_request (view, width, -1);
  gtk_widget_set_halign (view, GTK_ALIGN_START);
  gtk_window_set_child (GTK_WINDOW (window), view);
  ts_material_view_set_game (TS_MATERIAL_VIEW (view), game);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  g_assert_cmpint (gtk_widget_get_width (view), ==, width);
  for (guint seat = 0; seat < 4; seat++)
    {
      g_assert_cmpfloat (ts_material_view_get_row_end (TS_MATERIAL_VIEW (view), seat), <=, width);
      /* the game took enough that the rows could not be drawn as they are */
      wide |= ts_material_view_get_row_end (TS_MATERIAL_VIEW (view), seat) > width - 30;
    }
  g_assert_true (wide);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Material: what each seat took, in its owner's kind, and the balance in the engine's
 * values; the window's view follows the cursor. */
static void
test_material (void)
{
  g_autoptr(TsGame) game = game_from ("raumschach w:KAa1,QCc3,PAb2 b:KEe4,RCc4,NEa5 turn=w");
  const TsVariant *v = ts_game_variant (game);
  int rook = ts_variant_piece_type_by_letter (v, 'R'), queen = ts_variant_piece_type_by_letter (v, 'Q');
  int pawn = ts_variant_piece_type_by_letter (v, 'P'), knight = ts_variant_piece_type_by_letter (v, 'N');
  TsMaterial m;
  g_autofree char *plus = NULL;

  ts_material_compute (&m, game, ts_game_current (game));
  g_assert_cmpint (m.balance[0], ==, ts_material_piece_value (v, queen) + ts_material_piece_value (v, pawn) -
                                     ts_material_piece_value (v, rook) - ts_material_piece_value (v, knight));
  g_assert_cmpint (m.balance[1], ==, -m.balance[0]);
  g_assert_nonnull (ts_game_add_move_text (game, "QxCc4", NULL));
  ts_material_compute (&m, game, ts_game_current (game));
  g_assert_cmpuint (m.captured[0][1][rook], ==, 1);
  g_assert_cmpuint (m.captured[1][0][queen], ==, 0);
  g_assert_cmpint (m.material[1], ==, ts_material_piece_value (v, knight));
  g_assert_cmpint (m.balance[0], ==, ts_material_piece_value (v, queen) + ts_material_piece_value (v, pawn) -
                                     ts_material_piece_value (v, knight));
  plus = ts_material_balance_text (&m, 0);
  g_assert_cmpint (plus[0], ==, '+');
  g_assert_cmpint (ts_material_piece_value (v, ts_variant_piece_type_by_letter (v, 'K')), ==, 0);
  /* counted along the cursor's line: back at the start, nothing taken */
  ts_material_compute (&m, game, ts_game_root (game));
  g_assert_cmpuint (m.captured[0][1][rook], ==, 0);

  /* four players with drops: the piece taken goes to the taker's hand and stays its material */
  {
    g_autoptr(TsGame) four = game_from ("grossraumschach r:E1a1,R1b1 o:E6f6,N1b3 g:E6a1 b:E1f6 turn=r");
    const TsVariant *gv = ts_game_variant (four);
    int n = ts_variant_piece_type_by_letter (gv, 'N'), r = ts_variant_piece_type_by_letter (gv, 'R');

    g_assert_nonnull (ts_game_add_move_text (four, "Rx1b3", NULL));
    ts_material_compute (&m, four, ts_game_current (four));
    g_assert_cmpuint (m.captured[0][1][n], ==, 1);
    g_assert_cmpint (m.material[0], ==, ts_material_piece_value (gv, r) + ts_material_piece_value (gv, n));
    g_assert_cmpint (m.material[1], ==, 0);
    /* against the mean of the other three */
    g_assert_cmpint (m.balance[0], ==, m.material[0]);
    g_assert_cmpint (m.balance[1], ==, -m.material[0] / 3);
  }

  /* Doseki: every checker's fate adds up — on the board now = at the start + placed − taken */
  {
    g_autoptr(TsGame) doseki = ts_game_new_random (ts_variant_lookup ("doseki"), 80, 0, FALSE, 5);
    g_autoptr(TsPosition) start = ts_position_copy (ts_game_start_position (doseki));
    guint placed[2] = { 0 }, board_start[2] = { 0 }, board_now[2] = { 0 }, taken = 0;
    TsGameNode *node = ts_game_root (doseki);
    g_autoptr(TsPosition) walk = ts_position_copy (start);

    while (ts_game_node_n_children (node) > 0)
      {
        TsUndo undo;

        node = ts_game_node_child (node, 0);
        if (node->move.flags & TS_MOVE_PLACE)
          placed[ts_position_side_to_move (walk)]++;
        ts_position_make (walk, node->move, &undo);
      }
    ts_game_go_to (doseki, node);
    ts_material_compute (&m, doseki, node);
    g_assert_true (m.doseki);
    for (guint c = 0; c < ts_game_variant (doseki)->geometry.ncells; c++)
      {
        if (ts_position_piece_at (start, c))
          board_start[TS_PIECE_SEAT (ts_position_piece_at (start, c))]++;
        if (ts_position_piece_at (walk, c))
          board_now[TS_PIECE_SEAT (ts_position_piece_at (walk, c))]++;
      }
    for (guint s = 0; s < 2; s++)
      {
        guint by_other = 0;

        for (guint t = 0; t < TS_MAX_PIECE_TYPES; t++)
          by_other += m.captured[1 - s][s][t];
        taken += by_other;
        g_assert_cmpuint (board_now[s], ==, board_start[s] + placed[s] - by_other);
        g_assert_cmpint (m.material[s], ==, (int) (board_now[s] + m.outside[s]));
      }
    g_test_message ("doseki: %u checkers taken in 80 plies", taken);
    g_assert_cmpuint (taken, >, 0);
  }

  /* the window's view beside the board follows the game */
  {
    TesseraWindow *window = new_window ("raumschach", FALSE);
    g_autoptr(GPtrArray) views = widget_test_collect (GTK_WIDGET (window), TS_TYPE_MATERIAL_VIEW);
    g_autofree char *text = NULL;

    g_assert_cmpuint (views->len, ==, 1);
    text = ts_material_view_get_text (views->pdata[0]);
    g_assert_cmpstr (text, ==, "White:\nBlack:");
    close_window (window);
  }
}

static void
collect_nodes (TsGameNode *node, GPtrArray *out)
{
  g_ptr_array_add (out, node);
  for (guint i = 0; i < ts_game_node_n_children (node); i++)
    collect_nodes (ts_game_node_child (node, i), out);
}

/* The line kept between counts says what a count from the start says. */
static void
assert_line_counts (TsMaterialLine *line, TsGame *game, TsGameNode *node)
{
  TsMaterial kept, fresh;

  ts_material_line_count (line, game, node, &kept);
  ts_material_compute (&fresh, game, node);
  g_assert_cmpmem (&kept, sizeof kept, &fresh, sizeof fresh);
}

/* The material view counts a step with one move (ts_material_line_count): wherever the
 * cursor goes (a step either way, into a variation, a jump), after edits that free nodes
 * and add others (at the same addresses, with other moves), and in another game, the
 * counts are the same as counted from the start. */
static void
test_material_line (void)
{
  const char *variants[] = { "raumschach", "grossraumschach", "cubic8-4p", "doseki" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint k = 0; k < G_N_ELEMENTS (variants); k++)
    {
      g_autoptr(TsGame) game = ts_game_new_random (ts_variant_lookup (variants[k]), 120, 30, FALSE, k + 1);
      g_autoptr(TsMaterialLine) line = ts_material_line_new ();
      g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
      TsGameNode *node = ts_game_root (game);
      guint reused = 0;

      collect_nodes (node, nodes);
      for (guint i = 0; i < 400; i++)
        {
          guint r = g_rand_int_range (rand, 0, 10);

          if (r < 5 && ts_game_node_n_children (node) > 0)
            node = ts_game_node_child (node, g_rand_int_range (rand, 0, ts_game_node_n_children (node)));
          else if (r < 8 && node->parent)
            node = node->parent;
          else
            node = nodes->pdata[g_rand_int_range (rand, 0, nodes->len)];
          assert_line_counts (line, game, node);
        }

      /* edits: the moves after a node taken back (freed), others played there */
      for (guint i = 0; i < 20; i++)
        {
          TsGameNode *at, *gone, *played;
          TsMove old;
          TsMoveList legal;
          TsPosition *pos;
          const TsMove *chosen;

          for (at = nodes->pdata[g_rand_int_range (rand, 0, nodes->len)]; ts_game_node_n_children (at) == 0;)
            at = at->parent;
          gone = ts_game_node_child (at, 0);
          old = gone->move;
          assert_line_counts (line, game, gone);
          ts_game_go_to (game, at);
          ts_game_truncate_after (game, at);
          ts_game_clear_undo (game);   /* the nodes after at are freed */
          pos = ts_position_copy (ts_game_position (game));
          ts_move_list_init (&legal);
          ts_position_generate_legal (pos, &legal);
          /* another move, a capture where a move was not one or the other way round if
           * there is one, so that counting the old move gives other figures */
          chosen = NULL;
          for (guint m = 0; m < legal.n; m++)
            if (!ts_move_equal (legal.moves[m], old) &&
                (chosen == NULL || (legal.moves[m].flags & TS_MOVE_CAPTURE) != (old.flags & TS_MOVE_CAPTURE)))
              chosen = &legal.moves[m];
          if (chosen)
            {
              played = ts_game_add_move (game, *chosen);
              reused += played == gone;
              assert_line_counts (line, game, played);
            }
          ts_move_list_clear (&legal);
          g_clear_pointer (&pos, ts_position_free);
          g_ptr_array_set_size (nodes, 0);
          collect_nodes (ts_game_root (game), nodes);
          assert_line_counts (line, game, nodes->pdata[g_rand_int_range (rand, 0, nodes->len)]);
        }
      g_test_message ("%s: a new node at a freed one's address %u times of 20", variants[k], reused);

      /* another game (other nodes), then one from another start */
      {
        g_autoptr(TsGame) other = ts_game_new_random (ts_variant_lookup (variants[k]), 60, 0, FALSE, k + 11);

        ts_game_go_end (other);
        assert_line_counts (line, other, ts_game_current (other));
      }
      if (k == 0)
        {
          g_autoptr(TsGame) setup = game_from ("raumschach w:KAa1,QCc3,PAb2 b:KEe4,RCc4,NEa5 turn=w");

          g_assert_nonnull (ts_game_add_move_text (setup, "QxCc4", NULL));
          assert_line_counts (line, setup, ts_game_current (setup));
        }
    }
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("tessera-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/study/board-gesture", test_board_gesture);
  g_test_add_func ("/study/window-shapes", test_window_shapes);
  g_test_add_func ("/study/flip", test_flip);
  g_test_add_func ("/study/material-fits", test_material_fits);
  g_test_add_func ("/study/engine-arrows", test_engine_arrows);
  g_test_add_func ("/study/export-view", test_export_view);
  g_test_add_func ("/study/new-game-header", test_new_game_header);
  g_test_add_func ("/study/game-info", test_game_info);
  g_test_add_func ("/study/material", test_material);
  g_test_add_func ("/study/material-line", test_material_line);
  return g_test_run ();
}
