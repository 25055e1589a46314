/* A user's variant descriptions ($XDG_DATA_HOME/tessera/variants) are files: their numbers
 * are refused, with a warning naming the file, when they do not fit what they size (a
 * 16-bit move counter, a team mask of 8 bits, a board of at most 9 cells a side and 729
 * in all, a border of 2 cells around it); one that takes a built-in variant's id is
 * refused and leaves the built-in one as it was. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "rules/position.h"
#include "rules/variant.h"
#include "test-util.h"

static char *data_home;

/* raumschach.variant under another id, with one line replaced, as NAME.variant. */
static void
write_variant_file (const char *name, const char *id, const char *old_line, const char *new_line)
{
  g_autofree char *source = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "data", "variants",
                                              "raumschach.variant", NULL);
  g_autofree char *text = NULL;
  g_autofree char *path = g_strdup_printf ("%s/tessera/variants/%s.variant", data_home, name);
  g_autoptr (GString) s = NULL;
  g_autofree char *id_line = g_strdup_printf ("Id=%s", id);

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  s = g_string_new (text);
  g_assert_cmpuint (g_string_replace (s, "Id=raumschach", id_line, 1), ==, 1);
  g_assert_cmpuint (g_string_replace (s, old_line, new_line, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));
}

/* The same as ID.variant. */
static void
write_variant (const char *id, const char *old_line, const char *new_line)
{
  write_variant_file (id, id, old_line, new_line);
}

static void
test_numbers (void)
{
  static const struct { const char *id, *old_line, *new_line; gboolean loads; } cases[] = {
    { "limit-65535", "HalfmoveLimit=100", "HalfmoveLimit=65535", TRUE },
    { "limit-negative", "HalfmoveLimit=100", "HalfmoveLimit=-1", FALSE },
    { "limit-70000", "HalfmoveLimit=100", "HalfmoveLimit=70000", FALSE },
    { "team-7", "HalfmoveLimit=100", "HalfmoveLimit=100\nTeams=0;7", FALSE },
    { "range-huge", "Moves=ride:O\n", "Moves=ride:O:99999999999999999999\n", FALSE },
    { "promotion-huge", "Promotion=y=4;z=4", "Promotion=y=99999999999;z=4", FALSE },
  };
  g_autofree char *dir = g_build_filename (data_home, "tessera", "variants", NULL);
  guint n;

  if (g_test_subprocess ())
    {
      /* The warnings are what is tested: not fatal here (G_DEBUG=fatal-warnings). */
      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      ts_variant_list (&n);
      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        {
          const TsVariant *v = ts_variant_lookup (cases[i].id);

          g_test_message ("%s: %s", cases[i].id, v ? "loaded" : "refused");
          g_assert_true ((v != NULL) == cases[i].loads);
        }
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    write_variant (cases[i].id, cases[i].old_line, cases[i].new_line);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (!cases[i].loads)
      {
        g_autofree char *pattern = g_strdup_printf ("*variant description %s/%s.variant: *", dir, cases[i].id);

        g_test_trap_assert_stderr (pattern);
      }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.variant", dir, cases[i].id);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Removes the test's descriptions and their folder. */
static void
remove_variants (void)
{
  g_autofree char *dir = g_build_filename (data_home, "tessera", "variants", NULL);

  test_util_remove_tree (dir);
}

/* Plays random games from the start of v and checks every move of the piece type
 * `letter`: the difference of its coordinates must be k times one of vecs (k from 1 to
 * max_k), so no move wrapped onto another line or left the board. */
static void
check_vector_moves (const TsVariant *v, char letter, const int (*vecs)[TS_MAX_DIMS],
                    guint n_vecs, int max_k)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  int type = ts_variant_piece_type_by_letter (v, letter);
  guint checked = 0;

  g_assert_cmpint (type, >=, 0);
  for (guint game = 0; game < 20; game++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (v);

      for (guint ply = 0; ply < 60; ply++)
        {
          TsMoveList l;
          TsUndo u;

          ts_move_list_init (&l);
          ts_position_generate_legal (p, &l);
          for (guint i = 0; i < l.n; i++)
            {
              TsMove m = l.moves[i];
              int from[TS_MAX_DIMS], to[TS_MAX_DIMS];
              gboolean found = FALSE;

              if (m.piece != type || (m.flags & TS_MOVE_DROP))
                continue;
              g_assert_cmpint (m.to, >=, 0);
              g_assert_cmpint (m.to, <, (int) v->geometry.ncells);
              ts_geometry_coords (&v->geometry, m.from, from);
              ts_geometry_coords (&v->geometry, m.to, to);
              for (guint k = 0; k < n_vecs && !found; k++)
                for (int mult = 1; mult <= max_k && !found; mult++)
                  {
                    gboolean same = TRUE;

                    for (guint d = 0; d < TS_MAX_DIMS; d++)
                      same &= to[d] - from[d] == mult * vecs[k][d];
                    found = same;
                  }
              if (!found)
                {
                  char a[8], b[8];

                  ts_variant_cell_name (v, m.from, a);
                  ts_variant_cell_name (v, m.to, b);
                  g_error ("%s: %c%s-%s is no move of the piece", v->id, letter, a, b);
                }
              checked++;
            }
          if (l.n == 0)
            {
              ts_move_list_clear (&l);
              break;
            }
          ts_position_make (p, l.moves[g_rand_int_range (rand, 0, (int) l.n)], &u);
          ts_move_list_clear (&l);
        }
    }
  g_test_message ("%s: %u moves of %c checked", v->id, checked, letter);
  g_assert_cmpuint (checked, >, 0);
}

/* Leap, ride and pawn vectors: a component over the border's 2 cells would reach
 * another line of the padded board, or past the board's array, from a cell at the edge
 * (a leap:5,0 on a 6-wide board went from f1 to a2). Refused, naming the file and the
 * item; 2 still loads and moves as written. */
static void
test_long_vectors (void)
{
  static const struct { const char *id, *old_line, *new_line, *item; } refused[] = {
    { "leap-3", "Moves=leap:2,1,0", "Moves=leap:3,0,0", "[Piece N] Moves: *leap:3,0,0*" },
    { "leap-8", "Moves=leap:2,1,0", "Moves=leap:1,0,8", "[Piece N] Moves: *leap:1,0,8*" },
    { "leap-9", "Moves=leap:2,1,0", "Moves=leap:9,0,0", "[Piece N] Moves: *leap:9,0,0*" },
    { "ride-3", "Moves=ride:F\n", "Moves=ride:1,3,0\n", "[Piece B] Moves: *ride:1,3,0*" },
    { "ride-minus-3", "Moves=ride:F\n", "Moves=ride:1,1,0|0,-3,1:2\n",
      "[Piece B] Moves: *ride:1,1,0|0,-3,1:2*" },
    { "pawn-3", "P-Captures=1,1,0;-1,1,0;", "P-Captures=1,1,0;-3,1,0;",
      "[Seat w] P-Captures: *-3,1,0*" },
    { "pawn-move-3", "P-Moves=0,-1,0;0,0,-1", "P-Moves=0,-1,0;0,0,-3",
      "[Seat b] P-Moves: *0,0,-3*" },
  };
  static const int leap_2_2_2[8][TS_MAX_DIMS] = {
    { 2, 2, 2 }, { 2, 2, -2 }, { 2, -2, 2 }, { 2, -2, -2 },
    { -2, 2, 2 }, { -2, 2, -2 }, { -2, -2, 2 }, { -2, -2, -2 },
  };
  static const int ride_2_1_0[2][TS_MAX_DIMS] = { { 2, 1, 0 }, { -2, -1, 0 } };
  g_autofree char *dir = g_build_filename (data_home, "tessera", "variants", NULL);

  if (g_test_subprocess ())
    {
      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
        g_assert_null (ts_variant_lookup (refused[i].id));
      g_assert_nonnull (ts_variant_lookup ("leap-2-2-2"));
      g_assert_nonnull (ts_variant_lookup ("ride-2-1-0"));
      check_vector_moves (ts_variant_lookup ("leap-2-2-2"), 'N', leap_2_2_2, 8, 1);
      check_vector_moves (ts_variant_lookup ("ride-2-1-0"), 'B', ride_2_1_0, 2, 8);
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    write_variant (refused[i].id, refused[i].old_line, refused[i].new_line);
  write_variant ("leap-2-2-2", "Moves=leap:2,1,0", "Moves=leap:2,2,2");
  write_variant ("ride-2-1-0", "Moves=ride:F\n", "Moves=ride:2,1,0|-2,-1,0\n");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *pattern = g_strdup_printf ("*variant description %s/%s.variant: %s: *-2 to 2*",
                                                  dir, refused[i].id, refused[i].item);

      g_test_trap_assert_stderr (pattern);
    }
  g_test_trap_assert_stderr_unmatched ("*leap-2-2-2*");
  g_test_trap_assert_stderr_unmatched ("*ride-2-1-0*");
  remove_variants ();
}

/* A copy of the built-in description `id` with another Name, as DIR/NAME.variant. */
static void
write_copy (const char *id, const char *name)
{
  g_autofree char *source = g_strdup_printf ("%s/data/variants/%s.variant",
                                             g_getenv ("TESSERA_SOURCE_ROOT"), id);
  g_autofree char *path = g_strdup_printf ("%s/tessera/variants/%s.variant", data_home, name);
  g_autoptr(GKeyFile) kf = g_key_file_new ();

  g_assert_true (g_key_file_load_from_file (kf, source, G_KEY_FILE_KEEP_COMMENTS, NULL));
  g_key_file_set_string (kf, "Variant", "Name", "Copy");
  g_assert_true (g_key_file_save_to_file (kf, path, NULL));
}

/* A user's description with a built-in id (two, four players; the Doseki family) is
 * refused with a warning; the built-in variant stays, whole. It is loaded completely
 * before its id is compared, so refusing it frees every table loading made: it used to
 * free pointers into the middle of the attack tables (an abort at startup) and leak the
 * scans' tables. */
static void
test_duplicate_id (void)
{
  static const char *const ids[] = { "raumschach", "cubic8-4p", "doseki" };
  g_autofree char *dir = g_build_filename (data_home, "tessera", "variants", NULL);

  if (g_test_subprocess ())
    {
      guint n;
      const TsVariant *const *list;

      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      list = ts_variant_list (&n);
      for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
        {
          guint found = 0;

          for (guint i = 0; i < n; i++)
            if (strcmp (list[i]->id, ids[k]) == 0)
              {
                g_assert_cmpstr (list[i]->name, !=, "Copy");
                found++;
              }
          g_assert_cmpuint (found, ==, 1);
        }
      {
        g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));

        g_assert_cmpuint (ts_perft (p, 2), ==, 3615);
      }
      /* two of the user's with one id: the first by file name */
      g_assert_cmpstr (ts_variant_lookup ("mine")->name, ==, "First");
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      g_autofree char *name = g_strconcat ("dup-", ids[k], NULL);

      write_copy (ids[k], name);
    }
  write_variant_file ("mine-b", "mine", "Name=Raumschach", "Name=Second");
  write_variant_file ("mine-a", "mine", "Name=Raumschach", "Name=First");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      g_autofree char *pattern = g_strdup_printf ("*variant description %s/dup-%s.variant: "
                                                  "id *%s* already defined*", dir, ids[k], ids[k]);

      g_test_trap_assert_stderr (pattern);
    }
  g_test_trap_assert_stderr ("*variant description */mine-b.variant: id *mine* already defined*");
  remove_variants ();
}

/* Boards of more than 729 cells (TS_MAX_CELLS, as 9×9×9): every axis within 9 cells,
 * a 9×9×9×2 board's 1 458 cells overran a position's arrays by cell (type bits,
 * occupancy) when it was set up. Refused; 9×9×9×1 loads and plays. */
static void
test_cells (void)
{
  static const char text[] =
    "[Variant]\nId=%s\nName=Big\nFamily=chess\nSize=9;9;9;%d\n"
    "CellName=w:%s;z:ABCDEFGHI;x:abcdefghi;y:123456789\n"
    "Seats=White;Black\nSeatKeys=w;b\nPieces=K;R\n"
    "[Piece K]\nName=King\nImage=king\nRoyal=true\nMoves=ride:OFDH:1\n"
    "[Piece R]\nName=Rook\nImage=rook\nMoves=ride:O\n"
    "[Seat w]\nSetup=K:aAa1;R:aIi8\n[Seat b]\nSetup=K:aIi9;R:aAa9\n";
  g_autofree char *dir = g_build_filename (data_home, "tessera", "variants", NULL);
  g_autofree char *pattern = g_strdup_printf ("*variant description %s/cells-1458.variant: *", dir);

  if (g_test_subprocess ())
    {
      g_autoptr(TsPosition) p = NULL;

      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      g_assert_null (ts_variant_lookup ("cells-1458"));
      g_assert_nonnull (ts_variant_lookup ("cells-729"));
      p = ts_position_new_initial (ts_variant_lookup ("cells-729"));
      g_assert_cmpuint (ts_perft (p, 2), >, 0);
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (int w = 1; w <= 2; w++)
    {
      g_autofree char *id = g_strdup_printf ("cells-%d", 729 * w);
      g_autofree char *path = g_strdup_printf ("%s/%s.variant", dir, id);
      g_autofree char *contents = g_strdup_printf (text, id, w, w == 1 ? "a" : "ab");

      g_assert_true (g_file_set_contents (path, contents, -1, NULL));
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr_unmatched ("*cells-729*");
  g_test_trap_assert_stderr (pattern);
  remove_variants ();
}

int
main (int argc, char **argv)
{
  int status;

  /* Before anything asks GLib for the data folder; the subprocess uses its parent's. */
  data_home = g_strdup (g_getenv ("TS_TEST_DATA_HOME"));
  if (data_home == NULL)
    data_home = g_dir_make_tmp ("test-variant-files-XXXXXX", NULL);
  g_setenv ("TS_TEST_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/variant-files/numbers", test_numbers);
  g_test_add_func ("/rules/variant-files/long-vectors", test_long_vectors);
  g_test_add_func ("/rules/variant-files/duplicate-id", test_duplicate_id);
  g_test_add_func ("/rules/variant-files/cells", test_cells);
  status = g_test_run ();
  if (!g_test_subprocess ())
    {
      g_autofree char *tessera = g_build_filename (data_home, "tessera", NULL);

      g_rmdir (tessera);
      g_rmdir (data_home);
    }
  g_free (data_home);
  return status;
}
