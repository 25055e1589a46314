/* TsEvalGraph: the evaluation over the game as a filled curve. */
#include "config.h"

#include <math.h>

#include "eval-graph.h"

struct _TsEvalGraph
{
  GtkWidget  parent_instance;
  GArray    *scores;   /* int */
  guint      current;
};

G_DEFINE_FINAL_TYPE (TsEvalGraph, ts_eval_graph, GTK_TYPE_WIDGET)

enum { SIGNAL_PLY_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Centipawns to -1..1, flattening large advantages (a pawn is clearly visible, a
 * queen is near the edge). */
static double
squash (int cp)
{
  if (cp >= TS_EVAL_GRAPH_MATE)
    return 1;
  if (cp <= -TS_EVAL_GRAPH_MATE)
    return -1;
  return tanh (cp / 600.0);
}

GtkWidget *
ts_eval_graph_new (void)
{
  return g_object_new (TS_TYPE_EVAL_GRAPH, NULL);
}

void
ts_eval_graph_set_scores (TsEvalGraph *self, const int *scores, guint n)
{
  g_return_if_fail (TS_IS_EVAL_GRAPH (self));
  g_array_set_size (self->scores, 0);
  g_array_append_vals (self->scores, scores, n);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_eval_graph_set_current (TsEvalGraph *self, guint ply)
{
  g_return_if_fail (TS_IS_EVAL_GRAPH (self));
  self->current = ply;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
ts_eval_graph_get_n_scores (TsEvalGraph *self)
{
  return self->scores->len;
}

guint
ts_eval_graph_ply_at (TsEvalGraph *self, double x, double width)
{
  guint n = self->scores->len;

  if (n < 2 || width <= 0)
    return 0;
  return (guint) CLAMP (lround (x / width * (n - 1)), 0, (long) n - 1);
}

static void
ts_eval_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TsEvalGraph *self = TS_EVAL_GRAPH (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget), mid = h / 2;
  guint n = self->scores->len;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  GdkRGBA fg;
  gboolean started = FALSE;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.08);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, mid + 0.5);
  cairo_line_to (cr, w, mid + 0.5);
  cairo_stroke (cr);
  if (n >= 1)
    {
      double step = n > 1 ? w / (n - 1) : w;

      /* the first seat's advantage is the filled area above the middle */
      cairo_move_to (cr, 0, mid);
      for (guint i = 0; i < n; i++)
        {
          int s = g_array_index (self->scores, int, i);

          if (s == TS_EVAL_GRAPH_NONE)
            continue;
          cairo_line_to (cr, i * step, mid - squash (s) * (mid - 2));
          started = TRUE;
        }
      if (started)
        {
          cairo_line_to (cr, (n - 1) * step, mid);
          cairo_close_path (cr);
          cairo_set_source_rgba (cr, 0.35, 0.55, 0.85, 0.45);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.2, 0.4, 0.75, 1);
          cairo_set_line_width (cr, 1.5);
          cairo_stroke (cr);
        }
      if (self->current < n)
        {
          cairo_set_source_rgba (cr, 0.85, 0.3, 0.2, 0.9);
          cairo_set_line_width (cr, 2);
          cairo_move_to (cr, self->current * step, 0);
          cairo_line_to (cr, self->current * step, h);
          cairo_stroke (cr);
        }
    }
  cairo_destroy (cr);
}

static void
pressed (GtkGestureClick *click, int n_press, double x, double y, TsEvalGraph *self)
{
  if (self->scores->len == 0)
    return;
  g_signal_emit (self, signals[SIGNAL_PLY_ACTIVATED], 0,
                 ts_eval_graph_ply_at (self, x, gtk_widget_get_width (GTK_WIDGET (self))));
}

static void
ts_eval_graph_finalize (GObject *object)
{
  g_array_unref (TS_EVAL_GRAPH (object)->scores);
  G_OBJECT_CLASS (ts_eval_graph_parent_class)->finalize (object);
}

static void
ts_eval_graph_class_init (TsEvalGraphClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ts_eval_graph_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = ts_eval_graph_snapshot;
  signals[SIGNAL_PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "evalgraph");
}

static void
ts_eval_graph_init (TsEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->scores = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_set_size_request (GTK_WIDGET (self), 120, 60);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}
