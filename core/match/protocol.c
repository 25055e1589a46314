/* The engine protocol's shared syntax (see protocol.h). */
#include <glib/gi18n.h>
#include <string.h>

#include "match/protocol.h"
#include "rules/notation.h"
#include "rules/postext.h"

G_DEFINE_QUARK (ts-protocol-error-quark, ts_protocol_error)

static gboolean
is_doseki_letter (const char *word)
{
  return g_ascii_isupper (word[0]) && word[1] == '\0';
}

GStrv
ts_protocol_split_moves (const char *text)
{
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\r\n", -1);
  g_autoptr (GStrvBuilder) moves = g_strv_builder_new ();

  for (guint i = 0; words[i]; i++)
    {
      if (!*words[i])
        continue;
      if (is_doseki_letter (words[i]))
        {
          guint j = i + 1;
          while (words[j] && !*words[j])
            j++;
          if (words[j])
            {
              g_autofree char *joined = g_strconcat (words[i], " ", words[j], NULL);
              g_strv_builder_add (moves, joined);
              i = j;
              continue;
            }
        }
      g_strv_builder_add (moves, words[i]);
    }
  return g_strv_builder_end (moves);
}

void
ts_protocol_position_clear (TsProtocolPosition *position)
{
  g_clear_pointer (&position->start, ts_position_free);
  g_clear_pointer (&position->current, ts_position_free);
  g_clear_pointer (&position->moves, g_array_unref);
  position->initial = FALSE;
}

/* The words of args up to "moves" (or the end): *rest points after "moves", or NULL. */
static GStrv
words_before_moves (const char *args, const char **rest)
{
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();
  const char *p = args;

  *rest = NULL;
  for (;;)
    {
      const char *end;

      while (*p && g_ascii_isspace (*p))
        p++;
      if (!*p)
        break;
      for (end = p; *end && !g_ascii_isspace (*end); end++)
        ;
      if (end - p == 5 && strncmp (p, "moves", 5) == 0)
        {
          *rest = end;
          break;
        }
      {
        g_autofree char *word = g_strndup (p, (gsize) (end - p));
        g_strv_builder_add (words, word);
      }
      p = end;
    }
  return g_strv_builder_end (words);
}

static TsPosition *
read_start (GStrv words, const TsVariant *default_variant, gboolean *initial, GError **error)
{
  const TsVariant *v = NULL;
  g_autoptr (TsPosition) p = NULL;
  guint i = 0;

  if (words[i] && strcmp (words[i], "variant") == 0)
    {
      if (!words[i + 1])
        {
          g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_SYNTAX,
                       _("“variant” needs a variant id"));
          return NULL;
        }
      if (!(v = ts_variant_lookup (words[i + 1])))
        {
          g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_VARIANT,
                       _("unknown variant “%s”"), words[i + 1]);
          return NULL;
        }
      i += 2;
    }
  if (words[i] && strcmp (words[i], "text") == 0)
    {
      g_autofree char *text = g_strjoinv (" ", words + i + 1);
      g_autoptr (GError) local = NULL;

      if (!(p = ts_position_from_text (text, &local)))
        {
          g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_POSITION,
                       _("bad position text: %s"), local->message);
          return NULL;
        }
      if (v && ts_position_variant (p) != v)
        {
          g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_VARIANT,
                       _("the position text is a %s position, not %s"),
                       ts_position_variant (p)->id, v->id);
          return NULL;
        }
      *initial = FALSE;
      return g_steal_pointer (&p);
    }
  if (words[i] && strcmp (words[i], "startpos") == 0)
    i++;
  if (words[i])
    {
      g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_SYNTAX,
                   _("unexpected “%s”: expected variant ID, startpos, text or moves"), words[i]);
      return NULL;
    }
  if (!v && !(v = default_variant))
    {
      g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_SYNTAX,
                   _("no variant: give “variant ID”"));
      return NULL;
    }
  *initial = TRUE;
  return ts_position_new_initial (v);
}

gboolean
ts_protocol_parse_position (const char         *args,
                            const TsVariant    *default_variant,
                            TsProtocolPosition *out,
                            GError            **error)
{
  const char *rest;
  g_auto (GStrv) words = words_before_moves (args ? args : "", &rest);
  g_auto (GStrv) moves = NULL;
  gboolean initial = FALSE;
  g_autoptr (TsPosition) start = read_start (words, default_variant, &initial, error);
  g_autoptr (TsPosition) current = NULL;
  g_autoptr (GArray) played = g_array_new (FALSE, FALSE, sizeof (TsMove));

  memset (out, 0, sizeof *out);
  if (!start)
    return FALSE;
  current = ts_position_copy (start);
  moves = ts_protocol_split_moves (rest);
  for (guint i = 0; moves[i]; i++)
    {
      g_autoptr (GError) local = NULL;
      TsMove m;
      TsUndo undo;

      if (!ts_move_parse (current, moves[i], &m, &local))
        {
          g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_MOVE,
                       _("move %u “%s”: %s"), i + 1, moves[i], local->message);
          return FALSE;
        }
      ts_position_make (current, m, &undo);
      g_array_append_val (played, m);
    }
  out->start = g_steal_pointer (&start);
  out->current = g_steal_pointer (&current);
  out->initial = initial;
  out->moves = g_steal_pointer (&played);
  return TRUE;
}

char *
ts_protocol_format_position (const TsPosition  *start,
                             gboolean           initial,
                             const char *const *san,
                             guint              n_moves)
{
  GString *s = g_string_new ("variant ");

  g_string_append (s, ts_position_variant (start)->id);
  if (initial)
    g_string_append (s, " startpos");
  else
    {
      g_autofree char *text = ts_position_to_text (start);
      g_string_append_printf (s, " text %s", text);
    }
  if (n_moves)
    g_string_append (s, " moves");
  for (guint i = 0; i < n_moves; i++)
    g_string_append_printf (s, " %s", san[i]);
  return g_string_free (s, FALSE);
}
