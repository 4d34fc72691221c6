import type { Request, Response, Router } from 'express';

import { AppError, type PluginContext } from '../../src/plugin-api';
import type { AutomationConfig } from './config';
import { MAX_REPLAY_IDS, replayDeliveries } from './deliveries';
import type { AutomationTables, Relay } from './relay';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Ctx = PluginContext<AutomationConfig, AutomationTables>;

const bad = (field: string, detail: string) => AppError.validation([{ field, detail }]);

/** Probes the receiver: any HTTP answer means it is there; a network failure or a timeout means it is not. */
async function probe(url: string, timeoutSeconds: number): Promise<string | null> {
  try {
    await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.min(timeoutSeconds, 5) * 1000),
    });
    return null;
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return 'timed out';
    return (err as { cause?: { code?: string } }).cause?.code ?? 'unreachable';
  }
}

/**
 * The raw admin routes: health (a probe, no GraphQL field) and replay (its `{ replayed }` answer). The delivery log
 * and one delivery are route rows over the plugin's GraphQL fields (route-rows.ts). All need `plugins.manage`.
 */
export function mountRoutes(ctx: Ctx, relay: Relay, router: Router = ctx.router): void {
  const admin = ctx.auth.requirePermission('plugins.manage');
  const { db } = ctx;

  router.get('/health', admin, async (_req, res) => {
    const checkedAt = new Date().toISOString();
    const error = await probe(ctx.config.webhook_base_url, ctx.config.timeout_seconds);
    if (!error) return void res.json({ data: { status: 'ok', automation_reachable: true, checked_at: checkedAt } });
    res.status(503).json({ data: { status: 'degraded', automation_reachable: false, error, checked_at: checkedAt } });
  });

  /** `{ ids: [...] }` (at most 100) or `{ status: 'dead' | 'pending' }`: due again now, same event id. */
  router.post('/deliveries/replay', admin, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as { ids?: unknown; status?: unknown };
    if ((body.ids === undefined) === (body.status === undefined)) throw bad('ids', 'required');
    let replayed: number;
    if (body.ids !== undefined) {
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.length === 0) throw bad('ids', 'required');
      if (ids.length > MAX_REPLAY_IDS) throw bad('ids', 'max_items');
      const invalid = ids.findIndex((id) => typeof id !== 'string' || !UUID.test(id));
      if (invalid >= 0) throw bad(`ids[${invalid}]`, 'uuid');
      replayed = await replayDeliveries(db, { ids: ids as string[] });
    } else {
      if (body.status !== 'dead' && body.status !== 'pending') throw bad('status', 'oneof');
      replayed = await replayDeliveries(db, { status: body.status });
    }
    relay.nudge();
    res.json({ data: { replayed } });
  });
}
