import { ensureTemplate } from './template';

/** Builds the migrated embedded-database template before the workers start (skipped on PostgreSQL). */
export default async function globalSetup(): Promise<void> {
  if (process.env.SVC_TEST_DATABASE_URL) {
    console.log(
      `\n[svc tests] database: PostgreSQL (${process.env.SVC_TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`,
    );
    return;
  }
  console.log('\n[svc tests] database: embedded PGlite (set SVC_TEST_DATABASE_URL to use PostgreSQL)');
  process.env.SVC_TEST_TEMPLATE = await ensureTemplate();
}
