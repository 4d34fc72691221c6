import 'reflect-metadata';

// Test processes never read the developer's svc.config.yaml or stray SVC_* settings.
for (const name of Object.keys(process.env)) {
  if (name.startsWith('SVC_') && !name.startsWith('SVC_TEST_')) delete process.env[name];
}
delete process.env.DATABASE_URL;

// graphql-js picks its `instanceOf` when it loads: under any NODE_ENV but `production` a failed check also looks up
// both classes' names to warn of a second copy of graphql, which made it ~5 % of the suite's CPU (every schema
// build and validation asks `isListType`, `isObjectType`, … many times). Deployments and the bench run with
// `production` (scripts/bench/run.ts); the tests load graphql that way too and leave NODE_ENV as Jest set it for
// everything else (Apollo reads it for its own defaults).
const nodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('graphql');
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
