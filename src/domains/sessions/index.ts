/** Sessions: password login (admin and customer), refresh-token rotation, logout, and who is signed in. */
import type { DomainModule } from '../module';
import { SessionResolver } from './session.resolver';
import { sessionsAccess } from './sessions.access';
import { StaffAuthResolver } from './staff-auth.resolver';
import { ViewerResolver } from './viewer.resolver';

export const domain: DomainModule = {
  name: 'sessions',
  resolvers: [SessionResolver, ViewerResolver, StaffAuthResolver],
  access: [sessionsAccess],
};
