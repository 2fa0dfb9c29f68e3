#!/usr/bin/env bash
# On-demand serving benchmark (not part of `swift test`): iapcat serve and nginx (Debian's, the
# same files exported by iapcat, gzip_static for pre-compressed bodies, if_modified_since before)
# on loopback, both driven by wrk: 200 identity, 200 gzip, 304 via If-Modified-Since and 304 via
# If-None-Match on products_v2.json of the example catalog and of a 5,000-product catalog.
#
# Method. Each case is warmed up on both servers, then measured RUNS times, alternating the two
# servers (the one that goes first swaps every run, so neither always follows the other). Each
# row gives the median requests/s and the median p99 latency of each server with their spread
# (min–max over the runs), the ratio of the medians (iapcat/nginx) and whether iapcat's median
# p99 is at most nginx's. Best-of-N hides noise in one direction only; the median does not.
# Each run also reads the server processes' CPU time (user + system, /proc/PID/stat) before and
# after, and divides it by the responses wrk counted: CPU per response, whose ratio (nginx's ÷
# iapcat's, target ≥ 1.2) holds even where a server is not the bottleneck — a 3.5 MB body
# saturates wrk's core long before either server's, so requests/s there compare the client.
#
# Pinning (the default, SERVE_PIN=1). On a 2-core machine an unpinned wrk and server fight for the
# same cores, and which one the scheduler favours changes from run to run. Pinned, the server runs
# on CPU $SERVE_SERVER_CPU (default 0) and wrk on CPU $SERVE_WRK_CPU (default 1) with one wrk
# thread, and both servers get exactly one core: nginx with `worker_processes 1`, iapcat with
# `--threads 1`. SERVE_PIN=0 runs both unpinned with wrk -t2 and every server on every core (nginx
# `worker_processes auto`, iapcat one event loop per core), which is what the machine does with no
# benchmark around it, and noisier.
#
# The table (markdown) goes to stdout and into BENCHMARKS.md between the lines
# `<!-- serve.sh begin -->` and `<!-- serve.sh end -->` (appended when they are missing); the rest
# of that file belongs to Benchmarks/run.sh and is left alone. SERVE_WRITE=0 leaves the file alone.
# It builds the binary users install (scripts/build-release: release mode, static Swift standard
# library), as run.sh does; IAPCAT=/path/to/iapcat measures that binary instead of building one.
#
# Usage: Benchmarks/serve.sh [SECONDS=5] [CONNECTIONS=64] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-5}
connections=${2:-64}
runs=${3:-5}
pin=${SERVE_PIN:-1}
server_cpu=${SERVE_SERVER_CPU:-0}
wrk_cpu=${SERVE_WRK_CPU:-1}
write=${SERVE_WRITE:-1}
[ "$runs" -ge 1 ] || { echo "RUNS must be 1 or more" >&2; exit 2; }
work=$root/.build/bench/serve
rm -rf "$work" && mkdir -p "$work"

if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null || ! command -v taskset >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light wrk util-linux >&2
fi
if [ -n "${IAPCAT:-}" ]; then
  iapcat=$IAPCAT
else
  # The binary users install, as Benchmarks/run.sh measures it (scripts/build-release; a few minutes the first time).
  scripts/build-release --out "$work/iapcat" >&2
  iapcat=$work/iapcat
fi

if [ "$pin" = 1 ]; then
  server_run=(taskset -c "$server_cpu")
  wrk_run=(taskset -c "$wrk_cpu" wrk -t1)
  nginx_workers=1
  iapcat_threads=(--threads 1)
  how="pinned: server on CPU $server_cpu (nginx worker_processes 1, iapcat --threads 1), wrk -t1 on CPU $wrk_cpu"
else
  server_run=()
  wrk_run=(wrk -t2)
  nginx_workers=auto
  iapcat_threads=()
  how="unpinned: servers on every core (nginx worker_processes auto, iapcat one event loop per core), wrk -t2"
fi

"$iapcat" generate --products 5000 --seed 1 --out "$work/gen5000" >&2
cp -r catalogs "$work/example"
catalog_of() { [ "$1" = example ] && echo "$work/example/example.yaml" || echo "$work/gen5000/catalog.yaml"; }
for name in example gen5000; do
  mkdir -p "$work/www/$name"
  "$iapcat" export --catalog "$(catalog_of $name)" --format v2 -o "$work/www/$name/products_v2.json" 2>/dev/null
  gzip -9 -n -k "$work/www/$name/products_v2.json"
done

port_nginx=18480
port_iapcat=18481
cat > "$work/nginx.conf" <<CONF
worker_processes $nginx_workers;
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
  gzip_static on;
  if_modified_since before;
  server {
    listen 127.0.0.1:$port_nginx;
    root $work/www;
  }
}
CONF

nginx_pid=""
iapcat_pid=""
cleanup() {
  [ -n "$iapcat_pid" ] && kill "$iapcat_pid" 2>/dev/null || true
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# wait_for URL: until the server answers (10 s at most).
wait_for() {
  for _ in $(seq 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "no answer from $1" >&2; exit 1
}

"${server_run[@]}" nginx -c "$work/nginx.conf" -e "$work/nginx-error.log" &
nginx_pid=$!
wait_for "http://127.0.0.1:$port_nginx/example/products_v2.json"

# header NAME URL: the value of a response header.
header() { curl -s -o /dev/null -D - "$2" | tr -d '\r' | awk -v name="$(echo "$1" | tr 'A-Z' 'a-z')" -F': ' 'tolower($1)==name {print $2}'; }

# cpu_ticks PID...: the CPU time (user + system, in clock ticks) the processes have used so far.
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do
    # Fields after the command name, which is in parentheses: utime and stime are the 12th and 13th.
    read -r -a fields < <(sed 's/^.*) //' "/proc/$pid/stat")
    total=$((total + fields[11] + fields[12]))
  done
  echo "$total"
}
ticks_per_second=$(getconf CLK_TCK)

# measure URL HEADER SECONDS [PID...]: "requests/s p99-ms cpu-µs-per-response" from wrk and, for
# the server processes PID..., the CPU time they spent per response over the run (0 without
# PIDs); fails when a response was not 2xx/3xx or a socket failed (the figures would not be
# comparable).
measure() {
  local url=$1 header=$2 duration=$3
  shift 3
  local args=(-c"$connections" -d"${duration}s" --latency)
  [ -n "$header" ] && args+=(-H "$header")
  local output before=0 after=0
  (($#)) && before=$(cpu_ticks "$@")
  output=$("${wrk_run[@]}" "${args[@]}" "$url")
  (($#)) && after=$(cpu_ticks "$@")
  if grep -qE 'Non-2xx|Socket errors' <<<"$output"; then
    echo "wrk reported errors for $url ($header):" >&2
    echo "$output" >&2
    exit 1
  fi
  awk -v ticks=$((after - before)) -v hz="$ticks_per_second" '/requests in/ {n=$1} /Requests\/sec/ {rps=$2} /^ +99%/ {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; p99=v} END {printf "%.0f %.3f %.2f", rps, p99, (n > 0 ? ticks / hz * 1000000 / n : 0)}' <<<"$output"
}

results=$work/results.tsv
: >"$results"
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
for name in example gen5000; do
  "${server_run[@]}" "$iapcat" serve --catalog "$(catalog_of $name)" --port $port_iapcat --log-level warning "${iapcat_threads[@]}" &
  iapcat_pid=$!
  i_url="http://127.0.0.1:$port_iapcat/products_v2.json"
  n_url="http://127.0.0.1:$port_nginx/$name/products_v2.json"
  wait_for "$i_url"
  # nginx serves the list iapcat serves at that path: the one the catalog's `lists:` declare for
  # it (the example catalog's is the sandbox list), which `export --format v2` alone does not write.
  curl -s "$i_url" >"$work/www/$name/products_v2.json"
  gzip -9 -n -kf "$work/www/$name/products_v2.json"
  # Both serve the same bytes, plain and gzip.
  cmp <(curl -s "$i_url") "$work/www/$name/products_v2.json"
  cmp <(curl -s "$n_url") "$work/www/$name/products_v2.json"
  cmp <(curl -s -H "Accept-Encoding: gzip" "$i_url" | gzip -dc) "$work/www/$name/products_v2.json"
  cmp <(curl -s -H "Accept-Encoding: gzip" "$n_url" | gzip -dc) "$work/www/$name/products_v2.json"
  for case in identity gzip ims inm; do
    case $case in
      identity) ih=""; nh=""; expect=200 ;;
      gzip) ih="Accept-Encoding: gzip"; nh="Accept-Encoding: gzip"; expect=200 ;;
      ims) ih="If-Modified-Since: $(header Last-Modified "$i_url")"; nh="If-Modified-Since: $(header Last-Modified "$n_url")"; expect=304 ;;
      inm) ih="If-None-Match: $(header ETag "$i_url")"; nh="If-None-Match: $(header ETag "$n_url")"; expect=304 ;;
    esac
    for url in "$i_url" "$n_url"; do
      h=$([ "$url" = "$i_url" ] && echo "$ih" || echo "$nh")
      status=$(curl -s -o /dev/null -w '%{http_code}' -H "${h:-X-Benchmark: 1}" "$url")
      [ "$status" = "$expect" ] || { echo "$name $case: $url answered $status, not $expect" >&2; exit 1; }
    done
    # Warm-up: connections, caches and the CPU frequency settle before anything is kept.
    figures=$(measure "$i_url" "$ih" 2)
    figures=$(measure "$n_url" "$nh" 2)
    for run in $(seq "$runs"); do
      order=(iapcat nginx); [ $((run % 2)) -eq 0 ] && order=(nginx iapcat)
      for server in "${order[@]}"; do
        if [ "$server" = iapcat ]; then
          url=$i_url; h=$ih; pids=("$iapcat_pid")
        else
          url=$n_url; h=$nh; mapfile -t pids < <(pgrep -P "$nginx_pid")
        fi
        figures=$(measure "$url" "$h" "$seconds" "${pids[@]}")
        read -r rps p99 cpu <<<"$figures"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$case" "$server" "$run" "$rps" "$p99" "$cpu" >>"$results"
        printf '%-8s %-9s %-7s run %d: %8s req/s  p99 %s ms  CPU %s µs/response\n' "$name" "$case" "$server" "$run" "$rps" "$p99" "$cpu" >&2
      done
    done
  done
  kill "$iapcat_pid"; wait "$iapcat_pid" 2>/dev/null || true
  iapcat_pid=""
done

swift_version=$(swift --version 2>/dev/null | head -1 | sed 's/^.*Swift version //')
table=$work/table.md
python3 - "$results" "$table" <<PY
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, case, server, run, rps, p99, cpu = line.split("\t")
    rows.setdefault((name, case), {}).setdefault(server, []).append((float(rps), float(p99), float(cpu)))
labels = {"identity": "200 identity", "gzip": "200 gzip", "ims": "304 If-Modified-Since", "inm": "304 If-None-Match"}
catalogs = {"example": "example", "gen5000": "5,000 products"}
def spread(values, fmt):
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}–{fmt(max(values))})"
rps_fmt = lambda v: f"{v:,.0f}"
ms_fmt = lambda v: f"{v:.2f}"
cpu_fmt = lambda v: f"{v:,.1f}"
out = [
    "## Serving",
    "",
    "Written by \`Benchmarks/serve.sh $seconds $connections $runs\`"
    + f" on $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), Swift version $swift_version, nginx $(nginx -v 2>&1 | sed 's|.*/||').",
    "Method: median of $runs alternating runs per server (min–max in parentheses), wrk -c$connections for ${seconds} s"
    + " after a 2 s warm-up per case; $how.",
    "CPU µs/response: the server processes' user + system time (/proc/PID/stat) over a run divided by the responses"
    + " wrk counted; **CPU ratio** is nginx's CPU per response ÷ iapcat's, the measure that holds when a server is not"
    + " the bottleneck (a large body saturates the client before the server); **req/s ratio** is iapcat's ÷ nginx's.",
    "Targets: CPU ratio ≥ 1.20, and iapcat's median p99 ≤ nginx's, on every row.",
    "",
    "| catalog | case | iapcat req/s | iapcat p99 ms | iapcat CPU µs/response | nginx req/s | nginx p99 ms | nginx CPU µs/response"
    + " | req/s ratio | CPU ratio | p99 ≤ nginx | met |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
]
for (name, case), servers in rows.items():
    i, n = servers["iapcat"], servers["nginx"]
    ratio = statistics.median(r for r, _, _ in i) / statistics.median(r for r, _, _ in n)
    cpu_i, cpu_n = statistics.median(c for _, _, c in i), statistics.median(c for _, _, c in n)
    cpu_ratio = cpu_n / cpu_i if cpu_i > 0 else float("nan")
    p99ok = statistics.median(p for _, p, _ in i) <= statistics.median(p for _, p, _ in n)
    met = cpu_ratio >= 1.2 and p99ok
    out.append(
        f"| {catalogs[name]} | {labels[case]} | {spread([r for r, _, _ in i], rps_fmt)} | {spread([p for _, p, _ in i], ms_fmt)}"
        f" | {spread([c for _, _, c in i], cpu_fmt)} | {spread([r for r, _, _ in n], rps_fmt)} | {spread([p for _, p, _ in n], ms_fmt)}"
        f" | {spread([c for _, _, c in n], cpu_fmt)} | {ratio:.2f} | {cpu_ratio:.2f}"
        f" | {'yes' if p99ok else '**no**'} | {'yes' if met else '**no**'} |"
    )
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY

echo
echo "$how; wrk -c$connections, ${seconds} s per run, $runs runs per server and case (started $started)"
echo
cat "$table"

if [ "$write" = 1 ]; then
  python3 "$root/Benchmarks/section.py" "$root/BENCHMARKS.md" serve.sh "$table"
  echo "(written into BENCHMARKS.md between the serve.sh markers)" >&2
fi
