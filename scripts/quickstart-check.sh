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
# shellcheck source=lib/temp-server.sh
. "$(dirname "$0")/lib/temp-server.sh"
README="${1:-$ROOT/README.md}"
PASSWORD="quickstart-$(node -e "console.log(require('crypto').randomBytes(9).toString('hex'))")"
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
    /^npm run storefront/ { flush(); print "start_storefront"; next }
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
    declare -f stop_server start_server start_storefront free_port expect_json
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
  [ -z "$(tail -c1 "$out")" ] || echo
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
run_block after-checkout "$WORK/scratch"
grep -q '"refunded_total":500' "$WORK/after-checkout.out" || {
  echo "quickstart-check: the after-checkout walkthrough refunded nothing" >&2
  exit 1
}
run_block storefront "$ROOT"
echo "quickstart-check: every README command worked (port $PORT)"
