// The test bundle's process settings (settings.c); nothing to call: the library acts when it is loaded.
#ifndef IAPCAT_C_TEST_SETTINGS_H
#define IAPCAT_C_TEST_SETTINGS_H

/// Nonzero once the settings were applied (always, once the test bundle is loaded).
int iapcat_test_settings_applied(void);

#endif
