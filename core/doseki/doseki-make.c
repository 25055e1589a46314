/* Doseki moves made and unmade, the start position, the variant's check, and what the
 * engine asks about a move (its cells, captures, promotions); the polycubes. */
#include <string.h>

#include "doseki/doseki-private.h"

/* ---- About a move ----------------------------------------------------------------- */

guint
ts_doseki_move_cells (TsMove m, TsCell cells[TS_DOSEKI_MAX_SET])
{
  const DkTables *t = dk_tables ();

  if ((m.flags & TS_MOVE_PLACE) || m.shape >= TS_DOSEKI_N_ORIENTATIONS || m.from < 0 ||
      m.from >= TS_DOSEKI_CELLS)
    return 0;
  for (guint i = 0; i < t->orient[m.shape].n_cells; i++)
    cells[i] = t->dense_of[t->pad_of[m.from] + t->tab[m.shape].cells[i]];
  return t->orient[m.shape].n_cells;
}

/* How many cells of S (orientation o) at padded cell to hold an enemy of side's. */
#define DK_CELL_ENEMY(i) (n += is_enemy[s[cells[i]]])

static inline guint
enemies_at (const DkTables *t, const guint8 *board, guint o, int to, guint side)
{
  const gint16 *cells = t->tab[o].cells;
  const guint8 *s = board + to, *is_enemy = t->is_enemy[side];
  guint n = 0;

  DK_EACH_CELL (t->orient[o].n_cells, DK_CELL_ENEMY);
  return n;
}

#undef DK_CELL_ENEMY

/* Whether the tables are made. The engine asks about every move it orders: the rare
 * first call goes elsewhere (a tail call), and the usual one saves no registers for
 * g_once's. */
static inline gboolean
tables_made (void)
{
  return g_atomic_int_get (&dk_tables_once.status) == G_ONCE_STATUS_READY;
}

static G_GNUC_NO_INLINE guint
move_captures_first (const TsPosition *p, TsMove m)
{
  dk_tables ();
  return ts_doseki_move_captures (p, m);
}

guint
ts_doseki_move_captures (const TsPosition *p, TsMove m)
{
  const DkTables *t;

  if (!(m.flags & TS_MOVE_CAPTURE) || m.shape >= TS_DOSEKI_N_ORIENTATIONS ||
      m.to < 0 || m.to >= TS_DOSEKI_CELLS)
    return 0;
  if (G_UNLIKELY (!tables_made ()))
    return move_captures_first (p, m);
  t = dk_tables_once.retval;
  return enemies_at (t, p->board, m.shape, t->pad_of[m.to], p->st.side);
}

static G_GNUC_NO_INLINE guint
move_promotions_first (const TsPosition *p, TsMove m)
{
  dk_tables ();
  return ts_doseki_move_promotions (p, m);
}

guint
ts_doseki_move_promotions (const TsPosition *p, TsMove m)
{
  const DkTables *t;

  if ((m.flags & TS_MOVE_PLACE) || m.shape >= TS_DOSEKI_N_ORIENTATIONS)
    return 0;
  if (G_UNLIKELY (!tables_made ()))
    return move_promotions_first (p, m);
  t = dk_tables_once.retval;
  return dk_promotions (t, m.shape, t->pad_of[m.from], t->pad_of[m.to], p->st.side);
}

/* A capture that is not the usual one (S on the board at both ends): the two functions
 * above answer. */
static G_GNUC_NO_INLINE guint16
capture_gains_other (const TsPosition *p, TsMove m)
{
  return (guint16) (ts_doseki_move_captures (p, m) | ts_doseki_move_promotions (p, m) << 8);
}

void
ts_doseki_capture_gains (const TsPosition *p, const TsMove *moves, guint n, guint16 *gains)
{
  const DkTables *t = dk_tables ();
  const guint8 *board = p->board;
  guint side = p->st.side;

  for (guint i = 0; i < n; i++)
    {
      TsMove m = moves[i];
      int to;

      if (!(m.flags & TS_MOVE_CAPTURE))
        gains[i] = 0;
      else if ((m.flags & TS_MOVE_PLACE) || m.shape >= TS_DOSEKI_N_ORIENTATIONS ||
               (guint) m.from >= TS_DOSEKI_CELLS || (guint) m.to >= TS_DOSEKI_CELLS)
        gains[i] = capture_gains_other (p, m);
      else
        {
          to = t->pad_of[m.to];
          gains[i] = (guint16) (enemies_at (t, board, m.shape, to, side) |
                                dk_promotions (t, m.shape, t->pad_of[m.from], to, side) << 8);
        }
    }
}

/* ---- Make / unmake --------------------------------------------------------------- */

static void
set_outside (TsPosition *p, guint seat, guint n)
{
  ts_position_set_hand_count (p, seat, 0, MIN (n, 255u));
}

static void
record (TsUndo *u, int cell, guint8 before)
{
  g_assert (u->n_changes < TS_UNDO_MAX_CHANGES);
  u->change_cell[u->n_changes] = (gint16) cell;
  u->change_piece[u->n_changes++] = before;
}

void
dk_make (TsPosition *p, TsMove m, TsUndo *u)
{
  const DkTables *t = dk_tables ();
  const TsVariantRules *r = ts_rules (p);
  guint side = p->st.side;
  guint8 own = DK_CHECKER (side), enemy = DK_CHECKER (1 - side);
  gboolean captured = FALSE;

  u->move = m;
  u->state = p->st;
  u->n_changes = 0;
  ts_position_history_push (p);

  if (m.flags & TS_MOVE_PLACE)
    {
      int c = t->pad_of[m.to];

      record (u, c, p->board[c]);
      ts_position_put (p, c, own);
      set_outside (p, side, p->st.hand[side][0] - 1u);
    }
  else
    {
      const DkOrientTables *ot = &t->tab[m.shape];
      guint n = t->orient[m.shape].n_cells;
      int a = t->pad_of[m.from], b = t->pad_of[m.to];

      for (guint i = 0; i < n; i++)
        {
          record (u, a + ot->cells[i], p->board[a + ot->cells[i]]);
          ts_position_put (p, a + ot->cells[i], DK_EMPTY);
        }
      for (guint i = 0; i < n; i++)
        {
          int c = b + ot->cells[i];

          record (u, c, p->board[c]);
          captured |= DK_OWNER (p->board[c]) == enemy;
          ts_position_put (p, c, own);
        }
      set_outside (p, side, p->st.hand[side][0] + dk_promotions (t, m.shape, a, b, side));
    }
  if (captured)
    p->st.halfmove = 0;
  else
    ts_position_tick_halfmove (p);
  p->st.hash ^= r->zobrist_side[side] ^ r->zobrist_side[1 - side];
  p->st.side = (guint8) (1 - side);
  p->ply++;
}

void
dk_unmake (TsPosition *p, const TsUndo *u)
{
  for (guint i = u->n_changes; i-- > 0; )
    ts_position_put (p, u->change_cell[i], u->change_piece[i]);
  p->st = u->state;
  p->ply--;
  p->n_history--;
}

/* ---- Start and variant ------------------------------------------------------------ */

void
dk_setup (TsPosition *p)
{
  const DkTables *t = dk_tables ();

  /* RULES.md §7: Red fills ranks 1–2, Black ranks 8–9. */
  for (int z = 0; z < TS_DOSEKI_SIZE; z++)
    for (int x = 0; x < TS_DOSEKI_SIZE; x++)
      for (int y = 0; y < TS_DOSEKI_SIZE; y++)
        if (y <= 1 || y >= 7)
          ts_position_put (p, t->pad_of[x + TS_DOSEKI_SIZE * (y + TS_DOSEKI_SIZE * z)],
                           DK_CHECKER (y <= 1 ? 0 : 1));
}

/* The tables here assume the 9×9×9 board, two seats and the 13 pieces in RULES.md's
 * order; a description that says otherwise is refused. */
gboolean
dk_load_variant (TsVariant *v, GKeyFile *kf, GError **error)
{
  const TsVariantRules *r = v->rules;
  const DkTables *t = dk_tables ();
  gboolean ok = v->geometry.ndims == 3 && v->n_seats == 2 &&
                v->n_piece_types == TS_DOSEKI_N_PIECES && r->n_padded == DK_PAD_CELLS;

  for (guint c = 0; ok && c < TS_DOSEKI_CELLS; c++)
    ok = r->to_padded[c] == t->pad_of[c];
  for (guint i = 0; ok && i < TS_DOSEKI_N_PIECES; i++)
    ok = v->piece_types[i].letter == dk_piece (i)->letter;
  if (!ok)
    g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                 "variant %s: the doseki family needs Size=9;9;9, two seats and "
                 "Pieces=P;H;B;R;A;E;G;C;J;W;M;Q;K", v->id);
  return ok;
}

/* ---- Polycubes -------------------------------------------------------------------- */

guint
ts_doseki_polycubes (const TsPosition *p, guint labels[TS_DOSEKI_CELLS])
{
  const DkTables *t = dk_tables ();
  gint16 queue[TS_DOSEKI_CELLS];
  guint n = 0;

  memset (labels, 0, TS_DOSEKI_CELLS * sizeof labels[0]);
  for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
    {
      guint8 colour = DK_OWNER (p->board[t->pad_of[c]]);
      guint head = 0, tail = 0;

      if (!(colour & 0x80) || labels[c])
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
              if (DK_OWNER (p->board[q]) == colour && !labels[qc])
                {
                  labels[qc] = n;
                  queue[tail++] = qc;
                }
            }
        }
    }
  return n;
}
