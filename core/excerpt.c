#include "excerpt.h"

#include <string.h>

char *
ts_excerpt (const char *text, gssize length)
{
  return ts_excerpt_chars (text, length, TS_EXCERPT_CHARS);
}

char *
ts_excerpt_chars (const char *text, gssize length, guint max_chars)
{
  gsize n = text == NULL ? 0 : length < 0 ? strlen (text) : (gsize) length;
  /* Only the bytes that can make the excerpt are looked at (4 per character at most). */
  gsize look = MIN (n, (gsize) max_chars * 4 + 4);
  g_autofree char *valid = g_utf8_make_valid (text ? text : "", look);
  GString *out = g_string_new (NULL);
  const char *p = valid;
  guint chars = 0;

  for (; *p && chars < max_chars; p = g_utf8_next_char (p), chars++)
    {
      if ((guchar) *p < 0x20 || *p == 0x7f)
        g_string_append_c (out, ' ');
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  if (*p || look < n)
    g_string_append (out, "…");
  return g_string_free (out, FALSE);
}
