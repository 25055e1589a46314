/* Diagrams and the piece sheet written to PNG, SVG or PDF files. */
#include "board-render.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>

typedef enum { FORMAT_PNG, FORMAT_SVG, FORMAT_PDF } ImageFormat;

static gboolean
format_of (const char *filename, ImageFormat *format, GError **error)
{
  g_autofree char *lower = g_ascii_strdown (filename, -1);

  if (g_str_has_suffix (lower, ".png"))
    *format = FORMAT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = FORMAT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = FORMAT_PDF;
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot tell the image format of “%s”: the name must end in .png, .svg or .pdf"),
                   filename);
      return FALSE;
    }
  return TRUE;
}

typedef void (*DrawFunc) (cairo_t *cr, gconstpointer data);

/* Draws into a new file of the given format and size. */
static gboolean
draw_to_file (const char *filename, ImageFormat format, int width, int height, DrawFunc draw,
              gconstpointer data, GError **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (format == FORMAT_PNG)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  else if (format == FORMAT_SVG)
    {
      surface = cairo_svg_surface_create (filename, width, height);
      /* the width asked for is in pixels (cairo 1.16 writes points by default) */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else
    surface = cairo_pdf_surface_create (filename, width, height);

  cr = cairo_create (surface);
  draw (cr, data);
  cairo_destroy (cr);
  if (format == FORMAT_PNG)
    status = cairo_surface_write_to_png (surface, filename);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot write “%s”: %s"),
                   filename, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_size (int size, GError **error)
{
  if (size < 64 || size > 16384)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Image size %d is out of range: it must be between 64 and 16384 pixels"),
                   size);
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  const TsBoardLayout        *layout;
  const TsBoardRenderOptions *options;
} BoardDrawing;

static void
draw_board (cairo_t *cr, gconstpointer data)
{
  const BoardDrawing *d = data;

  ts_board_render (cr, d->layout, d->options);
}

gboolean
ts_board_render_to_file (const TsBoardRenderOptions *options, const char *filename, int size,
                         GError **error)
{
  const TsVariant *v = ts_position_variant (options->position);
  TsBoardRenderOptions o = *options;
  TsBoardLayout layout;
  ImageFormat format;
  double height;

  if (!format_of (filename, &format, error) || !check_size (size, error))
    return FALSE;
  o.fixed_arrangement = TRUE;
  height = ts_board_layout_natural_height (v, &o, size);
  ts_board_layout_compute (&layout, v, &o, size, height);
  return draw_to_file (filename, format, size, (int) height, draw_board,
                       &(BoardDrawing) { &layout, &o }, error);
}

static void
draw_sheet (cairo_t *cr, gconstpointer data)
{
  double cell = *(const double *) data;
  const TsBoardTheme *theme = ts_board_theme_light ();

  cairo_set_source_rgb (cr, theme->background.r, theme->background.g, theme->background.b);
  cairo_paint (cr);
  for (int a = 0; a < TS_N_ARMIES; a++)
    for (int i = 0; i < TS_N_PIECE_IMAGES; i++)
      {
        {
          const TsRgb *c = (a + i) % 2 ? &theme->dark : &theme->light;

          cairo_set_source_rgb (cr, c->r, c->g, c->b);
        }
        cairo_rectangle (cr, i * cell, a * cell, cell, cell);
        cairo_fill (cr);
        ts_piece_art_draw (cr, i, a, i * cell, a * cell, cell);
      }
}

gboolean
ts_piece_sheet_to_file (const char *filename, int size, GError **error)
{
  ImageFormat format;
  double cell = floor (size / (double) TS_N_PIECE_IMAGES);

  if (!format_of (filename, &format, error) || !check_size (size, error))
    return FALSE;
  return draw_to_file (filename, format, (int) (cell * TS_N_PIECE_IMAGES),
                       (int) (cell * TS_N_ARMIES), draw_sheet, &cell, error);
}
