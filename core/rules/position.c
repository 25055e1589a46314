/* Positions: storage, hashing, history, and the dispatch to the family's rules. */
#include <glib/gi18n.h>
#include <string.h>

#include "excerpt.h"
#include "rules/rules-private.h"

static inline const TsRulesOps *
ops (const TsPosition *p)
{
  return p->variant->ops;
}

guint64
ts_hand_key (const TsVariantRules *r,
             guint                 seat,
             guint                 type,
             guint                 count)
{
  return r->zobrist_hand[seat][type][MIN (count, 63u)];
}

guint64
ts_position_compute_hash (const TsPosition *p)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  guint64 h = r->zobrist_side[p->st.side];

  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      guint8 value = p->board[r->to_padded[c]];

      if (value & 0x80)
        h ^= ts_piece_key (v, (int) c, value);
    }
  if (p->st.ep_cell >= 0)
    h ^= r->zobrist_ep[r->to_dense[p->st.ep_cell]];
  for (guint s = 0; s < v->n_seats; s++)
    {
      if (p->st.out_mask & (1u << s))
        h ^= r->zobrist_out[s];
      if (p->st.checked_mask & (1u << s))
        h ^= r->zobrist_checked[s];
      for (guint t = 0; t < v->n_piece_types; t++)
        h ^= ts_hand_key (r, s, t, p->st.hand[s][t]);
    }
  return h;
}

void
ts_position_reset (TsPosition *p)
{
  const TsVariantRules *r = ts_rules (p);

  for (guint i = 0; i < r->n_padded; i++)
    p->board[i] = r->to_dense[i] < 0 ? TS_CELL_OFF : 0;
  memset (&p->st, 0, sizeof p->st);
  memset (p->occ, 0, sizeof p->occ);
  memset (p->occ_short, 0, sizeof p->occ_short);
  memset (p->type_bit, 0, sizeof p->type_bit);
  for (guint s = 0; s < TS_MAX_SEATS; s++)
    p->king[s] = -1;
  p->st.ep_cell = p->st.ep_victim = -1;
  p->ply = 0;
  p->n_history = 0;
  p->check_state = -1;
  p->guard_known = FALSE;
  p->st.hash = ts_position_compute_hash (p);
}

static TsPosition *
position_alloc (const TsVariant *v)
{
  TsPosition *p = g_new0 (TsPosition, 1);

  p->variant = v;
  p->board = g_new (guint8, v->rules->n_padded);
  ts_position_reset (p);
  return p;
}

TsPosition *
ts_position_new_empty (const TsVariant *v)
{
  g_return_val_if_fail (v != NULL, NULL);
  return position_alloc (v);
}

TsPosition *
ts_position_new_initial (const TsVariant *v)
{
  TsPosition *p;

  g_return_val_if_fail (v != NULL, NULL);
  p = position_alloc (v);
  v->ops->setup (p);
  p->st.hash = ts_position_compute_hash (p);
  return p;
}

TsPosition *
ts_position_copy (const TsPosition *p)
{
  TsPosition *c = g_new (TsPosition, 1);

  *c = *p;
  c->board = g_memdup2 (p->board, p->variant->rules->n_padded);
  c->history = p->n_history ? g_memdup2 (p->history, p->n_history * sizeof (guint64)) : NULL;
  c->history_capacity = p->n_history;
  return c;
}

void
ts_position_free (TsPosition *p)
{
  if (!p)
    return;
  g_free (p->board);
  g_free (p->history);
  g_free (p);
}

void
ts_position_history_push (TsPosition *p)
{
  if (p->n_history == p->history_capacity)
    {
      p->history_capacity = MAX (64, p->history_capacity * 2);
      p->history = g_renew (guint64, p->history, p->history_capacity);
    }
  p->history[p->n_history++] = p->st.hash;
}

const TsVariant *
ts_position_variant (const TsPosition *p)
{
  return p->variant;
}

TsPiece
ts_position_piece_at (const TsPosition *p,
                      TsCell            c)
{
  g_return_val_if_fail (c >= 0 && (guint) c < p->variant->geometry.ncells, 0);
  return p->board[ts_rules (p)->to_padded[c]] & TS_PIECE_MASK;
}

guint
ts_position_pieces (const TsPosition *p,
                    TsCell           *cells,
                    TsPiece          *pieces)
{
  const TsVariantRules *r = ts_rules (p);
  guint n = 0;

  for (guint s = 0; s < p->variant->n_seats; s++)
    for (guint w = 0; w < r->n_occ_words; w++)
      for (guint64 bits = p->occ[s][w]; bits; bits &= bits - 1)
        {
          int dense = (int) (w * 64 + (guint) __builtin_ctzll (bits));

          cells[n] = (TsCell) dense;
          pieces[n++] = p->board[r->to_padded[dense]] & TS_PIECE_MASK;
        }
  return n;
}

void
ts_position_set_piece (TsPosition *p,
                       TsCell      c,
                       TsPiece     piece)
{
  const TsVariantRules *r;
  int cell;

  g_return_if_fail (c >= 0 && (guint) c < p->variant->geometry.ncells);
  r = ts_rules (p);
  cell = r->to_padded[c];
  piece &= TS_PIECE_MASK;
  if (piece && TS_PIECE_TYPE (piece) >= p->variant->n_piece_types)
    piece = 0;
  if (piece && (r->initial[cell] & TS_PIECE_MASK) == piece)
    piece = r->initial[cell];   /* keeps first-move rights on the setup cell */
  ts_position_put (p, cell, piece);
}

guint
ts_position_side_to_move (const TsPosition *p)
{
  return p->st.side;
}

void
ts_position_set_side_to_move (TsPosition *p,
                              guint       seat)
{
  g_return_if_fail (seat < p->variant->n_seats);
  p->st.hash ^= ts_rules (p)->zobrist_side[p->st.side] ^ ts_rules (p)->zobrist_side[seat];
  p->st.side = (guint8) seat;
}

guint
ts_position_ply (const TsPosition *p)
{
  return p->ply;
}

guint
ts_position_halfmove_clock (const TsPosition *p)
{
  return p->st.halfmove;
}

guint64
ts_position_hash (const TsPosition *p)
{
  return p->st.hash;
}

const guint64 *
ts_position_history (const TsPosition *p,
                     guint            *n)
{
  *n = p->n_history;
  return p->history;
}

const guint8 *
ts_position_hand (const TsPosition *p,
                  guint             seat)
{
  g_return_val_if_fail (seat < TS_MAX_SEATS, NULL);
  return p->st.hand[seat];
}

guint
ts_position_hand_count (const TsPosition *p,
                        guint             seat,
                        guint             type)
{
  g_return_val_if_fail (seat < TS_MAX_SEATS && type < TS_MAX_PIECE_TYPES, 0);
  return p->st.hand[seat][type];
}

void
ts_position_set_hand_count (TsPosition *p,
                            guint       seat,
                            guint       type,
                            guint       count)
{
  const TsVariantRules *r = ts_rules (p);

  g_return_if_fail (seat < TS_MAX_SEATS && type < TS_MAX_PIECE_TYPES && count < 256);
  p->st.hash ^= ts_hand_key (r, seat, type, p->st.hand[seat][type]) ^
                ts_hand_key (r, seat, type, count);
  p->st.hand[seat][type] = (guint8) count;
}

guint
ts_position_active_seats (const TsPosition *p)
{
  return ((1u << p->variant->n_seats) - 1) & ~(guint) p->st.out_mask;
}

gboolean
ts_position_seat_active (const TsPosition *p,
                         guint             seat)
{
  return seat < p->variant->n_seats && !(p->st.out_mask & (1u << seat));
}

int
ts_position_controller (const TsPosition *p,
                        guint             seat)
{
  const TsVariant *v = p->variant;

  if (!v->rules->check && v->family == TS_FAMILY_CHESS)
    return -1;
  if (!(p->st.out_mask & (1u << seat)))
    return (int) seat;
  for (guint s = 0; s < v->n_seats; s++)
    if (s != seat && v->team[s] == v->team[seat] && !(p->st.out_mask & (1u << s)))
      return (int) s;
  return -1;
}

gboolean
ts_position_unmoved (const TsPosition *p,
                     TsCell            c)
{
  g_return_val_if_fail (c >= 0 && (guint) c < p->variant->geometry.ncells, FALSE);
  return (p->board[ts_rules (p)->to_padded[c]] & (0x80 | TS_PIECE_UNMOVED)) == (0x80 | TS_PIECE_UNMOVED);
}

gboolean
ts_position_en_passant (const TsPosition *p,
                        TsCell           *passed,
                        TsCell           *pawn)
{
  if (p->st.ep_cell < 0)
    return FALSE;
  *passed = ts_rules (p)->to_dense[p->st.ep_cell];
  *pawn = ts_rules (p)->to_dense[p->st.ep_victim];
  return TRUE;
}

gboolean
ts_position_has_been_checked (const TsPosition *p,
                              guint             seat)
{
  return seat < TS_MAX_SEATS && (p->st.checked_mask & (1u << seat));
}

TsCell
ts_position_checked_king (const TsPosition *p,
                          guint             seat)
{
  return ops (p)->checked_king (p, seat);
}

gboolean
ts_position_in_check (const TsPosition *p)
{
  return ts_position_checked_king (p, p->st.side) != TS_NO_CELL;
}

void
ts_position_generate_legal (TsPosition *p,
                            TsMoveList *out)
{
  ops (p)->generate (p, out);
}

void
ts_position_generate_legal_noisy (TsPosition *p,
                                  TsMoveList *out)
{
  ops (p)->generate_noisy (p, out);
}

gboolean
ts_position_is_legal (TsPosition *p,
                      TsMove      m)
{
  return ops (p)->is_legal (p, m);
}

void
ts_position_make (TsPosition *p,
                  TsMove      m,
                  TsUndo     *undo)
{
  ops (p)->make (p, m, undo);
}

void
ts_position_unmake (TsPosition   *p,
                    const TsUndo *undo)
{
  ops (p)->unmake (p, undo);
}

int
ts_position_changed_cells (const TsPosition *p,
                           const TsUndo     *undo,
                           TsCell           *cells)
{
  const TsVariantRules *r = ts_rules (p);

  if (p->variant->family == TS_FAMILY_DOSEKI)
    return -1;
  for (guint i = 0; i < undo->n_changes; i++)
    cells[i] = r->to_dense[undo->change_cell[i]];
  return undo->n_changes;
}

gboolean
ts_position_make_null (TsPosition *p,
                       TsUndo     *undo)
{
  return ops (p)->make_null && ops (p)->make_null (p, undo);
}

gboolean
ts_position_see_ge (TsPosition *p,
                    TsMove      m,
                    const int  *values,
                    int         threshold)
{
  return !ops (p)->see_ge || ops (p)->see_ge (p, m, values, threshold);
}

void
ts_position_result (TsPosition *p,
                    TsResult   *out)
{
  ops (p)->result (p, out);
}

guint
ts_position_repetitions (const TsPosition *p)
{
  guint count = 0;
  guint window = MIN (p->st.halfmove, p->n_history);

  /* Only positions since the last capture can repeat this one. */
  for (guint i = 1; i <= window; i++)
    count += p->history[p->n_history - i] == p->st.hash;
  return count;
}

const char *
ts_position_draw_by_rule (const TsPosition *p)
{
  if (p->st.halfmove >= ts_rules (p)->halfmove_limit)
    return N_("fifty-move rule");
  if (ts_position_repetitions (p) >= 2)
    return N_("threefold repetition");
  return NULL;
}

/* One move list per level, reused; the last ply only counts. */
static guint64
perft_rec (TsPosition *p,
           guint       depth,
           TsMoveList *lists)
{
  const TsRulesOps *o = ops (p);
  TsMoveList *l = &lists[depth];
  guint64 nodes = 0;

  l->n = 0;
  if (depth == 1 && o->count_legal)
    return o->count_legal (p, l);
  o->generate (p, l);
  if (depth == 1)
    return l->n;
  for (guint i = 0; i < l->n; i++)
    {
      TsUndo u;

      o->make (p, l->moves[i], &u);
      nodes += perft_rec (p, depth - 1, lists);
      o->unmake (p, &u);
    }
  return nodes;
}

guint64
ts_perft (TsPosition *p,
          guint       depth)
{
  g_autofree TsMoveList *lists = NULL;
  guint64 nodes;

  if (depth == 0)
    return 1;
  lists = g_new (TsMoveList, depth + 1);
  for (guint i = 0; i <= depth; i++)
    ts_move_list_init (&lists[i]);
  nodes = perft_rec (p, depth, lists);
  for (guint i = 0; i <= depth; i++)
    ts_move_list_clear (&lists[i]);
  return nodes;
}

/* Moves */

TsMove
ts_move_leave (void)
{
  TsMove m = { TS_NO_CELL, TS_NO_CELL, 0, TS_NO_PROMO, TS_MOVE_LEAVE, 0 };

  return m;
}

gboolean
ts_move_equal (TsMove a,
               TsMove b)
{
  return a.from == b.from && a.to == b.to && a.piece == b.piece && a.promo == b.promo &&
         a.flags == b.flags && a.shape == b.shape;
}

void
ts_move_list_init (TsMoveList *l)
{
  l->moves = NULL;
  l->n = l->capacity = 0;
}

void
ts_move_list_clear (TsMoveList *l)
{
  g_clear_pointer (&l->moves, g_free);
  l->n = l->capacity = 0;
}

void
ts_move_list_grow (TsMoveList *l)
{
  l->capacity = MAX (64, l->capacity * 2);
  l->moves = g_renew (TsMove, l->moves, l->capacity);
}

gboolean
ts_move_list_contains (const TsMoveList *l,
                       TsMove            m)
{
  for (guint i = 0; i < l->n; i++)
    if (ts_move_equal (l->moves[i], m))
      return TRUE;
  return FALSE;
}

/* Notation and text dispatch */

char *
ts_move_to_san (TsPosition *p,
                TsMove      m)
{
  return ops (p)->move_to_san (p, m);
}

char *
ts_move_to_long (TsPosition *p,
                 TsMove      m)
{
  return ops (p)->move_to_long (p, m);
}

gboolean
ts_move_parse (TsPosition  *p,
               const char  *text,
               TsMove      *out,
               GError     **error)
{
  /* No move is written in more than a few dozen characters; a longer text is refused
   * before it could be quoted whole in a message. */
  if (strlen (text) > TS_MOVE_TEXT_MAX)
    {
      g_autofree char *excerpt = ts_excerpt (text, -1);

      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                   _("“%s” is not a move: longer than %d characters"), excerpt, TS_MOVE_TEXT_MAX);
      return FALSE;
    }
  return ops (p)->move_parse (p, text, out, error);
}
