#pragma once

/* Helpers shared by the rules tests. */
#include <string.h>

#include "rules/notation.h"
#include "rules/position.h"
#include "rules/postext.h"

static inline TsPosition *
pos (const char *text)
{
  g_autoptr(GError) error = NULL;
  TsPosition *p = ts_position_from_text (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

static inline TsMove
move (TsPosition *p, const char *text)
{
  g_autoptr(GError) error = NULL;
  TsMove m = { 0 };

  if (!ts_move_parse (p, text, &m, &error))
    g_error ("“%s” should be legal: %s", text, error->message);
  return m;
}

/* Plays "M1; M2; ..." */
static inline void
play (TsPosition *p, const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, ";", -1);

  for (guint i = 0; list[i]; i++)
    {
      TsUndo u;
      const char *t = g_strstrip (list[i]);

      if (*t)
        ts_position_make (p, move (p, t), &u);
    }
}

static inline void
assert_refused (TsPosition *p, const char *text, int code)
{
  g_autoptr(GError) error = NULL;
  TsMove m;

  g_assert_false (ts_move_parse (p, text, &m, &error));
  g_assert_error (error, TS_RULES_ERROR, code);
  g_test_message ("%s: %s", text, error->message);
}

static inline guint
count_moves (TsPosition *p, guint flags_all, int from)
{
  TsMoveList l;
  guint n = 0;

  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  for (guint i = 0; i < l.n; i++)
    if ((l.moves[i].flags & flags_all) == flags_all && (from < 0 || l.moves[i].from == from))
      n++;
  ts_move_list_clear (&l);
  return n;
}

static inline TsCell
cell (TsPosition *p, const char *name)
{
  TsCell c = ts_variant_parse_cell (ts_position_variant (p), name, NULL);

  g_assert_cmpint (c, !=, TS_NO_CELL);
  return c;
}

static inline char *
san_of (TsPosition *p, const char *text)
{
  return ts_move_to_san (p, move (p, text));
}

/* Registers func once per chess-family variant as PREFIX/ID, with the id as data. */
static inline void
add_per_variant (const char *prefix, GTestDataFunc func)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    if (list[i]->family == TS_FAMILY_CHESS)
      {
        g_autofree char *path = g_strdup_printf ("%s/%s", prefix, list[i]->id);

        g_test_add_data_func (path, list[i]->id, func);
      }
}

/* Plays a random legal move; FALSE if there is none. */
static inline gboolean
play_random (TsPosition *p, GRand *rand)
{
  TsMoveList l;
  TsUndo u;
  gboolean any;

  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  any = l.n > 0;
  if (any)
    ts_position_make (p, l.moves[g_rand_int_range (rand, 0, (gint32) l.n)], &u);
  ts_move_list_clear (&l);
  return any;
}

/* Calls visit on positions of `games` random games of variant id, seeded by the id and
 * salt: the start, then every `every` plies, for at most `plies` plies a game. */
static inline void
visit_random_games (const char *id, guint salt, guint games, guint plies, guint every,
                    void (*visit) (TsPosition *p))
{
  const TsVariant *v = ts_variant_lookup (id);
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (v->id) + salt);

  for (guint g = 0; g < games; g++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (v);

      for (guint ply = 0; ply < plies; ply++)
        {
          if (ply % every == 0)
            visit (p);
          if (!play_random (p, rand))
            break;
        }
    }
}
