/** System: health. */
import type { DomainModule } from '../module';
import { HealthResolver } from './health.resolver';
import { systemAccess } from './system.access';

export const domain: DomainModule = { name: 'system', resolvers: [HealthResolver], access: [systemAccess] };
