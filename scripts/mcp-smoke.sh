#!/usr/bin/env bash
# Smoke check with a real standalone MCP client (the inspector CLI, v1, which runs on Node 20): `svc mcp store`
# over stdio and /mcp/store over streamable HTTP, each listing tools and calling one (HTTP also calls one without
# its required argument).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=$(mktemp -d)
PORT=${MCP_SMOKE_PORT:-18123}
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT
# The inspector finds its own package.json relative to the working directory.
cd "$ROOT/node_modules/@modelcontextprotocol/inspector-cli/build"
inspect() { node cli.js --cli "$@" 2>/dev/null; }
expect() { # expect <what> <output> <pattern>
  if ! grep -q "$3" <<<"$2"; then
    echo "MCP smoke: $1 failed; output was:"; echo "$2" | head -40; exit 1
  fi
  echo "MCP smoke: $1 ok"
}
fail_if() { if grep -q "$3" <<<"$2"; then echo "MCP smoke: $1 failed:"; echo "$2" | head -40; exit 1; fi; }

STDIO=(-e "SVC_DATA_DIR=$DATA/stdio" node "$ROOT/scripts/svc.js" mcp store --create)
out=$(inspect "${STDIO[@]}" --method tools/list)
expect "stdio tools/list" "$out" '"store_list_products"'
out=$(inspect "${STDIO[@]}" --method tools/call --tool-name store_list_products --tool-arg limit=1)
expect "stdio tools/call" "$out" '\\"has_more\\"'
fail_if "stdio tools/call" "$out" '"isError": true'

SVC_DATA_DIR="$DATA/http" SVC_SERVER_PORT=$PORT SVC_SERVER_HOST=127.0.0.1 SVC_LOG_LEVEL=warn \
  node "$ROOT/scripts/svc.js" serve >"$DATA/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$PORT/api/v1/health" >/dev/null && break; sleep 1; done
HTTP=("http://127.0.0.1:$PORT/mcp/store" --transport http)
out=$(inspect "${HTTP[@]}" --method tools/list)
expect "http tools/list" "$out" '"store_checkout"'
out=$(inspect "${HTTP[@]}" --method tools/call --tool-name store_list_categories)
expect "http tools/call" "$out" '"content"'
fail_if "http tools/call" "$out" '"isError": true'
# A call without its required argument: an error result naming the argument, no GraphQL variable.
out=$(inspect "${HTTP[@]}" --method tools/call --tool-name store_get_cart)
expect "http tools/call without cart_id" "$out" 'cart_id is required: a UUID'
fail_if "http tools/call without cart_id" "$out" 'Variable'
