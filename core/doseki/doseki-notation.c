/* Doseki notation (RULES.md §7) and position text. */
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "doseki/doseki-private.h"

void
dk_cell_name (TsCell c, char buf[4])
{
  g_return_if_fail (c >= 0 && c < TS_DOSEKI_CELLS);
  buf[0] = 'A' + c / (TS_DOSEKI_SIZE * TS_DOSEKI_SIZE);
  buf[1] = 'a' + c % TS_DOSEKI_SIZE;
  buf[2] = '1' + c / TS_DOSEKI_SIZE % TS_DOSEKI_SIZE;
  buf[3] = '\0';
}

TsCell
dk_parse_cell (const char *text, const char **end)
{
  if (end)
    *end = text;
  if (text[0] < 'A' || text[0] > 'I' || text[1] < 'a' || text[1] > 'i' ||
      text[2] < '1' || text[2] > '9')
    return TS_NO_CELL;
  if (end)
    *end = text + 3;
  return (text[1] - 'a') + TS_DOSEKI_SIZE * ((text[2] - '1') + TS_DOSEKI_SIZE * (text[0] - 'A'));
}

char *
dk_move_to_san (TsPosition *p, TsMove m)
{
  const DkTables *t = dk_tables ();
  GString *s = g_string_new (NULL);
  char name[4];

  if (m.flags & TS_MOVE_PLACE)
    {
      dk_cell_name (m.to, name);
      g_string_append_printf (s, "@%s", name);
      return g_string_free (s, FALSE);
    }
  g_return_val_if_fail (m.shape < TS_DOSEKI_N_ORIENTATIONS, g_string_free (s, TRUE));

  const TsDosekiOrientation *o = &t->orient[m.shape];
  int a = t->pad_of[m.from];

  g_string_append_printf (s, "%c ", dk_piece (o->piece)->letter);
  for (guint i = 0; i < o->n_cells; i++)
    {
      dk_cell_name (t->dense_of[a + t->tab[m.shape].cells[i]], name);
      g_string_append_printf (s, "%s%s", i ? "," : "", name);
    }
  dk_cell_name (m.to, name);
  g_string_append_printf (s, "%c%s", m.flags & TS_MOVE_CAPTURE ? 'x' : '-', name);
  return g_string_free (s, FALSE);
}

static gboolean
parse_fail (GError **error, int code, const char *text, const char *at, const char *why)
{
  g_set_error (error, TS_RULES_ERROR, code, _("“%s”, column %d: %s"), text,
               (int) (at - text) + 1, why);
  return FALSE;
}

static const char *
skip_spaces (const char *s)
{
  while (*s && strchr (" \t\r\n", *s))
    s++;
  return s;
}

static gboolean
only_annotations (const char *s)
{
  for (; *s; s++)
    if (!strchr ("+#!? \t\r\n", *s))
      return FALSE;
  return TRUE;
}

static gboolean
parse_placement (TsPosition *p, const char *text, const char *s, TsMove *out, GError **error)
{
  const char *end;
  TsCell c = dk_parse_cell (s, &end);

  if (c == TS_NO_CELL)
    return parse_fail (error, TS_RULES_ERROR_PARSE, text, s,
                       _("expected a cell such as Ee5 after “@”"));
  if (!only_annotations (end))
    return parse_fail (error, TS_RULES_ERROR_PARSE, text, end, _("unexpected text after the move"));
  if (p->st.hand[p->st.side][0] == 0)
    return parse_fail (error, TS_RULES_ERROR_ILLEGAL, text, text,
                       _("the side to move has no outside checker to place"));
  if (p->board[dk_tables ()->pad_of[c]] != DK_EMPTY)
    return parse_fail (error, TS_RULES_ERROR_ILLEGAL, text, s,
                       _("a checker can only be placed on an empty cell"));
  *out = (TsMove) { TS_NO_CELL, c, 0, TS_NO_PROMO, TS_MOVE_PLACE, 0 };
  return TRUE;
}

gboolean
dk_move_parse (TsPosition *p, const char *text, TsMove *out, GError **error)
{
  const DkTables *t = dk_tables ();
  TsCell cells[TS_DOSEKI_MAX_SET], to, anchor;
  const char *s = skip_spaces (text), *end;
  guint n = 0;
  int piece, shape;
  TsMoveList l;
  gboolean found = FALSE;

  if (*s == '@')
    return parse_placement (p, text, s + 1, out, error);
  /* The letter may be left out, as in long algebraic: the shape names the piece. A text
   * that starts with a cell ("Ae2-Ae3") has none; "AAa1" is the archbishop's letter. */
  piece = -1;
  if (dk_parse_cell (s, NULL) == TS_NO_CELL)
    {
      piece = ts_doseki_piece_by_letter (*s);
      if (piece < 0)
        return parse_fail (error, TS_RULES_ERROR_PARSE, text, s,
                           _("expected a piece letter (P H B R A E G C J W M Q K), a cell or “@”"));
      s = skip_spaces (s + 1);
    }
  for (;;)
    {
      TsCell c = dk_parse_cell (s, &end);
      if (c == TS_NO_CELL)
        return parse_fail (error, TS_RULES_ERROR_PARSE, text, s,
                           _("expected a cell such as Ae2"));
      if (n == TS_DOSEKI_MAX_SET)
        return parse_fail (error, TS_RULES_ERROR_PARSE, text, s,
                           _("a piece has at most eight cells"));
      for (guint i = 0; i < n; i++)
        if (cells[i] == c)
          return parse_fail (error, TS_RULES_ERROR_PARSE, text, s, _("a cell is listed twice"));
      cells[n++] = c;
      s = skip_spaces (end);
      if (*s != ',')
        break;
      s = skip_spaces (s + 1);
    }
  if (*s != '-' && *s != 'x')
    return parse_fail (error, TS_RULES_ERROR_PARSE, text, s,
                       _("expected “,” before another cell, or “-” or “x” before the destination"));
  s = skip_spaces (s + 1);
  to = dk_parse_cell (s, &end);
  if (to == TS_NO_CELL)
    return parse_fail (error, TS_RULES_ERROR_PARSE, text, s,
                       _("expected the destination cell such as Ae3"));
  if (!only_annotations (end))
    return parse_fail (error, TS_RULES_ERROR_PARSE, text, end, _("unexpected text after the move"));

  shape = ts_doseki_orientation_of_cells (cells, n);
  if (shape < 0 && piece < 0)
    return parse_fail (error, TS_RULES_ERROR_ILLEGAL, text, text,
                       _("the listed cells do not have the shape of any piece"));
  if (shape < 0 || (piece >= 0 && t->orient[shape].piece != (guint) piece))
    return parse_fail (error, TS_RULES_ERROR_ILLEGAL, text, text,
                       _("the listed cells do not have the shape of this piece"));
  /* The destination is where the first cell in notation order lands. */
  anchor = cells[0];
  for (guint i = 1; i < n; i++)
    anchor = MIN (anchor, cells[i]);
  for (guint i = 0; i < n; i++)
    if (DK_OWNER (p->board[t->pad_of[cells[i]]]) != DK_CHECKER (p->st.side))
      return parse_fail (error, TS_RULES_ERROR_ILLEGAL, text, text,
                         _("the listed cells must all hold checkers of the side to move"));

  ts_move_list_init (&l);
  dk_generate (p, &l, FALSE);
  for (guint i = 0; i < l.n && !found; i++)
    if (l.moves[i].from == anchor && l.moves[i].shape == shape && l.moves[i].to == to)
      {
        *out = l.moves[i];
        found = TRUE;
      }
  ts_move_list_clear (&l);
  if (!found)
    return parse_fail (error, TS_RULES_ERROR_ILLEGAL, text, text,
                       _("this piece cannot move there"));
  return TRUE;
}

/* Position text after the variant id (docs/doseki.md):
 *   BOARD turn=r halfmove=N ply=N outside-r=N outside-b=N
 * BOARD lists layers A to I separated by "|"; each layer lists ranks 9 down to 1
 * separated by "/", as in FEN; "r" is a red checker, "b" a black one, a digit a run
 * of empty cells. */
char *
dk_to_text (const TsPosition *p)
{
  const DkTables *t = dk_tables ();
  GString *s = g_string_new (NULL);

  for (int z = 0; z < TS_DOSEKI_SIZE; z++)
    {
      if (z)
        g_string_append_c (s, '|');
      for (int y = TS_DOSEKI_SIZE - 1; y >= 0; y--)
        {
          int run = 0;
          for (int x = 0; x < TS_DOSEKI_SIZE; x++)
            {
              guint8 v = p->board[t->pad_of[x + TS_DOSEKI_SIZE * (y + TS_DOSEKI_SIZE * z)]];
              if (!(v & 0x80))
                {
                  run++;
                  continue;
                }
              if (run)
                g_string_append_c (s, '0' + run);
              run = 0;
              g_string_append_c (s, TS_PIECE_SEAT (v) == 0 ? 'r' : 'b');
            }
          if (run)
            g_string_append_c (s, '0' + run);
          if (y)
            g_string_append_c (s, '/');
        }
    }
  g_string_append_printf (s, " turn=%c halfmove=%u ply=%u outside-r=%u outside-b=%u",
                          p->st.side ? 'b' : 'r', p->st.halfmove, p->ply, p->st.hand[0][0],
                          p->st.hand[1][0]);
  return g_string_free (s, FALSE);
}

static gboolean
text_fail (GError **error, guint column, const char *text, const char *at, const char *why)
{
  g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE, _("column %u: %s"),
               column + (guint) (at - text), why);
  return FALSE;
}

static gboolean
parse_board (TsPosition *p, const char *text, guint column, const char **ps, GError **error)
{
  const DkTables *t = dk_tables ();
  const char *s = *ps;

  for (int z = 0; z < TS_DOSEKI_SIZE; z++)
    {
      if (z && *s++ != '|')
        return text_fail (error, column, text, s - 1,
                          _("expected “|” between two layers (the board has 9 layers of 9 ranks)"));
      for (int y = TS_DOSEKI_SIZE - 1; y >= 0; y--)
        {
          int x = 0;

          if (y < TS_DOSEKI_SIZE - 1 && *s++ != '/')
            return text_fail (error, column, text, s - 1,
                              _("expected “/” between two ranks (a layer has 9 ranks)"));
          while (x < TS_DOSEKI_SIZE)
            {
              char ch = *s;
              if (ch >= '1' && ch <= '9')
                x += ch - '0';
              else if (ch == 'r' || ch == 'b')
                ts_position_put (p, t->pad_of[x++ + TS_DOSEKI_SIZE * (y + TS_DOSEKI_SIZE * z)],
                                 DK_CHECKER (ch == 'b'));
              else
                return text_fail (error, column, text, s,
                                  _("expected “r”, “b” or a digit 1–9 (a rank has 9 cells)"));
              s++;
              if (x > TS_DOSEKI_SIZE)
                return text_fail (error, column, text, s - 1, _("a rank has more than 9 cells"));
            }
        }
    }
  *ps = s;
  return TRUE;
}

gboolean
dk_from_text (TsPosition *p, const char *text, guint column, GError **error)
{
  const char *s = text;
  guint outside[2] = { 0, 0 };

  while (*s == ' ')
    s++;
  if (!parse_board (p, text, column, &s, error))
    return FALSE;
  while (*s)
    {
      const char *field;
      char *end;
      guint64 n = 0;

      if (*s != ' ')
        return text_fail (error, column, text, s, _("expected a space before the next field"));
      while (*s == ' ')
        s++;
      if (!*s)
        break;
      field = s;
      if (g_str_has_prefix (s, "turn=") && (s[5] == 'r' || s[5] == 'b'))
        {
          ts_position_set_side_to_move (p, s[5] == 'b');
          s += 6;
          continue;
        }
      if (g_str_has_prefix (s, "turn="))
        return text_fail (error, column, text, s + 5, _("turn= must be “r” or “b”"));
      s = strchr (s, '=');
      if (!s || !g_ascii_isdigit (s[1]))
        return text_fail (error, column, text, s ? s + 1 : field,
                          _("expected a field such as turn=r, halfmove=N, ply=N, "
                            "outside-r=N or outside-b=N"));
      n = g_ascii_strtoull (s + 1, &end, 10);
      if (g_str_has_prefix (field, "halfmove=") && n <= G_MAXUINT16)
        p->st.halfmove = (guint16) n;
      else if (g_str_has_prefix (field, "ply=") && n <= G_MAXINT32)
        p->ply = (guint) n;
      else if (g_str_has_prefix (field, "outside-r=") && n <= 255)
        outside[0] = (guint) n;
      else if (g_str_has_prefix (field, "outside-b=") && n <= 255)
        outside[1] = (guint) n;
      else
        return text_fail (error, column, text, field,
                          _("unknown field or number out of range (halfmove ≤ 65535, "
                            "outside checkers ≤ 255)"));
      s = end;
    }
  ts_position_set_hand_count (p, 0, 0, outside[0]);
  ts_position_set_hand_count (p, 1, 0, outside[1]);
  return TRUE;
}
