/* Doseki generation internals shared by doseki-moves.c (all moves, noisy moves, one
 * set's) and doseki-recaptures.c: a set's moves, the board a generation works on. */
#pragma once

#include "doseki/doseki-private.h"

G_BEGIN_DECLS

typedef struct {
  TsMoveList       *out;
  guint             n;
  guint8            piece, shape;
  gint16            from;       /* dense */
  gint16            anchor;     /* padded */
  gboolean          noisy_only;
  const guint8     *onto;       /* if set: captures onto these padded cells only */
  const guint32    *near;       /* if set: near[x] has direction d if, for a cell y of the
                                   2×2×2 box whose low corner is x, y + d or y + 2d is
                                   marked (in onto, or a noisy move's target) */
  guint32           promo_dirs; /* noisy generation: see emit_ray */
  guint             to_face;    /* the anchor's rank's distance to the face */
} DkGen;

/* Whether S (orientation o) anchored at padded cell b covers a cell marked in onto. */
static inline gboolean
covers (const DkTables *t, guint o, int b, const guint8 *onto)
{
  for (guint i = 0; i < t->orient[o].n_cells; i++)
    if (onto[b + t->tab[o].cells[i]])
      return TRUE;
  return FALSE;
}

/* g's set's move to anchor to_pad: counted, and listed if g has a list. */
static inline void
emit_move (DkGen *g, const DkTables *t, int to_pad, gboolean capture)
{
  g->n++;
  if (g->out)
    ts_move_list_push (g->out, (TsMove) {
      g->from, t->dense_of[to_pad], g->piece, TS_NO_PROMO,
      capture ? TS_MOVE_CAPTURE : 0, g->shape });
}

/* g's set's move to anchor to_pad, unless g's generation does not want it. */
static inline void
emit (DkGen *g, const DkTables *t, int to_pad, gboolean capture, guint side)
{
  if (g->noisy_only && !capture &&
      dk_promotions (t, g->shape, g->anchor, to_pad, side) == 0)
    return;
  if (g->onto && !(capture && covers (t, g->shape, to_pad, g->onto)))
    return;
  emit_move (g, t, to_pad, capture);
}

/* Checks the leading cells at one step: 0 all empty, 1 some enemy (none own or off),
 * -1 blocked. kind: the mover's DkTables.cell_kind. */
#define DK_CELL_KIND(i) (k |= kind[sq[lead[i]]])

static inline int
step_state (const guint8 *sq, int base, const gint16 *lead, guint n_lead, const guint8 *kind)
{
  guint k = 0;

  sq += base;
  DK_EACH_CELL (n_lead, DK_CELL_KIND);
  return (k & DK_KIND_STOP) ? -1 : (int) (k & DK_KIND_ENEMY);
}

#undef DK_CELL_KIND

/* The smallest ray along d over the leading cells (at least one, at most S's cells). */
#define DK_CELL_MIN(i) (m = MIN (m, r[lead[i]]))

static inline guint
min_ray (const DkRays ray, guint d, int base, const gint16 *lead, guint n_lead)
{
  const guint8 *r = ray[d] + base;
  guint m = 255;

  DK_EACH_CELL (n_lead, DK_CELL_MIN);
  return m;
}

#undef DK_CELL_MIN

/* The second slide of a compound along d2 from base1, where the first slide's k1
 * steps left S: 2 * free steps + 1 if a capture ends them. Only right after a one-step
 * first slide can it meet S's vacated cells (the shapes fit a 2×2×2 box): that case
 * walks the lifted board (sq), the others read the rays (or walk, without them). */
static inline guint
second_slide (const DkTables *t, const guint8 *sq, const DkRays ray,
              const DkOrientTables *ot, guint d2, int base1, guint k1, guint range2,
              const guint8 *kind)
{
  int s = 0, base2 = base1;
  guint m = 0;

  if (k1 > 1 && ray)
    return min_ray (ray, d2, base1, ot->lead[d2], ot->n_lead[d2]);
  for (guint k2 = 0; k2 < range2 && s == 0; k2++, base2 += t->dir_pad[d2])
    {
      s = step_state (sq, base2, ot->lead[d2], ot->n_lead[d2], kind);
      m += s == 0 ? 2 : s > 0;
    }
  return m;
}

/* How many steps S's first slide along d may take (at most range): from the rays, or
 * walked on the board without them (recaptures make none). S's cells are never read:
 * the first step's leading cells are outside S, and two steps take S off its box. */
static inline guint
first_slide (const DkTables *t, const guint8 *sq, const DkRays ray,
             const DkOrientTables *ot, guint d, int anchor, guint range, const guint8 *kind)
{
  guint k = 0;

  if (ray)
    return MIN (min_ray (ray, d, anchor, ot->lead[d], ot->n_lead[d]) >> 1, range);
  for (int base = anchor; k < range; k++, base += t->dir_pad[d])
    if (step_state (sq, base, ot->lead[d], ot->n_lead[d], kind) != 0)
      break;
  return k;
}

/* Lifts g's set S off the board, saving its cells; put_back undoes it. (The stores
 * may alias g and t: what they read is read first.) */
static inline void
lift_set (const DkGen *g, const DkTables *t, guint8 *sq, guint8 *saved)
{
  const gint16 *cells = t->tab[g->shape].cells;
  guint8 *s = sq + g->anchor;

  for (guint i = 0, n = t->orient[g->shape].n_cells; i < n; i++)
    {
      saved[i] = s[cells[i]];
      s[cells[i]] = DK_EMPTY;
    }
}

static inline void
put_back (const DkGen *g, const DkTables *t, guint8 *sq, const guint8 *saved)
{
  const gint16 *cells = t->tab[g->shape].cells;
  guint8 *s = sq + g->anchor;

  for (guint i = 0, n = t->orient[g->shape].n_cells; i < n; i++)
    s[cells[i]] = saved[i];
}

/* The second slides of a compound along dirs2 after k1 first steps to base1; the
 * first path to a translation stamps its landing cell. */
static inline void
gen_second_slides (DkGen *g, const DkTables *t, const guint8 *sq, const DkRays ray,
                   const DkOrientTables *ot, guint range2, const guint8 *kind, guint side,
                   guint32 *stamp, guint32 mark, int base1, guint k1, guint32 dirs2)
{
  /* ascending, as the class's directions are listed */
  for (; dirs2; dirs2 &= dirs2 - 1)
    {
      guint d2 = (guint) __builtin_ctz (dirs2);
      int step2 = t->dir_pad[d2];
      guint m = second_slide (t, sq, ray, ot, d2, base1, k1, range2, kind);
      guint quiet = MIN (m >> 1, range2);

      for (guint k2 = 1; k2 <= quiet + ((m & 1) && (m >> 1) < range2); k2++)
        {
          int to = base1 + (int) k2 * step2;
          if (stamp[to] != mark)
            {
              stamp[to] = mark;
              emit (g, t, to, k2 > quiet, side);
            }
        }
    }
}

/* Recaptures (near, no rays): the last first step k1 (at most range) after which S's
 * box has a second direction of across near (see gen_compound), 0 if none. Walking the
 * first slide costs more, and need go no further. The anchor stays on the board up to
 * S's last step, so its box stays in the padded array. */
static inline guint
near_reach (const DkGen *g, const DkTables *t, const DkOrientTables *ot, guint d1,
            guint range, guint32 across)
{
  guint last = 0;
  int base1 = g->anchor;

  for (guint k1 = 1; k1 <= range; k1++)
    {
      base1 += t->dir_pad[d1];
      if (t->dense_of[base1] < 0)
        break;
      if (g->near[base1 + ot->box] & across)
        last = k1;
    }
  return last;
}

/* "X then Y": a first slide onto empty cells, then a second one not parallel to it,
 * judged with S lifted off the board (see second_slide). With near (noisy moves,
 * recaptures), few second slides are looked at: S is lifted for the first one after a
 * one-step first slide. Without rays (recaptures) the first slide is walked only as far
 * as near_reach. */
static inline void
gen_compound (DkGen *g, const DkTables *t, guint8 *sq, const DkRays ray,
              const DkOrientTables *ot, const DkPiece *pc, const guint8 *kind, guint side,
              guint32 *stamp, guint32 mark, guint32 free_dirs)
{
  guint range2 = pc->modes[1].range;
  guint8 saved[TS_DOSEKI_MAX_SET];
  gboolean lifted = g->near == NULL;

  if (lifted)     /* all moves: every second slide is looked at */
    lift_set (g, t, sq, saved);
  for (guint32 dirs = free_dirs & t->class_mask[pc->modes[0].cls]; dirs; dirs &= dirs - 1)
    {
      guint d1 = (guint) __builtin_ctz (dirs);
      guint32 across = t->across[pc->modes[1].cls][d1];
      int base1 = g->anchor;
      guint range1 = pc->modes[0].range, free;

      if (g->near && !ray && (range1 = near_reach (g, t, ot, d1, range1, across)) == 0)
        continue;
      free = first_slide (t, sq, ray, ot, d1, g->anchor, range1, kind);

      for (guint k1 = 1; k1 <= free; k1++)
        {
          guint32 dirs2 = across;

          base1 += t->dir_pad[d1];
          /* Recaptures, noisy moves: only second slides (of at most two steps)
           * that line a cell of S (of its box) up with a marked cell can land on one. */
          if (g->near)
            dirs2 &= g->near[base1 + ot->box];
          if (k1 == 1 && dirs2 != 0 && !lifted)
            {
              lift_set (g, t, sq, saved);
              lifted = TRUE;
            }
          gen_second_slides (g, t, sq, ray, ot, range2, kind, side, stamp, mark, base1, k1,
                             dirs2);
        }
    }
  if (lifted)
    put_back (g, t, sq, saved);
}

/* What the generation of one position shares between its moving sets. */
typedef struct {
  const DkTables *t;
  guint8         *sq;
  guint           side;
  guint8          own, enemy;
  gboolean        have_rays;
  guint32         mark;
  guint32         stamp[DK_PAD_CELLS];
  /* own cells only: nb_own the own neighbours; nb_stop those that stop a step (low 32
   * bits) and in the high 32 bits, in noisy generation, the directions the cell sees in
   * (board_noisy_sees), in recaptures those in which it lands (mark_lines) */
  guint32         nb_own[DK_PAD_CELLS];
  guint64         nb_stop[DK_PAD_CELLS];
  gint16          own_cells[TS_DOSEKI_CELLS];                    /* dense, ascending */
  guint           n_own;
  guint8          own3[DK_PAD_CELLS], stop3[DK_PAD_CELLS];       /* see board_rows */
  DkRays          rays;                                          /* off-board cells 0 */
  guint32         noisy_near[DK_PAD_CELLS];                      /* see board_noisy_near */
  /* recaptures: see mark_lines and mark_candidates; zero between calls (near and
   * onto too) */
  guint64         cand[DK_PAD_CELLS][DK_O_WORDS];
  gint16          landers[DK_N_DIRS * TS_DOSEKI_MAX_SET];
  guint           n_landers;
  guint8          onto[DK_PAD_CELLS];     /* the last move's cells */
  guint32         near[DK_PAD_CELLS];     /* see mark_lines, near_boxes */
  gint16          region[7 * 7 * 7];      /* see board_region: dense, ascending */
  guint           n_region;
  guint32         line_near[DK_N_DIRS / 2][TS_DOSEKI_CELLS];    /* see board_line_near */
  guint32         line_call[DK_N_DIRS / 2][TS_DOSEKI_CELLS];    /* the call that wrote it */
  guint32         reach[DK_PAD_CELLS], reach_call[DK_PAD_CELLS]; /* see compound_reach */
  guint32         call;                   /* recapture calls (stamps cleared as it wraps) */
} DkBoard;

/* A mark no stamp holds yet (the stamps are cleared when the count wraps). */
static inline guint32
board_next_mark (DkBoard *b)
{
  if (G_UNLIKELY (++b->mark == 0))
    {
      memset (b->stamp, 0, sizeof b->stamp);
      b->mark = 1;
    }
  return b->mark;
}

/* An anchor's neighbourhood: box[k][y + 2 * z][x] is nb_stop of the cell at (x, y, z)
 * of the anchor's 2×2×2 box k (DkTables.box_type), the boxes that may hold a set
 * anchored there. Made once an anchor for all its sets; cells off the board or not own
 * are read (in the padded array) but no set has them. */
typedef struct {
  DkCellPair box[4][4];
} DkAround;

static inline void
around_anchor (DkAround *ar, const DkBoard *b, int a)
{
  for (guint k = 0; k < 4; k++)
    {
      const guint64 *corner = b->nb_stop + a - (k & 1 ? 1 : 0) - (k & 2 ? DK_PAD_W : 0);

      for (guint yz = 0; yz < 4; yz++)
        {
          const guint64 *row = corner + (yz & 1 ? DK_PAD_W : 0) +
                               (yz & 2 ? DK_PAD_W * DK_PAD_W : 0);

          ar->box[k][yz] = (DkCellPair) { row[0], row[1] };
        }
    }
}

/* The OR over S's cells (orientation o, at the anchor of ar) of nb_stop, each masked
 * by the cell's leaves_box: in the low 32 bits the directions in which S is stopped at
 * once (some cell of S would step onto an own checker outside S or off the board); in
 * the high 32, in noisy generation, those in which some cell of S sees. Its box's
 * eight cells, two at a time, with no branch: fewer instructions than S's cells one by
 * one. */
static inline guint64
set_stops_sees (const DkAround *ar, const DkTables *t, guint o)
{
  const DkCellPair *nb = ar->box[t->box_type[o]], *leaves = t->leaves_box[o];
  DkCellPair v = (nb[0] & leaves[0]) | (nb[1] & leaves[1]) | (nb[2] & leaves[2]) |
                 (nb[3] & leaves[3]);

  return v[0] | v[1];
}

/* The directions of dirs in which S (orientation o, at the anchor of ar) is stopped at
 * once. */
static inline guint32
set_stopped (const DkAround *ar, const DkTables *t, guint o, guint32 dirs)
{
  return (guint32) set_stops_sees (ar, t, o) & dirs;
}

/* Word w of the orientations whose cells besides the anchor are own, for an anchor
 * whose own neighbours are nb. */
static inline guint64
fitting (const DkTables *t, guint32 nb, guint w)
{
  return t->fit_lo[nb >> 13 & 127][w] & t->fit_hi[nb >> 20 & 63][w];
}

/* A board with the neighbours of every own checker, and the list of their cells. */
DkBoard *dk_board_new_neighbours (TsPosition *p);

G_END_DECLS
