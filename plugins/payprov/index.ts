/**
 * The payment-provider plugin (spec: "Payment-provider plugin endpoints", "Payment link record", the payment
 * hooks; contract §9) on the `stripe` SDK: pay-first and post-order card payments with manual capture, payment
 * links with a standalone pay page, signed webhooks, and a reconciler for what a lost webhook or a crash leaves.
 * Amounts are verified against the order; every provider write is idempotent; every state change happens once.
 */
import { definePlugin } from '../../src/plugin-api';
import { withAdminFields } from './admin-graphql';
import { registerCheckoutHooks } from './checkout-hooks';
import { configSchema } from './config';
import { payprovGraphql } from './graphql';
import { PAYPROV_HTTP_ROUTES } from './http-routes';
import { registerPayprovMcpTools } from './mcp-tools';
import { ASSETS_DIR, payPageHandler, PAYPROV_UI_EXTENSION } from './page';
import { Provider } from './provider';
import { Reconciler } from './reconcile';
import { registerRefunder } from './refunds';
import { PAYPROV_ROUTE_ROWS } from './route-rows';
import { PAYPROV_VERSION, type PayprovRuntime } from './runtime';
import { Settlement } from './settle';
import { webhookHandler } from './webhook';

export { PAYPROV_VERSION } from './runtime';

export const payprovPlugin = definePlugin({
  name: 'payprov',
  version: PAYPROV_VERSION,
  description: 'Card payments through the payment provider: pay first, pay an order, payment links, webhooks.',
  configSchema,
  tables: ['payprovLink', 'payprovWebhookEvent'],
  // No admin extension: the admin's own Card payments panel shows and acts on payprov's payments (issue 52).
  uiExtensions: [PAYPROV_UI_EXTENSION],
  registerStoreMcpTools: registerPayprovMcpTools,
  graphql: withAdminFields(payprovGraphql),
  // The store routes are rows over the plugin's GraphQL fields. Raw routes, with their schemas declared in
  // http-routes.ts: the webhook (its signature covers the raw bytes), the pay page (HTML), and health (any
  // signed-in caller, which no access rule of the core's tables says).
  routes: PAYPROV_ROUTE_ROWS,
  httpRoutes: PAYPROV_HTTP_ROUTES,
  init(ctx) {
    const provider = new Provider(ctx.config, ctx.log);
    const settlement = new Settlement(ctx.config, ctx.commerce, provider, ctx.log);
    registerCheckoutHooks(ctx, provider, settlement);
    registerRefunder(ctx.commerce, provider, ctx.log);
    ctx.expose({ ctx, provider, settlement } satisfies PayprovRuntime);

    ctx.acceptRawBody('/webhook');
    ctx.router.post('/webhook', webhookHandler(ctx, provider, settlement));
    ctx.router.get('/health', ctx.auth.required, (_req, res) => {
      res.json({
        data: {
          status: 'ok',
          plugin: 'payprov',
          version: PAYPROV_VERSION,
          publishable_key: ctx.config.publishable_key,
          checked_at: new Date().toISOString(),
        },
      });
    });
    ctx.router.get('/pay/:token', payPageHandler(ctx, provider));
    ctx.serveAssets(ASSETS_DIR);

    const reconciler = new Reconciler(ctx, provider, settlement);
    reconciler.start();
    ctx.command('reconcile', 'settle pending payments, missed refunds and deferred webhook events now', () =>
      reconciler.runOnce(),
    );
  },
});
