/* The XML and text forms: round trips for every variant, the schema, hostile and broken
 * input, atomic saving. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "records/game-random.h"
#include "records/game.h"
#include "rules/postext.h"
#include "records-test.h"
#include "test-util.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* Writes xml to a file in the test folder and checks it against the schema. */
static void
assert_schema_valid (const char *name, const char *xml)
{
  g_autofree char *path = tmp_path (name);

  test_util_write_file (path, xml, -1);
  g_assert_true (records_test_schema_accepts (path));
}

/* read_ok: records-test.h */
#define read_ok records_test_read_ok

/* write, read, write: the same bytes, in both forms, and the text form carries the same
 * game as the XML form. */
/* Every game the writer gives must pass ts_game_to_data's limits. */
static char *
to_data (TsGame *game, TsGameFormat format)
{
  g_autoptr (GError) error = NULL;
  gsize length;
  char *data = ts_game_to_data (game, format, &length, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, strlen (data));
  return data;
}

static void
assert_round_trip (TsGame *game, const char *name)
{
  g_autofree char *xml1 = to_data (game, TS_GAME_FORMAT_XML);
  g_autofree char *text1 = to_data (game, TS_GAME_FORMAT_TEXT);
  g_autoptr (TsGame) from_xml = read_ok (xml1, "xml1");
  g_autoptr (TsGame) from_text = read_ok (text1, "text1");
  g_autofree char *xml2 = ts_game_to_xml (from_xml, NULL);
  g_autofree char *text2 = ts_game_to_text (from_text, NULL);
  g_autofree char *xml3 = ts_game_to_xml (from_text, NULL);
  g_autofree char *xml_name = g_strconcat (name, ".tessera", NULL);

  g_assert_cmpstr (xml2, ==, xml1);
  g_assert_cmpstr (text2, ==, text1);
  g_assert_cmpstr (xml3, ==, xml1);
  assert_schema_valid (xml_name, xml1);
}

static guint
count_variations (const TsGameNode *node, guint *max_nesting, guint nesting)
{
  guint n = 0;

  while (node)
    {
      guint nc = ts_game_node_n_children (node);

      for (guint i = 1; i < nc; i++)
        n += 1 + count_variations (ts_game_node_child (node, i), max_nesting, nesting + 1);
      *max_nesting = MAX (*max_nesting, nesting);
      node = nc ? ts_game_node_child (node, 0) : NULL;
    }
  return n;
}

static void
test_round_trip_variants (void)
{
  guint n_variants;
  const TsVariant *const *variants = ts_variant_list (&n_variants);

  g_assert_cmpuint (n_variants, >, 0);
  /* -m slow (the 'slow' suite): more and longer games. */
  guint n_seeds = g_test_slow () ? 6 : 1;
  guint n_moves = g_test_slow () ? 150 : 40;

  for (guint i = 0; i < n_variants; i++)
    for (guint seed = 1; seed <= n_seeds; seed++)
      {
        g_autoptr (TsGame) game = ts_game_new_random (variants[i], n_moves, 30, TRUE, 1000 * seed + i);
        g_autofree char *name = g_strdup_printf ("%s-%u", variants[i]->id, seed);
        guint nesting = 0;
        guint n = count_variations (ts_game_root (game), &nesting, 0);

        g_test_message ("%s: %u variations, nested %u deep", name, n, nesting);
        g_assert_cmpuint (n, >=, 20);
        g_assert_cmpuint (nesting, >=, 2);
        assert_round_trip (game, name);
      }
}

static void
test_round_trip_setup (void)
{
  guint n_variants;
  const TsVariant *const *variants = ts_variant_list (&n_variants);

  for (guint i = 0; i < n_variants; i++)
    {
      g_autoptr (TsGame) opening = ts_game_new_random (variants[i], 5, 0, FALSE, 77 + i);
      g_autoptr (TsGame) game = NULL;
      g_autofree char *xml = NULL;
      g_autofree char *text = NULL;
      g_autofree char *name = g_strdup_printf ("%s-setup", variants[i]->id);

      ts_game_go_end (opening);
      game = ts_game_new (variants[i], ts_game_position (opening));
      g_assert_nonnull (ts_game_setup (game));
      for (guint ply = 0; ply < 6; ply++)
        {
          TsPosition *pos = ts_position_copy (ts_game_position (game));
          TsMoveList list;

          ts_move_list_init (&list);
          ts_position_generate_legal (pos, &list);
          if (list.n)
            ts_game_add_move (game, list.moves[(ply * 7) % list.n]);
          ts_move_list_clear (&list);
          ts_position_free (pos);
        }
      ts_game_set_field (game, TS_GAME_STIPULATION, "#3");
      ts_game_set_field (game, TS_GAME_SOLUTION, "1. any");
      xml = ts_game_to_xml (game, NULL);
      text = ts_game_to_text (game, NULL);
      g_assert_nonnull (strstr (xml, "<setup>"));
      g_assert_nonnull (strstr (text, "[Position \""));
      assert_round_trip (game, name);
    }

  /* The initial position is not written as a setup. */
  {
    const TsVariant *v = variants[0];
    g_autoptr (TsPosition) initial = ts_position_new_initial (v);
    g_autoptr (TsGame) game = ts_game_new (v, initial);

    g_assert_null (ts_game_setup (game));
  }
}


static TsGame *
make_nested (guint depth)   /* variations inside variations, depth levels deep */
{
  TsGame *game = ts_game_new (ts_variant_lookup ("raumschach"), NULL);
  TsGameNode *node = ts_game_add_move (game, records_test_legal_move (game, 0));

  for (guint level = 0; level < depth; level++)
    {
      ts_game_go_to (game, node->parent);
      /* a move that is not node's: a new variation */
      ts_game_add_move (game, records_test_playable_move (game, 0, &node->move));
      node = ts_game_add_move (game, records_test_playable_move (game, level % 3, NULL));
    }
  return game;
}

static void
test_deep_nesting (void)
{
  g_autoptr (TsGame) deep = make_nested (TS_RECORD_MAX_NESTING);
  g_autoptr (TsGame) too_deep = make_nested (TS_RECORD_MAX_NESTING + 1);
  guint nesting = 0;
  g_autofree char *xml = ts_game_to_xml (too_deep, NULL);
  g_autofree char *text = ts_game_to_text (too_deep, NULL);
  g_autoptr (GError) error = NULL;

  count_variations (ts_game_root (deep), &nesting, 0);
  g_assert_cmpuint (nesting, ==, TS_RECORD_MAX_NESTING);
  assert_round_trip (deep, "deep");

  g_assert_null (ts_game_from_data (xml, strlen (xml), "deep.tessera", &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "nested more than"));
  g_clear_error (&error);
  g_assert_null (ts_game_from_data (text, strlen (text), "deep.pgn", &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "nested more than"));
  g_clear_error (&error);

  /* What the readers refuse is not written. */
  {
    g_autofree char *path = tmp_path ("too-deep.tessera");
    gsize length;

    g_assert_null (ts_game_to_data (too_deep, TS_GAME_FORMAT_TEXT, &length, &error));
    g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
    g_assert_cmpstr (error->message, ==, "variations are nested 201 deep, more than a game file may hold (200)");
    g_clear_error (&error);
    g_assert_false (ts_game_save (too_deep, path, TS_GAME_FORMAT_XML, &error));
    g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
    g_assert_true (g_str_has_prefix (error->message, path));
    g_assert_nonnull (strstr (error->message, ": not saved: variations are nested 201 deep"));
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }
}

static void
test_results (void)
{
  guint n_variants;
  const TsVariant *const *variants = ts_variant_list (&n_variants);

  for (guint i = 0; i < n_variants; i++)
    {
      const char *result = variants[i]->n_seats == 4 ? "0-1-0-1" : "0-1";
      g_autoptr (TsGame) game = ts_game_new_random (variants[i], 3, 0, FALSE, 5);
      g_autofree char *text = NULL;
      g_autofree char *end = g_strdup_printf (" %s\n", result);
      g_autoptr (TsGame) back = NULL;

      ts_game_set_field (game, TS_GAME_RESULT, result);
      text = ts_game_to_text (game, NULL);
      g_assert_true (g_str_has_suffix (text, end));
      back = read_ok (text, "result");
      g_assert_cmpstr (ts_game_get_field (back, TS_GAME_RESULT), ==, result);
      assert_round_trip (game, "result");
    }
  /* A result that is not a game-end marker is kept as a tag, the move text ends with "*". */
  {
    g_autoptr (TsGame) game = ts_game_new (variants[0], NULL);
    g_autofree char *text = NULL;

    ts_game_set_field (game, TS_GAME_RESULT, "White won on time");
    text = ts_game_to_text (game, NULL);
    g_assert_true (g_str_has_suffix (text, "\n*\n"));
    assert_round_trip (game, "result-free");
  }
  /* Other programs' text: an escaped first line, numbers glued to moves, marks. */
  {
    g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 2, 0, FALSE, 8);
    TsGameNode *first = ts_game_node_child (ts_game_root (game), 0);
    TsGameNode *second = ts_game_node_child (first, 0);
    g_autofree char *text = g_strdup_printf ("%%exported\n[Variant \"raumschach\"]\n1.%s!? 1...%s?? *",
                                             first->san, second->san);
    g_autoptr (TsGame) back = read_ok (text, "other");
    TsGameNode *b1 = ts_game_node_child (ts_game_root (back), 0);

    g_assert_cmpstr (b1->san, ==, first->san);
    g_assert_cmpuint (b1->annotation.nags[0], ==, 5);
    g_assert_cmpuint (ts_game_node_child (b1, 0)->annotation.nags[0], ==, 4);
  }
  /* Clock and evaluation commands are read in the form the writer gives them only; others
   * stay comment text. */
  {
    static const struct {
      const char *comment; gint64 clock; int eval; const char *text; guint8 analysis;
    } cases[] = {
      { "[%clk 0:00:05] [%eval -0.50,7] c", 5000, -50, "c", 0 },
      { "[%clk 1:02:03.004]", 3723004, 0, NULL, 0 },
      { "[%eval #-3]  two", TS_CLOCK_NONE, -3, " two", 0 },
      { "[%clk 1:99:00]", TS_CLOCK_NONE, 0, "[%clk 1:99:00]", 0 },
      { "[%clk 1:4:56]", TS_CLOCK_NONE, 0, "[%clk 1:4:56]", 0 },
      { "[%eval 0.5]", TS_CLOCK_NONE, 0, "[%eval 0.5]", 0 },
      { "[%eval 0.50] [%clk 0:00:01]", TS_CLOCK_NONE, 50, "[%clk 0:00:01]", 0 },
      { "[%clk 0:00:01] [%clk 0:00:02]", 1000, 0, "[%clk 0:00:02]", 0 },
      /* what whole-game analysis added: after the clock and the evaluation */
      { "[%clk 0:00:05] [%eval -0.50,7] [%analysis mark] c", 5000, -50, "c", TS_ANALYSIS_MARK },
      { "[%analysis mark line]", TS_CLOCK_NONE, 0, NULL, TS_ANALYSIS_MARK | TS_ANALYSIS_LINE },
      { "[%analysis line] Better", TS_CLOCK_NONE, 0, "Better", TS_ANALYSIS_LINE },
      { "[%analysis line mark]", TS_CLOCK_NONE, 0, "[%analysis line mark]", 0 },
      { "[%analysis engine]", TS_CLOCK_NONE, 0, "[%analysis engine]", 0 },
      { "[%analysis mark] [%eval 0.50]", TS_CLOCK_NONE, 0, "[%eval 0.50]", TS_ANALYSIS_MARK },
    };
    g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 1, 0, FALSE, 8);
    const char *san = ts_game_node_child (ts_game_root (game), 0)->san;

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *text = g_strdup_printf ("[Variant \"raumschach\"]\n1. %s {%s} *",
                                                 san, cases[i].comment);
        g_autoptr (TsGame) back = read_ok (text, "commands");
        TsAnnotation *a = &ts_game_node_child (ts_game_root (back), 0)->annotation;
        g_autofree char *again = ts_game_to_text (back, NULL);
        g_autoptr (TsGame) back2 = read_ok (again, "again");
        g_autofree char *again2 = ts_game_to_text (back2, NULL);

        g_assert_cmpint (a->clock_ms, ==, cases[i].clock);
        g_assert_cmpint (a->eval.value, ==, cases[i].eval);
        g_assert_cmpstr (a->comment_after, ==, cases[i].text);
        g_assert_cmpuint (a->analysis, ==, cases[i].analysis);
        g_assert_cmpstr (again, ==, again2);
      }
  }
}

#define ANY_LINE G_MAXUINT

typedef struct {
  const char   *what;
  char         *data;
  int           code;
  guint         line;      /* 0: no line in the message */
  const char   *reason;    /* a part of the message */
} BadCase;

static void
check_bad (const BadCase *c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autofree char *prefix = c->line == ANY_LINE ? g_strdup ("bad.file:")
                            : c->line ? g_strdup_printf ("bad.file:%u: ", c->line)
                                      : g_strdup ("bad.file: ");

  g_test_message ("%s", c->what);
  game = ts_game_from_data (c->data, strlen (c->data), "bad.file", &error);
  g_assert_null (game);
  g_assert_error (error, TS_RECORD_ERROR, c->code);
  g_test_message ("  -> %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, c->reason));
}

static char *
replace_once (const char *text, const char *old, const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

static void
test_bad_xml (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 12, 3, TRUE, 5);
  g_autofree char *xml = ts_game_to_xml (game, NULL);
  g_autoptr (TsGame) plain_game = ts_game_new_random (ts_variant_lookup ("raumschach"), 4, 0, FALSE, 5);
  g_autofree char *plain = ts_game_to_xml (plain_game, NULL);
  TsGameNode *third = ts_game_node_child (ts_game_node_child (ts_game_node_child (ts_game_root (game), 0), 0), 0);
  g_autofree char *third_attr = g_strdup_printf ("<move san=\"%s\"", third->san);
  g_autofree char *third_search = NULL;
  guint third_line;
  const char *header = "<?xml version=\"1.0\"?>\n";
  BadCase cases[] = {
    { "truncated", g_strndup (xml, strlen (xml) / 2), TS_RECORD_ERROR_MALFORMED, ANY_LINE, "malformed XML" },
    { "garbage", g_strdup ("<<<>>>"), TS_RECORD_ERROR_MALFORMED, 1, "malformed XML" },
    { "billion laughs", g_strconcat (header,
        "<!DOCTYPE lolz [\n"
        " <!ENTITY lol \"lol\">\n"
        " <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
        " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
        " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
        " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
        " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
        " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
        " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
        " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
        "]>\n"
        "<tessera-game format=\"1\" variant=\"raumschach\"><event>&lol9;</event><moves/></tessera-game>\n",
        NULL), TS_RECORD_ERROR_FORBIDDEN, 2, "not allowed" },
    { "external entity", g_strconcat (header,
        "<!DOCTYPE g [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
        "<tessera-game format=\"1\" variant=\"raumschach\"><event>&x;</event><moves/></tessera-game>\n",
        NULL), TS_RECORD_ERROR_FORBIDDEN, 2, "not allowed" },
    { "external DTD", g_strconcat (header,
        "<!DOCTYPE tessera-game SYSTEM \"http://127.0.0.1:9/x.dtd\">\n"
        "<tessera-game format=\"1\" variant=\"raumschach\"><moves/></tessera-game>\n",
        NULL), TS_RECORD_ERROR_FORBIDDEN, 2, "not allowed" },
    { "undefined entity", g_strconcat (header,
        "<tessera-game format=\"1\" variant=\"raumschach\">\n<event>&x;</event><moves/></tessera-game>\n",
        NULL), TS_RECORD_ERROR_MALFORMED, 3, "malformed XML" },
    { "unknown element", replace_once (xml, "<moves>", "<moves>\n<castle/>"),
        TS_RECORD_ERROR_INVALID, test_util_line_of (xml, "<moves>") + 1, "<castle>" },
    { "bad encoding", g_strdup ("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<tessera-game format=\"1\" "
                                "variant=\"raumschach\"><event>\xff\xff\x01</event><moves/></tessera-game>"),
        TS_RECORD_ERROR_MALFORMED, ANY_LINE, "malformed XML" },
    { "wrong root", g_strconcat (header, "<game format=\"1\" variant=\"raumschach\"><moves/></game>", NULL),
        TS_RECORD_ERROR_NOT_A_GAME, 2, "not a Tessera game: the root element is <game>" },
    { "newer format", replace_once (xml, "format=\"1\"", "format=\"2\""),
        TS_RECORD_ERROR_VERSION, 2, "format version 2" },
    { "unknown variant", replace_once (xml, "variant=\"raumschach\"", "variant=\"hexagonal\""),
        TS_RECORD_ERROR_VARIANT, 2, "hexagonal" },
    { "no moves element", g_strconcat (header, "<tessera-game format=\"1\" variant=\"raumschach\"/>", NULL),
        TS_RECORD_ERROR_INVALID, 2, "<moves>" },
    { "bad NAG", replace_once (plain, "<move ", "<move nags=\"0\" "),
        TS_RECORD_ERROR_INVALID, test_util_line_of (plain, "<move "), "NAG" },
    { "bad clock", replace_once (plain, "<move ", "<move clock=\"-5\" "),
        TS_RECORD_ERROR_INVALID, test_util_line_of (plain, "<move "), "clock" },
    { "bad analysis", replace_once (plain, "<move ", "<move analysis=\"mark engine\" "),
        TS_RECORD_ERROR_INVALID, test_util_line_of (plain, "<move "), "analysis" },
    { "empty analysis", replace_once (plain, "<move ", "<move analysis=\" \" "),
        TS_RECORD_ERROR_INVALID, test_util_line_of (plain, "<move "), "analysis" },
    { "two comments", replace_once (plain, "/>", "><after>a</after><after>b</after></move>"),
        TS_RECORD_ERROR_INVALID, test_util_line_of (plain, "/>"), "<after>" },
    { "bad eval", replace_once (plain, "/>", "><eval cp=\"1\" mate=\"2\"/></move>"),
        TS_RECORD_ERROR_INVALID, test_util_line_of (plain, "/>"), "evaluation" },
    { "variation first", replace_once (xml, "<moves>", "<moves><variation/>"),
        TS_RECORD_ERROR_INVALID, test_util_line_of (xml, "<moves>"), "variation must follow" },
    { "bad setup", replace_once (xml, "<moves>", "<setup>raumschach nonsense</setup><moves>"),
        TS_RECORD_ERROR_VARIANT, test_util_line_of (xml, "<moves>"), "start position" },
    { "namespaced element", replace_once (plain, "<moves>", "<moves xmlns:x=\"urn:x\"><x:move san=\"a\"/>"),
        TS_RECORD_ERROR_INVALID, test_util_line_of (plain, "<moves>"), "namespace" },
    { "unknown attribute", replace_once (xml, "<moves>", "<moves colour=\"red\">"),
        TS_RECORD_ERROR_INVALID, test_util_line_of (xml, "<moves>"), "colour" },
    { NULL },
  };

  /* An illegal move deep in the game: the message names it and its line. */
  third_line = test_util_line_of (xml, third_attr);
  third_search = g_strdup_printf ("san=\"%s\"", third->san);
  {
    g_autofree char *head = g_strndup (xml, strstr (xml, third_attr) - xml);
    g_autofree char *tail = replace_once (strstr (xml, third_attr), third_search, "san=\"Ee5-Aa1\"");
    g_autofree char *bad = g_strconcat (head, tail, NULL);
    BadCase illegal = { "illegal move", bad, TS_RECORD_ERROR_ILLEGAL, third_line, "Ee5-Aa1" };

    check_bad (&illegal);
  }

  for (BadCase *c = cases; c->what; c++)
    {
      check_bad (c);
      g_free (c->data);
    }

  /* The schema rejects what the reader rejects for structure. */
  {
    g_autofree char *bad = replace_once (xml, "<moves>", "<moves>\n<castle/>");
    g_autofree char *path = tmp_path ("unknown-element.tessera");

    test_util_write_file (path, bad, -1);
    g_assert_false (records_test_schema_accepts (path));
  }
}

static void
test_bad_text (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 12, 3, TRUE, 5);
  TsGameNode *first = ts_game_node_child (ts_game_root (game), 0);
  g_autofree char *first_move = g_strdup_printf ("1. %s", first->san);
  const char *tags = "[Event \"x\"]\n[Variant \"raumschach\"]\n\n";
  g_autoptr (TsPosition) initial = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  g_autofree char *initial_text = ts_position_to_text (initial);
  g_autofree char *fifty = replace_once (initial_text, "halfmove=0", "halfmove=99");
  BadCase cases[] = {
    { "unclosed comment", g_strdup_printf ("%s%s {never\nclosed", tags, first_move),
      TS_RECORD_ERROR_MALFORMED, 4, "comment not closed" },
    { "illegal move in a variation", g_strdup_printf ("%s%s (1. Zz9", tags, first_move),
      TS_RECORD_ERROR_ILLEGAL, 4, "Zz9" },
    { "variation repeats the move", g_strdup_printf ("%s%s\n(%s", tags, first_move, first_move),
      TS_RECORD_ERROR_INVALID, 5, "repeats" },
    { "unclosed variation", g_strdup_printf ("%s{c} %s ({d}", tags, first_move),
      TS_RECORD_ERROR_MALFORMED, 4, "variation not closed" },
    { "empty variation", g_strdup_printf ("%s%s ({d})", tags, first_move),
      TS_RECORD_ERROR_INVALID, 4, "empty variation" },
    { "unmatched )", g_strdup_printf ("%s%s )", tags, first_move),
      TS_RECORD_ERROR_MALFORMED, 4, "not begun" },
    { "illegal move", g_strdup_printf ("%s%s\n\n2. Zz9 *", tags, first_move),
      TS_RECORD_ERROR_ILLEGAL, 6, "move “Zz9”" },
    { "no variant", g_strdup_printf ("[Event \"x\"]\n\n%s *", first_move),
      TS_RECORD_ERROR_VARIANT, 0, "no Variant tag" },
    { "empty", g_strdup (""), TS_RECORD_ERROR_NOT_A_GAME, 0, "not a Tessera game or a game text file" },
    { "not a game", g_strdup ("# README\n\nTessera plays chess in 3D.\n"),
      TS_RECORD_ERROR_NOT_A_GAME, 0, "not a Tessera game or a game text file" },
    { "binary", g_strdup ("\x89PNG\r\n\x1a\n"), TS_RECORD_ERROR_NOT_A_GAME, 0, "not a Tessera game" },
    { "unknown variant", g_strdup ("[Variant \"chess\"]\n1. e4 *"),
      TS_RECORD_ERROR_VARIANT, 1, "unknown variant" },
    { "bad UTF-8", g_strdup_printf ("%s{\n\xff}", tags), TS_RECORD_ERROR_MALFORMED, 5, "UTF-8" },
    { "after result", g_strdup_printf ("%s%s 1-0 1. Zz9", tags, first_move),
      TS_RECORD_ERROR_MALFORMED, 4, "after the game" },
    { "tag twice", g_strdup_printf ("%s[Event \"y\"]\n", tags),
      TS_RECORD_ERROR_INVALID, 4, "Event given twice" },
    { "tag unclosed", g_strdup ("[Event \"x]\n[Variant \"raumschach\"]\n"),
      TS_RECORD_ERROR_MALFORMED, 1, "not closed" },
    { "bad NAG", g_strdup_printf ("%s%s $256", tags, first_move), TS_RECORD_ERROR_MALFORMED, 4, "NAG" },
    { "NAG first", g_strdup_printf ("%s$1 %s", tags, first_move), TS_RECORD_ERROR_MALFORMED, 4, "NAG" },
    { "bad mark", g_strdup_printf ("%s%s!!!", tags, first_move), TS_RECORD_ERROR_MALFORMED, 4, "move mark" },
    { "bad position", g_strdup_printf ("%s[Position \"raumschach junk\"]\n", tags), TS_RECORD_ERROR_VARIANT, 4, "start position" },
    /* The third repetition and the 50-move rule end the game (RULES.md §0). */
    { "after a threefold repetition", g_strdup_printf ("%s1. NAb1-Ac3 NEb5-Ec3 2. NAc3-Ab1 NEc3-Eb5 3. NAb1-Ac3 "
                                                       "NEb5-Ec3 4. NAc3-Ab1 NEc3-Eb5\n5. NAb1-Ac3 *", tags),
      TS_RECORD_ERROR_ILLEGAL, 5, "move “NAb1-Ac3”: the game is already over (threefold repetition)" },
    { "in a variation after a repetition", g_strdup_printf ("%s1. NAb1-Ac3 (1. NAd1-Ae3 NEb5-Ec3 2. NAe3-Ad1 NEc3-Eb5 "
                                                            "3. NAd1-Ae3 NEb5-Ec3 4. NAe3-Ad1 NEc3-Eb5\n5. NAd1-Ae3) *", tags),
      TS_RECORD_ERROR_ILLEGAL, 5, "move “NAd1-Ae3”: the game is already over (threefold repetition)" },
    { "after the 50-move rule", g_strdup_printf ("%s[Position \"%s\"]\n\n1. NAb1-Ac3 NEb5-Ec3 *", tags, fifty),
      TS_RECORD_ERROR_ILLEGAL, 6, "move “NEb5-Ec3”: the game is already over (fifty-move rule)" },
    { NULL },
  };

  for (BadCase *c = cases; c->what; c++)
    {
      check_bad (c);
      g_free (c->data);
    }
}

static void
test_too_large (void)
{
  gsize size = TS_RECORD_MAX_FILE_SIZE + 1;
  g_autofree char *big = g_malloc (size + 1);
  g_autofree char *path = tmp_path ("big.tessera");
  g_autoptr (GError) error = NULL;
  FILE *f;

  memset (big, ' ', size);
  big[size] = '\0';
  big[0] = '<';
  g_assert_null (ts_game_from_data (big, size, "big", &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* Too many tags (too many moves: writer-limits). */
  {
    GString *text = g_string_new (NULL);

    g_string_append (text, "[Variant \"raumschach\"]\n");
    for (guint i = 0; i <= TS_RECORD_MAX_TAGS; i++)
      g_string_append_printf (text, "[T%u \"v\"]\n", i);
    g_assert_null (ts_game_from_data (text->str, text->len, "tags", &error));
    g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
    g_assert_cmpstr (error->message, ==, "tags:1002: more than 1000 tags");
    g_clear_error (&error);
    g_string_free (text, TRUE);
  }

  /* A file is not read past the limit. */
  f = g_fopen (path, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, size - 1, SEEK_SET), ==, 0);
  fputc ('>', f);
  fclose (f);
  g_assert_null (ts_game_load (path, &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_unlink (path);
}

static guint
count_moves (const TsGameNode *node)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  guint n = 0;

  g_ptr_array_add (stack, (gpointer) node);
  while (stack->len > 0)
    {
      const TsGameNode *x = g_ptr_array_steal_index (stack, stack->len - 1);

      n += x->parent != NULL;
      for (guint i = 0; i < ts_game_node_n_children (x); i++)
        g_ptr_array_add (stack, ts_game_node_child (x, i));
    }
  return n;
}

/* Takes moves off game until it holds n: leaves that are their parent's only child (so
 * truncating after the parent takes exactly one move). */
static void
trim_to (TsGame *game, guint n)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  g_autoptr (GPtrArray) leaves = g_ptr_array_new ();
  guint count = count_moves (ts_game_root (game));

  g_ptr_array_add (stack, ts_game_root (game));
  while (stack->len > 0)
    {
      TsGameNode *x = g_ptr_array_steal_index (stack, stack->len - 1);

      for (guint i = 0; i < ts_game_node_n_children (x); i++)
        g_ptr_array_add (stack, ts_game_node_child (x, i));
      if (ts_game_node_n_children (x) == 0 && x->parent && x->parent->parent &&
          ts_game_node_n_children (x->parent) == 1)
        g_ptr_array_add (leaves, x);
    }
  g_assert_cmpuint (count, >=, n);
  g_assert_cmpuint (leaves->len, >=, count - n);
  for (guint i = 0; count > n; i++, count--)
    g_assert_true (ts_game_truncate_after (game, ((TsGameNode *) leaves->pdata[i])->parent));
  ts_game_clear_undo (game);
  g_assert_cmpuint (count_moves (ts_game_root (game)), ==, n);
}

/* A Raumschach game of exactly n moves: a random main line (no line can be very long under
 * the 50-move rule) and thousands of short variations. */
static TsGame *
make_big_game (guint n)
{
  TsGame *game = ts_game_new_random (ts_variant_lookup ("raumschach"), 400, n / 4, FALSE, 99);

  trim_to (game, n);
  return game;
}

/* The writer never writes what the readers refuse: the same limits on both sides. What it
 * writes up to the limits reads back the same. */
static void
test_writer_limits (void)
{
  g_autoptr (GError) error = NULL;
  gsize length;

  /* As many tags as a file may hold. */
  {
    g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("parton"), 6, 1, TRUE, 3);

    for (guint i = ts_game_n_tags (game); i < TS_RECORD_MAX_TAGS; i++)
      {
        g_autofree char *name = g_strdup_printf ("Tag%u", i);

        g_assert_true (ts_game_set_tag (game, name, "value"));
      }
    assert_round_trip (game, "max-tags");
  }

  /* The largest clock and evaluations both forms carry. */
  {
    g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 4, 0, FALSE, 3);
    TsGameNode *node = ts_game_node_child (ts_game_root (game), 0);
    const TsEval evals[] = { { TS_EVAL_CP, -TS_RECORD_MAX_EVAL, G_MAXUINT16 },
                             { TS_EVAL_MATE, TS_RECORD_MAX_EVAL, 1 },
                             { TS_EVAL_MATE, -TS_RECORD_MAX_EVAL, 0 },
                             { TS_EVAL_CP, TS_RECORD_MAX_EVAL, 0 } };

    for (guint i = 0; i < G_N_ELEMENTS (evals); i++)
      {
        TsAnnotation a;

        if (i > 0)
          node = ts_game_node_child (node, 0);
        ts_annotation_init (&a);
        a.clock_ms = i == 0 ? TS_RECORD_MAX_CLOCK_MS : TS_RECORD_MAX_CLOCK_MS - 1 - i * 1001;
        a.eval = evals[i];
        ts_game_set_annotation (game, node, &a);
      }
    assert_round_trip (game, "extremes");
  }

  /* Over the size limit: refused before anything is written. */
  {
    g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 2, 0, FALSE, 3);
    g_autofree char *huge = g_strnfill (TS_RECORD_MAX_FILE_SIZE, 'x');
    g_autofree char *path = tmp_path ("huge.tessera");

    ts_game_set_comment (game, ts_game_root (game), TRUE, huge);
    for (TsGameFormat format = TS_GAME_FORMAT_XML; format <= TS_GAME_FORMAT_TEXT; format++)
      {
        g_assert_null (ts_game_to_data (game, format, &length, &error));
        g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
        g_assert_nonnull (strstr (error->message, "more than a game file may hold (16777216)"));
        g_clear_error (&error);
      }
    g_assert_false (ts_game_save (game, path, TS_GAME_FORMAT_XML, &error));
    g_assert_true (g_str_has_prefix (error->message, path));
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    g_clear_error (&error);
    /* Just under it: written and read. */
    huge[TS_RECORD_MAX_FILE_SIZE - 2000] = '\0';
    ts_game_set_comment (game, ts_game_root (game), TRUE, huge);
    {
      g_autofree char *xml = ts_game_to_data (game, TS_GAME_FORMAT_XML, &length, &error);
      g_autoptr (TsGame) back = NULL;

      g_assert_no_error (error);
      back = ts_game_from_data (xml, length, "big", &error);
      g_assert_no_error (error);
      g_assert_nonnull (back);
    }
  }

  /* As many moves as a file may hold, and one more (slow: 100000 moves are checked). */
  if (g_test_slow ())
    {
      g_autoptr (TsGame) game = make_big_game (TS_RECORD_MAX_MOVES + 1);
      g_autofree char *text = ts_game_to_text (game, &length);
      g_autofree char *xml = NULL;
      g_autoptr (TsGame) back = NULL;

      g_assert_null (ts_game_to_data (game, TS_GAME_FORMAT_XML, &length, &error));
      g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
      g_assert_cmpstr (error->message, ==, "the game has 100001 moves, more than a game file may hold (100000)");
      g_clear_error (&error);
      g_assert_null (ts_game_from_data (text, strlen (text), "moves", &error));
      g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
      g_assert_nonnull (strstr (error->message, "more than 100000 moves"));
      g_clear_error (&error);

      trim_to (game, TS_RECORD_MAX_MOVES);
      xml = ts_game_to_data (game, TS_GAME_FORMAT_XML, &length, &error);
      g_assert_no_error (error);
      back = ts_game_from_data (xml, length, "moves", &error);
      g_assert_no_error (error);
      g_assert_cmpuint (count_moves (ts_game_root (back)), ==, TS_RECORD_MAX_MOVES);
    }
}

static void
test_save (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 10, 2, TRUE, 11);
  g_autofree char *path = tmp_path ("saved.tessera");
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *text_path = tmp_path ("saved.pgn");
  g_autofree char *first = ts_game_to_xml (game, NULL);
  g_autofree char *second = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) loaded = NULL;

  g_assert_cmpint (ts_game_format_for_filename (path), ==, TS_GAME_FORMAT_XML);
  g_assert_cmpint (ts_game_format_for_filename (text_path), ==, TS_GAME_FORMAT_TEXT);
  g_assert_cmpint (ts_game_format_for_filename ("X.TXT"), ==, TS_GAME_FORMAT_TEXT);

  ts_game_set_field (game, TS_GAME_EVENT, "first");
  g_assert_true (ts_game_is_modified (game));
  g_free (first);
  first = ts_game_to_xml (game, NULL);
  g_assert_true (ts_game_save (game, path, TS_GAME_FORMAT_XML, &error));
  g_assert_no_error (error);
  g_assert_false (ts_game_is_modified (game));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_true (records_test_schema_accepts (path));

  ts_game_set_field (game, TS_GAME_EVENT, "second");
  second = ts_game_to_xml (game, NULL);
  g_assert_true (ts_game_save (game, path, TS_GAME_FORMAT_XML, &error));
  g_assert_true (g_file_get_contents (backup, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, first);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, second);
  g_assert_true (records_test_schema_accepts (path));

  loaded = ts_game_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ts_game_get_field (loaded, TS_GAME_EVENT), ==, "second");

  g_assert_true (ts_game_save (game, text_path, TS_GAME_FORMAT_TEXT, &error));
  g_clear_pointer (&loaded, ts_game_free);
  loaded = ts_game_load (text_path, &error);
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  contents = ts_game_to_xml (loaded, NULL);
  g_assert_cmpstr (contents, ==, second);

  /* Errors name the file. */
  g_assert_false (ts_game_save (game, "/nonexistent-dir/x.tessera", TS_GAME_FORMAT_XML, &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent-dir/x.tessera: "));
  g_clear_error (&error);
  g_assert_null (ts_game_load ("/nonexistent-dir/x.tessera", &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent-dir/x.tessera: "));

  g_unlink (path);
  g_unlink (backup);
  g_unlink (text_path);
}

/* Through a symbolic link the real file is replaced (the link stays a link) and its backup
 * lies beside it; a file with another hard link is replaced by a new file, the other link
 * keeps the old version. GLib 2.74's g_file_replace rewrote both in place. */
static void
test_save_links (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 10, 2, TRUE, 12);
  g_autofree char *real = tmp_path ("real.tessera");
  g_autofree char *real_backup = tmp_path ("real.tessera~");
  g_autofree char *sym = tmp_path ("link.tessera");
  g_autofree char *link_backup = tmp_path ("link.tessera~");
  g_autofree char *other = tmp_path ("other-link.tessera");
  g_autofree char *new_xml = ts_game_to_xml (game, NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  GStatBuf st;

  test_util_write_file (real, "old", -1);
  g_assert_cmpint (symlink ("real.tessera", sym), ==, 0);
  g_assert_true (ts_game_save (game, sym, TS_GAME_FORMAT_XML, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (sym, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, new_xml);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (real_backup, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_clear_pointer (&contents, g_free);
  g_assert_false (g_file_test (link_backup, G_FILE_TEST_EXISTS));
  g_unlink (sym);
  g_unlink (real_backup);

  test_util_write_file (real, "old", -1);
  g_assert_cmpint (link (real, other), ==, 0);
  g_assert_true (ts_game_save (game, real, TS_GAME_FORMAT_XML, &error));
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, new_xml);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (other, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (real_backup, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_unlink (real);
  g_unlink (real_backup);
  g_unlink (other);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-records-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_test_add_func ("/records/files/round-trip-variants", test_round_trip_variants);
  g_test_add_func ("/records/files/round-trip-setup", test_round_trip_setup);
  g_test_add_func ("/records/files/deep-nesting", test_deep_nesting);
  g_test_add_func ("/records/files/results", test_results);
  g_test_add_func ("/records/files/bad-xml", test_bad_xml);
  g_test_add_func ("/records/files/bad-text", test_bad_text);
  g_test_add_func ("/records/files/too-large", test_too_large);
  g_test_add_func ("/records/files/writer-limits", test_writer_limits);
  g_test_add_func ("/records/files/save", test_save);
  g_test_add_func ("/records/files/save-links", test_save_links);
  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
