#!/usr/bin/env bash
# The batch benchmarks (not part of `swift test`), each against a reference measured in the same run:
#   1. catalog load + validate (PRODUCTS)      vs a C program pulling libyaml's events from the file
#   2. plist parse + check (100,000 ids)        vs xmllint --noout
#   3. lint end to end (catalog + plist + v1 + v2 of PRODUCTS)
#                                               vs libyaml events + xmllint + python's C json of the lists
#   4. export --format v2 (10,000 products)     vs python's C json reading the output
#   5. bulk-xml (10,000 products)               vs xmllint --schema schemas/bulk-iap.xsd of the packages
#   6. reading products_v2.json of PRODUCTS     vs python's C json; 9. its peak memory vs the file's size
#   7. export --format storekit (10,000)        vs python's C json reading it
#   8. lint of that .storekit file (drift)      vs libyaml events of the catalog + python's C json
#  10. asc plan of 10,000 products, planning alone (network excluded), against an absolute budget
# plus a growth table: every input format at three sizes, one entry per line and minified.
# Wall-clock: median and min-max of RUNS alternating runs; instructions: valgrind --tool=callgrind.
# Writes BENCHMARKS.md (keeping the section Benchmarks/serve.sh writes).
# Usage: Benchmarks/run.sh [PRODUCTS=50000] [RUNS=5]
#   INSTRUCTIONS=0 skips the instruction counts (callgrind takes a few minutes), SIZES=0 the growth
#   table, ASC=0 the asc plan row (it builds the test targets in release mode, ~10 minutes the first time).
set -euo pipefail
cd "$(dirname "$0")/.."
products=${1:-50000}
runs=${2:-5}
work=$(pwd)/.build/bench/run
rm -rf "$work" && mkdir -p "$work"

command -v xmllint >/dev/null || scripts/bootstrap --tests
if ! command -v valgrind >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq valgrind >&2
fi
python3 -c "import yaml; yaml.CSafeLoader" 2>/dev/null || python3 -m pip install -q pyyaml >&2
# The binary users install (docs/install.md): release, with the Swift standard library linked in
# statically, which also starts faster than the dynamically linked build (about 24 M instructions
# before main instead of 37 M). A copy: a rebuild while the benchmarks run must not change it.
scripts/build-release --out "$work/iapcat" >&2
iapcat=$work/iapcat
cc -O2 -o "$work/yaml_events" Benchmarks/yaml_events.c $(pkg-config --cflags --libs yaml-0.1)

asc_args=()
if [ "${ASC:-1}" != 0 ]; then
  IAPCAT_ASC_PLAN_OUT="$work/asc.json" Benchmarks/asc.sh --plan 10000 >&2
  asc_args=(--asc "$work/asc.json")
fi

python3 Benchmarks/bench.py --iapcat "$iapcat" --yaml-events "$work/yaml_events" --work "$work" \
  --products "$products" --runs "$runs" --instructions "${INSTRUCTIONS:-1}" --sizes "${SIZES:-1}" "${asc_args[@]}" \
  --command "Benchmarks/run.sh $products $runs" \
  --machine "$(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)" --out BENCHMARKS.md
