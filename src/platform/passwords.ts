import type Argon2 from 'argon2';

import type { Config } from './config/keys';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Compares against `hash`, or against a dummy hash of the same cost when there is no user (constant work). */
  verify(hash: string | null, password: string): Promise<boolean>;
}

/**
 * argon2id with the configured cost (the spec's 64 MiB and 3 iterations by default). Unknown emails are
 * compared against a dummy hash made with the same parameters, so a login takes as long whether or not
 * the email exists. A stored hash that is not argon2 (placeholder rows) simply never matches.
 */
export function createPasswordHasher(
  config: Pick<Config, 'auth.argon2.memory_kib' | 'auth.argon2.iterations' | 'auth.argon2.parallelism'>,
): PasswordHasher {
  // argon2 (a native addon) loads with the first hash: a request path without passwords never pays for it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const argon2 = () => require('argon2') as typeof Argon2;
  const options = {
    type: 2 satisfies typeof Argon2.argon2id,
    memoryCost: config['auth.argon2.memory_kib'],
    timeCost: config['auth.argon2.iterations'],
    parallelism: config['auth.argon2.parallelism'],
  } as const;
  let dummy: Promise<string> | undefined;
  const hash = (password: string) => argon2().hash(password, options);
  return {
    hash,
    async verify(stored, password) {
      const target =
        stored && stored.startsWith('$argon2') ? stored : await (dummy ??= hash('dummy-password-for-unknown-emails'));
      try {
        const ok = await argon2().verify(target, password);
        return ok && target === stored;
      } catch {
        return false;
      }
    },
  };
}

/** Emails are compared, stored and counted trimmed and lower-cased (the spec), so case variants are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
