/** Sessions: password login (admin and customer), refresh-token rotation, logout. */
import type { DomainModule } from '../module';
import { SessionResolver } from './session.resolver';
import { sessionsAccess } from './sessions.access';

export const domain: DomainModule = { name: 'sessions', resolvers: [SessionResolver], access: [sessionsAccess] };
