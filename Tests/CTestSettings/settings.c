// Settings of the test process that must be in place before Swift Testing starts, so they are made
// by a constructor: it runs when the test bundle is loaded, before `main`.
//
// Swift Testing captures a backtrace for every Swift error thrown anywhere in the process
// (swift_willThrow), to say where an error a test did not catch came from. Decoding JSON through
// Codable throws on every type it tries (a value the fakes decode may be tried as Bool, Int,
// Double, String and array first), and each capture unwinds the stack: measured on the example
// catalog's apply against the fake App Store Connect, 4.29 s of CPU with capture and 1.53 s
// without. Capture is off unless the variable is already set, so
// `SWT_SWIFT_ERROR_BACKTRACING_ENABLED=1 swift test` brings it back when a failure needs it.
#include <stdlib.h>
#include "CTestSettings.h"

static int applied = 0;

__attribute__((constructor)) static void iapcat_apply_test_settings(void) {
    setenv("SWT_SWIFT_ERROR_BACKTRACING_ENABLED", "0", 0);
    applied = 1;
}

int iapcat_test_settings_applied(void) { return applied; }
