/* The XML form of a game record: docs/file-format.md, data/tessera-game.rng. */
#include "records/game-private.h"

#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <libxml/xmlwriter.h>
#include <string.h>

#include "excerpt.h"
#include "records/nag.h"
#include "rules/postext.h"

#define XML_ROOT "tessera-game"

static const char *const field_elements[TS_GAME_N_FIELDS] = {
  "event", "site", "date", "round", "result", "stipulation", "solution", "time-control",
};

/* Writing */

static void
write_text_element (xmlTextWriterPtr w, const char *name, const char *text)
{
  if (text)
    xmlTextWriterWriteElement (w, BAD_CAST name, BAD_CAST text);
}

/* Arrows and marked cells: <mark cell colour/> and <arrow from to colour/>. */
static void
write_shapes (xmlTextWriterPtr w, const TsVariant *variant, const TsAnnotation *a)
{
  for (guint i = 0; i < a->n_shapes; i++)
    {
      const TsShape *shape = &a->shapes[i];
      char from[8], to[8];

      ts_variant_cell_name (variant, shape->from, from);
      ts_variant_cell_name (variant, shape->to, to);
      if (ts_shape_is_arrow (shape))
        {
          xmlTextWriterStartElement (w, BAD_CAST "arrow");
          xmlTextWriterWriteAttribute (w, BAD_CAST "from", BAD_CAST from);
          xmlTextWriterWriteAttribute (w, BAD_CAST "to", BAD_CAST to);
        }
      else
        {
          xmlTextWriterStartElement (w, BAD_CAST "mark");
          xmlTextWriterWriteAttribute (w, BAD_CAST "cell", BAD_CAST from);
        }
      xmlTextWriterWriteAttribute (w, BAD_CAST "colour", BAD_CAST ts_shape_colour_name (shape->colour));
      xmlTextWriterEndElement (w);
    }
}

static void
write_move (xmlTextWriterPtr w, const TsVariant *variant, const TsGameNode *node)
{
  const TsAnnotation *a = &node->annotation;

  xmlTextWriterStartElement (w, BAD_CAST "move");
  xmlTextWriterWriteAttribute (w, BAD_CAST "san", BAD_CAST node->san);
  if (a->n_nags > 0)
    {
      GString *nags = g_string_new (NULL);

      for (guint i = 0; i < a->n_nags; i++)
        g_string_append_printf (nags, "%s%u", i ? " " : "", a->nags[i]);
      xmlTextWriterWriteAttribute (w, BAD_CAST "nags", BAD_CAST nags->str);
      g_string_free (nags, TRUE);
    }
  if (a->clock_ms != TS_CLOCK_NONE)
    xmlTextWriterWriteFormatAttribute (w, BAD_CAST "clock", "%" G_GINT64_FORMAT, a->clock_ms);
  if (a->analysis)
    {
      g_autofree char *analysis = ts_record_analysis_format (a->analysis);

      xmlTextWriterWriteAttribute (w, BAD_CAST "analysis", BAD_CAST analysis);
    }
  write_text_element (w, "before", a->comment_before);
  write_text_element (w, "after", a->comment_after);
  if (a->eval.kind != TS_EVAL_NONE)
    {
      xmlTextWriterStartElement (w, BAD_CAST "eval");
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST (a->eval.kind == TS_EVAL_CP ? "cp" : "mate"),
                                         "%d", (int) a->eval.value);
      if (a->eval.depth > 0)
        xmlTextWriterWriteFormatAttribute (w, BAD_CAST "depth", "%u", (guint) a->eval.depth);
      xmlTextWriterEndElement (w);
    }
  write_shapes (w, variant, a);
  xmlTextWriterEndElement (w);
}

/* node begins a line; recursion only goes as deep as variations nest. */
static void
write_line (xmlTextWriterPtr w, const TsVariant *variant, const TsGameNode *node)
{
  while (node)
    {
      write_move (w, variant, node);
      if (node->parent->children->pdata[0] == node)
        for (guint i = 1; i < node->parent->children->len; i++)
          {
            xmlTextWriterStartElement (w, BAD_CAST "variation");
            write_line (w, variant, node->parent->children->pdata[i]);
            xmlTextWriterEndElement (w);
          }
      node = ts_game_node_n_children (node) > 0 ? node->children->pdata[0] : NULL;
    }
}

char *
ts_game_to_xml (const TsGame *game, gsize *length)
{
  xmlBufferPtr buf = xmlBufferCreate ();
  xmlTextWriterPtr w = xmlNewTextWriterMemory (buf, 0);
  TsGameNode *root = ts_game_root (game);
  char *result;

  xmlTextWriterSetIndent (w, 1);
  xmlTextWriterSetIndentString (w, BAD_CAST "  ");
  xmlTextWriterStartDocument (w, "1.0", "UTF-8", NULL);
  xmlTextWriterStartElement (w, BAD_CAST XML_ROOT);
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "format", "%d", TS_RECORD_FORMAT_VERSION);
  xmlTextWriterWriteAttribute (w, BAD_CAST "variant", BAD_CAST ts_game_variant (game)->id);

  for (guint f = 0; f < TS_GAME_N_FIELDS; f++)
    {
      if (f == TS_GAME_RESULT)
        for (guint seat = 0; seat < ts_game_variant (game)->n_seats; seat++)
          if (ts_game_get_player (game, seat))
            {
              xmlTextWriterStartElement (w, BAD_CAST "player");
              xmlTextWriterWriteFormatAttribute (w, BAD_CAST "seat", "%u", seat);
              xmlTextWriterWriteString (w, BAD_CAST ts_game_get_player (game, seat));
              xmlTextWriterEndElement (w);
            }
      write_text_element (w, field_elements[f], ts_game_get_field (game, f));
    }
  write_text_element (w, "setup", ts_game_setup (game));
  for (guint i = 0; i < ts_game_n_tags (game); i++)
    {
      const char *name, *value;

      ts_game_tag_nth (game, i, &name, &value);
      xmlTextWriterStartElement (w, BAD_CAST "tag");
      xmlTextWriterWriteAttribute (w, BAD_CAST "name", BAD_CAST name);
      xmlTextWriterWriteString (w, BAD_CAST value);
      xmlTextWriterEndElement (w);
    }
  write_text_element (w, "comment", root->annotation.comment_before);
  write_shapes (w, ts_game_variant (game), &root->annotation);

  xmlTextWriterStartElement (w, BAD_CAST "moves");
  if (ts_game_node_n_children (root) > 0)
    write_line (w, ts_game_variant (game), root->children->pdata[0]);
  xmlTextWriterEndElement (w);

  xmlTextWriterEndDocument (w);
  xmlFreeTextWriter (w);

  if (length)
    *length = xmlBufferLength (buf);
  result = g_strndup ((const char *) xmlBufferContent (buf), xmlBufferLength (buf));
  xmlBufferFree (buf);
  return result;
}

/* Reading */

typedef struct {
  const char *source;
  guint       doctype_line;
  char       *first_error;   /* from libxml2's error handler, with its line */
  guint       first_error_line;
} ReadState;

#if LIBXML_VERSION >= 21200
#define XML_ERROR_CONST const
#else
#define XML_ERROR_CONST
#endif

/* Keeps libxml2 from printing to stderr (some errors, such as bad encodings, ignore
 * XML_PARSE_NOERROR) and keeps the first message for ours. */
static void
record_error (void *data, XML_ERROR_CONST xmlError *e)
{
  ReadState *state = data;

  if (state->first_error == NULL && e && e->message && e->level >= XML_ERR_ERROR)
    {
      /* libxml2 quotes names from the file: a short excerpt of its message. */
      g_autofree char *message = g_strstrip (g_strdup (e->message));

      state->first_error = ts_excerpt_chars (message, -1, 160);
      state->first_error_line = e->line > 0 ? e->line : 0;
    }
}

/* Called when the parser meets <!DOCTYPE: stopping there refuses every entity and DTD
 * trick (billion laughs, external entities) before any of it is read. */
static void
refuse_doctype (void          *ctx,
                const xmlChar *name,
                const xmlChar *external_id,
                const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = ctx;
  ReadState *state = ctxt->_private;

  state->doctype_line = ctxt->input ? (guint) ctxt->input->line : 1;
  xmlStopParser (ctxt);
}

static guint
node_line (xmlNodePtr node)
{
  long line = xmlGetLineNo (node);

  return line > 0 ? (guint) line : 0;
}

/* What a message may quote of the file. */
static char *
ex (const void *text)
{
  return ts_excerpt ((const char *) text, -1);
}

static gboolean
is_blank_text (xmlNodePtr node)
{
  return (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) &&
         xmlIsBlankNode (node);
}

/* Skips blank text, comments and processing instructions. */
static gboolean
check_ignorable (const ReadState *st, xmlNodePtr child, xmlNodePtr parent, GError **error)
{
  if (child->type == XML_COMMENT_NODE || child->type == XML_PI_NODE || is_blank_text (child))
    return TRUE;
  g_autofree char *child_name = ex (child->name);
  g_autofree char *parent_name = ex (parent->name);

  if (child->type == XML_ELEMENT_NODE)
    ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (child),
                         _("element <%s> is not allowed in <%s>"), child_name, parent_name);
  else
    ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (child),
                         _("text is not allowed in <%s>"), parent_name);
  return FALSE;
}

/* The format has no namespace: <x:move> is not a move. */
static gboolean
check_namespace (const ReadState *st, xmlNodePtr node, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *href = NULL;

  if (node->type != XML_ELEMENT_NODE || node->ns == NULL)
    return TRUE;
  name = ex (node->name);
  href = ex (node->ns->href);
  ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (node),
                       _("element <%s> is in a namespace (%s); the game format uses none"),
                       name, href);
  return FALSE;
}

static gboolean
check_attributes (const ReadState *st, xmlNodePtr node, const char *const *allowed, GError **error)
{
  for (xmlAttrPtr attr = node->properties; attr; attr = attr->next)
    {
      g_autofree char *attr_name = NULL;
      g_autofree char *node_name = NULL;

      if (attr->ns == NULL && allowed && g_strv_contains (allowed, (const char *) attr->name))
        continue;
      attr_name = ex (attr->name);
      node_name = ex (node->name);
      ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (node),
                           _("attribute “%s” is not allowed on <%s>"), attr_name, node_name);
      return FALSE;
    }
  return TRUE;
}

static char *
get_attr (xmlNodePtr node, const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, BAD_CAST name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

/* The text of an element that may only hold text. */
static gboolean
get_text (const ReadState *st, xmlNodePtr node, const char *const *attrs, char **out, GError **error)
{
  GString *text = g_string_new (NULL);

  if (!check_attributes (st, node, attrs, error))
    goto fail;
  for (xmlNodePtr c = node->children; c; c = c->next)
    {
      if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
        g_string_append (text, (const char *) c->content);
      else if (c->type == XML_ELEMENT_NODE)
        {
          check_ignorable (st, c, node, error);
          goto fail;
        }
    }
  *out = g_string_free (text, FALSE);
  return TRUE;

fail:
  g_string_free (text, TRUE);
  return FALSE;
}

static gboolean
parse_uint (const char *text, guint64 max, guint64 *out)
{
  return text && g_ascii_isdigit (text[0]) &&
         g_ascii_string_to_unsigned (text, 10, 0, max, out, NULL);
}

static gboolean
parse_int (const char *text, gint64 min, gint64 max, gint64 *out)
{
  return text && (g_ascii_isdigit (text[0]) || (text[0] == '-' && g_ascii_isdigit (text[1]))) &&
         g_ascii_string_to_signed (text, 10, min, max, out, NULL);
}

static gboolean
bad_value (const ReadState *st, xmlNodePtr node, const char *what, const char *value, GError **error)
{
  g_autofree char *value_excerpt = ex (value);
  g_autofree char *name = ex (node->name);

  ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (node),
                       _("bad %s “%s” on <%s>"), what, value_excerpt, name);
  return FALSE;
}

static gboolean
read_eval (const ReadState *st, xmlNodePtr node, TsEval *eval, GError **error)
{
  static const char *const attrs[] = { "cp", "mate", "depth", NULL };
  g_autofree char *cp = get_attr (node, "cp");
  g_autofree char *mate = get_attr (node, "mate");
  g_autofree char *depth = get_attr (node, "depth");
  gint64 value;
  guint64 d = 0;

  if (!check_attributes (st, node, attrs, error))
    return FALSE;
  for (xmlNodePtr c = node->children; c; c = c->next)
    if (!check_ignorable (st, c, node, error))
      return FALSE;
  if ((cp == NULL) == (mate == NULL))
    {
      ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (node),
                           _("bad evaluation: <eval> needs one of cp and mate"));
      return FALSE;
    }
  if (!parse_int (cp ? cp : mate, -TS_RECORD_MAX_EVAL, TS_RECORD_MAX_EVAL, &value))
    return bad_value (st, node, cp ? "cp" : "mate", cp ? cp : mate, error);
  if (depth && !parse_uint (depth, G_MAXUINT16, &d))
    return bad_value (st, node, "depth", depth, error);
  eval->kind = cp ? TS_EVAL_CP : TS_EVAL_MATE;
  eval->value = value;
  eval->depth = d;
  return TRUE;
}

/* <mark cell colour/> or <arrow from to colour/>, added to shapes (at most one per pair of
 * cells, at most TS_RECORD_MAX_SHAPES). */
static gboolean
read_shape (const ReadState *st, const TsVariant *variant, xmlNodePtr node, GArray *shapes,
            GError **error)
{
  static const char *const mark_attrs[] = { "cell", "colour", NULL };
  static const char *const arrow_attrs[] = { "from", "to", "colour", NULL };
  gboolean arrow = strcmp ((const char *) node->name, "arrow") == 0;
  g_autofree char *from = get_attr (node, arrow ? "from" : "cell");
  g_autofree char *to = arrow ? get_attr (node, "to") : NULL;
  g_autofree char *colour = get_attr (node, "colour");
  const char *end;
  TsShape shape;
  int c;

  if (!check_attributes (st, node, arrow ? arrow_attrs : mark_attrs, error))
    return FALSE;
  for (xmlNodePtr child = node->children; child; child = child->next)
    if (!check_ignorable (st, child, node, error))
      return FALSE;
  shape.from = from ? ts_variant_parse_cell (variant, from, &end) : TS_NO_CELL;
  if (shape.from == TS_NO_CELL || *end)
    return bad_value (st, node, arrow ? "from" : "cell", from, error);
  shape.to = shape.from;
  if (arrow)
    {
      shape.to = to ? ts_variant_parse_cell (variant, to, &end) : TS_NO_CELL;
      if (shape.to == TS_NO_CELL || *end || shape.to == shape.from)
        return bad_value (st, node, "to", to, error);
    }
  if ((c = ts_shape_colour_from_name (colour)) < 0)
    return bad_value (st, node, "colour", colour, error);
  shape.colour = c;
  for (guint i = 0; i < shapes->len; i++)
    if (ts_shape_compare (&g_array_index (shapes, TsShape, i), &shape) == 0)
      {
        if (arrow)
          ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (node),
                               _("a second arrow from %s to %s"), from, to);
        else
          ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (node),
                               _("a second mark on %s"), from);
        return FALSE;
      }
  if (shapes->len == TS_RECORD_MAX_SHAPES)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, st->source, node_line (node),
                           _("more than %d arrows and marks on one move"), TS_RECORD_MAX_SHAPES);
      return FALSE;
    }
  g_array_append_val (shapes, shape);
  return TRUE;
}

static gboolean
is_shape_element (xmlNodePtr node)
{
  return node->type == XML_ELEMENT_NODE && (strcmp ((const char *) node->name, "mark") == 0 ||
                                            strcmp ((const char *) node->name, "arrow") == 0);
}

/* The shapes read, in canonical order, into a. */
static void
take_shapes (GArray *shapes, TsAnnotation *a)
{
  g_array_sort (shapes, (GCompareFunc) ts_shape_compare);
  g_free (a->shapes);
  a->n_shapes = shapes->len;
  a->shapes = a->n_shapes ? g_memdup2 (shapes->data, shapes->len * sizeof (TsShape)) : NULL;
}

static gboolean
read_move (const ReadState *st, TsGameBuilder *b, xmlNodePtr node, GError **error)
{
  static const char *const attrs[] = { "san", "nags", "clock", "analysis", NULL };
  g_autofree char *san = get_attr (node, "san");
  g_autofree char *nags = get_attr (node, "nags");
  g_autofree char *clock = get_attr (node, "clock");
  g_autofree char *analysis = get_attr (node, "analysis");
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  TsAnnotation a;
  TsGameNode *move;
  gboolean ok = FALSE;

  if (!check_attributes (st, node, attrs, error))
    return FALSE;
  if (san == NULL)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (node),
                           _("<move> without a san attribute"));
      return FALSE;
    }

  ts_annotation_init (&a);
  if (nags)
    {
      g_auto (GStrv) parts = g_strsplit_set (nags, " \t\n", -1);

      for (guint i = 0; parts[i]; i++)
        {
          guint64 nag;

          if (parts[i][0] == '\0')
            continue;
          if (!parse_uint (parts[i], TS_NAG_MAX, &nag) || nag == 0 ||
              a.n_nags == TS_RECORD_MAX_NAGS)
            {
              bad_value (st, node, _("NAG list"), nags, error);
              goto out;
            }
          a.nags[a.n_nags++] = nag;
        }
    }
  if (clock)
    {
      guint64 ms;

      if (!parse_uint (clock, TS_RECORD_MAX_CLOCK_MS, &ms))
        {
          bad_value (st, node, _("clock"), clock, error);
          goto out;
        }
      a.clock_ms = ms;
    }
  if (analysis && !ts_record_analysis_parse (analysis, &a.analysis))
    {
      bad_value (st, node, "analysis", analysis, error);
      goto out;
    }
  for (xmlNodePtr c = node->children; c; c = c->next)
    {
      const char *name = (const char *) c->name;
      char **slot = NULL;

      if (!check_namespace (st, c, error))
        goto out;
      if (c->type != XML_ELEMENT_NODE)
        {
          if (!check_ignorable (st, c, node, error))
            goto out;
          continue;
        }
      if (is_shape_element (c))
        {
          if (!read_shape (st, ts_position_variant (ts_game_builder_position (b)), c, shapes, error))
            goto out;
          continue;
        }
      if (strcmp (name, "before") == 0)
        slot = &a.comment_before;
      else if (strcmp (name, "after") == 0)
        slot = &a.comment_after;
      else if (strcmp (name, "eval") == 0 && a.eval.kind == TS_EVAL_NONE)
        {
          if (!read_eval (st, c, &a.eval, error))
            goto out;
          continue;
        }
      if (slot == NULL || *slot != NULL)
        {
          check_ignorable (st, c, node, error);
          goto out;
        }
      {
        g_autofree char *text = NULL;

        if (!get_text (st, c, NULL, &text, error))
          goto out;
        *slot = ts_record_clean_text (text, FALSE);
      }
    }

  move = ts_game_builder_move (b, san, node_line (node), error);
  if (move == NULL)
    goto out;
  take_shapes (shapes, &a);
  ts_annotation_clear (&move->annotation);
  move->annotation = a;
  return TRUE;

out:
  ts_annotation_clear (&a);
  return ok;
}

/* A sequence of moves, each followed by its alternatives. */
static gboolean
read_line (const ReadState *st, TsGameBuilder *b, xmlNodePtr parent, GError **error)
{
  for (xmlNodePtr c = parent->children; c; c = c->next)
    {
      if (!check_namespace (st, c, error))
        return FALSE;
      if (c->type == XML_ELEMENT_NODE && strcmp ((const char *) c->name, "move") == 0)
        {
          if (!read_move (st, b, c, error))
            return FALSE;
        }
      else if (c->type == XML_ELEMENT_NODE && strcmp ((const char *) c->name, "variation") == 0)
        {
          if (!check_attributes (st, c, NULL, error) ||
              !ts_game_builder_begin_variation (b, node_line (c), error) ||
              !read_line (st, b, c, error) ||
              !ts_game_builder_end_variation (b, node_line (c), error))
            return FALSE;
        }
      else if (!check_ignorable (st, c, parent, error))
        return FALSE;
    }
  return TRUE;
}

/* A free tag. Before a field had an element of its own an earlier version could write it as
 * a free tag of that name (format 1 files with <tag name="TimeControl">): such a tag sets
 * the field, as in the text form; a seat's tag name sets the player likewise. */
static gboolean
read_tag (const ReadState *st, TsGame *game, xmlNodePtr node, const char *name, const char *text,
          GError **error)
{
  guint field, seat;

  switch (name ? ts_record_reserved_tag (ts_game_variant (game), name, &field, &seat) : TS_RESERVED_OTHER)
    {
    case TS_RESERVED_FIELD:
      if (ts_game_get_field (game, field) != NULL)
        break;
      ts_game_init_field (game, field, text);
      return TRUE;
    case TS_RESERVED_SEAT:
      /* the player given already, by its element: a seat renamed since this file was
       * written had this name free (an earlier version's free tag "Red") */
      if (ts_game_get_player (game, seat) == NULL)
        ts_game_init_player (game, seat, text);
      else if (ts_game_variant (game)->former_seat_names[seat] == NULL ||
               !ts_game_init_displaced_tag (game, name, text))
        break;
      return TRUE;
    case TS_RESERVED_NONE:
      if (ts_game_get_tag (game, name) == NULL && ts_game_init_tag (game, name, text))
        return TRUE;
      break;
    case TS_RESERVED_OTHER:
      break;
    }
  return bad_value (st, node, _("tag name"), name, error);
}

static int
field_by_element (const char *name)
{
  for (guint f = 0; f < TS_GAME_N_FIELDS; f++)
    if (strcmp (name, field_elements[f]) == 0)
      return f;
  return -1;
}

static TsGame *
read_game (const ReadState *st, xmlNodePtr root, GError **error)
{
  static const char *const root_attrs[] = { "format", "variant", NULL };
  static const char *const player_attrs[] = { "seat", NULL };
  static const char *const tag_attrs[] = { "name", NULL };
  g_autofree char *format = NULL;
  g_autofree char *variant_id = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autoptr (TsGameBuilder) builder = NULL;
  g_autoptr (TsPosition) start = NULL;
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  const TsVariant *variant;
  xmlNodePtr setup = NULL, moves = NULL;
  guint64 version;

  if (strcmp ((const char *) root->name, XML_ROOT) != 0 || root->ns != NULL)
    {
      g_autofree char *name = ex (root->name);

      ts_record_set_error (error, TS_RECORD_ERROR_NOT_A_GAME, st->source, node_line (root),
                           _("not a Tessera game: the root element is <%s>, not <%s>"), name, XML_ROOT);
      return NULL;
    }
  if (!check_attributes (st, root, root_attrs, error))
    return NULL;
  format = get_attr (root, "format");
  if (!parse_uint (format, G_MAXUINT32, &version))
    {
      bad_value (st, root, _("format version"), format, error);
      return NULL;
    }
  if (version != TS_RECORD_FORMAT_VERSION)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_VERSION, st->source, node_line (root),
                           _("format version %s is not supported (this program reads version %d)"),
                           format, TS_RECORD_FORMAT_VERSION);   /* digits, at most 10 */
      return NULL;
    }
  variant_id = get_attr (root, "variant");
  variant = variant_id ? ts_variant_lookup (variant_id) : NULL;
  if (variant == NULL)
    {
      g_autofree char *id = ex (variant_id);

      ts_record_set_error (error, TS_RECORD_ERROR_VARIANT, st->source, node_line (root),
                           _("unknown variant “%s”"), id);
      return NULL;
    }

  /* The start position first: the moves depend on it wherever it is written. */
  for (xmlNodePtr c = root->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE && strcmp ((const char *) c->name, "setup") == 0)
      {
        g_autofree char *text = NULL;
        g_autoptr (GError) local_error = NULL;

        if (setup)
          {
            ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (c),
                                 _("more than one <setup>"));
            return NULL;
          }
        setup = c;
        if (!get_text (st, c, NULL, &text, error))
          return NULL;
        g_strstrip (text);
        start = ts_position_from_text (text, &local_error);
        if (start == NULL)
          {
            ts_record_set_error (error, TS_RECORD_ERROR_VARIANT, st->source, node_line (c),
                                 _("bad start position: %s"), local_error->message);
            return NULL;
          }
        if (ts_position_variant (start) != variant)
          {
            ts_record_set_error (error, TS_RECORD_ERROR_VARIANT, st->source, node_line (c),
                                 _("the start position is for “%s”, not “%s”"),
                                 ts_position_variant (start)->id, variant->id);
            return NULL;
          }
      }

  game = ts_game_new (variant, start);
  for (xmlNodePtr c = root->children; c; c = c->next)
    {
      const char *name = (const char *) c->name;
      g_autofree char *text = NULL;
      int field;

      if (!check_namespace (st, c, error))
        return NULL;
      if (c->type != XML_ELEMENT_NODE)
        {
          if (!check_ignorable (st, c, root, error))
            return NULL;
          continue;
        }
      if (c == setup)
        continue;
      if (moves != NULL)
        {
          g_autofree char *excerpt = ex (name);

          ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (c),
                               _("element <%s> after <moves>"), excerpt);
          return NULL;
        }
      if ((field = field_by_element (name)) >= 0)
        {
          if (ts_game_get_field (game, field) != NULL)
            {
              ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (c),
                                   _("more than one <%s>"), name);
              return NULL;
            }
          if (!get_text (st, c, NULL, &text, error))
            return NULL;
          ts_game_init_field (game, field, text);
        }
      else if (strcmp (name, "player") == 0)
        {
          g_autofree char *seat_text = get_attr (c, "seat");
          guint64 seat;

          if (!get_text (st, c, player_attrs, &text, error))
            return NULL;
          if (!parse_uint (seat_text, variant->n_seats - 1, &seat) ||
              ts_game_get_player (game, seat) != NULL)
            {
              bad_value (st, c, _("seat"), seat_text, error);
              return NULL;
            }
          ts_game_init_player (game, seat, text);
        }
      else if (strcmp (name, "tag") == 0)
        {
          g_autofree char *tag_name = get_attr (c, "name");

          if (ts_game_n_tags (game) == TS_RECORD_MAX_TAGS)
            {
              ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, st->source, node_line (c),
                                   _("more than %d tags"), TS_RECORD_MAX_TAGS);
              return NULL;
            }
          if (!get_text (st, c, tag_attrs, &text, error) ||
              !read_tag (st, game, c, tag_name, text, error))
            return NULL;
        }
      else if (strcmp (name, "comment") == 0 && ts_game_root (game)->annotation.comment_before == NULL)
        {
          if (!get_text (st, c, NULL, &text, error))
            return NULL;
          ts_game_root (game)->annotation.comment_before = ts_record_clean_text (text, FALSE);
        }
      else if (is_shape_element (c))
        {
          if (!read_shape (st, variant, c, shapes, error))
            return NULL;
        }
      else if (strcmp (name, "moves") == 0)
        moves = c;
      else
        {
          check_ignorable (st, c, root, error);
          return NULL;
        }
    }
  if (moves == NULL)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_INVALID, st->source, node_line (root),
                           _("no <moves> element"));
      return NULL;
    }
  take_shapes (shapes, &ts_game_root (game)->annotation);
  builder = ts_game_builder_new (game, st->source);
  if (!check_attributes (st, moves, NULL, error) || !read_line (st, builder, moves, error))
    return NULL;
  ts_game_set_unmodified (game);
  return g_steal_pointer (&game);
}

/* Moves p past the first occurrence of what (counting lines); to end if there is none. */
static const char *
skip_past (const char *p, const char *end, const char *what, guint *line)
{
  gsize n = strlen (what);

  for (; p < end; p++)
    {
      if ((gsize) (end - p) >= n && memcmp (p, what, n) == 0)
        return p + n;
      *line += *p == '\n';
    }
  return end;
}

/* libxml2 2.9 checks every attribute of an element against all the earlier ones: tens of
 * thousands of attributes on one element took minutes. The game format's elements have a
 * few, so one pass over the bytes counts them (outside quotes, comments, CDATA and
 * processing instructions) before the parser sees them, and refuses an element with more
 * than TS_RECORD_MAX_ATTRIBUTES. */
static gboolean
check_attribute_counts (const char *data, gsize length, const char *source, GError **error)
{
  const char *p = data, *end = data + length;
  guint line = 1;

  while (p < end)
    {
      const char *lt = memchr (p, '<', end - p);
      guint n_attributes = 0;
      char quote = 0;

      if (lt == NULL)
        break;
      for (; p < lt; p++)
        line += *p == '\n';
      p = lt + 1;
      if (end - p >= 3 && memcmp (p, "!--", 3) == 0)
        p = skip_past (p + 3, end, "-->", &line);
      else if (end - p >= 8 && memcmp (p, "![CDATA[", 8) == 0)
        p = skip_past (p + 8, end, "]]>", &line);
      else if (p < end && *p == '?')
        p = skip_past (p + 1, end, "?>", &line);
      else if (p < end && *p == '!')
        p = skip_past (p + 1, end, ">", &line);
      else
        for (guint tag_line = line; p < end; p++)
          {
            line += *p == '\n';
            if (quote)
              quote = *p == quote ? 0 : quote;
            else if (*p == '"' || *p == '\'')
              quote = *p;
            else if (*p == '>')
              {
                p++;
                break;
              }
            else if (*p == '=' && ++n_attributes > TS_RECORD_MAX_ATTRIBUTES)
              {
                ts_record_set_error (error, TS_RECORD_ERROR_INVALID, source, tag_line,
                                     _("an element with more than %d attributes"),
                                     TS_RECORD_MAX_ATTRIBUTES);
                return FALSE;
              }
          }
    }
  return TRUE;
}

TsGame *
ts_game_from_xml (const char *data, gsize length, const char *source, GError **error)
{
  g_autofree char *lf_data = NULL;
  ReadState state = { source, 0, NULL, 0 };
  xmlStructuredErrorFunc old_handler = xmlStructuredError;
  void *old_handler_data = xmlStructuredErrorContext;
  xmlParserCtxtPtr ctxt;
  xmlDocPtr doc;
  TsGame *game = NULL;
  const int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                      XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES;

  if (length > TS_RECORD_MAX_FILE_SIZE)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, source, 0,
                           _("larger than %u bytes"), TS_RECORD_MAX_FILE_SIZE);
      return NULL;
    }
  /* XML reads a lone CR (old Mac line ends) as a line end, but libxml2's line numbers
   * count only LF: made LF, so that messages give the right line. */
  for (const char *cr = memchr (data, '\r', length); cr; cr = memchr (cr + 1, '\r', data + length - cr - 1))
    if (cr + 1 == data + length || cr[1] != '\n')
      {
        lf_data = g_memdup2 (data, length);
        for (gsize i = 0; i < length; i++)
          if (lf_data[i] == '\r' && (i + 1 == length || lf_data[i + 1] != '\n'))
            lf_data[i] = '\n';
        data = lf_data;
        break;
      }
  if (!check_attribute_counts (data, length, source, error))
    return NULL;
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_IO, source, 0, _("out of memory"));
      return NULL;
    }
  ctxt->sax->internalSubset = refuse_doctype;
  ctxt->_private = &state;
  xmlSetStructuredErrorFunc (&state, record_error);
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, source, NULL, options);
  xmlSetStructuredErrorFunc (old_handler_data, old_handler);

  if (state.doctype_line > 0)
    ts_record_set_error (error, TS_RECORD_ERROR_FORBIDDEN, source, state.doctype_line,
                         _("document type declarations (DTDs, entities) are not allowed"));
  else if (doc == NULL || !ctxt->wellFormed)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_MALFORMED, source, state.first_error_line,
                           _("malformed XML: %s"),
                           state.first_error ? state.first_error : _("not well-formed XML"));
    }
  else
    game = read_game (&state, xmlDocGetRootElement (doc), error);

  xmlFreeDoc (doc);
  xmlFreeParserCtxt (ctxt);
  g_free (state.first_error);
  return game;
}
