/**
 * Large distinct GraphQL documents against an instance with `npm start`'s heap (issue 53): each used to stay in
 * memory (the compiled-query cache held 500 documents of any size, nothing bounded a document's tokens or
 * operations) and four requests of 800 kB (30,000 `query qN { __typename }` operations, new names each time) ran
 * a 256 MB heap out, each blocking every other client for 2–3 s. Now documents are bounded (bytes, tokens,
 * operations, fragments) and every cache of GraphQL work by bytes: hundreds of the worst documents the limits
 * let through, and some they refuse, leave the instance up, its RSS bounded and a small client's latency low.
 */
import { readFileSync } from 'node:fs';

import { startSvcProcess, type SvcProcess } from '../harness/svc-process';

/** `npm start`'s flags and allocator settings (package.json's start script). */
const NPM_START_NODE_ARGS = ['--max-old-space-size=256', '--max-semi-space-size=4', '--no-maglev', '--v8-pool-size=2'];
const NPM_START_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', MALLOC_TRIM_THRESHOLD_: '1048576' };

/**
 * Bounds with headroom over what was measured (issue 53's notes): on the embedded database an instance settles at
 * ~270 MB RSS and peaked at 331 MB during the run (+62 MB), on PostgreSQL 187 -> 251 MB; the small client's p99
 * was 645 ms (embedded) and 981 ms (PostgreSQL, one outlier of 70) on a two-core machine at a load average of
 * 10-13, where an idle request took 76 and 16 ms (p50). The bound is on p95, which one stall cannot decide. Before the fix the third 800 kB
 * document took the RSS past 450 MB and the process died, and each such document held every client 2–3.4 s.
 */
const RSS_BOUND_MB = 480;
const RSS_GROWTH_BOUND_MB = 150;
const P95_BOUND_MS = 1_000;

const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const long = (prefix: string, round: number, length: number) =>
  `${prefix}${round}_${'x'.repeat(Math.max(0, length - prefix.length - String(round).length - 1))}`;

/** The worst documents the limits let through (32 KiB, 1,000 tokens, 20 operations, 50 fragments), new each round. */
const accepted: Array<(round: number) => { query: string; operationName?: string }> = [
  // 20 operations with fresh 1.5 kB names: every name a new compiled entry of a 30 kB document.
  (round) => {
    const names = Array.from({ length: 20 }, (_, i) => long(`q${i}_`, round, 1500));
    return {
      query: names.map((n) => `query ${n} { health { status } __typename }`).join('\n'),
      operationName: names[round % 20],
    };
  },
  // A wide selection near the token limit, with a long comment up to the byte limit.
  (round) => ({
    query: `query W${round} { health { ${Array.from({ length: 110 }, () => 'status @include(if: true)').join(' ')} } } # ${'c'.repeat(28_000)}`,
  }),
  // 50 fragments with fresh long names, all spread in one selection.
  (round) => {
    const names = Array.from({ length: 50 }, (_, i) => long(`F${i}_`, round, 280));
    return {
      query: `query Fr${round} { health { ${names.map((n) => `...${n}`).join(' ')} } } ${names.map((n) => `fragment ${n} on Health { status }`).join(' ')}`,
    };
  },
];

/** Reads that reach the database (compiled and spliced runners), a fresh name each time: every third round. */
const reads: Array<(round: number) => { query: string; operationName?: string }> = [
  (round) => ({
    query: `query P${round}_${'p'.repeat(2000)} { ${Array.from({ length: 5 }, (_, i) => `a${i}: storeProducts(limit: 2) { items { id translations { name slug } variants { id sku } } }`).join(' ')} }`,
  }),
];

/** Documents the limits refuse: the probe's 800 kB one, and one over the token limit within the byte limit. */
const refused: Array<(round: number) => { query: string; operationName?: string }> = [
  (round) => ({
    query: Array.from({ length: 30_000 }, (_, i) => `query q${round}_${i} { __typename }`).join('\n'),
    operationName: `q${round}_0`,
  }),
  (round) => ({ query: `query T${round} { health { ${Array.from({ length: 1200 }, () => 'status').join(' ')} } }` }),
];

describe('large distinct GraphQL documents against npm start’s heap', () => {
  let svc: SvcProcess;

  beforeAll(async () => {
    svc = await startSvcProcess(
      {
        ...NPM_START_ENV,
        // The probe's worst case is one client with no budget left to stop it: take the global budget away.
        SVC_SECURITY_RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000',
        SVC_SECURITY_RATE_LIMIT_BURST: '1000000',
        SVC_LOG_LEVEL: 'warn',
      },
      NPM_START_NODE_ARGS,
    );
  }, 600_000);

  afterAll(async () => {
    await svc?.close();
  });

  it('stays up, answers 200 or 4xx, keeps its RSS bounded and a small client fast', async () => {
    const pid = svc.child.pid!;
    const post = (body: unknown) =>
      fetch(`${svc.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Warm up what every instance compiles on first use, then take the baseline.
    for (let i = 0; i < 3; i++) await (await post({ query: '{ health { status } }' })).text();
    const baseline = rssMb(pid);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await (await post({ query: 'query Small { health { status } }' })).text();
      idle.push(performance.now() - started);
    }
    idle.sort((a, b) => a - b);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);

    let attacking = true;
    const failures: string[] = [];
    const latencies: number[] = [];
    const probe = (async () => {
      while (attacking) {
        const started = performance.now();
        const res = await post({ query: 'query Small { health { status } }' }).catch((err: Error) => err);
        // (fetch's errors come from another realm than the test's `Error`: told apart by shape.)
        if (!('status' in res)) failures.push(`probe: ${res.message} ${String(res.cause)}`);
        else if (res.status !== 200) failures.push(`probe: ${res.status} ${await res.text()}`);
        else {
          await res.arrayBuffer();
          latencies.push(performance.now() - started);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const statuses = new Map<number, number>();
    const ROUNDS = 105;
    const CONCURRENCY = 2;
    const documents = Array.from({ length: ROUNDS }, (_, round) => [
      ...accepted.map((make) => make(round)),
      ...(round % 3 === 0 ? [...reads, ...refused].map((make) => make(round)) : []),
    ]).flat();
    let next = 0;
    const attacker = async () => {
      while (next < documents.length) {
        const res = await post(documents[next++]).catch((err: Error) => err);
        if (!('status' in res)) failures.push(`attack: ${res.message} ${String(res.cause)}`);
        else {
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, attacker));
    } finally {
      attacking = false;
      clearInterval(sampler);
    }
    await probe;

    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    const p99 = sorted[Math.floor(sorted.length * 0.99)];
    const figures = {
      documents: documents.length,
      statuses: Object.fromEntries(statuses),
      baselineMb: Math.round(baseline),
      peakMb: Math.round(peak),
      probes: latencies.length,
      p50: Math.round(sorted[Math.floor(sorted.length / 2)]),
      p95: Math.round(p95),
      p99: Math.round(p99),
      max: Math.round(sorted[sorted.length - 1]),
      idleP50: Math.round(idle[10]),
      idleMax: Math.round(idle[19]),
      failures: failures.length,
    };
    if (failures.length) console.log(`svc stderr: ${svc.stderr().slice(-3000)}`);
    console.log(`graphql-memory (${svc.kind}): ${JSON.stringify(figures)}`);

    expect({ failures: failures.slice(0, 5), exitCode: svc.child.exitCode }).toEqual({ failures: [], exitCode: null });
    expect(documents.length).toBeGreaterThanOrEqual(400);
    expect([...statuses.keys()].every((s) => s === 200 || (s >= 400 && s < 500))).toBe(true);
    expect(statuses.get(200)).toBe(ROUNDS * accepted.length + (ROUNDS / 3) * reads.length);
    expect(peak).toBeLessThan(RSS_BOUND_MB);
    expect(peak - baseline).toBeLessThan(RSS_GROWTH_BOUND_MB);
    expect(p95).toBeLessThan(P95_BOUND_MS);
    const after = await post({ query: '{ health { status } }' });
    expect(after.status).toBe(200);
  }, 180_000);
});
