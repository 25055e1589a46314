/* The chess family: move generation, legality, make/unmake, check and results,
 * driven by the tables built from the variant description (chess-load.c). */
#include <glib/gi18n.h>
#include <string.h>

#include "rules/chess-private.h"

#define IS_PIECE(v) ((v) & 0x80)

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

/* Which board values the mover may capture, and which seats give check to whom. */
void
ts_chess_gen_init (TsChessGen *g,
                   TsPosition *p,
                   guint       side)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  int ctrl = ts_position_controller (p, side);
  const struct TsSeatTargets *targets;

  g->p = p;
  g->r = r;
  g->side = side;
  g->guard_seat = ctrl;
  g->guard = ctrl >= 0 ? p->king[ctrl] : -1;
  g->enemies = 0;
  g->n_pinned = 0;
  g->in_check = FALSE;
  g->first_only = FALSE;
  targets = &r->seat_targets[(side << v->n_seats) | p->st.out_mask];
  g->cap_ok = targets->cap_ok;
  g->cnt_ok = targets->cnt_ok;
  if (ctrl >= 0)
    g->enemies = ts_chess_enemies (p, (guint) ctrl);
  if (g->guard >= 0)
    {
      TsAttack checks[2];
      guint n = scan_guard (g, checks, 2);

      g->in_check = n > 0;
      g->n_checkers = n;
      if (ctrl == (int) side && side == p->st.side)
        {
          p->check_hash = p->st.hash;
          p->check_state = (gint8) g->in_check;
        }
      g->n_block = 0;
      /* one checker: a move must take it or stand between */
      if (n == 1)
        for (guint k = 1; k <= checks[0].dist && k <= G_N_ELEMENTS (g->block); k++)
          g->block[g->n_block++] = (gint16) (g->guard + (int) k * checks[0].off);
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
 * that its removal would let through is added to pins->pinned. Always inlined: the
 * two uses compile to two loops without each other's tests. */
static inline G_ALWAYS_INLINE guint
scan_pieces (const TsPosition *p, int cell, guint8 seats, TsAttack *found, guint max,
             TsChessGen *pins)
{
  const TsVariantRules *r = ts_rules (p);
  const guint8 *b = p->board;
  int key = r->atk_key[r->to_dense[cell]];
  guint n = 0;

  for (guint s = 0; s < p->variant->n_seats; s++)
    {
      if (!(seats & (1u << s)))
        continue;
      gboolean cond = !(p->st.checked_mask & (1u << s));
      /* any_here[key(attacker)]: still inside the table (key(cell) <= its centre) */
      const guint16 *pawn = r->atk_pawn[s], *any_here = r->atk_any[s] - key;

      for (guint w = 0; w < r->n_occ_words; w++)
        for (guint64 bits = p->occ[s][w]; bits; bits &= bits - 1)
          {
            int dense = (int) (w * 64 + (guint) __builtin_ctzll (bits));
            guint could = any_here[r->atk_key[dense]];

            if (!could)
              continue;   /* no piece attacks from there */
            int k = r->atk_key[dense] - key;
            int from = r->to_padded[dense];
            guint8 val = b[from];
            guint bit = 1u << TS_PIECE_TYPE (val);

            /* (the guarded king's board is the whole board: occ is up to date) */
            if ((!pins && (!IS_PIECE (val) || TS_PIECE_SEAT (val) != s)) || !(could & bit))
              continue;
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
  return MIN (n, max);
}

gboolean
ts_chess_attacked (const TsPosition *p,
                   int               cell,
                   guint8            seats)
{
  if (!ts_rules (p)->atk_delta)
    return attack_scan (p, cell, seats, NULL, 1, TRUE) > 0;
  return scan_pieces (p, cell, seats, NULL, 1, NULL) > 0;
}

/* The cells of the pieces attacking cell (as scan_pieces). */
static guint
attackers (const TsPosition *p, int cell, guint8 seats, int *out, guint max)
{
  TsAttack atk[32];
  guint n;

  max = MIN (max, G_N_ELEMENTS (atk));
  if (ts_rules (p)->atk_delta)
    n = scan_pieces (p, cell, seats, atk, max, NULL);
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
    return scan_pieces (p, g->guard, g->enemies, checks, max, g);
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

static inline void
push (TsMoveList *out, const TsVariantRules *r, int from, int to, guint type, guint promo, guint flags)
{
  TsMove m = { from >= 0 ? r->to_dense[from] : TS_NO_CELL, r->to_dense[to], (guint8) type,
               (guint8) promo, (guint8) flags, 0 };

  ts_move_list_push (out, m);
}

static inline void
push_pawn (TsMoveList *out, const TsVariantRules *r, guint side, int from, int to, guint type, guint flags)
{
  if (r->promo_zone[side][to])
    for (guint i = 0; i < r->n_promos; i++)
      push (out, r, from, to, type, r->promos[i], flags);
  else
    push (out, r, from, to, type, TS_NO_PROMO, flags);
}

static void
gen_castles (TsChessGen *g, TsMoveList *out)
{
  const TsVariantRules *r = g->r;
  TsPosition *p = g->p;
  guint side = g->side;

  for (guint i = 0; i < r->n_castles[side]; i++)
    {
      const TsCastle *c = &r->castles[side][i];
      guint8 king = p->board[c->king_from], rook = p->board[c->rook_from];
      guint8 enemies = ts_chess_enemies (p, g->guard_seat >= 0 ? (guint) g->guard_seat : side);
      gboolean ok = TRUE;

      if (!(king & TS_PIECE_UNMOVED) || !(rook & TS_PIECE_UNMOVED) ||
          TS_PIECE_SEAT (king) != side || TS_PIECE_SEAT (rook) != side ||
          !p->variant->piece_types[TS_PIECE_TYPE (king)].royal)
        continue;
      for (guint k = 0; k < c->n_empty && ok; k++)
        ok = p->board[c->empty[k]] == 0;
      /* an eliminated seat's king (team play) is judged against the other team too */
      if (!r->check)
        enemies = 0;
      for (guint k = 0; k < c->n_safe && ok; k++)
        ok = !ts_chess_attacked (p, c->safe[k], enemies);
      if (ok)
        push (out, r, c->king_from, c->king_to, TS_PIECE_TYPE (king), TS_NO_PROMO, TS_MOVE_CASTLE);
    }
}

static inline guint
count_ray (const guint8 *b, const guint8 *cap_ok, int from, int off, guint range)
{
  guint n = 0;

  for (guint dist = 0; dist < range; dist++)
    {
      guint8 tv;

      from += off;
      tv = b[from];
      if (tv != 0)
        return n + cap_ok[tv];
      n++;
    }
  return n;
}

static gboolean
is_pinned (const TsChessGen *g, int cell)
{
  for (guint i = 0; i < g->n_pinned; i++)
    if (g->pinned[i] == cell)
      return TRUE;
  return FALSE;
}

/* The pseudo-legal moves of g->side's piece on from (padded); with counting, the
 * ones that need no legality test are counted (returned) instead of listed. Always
 * inlined into the three modes below, each compiled without the others' tests. */
static inline G_ALWAYS_INLINE guint64
gen_piece (TsChessGen *g, TsMoveList *out, int from, gboolean noisy, gboolean counting)
{
  const TsVariantRules *r = g->r;
  TsPosition *p = g->p;
  const guint8 *b = p->board;
  guint side = g->side;
  guint8 val = b[from];
  guint type = TS_PIECE_TYPE (val);
  const TsPieceMoves *pm = &r->moves[type];
  /* a local: the pushes could alias it, to be read again at every move */
  const guint8 *cap_ok = g->cap_ok;
  guint64 cnt = 0;

#define EMIT(f, t, ty, pr, fl) G_STMT_START {                                      \
    if (counting) cnt++; else push (out, r, f, t, ty, pr, fl); } G_STMT_END
#define EMIT_PAWN(f, t, ty, fl) G_STMT_START {                                     \
    if (counting) cnt += r->promo_zone[side][t] ? r->n_promos : 1;          \
    else push_pawn (out, r, side, f, t, ty, fl); } G_STMT_END
  if (pm->seat_dependent && counting && !noisy)
    {
      const guint8 *mult = r->promo_mult[side];
      const int *mv = pm->moves[side], *cp = pm->captures[side];
      gboolean dbl = pm->double_step && (val & TS_PIECE_UNMOVED);

      for (guint k = 0; k < pm->n_moves[side]; k++)
        {
          int to = from + mv[k];

          if (b[to] != 0)
            continue;
          cnt += mult[to];
          if (dbl && b[to + mv[k]] == 0)
            cnt += mult[to + mv[k]];
        }
      for (guint k = 0; k < pm->n_captures[side]; k++)
        cnt += cap_ok[b[from + cp[k]]] * mult[from + cp[k]];
      if (p->st.ep_cell >= 0 && p->st.ep_victim >= 0 && cap_ok[b[p->st.ep_victim]])
        for (guint k = 0; k < pm->n_captures[side]; k++)
          if (from + cp[k] == p->st.ep_cell)
            push (out, r, from, p->st.ep_cell, type, TS_NO_PROMO,
                  TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT);
      return cnt;
    }
  if (pm->seat_dependent)
    {
      const int *mv = pm->moves[side], *cp = pm->captures[side];
      const guint8 *zone = r->promo_zone[side];
      guint n_mv = pm->n_moves[side], n_cp = pm->n_captures[side];
      gboolean dbl = pm->double_step && (val & TS_PIECE_UNMOVED) && !noisy;
      /* the en passant cell, where the pawn that passed it may be taken */
      int ep = p->st.ep_victim >= 0 && cap_ok[b[p->st.ep_victim]] ? p->st.ep_cell : -1;

      for (guint k = 0; k < n_mv; k++)
        {
          int to = from + mv[k];

          if (b[to] != 0)
            continue;
          if (!noisy || zone[to])
            EMIT_PAWN (from, to, type, 0);
          if (dbl && b[to + mv[k]] == 0)
            EMIT_PAWN (from, to + mv[k], type, TS_MOVE_DOUBLE);
        }
      for (guint k = 0; k < n_cp; k++)
        {
          int to = from + cp[k];

          if (cap_ok[b[to]])
            EMIT_PAWN (from, to, type, TS_MOVE_CAPTURE);
          else if (to == ep)
            push (out, r, from, to, type, TS_NO_PROMO, TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT);
        }
      return cnt;
    }
  if (counting && !noisy && pm->fast)
    {
      for (guint k = 0; k < pm->n_leaps; k++)
        cnt += g->cnt_ok[b[from + pm->leaps[k]]];
      for (guint k = 0; k < pm->n_slides; k++)
        {
          int off = pm->slides[k];
          int to = from + off;
          guint8 tv;

          while ((tv = b[to]) == 0)
            cnt++, to += off;
          cnt += cap_ok[tv];
        }
      return cnt;
    }
  /* locals, as cap_ok */
  const TsRay *rays = pm->rays;
  guint n_rays = pm->n_rays;
  gboolean cond_off = (p->st.checked_mask & (1u << side)) != 0;

  for (guint k = 0; k < n_rays; k++)
    {
      int off = rays[k].off, to = from + off;
      guint range = rays[k].range;
      guint8 tv;

      if (rays[k].cond && cond_off)
        continue;
      if (counting && !noisy)
        {
          cnt += count_ray (b, cap_ok, from, off, range);
          continue;
        }
      for (guint dist = 1; (tv = b[to]) == 0; to += off, dist++)
        {
          if (!noisy)
            EMIT (from, to, type, TS_NO_PROMO, 0);
          if (dist == range)
            break;
        }
      if (cap_ok[tv])
        EMIT (from, to, type, TS_NO_PROMO, TS_MOVE_CAPTURE);
    }
#undef EMIT
#undef EMIT_PAWN
  return cnt;
}

static guint64
gen_piece_all (TsChessGen *g, TsMoveList *out, int from)
{
  return gen_piece (g, out, from, FALSE, FALSE);
}

static guint64
gen_piece_noisy (TsChessGen *g, TsMoveList *out, int from)
{
  return gen_piece (g, out, from, TRUE, FALSE);
}

static guint64
gen_piece_counted (TsChessGen *g, TsMoveList *out, int from)
{
  return gen_piece (g, out, from, FALSE, TRUE);
}

/* Pseudo-legal moves of g->side: no captures of teammates or protected kings.
 * With count (without noisy: no caller asks both), the moves that need no legality
 * test are only counted there. */
void
ts_chess_gen_pseudo (TsChessGen *g, TsMoveList *out, gboolean noisy, guint64 *count)
{
  const TsVariant *v = g->p->variant;
  const TsVariantRules *r = g->r;
  TsPosition *p = g->p;
  const guint8 *b = p->board;
  guint side = g->side;
  guint64 cnt = 0;   /* a local: stores through count could alias the board */

  for (guint w = 0; w < r->n_occ_words && !(g->first_only && cnt); w++)
    {
      guint64 bits = p->occ[side][w];

      while (bits && !(g->first_only && cnt))
        {
          int dense = (int) (w * 64 + (guint) __builtin_ctzll (bits));
          int from = r->to_padded[dense];

          bits &= bits - 1;
          if (noisy)
            cnt += gen_piece_noisy (g, out, from);
          else if (count && !g->in_check && from != g->guard && !is_pinned (g, from))
            cnt += gen_piece_counted (g, out, from);
          else
            cnt += gen_piece_all (g, out, from);
        }
    }
  if (count)
    *count += cnt;

  if (noisy || (g->first_only && cnt))
    return;
  if (r->n_castles[side])
    gen_castles (g, out);
  if (v->has_drops)
    for (guint t = 0; t < v->n_piece_types; t++)
      {
        if (!p->st.hand[side][t])
          continue;
        for (guint c = 0; c < v->geometry.ncells; c++)
          {
            int to = r->to_padded[c];

            if (b[to] != 0 || (v->piece_types[t].pawn && r->promo_zone[side][to]))
              continue;
            if (count && !g->in_check)
              (*count)++;
            else
              {
                TsMove m = { TS_NO_CELL, (TsCell) c, (guint8) t, TS_NO_PROMO, TS_MOVE_DROP, 0 };

                ts_move_list_push (out, m);
              }
          }
      }
}

/* Board changes of a move; logged so they can be reverted. */
void
ts_chess_apply (TsPosition *p, TsMove m, guint side, TsUndo *u)
{
  const TsVariantRules *r = ts_rules (p);
  int to = r->to_padded[m.to];

#define LOG_PUT(cell, value) G_STMT_START {                 \
    u->change_cell[u->n_changes] = (gint16) (cell);         \
    u->change_piece[u->n_changes++] = p->board[cell];       \
    ts_position_put (p, (cell), (value));                   \
  } G_STMT_END

  if (m.flags & TS_MOVE_DROP)
    {
      LOG_PUT (to, TS_PIECE_MAKE (side, m.piece));
      return;
    }
  {
    int from = r->to_padded[m.from];
    guint8 mover = p->board[from] & ~TS_PIECE_UNMOVED;

    if (m.promo != TS_NO_PROMO)
      mover = TS_PIECE_MAKE (TS_PIECE_SEAT (mover), m.promo);
    if (m.flags & TS_MOVE_EN_PASSANT)
      LOG_PUT (p->st.ep_victim, 0);
    if (m.flags & TS_MOVE_CASTLE)
      {
        for (guint i = 0; i < r->n_castles[side]; i++)
          {
            const TsCastle *c = &r->castles[side][i];

            if (c->king_from == from && c->king_to == to)
              {
                guint8 rook = p->board[c->rook_from] & ~TS_PIECE_UNMOVED;

                LOG_PUT (c->rook_from, 0);
                LOG_PUT (c->rook_to, rook);
              }
          }
      }
    LOG_PUT (from, 0);
    LOG_PUT (to, mover);
  }
#undef LOG_PUT
}

void
ts_chess_revert (TsPosition *p, const TsUndo *u, guint from_change)
{
  for (guint i = u->n_changes; i-- > from_change;)
    ts_position_put (p, u->change_cell[i], u->change_piece[i]);
}

/* 1: legal, 0: illegal, -1: needs the test on the board. */
static int
classify (const TsChessGen *g, TsMove m)
{
  int from, to;

  if (m.flags & (TS_MOVE_EN_PASSANT | TS_MOVE_CASTLE))
    return -1;
  from = m.from >= 0 ? g->r->to_padded[m.from] : -1;
  if (from == g->guard)
    return -1;
  if (g->in_check)
    {
      gboolean blocks = FALSE;

      if (g->n_checkers > 1)
        return 0;
      to = g->r->to_padded[m.to];
      for (guint i = 0; i < g->n_block && !blocks; i++)
        blocks = g->block[i] == to;
      if (!blocks)
        return 0;
    }
  return from >= 0 && is_pinned (g, from) ? -1 : 1;
}

/* Is m legal? Plays it on the bare board (no hash, no counters), looks at the
 * guarded king, and puts the board back. */
gboolean
ts_chess_test_move (TsChessGen *g, TsMove m)
{
  const TsVariantRules *r = g->r;
  guint8 *b = g->p->board;
  int cells[4], n = 0, king = g->guard;
  guint8 saved[4];
  int to = r->to_padded[m.to];
  gboolean bad;

#define SET(cell, value) G_STMT_START {                                        \
    cells[n] = (cell); saved[n++] = b[cell]; b[cell] = (value); } G_STMT_END
  if (m.flags & TS_MOVE_DROP)
    SET (to, TS_PIECE_MAKE (g->side, m.piece));
  else
    {
      int from = r->to_padded[m.from];
      guint8 mover = b[from];

      if (m.flags & TS_MOVE_EN_PASSANT)
        SET (g->p->st.ep_victim, 0);
      if (m.flags & TS_MOVE_CASTLE)
        for (guint i = 0; i < r->n_castles[g->side]; i++)
          {
            const TsCastle *c = &r->castles[g->side][i];

            if (c->king_from == from && c->king_to == to)
              {
                guint8 rook = b[c->rook_from];

                SET (c->rook_from, 0);
                SET (c->rook_to, rook);
              }
          }
      SET (from, 0);
      SET (to, mover);
      if (from == king)
        king = to;
    }
#undef SET
  bad = king >= 0 && ts_chess_attacked (g->p, king, g->enemies);
  while (n-- > 0)
    b[cells[n]] = saved[n];
  return !bad;
}

/* Legal moves of the side to move into out; with stop_at_one, stops after one.
 * With count (perft's last ply), moves that need no test are counted, not listed. */
static void
generate (TsPosition *p, TsMoveList *out, gboolean noisy, gboolean stop_at_one, guint64 *count)
{
  const TsVariantRules *r = ts_rules (p);
  TsChessGen g;
  guint start = out->n;

  if (p->st.over || (p->st.out_mask & (1u << p->st.side) && r->elimination != TS_ELIM_PARTNER))
    return;
  ts_chess_gen_init (&g, p, p->st.side);
  /* Whether any move exists: a move counted (no test needed) is enough. */
  g.first_only = stop_at_one && count && !r->compulsory_capture;
  ts_chess_gen_pseudo (&g, out, noisy && !r->compulsory_capture,
                       r->compulsory_capture || g.guard < 0 ? NULL : count);
  if (g.guard >= 0)
    {
      guint n = start;

      for (guint i = start; i < out->n; i++)
        {
          TsMove m = out->moves[i];

          int c = classify (&g, m);

          if (c > 0 || (c < 0 && ts_chess_test_move (&g, m)))
            {
              out->moves[n++] = m;
              if (stop_at_one)
                break;
            }
        }
      out->n = n;
    }
  if (r->compulsory_capture)
    {
      gboolean any = FALSE;
      guint n = start;

      for (guint i = start; i < out->n && !any; i++)
        any = (out->moves[i].flags & TS_MOVE_CAPTURE) != 0;
      for (guint i = start; i < out->n; i++)
        if (!any || (out->moves[i].flags & TS_MOVE_CAPTURE))
          if (!noisy || (out->moves[i].flags & TS_MOVE_CAPTURE) || out->moves[i].promo != TS_NO_PROMO)
            out->moves[n++] = out->moves[i];
      out->n = n;
    }
}

static void
chess_generate (TsPosition *p, TsMoveList *out)
{
  generate (p, out, FALSE, FALSE, NULL);
}

static void
chess_generate_noisy (TsPosition *p, TsMoveList *out)
{
  generate (p, out, TRUE, FALSE, NULL);
}

gboolean
ts_chess_has_legal_move (TsPosition *p)
{
  TsMoveList l;
  gboolean any;
  guint64 counted = 0;

  /* counting skips listing most moves */
  ts_move_list_init (&l);
  generate (p, &l, FALSE, TRUE, &counted);
  any = counted > 0 || l.n > 0;
  ts_move_list_clear (&l);
  return any;
}

/* The seat that would leave with TS_MOVE_LEAVE: the side to move, or the partner moving
 * its eliminated army; -1 when nobody may leave (two players, the game is over). */
static int
leaving_seat (const TsPosition *p)
{
  int seat = p->st.side;

  if (p->variant->n_seats <= 2 || p->st.over)
    return -1;
  if (p->st.out_mask & (1u << seat))
    seat = ts_position_controller (p, seat);
  return seat >= 0 && !(p->st.out_mask & (1u << seat)) ? seat : -1;
}

/* Is m, a move of a piece on the board, legal? Only that piece's moves are generated. */
static gboolean
piece_move_is_legal (TsPosition *p, TsMove m)
{
  const TsVariantRules *r = ts_rules (p);
  guint ncells = p->variant->geometry.ncells;
  TsChessGen g;
  TsMoveList l;
  gboolean found = FALSE;
  int from;
  guint8 val;

  if (m.from < 0 || (guint) m.from >= ncells || m.to < 0 || (guint) m.to >= ncells)
    return FALSE;
  if (p->st.over || (p->st.out_mask & (1u << p->st.side) && r->elimination != TS_ELIM_PARTNER))
    return FALSE;
  from = r->to_padded[m.from];
  val = p->board[from];
  if (!IS_PIECE (val) || TS_PIECE_SEAT (val) != p->st.side || TS_PIECE_TYPE (val) != m.piece)
    return FALSE;
  ts_chess_gen_init (&g, p, p->st.side);
  ts_move_list_init (&l);
  gen_piece_all (&g, &l, from);
  found = ts_move_list_contains (&l, m);
  ts_move_list_clear (&l);
  if (found && g.guard >= 0)
    {
      int c = classify (&g, m);

      found = c > 0 || (c < 0 && ts_chess_test_move (&g, m));
    }
  return found;
}

static gboolean
chess_is_legal (TsPosition *p, TsMove m)
{
  TsMoveList l;
  gboolean found = FALSE;

  if (m.flags & TS_MOVE_LEAVE)
    return ts_move_equal (m, ts_move_leave ()) && leaving_seat (p) >= 0;
  /* Castling and drops, and anything under compulsory capture (a quiet move is legal
   * only when no capture is), are looked for among all the legal moves. */
  if (!(m.flags & (TS_MOVE_CASTLE | TS_MOVE_DROP)) && !ts_rules (p)->compulsory_capture)
    return piece_move_is_legal (p, m);

  ts_move_list_init (&l);
  generate (p, &l, FALSE, FALSE, NULL);
  found = ts_move_list_contains (&l, m);
  ts_move_list_clear (&l);
  return found;
}

static TsCell
chess_checked_king (const TsPosition *p, guint seat)
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

static void
set_side (TsPosition *p, guint seat)
{
  p->st.hash ^= ts_rules (p)->zobrist_side[p->st.side] ^ ts_rules (p)->zobrist_side[seat];
  p->st.side = (guint8) seat;
}

static void
eliminate (TsPosition *p, guint seat, TsUndo *u)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;

  if (chess_checked_king (p, seat) != TS_NO_CELL)
    p->st.mated_mask |= 1u << seat;
  p->st.out_mask |= 1u << seat;
  p->st.hash ^= r->zobrist_out[seat];
  p->st.out_order[p->st.n_out++] = (guint8) seat;
  if (r->eliminated_king_leaves && p->king[seat] >= 0 && u->n_changes < TS_UNDO_MAX_CHANGES)
    {
      int k = p->king[seat];

      u->change_cell[u->n_changes] = (gint16) k;
      u->change_piece[u->n_changes++] = p->board[k];
      ts_position_put (p, k, 0);
    }
  if (r->elimination == TS_ELIM_IMMOBILE)
    for (guint t = 0; t < v->n_piece_types; t++)
      ts_position_set_hand_count (p, seat, t, 0);
}

/* Four players: the next seat that can move, eliminating the seats found without a
 * move on their turn; sets st.over when one army (or team) is left. */
static void
advance_turn (TsPosition *p, TsUndo *u)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  guint seat = p->st.side;

  for (guint tries = 0; tries < 2 * v->n_seats; tries++)
    {
      guint8 alive_teams = 0;

      seat = (seat + 1) % v->n_seats;
      for (guint s = 0; s < v->n_seats; s++)
        if (!(p->st.out_mask & (1u << s)))
          alive_teams |= 1u << v->team[s];
      if (!(alive_teams & (alive_teams - 1)))
        {
          p->st.over = (guint8) (alive_teams ? __builtin_ctz (alive_teams) + 1 : 0xff);
          return;
        }
      if ((p->st.out_mask & (1u << seat)) &&
          (r->elimination != TS_ELIM_PARTNER || ts_position_controller (p, seat) < 0))
        continue;
      set_side (p, seat);
      if (ts_chess_has_legal_move (p))
        return;
      if (!(p->st.out_mask & (1u << seat)))
        {
          eliminate (p, seat, u);
          if (r->elimination == TS_ELIM_PARTNER && ts_position_controller (p, seat) >= 0 &&
              ts_chess_has_legal_move (p))
            return;   /* the partner moves this army from this very turn */
        }
      /* a passed turn ends the en passant right */
      if (p->st.ep_cell >= 0)
        {
          p->st.hash ^= r->zobrist_ep[r->to_dense[p->st.ep_cell]];
          p->st.ep_cell = p->st.ep_victim = -1;
        }
    }
  p->st.over = 0xff;
}

/* Passes the turn (two players only): the search's null move. */
static gboolean
chess_make_null (TsPosition *p, TsUndo *u)
{
  const TsVariantRules *r = ts_rules (p);

  if (p->variant->n_seats != 2 || r->compulsory_capture || p->st.over)
    return FALSE;
  u->move = (TsMove) { TS_NO_CELL, TS_NO_CELL, 0, TS_NO_PROMO, 0, 0 };
  u->state = p->st;
  u->n_changes = 0;
  ts_position_history_push (p);
  p->st.halfmove++;
  if (p->st.ep_cell >= 0)
    {
      p->st.hash ^= r->zobrist_ep[r->to_dense[p->st.ep_cell]];
      p->st.ep_cell = p->st.ep_victim = -1;
    }
  p->ply++;
  set_side (p, 1u - p->st.side);
  return TRUE;
}

/* Static exchange evaluation on m's destination (see ts_position_see_ge): each side in
 * turn recaptures with its least valuable attacker, found by a fresh attack scan on a
 * board from which the pieces that already captured are lifted (so the pieces behind
 * them join in). */
static gboolean
chess_see_ge (TsPosition *p, TsMove m, const int *values, int threshold)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  guint8 *b = p->board;
  guint side = p->st.side;
  int to, from, swap, res = 1;
  int lifted[64];
  guint8 lifted_val[64];
  guint n_lifted = 0;
  guint8 seats[2] = { 0, 0 };   /* [0] the mover's side, [1] the other */
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

  for (guint s = 0; s < v->n_seats; s++)
    if (!(p->st.out_mask & (1u << s)) || r->elimination == TS_ELIM_PARTNER)
      seats[v->team[s] != v->team[side]] |= (guint8) (1u << s);

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
          int value = r->check && v->piece_types[t].royal ? G_MAXINT / 2 : values[t];

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

/* TS_MOVE_LEAVE: the seat is eliminated and the turn passes on, as when a seat has no
 * legal move; in team play its partner moves the army from this very turn. */
static void
make_leave (TsPosition *p, TsUndo *u)
{
  const TsVariantRules *r = ts_rules (p);
  guint side = p->st.side;
  int seat = leaving_seat (p);

  g_return_if_fail (seat >= 0);
  eliminate (p, (guint) seat, u);
  p->st.halfmove++;
  if (p->st.ep_cell >= 0)
    {
      p->st.hash ^= r->zobrist_ep[r->to_dense[p->st.ep_cell]];
      p->st.ep_cell = p->st.ep_victim = -1;
    }
  p->ply++;
  if ((guint) seat == side && r->elimination == TS_ELIM_PARTNER &&
      ts_position_controller (p, side) >= 0 && ts_chess_has_legal_move (p))
    return;
  advance_turn (p, u);
}

static void
chess_make (TsPosition *p, TsMove m, TsUndo *u)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  guint side = p->st.side;
  guint8 captured = 0;

  u->move = m;
  u->state = p->st;
  u->n_changes = 0;
  ts_position_history_push (p);
  if (m.flags & TS_MOVE_LEAVE)
    {
      make_leave (p, u);
      return;
    }

  if (m.flags & TS_MOVE_EN_PASSANT)
    captured = p->board[p->st.ep_victim];
  else if (m.flags & TS_MOVE_CAPTURE)
    captured = p->board[r->to_padded[m.to]];
  ts_chess_apply (p, m, side, u);

  if (captured || (m.flags & TS_MOVE_DROP) || v->piece_types[m.piece].pawn)
    p->st.halfmove = 0;
  else
    p->st.halfmove++;
  if (captured && v->has_drops)
    {
      guint t = TS_PIECE_TYPE (captured);

      ts_position_set_hand_count (p, side, t, p->st.hand[side][t] + 1u);
    }
  if (m.flags & TS_MOVE_DROP)
    ts_position_set_hand_count (p, side, m.piece, p->st.hand[side][m.piece] - 1u);
  if (p->st.ep_cell >= 0)
    {
      p->st.hash ^= r->zobrist_ep[r->to_dense[p->st.ep_cell]];
      p->st.ep_cell = p->st.ep_victim = -1;
    }
  if ((m.flags & TS_MOVE_DOUBLE) && r->en_passant)
    {
      int from = r->to_padded[m.from], to = r->to_padded[m.to];

      p->st.ep_cell = (gint16) ((from + to) / 2);
      p->st.ep_victim = (gint16) to;
      p->st.hash ^= r->zobrist_ep[r->to_dense[p->st.ep_cell]];
    }
  if (captured && !r->check && v->piece_types[TS_PIECE_TYPE (captured)].royal)
    p->st.over = (guint8) (v->team[side] + 1);
  if (r->king_check_right)
    for (guint s = 0; s < v->n_seats; s++)
      if (!(p->st.checked_mask & (1u << s)) && chess_checked_king (p, s) != TS_NO_CELL)
        {
          p->st.checked_mask |= 1u << s;
          p->st.hash ^= r->zobrist_checked[s];
        }

  p->ply++;
  if (v->n_seats == 2)
    set_side (p, 1 - side);
  else if (!p->st.over)
    advance_turn (p, u);
}

static void
chess_unmake (TsPosition *p, const TsUndo *u)
{
  ts_chess_revert (p, u, 0);
  p->st = u->state;
  p->ply--;
  p->n_history--;
}

static void
chess_result (TsPosition *p, TsResult *out)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;

  memset (out, 0, sizeof *out);
  out->n_eliminated = p->st.n_out;
  for (guint i = 0; i < p->st.n_out; i++)
    out->eliminated[i] = p->st.out_order[i];
  if (p->st.over)
    {
      if (p->st.over == 0xff)
        {
          out->kind = TS_RESULT_DRAW;
          out->reason = N_("no legal move");
        }
      else
        {
          out->kind = TS_RESULT_WIN;
          out->winner_team = p->st.over - 1u;
          out->reason = r->check ? N_("last army standing") : N_("king captured");
        }
      return;
    }
  if (!ts_chess_has_legal_move (p))
    {
      if (v->n_seats == 2 && r->check && ts_position_in_check (p))
        {
          out->kind = TS_RESULT_WIN;
          out->winner_team = v->team[1 - p->st.side];
          out->reason = N_("checkmate");
        }
      else
        {
          out->kind = TS_RESULT_DRAW;
          out->reason = r->check ? N_("stalemate") : N_("no legal move");
        }
      return;
    }
  if ((out->reason = ts_position_draw_by_rule (p)))
    out->kind = TS_RESULT_DRAW;
}

/* Perft's last ply: moves that need no legality test are counted, not listed. */
static guint64
chess_count_legal (TsPosition *p, TsMoveList *scratch)
{
  guint64 nodes = 0;

  generate (p, scratch, FALSE, FALSE, &nodes);
  return nodes + scratch->n;
}

static void
chess_setup (TsPosition *p)
{
  const TsVariantRules *r = ts_rules (p);

  for (guint i = 0; i < r->n_padded; i++)
    if (r->initial[i] & 0x80)
      ts_position_put (p, (int) i, r->initial[i]);
}

const TsRulesOps ts_chess_ops = {
  .family = "chess",
  .family_id = TS_FAMILY_CHESS,
  .load_variant = ts_variant_load_chess,
  .setup = chess_setup,
  .generate = chess_generate,
  .generate_noisy = chess_generate_noisy,
  .is_legal = chess_is_legal,
  .make = chess_make,
  .unmake = chess_unmake,
  .checked_king = chess_checked_king,
  .result = chess_result,
  .count_legal = chess_count_legal,
  .make_null = chess_make_null,
  .see_ge = chess_see_ge,
  .move_to_san = ts_chess_move_to_san,
  .move_to_long = ts_chess_move_to_long,
  .move_parse = ts_chess_move_parse,
  .to_text = ts_chess_to_text,
  .from_text = ts_chess_from_text,
};
