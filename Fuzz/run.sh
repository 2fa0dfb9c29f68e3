#!/usr/bin/env bash
# Builds the libFuzzer binary (all IAPCatalog sources + Fuzz/FuzzTarget.swift, with
# -sanitize=fuzzer,address) and fuzzes each reader for SECONDS, starting from a seed corpus made
# of the repository's fixtures. Findings (crashes, leaks, timeouts, out-of-memory) land in
# .build/fuzz/findings/TARGET/ and make the script exit 1; turn each into a regression test.
# Usage: Fuzz/run.sh [SECONDS=600] [TARGET…]      targets: catalog plist json bulkxml
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(catalog plist json bulkxml)
work=.build/fuzz
mkdir -p "$work"

binary=$work/iapcat-fuzz
if [ ! -x "$binary" ] || [ -n "$(find Sources/IAPCatalog Fuzz -name '*.swift' -newer "$binary" | head -1)" ]; then
  echo "building $binary" >&2
  mapfile -t sources < <(find Sources/IAPCatalog -name '*.swift' | sort)
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name IAPCatalog \
    -I Sources/CYAML -I Sources/CLibXML2 -I Sources/CZlib -I Sources/CFileSystem $(pkg-config --cflags-only-I libxml-2.0) \
    "${sources[@]}" Fuzz/FuzzTarget.swift -o "$binary" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 2; }
fi

# seed CORPUS_DIR PATTERN…: copies matching fixtures (small ones) into a seed corpus.
seed() {
  local directory=$1; shift
  mkdir -p "$directory"
  find catalogs Tests shared/fixtures -type f \( "$@" \) -size -200k -exec cp -n {} "$directory"/ \; 2>/dev/null || true
}

status=0
for target in "${targets[@]}"; do
  corpus=$work/corpus/$target
  findings=$work/findings/$target
  mkdir -p "$corpus" "$findings"
  case $target in
    catalog) seed "$corpus" -name '*.yaml' -o -name '*.yml' ;;
    plist) seed "$corpus" -name '*.plist' ;;
    json) seed "$corpus" -name '*.json' -o -name '*.storekit' ;;
    bulkxml) seed "$corpus" -name 'metadata.xml' -o -name '*.xml' ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
  esac
  echo "fuzzing $target for ${seconds}s ($(ls "$corpus" | wc -l) inputs in the corpus)" >&2
  log=$work/$target.log
  if ! IAPCAT_FUZZ_TARGET=$target "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1; then
    echo "$target: FINDING — see $log and $findings/" >&2
    status=1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  echo "$target: $runs executions, $(ls "$corpus" | wc -l) inputs in the corpus" >&2
done
exit $status
