/* Fuzz targets for the readers: one of FUZZ_XML, FUZZ_TEXT, FUZZ_POSTEXT, FUZZ_OPENINGS
 * is defined. Beyond "no crash, no leak": whatever a reader accepts must write back and
 * read again to the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match/openings.h"
#include "records/game-private.h"
#include "rules/postext.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_same (const char *a, const char *b)
{
  if (strcmp (a, b) != 0)
    {
      g_printerr ("round trip differs:\n--- first\n%s\n--- second\n%s\n", a, b);
      abort ();
    }
}

#if defined FUZZ_OPENINGS
/* The match runner's openings file, read for each variant it names (and the first,
 * which a line without "variant" means): every opening must give back its own line. */
static void
fuzz_one (const char *text, size_t size)
{
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) openings = NULL;

      if (i > 0 && !strstr (text, variants[i]->id))
        continue;
      openings = ts_openings_parse (text, size, "fuzz", variants[i], NULL);
      for (guint k = 0; openings && k < openings->len; k++)
        {
          g_autofree char *first = ts_opening_to_line (openings->pdata[k]);
          g_autoptr (GError) error = NULL;
          g_autoptr (GPtrArray) again = ts_openings_parse (first, strlen (first), "again", variants[i], &error);
          g_autofree char *second = NULL;

          if (again == NULL || again->len != 1)
            {
              g_printerr ("written opening does not read back: %s\n%s\n",
                          error ? error->message : "not one opening", first);
              abort ();
            }
          second = ts_opening_to_line (again->pdata[0]);
          check_same (first, second);
        }
    }
}
#elif defined FUZZ_POSTEXT
static void
fuzz_one (const char *text, size_t size)
{
  g_autoptr (TsPosition) pos = ts_position_from_text (text, NULL);
  g_autofree char *first = NULL;
  g_autoptr (TsPosition) again = NULL;
  g_autofree char *second = NULL;
  g_autoptr (GError) error = NULL;

  if (pos == NULL)
    return;
  first = ts_position_to_text (pos);
  again = ts_position_from_text (first, &error);
  if (again == NULL)
    {
      g_printerr ("written position text does not read back: %s\n%s\n", error->message, first);
      abort ();
    }
  second = ts_position_to_text (again);
  check_same (first, second);
}
#else
static void
fuzz_one (const char *text, size_t size)
{
  g_autoptr (TsGame) game = NULL;
  g_autoptr (TsGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize length;

#if defined FUZZ_XML
  game = ts_game_from_xml (text, size, "fuzz", NULL);
#else
  game = ts_game_from_text (text, size, "fuzz", NULL);
#endif
  if (game == NULL)
    return;
  first = ts_game_to_xml (game, &length);
  again = ts_game_from_xml (first, length, "again", &error);
  if (again == NULL)
    {
      g_printerr ("written game does not read back: %s\n%s\n", error->message, first);
      abort ();
    }
  second = ts_game_to_xml (again, NULL);
  check_same (first, second);
  g_clear_pointer (&first, g_free);
  g_clear_pointer (&second, g_free);
  g_clear_pointer (&again, ts_game_free);
  first = ts_game_to_text (game, &length);
  again = ts_game_from_text (first, length, "again", &error);
  if (again == NULL)
    {
      g_printerr ("written text does not read back: %s\n%s\n", error->message, first);
      abort ();
    }
  second = ts_game_to_text (again, NULL);
  check_same (first, second);
}
#endif

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* The readers take any bytes with a length; a copy with a NUL after it also serves
   * position text, and lets ASan catch reads past the end. */
  char *text = g_malloc (size + 1);

  memcpy (text, data, size);
  text[size] = '\0';
  fuzz_one (text, size);
  g_free (text);
  return 0;
}
