import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { createLogger } from '../logger';
import { EmbeddedRetirementFeed, PostgresRetirementFeed, RETIRE_CHANNEL } from './retirements';

const serverUrl = process.env.SVC_TEST_DATABASE_URL;

describe('PostgresRetirementFeed', () => {
  (serverUrl ? it : it.skip)(
    'sync() resolves only after every retirement committed before it was called has been delivered',
    async () => {
      const feed = new PostgresRetirementFeed(
        () => new pg.Client({ connectionString: serverUrl }),
        createLogger('silent'),
      );
      const writer = new pg.Client({ connectionString: serverUrl });
      await Promise.all([feed.start(), writer.connect()]);
      const heard: string[][] = [];
      feed.onRetire((keys) => heard.push(keys));
      try {
        for (let round = 0; round < 20; round++) {
          const key = `p:${round}`;
          await writer.query('SELECT pg_notify($1, $2)', [RETIRE_CHANNEL, `${key} l`]);
          // Acknowledged: the barrier must not let anyone past before the retirement is applied.
          const since = feed.tick;
          expect(await feed.sync()).toBe(true);
          expect(heard.at(-1)).toEqual([key, 'l']);
          expect(feed.retiredSince(since - 1, [key])).toBe(true);
          expect(feed.retiredSince(feed.tick, [key])).toBe(false);
        }
        // Concurrent callers share barriers: all resolve, in order, with one connection.
        const results = await Promise.all(Array.from({ length: 50 }, () => feed.sync()));
        expect(results.every(Boolean)).toBe(true);
      } finally {
        await writer.end();
        await feed.close();
      }
      expect(await feed.sync()).toBe(false);
    },
  );
});

describe('EmbeddedRetirementFeed', () => {
  it("delivers a transaction's retirements before its COMMIT resolves", async () => {
    const db = await PGlite.create();
    const feed = new EmbeddedRetirementFeed(db);
    await feed.start();
    const heard: string[][] = [];
    feed.onRetire((keys) => heard.push(keys));
    await db.query('BEGIN');
    await db.query('SELECT pg_notify($1, $2)', [RETIRE_CHANNEL, 'p:1 l:stock']);
    expect(heard).toEqual([]);
    await db.query('COMMIT');
    expect(heard).toEqual([['p:1', 'l:stock']]);
    expect(await feed.sync()).toBe(true);
    await feed.close();
    await db.close();
  });
});
