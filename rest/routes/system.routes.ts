import * as op from '../../src/generated/graphql';
import { route } from '../../src/routing/route';

export const systemRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/health',
    operation: op.HealthDocument,
    result: 'health',
    status: { field: 'status', map: { ok: 200 }, otherwise: 503 },
  }),
  route({
    method: 'GET',
    path: '/api/v1/health/ready',
    operation: op.ReadinessDocument,
    result: 'readiness',
    // Degraded (Redis down, limits kept per instance) still serves: taking every instance out of rotation
    // for a Redis outage would turn a degradation into downtime.
    status: { field: 'status', map: { not_ready: 503 }, otherwise: 200 },
  }),
];
