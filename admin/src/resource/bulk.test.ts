import { describe, expect, it } from '@jest/globals';

import { bulkSummary, forEachId } from './bulk';

describe('bulk actions', () => {
  it('runs every id, a few at a time, and reports the failures', async () => {
    let running = 0;
    let most = 0;
    const failures = await forEachId(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      async (id) => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 1));
        running--;
        if (id === 'c' || id === 'g') throw new Error(`no ${id}`);
      },
      3,
    );
    expect(most).toBe(3);
    expect(failures.map((f) => f.id)).toEqual(['c', 'g']);
    expect((failures[0].error as Error).message).toBe('no c');
  });

  it('says how it went', () => {
    expect(bulkSummary('Deactivate', 1, 0)).toBe('Deactivate: 1 of 1 done.');
    expect(bulkSummary('Delete', 4, 1)).toBe('Delete: 3 of 4 done, 1 failed.');
  });
});
