/* Starts the real `tessera` executable (TESSERA_APP) on the private display and session bus
 * that with-display provides, drives it through its D-Bus action interface and looks at the
 * X server to see which windows it shows. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#define APP_ID   "io.github.tessera.Tessera"
#define APP_PATH "/io/github/tessera/Tessera"
#define TIMEOUT_US (60 * G_USEC_PER_SEC)   /* generous: sanitizer builds on a loaded machine */

static const char *
app_path (void)
{
  const char *path = g_getenv ("TESSERA_APP");

  g_assert_nonnull (path);
  return path;
}

/* Starts tessera with @args, its stdout and stderr piped. */
static GSubprocess *
spawn_tessera (const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GSubprocess *proc;

  g_ptr_array_add (argv, (char *) app_path ());
  for (; *args; args++)
    g_ptr_array_add (argv, (char *) *args);
  g_ptr_array_add (argv, NULL);

  proc = g_subprocess_newv ((const char * const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  return proc;
}

/* Runs tessera with @args to the end; returns its exit status and stderr. */
static int
run_tessera (const char * const *args,
             char              **err)
{
  g_autoptr(GSubprocess) proc = spawn_tessera (args);
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8 (proc, NULL, NULL, NULL, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  return g_subprocess_get_exit_status (proc);
}

/* A game window's title: the game and its variant, "Unsaved Game — Raumschach". */
#define GAME_WINDOW "^.+ — .+$"

/* The number of mapped top-level windows whose title matches @title_regex. */
static guint
count_windows (const char *title_regex)
{
  const char *argv[] = { "xdotool", "search", "--onlyvisible", "--name", title_regex, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    n += lines[i][0] != '\0';
  return n;
}

static void
wait_for_windows (const char *title_regex,
                  guint       expected)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_US;
  guint n;

  while ((n = count_windows (title_regex)) != expected && g_get_monotonic_time () < deadline)
    g_usleep (G_USEC_PER_SEC / 10);
  if (n != expected)
    g_error ("expected %u visible window(s) titled /%s/, found %u", expected, title_regex, n);
}

/* One round of the main loop, or a short nap if nothing was pending. */
static void
spin (void)
{
  if (!g_main_context_iteration (NULL, FALSE))
    g_usleep (10000);
}

static void
name_appeared (GDBusConnection *connection,
               const char      *name,
               const char      *owner,
               gpointer         user_data)
{
  *(gboolean *) user_data = TRUE;
}

static void
wait_for_bus_name (GDBusConnection *bus)
{
  gboolean appeared = FALSE;
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_US;
  guint watch = g_bus_watch_name_on_connection (bus, APP_ID, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                name_appeared, NULL, &appeared, NULL);

  while (!appeared && g_get_monotonic_time () < deadline)
    spin ();
  g_bus_unwatch_name (watch);
  g_assert_true (appeared);
}

static void
activate_action (GDBusConnection *bus,
                 const char      *action)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_sync (bus, APP_ID, APP_PATH, "org.gtk.Actions", "Activate",
                                       g_variant_new ("(sava{sv})", action, NULL, NULL),
                                       NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
}

static void
subprocess_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  char **err = user_data;
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, NULL, err, &error);
  g_assert_no_error (error);
}

/* Starts tessera with @args as the primary instance and waits until it owns its bus name and
 * shows @n_windows windows. Its stderr lands in *err when it exits. */
static GSubprocess *
launch (GDBusConnection    *bus,
        const char * const *args,
        guint               n_windows,
        char              **err)
{
  GSubprocess *proc;

  g_assert_cmpuint (count_windows (GAME_WINDOW), ==, 0);
  proc = spawn_tessera (args);
  g_subprocess_communicate_utf8_async (proc, NULL, NULL, subprocess_done, err);

  wait_for_bus_name (bus);
  wait_for_windows (GAME_WINDOW, n_windows);
  return proc;
}

/* Activates app.quit and checks that tessera closes every window and exits cleanly. */
static void
quit (GDBusConnection  *bus,
      GSubprocess      *proc,
      char            **err)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_US;

  /* The application may exit before its reply reaches us, so this call expects none. */
  g_dbus_connection_call (bus, APP_ID, APP_PATH, "org.gtk.Actions", "Activate",
                          g_variant_new ("(sava{sv})", "quit", NULL, NULL),
                          NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL, NULL);
  while (*err == NULL && g_get_monotonic_time () < deadline)
    spin ();
  g_assert_nonnull (*err);

  if (!g_subprocess_get_if_exited (proc) || g_subprocess_get_exit_status (proc) != 0)
    g_error ("tessera did not exit cleanly; its stderr:\n%s", *err);
  /* G_DEBUG=fatal-warnings turns warnings into a crash; criticals in stderr are caught here too. */
  g_assert_null (strstr (*err, "WARNING"));
  g_assert_null (strstr (*err, "CRITICAL"));
  g_assert_cmpuint (count_windows (GAME_WINDOW), ==, 0);
}

static GDBusConnection *
session_bus (void)
{
  g_autoptr(GError) error = NULL;
  GDBusConnection *bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);

  g_assert_no_error (error);
  return bus;
}

static void
test_window_actions_quit (void)
{
  const char *args[] = { NULL };
  const char *second[] = { "--variant", "raumschach", NULL };
  g_autoptr(GDBusConnection) bus = session_bus ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autofree char *err = NULL;
  g_autofree char *second_err = NULL;

  proc = launch (bus, args, 1, &err);

  /* A second instance hands its --variant to the running one, which opens a window. */
  g_assert_cmpint (run_tessera (second, &second_err), ==, 0);
  g_assert_cmpstr (second_err, ==, "");
  wait_for_windows (GAME_WINDOW, 2);

  activate_action (bus, "about");
  wait_for_windows ("^About Tessera$", 1);

  activate_action (bus, "shortcuts");
  wait_for_windows ("^Keyboard Shortcuts$", 1);

  quit (bus, proc, &err);
}

/* A readable file opens a window (what it shows is the window's business). */
static void
test_open_file (void)
{
  g_autoptr(GDBusConnection) bus = session_bus ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "tessera-smoke-game.xml", NULL);
  const char *args[] = { path, NULL };
  g_autofree char *err = NULL;

  g_file_set_contents (path, "<game/>\n", -1, &error);
  g_assert_no_error (error);
  proc = launch (bus, args, 1, &err);
  quit (bus, proc, &err);
  g_unlink (path);
}

/* The X window id of the one visible window titled title_regex. */
static gulong
window_id (const char *title_regex)
{
  const char *argv[] = { "xdotool", "search", "--onlyvisible", "--name", title_regex, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, NULL, &error);
  g_assert_no_error (error);
  return strtoul (out, NULL, 10);
}

/* A file that is no game (README.md) from the command line: one window, and on it (transient
 * for it) a dialog titled "Cannot open “README.md”"; before, the dialog had no title and lay
 * under a second, empty-looking window. */
static void
test_open_not_a_game (void)
{
  g_autoptr(GDBusConnection) bus = session_bus ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autofree char *readme = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "README.md", NULL);
  const char *args[] = { readme, NULL };
  g_autofree char *err = NULL;
  g_autofree char *command = NULL;
  g_autofree char *out = NULL;
  g_autofree char *parent = NULL;
  g_autoptr(GError) error = NULL;

  proc = launch (bus, args, 1, &err);
  wait_for_windows ("^Cannot open “README.md”$", 1);
  g_assert_cmpuint (count_windows (GAME_WINDOW), ==, 1);
  command = g_strdup_printf ("xprop -id %lu WM_TRANSIENT_FOR", window_id ("^Cannot open “README.md”$"));
  g_spawn_command_line_sync (command, &out, NULL, NULL, &error);
  g_assert_no_error (error);
  parent = g_strdup_printf ("# 0x%lx", window_id (GAME_WINDOW));
  g_assert_nonnull (strstr (out, parent));
  quit (bus, proc, &err);
}

static void
test_unknown_variant (void)
{
  const char *args[] = { "--variant", "chaturanga-5d", NULL };
  g_autofree char *err = NULL;

  g_assert_cmpint (run_tessera (args, &err), ==, 2);
  g_assert_nonnull (strstr (err, "unknown variant “chaturanga-5d”"));
  g_assert_nonnull (strstr (err, "raumschach"));
  g_assert_cmpuint (count_windows (GAME_WINDOW), ==, 0);
}

static void
test_missing_file (void)
{
  g_autofree char *missing = g_build_filename (g_get_tmp_dir (), "tessera-no-such-game.xml", NULL);
  const char *args[] = { missing, NULL };
  g_autofree char *err = NULL;

  g_assert_cmpint (run_tessera (args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "cannot open"));
  g_assert_nonnull (strstr (err, "tessera-no-such-game.xml"));
}

static void
test_variant_and_file (void)
{
  const char *args[] = { "--variant", "raumschach", "game.xml", NULL };
  g_autofree char *err = NULL;

  g_assert_cmpint (run_tessera (args, &err), ==, 2);
  g_assert_nonnull (strstr (err, "not both"));
}

static void
test_version (void)
{
  const char *argv[] = { app_path (), "--version", NULL };
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;

  proc = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 0);
  g_assert_true (g_str_has_prefix (out, "tessera "));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/smoke/window-actions-quit", test_window_actions_quit);
  g_test_add_func ("/smoke/open-file", test_open_file);
  g_test_add_func ("/smoke/open-not-a-game", test_open_not_a_game);
  g_test_add_func ("/smoke/unknown-variant", test_unknown_variant);
  g_test_add_func ("/smoke/missing-file", test_missing_file);
  g_test_add_func ("/smoke/variant-and-file", test_variant_and_file);
  g_test_add_func ("/smoke/version", test_version);

  return g_test_run ();
}
