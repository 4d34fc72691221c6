import 'reflect-metadata';

// Test processes never read the developer's svc.config.yaml or stray SVC_* settings.
for (const name of Object.keys(process.env)) {
  if (name.startsWith('SVC_') && !name.startsWith('SVC_TEST_')) delete process.env[name];
}
delete process.env.DATABASE_URL;
