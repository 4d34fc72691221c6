import { randomBytes } from 'node:crypto';

import type { Config } from '../../src/platform/config/keys';
import type { Logger } from '../../src/platform/logger';
import { openServices } from '../runtime';
import { DEFAULT_SEED_BATCH, MAX_SEED_VARIANTS, seedCatalog } from '../seed/catalog';
import type { CliOutput } from './output';

export interface CatalogSeedArgs {
  products: number;
  variants: number;
  batchSize: number;
}

const LIMITS = { catalog: [1, 1_000_000], variants: [0, MAX_SEED_VARIANTS], batch: [1, 5_000] } as const;

/** `--catalog N [--variants V] [--batch B]` (also `--name=value`); a problem is returned as usage text. */
export function parseCatalogArgs(args: string[]): CatalogSeedArgs | string {
  const values: Record<string, number> = { variants: MAX_SEED_VARIANTS, batch: DEFAULT_SEED_BATCH };
  for (let i = 0; i < args.length; i++) {
    const m = /^--(catalog|variants|batch)(?:=(.*))?$/.exec(args[i]);
    if (!m) return `seed: unknown argument ${args[i]}`;
    const name = m[1] as keyof typeof LIMITS;
    const text = m[2] ?? args[++i];
    const n = Number(text);
    const [min, max] = LIMITS[name];
    if (text === undefined || !/^\d+$/.test(text) || n < min || n > max)
      return `seed: --${name} takes a whole number from ${min} to ${max}`;
    values[name] = n;
  }
  if (values.catalog === undefined) return 'seed: expected seed --demo or seed --catalog N';
  return { products: values.catalog, variants: values.variants, batchSize: values.batch };
}

/**
 * `svc seed --catalog N`: the bulk fast path (see app/seed/catalog.ts) with a progress indicator on stderr:
 * a line rewritten in place on a terminal, one line per batch otherwise (one JSON object each with `--json`).
 */
export async function seedCatalogCommand(config: Config, log: Logger, args: CatalogSeedArgs, out: CliOutput) {
  // The seed signs no token, so it needs no JWT secret: against PostgreSQL, where the server refuses to start
  // without one, a throwaway secret lets an operator load a catalog before the service is configured.
  const opened = await openServices({
    config: config['auth.jwt_secret'] ? config : { ...config, 'auth.jwt_secret': randomBytes(64).toString('hex') },
    log,
  });
  const tty = process.stderr.isTTY && !out.json;
  const progress = (done: number, total: number) => {
    const pct = Math.floor((done / total) * 100);
    if (out.json) process.stderr.write(`${JSON.stringify({ progress: { done, total } })}\n`);
    else process.stderr.write(`${tty ? '\r' : ''}seeding products: ${done}/${total} (${pct}%)${tty ? '' : '\n'}`);
  };
  try {
    const summary = await seedCatalog(opened.services.prisma, { ...args, onProgress: progress });
    if (tty) process.stderr.write('\n');
    out.result(
      summary ? { seeded: true, ...summary } : { seeded: false },
      summary
        ? `catalog loaded: ${summary.products} products, ${summary.variants} variants in ${(summary.ms / 1000).toFixed(1)} s` +
            (summary.rowChecksSkipped
              ? ''
              : ' (row-by-row foreign-key checks: this role may not set session_replication_role)')
        : 'the catalog already has products: nothing seeded',
    );
  } finally {
    await opened.close();
  }
}
