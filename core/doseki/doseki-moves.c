/* Doseki moves: generation, legality, the end of the game, and the family's
 * TsRulesOps. */
#include <glib/gi18n.h>
#include <string.h>

#include "doseki/doseki-private.h"

/* ---- Generation ----------------------------------------------------------------- */

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
  const guint32    *sees;       /* if set: per own cell, the directions of single slides
                                   that may capture or promote (see board_noisy_sees) */
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

static inline void
emit (DkGen *g, const DkTables *t, int to_pad, gboolean capture, guint side)
{
  if (g->noisy_only && !capture &&
      dk_promotions (t, g->shape, g->anchor, to_pad, side) == 0)
    return;
  if (g->onto && !(capture && covers (t, g->shape, to_pad, g->onto)))
    return;
  g->n++;
  if (g->out)
    ts_move_list_push (g->out, (TsMove) {
      g->from, t->dense_of[to_pad], g->piece, TS_NO_PROMO,
      capture ? TS_MOVE_CAPTURE : 0, g->shape });
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

/* Quiet moves 1..range of a slide whose smallest ray is m, then perhaps a capture.
 * dy: the direction's rank step. Of the quiet moves, noisy-only generation wants the
 * promotions alone: those that bring S's rank to the face (at most two steps k). */
static inline void
emit_ray (DkGen *g, const DkTables *t, int base, int step, int dy, guint m, guint range,
          gboolean quiet_ok, gboolean capture_ok, guint side)
{
  guint quiet = quiet_ok ? MIN (m >> 1, range) : 0;

  if (g->out == NULL && !g->noisy_only)
    g->n += quiet;
  else if (g->noisy_only)
    {
      int face = side == 0 ? TS_DOSEKI_SIZE - 1 : 0;
      int ya = t->rank_of[base], to_face = (face - ya) * dy;
      /* S's cells are at rank offsets -1..1, so the anchor ranks face - 1 .. face + 1;
       * S's cells span at most two ranks, so one step k at most stays on the board.
       * Those steps go towards the face and are at least to_face - 1 (away from it, or
       * from the face, no cell of S can come onto it). */
      for (int yb = face - 1; to_face > 0 && (int) quiet >= to_face - 1 && yb <= face + 1; yb++)
        {
          int k = (yb - ya) * dy;
          if (k >= 1 && (guint) k <= quiet)
            emit (g, t, base + k * step, FALSE, side);
        }
    }
  else
    for (guint k = 1; k <= quiet; k++)
      emit (g, t, base + (int) k * step, FALSE, side);
  if (capture_ok && (m & 1) && (m >> 1) < range)
    emit (g, t, base + (int) ((m >> 1) + 1) * step, TRUE, side);
}

/* free: the directions whose first step meets no own checker and stays on the board. */
static inline void
gen_slides (DkGen *g, const DkTables *t, const DkRays ray, const DkOrientTables *ot,
            DkMode mode, gboolean quiet_ok, gboolean capture_ok, guint side, guint32 free)
{
  for (guint32 dirs = free & t->class_mask[mode.cls]; dirs; dirs &= dirs - 1)
    {
      guint d = (guint) __builtin_ctz (dirs);

      emit_ray (g, t, g->anchor, t->dir_pad[d], t->dir_vec[d][1], min_ray (ray, d, g->anchor, ot->lead[d], ot->n_lead[d]),
                mode.range, quiet_ok, capture_ok, side);
    }
}

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

/* "X then Y": a first slide onto empty cells, then a second one not parallel to it,
 * judged with S lifted off the board (see second_slide). With near (noisy moves,
 * recaptures), few second slides are looked at: S is lifted for the first one after a
 * one-step first slide. */
static void
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
      guint free = first_slide (t, sq, ray, ot, d1, g->anchor, pc->modes[0].range, kind);

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
  guint32         nb_own[DK_PAD_CELLS], nb_stop[DK_PAD_CELLS];   /* own cells only */
  gint16          own_cells[TS_DOSEKI_CELLS];                    /* dense, ascending */
  guint           n_own;
  guint8          own3[DK_PAD_CELLS], stop3[DK_PAD_CELLS];       /* see board_rows */
  DkRays          rays;                                          /* off-board cells 0 */
  guint32         noisy_near[DK_PAD_CELLS];                      /* see board_noisy_near */
  guint32         noisy_sees[DK_PAD_CELLS];                      /* see board_noisy_sees */
  /* recaptures: see mark_lines and mark_candidates; zero between calls (near and
   * onto too) */
  guint32         lander[DK_PAD_CELLS];
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

/* own3[q] has bit x + 1 if q + x (x = -1, 0, 1, along the file) is own; stop3[q] if it
 * is own or off the board (it stops a step). One pass over the board, many cells at a
 * time; nine of them then make a checker's 26 neighbours. */
static void
board_rows (guint8 *restrict own3, guint8 *restrict stop3, const guint8 *restrict sq,
            guint8 own)
{
  for (guint q = 1; q + 1 < DK_PAD_CELLS; q++)
    {
      guint8 o0 = DK_OWNER (sq[q - 1]) == own, o1 = DK_OWNER (sq[q]) == own,
             o2 = DK_OWNER (sq[q + 1]) == own;
      guint8 s0 = o0 | (sq[q - 1] == DK_OFF), s1 = o1 | (sq[q] == DK_OFF),
             s2 = o2 | (sq[q + 1] == DK_OFF);

      own3[q] = (guint8) (o0 | o1 << 1 | o2 << 2);
      stop3[q] = (guint8) (s0 | s1 << 1 | s2 << 2);
    }
}

/* Each thread's board, made zeroed once and kept: a generation then allocates and
 * clears nothing. The rays' off-board cells stay 0 (compute_ray writes none but 0),
 * and the stamps stay below the mark. */
static GPrivate board_scratch = G_PRIVATE_INIT (g_free);

static DkBoard *
board_new (TsPosition *p)
{
  DkBoard *b = g_private_get (&board_scratch);

  if (G_UNLIKELY (b == NULL))
    {
      b = g_new0 (DkBoard, 1);
      g_private_set (&board_scratch, b);
    }
  b->t = dk_tables ();
  b->sq = p->board;
  b->side = p->st.side;
  b->own = DK_CHECKER (b->side);
  b->enemy = DK_CHECKER (1 - b->side);
  b->have_rays = FALSE;
  board_rows (b->own3, b->stop3, b->sq, b->own);
  return b;
}

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

/* The rays, made when a set first needs them (recaptures may need none). */
static G_GNUC_NO_INLINE void
board_make_rays (DkBoard *b)
{
  dk_compute_rays (b->t, b->sq, b->enemy, b->rays);
  b->have_rays = TRUE;
}

static inline const void *
board_rays (DkBoard *b)
{
  if (G_UNLIKELY (!b->have_rays))
    board_make_rays (b);
  return (const void *) b->rays;
}

/* For an own checker at padded cell a: which neighbours are own, and which stop a
 * step. The directions are numbered layer by layer, rank by rank, file by file, so
 * the nine rows' three bits each, less the middle (a itself, bit 13), are the 26. */
static void
board_neighbours (DkBoard *b, int a)
{
  guint32 o27 = 0, s27 = 0;

  for (int z = -1; z <= 1; z++)
    for (int y = -1; y <= 1; y++)
      {
        int q = a + DK_PAD_W * (y + DK_PAD_W * z), shift = 3 * (3 * (z + 1) + y + 1);

        o27 |= (guint32) b->own3[q] << shift;
        s27 |= (guint32) b->stop3[q] << shift;
      }
  b->nb_own[a] = (o27 & 0x1fff) | (o27 >> 14) << 13;
  b->nb_stop[a] = (s27 & 0x1fff) | (s27 >> 14) << 13;
}

/* A board with the neighbours of every own checker, and the list of their cells. */
static DkBoard *
board_new_neighbours (TsPosition *p)
{
  DkBoard *b = board_new (p);

  b->n_own = 0;
  for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
    if (DK_OWNER (b->sq[b->t->pad_of[c]]) == b->own)
      {
        board_neighbours (b, b->t->pad_of[c]);
        b->own_cells[b->n_own++] = (gint16) c;
      }
  return b;
}

/* The OR over S's cells (orientation o, anchor at padded cell a) of at[cell], each
 * masked by masks[i] if masks is set. */
#define DK_CELL_OR(i) (v |= at[cells[i]] & (masks ? masks[i] : G_MAXUINT32))

static inline guint32
set_or (const DkTables *t, const guint32 *at, int a, guint o, const guint32 *masks)
{
  const gint16 *cells = t->tab[o].cells;
  guint32 v = 0;

  at += a;
  DK_EACH_CELL (t->orient[o].n_cells, DK_CELL_OR);
  return v;
}

#undef DK_CELL_OR

/* The directions of dirs in which S (orientation o, anchor at padded cell a) is stopped
 * at once: some cell of S would step onto an own checker outside S or off the board. */
static inline guint32
set_stopped (const DkBoard *b, int a, guint o, guint32 dirs)
{
  return set_or (b->t, b->nb_stop, a, o, b->t->tab[o].leaves_s) & dirs;
}

/* The moves of the set of orientation o anchored at dense cell c (its cells own). */
static inline void
gen_set (DkGen *g, DkBoard *b, guint c, guint o)
{
  const DkTables *t = b->t;
  const DkOrientTables *ot = &t->tab[o];
  const TsDosekiOrientation *or = &t->orient[o];
  const DkPiece *pc;
  int a = t->pad_of[c];
  guint32 free = ot->first_dirs & ~set_stopped (b, a, o, ot->first_dirs);
  const void *rays;

  /* the directions in which some cell of S sees a capture or the face */
  if (free != 0 && g->sees && !ot->compound)
    free &= set_or (t, g->sees, a, o, NULL);
  if (free == 0)
    return;
  pc = &t->pieces[or->piece];
  rays = board_rays (b);
  g->piece = or->piece;
  g->shape = o;
  g->from = c;
  g->anchor = a;
  /* A single slide never meets S's own cells after its first step, so needs no
   * lifting (a compound's second slide does). */
  if (pc->compound)
    gen_compound (g, t, b->sq, rays, ot, pc, t->cell_kind[b->side], b->side, b->stamp,
                  board_next_mark (b), free);
  else if (pc->pawn)
    {
      gen_slides (g, t, rays, ot, pc->modes[0], TRUE, FALSE, b->side, free);
      gen_slides (g, t, rays, ot, pc->modes[1], FALSE, TRUE, b->side, free);
    }
  else
    for (guint m = 0; m < pc->n_modes; m++)
      if (free & t->class_mask[pc->modes[m].cls])   /* many modes have none: no call */
        gen_slides (g, t, rays, ot, pc->modes[m], TRUE, TRUE, b->side, free);
}

/* One pass of near_boxes: near[x] |= near[x + step], reading ahead of the writes. */
static inline void
or_ahead (guint32 *near, int step)
{
  for (int x = 0; x + step < DK_PAD_CELLS; x++)
    near[x] |= near[x + step];
}

/* Turns near (per cell) into the OR over the 2×2×2 box whose low corner is x, one axis
 * at a time: a compound set then reads one cell a step instead of each of its cells. */
static void
near_boxes (guint32 *near)
{
  or_ahead (near, 1);
  or_ahead (near, DK_PAD_W);
  or_ahead (near, DK_PAD_W * DK_PAD_W);
}

/* For noisy generation: noisy_near[x] has direction d if x + d or x + 2d holds an enemy
 * or is a cell of the mover's opposite face. A compound's second slide (at most two
 * steps) that lines no cell of S up so captures nothing and promotes nothing (a
 * promotion lands a cell of S on the face). Only the compound pieces' second directions
 * are marked (no other is read), the face's from a table. */
static void
board_noisy_near (DkBoard *b)
{
  const DkTables *t = b->t;
  int face = b->side == 0 ? TS_DOSEKI_SIZE - 1 : 0;

  memcpy (b->noisy_near, t->face_near[b->side], sizeof b->noisy_near);
  for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
    {
      int x = t->pad_of[c];

      if (DK_OWNER (b->sq[x]) == b->enemy && t->rank_of[x] != face)
        dk_mark_near (b->noisy_near, t, x, t->compound_second);
    }
}

/* For noisy generation, per own cell x: the directions d in which the cells past x,
 * while empty, end on an enemy or reach the mover's opposite face. A single slide that
 * captures or promotes has such a cell: the one whose ray is the smallest (it ends the
 * slide on the enemy), or the one that lands on the face (the last cell of S on its
 * line, which walks there over empty cells). */
static void
board_noisy_sees (DkBoard *b)
{
  const DkTables *t = b->t;
  const guint8 (*ray)[DK_PAD_CELLS] = board_rays (b);
  int face = b->side == 0 ? TS_DOSEKI_SIZE - 1 : 0;

  for (guint i = 0; i < b->n_own; i++)
    {
      int x = t->pad_of[b->own_cells[i]];
      guint to_face = (guint) ABS (face - t->rank_of[x]);
      guint32 sees = 0;

      /* an own or off-board neighbour ends the line at once (most cells of a block) */
      for (guint32 ds = ~b->nb_stop[x] & ((1u << DK_N_DIRS) - 1); ds; ds &= ds - 1)
        {
          guint d = (guint) __builtin_ctz (ds), r = ray[d][x + t->dir_pad[d]];

          if ((r & 1) || ((t->toward_face[b->side] >> d & 1) && (r >> 1) >= to_face))
            sees |= 1u << d;
        }
      b->noisy_sees[x] = sees;
    }
}

/* Word w of the orientations whose cells besides the anchor are own, for an anchor
 * whose own neighbours are nb. */
static inline guint64
fitting (const DkTables *t, guint32 nb, guint w)
{
  return t->fit_lo[nb >> 13 & 127][w] & t->fit_hi[nb >> 20 & 63][w];
}

/* The moves (or only the captures and promotions), set by set; with enough, the count
 * stops at the first set that reaches it (then out is NULL). */
static guint
generate_upto (TsPosition *p, TsMoveList *out, gboolean noisy_only, guint enough)
{
  DkBoard *b = board_new_neighbours (p);
  const DkTables *t = b->t;
  DkGen g = { out, 0, 0, 0, 0, 0, noisy_only };

  if (noisy_only)
    {
      board_noisy_near (b);
      near_boxes (b->noisy_near);
      board_noisy_sees (b);
      g.near = b->noisy_near;
      g.sees = b->noisy_sees;
    }
  for (guint i = 0; i < b->n_own && g.n < enough; i++)
    {
      guint c = (guint) b->own_cells[i];
      int a = t->pad_of[c];

      for (guint w = 0; w < DK_O_WORDS; w++)
        for (guint64 os = fitting (t, b->nb_own[a], w); os; os &= os - 1)
          gen_set (&g, b, c, 64 * w + (guint) __builtin_ctzll (os));
    }
  if (p->st.hand[b->side][0] > 0 && !noisy_only && g.n < enough)
    for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
      if (b->sq[t->pad_of[c]] == DK_EMPTY)
        {
          g.n++;
          if (out)
            ts_move_list_push (out, (TsMove) { TS_NO_CELL, (TsCell) c, 0, TS_NO_PROMO,
                                               TS_MOVE_PLACE, 0 });
        }
  return g.n;
}

guint
dk_generate (TsPosition *p, TsMoveList *out, gboolean noisy_only)
{
  return generate_upto (p, out, noisy_only, G_MAXUINT);
}

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
 * it, d a compound piece's second direction (near is read for no other); lander[y] |= d
 * for the first own checker y before it along d, past empty cells
 * only (listed once in landers). A single slide along d that lands a cell of S on x has
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
      if (b->lander[y] == 0)
        b->landers[b->n_landers++] = (gint16) y;
      b->lander[y] |= 1u << d;
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
      guint32 dirs = b->lander[y];
      guint k = (dirs & t->class_mask[DK_CLASS_O] ? 1 : 0) |
                (dirs & t->class_mask[DK_CLASS_F] ? 2 : 0) |
                (dirs & t->class_mask[DK_CLASS_D] ? 4 : 0);

      for (guint j = 0; j < 14; j++)
        for (guint w = 0; w < DK_O_WORDS; w++)
          b->cand[y - forward_offset (t, j)][w] |= t->single_at[j][k][w];
    }
}

/* Zeroes what mark_lines and mark_candidates wrote. */
static void
clear_candidates (DkBoard *b)
{
  for (guint i = 0; i < b->n_landers; i++)
    {
      int y = b->landers[i];

      b->lander[y] = 0;
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
recapture_compound (DkGen *g, DkBoard *b, guint c, guint o)
{
  const DkTables *t = b->t;
  const DkPiece *pc = &t->pieces[t->orient[o].piece];
  int a = t->pad_of[c];
  guint32 free = t->tab[o].first_dirs & compound_reach (b, a + t->tab[o].box);

  if (free == 0 || (free &= ~set_stopped (b, a, o, free)) == 0)
    return;
  g->piece = t->orient[o].piece;
  g->shape = (guint8) o;
  g->from = (gint16) c;
  g->anchor = (gint16) a;
  /* emit keeps the captures onto the cells */
  gen_compound (g, t, b->sq, NULL, &t->tab[o], pc, t->cell_kind[b->side], b->side, b->stamp,
                board_next_mark (b), free);
}

/* The directions of S's landers (orientation o, anchor at padded cell a) in which it is
 * not stopped at once: one walk over S's cells for both (see set_or, set_stopped). */
#define DK_CELL_LANDS(i) (lands |= lander[cells[i]], stopped |= nb_stop[cells[i]] & leaves[i])

static inline guint32
set_lands_free (const DkBoard *b, int a, guint o)
{
  const gint16 *cells = b->t->tab[o].cells;
  const guint32 *leaves = b->t->tab[o].leaves_s, *lander = b->lander + a,
                *nb_stop = b->nb_stop + a;
  guint32 lands = 0, stopped = 0;

  DK_EACH_CELL (b->t->orient[o].n_cells, DK_CELL_LANDS);
  return lands & ~stopped;
}

#undef DK_CELL_LANDS

/* The recaptures of the set of orientation o anchored at dense cell c (its cells own). */
static void
recapture_set (DkGen *g, DkBoard *b, guint c, guint o)
{
  const DkTables *t = b->t;
  const TsDosekiOrientation *or = &t->orient[o];
  int a = t->pad_of[c];
  guint32 dirs;

  if (t->tab[o].compound)
    {
      recapture_compound (g, b, c, o);
      return;
    }
  dirs = set_lands_free (b, a, o) & t->capture_dirs[or->piece];
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
  b = board_new_neighbours (p);
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

      for (guint w = 0; w < DK_O_WORDS; w++)
        {
          /* away from the candidates only the compound sets can recapture */
          guint64 os = fitting (t, b->nb_own[a], w) & (b->cand[a][w] | t->compound_set[w]);

          for (; os; os &= os - 1)
            recapture_set (&g, b, c, 64 * w + (guint) __builtin_ctzll (os));
        }
    }
  clear_candidates (b);
  for (guint i = 0; i < b->n_region; i++)
    b->near[t->pad_of[b->region[i]]] = 0;
  for (guint i = 0; i < t->orient[last.shape].n_cells; i++)
    b->onto[t->pad_of[last.to] + t->tab[last.shape].cells[i]] = 0;
  return g.n;
}

static void
dk_generate_all (TsPosition *p, TsMoveList *out)
{
  dk_generate (p, out, FALSE);
}

static void
dk_generate_noisy (TsPosition *p, TsMoveList *out)
{
  dk_generate (p, out, TRUE);
}

guint
ts_doseki_count_moves (TsPosition *p)
{
  g_return_val_if_fail (p->variant->ops == &ts_doseki_ops, 0);
  return dk_generate (p, NULL, FALSE);
}

/* Legal: a placement of an outside checker on an empty cell, or one of the moves of
 * the set S it names (S the mover's own checkers), generated for that set alone. */
static gboolean
dk_is_legal (TsPosition *p, TsMove m)
{
  const DkTables *t = dk_tables ();
  TsMoveList l;
  DkBoard *b;
  gboolean found = FALSE;

  if (m.flags & TS_MOVE_PLACE)
    return m.from == TS_NO_CELL && m.to >= 0 && m.to < TS_DOSEKI_CELLS &&
           p->st.hand[p->st.side][0] > 0 && p->board[t->pad_of[m.to]] == DK_EMPTY &&
           ts_move_equal (m, (TsMove) { TS_NO_CELL, m.to, 0, TS_NO_PROMO, TS_MOVE_PLACE, 0 });
  if (m.shape >= TS_DOSEKI_N_ORIENTATIONS || m.from < 0 || m.from >= TS_DOSEKI_CELLS ||
      t->orient[m.shape].piece != m.piece)
    return FALSE;
  for (guint i = 0; i < t->orient[m.shape].n_cells; i++)
    if (DK_OWNER (p->board[t->pad_of[m.from] + t->tab[m.shape].cells[i]]) !=
        DK_CHECKER (p->st.side))
      return FALSE;
  b = board_new (p);
  for (guint i = 0; i < t->orient[m.shape].n_cells; i++)
    board_neighbours (b, t->pad_of[m.from] + t->tab[m.shape].cells[i]);
  ts_move_list_init (&l);
  gen_set (&(DkGen) { &l, 0, 0, 0, 0, 0, FALSE }, b, (guint) m.from, m.shape);
  found = ts_move_list_contains (&l, m);
  ts_move_list_clear (&l);
  return found;
}

static guint64
dk_count_legal (TsPosition *p, TsMoveList *scratch)
{
  return dk_generate (p, NULL, FALSE);
}

/* ---- End of the game -------------------------------------------------------------- */

static void
dk_result (TsPosition *p, TsResult *out)
{
  memset (out, 0, sizeof *out);
  /* whether there is a move at all, not how many: the window asks twice after every
   * move, in its main thread (a whole generation is 1.3 M instructions in a middlegame) */
  if (generate_upto (p, NULL, FALSE, 1) == 0)
    {
      /* RULES.md §7: no legal move or placement loses (no checkers included). */
      out->kind = TS_RESULT_WIN;
      out->winner_team = p->variant->team[1 - p->st.side];
      out->reason = N_("no legal move");
    }
  else if ((out->reason = ts_position_draw_by_rule (p)))
    out->kind = TS_RESULT_DRAW;
}

static TsCell
dk_checked_king (const TsPosition *p, guint seat)
{
  return TS_NO_CELL;   /* Doseki has no king to check */
}

const TsRulesOps ts_doseki_ops = {
  .family = "doseki",
  .family_id = TS_FAMILY_DOSEKI,
  .load_variant = dk_load_variant,
  .setup = dk_setup,
  .generate = dk_generate_all,
  .generate_noisy = dk_generate_noisy,
  .is_legal = dk_is_legal,
  .make = dk_make,
  .unmake = dk_unmake,
  .checked_king = dk_checked_king,
  .result = dk_result,
  .count_legal = dk_count_legal,
  .move_to_san = dk_move_to_san,
  .move_to_long = dk_move_to_san,
  .move_parse = dk_move_parse,
  .to_text = dk_to_text,
  .from_text = dk_from_text,
};
