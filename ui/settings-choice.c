/* A GSettings key of nicks shown as the selected item of a list (drop-down, combo row). */
#include "settings-choice.h"

static gboolean
nick_to_index (GValue *value, GVariant *variant, gpointer nicks)
{
  const char *const *list = nicks;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; list[i]; i++)
    if (g_str_equal (list[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_nick (const GValue *value, const GVariantType *type, gpointer nicks)
{
  const char *const *list = nicks;
  guint i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **) list))
    return NULL;
  return g_variant_new_string (list[i]);
}

void
ts_settings_bind_choice (GSettings         *settings,
                         const char        *key,
                         gpointer           object,
                         const char        *property,
                         const char *const *nicks)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (G_IS_OBJECT (object));

  g_settings_bind_with_mapping (settings, key, object, property, G_SETTINGS_BIND_DEFAULT,
                                nick_to_index, index_to_nick, (gpointer) nicks, NULL);
}
