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
const adminExt: UiExtension = {
  ...valid,
  slot: 'admin:order:detail',
  label: 'Payments',
  component: { ...valid.component, scriptUrl: '/plugins/payprov/assets/panel.js', origins: [] },
};
const withComponent = (c: Partial<UiExtension['component']>) => ({ ...valid, component: { ...valid.component, ...c } });

describe('UI extension validation', () => {
  it('accepts a well-formed extension (https or local script)', () => {
    expect(uiExtensionProblems(valid)).toEqual([]);
    expect(uiExtensionProblems(withComponent({ scriptUrl: '/plugins/payprov/assets/card.js' }))).toEqual([]);
  });

  it('accepts admin extensions in the admin slots, a nav entry with its label', () => {
    for (const slot of ['admin:home', 'admin:order:detail', 'admin:product:detail', 'admin:customer:detail'])
      expect(uiExtensionProblems({ ...adminExt, slot, label: undefined })).toEqual([]);
    expect(uiExtensionProblems({ ...adminExt, slot: 'admin:nav', label: 'Reports' })).toEqual([]);
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
    ['an unknown admin slot', { ...adminExt, slot: 'admin:sidebar' }, /admin slots are/],
    ['an admin:nav entry without a label', { ...adminExt, slot: 'admin:nav', label: ' ' }, /label: required/],
    ['a label over 40 characters', { ...adminExt, label: 'x'.repeat(41) }, /label: at most 40/],
    [
      'an admin script from elsewhere',
      { ...adminExt, component: { ...adminExt.component, scriptUrl: valid.component.scriptUrl } },
      /served by the plugin/,
    ],
  ])('rejects %s', (_what, ext, problem) => {
    expect(uiExtensionProblems(ext).join('; ')).toMatch(problem);
  });
});
