/* Validation of positions set up by hand, and the editor's setters. */
#include <glib/gi18n.h>

#include "rules/position-validate.h"
#include "rules/rules-private.h"

static void
problem_clear (gpointer data)
{
  TsPositionProblem *problem = data;

  g_free (problem->message);
}

G_GNUC_PRINTF (5, 6) static void
add (GArray                *out,
     TsPositionProblemKind  kind,
     int                    seat,
     TsCell                 cell,
     const char            *format,
     ...)
{
  TsPositionProblem problem = { kind, seat, cell, NULL };
  va_list args;

  va_start (args, format);
  problem.message = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (out, problem);
}

static const char *
seat_name (const TsVariant *v,
           guint            seat)
{
  return _(v->seat_names[seat]);
}

static gboolean
has_royal_type (const TsVariant *v)
{
  for (guint t = 0; t < v->n_piece_types; t++)
    if (v->piece_types[t].royal)
      return TRUE;
  return FALSE;
}

/* The home cell of a piece with a first-move right: where the initial position has it. */
static gboolean
at_home (const TsVariantRules *r,
         int                   cell,
         guint8                value)
{
  return (r->initial[cell] & TS_PIECE_MASK) == (value & TS_PIECE_MASK);
}

static void
check_kings (const TsPosition *p,
             GArray           *out)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  guint kings[TS_MAX_SEATS] = { 0 };
  TsCell second[TS_MAX_SEATS];

  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      guint8 val = p->board[r->to_padded[c]];

      if ((val & 0x80) && v->piece_types[TS_PIECE_TYPE (val)].royal &&
          ++kings[TS_PIECE_SEAT (val)] == 2)
        second[TS_PIECE_SEAT (val)] = (TsCell) c;
    }
  for (guint s = 0; s < v->n_seats; s++)
    {
      gboolean out_of_play = (p->st.out_mask & (1u << s)) && r->eliminated_king_leaves;

      if (kings[s] == 0 && !out_of_play)
        add (out, TS_POSITION_PROBLEM_NO_KING, (int) s, TS_NO_CELL,
             _("%s has no king"), seat_name (v, s));
      else if (kings[s] > 1)
        {
          char name[8];

          ts_variant_cell_name (v, second[s], name);
          add (out, TS_POSITION_PROBLEM_TWO_KINGS, (int) s, second[s],
               _("%s has %u kings (a second one on %s)"), seat_name (v, s), kings[s], name);
        }
    }
}

static void
check_pieces (const TsPosition *p,
              GArray           *out)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;

  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      int cell = r->to_padded[c];
      guint8 val = p->board[cell];
      guint seat = TS_PIECE_SEAT (val);
      const TsPieceType *type = &v->piece_types[TS_PIECE_TYPE (val)];
      g_autofree char *piece = NULL;
      char name[8];

      if (!(val & 0x80))
        continue;
      piece = g_utf8_strdown (_(type->name), -1);
      ts_variant_cell_name (v, (TsCell) c, name);
      if (type->pawn && r->promo_zone[seat] && r->promo_zone[seat][cell])
        add (out, TS_POSITION_PROBLEM_PAWN_PROMOTION, (int) seat, (TsCell) c,
             _("%s's %s on %s stands on its promotion cells"),
             seat_name (v, seat), piece, name);
      if ((val & TS_PIECE_UNMOVED) && !at_home (r, cell, val))
        add (out, TS_POSITION_PROBLEM_CASTLING, (int) seat, (TsCell) c,
             type->pawn ? _("%s's %s on %s has its two-step right but is not on its starting cell")
                        : _("%s's %s on %s has a castling right but is not on its home cell"),
             seat_name (v, seat), piece, name);
    }
}

/* The seat that moved last: the one before the side to move that is still in play. */
static int
previous_seat (const TsPosition *p)
{
  const TsVariant *v = p->variant;

  for (guint i = 1; i < v->n_seats; i++)
    {
      guint s = (p->st.side + v->n_seats - i) % v->n_seats;

      if (!(p->st.out_mask & (1u << s)))
        return (int) s;
    }
  return -1;
}

static void
check_check (const TsPosition *p,
             GArray           *out)
{
  const TsVariant *v = p->variant;
  int last = previous_seat (p);
  TsCell king;
  char name[8];

  if (!v->rules->check || last < 0 || v->team[last] == v->team[p->st.side])
    return;
  if (p->king[last] < 0)
    return;
  king = ts_position_checked_king (p, (guint) last);
  if (king == TS_NO_CELL)
    return;
  ts_variant_cell_name (v, king, name);
  add (out, TS_POSITION_PROBLEM_NOT_TO_MOVE_CHECK, last, king,
       _("%s, not to move, is in check (king on %s)"), seat_name (v, (guint) last), name);
}

static gboolean
pawn_step (const TsVariantRules *r,
           guint                 type,
           guint                 seat,
           int                   d)
{
  for (guint k = 0; k < r->moves[type].n_moves[seat]; k++)
    if (r->moves[type].moves[seat][k] == d)
      return TRUE;
  return FALSE;
}

static void
check_en_passant (const TsPosition *p,
                  GArray           *out)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  int passed = p->st.ep_cell, pawn = p->st.ep_victim, d = pawn - passed;
  guint8 val;
  char a[8], b[8];
  const char *why = NULL;

  if (passed < 0)
    return;
  val = p->board[pawn];
  ts_variant_cell_name (v, r->to_dense[passed], a);
  ts_variant_cell_name (v, r->to_dense[pawn], b);
  if (p->board[passed] != 0)
    why = _("the passed cell is not empty");
  else if (!(val & 0x80) || !v->piece_types[TS_PIECE_TYPE (val)].pawn)
    why = _("no pawn stands on the pawn's cell");
  else if (TS_PIECE_SEAT (val) == p->st.side)
    why = _("the pawn belongs to the side to move");
  else if (!pawn_step (r, TS_PIECE_TYPE (val), TS_PIECE_SEAT (val), d) ||
           r->to_dense[passed - d] < 0)
    why = _("the pawn cannot have passed over that cell in a two-step move");
  else if (p->board[passed - d] != 0)
    why = _("the cell the pawn came from is not empty");
  if (why)
    add (out, TS_POSITION_PROBLEM_EN_PASSANT, -1, r->to_dense[passed],
         _("impossible en passant cells %s, %s: %s"), a, b, why);
}

GArray *
ts_position_validate (const TsPosition *p)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (TsPositionProblem));
  const TsVariant *v;

  g_return_val_if_fail (p != NULL, out);
  g_array_set_clear_func (out, problem_clear);
  v = p->variant;
  if (v->family != TS_FAMILY_CHESS)
    return out;   /* Doseki: every arrangement of checkers can be played from */
  if (has_royal_type (v))
    check_kings (p, out);
  check_pieces (p, out);
  check_check (p, out);
  check_en_passant (p, out);
  if ((p->st.out_mask & (1u << p->st.side)) && v->rules->elimination != TS_ELIM_PARTNER)
    add (out, TS_POSITION_PROBLEM_SIDE_OUT, p->st.side, TS_NO_CELL,
         _("%s is to move but has been eliminated"), seat_name (v, p->st.side));
  return out;
}

void
ts_position_edit_piece (TsPosition *p,
                        TsCell      c,
                        TsPiece     piece)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  TsPiece old;

  g_return_if_fail (c >= 0 && (guint) c < v->geometry.ncells);
  old = ts_position_piece_at (p, c);
  ts_position_set_piece (p, c, piece);
  /* ts_position_put tracks one king per seat: find another one after a removal. */
  if (old && v->piece_types[TS_PIECE_TYPE (old)].royal && p->king[TS_PIECE_SEAT (old)] < 0)
    for (guint i = 0; i < v->geometry.ncells; i++)
      {
        guint8 val = p->board[r->to_padded[i]];

        if ((val & 0x80) && TS_PIECE_SEAT (val) == TS_PIECE_SEAT (old) &&
            v->piece_types[TS_PIECE_TYPE (val)].royal)
          p->king[TS_PIECE_SEAT (old)] = r->to_padded[i];
      }
  /* an en passant pawn taken away or covered leaves no right behind */
  if (p->st.ep_cell >= 0 && (r->to_padded[c] == p->st.ep_cell || r->to_padded[c] == p->st.ep_victim))
    ts_position_set_en_passant (p, TS_NO_CELL, TS_NO_CELL);
}

gboolean
ts_position_set_first_move (TsPosition *p,
                            TsCell      c,
                            gboolean    unmoved)
{
  const TsVariantRules *r = p->variant->rules;
  int cell;
  guint8 val;

  g_return_val_if_fail (c >= 0 && (guint) c < p->variant->geometry.ncells, FALSE);
  cell = r->to_padded[c];
  val = p->board[cell];
  if (!(val & 0x80) || p->variant->family != TS_FAMILY_CHESS ||
      !(r->unmoved_mask & (1u << TS_PIECE_TYPE (val))))
    return FALSE;
  val = unmoved ? (val | TS_PIECE_UNMOVED) : (val & ~TS_PIECE_UNMOVED);
  ts_position_put (p, cell, val);
  return TRUE;
}

void
ts_position_set_en_passant (TsPosition *p,
                            TsCell      passed,
                            TsCell      pawn)
{
  const TsVariantRules *r = p->variant->rules;

  if (passed == TS_NO_CELL || pawn == TS_NO_CELL)
    p->st.ep_cell = p->st.ep_victim = -1;
  else
    {
      g_return_if_fail (passed >= 0 && (guint) passed < p->variant->geometry.ncells);
      g_return_if_fail (pawn >= 0 && (guint) pawn < p->variant->geometry.ncells);
      p->st.ep_cell = r->to_padded[passed];
      p->st.ep_victim = r->to_padded[pawn];
    }
  p->st.hash = ts_position_compute_hash (p);
}

void
ts_position_set_ply (TsPosition *p,
                     guint       ply)
{
  p->ply = ply;
}

gboolean
ts_variant_has_en_passant (const TsVariant *v)
{
  return v->family == TS_FAMILY_CHESS && v->rules->en_passant;
}

guint
ts_variant_n_castles (const TsVariant *v,
                      guint            seat)
{
  if (v->family != TS_FAMILY_CHESS || seat >= v->n_seats)
    return 0;
  return v->rules->n_castles[seat];
}

const char *
ts_variant_castle_name (const TsVariant *v,
                        guint            seat,
                        guint            i)
{
  g_return_val_if_fail (i < ts_variant_n_castles (v, seat), NULL);
  return v->rules->castles[seat][i].name;
}

static gboolean
castle_piece_home (const TsPosition *p,
                   guint             seat,
                   int               cell,
                   gboolean          royal)
{
  const TsVariant *v = p->variant;
  guint8 val = p->board[cell];

  return (val & 0x80) && TS_PIECE_SEAT (val) == seat &&
         v->piece_types[TS_PIECE_TYPE (val)].royal == royal && at_home (v->rules, cell, val);
}

gboolean
ts_position_castling_right (const TsPosition *p,
                            guint             seat,
                            guint             i)
{
  const TsCastle *c;

  g_return_val_if_fail (i < ts_variant_n_castles (p->variant, seat), FALSE);
  c = &p->variant->rules->castles[seat][i];
  return castle_piece_home (p, seat, c->king_from, TRUE) &&
         castle_piece_home (p, seat, c->rook_from, FALSE) &&
         (p->board[c->king_from] & TS_PIECE_UNMOVED) && (p->board[c->rook_from] & TS_PIECE_UNMOVED);
}

gboolean
ts_position_set_castling_right (TsPosition *p,
                                guint       seat,
                                guint       i,
                                gboolean    right)
{
  const TsVariantRules *r = p->variant->rules;
  const TsCastle *c;
  gboolean king_needed = FALSE;

  g_return_val_if_fail (i < ts_variant_n_castles (p->variant, seat), FALSE);
  c = &r->castles[seat][i];
  if (right)
    {
      if (!castle_piece_home (p, seat, c->king_from, TRUE) ||
          !castle_piece_home (p, seat, c->rook_from, FALSE))
        return FALSE;
      ts_position_put (p, c->king_from, p->board[c->king_from] | TS_PIECE_UNMOVED);
      ts_position_put (p, c->rook_from, p->board[c->rook_from] | TS_PIECE_UNMOVED);
      return TRUE;
    }
  if (castle_piece_home (p, seat, c->rook_from, FALSE))
    ts_position_put (p, c->rook_from, p->board[c->rook_from] & ~TS_PIECE_UNMOVED);
  for (guint k = 0; k < r->n_castles[seat]; k++)
    if (k != i && ts_position_castling_right (p, seat, k))
      king_needed = TRUE;
  if (!king_needed && castle_piece_home (p, seat, c->king_from, TRUE))
    ts_position_put (p, c->king_from, p->board[c->king_from] & ~TS_PIECE_UNMOVED);
  return TRUE;
}
