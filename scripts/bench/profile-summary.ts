/**
 * Summarises a V8 `.cpuprofile` (from `BENCH_CPU_PROF=<dir> npm run bench`): self time per package
 * (node_modules/<pkg>, our own folders, node internals, GC) and the top functions by self time.
 * Usage: node -r @swc-node/register scripts/bench/profile-summary.ts <file.cpuprofile> [top=25] [skip seconds=0]
 * (skip the first seconds to leave start-up out of a load profile).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, skipArg] = process.argv.slice(2);

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const skipUs = Number(skipArg ?? 0) * 1e6;
let elapsed = 0;
profile.samples.forEach((id, i) => {
  elapsed += profile.timeDeltas[i] ?? 0;
  if (elapsed >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

/** The package a frame belongs to: the innermost node_modules package, else our top folder, else node. */
function owner(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/g;
  let last: string | undefined;
  for (let hit = m.exec(url); hit; hit = m.exec(url)) last = hit[1];
  if (last) return last;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = /\/dist\/((?:src|rest|plugins)\/[^/]+(?:\/[^/]+)?)/.exec(url);
  return ours ? ours[1] : url;
}

const total = [...self.values()].reduce((a, b) => a + b, 0);
const packages = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of self) {
  const { callFrame: cf } = byId.get(id)!;
  const pkg = owner(cf.url, cf.functionName);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  const key = `${cf.functionName || '(anonymous)'} ${pkg}:${cf.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}
const top = Number(topArg ?? 25);
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`total sampled ${(total / 1e6).toFixed(1)} s\n\nself time by package:`);
for (const [k, v] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
console.log('\ntop functions by self time:');
for (const [k, v] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
