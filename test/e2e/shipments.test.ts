import { stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

/**
 * Issue 48, shipments (contract §10): partial and whole shipments over REST and GraphQL, the carrier list and its
 * tracking URLs, the order's fulfilment and status moves (with history and hooks), the errors, a race for the
 * last unit, the store's view (guest with its token), and statement counts that do not grow with a list.
 */
const { t, shop } = useShop({ config: { 'cache.enabled': false } });
const O = '/api/v1/admin/orders';

/** A confirmed guest order of `quantity` units of one product, and 2 units of another; with its guest token. */
async function confirmedOrder(quantity = 3, status = 'confirmed') {
  const a = await stockedProduct(t, shop.warehouse.id, 50, { active: true, priceGross: 1000 });
  const b = await stockedProduct(t, shop.warehouse.id, 50, { active: true, priceGross: 500 });
  const res = await t.asGuest().post('/api/v1/store/checkout', {
    items: [
      { product_id: a.id, quantity },
      { product_id: b.id, quantity: 2 },
    ],
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street: 'Main St 1',
      city: 'Berlin',
      zip: '10115',
      country_code: 'DE',
    },
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email: 'ship@example.com',
  });
  expect(res.status).toBe(201);
  const order = res.body.data;
  if (status !== 'pending') expect((await t.asAdmin().put(`${O}/${order.id}/status`, { status })).status).toBe(200);
  const guestToken = (await t.asAdmin().get(`${O}/${order.id}`)).body.data.guest_token as string;
  const [lineA, lineB] = order.items.map((i: { id: string }) => i.id) as [string, string];
  return { id: order.id as string, lineA, lineB, guestToken };
}

const events: Array<{ name: string; entity: Record<string, unknown>; changes: Record<string, unknown> }> = [];
beforeAll(() => {
  const { hooks } = t.service.services;
  for (const name of ['shipment.after_create', 'shipment.after_update', 'order.after_update'] as const)
    hooks.register(name, (e) => void events.push(e));
});

describe('shipments over REST', () => {
  it('ships part, then the rest; the order moves to shipped, then delivered, with history and hooks', async () => {
    const order = await confirmedOrder(3);
    const admin = t.asAdmin();
    const first = await admin.post(`${O}/${order.id}/shipments`, {
      items: [{ order_item_id: order.lineA, quantity: 2 }],
      carrier: 'dhl',
      tracking_number: 'JD 0146/99',
      notify: true,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      order_id: order.id,
      status: 'shipped',
      carrier: 'dhl',
      tracking_number: 'JD 0146/99',
      tracking_url: 'https://www.dhl.com/en/express/tracking.html?AWB=JD%200146%2F99',
      items: [{ order_item_id: order.lineA, quantity: 2 }],
      delivered_at: null,
    });
    let read = (await admin.get(`${O}/${order.id}`)).body.data;
    expect(read.status).toBe('confirmed');
    expect(read.fulfillment_status).toBe('partially_shipped');
    expect(read.items.map((i: { quantity_shipped: number }) => i.quantity_shipped)).toEqual([2, 0]);
    expect(read.items.every((i: { quantity_returned: number }) => i.quantity_returned === 0)).toBe(true);

    // Without items: every unit not yet shipped; a free-text carrier gets no URL unless one is given.
    const rest = await admin.post(`${O}/${order.id}/shipments`, { carrier: 'Bike courier', tracking_number: 'B-1' });
    expect(rest.status).toBe(201);
    expect(rest.body.data.tracking_url).toBeNull();
    expect(rest.body.data.items).toEqual(
      expect.arrayContaining([
        { order_item_id: order.lineA, quantity: 1 },
        { order_item_id: order.lineB, quantity: 2 },
      ]),
    );
    read = (await admin.get(`${O}/${order.id}`)).body.data;
    expect(read.status).toBe('shipped');
    expect(read.fulfillment_status).toBe('shipped');
    expect(read.status_history.at(-1)).toMatchObject({
      from_status: 'confirmed',
      to_status: 'shipped',
      actor: { kind: 'staff' },
    });
    expect((await admin.post(`${O}/${order.id}/shipments`, {})).body.errors[0].code).toBe('over_fulfilment');

    const list = await admin.get(`${O}/${order.id}/shipments`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([first.body.data.id, rest.body.data.id]);

    // Tracking edits; then each delivered: the last one moves the order to delivered.
    const edited = await admin.put(`${O}/${order.id}/shipments/${rest.body.data.id}`, {
      tracking_url: 'https://courier.example/t/B-1',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.tracking_url).toBe('https://courier.example/t/B-1');
    const delivered1 = await admin.put(`${O}/${order.id}/shipments/${first.body.data.id}`, { status: 'delivered' });
    expect(delivered1.body.data.status).toBe('delivered');
    expect(delivered1.body.data.delivered_at).toEqual(expect.any(String));
    expect((await admin.get(`${O}/${order.id}`)).body.data.status).toBe('shipped');
    await admin.put(`${O}/${order.id}/shipments/${rest.body.data.id}`, { status: 'delivered' });
    read = (await admin.get(`${O}/${order.id}`)).body.data;
    expect(read.status).toBe('delivered');
    expect(read.fulfillment_status).toBe('delivered');
    expect(read.status_history.at(-1)).toMatchObject({ from_status: 'shipped', to_status: 'delivered' });

    await t.service.services.background.drain();
    const mine = events.filter((e) => e.entity.order_id === order.id || e.entity.id === order.id);
    expect(mine.filter((e) => e.name === 'shipment.after_create')).toHaveLength(2);
    expect(mine.filter((e) => e.name === 'shipment.after_update').length).toBeGreaterThanOrEqual(3);
    const moves = mine.filter((e) => e.name === 'order.after_update').map((e) => e.changes.to_status);
    expect(moves).toEqual(['confirmed', 'shipped', 'delivered']);
    const delivery = mine.find((e) => e.name === 'shipment.after_update' && 'status' in e.changes);
    expect(delivery?.changes.status).toEqual({ from: 'shipped', to: 'delivered' });
  });

  it('a status set to shipped by hand ships what is left as one shipment without tracking', async () => {
    const order = await confirmedOrder(2);
    const admin = t.asAdmin();
    await admin.post(`${O}/${order.id}/shipments`, { items: [{ order_item_id: order.lineB, quantity: 1 }] });
    expect((await admin.put(`${O}/${order.id}/status`, { status: 'shipped' })).status).toBe(200);
    const list = (await admin.get(`${O}/${order.id}/shipments`)).body.data;
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ carrier: null, tracking_number: null, tracking_url: null });
    expect(list[1].items).toEqual(
      expect.arrayContaining([
        { order_item_id: order.lineA, quantity: 2 },
        { order_item_id: order.lineB, quantity: 1 },
      ]),
    );
    expect((await admin.get(`${O}/${order.id}`)).body.data.fulfillment_status).toBe('shipped');
  });

  it('refuses pending, cancelled and refunded orders, too many units, bad input and unknown ids', async () => {
    const admin = t.asAdmin();
    for (const status of ['pending', 'cancelled', 'refunded']) {
      const order = await confirmedOrder(1, status === 'refunded' ? 'confirmed' : status);
      if (status === 'refunded') await admin.put(`${O}/${order.id}/status`, { status: 'refunded' });
      const res = await admin.post(`${O}/${order.id}/shipments`, {});
      expect([status, res.status, res.body.errors?.[0].code]).toEqual([status, 422, 'invalid_transition']);
    }
    const order = await confirmedOrder(2);
    const over = await admin.post(`${O}/${order.id}/shipments`, {
      items: [{ order_item_id: order.lineA, quantity: 3 }],
    });
    expect([over.status, over.body.errors[0].code]).toEqual([422, 'over_fulfilment']);
    const bad = [
      { items: [] },
      { items: [{ order_item_id: order.lineA, quantity: 0 }] },
      {
        items: [
          { order_item_id: order.lineA, quantity: 1 },
          { order_item_id: order.lineA, quantity: 1 },
        ],
      },
      { tracking_url: 'javascript:alert(1)' },
      { tracking_url: 'ftp://example.com/x' },
      { tracking_number: 'x'.repeat(256) },
      { carrier: 'x'.repeat(101) },
      { items: Array.from({ length: 101 }, () => ({ order_item_id: order.lineA, quantity: 1 })) },
    ];
    for (const body of bad) {
      const res = await admin.post(`${O}/${order.id}/shipments`, body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), 400]);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`${O}/${unknown}/shipments`, {})).status).toBe(404);
    expect((await admin.get(`${O}/${unknown}/shipments`)).status).toBe(404);
    expect((await admin.put(`${O}/${order.id}/shipments/${unknown}`, { tracking_number: '1' })).status).toBe(404);
    const foreignLine = await admin.post(`${O}/${order.id}/shipments`, {
      items: [{ order_item_id: unknown, quantity: 1 }],
    });
    expect(foreignLine.status).toBe(404);
    // Nothing was shipped by any of these.
    expect((await admin.get(`${O}/${order.id}/shipments`)).body.data).toEqual([]);
  });

  it('needs orders.update to ship and orders.read to read', async () => {
    const order = await confirmedOrder(1);
    const reader = t.asApiKey(['orders.read']);
    expect((await reader.get(`${O}/${order.id}/shipments`)).status).toBe(200);
    expect((await reader.get('/api/v1/admin/carriers')).status).toBe(200);
    expect((await reader.post(`${O}/${order.id}/shipments`, {})).status).toBe(403);
    expect((await t.asCustomer().get(`${O}/${order.id}/shipments`)).status).toBe(403);
    expect((await t.asGuest().post(`${O}/${order.id}/shipments`, {})).status).toBe(401);
  });

  it('races: parallel shipments of the last unit give exactly one 201', async () => {
    const order = await confirmedOrder(1);
    const admin = t.asAdmin();
    await admin.post(`${O}/${order.id}/shipments`, { items: [{ order_item_id: order.lineB, quantity: 2 }] });
    const N = 8;
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        admin.post(`${O}/${order.id}/shipments`, { items: [{ order_item_id: order.lineA, quantity: 1 }] }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(N - 1);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.errors[0].code === 'over_fulfilment')).toBe(
      true,
    );
    const read = (await admin.get(`${O}/${order.id}`)).body.data;
    expect(read.items.map((i: { quantity_shipped: number }) => i.quantity_shipped)).toEqual([1, 2]);
    expect(read.status).toBe('shipped');
    expect(read.status_history.filter((h: { to_status: string }) => h.to_status === 'shipped')).toHaveLength(1);
  });
});

describe('carriers', () => {
  it('are listed over REST and GraphQL', async () => {
    const rest = await t.asAdmin().get('/api/v1/admin/carriers');
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((c: { name: string }) => c.name)).toEqual([
      'DHL',
      'UPS',
      'FedEx',
      'USPS',
      'DPD',
      'GLS',
      'Royal Mail',
      'La Poste',
    ]);
    expect(rest.body.data[0].tracking_url_template).toContain('{tracking}');
    const gql = await t.asAdmin().gql('{ shippingCarriers { code name trackingUrlTemplate } }');
    expect(gql.errors).toBeUndefined();
    expect(gql.data.shippingCarriers).toHaveLength(8);
  });
});

describe('shipments over GraphQL and in the store', () => {
  it('ships through the mutation; a guest with its token sees fulfilment and tracking', async () => {
    const order = await confirmedOrder(1);
    const created = await t.asAdmin().gql(
      `mutation ($o: UUID!, $input: ShipmentCreateInput!) {
        shipmentCreate(orderId: $o, input: $input) { id status trackingUrl items { orderItemId quantity } } }`,
      {
        o: order.id,
        input: { items: [{ orderItemId: order.lineA, quantity: 1 }], carrier: 'ups', trackingNumber: '1Z9' },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.shipmentCreate).toMatchObject({
      status: 'SHIPPED',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z9',
    });

    const store = await t.asGuest().get(`/api/v1/store/orders/${order.id}`, { 'x-guest-token': order.guestToken });
    expect(store.status).toBe(200);
    expect(store.body.data.fulfillment_status).toBe('partially_shipped');
    expect(store.body.data.shipments).toEqual([
      expect.objectContaining({ carrier: 'ups', tracking_url: 'https://www.ups.com/track?tracknum=1Z9' }),
    ]);
    const query = `query ($id: UUID!) { storeOrder(id: $id) { fulfillmentStatus items { quantityShipped }
      shipments { trackingNumber } } }`;
    const res = await t
      .asGuest()
      .post('/graphql', { query, variables: { id: order.id } }, { 'x-guest-token': order.guestToken });
    const gql = { errors: res.body.errors, data: res.body.data };
    expect(gql.errors).toBeUndefined();
    expect(gql.data.storeOrder).toEqual({
      fulfillmentStatus: 'PARTIALLY_SHIPPED',
      items: [{ quantityShipped: 1 }, { quantityShipped: 0 }],
      shipments: [{ trackingNumber: '1Z9' }],
    });
    // Without the token, nothing.
    expect((await t.asGuest().get(`/api/v1/store/orders/${order.id}`)).status).toBe(404);
  });
});

describe('the account', () => {
  it("shows a customer its orders' fulfilment and tracking, in the list and the detail", async () => {
    const customer = await t.db.customer.create({
      data: { email: `ship-${Date.now()}@example.com`, passwordHash: 'x', firstName: 'S', lastName: 'C' },
    });
    const me = t.asCustomer(customer.id);
    const product = await stockedProduct(t, shop.warehouse.id, 5, { active: true, priceGross: 700 });
    const placed = await me.post('/api/v1/store/checkout', {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: {
        first_name: 'S',
        last_name: 'C',
        street: 'Main St 1',
        city: 'Berlin',
        zip: '10115',
        country_code: 'DE',
      },
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    expect(placed.status).toBe(201);
    const id = placed.body.data.id as string;
    await t.asAdmin().put(`${O}/${id}/status`, { status: 'confirmed' });
    await t.asAdmin().post(`${O}/${id}/shipments`, { carrier: 'la_poste', tracking_number: 'LP1' });
    const detail = await me.get(`/api/v1/store/account/orders/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      status: 'shipped',
      fulfillment_status: 'shipped',
      shipments: [{ tracking_url: 'https://www.laposte.fr/outils/suivre-vos-envois?code=LP1' }],
    });
    const list = await me.get('/api/v1/store/account/orders');
    expect(list.body.data.find((o: { id: string }) => o.id === id)).toMatchObject({ fulfillment_status: 'shipped' });
    // Another customer sees nothing of it.
    expect((await t.asCustomer().get(`/api/v1/store/account/orders/${id}`)).status).not.toBe(200);
  });
});

describe('statement counts', () => {
  it('one order read costs the same with no shipment as with four', async () => {
    const none = await confirmedOrder(4);
    const many = await confirmedOrder(4);
    for (let i = 0; i < 4; i++)
      await t.asAdmin().post(`${O}/${many.id}/shipments`, { items: [{ order_item_id: many.lineA, quantity: 1 }] });
    const counts = [];
    for (const order of [none, many]) {
      const res = await t.asAdmin().get(`${O}/${order.id}`);
      expect(res.status).toBe(200);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[0]).toBe(counts[1]);
  });

  it('an order list with shipments and shipped quantities costs the same for 1 order as for 4', async () => {
    for (let i = 0; i < 4; i++) {
      const order = await confirmedOrder(2);
      await t.asAdmin().post(`${O}/${order.id}/shipments`, { items: [{ order_item_id: order.lineA, quantity: 1 }] });
      await t.asAdmin().post(`${O}/${order.id}/shipments`, { carrier: 'gls', tracking_number: `G${i}` });
    }
    const query = `query ($limit: Int) { orders(limit: $limit) { items { id fulfillmentStatus
      items { quantityShipped } shipments { trackingUrl items { quantity } } } } }`;
    const counts = [];
    for (const limit of [1, 4]) {
      const res = await t.asAdmin().gql(query, { limit });
      expect(res.errors).toBeUndefined();
      expect(res.data.orders.items).toHaveLength(limit);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[0]).toBe(counts[1]);
    const rest = [];
    for (const limit of [1, 4]) {
      const res = await t.asAdmin().get(`${O}?limit=${limit}`);
      expect(res.status).toBe(200);
      rest.push(t.sqlCount(res.requestId));
    }
    expect(rest[0]).toBe(rest[1]);
  });
});
