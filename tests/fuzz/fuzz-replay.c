/* Without libFuzzer: runs a fuzz target on every file of a corpus, then on mutations of
 * them (flips, insertions, deletions, splices) until a time budget is spent. Mutation i is
 * drawn from seed + i, so "--seed=S --only=I" replays one. */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const tokens[] = {
  "<", ">", "</", "/>", "\"", "&", "&amp;", "<!DOCTYPE x [<!ENTITY a \"b\">]>", "<move san=\"", "<variation>",
  "</variation>", "<moves>", "</moves>", "{", "}", "(", ")", "$", "[", "]", "1.", "...", "*", "1-0",
  "[%clk ", "[%eval ", "\n", " ", "\xff", "\xe2\x88\x9e", "#", "+", "=", "@", "x", "-", "O-O", "0",
  "9999999999", "nags=\"", "clock=\"", "format=\"", "variant=\"", "seat=\"", ":", "/",
  "variant ", "startpos", " text ", " moves ", "--", "\r", "\0", "Aa1", "Jj10", "R ", ",",
};

static GBytes *
mutate (GPtrArray *corpus, GRand *rand)
{
  GBytes *base = corpus->pdata[g_rand_int_range (rand, 0, corpus->len)];
  GString *buf = g_string_new (NULL);
  gsize size;
  const guint8 *data = g_bytes_get_data (base, &size);
  guint n = g_rand_int_range (rand, 1, 6);

  g_string_append_len (buf, (const char *) data, size);
  for (guint i = 0; i < n; i++)
    {
      guint pos = buf->len ? g_rand_int_range (rand, 0, buf->len + 1) : 0;
      gsize run = g_rand_int_range (rand, 1, 300);   /* MIN evaluates twice: draw once */

      switch (g_rand_int_range (rand, 0, 6))
        {
        case 0:   /* flip a byte */
          if (pos < buf->len)
            buf->str[pos] ^= 1u << g_rand_int_range (rand, 0, 8);
          break;
        case 1:   /* insert a token */
          {
            const char *t = tokens[g_rand_int_range (rand, 0, G_N_ELEMENTS (tokens))];

            g_string_insert_len (buf, pos, t, strlen (t));
          }
          break;
        case 2:   /* delete a run */
          if (pos < buf->len)
            g_string_erase (buf, pos, MIN (buf->len - pos, run / 4 + 1));
          break;
        case 3:   /* truncate */
          g_string_truncate (buf, pos);
          break;
        case 4:   /* duplicate a run */
          if (pos < buf->len)
            {
              gsize len = MIN (buf->len - pos, run);
              g_autofree char *copy = g_memdup2 (buf->str + pos, len);

              g_string_insert_len (buf, g_rand_int_range (rand, 0, buf->len + 1), copy, len);
            }
          break;
        default:  /* splice in a run of another input */
          {
            GBytes *other = corpus->pdata[g_rand_int_range (rand, 0, corpus->len)];
            gsize other_size;
            const guint8 *other_data = g_bytes_get_data (other, &other_size);

            if (other_size > 0)
              {
                guint from = g_rand_int_range (rand, 0, other_size);
                guint len = MIN (other_size - from, run);

                g_string_insert_len (buf, pos, (const char *) other_data + from, len);
              }
          }
          break;
        }
    }
  return g_string_free_to_bytes (buf);
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) corpus = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GOptionContext) context = g_option_context_new ("CORPUS-DIR… — replay and mutate a corpus");
  g_autoptr (GError) error = NULL;
  double seconds = 5;
  gint64 seed = 1, only = -1, end;
  guint64 runs = 0;
  GOptionEntry entries[] = {
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Time for mutations (default 5)", "S" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "First seed (default 1)", "N" },
    { "only", 0, 0, G_OPTION_ARG_INT64, &only, "Run mutation number I only", "I" },
    { NULL },
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2)
    {
      g_printerr ("%s\n", error ? error->message : "give a corpus folder");
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, &error);
      const char *name;

      if (dir == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
      while ((name = g_dir_read_name (dir)))
        {
          g_autofree char *path = g_build_filename (argv[i], name, NULL);
          char *data;
          gsize size;

          if (!g_file_get_contents (path, &data, &size, &error))
            {
              g_printerr ("%s\n", error->message);
              return 2;
            }
          g_ptr_array_add (corpus, g_bytes_new_take (data, size));
        }
    }
  if (corpus->len == 0)
    {
      g_printerr ("empty corpus\n");
      return 2;
    }

  if (only < 0)
    for (guint i = 0; i < corpus->len; i++)
      {
        gsize size;
        const guint8 *data = g_bytes_get_data (corpus->pdata[i], &size);

        LLVMFuzzerTestOneInput (data, size);
        runs++;
      }

  end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  for (gint64 i = MAX (only, 0); only >= 0 ? i == only : g_get_monotonic_time () < end; i++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) (seed + i));
      g_autoptr (GBytes) input = mutate (corpus, rand);
      gsize size;
      const guint8 *data = g_bytes_get_data (input, &size);

      LLVMFuzzerTestOneInput (data, size);
      runs++;
    }
  printf ("%u corpus inputs, %" G_GUINT64_FORMAT " runs in all, no crash (seed %" G_GINT64_FORMAT ")\n",
          corpus->len, runs, seed);
  return 0;
}
