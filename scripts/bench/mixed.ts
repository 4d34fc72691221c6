/**
 * The mixed scenario (issue 28): store reads at full speed against a server with the response cache on, while
 * checkouts of random products arrive at a steady rate (BENCH_MIXED_CHECKOUTS per second, default 20). Every
 * checkout retires the cached answers that show the products it sold (surrogate keys), so the hit rate says
 * how much of the cache survives a shop taking orders. The hit rate comes from the server's request log lines
 * (`cache: hit | miss | bypass`), which is why this server runs at log level info.
 */
import type pg from 'pg';

import { load, type LoadResult } from './load';
import type { Proc } from './procs';

export interface MixedResult extends LoadResult {
  hitRate: number;
  checkoutsPerSecond: number;
  checkoutFailures: number;
}

const ADDRESS = {
  first_name: 'B',
  last_name: 'M',
  street: 'Bench 1',
  city: 'Berlin',
  zip: '10115',
  country_code: 'DE',
};

export async function mixedReadsAndCheckouts(opts: {
  db: pg.Client;
  base: string;
  proc: Proc;
  seed: { shippingMethodId: string; paymentMethodId: string };
  read: { url: string; method?: string; headers?: Record<string, string>; body?: string };
  seconds: number;
  checkoutsPerSecond: number;
}): Promise<MixedResult> {
  const { rows: variants } = await opts.db.query<{ id: string; product_id: string }>(
    'SELECT id, product_id FROM product_variants WHERE stock > 0',
  );
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const checkout = () => {
    const v = variants[Math.floor(Math.random() * variants.length)];
    const p = fetch(`${opts.base}/api/v1/store/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ product_id: v.product_id, variant_id: v.id, quantity: 1 }],
        email: 'mixed@example.com',
        shipping_address: ADDRESS,
        shipping_method_id: opts.seed.shippingMethodId,
        payment_method_id: opts.seed.paymentMethodId,
      }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 201) failed++;
      })
      .catch(() => void failed++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    sent++;
  };
  let timer: NodeJS.Timeout | undefined;
  let from = 0;
  const result = await load({
    ...opts.read,
    seconds: opts.seconds,
    proc: opts.proc,
    beforeMeasuring: async () => {
      from = opts.proc.lines.length;
      timer = setInterval(checkout, 1000 / opts.checkoutsPerSecond);
    },
  });
  clearInterval(timer);
  const checkoutsSent = sent;
  await Promise.all(inFlight);
  const counts = { hit: 0, miss: 0, bypass: 0 };
  for (const line of opts.proc.lines.slice(from)) {
    if (!line.includes('"cache"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; cache?: keyof typeof counts };
      if (entry.msg === 'request' && entry.cache && entry.cache in counts) counts[entry.cache]++;
    } catch {
      // not a log line
    }
  }
  const reads = counts.hit + counts.miss + counts.bypass;
  return {
    ...result,
    hitRate: reads ? counts.hit / reads : NaN,
    checkoutsPerSecond: checkoutsSent / opts.seconds,
    checkoutFailures: failed,
  };
}
