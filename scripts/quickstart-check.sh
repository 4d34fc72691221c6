#!/usr/bin/env bash
# Runs the README's quick start and walkthroughs as a newcomer would, and fails if any command fails or answers
# with something else than the README shows. The commands are read from the README itself: each checked block
# is the fenced block right after a `<!-- quickstart-check: NAME -->` line, so the README cannot drift from what
# works. Differences from typing them by hand, all on purpose:
#   - a free port and a temporary data folder (PORT, SVC_DATA_DIR), so a developer's ./data is never touched;
#     `localhost:8080` in the commands becomes `localhost:$PORT`;
#   - `npm start` runs in the background (in its own process group) until /api/v1/health answers, and the
#     "stop `npm start` first" comment stops it (SIGTERM, as Ctrl-C would);
#   - `npx svc admin create` reads the password from stdin (as the README says it may), and the `…` password
#     placeholder in the login command is that password;
#   - a `# {…}` line after a command is its expected JSON output, compared exactly;
#   - the walkthroughs run in a scratch folder (they write cookie files) and must print no GraphQL/REST errors.
# Usage: scripts/quickstart-check.sh [README path]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
README="${1:-$ROOT/README.md}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/svc-quickstart.XXXXXX")"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
PASSWORD="quickstart-$(node -e "console.log(require('crypto').randomBytes(9).toString('hex'))")"
export ROOT WORK PORT SVC_DATA_DIR="$WORK/data" SVC_LOG_LEVEL=warn
# The README's readiness answer assumes no Redis and the default configuration.
unset SVC_REDIS_URL SVC_DATABASE_URL DATABASE_URL SVC_SERVER_PORT SVC_ENV 2>/dev/null || true

SERVER_PID=""
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill -TERM -- "-$SERVER_PID" 2>/dev/null || true
  for _ in $(seq 1 60); do kill -0 -- "-$SERVER_PID" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}
start_server() {
  stop_server
  (cd "$ROOT" && exec setsid npm start >>"$WORK/server.log" 2>&1) &
  SERVER_PID=$!
  for _ in $(seq 1 240); do
    curl -sf "localhost:$PORT/api/v1/health" >/dev/null 2>&1 && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.5
  done
  echo "quickstart-check: npm start did not answer on port $PORT; its output:" >&2
  tail -40 "$WORK/server.log" >&2
  return 1
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
trap cleanup EXIT

expect_json() { # expect_json NAME ACTUAL EXPECTED
  if [ "$(jq -cS . <<<"$2")" != "$(jq -cS . <<<"$3")" ]; then
    printf 'quickstart-check: %s\n  expected %s\n  got      %s\n' "$1" "$3" "$2" >&2
    return 1
  fi
  echo "ok: $1"
}

# The fenced block after `<!-- quickstart-check: NAME -->`, with the port substituted.
block() {
  local text
  text="$(awk -v name="$1" '
    $0 == "<!-- quickstart-check: " name " -->" { armed = 1; next }
    armed && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$README")"
  [ -n "$text" ] || { echo "quickstart-check: no block '$1' in $README" >&2; return 1; }
  printf '%s\n' "${text//localhost:8080/localhost:$PORT}"
}

# Turns a block into a script: `npm start` starts the background server, the stop comment stops it, the admin
# password comes from stdin, and `cmd` + `# {json}` becomes a comparison.
translate() {
  awk -v password="$PASSWORD" '
    function flush() { if (pending != "") { print pending; pending = "" } }
    /^npm start/ { flush(); print "start_server"; next }
    /^# stop `npm start` first/ { flush(); print "stop_server"; next }
    /^npx svc admin create/ { flush(); sub(/#.*/, ""); print "printf \"%s\\n\" \"" password "\" | " $0; next }
    /^# \{/ && pending != "" {
      expected = substr($0, 3); gsub(/'\''/, "'\''\\'\'''\''", expected)
      cmd = pending; pending = ""
      print "expect_json " q(cmd) " \"$(" cmd ")\" '\''" expected "'\''"; next
    }
    /^#/ { next }
    { gsub(/"password":"…"/, "\"password\":\"" password "\""); flush(); pending = $0 }
    /\\$/ { next }
    END { flush() }
    function q(s) { gsub(/'\''/, "", s); return "'\''" s "'\''" }' 
}

run_block() { # run_block NAME DIR
  local name="$1" dir="$2" script="$WORK/$1.sh"
  {
    echo 'set -euo pipefail'
    declare -f stop_server start_server expect_json
    echo "SERVER_PID=$SERVER_PID"
    block "$name" | translate
    echo 'echo "SERVER_PID=$SERVER_PID" >"$STATE"'
  } >"$script"
  echo "==> README block '$name'"
  local out="$WORK/$name.out"
  if ! (cd "$dir" && STATE="$WORK/state" bash "$script") >"$out" 2>&1; then
    cat "$out" >&2
    echo "quickstart-check: block '$name' failed" >&2
    return 1
  fi
  cat "$out"
  # shellcheck disable=SC1091
  . "$WORK/state"
  if grep -q '"errors"' "$out"; then
    echo "quickstart-check: block '$name' printed an error answer" >&2
    return 1
  fi
}

mkdir -p "$WORK/scratch"
run_block install "$ROOT"
run_block health "$ROOT"
run_block walkthrough-rest "$WORK/scratch"
grep -q '"order_number": "ORD-' "$WORK/walkthrough-rest.out" || {
  echo "quickstart-check: the REST walkthrough placed no order" >&2
  exit 1
}
run_block walkthrough-graphql "$WORK/scratch"
grep -q '"orderNumber": "ORD-' "$WORK/walkthrough-graphql.out" || {
  echo "quickstart-check: the GraphQL walkthrough read back no order" >&2
  exit 1
}
run_block admin "$ROOT"
grep -q '"data"' "$WORK/admin.out" || {
  echo "quickstart-check: the admin call answered no data" >&2
  exit 1
}
echo "quickstart-check: every README command worked (port $PORT)"
