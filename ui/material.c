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

/* One move of the line counted: the node is compared with the game's, never read (it may
 * have left the game since); the move is compared with the node's. */
typedef struct {
  const TsGameNode *node;
  TsMove            move;
  TsUndo            undo;
} Step;

/* What one move took: n pieces of owner's type. */
typedef struct {
  guint  step;
  guint8 taker, owner, type;
  guint  n;
} Take;

struct _TsMaterialLine {
  const TsVariant *variant;
  guint64          start_hash;
  TsPosition      *pos;      /* after the last step */
  GArray          *steps;    /* Step, from the start */
  GArray          *takes;    /* Take, in the order of their steps */
  guint            captured[TS_MAX_SEATS][TS_MAX_SEATS][TS_MAX_PIECE_TYPES];   /* their sum */
};

TsMaterialLine *
ts_material_line_new (void)
{
  TsMaterialLine *line = g_new0 (TsMaterialLine, 1);

  line->steps = g_array_new (FALSE, FALSE, sizeof (Step));
  line->takes = g_array_new (FALSE, FALSE, sizeof (Take));
  return line;
}

void
ts_material_line_free (TsMaterialLine *line)
{
  if (line == NULL)
    return;
  g_clear_pointer (&line->pos, ts_position_free);
  g_array_unref (line->steps);
  g_array_unref (line->takes);
  g_free (line);
}

static void
line_reset (TsMaterialLine *line, const TsGame *game)
{
  const TsPosition *start = ts_game_start_position (game);

  g_clear_pointer (&line->pos, ts_position_free);
  line->pos = ts_position_copy (start);
  line->variant = ts_game_variant (game);
  line->start_hash = ts_position_hash (start);
  g_array_set_size (line->steps, 0);
  g_array_set_size (line->takes, 0);
  memset (line->captured, 0, sizeof line->captured);
}

/* The pieces a capture makes disappear, other than the mover's, are the mover's take. */
static void
line_push (TsMaterialLine *line, const TsGameNode *node)
{
  const TsVariant *v = line->variant;
  guint before[TS_MAX_SEATS][TS_MAX_PIECE_TYPES], after[TS_MAX_SEATS][TS_MAX_PIECE_TYPES];
  guint mover = ts_position_side_to_move (line->pos);
  gboolean capture = (node->move.flags & TS_MOVE_CAPTURE) && mover < TS_MAX_SEATS;
  Step step = { .node = node, .move = node->move };

  if (capture)
    count_pieces (line->pos, before);
  ts_position_make (line->pos, node->move, &step.undo);
  g_array_append_val (line->steps, step);
  if (!capture)
    return;
  count_pieces (line->pos, after);
  for (guint s = 0; s < v->n_seats; s++)
    for (guint t = 0; s != mover && t < v->n_piece_types; t++)
      if (before[s][t] > after[s][t])
        {
          Take take = { line->steps->len - 1, mover, s, t, before[s][t] - after[s][t] };

          g_array_append_val (line->takes, take);
          line->captured[mover][s][t] += take.n;
        }
}

static void
line_pop (TsMaterialLine *line)
{
  guint last = line->steps->len - 1;

  while (line->takes->len > 0 && g_array_index (line->takes, Take, line->takes->len - 1).step == last)
    {
      const Take *take = &g_array_index (line->takes, Take, line->takes->len - 1);

      line->captured[take->taker][take->owner][take->type] -= take->n;
      g_array_set_size (line->takes, line->takes->len - 1);
    }
  ts_position_unmake (line->pos, &g_array_index (line->steps, Step, last).undo);
  g_array_set_size (line->steps, last);
}

/* How many steps of the line are the first moves of node's line: the same nodes with the
 * same moves (a node freed by an edit may come back at the same address). A walk up,
 * pointers only. */
static guint
line_shared (const TsMaterialLine *line, const TsGameNode *node, guint *depth)
{
  guint d = 0, shared;

  for (const TsGameNode *n = node; n->parent; n = n->parent)
    d++;
  *depth = d;
  shared = MIN (d, line->steps->len);
  for (const TsGameNode *n = node; n->parent; n = n->parent, d--)
    if (d <= line->steps->len)
      {
        const Step *step = &g_array_index (line->steps, Step, d - 1);

        if (step->node != n || !ts_move_equal (step->move, n->move))
          shared = d - 1;
      }
  return shared;
}

void
ts_material_line_count (TsMaterialLine *line, const TsGame *game, const TsGameNode *node, TsMaterial *m)
{
  const TsVariant *v = ts_game_variant (game);
  guint after[TS_MAX_SEATS][TS_MAX_PIECE_TYPES];
  g_autoptr(GPtrArray) down = g_ptr_array_new ();
  guint depth, shared;
  int total = 0;

  if (line->pos == NULL || line->variant != v || line->start_hash != ts_position_hash (ts_game_start_position (game)))
    line_reset (line, game);
  shared = line_shared (line, node, &depth);
  while (line->steps->len > shared)
    line_pop (line);
  for (const TsGameNode *n = node; depth > shared; n = n->parent, depth--)
    g_ptr_array_add (down, (gpointer) n);
  for (guint i = down->len; i > 0; i--)
    line_push (line, down->pdata[i - 1]);

  memset (m, 0, sizeof *m);
  m->n_seats = v->n_seats;
  m->doseki = v->family == TS_FAMILY_DOSEKI;
  memcpy (m->captured, line->captured, sizeof m->captured);
  count_pieces (line->pos, after);
  for (guint s = 0; s < v->n_seats; s++)
    {
      for (guint t = 0; t < v->n_piece_types; t++)
        {
          guint n = after[s][t] + ts_position_hand_count (line->pos, s, t);

          m->material[s] += m->doseki ? (int) n : (int) n * ts_material_piece_value (v, t);
          if (m->doseki)
            m->outside[s] += ts_position_hand_count (line->pos, s, t);
        }
      total += m->material[s];
    }
  for (guint s = 0; s < v->n_seats; s++)
    m->balance[s] = v->n_seats == 2 ? m->material[s] - m->material[1 - s]
                                    : m->material[s] - (total - m->material[s]) / (int) (v->n_seats - 1);
}

void
ts_material_compute (TsMaterial *m, const TsGame *game, const TsGameNode *node)
{
  g_autoptr(TsMaterialLine) line = ts_material_line_new ();

  ts_material_line_count (line, game, node, m);
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
