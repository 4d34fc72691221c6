import { IntColumn, Interner } from './columns';

/** A unit without a price (a product and variant both without `price_gross`). */
export const NO_PRICE = -2147483648;

/** One product as the store's facets see it (facet-rows.ts reads it). */
export interface ProductFacetRow {
  id: string;
  active: boolean;
  categories: string[];
  /** Its attribute options, its own and its active variants', as `[attribute id, option id]`, distinct. */
  attributes: Array<[string, string]>;
  /**
   * What a shopper can buy of it: its active variants, or the product itself when it has none. `price` is the
   * effective gross price (a variant's own, else the product's), `null` when there is none.
   */
  units: Array<{ price: number | null; stocked: boolean; options: Array<[string, string]> }>;
}

/**
 * The store's view of every product's facet data, in columns of small integers: each product's categories,
 * attribute options and units (price, in stock, options). A reloaded product's new rows are appended and its old
 * ones left behind (`garbage`); the owner rebuilds the whole catalog when they outweigh the live ones.
 */
export class FacetCatalog {
  /** @param optionGroups every property option's group, as the build read them (facet-rows.ts). */
  constructor(readonly optionGroups: Map<string, string>) {}

  readonly products = new Interner();
  readonly categories = new Interner();
  readonly options = new Interner();
  readonly groups = new Interner();
  readonly attributeOptions = new Interner();
  readonly attributes = new Interner();
  /** Per option: its property group; per attribute option: its attribute. */
  readonly optionGroup = new IntColumn();
  readonly attributeOf = new IntColumn();

  /** Per product: 1 active, 0 inactive, -1 gone (deleted). */
  readonly active = new IntColumn();
  readonly catStart = new IntColumn();
  readonly catEnd = new IntColumn();
  readonly cats = new IntColumn();
  readonly attrStart = new IntColumn();
  readonly attrEnd = new IntColumn();
  readonly attrs = new IntColumn();
  readonly unitStart = new IntColumn();
  readonly unitEnd = new IntColumn();

  /** Per unit: its product (a unit left behind by a reload lies outside its product's `unitStart…unitEnd`). */
  readonly unitProduct = new IntColumn();
  readonly unitPrice = new IntColumn();
  readonly unitStocked = new IntColumn();
  readonly unitOptStart = new IntColumn();
  readonly unitOptEnd = new IntColumn();
  readonly unitOpts = new IntColumn();

  /**
   * Per product, what its units hold taken together: its distinct options, its distinct prices (units without one
   * left out) and whether any unit is in stock. A list with no variant-level filter (no option, price or stock
   * filter: most category pages) is counted from these, per product, instead of walking every unit.
   */
  readonly optsStart = new IntColumn();
  readonly optsEnd = new IntColumn();
  readonly opts = new IntColumn();
  readonly pricesStart = new IntColumn();
  readonly pricesEnd = new IntColumn();
  readonly prices = new IntColumn();
  readonly anyStocked = new IntColumn();
  /**
   * Per option: the units that carry it, in ascending order (a put appends its units at the end), including units
   * reloads left behind. A list filtered by one option group visits only the units of its selected options.
   */
  readonly carriers: IntColumn[] = [];
  /** Per option: the last put that filed it in `opts` (a put's stamp), so each product lists an option once. */
  private readonly optStamp = new IntColumn();
  private puts = 0;

  /** Units left behind by reloads (counted against `unitPrice.length` to decide on a rebuild). */
  garbage = 0;

  /** Files a product's current data (a first load or a reload). */
  put(row: ProductFacetRow): void {
    const p = this.products.of(row.id);
    if (p < this.unitEnd.length) this.garbage += this.unitEnd.data[p] - this.unitStart.data[p];
    this.active.set(p, row.active ? 1 : 0);
    this.catStart.set(p, this.cats.length);
    for (const c of row.categories) this.cats.push(this.categories.of(c));
    this.catEnd.set(p, this.cats.length);
    this.attrStart.set(p, this.attrs.length);
    for (const [attribute, option] of row.attributes) {
      const o = this.attributeOptions.of(option);
      this.attributeOf.set(o, this.attributes.of(attribute));
      this.attrs.push(o);
    }
    this.attrEnd.set(p, this.attrs.length);
    this.unitStart.set(p, this.unitPrice.length);
    for (const unit of row.units) {
      const u = this.unitProduct.push(p);
      this.unitPrice.push(unit.price ?? NO_PRICE);
      this.unitStocked.push(unit.stocked ? 1 : 0);
      this.unitOptStart.push(this.unitOpts.length);
      for (const [option, group] of unit.options) {
        const o = this.options.of(option);
        this.optionGroup.set(o, this.groups.of(group));
        this.unitOpts.push(o);
        const carriers = (this.carriers[o] ??= new IntColumn(16));
        // An option listed twice on one unit is filed once.
        if (carriers.length === 0 || carriers.data[carriers.length - 1] !== u) carriers.push(u);
      }
      this.unitOptEnd.push(this.unitOpts.length);
    }
    this.unitEnd.set(p, this.unitPrice.length);
    this.summarize(p);
  }

  /** Files product `p`'s summary (see `opts`) from the units `put` has just filed. */
  private summarize(p: number): void {
    const stamp = ++this.puts;
    const from = this.unitStart.data[p];
    const to = this.unitEnd.data[p];
    this.optsStart.set(p, this.opts.length);
    for (let u = from; u < to; u++)
      for (let i = this.unitOptStart.data[u]; i < this.unitOptEnd.data[u]; i++) {
        const o = this.unitOpts.data[i];
        if (o < this.optStamp.length && this.optStamp.data[o] === stamp) continue;
        this.optStamp.set(o, stamp);
        this.opts.push(o);
      }
    this.optsEnd.set(p, this.opts.length);
    const prices = [...this.unitPrice.data.subarray(from, to)].filter((price) => price !== NO_PRICE);
    this.pricesStart.set(p, this.prices.length);
    for (const price of new Set(prices)) this.prices.push(price);
    this.pricesEnd.set(p, this.prices.length);
    this.anyStocked.set(p, this.unitStocked.data.subarray(from, to).includes(1) ? 1 : 0);
  }

  /** A product that is no longer in the database. */
  remove(id: string): void {
    const p = this.products.find(id);
    if (p === undefined) return;
    this.garbage += this.unitEnd.data[p] - this.unitStart.data[p];
    this.active.set(p, -1);
    this.unitStart.set(p, this.unitPrice.length);
    this.unitEnd.set(p, this.unitPrice.length);
    this.catStart.set(p, 0);
    this.catEnd.set(p, 0);
    this.attrStart.set(p, 0);
    this.attrEnd.set(p, 0);
    this.optsStart.set(p, 0);
    this.optsEnd.set(p, 0);
    this.pricesStart.set(p, 0);
    this.pricesEnd.set(p, 0);
    this.anyStocked.set(p, 0);
  }

  /** Every column, the options' carriers included. */
  private columns(): IntColumn[] {
    return [...Object.values(this).filter((v): v is IntColumn => v instanceof IntColumn), ...this.carriers];
  }

  /** Trims every column to its length (a built catalog's columns hold up to twice what they use); its size. */
  trim(): { bytes: number } {
    let bytes = 0;
    for (const column of this.columns()) {
      column.trim();
      bytes += column.data.byteLength;
    }
    return { bytes };
  }

  /** Whether reloads have left more dead units behind than there are live ones. */
  get wasteful(): boolean {
    return this.garbage > 10_000 && this.garbage > this.unitPrice.length - this.garbage;
  }
}
