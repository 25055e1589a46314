/* TsBoardView: selection, targets in every layer, hover echoes, last move and
 * check marks, promotion chooser, keyboard cursor, drag, Doseki sets. */
#include <adwaita.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#include <string.h>

#include "board-view.h"
#include "board-test.h"
#include "rules/notation.h"

typedef struct {
  GtkWidget   *window;
  TsBoardView *view;
  TsMove       played;
  guint        n_played;
} Fixture;

static void
on_move_played (TsBoardView *view, const TsMove *move, Fixture *f)
{
  f->played = *move;
  f->n_played++;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  const TsVariant *v = ts_variant_lookup (data ? data : "raumschach");
  g_autoptr(TsPosition) p = NULL;

  memset (f, 0, sizeof *f);
  f->window = board_test_window_new ((GtkWidget **) &f->view, 1000, 600);
  g_signal_connect (f->view, "move-played", G_CALLBACK (on_move_played), f);
  if (v)
    {
      p = ts_position_new_initial (v);
      ts_board_view_set_position (f->view, p);
    }
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  board_test_destroy_window (f->window, GTK_WIDGET (f->view));
}

#define cell(view, name) board_test_cell (view, name)

static guint16 *
marks_of (TsBoardView *view)
{
  guint16 *marks = g_new0 (guint16, TS_MAX_CELLS);

  ts_board_view_get_marks (view, marks);
  return marks;
}

static void
test_select_shows_targets (Fixture *f, gconstpointer data)
{
  const TsPosition *p = ts_board_view_get_position (f->view);
  const TsVariant *v = ts_position_variant (p);
  g_autoptr(TsPosition) work = ts_position_copy (p);
  g_autofree guint16 *marks = NULL;
  TsCell knight = cell (f->view, "Ab1");
  gboolean expected[TS_MAX_CELLS] = { FALSE };
  gboolean layer_has_target[TS_MAX_SIZE * TS_MAX_SIZE] = { FALSE };
  guint n_layers_with_targets = 0;
  TsMoveList legal;

  ts_move_list_init (&legal);
  ts_position_generate_legal (work, &legal);
  for (guint i = 0; i < legal.n; i++)
    if (legal.moves[i].from == knight)
      expected[legal.moves[i].to] = TRUE;
  ts_move_list_clear (&legal);

  ts_board_view_activate_cell (f->view, knight);
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, knight);
  marks = marks_of (f->view);
  g_assert_true (marks[knight] & TS_CELL_MARK_SELECTED);
  for (TsCell c = 0; c < (TsCell) v->geometry.ncells; c++)
    {
      gboolean target = (marks[c] & (TS_CELL_MARK_TARGET | TS_CELL_MARK_CAPTURE)) != 0;
      g_assert_cmpint (target, ==, expected[c]);
      if (target)
        {
          guint layer, file, rank;
          ts_variant_cell_layer (v, c, &layer, &file, &rank);
          if (!layer_has_target[layer])
            n_layers_with_targets++;
          layer_has_target[layer] = TRUE;
        }
    }
  /* the knight on Ab1 reaches levels A, B and C */
  g_assert_cmpuint (n_layers_with_targets, ==, 3);

  /* clicking an empty non-target cell drops the selection */
  ts_board_view_activate_cell (f->view, cell (f->view, "Ce5"));
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, TS_NO_CELL);
  g_assert_cmpuint (f->n_played, ==, 0);
}

static void
test_click_click_plays (Fixture *f, gconstpointer data)
{
  TsCell from = cell (f->view, "Ab1"), to = cell (f->view, "Ac3");

  ts_board_view_activate_cell (f->view, from);
  ts_board_view_activate_cell (f->view, to);
  g_assert_cmpuint (f->n_played, ==, 1);
  g_assert_cmpint (f->played.from, ==, from);
  g_assert_cmpint (f->played.to, ==, to);
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, TS_NO_CELL);
  /* the view waits for its owner to set the new position */
  g_assert_cmpint (ts_position_piece_at (ts_board_view_get_position (f->view), from), !=, 0);

  /* clicking another of one's pieces moves the selection to it */
  ts_board_view_activate_cell (f->view, from);
  ts_board_view_activate_cell (f->view, cell (f->view, "Ad1"));
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, cell (f->view, "Ad1"));
  /* and clicking it again deselects */
  ts_board_view_activate_cell (f->view, cell (f->view, "Ad1"));
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, TS_NO_CELL);
  g_assert_cmpuint (f->n_played, ==, 1);
}

static void
test_drag_and_drop (Fixture *f, gconstpointer data)
{
  TsCell from = cell (f->view, "Ab1");

  /* onto a cell the knight cannot reach: no move, the knight stays selected */
  ts_board_view_drop_piece (f->view, from, cell (f->view, "Ab2"));
  g_assert_cmpuint (f->n_played, ==, 0);
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, from);
  ts_board_view_drop_piece (f->view, from, cell (f->view, "Bb3"));
  g_assert_cmpuint (f->n_played, ==, 1);
  g_assert_cmpint (f->played.to, ==, cell (f->view, "Bb3"));
}

static void
test_hover_echo (Fixture *f, gconstpointer data)
{
  const TsVariant *v = ts_position_variant (ts_board_view_get_position (f->view));
  g_autofree guint16 *marks = NULL;
  TsCell hover = cell (f->view, "Cc3");
  guint n_echo = 0;

  ts_board_view_set_hover (f->view, hover);
  marks = marks_of (f->view);
  g_assert_true (marks[hover] & TS_CELL_MARK_HOVER);
  for (TsCell c = 0; c < (TsCell) v->geometry.ncells; c++)
    if (marks[c] & TS_CELL_MARK_ECHO)
      {
        char name[8];
        ts_variant_cell_name (v, c, name);
        /* the same file and rank on another level */
        g_assert_cmpstr (name + 1, ==, "c3");
        g_assert_cmpint (c, !=, hover);
        n_echo++;
      }
  g_assert_cmpuint (n_echo, ==, 4);
}

/* Hover by pointer position: the layout's hit test under the widget. */
static void
test_layout_hit (Fixture *f, gconstpointer data)
{
  const TsBoardLayout *layout = ts_board_view_get_layout (f->view);
  TsCell c = cell (f->view, "Dd4");
  double x, y, s;

  g_assert_cmpfloat (layout->cell, >, 10);
  g_assert_true (ts_board_layout_cell_rect (layout, c, &x, &y, &s));
  g_assert_cmpfloat (x + s, <=, gtk_widget_get_width (GTK_WIDGET (f->view)));
  g_assert_cmpint (ts_board_layout_cell_at (layout, x + s / 2, y + s / 2), ==, c);
}

static TsPosition *
position_with (const char *variant, const char *const *pieces, guint side)
{
  const TsVariant *v = ts_variant_lookup (variant);
  TsPosition *p = ts_position_new_empty (v);

  /* pieces: "W" or "B", a piece letter and a cell, "WKAa1" */
  for (guint i = 0; pieces[i]; i++)
    {
      guint seat = pieces[i][0] == 'W' ? 0 : 1;
      int type = ts_variant_piece_type_by_letter (v, pieces[i][1]);
      g_assert_cmpint (type, >=, 0);
      ts_position_set_piece (p, ts_variant_parse_cell (v, pieces[i] + 2, NULL),
                             TS_PIECE_MAKE (seat, type));
    }
  ts_position_set_side_to_move (p, side);
  return p;
}

static void
test_last_move_and_check (Fixture *f, gconstpointer data)
{
  const char *pieces[] = { "WKAa1", "WRAe3", "BKEe5", NULL };
  g_autoptr(TsPosition) before = position_with ("raumschach", pieces, 0);
  g_autoptr(TsPosition) after = ts_position_copy (before);
  g_autofree guint16 *marks = NULL;
  TsMove move;
  TsUndo undo;
  g_autoptr(GError) error = NULL;

  /* the rook climbs to level E and checks the king along the e file */
  g_assert_true (ts_move_parse (after, "RAe3-Ee3", &move, &error));
  g_assert_no_error (error);
  ts_position_make (after, move, &undo);
  g_assert_true (ts_position_in_check (after));

  ts_board_view_set_position (f->view, after);
  ts_board_view_set_last_move (f->view, before, &move);
  marks = marks_of (f->view);
  g_assert_true (marks[cell (f->view, "Ae3")] & TS_CELL_MARK_LAST_MOVE);
  g_assert_true (marks[cell (f->view, "Ee3")] & TS_CELL_MARK_LAST_MOVE);
  g_assert_true (marks[cell (f->view, "Ee5")] & TS_CELL_MARK_CHECK);
  g_assert_false (marks[cell (f->view, "Aa1")] & TS_CELL_MARK_CHECK);
  g_clear_pointer (&marks, g_free);

  ts_board_view_set_last_move (f->view, NULL, NULL);
  marks = marks_of (f->view);
  g_assert_false (marks[cell (f->view, "Ae3")] & TS_CELL_MARK_LAST_MOVE);
}

static void
test_promotion_chooser (Fixture *f, gconstpointer data)
{
  const char *pieces[] = { "WKAa1", "WPEa4", "BKCc3", NULL };
  g_autoptr(TsPosition) p = position_with ("raumschach", pieces, 0);
  const TsVariant *v = ts_position_variant (p);
  int unicorn = ts_variant_piece_type_by_letter (v, 'U');

  ts_board_view_set_position (f->view, p);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
  ts_board_view_activate_cell (f->view, cell (f->view, "Ea4"));
  ts_board_view_activate_cell (f->view, cell (f->view, "Ea5"));
  g_assert_cmpuint (f->n_played, ==, 0);
  g_assert_true (ts_board_view_is_choosing_promotion (f->view));
  gtk_widget_activate_action (GTK_WIDGET (f->view), "board.promote", "i", unicorn);
  g_assert_cmpuint (f->n_played, ==, 1);
  g_assert_cmpint (f->played.promo, ==, unicorn);
  g_assert_cmpint (f->played.to, ==, cell (f->view, "Ea5"));
  g_assert_false (ts_board_view_is_choosing_promotion (f->view));
}

static void
test_keyboard_cursor (Fixture *f, gconstpointer data)
{
  GtkWidget *w = GTK_WIDGET (f->view);

  gtk_widget_grab_focus (w);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, TS_NO_CELL);
  /* the first key shows the cursor on the first layer's a1 */
  gtk_widget_activate_action (w, "board.cursor-right", NULL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, cell (f->view, "Aa1"));
  gtk_widget_activate_action (w, "board.cursor-right", NULL);
  gtk_widget_activate_action (w, "board.cursor-up", NULL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, cell (f->view, "Ab2"));
  gtk_widget_activate_action (w, "board.layer-next", NULL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, cell (f->view, "Bb2"));
  {
    /* screen readers hear the cell and its piece */
    g_autofree char *error = gtk_test_accessible_check_property (
      GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Bb2, White Pawn");
    g_assert_null (error);
  }
  gtk_widget_activate_action (w, "board.layer-prev", NULL);
  gtk_widget_activate_action (w, "board.layer-prev", NULL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, cell (f->view, "Eb2"));
  gtk_widget_activate_action (w, "board.layer-next", NULL);
  gtk_widget_activate_action (w, "board.layer-next", NULL);
  /* Enter selects the pawn under the cursor, Escape drops it */
  gtk_widget_activate_action (w, "board.activate", NULL);
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, cell (f->view, "Bb2"));
  g_autofree guint16 *marks = marks_of (f->view);
  g_assert_true (marks[cell (f->view, "Bb2")] & TS_CELL_MARK_CURSOR);
  gtk_widget_activate_action (w, "board.cancel", NULL);
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, TS_NO_CELL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, cell (f->view, "Bb2"));
  /* Escape again, nothing selected: the cursor is put away */
  gtk_widget_activate_action (w, "board.cancel", NULL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, TS_NO_CELL);

  /* past the right edge of a level, the cursor walks into the next grid */
  ts_board_view_set_cursor (f->view, cell (f->view, "Ae3"));
  gtk_widget_activate_action (w, "board.cursor-right", NULL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, cell (f->view, "Ba3"));
  gtk_widget_activate_action (w, "board.cursor-left", NULL);
  g_assert_cmpint (ts_board_view_get_cursor (f->view), ==, cell (f->view, "Ae3"));

  /* a move by keyboard alone */
  ts_board_view_set_cursor (f->view, cell (f->view, "Ab1"));
  gtk_widget_activate_action (w, "board.activate", NULL);
  ts_board_view_set_cursor (f->view, cell (f->view, "Ac3"));
  gtk_widget_activate_action (w, "board.activate", NULL);
  g_assert_cmpuint (f->n_played, ==, 1);
  g_assert_cmpint (f->played.from, ==, cell (f->view, "Ab1"));
  g_assert_cmpint (f->played.to, ==, cell (f->view, "Ac3"));
}

static void
test_not_interactive (Fixture *f, gconstpointer data)
{
  ts_board_view_set_interactive (f->view, FALSE);
  ts_board_view_activate_cell (f->view, cell (f->view, "Ab1"));
  g_assert_cmpint (ts_board_view_get_selected (f->view), ==, TS_NO_CELL);
  ts_board_view_drop_piece (f->view, cell (f->view, "Ab1"), cell (f->view, "Ab3"));
  g_assert_cmpuint (f->n_played, ==, 0);
  g_assert_false (ts_board_view_get_interactive (f->view));
}

/* Every variant draws in the widget (a snapshot with marks everywhere). */
static void
test_every_variant_draws (Fixture *f, gconstpointer data)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (list[i]);
      ts_board_view_set_position (f->view, p);
      ts_board_view_set_hover (f->view, ts_variant_layer_cell (list[i], 0, 1, 1));
      gtk_widget_queue_draw (GTK_WIDGET (f->view));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
      g_assert_cmpfloat (ts_board_view_get_layout (f->view)->cell, >, 4);
      g_assert_true (ts_board_view_get_layout (f->view)->variant == list[i]);
    }
}

static void
test_doseki_set (Fixture *f, gconstpointer data)
{
  g_autofree guint16 *marks = NULL;
  TsCell set[8];
  TsCell a2, b2;

  if (!ts_board_view_get_position (f->view))
    {
      g_test_skip ("doseki is not in the variant registry yet");
      return;
    }
  a2 = cell (f->view, "Ea2");
  b2 = cell (f->view, "Eb2");
  ts_board_view_activate_cell (f->view, a2);
  g_assert_cmpuint (ts_board_view_get_doseki_set (f->view, set), ==, 1);
  /* a single checker (a pawn) steps forward to the empty Ea3 */
  marks = marks_of (f->view);
  g_assert_true (marks[a2] & TS_CELL_MARK_SELECTED);
  g_assert_true (marks[cell (f->view, "Ea3")] & TS_CELL_MARK_TARGET);
  g_clear_pointer (&marks, g_free);

  /* extend with a neighbour: a dicube (horse), which goes two steps */
  ts_board_view_activate_cell (f->view, b2);
  g_assert_cmpuint (ts_board_view_get_doseki_set (f->view, set), ==, 2);
  marks = marks_of (f->view);
  g_assert_true (marks[cell (f->view, "Ea4")] & TS_CELL_MARK_TARGET);
  g_assert_true (marks[b2] & TS_CELL_MARK_SELECTED);
  g_clear_pointer (&marks, g_free);
  /* hovering a target previews where the whole set lands */
  ts_board_view_set_hover (f->view, cell (f->view, "Ea4"));
  marks = marks_of (f->view);
  g_assert_true (marks[cell (f->view, "Eb4")] & TS_CELL_MARK_PREVIEW);
  g_clear_pointer (&marks, g_free);

  /* shrink back, then play the pawn */
  ts_board_view_activate_cell (f->view, b2);
  g_assert_cmpuint (ts_board_view_get_doseki_set (f->view, set), ==, 1);
  ts_board_view_activate_cell (f->view, cell (f->view, "Ea3"));
  g_assert_cmpuint (f->n_played, ==, 1);
  g_assert_cmpint (f->played.from, ==, a2);
  g_assert_cmpint (f->played.to, ==, cell (f->view, "Ea3"));
}

/* Grossraumschach: a piece from hand is dropped by arming its type, then
 * clicking an empty cell. */
static void
test_drop_from_hand (Fixture *f, gconstpointer data)
{
  const TsVariant *v = ts_variant_lookup ("grossraumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  g_autofree guint16 *marks = NULL;
  int rook = ts_variant_piece_type_by_letter (v, 'R');
  TsCell target;

  ts_position_set_hand_count (p, 0, rook, 1);
  ts_board_view_set_position (f->view, p);
  target = cell (f->view, "3c3");
  /* unarmed, a click on an empty cell does nothing */
  ts_board_view_activate_cell (f->view, target);
  g_assert_cmpuint (f->n_played, ==, 0);

  ts_board_view_set_drop_type (f->view, rook);
  marks = marks_of (f->view);
  g_assert_true (marks[target] & TS_CELL_MARK_TARGET);
  g_assert_false (marks[cell (f->view, "1a6")] & TS_CELL_MARK_TARGET);   /* occupied */
  ts_board_view_activate_cell (f->view, target);
  g_assert_cmpuint (f->n_played, ==, 1);
  g_assert_true (f->played.flags & TS_MOVE_DROP);
  g_assert_cmpint (f->played.piece, ==, rook);
  g_assert_cmpint (f->played.to, ==, target);
}

/* Copy Image: the diagram as a texture of the asked width. */
static void
test_diagram_texture (Fixture *f, gconstpointer data)
{
  TsBoardRenderOptions o;
  g_autoptr(GdkTexture) texture = NULL;

  ts_board_render_options_init (&o, ts_board_view_get_position (f->view));
  o.caption = "Copy";
  texture = ts_board_diagram_texture (&o, 500);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 500);
  g_assert_cmpint (gdk_texture_get_height (texture), >, 50);
  g_assert_cmpint (gdk_texture_get_height (texture), <, 500);
}

/* ---- real pointer events, sent to the X server with xdotool ---- */

/* Waits until the X server's events have reached the view; the 30 s are only a ceiling
 * for a test that failed (the events come in milliseconds), never a wait. */
static gboolean
wait_for (Fixture *f, guint n_played, TsCell hover)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      g_autofree guint16 *marks = NULL;
      g_main_context_iteration (NULL, FALSE);
      if (hover != TS_NO_CELL)
        {
          marks = marks_of (f->view);
          if (marks[hover] & TS_CELL_MARK_HOVER)
            return TRUE;
        }
      else if (f->n_played >= n_played)
        return TRUE;
      g_usleep (2000);
    }
  return FALSE;
}

static void
xdotool (Fixture *f, const char *command, TsCell at)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));
  const TsBoardLayout *layout = ts_board_view_get_layout (f->view);
  graphene_point_t p;
  double x, y, s, sx, sy;
  g_autofree char *line = NULL;
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_true (ts_board_layout_cell_rect (layout, at, &x, &y, &s));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (f->view), GTK_WIDGET (f->window),
                                           &GRAPHENE_POINT_INIT (x + s / 2, y + s / 2), &p));
  gtk_native_get_surface_transform (GTK_NATIVE (f->window), &sx, &sy);
  line = g_strdup_printf ("xdotool mousemove --window %lu %d %d %s",
                          (gulong) gdk_x11_surface_get_xid (surface), (int) (p.x + sx),
                          (int) (p.y + sy), command);
  g_assert_true (g_shell_parse_argv (line, NULL, &argv, NULL));
  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
#endif
}

static void
test_pointer (Fixture *f, gconstpointer data)
{
  g_autofree char *xdotool_path = g_find_program_in_path ("xdotool");

#ifdef GDK_WINDOWING_X11
  if (!GDK_IS_X11_SURFACE (gtk_native_get_surface (GTK_NATIVE (f->window))) || !xdotool_path)
#endif
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  /* hovering a cell echoes it in every layer */
  xdotool (f, "", cell (f->view, "Cc3"));
  g_assert_true (wait_for (f, 0, cell (f->view, "Cc3")));
  {
    g_autofree guint16 *marks = marks_of (f->view);
    g_assert_true (marks[cell (f->view, "Ec3")] & TS_CELL_MARK_ECHO);
  }
  /* click, click */
  xdotool (f, "click 1", cell (f->view, "Ab1"));
  g_assert_true (wait_for (f, 0, cell (f->view, "Ab1")));
  xdotool (f, "click 1", cell (f->view, "Ac3"));
  g_assert_true (wait_for (f, 1, TS_NO_CELL));
  g_assert_cmpint (f->played.from, ==, cell (f->view, "Ab1"));
  g_assert_cmpint (f->played.to, ==, cell (f->view, "Ac3"));
  /* drag and drop onto another level */
  xdotool (f, "mousedown 1", cell (f->view, "Ad1"));
  xdotool (f, "", cell (f->view, "Bd2"));
  xdotool (f, "", cell (f->view, "Bd3"));
  xdotool (f, "mouseup 1", cell (f->view, "Bd3"));
  g_assert_true (wait_for (f, 2, TS_NO_CELL));
  g_assert_cmpint (f->played.from, ==, cell (f->view, "Ad1"));
  g_assert_cmpint (f->played.to, ==, cell (f->view, "Bd3"));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func, data) \
  g_test_add ("/board-view/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("select-shows-targets", test_select_shows_targets, NULL);
  ADD ("click-click-plays", test_click_click_plays, NULL);
  ADD ("drag-and-drop", test_drag_and_drop, NULL);
  ADD ("hover-echo", test_hover_echo, NULL);
  ADD ("layout-hit", test_layout_hit, NULL);
  ADD ("last-move-and-check", test_last_move_and_check, NULL);
  ADD ("promotion-chooser", test_promotion_chooser, NULL);
  ADD ("keyboard-cursor", test_keyboard_cursor, NULL);
  ADD ("not-interactive", test_not_interactive, NULL);
  ADD ("every-variant-draws", test_every_variant_draws, NULL);
  ADD ("doseki-set", test_doseki_set, "doseki");
  ADD ("pointer", test_pointer, NULL);
  ADD ("drop-from-hand", test_drop_from_hand, NULL);
  ADD ("diagram-texture", test_diagram_texture, NULL);
#undef ADD
  return g_test_run ();
}
