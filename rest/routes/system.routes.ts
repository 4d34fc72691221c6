import * as op from '../../src/generated/graphql';
import { route } from '../route';

export const systemRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/health',
    operation: op.HealthDocument,
    result: (d) => d.health,
    status: (h: { status: string }) => (h.status === 'ok' ? 200 : 503),
  }),
  route({
    method: 'GET',
    path: '/api/v1/health/ready',
    operation: op.ReadinessDocument,
    result: (d) => d.readiness,
    // Degraded (Redis down, limits kept per instance) still serves: taking every instance out of rotation
    // for a Redis outage would turn a degradation into downtime.
    status: (r: { status: string }) => (r.status === 'not_ready' ? 503 : 200),
  }),
];
