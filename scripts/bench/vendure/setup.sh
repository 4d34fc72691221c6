#!/usr/bin/env bash
# Installs Vendure 3.5 from the npm registry into DIR (default /tmp/svc-bench-vendure), outside this repository,
# and fills its own PostgreSQL database with the bench catalog's shape. Run once; then
# BENCH_VENDURE_DIR=DIR npm run bench measures it beside the service (README: "Benchmarks").
set -euo pipefail
dir=${1:-/tmp/svc-bench-vendure}
here=$(cd "$(dirname "$0")" && pwd)
db=${VENDURE_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/bench_vendure}
mkdir -p "$dir"
cp "$here"/config.js "$here"/populate.js "$here"/serve.js "$here"/products-csv.js "$dir"/
cd "$dir"
[ -f package.json ] || npm init -y > /dev/null
# bcrypt builds from source when no prebuilt binary can be fetched (g++ and Node's headers are on the machine).
npm install --no-audit --no-fund @vendure/core@3.5.7 pg@8 > install.log 2>&1 || { tail -20 install.log; exit 1; }
node products-csv.js products.csv
name=${db##*/}
psql "${db%/*}/postgres" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
VENDURE_SYNCHRONIZE=1 NODE_ENV=production VENDURE_DATABASE_URL=$db node populate.js
echo "Vendure is ready in $dir"
