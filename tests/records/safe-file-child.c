/* The process the failure and kill tests run (and kill): it writes files the way Tessera
 * does.
 *
 *   safe-file-child write PATH SOURCE [backup] [private]   ts_safe_file_write once, SOURCE's bytes
 *   safe-file-child save PATH GAME                         ts_game_load GAME, ts_game_save to PATH once
 *   safe-file-child save-loop PATH GAME_A GAME_B           prints "ready", then saves A, B, A, ... until killed
 *   safe-file-child collection-loop PATH I GAME_A GAME_B   loads the collection PATH, prints "ready", then sets
 *                                                          its game I to A, B, A, ... each saved, until killed
 *
 * Errors go to stderr, exit status 1. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records/collection.h"
#include "records/game.h"
#include "records/safe-file.h"

static int
write_once (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  TsSafeFileFlags flags = TS_SAFE_FILE_NONE;

  if (!g_file_get_contents (argv[3], &data, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  for (int i = 4; i < argc; i++)
    flags |= strcmp (argv[i], "backup") == 0 ? TS_SAFE_FILE_BACKUP
             : strcmp (argv[i], "private") == 0 ? TS_SAFE_FILE_PRIVATE : 0;
  if (!ts_safe_file_write (argv[2], data, length, flags, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  return 0;
}

static TsGame *
load_or_die (const char *path)
{
  g_autoptr (GError) error = NULL;
  TsGame *game = ts_game_load (path, &error);

  if (game == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      exit (2);
    }
  return game;
}

/* One game of a collection edited and the collection saved, over and over (the window's
 * Save of a collection's game). */
static int
collection_loop (const char *path, guint index, const char *game_a, const char *game_b)
{
  TsGame *games[2] = { load_or_die (game_a), load_or_die (game_b) };
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCollection) c = ts_collection_load (path, &error);

  if (c == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  printf ("ready\n");
  fflush (stdout);
  for (guint i = 0;; i++)
    if (!ts_collection_set_game (c, index, games[i % 2], &error) || !ts_collection_save (c, NULL, &error))
      {
        fprintf (stderr, "%s\n", error->message);
        return 1;
      }
}

int
main (int argc, char **argv)
{
  if (argc >= 4 && strcmp (argv[1], "write") == 0)
    return write_once (argc, argv);
  if (argc == 4 && strcmp (argv[1], "save") == 0)
    {
      g_autoptr (TsGame) game = load_or_die (argv[3]);
      g_autoptr (GError) error = NULL;

      if (!ts_game_save (game, argv[2], ts_game_format_for_filename (argv[2]), &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      return 0;
    }
  if (argc == 5 && strcmp (argv[1], "save-loop") == 0)
    {
      TsGame *games[2] = { load_or_die (argv[3]), load_or_die (argv[4]) };
      TsGameFormat format = ts_game_format_for_filename (argv[2]);

      printf ("ready\n");
      fflush (stdout);
      for (guint i = 0;; i++)
        {
          g_autoptr (GError) error = NULL;

          if (!ts_game_save (games[i % 2], argv[2], format, &error))
            {
              fprintf (stderr, "%s\n", error->message);
              return 1;
            }
        }
    }
  if (argc == 6 && strcmp (argv[1], "collection-loop") == 0)
    return collection_loop (argv[2], (guint) atoi (argv[3]), argv[4], argv[5]);
  fprintf (stderr, "usage: safe-file-child write PATH SOURCE [backup] [private] | "
                   "save PATH GAME | save-loop PATH GAME_A GAME_B | "
                   "collection-loop PATH I GAME_A GAME_B\n");
  return 2;
}
