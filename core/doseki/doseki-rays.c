/* Doseki's rays: how far each cell's line runs over empty cells, in every direction,
 * and what ends it (see DkRays). Made once a generation, when a set first needs them. */
#include <string.h>

#include "doseki/doseki-private.h"

/* n cells of one ray from the cells one step on (next), which are done. Off-board
 * cells come out 0: TS_CELL_OFF is neither empty nor an enemy. The three runs do not
 * overlap (restrict) and next is read whatever the cell holds, so the compiler may do
 * many cells at once. */
static inline void
ray_run (guint8 *restrict r, const guint8 *restrict next, const guint8 *restrict sq,
         guint n, guint8 enemy)
{
  for (guint i = 0; i < n; i++)
    {
      guint8 run = 2 + next[i], end = DK_OWNER (sq[i]) == enemy;
      r[i] = sq[i] == DK_EMPTY ? run : end;
    }
}

/* One rank of a ray that changes rank but not layer, sixteen cells at once (GCC's
 * vector extension): the rank's nine, then four border cells, which come out 0, then
 * three of the rank that follows in memory. Those are done again in their turn, or
 * were done already and come out the same (their next cells are done): a rank's cells
 * depend on the rank one step on, not on the others. All loads come before the store. */
typedef guint8 DkBytes __attribute__ ((vector_size (16)));

static inline void
ray_rank (guint8 *r, const guint8 *next, const guint8 *sq, guint8 enemy)
{
  DkBytes s, nx, run, end, empty;

  memcpy (&s, sq, sizeof s);
  memcpy (&nx, next, sizeof nx);
  run = nx + 2;
  end = (DkBytes) ((s & 0xf0) == enemy) & 1;
  empty = (DkBytes) (s == DK_EMPTY);
  run = (empty & run) | (~empty & end);
  memcpy (r, &run, sizeof run);
}

/* One rank of a ray along the file (step ±1), from the cell q at its far end: each cell
 * from the one just done, kept in a register. */
static inline void
ray_file (guint8 *r, const guint8 *sq, int q, int step, guint8 enemy)
{
  guint8 next = r[q + step];

  for (int k = 0; k < TS_DOSEKI_SIZE; k++, q -= step)
    {
      next = sq[q] == DK_EMPTY ? (guint8) (2 + next) : DK_OWNER (sq[q]) == enemy;
      r[q] = next;
    }
}

/* The i-th layer (rank, file) to do for a ray whose step along it is v: the far end
 * first. */
static inline int
ray_order (int v, int i)
{
  return v > 0 ? TS_DOSEKI_SIZE - 1 - i : i;
}

/* One direction's ray: a whole layer at a time if the direction changes layer (the
 * layer one step on is done by then), else a rank at a time if it changes rank
 * (ray_rank), else cell by cell (ray_file). A layer's run, from its first cell to its
 * last, takes in the border cells between its ranks; the next layer's run is more than
 * that far away. */
static void
compute_ray (const DkTables *t, const guint8 *sq, guint8 enemy, guint d, guint8 *r)
{
  const int n = TS_DOSEKI_SIZE, w = DK_PAD_W, step = t->dir_pad[d];
  const gint8 *v = t->dir_vec[d];

  for (int i = 0; i < n; i++)
    {
      int layer = t->pad_of[n * n * ray_order (v[2], i)];

      if (v[2] != 0)
        {
          ray_run (r + layer, r + layer + step, sq + layer, (n - 1) * w + n, enemy);
          continue;
        }
      for (int j = 0; j < n; j++)
        {
          int row = layer + w * ray_order (v[1], j);

          if (v[1] != 0)
            ray_rank (r + row, r + row + step, sq + row, enemy);
          else
            ray_file (r, sq, row + ray_order (v[0], 0), step, enemy);
        }
    }
}

/* The rays of every direction, on board sq, for the side whose checkers' enemy is
 * enemy. */
void
dk_compute_rays (const DkTables *t, const guint8 *sq, guint8 enemy, DkRays ray)
{
  for (guint d = 0; d < DK_N_DIRS; d++)
    compute_ray (t, sq, enemy, d, ray[d]);
}
