/* Board drawing with cairo: cells, coordinates, marks, pieces, the status line (the layout
 * in board-layout.c, shapes in board-render-shapes.c, files in board-render-file.c). */
#include "board-render.h"
#include "board-render-private.h"
#include "board-levels.h"
#include "rgb.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "rules/geometry.h"

#define PLAIN .line = 1.0, .mark_alpha = 1.0

/* Per theme: the colours for a light style, then for a dark one. Classic is the
 * original pair; high contrast trades beauty for strong edges and marks. */
static const TsBoardTheme themes[TS_N_BOARD_THEMES][2] = {
  [TS_BOARD_THEME_CLASSIC] = {
    {
      .background = { 0.98, 0.97, 0.95 },
      .text       = { 0.20, 0.18, 0.16 },
      .light      = { 0.93, 0.85, 0.72 },
      .dark       = { 0.71, 0.53, 0.39 },
      .hover      = { 0.35, 0.60, 0.95 },
      .selected   = { 0.40, 0.75, 0.30 },
      .target     = { 0.10, 0.35, 0.10 },
      .last_move  = { 0.95, 0.85, 0.25 },
      .check      = { 0.90, 0.10, 0.10 },
      .cursor     = { 0.10, 0.30, 0.90 },
      PLAIN,
    },
    {
      .background = { 0.14, 0.14, 0.15 },
      .text       = { 0.88, 0.88, 0.86 },
      .light      = { 0.62, 0.66, 0.70 },
      .dark       = { 0.36, 0.42, 0.50 },
      .hover      = { 0.45, 0.70, 1.00 },
      .selected   = { 0.45, 0.80, 0.35 },
      .target     = { 0.05, 0.25, 0.05 },
      .last_move  = { 0.90, 0.80, 0.25 },
      .check      = { 0.95, 0.15, 0.15 },
      .cursor     = { 0.30, 0.55, 1.00 },
      PLAIN,
    },
  },
  [TS_BOARD_THEME_GREEN] = {
    {
      .background = { 0.97, 0.97, 0.94 },
      .text       = { 0.16, 0.20, 0.15 },
      .light      = { 0.93, 0.93, 0.82 },
      .dark       = { 0.46, 0.59, 0.34 },
      .hover      = { 0.35, 0.60, 0.95 },
      .selected   = { 0.98, 0.60, 0.20 },   /* orange: green would vanish on the cells */
      .target     = { 0.10, 0.18, 0.05 },
      .last_move  = { 0.95, 0.90, 0.30 },
      .check      = { 0.90, 0.10, 0.10 },
      .cursor     = { 0.10, 0.30, 0.90 },
      PLAIN,
    },
    {
      .background = { 0.13, 0.15, 0.13 },
      .text       = { 0.88, 0.90, 0.86 },
      .light      = { 0.62, 0.68, 0.55 },
      .dark       = { 0.33, 0.46, 0.30 },
      .hover      = { 0.45, 0.70, 1.00 },
      .selected   = { 0.98, 0.62, 0.25 },
      .target     = { 0.05, 0.12, 0.02 },
      .last_move  = { 0.90, 0.85, 0.30 },
      .check      = { 0.95, 0.15, 0.15 },
      .cursor     = { 0.30, 0.55, 1.00 },
      PLAIN,
    },
  },
  [TS_BOARD_THEME_BLUE] = {
    {
      .background = { 0.96, 0.97, 0.99 },
      .text       = { 0.14, 0.17, 0.24 },
      .light      = { 0.87, 0.90, 0.94 },
      .dark       = { 0.45, 0.58, 0.75 },
      .hover      = { 0.20, 0.80, 0.85 },   /* cyan: blue would vanish on the cells */
      .selected   = { 0.40, 0.75, 0.30 },
      .target     = { 0.05, 0.12, 0.30 },
      .last_move  = { 0.95, 0.85, 0.25 },
      .check      = { 0.90, 0.10, 0.10 },
      .cursor     = { 0.85, 0.30, 0.10 },
      PLAIN,
    },
    {
      .background = { 0.12, 0.13, 0.17 },
      .text       = { 0.86, 0.88, 0.92 },
      .light      = { 0.50, 0.64, 0.85 },
      .dark       = { 0.20, 0.33, 0.60 },
      .hover      = { 0.30, 0.85, 0.85 },
      .selected   = { 0.45, 0.80, 0.35 },
      .target     = { 0.02, 0.06, 0.18 },
      .last_move  = { 0.90, 0.80, 0.25 },
      .check      = { 0.95, 0.15, 0.15 },
      .cursor     = { 1.00, 0.55, 0.25 },
      PLAIN,
    },
  },
  [TS_BOARD_THEME_HIGH_CONTRAST] = {
    {
      .background = { 1.00, 1.00, 1.00 },
      .text       = { 0.00, 0.00, 0.00 },
      .light      = { 1.00, 1.00, 1.00 },
      .dark       = { 0.52, 0.52, 0.52 },
      .hover      = { 0.00, 0.35, 1.00 },
      .selected   = { 0.00, 0.75, 0.00 },
      .target     = { 0.00, 0.00, 0.00 },
      .last_move  = { 1.00, 0.80, 0.00 },
      .check      = { 1.00, 0.00, 0.00 },
      .cursor     = { 0.00, 0.00, 1.00 },
      .line = 2.0, .mark_alpha = 1.6, .grid = TRUE, .strong_levels = TRUE,
    },
    {
      .background = { 0.00, 0.00, 0.00 },
      .text       = { 1.00, 1.00, 1.00 },
      .light      = { 0.90, 0.90, 0.90 },
      .dark       = { 0.42, 0.42, 0.42 },
      .hover      = { 0.20, 0.60, 1.00 },
      .selected   = { 0.10, 0.90, 0.10 },
      .target     = { 0.00, 0.00, 0.00 },
      .last_move  = { 1.00, 0.85, 0.00 },
      .check      = { 1.00, 0.10, 0.10 },
      .cursor     = { 0.20, 0.50, 1.00 },
      .line = 2.0, .mark_alpha = 1.6, .grid = TRUE, .strong_levels = TRUE,
    },
  },
};

static const char *const theme_names[TS_N_BOARD_THEMES] = {
  "classic", "green", "blue", "high-contrast",
};

static const char *const style_names[TS_N_PIECE_STYLES] = { "figures", "letters" };

const TsBoardTheme *
ts_board_theme_get (TsBoardThemeId id, gboolean dark)
{
  g_return_val_if_fail (id < TS_N_BOARD_THEMES, &themes[0][0]);
  return &themes[id][dark ? 1 : 0];
}

const TsBoardTheme *
ts_board_theme_light (void)
{
  return &themes[TS_BOARD_THEME_CLASSIC][0];
}

const TsBoardTheme *
ts_board_theme_dark (void)
{
  return &themes[TS_BOARD_THEME_CLASSIC][1];
}

static int
name_index (const char *const *names, guint n, const char *name)
{
  for (guint i = 0; name && i < n; i++)
    if (g_str_equal (names[i], name))
      return i;
  return -1;
}

int
ts_board_theme_from_name (const char *name)
{
  return name_index (theme_names, TS_N_BOARD_THEMES, name);
}

const char *
ts_board_theme_name (TsBoardThemeId id)
{
  g_return_val_if_fail (id < TS_N_BOARD_THEMES, NULL);
  return theme_names[id];
}

int
ts_piece_style_from_name (const char *name)
{
  return name_index (style_names, TS_N_PIECE_STYLES, name);
}

const char *
ts_piece_style_name (TsPieceStyle style)
{
  g_return_val_if_fail (style < TS_N_PIECE_STYLES, NULL);
  return style_names[style];
}

void
ts_board_render_options_init (TsBoardRenderOptions *options, const TsPosition *position)
{
  memset (options, 0, sizeof *options);
  options->position = position;
  options->coordinates = TRUE;
  options->status = TRUE;
  options->hidden = TS_NO_CELL;
  options->to_move = TS_BOARD_TO_MOVE_FROM_POSITION;
}

static gboolean
is_cubic8 (const TsVariant *v)
{
  return g_str_has_prefix (v->id, "cubic8");
}

TsArmy
ts_board_seat_army (const TsVariant *v, guint seat)
{
  static const TsArmy four[4] = { TS_ARMY_RED, TS_ARMY_ORANGE, TS_ARMY_GREEN, TS_ARMY_BLUE };
  int army;

  g_return_val_if_fail (seat < 4, TS_ARMY_WHITE);
  army = ts_army_from_name (v->seat_names[seat]);
  if (army >= 0)
    return army;
  if (v->n_seats == 2)
    return seat == 0 ? TS_ARMY_WHITE : TS_ARMY_BLACK;
  return four[seat];
}

TsPieceImage
ts_board_piece_image (const TsVariant *v, guint type)
{
  int image;

  if (type >= v->n_piece_types)
    return TS_PIECE_IMAGE_PAWN;
  image = ts_piece_image_from_name (v->piece_types[type].image);
  if (image < 0)
    return v->family == TS_FAMILY_DOSEKI ? TS_PIECE_IMAGE_CHECKER : TS_PIECE_IMAGE_PAWN;
  return image;
}

/* ---- drawing ---- */

static void
set_rgb (cairo_t *cr, const TsRgb *c)
{
  cairo_set_source_rgb (cr, c->r, c->g, c->b);
}

static void
set_rgba (cairo_t *cr, const TsRgb *c, double a)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, a);
}

/* A highlight: the theme may make every mark more opaque. */
static void
set_mark (cairo_t *cr, const TsBoardTheme *theme, const TsRgb *c, double a)
{
  set_rgba (cr, c, MIN (1.0, a * theme->mark_alpha));
}

/* Cairo's toy text API takes one font, without fallback for missing letters: the translation
 * names a family that has the language's script (the default "Sans" has no CJK letters). */
const char *
ts_board_label_font (void)
{
  /* Translators: a font family for the labels drawn on the board, which must have the
   * letters of your language, e.g. "Noto Sans CJK JP"; keep "Sans" if it has them. */
  return _("Sans");
}

static void
text_centred (cairo_t *cr, const char *text, double cx, double cy)
{
  cairo_text_extents_t e;

  cairo_text_extents (cr, text, &e);
  cairo_move_to (cr, cx - e.width / 2 - e.x_bearing, cy - e.height / 2 - e.y_bearing);
  cairo_show_text (cr, text);
}

static void
file_label (const TsVariant *v, guint file, char buf[4])
{
  if (is_cubic8 (v))
    g_snprintf (buf, 4, "%c", 'A' + file);
  else if (g_str_has_prefix (v->id, "grossraumschach"))
    g_snprintf (buf, 4, "%u", file + 1);   /* leftrank */
  else
    g_snprintf (buf, 4, "%c", 'a' + file);
}

static void
draw_layer_cells (cairo_t *cr, const TsBoardLayout *layout, const TsBoardTheme *theme,
                  guint layer)
{
  const TsVariant *v = layout->variant;
  double c = layout->cell, x0 = layout->layers[layer].x, y0 = layout->layers[layer].y;
  int level = ts_board_level_of_layer (v, layer);
  TsRgb light_cells = theme->light, dark = theme->dark;
  const TsRgb *light = &light_cells;
  int coords[TS_MAX_DIMS];
  int parity;

  if (level >= 0)
    ts_board_level_cells (level, theme, &light_cells, &dark);

  /* the layer's colouring follows the parity of the whole coordinate sum,
   * so a step up or down a level changes colour as a step sideways does */
  ts_geometry_coords (&v->geometry, ts_variant_layer_cell (v, layer, 0, 0), coords);
  parity = (coords[2] + coords[3]) & 1;

  set_rgb (cr, light);
  cairo_rectangle (cr, x0, y0, layout->files * c, layout->ranks * c);
  cairo_fill (cr);
  set_rgb (cr, &dark);
  for (guint f = 0; f < layout->files; f++)
    for (guint r = 0; r < layout->ranks; r++)
      if (((f + r + parity) & 1) == 0)
        {
          double x, y, size;

          ts_board_layout_cell_rect (layout, ts_variant_layer_cell (v, layer, f, r), &x, &y, &size);
          cairo_rectangle (cr, x, y, size, size);
        }
  cairo_fill (cr);

  if (theme->grid)
    {
      /* black lines between the cells: an edge on every cell, whatever its colour */
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, MAX (1.5, c / 25));
      for (guint f = 1; f < layout->files; f++)
        {
          cairo_move_to (cr, x0 + f * c, y0);
          cairo_line_to (cr, x0 + f * c, y0 + layout->ranks * c);
        }
      for (guint r = 1; r < layout->ranks; r++)
        {
          cairo_move_to (cr, x0, y0 + r * c);
          cairo_line_to (cr, x0 + layout->files * c, y0 + r * c);
        }
      cairo_stroke (cr);
    }
  set_rgba (cr, &theme->text, theme->grid ? 1.0 : 0.55);
  cairo_set_line_width (cr, MAX (1.0, c / 40) * theme->line);
  cairo_rectangle (cr, x0, y0, layout->files * c, layout->ranks * c);
  cairo_stroke (cr);
}

static void
draw_layer_labels (cairo_t *cr, const TsBoardLayout *layout,
                   const TsBoardRenderOptions *options, const TsBoardTheme *theme, guint layer)
{
  const TsVariant *v = layout->variant;
  double c = layout->cell, x0 = layout->layers[layer].x, y0 = layout->layers[layer].y;
  double label = layout->label;
  char buf[16];

  cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, label);
  set_rgb (cr, &theme->text);

  if (layout->blocks)
    {
      int coords[TS_MAX_DIMS];
      guint bx, by, f, r;

      if (!options->coordinates)
        return;
      ts_geometry_coords (&v->geometry, ts_variant_layer_cell (v, layer, 0, 0), coords);
      ts_board_layout_block_place (layout, layer, &bx, &by);
      if (by == 0)
        for (guint col = 0; col < 3; col++)
          {
            ts_board_layout_from_screen (layout, col, 0, &f, &r);
            g_snprintf (buf, sizeof buf, "%c", 'a' + coords[2] * 3 + f);
            text_centred (cr, buf, x0 + (col + 0.5) * c, y0 + 3 * c + label * 0.8);
          }
      if (bx == 0)
        for (guint row = 0; row < 3; row++)
          {
            ts_board_layout_from_screen (layout, 0, row, &f, &r);
            g_snprintf (buf, sizeof buf, "%d", coords[3] * 3 + r + 1);
            text_centred (cr, buf, x0 - label * 0.7, y0 + (2 - row + 0.5) * c);
          }
      return;
    }

  /* title: the layer's name (and its colour in cubic8) */
  {
    char name[8];
    int level = ts_board_level_of_layer (v, layer);
    g_autofree char *title = NULL;

    ts_variant_layer_name (v, layer, name);
    if (level >= 0)
      /* TRANSLATORS: a cubic8 level: its colour and its letter, "white (w)" */
      title = g_strdup_printf (_("%s (%s)"), _(ts_board_level_name (level)), name);
    else if (v->family == TS_FAMILY_DOSEKI)
      title = g_strdup_printf (_("Layer %s"), name);
    else
      title = g_strdup_printf (_("Level %s"), name);
    cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    text_centred (cr, title, x0 + layout->files * c / 2, y0 - label * 0.8);
    cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  }

  if (!options->coordinates)
    return;
  /* along each edge, the coordinate that changes there: files or, turned a quarter, ranks */
  for (guint col = 0; col < layout->files; col++)
    {
      guint f, r;

      ts_board_layout_from_screen (layout, col, 0, &f, &r);
      if (layout->turns % 2 == 0)
        file_label (v, f, buf);
      else
        g_snprintf (buf, sizeof buf, "%u", r + 1);
      text_centred (cr, buf, x0 + (col + 0.5) * c, y0 + layout->ranks * c + label * 0.8);
    }
  for (guint row = 0; row < layout->ranks; row++)
    {
      guint f, r;

      ts_board_layout_from_screen (layout, 0, row, &f, &r);
      if (layout->turns % 2 == 0)
        g_snprintf (buf, sizeof buf, "%u", r + 1);
      else
        file_label (v, f, buf);
      text_centred (cr, buf, x0 - label * 0.65, y0 + (layout->ranks - 1 - row + 0.5) * c);
    }
}

typedef enum { SHAPE_RECT, SHAPE_DOT, SHAPE_RING, SHAPE_FRAME } MarkShape;

/* Adds the shape of every cell of a layer carrying mark (and none of the
 * marks in except) to the path; TRUE if there was any. One fill or stroke per
 * kind of mark keeps a board full of highlights cheap. */
static gboolean
path_marked_cells (cairo_t *cr, const TsBoardLayout *layout,
                   const TsBoardRenderOptions *options, guint layer, guint16 mark,
                   guint16 except, MarkShape shape)
{
  gboolean any = FALSE;

  if (!options->marks)
    return FALSE;
  cairo_new_path (cr);
  for (guint f = 0; f < layout->files; f++)
    for (guint r = 0; r < layout->ranks; r++)
      {
        TsCell cell = ts_variant_layer_cell (layout->variant, layer, f, r);
        guint16 m = options->marks[cell];
        double x, y, c;
        if (!(m & mark) || (m & except))
          continue;
        any = TRUE;
        ts_board_layout_cell_rect (layout, cell, &x, &y, &c);
        switch (shape)
          {
          case SHAPE_RECT:
            cairo_rectangle (cr, x, y, c, c);
            break;
          case SHAPE_DOT:
            cairo_new_sub_path (cr);
            cairo_arc (cr, x + c / 2, y + c / 2, MAX (2.0, c * 0.16), 0, 2 * G_PI);
            break;
          case SHAPE_RING:
            cairo_new_sub_path (cr);
            cairo_arc (cr, x + c / 2, y + c / 2, c * 0.44, 0, 2 * G_PI);
            break;
          case SHAPE_FRAME:
            cairo_rectangle (cr, x + c * 0.12, y + c * 0.12, c * 0.76, c * 0.76);
            break;
          }
      }
  return any;
}

/* Highlights under the pieces. */
static void
draw_under_marks (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options,
                  const TsBoardTheme *theme, guint layer)
{
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_LAST_MOVE, 0, SHAPE_RECT))
    {
      set_mark (cr, theme, &theme->last_move, 0.55);
      cairo_fill (cr);
      if (theme->grid &&
          path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_LAST_MOVE, 0, SHAPE_FRAME))
        {
          cairo_set_source_rgb (cr, 0, 0, 0);
          cairo_set_line_width (cr, MAX (1.5, layout->cell * 0.05));
          cairo_stroke (cr);
        }
    }
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_SELECTED, 0, SHAPE_RECT))
    {
      set_mark (cr, theme, &theme->selected, 0.75);
      cairo_fill (cr);
    }
  for (guint f = 0; options->marks && f < layout->files; f++)
    for (guint r = 0; r < layout->ranks; r++)
      {
        TsCell cell = ts_variant_layer_cell (layout->variant, layer, f, r);
        double x, y, c;
        cairo_pattern_t *pat;
        if (!(options->marks[cell] & TS_CELL_MARK_CHECK))
          continue;
        ts_board_layout_cell_rect (layout, cell, &x, &y, &c);
        pat = cairo_pattern_create_radial (x + c / 2, y + c / 2, 0, x + c / 2, y + c / 2, c * 0.7);
        cairo_pattern_add_color_stop_rgba (pat, 0, theme->check.r, theme->check.g,
                                           theme->check.b, 1);
        cairo_pattern_add_color_stop_rgba (pat, 1, theme->check.r, theme->check.g,
                                           theme->check.b, 0);
        cairo_set_source (cr, pat);
        cairo_rectangle (cr, x, y, c, c);
        cairo_fill (cr);
        cairo_pattern_destroy (pat);
      }
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_HOVER, 0, SHAPE_RECT))
    {
      set_mark (cr, theme, &theme->hover, 0.45);
      cairo_fill (cr);
    }
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_ECHO, TS_CELL_MARK_HOVER,
                         SHAPE_RECT))
    {
      set_mark (cr, theme, &theme->hover, 0.25);
      cairo_fill (cr);
    }
}

/* Highlights over the pieces. */
static void
draw_over_marks (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options,
                 const TsBoardTheme *theme, guint layer)
{
  double c = layout->cell;

  /* a ring around a piece that can be taken, a dot on an empty target */
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_CAPTURE, 0, SHAPE_RING))
    {
      set_mark (cr, theme, &theme->target, 0.45);
      cairo_set_line_width (cr, MAX (2.0, c * 0.08) * theme->line * 0.75);
      cairo_stroke (cr);
    }
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_TARGET, TS_CELL_MARK_CAPTURE,
                         SHAPE_DOT))
    {
      set_mark (cr, theme, &theme->target, 0.45);
      if (theme->grid)
        {
          /* a light rim keeps a dark dot visible on a dark piece or cell */
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, MAX (1.0, c * 0.03));
          cairo_stroke (cr);
        }
      else
        cairo_fill (cr);
    }
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_PREVIEW, 0, SHAPE_FRAME))
    {
      set_mark (cr, theme, &theme->selected, 0.9);
      cairo_set_line_width (cr, MAX (1.5, c * 0.07));
      cairo_stroke (cr);
    }
  if (path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_CURSOR, 0, SHAPE_RECT))
    {
      double lw = MAX (2.0, c * 0.07);
      /* inset by half the line so the frame stays inside its cell */
      cairo_new_path (cr);
      path_marked_cells (cr, layout, options, layer, TS_CELL_MARK_CURSOR, 0, SHAPE_RECT);
      set_rgb (cr, &theme->cursor);
      cairo_set_line_width (cr, lw);
      cairo_save (cr);
      cairo_clip_preserve (cr);
      cairo_set_line_width (cr, lw * 2);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

static gboolean
is_hidden (const TsBoardRenderOptions *options, TsCell cell)
{
  return cell == options->hidden || (options->marks && (options->marks[cell] & TS_CELL_MARK_HIDDEN));
}

static gboolean
same_army_at (const TsPosition *p, TsCell cell, guint seat)
{
  TsPiece q;

  if (cell == TS_NO_CELL)
    return FALSE;
  q = ts_position_piece_at (p, cell);
  return q != 0 && TS_PIECE_SEAT (q) == seat;
}

/* The cell at a column and row of a layer on the screen. */
static TsCell
screen_cell (const TsBoardLayout *layout, guint layer, guint col, guint row)
{
  guint f, r;

  ts_board_layout_from_screen (layout, col, row, &f, &r);
  return ts_variant_layer_cell (layout->variant, layer, f, r);
}

/* The union of a seat's checkers in a layer, each cell inset, with bridges
 * between face neighbours. FALSE if the seat has none there. */
static gboolean
polycube_path (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options,
               guint layer, guint seat, double inset)
{
  const TsPosition *p = options->position;
  gboolean any = FALSE;

  cairo_new_path (cr);
  /* in the screen's columns and rows: the bridges go right and up whatever the view */
  for (guint col = 0; col < layout->files; col++)
    for (guint row = 0; row < layout->ranks; row++)
      {
        TsCell cell = screen_cell (layout, layer, col, row);
        gboolean right, up;
        double x, y, s;
        if (!same_army_at (p, cell, seat) || is_hidden (options, cell))
          continue;
        any = TRUE;
        ts_board_layout_cell_rect (layout, cell, &x, &y, &s);
        cairo_rectangle (cr, x + inset, y + inset, s - 2 * inset, s - 2 * inset);
        if (inset <= -0.5)
          continue;   /* grown cells overlap their neighbours already */
        right = col + 1 < layout->files &&
                same_army_at (p, screen_cell (layout, layer, col + 1, row), seat);
        up = row + 1 < layout->ranks &&
             same_army_at (p, screen_cell (layout, layer, col, row + 1), seat);
        if (right)
          cairo_rectangle (cr, x + s - inset - 1, y + inset, 2 * inset + 2, s - 2 * inset);
        if (up)
          cairo_rectangle (cr, x + inset, y - inset - 1, s - 2 * inset, 2 * inset + 2);
        /* where four meet, close the hole between the bridges */
        if (right && up && same_army_at (p, screen_cell (layout, layer, col + 1, row + 1), seat))
          cairo_rectangle (cr, x + s - inset - 1, y - inset - 1, 2 * inset + 2, 2 * inset + 2);
      }
  return any;
}

/* Doseki: each layer's part of every polycube, drawn as one joined shape under
 * its checkers, with small notches where it continues in the next layer. */
static void
draw_polycubes (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options,
                const TsBoardTheme *theme, guint layer)
{
  const TsVariant *v = layout->variant;
  const TsPosition *p = options->position;
  double c = layout->cell, inset = c * 0.07;

  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      const TsArmyColors *ac = ts_army_colors (ts_board_seat_army (v, seat));
      TsRgb tint = ts_rgb_mix (&ac->fill, &theme->light, 0.45);

      /* the outline is the same shape grown a little, filled first: much
       * cheaper than stroking the union of hundreds of rectangles */
      if (!polycube_path (cr, layout, options, layer, seat, inset - MAX (0.75, c * 0.03)))
        continue;
      set_rgb (cr, &ac->outline);
      cairo_fill (cr);
      polycube_path (cr, layout, options, layer, seat, inset);
      set_rgb (cr, &tint);
      cairo_fill (cr);

      /* vertical links: ▲ toward the next layer, ▼ toward the previous one */
      cairo_new_path (cr);
      for (guint f = 0; f < layout->files; f++)
        for (guint r = 0; r < layout->ranks; r++)
          {
            TsCell cell = ts_variant_layer_cell (v, layer, f, r);
            int coords[TS_MAX_DIMS];
            double x, y, s, t = c * 0.16;
            if (!same_army_at (p, cell, seat) || is_hidden (options, cell))
              continue;
            ts_geometry_coords (&v->geometry, cell, coords);
            ts_board_layout_cell_rect (layout, cell, &x, &y, &s);
            coords[2]++;
            if (same_army_at (p, ts_geometry_cell (&v->geometry, coords), seat))
              {
                cairo_move_to (cr, x + s - inset, y + inset);
                cairo_line_to (cr, x + s - inset - t, y + inset);
                cairo_line_to (cr, x + s - inset, y + inset + t);
                cairo_close_path (cr);
              }
            coords[2] -= 2;
            if (same_army_at (p, ts_geometry_cell (&v->geometry, coords), seat))
              {
                cairo_move_to (cr, x + inset, y + s - inset);
                cairo_line_to (cr, x + inset + t, y + s - inset);
                cairo_line_to (cr, x + inset, y + s - inset - t);
                cairo_close_path (cr);
              }
          }
      set_rgb (cr, &ac->outline);
      cairo_fill (cr);
    }
}

/* Raster targets get pieces from a cache of pre-drawn images (a blit is far
 * cheaper than filling the paths again); vector targets get the paths. */
#define SPRITE_CACHE_MAX 512

static GMutex sprite_lock;
static GHashTable *sprite_cache;   /* key -> cairo_surface_t */

static gboolean
target_is_vector (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      return TRUE;
    default:
      return FALSE;
    }
}

/* What a sprite shows; packed into the cache key. */
typedef struct {
  TsPieceImage image;
  TsArmy       army;
  char         letter;   /* the letter style; 0 for a figure */
  gboolean     bold;     /* the high-contrast outlines */
} PieceLook;

static void
draw_look (cairo_t *cr, const PieceLook *look, double x, double y, double size)
{
  double line = look->bold ? 2.0 : 1.0;

  if (look->letter)
    ts_piece_art_draw_letter (cr, look->letter, look->army, x, y, size, line);
  else
    ts_piece_art_draw_weighted (cr, look->image, look->army, x, y, size, line);
}

static cairo_surface_t *
sprite_get (const PieceLook *look, int px)
{
  guint key = (guint) px << 16 | (guint) (guchar) look->letter << 8 | (guint) look->image << 4 |
              (guint) look->army << 1 | (look->bold ? 1 : 0);
  cairo_surface_t *sprite;

  g_mutex_lock (&sprite_lock);
  if (!sprite_cache)
    sprite_cache = g_hash_table_new_full (NULL, NULL, NULL,
                                          (GDestroyNotify) cairo_surface_destroy);
  sprite = g_hash_table_lookup (sprite_cache, GUINT_TO_POINTER (key));
  if (!sprite)
    {
      cairo_t *scr;

      if (g_hash_table_size (sprite_cache) >= SPRITE_CACHE_MAX)
        g_hash_table_remove_all (sprite_cache);
      sprite = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
      scr = cairo_create (sprite);
      draw_look (scr, look, 0, 0, px);
      cairo_destroy (scr);
      g_hash_table_insert (sprite_cache, GUINT_TO_POINTER (key), sprite);
    }
  cairo_surface_reference (sprite);
  g_mutex_unlock (&sprite_lock);
  return sprite;
}

static void
paint_piece (cairo_t *cr, const PieceLook *look, double alpha, double x, double y, double size)
{
  double sx = 1, sy = 0, scale, dx, dy;
  cairo_matrix_t m;
  int px;

  if (alpha <= 0)
    return;
  cairo_get_matrix (cr, &m);
  cairo_user_to_device_distance (cr, &sx, &sy);
  scale = hypot (sx, sy);
  px = (int) round (size * scale);
  /* sprites only for plain scaling, not rotations, and not on paper */
  if (target_is_vector (cr) || m.xy != 0 || m.yx != 0 || px < 4 || px > 512)
    {
      if (alpha < 1)
        cairo_push_group (cr);
      draw_look (cr, look, x, y, size);
      if (alpha < 1)
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, alpha);
        }
      return;
    }

  cairo_surface_t *sprite = sprite_get (look, px);
  cairo_save (cr);
  /* snap to device pixels and draw the sprite 1:1 */
  dx = x;
  dy = y;
  cairo_user_to_device (cr, &dx, &dy);
  cairo_identity_matrix (cr);
  cairo_set_source_surface (cr, sprite, round (dx), round (dy));
  cairo_paint_with_alpha (cr, MIN (alpha, 1.0));
  cairo_restore (cr);
  cairo_surface_destroy (sprite);
}

static void
draw_piece_look (cairo_t *cr, const TsVariant *v, TsPieceStyle style, gboolean bold, guint type,
                 guint seat, double alpha, double x, double y, double size)
{
  PieceLook look = {
    .image = ts_board_piece_image (v, type),
    .army = ts_board_seat_army (v, MIN (seat, 3u)),
    .bold = bold,
  };
  double pad;

  /* checkers keep their look in every style */
  if (style == TS_PIECE_STYLE_LETTERS && look.image != TS_PIECE_IMAGE_CHECKER &&
      type < v->n_piece_types && g_ascii_isgraph (v->piece_types[type].letter))
    look.letter = v->piece_types[type].letter;
  pad = look.image == TS_PIECE_IMAGE_CHECKER ? size * 0.08 : 0;
  paint_piece (cr, &look, alpha, x + pad, y + pad, size - 2 * pad);
}

void
ts_board_draw_piece (cairo_t *cr, const TsVariant *v, TsPieceStyle style,
                     const TsBoardTheme *theme, guint type, guint seat, double alpha, double x,
                     double y, double size)
{
  draw_piece_look (cr, v, style, theme && theme->line > 1.5, type, seat, alpha, x, y, size);
}

/* A piece on its cell: on a cubic8 level whose colour is close to the piece's, with the bold
 * outline. */
static void
draw_piece (cairo_t *cr, const TsBoardRenderOptions *options, const TsBoardTheme *theme,
            TsCell cell, TsPiece piece, double x, double y, double c)
{
  const TsPosition *p = options->position;
  const TsVariant *v = ts_position_variant (p);
  guint seat = TS_PIECE_SEAT (piece);
  /* an eliminated army stays on the board, faded */
  gboolean faded = seat < v->n_seats && !ts_position_seat_active (p, seat);
  gboolean bold = theme->line > 1.5 ||
                  ts_board_level_piece_bold (v, theme, cell, ts_board_seat_army (v, MIN (seat, 3u)));

  draw_piece_look (cr, v, options->piece_style, bold, TS_PIECE_TYPE (piece), seat,
                   faded ? 0.5 : 1.0, x, y, c);
}

/* A small picture of an army: its royal piece, or a checker. */
static void
draw_emblem (cairo_t *cr, const TsBoardRenderOptions *options, const TsBoardTheme *theme,
             guint seat, double x, double y, double size)
{
  const TsVariant *v = ts_position_variant (options->position);
  PieceLook look = { .army = ts_board_seat_army (v, seat), .bold = theme->line > 1.5 };

  for (guint t = 0; t < v->n_piece_types; t++)
    if (v->piece_types[t].royal)
      {
        ts_board_draw_piece (cr, v, options->piece_style, theme, t, seat, 1.0, x, y, size);
        return;
      }
  look.image = v->family == TS_FAMILY_DOSEKI ? TS_PIECE_IMAGE_CHECKER : TS_PIECE_IMAGE_KING;
  paint_piece (cr, &look, 1.0, x, y, size);
}

guint
ts_board_status_seat_to_move (const TsPosition *position)
{
  g_autoptr(TsPosition) copy = ts_position_copy (position);
  TsResult r;

  ts_position_result (copy, &r);
  return r.kind == TS_RESULT_NONE ? ts_position_side_to_move (position) : G_MAXUINT;
}

char *
ts_board_status_label (const TsPosition *p, guint s, guint to_move)
{
  const TsVariant *v = ts_position_variant (p);
  GString *str = g_string_new (_(v->seat_names[s]));

  if (s == to_move)
    g_string_append_printf (str, " — %s", _("to move"));
  for (guint t = 0; t < v->n_piece_types; t++)
    {
      guint n = ts_position_hand_count (p, s, t);
      if (n == 0)
        continue;
      if (v->family == TS_FAMILY_DOSEKI)
        /* TRANSLATORS: Doseki checkers waiting outside the board */
        {
          g_string_append (str, "  ");
          g_string_append_printf (str, ngettext ("%u outside", "%u outside", n), n);
        }
      else
        g_string_append_printf (str, "  %c×%u", v->piece_types[t].letter, n);
    }
  return g_string_free (str, FALSE);
}

static void
draw_status (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options,
             const TsBoardTheme *theme)
{
  const TsVariant *v = layout->variant;
  const TsPosition *p = options->position;
  guint to_move = options->to_move == TS_BOARD_TO_MOVE_FROM_POSITION
                  ? ts_board_status_seat_to_move (p) : options->to_move;
  double h = layout->status_h, label = layout->label;
  double y = layout->status_y + h * 0.15, ih = h * 0.7;
  double widths[4], total = 0, x, scale;
  char *texts[4];

  cairo_set_font_size (cr, label);
  for (guint s = 0; s < v->n_seats; s++)
    {
      cairo_text_extents_t e;

      texts[s] = ts_board_status_label (p, s, to_move);
      cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL,
                              s == to_move ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      cairo_text_extents (cr, texts[s], &e);
      widths[s] = ih + label * 0.4 + e.x_advance + label * 0.8;
      total += widths[s] + label;
    }

  /* Four armies with full hands may not fit the width: the whole line shrinks. */
  scale = MIN (1.0, (layout->width - label * 1.2) / total);
  x = MAX (label * 0.6, (layout->width - total * scale) / 2);
  cairo_save (cr);
  cairo_translate (cr, x, y + ih / 2);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -x, -(y + ih / 2));
  for (guint s = 0; s < v->n_seats; s++)
    {
      gboolean active = ts_position_seat_active (p, s);

      if (s == to_move)
        {
          double r = ih * 0.3, w = widths[s];
          set_rgba (cr, &theme->selected, 0.35);
          cairo_new_sub_path (cr);
          cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
          cairo_arc (cr, x + w - r, y + ih - r, r, 0, G_PI / 2);
          cairo_arc (cr, x + r, y + ih - r, r, G_PI / 2, G_PI);
          cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
      draw_emblem (cr, options, theme, s, x + label * 0.3, y, ih);
      cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL,
                              s == to_move ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      set_rgba (cr, &theme->text, active ? 1.0 : 0.45);
      {
        cairo_text_extents_t e;
        double tx = x + label * 0.3 + ih + label * 0.4;
        cairo_text_extents (cr, texts[s], &e);
        cairo_move_to (cr, tx, y + ih / 2 - e.height / 2 - e.y_bearing);
        cairo_show_text (cr, texts[s]);
        if (!active)
          {
            cairo_set_line_width (cr, MAX (1.0, label / 12));
            cairo_move_to (cr, tx, y + ih / 2);
            cairo_line_to (cr, tx + e.x_advance, y + ih / 2);
            cairo_stroke (cr);
          }
      }
      x += widths[s] + label;
      g_free (texts[s]);
    }
  cairo_restore (cr);
}

void
ts_board_render (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options)
{
  const TsBoardTheme *theme = options->theme ? options->theme : ts_board_theme_light ();
  const TsVariant *v = layout->variant;
  const TsPosition *p = options->position;
  double c = layout->cell;

  g_return_if_fail (p != NULL && ts_position_variant (p) == v);

  cairo_save (cr);
  set_rgb (cr, &theme->background);
  cairo_rectangle (cr, 0, 0, layout->width, layout->height);
  cairo_fill (cr);
  if (c < 1)
    {
      cairo_restore (cr);
      return;
    }

  if (layout->caption_h > 0)
    {
      cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, layout->label * 1.15);
      set_rgb (cr, &theme->text);
      text_centred (cr, options->caption, layout->width / 2,
                    layout->caption_y + layout->caption_h * 0.45);
    }

  for (guint l = 0; l < layout->n_layers; l++)
    {
      draw_layer_cells (cr, layout, theme, l);
      draw_layer_labels (cr, layout, options, theme, l);
      draw_under_marks (cr, layout, options, theme, l);
      if (v->family == TS_FAMILY_DOSEKI)
        draw_polycubes (cr, layout, options, theme, l);
      for (guint f = 0; f < layout->files; f++)
        for (guint r = 0; r < layout->ranks; r++)
          {
            TsCell cell = ts_variant_layer_cell (v, l, f, r);
            TsPiece piece = ts_position_piece_at (p, cell);
            double x, y, s;
            if (piece == 0 || is_hidden (options, cell))
              continue;
            ts_board_layout_cell_rect (layout, cell, &x, &y, &s);
            draw_piece (cr, options, theme, cell, piece, x, y, s);
          }
      draw_over_marks (cr, layout, options, theme, l);
    }
  ts_board_draw_shapes (cr, layout, options);

  if (layout->status_h > 0)
    draw_status (cr, layout, options, theme);
  cairo_restore (cr);
}
