import { unitPrices } from './line-pricing';

const product = { priceGross: 1190, priceNet: null };

describe('line pricing: unit prices (spec: Variant; contract §7)', () => {
  it('derives net from gross and the tax rate: round(gross × 10000 / (10000 + rate))', () => {
    expect(unitPrices(product, null, 1900)).toEqual({ gross: 1190, net: 1000 });
    expect(unitPrices({ priceGross: 999, priceNet: null }, null, 1900)).toEqual({ gross: 999, net: 839 }); // 839.49…
    expect(unitPrices({ priceGross: 1000, priceNet: null }, null, 700)).toEqual({ gross: 1000, net: 935 }); // 934.58…
    expect(unitPrices(product, null, 0)).toEqual({ gross: 1190, net: 1190 });
  });

  it('keeps a net price that is set', () => {
    expect(unitPrices({ priceGross: 1190, priceNet: 990 }, null, 1900)).toEqual({ gross: 1190, net: 990 });
  });

  it('lets a variant price win, and inherits the product price when the variant has none or 0', () => {
    expect(unitPrices(product, { priceGross: 2380, priceNet: null }, 1900)).toEqual({ gross: 2380, net: 2000 });
    expect(unitPrices(product, { priceGross: null, priceNet: null }, 1900)).toEqual({ gross: 1190, net: 1000 });
    expect(unitPrices(product, { priceGross: 0, priceNet: 0 }, 1900)).toEqual({ gross: 1190, net: 1000 });
    expect(unitPrices({ priceGross: 1190, priceNet: 900 }, { priceGross: 2380, priceNet: null }, 1900)).toEqual({
      gross: 2380,
      net: 900,
    });
  });

  it('prices a product without any price at 0', () => {
    expect(unitPrices({ priceGross: null, priceNet: null }, null, 1900)).toEqual({ gross: 0, net: 0 });
  });
});
