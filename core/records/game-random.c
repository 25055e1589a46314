#include "records/game-random.h"

#include "records/game-private.h"
#include "records/nag.h"

/* A legal move after which the game goes on, chosen at random; FALSE if there is none. */
static gboolean
pick_move (GRand *rand, TsPosition *pos, const TsGameNode *avoid_children_of, TsMove *out)
{
  TsMoveList list;
  gboolean found = FALSE;

  ts_move_list_init (&list);
  ts_position_generate_legal (pos, &list);
  for (guint tries = 0; tries < 8 && list.n > 0 && !found; tries++)
    {
      guint i = g_rand_int_range (rand, 0, list.n);
      TsMove m = list.moves[i];
      TsUndo undo;
      gboolean taken = FALSE;

      for (guint c = 0; avoid_children_of && c < ts_game_node_n_children (avoid_children_of); c++)
        taken |= ts_move_equal (ts_game_node_child (avoid_children_of, c)->move, m);
      if (taken)
        continue;
      ts_position_make (pos, m, &undo);
      found = ts_game_check_playable (pos, NULL);
      ts_position_unmake (pos, &undo);
      *out = m;
    }
  ts_move_list_clear (&list);
  return found;
}

static const char *const comment_words[] = {
  "good", "a <tricky> idea", "Black & White", "\"quoted\"", "it's", "Königsflügel", "∞ chances",
  "line\nbreak", "tab\there", "the [bracket]", "%percent", "(paren)", "end;",
};

static char *
random_comment (GRand *rand)
{
  GString *s = g_string_new (NULL);
  guint n = g_rand_int_range (rand, 1, 5);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", comment_words[g_rand_int_range (rand, 0, G_N_ELEMENTS (comment_words))]);
  return g_string_free (s, FALSE);
}

static void
annotate_node (GRand *rand, TsGameNode *node)
{
  TsAnnotation *a = &node->annotation;

  if (g_rand_int_range (rand, 0, 4) == 0)
    a->comment_after = random_comment (rand);
  if (g_rand_int_range (rand, 0, 8) == 0)
    a->comment_before = random_comment (rand);
  if (g_rand_int_range (rand, 0, 5) == 0)
    a->nags[a->n_nags++] = g_rand_int_range (rand, 1, 7);
  if (g_rand_int_range (rand, 0, 6) == 0)
    a->nags[a->n_nags++] = g_rand_int_range (rand, 10, 20);
  if (g_rand_int_range (rand, 0, 20) == 0)
    a->nags[a->n_nags++] = g_rand_int_range (rand, 20, TS_NAG_MAX + 1);
  if (g_rand_int_range (rand, 0, 3) == 0)
    a->clock_ms = (gint64) g_rand_int_range (rand, 0, 7200) * 1000 +
                  (g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 1000) : 0);
  if (g_rand_int_range (rand, 0, 3) == 0)
    {
      a->eval.kind = g_rand_int_range (rand, 0, 5) == 0 ? TS_EVAL_MATE : TS_EVAL_CP;
      a->eval.value = a->eval.kind == TS_EVAL_MATE ? g_rand_int_range (rand, -20, 21)
                                                   : g_rand_int_range (rand, -3000, 3001);
      a->eval.depth = g_rand_boolean (rand) ? g_rand_int_range (rand, 1, 60) : 0;
    }
  if (g_rand_int_range (rand, 0, 10) == 0)
    a->analysis = g_rand_int_range (rand, 1, 4);
}

/* Arrows and marked cells on one node in four, from their own generator (shape_rand) so
 * that the moves and annotations of a seed stay what they were before shapes existed. */
static void
add_random_shapes (GRand *shape_rand, const TsVariant *variant, TsAnnotation *a)
{
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  guint n = g_rand_int_range (shape_rand, 0, 4) == 0 ? g_rand_int_range (shape_rand, 1, 6) : 0;

  for (guint i = 0; i < n; i++)
    {
      TsShape shape = {
        .from = g_rand_int_range (shape_rand, 0, variant->geometry.ncells),
        .colour = g_rand_int_range (shape_rand, 0, TS_N_SHAPE_COLOURS),
      };
      gboolean taken = FALSE;

      shape.to = g_rand_boolean (shape_rand) ? shape.from
                                             : g_rand_int_range (shape_rand, 0, variant->geometry.ncells);
      for (guint j = 0; j < shapes->len; j++)
        taken |= ts_shape_compare (&g_array_index (shapes, TsShape, j), &shape) == 0;
      if (!taken)
        g_array_append_val (shapes, shape);
    }
  g_array_sort (shapes, (GCompareFunc) ts_shape_compare);
  a->n_shapes = shapes->len;
  a->shapes = shapes->len ? g_memdup2 (shapes->data, shapes->len * sizeof (TsShape)) : NULL;
}

/* Adds up to n moves after the cursor, each a random legal move. */
static void
extend (TsGame *game, GRand *rand, GRand *shape_rand, guint n, gboolean annotate)
{
  for (guint i = 0; i < n; i++)
    {
      TsPosition *pos = ts_position_copy (ts_game_position (game));
      TsGameNode *node;
      TsMove m;
      gboolean ok = pick_move (rand, pos, ts_game_current (game), &m);

      ts_position_free (pos);
      if (!ok)
        return;
      node = ts_game_add_move (game, m);
      if (annotate)
        {
          annotate_node (rand, node);
          add_random_shapes (shape_rand, ts_game_variant (game), &node->annotation);
        }
    }
}

static TsGameNode *
random_node (GRand *rand, GPtrArray *nodes)
{
  /* Later nodes sit deeper in variations more often: nesting grows. */
  guint n = nodes->len;
  guint i = g_rand_boolean (rand) ? g_rand_int_range (rand, 0, n)
                                  : g_rand_int_range (rand, n - MIN (n, 40u), n);

  return nodes->pdata[i];
}

static void
collect (TsGameNode *node, GPtrArray *out)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, node);
  while (stack->len)
    {
      TsGameNode *n = g_ptr_array_steal_index (stack, stack->len - 1);

      if (n->parent)
        g_ptr_array_add (out, n);
      for (guint i = ts_game_node_n_children (n); i > 0; i--)
        g_ptr_array_add (stack, ts_game_node_child (n, i - 1));
    }
}

TsGame *
ts_game_new_random (const TsVariant *variant,
                    guint            n_moves,
                    guint            n_variations,
                    gboolean         annotate,
                    guint32          seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GRand) shape_rand = g_rand_new_with_seed (seed ^ 0x5a4e5u);
  g_autoptr (GPtrArray) recent = g_ptr_array_new ();
  TsGame *game = ts_game_new (variant, NULL);

  extend (game, rand, shape_rand, n_moves, annotate);
  collect (ts_game_root (game), recent);

  /* Some positions have a single legal move (forced captures): try other branch points. */
  for (guint v = 0, tries = 0; v < n_variations && recent->len > 0 && tries < 8 * n_variations; tries++)
    {
      TsGameNode *branch = random_node (rand, recent);
      guint before = recent->len;
      guint n_children = ts_game_node_n_children (branch->parent);

      ts_game_go_to (game, branch->parent);
      extend (game, rand, shape_rand, g_rand_int_range (rand, 1, 9), annotate);
      if (ts_game_node_n_children (branch->parent) > n_children)
        v++;
      /* The nodes just added, for branching off them later. */
      for (TsGameNode *n = ts_game_current (game); n != branch->parent && recent->len < before + 16; n = n->parent)
        g_ptr_array_add (recent, n);
    }

  if (annotate)
    {
      ts_game_init_field (game, TS_GAME_EVENT, "Tessera \"test\" <open> & co");
      ts_game_init_field (game, TS_GAME_SITE, "Königsberg");
      ts_game_init_field (game, TS_GAME_DATE, "2026.12.02");
      ts_game_init_field (game, TS_GAME_ROUND, "3.1");
      ts_game_init_field (game, TS_GAME_RESULT, variant->n_seats == 2 ? "1/2-1/2" : "*");
      ts_game_init_field (game, TS_GAME_STIPULATION, "#3");
      ts_game_init_field (game, TS_GAME_SOLUTION, "1. Qc3! \\ any");
      ts_game_init_field (game, TS_GAME_TIME_CONTROL, "300+2.5");
      for (guint seat = 0; seat < variant->n_seats; seat++)
        {
          g_autofree char *name = g_strdup_printf ("Player %u \"%s\"", seat + 1, variant->seat_names[seat]);

          ts_game_init_player (game, seat, name);
        }
      ts_game_init_tag (game, "Annotator", "Rand O'Mizer");
      ts_game_init_tag (game, "TimeControl", "40/7200:3600");
      ts_game_root (game)->annotation.comment_before = random_comment (rand);
      add_random_shapes (shape_rand, variant, &ts_game_root (game)->annotation);
    }
  ts_game_go_start (game);
  ts_game_clear_undo (game);
  ts_game_set_unmodified (game);
  return game;
}

/* The move the "book" plays: one of the first width legal moves (in the generator's
 * order), so that games share openings and reach positions by different orders. */
static gboolean
pick_book_move (GRand *rand, TsPosition *pos, guint width, TsMove *out)
{
  TsMoveList list;
  gboolean found = FALSE;

  ts_move_list_init (&list);
  ts_position_generate_legal (pos, &list);
  for (guint tries = 0; tries < 8 && list.n > 0 && !found; tries++)
    {
      TsUndo undo;

      *out = list.moves[g_rand_int_range (rand, 0, MIN (list.n, width))];
      ts_position_make (pos, *out, &undo);
      found = ts_game_check_playable (pos, NULL);
      ts_position_unmake (pos, &undo);
    }
  ts_move_list_clear (&list);
  return found;
}

static const char *const player_names[] = {
  "Anna", "Boris", "Chen", "Dana", "Emil", "Fatima", "Gosia", "Hiro", "Ines", "Jonas",
};
static const char *const event_names[] = {
  "Tessera Cup", "Spring Open", "Club Championship", "Correspondence Series",
};

TsGame *
ts_game_new_random_opening (const TsVariant *variant,
                            guint            n_moves,
                            guint            book_plies,
                            guint            book_width,
                            guint32          seed)
{
  static const char *const results2[] = { "1-0", "0-1", "1/2-1/2", "1-0", "0-1", "*" };
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  TsGame *game = ts_game_new (variant, NULL);
  g_autofree char *date = NULL;

  for (guint i = 0; i < n_moves; i++)
    {
      g_autoptr (TsPosition) pos = ts_position_copy (ts_game_position (game));
      TsGameNode *node;
      TsMove m;

      if (!(i < book_plies ? pick_book_move (rand, pos, book_width, &m)
                           : pick_move (rand, pos, NULL, &m)))
        break;
      node = ts_game_add_move (game, m);
      if (g_rand_int_range (rand, 0, 3) == 0)
        {
          node->annotation.eval.kind = TS_EVAL_CP;
          node->annotation.eval.value = g_rand_int_range (rand, -300, 301);
          node->annotation.eval.depth = g_rand_int_range (rand, 1, 20);
        }
    }
  /* a different player in each seat: the first seats of a shuffle of the names */
  {
    guint order[G_N_ELEMENTS (player_names)];

    G_STATIC_ASSERT (G_N_ELEMENTS (player_names) >= TS_MAX_SEATS);
    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      order[i] = i;
    for (guint seat = 0; seat < variant->n_seats; seat++)
      {
        guint j = g_rand_int_range (rand, seat, G_N_ELEMENTS (order)), swap = order[seat];

        order[seat] = order[j];
        order[j] = swap;
        ts_game_init_player (game, seat, player_names[order[seat]]);
      }
  }
  ts_game_init_field (game, TS_GAME_EVENT, event_names[g_rand_int_range (rand, 0, G_N_ELEMENTS (event_names))]);
  date = g_strdup_printf ("20%02d.%02d.%02d", g_rand_int_range (rand, 20, 27), g_rand_int_range (rand, 1, 13),
                          g_rand_int_range (rand, 1, 29));
  ts_game_init_field (game, TS_GAME_DATE, date);
  if (variant->n_seats == 2)
    ts_game_init_field (game, TS_GAME_RESULT, results2[g_rand_int_range (rand, 0, G_N_ELEMENTS (results2))]);
  else
    {
      guint winner = g_rand_int_range (rand, 0, variant->n_seats + 1);
      GString *result = g_string_new (NULL);

      for (guint seat = 0; seat < variant->n_seats; seat++)
        g_string_append_printf (result, "%s%c", seat ? "-" : "", seat == winner ? '1' : '0');
      ts_game_init_field (game, TS_GAME_RESULT, winner < variant->n_seats ? result->str : "*");
      g_string_free (result, TRUE);
    }
  ts_game_go_start (game);
  ts_game_clear_undo (game);
  ts_game_set_unmodified (game);
  return game;
}
