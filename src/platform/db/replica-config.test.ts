import pino from 'pino';

import { ConfigError } from '../config/load';
import { openDatabase } from './database';

describe('database.replica_urls', () => {
  it('needs database.url: the embedded database has no replicas (refused before anything opens)', async () => {
    const opening = openDatabase({
      url: '',
      dataDir: '/nonexistent/never-created',
      maxConnections: 1,
      tls: 'disable',
      log: pino({ level: 'silent' }),
      replicaUrls: ['postgresql://app@replica:5432/shop'],
    });
    await expect(opening).rejects.toThrow(ConfigError);
    await expect(opening).rejects.toThrow('database.replica_urls: needs database.url (PostgreSQL)');
  });
});
