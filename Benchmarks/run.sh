#!/usr/bin/env bash
# All on-demand benchmarks of issue-5 scope in one run, each timed against its reference in the
# same run (best of RUNS wall times), with peak memory; prints a table and writes BENCHMARKS.md.
#   1. catalog load + validate (PRODUCTS)   vs a C program pulling libyaml's events from the file
#   2. plist parse (100,000 identifiers)     vs xmllint --noout
#   3. lint end to end (catalog + plist + v1 + v2) vs the sum of 1's and 2's references
#   4. export --format v2 and bulk-xml (10,000 products, App Store Connect's limit per app)
#                                            vs reading their output (python's C json, xmllint --noout)
# Usage: Benchmarks/run.sh [PRODUCTS=50000] [RUNS=3]      (Benchmarks/serve.sh covers serving)
set -euo pipefail
cd "$(dirname "$0")/.."
products=${1:-50000}
runs=${2:-3}
work=$(pwd)/.build/bench/run
rm -rf "$work" && mkdir -p "$work"

command -v xmllint >/dev/null || scripts/bootstrap
swift build -c release --product iapcat >&2
iapcat=$(swift build -c release --show-bin-path)/iapcat
cc -O2 -o "$work/yaml_events" Benchmarks/yaml_events.c $(pkg-config --cflags --libs yaml-0.1)
python3 scripts/generate-catalog.py --products "$products" --seed 1 --out "$work/big" >&2
python3 scripts/generate-catalog.py --products 10000 --seed 1 --out "$work/10k" >&2
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
text = open(f"{work}/big/catalog.yaml", encoding="utf-8").read()
open(f"{work}/big/catalog-only.yaml", "w", encoding="utf-8").write(text[: text.index("\nlists:") + 1])
ids = "".join(f"\t<string>com.example.bench.item{n}</string>\n" for n in range(100_000))
open(f"{work}/ids-100k.plist", "w").write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
    '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<array>\n' + ids + "</array>\n</plist>\n")
open(f"{work}/tiny.yaml", "w").write("format_version: 1\napp: { bundle_id: com.example.bench }\nproducts: []\n")
PY

# measure COMMAND…: "seconds peak-KiB", best wall time of $runs runs (peak memory of that run).
measure() {
  local best="" memory=""
  for _ in $(seq "$runs"); do
    local out
    /usr/bin/time -o "$work/time.txt" -f "%e %M" "$@" >/dev/null 2>&1 || true  # lint of >10,000 products exits 1
    out=$(tail -1 "$work/time.txt")
    local seconds=${out% *} kib=${out#* }
    if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $seconds < $best else 1)"; then best=$seconds; memory=$kib; fi
  done
  echo "$best $memory"
}

read -r yaml_s yaml_m <<<"$(measure "$work/yaml_events" "$work/big/catalog.yaml")"
read -r load_s load_m <<<"$(measure "$iapcat" lint --catalog "$work/big/catalog-only.yaml")"
read -r xmllint_s xmllint_m <<<"$(measure xmllint --noout "$work/ids-100k.plist")"
read -r plist_s plist_m <<<"$(measure "$iapcat" lint --catalog "$work/tiny.yaml" --environment sandbox --disable unknown_product_id "$work/ids-100k.plist")"
read -r lint_s lint_m <<<"$(measure "$iapcat" lint --catalog "$work/big/catalog.yaml")"
read -r export_s export_m <<<"$(measure "$iapcat" export --catalog "$work/10k/catalog.yaml" --format v2 --environment sandbox -o "$work/10k/v2.json")"
read -r json_s json_m <<<"$(measure python3 -c "import json; json.load(open('$work/10k/v2.json'))")"
read -r bulk_s bulk_m <<<"$(measure bash -c "rm -rf '$work/pkg' && mkdir '$work/pkg' && '$iapcat' bulk-xml --catalog '$work/10k/catalog.yaml' -o '$work/pkg/GEN.itmsp' --provider Bench")"
read -r xmlread_s xmlread_m <<<"$(measure bash -c "xmllint --noout '$work'/pkg/*.itmsp/metadata.xml")"

catalog_mb=$(python3 -c "import os; print(round(os.path.getsize('$work/big/catalog.yaml')/1e6, 1))")
ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }
table=$(cat <<TABLE
| benchmark | iapcat s | peak MiB | reference | reference s | ratio | target |
|---|---|---|---|---|---|---|
| 1. load + validate, $products products ($catalog_mb MB) | $load_s | $((load_m / 1024)) | libyaml events | $yaml_s | $(ratio "$load_s" "$yaml_s") | ≤ 1.5 |
| 2. plist parse, 100,000 ids | $plist_s | $((plist_m / 1024)) | xmllint --noout | $xmllint_s | $(ratio "$plist_s" "$xmllint_s") | ≤ 1.5 |
| 3. lint: catalog + plist + v1 + v2 | $lint_s | $((lint_m / 1024)) | 1 + 2 references | $(python3 -c "print(round($yaml_s+$xmllint_s, 2))") | $(ratio "$lint_s" "$yaml_s+$xmllint_s") | ≤ 2 |
| 4a. export v2, 10,000 products | $export_s | $((export_m / 1024)) | json.load of it | $json_s | $(ratio "$export_s" "$json_s") | ≤ 2 |
| 4b. bulk-xml, 10,000 products (10 packages) | $bulk_s | $((bulk_m / 1024)) | xmllint --noout of them | $xmlread_s | $(ratio "$bulk_s" "$xmlread_s") | ≤ 2 |
TABLE
)
echo "$table"
{
  echo "# Benchmarks"
  echo
  echo "Written by \`Benchmarks/run.sh $products $runs\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)."
  echo "Best wall time of $runs runs each; peak memory is the maximum resident set of that run. Serving: README, \`Benchmarks/serve.sh\`."
  echo
  echo "$table"
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md" >&2
