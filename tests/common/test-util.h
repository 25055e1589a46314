/* Helpers shared by the test programs that need no GTK (core, records, engine, and the ui
 * ones that only handle files): files and folders in a test's own temporary folder. The
 * ui tests' own helpers are in tests/ui/widget-test.h, window-test.h and board-test.h. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void   test_util_remove_tree (const char *path);
char  *test_util_read_file   (const char *path);
void   test_util_write_file  (const char *path, const char *data, gssize length);
guint  test_util_line_of     (const char *text, const char *needle);

G_END_DECLS
