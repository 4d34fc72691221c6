#!/usr/bin/env node
// The `svc` binary (and `npm start`): runs the compiled build in dist/ when it is current, else the
// TypeScript sources through SWC. A dist/ older than any source is never run silently: it says so on stderr
// and runs the sources (or refuses, when SWC isn't installed), so an edit is never shadowed by an old build.
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const built = join(root, 'dist', 'app', 'main.js');

/** The newest file under the folders the build compiles (and the plugins' assets it copies). */
function newestSource() {
  let newest = { path: '', mtimeMs: 0 };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.test.ts')) {
        const { mtimeMs } = statSync(path);
        if (mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
      }
    }
  };
  for (const dir of ['src', 'rest', 'plugins', 'app']) if (existsSync(join(root, dir))) walk(join(root, dir));
  return newest;
}

/**
 * Any `OTEL_*` variable (and no `OTEL_SDK_DISABLED=true`) preloads the OpenTelemetry SDK before the service's
 * modules, as `node -r …/telemetry/register.js` would, so http, express, graphql, ioredis and Prisma are
 * instrumented when first required. Without one nothing of OpenTelemetry is loaded (docs/operations.md).
 */
const telemetryWanted =
  process.env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' &&
  Object.keys(process.env).some((name) => name.startsWith('OTEL_') && process.env[name]);

function runSources() {
  // MCP clients (Claude Desktop, Cursor) start `svc` from any folder: compile with this project's settings.
  process.env.SWC_NODE_PROJECT ??= join(root, 'tsconfig.json');
  require('@swc-node/register');
  if (telemetryWanted) require(join(root, 'src', 'platform', 'telemetry', 'register.ts'));
  require(join(root, 'app', 'main.ts'));
}

function runBuilt() {
  if (telemetryWanted) require(join(root, 'dist', 'src', 'platform', 'telemetry', 'register.js'));
  require(built);
}

const swcInstalled = (() => {
  try {
    require.resolve('@swc-node/register');
    return true;
  } catch {
    return false;
  }
})();

// The admin dashboard is built on the first `serve` after a change to admin/ (never at install; never fatal).
if (process.argv[2] === 'serve') require('./admin-build').ensureAdminBuilt();

if (process.env.SVC_FROM_SOURCE || !existsSync(built)) {
  runSources();
} else {
  const source = newestSource();
  if (source.mtimeMs <= statSync(built).mtimeMs) {
    runBuilt();
  } else if (swcInstalled) {
    process.stderr.write(
      `svc: dist/ is older than ${relative(root, source.path)}; running the sources (npm run build to use the build)\n`,
    );
    runSources();
  } else {
    process.stderr.write(`svc: dist/ is older than ${relative(root, source.path)}: run npm run build\n`);
    process.exit(78);
  }
}
