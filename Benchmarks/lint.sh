#!/usr/bin/env bash
# On-demand lint benchmark (not part of `swift test`): generates a catalog of N products with its
# three lists, then times, best of R runs in one session:
#   - libyaml pulling the catalog's events (the reference),
#   - `iapcat lint` of the catalog alone, and of the catalog with its declared lists,
# and prints each time with its ratio to the reference.
# Usage: Benchmarks/lint.sh [PRODUCTS=50000] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
products=${1:-50000}
runs=${2:-3}
work=${BENCH_DIR:-.build/bench}
mkdir -p "$work"

swift build -c release --product iapcat >&2
cc -O2 -o "$work/yaml_events" Benchmarks/yaml_events.c $(pkg-config --cflags --libs yaml-0.1)
python3 scripts/generate-catalog.py --products "$products" --seed 1 --out "$work/catalog-$products" >&2
catalog="$work/catalog-$products/catalog.yaml"
python3 - "$catalog" "$work/catalog-$products/catalog-only.yaml" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
open(sys.argv[2], "w", encoding="utf-8").write(text[: text.index("\nlists:") + 1])
PY

# best_of COMMAND…: the fastest wall time of $runs runs, in seconds.
best_of() {
  local best=""
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    best=$(python3 -c "import sys; t=float(sys.argv[2])-float(sys.argv[1]); b=sys.argv[3]; print(min(t, float(b)) if b else t)" "$start" "$end" "$best")
  done
  echo "$best"
}

reference=$(best_of "$work/yaml_events" "$catalog")
catalog_only=$(best_of .build/release/iapcat lint --catalog "$work/catalog-$products/catalog-only.yaml")
full=$(best_of .build/release/iapcat lint --catalog "$catalog")
size=$(du -b "$catalog" | cut -f1)
v2=$(du -b "$work/catalog-$products/products_v2.json" | cut -f1)

printf '\n%s products: catalog %.1f MB, products_v2.json %.1f MB; best of %s runs\n' "$products" \
  "$(python3 -c "print($size/1e6)")" "$(python3 -c "print($v2/1e6)")" "$runs"
printf '%-44s %8s %8s\n' "measurement" "seconds" "ratio"
printf '%-44s %8.2f %8s\n' "libyaml events (reference)" "$reference" "1.00"
printf '%-44s %8.2f %8.2f\n' "iapcat lint, catalog alone" "$catalog_only" "$(python3 -c "print($catalog_only/$reference)")"
printf '%-44s %8.2f %8.2f\n' "iapcat lint, catalog + plist + v1 + v2" "$full" "$(python3 -c "print($full/$reference)")"
