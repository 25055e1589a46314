#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Boards of 2 to 4 dimensions, up to 9 cells per axis. Cells are dense indices;
 * the rules code uses a padded mailbox internally (see rules-private.h). */
#define TS_MAX_DIMS  4
#define TS_MAX_SIZE  9
#define TS_MAX_CELLS 729
#define TS_NO_CELL   (-1)

typedef gint16 TsCell;   /* dense index: x + sx*(y + sy*(z + sz*w)) */

typedef struct {
  guint ndims;
  guint size[TS_MAX_DIMS];   /* unused dimensions have size 1 */
  guint ncells;
} TsGeometry;

void   ts_geometry_init   (TsGeometry       *g,
                           guint             ndims,
                           const guint      *sizes);
void   ts_geometry_coords (const TsGeometry *g,
                           TsCell            cell,
                           int               coords[TS_MAX_DIMS]);
/* TS_NO_CELL if off the board. Unused dimensions must be 0. */
TsCell ts_geometry_cell   (const TsGeometry *g,
                           const int         coords[TS_MAX_DIMS]);

G_END_DECLS
