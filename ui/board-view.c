/* TsBoardView: the interactive board widget, drawn by board-render: its state, drawing
 * and public API. Input (selection, pointer, keys, promotion) is in board-view-input.c,
 * the slide of a move shown in board-view-animation.c. */
#include "board-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "board-sound.h"
#include "doseki/doseki.h"
#include "rules/geometry.h"

#include "board-view-private.h"

G_DEFINE_FINAL_TYPE (TsBoardView, ts_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_INTERACTIVE,
  PROP_COORDINATES,
  PROP_BOARD_THEME,
  PROP_PIECE_STYLE,
  PROP_ANIMATE,
  PROP_SOUND,
  PROP_TURNS,
  PROP_DRAW_SHAPES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
guint ts_board_view_signals[N_SIGNALS];

gboolean
ts_board_view_is_doseki (TsBoardView *self)
{
  return self->position &&
         ts_position_variant (self->position)->family == TS_FAMILY_DOSEKI;
}

static int
cmp_cell (gconstpointer a, gconstpointer b)
{
  return *(const TsCell *) a - *(const TsCell *) b;
}

void
ts_board_view_offset_coords (const TsGeometry *g, TsCell from, TsCell to, int t[TS_MAX_DIMS])
{
  int a[TS_MAX_DIMS], b[TS_MAX_DIMS];

  ts_geometry_coords (g, from, a);
  ts_geometry_coords (g, to, b);
  for (guint i = 0; i < TS_MAX_DIMS; i++)
    t[i] = b[i] - a[i];
}

TsCell
ts_board_view_translate (const TsGeometry *g, TsCell cell, const int t[TS_MAX_DIMS])
{
  int a[TS_MAX_DIMS];

  ts_geometry_coords (g, cell, a);
  for (guint i = 0; i < TS_MAX_DIMS; i++)
    a[i] += t[i];
  return ts_geometry_cell (g, a);
}

void
ts_board_view_doseki_move_set (TsMove m, MoveSet *out)
{
  TsCell cells[TS_DOSEKI_MAX_SET];
  guint n;

  out->n = 0;
  if (m.from == TS_NO_CELL || m.to == TS_NO_CELL)
    return;
  n = MIN (ts_doseki_move_cells (m, cells), MAX_SET);
  memcpy (out->cells, cells, n * sizeof (TsCell));
  out->n = n;
  qsort (out->cells, out->n, sizeof (TsCell), cmp_cell);
}

static void
regenerate (TsBoardView *self)
{
  g_clear_pointer (&self->sets, g_free);
  self->legal.n = 0;
  if (!self->position)
    return;
  ts_position_generate_legal (self->position, &self->legal);
  self->to_move = ts_board_status_seat_to_move (self->position);
  if (ts_board_view_is_doseki (self) && self->legal.n > 0)
    {
      self->sets = g_new0 (MoveSet, self->legal.n);
      for (guint i = 0; i < self->legal.n; i++)
        ts_board_view_doseki_move_set (self->legal.moves[i], &self->sets[i]);
    }
}

gboolean
ts_board_view_set_matches (TsBoardView *self, guint i)
{
  TsCell sorted[MAX_SET];

  if (!self->sets || self->sets[i].n != self->n_set || self->n_set == 0)
    return FALSE;
  memcpy (sorted, self->set, self->n_set * sizeof (TsCell));
  qsort (sorted, self->n_set, sizeof (TsCell), cmp_cell);
  return memcmp (sorted, self->sets[i].cells, self->n_set * sizeof (TsCell)) == 0;
}

/* Where the primary checker lands with legal move i (whose S is the set). */
TsCell
ts_board_view_doseki_target (TsBoardView *self, guint i)
{
  const TsGeometry *g = &ts_position_variant (self->position)->geometry;
  TsMove m = self->legal.moves[i];
  int t[TS_MAX_DIMS];

  ts_board_view_offset_coords (g, m.from, m.to, t);
  return ts_board_view_translate (g, self->primary, t);
}

static void
compute_marks (TsBoardView *self, guint16 *marks)
{
  const TsVariant *v;

  memset (marks, 0, TS_MAX_CELLS * sizeof (guint16));
  if (!self->position)
    return;
  v = ts_position_variant (self->position);

  for (guint i = 0; i < self->n_last; i++)
    marks[self->last[i]] |= TS_CELL_MARK_LAST_MOVE;
  for (guint s = 0; s < v->n_seats; s++)
    {
      TsCell k = ts_position_checked_king (self->position, s);
      if (k != TS_NO_CELL)
        marks[k] |= TS_CELL_MARK_CHECK;
    }

  if (self->hover != TS_NO_CELL)
    {
      guint layer, file, rank, n = ts_variant_n_layers (v);
      ts_variant_cell_layer (v, self->hover, &layer, &file, &rank);
      for (guint l = 0; l < n; l++)
        marks[ts_variant_layer_cell (v, l, file, rank)] |= TS_CELL_MARK_ECHO;
      marks[self->hover] = (marks[self->hover] & ~TS_CELL_MARK_ECHO) | TS_CELL_MARK_HOVER;
    }

  if (self->selected != TS_NO_CELL)
    {
      marks[self->selected] |= TS_CELL_MARK_SELECTED;
      for (guint i = 0; i < self->legal.n; i++)
        {
          TsMove m = self->legal.moves[i];
          if (m.from == self->selected)
            marks[m.to] |= (m.flags & TS_MOVE_CAPTURE) ? TS_CELL_MARK_CAPTURE : TS_CELL_MARK_TARGET;
        }
    }
  if (self->drop_type >= 0 && self->selected == TS_NO_CELL && self->n_set == 0)
    for (guint i = 0; i < self->legal.n; i++)
      {
        TsMove m = self->legal.moves[i];
        if (m.from == TS_NO_CELL && m.to != TS_NO_CELL &&
            ((m.flags & TS_MOVE_PLACE) || m.piece == self->drop_type))
          marks[m.to] |= TS_CELL_MARK_TARGET;
      }

  if (self->n_set > 0)
    {
      const TsGeometry *g = &v->geometry;
      for (guint i = 0; i < self->n_set; i++)
        marks[self->set[i]] |= TS_CELL_MARK_SELECTED;
      for (guint i = 0; i < self->legal.n; i++)
        {
          TsCell to;
          if (!ts_board_view_set_matches (self, i) || (to = ts_board_view_doseki_target (self, i)) == TS_NO_CELL)
            continue;
          marks[to] |= (self->legal.moves[i].flags & TS_MOVE_CAPTURE) ? TS_CELL_MARK_CAPTURE
                                                                       : TS_CELL_MARK_TARGET;
          if (to == self->hover)
            {
              /* show where the whole set would land */
              int t[TS_MAX_DIMS];
              ts_board_view_offset_coords (g, self->legal.moves[i].from, self->legal.moves[i].to, t);
              for (guint k = 0; k < self->n_set; k++)
                {
                  TsCell c = ts_board_view_translate (g, self->set[k], t);
                  if (c != TS_NO_CELL)
                    marks[c] |= TS_CELL_MARK_PREVIEW;
                }
            }
        }
    }

  if (self->cursor_visible && self->cursor != TS_NO_CELL &&
      gtk_widget_has_focus (GTK_WIDGET (self)))
    marks[self->cursor] |= TS_CELL_MARK_CURSOR;

  /* sliding pieces are drawn on their way, not on their targets */
  for (guint i = 0; self->anim.tick_id && i < self->anim.n_slides; i++)
    marks[self->anim.slides[i].to] |= TS_CELL_MARK_HIDDEN;
}

void
ts_board_view_get_marks (TsBoardView *self, guint16 *marks)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));
  compute_marks (self, marks);
}

/* Without a theme of its own, the board follows the style: light text on a
 * dark style asks for the dark colours. */
static const TsBoardTheme *
current_theme (TsBoardView *self)
{
  GdkRGBA fg;

  if (self->theme)
    return self->theme;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return ts_board_theme_get (self->theme_id, 0.30 * fg.red + 0.59 * fg.green + 0.11 * fg.blue > 0.5);
}

static void
render_options (TsBoardView *self, TsBoardRenderOptions *o, guint16 *marks)
{
  ts_board_render_options_init (o, self->position);
  o->theme = current_theme (self);
  o->marks = marks;
  o->coordinates = self->coordinates;
  o->piece_style = self->piece_style;
  o->to_move = self->to_move;
  o->hidden = self->dragging && !ts_board_view_is_doseki (self) ? self->press_cell : TS_NO_CELL;
  o->turns = self->turns;
}

static void
ensure_layout (TsBoardView *self, int width, int height)
{
  TsBoardRenderOptions o;

  if (!self->position)
    return;
  if (self->layout.variant == ts_position_variant (self->position) &&
      self->layout_width == width && self->layout_height == height &&
      self->layout.turns == self->turns)
    return;
  render_options (self, &o, NULL);
  ts_board_layout_compute (&self->layout, ts_position_variant (self->position), &o, width,
                           height);
  self->layout_width = width;
  self->layout_height = height;
}

void
ts_board_view_draw_piece_at (TsBoardView *self, cairo_t *cr, const TsBoardRenderOptions *o, TsPiece q,
               double alpha, double x, double y, double size)
{
  ts_board_draw_piece (cr, ts_position_variant (self->position), o->piece_style, o->theme,
                       TS_PIECE_TYPE (q), TS_PIECE_SEAT (q), alpha, x, y, size);
}

static void
draw_frame (TsBoardView *self, cairo_t *cr, int width, int height)
{
  guint16 marks[TS_MAX_CELLS];
  TsBoardRenderOptions o;

  ensure_layout (self, width, height);
  compute_marks (self, marks);
  render_options (self, &o, marks);
  ts_board_view_shapes_collect (self, &o);
  ts_board_render (cr, &self->layout, &o);
  if (self->anim.tick_id)
    ts_board_view_draw_slides (self, cr, &o);

  if (self->dragging)
    {
      /* the dragged piece (or Doseki set) follows the pointer */
      double c = self->layout.cell, px, py, ps;
      const TsCell *cells = ts_board_view_is_doseki (self) ? self->set : &self->press_cell;
      guint n = ts_board_view_is_doseki (self) ? self->n_set : 1;

      for (guint i = 0; i < n; i++)
        {
          TsPiece q = ts_position_piece_at (self->position, cells[i]);
          if (q == 0 || !ts_board_layout_cell_rect (&self->layout, cells[i], &px, &py, &ps))
            continue;
          ts_board_view_draw_piece_at (self, cr, &o, q, 1.0, px + self->drag_x - self->press_x - c * 0.05,
                         py + self->drag_y - self->press_y - c * 0.05, c * 1.1);
        }
    }
}

static void
ts_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (!self->position || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_frame (self, cr, width, height);
  cairo_destroy (cr);
}

void
ts_board_view_draw (TsBoardView *self, cairo_t *cr, int width, int height)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (self->position && width > 0 && height > 0)
    draw_frame (self, cr, width, height);
}

static void
play_sound_default (TsBoardView *self, guint sound)
{
  ts_board_sound_play (sound);
}

static void
ts_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline,
                       int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 900 : 560;
}

static void
ts_board_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ts_board_view_parent_class)->css_changed (widget, change);
  /* the automatic theme may have flipped between light and dark */
  gtk_widget_queue_draw (widget);
}

static void
ts_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TsBoardView *self = TS_BOARD_VIEW (widget);

  ensure_layout (self, width, height);
  if (self->promo_popover)
    gtk_popover_present (GTK_POPOVER (self->promo_popover));
}

/* ---- GObject ---- */

static void
ts_board_view_dispose (GObject *object)
{
  TsBoardView *self = TS_BOARD_VIEW (object);

  ts_board_view_anim_stop (self);
  g_clear_pointer (&self->promo_popover, gtk_widget_unparent);
  G_OBJECT_CLASS (ts_board_view_parent_class)->dispose (object);
}

static void
ts_board_view_finalize (GObject *object)
{
  TsBoardView *self = TS_BOARD_VIEW (object);

  g_clear_pointer (&self->position, ts_position_free);
  g_clear_pointer (&self->shown, ts_position_free);
  g_clear_pointer (&self->sets, g_free);
  ts_move_list_clear (&self->legal);
  ts_board_view_shapes_finalize (self);
  G_OBJECT_CLASS (ts_board_view_parent_class)->finalize (object);
}

static void
ts_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsBoardView *self = TS_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_COORDINATES:
      g_value_set_boolean (value, self->coordinates);
      break;
    case PROP_BOARD_THEME:
      g_value_set_string (value, ts_board_theme_name (self->theme_id));
      break;
    case PROP_PIECE_STYLE:
      g_value_set_string (value, ts_piece_style_name (self->piece_style));
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_SOUND:
      g_value_set_boolean (value, self->sound);
      break;
    case PROP_TURNS:
      g_value_set_uint (value, self->turns);
      break;
    case PROP_DRAW_SHAPES:
      g_value_set_boolean (value, self->draw_shapes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_board_view_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  TsBoardView *self = TS_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      ts_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_COORDINATES:
      ts_board_view_set_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_BOARD_THEME:
      ts_board_view_set_board_theme (self, g_value_get_string (value));
      break;
    case PROP_PIECE_STYLE:
      ts_board_view_set_piece_style (self, g_value_get_string (value));
      break;
    case PROP_ANIMATE:
      ts_board_view_set_animate (self, g_value_get_boolean (value));
      break;
    case PROP_SOUND:
      self->sound = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_TURNS:
      ts_board_view_set_turns (self, g_value_get_uint (value));
      break;
    case PROP_DRAW_SHAPES:
      ts_board_view_set_draw_shapes (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_board_view_class_init (TsBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_board_view_dispose;
  object_class->finalize = ts_board_view_finalize;
  object_class->get_property = ts_board_view_get_property;
  object_class->set_property = ts_board_view_set_property;
  widget_class->snapshot = ts_board_view_snapshot;
  widget_class->measure = ts_board_view_measure;
  widget_class->size_allocate = ts_board_view_size_allocate;
  widget_class->css_changed = ts_board_view_css_changed;

  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COORDINATES] =
    g_param_spec_boolean ("coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BOARD_THEME] =
    g_param_spec_string ("board-theme", NULL, NULL, "classic",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PIECE_STYLE] =
    g_param_spec_string ("piece-style", NULL, NULL, "figures",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOUND] =
    g_param_spec_boolean ("sound", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURNS] =
    g_param_spec_uint ("turns", NULL, NULL, 0, 3, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DRAW_SHAPES] =
    g_param_spec_boolean ("draw-shapes", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ts_board_view_signals[SHAPE_DRAWN] =
    g_signal_new ("shape-drawn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  ts_board_view_signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  ts_board_view_signals[PLAY_SOUND] =
    g_signal_new_class_handler ("play-sound", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                G_CALLBACK (play_sound_default), NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_UINT);

  ts_board_view_input_class_init (widget_class);
  ts_board_view_shapes_class_init (widget_class);
  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
ts_board_view_init (TsBoardView *self)
{
  self->interactive = TRUE;
  self->coordinates = TRUE;
  self->hover = self->selected = self->cursor = self->primary = TS_NO_CELL;
  self->press_cell = TS_NO_CELL;
  self->drop_type = -1;
  ts_move_list_init (&self->legal);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);

  ts_board_view_input_init (self);
  ts_board_view_shapes_init (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board"), -1);
}

GtkWidget *
ts_board_view_new (void)
{
  return g_object_new (TS_TYPE_BOARD_VIEW, NULL);
}

void
ts_board_view_set_position (TsBoardView *self, const TsPosition *p)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (self->position && p && ts_position_variant (self->position) != ts_position_variant (p))
    {
      self->n_last = 0;
      self->cursor = TS_NO_CELL;
      self->hover = TS_NO_CELL;
    }
  /* the same position again (the window refreshing) lets a slide run on */
  if (!self->position || !p || !ts_board_view_same_position (self->position, p))
    ts_board_view_anim_stop (self);
  /* kept until set_last_move, which tells whether one move led from it to p */
  g_clear_pointer (&self->shown, ts_position_free);
  self->shown = g_steal_pointer (&self->position);
  if (p)
    self->position = ts_position_copy (p);
  ts_board_view_clear_selection (self);
  regenerate (self);
  self->layout_width = self->layout_height = -1;
  self->layout.variant = NULL;
  ensure_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                 gtk_widget_get_height (GTK_WIDGET (self)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const TsPosition *
ts_board_view_get_position (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), NULL);
  return self->position;
}

void
ts_board_view_set_last_move (TsBoardView *self, const TsPosition *before, const TsMove *move)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (move)
    ts_board_view_show_move (self, before, move);
  g_clear_pointer (&self->shown, ts_position_free);
  self->n_last = 0;
  if (move)
    {
      /* the variant only: the position shown will do when before is not known */
      const TsPosition *any = before ? before : self->position;

      if (any && ts_position_variant (any)->family == TS_FAMILY_DOSEKI &&
          move->from != TS_NO_CELL)
        {
          const TsGeometry *g = &ts_position_variant (any)->geometry;
          MoveSet set;
          int t[TS_MAX_DIMS];

          ts_board_view_doseki_move_set (*move, &set);
          ts_board_view_offset_coords (g, move->from, move->to, t);
          for (guint i = 0; i < set.n; i++)
            {
              TsCell to = ts_board_view_translate (g, set.cells[i], t);
              self->last[self->n_last++] = set.cells[i];
              if (to != TS_NO_CELL)
                self->last[self->n_last++] = to;
            }
        }
      else
        {
          if (move->from != TS_NO_CELL)
            self->last[self->n_last++] = move->from;
          if (move->to != TS_NO_CELL)
            self->last[self->n_last++] = move->to;
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_board_view_set_interactive (TsBoardView *self, gboolean interactive)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    ts_board_view_clear_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
ts_board_view_get_interactive (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
}

void
ts_board_view_set_coordinates (TsBoardView *self, gboolean coordinates)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  coordinates = !!coordinates;
  if (self->coordinates == coordinates)
    return;
  self->coordinates = coordinates;
  self->layout_width = -1;
  ensure_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                 gtk_widget_get_height (GTK_WIDGET (self)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COORDINATES]);
}

void
ts_board_view_set_theme (TsBoardView *self, const TsBoardTheme *theme)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  self->theme = theme;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_board_view_set_board_theme (TsBoardView *self, const char *name)
{
  int id = ts_board_theme_from_name (name);

  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (id < 0)
    id = TS_BOARD_THEME_CLASSIC;
  if (self->theme_id == (TsBoardThemeId) id)
    return;
  self->theme_id = id;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD_THEME]);
}

void
ts_board_view_set_piece_style (TsBoardView *self, const char *name)
{
  int style = ts_piece_style_from_name (name);

  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (style < 0)
    style = TS_PIECE_STYLE_FIGURES;
  if (self->piece_style == (TsPieceStyle) style)
    return;
  self->piece_style = style;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_STYLE]);
}

void
ts_board_view_set_animate (TsBoardView *self, gboolean animate)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  animate = !!animate;
  if (self->animate == animate)
    return;
  self->animate = animate;
  if (!animate)
    {
      ts_board_view_anim_stop (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATE]);
}

void
ts_board_view_bind_settings (TsBoardView *self, GSettings *settings)
{
  static const struct { const char *key, *property; } keys[] = {
    { "board-theme", "board-theme" },
    { "piece-style", "piece-style" },
    { "show-coordinates", "coordinates" },
    { "animate-moves", "animate" },
    { "sound", "sound" },
  };

  g_return_if_fail (TS_IS_BOARD_VIEW (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_bind (settings, keys[i].key, self, keys[i].property, G_SETTINGS_BIND_GET);
}

void
ts_board_view_set_hover (TsBoardView *self, TsCell cell)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  if (self->hover == cell)
    return;
  self->hover = cell;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_board_view_set_turns (TsBoardView *self, guint turns)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));
  g_return_if_fail (turns < 4);

  if (self->turns == turns)
    return;
  self->turns = turns;
  ensure_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                 gtk_widget_get_height (GTK_WIDGET (self)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURNS]);
}

guint
ts_board_view_get_turns (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), 0);
  return self->turns;
}

const TsBoardLayout *
ts_board_view_get_layout (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), NULL);
  return &self->layout;
}

GdkTexture *
ts_board_diagram_texture (const TsBoardRenderOptions *options, int width)
{
  const TsVariant *v = ts_position_variant (options->position);
  TsBoardRenderOptions o = *options;
  TsBoardLayout layout;
  cairo_surface_t *surface;
  g_autoptr(GBytes) bytes = NULL;
  cairo_t *cr;
  int height, stride;

  g_return_val_if_fail (width > 0 && width <= 16384, NULL);
  o.fixed_arrangement = TRUE;
  height = (int) ts_board_layout_natural_height (v, &o, width);
  ts_board_layout_compute (&layout, v, &o, width, height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  ts_board_render (cr, &layout, &o);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height);
  cairo_surface_destroy (surface);
  /* cairo's ARGB32 is premultiplied, native-endian: B8G8R8A8 on little-endian */
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}
