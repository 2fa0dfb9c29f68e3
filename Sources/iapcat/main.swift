// The iapcat executable. Every command lives in the IAPCatCLI library (docs/architecture.md),
// which the tests also run in process; this file only starts it on the process's console.
import IAPCatCLI

await CommandLineTool.main()
