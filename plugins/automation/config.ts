import { AFTER_HOOKS, type AfterHookName, type PluginConfigOf } from '../../src/plugin-api';

/** The after-hooks the spec forwards by default: all 16 but `checkout.after_failed`. */
export const FORWARDED_HOOKS: readonly AfterHookName[] = AFTER_HOOKS.filter((h) => h !== 'checkout.after_failed');

/** `plugins.automation.*` (env `SVC_PLUGINS_AUTOMATION_*`). */
export const configSchema = {
  webhook_base_url: {
    type: 'string',
    required: true,
    url: true,
    doc: 'Events are POSTed to `<webhook_base_url>/<event name>`.',
  },
  secret: {
    type: 'string',
    required: true,
    secret: true,
    doc: 'Shared secret: HMAC key of `X-Svc-Signature` and `webhook-signature`, and the `X-Svc-Token` value.',
  },
  timeout_seconds: { type: 'int', default: 10, min: 1, max: 120, doc: 'Time limit of one delivery attempt.' },
  hooks: {
    type: 'list',
    default: FORWARDED_HOOKS,
    choices: FORWARDED_HOOKS,
    doc: 'The after-hooks to forward (default: all 16 of the spec).',
  },
  retry_base_seconds: {
    type: 'int',
    default: 30,
    min: 1,
    max: 86_400,
    doc: 'Delay before the first retry; it doubles after each failure.',
  },
  max_attempts: { type: 'int', default: 8, min: 1, max: 50, doc: 'Attempts before an event is `dead`.' },
  concurrency: { type: 'int', default: 4, min: 1, max: 32, doc: 'Deliveries in flight at once per instance.' },
  batch_size: { type: 'int', default: 50, min: 1, max: 500, doc: 'Events leased per round trip.' },
  retention_days: {
    type: 'int',
    default: 30,
    min: 1,
    max: 3650,
    doc: 'Delivered events and their attempts are deleted this many days after delivery; pending and `dead` ones stay.',
  },
  prune_interval_seconds: {
    type: 'int',
    default: 3600,
    min: 1,
    max: 86_400,
    doc: 'How often each instance deletes delivered events past `retention_days` (in batches of 1000).',
  },
  poll_interval_ms: {
    type: 'int',
    default: 1000,
    min: 20,
    max: 60_000,
    doc: 'How often the relay looks for due events (commits also wake it at once).',
  },
} as const;

export type AutomationConfig = PluginConfigOf<typeof configSchema>;
