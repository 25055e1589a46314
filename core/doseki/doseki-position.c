/* Doseki positions: the board, move generation, make/unmake and the end of the game. */
#include <string.h>

#include "doseki/doseki-private.h"

#define DK_DENSE(x, y, z) ((x) + TS_DOSEKI_SIZE * ((y) + TS_DOSEKI_SIZE * (z)))

void
ts_doseki_move_list_init (TsDosekiMoveList *l)
{
  l->moves = NULL;
  l->n = l->capacity = 0;
}

void
ts_doseki_move_list_clear (TsDosekiMoveList *l)
{
  g_clear_pointer (&l->moves, g_free);
  l->n = l->capacity = 0;
}

static inline void
list_push (TsDosekiMoveList *l, TsDosekiMove m)
{
  if (G_UNLIKELY (l->n == l->capacity))
    {
      l->capacity = MAX (256, l->capacity * 2);
      l->moves = g_renew (TsDosekiMove, l->moves, l->capacity);
    }
  l->moves[l->n++] = m;
}

TsDosekiPos *
ts_doseki_pos_new_empty (void)
{
  const DkTables *t = dk_tables ();
  TsDosekiPos *p = g_new0 (TsDosekiPos, 1);

  for (guint i = 0; i < DK_PAD_CELLS; i++)
    p->sq[i] = t->dense_of[i] < 0 ? DK_OFF : TS_DOSEKI_EMPTY;
  p->history = g_array_new (FALSE, FALSE, sizeof (guint64));
  return p;
}

TsDosekiPos *
ts_doseki_pos_new_initial (void)
{
  TsDosekiPos *p = ts_doseki_pos_new_empty ();

  /* RULES.md §7: Red fills ranks 1–2, Black ranks 8–9. */
  for (int z = 0; z < TS_DOSEKI_SIZE; z++)
    for (int x = 0; x < TS_DOSEKI_SIZE; x++)
      {
        ts_doseki_pos_set (p, DK_DENSE (x, 0, z), TS_DOSEKI_RED);
        ts_doseki_pos_set (p, DK_DENSE (x, 1, z), TS_DOSEKI_RED);
        ts_doseki_pos_set (p, DK_DENSE (x, 7, z), TS_DOSEKI_BLACK);
        ts_doseki_pos_set (p, DK_DENSE (x, 8, z), TS_DOSEKI_BLACK);
      }
  return p;
}

TsDosekiPos *
ts_doseki_pos_copy (const TsDosekiPos *p)
{
  TsDosekiPos *c = g_new (TsDosekiPos, 1);

  *c = *p;
  c->history = g_array_copy (p->history);
  return c;
}

void
ts_doseki_pos_free (TsDosekiPos *p)
{
  if (p == NULL)
    return;
  g_array_unref (p->history);
  g_free (p);
}

guint
ts_doseki_pos_at (const TsDosekiPos *p, TsDosekiCell c)
{
  g_return_val_if_fail (c >= 0 && c < TS_DOSEKI_CELLS, TS_DOSEKI_EMPTY);
  return p->sq[dk_tables ()->pad_of[c]];
}

void
ts_doseki_pos_set (TsDosekiPos *p, TsDosekiCell c, guint content)
{
  const DkTables *t = dk_tables ();
  guint old;

  g_return_if_fail (c >= 0 && c < TS_DOSEKI_CELLS && content <= TS_DOSEKI_BLACK);
  old = p->sq[t->pad_of[c]];
  if (old != TS_DOSEKI_EMPTY)
    {
      p->hash ^= t->zobrist[old - 1][c];
      p->count[old - 1]--;
    }
  if (content != TS_DOSEKI_EMPTY)
    {
      p->hash ^= t->zobrist[content - 1][c];
      p->count[content - 1]++;
    }
  p->sq[t->pad_of[c]] = content;
}

guint
ts_doseki_pos_side (const TsDosekiPos *p)
{
  return p->side;
}

void
ts_doseki_pos_set_side (TsDosekiPos *p, guint seat)
{
  g_return_if_fail (seat < 2);
  if (seat != p->side)
    p->hash ^= dk_tables ()->zobrist_side;
  p->side = seat;
}

guint
ts_doseki_pos_outside (const TsDosekiPos *p, guint seat)
{
  g_return_val_if_fail (seat < 2, 0);
  return p->outside[seat];
}

void
ts_doseki_pos_set_outside (TsDosekiPos *p, guint seat, guint n)
{
  g_return_if_fail (seat < 2);
  p->hash ^= dk_outside_key (seat, p->outside[seat]) ^ dk_outside_key (seat, n);
  p->outside[seat] = n;
}

guint
ts_doseki_pos_ply (const TsDosekiPos *p)
{
  return p->ply;
}

guint
ts_doseki_pos_clock (const TsDosekiPos *p)
{
  return p->clock;
}

guint
ts_doseki_pos_count (const TsDosekiPos *p, guint seat)
{
  g_return_val_if_fail (seat < 2, 0);
  return p->count[seat];
}

guint64
ts_doseki_pos_hash (const TsDosekiPos *p)
{
  return p->hash;
}

/* ---- Generation ----------------------------------------------------------------- */

typedef struct {
  TsDosekiMoveList *out;
  guint             n;
  guint8            piece, shape;
  gint16            from;       /* dense */
  gint16            anchor;     /* padded */
  gboolean          noisy_only;
  int               face_y;     /* the mover's opposite face, in padded rank units */
} DkGen;

/* Outside checkers gained when S (orientation o, anchor padded cell a) moves to anchor b. */
static guint
promotions (const DkTables *t, guint o, int a, int b, guint side)
{
  int face = side == 0 ? TS_DOSEKI_SIZE - 1 : 0;
  int ya = t->dense_of[a] / TS_DOSEKI_SIZE % TS_DOSEKI_SIZE;
  int yb = t->dense_of[b] / TS_DOSEKI_SIZE % TS_DOSEKI_SIZE;
  guint n = 0;

  /* A checker moving along the face gains nothing: only a move that changes the rank
   * can bring a checker onto the face from off it. */
  if (ya == yb)
    return 0;
  for (guint i = 0; i < t->orient[o].n_cells; i++)
    n += yb + t->orient[o].cells[i][1] == face;
  return n;
}

static inline void
emit (DkGen *g, const DkTables *t, int to_pad, gboolean capture, guint side)
{
  if (g->noisy_only && !capture && promotions (t, g->shape, g->anchor, to_pad, side) == 0)
    return;
  g->n++;
  if (g->out)
    list_push (g->out, (TsDosekiMove) {
      g->from, t->dense_of[to_pad], g->piece, 0xff,
      capture ? TS_DOSEKI_MOVE_CAPTURE : 0, g->shape });
}

/* Checks the leading cells at one step: 0 all empty, 1 some enemy (none own or off),
 * -1 blocked. */
static inline int
step_state (const guint8 *sq, int base, const gint16 *lead, guint n_lead, guint8 enemy)
{
  int cap = 0;

  for (guint i = 0; i < n_lead; i++)
    {
      guint8 v = sq[base + lead[i]];
      if (v == TS_DOSEKI_EMPTY)
        continue;
      if (v != enemy)
        return -1;
      cap = 1;
    }
  return cap;
}

static inline gboolean
mask_hits (DkMask a, DkMask b)
{
  return ((a.lo & b.lo) | (a.hi & b.hi)) != 0;
}

/* ray[d][c] = 2 * r + e, where r is how many cells from c on, in direction d, are
 * empty, and e is 1 if the cell that ends that run holds an enemy (0 if it is own or
 * off the board). A single slide never meets its own vacated cells after the first
 * step (every shape fits a 2×2×2 box), so the smallest ray over S's leading cells tells
 * the whole slide: r free steps, then a capture if every leading cell stopped at that
 * step holds an enemy. */
typedef guint8 DkRays[DK_N_DIRS][DK_PAD_CELLS];

static void
compute_rays (const DkTables *t, const guint8 *sq, guint8 enemy, DkRays ray)
{
  for (guint d = 0; d < DK_N_DIRS; d++)
    {
      int step = t->dir_pad[d];
      guint8 *r = ray[d];

      /* Cells are visited so that c + d is done before c; off-board cells stay 0. */
      if (step > 0)
        for (int c = TS_DOSEKI_CELLS - 1; c >= 0; c--)
          {
            int q = t->pad_of[c];
            r[q] = sq[q] == TS_DOSEKI_EMPTY ? 2 + r[q + step] : sq[q] == enemy;
          }
      else
        for (int c = 0; c < TS_DOSEKI_CELLS; c++)
          {
            int q = t->pad_of[c];
            r[q] = sq[q] == TS_DOSEKI_EMPTY ? 2 + r[q + step] : sq[q] == enemy;
          }
    }
}

static inline guint
min_ray (const DkRays ray, guint d, int base, const gint16 *lead, guint n_lead)
{
  guint m = 255;

  for (guint i = 0; i < n_lead; i++)
    m = MIN (m, ray[d][base + lead[i]]);
  return m;
}

/* Quiet moves 1..range of a slide whose smallest ray is m, then perhaps a capture. */
static inline void
emit_ray (DkGen *g, const DkTables *t, int base, int step, guint m, guint range,
          gboolean quiet_ok, gboolean capture_ok, guint side)
{
  guint quiet = quiet_ok ? MIN (m >> 1, range) : 0;

  if (g->out == NULL && !g->noisy_only)
    g->n += quiet;
  else
    for (guint k = 1; k <= quiet; k++)
      emit (g, t, base + (int) k * step, FALSE, side);
  if (capture_ok && (m & 1) && (m >> 1) < range)
    emit (g, t, base + (int) ((m >> 1) + 1) * step, TRUE, side);
}

/* blocked: the window's own and off-board cells around the anchor; a direction whose
 * first leading cells hit it has no move at all. */
static void
gen_slides (DkGen *g, const DkTables *t, const DkRays ray, const DkOrientTables *ot,
            DkMode mode, gboolean quiet_ok, gboolean capture_ok, guint side, DkMask blocked)
{
  guint cls = mode.cls;

  for (guint i = 0; i < t->n_class_dirs[cls]; i++)
    {
      guint d = t->class_dirs[cls][i];

      if (mask_hits (ot->lead_mask[d], blocked))
        continue;
      emit_ray (g, t, g->anchor, t->dir_pad[d], min_ray (ray, d, g->anchor, ot->lead[d], ot->n_lead[d]),
                mode.range, quiet_ok, capture_ok, side);
    }
}

/* "X then Y": a first slide onto empty cells, then a second one not parallel to it,
 * judged with S lifted off the board. Only a second slide right after a one-step first
 * slide can meet S's vacated cells (the shapes fit a 2×2×2 box); that case walks the
 * lifted board (sq), the others read the rays. Different paths to the same
 * translation are one move. */
static void
gen_compound (DkGen *g, const DkTables *t, const guint8 *sq, const DkRays ray,
              const DkOrientTables *ot, const DkPiece *pc, guint8 enemy, guint side,
              guint32 *stamp, guint32 mark, DkMask blocked)
{
  guint c1 = pc->modes[0].cls, c2 = pc->modes[1].cls, range2 = pc->modes[1].range;

  for (guint i = 0; i < t->n_class_dirs[c1]; i++)
    {
      guint d1 = t->class_dirs[c1][i];
      int base1 = g->anchor;
      guint free;

      if (mask_hits (ot->lead_mask[d1], blocked))
        continue;
      free = MIN (min_ray (ray, d1, g->anchor, ot->lead[d1], ot->n_lead[d1]) >> 1,
                  pc->modes[0].range);
      for (guint k1 = 1; k1 <= free; k1++)
        {
          base1 += t->dir_pad[d1];
          for (guint j = 0; j < t->n_class_dirs[c2]; j++)
            {
              guint d2 = t->class_dirs[c2][j];
              int step2 = t->dir_pad[d2], base2 = base1;
              guint m, quiet;

              if (d2 == d1 || d2 == t->dir_opposite[d1])
                continue;
              if (k1 == 1)
                {
                  /* Walk the lifted board: 2 * free steps + 1 if a capture ends them. */
                  int s = 0;
                  m = 0;
                  for (guint k2 = 0; k2 < range2 && s == 0; k2++, base2 += step2)
                    {
                      s = step_state (sq, base2, ot->lead[d2], ot->n_lead[d2], enemy);
                      m += s == 0 ? 2 : s > 0;
                    }
                }
              else
                m = min_ray (ray, d2, base1, ot->lead[d2], ot->n_lead[d2]);
              quiet = MIN (m >> 1, range2);
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
    }
}

static guint
generate (TsDosekiPos *p, TsDosekiMoveList *out, gboolean noisy_only)
{
  const DkTables *t = dk_tables ();
  guint8 *sq = p->sq;
  guint8 own = p->side + 1, enemy = 2 - p->side;
  guint32 stamp[DK_PAD_CELLS];
  guint32 mark = 0;
  g_autofree DkRays *rays = g_new0 (DkRays, 1);
  DkGen g = { out, 0, 0, 0, 0, 0, noisy_only, 0 };
  const DkPiece *pieces[TS_DOSEKI_N_PIECES];

  for (guint i = 0; i < TS_DOSEKI_N_PIECES; i++)
    pieces[i] = dk_piece (i);

  memset (stamp, 0, sizeof stamp);
  compute_rays (t, sq, enemy, *rays);
  for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
    {
      int a = t->pad_of[c];
      DkMask mine = { 0, 0 }, blocked = { 0, 0 };

      if (sq[a] != own)
        continue;
      /* The neighbourhood as bits: which shapes fit here, which first steps are stopped. */
      for (guint b = 0; b < DK_WIN_BITS; b++)
        {
          guint8 v = sq[a + t->win_pad[b]];
          guint64 bit = G_GUINT64_CONSTANT (1) << (b & 63);
          if (v == own)
            {
              *(b < 64 ? &mine.lo : &mine.hi) |= bit;
              *(b < 64 ? &blocked.lo : &blocked.hi) |= bit;
            }
          else if (v == DK_OFF)
            *(b < 64 ? &blocked.lo : &blocked.hi) |= bit;
        }

      for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
        {
          const DkOrientTables *ot = &t->tab[o];
          const TsDosekiOrientation *or = &t->orient[o];
          const DkPiece *pc = pieces[or->piece];

          if ((mine.lo & ot->fit.lo) != ot->fit.lo || (mine.hi & ot->fit.hi) != ot->fit.hi)
            continue;
          g.piece = or->piece;
          g.shape = o;
          g.from = c;
          g.anchor = a;
          if (pc->compound)
            {
              guint n = or->n_cells;

              /* The second slide is judged with S lifted off the board. A single slide
               * never meets S's own cells after its first step, so needs no lifting. */
              for (guint i = 0; i < n; i++)
                sq[a + ot->cells[i]] = TS_DOSEKI_EMPTY;
              gen_compound (&g, t, sq, (const void *) *rays, ot, pc, enemy, p->side, stamp, ++mark, blocked);
              for (guint i = 0; i < n; i++)
                sq[a + ot->cells[i]] = own;
            }
          else if (pc->pawn)
            {
              gen_slides (&g, t, (const void *) *rays, ot, pc->modes[0], TRUE, FALSE, p->side, blocked);
              gen_slides (&g, t, (const void *) *rays, ot, pc->modes[1], FALSE, TRUE, p->side, blocked);
            }
          else
            for (guint m = 0; m < pc->n_modes; m++)
              gen_slides (&g, t, (const void *) *rays, ot, pc->modes[m], TRUE, TRUE, p->side, blocked);
        }
    }

  if (p->outside[p->side] > 0 && !noisy_only)
    for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
      if (sq[t->pad_of[c]] == TS_DOSEKI_EMPTY)
        {
          g.n++;
          if (out)
            list_push (out, (TsDosekiMove) { TS_DOSEKI_NO_CELL, c, 0, 0xff,
                                             TS_DOSEKI_MOVE_PLACE, 0 });
        }
  return g.n;
}

guint
ts_doseki_generate (TsDosekiPos *p, TsDosekiMoveList *out)
{
  return generate (p, out, FALSE);
}

guint
ts_doseki_generate_noisy (TsDosekiPos *p, TsDosekiMoveList *out)
{
  return generate (p, out, TRUE);
}

gboolean
ts_doseki_is_legal (TsDosekiPos *p, TsDosekiMove m)
{
  TsDosekiMoveList l;
  gboolean found = FALSE;

  /* A cheap filter first: the moving set must be the mover's own checkers. */
  if (!(m.flags & TS_DOSEKI_MOVE_PLACE))
    {
      const DkTables *t = dk_tables ();
      if (m.shape >= TS_DOSEKI_N_ORIENTATIONS || m.from < 0 || m.from >= TS_DOSEKI_CELLS ||
          t->orient[m.shape].piece != m.piece)
        return FALSE;
      for (guint i = 0; i < t->orient[m.shape].n_cells; i++)
        if (p->sq[t->pad_of[m.from] + t->tab[m.shape].cells[i]] != p->side + 1)
          return FALSE;
    }
  ts_doseki_move_list_init (&l);
  ts_doseki_generate (p, &l);
  for (guint i = 0; i < l.n && !found; i++)
    found = l.moves[i].from == m.from && l.moves[i].to == m.to &&
            l.moves[i].shape == m.shape && l.moves[i].flags == m.flags &&
            l.moves[i].piece == m.piece;
  ts_doseki_move_list_clear (&l);
  return found;
}

guint
ts_doseki_move_promotions (const TsDosekiPos *p, TsDosekiMove m)
{
  const DkTables *t = dk_tables ();

  if (m.flags & TS_DOSEKI_MOVE_PLACE)
    return 0;
  return promotions (t, m.shape, t->pad_of[m.from], t->pad_of[m.to], p->side);
}

/* ---- Make / unmake --------------------------------------------------------------- */

static inline void
put (TsDosekiPos *p, const DkTables *t, int pad, guint8 v)
{
  int c = t->dense_of[pad];
  guint8 old = p->sq[pad];

  if (old)
    {
      p->hash ^= t->zobrist[old - 1][c];
      p->count[old - 1]--;
    }
  if (v)
    {
      p->hash ^= t->zobrist[v - 1][c];
      p->count[v - 1]++;
    }
  p->sq[pad] = v;
}

void
ts_doseki_make (TsDosekiPos *p, TsDosekiMove m, TsDosekiUndo *u)
{
  const DkTables *t = dk_tables ();
  guint8 own = p->side + 1, enemy = 2 - p->side;

  u->move = m;
  u->captured = 0;
  u->promoted = 0;
  u->clock = p->clock;
  u->hash = p->hash;
  g_array_append_val (p->history, p->hash);

  if (m.flags & TS_DOSEKI_MOVE_PLACE)
    {
      put (p, t, t->pad_of[m.to], own);
      ts_doseki_pos_set_outside (p, p->side, p->outside[p->side] - 1);
      p->clock++;
    }
  else
    {
      const DkOrientTables *ot = &t->tab[m.shape];
      guint n = t->orient[m.shape].n_cells;
      int a = t->pad_of[m.from], b = t->pad_of[m.to];

      for (guint i = 0; i < n; i++)
        put (p, t, a + ot->cells[i], TS_DOSEKI_EMPTY);
      for (guint i = 0; i < n; i++)
        {
          if (p->sq[b + ot->cells[i]] == enemy)
            u->captured |= 1u << i;
          put (p, t, b + ot->cells[i], own);
        }
      u->promoted = promotions (t, m.shape, a, b, p->side);
      if (u->promoted)
        ts_doseki_pos_set_outside (p, p->side, p->outside[p->side] + u->promoted);
      p->clock = u->captured ? 0 : p->clock + 1;
    }
  p->side ^= 1;
  p->hash ^= t->zobrist_side;
  p->ply++;
}

void
ts_doseki_unmake (TsDosekiPos *p, const TsDosekiUndo *u)
{
  const DkTables *t = dk_tables ();
  TsDosekiMove m = u->move;
  guint8 own, enemy;

  p->side ^= 1;
  p->ply--;
  own = p->side + 1;
  enemy = 2 - p->side;
  if (m.flags & TS_DOSEKI_MOVE_PLACE)
    {
      p->sq[t->pad_of[m.to]] = TS_DOSEKI_EMPTY;
      p->count[own - 1]--;
      p->outside[p->side]++;
    }
  else
    {
      const DkOrientTables *ot = &t->tab[m.shape];
      guint n = t->orient[m.shape].n_cells;
      int a = t->pad_of[m.from], b = t->pad_of[m.to];

      for (guint i = 0; i < n; i++)
        {
          p->sq[b + ot->cells[i]] = u->captured & (1u << i) ? enemy : TS_DOSEKI_EMPTY;
          if (u->captured & (1u << i))
            p->count[enemy - 1]++;
        }
      for (guint i = 0; i < n; i++)
        p->sq[a + ot->cells[i]] = own;
      p->outside[p->side] -= u->promoted;
    }
  p->clock = u->clock;
  p->hash = u->hash;
  g_array_set_size (p->history, p->history->len - 1);
}

guint64
ts_doseki_perft (TsDosekiPos *p, guint depth)
{
  TsDosekiMoveList l;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  if (depth == 1)
    return ts_doseki_generate (p, NULL);
  ts_doseki_move_list_init (&l);
  ts_doseki_generate (p, &l);
  for (guint i = 0; i < l.n; i++)
    {
      TsDosekiUndo u;
      ts_doseki_make (p, l.moves[i], &u);
      total += ts_doseki_perft (p, depth - 1);
      ts_doseki_unmake (p, &u);
    }
  ts_doseki_move_list_clear (&l);
  return total;
}

/* ---- End of the game -------------------------------------------------------------- */

static guint
repetitions (const TsDosekiPos *p)
{
  const guint64 *h = (const guint64 *) p->history->data;
  guint n = 1;

  /* Only positions since the last capture can repeat this one, and only with the
   * same side to move. */
  for (guint back = 2; back <= p->clock && back <= p->history->len; back += 2)
    n += h[p->history->len - back] == p->hash;
  return n;
}

TsDosekiEnd
ts_doseki_end (TsDosekiPos *p)
{
  if (ts_doseki_generate (p, NULL) == 0)
    return TS_DOSEKI_LOSS;
  if (repetitions (p) >= 3)
    return TS_DOSEKI_DRAW_REPETITION;
  if (p->clock >= 100)
    return TS_DOSEKI_DRAW_CLOCK;
  return TS_DOSEKI_ONGOING;
}

/* ---- Polycubes -------------------------------------------------------------------- */

guint
ts_doseki_polycubes (const TsDosekiPos *p, guint labels[TS_DOSEKI_CELLS])
{
  const DkTables *t = dk_tables ();
  gint16 queue[TS_DOSEKI_CELLS];
  guint n = 0;

  memset (labels, 0, TS_DOSEKI_CELLS * sizeof labels[0]);
  for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
    {
      guint8 colour = p->sq[t->pad_of[c]];
      guint head = 0, tail = 0;

      if (colour == TS_DOSEKI_EMPTY || labels[c])
        continue;
      labels[c] = ++n;
      queue[tail++] = c;
      while (head < tail)
        {
          int pc = t->pad_of[queue[head++]];
          for (guint i = 0; i < t->n_class_dirs[DK_CLASS_O]; i++)
            {
              int q = pc + t->dir_pad[t->class_dirs[DK_CLASS_O][i]];
              int qc = t->dense_of[q];
              if (p->sq[q] == colour && !labels[qc])
                {
                  labels[qc] = n;
                  queue[tail++] = qc;
                }
            }
        }
    }
  return n;
}
