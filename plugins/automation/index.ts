/**
 * The automation plugin (spec: "Automation plugin endpoint", "Events"; contract §8): forwards after-hooks to a
 * workflow tool as signed webhooks, durably. Each event is written to the plugin's outbox inside the
 * transaction of the change that raised it, and a relay delivers it at least once, with retries, a delivery
 * log and replay, across crashes, restarts and several instances.
 */
import { currentTraceparent, definePlugin, type HookEvent } from '../../src/plugin-api';
import { type AutomationConfig, configSchema } from './config';
import { automationGraphql } from './graphql';
import { AUTOMATION_HTTP_ROUTES } from './http-routes';
import { type AutomationTables, observeOutbox, Relay } from './relay';
import { AUTOMATION_ROUTE_ROWS } from './route-rows';
import { mountRoutes } from './routes';

/** Relays being stopped (one per service instance in this process; tests run two). */
const stopping = new Set<Promise<void>>();

/** The document POSTed for an event (the spec's body), serialized once so every attempt signs the same bytes. */
function eventBody(event: HookEvent): string {
  return JSON.stringify({
    event: event.name,
    timestamp: new Date().toISOString(),
    entity: event.entity,
    changes: event.changes,
    metadata: event.metadata,
  });
}

export const automationPlugin = definePlugin({
  name: 'automation',
  version: '1.0.0',
  description: 'Forwards after-hooks to a workflow tool as signed, retried, durable webhooks.',
  configSchema,
  tables: ['automationEvent', 'automationAttempt'] as AutomationTables[],
  graphql: automationGraphql,
  httpRoutes: AUTOMATION_HTTP_ROUTES,
  routes: AUTOMATION_ROUTE_ROWS,
  init(ctx) {
    const config = ctx.config as AutomationConfig;
    const current = new Relay(ctx.db, config, ctx.log);
    ctx.stopping.addEventListener('abort', () => void stopping.add(current.stop()));
    for (const name of config.hooks as Array<HookEvent['name'] & `${string}.after_${string}`>) {
      // In the change's transaction: a rolled-back change leaves no event, a committed one always has its row.
      ctx.hooks.inTransaction(name, async (event, db) => {
        // With tracing on, the writing request's trace context goes with the row: the delivery's span links to it.
        await db.automationEvent.create({
          data: { eventName: name, body: eventBody(event), traceParent: currentTraceparent() },
        });
      });
      // After the commit: deliver now rather than at the next poll.
      ctx.hooks.after(name, () => current.nudge());
    }
    mountRoutes(ctx, current);
    observeOutbox(ctx.db);
    current.start();
  },
  async shutdown() {
    // The host aborts `ctx.stopping` before calling this: wait for the deliveries in flight to be recorded.
    await Promise.all(stopping);
    stopping.clear();
  },
});
