/* Arrows and marked cells in the record: the gesture's edit and its undo, both file forms,
 * and text or XML that holds bad shapes. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "records/game.h"
#include "records-test.h"

static const TsVariant *
variant (const char *id)
{
  const TsVariant *v = ts_variant_lookup (id);

  g_assert_nonnull (v);
  return v;
}

static TsShape
shape (const TsVariant *v, const char *text)
{
  TsShape s;
  const char *end;

  g_assert_true (ts_shape_parse (v, text, &s, &end));
  g_assert_cmpstr (end, ==, "");
  return s;
}

static char *
shapes_text (const TsVariant *v, const TsAnnotation *a)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < a->n_shapes; i++)
    {
      if (i)
        g_string_append_c (s, ',');
      ts_shape_append_text (s, v, &a->shapes[i]);
    }
  return g_string_free (s, FALSE);
}

static void
assert_shapes (const TsVariant *v, const TsAnnotation *a, const char *expected)
{
  g_autofree char *text = shapes_text (v, a);

  g_assert_cmpstr (text, ==, expected);
}


static void
test_shape_text (void)
{
  struct { const char *variant, *text; gboolean arrow; } good[] = {
    { "raumschach", "GAa1", FALSE },
    { "raumschach", "RAa1-Ee5", TRUE },
    { "cubic8", "BE1w-E8k", TRUE },
    { "grossraumschach", "Y1a5-6f1", TRUE },
    { "nihongi", "Ga1-i9", TRUE },
    { "doseki", "RAb2", FALSE },
  };
  const char *bad[] = { "", "G", "XAa1", "gAa1", "GAa", "GAa1-", "GAa1-Aa1", "GZz9", "GAa1-Ff6" };
  const TsVariant *raum = variant ("raumschach");

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      const TsVariant *v = variant (good[i].variant);
      TsShape s = shape (v, good[i].text);
      g_autoptr (GString) again = g_string_new (NULL);

      g_assert_cmpint (ts_shape_is_arrow (&s), ==, good[i].arrow);
      ts_shape_append_text (again, v, &s);
      g_assert_cmpstr (again->str, ==, good[i].text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      TsShape s;
      const char *end;

      g_test_message ("bad: %s", bad[i]);
      g_assert_false (ts_shape_parse (raum, bad[i], &s, &end) && *end == '\0');
    }
  for (guint c = 0; c < TS_N_SHAPE_COLOURS; c++)
    {
      g_assert_cmpint (ts_shape_colour_from_letter (ts_shape_colour_letter (c)), ==, c);
      g_assert_cmpint (ts_shape_colour_from_name (ts_shape_colour_name (c)), ==, c);
    }
  g_assert_cmpint (ts_shape_colour_from_name ("purple"), ==, -1);
}

static void
test_parse_list (void)
{
  const TsVariant *raum = variant ("raumschach");
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  g_autoptr (GError) error = NULL;
  TsAnnotation a;

  /* sorted: marks first; the later yellow Aa1-Bb2 replaces the green one */
  g_assert_true (ts_shapes_parse_list (raum, "GAa1-Bb2, RCc3 ,YAa1-Bb2,,BEe5", shapes, &error));
  g_assert_no_error (error);
  ts_annotation_init (&a);
  a.shapes = (TsShape *) shapes->data;
  a.n_shapes = shapes->len;
  assert_shapes (raum, &a, "RCc3,BEe5,YAa1-Bb2");
  g_assert_true (ts_shapes_are_canonical (raum, a.shapes, a.n_shapes));

  g_assert_false (ts_shapes_parse_list (raum, "GAa1,Qb2", shapes, &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Qb2"));
  g_assert_nonnull (strstr (error->message, "GAa1"));   /* the example names real cells */
}

static void
test_toggle_undo (void)
{
  const TsVariant *raum = variant ("raumschach");
  g_autoptr (TsGame) game = ts_game_new (raum, NULL);
  TsGameNode *root = ts_game_root (game), *node;
  TsShape green = shape (raum, "GAb1-Ac3"), red = shape (raum, "RAb1-Ac3"), mark = shape (raum, "YCc3");
  guint64 rev0;

  node = ts_game_add_move_text (game, "NAb1-Ac3", NULL);
  g_assert_nonnull (node);
  rev0 = ts_game_revision (game);

  g_assert_true (ts_game_toggle_shape (game, node, &green));
  g_assert_true (ts_game_toggle_shape (game, node, &mark));
  g_assert_true (ts_game_toggle_shape (game, root, &mark));
  assert_shapes (raum, &node->annotation, "YCc3,GAb1-Ac3");
  assert_shapes (raum, &root->annotation, "YCc3");
  /* another colour replaces, the same colour removes */
  g_assert_true (ts_game_toggle_shape (game, node, &red));
  assert_shapes (raum, &node->annotation, "YCc3,RAb1-Ac3");
  g_assert_false (ts_game_toggle_shape (game, node, &red));
  assert_shapes (raum, &node->annotation, "YCc3");
  g_assert_true (ts_game_is_modified (game));

  /* every gesture is one undo step */
  g_assert_true (ts_game_undo (game));
  assert_shapes (raum, &node->annotation, "YCc3,RAb1-Ac3");
  g_assert_true (ts_game_undo (game));
  assert_shapes (raum, &node->annotation, "YCc3,GAb1-Ac3");
  g_assert_true (ts_game_undo (game));
  g_assert_cmpuint (root->annotation.n_shapes, ==, 0);
  g_assert_true (ts_game_undo (game));
  g_assert_true (ts_game_undo (game));
  g_assert_cmpuint (node->annotation.n_shapes, ==, 0);
  g_assert_cmpuint (ts_game_revision (game), ==, rev0);
  g_assert_true (ts_game_redo (game));
  assert_shapes (raum, &node->annotation, "GAb1-Ac3");

  /* set_shapes: any order in, canonical order kept; nothing changed, no undo step */
  {
    TsShape list[] = { shape (raum, "RAa1-Bb2"), shape (raum, "GEe5"), shape (raum, "BAa1-Bb2") };
    guint64 rev;

    ts_game_set_shapes (game, node, list, G_N_ELEMENTS (list));
    assert_shapes (raum, &node->annotation, "GEe5,BAa1-Bb2");
    rev = ts_game_revision (game);
    ts_game_set_shapes (game, node, &list[1], 2);
    g_assert_cmpuint (ts_game_revision (game), ==, rev);
    ts_game_set_shapes (game, node, NULL, 0);
    g_assert_cmpuint (node->annotation.n_shapes, ==, 0);
  }
}

static void
test_limit (void)
{
  const TsVariant *doseki = variant ("doseki");
  g_autoptr (TsGame) game = ts_game_new (doseki, NULL);
  TsGameNode *root = ts_game_root (game);

  for (guint i = 0; i < TS_RECORD_MAX_SHAPES; i++)
    {
      TsShape s = { i, i, TS_SHAPE_GREEN };

      g_assert_true (ts_game_toggle_shape (game, root, &s));
    }
  {
    TsShape s = { TS_RECORD_MAX_SHAPES, TS_RECORD_MAX_SHAPES, TS_SHAPE_GREEN };
    TsShape other = { 0, 0, TS_SHAPE_RED };
    guint64 rev = ts_game_revision (game);

    g_assert_false (ts_game_toggle_shape (game, root, &s));
    g_assert_cmpuint (ts_game_revision (game), ==, rev);
    /* recolouring still works at the limit */
    g_assert_true (ts_game_toggle_shape (game, root, &other));
    g_assert_cmpuint (root->annotation.n_shapes, ==, TS_RECORD_MAX_SHAPES);
  }
}

/* Shapes at the start and after moves, in every naming scheme, through both forms. */
static void
test_round_trip (void)
{
  struct { const char *variant, *move, *root, *after; } cases[] = {
    { "raumschach", "NAb1-Ac3", "GAa1,RAa1-Ee5", "YCc3,BAb1-Ac3,GBc1-Cc3" },
    { "cubic8", "NB1w-C3w", "GE1w", "RE1w-E8k" },
    { "grossraumschach", NULL, "Y1a5-6f1", NULL },
    { "nihongi", NULL, "Ba1,Gi9", NULL },
    { "doseki", NULL, "RAb2-Ib8", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const TsVariant *v = variant (cases[i].variant);
      g_autoptr (TsGame) game = ts_game_new (v, NULL);
      g_autoptr (GArray) root_shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
      g_autoptr (GError) error = NULL;
      g_autofree char *xml = NULL, *text = NULL, *path = NULL;
      g_autoptr (TsGame) from_xml = NULL, from_text = NULL;

      g_assert_true (ts_shapes_parse_list (v, cases[i].root, root_shapes, &error));
      ts_game_set_shapes (game, ts_game_root (game), (TsShape *) root_shapes->data, root_shapes->len);
      if (cases[i].move)
        {
          g_autoptr (GArray) after = g_array_new (FALSE, FALSE, sizeof (TsShape));
          TsGameNode *node = ts_game_add_move_text (game, cases[i].move, &error);

          g_assert_no_error (error);
          g_assert_true (ts_shapes_parse_list (v, cases[i].after, after, &error));
          ts_game_set_shapes (game, node, (TsShape *) after->data, after->len);
          ts_game_set_comment (game, node, FALSE, "a comment");
        }
      xml = ts_game_to_xml (game, NULL);
      text = ts_game_to_text (game, NULL);
      g_test_message ("%s", text);
      from_xml = records_test_read_ok (xml, "xml");
      from_text = records_test_read_ok (text, "text");
      assert_shapes (v, &ts_game_root (from_xml)->annotation, cases[i].root);
      assert_shapes (v, &ts_game_root (from_text)->annotation, cases[i].root);
      g_assert_null (ts_game_root (from_text)->annotation.comment_before);
      if (cases[i].move)
        {
          TsGameNode *x = ts_game_node_child (ts_game_root (from_xml), 0);
          TsGameNode *t = ts_game_node_child (ts_game_root (from_text), 0);

          assert_shapes (v, &x->annotation, cases[i].after);
          assert_shapes (v, &t->annotation, cases[i].after);
          g_assert_cmpstr (t->annotation.comment_after, ==, "a comment");
        }
      {
        g_autofree char *xml2 = ts_game_to_xml (from_text, NULL);
        g_autofree char *text2 = ts_game_to_text (from_xml, NULL);

        g_assert_cmpstr (xml2, ==, xml);
        g_assert_cmpstr (text2, ==, text);
      }
      path = g_build_filename (g_get_tmp_dir (), "tessera-test-shapes.tessera", NULL);
      g_assert_true (g_file_set_contents (path, xml, -1, NULL));
      g_assert_true (records_test_schema_accepts (path));
      g_unlink (path);
    }

  /* the exact forms */
  {
    const TsVariant *raum = variant ("raumschach");
    g_autoptr (TsGame) game = ts_game_new (raum, NULL);
    TsShape arrow = shape (raum, "RAb1-Ac3"), mark = shape (raum, "GAc3");
    g_autofree char *xml = NULL, *text = NULL;

    ts_game_toggle_shape (game, ts_game_root (game), &mark);
    ts_game_toggle_shape (game, ts_game_add_move_text (game, "NAb1-Ac3", NULL), &arrow);
    ts_game_toggle_shape (game, ts_game_current (game), &mark);
    xml = ts_game_to_xml (game, NULL);
    text = ts_game_to_text (game, NULL);
    g_assert_nonnull (strstr (xml, "  <mark cell=\"Ac3\" colour=\"green\"/>\n  <moves>"));
    g_assert_nonnull (strstr (xml, "<arrow from=\"Ab1\" to=\"Ac3\" colour=\"red\"/>"));
    g_assert_nonnull (strstr (text, "\n\n{[%csl GAc3]} 1. NbAc3 {[%csl GAc3] [%cal RAb1-Ac3]} *"));
  }
}

/* Text that looks like shapes but is not in the writer's form stays comment text, as it was:
 * the game loads, nothing is lost. */
static void
test_text_garbage (void)
{
  const char *comments[] = {
    "[%csl XAa1] x", "[%csl GZz9]", "[%cal GAa1]", "[%csl GAa1-Bb2]", "[%csl GBb2,GAa1]",
    "[%csl GAa1,GAa1]", "[%csl GAa1", "[%csl ]", "[%csl GAa1 ]", "[%cal GAa1-Aa1]",
    "[%csl GAa1,]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (comments); i++)
    {
      g_autofree char *text = g_strdup_printf ("[Variant \"raumschach\"]\n\n{%s} 1. NbAc3 {%s} *\n",
                                               comments[i], comments[i]);
      g_autoptr (TsGame) game = records_test_read_ok (text, "garbage");
      TsGameNode *root = ts_game_root (game), *move = ts_game_node_child (root, 0);
      g_autofree char *again = ts_game_to_text (game, NULL);
      g_test_message ("%s", comments[i]);
      g_assert_cmpuint (root->annotation.n_shapes, ==, 0);
      g_assert_cmpuint (move->annotation.n_shapes, ==, 0);
      g_assert_cmpstr (root->annotation.comment_before, ==, comments[i]);
      g_assert_cmpstr (move->annotation.comment_after, ==, comments[i]);
      g_assert_cmpstr (again, ==, text);
    }

  /* good shapes followed by garbage: the shapes are read, the rest is text */
  {
    g_autoptr (TsGame) game = records_test_read_ok ("[Variant \"raumschach\"]\n\n1. NbAc3 {[%csl GAa1] [%cal bad]} *\n", "mixed");
    TsGameNode *move = ts_game_node_child (ts_game_root (game), 0);

    g_assert_cmpuint (move->annotation.n_shapes, ==, 1);
    g_assert_cmpstr (move->annotation.comment_after, ==, "[%cal bad]");
  }
}

/* The XML form is strict: a bad shape is an error with its line. */
static void
test_xml_errors (void)
{
  struct { const char *shape, *message; } cases[] = {
    { "<mark cell=\"Zz9\" colour=\"green\"/>", "bad cell “Zz9” on <mark>" },
    { "<mark cell=\"Aa1\" colour=\"purple\"/>", "bad colour “purple” on <mark>" },
    { "<mark cell=\"Aa1\"/>", "bad colour “” on <mark>" },
    { "<mark cell=\"Aa1\" colour=\"red\" size=\"2\"/>", "attribute “size” is not allowed on <mark>" },
    { "<arrow from=\"Aa1\" to=\"Aa1\" colour=\"red\"/>", "bad to “Aa1” on <arrow>" },
    { "<arrow from=\"Aa1\" colour=\"red\"/>", "bad to “” on <arrow>" },
    { "<arrow from=\"Aa1\" to=\"Bb2\" colour=\"red\"/><arrow from=\"Aa1\" to=\"Bb2\" colour=\"green\"/>",
      "a second arrow from Aa1 to Bb2" },
    { "<mark cell=\"Aa1\" colour=\"red\">text</mark>", "text is not allowed in <mark>" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint at_move = 0; at_move < 2; at_move++)
      {
        g_autofree char *xml = g_strdup_printf (
          "<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n"
          "%s\n<moves>\n<move san=\"NbAc3\">\n%s\n</move>\n</moves>\n</tessera-game>\n",
          at_move ? "" : cases[i].shape, at_move ? cases[i].shape : "");
        g_autoptr (GError) error = NULL;
        g_autofree char *expected = g_strdup_printf ("bad.tessera:%d: %s", at_move ? 6 : 3,
                                                     cases[i].message);
        TsGame *game = ts_game_from_data (xml, strlen (xml), "bad.tessera", &error);

        g_assert_null (game);
        g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_INVALID);
        g_assert_cmpstr (error->message, ==, expected);
      }

  /* too many on one move */
  {
    const TsVariant *doseki = variant ("doseki");
    GString *xml = g_string_new ("<tessera-game format=\"1\" variant=\"doseki\">\n");
    g_autoptr (GError) error = NULL;

    for (guint i = 0; i <= TS_RECORD_MAX_SHAPES; i++)
      {
        char name[8];

        ts_variant_cell_name (doseki, i, name);
        g_string_append_printf (xml, "<mark cell=\"%s\" colour=\"red\"/>\n", name);
      }
    g_string_append (xml, "<moves/></tessera-game>\n");
    g_assert_null (ts_game_from_data (xml->str, xml->len, "many", &error));
    g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
    g_string_free (xml, TRUE);
  }
}

/* A file written before shapes existed opens as it did. */
static void
test_old_file (void)
{
  const char *xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<tessera-game format=\"1\" variant=\"raumschach\">\n"
                    "  <comment>[%csl GAa1]</comment>\n"
                    "  <moves>\n    <move san=\"NbAc3\">\n      <after>[%cal GAa1-Bb2]</after>\n    </move>\n"
                    "  </moves>\n"
                    "</tessera-game>\n";
  g_autoptr (TsGame) game = records_test_read_ok (xml, "old");
  g_autofree char *again = ts_game_to_xml (game, NULL);

  /* XML comments are text, never commands */
  g_assert_cmpuint (ts_game_root (game)->annotation.n_shapes, ==, 0);
  g_assert_cmpstr (again, ==, xml);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/records/shapes/text", test_shape_text);
  g_test_add_func ("/records/shapes/parse-list", test_parse_list);
  g_test_add_func ("/records/shapes/toggle-undo", test_toggle_undo);
  g_test_add_func ("/records/shapes/limit", test_limit);
  g_test_add_func ("/records/shapes/round-trip", test_round_trip);
  g_test_add_func ("/records/shapes/text-garbage", test_text_garbage);
  g_test_add_func ("/records/shapes/xml-errors", test_xml_errors);
  g_test_add_func ("/records/shapes/old-file", test_old_file);
  return g_test_run ();
}
