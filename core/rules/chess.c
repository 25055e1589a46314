/* The chess family: move generation and legality, driven by the tables built from the
 * variant description (chess-load.c); the attacks are in chess-attack.c, make/unmake
 * and the result in chess-make.c. */
#include <string.h>

#include "rules/chess-private.h"

/* A move from the TsCell from to the internal cell to. */
static inline TsMove
move_to (const TsVariantRules *r, TsCell from, int to, guint type, guint promo, guint flags)
{
  return (TsMove) { from, r->to_dense[to], (guint8) type, (guint8) promo, (guint8) flags, 0 };
}

/* A move as the 8 bytes it is stored in. */
static inline guint64
move_bits (TsMove m)
{
  guint64 x;

  memcpy (&x, &m, sizeof x);
  return x;
}

/* Writes base (from and piece, promo and flags 0, as move_bits) with to (internal),
 * promo and flags: one 8-byte store, where setting a TsMove's fields costs four. */
static inline void
write_move (TsMove *w, guint64 base, const gint16 *to_dense, int to, guint promo, guint flags)
{
  guint64 x = base | move_bits ((TsMove) { 0, to_dense[to], 0, (guint8) promo, (guint8) flags, 0 });

  memcpy (w, &x, sizeof x);
}

static inline void
push (TsMoveList *out, const TsVariantRules *r, TsCell from, int to, guint type, guint promo, guint flags)
{
  ts_move_list_push (out, move_to (r, from, to, type, promo, flags));
}

static inline void
push_pawn (TsMoveList *out, const TsVariantRules *r, guint side, TsCell from, int to, guint type, guint flags)
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
        push (out, r, r->to_dense[c->king_from], c->king_to, TS_PIECE_TYPE (king), TS_NO_PROMO,
              TS_MOVE_CASTLE);
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
 * ones that need no legality test are counted (returned) instead of listed. The
 * helpers below are always inlined into the modes (gen_piece_all, _listed, _noisy,
 * _counted), each compiled without the others' tests. Locals in TsPieceGen: the
 * pushes could alias the tables, to be read again at every move. With reserved, the
 * list has room for any piece's moves (max_piece_moves): they are written through a
 * local cursor w, without the push's test for room and its stores of the count. */
typedef struct {
  const TsVariantRules *r;
  const TsPosition     *p;
  const guint8         *b, *cap_ok, *cnt_ok;
  guint                 side, room;   /* room: r->max_piece_moves */
  /* the piece's (the rest is the generation's, set once by piece_gen_init) */
  const TsPieceMoves   *pm;
  guint                 type;
  guint8                val;
  TsCell                from;   /* the piece's cell, as the moves name it */
} TsPieceGen;

static inline void
piece_gen_init (TsPieceGen *pg, const TsChessGen *g)
{
  *pg = (TsPieceGen) { g->r, g->p, g->p->board, g->cap_ok, g->cnt_ok, g->side,
                       g->r->max_piece_moves, NULL, 0, 0, 0 };
}

#define GEN_PIECE_PARAMS const TsPieceGen *pg, TsMoveList *out, int from, gboolean noisy, \
                         gboolean counting, gboolean reserved
#define EMIT(t, fl) G_STMT_START {                                                     \
    if (counting) cnt++;                                                                 \
    else if (reserved) write_move (w++, w_base, pg->r->to_dense, t, TS_NO_PROMO, fl);    \
    else push (out, pg->r, pg->from, t, pg->type, TS_NO_PROMO, fl); } G_STMT_END
#define EMIT_PAWN(t, fl) G_STMT_START {                                                \
    if (counting) cnt += pg->r->promo_zone[pg->side][t] ? pg->r->n_promos : 1;           \
    else if (!reserved) push_pawn (out, pg->r, pg->side, pg->from, t, pg->type, fl);     \
    else if (pg->r->promo_zone[pg->side][t])                                             \
      for (guint i_ = 0; i_ < pg->r->n_promos; i_++)                                     \
        write_move (w++, w_base, pg->r->to_dense, t, pg->r->promos[i_], fl);              \
    else write_move (w++, w_base, pg->r->to_dense, t, TS_NO_PROMO, fl); } G_STMT_END
/* the cursor, and the list's count from it at the end */
#define CURSOR_OPEN                                                                    \
  TsMove *w = reserved ? out->moves + out->n : NULL;                                   \
  guint64 w_base = move_bits ((TsMove) { pg->from, 0, (guint8) pg->type, 0, 0, 0 })
#define CURSOR_CLOSE G_STMT_START { if (reserved) out->n = (guint) (w - out->moves); } G_STMT_END

/* A pawn-like piece: its moves and captures depend on its seat. */
static inline G_ALWAYS_INLINE guint64
gen_pawn (GEN_PIECE_PARAMS)
{
  const TsPieceMoves *pm = pg->pm;
  const guint8 *b = pg->b, *cap_ok = pg->cap_ok;
  const TsPositionState *st = &pg->p->st;
  guint side = pg->side;
  const int *mv = pm->moves[side], *cp = pm->captures[side];
  guint n_mv = pm->n_moves[side], n_cp = pm->n_captures[side];
  gboolean dbl = pm->double_step && (pg->val & TS_PIECE_UNMOVED) && !noisy;
  guint64 cnt = 0;

  if (counting && !noisy)
    {
      const guint8 *mult = pg->r->promo_mult[side];

      for (guint k = 0; k < n_mv; k++)
        {
          int to = from + mv[k];

          if (b[to] != 0)
            continue;
          cnt += mult[to];
          if (dbl && b[to + mv[k]] == 0)
            cnt += mult[to + mv[k]];
        }
      for (guint k = 0; k < n_cp; k++)
        cnt += cap_ok[b[from + cp[k]]] * mult[from + cp[k]];
      if (st->ep_cell >= 0 && st->ep_victim >= 0 && cap_ok[b[st->ep_victim]])
        for (guint k = 0; k < n_cp; k++)
          if (from + cp[k] == st->ep_cell)
            push (out, pg->r, pg->from, st->ep_cell, pg->type, TS_NO_PROMO,
                  TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT);
      return cnt;
    }

  const guint8 *zone = pg->r->promo_zone[side];
  /* the en passant cell, where the pawn that passed it may be taken */
  int ep = st->ep_victim >= 0 && cap_ok[b[st->ep_victim]] ? st->ep_cell : -1;
  CURSOR_OPEN;

  for (guint k = 0; k < n_mv; k++)
    {
      int to = from + mv[k];

      if (b[to] != 0)
        continue;
      if (!noisy || zone[to])
        EMIT_PAWN (to, 0);
      if (dbl && b[to + mv[k]] == 0)
        EMIT_PAWN (to + mv[k], TS_MOVE_DOUBLE);
    }
  for (guint k = 0; k < n_cp; k++)
    {
      int to = from + cp[k];

      if (cap_ok[b[to]])
        EMIT_PAWN (to, TS_MOVE_CAPTURE);
      else if (to == ep && reserved)
        write_move (w++, w_base, pg->r->to_dense, to, TS_NO_PROMO, TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT);
      else if (to == ep)
        push (out, pg->r, pg->from, to, pg->type, TS_NO_PROMO, TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT);
    }
  CURSOR_CLOSE;
  return cnt;
}

/* A piece of only leaps (the knights, most kings), or with ride, of only rides
 * without limit (every shipped rider; the border stops the walk): no range or
 * condition to read. */
static inline G_ALWAYS_INLINE guint64
gen_fast (GEN_PIECE_PARAMS, gboolean ride)
{
  const guint8 *b = pg->b, *cap_ok = pg->cap_ok;
  const int *offs = ride ? pg->pm->slides : pg->pm->leaps;
  guint n_offs = ride ? pg->pm->n_slides : pg->pm->n_leaps;
  guint64 cnt = 0;
  CURSOR_OPEN;

  for (guint k = 0; k < n_offs; k++)
    {
      int off = offs[k], to = from + off;
      guint8 tv = b[to];

      if (tv == 0 && !ride)
        {
          if (!noisy)
            EMIT (to, 0);
          continue;
        }
      for (; tv == 0; tv = b[to += off])
        if (!noisy)
          EMIT (to, 0);
      if (cap_ok[tv])
        EMIT (to, TS_MOVE_CAPTURE);
    }
  CURSOR_CLOSE;
  return cnt;
}

/* Any other piece: each ray with its range and condition. */
static inline G_ALWAYS_INLINE guint64
gen_rays (GEN_PIECE_PARAMS)
{
  const guint8 *b = pg->b, *cap_ok = pg->cap_ok;
  const TsRay *rays = pg->pm->rays;
  guint n_rays = pg->pm->n_rays;
  gboolean cond_off = (pg->p->st.checked_mask & (1u << pg->side)) != 0;
  guint64 cnt = 0;
  CURSOR_OPEN;

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
            EMIT (to, 0);
          if (dist == range)
            break;
        }
      if (cap_ok[tv])
        EMIT (to, TS_MOVE_CAPTURE);
    }
  CURSOR_CLOSE;
  return cnt;
}

/* Counting a piece of only leaps and rides without limit: in any order. */
static inline G_ALWAYS_INLINE guint64
count_fast (const TsPieceGen *pg, const guint8 *cnt_ok, int from)
{
  const TsPieceMoves *pm = pg->pm;
  const guint8 *b = pg->b;
  guint64 cnt = 0;

  for (guint k = 0; k < pm->n_leaps; k++)
    cnt += cnt_ok[b[from + pm->leaps[k]]];
  for (guint k = 0; k < pm->n_slides; k++)
    {
      int off = pm->slides[k];
      int to = from + off;
      guint8 tv;

      while ((tv = b[to]) == 0)
        cnt++, to += off;
      cnt += pg->cap_ok[tv];
    }
  return cnt;
}

/* The moves of the piece on from, with the generation's part of pg from gen. */
static inline G_ALWAYS_INLINE guint64
gen_piece (const TsPieceGen *gen, TsMoveList *out, int from, gboolean noisy, gboolean counting,
           gboolean reserved)
{
  TsPieceGen pg = *gen;
  const TsPieceMoves *pm;

  pg.val = pg.b[from];
  pg.type = TS_PIECE_TYPE (pg.val);
  pg.pm = pm = &pg.r->moves[pg.type];
  pg.from = pg.r->to_dense[from];
  if (reserved)
    while (G_UNLIKELY (out->capacity - out->n < pg.room))
      ts_move_list_grow (out);
  if (pm->seat_dependent)
    return gen_pawn (&pg, out, from, noisy, counting, reserved);
  if (counting && !noisy && pm->fast)
    return count_fast (&pg, pg.cnt_ok, from);
  if (pm->fast && pm->n_slides == pm->n_rays)
    return gen_fast (&pg, out, from, noisy, counting, reserved, TRUE);
  if (pm->fast && pm->n_leaps == pm->n_rays)
    return gen_fast (&pg, out, from, noisy, counting, reserved, FALSE);
  return gen_rays (&pg, out, from, noisy, counting, reserved);
}
#undef EMIT
#undef EMIT_PAWN
#undef CURSOR_OPEN
#undef CURSOR_CLOSE
#undef GEN_PIECE_PARAMS

/* inlined into ts_chess_gen_pseudo's loop too (as the others are): the call and
 * its six saved registers cost more than the loop's registers it shares */
static inline G_ALWAYS_INLINE guint64
gen_piece_all (const TsPieceGen *gen, TsMoveList *out, int from)
{
  return gen_piece (gen, out, from, FALSE, FALSE, FALSE);
}

/* the same with room reserved (the lists of a whole generation, kept from node to
 * node: not a list made for a few moves, where the room would cost allocations) */
static inline G_ALWAYS_INLINE guint64
gen_piece_listed (const TsPieceGen *gen, TsMoveList *out, int from)
{
  return gen_piece (gen, out, from, FALSE, FALSE, TRUE);
}

static inline G_ALWAYS_INLINE guint64
gen_piece_noisy (const TsPieceGen *gen, TsMoveList *out, int from)
{
  return gen_piece (gen, out, from, TRUE, FALSE, TRUE);
}

static guint64
gen_piece_counted (const TsPieceGen *gen, TsMoveList *out, int from)
{
  return gen_piece (gen, out, from, FALSE, TRUE, FALSE);
}

/* Noisy generation's filter (see TsVariantRules.reach), set up once a generation:
 * for each piece type, its reach table for the side (NULL: a rider, always looked
 * at) and the cells where its noisy moves may be: the enemies' cells for a leaper;
 * those and the promotion zone for a pawn (every cell while an en passant capture
 * is open). */
typedef struct {
  guint64         wanted[2][TS_OCC_WORDS];
  const guint64  *reach[TS_MAX_PIECE_TYPES];
  const guint64  *want[TS_MAX_PIECE_TYPES];
  guint           nw;
} TsNoisyFilter;

static inline G_ALWAYS_INLINE void
noisy_filter_init (const TsChessGen *g, TsNoisyFilter *f)
{
  const TsVariant *v = g->p->variant;
  const TsVariantRules *r = g->r;
  const TsPosition *p = g->p;
  guint side = g->side, nw = r->n_occ_words;
  gboolean ep = p->st.ep_cell >= 0 && p->st.ep_victim >= 0;

  f->nw = nw;
  for (guint w = 0; w < nw; w++)
    {
      f->wanted[0][w] = 0;
      for (guint s = 0; s < v->n_seats; s++)
        if (v->team[s] != v->team[side])
          f->wanted[0][w] |= p->occ[s][w];
      f->wanted[1][w] = ep ? G_MAXUINT64 : f->wanted[0][w] | r->promo_cells[side][w];
    }
  for (guint t = 0; t < v->n_piece_types; t++)
    {
      gboolean pawn = r->moves[t].seat_dependent;

      f->reach[t] = r->reach[t] && pawn ? r->reach[t] + side * v->geometry.ncells * nw : r->reach[t];
      f->want[t] = f->wanted[pawn];
    }
}

/* Whether the piece of type type on the dense cell may have a noisy move: a leaper
 * or a pawn that reaches none of its wanted cells has none. */
static inline gboolean
may_be_noisy (const TsNoisyFilter *f, guint type, int dense)
{
  const guint64 *reach = f->reach[type], *want = f->want[type];
  guint64 any = 0;

  if (!reach)
    return TRUE;
  reach += (guint) dense * f->nw;
  for (guint w = 0; w < f->nw; w++)
    any |= reach[w] & want[w];
  return any != 0;
}

/* The pieces' moves for ts_chess_gen_pseudo (the count of the counted ones), always
 * inlined: each mode's loop is compiled without the others' tests. */
static inline G_ALWAYS_INLINE guint64
gen_pieces (TsChessGen *g, TsMoveList *out, gboolean noisy, gboolean counting)
{
  const TsVariantRules *r = g->r;
  const TsPosition *p = g->p;
  const guint8 *b = p->board;
  guint side = g->side;
  guint64 cnt = 0;   /* a local: stores through count could alias the board */
  gboolean first_only = counting && g->first_only;   /* a local, as cnt */
  TsNoisyFilter filter;
  TsPieceGen gen;

  piece_gen_init (&gen, g);
  if (noisy)
    noisy_filter_init (g, &filter);
  for (guint w = 0; w < r->n_occ_words && !(first_only && cnt); w++)
    {
      guint64 bits = p->occ[side][w];

      while (bits && !(first_only && cnt))
        {
          int dense = (int) (w * 64 + (guint) __builtin_ctzll (bits));
          int from = r->to_padded[dense];

          bits &= bits - 1;
          if (noisy)
            {
              if (may_be_noisy (&filter, TS_PIECE_TYPE (b[from]), dense))
                cnt += gen_piece_noisy (&gen, out, from);
            }
          else if (counting && !g->in_check && from != g->guard && !is_pinned (g, from))
            cnt += gen_piece_counted (&gen, out, from);
          else if (counting)
            cnt += gen_piece_all (&gen, out, from);
          else
            cnt += gen_piece_listed (&gen, out, from);
        }
    }
  return cnt;
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
  gboolean first_only = g->first_only;
  guint64 cnt;

  if (noisy)
    cnt = gen_pieces (g, out, TRUE, FALSE);
  else if (count)
    cnt = gen_pieces (g, out, FALSE, TRUE);
  else
    cnt = gen_pieces (g, out, FALSE, FALSE);
  if (count)
    *count += cnt;
  g->pieces_end = out->n;

  if (noisy || (first_only && cnt))
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

/* 1: legal, 0: illegal, -1: needs the test on the board. */
static inline G_ALWAYS_INLINE int
classify (const TsChessGen *g, TsMove m)
{
  int from, to;

  if (m.flags & (TS_MOVE_EN_PASSANT | TS_MOVE_CASTLE) || m.from == g->guard_dense)
    return -1;
  if (!g->in_check && !g->n_pinned)
    return 1;   /* the usual case, told without the cells */
  from = m.from >= 0 ? g->r->to_padded[m.from] : -1;
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

/* Keeps the legal ones of moves[start, end) (only the first with stop_at_one), in
 * their order, from moves[write] on; returns the end of the kept ones. */
static guint
keep_legal (TsChessGen *g, TsMove *moves, guint write, guint start, guint end, gboolean stop_at_one)
{
  for (guint i = start; i < end; i++)
    {
      TsMove m = moves[i];
      int c = classify (g, m);

      if (c > 0 || (c < 0 && ts_chess_test_move (g, m)))
        {
          moves[write++] = m;
          if (stop_at_one)
            break;
        }
    }
  return write;
}

/* The first of moves[lo, hi), sorted by from, from a cell not below from. */
static guint
first_from (const TsMove *moves, guint lo, guint hi, TsCell from)
{
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (moves[mid].from < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* keep_legal out of check, without an en passant capture: of the pieces' moves only
 * the guarded king's and the pinned pieces' can be illegal (classify), found by their
 * from cells in the sorted list; the others are kept without a look at each. */
static void
keep_legal_out_of_check (TsChessGen *g, TsMoveList *out, guint start)
{
  TsMove *moves = out->moves;
  TsCell cells[G_N_ELEMENTS (g->pinned) + 1];
  guint n_cells = 0, write = start, read = start, end = g->pieces_end;

  cells[n_cells++] = g->guard_dense;
  for (guint i = 0; i < g->n_pinned; i++)
    {
      TsCell c = g->r->to_dense[g->pinned[i]];
      guint k = n_cells++;

      for (; k > 0 && cells[k - 1] > c; k--)
        cells[k] = cells[k - 1];
      cells[k] = c;
    }
  for (guint i = 0; i < n_cells; i++)
    {
      guint lo = first_from (moves, read, end, cells[i]);
      guint hi = first_from (moves, lo, end, cells[i] + 1);

      if (lo == hi)
        continue;   /* no moves (or a cell met twice) */
      if (write != read)
        memmove (moves + write, moves + read, (lo - read) * sizeof *moves);
      write += lo - read;
      write = keep_legal (g, moves, write, lo, hi, FALSE);
      read = hi;
    }
  if (write != read)
    memmove (moves + write, moves + read, (end - read) * sizeof *moves);
  write += end - read;
  /* castling, drops */
  out->n = keep_legal (g, moves, write, end, out->n, FALSE);
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

/* Compulsory capture: of the moves from start on, only the captures if there is one;
 * with noisy, only the captures and promotions. */
static void
keep_compulsory (TsMoveList *out, guint start, gboolean noisy)
{
  /* locals: the compiler would read them again after every store into moves */
  TsMove *moves = out->moves;
  guint end = out->n, n = start, first = start;

  while (first < end && !(moves[first].flags & TS_MOVE_CAPTURE))
    first++;
  if (first == end && !noisy)
    return;   /* no capture: every move stays */
  for (guint i = first < end ? first : start; i < end; i++)
    if (first < end ? (moves[i].flags & TS_MOVE_CAPTURE) != 0
                    : moves[i].promo != TS_NO_PROMO)
      moves[n++] = moves[i];
  out->n = n;
}

/* Whether a move from start on is a capture. */
static gboolean
has_capture (const TsMoveList *out, guint start)
{
  for (guint i = start; i < out->n; i++)
    if (out->moves[i].flags & TS_MOVE_CAPTURE)
      return TRUE;
  return FALSE;
}

/* generate's pseudo-legal moves of g's side and their legality test. */
static void
generate_with (TsChessGen *g, TsMoveList *out, guint start, gboolean noisy, gboolean stop_at_one,
               guint64 *count)
{
  const TsPosition *p = g->p;

  ts_chess_gen_pseudo (g, out, noisy, count);
  if (g->guard >= 0 && !g->in_check && !stop_at_one && !count &&
      (p->st.ep_cell < 0 || p->st.ep_victim < 0))
    keep_legal_out_of_check (g, out, start);
  else if (g->guard >= 0)
    out->n = keep_legal (g, out->moves, start, start, out->n, stop_at_one);
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
  /* Compulsory capture: the noisy moves first, which hold every capture (in the
   * order of the whole list); the others are wanted only where there is none. */
  if (r->compulsory_capture && !stop_at_one)
    {
      generate_with (&g, out, start, TRUE, FALSE, NULL);
      if (noisy || has_capture (out, start))
        {
          keep_compulsory (out, start, noisy);
          return;
        }
      out->n = start;
    }
  /* Whether any move exists: a move counted (no test needed) is enough. */
  g.first_only = stop_at_one && count && !r->compulsory_capture;
  generate_with (&g, out, start, noisy && !r->compulsory_capture, stop_at_one,
                 r->compulsory_capture || g.guard < 0 ? NULL : count);
  if (r->compulsory_capture)
    keep_compulsory (out, start, noisy);
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

/* Is m, a move of a piece on the board, legal? Only that piece's moves are generated. */
static gboolean
piece_move_is_legal (TsPosition *p, TsMove m)
{
  const TsVariantRules *r = ts_rules (p);
  guint ncells = p->variant->geometry.ncells;
  TsChessGen g;
  TsPieceGen gen;
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
  piece_gen_init (&gen, &g);
  ts_move_list_init (&l);
  gen_piece_all (&gen, &l, from);
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
    return ts_move_equal (m, ts_move_leave ()) && ts_chess_leaving_seat (p) >= 0;
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

/* At most how many pseudo-legal moves a piece of type t has: a pawn-like piece's steps
 * (single and double) and captures, each with every promotion; any other's leaps one
 * each, its rides at most as long as a line of the board (the loader refuses a vector
 * longer than the border, whose walks would wrap to other lines: chess-load.c). */
static guint
piece_moves_bound (const TsVariant *v, guint t)
{
  const TsVariantRules *r = v->rules;
  const TsPieceMoves *pm = &r->moves[t];
  guint bound = 0;

  if (pm->seat_dependent)
    for (guint s = 0; s < v->n_seats; s++)
      bound = MAX (bound, (2 * pm->n_moves[s] + pm->n_captures[s]) * MAX (r->n_promos, 1u));
  else
    for (guint k = 0; k < pm->n_rays; k++)
      bound += MIN (pm->rays[k].range, TS_MAX_SIZE - 1u);
  return bound;
}

/* The variant's tables (chess-load.c), the attack scans' short-range filter and the
 * room generation reserves for a piece's moves. */
static gboolean
chess_load_variant (TsVariant *v, GKeyFile *kf, GError **error)
{
  if (!ts_variant_load_chess (v, kf, error))
    return FALSE;
  ts_chess_build_scan_tables (v);
  for (guint t = 0; t < v->n_piece_types; t++)
    v->rules->max_piece_moves = MAX (v->rules->max_piece_moves, piece_moves_bound (v, t));
  return TRUE;
}

const TsRulesOps ts_chess_ops = {
  .family = "chess",
  .family_id = TS_FAMILY_CHESS,
  .load_variant = chess_load_variant,
  .setup = chess_setup,
  .generate = chess_generate,
  .generate_noisy = chess_generate_noisy,
  .is_legal = chess_is_legal,
  .make = ts_chess_make,
  .unmake = ts_chess_unmake,
  .checked_king = ts_chess_checked_king,
  .result = ts_chess_result,
  .count_legal = chess_count_legal,
  .make_null = ts_chess_make_null,
  .see_ge = ts_chess_see_ge,
  .move_to_san = ts_chess_move_to_san,
  .move_to_long = ts_chess_move_to_long,
  .move_parse = ts_chess_move_parse,
  .to_text = ts_chess_to_text,
  .from_text = ts_chess_from_text,
};
