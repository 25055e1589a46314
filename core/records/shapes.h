#pragma once

#include <glib.h>

#include "rules/geometry.h"
#include "rules/variant.h"

G_BEGIN_DECLS

/* Arrows and marked cells drawn on the board at a move (issue 15), as Lichess and ChessBase
 * draw them: a marked cell is an arrow from a cell to itself. docs/file-format.md. */

typedef enum {
  TS_SHAPE_GREEN,
  TS_SHAPE_RED,
  TS_SHAPE_BLUE,
  TS_SHAPE_YELLOW,
  TS_N_SHAPE_COLOURS
} TsShapeColour;

typedef struct {
  TsCell  from, to;   /* to == from: a marked cell */
  guint8  colour;     /* TsShapeColour */
} TsShape;

/* Bounds what one move may carry, so that a hostile file cannot make drawing slow. */
#define TS_RECORD_MAX_SHAPES 512

static inline gboolean
ts_shape_is_arrow (const TsShape *s)
{
  return s->from != s->to;
}

/* 'G' 'R' 'B' 'Y', as PGN's [%csl] and [%cal]; -1 for another letter. */
char        ts_shape_colour_letter      (TsShapeColour colour);
int         ts_shape_colour_from_letter (char          letter);
/* "green" "red" "blue" "yellow", as the XML form writes them; -1 for another name. */
const char *ts_shape_colour_name        (TsShapeColour colour);
int         ts_shape_colour_from_name   (const char   *name);

/* The order in which a node keeps its shapes (and the file forms write them): marked cells
 * before arrows, then by cell. At most one shape per pair of cells. */
int         ts_shape_compare            (const TsShape *a,
                                         const TsShape *b);
/* Whether shapes (n of them) are in that order, without two on the same cells, every cell on
 * the variant's board and every colour known. */
gboolean    ts_shapes_are_canonical     (const TsVariant *variant,
                                         const TsShape   *shapes,
                                         guint            n);

/* One shape as text: the colour's letter, the cell, and for an arrow "-" and the target
 * ("GAa1", "RAa1-Bb2"). Cell names have a fixed length per variant, so "-" is the only
 * separator needed; it never occurs in a cell name. */
void        ts_shape_append_text        (GString         *out,
                                         const TsVariant *variant,
                                         const TsShape   *shape);
/* Reads one shape at text; *end (if not NULL) points after it. FALSE if there is none. */
gboolean    ts_shape_parse              (const TsVariant *variant,
                                         const char      *text,
                                         TsShape         *shape,
                                         const char     **end);
/* A comma-separated list of shapes ("GAa1,RAa1-Bb2"), for the command line: sorted into the
 * canonical order, a shape on the same cells as an earlier one replaces it. */
gboolean    ts_shapes_parse_list        (const TsVariant *variant,
                                         const char      *text,
                                         GArray          *shapes,
                                         GError         **error);

G_END_DECLS
