/* A deliberately naive Doseki move generator, written straight from RULES.md §7, to check
 * the fast one against. It shares only the orientation table (tested on its own). */
#pragma once

#include <stdlib.h>
#include <string.h>

#include "doseki/doseki.h"
#include "rules/notation.h"
#include "rules/position.h"
#include "rules/postext.h"

/* Test shorthands over the generic position API, for the doseki variant. */
enum { T_EMPTY = 0, T_RED = 1, T_BLACK = 2 };
enum { T_ONGOING, T_LOSS, T_DRAW_CLOCK, T_DRAW_REPETITION };

static inline const TsVariant *
t_variant (void)
{
  const TsVariant *v = ts_variant_lookup ("doseki");

  g_assert_nonnull (v);
  return v;
}

static inline TsPosition *
t_new_empty (void)
{
  return ts_position_new_empty (t_variant ());
}

static inline TsPosition *
t_new_initial (void)
{
  return ts_position_new_initial (t_variant ());
}

static inline void
t_set (TsPosition *p, int c, guint who)
{
  ts_position_set_piece (p, c, who ? TS_PIECE_MAKE (who - 1, 0) : TS_PIECE_NONE);
}

static inline guint
t_at (TsPosition *p, int c)
{
  TsPiece piece = ts_position_piece_at (p, c);

  return piece ? TS_PIECE_SEAT (piece) + 1 : T_EMPTY;
}

static inline guint
t_count (TsPosition *p, guint seat)
{
  guint n = 0;

  for (int c = 0; c < 729; c++)
    n += t_at (p, c) == seat + 1;
  return n;
}

static inline guint
t_generate (TsPosition *p, TsMoveList *out)
{
  guint before;

  if (!out)
    return ts_doseki_count_moves (p);
  before = out->n;
  ts_position_generate_legal (p, out);
  return out->n - before;
}

static inline guint
t_generate_noisy (TsPosition *p, TsMoveList *out)
{
  guint before = out->n;

  ts_position_generate_legal_noisy (p, out);
  return out->n - before;
}

static inline guint
t_outside (TsPosition *p, guint seat)
{
  return ts_position_hand_count (p, seat, 0);
}

static inline int
t_end (TsPosition *p)
{
  TsResult r;

  ts_position_result (p, &r);
  if (r.kind == TS_RESULT_NONE)
    return T_ONGOING;
  if (r.kind == TS_RESULT_WIN)
    {
      g_assert_cmpstr (r.reason, ==, "no legal move");
      g_assert_cmpuint (r.winner_team, ==, 1 - ts_position_side_to_move (p));
      return T_LOSS;
    }
  return strcmp (r.reason, "threefold repetition") == 0 ? T_DRAW_REPETITION : T_DRAW_CLOCK;
}

/* The move text names in p, which must read. */
static inline TsMove
t_parse_ok (TsPosition *p, const char *text)
{
  g_autoptr (GError) error = NULL;
  TsMove m;

  g_assert_true (ts_move_parse (p, text, &m, &error));
  g_assert_no_error (error);
  return m;
}

typedef struct { int from, shape, to, flags; } RefMove;

/* Modes per piece letter, from RULES.md §7: class, range (0 = unlimited);
 * "q" quiet only, "c" capture only; "+" joins the two slides of a compound piece. */
static const struct { char letter; const char *modes; } ref_modes[] = {
  { 'P', "O1q F1c" }, { 'H', "O2 F2" }, { 'B', "F0" }, { 'R', "O0" }, { 'A', "O2 F0" },
  { 'E', "F0 D2" }, { 'C', "F0 D0" }, { 'G', "O0 F2" }, { 'J', "F0+F2" }, { 'M', "O0 D0" },
  { 'W', "O0+O2" }, { 'Q', "O0 F0" }, { 'K', "O0 F0 D0" },
};

static inline int
ref_cell (int x, int y, int z)
{
  if (x < 0 || y < 0 || z < 0 || x > 8 || y > 8 || z > 8)
    return -1;
  return x + 9 * (y + 9 * z);
}

static inline int
ref_class (const int d[3])
{
  return (d[0] != 0) + (d[1] != 0) + (d[2] != 0);
}

static inline int
ref_cmp (const void *a, const void *b)
{
  return memcmp (a, b, sizeof (RefMove));
}

typedef struct {
  RefMove *moves;
  guint    n, cap;
} RefList;

static inline void
ref_add (RefList *l, RefMove m)
{
  for (guint i = 0; i < l->n; i++)
    if (l->moves[i].from == m.from && l->moves[i].shape == m.shape && l->moves[i].to == m.to)
      return;   /* one move per (S, translation) */
  if (l->n == l->cap)
    l->moves = g_renew (RefMove, l->moves, l->cap = MAX (64, 2 * l->cap));
  l->moves[l->n++] = m;
}

/* State of the cells of S shifted by t on the lifted board: 0 all empty, 1 some enemy
 * (none own, none off), -1 blocked. */
static inline int
ref_state (const guint8 *lifted, const int cells[][3], guint n, const int t[3], guint8 own)
{
  int r = 0;

  for (guint i = 0; i < n; i++)
    {
      int c = ref_cell (cells[i][0] + t[0], cells[i][1] + t[1], cells[i][2] + t[2]);
      if (c < 0 || lifted[c] == own)
        return -1;
      if (lifted[c] != 0)
        r = 1;
    }
  return r;
}

static inline void
ref_generate (TsPosition *p, RefList *out)
{
  guint8 board[729];
  guint8 own = ts_position_side_to_move (p) + 1;
  static int dirs[26][3];
  guint nd = 0;

  for (int z = -1; z <= 1; z++)
    for (int y = -1; y <= 1; y++)
      for (int x = -1; x <= 1; x++)
        if (x || y || z)
          dirs[nd][0] = x, dirs[nd][1] = y, dirs[nd][2] = z, nd++;
  for (int c = 0; c < 729; c++)
    board[c] = t_at (p, c);

  for (int a = 0; a < 729; a++)
    for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
      {
        const TsDosekiOrientation *or = ts_doseki_orientation (o);
        int cells[8][3];
        guint8 lifted[729];
        gboolean fits = TRUE;
        const char *modes = NULL;
        char letter = ts_doseki_piece_info (or->piece)->letter;

        for (guint i = 0; i < or->n_cells; i++)
          {
            int c;
            cells[i][0] = a % 9 + or->cells[i][0];
            cells[i][1] = a / 9 % 9 + or->cells[i][1];
            cells[i][2] = a / 81 + or->cells[i][2];
            c = ref_cell (cells[i][0], cells[i][1], cells[i][2]);
            fits = fits && c >= 0 && board[c] == own;
          }
        if (!fits)
          continue;
        memcpy (lifted, board, sizeof board);
        for (guint i = 0; i < or->n_cells; i++)
          lifted[ref_cell (cells[i][0], cells[i][1], cells[i][2])] = 0;
        for (guint i = 0; i < G_N_ELEMENTS (ref_modes); i++)
          if (ref_modes[i].letter == letter)
            modes = ref_modes[i].modes;
        g_assert_nonnull (modes);

        if (strchr (modes, '+'))
          {
            int c1 = modes[0] == 'O' ? 1 : 2, c2 = modes[3] == 'O' ? 1 : 2;
            for (guint i = 0; i < nd; i++)
              for (int k1 = 1; ref_class (dirs[i]) == c1; k1++)
                {
                  int t1[3] = { k1 * dirs[i][0], k1 * dirs[i][1], k1 * dirs[i][2] };
                  if (ref_state (lifted, cells, or->n_cells, t1, own) != 0)
                    break;
                  for (guint j = 0; j < nd; j++)
                    {
                      gboolean parallel = (dirs[j][0] == dirs[i][0] && dirs[j][1] == dirs[i][1] &&
                                           dirs[j][2] == dirs[i][2]) ||
                                          (dirs[j][0] == -dirs[i][0] && dirs[j][1] == -dirs[i][1] &&
                                           dirs[j][2] == -dirs[i][2]);
                      if (ref_class (dirs[j]) != c2 || parallel)
                        continue;
                      for (int k2 = 1; k2 <= 2; k2++)
                        {
                          int t[3] = { t1[0] + k2 * dirs[j][0], t1[1] + k2 * dirs[j][1],
                                       t1[2] + k2 * dirs[j][2] };
                          int s = ref_state (lifted, cells, or->n_cells, t, own);
                          if (s < 0)
                            break;
                          ref_add (out, (RefMove) { a, o, a + t[0] + 9 * t[1] + 81 * t[2],
                                                    s ? TS_MOVE_CAPTURE : 0 });
                          if (s)
                            break;
                        }
                    }
                }
            continue;
          }

        for (const char *m = modes; *m; )
          {
            int cls = *m == 'O' ? 1 : *m == 'F' ? 2 : 3;
            int range = m[1] - '0';
            gboolean quiet_ok = m[2] != 'c', capture_ok = m[2] != 'q';

            if (range == 0)
              range = 8;
            for (guint i = 0; i < nd; i++)
              for (int k = 1; k <= range && ref_class (dirs[i]) == cls; k++)
                {
                  int t[3] = { k * dirs[i][0], k * dirs[i][1], k * dirs[i][2] };
                  int s = ref_state (lifted, cells, or->n_cells, t, own);
                  if (s < 0)
                    break;
                  if (s ? capture_ok : quiet_ok)
                    ref_add (out, (RefMove) { a, o, a + t[0] + 9 * t[1] + 81 * t[2],
                                              s ? TS_MOVE_CAPTURE : 0 });
                  if (s)
                    break;
                }
            m += 2;
            while (*m && *m != ' ')
              m++;
            while (*m == ' ')
              m++;
          }
      }

  if (t_outside (p, ts_position_side_to_move (p)) > 0)
    for (int c = 0; c < 729; c++)
      if (board[c] == 0)
        ref_add (out, (RefMove) { -1, 0, c, TS_MOVE_PLACE });
}

static inline TsPosition *
random_position (GRand *r)
{
  TsPosition *p = t_new_empty ();
  double red = g_rand_double_range (r, 0.05, 0.5), black = g_rand_double_range (r, 0.05, 0.4);

  for (int c = 0; c < 729; c++)
    {
      double v = g_rand_double (r);
      t_set (p, c, v < red ? T_RED : v < red + black ? T_BLACK : 0);
    }
  ts_position_set_side_to_move (p, g_rand_int_range (r, 0, 2));
  ts_position_set_hand_count (p, 0, 0, g_rand_int_range (r, 0, 3) == 0);
  ts_position_set_hand_count (p, 1, 0, g_rand_int_range (r, 0, 3));
  return p;
}

/* Sorted move lists of both generators, as RefMove arrays. */
static inline void
ref_compare (TsPosition *p)
{
  RefList ref = { NULL, 0, 0 };
  TsMoveList fast;
  RefMove *got;

  ref_generate (p, &ref);
  ts_move_list_init (&fast);
  g_assert_cmpuint (t_generate (p, &fast), ==, fast.n);
  g_assert_cmpuint (t_generate (p, NULL), ==, fast.n);
  got = g_new (RefMove, MAX (fast.n, 1));
  for (guint i = 0; i < fast.n; i++)
    {
      TsMove m = fast.moves[i];
      got[i] = (RefMove) { m.from, m.flags & TS_MOVE_PLACE ? 0 : m.shape, m.to, m.flags };
      if (!(m.flags & TS_MOVE_PLACE))
        g_assert_cmpuint (m.piece, ==, ts_doseki_orientation (m.shape)->piece);
    }
  qsort (ref.moves, ref.n, sizeof (RefMove), ref_cmp);
  qsort (got, fast.n, sizeof (RefMove), ref_cmp);
  for (guint i = 0; i < MIN (ref.n, fast.n); i++)
    if (memcmp (&ref.moves[i], &got[i], sizeof (RefMove)) != 0)
      g_error ("move %u differs: reference from %d shape %d to %d flags %d, "
               "generator from %d shape %d to %d flags %d", i, ref.moves[i].from,
               ref.moves[i].shape, ref.moves[i].to, ref.moves[i].flags, got[i].from,
               got[i].shape, got[i].to, got[i].flags);
  g_assert_cmpuint (fast.n, ==, ref.n);
  g_free (got);
  g_free (ref.moves);
  ts_move_list_clear (&fast);
}
