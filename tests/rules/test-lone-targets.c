/* ts_variant_lone_targets reads a lone piece's targets from the movement tables, as the
 * engine's evaluation tables are made: they must be the targets of the piece's legal
 * moves on the empty board, for every variant, type and cell. */
#include "rules/lone-targets.h"
#include "rules/position.h"

static void
test_lone_targets_are_legal_targets (void)
{
  guint n_variants;
  const TsVariant *const *list = ts_variant_list (&n_variants);
  guint answered = 0;

  for (guint i = 0; i < n_variants; i++)
    {
      const TsVariant *v = list[i];
      g_autoptr (TsPosition) board = ts_position_new_empty (v);
      TsMoveList moves;

      ts_move_list_init (&moves);
      for (guint t = 0; t < v->n_piece_types; t++)
        for (guint c = 0; c < v->geometry.ncells; c++)
          {
            guint64 lone[(TS_MAX_CELLS + 63) / 64], legal[(TS_MAX_CELLS + 63) / 64] = { 0 };
            guint nw = (v->geometry.ncells + 63) / 64;

            if (!ts_variant_lone_targets (v, t, (TsCell) c, lone))
              {
                /* another family, or a piece moving by its seat (pawns) */
                g_assert_true (v->family != TS_FAMILY_CHESS || v->piece_types[t].pawn);
                continue;
              }
            answered++;
            moves.n = 0;
            ts_position_set_piece (board, (TsCell) c, TS_PIECE_MAKE (0, t));
            ts_position_generate_legal (board, &moves);
            ts_position_set_piece (board, (TsCell) c, 0);
            for (guint k = 0; k < moves.n; k++)
              {
                TsCell to = moves.moves[k].to;

                g_assert_cmpint (moves.moves[k].from, ==, (int) c);
                legal[to / 64] |= G_GUINT64_CONSTANT (1) << (to % 64);
              }
            for (guint w = 0; w < nw; w++)
              if (lone[w] != legal[w])
                g_error ("%s: type %c on cell %u: targets %016" G_GINT64_MODIFIER "x, moves %016"
                         G_GINT64_MODIFIER "x (word %u)", v->id, v->piece_types[t].letter, c,
                         lone[w], legal[w], w);
          }
      ts_move_list_clear (&moves);
    }
  g_assert_cmpuint (answered, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/lone-targets", test_lone_targets_are_legal_targets);
  return g_test_run ();
}
