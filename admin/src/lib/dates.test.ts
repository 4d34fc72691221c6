import { describe, expect, it } from '@jest/globals';

import { dateTime, fromInstant, toInstant } from './dates';

describe('dates', () => {
  it('round-trips a local datetime field value through an ISO instant', () => {
    const local = '2026-03-29T02:30';
    const iso = toInstant(local)!;
    expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    // A local time a DST change skips may move by the hour; any other comes back as typed.
    expect(fromInstant(toInstant('2026-07-01T09:05'))).toBe('2026-07-01T09:05');
  });

  it('treats empty as none', () => {
    expect(toInstant('')).toBeNull();
    expect(fromInstant(null)).toBe('');
    expect(fromInstant(undefined)).toBe('');
  });

  it('writes an instant for reading', () => {
    expect(dateTime('2026-07-01T09:05:00Z')).toMatch(/2026/);
  });
});
