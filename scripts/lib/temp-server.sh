# Sourced by the CI checks that run the service as a user would (`npm start` on a free port and a temporary data
# folder). Defines ROOT, WORK (removed on exit), PORT, SVC_DATA_DIR, free_port and start_server / stop_server; the caller
# sets `trap cleanup EXIT`.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/svc-check.XXXXXX")"
# A port nothing listens on now (the OS picks it; the listener closes before the caller binds it).
free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
PORT="$(free_port)"
export ROOT WORK PORT SVC_DATA_DIR="$WORK/data" SVC_LOG_LEVEL=warn
# The default configuration (embedded database, no Redis), whatever the CI environment holds.
unset SVC_REDIS_URL SVC_DATABASE_URL DATABASE_URL SVC_SERVER_PORT SVC_ENV 2>/dev/null || true

SERVER_PID=""
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill -TERM -- "-$SERVER_PID" 2>/dev/null || true
  for _ in $(seq 1 60); do kill -0 -- "-$SERVER_PID" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}
# `npm start` in its own process group (so stop_server reaches node behind npm), until /api/v1/health answers.
start_server() {
  stop_server
  (cd "$ROOT" && exec setsid npm start >>"$WORK/server.log" 2>&1) &
  SERVER_PID=$!
  for _ in $(seq 1 240); do
    curl -sf "localhost:$PORT/api/v1/health" >/dev/null 2>&1 && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.5
  done
  echo "npm start did not answer on port $PORT; its output:" >&2
  tail -40 "$WORK/server.log" >&2
  return 1
}
# `npm run storefront` (contract §12) against the running service, on a free port, until /healthz answers 200;
# then its home page must show the demo shop's categories. It stops again before returning.
start_storefront() {
  local sf_port sf_pid ok=1
  sf_port="$(free_port)"
  (cd "$ROOT" && STOREFRONT_PORT="$sf_port" STOREFRONT_API_URL="http://localhost:$PORT" \
    exec setsid npm run storefront >>"$WORK/storefront.log" 2>&1) &
  sf_pid=$!
  for _ in $(seq 1 120); do
    curl -sf "localhost:$sf_port/healthz" >/dev/null 2>&1 && ok=0 && break
    kill -0 "$sf_pid" 2>/dev/null || break
    sleep 0.5
  done
  # Read whole, then searched: `curl | grep -q` under pipefail fails when grep stops reading before curl is done.
  local home=""
  [ "$ok" -eq 0 ] && home="$(curl -sf "localhost:$sf_port/" || true)"
  if [ "$ok" -eq 0 ] && grep -q 'Apparel' <<<"$home"; then
    echo "ok: npm run storefront serves the shop on port $sf_port"
  else
    ok=1
    echo "npm run storefront did not serve the shop; its output:" >&2
    tail -40 "$WORK/storefront.log" >&2
  fi
  kill -TERM -- "-$sf_pid" 2>/dev/null || true
  return "$ok"
}
cleanup() {
  local status=$?
  stop_server
  if [ "$status" -ne 0 ] && [ -f "$WORK/server.log" ]; then
    echo "--- server log (last 30 lines) ---" >&2
    tail -30 "$WORK/server.log" >&2
  fi
  rm -rf "$WORK"
  exit "$status"
}
