import { randomBytes } from 'node:crypto';

import type { Ctx } from '../../src/context/ctx';
import { inTransaction } from '../../src/context/transaction';
import { createCustomer } from '../../src/domains/customers';
import { createWarehouse, setWarehouseStock } from '../../src/domains/inventory';
import { createPaymentMethod } from '../../src/domains/payments';
import { createShippingMethod, createTaxRule, TaxRuleType } from '../../src/domains/pricing';
import { createAdminUser } from '../../src/domains/users';
import { AdminRole } from '../../src/generated/prisma/enums';

export interface DemoSummary {
  products: number;
  variants: number;
  warehouses: string[];
  /** Accounts created with generated passwords: shown once, never logged. */
  accounts: Array<{ kind: 'admin' | 'customer'; email: string; password: string }>;
}

interface DemoProduct {
  sku: string;
  name: string;
  slug: string;
  description: string;
  priceGross: number;
  tax: 'standard' | 'reduced';
  category: string;
  stock: number;
  /** Variants as the cartesian product of these option groups. */
  options?: Array<'size' | 'color'>;
}

const PRODUCTS: DemoProduct[] = [
  {
    sku: 'DEMO-TSHIRT',
    name: 'Classic T-Shirt',
    slug: 'classic-t-shirt',
    description: 'Organic cotton, regular fit.',
    priceGross: 2499,
    tax: 'standard',
    category: 't-shirts',
    stock: 10,
    options: ['size', 'color'],
  },
  {
    sku: 'DEMO-HOODIE',
    name: 'Zip Hoodie',
    slug: 'zip-hoodie',
    description: 'Warm, with a full-length zip.',
    priceGross: 5999,
    tax: 'standard',
    category: 'apparel',
    stock: 4,
    options: ['size'],
  },
  {
    sku: 'DEMO-MUG',
    name: 'Enamel Mug',
    slug: 'enamel-mug',
    description: 'Camp-fire proof, 350 ml.',
    priceGross: 1290,
    tax: 'standard',
    category: 'home',
    stock: 25,
  },
  {
    sku: 'DEMO-COFFEE',
    name: 'Coffee Beans 1 kg',
    slug: 'coffee-beans-1kg',
    description: 'Medium roast, whole beans.',
    priceGross: 1899,
    tax: 'reduced',
    category: 'home',
    stock: 40,
  },
];

const OPTIONS = {
  size: {
    name: 'Size',
    values: [
      ['S', null],
      ['M', null],
      ['L', null],
    ],
  },
  color: {
    name: 'Color',
    values: [
      ['Black', '#000000'],
      ['White', '#FFFFFF'],
    ],
  },
} as const;

function cartesian<T>(groups: T[][]): T[][] {
  return groups.reduce<T[][]>((acc, group) => acc.flatMap((combo) => group.map((item) => [...combo, item])), [[]]);
}

/** A super_admin (unless staff exist already) and a customer, each with a generated password. */
async function createDemoAccounts(ctx: Ctx): Promise<DemoSummary['accounts']> {
  const accounts: DemoSummary['accounts'] = [];
  if ((await ctx.db.adminUser.count()) === 0) {
    const password = randomBytes(12).toString('base64url');
    await createAdminUser(ctx, {
      email: 'admin@example.com',
      password,
      role: AdminRole.super_admin,
      firstName: 'Demo',
      lastName: 'Admin',
    });
    accounts.push({ kind: 'admin', email: 'admin@example.com', password });
  }
  if (!(await ctx.db.customer.findUnique({ where: { email: 'customer@example.com' } }))) {
    const password = randomBytes(12).toString('base64url');
    await createCustomer(ctx, { email: 'customer@example.com', password, firstName: 'Demo', lastName: 'Customer' });
    accounts.push({ kind: 'customer', email: 'customer@example.com', password });
  }
  return accounts;
}

/**
 * Loads a small demo shop in which a product can be put in a cart and checked out right away: tax rules,
 * two warehouses with stock, categories, property groups, products with variants, a shipping method per
 * speed and a manual payment method. Does nothing (returns null) when the catalog already has products.
 * Stock goes through the inventory service, so movements and denormalized totals are right.
 */
export async function seedDemo(ctx: Ctx): Promise<DemoSummary | null> {
  if ((await ctx.db.product.count()) > 0) return null;
  return inTransaction(ctx, async (tx) => {
    const standard = await createTaxRule(tx, { name: 'VAT 19 %', rate: 1900, countryCode: 'DE' });
    const reduced = await createTaxRule(tx, {
      name: 'VAT 7 %',
      rate: 700,
      countryCode: 'DE',
      type: TaxRuleType.REDUCED,
    });
    const main = await createWarehouse(tx, {
      name: 'Main warehouse',
      code: 'MAIN',
      priority: 1,
      city: 'Berlin',
      country: 'DE',
    });
    const overflow = await createWarehouse(tx, {
      name: 'Overflow',
      code: 'OVERFLOW',
      priority: 2,
      city: 'Leipzig',
      country: 'DE',
    });

    const apparel = await tx.db.category.create({
      data: { position: 1, translations: { create: [{ locale: 'en', name: 'Apparel', slug: 'apparel' }] } },
    });
    const categories: Record<string, string> = {
      apparel: apparel.id,
      't-shirts': (
        await tx.db.category.create({
          data: {
            parentId: apparel.id,
            translations: { create: [{ locale: 'en', name: 'T-Shirts', slug: 't-shirts' }] },
          },
        })
      ).id,
      home: (
        await tx.db.category.create({
          data: { position: 2, translations: { create: [{ locale: 'en', name: 'Home', slug: 'home' }] } },
        })
      ).id,
    };
    const optionIds: Record<string, string[]> = {};
    for (const [identifier, group] of Object.entries(OPTIONS)) {
      const created = await tx.db.propertyGroup.create({
        data: {
          identifier,
          translations: { create: [{ locale: 'en', name: group.name }] },
          options: {
            create: group.values.map(([name, colorHex], position) => ({
              position,
              colorHex,
              translations: { create: [{ locale: 'en', name }] },
            })),
          },
        },
        include: { options: { orderBy: { position: 'asc' } } },
      });
      optionIds[identifier] = created.options.map((o) => o.id);
    }

    let variants = 0;
    for (const demo of PRODUCTS) {
      const combos = demo.options ? cartesian(demo.options.map((g) => optionIds[g])) : [];
      const product = await tx.db.product.create({
        data: {
          sku: demo.sku,
          active: true,
          priceGross: demo.priceGross,
          currency: ctx.config['i18n.default_currency'],
          taxRuleId: demo.tax === 'standard' ? standard.id : reduced.id,
          translations: { create: [{ locale: 'en', name: demo.name, slug: demo.slug, description: demo.description }] },
          categories: { create: [{ categoryId: categories[demo.category] }] },
          variants: {
            create: combos.map((options, position) => ({
              sku: `${demo.sku}-${position + 1}`,
              position,
              options: { create: options.map((optionId) => ({ optionId })) },
            })),
          },
        },
        include: { variants: true },
      });
      variants += product.variants.length;
      const lines = product.variants.length
        ? product.variants.map((v) => ({ productId: product.id, variantId: v.id }))
        : [{ productId: product.id, variantId: null }];
      await setWarehouseStock(
        tx,
        main.id,
        lines.map((l) => ({ ...l, quantity: demo.stock, reference: 'demo seed' })),
      );
      await setWarehouseStock(
        tx,
        overflow.id,
        lines.map((l) => ({ ...l, quantity: Math.ceil(demo.stock / 2), reference: 'demo seed' })),
      );
    }

    await createShippingMethod(tx, {
      priceGross: 490,
      taxRuleId: standard.id,
      position: 1,
      translations: [{ locale: 'en', name: 'Standard', description: '2–4 working days' }],
    });
    await createShippingMethod(tx, {
      priceGross: 990,
      taxRuleId: standard.id,
      position: 2,
      translations: [{ locale: 'en', name: 'Express', description: 'Next working day' }],
    });
    await createPaymentMethod(tx, {
      translations: [{ locale: 'en', name: 'Invoice', description: 'Pay within 14 days' }],
    });
    return {
      products: PRODUCTS.length,
      variants,
      warehouses: [main.code, overflow.code],
      accounts: await createDemoAccounts(tx),
    };
  });
}
