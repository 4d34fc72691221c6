import type { PluginContext } from '../../src/plugin-api';
import type { PayprovConfig } from './config';
import type { Provider } from './provider';
import type { Settlement } from './settle';

export type PayprovCtx = PluginContext<PayprovConfig, 'payprovLink' | 'payprovWebhookEvent'>;

/** What `init` builds and exposes to the plugin's resolvers (`ctx.expose`): its context, provider and settlement. */
export interface PayprovRuntime {
  ctx: PayprovCtx;
  provider: Provider;
  settlement: Settlement;
}

export const PAYPROV_VERSION = '1.0.0';
