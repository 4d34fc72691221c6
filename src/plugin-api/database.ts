import { cappedCount } from '../context/page-statement';
import { Prisma, type PrismaClient } from '../generated/prisma/client';
import { capCount } from '../shared/pagination';

type Client = PrismaClient | Prisma.TransactionClient;

/** Every model delegate of the Prisma client; a plugin may declare only those named after it (`automation…`). */
export type PluginTableName = Exclude<keyof Prisma.TransactionClient, `$${string}` | symbol>;

/** A plugin's view of the database: its own tables, raw SQL (`sql` tagged templates) and transactions. */
export type PluginDatabase<T extends PluginTableName> = Pick<Prisma.TransactionClient, T> & {
  $queryRaw: Prisma.TransactionClient['$queryRaw'];
  $executeRaw: Prisma.TransactionClient['$executeRaw'];
  /** Runs `fn` in one transaction (or in the current one). Never hold it across network I/O. */
  $transaction<R>(fn: (db: PluginDatabase<T>) => Promise<R>): Promise<R>;
};

/** SQL building blocks for `$queryRaw` / `$executeRaw`. */
export const sql = Prisma.sql;
export const sqlJoin = Prisma.join;
export const sqlRaw = Prisma.raw;

/**
 * How many rows `rows` (a `SELECT`) returns, counted up to COUNT_CAP as the core's big lists count (D-234): a list's
 * `meta.total` stops at 10,000, so a page of a table that grows by the day never counts all of it.
 */
export async function cappedTotal(db: Pick<PluginDatabase<never>, '$queryRaw'>, rows: Prisma.Sql): Promise<number> {
  const [{ n }] = await db.$queryRaw<Array<{ n: bigint | number }>>(cappedCount(rows));
  return capCount(n);
}

/** The model name a plugin may own: its name as a prefix (`automation` → `automationEvent`). */
export function isPluginTable(plugin: string, table: string): boolean {
  return table.startsWith(plugin) && /^[A-Z]/.test(table.slice(plugin.length));
}

/** Narrows `client` (the root client or an open transaction) to `tables`. */
export function pluginDatabase<T extends PluginTableName>(client: Client, tables: readonly T[]): PluginDatabase<T> {
  const view = {
    $queryRaw: client.$queryRaw.bind(client),
    $executeRaw: client.$executeRaw.bind(client),
    $transaction: <R>(fn: (db: PluginDatabase<T>) => Promise<R>): Promise<R> =>
      '$transaction' in client
        ? (client as PrismaClient).$transaction((tx) => fn(pluginDatabase(tx, tables)), {
            maxWait: 10_000,
            timeout: 30_000,
          })
        : fn(view as PluginDatabase<T>),
  } as Record<string, unknown>;
  for (const table of tables) view[table] = (client as unknown as Record<string, unknown>)[table];
  return view as PluginDatabase<T>;
}

/**
 * For a plugin's GraphQL resolvers: its tables, through the client of the service answering the request
 * (`@Ctx() context`). Call `assertPluginActive` first.
 */
export function pluginDatabaseFor<T extends PluginTableName>(
  context: unknown,
  tables: readonly T[],
): PluginDatabase<T> {
  return pluginDatabase((context as { prisma: PrismaClient }).prisma, tables);
}
