#!/usr/bin/env bash
# The SDK as its users get it: build sdk/ to JavaScript + declarations, `npm pack` it, install the tarball into a
# fresh consumer project, compile sdk/example/shop.ts there with `tsc` (its `@ts-expect-error` lines must each
# be needed, and without them the example must not compile), then run it against a live server (`npm start` on a
# free port and a temporary data folder with the demo shop): browse, cart, checkout, read the order, log in.
# That the typed documents are current is checked with the rest of codegen (`graphql-codegen --check`).
set -euo pipefail
# shellcheck source=lib/temp-server.sh
. "$(dirname "$0")/lib/temp-server.sh"
trap cleanup EXIT
TSC="$ROOT/node_modules/.bin/tsc"

echo "==> build and pack sdk/"
rm -rf "$ROOT/sdk/dist"
"$TSC" -p "$ROOT/sdk/tsconfig.json"
TARBALL="$(cd "$ROOT/sdk" && npm pack --silent --pack-destination "$WORK")"

echo "==> a consumer project installs $TARBALL"
CONSUMER="$WORK/consumer"
mkdir -p "$CONSUMER"
cp "$ROOT/sdk/example/shop.ts" "$ROOT/sdk/example/tsconfig.json" "$CONSUMER/"
(cd "$CONSUMER" && echo '{"name":"sdk-consumer","private":true}' >package.json &&
  npm install --no-audit --no-fund --prefer-offline --silent "$WORK/$TARBALL")

echo "==> the example compiles, and a wrong field or variable does not"
(cd "$CONSUMER" && "$TSC" -p tsconfig.json)
expected=$(grep -c '^ *// @ts-expect-error' "$CONSUMER/shop.ts")
sed '/^ *\/\/ @ts-expect-error/d' "$CONSUMER/shop.ts" >"$CONSUMER/unchecked.ts"
echo '{"extends":"./tsconfig.json","compilerOptions":{"noEmit":true},"files":["unchecked.ts"]}' >"$CONSUMER/unchecked.json"
if (cd "$CONSUMER" && "$TSC" -p unchecked.json >"$WORK/unchecked.log" 2>&1); then
  echo "sdk-check: the example compiles without its @ts-expect-error lines: the types check nothing" >&2
  exit 1
fi
got=$(grep -c 'error TS' "$WORK/unchecked.log" || true)
if [ "$got" -ne "$expected" ]; then
  echo "sdk-check: expected $expected type errors without @ts-expect-error, got $got:" >&2
  cat "$WORK/unchecked.log" >&2
  exit 1
fi

echo "==> the example runs against a live server"
start_server
(cd "$CONSUMER" && node dist/shop.js "http://localhost:$PORT/graphql") | tee "$WORK/run.log"
grep -q '^order read back: ORD-' "$WORK/run.log"
grep -q '^customer: .* token refreshed' "$WORK/run.log"
grep -q '^session resumed' "$WORK/run.log"
echo "sdk-check: the packed SDK compiles and runs"
