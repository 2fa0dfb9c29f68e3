#!/usr/bin/env bash
# Field reports storage (not part of `swift test`): reports through the ingest queue
# (ReportWriter) into SQLite and into PostgreSQL (a server the benchmark starts, with fsync and
# synchronous commits on), release build: sustained reports/s, CPU per 100,000 reports (iapcat's
# process; PostgreSQL's own processes apart), and each database's size afterwards. The mix is
# described in Tests/FieldReportsTests/ReportStorageBenchmarkTests.swift.
#   Benchmarks/reports-storage.sh [REPORTS=1000000]
# It builds the test targets in release mode (about 10 minutes the first time). Without
# PostgreSQL installed (scripts/bootstrap --tests installs it) only the SQLite row is measured.
set -euo pipefail
cd "$(dirname "$0")/.."
IAPCAT_REPORTS_BENCHMARK=1 IAPCAT_REPORTS="${1:-1000000}" \
  swift test -c release -Xswiftc -enable-testing --filter 'ReportStorageBenchmarkTests' 2>&1 |
  sed -n '/^reports storage benchmark:/,/^| end of reports storage benchmark/p' | sed '$d'
