#!/usr/bin/env bash
# On-demand micro-benchmark of the report decoder (not part of `swift test`): builds, in release
# mode, a throwaway package in .build/bench/report-decode of the decoder's sources
# (Sources/FieldReports/Contract), IAPCatalog's JSON parser for comparison, and
# Benchmarks/report_decode.swift, then runs it: CPU µs per decode of a realistic report against
# JSONValueReader on the same bytes, and the time a gzip bomb, deep nesting and a huge string take
# to be refused. Only those sources are compiled (a minute), not the package's dependencies.
# Usage: Benchmarks/report-decode.sh [ITERATIONS=100000]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$root/.build/bench/report-decode
rm -rf "$work/Sources" && mkdir -p "$work/Sources/Bench" "$work/Sources/CZlib"
cp Sources/CZlib/module.modulemap Sources/CZlib/shim.h "$work/Sources/CZlib/"
ln -s "$root"/Sources/FieldReports/Contract/*.swift "$work/Sources/Bench/"
# JSONValueReader and what it stands on.
for file in Parsing/JSON/JSONParser Parsing/JSON/JSONValueReader Parsing/DocumentLimits Parsing/ParsedDocument \
  Parsing/ScalarValue Parsing/SourceDocument Parsing/SourceDocumentBuilder Parsing/TextPositions Parsing/UTF8Validation \
  Parsing/StringTrimming Parsing/ByteComparison Model/JSONValue Diagnostics/SourceLocation Diagnostics/RuleID Diagnostics/Severity; do
  ln -s "$root/Sources/IAPCatalog/$file.swift" "$work/Sources/Bench/"
done
ln -s "$root/Benchmarks/report_decode.swift" "$work/Sources/Bench/main.swift"
cat >"$work/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "report-decode",
    targets: [
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .executableTarget(name: "Bench", dependencies: ["CZlib"]),
    ]
)
SWIFT
head -c 10000000 /dev/zero | gzip -9 >"$work/bomb.gz"
swift build -c release --package-path "$work" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 2; }
echo "$(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
"$work/.build/release/Bench" "${1:-100000}" "$work/bomb.gz"
