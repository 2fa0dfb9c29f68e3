#!/usr/bin/env bash
# Builds the libFuzzer binary through SwiftPM — the opt-in executable target IAPCatalogFuzz
# (Fuzz/FuzzTarget.swift), which Package.swift declares only when IAPCAT_FUZZ=1; it and IAPCatalog
# are compiled with -sanitize=fuzzer,address, in release mode, in the scratch path .build-fuzz —
# and fuzzes each reader for SECONDS, starting from a seed corpus made of the repository's
# fixtures. Findings (crashes, leaks, timeouts, out-of-memory) land in .build/fuzz/findings/TARGET/
# and make the script exit 1; turn each into a regression test. The corpora stay in
# .build/fuzz/corpus/TARGET/ between runs. Linux only (libFuzzer ships with the Linux toolchains).
# Usage: Fuzz/run.sh [SECONDS=600] [TARGET…]      targets: catalog plist json storekit bulkxml api play report
#                                                  pagequery plan postgres
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(catalog plist json storekit bulkxml api play report pagequery plan postgres)
work=.build/fuzz
mkdir -p "$work"

# SwiftPM rebuilds only what changed. Its output goes to build.log (shown when the build fails).
scratch=.build-fuzz
build=(swift build -c release --scratch-path "$scratch" --product IAPCatalogFuzz)
echo "building IAPCatalogFuzz (IAPCAT_FUZZ=1 ${build[*]})" >&2
IAPCAT_FUZZ=1 "${build[@]}" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 2; }
binary=$(IAPCAT_FUZZ=1 "${build[@]}" --show-bin-path)/IAPCatalogFuzz
[ -x "$binary" ] || { echo "no fuzzing binary at $binary" >&2; exit 2; }
# A Swift runtime failure (precondition, trap) must reach libFuzzer's crash handler at once, not
# start the toolchain's interactive backtracer, which can hold the run for a long time.
export SWIFT_BACKTRACE=enable=no

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
    json) seed "$corpus" -name '*.json' ;;
    storekit) seed "$corpus" -name '*.storekit' ;;
    bulkxml) seed "$corpus" -name 'metadata.xml' -o -name '*.xml' ;;
    api) cp -n Fuzz/seeds/api/* "$corpus"/ ;;  # App Store Connect answers, NUL-separated
    play) cp -n Fuzz/seeds/play/* "$corpus"/ ;;  # Google Play answers, NUL-separated
    report) cp -n Fuzz/seeds/report/* Tests/FieldReportsTests/Fixtures/reports/* "$corpus"/ ;;  # report bodies, some gzip
    pagequery) cp -n Fuzz/seeds/pagequery/* "$corpus"/ ;;  # the page's query strings
    plan) seed "$corpus" -name '*plan*.json' ; cp -n Fuzz/seeds/plan/* "$corpus"/ ;;  # saved plan files
    postgres) cp -n Fuzz/seeds/postgres/* "$corpus"/ ;;  # a URL, NUL, a pass file
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
