#include "test-util.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

/* Removes path: a folder with everything under it, or a file. A symbolic link is removed,
 * never followed: a test's links may point out of its own folder. Errors are ignored (a
 * clean-up after the test has passed or failed). */
void
test_util_remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) == 0 && S_ISDIR (st.st_mode))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          test_util_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

/* The contents of path, which must be readable. */
char *
test_util_read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* Writes length bytes of data (-1: up to its NUL) to path, which must succeed. */
void
test_util_write_file (const char *path, const char *data, gssize length)
{
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, data, length, &error);
  g_assert_no_error (error);
}

/* The line (1-based) where needle first occurs in text, which must hold it. */
guint
test_util_line_of (const char *text, const char *needle)
{
  const char *at = strstr (text, needle);
  guint line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}
