/** System: health (liveness) and readiness. */
import type { DomainModule } from '../module';
import { HealthResolver } from './health.resolver';
import { ReadinessResolver } from './readiness.resolver';
import { systemAccess } from './system.access';

export const domain: DomainModule = {
  name: 'system',
  resolvers: [HealthResolver, ReadinessResolver],
  access: [systemAccess],
};
