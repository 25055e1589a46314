/* TsBoardView: the interactive board widget, drawn by board-render. */
#include "board-view.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "board-sound.h"
#include "doseki/doseki.h"
#include "rules/geometry.h"

#define MAX_SET 8
#define DRAG_THRESHOLD 4.0
#define SLIDE_US 180000   /* a move's slide */
#define MAX_SLIDES (MAX_SET + 1)

/* A Doseki move's moving set S, sorted by cell index (= notation order). */
typedef struct {
  TsCell cells[MAX_SET];
  guint8 n;
} MoveSet;

/* A move being shown: pieces sliding from their cells to their targets (hidden there until
 * they arrive), and the pieces they take fading out where they stood. */
typedef struct {
  guint  tick_id;
  gint64 start_us;              /* frame time of the first frame; 0 before it */
  double progress;              /* 0 … 1 */
  guint  n_slides, n_fades;
  struct { TsPiece piece; TsCell from, to; } slides[MAX_SLIDES];
  struct { TsPiece piece; TsCell cell; } fades[MAX_SLIDES];
} Slide;

struct _TsBoardView {
  GtkWidget parent_instance;

  TsPosition *position;
  TsMoveList  legal;
  MoveSet    *sets;             /* Doseki: per legal move; NULL otherwise */
  guint       to_move;          /* the status line's seat to move, once per position */

  gboolean interactive;
  gboolean coordinates;
  const TsBoardTheme *theme;    /* a fixed theme, or NULL: theme_id for the style */
  TsBoardThemeId theme_id;
  TsPieceStyle piece_style;
  gboolean animate, sound;

  TsPosition *shown;            /* the position before the last set_position */
  Slide anim;
  gboolean in_drop;             /* inside ts_board_view_drop_piece */
  gboolean dragged_valid;       /* dragged_move was played by drag and drop */
  TsMove dragged_move;

  TsBoardLayout layout;
  int layout_width, layout_height;

  TsCell hover, selected, cursor;
  gboolean cursor_visible;
  int drop_type;

  TsCell last[MAX_SET * 2];
  guint n_last;

  /* Doseki set selection; primary is the checker the targets are shown for */
  TsCell set[MAX_SET];
  guint n_set;
  TsCell primary;

  /* pointer press and drag */
  TsCell press_cell;
  gboolean press_selected;      /* the press itself selected the piece */
  gboolean dragging;
  double press_x, press_y, drag_x, drag_y;

  GtkWidget *promo_popover;
  GtkWidget *promo_box;
  TsMove promo_moves[TS_MAX_PIECE_TYPES];
  guint n_promo;
};

G_DEFINE_FINAL_TYPE (TsBoardView, ts_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_INTERACTIVE,
  PROP_COORDINATES,
  PROP_BOARD_THEME,
  PROP_PIECE_STYLE,
  PROP_ANIMATE,
  PROP_SOUND,
  N_PROPS
};

enum {
  MOVE_PLAYED,
  PLAY_SOUND,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
is_doseki (TsBoardView *self)
{
  return self->position &&
         ts_position_variant (self->position)->family == TS_FAMILY_DOSEKI;
}

static int
cmp_cell (gconstpointer a, gconstpointer b)
{
  return *(const TsCell *) a - *(const TsCell *) b;
}

static void
offset_coords (const TsGeometry *g, TsCell from, TsCell to, int t[TS_MAX_DIMS])
{
  int a[TS_MAX_DIMS], b[TS_MAX_DIMS];

  ts_geometry_coords (g, from, a);
  ts_geometry_coords (g, to, b);
  for (guint i = 0; i < TS_MAX_DIMS; i++)
    t[i] = b[i] - a[i];
}

static TsCell
translate (const TsGeometry *g, TsCell cell, const int t[TS_MAX_DIMS])
{
  int a[TS_MAX_DIMS];

  ts_geometry_coords (g, cell, a);
  for (guint i = 0; i < TS_MAX_DIMS; i++)
    a[i] += t[i];
  return ts_geometry_cell (g, a);
}

static void
doseki_move_set (TsMove m, MoveSet *out)
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
clear_selection (TsBoardView *self)
{
  self->selected = TS_NO_CELL;
  self->n_set = 0;
  self->primary = TS_NO_CELL;
  self->dragging = FALSE;
  if (self->promo_popover && gtk_widget_get_visible (self->promo_popover))
    gtk_popover_popdown (GTK_POPOVER (self->promo_popover));
  self->n_promo = 0;
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
  if (is_doseki (self) && self->legal.n > 0)
    {
      self->sets = g_new0 (MoveSet, self->legal.n);
      for (guint i = 0; i < self->legal.n; i++)
        doseki_move_set (self->legal.moves[i], &self->sets[i]);
    }
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

static gboolean
set_matches (TsBoardView *self, guint i)
{
  TsCell sorted[MAX_SET];

  if (!self->sets || self->sets[i].n != self->n_set || self->n_set == 0)
    return FALSE;
  memcpy (sorted, self->set, self->n_set * sizeof (TsCell));
  qsort (sorted, self->n_set, sizeof (TsCell), cmp_cell);
  return memcmp (sorted, self->sets[i].cells, self->n_set * sizeof (TsCell)) == 0;
}

/* Where the primary checker lands with legal move i (whose S is the set). */
static TsCell
doseki_target (TsBoardView *self, guint i)
{
  const TsGeometry *g = &ts_position_variant (self->position)->geometry;
  TsMove m = self->legal.moves[i];
  int t[TS_MAX_DIMS];

  offset_coords (g, m.from, m.to, t);
  return translate (g, self->primary, t);
}

static void
play (TsBoardView *self, TsMove m)
{
  /* a piece dropped on its target is there already: it does not slide again */
  self->dragged_move = m;
  self->dragged_valid = self->in_drop;
  clear_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[MOVE_PLAYED], 0, &m);
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
    if (set_matches (self, i) && doseki_target (self, i) == to)
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
      clear_selection (self);
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
  if (is_doseki (self))
    doseki_click (self, cell);
  else if (self->selected != TS_NO_CELL && cell != self->selected &&
           try_chess_move (self, self->selected, cell))
    ;
  else if (self->selected == TS_NO_CELL && try_drop (self, cell))
    ;
  else if (cell != self->selected && is_mover (self, cell))
    self->selected = cell;
  else
    clear_selection (self);
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
  if (is_doseki (self))
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
          if (!set_matches (self, i) || (to = doseki_target (self, i)) == TS_NO_CELL)
            continue;
          marks[to] |= (self->legal.moves[i].flags & TS_MOVE_CAPTURE) ? TS_CELL_MARK_CAPTURE
                                                                       : TS_CELL_MARK_TARGET;
          if (to == self->hover)
            {
              /* show where the whole set would land */
              int t[TS_MAX_DIMS];
              offset_coords (g, self->legal.moves[i].from, self->legal.moves[i].to, t);
              for (guint k = 0; k < self->n_set; k++)
                {
                  TsCell c = translate (g, self->set[k], t);
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
  o->hidden = self->dragging && !is_doseki (self) ? self->press_cell : TS_NO_CELL;
}

static void
ensure_layout (TsBoardView *self, int width, int height)
{
  TsBoardRenderOptions o;

  if (!self->position)
    return;
  if (self->layout.variant == ts_position_variant (self->position) &&
      self->layout_width == width && self->layout_height == height)
    return;
  render_options (self, &o, NULL);
  ts_board_layout_compute (&self->layout, ts_position_variant (self->position), &o, width,
                           height);
  self->layout_width = width;
  self->layout_height = height;
}

static void
draw_piece_at (TsBoardView *self, cairo_t *cr, const TsBoardRenderOptions *o, TsPiece q,
               double alpha, double x, double y, double size)
{
  ts_board_draw_piece (cr, ts_position_variant (self->position), o->piece_style, o->theme,
                       TS_PIECE_TYPE (q), TS_PIECE_SEAT (q), alpha, x, y, size);
}

/* The pieces of a move being shown: what it takes fades, what moves slides (ease-out). */
static void
draw_slides (TsBoardView *self, cairo_t *cr, const TsBoardRenderOptions *o)
{
  const Slide *a = &self->anim;
  double t = 1 - pow (1 - a->progress, 3);
  double x0, y0, x1, y1, s;

  for (guint i = 0; i < a->n_fades; i++)
    if (ts_board_layout_cell_rect (&self->layout, a->fades[i].cell, &x0, &y0, &s))
      draw_piece_at (self, cr, o, a->fades[i].piece, 1 - a->progress, x0, y0, s);
  /* cells of another layer are elsewhere in the widget: the piece crosses between grids */
  for (guint i = 0; i < a->n_slides; i++)
    if (ts_board_layout_cell_rect (&self->layout, a->slides[i].from, &x0, &y0, &s) &&
        ts_board_layout_cell_rect (&self->layout, a->slides[i].to, &x1, &y1, &s))
      draw_piece_at (self, cr, o, a->slides[i].piece, 1.0, x0 + (x1 - x0) * t,
                     y0 + (y1 - y0) * t, s);
}

static void
draw_frame (TsBoardView *self, cairo_t *cr, int width, int height)
{
  guint16 marks[TS_MAX_CELLS];
  TsBoardRenderOptions o;

  ensure_layout (self, width, height);
  compute_marks (self, marks);
  render_options (self, &o, marks);
  ts_board_render (cr, &self->layout, &o);
  if (self->anim.tick_id)
    draw_slides (self, cr, &o);

  if (self->dragging)
    {
      /* the dragged piece (or Doseki set) follows the pointer */
      double c = self->layout.cell, px, py, ps;
      const TsCell *cells = is_doseki (self) ? self->set : &self->press_cell;
      guint n = is_doseki (self) ? self->n_set : 1;

      for (guint i = 0; i < n; i++)
        {
          TsPiece q = ts_position_piece_at (self->position, cells[i]);
          if (q == 0 || !ts_board_layout_cell_rect (&self->layout, cells[i], &px, &py, &ps))
            continue;
          draw_piece_at (self, cr, &o, q, 1.0, px + self->drag_x - self->press_x - c * 0.05,
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

/* ---- a move shown: slide and sound ---- */

static void
anim_stop (TsBoardView *self)
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

          doseki_move_set (*move, &set);
          offset_coords (g, move->from, move->to, t);
          for (guint i = 0; i < set.n && a->n_slides < MAX_SLIDES; i++)
            {
              TsCell to = translate (g, set.cells[i], t);
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

static gboolean
same_position (const TsPosition *a, const TsPosition *b)
{
  return ts_position_variant (a) == ts_position_variant (b) &&
         ts_position_ply (a) == ts_position_ply (b) && ts_position_hash (a) == ts_position_hash (b);
}

/* The view just went from the position it showed to before + move: one move was made
 * (played, or one step forward in the record). Slide it and sound it. */
static void
show_move (TsBoardView *self, const TsPosition *before, const TsMove *move)
{
  g_autoptr(TsPosition) after = NULL;
  g_autoptr(TsPosition) shown = g_steal_pointer (&self->shown);
  gboolean dragged = self->dragged_valid && self->dragged_move.from == move->from &&
                     self->dragged_move.to == move->to;
  gboolean animations = TRUE;
  TsUndo undo;

  self->dragged_valid = FALSE;
  if (!shown || !before || !self->position || !same_position (shown, before))
    return;
  after = ts_position_copy (before);
  if (!ts_position_is_legal (after, *move))
    return;
  ts_position_make (after, *move, &undo);
  if (!same_position (after, self->position))
    return;

  anim_stop (self);
  collect_slides (self, before, move);
  if (self->sound)
    g_signal_emit (self, signals[PLAY_SOUND], 0,
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
  if (!is_doseki (self) && cell != self->selected && is_mover (self, cell))
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
  movable = is_doseki (self) ? own_checker (self, self->press_cell)
                             : self->selected == self->press_cell;
  if (!self->dragging && self->interactive && movable && self->press_cell != TS_NO_CELL &&
      dx * dx + dy * dy > DRAG_THRESHOLD * DRAG_THRESHOLD)
    {
      self->dragging = TRUE;
      if (is_doseki (self))
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

  clear_selection (self);
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

/* ---- GObject ---- */

static void
ts_board_view_dispose (GObject *object)
{
  TsBoardView *self = TS_BOARD_VIEW (object);

  anim_stop (self);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_board_view_class_init (TsBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[PLAY_SOUND] =
    g_signal_new_class_handler ("play-sound", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                G_CALLBACK (play_sound_default), NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_UINT);

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

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
ts_board_view_init (TsBoardView *self)
{
  GtkEventController *motion, *focus;
  GtkGesture *drag;

  self->interactive = TRUE;
  self->coordinates = TRUE;
  self->hover = self->selected = self->cursor = self->primary = TS_NO_CELL;
  self->press_cell = TS_NO_CELL;
  self->drop_type = -1;
  ts_move_list_init (&self->legal);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);

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
  if (!self->position || !p || !same_position (self->position, p))
    anim_stop (self);
  /* kept until set_last_move, which tells whether one move led from it to p */
  g_clear_pointer (&self->shown, ts_position_free);
  self->shown = g_steal_pointer (&self->position);
  if (p)
    self->position = ts_position_copy (p);
  clear_selection (self);
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
    show_move (self, before, move);
  g_clear_pointer (&self->shown, ts_position_free);
  self->n_last = 0;
  if (move)
    {
      if (before && ts_position_variant (before)->family == TS_FAMILY_DOSEKI &&
          move->from != TS_NO_CELL)
        {
          const TsGeometry *g = &ts_position_variant (before)->geometry;
          MoveSet set;
          int t[TS_MAX_DIMS];

          doseki_move_set (*move, &set);
          offset_coords (g, move->from, move->to, t);
          for (guint i = 0; i < set.n; i++)
            {
              TsCell to = translate (g, set.cells[i], t);
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
    clear_selection (self);
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
      anim_stop (self);
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
ts_board_view_set_drop_type (TsBoardView *self, int type)
{
  g_return_if_fail (TS_IS_BOARD_VIEW (self));

  self->drop_type = type < 0 ? -1 : type;
  clear_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

const TsBoardLayout *
ts_board_view_get_layout (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), NULL);
  return &self->layout;
}

gboolean
ts_board_view_is_choosing_promotion (TsBoardView *self)
{
  g_return_val_if_fail (TS_IS_BOARD_VIEW (self), FALSE);
  return self->n_promo > 1 && gtk_widget_get_visible (self->promo_popover);
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
