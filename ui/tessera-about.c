/* The About window; the release notes come from the metainfo in the GResource. */
#include "config.h"

#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "tessera-about.h"

#define METAINFO_RESOURCE "/io/github/tessera/Tessera/metainfo.xml"

/* The text of a <p> or <li> as gettext's ITS rules extract it: white space collapsed. */
static char *
normalized_text (xmlNode *node)
{
  xmlChar *content = xmlNodeGetContent (node);
  g_auto(GStrv) words = g_strsplit_set ((const char *) content, " \t\n\r", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  xmlFree (content);
  for (guint i = 0; words[i]; i++)
    if (*words[i])
      g_string_append_printf (out, "%s%s", out->len ? " " : "", words[i]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
append_element (GString *markup, xmlNode *node)
{
  const char *name = (const char *) node->name;

  if (g_str_equal (name, "p") || g_str_equal (name, "li"))
    {
      g_autofree char *text = normalized_text (node);
      g_autofree char *escaped = g_markup_escape_text (_(text), -1);

      g_string_append_printf (markup, "<%s>%s</%s>", name, escaped, name);
    }
  else if (g_str_equal (name, "ul") || g_str_equal (name, "ol"))
    {
      g_string_append_printf (markup, "<%s>", name);
      for (xmlNode *c = node->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && g_str_equal ((const char *) c->name, "li"))
          append_element (markup, c);
      g_string_append_printf (markup, "</%s>", name);
    }
}

static xmlNode *
child_element (xmlNode *node, const char *name)
{
  for (xmlNode *c = node ? node->children : NULL; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE && g_str_equal ((const char *) c->name, name))
      return c;
  return NULL;
}

char *
tessera_release_notes (const char *metainfo, gsize length, char **version)
{
  xmlDoc *doc;
  xmlNode *release, *description;
  GString *markup = NULL;

  g_return_val_if_fail (metainfo != NULL, NULL);

  if (version)
    *version = NULL;
  doc = xmlReadMemory (metainfo, (int) MIN (length, G_MAXINT), "metainfo.xml", NULL,
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == NULL)
    return NULL;
  release = child_element (child_element (xmlDocGetRootElement (doc), "releases"), "release");
  description = child_element (release, "description");
  if (description != NULL)
    {
      xmlChar *v = xmlGetProp (release, (const xmlChar *) "version");

      markup = g_string_new (NULL);
      for (xmlNode *c = description->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
          append_element (markup, c);
      if (version && v)
        *version = g_strdup ((const char *) v);
      xmlFree (v);
    }
  xmlFreeDoc (doc);
  return markup ? g_string_free (markup, FALSE) : NULL;
}

GtkWidget *
tessera_about_window_new (GtkWindow *parent)
{
  static const char *developers[] = { "The Tessera developers", NULL };
  g_autoptr(GBytes) metainfo = g_resources_lookup_data (METAINFO_RESOURCE, 0, NULL);
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());
  /* Translators: replace with your names, one per line. */
  const char *translators = _("translator-credits");

  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  /* what window lists show; libadwaita's own title is a bare "About" */
  gtk_window_set_title (GTK_WINDOW (about), _("About Tessera"));
  adw_about_window_set_application_name (about, _("Tessera"));
  adw_about_window_set_application_icon (about, APP_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_comments (about, _("Chess in three and four dimensions"));
  adw_about_window_set_developer_name (about, "The Tessera developers");
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_copyright (about, "© 2026 The Tessera developers");
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_website (about, "https://github.com/tessera/tessera");
  adw_about_window_set_issue_url (about, "https://github.com/tessera/tessera/issues");
  adw_about_window_add_link (about, _("_Documentation"),
                             "https://github.com/tessera/tessera/tree/main/docs");
  /* untranslated: no "Translated by" section */
  if (!g_str_equal (translators, "translator-credits"))
    adw_about_window_set_translator_credits (about, translators);
  if (metainfo != NULL)
    {
      g_autofree char *version = NULL;
      g_autofree char *notes = tessera_release_notes (g_bytes_get_data (metainfo, NULL),
                                                      g_bytes_get_size (metainfo), &version);

      if (notes != NULL)
        {
          adw_about_window_set_release_notes_version (about, version);
          adw_about_window_set_release_notes (about, notes);
        }
    }
  return GTK_WIDGET (about);
}
