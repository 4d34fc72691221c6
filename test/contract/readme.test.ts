import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CONFIG_KEYS, envNameOf } from '../../src/platform/config/keys';
import { packageRoot } from '../../src/platform/paths';

describe('README', () => {
  const readme = readFileSync(join(packageRoot(), 'README.md'), 'utf8');

  it.each(Object.keys(CONFIG_KEYS))('documents the configuration key %s with its env name', (key) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${key}\` |`));
    expect(row).toBeDefined();
    expect(row).toContain(`\`${envNameOf(key)}\``);
  });
});
