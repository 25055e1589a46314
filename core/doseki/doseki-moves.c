/* Doseki moves: generation, legality, the end of the game, and the family's
 * TsRulesOps. */
#include <glib/gi18n.h>
#include <string.h>

#include "doseki/doseki-generate.h"

/* ---- Generation ----------------------------------------------------------------- */

/* Noisy generation's quiet moves of a slide: the promotions, those that bring S's rank
 * to the face (at most two steps k of the quiet ones). */
static void
emit_promotions (DkGen *g, const DkTables *t, int base, int step, int dy, guint quiet,
                 guint side)
{
  int face = side == 0 ? TS_DOSEKI_SIZE - 1 : 0;
  int ya = t->rank_of[base], to_face = (face - ya) * dy;

  /* S's cells are at rank offsets -1..1, so the anchor ranks face - 1 .. face + 1;
   * S's cells span at most two ranks, so one step k at most stays on the board.
   * Those steps go towards the face and are at least to_face - 1 (away from it, or
   * from the face, no cell of S can come onto it). */
  /* A step k to anchor rank yb gains the cells of S at rank offset face - yb
   * (dk_promotions: yb is not ya, and face - yb is -1..1). */
  for (int yb = face - 1; to_face > 0 && (int) quiet >= to_face - 1 && yb <= face + 1; yb++)
    {
      int k = (yb - ya) * dy;
      if (k >= 1 && (guint) k <= quiet && t->tab[g->shape].n_at_rank[face - yb + 1] > 0)
        emit_move (g, t, base + k * step, FALSE);
    }
}

/* Quiet moves 1..range of a slide along d whose smallest ray is m, then perhaps a
 * capture. Of the quiet moves, noisy generation (noisy, g's noisy_only) wants the
 * promotions alone: only a slide towards the face (g's promo_dirs) that may reach it
 * looks for them. (No slide here has onto: recaptures walk their own.) */
static inline void
emit_ray (DkGen *g, const DkTables *t, gboolean noisy, int base, guint d, guint m,
          guint range, gboolean quiet_ok, gboolean capture_ok, guint side)
{
  guint quiet = quiet_ok ? MIN (m >> 1, range) : 0;
  int step = t->dir_pad[d];

  if (noisy)
    {
      if ((g->promo_dirs >> d & 1) && quiet + 1 >= g->to_face)
        emit_promotions (g, t, base, step, t->dir_vec[d][1], quiet, side);
    }
  else if (g->out == NULL)
    g->n += quiet;
  else
    for (guint k = 1; k <= quiet; k++)
      emit_move (g, t, base + (int) k * step, FALSE);
  if (capture_ok && (m & 1) && (m >> 1) < range)
    emit_move (g, t, base + (int) ((m >> 1) + 1) * step, TRUE);
}

/* free: the directions whose first step meets no own checker and stays on the board. */
static inline void
gen_slides (DkGen *g, const DkTables *t, gboolean noisy, const DkRays ray,
            const DkOrientTables *ot, DkMode mode, gboolean quiet_ok, gboolean capture_ok,
            guint side, guint32 free)
{
  for (guint32 dirs = free & t->class_mask[mode.cls]; dirs; dirs &= dirs - 1)
    {
      guint d = (guint) __builtin_ctz (dirs);

      guint m = min_ray (ray, d, g->anchor, ot->lead[d], ot->n_lead[d]);

      emit_ray (g, t, noisy, g->anchor, d, m, mode.range, quiet_ok, capture_ok, side);
    }
}

/* Noisy generation: whether some first slide of g's compound set (along free, read
 * from the rays) ends where S's box has a second direction near (see gen_compound).
 * Most have none: gen_compound would look at every first step and find nothing. (Not
 * inlined: the set loop around it keeps its registers.) */
static G_GNUC_NO_INLINE gboolean
compound_lines_up (const DkGen *g, const DkTables *t, const DkRays ray,
                   const DkOrientTables *ot, const DkPiece *pc, guint32 free)
{
  for (guint32 dirs = free & t->class_mask[pc->modes[0].cls]; dirs; dirs &= dirs - 1)
    {
      guint d1 = (guint) __builtin_ctz (dirs);
      guint32 across = t->across[pc->modes[1].cls][d1];
      guint n = MIN (min_ray (ray, d1, g->anchor, ot->lead[d1], ot->n_lead[d1]) >> 1,
                     pc->modes[0].range);
      int box1 = g->anchor + ot->box;

      for (guint k1 = 1; k1 <= n; k1++)
        if (g->near[box1 += t->dir_pad[d1]] & across)
          return TRUE;
    }
  return FALSE;
}

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

/* The cells (dense, ascending) whose board byte is seat's checker (DK_OWNER: not one
 * flagged unmoved), from the seat's occupancy instead of a pass over the 729 cells. */
static guint
board_seat_cells (const DkBoard *b, const TsPosition *p, guint seat, gint16 *cells)
{
  guint n = 0;

  for (guint w = 0; w < DK_OCC_WORDS; w++)
    for (guint64 occ = p->occ[seat][w]; occ; occ &= occ - 1)
      {
        guint c = 64 * w + (guint) __builtin_ctzll (occ);

        if (DK_OWNER (b->sq[b->t->pad_of[c]]) == DK_CHECKER (seat))
          cells[n++] = (gint16) c;
      }
  return n;
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

DkBoard *
dk_board_new_neighbours (TsPosition *p)
{
  DkBoard *b = board_new (p);

  b->n_own = board_seat_cells (b, p, b->side, b->own_cells);
  for (guint i = 0; i < b->n_own; i++)
    board_neighbours (b, b->t->pad_of[b->own_cells[i]]);
  return b;
}

/* The moves of the set of orientation o anchored at dense cell c, padded a (its cells
 * own); noisy: g's noisy_only, a constant where this is inlined. */
static inline G_ALWAYS_INLINE void
gen_set (DkGen *g, DkBoard *b, const DkTables *t, const DkAround *ar, gboolean noisy,
         guint c, int a, guint o)
{
  const DkOrientTables *ot = &t->tab[o];
  const TsDosekiOrientation *or = &t->orient[o];
  const DkPiece *pc;
  guint64 stops_sees = set_stops_sees (ar, t, o);
  guint32 free = ot->first_dirs & ~(guint32) stops_sees;
  const void *rays;

  /* noisy generation (generate_upto made the sees): the directions in which some cell
   * of S sees a capture or the face */
  if (noisy && !ot->compound)
    free &= (guint32) (stops_sees >> 32);
  if (G_LIKELY (free == 0))   /* most sets are stopped, or see nothing */
    return;
  pc = &t->pieces[or->piece];
  /* noisy generation made the rays first (board_noisy_sees) */
  rays = noisy ? (const void *) b->rays : board_rays (b);
  g->piece = or->piece;
  g->shape = o;
  g->from = c;
  g->anchor = a;
  /* A single slide never meets S's own cells after its first step, so needs no
   * lifting (a compound's second slide does). */
  if (pc->compound)
    {
      if (!noisy || compound_lines_up (g, t, rays, ot, pc, free))
        gen_compound (g, t, b->sq, rays, ot, pc, t->cell_kind[b->side], b->side, b->stamp,
                      board_next_mark (b), free);
    }
  else if (pc->pawn)
    {
      gen_slides (g, t, noisy, rays, ot, pc->modes[0], TRUE, FALSE, b->side, free);
      gen_slides (g, t, noisy, rays, ot, pc->modes[1], FALSE, TRUE, b->side, free);
    }
  else
    for (guint m = 0; m < pc->n_modes; m++)
      if (free & t->class_mask[pc->modes[m].cls])   /* many modes have none: no call */
        gen_slides (g, t, noisy, rays, ot, pc->modes[m], TRUE, TRUE, b->side, free);
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
board_noisy_near (DkBoard *b, const TsPosition *p)
{
  const DkTables *t = b->t;
  int face = b->side == 0 ? TS_DOSEKI_SIZE - 1 : 0;

  gint16 enemies[TS_DOSEKI_CELLS];
  guint n = board_seat_cells (b, p, 1 - b->side, enemies);

  memcpy (b->noisy_near, t->face_near[b->side], sizeof b->noisy_near);
  for (guint i = 0; i < n; i++)
    {
      int x = t->pad_of[enemies[i]];

      if (t->rank_of[x] != face)
        dk_mark_near (b->noisy_near, t, x, t->compound_second);
    }
}

/* For noisy generation, per own cell x, in nb_stop[x]'s high 32 bits (set_stops_sees
 * then reads them with the stops): the directions d in which the cells past x, while
 * empty, end on an enemy or reach the mover's opposite face. A single slide that
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
      for (guint32 ds = ~(guint32) b->nb_stop[x] & ((1u << DK_N_DIRS) - 1); ds; ds &= ds - 1)
        {
          guint d = (guint) __builtin_ctz (ds), r = ray[d][x + t->dir_pad[d]];

          if ((r & 1) || ((t->toward_face[b->side] >> d & 1) && (r >> 1) >= to_face))
            sees |= 1u << d;
        }
      b->nb_stop[x] |= (guint64) sees << 32;
    }
}

/* The moves of the own sets, anchor by anchor, until g has enough; noisy: g's
 * noisy_only (a constant in each copy). */
static inline G_ALWAYS_INLINE void
gen_sets (DkGen *g, DkBoard *b, gboolean noisy, guint enough)
{
  const DkTables *t = b->t;

  for (guint i = 0; i < b->n_own && g->n < enough; i++)
    {
      guint c = (guint) b->own_cells[i];
      int a = t->pad_of[c];
      int face = b->side == 0 ? TS_DOSEKI_SIZE - 1 : 0;
      DkAround ar;

      /* the directions that bring the anchor's rank nearer the face, if it is not
       * there (see emit_ray) */
      g->to_face = (guint) ABS (face - t->rank_of[a]);
      g->promo_dirs = g->to_face > 0 ? t->toward_face[b->side] : 0;
      around_anchor (&ar, b, a);
      for (guint w = 0; w < DK_O_WORDS; w++)
        for (guint64 os = fitting (t, b->nb_own[a], w); os; os &= os - 1)
          gen_set (g, b, t, &ar, noisy, c, a, 64 * w + (guint) __builtin_ctzll (os));
    }
}

/* The moves (or only the captures and promotions), set by set; with enough, the count
 * stops at the first set that reaches it (then out is NULL). */
static guint
generate_upto (TsPosition *p, TsMoveList *out, gboolean noisy_only, guint enough)
{
  DkBoard *b = dk_board_new_neighbours (p);
  const DkTables *t = b->t;
  DkGen g = { out, 0, 0, 0, 0, 0, noisy_only };

  if (noisy_only)
    {
      board_noisy_near (b, p);
      near_boxes (b->noisy_near);
      board_noisy_sees (b);
      g.near = b->noisy_near;
    }
  if (noisy_only)
    gen_sets (&g, b, TRUE, enough);
  else
    gen_sets (&g, b, FALSE, enough);
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
  DkAround ar;
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
  around_anchor (&ar, b, t->pad_of[m.from]);
  gen_set (&(DkGen) { &l, 0, 0, 0, 0, 0, FALSE }, b, t, &ar, FALSE, (guint) m.from,
           t->pad_of[m.from], m.shape);
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
