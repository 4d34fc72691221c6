import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Request, Response } from 'express';

import { AppError, type PluginContext } from '../../src/plugin-api';
import type { PayprovConfig } from './config';
import { linkPaymentData } from './links';
import type { Provider } from './provider';

type Ctx = PluginContext<PayprovConfig, 'payprovLink' | 'payprovWebhookEvent'>;

export const ASSETS_DIR = join(__dirname, 'assets');
export const COMPONENT_PATH = '/plugins/payprov/assets/payprov-payment.js';
const GLUE_PATH = '/plugins/payprov/assets/pay-page.js';

/** Subresource Integrity of an asset, computed from the file the server serves (so it can't drift). */
export function integrityOf(file: string): string {
  return `sha384-${createHash('sha384')
    .update(readFileSync(join(ASSETS_DIR, file)))
    .digest('base64')}`;
}

const COMPONENT_SRI = integrityOf('payprov-payment.js');
const GLUE_SRI = integrityOf('pay-page.js');

const escape = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(nonce: string, title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{margin-top:1rem}</style>
${head}</head>
<body>
${body}
</body>
</html>`;
}

/**
 * `GET /plugins/payprov/pay/{token}`: the standalone payment page of a link, under a fresh nonce CSP (plus the
 * declared UI-extension origins). Every script tag carries the nonce; the component and the page glue also
 * carry their integrity hashes. A used, expired or unknown link answers its status with a short page.
 */
export function payPageHandler(ctx: Ctx, provider: Provider) {
  return async (req: Request, res: Response) => {
    const token = String(req.params.token);
    let data: Awaited<ReturnType<typeof linkPaymentData>>;
    try {
      data = await linkPaymentData(ctx, provider, token);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      res.status(err.status);
      return ctx.sendHtml(res, (nonce) =>
        layout(nonce, 'Payment link', `<h1>Payment link</h1><p>${escape(err.message)}.</p>`),
      );
    }
    res.setHeader('Referrer-Policy', 'no-referrer');
    const amount = (data.amount / 100).toFixed(2);
    const origins = providerOrigins(ctx.config);
    const completeUrl = `/api/v1/store/payprov/payment-link/${encodeURIComponent(token)}/complete`;
    ctx.sendHtml(
      res,
      (nonce) =>
        layout(
          nonce,
          'Payment',
          `<h1>Pay ${escape(amount)} ${escape(data.currency.toUpperCase())}</h1>
<payprov-payment publishable-key="${escape(data.publishableKey)}" client-secret="${escape(data.clientSecret)}" data-complete-url="${escape(completeUrl)}"></payprov-payment>
<p id="payprov-status" role="status"></p>
<script nonce="${nonce}" src="${GLUE_PATH}" integrity="${GLUE_SRI}"></script>`,
          `<script nonce="${nonce}" src="${escape(ctx.config.js_url)}"></script>
<script nonce="${nonce}" src="${COMPONENT_PATH}" integrity="${COMPONENT_SRI}"></script>
`,
        ),
      origins,
    );
  };
}

/**
 * The origins of a configured provider script and API (`js_url`, `api_base`), for the page's CSP: the
 * provider's script talks to where it came from. The defaults are the provider's own, which the UI extension
 * declares already; a local double (`npm run payprov:double`) is another origin, which the CSP would block.
 */
export function providerOrigins(config: Pick<PayprovConfig, 'js_url' | 'api_base'>): string[] {
  return [config.js_url, config.api_base].flatMap((url) => {
    const origin = url ? URL.parse(url)?.origin : undefined;
    return origin && origin !== 'null' ? [origin] : [];
  });
}

/** The UI extension storefronts mount in their checkout (spec "UI extension"). */
export const PAYPROV_UI_EXTENSION = {
  id: 'payprov-payment',
  slot: 'storefront:checkout:payment',
  type: 'component' as const,
  component: {
    tagName: 'payprov-payment',
    scriptUrl: COMPONENT_PATH,
    integrity: COMPONENT_SRI,
    origins: ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'],
  },
};
