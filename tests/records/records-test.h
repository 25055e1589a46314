#pragma once

#include "records/game.h"

/* The i-th legal move at the game's cursor (asserts there is one). */
static inline TsMove
records_test_legal_move (TsGame *game, guint i)
{
  TsPosition *pos = ts_position_copy (ts_game_position (game));
  TsMoveList list;
  TsMove m;

  ts_move_list_init (&list);
  ts_position_generate_legal (pos, &list);
  g_assert_cmpuint (list.n, >, i);
  m = list.moves[i];
  ts_move_list_clear (&list);
  ts_position_free (pos);
  return m;
}
