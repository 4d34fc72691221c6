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
    status: (r: { status: string }) => (r.status === 'ready' ? 200 : 503),
  }),
];
