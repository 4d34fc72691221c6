import { createHmac } from 'node:crypto';

/**
 * The headers of one delivery. The spec's pair (`X-Svc-Signature`: hex HMAC-SHA256 of the body; `X-Svc-Token`:
 * the shared secret) plus `X-Svc-Event-Id`/`X-Svc-Timestamp`, and the Standard Webhooks headers so receivers can
 * verify with the standard libraries: their secret is `whsec_` + base64 of the configured secret's bytes.
 */
export function deliveryHeaders(
  secret: string,
  eventId: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const hex = createHmac('sha256', secret).update(body).digest('hex');
  const standard = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${eventId}.${timestamp}.${body}`)
    .digest('base64');
  return {
    'content-type': 'application/json',
    'user-agent': 'svc-automation/1',
    'x-svc-signature': `sha256=${hex}`,
    'x-svc-token': secret,
    'x-svc-event-id': eventId,
    'x-svc-timestamp': timestamp,
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${standard}`,
  };
}

/** The Standard Webhooks form of the secret (what a receiver's library wants). */
export const standardWebhooksSecret = (secret: string) => `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
