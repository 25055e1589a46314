/* tessera: the GTK application. Everything but main() lives in ui/. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "tessera-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TesseraApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* TESSERA_LOCALEDIR: the translations of a build tree (set by `meson devenv`). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TESSERA_LOCALEDIR") ? g_getenv ("TESSERA_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tessera_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
