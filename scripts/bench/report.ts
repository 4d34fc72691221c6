/** The benchmark's printed report, and what makes the run fail (5xx, connection errors, a broken ledger). */
import type { LoadResult } from './load';

/** One database's figures. */
export interface Run {
  database: string;
  seed: { ms: number; cliMs: number };
  startupMs: number;
  memory: { boot: number; end: number; peak: number };
  statements: Record<string, number>;
  bytes: Record<string, number>;
  scenarios: Record<
    string,
    LoadResult & {
      floor?: string;
      created?: number;
      refused?: number;
      /** PostgreSQL's CPU per request, ms (checkouts of distinct carts). */
      dbCpuMs?: number;
      violations?: string[];
      /** Mixed scenario: share of reads answered from the cache, and the checkouts that ran beside them. */
      hitRate?: number;
      checkoutsPerSecond?: number;
      checkoutFailures?: number;
    }
  >;
  defaultStart?: { boot: number; light: number; startupMs: number };
  /** The runtime group: each runtime's RSS (MiB) after boot, after its bulk import, and at its peak. */
  runtimes?: Record<
    string,
    { version: string; boot: number; afterImport: number; peak: number; peakAt?: string; importMs: number }
  >;
}

const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;

/** Prints every run; returns the failures (empty when the run is sound). */
export function report(runs: Run[], opts: { products: number; seconds: number }): string[] {
  const failed: string[] = [];
  console.log(
    `\n${opts.products} products × 10 variants; store pages of 25 with variants; autocannon 10 connections, ${opts.seconds} s per scenario`,
  );
  for (const run of runs) {
    console.log(`\n== ${run.database}`);
    console.log(
      `seed (svc seed --catalog): ${(run.seed.ms / 1000).toFixed(1)} s (CLI process ${(run.seed.cliMs / 1000).toFixed(1)} s); ` +
        `start-up to first 200: ${(run.startupMs / 1000).toFixed(2)} s; RSS MiB after boot ${run.memory.boot}, ` +
        `at the end ${run.memory.end}, peak ${run.memory.peak}`,
    );
    if (run.defaultStart)
      console.log(
        `npm start on the default embedded database (demo shop), restarted: first 200 after ${(run.defaultStart.startupMs / 1000).toFixed(2)} s, ` +
          `RSS after boot ${run.defaultStart.boot} MiB, after 100 light requests ${run.defaultStart.light} MiB`,
      );
    for (const [label, m] of Object.entries(run.runtimes ?? {}))
      console.log(
        `runtime ${label} (${m.version}): RSS MiB after boot ${m.boot}, after the bulk import ${m.afterImport} ` +
          `(${(m.importMs / 1000).toFixed(1)} s), peak ${m.peak}${m.peakAt ? ` (reached in ${m.peakAt})` : ''}`,
      );
    console.log(
      '\nscenario                                  req/s   p50 ms  p99 ms  CPU ms/req  non-2xx  5xx  errors  vs floor (req/s, CPU/req)',
    );
    for (const [name, r] of Object.entries(run.scenarios)) {
      const floor = r.floor ? run.scenarios[r.floor] : undefined;
      const vs = floor ? `${pct(r.rps, floor.rps)}, ${(r.cpuMs / floor.cpuMs).toFixed(1)}×` : '-';
      console.log(
        `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${r.cpuMs.toFixed(1).padStart(11)} ${String(r.non2xx).padStart(8)} ${String(r.serverErrors).padStart(4)} ${String(r.errors).padStart(7)}  ${vs}`,
      );
      if (r.created !== undefined)
        console.log(
          `${''.padEnd(40)} orders created ${r.created}, refused ${r.refused}; ledger: ${r.violations?.length ? r.violations.join(', ') : 'consistent, no oversell'}`,
        );
      if (r.dbCpuMs !== undefined)
        console.log(
          `${''.padEnd(40)} PostgreSQL CPU ${r.dbCpuMs.toFixed(1)} ms/req; service + database ${(r.cpuMs + r.dbCpuMs).toFixed(1)} ms/req`,
        );
      if (r.hitRate !== undefined)
        console.log(
          `${''.padEnd(40)} cache hit rate ${(r.hitRate * 100).toFixed(1)}% with ${r.checkoutsPerSecond?.toFixed(1)} checkouts/s (${r.checkoutFailures} failed)`,
        );
      if (r.serverErrors) failed.push(`${run.database} ${name}: ${r.serverErrors} answers 5xx`);
      if (r.errors) failed.push(`${run.database} ${name}: ${r.errors} connection errors or timeouts`);
      if (r.violations?.length) failed.push(`${run.database} ${name}: ${r.violations.join(', ')}`);
      if (!r.created && r.created !== undefined) failed.push(`${run.database} ${name}: no checkout succeeded`);
      if (r.non2xx && r.created === undefined) failed.push(`${run.database} ${name}: ${r.non2xx} answers not 2xx`);
    }
    const vendureRatio = (ours: string, theirs: string) => {
      const [a, b] = [run.scenarios[ours], run.scenarios[theirs]];
      if (a && b)
        console.log(
          `${ours}: ${(a.rps / b.rps).toFixed(1)}× ${theirs}'s throughput, ${(b.cpuMs / a.cpuMs).toFixed(1)}× less CPU per request (same run)`,
        );
    };
    vendureRatio('GraphQL by slug', 'Vendure by slug');
    vendureRatio('REST by slug', 'Vendure by slug');
    vendureRatio('GraphQL list, Vendure-shaped', 'Vendure list');
    const rest = run.scenarios['REST list'];
    const gql = run.scenarios['GraphQL list'];
    if (rest && gql) console.log(`\nREST list vs GraphQL list: ${pct(rest.rps, gql.rps)} of the GraphQL throughput`);
    if (Object.keys(run.statements).length) console.log('SQL statements per request:', run.statements);
    if (Object.keys(run.bytes).length) console.log('response bytes:', run.bytes);
  }
  console.log(`\nJSON: ${JSON.stringify(runs)}`);
  return failed;
}
