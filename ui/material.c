#include "material.h"

#include <math.h>
#include <string.h>

#include "engine/engine.h"

int
ts_material_piece_value (const TsVariant *variant, guint type)
{
  static GHashTable *values;   /* variant -> int[TS_MAX_PIECE_TYPES]; the main thread's */
  int *v;

  g_return_val_if_fail (type < variant->n_piece_types, 0);
  if (values == NULL)
    values = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  v = g_hash_table_lookup (values, variant);
  if (v == NULL)
    {
      TsEngine *engine = ts_engine_new (variant, 1);

      v = g_new0 (int, TS_MAX_PIECE_TYPES);
      for (guint t = 0; t < variant->n_piece_types; t++)
        v[t] = ts_engine_piece_value (engine, t);
      ts_engine_free (engine);
      g_hash_table_insert (values, (gpointer) variant, v);
    }
  return v[type];
}

static void
count_pieces (const TsPosition *p, guint counts[TS_MAX_SEATS][TS_MAX_PIECE_TYPES])
{
  const TsVariant *v = ts_position_variant (p);

  memset (counts, 0, sizeof (guint) * TS_MAX_SEATS * TS_MAX_PIECE_TYPES);
  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      TsPiece q = ts_position_piece_at (p, c);

      if (q != 0 && TS_PIECE_SEAT (q) < TS_MAX_SEATS && TS_PIECE_TYPE (q) < TS_MAX_PIECE_TYPES)
        counts[TS_PIECE_SEAT (q)][TS_PIECE_TYPE (q)]++;
    }
}

void
ts_material_compute (TsMaterial *m, const TsGame *game, const TsGameNode *node)
{
  const TsVariant *v = ts_game_variant (game);
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  g_autoptr(TsPosition) pos = ts_position_copy (ts_game_start_position (game));
  guint before[TS_MAX_SEATS][TS_MAX_PIECE_TYPES], after[TS_MAX_SEATS][TS_MAX_PIECE_TYPES];
  int total = 0;

  memset (m, 0, sizeof *m);
  m->n_seats = v->n_seats;
  m->doseki = v->family == TS_FAMILY_DOSEKI;
  for (const TsGameNode *n = node; n->parent; n = n->parent)
    g_ptr_array_add (path, (gpointer) n);
  /* the pieces a capture makes disappear, other than the mover's, are the mover's take */
  for (guint i = path->len; i > 0; i--)
    {
      const TsGameNode *n = path->pdata[i - 1];
      guint mover = ts_position_side_to_move (pos);
      TsUndo undo;

      if (n->move.flags & TS_MOVE_CAPTURE)
        count_pieces (pos, before);
      ts_position_make (pos, n->move, &undo);
      if (!(n->move.flags & TS_MOVE_CAPTURE) || mover >= TS_MAX_SEATS)
        continue;
      count_pieces (pos, after);
      for (guint s = 0; s < v->n_seats; s++)
        for (guint t = 0; s != mover && t < v->n_piece_types; t++)
          if (before[s][t] > after[s][t])
            m->captured[mover][s][t] += before[s][t] - after[s][t];
    }

  count_pieces (pos, after);
  for (guint s = 0; s < v->n_seats; s++)
    {
      for (guint t = 0; t < v->n_piece_types; t++)
        {
          guint n = after[s][t] + ts_position_hand_count (pos, s, t);

          m->material[s] += m->doseki ? (int) n : (int) n * ts_material_piece_value (v, t);
          if (m->doseki)
            m->outside[s] += ts_position_hand_count (pos, s, t);
        }
      total += m->material[s];
    }
  for (guint s = 0; s < v->n_seats; s++)
    m->balance[s] = v->n_seats == 2 ? m->material[s] - m->material[1 - s]
                                    : m->material[s] - (total - m->material[s]) / (int) (v->n_seats - 1);
}

char *
ts_material_balance_text (const TsMaterial *m, guint seat)
{
  int units;

  g_return_val_if_fail (seat < m->n_seats, NULL);
  units = m->doseki ? m->balance[seat] : (int) lround (m->balance[seat] / 100.0);
  if (units == 0)
    return g_strdup ("");
  /* a real minus sign, as the evaluation graph writes it */
  return g_strdup_printf (units > 0 ? "+%d" : "−%d", ABS (units));
}
