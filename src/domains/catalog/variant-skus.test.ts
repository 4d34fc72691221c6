import { generatedSkus, skuPart } from './variant-skus';

describe('generated variant SKUs', () => {
  const names: Record<string, string> = { navy: 'Navy Blue', red: 'Écru', xl: 'XL', xl2: 'xl', none: '—' };
  const nameOf = (id: string) => names[id];

  it('names the options, upper-case and ASCII', () => {
    expect(skuPart('Navy Blue')).toBe('NAVY-BLUE');
    expect(skuPart('  Écru / Straße ')).toBe('ECRU-STRASSE');
    expect(generatedSkus('TEE', [['navy', 'xl']], nameOf, [])).toEqual(['TEE-NAVY-BLUE-XL']);
  });

  it('numbers a clash, a name without letters or digits, and a taken SKU, skipping taken numbers', () => {
    expect(
      generatedSkus(
        'TEE',
        [
          ['navy', 'xl'],
          ['navy', 'xl2'],
          ['red', 'none'],
          ['red', 'xl'],
        ],
        nameOf,
        ['tee-ecru-xl', 'TEE-3'],
      ),
    ).toEqual(['TEE-NAVY-BLUE-XL', 'TEE-2', 'TEE-5', 'TEE-4']);
  });

  it('numbers a SKU longer than the column', () => {
    expect(generatedSkus('T'.repeat(95), [['navy']], nameOf, [])).toEqual([`${'T'.repeat(95)}-1`]);
  });
});
