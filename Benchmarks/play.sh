#!/usr/bin/env bash
# Against the fake Play Developer API on loopback (not part of `swift test`):
#   Benchmarks/play.sh [products=1000]     requests per product of `play apply` on an empty app, of
#                                          reading the app again, and the time of planning against
#                                          what was read, as a ratio of the read measured in the same run
set -euo pipefail
cd "$(dirname "$0")/.."
IAPCAT_PLAY_BENCHMARK=1 IAPCAT_PLAY_PRODUCTS="${1:-1000}" \
    swift test -c release -Xswiftc -enable-testing --filter 'PlayBenchmarkTests' 2>&1 | sed -n '/^play benchmark:/,/^| plan scoped to 10/p'
