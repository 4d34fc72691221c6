import { describe, expect, it } from '@jest/globals';

import { oneOf } from '../lib/format';
import { listSearch, listSearchWith } from './search';

/** What a URL holds: anything (the validators' types say what links may pass). */
const url = (search: Record<string, unknown>) => search as never;

describe('the list search validator', () => {
  it('reads the page and the search text leniently', () => {
    expect(listSearch(url({}))).toEqual({ q: undefined, page: 1 });
    expect(listSearch(url({ q: 'mug', page: '3' }))).toEqual({ q: 'mug', page: 3 });
    expect(listSearch(url({ q: '  ', page: '-2' }))).toEqual({ q: undefined, page: 1 });
    expect(listSearch(url({ q: 5, page: 1.5 }))).toEqual({ q: undefined, page: 1 });
  });

  it('adds a list’s own parameters', () => {
    const orders = listSearchWith((s) => ({ status: oneOf(['PAID', 'SHIPPED'] as const, s.status) }));
    expect(orders(url({ page: 2, status: 'PAID' }))).toEqual({ q: undefined, page: 2, status: 'PAID' });
    expect(orders(url({ status: 'LOST' }))).toEqual({ q: undefined, page: 1, status: undefined });
  });
});
