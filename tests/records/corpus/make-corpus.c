/* Writes corpus files with the writer of the Tessera it is linked against (make-corpus.sh;
 * README.md). Uses only API that every version has had. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include "records/game.h"
#include "records/game-random.h"

static void
save (TsGame *game, const char *dir, const char *name)
{
  g_autofree char *xml_path = g_strdup_printf ("%s/%s.tessera", dir, name);
  g_autofree char *text_path = g_strdup_printf ("%s/%s.pgn", dir, name);
  g_autofree char *xml = ts_game_to_xml (game, NULL);
  g_autofree char *text = ts_game_to_text (game, NULL);

  g_file_set_contents (xml_path, xml, -1, NULL);
  g_file_set_contents (text_path, text, -1, NULL);
}

static void
metadata (TsGame *game, const TsVariant *v, guint i)
{
  ts_game_set_field (game, TS_GAME_EVENT, "Corpus <Cup> & \"friends\"");
  ts_game_set_field (game, TS_GAME_SITE, "Zürich\tnorth");
  ts_game_set_field (game, TS_GAME_DATE, "2026.12.??");
  ts_game_set_field (game, TS_GAME_ROUND, "3.1");
  ts_game_set_field (game, TS_GAME_RESULT, v->n_seats == 4 ? "1-0-1-0" : (i % 3 == 0 ? "1/2-1/2" : "0-1"));
  for (guint s = 0; s < v->n_seats; s++)
    {
      g_autofree char *name = g_strdup_printf ("Player \\%u “%s”", s, v->seat_names[s]);
      ts_game_set_player (game, s, name);
    }
#ifdef HAS_TIME_CONTROL
  ts_game_set_field (game, TS_GAME_TIME_CONTROL, i % 2 ? "300+2" : "40/7200:3600");
#endif
  /* Free tags: every name a writer of this generation accepted. */
  ts_game_set_tag (game, "Annotator", "Carol [the] \\annotator\\");
  ts_game_set_tag (game, "TimeControl", "40/7200:3600");
  ts_game_set_tag (game, "timecontrol", "lower-case");
  ts_game_set_tag (game, "Opening_2", "Königsgambit");
  ts_game_set_tag (game, "ECO", "A00");
}

int
main (int argc, char **argv)
{
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);
  const char *dir = argv[1];

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TsGame) game = ts_game_new_random (variants[i], 24, 4, TRUE, 31 + i);
      g_autoptr (TsGame) opening = ts_game_new_random (variants[i], 4, 0, FALSE, 7 + i);
      g_autoptr (TsGame) setup = NULL;
      g_autoptr (TsGame) bare = ts_game_new (variants[i], NULL);
      g_autofree char *name = NULL;

      metadata (game, variants[i], i);
      ts_game_set_comment (game, ts_game_root (game), TRUE, "Opening comment {with braces} and\nlines");
      save (game, dir, variants[i]->id);

      ts_game_go_end (opening);
      setup = ts_game_new (variants[i], ts_game_position (opening));
      ts_game_set_field (setup, TS_GAME_STIPULATION, "#3");
      ts_game_set_field (setup, TS_GAME_SOLUTION, "1. any! (1. other?) *");
      name = g_strdup_printf ("%s-setup", variants[i]->id);
      save (setup, dir, name);
      g_free (name);
      name = g_strdup_printf ("%s-empty", variants[i]->id);
      save (bare, dir, name);
    }
  return 0;
}
