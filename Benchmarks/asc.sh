#!/usr/bin/env bash
# Requests per product of `asc apply` and `asc plan` for N products (default 1,000) against the
# fake App Store Connect on loopback, and the time of planning alone. Not part of `swift test`.
#   Benchmarks/asc.sh [products]
set -euo pipefail
cd "$(dirname "$0")/.."
IAPCAT_ASC_BENCHMARK=1 IAPCAT_ASC_PRODUCTS="${1:-1000}" \
    swift test -c release -Xswiftc -enable-testing --filter ASCBenchmarkTests 2>&1 | sed -n '/^asc benchmark:/,/^| planning alone/p'
