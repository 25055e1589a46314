#include "rules/geometry.h"

void
ts_geometry_init (TsGeometry  *g,
                  guint        ndims,
                  const guint *sizes)
{
  g_return_if_fail (ndims >= 1 && ndims <= TS_MAX_DIMS);

  g->ndims = ndims;
  g->ncells = 1;
  for (guint i = 0; i < TS_MAX_DIMS; i++)
    {
      g->size[i] = i < ndims ? sizes[i] : 1;
      g_return_if_fail (g->size[i] >= 1 && g->size[i] <= TS_MAX_SIZE);
      g->ncells *= g->size[i];
    }
}

void
ts_geometry_coords (const TsGeometry *g,
                    TsCell            cell,
                    int               coords[TS_MAX_DIMS])
{
  int rest = cell;

  for (guint i = 0; i < TS_MAX_DIMS; i++)
    {
      coords[i] = rest % (int) g->size[i];
      rest /= (int) g->size[i];
    }
}

TsCell
ts_geometry_cell (const TsGeometry *g,
                  const int         coords[TS_MAX_DIMS])
{
  int cell = 0;

  for (int i = TS_MAX_DIMS - 1; i >= 0; i--)
    {
      if (coords[i] < 0 || coords[i] >= (int) g->size[i])
        return TS_NO_CELL;
      cell = cell * (int) g->size[i] + coords[i];
    }
  return (TsCell) cell;
}
