#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Vector piece images, drawn with cairo paths: no GTK. Only the letter style uses a font. */

typedef enum {
  TS_PIECE_IMAGE_KING,
  TS_PIECE_IMAGE_QUEEN,
  TS_PIECE_IMAGE_ROOK,
  TS_PIECE_IMAGE_BISHOP,
  TS_PIECE_IMAGE_KNIGHT,
  TS_PIECE_IMAGE_PAWN,
  TS_PIECE_IMAGE_UNICORN,
  TS_PIECE_IMAGE_EMPEROR,
  TS_PIECE_IMAGE_EMPRESS,
  TS_PIECE_IMAGE_HORSE,
  TS_PIECE_IMAGE_WARDER,
  TS_PIECE_IMAGE_CHECKER,
  TS_N_PIECE_IMAGES
} TsPieceImage;

/* The armies' colours. Each has its own mark too, so that armies can be told
 * apart without seeing colour. */
typedef enum {
  TS_ARMY_WHITE,
  TS_ARMY_BLACK,
  TS_ARMY_RED,
  TS_ARMY_ORANGE,
  TS_ARMY_GREEN,
  TS_ARMY_BLUE,
  TS_N_ARMIES
} TsArmy;

typedef struct {
  double r, g, b;
} TsRgb;

typedef struct {
  TsRgb fill;     /* body of the piece */
  TsRgb outline;  /* outer contour */
  TsRgb detail;   /* inner lines and the army mark, contrasting with fill */
} TsArmyColors;

/* "king", "queen" ... "checker" as in TsPieceType.image; -1 if unknown. */
int                 ts_piece_image_from_name (const char *name);
const char         *ts_piece_image_name      (TsPieceImage image);

/* "White", "Black", "Red", "Orange", "Green", "Blue" (case-insensitive); -1 if unknown. */
int                 ts_army_from_name        (const char *name);
const TsArmyColors *ts_army_colors           (TsArmy army);

/* Draws image for army inside the square (x, y, size). */
void                ts_piece_art_draw        (cairo_t      *cr,
                                              TsPieceImage  image,
                                              TsArmy        army,
                                              double        x,
                                              double        y,
                                              double        size);

/* Like ts_piece_art_draw, outlines line × as wide (the high-contrast theme). */
void                ts_piece_art_draw_weighted (cairo_t    *cr,
                                                TsPieceImage image,
                                                TsArmy      army,
                                                double      x,
                                                double      y,
                                                double      size,
                                                double      line);

/* The letter style: a disc in the army's colours carrying letter (one notation letter,
 * "K"), with the army's mark under it, inside the square (x, y, size). */
void                ts_piece_art_draw_letter (cairo_t      *cr,
                                              char          letter,
                                              TsArmy        army,
                                              double        x,
                                              double        y,
                                              double        size,
                                              double        line);

/* The army's mark alone (circle, triangle, square, diamond …) centred at
 * (cx, cy), radius r, in colour c. White and Black have no mark. */
void                ts_piece_art_draw_mark   (cairo_t      *cr,
                                              TsArmy        army,
                                              double        cx,
                                              double        cy,
                                              double        r,
                                              const TsRgb  *c);

G_END_DECLS
