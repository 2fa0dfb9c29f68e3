#!/usr/bin/env bash
# The on-demand benchmarks in one run, each timed against its reference in the
# same run (best of RUNS alternating runs), with peak memory; prints a table and writes BENCHMARKS.md.
#   1. catalog load + validate (PRODUCTS)   vs a C program pulling libyaml's events from the file
#   2. plist parse (100,000 identifiers)     vs xmllint --noout
#   3. lint end to end (catalog + plist + v1 + v2) vs the sum of 1's and 2's references
#   4. export --format v2 and bulk-xml (10,000 products, App Store Connect's limit per app)
#                                            vs reading their output (python's C json, xmllint --noout)
#   6. export --format storekit (10,000 products) vs python's C json reading it
#   7. lint of that .storekit file against the catalog (drift) vs libyaml events of the catalog
#                                            + python's C json reading the .storekit file
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
"$iapcat" generate --products "$products" --seed 1 --out "$work/big" >&2
"$iapcat" generate --products 10000 --seed 1 --out "$work/10k" >&2
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

# Let the generated files reach the disk before timing: write-back competes for the CPU.
sync

# compare NAME REFERENCE_COMMAND -- IAPCAT_COMMAND: runs the two alternately $runs times (this
# machine's neighbours come and go: alternating exposes both to the same noise) and sets
# NAME_ref / NAME_ref_mib / NAME_s / NAME_mib to the best wall times and their peak memory.
compare() {
  local name=$1; shift
  local reference=() iapcat_command=()
  while [ "$1" != "--" ]; do reference+=("$1"); shift; done
  shift
  iapcat_command=("$@")
  local best_ref="" mem_ref="" best="" mem=""
  for _ in $(seq "$runs"); do
    for side in ref iapcat; do
      if [ $side = ref ]; then
        /usr/bin/time -o "$work/time.txt" -f "%e %M" "${reference[@]}" >/dev/null 2>&1 || true
      else
        # lint of more than 10,000 products exits 1 (product_limit), as it should
        /usr/bin/time -o "$work/time.txt" -f "%e %M" "${iapcat_command[@]}" >/dev/null 2>&1 || true
      fi
      local out seconds kib
      out=$(tail -1 "$work/time.txt"); seconds=${out% *}; kib=${out#* }
      if [ $side = ref ]; then
        if [ -z "$best_ref" ] || python3 -c "import sys; sys.exit(0 if $seconds < $best_ref else 1)"; then best_ref=$seconds; mem_ref=$kib; fi
      else
        if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $seconds < $best else 1)"; then best=$seconds; mem=$kib; fi
      fi
    done
  done
  printf -v "${name}_ref" '%s' "$best_ref"; printf -v "${name}_ref_mib" '%s' "$((mem_ref / 1024))"
  printf -v "${name}_s" '%s' "$best"; printf -v "${name}_mib" '%s' "$((mem / 1024))"
}

big=$work/big
compare load "$work/yaml_events" "$big/catalog-only.yaml" -- "$iapcat" lint --catalog "$big/catalog-only.yaml"
compare plist xmllint --noout "$work/ids-100k.plist" -- \
  "$iapcat" lint --catalog "$work/tiny.yaml" --environment sandbox --disable unknown_product_id "$work/ids-100k.plist"
compare lint bash -c "'$work/yaml_events' '$big/catalog.yaml' >/dev/null && xmllint --noout '$work/ids-100k.plist'" -- \
  "$iapcat" lint --catalog "$big/catalog.yaml"
"$iapcat" export --catalog "$work/10k/catalog.yaml" --format v2 --environment sandbox -o "$work/10k/v2.json" 2>/dev/null
compare export python3 -c "import json; json.load(open('$work/10k/v2.json'))" -- \
  "$iapcat" export --catalog "$work/10k/catalog.yaml" --format v2 --environment sandbox -o "$work/10k/v2.json"
rm -rf "$work/pkg" && mkdir "$work/pkg" && "$iapcat" bulk-xml --catalog "$work/10k/catalog.yaml" -o "$work/pkg/GEN.itmsp" --provider Bench 2>/dev/null
compare bulk bash -c "xmllint --noout '$work'/pkg/*.itmsp/metadata.xml" -- \
  bash -c "rm -rf '$work/pkg' && mkdir '$work/pkg' && '$iapcat' bulk-xml --catalog '$work/10k/catalog.yaml' -o '$work/pkg/GEN.itmsp' --provider Bench"

"$iapcat" export --catalog "$work/10k/catalog.yaml" --format storekit -o "$work/10k/Products.storekit" 2>/dev/null
compare storekit python3 -c "import json; json.load(open('$work/10k/Products.storekit'))" -- \
  "$iapcat" export --catalog "$work/10k/catalog.yaml" --format storekit -o "$work/10k/Products.storekit"
compare drift bash -c "'$work/yaml_events' '$work/10k/catalog.yaml' >/dev/null && python3 -c \"import json; json.load(open('$work/10k/Products.storekit'))\"" -- \
  "$iapcat" lint --catalog "$work/10k/catalog.yaml" "$work/10k/Products.storekit"

catalog_mb=$(python3 -c "import os; print(round(os.path.getsize('$work/big/catalog.yaml')/1e6, 1))")
ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }
catalog_mib=$(python3 -c "import os; print(round(os.path.getsize('$work/big/catalog-only.yaml')/2**20))")
table=$(cat <<TABLE
| benchmark | iapcat s | peak MiB | reference | reference s | ratio | target |
|---|---|---|---|---|---|---|
| 1. load + validate, $products products ($catalog_mb MB) | $load_s | $load_mib | libyaml events | $load_ref | $(ratio "$load_s" "$load_ref") | ≤ 1.5 |
| 2. plist parse + check, 100,000 ids | $plist_s | $plist_mib | xmllint --noout | $plist_ref | $(ratio "$plist_s" "$plist_ref") | ≤ 1.5 |
| 3. lint: catalog + plist + v1 + v2 | $lint_s | $lint_mib | 1 + 2 references | $lint_ref | $(ratio "$lint_s" "$lint_ref") | ≤ 2 |
| 4a. export v2, 10,000 products | $export_s | $export_mib | json.load of it | $export_ref | $(ratio "$export_s" "$export_ref") | ≤ 2 |
| 4b. bulk-xml, 10,000 products (10 packages) | $bulk_s | $bulk_mib | xmllint --noout of them | $bulk_ref | $(ratio "$bulk_s" "$bulk_ref") | ≤ 2 |
| 5. peak memory of 1 / catalog size | $load_mib MiB | | catalog | $catalog_mib MiB | $(ratio "$load_mib" "$catalog_mib") | ≤ 4 |
| 6. export --format storekit, 10,000 products | $storekit_s | $storekit_mib | json.load of it | $storekit_ref | $(ratio "$storekit_s" "$storekit_ref") | ≤ 2 |
| 7. lint a .storekit file (drift), 10,000 products | $drift_s | $drift_mib | libyaml events + json.load | $drift_ref | $(ratio "$drift_s" "$drift_ref") | ≤ 2 |
TABLE
)
echo "$table"
{
  echo "# Benchmarks"
  echo
  echo "Written by \`Benchmarks/run.sh $products $runs\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)."
  echo "Best wall time of $runs alternating runs of iapcat and its reference; peak memory is the maximum"
  echo "resident set of that run. Export and bulk XML use 10,000 products, App Store Connect's limit per app"
  echo "(a bigger catalog is refused with \`product_limit\` before anything is written). Serving: docs/serving.md,"
  echo "\`Benchmarks/serve.sh\`."
  echo
  echo "$table"
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md" >&2
