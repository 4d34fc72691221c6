import { type PayprovShop, startPayprovShop, until, WEBHOOK_SECRET } from '../fixtures/payprov';

/**
 * Issue 48, the order's timeline and staff notes (contract §10): a placed, paid, shipped and delivered order with
 * notes reads oldest first with who did each thing, over REST and GraphQL; notes are validated; unknown orders are
 * 404; only staff who may read orders read it; the read is a constant number of SQL statements and is bounded.
 * On payprov's double, so the order has real payment transactions.
 */
let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop();
});
afterAll(() => s?.close());

const O = '/api/v1/admin/orders';
const unknown = '00000000-0000-4000-8000-000000000000';

interface Entry {
  id: string;
  kind: string;
  at: string;
  summary: string;
  actor: { kind: string; id: string | null; label: string } | null;
  details: Record<string, unknown>;
}

/** A guest order paid through payprov (captured, so confirmed); its id and the intent's. */
async function paidOrder() {
  const product = await s.product();
  const intent = await s.preorderIntent(1490);
  const res = await s.buyer.post(
    '/api/v1/store/checkout',
    s.checkoutBody(product.id, { payment_reference: intent.id }),
  );
  expect(res.status).toBe(201);
  const orderId = res.body.data.id as string;
  await until(async () => (await s.transactionOf(intent.id))?.status === 'completed');
  await until(async () => (await s.orderOf(orderId)).status === 'confirmed');
  return { orderId, intentId: intent.id };
}

async function timeline(orderId: string): Promise<Entry[]> {
  const res = await s.t.asAdmin().get(`${O}/${orderId}/timeline`);
  expect(res.status).toBe(200);
  return res.body.data as Entry[];
}

describe('the timeline of an order', () => {
  it('reads a placed, paid, shipped, delivered order with notes oldest first, each with who did it', async () => {
    const { orderId, intentId } = await paidOrder();
    const admin = s.t.asAdmin();
    const shipped = await admin.post(`${O}/${orderId}/shipments`, { carrier: 'dhl', tracking_number: 'JD1' });
    expect(shipped.status).toBe(201);
    const shipmentId = shipped.body.data.id as string;
    expect((await admin.put(`${O}/${orderId}/shipments/${shipmentId}`, { status: 'delivered' })).status).toBe(200);
    expect((await s.orderOf(orderId)).status).toBe('delivered');

    const note = await admin.post(`${O}/${orderId}/notes`, { text: '  Customer called: leave at the door.  ' });
    expect(note.status).toBe(201);
    expect(note.body.data).toEqual({
      id: expect.any(String),
      order_id: orderId,
      text: 'Customer called: leave at the door.',
      actor: { kind: 'staff', id: expect.any(String), label: expect.stringContaining('@') },
      created_at: expect.any(String),
    });
    const keyNote = await s.t.asApiKey(['orders.update']).post(`${O}/${orderId}/notes`, { text: 'From the ERP' });
    expect(keyNote.status).toBe(201);
    expect(keyNote.body.data.actor).toEqual({ kind: 'api_key', id: expect.any(String), label: 'test' });

    const entries = await timeline(orderId);
    // Oldest first.
    const times = entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Every entry but emails in the order things happened (emails are checked below).
    const story = entries
      .filter((e) => !e.kind.startsWith('email_'))
      .map((e) => (e.kind === 'status_changed' ? `status:${e.details.to_status}` : e.kind));
    expect(story).toEqual([
      'status:pending',
      'payment_authorized',
      'payment_captured',
      'status:confirmed',
      'shipment_created',
      'status:shipped',
      'shipment_delivered',
      'status:delivered',
      'note',
      'note',
    ]);
    const byKind = (kind: string) => entries.filter((e) => e.kind === kind);
    const [placed, confirmed, shippedStatus, deliveredStatus] = byKind('status_changed');
    expect(placed).toMatchObject({
      summary: 'Order placed (pending)',
      actor: { kind: 'customer', id: null, label: 'buyer@example.com' },
      details: { from_status: null, to_status: 'pending' },
    });
    expect(confirmed.details).toMatchObject({ from_status: 'pending', to_status: 'confirmed' });
    expect(confirmed.actor?.kind).toBe('system');
    expect(shippedStatus).toMatchObject({
      actor: { kind: 'staff' },
      summary: 'Status changed from confirmed to shipped',
    });
    expect(deliveredStatus.actor?.kind).toBe('staff');
    for (const kind of ['payment_authorized', 'payment_captured'])
      expect(byKind(kind)[0]).toMatchObject({
        actor: { kind: 'system', id: null, label: 'payprov' },
        details: { amount: 1490, currency: 'EUR', provider: 'payprov', reference: intentId, status: 'completed' },
      });
    expect(byKind('shipment_created')[0]).toMatchObject({
      id: `shipment:${shipmentId}`,
      summary: 'Shipped (dhl JD1)',
      actor: { kind: 'staff' },
      details: {
        shipment_id: shipmentId,
        carrier: 'dhl',
        tracking_number: 'JD1',
        tracking_url: expect.stringContaining('JD1'),
        status: 'delivered',
      },
    });
    // Who marked it delivered (issue 48's gap: the delivery had no actor).
    expect(byKind('shipment_delivered')[0]).toMatchObject({
      id: `shipment:${shipmentId}:delivered`,
      actor: { kind: 'staff', label: expect.stringContaining('@') },
    });
    expect(byKind('note').map((e) => [e.details.text, e.actor?.kind])).toEqual([
      ['Customer called: leave at the door.', 'staff'],
      ['From the ERP', 'api_key'],
    ]);
    expect(byKind('note')[0].id).toBe(`note:${note.body.data.id}`);
    // Without an SMTP server the order confirmation is kept: an email entry says so, by the system.
    const email = entries.find((e) => e.kind.startsWith('email_') && e.details.email_kind === 'order_confirmation');
    expect(email).toMatchObject({
      kind: 'email_queued',
      actor: { kind: 'system', label: 'System' },
      details: { status: 'kept', recipient: 'buyer@example.com', subject: expect.any(String) },
    });
    // Ids are unique and stable across reads.
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect((await timeline(orderId)).map((e) => e.id)).toEqual(entries.map((e) => e.id));

    // GraphQL reads the same entries in the same order.
    const gql = await admin.gql(
      `query ($id: UUID!) { orderTimeline(orderId: $id) { id kind at summary actor { kind label }
        details { fromStatus toStatus text amount } } }`,
      { id: orderId },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.orderTimeline.map((e: { id: string }) => e.id)).toEqual(entries.map((e) => e.id));
    expect(gql.data.orderTimeline[0]).toMatchObject({ kind: 'STATUS_CHANGED', details: { toStatus: 'PENDING' } });
  });

  it('shows a refunded payment after the cancellation that caused it', async () => {
    const { orderId, intentId } = await paidOrder();
    expect((await s.t.asAdmin().put(`${O}/${orderId}/status`, { status: 'cancelled' })).status).toBe(200);
    await until(async () => !!(await s.transactionOf(intentId))?.refundedAt);
    const entries = await timeline(orderId);
    const refunded = entries.find((e) => e.kind === 'payment_refunded');
    expect(refunded).toMatchObject({
      id: expect.stringMatching(/^payment:.+:refunded$/),
      summary: 'Payment refunded',
      details: { reference: intentId },
    });
    const cancelled = entries.findIndex((e) => e.kind === 'status_changed' && e.details.to_status === 'cancelled');
    expect(entries.indexOf(refunded!)).toBeGreaterThan(cancelled);
  });

  it('reads failed and released payments, returns and refunds from their tables', async () => {
    // Rows written directly: this checks the timeline's branches over those tables, not the flows that write them
    // (their own tests do).
    const { orderId } = await paidOrder();
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    const base = { orderId, provider: 'payprov', amount: 1490, currency: 'EUR', status: 'failed' as const };
    await s.t.db.paymentTransaction.create({
      data: { ...base, providerReference: `pi_declined_${orderId}`, failureReason: 'card_declined', updatedAt: at(1) },
    });
    await s.t.db.paymentTransaction.create({
      data: { ...base, providerReference: `pi_released_${orderId}`, failureReason: 'cancelled', cancelledAt: at(2) },
    });
    const ret = await s.t.db.return.create({
      data: {
        orderId,
        status: 'approved',
        comment: 'Too small',
        actorKind: 'customer',
        actorLabel: 'buyer@example.com',
        createdAt: at(3),
      },
    });
    await s.t.db.return.update({ where: { id: ret.id }, data: { updatedAt: at(4) } });
    const move = await s.t.db.returnEvent.create({
      data: {
        returnId: ret.id,
        orderId,
        fromStatus: 'requested',
        toStatus: 'approved',
        actorKind: 'staff',
        actorLabel: 'staff@example.com',
        createdAt: at(4),
      },
    });
    const refund = await s.t.db.refund.create({
      data: {
        orderId,
        returnId: ret.id,
        amount: 500,
        currency: 'EUR',
        reason: 'Return',
        status: 'succeeded',
        actorKind: 'staff',
        actorLabel: 'staff@example.com',
        createdAt: at(5),
        settledAt: at(6),
      },
    });
    const entries = await timeline(orderId);
    // Each payment also has its PAYMENT_AUTHORIZED entry, at its creation (now).
    const tail = entries.filter((e) => e.kind !== 'payment_authorized').slice(-6);
    expect(tail.map((e) => e.kind)).toEqual([
      'payment_failed',
      'payment_failed',
      'return_requested',
      'return_updated',
      'refund_created',
      'refund_settled',
    ]);
    expect(tail[0]).toMatchObject({ summary: 'Payment failed (card_declined)', details: { reason: 'card_declined' } });
    expect(tail[1].details.reason).toBe('cancelled');
    expect(tail[2]).toMatchObject({
      id: `return:${ret.id}`,
      actor: { kind: 'customer', label: 'buyer@example.com' },
      details: { return_id: ret.id, status: 'approved', comment: 'Too small' },
    });
    expect(tail[3]).toMatchObject({
      id: `return-event:${move.id}`,
      summary: 'Return approved',
      at: at(4).toISOString(),
      actor: { kind: 'staff', label: 'staff@example.com' },
    });
    expect(tail[4]).toMatchObject({
      id: `refund:${refund.id}`,
      summary: 'Refund created',
      actor: { kind: 'staff', label: 'staff@example.com' },
      details: { refund_id: refund.id, return_id: ret.id, amount: 500, currency: 'EUR', status: 'succeeded' },
    });
    // Settled later than made: by the provider, at its own time.
    expect(tail[5]).toMatchObject({
      id: `refund:${refund.id}:settled`,
      summary: 'Refund succeeded',
      at: at(6).toISOString(),
      actor: { kind: 'system', id: null, label: 'Payment provider' },
    });
  });

  it('lists each move of a return with who made it, a refund when it settles, and the shipment email after it', async () => {
    const { orderId } = await paidOrder();
    const admin = s.t.asAdmin();
    const shipped = await admin.post(`${O}/${orderId}/shipments`, { carrier: 'ups', tracking_number: '1Z9' });
    expect(shipped.status).toBe(201);
    const line = shipped.body.data.items[0].order_item_id as string;
    const opened = await admin.post(`${O}/${orderId}/returns`, {
      items: [{ order_item_id: line, quantity: 1, reason: 'Too small' }],
    });
    expect(opened.status).toBe(201);
    const returnId = opened.body.data.id as string;
    const keyed = s.t.asApiKey(['orders.read', 'orders.update']);
    const move = (client: typeof admin, body: Record<string, unknown>) =>
      client.put(`/api/v1/admin/returns/${returnId}/status`, body);
    expect((await move(keyed, { status: 'approved', comment: 'OK by phone' })).status).toBe(200);
    expect((await move(admin, { status: 'received', items: [{ order_item_id: line, restock: true }] })).status).toBe(
      200,
    );

    // A refund of the return that the provider fails later (its webhook): the return is received again.
    s.fake.refundStatus = 'pending';
    let failing;
    try {
      failing = await admin.post(`${O}/${orderId}/refunds`, { amount: 500, return_id: returnId });
    } finally {
      s.fake.refundStatus = 'succeeded';
    }
    expect(failing.status).toBe(201);
    const returnStatus = async () => (await admin.get(`/api/v1/admin/returns/${returnId}`)).body.data.status;
    expect(await returnStatus()).toBe('refunded');
    s.fake.settleRefund(failing.body.data.provider_reference, 'failed');
    const event = s.fake.refundEvent('refund.failed', failing.body.data.provider_reference, WEBHOOK_SECRET);
    const delivered = await s.t.asGuest().request('POST', '/plugins/payprov/webhook', event.body, {
      'content-type': 'application/json',
      'stripe-signature': event.signature,
    });
    expect(delivered.status).toBe(204);
    expect(await returnStatus()).toBe('received');
    // A second delivery of the same failure changes nothing more.
    await s.t.asGuest().request('POST', '/plugins/payprov/webhook', event.body, {
      'content-type': 'application/json',
      'stripe-signature': event.signature,
    });
    // Paid again, by a refund the provider makes at once: refunded.
    const paid = await admin.post(`${O}/${orderId}/refunds`, { amount: 500, return_id: returnId });
    expect(paid.body.data.status).toBe('succeeded');
    expect(await returnStatus()).toBe('refunded');

    const entries = await timeline(orderId);
    const moves = entries.filter((e) => e.kind === 'return_updated');
    expect(moves.map((e) => [e.details.status, e.actor?.kind, e.details.comment])).toEqual([
      ['approved', 'api_key', 'OK by phone'],
      ['received', 'staff', 'OK by phone'],
      ['refunded', 'staff', null],
      ['received', 'system', `refund ${failing.body.data.id} failed`],
      ['refunded', 'staff', null],
    ]);
    const times = moves.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const settled = entries.filter((e) => e.kind === 'refund_settled');
    expect(settled.map((e) => [e.details.refund_id, e.details.status, e.summary, e.actor?.label])).toEqual([
      [failing.body.data.id, 'failed', 'Refund failed (expired_or_canceled_card)', 'Payment provider'],
      [paid.body.data.id, 'succeeded', 'Refund succeeded', 'Payment provider'],
    ]);
    // Each refund's settling comes after its creation; the failed one's after the received return it paid.
    const index = (id: string) => entries.findIndex((e) => e.id === id);
    expect(index(`refund:${failing.body.data.id}:settled`)).toBeGreaterThan(index(`refund:${failing.body.data.id}`));
    // Every email about a row comes after it: the shipment's, the return's and the refund's.
    const emailOf = (kind: string) => entries.findIndex((e) => e.details.email_kind === kind);
    expect(emailOf('shipment')).toBeGreaterThan(index(`shipment:${shipped.body.data.id}`));
    expect(emailOf('return_received')).toBeGreaterThan(entries.indexOf(moves[1]));
    expect(emailOf('refund')).toBeGreaterThan(index(`refund:${paid.body.data.id}:settled`));
  });

  it('adds notes through GraphQL', async () => {
    const { orderId } = await paidOrder();
    const res = await s.t.asAdmin().gql(
      `mutation ($o: UUID!, $input: OrderNoteInput!) {
        orderNoteCreate(orderId: $o, input: $input) { id orderId text actor { kind } createdAt } }`,
      { o: orderId, input: { text: 'Gift wrap' } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.orderNoteCreate).toMatchObject({ orderId, text: 'Gift wrap', actor: { kind: 'STAFF' } });
    const bad = await s.t
      .asAdmin()
      .gql(`mutation ($o: UUID!) { orderNoteCreate(orderId: $o, input: { text: "   " }) { id } }`, { o: orderId });
    expect(bad.errors?.[0].extensions?.code).toBe('validation_error');
  });
});

describe('notes: validation, unknown orders, permissions', () => {
  it('refuses an empty, blank, too long or ill-typed text with 400 validation_error; 2000 characters pass', async () => {
    const { orderId } = await paidOrder();
    const admin = s.t.asAdmin();
    for (const body of [
      {},
      { text: '' },
      { text: '   \n ' },
      { text: 'x'.repeat(2001) },
      { text: 5 },
      { text: null },
      [],
    ]) {
      const res = await admin.post(`${O}/${orderId}/notes`, body);
      const label = JSON.stringify(body).slice(0, 40);
      expect([label, res.status, res.body.errors?.[0].code]).toEqual([label, 400, 'validation_error']);
      if (!Array.isArray(body)) expect(res.body.errors[0].field).toBe('text');
    }
    // Characters, not bytes: 2000 euro signs are 6000 bytes.
    const long = await admin.post(`${O}/${orderId}/notes`, { text: '€'.repeat(2000) });
    expect(long.status).toBe(201);
    expect(long.body.data.text).toHaveLength(2000);
    // None of the refused ones was written.
    expect((await timeline(orderId)).filter((e) => e.kind === 'note')).toHaveLength(1);
  });

  it('keeps every note of staff writing at once, each once', async () => {
    const { orderId } = await paidOrder();
    const admin = s.t.asAdmin();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => admin.post(`${O}/${orderId}/notes`, { text: `parallel ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const notes = (await timeline(orderId)).filter((e) => e.kind === 'note').map((e) => e.details.text);
    expect([...notes].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `parallel ${i}`).sort());
  });

  it('answers 404 for an unknown order on both routes', async () => {
    const admin = s.t.asAdmin();
    expect((await admin.get(`${O}/${unknown}/timeline`)).status).toBe(404);
    const note = await admin.post(`${O}/${unknown}/notes`, { text: 'lost' });
    expect([note.status, note.body.errors[0].code]).toEqual([404, 'not_found']);
    expect(await s.t.db.orderNote.count({ where: { orderId: unknown } })).toBe(0);
  });

  it('needs orders.read to read and orders.update to write; customers and guests are refused', async () => {
    const { orderId } = await paidOrder();
    const reader = s.t.asApiKey(['orders.read']);
    expect((await reader.get(`${O}/${orderId}/timeline`)).status).toBe(200);
    expect((await reader.post(`${O}/${orderId}/notes`, { text: 'no' })).status).toBe(403);
    const other = s.t.asApiKey(['products.read']);
    expect((await other.get(`${O}/${orderId}/timeline`)).status).toBe(403);
    expect((await s.t.asCustomer().get(`${O}/${orderId}/timeline`)).status).toBe(403);
    expect((await s.t.asCustomer().post(`${O}/${orderId}/notes`, { text: 'no' })).status).toBe(403);
    expect((await s.t.asGuest().get(`${O}/${orderId}/timeline`)).status).toBe(401);
    const gql = await s.t
      .asCustomer()
      .gql('query ($id: UUID!) { orderTimeline(orderId: $id) { id } }', { id: orderId });
    expect(gql.errors?.[0].extensions?.code).toBe('forbidden');
    expect((await timeline(orderId)).some((e) => e.kind === 'note')).toBe(false);
  });
});

describe('cost and bounds', () => {
  it('reads a timeline in the same number of SQL statements with 1 event as with many, in one union', async () => {
    const { orderId: few } = await paidOrder();
    const { orderId: many } = await paidOrder();
    const admin = s.t.asAdmin();
    for (let i = 0; i < 3; i++) await admin.post(`${O}/${many}/notes`, { text: `note ${i}` });
    await admin.post(`${O}/${many}/shipments`, { carrier: 'ups', tracking_number: '1Z' });
    await admin.put(`${O}/${many}/status`, { status: 'delivered' });
    const counts = [];
    for (const id of [few, many]) {
      const res = await admin.get(`${O}/${id}/timeline`);
      expect(res.status).toBe(200);
      counts.push(s.t.sqlCount(res.requestId));
    }
    expect(counts[0]).toBe(counts[1]);
    const gqlCounts = [];
    for (const id of [few, many]) {
      const res = await admin.gql('query ($id: UUID!) { orderTimeline(orderId: $id) { id actor { label } } }', { id });
      expect(res.errors).toBeUndefined();
      gqlCounts.push(s.t.sqlCount(res.requestId));
    }
    expect(gqlCounts[0]).toBe(gqlCounts[1]);
    const { statements } = await s.t.recordSql(() => admin.get(`${O}/${many}/timeline`));
    expect(statements.filter((st) => st.sql.includes('UNION ALL'))).toHaveLength(1);
  });

  it('reads Order.timeline on a page of orders in the same number of statements for 1 order as for 4', async () => {
    for (let i = 0; i < 4; i++) {
      const { orderId } = await paidOrder();
      await s.t.asAdmin().post(`${O}/${orderId}/notes`, { text: `page ${i}` });
    }
    const query = `query ($limit: Int) { orders(limit: $limit) { items { id
      timeline { id kind actor { kind } details { text } } } } }`;
    const counts = [];
    for (const limit of [1, 4]) {
      const res = await s.t.asAdmin().gql(query, { limit });
      expect(res.errors).toBeUndefined();
      expect(res.data.orders.items).toHaveLength(limit);
      for (const order of res.data.orders.items) {
        // The same entries as the order's own timeline query.
        const own = await s.t.asAdmin().gql('query ($id: UUID!) { orderTimeline(orderId: $id) { id } }', {
          id: order.id,
        });
        expect(order.timeline.map((e: { id: string }) => e.id)).toEqual(
          own.data.orderTimeline.map((e: { id: string }) => e.id),
        );
        expect(order.timeline.at(-1)).toMatchObject({ kind: 'NOTE', actor: { kind: 'STAFF' } });
      }
      counts.push(s.t.sqlCount(res.requestId));
    }
    expect(counts[0]).toBe(counts[1]);
  });

  it("keeps Order.timeline from the store's order reads", async () => {
    const product = await s.product();
    const customer = await s.t.db.customer.create({
      data: { email: `tl-${Date.now()}@example.com`, passwordHash: 'x', firstName: 'T', lastName: 'L' },
    });
    const me = s.t.asCustomer(customer.id);
    const intent = await s.preorderIntent(1490, me);
    const placed = await me.post(
      '/api/v1/store/checkout',
      s.checkoutBody(product.id, { payment_reference: intent.id }),
    );
    expect(placed.status).toBe(201);
    const res = await me.gql('query ($id: UUID!) { accountOrder(id: $id) { id timeline { id } } }', {
      id: placed.body.data.id,
    });
    expect(res.errors?.[0].extensions?.code).toBe('forbidden');
    const without = await me.gql('query ($id: UUID!) { accountOrder(id: $id) { id } }', { id: placed.body.data.id });
    expect(without.errors).toBeUndefined();
  });

  it('answers at most the newest 500 entries, oldest first', async () => {
    const { orderId } = await paidOrder();
    const start = Date.now() - 3_600_000;
    await s.t.db.orderNote.createMany({
      data: Array.from({ length: 520 }, (_, i) => ({
        orderId,
        text: `bulk ${i}`,
        actorKind: 'system',
        actorLabel: 'System',
        createdAt: new Date(start + i * 1000),
      })),
    });
    await s.t.asAdmin().post(`${O}/${orderId}/notes`, { text: 'the newest' });
    const entries = await timeline(orderId);
    expect(entries).toHaveLength(500);
    expect(entries.at(-1)!.details.text).toBe('the newest');
    // The oldest notes and the order's first events are left out; what is kept is still oldest first.
    expect(entries.some((e) => e.details.text === 'bulk 0')).toBe(false);
    const times = entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
