import { ANONYMOUS } from '../context/actor';
import { createContext } from '../context/create-context';
import type { AppServices } from '../context/ctx';
import { createAdminUser } from '../domains/users';
import { normalizeEmail } from '../platform/passwords';

/**
 * Contract §1: creates a `super_admin` from `SVC_BOOTSTRAP_ADMIN_EMAIL` + `SVC_BOOTSTRAP_ADMIN_PASSWORD` at
 * start when no admin user has that email. An existing account is left untouched (its password is not reset).
 */
export async function bootstrapAdmin(services: AppServices, input: { email: string; password: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (await services.prisma.adminUser.findUnique({ where: { email }, select: { id: true } })) return;
  if (input.password.length < 8) throw new Error('SVC_BOOTSTRAP_ADMIN_PASSWORD: at least 8 characters');
  const ctx = createContext(services, { id: 'bootstrap', actor: ANONYMOUS, log: services.log });
  await createAdminUser(ctx, { email, password: input.password, role: 'super_admin' });
  services.log.info({ email }, 'bootstrap super_admin created');
}
