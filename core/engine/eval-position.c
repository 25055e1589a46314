/* The static evaluation of a position, from the tables of eval.c: in full, or from the
 * evaluation of the position a move before, where only the pieces whose rays cross the
 * cells the move changed are walked again (most of a board stays as it was). See
 * docs/engine.md, "Evaluation". */
#include "engine/eval-private.h"

#include <string.h>

/* Whether seat's pieces count, of the seats in the game (ts_position_active_seats). A
 * free-for-all player's eliminated army is loot, not material; in team play the partner
 * moves it. */
static gboolean
seat_counts (const TsEval *ev, guint active, guint seat)
{
  return ev->teams || (active >> seat & 1);
}

static int
hand_material (const TsEval *ev, TsPosition *pos, guint seat)
{
  int sum = 0;
  const guint8 *hand;

  if (!ev->variant->has_drops && !ev->doseki)
    return 0;
  hand = ts_position_hand (pos, seat);
  for (guint t = 0; t < ev->n_types; t++)
    {
      guint n = hand[t];
      if (n)
        sum += (int) n * (ev->doseki ? DOSEKI_CHECKER : ev->value[t] * 9 / 10);
    }
  return sum;
}

/* Combines the seats' scores for side `side`: side 1's total is scaled to the size of
 * side 0 (the root seat's), so that in a free-for-all (one seat against three) a trade
 * with one opponent, which helps the other two, is not counted as even. Side 1 gets the
 * negation of side 0's score: the search negates scores between the sides, so both
 * must be on one scale (scaling each side's opponents to its own size made side 1's
 * scores three times side 0's, and four-player scores jump with the depth's parity). */
static int
combine (const TsEval *ev, const int seat_score[4], const guint8 counts[4],
         const guint side_of[4], guint side)
{
  int total[2] = { 0, 0 }, n[2] = { 0, 0 }, v;

  for (guint s = 0; s < ev->n_seats; s++)
    if (counts[s])
      {
        total[side_of[s] != 0] += seat_score[s];
        n[side_of[s] != 0]++;
      }
  if (n[0] > 0 && n[1] > 0 && n[0] != n[1])
    total[1] = total[1] * n[0] / n[1];
  v = total[0] - total[1];
  return (side == 0 ? v : -v) + TEMPO;
}

static int
eval_doseki (const TsEval *ev, TsPosition *pos, const guint side_of[4], guint side)
{
  TsCell cells[TS_MAX_CELLS];
  TsPiece pieces[TS_MAX_CELLS];
  guint n = ts_position_pieces (pos, cells, pieces);
  int seat_score[4] = { 0 };

  for (guint i = 0; i < n; i++)
    {
      guint s = TS_PIECE_SEAT (pieces[i]);
      int y = ev->coords[cells[i]][1];
      int progress = ev->doseki_forward[s] > 0 ? y : (int) ev->variant->geometry.size[1] - 1 - y;
      seat_score[s] += DOSEKI_CHECKER + 4 * progress;
    }
  guint8 counts[4] = { 1, 1, 1, 1 };
  for (guint s = 0; s < ev->n_seats; s++)
    seat_score[s] += hand_material (ev, pos, s);
  return combine (ev, seat_score, counts, side_of, side);
}

int
ts_eval_material (const TsEval *ev, TsPosition *pos, const guint side_of[4], guint side)
{
  TsCell cells[TS_MAX_CELLS];
  TsPiece pieces[TS_MAX_CELLS];
  guint n = ts_position_pieces (pos, cells, pieces);
  guint active = ts_position_active_seats (pos);
  int total = 0;

  for (guint i = 0; i < n; i++)
    {
      TsPiece p = pieces[i];
      if (!seat_counts (ev, active, TS_PIECE_SEAT (p)))
        continue;
      int v = ev->value[TS_PIECE_TYPE (p)];
      total += side_of[TS_PIECE_SEAT (p)] == side ? v : -v;
    }
  for (guint s = 0; s < ev->n_seats; s++)
    {
      int h = hand_material (ev, pos, s);
      total += side_of[s] == side ? h : -h;
    }
  return total;
}

/* The seats: which count, which are active, and their enemies. */
static void
state_seats (const TsEval *ev, TsPosition *pos, const guint side_of[4], TsEvalState *st)
{
  guint seats = (1u << ev->n_seats) - 1, side1 = 0, binary = 0;

  st->active = (guint8) ts_position_active_seats (pos);
  memset (st->counts, 0, sizeof st->counts);
  memset (st->enemies, 0, sizeof st->enemies);
  for (guint s = 0; s < ev->n_seats; s++)
    {
      st->counts[s] = (guint8) seat_counts (ev, st->active, s);
      side1 |= (guint) (side_of[s] != 0) << s;
      binary |= side_of[s];
    }
  /* sides 0 and 1 (the engine's): the other side's seats at once */
  for (guint s = 0; s < ev->n_seats; s++)
    if (binary <= 1)
      st->enemies[s] = side1 >> s & 1 ? seats & ~side1 : side1;
    else
      for (guint k = 0; k < ev->n_seats; k++)
        if (side_of[k] != side_of[s])
          st->enemies[s] |= 1u << k;
}

/* An attack on the king zones of the seats in a 4-bit mask, 8 bits a seat (one piece
 * attacks at most the 81 cells of a zone). */
#define ZONE_BIT(m, k)  ((((m) >> (k)) & 1) ? 1u << (8 * (k)) : 0)
#define ZONE_ADD(m)     (ZONE_BIT (m, 0) | ZONE_BIT (m, 1) | ZONE_BIT (m, 2) | ZONE_BIT (m, 3))
static const guint32 zone_add[16] = {
  ZONE_ADD (0), ZONE_ADD (1), ZONE_ADD (2), ZONE_ADD (3), ZONE_ADD (4), ZONE_ADD (5),
  ZONE_ADD (6), ZONE_ADD (7), ZONE_ADD (8), ZONE_ADD (9), ZONE_ADD (10), ZONE_ADD (11),
  ZONE_ADD (12), ZONE_ADD (13), ZONE_ADD (14), ZONE_ADD (15),
};

/* Adds cell value q's attacks on the king zones of the seats enemies (foes: those
 * << 8) to a. */
#define ZONE_ATTACK(q, a) G_STMT_START {                                          \
    if ((q) & foes)                                                               \
      (a) += zone_add[((q) >> 8) & enemies]; } G_STMT_END

/* Four 8-bit counts as four 16-bit ones (the sums of all pieces' need more). */
static inline guint64
widen (guint32 a)
{
  guint64 x = a;

  x = (x | (x << 16)) & G_GUINT64_CONSTANT (0x0000ffff0000ffff);
  return (x | (x << 8)) & G_GUINT64_CONSTANT (0x00ff00ff00ff00ff);
}

/* The reachable cells of a ray of len cells up to its first piece, that piece's cell
 * counted as reach says (empty or another seat's), and (into att) the ray's attacks on
 * the king zones of the seats enemies. */
static inline int
walk_ray (const guint16 *board, const gint16 *r, int len, const guint8 *reach,
          guint enemies, guint32 *att)
{
  guint foes = enemies << 8;
  int mob = 0;

  for (int k = 0; k < len; k++)
    {
      guint q = board[r[k]];
      ZONE_ATTACK (q, *att);
      q &= 0xff;
      if (q)
        return mob + reach[q];
      mob++;
    }
  return mob;
}

/* The mobility term of seat s's piece of type t on cell c, along its probed rays, and
 * (into att) its attacks on enemy king zones. */
static inline int
walk_piece (const TsEval *ev, const guint16 *board, guint c, guint s, guint t, guint enemies,
            guint32 *att)
{
  const gint16 *r = ev->rays + ev->ray_start_of[t][c];
  const guint8 *reach = ev->reachable[s];
  guint foes = enemies << 8;
  guint32 a = 0;
  int mob = 0;

  /* cells a single step away: reachable if empty or enemy */
  for (int k = 0, n1 = *r++; k < n1; k++)
    {
      guint q = board[r[k]];
      ZONE_ATTACK (q, a);
      mob += reach[q & 0xff];
    }
  r += r[-1];
  for (int len; (len = *r++) != 0; r += len)
    mob += walk_ray (board, r, len, reach, enemies, &a);
  *att = a;
  return MOBILITY_WEIGHT * mob - ev->mobility_base[t];
}

/* Whether seat s's piece of type t on cell c is walked for mobility. */
static inline gboolean
walks (const TsEval *ev, const TsEvalState *st, guint s, guint t, guint c)
{
  return st->counts[s] && ev->ray_start_of[t][c] >= 0;
}

/* Walks the piece on cell c (or clears its terms), keeping the seat's sums. */
static inline void
state_walk (const TsEval *ev, TsEvalState *st, guint c, TsPiece p)
{
  guint s = TS_PIECE_SEAT (p), t = TS_PIECE_TYPE (p);
  guint32 att = 0;
  int mob = 0;

  if (p && walks (ev, st, s, t, c))
    {
      mob = walk_piece (ev, st->board, c, s, t, st->enemies[s], &att);
      st->mobility[s] += mob - st->mob_at[c];
      if (att | st->att_at[c])   /* most pieces attack no king zone */
        st->attacks += widen (att) - widen (st->att_at[c]);
      st->walkers[c / 64] |= G_GUINT64_CONSTANT (1) << (c % 64);
    }
  st->mob_at[c] = (gint16) mob;
  st->att_at[c] = att;
}

/* Which of the changed cells (in a ray map: word word[k], bit bit[k]) the map holds,
 * a bit each. */
static inline guint
ray_hits (const guint64 *map, guint n_dirty, const guint word[], const guint bit[])
{
  guint hits = 0;

  /* most moves change two cells */
  if (n_dirty == 2)
    return (guint) ((map[word[0]] >> bit[0]) & 1) | (guint) ((map[word[1]] >> bit[1]) & 1) << 1;
  for (guint k = 0; k < n_dirty; k++)
    hits |= (guint) ((map[word[k]] >> bit[k]) & 1) << k;
  return hits;
}

/* Seat s's piece of type t on cell c, walked on the parent's board (parent_board),
 * again on this one after the changed cells dirty[k] for the bits k of hits, those its
 * rays hold: only those rays, by the difference of their two walks (a single cell's, by
 * its reach: the king zones, which its attacks count, stay). Types in whole_rewalk walk
 * whole. */
static inline void
state_rewalk (const TsEval *ev, TsEvalState *st, const guint16 *parent_board, guint c,
              TsPiece p, const TsCell *dirty, guint hits)
{
  guint s = TS_PIECE_SEAT (p), t = TS_PIECE_TYPE (p);

  if (ev->whole_rewalk & (1u << t))
    {
      state_walk (ev, st, c, p);
      return;
    }

  const guint8 *dir = ev->ray_dir_of[t] - ev->dir_key[c], *reach = ev->reachable[s];
  const gint32 *ray_of = ev->dir_ray_of[t] + c * ev->n_dirs[t];
  gint32 rays[TS_UNDO_MAX_CHANGES];
  guint n_rays = 0;
  int mob = 0;
  for (; hits; hits &= hits - 1)
    {
      guint d = dirty[__builtin_ctz (hits)];
      guint8 number = dir[ev->dir_key[d]];
      gint32 ray = number != 0xff ? ray_of[number] : -1;
      if (ray < 0)
        {
          mob += reach[st->board[d] & 0xff] - reach[parent_board[d] & 0xff];
          continue;
        }
      guint i = 0;
      while (i < n_rays && rays[i] != ray)
        i++;
      if (i == n_rays)
        rays[n_rays++] = ray;
    }
  if (n_rays)
    {
      guint32 att = st->att_at[c], enemies = st->enemies[s];
      for (guint i = 0; i < n_rays; i++)
        {
          const gint16 *r = ev->rays + rays[i] + 1;
          int len = r[-1], k = 0;
          guint32 before = 0;
          /* the cells both boards share count the same: from the first that differs,
           * unless a piece stops both walks before it */
          while (k < len && st->board[r[k]] == parent_board[r[k]] && !(st->board[r[k]] & 0xff))
            k++;
          if (k == len || st->board[r[k]] == parent_board[r[k]])
            continue;
          mob += walk_ray (st->board, r + k, len - k, reach, enemies, &att);
          mob -= walk_ray (parent_board, r + k, len - k, reach, enemies, &before);
          att -= before;
        }
      if (att != st->att_at[c])
        st->attacks += widen (att) - widen (st->att_at[c]);
      st->att_at[c] = att;
    }
  mob *= MOBILITY_WEIGHT;
  st->mobility[s] += mob;
  st->mob_at[c] = (gint16) (st->mob_at[c] + mob);
}

/* The whole board: pieces, material and cell tables, kings, king zones, mobility. */
static void
state_full (const TsEval *ev, TsPosition *pos, TsEvalState *st)
{
  TsCell cells[TS_MAX_CELLS];
  TsPiece pieces[TS_MAX_CELLS];
  guint n = ts_position_pieces (pos, cells, pieces);

  memset (st->cell_terms, 0, sizeof st->cell_terms);
  memset (st->npm_seat, 0, sizeof st->npm_seat);
  memset (st->mobility, 0, sizeof st->mobility);
  memset (st->shelter, 0, sizeof st->shelter);
  st->attacks = 0;
  for (guint s = 0; s < 4; s++)
    st->king[s] = TS_NO_CELL;
  memset (st->board, 0, ev->ncells * sizeof st->board[0]);
  memset (st->walkers, 0, ev->map_words * sizeof st->walkers[0]);
  for (guint i = 0; i < n; i++)
    {
      TsPiece p = pieces[i];
      guint c = (guint) cells[i];
      guint s = TS_PIECE_SEAT (p), t = TS_PIECE_TYPE (p);
      st->board[c] = p;
      st->cell_terms[s] += ev->pst_of[p & 0x3f][c];
      st->npm_seat[s] += ev->npm[t];
      if (ev->royal_mask & (1u << t))
        st->king[s] = (TsCell) c;
    }
  for (guint s = 0; s < ev->n_seats; s++)
    if (!st->counts[s])
      {
        st->cell_terms[s] = 0;
        st->npm_seat[s] = 0;
        st->king[s] = TS_NO_CELL;
      }
    else if (!(st->active & (1u << s)))
      st->king[s] = TS_NO_CELL;

  /* King zones: which seats' kings neighbour each cell, in the high byte of the board
   * copy (one load per cell in the walks); and the shelter of each king. */
  for (guint s = 0; s < ev->n_seats; s++)
    if (st->king[s] != TS_NO_CELL)
      {
        st->board[st->king[s]] |= (guint16) (0x100u << s);
        for (const gint16 *nb = ev->neighbours + st->king[s] * 81; *nb >= 0; nb++)
          {
            st->board[*nb] |= (guint16) (0x100u << s);
            if ((st->board[*nb] & 0xff) && TS_PIECE_SEAT (st->board[*nb]) == s)
              st->shelter[s]++;
          }
      }

  for (guint i = 0; i < n; i++)
    {
      st->mob_at[cells[i]] = 0;
      st->att_at[cells[i]] = 0;
      state_walk (ev, st, (guint) cells[i], pieces[i]);
    }
}

/* Takes the piece on cell c off the seat's sums, or puts it on (sign -1 or 1). */
static inline void
state_count (const TsEval *ev, TsEvalState *st, guint c, TsPiece p, int sign)
{
  guint s = TS_PIECE_SEAT (p);

  if (!st->counts[s])
    return;
  st->cell_terms[s] += sign * ev->pst_of[p & 0x3f][c];
  st->npm_seat[s] += sign * ev->npm[TS_PIECE_TYPE (p)];
  if (st->board[c] & (0x100u << s))
    st->shelter[s] += sign;
}

/* The state from the parent's, by the changed cells; FALSE where a king or a seat's
 * standing changed (the zones, or which pieces count, would all change). */
static gboolean
state_update (const TsEval *ev, TsPosition *pos, const TsEvalState *parent,
              const TsCell *changed, int n_changed, TsEvalState *st)
{
  TsCell dirty[TS_UNDO_MAX_CHANGES];
  TsPiece pieces_now[TS_UNDO_MAX_CHANGES];
  guint n_dirty = 0;

  if (st->active != parent->active || memcmp (st->counts, parent->counts, sizeof st->counts) ||
      memcmp (st->enemies, parent->enemies, sizeof st->enemies))
    return FALSE;
  for (int i = 0; i < n_changed; i++)
    {
      TsPiece old = parent->board[changed[i]] & 0xff, now = ts_position_piece_at (pos, changed[i]);
      pieces_now[i] = now;
      if (old != now &&
          (((ev->royal_mask >> TS_PIECE_TYPE (old)) & 1 && old) ||
           ((ev->royal_mask >> TS_PIECE_TYPE (now)) & 1 && now)))
        return FALSE;
    }

  memcpy (st->king, parent->king, G_STRUCT_OFFSET (TsEvalState, walkers) - G_STRUCT_OFFSET (TsEvalState, king));
  memcpy (st->walkers, parent->walkers, ev->map_words * sizeof st->walkers[0]);
  memcpy (st->board, parent->board, ev->ncells * sizeof st->board[0]);
  memcpy (st->mob_at, parent->mob_at, ev->ncells * sizeof st->mob_at[0]);
  memcpy (st->att_at, parent->att_at, ev->ncells * sizeof st->att_at[0]);
  for (int i = 0; i < n_changed; i++)
    {
      guint c = (guint) changed[i];
      TsPiece old = st->board[c] & 0xff, now = pieces_now[i];
      if (old == now)
        continue;
      if (old)
        {
          state_count (ev, st, c, old, -1);
          st->mobility[TS_PIECE_SEAT (old)] -= st->mob_at[c];
          if (st->att_at[c])
            st->attacks -= widen (st->att_at[c]);
        }
      st->board[c] = (guint16) ((st->board[c] & 0xff00) | now);
      st->mob_at[c] = 0;
      st->att_at[c] = 0;
      st->walkers[c / 64] &= ~(G_GUINT64_CONSTANT (1) << (c % 64));
      if (now)
        state_count (ev, st, c, now, 1);
      dirty[n_dirty++] = (TsCell) c;
    }
  if (n_dirty == 0)
    return TRUE;

  /* The pieces on the changed cells walk, and those whose rays hold one walk those
   * rays again: found among the walked pieces on cells that some type's rays join to a
   * changed cell, then by their own type's rays. */
  const guint64 *seen[TS_UNDO_MAX_CHANGES];
  guint word[TS_UNDO_MAX_CHANGES], bit[TS_UNDO_MAX_CHANGES];
  for (guint k = 0; k < n_dirty; k++)
    {
      seen[k] = ev->seen_from + dirty[k] * ev->map_words;
      word[k] = (guint) dirty[k] / 64;
      bit[k] = (guint) dirty[k] % 64;
    }
  for (guint w = 0; w < ev->map_words; w++)
    {
      guint64 near;
      if (!st->walkers[w])
        continue;
      near = seen[0][w];
      for (guint k = 1; k < n_dirty; k++)
        near |= seen[k][w];
      /* the walkers on changed cells were cleared above: they walk whole below */
      for (guint64 bits = near & st->walkers[w]; bits; bits &= bits - 1)
        {
          guint c = w * 64 + (guint) __builtin_ctzll (bits);
          TsPiece p = st->board[c] & 0xff;
          guint hits = ray_hits (ev->ray_map_of[TS_PIECE_TYPE (p)] + c * ev->map_words, n_dirty, word, bit);
          if (hits)
            state_rewalk (ev, st, parent->board, c, p, dirty, hits);
        }
    }
  for (guint k = 0; k < n_dirty; k++)
    if (st->board[dirty[k]] & 0xff)
      state_walk (ev, st, (guint) dirty[k], st->board[dirty[k]] & 0xff);
  return TRUE;
}

static int
state_score (const TsEval *ev, TsPosition *pos, const TsEvalState *st, const guint side_of[4],
             guint side, gboolean *side_has_pieces)
{
  int seat_score[4], npm = 0;

  for (guint s = 0; s < ev->n_seats; s++)
    npm += st->npm_seat[s];
  int phase = MIN (256, npm * 256 / ev->phase_total);
  if (side_has_pieces)
    *side_has_pieces = FALSE;
  for (guint s = 0; s < ev->n_seats; s++)
    {
      if (side_has_pieces && side_of[s] == side && st->npm_seat[s] > 0)
        *side_has_pieces = TRUE;
      seat_score[s] = 0;
      if (!st->counts[s])
        continue;
      int mg = EVAL_MG (st->cell_terms[s]) + st->mobility[s], eg = EVAL_EG (st->cell_terms[s]) + st->mobility[s];
      if (st->king[s] != TS_NO_CELL)
        {
          guint attacks = (guint) (st->attacks >> (16 * s)) & 0xffff;
          mg += SHELTER_WEIGHT * st->shelter[s] - ev->king_attack[MIN (attacks, TS_EVAL_KING_ATTACKS - 1)];
        }
      seat_score[s] = (mg * phase + eg * (256 - phase)) / 256 + hand_material (ev, pos, s);
    }
  return combine (ev, seat_score, st->counts, side_of, side);
}

int
ts_eval_position_state (const TsEval *ev, TsPosition *pos, const guint side_of[4], guint side,
                        gboolean *side_has_pieces, const TsEvalState *parent,
                        const TsCell *changed, int n_changed, TsEvalState *st)
{
  g_return_val_if_fail (!ev->doseki, 0);
  state_seats (ev, pos, side_of, st);
  if (!parent || n_changed < 0 || !state_update (ev, pos, parent, changed, n_changed, st))
    state_full (ev, pos, st);
  return state_score (ev, pos, st, side_of, side, side_has_pieces);
}

int
ts_eval_position (const TsEval *ev, TsPosition *pos, const guint side_of[4], guint side,
                  gboolean *side_has_pieces)
{
  TsEvalState st;

  if (ev->doseki)
    {
      if (side_has_pieces)
        *side_has_pieces = TRUE;
      return eval_doseki (ev, pos, side_of, side);
    }
  return ts_eval_position_state (ev, pos, side_of, side, side_has_pieces, NULL, NULL, 0, &st);
}
