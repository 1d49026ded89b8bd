#!/usr/bin/env bash
# Two Lodestone servers behind nginx on this machine, sharing one PostgreSQL and one object store
# (examples/two-servers/README.md). Ctrl-C stops everything it started.
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lodestone examples/two-servers/run.sh
#
# Without S3_BUCKET it starts the S3 stand-in of the tests (tests/stand-ins/s3.ts) on port 4247;
# with S3_* set, both servers use that bucket. Ports: nginx 8080, servers 3001 and 3002.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
run=${RUN_DIR:-/tmp/lodestone-two-servers}
nginx_bin=${NGINX_BIN:-$(command -v nginx || echo /usr/sbin/nginx)}

: "${DATABASE_URL:?set DATABASE_URL to the PostgreSQL both servers share, e.g. postgres://postgres@127.0.0.1:5432/lodestone}"
mkdir -p "$run/nginx/logs" "$run/nginx/tmp"
chmod 755 "$run" "$run/nginx" # nginx's workers run as nobody when it is started as root

# Both servers must sign and check the same sessions and tokens: one SECRET, kept between runs.
if [ -z "${SECRET:-}" ]; then
  [ -s "$run/secret" ] || openssl rand -base64 48 | tr -d '\n' >"$run/secret"
  SECRET=$(cat "$run/secret")
fi

pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

if [ -z "${S3_BUCKET:-}" ]; then
  echo "S3_BUCKET is not set: starting the S3 stand-in (files in $run/s3)"
  (cd "$repo" && exec node --import tsx tests/stand-ins/s3.ts --port 4247 --dir "$run/s3") >"$run/s3.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do grep -q '^S3_BUCKET=' "$run/s3.log" 2>/dev/null && break; sleep 0.1; done
  set -a
  # shellcheck disable=SC1090
  . <(grep '^S3_' "$run/s3.log")
  set +a
fi

[ -f "$repo/dist/server/main.js" ] || (cd "$repo" && npm run build)

export DATABASE_URL SECRET TRUST_PROXY=true HOST=127.0.0.1
export APP_URL=${APP_URL:-http://localhost:8080} PUBLIC_URL=${PUBLIC_URL:-http://127.0.0.1:8080}
# Started together: the first to take the migration lock migrates, the other finds it done.
for server in a:3001 b:3002; do
  name=${server%%:*}
  PORT=${server##*:} DATA_DIR="$run/$name" node "$repo/dist/server/main.js" >"$run/$name.log" 2>&1 &
  pids+=($!)
done

cp "$here/nginx.conf" "$run/nginx/nginx.conf"
"$nginx_bin" -p "$run/nginx" -c "$run/nginx/nginx.conf" -e "$run/nginx/logs/error.log" -g 'daemon off;' &
pids+=($!)

for port in 3001 3002; do
  for _ in $(seq 600); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { echo "server on $port did not start; see $run/*.log" >&2; exit 1; }
done

cat <<EOF
Two servers (logs: $run/a.log, $run/b.log) behind nginx:
  app             $APP_URL
  published pages $PUBLIC_URL
  dev mailbox     $APP_URL/dev/mail   (unless SMTP_URL is set)
Each answer's X-Upstream header names the server that gave it. Ctrl-C stops everything.
EOF
wait -n "${pids[@]}"
