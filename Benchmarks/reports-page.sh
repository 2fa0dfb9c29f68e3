#!/usr/bin/env bash
# What the reports page costs the server that serves the lists (not part of `swift test`): a SQLite
# reports database of ROWS rows of junk over the page's 30 days — the worst the per-day bounds
# allow is about 20,000 rows a day, 600,000 in all; more is what replicas sharing a PostgreSQL
# database, or a bound raised, could hold — 200 unknown ids a day, 100 app versions, 20 statuses,
# then `iapcat serve --reports-token-file` on it:
#   - the time to the first page, and the server's peak and resident memory (VmHWM, VmRSS) then;
#   - its CPU per second while nothing arrives (the page is read again once a minute), over IDLE s.
# Usage: Benchmarks/reports-page.sh [ROWS=1000000] [IDLE=120]
#   IAPCAT=/path/to/iapcat measures that binary instead of a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000000}
idle=${2:-120}
work=$(pwd)/.build/bench/reports-page
rm -rf "$work" && mkdir -p "$work"
command -v sqlite3 >/dev/null || { sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"; $sudo apt-get install -y -qq sqlite3 >&2; }
if [ -n "${IAPCAT:-}" ]; then
  iapcat=$IAPCAT
else
  swift build -c release --product iapcat >&2
  iapcat=$(swift build -c release --show-bin-path)/iapcat
fi

today=$(( $(date -u +%s) / 86400 ))
sqlite3 "$work/reports.sqlite" <<SQL
PRAGMA journal_mode=WAL;
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (2);
CREATE TABLE report_counts (day INTEGER NOT NULL, app_version TEXT NOT NULL, store TEXT NOT NULL, environment TEXT NOT NULL, storefront TEXT NOT NULL, storefront_raw TEXT NOT NULL, list TEXT NOT NULL, reports INTEGER NOT NULL, all_missing INTEGER NOT NULL, first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL, PRIMARY KEY (day, app_version, store, environment, storefront, storefront_raw, list)) WITHOUT ROWID;
CREATE TABLE missing_counts (day INTEGER NOT NULL, app_version TEXT NOT NULL, store TEXT NOT NULL, environment TEXT NOT NULL, storefront TEXT NOT NULL, storefront_raw TEXT NOT NULL, list TEXT NOT NULL, product_id TEXT NOT NULL, status TEXT NOT NULL, count INTEGER NOT NULL, first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL, all_missing INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (day, app_version, store, environment, storefront, storefront_raw, list, product_id, status)) WITHOUT ROWID;
CREATE TABLE seen_reports (report_id TEXT NOT NULL, day INTEGER NOT NULL, PRIMARY KEY (report_id)) WITHOUT ROWID;
-- Row i: day i % 30; within its day, j = i / 30 walks 200 ids, then 100 app versions, then storefronts.
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $rows - 1)
INSERT INTO missing_counts
SELECT $today - (i % 30), '9.' || ((i / 30 / 200) % 100), 'google_play',
       CASE (i / 30) % 4 WHEN 0 THEN 'production' WHEN 1 THEN 'sandbox' WHEN 2 THEN 'xcode' ELSE 'unknown' END,
       char(65 + (i / 30 / 20000) % 26, 65 + (i / 30 / 20000 / 26) % 26), char(65 + (i / 30 / 20000) % 26, 65 + (i / 30 / 20000 / 26) % 26),
       'products_v2.json', 'junk.' || ((i % 30) * 200 + (i / 30) % 200), 'x' || ((i / 30) % 20), 1 + i % 7,
       ($today - (i % 30)) * 86400 + 3600, ($today - (i % 30)) * 86400 + 7200, 0
FROM n;
INSERT INTO report_counts
SELECT day, app_version, store, environment, storefront, storefront_raw, list, sum(count), 0, min(first_seen), max(last_seen)
FROM missing_counts GROUP BY day, app_version, store, environment, storefront, storefront_raw, list;
SQL
count=$(sqlite3 "$work/reports.sqlite" 'SELECT (SELECT count(*) FROM missing_counts) + (SELECT count(*) FROM report_counts)')
ids=$(sqlite3 "$work/reports.sqlite" 'SELECT count(DISTINCT product_id) FROM missing_counts')
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$work/token"
port=18492
start=$(date +%s.%N)
"$iapcat" serve --catalog catalogs/example.yaml --port $port --reports-db "$work/reports.sqlite" \
  --reports-token-file "$work/token" 2>"$work/serve.log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
until curl -sf -o "$work/page.html" -H "Authorization: Bearer $(cat "$work/token")" "http://127.0.0.1:$port/reports" &&
  grep -q 'class="finding"\|class="incident"' "$work/page.html"; do sleep 0.5; done
first=$(echo "$(date +%s.%N) - $start" | bc)
status() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$server/status"; }
ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
hwm=$(status VmHWM) rss=$(status VmRSS)
before=$(ticks); sleep "$idle"; after=$(ticks)
hz=$(getconf CLK_TCK)
echo "reports page: $count rows ($ids ids) over 30 days; first page after ${first%.*} s ($(wc -c <"$work/page.html") bytes);" \
  "peak resident memory ${hwm} KiB, resident ${rss} KiB then, $(status VmRSS) KiB after ${idle} s idle;" \
  "idle CPU $(echo "scale=1; 100 * ($after - $before) / $hz / $idle" | bc)% of a core over ${idle} s (a read a minute)"
