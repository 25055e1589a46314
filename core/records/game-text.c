/* The PGN-like text form of a game record: docs/file-format.md. */
#include "records/game-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "excerpt.h"
#include "records/nag.h"
#include "rules/postext.h"

#define LINE_WIDTH 79

static const char *const move_marks[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

/* Writing */

typedef struct {
  const TsGame *game;
  GString      *out;
  gsize         column;
  gboolean      glue;      /* no space before the next token: after "(" */
  guint         n_seats;
  guint         start_ply;
} Writer;

/* Tokens are separated by a space, or a newline before the line grows too long. */
static void
emit (Writer *w, const char *token)
{
  gsize len = strlen (token);
  const char *nl = strrchr (token, '\n');

  if (w->column > 0 && w->column + 1 + len > LINE_WIDTH)
    {
      g_string_append_c (w->out, '\n');
      w->column = 0;
    }
  else if (w->column > 0 && !w->glue)
    {
      g_string_append_c (w->out, ' ');
      w->column++;
    }
  w->glue = FALSE;
  g_string_append (w->out, token);
  w->column = nl ? (gsize) (token + len - nl - 1) : w->column + len;
}

static void
emit_comment (Writer *w, const char *prefix, const char *text)
{
  GString *c = g_string_new ("{");

  if (prefix)
    g_string_append (c, prefix);
  if (prefix && text)
    g_string_append_c (c, ' ');
  if (text)
    for (const char *p = text; *p; p++)
      g_string_append_c (c, *p == '}' ? ')' : *p);   /* braces cannot be escaped */
  g_string_append_c (c, '}');
  emit (w, c->str);
  g_string_free (c, TRUE);
}

static void
format_clock (GString *s, gint64 ms)
{
  gint64 secs = ms / 1000;

  g_string_append_printf (s, "[%%clk %" G_GINT64_FORMAT ":%02d:%02d", secs / 3600,
                          (int) (secs / 60 % 60), (int) (secs % 60));
  if (ms % 1000)
    g_string_append_printf (s, ".%03d", (int) (ms % 1000));
  g_string_append_c (s, ']');
}

static void
format_eval (GString *s, const TsEval *e)
{
  g_string_append (s, "[%eval ");
  if (e->kind == TS_EVAL_MATE)
    g_string_append_printf (s, "#%d", (int) e->value);
  else
    g_string_append_printf (s, "%s%d.%02d", e->value < 0 ? "-" : "", ABS (e->value) / 100,
                            ABS (e->value) % 100);
  if (e->depth > 0)
    g_string_append_printf (s, ",%u", (guint) e->depth);
  g_string_append_c (s, ']');
}

static void
format_analysis (GString *s, guint8 flags)
{
  g_autofree char *words = ts_record_analysis_format (flags);

  g_string_append_printf (s, "[%%analysis %s]", words);
}

/* [%csl GAa1,RCc3] [%cal GAa1-Bb2]: the marked cells, then the arrows, each list in the
 * canonical order (records/shapes.h), after a space when s is not empty. */
static void
format_shapes (GString *s, const TsVariant *variant, const TsAnnotation *a)
{
  for (guint arrows = 0; arrows < 2; arrows++)
    {
      gboolean first = TRUE;

      for (guint i = 0; i < a->n_shapes; i++)
        {
          if (ts_shape_is_arrow (&a->shapes[i]) != (arrows == 1))
            continue;
          if (first && s->len > 0)
            g_string_append_c (s, ' ');
          g_string_append (s, first ? (arrows ? "[%cal " : "[%csl ") : ",");
          ts_shape_append_text (s, variant, &a->shapes[i]);
          first = FALSE;
        }
      if (!first)
        g_string_append_c (s, ']');
    }
}

static gboolean
has_after (const TsGameNode *node)
{
  const TsAnnotation *a = &node->annotation;

  return a->comment_after || a->clock_ms != TS_CLOCK_NONE || a->eval.kind != TS_EVAL_NONE ||
         a->analysis || a->n_shapes > 0;
}

/* ply: of the move, counted from the start of the game. */
static void
write_move (Writer *w, const TsGameNode *node, guint ply, gboolean need_number)
{
  const TsAnnotation *a = &node->annotation;
  char number[32];

  if (ply % w->n_seats == 0)
    g_snprintf (number, sizeof number, "%u.", ply / w->n_seats + 1);
  else
    g_snprintf (number, sizeof number, "%u...", ply / w->n_seats + 1);
  if (a->comment_before)
    emit_comment (w, NULL, a->comment_before);
  if (need_number || a->comment_before || ply % w->n_seats == 0)
    emit (w, number);
  emit (w, node->san);
  for (guint i = 0; i < a->n_nags; i++)
    {
      char nag[8];

      g_snprintf (nag, sizeof nag, "$%u", a->nags[i]);
      emit (w, nag);
    }
  if (has_after (node))
    {
      GString *commands = g_string_new (NULL);

      if (a->clock_ms != TS_CLOCK_NONE)
        format_clock (commands, a->clock_ms);
      if (a->eval.kind != TS_EVAL_NONE)
        {
          if (commands->len)
            g_string_append_c (commands, ' ');
          format_eval (commands, &a->eval);
        }
      if (a->analysis)
        {
          if (commands->len)
            g_string_append_c (commands, ' ');
          format_analysis (commands, a->analysis);
        }
      format_shapes (commands, ts_game_variant (w->game), a);
      emit_comment (w, commands->len ? commands->str : NULL, a->comment_after);
      g_string_free (commands, TRUE);
    }
}

static void
write_line (Writer *w, const TsGameNode *node)
{
  gboolean need_number = TRUE;
  guint ply = w->start_ply + ts_game_node_depth (node) - 1;

  for (; node; ply++)
    {
      gboolean is_main = node->parent->children->pdata[0] == node;

      write_move (w, node, ply, need_number);
      need_number = FALSE;
      if (is_main && node->parent->children->len > 1)
        {
          for (guint i = 1; i < node->parent->children->len; i++)
            {
              emit (w, "(");
              w->glue = TRUE;
              write_line (w, node->parent->children->pdata[i]);
              g_string_append_c (w->out, ')');
              w->column++;
            }
          need_number = TRUE;
        }
      node = ts_game_node_n_children (node) > 0 ? node->children->pdata[0] : NULL;
      /* A comment right after a move is read as that move's: keep a comment that belongs
       * before the next move from being taken for it. */
      if (node && node->annotation.comment_before && !need_number && !has_after (node->parent))
        emit (w, "{}");
    }
}

static void
write_tag (GString *out, const char *name, const char *value)
{
  if (value == NULL)
    return;
  g_string_append_printf (out, "[%s \"", name);
  for (const char *p = value; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append (out, "\"]\n");
}

char *
ts_game_to_text (const TsGame *game, gsize *length)
{
  const TsVariant *variant = ts_game_variant (game);
  const TsGameNode *root = ts_game_root (game);
  const char *result = ts_game_get_field (game, TS_GAME_RESULT);
  Writer w = { game, g_string_new (NULL), 0, FALSE, variant->n_seats,
               ts_position_ply (ts_game_start_position (game)) };

  for (guint f = 0; f < TS_GAME_N_FIELDS; f++)
    {
      if (f == TS_GAME_RESULT)
        for (guint seat = 0; seat < variant->n_seats; seat++)
          {
            g_autofree char *tag = ts_record_seat_tag (variant, seat);

            write_tag (w.out, tag, ts_game_get_player (game, seat));
          }
      if (f == TS_GAME_STIPULATION)
        {
          write_tag (w.out, "Variant", variant->id);
          write_tag (w.out, "Position", ts_game_setup (game));
        }
      write_tag (w.out, ts_game_field_name (f), ts_game_get_field (game, f));
    }
  for (guint i = 0; i < ts_game_n_tags (game); i++)
    {
      const char *name, *value;

      ts_game_tag_nth (game, i, &name, &value);
      write_tag (w.out, name, value);
    }
  g_string_append_c (w.out, '\n');

  if (root->annotation.comment_before || root->annotation.n_shapes > 0)
    {
      g_autoptr (GString) shapes = g_string_new (NULL);

      format_shapes (shapes, variant, &root->annotation);
      emit_comment (&w, shapes->len ? shapes->str : NULL, root->annotation.comment_before);
    }
  else if (ts_game_node_n_children (root) > 0 &&
           ts_game_node_child (root, 0)->annotation.comment_before)
    emit (&w, "{}");
  if (ts_game_node_n_children (root) > 0)
    write_line (&w, root->children->pdata[0]);
  emit (&w, ts_record_result_is_valid (result, variant->n_seats) ? result : "*");
  g_string_append_c (w.out, '\n');

  if (length)
    *length = w.out->len;
  return g_string_free (w.out, FALSE);
}

/* Reading */

typedef struct {
  const char    *source;
  const char    *p, *end;
  guint          line;
  TsGame        *game;
  TsGameBuilder *builder;
  GString       *pending;     /* comments waiting for the next move */
  gboolean       after_open;  /* the last move may still take its after comment */
  gboolean       seen_move;
} Reader;

static gboolean
fail (Reader *r, GError **error, TsRecordError code, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail (Reader *r, GError **error, TsRecordError code, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  ts_record_set_error (error, code, r->source, r->line, "%s", message);
  return FALSE;
}

/* A line ends with LF, CR LF or a lone CR (old Mac files): line numbers count all three. */
static gboolean
ends_line (const char *p, const char *end)
{
  return *p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n'));
}

static void
skip_space (Reader *r)
{
  while (r->p < r->end)
    {
      char c = *r->p;

      if (ends_line (r->p, r->end))
        {
          r->line++;
          r->p++;
          /* PGN's escape: a line starting with % is ignored. */
          if (r->p < r->end && *r->p == '%')
            while (r->p < r->end && !ends_line (r->p, r->end))
              r->p++;
        }
      else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
        r->p++;
      else
        break;
    }
}

typedef struct {
  char  *name;
  char  *value;
  char  *shown;   /* the name as messages quote it */
  guint  line;
} Tag;

static void
tag_free (Tag *t)
{
  g_free (t->name);
  g_free (t->value);
  g_free (t->shown);
  g_free (t);
}

static gboolean
read_tag (Reader *r, GPtrArray *tags, GError **error)
{
  GString *value;
  Tag *tag;
  const char *start;

  /* The free tags, and the fields, players, Variant and Position besides. */
  if (tags->len == TS_RECORD_MAX_TAGS + TS_GAME_N_FIELDS + TS_MAX_SEATS + 2)
    return fail (r, error, TS_RECORD_ERROR_TOO_LARGE, _("more than %d tags"), TS_RECORD_MAX_TAGS);
  r->p++;   /* '[' */
  skip_space (r);
  start = r->p;
  while (r->p < r->end && (g_ascii_isalnum (*r->p) || *r->p == '_'))
    r->p++;
  if (r->p == start)
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("a tag without a name"));
  if (r->p - start > TS_RECORD_MAX_TAG_NAME)
    return fail (r, error, TS_RECORD_ERROR_INVALID, _("a tag name longer than %d characters"),
                 TS_RECORD_MAX_TAG_NAME);
  tag = g_new0 (Tag, 1);
  tag->name = g_strndup (start, r->p - start);
  tag->shown = ts_excerpt (tag->name, -1);
  tag->line = r->line;
  g_ptr_array_add (tags, tag);
  skip_space (r);
  if (r->p >= r->end || *r->p != '"')
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("tag %s: the value must be in double quotes"),
                 tag->shown);
  r->p++;
  value = g_string_new (NULL);
  while (r->p < r->end && *r->p != '"' && *r->p != '\n')
    {
      if (*r->p == '\\' && r->p + 1 < r->end && (r->p[1] == '"' || r->p[1] == '\\'))
        r->p++;
      g_string_append_c (value, *r->p++);
    }
  tag->value = g_string_free (value, FALSE);
  if (r->p >= r->end || *r->p != '"')
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("tag %s: the value is not closed by \""),
                 tag->shown);
  r->p++;
  skip_space (r);
  if (r->p >= r->end || *r->p != ']')
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("tag %s: missing ]"), tag->shown);
  r->p++;
  return TRUE;
}

static const Tag *
find_tag (GPtrArray *tags, const char *name)
{
  for (guint i = 0; i < tags->len; i++)
    if (strcmp (((Tag *) tags->pdata[i])->name, name) == 0)
      return tags->pdata[i];
  return NULL;
}

/* Makes the game from the tags: the variant and start position first. */

/* A seat's tag under its present name in a file that also gives the seat's player under
 * the name earlier versions used ("Red" beside "Player1"): only an earlier version wrote
 * that, and for it "Red" was a free tag. */
static gboolean
tag_is_displaced (const TsVariant *variant, GPtrArray *tags, const Tag *t, guint seat)
{
  g_autofree char *former = ts_record_former_seat_tag (variant, seat);

  if (former == NULL || strcmp (t->name, former) == 0)
    return FALSE;
  for (guint i = 0; i < tags->len; i++)
    if (strcmp (((Tag *) tags->pdata[i])->name, former) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
apply_tags (Reader *r, GPtrArray *tags, GError **error)
{
  guint line = r->line;
  const Tag *variant_tag = find_tag (tags, "Variant");
  const Tag *position_tag = find_tag (tags, "Position");
  g_autoptr (TsPosition) start = NULL;
  const TsVariant *variant;

  for (guint i = 0; i < tags->len; i++)
    for (guint j = 0; j < i; j++)
      if (strcmp (((Tag *) tags->pdata[i])->name, ((Tag *) tags->pdata[j])->name) == 0)
        {
          r->line = ((Tag *) tags->pdata[i])->line;
          return fail (r, error, TS_RECORD_ERROR_INVALID, _("tag %s given twice"),
                       ((Tag *) tags->pdata[i])->shown);
        }
  r->line = 0;
  if (variant_tag == NULL)
    return fail (r, error, TS_RECORD_ERROR_VARIANT, _("no Variant tag: the game's variant is unknown"));
  r->line = variant_tag->line;
  variant = ts_variant_lookup (variant_tag->value);
  if (variant == NULL)
    {
      g_autofree char *id = ts_excerpt (variant_tag->value, -1);

      return fail (r, error, TS_RECORD_ERROR_VARIANT, _("unknown variant “%s”"), id);
    }
  if (position_tag)
    {
      g_autoptr (GError) local_error = NULL;

      r->line = position_tag->line;
      start = ts_position_from_text (position_tag->value, &local_error);
      if (start == NULL)
        return fail (r, error, TS_RECORD_ERROR_VARIANT, _("bad start position: %s"),
                     local_error->message);
      if (ts_position_variant (start) != variant)
        return fail (r, error, TS_RECORD_ERROR_VARIANT, _("the start position is for “%s”, not “%s”"),
                     ts_position_variant (start)->id, variant->id);
    }

  r->game = ts_game_new (variant, start);
  for (guint i = 0; i < tags->len; i++)
    {
      const Tag *t = tags->pdata[i];
      guint field, seat;

      if (t == variant_tag || t == position_tag)
        continue;
      TsReservedTag reserved = ts_record_reserved_tag (variant, t->name, &field, &seat);
      gboolean displaced = FALSE;

      switch (reserved)
        {
        case TS_RESERVED_FIELD:
          ts_game_init_field (r->game, field, t->value);
          break;
        case TS_RESERVED_SEAT:
          if (!(displaced = tag_is_displaced (variant, tags, t, seat)))
            {
              ts_game_init_player (r->game, seat, t->value);
              break;
            }
          G_GNUC_FALLTHROUGH;
        default:
          r->line = t->line;
          if (ts_game_n_tags (r->game) == TS_RECORD_MAX_TAGS)
            return fail (r, error, TS_RECORD_ERROR_TOO_LARGE, _("more than %d tags"), TS_RECORD_MAX_TAGS);
          if (!(displaced ? ts_game_init_displaced_tag (r->game, t->name, t->value)
                          : ts_game_init_tag (r->game, t->name, t->value)))
            return fail (r, error, TS_RECORD_ERROR_INVALID, _("tag name %s is reserved"), t->shown);
        }
    }
  r->builder = ts_game_builder_new (r->game, r->source);
  r->line = line;
  return TRUE;
}

static char *
comment_join (char *old, const char *text)
{
  char *joined;

  if (old == NULL)
    return g_strdup (text);
  joined = g_strconcat (old, " ", text, NULL);
  g_free (old);
  return joined;
}

/* Up to max_digits decimal digits at *p, as a number; FALSE if there are none or more. */
static gboolean
read_digits (const char **p, guint max_digits, gint64 *out)
{
  const char *q = *p;
  gint64 n = 0;

  for (; g_ascii_isdigit (*q); q++)
    {
      if ((guint) (q - *p) == max_digits)
        return FALSE;
      n = n * 10 + (*q - '0');
    }
  if (q == *p)
    return FALSE;
  *p = q;
  *out = n;
  return TRUE;
}

/* Reads a clock "H:MM:SS(.mmm)" or an evaluation "-1.23,depth" / "#-3" (depth optional),
 * within the range the XML form carries; the caller also checks the form is the writer's. */
static gboolean
parse_clock (const char *arg, gint64 *ms)
{
  gint64 h, m, s, frac = 0;
  guint nfrac = 0;

  if (!read_digits (&arg, 7, &h) || *arg++ != ':' || !read_digits (&arg, 2, &m) ||
      *arg++ != ':' || !read_digits (&arg, 2, &s) || m > 59 || s > 59)
    return FALSE;
  if (*arg == '.')
    for (arg++; g_ascii_isdigit (*arg) && nfrac < 3; arg++, nfrac++)
      frac = frac * 10 + (*arg - '0');
  while (nfrac++ < 3)
    frac *= 10;
  *ms = ((h * 60 + m) * 60 + s) * 1000 + frac;
  return *arg == '\0' && *ms <= TS_RECORD_MAX_CLOCK_MS;
}

static gboolean
parse_eval (const char *arg, TsEval *e)
{
  gboolean mate = arg[0] == '#';
  const char *q = arg + mate;
  gboolean negative = *q == '-';
  gint64 whole = 0, cents = 0, value;
  guint64 depth = 0;

  q += negative;
  if (!read_digits (&q, 10, &whole))
    return FALSE;
  if (!mate)
    {
      if (q[0] != '.' || !g_ascii_isdigit (q[1]) || !g_ascii_isdigit (q[2]))
        return FALSE;
      cents = (q[1] - '0') * 10 + (q[2] - '0');
      q += 3;
    }
  value = mate ? whole : whole * 100 + cents;
  if (value > TS_RECORD_MAX_EVAL)
    return FALSE;
  if (*q == ',' && !g_ascii_string_to_unsigned (q + 1, 10, 1, G_MAXUINT16, &depth, NULL))
    return FALSE;
  if (*q != ',' && *q != '\0')
    return FALSE;
  e->kind = mate ? TS_EVAL_MATE : TS_EVAL_CP;
  e->value = negative ? -value : value;
  e->depth = depth;
  return TRUE;
}

/* The commands of an after comment, in the order the writer puts them. */
typedef enum { COMMAND_CLOCK, COMMAND_EVAL, COMMAND_ANALYSIS, N_COMMANDS } Command;

static gboolean
parse_command (Command kind, const char *arg, TsAnnotation *parsed, GString *again)
{
  switch (kind)
    {
    case COMMAND_CLOCK:
      if (!parse_clock (arg, &parsed->clock_ms))
        return FALSE;
      format_clock (again, parsed->clock_ms);
      return TRUE;
    case COMMAND_EVAL:
      if (!parse_eval (arg, &parsed->eval))
        return FALSE;
      format_eval (again, &parsed->eval);
      return TRUE;
    case COMMAND_ANALYSIS:
      if (!ts_record_analysis_parse (arg, &parsed->analysis))
        return FALSE;
      format_analysis (again, parsed->analysis);
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* Takes a clock, an evaluation and an analysis command off the front of an after comment,
 * in this order, each only in the exact form the writer gives it: anything else stays
 * comment text, so that text written by us reads back to the same bytes. */
static void
parse_commands (const char **text, TsAnnotation *a)
{
  static const char *const prefixes[N_COMMANDS] = { "[%clk ", "[%eval ", "[%analysis " };
  const char *p = *text;

  for (Command kind = 0; kind < N_COMMANDS; kind++)
    {
      const char *close = strchr (p, ']');
      g_autofree char *arg = NULL;
      g_autoptr (GString) again = g_string_new (NULL);
      TsAnnotation parsed;

      if (!g_str_has_prefix (p, prefixes[kind]) || close == NULL)
        continue;
      arg = g_strndup (p + strlen (prefixes[kind]), close - p - strlen (prefixes[kind]));
      ts_annotation_init (&parsed);
      if (!parse_command (kind, arg, &parsed, again))
        break;
      if (strncmp (again->str, p, close + 1 - p) != 0 || again->len != (gsize) (close + 1 - p))
        break;
      if (kind == COMMAND_CLOCK)
        a->clock_ms = parsed.clock_ms;
      else if (kind == COMMAND_EVAL)
        a->eval = parsed.eval;
      else
        a->analysis = parsed.analysis;
      p = close + 1;
      if (*p == ' ')
        p++;
    }
  *text = p;
}

/* One shape list: "GAa1,RCc3" (marks) or "GAa1-Bb2" (arrows), canonical order only. */
static gboolean
parse_shape_list (const TsVariant *variant, const char *arg, gboolean arrows, GArray *shapes)
{
  const char *p = arg;

  do
    {
      TsShape shape;

      if (!ts_shape_parse (variant, p, &shape, &p) || ts_shape_is_arrow (&shape) != arrows ||
          shapes->len == TS_RECORD_MAX_SHAPES ||
          (shapes->len > 0 &&
           ts_shape_compare (&g_array_index (shapes, TsShape, shapes->len - 1), &shape) >= 0))
        return FALSE;
      g_array_append_val (shapes, shape);
    }
  while (*p++ == ',');
  return p[-1] == '\0';
}

/* Takes [%csl …] and then [%cal …] off the front of a comment (after its clock and
 * evaluation), again only in the writer's exact form; anything else stays comment text. */
static void
parse_shape_commands (const char **text, const TsVariant *variant, TsAnnotation *a)
{
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  const char *p = *text;

  for (guint arrows = 0; arrows < 2; arrows++)
    {
      const char *prefix = arrows ? "[%cal " : "[%csl ";
      const char *close = strchr (p, ']');
      g_autofree char *arg = NULL;
      guint before = shapes->len;

      if (!g_str_has_prefix (p, prefix) || close == NULL)
        continue;
      arg = g_strndup (p + strlen (prefix), close - p - strlen (prefix));
      if (!parse_shape_list (variant, arg, arrows, shapes))
        {
          g_array_set_size (shapes, before);
          break;
        }
      p = close + 1;
      if (*p == ' ')
        p++;
    }
  if (shapes->len > 0)
    {
      g_free (a->shapes);
      a->n_shapes = shapes->len;
      a->shapes = g_memdup2 (shapes->data, shapes->len * sizeof (TsShape));
    }
  *text = p;
}

/* A comment after a move: its clock and evaluation, its shapes, then its text. */
static void
set_after_comment (const TsVariant *variant, TsGameNode *node, const char *raw)
{
  /* Cleaned first: dropping a control character must not make a command appear later. */
  g_autofree char *clean = ts_record_clean_text (raw, FALSE);
  const char *rest = clean ? clean : "";

  parse_commands (&rest, &node->annotation);
  parse_shape_commands (&rest, variant, &node->annotation);
  node->annotation.comment_after = ts_record_clean_text (rest, FALSE);
}

/* The game's opening comment: shapes at the start position, then its text. */
static void
set_game_comment (const TsVariant *variant, TsGameNode *root, const char *raw)
{
  g_autofree char *clean = ts_record_clean_text (raw, FALSE);
  const char *rest = clean ? clean : "";

  parse_shape_commands (&rest, variant, &root->annotation);
  root->annotation.comment_before = ts_record_clean_text (rest, FALSE);
}

static gboolean
read_comment (Reader *r, GError **error)
{
  const char *start = r->p + 1;
  const char *close = memchr (start, '}', r->end - start);
  g_autofree char *raw = NULL;
  TsGameNode *last = ts_game_builder_last (r->builder);

  if (close == NULL)
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("comment not closed by }"));
  raw = g_strndup (start, close - start);
  for (const char *p = start; p < close; p++)
    r->line += ends_line (p, close);
  r->p = close + 1;

  if (r->after_open && last->parent && !has_after (last))
    set_after_comment (ts_game_variant (r->game), last, raw);
  else if (!r->seen_move && last->parent == NULL && r->after_open)
    set_game_comment (ts_game_variant (r->game), ts_game_root (r->game), raw);
  else if (*raw)
    {
      if (r->pending->len)
        g_string_append_c (r->pending, ' ');
      g_string_append (r->pending, raw);
    }
  r->after_open = FALSE;
  return TRUE;
}

/* Comments that no move followed go after the last move. */
static void
flush_pending (Reader *r)
{
  TsGameNode *last = ts_game_builder_last (r->builder);
  TsAnnotation *a = &last->annotation;

  if (last->parent && !has_after (last))
    set_after_comment (ts_game_variant (r->game), last, r->pending->str);
  else
    {
      char **slot = last->parent ? &a->comment_after : &a->comment_before;
      g_autofree char *clean = ts_record_clean_text (r->pending->str, FALSE);

      if (clean)
        *slot = comment_join (*slot, clean);
    }
  g_string_truncate (r->pending, 0);
}

static gboolean
is_result (const char *token, guint n_seats)
{
  return ts_record_result_is_valid (token, n_seats) || ts_record_result_is_valid (token, 2);
}

static gboolean
read_move (Reader *r, char *token, GError **error)
{
  gsize len = strlen (token);
  gsize mark_start = len;
  TsGameNode *node;
  guint nag = 0;

  while (mark_start > 0 && (token[mark_start - 1] == '!' || token[mark_start - 1] == '?'))
    mark_start--;
  if (mark_start < len)
    {
      for (guint i = 1; i < G_N_ELEMENTS (move_marks); i++)
        if (strcmp (token + mark_start, move_marks[i]) == 0)
          nag = i;
      if (nag == 0)
        {
          g_autofree char *mark = ts_excerpt (token + mark_start, -1);

          return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("unknown move mark “%s”"), mark);
        }
      token[mark_start] = '\0';
    }
  node = ts_game_builder_move (r->builder, token, r->line, error);
  if (node == NULL)
    return FALSE;
  if (nag)
    node->annotation.nags[node->annotation.n_nags++] = nag;
  if (r->pending->len)
    {
      node->annotation.comment_before = ts_record_clean_text (r->pending->str, FALSE);
      g_string_truncate (r->pending, 0);
    }
  r->after_open = TRUE;
  r->seen_move = TRUE;
  return TRUE;
}

static gboolean
read_nag (Reader *r, GError **error)
{
  TsAnnotation *a = &ts_game_builder_last (r->builder)->annotation;
  const char *start = ++r->p;
  char digits[8] = { 0 };
  guint64 nag = 0;

  while (r->p < r->end && g_ascii_isdigit (*r->p) && r->p - start < 4)
    r->p++;
  memcpy (digits, start, r->p - start);
  if (r->p == start || !g_ascii_string_to_unsigned (digits, 10, 1, TS_NAG_MAX, &nag, NULL))
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("bad NAG"));
  if (ts_game_builder_last (r->builder)->parent == NULL || !r->after_open)
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("NAG $%u does not follow a move"), (guint) nag);
  if (a->n_nags == TS_RECORD_MAX_NAGS)
    return fail (r, error, TS_RECORD_ERROR_INVALID, _("more than %d NAGs on a move"), TS_RECORD_MAX_NAGS);
  a->nags[a->n_nags++] = nag;
  return TRUE;
}

#define SYMBOL_STOP "{}()[];$\""

static char *
read_symbol (Reader *r)
{
  const char *start = r->p;

  while (r->p < r->end && !g_ascii_isspace (*r->p) && !strchr (SYMBOL_STOP, *r->p) && *r->p)
    r->p++;
  return g_strndup (start, r->p - start);
}

static gboolean
read_movetext (Reader *r, GError **error)
{
  guint n_seats = ts_game_variant (r->game)->n_seats;
  gboolean finished = FALSE;

  r->after_open = TRUE;   /* the first comment is the game's */
  for (skip_space (r); r->p < r->end; skip_space (r))
    {
      char c = *r->p;

      if (finished)
        return fail (r, error, TS_RECORD_ERROR_MALFORMED,
                     _("text after the game's result (one game per file)"));
      if (c == '{')
        {
          if (!read_comment (r, error))
            return FALSE;
        }
      else if (c == ';')
        return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("; comments are not supported, use {}"));
      else if (c == '(' || c == ')')
        {
          if (r->pending->len)
            flush_pending (r);
          if (!(c == '(' ? ts_game_builder_begin_variation : ts_game_builder_end_variation) (r->builder, r->line, error))
            return FALSE;
          r->after_open = FALSE;
          r->p++;
        }
      else if (c == '$')
        {
          if (!read_nag (r, error))
            return FALSE;
        }
      else if (strchr (SYMBOL_STOP, c) || c == '\0')
        return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("unexpected “%c”"), c ? c : ' ');
      else
        {
          g_autofree char *token = read_symbol (r);
          const char *q = token;

          if (is_result (token, n_seats) && ts_game_builder_nesting (r->builder) == 0)
            {
              finished = TRUE;
              continue;
            }
          /* Move numbers: "12." "12..." and "12.Nc3". */
          while (g_ascii_isdigit (*q))
            q++;
          if (q > token && (*q == '.' || *q == '\0'))
            {
              while (*q == '.')
                q++;
              if (*q == '\0')
                continue;
              memmove (token, q, strlen (q) + 1);
            }
          /* Doseki moves start with a piece letter and a space: "H Ad2,Ae2-Ad4". */
          if (token[1] == '\0' && g_ascii_isupper (token[0]) && r->p + 1 < r->end && *r->p == ' ' &&
              !g_ascii_isspace (r->p[1]) && !strchr (SYMBOL_STOP, r->p[1]))
            {
              g_autofree char *rest = NULL;

              r->p++;
              rest = read_symbol (r);
              g_free (token);
              token = g_strdup_printf ("%c %s", c, rest);
            }
          if (!read_move (r, token, error))
            return FALSE;
        }
    }
  if (ts_game_builder_nesting (r->builder) > 0)
    return fail (r, error, TS_RECORD_ERROR_MALFORMED, _("variation not closed by )"));
  if (r->pending->len)
    flush_pending (r);
  return TRUE;
}

/* Whether the text before end begins (after a BOM, an escaped first line and spaces) with
 * a tag, as every game text does (Variant is required). */
static gboolean
starts_with_tag (const Reader *r, const char *end)
{
  const char *p = r->p;

  if (end - p >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  if (p < end && *p == '%')
    while (p < end && *p != '\n')
      p++;
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p < end && *p == '[';
}

TsGame *
ts_game_from_text (const char *data, gsize length, const char *source, GError **error)
{
  g_autoptr (GPtrArray) tags = g_ptr_array_new_with_free_func ((GDestroyNotify) tag_free);
  Reader r = { source, data, data + length, 1, NULL, NULL, g_string_new (NULL), FALSE, FALSE };
  const char *bad;
  gboolean ok = FALSE;

  if (length > TS_RECORD_MAX_FILE_SIZE)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, source, 0,
                           _("larger than %u bytes"), TS_RECORD_MAX_FILE_SIZE);
      goto out;
    }
  if (!g_utf8_validate_len (data, length, &bad))
    {
      /* A binary file, unless a game's tags came first. */
      if (!starts_with_tag (&r, bad))
        {
          ts_record_set_error (error, TS_RECORD_ERROR_NOT_A_GAME, source, 0, _("not a Tessera game or a game text file"));
          goto out;
        }
      for (const char *p = data; p < bad; p++)
        r.line += ends_line (p, bad);
      fail (&r, error, TS_RECORD_ERROR_MALFORMED, _("not valid UTF-8 text"));
      goto out;
    }
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    r.p += 3;
  if (r.p < r.end && *r.p == '%')   /* an escaped first line */
    while (r.p < r.end && *r.p != '\n')
      r.p++;

  if (!starts_with_tag (&r, r.end))
    {
      /* README.md, a shell script: the message says what it is not. */
      ts_record_set_error (error, TS_RECORD_ERROR_NOT_A_GAME, source, 0, _("not a Tessera game or a game text file"));
      goto out;
    }
  for (skip_space (&r); r.p < r.end && *r.p == '['; skip_space (&r))
    if (!read_tag (&r, tags, error))
      goto out;
  if (!apply_tags (&r, tags, error) || !read_movetext (&r, error))
    goto out;
  ok = TRUE;

out:
  g_string_free (r.pending, TRUE);
  if (r.builder)
    ts_game_builder_free (r.builder);
  if (!ok)
    {
      g_clear_pointer (&r.game, ts_game_free);
      return NULL;
    }
  ts_game_set_unmodified (r.game);
  return r.game;
}
