import { type UiExtension, uiExtensionProblems } from './ui-extensions';

const valid: UiExtension = {
  id: 'pay-card',
  slot: 'storefront:checkout:payment',
  type: 'component',
  component: {
    tagName: 'payprov-card',
    scriptUrl: 'https://cdn.example.com/card.js',
    integrity: `sha384-${'a'.repeat(64)}`,
    origins: ['https://js.stripe.com', 'https://api.example.com:8443'],
  },
};
const withComponent = (c: Partial<UiExtension['component']>) => ({ ...valid, component: { ...valid.component, ...c } });

describe('UI extension validation', () => {
  it('accepts a well-formed extension (https or local script)', () => {
    expect(uiExtensionProblems(valid)).toEqual([]);
    expect(uiExtensionProblems(withComponent({ scriptUrl: '/plugins/payprov/assets/card.js' }))).toEqual([]);
  });

  it.each<[string, UiExtension, RegExp]>([
    ['a tag name without a hyphen', withComponent({ tagName: 'paycard' }), /tagName/],
    ['an upper-case tag name', withComponent({ tagName: 'Pay-Card' }), /tagName/],
    ['a sha256 integrity', withComponent({ integrity: `sha256-${'a'.repeat(44)}` }), /integrity/],
    ['a missing integrity', withComponent({ integrity: '' }), /integrity/],
    ['an http origin', withComponent({ origins: ['http://js.example.com'] }), /origin/],
    ['an origin with a path', withComponent({ origins: ['https://js.example.com/x'] }), /origin/],
    ['a wildcard origin', withComponent({ origins: ['https://*.example.com'] }), /origin/],
    ['an http script', withComponent({ scriptUrl: 'http://cdn.example.com/a.js' }), /scriptUrl/],
    ['a protocol-relative script', withComponent({ scriptUrl: '//cdn.example.com/a.js' }), /scriptUrl/],
    ['a slot without an area', { ...valid, slot: 'payment' }, /slot/],
    ['another type', { ...valid, type: 'iframe' as 'component' }, /type/],
  ])('rejects %s', (_what, ext, problem) => {
    expect(uiExtensionProblems(ext).join('; ')).toMatch(problem);
  });
});
