#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_APPLICATION (tessera_application_get_type ())
G_DECLARE_FINAL_TYPE (TesseraApplication, tessera_application, TESSERA, APPLICATION, AdwApplication)

TesseraApplication *tessera_application_new          (void);
GSettings          *tessera_application_get_settings (TesseraApplication *self);

G_END_DECLS
