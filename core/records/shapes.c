#include "records/shapes.h"

#include <glib/gi18n.h>
#include <string.h>

#include "records/game.h"

static const struct {
  char        letter;
  const char *name;
} colours[TS_N_SHAPE_COLOURS] = {
  [TS_SHAPE_GREEN]  = { 'G', "green" },
  [TS_SHAPE_RED]    = { 'R', "red" },
  [TS_SHAPE_BLUE]   = { 'B', "blue" },
  [TS_SHAPE_YELLOW] = { 'Y', "yellow" },
};

char
ts_shape_colour_letter (TsShapeColour colour)
{
  g_return_val_if_fail (colour < TS_N_SHAPE_COLOURS, '?');
  return colours[colour].letter;
}

int
ts_shape_colour_from_letter (char letter)
{
  for (guint i = 0; i < TS_N_SHAPE_COLOURS; i++)
    if (colours[i].letter == letter)
      return i;
  return -1;
}

const char *
ts_shape_colour_name (TsShapeColour colour)
{
  g_return_val_if_fail (colour < TS_N_SHAPE_COLOURS, NULL);
  return colours[colour].name;
}

int
ts_shape_colour_from_name (const char *name)
{
  for (guint i = 0; name && i < TS_N_SHAPE_COLOURS; i++)
    if (strcmp (colours[i].name, name) == 0)
      return i;
  return -1;
}

int
ts_shape_compare (const TsShape *a, const TsShape *b)
{
  if (ts_shape_is_arrow (a) != ts_shape_is_arrow (b))
    return ts_shape_is_arrow (a) ? 1 : -1;
  if (a->from != b->from)
    return a->from < b->from ? -1 : 1;
  if (a->to != b->to)
    return a->to < b->to ? -1 : 1;
  return 0;
}

gboolean
ts_shapes_are_canonical (const TsVariant *variant, const TsShape *shapes, guint n)
{
  guint ncells = variant->geometry.ncells;

  if (n > TS_RECORD_MAX_SHAPES)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const TsShape *s = &shapes[i];

      if (s->from < 0 || (guint) s->from >= ncells || s->to < 0 || (guint) s->to >= ncells ||
          s->colour >= TS_N_SHAPE_COLOURS)
        return FALSE;
      if (i > 0 && ts_shape_compare (&shapes[i - 1], s) >= 0)
        return FALSE;
    }
  return TRUE;
}

void
ts_shape_append_text (GString *out, const TsVariant *variant, const TsShape *shape)
{
  char name[8];

  g_string_append_c (out, ts_shape_colour_letter (shape->colour));
  ts_variant_cell_name (variant, shape->from, name);
  g_string_append (out, name);
  if (ts_shape_is_arrow (shape))
    {
      ts_variant_cell_name (variant, shape->to, name);
      g_string_append_printf (out, "-%s", name);
    }
}

gboolean
ts_shape_parse (const TsVariant *variant, const char *text, TsShape *shape, const char **end)
{
  int colour = ts_shape_colour_from_letter (text[0]);
  const char *p;
  TsCell from, to;

  if (colour < 0)
    return FALSE;
  from = ts_variant_parse_cell (variant, text + 1, &p);
  if (from == TS_NO_CELL)
    return FALSE;
  to = from;
  if (*p == '-')
    {
      to = ts_variant_parse_cell (variant, p + 1, &p);
      /* "GAa1-Aa1" is written "GAa1": one spelling per shape */
      if (to == TS_NO_CELL || to == from)
        return FALSE;
    }
  shape->from = from;
  shape->to = to;
  shape->colour = colour;
  if (end)
    *end = p;
  return TRUE;
}

gboolean
ts_shapes_parse_list (const TsVariant *variant, const char *text, GArray *shapes, GError **error)
{
  g_auto (GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i]; i++)
    {
      const char *item = g_strstrip (items[i]);
      const char *end;
      TsShape shape;
      guint j;

      if (*item == '\0')
        continue;
      if (!ts_shape_parse (variant, item, &shape, &end) || *end != '\0')
        {
          char first[8], last[8];

          ts_variant_cell_name (variant, 0, first);
          ts_variant_cell_name (variant, variant->geometry.ncells - 1, last);
          g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_INVALID,
                       /* Translators: G, R, B, Y are the colour letters (green, red, blue,
                        * yellow) of the file format: keep them */
                       _("bad shape “%s”: expected a colour letter (G, R, B or Y), a cell of %s "
                         "and for an arrow “-” and another cell, e.g. “G%s” or “R%s-%s”"),
                       item, _(variant->name), first, first, last);
          return FALSE;
        }
      for (j = 0; j < shapes->len; j++)
        if (ts_shape_compare (&g_array_index (shapes, TsShape, j), &shape) == 0)
          break;
      if (j < shapes->len)
        g_array_index (shapes, TsShape, j) = shape;
      else if (shapes->len == TS_RECORD_MAX_SHAPES)
        {
          g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                       _("more than %d shapes"), TS_RECORD_MAX_SHAPES);
          return FALSE;
        }
      else
        g_array_append_val (shapes, shape);
    }
  g_array_sort (shapes, (GCompareFunc) ts_shape_compare);
  return TRUE;
}
