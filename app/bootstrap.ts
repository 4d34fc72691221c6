import { ANONYMOUS } from '../src/context/actor';
import { createContext } from '../src/context/create-context';
import type { AppServices } from '../src/context/ctx';
import { createAdminUser } from '../src/domains/users';
import { normalizeEmail } from '../src/platform/passwords';
import { AppError } from '../src/shared/errors';

/**
 * Contract §1: creates a `super_admin` from `SVC_BOOTSTRAP_ADMIN_EMAIL` + `SVC_BOOTSTRAP_ADMIN_PASSWORD` at
 * start when no admin user has that email. An existing account is left untouched (its password is not reset).
 * Instances started together (a deployment's replicas, `serve` beside `worker`) may all find no account: one
 * creates it, and the others' insert meets the unique email, which is the same outcome, not a failed start.
 */
export async function bootstrapAdmin(services: AppServices, input: { email: string; password: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (await services.prisma.adminUser.findUnique({ where: { email }, select: { id: true } })) return;
  if (input.password.length < 8) throw new Error('SVC_BOOTSTRAP_ADMIN_PASSWORD: at least 8 characters');
  const ctx = createContext(services, { id: 'bootstrap', actor: ANONYMOUS, log: services.log });
  try {
    await createAdminUser(ctx, { email, password: input.password, role: 'super_admin' });
  } catch (err) {
    if (err instanceof AppError && err.code === 'email_taken') return;
    throw err;
  }
  services.log.info({ email }, 'bootstrap super_admin created');
}
