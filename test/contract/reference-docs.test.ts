import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { renderReferences } from '../../app/reference-docs';
import { packageRoot } from '../../src/platform/paths';

describe('docs/reference', () => {
  it.each(Object.entries(renderReferences()))(
    '%s matches the code (run `npm run docs:reference` after changing keys, codes, routes or hooks)',
    (name, text) => {
      expect(readFileSync(join(packageRoot(), 'docs', 'reference', name), 'utf8')).toBe(text);
    },
  );
});
