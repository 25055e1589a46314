/* TsBoardView's input: selection, clicks, drag and drop, the promotion chooser and the
 * keyboard cursor. */
#include "board-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "doseki/doseki.h"
#include "rules/geometry.h"

#include "board-view-private.h"

void
ts_board_view_clear_selection (TsBoardView *self)
{
  self->selected = TS_NO_CELL;
  self->n_set = 0;
  self->primary = TS_NO_CELL;
  self->dragging = FALSE;
  if (self->promo_popover && gtk_widget_get_visible (self->promo_popover))
    gtk_popover_popdown (GTK_POPOVER (self->promo_popover));
  self->n_promo = 0;
}

static gboolean
is_mover (TsBoardView *self, TsCell cell)
{
  for (guint i = 0; i < self->legal.n; i++)
    if (self->legal.moves[i].from == cell)
      return TRUE;
  return FALSE;
}

static gboolean
own_checker (TsBoardView *self, TsCell cell)
{
  TsPiece q;

  if (!self->position || cell == TS_NO_CELL)
    return FALSE;
  q = ts_position_piece_at (self->position, cell);
  return q != 0 && TS_PIECE_SEAT (q) == ts_position_side_to_move (self->position);
}

static void
play (TsBoardView *self, TsMove m)
{
  /* a piece dropped on its target is there already: it does not slide again */
  self->dragged_move = m;
  self->dragged_valid = self->in_drop;
  ts_board_view_clear_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, ts_board_view_signals[MOVE_PLAYED], 0, &m);
}

static void
promo_button_clicked (GtkButton *button, TsBoardView *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "promo-index"));

  if (i < self->n_promo)
    play (self, self->promo_moves[i]);
}

static void
draw_promo_piece (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  TsBoardView *self = data;
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "promo-index"));
  const TsVariant *v;

  if (!self->position || i >= self->n_promo)
    return;
  v = ts_position_variant (self->position);
  ts_board_draw_piece (cr, v, self->piece_style, NULL, self->promo_moves[i].promo,
                       ts_position_side_to_move (self->position), 1.0, 0, 0, MIN (width, height));
}

static void
open_promotion (TsBoardView *self, TsCell to)
{
  const TsVariant *v = ts_position_variant (self->position);
  GtkWidget *child;
  double x, y, s;

  while ((child = gtk_widget_get_first_child (self->promo_box)))
    gtk_box_remove (GTK_BOX (self->promo_box), child);
  for (guint i = 0; i < self->n_promo; i++)
    {
      GtkWidget *button = gtk_button_new ();
      GtkWidget *area = gtk_drawing_area_new ();
      guint type = self->promo_moves[i].promo;

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 48);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 48);
      g_object_set_data (G_OBJECT (area), "promo-index", GUINT_TO_POINTER (i));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_promo_piece, self, NULL);
      gtk_button_set_child (GTK_BUTTON (button), area);
      g_object_set_data (G_OBJECT (button), "promo-index", GUINT_TO_POINTER (i));
      if (type < v->n_piece_types)
        {
          gtk_widget_set_tooltip_text (button, _(v->piece_types[type].name));
          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _(v->piece_types[type].name), -1);
        }
      g_signal_connect (button, "clicked", G_CALLBACK (promo_button_clicked), self);
      gtk_box_append (GTK_BOX (self->promo_box), button);
    }
  if (ts_board_layout_cell_rect (&self->layout, to, &x, &y, &s))
    gtk_popover_set_pointing_to (GTK_POPOVER (self->promo_popover),
                                 &(GdkRectangle) { (int) x, (int) y, (int) s, (int) s });
  gtk_popover_popup (GTK_POPOVER (self->promo_popover));
}

/* Plays from the selected piece to cell, asking for the promotion piece if
 * there is a choice. Returns FALSE if no legal move goes there. */
static gboolean
try_chess_move (TsBoardView *self, TsCell from, TsCell to)
{
  TsMove first = { 0 };
  guint n = 0;

  self->n_promo = 0;
  for (guint i = 0; i < self->legal.n; i++)
    {
      TsMove m = self->legal.moves[i];
      if (m.from != from || m.to != to)
        continue;
      if (n++ == 0)
        first = m;
      if (m.promo != TS_NO_PROMO && self->n_promo < G_N_ELEMENTS (self->promo_moves))
        self->promo_moves[self->n_promo++] = m;
    }
  if (n == 0)
    return FALSE;
  if (self->n_promo > 1)
    {
      open_promotion (self, to);
      return TRUE;
    }
  play (self, first);
  return TRUE;
}

static gboolean
try_drop (TsBoardView *self, TsCell to)
{
  if (self->drop_type < 0)
    return FALSE;
  for (guint i = 0; i < self->legal.n; i++)
    {
      TsMove m = self->legal.moves[i];
      if (m.from == TS_NO_CELL && m.to == to && (m.flags & (TS_MOVE_DROP | TS_MOVE_PLACE)) &&
          ((m.flags & TS_MOVE_PLACE) || m.piece == self->drop_type))
        {
          play (self, m);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
try_doseki_move (TsBoardView *self, TsCell to)
{
  if (self->n_set == 0 || self->primary == TS_NO_CELL)
    return FALSE;
  for (guint i = 0; i < self->legal.n; i++)
    if (ts_board_view_set_matches (self, i) && ts_board_view_doseki_target (self, i) == to)
      {
        play (self, self->legal.moves[i]);
        return TRUE;
      }
  return FALSE;
}

static gboolean
face_adjacent (const TsGeometry *g, TsCell a, TsCell b)
{
  int ca[TS_MAX_DIMS], cb[TS_MAX_DIMS], d = 0;

  ts_geometry_coords (g, a, ca);
  ts_geometry_coords (g, b, cb);
  for (guint i = 0; i < TS_MAX_DIMS; i++)
    d += ABS (ca[i] - cb[i]);
  return d == 1;
}

static void
doseki_click (TsBoardView *self, TsCell cell)
{
  const TsGeometry *g = &ts_position_variant (self->position)->geometry;
  gboolean adjacent = FALSE;

  if (try_doseki_move (self, cell) || (self->n_set == 0 && try_drop (self, cell)))
    return;
  if (!own_checker (self, cell))
    {
      ts_board_view_clear_selection (self);
      return;
    }
  for (guint i = 0; i < self->n_set; i++)
    {
      if (self->set[i] == cell)
        {
          /* shrink */
          memmove (&self->set[i], &self->set[i + 1], (self->n_set - i - 1) * sizeof (TsCell));
          self->n_set--;
          if (self->primary == cell)
            self->primary = self->n_set > 0 ? self->set[0] : TS_NO_CELL;
          return;
        }
      adjacent |= face_adjacent (g, self->set[i], cell);
    }
  if (adjacent && self->n_set < MAX_SET)
    {
      self->set[self->n_set++] = cell;
      return;
    }
  /* a checker apart from the set starts a new one */
  self->set[0] = cell;
  self->n_set = 1;
  self->primary = cell;
}

void
ts_board_view_activate_cell (TsBoardView *self, TsCell cell)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (!self->position || !self->interactive || cell == TS_NO_CELL)
    return;
  if (ts_board_view_is_doseki (self))
    doseki_click (self, cell);
  else if (self->selected != TS_NO_CELL && cell != self->selected &&
           try_chess_move (self, self->selected, cell))
    ;
  else if (self->selected == TS_NO_CELL && try_drop (self, cell))
    ;
  else if (cell != self->selected && is_mover (self, cell))
    self->selected = cell;
  else
    ts_board_view_clear_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void drop_piece (TsBoardView *self, TsCell from, TsCell to);

void
ts_board_view_drop_piece (TsBoardView *self, TsCell from, TsCell to)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (!self->position || !self->interactive || from == TS_NO_CELL)
    return;
  self->in_drop = TRUE;
  drop_piece (self, from, to);
  self->in_drop = FALSE;
}

static void
drop_piece (TsBoardView *self, TsCell from, TsCell to)
{
  if (ts_board_view_is_doseki (self))
    {
      gboolean in_set = FALSE;
      for (guint i = 0; i < self->n_set; i++)
        in_set |= self->set[i] == from;
      if (!in_set && own_checker (self, from))
        {
          self->set[0] = from;
          self->n_set = 1;
        }
      self->primary = from;
      if (to == TS_NO_CELL || !try_doseki_move (self, to))
        gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (to != TS_NO_CELL && try_chess_move (self, from, to))
    return;
  /* a drop on no target leaves the piece selected */
  self->selected = is_mover (self, from) ? from : TS_NO_CELL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- pointer ---- */

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, TsBoardView *self)
{
  ts_board_view_set_hover (self, ts_board_layout_cell_at (&self->layout, x, y));
}

static void
leave_cb (GtkEventControllerMotion *motion, TsBoardView *self)
{
  ts_board_view_set_hover (self, TS_NO_CELL);
}

static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, TsBoardView *self)
{
  TsCell cell = ts_board_layout_cell_at (&self->layout, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor_visible = FALSE;
  self->press_cell = cell;
  self->press_x = self->drag_x = x;
  self->press_y = self->drag_y = y;
  self->dragging = FALSE;
  self->press_selected = FALSE;
  if (!self->interactive || cell == TS_NO_CELL)
    return;
  /* pressing on a movable piece selects it at once, as a drag may follow */
  if (!ts_board_view_is_doseki (self) && cell != self->selected && is_mover (self, cell))
    {
      self->selected = cell;
      self->press_selected = TRUE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, TsBoardView *self)
{
  gboolean movable;

  self->drag_x = self->press_x + dx;
  self->drag_y = self->press_y + dy;
  movable = ts_board_view_is_doseki (self) ? own_checker (self, self->press_cell)
                             : self->selected == self->press_cell;
  if (!self->dragging && self->interactive && movable && self->press_cell != TS_NO_CELL &&
      dx * dx + dy * dy > DRAG_THRESHOLD * DRAG_THRESHOLD)
    {
      self->dragging = TRUE;
      if (ts_board_view_is_doseki (self))
        {
          gboolean in_set = FALSE;
          for (guint i = 0; i < self->n_set; i++)
            in_set |= self->set[i] == self->press_cell;
          if (!in_set)
            {
              self->set[0] = self->press_cell;
              self->n_set = 1;
            }
          self->primary = self->press_cell;
        }
    }
  if (self->dragging)
    {
      ts_board_view_set_hover (self, ts_board_layout_cell_at (&self->layout, self->drag_x,
                                                              self->drag_y));
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, TsBoardView *self)
{
  TsCell press = self->press_cell;

  if (self->dragging)
    {
      TsCell to = ts_board_layout_cell_at (&self->layout, self->press_x + dx, self->press_y + dy);
      self->dragging = FALSE;
      ts_board_view_drop_piece (self, press, to);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (press == TS_NO_CELL || !self->interactive)
    return;
  /* a plain click; the press may already have selected the piece */
  if (!self->press_selected)
    ts_board_view_activate_cell (self, press);
}

/* ---- keyboard ---- */

/* Screen readers hear what is under the keyboard cursor. */
static void
describe_cursor (TsBoardView *self)
{
  const TsVariant *v;
  g_autofree char *text = NULL;
  char name[8];
  TsPiece q;

  if (!self->position || self->cursor == TS_NO_CELL)
    return;
  v = ts_position_variant (self->position);
  ts_variant_cell_name (v, self->cursor, name);
  q = ts_position_piece_at (self->position, self->cursor);
  if (q != 0 && TS_PIECE_SEAT (q) < v->n_seats && TS_PIECE_TYPE (q) < v->n_piece_types)
    /* TRANSLATORS: a cell, the army and the piece on it: "Ab1, White Knight" */
    text = g_strdup_printf (_("%s, %s %s"), name, _(v->seat_names[TS_PIECE_SEAT (q)]),
                            _(v->piece_types[TS_PIECE_TYPE (q)].name));
  else
    /* TRANSLATORS: an empty cell: "Ab3, empty" */
    text = g_strdup_printf (_("%s, empty"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

static void
cursor_start (TsBoardView *self)
{
  if (self->cursor == TS_NO_CELL && self->position)
    self->cursor = ts_variant_layer_cell (ts_position_variant (self->position), 0, 0, 0);
  self->cursor_visible = TRUE;
  describe_cursor (self);
}

/* Moves the cursor one cell on screen, crossing into the next layer grid. */
static void
cursor_step (TsBoardView *self, int dx, int dy)
{
  double x, y, s;

  if (!self->position)
    return;
  if (!self->cursor_visible || self->cursor == TS_NO_CELL)
    {
      cursor_start (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (!ts_board_layout_cell_rect (&self->layout, self->cursor, &x, &y, &s))
    return;
  x += s / 2;
  y += s / 2;
  for (double d = s; d < MAX (self->layout.width, self->layout.height); d += s / 4)
    {
      TsCell c = ts_board_layout_cell_at (&self->layout, x + dx * d, y + dy * d);
      if (c != TS_NO_CELL && c != self->cursor)
        {
          self->cursor = c;
          break;
        }
    }
  describe_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
cursor_layer (TsBoardView *self, int delta)
{
  const TsVariant *v;
  guint layer, file, rank, n;

  if (!self->position)
    return;
  cursor_start (self);
  v = ts_position_variant (self->position);
  n = ts_variant_n_layers (v);
  ts_variant_cell_layer (v, self->cursor, &layer, &file, &rank);
  layer = (layer + n + delta) % n;
  self->cursor = ts_variant_layer_cell (v, layer, file, rank);
  describe_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
action_cursor (GtkWidget *widget, const char *name, GVariant *param)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);

  if (g_str_equal (name, "board.cursor-left"))
    cursor_step (self, -1, 0);
  else if (g_str_equal (name, "board.cursor-right"))
    cursor_step (self, 1, 0);
  else if (g_str_equal (name, "board.cursor-up"))
    cursor_step (self, 0, -1);
  else if (g_str_equal (name, "board.cursor-down"))
    cursor_step (self, 0, 1);
  else if (g_str_equal (name, "board.layer-next"))
    cursor_layer (self, 1);
  else if (g_str_equal (name, "board.layer-prev"))
    cursor_layer (self, -1);
}

static void
action_activate (GtkWidget *widget, const char *name, GVariant *param)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);

  if (!self->cursor_visible || self->cursor == TS_NO_CELL)
    {
      cursor_start (self);
      gtk_widget_queue_draw (widget);
      return;
    }
  ts_board_view_activate_cell (self, self->cursor);
}

static void
action_cancel (GtkWidget *widget, const char *name, GVariant *param)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);

  if (ts_board_view_shapes_cancel (self))
    ;
  /* with nothing selected, Escape puts the keyboard cursor away: the arrow keys walk the
   * game again */
  else if (self->selected == TS_NO_CELL && self->n_set == 0)
    self->cursor_visible = FALSE;
  else
    ts_board_view_clear_selection (self);
  gtk_widget_queue_draw (widget);
}

static void
action_promote (GtkWidget *widget, const char *name, GVariant *param)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);
  int type = g_variant_get_int32 (param);

  for (guint i = 0; i < self->n_promo; i++)
    if (self->promo_moves[i].promo == type)
      {
        play (self, self->promo_moves[i]);
        return;
      }
}

static void
promo_closed_cb (GtkPopover *popover, TsBoardView *self)
{
  self->n_promo = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
focus_changed_cb (GtkEventControllerFocus *focus, TsBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_board_view_set_drop_type (TsBoardView *self, int type)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  self->drop_type = type < 0 ? -1 : type;
  ts_board_view_clear_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

TsCell
ts_board_view_get_selected (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), TS_NO_CELL);
  return self->selected;
}

guint
ts_board_view_get_doseki_set (TsBoardView *self, TsCell *cells)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), 0);
  if (cells)
    memcpy (cells, self->set, self->n_set * sizeof (TsCell));
  return self->n_set;
}

TsCell
ts_board_view_get_cursor (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), TS_NO_CELL);
  return self->cursor_visible ? self->cursor : TS_NO_CELL;
}

void
ts_board_view_set_cursor (TsBoardView *self, TsCell cell)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  self->cursor = cell;
  self->cursor_visible = cell != TS_NO_CELL;
  describe_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ts_board_view_is_choosing_promotion (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), FALSE);
  return self->n_promo > 1 && gtk_widget_get_visible (self->promo_popover);
}

void
ts_board_view_input_class_init (GtkWidgetClass *widget_class)
{
  static const struct { const char *action; guint key, key2; } bindings[] = {
    { "board.cursor-left", GDK_KEY_Left, GDK_KEY_KP_Left },
    { "board.cursor-right", GDK_KEY_Right, GDK_KEY_KP_Right },
    { "board.cursor-up", GDK_KEY_Up, GDK_KEY_KP_Up },
    { "board.cursor-down", GDK_KEY_Down, GDK_KEY_KP_Down },
    { "board.layer-next", GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up },
    { "board.layer-prev", GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down },
    { "board.activate", GDK_KEY_Return, GDK_KEY_KP_Enter },
    { "board.activate", GDK_KEY_space, GDK_KEY_KP_Space },
    { "board.cancel", GDK_KEY_Escape, 0 },
  };

  gtk_widget_class_install_action (widget_class, "board.cursor-left", NULL, action_cursor);
  gtk_widget_class_install_action (widget_class, "board.cursor-right", NULL, action_cursor);
  gtk_widget_class_install_action (widget_class, "board.cursor-up", NULL, action_cursor);
  gtk_widget_class_install_action (widget_class, "board.cursor-down", NULL, action_cursor);
  gtk_widget_class_install_action (widget_class, "board.layer-next", NULL, action_cursor);
  gtk_widget_class_install_action (widget_class, "board.layer-prev", NULL, action_cursor);
  gtk_widget_class_install_action (widget_class, "board.activate", NULL, action_activate);
  gtk_widget_class_install_action (widget_class, "board.cancel", NULL, action_cancel);
  gtk_widget_class_install_action (widget_class, "board.promote", "i", action_promote);
  for (guint i = 0; i < G_N_ELEMENTS (bindings); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, bindings[i].key, 0,
                                           bindings[i].action, NULL);
      if (bindings[i].key2)
        gtk_widget_class_add_binding_action (widget_class, bindings[i].key2, 0,
                                             bindings[i].action, NULL);
    }
}

void
ts_board_view_input_init (TsBoardView *self)
{
  GtkEventController *motion, *focus;
  GtkGesture *drag;

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  self->promo_popover = gtk_popover_new ();
  self->promo_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_popover_set_child (GTK_POPOVER (self->promo_popover), self->promo_box);
  gtk_widget_set_parent (self->promo_popover, GTK_WIDGET (self));
  g_signal_connect (self->promo_popover, "closed", G_CALLBACK (promo_closed_cb), self);
}
