/* Hostile and huge input: every one is refused (or, when it is a valid game, read) with a
 * short message that names the file and, where one applies, the line, quoting at most a
 * short excerpt of what it found. No timing here: tessera-cli bench-records --hostile
 * measures how fast (docs/file-format.md, "Hostile input"). */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "records/game.h"
#include "rules/postext.h"

#define MAX_MESSAGE 300   /* bytes: a line of a terminal or two, whatever the input */
#define BIG (15u << 20)   /* under the 16 MiB file limit */
#define MID (5u << 20)    /* under libxml2's 10 MB limit for an attribute value */

static const char *const xml_head =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n";

typedef struct {
  const char *what;
  GString    *data;
  int         code;       /* -1: a valid game, which must open */
  guint       line;       /* 0: any */
  const char *says;       /* a part of the message */
} Case;

static GString *
repeat (const char *before, const char *unit, gsize times, const char *after)
{
  GString *s = g_string_new (before);

  for (gsize i = 0; i < times; i++)
    g_string_append (s, unit);
  g_string_append (s, after);
  return s;
}

/* times attributes " NAME<number>=VALUE": distinct names (libxml2 stops at the first repeated
 * one, fast; distinct ones are what took minutes). */
static GString *
numbered (const char *before, const char *name, const char *value, gsize times, const char *after)
{
  GString *s = g_string_new (before);

  for (gsize i = 0; i < times; i++)
    g_string_append_printf (s, " %s%07lu=%s", name, (gulong) i, value);
  g_string_append (s, after);
  return s;
}

static GString *
xml (const char *body)
{
  GString *s = g_string_new (xml_head);

  g_string_append_printf (s, "%s</tessera-game>\n", body);
  return s;
}

static void
check (const Case *c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = ts_game_from_data (c->data->str, c->data->len, "hostile", &error);

  if (c->code < 0)
    {
      g_test_message ("%s (%lu bytes): opens", c->what, (gulong) c->data->len);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      return;
    }
  g_assert_null (game);
  g_assert_nonnull (error);
  g_test_message ("%s (%lu bytes): %s", c->what, (gulong) c->data->len, error->message);
  g_assert_error (error, TS_RECORD_ERROR, c->code);
  g_assert_cmpuint (strlen (error->message), <=, MAX_MESSAGE);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_true (g_str_has_prefix (error->message, "hostile:"));
  if (c->line > 0)
    {
      g_autofree char *prefix = g_strdup_printf ("hostile:%u: ", c->line);

      g_assert_true (g_str_has_prefix (error->message, prefix));
    }
  g_assert_nonnull (strstr (error->message, c->says));
}

static void
run (Case *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      check (&cases[i]);
      g_string_free (cases[i].data, TRUE);
    }
}

static void
test_hostile_xml (void)
{
  Case cases[] = {
    { "30000 attributes on one element",
      numbered ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves", "a", "\"1\"", 30000, "/></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 3, "more than 32 attributes" },
    { "1.3 million attributes (15 MB)",
      numbered ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves", "a", "\"\"", BIG / 12, "/></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 3, "more than 32 attributes" },
    { "30000 namespace declarations",
      numbered ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\"\n", "xmlns:n", "\"urn:x\"", 30000, "><moves/></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 2, "more than 32 attributes" },
    { "'=' and '>' inside quotes, comments and CDATA do not count",
      xml ("<!-- <a b=1 c=2 d=3 e=4 f=5 g=6 h=7 i=8 j=9 k=10 l=11 m=12 n=13 o=14 p=15 q=16 r=17 "
           "s=18 t=19 u=20 v=21 w=22 x=23 y=24 z=25 aa=26 bb=27 cc=28 dd=29 ee=30 ff=31 gg=32 hh=33> -->"
           "<event><![CDATA[= = = = = = = = = = = = = = = = = = = = = = = = = = = = = = = = = =]]></event>"
           "<tag name=\"A\">=&gt;= = = = = = = = = = = = = = = = = = = = = = = = = = = = = = = = =</tag>"
           "<moves><move san=\"NAb1-Ac3\" nags=\"1\"><after>a=b '=' \"=\" ></after></move></moves>"),
      -1, 0, NULL },
    { "a 40000-character element name",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves>\n<", "x", 40000, "/></moves></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 4, "element <xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…> is not allowed in <moves>" },
    { "a 15 MB element name (over libxml2's name limit)",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves>\n<", "x", BIG, "/></moves></tessera-game>"),
      TS_RECORD_ERROR_MALFORMED, 0, "malformed XML" },
    { "a 5 MB attribute value",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves><move san=\"NAb1-Ac3\" nags=\"", "1 ", MID / 2, "\"/></moves></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 3, "bad NAG list “1 1 1 1" },
    { "a 5 MB move",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves><move san=\"", "N", MID, "\"/></moves></tessera-game>"),
      TS_RECORD_ERROR_ILLEGAL, 3, "longer than 100 characters" },
    { "a 5 MB variant id",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"", "v", MID, "\"><moves/></tessera-game>"),
      TS_RECORD_ERROR_VARIANT, 2, "unknown variant “vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv…”" },
    { "a 15 MB start position",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<setup>raumschach ", "z", BIG, "</setup><moves/></tessera-game>"),
      TS_RECORD_ERROR_VARIANT, 3, "bad start position" },
    { "a 15 MB comment (valid)",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<comment>", "long comment ", BIG / 13, "</comment><moves/></tessera-game>"),
      -1, 0, NULL },
    { "a 15 MB XML comment and processing instruction (ignored)",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<!--", "<a b=c> ", BIG / 16, "--><?pi x?><moves/></tessera-game>"),
      -1, 0, NULL },
    { "100000 nested elements",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves>", "<variation>", 100000, ""),
      TS_RECORD_ERROR_MALFORMED, 0, "malformed XML" },
    { "a 15 MB attribute value (over libxml2's limit)",
      repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves><move san=\"", "N", BIG, "\"/></moves></tessera-game>"),
      TS_RECORD_ERROR_MALFORMED, 0, "malformed XML" },
    { "9 NAGs", xml ("<moves><move san=\"NAb1-Ac3\" nags=\"1 2 3 4 5 6 7 8 9\"/></moves>"),
      TS_RECORD_ERROR_INVALID, 3, "bad NAG list" },
    { "a 30-digit clock", xml ("<moves><move san=\"NAb1-Ac3\" clock=\"999999999999999999999999999999\"/></moves>"),
      TS_RECORD_ERROR_INVALID, 3, "bad clock" },
    { "a clock over a million hours", xml ("<moves><move san=\"NAb1-Ac3\" clock=\"3600000000001\"/></moves>"),
      TS_RECORD_ERROR_INVALID, 3, "bad clock" },
    { "an evaluation over 10^9", xml ("<moves><move san=\"NAb1-Ac3\"><eval cp=\"-1000000001\"/></move></moves>"),
      TS_RECORD_ERROR_INVALID, 3, "bad cp" },
    { "a depth of 65536", xml ("<moves><move san=\"NAb1-Ac3\"><eval mate=\"3\" depth=\"65536\"/></move></moves>"),
      TS_RECORD_ERROR_INVALID, 3, "bad depth" },
    { "seat 4294967296", xml ("<player seat=\"4294967296\">x</player><moves/>"),
      TS_RECORD_ERROR_INVALID, 3, "bad seat" },
    { "format 99999999999999999999", g_string_new ("<tessera-game format=\"99999999999999999999\" variant=\"raumschach\"><moves/></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 1, "bad format version" },
    { "bad UTF-8", xml ("<event>\xc3\x28\xff</event><moves/>"), TS_RECORD_ERROR_MALFORMED, 3, "malformed XML" },
    { "a NUL byte", NULL, TS_RECORD_ERROR_MALFORMED, 0, "malformed XML" },
    { "a character reference to U+0000", xml ("<event>&#0;</event><moves/>"), TS_RECORD_ERROR_MALFORMED, 3, "malformed XML" },
    { "a character reference past U+10FFFF", xml ("<event>&#x110000;</event><moves/>"), TS_RECORD_ERROR_MALFORMED, 3, "malformed XML" },
    { "an undefined entity", xml ("<event>&lol;</event><moves/>"), TS_RECORD_ERROR_MALFORMED, 3, "malformed XML" },
    { "entity definitions (billion laughs)",
      g_string_new ("<?xml version=\"1.0\"?>\n<!DOCTYPE g [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n"
                    "<tessera-game format=\"1\" variant=\"raumschach\"><event>&b;</event><moves/></tessera-game>"),
      TS_RECORD_ERROR_FORBIDDEN, 2, "not allowed" },
    { "an external entity", g_string_new ("<!DOCTYPE g SYSTEM \"/dev/zero\"><tessera-game/>"),
      TS_RECORD_ERROR_FORBIDDEN, 1, "not allowed" },
    { "a UTF-8 byte order mark (valid)", NULL, -1, 0, NULL },
    { "CR-only line ends", g_string_new ("<?xml version=\"1.0\"?>\r<tessera-game format=\"1\" variant=\"raumschach\">\r<moves>\r<castle/></moves></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 4, "element <castle> is not allowed in <moves>" },
    { "a move after a threefold repetition",
      xml ("<moves><move san=\"NAb1-Ac3\"/><move san=\"NEb5-Ec3\"/><move san=\"NAc3-Ab1\"/><move san=\"NEc3-Eb5\"/>"
           "<move san=\"NAb1-Ac3\"/><move san=\"NEb5-Ec3\"/><move san=\"NAc3-Ab1\"/><move san=\"NEc3-Eb5\"/>\n"
           "<move san=\"NAb1-Ac3\"/></moves>"),
      TS_RECORD_ERROR_ILLEGAL, 4, "the game is already over (threefold repetition)" },
    { "100000 tags", repeat ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">", "<tag name=\"T\">v</tag>", 100000, "<moves/></tessera-game>"),
      TS_RECORD_ERROR_INVALID, 2, "bad tag name “T”" },
  };

  /* The ones that need bytes a C string cannot hold, or a prefix. */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (cases[i].data == NULL && strstr (cases[i].what, "NUL"))
      {
        cases[i].data = xml ("<event>x</event><moves/>");
        cases[i].data->str[strstr (cases[i].data->str, "x</event>") - cases[i].data->str] = '\0';
      }
    else if (cases[i].data == NULL)
      {
        cases[i].data = xml ("<moves><move san=\"NAb1-Ac3\"/></moves>");
        g_string_prepend (cases[i].data, "\xef\xbb\xbf");
      }
  run (cases, G_N_ELEMENTS (cases));
}

static void
test_hostile_text (void)
{
  const char *tags = "[Variant \"raumschach\"]\n\n";
  g_autoptr (TsPosition) initial = ts_position_new_initial (ts_variant_lookup ("grossraumschach"));
  g_autofree char *start = ts_position_to_text (initial);
  Case cases[] = {
    { "a 15 MB move", repeat (tags, "N", BIG, " *"), TS_RECORD_ERROR_ILLEGAL, 3, "longer than 100 characters" },
    { "a 1 MB tag name", repeat ("[", "T", 1 << 20, " \"v\"]\n"), TS_RECORD_ERROR_INVALID, 1, "a tag name longer than 255 characters" },
    { "a 15 MB variant", repeat ("[Variant \"", "v", BIG, "\"]\n*"), TS_RECORD_ERROR_VARIANT, 1, "unknown variant “vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv…”" },
    { "a 15 MB tag value (valid)", repeat ("[Variant \"raumschach\"]\n[Annotator \"", "a", BIG, "\"]\n*"), -1, 0, NULL },
    { "a 1 MB move mark", repeat (tags, "1. NAb1-Ac3!", 1, ""), TS_RECORD_ERROR_MALFORMED, 3, "unknown move mark “!?!?!?!?" },
    { "9 NAGs", g_string_new ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3 $1 $2 $3 $4 $5 $6 $7 $8 $9 *"),
      TS_RECORD_ERROR_INVALID, 3, "more than 8 NAGs" },
    { "a 12-digit NAG", g_string_new ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3 $999999999999 *"), TS_RECORD_ERROR_MALFORMED, 3, "bad NAG" },
    { "100000 opening parentheses", repeat ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3 ", "(", 100000, ""),
      TS_RECORD_ERROR_INVALID, 3, "a variation must follow the move it replaces" },
    { "a 15 MB comment (valid)", repeat ("[Variant \"raumschach\"]\n\n{", "comment ", BIG / 8, "} 1. NAb1-Ac3 *"), -1, 0, NULL },
    { "a 15 MB comment not closed", repeat ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3 {", "comment ", BIG / 8, ""),
      TS_RECORD_ERROR_MALFORMED, 3, "comment not closed by }" },
    { "bad UTF-8 on line 4", g_string_new ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3\n{\xc3\x28} *"), TS_RECORD_ERROR_MALFORMED, 4, "not valid UTF-8" },
    { "a NUL byte on line 3", NULL, TS_RECORD_ERROR_MALFORMED, 3, "not valid UTF-8" },
    { "CR-only line ends", g_string_new ("[Variant \"raumschach\"]\r\r1. NAb1-Ac3\r{a\rb}\r2. Zz9 *"), TS_RECORD_ERROR_ILLEGAL, 6, "move “Zz9”" },
    { "a byte order mark (valid)", g_string_new ("\xef\xbb\xbf[Variant \"raumschach\"]\n\n1. NAb1-Ac3 *"), -1, 0, NULL },
    { "a clock of 10^11 hours (stays comment text: valid)",
      g_string_new ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3 {[%clk 99999999999:00:00]} *"), -1, 0, NULL },
    { "256 pieces in hand", NULL, TS_RECORD_ERROR_VARIANT, 2, "more than 255 “P” in hand" },
    { "a move counter of 70000", NULL, TS_RECORD_ERROR_VARIANT, 2, "is not a number from 0 to 65535" },
    { "100000 tags", repeat ("[Variant \"raumschach\"]\n", "[T \"v\"]\n", 100000, "*"), TS_RECORD_ERROR_TOO_LARGE, 1015, "more than 1000 tags" },
    { "a move after a threefold repetition",
      g_string_new ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3 NEb5-Ec3 2. NAc3-Ab1 NEc3-Eb5 3. NAb1-Ac3 NEb5-Ec3 4. NAc3-Ab1 NEc3-Eb5\n5. NAb1-Ac3 *"),
      TS_RECORD_ERROR_ILLEGAL, 4, "the game is already over (threefold repetition)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Case *c = &cases[i];

      if (strstr (c->what, "move mark"))
        for (guint k = 0; k < (1 << 19); k++)
          g_string_insert (c->data, c->data->len, "?!");
      else if (strstr (c->what, "NUL"))
        {
          c->data = g_string_new ("[Variant \"raumschach\"]\n\n1. NAb1-Ac3 {x} *");
          c->data->str[strchr (c->data->str, 'x') - c->data->str] = '\0';
        }
      else if (strstr (c->what, "in hand"))
        {
          g_autofree char *hand = g_strnfill (256, 'P');
          char *at = strstr (start, "hand-r=-");

          g_assert_nonnull (at);
          c->data = g_string_new (NULL);
          g_string_printf (c->data, "[Variant \"grossraumschach\"]\n[Position \"%.*shand-r=%s%s\"]\n*",
                           (int) (at - start), start, hand, at + strlen ("hand-r=-"));
        }
      else if (strstr (c->what, "move counter"))
        {
          g_autofree char *position = g_strdup (start);
          char *at = strstr (position, "halfmove=0");

          g_assert_nonnull (at);
          c->data = g_string_new (NULL);
          g_string_printf (c->data, "[Variant \"grossraumschach\"]\n[Position \"%.*shalfmove=70000%s\"]\n*",
                           (int) (at - position), position, at + strlen ("halfmove=0"));
        }
    }
  run (cases, G_N_ELEMENTS (cases));
}

/* Files that are not games: refused at once, never waited for. */
static void
test_not_regular_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-hostile-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.pgn", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.tessera", NULL);
  const char *paths[] = { fifo, "/dev/zero", "/dev/null", dir, loop };
  const char *says[] = { "not a regular file", "not a regular file", "not a regular file",
                         "a folder, not a game file", "Too many levels of symbolic links" };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("loop.tessera", loop), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TsGame) game = ts_game_load (paths[i], &error);

      g_assert_null (game);
      g_test_message ("%s", error->message);
      g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_IO);
      g_assert_true (g_str_has_prefix (error->message, paths[i]));
      g_assert_nonnull (strstr (error->message, says[i]));
    }
  g_unlink (fifo);
  g_unlink (loop);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/records/hostile/xml", test_hostile_xml);
  g_test_add_func ("/records/hostile/text", test_hostile_text);
  g_test_add_func ("/records/hostile/not-regular-files", test_not_regular_files);
  return g_test_run ();
}
