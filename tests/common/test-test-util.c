/* test-util.h's own checks: the folder removal goes down into folders and never follows a
 * symbolic link, at the top or below it (a test's links may point out of its folder). */
#include <glib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "test-util.h"

static char *
put_file (const char *dir, const char *name)
{
  char *path = g_build_filename (dir, name, NULL);

  test_util_write_file (path, "kept?", -1);
  return path;
}

static void
test_remove_tree (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("test-util-XXXXXX", NULL);
  g_autofree char *outside = g_build_filename (tmp, "outside", NULL);
  g_autofree char *tree = g_build_filename (tmp, "tree", NULL);
  g_autofree char *deep = g_build_filename (tree, "a", "b", NULL);
  g_autofree char *link = g_build_filename (tree, "a", "to-outside", NULL);
  g_autofree char *top_link = g_build_filename (tmp, "top-link", NULL);
  g_autofree char *kept = NULL, *gone = NULL, *text = NULL;

  g_assert_nonnull (tmp);
  g_assert_cmpint (g_mkdir_with_parents (outside, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (deep, 0700), ==, 0);
  kept = put_file (outside, "kept");
  gone = put_file (deep, "gone");
  g_assert_cmpint (symlink (outside, link), ==, 0);
  g_assert_cmpint (symlink (outside, top_link), ==, 0);

  /* A link to a folder, given itself: the link goes, the folder's files stay. */
  test_util_remove_tree (top_link);
  g_assert_false (g_file_test (top_link, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));

  /* A tree with a link inside: all of it goes, what the link points to stays. */
  test_util_remove_tree (tree);
  g_assert_false (g_file_test (tree, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (gone, G_FILE_TEST_EXISTS));
  text = test_util_read_file (kept);
  g_assert_cmpstr (text, ==, "kept?");

  /* A file. */
  test_util_remove_tree (kept);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  test_util_remove_tree (tmp);
  g_assert_false (g_file_test (tmp, G_FILE_TEST_EXISTS));
}

static void
test_line_of (void)
{
  g_assert_cmpuint (test_util_line_of ("one\ntwo\nthree", "one"), ==, 1);
  g_assert_cmpuint (test_util_line_of ("one\ntwo\nthree", "thr"), ==, 3);
  /* the first place it stands, the line where it starts */
  g_assert_cmpuint (test_util_line_of ("one\ntwo\nthree", "o\nt"), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/test-util/remove-tree", test_remove_tree);
  g_test_add_func ("/test-util/line-of", test_line_of);
  return g_test_run ();
}
