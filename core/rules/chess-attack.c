/* The chess family's attacks: what the mover may take, who checks or pins the guarded
 * king, whether a cell is attacked, and the exchanges on a cell (see_ge). */
#include "rules/chess-private.h"

typedef struct {
  int    cell;   /* the attacker */
  int    off;    /* step from the attacked cell toward it */
  guint  dist;   /* steps */
} TsAttack;

static guint attack_scan (const TsPosition *p, int cell, guint8 seats, TsAttack *out, guint max,
                          gboolean slides);
/* not inlined into ts_chess_gen_init: its loop over the enemy pieces keeps its registers */
static G_NO_INLINE guint scan_guard (TsChessGen *g, TsAttack *checks, guint max);

/* Does the board value val, dist steps away along attack ray d, attack? */
static inline gboolean
attacks_along (const TsPosition *p, guint8 seats, guint8 val, guint d, guint dist)
{
  const TsVariantRules *r = ts_rules (p);
  guint bit = 1u << TS_PIECE_TYPE (val);

  return IS_PIECE (val) && (seats & (1u << TS_PIECE_SEAT (val))) && dist <= TS_MAX_ATK_RANGE &&
         ((r->atk_mask[d][dist] & bit) ||
          ((r->atk_cond_mask[d][dist] & bit) && !(p->st.checked_mask & (1u << TS_PIECE_SEAT (val)))));
}

/* The guarded king's checkers (the cells a move must take or block) and pins. */
static void
guard_scan_run (TsChessGen *g)
{
  TsAttack checks[2];
  guint n = scan_guard (g, checks, 2);

  g->n_checkers = n;
  g->n_block = 0;
  /* one checker: a move must take it or stand between */
  if (n == 1)
    for (guint k = 1; k <= checks[0].dist && k <= G_N_ELEMENTS (g->block); k++)
      g->block[g->n_block++] = (gint16) (g->guard + (int) k * checks[0].off);
}

static void
guard_scan_save (const TsChessGen *g, TsGuardScan *gs)
{
  gs->n_checkers = (guint8) g->n_checkers;
  gs->n_block = (guint8) g->n_block;
  gs->n_pinned = (guint8) g->n_pinned;
  /* loops: a few cells at most, fewer instructions than memcpy's call */
  for (guint i = 0; i < g->n_block; i++)
    gs->block[i] = g->block[i];
  for (guint i = 0; i < g->n_pinned; i++)
    gs->pinned[i] = g->pinned[i];
}

static void
guard_scan_load (TsChessGen *g, const TsGuardScan *gs)
{
  g->n_checkers = gs->n_checkers;
  g->n_block = gs->n_block;
  g->n_pinned = gs->n_pinned;
  for (guint i = 0; i < g->n_block; i++)
    g->block[i] = gs->block[i];
  for (guint i = 0; i < g->n_pinned; i++)
    g->pinned[i] = gs->pinned[i];
}

/* Which board values the mover may capture, and which seats give check to whom. */
void
ts_chess_gen_init (TsChessGen *g,
                   TsPosition *p,
                   guint       side)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  /* the usual case without the call: a seat still in the game guards its own king */
  int ctrl = r->check && !(p->st.out_mask & (1u << side)) ? (int) side
                                                          : ts_position_controller (p, side);
  const struct TsSeatTargets *targets;

  g->p = p;
  g->r = r;
  g->side = side;
  g->guard_seat = ctrl;
  g->guard = ctrl >= 0 ? p->king[ctrl] : -1;
  g->guard_dense = g->guard >= 0 ? r->to_dense[g->guard] : G_MININT;
  g->enemies = 0;
  g->n_pinned = 0;
  g->in_check = FALSE;
  g->first_only = FALSE;
  targets = &r->seat_targets[(side << v->n_seats) | p->st.out_mask];
  g->cap_ok = targets->cap_ok;
  g->cnt_ok = targets->cnt_ok;
  if (ctrl == (int) side)
    g->enemies = targets->enemies;
  else if (ctrl >= 0)
    g->enemies = ts_chess_enemies (p, (guint) ctrl);
  if (g->guard >= 0)
    {
      /* the side to move's scan is kept with the position's hash (see TsPosition) */
      if (side == p->st.side && p->guard_known && p->guard_hash == p->st.hash)
        guard_scan_load (g, &p->guard_scan);
      else
        {
          guard_scan_run (g);
          if (side == p->st.side)
            {
              guard_scan_save (g, &p->guard_scan);
              p->guard_hash = p->st.hash;
              p->guard_known = TRUE;
            }
        }
      g->in_check = g->n_checkers > 0;
      if (ctrl == (int) side && side == p->st.side)
        {
          p->check_hash = p->st.hash;
          p->check_state = (gint8) g->in_check;
        }
    }
}

guint8
ts_chess_enemies (const TsPosition *p,
                  guint             seat)
{
  return ts_rules (p)->seat_targets[(seat << p->variant->n_seats) | p->st.out_mask].enemies;
}

/* Scans the attackers of cell among seats' pieces. Without out, stops at the first;
 * with out, records up to max checking lines (the cells that capture or block each). */
static guint
attack_scan (const TsPosition *p, int cell, guint8 seats, TsAttack *out, guint max,
             gboolean slides)
{
  const TsVariantRules *r = ts_rules (p);
  const guint8 *b = p->board;
  guint n = 0;

#define FOUND(c, o, k) G_STMT_START {                                              \
    if (out) { out[n].cell = (c); out[n].off = (o); out[n].dist = (k); }             \
    if (++n >= max) return n; } G_STMT_END
  for (guint i = 0; i < r->n_atk_leaps; i++)
    {
      guint d = r->atk_leaps[i];
      guint8 val = b[cell + r->atk_off[d]];

      if (attacks_along (p, seats, val, d, 1))
        FOUND (cell + r->atk_off[d], r->atk_off[d], 1);
    }
  /* the border stops every walk; the masks know each kind's range */
  for (guint i = 0; i < r->n_atk_slides && slides; i++)
    {
      guint d = r->atk_slides[i];
      int off = r->atk_off[d];
      int t = cell + off;
      guint dist = 1;
      guint8 val;

      while ((val = b[t]) == 0)
        t += off, dist++;
      if (attacks_along (p, seats, val, d, dist))
        FOUND (t, off, dist);
    }
  if (r->pawnlike_mask)
    for (guint s = 0; s < p->variant->n_seats; s++)
      {
        if (!(seats & (1u << s)))
          continue;
        for (guint ty = 0; ty < p->variant->n_piece_types; ty++)
          {
            const TsPieceMoves *pm = &r->moves[ty];

            if (!(r->pawnlike_mask & (1u << ty)))
              continue;
            for (guint k = 0; k < pm->n_captures[s]; k++)
              if ((b[cell - pm->captures[s][k]] & TS_PIECE_MASK) == TS_PIECE_MAKE (s, ty))
                FOUND (cell - pm->captures[s][k], -pm->captures[s][k], 1);
          }
      }
#undef FOUND
  return n;
}

/* The pieces of seats that attack cell (their lines into found, at most max; without
 * found, stops at the first). Each of their pieces is looked up by its coordinate
 * difference from cell (a few instructions where no attack ray of the variant joins
 * them), the cells between checked only where one does: cheaper than walking every
 * attack ray from cell, as check tests are asked at every node. Cells emptied on the
 * bare board (ts_chess_test_move, the exchanges) are skipped.
 * With pins (the guarded king's scan, scan_guard), every attacker is counted (the
 * count is capped at max) and a piece standing alone between cell and an attacker
 * that its removal would let through is added to pins->pinned.
 * With merged (several seats, in any order: a check test or the guarded king's scan
 * in four-player games), the seats' pieces are looked up together, their occupancy
 * words or'ed and each piece's seat read from the board, instead of a pass over every
 * word for each seat. Always inlined: the uses compile to loops without each other's
 * tests. */
static inline G_ALWAYS_INLINE guint
scan_pieces (const TsPosition *p, int cell, guint8 seats, TsAttack *found, guint max,
             TsChessGen *pins, gboolean merged)
{
  const TsVariantRules *r = ts_rules (p);
  const guint8 *b = p->board;
  int key = r->atk_key[r->to_dense[cell]];
  /* only the pieces on cells from which a piece may attack cell are looked up */
  const guint64 *near = &r->atk_near[r->to_dense[cell] * r->n_occ_words];
  const guint64 *near_short = &r->atk_near_short[r->to_dense[cell] * r->n_occ_words];
  guint n = 0;

  guint all = seats & ((1u << p->variant->n_seats) - 1), n_occs = 0;
  const guint64 *occs[TS_MAX_SEATS];

  for (guint left = all; left && merged; left &= left - 1)
    occs[n_occs++] = p->occ[__builtin_ctz (left)];
  /* the seats in order, as the exchanges pick the first of equal attackers */
  for (guint left = all; left; left = merged ? 0 : left & (left - 1))
    {
      guint first_seat = (guint) __builtin_ctz (left);
      /* any_here[key(attacker)]: still inside the table (key(cell) <= its centre) */
      const guint16 *any_here = (merged ? r->atk_any_all : r->atk_any[first_seat]) - key;

      for (guint w = 0; w < r->n_occ_words; w++)
        {
          guint64 occ = merged ? occs[0][w] : p->occ[first_seat][w];

          for (guint i = 1; i < n_occs; i++)
            occ |= occs[i][w];
          for (guint64 bits = occ & near[w] & (near_short[w] | ~p->occ_short[w]); bits;
               bits &= bits - 1)
            {
              int dense = (int) (w * 64 + (guint) __builtin_ctzll (bits));
              guint could = any_here[r->atk_key[dense]];

              /* the position's piece there cannot attack from there (the board's, read
               * next, differs only where emptied or given the mover's piece) */
              if (!(could & p->type_bit[dense]))
                continue;
              int k = r->atk_key[dense] - key;
              int from = r->to_padded[dense];
              guint8 val = b[from];
              guint bit = 1u << TS_PIECE_TYPE (val);
              guint s = merged ? TS_PIECE_SEAT (val) : first_seat;

              if (merged)
                {
                  if (!pins && (!IS_PIECE (val) || !(all & (1u << s))))
                    continue;
                  could = r->atk_any[s][k];
                }
              /* (the guarded king's board is the whole board: occ is up to date) */
              else if (!pins && (!IS_PIECE (val) || TS_PIECE_SEAT (val) != s))
                continue;
              if (!(could & bit))
                continue;
              const guint16 *pawn = r->atk_pawn[s];
              gboolean cond = !(p->st.checked_mask & (1u << s));
              const struct TsAtkDelta *e = &r->atk_delta[k];
              int off = e->step, first = -1, t = cell + off;
              guint dist = e->dist, between = 0, d = 1;

              if (pawn && (pawn[k] & bit))
                off = from - cell, dist = 1;
              else if (!((e->types | (cond ? e->cond : 0)) & bit))
                continue;
              else if (pins)
                {
                  /* the cells between: the first one taken, and whether a second is */
                  for (; d < dist && between < 2; d++, t += off)
                    if (b[t] != 0 && between++ == 0)
                      first = t;
                }
              else
                {
                  while (d < dist && b[t] == 0)
                    t += off, d++;
                  between = d < dist;
                }
              if (between == 1 && pins)
                pins->pinned[pins->n_pinned++] = (gint16) first;
              if (between > 0)
                continue;
              if (!found)
                return 1;
              if (n < max)
                {
                  found[n].cell = from;
                  found[n].off = off;
                  found[n].dist = dist;
                }
              if (++n == max && !pins)
                return n;
            }
        }
    }
  return MIN (n, max);
}

/* The exchanges' see_royal_mask and see_seats (see rules-private.h). */
static void
build_see_tables (TsVariant *v)
{
  TsVariantRules *r = v->rules;
  guint n_masks = 1u << v->n_seats;

  for (guint t = 0; t < v->n_piece_types && r->check; t++)
    if (v->piece_types[t].royal)
      r->see_royal_mask |= (guint16) (1u << t);
  r->see_seats = g_malloc0_n (v->n_seats * n_masks, sizeof *r->see_seats);
  for (guint side = 0; side < v->n_seats; side++)
    for (guint out_mask = 0; out_mask < n_masks; out_mask++)
      for (guint s = 0; s < v->n_seats; s++)
        if (!(out_mask & (1u << s)) || r->elimination == TS_ELIM_PARTNER)
          r->see_seats[side * n_masks + out_mask][v->team[s] != v->team[side]] |= (guint8) (1u << s);
}

/* The tables the scans and the exchanges add to chess-load.c's: short_mask,
 * atk_any_all and atk_near_short (see rules-private.h), from atk_any: the cells from
 * which a short-range piece of some seat may attack each cell; the exchanges'. */
void
ts_chess_build_scan_tables (TsVariant *v)
{
  TsVariantRules *r = v->rules;
  guint ncells = v->geometry.ncells, nw = r->n_occ_words;
  int centre = 0;

  build_see_tables (v);

  for (guint t = 0; t < v->n_piece_types; t++)
    {
      gboolean short_range = TRUE;

      for (guint k = 0; k < r->moves[t].n_rays; k++)
        short_range = short_range && r->moves[t].rays[k].range == 1;
      if (short_range)
        r->short_mask |= (guint16) (1u << t);
    }
  if (!r->atk_delta)
    return;   /* no scan by pieces */
  /* keys run from 0 to the box's centre, the largest */
  for (guint c = 0; c < ncells; c++)
    centre = MAX (centre, r->atk_key[c]);

  int *cell_of = g_new (int, centre + 1), *attacking = g_new (int, 2 * centre + 1);
  guint n_attacking = 0;

  for (int k = 0; k <= centre; k++)
    cell_of[k] = -1;
  for (guint c = 0; c < ncells; c++)
    cell_of[r->atk_key[c]] = (int) c;
  r->atk_any_all = g_new0 (guint16, 2 * centre + 1) + centre;
  for (int delta = -centre; delta <= centre; delta++)
    {
      for (guint s = 0; s < v->n_seats; s++)
        r->atk_any_all[delta] |= r->atk_any[s][delta];
      if (r->atk_any_all[delta] & r->short_mask)
        attacking[n_attacking++] = delta;
    }
  r->atk_near_short = g_new0 (guint64, ncells * nw);
  for (guint c = 0; c < ncells; c++)
    for (guint i = 0; i < n_attacking; i++)
      {
        int key = r->atk_key[c] + attacking[i];
        int from = key >= 0 && key <= centre ? cell_of[key] : -1;

        if (from >= 0)
          r->atk_near_short[c * nw + (guint) from / 64] |= G_GUINT64_CONSTANT (1) << (from % 64);
      }
  g_free (cell_of);
  g_free (attacking);
}

gboolean
ts_chess_attacked (const TsPosition *p,
                   int               cell,
                   guint8            seats)
{
  if (!ts_rules (p)->atk_delta)
    return attack_scan (p, cell, seats, NULL, 1, TRUE) > 0;
  if (seats & (seats - 1))
    return scan_pieces (p, cell, seats, NULL, 1, NULL, TRUE) > 0;
  return scan_pieces (p, cell, seats, NULL, 1, NULL, FALSE) > 0;
}

/* The cells of the pieces attacking cell (as scan_pieces). */
static guint
attackers (const TsPosition *p, int cell, guint8 seats, int *out, guint max)
{
  TsAttack atk[32];
  guint n;

  max = MIN (max, G_N_ELEMENTS (atk));
  if (ts_rules (p)->atk_delta)
    n = scan_pieces (p, cell, seats, atk, max, NULL, FALSE);
  else
    n = attack_scan (p, cell, seats, atk, max, TRUE);
  for (guint i = 0; i < n; i++)
    out[i] = atk[i].cell;
  return n;
}

/* From the guarded king: the checkers (up to max), and the pieces that stand alone
 * between it and an enemy rider (pinned: their moves get the full test). */
static guint
scan_guard (TsChessGen *g, TsAttack *checks, guint max)
{
  const TsVariantRules *r = g->r;
  const TsPosition *p = g->p;
  const guint8 *b = p->board;
  guint n;

  /* by the enemy pieces where they can be looked up (see scan_pieces): cheaper than
   * walking every attack ray out of the king, twice over for the pins */
  if (r->atk_delta)
    {
      if (g->enemies & (g->enemies - 1))
        return scan_pieces (p, g->guard, g->enemies, checks, max, g, TRUE);
      return scan_pieces (p, g->guard, g->enemies, checks, max, g, FALSE);
    }
  n = attack_scan (p, g->guard, g->enemies, checks, max, FALSE);

  for (guint i = 0; i < r->n_atk_slides; i++)
    {
      guint d = r->atk_slides[i];
      int off = r->atk_off[d];
      int t = g->guard + off, first;
      guint dist = 1;
      guint8 val;

      while ((val = b[t]) == 0)
        t += off, dist++;
      if (attacks_along (p, g->enemies, val, d, dist))
        {
          if (n < max)
            {
              checks[n].cell = t;
              checks[n].off = off;
              checks[n].dist = dist;
            }
          n++;
          continue;
        }
      if (val == TS_CELL_OFF)
        continue;
      first = t;
      do
        t += off, dist++;
      while ((val = b[t]) == 0);
      if (attacks_along (p, g->enemies, val, d, dist))
        g->pinned[g->n_pinned++] = (gint16) first;
    }
  return MIN (n, max);
}

TsCell
ts_chess_checked_king (const TsPosition *p, guint seat)
{
  const TsVariantRules *r = ts_rules (p);
  int king;

  if (seat >= p->variant->n_seats || !r->check || (p->st.out_mask & (1u << seat)))
    return TS_NO_CELL;
  king = p->king[seat];
  if (king < 0)
    return TS_NO_CELL;
  if (seat == p->st.side && p->check_state >= 0 && p->check_hash == p->st.hash)
    return p->check_state ? r->to_dense[king] : TS_NO_CELL;
  if (!ts_chess_attacked (p, king, ts_chess_enemies (p, seat)))
    {
      if (seat == p->st.side)
        {
          /* a cache: the position is the same for every caller */
          ((TsPosition *) p)->check_hash = p->st.hash;
          ((TsPosition *) p)->check_state = 0;
        }
      return TS_NO_CELL;
    }
  if (seat == p->st.side)
    {
      ((TsPosition *) p)->check_hash = p->st.hash;
      ((TsPosition *) p)->check_state = 1;
    }
  return r->to_dense[king];
}

/* Static exchange evaluation on m's destination (see ts_position_see_ge): each side in
 * turn recaptures with its least valuable attacker, found by a fresh attack scan on a
 * board from which the pieces that already captured are lifted (so the pieces behind
 * them join in). */
gboolean
ts_chess_see_ge (TsPosition *p, TsMove m, const int *values, int threshold)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  guint8 *b = p->board;
  guint side = p->st.side;
  int to, from, swap, res = 1;
  int lifted[64];
  guint8 lifted_val[64];
  guint n_lifted = 0;
  const guint8 *seats;   /* [0] the mover's side, [1] the other */
  guint stm = 1;

  if (m.flags & (TS_MOVE_CASTLE | TS_MOVE_DROP | TS_MOVE_LEAVE) || m.from < 0 || m.to < 0)
    return 0 >= threshold;
  to = r->to_padded[m.to];
  from = r->to_padded[m.from];
  if (m.flags & TS_MOVE_EN_PASSANT)
    swap = values[TS_PIECE_TYPE (b[p->st.ep_victim])];
  else
    swap = IS_PIECE (b[to]) ? values[TS_PIECE_TYPE (b[to])] : 0;
  swap -= threshold;
  if (swap < 0)
    return FALSE;
  swap = values[m.piece] - swap;
  if (swap <= 0)
    return TRUE;

  seats = r->see_seats[(side << v->n_seats) | p->st.out_mask];

#define LIFT(cell) G_STMT_START {                                             \
    lifted[n_lifted] = (cell); lifted_val[n_lifted++] = b[cell]; b[cell] = 0; } G_STMT_END
  LIFT (from);
  if (m.flags & TS_MOVE_EN_PASSANT)
    LIFT (p->st.ep_victim);
  for (;;)
    {
      int atk[32];
      guint n = attackers (p, to, seats[stm], atk, G_N_ELEMENTS (atk));
      int best = -1, best_value = G_MAXINT;

      if (n == 0)
        break;
      res ^= 1;
      for (guint i = 0; i < n; i++)
        {
          guint t = TS_PIECE_TYPE (b[atk[i]]);
          int value = r->see_royal_mask & (1u << t) ? G_MAXINT / 2 : values[t];

          if (value < best_value)
            best_value = value, best = atk[i];
        }
      if (best_value == G_MAXINT / 2)
        {
          /* A king takes last: only if the other side has nothing left to take back. */
          if (ts_chess_attacked (p, to, seats[stm ^ 1]))
            res ^= 1;
          break;
        }
      swap = best_value - swap;
      if (swap < res || n_lifted == G_N_ELEMENTS (lifted))
        break;
      LIFT (best);
      stm ^= 1;
    }
#undef LIFT
  while (n_lifted-- > 0)
    b[lifted[n_lifted]] = lifted_val[n_lifted];
  return res != 0;
}
