/**
 * The mail outbox across a `kill -9` of the sender (issue 49): the order confirmation of a checkout is in the
 * middle of its SMTP conversation (the server has the whole message and has not answered) when the process dies.
 * After a restart on the same data, the dead sender's lease expires and the email goes out once, with the same
 * `Message-ID` as the attempt that died: the server accepted exactly one message for the order.
 */
import { randomUUID } from 'node:crypto';

import { ADDRESS } from '../fixtures/shop';
import { startSmtpReceiver } from '../harness/smtp-receiver';
import { startSvcProcess, type SvcProcess } from '../harness/svc-process';
import { eventually } from '../harness/webhook-receiver';

const J = { 'content-type': 'application/json' };

describe('mail across a kill -9 of the sender', () => {
  it('sends the confirmation whose send was cut off once, with the same Message-ID, after a restart', async () => {
    const smtp = await startSmtpReceiver();
    const env = {
      SVC_MAIL_SMTP_URL: smtp.url,
      SVC_MAIL_FROM: 'shop@durable.example',
      SVC_MAIL_POLL_INTERVAL_MS: '50',
      // Short, so the test does not wait the default two minutes for the dead sender's lease.
      SVC_MAIL_LEASE_SECONDS: '3',
    };
    let svc: SvcProcess | undefined;
    try {
      smtp.holdNext();
      svc = await startSvcProcess(env);
      const orderNumber = await guestCheckout(svc.url, 'durable@example.com');

      // The message reached the server whole and waits for its answer: the moment the sender dies.
      await eventually(() => smtp.held.length === 1, 60_000);
      const cutOff = smtp.held[0];
      expect(cutOff.subject).toContain(orderNumber);
      await svc.kill9();
      expect(smtp.received).toHaveLength(0);

      svc = await startSvcProcess(env, [], { sameDataAs: svc });
      await eventually(() => smtp.received.length >= 1, 60_000);
      // A few more rounds: nothing else is sent.
      await new Promise((r) => setTimeout(r, 1500));
      const forOrder = smtp.received.filter((m) => m.subject?.includes(orderNumber));
      expect(forOrder).toHaveLength(1);
      expect(forOrder[0].messageId).toBe(cutOff.messageId);
      expect(forOrder[0].messageId).toMatch(/@durable\.example>$/);
    } finally {
      await svc?.close();
      await smtp.close();
    }
  }, 600_000);
});

/** A guest checkout of one demo T-shirt over REST; the order's number. */
async function guestCheckout(base: string, email: string): Promise<string> {
  const json = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${base}/api/v1${path}`, init);
    const body = (await res.json()) as { data: any };
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const variant = (await json('/store/products/classic-t-shirt')).variants[0].id;
  const cart = await json('/store/cart', { method: 'POST' });
  const token = { 'x-cart-token': cart.session_token };
  await json(`/store/cart/${cart.id}/items`, {
    method: 'POST',
    headers: { ...J, ...token },
    body: JSON.stringify({ variant_id: variant, quantity: 1 }),
  });
  const shipping = (await json('/store/shipping-methods'))[0].id;
  const payment = (await json('/store/payment-methods'))[0].id;
  const order = await json('/store/checkout', {
    method: 'POST',
    headers: { ...J, ...token, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      cart_id: cart.id,
      email,
      shipping_method_id: shipping,
      payment_method_id: payment,
      shipping_address: ADDRESS,
    }),
  });
  return order.order_number as string;
}
