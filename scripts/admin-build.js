// `svc serve` (and `npm start`) calls this before the service starts: it builds the admin dashboard (admin/ →
// admin/dist, `vite build`) when the build is missing or older than the admin's sources. It never fails a start:
// when the build cannot run (Vite not installed, e.g. `npm ci --omit=dev`, or the build errors) it says so once
// on stderr and the service serves without /admin. Nothing is built at install time.
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const ADMIN = join(__dirname, '..', 'admin');

/** The newest modification time among the files the build reads. */
function newestSource(admin) {
  let newest = 0;
  const walk = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') walk(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const name of ['src', 'index.html', 'vite.config.ts', 'package.json'])
    if (existsSync(join(admin, name))) walk(join(admin, name));
  return newest;
}

/**
 * Builds `admin` (default: this repository's admin/) when its dist/ is missing or stale. Returns what happened
 * (`current`, `built`, `skipped`, `failed`); never throws.
 */
function ensureAdminBuilt(admin = ADMIN, say = (line) => process.stderr.write(`${line}\n`)) {
  if (!existsSync(join(admin, 'package.json'))) return 'skipped';
  // `admin.enabled: false` from the environment: nothing to build (a config file's value is read later).
  if (/^(false|0|off|no)$/i.test(process.env.SVC_ADMIN_ENABLED ?? '')) return 'skipped';
  const index = join(admin, 'dist', 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource(admin)) return 'current';
  let vite;
  try {
    // Vite's package exports do not list its CLI: find the package, then its `bin`.
    const manifest = require.resolve('vite/package.json', { paths: [admin] });
    vite = join(manifest, '..', require(manifest).bin.vite);
  } catch {
    say('svc: the admin dashboard is not built and Vite is not installed: serving without /admin');
    return 'skipped';
  }
  say('svc: building the admin dashboard (admin/dist)…');
  const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
    cwd: admin,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 300_000,
    encoding: 'utf8',
  });
  if (run.status !== 0 || !existsSync(index)) {
    const why = (run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n').slice(0, 5).join('\n');
    const serving = existsSync(index) ? 'serving the previous build' : 'serving without /admin';
    say(`svc: the admin dashboard could not be built; ${serving}\n${why}`);
    return 'failed';
  }
  return 'built';
}

module.exports = { ensureAdminBuilt };
