import { loadConfig } from './config/load';
import { createPasswordHasher, normalizeEmail } from './passwords';

describe('password hashing', () => {
  it('uses argon2id with 64 MiB and 3 iterations by default (the spec), configurable', async () => {
    const defaults = loadConfig({ env: {} });
    const hash = await createPasswordHasher(defaults).hash('a long password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=2,t=3\$/);
    const cheap = createPasswordHasher({
      'auth.argon2.memory_kib': 1024,
      'auth.argon2.iterations': 1,
      'auth.argon2.parallelism': 1,
    });
    expect(await cheap.hash('x')).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });

  it('verifies, and never matches a missing or non-argon2 hash (while still doing the full comparison)', async () => {
    const hasher = createPasswordHasher({
      'auth.argon2.memory_kib': 1024,
      'auth.argon2.iterations': 1,
      'auth.argon2.parallelism': 1,
    });
    const hash = await hasher.hash('secret password');
    expect(await hasher.verify(hash, 'secret password')).toBe(true);
    expect(await hasher.verify(hash, 'Secret password')).toBe(false);
    expect(await hasher.verify(null, 'dummy-password-for-unknown-emails')).toBe(false);
    expect(await hasher.verify('plain-text', 'plain-text')).toBe(false);
  });

  it('normalizes emails by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
