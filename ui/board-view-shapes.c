/* TsBoardView's arrows and marked cells: the record's and the window's, and drawing them
 * with the right button or the keys (docs/board-drawing.md, "Drawing on the board"). */
#include "board-view.h"

#include "board-view-private.h"

TsShapeColour
ts_board_view_shape_colour (GdkModifierType state)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0, alt = (state & GDK_ALT_MASK) != 0;
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;

  /* Ctrl+Shift for blue too: window managers often take Alt with a drag */
  if ((ctrl && shift) || (alt && !shift))
    return TS_SHAPE_BLUE;
  if (ctrl || (shift && alt))
    return TS_SHAPE_YELLOW;
  return shift ? TS_SHAPE_RED : TS_SHAPE_GREEN;
}

void
ts_board_view_draw_shape (TsBoardView *self, TsCell from, TsCell to, TsShapeColour colour)
{
  const TsVariant *v;
  TsShape shape;

  g_return_if_fail (TS_IS_BOARD_VIEW (self));
  g_return_if_fail (colour < TS_N_SHAPE_COLOURS);

  if (!self->draw_shapes || !self->position)
    return;
  v = ts_position_variant (self->position);
  if (from < 0 || (guint) from >= v->geometry.ncells || to < 0 || (guint) to >= v->geometry.ncells)
    return;
  shape = (TsShape) { from, to, colour };
  g_signal_emit (self, ts_board_view_signals[SHAPE_DRAWN], 0, &shape);
}

static void
set_array (GArray *array, const TsShape *shapes, guint n)
{
  g_array_set_size (array, 0);
  if (n > 0)
    g_array_append_vals (array, shapes, n);
}

void
ts_board_view_set_shapes (TsBoardView *self, const TsShape *shapes, guint n)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  set_array (self->shapes, shapes, n);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_board_view_set_overlay (TsBoardView *self, TsBoardOverlay overlay, const TsShape *shapes, guint n)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));
  g_return_if_fail (overlay < TS_BOARD_N_OVERLAYS);

  if (n == 0 && self->overlays[overlay]->len == 0)
    return;
  set_array (self->overlays[overlay], shapes, n);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_board_view_set_draw_shapes (TsBoardView *self, gboolean draw_shapes)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  self->draw_shapes = !!draw_shapes;
  /* off, the keys M and A go on to other handlers */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.mark", self->draw_shapes);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.arrow", self->draw_shapes);
  if (!draw_shapes)
    {
      self->shape_from = self->anchor = TS_NO_CELL;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  g_object_notify (G_OBJECT (self), "draw-shapes");
}

gboolean
ts_board_view_get_draw_shapes (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), FALSE);
  return self->draw_shapes;
}

void
ts_board_view_shapes_collect (TsBoardView *self, TsBoardRenderOptions *o)
{
  GArray *drawn = self->drawn;
  guint ncells = self->position ? ts_position_variant (self->position)->geometry.ncells : 0;

  g_array_set_size (drawn, 0);
  g_array_append_vals (drawn, self->shapes->data, self->shapes->len);
  for (guint i = 0; i < TS_BOARD_N_OVERLAYS; i++)
    g_array_append_vals (drawn, self->overlays[i]->data, self->overlays[i]->len);
  /* the arrow being drawn, and a keyboard arrow's start as a mark */
  if (self->shape_from != TS_NO_CELL && self->shape_to != TS_NO_CELL)
    g_array_append_val (drawn, ((TsShape) { self->shape_from, self->shape_to, self->shape_colour }));
  if (self->anchor != TS_NO_CELL)
    g_array_append_val (drawn, ((TsShape) { self->anchor, self->anchor, self->anchor_colour }));
  /* a shape of another variant's position (the owner not caught up yet) is not drawn */
  for (guint i = drawn->len; i > 0; i--)
    {
      TsShape *s = &g_array_index (drawn, TsShape, i - 1);

      if (s->from < 0 || (guint) s->from >= ncells || s->to < 0 || (guint) s->to >= ncells)
        g_array_remove_index (drawn, i - 1);
    }
  o->shapes = (const TsShape *) drawn->data;
  o->n_shapes = drawn->len;
}

const TsShape *
ts_board_view_get_drawn_shapes (TsBoardView *self, guint *n)
{
  TsBoardRenderOptions o;

  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), NULL);
  ts_board_render_options_init (&o, self->position);
  ts_board_view_shapes_collect (self, &o);
  *n = o.n_shapes;
  return o.shapes;
}

gboolean
ts_board_view_shapes_cancel (TsBoardView *self)
{
  if (self->anchor == TS_NO_CELL)
    return FALSE;
  self->anchor = TS_NO_CELL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* ---- the right button ---- */

static void
right_begin_cb (GtkGestureDrag *gesture, double x, double y, TsBoardView *self)
{
  TsCell cell = ts_board_layout_cell_at (&self->layout, x, y);

  if (!self->draw_shapes || cell == TS_NO_CELL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->shape_from = self->shape_to = cell;
  self->shape_colour = ts_board_view_shape_colour (
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
right_update_cb (GtkGestureDrag *gesture, double dx, double dy, TsBoardView *self)
{
  double x, y;
  TsCell cell;

  if (self->shape_from == TS_NO_CELL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  cell = ts_board_layout_cell_at (&self->layout, x + dx, y + dy);
  if (cell != self->shape_to)
    {
      self->shape_to = cell;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
right_end_cb (GtkGestureDrag *gesture, double dx, double dy, TsBoardView *self)
{
  TsCell from = self->shape_from, to;
  double x, y;

  if (from == TS_NO_CELL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  to = ts_board_layout_cell_at (&self->layout, x + dx, y + dy);
  self->shape_from = self->shape_to = TS_NO_CELL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* let go off the board: nothing, as on Lichess */
  if (to != TS_NO_CELL)
    ts_board_view_draw_shape (self, from, to, self->shape_colour);
}

static void
right_cancel_cb (GtkGesture *gesture, GdkEventSequence *sequence, TsBoardView *self)
{
  self->shape_from = self->shape_to = TS_NO_CELL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- the keys ---- */

static TsCell
key_cell (TsBoardView *self)
{
  TsCell cursor = ts_board_view_get_cursor (self);

  return cursor != TS_NO_CELL ? cursor : self->hover;
}

static void
action_mark (GtkWidget *widget, const char *name, GVariant *param)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);
  TsCell cell = key_cell (self);

  if (cell != TS_NO_CELL)
    ts_board_view_draw_shape (self, cell, cell, g_variant_get_int32 (param) % TS_N_SHAPE_COLOURS);
}

static void
action_arrow (GtkWidget *widget, const char *name, GVariant *param)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);
  TsCell cell = key_cell (self), from = self->anchor;

  if (cell == TS_NO_CELL || !self->draw_shapes)
    return;
  if (from == TS_NO_CELL)
    {
      self->anchor = cell;
      self->anchor_colour = g_variant_get_int32 (param) % TS_N_SHAPE_COLOURS;
      gtk_widget_queue_draw (widget);
      return;
    }
  self->anchor = TS_NO_CELL;
  gtk_widget_queue_draw (widget);
  /* A on the start again drops it */
  if (cell != from)
    ts_board_view_draw_shape (self, from, cell, self->anchor_colour);
}

void
ts_board_view_shapes_class_init (GtkWidgetClass *widget_class)
{
  static const GdkModifierType modifiers[TS_N_SHAPE_COLOURS] = {
    [TS_SHAPE_GREEN] = 0,
    [TS_SHAPE_RED] = GDK_SHIFT_MASK,
    [TS_SHAPE_BLUE] = GDK_ALT_MASK,
    [TS_SHAPE_YELLOW] = GDK_CONTROL_MASK,
  };

  gtk_widget_class_install_action (widget_class, "board.mark", "i", action_mark);
  gtk_widget_class_install_action (widget_class, "board.arrow", "i", action_arrow);
  for (guint c = 0; c < TS_N_SHAPE_COLOURS; c++)
    {
      /* Shift gives a capital letter */
      guint m = modifiers[c] & GDK_SHIFT_MASK ? GDK_KEY_M : GDK_KEY_m;
      guint a = modifiers[c] & GDK_SHIFT_MASK ? GDK_KEY_A : GDK_KEY_a;

      gtk_widget_class_add_binding_action (widget_class, m, modifiers[c], "board.mark", "i", c);
      gtk_widget_class_add_binding_action (widget_class, a, modifiers[c], "board.arrow", "i", c);
    }
}

void
ts_board_view_shapes_init (TsBoardView *self)
{
  GtkGesture *right = gtk_gesture_drag_new ();

  self->shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  self->drawn = g_array_new (FALSE, FALSE, sizeof (TsShape));
  for (guint i = 0; i < TS_BOARD_N_OVERLAYS; i++)
    self->overlays[i] = g_array_new (FALSE, FALSE, sizeof (TsShape));
  self->shape_from = self->shape_to = self->anchor = TS_NO_CELL;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.mark", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.arrow", FALSE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right), GDK_BUTTON_SECONDARY);
  g_signal_connect (right, "drag-begin", G_CALLBACK (right_begin_cb), self);
  g_signal_connect (right, "drag-update", G_CALLBACK (right_update_cb), self);
  g_signal_connect (right, "drag-end", G_CALLBACK (right_end_cb), self);
  g_signal_connect (right, "cancel", G_CALLBACK (right_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (right));
}

void
ts_board_view_shapes_finalize (TsBoardView *self)
{
  g_clear_pointer (&self->shapes, g_array_unref);
  g_clear_pointer (&self->drawn, g_array_unref);
  for (guint i = 0; i < TS_BOARD_N_OVERLAYS; i++)
    g_clear_pointer (&self->overlays[i], g_array_unref);
}
