/* Doseki notation (RULES.md §7) and position text. */
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "doseki/doseki-private.h"

G_DEFINE_QUARK (ts-doseki-error-quark, ts_doseki_error)

void
ts_doseki_cell_name (TsDosekiCell c, char buf[4])
{
  g_return_if_fail (c >= 0 && c < TS_DOSEKI_CELLS);
  buf[0] = 'A' + c / (TS_DOSEKI_SIZE * TS_DOSEKI_SIZE);
  buf[1] = 'a' + c % TS_DOSEKI_SIZE;
  buf[2] = '1' + c / TS_DOSEKI_SIZE % TS_DOSEKI_SIZE;
  buf[3] = '\0';
}

TsDosekiCell
ts_doseki_parse_cell (const char *text, const char **end)
{
  if (end)
    *end = text;
  if (text[0] < 'A' || text[0] > 'I' || text[1] < 'a' || text[1] > 'i' ||
      text[2] < '1' || text[2] > '9')
    return TS_DOSEKI_NO_CELL;
  if (end)
    *end = text + 3;
  return (text[1] - 'a') + TS_DOSEKI_SIZE * ((text[2] - '1') + TS_DOSEKI_SIZE * (text[0] - 'A'));
}

char *
ts_doseki_move_to_text (const TsDosekiPos *p, TsDosekiMove m)
{
  const DkTables *t = dk_tables ();
  GString *s = g_string_new (NULL);
  char name[4];

  if (m.flags & TS_DOSEKI_MOVE_PLACE)
    {
      ts_doseki_cell_name (m.to, name);
      g_string_append_printf (s, "@%s", name);
      return g_string_free (s, FALSE);
    }
  g_return_val_if_fail (m.shape < TS_DOSEKI_N_ORIENTATIONS, g_string_free (s, TRUE));

  const TsDosekiOrientation *o = &t->orient[m.shape];
  int a = t->pad_of[m.from];

  g_string_append_printf (s, "%c ", dk_piece (o->piece)->letter);
  for (guint i = 0; i < o->n_cells; i++)
    {
      ts_doseki_cell_name (t->dense_of[a + t->tab[m.shape].cells[i]], name);
      g_string_append_printf (s, "%s%s", i ? "," : "", name);
    }
  ts_doseki_cell_name (m.to, name);
  g_string_append_printf (s, "%c%s", m.flags & TS_DOSEKI_MOVE_CAPTURE ? 'x' : '-', name);
  return g_string_free (s, FALSE);
}

static gboolean
parse_fail (GError **error, int code, const char *text, const char *at, const char *why)
{
  g_set_error (error, TS_DOSEKI_ERROR, code, _("“%s”, column %d: %s"), text,
               (int) (at - text) + 1, why);
  return FALSE;
}

static const char *
skip_spaces (const char *s)
{
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

static gboolean
only_annotations (const char *s)
{
  for (; *s; s++)
    if (!strchr ("+#!? \t", *s))
      return FALSE;
  return TRUE;
}

static gboolean
parse_placement (TsDosekiPos *p, const char *text, const char *s, TsDosekiMove *out,
                 GError **error)
{
  const char *end;
  TsDosekiCell c = ts_doseki_parse_cell (s, &end);

  if (c == TS_DOSEKI_NO_CELL)
    return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, s,
                       _("expected a cell such as Ee5 after “@”"));
  if (!only_annotations (end))
    return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, end, _("unexpected text after the move"));
  if (p->outside[p->side] == 0)
    return parse_fail (error, TS_DOSEKI_ERROR_ILLEGAL, text, text,
                       _("the side to move has no outside checker to place"));
  if (ts_doseki_pos_at (p, c) != TS_DOSEKI_EMPTY)
    return parse_fail (error, TS_DOSEKI_ERROR_ILLEGAL, text, s,
                       _("a checker can only be placed on an empty cell"));
  *out = (TsDosekiMove) { TS_DOSEKI_NO_CELL, c, 0, 0xff, TS_DOSEKI_MOVE_PLACE, 0 };
  return TRUE;
}

gboolean
ts_doseki_move_parse (TsDosekiPos *p, const char *text, TsDosekiMove *out, GError **error)
{
  const DkTables *t = dk_tables ();
  TsDosekiCell cells[TS_DOSEKI_MAX_SET], to, anchor;
  const char *s = skip_spaces (text), *end;
  guint n = 0;
  int piece, shape;
  TsDosekiMoveList l;
  gboolean found = FALSE;

  if (*s == '@')
    return parse_placement (p, text, s + 1, out, error);
  piece = ts_doseki_piece_by_letter (*s);
  if (piece < 0)
    return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, s,
                       _("expected a piece letter (P H B R A E G C J W M Q K) or “@”"));
  s = skip_spaces (s + 1);
  for (;;)
    {
      TsDosekiCell c = ts_doseki_parse_cell (s, &end);
      if (c == TS_DOSEKI_NO_CELL)
        return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, s,
                           _("expected a cell such as Ae2"));
      if (n == TS_DOSEKI_MAX_SET)
        return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, s,
                           _("a piece has at most eight cells"));
      for (guint i = 0; i < n; i++)
        if (cells[i] == c)
          return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, s, _("a cell is listed twice"));
      cells[n++] = c;
      s = skip_spaces (end);
      if (*s != ',')
        break;
      s = skip_spaces (s + 1);
    }
  if (*s != '-' && *s != 'x')
    return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, s,
                       _("expected “,” before another cell, or “-” or “x” before the destination"));
  s = skip_spaces (s + 1);
  to = ts_doseki_parse_cell (s, &end);
  if (to == TS_DOSEKI_NO_CELL)
    return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, s,
                       _("expected the destination cell such as Ae3"));
  if (!only_annotations (end))
    return parse_fail (error, TS_DOSEKI_ERROR_PARSE, text, end, _("unexpected text after the move"));

  shape = ts_doseki_orientation_of_cells (cells, n);
  if (shape < 0 || t->orient[shape].piece != (guint) piece)
    return parse_fail (error, TS_DOSEKI_ERROR_ILLEGAL, text, text,
                       _("the listed cells do not have the shape of this piece"));
  /* The destination is where the first cell in notation order lands. */
  anchor = cells[0];
  for (guint i = 1; i < n; i++)
    anchor = MIN (anchor, cells[i]);
  for (guint i = 0; i < n; i++)
    if (ts_doseki_pos_at (p, cells[i]) != p->side + 1)
      return parse_fail (error, TS_DOSEKI_ERROR_ILLEGAL, text, text,
                         _("the listed cells must all hold checkers of the side to move"));

  ts_doseki_move_list_init (&l);
  ts_doseki_generate (p, &l);
  for (guint i = 0; i < l.n && !found; i++)
    if (l.moves[i].from == anchor && l.moves[i].shape == shape && l.moves[i].to == to)
      {
        *out = l.moves[i];
        found = TRUE;
      }
  ts_doseki_move_list_clear (&l);
  if (!found)
    return parse_fail (error, TS_DOSEKI_ERROR_ILLEGAL, text, text,
                       _("this piece cannot move there"));
  return TRUE;
}

/* Position text: "doseki BOARD SIDE RED-OUTSIDE BLACK-OUTSIDE CLOCK PLY".
 * BOARD lists layers A to I separated by "|"; each layer lists ranks 9 down to 1
 * separated by "/", as in FEN; "r" is a red checker, "b" a black one, a digit a run
 * of empty cells. */
char *
ts_doseki_pos_to_text (const TsDosekiPos *p)
{
  GString *s = g_string_new ("doseki ");

  for (int z = 0; z < TS_DOSEKI_SIZE; z++)
    {
      if (z)
        g_string_append_c (s, '|');
      for (int y = TS_DOSEKI_SIZE - 1; y >= 0; y--)
        {
          int run = 0;
          for (int x = 0; x < TS_DOSEKI_SIZE; x++)
            {
              guint v = ts_doseki_pos_at (p, x + TS_DOSEKI_SIZE * (y + TS_DOSEKI_SIZE * z));
              if (v == TS_DOSEKI_EMPTY)
                {
                  run++;
                  continue;
                }
              if (run)
                g_string_append_c (s, '0' + run);
              run = 0;
              g_string_append_c (s, v == TS_DOSEKI_RED ? 'r' : 'b');
            }
          if (run)
            g_string_append_c (s, '0' + run);
          if (y)
            g_string_append_c (s, '/');
        }
    }
  g_string_append_printf (s, " %c %u %u %u %u", p->side ? 'b' : 'r', p->outside[0],
                          p->outside[1], p->clock, p->ply);
  return g_string_free (s, FALSE);
}

static gboolean
text_fail (GError **error, const char *text, const char *at, const char *why)
{
  g_set_error (error, TS_DOSEKI_ERROR, TS_DOSEKI_ERROR_PARSE,
               _("Doseki position text, column %d: %s"), (int) (at - text) + 1, why);
  return FALSE;
}

static gboolean
parse_number (const char *text, const char **s, guint max, guint *out, const char *what,
              GError **error)
{
  char *end;
  guint64 v;

  if (**s != ' ')
    return text_fail (error, text, *s, _("expected a space before the next field"));
  (*s)++;
  if (!g_ascii_isdigit (**s))
    {
      g_autofree char *why = g_strdup_printf (_("expected a number: %s"), what);
      return text_fail (error, text, *s, why);
    }
  v = g_ascii_strtoull (*s, &end, 10);
  if (v > max)
    {
      g_autofree char *why = g_strdup_printf (_("number too large: %s"), what);
      return text_fail (error, text, *s, why);
    }
  *out = v;
  *s = end;
  return TRUE;
}

static gboolean
parse_board (TsDosekiPos *p, const char *text, const char **ps, GError **error)
{
  const char *s = *ps;

  for (int z = 0; z < TS_DOSEKI_SIZE; z++)
    {
      if (z && *s++ != '|')
        return text_fail (error, text, s - 1, _("expected “|” between two layers"));
      for (int y = TS_DOSEKI_SIZE - 1; y >= 0; y--)
        {
          int x = 0;

          if (y < TS_DOSEKI_SIZE - 1 && *s++ != '/')
            return text_fail (error, text, s - 1, _("expected “/” between two ranks (a rank has 9 cells)"));
          while (x < TS_DOSEKI_SIZE)
            {
              char ch = *s;
              if (ch >= '1' && ch <= '9')
                x += ch - '0';
              else if (ch == 'r' || ch == 'b')
                ts_doseki_pos_set (p, x++ + TS_DOSEKI_SIZE * (y + TS_DOSEKI_SIZE * z),
                                   ch == 'r' ? TS_DOSEKI_RED : TS_DOSEKI_BLACK);
              else
                return text_fail (error, text, s,
                                  _("expected “r”, “b” or a digit 1–9 (a rank has 9 cells)"));
              s++;
              if (x > TS_DOSEKI_SIZE)
                return text_fail (error, text, s - 1, _("a rank has more than 9 cells"));
            }
        }
    }
  *ps = s;
  return TRUE;
}

TsDosekiPos *
ts_doseki_pos_from_text (const char *text, GError **error)
{
  g_autoptr (TsDosekiPos) p = ts_doseki_pos_new_empty ();
  const char *s = text;
  guint red, black, clock, ply;

  if (!g_str_has_prefix (s, "doseki "))
    {
      text_fail (error, text, s, _("the text must start with “doseki ”"));
      return NULL;
    }
  s += strlen ("doseki ");
  if (!parse_board (p, text, &s, error))
    return NULL;
  if (s[0] != ' ' || (s[1] != 'r' && s[1] != 'b'))
    {
      text_fail (error, text, s, _("expected the side to move, “r” or “b”, after a space"));
      return NULL;
    }
  ts_doseki_pos_set_side (p, s[1] == 'b');
  s += 2;
  if (!parse_number (text, &s, 100000, &red, _("Red's outside checkers"), error) ||
      !parse_number (text, &s, 100000, &black, _("Black's outside checkers"), error) ||
      !parse_number (text, &s, G_MAXUINT16, &clock, _("plies without capture"), error) ||
      !parse_number (text, &s, 10000000, &ply, _("plies played"), error))
    return NULL;
  while (*s == ' ' || *s == '\n')
    s++;
  if (*s)
    {
      text_fail (error, text, s, _("unexpected text after the position"));
      return NULL;
    }
  ts_doseki_pos_set_outside (p, 0, red);
  ts_doseki_pos_set_outside (p, 1, black);
  p->clock = clock;
  p->ply = ply;
  return g_steal_pointer (&p);
}
