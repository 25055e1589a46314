#include "config.h"
#include "version.h"

const char *
ts_version (void)
{
  return PACKAGE_VERSION;
}
