/* Indexing a collection file: where each game's text begins and ends, its header and its
 * main line's length, found in one pass over the bytes without reading the moves
 * (docs/file-format.md, "Collections"). A game whose header the index cannot take is read
 * by the game reader for its error, so that its message is the reader's. */
#include "records/collection-private.h"
#include "records/game-private.h"

#include <glib/gi18n.h>
#include <string.h>

#define MAX_XML_DEPTH 1024

typedef struct {
  const char *data, *p, *end;
  guint       line;
  const char *source;
  GPtrArray  *entries;
  guint       next_id;
} Scan;

/* At a line end: LF, CR LF or a lone CR (as the readers count lines). */
static inline gboolean
at_newline (const Scan *s)
{
  return *s->p == '\n' || *s->p == '\r';
}

static inline void
skip_newline (Scan *s)
{
  if (*s->p == '\r' && s->p + 1 < s->end && s->p[1] == '\n')
    s->p++;
  s->p++;
  s->line++;
}

/* Moves to the first occurrence of what (counting lines on the way) and past it; FALSE,
 * at the end, when it is not there. */
static gboolean
skip_past (Scan *s, const char *what)
{
  gsize n = strlen (what);

  while (s->p < s->end)
    {
      if ((gsize) (s->end - s->p) >= n && memcmp (s->p, what, n) == 0)
        {
          s->p += n;
          return TRUE;
        }
      if (at_newline (s))
        skip_newline (s);
      else
        s->p++;
    }
  return FALSE;
}

static gboolean
is_indexed_field (guint field)
{
  return field == TS_GAME_EVENT || field == TS_GAME_SITE || field == TS_GAME_DATE ||
         field == TS_GAME_ROUND || field == TS_GAME_RESULT || field == TS_GAME_STIPULATION;
}

/* A header value as the readers keep it: one clean line. */
static void
set_string (char **slot, const char *value)
{
  g_free (*slot);
  *slot = ts_record_clean_text (value, TRUE);
}

/* Sets what a tag (either form's name for a field or a seat) says; FALSE for a name that
 * is neither. */
static gboolean
take_header_tag (TsCollectionEntry *e, const char *name, const char *value)
{
  guint field, seat;

  switch (e->variant ? ts_record_reserved_tag (e->variant, name, &field, &seat) : TS_RESERVED_NONE)
    {
    case TS_RESERVED_FIELD:
      if (is_indexed_field (field) && e->fields[field] == NULL)
        set_string (&e->fields[field], value);
      return TRUE;
    case TS_RESERVED_SEAT:
      if (e->players[seat] == NULL)
        set_string (&e->players[seat], value);
      return TRUE;
    default:
      return FALSE;
    }
}

/* The bytes of [from, to) as a slice of data. */
static GBytes *
slice (GBytes *data, const char *base, const char *from, const char *to)
{
  return g_bytes_new_from_bytes (data, from - base, to - from);
}

/* A game the index could not take: the reader says why. Should the reader take it after
 * all, its header comes from the game. */
static void
judge_by_reader (TsCollectionEntry *e, const char *source)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = ts_collection_read_bytes (e->bytes, e->line, source, &error);

  if (game)
    ts_collection_entry_set_header (e, game);
  else
    e->error = g_steal_pointer (&error);
}

static gboolean
too_many_games (Scan *s, GError **error)
{
  if (s->entries->len < TS_COLLECTION_MAX_GAMES)
    return FALSE;
  ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, s->source, s->line,
                       _("more than %d games"), TS_COLLECTION_MAX_GAMES);
  return TRUE;
}

/* ---- The text form ---- */

#define SYMBOL_STOP "{}()[];$\""

static void
text_skip_line (Scan *s)
{
  while (s->p < s->end && !at_newline (s))
    s->p++;
}

/* Spaces, line ends, and lines that begin with % (PGN's escape). */
static void
text_skip_space (Scan *s)
{
  while (s->p < s->end)
    {
      char c = *s->p;

      if (c == '\n' || c == '\r')
        {
          skip_newline (s);
          if (s->p < s->end && *s->p == '%')
            text_skip_line (s);
        }
      else if (c == ' ' || c == '\t' || c == '\f' || c == '\v')
        s->p++;
      else
        break;
    }
}

typedef struct {
  const char *name;
  gsize       name_len;
  char       *value;
} RawTag;

static void
raw_tag_clear (RawTag *t)
{
  g_free (t->value);
}

/* [Name "value"] as the reader reads it; FALSE for anything else. */
static gboolean
text_read_tag (Scan *s, GArray *tags)
{
  RawTag tag = { 0 };
  GString *value;

  s->p++;
  text_skip_space (s);
  tag.name = s->p;
  while (s->p < s->end && (g_ascii_isalnum (*s->p) || *s->p == '_'))
    s->p++;
  tag.name_len = s->p - tag.name;
  if (tag.name_len == 0 || tag.name_len > TS_RECORD_MAX_TAG_NAME)
    return FALSE;
  text_skip_space (s);
  if (s->p >= s->end || *s->p != '"')
    return FALSE;
  s->p++;
  value = g_string_new (NULL);
  while (s->p < s->end && *s->p != '"' && *s->p != '\n')
    {
      if (*s->p == '\\' && s->p + 1 < s->end && (s->p[1] == '"' || s->p[1] == '\\'))
        s->p++;
      g_string_append_c (value, *s->p++);
    }
  tag.value = g_string_free (value, FALSE);
  g_array_append_val (tags, tag);
  if (s->p >= s->end || *s->p != '"')
    return FALSE;
  s->p++;
  text_skip_space (s);
  if (s->p >= s->end || *s->p != ']')
    return FALSE;
  s->p++;
  return TRUE;
}

static gboolean
tag_is (const RawTag *t, const char *name)
{
  return t->name_len == strlen (name) && memcmp (t->name, name, t->name_len) == 0;
}

/* The header from the tags; FALSE when the reader would refuse them (no or an unknown
 * variant, a name given twice). */
static gboolean
text_take_tags (TsCollectionEntry *e, GArray *tags)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < tags->len; i++)
    {
      const RawTag *t = &g_array_index (tags, RawTag, i);
      char *name = g_strndup (t->name, t->name_len);

      if (!g_hash_table_add (seen, name))
        return FALSE;
      if (tag_is (t, "Variant") && (e->variant = ts_variant_lookup (t->value)) == NULL)
        return FALSE;
    }
  if (e->variant == NULL || tags->len > TS_RECORD_MAX_TAGS + TS_GAME_N_FIELDS + TS_MAX_SEATS + 2)
    return FALSE;
  for (guint i = 0; i < tags->len; i++)
    {
      const RawTag *t = &g_array_index (tags, RawTag, i);
      g_autofree char *name = g_strndup (t->name, t->name_len);

      take_header_tag (e, name, t->value);
    }
  return TRUE;
}

/* A result token of the text form (the reader's test, without its allocations for the
 * tokens that cannot be one). */
static gboolean
text_is_result (const char *token, gsize len, guint n_seats)
{
  g_autofree char *copy = NULL;

  if (len == 0 || strspn (token, "01/2-*") < len)
    return FALSE;
  copy = g_strndup (token, len);
  return ts_record_result_is_valid (copy, n_seats) || ts_record_result_is_valid (copy, 2);
}

/* The move text, up to the next game's first tag (a [ outside a comment: the reader
 * allows none there) or the end; counts the main line's moves. FALSE when a comment is
 * not closed (the rest of the file is then this game). */
static gboolean
text_scan_moves (Scan *s, TsCollectionEntry *e, const char **last)
{
  guint n_seats = e->variant ? e->variant->n_seats : 2;
  int depth = 0;

  for (text_skip_space (s); s->p < s->end; text_skip_space (s))
    {
      char c = *s->p;

      if (c == '[')
        return TRUE;
      if (c == '{')
        {
          if (!skip_past (s, "}"))
            {
              *last = s->end;
              return FALSE;
            }
        }
      else if (c == ';')
        text_skip_line (s);
      else if (c == '(' || c == ')')
        {
          depth += c == '(' ? 1 : -1;
          s->p++;
        }
      else if (strchr (SYMBOL_STOP, c) || c == '\0')
        {
          s->p++;
          if (c == '$')
            while (s->p < s->end && g_ascii_isdigit (*s->p))
              s->p++;
        }
      else
        {
          const char *token = s->p, *q;
          gsize len;

          while (s->p < s->end && !g_ascii_isspace (*s->p) && !strchr (SYMBOL_STOP, *s->p) && *s->p)
            s->p++;
          len = s->p - token;
          /* Doseki's moves: a piece letter, a space, its cells ("H Ad2,Ae2-Ad4"). */
          if (len == 1 && g_ascii_isupper (*token) && s->p + 1 < s->end && *s->p == ' ' &&
              !g_ascii_isspace (s->p[1]) && !strchr (SYMBOL_STOP, s->p[1]))
            {
              for (s->p++; s->p < s->end && !g_ascii_isspace (*s->p) && !strchr (SYMBOL_STOP, *s->p) && *s->p; s->p++)
                ;
            }
          else
            {
              for (q = token; q < s->p && g_ascii_isdigit (*q); q++)
                ;
              while (q > token && q < s->p && *q == '.')
                q++;
              if (q == s->p || text_is_result (token, len, n_seats))
                {
                  *last = s->p;
                  continue;   /* a move number or the result */
                }
            }
          if (depth == 0)
            e->n_plies++;
        }
      *last = s->p;
    }
  return TRUE;
}

static gboolean
index_text (Scan *s, GBytes *data, TsCollectionIndex *out, GError **error)
{
  const char *first;

  if (s->end - s->p >= 3 && memcmp (s->p, "\xef\xbb\xbf", 3) == 0)
    s->p += 3;
  if (s->p < s->end && *s->p == '%')
    text_skip_line (s);
  text_skip_space (s);
  if (s->p >= s->end || *s->p != '[')
    {
      /* README.md, a picture: the readers' own message. */
      ts_record_set_error (error, TS_RECORD_ERROR_NOT_A_GAME, s->source, 0,
                           _("not a Tessera game or a game text file"));
      return FALSE;
    }
  first = s->p;
  out->prolog = slice (data, s->data, s->data, first);
  while (s->p < s->end)
    {
      g_autoptr (GArray) tags = g_array_new (FALSE, TRUE, sizeof (RawTag));
      TsCollectionEntry *e;
      const char *start = s->p, *last = s->p;
      gboolean good = TRUE;

      if (too_many_games (s, error))
        return FALSE;
      g_array_set_clear_func (tags, (GDestroyNotify) raw_tag_clear);
      e = ts_collection_entry_new ();
      e->id = s->next_id++;
      e->line = s->line;
      g_ptr_array_add (s->entries, e);
      for (; s->p < s->end && *s->p == '['; text_skip_space (s))
        {
          if (!text_read_tag (s, tags))
            {
              good = FALSE;
              text_skip_line (s);
            }
          last = s->p;
        }
      good &= text_take_tags (e, tags);
      good &= text_scan_moves (s, e, &last);
      e->bytes = slice (data, s->data, start, last);
      if (s->p < s->end)
        e->sep = slice (data, s->data, last, s->p);
      good &= g_utf8_validate_len (start, last - start, NULL);
      if (!good)
        judge_by_reader (e, s->source);
    }
  {
    TsCollectionEntry *final = s->entries->pdata[s->entries->len - 1];
    gsize size;
    const char *end = g_bytes_get_data (final->bytes, &size);

    out->trailer = slice (data, s->data, end + size, s->end);
  }
  out->single = s->entries->len == 1;
  return TRUE;
}

/* ---- The XML form ---- */

typedef struct {
  const char *name;
  gsize       len;
} Name;

typedef struct {
  Scan               s;
  GBytes            *data;
  GArray            *stack;       /* Name: the open elements */
  gboolean           single;
  TsCollectionEntry *game;        /* being read, or NULL */
  const char        *game_start;
  guint              game_depth;  /* the stack's length with its element on it */
  gboolean           game_good;
  int                text_field;  /* the header element whose text is read: a field, */
  int                text_seat;   /* or a seat's player, or -1 */
  GString           *text;
  const char        *root_end;    /* after the root's start tag */
  const char        *declaration, *declaration_end;
} XmlScan;

static gboolean
name_is (Name n, const char *what)
{
  return n.len == strlen (what) && memcmp (n.name, what, n.len) == 0;
}

static gboolean
is_xml_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void
xml_skip_space (Scan *s)
{
  while (s->p < s->end && is_xml_space (*s->p))
    {
      if (at_newline (s))
        skip_newline (s);
      else
        s->p++;
    }
}

static Name
xml_read_name (Scan *s)
{
  Name n = { s->p, 0 };

  while (s->p < s->end && !is_xml_space (*s->p) && !strchr ("=>/<\"'", *s->p))
    s->p++;
  n.len = s->p - n.name;
  return n;
}

/* Appends text with the predefined entities and character references replaced; FALSE
 * for any other reference (the reader refuses those). */
static gboolean
append_xml_text (GString *out, const char *p, const char *end)
{
  static const char *const entities[][2] = {
    { "lt;", "<" }, { "gt;", ">" }, { "amp;", "&" }, { "quot;", "\"" }, { "apos;", "'" },
  };

  while (p < end)
    {
      const char *amp = memchr (p, '&', end - p);
      gboolean known = FALSE;

      if (amp == NULL)
        {
          g_string_append_len (out, p, end - p);
          break;
        }
      g_string_append_len (out, p, amp - p);
      p = amp + 1;
      for (guint i = 0; i < G_N_ELEMENTS (entities) && !known; i++)
        if ((gsize) (end - p) >= strlen (entities[i][0]) &&
            memcmp (p, entities[i][0], strlen (entities[i][0])) == 0)
          {
            g_string_append (out, entities[i][1]);
            p += strlen (entities[i][0]);
            known = TRUE;
          }
      if (!known && p < end && *p == '#')
        {
          gboolean hex = p + 1 < end && p[1] == 'x';
          const char *q = p + 1 + hex;
          guint64 c = 0;

          for (; q < end && (hex ? g_ascii_isxdigit (*q) : g_ascii_isdigit (*q)) && c <= 0x10ffff; q++)
            c = c * (hex ? 16 : 10) + g_ascii_xdigit_value (*q);
          if (q < end && *q == ';' && q > p + 1 + hex && c > 0 && c <= 0x10ffff && g_unichar_validate (c))
            {
              g_string_append_unichar (out, (gunichar) c);
              p = q + 1;
              known = TRUE;
            }
        }
      if (!known)
        return FALSE;
    }
  return TRUE;
}

typedef struct {
  Name  name;
  char *value;   /* entities replaced; NULL when one is not known */
} Attribute;

static void
attribute_clear (Attribute *a)
{
  g_free (a->value);
}

static const char *
attribute_get (GArray *attrs, const char *name)
{
  for (guint i = 0; i < attrs->len; i++)
    if (name_is (g_array_index (attrs, Attribute, i).name, name))
      return g_array_index (attrs, Attribute, i).value;
  return NULL;
}

/* Attributes up to the tag's end: FALSE when the tag is not closed by the end of the file.
 * *empty: it ends with "/>"; *good: it reads as XML. */
static gboolean
xml_read_attributes (Scan *s, GArray *attrs, gboolean *empty, gboolean *good)
{
  for (;;)
    {
      Attribute a = { { NULL, 0 }, NULL };
      char quote;
      const char *value;
      GString *text;

      xml_skip_space (s);
      if (s->p >= s->end)
        return FALSE;
      if (*s->p == '>' || (*s->p == '/' && s->p + 1 < s->end && s->p[1] == '>'))
        {
          *empty = *s->p == '/';
          s->p += *empty ? 2 : 1;
          return TRUE;
        }
      a.name = xml_read_name (s);
      xml_skip_space (s);
      if (a.name.len == 0 || s->p >= s->end || *s->p != '=')
        {
          /* Not XML: find the tag's end and let the reader say what is wrong. */
          *good = FALSE;
          if (s->p < s->end && a.name.len == 0)
            s->p++;
          continue;
        }
      s->p++;
      xml_skip_space (s);
      if (s->p >= s->end || (*s->p != '"' && *s->p != '\''))
        {
          *good = FALSE;
          continue;
        }
      quote = *s->p++;
      value = s->p;
      while (s->p < s->end && *s->p != quote)
        {
          *good &= *s->p != '<';
          if (at_newline (s))
            skip_newline (s);
          else
            s->p++;
        }
      if (s->p >= s->end)
        return FALSE;
      text = g_string_new (NULL);
      if (append_xml_text (text, value, s->p))
        a.value = g_string_free (text, FALSE);
      else
        {
          g_string_free (text, TRUE);
          *good = FALSE;
        }
      s->p++;
      g_array_append_val (attrs, a);
    }
}

static gboolean
xml_fail (XmlScan *x, GError **error, TsRecordError code, guint line, const char *format, ...) G_GNUC_PRINTF (5, 6);

static gboolean
xml_fail (XmlScan *x, GError **error, TsRecordError code, guint line, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  ts_record_set_error (error, code, x->s.source, line, "%s", message);
  return FALSE;
}

static void
xml_game_begin (XmlScan *x, const char *tag_start, GArray *attrs, guint line)
{
  const char *format = attribute_get (attrs, "format");
  const char *variant = attribute_get (attrs, "variant");

  x->game = ts_collection_entry_new ();
  x->game->id = x->s.next_id++;
  x->game->line = line;
  x->game_start = tag_start;
  x->game_depth = x->stack->len;
  x->game_good = format && strcmp (format, "1") == 0 && variant &&
                 (x->game->variant = ts_variant_lookup (variant)) != NULL;
  g_ptr_array_add (x->s.entries, x->game);
}

static void
xml_game_end (XmlScan *x)
{
  x->game->bytes = slice (x->data, x->s.data, x->game_start, x->s.p);
  if (!x->game_good)
    judge_by_reader (x->game, x->s.source);
  x->game = NULL;
}

/* A start tag inside a game: the header's elements and the main line's moves. */
static void
xml_game_element (XmlScan *x, Name name, GArray *attrs, gboolean empty)
{
  guint depth = x->stack->len + 1 - x->game_depth;   /* 1: the game's children */

  x->text_field = x->text_seat = -1;
  if (depth == 2 && name_is (name, "move") &&
      name_is (g_array_index (x->stack, Name, x->stack->len - 1), "moves"))
    x->game->n_plies++;
  if (depth != 1 || empty)
    return;
  if (name_is (name, "player"))
    {
      const char *seat = attribute_get (attrs, "seat");
      guint64 n;

      if (seat && x->game->variant && g_ascii_isdigit (seat[0]) &&
          g_ascii_string_to_unsigned (seat, 10, 0, x->game->variant->n_seats - 1, &n, NULL))
        x->text_seat = (int) n;
      else
        x->game_good = FALSE;
    }
  else if (name_is (name, "tag"))
    {
      const char *tag = attribute_get (attrs, "name");

      /* An earlier writer's tag for a field or a player (docs/file-format.md). */
      if (tag && x->game->variant)
        {
          guint field, seat;

          switch (ts_record_reserved_tag (x->game->variant, tag, &field, &seat))
            {
            case TS_RESERVED_FIELD:
              x->text_field = is_indexed_field (field) && !x->game->fields[field] ? (int) field : -1;
              break;
            case TS_RESERVED_SEAT:
              x->text_seat = !x->game->players[seat] ? (int) seat : -1;
              break;
            default:
              break;
            }
        }
    }
  else
    for (guint f = 0; f < TS_GAME_N_FIELDS; f++)
      {
        static const char *const elements[TS_GAME_N_FIELDS] = {
          "event", "site", "date", "round", "result", "stipulation", "solution", "time-control",
        };

        if (is_indexed_field (f) && name_is (name, elements[f]))
          x->text_field = (int) f;
      }
  g_string_truncate (x->text, 0);
}

/* The end of a header element whose text was read. */
static void
xml_take_text (XmlScan *x)
{
  if (x->text_field >= 0)
    set_string (&x->game->fields[x->text_field], x->text->str);
  else if (x->text_seat >= 0)
    set_string (&x->game->players[x->text_seat], x->text->str);
  x->text_field = x->text_seat = -1;
}

static gboolean
xml_start_tag (XmlScan *x, GError **error)
{
  g_autoptr (GArray) attrs = g_array_new (FALSE, TRUE, sizeof (Attribute));
  const char *tag_start = x->s.p;
  guint line = x->s.line;
  gboolean empty = FALSE, good = TRUE;
  Name name;

  g_array_set_clear_func (attrs, (GDestroyNotify) attribute_clear);
  x->s.p++;
  name = xml_read_name (&x->s);
  if (!xml_read_attributes (&x->s, attrs, &empty, &good))
    return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line, _("malformed XML: the tag <%.*s is not closed"),
                     (int) MIN (name.len, 40), name.name);
  if (x->stack->len >= MAX_XML_DEPTH)
    return xml_fail (x, error, TS_RECORD_ERROR_INVALID, line, _("elements nested more than %d deep"), MAX_XML_DEPTH);

  if (x->stack->len == 0)
    {
      if (x->root_end != NULL)
        return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line, _("malformed XML: a second root element"));
      if (name_is (name, "tessera-game"))
        {
          x->single = TRUE;
          x->root_end = x->s.p;
          g_array_append_val (x->stack, name);
          xml_game_begin (x, tag_start, attrs, line);
          x->game_good &= good;
          if (empty)
            {
              g_array_set_size (x->stack, 0);
              xml_game_end (x);
            }
          return TRUE;
        }
      if (!name_is (name, "tessera-collection"))
        return xml_fail (x, error, TS_RECORD_ERROR_NOT_A_GAME, line,
                         _("not a Tessera game: the root element is <%.*s>, not <tessera-game> or <tessera-collection>"),
                         (int) MIN (name.len, 40), name.name);
      if (!good || attrs->len != 1 || attribute_get (attrs, "format") == NULL)
        return xml_fail (x, error, TS_RECORD_ERROR_INVALID, line,
                         _("<tessera-collection> takes one attribute, format=\"1\""));
      if (strcmp (attribute_get (attrs, "format"), "1") != 0)
        return xml_fail (x, error, TS_RECORD_ERROR_VERSION, line,
                         _("collection format version %.40s is not supported (this program reads version %d)"),
                         attribute_get (attrs, "format"), 1);
      x->root_end = x->s.p;
      if (!empty)
        g_array_append_val (x->stack, name);
      return TRUE;
    }
  if (x->game == NULL)
    {
      /* In the collection's root: games only. */
      if (!name_is (name, "tessera-game"))
        return xml_fail (x, error, TS_RECORD_ERROR_INVALID, line,
                         _("element <%.*s> is not allowed in <tessera-collection>"),
                         (int) MIN (name.len, 40), name.name);
      if (too_many_games (&x->s, error))
        return FALSE;
      g_array_append_val (x->stack, name);
      xml_game_begin (x, tag_start, attrs, line);
      x->game_good &= good;
      if (empty)
        {
          g_array_set_size (x->stack, x->stack->len - 1);
          xml_game_end (x);
        }
      return TRUE;
    }
  x->game_good &= good;
  xml_game_element (x, name, attrs, empty);
  if (!empty)
    g_array_append_val (x->stack, name);
  return TRUE;
}

static gboolean
xml_end_tag (XmlScan *x, GError **error)
{
  guint line = x->s.line;
  Name name, top;

  x->s.p += 2;
  name = xml_read_name (&x->s);
  xml_skip_space (&x->s);
  if (x->s.p >= x->s.end || *x->s.p != '>')
    return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line, _("malformed XML: the end tag </%.*s is not closed"),
                     (int) MIN (name.len, 40), name.name);
  x->s.p++;
  if (x->stack->len == 0)
    return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line, _("malformed XML: </%.*s> outside the root element"),
                     (int) MIN (name.len, 40), name.name);
  top = g_array_index (x->stack, Name, x->stack->len - 1);
  if (x->game == NULL)
    {
      /* The collection's root. */
      if (!name_is (name, "tessera-collection"))
        return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line,
                         _("malformed XML: </%.*s> ends <tessera-collection>"), (int) MIN (name.len, 40), name.name);
      g_array_set_size (x->stack, 0);
      return TRUE;
    }
  if (name_is (name, "tessera-game"))
    {
      /* The game's end, whatever was left open inside it (the reader then says what). */
      x->game_good &= x->stack->len == x->game_depth;
      g_array_set_size (x->stack, x->game_depth - 1);
      xml_game_end (x);
      return TRUE;
    }
  if (x->stack->len == x->game_depth + 1)
    xml_take_text (x);
  if (x->stack->len > x->game_depth && top.len == name.len && memcmp (top.name, name.name, name.len) == 0)
    g_array_set_size (x->stack, x->stack->len - 1);
  else
    x->game_good = FALSE;   /* a mismatched end tag: the reader says what */
  return TRUE;
}

/* <?xml …?>: a collection's games are read one by one, each without the declaration, so
 * the file must be UTF-8. */
static gboolean
xml_check_declaration (XmlScan *x, GError **error)
{
  g_autofree char *decl = NULL;
  const char *enc, *q;

  if (x->declaration_end == NULL || x->single)
    return TRUE;
  decl = g_strndup (x->declaration, x->declaration_end - x->declaration);
  if ((enc = strstr (decl, "encoding")) == NULL)
    return TRUE;
  for (q = enc + 8; *q && (is_xml_space (*q) || *q == '='); q++)
    ;
  if ((*q == '"' || *q == '\'') && g_ascii_strncasecmp (q + 1, "UTF-8", 5) == 0 && q[6] == *q)
    return TRUE;
  return xml_fail (x, error, TS_RECORD_ERROR_INVALID, 1,
                   _("a collection must be written in UTF-8 (the declaration names another encoding)"));
}

/* Text between tags: kept when it is a header element's, else it must be white space
 * outside the games. */
static gboolean
xml_text (XmlScan *x, const char *start, GError **error)
{
  if (x->game)
    {
      if (x->text_field >= 0 || x->text_seat >= 0)
        x->game_good &= append_xml_text (x->text, start, x->s.p);
      return TRUE;
    }
  for (const char *p = start; p < x->s.p; p++)
    if (!is_xml_space (*p))
      return xml_fail (x, error, TS_RECORD_ERROR_INVALID, x->s.line,
                       x->stack->len ? _("text is not allowed in <tessera-collection>")
                                     : _("malformed XML: text outside the root element"));
  return TRUE;
}

static gboolean
xml_scan (XmlScan *x, GError **error)
{
  Scan *s = &x->s;

  while (s->p < s->end)
    {
      const char *start = s->p;
      guint line = s->line;

      if (*s->p != '<')
        {
          while (s->p < s->end && *s->p != '<')
            {
              if (at_newline (s))
                skip_newline (s);
              else
                s->p++;
            }
          if (!xml_text (x, start, error))
            return FALSE;
          continue;
        }
      if (s->end - s->p >= 4 && memcmp (s->p, "<!--", 4) == 0)
        {
          if (!skip_past (s, "-->"))
            return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line, _("malformed XML: a comment is not closed"));
        }
      else if (s->end - s->p >= 9 && memcmp (s->p, "<![CDATA[", 9) == 0)
        {
          if (!skip_past (s, "]]>"))
            return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line, _("malformed XML: a CDATA section is not closed"));
          if (x->game == NULL)
            return xml_fail (x, error, TS_RECORD_ERROR_INVALID, line, _("text is not allowed in <tessera-collection>"));
          if (x->text_field >= 0 || x->text_seat >= 0)
            g_string_append_len (x->text, start + 9, s->p - start - 12);
        }
      else if (s->end - s->p >= 2 && memcmp (s->p, "<!", 2) == 0)
        return xml_fail (x, error, TS_RECORD_ERROR_FORBIDDEN, line,
                         _("document type declarations (DTDs, entities) are not allowed"));
      else if (s->end - s->p >= 2 && memcmp (s->p, "<?", 2) == 0)
        {
          if (!skip_past (s, "?>"))
            return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, line,
                             _("malformed XML: a processing instruction is not closed"));
          if (x->root_end == NULL && s->end - start > 5 && memcmp (start, "<?xml", 5) == 0 &&
              is_xml_space (start[5]))
            {
              x->declaration = start;
              x->declaration_end = s->p;
            }
        }
      else if (s->end - s->p >= 2 && s->p[1] == '/')
        {
          if (!xml_end_tag (x, error))
            return FALSE;
        }
      else if (!xml_start_tag (x, error))
        return FALSE;
    }
  if (x->root_end == NULL)
    return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, s->line, _("malformed XML: no root element"));
  if (x->stack->len > 0)
    return xml_fail (x, error, TS_RECORD_ERROR_MALFORMED, s->line,
                     _("malformed XML: the file ends inside <%.*s>"),
                     (int) MIN (g_array_index (x->stack, Name, 0).len, 40), g_array_index (x->stack, Name, 0).name);
  return TRUE;
}

static gboolean
index_xml (Scan *s, GBytes *data, TsCollectionIndex *out, GError **error)
{
  XmlScan x = { *s, data, g_array_new (FALSE, FALSE, sizeof (Name)), FALSE, NULL, NULL, 0, TRUE, -1, -1,
                g_string_new (NULL), NULL, NULL, NULL };
  gboolean ok;

  if (x.s.end - x.s.p >= 3 && memcmp (x.s.p, "\xef\xbb\xbf", 3) == 0)
    x.s.p += 3;
  ok = xml_scan (&x, error) && xml_check_declaration (&x, error);
  if (ok)
    {
      const char *first = s->data, *after = x.root_end;

      /* The prolog ends where the first game begins (or, without games, after the root's
       * start tag and the line end after it); the trailer begins after the last game. */
      if (s->entries->len > 0)
        {
          gsize size;
          const char *last;

          first = g_bytes_get_data (((TsCollectionEntry *) s->entries->pdata[0])->bytes, NULL);
          last = g_bytes_get_data (((TsCollectionEntry *) s->entries->pdata[s->entries->len - 1])->bytes, &size);
          after = last + size;
          for (guint i = 0; i + 1 < s->entries->len; i++)
            {
              TsCollectionEntry *e = s->entries->pdata[i];
              const char *end = (const char *) g_bytes_get_data (e->bytes, &size) + size;
              const char *next = g_bytes_get_data (((TsCollectionEntry *) s->entries->pdata[i + 1])->bytes, NULL);

              e->sep = slice (data, s->data, end, next);
            }
        }
      else
        {
          if (after < s->end && *after == '\r')
            after++;
          if (after < s->end && *after == '\n')
            after++;
          first = after;
        }
      out->prolog = slice (data, s->data, s->data, first);
      out->trailer = slice (data, s->data, after, s->end);
      out->single = x.single;
    }
  g_array_unref (x.stack);
  g_string_free (x.text, TRUE);
  s->next_id = x.s.next_id;
  return ok;
}

gboolean
ts_collection_index (GBytes *data, const char *source, TsCollectionIndex *out, GError **error)
{
  gsize length;
  const char *bytes = g_bytes_get_data (data, &length);
  Scan s = { bytes, bytes, bytes + length, 1, source, g_ptr_array_new_with_free_func ((GDestroyNotify) ts_collection_entry_unref), 1 };
  gsize i = length >= 3 && memcmp (bytes, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
  gboolean ok;

  memset (out, 0, sizeof *out);
  if (length > TS_COLLECTION_MAX_FILE_SIZE)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, source, 0, _("larger than %u bytes"),
                           TS_COLLECTION_MAX_FILE_SIZE);
      g_ptr_array_unref (s.entries);
      return FALSE;
    }
  while (i < length && g_ascii_isspace (bytes[i]))
    i++;
  out->format = i < length && bytes[i] == '<' ? TS_GAME_FORMAT_XML : TS_GAME_FORMAT_TEXT;
  if (out->format == TS_GAME_FORMAT_XML)
    ok = index_xml (&s, data, out, error);
  else
    ok = index_text (&s, data, out, error);
  if (!ok)
    {
      g_ptr_array_unref (s.entries);
      ts_collection_index_clear (out);
      return FALSE;
    }
  out->entries = s.entries;
  return TRUE;
}

void
ts_collection_index_clear (TsCollectionIndex *index)
{
  g_clear_pointer (&index->prolog, g_bytes_unref);
  g_clear_pointer (&index->trailer, g_bytes_unref);
  g_clear_pointer (&index->entries, g_ptr_array_unref);
}

gboolean
ts_collection_index_looks_like_collection (GBytes *data)
{
  gsize length;
  const char *bytes = g_bytes_get_data (data, &length);
  const char *end = bytes + MIN (length, 65536);
  const char *p = bytes;

  /* The first element's name, past the declaration, comments and processing instructions. */
  while ((p = memchr (p, '<', end - p)) != NULL && p + 1 < end && (p[1] == '?' || p[1] == '!'))
    p++;
  return p != NULL && (gsize) (end - p) > 19 && memcmp (p, "<tessera-collection", 19) == 0 &&
         (is_xml_space (p[19]) || p[19] == '>' || p[19] == '/');
}
