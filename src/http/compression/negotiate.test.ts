import { negotiateEncoding } from './negotiate';

describe('negotiateEncoding (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['identity;q=0', 'identity'],
    ['identity;q=0, deflate', 'identity'],
    ['gzip;q=0.1, identity', 'identity'],
    ['gzip;q=0.1, identity;q=0.05', 'gzip'],
    ['deflate, zstd', 'identity'],
    ['br;q=2, gzip', 'gzip'],
    ['br;q=abc, gzip;q=0.1', 'gzip'],
    [' br ; q=0.9 ,gzip;q=1.000', 'gzip'],
    ['br;level=1', 'br'],
  ])('%j answers %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('keeps to what is offered', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
  });

  it('reads only the first 32 entries of an endless header', () => {
    expect(negotiateEncoding(`${'foo, '.repeat(10_000)}br`)).toBe('identity');
  });
});
