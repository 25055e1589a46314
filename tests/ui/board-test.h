#pragma once

/* Helpers shared by the board tests: pixels of cairo image surfaces, and (with GTK) a
 * window holding a board view. */
#include <cairo.h>
#include <glib.h>

#include "piece-art.h"

G_BEGIN_DECLS

static inline guint32
board_test_pixel (cairo_surface_t *s, int x, int y)
{
  cairo_surface_flush (s);
  guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  return *(guint32 *) (data + y * stride + x * 4);
}

static inline guint32
board_test_rgb (const TsRgb *c)
{
  return 0xff000000u | ((guint32) (c->r * 255 + 0.5) << 16) | ((guint32) (c->g * 255 + 0.5) << 8) |
         (guint32) (c->b * 255 + 0.5);
}

static inline gboolean
board_test_near (guint32 a, guint32 b, int tolerance)
{
  for (int shift = 0; shift < 32; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > tolerance)
      return FALSE;
  return TRUE;
}

#ifdef GTK_MAJOR_VERSION
/* An undecorated window of width × height holding a new board view (returned in view). */
static inline GtkWidget *
board_test_window_new (GtkWidget **view, int width, int height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  *view = ts_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), *view);
  return window;
}

/* The cell named name in the view's variant. */
static inline TsCell
board_test_cell (TsBoardView *view, const char *name)
{
  const TsVariant *v = ts_position_variant (ts_board_view_get_position (view));
  TsCell c = ts_variant_parse_cell (v, name, NULL);

  g_assert_cmpint (c, !=, TS_NO_CELL);
  return c;
}

/* Destroys window and checks that child (its board view) is finalized with it. */
static inline void
board_test_destroy_window (GtkWidget *window, GtkWidget *child)
{
  g_object_add_weak_pointer (G_OBJECT (child), (gpointer *) &child);
  gtk_window_destroy (GTK_WINDOW (window));
  while (child && g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (child);
}
#endif

G_END_DECLS
