/* The move tree, its edits, undo and redo, navigation and metadata. */
#include <glib.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "records/game-random.h"
#include "records/game.h"
#include "records-test.h"
#include "records/nag.h"
#include "rules/notation.h"

static const TsVariant *
raumschach (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");

  g_assert_nonnull (v);
  return v;
}

static void
test_add_move (void)
{
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  TsGameNode *root = ts_game_root (game);
  TsMove m0 = records_test_legal_move (game, 0), m1 = records_test_legal_move (game, 1);
  TsGameNode *a, *b, *again;
  guint64 revision;

  g_assert_false (ts_game_can_undo (game));
  a = ts_game_add_move (game, m0);
  g_assert_true (ts_game_current (game) == a);
  g_assert_true (a->parent == root);
  g_assert_nonnull (a->san);
  g_assert_cmpuint (ts_game_node_depth (a), ==, 1);
  g_assert_cmpuint (ts_position_ply (ts_game_position (game)), ==, 1);
  g_assert_true (ts_game_is_modified (game));

  /* The same move again: goes to it, no edit. */
  ts_game_go_start (game);
  revision = ts_game_revision (game);
  again = ts_game_add_move (game, m0);
  g_assert_true (again == a);
  g_assert_cmpuint (ts_game_revision (game), ==, revision);
  g_assert_cmpuint (ts_game_node_n_children (root), ==, 1);

  /* A different one: a variation. */
  ts_game_go_start (game);
  b = ts_game_add_move (game, m1);
  g_assert_cmpuint (ts_game_node_n_children (root), ==, 2);
  g_assert_true (ts_game_node_child (root, 0) == a);
  g_assert_true (ts_game_node_child (root, 1) == b);
  g_assert_true (ts_game_node_is_main_line (a));
  g_assert_false (ts_game_node_is_main_line (b));
  g_assert_cmpstr (a->san, !=, b->san);

  /* By text; and a bad text leaves the game alone. */
  {
    g_autoptr (GError) error = NULL;
    TsMove m = records_test_legal_move (game, 0);
    TsPosition *pos = ts_position_copy (ts_game_position (game));
    g_autofree char *san = ts_move_to_san (pos, m);
    TsGameNode *c;

    ts_position_free (pos);
    revision = ts_game_revision (game);
    g_assert_null (ts_game_add_move_text (game, "Zz9", &error));
    g_assert_true (error->domain == TS_RULES_ERROR);
    g_assert_cmpuint (ts_game_revision (game), ==, revision);
    c = ts_game_add_move_text (game, san, NULL);
    g_assert_nonnull (c);
    g_assert_true (c->parent == b);
    g_assert_true (ts_move_equal (c->move, m));
    g_assert_cmpstr (c->san, ==, san);
  }

  g_assert_true (ts_game_undo (game));
  while (ts_game_undo (game))
    ;
  g_assert_cmpuint (ts_game_node_n_children (root), ==, 0);
  g_assert_true (ts_game_current (game) == root);
  g_assert_false (ts_game_is_modified (game));
  g_assert_true (ts_game_redo (game));
  g_assert_cmpuint (ts_game_node_n_children (root), ==, 1);
  g_assert_true (ts_game_node_child (root, 0) == a);
}

/* A main line of n moves from the cursor. */
static GPtrArray *
play_line (TsGame *game, guint n, guint choice)
{
  GPtrArray *nodes = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (nodes, ts_game_add_move (game, records_test_legal_move (game, choice)));
  return nodes;
}

static void
test_promote_delete (void)
{
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  g_autoptr (GPtrArray) main_line = play_line (game, 4, 0);
  g_autoptr (GPtrArray) var1 = NULL;
  g_autoptr (GPtrArray) var2 = NULL;
  TsGameNode *branch = main_line->pdata[1];
  TsGameNode *v1_end, *v2_end;

  /* Variation at move 2 (an alternative to main_line[1]) and one inside it. */
  ts_game_go_to (game, main_line->pdata[0]);
  var1 = play_line (game, 3, 1);
  ts_game_go_to (game, var1->pdata[0]);
  var2 = play_line (game, 2, 2);
  v1_end = var1->pdata[2];
  v2_end = var2->pdata[1];
  g_assert_true (((TsGameNode *) var1->pdata[0])->parent == main_line->pdata[0]);
  g_assert_false (ts_game_node_is_main_line (v2_end));

  /* Main-line nodes have nothing to promote or delete. */
  g_assert_false (ts_game_promote_variation (game, main_line->pdata[3]));
  g_assert_false (ts_game_delete_variation (game, main_line->pdata[3]));

  /* v2 is promoted within v1 first, then v1 within the main line. */
  g_assert_true (ts_game_promote_variation (game, v2_end));
  g_assert_true (ts_game_node_child (var1->pdata[0], 0) == var2->pdata[0]);
  g_assert_false (ts_game_node_is_main_line (v2_end));
  g_assert_true (ts_game_promote_variation (game, v2_end));
  g_assert_true (ts_game_node_is_main_line (v2_end));
  g_assert_false (ts_game_node_is_main_line (branch));
  g_assert_true (ts_game_undo (game));
  g_assert_false (ts_game_node_is_main_line (v2_end));
  g_assert_true (ts_game_node_is_main_line (branch));
  g_assert_true (ts_game_undo (game));
  g_assert_true (ts_game_node_child (var1->pdata[0], 0) == var1->pdata[1]);

  /* Deleting v1 while the cursor is inside it moves the cursor to the branch point. */
  ts_game_go_to (game, v2_end);
  g_assert_true (ts_game_delete_variation (game, v1_end));
  g_assert_cmpuint (ts_game_node_n_children (main_line->pdata[0]), ==, 1);
  g_assert_true (ts_game_current (game) == main_line->pdata[0]);
  g_assert_cmpuint (ts_position_ply (ts_game_position (game)), ==, 1);
  g_assert_true (ts_game_undo (game));
  g_assert_cmpuint (ts_game_node_n_children (main_line->pdata[0]), ==, 2);
  g_assert_true (ts_game_node_child (main_line->pdata[0], 1) == var1->pdata[0]);
  g_assert_true (ts_game_redo (game));
  g_assert_cmpuint (ts_game_node_n_children (main_line->pdata[0]), ==, 1);
}

static void
test_truncate (void)
{
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  g_autoptr (GPtrArray) line = play_line (game, 6, 0);
  TsGameNode *keep = line->pdata[1];
  guint64 hash_at_end;

  ts_game_go_to (game, keep);
  g_ptr_array_unref (play_line (game, 2, 3));   /* a variation after keep */
  ts_game_go_to (game, line->pdata[5]);
  hash_at_end = ts_position_hash (ts_game_position (game));

  g_assert_true (ts_game_truncate_after (game, keep));
  g_assert_cmpuint (ts_game_node_n_children (keep), ==, 0);
  g_assert_true (ts_game_current (game) == keep);
  g_assert_false (ts_game_truncate_after (game, keep));
  /* One undo step brings back both lines. */
  g_assert_true (ts_game_undo (game));
  g_assert_cmpuint (ts_game_node_n_children (keep), ==, 2);
  g_assert_true (ts_game_node_child (keep, 0) == line->pdata[2]);
  ts_game_go_end (game);
  g_assert_true (ts_game_current (game) == line->pdata[5]);
  g_assert_cmpuint (ts_position_hash (ts_game_position (game)), ==, hash_at_end);
}

static void
test_annotations (void)
{
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  TsGameNode *node = ts_game_add_move (game, records_test_legal_move (game, 0));
  TsAnnotation a;

  ts_game_set_comment (game, node, FALSE, "after\r\nit\x01\xef\xbf\xbf");
  g_assert_cmpstr (node->annotation.comment_after, ==, "after\nit");
  ts_game_set_comment (game, node, TRUE, "");
  g_assert_null (node->annotation.comment_before);

  ts_game_toggle_nag (game, node, TS_NAG_GOOD_MOVE);
  ts_game_toggle_nag (game, node, TS_NAG_UNCLEAR);
  ts_game_toggle_nag (game, node, 140);
  g_assert_cmpuint (node->annotation.n_nags, ==, 3);
  /* A move mark replaces a move mark, an evaluation an evaluation. */
  ts_game_toggle_nag (game, node, TS_NAG_BLUNDER);
  ts_game_toggle_nag (game, node, TS_NAG_FIRST_DECISIVE);
  g_assert_cmpuint (node->annotation.n_nags, ==, 3);
  g_assert_cmpuint (node->annotation.nags[0], ==, 140);
  g_assert_cmpuint (node->annotation.nags[1], ==, TS_NAG_BLUNDER);
  g_assert_cmpuint (node->annotation.nags[2], ==, TS_NAG_FIRST_DECISIVE);
  ts_game_toggle_nag (game, node, TS_NAG_BLUNDER);
  g_assert_cmpuint (node->annotation.n_nags, ==, 2);

  ts_annotation_copy (&a, &node->annotation);
  a.clock_ms = 61234;
  a.eval.kind = TS_EVAL_MATE;
  a.eval.value = -3;
  ts_game_set_annotation (game, node, &a);
  g_assert_cmpint (node->annotation.clock_ms, ==, 61234);
  ts_annotation_clear (&a);

  g_assert_true (ts_game_undo (game));
  g_assert_cmpint (node->annotation.clock_ms, ==, TS_CLOCK_NONE);
  for (guint i = 0; i < 5; i++)
    g_assert_true (ts_game_undo (game));
  g_assert_cmpuint (node->annotation.n_nags, ==, 1);
  g_assert_true (ts_game_undo (game));
  g_assert_cmpuint (node->annotation.n_nags, ==, 0);
  g_assert_true (ts_game_undo (game));
  g_assert_null (node->annotation.comment_after);
  g_assert_true (ts_game_redo (game));
  g_assert_cmpstr (node->annotation.comment_after, ==, "after\nit");
}

static void
test_metadata (void)
{
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  const char *name, *value;

  ts_game_set_field (game, TS_GAME_EVENT, "Cup\nfinal");
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_EVENT), ==, "Cup final");
  ts_game_set_player (game, 1, "Bo");
  g_assert_cmpstr (ts_game_get_player (game, 1), ==, "Bo");
  g_assert_null (ts_game_get_player (game, 0));
  g_assert_true (ts_game_set_tag (game, "Annotator", "Me"));
  g_assert_true (ts_game_set_tag (game, "Opening", "Fianchetto"));
  g_assert_false (ts_game_set_tag (game, "Event", "x"));
  g_assert_false (ts_game_set_tag (game, "White", "x"));
  g_assert_false (ts_game_set_tag (game, "bad name", "x"));
  g_assert_false (ts_game_set_tag (game, "", "x"));
  g_assert_cmpuint (ts_game_n_tags (game), ==, 2);
  ts_game_tag_nth (game, 1, &name, &value);
  g_assert_cmpstr (name, ==, "Opening");
  g_assert_cmpstr (value, ==, "Fianchetto");
  g_assert_true (ts_game_set_tag (game, "Annotator", NULL));
  g_assert_cmpuint (ts_game_n_tags (game), ==, 1);

  g_assert_true (ts_game_undo (game));
  g_assert_cmpstr (ts_game_get_tag (game, "Annotator"), ==, "Me");
  g_assert_true (ts_game_undo (game));
  g_assert_true (ts_game_undo (game));
  g_assert_null (ts_game_get_tag (game, "Annotator"));
  g_assert_true (ts_game_undo (game));
  g_assert_null (ts_game_get_player (game, 1));
  g_assert_true (ts_game_undo (game));
  g_assert_null (ts_game_get_field (game, TS_GAME_EVENT));
  g_assert_false (ts_game_undo (game));
}

/* The third repetition ends the game (RULES.md §0): no move may be added after it. */
static void
test_no_move_after_draw (void)
{
  static const char *const shuffle[] = { "NAb1-Ac3", "NEb5-Ec3", "NAc3-Ab1", "NEc3-Eb5" };
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < 8; i++)
    {
      g_assert_true (ts_game_check_playable ((TsPosition *) ts_game_position (game), NULL));
      g_assert_nonnull (ts_game_add_move_text (game, shuffle[i % 4], &error));
      g_assert_no_error (error);
    }
  g_assert_false (ts_game_check_playable ((TsPosition *) ts_game_position (game), &error));
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==, "the game is already over (threefold repetition)");
  g_clear_error (&error);
  g_assert_null (ts_game_add_move_text (game, shuffle[0], &error));
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL);
  /* A variation before the draw is still possible. */
  ts_game_back (game);
  g_clear_error (&error);
  g_assert_nonnull (ts_game_add_move_text (game, "NEc3-Ee2", &error));
  g_assert_no_error (error);
}

/* Reserved names are reserved as spelled (a field added later must not make an earlier
 * version's "timecontrol" tag invalid); at most TS_RECORD_MAX_TAGS tags, as the readers. */
static void
test_tag_limits (void)
{
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  g_autofree char *long_name = g_strnfill (TS_RECORD_MAX_TAG_NAME + 1, 'a');

  g_assert_true (ts_game_set_tag (game, "timecontrol", "x"));
  g_assert_true (ts_game_set_tag (game, "event", "x"));
  g_assert_false (ts_game_set_tag (game, "TimeControl", "x"));
  g_assert_false (ts_game_set_tag (game, "Variant", "x"));
  g_assert_false (ts_game_set_tag (game, long_name, "x"));
  long_name[TS_RECORD_MAX_TAG_NAME] = '\0';
  g_assert_true (ts_game_set_tag (game, long_name, "x"));
  for (guint i = ts_game_n_tags (game); i < TS_RECORD_MAX_TAGS; i++)
    {
      g_autofree char *name = g_strdup_printf ("T%u", i);

      g_assert_true (ts_game_set_tag (game, name, "v"));
    }
  g_assert_cmpuint (ts_game_n_tags (game), ==, TS_RECORD_MAX_TAGS);
  g_assert_false (ts_game_set_tag (game, "OneTooMany", "v"));
  g_assert_true (ts_game_set_tag (game, "T5", "changed"));     /* changing one is fine */
  g_assert_true (ts_game_set_tag (game, "T5", NULL));
  g_assert_true (ts_game_set_tag (game, "OneTooMany", "v"));
}

/* The time control: its own field in both forms, and the helpers that read and write it. */
static void
test_time_control (void)
{
  static const struct { const char *text; gint64 base, inc; } good[] = {
    { "300", 300000, 0 }, { "300+2", 300000, 2000 }, { "5400+30", 5400000, 30000 },
    { "0.5+0.25", 500, 250 }, { "60+0", 60000, 0 },
  };
  static const char *const bad[] = { "", "-", "?", "40/7200", "+2", "300+", "3a0", "1.2345", "0", "300+2+1", "*180" };
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);
  g_autoptr (TsGame) from_xml = NULL;
  g_autoptr (TsGame) from_text = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *text = NULL;
  TsAnnotation a;
  gint64 base, inc;

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autofree char *again = NULL;

      g_assert_true (ts_time_control_parse (good[i].text, &base, &inc));
      g_assert_cmpint (base, ==, good[i].base);
      g_assert_cmpint (inc, ==, good[i].inc);
      again = ts_time_control_format (base, inc);
      g_assert_true (ts_time_control_parse (again, &base, &inc));
      g_assert_cmpint (base, ==, good[i].base);
      g_assert_cmpint (inc, ==, good[i].inc);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (ts_time_control_parse (bad[i], &base, &inc));
  {
    g_autofree char *f1 = ts_time_control_format (300000, 2000);
    g_autofree char *f2 = ts_time_control_format (90000, 0);
    g_autofree char *f3 = ts_time_control_format (1500, 100);

    g_assert_cmpstr (f1, ==, "300+2");
    g_assert_cmpstr (f2, ==, "90");
    g_assert_cmpstr (f3, ==, "1.5+0.1");
  }

  /* In the record: the header field and each move's clock, through both forms. */
  g_assert_false (ts_game_set_tag (game, "TimeControl", "300"));   /* a field, not a free tag */
  ts_game_set_field (game, TS_GAME_TIME_CONTROL, "300+2");
  ts_game_add_move (game, records_test_legal_move (game, 0));
  ts_annotation_init (&a);
  a.clock_ms = 297500;
  ts_game_set_annotation (game, ts_game_current (game), &a);
  xml = ts_game_to_xml (game, NULL);
  text = ts_game_to_text (game, NULL);
  g_assert_nonnull (strstr (xml, "<time-control>300+2</time-control>"));
  g_assert_nonnull (strstr (xml, "clock=\"297500\""));
  g_assert_nonnull (strstr (text, "[TimeControl \"300+2\"]"));
  g_assert_nonnull (strstr (text, "[%clk 0:04:57.500]"));
  from_xml = ts_game_from_data (xml, strlen (xml), "xml", &error);
  g_assert_no_error (error);
  from_text = ts_game_from_data (text, strlen (text), "text", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ts_game_get_field (from_xml, TS_GAME_TIME_CONTROL), ==, "300+2");
  g_assert_cmpstr (ts_game_get_field (from_text, TS_GAME_TIME_CONTROL), ==, "300+2");
  g_assert_cmpint (ts_game_node_child (ts_game_root (from_xml), 0)->annotation.clock_ms, ==, 297500);
  g_assert_cmpint (ts_game_node_child (ts_game_root (from_text), 0)->annotation.clock_ms, ==, 297500);
}

/* What the writer gives (every field, player, tag and annotation) is what the RELAX NG
 * schema describes. */
static void
test_schema (void)
{
  g_autofree char *rng = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "data", "tessera-game.rng", NULL);
  xmlRelaxNGParserCtxtPtr parser = xmlRelaxNGNewParserCtxt (rng);
  xmlRelaxNGPtr schema = xmlRelaxNGParse (parser);
  xmlRelaxNGValidCtxtPtr valid = xmlRelaxNGNewValidCtxt (schema);
  const char *ids[] = { "raumschach", "cubic8-4p", "grossraumschach", "doseki" };

  g_assert_nonnull (schema);
  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup (ids[i]), 30, 4, TRUE, 11);
      gsize length;
      g_autofree char *xml = ts_game_to_xml (game, &length);
      xmlDocPtr doc = xmlReadMemory (xml, length, "game.xml", NULL, XML_PARSE_NONET);

      g_assert_nonnull (doc);
      g_assert_nonnull (strstr (xml, "<time-control>"));
      g_assert_cmpint (xmlRelaxNGValidateDoc (valid, doc), ==, 0);
      xmlFreeDoc (doc);
    }
  xmlRelaxNGFreeValidCtxt (valid);
  xmlRelaxNGFree (schema);
  xmlRelaxNGFreeParserCtxt (parser);
}

static void
test_groups (void)
{
  g_autoptr (TsGame) game = ts_game_new (raumschach (), NULL);

  ts_game_begin_edit (game);
  ts_game_set_field (game, TS_GAME_SITE, "Here");
  ts_game_begin_edit (game);
  ts_game_add_move (game, records_test_legal_move (game, 0));
  ts_game_end_edit (game);
  g_assert_false (ts_game_can_undo (game));
  ts_game_end_edit (game);
  g_assert_true (ts_game_can_undo (game));
  g_assert_true (ts_game_undo (game));
  g_assert_null (ts_game_get_field (game, TS_GAME_SITE));
  g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 0);
  g_assert_false (ts_game_can_undo (game));

  /* An empty group is no step. */
  ts_game_begin_edit (game);
  ts_game_end_edit (game);
  g_assert_false (ts_game_can_undo (game));
  g_assert_true (ts_game_can_redo (game));
}

static void
test_navigation (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (raumschach (), 30, 10, FALSE, 7);
  TsGameNode *root = ts_game_root (game);

  g_assert_true (ts_game_current (game) == root);
  g_assert_false (ts_game_back (game));
  ts_game_go_end (game);
  g_assert_cmpuint (ts_game_node_depth (ts_game_current (game)), ==, 30);
  g_assert_true (ts_game_node_is_main_line (ts_game_current (game)));
  g_assert_cmpuint (ts_position_ply (ts_game_position (game)), ==, 30);
  for (guint i = 0; i < 30; i++)
    {
      TsPosition *expected = ts_game_position_at (game, ts_game_current (game));

      g_assert_cmpuint (ts_position_hash (expected), ==, ts_position_hash (ts_game_position (game)));
      ts_position_free (expected);
      g_assert_true (ts_game_back (game));
    }
  g_assert_true (ts_game_current (game) == root);
  g_assert_true (ts_game_forward (game, 0));
  g_assert_false (ts_game_forward (game, 99));
}

/* The cursor's depths, kept along by its steps, are what walks to the root find. */
static void
check_cursor_depths (TsGame *game)
{
  TsGameNode *branch = ts_game_current (game);

  while (!ts_game_node_is_main_line (branch))
    branch = branch->parent;
  g_assert_cmpuint (ts_game_current_depth (game), ==, ts_game_node_depth (ts_game_current (game)));
  g_assert_cmpuint (ts_game_current_main_depth (game), ==, ts_game_node_depth (branch));
}

/* A few random steps forward and back, checking the depths after each. */
static void
random_steps (TsGame *game, GRand *rand)
{
  for (guint k = 0; k < 4; k++)
    {
      TsGameNode *current = ts_game_current (game);

      if (g_rand_boolean (rand) && ts_game_node_n_children (current) > 0)
        ts_game_forward (game, g_rand_int_range (rand, 0, ts_game_node_n_children (current)));
      else
        ts_game_back (game);
      check_cursor_depths (game);
    }
}

/* Random edits; every undo must give back exactly the game as it was (compared through its
 * XML form), and every redo the game after the edit. */
static void
test_random_edits (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (raumschach (), 20, 6, TRUE, 42);
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  g_autoptr (GPtrArray) snapshots = g_ptr_array_new_with_free_func (g_free);
  guint steps = 0;

  g_ptr_array_add (snapshots, ts_game_to_xml (game, NULL));
  for (guint i = 0; i < 300; i++)
    {
      g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
      g_autoptr (GPtrArray) stack = g_ptr_array_new ();
      TsGameNode *node;
      guint64 before = ts_game_revision (game);

      g_ptr_array_add (stack, ts_game_root (game));
      while (stack->len)
        {
          TsGameNode *n = g_ptr_array_steal_index (stack, stack->len - 1);

          g_ptr_array_add (nodes, n);
          for (guint c = 0; c < ts_game_node_n_children (n); c++)
            g_ptr_array_add (stack, ts_game_node_child (n, c));
        }
      node = nodes->pdata[g_rand_int_range (rand, 0, nodes->len)];

      switch (g_rand_int_range (rand, 0, 7))
        {
        case 0:
        case 1:
          ts_game_go_to (game, node);
          {
            TsPosition *pos = ts_position_copy (ts_game_position (game));
            TsMoveList list;

            ts_move_list_init (&list);
            ts_position_generate_legal (pos, &list);
            if (list.n)
              ts_game_add_move (game, list.moves[g_rand_int_range (rand, 0, list.n)]);
            ts_move_list_clear (&list);
            ts_position_free (pos);
          }
          break;
        case 2:
          if (node->parent)
            ts_game_promote_variation (game, node);
          break;
        case 3:
          if (node->parent)
            ts_game_delete_variation (game, node);
          break;
        case 4:
          ts_game_truncate_after (game, node);
          break;
        case 5:
          ts_game_set_comment (game, node, g_rand_boolean (rand), g_rand_boolean (rand) ? "c <&>" : NULL);
          break;
        default:
          if (node->parent)
            ts_game_toggle_nag (game, node, g_rand_int_range (rand, 1, 20));
          break;
        }
      check_cursor_depths (game);
      random_steps (game, rand);
      if (ts_game_revision (game) != before)
        {
          g_ptr_array_add (snapshots, ts_game_to_xml (game, NULL));
          steps++;
        }
    }
  g_assert_cmpuint (steps, >, 100);

  for (guint i = snapshots->len - 1; i > 0; i--)
    {
      g_autofree char *xml = NULL;

      g_assert_true (ts_game_undo (game));
      xml = ts_game_to_xml (game, NULL);
      g_assert_cmpstr (xml, ==, snapshots->pdata[i - 1]);
      /* The cursor is always in the tree with the right position. */
      {
        TsPosition *expected = ts_game_position_at (game, ts_game_current (game));

        g_assert_cmpuint (ts_position_hash (expected), ==, ts_position_hash (ts_game_position (game)));
        ts_position_free (expected);
      }
      check_cursor_depths (game);
      random_steps (game, rand);
    }
  g_assert_false (ts_game_undo (game));
  for (guint i = 1; i < snapshots->len; i++)
    {
      g_autofree char *xml = NULL;

      g_assert_true (ts_game_redo (game));
      xml = ts_game_to_xml (game, NULL);
      g_assert_cmpstr (xml, ==, snapshots->pdata[i]);
      check_cursor_depths (game);
      random_steps (game, rand);
    }
  g_assert_false (ts_game_redo (game));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/records/game/add-move", test_add_move);
  g_test_add_func ("/records/game/promote-delete", test_promote_delete);
  g_test_add_func ("/records/game/truncate", test_truncate);
  g_test_add_func ("/records/game/annotations", test_annotations);
  g_test_add_func ("/records/game/metadata", test_metadata);
  g_test_add_func ("/records/game/time-control", test_time_control);
  g_test_add_func ("/records/game/tag-limits", test_tag_limits);
  g_test_add_func ("/records/game/no-move-after-draw", test_no_move_after_draw);
  g_test_add_func ("/records/game/schema", test_schema);
  g_test_add_func ("/records/game/groups", test_groups);
  g_test_add_func ("/records/game/navigation", test_navigation);
  g_test_add_func ("/records/game/random-edits", test_random_edits);
  return g_test_run ();
}
