#!/usr/bin/env bash
# Against the fake App Store Connect on loopback (not part of `swift test`):
#   Benchmarks/asc.sh [products=1000]      requests per product of `asc apply` on an empty app and
#                                          of `asc plan` again, and the time of planning alone
#   Benchmarks/asc.sh --plan [products=10000]
#                                          planning alone for an empty app (every product created),
#                                          network excluded; with IAPCAT_ASC_PLAN_OUT=FILE also as JSON
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --plan ]; then
  IAPCAT_ASC_BENCHMARK=1 IAPCAT_ASC_PRODUCTS="${2:-10000}" \
      swift test -c release -Xswiftc -enable-testing --filter 'ASCBenchmarkTests/planning' 2>&1 | sed -n '/^asc plan benchmark:/,/^| planning/p'
else
  IAPCAT_ASC_BENCHMARK=1 IAPCAT_ASC_PRODUCTS="${1:-1000}" \
      swift test -c release -Xswiftc -enable-testing --filter 'ASCBenchmarkTests/thousand' 2>&1 | sed -n '/^asc benchmark:/,/^| planning alone/p'
fi
