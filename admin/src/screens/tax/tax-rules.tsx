import {
  AdminTaxRuleCreateDocument,
  AdminTaxRuleDeleteDocument,
  AdminTaxRuleDocument,
  type AdminTaxRuleFragment,
  AdminTaxRulesDocument,
  AdminTaxRuleUpdateDocument,
  type TaxRuleType,
} from '../../generated/graphql';
import { fromHundredths, percent, toHundredths } from '../../lib/money';
import { z } from '../../lib/zod';
import { linkColumn, textColumn } from '../../resource/columns';
import { crudScreens, type Screen } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';
import { SettingsNav } from '../settings/nav';

/** Tax rules: a rate (basis points: 1900 is 19 %) by type and country. A shop has a handful: no search. */

const taxRules = defineResource({
  keys: keys.taxRules,
  list: AdminTaxRulesDocument,
  detail: AdminTaxRuleDocument,
  create: AdminTaxRuleCreateDocument,
  update: AdminTaxRuleUpdateDocument,
  remove: AdminTaxRuleDeleteDocument,
  // Shipping methods and products show their rule (and their net prices follow it).
  invalidates: [keys.shippingMethods.all, keys.products.all],
});

const TYPES: Record<TaxRuleType, string> = { STANDARD: 'Standard', REDUCED: 'Reduced', ZERO: 'Zero', CUSTOM: 'Custom' };

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,3}([.,]\d{1,2})?$/, 'A percentage such as 19 or 7.5.'),
  type: z.enum(['STANDARD', 'REDUCED', 'ZERO', 'CUSTOM']),
  countryCode: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'A two-letter country code such as DE, or empty for any.'),
});
type Values = z.infer<typeof schema>;

const FIELDS: FieldSpec<Values>[] = [
  { name: 'name', label: 'Name' },
  { name: 'rate', label: 'Rate (%)', kind: 'number' },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: Object.entries(TYPES).map(([value, label]) => ({ value, label })),
  },
  { name: 'countryCode', label: 'Country', hint: 'Two letters (DE); empty for any country.' },
];

const screens = crudScreens({
  resource: taxRules,
  paths: { list: '/settings/tax', create: '/settings/tax/new', detail: '/settings/tax/$taxRuleId', param: 'taxRuleId' },
  nouns: { plural: 'Tax rules', create: 'New tax rule', what: 'this tax rule', createAction: 'create tax rules' },
  permissions: { create: 'tax.create', update: 'tax.update', remove: 'tax.delete' },
  Nav: SettingsNav,
  list: {
    columns: [
      linkColumn(
        'Name',
        (r: AdminTaxRuleFragment) => r.name,
        (r) => ({ to: '/settings/tax/$taxRuleId', params: { taxRuleId: r.id } }),
      ),
      textColumn('rate', 'Rate', (r: AdminTaxRuleFragment) => percent(r.rate)),
      textColumn('type', 'Type', (r: AdminTaxRuleFragment) => TYPES[r.type]),
      textColumn('country', 'Country', (r: AdminTaxRuleFragment) => r.countryCode ?? 'Any'),
    ],
    empty: () => 'No tax rules yet.',
  },
  form: {
    schema,
    useFields: () => FIELDS,
    values: (r) => ({
      name: r?.name ?? '',
      rate: fromHundredths(r?.rate, 'needed'),
      type: r?.type ?? 'STANDARD',
      countryCode: r?.countryCode ?? '',
    }),
    input: (v) => ({
      name: v.name,
      rate: toHundredths(v.rate) ?? 0,
      type: v.type,
      countryCode: v.countryCode ? v.countryCode.toUpperCase() : null,
    }),
  },
  detail: {
    title: (r) => r.name,
    removeDescription: () => 'Products and shipping methods using it are then untaxed.',
  },
});

export const TaxRulesScreen: Screen = screens.ListScreen;
export const NewTaxRuleScreen: Screen = screens.NewScreen;
export const TaxRuleScreen: Screen = screens.DetailScreen;
