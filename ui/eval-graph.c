/* TsEvalGraph: the evaluation of a game's main line as a chart (eval-graph.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "eval-graph.h"
#include "records/nag.h"

/* The plot's margins: the axis labels sit left of it and under it. */
#define MARGIN_LEFT   36.0
#define MARGIN_RIGHT  10.0
#define MARGIN_TOP     8.0
#define MARGIN_BOTTOM 18.0
#define MIN_LABEL_GAP 36.0   /* pixels between move numbers */
#define DOT_RADIUS     4.0

typedef struct {
  int    score;
  guint  line, mark;
  char  *label, *value;
} Point;

struct _TsEvalGraph
{
  GtkWidget  parent_instance;
  GArray    *points;     /* Point: move k is points[k - 1] */
  GPtrArray *names;      /* of the lines */
  GArray    *colours;    /* GdkRGBA per line */
  guint      first_ply, n_seats;
  guint      current;    /* G_MAXUINT: none */
  guint      hover;      /* G_MAXUINT: none */
};

G_DEFINE_FINAL_TYPE (TsEvalGraph, ts_eval_graph, GTK_TYPE_WIDGET)

enum { SIGNAL_PLY_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Lichess's colours for the three marks; the other marks get no dot. */
static gboolean
mark_colour (guint mark, GdkRGBA *c)
{
  switch (mark)
    {
    case TS_NAG_DUBIOUS: *c = (GdkRGBA) { 0x56 / 255.0, 0xb4 / 255.0, 0xe9 / 255.0, 1 }; return TRUE;
    case TS_NAG_MISTAKE: *c = (GdkRGBA) { 0xe6 / 255.0, 0x9f / 255.0, 0x00 / 255.0, 1 }; return TRUE;
    case TS_NAG_BLUNDER: *c = (GdkRGBA) { 0xdf / 255.0, 0x53 / 255.0, 0x53 / 255.0, 1 }; return TRUE;
    default: return FALSE;
    }
}

static const GdkRGBA accent = { 0.21, 0.52, 0.89, 1 };   /* Adwaita's blue */

/* Winning chances (-1 … 1) of a score, evaluations capped at ten pawns, mates the edge. */
static double
chances (int score)
{
  if (score >= TS_EVAL_GRAPH_MATE)
    return 1;
  if (score <= -TS_EVAL_GRAPH_MATE)
    return -1;
  return 2 / (1 + exp (-0.00368208 * CLAMP (score, -1000, 1000))) - 1;
}

static void
point_clear (gpointer data)
{
  Point *p = data;

  g_free (p->label);
  g_free (p->value);
}

GtkWidget *
ts_eval_graph_new (void)
{
  return g_object_new (TS_TYPE_EVAL_GRAPH, NULL);
}

/* ---- Geometry ---- */

static void
plot_rect (TsEvalGraph *self, graphene_rect_t *r)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));

  graphene_rect_init (r, MARGIN_LEFT, MARGIN_TOP, MAX (w - MARGIN_LEFT - MARGIN_RIGHT, 1),
                      MAX (h - MARGIN_TOP - MARGIN_BOTTOM, 1));
}

static double
ply_x (TsEvalGraph *self, const graphene_rect_t *r, guint ply)
{
  guint n = MAX (self->points->len, 1);

  return r->origin.x + r->size.width * ply / n;
}

static double
score_y (const graphene_rect_t *r, int score)
{
  return r->origin.y + r->size.height * (1 - chances (score)) / 2;
}

static const Point *
point_at (TsEvalGraph *self, guint ply)
{
  if (ply == 0 || ply > self->points->len)
    return NULL;
  return &g_array_index (self->points, Point, ply - 1);
}

gboolean
ts_eval_graph_get_point (TsEvalGraph *self, guint ply, double *x, double *y)
{
  const Point *p = point_at (self, ply);
  graphene_rect_t r;

  g_return_val_if_fail (TS_IS_EVAL_GRAPH (self), FALSE);
  if (gtk_widget_get_width (GTK_WIDGET (self)) <= 0 || (ply > 0 && (p == NULL || p->score == TS_EVAL_GRAPH_NONE)))
    return FALSE;
  plot_rect (self, &r);
  *x = ply_x (self, &r, ply);
  *y = score_y (&r, p ? p->score : 0);
  return TRUE;
}

guint
ts_eval_graph_ply_at (TsEvalGraph *self, double x)
{
  graphene_rect_t r;
  guint n = self->points->len;

  g_return_val_if_fail (TS_IS_EVAL_GRAPH (self), 0);
  if (n == 0)
    return 0;
  plot_rect (self, &r);
  return (guint) CLAMP (lround ((x - r.origin.x) / r.size.width * n), 0, (long) n);
}

/* ---- Data ---- */

static char *
accessible_description (TsEvalGraph *self)
{
  guint marks[7] = { 0 };
  const Point *last = NULL, *current = point_at (self, self->current);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);

      marks[MIN (p->mark, 6u)]++;
      if (p->value)
        last = p;
    }
  g_string_append_printf (s, _("%u moves."), self->points->len);
  if (last)
    g_string_append_printf (s, " %s %s %s.", _("Last evaluation:"), last->label, last->value);
  g_string_append_printf (s, " ");
  g_string_append_printf (s, _("Inaccuracies: %u, mistakes: %u, blunders: %u."), marks[TS_NAG_DUBIOUS],
                          marks[TS_NAG_MISTAKE], marks[TS_NAG_BLUNDER]);
  if (current && current->value)
    g_string_append_printf (s, " %s %s %s.", _("Current move:"), current->label, current->value);
  return g_string_free (s, FALSE);
}

static void
update_accessible (TsEvalGraph *self)
{
  g_autofree char *description = accessible_description (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation graph"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

void
ts_eval_graph_set_lines (TsEvalGraph *self, guint n_lines, const char *const *names, const GdkRGBA *colours)
{
  g_return_if_fail (TS_IS_EVAL_GRAPH (self));
  g_ptr_array_set_size (self->names, 0);
  g_array_set_size (self->colours, 0);
  for (guint i = 0; i < n_lines; i++)
    {
      GdkRGBA c = colours ? colours[i] : accent;

      g_ptr_array_add (self->names, g_strdup (names ? names[i] : NULL));
      g_array_append_val (self->colours, c);
    }
  ts_eval_graph_clear (self);
}

void
ts_eval_graph_set_points (TsEvalGraph *self, const TsEvalGraphPoint *points, guint n, guint first_ply,
                          guint n_seats)
{
  g_return_if_fail (TS_IS_EVAL_GRAPH (self));
  g_array_set_size (self->points, 0);
  for (guint i = 0; i < n; i++)
    {
      Point p = { points[i].score, points[i].line, points[i].mark, g_strdup (points[i].label),
                  g_strdup (points[i].value) };

      g_array_append_val (self->points, p);
    }
  self->first_ply = first_ply;
  self->n_seats = MAX (n_seats, 1);
  if (self->hover != G_MAXUINT && self->hover > n)
    self->hover = G_MAXUINT;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_eval_graph_clear (TsEvalGraph *self)
{
  ts_eval_graph_set_points (self, NULL, 0, 0, 2);
}

guint
ts_eval_graph_get_n_points (TsEvalGraph *self)
{
  return self->points->len;
}

gboolean
ts_eval_graph_has_scores (TsEvalGraph *self)
{
  for (guint i = 0; i < self->points->len; i++)
    if (g_array_index (self->points, Point, i).score != TS_EVAL_GRAPH_NONE)
      return TRUE;
  return FALSE;
}

void
ts_eval_graph_set_current (TsEvalGraph *self, guint ply)
{
  g_return_if_fail (TS_IS_EVAL_GRAPH (self));
  if (self->current == ply)
    return;
  self->current = ply;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
ts_eval_graph_get_current (TsEvalGraph *self)
{
  return self->current;
}

/* "12. QBb3??  −11.10 (Blunder)"; with a line per seat "…  Red +0.35". */
char *
ts_eval_graph_describe_ply (TsEvalGraph *self, guint ply)
{
  const Point *p = point_at (self, ply);
  const char *name, *glyph, *meaning;
  GString *s;

  if (p == NULL)
    return NULL;
  name = self->names->len > 1 && p->line < self->names->len ? self->names->pdata[p->line] : NULL;
  glyph = p->mark ? ts_nag_glyph (p->mark) : NULL;
  meaning = p->mark ? ts_nag_description (p->mark) : NULL;
  s = g_string_new (p->label);
  if (glyph)
    g_string_append (s, glyph);
  if (name)
    g_string_append_printf (s, "  %s", name);
  if (p->value)
    g_string_append_printf (s, name ? " %s" : "  %s", p->value);
  if (meaning)
    g_string_append_printf (s, " (%s)", meaning);
  return g_string_free (s, FALSE);
}

/* ---- Drawing ---- */

static void
set_colour (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
draw_text (TsEvalGraph *self, cairo_t *cr, const char *text, double x, double y, double xalign)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w * xalign, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* Axes: the zero line, pawns on the left, move numbers below. */
static void
draw_axes (TsEvalGraph *self, cairo_t *cr, const graphene_rect_t *r, const GdkRGBA *fg)
{
  static const int ticks[] = { 1000, 300, 0, -300, -1000 };
  double step_px;
  guint n = self->points->len, step = 1;
  static const guint steps[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000 };

  for (guint i = 0; i < G_N_ELEMENTS (ticks); i++)
    {
      double y = round (score_y (r, ticks[i])) + 0.5;
      g_autofree char *label = ticks[i] == 0 ? g_strdup ("0") : g_strdup_printf ("%+d", ticks[i] / 100);

      set_colour (cr, fg, ticks[i] == 0 ? 0.5 : 0.15);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, r->origin.x, y);
      cairo_line_to (cr, r->origin.x + r->size.width, y);
      cairo_stroke (cr);
      set_colour (cr, fg, 0.7);
      draw_text (self, cr, label, r->origin.x - 4, y, 1);
    }
  if (n == 0)
    return;
  /* a move number every step moves, at least MIN_LABEL_GAP apart */
  step_px = r->size.width / n * self->n_seats;
  for (guint i = 0; i < G_N_ELEMENTS (steps) && steps[i] * step_px < MIN_LABEL_GAP; i++)
    step = steps[MIN (i + 1, G_N_ELEMENTS (steps) - 1)];
  set_colour (cr, fg, 0.7);
  for (guint ply = 1; ply <= n; ply++)
    {
      guint abs_ply = self->first_ply + ply - 1, number = abs_ply / self->n_seats + 1;

      if (abs_ply % self->n_seats == 0 && number % step == 0)
        {
          g_autofree char *label = g_strdup_printf ("%u", number);
          double x = ply_x (self, r, ply);

          draw_text (self, cr, label, x, r->origin.y + r->size.height + MARGIN_BOTTOM / 2, 0.5);
          set_colour (cr, fg, 0.25);
          cairo_move_to (cr, round (x) + 0.5, r->origin.y + r->size.height);
          cairo_line_to (cr, round (x) + 0.5, r->origin.y + r->size.height + 3);
          cairo_stroke (cr);
          set_colour (cr, fg, 0.7);
        }
    }
}

/* The path of one line's points (runs without a score break it); with fill, closed
 * along the zero line. */
static void
line_path (TsEvalGraph *self, cairo_t *cr, const graphene_rect_t *r, guint line, gboolean fill)
{
  double zero = score_y (r, 0), run_start = 0, last_x = 0;
  gboolean in_run = FALSE;

  for (guint ply = 1; ply <= self->points->len + 1; ply++)
    {
      const Point *p = point_at (self, ply);
      gboolean usable = p && p->line == line && p->score != TS_EVAL_GRAPH_NONE;

      if (p && p->line != line)
        continue;
      if (usable)
        {
          double x = ply_x (self, r, ply), y = score_y (r, p->score);

          if (!in_run)
            {
              run_start = x;
              if (fill)
                cairo_move_to (cr, x, zero);
              else
                cairo_move_to (cr, x, y);
              in_run = TRUE;
            }
          cairo_line_to (cr, x, y);
          last_x = x;
        }
      else if (in_run)
        {
          if (fill)
            {
              cairo_line_to (cr, last_x, zero);
              cairo_line_to (cr, run_start, zero);
              cairo_close_path (cr);
            }
          in_run = FALSE;
        }
    }
}

static void
draw_lines (TsEvalGraph *self, cairo_t *cr, const graphene_rect_t *r)
{
  double zero = score_y (r, 0);

  if (self->names->len <= 1)
    {
      /* the first side's advantage light above the zero line, the second's dark below */
      cairo_save (cr);
      cairo_rectangle (cr, r->origin.x, r->origin.y, r->size.width, zero - r->origin.y);
      cairo_clip (cr);
      line_path (self, cr, r, 0, TRUE);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      cairo_fill (cr);
      cairo_restore (cr);
      cairo_save (cr);
      cairo_rectangle (cr, r->origin.x, zero, r->size.width, r->origin.y + r->size.height - zero);
      cairo_clip (cr);
      line_path (self, cr, r, 0, TRUE);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.55);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint line = 0; line < MAX (self->names->len, 1u); line++)
    {
      const GdkRGBA *c = line < self->colours->len ? &g_array_index (self->colours, GdkRGBA, line) : &accent;
      /* seats told apart without colour too: each its own dashes */
      static const double dashes[4][2] = { { 1, 0 }, { 7, 3 }, { 2, 2 }, { 9, 2 } };

      line_path (self, cr, r, line, FALSE);
      cairo_set_line_width (cr, self->names->len > 1 ? 2 : 1.5);
      if (self->names->len > 1)
        cairo_set_dash (cr, dashes[line % 4], dashes[line % 4][1] > 0 ? 2 : 0, 0);
      set_colour (cr, c, 1);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

static void
draw_dot (cairo_t *cr, double x, double y, double radius, const GdkRGBA *c)
{
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  set_colour (cr, c, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
draw_marks (TsEvalGraph *self, cairo_t *cr)
{
  for (guint ply = 1; ply <= self->points->len; ply++)
    {
      GdkRGBA c;
      double x, y;

      if (mark_colour (point_at (self, ply)->mark, &c) && ts_eval_graph_get_point (self, ply, &x, &y))
        draw_dot (cr, x, y, DOT_RADIUS, &c);
    }
}

static void
draw_cursor (TsEvalGraph *self, cairo_t *cr, const graphene_rect_t *r, guint ply, double alpha)
{
  double x, y;

  if (ply > self->points->len)
    return;
  x = round (ply_x (self, r, ply)) + 0.5;
  set_colour (cr, &accent, alpha);
  cairo_set_line_width (cr, alpha > 0.5 ? 2 : 1);
  cairo_move_to (cr, x, r->origin.y);
  cairo_line_to (cr, x, r->origin.y + r->size.height);
  cairo_stroke (cr);
  if (ts_eval_graph_get_point (self, ply, &x, &y))
    {
      GdkRGBA c = accent;

      c.alpha = alpha;
      draw_dot (cr, x, y, DOT_RADIUS - 1, &c);
    }
}

static void
ts_eval_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TsEvalGraph *self = TS_EVAL_GRAPH (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  graphene_rect_t r;
  GdkRGBA fg;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  plot_rect (self, &r);
  set_colour (cr, &fg, 0.14);
  cairo_rectangle (cr, r.origin.x, r.origin.y, r.size.width, r.size.height);
  cairo_fill (cr);
  draw_axes (self, cr, &r, &fg);
  if (self->points->len > 0)
    {
      draw_lines (self, cr, &r);
      if (self->hover != G_MAXUINT && self->hover != self->current)
        draw_cursor (self, cr, &r, self->hover, 0.35);
      if (self->current != G_MAXUINT)
        draw_cursor (self, cr, &r, self->current, 0.9);
      draw_marks (self, cr);
    }
  cairo_destroy (cr);
}

/* ---- Input ---- */

void
ts_eval_graph_click (TsEvalGraph *self, double x, double y)
{
  g_return_if_fail (TS_IS_EVAL_GRAPH (self));
  if (self->points->len == 0)
    return;
  g_signal_emit (self, signals[SIGNAL_PLY_ACTIVATED], 0, ts_eval_graph_ply_at (self, x));
}

static void
pressed (GtkGestureClick *click, int n_press, double x, double y, TsEvalGraph *self)
{
  ts_eval_graph_click (self, x, y);
}

static void
motion (GtkEventControllerMotion *motion, double x, double y, TsEvalGraph *self)
{
  guint ply = self->points->len ? ts_eval_graph_ply_at (self, x) : G_MAXUINT;

  if (ply != self->hover)
    {
      self->hover = ply;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
leave (GtkEventControllerMotion *motion, TsEvalGraph *self)
{
  self->hover = G_MAXUINT;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  TsEvalGraph *self = TS_EVAL_GRAPH (widget);
  g_autofree char *text = ts_eval_graph_describe_ply (self, ts_eval_graph_ply_at (self, x));

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
ts_eval_graph_finalize (GObject *object)
{
  TsEvalGraph *self = TS_EVAL_GRAPH (object);

  g_array_unref (self->points);
  g_ptr_array_unref (self->names);
  g_array_unref (self->colours);
  G_OBJECT_CLASS (ts_eval_graph_parent_class)->finalize (object);
}

static void
ts_eval_graph_class_init (TsEvalGraphClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ts_eval_graph_finalize;
  widget_class->snapshot = ts_eval_graph_snapshot;
  widget_class->query_tooltip = query_tooltip;
  signals[SIGNAL_PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ts_eval_graph_init (TsEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *move = gtk_event_controller_motion_new ();

  self->points = g_array_new (FALSE, FALSE, sizeof (Point));
  g_array_set_clear_func (self->points, point_clear);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->colours = g_array_new (FALSE, FALSE, sizeof (GdkRGBA));
  self->n_seats = 2;
  self->current = G_MAXUINT;
  self->hover = G_MAXUINT;
  gtk_widget_set_size_request (GTK_WIDGET (self), 240, 110);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (move, "motion", G_CALLBACK (motion), self);
  g_signal_connect (move, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), move);
  update_accessible (self);
}
