#!/usr/bin/env bash
# On-demand benchmark of the report endpoint (not part of `swift test`): `POST /v1/reports` on
# iapcat serve with a reports database against nginx serving products_v2.json, both pinned to one
# core and driven by wrk (one thread, on the other core), alternating, RUNS times.
#
# What it prints:
#   - CPU per accepted report against nginx's CPU per products_v2.json response: each server is
#     held at 100% of its one core by wrk, so the ratio of requests/s is the ratio of CPU per
#     request (the report writer's thread runs on the same core, and so does PostgreSQL, so
#     the database's work is counted too). The issue's goal is at most 2x.
#   - sustained reports/s with SQLite (and PostgreSQL when its binaries are installed), each
#     report a new report_id of a realistic mix: 40 requested ids, 1–3 missing, 12 storefronts,
#     6 app versions, 3 environments, lists v1/v2;
#   - memory (VmRSS) of iapcat before and after MILLION reports, and the database's size after.
# Every response must be 202 (nginx: 200), or the run fails. The table goes to stdout and into
# BENCHMARKS.md between `<!-- reports.sh begin -->` and `<!-- reports.sh end -->`
# (REPORTS_WRITE=0 leaves the file alone).
#
# Usage: Benchmarks/reports.sh [SECONDS=5] [CONNECTIONS=32] [RUNS=3] [MILLION=1000000]
#   IAPCAT=/path/to/iapcat measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-5}
connections=${2:-32}
runs=${3:-3}
million=${4:-1000000}
work=$root/.build/bench/reports
rm -rf "$work" && mkdir -p "$work"

if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null || ! command -v taskset >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light wrk util-linux >&2
fi
if [ -n "${IAPCAT:-}" ]; then
  iapcat=$IAPCAT
else
  scripts/build-release --out "$work/iapcat" >&2
  iapcat=$work/iapcat
fi

cp -r catalogs "$work/example"
catalog=$work/example/example.yaml
mkdir -p "$work/www"
"$iapcat" export --catalog "$catalog" --format v2 -o "$work/www/products_v2.json" 2>/dev/null
bundle=$(awk '/^  bundle_id:|^  bundleId:/ {print $2; exit}' "$catalog" | tr -d '"')
[ -n "$bundle" ] || bundle=$(grep -m1 -E '^\s+bundle_id:' "$catalog" | awk '{print $2}' | tr -d '"')
ids=$(python3 -c "import json,sys; d=json.load(open('$work/www/products_v2.json')); print(' '.join(p['id'] if isinstance(p,dict) else p for p in (d['products'] if isinstance(d,dict) else d)))")

port_nginx=18580
port_iapcat=18581
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  types { application/json json; }
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:$port_nginx; root $work/www; }
}
CONF

# The wrk script: each request a new report_id, from a seeded mix of what real apps send.
cat > "$work/report.lua" <<LUA
local ids = {}
for id in string.gmatch("$ids", "%S+") do ids[#ids + 1] = id end
local storefronts = {"USA","GBR","DEU","FRA","JPN","CAN","AUS","BRA","IND","ITA","ESP","KOR"}
local versions = {"3.0.0","3.0.1","3.1.0","3.1.1","3.2.0","3.2.1"}
local environments = {"production","production","production","production","sandbox","unknown"}
local lists = {"products_v2.json","products_v2.json","products_v1.json"}
local counter = 0
math.randomseed(42)
local requested = {}
for i = 1, 40 do requested[i] = '"' .. ids[((i - 1) % #ids) + 1] .. '"' end
local requestedJSON = table.concat(requested, ",")
request = function()
  counter = counter + 1
  local missing = {}
  for i = 1, math.random(1, 3) do missing[i] = '{"id":' .. requested[math.random(1, 40)] .. '}' end
  local body = '{"report_id":"bench-' .. counter .. '","bundle_id":"$bundle","app_version":"'
    .. versions[math.random(#versions)] .. '","os":"ios","os_version":"18.1","store":"app_store","environment":"'
    .. environments[math.random(#environments)] .. '","storefront":"' .. storefronts[math.random(#storefronts)]
    .. '","list":"' .. lists[math.random(#lists)] .. '","sdk":"storekit2","requested":[' .. requestedJSON
    .. '],"missing":[' .. table.concat(missing, ",") .. ']}'
  return wrk.format("POST", "/v1/reports", {["Content-Type"] = "application/json"}, body)
end
LUA

nginx_pid="" iapcat_pid="" pg_dir=""
cleanup() {
  [ -n "$iapcat_pid" ] && kill "$iapcat_pid" 2>/dev/null || true
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  [ -n "$pg_dir" ] && runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
  wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM
wait_for() { for _ in $(seq 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done; echo "no answer from $1" >&2; exit 1; }

# wrk URL SECONDS [SCRIPT]: requests/s; fails when a response was not 2xx or a socket failed.
measure() {
  local args=(-t1 -c"$connections" -d"${2}s")
  [ -n "${3:-}" ] && args+=(-s "$3")
  local output
  output=$(taskset -c 1 wrk "${args[@]}" "$1")
  if grep -qE 'Non-2xx|Socket errors' <<<"$output"; then echo "wrk reported errors for $1:" >&2; echo "$output" >&2; exit 1; fi
  awk '/Requests\/sec/ {printf "%.0f", $2}' <<<"$output"
}
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

taskset -c 0 nginx -c "$work/nginx.conf" -e "$work/nginx-error.log" &
nginx_pid=$!
wait_for "http://127.0.0.1:$port_nginx/products_v2.json"

# start_iapcat DATABASE: serve with reports into DATABASE, pinned to CPU 0, one event loop.
start_iapcat() {
  taskset -c 0 "$iapcat" serve --catalog "$catalog" --port $port_iapcat --threads 1 --log-level warning \
    --reports-db "$1" --reports-rate 0 &
  iapcat_pid=$!
  wait_for "http://127.0.0.1:$port_iapcat/products_v2.json"
}
stop_iapcat() { kill "$iapcat_pid"; wait "$iapcat_pid" 2>/dev/null || true; iapcat_pid=""; }

results=$work/results.tsv
: >"$results"
n_url="http://127.0.0.1:$port_nginx/products_v2.json"
r_url="http://127.0.0.1:$port_iapcat/v1/reports"
backends=(sqlite)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ]; then backends+=(postgres); fi
for backend in "${backends[@]}"; do
  if [ "$backend" = sqlite ]; then
    db=$work/reports.sqlite
  else
    pg_dir=$(mktemp -d) && chown postgres "$pg_dir"
    runuser -u postgres -- "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U iapcat >/dev/null
    # On the server's core, like iapcat's own writer: CPU per report counts the database's work,
    # and it never takes wrk's core.
    taskset -c 0 runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -o "-p 18582 -k $pg_dir -c fsync=on" -l "$pg_dir/log" -w start >/dev/null
    db="postgres://iapcat@127.0.0.1:18582/postgres"
  fi
  start_iapcat "$db"
  measure "$r_url" 2 "$work/report.lua" >/dev/null
  measure "$n_url" 2 >/dev/null
  for run in $(seq "$runs"); do
    order=(iapcat nginx); [ $((run % 2)) -eq 0 ] && order=(nginx iapcat)
    for server in "${order[@]}"; do
      if [ "$server" = iapcat ]; then rps=$(measure "$r_url" "$seconds" "$work/report.lua"); else rps=$(measure "$n_url" "$seconds"); fi
      printf '%s\t%s\t%s\t%s\n' "$backend" "$server" "$run" "$rps" >>"$results"
      printf '%-8s %-7s run %d: %8s req/s\n' "$backend" "$server" "$run" "$rps" >&2
    done
  done
  stop_iapcat
done

# A million reports into SQLite: memory before and after, and the database's size.
db=$work/million.sqlite
start_iapcat "$db"
rss_before=$(rss_kb "$iapcat_pid")
start=$SECONDS
taskset -c 1 wrk -t1 -c"$connections" -d3600s -s "$work/report.lua" "$r_url" >"$work/million.wrk" &
wrk_pid=$!
peak=$rss_before
while kill -0 "$wrk_pid" 2>/dev/null; do
  sleep 5
  rss=$(rss_kb "$iapcat_pid"); [ "$rss" -gt "$peak" ] && peak=$rss
  accepted=$(curl -s "http://127.0.0.1:$port_iapcat/metrics" | awk '/^iapcat_reports_total\{result="accepted"\}/ {print $2}')
  if [ "${accepted:-0}" -ge "$million" ]; then kill "$wrk_pid" 2>/dev/null || true; break; fi
done
wait "$wrk_pid" 2>/dev/null || true
elapsed=$((SECONDS - start))
rss_after=$(rss_kb "$iapcat_pid")
stop_iapcat
size=$(du -b "$db"* | awk '{s += $1} END {print s}')
table=$work/table.md
python3 - "$results" "$rss_before" "$rss_after" "$peak" "$size" "$accepted" "$elapsed" "$table" <<PY
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    backend, server, run, rps = line.rstrip("\n").split("\t")
    rows.setdefault(backend, {}).setdefault(server, []).append(float(rps))
spread = lambda values: f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"
out = [
    "## Field reports",
    "",
    "Written by \`Benchmarks/reports.sh $seconds $connections $runs $million\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m),"
    + " nginx $(nginx -v 2>&1 | sed 's|.*/||').",
    "Method: iapcat (\`--threads 1\`, its report writer and PostgreSQL on the same core) and nginx (\`worker_processes 1\`) each pinned to CPU 0"
    + " and held at 100% by wrk on CPU 1 (-t1 -c$connections, ${seconds} s, $runs alternating runs, 2 s warm-up): the ratio of"
    + " requests/s is the ratio of CPU per request. Each report is new (its own report_id): 40 requested ids, 1–3 missing,"
    + " 12 storefronts, 6 app versions, 3 environments, 2 lists. nginx answers GET products_v2.json.",
    "Targets: CPU per accepted report ≤ 2× nginx's per products_v2.json response; every answer 202 (200 for nginx).",
    "",
    "| storage | iapcat reports/s | nginx responses/s | CPU per report ÷ nginx's | met |",
    "|---|---|---|---|---|",
]
for backend, servers in rows.items():
    mine, ref = statistics.median(servers["iapcat"]), statistics.median(servers["nginx"])
    ratio = ref / mine
    name = {"sqlite": "SQLite (WAL, synchronous=NORMAL)", "postgres": "PostgreSQL (local, fsync on)"}[backend]
    out.append(f"| {name} | {spread(servers['iapcat'])} | {spread(servers['nginx'])} | {ratio:.2f}× | {'yes' if ratio <= 2 else '**no**'} |")
before, after, peak, size, accepted, elapsed = map(int, sys.argv[2:8])
out += [
    "",
    f"{accepted:,} reports in {elapsed} s into one SQLite file: resident memory {before / 1024:.1f} MiB before,"
    f" {after / 1024:.1f} MiB after (peak {peak / 1024:.1f} MiB); the file and its WAL {size / 1e6:.1f} MB.",
]
open(sys.argv[8], "w").write("\n".join(out) + "\n")
PY
echo
cat "$table"
if [ "${REPORTS_WRITE:-1}" = 1 ]; then
  python3 "$root/Benchmarks/section.py" "$root/BENCHMARKS.md" reports.sh "$table"
  echo "(written into BENCHMARKS.md between the reports.sh markers)" >&2
fi
