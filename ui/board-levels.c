/* Cubic Chess 8×8×8's coloured levels, and the pieces on them. */
#include "board-levels.h"

#include <glib/gi18n.h>

#include "rgb.h"

/* Top to bottom: light and dark cells of each. */
static const struct {
  char        letter;
  const char *name;
  TsRgb       light, dark;
} levels[] = {
  { 'w', N_("white"),  { 0.97, 0.97, 0.95 }, { 0.80, 0.80, 0.78 } },
  { 'r', N_("red"),    { 0.97, 0.80, 0.78 }, { 0.86, 0.56, 0.53 } },
  { 'o', N_("orange"), { 0.99, 0.87, 0.72 }, { 0.91, 0.69, 0.46 } },
  { 'y', N_("yellow"), { 0.98, 0.96, 0.72 }, { 0.88, 0.83, 0.46 } },
  { 'g', N_("green"),  { 0.81, 0.93, 0.77 }, { 0.57, 0.77, 0.53 } },
  { 'b', N_("blue"),   { 0.79, 0.87, 0.97 }, { 0.53, 0.66, 0.86 } },
  { 'p', N_("purple"), { 0.89, 0.81, 0.95 }, { 0.69, 0.56, 0.81 } },
  /* the black pieces must stand out from the dark cells, also a quarter darker */
  { 'k', N_("black"),  { 0.63, 0.63, 0.65 }, { 0.50, 0.50, 0.53 } },
};

int
ts_board_level_of_layer (const TsVariant *v, guint layer)
{
  char name[8];

  if (!g_str_has_prefix (v->id, "cubic8"))
    return -1;
  ts_variant_layer_name (v, layer, name);
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    if (g_ascii_tolower (name[0]) == levels[i].letter)
      return i;
  return -1;
}

const char *
ts_board_level_name (int level)
{
  g_return_val_if_fail (level >= 0 && level < (int) G_N_ELEMENTS (levels), NULL);
  return levels[level].name;
}

void
ts_board_level_cells (int level, const TsBoardTheme *theme, TsRgb *light, TsRgb *dark)
{
  g_return_if_fail (level >= 0 && level < (int) G_N_ELEMENTS (levels));
  *light = levels[level].light;
  *dark = levels[level].dark;
  if (theme->strong_levels)
    *dark = ts_rgb_mix (dark, &(TsRgb) { 0, 0, 0 }, 0.25);
}

gboolean
ts_board_piece_needs_outline (TsArmy army, const TsRgb *cell)
{
  return ts_rgb_delta_e2000 (&ts_army_colors (army)->fill, cell) < TS_BOARD_PIECE_MIN_DELTA_E;
}

gboolean
ts_board_level_piece_bold (const TsVariant *v, const TsBoardTheme *theme, TsCell cell, TsArmy army)
{
  /* [strong levels][level][dark cell][army], worked out once: the board asks for every piece
   * at every frame */
  static gboolean bold[2][G_N_ELEMENTS (levels)][2][TS_N_ARMIES];
  static gsize ready;
  int coords[TS_MAX_DIMS] = { 0 };
  guint layer, file, rank;
  int level;
  gboolean dark;

  g_return_val_if_fail (army < TS_N_ARMIES, FALSE);
  if (g_once_init_enter (&ready))
    {
      for (guint strong = 0; strong < 2; strong++)
        for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
          {
            TsBoardTheme kind = { .strong_levels = strong };
            TsRgb cells[2];

            ts_board_level_cells (l, &kind, &cells[0], &cells[1]);
            for (guint c = 0; c < 2; c++)
              for (guint a = 0; a < TS_N_ARMIES; a++)
                bold[strong][l][c][a] = ts_board_piece_needs_outline (a, &cells[c]);
          }
      g_once_init_leave (&ready, 1);
    }
  ts_variant_cell_layer (v, cell, &layer, &file, &rank);
  level = ts_board_level_of_layer (v, layer);
  if (level < 0)
    return FALSE;
  ts_geometry_coords (&v->geometry, cell, coords);
  /* as on a chessboard, and a step up or down a level changes colour as a step sideways does */
  dark = (coords[0] + coords[1] + coords[2]) % 2 == 0;
  return bold[theme->strong_levels ? 1 : 0][level][dark][army];
}
