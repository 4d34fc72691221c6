import { dataEnvelope, type JsonSchema, type PluginRouteDoc } from '../../src/plugin-api';
import { MAX_REPLAY_IDS } from './deliveries';

const UUID: JsonSchema = { type: 'string', format: 'uuid' };
const TIME: JsonSchema = { type: 'string', format: 'date-time' };
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const HEALTH = (status: 'ok' | 'degraded') =>
  dataEnvelope(
    object({
      status: { type: 'string', const: status },
      automation_reachable: { type: 'boolean', const: status === 'ok' },
      ...(status === 'degraded' ? { error: { type: 'string', description: 'Why the receiver was not reached.' } } : {}),
      checked_at: TIME,
    }),
  );

/**
 * The raw admin routes routes.ts mounts, with their request and response schemas (all need `plugins.manage`);
 * the delivery log's rows (route-rows.ts) are described from their operations.
 */
export const AUTOMATION_HTTP_ROUTES: PluginRouteDoc[] = [
  {
    method: 'GET',
    mount: 'plugin',
    path: '/health',
    auth: 'admin',
    summary: 'Whether the webhook receiver is reachable',
    responses: {
      200: { json: HEALTH('ok'), description: 'The receiver answered.' },
      503: { json: HEALTH('degraded'), description: 'The receiver did not answer.' },
    },
    errors: [],
  },
  {
    method: 'POST',
    mount: 'plugin',
    path: '/deliveries/replay',
    auth: 'admin',
    summary: 'Replay deliveries by id',
    description: 'Either `ids` or `status` (not both): those deliveries are due again now, with the same event id.',
    body: {
      type: 'object',
      properties: {
        ids: { type: 'array', items: UUID, minItems: 1, maxItems: MAX_REPLAY_IDS },
        status: { type: 'string', enum: ['dead', 'pending'] },
      },
    },
    responses: { 200: { json: dataEnvelope(object({ replayed: { type: 'integer', minimum: 0 } })) } },
    // An id that names no delivery is 404 `not_found` (nothing is replayed).
    errors: ['validation_error', 'not_found'],
  },
];
