#!/usr/bin/env bash
# On-demand serving benchmark (not part of `swift test`): iapcat serve and nginx (Debian's, the
# same files exported by iapcat, gzip_static for pre-compressed bodies) on loopback, both driven
# by wrk in one run: 200 identity, 200 gzip, 304 via If-Modified-Since and 304 via If-None-Match
# on products_v2.json of the example catalog and of a 5,000-product catalog. Prints requests/s
# and p99 latency for each, and the ratio iapcat/nginx.
# Two cores are shared by wrk and the server, so single runs are noisy: each case alternates the
# two servers RUNS times and keeps each one's best run.
# Usage: Benchmarks/serve.sh [SECONDS=5] [CONNECTIONS=64] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
connections=${2:-64}
runs=${3:-3}
work=$(pwd)/.build/bench/serve
rm -rf "$work" && mkdir -p "$work"

if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light wrk >&2
fi
swift build -c release --product iapcat >&2
iapcat=$(swift build -c release --show-bin-path)/iapcat
"$iapcat" generate --products 5000 --seed 1 --out "$work/gen5000" >&2
cp -r catalogs "$work/example"

port_nginx=18480
port_iapcat=18481
for name in example gen5000; do
  catalog=$([ "$name" = example ] && echo "$work/example/example.yaml" || echo "$work/gen5000/catalog.yaml")
  mkdir -p "$work/www/$name"
  "$iapcat" export --catalog "$catalog" --format v2 -o "$work/www/$name/products_v2.json" 2>/dev/null
  gzip -9 -n -k "$work/www/$name/products_v2.json"
done

cat > "$work/nginx.conf" <<CONF
worker_processes auto;
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
nginx -c "$work/nginx.conf" -e "$work/nginx-error.log" &
nginx_pid=$!
trap 'kill $nginx_pid 2>/dev/null || true; kill ${iapcat_pid:-0} 2>/dev/null || true' EXIT

# header NAME URL: the value of a response header.
header() { curl -s -o /dev/null -D - "$2" | tr -d '\r' | awk -v name="$(echo "$1" | tr 'A-Z' 'a-z')" -F': ' 'tolower($1)==name {print $2}'; }

# run URL [HEADER]: "requests/s p99-ms" from wrk.
run() {
  local args=(-t2 -c"$connections" -d"${seconds}s" --latency)
  [ -n "${2:-}" ] && args+=(-H "$2")
  wrk "${args[@]}" "$1" | awk '/Requests\/sec/ {rps=$2} /^ +99%/ {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; p99=v} END {printf "%.0f %.2f", rps, p99}'
}

printf '\n%-10s %-18s %12s %9s %12s %9s %8s\n' catalog case "iapcat rps" "p99 ms" "nginx rps" "p99 ms" ratio
for name in example gen5000; do
  catalog=$([ "$name" = example ] && echo "$work/example/example.yaml" || echo "$work/gen5000/catalog.yaml")
  "$iapcat" serve --catalog "$catalog" --port $port_iapcat --log-level warning &
  iapcat_pid=$!
  sleep 1.5
  i_url="http://127.0.0.1:$port_iapcat/products_v2.json"
  n_url="http://127.0.0.1:$port_nginx/$name/products_v2.json"
  cmp <(curl -s "$i_url") "$work/www/$name/products_v2.json"  # both serve the same bytes
  wrk -t2 -c"$connections" -d2s "$i_url" >/dev/null  # warm up both servers before measuring
  wrk -t2 -c"$connections" -d2s "$n_url" >/dev/null
  for case in identity gzip ims inm; do
    case $case in
      identity) ih=""; nh="" ;;
      gzip) ih="Accept-Encoding: gzip"; nh="Accept-Encoding: gzip" ;;
      ims) ih="If-Modified-Since: $(header Last-Modified "$i_url")"; nh="If-Modified-Since: $(header Last-Modified "$n_url")" ;;
      inm) ih="If-None-Match: $(header ETag "$i_url")"; nh="If-None-Match: $(header ETag "$n_url")" ;;
    esac
    irps=0; nrps=0
    for _ in $(seq "$runs"); do
      read -r rps p99 <<<"$(run "$i_url" "$ih")"
      if [ "$rps" -gt "$irps" ]; then irps=$rps; ip99=$p99; fi
      read -r rps p99 <<<"$(run "$n_url" "$nh")"
      if [ "$rps" -gt "$nrps" ]; then nrps=$rps; np99=$p99; fi
    done
    printf '%-10s %-18s %12s %9s %12s %9s %8.2f\n' "$name" "$case" "$irps" "$ip99" "$nrps" "$np99" "$(python3 -c "print($irps/$nrps)")"
  done
  kill $iapcat_pid; wait $iapcat_pid 2>/dev/null || true
done
