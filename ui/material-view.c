/* TsMaterialView: the pieces each seat has taken and the material balance. */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "board-render.h"
#include "material-view.h"

#define ROW_HEIGHT 24
#define ICON 20
#define MAX_ICONS 4   /* of one kind; more as one icon and "×n" */

struct _TsMaterialView
{
  GtkWidget        parent_instance;

  const TsVariant *variant;   /* NULL: nothing to show */
  TsMaterial       material;
  TsMaterialLine  *line;      /* counted last time: a step counts one move */
  double           row_end[TS_MAX_SEATS];   /* where each row's drawing ended, last drawn */
};

G_DEFINE_FINAL_TYPE (TsMaterialView, ts_material_view, GTK_TYPE_WIDGET)

GtkWidget *
ts_material_view_new (void)
{
  return g_object_new (TS_TYPE_MATERIAL_VIEW, NULL);
}

const TsMaterial *
ts_material_view_get_material (TsMaterialView *self)
{
  g_return_val_if_fail (TS_IS_MATERIAL_VIEW (self), NULL);
  return &self->material;
}

/* Types in the order they are shown: the most valuable first. */
static void
type_order (const TsVariant *v, guint order[TS_MAX_PIECE_TYPES])
{
  for (guint t = 0; t < v->n_piece_types; t++)
    order[t] = t;
  for (guint i = 1; i < v->n_piece_types; i++)
    for (guint k = i; k > 0 && ts_material_piece_value (v, order[k]) > ts_material_piece_value (v, order[k - 1]); k--)
      {
        guint x = order[k];

        order[k] = order[k - 1];
        order[k - 1] = x;
      }
}

static guint
taken_total (const TsMaterial *m, guint seat)
{
  guint n = 0;

  for (guint o = 0; o < TS_MAX_SEATS; o++)
    for (guint t = 0; t < TS_MAX_PIECE_TYPES; t++)
      n += m->captured[seat][o][t];
  return n;
}

static char *
seat_line (TsMaterialView *self, guint seat)
{
  const TsVariant *v = self->variant;
  const TsMaterial *m = &self->material;
  g_autofree char *balance = ts_material_balance_text (m, seat);
  GString *s = g_string_new (_(v->seat_names[seat]));

  g_string_append (s, ":");
  if (m->doseki)
    {
      /* Translators: Doseki, beside the board: checkers a side took, and its checkers
       * waiting outside the board */
      g_string_append_printf (s, " ");
      g_string_append_printf (s, ngettext ("%u captured", "%u captured", taken_total (m, seat)), taken_total (m, seat));
      g_string_append (s, ", ");
      g_string_append_printf (s, ngettext ("%u outside", "%u outside", m->outside[seat]), m->outside[seat]);
    }
  else
    for (guint o = 0; o < v->n_seats; o++)
      for (guint t = 0; t < v->n_piece_types; t++)
        if (m->captured[seat][o][t] > 0)
          g_string_append_printf (s, " %c×%u", v->piece_types[t].letter, m->captured[seat][o][t]);
  if (*balance)
    g_string_append_printf (s, " %s", balance);
  return g_string_free (s, FALSE);
}

char *
ts_material_view_get_text (TsMaterialView *self)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (TS_IS_MATERIAL_VIEW (self), NULL);
  for (guint seat = 0; self->variant && seat < self->variant->n_seats; seat++)
    {
      g_autofree char *line = seat_line (self, seat);

      g_string_append_printf (s, "%s%s", seat ? "\n" : "", line);
    }
  return g_string_free (s, FALSE);
}

void
ts_material_view_set_game (TsMaterialView *self, TsGame *game)
{
  g_autofree char *text = NULL;

  g_return_if_fail (TS_IS_MATERIAL_VIEW (self));

  self->variant = game ? ts_game_variant (game) : NULL;
  memset (&self->material, 0, sizeof self->material);
  if (game)
    ts_material_line_count (self->line, game, ts_game_current (game), &self->material);
  text = ts_material_view_get_text (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- drawing ---- */

static double
draw_text (GtkWidget *widget, cairo_t *cr, const char *text, gboolean bold, double x, double y,
           const GdkRGBA *colour, double alpha)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;

  if (bold)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha * alpha);
  cairo_move_to (cr, x, y + (ROW_HEIGHT - h) / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return w;
}

static int
names_width (TsMaterialView *self)
{
  int widest = 0;

  for (guint seat = 0; seat < self->variant->n_seats; seat++)
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), _(self->variant->seat_names[seat]));
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      widest = MAX (widest, w);
      g_object_unref (layout);
    }
  return widest;
}

/* One kind of piece taken: up to four overlapping icons, or one and "×n". */
static double
draw_taken (TsMaterialView *self, cairo_t *cr, guint owner, guint type, guint n, gboolean counted,
            double x, const GdkRGBA *fg)
{
  const TsVariant *v = self->variant;
  double y = (ROW_HEIGHT - ICON) / 2.0;

  if (n > MAX_ICONS || counted)
    {
      g_autofree char *count = g_strdup_printf ("×%u", n);

      ts_board_draw_piece (cr, v, TS_PIECE_STYLE_FIGURES, NULL, type, owner, 1.0, x, y, ICON);
      return ICON + draw_text (GTK_WIDGET (self), cr, count, FALSE, x + ICON, 0, fg, 0.8) + 6;
    }
  for (guint i = 0; i < n; i++)
    ts_board_draw_piece (cr, v, TS_PIECE_STYLE_FIGURES, NULL, type, owner, 1.0, x + i * ICON * 0.55, y, ICON);
  return ICON + (n - 1) * ICON * 0.55 + 4;
}

/* One seat's row after its name, from x: the pieces it took (compact: two or more of a
 * kind as one icon and "×n") and its balance. Returns where it ends. */
static double
draw_row (TsMaterialView *self, cairo_t *cr, guint seat, gboolean compact, double x,
          const guint order[TS_MAX_PIECE_TYPES], const GdkRGBA *fg)
{
  const TsMaterial *m = &self->material;
  GtkWidget *widget = GTK_WIDGET (self);
  g_autofree char *balance = ts_material_balance_text (m, seat);

  if (m->doseki)
    {
      g_autofree char *line = NULL;

      if (taken_total (m, seat) > 0)
        x += draw_taken (self, cr, 1 - seat, 0, taken_total (m, seat), TRUE, x, fg);
      /* Translators: Doseki checkers waiting outside the board */
      line = g_strdup_printf (ngettext ("%u outside", "%u outside", m->outside[seat]), m->outside[seat]);
      x += draw_text (widget, cr, line, FALSE, x, 0, fg, 0.7) + 8;
    }
  else
    for (guint i = 0; i < self->variant->n_piece_types; i++)
      for (guint o = 0; o < m->n_seats; o++)
        if (m->captured[seat][o][order[i]] > 0)
          x += draw_taken (self, cr, o, order[i], m->captured[seat][o][order[i]],
                           compact && m->captured[seat][o][order[i]] > 1, x, fg);
  if (*balance)
    x += 2 + draw_text (widget, cr, balance, TRUE, x + 2, 0, fg, 1.0);
  return x;
}

static double
row_end (TsMaterialView *self, cairo_t *cr, guint seat, gboolean compact, double x,
         const guint order[TS_MAX_PIECE_TYPES], const GdkRGBA *fg)
{
  double end;

  cairo_push_group (cr);
  end = draw_row (self, cr, seat, compact, x, order, fg);
  cairo_pattern_destroy (cairo_pop_group (cr));
  return end;
}

/* How a seat's row fits width (a side pane as narrow as it may be, four seats that took
 * much): as it is, else compact, else also scaled down. */
static double
fit_row (TsMaterialView *self, cairo_t *cr, guint seat, double name_w, int width,
         const guint order[TS_MAX_PIECE_TYPES], const GdkRGBA *fg, gboolean *compact)
{
  double end = row_end (self, cr, seat, FALSE, name_w, order, fg);
  double scale;

  *compact = end > width;
  if (*compact)
    end = row_end (self, cr, seat, TRUE, name_w, order, fg);
  scale = end > width ? MAX (width - name_w, 1) / (end - name_w) : 1.0;
  self->row_end[seat] = name_w + (end - name_w) * scale;
  return scale;
}

static void
ts_material_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TsMaterialView *self = TS_MATERIAL_VIEW (widget);
  const TsMaterial *m = &self->material;
  int width = gtk_widget_get_width (widget);
  guint order[TS_MAX_PIECE_TYPES];
  GdkRGBA fg;
  double name_w;
  cairo_t *cr;

  if (self->variant == NULL || width <= 0)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  type_order (self->variant, order);
  name_w = names_width (self) + 10;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, m->n_seats * ROW_HEIGHT));
  for (guint seat = 0; seat < m->n_seats; seat++)
    {
      gboolean compact;
      double scale;

      cairo_save (cr);
      cairo_translate (cr, 0, seat * ROW_HEIGHT);
      draw_text (widget, cr, _(self->variant->seat_names[seat]), FALSE, 0, 0, &fg, 0.7);
      scale = fit_row (self, cr, seat, name_w, width, order, &fg, &compact);
      cairo_translate (cr, name_w, ROW_HEIGHT * (1 - scale) / 2);
      cairo_scale (cr, scale, scale);
      draw_row (self, cr, seat, compact, 0, order, &fg);
      cairo_restore (cr);
    }
  cairo_destroy (cr);
}

static void
ts_material_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  TsMaterialView *self = TS_MATERIAL_VIEW (widget);
  guint rows = self->variant ? self->variant->n_seats : 0;

  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 160 : (int) rows * ROW_HEIGHT;
}

static void
ts_material_view_finalize (GObject *object)
{
  ts_material_line_free (TS_MATERIAL_VIEW (object)->line);
  G_OBJECT_CLASS (ts_material_view_parent_class)->finalize (object);
}

static void
ts_material_view_class_init (TsMaterialViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ts_material_view_finalize;
  widget_class->snapshot = ts_material_view_snapshot;
  widget_class->measure = ts_material_view_measure;
  gtk_widget_class_set_css_name (widget_class, "material");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ts_material_view_init (TsMaterialView *self)
{
  self->line = ts_material_line_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Material"), -1);
}

/* Where seat's row ended when last drawn (tests: never past the widget's width). */
double
ts_material_view_get_row_end (TsMaterialView *self, guint seat)
{
  g_return_val_if_fail (TS_IS_MATERIAL_VIEW (self) && seat < TS_MAX_SEATS, 0);
  return self->row_end[seat];
}
