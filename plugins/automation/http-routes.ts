import { type JsonSchema, type PluginRouteDoc, dataEnvelope } from '../../src/plugin-api';
import { DELIVERY_STATUSES, MAX_REPLAY_IDS } from './deliveries';

const UUID: JsonSchema = { type: 'string', format: 'uuid' };
const TIME: JsonSchema = { type: 'string', format: 'date-time' };
const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra });
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/** A delivery as the routes show it (routes.ts `restView`). */
const DELIVERY = object({
  id: UUID,
  event: { type: 'string', description: 'The hook event, e.g. `order.after_create`.' },
  status: { type: 'string', enum: [...DELIVERY_STATUSES] },
  attempt_count: { type: 'integer', minimum: 0 },
  next_attempt_at: nullable('string', { format: 'date-time', description: 'Set while the delivery is pending.' }),
  last_status_code: nullable('integer'),
  last_error: nullable('string'),
  delivered_at: nullable('string', { format: 'date-time' }),
  created_at: TIME,
  payload: { description: 'The webhook body as sent.' },
  attempts: {
    type: 'array',
    items: object({
      attempt: { type: 'integer', minimum: 1 },
      status_code: nullable('integer'),
      duration_ms: { type: 'integer', minimum: 0 },
      error: nullable('string'),
      response_body: nullable('string'),
      next_attempt_at: nullable('string', { format: 'date-time' }),
      created_at: TIME,
    }),
  },
});

const PAGE_META = object({
  total: { type: 'integer', minimum: 0 },
  page: { type: 'integer', minimum: 1 },
  limit: { type: 'integer', minimum: 1 },
  pages: { type: 'integer', minimum: 0 },
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

/** The admin routes routes.ts mounts, with their request and response schemas (all need `plugins.manage`). */
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
    method: 'GET',
    mount: 'plugin',
    path: '/deliveries',
    auth: 'admin',
    summary: 'The delivery log (paged, filterable)',
    query: {
      status: { type: 'string', enum: [...DELIVERY_STATUSES] },
      event: { type: 'string', maxLength: 100 },
      page: { type: 'integer', minimum: 1, default: 1 },
      limit: { type: 'integer', minimum: 1, default: 20, description: 'At most 200 (a larger limit is clamped).' },
    },
    responses: {
      200: {
        json: {
          type: 'object',
          properties: { data: { type: 'array', items: DELIVERY }, meta: PAGE_META },
          required: ['data', 'meta'],
          additionalProperties: false,
        },
      },
    },
    errors: ['validation_error'],
  },
  {
    method: 'GET',
    mount: 'plugin',
    path: '/deliveries/:id',
    auth: 'admin',
    summary: 'One delivery with its attempts',
    params: { id: UUID },
    responses: { 200: { json: dataEnvelope(DELIVERY) } },
    errors: ['validation_error', 'not_found'],
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
