/* Random engine protocol sessions (see fuzz-session.h). Every number is drawn from the
 * session's seed, so a seed names its session. */
#include <string.h>

#include "fuzz-session.h"
#include "rules/notation.h"
#include "rules/postext.h"

typedef struct {
  GRand           *rand;
  const TsVariant *v;       /* the variant of the session's games, for now */
  GPtrArray       *lines;   /* GString */
} Gen;

/* Numbers at the edges of every type a parser might use. */
static const char *const edge_numbers[] = {
  "0", "-0", "-1", "1", "2", "+3", "007", "127", "128", "129", "255", "256", "1000", "65535",
  "65536", "100000", "1000000000", "2147483647", "2147483648", "-2147483648", "4294967295",
  "4294967296", "4611686018427387903", "4611686018427387904", "-4611686018427387904",
  "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
  "18446744073709551615", "18446744073709551616", "99999999999999999999999999", "1e9", "0x10",
  "3.5", "-", "", "\xd9\xa3",
};

/* Words of the protocol and of the notations, off-board cells, bytes a parser may trip on. */
static const char *const tokens[] = {
  "uci", "isready", "ucinewgame", "setoption", "name", "value", "position", "go", "stop",
  "quit", "variant", "startpos", "text", "moves", "depth", "nodes", "movetime", "mate",
  "infinite", "wtime", "btime", "winc", "binc", "rtime", "otime", "gtime", "1time", "4inc",
  "movestogo", "ponder", "searchmoves", "Hash", "MultiPV", "Level", "UCI_Variant", "--", "-",
  "x", "@", "=", "+", "#", ",", "|", "/", "*", ":", "turn=", "turn=w", "turn=r", "ply=",
  "halfmove=", "hand-r=", "out=", "outside-r=", "O-O", "Zz9", "Aa0", "Jj10", "Ii10", "Ia10",
  "@Jj1", "@Ii9", "@Aa1", "R Aa1,Aa2-Aa3", "P Ii9,Ii10-Ii11", "H Aa1,Aa2-Aa3", "Q Aa1xIi9",
  "K", "k", "N@1a1", "N@9z9", "P@Aa1", "Kz0", "Ee5", "NCb2", "Aa1-Aa2", "0a1", "7a1", "9i9",
  "raumschach", "doseki", "nihongi", "cubic8-4p", "grossraumschach", "\t", "\r", "\xff",
  "\xc3", "\xe2\x80\x9c", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x01", "\x1b[2J", "%s%n%s",
  "\xc2\xa0",
};

static const char *const option_names[] = {
  "Hash", "hash", "HASH", "Clear Hash", "clear hash", "MultiPV", "Level", "UCI_Variant",
  "Threads", "", "name", "value", "Clear  Hash", "Hash value",
};

static const char *const other_commands[] = {
  "", " ", "\t", "\r", "debug on", "register later", "ponderhit", "xboard", "stop now",
  "isready please", "uci uci", "ucinewgame x", "go\tdepth\t1", "position", "position moves",
  "position startpos moves", "position variant", "position text", "setoption",
  "setoption name", "setoption name Hash value", "go depth", "go nodes", "go infinite",
  "go mate", "go wtime", "GO", "Position startpos", "\xef\xbb\xbfuci",
};

static guint
pick (Gen *g, guint n)
{
  return (guint) g_rand_int_range (g->rand, 0, (gint32) n);
}

static gboolean
chance (Gen *g, double p)
{
  return g_rand_double (g->rand) < p;
}

static const char *
edge_number (Gen *g)
{
  return edge_numbers[pick (g, G_N_ELEMENTS (edge_numbers))];
}

static GString *
add_line (Gen *g, const char *text)
{
  GString *s = g_string_new (text);

  g_ptr_array_add (g->lines, s);
  return s;
}

/* Doseki's searches are slow (a node generates ~30 000 moves): chosen less often. */
static const TsVariant *
random_variant (Gen *g)
{
  guint n;
  const TsVariant *const *all = ts_variant_list (&n);
  const TsVariant *v = all[pick (g, n)];

  if (strcmp (v->id, "doseki") == 0 && chance (g, 0.5))
    v = all[pick (g, n)];
  return v;
}

/* A legal move of p at random, in SAN or long algebraic, or "--" now and then in a
 * four-player game; made on p. FALSE if the game is over. */
static gboolean
play_random (Gen *g, TsPosition *p, GString *out)
{
  TsMoveList l;
  TsMove m;
  TsUndo undo;
  g_autofree char *text = NULL;

  if (ts_position_variant (p)->n_seats > 2 && chance (g, 0.04) &&
      ts_move_parse (p, TS_MOVE_LEAVE_TEXT, &m, NULL))
    text = g_strdup (TS_MOVE_LEAVE_TEXT);
  else
    {
      ts_move_list_init (&l);
      ts_position_generate_legal (p, &l);
      if (l.n == 0)
        {
          ts_move_list_clear (&l);
          return FALSE;
        }
      m = l.moves[pick (g, l.n)];
      ts_move_list_clear (&l);
      text = chance (g, 0.3) ? ts_move_to_long (p, m) : ts_move_to_san (p, m);
    }
  if (out)
    g_string_append_printf (out, " %s", text);
  ts_position_make (p, m, &undo);
  return TRUE;
}

/* The move of p that takes m back (same cells, the other way), if there is one. */
static gboolean
find_reverse (TsPosition *p, TsMove m, TsMove *out)
{
  TsMoveList l;
  gboolean found = FALSE;

  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  for (guint i = 0; i < l.n && !found; i++)
    if (l.moves[i].from == m.to && l.moves[i].to == m.from && l.moves[i].shape == m.shape &&
        !(l.moves[i].flags & (TS_MOVE_CAPTURE | TS_MOVE_PLACE)))
      {
        *out = l.moves[i];
        found = TRUE;
      }
  ts_move_list_clear (&l);
  return found;
}

/* Moves out and back by every seat, repeated: a game of thousands of plies, most of them
 * repetitions. Appends nothing if no such cycle is found at once. */
static void
append_long_game (Gen *g, TsPosition *p, GString *out)
{
  guint n = ts_position_variant (p)->n_seats, count = 1 + pick (g, chance (g, 0.2) ? 20000 : 500);
  g_autoptr (GString) cycle = g_string_new (NULL);
  TsMove there[4], back;
  TsUndo undo;
  TsMoveList l;

  for (guint half = 0; half < 2; half++)
    for (guint seat = 0; seat < n; seat++)
      {
        if (half == 0)
          {
            guint n_legal;

            ts_move_list_init (&l);
            ts_position_generate_legal (p, &l);
            n_legal = l.n;
            if (n_legal)
              there[seat] = l.moves[pick (g, n_legal)];
            ts_move_list_clear (&l);
            if (n_legal == 0)
              return;
            back = there[seat];
          }
        else if (!find_reverse (p, there[seat], &back))
          return;
        g_autofree char *san = ts_move_to_san (p, back);
        g_string_append_printf (cycle, " %s", san);
        ts_position_make (p, back, &undo);
      }
  for (guint i = 0; i < count; i++)
    g_string_append (out, cycle->str);
}

static void
add_position (Gen *g)
{
  GString *s = add_line (g, "position");
  g_autoptr (TsPosition) p = NULL;
  guint doseki = strcmp (g->v->id, "doseki") == 0;
  guint plies = chance (g, 0.7) ? pick (g, 10) : pick (g, doseki ? 20 : 80);

  if (chance (g, 0.15))
    g->v = random_variant (g);
  p = ts_position_new_initial (g->v);
  if (chance (g, 0.85))
    g_string_append_printf (s, " variant %s", g->v->id);
  if (chance (g, 0.3))
    {
      g_autofree char *text = NULL;
      for (guint i = pick (g, doseki ? 10 : 40); i > 0 && play_random (g, p, NULL); i--)
        ;
      text = ts_position_to_text (p);
      g_string_append_printf (s, " text %s", text);
    }
  else if (chance (g, 0.8))
    g_string_append (s, " startpos");
  if (plies == 0 && chance (g, 0.5))
    return;
  g_string_append (s, " moves");
  if (chance (g, 0.04))
    append_long_game (g, p, s);
  for (guint i = 0; i < plies && play_random (g, p, s); i++)
    ;
}

static void
add_number (Gen *g, GString *s, guint small)
{
  if (chance (g, 0.8))
    g_string_append_printf (s, " %u", 1 + pick (g, small));
  else
    g_string_append_printf (s, " %s", edge_number (g));
}

/* A clock word of the variant's seats ("wtime", "rinc", "3time"), or of a seat it has not. */
static void
add_clock (Gen *g, GString *s)
{
  guint seat = pick (g, g->v->n_seats);
  char key = chance (g, 0.9) ? ts_variant_seat_key (g->v, seat) : "wbrogy12345"[pick (g, 11)];

  if (g->v->n_seats == 2 && seat == 0 && chance (g, 0.5))
    key = 'w';
  g_string_append_printf (s, " %c%s", key, chance (g, 0.7) ? "time" : "inc");
  if (chance (g, 0.7))
    g_string_append_printf (s, " %d", g_rand_int_range (g->rand, -1000, 60000));
  else
    g_string_append_printf (s, " %s", edge_number (g));
}

static void
add_go (Gen *g)
{
  GString *s = add_line (g, "go");
  guint n = pick (g, 5);

  for (guint i = 0; i < n; i++)
    switch (pick (g, 10))
      {
      case 0: g_string_append (s, " depth"); add_number (g, s, 3); break;
      case 1: g_string_append (s, " nodes"); add_number (g, s, 2000); break;
      case 2: g_string_append (s, " movetime"); add_number (g, s, 100); break;
      case 3: g_string_append (s, " mate"); add_number (g, s, 2); break;
      case 4: g_string_append (s, " infinite"); break;
      case 5: g_string_append (s, " movestogo"); add_number (g, s, 40); break;
      case 6: g_string_append (s, chance (g, 0.5) ? " ponder" : " searchmoves e2e4"); break;
      default: add_clock (g, s); break;
      }
}

static void
add_setoption (Gen *g)
{
  const char *name = option_names[pick (g, G_N_ELEMENTS (option_names))];
  GString *s = add_line (g, chance (g, 0.9) ? "setoption name " : "setoption ");

  g_string_append (s, name);
  if (chance (g, 0.1))
    return;
  g_string_append (s, chance (g, 0.9) ? " value" : " ");
  if (g_ascii_strcasecmp (name, "UCI_Variant") == 0 && chance (g, 0.8))
    {
      g->v = random_variant (g);
      g_string_append_printf (s, " %s", g->v->id);
    }
  else
    add_number (g, s, strcmp (name, "Hash") == 0 ? 64 : 16);
}

static void
add_garbage (Gen *g)
{
  GString *s = add_line (g, NULL);
  guint n = 1 + pick (g, chance (g, 0.1) ? 300000 : 200);

  for (guint i = 0; i < n; i++)
    g_string_append_c (s, (char) pick (g, 256));
}

static void
add_command (Gen *g)
{
  switch (pick (g, 24))
    {
    case 0 ... 6: add_position (g); break;
    case 7 ... 12: add_go (g); break;
    case 13 ... 14: add_setoption (g); break;
    case 15: add_line (g, "isready"); break;
    case 16 ... 17: add_line (g, "stop"); break;
    case 18: add_line (g, chance (g, 0.5) ? "ucinewgame" : "uci"); break;
    case 19: add_line (g, chance (g, 0.3) ? "quit" : "isready"); break;
    case 20: add_garbage (g); break;
    default: add_line (g, other_commands[pick (g, G_N_ELEMENTS (other_commands))]); break;
    }
}

/* ---- Mutations ---- */

/* The start and length of the word at or after byte i of s (words: runs of non-space). */
static gboolean
word_at (const GString *s, gsize i, gsize *start, gsize *len)
{
  while (i < s->len && s->str[i] == ' ')
    i++;
  if (i >= s->len)
    return FALSE;
  while (i > 0 && s->str[i - 1] != ' ')
    i--;
  *start = i;
  for (*len = 0; i + *len < s->len && s->str[i + *len] != ' '; (*len)++)
    ;
  return TRUE;
}

static void
replace_word (GString *s, gsize start, gsize len, const char *with)
{
  g_string_erase (s, (gssize) start, (gssize) len);
  g_string_insert (s, (gssize) start, with);
}

static void
mutate_line (Gen *g, GString *s)
{
  gsize at = s->len ? pick (g, (guint) s->len) : 0, start, len;
  gboolean word = word_at (s, at, &start, &len);
  GString *other = g->lines->pdata[pick (g, g->lines->len)];
  gsize ostart, olen;

  switch (pick (g, 11))
    {
    case 0: if (word) replace_word (s, start, len, edge_number (g)); break;
    case 1: if (word) replace_word (s, start, len, tokens[pick (g, G_N_ELEMENTS (tokens))]); break;
    case 2: if (word) g_string_erase (s, (gssize) start, (gssize) MIN (len + 1, s->len - start)); break;
    case 3:   /* a word of another line */
      if (other->len && word_at (other, pick (g, (guint) other->len), &ostart, &olen))
        {
          g_autofree char *copy = g_strndup (other->str + ostart, olen);
          g_string_insert (s, (gssize) at, " ");
          g_string_insert (s, (gssize) at, copy);
        }
      break;
    case 4:   /* swap with the next word */
      if (word && start + len < s->len && word_at (s, start + len, &ostart, &olen))
        {
          g_autofree char *first = g_strndup (s->str + start, len);
          g_autofree char *second = g_strndup (s->str + ostart, olen);
          replace_word (s, ostart, olen, first);
          replace_word (s, start, len, second);
        }
      break;
    case 5: if (at < s->len) s->str[at] ^= (char) (1u << pick (g, 8)); break;
    case 6: g_string_insert_c (s, (gssize) at, "\0\xff\x80\xc3\r\t\n \x7f"[pick (g, 9)]); break;
    case 7: g_string_truncate (s, at); break;
    case 8:   /* a word many times over: a long line */
      if (word)
        {
          g_autofree char *copy = g_strndup (s->str + start, len);
          for (guint n = 1 + pick (g, chance (g, 0.1) ? 100000 : 1000); n > 0; n--)
            {
              g_string_insert (s, (gssize) start, " ");
              g_string_insert (s, (gssize) start, copy);
            }
        }
      break;
    case 9:
      if (word)
        for (gsize i = start; i < start + len; i++)
          s->str[i] = g_ascii_isupper (s->str[i]) ? g_ascii_tolower (s->str[i]) : g_ascii_toupper (s->str[i]);
      break;
    default: g_string_insert (s, (gssize) at, tokens[pick (g, G_N_ELEMENTS (tokens))]); break;
    }
}

static void
mutate (Gen *g)
{
  double rate = (double []) { 0, 0.05, 0.2, 0.5 }[pick (g, 4)];

  for (guint i = 0; i < g->lines->len; i++)
    if (chance (g, rate))
      for (guint n = 1 + pick (g, 3); n > 0; n--)
        mutate_line (g, g->lines->pdata[i]);
  if (g->lines->len > 1 && chance (g, rate))
    {
      guint a = pick (g, g->lines->len), b = pick (g, g->lines->len);
      gpointer t = g->lines->pdata[a];
      g->lines->pdata[a] = g->lines->pdata[b];
      g->lines->pdata[b] = t;
    }
}

/* ---- What the runner must be able to end ---- */

/* The words after the command of a line (as the engine reads it: up to a NUL, stripped,
 * split at spaces and tabs) if its command is `command`, else NULL. */
static GStrv
args_of (GBytes *line, const char *command)
{
  gsize size;
  const char *data = g_bytes_get_data (line, &size);
  g_autofree char *text = g_strstrip (g_strndup (data ? data : "", size));
  char *args = text + strcspn (text, " \t");

  if (*args)
    *args++ = '\0';
  return strcmp (text, command) == 0 ? g_strsplit_set (args, " \t", -1) : NULL;
}

gboolean
fuzz_line_is_go (GBytes *line)
{
  g_auto (GStrv) words = args_of (line, "go");

  return words != NULL;
}

gboolean
fuzz_line_is_infinite (GBytes *line)
{
  g_auto (GStrv) words = args_of (line, "go");

  return words && g_strv_contains ((const char *const *) words, "infinite");
}

/* Whether a go line ends by itself soon: the last value of each limit, as the engine
 * reads them. */
static gboolean
is_bounded (GBytes *line, gboolean doseki)
{
  g_auto (GStrv) words = args_of (line, "go");
  gint64 depth = 0, nodes = 0, movetime = 0;

  for (guint i = 0; words && words[i]; i++)
    {
      gint64 n = words[i + 1] ? g_ascii_strtoll (words[i + 1], NULL, 10) : 0;
      if (strcmp (words[i], "infinite") == 0)
        return TRUE;
      if (strcmp (words[i], "depth") == 0)
        depth = n;
      else if (strcmp (words[i], "nodes") == 0)
        nodes = n;
      else if (strcmp (words[i], "movetime") == 0)
        movetime = n;
    }
  return (depth >= 1 && depth <= 2) || (nodes >= 1 && nodes <= (doseki ? 300 : 3000)) ||
         (movetime >= 1 && movetime <= 1000);
}

/* Numbers over 64 in a Hash line become 64: the engine would make a table of half the
 * machine's memory (the clamp is tested on its own, in engine-protocol). */
static void
tame_hash (GString *s)
{
  g_autofree char *lower = g_ascii_strdown (s->str, (gssize) s->len);

  if (!strstr (lower, "setoption") || !strstr (lower, "hash"))
    return;
  for (gsize i = 0; i < s->len; i++)
    if (g_ascii_isdigit (s->str[i]))
      {
        gsize end = i;
        guint64 n;
        while (end < s->len && g_ascii_isdigit (s->str[end]))
          end++;
        g_autofree char *digits = g_strndup (s->str + i, end - i);
        n = g_ascii_strtoull (digits, NULL, 10);
        if (n > 64 && n <= G_MAXINT64)
          replace_word (s, i, end - i, "64");
        i = end;
        while (i < s->len && g_ascii_isdigit (s->str[i]))
          i++;
      }
}

/* The lines as the engine will see them: split at line feeds, Hash tamed, every go that
 * might search for long given a node limit (a hang must be the engine's). */
static GPtrArray *
finish_lines (Gen *g)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  gboolean doseki = FALSE;

  for (guint i = 0; i < g->lines->len; i++)
    {
      GString *s = g->lines->pdata[i];
      const char *p = s->str, *end = s->str + s->len;

      tame_hash (s);
      if (memmem (s->str, s->len, "doseki", 6))
        doseki = TRUE;
      for (;;)
        {
          const char *nl = memchr (p, '\n', (gsize) (end - p));
          GBytes *line = g_bytes_new (p, (gsize) ((nl ? nl : end) - p));

          if (fuzz_line_is_go (line) && !is_bounded (line, doseki))
            {
              g_autoptr (GString) bounded = g_string_new_len (p, (gssize) ((nl ? nl : end) - p));
              g_bytes_unref (line);
              if (memchr (bounded->str, '\0', bounded->len))
                g_string_truncate (bounded, strlen (bounded->str));
              g_string_append_printf (bounded, " nodes %u", doseki ? 200 : 2000);
              line = g_bytes_new (bounded->str, bounded->len);
            }
          g_ptr_array_add (out, line);
          if (!nl)
            break;
          p = nl + 1;
        }
    }
  return out;
}

FuzzSession *
fuzz_session_new (guint32 seed)
{
  Gen g = { g_rand_new_with_seed (seed), NULL, g_ptr_array_new () };
  FuzzSession *session = g_new0 (FuzzSession, 1);
  guint n = 1 + pick (&g, chance (&g, 0.2) ? 60 : 12);

  g.v = random_variant (&g);
  session->burst = chance (&g, 0.3);
  session->quit_at_end = chance (&g, 0.3);
  if (chance (&g, 0.9))
    add_position (&g);
  for (guint i = 0; i < n; i++)
    add_command (&g);
  mutate (&g);
  session->lines = finish_lines (&g);
  for (guint i = 0; i < g.lines->len; i++)
    g_string_free (g.lines->pdata[i], TRUE);
  g_ptr_array_free (g.lines, TRUE);
  g_rand_free (g.rand);
  return session;
}

FuzzSession *
fuzz_session_copy (const FuzzSession *session)
{
  FuzzSession *copy = g_memdup2 (session, sizeof *session);

  copy->lines = g_ptr_array_copy (session->lines, (GCopyFunc) (void (*) (void)) g_bytes_ref, NULL);
  g_ptr_array_set_free_func (copy->lines, (GDestroyNotify) g_bytes_unref);
  return copy;
}

void
fuzz_session_free (FuzzSession *session)
{
  if (!session)
    return;
  g_ptr_array_unref (session->lines);
  g_free (session);
}

#define HEADER_BURST "#fuzz-session burst"
#define HEADER_SYNC  "#fuzz-session sync"

GBytes *
fuzz_session_bytes (const FuzzSession *session)
{
  GString *s = g_string_new (session->burst ? HEADER_BURST : HEADER_SYNC);

  g_string_append (s, session->quit_at_end ? " quit\n" : " eof\n");
  for (guint i = 0; i < session->lines->len; i++)
    {
      gsize size;
      const char *data = g_bytes_get_data (session->lines->pdata[i], &size);
      g_string_append_len (s, data, (gssize) size);
      g_string_append_c (s, '\n');
    }
  return g_string_free_to_bytes (s);
}

FuzzSession *
fuzz_session_from_bytes (GBytes *bytes)
{
  FuzzSession *session = g_new0 (FuzzSession, 1);
  gsize size;
  const char *p = g_bytes_get_data (bytes, &size), *end = p + size;

  session->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  if (size > strlen (HEADER_SYNC) && memcmp (p, "#fuzz-session ", 14) == 0)
    {
      const char *nl = memchr (p, '\n', size);
      g_autofree char *header = g_strndup (p, nl ? (gsize) (nl - p) : size);
      session->burst = g_str_has_prefix (header, HEADER_BURST);
      session->quit_at_end = g_str_has_suffix (header, " quit");
      p = nl ? nl + 1 : end;
    }
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      g_ptr_array_add (session->lines, g_bytes_new (p, (gsize) ((nl ? nl : end) - p)));
      p = nl ? nl + 1 : end;
    }
  return session;
}
