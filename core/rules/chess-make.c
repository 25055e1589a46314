/* The chess family's make/unmake: the board changes of a move, the turn passing on
 * (with eliminations in four-player games), the null move, and the game's result. */
#include <glib/gi18n.h>
#include <string.h>

#include "rules/chess-private.h"

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

/* Undoes the board changes from from_change on; the hash is left to the caller, which
 * puts the saved state back. */
void
ts_chess_revert (TsPosition *p, const TsUndo *u, guint from_change)
{
  for (guint i = u->n_changes; i-- > from_change;)
    ts_position_put_hashed (p, u->change_cell[i], u->change_piece[i], FALSE);
}

/* The seat that would leave with TS_MOVE_LEAVE: the side to move, or the partner moving
 * its eliminated army; -1 when nobody may leave (two players, the game is over). */
int
ts_chess_leaving_seat (const TsPosition *p)
{
  int seat = p->st.side;

  if (p->variant->n_seats <= 2 || p->st.over)
    return -1;
  if (p->st.out_mask & (1u << seat))
    seat = ts_position_controller (p, seat);
  return seat >= 0 && !(p->st.out_mask & (1u << seat)) ? seat : -1;
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

  if (ts_chess_checked_king (p, seat) != TS_NO_CELL)
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
gboolean
ts_chess_make_null (TsPosition *p, TsUndo *u)
{
  const TsVariantRules *r = ts_rules (p);

  if (p->variant->n_seats != 2 || r->compulsory_capture || p->st.over)
    return FALSE;
  u->move = (TsMove) { TS_NO_CELL, TS_NO_CELL, 0, TS_NO_PROMO, 0, 0 };
  u->state = p->st;
  u->n_changes = 0;
  ts_position_history_push (p);
  ts_position_tick_halfmove (p);
  if (p->st.ep_cell >= 0)
    {
      p->st.hash ^= r->zobrist_ep[r->to_dense[p->st.ep_cell]];
      p->st.ep_cell = p->st.ep_victim = -1;
    }
  p->ply++;
  set_side (p, 1u - p->st.side);
  return TRUE;
}

/* TS_MOVE_LEAVE: the seat is eliminated and the turn passes on, as when a seat has no
 * legal move; in team play its partner moves the army from this very turn. */
static void
make_leave (TsPosition *p, TsUndo *u)
{
  const TsVariantRules *r = ts_rules (p);
  guint side = p->st.side;
  int seat = ts_chess_leaving_seat (p);

  g_return_if_fail (seat >= 0);
  eliminate (p, (guint) seat, u);
  ts_position_tick_halfmove (p);
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

void
ts_chess_make (TsPosition *p, TsMove m, TsUndo *u)
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
    ts_position_tick_halfmove (p);
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
      if (!(p->st.checked_mask & (1u << s)) && ts_chess_checked_king (p, s) != TS_NO_CELL)
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

void
ts_chess_unmake (TsPosition *p, const TsUndo *u)
{
  ts_chess_revert (p, u, 0);
  p->st = u->state;
  p->ply--;
  p->n_history--;
}

void
ts_chess_result (TsPosition *p, TsResult *out)
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
