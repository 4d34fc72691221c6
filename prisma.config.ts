// Prisma 7 configuration (read by the Prisma CLI: `npm run db:generate`).
// The URL is optional: generate needs none, and the service reads SVC_DATABASE_URL itself at run time.
// Migrations are created and checked by scripts/db-migration.ts and scripts/db-check.ts (offline wasm engine),
// and applied by src/platform/db/migrator.ts.
import { defineConfig } from 'prisma/config';

const url = process.env.SVC_DATABASE_URL || process.env.DATABASE_URL;

export default defineConfig({
  // a folder: prisma/schema.prisma (generator, datasource) + prisma/models/*.prisma
  schema: 'prisma',
  migrations: { path: 'prisma/migrations' },
  ...(url ? { datasource: { url } } : {}),
});
