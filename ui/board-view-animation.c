/* TsBoardView's animation: a move shown slides its pieces and fades what it takes. */
#include "board-view.h"

#include <math.h>
#include <string.h>

#include "board-view-private.h"

/* ---- a move shown: slide and sound ---- */

void
ts_board_view_anim_stop (TsBoardView *self)
{
  if (self->anim.tick_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->anim.tick_id);
  memset (&self->anim, 0, sizeof self->anim);
}

static gboolean
anim_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim.start_us == 0)
    self->anim.start_us = now;
  self->anim.progress = CLAMP ((double) (now - self->anim.start_us) / SLIDE_US, 0.0, 1.0);
  gtk_widget_queue_draw (widget);
  if (self->anim.progress < 1.0)
    return G_SOURCE_CONTINUE;
  memset (&self->anim, 0, sizeof self->anim);
  return G_SOURCE_REMOVE;
}

/* What slides and what fades when move goes from before to the view's position. */
static void
collect_slides (TsBoardView *self, const TsPosition *before, const TsMove *move)
{
  const TsPosition *after = self->position;
  const TsVariant *v = ts_position_variant (before);
  guint mover = ts_position_side_to_move (before);
  Slide *a = &self->anim;
  g_autofree guint8 *source = g_new0 (guint8, TS_MAX_CELLS);
  g_autofree guint8 *target = g_new0 (guint8, TS_MAX_CELLS);
  TsCell emptied = TS_NO_CELL, filled = TS_NO_CELL;
  guint n_emptied = 0, n_filled = 0;

  a->n_slides = a->n_fades = 0;
  if (move->from != TS_NO_CELL && move->to != TS_NO_CELL)
    {
      if (v->family == TS_FAMILY_DOSEKI)
        {
          const TsGeometry *g = &v->geometry;
          MoveSet set;
          int t[TS_MAX_DIMS];

          ts_board_view_doseki_move_set (*move, &set);
          ts_board_view_offset_coords (g, move->from, move->to, t);
          for (guint i = 0; i < set.n && a->n_slides < MAX_SLIDES; i++)
            {
              TsCell to = ts_board_view_translate (g, set.cells[i], t);
              if (to == TS_NO_CELL)
                continue;
              a->slides[a->n_slides].piece = ts_position_piece_at (before, set.cells[i]);
              a->slides[a->n_slides].from = set.cells[i];
              a->slides[a->n_slides++].to = to;
            }
        }
      else
        {
          a->slides[0].piece = ts_position_piece_at (before, move->from);
          a->slides[0].from = move->from;
          a->slides[0].to = move->to;
          a->n_slides = 1;
        }
    }
  for (guint i = 0; i < a->n_slides; i++)
    {
      source[a->slides[i].from] = 1;
      target[a->slides[i].to] = 1;
    }

  for (TsCell c = 0; c < (TsCell) v->geometry.ncells; c++)
    {
      TsPiece was = ts_position_piece_at (before, c), is = ts_position_piece_at (after, c);
      if (was == is)
        continue;
      if (was != 0 && TS_PIECE_SEAT (was) != mover && a->n_fades < MAX_SLIDES)
        {
          a->fades[a->n_fades].piece = was;
          a->fades[a->n_fades++].cell = c;
        }
      /* a second piece of the mover's that moved: the rook of a castling */
      if (was != 0 && TS_PIECE_SEAT (was) == mover && is == 0 && !source[c])
        {
          emptied = c;
          n_emptied++;
        }
      if (is != 0 && TS_PIECE_SEAT (is) == mover && !target[c])
        {
          filled = c;
          n_filled++;
        }
    }
  if (n_emptied == 1 && n_filled == 1 && a->n_slides == 1 &&
      ts_position_piece_at (before, emptied) == ts_position_piece_at (after, filled))
    {
      a->slides[1].piece = ts_position_piece_at (before, emptied);
      a->slides[1].from = emptied;
      a->slides[1].to = filled;
      a->n_slides = 2;
    }
}

gboolean
ts_board_view_same_position (const TsPosition *a, const TsPosition *b)
{
  return ts_position_variant (a) == ts_position_variant (b) &&
         ts_position_ply (a) == ts_position_ply (b) && ts_position_hash (a) == ts_position_hash (b);
}

/* The view just went from the position it showed to before + move: one move was made
 * (played, or one step forward in the record). Slide it and sound it. */
void
ts_board_view_show_move (TsBoardView *self, const TsPosition *before, const TsMove *move)
{
  g_autoptr(TsPosition) after = NULL;
  g_autoptr(TsPosition) shown = g_steal_pointer (&self->shown);
  gboolean dragged = self->dragged_valid && self->dragged_move.from == move->from &&
                     self->dragged_move.to == move->to;
  gboolean animations = TRUE;
  TsUndo undo;

  self->dragged_valid = FALSE;
  if (!shown || !before || !self->position || !ts_board_view_same_position (shown, before))
    return;
  after = ts_position_copy (before);
  if (!ts_position_is_legal (after, *move))
    return;
  ts_position_make (after, *move, &undo);
  if (!ts_board_view_same_position (after, self->position))
    return;

  ts_board_view_anim_stop (self);
  collect_slides (self, before, move);
  if (self->sound)
    g_signal_emit (self, ts_board_view_signals[PLAY_SOUND], 0,
                   self->anim.n_fades > 0 || (move->flags & TS_MOVE_CAPTURE)
                     ? TS_BOARD_SOUND_CAPTURE : TS_BOARD_SOUND_MOVE);
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations",
                &animations, NULL);
  if (!self->animate || !animations || dragged || !gtk_widget_get_mapped (GTK_WIDGET (self)) ||
      (self->anim.n_slides == 0 && self->anim.n_fades == 0))
    {
      memset (&self->anim, 0, sizeof self->anim);
      return;
    }
  self->anim.tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), anim_tick, NULL, NULL);
}

double
ts_board_view_get_animation_progress (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), -1);
  return self->anim.tick_id ? self->anim.progress : -1;
}

/* The pieces of a move being shown: what it takes fades, what moves slides (ease-out). */
void
ts_board_view_draw_slides (TsBoardView *self, cairo_t *cr, const TsBoardRenderOptions *o)
{
  const Slide *a = &self->anim;
  double t = 1 - pow (1 - a->progress, 3);
  double x0, y0, x1, y1, s;

  for (guint i = 0; i < a->n_fades; i++)
    if (ts_board_layout_cell_rect (&self->layout, a->fades[i].cell, &x0, &y0, &s))
      ts_board_view_draw_piece_at (self, cr, o, a->fades[i].piece, 1 - a->progress, x0, y0, s);
  /* cells of another layer are elsewhere in the widget: the piece crosses between grids */
  for (guint i = 0; i < a->n_slides; i++)
    if (ts_board_layout_cell_rect (&self->layout, a->slides[i].from, &x0, &y0, &s) &&
        ts_board_layout_cell_rect (&self->layout, a->slides[i].to, &x1, &y1, &s))
      ts_board_view_draw_piece_at (self, cr, o, a->slides[i].piece, 1.0, x0 + (x1 - x0) * t,
                     y0 + (y1 - y0) * t, s);
}

