/* Piece images as cairo paths in a unit square (y down), scaled to the cell. */
#include "piece-art.h"

#include <math.h>
#include <string.h>

static const char *const image_names[TS_N_PIECE_IMAGES] = {
  "king", "queen", "rook", "bishop", "knight", "pawn", "unicorn",
  "emperor", "empress", "horse", "warder", "checker",
};

static const char *const army_names[TS_N_ARMIES] = {
  "White", "Black", "Red", "Orange", "Green", "Blue",
};

/* Fill, outline, detail. The four-player colours are chosen to stay apart
 * in luminance as well as hue; the marks do the rest. */
static const TsArmyColors army_colors[TS_N_ARMIES] = {
  { { 0.97, 0.95, 0.90 }, { 0.13, 0.13, 0.13 }, { 0.20, 0.20, 0.20 } },
  { { 0.17, 0.17, 0.19 }, { 0.03, 0.03, 0.04 }, { 0.88, 0.88, 0.86 } },
  { { 0.84, 0.17, 0.15 }, { 0.30, 0.04, 0.04 }, { 1.00, 0.96, 0.92 } },
  { { 0.99, 0.66, 0.20 }, { 0.38, 0.20, 0.02 }, { 0.25, 0.12, 0.00 } },
  { { 0.18, 0.60, 0.30 }, { 0.03, 0.20, 0.08 }, { 0.95, 1.00, 0.95 } },
  { { 0.20, 0.42, 0.85 }, { 0.04, 0.10, 0.30 }, { 0.95, 0.97, 1.00 } },
};

int
ts_piece_image_from_name (const char *name)
{
  for (int i = 0; name && i < TS_N_PIECE_IMAGES; i++)
    if (strcmp (name, image_names[i]) == 0)
      return i;
  return -1;
}

const char *
ts_piece_image_name (TsPieceImage image)
{
  g_return_val_if_fail (image < TS_N_PIECE_IMAGES, NULL);
  return image_names[image];
}

int
ts_army_from_name (const char *name)
{
  for (int i = 0; name && i < TS_N_ARMIES; i++)
    if (g_ascii_strcasecmp (name, army_names[i]) == 0)
      return i;
  return -1;
}

const TsArmyColors *
ts_army_colors (TsArmy army)
{
  g_return_val_if_fail (army < TS_N_ARMIES, &army_colors[0]);
  return &army_colors[army];
}

static void
set_rgb (cairo_t *cr, const TsRgb *c)
{
  cairo_set_source_rgb (cr, c->r, c->g, c->b);
}

static void
fill_stroke (cairo_t *cr, const TsArmyColors *c)
{
  set_rgb (cr, &c->fill);
  cairo_fill_preserve (cr);
  set_rgb (cr, &c->outline);
  cairo_stroke (cr);
}

static void
detail_stroke (cairo_t *cr, const TsArmyColors *c)
{
  set_rgb (cr, &c->detail);
  cairo_stroke (cr);
}

static void
circle (cairo_t *cr, double cx, double cy, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_close_path (cr);
}

/* The plinth every standing piece shares; the army mark sits on it. */
static void
draw_base (cairo_t *cr, const TsArmyColors *c)
{
  cairo_move_to (cr, 0.15, 0.93);
  cairo_line_to (cr, 0.85, 0.93);
  cairo_curve_to (cr, 0.86, 0.86, 0.84, 0.80, 0.78, 0.78);
  cairo_line_to (cr, 0.22, 0.78);
  cairo_curve_to (cr, 0.16, 0.80, 0.14, 0.86, 0.15, 0.93);
  cairo_close_path (cr);
  fill_stroke (cr, c);
}

/* A flared body from the plinth up to a collar at y = top, half width w. */
static void
draw_body (cairo_t *cr, const TsArmyColors *c, double top, double w)
{
  cairo_move_to (cr, 0.25, 0.79);
  cairo_curve_to (cr, 0.32, 0.66, 0.5 - w, top + 0.12, 0.5 - w, top);
  cairo_line_to (cr, 0.5 + w, top);
  cairo_curve_to (cr, 0.5 + w, top + 0.12, 0.68, 0.66, 0.75, 0.79);
  cairo_close_path (cr);
  fill_stroke (cr, c);
}

static void
draw_collar (cairo_t *cr, const TsArmyColors *c, double y, double w)
{
  cairo_move_to (cr, 0.5 - w, y);
  cairo_curve_to (cr, 0.5 - w - 0.03, y + 0.03, 0.5 - w - 0.03, y + 0.05, 0.5 - w, y + 0.07);
  cairo_line_to (cr, 0.5 + w, y + 0.07);
  cairo_curve_to (cr, 0.5 + w + 0.03, y + 0.05, 0.5 + w + 0.03, y + 0.03, 0.5 + w, y);
  cairo_close_path (cr);
  fill_stroke (cr, c);
}

static void
draw_pawn (cairo_t *cr, const TsArmyColors *c)
{
  draw_body (cr, c, 0.58, 0.09);
  draw_collar (cr, c, 0.53, 0.13);
  circle (cr, 0.5, 0.40, 0.14);
  fill_stroke (cr, c);
}

static void
draw_rook (cairo_t *cr, const TsArmyColors *c)
{
  cairo_move_to (cr, 0.24, 0.79);
  cairo_line_to (cr, 0.31, 0.40);
  cairo_line_to (cr, 0.69, 0.40);
  cairo_line_to (cr, 0.76, 0.79);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  /* battlements: three merlons */
  cairo_move_to (cr, 0.22, 0.42);
  cairo_line_to (cr, 0.22, 0.14);
  cairo_line_to (cr, 0.34, 0.14);
  cairo_line_to (cr, 0.34, 0.23);
  cairo_line_to (cr, 0.44, 0.23);
  cairo_line_to (cr, 0.44, 0.14);
  cairo_line_to (cr, 0.56, 0.14);
  cairo_line_to (cr, 0.56, 0.23);
  cairo_line_to (cr, 0.66, 0.23);
  cairo_line_to (cr, 0.66, 0.14);
  cairo_line_to (cr, 0.78, 0.14);
  cairo_line_to (cr, 0.78, 0.42);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  cairo_move_to (cr, 0.29, 0.52);
  cairo_line_to (cr, 0.71, 0.52);
  detail_stroke (cr, c);
}

static void
draw_bishop (cairo_t *cr, const TsArmyColors *c)
{
  draw_body (cr, c, 0.60, 0.07);
  draw_collar (cr, c, 0.56, 0.12);
  /* mitre */
  cairo_move_to (cr, 0.5, 0.13);
  cairo_curve_to (cr, 0.66, 0.25, 0.70, 0.42, 0.62, 0.56);
  cairo_line_to (cr, 0.38, 0.56);
  cairo_curve_to (cr, 0.30, 0.42, 0.34, 0.25, 0.5, 0.13);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  circle (cr, 0.5, 0.09, 0.055);
  fill_stroke (cr, c);
  /* the slit */
  cairo_move_to (cr, 0.60, 0.28);
  cairo_line_to (cr, 0.46, 0.42);
  detail_stroke (cr, c);
}

static void
draw_king (cairo_t *cr, const TsArmyColors *c)
{
  draw_body (cr, c, 0.50, 0.12);
  draw_collar (cr, c, 0.45, 0.17);
  /* crown */
  cairo_move_to (cr, 0.30, 0.46);
  cairo_curve_to (cr, 0.10, 0.34, 0.26, 0.16, 0.5, 0.30);
  cairo_curve_to (cr, 0.74, 0.16, 0.90, 0.34, 0.70, 0.46);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  /* cross */
  cairo_move_to (cr, 0.465, 0.30);
  cairo_line_to (cr, 0.465, 0.16);
  cairo_line_to (cr, 0.41, 0.16);
  cairo_line_to (cr, 0.41, 0.11);
  cairo_line_to (cr, 0.465, 0.11);
  cairo_line_to (cr, 0.465, 0.05);
  cairo_line_to (cr, 0.535, 0.05);
  cairo_line_to (cr, 0.535, 0.11);
  cairo_line_to (cr, 0.59, 0.11);
  cairo_line_to (cr, 0.59, 0.16);
  cairo_line_to (cr, 0.535, 0.16);
  cairo_line_to (cr, 0.535, 0.30);
  cairo_close_path (cr);
  fill_stroke (cr, c);
}

/* A zig-zag coronet with balls on n points between x0 and x1. */
static void
draw_coronet (cairo_t *cr, const TsArmyColors *c, double x0, double x1, double ybase,
              double ytip, double yvalley, int n)
{
  double step = (x1 - x0) / (n - 1);

  cairo_move_to (cr, x0 + 0.06, ybase);
  cairo_line_to (cr, x0, ytip);
  for (int i = 1; i < n; i++)
    {
      cairo_line_to (cr, x0 + step * (i - 0.5), yvalley);
      cairo_line_to (cr, x0 + step * i, ytip);
    }
  cairo_line_to (cr, x1 - 0.06, ybase);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  for (int i = 0; i < n; i++)
    {
      circle (cr, x0 + step * i, ytip - 0.035, 0.045);
      fill_stroke (cr, c);
    }
}

static void
draw_queen (cairo_t *cr, const TsArmyColors *c)
{
  draw_body (cr, c, 0.50, 0.11);
  draw_collar (cr, c, 0.45, 0.16);
  draw_coronet (cr, c, 0.20, 0.80, 0.46, 0.20, 0.34, 5);
}

/* Emperor and empress wear a wide mantle instead of a slim body. */
static void
draw_mantle (cairo_t *cr, const TsArmyColors *c)
{
  cairo_move_to (cr, 0.18, 0.79);
  cairo_curve_to (cr, 0.22, 0.62, 0.30, 0.50, 0.34, 0.44);
  cairo_line_to (cr, 0.66, 0.44);
  cairo_curve_to (cr, 0.70, 0.50, 0.78, 0.62, 0.82, 0.79);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  /* the mantle's clasp line */
  cairo_move_to (cr, 0.5, 0.47);
  cairo_line_to (cr, 0.5, 0.76);
  detail_stroke (cr, c);
}

static void
draw_emperor (cairo_t *cr, const TsArmyColors *c)
{
  draw_mantle (cr, c);
  /* imperial crown: band and arches */
  cairo_rectangle (cr, 0.28, 0.38, 0.44, 0.08);
  fill_stroke (cr, c);
  cairo_move_to (cr, 0.30, 0.38);
  cairo_curve_to (cr, 0.28, 0.22, 0.40, 0.18, 0.5, 0.21);
  cairo_curve_to (cr, 0.60, 0.18, 0.72, 0.22, 0.70, 0.38);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  cairo_move_to (cr, 0.5, 0.22);
  cairo_line_to (cr, 0.5, 0.37);
  cairo_move_to (cr, 0.39, 0.25);
  cairo_curve_to (cr, 0.37, 0.30, 0.38, 0.34, 0.40, 0.37);
  cairo_move_to (cr, 0.61, 0.25);
  cairo_curve_to (cr, 0.63, 0.30, 0.62, 0.34, 0.60, 0.37);
  detail_stroke (cr, c);
  /* orb with a cross */
  circle (cr, 0.5, 0.14, 0.07);
  fill_stroke (cr, c);
  cairo_move_to (cr, 0.5, 0.07);
  cairo_line_to (cr, 0.5, 0.02);
  cairo_move_to (cr, 0.47, 0.045);
  cairo_line_to (cr, 0.53, 0.045);
  set_rgb (cr, &c->outline);
  cairo_stroke (cr);
  cairo_move_to (cr, 0.43, 0.14);
  cairo_line_to (cr, 0.57, 0.14);
  detail_stroke (cr, c);
}

static void
draw_empress (cairo_t *cr, const TsArmyColors *c)
{
  /* a gown: narrow waist, wide skirt */
  cairo_move_to (cr, 0.14, 0.79);
  cairo_curve_to (cr, 0.30, 0.70, 0.40, 0.60, 0.41, 0.44);
  cairo_line_to (cr, 0.59, 0.44);
  cairo_curve_to (cr, 0.60, 0.60, 0.70, 0.70, 0.86, 0.79);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  cairo_move_to (cr, 0.36, 0.62);
  cairo_curve_to (cr, 0.45, 0.66, 0.55, 0.66, 0.64, 0.62);
  detail_stroke (cr, c);
  /* a tiara: points fanned on an arc, the middle one a star */
  cairo_move_to (cr, 0.28, 0.46);
  cairo_line_to (cr, 0.24, 0.30);
  cairo_line_to (cr, 0.36, 0.36);
  cairo_line_to (cr, 0.38, 0.22);
  cairo_line_to (cr, 0.46, 0.33);
  cairo_line_to (cr, 0.5, 0.24);
  cairo_line_to (cr, 0.54, 0.33);
  cairo_line_to (cr, 0.62, 0.22);
  cairo_line_to (cr, 0.64, 0.36);
  cairo_line_to (cr, 0.76, 0.30);
  cairo_line_to (cr, 0.72, 0.46);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  circle (cr, 0.24, 0.27, 0.04);
  fill_stroke (cr, c);
  circle (cr, 0.76, 0.27, 0.04);
  fill_stroke (cr, c);
  circle (cr, 0.38, 0.19, 0.04);
  fill_stroke (cr, c);
  circle (cr, 0.62, 0.19, 0.04);
  fill_stroke (cr, c);
  /* five-pointed star */
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double r = (i % 2 == 0) ? 0.12 : 0.05;
      double px = 0.5 + r * cos (a), py = 0.15 + r * sin (a);
      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
  fill_stroke (cr, c);
}

/* A horse's head facing left; mirror = TRUE faces right. */
static void
horse_head_path (cairo_t *cr)
{
  cairo_move_to (cr, 0.27, 0.79);
  cairo_line_to (cr, 0.76, 0.79);
  cairo_curve_to (cr, 0.80, 0.56, 0.78, 0.30, 0.58, 0.18);
  cairo_line_to (cr, 0.55, 0.07);
  cairo_line_to (cr, 0.47, 0.16);
  cairo_curve_to (cr, 0.36, 0.20, 0.25, 0.32, 0.17, 0.46);
  cairo_curve_to (cr, 0.13, 0.53, 0.18, 0.59, 0.25, 0.57);
  cairo_curve_to (cr, 0.32, 0.55, 0.38, 0.51, 0.45, 0.47);
  cairo_curve_to (cr, 0.42, 0.58, 0.30, 0.64, 0.27, 0.79);
  cairo_close_path (cr);
}

static void
horse_head_details (cairo_t *cr, const TsArmyColors *c)
{
  circle (cr, 0.40, 0.30, 0.03);
  set_rgb (cr, &c->detail);
  cairo_fill (cr);
  /* nostril and mane */
  cairo_move_to (cr, 0.21, 0.50);
  cairo_line_to (cr, 0.24, 0.48);
  cairo_move_to (cr, 0.62, 0.24);
  cairo_curve_to (cr, 0.72, 0.36, 0.74, 0.56, 0.70, 0.74);
  detail_stroke (cr, c);
}

static void
draw_knight (cairo_t *cr, const TsArmyColors *c)
{
  horse_head_path (cr);
  fill_stroke (cr, c);
  horse_head_details (cr, c);
}

static void
draw_unicorn (cairo_t *cr, const TsArmyColors *c)
{
  /* faces right, unlike the knight, and wears a long spiral horn */
  cairo_save (cr);
  cairo_translate (cr, 1, 0);
  cairo_scale (cr, -1, 1);
  horse_head_path (cr);
  fill_stroke (cr, c);
  horse_head_details (cr, c);
  cairo_move_to (cr, 0.34, 0.22);
  cairo_line_to (cr, 0.12, 0.02);
  cairo_line_to (cr, 0.43, 0.17);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  cairo_move_to (cr, 0.31, 0.15);
  cairo_line_to (cr, 0.36, 0.16);
  cairo_move_to (cr, 0.24, 0.09);
  cairo_line_to (cr, 0.28, 0.10);
  detail_stroke (cr, c);
  cairo_restore (cr);
}

/* Nihongi's horse: a horseshoe on a short column. */
static void
draw_horse (cairo_t *cr, const TsArmyColors *c)
{
  cairo_move_to (cr, 0.30, 0.79);
  cairo_curve_to (cr, 0.38, 0.72, 0.42, 0.66, 0.42, 0.58);
  cairo_line_to (cr, 0.58, 0.58);
  cairo_curve_to (cr, 0.58, 0.66, 0.62, 0.72, 0.70, 0.79);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  /* the shoe, open downwards, with calkins at its heels */
  double cx = 0.5, cy = 0.35, ro = 0.28, ri = 0.15;
  double a0 = G_PI * 0.70, a1 = G_PI * 2.30;
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, ro, a0, a1);
  cairo_line_to (cr, cx + ri * cos (a1) + 0.02, cy + ri * sin (a1) + 0.02);
  cairo_arc_negative (cr, cx, cy, ri, a1, a0);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  set_rgb (cr, &c->detail);
  for (int i = 0; i < 6; i++)
    {
      double a = a0 + (a1 - a0) * (i + 0.5) / 6.0;
      if (i == 2 || i == 3)
        continue;
      circle (cr, cx + 0.215 * cos (a), cy + 0.215 * sin (a), 0.025);
      cairo_fill (cr);
    }
  cairo_move_to (cr, cx - 0.12, cy - 0.215);
  cairo_line_to (cr, cx + 0.12, cy - 0.215);
  detail_stroke (cr, c);
}

/* Warder: a heater shield on a stem. */
static void
draw_warder (cairo_t *cr, const TsArmyColors *c)
{
  draw_body (cr, c, 0.62, 0.07);
  cairo_move_to (cr, 0.24, 0.14);
  cairo_line_to (cr, 0.76, 0.14);
  cairo_curve_to (cr, 0.78, 0.42, 0.68, 0.58, 0.5, 0.70);
  cairo_curve_to (cr, 0.32, 0.58, 0.22, 0.42, 0.24, 0.14);
  cairo_close_path (cr);
  fill_stroke (cr, c);
  /* a chevron across the shield */
  cairo_move_to (cr, 0.29, 0.40);
  cairo_line_to (cr, 0.5, 0.25);
  cairo_line_to (cr, 0.71, 0.40);
  detail_stroke (cr, c);
}

/* Doseki: a draughts checker seen from above. */
static void
draw_checker (cairo_t *cr, const TsArmyColors *c, TsArmy army)
{
  circle (cr, 0.5, 0.5, 0.40);
  fill_stroke (cr, c);
  circle (cr, 0.5, 0.5, 0.27);
  detail_stroke (cr, c);
  ts_piece_art_draw_mark (cr, army, 0.5, 0.5, 0.13, &c->detail);
}

void
ts_piece_art_draw_mark (cairo_t *cr, TsArmy army, double cx, double cy, double r,
                        const TsRgb *c)
{
  cairo_save (cr);
  set_rgb (cr, c);
  switch (army)
    {
    case TS_ARMY_RED:
      circle (cr, cx, cy, r * 0.85);
      break;
    case TS_ARMY_ORANGE:
      cairo_move_to (cr, cx, cy - r);
      cairo_line_to (cr, cx + r, cy + r * 0.8);
      cairo_line_to (cr, cx - r, cy + r * 0.8);
      cairo_close_path (cr);
      break;
    case TS_ARMY_GREEN:
      cairo_rectangle (cr, cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6);
      break;
    case TS_ARMY_BLUE:
      cairo_move_to (cr, cx, cy - r * 1.1);
      cairo_line_to (cr, cx + r * 1.1, cy);
      cairo_line_to (cr, cx, cy + r * 1.1);
      cairo_line_to (cr, cx - r * 1.1, cy);
      cairo_close_path (cr);
      break;
    case TS_ARMY_WHITE:
    case TS_ARMY_BLACK:
    case TS_N_ARMIES:
    default:
      break;
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Saves cr and makes the square (x, y, size) the unit square, lines line_px wide. */
static void
enter_square (cairo_t *cr, double x, double y, double size, double line_px)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  cairo_set_line_width (cr, line_px / size);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

void
ts_piece_art_draw (cairo_t *cr, TsPieceImage image, TsArmy army, double x, double y,
                   double size)
{
  ts_piece_art_draw_weighted (cr, image, army, x, y, size, 1.0);
}

void
ts_piece_art_draw_weighted (cairo_t *cr, TsPieceImage image, TsArmy army, double x, double y,
                            double size, double line)
{
  const TsArmyColors *c;

  g_return_if_fail (image < TS_N_PIECE_IMAGES);
  g_return_if_fail (army < TS_N_ARMIES);
  if (size <= 0)
    return;

  c = &army_colors[army];
  /* about 1/30 of the piece (× line), never thinner than 0.8 device pixels; a small piece's
   * outline is not made bolder than that, or it swallows a white piece's body */
  enter_square (cr, x, y, size, MAX (size / 30.0 * MAX (line, 1.0), 0.8));

  if (image == TS_PIECE_IMAGE_CHECKER)
    {
      draw_checker (cr, c, army);
      cairo_restore (cr);
      return;
    }

  draw_base (cr, c);
  switch (image)
    {
    case TS_PIECE_IMAGE_KING:    draw_king (cr, c); break;
    case TS_PIECE_IMAGE_QUEEN:   draw_queen (cr, c); break;
    case TS_PIECE_IMAGE_ROOK:    draw_rook (cr, c); break;
    case TS_PIECE_IMAGE_BISHOP:  draw_bishop (cr, c); break;
    case TS_PIECE_IMAGE_KNIGHT:  draw_knight (cr, c); break;
    case TS_PIECE_IMAGE_PAWN:    draw_pawn (cr, c); break;
    case TS_PIECE_IMAGE_UNICORN: draw_unicorn (cr, c); break;
    case TS_PIECE_IMAGE_EMPEROR: draw_emperor (cr, c); break;
    case TS_PIECE_IMAGE_EMPRESS: draw_empress (cr, c); break;
    case TS_PIECE_IMAGE_HORSE:   draw_horse (cr, c); break;
    case TS_PIECE_IMAGE_WARDER:  draw_warder (cr, c); break;
    case TS_PIECE_IMAGE_CHECKER:
    case TS_N_PIECE_IMAGES:
    default:
      break;
    }
  ts_piece_art_draw_mark (cr, army, 0.5, 0.855, 0.055, &c->detail);
  cairo_restore (cr);
}

void
ts_piece_art_draw_letter (cairo_t *cr, char letter, TsArmy army, double x, double y,
                          double size, double line)
{
  const TsArmyColors *c;
  cairo_text_extents_t e;
  char text[2] = { letter, 0 };
  gboolean marked = army != TS_ARMY_WHITE && army != TS_ARMY_BLACK;

  g_return_if_fail (army < TS_N_ARMIES);
  if (size <= 0)
    return;

  c = &army_colors[army];
  /* a little bolder than the figures: the disc is a simple shape */
  enter_square (cr, x, y, size, MAX (size / 22.0 * MAX (line, 1.0), 1.0));
  circle (cr, 0.5, 0.5, 0.41);
  fill_stroke (cr, c);

  /* the letter; with a mark under it, a little higher and smaller */
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, marked ? 0.46 : 0.56);
  cairo_text_extents (cr, text, &e);
  set_rgb (cr, &c->detail);
  cairo_move_to (cr, 0.5 - e.width / 2 - e.x_bearing,
                 (marked ? 0.45 : 0.5) - e.height / 2 - e.y_bearing);
  cairo_show_text (cr, text);
  if (marked)
    ts_piece_art_draw_mark (cr, army, 0.5, 0.76, 0.065, &c->detail);
  cairo_restore (cr);
}
