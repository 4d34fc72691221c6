import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import Stripe from 'stripe';

/**
 * A small double of the payment provider's HTTP API (the subset payprov uses): payment intents create /
 * retrieve / capture / cancel and refunds, form-encoded like the real one, honouring `Idempotency-Key` (a
 * repeated key answers the first response, even while the first is still running), able to fail on demand,
 * plus helpers that play the buyer's browser (authorize, decline) and the provider's clock (expire), sign
 * webhooks with the SDK's test-header helper, and serve a stub of the browser script for page tests.
 */

export type Operation = 'create' | 'retrieve' | 'capture' | 'cancel' | 'refund' | 'list_refunds';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  created: number;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  cancellation_reason: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  livemode: false;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Parses the SDK's form encoding (`metadata[key]=v`) into one level of nesting. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([a-z_]+)\[([^\]]+)\]$/.exec(key);
    if (nested) ((out[nested[1]] ??= {}) as Record<string, string>)[nested[2]] = value;
    else out[key] = value;
  }
  return out;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const STUB_SCRIPT = `
var DOUBLE = new URL(document.currentScript.src).origin;
window.Stripe = function (publishableKey) {
  var clientSecret = null;
  return {
    elements: function (options) {
      clientSecret = options && options.clientSecret;
      return { create: function () { return { mount: function (target) {
        var input = document.createElement('input');
        input.name = 'card'; input.placeholder = 'card number';
        (typeof target === 'string' ? document.querySelector(target) : target).appendChild(input);
      } }; } };
    },
    // Like the real confirm, the card's outcome is recorded at the provider (this double's control route, on
    // the origin this script came from), so the pay page alone completes a payment in a local run.
    confirmPayment: function () {
      var id = String(clientSecret).split('_secret_')[0];
      var decline = window.__stubMode === 'decline';
      return fetch(DOUBLE + '/_double/intents/' + encodeURIComponent(id) + (decline ? '/decline' : '/authorize'), {
        method: 'POST'
      }).then(function (response) {
        if (!response.ok) return { error: { message: 'the payment provider refused the payment' } };
        if (decline) return { error: { message: 'Your card was declined.' } };
        return { paymentIntent: { id: id, status: 'requires_capture' } };
      });
    }
  };
};`;

export class FakeProvider {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: Array<{
    id: string;
    payment_intent: string;
    amount: number;
    created: number;
    status: string;
    metadata: Record<string, string>;
    failure_reason: string | null;
  }> = [];
  /** The status new refunds get: `pending` plays a provider that settles them later (by its refund webhook). */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';
  /** Every request: operation, intent id, idempotency key, and whether it was answered from the key store. */
  readonly calls: Array<{ op: Operation; id?: string; key?: string; replayed: boolean; status?: number }> = [];
  private readonly failures = new Map<Operation, Array<{ status: number; code: string }>>();
  private readonly delays = new Map<Operation, number>();
  private readonly keyed = new Map<string, Promise<{ status: number; body: unknown }>>();
  private readonly signer = new Stripe('sk_test_signer', { telemetry: false });
  private server!: http.Server;
  url = '';

  static async start(port = 0): Promise<FakeProvider> {
    const fake = new FakeProvider();
    fake.server = http.createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server.listen(port, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` calls of `op` fail with `status` (500: a provider outage). */
  failNext(op: Operation, times = 1, status = 500, code = 'api_error'): void {
    this.failures.set(op, [...(this.failures.get(op) ?? []), ...Array(times).fill({ status, code })]);
  }

  /** Calls of `op` wait `ms` before answering (timeouts and races). */
  delay(op: Operation, ms: number): void {
    this.delays.set(op, ms);
  }

  /** Effects the provider performed (successful first answers, not idempotent replays), per operation. */
  performed(op: Operation, intentId?: string): number {
    return this.calls.filter((c) => c.op === op && !c.replayed && c.status === 200 && (!intentId || c.id === intentId))
      .length;
  }

  /** The buyer confirmed the card: funds held (manual capture). */
  authorize(intentId: string): FakeIntent {
    const intent = this.intent(intentId);
    Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount, last_payment_error: null });
    return intent;
  }

  /** The buyer's card was declined. */
  decline(intentId: string): FakeIntent {
    return Object.assign(this.intent(intentId), {
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'declined' },
    });
  }

  /** The provider let the authorization lapse (about 7 days at the real one). */
  expire(intentId: string): FakeIntent {
    return Object.assign(this.intent(intentId), { status: 'canceled', cancellation_reason: 'automatic' });
  }

  /** Moves the intent's creation time back, as if it were made `days` ago. */
  age(intentId: string, days: number): FakeIntent {
    const intent = this.intent(intentId);
    intent.created -= days * 24 * 60 * 60;
    return intent;
  }

  intent(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`fake provider: no intent ${intentId}`);
    return intent;
  }

  /** The provider settles a pending refund (`succeeded`, or `failed` with a reason). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): void {
    const refund = this.refunds.find((r) => r.id === refundId);
    if (!refund) throw new Error(`fake provider: no refund ${refundId}`);
    Object.assign(refund, { status, failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null });
  }

  /** A signed webhook delivery of a refund event (`refund.updated`, `refund.failed`) carrying the refund as it is now. */
  refundEvent(type: string, refundId: string, secret: string): { body: string; signature: string; eventId: string } {
    const refund = this.refunds.find((r) => r.id === refundId);
    if (!refund) throw new Error(`fake provider: no refund ${refundId}`);
    return this.signed(type, { object: 'refund', ...structuredClone(refund) }, secret);
  }

  private signed(type: string, object: unknown, secret: string) {
    const eventId = id('evt');
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return { body, signature: this.signer.webhooks.generateTestHeaderString({ payload: body, secret }), eventId };
  }

  /** A signed webhook delivery of `type` carrying the intent as it is now. */
  event(
    type: string,
    intentId: string,
    secret: string,
    opts: { eventId?: string; timestamp?: number } = {},
  ): { body: string; signature: string; eventId: string } {
    const eventId = opts.eventId ?? id('evt');
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: structuredClone(this.intent(intentId)) },
    });
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: opts.timestamp,
    });
    return { body, signature, eventId };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/js/v3') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(STUB_SCRIPT);
      return;
    }
    // Control routes for a manual run (scripts/payprov-double.ts): play the buyer's browser over HTTP.
    const control = /^\/_double\/intents\/([^/]+)\/(authorize|decline|expire)$/.exec(url.pathname);
    if (req.method === 'POST' && control) {
      const intent = this.intents.get(control[1]);
      if (!intent) return void this.send(res, 404, { error: { message: 'no such intent' } });
      // The pay page's stub calls this from the shop's origin (a simple POST: no preflight).
      res.setHeader('access-control-allow-origin', '*');
      return void this.send(res, 200, this[control[2] as 'authorize' | 'decline' | 'expire'](intent.id));
    }
    const route = this.route(req.method ?? 'GET', url.pathname);
    if (!route) return void this.send(res, 404, { error: { type: 'invalid_request_error', message: 'no route' } });
    const key = req.headers['idempotency-key'] as string | undefined;
    // GET parameters come in the query string (list filters), POST ones in the form body.
    const params = parseForm(req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString());
    const run = async () => {
      const delay = this.delays.get(route.op);
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const failure = this.failures.get(route.op)?.shift();
      if (failure)
        return { status: failure.status, body: { error: { type: 'api_error', code: failure.code, message: 'boom' } } };
      try {
        return { status: 200, body: structuredClone(route.run(params)) };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        return {
          status: err.status,
          body: { error: { type: 'invalid_request_error', code: err.code, message: err.message } },
        };
      }
    };
    const scoped = key && `${route.op}:${key}`;
    const replayed = !!scoped && this.keyed.has(scoped);
    const call: (typeof this.calls)[number] = { op: route.op, id: route.id, key, replayed };
    this.calls.push(call);
    let answer: Promise<{ status: number; body: unknown }>;
    if (scoped) {
      if (!this.keyed.has(scoped)) this.keyed.set(scoped, run());
      answer = this.keyed.get(scoped)!;
    } else answer = run();
    const { status, body } = await answer;
    call.status = status;
    // Like the real provider, a failed (5xx) request may be retried with the same key.
    if (scoped && status >= 500) this.keyed.delete(scoped);
    this.send(res, status, body);
  }

  private send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
  }

  private route(
    method: string,
    path: string,
  ): { op: Operation; id?: string; run: (p: Record<string, unknown>) => unknown } | null {
    if (method === 'POST' && path === '/v1/payment_intents') return { op: 'create', run: (p) => this.create(p) };
    if (method === 'POST' && path === '/v1/refunds')
      return {
        op: 'refund',
        id: undefined,
        run: (p) => this.refund(String(p.payment_intent), p.amount, p.metadata as Record<string, string> | undefined),
      };
    if (method === 'GET' && path === '/v1/refunds') return { op: 'list_refunds', run: (p) => this.listRefunds(p) };
    const m = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (!m) return null;
    const intentId = decodeURIComponent(m[1]);
    if (method === 'GET' && !m[2]) return { op: 'retrieve', id: intentId, run: () => this.found(intentId) };
    if (method === 'POST' && m[2] === 'capture')
      return { op: 'capture', id: intentId, run: () => this.capture(intentId) };
    if (method === 'POST' && m[2] === 'cancel') return { op: 'cancel', id: intentId, run: () => this.cancel(intentId) };
    return null;
  }

  private found(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new ApiError(404, 'resource_missing', `No such payment_intent: '${intentId}'`);
    return intent;
  }

  private create(p: Record<string, unknown>): FakeIntent {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) throw new ApiError(400, 'parameter_invalid_integer', 'bad amount');
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: String(p.currency),
      status: 'requires_payment_method',
      capture_method: String(p.capture_method ?? 'automatic'),
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      description: (p.description as string) ?? null,
      receipt_email: (p.receipt_email as string) ?? null,
      metadata: (p.metadata as Record<string, string>) ?? {},
      cancellation_reason: null,
      last_payment_error: null,
      livemode: false,
    };
    this.intents.set(intentId, intent);
    return intent;
  }

  private capture(intentId: string): FakeIntent {
    const intent = this.found(intentId);
    if (intent.status !== 'requires_capture')
      throw new ApiError(400, 'payment_intent_unexpected_state', `cannot capture a ${intent.status} intent`);
    return Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, amount_capturable: 0 });
  }

  private cancel(intentId: string): FakeIntent {
    const intent = this.found(intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw new ApiError(400, 'payment_intent_unexpected_state', `cannot cancel a ${intent.status} intent`);
    return Object.assign(intent, {
      status: 'canceled',
      cancellation_reason: 'requested_by_customer',
      amount_capturable: 0,
    });
  }

  /** A refund of `amount` cents (all that is left without one), like the provider's partial refunds. */
  private refund(intentId: string, amountParam: unknown, metadata: Record<string, string> = {}) {
    const intent = this.found(intentId);
    if (intent.status !== 'succeeded') throw new ApiError(400, 'charge_not_captured', 'nothing captured to refund');
    const refunded = this.refunds
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0) throw new ApiError(400, 'charge_already_refunded', 'already refunded');
    const amount = amountParam === undefined ? left : Number(amountParam);
    if (!Number.isInteger(amount) || amount < 1) throw new ApiError(400, 'parameter_invalid_integer', 'bad amount');
    if (amount > left) throw new ApiError(400, 'amount_too_large', `at most ${left} can be refunded`);
    const refund = {
      id: id('re'),
      object: 'refund',
      payment_intent: intentId,
      amount,
      status: this.refundStatus as string,
      metadata,
      failure_reason: null as string | null,
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.push(refund);
    return refund;
  }

  /** `GET /v1/refunds?payment_intent=`: the intent's refunds, newest first. */
  private listRefunds(p: Record<string, unknown>) {
    const data = this.refunds.filter((r) => r.payment_intent === p.payment_intent).reverse();
    return { object: 'list', data, has_more: false, url: '/v1/refunds' };
  }
}
