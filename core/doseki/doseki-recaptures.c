/* Doseki recaptures: the captures onto the cells the last move landed on, for the
 * quiescence search. */
#include <string.h>

#include "doseki/doseki-generate.h"

/* The captures of a single-slide set (g's anchor and shape set) in directions dirs,
 * each slide walked on the board: the first step that meets an enemy captures. */
static void
gen_slide_captures (DkGen *g, DkBoard *b, const DkPiece *pc, guint32 dirs)
{
  const DkTables *t = b->t;
  const DkOrientTables *ot = &t->tab[g->shape];

  for (guint mi = pc->pawn ? 1 : 0; mi < pc->n_modes; mi++)
    for (guint32 ds = dirs & t->class_mask[pc->modes[mi].cls]; ds; ds &= ds - 1)
      {
        guint d = (guint) __builtin_ctz (ds);
        int step = t->dir_pad[d], base = g->anchor;

        for (guint k = 1; k <= pc->modes[mi].range; k++, base += step)
          {
            int state = step_state (b->sq, base, ot->lead[d], ot->n_lead[d], t->cell_kind[b->side]);
            if (state > 0)
              emit (g, t, base + step, TRUE, b->side);
            if (state != 0)
              break;
          }
      }
}

/* For a marked cell x: near[y] |= direction d for the cells y one or two steps d before
 * it, d a compound piece's second direction (near is read for no other); d in the high
 * half of nb_stop[y] (y's lander directions, which board_neighbours cleared) for the
 * first own checker y before it along d, past empty cells only (listed once in
 * landers). A single slide along d that lands a cell of S on x has
 * a cell of S there: the cells between S's landing cell and x are empty or S's own
 * (which, if x holds an enemy, would pass over it: then none), and an own checker
 * outside S, or an enemy, would block. */
static void
mark_lines (DkBoard *b, int x, guint32 *near)
{
  const DkTables *t = b->t;

  for (guint d = 0; d < DK_N_DIRS; d++)
    {
      int step = t->dir_pad[d], y = x - step;

      for (int k = 1; k <= 2 && (t->compound_second >> d & 1) && b->sq[x - k * step] != DK_OFF;
           k++)
        near[x - k * step] |= 1u << d;
      while (b->sq[y] == DK_EMPTY)
        y -= step;
      if (DK_OWNER (b->sq[y]) != b->own)
        continue;
      if (b->nb_stop[y] >> 32 == 0)
        b->landers[b->n_landers++] = (gint16) y;
      b->nb_stop[y] |= G_GUINT64_CONSTANT (1) << (32 + d);
    }
}

/* The padded offset of S's cell at forward offset j (see DkTables.single_at). */
static inline int
forward_offset (const DkTables *t, guint j)
{
  return j == 0 ? 0 : t->dir_pad[12 + j];
}

/* cand[a]: the single-slide orientations anchored at a with a cell on a lander whose
 * directions are of a class the piece captures along; the only single sets that may
 * recapture. (The anchor is S's first cell: its others are at forward offsets.) */
static void
mark_candidates (DkBoard *b)
{
  const DkTables *t = b->t;

  for (guint i = 0; i < b->n_landers; i++)
    {
      int y = b->landers[i];
      guint32 dirs = (guint32) (b->nb_stop[y] >> 32);
      guint k = (dirs & t->class_mask[DK_CLASS_O] ? 1 : 0) |
                (dirs & t->class_mask[DK_CLASS_F] ? 2 : 0) |
                (dirs & t->class_mask[DK_CLASS_D] ? 4 : 0);

      for (guint j = 0; j < 14; j++)
        for (guint w = 0; w < DK_O_WORDS; w++)
          b->cand[y - forward_offset (t, j)][w] |= t->single_at[j][k][w];
    }
}

/* Zeroes what mark_candidates wrote (mark_lines' directions in nb_stop are made anew
 * by the next generation's board_neighbours). */
static void
clear_candidates (DkBoard *b)
{
  for (guint i = 0; i < b->n_landers; i++)
    {
      int y = b->landers[i];

      for (guint j = 0; j < 14; j++)
        memset (b->cand[y - forward_offset (b->t, j)], 0, sizeof b->cand[0]);
    }
  b->n_landers = 0;
}

/* The cells of the board whose near a recapture may set (board_region: dense,
 * ascending): those within three steps along each axis of the low corner of the last
 * move's 2×2×2 box (at padded cell corner, perhaps off the board). Its cells mark up to
 * two steps before them (mark_lines, on the board only), and near_boxes reaches one
 * lower. */
static void
board_region (DkBoard *b, int corner)
{
  int at[3] = { corner % DK_PAD_W - DK_PAD_B, corner / DK_PAD_W % DK_PAD_W - DK_PAD_B,
                corner / (DK_PAD_W * DK_PAD_W) - DK_PAD_B };
  int lo[3], hi[3];

  for (int k = 0; k < 3; k++)
    {
      lo[k] = MAX (at[k] - 3, 0);
      hi[k] = MIN (at[k] + 3, TS_DOSEKI_SIZE - 1);
    }
  b->n_region = 0;
  for (int z = lo[2]; z <= hi[2]; z++)
    for (int y = lo[1]; y <= hi[1]; y++)
      for (int x = lo[0]; x <= hi[0]; x++)
        b->region[b->n_region++] = (gint16) (x + TS_DOSEKI_SIZE * (y + TS_DOSEKI_SIZE * z));
}

/* near_boxes over the region's cells: the same values there (the passes read, one step
 * up each axis, cells of the region or cells still 0), and 0 stays 0 elsewhere on the
 * board (the border cells, which no one reads, are not written). */
static void
region_near_boxes (DkBoard *b)
{
  static const int steps[3] = { 1, DK_PAD_W, DK_PAD_W * DK_PAD_W };

  for (guint k = 0; k < 3; k++)
    for (guint i = 0; i < b->n_region; i++)
      {
        int x = b->t->pad_of[b->region[i]];

        b->near[x] |= b->near[x + steps[k]];
      }
}

/* line_near[f][l]: the OR of near (boxed) over line l along direction f, for the
 * compound pieces' first directions; an entry holds only if its line_call is this
 * call's (none is cleared). */
static void
board_line_near (DkBoard *b, const guint32 *near)
{
  const DkTables *t = b->t;

  for (guint i = 0; i < b->n_region; i++)
    {
      guint c = (guint) b->region[i];
      guint32 v = near[t->pad_of[c]];

      if (v == 0)
        continue;
      for (guint32 fs = t->compound_first & 0x1fff; fs; fs &= fs - 1)
        {
          guint f = (guint) __builtin_ctz (fs), l = t->line_of[f][c];

          b->line_near[f][l] = b->line_call[f][l] == b->call ? b->line_near[f][l] | v : v;
          b->line_call[f][l] = b->call;
        }
    }
}

/* The compound first directions along which a set whose box's low corner is at padded
 * cell p may recapture: its first slide walks a line (both ways here) on which some
 * cell's near has a direction across it; the others' second slides line no cell of S
 * up with a marked cell. Worked out once a call per cell. */
static guint32
compound_reach (DkBoard *b, int p)
{
  const DkTables *t = b->t;
  guint cp = (guint) t->dense_of[p];
  guint32 reach = 0;

  if (b->reach_call[p] == b->call)
    return b->reach[p];
  for (guint32 fs = t->compound_first & 0x1fff; fs; fs &= fs - 1)
    {
      guint f = (guint) __builtin_ctz (fs), l = t->line_of[f][cp];

      if (b->line_call[f][l] == b->call && (b->line_near[f][l] & t->compound_across[f]))
        reach |= 1u << f | 1u << t->dir_opposite[f];
    }
  b->reach_call[p] = b->call;
  return b->reach[p] = reach;
}

/* The recaptures of a compound set: its first slides walked on the board (no rays). */
static void
recapture_compound (DkGen *g, DkBoard *b, const DkTables *t, const DkAround *ar, guint c,
                    int a, guint o)
{
  const DkPiece *pc = &t->pieces[t->orient[o].piece];
  guint32 free = t->tab[o].first_dirs & compound_reach (b, a + t->tab[o].box);

  if (free == 0 || (free &= ~set_stopped (ar, t, o, free)) == 0)
    return;
  g->piece = t->orient[o].piece;
  g->shape = (guint8) o;
  g->from = (gint16) c;
  g->anchor = (gint16) a;
  /* emit keeps the captures onto the cells */
  gen_compound (g, t, b->sq, NULL, &t->tab[o], pc, t->cell_kind[b->side], b->side, b->stamp,
                board_next_mark (b), free);
}

/* The directions of S's landers (orientation o, at the anchor of ar) in which it is not
 * stopped at once: one pass over S's box for both (nb_stop's high half holds the
 * landers' directions, see mark_lines). */
static inline guint32
set_lands_free (const DkAround *ar, const DkTables *t, guint o)
{
  guint64 stops_lands = set_stops_sees (ar, t, o);

  return (guint32) (stops_lands >> 32) & ~(guint32) stops_lands;
}

/* The recaptures of the set of orientation o anchored at dense cell c, padded a (its
 * cells own). */
static void
recapture_set (DkGen *g, DkBoard *b, const DkTables *t, const DkAround *ar, guint c, int a,
               guint o)
{
  const TsDosekiOrientation *or = &t->orient[o];
  guint32 dirs;

  if (t->tab[o].compound)
    {
      recapture_compound (g, b, t, ar, c, a, o);
      return;
    }
  dirs = set_lands_free (ar, t, o) & t->capture_dirs[or->piece];
  if (dirs == 0)
    return;
  g->piece = or->piece;
  g->shape = (guint8) o;
  g->from = (gint16) c;
  g->anchor = (gint16) a;
  gen_slide_captures (g, b, &t->pieces[or->piece], dirs);
}

guint
ts_doseki_generate_recaptures (TsPosition *p, TsMove last, TsMoveList *out)
{
  const DkTables *t = dk_tables ();
  DkBoard *b;
  DkGen g = { out, 0, 0, 0, 0, 0, TRUE };

  g_return_val_if_fail (p->variant->ops == &ts_doseki_ops, 0);
  if ((last.flags & TS_MOVE_PLACE) || last.from < 0 || last.from >= TS_DOSEKI_CELLS ||
      last.to < 0 || last.to >= TS_DOSEKI_CELLS || last.shape >= TS_DOSEKI_N_ORIENTATIONS)
    return 0;
  b = dk_board_new_neighbours (p);
  g.onto = b->onto;
  g.near = b->near;
  for (guint i = 0; i < t->orient[last.shape].n_cells; i++)
    b->onto[t->pad_of[last.to] + t->tab[last.shape].cells[i]] = 1;
  for (guint i = 0; i < t->orient[last.shape].n_cells; i++)
    mark_lines (b, t->pad_of[last.to] + t->tab[last.shape].cells[i], b->near);
  mark_candidates (b);
  board_region (b, t->pad_of[last.to] + t->tab[last.shape].box);
  region_near_boxes (b);
  if (G_UNLIKELY (++b->call == 0))
    {
      memset (b->reach_call, 0, sizeof b->reach_call);
      memset (b->line_call, 0, sizeof b->line_call);
      b->call = 1;
    }
  board_line_near (b, b->near);

  for (guint i = 0; i < b->n_own; i++)
    {
      guint c = (guint) b->own_cells[i];
      int a = t->pad_of[c];
      DkAround ar;

      around_anchor (&ar, b, a);
      for (guint w = 0; w < DK_O_WORDS; w++)
        {
          /* away from the candidates only the compound sets can recapture */
          guint64 os = fitting (t, b->nb_own[a], w) & (b->cand[a][w] | t->compound_set[w]);

          for (; os; os &= os - 1)
            recapture_set (&g, b, t, &ar, c, a, 64 * w + (guint) __builtin_ctzll (os));
        }
    }
  clear_candidates (b);
  for (guint i = 0; i < b->n_region; i++)
    b->near[t->pad_of[b->region[i]]] = 0;
  for (guint i = 0; i < t->orient[last.shape].n_cells; i++)
    b->onto[t->pad_of[last.to] + t->tab[last.shape].cells[i]] = 0;
  return g.n;
}
