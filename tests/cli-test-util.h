#pragma once

/* Runs tessera-cli ($TESSERA_CLI) as a user would. */
#include <glib.h>
#include <sys/wait.h>

/* Runs tessera-cli with args (NULL-terminated, without the program); returns its exit
 * status. *out and *err (each may be NULL) are freed first, so callers can reuse them. */
static inline int
run_cli (const char *const *args, char **out, char **err)
{
  const char *cli = g_getenv ("TESSERA_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  if (out)
    g_clear_pointer (out, g_free);
  if (err)
    g_clear_pointer (err, g_free);
  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (const char *const *a = args; *a; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}
